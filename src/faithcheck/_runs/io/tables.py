"""Flat table layouts of results: for Parquet, one table of rows and one of claims; for CSV, the
rows table with the claims as one JSON column. A claim's best evidence sentence has columns of its
own; every sentence its verdict rests on is in ``evidence_json`` (claims table) or in the verdict's
``evidence_set`` (``claims_json``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, Final

import pyarrow as pa

from faithcheck._core.records import OTHER_METRICS_KEY

__all__ = ["CLAIMS_SCHEMA", "CSV_COLUMNS", "ROWS_SCHEMA", "claims_rows", "csv_fields", "row_fields"]

ROWS_SCHEMA = pa.schema(
    [
        ("row", pa.int64()),
        ("input_id", pa.string()),
        ("metric_name", pa.string()),
        ("value", pa.float64()),
        ("unit_value", pa.float64()),
        ("passed", pa.bool_()),
        ("threshold", pa.float64()),
        ("status", pa.string()),
        ("reason", pa.string()),
        ("message", pa.string()),
        ("weight", pa.float64()),
        ("claims", pa.int64()),
        ("supported_claims", pa.int64()),
        ("llm_calls", pa.int64()),
        ("input_tokens", pa.int64()),
        ("output_tokens", pa.int64()),
        ("cache_hits", pa.int64()),
        ("cost_usd", pa.float64()),
        ("wall_seconds", pa.float64()),
        ("lang", pa.string()),
        ("detected_lang", pa.string()),
        ("context_utilisation", pa.float64()),
        ("warnings", pa.list_(pa.string())),
        ("metrics_json", pa.string()),
    ]
)

CLAIMS_SCHEMA = pa.schema(
    [
        ("row", pa.int64()),
        ("input_id", pa.string()),
        ("claim_id", pa.string()),
        ("text", pa.string()),
        ("start", pa.int64()),
        ("end", pa.int64()),
        ("label", pa.string()),
        ("score", pa.float64()),
        ("reason", pa.string()),
        ("evidence_passage", pa.int64()),
        ("evidence_start", pa.int64()),
        ("evidence_end", pa.int64()),
        ("evidence_quote", pa.string()),
        ("evidence_count", pa.int64()),
        ("evidence_json", pa.string()),
        ("error", pa.string()),
    ]
)


def row_fields(record: Mapping[str, Any]) -> dict[str, Any]:
    """One result record as a flat row of :data:`ROWS_SCHEMA`."""
    usage = record.get("usage") or {}
    claims = record.get("claims") or []
    labels = [(c.get("verdict") or {}).get("label") for c in claims]
    return {
        "row": record["row"],
        "input_id": record.get("input_id"),
        "metric_name": record.get("metric_name"),
        "value": record.get("value"),
        "unit_value": record.get("unit_value"),
        "passed": bool(record.get("passed")),
        "threshold": record.get("threshold"),
        "status": record.get("status"),
        "reason": record.get("reason"),
        "message": record.get("message"),
        "weight": record.get("weight"),
        "claims": sum(1 for label in labels if label not in (None, "irrelevant")),
        "supported_claims": sum(1 for label in labels if label == "supported"),
        "llm_calls": usage.get("llm_calls", 0),
        "input_tokens": usage.get("input_tokens", 0),
        "output_tokens": usage.get("output_tokens", 0),
        "cache_hits": usage.get("cache_hits", 0),
        "cost_usd": usage.get("cost_usd"),
        "lang": record.get("lang"),
        "detected_lang": record.get("detected_lang"),
        "context_utilisation": record.get("context_utilisation"),
        "warnings": [str(w) for w in record.get("warnings") or []],  # none in a record written before it had them
        "metrics_json": json.dumps(others, ensure_ascii=False) if (others := record.get(OTHER_METRICS_KEY)) else None,
        "wall_seconds": usage.get("wall_seconds"),
    }


def claims_rows(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The claims of one result record as rows of :data:`CLAIMS_SCHEMA`.

    ``evidence_passage`` … ``evidence_quote`` are the verdict's ``evidence`` (the best sentence);
    ``evidence_count`` and ``evidence_json`` are its ``evidence_set``: how many sentences the
    verdict rests on (more than one when the support spans sentences) and each, in reading order,
    as a JSON list of ``{"passage_index", "start", "end", "quote"}`` (``[]`` without evidence).

    >>> sentence = {"passage_index": 0, "start": 0, "end": 2, "quote": "A."}
    >>> other = {"passage_index": 2, "start": 5, "end": 7, "quote": "B."}
    >>> claim = {"id": "c1", "text": "A and B.", "start": 0, "end": 8}
    >>> verdict = {"label": "supported", "evidence": other, "evidence_set": [sentence, other]}
    >>> row = claims_rows({"row": 1, "claims": [{"claim": claim, "verdict": verdict}]})[0]
    >>> row["evidence_passage"], row["evidence_count"], json.loads(row["evidence_json"])[0]["quote"]
    (2, 2, 'A.')
    """
    out = []
    for item in record.get("claims") or []:
        claim = item["claim"]
        verdict = item.get("verdict") or {}
        evidence = verdict.get("evidence") or {}
        evidence_set = _evidence_set(verdict)
        out.append(
            {
                "row": record["row"],
                "input_id": record.get("input_id"),
                "claim_id": claim["id"],
                "text": claim["text"],
                "start": claim["start"],
                "end": claim["end"],
                "label": verdict.get("label"),
                "score": verdict.get("score"),
                "reason": verdict.get("reason"),
                "evidence_passage": evidence.get("passage_index"),
                "evidence_start": evidence.get("start"),
                "evidence_end": evidence.get("end"),
                "evidence_quote": evidence.get("quote"),
                "evidence_count": len(evidence_set),
                "evidence_json": json.dumps(evidence_set, ensure_ascii=False),
                "error": item.get("error"),
            }
        )
    return out


