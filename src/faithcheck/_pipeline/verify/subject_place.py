"""A place a claim gives its named subject, where the context's sentences naming it give another.

"Kilimanjaro is in Kenya" against "Mount Kilimanjaro in Tanzania is the highest mountain in Africa.
Mount Kenya, in Kenya, is the second highest ... Kilimanjaro was first climbed in 1889 ...": every
word of the claim is in the context, and the sentence stating the most of it ("Kilimanjaro was first
climbed ...") gives no place to hold against Kenya. "Cole Palmer scored for Arsenal" against "Arsenal
beat Chelsea ... Cole Palmer pulled one back for Chelsea": the same. The claim opens with a name (its
subject) and gives a place, a team or an organisation after "in", "at", "for" or "from"; the
sentences of the context naming the subject never name the claim's place, and one gives another
after the same preposition, after the subject. The context says the subject is elsewhere:
``wrong_entity``. A claim of one sentence only (a summary's sentences have subjects of their own).

Only where the context speaks of the claim's place apart: each sentence naming it opens with a name
of its own ("Mount Kenya, in Kenya, ..."), none with a pronoun or an article ("The company ...") that
may stand for the claim's subject ("She died in Winchester" beside "Jane Austen was born ... in Steventon" for "Jane
Austen died in Winchester"); and where no sentence sets one of the two places inside the other
("Honolulu, the capital of Hawaii" for "Obama was born in Hawaii" against "Obama was born in
Honolulu"): a place may hold another.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.findings import Named, SlotFinding
from faithcheck._text.lexicon import get_lexicon

__all__ = ["PlacedAfter", "placed_otherwise", "set_within"]

PlacedAfter = tuple[Named, str, int]
"""A place of a text as the slot check reads it, the preposition before it ("in", "for"), and where
it starts."""

_PREPOSITIONS = frozenset({"in", "at", "for", "from"})
"""The prepositions before the claim's place that are read: where a thing is, whom one plays or
works for, where one comes from (not "to", which a move may have several of, nor "of" or "by")."""
_HOLDING = frozenset({"in", "of", "within", "near"})
"""The prepositions that set a place inside (or beside) another: "Honolulu, the capital of Hawaii"."""
_SETTING = _HOLDING - {"near"}
"""The prepositions that set a place inside another (:func:`set_within`): not "near"."""
_OPENING_WORD = re.compile(r"\s*(?:the\s+)?([A-Za-z][\w'’-]*)")
"""A sentence's first word (past a "the" in lower case: a text written in lower case)."""


def placed_otherwise(
    claim: str,
    context_sentences: Callable[[], Sequence[str]],
    subject_of: Callable[[str], Named | None],
    places_of: Callable[[str], Sequence[PlacedAfter[Named]]],
    mentions: Callable[[Named, str], bool],
    lang: Lang,
) -> SlotFinding | None:
    """Why the context gives the claim's subject another place than the claim does, or ``None``.

    ``subject_of`` reads the name a text opens with (past "the"), ``places_of`` the places of a
    text after their prepositions, ``mentions`` whether a text names a name.
    """
    if lang != "en":
        return None  # the prepositions are English
    subject = subject_of(claim)
    if subject is None:
        return None
    claimed = [(place, preposition) for place, preposition, _ in places_of(claim) if preposition in _PREPOSITIONS]
    if not claimed:
        return None
    sentences = context_sentences()
    about = [text for text in sentences if mentions(subject, text)]
    for place, preposition in claimed if about else ():
        if mentions(place, subject.text) or any(mentions(place, text) for text in about):
            continue
        stating = [text for text in sentences if mentions(place, text)]
        if not stating or not all(_of_its_own(text, lang) for text in stating):
            continue  # named nowhere (another cue says so), or where it may be said of the subject
        for text in about:
            # after the subject, as the claim's place is: "A handful for Stoke as he, Oscar and Hazard
            # linked up" gives Hazard no Stoke
            subject_at = text.find(subject.text.split()[-1])
            for other, theirs, at in places_of(text):
                if (
                    theirs == preposition
                    and 0 <= subject_at < at
                    and not mentions(other, subject.text)
                    and not mentions(subject, other.text)
                    and not mentions(other, place.text)
                    and not _holds(place, other, sentences, mentions)
                ):
                    why = f"the context gives {subject.text} {preposition} {other.text}, not {preposition} {place.text}"
                    return SlotFinding("wrong_entity", "entity", why, text, certain=True)
    return None


def _of_its_own(text: str, lang: Lang) -> bool:
    """``text`` opens with a name of its own: a capitalised word that is neither a pronoun, a
    determiner nor another stop word ("Mount Kenya, in Kenya, ...", "Arsenal beat ..."), where "She
    died in Winchester", "The company was founded in Palo Alto" (an article opens it) and "In 2015 she
    sold it" may speak of the claim's subject."""
    opening = _OPENING_WORD.match(text)
    if opening is None or not opening.group(1)[0].isupper():
        return False
    lex = get_lexicon(lang)
    word = opening.group(1).lower()
    return word not in lex.stopwords and word not in lex.subject_pronouns and word not in lex.determiners


def _holds(place: Named, other: Named, sentences: Sequence[str], mentions: Callable[[Named, str], bool]) -> bool:
    """A sentence naming both places sets one inside or beside the other: after a word of
    :data:`_HOLDING`, up to two words in lower case between ("Honolulu is the capital of Hawaii",
    "Greece ... is a country in southeastern Europe"), or after a comma ("Steventon, Hampshire")."""
    one, two = re.escape(place.text), re.escape(other.text)
    inside = re.compile(
        rf"\b(?:{'|'.join(_HOLDING)})\s+(?:the\s+)?(?:[a-z][\w-]*\s+){{0,2}}(?:{one}|{two})\b"
        rf"|{one},\s+(?:the\s+)?{two}|{two},\s+(?:the\s+)?{one}"
    )
    return any(mentions(place, text) and mentions(other, text) and inside.search(text) for text in sentences)


def set_within(inner: str, outer: str, sentences: Sequence[str]) -> bool:
    """A sentence sets the place ``inner`` inside ``outer``: ``inner``, a comma or a copula, an
    article, up to two words in lower case, a word of :data:`_SETTING`, and ``outer`` ("Honolulu is the
    capital of Hawaii", "Paris, the capital of France", "Greece is a country in southeastern
    Europe"), or ``inner``, a comma and ``outer`` ("Honolulu, Hawaii"). Not "Obama was born in
    Honolulu and later lived in Illinois": a place a sentence names after another is not set in it.

    >>> set_within("Honolulu", "Hawaii", ["Obama was born in Honolulu.", "Honolulu is the capital of Hawaii."])
    True
    >>> set_within("Hawaii", "Honolulu", ["Honolulu is the capital of Hawaii."])
    False
    """
    one, two = re.escape(inner), re.escape(outer)
    inside = re.compile(
        rf"\b{one}(?:,\s+|\s+(?:is|was|lies|lay)\s+)(?:the|a|an)\s+(?:[a-z][\w-]*\s+){{0,2}}"
        rf"(?:{'|'.join(sorted(_SETTING))})\s+(?:the\s+)?(?:[a-z][\w-]*\s+){{0,2}}{two}\b|\b{one},\s+{two}\b"
    )
    return any(inside.search(text) for text in sentences)
