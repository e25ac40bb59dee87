"""Streaming readers for datasets: JSONL, CSV, Parquet files, pandas DataFrames, pyarrow Tables,
Hugging Face ``datasets.Dataset`` objects and any iterable of mappings.

Rows are produced one at a time (Parquet and Arrow in record batches), so memory does not grow
with the dataset. A row that cannot be read (bad UTF-8, broken JSON, nesting too deep, an integer
of thousands of digits, a Parquet page that cannot be decoded) becomes a :class:`SourceRow` with an
error, and the others go on. A file that cannot be read at all (UTF-16, a corrupt Parquet footer,
none of the required columns) is one :class:`~faithcheck._core.errors.DatasetError` from
:func:`check_source`, before anything is scored.
"""

from __future__ import annotations

import ast
import codecs
import csv
import json
import math
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any, Literal

from faithcheck._core.errors import DatasetError, InputError
from faithcheck._core.rows import REQUIRED_COLUMNS, row_input_id

__all__ = [
    "COLUMN_PRESETS",
    "FileFormat",
    "SourceRow",
    "check_column_map",
    "check_source",
    "columns_as_rows",
    "count_rows",
    "detect_format",
    "iter_source",
    "parse_column_map",
    "sniff_format",
]

FileFormat = Literal["jsonl", "csv", "parquet"]
_LIST_COLUMNS = ("retrieved_context", "prompt")
_ARROW_BATCH = 1024
_PANDAS_BATCH = 1024
_SAMPLE_ROWS = 100
"""Rows of a JSONL file (or a list of mappings) looked at to check its columns up front."""
_MAX_LITERAL_CHARS = 10_000_000

COLUMN_PRESETS: dict[str, dict[str, str]] = {
    "ragas": {"user_input": "prompt", "response": "sut_response", "retrieved_contexts": "retrieved_context"},
    "deepeval": {"input": "prompt", "actual_output": "sut_response", "retrieval_context": "retrieved_context"},
}
"""``--map ragas`` / ``--map deepeval``: those tools' column names for faithcheck's columns."""

_UTF16_32_BOMS = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
_WIDE_NUL_SHARE = 0.3
"""UTF-16 without a BOM: at least this share of byte pairs has a NUL on the same side (ASCII text: all;
JSON or CSV of CJK text still has its quotes, commas and keys)."""
_WIDE_NUL_BALANCE = 0.75
"""... and the other side has at most this many NULs per NUL on that side (UTF-32: half; a run of NULs: as many)."""


@dataclass(frozen=True)
class SourceRow:
    """Row ``number`` (1-based position in the source) with its data, or why it is unreadable."""

    number: int
    data: dict[str, Any] | None
    error: str | None = None
    input_id: str | None = None
    """The ``input_id`` of a row that was read but cannot be used (its error names it too)."""
    id_from_position: bool = False
    """Whether the row had no ``input_id`` and was given ``row-N`` from its position (see :func:`iter_source`)."""


def parse_column_map(text: str | None) -> dict[str, str]:
    """``"question=prompt,answer=sut_response"`` → ``{"question": "prompt", "answer": "sut_response"}``.

    A part without ``=`` names a preset of :data:`COLUMN_PRESETS` (``ragas``, ``deepeval``);
    explicit pairs may follow it, and replace its pair for the same column. Two columns mapped to
    one is an error (which of them would be scored?).

    >>> parse_column_map("question=prompt, contexts=retrieved_context")
    {'question': 'prompt', 'contexts': 'retrieved_context'}
    >>> parse_column_map("ragas,id=input_id")["retrieved_contexts"]
    'retrieved_context'
    """
    if not text:
        return {}
    preset: dict[str, str] = {}
    explicit: dict[str, str] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        source, sep, target = part.partition("=")
        if not sep and source.strip().lower() in COLUMN_PRESETS:
            preset.update(COLUMN_PRESETS[source.strip().lower()])
            continue
        if not sep or not source.strip() or not target.strip():
            presets = ", ".join(COLUMN_PRESETS)
            raise InputError("--map", f"{part.strip()!r} is not SOURCE=TARGET nor a preset ({presets})")
        explicit[source.strip()] = target.strip()
        check_column_map(explicit, field="--map")
    # an explicit pair replaces a preset's pair for the same column
    kept = {s: t for s, t in preset.items() if t not in explicit.values()}
    return {**kept, **explicit}


