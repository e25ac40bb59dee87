"""Codes that name a thing: "Flight BA117", "the A320", "an F-35".

A code is a word opening with a capital that holds a digit, with its hyphenated parts. Its digits
are no quantity (the slot check leaves them out), and a word check reads "BA117" and "BA112" as the
same letters: "Flight BA117 leaves JFK at 18:30" against "Flight BA117 departs at 11:40. The return
flight, BA112, leaves JFK at 18:30." was supported. The sentence stating all the rest of the claim
names the flight: where it gives a code of the claim's letters with other digits ("WH-1000XM4" for
"WH-1000XM5", "M50" for "M5"), and never the claim's own, the claim names the wrong one
(``wrong_entity``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.findings import SlotFinding
from faithcheck._text.analysis import analyze

__all__ = ["check_codes"]


_CODE = re.compile(r"(?<![\w-])[A-Z][^\W_]*(?:-[^\W_]+)*(?![\w-])")
"""A word opening with a capital, with its hyphenated parts ("BA117", "F-35", "WH-1000XM5"): a code
where it holds a digit."""
_DIGITS = re.compile(r"\d+")


def check_codes(claim: str, sentences: Sequence[str], lang: Lang) -> SlotFinding | None:
    """The finding that the one sentence of ``sentences`` stating all the rest of ``claim`` gives
    another code of the letters of a code of the claim, and never the claim's (see the module
    docstring); ``None`` otherwise.

    >>> check_codes("Flight BA117 leaves JFK at 18:30.", ["The return flight, BA112, leaves JFK at 18:30."], "en").why
    'the context names BA112 here, not BA117'
    >>> check_codes("Flight BA117 leaves JFK.", ["Flights BA112 and BA117 leave JFK."], "en") is None
    True
    """
    for code in _codes(claim):
        rest = analyze(claim[: code.start()] + claim[code.end() :], lang).terms
        stating = [text for text in sentences if rest and rest <= analyze(text, lang).terms]
        if len(stating) != 1:
            continue
        (text,) = stating
        given = [m.group() for m in _codes(text)]
        others = [written for written in given if _family(written) == _family(code.group())]
        if others and code.group() not in given:
            why = f"the context names {others[0]} here, not {code.group()}"
            return SlotFinding("wrong_entity", "entity", why, text, certain=True)
    return None


def _codes(text: str) -> list[re.Match[str]]:
    """The codes of ``text``: words opening with a capital that hold a digit (:data:`_CODE`)."""
    return [m for m in _CODE.finditer(text) if any(c.isdigit() for c in m.group())]


def _family(code: str) -> str:
    """A code with its digits left out: "BA#" of "BA117" and "BA112", "WH-#XM#" of "WH-1000XM5"."""
    return _DIGITS.sub("#", code)
