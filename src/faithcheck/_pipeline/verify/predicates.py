"""What a name is: the name before "is a ...", "was the ...".

"Elliot Roberts is an American record label" says what Elliot Roberts is; "Asylum Records is an
American record label founded in 1971 by David Geffen and partner Elliot Roberts" says it of
Asylum Records, its subject. Where a sentence that states all the rest of the claim says the
claim's predicate of another name, its subject, and no sentence says it of the claim's name (nor
of a pronoun or a description, which may stand for the claim's name: "He is an American actor"),
the claim names the wrong one ("the context names Asylum Records here, not Elliot Roberts").

A claim's predicate is the words after its copula's article up to the first stop word ("American
record label"; "character" of "a character in a novel"); the sentence's may say more ("a fictional
character in the novel", "an Indian film actor, director and producer"), and brackets and an
apposition may stand between its subject and its copula ("Carlos Santana ( born July 20 , 1947 ) is
a Mexican and American musician"), and adverbs and a verb of being known as something after it
("Jiang is also well known internationally as an actor"). A sentence that sets the claim's name beside its subject
("alongside Paul McCartney") or names it before the copula (an alias: "Ajay Devgan ( born Vishal
Veeru Devgan ... )") says nothing against it.
English only: the word order is English's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.findings import Named as N
from faithcheck._pipeline.verify.findings import SlotFinding
from faithcheck._text.analysis import analyze
from faithcheck._text.lexicon import get_lexicon

__all__ = ["check_predicates"]


_COPULA = r"(?:is|was|are|were)\s+(?:a|an|the)\s+"
_CLAIMED = re.compile(rf"\s+{_COPULA}")
"""A copula and its article right after the claim's name: "Elliot Roberts is an"."""
_ADVERBS = r"(?:(?:[a-z]+ly|also|best|well|still)\s+)*"
_SAID_TO_BE = (
    rf"(?:is|was|are|were)\s+{_ADVERBS}"
    rf"(?:(?:known|regarded|considered|described|recognised|recognized|seen)\s+{_ADVERBS}as\s+)?(?:a|an|the)\s+"
)
"""A copula in a sentence, with adverbs and a verb of being known as something: "is also well known
internationally as an"."""
_ASIDES = re.compile(rf"(?:\s*\([^()]*\)|\s*\[[^\[\]]*\])*(?:\s*,[^,;()]{{1,80}},)?\s+{_SAID_TO_BE}")
"""The same after a sentence's name, past its brackets and an apposition: "Ajay Devgan ( born ... ),
also credited as Ajay Devgn, is an"."""
_APPOSED = re.compile(r"\s*,\s+(?:a|an|the)\s+")
"""An apposition right after a name, saying what it is as a copula does: "Lagos, the largest city"."""
_OPENING = re.compile(r"^[\s\"'`\u201c\u2018]*(?:(?:the|a|an)\s+)?", re.IGNORECASE)
"""What may stand before a sentence's subject: quotes, an article."""
_OPENS_CLAIM = re.compile(r"(?:^|[.!?]\s+)[\s\"'`\u201c\u2018]*(?:(?:the|a|an)\s+)?$", re.IGNORECASE)
"""The same before the claim's name, which opens a sentence of the claim."""
_SUBJECT = re.compile(rf"{_OPENING.pattern}[^,;()]{{1,60}}?\s+{_SAID_TO_BE}", re.IGNORECASE)
"""A sentence opening with something said to be something, a pronoun or a description maybe: "He is
an", "The band was an"."""
_TOKEN = re.compile(r"\s*(?:([^\W_]+(?:['\u2019-][^\W_]+)*)|(\S))")
"""A word (or a number), or a mark."""
_BESIDE = re.compile(
    r"\b(?:alongside|along\s+with|together\s+with|as\s+well\s+as|like|unlike|including|such\s+as)\s+(?:the\s+)?",
    re.IGNORECASE,
)
"""Words that set a name beside the sentence's subject, saying the same of it or telling the two
apart: "John Lennon was a member of the Beatles, alongside Paul McCartney"."""
_SENTENCE_END = re.compile(r"[.!?](?:\s|$)")
"""Where the claim's sentence that opens with its name ends."""
_LISTING = frozenset({"and", "or"})
"""Stop words that a sentence's predicate reads past: "an Indian film actor, director and producer"."""
_READ = 12
"""Tokens of a sentence's predicate read at most."""


def _predicate(text: str, at: int, lang: Lang, *, listed: bool) -> frozenset[str]:
    """The content stems of the words of ``text`` from ``at`` up to the first stop word or mark,
    past superlatives that are stop words ("most visited museum": the lexicon's ``superlatives``);
    with ``listed``, past commas, "and" and "or", and as far as :data:`_READ` tokens."""
    lex = get_lexicon(lang)
    words: list[str] = []
    pos = at
    for _ in range(_READ if listed else len(text)):
        token = _TOKEN.match(text, pos)
        if token is None:
            break
        pos = token.end()
        word = token.group(1)
        if word is None:
            if listed and token.group(2) == ",":
                continue
            break
        if word.lower() in lex.stopwords and word.lower() in lex.superlatives:
            continue  # "the most visited museum": a stop word, no end of the predicate
        if word.lower() in lex.stopwords and not (listed and word.lower() in _LISTING):
            break
        words.append(word)
    return analyze(" ".join(words), lang).content


