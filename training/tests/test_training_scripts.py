"""The logic of training scripts that run with the package (they are run by hand; see training/README.md)."""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from tests.scripts import load_script

from faithcheck._pipeline.verify.onnx_model import Calibration, shipped_bundle

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


def test_package_pairs_can_show_a_windows_bundle_assembled_evidence(package_pairs: ModuleType) -> None:
    # gpu/prepare.sh makes the pack's claim-level pairs this way: the shipped bundle (it reads
    # windows) is shown the chunks the package assembles at the pack's input length
    maker = package_pairs.PairMaker(
        shipped_bundle(), min_coverage=0.5, neg_rate=0.0, rng=random.Random(0), read_assembled=256
    )
    assert maker.verifier.reads_assembled
    assert maker.verifier.needs.budget == 256
    rows = maker.rows(ARTICLE, "The city museum has 40 rooms.", [], "test")
    # the short article fits the budget, so the premise is the whole context, not one window
    assert [r["label"] for r in rows] == [0]
    assert rows[0]["premise"].startswith("[passage 0]")
    assert "Children under ten" in rows[0]["premise"]
    assert "opened in 1998" in rows[0]["premise"]

    windows = package_pairs.PairMaker(shipped_bundle(), min_coverage=0.5, neg_rate=0.0, rng=random.Random(0))
    assert not windows.verifier.reads_assembled
    assert "Children under ten" not in windows.rows(ARTICLE, "The city museum has 40 rooms.", [], "test")[0]["premise"]


@pytest.fixture(scope="module")
def edit_pairs() -> ModuleType:
    return load_script("training/edit_pairs.py", "faithcheck_training_edit_pairs")


def test_edit_pairs_swaps_a_word_for_its_opposite(edit_pairs: ModuleType) -> None:
    rng = random.Random(0)
    premise = "Sales increased by 5% before the merger."
    assert edit_pairs.swap_antonym("Sales increased by 5%.", premise, rng) == "Sales decreased by 5%."
    assert edit_pairs.swap_antonym("Before the merger, sales grew.", premise, rng) == "After the merger, sales grew."
    # no listed word, or the premise also has the opposite: no edit
    assert edit_pairs.swap_antonym("Sales grew by 5%.", premise, rng) is None
    assert edit_pairs.swap_antonym("Sales increased.", "Sales increased, then decreased.", rng) is None


def test_edit_pairs_adds_a_detail_the_premise_cannot_support(edit_pairs: ModuleType) -> None:
    assert edit_pairs.details_of("The deal was signed in March 2019.") == ["in March 2019"]
    assert edit_pairs.details_of("The deal was signed in a hurry.") == []  # names nothing
    premise = "The two firms signed the deal after long talks."
    assert edit_pairs.add_detail("The firms signed the deal.", premise, "in March 2019") == (
        "The firms signed the deal in March 2019."
    )
    assert edit_pairs.add_detail("The firms signed the deal.", premise, "after long talks") is None  # supported
    assert edit_pairs.add_detail("Who signed the deal?", premise, "in March 2019") is None
    assert edit_pairs.add_detail("They met in Paris.", premise, "in March 2019") is None  # already ends in one


def test_edit_pairs_labels_and_rates(edit_pairs: ModuleType) -> None:
    rows = [
        {"premise": "Prices rose in Spain.", "hypothesis": "Prices rose.", "label": 0, "source": "mnli"},
        {"premise": "The team won the cup.", "hypothesis": "The team won in Madrid.", "label": 0, "source": "snli"},
        {"premise": "It rained.", "hypothesis": "It was sunny.", "label": 2, "source": "snli"},
    ]
    made = list(edit_pairs.edits(rows, 1.0, random.Random(0)))
    by_kind = {str(r["source"]).split("/")[1]: r for r in made}
    assert (by_kind["antonym"]["label"], by_kind["antonym"]["binary_only"]) == (2, False)
    assert (by_kind["detail"]["label"], by_kind["detail"]["binary_only"]) == (1, True)
    assert all(r["premise"] != "It rained." for r in made)  # only supported rows are edited
    assert list(edit_pairs.edits(rows, 0.0, random.Random(0))) == []


def test_edit_pairs_scores_a_bundle_on_edits_and_their_originals(edit_pairs: ModuleType) -> None:
    rows = [
        {
            "premise": "Sales increased by 5% in 2023, the company said.",
            "hypothesis": "Sales decreased by 5% in 2023.",
            "original": "Sales increased by 5% in 2023.",
            "source": "edit/antonym/x",
        }
    ]
    result = edit_pairs.score(shipped_bundle(), rows)
    assert result["pairs"] == 1
    assert result["original_ranked_higher"] == 100.0
    assert result["balanced_accuracy"] == (result["originals_supported"] + result["edits_caught"]) / 2


@pytest.fixture(scope="module")
def slot_pairs() -> ModuleType:
    return load_script("training/slot_pairs.py", "faithcheck_training_slot_pairs")


