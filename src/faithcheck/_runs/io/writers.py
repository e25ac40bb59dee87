"""Crash-safe result output, one writer per output, in input order.

Records go first to a journal next to the output (``OUT.partial.jsonl``): appended, flushed and
fsync'ed as rows finish, so a crash, ``kill -9`` or power loss loses at most the rows in flight.
The journal is what a resumed run reads to skip finished rows (a torn last line is dropped); a write
that fails (a full disk, a file size limit) is cut back to the last whole line and raises
:class:`~faithcheck._core.errors.DiskFullError`, which names the file. Only
when the run completes is the final output made from it, written to a temporary file and renamed,
so the output path never holds a half-written file:

- ``jsonl``: one JSON line per row;
- ``parquet``: a rows table and a claims table (:mod:`faithcheck._runs.io.tables`);
- ``csv``: one CSV row per row (:data:`~faithcheck._runs.io.tables.CSV_COLUMNS`).

Every output is in input order (by ``row``), whatever order the rows finished in. The sink keeps an
index of the journal, row number → (offset, length), in compact arrays (24 bytes a row), and copies
the lines in row order at the end; memory does not depend on the size of the records.

One run writes an output at a time: the sink holds an OS lock (``flock``) on ``OUT.lock``, which
names the owner's pid and host. An output path that is a symbolic link stands for its target: the
lock, the journal and the output are the target's (``OUT`` written through ``LINK`` is still locked
by ``OUT.lock``), and the link is left a link. A second run on the same output is refused at once with
:class:`OutputLockedError`. The operating system drops the lock when the process ends, however it
ends, so a run killed with ``kill -9`` can always be resumed.
"""

from __future__ import annotations

import contextlib
import csv
import json
import os
import socket
import sys
import weakref
from array import array
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import TracebackType
from typing import IO, Any, Final, Literal

from faithcheck._core.errors import DiskFullError, FaithcheckError, is_disk_full
from faithcheck._core.records import OTHER_METRICS_KEY, RowRecord

__all__ = [
    "OutputExistsError",
    "OutputFormat",
    "OutputLockError",
    "OutputLockedError",
    "ResultSink",
    "claims_table_path",
    "lock_path",
]

OutputFormat = Literal["jsonl", "parquet", "csv"]
_PARQUET_CHUNK: Final = 5000
_LOCK_ATTEMPTS: Final = 5
_HOLDER_BYTES: Final = 4096
_ORDER_SLICE: Final = 1 << 16


class OutputExistsError(FaithcheckError):
    """The output (or an interrupted run's journal for it) exists and may not be overwritten."""


class OutputLockedError(OutputExistsError):
    """Another run is writing the same output right now (it holds ``OUT.lock``).

    ``pid`` and ``host`` name that run's process (``None`` when the lock file did not say).
    """

    def __init__(self, path: Path, lock: Path, pid: int | None, host: str | None) -> None:
        self.path = path
        self.lock = lock
        self.pid = pid
        self.host = host
        owner = f"pid {pid}" if pid is not None else "pid unknown"
        if host:
            owner += f" on {host}"
        super().__init__(
            f"{path} is being written by another faithcheck run ({owner}; lock file {lock}); "
            "wait for that run to finish or stop it, or write to another output path"
        )


class OutputLockError(OutputExistsError):
    """The output's lock file ``OUT.lock`` cannot be opened (it is a directory, or not ours to write)."""


def claims_table_path(path: Path) -> Path:
    """Where the claims table of a Parquet output goes: ``out.parquet`` → ``out.claims.parquet``."""
    return path.with_name(path.name.removesuffix(".parquet") + ".claims.parquet")


def lock_path(path: Path) -> Path:
    """The lock file of an output: ``out.jsonl`` → ``out.jsonl.lock``."""
    return path.with_name(path.name + ".lock")


