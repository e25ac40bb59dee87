"""Numbers written in words: "sixty-five", "twenty one", "vingt-deux", "einundzwanzig".

A compound is one number: "Sixty-five people" is 65 people, not 60 and 5 people (which made a true
claim "contradicted" by a context that writes 65). The words of a run are read by ``text2num``; a run
it cannot read ("one two") stays one number per word. Magnitude words ("hundred", "million") are
left out of a run: the word analysis and the slot checks join a magnitude to the number before it,
written in digits or in words alike ("2 million" and "two million" are both 2,000,000).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import lru_cache

from text_to_num import text2num

from faithcheck._core.types import Lang
from faithcheck._text.lexicon import Lexicon, get_lexicon

__all__ = ["CURRENCIES", "MAGNITUDE", "MONEY_SUFFIX", "may_spell", "money_magnitude", "spelled_numbers"]

_WORD = re.compile(r"[^\W\d_]+")
_JOINS = frozenset({" ", "-"})
_CONNECTORS = frozenset({"et"})
"""Words inside a compound: French "vingt et un"."""
_GERMAN_COMPOUND = re.compile(r"\w+und\w+(?:zig|ßig)", re.IGNORECASE)
"""German writes units before tens in one word: "einundzwanzig", "fünfundsechzig"."""
MAGNITUDE = 100.0
"""Number words from this value on ("hundred", "million") multiply the number before them."""
CURRENCIES = "$€£¥"
_MONEY_MAGNITUDES = {"k": 1e3, "m": 1e6, "mn": 1e6, "bn": 1e9, "tn": 1e12}
MONEY_SUFFIX = "(?:" + "|".join(_MONEY_MAGNITUDES) + r")\b"
"""A magnitude glued to an amount of money ("m" of "£1m"), as a regular expression."""
_MONEY_SUFFIX = re.compile(MONEY_SUFFIX, re.IGNORECASE)
_SPACED_SUFFIX = re.compile(" " + MONEY_SUFFIX + r"(?![-'’])", re.IGNORECASE)
"""The same after one space ("$2 m", "£40 m in cash"), not a word's start ("$100 K-pop")."""


def money_magnitude(text: str, start: int, end: int) -> tuple[float, int] | None:
    """The magnitude glued to an amount of money at ``text[start:end]`` ("£1m", "$10.6bn", "€5k"),
    or after one space ("$2 m"), and where it ends; ``None`` for any other number. Only after a
    currency sign: "100m" alone is as often metres ("the 100m race") as millions.

    >>> text = "a £1.2m fee and a 100m race"
    >>> money_magnitude(text, 3, 6), money_magnitude(text, 18, 21)
    ((1000000.0, 7), None)
    >>> money_magnitude("raised $2 m in cash", 8, 9), money_magnitude("$100 K-pop tickets", 1, 4)
    ((1000000.0, 11), None)
    """
    before = text[max(0, start - 2) : start].rstrip()
    suffix = _MONEY_SUFFIX.match(text, end) or _SPACED_SUFFIX.match(text, end)
    if not before or before[-1] not in CURRENCIES or suffix is None:
        return None
    return _MONEY_MAGNITUDES[suffix.group().strip().lower()], suffix.end()


@lru_cache(maxsize=16384)
def spelled_numbers(text: str, lang: Lang) -> tuple[tuple[int, int, float], ...]:
    """The numbers ``text`` writes in words, each as ``(start, end, value)``.

    >>> text = "Sixty-five people, twenty-one dogs, two three"
    >>> [(text[start:end], value) for start, end, value in spelled_numbers(text, "en")]
    [('Sixty-five', 65.0), ('twenty-one', 21.0), ('two', 2.0), ('three', 3.0)]
    >>> [v for _, _, v in spelled_numbers("vingt et un ans, einundzwanzig", "fr")]
    [21.0]
    """
    lex = get_lexicon(lang)
    words = list(_WORD.finditer(text))
    out: list[tuple[int, int, float]] = []
    i = 0
    while i < len(words):
        if _value(words[i].group(), lex, lang) is None:
            i += 1
            continue
        run = [words[i]]
        j = i + 1
        while j < len(words) and (taken := _extension(text, run, words, j, lex, lang)):
            run.extend(words[j : j + taken])
            j += taken
        out.extend(_read(text, run, lex, lang))
        i = j
    return tuple(out)


def may_spell(tokens: Collection[str], lang: Lang) -> bool:
    """Whether lower-cased ``tokens`` hold a number word (most sentences do not, and need no
    reading)."""
    number_words = get_lexicon(lang).number_words
    return any(t in number_words or (lang == "de" and _GERMAN_COMPOUND.fullmatch(t)) for t in tokens)


def _value(word: str, lex: Lexicon, lang: Lang) -> float | None:
    """The value of one number word below a hundred (a German compound included)."""
    lowered = word.lower()
    value = lex.number_words.get(lowered)
    if value is None and lang == "de" and _GERMAN_COMPOUND.fullmatch(lowered):
        value = _text2num(lowered, lang)
    return value if value is not None and value < MAGNITUDE else None


def _extension(
    text: str, run: list[re.Match[str]], words: list[re.Match[str]], j: int, lex: Lexicon, lang: Lang
) -> int:
    """How many of the words from ``words[j]`` on continue the run: a number word after a space or a
    hyphen, a word that makes the run a number after a hyphen ("one" is no number word on its own,
    as in "one of them", but it is in "twenty-one"), or a connector and such a word ("vingt et un")."""
    gap = text[run[-1].end() : words[j].start()]
    if gap not in _JOINS:
        return 0
    word = words[j].group().lower()
    if _value(word, lex, lang) is not None:
        return 1
    if word in _CONNECTORS and j + 1 < len(words):
        taken = 2
    elif gap == "-":
        taken = 1
    else:
        return 0
    joined = text[run[0].start() : words[j + taken - 1].end()].lower()
    return taken if _text2num(joined, lang) is not None else 0


def _read(text: str, run: list[re.Match[str]], lex: Lexicon, lang: Lang) -> list[tuple[int, int, float]]:
    start, end = run[0].start(), run[-1].end()
    if len(run) > 1 and (value := _text2num(text[start:end].lower(), lang)) is not None:
        return [(start, end, value)]
    return [(m.start(), m.end(), v) for m in run if (v := _value(m.group(), lex, lang)) is not None]


def _text2num(words: str, lang: Lang) -> float | None:
    try:
        return float(text2num(words, lang))
    except ValueError:
        return None
