"""Lexical analysis of a claim or a context sentence: content stems, numbers, entities, cues.

These features drive the offline relevance filter, evidence selection and the baseline
verifier. They are language-aware through :mod:`faithcheck._text.lexicon` and Snowball stemmers.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from functools import cache, cached_property, lru_cache
from typing import Any, Literal

import snowballstemmer

from faithcheck._core.types import Lang
from faithcheck._text.lexicon import Lexicon, get_lexicon
from faithcheck._text.number_words import MAGNITUDE, may_spell, money_magnitude, spelled_numbers

__all__ = [
    "CLOCK_TIME",
    "GROUP_SPACE",
    "LIFE_SPAN",
    "NUMBER_DIGITS",
    "SOLE",
    "Bound",
    "TextFeatures",
    "analyze",
    "bound_after",
    "bound_before",
    "capitalised_stems",
    "clock_minutes",
    "coverage",
    "decade_length",
    "ends_name",
    "has_phrase",
    "is_negation",
    "number_value",
    "past_tense",
    "rounds_to",
    "starts_sentence",
    "stem",
    "unstated_numbers",
    "without_possessive",
]

LIFE_SPAN = re.compile(
    r"\((?:[^()]{0,200};\s*)?[^();]{0,60}?\b(\d{4})\s*(?:--|[-\u2013\u2014])\s*[^()]{0,60}?\b(\d{4})\s*\)"
)
"""A life's years of birth and death in brackets after a name ("Ralph Fults (January 23, 1911 --
March 16, 1993)", "Mukesh Chand Mathur (22 July 1923 - 27 August 1976)"), after what the brackets
say first up to a semicolon (a pronunciation: "(Spanish: [...]; 24 July 1783 - 17 December
1830)"); bounded, so that a long bracket costs no more than a short one. Its text says the
lexicon's ``life_dates`` ("born", "died") without writing them (:func:`analyze`)."""
GROUP_SPACE = "[ \u00a0\u202f\u2009]"
"""What may part groups of three digits ("13 000", "1\u202f299"): a space, as French and SI style write
thousands (a no-break, narrow no-break or thin space too)."""
_TOKENIZED_GROUPS = r"\d{1,3}(?:, \d{3})*, 0\d{2}(?:, \d{3})*(?!\d)"
"""Thousands in text tokenized for NLP (the CNN/Daily Mail corpus and the tools trained on it put a
space after every comma: "735, 000 followers", "$ 1, 056"). Only a group that starts with 0 joins:
"460, 464 and 468" and "in 50, 100 or 200 years" are lists, and no number on its own is written
"000"."""
NUMBER_DIGITS = rf"{_TOKENIZED_GROUPS}|\d{{1,3}}(?:{GROUP_SPACE}\d{{3}})+(?!\d)(?:[.,]\d+)?|\d+(?:[.,]\d+)*"
"""A number's digits: "13 000" and "13, 000" are one number (13,000), not 13 and 0; "1,000.5",
"1.000,5", "24"."""
Bound = Literal["over", "under", "about", "most"]
"""What a word before a claim's number says of it: "more than 100" (``over``), "less than 5
billion" (``under``), "about 14,000", "no more than 8" and "up to 8" (``most``: the number itself
or less)."""
_TOKEN = re.compile(rf"(?:{NUMBER_DIGITS})%?|[^\W\d_]+(?:['’][^\W\d_]+)*")
_NUMBER = re.compile(rf"(?:{NUMBER_DIGITS})%?")
CLOCK_TIME = re.compile(r"(?<![\d:.,])([01]?\d|2[0-3]):([0-5]\d)(?![\d:])(?:\s?[ap](?:m\b|\.m\.))?", re.IGNORECASE)
"""A time of day written with its minutes: "9:15", "21:15", "9:15 p.m." (not a lap time, "1:02:33")."""


def clock_minutes(time: re.Match[str]) -> float:
    """The minutes past the hour on a twelve-hour clock of a :data:`CLOCK_TIME`, so that "9:15 pm"
    and "21:15" are one time (a morning and an evening at the same hour are not told apart: a
    claim may leave out "p.m.").

    >>> clock_minutes(CLOCK_TIME.search("at 21:15")), clock_minutes(CLOCK_TIME.search("at 9:15 p.m."))
    (555.0, 555.0)
    """
    return float(int(time.group(1)) % 12 * 60 + int(time.group(2)))


_SOLE_BEFORE = frozenset({"the", "an", "its", "his", "her", "their", "my", "our", "your"})
"""Words before an English "only" that make it an adjective (:data:`SOLE`)."""
SOLE = "the only"
"""The restriction word of an English "only" after an article or a possessive: "the only legitimate
child" says there was one, a restriction only of what says something of the words after it ("Bats
are the only mammals capable of true flight" for "Flying squirrels are capable of true flight"), not
of the rest of its sentence ("Ada Lovelace was born in London in 1815, the only legitimate child of
Lord Byron" for "Ada Lovelace was born in London")."""
_EMPHASES = frozenset({"just"})
"""English restrictions that as often stress what follows (:func:`_emphasising`)."""
_STRESSED = frozenset(
    {"a", "an", "so", "as", "like", "over", "under", "about", "around", "before", "after", "below", "above"}
    | {"north", "south", "east", "west"}
)
"""What "just" stresses rather than restricts when it stands before it ("just north of Toda", "just a
couple taps", "just before his 40th birthday", "Just so we're clear"), besides a number ("in just 19
days")."""


def _emphasising(tokens: Sequence[str], at: int) -> bool:
    """The word at ``tokens[at]`` stresses the word after it (:data:`_STRESSED`, or a number)."""
    after = tokens[at + 1] if at + 1 < len(tokens) else ""
    return after in _STRESSED or after[:1].isdigit()


