"""The verifier model that ships in the package: present, small, selectable, and sensible.

These run the real int8 model (no test double): a handful of plain English cases whose answer no
careful reader would dispute, so a broken export, tokenizer or calibration fails here.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from faithcheck import Faithfulness
from faithcheck._pipeline.verify.baseline import BaselineVerifier, BaselineWeights
from faithcheck._pipeline.verify.onnx_model import OnnxVerifier, default_model_verifier, shipped_bundle


def test_the_bundle_ships_in_the_package_and_is_small() -> None:
    folder = shipped_bundle()
    sizes = {name: (folder / name).stat().st_size for name in ("model.onnx", "tokenizer.json", "calibration.json")}
    assert sum(sizes.values()) < 60 * 1024 * 1024, sizes
    calibration = json.loads((folder / "calibration.json").read_text(encoding="utf-8"))
    assert calibration["label_order"][0] == "supported"
    assert 0.0 < calibration["threshold"] < 1.0
    assert calibration["temperature"] > 0


def test_it_is_selected_by_name_and_loaded_once_per_process() -> None:
    metric = Faithfulness(verifier="model")
    assert metric.verifier.name == "model"
    assert metric.verifier is default_model_verifier()
    assert isinstance(metric.verifier, OnnxVerifier)
    assert Faithfulness().verifier.name == "baseline"  # the default, until the model beats it on the benchmarks


CASES = [
    ("The museum opens at 9 am on weekdays.", "On weekdays the museum opens its doors at 9 am.", "supported"),
    (
        "Marie Curie won two Nobel Prizes.",
        "Marie Curie was awarded the Nobel Prize twice, in 1903 and 1911.",
        "supported",
    ),
    ("The bridge is 300 metres long.", "The bridge, completed in 1932, is 450 metres long.", "contradicted"),
    ("The company was founded in Berlin.", "The company's first office opened in 2004 in a small flat.", "unsupported"),
    ("The drug is approved for children.", "The drug is not approved for children under 12.", "contradicted"),
]


@pytest.mark.parametrize(("claim", "evidence", "label"), CASES)
def test_plain_cases(claim: str, evidence: str, label: str) -> None:
    verdict = Faithfulness(verifier="model").check_claims([claim], [evidence])[0]
    assert (verdict.label == "supported") == (label == "supported"), verdict.reason
    if label == "contradicted":
        assert verdict.label == "contradicted", verdict.reason
    assert 0.0 <= verdict.score <= 1.0


def test_dataset_runs_record_which_weights_scored_them() -> None:
    from faithcheck._runs.runner import run_versions

    versions = run_versions(Faithfulness(verifier="model"))
    assert versions["verifier"] == "model"
    assert versions["verifier_model"] == default_model_verifier().model_id
    assert versions["verifier_model"].startswith("sha256:")
    baseline = run_versions(Faithfulness())["verifier_model"]
    assert baseline == BaselineVerifier().model_id
    assert baseline.startswith("baseline sha256:")
    weights = dataclasses.replace(BaselineWeights.load(), threshold=0.9)
    assert BaselineVerifier(weights).model_id != baseline  # other weights, another id
