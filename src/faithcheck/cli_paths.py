"""Files the CLI writes: checked when the options are parsed, so a long run never fails at its end
because an output path cannot be written."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from faithcheck.paths import unwritable

__all__ = ["OutputFile", "writing"]


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
    """Around the write of an output file: a failure (a full disk, a folder removed meanwhile) is a
    CLI error (exit 1) naming the file, not a traceback."""
    try:
        yield
    except OSError as exc:
        raise click.ClickException(f"cannot write {path}: {exc.strerror or exc}") from None
