"""`faithcheck calibrate` and applying its file: the statistics, the labels files, the CLI end to end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sklearn.metrics import balanced_accuracy_score, roc_auc_score

from faithcheck import ConfigError, Faithfulness, InputError, score_dataset
from faithcheck._metrics.calibration import (
    FORMAT_VERSION,
    Calibration,
    CalibrationError,
    _figures,
    calibrate,
    expected_calibration_error,
    load_calibration,
    read_gold_labels,
)
from faithcheck._runs.store import RunStore, default_store_path

from .conftest import REPO
from .in_process import faithcheck

GOLD = {
    "returns-overclaim": False,
    "returns-faithful": True,
    "warranty-number": False,
    "capital-entity": False,
    "greeting-only": False,
    "multi-turn": True,
}


def _faithcheck(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return faithcheck(*args, cwd=cwd)


# -- the statistics ------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.floats(0, 1), st.booleans(), st.booleans()), min_size=4, max_size=40))
def test_vectorised_figures_equal_scikit_learn(rows: list[tuple[float, bool, bool]]) -> None:
    score = np.array([r[0] for r in rows])
    y = np.array([r[1] for r in rows])
    passed = np.array([r[2] for r in rows])
    if y.all() or not y.any():
        return
    figures = _figures(y[None].astype(float), passed[None].astype(float), score[None], score[None])[:, 0]
    assert figures[0] == pytest.approx(balanced_accuracy_score(y, passed))
    assert figures[4] == pytest.approx(roc_auc_score(y, score))
    assert figures[5] == pytest.approx(expected_calibration_error(score, y))
    assert figures[6:].sum() == len(rows)


def test_calibration_moves_a_bad_threshold_and_reports_intervals() -> None:
    rng = np.random.default_rng(1)
    gold = rng.random(400) < 0.5
    scores = np.clip(0.35 * gold + 0.65 * rng.random(400), 0, 1)  # faithful rows score higher
    result = calibrate(scores, gold, before_threshold=0.95, resamples=300)
    before, after = result.before["balanced_accuracy"], result.after["balanced_accuracy"]
    assert before.value < 0.6 < after.value
    assert after.low is not None
    assert after.high is not None
    assert after.low <= after.value <= after.high
    assert result.after["tp"].value + result.after["fn"].value == gold.sum()
    assert 0.0 <= result.calibration.threshold <= 1.0
    assert len(result.fold_thresholds) == result.folds == 5
    assert [b["rows"] for b in result.reliability["score"]] != []
    probabilities = [result.calibration.probability(s) for s in (0.0, 0.5, 1.0)]
    assert probabilities == sorted(probabilities)


def test_cross_validation_does_not_fit_the_figure_on_itself() -> None:
    """With scores that carry no signal, the threshold fitted in-sample looks better than chance;
    the cross-validated figure does not."""
    rng = np.random.default_rng(7)
    gold = rng.random(300) < 0.5
    scores = rng.random(300)
    result = calibrate(scores, gold, before_threshold=0.5, resamples=300)
    in_sample = balanced_accuracy_score(
        gold, [result.calibration.probability(s) >= result.calibration.threshold for s in scores]
    )
    after = result.after["balanced_accuracy"]
    assert in_sample > after.value  # fitted on itself, it is optimistic
    assert after.low is not None
    assert after.high is not None
    assert after.low < 0.5 < after.high


def test_too_few_labels_of_a_class_is_a_clear_error() -> None:
    with pytest.raises(CalibrationError, match="at least 2 faithful and 2 not faithful"):
        calibrate([0.1, 0.9, 0.8], [False, True, True], before_threshold=0.5)


def test_calibration_file_errors_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"faithcheck_calibration": 1, "threshold": 0.5, "score_map": {"x": [0, 1], "y": [0.9, 0.1]}}')
    with pytest.raises(ConfigError, match=r"bad\.json is damaged"):
        load_calibration(bad)
    other = tmp_path / "other.json"
    other.write_text("{}")
    with pytest.raises(ConfigError, match="is not a faithcheck calibration file"):
        load_calibration(other)
    with pytest.raises(ConfigError, match="cannot read"):
        Faithfulness(calibration=tmp_path / "missing.json")
    assert Calibration(threshold=0.5, x=(0.0, 1.0), y=(0.2, 0.8)).probability(0.5) == pytest.approx(0.5)


# -- gold labels ---------------------------------------------------------------------------------


def test_gold_labels_from_the_viewers_json_lines_and_from_csv(tmp_path: Path) -> None:
    jsonl = tmp_path / "labels.jsonl"
    jsonl.write_text(
        '{"input_id": "a", "row": 1, "gold": true, "label": "faithful", "run_id": "x"}\n\n'
        '{"input_id": "b", "row": 2, "gold": false, "label": "not faithful", "run_id": "x"}\n'
    )
    assert read_gold_labels(jsonl) == {"a": True, "b": False}
    csv = tmp_path / "labels.csv"
    csv.write_text("input_id,gold\na,faithful\nb,0\nc,not faithful\n")
    assert read_gold_labels(csv) == {"a": True, "b": False, "c": False}
    csv.write_text("input_id,gold\na,perhaps\n")
    with pytest.raises(InputError, match=r"line 2 of .*'perhaps' is not a gold label"):
        read_gold_labels(csv)
    csv.write_text("input_id,gold\na,1\na,0\n")
    with pytest.raises(InputError, match="contradicts an earlier label"):
        read_gold_labels(csv)
    jsonl.write_text('{"input_id": "a", "label": "faithful"}\n')
    with pytest.raises(InputError, match=r"line 1 of .* has no 'gold' field \(its fields: input_id, label\)"):
        read_gold_labels(jsonl)


# -- the commands, end to end --------------------------------------------------------------------


def _dataset_with_gold(tmp_path: Path, copies: int = 6) -> Path:
    """The sample, repeated with new ids, with a gold column (one in five labels flipped, as people disagree)."""
    rng = np.random.default_rng(3)
    base = [json.loads(line) for line in (REPO / "examples" / "sample.jsonl").read_text().splitlines()]
    rows = []
    for k in range(copies):
        for row in base:
            gold = GOLD[row["input_id"]] if rng.random() > 0.2 else not GOLD[row["input_id"]]
            rows.append({**row, "input_id": f"{row['input_id']}-{k}", "gold": gold})
    path = tmp_path / "gold.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


def _records(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_calibrate_a_run_then_score_with_the_calibration(tmp_path: Path) -> None:
    data = _dataset_with_gold(tmp_path)
    assert _faithcheck("score", str(data), "-o", str(tmp_path / "scores.jsonl"), "--quiet").returncode == 0
    labels = tmp_path / "labels.jsonl"  # as the report's viewer writes them
    labels.write_text(
        "".join(
            json.dumps({"input_id": r["input_id"], "row": n, "gold": r["gold"], "label": "x", "run_id": None}) + "\n"
            for n, r in enumerate(_records(data), start=1)
        )
    )
    cal = tmp_path / "cal.json"
    done = _faithcheck("calibrate", "latest", "--labels", str(labels), "-o", str(cal), "--bootstrap", "200")
    assert done.returncode == 0, done.stderr
    assert "balanced accuracy" in done.stdout
    assert "after (5-fold CV)" in done.stdout
    content = json.loads(cal.read_text())
    assert content["fitted_on"]["rows"] == 36
    assert content["before_threshold"] == 0.7
    assert set(content["after"]) >= {"balanced_accuracy", "precision", "recall", "f1", "roc_auc", "ece", "tp"}
    assert cal.with_suffix(".svg").read_text().startswith("<svg")
    from_column = _faithcheck("calibrate", "latest", "-o", str(tmp_path / "cal2.json"), "--bootstrap", "200")
    assert from_column.returncode == 0, from_column.stderr
    assert json.loads((tmp_path / "cal2.json").read_text())["threshold"] == content["threshold"]

    out = tmp_path / "calibrated.jsonl"
    scored = _faithcheck("score", "examples/sample.jsonl", "--calibration", str(cal), "-o", str(out), "--quiet")
    assert scored.returncode == 0, scored.stderr
    calibration = load_calibration(cal)
    plain = {r["input_id"]: r for r in _records(tmp_path / "scores.jsonl")}
    for record in _records(out):
        raw = plain[f"{record['input_id']}-0"]["value"]
        assert record["value"] == pytest.approx(calibration.probability(raw))
        assert record["threshold"] == pytest.approx(calibration.threshold)
        assert record["passed"] == (record["value"] >= calibration.threshold)
        assert "Calibrated: the row score" in record["reason"]
    store = RunStore(default_store_path())
    assert store.run_config(store.list_runs(1)[0].run_id)["calibration"] == str(cal)

    metric = Faithfulness(calibration=cal)
    case = json.loads((REPO / "examples" / "sample.jsonl").read_text().splitlines()[0])
    assert metric.evaluate(case).value == pytest.approx(calibration.probability(0.5))
    assert metric.threshold == pytest.approx(calibration.threshold)


def test_calibrate_errors_say_what_to_do(tmp_path: Path) -> None:
    data = _dataset_with_gold(tmp_path, copies=1)
    scores = tmp_path / "scores.jsonl"
    assert _faithcheck("score", str(data), "-o", str(scores), "--quiet", "--no-store").returncode == 0
    three = tmp_path / "three.csv"
    three.write_text("input_id,gold\nreturns-overclaim-0,0\nwarranty-number-0,0\nmulti-turn-0,1\n")
    few = _faithcheck("calibrate", str(scores), "--labels", str(three), "-o", str(tmp_path / "c.json"))
    assert few.returncode == 1
    assert "label more rows" in few.stderr
    assert "Traceback" not in few.stderr
    none = _faithcheck("calibrate", str(scores), "-o", str(tmp_path / "c.json"))
    assert none.returncode == 2
    assert "--labels FILE" in none.stderr
    bad = tmp_path / "bad.csv"
    bad.write_text("input_id,gold\nreturns-overclaim-0,perhaps\n")
    wrong = _faithcheck("calibrate", str(scores), "--labels", str(bad))
    assert wrong.returncode == 1
    assert "'perhaps' is not a gold label" in wrong.stderr


def test_calibrate_without_its_extra_is_a_usage_error_saying_what_to_install(tmp_path: Path) -> None:
    """scikit-learn missing (made unimportable in the child process): exit 2, not 1 (a failed gate)."""
    scores = tmp_path / "scores.jsonl"
    scores.write_text("{}\n", encoding="utf-8")
    launcher = "import sys; sys.modules['sklearn'] = None; from faithcheck._cli.main import main; main()"
    done = subprocess.run(
        [sys.executable, "-c", launcher, "calibrate", str(scores)], capture_output=True, text=True, cwd=tmp_path
    )
    assert done.returncode == 2, done.stderr
    assert "pip install '.[calibrate]'" in done.stderr
    assert "Traceback" not in done.stderr


def test_a_single_claim_reason_reads_as_a_sentence() -> None:
    score = Faithfulness().evaluate(
        {
            "input_id": "one",
            "prompt": "",
            "sut_response": "The warranty lasts 5 years.",
            "retrieved_context": ["The warranty lasts 2 years."],
        }
    )
    assert score.reason.startswith("The claim is not supported. Claim 'The warranty lasts 5 years.' is contradicted")


def test_calibrate_on_few_labels_warns_that_the_figures_say_little(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from faithcheck._cli.main import main
    from faithcheck._metrics.calibration import ADVISED_PER_CLASS, too_few_labels

    data = _dataset_with_gold(tmp_path, copies=2)  # 12 labelled rows
    scores = tmp_path / "scores.jsonl"
    assert _faithcheck("score", str(data), "-o", str(scores), "--quiet", "--no-store").returncode == 0
    args = ["calibrate", str(scores), "--input", str(data), "-o", str(tmp_path / "c.json"), "--bootstrap", "50"]
    done = CliRunner().invoke(main, args)
    assert done.exit_code == 0, done.output
    warning = " ".join(done.stderr.split())
    assert warning.startswith("warning: only ")
    assert f"with fewer than {ADVISED_PER_CLASS} of each" in warning
    assert "the threshold, the figures and their intervals say little" in warning
    assert too_few_labels(2 * ADVISED_PER_CLASS, ADVISED_PER_CLASS, 5) is None  # enough of each class: no word


def test_a_row_in_error_reports_the_calibrated_threshold_as_scored_rows_do(tmp_path: Path) -> None:
    """Every record of a calibrated metric carries the calibration's pass mark, whether the row was
    scored, failed inside the metric (an unsupported language) or failed validation."""
    cal = tmp_path / "cal.json"
    cal.write_text(
        json.dumps(
            {"faithcheck_calibration": FORMAT_VERSION, "threshold": 0.4, "score_map": {"x": [0, 1], "y": [0, 1]}}
        ),
        encoding="utf-8",
    )
    metric = Faithfulness(calibration=cal, lang="auto")
    good = {
        "input_id": "ok",
        "prompt": "How long is the warranty?",
        "sut_response": "The warranty lasts 2 years.",
        "retrieved_context": ["The warranty lasts 2 years."],
    }
    spanish = {
        **good,
        "input_id": "es",
        "sut_response": "La garantía dura cinco años y cubre el motor.",
        "retrieved_context": ["La garantía dura dos años y cubre el motor de la batidora."],
    }
    scored, failed = metric.evaluate(good), metric.evaluate(spanish)
    assert (scored.status, failed.status) == ("ok", "error")
    assert scored.threshold == failed.threshold == pytest.approx(0.4)
    records = score_dataset([good, spanish, {**good, "input_id": "bad", "retrieved_context": []}], metric).records
    assert [(r["status"], r["threshold"]) for r in records or []] == [("ok", 0.4), ("error", 0.4), ("error", 0.4)]