def check_column_map(mapping: Mapping[str, str], *, field: str = "column_map") -> None:
    """Raise :class:`InputError` when two source columns are renamed to one column (which of them
    would be scored?).

    >>> check_column_map({"q": "prompt", "title": "prompt"})
    Traceback (most recent call last):
    ...
    faithcheck._core.errors.InputError: field 'column_map': 'q' and 'title' are both mapped to 'prompt': map one of them
    """
    seen: dict[str, str] = {}
    for source, target in mapping.items():
        if (other := seen.setdefault(target, source)) != source:
            raise InputError(field, f"{other!r} and {source!r} are both mapped to {target!r}: map one of them")


def detect_format(path: Path) -> FileFormat:
    suffixes = [s.lower() for s in path.suffixes]
    if ".parquet" in suffixes or ".pq" in suffixes:
        return "parquet"
    if ".csv" in suffixes:
        return "csv"
    if ".jsonl" in suffixes or ".ndjson" in suffixes or ".json" in suffixes:
        return "jsonl"
    raise InputError(
        "input", f"cannot tell the format of {path.name!r}: use .jsonl, .json, .csv or .parquet, or --format"
    )


def sniff_format(path: Path) -> FileFormat:
    """The format of a file without a telling name (standard input): Parquet by its magic bytes,
    JSON lines when the first non-blank line opens a JSON object or array, CSV otherwise."""
    with path.open("rb") as fh:
        if fh.read(4) == b"PAR1":
            return "parquet"
        fh.seek(0)
        for line in fh:
            text = line.removeprefix(codecs.BOM_UTF8).strip()
            if text:
                return "jsonl" if text[:1] in (b"{", b"[") else "csv"
    return "jsonl"


def check_source(
    source: str | Path | Any,
    *,
    fmt: FileFormat | None = None,
    column_map: Mapping[str, str] | None = None,
    required: Sequence[str] = REQUIRED_COLUMNS,
    id_from_row: bool | None = None,
) -> None:
    """Raise :class:`DatasetError` when ``source`` cannot be read at all or lacks a required column.

    Cheap: a file's header or first rows only. For JSONL (and lists of mappings), where every row
    has its own keys, the dataset fails only when none of its first rows has every required
    column; single rows that lack one become error rows later. ``input_id`` is required only
    when ``id_from_row`` is ``False`` (see :func:`iter_source`).
    """
    if id_from_row is not False:
        required = [c for c in required if c != "input_id"]
    mapping = dict(column_map or {})
    check_column_map(mapping)
    if isinstance(source, (str, Path)):
        path = Path(source)
        if not path.is_file():
            raise DatasetError(f"cannot read {path}: no such file")
        kind = fmt or detect_format(path)
        if kind == "parquet":
            columns = [_parquet_columns(path)]
        else:
            _check_text_encoding(path)
            if kind == "csv":
                header = _csv_header(path)
                columns = [header] if header else []  # an empty file: no rows, as for empty JSON lines
            else:
                columns = _sample_keys(_jsonl(path))
        where = path.name
    else:
        found = _object_columns(source)
        if found is None:
            return  # an iterator or generator: it can be read only once, so rows report themselves
        columns = found
        where = f"the {type(source).__name__}"
    _check_columns(columns, mapping, where, tuple(required))