def _evidence_set(verdict: dict[str, Any]) -> list[Any]:
    """A verdict's ``evidence_set``; for a record written before verdicts had one (a resumed
    output, a record made by hand), its ``evidence`` alone."""
    if evidence_set := verdict.get("evidence_set"):
        return list(evidence_set)
    return [evidence] if (evidence := verdict.get("evidence")) else []


CSV_COLUMNS: Final[tuple[str, ...]] = (*ROWS_SCHEMA.names, "claims_json")
"""The columns of a CSV output, one CSV row per dataset row, in input order:

- ``row`` … ``wall_seconds``: the columns of :data:`ROWS_SCHEMA` (see :func:`row_fields`): ``row`` (the
  dataset row number), ``input_id``, ``metric_name``, ``value`` and ``unit_value`` (the score, empty for
  an error row), ``passed`` (``true``/``false``), ``threshold``, ``status`` (``ok`` or ``error``),
  ``reason``, ``message`` (why a row is an error), ``weight``, ``claims`` and ``supported_claims``
  (counts of checked claims), ``llm_calls``, ``input_tokens``, ``output_tokens``, ``cache_hits``,
  ``cost_usd``, ``wall_seconds``, ``lang`` and ``detected_lang`` (the language scored in, and the one
  detected), ``context_utilisation`` (the share of passages that support a claim), ``warnings`` (what to
  know about a row scored ``ok``, e.g. that it looks German but was scored as English: a JSON list,
  ``[]`` for none; a list of strings in Parquet), ``metrics_json``
  (with ``--metrics`` naming several: the other metrics' records of the row, as JSON);
- ``claims_json``: the row's claims with their verdicts and evidence, as the JSON list the JSONL
  output holds under ``claims`` (``[]`` for an error row); a verdict's ``evidence`` is its best
  sentence, its ``evidence_set`` every sentence it rests on, in reading order.

An empty cell is a missing value (``null`` in JSONL).
"""


def _csv_cell(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)  # the shortest text that reads back as the same float
    return str(value)


def csv_fields(record: dict[str, Any]) -> dict[str, str]:
    """One result record as a row of :data:`CSV_COLUMNS` (every cell a string).

    >>> fields = csv_fields({"row": 3, "input_id": "q-1", "value": 0.5, "passed": False, "status": "ok",
    ...                      "claims": []})
    >>> fields["row"], fields["value"], fields["passed"], fields["message"], fields["claims_json"]
    ('3', '0.5', 'false', '', '[]')
    """
    cells = {name: _csv_cell(value) for name, value in row_fields(record).items()}
    cells["claims_json"] = json.dumps(record.get("claims") or [], ensure_ascii=False, separators=(",", ":"))
    return cells
