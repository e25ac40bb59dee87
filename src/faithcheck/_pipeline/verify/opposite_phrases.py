"""A phrase of the claim where the sentence saying the rest of it has the phrase of the opposite
meaning.

"Ibuprofen should be taken on an empty stomach" against "Ibuprofen should be taken with food": the
sentence says every other content word of the claim, and where the claim says "on an empty stomach"
it says "with food" (the lexicon's ``opposite_phrases``, read both ways), never the claim's phrase:
``contradicted``. Not where either is negated ("should not be taken with food" says what "on an
empty stomach" says), nor where the sentence has both phrases ("with or without food").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from faithcheck._core.types import Lang
from faithcheck._text.analysis import TextFeatures, analyze
from faithcheck._text.lexicon import opposite_phrases

__all__ = ["phrase_opposed"]


def phrase_opposed(claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` saying the rest of ``claim`` with the opposite of one of its
    phrases, and why, or ``None`` (see the module docstring).

    >>> said = [analyze("Metformin is taken with meals to reduce stomach upset.", "en")]
    >>> phrase_opposed(analyze("Metformin is taken on an empty stomach.", "en"), said, "en")[1]
    'the context says "with meals", the claim "on an empty stomach"'
    """
    if claim.negated:
        return None
    for sentence in said:
        found = None if sentence.negated else _opposite_phrase(claim.text, sentence.text, lang)
        if found is None:
            continue
        phrase, other = found
        rest = claim.content - analyze(phrase, lang).content
        if rest and rest <= sentence.content:
            return sentence, f'the context says "{other}", the claim "{phrase}"'
    return None


def _opposite_phrase(text: str, other: str, lang: Lang) -> tuple[str, str] | None:
    """A phrase of ``text`` and the phrase of the opposite meaning that ``other`` has, where
    ``other`` lacks the phrase itself; ``None`` if none.

    >>> _opposite_phrase("Take it with food.", "Take it on an empty stomach.", "en")
    ('with food', 'on an empty stomach')
    """
    mine, theirs = text.lower(), other.lower()
    for phrase, others in opposite_phrases(lang).items():
        if not _phrase(phrase).search(mine) or _phrase(phrase).search(theirs):
            continue
        if opposite := next((o for o in sorted(others) if _phrase(o).search(theirs)), None):
            return phrase, opposite
    return None


@cache
def _phrase(phrase: str) -> re.Pattern[str]:
    """``phrase`` as whole words."""
    return re.compile(rf"\b{re.escape(phrase)}\b")
