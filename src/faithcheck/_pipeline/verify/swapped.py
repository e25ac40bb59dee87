"""A word the claim takes from another sentence that says the same of something else.

"Maria Lopez leads the oncology department" against "Dr. Maria Lopez leads the cardiology
department. Dr. James Okafor heads the oncology department.": the sentence stating all the rest of
the claim has "cardiology" where the claim has "oncology", between the same words; another sentence
has "oncology" between those words and says it of something else: it lacks a word or a number of the
claim that the first has ("one month's notice" beside "two months' notice"), has a word of its own
that neither has ("James Okafor"), and has not the first's "cardiology". The claim has put one
sentence's word into the other: it is contradicted. A sentence that qualifies a word of the claim
with one of its own says it of something else too ("Its sister company makes electric scooters"
beside "The company makes electric bikes"), wherever in the context the first stands; not where it
adds what it says to the first ("Its mobile library also lends films" beside "The city library lends
books").

None of this where the first sentence leaves out the claim's word or says it in other words (the
claim's word must stand in its place in both), for a verb in the past, which a sentence may say in
other words ("The Paris office followed in 2016" for "The Paris office opened in 2016", beside "Our
London office opened in 2012"), where the other sentence has a pronoun that may stand for the
claim's word ("Today it is the second-largest city" says it of Marseille), or says nothing else ("an
outdoor pool" of "The hotel has an indoor pool and an outdoor pool").

The clauses of an English sentence that "while", "whereas", a semicolon, a comma and "and" or "but",
or "and" before an article part are read as sentences too ("The red wine pairs well with lamb, while
the white wine pairs well with fish"; "She won a silver medal in the 200 metres and a bronze medal in
the relay").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from itertools import pairwise

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.conjuncts import CLAUSES
from faithcheck._pipeline.verify.slots import flanked_alike, sentences_of
from faithcheck._text.analysis import TextFeatures, analyze, past_tense, stem
from faithcheck._text.lexicon import Lexicon, get_lexicon

__all__ = ["swapped_into_qualified", "swapped_word"]


def swapped_word(claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` whose word the claim has put another's in place of, and why (naming
    the other), or ``None`` (see the module docstring).

    >>> from faithcheck._text.analysis import analyze
    >>> said = [analyze(s) for s in ("Dr. Maria Lopez leads the cardiology department.",
    ...                              "Dr. James Okafor heads the oncology department.")]
    >>> swapped_word(analyze("Maria Lopez leads the oncology department."), said, "en")[1]
    'the context says "cardiology" here, and "oncology" of another ("Dr. James Okafor heads the oncology department.")'
    """
    if len(claim.content) < _LEAST_CONTENT:
        return None
    lex = get_lexicon(lang)
    stems = _stems(claim.tokens, lex)
    said = [*said, *(analyze(clause, lang) for s in said if lang == "en" for clause in _clauses(s.text))]
    for first in said:
        missing = claim.content - first.content
        if len(missing) != 1:
            continue
        (word,) = missing
        theirs = _stems(first.tokens, lex)
        for at in (i for i, s in enumerate(stems) if s == word):
            flanks = _flanks(claim.tokens, at, lex)
            put = [j for j in _placed(flanks, first.tokens, theirs, lex) if theirs[j] not in claim.content]
            if len(put) != 1 or past_tense(claim.tokens[at], lex) or past_tense(first.tokens[put[0]], lex):
                continue  # a verb in the past may be said in other words ("opened", "followed")
            instead = theirs[put[0]]
            for other in said:
                # of something else: it lacks a word or a number of the claim the first has ("two
                # months' notice" beside "one month's notice") or qualifies one, has one of its own, has
                # not the first's word, and no pronoun that may stand for the claim's
                if (
                    other is first
                    or instead in other.content
                    or not ((claim.terms & first.terms) - other.terms or _qualified(other, claim, lex))
                    or not other.content - claim.content - first.content
                    or not lex.subject_pronouns.isdisjoint(other.tokens)
                ):
                    continue
                others = _stems(other.tokens, lex)
                if not any(others[k] == word for k in _placed(flanks, other.tokens, others, lex)):
                    continue
                said_of = f'"{first.tokens[put[0]]}" here, and "{claim.tokens[at]}" of another'
                return first, f'the context says {said_of} ("{other.text}")'
    return None


