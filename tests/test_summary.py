"""The run summary: its confidence interval stays inside the range a score can take; its
lowest-scoring rows are failing rows, of each metric, with reasons cut at whole words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from faithcheck._cli.main import main
from faithcheck._report.data import summarise
from faithcheck._runs.summary import SummaryBuilder, score_bounds, short_text

from .conftest import REPO


def _record(row: int, value: float, **extra: Any) -> dict[str, Any]:
    return {"row": row, "input_id": f"r{row}", "metric_name": "faithfulness", "status": "ok", "value": value, **extra}


def _ci(builder: SummaryBuilder, values: list[float]) -> tuple[float, float] | None:
    for row, value in enumerate(values, 1):
        builder.add(_record(row, value))
    return builder.result(wall_seconds=1.0).ci95


def test_interval_is_cut_to_the_scale() -> None:
    values = [0.0, 0.0, 0.0, 0.0, 0.0, 1.0]
    low, high = _ci(SummaryBuilder(), values) or (0.0, 0.0)
    assert low < 0.0  # what Student t gives on its own: a mean of scores in [0, 1] below 0
    assert _ci(SummaryBuilder(bounds=(0.0, 1.0)), values) == (0.0, pytest.approx(high))
    ten = _ci(SummaryBuilder(bounds=(0.0, 10.0)), [10.0] * 5 + [0.0])
    assert ten is not None
    assert ten[1] == 10.0
    assert 0.0 < ten[0] < 7.5


def test_each_metric_of_a_run_has_its_own_range() -> None:
    builder = SummaryBuilder(bounds=(0.0, 10.0), others={"answer_relevancy": SummaryBuilder(0.7, bounds=(0.0, 1.0))})
    for row, (faith, relevant) in enumerate([(10.0, 1.0), (10.0, 1.0), (0.0, 0.0)], 1):
        other = {"metric_name": "answer_relevancy", "status": "ok", "value": relevant}
        builder.add(_record(row, faith, metrics={"answer_relevancy": other}))
    summary = builder.result(wall_seconds=1.0)
    assert summary.ci95 is not None
    assert summary.ci95[0] == 0.0
    assert summary.metrics["answer_relevancy"].ci95 is not None
    assert summary.metrics["answer_relevancy"].ci95[0] == 0.0


def test_score_bounds_read_a_configuration() -> None:
    assert score_bounds({"min": -1, "max": 1, "inverted": True}) == (-1.0, 1.0)
    assert score_bounds({"threshold": 0.7}) == (0.0, 1.0)  # a metric without a scale scores 0..1
    assert score_bounds({"min": "x", "max": None}) == (0.0, 1.0)


def test_report_summary_uses_the_stored_configuration() -> None:
    records = [_record(row, value) for row, value in enumerate([0.0, 0.0, 0.0, 1.0], 1)]
    assert summarise(records, 0.7)["ci95"][0] < 0.0  # a scores file: no configuration, no range
    assert summarise(records, 0.7, {"min": 0.0, "max": 1.0})["ci95"][0] == 0.0
    several = {"metrics": {"faithfulness": {"min": 0.0, "max": 1.0}}}
    assert summarise(records, 0.7, several)["ci95"][0] == 0.0


# -- issue 28, item 7: the lowest-scoring rows ---------------------------------------------------


def test_the_lowest_scoring_rows_are_failing_rows_only() -> None:
    builder = SummaryBuilder(0.7, bounds=(0.0, 1.0))
    builder.add(_record(1, 1.0, passed=True, unit_value=1.0))  # perfect: not listed
    builder.add(_record(2, 0.8, passed=True, unit_value=0.8))  # passed, but a claim failed
    builder.add(_record(3, 0.5, passed=False, unit_value=0.5))
    builder.add(_record(4, 1.0, passed=True))  # no unit value: the top of the scale is perfect
    assert [w["row"] for w in builder.result(wall_seconds=1.0).worst] == [3, 2]


def test_short_text_cuts_after_a_whole_word_with_an_ellipsis() -> None:
    reason = "1 of 2 claims is not supported. Claim 'We offer free return shipping.' is overclaim"
    assert short_text(reason, 40) == "1 of 2 claims is not supported. Claim…"
    assert short_text(reason, 200) == reason
    assert short_text("no  spaces\nfolded", 200) == "no spaces folded"


def test_the_summary_lists_failing_rows_of_each_metric_in_whole_words(tmp_path: Path) -> None:
    out = tmp_path / "scores.jsonl"
    args = [
        "score",
        str(REPO / "examples" / "sample.jsonl"),
        "-o",
        str(out),
        "--no-store",
        "--metrics",
        "faithfulness,answer_relevancy",
    ]
    done = CliRunner().invoke(main, args)
    assert done.exit_code == 0, done.output
    printed = " ".join(done.output.split())  # as the terminal wrapped it
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    for name in ("faithfulness", "answer_relevancy"):
        assert f"lowest-scoring rows ({name}):" in printed
        listed = printed.split(f"lowest-scoring rows ({name}):")[1].split("lowest-scoring rows")[0]
        for record in records:
            result = record if record["metric_name"] == name else record["metrics"][name]
            line = f"row {record['row']} ({record['input_id']}): {result['value']:.3f} - {short_text(result['reason'])}"
            assert (line in listed) == (not result["passed"] or result["value"] < 1.0), (name, line)
    assert printed.count("…") >= 1  # a long reason is cut, with an ellipsis
