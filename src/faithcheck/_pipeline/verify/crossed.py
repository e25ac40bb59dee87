"""Two names a claim pairs, where a sentence's clauses pair each with another name.

"Courteney Cox played Rachel Green" against "Rachel Green was played by Jennifer Aniston, and Monica
Geller by Courteney Cox": the sentence names both, so a verifier reading words supports the claim;
but its clauses part them, each with a name of its own ("Rachel Green" with "Jennifer Aniston",
"Courteney Cox" with "Monica Geller"). The claim pairs what the context keeps apart:
``wrong_entity``.

Clauses part at "while", "whereas", a semicolon, a comma before "and" or "but"
(:data:`~faithcheck._pipeline.verify.conjuncts.CLAUSES`); each of the two must name another name than
the claim's, and the later one leave out the earlier's verb, two names and the preposition between
them ("and Monica Geller by Courteney Cox"), which the earlier has before a name too ("was played by
Jennifer Aniston"): not a clause with no subject of its own ("and joined Inter Miami in 2023"), nor a
list's last item ("... consists of Dr. Robert Chase (Jesse Spencer), ..., and Dr. Eric Foreman (Omar
Epps)" for "Omar Epps is involved in House"; "between ... Aaron Burr, ..., and Alexander Hamilton, the
former Secretary of the Treasury"). The claim must
say something between its two names (a word that is no stop word: "played", "led"); two names it
lists ("Apple and Google reported growth") are not paired, and the sentence must say all the rest of
the claim but a word ("Liverpool beat Chelsea 2-1" is no pair of "Mohamed Salah scored both goals for
Liverpool, and Cole Palmer scored for Chelsea"). English only: the word order is English's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from itertools import pairwise

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.conjuncts import CLAUSES, clauses_outside_brackets
from faithcheck._pipeline.verify.findings import Named
from faithcheck._text.analysis import TextFeatures
from faithcheck._text.lexicon import get_lexicon

__all__ = ["names_crossed"]

_NAME = r"(?:the\s+)?[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*"
_GAPPED = re.compile(
    rf"\W*(?:(?:and|but|while|whereas)\s+)?{_NAME}\s+(?P<preposition>by|as|for|with|in|at|to|from)\s+{_NAME}\W*"
)
"""A clause that is two names and a preposition, past its conjunction: "and Monica Geller by Courteney
Cox"."""
_BETWEEN = re.compile(r"[^\W\d_]+")
"""A word of the claim between its two names."""
_UNSAID = 1
"""The sentence says all the claim's words and numbers but at most this many (its verb may be the
context's in other words: "led" for "the Norman army of William")."""


def names_crossed(
    claim: TextFeatures,
    said: Sequence[TextFeatures],
    names_of: Callable[[str], Sequence[tuple[Named, int]]],
    mentions: Callable[[Named, str], bool],
    lang: Lang,
) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` whose clauses pair two names of the claim each with another name,
    and why; ``None`` if none does (see the module docstring). ``names_of`` reads the names of a
    text in reading order, with where each starts; ``mentions`` whether a text names a name.
    """
    if lang != "en":
        return None
    names = [name for name, _ in names_of(claim.text)]
    stopwords = get_lexicon(lang).stopwords
    for first, second in pairwise(names):
        if not _said_between(claim.text, first.text, second.text, stopwords):
            continue
        for sentence in said:
            if not (mentions(first, sentence.text) and mentions(second, sentence.text)):
                continue
            if len(claim.terms - sentence.terms) > _UNSAID:
                continue  # says other things of the two ("Liverpool beat Chelsea 2-1" against "... for Liverpool, ...")
            clauses = _spans(sentence.text)
            own = [
                [span for span in clauses if mentions(name, sentence.text[slice(*span)])] for name in (first, second)
            ]
            if any(len(naming) != 1 for naming in own) or own[0][0] == own[1][0]:
                continue
            spans = (own[0][0], own[1][0])
            placed = names_of(sentence.text)
            partners = [_partner(sentence.text, span, (first, second), placed, mentions) for span in spans]
            earlier, later = sorted(spans)
            if all(partners) and _gapped(sentence.text, earlier, later, placed):
                with_first, with_second = partners
                why = (
                    f"the context pairs {first.text} with {with_first}, and {second.text} with {with_second},"
                    " in two clauses"
                )
                return sentence, why
    return None


def _gapped(
    sentence: str, earlier: tuple[int, int], later: tuple[int, int], placed: Sequence[tuple[Named, int]]
) -> bool:
    """The later clause leaves out the earlier's verb: it is two names and the preposition between
    them ("and Monica Geller by Courteney Cox"), which stands before a name in the earlier clause too
    ("was played by Jennifer Aniston"); not a list's last item ("and Dr. Eric Foreman (Omar Epps)",
    "and Alexander Hamilton, the former Secretary of the Treasury")."""
    gapped = _GAPPED.fullmatch(sentence, *later)
    if gapped is None:
        return False
    before = re.compile(rf"\b{gapped.group('preposition')}\s+(?:the\s+)?$")
    return any(earlier[0] <= start < earlier[1] and before.search(sentence, earlier[0], start) for _, start in placed)


def _said_between(claim: str, first: str, second: str, stopwords: frozenset[str]) -> bool:
    """The claim says a word between its two names that is no stop word ("played", "led")."""
    start, end = claim.find(first), claim.find(second)
    if start < 0 or end < 0 or end < start + len(first):
        return False
    return any(word.lower() not in stopwords for word in _BETWEEN.findall(claim, start + len(first), end))


def _spans(sentence: str) -> list[tuple[int, int]]:
    """Where the clauses of ``sentence`` (:data:`CLAUSES`, outside brackets) start and end."""
    out, at = [], 0
    for clause in clauses_outside_brackets(sentence, CLAUSES):
        start = sentence.index(clause, at)
        at = start + len(clause)
        out.append((start, at))
    return out


def _partner(
    sentence: str,
    span: tuple[int, int],
    claimed: tuple[Named, Named],
    placed: Sequence[tuple[Named, int]],
    mentions: Callable[[Named, str], bool],
) -> str | None:
    """The name of the sentence's clause at ``span`` nearest the claim's name there, other than the
    claim's two (nor a name holding one of them, nor a word of one)."""
    clause = sentence[span[0] : span[1]]
    at = span[0] + min((k for mine in claimed if (k := clause.find(mine.text.split()[-1])) >= 0), default=0)
    others = [
        (other, start)
        for other, start in placed
        if span[0] <= start < span[1]
        and not any(mentions(other, mine.text) or mentions(mine, other.text) for mine in claimed)
    ]
    nearest = min(others, key=lambda placed_other: abs(placed_other[1] - at), default=None)
    return nearest[0].text if nearest is not None else None
