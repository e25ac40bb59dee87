"""Whom a sentence says a thing for, against whom the claim says it for.

"Admission is free for under-18s and costs 22 pounds for adults": each part of the sentence says
its own thing for its own group ("for under-18s", "for adults"). A claim saying one part's thing
for the other part's group ("Admission for under-18s costs 22 pounds", "Admission is free for
adults") has put one part's group into the other: it is contradicted. The sentence is read in
parts, each ending with its group after "for" and a clause's end ("for suites but costs", not "for
students cost 12 euros"). The claim's group is the part's group that has most of the words after
the claim's "for" ("non-members" rather than "members"), and that part must say a thing of its own
that the claim does not say ("is free"; not "and $10" of "Tickets cost $25 for adults and $10 for
children": that part says the first one's thing again). The part the claim speaks of is the one
holding most of the claim's words other than its group's (the verb, the price: "costs", "pounds"),
and it must hold some that the part with the claim's group lacks; its group is another than the
claim's (not "for 11 years" and "for 5 years": the numbers are the slot check's). A sentence naming
one group only ("Tickets cost 10 pounds for adults") is not read here. English only: the word order
is English's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from faithcheck._core.types import Lang
from faithcheck._text.analysis import TextFeatures, analyze
from faithcheck._text.lexicon import get_lexicon

__all__ = ["said_for_another"]

_FOR = re.compile(
    r"\bfor\s+(?:the\s+|all\s+|each\s+|every\s+)?((?:[^\W\d_][\w-]*|\d+[\w-]*)(?:\s+[^\W\d_][\w-]*){0,2})",
    re.IGNORECASE,
)
"""A group after "for" and up to three words of it: "for standard rooms", "for under-18s"."""


_PART_ENDS = re.compile(r"\s*(?:[,;:.!?]|$)|\s+(?:and|but|while|whereas|or)\b", re.IGNORECASE)
"""What follows a group that ends its part: punctuation, the end, a word that joins clauses ("for
suites but costs", not "for students cost 12 euros")."""


def _group(words: str, stopwords: frozenset[str], lang: Lang) -> frozenset[str]:
    """The stems of a group's words up to its first stop word ("suites" of "suites but"); a word
    with none, as written ("under-18s")."""
    return frozenset(
        stem for word in _shown(words, stopwords).split() for stem in analyze(word, lang).content or {word.lower()}
    )


def _parts(text: str, stopwords: frozenset[str], lang: Lang) -> list[tuple[frozenset[str], frozenset[str], str]]:
    """The parts of ``text``, each ending with a group after "for": the content stems the part says
    before its group, the group's, and the group as written."""
    parts: list[tuple[frozenset[str], frozenset[str], str]] = []
    start = 0
    for m in _FOR.finditer(text):
        shown = _shown(m.group(1), stopwords)
        end = m.start(1) + len(shown)  # not past "and costs"
        if shown and _PART_ENDS.match(text, end):
            parts.append((analyze(text[start : m.start()], lang).content, _group(shown, stopwords, lang), shown))
            start = end
    return parts


def said_for_another(claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` that says the claim's thing for another group than the claim's, and
    names the claim's group in another part, and why; ``None`` if none.

    >>> said = [analyze("Admission is free for under-18s and costs 22 pounds for adults.", "en")]
    >>> said_for_another(analyze("Admission for under-18s costs 22 pounds.", "en"), said, "en")[1]
    'the context says it for adults, the claim for under-18s'
    >>> said_for_another(analyze("Admission is free for under-18s.", "en"), said, "en") is None
    True
    """
    if lang != "en" or claim.negated:
        return None
    stopwords = get_lexicon(lang).stopwords
    claimed = [_group(m.group(1), stopwords, lang) for m in _FOR.finditer(claim.text)]
    if len(claimed) != 1:
        return None
    after_for = claimed[0]
    for sentence in said:
        parts = _parts(sentence.text, stopwords, lang)
        # the claim's group is the part's group with the most of the words after the claim's "for"
        # ("under-18s" of "for under-18s costs"; "non-members" rather than "members")
        holding = [k for k, (_, group, _) in enumerate(parts) if group <= after_for]
        if not holding or len(parts) < 2:
            continue
        own = max(holding, key=lambda k: len(parts[k][1]))
        rest = claim.content - parts[own][1]
        best = max(range(len(parts)), key=lambda k: len(rest & parts[k][0]))
        words, theirs, shown = parts[best]
        # the claim's group's part says a thing of its own, which the claim does not say ("is free"
        # of "Admission is free for under-18s"; not "and $10" of "Tickets cost $25 for adults and
        # $10 for children": that part says the first's thing)
        if (
            best == own
            or theirs == parts[own][1]
            or not (rest & words) - parts[own][0]
            or parts[own][0] <= claim.content
        ):
            continue
        return sentence, f"the context says it for {shown}, the claim for {parts[own][2]}"
    return None


def _shown(words: str, stopwords: frozenset[str]) -> str:
    """A group's words up to its first stop word, as written."""
    kept: list[str] = []
    for word in words.split():
        if word.lower() in stopwords:
            break
        kept.append(word.rstrip(".,;:"))
    return " ".join(kept)
