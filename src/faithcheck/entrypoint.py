"""The per-row scorers a metric's manifest names as its ``entrypoint``: ``faithfulness`` for
``rag.faithfulness``, ``answer_relevancy`` for ``rag.answer_relevancy``. Each takes one row and the
metric's configuration (the manifest's ``config`` schema) and returns the row's result as a
JSON-ready dict; both are the same function of the metric's name in the registry."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from faithcheck._core.errors import InputError
from faithcheck._core.types import EvalScore
from faithcheck._metrics.base import Metric
from faithcheck._metrics.registry import MetricOptions, metric_spec

__all__ = ["answer_relevancy", "faithfulness", "score_row"]


@lru_cache(maxsize=8)
def _metric(name: str, options: tuple[tuple[str, Any], ...]) -> Metric:
    # the metric's own configuration, both as the run's options and as its section: each metric
    # reads it where a run would give it (faithfulness at the top level, another in its section)
    config = dict(options)
    return metric_spec(name).build(MetricOptions(options=config, section=config))


def score_row(metric: str, row: Mapping[str, Any], config: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Score one row (``input_id, prompt, sut_response`` and the metric's other columns) with the
    registered metric ``metric`` and return the result as a JSON-ready dict. A malformed row comes
    back with ``status="error"`` and a message naming the field, so a host that scores row by row
    never loses the others.

    >>> out = score_row("faithfulness", {"input_id": "a", "prompt": "Q?", "sut_response": "x",
    ...                                  "retrieved_context": []})
    >>> out["status"], out["message"]
    ('error', "input_id='a': field 'retrieved_context': is empty: a non-empty list of passages is required")
    """
    scorer = _metric(metric, tuple(sorted((config or {}).items())))
    try:
        return scorer.evaluate(row).model_dump(mode="json")
    except InputError as exc:
        return EvalScore.not_scored(scorer, exc.input_id or "", str(exc)).model_dump(mode="json")


def faithfulness(row: Mapping[str, Any], config: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """``rag.faithfulness``'s entrypoint: :func:`score_row` with faithfulness (``retrieved_context`` needed)."""
    return score_row("faithfulness", row, config)


def answer_relevancy(row: Mapping[str, Any], config: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """``rag.answer_relevancy``'s entrypoint: :func:`score_row` with answer relevancy (no context needed).

    >>> answer_relevancy({"input_id": "a", "prompt": "How long is the warranty?",
    ...                   "sut_response": "The warranty lasts 2 years."})["value"]
    1.0
    """
    return score_row("answer_relevancy", row, config)
