"""Offline claim extraction: sentences, then compound sentences split into clauses."""

from __future__ import annotations

import re

from faithcheck._core.types import Claim, Lang
from faithcheck._text.lexicon import get_lexicon
from faithcheck._text.sentences import TextSpan, split_sentences

__all__ = ["extract_claims", "split_clauses"]

_MIN_CLAUSE_WORDS = 3
_WORD = re.compile(r"\w+")


def split_clauses(sentence: TextSpan, lang: Lang = "en") -> list[TextSpan]:
    """Split a compound sentence at clause connectors (", and", ", but", ";" ...).

    A split is made only when both sides keep at least three words, so that lists
    ("red, green, and blue") and short tails stay whole. Spans stay exact.

    >>> s = TextSpan("Returns are free, and refunds take 5 days.", 0, 42)
    >>> [c.text for c in split_clauses(s)]
    ['Returns are free', 'refunds take 5 days.']
    """
    lex = get_lexicon(lang)
    pieces = [sentence]
    for connector in lex.clause_connectors:
        next_pieces: list[TextSpan] = []
        for piece in pieces:
            next_pieces.extend(_split_at(piece, connector))
        pieces = next_pieces
    return pieces


def _split_at(piece: TextSpan, connector: str) -> list[TextSpan]:
    lowered = piece.text.lower()
    at = lowered.find(connector)
    if at < 0:
        return [piece]
    left_text = piece.text[:at].rstrip(" ,;")
    right_offset = at + len(connector)
    right_text = piece.text[right_offset:].strip()
    if len(_WORD.findall(left_text)) < _MIN_CLAUSE_WORDS or len(_WORD.findall(right_text)) < _MIN_CLAUSE_WORDS:
        return [piece]
    left = TextSpan(left_text, piece.start, piece.start + len(left_text))
    right_start = piece.start + piece.text.index(right_text, right_offset)
    right = TextSpan(right_text, right_start, right_start + len(right_text))
    return [left, *_split_at(right, connector)]


def extract_claims(answer: str, lang: Lang = "en") -> list[Claim]:
    """Split an answer into claims with exact character spans.

    >>> [c.text for c in extract_claims("You can return items within 30 days. We offer free return shipping.")]
    ['You can return items within 30 days.', 'We offer free return shipping.']
    """
    claims: list[Claim] = []
    for sentence in split_sentences(answer, lang):
        for clause in split_clauses(sentence, lang):
            claims.append(Claim(id=f"c{len(claims) + 1}", text=clause.text, start=clause.start, end=clause.end))
    return claims
