"""All, most, half: a claim's word for a share of a group against the share the context gives.

"All patients recovered within two weeks" against "85% of patients recovered within two weeks":
every word of the claim is in the context, and a verifier reading words supports it. A claim that
says what share of a group does something by a word (the lexicon's ``share_words``: "all",
"most", "a majority", "half"), and gives no share or count of its own, is contradicted by the
window's sentence that says at least half of the rest of it and gives that group's share in per
cent, or as a part of the whole ("Of the 200 participants, 150 ...", "12 of the 40 patients"),
outside what the word allows, where the sentence says no such word itself ("All staff must
complete the training; 65% have done so").
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.slots import claim_slots
from faithcheck._text.analysis import TextFeatures, analyze, stem
from faithcheck._text.lexicon import get_lexicon

__all__ = ["share_otherwise"]

_ABOUT = 10.0
"""How far from the share "about half" a share may be (in points)."""
_WHOLE = 99.5
"""A share of at least this many per cent is all of a group."""
_COUNTED = re.compile(r"\s+(?:of\s+(?:the\s+)?)?\d")
"""A number right after the share's word: "all 200 participants", "all of the 12"."""
_BOUNDED = re.compile(r"\b(?:than|over|least|most|under)\s+$", re.IGNORECASE)
"""A bound right before the share's word that the lexicon does not list with it ("greater than
half", "at least half")."""
_WORDS = re.compile(r"[^\W\d_]+")


@cache
def _share_words(lang: Lang) -> tuple[re.Pattern[str], dict[str, tuple[float, float, bool]]] | None:
    """The lexicon's ``share_words`` as one pattern (longest first: "almost all" before "all"; not
    after "the", a superlative's: "the most popular"), each to the shares it allows (lowest,
    highest, whether the bounds are excluded); ``None`` where it lists none."""
    words = get_lexicon(lang).share_words
    if not words:
        return None
    bounds: dict[str, tuple[float, float, bool]] = {}
    for word, allowed in words.items():
        value = float(allowed.lstrip("<>~"))
        bounds[word] = {
            ">": (value, 100.0, True),
            "<": (0.0, value, True),
            "~": (value - _ABOUT, value + _ABOUT, False),
        }.get(allowed[0], (min(value, _WHOLE), 100.0, False))
    listed = "|".join(sorted(map(re.escape, words), key=len, reverse=True))
    return re.compile(rf"(?<!\bthe )\b({listed})\b", re.IGNORECASE), bounds


def _allows(bounds: tuple[float, float, bool], share: float) -> bool:
    low, high, strict = bounds
    return low < share < high if strict else low <= share <= high


def _group(text: str, lang: Lang) -> str | None:
    """The stem of the group a share's word speaks of: the first word after it that is no stop word
    ("most of the new cars": "new"), where the word right after it is the group's, an article or
    its "of" ("Prices rose most in the capital" speaks of no group); ``None`` if none."""
    lex = get_lexicon(lang)
    words = [w.lower() for w in _WORDS.findall(text)]
    if not words or (words[0] in lex.stopwords and words[0] not in lex.determiners | lex.group_of_words):
        return None
    return next((stem(w, lex) for w in words if w not in lex.stopwords), None)


def share_otherwise(claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` that gives the share of a group that ``claim`` says by a word, and
    gives it outside what the word allows, and why; ``None`` for a negated claim, one giving a share
    itself or counting the group ("all 200 participants"), or where no sentence saying at least half
    of the rest of the claim gives the group's share (a share whose words around it name the group).

    >>> said = [analyze("In the trial, 85% of patients recovered within two weeks.", "en")]
    >>> share_otherwise(analyze("All patients recovered within two weeks.", "en"), said, "en")[1]
    "the context gives 85%, the claim 'all'"
    >>> share_otherwise(analyze("Most patients recovered within two weeks.", "en"), said, "en") is None
    True
    """
    words = _share_words(lang)
    if words is None or claim.negated or any(n.unit == "%" for n in claim_slots(claim.text, lang)[0]):
        return None
    pattern, bounds = words
    quantified = pattern.search(claim.text)
    if (
        quantified is None
        or _COUNTED.match(claim.text, quantified.end())
        or _BOUNDED.search(claim.text, max(0, quantified.start() - 12), quantified.start())
        or (group := _group(claim.text[quantified.end() :], lang)) is None
    ):
        return None
    word = quantified.group(1).lower()
    rest = claim.content - analyze(word, lang).content
    for sentence in sorted(said, key=lambda s: len(rest & s.content), reverse=True):
        if 2 * len(rest & sentence.content) < len(rest) or pattern.search(sentence.text):
            continue
        shares = [n for n in claim_slots(sentence.text, lang)[0] if n.unit == "%"]
        if not shares:
            if (counted := _counted_share(sentence.text, group, lang)) is not None:
                part, whole, value = counted
                if not _allows(bounds[word], value):
                    return sentence, f"the context gives {part} of {whole}, the claim {word!r}"
                return None
            continue
        share = max(shares, key=lambda n: len(n.frame & rest))
        if group in share.frame and not _allows(bounds[word], share.value):
            return sentence, f"the context gives {share.text}, the claim {word!r}"
        return None
    return None


_PART_OF_WHOLE = re.compile(
    r"\b(?:(?P<part>\d[\d,]*)\s+(?:out\s+)?of\s+(?:the\s+)?(?P<whole>\d[\d,]*)\s+(?P<group>[^\W\d_]+)"
    r"|of\s+(?:the\s+)?(?P<whole2>\d[\d,]*)\s+(?P<group2>[^\W\d_]+)[^,.;]*,\s*(?P<part2>\d[\d,]*)\b)",
    re.IGNORECASE,
)
"""A part of a whole counted: "150 of the 200 participants", "Of the 200 participants, 150 ..."."""


def _counted_share(text: str, group: str, lang: Lang) -> tuple[str, str, float] | None:
    """The part and the whole of the claim's ``group`` that ``text`` counts, and the part's share in
    per cent; ``None`` where it counts none (or the part exceeds the whole)."""
    lex = get_lexicon(lang)
    for m in _PART_OF_WHOLE.finditer(text):
        part, whole = m.group("part") or m.group("part2"), m.group("whole") or m.group("whole2")
        named = m.group("group") or m.group("group2")
        counts = float(part.replace(",", "")), float(whole.replace(",", ""))
        if stem(named.lower(), lex) == group and counts[1] > 0 and counts[0] <= counts[1]:
            return part, whole, 100 * counts[0] / counts[1]
    return None
