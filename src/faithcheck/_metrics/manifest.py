"""The ``rag.faithfulness`` metric manifest (seed 001), generated from the config model."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import yaml

from faithcheck._core.rows import ACCEPTED_SCHEMAS, REQUIRED_COLUMNS
from faithcheck._metrics.config import InitializationConfig

__all__ = [
    "ACCEPTED_SCHEMAS",
    "ENTRYPOINT",
    "EXECUTION",
    "REQUIRED_COLUMNS",
    "config_schema",
    "manifest",
    "manifest_yaml",
    "metric_manifest",
]

ENTRYPOINT = "faithcheck.entrypoint.faithfulness"
"""Dotted path of the per-row scorer callable a host platform imports."""


EXECUTION: dict[str, Any] = {
    "emits_metric_family": False,
    "function_name": None,
    "max_concurrency": 8,
    "processing_kind": "network",
    "stream_batch_size": 5000,
    "timeout_seconds": 21600,
}

_METHODOLOGY = [
    "An LLM judge (custom Ragas-based faithfulness metric) decomposes the answer into atomic claims.",
    "A relevance filter drops claims that are not relevant to the question.",
    "Each surviving claim is checked against the retrieved context with a natural-language-inference "
    "verdict of supported vs not-supported (a failing claim also carries a finer reason of unsupported, "
    "contradicted, wrong_entity, or overclaim).",
    "The score is the mean of the per-claim verdicts, normalised to 0-1 (0.0 if no claims survive).",
]

_SCORE_SEMANTICS = (
    "Scores range 0-1, the fraction of relevant answer claims that are supported by the retrieved "
    "context. A high score means every claim is grounded; a low score means the answer hallucinated "
    "or contradicted the sources. Higher is better."
)

_SUMMARY = (
    "Measures how well the answer sticks to the retrieved sources, penalising claims the context does not support."
)

_WORKED_EXAMPLE = (
    "An answer yields 5 claims; 1 is filtered as irrelevant, and of the 4 judged, 3 are supported "
    "and 1 contradicts the context -> 3/4 = 0.75."
)


def config_schema() -> dict[str, Any]:
    """JSON schema of :class:`InitializationConfig`, in the manifest's form.

    pydantic adds the class docstring as ``description`` and ``additionalProperties: false``
    (the model rejects unknown options); the published schema carries neither.
    """
    schema = InitializationConfig.model_json_schema()
    schema.pop("description", None)
    schema.pop("additionalProperties", None)
    return schema


def manifest() -> dict[str, Any]:
    """The complete ``rag.faithfulness`` manifest as a plain dict."""
    return metric_manifest(
        name="rag.faithfulness",
        display_name="Answer Faithfulness",
        description="How well does the answer stick to the retrieved sources without unsupported claims?",
        config=config_schema(),
        entrypoint=ENTRYPOINT,
        required_columns=REQUIRED_COLUMNS,
        methodology=_METHODOLOGY,
        score_semantics=_SCORE_SEMANTICS,
        summary=_SUMMARY,
        worked_example=_WORKED_EXAMPLE,
    )


def metric_manifest(
    *,
    name: str,
    display_name: str,
    description: str,
    config: dict[str, Any],
    entrypoint: str,
    required_columns: Sequence[str],
    methodology: Sequence[str],
    score_semantics: str,
    summary: str,
    worked_example: str,
) -> dict[str, Any]:
    """A pointwise, per-row, higher-is-better metric manifest in the shape seed 001 fixes."""
    return {
        "accepts": [dict(s) for s in ACCEPTED_SCHEMAS],
        "config_schema": config,
        "dependencies": [],
        "description": description,
        "direction": "higher_is_better",
        "display_name": display_name,
        "entrypoint": entrypoint,
        "execution": dict(EXECUTION),
        "kind": "metric",
        "manifest_version": "1",
        "max_prompt_slots": 0,
        "metric_metadata": {
            "methodology": list(methodology),
            "score_semantics": score_semantics,
            "summary": summary,
            "worked_example": worked_example,
        },
        "metric_type": "pointwise",
        "name": name,
        "partition_types": [],
        "required_columns": list(required_columns),
        "required_kinds": [],
        "scorer_contract": "per_row",
        "target_kind": None,
        "unsupported_trace_shapes": [],
        "version": "1.0.0",
    }


def manifest_yaml() -> str:
    """The manifest as YAML, keys sorted as in the published manifest."""
    return yaml.safe_dump(manifest(), sort_keys=True, allow_unicode=True)
