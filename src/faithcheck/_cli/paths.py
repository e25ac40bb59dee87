"""Files the CLI writes: checked when the options are parsed, so a long run never fails at its end
because an output path cannot be written."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any

import click

from faithcheck._core.errors import is_disk_full
from faithcheck._core.paths import unwritable

__all__ = ["EXIT_DISK_FULL", "DiskFull", "OutputFile", "writing"]

EXIT_DISK_FULL = 5
"""The exit status of a command that could not write an output: the disk is full, or the file
would be larger than allowed (``ENOSPC``, ``EDQUOT``, ``EFBIG``)."""


class DiskFull(click.ClickException):
    """An output could not be written for want of room (see :data:`EXIT_DISK_FULL`)."""

    exit_code = EXIT_DISK_FULL


class OutputFile(click.Path):
    """A file option the command writes to: a usage error (exit 2) before any work when it cannot be."""

    def __init__(self) -> None:
        super().__init__(dir_okay=False, path_type=Path)

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        path = super().convert(value, param, ctx)
        if isinstance(path, Path) and (problem := unwritable(path)):
            self.fail(f"cannot write {click.format_filename(path)}: {problem}", param, ctx)
        return path


@contextmanager
def writing(path: Path) -> Iterator[None]:
    """Around the write of an output file (written whole, from its start): a failure is a CLI error
    naming the file, not a traceback. A full disk or a file too large exits with
    :data:`EXIT_DISK_FULL` and removes the half-written file; any other failure (a folder removed
    meanwhile) exits with 1."""
    try:
        yield
    except OSError as exc:
        if is_disk_full(exc):
            with suppress(OSError):  # its old content was already gone: leave no torn file
                path.unlink(missing_ok=True)
            raise DiskFull(f"cannot write {path}: disk full / file too large ({exc.strerror or exc})") from None
        raise click.ClickException(f"cannot write {path}: {exc.strerror or exc}") from None
