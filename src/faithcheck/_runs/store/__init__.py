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

from faithcheck._runs.store._db import (
    FINISH_STATUSES,
    SCHEMA_VERSION,
    STANDARD_INPUT,
    DamagedRecordError,
    RunInfo,
    RunNotFoundError,
    RunStore,
    StoreError,
    StoreLockedError,
    dataset_fingerprint,
    default_store_path,
)
from faithcheck._runs.store._diff import DIFF_KINDS, RowDiff
from faithcheck._runs.store._recorder import DEFAULT_STORE_TIMEOUT, RunRecorder

__all__ = [
    "DEFAULT_STORE_TIMEOUT",
    "DIFF_KINDS",
    "FINISH_STATUSES",
    "SCHEMA_VERSION",
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