class _OutputLock:
    """An exclusive ``flock`` on a lock file that names its owner; released by :meth:`release` or
    by the operating system when the process ends."""

    def __init__(self, path: Path, output: Path) -> None:
        self.path = path
        self.output = output
        self._fd: int | None = None

    def acquire(self) -> None:
        if sys.platform == "win32":  # pragma: no cover - no flock; one writer is then up to the user
            return
        import fcntl

        for _ in range(_LOCK_ATTEMPTS):
            try:
                fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
            except OSError as exc:
                what = "is a directory, not a lock file" if self.path.is_dir() else f"cannot be opened ({exc.strerror})"
                raise OutputLockError(
                    f"cannot lock {self.output}: its lock file {self.path} {what}; remove it (faithcheck makes "
                    "and removes it itself) or write to another output path"
                ) from None
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                pid, host = _read_holder(fd)
                os.close(fd)
                raise OutputLockedError(self.output, self.path, pid, host) from None
            except BaseException:
                os.close(fd)
                raise
            # A run that just finished unlinks its lock file: we may hold a lock on a file that is no
            # longer there, which guards nothing. Lock the file that is there now instead.
            try:
                current = os.path.samestat(os.fstat(fd), os.stat(self.path))
            except FileNotFoundError:
                current = False
            if current:
                holder = json.dumps({"pid": os.getpid(), "host": socket.gethostname()}) + "\n"
                with contextlib.suppress(OSError):  # a full disk: the lock holds all the same, unnamed
                    os.ftruncate(fd, 0)
                    os.pwrite(fd, holder.encode(), 0)
                self._fd = fd
                return
            os.close(fd)
        raise OutputLockedError(self.output, self.path, None, None)  # pragma: no cover - a lock file that keeps moving

    def release(self) -> None:
        """Remove the lock file (while still holding the lock, so no other run is misled), then unlock."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        try:
            self.path.unlink(missing_ok=True)
        except OSError:
            pass  # a lock file left behind is harmless: it is free once no process holds it
        finally:
            os.close(fd)


def _link_target(path: Path) -> Path:
    """The file ``path`` names: a symbolic link's target (followed to the end), so that the lock, the
    journal and the final rename are the target's, the same whichever name a run writes it by, and
    the link stays a link."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _read_holder(fd: int) -> tuple[int | None, str | None]:
    try:
        data = json.loads(os.pread(fd, _HOLDER_BYTES, 0))
        pid, host = data.get("pid"), data.get("host")
        return (pid if isinstance(pid, int) else None), (host if isinstance(host, str) else None)
    except (OSError, ValueError, AttributeError):
        return None, None  # the owner has not written its name yet


