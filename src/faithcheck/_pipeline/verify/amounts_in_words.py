"""Amounts written as words: "saves a third" is not "saves half", "every mile" not "every 3 miles".

A fraction written out ("half", "a third", "two thirds", "a quarter") or an interval without a
number ("every mile", "every year") is no number the slot check reads, so "A 16-25 Railcard saves
half on most fares" against "A 16-25 Railcard saves a third on most fares" shares every word a
verifier reads but one it does not weigh. The amounts of the claim's kind in the window's sentences
that state at least half of the rest of the claim are ranked by the part of the sentence holding
each: whether it names the claim's subject, how many of the claim's words it has, then how many its
sentence has ("General waste is collected every week" against "general waste every two weeks and
recycling every week"). Where the best give the claim's amount (or a range holding it: "every 4 to 6
hours" holds "every 5 hours"), the claim is left alone; where the best gives another, between the
same words as the claim's (the word before it, or the word after it) or ranked above the window's
other amounts, it contradicts the claim: another fraction ("a third", not "half"), or another
interval ("every 3 miles", not "every mile"). A fraction that
is part of a word ("half-price", "half-time") or a part of a whole ("the first half", "the second
half") is none. English only: the words are English's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction

from faithcheck._core.types import Lang
from faithcheck._text.analysis import TextFeatures, analyze, number_value
from faithcheck._text.lexicon import Lexicon, get_lexicon

__all__ = ["amount_in_words_otherwise"]

_FRACTIONS = {
    "half": Fraction(1, 2),
    "a half": Fraction(1, 2),
    "one half": Fraction(1, 2),
    "a third": Fraction(1, 3),
    "one third": Fraction(1, 3),
    "two thirds": Fraction(2, 3),
    "a quarter": Fraction(1, 4),
    "one quarter": Fraction(1, 4),
    "three quarters": Fraction(3, 4),
    "a fifth": Fraction(1, 5),
    "one fifth": Fraction(1, 5),
    "a tenth": Fraction(1, 10),
    "one tenth": Fraction(1, 10),
}
"""Fractions written as words, by their value."""
_FRACTION = re.compile(
    r"(?<![\w-])(?<!first )(?<!second )(?<!the )(?<!other )("
    + "|".join(sorted(map(re.escape, _FRACTIONS), key=len, reverse=True))
    + r")(?![\w-])",
    re.IGNORECASE,
)
"""A fraction of :data:`_FRACTIONS`, not in a compound ("half-price") nor a half of a whole ("the
first half")."""
_INTERVAL_UNITS = frozenset(
    {"second", "minute", "hour", "day", "week", "fortnight", "month", "year", "decade"}
    | {"mile", "kilometre", "kilometer", "km", "metre", "meter", "yard"}
)
"""What an interval after "every" counts (singular; a plural after a number)."""
_EVERY = re.compile(r"\bevery\s+(?:([\w.]+)(?:\s*(?:to|or|-|\u2013)\s*([\w.]+))?\s+)?([^\W\d_]+)\b", re.IGNORECASE)
"""An interval: "every mile", "every 3 miles", "every two years", "every 4 to 6 hours"."""
_PART_BREAK = re.compile(r",\s+|;\s*|\s+(?:and|but|while|whereas)\s+", re.IGNORECASE)
"""What parts a sentence into the parts that each say an amount of their own ("general waste every
two weeks and recycling every week")."""
Amount = tuple[str, Fraction, Fraction]
"""An amount in words: its kind ("fraction", or an interval's unit) and its least and greatest value."""


_MAY_HOLD = re.compile(r"every|half|third|quarter|fifth|tenth", re.IGNORECASE)
"""What a text holding an amount in words holds: most hold none, and are read no further."""
_WORDS = re.compile(r"[\w'’-]+")


def amount_in_words_otherwise(
    claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang
) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` that writes another amount in words than the claim, between the same
    words, and states at least half of the rest of the claim, and why; ``None`` if none.

    >>> said = [analyze("A 16-25 Railcard saves a third on most fares.", "en")]
    >>> amount_in_words_otherwise(analyze("A 16-25 Railcard saves half on most fares.", "en"), said, "en")[1]
    'the context gives "a third", not "half"'
    >>> said = [analyze("There are water stations every 3 miles.", "en")]
    >>> amount_in_words_otherwise(analyze("There are water stations every mile.", "en"), said, "en")[1]
    'the context gives "every 3 miles", not "every mile"'
    >>> amount_in_words_otherwise(analyze("There are water stations every 3 miles.", "en"), said, "en") is None
    True
    """
    if lang != "en" or not _MAY_HOLD.search(claim.text):
        return None
    for claimed, mine, value in _amounts(claim.text, lang):
        rest = claim.content - analyze(mine, lang).content
        subject = next(
            (stem for word in _WORDS.findall(claim.text[: claimed.start()]) for stem in analyze(word, lang).content),
            None,
        )
        if not rest:
            continue
        # the amounts of the claim's kind in the window's sentences stating at least half of the rest,
        # ranked by the claim's subject in their part, the part's share of the claim, the sentence's
        given = [
            (
                (*_share(rest, subject, _part(sentence.text, m), lang), len(rest & sentence.content)),
                sentence,
                m,
                theirs,
                other,
            )
            for sentence in said
            if 2 * len(rest & sentence.content) >= len(rest)
            for m, theirs, other in _amounts(sentence.text, lang)
            if other[0] == value[0]
        ]
        if not given:
            continue
        top = max(found[0] for found in given)
        best = [found for found in given if found[0] == top]
        if any(_within(value, other) for *_, other in best):
            continue
        for _, sentence, m, theirs, _ in best:
            if len(best) < len(given) or _beside(claim.text, claimed, sentence.text, m):
                return sentence, f'the context gives "{theirs}", not "{mine}"'
    return None


def _within(mine: Amount, theirs: Amount) -> bool:
    """``mine`` is said by ``theirs``: of its kind, and within its values ("every 5 hours" of "every 4
    to 6 hours")."""
    return mine[0] == theirs[0] and theirs[1] <= mine[1] and mine[2] <= theirs[2]


def _part(text: str, amount: re.Match[str]) -> str:
    """The part of ``text`` that holds ``amount`` (:data:`_PART_BREAK`)."""
    start = max((m.end() for m in _PART_BREAK.finditer(text, 0, amount.start())), default=0)
    end = next((m.start() for m in _PART_BREAK.finditer(text, amount.end())), len(text))
    return text[start:end]


def _share(rest: frozenset[str], subject: str | None, part: str, lang: Lang) -> tuple[bool, int]:
    """How much of the claim's ``rest`` a part says: whether it names the claim's ``subject`` (its
    first content word before its amount: "women every 16 weeks" for "Women can give blood every 16
    weeks", beside "Men can give blood every 12 weeks"), then how many of its words it has."""
    said = analyze(part, lang).content
    return subject is not None and subject in said, len(rest & said)


def _amounts(text: str, lang: Lang) -> list[tuple[re.Match[str], str, Amount]]:
    """The amounts in words of ``text``: each match, as written, and its value."""
    found: list[tuple[re.Match[str], str, Amount]] = []
    for m in _FRACTION.finditer(text):
        value = _FRACTIONS[m.group().lower()]
        found.append((m, m.group(), ("fraction", value, value)))
    lex = get_lexicon(lang)
    for m in _EVERY.finditer(text):
        count, most, unit = m.group(1), m.group(2), m.group(3).lower()
        if count is not None and count.lower() in _INTERVAL_UNITS:
            # "every mile along the route": the unit is the word right after "every"
            found.append((m, f"every {count}", (count.lower(), Fraction(1), Fraction(1))))
            continue
        least = _count(count, lex) if count else 1.0
        greatest = _count(most, lex) if most else least
        unit = unit[:-1] if count and unit.endswith("s") else unit
        if least is not None and greatest is not None and 0 < least <= greatest and unit in _INTERVAL_UNITS:
            values = (Fraction(least).limit_denominator(), Fraction(greatest).limit_denominator())
            found.append((m, m.group(), (unit, *values)))
    return found


def _count(word: str, lex: Lexicon) -> float | None:
    """The number ``word`` writes, in digits or as a word ("3", "two"); ``None`` if none."""
    return lex.number_words.get(word.lower(), number_value(word, lex))


def _beside(claim: str, mine: re.Match[str], text: str, theirs: re.Match[str]) -> bool:
    """The two amounts stand between the same words: the word before each, or the word after."""
    before = (_last_word(claim[: mine.start()]), _last_word(text[: theirs.start()]))
    after = (_first_word(claim[mine.end() :]), _first_word(text[theirs.end() :]))
    return any(a is not None and a == b for a, b in (before, after))


def _last_word(text: str) -> str | None:
    words = _WORDS.findall(text)
    return words[-1].lower() if words else None


def _first_word(text: str) -> str | None:
    words = _WORDS.findall(text)
    return words[0].lower() if words else None
