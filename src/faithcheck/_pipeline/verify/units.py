"""What an offline verifier reads for a claim: a window, or an assembled chunk cut to the sentences
that cover the claim. Shared by the baseline and the trained model, so both name the same
evidence for a multi-sentence support and quote it the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from faithcheck._core.types import Evidence, Label, Lang, Verdict
from faithcheck._pipeline.verify.assembly import EvidenceChunk, attribute
from faithcheck._pipeline.verify.base import as_sentence, quote
from faithcheck._pipeline.verify.cues import CUE_COVERAGE, FLAGGED_SCORE_CAP, overclaims, short_quote
from faithcheck._pipeline.verify.evidence import EvidenceWindow
from faithcheck._pipeline.verify.modifiers import varied_otherwise
from faithcheck._pipeline.verify.slots import SlotFinding, check_slots, claim_slots, sentences_of, window_sentences
from faithcheck._text.analysis import TextFeatures, analyze, coverage

__all__ = ["MAX_ATTRIBUTED", "Unit", "chunk_coverage", "cited", "contested", "unit_verdict"]

MAX_ATTRIBUTED = 4
"""At most this many sentences of a chunk are named as a verdict's evidence."""


@dataclass(frozen=True)
class Unit:
    """One piece of evidence a verifier reads for a claim: a window, or an assembled chunk.

    ``premise`` is the text a model reads; ``window`` is what the cues and the baseline's features
    read and the reason quotes (for a chunk: its attributed sentences, with the one covering most of
    the claim as the quoted sentence); ``evidence`` is every sentence a verdict from this unit rests
    on.
    """

    premise: str
    window: EvidenceWindow
    evidence: tuple[Evidence, ...]

    @classmethod
    def of_window(cls, window: EvidenceWindow) -> Unit:
        return cls(window.text, window, (window.as_evidence(),))

    @classmethod
    def of_chunk(
        cls, chunk: EvidenceChunk, claim: TextFeatures, lang: Lang, *, similarity: float | None = None
    ) -> Unit:
        """The chunk as a unit: its window is the chunk's sentences that cover ``claim``
        (:func:`~faithcheck._pipeline.verify.assembly.attribute`), carrying ``similarity`` (the chunk itself
        is not embedded) and, as its retrieval score, the share of the claim the chunk covers."""
        named = attribute(chunk, claim, lang, MAX_ATTRIBUTED)
        wanted = claim.terms
        key = max(named, key=lambda s: (len(analyze(s.text, lang).terms & wanted), -s.index))
        window = EvidenceWindow(
            passage_index=key.passage_index,
            start=key.start,
            end=key.end,
            sentence=key.text,
            text=" ".join(s.text for s in named),
            similarity=similarity,
            retrieval_score=chunk_coverage(chunk, claim, lang),
            sentences=tuple(s.text for s in named),
        )
        evidence = tuple(Evidence(passage_index=s.passage_index, start=s.start, end=s.end, quote=s.text) for s in named)
        return cls(chunk.text, window, evidence)


def cited(unit: Unit) -> str:
    """The unit's quoted sentence with its passage, and how many more sentences the support uses
    (the end of a reason: :func:`unit_verdict` ends it as a sentence)."""
    more = len(unit.evidence) - 1
    also = f" with {more} more sentence{'s' if more > 1 else ''} of the context" if more > 0 else ""
    return f"{quote(unit.window)}{also}"


def unit_verdict(label: Label, score: float, reason: str, unit: Unit, *, claim: str, lang: Lang) -> Verdict:
    """A verdict resting on ``unit``: its quoted sentence as ``evidence``, all its sentences as
    ``evidence_set``; ``uncertain`` when the verdict rests on a number or name of ``claim`` that is
    not aligned with the unit (:func:`~faithcheck._pipeline.verify.slots.check_slots`): a support despite it,
    or a rejection made because of it. ``reason`` ends as a sentence, with one period."""
    finding = check_slots(claim, window_sentences(unit.window, lang), lang)
    return Verdict(
        label=label,
        score=score,
        reason=as_sentence(reason),
        evidence=unit.window.as_evidence(),
        evidence_set=unit.evidence,
        uncertain=finding is not None and not finding.certain and _rests_on(finding, label, claim, unit, lang),
    )


_COVERED = 0.8
"""The share of a claim's content words its evidence must hold for an unaligned number or name to
be all that stands between the claim and its support."""


def _rests_on(finding: SlotFinding, label: Label, claim: str, unit: Unit, lang: Lang) -> bool:
    """Whether the verdict turns on the slot that could not be aligned: a support despite it, a
    rejection made because of it, or a rejection of a claim whose other words the evidence all
    states ("released on November 2, 2004" against "released on November 2"). A claim the evidence
    misses anyway ("The Orion X100 costs 30,000 dollars" against a page about other products) is
    not supported whatever its number, and an LLM would add nothing. A finding that decides made
    the rejection where the evidence is about the claim (the cues consult it from
    :data:`~faithcheck._pipeline.verify.cues.CUE_COVERAGE` on)."""
    if label == "supported":
        return True
    covered = coverage(analyze(claim, lang), analyze(unit.window.text, lang))
    return covered >= (CUE_COVERAGE if finding.decides else _COVERED)