def swapped_into_qualified(
    claim: TextFeatures, said: Sequence[TextFeatures], passages: Sequence[str], lang: Lang
) -> tuple[TextFeatures, str] | None:
    """:func:`swapped_word` where the window's sentence states all of the claim but qualifies a word
    of it with one of its own ("Its sister company makes electric scooters") and the sentence saying
    the claim's word plainly, with another in the place of one, stands elsewhere in the context ("The
    company makes electric bikes"). The context is read only where a window sentence so qualifies.

    >>> from faithcheck._text.analysis import analyze
    >>> context = ["The company makes electric bikes. Its sister company makes electric scooters."]
    >>> said = [analyze("Its sister company makes electric scooters.")]
    >>> swapped_into_qualified(analyze("The company makes electric scooters."), said, context, "en")[1]
    'the context says "bikes" here, and "scooters" of another ("Its sister company makes electric scooters.")'
    """
    lex = get_lexicon(lang)
    qualifying = [
        s
        for s in said
        if claim.content <= s.content and _qualified(s, claim, lex) and lex.also_words.isdisjoint(s.tokens)
    ]
    if not qualifying or len(claim.content) < _LEAST_CONTENT:
        return None
    for passage in passages:
        for sentence in sentences_of(passage, lang):
            features = analyze(sentence, lang)
            if len(claim.content - features.content) == 1 and (
                found := swapped_word(claim, [features, *qualifying], lang)
            ):
                return found
    return None


_LEAST_CONTENT = 3
"""The content words a claim needs for one of them to be read as taken from another sentence."""


_PARTING = re.compile(rf"{CLAUSES}|\s+and\s+(?=(?:a|an|the)\s)", re.IGNORECASE)
"""What parts two clauses of an English sentence, or two things it lists ("a silver medal in the 200
metres and a bronze medal in the relay")."""


def _clauses(sentence: str) -> list[str]:
    """The clauses of ``sentence`` that :data:`_PARTING` parts, none where it parts none."""
    parts = [part.strip() for part in _PARTING.split(sentence)]
    return parts if len(parts) > 1 else []


def _qualified(other: TextFeatures, claim: TextFeatures, lex: Lexicon) -> bool:
    """``other`` has a content word of its own right before a word of the claim that the claim has
    after a stop word or first: "Its sister company makes electric scooters" speaks of another
    company than "The company makes electric scooters"."""
    mine = _stems(claim.tokens, lex)
    plain = {s for k, s in enumerate(mine) if s is not None and (k == 0 or mine[k - 1] is None)}
    theirs = _stems(other.tokens, lex)
    return any(
        before is not None and before not in claim.content and word in plain for before, word in pairwise(theirs)
    )


def _stems(tokens: Sequence[str], lex: Lexicon) -> list[str | None]:
    """The stem of each content word of ``tokens`` (``None`` for a stop word or a number)."""
    return [stem(t, lex) if len(t) > 1 and t.isalpha() and t not in lex.stopwords else None for t in tokens]


def _placed(
    flanks: list[tuple[list[str], list[str]]], tokens: Sequence[str], stems: Sequence[str | None], lex: Lexicon
) -> list[int]:
    """Where ``tokens`` has a content word between the words of ``flanks`` (:func:`flanked_alike`)."""
    return [
        k
        for k, s in enumerate(stems)
        if s is not None
        and any(
            flanked_alike(*mine, *theirs, lex.stopwords, each_side=True)
            for mine in flanks
            for theirs in _flanks(tokens, k, lex)
        )
    ]


def _flanks(tokens: Sequence[str], k: int, lex: Lexicon) -> list[tuple[list[str], list[str]]]:
    """The word right before and the word right after ``tokens[k]``, the end of the sentence after
    its last ("to see the vineyards" and "to see the gardens, ..." end alike); and the start of the
    sentence before it where an article, and only that, stands before it ("The supplier must deliver"
    and "The buyer must pay" open alike; not "Our London office" and "The Paris office", nor "Norma
    Bates is a fictional character" and "Norman Bates is a character", whose names the slots read;
    in English)."""
    after = list(tokens[k + 1 : k + 2]) or [_END]
    flanks = [(list(tokens[max(0, k - 1) : k]), after)]
    if k and lex.lang == "en" and all(t in lex.indefinite_articles or t in _DEFINITE for t in tokens[:k]):
        flanks.append(([_START], after))
    return flanks


_DEFINITE = frozenset({"the"})
"""The English definite article, which may open a sentence before its subject."""
_END = "</s>"
"""The end of a sentence, as the word after its last."""
_START = "<s>"
"""The start of a sentence, as the word before its first."""
