"""What counts as a quote that supports a claim: a meaningful span of the context.

The LLM judge must back every verdict other than ``unsupported`` with a quote from the context;
a verdict whose quote does not count is downgraded to ``unsupported``. A quote counts when

1. it occurs in a passage as whole words: matched ignoring case and runs of whitespace, starting
   and ending at word boundaries (so ``"a"`` is not found inside ``"may"``), and
2. it is meaningful: it holds at least :data:`MIN_QUOTE_TERMS` content terms (content words or
   numbers), or, for a claim with fewer content terms than that, all of the claim's. Content
   words are those the offline pipeline counts (:func:`faithcheck.analysis.analyze`: stemmed,
   stop words and one-letter words left out).

So ``"a"``, ``"the"`` or ``"of the"`` support nothing; ``"30 days"`` can; ``"free"`` can support
"It is free." but not "Shipping is free for all orders.". The rule stops a quote that is trivially
met; whether the quoted span really says what the claim says remains the judge's call.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from faithcheck.analysis import analyze
from faithcheck.config import Lang
from faithcheck.types import Evidence

__all__ = ["MIN_QUOTE_TERMS", "find_quote", "is_meaningful_quote", "supported_reason"]

MIN_QUOTE_TERMS = 2
_REASON_QUOTE_CHARS = 160
_QUOTE_MARKS = "\"'\u201c\u201d\u201e\u00ab\u00bb\u2018\u2019 \t\n"  # quotation marks in en, de, fr


def _terms(text: str, lang: Lang) -> set[str]:
    features = analyze(text, lang)
    return set(features.content) | {f"#{n:g}" for n in features.numbers}


def is_meaningful_quote(quote: str, claim: str, lang: Lang = "en") -> bool:
    """Whether ``quote`` is long enough to support ``claim`` (rule 2 of the module docstring).

    >>> is_meaningful_quote("a", "The warranty lasts 5 years.")
    False
    >>> is_meaningful_quote("within 30 days", "Returns are accepted within 30 days.")
    True
    >>> is_meaningful_quote("free", "It is free.")
    True
    """
    needed = min(MIN_QUOTE_TERMS, max(1, len(_terms(claim, lang))))
    return len(_terms(quote, lang)) >= needed


def find_quote(quote: str, passages: Sequence[str]) -> Evidence | None:
    """Where ``quote`` occurs in ``passages`` as whole words (rule 1), else ``None``.

    Surrounding quotation marks are ignored; the first passage that holds the quote wins.

    >>> find_quote("may return", ["Customers may return items."]).quote
    'may return'
    >>> find_quote("a", ["Customers may return items."]) is None
    True
    """
    text = quote.strip(_QUOTE_MARKS)
    words = text.split()
    if not words:
        return None
    body = r"\s+".join(re.escape(w) for w in words)
    # a boundary is needed only where the quote itself starts or ends with a word character
    before = r"(?<!\w)" if re.match(r"\w", text) else ""
    after = r"(?!\w)" if re.search(r"\w\Z", text) else ""
    pattern = re.compile(before + body + after, re.IGNORECASE)
    for i, passage in enumerate(passages):
        if m := pattern.search(passage):
            return Evidence(passage_index=i, start=m.start(), end=m.end(), quote=passage[m.start() : m.end()])
    return None


def supported_reason(evidence: Evidence) -> str:
    """The reason shown for a ``supported`` verdict, composed from its checked quote (the judge
    gives none: it would only restate the quote).

    >>> supported_reason(Evidence(passage_index=1, start=0, end=14, quote="within 30 days"))
    'Supported by "within 30 days" (passage 1).'
    """
    text = " ".join(evidence.quote.split())
    if len(text) > _REASON_QUOTE_CHARS:
        text = text[: _REASON_QUOTE_CHARS - 1].rstrip() + "…"
    return f'Supported by "{text}" (passage {evidence.passage_index}).'
