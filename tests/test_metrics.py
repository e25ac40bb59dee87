"""The metric interface (issue 16, item 1): the runner, summary and assertions work with any metric
and with several at once; one extraction serves every metric of a row."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from pydantic import BaseModel

from faithcheck import ConfigError, EvalScore, Faithfulness, Metric, ScoreScale, TestCase
from faithcheck._core.records import metric_records
from faithcheck._core.rows import case_from_row
from faithcheck._metrics.config import Lang
from faithcheck._metrics.registry import as_metrics
from faithcheck._pipeline.extract import ExtractorOutput, SentenceExtractor
from faithcheck._pipeline.extract.shared import SharedExtractor
from faithcheck._runs.runner import run_config, score_dataset
from faithcheck.testing import assert_that

from .test_runner import ROWS as RUNNER_ROWS

ROWS = RUNNER_ROWS[:2]  # the return-policy row (0.5) and the warranty row (1.0)


class _LengthConfig(BaseModel):
    metric_name: str = "answer_length"
    weight: float = 1.0


class AnswerLength:
    """A metric a user might write: 1.0 for answers of at least ``words`` words. It needs no context."""

    def __init__(self, words: int = 6) -> None:
        self.words = words
        self._config = _LengthConfig()

    name = "answer_length"
    threshold = 0.5
    weight = 1.0
    scale = ScoreScale()  # 0 to 1, higher is better
    concurrency = 4
    required_columns = ("input_id", "prompt", "sut_response")

    @property
    def config(self) -> BaseModel:
        return self._config

    def evaluate(self, case: TestCase | Mapping[str, Any]) -> EvalScore:
        case = case if isinstance(case, TestCase) else case_from_row(case, required=self.required_columns)
        value = min(1.0, len(case.sut_response.split()) / self.words)
        return EvalScore(
            input_id=case.input_id,
            metric_name=self.name,
            value=value,
            unit_value=value,
            passed=value >= self.threshold,
            threshold=self.threshold,
            status="ok",
            reason=f"{len(case.sut_response.split())} words",
        )

    async def aevaluate(self, case: TestCase | Mapping[str, Any]) -> EvalScore:
        return self.evaluate(case)

    def versions(self) -> dict[str, Any]:
        return {"words": self.words}

    def manifest(self) -> dict[str, Any]:
        return {"name": "example.answer_length"}


def test_a_user_metric_satisfies_the_protocol() -> None:
    assert isinstance(AnswerLength(), Metric)
    assert isinstance(Faithfulness(), Metric)

    class WithoutScale:  # written before metrics declared their scale and concurrency
        name, threshold, weight, required_columns = "partial", 0.5, 1.0, ("input_id", "prompt", "sut_response")
        config = _LengthConfig()
        evaluate, aevaluate = AnswerLength.evaluate, AnswerLength.aevaluate
        versions, manifest = AnswerLength.versions, AnswerLength.manifest

    with pytest.raises(ConfigError, match=r"WithoutScale is not a faithcheck metric .*: it lacks scale, concurrency$"):
        as_metrics(WithoutScale())  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="unique"):
        as_metrics([AnswerLength(), AnswerLength()])


def test_one_metric_keeps_the_record_format_and_several_ride_along(tmp_path: Path) -> None:
    alone = score_dataset(ROWS, Faithfulness()).records
    assert alone is not None
    assert all("metrics" not in r for r in alone)

    out = tmp_path / "both.jsonl"
    result = score_dataset(ROWS, [Faithfulness(), AnswerLength()], output=out)
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["value"] for r in records] == [r["value"] for r in alone]  # faithfulness exactly as alone
    assert [r["metrics"]["answer_length"]["value"] for r in records] == [1.0, pytest.approx(5 / 6)]
    assert [name for name, _ in metric_records(records[0])] == ["faithfulness", "answer_length"]
    assert result.summary.mean == pytest.approx(0.75)
    assert result.summary.metrics["answer_length"].mean == pytest.approx((1.0 + 5 / 6) / 2)
    assert result.summary.to_dict()["metrics"]["answer_length"]["scored"] == 2
    meta = json.loads((tmp_path / "both.jsonl.run.json").read_text(encoding="utf-8"))
    assert set(meta["config"]["metrics"]) == {"faithfulness", "answer_length"}
    assert meta["versions"]["metrics"]["answer_length"] == {"words": 6}


def test_a_bad_row_is_an_error_for_every_metric() -> None:
    rows = [*ROWS, {"input_id": "c", "prompt": "Q?"}]
    records = score_dataset(rows, [Faithfulness(), AnswerLength()]).records
    assert records is not None
    bad = records[-1]
    assert bad["status"] == "error"
    assert bad["metrics"]["answer_length"]["status"] == "error"
    assert "field 'sut_response'" in bad["metrics"]["answer_length"]["message"]


def test_a_metric_without_context_needs_no_context_column() -> None:
    rows = [{"input_id": "x", "prompt": "Q?", "sut_response": "one two three"}]
    records = score_dataset(rows, AnswerLength()).records
    assert records is not None
    assert records[0]["value"] == pytest.approx(0.5)
    assert run_config(AnswerLength()) == {"metric_name": "answer_length", "weight": 1.0}
    with pytest.raises(Exception, match="retrieved_context"):
        score_dataset(rows, [Faithfulness(), AnswerLength()])  # faithfulness needs it: checked up front


class _CountingExtractor(SentenceExtractor):
    def __init__(self) -> None:
        self.calls = 0

    async def aextract(self, question: str, answer: str, lang: Lang, *, history: str = "") -> ExtractorOutput:
        self.calls += 1
        return await super().aextract(question, answer, lang, history=history)


class _ClaimCount(AnswerLength):
    """A second metric that extracts claims with the extractor it is given."""

    name = "claim_count"

    def __init__(self, extractor: SharedExtractor) -> None:
        super().__init__()
        self.extractor = extractor

    async def aevaluate(self, case: TestCase | Mapping[str, Any]) -> EvalScore:
        assert isinstance(case, TestCase)
        out = await self.extractor.aextract(case.question, case.sut_response, "en")
        score = self.evaluate(case)
        return score.model_copy(update={"reason": f"{len(out.claims)} claims"})


def test_metrics_sharing_an_extractor_extract_each_row_once() -> None:
    counting = _CountingExtractor()
    shared = SharedExtractor(counting)
    metrics = [Faithfulness(extractor_backend=shared), _ClaimCount(shared)]
    records = score_dataset(ROWS, metrics).records
    assert records is not None
    assert counting.calls == len(ROWS)
    assert records[0]["metrics"]["claim_count"]["reason"] == "2 claims"


def test_assert_that_chains_any_metrics() -> None:
    case = TestCase(**ROWS[1])
    assert_that(case).meets_metric(AnswerLength(words=5)).meets_metric(Faithfulness(0.8))
    with pytest.raises(AssertionError, match=r"answer_length = 0\.250"):
        assert_that(case).meets_metric(Faithfulness(0.8)).meets_metric(AnswerLength(words=20))


def test_context_utilisation_per_row_and_in_the_summary() -> None:
    row = {
        "input_id": "u",
        "prompt": "How long is the warranty?",
        "sut_response": "The warranty lasts 2 years.",
        "retrieved_context": ["The warranty lasts 2 years.", "Our office is in Berlin.", "We sell blenders.", "Hi."],
    }
    result = score_dataset([row, ROWS[1]], Faithfulness())
    assert result.records is not None
    assert [r["context_utilisation"] for r in result.records] == [0.25, 1.0]  # 1 of 4 passages used; 1 of 1
    assert result.summary.context_utilisation == pytest.approx(0.625)
    nothing = Faithfulness().evaluate({**row, "sut_response": "Hello!"})
    assert nothing.status == "no_claims"
    assert nothing.context_utilisation is None


def test_runs_diff_compares_any_metric_of_a_multi_metric_run(tmp_path: Path) -> None:
    from faithcheck._runs.store import RunStore

    store = RunStore(tmp_path / "runs.sqlite")
    run_ids = []
    for words in (5, 10):  # the second run's answer_length drops for row b (5 words: 1.0 -> 0.5)
        records = score_dataset(ROWS, [Faithfulness(), AnswerLength(words=words)]).records
        assert records is not None
        run_id = store.start_run(input_path="rows", output_path=None, dataset_fingerprint="x", config={}, versions={})
        store.add_rows(run_id, records)
        store.finish_run(run_id, status="finished", summary={})
        run_ids.append(run_id)
    assert store.diff_runs(*run_ids) == []  # faithfulness did not change
    diffs = store.diff_runs(*run_ids, metric="answer_length")
    assert [(d.kind, d.input_id, d.value_a, d.value_b) for d in diffs] == [("regression", "b", 1.0, 0.5)]


@pytest.mark.parametrize("suffix", [".parquet", ".csv"])
def test_table_outputs_keep_every_metric_and_the_language(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"both{suffix}"
    score_dataset(ROWS, [Faithfulness(), AnswerLength()], output=out)
    if suffix == ".parquet":
        import pyarrow.parquet as pq

        rows = pq.read_table(out).to_pylist()
    else:
        import csv

        with out.open(encoding="utf-8", newline="") as fh:
            rows = list(csv.DictReader(fh))
    others = [json.loads(r["metrics_json"]) for r in rows]
    assert [o["answer_length"]["reason"] for o in others] == ["12 words", "5 words"]
    assert [r["lang"] for r in rows] == ["en", "en"]
    assert [float(r["context_utilisation"]) for r in rows] == [0.5, 1.0]


# -- a third metric: one module and one registry line ------------------------------------------


def test_a_registered_metric_runs_from_the_command_line_its_config_section_the_dry_run_and_manifest(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """AnswerLength above is the "new module"; the register_metric call is the "registry line",
    made through the public face (faithcheck.register_metric, faithcheck.MetricSpec). Nothing else
    names it: --metrics, its config file section, --dry-run, manifest --metric and the summary find
    it through the registry."""
    from click.testing import CliRunner

    import faithcheck
    from faithcheck._cli.main import main
    from faithcheck._metrics import registry

    def build(run: faithcheck.MetricOptions) -> Metric:
        return AnswerLength(**run.section)

    def check(run: faithcheck.MetricOptions) -> None:
        if set(run.section) - {"words"}:
            raise ConfigError(f"invalid answer_length configuration: {sorted(set(run.section) - {'words'})}")

    spec = faithcheck.MetricSpec(
        name="answer_length",
        metric_type=AnswerLength,
        build=build,
        check=check,
        manifest=lambda: {"name": "example.answer_length"},
        verdict_noun="word",
    )
    monkeypatch.setattr(registry, "_registered", {})  # the registration ends with the test
    faithcheck.register_metric(spec)
    assert registry.metric_names() == ("faithfulness", "answer_relevancy", "answer_length")

    data = tmp_path / "rows.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in ROWS), encoding="utf-8")
    config = tmp_path / "config.yaml"
    config.write_text("answer_length:\n  words: 4\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    runner = CliRunner()
    args = ["score", str(data), "--metrics", "faithfulness,answer_length", "--config", str(config), "--no-store"]
    done = runner.invoke(main, [*args, "-o", str(out)])
    assert done.exit_code == 0, done.output
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    lengths = [r["metrics"]["answer_length"] for r in records]
    assert [r["value"] for r in lengths] == [min(1.0, len(row["sut_response"].split()) / 4) for row in ROWS]
    assert "answer_length: word labels" in done.output

    dry = runner.invoke(main, [*args, "--dry-run"])
    assert dry.exit_code == 0, dry.output
    assert "offline configuration: no LLM calls, no cost" in dry.output
    shown = runner.invoke(main, ["manifest", "--metric", "answer_length", "--json"])
    assert json.loads(shown.output) == {"name": "example.answer_length"}

    config.write_text("answer_length:\n  word: 4\n", encoding="utf-8")
    refused = runner.invoke(main, [*args])
    assert refused.exit_code == 2
    assert "invalid answer_length configuration: ['word']" in refused.output
    unknown = runner.invoke(main, ["score", str(data), "--metrics", "answer_size", "--no-store"])
    assert unknown.exit_code == 2
    assert "choose from faithfulness, answer_relevancy, answer_length" in unknown.output
    with pytest.raises(ConfigError, match="a metric faithcheck ships"):
        registry.register_metric(dataclasses.replace(spec, name="faithfulness"))
