"""A name the context gives in one clause, where the claim gives it what another clause says of others.

"Michael Collins walked on the lunar surface" against "Neil Armstrong and Buzz Aldrin spent about 21
hours on the lunar surface, while Michael Collins remained in lunar orbit": the clause after "while"
names Michael Collins and says little of the rest of the claim ("lunar", not "surface"); the clause
before says all of it but a word ("lunar surface") of others, named at its start. The claim gives
him what the context says of them: ``wrong_entity``. Clauses part at "while", "whereas", a
semicolon, a comma before "and" or "but" (:data:`~faithcheck._pipeline.verify.conjuncts.CLAUSES`).
The name must open its clause and the clause say two words of its own (not the last name of a list
parted by ", and"). Not where the claim's name is named in the other clause too, nor where its own clause says as much
of the rest of the claim, or all of it but a word, or has a pronoun (the lexicon's ``anaphors``:
"Dutch settlers founded New Amsterdam in 1624; it was renamed New York City in 1664"). English only:
the word order is English's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.conjuncts import CLAUSES, clauses_outside_brackets
from faithcheck._pipeline.verify.slots import claim_slots
from faithcheck._text.analysis import TextFeatures, analyze
from faithcheck._text.lexicon import get_lexicon

__all__ = ["named_in_another_clause"]

_NAME_OPENS = re.compile(r"\s*(?:[A-Z][\w'’.-]*)")
"""A clause that opens with a capitalised word: the name of its subject."""
_ACRONYM = re.compile(r"[A-Z]{2,}\b")
"""A word in capitals opening the claim: a name ("AMD", "NASA")."""
_REST_WORDS = 2
"""The content words at least that the claim says besides its name."""


def named_in_another_clause(
    claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang
) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` whose clause naming the claim's opening name says little of the rest
    of the claim, where another of its clauses, opening with another name, says all of it but a word; and why, or
    ``None`` (see the module docstring).

    >>> said = [analyze("Ann Lee sang at the opening, while Bo Park played the drums.", "en")]
    >>> named_in_another_clause(analyze("Bo Park sang at the opening.", "en"), said, "en")[1]
    'the context says this of another than Bo Park, in another clause'
    >>> named_in_another_clause(analyze("Bo Park played the drums.", "en"), said, "en") is None
    True
    """
    if lang != "en":
        return None
    opening = [name.text for name in claim_slots(claim.text, lang)[1] if claim.text.startswith(name.text)]
    if not opening and (acronym := _ACRONYM.match(claim.text)):
        opening = [acronym.group()]  # a name of one word opening the claim is read as none ("AMD")
    if not opening:
        return None
    name = opening[0]
    rest = claim.content - analyze(name, lang).content
    if len(rest) < _REST_WORDS:
        return None
    anaphors = {word.lower() for word in get_lexicon(lang).anaphors}
    for sentence in said:
        # (a semicolon in brackets parts none: "Melilla ( [ ... ] ; [ ... ] ) is a Spanish city")
        clauses = clauses_outside_brackets(sentence.text, CLAUSES)
        if len(clauses) < 2:
            continue
        naming = [part for part in clauses if re.search(rf"\b{re.escape(name)}\b", part)]
        # all the rest of the claim, or all but a word (its verb may be the context's in other
        # words: "walked" for "spent about 21 hours")
        stating = [part for part in clauses if len(rest - analyze(part, lang).content) <= 1]
        if len(naming) != 1 or len(stating) != 1 or naming[0] is stating[0]:
            continue
        # the name's own clause says less of the claim, and not two of its words ("lunar" of
        # "remained in lunar orbit", not "surface")
        own, theirs = analyze(naming[0], lang).content & rest, analyze(stating[0], lang).content & rest
        if len(rest - own) < _REST_WORDS or len(own) >= len(theirs) or not _NAME_OPENS.match(stating[0]):
            continue
        if anaphors & set(analyze(naming[0], lang).tokens):
            continue  # the name's clause may speak of the other's subject: "it was renamed New York City"
        # the name is its clause's subject, which says something of its own (not the last of a
        # list: "formed in 1990 by Paul Plagens, Kyle Baer, Josh Gordon, and Brad Wilk")
        opens = re.match(rf"\W*(?:(?:while|whereas|and|but)\s+)?{re.escape(name)}\b", naming[0], re.IGNORECASE)
        if opens is None or len(analyze(naming[0][opens.end() :], lang).content) < _REST_WORDS:
            continue
        return sentence, f"the context says this of another than {name}, in another clause"
    return None
