"""Parts of a sentence that say one thing of one name and another of another: "Lake Superior is the
largest of the Great Lakes by area, while Lake Baikal is the deepest lake in the world".

A claim opening with a name ("Lake Superior is the deepest lake in the world") says of it what one
part of such a sentence says of another name that opens that part, while the part naming the claim's
name says something else of it: the claim names the wrong one there ("the context says that of Lake
Baikal, not Lake Superior"). The words of the rest of the claim stand in the same sentence, so a
check of the sentence as a whole finds them all; the parts tell whose they are. A part is what
"while", "whereas", a comma before "and" or "but", or a semicolon parts off ("The Eiffel Tower is in
Paris, and the Colosseum is in Rome"). A claim whose rest some part or sentence naming its name
states is left alone. English only: the words that part clauses are English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.conjuncts import CLAUSES
from faithcheck._pipeline.verify.findings import Named as N
from faithcheck._pipeline.verify.findings import Placed, SlotFinding
from faithcheck._text.analysis import analyze

__all__ = ["check_contrasted"]

_PARTING = re.compile(CLAUSES, re.IGNORECASE)
_OPENING = re.compile(r"\s*(?:the\s+)?", re.IGNORECASE)
"""What may stand before a name that opens a claim or a part: an article."""


def check_contrasted(
    claim: str,
    sentences: Sequence[str],
    names_of: Callable[[str], Sequence[Placed[N]]],
    mentions: Callable[[N, str], bool],
    lang: Lang,
) -> SlotFinding | None:
    """The part of one of ``sentences`` saying the rest of ``claim`` of another name, where the part
    naming the claim's first name says something else (see the module docstring); ``None`` if none.
    ``names_of`` finds a text's names, ``mentions`` tells whether a text names a name."""
    if lang != "en" or _PARTING.search(claim) or not any(_PARTING.search(text) for text in sentences):
        return None
    claim_names = names_of(claim)
    if not claim_names or _OPENING.fullmatch(claim, 0, claim_names[0][1]) is None:
        return None
    subject, start, end, _ = claim_names[0]
    others = [name for name, *_ in claim_names[1:]]
    rest = analyze(claim, lang).content - analyze(claim[start:end], lang).content
    if not rest:
        return None
    found: SlotFinding | None = None
    for text in sentences:
        parts = _parts(text) or [(0, len(text))]
        if any(mentions(subject, text[a:b]) and rest <= analyze(text[a:b], lang).content for a, b in parts):
            return None  # a part naming the claim's name says the rest of it
        if found is None and len(parts) > 1:
            found = _said_of_another(subject, others, rest, text, parts, names_of(text), mentions, lang)
    return found


def _said_of_another(
    subject: N,
    others: Sequence[N],
    rest: frozenset[str],
    text: str,
    parts: Sequence[tuple[int, int]],
    names: Sequence[Placed[N]],
    mentions: Callable[[N, str], bool],
    lang: Lang,
) -> SlotFinding | None:
    """The finding where one part of ``text`` names ``subject`` and says something else of it, and
    another, opening with a name the claim does not have, says all the ``rest`` of the claim."""
    own = [k for k, (a, b) in enumerate(parts) if mentions(subject, text[a:b])]
    if len(own) != 1:
        return None
    a, b = parts[own[0]]
    said = analyze(text[a:b], lang).content
    if not said - analyze(subject.text, lang).content or not rest - said:
        return None  # it says nothing of the claim's name (a list's item), or all the claim does
    for k, (c, d) in enumerate(parts):
        if k == own[0] or not rest <= analyze(text[c:d], lang).content:
            continue
        opening = next(((n, s) for n, s, _, _ in names if c <= s < d), None)
        if opening is None or _OPENING.fullmatch(text, c, opening[1]) is None:
            continue
        other = opening[0]
        if not mentions(subject, other.text) and not any(mentions(name, other.text) for name in others):
            why = f"the context says that of {other.text}, not {subject.text}"
            return SlotFinding("wrong_entity", "entity", why, text, certain=True)
    return None


def _parts(text: str) -> list[tuple[int, int]]:
    """Where each part of ``text`` starts and ends (:data:`_PARTING`); none where nothing parts it."""
    cuts = [(m.start(), m.end()) for m in _PARTING.finditer(text)]
    if not cuts:
        return []
    starts = [0, *(end for _, end in cuts)]
    ends = [*(start for start, _ in cuts), len(text)]
    return list(zip(starts, ends, strict=True))