_RELATIVE_OPENERS = frozenset({"that", "which", "who", "whose"})
"""English words opening a relative clause that a restriction's scope reads through."""
_SCOPE_WINDOW = 3
"""Tokens each side of a restriction ("only") that it restricts, within its clause."""
_CLAUSE_MARK = re.compile(r"[,;:]")
"""What parts a clause from the one before, a comma, a semicolon or a colon (a restriction's scope
does not reach back past it)."""


@dataclass(frozen=True)
class TextFeatures:
    """What the offline pipeline needs to know about one piece of text."""

    text: str
    tokens: tuple[str, ...]
    """Lower-cased word and number tokens, in order."""
    content: frozenset[str]
    """Stems of content words (no stop words, no numbers)."""
    numbers: frozenset[float]
    bounded: frozenset[tuple[float, Bound]]
    """The numbers a word before bounds ("more than 100": ``(100.0, "over")``)."""
    entities: frozenset[str]
    """Lower-cased capitalised words that do not start a sentence (en, fr only)."""
    negated: bool
    restriction_scopes: tuple[tuple[str, frozenset[str]], ...]
    """For each restricting word ("only", "nur", "seulement"): the word and the content stems near it."""
    absolute: bool
    hedged: bool
    strong: frozenset[str] = frozenset()
    """The absolute words and strong modals it holds ("all", "always", "will", "must")."""
    hedges: frozenset[str] = frozenset()
    """The hedges it holds ("may", "some", "many", "up to")."""
    name_numbers: frozenset[tuple[str, float]] = frozenset()
    """The digits that end a name (:func:`ends_name`), with the word they follow: ("covid", 19.0)
    for "COVID-19"; no quantity, so not among ``numbers``."""
    decades: frozenset[float] = frozenset()
    """Its ``numbers`` written as decades or centuries: 1990.0 for "the 1990s", 1800.0 for "the
    1800's" (:func:`unstated_numbers` reads them as the years they span)."""
    negations: tuple[tuple[str, ...], ...] = ()
    """Each of its negations with the token before it and the tokens up to the first content word
    after it, within :data:`_NEGATION_REACH` tokens (what it negates): ("were", "not", "made"),
    ("has", "not", "been", "identified"); after an auxiliary of ``do_support``, the token before
    that too: ("kingdom", "did", "not", "sign"); a prefix of ``negating_prefixes`` with its word:
    ("are", "non", "refundable"), which does not make the text ``negated``. Opening the text, or
    negating nothing near, none."""
    adds: bool = False
    """It says "not only ... but also" (``additive_words`` after a negation, a word of
    ``additive_follows`` later): what follows is not all there is."""
    negates: tuple[frozenset[str], ...] = ()
    """For each negation that makes the text ``negated``, the stems of what it negates
    (:func:`_negated_words`: "sign" of "did not sign", "futur" of "no future blockades", "longer"
    and "sell" of "no longer sells"), opening the text too; empty where nothing is near ("Oblak said
    no"). ``negations`` holds the tokens themselves, to find the phrase said without its negation;
    these are the words a claim must say for the negation to deny it, read further (past adverbs and
    light words)."""

    @cached_property
    def terms(self) -> frozenset[str | float]:
        """Content stems and numbers: what a claim needs its evidence to contain (computed once;
        :func:`analyze` caches the features of a text)."""
        return self.content | self.numbers


_NEGATION_REACH = 3
"""Tokens after a negation among which the first content word is what it negates (past "been",
"a", "the")."""

_local = threading.local()


def _stemmer(name: str) -> Any:
    # Snowball stemmers keep the word being stemmed in the object: one per thread
    stemmers: dict[str, Any] = _local.__dict__.setdefault("stemmers", {})
    if name not in stemmers:
        stemmers[name] = snowballstemmer.stemmer(name)
    return stemmers[name]


@lru_cache(maxsize=65536)
def _stem(word: str, stemmer: str) -> str:
    return str(_stemmer(stemmer).stemWord(word))


def past_tense(word: str, lex: Lexicon) -> bool:
    """``word``, lower-cased, is a verb in the past tense by its ending (the lexicon's
    ``past_endings``, which the stemmer takes off: "reached", not "speed") or one of its
    ``irregular_past`` ("fell", "led").

    >>> lex = get_lexicon("en")
    >>> past_tense("reached", lex), past_tense("speed", lex), past_tense("led", lex)
    (True, False, True)
    """
    if word in lex.irregular_past:
        return True
    return any(word.endswith(ending) for ending in lex.past_endings) and stem(word, lex) != word


def of_a_change(text: TextFeatures, lang: Lang) -> bool:
    """``text`` speaks of a change or of the past, where the old value of a change may be its: a
    word of change, of a former time or of a direction (the lexicon's ``change_words``,
    ``former_words``, ``directions``: "was extended", "The deadline was March 1", "rose"), or a verb
    in the past tense not after an auxiliary ("Sales reached 5 million"; not "is planned").

    >>> of_a_change(analyze("The deadline was March 1."), "en"), of_a_change(analyze("The deadline is April 15."), "en")
    (True, False)
    """
    lex = get_lexicon(lang)
    tokens = text.tokens
    if (lex.former_words | lex.change_words | lex.directions.keys()) & set(tokens):
        return True
    return any(
        past_tense(word, lex) and word not in lex.number_words and not (k and tokens[k - 1] in lex.auxiliaries)
        for k, word in enumerate(tokens)
    )


def stem(word: str, lex: Lexicon) -> str:
    """The stem of ``word`` (lower-cased) in the language of ``lex``: "sign" of "signed"."""
    return _stem(word, lex.stemmer)


