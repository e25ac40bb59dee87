"""Recording a run as ``faithcheck score`` goes, without ever stopping it (:class:`RunRecorder`)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any, Final, Unpack

from faithcheck._core.records import RowRecord
from faithcheck._runs.options import RunOptions
from faithcheck._runs.store._db import BUSY_TIMEOUT_S, FIX_HINT, RunDescription, RunStore, StoreError, StoreLockedError

DEFAULT_STORE_TIMEOUT: Final[float] = RunOptions.model_fields["store_timeout"].default
"""Seconds a finished run waits at most for a run store another process holds locked (``--store-timeout``)."""
_RETRY_BUSY_S: Final = 0.1  # a retry during the run: scoring must not stall on the store
_RETRY_FIRST_S: Final = 1.0
_RETRY_MAX_S: Final = 30.0
_BACKLOG_ROWS: Final = 20_000  # rows kept in memory for a locked store before giving up on the record


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
        self._run: RunDescription | None = None
        self._run_id: str | None = None
        self._backlog: list[RowRecord] = []
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

    def start(self, **run: Unpack[RunDescription]) -> None:
        """Describe the run; it is recorded as ``running`` with its first rows."""
        if self._failed:
            return
        self._run = run

    def add_rows(self, records: Iterable[RowRecord]) -> None:
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
                        f"{len(self._backlog)} rows were scored; {FIX_HINT}"
                    )
                )
                return
            if time.monotonic() < self._retry_at:
                return
        self._try(time.monotonic() + (_RETRY_BUSY_S if self._locked else BUSY_TIMEOUT_S))

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
        wait = self.wait if status != "interrupted" else min(self.wait, BUSY_TIMEOUT_S)
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