@dataclass(frozen=True)
class _Predication(Generic[N]):
    subject: N | None
    """The name said to be something; ``None`` for a pronoun or a description."""
    start: int
    """Where the subject stands."""
    end: int
    """Where what is said of it starts, past its copula's article."""
    words: frozenset[str]
    """The stems of the predicate (:func:`_predicate`)."""


def _predications(text: str, names: Sequence[tuple[N, int, int, bool]], lang: Lang) -> list[_Predication[N]]:
    """What ``text`` says things are: each of its ``names`` before a copula (past brackets and an
    apposition) or before an apposition; and a subject that is no name, before a copula at the
    sentence's opening."""
    found: list[_Predication[N]] = []
    for name, start, end, _ in names:
        if said := _ASIDES.match(text, end) or _APPOSED.match(text, end):
            found.append(_Predication(name, start, said.end(), _predicate(text, said.end(), lang, listed=True)))
    if not any(_opens(text, p.start) for p in found) and (said := _SUBJECT.match(text)):
        found.append(_Predication(None, 0, said.end(), _predicate(text, said.end(), lang, listed=True)))
    return found


def _opens(text: str, start: int) -> bool:
    """A name at ``start`` opens ``text``, after quotes and an article at most, or with its article
    ("The Louvre")."""
    opening = _OPENING.match(text)
    return start == 0 or (opening is not None and start == opening.end())


def _beside(name: N, text: str, mentions: Callable[[N, str], bool]) -> bool:
    """``text`` names ``name`` right after words of :data:`_BESIDE`."""
    return any(mentions(name, text[m.end() : m.end() + len(name.text) + 1]) for m in _BESIDE.finditer(text))


def check_predicates(
    claim: str,
    claim_names: Sequence[tuple[N, int, int, bool]],
    sentences: Sequence[tuple[str, Sequence[tuple[N, int, int, bool]]]],
    rival: Callable[[N, N], bool],
    mentions: Callable[[N, str], bool],
    lang: Lang,
) -> SlotFinding | None:
    """The finding that a sentence stating all the rest of ``claim`` says what the claim says one of
    its names is (the name opening a sentence of the claim, before a copula and an article, or an
    apposition's comma and article: "Elliot Roberts, an American record label, ...") of its
    own subject, a ``rival`` of the claim's name, and no sentence says it of the claim's name or of
    a subject that is none of its rivals; ``sentences`` come with their names.

    >>> from faithcheck._pipeline.verify.slots import check_slots
    >>> check_slots("Elliot Roberts is an American record label.",
    ...     ["Asylum Records is an American record label founded in 1971 by David Geffen and partner Elliot Roberts."],
    ...     "en").why
    'the context names Asylum Records here, not Elliot Roberts'
    """
    if lang != "en":
        return None
    claimed = [
        (name, start, copula.end())
        for name, start, end, _ in claim_names
        if (copula := _CLAIMED.match(claim, end) or _APPOSED.match(claim, end)) and _OPENS_CLAIM.search(claim, 0, start)
    ]
    if not claimed:
        return None
    said = [(text, _predications(text, names, lang)) for text, names in sentences]
    stated = frozenset().union(*(analyze(text, lang).terms for text, _ in sentences))
    for name, start, copula_end in claimed:
        predicate = _predicate(claim, copula_end, lang, listed=False)
        if not predicate or any(
            predicate <= p.words and (p.subject is None or not rival(name, p.subject))
            for _, predications in said
            for p in predications
        ):
            continue  # said of the claim's name, or of what may be it
        tail = _SENTENCE_END.search(claim, copula_end)
        own = claim[start : tail.start() if tail else len(claim)]
        # what no sentence states leaves the claim unsupported anyway: "a novel written by a
        # Spanish writer born in the 17th century" against "the novel Don Quixote written by Spanish
        # author Miguel de Cervantes in 1605"
        rest = (analyze(own, lang).terms - analyze(name.text, lang).content) & stated
        for text, predications in said:
            subject = next((p for p in predications if p.subject is not None and _opens(text, p.start)), None)
            if (
                subject is None
                or subject.subject is None
                or not predicate <= subject.words
                or not rest <= analyze(text, lang).terms
                or mentions(name, text[: subject.end])  # an alias in its brackets
                or _beside(name, text, mentions)
            ):
                continue
            why = f"the context names {subject.subject.text} here, not {name.text}"
            return SlotFinding("wrong_entity", "entity", why, text, certain=True, slot=name.text)
    return None