def contested(claim: TextFeatures, units: Sequence[Unit], supporting: Unit, score: float, lang: Lang) -> Verdict | None:
    """The verdict that overrules a support resting on ``supporting``, or ``None``: a number or
    name of ``claim`` checked again against the sentence of the claim's other units that shares
    most of the claim's words, when that sentence shares more of them than every sentence of the
    supporting unit (the claim speaks of what that sentence speaks of). A rival it gives there
    decides, as it would in one piece of evidence: "The Harbour Lights formed in Cardiff in 1979" is
    not supported by "The band was formed in 1979 by Owen Price" where another piece says "The
    Harbour Lights ... formed in Cardiff in 1984"; so does a hedge there that the claim overclaims
    ("Commodore is used in all navies" against "... a naval rank used in many navies", where the
    supporting piece held only the title and "used ... within the U.S. Navy"). A claim of several
    sentences is checked sentence by sentence: each speaks of its own thing ("They moved in 2005.
    Their dogs were shot in 2014."). The verdict rests on the unit holding that sentence, its reason
    names the sentence, and its score is at most ``FLAGGED_SCORE_CAP``. A value that sentence does
    not state at all decides nothing (the support may rest on another); but a number the supporting
    unit does not state is checked against all the claim's units (:func:`_rival_of_unstated`)."""
    own = window_sentences(supporting.window, lang)
    others = [s for s in dict.fromkeys(s for u in units for s in window_sentences(u.window, lang)) if s not in own]
    if not others:
        return None
    parts = sentences_of(claim.text, lang)
    for part in parts if len(parts) > 1 else (claim.text,):
        if found := _rival_sentence(part, own, others, lang) or _rival_of_unstated(part, own, others, lang):
            label, reason, aligned = found
            unit = next(u for u in units if aligned in window_sentences(u.window, lang))
            where = "" if aligned == unit.window.sentence else f" in {short_quote(aligned)}"
            why = f"{reason}{where}: {cited(unit)}"
            return unit_verdict(label, min(score, FLAGGED_SCORE_CAP), why, unit, claim=claim.text, lang=lang)
    return None


def _rival_of_unstated(
    claim: str, own: Sequence[str], others: Sequence[str], lang: Lang
) -> tuple[Label, str, str] | None:
    """The rejection of ``claim`` (one sentence of a claim) whose number the supporting unit's
    sentences ``own`` do not state at all, by another value of that number in a sentence of
    ``others``, aligned as in one piece of evidence (:func:`check_slots` over both): the support
    cannot rest on that number, and the evidence as a whole gives it otherwise ("it was unveiled in
    2012" against "... unveiled in 2009", stated in another piece). Only a rival of a number whose
    value ``own`` does not hold counts: the claim's other numbers were checked where the support is
    ("Gigantour 2006" there, "Gigantour 2005" elsewhere). Its label, its reason and that sentence."""
    if check_slots(claim, tuple(own), lang) is None:
        return None
    found = check_slots(claim, (*own, *others), lang)
    if found is None or (found.label, found.certain, found.decides) != ("contradicted", True, True):
        return None
    value = next((n.value for n in claim_slots(claim, lang)[0] if n.text == found.slot), None)
    if value is None or found.sentence not in others or any(value in analyze(s, lang).numbers for s in own):
        return None
    return found.label, found.why, found.sentence


def _rival_sentence(claim: str, own: Sequence[str], others: Sequence[str], lang: Lang) -> tuple[Label, str, str] | None:
    """The rejection of ``claim`` (one sentence of a claim) by the sentence of ``others`` that
    shares most of its words, when it shares more than every sentence of ``own`` (the supporting
    unit's): a certain, deciding slot finding there (:func:`check_slots`), or a hedge there that the
    claim overclaims ("used in all navies" against "used in many navies") where that sentence says
    at least half of the claim (``CUE_COVERAGE``). Its label, its reason and that sentence.

    Where it shares only as many as the best of ``own``, the claim speaks of both equally, and a
    number breaks the tie: that sentence's rival value decides when none of those of ``own`` states
    the claim's numbers ("Their dogs were shot in 2014" against "Her other two dogs
    were shot dead by the farmer next door", for "... were shot dead by the farmer next door in
    2005"). A name does not: a sentence of ``own`` may speak of the claim's name without naming it
    ("The French striker missed ... against Malaga"), while a value is always written out."""
    features = analyze(claim, lang)
    # a sentence naming a variant of the claim's thing ("The Pixel 8 Pro" for "The Pixel 8") says
    # less of it than its words tell
    every = [*own, *others]
    variants = {every[i] for i in varied_otherwise(claim, every, lang)}

    def shared(sentence: str) -> int:
        return len(analyze(sentence, lang).content & features.content) - (sentence in variants)

    aligned = max(others, key=shared)
    best_own = max(map(shared, own))
    tied = shared(aligned) == best_own
    if shared(aligned) < best_own or (
        tied and not all(_states_no_number(claim, s, lang) for s in own if shared(s) == best_own)
    ):
        return None
    finding = check_slots(claim, (aligned,), lang)
    if finding is not None and finding.decides and finding.certain and finding.label != "unsupported":
        if tied and finding.kind != "number":
            return None
        return finding.label, finding.why, aligned
    if tied:
        return None
    said = analyze(aligned, lang)
    if coverage(features, said) >= CUE_COVERAGE and (why := overclaims(features, said)):
        return "overclaim", why, aligned
    return None


def _states_no_number(claim: str, sentence: str, lang: Lang) -> bool:
    """``sentence`` leaves a number of ``claim`` unstated or gives it otherwise."""
    finding = check_slots(claim, (sentence,), lang)
    return finding is not None and finding.kind == "number"


def chunk_coverage(chunk: EvidenceChunk, claim: TextFeatures, lang: Lang) -> float:
    """Share of the claim's content words and numbers that occur somewhere in the chunk."""
    wanted = claim.terms
    if not wanted:
        return 1.0
    found: set[object] = set()
    for sentence in chunk.sentences:
        found |= analyze(sentence.text, lang).terms & wanted
    return len(found) / len(wanted)
