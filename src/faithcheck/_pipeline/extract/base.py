"""The claim-extraction interface and the offline backend."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from faithcheck._core.types import Claim, Lang, Usage
from faithcheck._pipeline.extract.claims import extract_claims
from faithcheck._pipeline.extract.relevance import irrelevance_reason

__all__ = ["ClaimExtractor", "ExtractedClaim", "ExtractorOutput", "SentenceExtractor"]


@dataclass(frozen=True)
class ExtractedClaim:
    """A claim, and why it is irrelevant to the question (``None`` if it is relevant)."""

    claim: Claim
    irrelevant_reason: str | None = None


@dataclass
class ExtractorOutput:
    claims: list[ExtractedClaim]
    usage: Usage = field(default_factory=Usage)
    prompts: list[str] = field(default_factory=list)
    raw_responses: list[str] = field(default_factory=list)


@runtime_checkable
class ClaimExtractor(Protocol):
    """Splits an answer into claims and marks the ones not about the question."""

    name: str

    async def aextract(self, question: str, answer: str, lang: Lang, *, history: str = "") -> ExtractorOutput:
        """Claims of ``answer``; ``history`` is the conversation before ``question`` (multi-turn)."""
        ...


class SentenceExtractor:
    """Offline: sentences and clauses (sentencex), then the lexical relevance filter."""

    name = "sentence"

    def extract(self, question: str, answer: str, lang: Lang) -> list[ExtractedClaim]:
        return [ExtractedClaim(c, irrelevance_reason(c.text, question, lang)) for c in extract_claims(answer, lang)]

    async def aextract(self, question: str, answer: str, lang: Lang, *, history: str = "") -> ExtractorOutput:
        # the lexical filter judges relevance against the question itself; history is not needed
        claims = await asyncio.to_thread(self.extract, question, answer, lang)
        return ExtractorOutput(claims=claims)
