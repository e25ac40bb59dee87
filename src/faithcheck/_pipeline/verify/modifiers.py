"""Things told apart by a word before their noun: "the basic plan" is not "the premium plan".

A claim that speaks of "the basic plan" (a definite article or a possessive, a lower-case word,
and the noun it modifies), where the evidence speaks of it too, speaks of another thing than a sentence
that has the same noun after another word ("Our premium plan costs $30 per month and includes 100
GB of storage") and nowhere the claim's word: the numbers of that sentence are none of the
claim's, nor rivals of them (a sentence that ranks the claim's thing otherwise states none of them
either: :func:`~faithcheck._pipeline.verify.ordinals.ranked_otherwise`).
English only: German and French put their adjectives elsewhere.

So is a name by a word after it (:func:`varied_otherwise`): "the Pixel 8 Pro" is not "the Pixel 8",
where the evidence names both.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from faithcheck._core.types import Lang
from faithcheck._text.lexicon import get_lexicon, lower_case_words

__all__ = ["modified_otherwise", "varied_otherwise"]

_MODIFIED = re.compile(
    r"\b(?:the|our|its|their|his|her|this|that|your)\s+([a-z][a-z-]{2,})\s+([a-z]{3,})\b", re.IGNORECASE
)
"""A definite article or a possessive, a word and the noun it modifies: "the basic plan". Not after
"a": a first mention describes its thing ("a bizarre addiction", "a year-long addiction") more often
than it tells it from another."""


_OPENING = re.compile(r"(?:^|(?<=[.!?]\s))([A-Z][a-z-]{2,})\s+([a-z]{3,})\b")
"""A sentence opening with a word and the noun it modifies, no article before: "Standard delivery"."""


@lru_cache(maxsize=16384)
def _modified(text: str, lang: Lang) -> frozenset[tuple[str, str]]:
    """The (word, noun) pairs of ``text`` whose word is a lower-case content word: no stop word,
    number word or rank ("the first plan" is ranked, "the two plans" counted); a sentence's first
    word too where people write it in lower case inside a sentence ("Standard delivery takes 3 to 5
    days", "Next-day delivery costs 6.99 pounds"; not "Tesla shares")."""
    lex = get_lexicon(lang)
    skip = lex.stopwords | lex.number_words.keys() | lex.ordinal_words.keys()
    common = lower_case_words(lang).common
    opening = [
        (m.group(1).lower(), m.group(2))
        for m in _OPENING.finditer(text)
        if all(part in common for part in m.group(1).lower().split("-"))
    ]
    pairs = [(m.group(1), m.group(2).lower()) for m in _MODIFIED.finditer(text) if m.group(1).islower()]
    return frozenset((word, noun) for word, noun in (*pairs, *opening) if word not in skip and noun not in skip)


def modified_otherwise(claim: str, sentences: Sequence[str], lang: Lang) -> frozenset[int]:
    """The sentences that have a noun of the claim after another word than the claim's and nowhere
    the claim's word, where another sentence has the claim's: they speak of another thing.

    >>> modified_otherwise("The basic plan includes 100 GB of storage.",
    ...     ["Our premium plan includes 100 GB of storage.", "The basic plan includes 20 GB."], "en")
    frozenset({0})
    >>> modified_otherwise("It fell from the prior quarter and the year-ago quarter.",
    ...     ["It fell 70 points from the prior quarter.", "It rose from the year-ago quarter."], "en")
    frozenset()
    """
    if lang != "en":
        return frozenset()
    # only where the evidence tells the things apart itself, having the claim's too: a word the
    # evidence never puts before the noun may be the claim's paraphrase ("a new wireless audio
    # protocol" for "a groundbreaking wireless audio protocol")
    given = frozenset().union(*(_modified(text, lang) for text in sentences))
    claimed = _modified(claim, lang)
    own = claimed & given
    if not own:
        return frozenset()
    out = set()
    for i, text in enumerate(sentences):
        words = set(re.findall(r"[a-z][a-z-]+", text.lower()))
        # another word before the noun, that the claim does not put there too ("the prior quarter"
        # and "the year-ago quarter" are both the claim's)
        others = _modified(text, lang) - claimed
        if any(word not in words and any(n == noun for _, n in others) for word, noun in own):
            out.add(i)
    return frozenset(out)


_NAME = re.compile(r"(?<![\w-])[A-Z][\w-]*(?:\s+(?:[A-Z][\w-]*|\d[\w-]*))*")
"""A name: capitalised words and the numbers among and after them ("Pixel 8", "iPhone 15 Pro")."""
_VARIANT = re.compile(r"\s+(?:[A-Z][\w-]*|\d[\w-]*)")
"""A capitalised word or a number right after a name: what tells a variant of its thing ("Pro")."""
_ARTICLE = re.compile(r"(?:The|A|An)\s+")


def varied_otherwise(claim: str, sentences: Sequence[str], lang: Lang) -> frozenset[int]:
    """The sentences that name a name of the claim of two words or more only with a word after it
    that the claim does not have ("the Pixel 8 Pro" for "the Pixel 8"), where another sentence names
    it alone: they speak of a variant of its thing, and their numbers are none of the claim's.

    >>> sorted(varied_otherwise("The Pixel 8 has a 6.7-inch display.",
    ...     ["The Pixel 8 has a 6.2-inch display.", "The Pixel 8 Pro has a 6.7-inch display."], "en"))
    [1]
    """
    if lang != "en":
        return frozenset()
    names = {_ARTICLE.sub("", m.group(), count=1) for m in _NAME.finditer(claim)}
    names = {name for name in names if len(name.split()) >= 2}
    out: set[int] = set()
    for name in names:
        alone, varied = set(), set()
        for i, text in enumerate(sentences):
            for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w-])", text):
                after = _VARIANT.match(text, m.end())
                if after and after.group().strip() not in claim:
                    varied.add(i)
                else:
                    alone.add(i)
        if alone:
            out |= varied - alone
    return frozenset(out)