def number_value(token: str, lex: Lexicon) -> float | None:
    """The value of a number token (:data:`NUMBER_DIGITS`, maybe with ``%``) in ``lex``'s language;
    ``None`` for a version or a date ("1.2.3").

    >>> from faithcheck._text.lexicon import get_lexicon
    >>> number_value("13 000", get_lexicon("fr")), number_value("1.000,5", get_lexicon("de"))
    (13000.0, 1000.5)
    >>> number_value("735, 000", get_lexicon("de"))  # tokenized thousands, whatever the language
    735000.0
    """
    raw = re.sub(GROUP_SPACE, "", token.rstrip("%").replace(", ", ""))
    # "1.000,5" in de/fr, "1,000.5" in en
    raw = raw.replace(".", "").replace(",", ".") if lex.decimal_comma else raw.replace(",", "")
    try:
        return float(raw)
    except ValueError:
        # "1.2.3" (a version or a date): keep its parts as separate numbers would mislead
        return None


def _split_tokens(text: str, lex: Lexicon) -> list[re.Match[str]]:
    matches = list(_TOKEN.finditer(text))
    if lex.lang != "fr":
        return matches
    # French elision: "l'homme", "n'est" are two words.
    out: list[re.Match[str]] = []
    for m in matches:
        if "'" in m.group() or "’" in m.group():
            out.extend(re.finditer(r"[^\W\d_]+", m.group()))
        else:
            out.append(m)
    return out


def has_phrase(lowered: str, phrases: tuple[str, ...]) -> bool:
    """One of ``phrases`` occurs in ``lowered`` (a lower-cased text) as whole words.

    >>> has_phrase("won another in 1995", ("another", "deux fois")), has_phrase("anothers", ("another",))
    (True, False)
    """
    return _phrase_pattern(phrases).search(lowered) is not None


@cache
def _phrase_pattern(phrases: tuple[str, ...]) -> re.Pattern[str]:
    """One regex for any of ``phrases`` as whole words (compiled once per word list)."""
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(p) for p in phrases) + r")(?!\w)")


def is_negation(word: str, lex: Lexicon) -> bool:
    """``word`` (lower-cased) negates: one of the lexicon's negations, or a contraction in "n't".

    >>> is_negation("can't", get_lexicon("en")), is_negation("cant", get_lexicon("en"))
    (True, False)
    """
    return word in lex.negations or word.endswith("n't")


def _bounds(token: re.Match[str], bounding: set[int]) -> bool:
    """The negation ``token`` opens a bounding comparison (its offsets in ``bounding``): "not" of
    "not more than 8", "n't" of "don't take more than 8"."""
    return any(token.start() <= at < token.end() for at in bounding)


_NUMBERING = re.compile(r"\.\s?\d|\s?\d")
"""What follows "No" that abbreviates "number": a digit, after a period or not ("No. 1 hit", "2014
No 3 pick")."""


def _numbering(text: str, token: re.Match[str]) -> bool:
    """The negation ``token`` is "No" abbreviating "number": "No." before a digit, or "No" written
    with its capital before a digit inside a sentence ("his sixth No. 1 hit", "the 2014 No 3 pick");
    a sentence's first "No" before one may negate ("No 5 buses run on Sundays"), and so does "no"
    in lower case ("There is no 3 pm bus")."""
    after = _NUMBERING.match(text, token.end())
    if token.group().lower() != "no" or after is None:
        return False
    if after.group().startswith("."):
        return True
    before = text[max(0, token.start() - 40) : token.start()].rstrip()
    return token.group() == "No" and bool(before) and before[-1] not in ".!?:;\n"


_QUOTES = "\"'`«\u201c\u2018"
"""Opening quotes: straight, backtick, guillemet, curly double and single."""


def _opens_title(text: str, matches: list[re.Match[str]], k: int, lex: Lexicon) -> bool:
    """The capitalised negation ``matches[k]`` opens a title inside a sentence ("the singles "Not
    Afraid" and "No Love"", "starred in No Country for Old Men"): after a word in lower case or an
    opening quote, and right before another capitalised word. A headline's "Officer Not Guilty"
    follows a capitalised word, and "No, I won't" a comma: negations both."""
    m = matches[k]
    if not lex.entity_capitalisation or not m.group()[0].isupper() or k + 1 >= len(matches):
        return False
    following = matches[k + 1]
    if text[m.start() : m.end()] != m.group() or text[m.end() : following.start()].strip():
        return False  # a word split out of an elision ("n'est") has no place in the text
    if len(following.group()) < 2 or not following.group()[0].isupper():
        return False
    before = text[: m.start()].rstrip()
    quoted = before.endswith(tuple(_QUOTES))
    before = before.rstrip(_QUOTES).rstrip()
    if not before or before[-1] in (".!?\n" if quoted else ".!?:;\n"):
        return False  # a sentence's first word (a quoted title may follow a colon: 'singles: "No Love"')
    return quoted or (k > 0 and matches[k - 1].group()[0].islower())


_LIGHT_REACH = 6
"""Tokens after a word of ``light_words`` whose content words a negation before it negates too ("no
evidence that the use of inhibitors increased it")."""


def _adds(tokens: tuple[str, ...], k: int, lex: Lexicon) -> bool:
    """The negation ``tokens[k]`` opens "not only ... but also" (``additive_words`` right after
    it, a word of ``additive_follows`` later): it adds what follows rather than denies it, and the
    "only" restricts nothing."""
    return (
        is_negation(tokens[k], lex)
        and k + 1 < len(tokens)
        and tokens[k + 1] in lex.additive_words
        and any(t in lex.additive_follows for t in tokens[k + 2 :])
    )