class ResultSink:
    """Writes result records for one run; see the module docstring.

    The sink holds the output's lock from construction until :meth:`finish` or :meth:`close` (or
    the end of a ``with`` block, or the process); a second sink on the same output, in this process
    or another, raises :class:`OutputLockedError`.
    """

    def __init__(
        self,
        path: Path,
        fmt: OutputFormat,
        *,
        meta: dict[str, Any],
        resume: bool,
        overwrite: bool,
    ):
        path = _link_target(path)
        self.path = path
        self.fmt = fmt
        self.journal = path.with_name(path.name + ".partial.jsonl")
        self.meta_path = path.with_name(path.name + ".run.json")
        self.lock_path = lock_path(path)
        self.done: set[int] = set()
        """Rows an earlier, interrupted run finished (read once; not grown while running)."""
        # Index of the journal, in the order its lines were written: row, byte offset, byte length.
        self._rows = array("q")
        self._offsets = array("q")
        self._lengths = array("q")
        self._size = 0
        path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = _OutputLock(self.lock_path, path)
        self._lock.acquire()
        self._release = weakref.finalize(self, self._lock.release)  # a sink dropped unclosed frees the output
        try:
            self._fh: IO[bytes] = self._open_journal(meta, resume=resume, overwrite=overwrite)
        except BaseException:
            self._release()
            raise

    def _open_journal(self, meta: dict[str, Any], *, resume: bool, overwrite: bool) -> IO[bytes]:
        previous = self._previous_meta()
        if self.journal.exists() and not overwrite:
            if previous is not None and not _same_run(previous, meta):
                raise OutputExistsError(
                    f"{self.journal} holds an interrupted run of different input or configuration; "
                    "use --overwrite to start over, or another output path"
                )
            self.done = self._recover()
        elif self.path.exists() and not overwrite:
            if resume and self.fmt == "jsonl" and previous is not None and _same_run(previous, meta):
                os.replace(self.path, self.journal)  # a finished run: continue it (new rows only)
                self.done = self._recover()
            else:
                raise OutputExistsError(f"{self.path} exists; use --overwrite to replace it")
        else:
            self.journal.unlink(missing_ok=True)
        _write_atomic(self.meta_path, json.dumps(meta, indent=2, sort_keys=True))
        return self.journal.open("ab", buffering=0)  # unbuffered: a failed write leaves nothing to flush later

    def __enter__(self) -> ResultSink:
        return self

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.close()

    @property
    def resumed(self) -> bool:
        return bool(self.done)

    def _previous_meta(self) -> dict[str, Any] | None:
        try:
            loaded: dict[str, Any] = json.loads(self.meta_path.read_text(encoding="utf-8"))
            return loaded
        except (OSError, ValueError):
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
                    row = int(json.loads(raw)["row"])
                except (ValueError, KeyError, TypeError):
                    break
                done.add(row)
                self._index(row, good_bytes, len(raw))
                good_bytes += len(raw)
        with self.journal.open("r+b") as fh:
            fh.truncate(good_bytes)
        self._size = good_bytes
        return done

    def _index(self, row: int, offset: int, length: int) -> None:
        self._rows.append(row)
        self._offsets.append(offset)
        self._lengths.append(length)

    def write(self, records: Sequence[RowRecord]) -> None:
        """Append ``records`` durably (one JSON line each).

        All or nothing: when the write fails (a full disk, a file too large) the journal is cut back
        to its last whole line and :class:`~faithcheck._core.errors.DiskFullError` (or the ``OSError``)
        is raised; those rows are scored again on resume."""
        if not records:
            return
        size, count = self._size, len(self._rows)
        chunks = []
        for record in records:
            # backslashreplace turns a lone surrogate (which UTF-8 cannot hold) into its JSON escape,
            # so every line stays valid UTF-8 and reads back as the same string
            line = (json.dumps(record, ensure_ascii=False) + "\n").encode("utf-8", errors="backslashreplace")
            self._index(int(record["row"]), self._size, len(line))
            self._size += len(line)
            chunks.append(line)
        try:
            _write_all(self._fh, b"".join(chunks))
            os.fsync(self._fh.fileno())
        except OSError as exc:
            with contextlib.suppress(OSError):  # if even that fails, a resume cuts the torn line off
                os.ftruncate(self._fh.fileno(), size)
            self._size = size
            for index in (self._rows, self._offsets, self._lengths):
                del index[count:]
            if is_disk_full(exc):
                raise DiskFullError(self.journal, exc) from None
            raise

    def close(self) -> None:
        """Close the journal (kept for a resume) and release the output's lock."""
        if not self._fh.closed:
            self._fh.close()
        self._release()

    def finish(self) -> list[Path]:
        """Turn the journal into the final output, in row order; returns the files written."""
        try:
            if not self._fh.closed:
                self._fh.close()
            try:
                if self.fmt == "jsonl":
                    written = self._write_jsonl()
                elif self.fmt == "csv":
                    written = self._write_csv()
                else:
                    written = self._write_parquet()
            except OSError as exc:  # the journal is kept whole: the same command writes the output again
                if is_disk_full(exc):
                    raise DiskFullError(self.path, exc) from None
                raise
            self.journal.unlink(missing_ok=True)
            return written
        finally:
            self._release()

    # -- the final output ---------------------------------------------------------------------------

    def _order(self) -> tuple[Any, bool]:
        """Positions of the journal lines to copy, in row order (the last line of a row that appears
        twice wins), and whether that is just the journal as it stands."""
        import numpy as np

        rows = np.frombuffer(self._rows, dtype=np.int64) if len(self._rows) else np.zeros(0, dtype=np.int64)
        if rows.size < 2 or bool(np.all(rows[1:] > rows[:-1])):
            return np.arange(rows.size), True
        order = np.argsort(rows, kind="stable")
        ranked = rows[order]
        keep = np.ones(order.size, dtype=bool)
        keep[:-1] = ranked[1:] != ranked[:-1]
        return order[keep], False

    def _lines(self, order: Any) -> Iterator[bytes]:
        """The journal's lines at positions ``order``, read back one at a time."""
        position = -1
        with self.journal.open("rb") as fh:
            for start in range(0, len(order), _ORDER_SLICE):
                for i in order[start : start + _ORDER_SLICE].tolist():  # a slice at a time: no list of every row
                    offset = self._offsets[i]
                    if offset != position:
                        fh.seek(offset)
                    length = self._lengths[i]
                    yield fh.read(length)
                    position = offset + length

    def _records(self) -> Iterator[dict[str, Any]]:
        """The journal's records in row order, one a row."""
        order, _ = self._order()
        for line in self._lines(order):
            record: dict[str, Any] = json.loads(line)
            yield record

    def _write_jsonl(self) -> list[Path]:
        order, in_order = self._order()
        if in_order:
            os.replace(self.journal, self.path)
            return [self.path]
        tmp = self.path.with_name(self.path.name + ".tmp")
        with _removed_on_failure(tmp), tmp.open("wb") as out:
            for line in self._lines(order):
                out.write(line)
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, self.path)
        return [self.path]

    def _write_csv(self) -> list[Path]:
        from faithcheck._runs.io.tables import CSV_COLUMNS, csv_fields

        tmp = self.path.with_name(self.path.name + ".tmp")
        with _removed_on_failure(tmp), tmp.open("w", encoding="utf-8", errors="backslashreplace", newline="") as out:
            writer = csv.DictWriter(out, fieldnames=CSV_COLUMNS)
            writer.writeheader()
            for record in self._records():
                writer.writerow(csv_fields(record))
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, self.path)
        return [self.path]

    def _write_parquet(self) -> list[Path]:
        import pyarrow as pa
        import pyarrow.parquet as pq

        from faithcheck._runs.io.tables import CLAIMS_SCHEMA, ROWS_SCHEMA, claims_rows, row_fields

        claims_path = claims_table_path(self.path)
        tmp_rows = self.path.with_name(self.path.name + ".tmp")
        tmp_claims = claims_path.with_name(claims_path.name + ".tmp")
        with (
            _removed_on_failure(tmp_rows, tmp_claims),
            pq.ParquetWriter(tmp_rows, ROWS_SCHEMA) as rows_out,
            pq.ParquetWriter(tmp_claims, CLAIMS_SCHEMA) as claims_out,
        ):
            for chunk in _chunks(self._records(), _PARQUET_CHUNK):
                rows_out.write_table(pa.Table.from_pylist([row_fields(r) for r in chunk], schema=ROWS_SCHEMA))
                claims = [c for r in chunk for c in claims_rows(r)]
                claims_out.write_table(pa.Table.from_pylist(claims, schema=CLAIMS_SCHEMA))
        os.replace(tmp_rows, self.path)
        os.replace(tmp_claims, claims_path)
        return [self.path, claims_path]


