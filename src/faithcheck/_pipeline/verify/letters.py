"""Lettered names: "Model S" is not "Model X", nor "hepatitis B" "hepatitis C".

A lettered name is a word followed by one capital letter that it names ("Model S", "Plan B",
"vitamin D", "Group A"); a list of letters after the word names each ("hepatitis A and B", "Models
S, 3 and X" names S and X). The analysis of words drops single letters, so two lettered names of one
word read alike everywhere else: this check compares their letters, as the number check compares
"Android 14" with "Android 11".

A claim's lettered name that the evidence gives only with other letters is contradicted ("the
context gives Model S, not Model X"). Where the evidence gives the claim's letter too, the sentence
that states most of the rest of the claim decides: one giving only another letter there, sharing
more of the claim than every sentence with the claim's letter, speaks of the other thing. A word
the evidence never letters decides nothing.

Not read as letters: "I" (a pronoun), an initial ("John F. Kennedy", "Harry S Truman": a
capitalised word or a period and one follow), a letter joined to more ("B-52", "A4"), and a letter
after a stop word ("Is A" in a title).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.findings import SlotFinding
from faithcheck._text.analysis import analyze
from faithcheck._text.lexicon import get_lexicon

__all__ = ["Lettered", "check_letters", "lettered"]

_LETTERED = re.compile(
    r"\b(?P<word>[^\W\d_]{3,})\s+(?P<letters>[A-Z](?:(?:\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+|\s*/\s*|\s*&\s*)[A-Z])*)"
    r"(?![\w'’-])(?!\.\s*[A-Z])(?!\s+[A-Z])"
)
"""A word and the letters it names, the last letter standing alone: not before a capitalised word
(an initial, or the next sentence after a period)."""
_LETTER = re.compile(r"[A-Z]")
_CLAUSE_BREAK = re.compile(r"[;:]|,\s+(?:but|while|whereas)\b|\s+but\s+")
"""Where a sentence's clauses part: "Vitamin D is made in the skin; vitamin C comes from fruit"."""
_WORD = re.compile(r"[^\W_]+")


@dataclass(frozen=True)
class Lettered:
    """A lettered name in a text: the stem of its word, the word as written, its letters, and the
    clause it stands in."""

    stem: str
    word: str
    letters: frozenset[str]
    clause: str


@lru_cache(maxsize=16384)
def lettered(text: str, lang: Lang) -> tuple[Lettered, ...]:
    """The lettered names of ``text``.

    >>> [(n.word, sorted(n.letters)) for n in lettered("Vaccines for hepatitis A and B; the Model S.", "en")]
    [('hepatitis', ['A', 'B']), ('Model', ['S'])]
    >>> lettered("John F. Kennedy met Harry S Truman. Then I said so.", "en")
    ()
    """
    stopwords = get_lexicon(lang).stopwords
    breaks = [0, *(m.end() for m in _CLAUSE_BREAK.finditer(text)), len(text)]
    out: list[Lettered] = []
    for m in _LETTERED.finditer(text):
        word, letters = m.group("word"), frozenset(_LETTER.findall(m.group("letters"))) - {"I"}
        stems = analyze(word, lang).content
        if word.lower() in stopwords or not letters or len(stems) != 1:
            continue
        at = bisect_right(breaks, m.start())
        out.append(Lettered(next(iter(stems)), word, letters, text[breaks[at - 1] : breaks[at]]))
    return tuple(out)


def _share(claim: str, claim_content: frozenset[str], clause: str, lang: Lang) -> tuple[int, int]:
    """How much of the claim ``clause`` states: its content stems, then its words as written (the
    stop words too: "There is no vaccine for" aligns with "There is no vaccine for")."""
    content = len(claim_content & analyze(clause, lang).content)
    words = {w.lower() for w in _WORD.findall(claim)} & {w.lower() for w in _WORD.findall(clause)}
    return content, len(words)


def check_letters(
    claim: str,
    claim_content: frozenset[str],
    sentences: Sequence[str],
    lang: Lang,
) -> SlotFinding | None:
    """The first lettered name of ``claim`` that the evidence gives otherwise (see the module's
    docstring), as a contradiction quoting the sentence that does; ``None`` when there is none.

    >>> claim = "The Model X has a range of 405 miles."
    >>> check_letters(claim, analyze(claim, "en").content, ["The Model S has a range of 405 miles."], "en").why
    'the context gives Model S, not Model X'
    """
    own = lettered(claim, lang)
    claimed = {(n.stem, letter) for n in own for letter in n.letters}
    for name in own:
        # the rest of the claim, without the name and its letters (a label is a word of its own)
        content = claim_content - {name.stem} - {letter.lower() for letter in name.letters}
        given = [
            (_share(claim, content, other.clause, lang), i, other.letters)
            for i, text in enumerate(sentences)
            for other in lettered(text, lang)
            if other.stem == name.stem
        ]
        for letter in sorted(name.letters):
            stating = [share for share, _, letters in given if letter in letters]
            rivals = [g for g in given if letter not in g[2] and any((name.stem, o) not in claimed for o in g[2])]
            if not rivals:
                continue
            share, i, letters = max(rivals, key=lambda g: g[0])
            if not stating or share > max(stating):
                others = " and ".join(sorted(o for o in letters if (name.stem, o) not in claimed))
                why = f"the context gives {name.word} {others}, not {name.word} {letter}"
                slot = f"{name.word} {letter}"
                return SlotFinding("contradicted", "entity", why, sentences[i], certain=True, slot=slot)
    return None
