"""What every metric shares: the protocol the runner, Ray, the store, the summary and the
assertions are written against, the trace of a row's steps (usage, prompts, raw replies), the
language a row is scored in, and running a metric's coroutine from sync code.

A metric's error score and record are built by one function for every metric,
:meth:`faithcheck._core.types.EvalScore.not_scored` (a row that failed says so, with the metric's
own threshold and weight).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import time
from collections.abc import Coroutine, Mapping
from typing import Any, Generic, Literal, Protocol, TypeVar, runtime_checkable

from pydantic import BaseModel

from faithcheck._core.types import EvalScore, Lang, ScoredMetric, ScoreScale, TestCase, Usage
from faithcheck._text.language import SUPPORTED, describe_language

__all__ = ["Metric", "StepTrace", "members", "resolve_lang", "run_sync"]

T = TypeVar("T")


@runtime_checkable
class Metric(ScoredMetric, Protocol):
    """What every faithcheck metric offers. ``name`` keys its results (the ``metric_name`` of its
    records); ``threshold`` is its pass mark on the reported ``scale``; ``weight`` is what its rows
    weigh in a weighted mean; ``concurrency`` is how many rows a run scores at once with it (the
    first metric of a run decides)."""

    # name, threshold and weight: as a score records them (ScoredMetric)

    @property
    def scale(self) -> ScoreScale: ...

    @property
    def concurrency(self) -> int: ...

    @property
    def config(self) -> BaseModel: ...

    @property
    def required_columns(self) -> tuple[str, ...]: ...

    def evaluate(self, case: TestCase | Mapping[str, Any]) -> EvalScore: ...

    async def aevaluate(self, case: TestCase | Mapping[str, Any]) -> EvalScore: ...

    def versions(self) -> dict[str, Any]: ...

    def manifest(self) -> dict[str, Any]: ...


def members(protocol: type) -> list[str]:
    """The public members ``protocol`` declares, its bases' first (for saying what an object lacks)."""
    chain = [cls for cls in reversed(protocol.__mro__) if cls not in (object, Protocol, Generic)]
    return list(dict.fromkeys(name for cls in chain for name in vars(cls) if not name.startswith("_")))


class StepTrace:
    """Usage, prompts and raw replies gathered across the steps of one row."""

    def __init__(self) -> None:
        self._usage = Usage()
        self.prompts: dict[str, str] = {}
        self.raw_responses: dict[str, list[str]] = {}

    def add(self, step: str, usage: Usage, prompts: list[str], raw: list[str]) -> None:
        self._usage = self._usage + usage
        if prompts:
            # several calls in one step (batches, repairs) are joined in call order
            self.prompts[step] = "\n\n-----\n\n".join(prompts)
        if raw:
            self.raw_responses[step] = list(raw)

    def usage(self, started: float) -> Usage:
        return self._usage.model_copy(update={"wall_seconds": time.perf_counter() - started})

    def fields(self, started: float) -> dict[str, Any]:
        """What a score records of the trace: ``usage`` (with the row's wall time since
        ``started``), ``prompts`` and ``raw_responses``."""
        return {"usage": self.usage(started), "prompts": self.prompts, "raw_responses": self.raw_responses}


def run_sync(coro: Coroutine[Any, Any, T]) -> T:
    """Run ``coro`` to completion from sync code, also when an event loop already runs here
    (a notebook): then it runs on a fresh loop in a worker thread."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()


def resolve_lang(configured: Lang | Literal["auto"], detected: str | None) -> tuple[Lang | None, str]:
    """(the language to score a row in, or ``None`` and why not): the ``configured`` language, or
    under ``lang="auto"`` the row's ``detected`` one when faithcheck scores it.

    >>> resolve_lang("de", "fr"), resolve_lang("auto", "fr")
    (('de', ''), ('fr', ''))
    >>> print(resolve_lang("auto", "sw")[1])  # doctest: +ELLIPSIS
    field 'lang': lang is auto and this row looks sw, which faithcheck cannot score (it scores en, de, fr): ...
    """
    if configured != "auto":
        return configured, ""
    for lang in SUPPORTED:
        if detected == lang:
            return lang, ""
    accepted = ", ".join(SUPPORTED)
    if detected is None:
        return None, (
            f"field 'lang': lang is auto but the language of this row could not be detected "
            f"(faithcheck scores {accepted}): set lang to the row's language, e.g. --lang en"
        )
    return None, (
        f"field 'lang': lang is auto and this row looks {describe_language(detected)}, which faithcheck "
        f"cannot score (it scores {accepted}): translate the row, or set --lang to score it as one of them"
    )