def _chunks(records: Iterator[dict[str, Any]], size: int) -> Iterator[list[dict[str, Any]]]:
    chunk: list[dict[str, Any]] = []
    for record in records:
        chunk.append(record)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _same_run(previous: dict[str, Any], current: dict[str, Any]) -> bool:
    """Same input, configuration, format, verifier weights and sentence encoder, for every metric
    of the run (a new model never mixes in)."""
    keys = ("dataset_fingerprint", "config", "format")

    def models(meta: dict[str, Any]) -> Any:
        versions = meta.get("versions") or {}
        return [versions.get(k) for k in ("verifier_model", "encoder", OTHER_METRICS_KEY)]

    return all(previous.get(k) == current.get(k) for k in keys) and models(previous) == models(current)


def _write_all(fh: IO[bytes], data: bytes) -> None:
    """Write all of ``data`` to the unbuffered ``fh`` (one write may take only part of it)."""
    view = memoryview(data)
    while view:
        written = fh.write(view)
        if not written:
            raise OSError(f"no byte of the last {len(view)} could be written")
        view = view[written:]


@contextlib.contextmanager
def _removed_on_failure(*paths: Path) -> Iterator[None]:
    """Remove the half-written temporary files ``paths`` when the block fails."""
    try:
        yield
    except BaseException:
        for path in paths:
            with contextlib.suppress(OSError):
                path.unlink(missing_ok=True)
        raise


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    try:
        with _removed_on_failure(tmp), tmp.open("w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
    except OSError as exc:
        if is_disk_full(exc):
            raise DiskFullError(path, exc) from None
        raise
    os.replace(tmp, path)
