"""The verifier interface: what a verification backend receives and must return."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from faithcheck.config import Lang
from faithcheck.types import Claim, Evidence, Verdict

__all__ = ["ClaimCheck", "EvidenceWindow", "Verifier"]


@dataclass(frozen=True)
class EvidenceWindow:
    """A candidate piece of evidence for one claim.

    ``sentence`` is the context sentence that matched the claim, at ``[start, end)`` in passage
    ``passage_index``; ``text`` is that sentence with its neighbours in the same passage, so a
    verifier can use a little surrounding context. ``similarity`` is the embedding cosine of the
    claim and the sentence, ``retrieval_score`` the score that ranked this window.
    """

    passage_index: int
    start: int
    end: int
    sentence: str
    text: str
    similarity: float
    retrieval_score: float

    def as_evidence(self) -> Evidence:
        return Evidence(passage_index=self.passage_index, start=self.start, end=self.end, quote=self.sentence)


@dataclass(frozen=True)
class ClaimCheck:
    """One claim to verify: the claim, the question, the selected windows and all passages."""

    claim: Claim
    question: str
    windows: tuple[EvidenceWindow, ...]
    passages: tuple[str, ...]


@runtime_checkable
class Verifier(Protocol):
    """A verification backend. It receives every relevant claim of one row at once, so a
    backend can batch (a local model) or make a single call (an LLM judge).

    It must return exactly one :class:`Verdict` per check, in order, never ``irrelevant``;
    a claim it could not judge must come back as an error (raise), never as ``supported``.
    """

    name: str

    def verify(self, checks: Sequence[ClaimCheck], lang: Lang) -> list[Verdict]: ...