def iter_source(
    source: str | Path | Any,
    *,
    fmt: FileFormat | None = None,
    column_map: Mapping[str, str] | None = None,
    id_from_row: bool | None = None,
) -> Iterator[SourceRow]:
    """Rows of ``source``, renamed by ``column_map`` (source column → faithcheck column).

    ``id_from_row`` gives rows without an ``input_id`` a stable id from their position, ``row-N``
    (N counts from 1, as error messages do), and marks them :attr:`SourceRow.id_from_position`:
    ``None`` (the default) numbers rows that have no ``input_id`` column at all (a Ragas or
    DeepEval export); ``True`` also rows whose ``input_id`` is empty (``None``, NaN, ``""``);
    ``False`` numbers none, so a row without an id is an error row. Resume keeps such ids
    apart safely: it continues only the same file (by its checksum).

    A row whose ``input_id`` an earlier row already has is an error row naming that row (without
    an id of its own, so that no two records share one)."""
    rows: Iterator[SourceRow]
    kind: FileFormat | None = None
    if isinstance(source, (str, Path)):
        path = Path(source)
        kind = fmt or detect_format(path)
        rows = {"jsonl": _jsonl, "csv": _csv, "parquet": _parquet}[kind](path)
    else:
        rows = _objects(source)
    mapping = dict(column_map or {})
    first_use: dict[str, int] = {}  # input_id -> the row that used it first: ids are short, millions fit
    for row in rows:
        if row.data is not None:
            data = _rename(row.data, mapping) if mapping else row.data
            problem = _decode_list_columns(data, row.number) if kind == "csv" else None
            if problem is None:
                row = _with_position_id(SourceRow(row.number, data), id_from_row)
            else:
                row = SourceRow(row.number, None, str(problem), input_id=problem.input_id)
        input_id = row.input_id if row.data is None else row_input_id(row.data)
        if input_id is not None and (first := first_use.setdefault(input_id, row.number)) != row.number:
            # resume, runs diff and the report match rows by id: a later row with the id is an error
            message = f"is used by row {first} too: ids must be unique"
            # the id is named in the message, not given to the record: no two records share one
            yield SourceRow(row.number, None, str(InputError("input_id", message, row=row.number, input_id=input_id)))
            continue
        yield row


def _with_position_id(row: SourceRow, id_from_row: bool | None) -> SourceRow:
    """``row`` with ``input_id`` ``row-N`` when it has none and ``id_from_row`` asks for one."""
    assert row.data is not None
    if id_from_row is False:
        return row
    if "input_id" in row.data and not (id_from_row and _is_empty(row.data["input_id"])):
        return row
    return SourceRow(row.number, {**row.data, "input_id": f"row-{row.number}"}, id_from_position=True)


def _is_empty(value: Any) -> bool:
    return value is None or value == "" or (isinstance(value, float) and math.isnan(value))


def _rename(data: Mapping[str, Any], mapping: Mapping[str, str]) -> dict[str, Any]:
    """``data`` with its columns renamed by ``mapping``; a renamed column replaces a column that
    already had its new name (``--map question=prompt`` on a file that also has a ``prompt``
    column scores ``question``, as asked).

    >>> _rename({"prompt": "old", "question": "asked"}, {"question": "prompt"})
    {'prompt': 'asked'}
    """
    replaced = {mapping[k] for k in data if k in mapping}
    out: dict[str, Any] = {}
    for key, value in data.items():
        if key in mapping:
            out[mapping[key]] = value
        elif key not in replaced:
            out[key] = value
    return out


def count_rows(source: str | Path | Any, *, fmt: FileFormat | None = None) -> int | None:
    """How many rows ``source`` has (for the progress bar), cheaply; ``None`` if unknown."""
    if isinstance(source, (str, Path)):
        path = Path(source)
        kind = fmt or detect_format(path)
        if kind == "parquet":
            import pyarrow.parquet as pq

            try:
                return int(pq.ParquetFile(path).metadata.num_rows)
            except Exception:  # a corrupt file: check_source reports it
                return None
        if kind == "jsonl" and _starts_with_bracket(path):
            return None  # a JSON array, perhaps over many lines: its rows are not its lines
        with path.open("rb") as fh:
            lines = sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b""))
        return max(0, lines - 1) if kind == "csv" else lines
    if isinstance(source, Mapping):
        return len(columns_as_rows(source))
    try:
        return len(source)
    except TypeError:
        return None


