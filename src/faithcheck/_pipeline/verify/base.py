"""The verifier interface: what a verification backend receives and must return."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from faithcheck._core.types import Claim, Evidence, Lang, Usage, Verdict

if TYPE_CHECKING:  # assembly imports evidence, which imports this module
    from faithcheck._pipeline.verify.assembly import EvidenceChunk
    from faithcheck._pipeline.verify.evidence import ContextIndex

__all__ = [
    "MIN_CLAIM_BUDGET",
    "ClaimCheck",
    "ClaimError",
    "EvidenceWindow",
    "LocalVerifier",
    "Verifier",
    "VerifierOutput",
    "as_sentence",
    "claim_evidence_budget",
    "evidence_budget",
    "quote",
    "token_counter",
    "uses_embeddings",
]

MIN_CLAIM_BUDGET = 64
"""The fewest tokens of an assembled chunk when the claims of one call share a budget (about
two sentences)."""

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


def as_sentence(text: str) -> str:
    """``text`` ending as a sentence, once: a verdict's reason often ends in a quote's passage
    (``... (passage 1)``), and a row's reason joins the reasons of several claims, which must read apart.

    >>> as_sentence('supported by "It is red." (passage 0)'), as_sentence("Done."), as_sentence("Why?")
    ('supported by "It is red." (passage 0).', 'Done.', 'Why?')
    """
    return text if text.endswith((".", "!", "?", "…")) else text + "."


@dataclass(frozen=True)
class ClaimCheck:
    """One claim to verify: the claim, the question, the selected windows and all passages.

    ``chunks`` is the claim's assembled evidence (:func:`faithcheck._pipeline.verify.assembly.assemble`),
    best first, for a verifier that declares an ``evidence_budget`` (see
    :func:`evidence_budget`); empty for the others, which read ``windows``. ``index`` is the row's
    sentence index of ``passages`` the evidence was selected from, when the caller has one (a
    verifier that assembles evidence of its own, as the cascade's local stage does, reuses it).
    """

    claim: Claim
    question: str
    windows: tuple[EvidenceWindow, ...]
    passages: tuple[str, ...]
    chunks: tuple[EvidenceChunk, ...] = ()
    index: ContextIndex | None = field(default=None, compare=False, repr=False)


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
    score alone, without their embedding similarity (see :func:`uses_embeddings`). One that sets
    ``evidence_budget`` (tokens) also gets each claim's assembled evidence in
    :attr:`ClaimCheck.chunks`, counted by its ``count_tokens`` (see :func:`evidence_budget`).
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


def evidence_budget(verifier: object) -> int | None:
    """The tokens of context one call of ``verifier`` reads, when it wants assembled evidence
    (its ``evidence_budget`` attribute); ``None`` when it reads windows only (the default).

    A verifier that judges several claims in one call (``claims_per_call`` above 1, an LLM
    judge) shares the budget among them: see :func:`claim_evidence_budget`.
    """
    budget = getattr(verifier, "evidence_budget", None)
    return None if budget is None else int(budget)


def claim_evidence_budget(verifier: object, claims: int) -> int | None:
    """The tokens of each assembled chunk for a row of ``claims`` claims, from ``verifier``'s
    budget: all of it for a verifier that reads one chunk a call (a local model); for one that
    reads up to ``claims_per_call`` claims in one call, each with up to ``chunks_per_claim`` of
    its chunks (an LLM judge), an equal share, so that a call's evidence fits the budget (at least
    :data:`MIN_CLAIM_BUDGET`).

    >>> class Judge:
    ...     evidence_budget, claims_per_call, chunks_per_claim = 2048, 12, 4
    >>> claim_evidence_budget(Judge(), 1), claim_evidence_budget(Judge(), 6), claim_evidence_budget(object(), 6)
    (512, 85, None)
    """
    budget = evidence_budget(verifier)
    if budget is None:
        return None
    sharing = max(1, min(claims, int(getattr(verifier, "claims_per_call", 1))))
    sharing *= max(1, int(getattr(verifier, "chunks_per_claim", 1)))
    return max(min(budget, MIN_CLAIM_BUDGET), budget // sharing)


def token_counter(verifier: object) -> Callable[[str], int]:
    """How ``verifier`` counts tokens (its ``count_tokens``; else about 4 characters a token)."""
    count = getattr(verifier, "count_tokens", None)
    return count if callable(count) else _estimate_tokens


def _estimate_tokens(text: str) -> int:
    return math.ceil(len(text) / 4)
