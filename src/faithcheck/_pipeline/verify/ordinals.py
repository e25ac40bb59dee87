"""Ordinals: "the third quarter" is not "the second quarter".

An ordinal is a number written as a rank: a word of the lexicon (``ordinal_words``: "third",
"dritten", "troisième") or digits with their ending (``ordinal_digits``: "3rd", "3e"). It ranks the
word right after it ("the third quarter", "third-quarter revenue", "her second title") or, where
no such word follows, the verb right before it ("finished second"; before a form of "be", the name
before that: "Liverpool were third"). A superlative of the lexicon (``superlatives``, English) after
"the" ranks first: "the largest bank", "the most populous city" (and "the second most populous city"
ranks "populous" second); "one of the largest banks" ranks nothing.

A claim's rank that the evidence gives only as another rank of the same word, in a sentence that
states the rest of the claim, is contradicted ("the context gives second quarter, not third
quarter"), unless that sentence counts one more without a rank (``sequel_words``: "her first Oscar
in 1994 and another in 1997"): then the rank is not aligned, and a support is uncertain. A rank the
evidence gives nowhere is not aligned either, as a number it does not state: the verifier decides
("the show premiered in 2005" may well support "the second season premiered in 2005") and a support
is uncertain; "first" is left alone, as often no rank ("was first developed in the 1960s"). A rank
the evidence gives of anything decides nothing ("won an Emmy in its second season and a Golden
Globe in its third": what it ranks is not always written beside it), unless the sentence giving it
leaves out a name of the claim that the sentence giving another rank, stating all the rest of the
claim, has, and refers to nothing with a pronoun: then it is another thing's rank ("Lyon, the
third-largest city" beside "Marseille is the second-largest city" for "Marseille is the
third-largest city"). A list that leaves out the word its later rank ranks ("The first season was
filmed in Belfast and the second in Dublin") gives each rank its clause: a name, a month or a number
of the claim standing only in another rank's clause, where the claim's rank's clause has its own,
contradicts it ("The second season was filmed in Belfast"). A sentence that ranks the
claim's thing otherwise speaks of another one (:func:`ranked_otherwise`): the slot check takes none
of its numbers for the claim's. A century's rank ("the 19th century": the lexicon's
``century_words``) is a span of years, which the slot check reads as a year ("the 1800s").
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from faithcheck._core.types import Label, Lang
from faithcheck._pipeline.verify.findings import SlotFinding
from faithcheck._text.analysis import TextFeatures, analyze, capitalised_stems, has_phrase
from faithcheck._text.lexicon import get_lexicon

__all__ = ["Ordinal", "century_stems", "check_ordinals", "ordinals", "rank_stems", "ranked_otherwise"]

_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W\d_]+)*")
"""A word, a number, or digits with letters ("3rd")."""
_YEAR = re.compile(r"1\d{3}|20\d{2}")
"""A year before a rank ("fiscal 2023 third-quarter") is no count of it, as "30" of "30-second" is."""
_JOINS = (" ", "-")
"""What may stand between an ordinal and the word it ranks ("third quarter", "third-quarter")."""
_MORE = frozenset({"most", "least"})
"""Superlatives that rank the word after them ("the most populous")."""
_AMONG = frozenset({"of", "among", "amongst"})
"""Before "the largest", these make it one of several ("one of the largest banks")."""
_OF_REACH = 3
"""How far after "of" the word a rank ranks may stand ("of each month", "of the two studies")."""
_TIE = 0.5
"""The share of the claim's other words and numbers that the sentence giving another rank must
state, and it must state at least as many as any other sentence of the evidence."""


@dataclass(frozen=True)
class Ordinal:
    """A rank in a text: its value, the stem of the word it ranks, and the two words as written."""

    value: float
    ranks: str
    """The stem of the word it ranks; empty where none is written beside it ("in its third.")."""
    text: str
    stems: frozenset[str | float]
    """The terms of the ordinal itself ("third", or 3 and "rd"): no part of what the rest of a claim
    says. None for a superlative, which is the word it ranks."""
    start: int = 0
    """Where ``text`` starts in the text read."""


@lru_cache(maxsize=16384)
def ordinals(text: str, lang: Lang) -> tuple[Ordinal, ...]:
    """The ordinals of ``text`` with the word each ranks.

    >>> [(o.value, o.ranks, o.text) for o in ordinals("Third-quarter revenue rose; she finished 2nd.", "en")]
    [(3.0, 'quarter', 'Third-quarter'), (2.0, 'finish', 'finished 2nd')]
    >>> ordinals("The First Amendment took a 30-second read.", "en")  # a name; a length of time
    ()
    >>> [o.text for o in ordinals("its fiscal 2023 third-quarter results", "en")]
    ['third-quarter']
    >>> [(o.value, o.ranks) for o in ordinals("She won her second Oscar.", "en")]
    [(2.0, 'oscar')]
    >>> [(o.value, o.ranks) for o in ordinals("a Globe in its third.", "en")]  # what it ranks is not written here
    [(3.0, '')]
    >>> [(o.value, o.text) for o in ordinals("the most populous city, one of the largest ports", "en")]
    [(1.0, 'the most populous')]
    >>> [(o.value, o.ranks) for o in ordinals("Rent is due on the 1st of each month. First of all, pay.", "en")]
    [(1.0, 'month'), (1.0, '')]
    """
    lex = get_lexicon(lang)
    tokens = list(_TOKEN.finditer(text))
    out: list[Ordinal] = []
    for k, token in enumerate(tokens):
        word = token.group()
        before = tokens[k - 1] if k > 0 and text[tokens[k - 1].end() : token.start()] in _JOINS else None
        after = _next(text, tokens, k)
        value = lex.ordinal_words.get(word.lower())
        if value is None and (digits := lex.ordinal_digits.match(word)):
            value = float(digits.group(1))
        if value is None:
            if (first := _first(text, tokens, k, lang)) is not None:
                out.append(first)
            continue
        if before is not None and _is_number(before.group(), lang) and not _YEAR.fullmatch(before.group()):
            continue  # "a 30-second spot", "30 second" is a length of time; "fiscal 2023 third-quarter" a rank
        named = lex.entity_capitalisation and word[0].isupper()
        if after is not None and named and after.group()[0].isupper():
            continue  # a name: "the Second World War", "First Republic"
        if after is not None and after.group().lower() in _MORE and (then := _next(text, tokens, k + 1)):
            after = then  # "the second most populous city" ranks "populous"
        if after is not None and after.group().lower() in _AMONG and (thing := _of_what(text, tokens, k + 1, lang)):
            after = thing  # "the 1st of each month" ranks "month"
        # a name after a rank in lower case is what it ranks: "his second Oscar", "the first NBA title"
        ranked = _ranked_word(after.group(), lang, name=not named) if after is not None else None
        if ranked is not None and after is not None:
            out.append(Ordinal(value, ranked, text[token.start() : after.end()], _terms(word, lang), token.start()))
        elif before is not None and text[before.end()] == " " and (verb := _ranked_verb(tokens, k - 1, lang)):
            out.append(Ordinal(value, verb, text[before.start() : token.end()], _terms(word, lang), before.start()))
        else:
            out.append(Ordinal(value, "", word, _terms(word, lang), token.start()))  # "in its third."
    return tuple(out)


def _next(text: str, tokens: Sequence[re.Match[str]], k: int) -> re.Match[str] | None:
    """The token after ``tokens[k]`` when only a space or a hyphen stands between them."""
    if k + 1 < len(tokens) and text[tokens[k].end() : tokens[k + 1].start()] in _JOINS:
        return tokens[k + 1]
    return None


def _of_what(text: str, tokens: Sequence[re.Match[str]], k: int, lang: Lang) -> re.Match[str] | None:
    """The word a rank followed by "of" (``tokens[k]``) ranks: the next one in its phrase that is no
    stop word, at most :data:`_OF_REACH` tokens on ("the 1st of each month", "the second of the two
    studies"); none where that is capitalised ("the fifth of March" is a date)."""
    stopwords = get_lexicon(lang).stopwords | {"every"}
    for j in range(k + 1, min(len(tokens), k + 1 + _OF_REACH)):
        if not text[tokens[j - 1].end() : tokens[j].start()].isspace():
            return None  # "First of all, it rained"
        word = tokens[j].group()
        if word.lower() not in stopwords and not _is_number(word, lang):
            return tokens[j] if word.islower() else None
    return None


def _first(text: str, tokens: Sequence[re.Match[str]], k: int, lang: Lang) -> Ordinal | None:
    """A superlative of the lexicon after "the" with no ordinal before it ranks first ("the
    largest bank", "the most populous city"); "one of the largest" ranks nothing."""
    lex = get_lexicon(lang)
    word = tokens[k].group().lower()
    if word not in lex.superlatives or k < 1 or tokens[k - 1].group().lower() not in _definite(lang):
        return None
    if k >= 2 and tokens[k - 2].group().lower() in _AMONG:
        return None
    ranked = _next(text, tokens, k) if word in _MORE else tokens[k]
    stem = _ranked_word(ranked.group(), lang) if ranked is not None else None
    if ranked is None or stem is None:
        return None
    return Ordinal(1.0, stem, text[tokens[k - 1].start() : ranked.end()], frozenset(), tokens[k - 1].start())


@lru_cache(maxsize=4)
def _definite(lang: Lang) -> frozenset[str]:
    """The determiners of a thing known ("the", "its"): "a largest" is no rank."""
    lex = get_lexicon(lang)
    return lex.determiners - lex.indefinite_articles


@lru_cache(maxsize=4)
def century_stems(lang: Lang) -> frozenset[str]:
    """The stems of the lexicon's ``century_words``: a rank of one is a span of years, which the
    slot check reads as it reads "the 1800s"."""
    return analyze(" ".join(get_lexicon(lang).century_words), lang).content


def _is_number(word: str, lang: Lang) -> bool:
    return word.replace(",", "").isdigit() or word.lower() in get_lexicon(lang).number_words


def _ranked_word(word: str, lang: Lang, *, name: bool = False) -> str | None:
    """The stem of ``word`` when it is a word an ordinal may rank: a content word, not a number, and
    in lower case where the language writes names with capitals, unless a ``name`` may be ranked."""
    lex = get_lexicon(lang)
    if lex.entity_capitalisation and not name and not word.islower():
        return None
    if word.lower() in lex.ordinal_words or _is_number(word, lang):
        return None
    stems = analyze(word, lang).content
    return next(iter(stems)) if len(stems) == 1 else None


def _ranked_verb(tokens: Sequence[re.Match[str]], k: int, lang: Lang) -> str | None:
    """The stem of the verb ``tokens[k]`` that a rank after it ranks (:func:`_ranked_word`: "finished
    second"), or, for a form of "be" (the lexicon's ``copulas``), of the name before it, which the rank
    ranks ("Liverpool were third"; not "France" of "Ireland were second, behind France")."""
    if tokens[k].group().lower() not in get_lexicon(lang).copulas:
        return _ranked_word(tokens[k].group(), lang)
    return _ranked_word(tokens[k - 1].group(), lang, name=True) if k > 0 else None


def _refers(sentence: str, rank: Ordinal, lang: Lang) -> bool:
    """Whether ``sentence`` refers back with a pronoun (the lexicon's ``anaphors``) before ``rank``,
    not right before it: "Today it is the second-largest", not "Venus won her second title"."""
    before = [token.group() for token in _TOKEN.finditer(sentence[: rank.start])][:-1]
    return not get_lexicon(lang).anaphors.isdisjoint(before)


def _terms(word: str, lang: Lang) -> frozenset[str | float]:
    return analyze(word, lang).terms


@lru_cache(maxsize=64)
def rank_stems(lang: Lang, value: float | None = None) -> frozenset[str]:
    """The stems of the lexicon's words of a rank (``value``), or of every rank: "second" for 2.

    >>> sorted(rank_stems("en", 2))
    ['second']
    """
    words = (word for word, rank in get_lexicon(lang).ordinal_words.items() if value is None or rank == value)
    return analyze(" ".join(words), lang).content


def check_ordinals(
    claim: str,
    claim_terms: frozenset[str | float],
    sentences: Sequence[str],
    features: Sequence[TextFeatures],
    lang: Lang,
) -> SlotFinding | None:
    """The first ordinal of ``claim`` that the sentence stating the rest of it ranks otherwise:
    contradicted.

    >>> claim, sentence = "Revenue rose 5% in the third quarter.", "Revenue rose 5% in the second quarter."
    >>> check_ordinals(claim, analyze(claim, "en").terms, [sentence], [analyze(sentence, "en")], "en").why
    'the context gives second quarter, not third quarter'
    """
    claimed = [rank for rank in ordinals(claim, lang) if rank.ranks]
    if not claimed:
        return None
    given = [(i, rank) for i, text in enumerate(sentences) for rank in ordinals(text, lang)]
    for mine in claimed:
        if found := _elided_otherwise(claim, mine, sentences, lang):
            i, why = found
            return SlotFinding("contradicted", "number", why, sentences[i], certain=True, slot=mine.text)
        rivals = [(i, rank) for i, rank in given if rank.ranks == mine.ranks and rank.value != mine.value]
        if not rivals:
            continue
        rest = claim_terms - mine.stems
        i, other = max(rivals, key=lambda rival: len(rest & features[rival[0]].terms))
        states = len(rest & features[i].terms)
        # the claim's rank of its word, or of none ("and the second in Dublin"): not "first climbed"
        # for "the highest"
        same = [(j, rank) for j, rank in given if rank.value == mine.value and rank.ranks in (mine.ranks, "")]
        # the claim's rank in a sentence that leaves out a name of the claim, which one stating all
        # the rest of it names, is another thing's ("Lyon, the third-largest city" beside
        # "Marseille is the second-largest city"), unless a pronoun there may name it ("Today it is")
        named = capitalised_stems(claim, lang) & features[i].terms
        if same and (
            states < len(rest)
            or any(named <= features[j].terms or _refers(sentences[j], rank, lang) for j, rank in same)
        ):
            continue
        if states >= _TIE * len(rest) and states >= max(len(rest & f.terms) for f in features):
            why = f"the context gives {other.text}, not {mine.text}"
            # "his first Oscar in 1994 and another in 1995" may state the second: not aligned
            sure = not has_phrase(sentences[i].lower(), get_lexicon(lang).sequel_words)
            label: Label = "contradicted" if sure else "unsupported"
            return SlotFinding(label, "number", why, sentences[i], certain=sure, decides=sure, slot=mine.text)
    for mine in claimed:
        unstated = not any(rank.value == mine.value for _, rank in given)
        if mine.stems and mine.value > 1 and unstated and mine.ranks not in century_stems(lang):
            # a rank the evidence gives of nothing: the claim may add it, as it may a number ("first"
            # is as often no rank at all: "was first developed in the late 1960s")
            rest = claim_terms - mine.stems
            best = max(range(len(sentences)), key=lambda i: len(rest & features[i].terms))
            why = f"the context does not state {mine.text}"
            return SlotFinding(
                "unsupported", "number", why, sentences[best], certain=False, decides=False, slot=mine.text
            )
    return None


_MARK = re.compile(r"\d+(?:[.,]\d+)*")
"""A number of a clause (names are its capitalised words)."""
_CLAUSE_BREAK = re.compile(r"[,;:]|\b(?:and|but|while|whereas)\b(?!\s+\d)")
"""Where a clause of a list ends: "The first season was filmed in Belfast | and the second in Dublin"
(not "and" before a number: "3 years and 4 months")."""


def _marks(text: str, lang: Lang) -> frozenset[str]:
    """The names (their stems), the months (as written in lower case: "May" is no stem) and the numbers
    of ``text``: what tells one clause of a list from another. Its first word is capitalised as any
    opening word is ("Payments are due ..."): no name."""
    text = text.strip()
    text = text[:1].lower() + text[1:]
    months = frozenset(get_lexicon(lang).months) & {word.lower() for word in _TOKEN.findall(text) if word[0].isupper()}
    return capitalised_stems(text, lang) | months | frozenset(_MARK.findall(text))


class _Clauses:
    """The clauses of a text (:data:`_CLAUSE_BREAK`), found once, and their marks, read once each: a
    list of a thousand ranks costs no more than its clauses."""

    def __init__(self, text: str, lang: Lang) -> None:
        self.text, self.lang = text, lang
        breaks = list(_CLAUSE_BREAK.finditer(text))
        self._starts = [m.start() for m in breaks]
        self._ends = [m.end() for m in breaks]
        self._marks: dict[tuple[int, int], frozenset[str]] = {}

    def at(self, at: int) -> tuple[int, int]:
        """Where the clause holding ``at`` starts and ends."""
        before = bisect_right(self._ends, at)
        after = bisect_left(self._starts, at)
        start = self._ends[before - 1] if before else 0
        end = self._starts[after] if after < len(self._starts) else len(self.text)
        return start, end

    def marks(self, clause: tuple[int, int]) -> frozenset[str]:
        if clause not in self._marks:
            self._marks[clause] = _marks(self.text[clause[0] : clause[1]], self.lang)
        return self._marks[clause]


def _elided_otherwise(claim: str, mine: Ordinal, sentences: Sequence[str], lang: Lang) -> tuple[int, str] | None:
    """The sentence that gives the claim's rank and another rank of its word, one of them with the
    word left out ("The first season was filmed in Belfast and the second in Dublin", "two doses: the
    first at 1 year old and the second at 3 years"), where the claim's names, months or numbers stand
    only in the other rank's clause and the claim's rank's clause has its own: the index and why;
    ``None`` otherwise ("Nico Williams opened the scoring in the 47th minute, Cole Palmer equalised in
    the 73rd" gives Cole Palmer the 73rd). A rank with its word left out ranks the word of the rank
    before it where it counts up from it ("the 16th century by two different ports of entry: the first
    in Spain" ranks no century first), or, first in its sentence, the claim's word where the sentence
    has it before the rank ("two doses: the first")."""
    marks = _marks(claim[: mine.start] + claim[mine.start + len(mine.text) :], lang)
    for i, text in enumerate(sentences):
        ranks = ordinals(text, lang)
        if all(rank.ranks for rank in ranks):
            continue
        words: list[str] = []
        for k, rank in enumerate(ranks):
            if rank.ranks:
                words.append(rank.ranks)
            elif k > 0:
                # a list counts up: "the first" after "the 16th century" ranks no century
                words.append(words[-1] if rank.value > ranks[k - 1].value else "")
            else:
                words.append(next(iter(analyze(text[: rank.start], lang).content & {mine.ranks}), ""))
        claimed = [r for r, word in zip(ranks, words, strict=True) if word == mine.ranks and r.value == mine.value]
        others = [r for r, word in zip(ranks, words, strict=True) if word == mine.ranks and r.value != mine.value]
        clauses = _Clauses(text, lang)
        for rank, other_rank in ((r, o) for r in claimed for o in others):
            (start, end), other_clause = clauses.at(rank.start), clauses.at(other_rank.start)
            if (start, end) == other_clause:
                continue
            own, other = clauses.marks((start, end)), clauses.marks(other_clause)
            if (missing := (marks & other) - own) and own - marks:
                written = [
                    w
                    for w in _TOKEN.findall(claim)
                    if w in missing or w.lower() in missing or analyze(w, lang).content & missing
                ]
                why = f'the context gives "{text[start:end].strip(" .;,")}", not {" or ".join(dict.fromkeys(written))}'
                return i, why
    return None


def ranked_otherwise(claim: str, sentences: Sequence[str], lang: Lang) -> frozenset[int]:
    """The sentences that give a word the claim ranks only other ranks, and count no more of it
    (``sequel_words``: "another"): "The first dose is given after 4 weeks" is about another dose
    than "The second dose is given after 4 weeks", and its "4 weeks" no support of it.

    >>> sorted(ranked_otherwise("The second dose is given after 4 weeks.",
    ...        ["The first dose is given after 4 weeks.", "The second dose follows after 8 weeks."], "en"))
    [0]
    """
    mine: dict[str, set[float]] = {}  # the words the claim ranks, with their ranks
    for rank in ordinals(claim, lang):
        if rank.ranks:
            mine.setdefault(rank.ranks, set()).add(rank.value)
    if not mine:
        return frozenset()
    out = set()
    sequels = get_lexicon(lang).sequel_words
    for i, text in enumerate(sentences):
        if has_phrase(text.lower(), sequels):
            continue  # "her first Oscar in 1994 and another in 1995" may speak of the second
        given = ordinals(text, lang)
        values = {o.value for o in given}
        if any(o.ranks in mine and not values & mine[o.ranks] for o in given):
            out.add(i)
    return frozenset(out)