def _negated_words(tokens: tuple[str, ...], content_at: list[str | None], k: int, lex: Lexicon) -> frozenset[str]:
    """The stems of what the negation ``tokens[k]`` negates: the first content word after it within
    :data:`_NEGATION_REACH` tokens, and the adverbs before that one (``negation_adverbs``, English
    words in "ly"): "longer" and "sell" of "no longer sells"; after a word of ``light_words``, the
    content words within :data:`_LIGHT_REACH` tokens too ("chanc" and "win" of "never had the
    chance to win"); none where no content word is near."""
    found: set[str] = set()
    for j in range(k + 1, min(len(tokens), k + 1 + _NEGATION_REACH)):
        if (word := content_at[j]) is None:
            continue
        found.add(word)
        if tokens[j] in lex.light_words:
            return frozenset(found).union(w for w in content_at[j + 1 : j + 1 + _LIGHT_REACH] if w is not None)
        if tokens[j] not in lex.negation_adverbs and not (lex.lang == "en" and tokens[j].endswith("ly")):
            break
    return frozenset(found)


def _particle(text: str, word: re.Match[str]) -> bool:
    """``word`` ends a compound after a word and a hyphen: a particle of it ("out" of "check-out";
    not "in" of "mother-in-law")."""
    start = word.start()
    return (
        start >= 2 and text[start - 1] == "-" and text[start - 2].isalpha() and text[word.end() : word.end() + 1] != "-"
    )


def _content_word(text: str, matches: Sequence[re.Match[str]], k: int, lex: Lexicon, cue_words: frozenset[str]) -> bool:
    """The ``k``-th word (no number) says what the text is about: no stop word unless an acronym
    ("US") or the particle of a compound ("out" of "check-out", which is no "check-in"), no cue
    word, no letter alone unless a label ("Model A")."""
    tok = matches[k].group().lower().replace("’", "'")
    if tok in cue_words:
        return False
    if len(tok) == 1:
        return _label(text, matches, k)
    return tok not in lex.stopwords or _acronym(matches, k) or _particle(text, matches[k])


def _acronym(matches: Sequence[re.Match[str]], k: int) -> bool:
    """The ``k``-th word is two capitals, the words beside it are not: "US" of "sales in the US" is a
    name, no pronoun (words in capitals, "THE BEST OF US", keep their stop words, and a longer word
    so written is emphasis: "CLICK HERE", "the answer is YES")."""
    word = matches[k].group()
    if len(word) != _ACRONYM_LETTERS or not word.isupper():
        return False
    beside = [matches[j].group() for j in (k - 1, k + 1) if 0 <= j < len(matches)]
    return not any(w.isupper() for w in beside if w.isalpha())


_ACRONYM_LETTERS = 2
"""The capitals of a stop word that is an acronym ("US", "IT")."""
_INITIAL = re.compile(r"\.(?!\s*$)|:")
"""The full stop of an initial or an abbreviation (one that does not end the text), or the colon of
a heading ("A: Magnificent Sinner")."""
_IN_A_WORD = re.compile(r"[\w'’-]")
"""What goes on a word after a letter: the letter is no word of its own ("X9", "A-level")."""
_DOTTED = re.compile(r"(?:[A-Z]\.){2,}(?!\s*[A-Z])")
"""An abbreviation written with full stops: "U.S.", "U.K."; not initials, which a space parts or a
name follows ("A.J. Styles"), nor the first words of a longer name ("the U.N. Intergovernmental
Panel")."""


def _label(text: str, matches: Sequence[re.Match[str]], k: int) -> bool:
    """The ``k``-th word is a capital letter after a capitalised word: a label of a name ("Model A",
    "Vitamin C", "Plan B", "... than the Model A."); not an initial or an abbreviation, with its full
    stop inside the text ("J. K. Rowling", "Harry S. Truman", "the U.S. market"), nor a letter of a
    longer name ("Orion X9", "T-Mobile")."""
    word = matches[k].group()
    if len(word) != 1 or not word.isupper() or word == "I" or not k or _INITIAL.match(text, matches[k].end()):
        return False
    if _IN_A_WORD.match(text, matches[k].end()) or text[matches[k].start() - 1 : matches[k].start()] in ("-", "'", "’"):
        return False
    before = matches[k - 1]
    return (
        before.group()[:1].isupper()
        and before.group().isalpha()
        and not text[before.end() : matches[k].start()].strip()
    )


