"""Turning a raw dataset row (a mapping) into a validated :class:`TestCase`.

Enforces seed 001's input contract: the required columns, and the accepted schema
``gdi_text_v1`` with task types ``single_turn_rag`` and ``multi_turn_rag``. Every problem is an
:class:`InputError` naming the row number, the ``input_id`` (when readable) and the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from faithcheck.errors import InputError
from faithcheck.manifest import ACCEPTED_SCHEMAS, REQUIRED_COLUMNS
from faithcheck.types import TestCase

__all__ = ["case_from_row"]

_SCHEMA_FIELD = "schema"
_TASK_TYPE_FIELD = "task_type"
_ACCEPTED = {s["name"]: frozenset(s["task_types"]) for s in ACCEPTED_SCHEMAS}


def case_from_row(row: Mapping[str, Any], row_number: int | None = None) -> TestCase:
    """Validate one row and return it as a :class:`TestCase`.

    ``row`` must hold the four required columns. Optional ``schema`` and ``task_type`` columns
    are checked against the accepted schemas; other columns are ignored. ``input_id`` may be a
    string or an integer (integers are converted, since CSV and Parquet often carry them so).

    >>> case_from_row({"input_id": 1, "prompt": "Q?", "sut_response": "A.",
    ...                "retrieved_context": ["A."]}).input_id
    '1'
    """
    if not isinstance(row, Mapping):
        raise InputError("row", f"must be a mapping of column to value, got {type(row).__name__}", row=row_number)
    raw_id = row.get("input_id")
    input_id = str(raw_id) if isinstance(raw_id, (str, int)) and not isinstance(raw_id, bool) else None

    def fail(field: str, problem: str) -> InputError:
        return InputError(field, problem, row=row_number, input_id=input_id)

    for column in REQUIRED_COLUMNS:
        if column not in row or row[column] is None:
            raise fail(column, "required column is missing")
    if input_id is None:
        raise fail("input_id", f"must be a string or an integer, got {type(raw_id).__name__}")

    schema = row.get(_SCHEMA_FIELD)
    if schema is not None and schema not in _ACCEPTED:
        raise fail(_SCHEMA_FIELD, f"{schema!r} is not accepted; accepted: {sorted(_ACCEPTED)}")
    task_type = row.get(_TASK_TYPE_FIELD)
    accepted_tasks = _ACCEPTED.get(schema or "gdi_text_v1", frozenset())
    if task_type is not None and task_type not in accepted_tasks:
        raise fail(_TASK_TYPE_FIELD, f"{task_type!r} is not accepted; accepted: {sorted(accepted_tasks)}")

    context = row["retrieved_context"]
    if isinstance(context, str):
        raise fail("retrieved_context", "must be a list of passages (strings), not a single string")

    try:
        case = TestCase(
            input_id=input_id,
            prompt=row["prompt"],
            sut_response=row["sut_response"],
            retrieved_context=list(context) if isinstance(context, (list, tuple)) else context,
        )
    except ValidationError as exc:
        # For a union field (prompt: str | list[Message]) the most specific error is the one
        # with the longest location; union branch names ("str", "list[Message]") are dropped.
        err = max(exc.errors(), key=lambda e: len(e["loc"]))
        loc = [str(p) for p in err["loc"] if not _is_union_branch(p)]
        field = loc[0] if loc else "row"
        detail = f" (at {'.'.join(loc[1:])})" if len(loc) > 1 else ""
        raise fail(field, f"{_describe(err)}{detail}") from None

    if task_type == "multi_turn_rag" and case.task_type != "multi_turn_rag":
        raise fail("prompt", "task_type multi_turn_rag needs the conversation as a list of messages")
    if task_type == "single_turn_rag" and case.task_type != "single_turn_rag":
        raise fail("prompt", "task_type single_turn_rag needs the question as a string")
    return case


def _is_union_branch(part: object) -> bool:
    return isinstance(part, str) and (part in {"str", "list"} or "[" in part)


def _describe(err: Any) -> str:
    kind = err.get("type", "")
    if kind == "too_short" and err["loc"] and err["loc"][0] == "retrieved_context":
        return "is empty: a non-empty list of passages is required"
    if kind == "string_type" and tuple(err["loc"]) == ("prompt", "str"):
        return f"must be a string or a list of messages, got {type(err.get('input')).__name__}"
    if kind == "string_type":
        return f"must be a string, got {type(err.get('input')).__name__}"
    if kind == "list_type":
        return f"must be a list, got {type(err.get('input')).__name__}"
    msg = str(err.get("msg", "invalid value"))
    return msg.removeprefix("Value error, ")