def test_slot_pairs_writes_seeded_labelled_edits_of_supported_rows(slot_pairs: ModuleType, tmp_path: Path) -> None:
    rows = [
        {"premise": ARTICLE, "hypothesis": "The museum has 40 rooms.", "label": 0, "source": "fib/x"},
        {"premise": "Refunds are given only for defective items.", "label": 0, "source": "contract_nli"},
        {"premise": "Some stores may open on Sundays.", "label": 0, "source": "snli"},
        {"premise": "It rained in 2001.", "hypothesis": "It was sunny in 2001.", "label": 2, "source": "snli"},
    ]
    lines = "".join(json.dumps({"hypothesis": r["premise"], **r, "binary_only": False}) + "\n" for r in rows)
    for split in ("train", "dev"):
        (tmp_path / f"{split}.jsonl").write_text(lines)
    assert slot_pairs.main(["--data", str(tmp_path), "--rate", "1"]) == 0
    made = [json.loads(line) for line in (tmp_path / "slot_dev.jsonl").read_text().splitlines()]
    edited = {(r["source"], r["hypothesis"]): (r["label"], r["binary_only"], r["original"]) for r in made}
    # a number the premise states elsewhere (12 is its only other non-year number): contradicted
    assert edited["slot/number_swap/fib", "The museum has 12 rooms."] == (2, False, "The museum has 40 rooms.")
    # a dropped restriction, a stronger quantifier: not supported (binary)
    (dropped,) = [h for s, h in edited if s == "slot/restriction/contract_nli"]
    assert "only" not in dropped
    assert edited["slot/restriction/contract_nli", dropped] == (1, True, "Refunds are given only for defective items.")
    original = "Some stores may open on Sundays."
    assert edited["slot/quantifier/snli", "All stores may open on Sundays."] == (1, True, original)
    # a hedged claim's negation is no contradiction; a row that is not supported is not edited
    assert not any(s == "slot/negation/snli" for s, _ in edited)
    assert all(r["premise"] != "It rained in 2001." for r in made)
    stats = json.loads((tmp_path / "slot_stats.json").read_text())
    assert stats["dev"]["written"] == len(made)
    assert stats["train"]["supported_in"] == 3
    # seeded: the same file again; --rate 0 keeps nothing
    before = (tmp_path / "slot_dev.jsonl").read_text()
    slot_pairs.main(["--data", str(tmp_path), "--rate", "1", "--splits", "dev"])
    assert (tmp_path / "slot_dev.jsonl").read_text() == before
    slot_pairs.main(["--data", str(tmp_path), "--rate", "1", "--splits", "dev", "--kind-rate", "number_swap=0"])
    kept = (tmp_path / "slot_dev.jsonl").read_text().splitlines()
    assert len(kept) == len(made) - 1
    assert all("number_swap" not in line for line in kept)
    slot_pairs.main(["--data", str(tmp_path), "--rate", "0", "--splits", "dev"])
    assert (tmp_path / "slot_dev.jsonl").read_text() == ""


def test_slot_pairs_scores_a_bundle_per_kind(slot_pairs: ModuleType) -> None:
    premise = "Sales increased by 5% in 2023 and by 8% in 2022, the company said."
    rows = [
        {"premise": premise, "hypothesis": h, "original": "Sales increased by 5% in 2023.", "source": f"slot/{k}/x"}
        for k, h in (("number_swap", "Sales increased by 8% in 2023."), ("negation", "Sales did not increase in 2023."))
    ]
    lines = {line["kind"]: line for line in slot_pairs.score(shipped_bundle(), rows)}
    assert list(lines) == ["number_swap", "negation", "all"]
    assert lines["all"]["pairs"] == 2
    assert lines["all"]["originals_supported"] == lines["negation"]["originals_supported"]
    for line in lines.values():
        assert line["balanced_accuracy"] == pytest.approx((line["originals_supported"] + line["edits_caught"]) / 2)


def test_the_score_map_fit_on_dev_claims_calibrates_and_loads(tmp_path: Path) -> None:
    """eval_verifier's isotonic score map: on scores that are too low (true rate = sqrt(score)) it
    removes most of the calibration error, and the bundle loader accepts what it writes."""
    eval_verifier = load_script("training/eval_verifier.py", "faithcheck_training_eval_verifier")
    rng = np.random.default_rng(0)
    raw = rng.uniform(0, 1, 4000)
    gold = (rng.uniform(0, 1, 4000) < np.sqrt(raw)).astype(int)
    xs, ys = eval_verifier.fit_score_map(raw[:2000], gold[:2000])
    mapped = np.interp(raw[2000:], xs, ys)
    assert eval_verifier.ece(raw[2000:], gold[2000:]) > 0.1
    assert eval_verifier.ece(mapped, gold[2000:]) < 0.04
    calibration = {"temperature": 1.0, "threshold": 0.5, "label_order": ["supported"], "max_length": 8}
    (tmp_path / "calibration.json").write_text(json.dumps({**calibration, "score_map": {"x": xs, "y": ys}}))
    loaded = Calibration.load(tmp_path / "calibration.json")
    assert loaded.claim_score(0.25) == pytest.approx(float(np.interp(0.25, xs, ys)))


