"""A claim's thing that changed one way, which a sentence opening with that thing has change the other.

"Operating profit rose in 2023" against "Revenue rose 12% in 2023. Operating profit fell 3% to 610
million dollars.": the window says all of the claim, "rose" in the sentence about revenue, while the
one sentence about operating profit has it fall. The words before a claim's one word of change (the
lexicon's ``directions``) are its subject; a sentence whose words before its own word of change hold
all of that subject, and besides it only words the claim has too, has its change go one way only,
the other: the claim is contradicted. So may a clause of it ("Shares of Nvidia rose 3% on Monday,
while shares of Intel fell 2%" for "Shares of Intel rose on Monday"). Neither may be negated ("did
not fall"), and the sentence may name nothing and date nothing that the claim leaves out ("Sales
fell in Asia", "Sales fell in 2022" are of other sales than "Sales rose in Europe", "in 2023"); a
sentence or a clause with a change either way ("revenue grew as costs fell") decides nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import dropwhile

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.conjuncts import CLAUSES_OR_BUT
from faithcheck._text.analysis import TextFeatures, analyze, capitalised_stems
from faithcheck._text.lexicon import get_lexicon

__all__ = ["subject_turned"]

_YEAR_DIGITS = 4
"""A number of this many digits may be a year, which dates another change ("fell in 2022")."""


def _change(features: TextFeatures, lang: Lang) -> tuple[frozenset[str], str, str] | None:
    """The words before the first word of change of ``features`` (:func:`_words`), that word, and its
    direction, where all its words of change go one way; ``None`` otherwise."""
    directions = get_lexicon(lang).directions
    at = [i for i, token in enumerate(features.tokens) if token in directions]
    if not at or len({directions[features.tokens[i]] for i in at}) != 1:
        return None
    word = features.tokens[at[0]]
    return _words(features.tokens[: at[0]], lang), word, directions[word]


def _words(tokens: Sequence[str], lang: Lang) -> frozenset[str]:
    """The stems of ``tokens`` but their stop words, and the tokens that have none as written: the "y"
    and the "3" that tell "Model Y sales" from "sales of the Model 3"."""
    stopwords = get_lexicon(lang).stopwords
    return frozenset(
        word for token in tokens if token not in stopwords for word in analyze(token, lang).content or {token}
    )


def subject_turned(claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` that has the claim's subject change the other way, and why; ``None``
    if none does.

    >>> said = [analyze("Revenue rose 12% in 2023."), analyze("Operating profit fell 3% to 610 million dollars.")]
    >>> subject_turned(analyze("Operating profit rose in 2023."), said, "en")[1]
    "the claim has operating profit go up ('rose') where the context has it go down ('fell')"
    >>> subject_turned(analyze("Revenue rose in 2023."), said, "en") is None
    True
    >>> subject_turned(analyze("Sales rose in 2023."), [analyze("Sales fell in 2022.")], "en") is None
    True
    """
    mine = _change(claim, lang) if not claim.negated else None
    if mine is None or not mine[0]:
        return None
    subject, word, way = mine
    years = {t for t in claim.tokens if t.isdigit() and len(t) == _YEAR_DIGITS}
    for whole in said:
        parts = re.split(CLAUSES_OR_BUT, whole.text)
        clauses = [whole] + ([analyze(part, lang) for part in parts] if len(parts) > 1 else [])
        if found := _turned_in(claim, (subject, word, way), years, clauses, lang):
            return whole, found
    return None


def _turned_in(
    claim: TextFeatures,
    mine: tuple[frozenset[str], str, str],
    years: set[str],
    clauses: Sequence[TextFeatures],
    lang: Lang,
) -> str | None:
    """Why one of a sentence's ``clauses`` (the whole sentence first, then each of its clauses: "...,
    while shares of Intel fell 2%") has the claim's subject change the other way, or ``None``."""
    subject, word, way = mine
    for sentence in clauses:
        theirs = _change(sentence, lang) if not sentence.negated else None
        if (
            theirs is None
            or theirs[2] == way
            or not subject <= theirs[0]
            or not theirs[0] - subject <= claim.content | set(claim.tokens)
        ):
            continue
        named = capitalised_stems(sentence.text, lang) - theirs[0] - claim.content
        dated = {t for t in sentence.tokens if t.isdigit() and len(t) == _YEAR_DIGITS} - years
        if named or dated:
            continue
        opening = " ".join(
            dropwhile(get_lexicon(lang).determiners.__contains__, claim.tokens[: claim.tokens.index(word)])
        )
        return f"the claim has {opening} go {way} ({word!r}) where the context has it go {theirs[2]} ({theirs[1]!r})"
    return None
