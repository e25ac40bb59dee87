"""AnswerRelevancy (issue 16): the metric, seed 003's chained assertion, both metrics in one pass
from the CLI, one shared LLM extraction, and the manifest."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from faithcheck import ConfigError, Faithfulness, TestCase, score_dataset
from faithcheck._metrics.answer_relevancy import AnswerRelevancy, manifest
from faithcheck._metrics.registry import build_metrics, check_metric_options
from faithcheck.testing import assert_that

from .conftest import REPO
from .in_process import faithcheck
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
        check_metric_options(
            ("faithfulness", "answer_relevancy"), {}, {"answer_relevancy": {"threshold": 2, "thresold": 0.5}}
        )
    assert str(raised.value) == (
        "invalid answer_relevancy configuration: threshold: Input should be less than or equal to 1; "
        "thresold: not an option (did you mean 'threshold'?)"
    )
    # the config file's answer_relevancy section is checked even when that metric is not run
    with pytest.raises(ConfigError, match=r"thresold: not an option \(did you mean 'threshold'\?\)$"):
        check_metric_options(("faithfulness",), {}, {"answer_relevancy": {"thresold": 0.5}})
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
    from faithcheck._metrics.manifest import manifest as faithfulness_manifest

    data = manifest()
    assert set(data) == set(faithfulness_manifest())
    assert data["name"] == "rag.answer_relevancy"
    assert data["metric_type"] == "pointwise"
    assert data["scorer_contract"] == "per_row"
    assert data["direction"] == "higher_is_better"
    assert data["required_columns"] == ["input_id", "prompt", "sut_response"]
    done = faithcheck("manifest", "--metric", "answer_relevancy", "--json", cwd=REPO)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == json.loads(json.dumps(data))


def test_the_manifests_entrypoint_scores_a_row_as_the_host_calls_it() -> None:
    """``rag.answer_relevancy``'s entrypoint is a public per-row scorer, like faithfulness's: one row
    and the metric's configuration in, a JSON-ready result out; a bad row is an error result."""
    import importlib

    module, _, name = manifest()["entrypoint"].rpartition(".")
    assert not any(part.startswith("_") for part in module.split("."))  # a path a host may rely on
    scorer = getattr(importlib.import_module(module), name)
    row = {"input_id": "r1", "prompt": "How long is the warranty?", "sut_response": "The warranty lasts 2 years."}
    out = scorer(row, {"threshold": 0.9})
    assert (out["status"], out["value"], out["threshold"], out["metric_name"]) == ("ok", 1.0, 0.9, "answer_relevancy")
    json.dumps(out)
    bad = scorer({"input_id": "r2", "prompt": "How long is the warranty?"})
    assert (bad["status"], bad["value"]) == ("error", None)
    assert "sut_response" in bad["message"]


def test_cli_scores_both_metrics_in_one_pass_and_records_them(tmp_path: Path) -> None:
    summary = tmp_path / "summary.json"
    done = faithcheck(
        "score",
        "examples/sample.jsonl",
        "--metrics",
        "faithfulness,answer_relevancy",
        "--summary-json",
        str(summary),
        cwd=REPO,
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
    listed = faithcheck("runs", "list", "--json")
    run_id = json.loads(listed.stdout)[0]["run_id"]
    shown = faithcheck("runs", "show", run_id, "--json", cwd=REPO)
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


def _relevancy(question: str, answer: str) -> float:
    score = AnswerRelevancy().evaluate(
        TestCase(input_id="1", prompt=question, sut_response=answer, retrieved_context=[])
    )
    assert score.value is not None, score.reason
    return score.value


# Development examples for issue 28 item 1 (never the measurement set in
# benchmarks/answer_relevancy_kinds.json): answers that lean on their question.
LEANING_ANSWERS = [
    # the two examples
    (
        "Can I bring my dog on the train?",
        "Yes, as long as it is small and stays in a shut carrier that can go beneath your seat.",
    ),
    ("How should I store the tablets?", "Keep them out of the sight and reach of children."),
    (
        "How should I store the tablets?",
        "Store them below 25 degrees in the original package. Keep them out of the sight and reach of children.",
    ),
    ("Is the pool heated?", "No."),
    ("Is the exam open book?", "It is not; you may bring only a calculator."),
    ("Do I need to book a table?", "Only on Friday and Saturday evenings."),
    ("Can I park here overnight?", "Not unless you have a resident permit."),
    (
        "How should I clean the cast-iron pan?",
        "Rinse it with hot water and dry it straight away. Oil it lightly afterwards.",
    ),
    ("How much is the late fee?", "It is 5 euros per day, and after two weeks the account is suspended."),
]


@pytest.mark.parametrize(("question", "answer"), LEANING_ANSWERS)
def test_direct_answers_that_lean_on_the_question_score_at_least_0_9(question: str, answer: str) -> None:
    assert _relevancy(question, answer) >= 0.9


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Is the pool heated?", "The spa offers massages and facials."),
        ("How should I store the tablets?", "The company was founded in Basel in 1896."),
        ("Does the hotel have parking?", "Please ask at reception for more details."),
        ("Is the pool heated?", "Well, that is hard to say."),
        ("Can I bring my dog on the train?", "No, I don't know."),
        ("Is the pool heated?", "No, thanks."),
        ("When should I prune the roses?", "Every garden is different."),
    ],
)
def test_off_topic_and_evasive_answers_stay_low(question: str, answer: str) -> None:
    assert _relevancy(question, answer) == 0.0


def test_relevance_does_not_carry_into_a_refusal_or_an_unrelated_sentence() -> None:
    answer = "The warranty lasts two years. I am not able to share more about it. Paris is the capital of France."
    score = AnswerRelevancy().evaluate(
        TestCase(input_id="1", prompt="How long is the warranty?", sut_response=answer, retrieved_context=[])
    )
    assert [c.verdict.label for c in score.claims if c.verdict] == ["relevant", "irrelevant", "irrelevant"]
    assert score.claims[1].verdict is not None
    assert "refuses" in score.claims[1].verdict.reason


def test_a_request_put_as_a_question_is_not_answered_by_a_yes() -> None:
    # "Can you list ...?" asks for a list, not for a yes
    assert _relevancy("Can you list the opening hours of the library?", "Sure, the weather is lovely today.") == 0.0


def test_cli_reason_says_a_yes_answers_the_question(tmp_path: Path) -> None:
    rows = tmp_path / "rows.jsonl"
    row = {
        "input_id": "dog",
        "prompt": LEANING_ANSWERS[0][0],
        "sut_response": LEANING_ANSWERS[0][1],
        "retrieved_context": ["-"],
    }
    rows.write_text(json.dumps(row) + "\n", encoding="utf-8")
    done = faithcheck("score", str(rows), "--metrics", "answer_relevancy", "--no-store", cwd=REPO)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout.splitlines()[0])
    assert result["value"] == 1.0
    assert "answers the yes/no question directly" in json.dumps(result)
