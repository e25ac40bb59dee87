"""Two names of a claim that the evidence has the other way round, or paired otherwise.

"Chelsea beat Manchester United" against "Manchester United beat Chelsea": every word of the claim
is in the sentence, and a verifier reading words (or a model that never saw the roles of a
sentence swapped) supports it. Two names of the claim with a few words between them that a
sentence of the evidence has word for word with the names swapped, and nowhere the claim's way,
make the claim the wrong entity in each place. So do two that a sentence pairs otherwise by the
same words, each with another name ("Kate Nelligan stars as Laura Lingonberry" against "Kate
Nelligan stars as Ned Ravine's wife and Sherilyn Fenn stars as Laura Lingonberry"). A sentence
with the words of the relation's converse between the claim's names, the claim's way round,
contradicts it ("Chelsea lost to Arsenal" against "Chelsea beat Arsenal": the lexicon's
``converse_relations``). A relation that holds both ways ("married", "played", "borders", "and",
"with": the lexicon's ``symmetric_words``) is not read, nor a language whose lexicon lists none.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.findings import SlotFinding
from faithcheck._text.lexicon import get_lexicon

__all__ = ["swapped_names"]

_BETWEEN = 4
"""At most this many words between the two names."""
_WORD = re.compile(r"[^\W_]+(?:['’][^\W\d_]+)*")
_BETWEEN_WORDS = re.compile(rf" (?:[^\W\d_]+ ){{1,{_BETWEEN}}}")
"""Only words between the two names, one space apart: no comma, bracket or number."""


def _capitalised_runs(text: str, lang: Lang) -> list[tuple[str, int, int]]:
    """The runs of capitalised words of ``text`` (a sentence's first word too), without the stop
    words opening them ("The", "In"), and where each stands."""
    stopwords = get_lexicon(lang).stopwords
    runs: list[list[re.Match[str]]] = []
    for m in _WORD.finditer(text):
        if not m.group()[0].isupper():
            continue
        if runs and text[runs[-1][-1].end() : m.start()] in (" ", "-"):
            runs[-1].append(m)
        else:
            runs.append([m])
    out = []
    for run in runs:
        while run and run[0].group().lower() in stopwords:
            run = run[1:]
        if run:
            out.append((text[run[0].start() : run[-1].end()], run[0].start(), run[-1].end()))
    return out


def swapped_names(claim: str, sentences: Sequence[str], lang: Lang) -> SlotFinding | None:
    """The sentence that has two of the claim's names the other way round around the same words
    (and none that has them the claim's way), as a ``wrong_entity`` finding; ``None`` if none.

    >>> swapped_names("Chelsea beat Manchester United 2-1.", ["Manchester United beat Chelsea 2-1."], "en").why
    'the context has them the other way round: "Manchester United beat Chelsea"'
    >>> swapped_names("Anna married Tom Reed in 2001.", ["Tom Reed married Anna in 2001."], "en") is None
    True
    """
    lex = get_lexicon(lang)
    if not lex.symmetric_words:
        return None
    names = _capitalised_runs(claim, lang)
    for (first, _, first_end), (second, second_start, _) in pairwise(names):
        between = claim[first_end:second_start]
        words = between.split()
        if (
            not _BETWEEN_WORDS.fullmatch(between)
            or all(w.lower() in lex.stopwords for w in words)
            or all(w in lex.name_particles for w in words)  # one name: "Vicente del Bosque"
            or any(w.lower() in lex.symmetric_words for w in words)
        ):
            continue
        # an article before the second name is its own: "Amazon sued the FTC", "The FTC sued Amazon"
        while len(words) > 1 and words[-1].lower() in lex.determiners:
            words = words[:-1]
        claimed, swapped = _between(first, words, second, lang), _between(second, words, first, lang)
        # the converse's words ("beat" for "lost to"): the claim's way round they say the opposite
        relation = " ".join(words).lower()
        converses = [_between(first, phrase.split(), second, lang) for phrase in _converses(relation, lang)]
        stated = [_between(second, phrase.split(), first, lang) for phrase in _converses(relation, lang)]
        if any(pattern.search(s) for pattern in (claimed, *stated) for s in sentences):
            continue
        for sentence in sentences:
            if m := swapped.search(sentence):
                why = f'the context has them the other way round: "{m.group()}"'
                return SlotFinding("wrong_entity", "entity", why, sentence, certain=True)
            if m := next((found for pattern in converses if (found := pattern.search(sentence))), None):
                why = f'the context says it the other way round: "{m.group()}"'
                return SlotFinding("contradicted", "entity", why, sentence, certain=True)
            if other := _paired_otherwise(first, second, words, sentence, lang):
                why = f"the context names {other} here, not {first}"
                return SlotFinding("wrong_entity", "entity", why, sentence, certain=True, slot=first)
    return None


def _between(first: str, words: Sequence[str], second: str, lang: Lang) -> re.Pattern[str]:
    """Two names with ``words`` between them (and a word of the lexicon's ``determiners`` before the
    second, or none), in any case; a name may be written by its last word alone ("Bezos" of "Jeff
    Bezos")."""
    determiners = "|".join(map(re.escape, sorted(get_lexicon(lang).determiners)))
    gap = r"\s+" + r"\s+".join(map(re.escape, words)) + rf"\s+(?:(?:{determiners})\s+)?"
    return re.compile(rf"\b{_shortened(first)}{gap}{_shortened(second)}\b", re.IGNORECASE)


def _shortened(name: str) -> str:
    """A pattern of ``name`` or its last words ("Jeff Bezos", "Bezos")."""
    *opening, last = name.split()
    return "".join(rf"(?:{re.escape(word)}\s+)?" for word in opening) + re.escape(last)


def _converses(relation: str, lang: Lang) -> list[str]:
    """The words of the converse of ``relation`` (lower-cased words between two names): the
    lexicon's ``converse_relations`` read both ways ("lost to": "beat", "defeated", ...)."""
    converse = get_lexicon(lang).converse_relations
    return [theirs for mine, theirs in converse.items() if mine == relation] + [
        mine for mine, theirs in converse.items() if theirs == relation
    ]


def _paired_otherwise(first: str, second: str, words: list[str], sentence: str, lang: Lang) -> str | None:
    """The name that ``sentence`` pairs with ``second`` by ``words`` (the words between the two
    names of the claim), where it pairs ``first`` with another name by the same words: "Sherilyn
    Fenn" of "Kate Nelligan stars as Ned Ravine's wife and Sherilyn Fenn stars as Laura Lingonberry"
    for "Kate Nelligan stars as Laura Lingonberry"; ``None`` if it pairs them so nowhere."""
    between = [w.lower() for w in words]
    runs = _capitalised_runs(sentence, lang)
    pairs = [
        (a, b)
        for (a, _, a_end), (b, b_start, _) in pairwise(runs)
        if sentence[a_end:b_start].lower().split() == between
    ]
    if not any(a == first and b != second for a, b in pairs):
        return None
    return next((a for a, b in pairs if b == second and a != first), None)