def test_pack_pairs_become_train_rows(tmp_path: Path) -> None:
    """pairs_to_jsonl writes every pair of pack.py's cache, both splits, in train.py's row format."""
    import pickle

    pairs_to_jsonl = load_script("training/pairs_to_jsonl.py", "faithcheck_training_pairs_to_jsonl")
    cache = {
        "train": [
            ("[passage 0] A b.", "A.", 0, False, "snli", ("[passage 0]", "A b.")),
            ("P.", "H.", 1, True, "fib", ()),
        ],
        "dev": [("Q.", "R.", 2, False, "mnli", ())],
    }
    (tmp_path / "pairs.pkl").write_bytes(pickle.dumps((cache, {"inputs": {}})))
    pairs_to_jsonl.main(["--cache", str(tmp_path / "pairs.pkl"), "--out", str(tmp_path / "asm")])
    train = [json.loads(line) for line in (tmp_path / "asm_train.jsonl").read_text().splitlines()]
    dev = [json.loads(line) for line in (tmp_path / "asm_dev.jsonl").read_text().splitlines()]
    assert train == [
        {"premise": "[passage 0] A b.", "hypothesis": "A.", "label": 0, "binary_only": False, "source": "snli"},
        {"premise": "P.", "hypothesis": "H.", "label": 1, "binary_only": True, "source": "fib"},
    ]
    assert dev == [{"premise": "Q.", "hypothesis": "R.", "label": 2, "binary_only": False, "source": "mnli"}]


def test_eval_verifier_assembles_pack_premises_again_as_the_package_would(tmp_path: Path) -> None:
    """A pack premise loses its passage marks and is assembled again by the package, so a bundle
    reading assembled evidence sees one mark per passage, never the pack's own marks twice."""
    eval_verifier = load_script("training/eval_verifier.py", "faithcheck_training_eval_verifier")
    bundle = tmp_path / "bundle"
    bundle.mkdir()
    for name in ("model.onnx", "tokenizer.json"):
        (bundle / name).symlink_to(shipped_bundle() / name)
    raw = json.loads((shipped_bundle() / "calibration.json").read_text(encoding="utf-8"))
    (bundle / "calibration.json").write_text(json.dumps({**raw, "evidence": "assembled", "max_length": 256}))
    verifier = eval_verifier.OnnxVerifier.from_dir(bundle)
    row = {"premise": f"[passage 0] {ARTICLE}", "hypothesis": "The museum opened in 1998.", "label": 0}
    (check,) = eval_verifier.checks_for([row], verifier)
    (chunk,) = check.chunks
    assert chunk.whole_context
    assert chunk.text == f"[passage 0] {ARTICLE}"
    assert check.passages == (ARTICLE,)


def test_pack_adds_claim_level_pairs_to_their_split(tmp_path: Path) -> None:
    """package_pairs.py's rows (claims against their assembled chunk) join the pack as dataset
    ``pkg``, which --protect keeps whole by default."""
    pack = load_script("training/gpu/pack.py", "faithcheck_training_gpu_pack")
    row = {"premise": "[passage 0] A b.", "hypothesis": "A.", "label": 0, "binary_only": False, "source": "pkg/fib"}
    (tmp_path / "pkg_fib_train.jsonl").write_text(json.dumps(row) + "\n\n")
    (pair,) = pack.claim_level_pairs(tmp_path / "pkg_fib_train.jsonl")
    assert (pair.premise, pair.hypothesis, pair.label, pair.binary, pair.source) == (
        "[passage 0] A b.",
        "A.",
        0,
        False,
        "pkg/fib",
    )
    assert pack.dataset_of(pair.source) == "pkg"
    assert pack.select([pair], 0.0, ["pkg"]) == [pair]


def test_pack_adds_edit_and_slot_negatives_of_supported_chunks() -> None:
    """Slot edits join the pack like edit_pairs' edits: same chunk and segments, counted under the
    chunk's dataset; a passage mark's number is not one the premise states."""
    pack = load_script("training/gpu/pack.py", "faithcheck_training_gpu_pack")
    pair = pack.Pair(f"[passage 0] {ARTICLE}", "The museum has 40 rooms.", 0, False, "fib", ("[passage 0]", ARTICLE))
    other = pack.Pair("[passage 0] It rained.", "It was sunny in 2001.", 2, False, "snli", ())
    seen = {(p.premise, p.hypothesis) for p in (pair, other)}
    made = pack.edit_negatives([pair, other], seen, random.Random(0), 1.0, 1.0, "13:train", 60)
    by_source = {p.source: p for p in made}
    assert by_source["slot/number_swap/fib"].hypothesis == "The museum has 12 rooms."
    assert (by_source["slot/number_swap/fib"].label, by_source["slot/number_swap/fib"].binary) == (2, False)
    assert all((p.premise, p.segments) == (pair.premise, pair.segments) for p in made)
    assert all(p.original == pair.hypothesis for p in made)
    assert pack.original_index([pair, *made]).tolist() == [-1] + [0] * len(made)
    assert {(p.premise, p.hypothesis) for p in made} <= seen
    assert pack.dataset_of("slot/number_swap/fib") == "fib"
    assert pack.edit_negatives([pair], seen, random.Random(0), 1.0, 1.0, "13:train", 60) == []  # made already
    assert not any(
        p.source.startswith("slot/") for p in pack.edit_negatives([pair], set(), random.Random(0), 1.0, 0.0, "s", 60)
    )