@lru_cache(maxsize=32768)
def analyze(text: str, lang: Lang = "en") -> TextFeatures:
    """Analyse ``text`` in language ``lang``.

    >>> f = analyze("Return shipping is free for defective items only.")
    >>> sorted(f.content)
    ['defect', 'free', 'item', 'return', 'ship']
    >>> f.restriction_scopes[0][0]
    'only'
    """
    lex = get_lexicon(lang)
    cue_words = _cue_words(lang)
    lowered = text.lower().replace("’", "'")
    matches = _split_tokens(text, lex)
    tokens = tuple(m.group().lower().replace("’", "'") for m in matches)

    content: set[str] = set()
    numbers: set[float] = set()
    entities: set[str] = set()
    name_numbers: set[tuple[str, float]] = set()
    decades: set[float] = set()
    content_at: list[str | None] = []
    spelled = {start: value for start, _, value in spelled_numbers(text, lex.lang)} if may_spell(tokens, lang) else {}
    scaled: set[int] = set()  # the magnitude words read with the number before them
    ranked: set[int] = set()  # words read with one before them: "st" of "1st", "S" of "U.S."
    bounded: set[tuple[float, Bound]] = set()
    clocks = {m.start(): m for m in CLOCK_TIME.finditer(text)} if ":" in text else {}
    for k, (m, tok) in enumerate(zip(matches, tokens, strict=True)):
        stem: str | None = None
        if k in ranked:
            content_at.append(None)
            continue
        if (clock := clocks.get(m.start())) is not None:
            numbers.add(clock_minutes(clock))  # "9:15" is one time, not 9 and 15
            ranked.update(j for j in range(k + 1, len(matches)) if matches[j].start() < clock.end())
            content_at.append(None)
            continue
        if k and ends_name(text, m.start(), lang) and (named := number_value(tok, lex)) is not None:
            name_numbers.add((tokens[k - 1], named))  # the digits of "COVID-19" are part of its name
            content_at.append(None)
            continue
        if (dotted := _DOTTED.match(text, m.start())) is not None:
            # "U.S." is the word "US", as written without its full stops
            stem = re.sub(r"\W", "", dotted.group()).lower()
            content.add(stem)
            ranked.update(j for j in range(k + 1, len(matches)) if matches[j].start() < dotted.end())
            content_at.append(stem)
            continue
        if (rank := _rank_word(matches, tokens, k, lex)) is not None:
            # "1st" is the word "first": a rank, no count of 1
            stem = _stem(rank, lex.stemmer)
            content.add(stem)
            ranked.add(k + 1)
            content_at.append(stem)
            continue
        value = number_value(tok, lex) if _NUMBER.fullmatch(tok) else spelled.get(m.start())
        if value is not None:
            # "3.6 million" is 3,600,000: a round figure of $3.64 million, and the same number as
            # "3,600,000"
            if money := money_magnitude(text, m.start(), m.end()):
                value *= money[0]  # "£1m" is £1,000,000, as "£1 million" is
                if k + 1 < len(tokens) and matches[k + 1].start() < money[1]:
                    scaled.add(k + 1)  # the "m" of "£1m" is read with it
            elif k + 1 < len(tokens) and (magnitude := lex.number_words.get(tokens[k + 1], 0.0)) >= MAGNITUDE:
                value *= magnitude
                scaled.add(k + 1)
            numbers.add(value)
            if decade_length(text, m.end(), value):
                decades.add(value)
            if bound := bound_before(text, m.start()):
                bounded.add((value, bound))
        elif tok in lex.number_words:
            # a word of a number read whole above ("five" of "sixty-five"), or a magnitude alone
            # ("a million")
            if k not in scaled and lex.number_words[tok] >= MAGNITUDE:
                numbers.add(lex.number_words[tok])
        elif _content_word(text, matches, k, lex, cue_words):
            stem = _stem(_month_written_out(text, matches, tokens, k, lex) or tok, lex.stemmer)
            content.add(stem)
            word = m.group()
            if (
                lex.entity_capitalisation
                and word[0].isupper()
                and len(word) > 1
                and not starts_sentence(text, m.start())
            ):
                entities.add(tok)  # a label alone names nothing ("Project Y" is named by "Its")
        content_at.append(stem)

    scopes: list[tuple[str, frozenset[str]]] = []
    for word in lex.restrictions:
        first = word.split()[0]
        for i, tok in enumerate(tokens):
            # "not only a singer but also an actor" restricts nothing
            if (
                tok == first
                and not (i and _adds(tokens, i - 1, lex))
                and (" " not in word or has_phrase(lowered, (word,)))
                and not (tok in _EMPHASES and _emphasising(tokens, i))
            ):
                lo, hi = max(0, i - _SCOPE_WINDOW), min(len(tokens), i + _SCOPE_WINDOW + 1)
                relatives = (
                    r
                    for r in range(i + 1, min(hi + 1, len(tokens)))
                    if tokens[r] in _RELATIVE_OPENERS
                    and not _CLAUSE_MARK.search(text, matches[r - 1].end(), matches[r].start())
                )
                if not (i and tok == "only" and tokens[i - 1] in _SOLE_BEFORE) and (relative := next(relatives, None)):
                    # through a relative clause within it: "only return items that are faulty" (not
                    # one after a comma, which adds to what it restricts: ", which costs 45 pounds")
                    hi = max(hi, min(len(tokens), relative + _SCOPE_WINDOW))
                # not back past the clause's start: "until 8 pm on weekdays, but only until 5 pm"
                lo = next(
                    (
                        j + 1
                        for j in range(i - 1, lo - 1, -1)
                        if _CLAUSE_MARK.search(text, matches[j].end(), matches[j + 1].start())
                    ),
                    lo,
                )
                sole = i and tok == "only" and tokens[i - 1] in _SOLE_BEFORE
                lo = i + 1 if sole else lo  # "the only legitimate child": what follows is its scope
                near = frozenset(s for s in content_at[lo:hi] if s is not None)
                scopes.append((SOLE if sole else word, near - {_stem(first, lex.stemmer)}))

    negations = any(is_negation(t, lex) for t in tokens)
    bounding = {m.start() for m in _BOUNDING_NEGATION.finditer(text)} if negations else set()  # "not more than 8"
    negating = [
        k
        for k, t in enumerate(tokens)
        if negations
        and is_negation(t, lex)
        and not _opens_title(text, matches, k, lex)
        and not _bounds(matches[k], bounding)
        and not _numbering(text, matches[k])
        and not _adds(tokens, k, lex)
    ]
    negated = bool(negating)
    negated_words = tuple(_negated_words(tokens, content_at, k, lex) for k in negating)
    phrases: list[tuple[str, ...]] = []
    for k in negating:
        reach = range(k + 1, min(len(tokens), k + 1 + _NEGATION_REACH))
        if k and (negates := next((j for j in reach if content_at[j] is not None), None)) is not None:
            # "did not sign" negates what "... signed" states: the token before "did" is kept
            opens = k - 2 if k >= 2 and tokens[k - 1] in lex.do_support else k - 1
            phrases.append(tokens[opens : negates + 1])
    # "non-refundable" negates what "refundable" states, but a "non-profit" group says nothing
    # negated of the group: a prefix is no negation of its sentence, only of its word
    for k in range(1, len(tokens) - 1):
        if tokens[k] in lex.negating_prefixes and text[matches[k].end() : matches[k + 1].start()] == "-":
            phrases.append(tokens[k - 1 : k + 2])
    if lex.lang == "fr" and not negated and {"ne", "n"} & set(tokens) and "que" in tokens:
        # "ne ... que" restricts ("n'est gratuit que pour ...") rather than negates.
        i = tokens.index("que")
        lo, hi = i, min(len(tokens), i + 2 * _SCOPE_WINDOW)
        scopes.append(("ne que", frozenset(s for s in content_at[lo:hi] if s is not None)))
    if "(" in text and LIFE_SPAN.search(text):
        content |= _life_date_stems(lang)  # "(22 July 1923 - 27 August 1976)" says "born" and "died"
    hedges = frozenset(_phrase_pattern(lex.hedges).findall(lowered))
    return TextFeatures(
        text=text,
        tokens=tokens,
        content=frozenset(content),
        numbers=frozenset(numbers),
        bounded=frozenset(bounded),
        entities=frozenset(entities),
        negated=negated,
        negations=tuple(phrases),
        negates=negated_words,
        adds=any(_adds(tokens, k, lex) for k in range(len(tokens) - 1)),
        restriction_scopes=tuple(scopes),
        absolute=any(t in lex.absolutes for t in tokens),
        hedged=bool(hedges),
        strong=frozenset(t for t in tokens if t in lex.absolutes or t in lex.strong_modals),
        hedges=hedges,
        name_numbers=frozenset(name_numbers),
        decades=frozenset(decades),
    )


