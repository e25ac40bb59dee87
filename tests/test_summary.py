"""The run summary's confidence interval stays inside the range a score can take."""

from __future__ import annotations

from typing import Any

import pytest

from faithcheck.report.data import summarise
from faithcheck.summary import SummaryBuilder, score_bounds


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
