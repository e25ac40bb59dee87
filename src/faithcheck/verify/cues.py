"""Cues that overlap and small models miss, and that name the finer failure label.

A cue only counts when the window is about the claim (at least half of the claim's content stems
occur in it):

* a number of the claim that the window gives differently → ``contradicted`` (a year only
  against a year, a count or amount only against one: "two prizes" is not refuted by "in 1903"),
* a negation on one side only → ``contradicted``,
* a name in the claim that occurs nowhere in the context → ``wrong_entity``,
* a restriction in the evidence ("only", "except", "nur", "seulement") whose scope the claim
  drops, or an absolute claim ("always", "all") against hedged evidence → ``overclaim``.

Both offline verifiers use them: the baseline decides with them; the trained model uses them to
name why a claim it does not support fails, and lets the kinds its bundle names (a dropped
restriction, for the shipped one) overrule it.
"""

from __future__ import annotations

from dataclasses import dataclass

from faithcheck.analysis import TextFeatures, analyze, coverage
from faithcheck.config import Lang
from faithcheck.types import Label
from faithcheck.verify.base import EvidenceWindow

__all__ = ["CUE_COVERAGE", "CUE_KINDS", "FLAGGED_SCORE_CAP", "Cue", "find_cue", "format_numbers"]

CUE_COVERAGE = 0.5
"""A cue (negation, number, restriction) only decides when the window is about the claim."""
CUE_KINDS = frozenset({"number", "negation", "entity", "restriction", "hedge"})
FLAGGED_SCORE_CAP = 0.2
"""A claim a cue overrules scores at most this (it is not supported, whatever the model's score)."""


@dataclass(frozen=True)
class Cue:
    """A specific reason why a window does not support a claim."""

    label: Label
    why: str
    kind: str
    """One of :data:`CUE_KINDS`."""


def find_cue(claim: TextFeatures, window: EvidenceWindow, passages: tuple[str, ...], lang: Lang) -> Cue | None:
    """The first cue that the window gives against the claim, or ``None``."""
    evidence = analyze(window.text, lang)
    if coverage(claim, evidence) < CUE_COVERAGE:
        return None
    sentence = analyze(window.sentence, lang)
    other_numbers = evidence.numbers - claim.numbers
    missing_numbers = claim.numbers - evidence.numbers
    if any(_is_year(a) == _is_year(b) for a in missing_numbers for b in other_numbers):
        # shown: the numbers of the claim's kind (years for a year), from the best sentence when it has one
        alike = frozenset(b for b in other_numbers if any(_is_year(a) == _is_year(b) for a in missing_numbers))
        shown = (alike & sentence.numbers) or alike
        why = f"the context gives {format_numbers(shown)}, not {format_numbers(missing_numbers)}"
        return Cue("contradicted", why, "number")
    if claim.negated != sentence.negated:
        side = "the claim" if claim.negated else "the context"
        return Cue("contradicted", f"only {side} is negated, so they say opposite things", "negation")
    context_lower = " ".join(passages).lower()
    absent = sorted(e for e in claim.entities if not _occurs(e, context_lower, lang))
    if absent:
        return Cue("wrong_entity", f"{', '.join(repr(e) for e in absent)} does not occur in the context", "entity")
    for word, scope in sentence.restriction_scopes:
        # a claim that restricts too ("just five" for "only five") keeps the restriction
        if scope - claim.content and not claim.restriction_scopes:
            why = f"the context restricts this ({word!r}) and the claim drops the restriction"
            return Cue("overclaim", why, "restriction")
    if claim.absolute and sentence.hedged and not claim.hedged:
        return Cue("overclaim", "the claim is absolute where the context hedges", "hedge")
    return None


def _occurs(name: str, context_lower: str, lang: Lang) -> bool:
    """The name, or a stem of 4+ letters of it ("Prizes" → "prize"), occurs in the lower-cased context."""
    stems = analyze(name, lang).content
    return name in context_lower or any(len(stem) >= 4 and stem in context_lower for stem in stems)


def _is_year(n: float) -> bool:
    return n.is_integer() and 1000 <= n <= 2100


def format_numbers(numbers: frozenset[float]) -> str:
    return ", ".join(f"{n:g}" for n in sorted(numbers))
