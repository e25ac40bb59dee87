"""One extraction for several metrics: when faithfulness and answer relevancy score the same
row, the answer is split into claims once (with an LLM extractor, one call instead of two)."""

from __future__ import annotations

import asyncio
import dataclasses
from collections import OrderedDict

from faithcheck._core.types import Lang, Usage
from faithcheck._pipeline.extract.base import ClaimExtractor, ExtractorOutput

__all__ = ["SharedExtractor"]

_Key = tuple[str, str, str, str]


class SharedExtractor:
    """Wraps an extractor so that the same (question, answer, language, history) is extracted
    once: concurrent callers await the same extraction, later callers get its result from a small
    bounded memory. Only the first caller's output carries the usage, prompts and raw replies, so
    an LLM call is counted (and paid) once."""

    def __init__(self, inner: ClaimExtractor, *, keep: int = 256):
        self.inner = inner
        self.name = inner.name
        self._keep = keep
        self._done: OrderedDict[_Key, ExtractorOutput] = OrderedDict()
        self._pending: dict[_Key, asyncio.Future[ExtractorOutput]] = {}

    async def aextract(self, question: str, answer: str, lang: Lang, *, history: str = "") -> ExtractorOutput:
        key: _Key = (question, answer, lang, history)
        if key in self._done:
            self._done.move_to_end(key)
            return _without_costs(self._done[key])
        if key in self._pending:
            return _without_costs(await asyncio.shield(self._pending[key]))
        future: asyncio.Future[ExtractorOutput] = asyncio.get_running_loop().create_future()
        self._pending[key] = future
        try:
            output = await self.inner.aextract(question, answer, lang, history=history)
        except BaseException as exc:
            future.set_exception(exc)
            future.exception()  # retrieved: a failure nobody else awaited is not "never retrieved"
            raise
        finally:
            self._pending.pop(key, None)
        future.set_result(output)
        self._done[key] = output
        while len(self._done) > self._keep:
            self._done.popitem(last=False)
        return output


def _without_costs(output: ExtractorOutput) -> ExtractorOutput:
    return dataclasses.replace(output, usage=Usage(), prompts=[], raw_responses=[])