def test_pack_stores_the_index_of_each_edits_original(tmp_path: Path) -> None:
    """train_gpu.py pairs an edit with its original by the index the pack stores: the supported pair
    with the same premise and the edit's original as hypothesis, in the same split; -1 when that
    pair is not packed (the dev rows are cut) or the row is no edit."""
    from tokenizers import Tokenizer

    pack = load_script("training/gpu/pack.py", "faithcheck_training_gpu_pack")
    premise = "[passage 0] A ticket costs 12 euros."
    original = pack.Pair(premise, "A ticket costs 12 euros.", 0, False, "fib")
    edit = pack.Pair(premise, "A ticket costs 15 euros.", 2, False, "slot/number_shift/fib", (), original.hypothesis)
    lost = pack.Pair(premise, "No ticket costs 12 euros.", 2, False, "edit/negation/fib", (), "Tickets cost 12 euros.")
    other = pack.Pair("[passage 0] It rained.", "It was sunny.", 2, False, "snli")
    ids = pack.Ids(Tokenizer.from_file(str(pack.SHIPPED_TOKENIZER)))
    data = pack.encode(ids, {"train": [other, edit, original, lost], "dev": [edit]})
    assert data["train_orig"].tolist() == [-1, 2, -1, -1]
    assert data["dev_orig"].tolist() == [-1]  # its original was not packed in dev
    assert data["train_orig"].dtype == np.int32


def test_packed_edits_are_batched_beside_their_originals() -> None:
    pairing = load_script("training/pairing.py", "faithcheck_training_pairing")
    original = [-1, 0, 0, -1, 3]  # rows 1 and 2 are edits of row 0, row 4 of row 3
    assert pairing.with_original_indices([1, 2], original) == ([1, 2, 0], [(0, 2), (1, 2)])
    assert pairing.with_original_indices([4, 3, 1], original) == ([4, 3, 1, 0], [(0, 1), (2, 3)])
    assert pairing.with_original_indices([0, 3], original) == ([0, 3], [])


def test_fit_baseline_cross_validation_tells_signal_from_noise() -> None:
    """Each pair's pieces are (coverage, similarity, missing number) with a cue flag; the weights
    and threshold are fit on the other folds, so labels the features cannot predict score ~0.5."""
    fit_baseline = load_script("training/fit_baseline.py", "faithcheck_training_fit_baseline")
    rng = np.random.default_rng(0)
    n = 600
    y = rng.integers(0, 2, n).astype(np.float64)
    coverage = np.clip(0.35 + 0.4 * y + rng.normal(0, 0.15, n), 0, 1)
    pieces = [[((float(c), float(c) * 0.8, 0.0), False), ((0.1, 0.1, 1.0), False)] for c in coverage]
    folds = np.arange(n) % 5
    mean, se = fit_baseline.cross_validate(pieces, y, folds)
    assert mean > 0.85
    assert 0 < se < 0.05
    shuffled, _ = fit_baseline.cross_validate(pieces, rng.permutation(y), folds)
    assert shuffled < 0.6
    # a cue overrules its piece: with every piece flagged nothing is supported
    flagged = [[(f, True) for f, _ in p] for p in pieces]
    weights = fit_baseline.fit_weights(pieces, y, folds != 0, 256)
    assert weights.evidence_budget == 256
    assert (fit_baseline.decision_scores(fit_baseline.BaselineVerifier(weights), flagged) < 0).all()


def test_fit_baseline_features_are_made_again_under_another_encoder(tmp_path: Path) -> None:
    """Features hold similarities, so a cache written by another encoder (or by the version that
    recorded none) must not be read as this one's."""
    fit_baseline = load_script("training/fit_baseline.py", "faithcheck_training_fit_baseline")
    cache = tmp_path / "features.pkl"
    made: list[str] = []

    def make(value: str) -> Callable[[], str]:
        def run() -> str:
            made.append(value)
            return value

        return run

    assert fit_baseline.cached(cache, make("int8"), key="int8") == "int8"
    assert fit_baseline.cached(cache, make("again"), key="int8") == "int8"  # read back, not made
    assert fit_baseline.cached(cache, make("fp32"), key="fp32") == "fp32"
    cache.write_bytes(pickle.dumps(["features of an unrecorded encoder"]))
    assert fit_baseline.cached(cache, make("recorded"), key="fp32") == "recorded"
    assert fit_baseline.cached(cache, make("default")) == "default"  # the key is the encoder's name
    assert fit_baseline.cached(cache, make("never")) == "default"
    assert made == ["int8", "fp32", "recorded", "default"]


