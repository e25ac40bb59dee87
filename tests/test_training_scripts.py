"""The logic of training scripts that run with the package (they are run by hand; see training/README.md)."""

from __future__ import annotations

import random
from types import ModuleType

import pytest

from faithcheck.verify.onnx_model import shipped_bundle

from .scripts import load_script

ARTICLE = (
    "The city museum opened in 1998 on the river bank. It has 40 rooms spread over three floors. "
    "Its director is Marie Dupont, who came from Lyon in 2015. A ticket costs 12 euros for adults. "
    "Children under ten get in for free on Sundays."
)


@pytest.fixture(scope="module")
def package_pairs() -> ModuleType:
    return load_script("training/package_pairs.py", "faithcheck_training_package_pairs")


def test_package_pairs_labels_claims_of_right_and_wrong_summaries(package_pairs: ModuleType) -> None:
    maker = package_pairs.PairMaker(shipped_bundle(), min_coverage=0.5, neg_rate=0.0, rng=random.Random(0))
    right = "The city museum has 40 rooms. A ticket costs 12 euros for adults. The museum has a rooftop cafe."
    wrong = [
        "The city museum has 40 rooms. A ticket costs 15 euros for adults.",  # one changed claim: exact
        "The city museum has 40 rooms. A ticket costs 12 euros for adults.",  # nothing changed: no row
    ]
    rows = maker.rows(ARTICLE, right, wrong, "test")

    positives = [r for r in rows if r["label"] == 0]
    supported = {"The city museum has 40 rooms.", "A ticket costs 12 euros for adults."}
    assert {r["hypothesis"] for r in positives} == supported
    assert all(r["source"] == "pkg/test" and not r["binary_only"] for r in positives)
    assert "40 rooms" in next(r["premise"] for r in positives if "40" in r["hypothesis"])
    # the cafe is nowhere in the article: no window covers it, so it is not taught as supported
    assert maker.counts["positive_dropped_low_coverage"] == 1

    negatives = [r for r in rows if r["label"] != 0]
    assert negatives == [
        {
            "premise": negatives[0]["premise"],
            "hypothesis": "A ticket costs 15 euros for adults.",
            "label": 1,
            "binary_only": True,
            "source": "pkg/test/wrong_summary",
        }
    ]
    assert "12 euros" in negatives[0]["premise"]
    assert maker.counts["wrong_summary_exact"] == 1
    assert maker.counts["wrong_summary_without_changed_claim"] == 1


def test_package_pairs_adds_hard_negatives_against_the_same_window(package_pairs: ModuleType) -> None:
    maker = package_pairs.PairMaker(shipped_bundle(), min_coverage=0.5, neg_rate=1.0, rng=random.Random(0))
    rows = maker.rows(ARTICLE, "The museum opened in 1998.", ["The museum opened in 1990."], "test")
    positive = next(r for r in rows if r["label"] == 0)
    swapped = [r for r in rows if r["source"].startswith("pkg/test/neg_")]
    assert len(swapped) == 1
    assert swapped[0]["premise"] == positive["premise"]
    assert swapped[0]["hypothesis"] != positive["hypothesis"]
    assert swapped[0]["label"] in (1, 2)
