"""A name the context gives as the one replaced, where the claim gives it what the one replacing does.

"Mark Ellis will become chief executive in January" against "Sarah Chen, the company's chief
financial officer, will take over as chief executive in January, replacing Mark Ellis, who is
retiring after 14 years": the sentence says the rest of the claim before "replacing" (of Sarah
Chen), and names Mark Ellis only after it, as the one whose place she takes. The claim gives him what
the context says of her: ``wrong_entity``. Likewise "succeeding", "in place of", "instead of", "who
replaces". Not where the sentence names the claim's name elsewhere too, nor where it says some of
the rest of the claim after the name (what the relative clause says of him: "Mark Ellis is retiring
after 14 years"). English only: the word order is English's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.slots import claim_slots
from faithcheck._text.analysis import TextFeatures, analyze

__all__ = ["named_as_replaced"]

_REPLACING = r"(?:replacing|succeeding|in\s+place\s+of|instead\s+of|(?:who|which|to)\s+(?:replaces?|succeeds?|succeed))"
"""What stands before the name of the one replaced."""


def named_as_replaced(claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` saying the rest of ``claim`` before the claim's first name, which it
    names only as the one replaced, and why, or ``None`` (see the module docstring).

    >>> said = [analyze("Ana Ruiz will take over as coach in May, replacing Tom Hale, who is retiring.", "en")]
    >>> named_as_replaced(analyze("Tom Hale will take over as coach in May.", "en"), said, "en")[1]
    'the context names Tom Hale as the one replaced'
    >>> named_as_replaced(analyze("Tom Hale is retiring.", "en"), said, "en") is None
    True
    """
    names = claim_slots(claim.text, lang)[1] if lang == "en" else ()
    if not names:
        return None
    name = min(names, key=lambda n: claim.text.find(n.text))
    if analyze(claim.text[: claim.text.find(name.text)], lang).content:
        return None  # the claim does not open with the name
    rest = claim.content - name.stems
    for sentence in said:
        text = sentence.text
        mentions = [m.start() for m in re.finditer(rf"\b{re.escape(name.text)}\b", text)]
        replaced = re.search(rf"\b{_REPLACING}\s+(?:[a-z]+\s+){{0,3}}{re.escape(name.text)}\b", text)
        if replaced is None or len(mentions) != 1:
            continue
        before = analyze(text[: replaced.start()], lang).content
        after = analyze(text[replaced.end() :], lang).content
        if rest and rest & before and not rest & after and len(rest & before) * 2 >= len(rest):
            return sentence, f"the context names {name.text} as the one replaced"
    return None
