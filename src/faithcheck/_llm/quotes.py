"""What counts as a quote that supports a claim: meaningful spans of the context.

The LLM judge must back every verdict other than ``unsupported`` with a quote from the context;
a verdict whose quote does not count is downgraded to ``unsupported``. When the support spans
sentences (or passages), the quote holds several excerpts joined by :data:`QUOTE_SEPARATOR`
(``" ... "``); each excerpt is a *piece*. A quote counts when

1. every piece occurs in a passage as whole words: matched ignoring case and runs of whitespace,
   starting and ending at word boundaries (so ``"a"`` is not found inside ``"may"``); a quote
   found whole is one piece, even if it holds ``...`` (the context's own ellipsis), and
2. every piece is meaningful: it holds at least :data:`MIN_QUOTE_TERMS` content terms (content
   words or numbers), or, for a claim with fewer content terms than that, all of the claim's, and
   at least one of them is the claim's. Content words are those the offline pipeline counts
   (:func:`faithcheck._text.analysis.analyze`: stemmed, stop words and one-letter words left out);
3. the quote is about *this* claim: its pieces together hold at least :data:`MIN_QUOTE_TERMS` of
   the claim's content terms (all of a shorter claim's), so that any real span of the context
   cannot "support" any claim (a judge obeying an instruction planted in a passage quotes
   unrelated context); and
4. for a ``supported`` verdict, the quote states no number or name that conflicts with the
   claim's where the rest of the claim is stated (the offline verifiers' slot check,
   :func:`faithcheck._pipeline.verify.slots.check_slots`): "a 2-year limited warranty" does not support "a
   5-year warranty".

So ``"a"``, ``"the"`` or ``"of the"`` support nothing; ``"30 days"`` can; ``"free"`` can support
"It is free." but not "Shipping is free for all orders.". Each piece must count on its own, not
only all of them together: words picked one by one across the context (``"returns ... 90 ...
days"``) would otherwise assemble any claim. A quote with one piece that is not in the context
does not count, whatever the other pieces say: the judge's support rested on it too, so it is
never dropped quietly from a supported verdict. The rule stops a quote that is trivially met;
whether the quoted spans really say what the claim says remains the judge's call.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from faithcheck._core.types import Evidence, Lang
from faithcheck._pipeline.verify.slots import check_slots
from faithcheck._text.analysis import analyze

__all__ = [
    "MIN_QUOTE_TERMS",
    "QUOTE_SEPARATOR",
    "QuoteMatch",
    "find_quote",
    "is_meaningful_quote",
    "locate_quote",
    "quote_conflict",
    "quote_pieces",
    "supported_reason",
]

MIN_QUOTE_TERMS = 2
QUOTE_SEPARATOR = " ... "
"""How the judge joins the pieces of a quote from several places of the context (its prompt
says so; one separator costs about one output token, a JSON list of strings about three)."""
_REASON_QUOTE_CHARS = 160
_QUOTE_MARKS = "\"'\u201c\u201d\u201e\u00ab\u00bb\u2018\u2019 \t\n"  # quotation marks in en, de, fr
# " ... ", "…", "[...]": what models write between the pieces of a quote
_SEPARATOR = re.compile(r"\s*\[?(?:\.{3,}|\u2026)\]?\s*")


def _terms(text: str, lang: Lang) -> set[str]:
    features = analyze(text, lang)
    return set(features.content) | {f"#{n:g}" for n in features.numbers}


def _needed(claim_terms: set[str]) -> int:
    return min(MIN_QUOTE_TERMS, max(1, len(claim_terms)))


def is_meaningful_quote(quote: str, claim: str, lang: Lang = "en") -> bool:
    """Whether ``quote`` (one piece of a quote) is long enough to support ``claim`` and about it
    (rule 2 of the module docstring).

    >>> is_meaningful_quote("a", "The warranty lasts 5 years.")
    False
    >>> is_meaningful_quote("within 30 days", "Returns are accepted within 30 days.")
    True
    >>> is_meaningful_quote("free", "It is free.")
    True
    >>> is_meaningful_quote("The X200 blender is covered by a 2-year limited warranty.",
    ...                     "Every customer receives a free car.")
    False
    """
    claim_terms, quote_terms = _terms(claim, lang), _terms(quote, lang)
    return len(quote_terms) >= _needed(claim_terms) and bool(quote_terms & claim_terms)


def quote_conflict(pieces: Sequence[str], claim: str, lang: Lang = "en") -> str | None:
    """Why a quote cannot support ``claim`` as a whole (rules 3 and 4), or ``None`` when it can.

    >>> quote_conflict(["The X200 is covered by a 2-year limited warranty."], "The X200 has a 5-year warranty.")
    'its quote gives 2-year, not 5-year'
    >>> quote_conflict(["Revenue rose 5% in the second quarter."], "Revenue rose 5% in the third quarter.")
    'its quote gives second quarter, not third quarter'
    >>> quote_conflict(["Returns are accepted within 30 days."], "Every customer receives a free car.")
    'quoted context that is not about the claim (it shares 0 of its content words and numbers; 2 are needed)'
    """
    claim_terms = _terms(claim, lang)
    shared = set().union(*(_terms(p, lang) for p in pieces)) & claim_terms
    if len(shared) < _needed(claim_terms):
        return (
            f"quoted context that is not about the claim (it shares {len(shared)} of its content words and "
            f"numbers; {_needed(claim_terms)} are needed)"
        )
    finding = check_slots(claim, list(pieces), lang)
    if finding is not None and finding.decides:
        return "its quote " + finding.why.removeprefix("the context ")
    return None


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


def quote_pieces(quote: str) -> list[str]:
    """The pieces of a quote: the excerpts between its separators (``...``, ``…`` or ``[...]``),
    without the quotation marks around each; a quote without a separator is one piece.

    >>> quote_pieces('"founded in 1950" ... "based in Lyon"')
    ['founded in 1950', 'based in Lyon']
    >>> quote_pieces("...within 30 days")
    ['within 30 days']
    """
    pieces = (p.strip(_QUOTE_MARKS) for p in _SEPARATOR.split(quote))
    return [p for p in pieces if p]


@dataclass(frozen=True)
class QuoteMatch:
    """Where a quote's pieces are in the context.

    ``pieces``: the quote's pieces; ``evidence``: one :class:`Evidence` per found piece, in
    reading order (passage, then position; pieces that overlap in a passage merged into one);
    ``missing``: the pieces not in the context (rule 1), in the quote's order.
    """

    pieces: tuple[str, ...]
    evidence: tuple[Evidence, ...]
    missing: tuple[str, ...]

    @property
    def best(self) -> Evidence | None:
        """The longest span found (the earliest of equals): the one a single-sentence view shows."""
        return max(self.evidence, key=lambda e: e.end - e.start, default=None)


def locate_quote(quote: str, passages: Sequence[str]) -> QuoteMatch:
    """Find each piece of ``quote`` in ``passages`` (rule 1).

    The whole quote is tried first, so a passage's own ``...`` inside a quote does not split it;
    otherwise each piece is found on its own (the first passage that holds it wins).

    >>> passages = ["The firm was founded in 1950.", "Today it is based in Lyon."]
    >>> match = locate_quote("founded in 1950 ... based in Lyon", passages)
    >>> [(e.passage_index, e.start, e.end) for e in match.evidence], match.missing
    ([(0, 13, 28), (1, 12, 25)], ())
    >>> locate_quote("founded in 1950 ... based in Paris", passages).missing
    ('based in Paris',)
    """
    whole = find_quote(quote, passages)
    if whole is not None:
        return QuoteMatch(pieces=(whole.quote,), evidence=(whole,), missing=())
    pieces = tuple(quote_pieces(quote))
    found: list[Evidence] = []
    missing: list[str] = []
    for piece in pieces:
        evidence = find_quote(piece, passages)
        if evidence is None:
            missing.append(piece)
        else:
            found.append(evidence)
    return QuoteMatch(pieces=pieces, evidence=_in_reading_order(found, passages), missing=tuple(missing))


def _in_reading_order(found: Sequence[Evidence], passages: Sequence[str]) -> tuple[Evidence, ...]:
    """``found`` sorted by passage and position, spans that overlap (or repeat) merged."""
    merged: list[Evidence] = []
    for e in sorted(found, key=lambda e: (e.passage_index, e.start, -e.end)):
        last = merged[-1] if merged else None
        if last is not None and last.passage_index == e.passage_index and e.start < last.end:
            if e.end > last.end:
                text = passages[e.passage_index]
                merged[-1] = Evidence(
                    passage_index=e.passage_index, start=last.start, end=e.end, quote=text[last.start : e.end]
                )
            continue
        merged.append(e)
    return tuple(merged)


def supported_reason(evidence: Evidence | Sequence[Evidence]) -> str:
    """The reason shown for a ``supported`` verdict, composed from its checked quote (the judge
    gives none: it would only restate the quote); a quote of several pieces shows each.

    >>> supported_reason(Evidence(passage_index=1, start=0, end=14, quote="within 30 days"))
    'Supported by "within 30 days" (passage 1).'
    >>> supported_reason([Evidence(passage_index=0, start=0, end=4, quote="born"),
    ...                   Evidence(passage_index=3, start=9, end=16, quote="in 1950")])
    'Supported by "born" ... "in 1950" (passages 0, 3).'
    """
    pieces = [evidence] if isinstance(evidence, Evidence) else list(evidence)
    room = max(40, _REASON_QUOTE_CHARS // max(1, len(pieces)))
    quoted = " ... ".join(f'"{_shorten(e.quote, room)}"' for e in pieces)
    indices = sorted({e.passage_index for e in pieces})
    where = f"passage {indices[0]}" if len(indices) == 1 else "passages " + ", ".join(map(str, indices))
    return f"Supported by {quoted} ({where})."


def _shorten(quote: str, chars: int) -> str:
    text = " ".join(quote.split())
    return text if len(text) <= chars else text[: chars - 1].rstrip() + "…"
