"""Row-by-row comparison of two runs (``faithcheck runs diff``): the kinds of difference and their order."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final, Literal

from faithcheck._core.records import MetricRecord, RowRecord, metric_records

DIFF_KINDS: Final = ("regression", "improvement", "changed", "only_in_a", "only_in_b")
"""The kinds of :class:`RowDiff`, in the order :meth:`RunStore.diff_runs` returns them."""


DiffKind = Literal["regression", "improvement", "changed", "only_in_a", "only_in_b"]


_VALUE_EPSILON: Final = 1e-9  # two scores closer than this are the same score


@dataclass(frozen=True)
class RowDiff:
    """How one dataset row (matched on ``input_id``) differs between run A and run B.

    ``occurrence`` is 0 unless ``input_id`` repeats within a run, in which case the n-th row with that
    id in A is matched with the n-th in B. The ``*_b`` fields are ``None`` for ``only_in_a`` and the
    ``*_a`` fields for ``only_in_b``. ``delta`` is ``value_b - value_a``, ``None`` unless both are
    scores. ``labels_*`` are the per-claim verdict labels (``"no verdict"`` for a claim that failed).
    """

    kind: DiffKind
    input_id: str
    occurrence: int
    row_a: int | None
    row_b: int | None
    value_a: float | None
    value_b: float | None
    delta: float | None
    passed_a: bool | None
    passed_b: bool | None
    status_a: str | None
    status_b: str | None
    labels_a: tuple[str, ...] | None
    labels_b: tuple[str, ...] | None


@dataclass(frozen=True)
class Row:
    row: int
    input_id: str
    value: float | None
    passed: bool
    status: str
    labels: tuple[str, ...]


def row_labels(record: MetricRecord) -> list[str]:
    labels = []
    for claim in record.get("claims") or []:
        verdict = claim.get("verdict") if isinstance(claim, Mapping) else None
        labels.append(str(verdict["label"]) if isinstance(verdict, Mapping) and "label" in verdict else "no verdict")
    return labels


def metric_row(record: RowRecord, metric: str, row: int, input_id: str) -> Row | None:
    for name, result in metric_records(record):
        if name == metric:
            value = result.get("value")
            return Row(
                row=row,
                input_id=input_id,
                value=None if value is None else float(value),
                passed=bool(result.get("passed")),
                status=str(result.get("status") or "error"),
                labels=tuple(row_labels(result)),
            )
    return None


def classify(a: Row, b: Row) -> DiffKind | None:
    went_down = went_up = False
    if a.value is not None and b.value is not None:
        went_down = b.value < a.value - _VALUE_EPSILON
        went_up = b.value > a.value + _VALUE_EPSILON
    a_error, b_error = a.status == "error", b.status == "error"
    if went_down or (a.passed and not b.passed) or (b_error and not a_error):
        return "regression"
    if went_up or (b.passed and not a.passed) or (a_error and not b_error):
        return "improvement"
    if a.labels != b.labels or a.status != b.status:
        return "changed"
    return None


def row_diff(kind: DiffKind, occurrence: int, a: Row | None, b: Row | None) -> RowDiff:
    some = a if a is not None else b
    assert some is not None
    value_a = None if a is None else a.value
    value_b = None if b is None else b.value
    return RowDiff(
        kind=kind,
        input_id=some.input_id,
        occurrence=occurrence,
        row_a=None if a is None else a.row,
        row_b=None if b is None else b.row,
        value_a=value_a,
        value_b=value_b,
        delta=None if value_a is None or value_b is None else value_b - value_a,
        passed_a=None if a is None else a.passed,
        passed_b=None if b is None else b.passed,
        status_a=None if a is None else a.status,
        status_b=None if b is None else b.status,
        labels_a=None if a is None else a.labels,
        labels_b=None if b is None else b.labels,
    )


def diff_order(d: RowDiff) -> tuple[int, float, int]:
    rank = DIFF_KINDS.index(d.kind)
    row = (d.row_a if d.row_a is not None else d.row_b) or 0
    if d.kind == "regression":
        return rank, float("-inf") if d.delta is None else d.delta, row
    if d.kind == "improvement":
        return rank, float("-inf") if d.delta is None else -d.delta, row
    return rank, 0.0, row
