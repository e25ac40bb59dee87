"""The metric interface the runner, Ray, the run store, the summary, the pytest plugin and
``assert_that`` are written against, so that a new metric is one new module.

A metric has a name, a configuration, ``evaluate`` / ``aevaluate`` returning an
:class:`~faithcheck._core.types.EvalScore`, the columns it needs, the versions that decide its scores,
and a manifest. :class:`~faithcheck._metrics.faithfulness.Faithfulness` is the first; a dataset can be scored by
several at once (:func:`as_metrics`), each row validated once.

The result records a run writes (one per row, each metric's result in it) are laid out in
:mod:`faithcheck._core.records`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING, Any

from faithcheck._core.errors import ConfigError
from faithcheck._core.types import TestCase
from faithcheck._metrics.base import Metric, members

if TYPE_CHECKING:
    from faithcheck._llm.cost import CostEstimate
    from faithcheck._pipeline.extract import ClaimExtractor

__all__ = [
    "METRIC_NAMES",
    "MetricOptions",
    "MetricSpec",
    "as_metrics",
    "build_metrics",
    "check_metric_options",
    "metric_names",
    "metric_spec",
    "register_metric",
    "spec_of",
]

_BUILT_IN = {
    "faithfulness": "faithcheck._metrics.faithfulness",
    "answer_relevancy": "faithcheck._metrics.answer_relevancy",
}
"""The metrics faithcheck ships: name → the module whose ``METRIC_SPEC`` makes it (one line a metric)."""
METRIC_NAMES = tuple(_BUILT_IN)
"""The metrics faithcheck ships, by the names ``--metrics`` takes."""
_registered: dict[str, MetricSpec] = {}


@dataclass(frozen=True)
class MetricOptions:
    """What a metric's factory gets from a run: the command line, a config file, Ray."""

    options: Mapping[str, Any] = field(default_factory=dict)
    """The run's top-level options (flags, and a config file's top level: faithfulness's own)."""
    section: Mapping[str, Any] = field(default_factory=dict)
    """The config file's section named after the metric (``answer_relevancy:``); empty for faithfulness."""
    extractor: ClaimExtractor | None = None
    """The run's shared claim extractor, so that several metrics split an answer once."""
    require_key: bool = True
    """``False`` for ``--dry-run``: LLM backends are built without an API key."""


@dataclass(frozen=True)
class MetricSpec:
    """How the command line, Ray, the config file and the dry run make and describe a metric they
    know only by its name (see :func:`register_metric`)."""

    name: str
    metric_type: type
    """The class of the metrics ``build`` makes (so that a metric renamed by ``metric_name`` is found)."""
    build: Callable[[MetricOptions], Metric]
    check: Callable[[MetricOptions], None]
    """Raise :class:`ConfigError` for invalid options, loading no model."""
    manifest: Callable[[], dict[str, Any]]
    estimate: Callable[[Metric, TestCase, bool], CostEstimate] | None = None
    """``--dry-run``: the LLM calls, tokens and cost of one row (the flag: count the answer's
    extraction too, which the metrics of a run share); ``None`` for a metric that calls no LLM."""
    uses_llm: Callable[[Metric], bool] = lambda metric: False
    preload: Callable[[Metric], None] = lambda metric: None
    """Load what the metric's first row would (a Ray worker calls it when it starts)."""
    verdict_noun: str = "claim"
    """What the metric labels, for the summary ("claim labels", "statement labels")."""


def register_metric(spec: MetricSpec) -> None:
    """Make a metric known by ``spec.name`` to ``--metrics``, config files, ``manifest --metric``,
    the dry run and Ray. A metric of faithcheck's own is one line of ``_BUILT_IN`` instead."""
    if spec.name in _BUILT_IN:
        raise ConfigError(f"{spec.name!r} is a metric faithcheck ships: give yours another name")
    _registered[spec.name] = spec


def metric_names() -> tuple[str, ...]:
    """Every metric ``--metrics`` takes: faithcheck's, then the registered ones."""
    return (*_BUILT_IN, *_registered)


def metric_spec(name: str) -> MetricSpec:
    """The :class:`MetricSpec` of the metric called ``name``; :class:`ConfigError` for an unknown one."""
    if name in _registered:
        return _registered[name]
    if name in _BUILT_IN:
        spec: MetricSpec = import_module(_BUILT_IN[name]).METRIC_SPEC
        return spec
    raise ConfigError(f"--metrics: unknown {[name]}; choose from {', '.join(metric_names())}")


def spec_of(metric: Metric) -> MetricSpec | None:
    """The :class:`MetricSpec` of the registered metric type ``metric`` is, or ``None`` (a metric
    object nobody registered: it is scored, but has no dry-run estimate)."""
    return next((spec for spec in map(metric_spec, metric_names()) if isinstance(metric, spec.metric_type)), None)


def as_metrics(metrics: Metric | Sequence[Metric] | None) -> tuple[Metric, ...]:
    """One metric or several as a tuple (default: ``Faithfulness()``); names must be unique.

    >>> from faithcheck import Faithfulness
    >>> [m.name for m in as_metrics(Faithfulness())]
    ['faithfulness']
    """
    if metrics is None:
        return (metric_spec("faithfulness").build(MetricOptions()),)
    found = tuple(metrics) if isinstance(metrics, Sequence) else (metrics,)
    if not found:
        raise ConfigError("at least one metric is needed")
    for m in found:
        if not isinstance(m, Metric):
            missing = [member for member in members(Metric) if not hasattr(m, member)]
            lacking = f": it lacks {', '.join(missing)}" if missing else ""
            raise ConfigError(f"{type(m).__name__} is not a faithcheck metric (see faithcheck.Metric){lacking}")
    names = [m.name for m in found]
    if len(set(names)) != len(names):
        raise ConfigError(f"metric names must be unique, got {names}: set metric_name on one of them")
    return found


def build_metrics(
    names: Sequence[str],
    options: Mapping[str, Any],
    sections: Mapping[str, Mapping[str, Any]] | None = None,
    *,
    require_key: bool = True,
) -> tuple[Metric, ...]:
    """The metrics ``--metrics`` names, in that order, each from the run's ``options`` and its own
    section of ``sections`` (a config file's ``answer_relevancy:``). One extractor serves them all,
    so the answer is split into claims once. ``require_key=False`` (``--dry-run``) builds LLM
    backends without a key."""
    from faithcheck._metrics.backends import make_extractor
    from faithcheck._metrics.config import load_config
    from faithcheck._pipeline.extract.shared import SharedExtractor

    check_metric_options(names, options, sections)
    extractor = SharedExtractor(make_extractor(load_config(**options), require_key=require_key))
    return tuple(
        metric_spec(name).build(MetricOptions(options, (sections or {}).get(name, {}), extractor, require_key))
        for name in dict.fromkeys(names)
    )


def check_metric_options(
    names: Sequence[str], options: Mapping[str, Any], sections: Mapping[str, Mapping[str, Any]] | None = None
) -> None:
    """Raise :class:`ConfigError` for unknown metric names or invalid options, loading no model. A
    metric's section is checked even when the metric is not scored this time."""
    from faithcheck._metrics.config import load_config

    unknown = [n for n in [*names, *(sections or {})] if n not in metric_names()]
    if unknown or not names:
        raise ConfigError(f"--metrics: unknown {unknown or list(names)}; choose from {', '.join(metric_names())}")
    load_config(**options)
    for name in dict.fromkeys([*names, *(sections or {})]):
        metric_spec(name).check(MetricOptions(options, (sections or {}).get(name, {})))
