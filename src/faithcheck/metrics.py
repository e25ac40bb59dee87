"""The metric interface the runner, Ray, the run store, the summary, the pytest plugin and
``assert_that`` are written against, so that a new metric is one new module.

A metric has a name, a configuration, ``evaluate`` / ``aevaluate`` returning an
:class:`~faithcheck.types.EvalScore`, the columns it needs, the versions that decide its scores,
and a manifest. :class:`~faithcheck.metric.Faithfulness` is the first; a dataset can be scored by
several at once (:func:`as_metrics`), each row validated once.

With one metric a result record is that metric's record, exactly as before. With several, the
first metric's record is the row's record and the others ride along under ``"metrics"``, keyed by
name; :func:`metric_records` gives every metric's record of a row, whatever the case.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel

from faithcheck.errors import ConfigError
from faithcheck.types import EvalScore, TestCase

__all__ = ["OTHER_METRICS_KEY", "Metric", "as_metrics", "metric_records"]

OTHER_METRICS_KEY = "metrics"
"""Where a multi-metric record keeps the records of its second and later metrics."""


@runtime_checkable
class Metric(Protocol):
    """What every faithcheck metric offers. ``name`` keys its results (the ``metric_name`` of its
    records); ``threshold`` is its pass mark on the reported scale."""

    @property
    def name(self) -> str: ...

    @property
    def threshold(self) -> float: ...

    @property
    def config(self) -> BaseModel: ...

    @property
    def required_columns(self) -> tuple[str, ...]: ...

    def evaluate(self, case: TestCase | Mapping[str, Any]) -> EvalScore: ...

    async def aevaluate(self, case: TestCase | Mapping[str, Any]) -> EvalScore: ...

    def versions(self) -> dict[str, Any]: ...

    def manifest(self) -> dict[str, Any]: ...


def as_metrics(metrics: Metric | Sequence[Metric] | None) -> tuple[Metric, ...]:
    """One metric or several as a tuple (default: ``Faithfulness()``); names must be unique.

    >>> from faithcheck import Faithfulness
    >>> [m.name for m in as_metrics(Faithfulness())]
    ['faithfulness']
    """
    if metrics is None:
        from faithcheck.metric import Faithfulness

        return (Faithfulness(),)
    found = (metrics,) if isinstance(metrics, Metric) else tuple(metrics)
    if not found:
        raise ConfigError("at least one metric is needed")
    for m in found:
        if not isinstance(m, Metric):
            raise ConfigError(f"{type(m).__name__} is not a faithcheck metric (see faithcheck.metrics.Metric)")
    names = [m.name for m in found]
    if len(set(names)) != len(names):
        raise ConfigError(f"metric names must be unique, got {names}: set metric_name on one of them")
    return found


def metric_records(record: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """``(metric name, record)`` for every metric of a result record, the row's own first."""
    yield str(record.get("metric_name")), record
    others = record.get(OTHER_METRICS_KEY)
    if isinstance(others, Mapping):
        for name, other in others.items():
            if isinstance(other, Mapping):
                yield str(name), other
