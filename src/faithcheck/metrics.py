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

__all__ = [
    "METRIC_NAMES",
    "OTHER_METRICS_KEY",
    "Metric",
    "as_metrics",
    "build_metrics",
    "check_metric_options",
    "metric_records",
]

OTHER_METRICS_KEY = "metrics"
"""Where a multi-metric record keeps the records of its second and later metrics."""
METRIC_NAMES = ("faithfulness", "answer_relevancy")
"""The metrics faithcheck ships, by the names ``--metrics`` takes."""
_SHARED_WITH_RELEVANCY = (
    "lang",
    "extractor",
    "model",
    "base_url",
    "api_key_env",
    "concurrency_limit",
    "llm_timeout_seconds",
    "llm_max_retries",
    "llm_repair_attempts",
    "cache",
    "cache_dir",
    "price_input_per_mtok",
    "price_output_per_mtok",
)
"""Faithfulness options answer relevancy takes too, so both read the answer the same way."""


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


def build_metrics(
    names: Sequence[str],
    options: dict[str, Any],
    relevancy_options: dict[str, Any] | None = None,
    *,
    require_key: bool = True,
) -> tuple[Metric, ...]:
    """The metrics ``--metrics`` names, in that order: faithfulness from ``options`` (the
    FaithfulnessConfig flags), answer relevancy from the options the two share plus its own
    (``answer_relevancy:`` in a config file). One extractor serves both, so the answer is split
    into claims once. ``require_key=False`` (``--dry-run``) builds LLM backends without a key."""
    from faithcheck.answer_relevancy import AnswerRelevancy
    from faithcheck.backends import make_extractor, make_verifier
    from faithcheck.config import load_config
    from faithcheck.extract.shared import SharedExtractor
    from faithcheck.metric import Faithfulness

    check_metric_options(names, options, relevancy_options)
    config = load_config(**options)
    extractor = SharedExtractor(make_extractor(config, require_key=require_key))
    built: list[Metric] = []
    for name in dict.fromkeys(names):
        if name == "faithfulness":
            verifier = make_verifier(config, require_key=require_key)
            built.append(Faithfulness.from_config(config, verifier_backend=verifier, extractor_backend=extractor))
        else:
            shared = {k: options[k] for k in _SHARED_WITH_RELEVANCY if k in options}
            options_ = {**shared, **(relevancy_options or {})}
            built.append(AnswerRelevancy(**options_, extractor_backend=extractor, require_key=require_key))
    return tuple(built)


def check_metric_options(
    names: Sequence[str], options: Mapping[str, Any], relevancy_options: Mapping[str, Any] | None = None
) -> None:
    """Raise :class:`ConfigError` for unknown metric names or invalid options, loading no model."""
    from faithcheck.config import load_config, load_relevancy_config

    unknown = [n for n in names if n not in METRIC_NAMES]
    if unknown or not names:
        raise ConfigError(f"--metrics: unknown {unknown or list(names)}; choose from {', '.join(METRIC_NAMES)}")
    load_config(**options)
    if "answer_relevancy" in names or relevancy_options:  # a section is checked even when unused
        shared = {k: options[k] for k in _SHARED_WITH_RELEVANCY if k in options}
        load_relevancy_config(**{**shared, **(relevancy_options or {})})


def metric_records(record: Mapping[str, Any]) -> Iterator[tuple[str, Mapping[str, Any]]]:
    """``(metric name, record)`` for every metric of a result record, the row's own first."""
    yield str(record.get("metric_name")), record
    others = record.get(OTHER_METRICS_KEY)
    if isinstance(others, Mapping):
        for name, other in others.items():
            if isinstance(other, Mapping):
                yield str(name), other
