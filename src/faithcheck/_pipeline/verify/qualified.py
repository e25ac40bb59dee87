"""A thing the claim puts in a kind that the context qualifies the other way.

"Liver damage is a common side effect" against "Common side effects include headache and nausea.
Serious side effects, such as liver damage, are rare.": a sentence names liver damage with the
claim's kind ("side effects") and the opposite of the claim's word for it ("rare", the lexicon's
``opposites``), never the claim's own word, and no sentence names liver damage with "common". The
claim is contradicted ('the context says "rare" of liver damage, the claim "common"'). The claim must
say it in so many words: "X is a W Y" (or "X are W Y"), Y a noun's phrase ("The museum is open on
Sundays" puts the museum in no kind); a negated sentence is left to the negation cues. English only:
the form is English.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from faithcheck._core.types import Lang
from faithcheck._text.analysis import TextFeatures, analyze
from faithcheck._text.lexicon import get_lexicon, opposite_words

__all__ = ["qualified_otherwise"]

_CLAIM = re.compile(r"^\s*(?P<thing>[^,;]+?)\s+(?:is|are)\s+(?:an?\s+)?(?P<word>[a-z]+)\s+(?P<kind>[^,;]+?)\s*\.?\s*$")
"""A claim that puts a thing in a qualified kind: "Liver damage is a common side effect"."""


def qualified_otherwise(
    claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang
) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` that qualifies the claim's thing the other way, and why, or
    ``None`` (see the module docstring).

    >>> said = [analyze(s) for s in ("Common side effects include headache and nausea.",
    ...                              "Serious side effects, such as liver damage, are rare.")]
    >>> qualified_otherwise(analyze("Nausea is a rare side effect."), said, "en")[1]
    'the context says "common" of nausea, the claim "rare"'
    """
    if lang != "en" or (form := _CLAIM.match(claim.text)) is None:
        return None
    word = form.group("word").lower()
    if not (opposed := opposite_words(lang).get(word)):
        return None
    thing, kind = analyze(form.group("thing"), lang).content, analyze(form.group("kind"), lang)
    if not thing or not kind.content or thing & kind.content or kind.tokens[0] in get_lexicon(lang).stopwords:
        return None  # a kind is a noun's phrase: "side effect", not "on Sundays" of "is open on Sundays"
    naming = [s for s in said if thing <= s.content]
    if any(word in s.tokens for s in naming):
        return None  # the context says it with the claim's word somewhere
    for sentence in naming:
        if sentence.negated:
            continue  # a negation is the negation cues' to read ("is not closed")
        if kind.content <= sentence.content and (other := next((t for t in sentence.tokens if t in opposed), None)):
            return sentence, f'the context says "{other}" of {_as_inside(form.group("thing"))}, the claim "{word}"'
    return None


def _as_inside(words: str) -> str:
    """``words`` that open the claim as written inside a sentence: "Liver damage" is "liver damage",
    "iPhone" and "NHS" are themselves."""
    return words[0].lower() + words[1:] if words[1:2].islower() else words
