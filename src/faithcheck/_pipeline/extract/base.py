"""The claim-extraction interface and the offline backend."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from faithcheck._core.types import Claim, Lang, Usage
from faithcheck._pipeline.extract.claims import extract_claims
from faithcheck._pipeline.extract.relevance import irrelevance_reason
from faithcheck._text.answer_forms import short_answer_statement

__all__ = ["ClaimExtractor", "ExtractedClaim", "ExtractorOutput", "SentenceExtractor"]


@dataclass(frozen=True)
class ExtractedClaim:
    """A claim, why it is irrelevant to the question (``None`` if it is relevant), and the
    statement it is checked as where that is not its own text: a short answer read with its
    question ("1923" to "In which year was Mukesh born?")."""

    claim: Claim
    irrelevant_reason: str | None = None
    checked_as: str | None = None


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
    """Offline: sentences and clauses (sentencex), then the lexical relevance filter; an answer
    that is one short answer to the question is checked as the statement the two make together
    (:func:`~faithcheck._text.answer_forms.short_answer_statement`)."""

    name = "sentence"

    def extract(self, question: str, answer: str, lang: Lang) -> list[ExtractedClaim]:
        claims = [ExtractedClaim(c, irrelevance_reason(c.text, question, lang)) for c in extract_claims(answer, lang)]
        if len(claims) == 1 and claims[0].irrelevant_reason is None:
            statement = short_answer_statement(question, claims[0].claim.text, lang)
            if statement is not None:
                return [ExtractedClaim(claims[0].claim, checked_as=statement)]
        return claims

    async def aextract(self, question: str, answer: str, lang: Lang, *, history: str = "") -> ExtractorOutput:
        # the lexical filter judges relevance against the question itself; history is not needed
        claims = await asyncio.to_thread(self.extract, question, answer, lang)
        return ExtractorOutput(claims=claims)
