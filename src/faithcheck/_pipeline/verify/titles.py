"""Titles of a name: "CFO Dana Whitfield" is not "CEO Dana Whitfield".

An acronym of two to five capitals right before a name of two capitalised words or more is the
title the name holds ("CEO Dana Whitfield", "FBI Director Christopher Wray"). The name check reads a
name by its words, which both share: this check compares the titles. A claim's title that the
evidence gives the same name only with other titles is contradicted ("the context gives CEO Dana
Whitfield, not CFO Dana Whitfield"). A name the evidence never titles so, or titles as the claim
does anywhere, decides nothing; nor is anything read in a language that capitalises every noun.

A title spelt out in three lower-case words ("chief financial officer") is compared where the
sentences naming the claim's name give it with another middle word ("chief technology officer")
and only a sentence naming none of the claim's names has the claim's: the claim gives the name
someone else's title (English only: the word order is English's).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.findings import Named as N
from faithcheck._pipeline.verify.findings import SlotFinding
from faithcheck._text.lexicon import get_lexicon

__all__ = ["check_spelt_titles", "check_titles", "titled"]


_TITLED = re.compile(r"\b([A-Z]{2,5})\s+([A-Z][a-z]+(?:[ \t]+[A-Z][a-z]+)+)\b")
"""An acronym and the name of two capitalised words or more right after it."""


@lru_cache(maxsize=16384)
def titled(text: str, lang: Lang) -> tuple[tuple[str, str], ...]:
    """The (title, name) pairs of ``text``.

    >>> titled("Acme's CEO Dana Whitfield said growth would slow.", "en")
    (('CEO', 'Dana Whitfield'),)
    >>> titled("Die EU Kommission Berlin", "de")
    ()
    """
    if not get_lexicon(lang).entity_capitalisation:
        return ()
    return tuple((m.group(1), m.group(2)) for m in _TITLED.finditer(text))


def check_titles(claim: str, sentences: Sequence[str], lang: Lang) -> SlotFinding | None:
    """The finding that ``sentences`` give a titled name of ``claim`` only with other titles, or
    ``None``.

    >>> check_titles("CFO Dana Whitfield said growth would slow.",
    ...              ["CEO Dana Whitfield said growth would slow in 2024."], "en").why
    'the context gives CEO Dana Whitfield, not CFO Dana Whitfield'
    """
    given = [(title, name, sentence) for sentence in sentences for title, name in titled(sentence, lang)]
    for title, name in titled(claim, lang):
        others = [(other, sentence) for other, named, sentence in given if named == name]
        if not others or any(other == title for other, _ in others):
            continue
        other, sentence = others[0]
        why = f"the context gives {other} {name}, not {title} {name}"
        return SlotFinding("contradicted", "entity", why, sentence, certain=True, slot=f"{title} {name}")
    return None


_SPELT = re.compile(r"(?=\b([a-z]{3,})\s+([a-z]{3,})\s+([a-z]{3,})\b)")
"""Three lower-case words in a row, overlapping matches too: a title spelt out."""


def _spelt(text: str, stopwords: frozenset[str]) -> set[tuple[str, str, str]]:
    """The runs of three lower-case words of ``text`` with no stop word among them."""
    runs = ((m.group(1), m.group(2), m.group(3)) for m in _SPELT.finditer(text))
    return {run for run in runs if not set(run) & stopwords}


def check_spelt_titles(
    claim: str, names: Sequence[N], sentences: Sequence[str], mentions: Callable[[N, str], bool], lang: Lang
) -> SlotFinding | None:
    """The finding that the sentences ``mentions`` naming one of the claim's ``names`` give a
    title of ``claim`` spelt out with another middle word, none the claim's, which only a
    sentence naming none of them has; ``None`` otherwise.

    >>> from faithcheck._pipeline.verify.slots import check_slots
    >>> check_slots("Lena Fischer was appointed chief financial officer.", [
    ...     "The company appointed Lena Fischer as chief technology officer.",
    ...     "Tom Becker became chief financial officer."], "en").why
    'the context gives Lena Fischer chief technology officer, not chief financial officer'
    """
    if lang != "en" or not names:
        return None
    stopwords = get_lexicon(lang).stopwords
    spelt = [_spelt(sentence, stopwords) for sentence in sentences]
    naming = [[i for i, sentence in enumerate(sentences) if mentions(name, sentence)] for name in names]
    unnamed = set(range(len(sentences))).difference(*naming)
    for name, its in zip(names, naming, strict=True):
        for first, middle, last in sorted(_spelt(claim, stopwords)):
            title = (first, middle, last)
            if any(title in spelt[i] for i in its) or not any(title in spelt[i] for i in unnamed):
                continue
            for i in its:
                other = next((t for t in sorted(spelt[i]) if t[0] == first and t[2] == last and t[1] != middle), None)
                if other is not None:
                    why = f"the context gives {name.text} {' '.join(other)}, not {' '.join(title)}"
                    return SlotFinding("contradicted", "entity", why, sentences[i], certain=True, slot=" ".join(title))
    return None
