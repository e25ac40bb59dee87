"""A deadline that offline work checks, so that a timed-out row stops using CPU and memory.

The offline steps (splitting and analysing the context, selecting evidence, the encoder, the
verifiers) run in worker threads (``asyncio.to_thread``), which a timeout cannot cancel: before
this, a row that timed out at 10 s went on computing to 106 s and 3.5 GB. The runner now opens a
:func:`deadline` around each row (``row_timeout``) and around the job (``job_timeout``); the value
lives in a context variable, which ``asyncio`` copies into every task and every ``to_thread`` call,
and the offline loops call :func:`check_deadline` between batches of sentences, claims and pairs.
Past the deadline it raises :class:`DeadlineExceeded` (a :class:`TimeoutError`), so the thread ends
within one batch of work.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["DeadlineExceeded", "check_deadline", "deadline"]

_DEADLINE: ContextVar[float | None] = ContextVar("faithcheck_deadline", default=None)


class DeadlineExceeded(TimeoutError):
    """The row's or the job's time is up; the offline work in progress stops."""


@contextmanager
def deadline(seconds: float | None) -> Iterator[None]:
    """Work started inside the block (tasks and threads too) stops ``seconds`` from now, or at an
    outer deadline if that comes first; ``None`` adds no deadline.

    >>> with deadline(60):
    ...     check_deadline()  # well within the minute: nothing happens
    """
    if seconds is None:
        yield
        return
    outer = _DEADLINE.get()
    mine = time.monotonic() + seconds
    token = _DEADLINE.set(mine if outer is None else min(outer, mine))
    try:
        yield
    finally:
        _DEADLINE.reset(token)


def check_deadline() -> None:
    """Raise :class:`DeadlineExceeded` when the current deadline has passed.

    >>> with deadline(0):
    ...     check_deadline()
    Traceback (most recent call last):
    ...
    faithcheck._core.deadline.DeadlineExceeded: the time of this row or job is up
    """
    at = _DEADLINE.get()
    if at is not None and time.monotonic() >= at:
        raise DeadlineExceeded("the time of this row or job is up")