def test_feature_exploration_reports_each_set_from_its_held_out_predictions() -> None:
    """The overall figure can hide a set: here the feature separates set "a" and says nothing about
    set "b", which has one label (its figure is the share predicted right, as for wice_nst)."""
    explore = load_script("training/explore_baseline_features.py", "faithcheck_training_explore_features")
    rng = np.random.default_rng(1)
    n = 400
    sets = np.array(["a"] * 300 + ["b"] * 100)
    y = np.where(sets == "a", rng.integers(0, 2, n), 0).astype(np.float64)
    signal = np.where(sets == "a", 0.2 + 0.6 * y, rng.uniform(0, 1, n)) + rng.normal(0, 0.05, n)
    pieces = [[({"coverage": float(s), "similarity": 0.5, "missing_number": 0.0}, False)] for s in signal]
    folds = np.arange(n) % 5
    mean, se, by_set = explore.cross_validate_by_set(pieces, y, folds, lambda f: [f["coverage"]], sets)
    assert by_set["a"] > 95
    assert 20 < by_set["b"] < 80  # set b's uniform feature: about half its pairs called supported
    assert (mean, se) == explore.cross_validate(pieces, y, folds, lambda f: [f["coverage"]])


def test_edits_are_batched_beside_their_originals_once() -> None:
    pairing = load_script("training/pairing.py", "faithcheck_training_pairing")
    premise = "A ticket costs 12 euros for adults."
    rows = [
        {
            "premise": premise,
            "hypothesis": "A ticket costs 15 euros.",
            "original": "A ticket costs 12 euros.",
            "label": 2,
            "binary_only": False,
            "source": "slot/number_shift/x",
        },
        {
            "premise": premise,
            "hypothesis": "All tickets cost 12 euros.",
            "original": "A ticket costs 12 euros.",
            "label": 1,
            "binary_only": True,
            "source": "slot/quantifier/x",
        },
        {"premise": premise, "hypothesis": "A ticket costs 12 euros.", "label": 0, "binary_only": False},
        # an edit row whose original is itself (no edit) or that is supported gets no partner
        {
            "premise": premise,
            "hypothesis": "Tickets exist.",
            "original": "Tickets exist.",
            "label": 1,
            "binary_only": True,
        },
    ]
    batch, pairs = pairing.with_originals(rows)
    assert batch[:4] == rows
    assert len(batch) == 5  # the shared original is added once
    added = batch[4]
    assert (added["premise"], added["hypothesis"], added["label"], added["binary_only"]) == (
        premise,
        "A ticket costs 12 euros.",
        0,
        False,
    )
    assert added["source"] == "original/slot/number_shift/x"
    assert pairs == [(0, 4), (1, 4)]


@pytest.fixture(scope="module")
def probe_roles() -> ModuleType:
    return load_script("training/probe_roles.py", "faithcheck_training_probe_roles")


def test_probe_roles_reads_which_name_stands_beside_the_claims_words(probe_roles: ModuleType) -> None:
    """The name features tell the name the sentence gives the claim's role ("behind Bar Refaeli")
    from one it gives another role ("ahead of Shlomit Malka")."""
    evidence = ["In 2013 Gal Gadot was ranked behind Bar Refaeli, but ahead of Shlomit Malka, among models in Israel."]
    right = probe_roles.name_features("Gal Gadot was ranked behind Bar Refaeli among models in Israel.", evidence)
    wrong = probe_roles.name_features("Gal Gadot was ranked behind Shlomit Malka among models in Israel.", evidence)
    assert len(right) == len(wrong) == 2  # Gal Gadot, then the name after "behind"
    own_beside, other_beside = 5, 6
    assert right[1][own_beside] > right[1][other_beside]
    assert wrong[1][own_beside] < wrong[1][other_beside]


def test_probe_roles_logistic_fit_finds_a_signal_and_no_more(probe_roles: ModuleType) -> None:
    rng = np.random.default_rng(0)
    y = rng.integers(0, 2, 400).astype(np.float64)
    x = np.column_stack([y + rng.normal(0, 0.5, 400), rng.normal(0, 1, 400)])
    w = probe_roles.fit_logistic(x, y)
    assert w[0] > 1 > abs(w[1])
    shuffled = probe_roles.fit_logistic(x, rng.permutation(y))
    assert abs(shuffled[0]) < 0.5


def test_probe_roles_swap_scores_a_rise_only_where_the_evidence_names_another(probe_roles: ModuleType) -> None:
    evidence = ("Neil Armstrong was the first person to step onto the Moon, in July 1969.", "Buzz Aldrin joined him.")
    data = [
        probe_roles.Case(0, False, "Neil Armstrong was the first person to step onto the Moon.", evidence),
        probe_roles.Case(0, True, "Buzz Aldrin was the first person to step onto the Moon.", evidence),
        probe_roles.Case(1, False, "Neil Armstrong was the first person to step onto the Moon.", ()),
    ]
    scores = probe_roles.swap_scores(data, shipped_bundle())
    assert np.isfinite(scores[:2]).all()
    assert scores[1] > scores[0]  # Armstrong for Aldrin raises the support more than Aldrin for Armstrong
    assert scores[2] == -np.inf  # no evidence, no other name


