"""Crash-safe result output.

Records go first to a journal next to the output (``OUT.partial.jsonl``): appended, flushed and
fsync'ed as rows finish, so a crash, ``kill -9`` or power loss loses at most the rows in flight.
The journal is what a resumed run reads to skip finished rows (a torn last line is dropped). Only
when the run completes is the final output made from it — a JSONL file by atomic rename, or the
Parquet tables (rows and claims) written to a temporary file and renamed — so the output path
never holds a half-written file.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any, Literal

from faithcheck.errors import FaithcheckError

__all__ = ["OutputFormat", "ResultSink", "claims_table_path"]

OutputFormat = Literal["jsonl", "parquet"]
_PARQUET_CHUNK = 5000


class OutputExistsError(FaithcheckError):
    """The output (or an interrupted run's journal for it) exists and may not be overwritten."""


def claims_table_path(path: Path) -> Path:
    """Where the claims table of a Parquet output goes: ``out.parquet`` → ``out.claims.parquet``."""
    return path.with_name(path.name.removesuffix(".parquet") + ".claims.parquet")


class ResultSink:
    """Writes result records for one run; see the module docstring."""

    def __init__(self, path: Path, fmt: OutputFormat, *, meta: dict[str, Any], resume: bool, overwrite: bool):
        self.path = path
        self.fmt = fmt
        self.journal = path.with_name(path.name + ".partial.jsonl")
        self.meta_path = path.with_name(path.name + ".run.json")
        self.done: set[int] = set()
        """Rows an earlier, interrupted run finished (read once; not grown while running)."""
        previous = self._previous_meta()
        if self.journal.exists() and not overwrite:
            if previous is not None and not _same_run(previous, meta):
                raise OutputExistsError(
                    f"{self.journal} holds an interrupted run of different input or configuration; "
                    "use --overwrite to start over, or another output path"
                )
            self.done = self._recover()
        elif self.path.exists() and not overwrite:
            if resume and fmt == "jsonl" and previous is not None and _same_run(previous, meta):
                os.replace(self.path, self.journal)  # a finished run: continue it (new rows only)
                self.done = self._recover()
            else:
                raise OutputExistsError(f"{self.path} exists; use --overwrite to replace it")
        else:
            self.journal.unlink(missing_ok=True)
        path.parent.mkdir(parents=True, exist_ok=True)
        _write_atomic(self.meta_path, json.dumps(meta, indent=2, sort_keys=True))
        self._fh: IO[str] = self.journal.open("a", encoding="utf-8")

    @property
    def resumed(self) -> bool:
        return bool(self.done)

    def _previous_meta(self) -> dict[str, Any] | None:
        try:
            loaded: dict[str, Any] = json.loads(self.meta_path.read_text(encoding="utf-8"))
            return loaded
        except (OSError, json.JSONDecodeError):
            return None

    def _recover(self) -> set[int]:
        """Row numbers already in the journal; a torn last line (a crash mid-write) is cut off."""
        done: set[int] = set()
        good_bytes = 0
        with self.journal.open("rb") as fh:
            for raw in fh:
                if not raw.endswith(b"\n"):
                    break
                try:
                    done.add(int(json.loads(raw)["row"]))
                except (ValueError, KeyError, TypeError):
                    break
                good_bytes += len(raw)
        with self.journal.open("r+b") as fh:
            fh.truncate(good_bytes)
        return done

    def write(self, records: list[dict[str, Any]]) -> None:
        """Append ``records`` durably (one JSON line each)."""
        if not records:
            return
        self._fh.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def close(self) -> None:
        if not self._fh.closed:
            self._fh.close()

    def finish(self) -> list[Path]:
        """Turn the journal into the final output; returns the files written."""
        self.close()
        if self.fmt == "jsonl":
            os.replace(self.journal, self.path)
            return [self.path]
        written = _journal_to_parquet(self.journal, self.path)
        self.journal.unlink()
        return written


def _same_run(previous: dict[str, Any], current: dict[str, Any]) -> bool:
    """Same input, configuration, format and verifier weights (a new model never mixes in)."""
    keys = ("dataset_fingerprint", "config", "format")

    def weights(meta: dict[str, Any]) -> Any:
        return (meta.get("versions") or {}).get("verifier_model")

    return all(previous.get(k) == current.get(k) for k in keys) and weights(previous) == weights(current)


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as fh:
        fh.write(text)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def _journal_records(journal: Path) -> Iterator[list[dict[str, Any]]]:
    chunk: list[dict[str, Any]] = []
    with journal.open(encoding="utf-8") as fh:
        for line in fh:
            chunk.append(json.loads(line))
            if len(chunk) >= _PARQUET_CHUNK:
                yield chunk
                chunk = []
    if chunk:
        yield chunk


def _journal_to_parquet(journal: Path, path: Path) -> list[Path]:
    import pyarrow as pa
    import pyarrow.parquet as pq

    from faithcheck.io.tables import CLAIMS_SCHEMA, ROWS_SCHEMA, claims_rows, row_fields

    claims_path = claims_table_path(path)
    tmp_rows = path.with_name(path.name + ".tmp")
    tmp_claims = claims_path.with_name(claims_path.name + ".tmp")
    with pq.ParquetWriter(tmp_rows, ROWS_SCHEMA) as rows_out, pq.ParquetWriter(tmp_claims, CLAIMS_SCHEMA) as claims_out:
        for chunk in _journal_records(journal):
            chunk.sort(key=lambda r: int(r["row"]))
            rows_out.write_table(pa.Table.from_pylist([row_fields(r) for r in chunk], schema=ROWS_SCHEMA))
            claims = [c for r in chunk for c in claims_rows(r)]
            claims_out.write_table(pa.Table.from_pylist(claims, schema=CLAIMS_SCHEMA))
    os.replace(tmp_rows, path)
    os.replace(tmp_claims, claims_path)
    return [path, claims_path]