def _rank_word(matches: Sequence[re.Match[str]], tokens: Sequence[str], k: int, lex: Lexicon) -> str | None:
    """The word of the rank that ``tokens[k]`` (digits) and the ending glued to it write ("1st" →
    "first", "3e" → "troisième"; the digits with their ending where the lexicon has no word for
    the rank: "23rd"), or ``None``; a day beside its month ("March 5th", "the 5th of March") is a
    day, a number."""
    if k + 1 >= len(tokens) or matches[k + 1].start() != matches[k].end() or not tokens[k].isdigit():
        return None
    written = tokens[k] + tokens[k + 1]
    if not lex.ordinal_digits.fullmatch(written):
        return None
    beside = {tokens[k - 1] if k else "", *tokens[k + 2 : k + 3]}
    if tuple(tokens[k + 2 : k + 3]) == ("of",):
        beside |= set(tokens[k + 3 : k + 4])
    if beside & _month_words(lex.lang):
        return None
    return _ordinal_names(lex.lang).get(float(tokens[k]), written)


@cache
def _month_words(lang: Lang) -> frozenset[str]:
    """The months of the lexicon and their abbreviations, lower-cased."""
    lex = get_lexicon(lang)
    return frozenset(lex.months) | frozenset(lex.month_abbreviations)


_DAY_AFTER = re.compile(r"\.?\s?\d")
"""What follows an abbreviated month that dates a day: "Dec. 24", "Dec 24"."""


def _month_written_out(
    text: str, matches: Sequence[re.Match[str]], tokens: Sequence[str], k: int, lex: Lexicon
) -> str | None:
    """The month that ``tokens[k]`` abbreviates beside a number ("Dec. 24", "24 Dec 2020" →
    "december"), or ``None``."""
    month = lex.month_abbreviations.get(tokens[k])
    if month is None or not matches[k].group()[0].isupper():
        return None
    dated = _DAY_AFTER.match(text, matches[k].end()) is not None or (k > 0 and tokens[k - 1].isdigit())
    return month if dated else None


@cache
def _ordinal_names(lang: Lang) -> dict[float, str]:
    """The first word of the lexicon for each rank ("first" for 1)."""
    names: dict[float, str] = {}
    for word, value in get_lexicon(lang).ordinal_words.items():
        names.setdefault(value, word)
    return names


@cache
def _cue_words(lang: Lang) -> frozenset[str]:
    """Words that carry a cue (negation, restriction, quantity) rather than content."""
    lex = get_lexicon(lang)
    singles = {w for w in (*lex.restrictions, *lex.hedges) if " " not in w}
    return frozenset(lex.negations | lex.absolutes | singles)


def starts_sentence(text: str, pos: int) -> bool:
    """Whether ``text[pos:]`` opens a sentence (or a quote, a bracket, a list item)."""
    before = text[:pos].rstrip()
    return not before or before[-1] in ".!?:;\n\"'«“(-•*"


_ROUND_SHARE = 0.05
"""How far a bare round figure may be from the value it rounds, as a share of it."""
_ABOUT_SHARE = 0.1
"""The same for a figure a word says is approximate ("about", "nearly")."""
_ROUND_STEP = 100
"""A bare figure is a rounding only when rounded to hundreds or more ("9,000", "3.6 million")."""


