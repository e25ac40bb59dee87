"""A claim that says a thing holds at any time, against a sentence that says when it holds.

"Dogs must be kept on a lead all year" against "Dogs ... must be kept on a lead between April and
September"; "Claims can be made at any time" against "Claims must be made within 30 days of
purchase": the claim drops the sentence's time and says the thing of every time ("all year", "year
round", "at any time", "at all times", "every day", "24/7"). The sentence must say the rest of the
claim and no such words of its own, and the claim none of the sentence's times (:data:`_WHEN`:
months, seasons, days of the week, "within 30 days", "before 10 am", "from 6 am to 9 pm"). English only: the words are
English's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from faithcheck._core.types import Lang
from faithcheck._text.analysis import TextFeatures, analyze
from faithcheck._text.lexicon import get_lexicon

__all__ = ["at_any_time"]

_ANY_TIME = re.compile(
    r"\b(?:all\s+(?:year|day)(?:[\s-]+round)?|year[\s-]+round|at\s+(?:any|all)\s+times?|any\s+time|anytime"
    r"|every\s+day(?:\s+of\s+the\s+(?:week|year))?|around\s+the\s+clock|round\s+the\s+clock)\b|\b24/7\b",
    re.IGNORECASE,
)
"""What says a thing holds at every time: "all year", "at any time", "every day", "24/7"."""
_MONTHS_WRITTEN = "|".join(get_lexicon("en").months)
_MONTHS_SHORT = "|".join(get_lexicon("en").month_abbreviations)
_MONTH = rf"(?:{_MONTHS_WRITTEN}|(?:{_MONTHS_SHORT})\b\.?)"
"""A month, written out or abbreviated (the English lexicon's ``months``, ``month_abbreviations``)."""
_DAY = r"(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun|week)days?|weekends?"
_WHEN = re.compile(
    rf"\b(?:between\s+{_MONTH}\s+and\s+{_MONTH}|from\s+{_MONTH}\s+(?:to|until|till|through)\s+{_MONTH}"
    rf"|(?:in|during|over)\s+(?:the\s+)?(?:spring|summer|autumn|fall|winter|(?:school\s+)?holidays?|term\s+time)"
    rf"|(?:in|during|on|at)\s+(?:{_DAY})|(?:within|in\s+the\s+first)\s+(?:\d+|a|an|one|two|three|four|five|six|seven"
    r"|eight|nine|ten|twelve|fourteen|thirty|ninety)\s+(?:hours?|days?|weeks?|months?|years?)"
    r"|(?:before|after|until|till|by)\s+\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)"
    r"|(?:from|between)\s+\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?\s*(?:to|and|until|till|-)\s*"
    r"\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)"
    rf"|(?:only\s+)?(?:in|during)\s+{_MONTH})",
    re.IGNORECASE,
)
"""What says when a thing holds: a span of months, a season, a day of the week, "within 30 days",
"before 10 am"."""


def at_any_time(claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` that says the rest of ``claim`` at a time (:data:`_WHEN`) where the
    claim says it at any time (:data:`_ANY_TIME`), and why; ``None`` if none.

    >>> said = [analyze("Dogs must be kept on a lead between April and September.", "en")]
    >>> at_any_time(analyze("Dogs must be kept on a lead all year.", "en"), said, "en")[1]
    "the context says this between April and September, the claim 'all year'"
    >>> at_any_time(analyze("Dogs must be kept on a lead.", "en"), said, "en") is None
    True
    """
    if lang != "en" or claim.negated or (always := _ANY_TIME.search(claim.text)) is None or _WHEN.search(claim.text):
        return None
    rest = claim.content - analyze(always.group(), lang).content
    for sentence in said:
        when = _WHEN.search(sentence.text)
        if when is None or _ANY_TIME.search(sentence.text) or not rest or not rest <= sentence.content:
            continue
        return sentence, f"the context says this {when.group()}, the claim {always.group()!r}"
    return None
