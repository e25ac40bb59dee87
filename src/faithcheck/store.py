"""The run store: every ``faithcheck`` run and its scored rows, kept in one SQLite file.

A run is started with :meth:`RunStore.start_run`, filled with :meth:`RunStore.add_rows` (the records
that ``faithcheck score`` writes, one per dataset row) and closed with :meth:`RunStore.finish_run`.
Two runs are compared row by row with :meth:`RunStore.diff_runs`, matched on ``input_id``.

The file lives at :func:`default_store_path` unless told otherwise. It uses WAL mode, so one process
can record a run while another lists or diffs runs. Each method opens its own short-lived connection,
so a :class:`RunStore` holds no open file and may be shared freely. Every failure of the file (damaged,
written by a newer faithcheck, locked by another process for longer than its ``busy_timeout``, not
writable) is a :class:`StoreError` that names the file and what to do (:class:`StoreLockedError` for
a lock).

Scoring never depends on the store: ``faithcheck score`` records through a :class:`RunRecorder`, which
writes the run with its first scored rows (a command that scores nothing records nothing), keeps rows
in memory while another process holds the store locked and writes them when it is free, and warns
once and stops recording when the store fails otherwise; the run goes on as with ``--no-store``.

A run records the pid and host of the process that scores it. A run still ``running`` whose process is
gone (killed, crashed, the machine rebooted) is reported as ``interrupted``.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import socket
import sqlite3
import sys
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, Literal, TypeVar

from faithcheck.config import RunOptions
from faithcheck.errors import FaithcheckError, InputError
from faithcheck.records import metric_records

__all__ = [
    "DIFF_KINDS",
    "FINISH_STATUSES",
    "STANDARD_INPUT",
    "DamagedRecordError",
    "RowDiff",
    "RunInfo",
    "RunNotFoundError",
    "RunRecorder",
    "RunStore",
    "StoreError",
    "StoreLockedError",
    "dataset_fingerprint",
    "default_store_path",
]

SCHEMA_VERSION: Final = 2
"""1: runs and rows; 2: runs also name their process (``pid``, ``host``, ``process_started``)."""
FINISH_STATUSES: Final = ("finished", "interrupted", "failed")
"""The statuses :meth:`RunStore.finish_run` accepts; a run is ``running`` until then."""
DIFF_KINDS: Final = ("regression", "improvement", "changed", "only_in_a", "only_in_b")
"""The kinds of :class:`RowDiff`, in the order :meth:`RunStore.diff_runs` returns them."""

DiffKind = Literal["regression", "improvement", "changed", "only_in_a", "only_in_b"]
_J = TypeVar("_J", dict[str, Any], list[Any])

_VALUE_EPSILON: Final = 1e-9  # two scores closer than this are the same score
_BUSY_TIMEOUT_S: Final = 2.0  # by default, a store locked longer than this is reported
DEFAULT_STORE_TIMEOUT: Final[float] = RunOptions.model_fields["store_timeout"].default
"""Seconds a finished run waits at most for a run store another process holds locked (``--store-timeout``)."""
_RETRY_BUSY_S: Final = 0.1  # a retry during the run: scoring must not stall on the store
_RETRY_FIRST_S: Final = 1.0
_RETRY_MAX_S: Final = 30.0
_BACKLOG_ROWS: Final = 20_000  # rows kept in memory for a locked store before giving up on the record
_CHUNK: Final = 1 << 20
_RUN_ID_LENGTH: Final = 12
_AMBIGUOUS_SHOWN: Final = 5

_SCHEMA: Final = """
CREATE TABLE IF NOT EXISTS runs (
    run_id TEXT PRIMARY KEY,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'interrupted', 'failed')),
    input_path TEXT NOT NULL,
    output_path TEXT,
    dataset_fingerprint TEXT NOT NULL,
    config_json TEXT NOT NULL,
    versions_json TEXT NOT NULL,
    summary_json TEXT,
    rows_total INTEGER,
    pid INTEGER,
    host TEXT,
    process_started TEXT
);
CREATE INDEX IF NOT EXISTS runs_started_at ON runs (started_at);
CREATE TABLE IF NOT EXISTS rows (
    run_id TEXT NOT NULL REFERENCES runs (run_id) ON DELETE CASCADE,
    row INTEGER NOT NULL,
    input_id TEXT,
    value REAL,
    passed INTEGER NOT NULL,
    status TEXT NOT NULL,
    weight REAL NOT NULL DEFAULT 1.0,
    labels_json TEXT NOT NULL,
    record_json TEXT NOT NULL,
    PRIMARY KEY (run_id, row)
);
"""
_MIGRATIONS: Final = {
    # schema version → the statements that bring a store of that version to the next one
    1: (
        "ALTER TABLE runs ADD COLUMN pid INTEGER",
        "ALTER TABLE runs ADD COLUMN host TEXT",
        "ALTER TABLE runs ADD COLUMN process_started TEXT",
    ),
}
_FIX: Final = "move it away, or use --store PATH (another file) or --no-store"


class StoreError(FaithcheckError, RuntimeError):
    """The run store file cannot be used: damaged, written by a newer faithcheck, locked by another
    process, or not writable. The message names the file and what to do."""


class StoreLockedError(StoreError):
    """Another process held the run store locked for longer than this one would wait."""


class DamagedRecordError(StoreError):
    """Part of a run's record in the store (its configuration, versions, summary or a row) is not the
    JSON faithcheck wrote: the file was edited or damaged. The rest of the run can still be read;
    ``run_id`` and ``part`` say which run and what."""

    def __init__(self, path: Path, run_id: str, part: str, problem: str) -> None:
        self.run_id = run_id
        self.part = part
        super().__init__(f"the {part} of run {run_id} in the run store {path} is damaged: {problem}")


def _store_error(path: Path, exc: BaseException, waited: float = _BUSY_TIMEOUT_S) -> StoreError:
    if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
        return StoreLockedError(
            f"cannot use the run store {path}: it is locked by another process (waited {waited:g} s)"
        )
    reason = (exc.strerror or str(exc)) if isinstance(exc, OSError) else (str(exc) or type(exc).__name__)
    return StoreError(f"cannot use the run store {path}: {reason}; {_FIX}")


_LATEST = re.compile(r"latest(?:~(\d{1,9}))?")
"""``latest`` (the newest run) or ``latest~N`` (N runs before it), as :meth:`RunStore.resolve` reads ids."""


class RunNotFoundError(FaithcheckError, KeyError):
    """No run matches an id or id prefix, or a prefix matches more than one run.

    ``run_id`` is the id (or prefix) that was asked for; ``matches`` the full ids it matched
    (empty when none did, two or more when it was ambiguous).
    """

    def __init__(self, run_id: str, message: str, *, matches: Sequence[str] = ()) -> None:
        self.run_id = run_id
        self.matches = tuple(matches)
        self.message = message
        super().__init__(message)

    def __str__(self) -> str:  # KeyError would quote the message
        return self.message


STANDARD_INPUT = "-"
"""The ``input_path`` of a run that read its rows from standard input or a pipe (no file to reread)."""


@dataclass(frozen=True)
class RunInfo:
    """One run as :meth:`RunStore.list_runs` and :meth:`RunStore.get_run` report it.

    ``rows`` counts the rows stored so far (it grows while a run is ``running``); ``errors`` those with
    status ``error``. ``mean`` is the weighted mean value and ``pass_rate`` the share of passed rows,
    both over the rows that are not errors, and ``None`` when there are none.

    ``status`` is ``interrupted`` for a run recorded as ``running`` whose process (``pid`` on ``host``)
    is gone. ``pid`` and ``host`` are ``None`` for runs recorded before faithcheck kept them.
    """

    run_id: str
    started_at: str
    finished_at: str | None
    status: str
    input_path: str
    output_path: str | None
    dataset_fingerprint: str
    rows: int
    errors: int
    mean: float | None
    pass_rate: float | None
    pid: int | None = None
    host: str | None = None


@dataclass(frozen=True)
class RowDiff:
    """How one dataset row (matched on ``input_id``) differs between run A and run B.

    ``occurrence`` is 0 unless ``input_id`` repeats within a run, in which case the n-th row with that
    id in A is matched with the n-th in B. The ``*_b`` fields are ``None`` for ``only_in_a`` and the
    ``*_a`` fields for ``only_in_b``. ``delta`` is ``value_b - value_a``, ``None`` unless both are
    scores. ``labels_*`` are the per-claim verdict labels (``"no verdict"`` for a claim that failed).
    """

    kind: DiffKind
    input_id: str
    occurrence: int
    row_a: int | None
    row_b: int | None
    value_a: float | None
    value_b: float | None
    delta: float | None
    passed_a: bool | None
    passed_b: bool | None
    status_a: str | None
    status_b: str | None
    labels_a: tuple[str, ...] | None
    labels_b: tuple[str, ...] | None


@dataclass(frozen=True)
class _Row:
    row: int
    input_id: str
    value: float | None
    passed: bool
    status: str
    labels: tuple[str, ...]


def default_store_path() -> Path:
    """Where runs are stored by default: ``$FAITHCHECK_HOME/runs.sqlite`` when that variable is set,
    else ``~/.local/share/faithcheck/runs.sqlite``. Only computes the path; :class:`RunStore` creates it."""
    home = os.environ.get("FAITHCHECK_HOME")
    base = Path(home).expanduser() if home else Path.home() / ".local" / "share" / "faithcheck"
    return base / "runs.sqlite"


def dataset_fingerprint(path: Path) -> str:
    """Fingerprint of a dataset file: ``"sha256:"`` and the first 16 hex digits of the SHA-256 of its bytes.

    The file is read in chunks, so any size works. Two runs with the same fingerprint scored the same file.
    """
    digest = hashlib.sha256()
    with Path(path).open("rb") as fh:
        while chunk := fh.read(_CHUNK):
            digest.update(chunk)
    return "sha256:" + digest.hexdigest()[:16]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _process_started(pid: int) -> str | None:
    """When process ``pid`` started, as the kernel counts it (Linux); tells a reused pid from the original."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        stat = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
        with open("/proc/sys/kernel/random/boot_id", encoding="ascii") as fh:
            boot = fh.read().strip()
    except OSError:
        return None
    fields = stat[stat.rfind(")") + 2 :].split()  # the command name may hold spaces and parentheses
    return f"{boot}:{fields[19]}" if len(fields) > 19 else None


