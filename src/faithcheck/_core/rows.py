"""Turning a raw dataset row (a mapping) into a validated :class:`TestCase`.

Enforces seed 001's input contract: the required columns, and the accepted schema
``gdi_text_v1`` with task types ``single_turn_rag`` and ``multi_turn_rag``. Every problem is an
:class:`InputError` naming the row number, the ``input_id`` (when readable) and the field.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from pydantic import ValidationError

from faithcheck._core.errors import InputError
from faithcheck._core.types import TestCase

__all__ = [
    "ACCEPTED_SCHEMAS",
    "CONTEXT_STRING_WARNING",
    "ID_FROM_ROW_WARNING",
    "REQUIRED_COLUMNS",
    "case_from_row",
    "row_warnings",
]

REQUIRED_COLUMNS: tuple[str, ...] = ("input_id", "prompt", "sut_response", "retrieved_context")
"""Seed 001's input columns (the manifest's ``required_columns``)."""
ACCEPTED_SCHEMAS: tuple[dict[str, Any], ...] = (
    {"name": "gdi_text_v1", "task_types": ["multi_turn_rag", "single_turn_rag"]},
)
"""Seed 001's accepted row schemas and their task types."""

_SCHEMA_FIELD = "schema"
_TASK_TYPE_FIELD = "task_type"
_OPTIONAL = (_SCHEMA_FIELD, _TASK_TYPE_FIELD)
_CHECKED = frozenset(REQUIRED_COLUMNS)
_MAX_ID_CHARS = 1000
_SHOWN_CHARS = 60
_ACCEPTED = {s["name"]: frozenset(s["task_types"]) for s in ACCEPTED_SCHEMAS}
CONTEXT_STRING_WARNING = "retrieved_context was one string: it was read as one passage"
"""The warning of a row whose ``retrieved_context`` is one string, not a list of passages."""
ID_FROM_ROW_WARNING = (
    "input_id was missing: the row's position gave its id (row-N), which changes if rows are added or removed"
)
"""The warning of a row numbered by its position (see ``faithcheck._runs.io.readers.iter_source``)."""


def case_from_row(
    row: Mapping[str, Any], row_number: int | None = None, *, required: Sequence[str] = REQUIRED_COLUMNS
) -> TestCase:
    """Validate one row and return it as a :class:`TestCase`.

    ``row`` must hold the ``required`` columns (by default seed 001's four; a metric that needs no
    context leaves ``retrieved_context`` out, and a row without it gets an empty one). Optional
    ``schema`` and ``task_type`` columns are checked against the accepted schemas; other columns
    are ignored. ``input_id`` may be a
    string or an integer (integers are converted, since CSV and Parquet often carry them so).
    A ``retrieved_context`` that is one string (a single passage, as CSV exports often hold it) is
    read as one passage; :func:`row_warnings` says so.

    >>> case_from_row({"input_id": 1, "prompt": "Q?", "sut_response": "A.",
    ...                "retrieved_context": ["A."]}).input_id
    '1'
    """
    if not isinstance(row, Mapping):
        raise InputError("row", f"must be a mapping of column to value, got {type(row).__name__}", row=row_number)
    raw_id = row.get("input_id")
    input_id, id_problem = _input_id(raw_id)

    def fail(field: str, problem: str) -> InputError:
        return InputError(field, problem, row=row_number, input_id=input_id)

    _check_columns(row, required, fail)
    if id_problem is not None:
        raise fail("input_id", id_problem)
    _check_text(row, fail)
    task_type = _checked_task_type(row, fail)
    case = _as_case(row, input_id, fail)
    if "retrieved_context" in required and not case.retrieved_context:
        raise fail("retrieved_context", "is empty: a non-empty list of passages is required")
    if task_type == "multi_turn_rag" and case.task_type != "multi_turn_rag":
        raise fail("prompt", "task_type multi_turn_rag needs the conversation as a list of messages")
    if task_type == "single_turn_rag" and case.task_type != "single_turn_rag":
        raise fail("prompt", "task_type single_turn_rag needs the question as a string")
    return case


_Fail = Callable[[str, str], InputError]
"""Makes the error of one field of the row being read (``fail(field, problem)``)."""


def _check_columns(row: Mapping[str, Any], required: Sequence[str], fail: _Fail) -> None:
    """Every required column present and filled."""
    for column in required:
        if column not in row:
            raise fail(column, "required column is missing")
        if _is_missing(row[column]):
            raise fail(column, "required value is missing (an empty cell, null or NaN)")


