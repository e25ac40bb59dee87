"""Streaming readers for datasets: JSONL, CSV, Parquet files, pandas DataFrames, pyarrow Tables,
Hugging Face ``datasets.Dataset`` objects and any iterable of mappings.

Rows are produced one at a time (Parquet and Arrow in record batches), so memory does not grow
with the dataset. A row that cannot be read becomes a :class:`SourceRow` with an error, and the
others go on.
"""

from __future__ import annotations

import csv
import json
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from faithcheck.errors import InputError

__all__ = ["FileFormat", "SourceRow", "count_rows", "detect_format", "iter_source", "parse_column_map"]

FileFormat = Literal["jsonl", "csv", "parquet"]
_JSON_COLUMNS = ("retrieved_context", "prompt")
_ARROW_BATCH = 1024


@dataclass(frozen=True)
class SourceRow:
    """Row ``number`` (1-based position in the source) with its data, or why it is unreadable."""

    number: int
    data: dict[str, Any] | None
    error: str | None = None


def parse_column_map(text: str | None) -> dict[str, str]:
    """``"question=prompt,answer=sut_response"`` → ``{"question": "prompt", "answer": "sut_response"}``.

    >>> parse_column_map("question=prompt, contexts=retrieved_context")
    {'question': 'prompt', 'contexts': 'retrieved_context'}
    """
    if not text:
        return {}
    mapping: dict[str, str] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        source, sep, target = part.partition("=")
        if not sep or not source.strip() or not target.strip():
            raise InputError("--map", f"{part.strip()!r} is not SOURCE=TARGET")
        mapping[source.strip()] = target.strip()
    return mapping


def detect_format(path: Path) -> FileFormat:
    suffixes = [s.lower() for s in path.suffixes]
    if ".parquet" in suffixes or ".pq" in suffixes:
        return "parquet"
    if ".csv" in suffixes:
        return "csv"
    if ".jsonl" in suffixes or ".ndjson" in suffixes or ".json" in suffixes:
        return "jsonl"
    raise InputError("input", f"cannot tell the format of {path.name!r}: use .jsonl, .csv or .parquet, or --format")


def iter_source(
    source: str | Path | Any, *, fmt: FileFormat | None = None, column_map: Mapping[str, str] | None = None
) -> Iterator[SourceRow]:
    """Rows of ``source``, renamed by ``column_map`` (source column → faithcheck column)."""
    rows: Iterator[SourceRow]
    kind: FileFormat | None = None
    if isinstance(source, (str, Path)):
        path = Path(source)
        kind = fmt or detect_format(path)
        rows = {"jsonl": _jsonl, "csv": _csv, "parquet": _parquet}[kind](path)
    else:
        rows = _objects(source)
    mapping = dict(column_map or {})
    for row in rows:
        if row.data is None:
            yield row
            continue
        data = {mapping.get(k, k): v for k, v in row.data.items()} if mapping else row.data
        problem = _decode_json_columns(data, row.number) if kind == "csv" else None
        yield SourceRow(row.number, None, problem) if problem else SourceRow(row.number, data)


def count_rows(source: str | Path | Any, *, fmt: FileFormat | None = None) -> int | None:
    """How many rows ``source`` has (for the progress bar), cheaply; ``None`` if unknown."""
    if isinstance(source, (str, Path)):
        path = Path(source)
        kind = fmt or detect_format(path)
        if kind == "parquet":
            import pyarrow.parquet as pq

            return int(pq.ParquetFile(path).metadata.num_rows)
        with path.open("rb") as fh:
            lines = sum(chunk.count(b"\n") for chunk in iter(lambda: fh.read(1 << 20), b""))
        return max(0, lines - 1) if kind == "csv" else lines
    try:
        return len(source)
    except TypeError:
        return None


def _jsonl(path: Path) -> Iterator[SourceRow]:
    with path.open(encoding="utf-8") as fh:
        for number, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
            except json.JSONDecodeError as exc:
                yield SourceRow(number, None, f"row {number}: not valid JSON ({exc.msg})")
                continue
            if not isinstance(data, dict):
                yield SourceRow(number, None, f"row {number}: a JSON object is expected, got {type(data).__name__}")
                continue
            yield SourceRow(number, data)


def _csv(path: Path) -> Iterator[SourceRow]:
    csv.field_size_limit(sys.maxsize)
    with path.open(encoding="utf-8", newline="") as fh:
        for number, record in enumerate(csv.DictReader(fh), start=1):
            yield SourceRow(number, dict(record))


def _decode_json_columns(data: dict[str, Any], number: int) -> str | None:
    """CSV carries lists as JSON text: ``retrieved_context`` always, ``prompt`` when it is a conversation."""
    for column in _JSON_COLUMNS:
        value = data.get(column)
        if not isinstance(value, str):
            continue
        stripped = value.strip()
        if column == "prompt" and not stripped.startswith("["):
            continue
        try:
            data[column] = json.loads(stripped)
        except json.JSONDecodeError as exc:
            return f"row {number}: field {column!r}: not a JSON-encoded list ({exc.msg})"
    return None


def _parquet(path: Path) -> Iterator[SourceRow]:
    import pyarrow.parquet as pq

    number = 0
    for batch in pq.ParquetFile(path).iter_batches(batch_size=_ARROW_BATCH):
        for data in batch.to_pylist():
            number += 1
            yield SourceRow(number, data)


def _objects(source: Any) -> Iterator[SourceRow]:
    module = type(source).__module__.split(".")[0]
    if module == "pandas":
        return _arrow_batches(_pandas_batches(source))
    if module == "pyarrow":
        return _arrow_batches(source.to_batches(max_chunksize=_ARROW_BATCH))
    if module == "datasets":
        return _arrow_batches(source.data.table.to_batches(max_chunksize=_ARROW_BATCH))
    if isinstance(source, Iterable):
        return _mappings(source)
    raise InputError("source", f"cannot read rows from a {type(source).__name__}")


def _pandas_batches(frame: Any) -> Iterator[Any]:
    import pyarrow as pa

    for start in range(0, len(frame), _ARROW_BATCH):
        yield pa.RecordBatch.from_pandas(frame.iloc[start : start + _ARROW_BATCH], preserve_index=False)


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
