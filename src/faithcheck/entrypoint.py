"""The per-row scorer callable named by the manifest's ``entrypoint``."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from faithcheck._core.errors import InputError
from faithcheck._core.types import EvalScore
from faithcheck._metrics.config import load_config
from faithcheck._metrics.faithfulness import Faithfulness

__all__ = ["faithfulness"]


@lru_cache(maxsize=8)
def _metric(options: tuple[tuple[str, Any], ...]) -> Faithfulness:
    return Faithfulness.from_config(load_config(**dict(options)))


def faithfulness(row: Mapping[str, Any], config: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Score one row (``input_id, prompt, sut_response, retrieved_context``) and return the
    result as a JSON-ready dict. A malformed row comes back with ``status="error"`` and a
    message naming the field, so a host that scores row by row never loses the others.

    >>> out = faithfulness({"input_id": "a", "prompt": "Q?", "sut_response": "x",
    ...                     "retrieved_context": []})
    >>> out["status"], out["message"]
    ('error', "input_id='a': field 'retrieved_context': is empty: a non-empty list of passages is required")
    """
    metric = _metric(tuple(sorted((config or {}).items())))
    try:
        return metric.evaluate(row).model_dump(mode="json")
    except InputError as exc:
        return EvalScore.not_scored(metric, exc.input_id or "", str(exc)).model_dump(mode="json")
