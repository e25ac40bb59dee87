"""What a thing is free of, against what it contains: "gluten-free" and "contains gluten".

A compound in "-free" says the thing has none of the word before it ("gluten-free", "nut-free",
"sugar-free"): a claim that it contains, includes or has that ("The product contains gluten")
says the opposite of a sentence calling it so ("The product is gluten-free"), and a claim calling
it so ("The product is nut-free") says the opposite of a sentence saying it contains some, or may
("may contain traces of nuts"). The two must share another content word (the thing spoken of).
English only: the compound is English's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from faithcheck._core.types import Lang
from faithcheck._text.analysis import TextFeatures, analyze

__all__ = ["free_of_otherwise"]

_FREE_OF = re.compile(r"\b([^\W\d_]{3,})-free\b", re.IGNORECASE)
"""A compound saying what a thing has none of: "gluten-free"."""
_CONTAINS = re.compile(
    r"\b(?:contains?|containing|includes?|including|has|have|with)\s+(?:(?:traces|small\s+amounts|some)\s+of\s+)?"
    r"(?:the\s+|a\s+|an\s+)?([^\W\d_]{3,})\b(?!-)",
    re.IGNORECASE,
)
"""A word saying what a thing has, and the thing: "contains gluten", "may contain traces of nuts" (not
the first word of a compound: "has a gluten-free menu")."""
_NEGATED_BEFORE = re.compile(r"\b(?:not|never|no)\s+(?:[^\W\d_]+\s+)?$|n't\s+(?:[^\W\d_]+\s+)?$", re.IGNORECASE)
"""A negation right before what a thing has ("does not contain"), at most a word apart."""
_NEGATION_REACH = 30
"""Characters before "contains" read for its negation."""


def _stems(words: Sequence[str], lang: Lang) -> frozenset[str]:
    """The content stems of ``words``."""
    return frozenset(stem for word in words for stem in analyze(word, lang).content)


def free_of_otherwise(claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` saying a thing is free of what ``claim`` says it contains, or
    contains what the claim says it is free of, and why; ``None`` if none (for a negated claim, or
    where the sentence negates what it contains: "does not contain nuts").

    >>> said = [analyze("The product is gluten-free but may contain traces of nuts.", "en")]
    >>> free_of_otherwise(analyze("The product contains gluten.", "en"), said, "en")[1]
    'the context says it is gluten-free, the claim that it contains gluten'
    >>> free_of_otherwise(analyze("The product is nut-free.", "en"), said, "en")[1]
    'the context says it may contain nuts, the claim that it is nut-free'
    >>> free_of_otherwise(analyze("The product is gluten-free.", "en"), said, "en") is None
    True
    """
    if lang != "en" or claim.negated:
        return None
    claimed_free = {m.group(1): _stems([m.group(1)], lang) for m in _FREE_OF.finditer(claim.text)}
    claimed_had = {m.group(1): _stems([m.group(1)], lang) for m in _CONTAINS.finditer(claim.text)}
    if not claimed_free and not claimed_had:
        return None
    for sentence in said:
        free = {m.group(1): _stems([m.group(1)], lang) for m in _FREE_OF.finditer(sentence.text)}
        had = {
            m.group(1): _stems([m.group(1)], lang)
            for m in _CONTAINS.finditer(sentence.text)
            if not _NEGATED_BEFORE.search(sentence.text, max(0, m.start() - _NEGATION_REACH), m.start())
        }
        for word, stems in claimed_had.items():
            other = next((w for w, s in free.items() if s and s == stems), None)
            if other is not None and _about_alike(claim, sentence, stems, lang):
                return sentence, f"the context says it is {other.lower()}-free, the claim that it contains {word}"
        for word, stems in claimed_free.items():
            other = next((w for w, s in had.items() if s and s == stems), None)
            if other is not None and _about_alike(claim, sentence, stems, lang):
                may = "may contain" if re.search(r"\bmay\s+contain\b", sentence.text, re.IGNORECASE) else "contains"
                return sentence, f"the context says it {may} {other}, the claim that it is {word.lower()}-free"
    return None


def _about_alike(claim: TextFeatures, sentence: TextFeatures, stems: frozenset[str], lang: Lang) -> bool:
    """The two share a content word besides the one contained (the thing spoken of)."""
    shared = claim.content & sentence.content - stems - _stems(["free", "contain", "include"], lang)
    return bool(shared)
