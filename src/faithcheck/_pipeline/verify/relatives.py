"""A name the context gives as another's relative ("Its rival Lloyds"), where the claim gives it what
an earlier sentence says of that other.

"Lloyds raised its rate to 5.25%" against "The bank raised its rate to 5.25%. Its rival Lloyds kept
its rate at 5%.": the first sentence states all the rest of the claim, of a thing it does not name
("The bank"); the second names the claim's name only as a relative of the thing its "its" stands for
("Its rival Lloyds", "its parent company Alphabet"), so another than that thing. The claim gives the
name what the context says of the other: ``wrong_entity``. Not where a sentence naming the claim's
name states all the rest too, nor where the name stands before the sentence that states the rest
("Lloyds kept its rate at 5% in May. In June the bank raised it": "the bank" may stand for it).
English only: the possessive and the word order are English's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.slots import claim_slots
from faithcheck._text.analysis import TextFeatures
from faithcheck._text.lexicon import get_lexicon

__all__ = ["named_as_relative"]


def named_as_relative(claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` stating all the rest of ``claim`` of another than its name, and why,
    or ``None`` (see the module docstring).

    >>> from faithcheck._text.analysis import analyze
    >>> said = [analyze(s) for s in ("The bank raised its rate to 5.25%.", "Its rival Lloyds kept its rate at 5%.")]
    >>> named_as_relative(analyze("Lloyds raised its rate to 5.25%."), said, "en")[1]
    'the context says this of another than Lloyds, which it calls its rival'
    """
    if lang != "en" or not any(_POSSESSIVE.search(s.text) for s in said):
        return None
    stopwords = get_lexicon(lang).stopwords
    for name in claim_slots(claim.text, lang)[1]:
        rest = claim.content - name.stems
        if not rest:
            continue
        naming = [k for k, s in enumerate(said) if name.stems <= s.content]
        relative = next(
            (
                (k, words.group(1).strip())
                for k in naming
                if (words := _relative_of(name.text).search(said[k].text))
                and not set(words.group(1).split()) & stopwords
            ),
            None,
        )
        if relative is None or any(rest <= said[k].content for k in naming):
            continue
        at, called = relative
        stating = [k for k, s in enumerate(said) if k < min(naming) and rest <= s.content]
        if stating and min(naming) == at:
            return said[stating[-1]], f"the context says this of another than {name.text}, which it calls its {called}"
    return None


_POSSESSIVE = re.compile(r"\b(?:its|their)\s", re.IGNORECASE)
"""The words before a relative ("its rival"), which most contexts lack: no name of the claim is read
for them."""


def _relative_of(name: str) -> re.Pattern[str]:
    """ "Its" or "their" and one or two words in lower case right before ``name``: "Its rival
    Lloyds", "their parent company Alphabet"."""
    return re.compile(rf"\b(?:its|their)\s+((?:[a-z]+\s+){{1,2}}){re.escape(name)}\b", re.IGNORECASE)
