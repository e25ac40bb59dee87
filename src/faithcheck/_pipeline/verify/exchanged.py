"""Two words of a claim that a sentence has word for word the other way round.

"The customer may terminate immediately if the supplier fails to pay" against "The supplier may
terminate immediately if the customer fails to pay": every word of the claim is in the sentence, in
its place but for two, which stand in each other's. The claim has the roles the other way round, as
"Chelsea beat Manchester United" has its names (:mod:`faithcheck._pipeline.verify.order`, which reads
names; this reads any two words that are no stop words: "customer" and "supplier", "Paris" and
"London" of "from Paris to London", "II" and "I" of "Calculus II").

Not where the two words stand side by side (a reordering, "blue electric"), where a word that
relates both ways stands between them ("and", "with", "married": the lexicon's ``symmetric_words``
and ``list_words``), nor where a sentence says the two and the words between them the claim's way
round too ("Apple sued Samsung, and Samsung sued Apple").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from faithcheck._core.types import Lang
from faithcheck._text.analysis import TextFeatures
from faithcheck._text.lexicon import Lexicon, get_lexicon

__all__ = ["exchanged_words"]

_ROMAN = re.compile(r"[ivx]+")
"""A Roman numeral, which is a stop word ("I") only where it is no numeral: "Calculus I"."""


def exchanged_words(claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` that has two words of ``claim`` the other way round, and why, or
    ``None`` (see the module docstring).

    >>> from faithcheck._text.analysis import analyze
    >>> said = [analyze("The supplier may terminate immediately if the customer fails to pay.")]
    >>> exchanged_words(analyze("The customer may terminate immediately if the supplier fails to pay."), said, "en")[1]
    'the context has "supplier" and "customer" the other way round'
    >>> exchanged_words(analyze("Flour is mixed with sugar."), [analyze("Sugar is mixed with flour.")], "en") is None
    True
    """
    lex = get_lexicon(lang)
    if not lex.symmetric_words:
        return None
    mine = claim.tokens
    for sentence in said:
        for first, second in _exchanged(mine, sentence.tokens):
            between = mine[first + 1 : second]
            if (
                second - first > 1
                and all(_is_word(mine[k], lex) for k in (first, second))
                and not any(t in lex.symmetric_words or t in lex.list_words for t in between)
                and not any(_holds(other.tokens, mine[first : second + 1]) for other in said)
            ):
                return sentence, f'the context has "{mine[second]}" and "{mine[first]}" the other way round'
    return None


def _holds(tokens: Sequence[str], run: Sequence[str]) -> bool:
    """``tokens`` has ``run`` word for word."""
    return any(list(tokens[at : at + len(run)]) == list(run) for at in range(len(tokens) - len(run) + 1))


def _exchanged(mine: Sequence[str], theirs: Sequence[str]) -> list[tuple[int, int]]:
    """The places of two words of ``mine`` that ``theirs`` has the other way round, each run of it as
    long as ``mine`` matching it word for word but for those two."""
    found = []
    for at in range(len(theirs) - len(mine) + 1):
        differ = [k for k, word in enumerate(mine) if theirs[at + k] != word]
        if len(differ) == 2:  # two words, exchanged
            first, second = differ
            if mine[first] == theirs[at + second] and mine[second] == theirs[at + first]:
                found.append((first, second))
    return found


def _is_word(token: str, lex: Lexicon) -> bool:
    """``token`` says who or what (no stop word), or is a Roman numeral ("Calculus I")."""
    return token not in lex.stopwords or _ROMAN.fullmatch(token) is not None