def _check_text(row: Mapping[str, Any], fail: _Fail) -> None:
    """No column faithcheck reads holds text that is not valid Unicode."""
    for column, value in row.items():
        if isinstance(column, str) and (column in _CHECKED or column in _OPTIONAL) and _has_bad_text(value):
            raise fail(
                column,
                "holds text that is not valid Unicode (bytes that are not UTF-8, or a lone surrogate "
                "such as \\ud800): save the data as UTF-8",
            )


def _checked_task_type(row: Mapping[str, Any], fail: _Fail) -> Any:
    """The row's ``task_type`` (or ``None``), once it and its ``schema`` are ones faithcheck accepts."""
    schema = _optional(row.get(_SCHEMA_FIELD))
    if schema is not None and (not isinstance(schema, str) or schema not in _ACCEPTED):
        raise fail(_SCHEMA_FIELD, f"{_show(schema)} is not accepted; accepted: {sorted(_ACCEPTED)}")
    task_type = _optional(row.get(_TASK_TYPE_FIELD))
    accepted_tasks = _ACCEPTED.get(schema or "gdi_text_v1", frozenset())
    if task_type is not None and (not isinstance(task_type, str) or task_type not in accepted_tasks):
        raise fail(_TASK_TYPE_FIELD, f"{_show(task_type)} is not accepted; accepted: {sorted(accepted_tasks)}")
    return task_type


def _as_case(row: Mapping[str, Any], input_id: str | None, fail: _Fail) -> TestCase:
    """The row as a :class:`TestCase`; a value of the wrong shape is refused naming its field."""
    context = row.get("retrieved_context")
    context = [] if _is_missing(context) else context
    if isinstance(context, str):
        context = [context]  # one passage; row_warnings reports it
    try:
        return TestCase(
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


def row_warnings(row: Mapping[str, Any]) -> list[str]:
    """What :func:`case_from_row` read leniently in ``row`` (a result record carries these in its
    ``warnings``, and the run summary counts them).

    >>> row_warnings({"retrieved_context": "The warranty lasts 2 years."})
    ['retrieved_context was one string: it was read as one passage']
    >>> row_warnings({"retrieved_context": ["The warranty lasts 2 years."]})
    []
    """
    if not isinstance(row, Mapping):
        return []
    return [CONTEXT_STRING_WARNING] if isinstance(row.get("retrieved_context"), str) else []


def row_input_id(row: Mapping[str, Any]) -> str | None:
    """The row's ``input_id`` as :func:`case_from_row` reads it, or ``None`` when it has no usable one
    (for naming a row that failed before or after validation).

    >>> row_input_id({"input_id": 7}), row_input_id({"input_id": None})
    ('7', None)
    """
    return _input_id(row.get("input_id"))[0]


def _input_id(raw: Any) -> tuple[str | None, str | None]:
    """``input_id`` as a string (integers and whole floats converted), or why it is not one."""
    if isinstance(raw, bool) or raw is None:
        return None, f"must be a string or an integer, got {type(raw).__name__}"
    if isinstance(raw, numbers.Integral):
        try:
            text = str(int(raw))
        except ValueError:  # more digits than Python converts to text
            return None, "is an integer too long to be an id"
    elif isinstance(raw, float) and raw.is_integer():
        text = str(int(raw))  # a CSV or pandas integer column with gaps is read as floats
    elif isinstance(raw, str):
        text = raw
    else:
        return None, f"must be a string or an integer, got {_type_name(raw)}"
    if len(text) > _MAX_ID_CHARS:
        return None, f"is {len(text):,} characters long; an id may have at most {_MAX_ID_CHARS:,}"
    if _has_bad_text(text):
        return text.encode("utf-8", "backslashreplace").decode("utf-8"), "is not valid Unicode (a lone surrogate)"
    return text, None


def _is_missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


def _optional(value: Any) -> Any:
    """An optional column's value; an empty cell (``None``, NaN, ``""``) is no value."""
    return None if _is_missing(value) or value == "" else value


def _has_bad_text(value: Any, depth: int = 0) -> bool:
    """Whether a string in ``value`` cannot be written as UTF-8 (lone surrogates)."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return True
        return False
    if depth > 3:
        return False  # deeper values are rejected by type validation anyway
    if isinstance(value, Mapping):
        return any(_has_bad_text(v, depth + 1) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_has_bad_text(v, depth + 1) for v in value)
    return False


def _type_name(value: Any) -> str:
    return type(value).__name__


def _show(value: Any) -> str:
    """A short, always-writable repr of a user's value for an error message."""
    try:
        text = repr(value)
    except ValueError:  # an integer of more digits than Python converts to text
        text = "<a very long integer>"
    except RecursionError:
        text = f"<a deeply nested {_type_name(value)}>"
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= _SHOWN_CHARS else text[: _SHOWN_CHARS - 1] + "…"


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