def test_probe_roles_writes_its_cases_as_json_lines(probe_roles: ModuleType, tmp_path: Path) -> None:
    data = [probe_roles.Case(3, True, "Buzz Aldrin was first.", ("Neil Armstrong was first.",))]
    probe_roles.write_cases(data, tmp_path / "cases.jsonl")
    rows = [json.loads(line) for line in (tmp_path / "cases.jsonl").read_text().splitlines()]
    assert rows == [
        {"group": 3, "swapped": True, "claim": "Buzz Aldrin was first.", "evidence": ["Neil Armstrong was first."]}
    ]


@pytest.fixture(scope="module")
def parser_roles() -> ModuleType:
    return load_script("training/probe_parser_roles.py", "faithcheck_training_probe_parser_roles")


def _parsed(parser_roles: ModuleType, rows: list[tuple[str, str, str, int]], first: int, last: int) -> object:
    """A hand-made parse (text, lemma, relation, head index) and the name in tokens first..last."""
    sentence = tuple(parser_roles.Token(*row) for row in rows)
    return parser_roles.Name(sentence, first, last)


def test_probe_parser_roles_flags_a_name_in_another_names_role(parser_roles: ModuleType) -> None:
    """The sentence "Neil Armstrong became the first person": the subject's role is Armstrong's, so a claim that
    gives it to Aldrin is flagged; a passive agent reads as the subject ("directed by")."""
    became = [("Neil", "Neil", "compound", 1), ("Armstrong", "Armstrong", "nsubj", 2), ("became", "become", "ROOT", 2)]
    became += [("the", "the", "det", 5), ("first", "first", "amod", 5), ("person", "person", "attr", 2)]
    evidence = [_parsed(parser_roles, became, 0, 2)]
    aldrin = [("Buzz", "Buzz", "compound", 1), ("Aldrin", "Aldrin", "nsubj", 2), *became[2:]]
    assert parser_roles.role(evidence[0]) == ("nsubj-be", "person")
    flagged = parser_roles.flags([_parsed(parser_roles, aldrin, 0, 2)], evidence, "a")
    assert flagged == [("Buzz Aldrin", ("nsubj-be", "person"), "Neil Armstrong")]
    assert parser_roles.flags([_parsed(parser_roles, became, 0, 2)], evidence, "a") == []
    assert parser_roles.flags([_parsed(parser_roles, aldrin, 0, 2)], evidence, "b") == []  # Aldrin not named

    passive = [("The", "the", "det", 1), ("film", "film", "nsubjpass", 3), ("was", "be", "auxpass", 3)]
    passive += [("directed", "direct", "ROOT", 3), ("by", "by", "agent", 3), ("Carl", "Carl", "compound", 6)]
    passive += [("Reiner", "Reiner", "pobj", 4)]
    active = [("Carl", "Carl", "compound", 1), ("Reiner", "Reiner", "nsubj", 2), ("directed", "direct", "ROOT", 2)]
    active += [("the", "the", "det", 4), ("film", "film", "dobj", 2)]
    assert parser_roles.role(_parsed(parser_roles, passive, 5, 7)) == ("nsubj", "direct")
    assert parser_roles.flags([_parsed(parser_roles, active, 0, 2)], [_parsed(parser_roles, passive, 5, 7)], "a") == []


def test_bundle_base_dequantizes_the_bundles_own_embeddings() -> None:
    """The embedding block of the shipped bundle, as its graph computes with it: the int8 rows
    dequantized (requantizing gives the stored integers back) and the fp32 LayerNorm as stored."""
    import onnx
    from onnx import numpy_helper

    bundle_base = load_script("training/bundle_base.py", "faithcheck_training_bundle_base")
    model = onnx.load(str(shipped_bundle() / "model.onnx"))
    block = bundle_base.embedding_block(model)
    inits = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    assert set(block) == {
        "embeddings.word_embeddings.weight",
        "embeddings.position_embeddings.weight",
        "embeddings.token_type_embeddings.weight",
        "embeddings.LayerNorm.weight",
        "embeddings.LayerNorm.bias",
    }
    assert all(v.dtype == np.float32 for v in block.values())
    stem = "model.bert.embeddings.word_embeddings.weight"
    words = block["embeddings.word_embeddings.weight"]
    assert words.shape == inits[stem + "_quantized"].shape
    back = np.round(words / inits[stem + "_scale"] + inits[stem + "_zero_point"].astype(np.float32))
    assert np.array_equal(back, inits[stem + "_quantized"].astype(np.float32))
    assert np.array_equal(block["embeddings.LayerNorm.bias"], inits["model.bert.embeddings.LayerNorm.bias"])


