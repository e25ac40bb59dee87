"""Things told apart by a word before their noun: "the basic plan" is not "the premium plan".

A claim that speaks of "the basic plan" (a definite article or a possessive, a lower-case word or
a capitalised label, "the Pro tier", and the noun it modifies), where the evidence speaks of it
too, speaks of another thing than a sentence that has the same noun after another word ("Our
premium plan costs $30 per month and includes 100 GB of storage") and nowhere the claim's word: the
numbers of that sentence are none of the claim's, nor rivals of them (a sentence that ranks the
claim's thing otherwise states none of them either:
:func:`~faithcheck._pipeline.verify.ordinals.ranked_otherwise`).
English only: German and French put their adjectives elsewhere.

So is a name by a word after it (:func:`varied_otherwise`): "the Pixel 8 Pro" is not "the Pixel 8",
where the evidence names both. A claim saying of one what the evidence says only of the other is
``wrong_entity`` (:func:`check_variants`): "The iPhone 15 has a titanium frame" against "The iPhone 15
Pro has a titanium frame ... The iPhone 15 has an aluminium frame", "The Galaxy S24 Ultra has a
50-megapixel camera" against "The Galaxy S24 Ultra has a 200-megapixel camera. The Galaxy S24 has a
50-megapixel camera."
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.findings import SlotFinding
from faithcheck._text.analysis import analyze
from faithcheck._text.lexicon import get_lexicon, lower_case_words

__all__ = ["check_variants", "model_variants", "modified_otherwise", "varied_otherwise"]

_MODIFIED = re.compile(
    r"\b(?:the|our|its|their|his|her|this|that|your)\s+([a-z][a-z-]{2,})\s+([a-z]{3,})\b", re.IGNORECASE
)
"""A definite article or a possessive, a word and the noun it modifies: "the basic plan". Not after
"a": a first mention describes its thing ("a bizarre addiction", "a year-long addiction") more often
than it tells it from another."""


_OPENING = re.compile(r"(?:^|(?<=[.!?]\s))([A-Z][a-z-]{2,})\s+([a-z]{3,})\b")
"""A sentence opening with a word and the noun it modifies, no article before: "Standard delivery"."""


@lru_cache(maxsize=16384)
def _modified(text: str, lang: Lang) -> frozenset[tuple[str, str]]:
    """The (word, noun) pairs of ``text`` whose word is a content word, in lower case or a capitalised
    label of a noun in lower case ("the Pro tier"): no stop word,
    number word or rank ("the first plan" is ranked, "the two plans" counted); a sentence's first
    word too where people write it in lower case inside a sentence ("Standard delivery takes 3 to 5
    days", "Next-day delivery costs 6.99 pounds"; not "Tesla shares")."""
    lex = get_lexicon(lang)
    skip = lex.stopwords | lex.number_words.keys() | lex.ordinal_words.keys()
    common = lower_case_words(lang).common
    opening = [
        (m.group(1).lower(), m.group(2))
        for m in _OPENING.finditer(text)
        if all(part in common for part in m.group(1).lower().split("-"))
    ]
    # (the word may be a capitalised label of the noun, which is in lower case: "the Pro tier", "the
    # Premium plan"; not a name of several words, "the Eiffel Tower")
    pairs = [
        (m.group(1).lower(), m.group(2))
        for m in _MODIFIED.finditer(text)
        if m.group(2).islower() and (m.group(1).islower() or m.group(1)[1:].islower())
    ]
    return frozenset((word, noun) for word, noun in (*pairs, *opening) if word not in skip and noun not in skip)


def modified_otherwise(claim: str, sentences: Sequence[str], lang: Lang) -> frozenset[int]:
    """The sentences that have a noun of the claim after another word than the claim's and nowhere
    the claim's word, where another sentence has the claim's: they speak of another thing.

    >>> modified_otherwise("The basic plan includes 100 GB of storage.",
    ...     ["Our premium plan includes 100 GB of storage.", "The basic plan includes 20 GB."], "en")
    frozenset({0})
    >>> modified_otherwise("It fell from the prior quarter and the year-ago quarter.",
    ...     ["It fell 70 points from the prior quarter.", "It rose from the year-ago quarter."], "en")
    frozenset()
    """
    if lang != "en":
        return frozenset()
    # only where the evidence tells the things apart itself, having the claim's too: a word the
    # evidence never puts before the noun may be the claim's paraphrase ("a new wireless audio
    # protocol" for "a groundbreaking wireless audio protocol")
    given = frozenset().union(*(_modified(text, lang) for text in sentences))
    claimed = _modified(claim, lang)
    own = claimed & given
    if not own:
        return frozenset()
    out = set()
    for i, text in enumerate(sentences):
        words = set(re.findall(r"[a-z][a-z-]+", text.lower()))
        # another word before the noun, that the claim does not put there too ("the prior quarter"
        # and "the year-ago quarter" are both the claim's)
        others = _modified(text, lang) - claimed
        if any(word not in words and any(n == noun for _, n in others) for word, noun in own):
            out.add(i)
    return frozenset(out)


_CAPITALISED = r"(?:[a-z]{1,2})?[A-Z][\w-]*"
"""A capitalised word, or one with a capital after its first letter or two ("iPhone", "eBay")."""
_NAME = re.compile(rf"(?<![\w-]){_CAPITALISED}(?:\s+(?:{_CAPITALISED}|\d[\w-]*))*")
"""A name: capitalised words and the numbers among and after them ("Pixel 8", "iPhone 15 Pro")."""
_VARIANT = re.compile(rf"\s+(?:{_CAPITALISED}|\d[\w-]*)")
"""A capitalised word or a number right after a name: what tells a variant of its thing ("Pro")."""
_ARTICLE = re.compile(r"(?:The|A|An)\s+")
_WORDS = re.compile(r"[\w-]+")
_ROMAN = re.compile(r"[IVX]+")
"""A Roman numeral of a name: "World War II", "Henry VIII"."""


def _variant_names(claim: str, lang: Lang) -> set[str]:
    """The claim's names of two words or more, past an opening article ("iPhone 15", "Galaxy S24
    Ultra"), none opening with a stop word ("In 2020")."""
    stopwords = get_lexicon(lang).stopwords
    names = {_ARTICLE.sub("", m.group(), count=1) for m in _NAME.finditer(claim)}
    return {name for name in names if len(name.split()) >= 2 and name.split()[0].lower() not in stopwords}


def _naming(
    name: str, sentences: Sequence[str], claim: str, lang: Lang, *, models: bool = False, numbered: bool = False
) -> tuple[set[int], dict[int, str]]:
    """The sentences naming ``name`` alone, and those naming only another thing of its family, with
    the name they give it: ``name`` with a word after it that the claim does not have (:data:`_VARIANT`:
    "Pixel 8 Pro" for "Pixel 8"), or the words of ``name`` before one of them with another such word
    in its place, where the two tell models (:func:`_models`: "MacBook Pro" for "MacBook Air",
    "iPhone 14" for "iPhone 15"; not "Joe R. Biden" for "Joe Biden", "Windows Servicing" for "Windows
    11"); with ``models``, the word after ``name`` too ("Glen Cove LIRR station" is no model)."""
    words = name.split()
    said = set(_WORDS.findall(claim))
    alone: set[int] = set()
    others: dict[int, str] = {}
    whole = re.compile(rf"(?<![\w-]){_spaced(words)}(?![\w-])")
    prefixes = [re.compile(rf"(?<![\w-]){_spaced(words[:k])}({_VARIANT.pattern})") for k in range(1, len(words))]
    for i, text in enumerate(sentences):
        if words[0] not in text:
            continue  # (every pattern opens with it: most sentences of a long context are passed at once)
        for m in whole.finditer(text):
            after = _VARIANT.match(text, m.end())
            if after and after.group().strip() not in said:
                if not models or _model_word(after.group().strip(), lang):
                    others.setdefault(i, f"{' '.join(words)} {after.group().strip()}")
            else:
                alone.add(i)
        for k, prefix in enumerate(prefixes, start=1):
            for m in prefix.finditer(text):
                other = m.group(1).strip()
                if other != words[k] and other not in said and _models(words[k], other, lang, numbered=numbered):
                    others.setdefault(i, " ".join(m.group().split()))
    return alone, {i: other for i, other in others.items() if i not in alone}


def _models(word: str, other: str, lang: Lang, *, numbered: bool = False) -> bool:
    """``word`` and ``other`` tell two models of a family: both do (:func:`_model_word`), or one is of
    the lexicon's ``variant_words`` ("GR" and "Hybrid"; not "11" and "Servicing"); two numbers only
    where ``numbered`` ("737 MAX 8" for "737 MAX 10": else a numbered name's number, "Category 3",
    is the number check's); two Roman numerals ("World War II" for "World War I")."""
    if word.isdigit() and other.isdigit():
        return numbered
    if _ROMAN.fullmatch(word) and _ROMAN.fullmatch(other):
        return True  # "World War II" for "World War I": numbers the number check does not read
    variants = get_lexicon(lang).variant_words
    both = _model_word(word, lang) and _model_word(other, lang)
    return both or word.lower() in variants or other.lower() in variants


def _model_word(word: str, lang: Lang) -> bool:
    """``word`` tells one model of a family: it has a digit among letters ("M50", "S24") or is one of
    the lexicon's ``variant_words`` ("Pro"); a bare number after a name is as often an edition, a count
    or a date ("Super Bowl 50": :func:`_models` reads two numbers)."""
    return (any(c.isdigit() for c in word) and not word.isdigit()) or word.lower() in get_lexicon(lang).variant_words


def varied_otherwise(claim: str, sentences: Sequence[str], lang: Lang) -> frozenset[int]:
    """The sentences that name a name of the claim of two words or more only with a word after it
    that the claim does not have ("the Pixel 8 Pro" for "the Pixel 8"), where another sentence names
    it alone: they speak of a variant of its thing, and their numbers are none of the claim's.

    >>> sorted(varied_otherwise("The Pixel 8 has a 6.7-inch display.",
    ...     ["The Pixel 8 has a 6.2-inch display.", "The Pixel 8 Pro has a 6.7-inch display."], "en"))
    [1]
    """
    return frozenset(_varied(claim, sentences, lang))


def model_variants(claim: str, sentences: Sequence[str], lang: Lang) -> frozenset[int]:
    """The sentences :func:`varied_otherwise` sets apart whose variant's last word tells a model (a
    model word, :func:`_model_word`, or a number: "The Nintendo Switch 2" for "The original Nintendo
    Switch"), not a thing named after the claim's ("the Supreme Court Building" for "the Supreme
    Court").

    >>> sorted(model_variants("The Supreme Court heard the case in 2009.",
    ...     ["The Supreme Court ruled.", "It was held at the Supreme Court Building in 2009."], "en"))
    []
    """
    varied = _varied(claim, sentences, lang)
    return frozenset(
        i for i, other in varied.items() if (word := other.split()[-1]).isdigit() or _model_word(word, lang)
    )


def _varied(claim: str, sentences: Sequence[str], lang: Lang) -> dict[int, str]:
    """The sentences :func:`varied_otherwise` sets apart, with the name each gives the variant."""
    if lang != "en":
        return {}
    out: dict[int, str] = {}
    for name in _variant_names(claim, lang):
        alone, others = _naming(name, sentences, claim, lang)
        # a sentence naming the claim's name alone with all the claim's other numbers sets apart one
        # naming it with another number ("The 737 MAX 10 seats up to 204" beside "The Boeing 737 MAX 8
        # seats up to 178 passengers" for "The 737 MAX 10 seats up to 204 passengers")
        numbers = analyze(claim.replace(name, " "), lang).numbers
        if numbers and any(numbers <= analyze(sentences[i], lang).numbers for i in alone):
            alone, others = _naming(name, sentences, claim, lang, numbered=True)
        if alone:
            out.update((i, other) for i, other in others.items() if i not in out)
    return out


def check_variants(claim: str, sentences: Sequence[str], lang: Lang) -> SlotFinding | None:
    """``wrong_entity`` where the claim says of a model's name (:func:`_model_word`) what only a sentence
    of the context (``sentences``, all of them: a part may leave out a family's other models) naming
    another of its family says, the context naming the claim's name alone too ("iPhone 15 Pro" for
    "iPhone 15", "MacBook Pro" for "MacBook Air"), or says of a variant what only a sentence naming
    the name without the variant's word says, the context naming no other variant ("Galaxy S24" for
    "Galaxy S24 Ultra"; "Windows 11" beside "Windows 11 Home" and "Windows 11 Pro" is their family):
    that sentence states more of the rest of the claim than every sentence naming the claim's own, and
    half of it.

    >>> check_variants("The iPhone 15 has a titanium frame.", ["The iPhone 15 Pro has a titanium frame.",
    ...     "The iPhone 15 has an aluminium frame."], "en").why
    'the context says this of iPhone 15 Pro, not iPhone 15'
    >>> check_variants("The iPhone 15 has a USB-C port.", ["The iPhone 15 Pro has a USB-C port.",
    ...     "The iPhone 15 has a USB-C port too."], "en") is None
    True
    """
    if lang != "en":
        return None
    for name in _variant_names(claim, lang):
        rest = analyze(claim.replace(name, " "), lang).terms
        stated = {i: rest & analyze(text, lang).terms for i, text in enumerate(sentences) if name.split()[0] in text}
        # the claim's numbers, where a sentence naming its name states them all, hold it to that one:
        # the slot check reads them ("The AirPods 4 offer up to 5 hours" for "The AirPods 4 offer up
        # to 5 hours of listening time", beside "The AirPods Pro 2 offer up to 6 hours of listening time")
        numbers = {term for term in rest if isinstance(term, float)}
        alone, others = _naming(name, sentences, claim, lang, models=True, numbered=True)
        if not alone:
            continue
        # the claim's name where only another of its family says the rest
        wanted = list(others.items())
        # ... or a variant the claim names, where only the name without its last word says the rest
        # (not where the evidence names two variants of it: it is then their family, and what it
        # says of the family holds of each: "Windows 11" beside "Windows 11 Home" and "Windows 11 Pro")
        *family_words, variant = name.split()
        family = " ".join(family_words)
        # (a variant of the lexicon's, not a version: "Windows 11 23H2")
        lexicon_variant = variant.lower() in get_lexicon(lang).variant_words
        if len(family_words) >= 2 and lexicon_variant and len(_variants(family, sentences)) < 2:
            fewer, _ = _naming(family, sentences, name, lang)
            wanted += [(i, family) for i in fewer if i not in alone]
        best = max(len(stated[i]) for i in alone)
        held = numbers and any(numbers <= stated[i] for i in alone)
        for i, other in wanted:
            if held and not numbers <= stated[i]:
                continue
            if len(stated[i]) > best and len(stated[i]) * 2 >= len(rest):
                return SlotFinding(
                    "wrong_entity",
                    "entity",
                    f"the context says this of {other}, not {' '.join(name.split())}",
                    sentences[i],
                    True,
                )
    return None


def _variants(name: str, sentences: Sequence[str]) -> set[str]:
    """The words that follow ``name`` in ``sentences`` as a variant's (:data:`_VARIANT`)."""
    pattern = re.compile(rf"(?<![\w-]){_spaced(name.split())}({_VARIANT.pattern})")
    return {m.group(1).strip() for text in sentences for m in pattern.finditer(text)}


def _spaced(words: Sequence[str]) -> str:
    """A pattern of ``words`` one after another, any spaces between them."""
    return r"\s+".join(map(re.escape, words))
