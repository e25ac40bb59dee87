"""Free, or at a price: a claim saying something costs nothing where the context gives it a price.

"Parking is free for visitors" against "Parking costs $5 per hour for visitors. Staff park for
free.": every word of the claim is in the context, and a verifier reading words supports it. The
sentence of the window that gives an amount of money and says most of the rest of the claim,
more of it than any sentence saying something is free, gives the claim's thing a price; so does the
part of a sentence that gives a price where the claim's words after "free" stand, where another
part of it says something else is free ("free on Android and costs $2.99 on iOS"), or where the
claim's subject stands ("Cars can cross for free" against "Pedestrians and cyclists can cross for
free; cars pay 2 pounds"). The other way round, a claim giving a price to a subject that only such a
sentence's free part names is contradicted too ("Pedestrians pay 2 pounds to cross"), where each
priced part names a thing of its own (not "otherwise it costs 3.95 pounds", nor "and costs 20
pounds for non-members" after "The event is free for members"). An amount in pounds counts as money
here ("cars pay 2 pounds"), though the slot check keeps the word, which may weigh.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.conjuncts import CLAUSES_OR_BUT
from faithcheck._pipeline.verify.slots import claim_slots
from faithcheck._text.analysis import TextFeatures, analyze
from faithcheck._text.lexicon import get_lexicon
from faithcheck._text.number_words import CURRENCIES

__all__ = ["free_at_a_price", "priced_where_free"]


@cache
def _free(lang: Lang) -> re.Pattern[str] | None:
    """A word of the lexicon's ``free_words``, not a word of a compound ("tax-free", "free-kick"),
    nor "free" of something other than a charge ("free of sugar"); ``None`` where it lists none."""
    words = get_lexicon(lang).free_words
    if not words:
        return None
    listed = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    return re.compile(rf"(?<![\w-])(?:{listed})(?![\w-])(?!\s+of\s+(?!charge\b))", re.IGNORECASE)


_MONEY_UNITS = frozenset({*CURRENCIES, "pound", "penc", "p", "cent", "franc", "yen", "rupe", "usd", "eur", "gbp"})
"""The units of an amount of money as the slot check reads them: a sign, or a currency's word that it
keeps as written ("pounds", which may weigh; "pence", "24.5p", "francs")."""


@lru_cache(maxsize=4096)
def _price(text: str, lang: Lang) -> str | None:
    """The first amount of money above nothing ``text`` gives, as written ("$5", "2 pounds");
    ``None`` if none (read once a text: a claim is read against each of its windows)."""
    return next((n.text for n in claim_slots(text, lang)[0] if n.unit in _MONEY_UNITS and n.value > 0), None)


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
_CLAUSES = re.compile(CLAUSES_OR_BUT, re.IGNORECASE)
"""What parts the clauses of an English sentence, without a bare "and"."""


_REFERS = re.compile(r"\s*(?:[^\W\d_]+\s+){0,2}?(?:it|they|this|these)\b", re.IGNORECASE)
"""A part whose subject is a pronoun, within its first words: "otherwise it costs 3.95 pounds"."""


def _parts(text: str) -> list[str]:
    """The parts of ``text`` (:data:`_PARTS`); its clauses alone where it has several, so that "and"
    between two names leaves them in one part ("Pedestrians and cyclists can cross for free; cars
    pay 2 pounds")."""
    clauses = _CLAUSES.split(text)
    return clauses if len(clauses) > 1 else _PARTS.split(text)


def _priced_part(
    claim: TextFeatures, said_free: re.Match[str], said: Sequence[TextFeatures], free: re.Pattern[str], lang: Lang
) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` one part of which says something is free and another gives a price,
    where the words the claim says after its free word are all in the priced part and none in the
    free one ("The app is free on iOS" against "The app is free on Android and costs $2.99 on iOS"),
    or where the claim's first word (its subject) is so, and not all its words after the free word are
    in a free part ("Cars can cross for free" against "Pedestrians and cyclists can cross for free;
    cars pay 2 pounds"); English only."""
    after = analyze(claim.text[said_free.end() :], lang).content
    subject = _subject(claim.text, lang)
    if lang != "en" or not (after or subject):
        return None
    for sentence in said:
        parts = _parts(sentence.text)
        freed = [part for part in parts if free.search(part)]
        for part in parts:
            if not freed or free.search(part) or not (price := _price(part, lang)):
                continue
            words = analyze(part, lang).content
            by_after = after and after <= words and all(after.isdisjoint(analyze(f, lang).content) for f in freed)
            by_subject = _names(part, subject, lang) and not any(
                _names(f, subject, lang) or (after and after <= analyze(f, lang).content) for f in freed
            )
            if by_after or by_subject:
                return sentence, f"the context gives a price ({price}) here, the claim says it is free"
    return None


def priced_where_free(claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` one part of which says something is free and another gives a price,
    where the claim gives a price to its first word (its subject), which the free part names and the
    priced one does not: "Pedestrians pay 2 pounds to cross" against "Pedestrians and cyclists can
    cross for free; cars pay 2 pounds" (English only; ``None`` for a negated claim or one saying
    something is free).

    >>> said = [analyze("Entry is free for under-18s; adults pay 12 pounds.", "en")]
    >>> priced_where_free(analyze("Under-18s pay 12 pounds.", "en"), said, "en")[1]
    'the context says it is free here, the claim gives a price (12 pounds)'
    >>> priced_where_free(analyze("Adults pay 12 pounds.", "en"), said, "en") is None
    True
    """
    free = _free(lang)
    if lang != "en" or free is None or claim.negated or free.search(claim.text):
        return None
    price, subject = _price(claim.text, lang), _subject(claim.text, lang)
    if price is None or not subject:
        return None
    for sentence in said:
        parts = _parts(sentence.text)
        priced = [part for part in parts if not free.search(part) and _price(part, lang)]
        # each priced part opens with a thing of its own, not the claim's verb ("and costs 20 pounds
        # for non-members" says what the event costs)
        if priced and not any(
            _names(part, subject, lang) or _names(claim.text, _subject(part, lang), lang) or _REFERS.match(part)
            for part in priced
        ):
            for part in parts:
                if free.search(part) and _names(part, subject, lang):
                    return sentence, f"the context says it is free here, the claim gives a price ({price})"
    return None


def _subject(text: str, lang: Lang) -> str:
    """The first word of ``text`` past its stop words, as written: what it speaks of ("Cars" of "Cars
    can cross for free"; "costs" of "and costs 20 pounds", a verb); empty if none."""
    words = [word for word in text.split() if word.lower().strip(".,;:!?") not in get_lexicon(lang).stopwords]
    return words[0].strip(".,;:!?") if words else ""


def _names(part: str, word: str, lang: Lang) -> bool:
    """``part`` has ``word`` as a word of its own, by its stems ("cars" for "Cars"), a compound as
    written ("under-18s"; "members" is not "non-members")."""
    return bool(word) and _word_key(word, lang) in {_word_key(w, lang) for w in _WORD.findall(part)}


_WORD = re.compile(r"[\w'’]+(?:-[\w'’]+)*")
"""A word with its hyphenated parts."""


def _word_key(word: str, lang: Lang) -> str:
    """A word as :func:`_names` compares it: its stem, or a compound lower-cased."""
    stems = analyze(word, lang).content if "-" not in word else frozenset()
    return min(stems) if len(stems) == 1 else word.lower()
