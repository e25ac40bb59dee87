"""AnswerRelevancy (issue 16): the metric, seed 003's chained assertion, both metrics in one pass
from the CLI, one shared LLM extraction, and the manifest."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from faithcheck import Faithfulness, TestCase
from faithcheck.answer_relevancy import AnswerRelevancy, manifest
from faithcheck.errors import ConfigError
from faithcheck.metrics import build_metrics, check_metric_options
from faithcheck.runner import score_dataset
from faithcheck.testing import assert_that

from .conftest import REPO
from .llm_server import FakeLLMServer, judge_responder

WARRANTY = ["The X200 blender comes with a 2-year warranty."]


def _case(answer: str, prompt: str = "How long is the warranty of the X200?") -> TestCase:
    return TestCase(input_id="w", prompt=prompt, sut_response=answer, retrieved_context=WARRANTY)


def test_relevant_statements_share_and_reasons() -> None:
    score = AnswerRelevancy().evaluate(
        _case("The X200 blender comes with a 2-year warranty. Our CEO enjoys skiing in Austria. I hope this helps!")
    )
    assert score.status == "ok"
    assert [c.verdict.label for c in score.claims if c.verdict] == ["relevant", "irrelevant", "irrelevant"]
    assert score.value == pytest.approx(1 / 3)
    assert not score.passed
    assert score.reason == (
        "2 of 3 statements do not address the question (score 0.33): "
        + "; ".join(c.verdict.reason for c in score.claims[1:] if c.verdict)
        + "."
    )
    assert "skiing in Austria" in score.reason
    assert "filler" in score.reason
    run = AnswerRelevancy().run(_case("The X200 blender comes with a 2-year warranty. Our CEO enjoys skiing."))
    assert [v.verdict for v in run.analyze_step_result.verdicts] == ["yes", "no"]  # seed 004's view


@pytest.mark.parametrize(
    ("answer", "status"),
    [("", "no_claims"), ("I'm sorry, but I don't know.", "ok")],
)
def test_an_answer_that_says_nothing_or_refuses_scores_zero(answer: str, status: str) -> None:
    score = AnswerRelevancy().evaluate(_case(answer))
    assert score.value == 0.0
    assert score.status == status
    assert not score.passed


def test_an_invalid_option_is_named_in_one_line() -> None:
    with pytest.raises(ConfigError) as raised:
        check_metric_options(("faithfulness", "answer_relevancy"), {}, {"threshold": 2, "thresold": 0.5})
    assert str(raised.value) == (
        "invalid answer_relevancy configuration: threshold: Input should be less than or equal to 1; "
        "thresold: not an option (did you mean 'threshold'?)"
    )
    # the config file's answer_relevancy section is checked even when that metric is not run
    with pytest.raises(ConfigError, match=r"thresold: not an option \(did you mean 'threshold'\?\)$"):
        check_metric_options(("faithfulness",), {}, {"thresold": 0.5})
    with pytest.raises(ConfigError, match=r"^invalid answer_relevancy configuration: threshold: Input should be"):
        AnswerRelevancy(threshold=2)


def test_an_empty_question_is_an_error_row_not_a_crash() -> None:
    score = AnswerRelevancy().evaluate({"input_id": "q", "prompt": " ", "sut_response": "It lasts 2 years."})
    assert score.status == "error"
    assert score.value is None
    assert "field 'prompt'" in (score.message or "")


def test_seed_003_chain_passes_and_fails_for_the_right_reasons() -> None:
    good = _case("The X200 blender comes with a 2-year warranty.")
    assert_that(good).meets_metric(AnswerRelevancy(0.7)).meets_metric(Faithfulness(0.8))

    drifting = _case("The X200 blender comes with a 2-year warranty. Our CEO enjoys skiing in Austria.")
    with pytest.raises(AssertionError) as failed:
        assert_that(drifting).meets_metric(AnswerRelevancy(0.7)).meets_metric(Faithfulness(0.8))
    message = str(failed.value)
    assert message.startswith("answer_relevancy = 0.500")
    assert "[irrelevant] 'Our CEO enjoys skiing in Austria.'" in message

    ungrounded = _case("The X200 blender comes with a 5-year warranty.")
    with pytest.raises(AssertionError) as failed:
        assert_that(ungrounded).meets_metric(AnswerRelevancy(0.7)).meets_metric(Faithfulness(0.8))
    assert str(failed.value).startswith("faithfulness = 0.000")  # relevant, but not grounded


def test_rows_without_context_score_relevancy_alone() -> None:
    rows = [{"input_id": "1", "prompt": "How long is the warranty?", "sut_response": "It lasts two years."}]
    records = score_dataset(rows, AnswerRelevancy()).records
    assert records is not None
    assert records[0]["status"] == "ok"
    assert records[0]["metric_name"] == "answer_relevancy"


def test_manifest_has_the_shape_of_seed_001() -> None:
    from faithcheck.manifest import manifest as faithfulness_manifest

    data = manifest()
    assert set(data) == set(faithfulness_manifest())
    assert data["name"] == "rag.answer_relevancy"
    assert data["metric_type"] == "pointwise"
    assert data["scorer_contract"] == "per_row"
    assert data["direction"] == "higher_is_better"
    assert data["required_columns"] == ["input_id", "prompt", "sut_response"]
    done = subprocess.run(
        [sys.executable, "-m", "faithcheck", "manifest", "--metric", "answer_relevancy", "--json"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(json.dumps(data))


def test_cli_scores_both_metrics_in_one_pass_and_records_them(tmp_path: Path) -> None:
    summary = tmp_path / "summary.json"
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "faithcheck",
            "score",
            "examples/sample.jsonl",
            "--metrics",
            "faithfulness,answer_relevancy",
            "--summary-json",
            str(summary),
        ],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(rows) == 6
    assert all(r["metric_name"] == "faithfulness" for r in rows)
    assert all(r["metrics"]["answer_relevancy"]["status"] in ("ok", "no_claims") for r in rows)
    greeting = next(r for r in rows if r["input_id"] == "greeting-only")
    assert greeting["metrics"]["answer_relevancy"]["value"] == 0.0
    assert "mean answer_relevancy" in done.stderr
    facts = json.loads(summary.read_text(encoding="utf-8"))
    assert facts["metrics"]["answer_relevancy"]["scored"] == 6
    listed = subprocess.run(
        [sys.executable, "-m", "faithcheck", "runs", "list", "--json"], capture_output=True, text=True, timeout=300
    )
    run_id = json.loads(listed.stdout)[0]["run_id"]
    shown = subprocess.run(
        [sys.executable, "-m", "faithcheck", "runs", "show", run_id, "--json"],
        capture_output=True,
        text=True,
        cwd=REPO,
        timeout=300,
    )
    assert shown.returncode == 0, shown.stderr
    stored = json.loads(shown.stdout)
    assert "answer_relevancy" in json.dumps(stored["summary"]["metrics"])


def test_both_metrics_with_an_llm_extractor_extract_once(
    server: FakeLLMServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    server.responder = judge_responder
    options = {"extractor": "llm", "model": "gpt-4o-mini", "base_url": server.openai_url, "cache": False}
    metrics = build_metrics(["faithfulness", "answer_relevancy"], options)
    row = {
        "input_id": "r",
        "prompt": "What is our return window?",
        "sut_response": "You can return items within 30 days of purchase.",
        "retrieved_context": ["Customers may return items within 30 days of purchase."],
    }
    records = score_dataset([row], metrics).records
    assert records is not None
    extractions = [s for s in server.requests if "claims" in s.text and "verdicts" not in s.text]
    assert len(extractions) == 1
    relevancy = records[0]["metrics"]["answer_relevancy"]
    assert relevancy["status"] == "ok"
    # the one extraction is counted (and costed) once, by whichever metric asked first
    assert records[0]["usage"]["llm_calls"] + relevancy["usage"]["llm_calls"] == 1