_NEGATED_COMPARISON = (
    r"(?:\b(?:not|no|never|nicht|pas)|n't)\s+(?:[^\W\d_]+\s+){0,2}?(?:(?:may|must|can|should|shall|will)\s+(?:be\s+)?)?"
    r"(?P<than>more than|over|above|exceed(?:s|ed|ing)?|in excess of|mehr als|über|plus de"
    r"|less than|fewer than|under|below|weniger als|unter|moins de)"
)
"""A negation before a comparison, at most two words apart and a modal ("not more than", "do not
take more than", "no fewer than", "no band may be below"): the bound a number after it has, not a
negation of what is said ("not suitable for children under 12" negates)."""
_BOUNDING_NEGATION = re.compile(
    _NEGATED_COMPARISON + r"\s*[$€£¥]?\s*(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve"
    r"|zwei|drei|vier|fünf|deux|trois|quatre|cinq)\b)",
    re.IGNORECASE,
)
"""A negated comparison before a number, in digits or in words ("must not keep more than two
pets")."""
_NEGATED_BOUND = re.compile(_NEGATED_COMPARISON + r"\s*[$€£¥]?\s*$", re.IGNORECASE)
_NEGATION_HINT = re.compile(r"\b(?:not|no|never|nicht|pas)\b|n't", re.IGNORECASE)
"""A word a negated comparison needs: where none stands, the costlier pattern is not tried."""
_BOUNDS = re.compile(
    r"\b(?:(?P<most>up to|at most|a maximum of|maximum of|höchstens|bis zu|au plus|au maximum|jusqu'à)"
    r"|(?P<over>over|more than|above|at least|upwards of|in excess of|exceeding|surpass(?:es|ed)?"
    r"|über|mehr als|mindestens|plus de|au moins)"
    r"|(?P<under>less than|fewer than|under|below|weniger als|unter|moins de)"
    r"|(?P<about>about|around|approximately|roughly|nearly|almost|some|an estimated|close to|circa"
    r"|etwa|rund|ungefähr|fast|knapp|environ|près de|presque|quelque))\s*[$€£¥]?\s*$",
    re.IGNORECASE,
)


def bound_before(text: str, start: int) -> Bound | None:
    """What the words before a number say of it ("more than", "about"), looked for in the 20
    characters before it. A negated comparison, looked for in the 40 before it, bounds the other
    way: "not more than 8" is at most 8, "no fewer than 8" over it.

    >>> [bound_before(t, len(t)) for t in ("more than ", "Do not take more than ", "no fewer than ", "up to ")]
    ['over', 'most', 'over', 'most']
    """
    wide = text[max(0, start - 40) : start]
    if _NEGATION_HINT.search(wide) and (negated := _NEGATED_BOUND.search(wide)):
        return "most" if negated.group("than").lower() in _OVER_WORDS else "over"
    match = _BOUNDS.search(text[max(0, start - 20) : start])
    if match is None:
        return None
    for bound in ("most", "over", "under"):
        if match.group(bound):
            return bound
    return "about"


_BOUND_AFTER = re.compile(
    r"(?P<over>\+)|(?:\s?[^\W\d_]+)?\s(?:(?P<over_words>(?:and|or) (?:over|above|older|more|upwards|later|newer"
    r"|higher)|und (?:älter|mehr)|(?:et|ou) plus)"
    r"|(?P<most>(?:and|or) (?:under|below|younger|less|fewer)|und jünger|(?:et|ou) moins))\b",
    re.IGNORECASE,
)


def bound_after(text: str, end: int) -> Bound | None:
    """What the words after a number (and the word it counts) say of it: "12 years and over" and
    "18+" bound it from below (``over``: it, or more), "5 or fewer" from above (``most``).

    >>> [bound_after(t, 2) for t in ("12 years and over", "18+ only", "65 or older", "12 tablets", "12 or fewer")]
    ['over', 'over', 'over', None, 'most']
    >>> bound_after("WordPress 6.0 and later", 13)  # a version, and those after it
    'over'
    """
    match = _BOUND_AFTER.match(text, end)
    if match is None:
        return None
    return "most" if match.group("most") else "over"


_OVER_WORDS = frozenset(
    {"more than", "over", "above", "exceed", "exceeds", "exceeded", "exceeding", "in excess of"}
    | {"mehr als", "über", "plus de"}
)
"""The comparisons of :data:`_NEGATED_COMPARISON` that say "above": negated, they bound from above."""


def rounds_to(claimed: float, stated: float, bound: Bound | None = None) -> bool:
    """Whether a claim's ``claimed`` value states the context's ``stated`` one, as a round figure
    does. Its *step* is its last non-zero digit's place (1,000 for 9,000; 0.1 for 3.6):

    * "more than 100" states 116: above it, by at most half a step ("over 30 million" is no way
      to say 40 million); "less than 5 billion" states 4.54 billion, below it by as much;
    * "about 14,000" states 13,800: within half a step and 10% ("around 10" is not 15);
    * a bare 9,000 states 9,061 and "$3.6 million" $3.64 million: a figure rounded to hundreds or
      more, within half a step and 5% (40 is no rounding of 41, nor 100 of 116). A value that may
      be a year (2000) rounds nothing.

    >>> rounds_to(9000, 9061), rounds_to(100, 116), rounds_to(100, 116, "over"), rounds_to(2000, 2004)
    (True, False, True, False)
    >>> rounds_to(5e9, 4.54e9, "under"), rounds_to(8, 4, "under"), rounds_to(5e9, 5.4e9, "under")
    (True, False, False)
    """
    if claimed == stated:
        return True
    step = _step(claimed)
    diff = stated - claimed
    if bound == "over":
        return 0 < diff <= step / 2
    if bound == "under":
        return 0 < -diff <= step / 2
    if bound == "about":
        return abs(diff) <= min(step / 2, _ABOUT_SHARE * abs(stated))
    if step < _ROUND_STEP or (float(claimed).is_integer() and 1000 <= claimed <= 2100):
        return False
    return abs(diff) <= min(step / 2, _ROUND_SHARE * abs(stated))


@lru_cache(maxsize=4096)
def _step(value: float) -> float:
    """The place of a value's last non-zero digit: 1,000 for 9,000; 0.1 for 3.6."""
    exponent = Decimal(repr(float(value))).normalize().as_tuple().exponent
    return 10.0**exponent if isinstance(exponent, int) else 1.0


