"""A place a claim gives one end of its subject's life, where the context gives it as the other.

"Jane Austen died in Steventon" against "Jane Austen was born on 16 December 1775 in Steventon,
Hampshire. ... She died in Winchester in 1817": every word of the claim is in the context, and
support assembled from two sentences takes "died" from the one and "Steventon" from the other. The
claim opens with a name (its subject), has one word of a life's end ("born", "died") and a place
after "in" or "at" that the word dates; each sentence of the context speaking of the subject (naming
it, or opening with "He", "She" or "They" after one naming it) that names the claim's place dates it
by the other word, none by the claim's. The context gives the place as the other end of the life:
``contradicted`` where it gives the claim's end another place ("and Winchester as the place of
death"), ``unsupported`` where it gives none (one may die where one was born).

A word dates the first place after it, before the next such word and the sentence's end ("born on 16
December 1775 in Steventon"); a word joined to the next by "and" shares its place ("born and died in
Leeds"). Not where a sentence says the claim's end by "where" or "there" ("born in London, where he
also died"): that place is not read.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.findings import Named, SlotFinding
from faithcheck._pipeline.verify.subject_place import PlacedAfter

__all__ = ["life_place_otherwise"]

_PREPOSITIONS = frozenset({"in", "at"})
"""The prepositions before a place a life's end is dated by."""
_PERSONAL = frozenset({"he", "she", "they"})
"""The pronouns that, opening a sentence, speak of the person the sentences before it name."""
_ENDS = ("birth", "death")
"""The names of a life's two ends, in a reason."""
_JOINED = re.compile(r"\s+(?:and|or)\s+(?:\w+\s+)?$")
"""What joins a word of a life's end to the next ("born and died", "born and later died")."""
_THERE = re.compile(r"^(?:\s+\w+){0,2}?\s+there\b")
""""there" in the two words after a word of a life's end ("died there", "died soon there")."""
_WHERE = re.compile(r"\bwhere(?:\s+\w+){0,3}\s*$")
""""where" in the three words before a word of a life's end ("where he also died")."""
_CAPITALISED_RUN = re.compile(r"[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*")
"""Capitalised words one after another."""
_REACH = 60
"""Characters after a word of a life's end in which the place it dates is looked for."""

LifeWord = tuple[int, int, int]
"""A word of a life's end in a text: which end (0 birth, 1 death), where it starts and ends."""


def life_place_otherwise(
    claim: str,
    context_sentences: Callable[[], Sequence[str]],
    subject_of: Callable[[str], Named | None],
    places_of: Callable[[str], Sequence[PlacedAfter[Named]]],
    mentions: Callable[[Named, str], bool],
    life_words: Callable[[str], Sequence[LifeWord]],
    lang: Lang,
) -> SlotFinding | None:
    """Why the context gives the claim's place as the other end of its subject's life, or ``None``.

    ``subject_of`` reads the name a text opens with, ``places_of`` the places of a text after their
    prepositions, ``mentions`` whether a text names a name, ``life_words`` the words of a life's end
    of a text.
    """
    if lang != "en":
        return None  # the pronouns and the joining words are English
    subject = subject_of(claim)
    ends = life_words(claim)
    if subject is None or len(ends) != 1:
        return None
    end = ends[0][0]
    found = _dated(claim, ends[0], (), places_of(claim))
    if found is None or mentions(found[0], subject.text):
        return None
    place, spelt = found[0], _spelt(claim, found[1])
    sentences = context_sentences()
    about = _speaking_of(subject, sentences, mentions)
    stating = [text for text in about if mentions(place, text)]
    if not stating:
        return None
    other: str | None = None
    for text in about:
        words = life_words(text)
        places = places_of(text)
        for word in words:
            if word[0] == end and _said_elsewhere(text, word):
                return None  # "born in London, where he also died"
        dated = _dated_all(text, words, places)
        to_place = [words[index][0] for index, (named, _) in dated.items() if mentions(place, named.text)]
        if text in stating and (end in to_place or (1 - end) not in to_place):
            return None  # the sentence gives the claim's end there, or says nothing of an end there
        elsewhere = [dated[index] for index, word in enumerate(words) if word[0] == end and index in dated]
        other = other or next((_spelt(text, at) for named, at in elsewhere if not mentions(place, named.text)), None)
    given = f"the context gives {spelt} as the place of {_ENDS[1 - end]}"
    if other is not None:
        why = f"{given}, and {other} as the place of {_ENDS[end]}"
        return SlotFinding("contradicted", "entity", why, stating[0], certain=True)
    return SlotFinding("unsupported", "entity", f"{given}, not of {_ENDS[end]}", stating[0], certain=True)


def _speaking_of(subject: Named, sentences: Sequence[str], mentions: Callable[[Named, str], bool]) -> list[str]:
    """The sentences naming ``subject``, and those opening with a pronoun of :data:`_PERSONAL`
    after one naming it."""
    about: list[str] = []
    for text in sentences:
        opening = text.split(maxsplit=1)[:1]
        if mentions(subject, text) or (about and opening and opening[0].lower() in _PERSONAL):
            about.append(text)
    return about


def _said_elsewhere(text: str, word: LifeWord) -> bool:
    """The word of a life's end says its place by "where" before it or "there" after it."""
    return bool(_WHERE.search(text, 0, word[1]) or _THERE.match(text[word[2] :]))


def _dated_all(
    text: str, words: Sequence[LifeWord], places: Sequence[PlacedAfter[Named]]
) -> dict[int, tuple[Named, int]]:
    """The place each word of a life's end of ``text`` dates, and where it starts, by the word's index."""
    found: dict[int, tuple[Named, int]] = {}
    for index in reversed(range(len(words))):
        place = _dated(text, words[index], words[index + 1 :], places)
        joined = index + 1 in found and _JOINED.search(text[words[index][2] : words[index + 1][1]])
        if place is None and joined:
            place = found[index + 1]  # "born and died in Leeds"
        if place is not None:
            found[index] = place
    return found


def _dated(
    text: str, word: LifeWord, later: Sequence[LifeWord], places: Sequence[PlacedAfter[Named]]
) -> tuple[Named, int] | None:
    """The place ``word`` dates, and where it starts: the first after "in" or "at" in the
    :data:`_REACH` characters after it, before the next word of ``later`` and the sentence's stops;
    ``None`` if none."""
    limit = min([w[1] for w in later if w[1] > word[2]] + [word[2] + _REACH])
    for named, preposition, at in places:
        if word[2] < at < limit and preposition in _PREPOSITIONS and not re.search(r"[.;:!?]", text[word[2] : at]):
            return named, at
    return None


def _spelt(text: str, at: int) -> str:
    """The place at ``at`` as ``text`` writes it: its capitalised words ("Gad's Hill Place", where
    the name read is "Gad's")."""
    run = _CAPITALISED_RUN.match(text, at)
    return run.group() if run else text[at:].split(maxsplit=1)[0]
