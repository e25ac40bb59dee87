"""Names of the form "X of Y" ("Bank of England", "Gulf of Thailand", "University of Nebraska"),
told apart by the name after "of".

A name whose head is capitalised and followed by "of" and another capitalised name is one name: a
claim naming "Bank of Merton" where the context never names it, but names the "Bank of England",
speaks of another bank, even though the context has "Merton" elsewhere ("a councillor for
Durnsford in Merton"). The word checks read the two words apart, so each occurs somewhere; this
reads them together. A claim's name the context writes the other way round ("the Defense
Department" for "the Department of Defense", "England's bank") is named; a rival sharing a word
with the claim's ("Bank of England" for "Bank of England Museum") is the same name, shorter.
English only: the form is English's.
"""

from __future__ import annotations

import re

from faithcheck._core.types import Lang
from faithcheck._text.analysis import starts_sentence, without_possessive
from faithcheck._text.lexicon import get_lexicon, lower_case_words

__all__ = ["named_of_another"]

_CAPITALISED = r"[A-Z][\w'’-]*"
_NAME_RUN = rf"{_CAPITALISED}(?:\s+{_CAPITALISED}){{0,3}}"
"""A name of up to four capitalised words."""
_OF_NAME = re.compile(rf"\b((?:{_CAPITALISED}\s+){{0,2}}{_CAPITALISED})\s+of\s+({_NAME_RUN})")
"""A capitalised head, "of" and the capitalised name after it: "Treasure Room of Naturalis"."""
_LISTED_BEFORE = rf"(?:{_CAPITALISED}(?:\s+{_CAPITALISED})*\s*(?:,|\band\b|\bor\b|&)\s*)*"
"""Names listed before another after the same "of": "the CEO of Tesla and SpaceX" names the CEO
of SpaceX."""
_HEADED = rf"\b(?:(?!(?:The|A|An)\b){_CAPITALISED}\s+){{0,2}}"
"""The capitalised words before a head's last word, shown with the name: "Treasure Room"."""


def named_of_another(claim: str, context: str, lang: Lang) -> str | None:
    """Why the context names another "X of Z" where ``claim`` names "X of Y", which it never names
    (nor "Y X", "Y's X"), or ``None``.

    >>> context = "From 1977 until 1983, she worked for the Bank of England. She was a councillor in Merton."
    >>> named_of_another("Theresa May worked for Bank of Merton.", context, "en")
    'the context names Bank of England, not Bank of Merton'
    >>> named_of_another("Theresa May worked for the Bank of England.", context, "en") is None
    True
    >>> named_of_another("Diana, Princess of Wales's funeral was held.", "Diana, Princess of Wales.", "en") is None
    True
    >>> named_of_another("Shares of Peloton fell.", "Shares of Hims & Hers rose. Peloton fell.", "en") is None
    True
    >>> roses = "The Wars of the Roses were a feud between the houses of York and Lancaster. The House of York won."
    >>> named_of_another("Henry VI led the House of Lancaster.", roses, "en") is None
    True
    >>> departments = "The Defense Department and the Department of State."
    >>> named_of_another("The Department of Defense said so.", departments, "en") is None
    True
    >>> named_of_another("Elon Musk is the CEO of SpaceX.", "Elon Musk, the CEO of Tesla and SpaceX.", "en") is None
    True
    """
    if lang != "en" or " of " not in claim:
        return None
    lex = get_lexicon(lang)
    for found in _OF_NAME.finditer(claim):
        head, name = found.group(1).split()[-1], without_possessive(found.group(2))
        if head.lower() in lex.stopwords or name.split()[0].lower() in lex.stopwords or _opens_as_word(found, claim):
            continue  # "Most of Europe", "Part of The ...", "Shares of Peloton dropped"
        if _names(head, name, context):
            continue
        words = set(name.lower().split())
        rivals = [
            m.group()
            for m in re.finditer(rf"{_HEADED}{re.escape(head)}\s+of\s+({_NAME_RUN})", context)
            if words.isdisjoint(m.group(1).lower().split()) and not _opens_as_word(m, context)
        ]
        if rivals:
            return f"the context names {without_possessive(rivals[0])}, not {without_possessive(found.group())}"
    return None


def _opens_as_word(found: re.Match[str], text: str) -> bool:
    """The name ``found`` opens a sentence of ``text`` with a word people write in lower case inside
    one: it is capitalised as any first word is ("Shares of Peloton dropped 5%")."""
    first = found.group().split()[0]
    return starts_sentence(text, found.start()) and first.lower() in lower_case_words("en").common


def _names(head: str, name: str, context: str) -> bool:
    """``context`` names "``head`` of ``name``" in one of the ways English writes it (past a list after
    the same "of", with the head in the plural: "the houses of York and Lancaster")."""
    spelled = (
        rf"{re.escape(head)}s?\s+of\s+{_LISTED_BEFORE}{re.escape(name)}",
        rf"{re.escape(name)}(?:'s|’s)?\s+{re.escape(head)}",
    )
    return any(re.search(rf"\b{pattern}\b", context, re.IGNORECASE) for pattern in spelled)
