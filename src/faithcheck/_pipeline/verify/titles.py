"""Titles before a name: "CFO Dana Whitfield" is not "CEO Dana Whitfield".

An acronym of two to five capitals right before a name of two capitalised words or more is the
title the name holds ("CEO Dana Whitfield", "FBI Director Christopher Wray"). The name check reads a
name by its words, which both share: this check compares the titles. A claim's title that the
evidence gives the same name only with other titles is contradicted ("the context gives CEO Dana
Whitfield, not CFO Dana Whitfield"). A name the evidence never titles so, or titles as the claim
does anywhere, decides nothing; nor is anything read in a language that capitalises every noun.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.findings import SlotFinding
from faithcheck._text.lexicon import get_lexicon

__all__ = ["check_titles", "titled"]

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