def _bert_logits(state: dict[str, np.ndarray], ids: np.ndarray, layers: int, heads: int = 12) -> np.ndarray:
    """A BERT classifier's logits for one unpadded sequence, in numpy (exact GELU), from a
    ``BertForSequenceClassification`` state: what torch computes with the rebuilt weights."""
    from scipy.special import erf

    def norm(x: np.ndarray, name: str) -> np.ndarray:
        mean, var = x.mean(-1, keepdims=True), x.var(-1, keepdims=True)
        return (x - mean) / np.sqrt(var + 1e-12) * state[f"{name}.weight"] + state[f"{name}.bias"]

    def dense(x: np.ndarray, name: str) -> np.ndarray:
        return x @ state[f"{name}.weight"].T + state[f"{name}.bias"]

    e = "bert.embeddings."
    # RoBERTa-style positions are not used: the BERT config counts positions from 0
    x = state[e + "word_embeddings.weight"][ids] + state[e + "position_embeddings.weight"][: len(ids)]
    x = norm(x + state[e + "token_type_embeddings.weight"][0], e + "LayerNorm")
    size = x.shape[1] // heads
    for layer in range(layers):
        p = f"bert.encoder.layer.{layer}."
        q, k, v = (
            dense(x, p + f"attention.self.{n}").reshape(len(ids), heads, size).transpose(1, 0, 2)
            for n in ("query", "key", "value")
        )
        scores = q @ k.transpose(0, 2, 1) / np.sqrt(size)
        weights = np.exp(scores - scores.max(-1, keepdims=True))
        attended = (weights / weights.sum(-1, keepdims=True)) @ v
        x = norm(
            x + dense(attended.transpose(1, 0, 2).reshape(len(ids), -1), p + "attention.output.dense"),
            p + "attention.output.LayerNorm",
        )
        inner = dense(x, p + "intermediate.dense")
        x = norm(x + dense(inner * 0.5 * (1 + erf(inner / np.sqrt(2))), p + "output.dense"), p + "output.LayerNorm")
    pooled = np.tanh(dense(x[0], "bert.pooler.dense"))
    return dense(pooled, "classifier")


def test_classifier_state_rebuilds_the_shipped_bundle_that_its_graph_computes() -> None:
    """Every tensor of the shipped 6-layer classifier comes back from its int8 graph under the
    name torch gives it, and the rebuilt weights compute what the graph does (numpy against
    onnxruntime: the same decisions, probabilities within the int8 activations' error)."""
    import onnx
    import onnxruntime as ort
    from tokenizers import Tokenizer

    bundle_base = load_script("training/bundle_base.py", "faithcheck_training_bundle_base")
    graph = onnx.load(str(shipped_bundle() / "model.onnx"))
    state, sources = bundle_base.classifier_state(graph, {})
    layers = bundle_base.num_layers(graph)
    assert layers == 6
    assert set(sources.values()) == {"bundle"}  # no base given: the bundle's own embeddings
    per_layer = {f"attention.self.{n}" for n in ("query", "key", "value")} | {
        "attention.output.dense",
        "intermediate.dense",
        "output.dense",
    }
    norms = {"attention.output.LayerNorm", "output.LayerNorm"}
    expected = {
        f"bert.embeddings.{n}.weight" for n in ("word_embeddings", "position_embeddings", "token_type_embeddings")
    }
    expected |= {"bert.embeddings.LayerNorm.weight", "bert.embeddings.LayerNorm.bias"}
    expected |= {
        f"bert.encoder.layer.{i}.{m}.{t}" for i in range(layers) for m in per_layer | norms for t in ("weight", "bias")
    }
    expected |= {"bert.pooler.dense.weight", "bert.pooler.dense.bias", "classifier.weight", "classifier.bias"}
    assert set(state) == expected
    assert state["classifier.weight"].shape == (3, 384)
    assert state["bert.encoder.layer.5.intermediate.dense.weight"].shape == (1536, 384)
    assert all(v.dtype == np.float32 for v in state.values())

    tok = Tokenizer.from_file(str(shipped_bundle() / "tokenizer.json"))
    session = ort.InferenceSession(str(shipped_bundle() / "model.onnx"), providers=["CPUExecutionProvider"])
    claims = [
        *("The museum opened in 1998.", "The museum opened in 2004.", "The museum has 40 rooms."),
        *("The museum has 14 rooms.", "Marie Dupont came from Lyon.", "Marie Dupont came from Paris."),
        *("A ticket costs 12 euros for adults.", "A ticket costs 20 euros for adults."),
        *("Children get in for free on Sundays.", "Children never get in for free."),
        *("The museum has a rooftop cafe.", "The director is Marie Dupont."),
    ]
    agree, gaps = 0, []
    for claim in claims:
        ids = np.array(tok.encode(ARTICLE, claim).ids, dtype=np.int64)
        mask = np.ones((1, len(ids)), np.int64)
        want = session.run(["logits"], {"input_ids": ids[None], "attention_mask": mask})[0][0]
        got = _bert_logits(state, ids, layers)
        agree += int(got.argmax() == want.argmax())
        p_got, p_want = (np.exp(v - v.max()) / np.exp(v - v.max()).sum() for v in (got, want))
        gaps.append(float(np.abs(p_got - p_want).max()))
    # the graph quantizes its activations to int8 on the fly: close, not equal (a wrong tensor
    # anywhere gives other decisions altogether)
    assert agree >= len(claims) - 1
    assert float(np.mean(gaps)) < 0.05


