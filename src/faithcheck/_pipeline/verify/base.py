"""The verifier interface: what a verification backend receives and must return."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol, runtime_checkable

from faithcheck._core.types import Claim, Lang, Usage, Verdict
from faithcheck._pipeline.verify.assembly import EvidenceChunk
from faithcheck._pipeline.verify.evidence import ContextIndex, EvidenceWindow
from faithcheck._pipeline.verify.needs import EvidenceNeeds

__all__ = [
    "ClaimCheck",
    "ClaimError",
    "LocalVerifier",
    "Verifier",
    "VerifierOutput",
    "as_sentence",
    "quote",
]

_QUOTE_CHARS = 160


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
    best first, for a verifier whose :class:`EvidenceNeeds` declare a ``budget``; empty for the
    others, which read ``windows``. ``index`` is the row's
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

    ``needs`` declares the evidence it reads (:class:`EvidenceNeeds`): windows ranked with
    embeddings or by the lexical score alone, and, with a token budget, each claim's assembled
    evidence in :attr:`ClaimCheck.chunks`. ``model_id`` identifies the weights that decide its
    verdicts (recorded with every dataset run, so a resumed run never mixes scores of other
    weights); ``None`` for a backend without weights of its own (an LLM judge: its model is
    recorded apart).
    """

    @property
    def name(self) -> str: ...

    @property
    def needs(self) -> EvidenceNeeds: ...

    @property
    def model_id(self) -> str | None: ...

    async def averify(self, checks: Sequence[ClaimCheck], lang: Lang) -> VerifierOutput: ...


@runtime_checkable
class LocalVerifier(Verifier, Protocol):
    """An offline verifier that can also judge synchronously (the cascade's first stage)."""

    def verify(self, checks: Sequence[ClaimCheck], lang: Lang) -> list[Verdict]: ...
