"""The SQLite file of the run store: its schema and migrations, runs and rows in and out, and its errors."""

from __future__ import annotations

import hashlib
import json
import os
import re
import socket
import sqlite3
import sys
import uuid
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final, Literal, TypedDict, TypeVar, Unpack, cast

from faithcheck._core.errors import FaithcheckError, InputError
from faithcheck._core.records import RowRecord
from faithcheck._runs.store._diff import Row, RowDiff, classify, diff_order, metric_row, row_diff, row_labels

SCHEMA_VERSION: Final = 2
"""1: runs and rows; 2: runs also name their process (``pid``, ``host``, ``process_started``)."""
FINISH_STATUSES: Final = ("finished", "interrupted", "failed")
"""The statuses :meth:`RunStore.finish_run` accepts; a run is ``running`` until then."""


_J = TypeVar("_J", dict[str, Any], list[Any])


BUSY_TIMEOUT_S: Final = 2.0  # by default, a store locked longer than this is reported


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
FIX_HINT: Final = "move it away, or use --store PATH (another file) or --no-store"


class RunDescription(TypedDict):
    """What a run is recorded with when it starts: what it read and wrote, the input's fingerprint,
    its scoring configuration and the versions that decide its scores (both stored as JSON)."""

    input_path: str
    output_path: str | None
    dataset_fingerprint: str
    config: Mapping[str, Any]
    versions: Mapping[str, Any]


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


def _store_error(path: Path, exc: BaseException, waited: float = BUSY_TIMEOUT_S) -> StoreError:
    if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
        return StoreLockedError(
            f"cannot use the run store {path}: it is locked by another process (waited {waited:g} s)"
        )
    reason = (exc.strerror or str(exc)) if isinstance(exc, OSError) else (str(exc) or type(exc).__name__)
    return StoreError(f"cannot use the run store {path}: {reason}; {FIX_HINT}")


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


def _row_values(run_id: str, record: RowRecord) -> tuple[Any, ...]:
    if not isinstance(record, Mapping):  # a caller of RunStore.add_rows may pass anything
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
        _dumps(row_labels(record)),
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

    def __init__(self, path: Path, *, busy_timeout: float = BUSY_TIMEOUT_S) -> None:
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
                f"({SCHEMA_VERSION}): upgrade faithcheck, or {FIX_HINT}"
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

    def start_run(self, **run: Unpack[RunDescription]) -> str:
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
                    str(run["input_path"]),
                    None if run["output_path"] is None else str(run["output_path"]),
                    run["dataset_fingerprint"],
                    _dumps(dict(run["config"])),
                    _dumps(dict(run["versions"])),
                    pid,
                    socket.gethostname(),
                    _process_started(pid),
                ),
            )
        return run_id

    def add_rows(self, run_id: str, records: Iterable[RowRecord]) -> None:
        """Store scored records (the dicts ``faithcheck score`` writes) under the run ``run_id`` (full id).

        All records are written in one transaction: if one is malformed (no integer ``row``), none is
        stored and :class:`~faithcheck._core.errors.InputError` is raised. A record whose ``row`` is already
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

    def run_records(self, run_id: str) -> Iterator[RowRecord]:
        """The stored records of the run (id or unique prefix), in row order, exactly as they were added."""
        with self._connect() as conn:
            full = self._resolve(conn, run_id)
            rows = conn.execute("SELECT row, record_json FROM rows WHERE run_id = ? ORDER BY row", (full,)).fetchall()
        for row, text in rows:
            yield self._record(text, full, row)

    def _record(self, text: Any, run_id: str, row: int) -> RowRecord:
        """A stored row's record, parsed. Typed once here: add_rows stored what the runner made (a
        :class:`RowRecord`), and its readers take a field that is missing or damaged as absent."""
        return cast(RowRecord, self._load(text, dict, run_id, f"record of row {row}"))

    def _rows(self, conn: sqlite3.Connection, run_id: str, metric: str | None = None) -> dict[tuple[str, int], Row]:
        """Rows with an input_id, keyed by (input_id, occurrence), in row order: each row's own
        (first) metric, or the metric named ``metric`` of a run that scored several."""
        out: dict[tuple[str, int], Row] = {}
        seen: dict[str, int] = {}
        query = (
            "SELECT row, input_id, value, passed, status, labels_json, record_json FROM rows"
            " WHERE run_id = ? AND input_id IS NOT NULL ORDER BY row"
        )
        for r in conn.execute(query, (run_id,)):
            occurrence = seen.get(r["input_id"], 0)
            seen[r["input_id"]] = occurrence + 1
            row = Row(
                row=r["row"],
                input_id=r["input_id"],
                value=r["value"],
                passed=bool(r["passed"]),
                status=r["status"],
                labels=tuple(self._load(r["labels_json"], list, run_id, f"labels of row {r['row']}")),
            )
            if metric is not None:
                found = metric_row(self._record(r["record_json"], run_id, r["row"]), metric, r["row"], r["input_id"])
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
            kind = "only_in_a" if rb is None else classify(ra, rb)
            if kind is not None:
                diffs.append(row_diff(kind, key[1], ra, rb))
        diffs.extend(row_diff("only_in_b", key[1], None, rb) for key, rb in rows_b.items() if key not in rows_a)
        return sorted(diffs, key=diff_order)