def test_classifier_state_takes_a_base_embedding_only_where_it_quantizes_to_the_bundles() -> None:
    """A base embedding that rounds to the bundle's integers is what the bundle was trained with
    (taken, without the uint8 rounding); one that does not (a run that trained it) is not."""
    import onnx

    bundle_base = load_script("training/bundle_base.py", "faithcheck_training_bundle_base")
    graph = onnx.load(str(shipped_bundle() / "model.onnx"))
    own = bundle_base.embedding_block(graph)
    position = own["embeddings.position_embeddings.weight"]
    step = float(_initializer(graph, "model.bert.embeddings.position_embeddings.weight_scale"))
    trained_with = (position + 0.3 * step).astype(np.float32)  # within half a step: the same integers
    trained_since = (position + 2.0 * step).astype(np.float32)  # two steps away: trained further
    for base, source in ((trained_with, "base"), (trained_since, "bundle")):
        state, sources = bundle_base.classifier_state(graph, {"embeddings.position_embeddings.weight": base})
        assert sources["embeddings.position_embeddings.weight"] == source
        expected = base if source == "base" else position
        assert np.array_equal(state["bert.embeddings.position_embeddings.weight"], expected)
    assert sources["embeddings.word_embeddings.weight"] == "bundle"  # not in the base given


def _initializer(graph: object, name: str) -> np.ndarray:
    from onnx import numpy_helper

    return numpy_helper.to_array(next(i for i in graph.graph.initializer if i.name == name))  # type: ignore[attr-defined]


def test_interpolate_mixes_two_states_tensor_by_tensor_and_refuses_ones_that_differ() -> None:
    """``mix_bundles.py``'s mix: the start at share 0, the fine-tune at 1, each tensor on the line
    between them otherwise; the shipped state mixed with itself computes what it computes; two
    states that are not the same model, or a share outside [0, 1], are refused by name."""
    import onnx

    bundle_base = load_script("training/bundle_base.py", "faithcheck_training_bundle_base")
    graph = onnx.load(str(shipped_bundle() / "model.onnx"))
    state, _ = bundle_base.classifier_state(graph, {})
    rng = np.random.default_rng(0)
    tuned = {k: (v + rng.normal(0.0, 0.01, v.shape)).astype(np.float32) for k, v in state.items()}
    for share in (0.0, 0.3, 1.0):
        mixed = bundle_base.interpolate(state, tuned, share)
        assert set(mixed) == set(state)
        for name in ("classifier.weight", "bert.encoder.layer.2.attention.self.query.weight"):
            expected = (1.0 - share) * state[name] + share * tuned[name]
            assert np.allclose(mixed[name], expected, atol=1e-7)
            assert mixed[name].dtype == np.float32
    ids = np.array([0, 713, 16, 10, 1296, 4, 2, 2, 713, 16, 41, 1296, 4, 2], dtype=np.int64)
    itself = bundle_base.interpolate(state, state, 0.5)
    assert np.allclose(_bert_logits(itself, ids, 6), _bert_logits(state, ids, 6), atol=1e-5)

    with pytest.raises(ValueError, match=r"different tensors.*classifier\.bias"):
        bundle_base.interpolate(state, {k: v for k, v in tuned.items() if k != "classifier.bias"}, 0.5)
    with pytest.raises(ValueError, match=r"classifier\.weight: shape"):
        bundle_base.interpolate(state, {**tuned, "classifier.weight": np.zeros((2, 384), np.float32)}, 0.5)
    with pytest.raises(ValueError, match=r"not in \[0, 1\]"):
        bundle_base.interpolate(state, tuned, 1.5)


def test_common_words_counts_words_inside_sentences_and_marks_the_mostly_capitalised() -> None:
    words = load_script("training/common_words.py", "faithcheck_training_common_words")
    texts = [
        "Researchers said the apple harvest was poor. Officials blamed Apple for nothing.",
        "The researchers met Apple staff. Apple said researchers were wrong.",
        "west brom manager tony pulis led his side to a win over palace",  # all lower case: left out
    ]
    lower, capital = words.count(texts)
    # a sentence's first word is counted neither way ("Researchers", "Officials", the second "Apple")
    assert (lower["researchers"], capital["researchers"]) == (2, 0)
    assert (lower["apple"], capital["apple"]) == (1, 2)
    assert "officials" not in lower
    assert "officials" not in capital
    assert lower["pulis"] == 0
    common = "said the harvest was poor blamed for nothing researchers met staff were wrong ^apple"
    assert words.common(lower, capital, min_count=1, ratio=1.0) == sorted(common.split())
