"""One exception hierarchy for everything faithcheck raises on purpose."""

from __future__ import annotations

import errno
from pathlib import Path


class FaithcheckError(Exception):
    """Base class of every error faithcheck raises deliberately."""


class InputError(FaithcheckError, ValueError):
    """A test case or dataset row is malformed.

    The message names the row (when known), the field and what to do, e.g.
    ``row 12 (input_id='q-7'): field 'retrieved_context': must be a non-empty list of strings``.
    """

    def __init__(self, field: str, problem: str, *, row: int | None = None, input_id: str | None = None):
        self.field = field
        self.problem = problem
        self.row = row
        self.input_id = input_id
        super().__init__(self._format())

    def _format(self) -> str:
        where = row_label(self.row, self.input_id)
        return f"{where}: field {self.field!r}: {self.problem}" if where else f"field {self.field!r}: {self.problem}"


def row_label(row: int | None, input_id: str | None) -> str:
    """How messages name a row: ``row 12 input_id='q-7'``, either part left out when unknown.

    >>> row_label(12, "q-7"), row_label(3, None), row_label(None, None)
    ("row 12 input_id='q-7'", 'row 3', '')
    """
    where = [f"row {row}"] if row is not None else []
    if input_id is not None:
        where.append(f"input_id={input_id!r}")
    return " ".join(where)


class ConfigError(FaithcheckError, ValueError):
    """The metric configuration is invalid (unknown option, value out of range)."""


class ModelLoadError(FaithcheckError, RuntimeError):
    """A model file that ships with faithcheck (or a dependency) could not be loaded."""


class DatasetError(FaithcheckError, ValueError):
    """A dataset cannot be read at all (wrong encoding, a corrupt file, none of the required
    columns): one clear error before anything is scored. Problems of single rows are not this:
    they become that row's error record."""


class RunStopped(FaithcheckError):
    """A failure no row can get past (an LLM endpoint that cannot be reached or refuses the key):
    it is not made into an error record for each row; a dataset run stops with it, keeping the
    rows it finished, and the same command resumes once the cause is fixed."""


_DISK_FULL = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG})


def is_disk_full(exc: BaseException) -> bool:
    """Whether ``exc`` says the disk is full or the file would grow too large (``ENOSPC``,
    ``EDQUOT``, ``EFBIG``, as the OS or pyarrow reports it)."""
    if not isinstance(exc, OSError):
        return False
    if exc.errno in _DISK_FULL:
        return True
    text = str(exc)  # pyarrow's OSError carries the errno in its message only
    return any(f"[errno {code}]" in text.lower() for code in _DISK_FULL)


class DiskFullError(RunStopped):
    """An output could not be written: the disk is full, a quota is used up or the file would be
    larger than allowed. ``path`` names the file. What was written before it stays whole (the
    journal holds whole lines only), so the same command resumes once there is room."""

    def __init__(self, path: Path, exc: OSError) -> None:
        self.path = path
        self.errno = exc.errno
        reason = exc.strerror or str(exc)
        super().__init__(f"cannot write {path}: disk full / file too large ({reason})")
