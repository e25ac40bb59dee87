"""The result record of a row, as the runner makes it and files, the run store, the summary and
the report read it.

A record is JSON-ready (``EvalScore.model_dump(mode="json")`` plus the row's number): with one
metric it is that metric's record; with several, the first metric's record is the row's and the
others ride along under ``"metrics"``, keyed by name (:func:`metric_records` gives them all).
Records read back from files may lack fields that later versions added (``warnings``), so readers
use ``.get`` for those.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final, TypedDict, cast

__all__ = ["OTHER_METRICS_KEY", "MetricRecord", "RowRecord", "as_record", "metric_records"]

OTHER_METRICS_KEY: Final = "metrics"
"""Where a multi-metric record keeps the records of its second and later metrics."""


class MetricRecord(TypedDict, total=False):
    """One metric's result for a row: the fields of :class:`~faithcheck._core.types.EvalScore`, as JSON."""

    input_id: str | None
    metric_name: str
    value: float | None
    unit_value: float | None
    passed: bool
    threshold: float | None
    status: str
    reason: str
    message: str | None
    weight: float
    claims: list[dict[str, Any]]
    usage: dict[str, Any] | None
    prompts: dict[str, str]
    raw_responses: dict[str, list[str]]
    lang: str | None
    detected_lang: str | None
    context_utilisation: float | None
    warnings: list[str]


class RowRecord(MetricRecord, total=False):
    """A row's record: its number in the input (1-based), its first metric's fields and the others'
    records under ``"metrics"``."""

    row: int
    metrics: dict[str, MetricRecord]


def as_record(fields: Mapping[str, Any]) -> MetricRecord:
    """``fields`` (a score's ``model_dump(mode="json")``) as a :class:`MetricRecord`."""
    return cast(MetricRecord, dict(fields))


def metric_records(record: RowRecord) -> Iterator[tuple[str, MetricRecord]]:
    """``(metric name, record)`` for every metric of a result record, the row's own first.
    A record read back from a file may be damaged: a malformed ``"metrics"`` entry is skipped.

    >>> [name for name, _ in metric_records({"metric_name": "faithfulness", "metrics": {"answer_relevancy": {}}})]
    ['faithfulness', 'answer_relevancy']
    """
    yield str(record.get("metric_name")), record
    others = record.get(OTHER_METRICS_KEY)
    if isinstance(others, Mapping):
        for name, other in others.items():
            if isinstance(other, Mapping):
                yield str(name), other