def ends_name(text: str, start: int, lang: Lang) -> bool:
    """The digits at ``start`` end a name joined by a hyphen: "COVID-19", "SARS-CoV-2", "F-16" (a
    quantity comes first: "5-year", "20-year-old"; a minus sign follows no letter: "-5 degrees"; a
    prefix of the language's ``quantity_prefixes`` is no name: "mid-1970s").

    >>> ends_name("COVID-19 cases", 6, "en"), ends_name("a 5-year warranty", 2, "en"), ends_name("at -5", 4, "en")
    (True, False, False)
    >>> ends_name("in the mid-1970s", 11, "en")
    False
    """
    if start < 2 or text[start - 1] != "-" or not text[start - 2].isalpha():
        return False
    word = _WORD_BEFORE_HYPHEN.search(text, max(0, start - 20), start - 1)  # a prefix is short
    return word is None or word.group().lower() not in get_lexicon(lang).quantity_prefixes


_DECADE_END = re.compile(r"['’]?s\b")
"""What follows a year written as its decade: "1990s", "1800's"."""
_WORD_BEFORE_HYPHEN = re.compile(r"[^\W\d_]+$")


_POSSESSIVE = re.compile(r"['’]s$")


_CASED_WORD = re.compile(r"[^\W\d_][^\W_]*(?:['’][^\W\d_]+)*")
"""A word opening with a letter ("AirPods", "X200", "O'Neill")."""


@lru_cache(maxsize=16384)
def capitalised_stems(text: str, lang: Lang) -> frozenset[str]:
    """The stems of the words of ``text`` written with a capital (its names, and its first word);
    none in a language that capitalises every noun.

    >>> sorted(capitalised_stems("Marseille is the second-largest city in France.", "en"))
    ['franc', 'marseill']
    >>> sorted(capitalised_stems("iPhone revenue rose 3%.", "en"))
    ['iphon']
    """
    if not get_lexicon(lang).entity_capitalisation:
        return frozenset()
    cased = (m.group() for m in _CASED_WORD.finditer(text) if m.group()[0].isupper() or _CAMEL_CASED.match(m.group()))
    return analyze(" ".join(cased), lang).content


_CAMEL_CASED = re.compile(r"[a-z]+[A-Z]")
"""A name written with a capital after its first letters: "iPhone", "eBay", "macOS"."""


def without_possessive(word: str) -> str:
    """``word`` without an English possessive's "'s": a name ends before it ("Gaza's Al-Shifa
    hospital", "the DOD's policy" names the DOD).

    >>> without_possessive("UAW's"), without_possessive("Laconia’s"), without_possessive("Paris")
    ('UAW', 'Laconia', 'Paris')
    """
    return _POSSESSIVE.sub("", word)


@cache
def _life_date_stems(lang: Lang) -> frozenset[str]:
    """The stems of the lexicon's ``life_dates`` (:data:`LIFE_SPAN`)."""
    lex = get_lexicon(lang)
    return frozenset(_stem(word.rstrip("."), lex.stemmer) for word in lex.life_dates)


def unstated_numbers(claim: TextFeatures, evidence: TextFeatures) -> frozenset[float]:
    """The claim's numbers that no number of the evidence gives, exactly or as a round figure
    (:func:`rounds_to`: "more than 100" for 116), and the digits of a name of the claim where the
    evidence ends that name with other digits ("F-35" where it gives only "F-16"; not where it
    names the thing otherwise: "COVID-19" is "the coronavirus").

    >>> sorted(unstated_numbers(analyze("It opened in the 1990s."), analyze("It opened in 1992.")))
    []
    >>> claim = analyze("The F-35 costs $80 million.")
    >>> sorted(unstated_numbers(claim, analyze("The F-16 costs $80 million."))), sorted(
    ...     unstated_numbers(claim, analyze("The jet costs $80 million.")))
    ([35.0], [])
    """
    bounds = dict(claim.bounded)
    given = evidence.numbers | {n for _, n in evidence.name_numbers}  # "covid 19" for "COVID-19"
    unstated = {
        n
        for n in claim.numbers
        if not any(rounds_to(n, e, bounds.get(n)) or _in_decade(e, n, claim.decades) for e in given)
    }
    named_there = {word for word, _ in evidence.name_numbers}
    unstated |= {n for word, n in claim.name_numbers - evidence.name_numbers if word in named_there}
    return frozenset(unstated)


def decade_length(text: str, end: int, value: float) -> int:
    """The years that the year ``value`` ending at ``text[end]`` spans when written as its decade
    ("the 1990s": 10) or, before 2000, its century ("the 1800's": 100; "the 2000s" is a decade);
    0 for a year written as itself.

    >>> decade_length("the 1990s", 8, 1990.0), decade_length("the 1800's", 8, 1800.0), decade_length("1990", 4, 1990.0)
    (10, 100, 0)
    """
    if value < 1000 or value % 10 or not _DECADE_END.match(text, end):
        return 0
    return _years_spanned(value)


def _years_spanned(start: float) -> int:
    return 100 if start % 100 == 0 and start < 2000 else 10


def _in_decade(year: float, start: float, decades: frozenset[float]) -> bool:
    """``year`` lies in the decade or century ``start`` names ("1992" in "the 1990s", "1860" in
    "the 1800s": :func:`decade_length`)."""
    return start in decades and start <= year < start + _years_spanned(start)


def coverage(claim: TextFeatures, evidence: TextFeatures) -> float:
    """Fraction of the claim's content stems that occur in the evidence (1.0 if it has none).

    >>> coverage(analyze("Items can be returned within 30 days."),
    ...          analyze("Customers may return items within 30 days of purchase."))
    1.0
    """
    if not claim.content:
        return 1.0
    return len(claim.content & evidence.content) / len(claim.content)