# -- up-front checks ----------------------------------------------------------------------------


def _check_text_encoding(path: Path) -> None:
    with path.open("rb") as fh:
        head = fh.read(1 << 16)
    if head.startswith(_UTF16_32_BOMS) or _looks_wide(head):
        raise DatasetError(
            f"{path.name} is not UTF-8 text (it looks like UTF-16 or UTF-32): faithcheck reads UTF-8; "
            f"convert it first, e.g. iconv -f UTF-16 -t UTF-8 {path.name} > converted{path.suffix}"
        )


def _looks_wide(head: bytes) -> bool:
    """Whether ``head`` looks like UTF-16 or UTF-32 without a byte-order mark: NULs in (nearly)
    every other byte, all on one side of each byte pair (UTF-16 puts one beside every ASCII
    character; UTF-32 three). A stray NUL in UTF-8 text, or a run of them, is not that: the row
    holding it is read like any other row.

    >>> _looks_wide('{"input_id": "a"}'.encode("utf-16-le")), _looks_wide('{"input_id": "a"}'.encode("utf-32-be"))
    (True, True)
    >>> _looks_wide(b'{"input_id": "a\\x00"}'), _looks_wide(b"\\x00" * 64)
    (False, False)
    """
    pairs = len(head) // 2
    if not pairs:
        return False
    even, odd = head[0 : 2 * pairs : 2].count(0), head[1 : 2 * pairs : 2].count(0)
    more, fewer = max(even, odd), min(even, odd)
    return more >= pairs * _WIDE_NUL_SHARE and fewer <= more * _WIDE_NUL_BALANCE


def _parquet_columns(path: Path) -> list[str]:
    import pyarrow.parquet as pq

    try:
        return [str(name) for name in pq.ParquetFile(path).schema_arrow.names]
    except Exception as exc:  # pyarrow raises several types for a damaged file
        raise DatasetError(f"cannot read {path.name} as Parquet: {exc}") from None


def _csv_header(path: Path) -> list[str]:
    """The CSV file's header; ``[]`` for an empty file (a file without rows, which the run reports
    as such, like an empty JSON lines file)."""
    with path.open(encoding="utf-8-sig", errors="surrogateescape", newline="") as fh:
        try:
            header = next(csv.reader(fh), None)
        except csv.Error as exc:
            raise DatasetError(f"cannot read the header of {path.name}: {exc}") from None
    return header or []


def _sample_keys(rows: Iterator[SourceRow]) -> list[list[str]]:
    readable = (r.data for r in rows if r.data is not None)
    return [list(data) for data in islice(readable, _SAMPLE_ROWS)]


def _object_columns(source: Any) -> list[list[str]] | None:
    if isinstance(source, Mapping):
        columns_as_rows(source)  # a mapping that is not columns of one length is refused here
        return [[str(k) for k in source]]
    module = type(source).__module__.split(".")[0]
    if module == "pandas":
        return [[str(c) for c in source.columns]]
    if module == "pyarrow":
        return [[str(c) for c in source.schema.names]]
    if module == "datasets":
        return [[str(c) for c in source.column_names]]
    if isinstance(source, (list, tuple)):
        return [[str(k) for k in item] for item in source[:_SAMPLE_ROWS] if isinstance(item, Mapping)]
    return None


def _check_columns(columns: list[list[str]], mapping: Mapping[str, str], where: str, required: tuple[str, ...]) -> None:
    if not columns:
        return  # no readable row at all: each row reports why
    wanted = set(required)
    best = min(columns, key=lambda cols: len(wanted - {mapping.get(c, c) for c in cols}))
    missing = [c for c in required if c not in {mapping.get(name, name) for name in best}]
    if not missing:
        return
    found = sorted({c for cols in columns for c in cols})
    shown = ", ".join(found[:30]) + (f", ... ({len(found)} in all)" if len(found) > 30 else "")
    hint = _map_hint(set(found), missing)
    raise DatasetError(
        f"{where} has no column {', '.join(repr(m) for m in missing)} "
        f"(required: {', '.join(required)}; found: {shown or 'none'}). {hint}"
    )


