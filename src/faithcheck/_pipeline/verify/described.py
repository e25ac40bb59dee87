"""What the words right before a name say it is: "AI startup Anthropic", "chef Marco Rossi".

"Anthropic will invest up to $4 billion in AI startup Amazon" against "In September, Amazon said it
will invest up to $4 billion in AI startup Anthropic": the sentence states all the rest of the claim
and names the claim's name, but the words the claim writes right before it ("AI startup") stand
there right before another name, and never before the claim's. The claim calls its name what the
context calls another: ``wrong_entity``.

The words are one or two, the last in lower case (an acronym may open them: "AI"), none a stop word,
a number, an auxiliary, a verb in the past ("founded Acme" says what someone did, not what Acme is)
or a word that relates two alike ("met", "rival": the lexicon's ``symmetric_words``), nor one word
ending in "s" after a name, the name's verb in the present ("The Eurostar reaches Brussels"). The other name
is not the claim's (nor an alias of it), nor one listed with the claim's ("AI startups Anthropic and
Cohere"), nor one of the phrase that the claim's name ends ("Apple chief executive Tim Cook"); neither
is a word of origin ("a current Pakistani politician"). English only: the word order is English's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.findings import Named as N
from faithcheck._pipeline.verify.findings import Placed, SlotFinding
from faithcheck._text.analysis import analyze, past_tense
from faithcheck._text.lexicon import Lexicon, get_lexicon

__all__ = ["check_described"]


_DESCRIBING = 2
"""The most words right before a name that say what it is."""
_WORD = re.compile(r"[^\W\d_]+")
_NUMBERED = re.compile(r"^\s+\d+(?:\.\d+)*(?=\s*(?:,|and\b|or\b|&))")
"""A version or model number after a name in a list ("Wi-Fi 6" of "Wi-Fi 6 and Bluetooth 5.3")."""
_LISTED = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+|&\s*)", re.IGNORECASE)
"""What stands between two names of one list."""


def check_described(
    claim: str,
    claim_names: Sequence[Placed[N]],
    sentences: Sequence[tuple[str, Sequence[Placed[N]]]],
    mentions: Callable[[N, str], bool],
    alias: Callable[[N, N], bool],
    lang: Lang,
) -> SlotFinding | None:
    """The finding that a sentence stating all the rest of ``claim`` and naming (``mentions``) a name
    of it gives the words right before that name in the claim to another name (one that neither
    ``mentions`` it nor is an ``alias`` of it; another name of the claim may be one) and never to the
    claim's (see the module docstring); ``sentences`` come with their names.

    >>> from faithcheck._pipeline.verify.slots import check_slots
    >>> check_slots("Anthropic will invest up to $4 billion in AI startup Amazon.",
    ...             ["In September, Amazon said it will invest up to $4 billion in AI startup Anthropic."], "en").why
    'the context says "AI startup" of Anthropic, not Amazon'
    """
    if lang != "en":
        return None
    lex = get_lexicon(lang)
    terms = analyze(claim, lang).terms
    for name, start, end, _ in claim_names:
        words = _describing(claim, start, lex)
        if not words or _of_origin(name, lex):
            continue
        rest = terms - analyze(claim[start:end], lang).terms
        for text, names in sentences:
            if not rest <= analyze(text, lang).terms or not mentions(name, text):
                continue
            mine = {other.text for other, *_ in names if mentions(name, other.text) or alias(name, other)}
            own = [(at, until) for other, at, until, _ in names if other.text in mine]
            described = [
                (other, at, until)
                for other, at, until, _ in names
                if _describes(text, at, words) and not _of_origin(other, lex)
            ]
            if not own or any(other.text in mine for other, _, _ in described):
                continue  # the claim's name is described so there, or named only within another
            for other, at, until in described:
                if not any(_together(text, (at, until), placed, lex) for placed in own):
                    why = f'the context says "{" ".join(words)}" of {other.text}, not {name.text}'
                    return SlotFinding("wrong_entity", "entity", why, text, certain=True)
    return None


def _of_origin(name: N, lex: Lexicon) -> bool:
    """``name`` is a word of origin ("Pakistani"): what describes it is no role ("a current Pakistani
    politician" against "the current Prime Minister")."""
    return lex.of_origin(name.text.split()[-1].lower())


def _describing(claim: str, start: int, lex: Lexicon) -> tuple[str, ...]:
    """The words right before the name at ``start`` that say what it is, as written (see the module
    docstring); empty where there are none."""
    found: list[str] = []
    end = start
    for word in reversed(list(_WORD.finditer(claim, 0, start))):
        lowered = word.group().lower()
        acronym = word.group().isupper() and len(word.group()) > 1
        if (
            len(found) == _DESCRIBING
            or claim[word.end() : end].strip()
            or lowered in lex.stopwords
            or lowered in lex.auxiliaries
            or lowered in lex.symmetric_words
            or past_tense(lowered, lex)
            or not (word.group().islower() or (acronym and found))
        ):
            break
        found.insert(0, word.group())
        end = word.start()
    before = list(_WORD.finditer(claim, 0, end))
    if len(found) == 1 and found[0].endswith("s") and before and _named(before[-1].group(), lex):
        return ()  # the verb of the name before it, in the present: "The Eurostar reaches Brussels"
    return tuple(found)


def _named(word: str, lex: Lexicon) -> bool:
    """``word`` is capitalised and no stop word: a name's last word ("Eurostar", not "The")."""
    return word[:1].isupper() and word.lower() not in lex.stopwords


def _describes(text: str, at: int, words: tuple[str, ...]) -> bool:
    """``text`` has ``words`` right before ``at``."""
    pattern = r"(?<![\w-])" + r"\s+".join(map(re.escape, words)) + r"\s+$"
    return re.search(pattern, text[:at], re.IGNORECASE) is not None


def _together(text: str, one: tuple[int, int], other: tuple[int, int], lex: Lexicon) -> bool:
    """Two names of ``text`` stand in one list or one phrase: only a list's marks stand between
    them (after the first's version or model number: "Wi-Fi 6 and Bluetooth 5.3"), or only words,
    none a stop word ("Apple chief executive Tim Cook"; not "chef Marco Rossi and manager Anna Lee",
    whose names each have their own)."""
    (_, first_end), (second_start, _) = sorted((one, other))
    between = _NUMBERED.sub("", text[first_end:second_start], count=1)
    words = between.split()
    phrase = all(_WORD.fullmatch(word) and word.lower() not in lex.stopwords for word in words)
    return _LISTED.fullmatch(between) is not None or phrase