def _process_gone(pid: int | None, host: str | None, started: str | None) -> bool:
    """Whether the process that recorded a run has certainly ended (only decidable on its own host)."""
    if pid is None or host != socket.gethostname():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:
        pass  # it exists, owned by someone else
    return started is not None and _process_started(pid) not in (None, started)


def _dumps(data: Any) -> str:
    """Compact JSON; values JSON cannot hold (paths, enums) are written as their ``str``."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"), sort_keys=True, default=str)


def _labels(record: Mapping[str, Any]) -> list[str]:
    labels = []
    for claim in record.get("claims") or []:
        verdict = claim.get("verdict") if isinstance(claim, Mapping) else None
        labels.append(str(verdict["label"]) if isinstance(verdict, Mapping) and "label" in verdict else "no verdict")
    return labels


def _row_values(run_id: str, record: Mapping[str, Any]) -> tuple[Any, ...]:
    if not isinstance(record, Mapping):
        raise InputError("record", f"must be a mapping (one scored row), got {type(record).__name__}")
    input_id = record.get("input_id")
    input_id = None if input_id is None else str(input_id)
    row = record.get("row")
    if isinstance(row, bool) or not isinstance(row, int):
        raise InputError("row", f"must be the integer row number of the dataset line, got {row!r}", input_id=input_id)
    value = record.get("value")
    if value is not None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InputError("value", f"must be a number or null, got {value!r}", row=row, input_id=input_id)
        value = float(value)
    weight = record.get("weight")
    weight = 1.0 if weight is None else float(weight)
    status = str(record.get("status") or "error")
    return (
        run_id,
        row,
        input_id,
        value,
        int(bool(record.get("passed"))),
        status,
        weight,
        _dumps(_labels(record)),
        _dumps(record),
    )


class RunStore:
    """All recorded runs, in the SQLite file ``path`` (created, with its folders, if missing).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as home:
    ...     store = RunStore(Path(home) / "runs.sqlite")
    ...     run = store.start_run(input_path="qa.jsonl", output_path=None, dataset_fingerprint="sha256:0",
    ...                           config={}, versions={})
    ...     store.add_rows(run, [{"row": 1, "input_id": "q-1", "value": 0.5, "passed": False, "status": "ok"}])
    ...     store.finish_run(run, status="finished", summary={})
    ...     info = store.get_run(run[:6])
    >>> (info.status, info.rows, info.mean, info.pass_rate)
    ('finished', 1, 0.5, 0.0)
    """

    def __init__(self, path: Path, *, busy_timeout: float = _BUSY_TIMEOUT_S) -> None:
        self.path = Path(path)
        self.busy_timeout = busy_timeout
        """Seconds a call waits for a store another process holds locked before :class:`StoreLockedError`."""
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            conn = sqlite3.connect(self.path, timeout=busy_timeout)
        except (OSError, sqlite3.Error) as exc:
            raise _store_error(self.path, exc, busy_timeout) from exc
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            self._check_version(version)
            if version < SCHEMA_VERSION:
                self._upgrade(conn)
        except sqlite3.Error as exc:
            raise _store_error(self.path, exc, busy_timeout) from exc
        finally:
            conn.close()

    def _check_version(self, version: int) -> None:
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} holds run store schema {version}, newer than this faithcheck understands "
                f"({SCHEMA_VERSION}): upgrade faithcheck, or {_FIX}"
            )

    def _upgrade(self, conn: sqlite3.Connection) -> None:
        """Create a new store, or migrate an older one, in one transaction (two processes may race here)."""
        conn.isolation_level = None
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("BEGIN IMMEDIATE")
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]  # again, now that we hold the lock
            self._check_version(version)
            has_runs = conn.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'runs'").fetchone()
            if version == 0 or not has_runs:
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
                        conn.execute(statement)
            else:
                for step in range(version, SCHEMA_VERSION):
                    for statement in _MIGRATIONS[step]:
                        conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def __repr__(self) -> str:
        return f"RunStore({str(self.path)!r})"

    @contextmanager
    def _connect(self) -> Iterator[sqlite3.Connection]:
        """A connection inside one transaction: committed on success, rolled back on error, then closed."""
        try:
            conn = sqlite3.connect(self.path, timeout=self.busy_timeout)
        except sqlite3.Error as exc:
            raise _store_error(self.path, exc, self.busy_timeout) from exc
        try:
            conn.row_factory = sqlite3.Row
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute("PRAGMA synchronous = NORMAL")
            with conn:
                yield conn
        except sqlite3.Error as exc:
            raise _store_error(self.path, exc, self.busy_timeout) from exc
        finally:
            conn.close()

    # -- writing -------------------------------------------------------------------------------

    def start_run(
        self,
        *,
        input_path: str,
        output_path: str | None,
        dataset_fingerprint: str,
        config: Mapping[str, Any],
        versions: Mapping[str, Any],
    ) -> str:
        """Record a new run with status ``running`` and return its id (12 hex digits).

        ``config`` is the scoring configuration and ``versions`` whatever identifies the software
        (faithcheck, Python, dependencies, model and verifier names); both are stored as JSON. The
        calling process is recorded as the run's process (see :class:`RunInfo`).
        """
        run_id = uuid.uuid4().hex[:_RUN_ID_LENGTH]
        pid = os.getpid()
        with self._connect() as conn:
            conn.execute(
                "INSERT INTO runs (run_id, started_at, status, input_path, output_path, dataset_fingerprint,"
                " config_json, versions_json, pid, host, process_started)"
                " VALUES (?, ?, 'running', ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    run_id,
                    _now(),
                    str(input_path),
                    None if output_path is None else str(output_path),
                    dataset_fingerprint,
                    _dumps(dict(config)),
                    _dumps(dict(versions)),
                    pid,
                    socket.gethostname(),
                    _process_started(pid),
                ),
            )
        return run_id

    def add_rows(self, run_id: str, records: Iterable[Mapping[str, Any]]) -> None:
        """Store scored records (the dicts ``faithcheck score`` writes) under the run ``run_id`` (full id).

        All records are written in one transaction: if one is malformed (no integer ``row``), none is
        stored and :class:`~faithcheck.errors.InputError` is raised. A record whose ``row`` is already
        stored replaces it, so a resumed run can re-add rows without duplicating them.
        """
        with self._connect() as conn:
            self._require(conn, run_id)
            conn.executemany(
                "INSERT OR REPLACE INTO rows (run_id, row, input_id, value, passed, status, weight, labels_json,"
                " record_json) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (_row_values(run_id, record) for record in records),
            )

    def finish_run(self, run_id: str, *, status: str, summary: Mapping[str, Any]) -> None:
        """Close the run ``run_id`` (full id) with ``status`` (``finished``, ``interrupted`` or ``failed``),
        its ``summary`` (stored as JSON) and the number of rows stored."""
        if status not in FINISH_STATUSES:
            raise ValueError(f"status must be one of {', '.join(FINISH_STATUSES)}; got {status!r}")
        with self._connect() as conn:
            self._require(conn, run_id)
            conn.execute(
                "UPDATE runs SET finished_at = ?, status = ?, summary_json = ?,"
                " rows_total = (SELECT COUNT(*) FROM rows WHERE rows.run_id = runs.run_id) WHERE run_id = ?",
                (_now(), status, _dumps(dict(summary)), run_id),
            )

    # -- reading -------------------------------------------------------------------------------

    _INFO_SELECT: Final = """
        SELECT r.run_id, r.started_at, r.finished_at, r.status, r.input_path, r.output_path,
               r.dataset_fingerprint, r.pid, r.host, r.process_started,
               COUNT(w.row) AS n_rows,
               COALESCE(SUM(w.status = 'error'), 0) AS n_errors,
               SUM(CASE WHEN w.status != 'error' AND w.value IS NOT NULL THEN w.value * w.weight END)
                 / NULLIF(SUM(CASE WHEN w.status != 'error' AND w.value IS NOT NULL THEN w.weight END), 0) AS mean,
               AVG(CASE WHEN w.status != 'error' THEN w.passed END) AS pass_rate
        FROM runs AS r LEFT JOIN rows AS w ON w.run_id = r.run_id
    """

    @staticmethod
    def _info(row: sqlite3.Row) -> RunInfo:
        status = row["status"]
        if status == "running" and _process_gone(row["pid"], row["host"], row["process_started"]):
            status = "interrupted"
        return RunInfo(
            run_id=row["run_id"],
            started_at=row["started_at"],
            finished_at=row["finished_at"],
            status=status,
            input_path=row["input_path"],
            output_path=row["output_path"],
            dataset_fingerprint=row["dataset_fingerprint"],
            rows=int(row["n_rows"]),
            errors=int(row["n_errors"]),
            mean=None if row["mean"] is None else float(row["mean"]),
            pass_rate=None if row["pass_rate"] is None else float(row["pass_rate"]),
            pid=row["pid"],
            host=row["host"],
        )

    def list_runs(self, limit: int | None = 20) -> list[RunInfo]:
        """The most recent runs, newest first (at most ``limit``; all of them when ``limit`` is ``None``)."""
        if limit is not None and limit < 0:
            raise ValueError(f"limit must be >= 0 or None, got {limit}")
        with self._connect() as conn:
            rows = conn.execute(
                self._INFO_SELECT + " GROUP BY r.run_id ORDER BY r.started_at DESC, r.rowid DESC LIMIT ?",
                (-1 if limit is None else limit,),
            ).fetchall()
        return [self._info(row) for row in rows]

    def resolve(self, run_id: str) -> str:
        """The full id of the run whose id is ``run_id`` or starts with it (like a short git hash);
        ``latest`` is the newest run, ``latest~N`` the one N runs before it.

        Raises :class:`RunNotFoundError`, naming the id, when no run or more than one run matches.
        """
        with self._connect() as conn:
            return self._resolve(conn, run_id)

    def _resolve(self, conn: sqlite3.Connection, run_id: str) -> str:
        wanted = run_id.strip().lower()
        if not wanted:
            raise RunNotFoundError(run_id, "empty run id")
        if (back := _LATEST.fullmatch(wanted)) is not None:
            return self._newest(conn, run_id, int(back.group(1) or 0))
        matches = [
            r[0]
            for r in conn.execute(
                "SELECT run_id FROM runs WHERE substr(run_id, 1, ?) = ? ORDER BY run_id", (len(wanted), wanted)
            )
        ]
        if len(matches) == 1:
            return str(matches[0])
        if wanted in matches:
            return wanted
        if not matches:
            raise RunNotFoundError(run_id, f"no run {run_id!r} in {self.path}")
        shown = ", ".join(matches[:_AMBIGUOUS_SHOWN]) + (", ..." if len(matches) > _AMBIGUOUS_SHOWN else "")
        raise RunNotFoundError(
            run_id,
            f"run id {run_id!r} is ambiguous: it matches {len(matches)} runs ({shown}); give more characters",
            matches=matches,
        )

    def _newest(self, conn: sqlite3.Connection, run_id: str, back: int) -> str:
        found = conn.execute(
            "SELECT run_id FROM runs ORDER BY started_at DESC, rowid DESC LIMIT 1 OFFSET ?", (back,)
        ).fetchone()
        if found is None:
            recorded = conn.execute("SELECT count(*) FROM runs").fetchone()[0]
            raise RunNotFoundError(run_id, f"no run {run_id!r}: {self.path} records {recorded} run(s)")
        return str(found[0])

    def _require(self, conn: sqlite3.Connection, run_id: str) -> None:
        if conn.execute("SELECT 1 FROM runs WHERE run_id = ?", (run_id,)).fetchone() is None:
            raise RunNotFoundError(run_id, f"no run {run_id!r} in {self.path} (writing needs the full run id)")

    def get_run(self, run_id: str) -> RunInfo:
        """The run with id ``run_id`` or a unique prefix of it; :class:`RunNotFoundError` otherwise."""
        with self._connect() as conn:
            full = self._resolve(conn, run_id)
            row = conn.execute(self._INFO_SELECT + " WHERE r.run_id = ? GROUP BY r.run_id", (full,)).fetchone()
        return self._info(row)

    def _json_column(
        self, run_id: str, column: Literal["config_json", "versions_json", "summary_json"]
    ) -> dict[str, Any]:
        with self._connect() as conn:
            full = self._resolve(conn, run_id)
            text = conn.execute(f"SELECT {column} FROM runs WHERE run_id = ?", (full,)).fetchone()[0]
        part = {"config_json": "configuration", "versions_json": "list of versions", "summary_json": "summary"}[column]
        return {} if text is None else self._load(text, dict, full, part)

    def _load(self, text: Any, kind: type[_J], run_id: str, part: str) -> _J:
        """``text``, the ``part`` of run ``run_id`` as stored, parsed: a ``kind`` (a JSON object or
        list), else :class:`DamagedRecordError`."""
        try:
            data = json.loads(text)
        except (TypeError, ValueError, RecursionError) as exc:
            problem = f"not valid JSON ({str(exc)[:200] or type(exc).__name__})"
            raise DamagedRecordError(self.path, run_id, part, problem) from None
        if not isinstance(data, kind):
            wanted = "an object" if kind is dict else "a list"
            raise DamagedRecordError(self.path, run_id, part, f"{wanted} is expected, got {type(data).__name__}")
        return data

    def run_config(self, run_id: str) -> dict[str, Any]:
        """The configuration the run (id or unique prefix) was started with (:class:`DamagedRecordError`
        when the stored JSON is damaged; likewise for the versions, the summary and the records)."""
        return self._json_column(run_id, "config_json")

    def run_versions(self, run_id: str) -> dict[str, Any]:
        """The software versions the run (id or unique prefix) was started with."""
        return self._json_column(run_id, "versions_json")

    def run_summary(self, run_id: str) -> dict[str, Any]:
        """The summary the run (id or unique prefix) was finished with; ``{}`` while it has none."""
        return self._json_column(run_id, "summary_json")

    def run_records(self, run_id: str) -> Iterator[dict[str, Any]]:
        """The stored records of the run (id or unique prefix), in row order, exactly as they were added."""
        with self._connect() as conn:
            full = self._resolve(conn, run_id)
            rows = conn.execute("SELECT row, record_json FROM rows WHERE run_id = ? ORDER BY row", (full,)).fetchall()
        for row, text in rows:
            yield self._load(text, dict, full, f"record of row {row}")

    def _rows(self, conn: sqlite3.Connection, run_id: str, metric: str | None = None) -> dict[tuple[str, int], _Row]:
        """Rows with an input_id, keyed by (input_id, occurrence), in row order: each row's own
        (first) metric, or the metric named ``metric`` of a run that scored several."""
        out: dict[tuple[str, int], _Row] = {}
        seen: dict[str, int] = {}
        query = (
            "SELECT row, input_id, value, passed, status, labels_json, record_json FROM rows"
            " WHERE run_id = ? AND input_id IS NOT NULL ORDER BY row"
        )
        for r in conn.execute(query, (run_id,)):
            occurrence = seen.get(r["input_id"], 0)
            seen[r["input_id"]] = occurrence + 1
            row = _Row(
                row=r["row"],
                input_id=r["input_id"],
                value=r["value"],
                passed=bool(r["passed"]),
                status=r["status"],
                labels=tuple(self._load(r["labels_json"], list, run_id, f"labels of row {r['row']}")),
            )
            if metric is not None:
                record = self._load(r["record_json"], dict, run_id, f"record of row {r['row']}")
                found = _metric_row(record, metric, r["row"], r["input_id"])
                if found is None:
                    continue
                row = found
            out[(r["input_id"], occurrence)] = row
        return out

    def diff_runs(self, a: str, b: str, *, metric: str | None = None) -> list[RowDiff]:
        """The rows that differ between runs ``a`` and ``b`` (ids or unique prefixes), matched on ``input_id``.

        Rows without an ``input_id`` are skipped; an ``input_id`` that repeats within a run is matched by
        occurrence. Each difference is one :class:`RowDiff`, of kind

        - ``regression``: the value dropped, or the row went from passed to failed, or from scored to error;
        - ``improvement``: the reverse, when nothing regressed;
        - ``changed``: the same value, but the verdict labels (or the status) differ;
        - ``only_in_a`` / ``only_in_b``: the row is in one run only.

        Unchanged rows are left out. Regressions come first, largest drop first (rows that became errors,
        having no delta, lead); then improvements, largest gain first (rows that stopped being errors
        lead); then changed rows, rows only in A and rows only in B, each in row order.

        ``metric`` compares that metric of runs that scored several (by default each row's first).
        """
        with self._connect() as conn:
            rows_a = self._rows(conn, self._resolve(conn, a), metric)
            rows_b = self._rows(conn, self._resolve(conn, b), metric)
        diffs: list[RowDiff] = []
        for key, ra in rows_a.items():
            rb = rows_b.get(key)
            kind = "only_in_a" if rb is None else _classify(ra, rb)
            if kind is not None:
                diffs.append(_row_diff(kind, key[1], ra, rb))
        diffs.extend(_row_diff("only_in_b", key[1], None, rb) for key, rb in rows_b.items() if key not in rows_a)
        return sorted(diffs, key=_diff_order)


def _metric_row(record: Mapping[str, Any], metric: str, row: int, input_id: str) -> _Row | None:
    for name, result in metric_records(record):
        if name == metric:
            value = result.get("value")
            return _Row(
                row=row,
                input_id=input_id,
                value=None if value is None else float(value),
                passed=bool(result.get("passed")),
                status=str(result.get("status") or "error"),
                labels=tuple(_labels(result)),
            )
    return None


def _classify(a: _Row, b: _Row) -> DiffKind | None:
    went_down = went_up = False
    if a.value is not None and b.value is not None:
        went_down = b.value < a.value - _VALUE_EPSILON
        went_up = b.value > a.value + _VALUE_EPSILON
    a_error, b_error = a.status == "error", b.status == "error"
    if went_down or (a.passed and not b.passed) or (b_error and not a_error):
        return "regression"
    if went_up or (b.passed and not a.passed) or (a_error and not b_error):
        return "improvement"
    if a.labels != b.labels or a.status != b.status:
        return "changed"
    return None


def _row_diff(kind: DiffKind, occurrence: int, a: _Row | None, b: _Row | None) -> RowDiff:
    some = a if a is not None else b
    assert some is not None
    value_a = None if a is None else a.value
    value_b = None if b is None else b.value
    return RowDiff(
        kind=kind,
        input_id=some.input_id,
        occurrence=occurrence,
        row_a=None if a is None else a.row,
        row_b=None if b is None else b.row,
        value_a=value_a,
        value_b=value_b,
        delta=None if value_a is None or value_b is None else value_b - value_a,
        passed_a=None if a is None else a.passed,
        passed_b=None if b is None else b.passed,
        status_a=None if a is None else a.status,
        status_b=None if b is None else b.status,
        labels_a=None if a is None else a.labels,
        labels_b=None if b is None else b.labels,
    )


def _diff_order(d: RowDiff) -> tuple[int, float, int]:
    rank = DIFF_KINDS.index(d.kind)
    row = (d.row_a if d.row_a is not None else d.row_b) or 0
    if d.kind == "regression":
        return rank, float("-inf") if d.delta is None else d.delta, row
    if d.kind == "improvement":
        return rank, float("-inf") if d.delta is None else -d.delta, row
    return rank, 0.0, row


class RunRecorder:
    """Records one run in the run store at ``path``, if it can: scoring never depends on the store.

    :meth:`start` describes the run, which is written to the store with its first rows
    (:meth:`add_rows`): a command that scores nothing records nothing. :meth:`finish` closes it.

    None of them raises. While another process holds the store locked, rows wait in memory and are
    written when it is free: tried again now and then while the run goes on, and by :meth:`finish`
    for up to ``wait`` seconds; the lock is said once through ``warn``, and so is a record that stays
    incomplete. Any other failure (a damaged store, a newer schema, a folder that cannot be written)
    is reported once through ``warn``, with what to do, and from then on nothing is recorded, as with
    ``--no-store``. ``path=None`` records nothing and warns about nothing (``--no-store``).

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as home:
    ...     bad = Path(home) / "runs.sqlite"
    ...     _ = bad.write_bytes(b"not a database")
    ...     warnings = []
    ...     recorder = RunRecorder(bad, warn=warnings.append)
    ...     recorder.start(input_path="qa.jsonl", output_path=None, dataset_fingerprint="sha256:0",
    ...                    config={}, versions={})
    ...     recorder.add_rows([{"row": 1, "value": 1.0, "status": "ok"}])
    ...     recorder.finish(status="finished", summary={})
    >>> len(warnings), recorder.run_id
    (1, None)
    >>> "move it away, or use --store PATH" in warnings[0]
    True
    """

    def __init__(self, path: Path | None, *, warn: Callable[[str], None], wait: float = DEFAULT_STORE_TIMEOUT) -> None:
        self.path = path
        self.wait = wait
        """Seconds :meth:`finish` waits at most for a store another process holds locked."""
        self._warn = warn
        self._store: RunStore | None = None
        self._run: dict[str, Any] | None = None
        self._run_id: str | None = None
        self._backlog: list[Mapping[str, Any]] = []
        self._stored = 0
        self._locked = False
        self._lock_said = False
        self._retry_at = 0.0
        self._retry_delay = _RETRY_FIRST_S
        self._failed = path is None

    @property
    def run_id(self) -> str | None:
        """The id of the recorded run; ``None`` while nothing is (or no longer is) recorded."""
        return None if self._failed else self._run_id

    @property
    def recording(self) -> bool:
        """Whether rows are still taken for the record (from :meth:`start` until the store fails)."""
        return not self._failed and self._run is not None

    def _fail(self, exc: Exception) -> None:
        self._failed = True
        message = str(exc) if isinstance(exc, StoreError) else f"cannot record the run in {self.path}: {exc!r}"
        self._warn(f"not recording this run: {message}. Scoring goes on as with --no-store.")

    def start(
        self,
        *,
        input_path: str,
        output_path: str | None,
        dataset_fingerprint: str,
        config: Mapping[str, Any],
        versions: Mapping[str, Any],
    ) -> None:
        """Describe the run; it is recorded as ``running`` with its first rows."""
        if self._failed:
            return
        self._run = {
            "input_path": input_path,
            "output_path": output_path,
            "dataset_fingerprint": dataset_fingerprint,
            "config": dict(config),
            "versions": dict(versions),
        }

    def add_rows(self, records: Iterable[Mapping[str, Any]]) -> None:
        """Store scored records under the run (see :meth:`RunStore.add_rows`), recording the run first
        if this is its first rows; they wait in memory while the store is locked."""
        if not self.recording:
            return
        self._backlog.extend(records)
        if self._locked:
            if len(self._backlog) > _BACKLOG_ROWS:
                self._fail(
                    StoreLockedError(
                        f"the run store {self.path} has stayed locked by another process while "
                        f"{len(self._backlog)} rows were scored; {_FIX}"
                    )
                )
                return
            if time.monotonic() < self._retry_at:
                return
        self._try(time.monotonic() + (_RETRY_BUSY_S if self._locked else _BUSY_TIMEOUT_S))

    def _write(self, deadline: float) -> None:
        """Record the run (the first time) and the rows waiting, each call waiting for a lock until ``deadline``."""
        assert self._run is not None
        assert self.path is not None

        def timeout() -> float:
            return max(deadline - time.monotonic(), 0.01)

        if self._store is None:
            self._store = RunStore(self.path, busy_timeout=timeout())
        self._store.busy_timeout = timeout()
        if self._run_id is None:
            self._run_id = self._store.start_run(**self._run)
        if self._backlog:
            self._store.busy_timeout = timeout()
            self._store.add_rows(self._run_id, self._backlog)
            self._stored += len(self._backlog)
            self._backlog = []
        self._store.busy_timeout = timeout()

    def _try(self, deadline: float) -> None:
        try:
            self._write(deadline)
        except StoreLockedError:
            if not self._lock_said:
                self._lock_said = True
                self._warn(
                    f"the run store {self.path} is locked by another process: this run's rows wait in memory "
                    f"and are recorded when it is free (waiting up to {self.wait:g} s at the end; --store-timeout)"
                )
            self._locked = True
            self._retry_at = time.monotonic() + self._retry_delay
            self._retry_delay = min(self._retry_delay * 2, _RETRY_MAX_S)
        except Exception as exc:  # the store must never cost a scoring run
            self._fail(exc)
        else:
            self._locked = False
            self._retry_delay = _RETRY_FIRST_S

    def finish(self, *, status: str, summary: Mapping[str, Any]) -> None:
        """Close the run (see :meth:`RunStore.finish_run`); nothing when no row was scored.

        A store another process holds locked is waited for, up to ``wait`` seconds (a couple of seconds
        for an ``interrupted`` run: the user asked it to stop); if it stays locked, that is said once."""
        if not self.recording or (self._run_id is None and not self._backlog):
            return
        wait = self.wait if status != "interrupted" else min(self.wait, _BUSY_TIMEOUT_S)
        deadline = time.monotonic() + wait
        try:
            self._write(deadline)
            assert self._store is not None
            assert self._run_id is not None
            self._store.finish_run(self._run_id, status=status, summary=summary)
        except StoreLockedError:
            self._failed = True
            self._warn(self._incomplete(wait))
        except Exception as exc:
            self._fail(exc)

    def _incomplete(self, wait: float) -> str:
        assert self._run is not None
        rows = self._stored + len(self._backlog)
        kept = (
            "nothing of it is recorded there"
            if self._run_id is None
            else f"its record there holds {self._stored} of its {rows} rows and shows as interrupted"
        )
        output = self._run["output_path"] or "standard output"
        return (
            f"this run is not fully recorded in the run store {self.path}: it stayed locked by another process "
            f"for {wait:g} s after scoring (--store-timeout SECONDS waits longer); {kept}. "
            f"The results written to {output} are not affected."
        )
