"""Sentence splitting with character spans, language-aware (sentencex)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import sentencex

from faithcheck._core.types import Lang

__all__ = ["TextSpan", "split_sentences"]

# A line that starts a list item: "- ", "* ", "• ", "1. ", "2) ".
_BULLET = re.compile(r"^\s*(?:[-*•]|\d{1,3}[.)])\s+")


@dataclass(frozen=True)
class TextSpan:
    """A piece of a larger text: ``text == source[start:end]``."""

    text: str
    start: int
    end: int


_OPENS_QUOTE = re.compile(r'(?:^|(?<=[\s(\[{:\u2013\u2014-]))"(?=\S)')
"""A straight double quote that opens a quotation: after a space (or a bracket, a colon, a dash),
before a word."""


def _without_unpaired_quotes(line: str) -> str:
    """``line`` with each double quote that no other closes or opens blanked (a space for each, so
    the spans stay the line's): sentencex reads a quotation from one quote to the next and splits
    nothing inside it, so the unclosed quote of a quotation running on to the next paragraph ("Her
    mother told Bild: \"We now have evidence ...") joined the sentences after it up to the next
    quote. A straight quote opens (:data:`_OPENS_QUOTE`) or closes; curly ones tell which they do.

    >>> _without_unpaired_quotes('She said: "We won. He said it was "great".')
    'She said:  We won. He said it was "great".'
    """
    chars = list(line)
    open_at: dict[str, int] = {}
    for m in re.finditer(r'["\u201c\u201d]', line):
        kind = "curly" if m.group() != '"' else "straight"
        opens = m.group() == "\u201c" or (m.group() == '"' and _OPENS_QUOTE.match(line, m.start()) is not None)
        if opens:
            if kind in open_at:
                chars[open_at[kind]] = " "  # the one before it never closed
            open_at[kind] = m.start()
        elif open_at.pop(kind, None) is None:
            chars[m.start()] = " "  # it closes none
    for at in open_at.values():
        chars[at] = " "
    return "".join(chars)


@lru_cache(maxsize=8192)
def split_sentences(text: str, lang: Lang = "en") -> tuple[TextSpan, ...]:
    """Split ``text`` into sentences, each with its exact span in ``text``.

    Lines are split first (answers often come as lists), list markers are left out of the
    span, and sentencex (Wikimedia's segmenter) splits each line into sentences, aware of
    abbreviations in ``lang``.

    >>> [s.text for s in split_sentences("Dr. Smith arrived. He left at 5 p.m. today.")]
    ['Dr. Smith arrived.', 'He left at 5 p.m. today.']
    """
    spans: list[TextSpan] = []
    offset = 0
    for line in text.splitlines(keepends=True):
        line_start = offset
        offset += len(line)
        body = line.rstrip("\r\n")
        if not body.strip():
            continue
        bullet = _BULLET.match(body)
        cursor = line_start + (bullet.end() if bullet else 0)
        segment_text = text[cursor : line_start + len(body)]
        for piece in sentencex.get_sentence_boundaries(lang, _without_unpaired_quotes(segment_text)):
            start = int(piece["start_index"])
            raw = segment_text[start : start + len(str(piece["text"]))]
            sentence = raw.strip()
            if not sentence:
                continue
            found = cursor + start + len(raw) - len(raw.lstrip())  # character offsets
            spans.extend(_after_units(TextSpan(sentence, found, found + len(sentence))))
    return tuple(spans)


_UNIT_END = re.compile(r"\d\s?[gmlshp]\.(\s+)(?=[A-Z])")
"""A number's unit of one lower-case letter and a full stop before a capitalised word: "weighs 190 g.
The Model B": a sentence's end, which sentencex reads as an initial."""


def _after_units(span: TextSpan) -> list[TextSpan]:
    """``span`` split after each unit of one letter that ends a sentence (:data:`_UNIT_END`).

    >>> [s.text for s in _after_units(TextSpan("It weighs 190 g. The lid is 2 m. Long.", 0, 38))]
    ['It weighs 190 g.', 'The lid is 2 m.', 'Long.']
    """
    pieces, start = [], 0
    for m in _UNIT_END.finditer(span.text):
        pieces.append(TextSpan(span.text[start : m.start(1)], span.start + start, span.start + m.start(1)))
        start = m.end(1)
    pieces.append(TextSpan(span.text[start:], span.start + start, span.end))
    return pieces
