"""Two named things a claim compares by a measure, against the numbers the context gives each.

"The Model B is heavier than the Model A" against "The Model A ... weighs 190 g. The Model B ...
weighs 175 g.": every word but "heavier" is in the context, and a verifier reading words supports
it. A claim "X is heavier (lighter, cheaper, more expensive, larger, smaller, longer, shorter,
taller) than Y", X and Y named (capitalised), where the context gives one number of that measure for
each (in sentences naming one of them, not both), is contradicted where the numbers say otherwise
("the context gives 175 g for the Model B and 190 g for the Model A"). Weights are compared in
grams; prices of one currency; the rest in one unit. English only: the comparatives are English.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.findings import SlotFinding
from faithcheck._text.number_words import CURRENCIES

__all__ = ["Measured", "check_compared"]

Measured = tuple[float, str | None, str]
"""A number of a text as the slot check reads it: its value, its unit, its text ("175 g")."""

_WEIGHT, _PRICE, _SIZE = "weight", "price", "size"
_COMPARATIVES: dict[str, tuple[str, int]] = {
    "heavier": (_WEIGHT, 1),
    "lighter": (_WEIGHT, -1),
    "cheaper": (_PRICE, -1),
    "less expensive": (_PRICE, -1),
    "more expensive": (_PRICE, 1),
    "pricier": (_PRICE, 1),
    "costlier": (_PRICE, 1),
    "larger": (_SIZE, 1),
    "bigger": (_SIZE, 1),
    "smaller": (_SIZE, -1),
    "longer": (_SIZE, 1),
    "shorter": (_SIZE, -1),
    "taller": (_SIZE, 1),
}
"""Each comparative: the measure it compares and which way (1: the first has more)."""
_GRAMS = {"mg": 0.001, "g": 1.0, "kg": 1000.0, "lb": 453.592, "ounc": 28.3495}
"""The units of weight the slot check reads, in grams."""
_NAME = r"(?:[A-Z][\w'’&-]*|\d(?:[\w.-]*\w)?)(?:\s+(?:[A-Z][\w'’&-]*|\d(?:[\w.-]*\w)?))*"
"""A name: capitalised words, with the digits or letters that label it ("Model B", "Pixel 8 Pro")."""
_COMPARED = re.compile(
    rf"^\s*(?P<first_article>the\s+)?(?P<first>{_NAME})\s+(?:is|are|was|were|weighs|costs)\s+"
    rf"(?:(?:much|slightly|far|a\s+bit|a\s+little)\s+)?(?P<comparative>{'|'.join(_COMPARATIVES)})\s+than\s+"
    rf"(?P<second_article>the\s+)?(?P<second>{_NAME})\s*[.!?]?\s*$",
    re.IGNORECASE,
)


def check_compared(
    claim: str,
    context_sentences: Callable[[], Sequence[str]],
    numbers_of: Callable[[str], Sequence[Measured]],
    lang: Lang,
) -> SlotFinding | None:
    """The finding that the numbers the context gives two things the claim compares say otherwise
    (see the module docstring), or ``None``. The context's sentences are read only for a claim that
    compares.

    >>> given = {"The Model A weighs 190 g.": [(190.0, "g", "190 g")]}
    >>> given["The Model B weighs 175 g."] = [(175.0, "g", "175 g")]
    >>> check_compared("The Model B is heavier than the Model A.", lambda: list(given), given.__getitem__, "en").why
    'the context gives 175 g for the Model B and 190 g for the Model A'
    """
    if lang != "en" or (compared := _COMPARED.match(claim)) is None:
        return None
    measure, way = _COMPARATIVES[" ".join(compared.group("comparative").lower().split())]
    first, second = compared.group("first"), compared.group("second")
    sentences = context_sentences()
    given: list[tuple[float, str, str, str]] = []
    for name, other in ((first, second), (second, first)):
        found = [
            (value, kind, text, sentence)
            for sentence in sentences
            if _names(name, sentence) and not _names(other, sentence)
            for value, kind, text in _of_measure(numbers_of(sentence), measure)
        ]
        if len({(value, kind) for value, kind, _, _ in found}) != 1:
            return None  # none, or two values: which is the thing's, the context does not say
        given.append(found[0])  # the first, in reading order
    (mine, kind, my_text, sentence), (theirs, their_kind, their_text, _) = given
    if kind != their_kind or way * (mine - theirs) > 0:
        return None
    # each named as the claim names it, with its article or none ("the Model B", "Lake Erie")
    mine_named, theirs_named = (
        f"{(compared.group(f'{k}_article') or '').lower()}{compared.group(k)}" for k in ("first", "second")
    )
    why = f"the context gives {my_text} for {mine_named} and {their_text} for {theirs_named}"
    return SlotFinding("contradicted", "number", why, sentence, certain=True)


def _of_measure(numbers: Sequence[Measured], measure: str) -> list[tuple[float, str, str]]:
    """The numbers of ``measure``, each as a comparable value, its kind and its text: grams for a
    weight, the currency's own amount for a price, one unit's amount for a size."""
    out: list[tuple[float, str, str]] = []
    for value, unit, text in numbers:
        if unit is None:
            continue
        if measure == _WEIGHT and unit in _GRAMS:
            out.append((value * _GRAMS[unit], _WEIGHT, text))
        elif (measure == _PRICE and unit in CURRENCIES) or (
            measure == _SIZE and unit not in CURRENCIES and unit != "%"
        ):
            out.append((value, unit, text))
    return out


def _names(name: str, sentence: str) -> bool:
    """``sentence`` has ``name`` as written, as whole words and no part of a longer name ("Pixel 8"
    of "Pixel 8 Pro")."""
    return re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])(?!\s+[A-Z\d])", sentence) is not None
