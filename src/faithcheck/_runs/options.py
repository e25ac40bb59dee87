"""How a dataset run is executed, as opposed to how a row is scored (a metric's configuration):
batches, timeouts, the run store's wait and the CI gates of ``faithcheck score``."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from faithcheck._core.errors import ConfigError
from faithcheck._metrics.config import MAX_SECONDS, validation_problems

__all__ = ["RunOptions", "load_run_options"]


class RunOptions(BaseModel):
    """How a dataset run is executed, as opposed to how a row is scored: batches, timeouts and
    the CI gates of ``faithcheck score``. Every number is finite and in range (NaN and infinity
    are refused here, once, for the CLI, config files and :func:`~faithcheck._runs.runner.score_dataset`).

    The defaults of ``batch_size`` and ``job_timeout`` are seed 001's ``stream_batch_size`` and
    ``timeout_seconds``.
    """

    model_config = ConfigDict(title="RunOptions", extra="forbid", frozen=True, allow_inf_nan=False)

    batch_size: int = Field(
        default=5000, ge=1, le=1_000_000, description="rows read and scored at a time (bounds memory)"
    )
    row_timeout: float | None = Field(
        default=None, gt=0, le=MAX_SECONDS, description="seconds one row may take; a slower row ends as status error"
    )
    job_timeout: float | None = Field(
        default=21600.0,
        gt=0,
        le=MAX_SECONDS,
        description="seconds the whole job may take; finished rows are kept, run the same command to resume",
    )
    fail_under: float | None = Field(
        default=None,
        description="CI gate: exit 1 when the mean is worse than this (below it; above it when inverted)",
    )
    fail_on_error: bool = Field(default=False, description="CI gate: exit 3 when any row ends in status error")
    store_timeout: float = Field(
        default=30.0,
        ge=0,
        le=MAX_SECONDS,
        description="seconds a finished run waits for a run store that another process holds locked, "
        "to record the run there",
    )


def load_run_options(**options: Any) -> RunOptions:
    """Build :class:`RunOptions`, turning validation errors into :class:`ConfigError`.

    >>> load_run_options(row_timeout=float("nan"))
    Traceback (most recent call last):
    ...
    faithcheck._core.errors.ConfigError: invalid run options: row_timeout: Input should be a finite number
    """
    try:
        return RunOptions(**options)
    except ValidationError as exc:
        raise ConfigError(f"invalid run options: {validation_problems(exc, RunOptions.model_fields)}") from None
