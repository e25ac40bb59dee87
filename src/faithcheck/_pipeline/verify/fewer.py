"""A claim that says of most of a kind what the context says of a few of it, in another clause.

"Most patients developed long-term symptoms" against "Most patients recovered within two weeks, but a
small number developed long-term symptoms": the sentence says "most" of what its first clause says
and "a small number" of what its second says. The claim opens with a word of many ("most", "all",
"many", "the majority of") and its kind, and says what the clause after a word of few ("a small
number", "a few", "few", "a minority", "a handful") says: it is contradicted. The clause must say
all the rest of the claim but a word, and not the claim's word of many. English only: the words are
English's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.conjuncts import CLAUSES_OR_BUT
from faithcheck._text.analysis import TextFeatures, analyze

__all__ = ["few_said_of_most"]

_MANY = re.compile(
    r"^(?:most|all|many|the\s+majority\s+of|a\s+majority\s+of|nearly\s+all|almost\s+all)\s+", re.IGNORECASE
)
"""A word of many opening the claim: "Most", "All", "The majority of"."""
_FEW = re.compile(
    r"^\s*(?:(?:only|just)\s+)?(?:a\s+small\s+number|a\s+few|few|a\s+minority|a\s+handful|a\s+small\s+minority"
    r"|a\s+small\s+proportion|a\s+small\s+share)\b",
    re.IGNORECASE,
)
"""A word of few opening a clause: "a small number", "a few", "a minority"."""


def few_said_of_most(claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` whose clause opening with a word of few (:data:`_FEW`) says the rest
    of ``claim``, which opens with a word of many (:data:`_MANY`); and why, or ``None``.

    >>> said = [analyze("Most patients recovered within two weeks, but a small number developed long-term symptoms.")]
    >>> few_said_of_most(analyze("Most patients developed long-term symptoms.", "en"), said, "en")[1]
    "the context says this of 'a small number', the claim of 'Most'"
    >>> few_said_of_most(analyze("Most patients recovered within two weeks.", "en"), said, "en") is None
    True
    """
    many = _MANY.match(claim.text) if lang == "en" else None
    if many is None:
        return None
    # the claim's kind is its next word ("patients"), which the clause of few leaves out
    words = re.findall(r"[^\W\d_]+", claim.text[many.end() :])
    rest = claim.content - analyze(" ".join(words[:1]), lang).content - analyze(many.group(), lang).content
    if len(rest) < 2:
        return None
    for sentence in said:
        for clause in re.split(CLAUSES_OR_BUT, sentence.text):
            few = _FEW.match(clause)
            if few is None or _MANY.match(clause.strip()):
                continue
            if len(rest - analyze(clause, lang).content) <= 1 and len(rest & analyze(clause, lang).content) >= 2:
                return (
                    sentence,
                    f"the context says this of {few.group().strip()!r}, the claim of {many.group().strip()!r}",
                )
    return None