def _map_hint(found: set[str], missing: list[str]) -> str:
    numbered = " or number the rows by position (--id-from-row)" if "input_id" in missing else ""
    for name, preset in COLUMN_PRESETS.items():
        if set(preset) & found:
            also = f" and map an id column (,COL=input_id){numbered}" if "input_id" in missing else ""
            return f"These look like {name}'s column names: use --map {name}{also}."
    example = ",".join(f"YOUR_COLUMN={m}" for m in missing)
    return f"Rename your columns with --map {example}{numbered}, or use a preset: --map ragas / --map deepeval."


# -- files --------------------------------------------------------------------------------------


def _jsonl(path: Path) -> Iterator[SourceRow]:
    """Rows of a JSON lines file, a line at a time; or of a file holding one JSON array of objects
    (what ``json.dump`` of a list writes, often named ``.json``), read whole."""
    if _starts_with_bracket(path) and (items := _json_array(path)) is not None:
        for number, item in enumerate(items, start=1):
            if isinstance(item, dict):
                yield SourceRow(number, item)
            else:
                yield SourceRow(number, None, f"row {number}: a JSON object is expected, got {_json_type(item)}")
        return
    with path.open("rb") as fh:
        for number, raw in enumerate(fh, start=1):
            if number == 1:
                raw = raw.removeprefix(codecs.BOM_UTF8)
            if not raw.strip():
                continue
            yield _json_row(raw, number)


def _starts_with_bracket(path: Path) -> bool:
    with path.open("rb") as fh:
        head = fh.read(1 << 12).removeprefix(codecs.BOM_UTF8).lstrip()
    return head.startswith(b"[")


def _json_array(path: Path) -> list[Any] | None:
    """The items of a file that is one JSON array; ``None`` when the file is JSON lines whose first
    line is a whole JSON value (each line is then a row, as usual). A file that opens an array
    but is not valid JSON is a :class:`DatasetError` naming where it breaks."""
    raw = path.read_bytes().removeprefix(codecs.BOM_UTF8)
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise DatasetError(
            f"{path.name} holds a JSON array that is not valid UTF-8 (byte 0x{raw[exc.start]:02x} at position "
            f"{exc.start + 1}): save the file as UTF-8"
        ) from None
    except (ValueError, RecursionError) as exc:
        first = raw.lstrip().split(b"\n", 1)[0]
        try:
            json.loads(first)
        except (ValueError, RecursionError):
            where = (
                f"{exc.msg} at line {exc.lineno}, column {exc.colno}" if isinstance(exc, json.JSONDecodeError) else ""
            )
            raise DatasetError(
                f"{path.name} starts like a JSON array but is not valid JSON ({where or _first_line(exc)})"
            ) from None
        return None  # JSON lines, the first of which is an array: each line reports itself
    return data if isinstance(data, list) else None


def _json_type(value: Any) -> str:
    return {dict: "object", list: "array", str: "string", bool: "boolean", type(None): "null"}.get(
        type(value), "number"
    )


def _json_row(raw: bytes, number: int) -> SourceRow:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        byte = raw[exc.start]
        return SourceRow(
            number,
            None,
            f"row {number}: not valid UTF-8 (byte 0x{byte:02x} at position {exc.start + 1}): save the file as UTF-8",
        )
    try:
        data = json.loads(text)
    except RecursionError:
        return SourceRow(number, None, f"row {number}: not valid JSON (nested too deeply)")
    except json.JSONDecodeError as exc:
        return SourceRow(number, None, f"row {number}: not valid JSON ({exc.msg} at position {exc.pos + 1})")
    except ValueError as exc:  # e.g. an integer of more digits than Python converts
        return SourceRow(number, None, f"row {number}: not valid JSON ({_first_line(exc)})")
    if not isinstance(data, dict):
        return SourceRow(number, None, f"row {number}: a JSON object is expected, got {type(data).__name__}")
    return SourceRow(number, data)


