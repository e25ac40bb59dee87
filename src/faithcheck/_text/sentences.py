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
        for piece in sentencex.get_sentence_boundaries(lang, segment_text):
            raw = str(piece["text"])
            sentence = raw.strip()
            if not sentence:
                continue
            found = cursor + int(piece["start_index"]) + len(raw) - len(raw.lstrip())  # character offsets
            spans.append(TextSpan(sentence, found, found + len(sentence)))
    return tuple(spans)
