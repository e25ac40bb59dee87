"""The verifier interface: what a verification backend receives and must return."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from faithcheck.config import Lang
from faithcheck.types import Claim, Evidence, Usage, Verdict

__all__ = [
    "ClaimCheck",
    "ClaimError",
    "EvidenceWindow",
    "LocalVerifier",
    "Verifier",
    "VerifierOutput",
    "quote",
    "uses_embeddings",
]

_QUOTE_CHARS = 160


@dataclass(frozen=True)
class EvidenceWindow:
    """A candidate piece of evidence for one claim.

    ``sentence`` is the context sentence that matched the claim, at ``[start, end)`` in passage
    ``passage_index``; ``text`` is that sentence with its neighbours in the same passage, so a
    verifier can use a little surrounding context. ``similarity`` is the embedding cosine of the
    claim and the sentence (``None`` when the verifier does not use embeddings, see
    :class:`Verifier`), ``retrieval_score`` the score that ranked this window.
    """

    passage_index: int
    start: int
    end: int
    sentence: str
    text: str
    similarity: float | None
    retrieval_score: float

    def as_evidence(self) -> Evidence:
        return Evidence(passage_index=self.passage_index, start=self.start, end=self.end, quote=self.sentence)


def quote(window: EvidenceWindow) -> str:
    """The window's sentence as a short quote with its passage, for verdict reasons."""
    text = " ".join(window.sentence.split())
    if len(text) > _QUOTE_CHARS:
        text = text[: _QUOTE_CHARS - 1].rstrip() + "…"
    return f'"{text}" (passage {window.passage_index})'


@dataclass(frozen=True)
class ClaimCheck:
    """One claim to verify: the claim, the question, the selected windows and all passages."""

    claim: Claim
    question: str
    windows: tuple[EvidenceWindow, ...]
    passages: tuple[str, ...]


@dataclass(frozen=True)
class ClaimError:
    """A claim the verifier could not judge (e.g. the LLM never returned a valid verdict)."""

    message: str


@dataclass
class VerifierOutput:
    """What a verifier returns for one row: one verdict (or error) per check, in order."""

    verdicts: list[Verdict | ClaimError]
    usage: Usage = field(default_factory=Usage)
    prompts: list[str] = field(default_factory=list)
    raw_responses: list[str] = field(default_factory=list)


@runtime_checkable
class Verifier(Protocol):
    """A verification backend. It receives every relevant claim of one row at once, so a
    backend can batch (a local model) or make a single call (an LLM judge).

    It must return exactly one :class:`Verdict` or :class:`ClaimError` per check, in order,
    never ``irrelevant``. A claim it could not judge is a ``ClaimError``, never ``supported``.

    A backend whose class sets ``uses_embeddings = False`` gets windows chosen by the lexical
    score alone, without their embedding similarity (see :func:`uses_embeddings`).
    """

    name: str

    async def averify(self, checks: Sequence[ClaimCheck], lang: Lang) -> VerifierOutput: ...


@runtime_checkable
class LocalVerifier(Verifier, Protocol):
    """An offline verifier that can also judge synchronously (the cascade's first stage)."""

    def verify(self, checks: Sequence[ClaimCheck], lang: Lang) -> list[Verdict]: ...


def uses_embeddings(verifier: Verifier) -> bool:
    """Whether ``verifier`` wants its windows re-ranked by sentence embeddings (the default).

    The trained model does not: it reads every window itself, and on the dev split choosing its
    windows by the lexical score alone was as accurate while saving the encoder's ~0.1 s per row.
    """
    return bool(getattr(verifier, "uses_embeddings", True))
