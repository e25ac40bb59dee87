"""A name the context gives only inside a relative clause about another, where the claim gives it
what the sentence says of that other.

"Paul Allen stepped down as chairman in 2014" against "Bill Gates, who co-founded the company with
Paul Allen in 1975, stepped down as chairman in 2014": the sentence opens with a name (Bill Gates),
sets a clause opening with "who", "whom", "whose" or "which" off by commas, and says all the rest
of the claim after it; the claim's opening name stands only in that clause. The claim gives it what
the context says of the other: ``wrong_entity``. Not where the relative clause says all the rest too
("Paul Allen co-founded the company"), nor where another sentence naming the claim's name says all
of it. English only: the relative pronouns and the commas are English's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.slots import claim_slots
from faithcheck._text.analysis import TextFeatures, analyze

__all__ = ["named_inside_relative"]

_RELATIVE = re.compile(
    r"\s*(?P<subject>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*),\s+(?P<clause>(?:who|whom|whose|which)\s[^,;()]+),\s+(?P<main>.+)"
)
"""A sentence opening with a name and a relative clause set off by commas, and what it says after."""
_REST_WORDS = 2
"""The content words and numbers at least that the claim says besides its name."""


def named_inside_relative(
    claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang
) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` that says all the rest of ``claim`` of the name it opens with and
    names the claim's opening name only in a relative clause, and why, or ``None`` (see the module
    docstring).

    >>> said = [analyze("Ann Lee, who met Bo Park in 2010, won the award in 2014.", "en")]
    >>> named_inside_relative(analyze("Bo Park won the award in 2014.", "en"), said, "en")[1]
    'the context says this of Ann Lee, and names Bo Park only in a clause about Ann Lee'
    >>> named_inside_relative(analyze("Bo Park met Ann Lee in 2010.", "en"), said, "en") is None
    True
    """
    if lang != "en":
        return None
    name = next((n.text for n in claim_slots(claim.text, lang)[1] if claim.text.startswith(n.text)), None)
    if name is None:
        return None
    rest = claim.terms - analyze(name, lang).content
    if len(rest) < _REST_WORDS:
        return None
    named = re.compile(rf"\b{re.escape(name)}\b")
    found: tuple[TextFeatures, str] | None = None
    for sentence in said:
        if not named.search(sentence.text):
            continue
        parts = _RELATIVE.match(sentence.text)
        if parts is None or not named.search(parts["clause"]) or named.search(parts["subject"] + parts["main"]):
            if rest <= sentence.terms:
                return None  # a sentence naming it says all the rest
            continue
        if rest <= analyze(parts["clause"], lang).terms:
            return None  # the relative clause says all the rest of it
        if found is None and rest <= analyze(parts["main"], lang).terms:
            subject = parts["subject"]
            found = sentence, f"the context says this of {subject}, and names {name} only in a clause about {subject}"
    return found
