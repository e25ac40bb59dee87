"""Free, or at a price: a claim saying something costs nothing where the context gives it a price.

"Parking is free for visitors" against "Parking costs $5 per hour for visitors. Staff park for
free.": every word of the claim is in the context, and a verifier reading words supports it. The
sentence of the window that gives an amount of money and says most of the rest of the claim,
more of it than any sentence saying something is free, gives the claim's thing a price; so does the
part of a sentence that gives a price where the claim's words after "free" stand, where another
part of it says something else is free ("free on Android and costs $2.99 on iOS").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.conjuncts import CLAUSES_OR_BUT
from faithcheck._pipeline.verify.slots import claim_slots
from faithcheck._text.analysis import TextFeatures, analyze
from faithcheck._text.lexicon import get_lexicon
from faithcheck._text.number_words import CURRENCIES

__all__ = ["free_at_a_price"]


@cache
def _free(lang: Lang) -> re.Pattern[str] | None:
    """A word of the lexicon's ``free_words``, not a word of a compound ("tax-free", "free-kick"),
    nor "free" of something other than a charge ("free of sugar"); ``None`` where it lists none."""
    words = get_lexicon(lang).free_words
    if not words:
        return None
    listed = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{listed})(?![\w-])(?!\s+of\s+(?!charge\b))", re.IGNORECASE)


def _price(text: str, lang: Lang) -> str | None:
    """The first amount of money above nothing ``text`` gives, as written ("$5"); ``None`` if none."""
    return next((n.text for n in claim_slots(text, lang)[0] if n.unit and n.unit in CURRENCIES and n.value > 0), None)


def free_at_a_price(claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` that gives a price to what ``claim`` says is free, and why: it gives
    an amount of money and at least half of the rest of the claim (its content words but the free
    words), more of it than any sentence of ``said`` saying something is free ("Staff park for
    free" beside "Parking costs $5 per hour for visitors"), or than any saying free the thing the claim
    names before its free word, where the priced one names it ("The hotel offers free parking for
    guests" beside "Breakfast costs 15 euros" for "Breakfast is free for guests"); ``None`` for a
    negated claim, one giving a price itself, or one saying nothing is free.

    >>> said = [analyze(s, "en") for s in ("Parking costs $5 per hour for visitors.", "Staff park for free.")]
    >>> free_at_a_price(analyze("Parking is free for visitors.", "en"), said, "en")[1]
    'the context gives a price ($5), the claim says it is free'
    >>> free_at_a_price(analyze("Staff park for free.", "en"), said, "en") is None
    True
    """
    free = _free(lang)
    said_free = free.search(claim.text) if free is not None else None
    if free is None or said_free is None or claim.negated or _price(claim.text, lang):
        return None
    rest = claim.content - analyze(said_free.group(), lang).content
    if not rest:
        return None
    if found := _priced_part(claim, said_free, said, free, lang):
        return found
    shares = [len(rest & s.content) for s in said]
    freed = max((share for share, s in zip(shares, said, strict=True) if free.search(s.text)), default=0)
    priced = [(share, s, price) for share, s in zip(shares, said, strict=True) if (price := _price(s.text, lang))]
    if not priced:
        return None
    share, sentence, price = max(priced, key=lambda found: found[0])
    if (subject := analyze(claim.text[: said_free.start()], lang).content) and subject <= sentence.content:
        # the priced sentence names the claim's thing: a sentence saying another thing is free ("free
        # parking for guests" for "Breakfast is free for guests") speaks of something else
        freed = max(
            (share for share, s in zip(shares, said, strict=True) if free.search(s.text) and subject <= s.content),
            default=0,
        )
    if 2 * share < len(rest) or share <= freed or free.search(sentence.text):
        return None
    return sentence, f"the context gives a price ({price}), the claim says it is free"


_PARTS = re.compile(rf"{CLAUSES_OR_BUT}|\s+and\s+", re.IGNORECASE)
"""What parts the clauses of an English sentence
(:data:`~faithcheck._pipeline.verify.conjuncts.CLAUSES_OR_BUT`), and "and" without a comma: "free on
Android and costs $2.99 on iOS"."""


def _priced_part(
    claim: TextFeatures, said_free: re.Match[str], said: Sequence[TextFeatures], free: re.Pattern[str], lang: Lang
) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` one part of which says something is free and another gives a price,
    where the words the claim says after its free word are all in the priced part and none in the
    free one: "The app is free on iOS" against "The app is free on Android and costs $2.99 on iOS"
    (English only)."""
    after = analyze(claim.text[said_free.end() :], lang).content
    if lang != "en" or not after:
        return None
    for sentence in said:
        parts = _PARTS.split(sentence.text)
        freed = [analyze(part, lang).content for part in parts if free.search(part)]
        for part in parts:
            if (
                freed
                and not free.search(part)
                and (price := _price(part, lang))
                and after <= analyze(part, lang).content
                and all(after.isdisjoint(f) for f in freed)
            ):
                return sentence, f"the context gives a price ({price}) here, the claim says it is free"
    return None