def _csv(path: Path) -> Iterator[SourceRow]:
    csv.field_size_limit(sys.maxsize)
    # Bytes that are not UTF-8 become lone surrogates, which row validation reports per field.
    with path.open(encoding="utf-8-sig", errors="surrogateescape", newline="") as fh:
        reader = csv.DictReader(fh)
        number = 0
        while True:
            try:
                record = next(reader)
            except StopIteration:
                return
            except csv.Error as exc:
                number += 1
                yield SourceRow(number, None, f"row {number}: not valid CSV ({exc})")
                continue
            number += 1
            if None in record:  # more cells than the header has columns
                extra = record.pop(None)
                yield SourceRow(number, None, f"row {number}: {len(extra)} more cell(s) than the header has columns")
                continue
            yield SourceRow(number, dict(record))


def _decode_list_columns(data: dict[str, Any], number: int) -> InputError | None:
    """CSV carries lists as text: ``retrieved_context`` always, ``prompt`` when it is a conversation.

    JSON is tried first, then a Python literal (what pandas' ``to_csv`` writes for a list column,
    read safely with :func:`ast.literal_eval`). A prompt that is not a list (``[Urgent] What…``)
    stays a string, and so does a context that does not start with ``[`` (one passage, which
    :func:`~faithcheck._core.rows.case_from_row` reads as such); a context that starts with ``[`` but is
    not a list is an error (a broken list is likelier than a passage starting with a bracket).
    """
    for column in _LIST_COLUMNS:
        value = data.get(column)
        if not isinstance(value, str):
            continue
        stripped = value.strip()
        if not stripped.startswith("["):
            continue  # a question, or a context of one passage
        parsed = _parse_list_text(stripped)
        if isinstance(parsed, list):
            data[column] = parsed
        elif column == "prompt" and not stripped.startswith(("[{", "[ {")):
            continue  # a question that happens to start with a bracket
        else:
            return InputError(
                column,
                "not a JSON-encoded list (nor a Python list literal); "
                'write it as e.g. ["first passage", "second passage"] (a single passage that starts with "[" too)',
                row=number,
                input_id=row_input_id(data),
            )
    return None


def _parse_list_text(text: str) -> Any:
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        pass
    if len(text) > _MAX_LITERAL_CHARS:
        return None
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        return None


def _parquet(path: Path) -> Iterator[SourceRow]:
    """Rows of a Parquet file, a row group at a time. A row group whose pages cannot be decoded (a
    damaged page under a valid footer) makes its rows from the failing batch on error rows that
    name the fault; the other row groups are read as usual."""
    import pyarrow.parquet as pq

    parquet = pq.ParquetFile(path)
    number = 0
    for group in range(parquet.metadata.num_row_groups):
        first, end = number + 1, number + parquet.metadata.row_group(group).num_rows
        batches = parquet.iter_batches(batch_size=_ARROW_BATCH, row_groups=[group])
        while True:
            try:
                batch = next(batches, None)
                rows = None if batch is None else batch.to_pylist()
            except Exception as exc:  # pyarrow raises OSError, ArrowInvalid, ... for a damaged page
                fault = (
                    f"cannot be read: {path.name} is damaged in row group {group + 1} (rows {first}-{end}): "
                    f"rows {number + 1}-{end} cannot be decoded ({_first_line(exc)})"
                )
                for lost in range(number + 1, end + 1):
                    yield SourceRow(lost, None, f"row {lost}: {fault}")
                number = end
                break
            if rows is None:
                break
            for data in rows:
                number += 1
                yield SourceRow(number, data)


# -- in-memory objects --------------------------------------------------------------------------


def columns_as_rows(columns: Mapping[Any, Any]) -> list[dict[str, Any]]:
    """A mapping of column names to equal-length columns (``{"prompt": [...], "sut_response":
    [...]}``, as ``datasets.Dataset.from_dict`` takes) as a list of rows; a mapping that is not one
    is a :class:`DatasetError`, never a row per key.

    >>> columns_as_rows({"input_id": ["a", "b"], "prompt": ["Q1?", "Q2?"]})
    [{'input_id': 'a', 'prompt': 'Q1?'}, {'input_id': 'b', 'prompt': 'Q2?'}]
    """
    lists: dict[str, list[Any]] = {}
    for name, column in columns.items():
        if hasattr(column, "column_names") or hasattr(column, "columns"):  # a table: datasets, pyarrow, pandas
            raise DatasetError(
                f"a mapping of tables (a datasets.DatasetDict?) is not one dataset: pass one, e.g. data[{name!r}]"
            )
        values = column
        for method in ("tolist", "to_pylist"):  # NumPy arrays and pandas Series; Arrow arrays
            if hasattr(column, method):
                values = getattr(column, method)()
                break
        if not isinstance(values, (list, tuple)):
            raise DatasetError(
                f"a mapping is read as a dataset of columns, and its column {name!r} is a {type(column).__name__}, "
                "not a list: give a list of rows (one mapping each), or a mapping of column lists"
            )
        lists[str(name)] = list(values)
    lengths = {name: len(values) for name, values in lists.items()}
    if len(set(lengths.values())) > 1:
        shown = ", ".join(f"{name} {n}" for name, n in lengths.items())
        raise DatasetError(f"the mapping's columns differ in length ({shown}): each must hold one value a row")
    count = next(iter(lengths.values()), 0)
    return [{name: values[i] for name, values in lists.items()} for i in range(count)]


def _objects(source: Any) -> Iterator[SourceRow]:
    if isinstance(source, Mapping):
        return _mappings(columns_as_rows(source))
    module = type(source).__module__.split(".")[0]
    if module == "pandas":
        return _pandas_rows(source)
    if module == "pyarrow":
        return _arrow_batches(source.to_batches(max_chunksize=_ARROW_BATCH))
    if module == "datasets":
        return _arrow_batches(source.data.table.to_batches(max_chunksize=_ARROW_BATCH))
    if isinstance(source, Iterable):
        return _mappings(source)
    raise InputError("source", f"cannot read rows from a {type(source).__name__}")


def _pandas_rows(frame: Any) -> Iterator[SourceRow]:
    """Rows of a DataFrame as plain Python values, a slice at a time.

    Not through Arrow: a column that mixes strings and lists (a ``prompt`` column of questions
    and conversations) has no Arrow type. NumPy scalars and arrays become Python values, and a
    missing cell (NaN, ``pd.NA``) becomes ``None``.
    """
    number = 0
    for start in range(0, len(frame), _PANDAS_BATCH):
        for record in frame.iloc[start : start + _PANDAS_BATCH].to_dict("records"):
            number += 1
            yield SourceRow(number, {str(k): _plain(v) for k, v in record.items()})


def _plain(value: Any) -> Any:
    module = type(value).__module__
    if module == "numpy":
        return _plain(value.tolist()) if hasattr(value, "tolist") else value
    if module.startswith("pandas"):
        return None if type(value).__name__ in ("NAType", "NaTType") else value
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _arrow_batches(batches: Iterable[Any]) -> Iterator[SourceRow]:
    number = 0
    for batch in batches:
        for data in batch.to_pylist():
            number += 1
            yield SourceRow(number, data)


def _mappings(items: Iterable[Any]) -> Iterator[SourceRow]:
    for number, item in enumerate(items, start=1):
        if isinstance(item, Mapping):
            yield SourceRow(number, dict(item))
        else:
            yield SourceRow(number, None, f"row {number}: a mapping is expected, got {type(item).__name__}")


def _first_line(exc: BaseException) -> str:
    return str(exc).splitlines()[0][:200] if str(exc) else type(exc).__name__
