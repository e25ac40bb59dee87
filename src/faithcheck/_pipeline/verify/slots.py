"""Slot alignment: a claim's facts are checked where the rest of the claim is stated.

Evidence is often assembled from several sentences, so a claim's number or name can occur in a
sentence that has nothing to do with it: "up to 16 tablets in 24 hours" is not supported by "Do not
take more than 8 tablets in 24 hours" plus an unrelated "Each pack contains 16 tablets". Checking the
claim's numbers and names against the bag of assembled sentences lets the unrelated 16 count as
support. Here each *slot* of the claim (a number with what it counts, a name) is compared with the
sentences of the evidence that **align** with the words around it in the claim:

* a **number** (``16 tablets``: its value, the word it counts, whether it is a year) is stated by a
  sentence that holds the same value of a compatible kind, or the value a round figure rounds
  ("over 9,000 people" for 9,061 people: :func:`~faithcheck._text.analysis.rounds_to`); a
  sentence that holds another value of the same kind (``8 tablets``) competes with it. The
  sentence sharing more of the claim's words near the number (its *frame*: ``take``, ``24``,
  ``hours``) decides: if it states another value the claim is ``contradicted`` ("the context
  gives 8 tablets, not 16 tablets"); if no sentence states the value, or only a sentence that
  shares none of its frame, it is not supported, and uncertain; a measure (a date, a weight, a
  length, a price, a share) that the evidence gives only with other values of its unit ("April
  19" where it says "October 29") or whose value it gives in another unit ("5 lb" for "5 kg"),
  and any number whose value the evidence gives only of something else ("80 remote cameras" for
  "80 years": the word analysis counts that as stated), overrules a verifier's support; a count
  the evidence does not give at all ("9,000 people") does not, as the claim may take it from
  elsewhere;
* a **name** (``Buzz Aldrin``) is checked against the sentence that states the rest of the claim:
  if that sentence names someone else (``Neil Armstrong``) where the claim names it (the words
  around both names agree), and does not name the claim's name too, refer back to it with a
  pronoun or use an alias of it, the claim is ``wrong_entity``; evidence that names the claim's
  name nowhere (it may say "he", "the show") leaves a support uncertain;
* a **place** after a preposition (``born in Winchester``, ``the capital of France``), and a day
  or a month (``held on Friday``, ``opened in May``), is checked in the sentence that states most
  of the rest of the claim: if that sentence has another one between the same words (``born in
  Steventon``, ``held on Monday``), not listed with the claim's own (``Steventon, Hampshire`` for
  ``Hampshire``), the claim is ``wrong_entity`` (a day or a month: ``contradicted``).

In a coordinated sentence ("15 euros for adults and 8 euros for children") a number belongs to
its part (:mod:`faithcheck._pipeline.verify.conjuncts`): the part the words near the claim's number
single out is the one compared. Two names of the claim that a sentence has the other way round
("Manchester United beat Chelsea" for "Chelsea beat Manchester United") make it ``wrong_entity``
(:mod:`faithcheck._pipeline.verify.order`).

A bare number (``since she was 15 with``: no word says what it counts) is aligned by the words
around it alone. An age counts years however it is written (``Sapp, 42, was``, ``aged 42``,
``42-year-old``), and the age of someone else (``34-year-old quying boyd``) is no rival of it.
A name is also the wrong entity where a sentence copies the claim's words beside it and has
another name in its place (between the same words, within one phrase where the sentence names the
claim's name elsewhere), and where the claim has its name say what the sentence stating the rest
of it has someone else say ("..., Neel Kashkari said").

A digit run glued to letters (``X200``, ``B12``) is a name, not a quantity, and an ordinal
(``1st``, ``third``) is not a count but a rank, checked by
:mod:`faithcheck._pipeline.verify.ordinals`. A number after a capitalised word or a word of the
lexicon's ``label_words`` numbers it (``Android 11``, ``Python 3.12``, ``version 3.1``): it is
aligned among the numbers of the same label only, and where the evidence numbers that word only
otherwise (``Android 14``), or otherwise where the rest of the claim is stated, the claim is
contradicted.

A number is also read with what stands by it: the claim's other number next to it ("3.5% in 2019",
:attr:`NumberSlot.links`), the bound after it ("12 years and over"), the bracket of a statistic's
interval after an estimate ("81,114 (95% UI 38,242 to 162,106) deaths": its numbers bound the
estimate, :attr:`NumberSlot.interval`), and, where all else ties, the names near it.

Support that needs two sentences keeps working: each slot looks for its own sentence, so "The X200
is a blender. It comes with a 2-year warranty." supports "The X200 blender has a 2-year warranty".

Both offline verifiers run this check on every piece of evidence that would support a claim (see
:mod:`faithcheck._pipeline.verify.cues`), and the LLM judge's supported verdicts are checked the same way
against the quote they rest on (:mod:`faithcheck._llm.quotes`).
"""

from __future__ import annotations

import re
import sys
import unicodedata
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from functools import cache, lru_cache, partial
from itertools import pairwise, product, takewhile
from math import isclose

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.agents import check_agents, check_roles
from faithcheck._pipeline.verify.codes import check_codes
from faithcheck._pipeline.verify.compared import Measured, check_compared
from faithcheck._pipeline.verify.conjuncts import (
    CLAUSES,
    CLAUSES_BY_WORD,
    GIVEN_ON_TOP,
    Conjunct,
    conjuncts,
    left_out_after_article,
)
from faithcheck._pipeline.verify.contrasted import check_contrasted
from faithcheck._pipeline.verify.crossed import names_crossed
from faithcheck._pipeline.verify.described import check_described
from faithcheck._pipeline.verify.evidence import EvidenceWindow
from faithcheck._pipeline.verify.findings import SlotFinding, changed_from
from faithcheck._pipeline.verify.holders import check_holders
from faithcheck._pipeline.verify.letters import check_letters, lettered
from faithcheck._pipeline.verify.life_place import life_place_otherwise
from faithcheck._pipeline.verify.modifiers import model_variants, modified_otherwise, varied_otherwise
from faithcheck._pipeline.verify.order import swapped_names
from faithcheck._pipeline.verify.ordinals import century_stems, check_ordinals, ordinals, rank_stems, ranked_otherwise
from faithcheck._pipeline.verify.predicates import check_predicates
from faithcheck._pipeline.verify.subject_place import placed_otherwise
from faithcheck._pipeline.verify.titles import check_spelt_titles, check_titles, titled
from faithcheck._text.analysis import (
    CLOCK_TIME,
    LIFE_SPAN,
    NUMBER_DIGITS,
    Bound,
    TextFeatures,
    analyze,
    bound_after,
    bound_before,
    capitalised_stems,
    clock_minutes,
    decade_length,
    ends_name,
    number_value,
    of_a_change,
    past_tense,
    rounds_to,
    starts_sentence,
    stem,
    without_possessive,
)
from faithcheck._text.lexicon import Lexicon, get_lexicon, lower_case_words, opposite_words
from faithcheck._text.number_words import (
    CURRENCIES,
    MAGNITUDE,
    MONEY_SUFFIX,
    may_spell,
    money_magnitude,
    spelled_numbers,
)
from faithcheck._text.sentences import split_sentences

__all__ = [
    "NameSlot",
    "NumberSlot",
    "SlotFinding",
    "check_comparison",
    "check_life_place",
    "check_pronoun_subject",
    "check_slots",
    "check_subject_place",
    "claim_slots",
    "context_sentences",
    "crossed_names",
    "flanked_alike",
    "sentences_of",
    "stated_otherwise",
    "window_sentences",
]

_FRAME_TOKENS = 5
"""The words of the claim within this many tokens of a number are its frame."""
_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*")
# a number that is not part of a name ("X200") nor a version or an ordinal ("1.2.3", "1st"); its
# thousands may be parted by spaces ("13 000 km": one number, not 13 and 0 kilometres)
_NUMBER = re.compile(rf"(?<![^\W\d_])(?<![\d.,])(?:{NUMBER_DIGITS})%?(?:(?<=\d{{3}}0)(?=s\b)|(?![^\W_]))(?![.,]\d)")
"""A number standing alone: not glued to letters ("X200"), except a decade's "s" ("the 1990s")."""
# an amount of money with its magnitude glued to it ("£1m", "$10.6bn": number_words.money_magnitude),
# or written out ("£49million", "$2.5billion", "€3milliards": :func:`_magnitude_after`)
_MONEY = re.compile(
    rf"[{CURRENCIES}]\s?(\d+(?:[.,]\d+)*)(?={MONEY_SUFFIX}|(?:[mbt]r?illion|milliard)s?\b)", re.IGNORECASE
)
_PENCE = re.compile(r"(?<![^\W_])(\d+(?:\.\d+)?)p\b")
"""An amount in pence with its "p" glued to it: "24.5p per kWh", "53p a day"."""
_PENNY = "p"
_GLUED_DEGREES = re.compile(r"(?<![^\W_])(\d+(?:\.\d+)?)[CF]\b")
"""A temperature with its scale's letter glued to it: "up to 40C", "a low of 28F"."""
_GLUED_SCALE_AFTER = re.compile(r"\d[CF]\b")
"""A number glued to a scale's letter, somewhere (most texts have none to look for)."""
_CASED_BEFORE = re.compile(r"[^\W\d_]*[A-Z][\w-]*\s+$")
"""A word with a capital right before a number: it names what the number numbers ("iPhone 5C")."""
"""The unit of an amount of :data:`_PENCE`."""
# what may stand between a number and the word it counts: "16 tablets", "5-year", "5 kg"
_UNIT_GAP = re.compile(r"\s?-?\s?")


def _word_set(words: str) -> frozenset[str]:
    return frozenset(words.split())


_PRONOUNS = _word_set(
    "he she it they his her its their him them this these "
    "er sie es ihr ihm ihn sein seine il elle ils elles lui leur son sa ses"
)
_NOT_UNITS = _word_set(
    "after before during since until till over under per each ago later earlier more less than "
    "about around nearly almost only just up down out off away back "
    "daily weekly monthly yearly annual annually hourly last next previous "
    "today now yesterday tomorrow tonight currently"
)
"""Words after a number that say nothing about what it counts (the stop-word lists keep some of
them as content words)."""
_MONTHS = frozenset(get_lexicon("en").months)
"""The months as dates are read here: English only (the lexicon's months of the other languages
are read by the analysis)."""
_DASHES = "-\u2013\u2014"
"""A hyphen, an en dash and an em dash: what joins a range, a score or a compound."""
_CALENDAR = _MONTHS | _word_set("monday tuesday wednesday thursday friday saturday sunday")


DayEnd = tuple[float, str | None, str]
"""An end of a span of dates (:attr:`NumberSlot.days`): its day, its month's stem, its text."""
Link = tuple[bool, float, str]
"""A number next to another (:attr:`NumberSlot.links`): whether it comes after it, its value, and
the words between, lower-cased ("in")."""


@dataclass(frozen=True)
class NumberSlot:
    """A number of the claim: its value, the word it counts (a stem, or ``None``), its text."""

    value: float
    unit: str | None
    text: str
    is_year: bool
    frame: frozenset[str]
    """The claim's content stems near it (the word it counts left out)."""
    bound: Bound | None = None
    """What the word before it says: "more than 100" (``over``), "about 14,000" (``about``)."""
    measured: bool = False
    """Its unit only measures (a date, a weight, a price: :func:`_measures`); another word after a
    number is often no unit at all ("two huge studies", "107 million monthly active users")."""
    label: str | None = None
    """The capitalised word it numbers ("Android 14", "Iron Man 3")."""
    label_opens: bool = False
    """The label starts its sentence: a name only where the evidence numbers the word in the middle
    of a sentence ("Cars 3 will be directed by" after "Cars 2 (2011)"); "Take 2 tablets" numbers no
    name."""
    age_of: frozenset[str] = frozenset()
    """For an age, the words of whose it is ("sapp" in "Sapp, 42,"): the age of someone else is no
    rival of it."""
    age: bool = False
    """It is an age ("Sapp, 42,", "aged 42", "died at the age of 84"): no rival of a number of years
    that is none ("jailed for 111 years"), nor that of it."""
    span: tuple[float, float] | None = None
    """For a year that starts or ends a span ("between 1993 and 2018", "from 2011 to 2014"), or a
    number a range of one unit ("7 to 9 hours", "16-21 cm": :func:`_ranging`), the span: a value
    inside it, or a year at its other end, is no rival of its ends (:meth:`spans`)."""
    decade: int = 0
    """For a year written as its decade or century ("the 1990s", "the 1800's"), the years it spans
    (:func:`~faithcheck._text.analysis.decade_length`): a year in them states it, and is no rival."""
    around: frozenset[str] = field(default=frozenset(), compare=False)
    """The content stems near it, names and the calendar too: what singles out the part of a
    coordinated sentence it speaks of ("for children", "on Sundays", "in Reykjavik")."""
    interval: tuple[float, float] | None = None
    """For a number inside the bracket of a statistic's interval after an estimate ("81,114 (95%
    UI 38,242 to 162,106) deaths", "54 years (IQR 41 to 66)"), the interval's ends: it bounds the
    estimate, and states a value of its own only for a claim that bounds its number too or gives
    the other end (:func:`_states_interval`)."""
    of_what: str | None = field(default=None, compare=False)
    """The stem of the noun after its unit and "of": what a measure measures ("flour" of "200 g of
    flour", "experience" of "5 years of experience")."""
    aside: frozenset[str] | None = field(default=None, compare=False)
    """For a number inside a bracket right after a name ("the Republic of China (which moved to
    Taiwan after 1949)"), the content stems of the name and the bracket: an aside about that name,
    which states nothing of a claim sharing none of them (:func:`_asides`)."""
    dates: NameSlot | None = field(default=None, compare=False)
    """For a year alone in a bracket right after a name ("Let Me In (2010)", "Teflon Don (2010)"),
    the name: the year of that thing, which states no year of another thing the claim names
    by a bracket of its own (:func:`_asides`)."""
    phrase: frozenset[str] = field(default=frozenset(), compare=False)
    """For a number a label names ("Cars 2"), the content stems near it in its own phrase, the label
    left out: "artist" in "It is directed by Brian Fee, an artist on Cars 2"."""
    links: frozenset[Link] = field(default=frozenset(), compare=False)
    """The numbers next to it in one phrase, each with the words between (:func:`_links`): "3.5%
    in 2019" ties the 2019 to the 3.5%, whatever else its sentence says of 2012."""
    conjunct: Conjunct = field(default=(-1, frozenset()), compare=False)
    """The part of a coordinated sentence it belongs to (:mod:`~faithcheck._pipeline.verify.conjuncts`):
    "8 euros for children" in "Tickets cost 15 euros for adults and 8 euros for children"."""
    total: bool = field(default=False, compare=False)
    """A word of the lexicon's ``total_words`` stands among the few words before it or right after
    it, in its phrase (:func:`_totalled`): "a total of 11", "taking the total to 326", "$9 million in
    total"."""
    owner: frozenset[str] = field(default=frozenset(), compare=False)
    """Where its part of the sentence opens with "its" or "their" and words before a stop word, the
    stems of those words (:func:`_owner`): a thing of what the sentence speaks of, whose number it
    is ("its metropolitan area had a population of 662,577"); read in English only."""
    life: bool = field(default=False, compare=False)
    """A date of someone's birth or death: one of the years of a life's brackets ("(22 July 1923 - 27
    August 1976)"), or after a word of ``life_dates`` ("born April 26, 1980", "(born Diane Hall;
    January 5, 1946)": :func:`_life_date`). It states the year of no other event ("made his film
    debut in 1980")."""
    adverbial: bool = field(default=False, compare=False)
    """After a preposition, with a month or a day between at most (:data:`_ADVERBIAL`): when or how
    much of its part's event ("was named Fighter of the Year ... in 1995"), not a word describing a
    noun ("the 1970s episode", "a 2010 musical"); read in English only."""

    per: tuple[float, str] | None = field(default=None, compare=False)
    """For a rate, the length in seconds of the time it is given per, and its words: "1.5 days of
    paid leave per month" (2,629,800; "per month"), "$10 a week", "€120 jährlich" (:func:`_rate`). Two
    rates of the same unit per different times are compared per the same time (:meth:`rates`)."""
    strict: bool = field(default=False, compare=False)
    """It is a count whose bound excludes the number itself: "more than 116 bodies", "fewer than 500
    employees" (:func:`_strictly_bound`). A context giving the number alone gives a value the claim
    excludes."""
    dimension: str | None = field(default=None, compare=False)
    """For a measure, the dimension it gives, where a word says it (:func:`_dimension`): ``length``
    of "1,280 metres long" and of "a total length of 2,737 metres". Of two measures, the one giving
    the claim's dimension is the claim's, before one that shares more of its other words ("a main
    span of 1,280 metres")."""
    flank: tuple[str, ...] = field(default=(), compare=False)
    """The words right after it (past its unit's), lower-cased, up to a mark or a digit
    (:func:`_flank`): "with anc on" of "20 hours with ANC on". Where a sentence has a number with
    the claim's words after it, word for word, one whose words say the opposite in the same place
    (the lexicon's ``opposites``: "30 hours with ANC off") is of another thing, however many words
    it shares with the claim's around it."""
    flank_before: tuple[str, ...] = field(default=(), compare=False)
    """The same of the words right before it, nearest first: "on open applications" of
    "Applications open on 15 March" ("close on 15 March" is of another thing where "open on 1
    February" has the claim's)."""
    edition: frozenset[str] = field(default=frozenset(), compare=False)
    """For a year after "the" and before a name, the stems of the name it dates: an edition of a
    recurring thing ("the 2016 QS World University Rankings", "the 2014 World Cup"). Where the
    evidence dates the claim's edition, a year of another thing's ("the 2015 Above The Law
    Rankings") neither states nor rivals it (:meth:`same_edition`); read in English only."""
    days: tuple[DayEnd, DayEnd] | None = field(default=None, compare=False)
    """For a day of a month that starts or ends a span of dates ("from 1 May to 31 May", "between
    May 1 and May 31"), the span's two ends: neither rivals the other (:meth:`ends_days`), and which end
    the claim's day is, :func:`_check_ends` tells."""

    changed_to: str | None = field(default=None, compare=False)
    """For the old value of a change ("was extended from 15 June to 30 June", "was raised from $7.99
    to $10.99"), the new value's text: the old one is no value the context gives now, neither
    stating a claim that speaks of no change (it contradicts it) nor rivalling the new one."""

    then: frozenset[str] | None = field(default=None, compare=False)
    """For the old value of a change given after the new one ("58.2%, down from 64.1% at the last
    election"), the stems of the words after it in its phrase: the time it is of. A claim in the past
    tense takes the old value only where it says that time or speaks of a change ("Turnout was 64.1%"
    is contradicted; "Turnout fell from 64.1%" is not)."""

    def ends_days(self, other: NumberSlot) -> bool:
        """``other`` is the other end of the span of dates this day ends or starts (:attr:`days`)."""
        return (
            self.days is not None
            and other.days is None
            and (other.value, other.unit) in ((end[0], end[1]) for end in self.days)
        )

    def same_edition(self, other: NumberSlot) -> bool:
        """Both date editions of one thing, one maybe named more fully ("the 2014 FIFA World Cup"
        and "the 2014 World Cup")."""
        mine, theirs = self.edition, other.edition
        return bool(mine and theirs) and (mine <= theirs or theirs <= mine)

    def spans(self, value: float) -> bool:
        """``value`` lies inside the span this number starts or ends, or, for a span of years, is
        one of its ends (which end, :func:`_check_ends` tells): "from 1861 to 1865" holds 1865,
        "20-30 years" not 30 of "30-30 years"."""
        if self.span is None:
            return False
        low, high = self.span
        return low < value < high or (self.is_year and value in (low, high))

    def rates(self, other: NumberSlot) -> tuple[float, float] | None:
        """Both, where both are rates of one unit per different times, per second ("1.5 days per
        month" and "18 days per year" are one rate)."""
        if self.per is None or other.per is None or self.per[0] == other.per[0] or self.unit != other.unit:
            return None
        return self.value / self.per[0], other.value / other.per[0]

    def states(self, other: NumberSlot) -> bool:
        """``other`` (a number of the context) gives this slot's value, of a compatible kind; a
        round figure states the exact value it rounds, of the same unit ("over 9,000 people" for
        9,061 people; never a year); a length of time in another unit states as long a time ("24
        months" for "2 years", "13 weeks" for "three months": :data:`_SAME_TIME`; "1,200 g" for
        "1.2 kg": :data:`_METRIC`); an age no
        length of time written with its unit, nor that an age; a rate per another time states the
        same rate (:meth:`rates`)."""
        if (rates := self.rates(other)) is not None:
            return isclose(*rates, rel_tol=_SAME_RATE)
        if (measures := self.measures(other)) is not None:
            return isclose(*measures, rel_tol=_same_measure(self.unit))
        if other.value == self.value:
            # an age is no length of time written as one: "Szilveszter, 20," is not stated by "for
            # 20 years" (a bare "Peter Fox, 26." may be an age)
            timed = other if self.age else self
            ages_apart = self.age != other.age and timed.unit is not None and not timed.text[-1].isdigit()
            return self.compatible(other, strict=False) and not ages_apart
        return self._rounds(other) or (other.is_year and self._spans_year(other)) or self._holds(other)

    def _holds(self, other: NumberSlot) -> bool:
        """A count bounded excluding its number (:attr:`strict`) holds another count of the same
        thing past it: "more than 1,500 paintings" holds "2,000 paintings"."""
        if not self.strict or other.bound is not None or other.is_year or self.unit != other.unit:
            return False
        return other.value > self.value if self.bound == "over" else other.value < self.value

    def bounds_roundly(self, other: NumberSlot) -> bool:
        """This number, if it holds ``other`` past its bound (:meth:`_holds`), is a round figure: a
        bound of another figure says about how many ("more than 101 bodies" is no way to say 116)."""
        return not self._holds(other) or self.value % _ROUND_FIGURE == 0

    def competes(self, other: NumberSlot) -> bool:
        """``other`` gives another value of the same kind: a year for a year, the same counted word,
        another length of time ("two months' notice" for "24 hours' notice"), another rate."""
        if (rates := self.rates(other)) is not None:
            return not isclose(*rates, rel_tol=_SAME_RATE) and not self.of_someone_else(other)
        if (measures := self.measures(other)) is not None:
            return (
                not isclose(*measures, rel_tol=_same_measure(self.unit))
                and not self.of_someone_else(other)
                and self.age == other.age
            )
        if self.in_another_month(other):
            return not self.of_someone_else(other)
        return (
            other.value != self.value
            and not self._rounds(other)
            and not self._holds(other)
            and not self._spans_year(other)
            and not other._spans_year(self)
            and (self.compatible(other, strict=True) or self.dated_alike(other))
            and not self.of_someone_else(other)
            and self.age == other.age
        )

    def in_another_month(self, other: NumberSlot) -> bool:
        """Both are a year dated by its month, one year in two months: "May 2023" rivals "April
        2023" ("approved ... in May 2023 but blocked ... in April 2023" for "approved in April
        2023"), where its value alone would make it the claim's own."""
        months = _month_stems()
        return (
            self.is_year
            and other.is_year
            and self.value == other.value
            and self.unit != other.unit
            and {self.unit, other.unit} <= months
        )

    def dated_alike(self, other: NumberSlot) -> bool:
        """Both are days of a month: another day, which rivals this one whatever its month ("28 June
        1919" for "10 January 1920"). A year dated by its month only rivals no year of another
        month ("released in October 2023" beside "Version 3.2 was released on 14 March 2024")."""
        return {self.unit, other.unit} <= _month_stems() and not self.is_year and not other.is_year

    def of_someone_else(self, other: NumberSlot) -> bool:
        """Both are ages, of people named otherwise ("Sapp, 42," and "34-year-old quying boyd")."""
        return bool(self.age_of and other.age_of) and not self.age_of & other.age_of

    def measures(self, other: NumberSlot) -> tuple[float, float] | None:
        """The two in one unit, where both measure one kind of thing in different units: lengths of
        time in seconds (:func:`_seconds`), masses, lengths, volumes and sizes of data in their
        metric unit (:data:`_METRIC`: "2 TB" and "5 GB")."""
        if self.unit == other.unit or self.is_year or other.is_year:
            return None
        mine, theirs = _in_base_unit(self.unit), _in_base_unit(other.unit)
        if mine is None or theirs is None or mine[0] != theirs[0]:
            return None
        return self.value * mine[1], other.value * theirs[1]

    def _spans_year(self, other: NumberSlot) -> bool:
        """This is a decade or a century ("the 1990s") that the year ``other`` lies in."""
        return self.decade > 0 and self.value <= other.value < self.value + self.decade

    def _rounds(self, other: NumberSlot) -> bool:
        same_kind = not self.is_year and not other.is_year and self.unit == other.unit != _SCORE
        # a bare "100%" is all, never a round figure ("100% of experts agree" does not state 97%;
        # "nearly 100%" may)
        whole = self.unit == "%" and self.value == _WHOLE and self.bound is None
        # a number the context bounds itself is a limit, which no other figure rounds: "Store below
        # 30°C" is no way to say "Store below 25°C", nor "up to 10 people" "up to 8 people"
        limit = other.bound in ("over", "under", "most")
        return same_kind and not whole and not limit and rounds_to(self.value, other.value, self.bound)

    def compatible(self, other: NumberSlot, *, strict: bool) -> bool:
        if self.is_year or other.is_year:
            # a month before each makes two dates: "February 1798" is not "28 January 1798"
            months = {self.unit, other.unit} <= _month_stems()
            return self.is_year and other.is_year and (self.unit == other.unit or not months)
        if (self.unit in _month_stems()) != (other.unit in _month_stems()):
            return False  # a day of a month counts nothing else: "Tue 13 Oct" does not state "Man, 13,"
        if _refines(self.unit, other.unit) or _refines(other.unit, self.unit):
            return True  # "2.7 degrees" may be the "2.7 degrees Fahrenheit" of the context
        if self.label is not None and self.label == other.label and self.unit == other.unit:
            return True  # two numbers of one word are two of a kind: "Version 1.9", "Version 2.0"
        loose = self.unit != other.unit and not (self.measured or other.measured)
        if self.unit is None or other.unit is None or loose:
            # "over 16:" may be the claim's "16 tablets", but no rival of it: what a bare number
            # counts cannot be told; nor can two words that measure nothing ("107 million users",
            # "107 million accounts")
            return not strict
        return self.unit == other.unit


_WHOLE = 100
"""A share of this many per cent is the whole."""
_A_DOSE = r"\d+(?:\.\d+)?\s?(?:ml|mg|mcg|g)\s+"
"""A measure of a dose before the noun it measures: the "5 ml" of "two 5 ml spoonfuls"."""
_ONE_BEFORE = re.compile(rf"(?<![\w-])(one)\s+(?:{_A_DOSE})?([^\W\d_]+)", re.IGNORECASE)
""""One" and the word after it, maybe past a dose (:data:`_A_DOSE`): a number before a unit of time
or a noun (:func:`_one_counted`; "one 5 ml spoonful")."""
_COUNT_OF_MEASURED = re.compile(rf"\s+{_A_DOSE}([^\W\d_]+)", re.IGNORECASE)
"""A dose after a number and the noun it measures: "two 5 ml spoonfuls" counts spoonfuls."""


_AWAY_WORDS = frozenset({"later", "earlier", "afterwards"})
_A_TIME_AWAY = re.compile(
    r"(?<![\w-])(?<!half )(?<!quarter )(an?)\s+([^\W\d_]+)\s+(?:later|earlier|afterwards)\b", re.IGNORECASE
)
""""A" or "an", a word and "later", "earlier": one of a unit of time where the word is one ("a week
later", "an hour earlier"; not "half an hour later", nor "a week ago", a time that rivals no length of
time)."""
_ONE_ALONE = re.compile(r"(?<![\w-])([^\W\d_]+)\s+(one)(?=\s*(?:[.,;:)]|$))")
""""One" ending a clause, and the word before it: a number where that word stands before another
number of the text ("52% after one" beside "after two doses")."""


_COUNTING_PREPOSITIONS = _word_set("after before for with within in per than over under about at on by from to")
"""Prepositions after which "one" and a noun are a number ("after one dose", "for one night"); after
other words "one" may be a pronoun ("no one came", "the one on the left"), a part of a fraction or of
a larger number ("found one third", "almost one million")."""


_COUNTING_WORDS = _word_set(
    "has have had includes include contains contain and or only just exactly"
    " bring brings take takes carry carries check receive receives earn earns allow allows get gets"
)
"""Words after which "one" and a noun are a number too: what something has ("has one bedroom"), the
last of a list ("two bedrooms and one bathroom"), a bound ("only one dose"), what one brings, takes
or is allowed, or gets ("bring one guest", "check one bag", "take one tablet", "get one free
checked bag")."""


def _counted_after(text: str, one: re.Match[str], lex: Lexicon) -> bool:
    """The "one" of ``one`` (:data:`_ONE_BEFORE`) counts the word after it: a lower-case word that is
    no stop word, number word or ordinal, after a preposition of :data:`_COUNTING_PREPOSITIONS` or a
    word of :data:`_COUNTING_WORDS`.

    >>> [(n.value, n.unit) for n in _numbers("The flat has two bedrooms and one bathroom.", "en")]
    [(2.0, 'bedroom'), (1.0, 'bathroom')]
    """
    word = one.group(2)
    if not word.islower() or word in lex.stopwords or word in lex.number_words or word in lex.ordinal_words:
        return False
    before = _WORD_BEFORE.search(text, 0, one.start(1))
    return before is not None and before.group(1).lower() in _COUNTING_PREPOSITIONS | _COUNTING_WORDS


@cache
def _spelled_pattern(lang: Lang) -> str:
    """A pattern matching a number word of the lexicon."""
    return "|".join(rf"{re.escape(word)}\b" for word in sorted(get_lexicon(lang).number_words, key=len, reverse=True))


_DURATIONS = {
    1: "second seconds sekunde sekunden seconde secondes",
    60: "minute minutes",
    3_600: "hour hours stunde stunden heure heures",
    86_400: "day days tag tage tagen jour jours",
    604_800: "week weeks woche wochen semaine semaines",
    1_209_600: "fortnight fortnights",
    2_629_800: "month months monat monate mois",
    15_778_800: "semester semesters semestre semestres",
    31_557_600: "year years jahr jahre jahren an ans année années",
    315_576_000: "decade decades jahrzehnt jahrzehnte décennie décennies",
}
"""Units of time by their length in seconds (a month a twelfth of a year of 365.25 days, a semester
half of one), in the three languages read; they are measures too (:data:`_MEASURE_WORDS`)."""
_SAME_TIME = 0.1
"""Two lengths of time in different units this close are one, written loosely: "13 weeks" and
"three months", "4 weeks" and "a month"."""
_SAME_RATE = 0.01
"""Two rates per different times this close are one: "$10 a week" and "$520 a year" (52.18 weeks)."""
_SAME_METRIC = 0.03
"""Two other measures in different units this close are one, rounded: "5 km" and "3.1 miles", "1 GB"
and "1,024 MB" (not "289 km" and "187 miles", 4% apart)."""


def _same_measure(unit: str | None) -> float:
    """How close two measures in different units, one of them in ``unit``, must be to be one."""
    return _SAME_TIME if unit in _seconds() else _SAME_METRIC


_METRIC = {
    "mg": ("mass", 1e-3),
    "g": ("mass", 1.0),
    "kg": ("mass", 1e3),
    "mm": ("length", 1e-3),
    "cm": ("length", 1e-2),
    "m": ("length", 1.0),
    "km": ("length", 1e3),
    "mile": ("length", 1609.344),
    "ml": ("volume", 1e-3),
    "l": ("volume", 1.0),
    "kb": ("data", 1e3),
    "mb": ("data", 1e6),
    "gb": ("data", 1e9),
    "tb": ("data", 1e12),
}
"""Units of mass, length, volume and data (as :func:`_numbers` writes them: "kilograms" is "kg",
"litres" "l"), each to its kind and its size in the kind's first unit."""


def _in_base_unit(unit: str | None) -> tuple[str, float] | None:
    """The kind of ``unit`` and its size in the kind's unit (seconds for time), or ``None``."""
    if unit is None:
        return None
    if (seconds := _seconds().get(unit)) is not None:
        return "time", seconds
    return _METRIC.get(unit)


def _one_counted(text: str, lang: Lang) -> list[tuple[int, int, float]]:
    """Each "one" that is a number, where alone it is none ("one of them"; spelled_numbers leaves it
    out): before a unit of time ("labour for one year") or, after a preposition, a noun
    (:func:`_counted_after`: "after one dose", not "no one came"); or ending a clause after a word
    that stands before another number of the text (:data:`_ONE_ALONE`: "52% after one" beside
    "after two doses")."""
    units = _seconds()
    lex = get_lexicon(lang)
    found = [
        (m.start(1), m.end(1), 1.0)
        for m in _ONE_BEFORE.finditer(text)
        if analyze(m.group(2), lang).content & units.keys() or _counted_after(text, m, lex)
    ]
    for m in _ONE_ALONE.finditer(text):
        # "after one" where "after two doses" is said too: the noun is left out
        if re.search(rf"\b{re.escape(m.group(1))}\s+(?:\d|one\s+\w|{_spelled_pattern(lang)})", text, re.IGNORECASE):
            found.append((m.start(2), m.end(2), 1.0))
    return found


def _a_time_away(text: str, lang: Lang) -> list[tuple[int, int, float]]:
    """Each "a" or "an" before a unit of time and "later" or "earlier" (:data:`_A_TIME_AWAY`):
    one of that unit ("authorised a week later" is no "a month later")."""
    units = _seconds()
    return [
        (m.start(1), m.end(1), 1.0)
        for m in _A_TIME_AWAY.finditer(text)
        if analyze(m.group(2), lang).content & units.keys()
    ]


@cache
def _seconds() -> dict[str, float]:
    """The stem of each unit of time, in each language read, to its length in seconds."""
    langs: tuple[Lang, ...] = ("en", "de", "fr")
    return {
        stem: float(length)
        for length, words in _DURATIONS.items()
        for lang in langs
        for word in words.split()
        for stem in analyze(word, lang).content
    }


def _refines(unit: str | None, other: str | None) -> bool:
    """``unit`` is ``other`` told more precisely: "degrees Celsius" for "degrees"."""
    return unit is not None and other is not None and unit.startswith(other + " ")


@dataclass(frozen=True)
class NameSlot:
    """A name of the claim (a run of capitalised words) and the stems of its words."""

    text: str
    stems: frozenset[str]
    before_noun: bool = False
    """One word before a noun, as an adjective ("an English singer", "a Waco comedian"); read in
    English only (French and German write words of origin in lower case)."""
    opening: bool = field(default=False, compare=False)
    """A sentence's first word alone, a name by how seldom people write it in lower case
    (:func:`_opens_as_name`): another name in its place tells it is wrong ("Apple reported ..."),
    but neither a role shared loosely nor a sentence merely holding it does ("Ibsen was present at
    the world premiere" for "Hedda Gabler's world premiere was ..."), and the numbers read it as
    any word ("Preheat the oven to 180°C")."""

    @property
    def origin(self) -> bool:
        """A word of origin before a noun ("an English singer", "fellow American rapper"): a rival
        only of a name that stands before a noun too (the English lexicon's ``origin_words`` and
        ``origin_suffixes``; ``before_noun`` is read in English only)."""
        lex = get_lexicon("en")
        word = self.text.lower()
        return self.before_noun and lex.of_origin(word)


_FLANK = 4
"""At most this many words after a number are its flank (:attr:`NumberSlot.flank`)."""
_FLANK_WORDS = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*|[^\w\s]|\d")
"""A word, a mark or a digit: the flank ends at the first mark or digit."""


_CLOCK_SUFFIX = re.compile(r"\s?[ap]\.\s?m\.", re.IGNORECASE)
"""The "a.m." or "p.m." after a time: its full stops end no flank."""


def _flank(text: str, end: int, unit_after: bool) -> tuple[str, ...]:
    """The words after a number ending at ``end`` (without its unit, the first of them where
    ``unit_after``), lower-cased, up to a mark or a digit, at most :data:`_FLANK`."""
    if clock := _CLOCK_SUFFIX.match(text, end):
        end, unit_after = clock.end(), False  # "9 a.m. on weekdays": the flank is "on weekdays"
    words: list[str] = []
    for word in _FLANK_WORDS.findall(text, end, end + 80):
        if not word[0].isalpha() or len(words) > _FLANK:
            break
        words.append(word.lower())
    return tuple(words[int(unit_after) :][:_FLANK])


def _flank_before(text: str, start: int) -> tuple[str, ...]:
    """The words before a number starting at ``start``, nearest first, lower-cased, up to a mark or
    a digit, at most :data:`_FLANK`."""
    words: list[str] = []
    for word in reversed(_FLANK_WORDS.findall(text, max(0, start - 80), start)):
        if not word[0].isalpha() or len(words) == _FLANK:
            break
        words.append(word.lower())
    return tuple(words)


def _twins(slot: NumberSlot, given: Sequence[NumberSlot], lang: Lang) -> list[NumberSlot]:
    """The numbers of ``given`` with the claim's words right after ``slot``, or right before it, word
    for word (two words at least), up to the first that is no stop word ("close on" of "Applications
    close on 1 October" is the words before "15 November" in "open on 1 October and close on 15
    November"), and no opposite of the claim's further on (:func:`_of_another`: "if paid before
    June 1" is no twin of "if paid after June 1")."""
    stopwords = get_lexicon(lang).stopwords

    def telling(flank: tuple[str, ...]) -> tuple[str, ...]:
        content = next((k for k, word in enumerate(flank) if word not in stopwords), len(flank))
        return flank[: max(content + 1, 2)]

    after, before = telling(slot.flank), telling(slot.flank_before)
    return [
        n
        for n in given
        if (
            (len(after) > 1 and n.flank[: len(after)] == after)
            or (len(before) > 1 and n.flank_before[: len(before)] == before)
        )
        and not _of_another(slot, n, lang)
    ]


def _of_another(slot: NumberSlot, number: NumberSlot, lang: Lang) -> bool:
    """``number`` has words that say the opposite of the claim's beside ``slot``, in the same place
    (:func:`_opposed`), after it or before it."""
    return _opposed(slot.flank, number.flank, lang) or _opposed(slot.flank_before, number.flank_before, lang)


def _opposed(flank: Sequence[str], other: Sequence[str], lang: Lang) -> bool:
    """Two flanks (:attr:`NumberSlot.flank`) hold opposites in the same place ("with anc on", "with
    anc off"): the lexicon's ``opposites``."""
    opposites = opposite_words(lang)
    return any(b in opposites.get(a, ()) for a, b in zip(flank, other, strict=False))


@lru_cache(maxsize=16384)
def _numbers(text: str, lang: Lang) -> tuple[NumberSlot, ...]:
    """The numbers of ``text`` (digits and number words) with the word each counts.

    A magnitude word joins its number ("3.1 billion" is 3.1e9); a currency sign before it is its
    unit when no word follows; a day of the month counts the month ("March 1", "1 March"). Parts
    of a range, a time or a fraction ("2018-19", "10:30", "24/7") are left out: what they count
    cannot be told from one side.
    """
    lex = get_lexicon(lang)
    found: list[tuple[int, int, float]] = []
    for m in _NUMBER.finditer(text):
        compound = _in_compound(text, m.start(), m.end()) and not _measured_range(text, m.start(), m.end(), lang)
        if compound or ends_name(text, m.start(), lang):
            continue
        if (value := number_value(m.group(), lex)) is not None:
            found.append((m.start(), m.end(), value))
    found.extend(
        (m.start(1), m.end(1), value)
        for money in (_MONEY, _PENCE)
        for m in money.finditer(text)
        if (value := number_value(m.group(1), lex)) is not None
    )
    if _GLUED_SCALE_AFTER.search(text):
        found.extend(_glued_temperatures(text))
    words = list(_WORD.finditer(text))
    starts = [m.start() for m in words]
    placed = [(name, start, end) for name, start, end in _placed_names(text, lang) if not name.opening]
    names = frozenset(stem for name, _, _ in placed for stem in name.stems)
    # a name (or a place) is one thing, however many words it takes: its words are left out where a
    # frame counts its distance ("1969 was the year Stanley Williams was executed" frames 1969 with
    # "executed", "Rick Ross founded the Maybach Music Group in 2012" with "founded")
    spans = [(start, end) for name, start, end, _ in _capitalised(text, lang) if not name.opening]
    framing = [m for m in words if _span_at(spans, m.start()) is None]
    framing_starts = [m.start() for m in framing]
    calendar = _calendar(lang)
    tokens = analyze(text, lang).tokens
    if may_spell(tokens, lang):
        found.extend(spelled_numbers(text, lang))
    if lang == "en" and "one" in tokens:
        found.extend(_one_counted(text, lang))
    if lang == "en" and not _AWAY_WORDS.isdisjoint(tokens):
        found.extend(_a_time_away(text, lang))
    if frequency := _frequency(lang):
        found.extend((m.start(), m.end(), lex.frequency_words[m.group().lower()]) for m in frequency.finditer(text))
    if _ORDINAL.search(text):
        found.extend(
            (m.start("digits"), m.end("digits") + 2, float(m.group("digits")))  # with its "th"
            for m in _DATED_ORDINAL.finditer(text)
            if m.group("before")
            or m.group("after")
            or m.group("monthly")
            or (m.group("day") and _PHRASE_ENDS.match(text, m.end()))
        )
    slots: list[tuple[int, int, NumberSlot]] = []
    lowered = text.lower()
    totals_said = any(word in lowered for word in lex.total_words)  # most texts have none to look for
    owned = lang == "en" and ("its " in lowered or "their " in lowered)
    lives = {m.start(k) for m in LIFE_SPAN.finditer(text) for k in (1, 2)} if "(" in text else set()
    dated_lives = any(word in lowered for word in lex.life_dates)
    for start, end, value, kind in [*_scores(text, words, starts), *_clock_times(text)]:
        found = [f for f in found if not start <= f[0] < end]  # its sides are no numbers of their own
        near = _words_near(text, words, starts, start, end, _FRAME_TOKENS)
        around = analyze(" ".join(near), lang).content
        slot = NumberSlot(value, kind, text[start:end], False, around - names - calendar, measured=True, around=around)
        slots.append((start, end, slot))
    runs = _runs(text, sorted({(a, b) for a, b, _ in found} | {(a, b) for a, b, _ in slots}), calendar, lang)
    ordered = sorted(found)
    for index, (start, end, value) in enumerate(ordered):
        magnitude = money_magnitude(text, start, end) or _magnitude_after(text, end, lex.number_words)
        if magnitude is not None:
            value, end = value * magnitude[0], magnitude[1]
        label, label_opens = _label(text, start, lang)
        unit = after_unit = _unit_after(text, end, lex.stopwords, lang)
        if (
            (verb := _WORD_AFTER.match(text, end))
            and past_tense(verb.group(1).lower(), lex)
            and (label is not None or _OPENS_PART.search(text, max(0, start - _OPENS_REACH), start))
        ):
            # what "Version 1.9" or "Android 14" did counts nothing: "removed"; nor does what a number
            # opening a later part did ("and two voted for a cut": two members, as the part before)
            unit = after_unit = None
        if unit is None and (interval := _INTERVAL.match(text, end)):
            unit = _unit_after(text, interval.end(), lex.stopwords, lang)  # "81,114 (95% UI ...) deaths"
        before = _unit_before(text, start, end, lang)
        per_cent = _PER_CENT.match(text, end)
        if text[start:end].lower() in lex.frequency_words:
            unit = _TIMES  # "twice daily" is "two times daily"
        elif text[start:end].endswith("%") or per_cent:
            unit = "%"
        elif (pence := _PENCE.match(text, start)) is not None and pence.end(1) == end:
            unit = _PENNY  # "24.5p per kWh"
        elif unit is None or (before is not None and (before in CURRENCIES or before in calendar)):
            # money is money: "$87.5 million after" counts dollars; "October 31 revealed" is a day
            unit = before
        opening = _said_again_from(text, ordered, index, lang)
        (low, high), (opens, closes) = _reach(runs, start), _phrase_of(text, start, end)
        if _RELATIVE_OPENING.match(text, opens) and text.startswith(",", closes):
            # a relative clause between commas says its own: "Elon Musk, who invested in the company
            # in 2004, became its chief executive" (the words after its comma are none of the 2004's)
            high = min(high, closes)
        near = _words_near(text, words, starts, opening, start, _FRAME_TOKENS, (low, high))
        around = analyze(" ".join(near), lang).content
        # words gained past a name stay in the number's phrase
        framed = near + _words_near(
            text, framing, framing_starts, start, start, _FRAME_TOKENS, (max(low, opens), min(high, closes))
        )
        # the words around it that say what it is: not the names (every sentence about "OSIRIS-REx"
        # has them, whichever event it dates) nor the calendar
        frame = _with_events(
            analyze(" ".join(framed), lang).content - ({unit} if unit else set()) - names - calendar, lang
        )
        is_year = _is_year(text[start:end], value, unit, lang)
        decade = decade_length(text, end, value) if is_year else 0
        shown = f"{text[start:end]}s" if decade else text[start:end]  # "the 1990s", "the 1800's"
        if unit in ("am", "pm") and (time := _TIME_OF_DAY.match(text, end)):
            shown = text[start : time.end()]  # "9 a.m."
        elif not is_year and unit is not None and unit == after_unit:
            shown = _slot_text(text, start, end)
        elif unit is not None and unit in CURRENCIES:
            shown = unit + text[start:end]
        elif per_cent and per_cent.group().endswith("%"):
            shown = f"{text[start:end]}%"  # "80 %" reads "80%"
        elif unit == _PENNY:
            shown = f"{text[start:end]}p"
        elif unit is not None and unit in calendar:
            month = _word_before(text, start, end)
            shown = f"{month.group(1)} {text[start:end]}" if month else shown  # "October 7"
        same_unit = _same_units(lang).get(unit, unit) if unit else None
        if unit in _MERIDIEMS and 0 < value <= _MIDDAY and value == int(value):
            # "3 p.m." is the 15th hour and "11 a.m." the 11th: times of one day, each the other's rival
            value, same_unit = value % _MIDDAY + _MERIDIEMS[unit], _HOUR_OF_DAY
        age_of = _age_of(text, start, end, calendar, lang)
        if age_of is not None:
            same_unit = _YEARS_OF_AGE  # "Sapp, 42," is 42 years, however the age is written
            if years_old := _AGE_SHOWN.match(text, end):
                shown = text[start : years_old.end()]  # "25-year-old", not "25-year"
        # (a time of day measures too: "at 4 pm" where the context gives "at 2 pm" only)
        measured = same_unit is not None and (same_unit.split(" ")[0] in _measures(lang) or same_unit == _HOUR_OF_DAY)
        bound = bound_before(text, start) or bound_after(text, end)
        phrase = frozenset[str]()
        if label is not None:
            reach = _phrase_of(text, start, end)
            in_phrase = _words_near(text, words, starts, start, end, _FRAME_TOKENS, reach)
            if (resumed := _after_apposition(text, end, reach[1])) is not None:
                after = _phrase_of(text, resumed, resumed)
                in_phrase += _words_near(text, words, starts, resumed, resumed, _FRAME_TOKENS, after)
            phrase = analyze(" ".join(in_phrase), lang).content - analyze(label, lang).content
        slots.append(
            (
                start,
                end,
                NumberSlot(
                    value,
                    same_unit,
                    shown,
                    is_year,
                    frame,
                    bound,
                    measured,
                    label,
                    label_opens,
                    age_of or frozenset(),
                    age=age_of is not None,
                    decade=decade,
                    of_what=_of_what(text, end, unit, lang),
                    around=around,
                    phrase=phrase,
                    adverbial=lang == "en"
                    and _ADVERBIAL.search(text, max(0, start - _ADVERBIAL_REACH), start) is not None,
                    total=totals_said and _totalled(text, start, end, lex),
                    owner=_owner(text, start, lex) if owned else frozenset(),
                    life=start in lives or (dated_lives and _life_date(text, start, lex)),
                    edition=_edition(text, start, end, lang) if is_year else frozenset(),
                    strict=not measured and _strictly_bound(text, start),
                    per=_rate(text, end, lex.stopwords, lang),
                    flank=_flank(text, end, after_unit is not None),
                    flank_before=_flank_before(text, start),
                    # (of a value listed after another of its unit, the first's: "weighs 5 kg or 7 kg")
                    dimension=_dimension(text, opening, start + len(_slot_text(text, start, end)), lang)
                    if measured and after_unit is not None
                    else None,
                ),
            )
        )
    slots.extend(_centuries(text, words, starts, names | calendar, lang))
    slots.sort(key=lambda slot: slot[0])
    if "(" in text:
        slots = _asides(text, _intervals(text, slots), lang)
    slots = _listed_editions(text, slots, lang)
    # the first number of a range or a choice counts what the last one counts: "1 or 2 tablets",
    # "von 10 bis 18 Uhr"
    for k in range(len(slots) - 2, -1, -1):
        (_, end, first), (start, _, then) = slots[k], slots[k + 1]
        # the end of a range before it is none ("aged 18 to 64 and 86% in those aged 65")
        ends_range = k > 0 and _RANGE_JOIN.fullmatch(text, slots[k - 1][1], slots[k][0]) is not None
        if (
            first.unit is None
            and not first.is_year
            and then.unit
            and not ends_range
            and (joined := _JOINED.fullmatch(text[end:start]))
        ):
            # a part is of the whole's frame too: "two of the 35 fasteners on the head"
            frame = first.frame | then.frame if "of" in joined.group().lower().split() else first.frame
            text_of_both = first.text + text[end:start] + then.text
            slots[k] = (slots[k][0], end, replace(first, unit=then.unit, text=text_of_both, frame=frame))
        elif first.is_year and then.is_year and first.value < then.value and _spanning(text, slots[k][0], end, start):
            span = (first.value, then.value)
            slots[k], slots[k + 1] = (
                (slots[k][0], end, replace(first, span=span)),
                (start, slots[k + 1][1], replace(then, span=span)),
            )
        elif _old_and_new(first, then, text, slots[k][0], end, start, lang):
            slots[k] = (slots[k][0], end, replace(first, changed_to=then.text))
        elif _new_and_old(first, then, text, slots[k][0], end, start):
            old_end = slots[k + 1][1]
            old_time = analyze(_PHRASE_END.split(text[old_end:], maxsplit=1)[0], lang).content
            slots[k + 1] = (start, old_end, replace(then, changed_to=first.text, then=old_time))
        elif _spanning_days(first, then, text, slots[k][0], end, start, lang):
            days = ((first.value, first.unit, first.text), (then.value, then.unit, then.text))
            slots[k], slots[k + 1] = (
                (slots[k][0], end, replace(first, days=days)),
                (start, slots[k + 1][1], replace(then, days=days)),
            )
        first = slots[k][2]
        if _ranging(first, then, text, slots[k][0], end, start):
            span = (first.value, then.value)  # "16-21 cm", "between 7 and 9 hours": any value between
            slots[k], slots[k + 1] = (
                (slots[k][0], end, replace(first, span=span)),
                (start, slots[k + 1][1], replace(then, span=span)),
            )
        elif (
            first.days is None
            and first.text != then.text
            and _spanning_days(first, then, text, slots[k][0], end, start, lang)
        ):
            # "from 12 to 14 June": the first day took the second's month above
            month_word = _DAY_DIGITS.sub("", then.text).strip(" ,.")
            days = (
                (first.value, first.unit, f"{text[slots[k][0] : end]} {month_word}"),
                (then.value, then.unit, then.text),
            )
            slots[k], slots[k + 1] = (
                (slots[k][0], end, replace(first, days=days)),
                (start, slots[k + 1][1], replace(then, days=days)),
            )
    slots = _durations(text, slots)
    slots = _one_date(text, _changed_to(text, _parts_of_wholes(text, slots, words, starts, names | calendar, lang)))
    # a numbered name opening the sentence is its subject, of every part ("Apollo 11 launched on 16
    # July 1969 and landed on the Moon on 20 July"): no number of a part
    parted = [(start, end, s) for start, end, s in slots if not s.label_opens]
    read = iter(
        conjuncts(text, [(start, end) for start, end, _ in parted], [(s.unit, s.is_year) for *_, s in parted], lang)
    )
    parts = [(-1, frozenset[str | float]()) if s.label_opens else next(read) for _, _, s in slots]
    if lang == "en" and _RESPECTIVELY.search(text):
        slots, parts = _respectively(text, slots, parts, lang)
    return tuple(_elided(text, slots, parts, _links(text, slots, lang)))


_EDITION = re.compile(r"\s+((?:[A-Z][\w'’.&-]*|of|the)(?:\s+(?:[A-Z][\w'’.&-]*|of|the))*)")
"""The name after a year: capitalised words, with "of" and "the" inside ("Women's World Cup",
"Above The Law Rankings")."""
_THE_BEFORE = re.compile(r"\bthe\s+$", re.IGNORECASE)
"""The article before a year that dates an edition: "the 2014 World Cup", not "In 2015 Apple"."""


_RATE_WORDS = 4
"""Words between a number and the time it is a rate of ("1.5 days of paid leave per month")."""
_RATE_GAP = frozenset({"of", "de", "von", "it", "them"})
"""Stop words that may stand between a number and its rate: "days of leave", "cross it each day"."""
_RATE_STOP = re.compile(r"[,;:.()!?]")
"""Where a number's phrase ends, for its rate."""
_WORD_OR_NUMBER = re.compile(r"[^\W_]+")
"""A word or a number ("1998", "Austin")."""


@cache
def _rate_words(lang: Lang) -> tuple[frozenset[str], dict[str, float]]:
    """The words of ``lang`` that make a number a rate (the lexicon's ``frequency_after``): those
    before a unit of time ("per", "a", "pro"), and those that say a time by themselves
    (``rate_adverbs``: "monthly", "jährlich"), each with the length of its time in seconds."""
    lex = get_lexicon(lang)
    units = _seconds()
    adverbs = {
        word: units[stem]
        for word, unit in lex.rate_adverbs.items()
        for stem in analyze(unit, lang).content
        if stem in units
    }
    return lex.frequency_after - lex.rate_adverbs.keys(), adverbs


def _rate(text: str, end: int, stopwords: frozenset[str], lang: Lang) -> tuple[float, str] | None:
    """The time a number ending at ``text[end]`` is a rate of, and the words that say so
    (:attr:`NumberSlot.per`): within :data:`_RATE_WORDS` words after it, in its phrase, a word that
    makes it a rate before a unit of time, or one that says a time by itself (:func:`_rate_words`). The words
    between are no stop words ("5 days for a year" is no rate) but those of :data:`_RATE_GAP`
    ("days of leave", "cross it each day"), nor numbers ("500 mg three times a day" gives the rate of the times)."""
    stop = _RATE_STOP.search(text, end, end + 80)
    words = list(_WORD_OR_NUMBER.finditer(text, end, stop.start() if stop else min(len(text), end + 80)))[
        : _RATE_WORDS + 2
    ]
    number_words = get_lexicon(lang).number_words
    markers, adverbs = _rate_words(lang)
    units = _seconds()
    for k, word in enumerate(words):
        lowered = word.group().lower()
        if lowered in adverbs:
            return adverbs[lowered], word.group()
        if lowered in markers and k + 1 < len(words):
            time = words[k + 1]
            seconds = next((units[stem] for stem in analyze(time.group(), lang).content if stem in units), None)
            if seconds is not None:
                return seconds, text[word.start() : time.end()]
        if any(c.isdigit() for c in lowered) or lowered in number_words:
            return None
        if k > 0 and lowered in stopwords and lowered not in _RATE_GAP:
            return None
    return None


_ROUND_FIGURE = 100
"""A count of the context that is a multiple of this may round the one it stands for."""
_MORE_OR_FEWER = re.compile(
    r"\b(?:more|fewer|less)\s+than\s*$|\b(?:mehr|weniger)\s+als\s*$|\b(?:plus|moins)\s+de\s*$", re.IGNORECASE
)
"""Words before a count that bound it excluding it: "more than 116 bodies". Not "over" or "under",
which often set a threshold ("orders over $50", "children under 12") that the context gives as a
number alone; nor "at least", which holds the number itself."""


_NEGATED_COMPARISON = re.compile(r"\b(?:no|not|nicht|pas)\s+\w+\s+\w+\s*$", re.IGNORECASE)
"""A negation before a comparison's two words: "no fewer than", "not more than"."""


def _strictly_bound(text: str, start: int) -> bool:
    """The words before the number at ``start`` bound it excluding it (:data:`_MORE_OR_FEWER`), and
    no negation turns them ("no fewer than 8"): :attr:`NumberSlot.strict`."""
    return (
        _MORE_OR_FEWER.search(text, max(0, start - 20), start) is not None
        and bound_before(text, start) in ("over", "under")
        and not _NEGATED_COMPARISON.search(text[max(0, start - 30) : start])
    )


_LISTED_YEARS = re.compile(r"\s*(?:,\s*(?:and\s+|or\s+)?|and\s+|or\s+)")
"""What joins two years of a list: "the 2014 and 2018 World Cups", "the 2010, 2014 World Cups"."""


def _listed_editions(
    text: str, slots: list[tuple[int, int, NumberSlot]], lang: Lang
) -> list[tuple[int, int, NumberSlot]]:
    """``slots`` with the name after the last year of a list dating them all ("the 2010, 2014 and
    2018 World Cups": :attr:`NumberSlot.edition`)."""
    out = list(slots)
    k = 0
    while k < len(out):
        last = k
        while (
            last + 1 < len(out)
            and out[last][2].is_year
            and out[last + 1][2].is_year
            and _LISTED_YEARS.fullmatch(text, out[last][1], out[last + 1][0])
        ):
            last += 1
        if last > k and (edition := _edition(text, out[k][0], out[last][1], lang)):
            unit = out[last][2].unit
            for j in range(k, last + 1):
                start, end, slot = out[j]
                out[j] = (start, end, replace(slot, unit=unit, edition=edition))
        k = last + 1
    return out


def _edition(text: str, start: int, end: int, lang: Lang) -> frozenset[str]:
    """The stems of the name a year at ``text[start:end]`` dates, after "the" (:attr:`NumberSlot.edition`)."""
    if lang != "en" or not _THE_BEFORE.search(text, max(0, start - 5), start):
        return frozenset()
    name = _EDITION.match(text, end)
    return analyze(name.group(1), lang).content if name else frozenset()


_TOTAL_BEFORE = 5
"""Words before a number among which a word of totality makes it a total: "the total for the
quarter to 3,100"."""
_TOTAL_AFTER = 3
"""Words after it: "1,200 units in total"."""


def _totalled(text: str, start: int, end: int, lex: Lexicon) -> bool:
    """A word of ``lex.total_words`` stands among the :data:`_TOTAL_BEFORE` words before the number
    at ``start``-``end`` or the :data:`_TOTAL_AFTER` after it (:data:`_PHRASE_TOKEN`), no other
    number nor a mark of a phrase's end between but a comma right before it ("In total, 300 people")."""
    if not lex.total_words:
        return False
    before = _PHRASE_TOKEN.findall(text, max(0, start - 80), start)
    if before and before[-1] == ",":
        before.pop()
    after = _PHRASE_TOKEN.findall(text, end, end + 40)
    words: list[str] = []
    for side, reach in ((before[::-1], _TOTAL_BEFORE), (after, _TOTAL_AFTER)):
        for word in side[:reach]:
            if not word[0].isalpha():
                break
            words.append(word.lower())
    return any(word in lex.total_words for word in words)


_LIFE_REACH = 40
"""Characters before a number in which a word of a life's date is looked for ("born on 5 January ")."""
_BRACKET_REACH = 120
"""Characters before a number in which the opening of its bracket is looked for."""


@lru_cache(maxsize=8)
def _life_dated(lang: Lang) -> re.Pattern[str] | None:
    """The lexicon's ``life_dates`` as whole words; ``None`` where it has none."""
    words = get_lexicon(lang).life_dates
    if not words:
        return None
    return re.compile(
        rf"(?<!\w)(?:{'|'.join(map(re.escape, sorted(words, key=len, reverse=True)))})(?!\w)", re.IGNORECASE
    )


def _life_date(text: str, start: int, lex: Lexicon) -> bool:
    """The number at ``start`` dates a life: a word of ``lex.life_dates`` stands in the
    :data:`_LIFE_REACH` characters before it with no other number of three digits or more between
    ("born April 26, 1980", not the 1950 of "born in 1932 and in 1950 moved"), or opens the bracket
    it stands in ("(born Johnny Edward Pacuraru; June 6, 1981)")."""
    dated = _life_dated(lex.lang)
    if dated is None:
        return False
    if _life_word(text, start, lex) is not None:
        return True
    opening = text.rfind("(", max(0, start - _BRACKET_REACH), start)
    return (
        opening >= 0 and ")" not in text[opening:start] and dated.match(text[opening + 1 : start].lstrip()) is not None
    )


def _life_word(text: str, start: int, lex: Lexicon) -> str | None:
    """The word of ``lex.life_dates`` ("born", "died") that dates the number at ``start``: in the
    :data:`_LIFE_REACH` characters before it, with no other number of three digits or more, nor a
    stop or a bracket, between; ``None`` if none does."""
    dated = _life_dated(lex.lang)
    near = text[max(0, start - _LIFE_REACH) : start]
    word = next(reversed(list(dated.finditer(near))), None) if dated is not None else None
    if word is None or re.search(r"\d{3}", near[word.end() :]) or any(c in near[word.end() :] for c in ".;()"):
        return None
    return word.group().lower()


_PART_OPENING = re.compile(r"(?:^|[.;:!?]\s+|,?\s+\b(?:and|but|while|whereas)\s+)(?:its|their)\s+", re.IGNORECASE)
"""A part of a sentence opening with "its" or "their" (after its start, "and", "but", "while" or
"whereas")."""
_OWNER_REACH = 160
"""Characters before a number in which its part's opening is looked for."""


def _owner(text: str, start: int, lex: Lexicon) -> frozenset[str]:
    """The stems of the words after "its" or "their" opening the part of ``text`` that holds the
    number at ``start``, up to the first stop word ("metropolitan area" of "and its metropolitan area
    had a population of 662,577"); none where the part opens otherwise or a comma or a semicolon
    stands between its opening and the number."""
    opening = next(reversed(list(_PART_OPENING.finditer(text, max(0, start - _OWNER_REACH), start))), None)
    if opening is None or any(c in text[opening.end() : start] for c in ",;"):
        return frozenset()
    words: list[str] = []
    for word in _WORD.findall(text, opening.end(), start):
        if word.lower() in lex.stopwords:
            break
        words.append(word)
    return analyze(" ".join(words), lex.lang).content if words else frozenset()


_ADVERBIAL = re.compile(
    r"\b(?:in|on|at|from|since|by|during|until|after|before|for)\s+(?:the\s+)?"
    r"(?:[A-Z][^\W\d_]+\.?\s+)?(?:\d{1,2}(?:st|nd|rd|th)?,?\s+)?(?:\$|€|£)?$",
    re.IGNORECASE,
)
"""A preposition right before a number, a month or a day between at most: "in 1995", "on
February 6, 2011", "for $15"."""
_ADVERBIAL_REACH = 40
"""Characters before a number that :data:`_ADVERBIAL` reads (a long sentence costs no more a number)."""
_RESPECTIVELY = re.compile(r"\brespectively\b", re.IGNORECASE)


def _respectively(
    text: str, slots: list[tuple[int, int, NumberSlot]], parts: list[Conjunct], lang: Lang
) -> tuple[list[tuple[int, int, NumberSlot]], list[Conjunct]]:
    """``slots`` and ``parts`` with each number of a list that "respectively" pairs with a list of
    as many names before it in a part of its own, holding its name, and counting what the list's
    last number counts: "Paris and Lyon have 2.1 million and 0.5 million inhabitants,
    respectively" gives Lyon 0.5 million inhabitants. A list after a count of as many things and
    no names ("The two studies enrolled 1,200 and 800 patients, respectively") pairs each number
    with its rank: the second study enrolled 800."""
    runs: list[list[int]] = []
    for k, (start, _, _) in enumerate(slots):
        if runs and _LIST_JOIN.fullmatch(text, slots[runs[-1][-1]][1], start):
            runs[-1].append(k)
        else:
            runs.append([k])
    run = max(runs, key=len, default=[])
    if len(run) < 2:
        return slots, parts
    first = slots[run[0]][0]
    names = [
        (name, start, end) for name, start, end, _ in _capitalised(text, lang) if end <= first and not name.opening
    ]
    opening = _WORD.match(text)
    if opening and _is_name_word(opening.group()) and names and _LIST_JOIN.fullmatch(text, opening.end(), names[0][1]):
        # a sentence's first word listed with names is one ("Paris and Lyon have ...")
        names.insert(0, (NameSlot(opening.group(), analyze(opening.group(), lang).content), 0, opening.end()))
    groups: list[list[NameSlot]] = []
    for k, (name, start, _) in enumerate(names):
        if k and _LIST_JOIN.fullmatch(text, names[k - 1][2], start):
            groups[-1].append(name)
        else:
            groups.append([name])
    paired = next((group for group in reversed(groups) if len(group) == len(run)), None)
    if paired is not None:
        marks = [name.stems for name in paired]
    elif any(slot.value == len(run) and slot.unit for _, _, slot in slots[: run[0]]):
        marks = [rank_stems(lang, j + 1) for j in range(len(run))]
    else:
        return slots, parts
    free, unit = max(k for k, _ in parts) + 1, slots[run[-1]][2].unit
    slots, parts = list(slots), list(parts)
    for j, (k, mark) in enumerate(zip(run, marks, strict=True)):
        start, end, slot = slots[k]
        if slot.unit is None and not slot.is_year and unit is not None:
            slots[k] = (start, end, replace(slot, unit=unit))
        parts[k] = (free + j, mark | {slot.value})
    return slots, parts


_OPENS_PART = re.compile(r"(?:\b(?:and|but|or|while|und|aber|et|mais)|[,;])\s*$", re.IGNORECASE)
"""What stands right before a number that opens a part of a coordinated sentence."""
_OPENS_REACH = 12
"""How far before a number :data:`_OPENS_PART` is looked for."""


_FROM_BEFORE = re.compile(rf"\bfrom\s+[{CURRENCIES}]?$", re.IGNORECASE)
_TO_BEFORE = re.compile(
    rf"\bto\s+(?:(?:more|less|fewer)\s+than\s+|over\s+|under\s+|about\s+|nearly\s+|almost\s+|around\s+)?[{CURRENCIES}]?$",
    re.IGNORECASE,
)


def _changed_to(text: str, slots: list[tuple[int, int, NumberSlot]]) -> list[tuple[int, int, NumberSlot]]:
    """``slots`` with a bare number after "to" counting what the number after "from" before it
    counts, in one phrase: "grew from 2,000 objects at its opening to more than 36,000 today"
    (36,000 objects)."""
    out = list(slots)
    for k in range(1, len(out)):
        start, end, slot = out[k]
        first_start, first_end, first = out[k - 1]
        if (
            slot.unit is None
            and not slot.is_year
            and first.unit is not None
            and not first.is_year
            and _TO_BEFORE.search(text, max(0, start - 30), start)
            and _FROM_BEFORE.search(text, max(0, first_start - 10), first_start)
            and not _PHRASE_BREAK.search(text, first_end, start)
        ):
            out[k] = (start, end, replace(slot, unit=first.unit))
    return out


def _elided(
    text: str, slots: list[tuple[int, int, NumberSlot]], parts: list[Conjunct], links: list[frozenset[Link]]
) -> list[NumberSlot]:
    """``slots`` with their parts (:attr:`NumberSlot.conjunct`) and ``links``; a bare number opening a later part
    counts what the last number of the part before counts, and has that word as its own too ("The
    company has 1,200 employees in Germany and 300 in France": 300 employees; "has reached 24
    meters, but 36 more are needed": 36 meters)."""
    out: list[NumberSlot] = []
    last: dict[int, NumberSlot] = {}
    # a part's numbers are its own terms as read here ("after one" is 1.0, which analyze leaves out)
    values: dict[int, set[float]] = {}
    for (_, _, slot), (k, _) in zip(slots, parts, strict=True):
        values.setdefault(k, set()).add(slot.value)
    parts = [(k, own | values[k]) if k >= 0 else (k, own) for k, own in parts]
    for (start, _, slot), (k, own), linked in zip(slots, parts, links, strict=True):
        before = last.get(k - 1) if k > 0 and k not in last else None
        opens = before is not None and _OPENS_PART.search(text, max(0, start - _OPENS_REACH), start) is not None
        if opens and before and before.unit and not before.is_year and slot.unit is None and not slot.is_year:
            slot = replace(slot, unit=before.unit, conjunct=(k, own | {before.unit}), links=linked)
        else:
            slot = replace(slot, conjunct=(k, own), links=linked)
        out.append(slot)
        last[k] = slot
    return out


_CENTURY = 101
"""The years a century spans as a slot: the 19th century from 1800 to 1900, whichever way it is
counted (1801-1900, or 1800-1899)."""
_COMMON_ERA = re.compile(r"\s*(?:BCE?|B\.C\.|av\. J\.-C\.|v\. ?Chr\.)", re.IGNORECASE)
"""Years before the common era: a century of them is no span of our years."""


def _centuries(
    text: str, words: Sequence[re.Match[str]], starts: Sequence[int], drop: frozenset[str], lang: Lang
) -> list[tuple[int, int, NumberSlot]]:
    """A century's rank ("the 19th century", "the nineteenth century") as a year that spans it
    (:data:`_CENTURY`), as "the 1800s" is: a year of the century states it, a year outside it that
    the claim's words date is its rival. Not before the common era ("the 2nd century BCE")."""
    out = []
    for rank in ordinals(text, lang):
        end = rank.start + len(rank.text)
        if rank.ranks not in century_stems(lang) or _COMMON_ERA.match(text, end):
            continue
        near = _words_near(text, words, starts, rank.start, end, _FRAME_TOKENS)
        frame = analyze(" ".join(near), lang).content - century_stems(lang) - drop
        year = (rank.value - 1) * 100
        out.append((rank.start, end, NumberSlot(year, None, rank.text, True, frame, decade=_CENTURY)))
    return out


_ABOUT = r"(?:(?:about|around|approximately|roughly|circa|c\.|ca\.)\s+)?"
"""An end of a span given roughly: "from about 1300 to about 1850"."""
_SPAN_BETWEEN = re.compile(rf"\s*(?:to|and|until|through|[{_DASHES}])\s*{_ABOUT}", re.IGNORECASE)
_SPAN_START = re.compile(rf"\b(?:between|from)\s{_ABOUT}$", re.IGNORECASE)


def _spanning(text: str, start: int, end: int, next_start: int) -> bool:
    """The two years at ``text[start:end]`` and from ``next_start`` make a span: "from 2011 to 2014",
    "between 1993 and 2018", "1993 to 2018", "1993 - 2018"; "in 2012 and 2013" is a list."""
    gap = text[end:next_start]
    if not _SPAN_BETWEEN.fullmatch(gap):
        return False
    return "and" not in gap.lower() or _SPAN_START.search(text, max(0, start - 24), start) is not None


def _spanning_days(
    first: NumberSlot, then: NumberSlot, text: str, start: int, end: int, next_start: int, lang: Lang
) -> bool:
    """The two days of a month at ``text[start:end]`` and from ``next_start`` start and end a span of
    dates: "from 1 May to 31 May", "between 3 March and 28 July", "1 May - 3 May"; not a change
    ("moved from 3 March to 28 July"). So two times of a day: "from 9 am to 5 pm"."""
    months = _month_stems()
    hours = first.unit == then.unit and first.unit in (_HOUR_OF_DAY, _CLOCK)  # "from 8:45 am to 3:15 pm" too
    if not hours and (first.is_year or then.is_year or first.unit not in months or then.unit not in months):
        return False
    between = (_CLOCKS_BETWEEN if first.unit == _CLOCK else _HOURS_BETWEEN) if hours else _DAYS_BETWEEN
    if not (gap := between.fullmatch(text, end, next_start)):
        return False
    opening = _DAYS_START.search(text, max(0, start - _LOOK_BACK), start)
    if gap.group("and") and (opening is None or opening.group("between") is None):
        return False  # "on 3 May and 5 June" lists two dates
    return not _after_change(text, opening.start() if opening else start, lang)


def _old_and_new(
    first: NumberSlot, then: NumberSlot, text: str, start: int, end: int, next_start: int, lang: Lang
) -> bool:
    """The two numbers at ``text[start:end]`` and from ``next_start`` are the old and the new value
    of a change of one kind: "was extended from 15 June to 30 June", "was raised from $7.99 to
    $10.99", "was lowered from 50 km/h to 30 km/h"."""
    months = _month_stems()
    alike = first.unit == then.unit or {first.unit, then.unit} <= months
    if not alike or first.is_year != then.is_year or first.value == then.value:
        return False
    opening = _FROM_VALUE.search(text, max(0, start - _LOOK_BACK), start)
    return (
        opening is not None
        and _TO_VALUE.fullmatch(text, end, next_start) is not None
        and _after_change(text, opening.start(), lang)
    )


def _new_and_old(first: NumberSlot, then: NumberSlot, text: str, start: int, end: int, next_start: int) -> bool:
    """The two numbers at ``text[start:end]`` and from ``next_start`` are the new and the old value of
    a change of one kind, the old one after "down from" or "up from" ("Turnout was 58.2%, down from
    64.1%"), after "from" and words saying it was the usual one ("now at $559.99 from its usual
    $660"), or after "from" where "to" opens the new ("cut its forecast to 16.5 billion dollars from
    17 billion dollars"). English words."""
    if first.unit != then.unit or first.is_year or then.is_year or first.value == then.value:
        return False
    gap = _NEW_THEN_OLD.fullmatch(text, end, next_start)
    return gap is not None and (
        gap.group(1) is not None
        or gap.group(2) is not None
        or _TO_NEW.search(text, max(0, start - _LOOK_BACK), start) is not None
    )


def _after_change(text: str, at: int, lang: Lang) -> bool:
    """A word of change (the lexicon's ``change_words``) stands among the few words before ``at``."""
    words = analyze(text[max(0, at - _LOOK_BACK) : at], lang).tokens[-_CHANGE_REACH:]
    return bool(set(words) & set(get_lexicon(lang).change_words))


_NEW_THEN_OLD = re.compile(
    rf"(?:\s*%|\s*[^\W\d_]+\.?){{0,2}}(?:(\s*,\s*(?:down|up)\s+)|\s+)from\s+"
    r"((?:its|their|the|an?)\s+(?:usual|regular|normal|original|previous|former|list|listed|full|retail)\s+"
    rf"(?:price\s+(?:of\s+)?)?)?[{CURRENCIES}]?\s?",
    re.IGNORECASE,
)
"""What stands between the new and the old value of a change: the new one's unit, ", down from", ",
up from" or "from", and the words that say the value after it is the old one ("from its usual")."""
_PHRASE_END = re.compile(r"[,;:.!?()]")
"""What ends a phrase after a number: its time ("at the last election") stands before it."""
_TO_NEW = re.compile(rf"\bto\s+[{CURRENCIES}]?\s?$", re.IGNORECASE)
"""What opens the new value of a change before its old one: "to"."""
_RANGE_JOIN = re.compile(rf"\s*(?:to|[{_DASHES}])\s*", re.IGNORECASE)
"""What joins the two ends of a range of one unit: "7 to 9 hours", "16-21 cm"."""
_FROM = re.compile(r"\bfrom\s$", re.IGNORECASE)
_BETWEEN = re.compile(r"\bbetween\s$", re.IGNORECASE)


def _ranging(first: NumberSlot, then: NumberSlot, text: str, start: int, end: int, next_start: int) -> bool:
    """The two numbers (not years) at ``text[start:end]`` and from ``next_start`` are the ends of a
    range of one unit: "7 to 9 hours", "16-21 cm", "between 2 and 4 tablets"; not "from 5 to 8
    dollars", which may be a change."""
    if first.is_year or then.is_year or first.unit is None or first.unit != then.unit or first.value >= then.value:
        return False
    gap, before = text[end:next_start], text[max(0, start - 8) : start]
    if gap.strip().lower() == "and":
        return _BETWEEN.search(before) is not None
    return _RANGE_JOIN.fullmatch(gap) is not None and _FROM.search(before) is None


_RANGE_END = re.compile(rf"\s?[{_DASHES}]\s?\d+(?:[.,]\d+)*")
"""The dash and the second end of a range written with one: "-21" of "16-21 cm"."""


def _measured_range(text: str, start: int, end: int, lang: Lang) -> bool:
    """The number at ``text[start:end]`` is an end of a range written with a dash whose second end
    a measure follows ("16-21 cm", "20-30 years", "6.3-8.3 in"): a number, as both ends of "16 to
    21 cm" are, not a part of a compound ("2018-19 season")."""
    if (second := _RANGE_END.match(text, end)) is not None:
        last = second.end()  # the first end: what the second counts
    elif start > 0 and text[start - 1] in _DASHES:
        last = end  # the second end
    else:
        return False
    unit = _unit_after(text, last, get_lexicon(lang).stopwords, lang)
    return unit is not None and _same_units(lang).get(unit, unit) in _measures(lang)


_INTERVAL = re.compile(
    r"\s*\((?P<label>\s*(?:\d{2}(?:\.\d+)?\s?%\s*)?(?:CI|CrI|UI|IQR|SD|SE|"
    r"(?i:(?:confidence|credible|uncertainty)\s+interval|interquartile\s+range|range))\b[\s:,=]*)"
    r"(?P<ends>[^()]*)\)"
)
"""A statistic's interval in a bracket after its estimate: its level ("95%"), its name, its ends."""


_DURATION_JOIN = re.compile(r"\s*(?:,\s*)?(?:and\s+)?")
"""What may stand between the parts of one duration: "2 hours 20 minutes", "3 years and 4 months"."""


def _durations(text: str, slots: list[tuple[int, int, NumberSlot]]) -> list[tuple[int, int, NumberSlot]]:
    """Two numbers of time one after the other, the larger unit first, with nothing but a comma or
    "and" between ("2 hours 20 minutes", "3 years and 4 months"), as one duration in the larger unit
    (2.33 hours, written as the text writes it): either part alone misstates it ("takes 20 minutes",
    "takes 2 hours", "was 4 months old"), and a round value in that unit is no other way to write it
    ("4 years old" for "3 years and 11 months old"), where one in another unit is ("140 minutes"); a
    bound before the first is the whole's ("about 2 hours 20 minutes")."""
    seconds = _seconds()
    merged: list[tuple[int, int, NumberSlot]] = []
    k = 0
    while k < len(slots):
        start, _, first = slots[k]
        if k + 1 < len(slots):
            then_start, then_end, then = slots[k + 1]
            if (
                first.unit in seconds
                and then.unit in seconds
                and seconds[first.unit] > seconds[then.unit]
                and not (first.is_year or then.is_year or first.span or then.span or then.bound)
                and text.startswith(first.text, start)
                and text.startswith(then.text, then_start)
                and _DURATION_JOIN.fullmatch(text, start + len(first.text), then_start)
            ):
                value = first.value + then.value * seconds[then.unit] / seconds[first.unit]
                whole = text[start : then_start + len(then.text)]
                duration = replace(first, value=value, text=whole, flank=then.flank)
                merged.append((start, then_end, duration))
                k += 2
                continue
        merged.append(slots[k])
        k += 1
    return merged


def _intervals(text: str, slots: list[tuple[int, int, NumberSlot]]) -> list[tuple[int, int, NumberSlot]]:
    """``slots`` with the numbers inside an interval's bracket (:data:`_INTERVAL`) marked with the
    interval's ends (:attr:`NumberSlot.interval`), its level ("95%") too."""
    for m in _INTERVAL.finditer(text):
        ends = [slot.value for start, _, slot in slots if m.start("ends") <= start < m.end("ends")]
        if ends:
            interval = (min(ends), max(ends))
            slots = [
                (start, end, replace(slot, interval=interval) if m.start() <= start < m.end() else slot)
                for start, end, slot in slots
            ]
    return slots


_BRACKET = re.compile(r"\(([^()]{1,200})\)")
_ASIDE_WORDS = 2
"""The words besides its numbers and the calendar that a bracket needs to tell of its name."""


def _asides(text: str, slots: list[tuple[int, int, NumberSlot]], lang: Lang) -> list[tuple[int, int, NumberSlot]]:
    """``slots`` with the numbers inside a bracket right after a name marked with the content stems
    of the name and the bracket (:attr:`NumberSlot.aside`): "(which moved to Taiwan after 1949)"
    after "the Republic of China" tells of the republic. A bracket saying little more than its
    numbers is none: it dates the name ("No Country for Old Men (2007)"), which a claim may
    describe otherwise ("a 2007 film"): its one year is marked with the name
    (:attr:`NumberSlot.dates`); nor are a life's years (:data:`~faithcheck._text.analysis.LIFE_SPAN`,
    read as the name's: :func:`_check_ends`) or an interval."""
    ends = {end: name for name, _, end, _ in _capitalised(text, lang) if not name.opening}
    calendar = _calendar(lang)
    starts = [start for start, _, _ in slots]
    for m in _BRACKET.finditer(text):
        before = m.start()
        while before > 0 and text[before - 1].isspace():
            before -= 1
        named = ends.get(before)
        span = range(bisect_left(starts, m.start()), bisect_left(starts, m.end()))
        inside = [k for k in span if slots[k][2].interval is None]
        words = analyze(m.group(1), lang).content - calendar
        if named is None or not inside or LIFE_SPAN.match(text, m.start()):
            continue
        if len(words) < _ASIDE_WORDS:
            if len(inside) == 1 and slots[inside[0]][2].is_year:
                start, end, slot = slots[inside[0]]
                slots[inside[0]] = (start, end, replace(slot, dates=named))
            continue
        for k in inside:
            start, end, slot = slots[k]
            slots[k] = (start, end, replace(slot, aside=named.stems | words))
    return slots


_LINK = re.compile(r"\s*(?:[^\W\d_]+\s+){0,3}")
"""What stands between two numbers of one phrase: at most three words ("in", "per cent in")."""
_LINK_WEIGHT = 2
"""What a number of the context next to another of the claim's numbers as in the claim ("3.5% in
2019") adds to the words it shares with the claim around the slot: more than a word does."""
_WHOLE_WEIGHT = 2 * _LINK_WEIGHT
"""What a sentence stating every word of the claim, where others do not, adds to its numbers' words
shared with the claim around the slot: more than a link (:func:`_check_number`)."""
_WHOLE_WORDS = 3
"""The words besides its numbers' a claim must have for a sentence stating all of them to weigh
(:data:`_WHOLE_WEIGHT`): "Adults can take up to 6 tablets in 24 hours" has two."""
_CHANGE_WEIGHT = 0.5
"""What a word of change beside a number of the context adds to the words it shares with the claim
around the slot where the claim has another word of change (:func:`_changed_alike`)."""


def _of_one_date(first: NumberSlot, then: NumberSlot) -> bool:
    """Two numbers next to each other are the day and the year of one date ("4 April 1975", "April
    4, 1975"): both read with its month, one a year."""
    return first.unit == then.unit and first.unit in _month_stems() and first.is_year != then.is_year


def _year_left_out(year: NumberSlot, claim_numbers: Sequence[NumberSlot], sentences: Sequence[str], lang: Lang) -> bool:
    """A sentence gives the day of the claim's date (``year`` its year) with no year, and the last
    year a sentence before it gives is that year: the context leaves it out where it said it before
    ("Apollo 11 launched on July 16, 1969 ... The crew returned to Earth on July 24." for "... on July
    24, 1969")."""
    days = {(n.value, n.unit) for n in claim_numbers if _of_one_date(year, n)}
    if not days:
        return False
    last: float | None = None
    for text in sentences:
        numbers = _numbers(text, lang)
        years = [n.value for n in numbers if n.is_year]
        if not years and last == year.value and days <= {(n.value, n.unit) for n in numbers}:
            return True
        last = years[-1] if years else last
    return False


def _one_date(text: str, slots: list[tuple[int, int, NumberSlot]]) -> list[tuple[int, int, NumberSlot]]:
    """``slots`` with the day and the year of each date framed alike, by the words around both: a
    date is one value, whose year speaks of the event its day's words tell ("It was approved by the
    board on 15 November 2023": "board" is five words from the year)."""
    slots = list(slots)
    for k, ((_, end, first), (start, _, then)) in enumerate(pairwise(slots)):
        if end <= start and _of_one_date(first, then) and _LINK.fullmatch(text, end, start):
            frame, around = first.frame | then.frame, first.around | then.around
            slots[k] = (slots[k][0], end, replace(first, frame=frame, around=around))
            slots[k + 1] = (start, slots[k + 1][1], replace(then, frame=frame, around=around))
    return slots


def _links(text: str, slots: list[tuple[int, int, NumberSlot]], lang: Lang) -> list[frozenset[Link]]:
    """Each number's neighbours in one phrase (:attr:`NumberSlot.links`): the number right before
    or after it with at most three words between ("fell from 8.1% in 2012 to 3.5% in 2019": 8.1%
    and 2012, 2012 and 3.5%, 3.5% and 2019), the words as stems ("2 tablets every 4 to 6 hours" is
    linked as "1 tablet every 4 to 6 hours" is). The day and the year of one date are one value, not
    two next to each other ("4 April 1975" ties its year to no event more than "13 March 1986"
    does)."""
    lex = get_lexicon(lang)
    links: list[set[Link]] = [set() for _ in slots]
    for k, ((_, end, first), (start, _, then)) in enumerate(pairwise(slots)):
        if end <= start and not _of_one_date(first, then) and _LINK.fullmatch(text, end, start):
            between = " ".join(stem(word, lex) for word in text[end:start].split())
            links[k].add((True, then.value, between))
            links[k + 1].add((False, first.value, between))
    return [frozenset(own) for own in links]


_LABEL = re.compile(r"\b([^\W\d_]{2,}) $")
_MONTH_NAMES = "|".join(sorted(_MONTHS))
_DAYS_BETWEEN = re.compile(
    rf"\s*(?:(?:{_MONTH_NAMES})\.?,?\s*)?(?:to|until|till|through|(?P<and>and)|[{_DASHES}])\s*"
    rf"(?:(?:{_MONTH_NAMES})\.?\s*)?",
    re.IGNORECASE,
)
"""What stands between the days of a span of dates: the first one's month, "to", the second's month."""
_DAY_DIGITS = re.compile(r"\d+(?:st|nd|rd|th)?")
"""A day's digits in a date's text, its month left ("June" of "14 June")."""
_HOURS_BETWEEN = re.compile(rf"\s?[ap](?:m\b|\.m\.)\s*(?:to|until|till|(?P<and>and)|[{_DASHES}])\s*", re.IGNORECASE)
"""What stands between two times of a day that start and end a span: "am to", "a.m. -"."""
_CLOCKS_BETWEEN = re.compile(rf"\s*(?:to|until|till|(?P<and>and)|[{_DASHES}])\s*", re.IGNORECASE)
"""The same between two times written with their minutes, whose "am" or "pm" they hold: "8:45 am to"."""
_DAYS_START = re.compile(rf"\b(?:from|(?P<between>between))\s+(?:(?:{_MONTH_NAMES})\.?\s+)?$", re.IGNORECASE)
"""What opens a span of dates before its first day: "from", "between", the first day's month."""
_FROM_VALUE = re.compile(rf"\bfrom\s+(?:(?:{_MONTH_NAMES})\.?\s+|[{CURRENCIES}]\s?)?$", re.IGNORECASE)
"""What opens the old value of a change before its number: "from", a month, a currency sign."""
_TO_VALUE = re.compile(
    rf"\s*(?:[^\W\d_]+(?:/[^\W\d_]+)?\.?,?\s*)?to\s+(?:(?:{_MONTH_NAMES})\.?\s+|[{CURRENCIES}]\s?)?", re.IGNORECASE
)
"""What stands between the old and the new value of a change: the old one's unit, "to"."""
_CHANGE_REACH = 4
"""How many words before "from" a word of change makes two values a change ("was moved from ...")."""
_DATED_ORDINAL = re.compile(
    rf"(?:\b(?P<before>{_MONTH_NAMES}) |\b(?P<day>(?:on|by|after|before|until|till|from|since) the) )?"
    rf"\b(?P<digits>\d{{1,2}})(?:st|nd|rd|th)\b"
    rf"(?: (?:of )?(?P<after>{_MONTH_NAMES})\b| (?P<monthly>of (?:each|every|the) month)\b)?",
    re.IGNORECASE,
)
"""A day written as an ordinal beside its month ("March 5th", "the 5th of March"), of every month
("the 1st of each month"), or alone after a preposition of time where its phrase ends ("a late fee
applies after the 5th"): a date, where other ordinals count nothing ("the 2nd largest", "from the
2nd century")."""
_PHRASE_ENDS = re.compile(r"\s*(?:[,.;:)]|$|(?:and|or)\b)")
_ORDINAL = re.compile(r"\d(?:st|nd|rd|th)\b", re.IGNORECASE)
_LOOK_BACK = 40
"""How many characters before a number its label or month is looked for in."""


_PHRASE_BREAK = re.compile(r"[,;:()\[\]]")
_PHRASE_REACH = 200


def _phrase_of(text: str, start: int, end: int) -> tuple[int, int]:
    """Where the phrase holding ``text[start:end]`` starts and ends, between commas, semicolons,
    colons and brackets, looked for within :data:`_PHRASE_REACH` characters (the words near a
    number stand closer)."""
    reach = max(0, start - _PHRASE_REACH)
    before = [m.end() for m in _PHRASE_BREAK.finditer(text, reach, start)]
    after = _PHRASE_BREAK.search(text, end, end + _PHRASE_REACH)
    return (before[-1] if before else reach), (after.start() if after else min(len(text), end + _PHRASE_REACH))


_RELATIVE_OPENING = re.compile(r"\s*(?:who|which|whose)\b", re.IGNORECASE)
"""What opens a relative clause after its comma."""
_BETWEEN_COMMAS = re.compile(r",[^,;:()\[\]]{1,80},")
"""An apposition between commas: ", released in October 2024,"."""


def _after_apposition(text: str, end: int, phrase_end: int) -> int | None:
    """Where the phrase of a numbered name goes on past an apposition right after it ("Python
    3.13, released in October 2024, added ..."): the first character after its closing comma."""
    if text[end:phrase_end].strip() or (m := _BETWEEN_COMMAS.match(text, phrase_end)) is None:
        return None
    return m.end()


def _label(text: str, start: int, lang: Lang) -> tuple[str | None, bool]:
    """The word right before a number that it numbers, capitalised ("Android 14"; not a month) or
    a word of the lexicon's ``label_words`` ("version 3.1"), and whether it starts its sentence
    (:attr:`NumberSlot.label_opens`)."""
    offset = max(0, start - _LOOK_BACK)
    match = _LABEL.search(text[offset:start])
    if match is None or match.group(1).lower() in _CALENDAR:
        return None, False
    word, lex = match.group(1), get_lexicon(lang)
    if word.lower() in lex.stopwords or (not word[0].isupper() and word.lower() not in lex.label_words):
        return None, False  # "In 2020", "the 2020"
    return match.group(1), starts_sentence(text, offset + match.start(1))


_WORD_BEFORE = re.compile(r"([^\W\d_]+)\.?\s*$")
"""The word before a number, past the period of an abbreviation ("Dec. 24")."""
_MONTH_OF_YEAR = re.compile(r"([^\W\d_]+)\.?(?:\s+of|\s+\d{1,2}(?:st|nd|rd|th)?\s*,)?\s*$", re.IGNORECASE)
"""The word before a year, past an "of" or a day: "June of 1866", "October 20, 1936"."""
_FOUR_DIGITS = re.compile(r"\d{4}")
_PER_CENT = re.compile(r"\s?(?:per|pour)\s?cent\b|[ \u00a0\u202f]%", re.IGNORECASE)
"""A per cent after a number: written as a word, or as the sign after a space (French and German
typesetting, "7 %"; tokenized text, "80 % of the")."""
_SAME_UNITS = {
    "%": "percent percents prozent pourcent",
    "$": "dollar dollars",
    "€": "euro euros",
    "km": "kilometre kilometres kilometer kilometers kilomètre kilomètres",
    "kg": "kilogram kilograms kilogramme kilogrammes kilogramm",
    "m": "metre metres meter meters mètre mètres",
    "cm": "centimetre centimetres centimeter centimeters",
    "mm": "millimetre millimetres millimeter millimeters",
    "g": "gram grams gramme grammes gramm",
    "l": "litre litres liter liters",
    "ft": "foot feet",
    "in": "inch inches",
    "mile": "mi miles",
}
"""Units written as a word or a sign: "90 percent" is "90%", "5 dollars" is "$5", "2 mi" is "2 miles"."""
_MEASURE_WORDS = " ".join(
    (
        *_DURATIONS.values(),
        "century centuries mile miles inch inches yard yards pound pounds ounce ounces ton tons tonne tonnes "
        "gallon gallons degree degrees celsius fahrenheit kelvin grad siècle degré degrés",
    )
)


@lru_cache(maxsize=1)
def _month_stems() -> frozenset[str | None]:
    """The months as a number's unit (a day or a year after one: "March 1", "February 1798")."""
    return frozenset(_calendar_unit(month, "en") for month in _MONTHS)


def _calendar_unit(word: str, lang: Lang) -> str:
    """A month's or a week day's stem, the unit of a date: the word itself where the analysis
    drops it as a stop word ("May", the modal verb's spelling)."""
    return next(iter(analyze(word, lang).content), word.lower())


@lru_cache(maxsize=8)
def _calendar(lang: Lang) -> frozenset[str]:
    """The units of the months and week days (:func:`_calendar_unit`)."""
    return frozenset(_calendar_unit(word, lang) for word in _CALENDAR)


@lru_cache(maxsize=8)
def _events(lang: Lang) -> dict[str, str]:
    """The stem of each of the lexicon's ``event_words``, to its kind of event (marked so that no
    word of a text is one)."""
    return {
        stem: f"<{kind}>"
        for word, kind in get_lexicon(lang).event_words.items()
        for stem in analyze(word, lang).content
    }


@lru_cache(maxsize=8)
def _dimensions(lang: Lang) -> dict[str, str]:
    """The stem of each of the lexicon's ``dimension_words``, to its dimension."""
    lex = get_lexicon(lang)
    return {stem(word, lex): kind for word, kind in lex.dimension_words.items()}


_DIMENSION_BEFORE = re.compile(r"([^\W\d_]+)\s+(?:of\s+)?(?:about\s+|around\s+|some\s+)?$")
"""The word right before a number, or before its "of": "weighs 5 kg", "a total length of 2,737
metres"."""
_DIMENSION_AFTER = re.compile(r"\s+([^\W\d_]+)")
"""The word right after a measure: "1,280 metres long"."""


def _dimension(text: str, start: int, end: int, lang: Lang) -> str | None:
    """The dimension a measure at ``text[start:end]`` (its unit included) gives, where a word of the
    lexicon's ``dimension_words`` stands right after it ("1,280 metres long"), or right before it
    or its "of" ("weighs 5 kg", "a total length of 2,737 metres")."""
    dimensions = _dimensions(lang)
    if not dimensions:
        return None
    around = (_DIMENSION_AFTER.match(text, end), _DIMENSION_BEFORE.search(text, max(0, start - 40), start))
    lex = get_lexicon(lang)
    return next((kind for m in around if m and (kind := dimensions.get(stem(m.group(1).lower(), lex)))), None)


def _with_events(frame: frozenset[str], lang: Lang) -> frozenset[str]:
    """``frame`` with the kind of each event its words name: "formed in 1985" and "started in 1985"
    share the event ``start`` though not the word."""
    events = _events(lang)
    return frame | {events[stem] for stem in frame if stem in events}


@lru_cache(maxsize=8)
def _same_units(lang: Lang) -> dict[str, str]:
    """The stem of each unit word written also as a sign or an abbreviation, to that sign."""
    return {stem: sign for sign, words in _SAME_UNITS.items() for stem in analyze(words, lang).content}


@lru_cache(maxsize=8)
def _measures(lang: Lang) -> frozenset[str]:
    """Units that only measure (time, length, weight, money, share; a month for a day of it). A
    claim's measure that its evidence does not state is not supported by it; a word after a number
    that is not one of these is often no unit at all ("two huge studies", "phase 3 human trials"),
    and decides nothing this way."""
    words = analyze(_MEASURE_WORDS, lang).content | _calendar(lang)
    return frozenset(words | _MEASURES | set(_same_units(lang).values()) | set(CURRENCIES))


_SCORE = "score"
"""The unit of a score or odds ("a 2-0 win", "25-1 outsider"): its value is both sides, the first
times 1,000 plus the second (:func:`_scores`), so 2-0 and 2-1 are two values, neither rounding
the other."""
_DASH = rf"(?:--|[{_DASHES}])"
_SCORE_PATTERN = re.compile(rf"(?<![\w.,/-])(\d{{1,3}}) ?{_DASH} ?(\d{{1,3}})(?![\w.,/]| ?{_DASH} ?\d)")
_SCORE_WORDS = _word_set(
    "win wins won winning victory victories defeat defeats defeated beat beats beaten lost lose loses loss "
    "draw draws drew drawn lead leads led score scored scoreline final triumph thrashing rout routed "
    "outsider shot odds favourite favorite"
)
"""Words that make two numbers joined by a dash a score or odds, not a range ("aged 18-24")."""
_SCORE_NEAR = 4


def _scores(text: str, words: Sequence[re.Match[str]], starts: Sequence[int]) -> list[tuple[int, int, float, str]]:
    """The scores and odds of ``text`` ("a 2-0 win", "2 - 0 victory", "the 25-1 outsider"): two
    whole numbers joined by a dash with a word of a match or a bet within :data:`_SCORE_NEAR`
    words; their value is :data:`_SCORE`'s."""
    if not any(c in text for c in _DASHES):
        return []
    out = []
    for m in _SCORE_PATTERN.finditer(text):
        near = _words_near(text, words, starts, m.start(), m.end(), _SCORE_NEAR)
        if any(word.lower() in _SCORE_WORDS for word in near):
            out.append((m.start(), m.end(), int(m.group(1)) * 1000.0 + int(m.group(2)), _SCORE))
    return out


_CLOCK = "clock"
"""The unit of a time of day written with its minutes (:data:`~faithcheck._text.analysis.CLOCK_TIME`),
whose value is :func:`~faithcheck._text.analysis.clock_minutes`."""


def _clock_times(text: str) -> list[tuple[int, int, float, str]]:
    """The times of day of ``text`` written with their minutes (:data:`_CLOCK`): "The train leaves
    at 9:45" against "The train leaves at 9:15"."""
    if ":" not in text:
        return []
    return [(m.start(), m.end(), clock_minutes(m), _CLOCK) for m in CLOCK_TIME.finditer(text)]


_YEARS_OF_AGE = "year"
"""The unit of an age, however it is written ("Sapp, 42, was", "aged 42", "42-year-old"): the
stem of "years"."""
_YEARS_OLD = r"(?:\s?-\s?|\s)years?(?:\s?-\s?|\s)old\b"
_AGE_AFTER = re.compile(rf"{_YEARS_OLD}(?:\s([^\W\d_]+)(?:\s([^\W\d_]+))?)?", re.I)
_AGE_SHOWN = re.compile(_YEARS_OLD, re.I)
_AGE_BEFORE = re.compile(
    r"(?:\b([^\W\d_]+)\s)?\b([^\W\d_]+),?\s(?:aged|age(?:\sof)?)\s(?:\d+\s?(?:to|-|\u2013)\s?)?$", re.IGNORECASE
)
"""The words before an age: the name and "aged", maybe the range's first age ("Children aged 6 to 12")."""
_APPOSITION = re.compile(r"(?:\b([^\W\d_]+)\s)?\b([^\W\d_]+) ?, $")
"""A name set off by a comma before a number, in written text ("Sapp, 42,") or tokenized ("man , 25 ,")."""


def _age_of(text: str, start: int, end: int, calendar: frozenset[str], lang: Lang) -> frozenset[str] | None:
    """Whose age the number is, when it is one: the words of the name beside it ("42-year-old
    quying boyd", "Benjamin Khoury, aged 34", or set off by commas after the name: "Sapp, 42,
    was charged", the news convention; not "on June 2, 2019"); no words when they do not say
    ("died at the age of 84"). ``None`` for any other number."""
    window = max(0, start - _LOOK_BACK)
    if match := _AGE_AFTER.match(text, end):
        return frozenset(w.lower() for w in match.groups() if w)
    match = _AGE_BEFORE.search(text, window, start) or _APPOSITION.search(text, window, start)
    if match is None or (match.re is _APPOSITION and not _set_off(text, start, end)):
        return None
    if _calendar_unit(match.group(2), lang) in calendar:
        return None
    stopwords = get_lexicon(lang).stopwords
    return frozenset(w.lower() for w in match.groups() if w and w.lower() not in stopwords)


def _set_off(text: str, start: int, end: int) -> bool:
    """A whole number below 120 with a comma after it (a space before the comma in tokenized text)."""
    digits = text[start:end]
    return text[end : end + 2].lstrip(" ")[:1] == "," and digits.isdigit() and 0 < int(digits) < 120


def _parts_of_wholes(
    text: str,
    slots: list[tuple[int, int, NumberSlot]],
    words: Sequence[re.Match[str]],
    starts: Sequence[int],
    drop: frozenset[str],
    lang: Lang,
) -> list[tuple[int, int, NumberSlot]]:
    """``slots`` with a bare number after a whole and "of which" (:data:`_OF_WHICH`) counting what
    the whole counts, and each with the words of its own side only (less ``drop``): "450 beds, of
    which 60 are in intensive care" gives 60 beds in intensive care, and 450 beds of the hospital. A
    part counting a kind of its own after ", including" has the whole's words too (:func:`_whole_before`:
    "Team GB won 65 medals at the Paris 2024 Olympics, including 14 golds": 14 golds won by Team GB)."""
    slots = list(slots)
    including = "including" in text.lower()  # most texts have none to look for
    for k in range(1, len(slots)):
        (begin, end, whole), (start, stop, part) = slots[k - 1], slots[k]
        if including and part.unit and not part.is_year and (counted := _whole_before(text, slots[:k], start)):
            # a part counting a kind of its own ("65 medals at the Paris 2024 Olympics, including 14
            # golds") is said of what the whole is: 14 golds won by Team GB
            slots[k] = (start, stop, replace(part, frame=part.frame | counted.frame))
            continue
        if part.unit or part.is_year or not whole.unit or whole.is_year or not _OF_WHICH.fullmatch(text, end, start):
            continue
        own = _words_near(text, words, starts, start, stop, _FRAME_TOKENS, (start, len(text)))
        wholes = _words_near(text, words, starts, begin, end, _FRAME_TOKENS, (0, end + len(whole.text)))
        frames = [_with_events(analyze(" ".join(w), lang).content - drop - {whole.unit}, lang) for w in (wholes, own)]
        slots[k - 1] = (begin, end, replace(whole, frame=frames[0]))
        slots[k] = (start, stop, replace(part, unit=whole.unit, frame=frames[1]))
    return slots


def _whole_before(text: str, before: Sequence[tuple[int, int, NumberSlot]], start: int) -> NumberSlot | None:
    """The last number of ``before`` counting something (not a year) that the part at ``start``
    is a part of, in one clause: ", including" stands right before the part (:data:`_INCLUDING`)."""
    wholes = [(end, slot) for _, end, slot in before if slot.unit and not slot.is_year]
    if not wholes:
        return None
    end, whole = wholes[-1]
    return whole if _INCLUDING.fullmatch(text, end, start) else None


_INCLUDING = re.compile(r"[^.;:]*,\s+including\s+$", re.IGNORECASE)
"""What stands between a whole and a part of it counting a kind of its own, in one clause: "medals
at the Paris 2024 Olympics, including"."""
_OF_WHICH = re.compile(r"\s*[^\W\d_]+\s*,?\s+(?:of\s+(?:which|whom|them|these|those)|including)\s+", re.IGNORECASE)
"""What stands between a whole and a part of it: "beds, of which", "employees, including"."""

_JOINED = re.compile(r"\s*(?:to|or|and|of|of the|bis|oder|und|à|ou|et|-|\u2013)\s*", re.IGNORECASE)
"""What joins the first number of a range, a choice or a part to the one that says what both
count: "1 or 2 tablets", "two of the 35 fasteners"."""
_MEASURES = _word_set("km kg cm mm mg ml lb ft mph kw kwh mb gb")


def _is_year(digits: str, value: float, unit: str | None, lang: Lang) -> bool:
    """1000-2100 written without a separator, counting nothing measured ("in 2016", "a 2016 report",
    "the 2010 census"; not "1,500 km", "1200 dollars", "1889 metres"; a month before it dates it:
    "March 2016"). A plural after it may be a verb ("Blade Runner 2049 stars Ryan Gosling") or an
    adverb ("from 1985 onwards") as often as what it counts."""
    if not (digits.isdigit() and 1000 <= value <= 2100):
        return False
    return unit is None or unit in _calendar(lang) or _same_units(lang).get(unit, unit) not in _measures(lang)


def _in_compound(text: str, start: int, end: int) -> bool:
    """Part of a range, a time, a date or a fraction: "2018-19", "10-24", "10:30", "24/7", "3/4"."""
    before, after = text[max(0, start - 1) : start], text[end : end + 2]
    joined = _DASHES + ":/"
    return (before in joined and start >= 2 and text[start - 2].isdigit()) or (
        len(after) == 2 and after[0] in joined and after[1].isdigit()
    )


_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*\s+(?=[\"“(]?[A-Z])")


def _one_sentence(text: str, a: int, b: int) -> bool:
    """No sentence ends between ``a`` and ``b``: a number's frame is its own sentence's words (a
    summary's "boyd. Sapp, 42, was charged" says nothing of Sapp's age with "boyd"). The ends are
    found once a text, so a long text with many numbers costs no more a number than a short one."""
    lo, hi = sorted((a, b))
    starts, capitals = _sentence_ends(text)
    k = bisect_left(starts, lo)
    return k == len(starts) or capitals[k] >= hi


def _sentence_of(text: str, at: int) -> tuple[int, int]:
    """Where the sentence of ``text`` holding ``text[at]`` starts and ends."""
    starts, capitals = _sentence_ends(text)
    k = bisect_right(starts, at)
    return (capitals[k - 1] if k else 0), (starts[k] + 1 if k < len(starts) else len(text))


@lru_cache(maxsize=4096)
def _sentence_ends(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Where each sentence end of ``text`` starts, and where the capital after it stands."""
    ends = [(m.start(), m.end() + (text[m.end()] in '"“(')) for m in _SENTENCE_END.finditer(text)]
    return tuple(start for start, _ in ends), tuple(capital for _, capital in ends)


def _magnitude_after(text: str, end: int, number_words: dict[str, float]) -> tuple[float, int] | None:
    gap = _UNIT_GAP.match(text, end)
    assert gap is not None
    word = _WORD.match(text, gap.end())
    if word is None or number_words.get(word.group().lower(), 0.0) < MAGNITUDE:
        return None
    return number_words[word.group().lower()], word.end()


_OF_WHAT = re.compile(r"\s?-?\s?[^\W\d_]+\s+of\s+(?:the\s+|a\s+|an\s+)?([^\W\d_]+)")
"""A unit, "of" and the noun it measures: "g of flour"."""


_MEASURE_BEFORE = re.compile(r"\s?(?:g|mg|kg|ml|kcal|cal|mcg|µg)\s+([a-z]+)\b")
"""A unit of a nutrition list right before a noun it measures: "100 g serving", "12 g protein"."""
_LISTED_MEASURE = re.compile(
    r"\s?(?:g|mg|kg|ml|kcal|cal|mcg|µg)\s+(?:(?:are|is)\s+)?([a-z]+)(?=\s*(?:[,;.]|\band\b|$))"
)
"""A unit of a nutrition list right before the noun it measures (past "are"), which ends a listed
item: "6 g sugars,", "of which 5 g are sugars."."""


def _of_what(text: str, end: int, unit: str | None, lang: Lang) -> str | None:
    """The stem of the noun a number's unit measures, after "of" ("200 g of flour") or, in a list,
    right after a unit of mass or energy (:data:`_LISTED_MEASURE`: "of which 6 g sugars, and 3 g of
    fat", "of which 5 g are sugars"; :data:`_MEASURE_BEFORE`: "Each 100 g serving"); ``None``
    without a unit, or where the noun is a month ("5th of March") or a stop word."""
    if unit is None or lang != "en":
        return None
    m = _OF_WHAT.match(text, end) or _LISTED_MEASURE.match(text, end) or _MEASURE_BEFORE.match(text, end)
    if m is None or m.group(1).lower() in get_lexicon(lang).stopwords:
        return None
    stems = analyze(m.group(1), lang).content
    return next(iter(stems)) if len(stems) == 1 and m.group(1).lower() not in _MONTHS else None


def _word_before(text: str, start: int, end: int) -> re.Match[str] | None:
    """The word right before the number at ``text[start:end]`` (group 1), past an "of" or a day
    for a year."""
    before = text[max(0, start - _LOOK_BACK) : start].rstrip()
    return (_MONTH_OF_YEAR if _FOUR_DIGITS.fullmatch(text, start, end) else _WORD_BEFORE).search(before)


def _unit_before(text: str, start: int, end: int, lang: Lang) -> str | None:
    """A currency sign right before the number, or the month a day follows ("March 1"), or a year
    ("June of 1866", "October 20, 1936": the second date of "June 14, 1866 - October 20, 1936" is
    not in June)."""
    before = text[max(0, start - _LOOK_BACK) : start].rstrip()
    if before and before[-1] in CURRENCIES:
        return before[-1]
    word = _word_before(text, start, end)
    if word and (month := _month(word.group(1), lang)):
        return _calendar_unit(month, lang)
    return None


def _month(word: str, lang: Lang) -> str | None:
    """``word`` as a month or a week day, an abbreviated month written out ("Dec" → "december"),
    lower-cased; ``None`` for any other word."""
    lowered = word.lower()
    if lowered in _CALENDAR:
        return lowered
    month = get_lexicon(lang).month_abbreviations.get(lowered) if word[0].isupper() else None
    return month if month in _CALENDAR else None


_SIGN_AFTER = re.compile(rf"\s?([{CURRENCIES}])(?!\s?\d)")
"""A currency's sign right after an amount, not before another ("12 €"; not "from 12 $15")."""


def _glued_temperatures(text: str) -> Iterator[tuple[int, int, float]]:
    """The temperatures of :data:`_GLUED_DEGREES` in ``text`` (start, end and value of the number),
    not after a word with a capital, which they number ("iPhone 5C", "Flat 3F")."""
    for m in _GLUED_DEGREES.finditer(text):
        if not _CASED_BEFORE.search(text, max(0, m.start() - _LOOK_BACK), m.start()):
            yield m.start(1), m.end(1), float(m.group(1))


def _unit_after(text: str, end: int, stopwords: frozenset[str], lang: Lang) -> str | None:
    """The stem of the word after the number; a temperature's scale ("1.5 degrees Celsius" counts
    degrees Celsius, not Fahrenheit)."""
    gap = _UNIT_GAP.match(text, end)
    assert gap is not None
    if (sign := _SIGN_AFTER.match(text, end)) is not None:
        return sign.group(1)  # a currency's sign after the amount: "12 €", "12€"
    if (degrees := _DEGREE_SIGN.match(text, end) or _GLUED_SCALE.match(text, end)) is not None:
        # "25°C" and "25C" count what "25 degrees Celsius" does
        degree = next(iter(analyze("degrees", "en").content))
        return f"{degree} {_SCALES[degrees.group(1).upper()]}" if degrees.group(1) else degree
    if lang == "en" and (measured := _COUNT_OF_MEASURED.match(text, end)) is not None:
        return next(iter(analyze(measured.group(1), lang).content), None)  # "two 5 ml spoonfuls"
    word = _WORD.match(text, gap.end())
    lowered = word.group().lower() if word else ""
    month = _WORD.match(text, word.end() + 1) if lowered == "of" and word is not None else None
    if month is not None and month.group().lower() in _MONTHS:
        word, lowered = month, month.group().lower()  # "the 5th of March"
    if word is not None and lowered in _MONTHS and word.group()[0].isupper():
        return _calendar_unit(word.group(), lang)  # a day: "13 May 1717" (the modal verb is written "may")
    written_out = _month(word.group(), lang) if word is not None and word.group() != "may" else None
    if written_out is not None and written_out in _MONTHS:
        return _calendar_unit(written_out, lang)  # "24 Dec 2020" (not "11 may take": the modal verb)
    if lang == "en" and (time := _TIME_OF_DAY.match(text, end)):
        return time.group(1).lower() + "m"  # not the verb: "opens at 10 am", "9 a.m."
    if lang == "en" and word is not None and word.group() == "in" and _INCHES_END.match(text, word.end()):
        return "in"  # inches, as a unit converted in a bracket: "16-21 cm (6.3-8.3 in)"
    if word is not None and word.group() in _SIGNS_AS_WORDS:
        return word.group()  # a unit's sign a lexicon also lists as a word: "2 m long" ("I'm", "l'eau")
    if lang == "en" and (points := _PERCENTAGE_POINTS.match(text, gap.end())) is not None:
        return next(iter(analyze(points.group(1), lang).content), None)  # "2.1 percentage points" as "0.4 points"
    if word is None or lowered in stopwords or lowered in _PRONOUNS or lowered in _NOT_UNITS:
        return None
    if lang == "en" and (counted := _GIVEN_FREE.match(text, word.start())) is not None:
        word, lowered = counted, counted.group(1).lower()  # "one free checked bag" counts bags
    stems = analyze(word.group(1) if word.groups() else word.group(), lang).content
    stem = next(iter(stems)) if stems else (word.group() if word.group() in _SAME_UNITS else None)  # "200 g"
    if lowered in _POWERED and (measure := _unit_after(text, word.end(), stopwords, lang)) is not None:
        return f"{_same_units(lang).get(measure, measure)} {lowered}"  # "9.98 million square kilometres": "km square"
    if stem and lowered in _DEGREES and (scale := _SCALE.match(text, word.end())):
        return f"{stem} {scale.group(1).lower()}"  # refines the unit: see NumberSlot.compatible
    return stem


_GIVEN_FREE = re.compile(rf"{GIVEN_ON_TOP}([a-z]+)\b(?<!ed)", re.IGNORECASE)
""":data:`~faithcheck._pipeline.verify.conjuncts.GIVEN_ON_TOP` and the word a number counts."""
_PERCENTAGE_POINTS = re.compile(r"percentage\s+(points?)\b", re.IGNORECASE)
"""A difference of shares in points: "percentage points" counts points, as a share's changes are
often said again ("by 2.1 percentage points in the drug group and by 0.4 points in the placebo
group")."""
_PER_UNIT = re.compile(r"/[^\W_]+")
"""A unit per another written with a slash right after the first: the "/cm3" of "19.3 g/cm3"."""
_POWERED = frozenset({"square", "cubic"})
"""Words before a unit of length that make it one of area or volume: the unit is the length's, so
refined ("square miles" measures as miles do, and no square kilometres)."""
_SIGNS_AS_WORDS = frozenset({"m", "l"})
"""Signs of units (:data:`_SAME_UNITS`) that are stop words too (the "m" of "I'm", the "l" of
"l'eau"), read as units after a number: "2 m", "1.5 l" ("in" is read apart: :data:`_INCHES_END`)."""
_INCHES_END = re.compile(r"\s*(?:[),;]|\.(?:\s|$)|$|\(\s*\d)")
"""What follows "in" after a number where it is the sign of inches, with no object of a preposition:
a bracket's or a phrase's end ("(6.3-8.3 in)", "27 in, or"), or a bracket converting it ("27 in (69
cm)")."""


@cache
def _frequency(lang: Lang) -> re.Pattern[str] | None:
    """How often, in one word, before what it counts per (the lexicon's ``frequency_words`` before
    a word of ``frequency_after``: "twice daily", "once a week"), or after a word in lower case and
    ending a clause ("scored twice and", "met once."; not "at once"); "once" before other words is
    as often a conjunction ("once approved") and "twice as many" a factor. ``None`` where the
    lexicon lists none.

    >>> [m.group() for m in _frequency("en").finditer("He scored twice, and she scored once. Once done, go.")]
    ['twice', 'once']
    """
    lex = get_lexicon(lang)
    if not lex.frequency_words:
        return None
    words, after = (("|".join(sorted(map(re.escape, w)))) for w in (lex.frequency_words, lex.frequency_after))
    ending = rf"(?<=[^\W\d_]\s)(?<!\bat\s)(?:{words})\b(?=\s*(?:[.,;:)]|$)|\s+(?:and|but|or)\b)"
    return re.compile(rf"\b(?:{words})\b(?=\s+(?:{after})\b)|{ending}", re.IGNORECASE)


_TIMES = "time"
"""The unit of "three times daily" (the stem of "times"), and of "twice daily"."""
_MERIDIEMS = {"am": 0, "pm": 12}
"""The hours a time of day before or after noon adds ("3 p.m." is 15)."""
_MIDDAY = 12
"""Noon: "12 pm" is the 12th hour, "12 am" the 0th."""
_HOUR_OF_DAY = "o'clock"
"""The unit of a time of day written with "a.m." or "p.m.": one kind, whichever half of the day."""
_TIME_OF_DAY = re.compile(r"\s?([ap])(?:m\b|\.m\.)", re.IGNORECASE)
"""A time of day after a number: "10 am", "9 a.m.", "5 PM"."""
_DEGREES = _word_set("degree degrees grad degré degrés")
_DEGREE_SIGN = re.compile(r"\s?°\s?([CFK](?![^\W\d_]))?")
"""The sign of degrees after a number, with its scale's letter: "25°C", "77 °F", "30°"."""
_GLUED_SCALE = re.compile(r"([CF])\b")
"""A scale's letter glued to the number before it (:data:`_GLUED_DEGREES`)."""
_SCALES = {"C": "celsius", "F": "fahrenheit", "K": "kelvin"}
_SCALE = re.compile(r"\s(celsius|fahrenheit|kelvin)\b", re.IGNORECASE)


def _runs(
    text: str, spans: Sequence[tuple[int, int]], calendar: frozenset[str], lang: Lang
) -> tuple[list[int], list[int]]:
    """The starts and ends of the numbers of ``text`` (``spans``, in reading order) as runs:
    numbers joined by at most one content word besides the calendar's (what the first counts) are
    one run ("May 3, 1977", "1963 -- 2006", "2002 & 2010", "8 tablets in 24 hours")."""
    starts: list[int] = []
    ends: list[int] = []
    for start, end in spans:
        if ends and len(analyze(text[ends[-1] : start], lang).content - calendar) <= 1:
            ends[-1] = max(end, ends[-1])
        else:
            starts.append(start)
            ends.append(end)
    return starts, ends


def _said_again_from(text: str, found: Sequence[tuple[int, int, float]], index: int, lang: Lang) -> int:
    """Where the words before the number ``found[index]`` (``found`` in reading order) are read from:
    before the numbers right before it that only stop words part from it, with a word of the
    lexicon's ``sequel_words`` ("flooded in 2019 and again in 2021": 2021 is what flooded too) or
    after a "from" (:data:`_FROM_VALUE`: "will increase from $15 to $16": $16 is the wage's too),
    else at its start (a value risen to in a phrase of its own, ", rising to 500 pounds for
    subsidence claims", is a part of the sentence: :mod:`~faithcheck._pipeline.verify.conjuncts`).

    >>> text = "The river flooded in 2019 and again in 2021."
    >>> [n.frame for n in _numbers(text, "en")][1] == frozenset({"flood", "river"})
    True
    """
    sequels, opening = get_lexicon(lang).sequel_words, found[index][0]
    for k in range(index - 1, max(-1, index - 1 - _SAID_AGAIN_REACH), -1):
        before_start, before_end, _ = found[k]
        if before_end > opening:
            continue  # a number inside this one's text ("1,000" of "$1,000")
        if _TO_VALUE.fullmatch(text, before_end, opening) and _FROM_VALUE.search(
            text, max(0, before_start - _LOOK_BACK), before_start
        ):
            return before_start  # the two ends of one change: the first's words are the change's
        gap = analyze(text[before_end:opening], lang)
        if (gap.content or not any(token in sequels for token in gap.tokens)) and not _listed_alike(
            text, before_end, found[index][1], gap.tokens, lang
        ):
            break
        opening = before_start
    return opening


def _listed_alike(text: str, before_end: int, end: int, gap: Sequence[str], lang: Lang) -> bool:
    """The number ending at ``end`` is listed after one ending at ``before_end`` with the same unit,
    which the gap ``gap`` (its tokens) between them repeats: "start at 11 am and 2 pm" (both
    start), "weighs 5 kg or 7 kg"; not a number of another thing ("23 pounds and the practical test
    costs 62 pounds")."""
    unit_before, unit_after = _WORD_AFTER.match(text, before_end), _WORD_AFTER.match(text, end)
    if unit_before is None or unit_after is None or not gap:
        return False
    first, then = unit_before.group(1).lower(), unit_after.group(1).lower()
    alike = first == then or (first in _MERIDIEMS and then in _MERIDIEMS)
    return alike and gap[0] == first and set(gap[1:]) <= get_lexicon(lang).list_words


_HYPHENATED_CODE = re.compile(r"(?<![\w.-])(?=[\w-]*\d)[^\W_]+(?:-[^\W_]+)+(?![\w-])")
"""A code whose parts a hyphen joins, one holding a digit ("787-8", "COVID-19", "F-35"): the slots read
no number in it."""
_WORD_AFTER = re.compile(r"\s+([^\W\d_]+)")
"""The word right after a number."""
_EXCEPTED_NAME = re.compile(r",\s+except\s+(?:for\s+)?(?:the\s+)?([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)")
"""An exception naming a thing after a comma: ", except the Plaid", ", except for Model Y"."""
_STRANGER_EVENT = 3
"""The words of the claim around a year that a sentence naming others must have for a year stated
with none of them to leave it its rival (:func:`_check_number`)."""
_SAID_AGAIN_REACH = 3
"""How many numbers back :func:`_said_again_from` reads ("in 2019, again in 2020 and again in 2021");
a text of thousands of them costs no more a number."""


def _span_at(spans: Sequence[tuple[int, int]], at: int) -> int | None:
    """Which of ``spans`` (in reading order, none overlapping) ``at`` lies inside, found by halving
    (a text of thousands of names costs no more a word); ``None`` if none."""
    k = bisect_right(spans, (at, sys.maxsize)) - 1
    return k if k >= 0 and spans[k][0] <= at < spans[k][1] else None


def _reach(runs: tuple[list[int], list[int]], start: int) -> tuple[int, int]:
    """Where the words of the number at ``start`` may lie: from the end of the run before its own
    to the start of the run after (:func:`_runs`). The words beyond another number are that
    number's: in "a gross of $52 million against its estimated $16 million budget" the budget is
    the 16's."""
    starts, ends = runs
    k = bisect_right(starts, start) - 1
    return (ends[k - 1] if k > 0 else 0, starts[k + 1] if k + 1 < len(starts) else sys.maxsize)


def _words_near(
    text: str,
    words: Sequence[re.Match[str]],
    starts: Sequence[int],
    start: int,
    end: int,
    distance: int,
    reach: tuple[int, int] = (0, sys.maxsize),
) -> list[str]:
    """The words of ``text`` (``words``, at ``starts``) at most ``distance`` words from
    ``text[start:end]``, in its sentence and within ``reach`` (:func:`_reach`): the ``distance``
    words before it, and after it those with at most ``distance`` words between (the first word
    after is 0 words away). Found by position, so a long text costs no more than a short one."""
    before, after = bisect_left(starts, start), bisect_left(starts, end)
    near = [m for m in words[max(0, before - distance) : before] if _one_clause(text, m.start(), start)]
    near += [m for m in words[after : after + distance + 1] if _one_clause(text, end, m.start())]
    return [_compounded(text, m) for m in near if reach[0] <= m.start() and m.end() <= reach[1]]


def _one_clause(text: str, a: int, b: int) -> bool:
    """No sentence ends between ``a`` and ``b`` (:func:`_one_sentence`), nor a semicolon outside
    brackets: a clause after one says its own ("at least 60 minutes before departure; business
    premier passengers can check in 45 minutes before": "business premier" is none of the 60's)."""
    lo, hi = sorted((a, b))
    semicolons = _clause_ends(text)
    k = bisect_left(semicolons, lo)
    return (k == len(semicolons) or semicolons[k] >= hi) and _one_sentence(text, a, b)


@lru_cache(maxsize=4096)
def _clause_ends(text: str) -> tuple[int, ...]:
    """Where the semicolons of ``text`` stand, but those in brackets ("Richard Dawson ( born Colin
    Lionel Emm ; 20 November 1932 -- ...")."""
    return tuple(k for k, mark in enumerate(text) if mark == ";" and text.rfind("(", 0, k) <= text.rfind(")", 0, k))


_COMPOUND_BEFORE = re.compile(r"[^\W\d_]+-$")
"""A word and a hyphen right before another: they are one compound ("check-out")."""


def _compounded(text: str, word: re.Match[str]) -> str:
    """``word`` with the word and hyphen before it, where it is a particle ending a compound:
    "check-out", whose "out" is a stop word alone (:func:`~faithcheck._text.analysis.analyze`
    reads it so); "induced" of "human-induced" is a word of its own."""
    if word.group().lower() not in _PARTICLES:
        return word.group()
    before = _COMPOUND_BEFORE.search(text, max(0, word.start() - _COMPOUND_REACH), word.start())
    return text[before.start() : word.end()] if before else word.group()


_COMPOUND_REACH = 20
"""The letters read back from a word for the one it is compounded with."""
_PARTICLES = _word_set("in out up off on over down back by away")
"""Particles that end compounds ("check-in", "drop-off", "sign-up")."""


def _slot_text(text: str, start: int, end: int) -> str:
    """The number with the word after it that it counts: "16 tablets", "5-year"."""
    if (sign := _SIGN_AFTER.match(text, end)) is not None:
        return text[start : sign.end()]  # "12 €"
    gap = _UNIT_GAP.match(text, end)
    assert gap is not None
    word = _WORD.match(text, gap.end())
    if word is None:
        return text[start:end]
    scale = _SCALE.match(text, word.end()) if word.group().lower() in _DEGREES else None
    if word.group().lower() in _POWERED:
        scale = _WORD_AFTER.match(text, word.end())  # "9.98 million square kilometres"
    scale = _PERCENTAGE_POINTS.match(text, gap.end()) or scale  # "2.1 percentage points"
    scale = _GIVEN_FREE.match(text, gap.end()) or scale  # "one free checked bag"
    per = _PER_UNIT.match(text, (scale or word).end())
    return text[start : (per or scale or word).end()]  # "19.3 g/cm3"


@lru_cache(maxsize=16384)
def _names(text: str, lang: Lang) -> tuple[NameSlot, ...]:
    """Runs of capitalised words that are names: a sentence's first word alone only where people
    seldom write it in lower case (:func:`_opens_as_name`); months and week days are dates, not
    names."""
    return tuple(name for name, _, _ in _placed_names(text, lang))


def _placed_names(text: str, lang: Lang) -> tuple[tuple[NameSlot, int, int], ...]:
    """:func:`_names` with where each stands in ``text``. A possessive ends a name: in "Gaza's
    Al-Shifa hospital" Gaza owns the hospital, it is no part of its name."""
    return tuple((name, start, end) for name, start, end, place in _capitalised(text, lang) if not place)


def _placed_places(text: str, lang: Lang) -> tuple[tuple[NameSlot, int, int], ...]:
    """The runs of capitalised words after a preposition or an article (:func:`_is_place`): places,
    works and organisations ("in Dublin", "the capital of France", "the University of Oxford"),
    with where each stands in ``text``."""
    return tuple((name, start, end) for name, start, end, place in _capitalised(text, lang) if place)


@lru_cache(maxsize=16384)
def _capitalised(text: str, lang: Lang) -> tuple[tuple[NameSlot, int, int, bool], ...]:
    """The runs of capitalised words of ``text`` that name something (a sentence's first word alone
    only as :func:`_opens_as_name` reads it, marked :attr:`NameSlot.opening`; not a month or a day),
    where each stands, and whether it is a place (:func:`_is_place`)."""
    if not get_lexicon(lang).entity_capitalisation:
        return ()  # German capitalises every noun
    out: list[tuple[NameSlot, int, int, bool]] = []
    run: list[re.Match[str]] = []

    def close() -> None:
        words = [m for m in run if not _is_calendar(m.group())]
        while words and _is_initial(text, words[-1]):
            words.pop()  # "Washington, D. C." names Washington
        opening = len(words) == 1 and starts_sentence(text, words[0].start())
        if words and not (opening and not _opens_as_name(text, words[0], lang)):
            stems = analyze(" ".join(m.group() for m in words if not _is_initial(text, m)), lang).content
            if stems:
                start, end = words[0].start(), words[-1].end()
                place = _is_place(text, start, lang)
                before_noun = not place and lang == "en" and len(words) == 1 and _before_noun(text, end, lang)
                out.append((NameSlot(text[start:end], frozenset(stems), before_noun, opening), start, end, place))
        run.clear()

    # a nickname in quotes is part of a name: Kenneth "Babyface" Edmonds
    nicknamed = {gap for q in _NICKNAME.finditer(text) for gap in ((q.end(1), q.start(2)), (q.end(2), q.end()))}
    stopwords, honorifics = get_lexicon(lang).stopwords, get_lexicon(lang).honorifics
    for m in _WORD.finditer(text):
        word = m.group()
        last = run[-1].group() if run else ""
        gap = text[run[-1].end() : m.start()] if run else ""
        after_initial = (
            bool(run)
            and (_is_initial(text, run[-1]) or (len(run) == 1 and last.lower() in honorifics))
            and gap in (".", ". ")
            and (_is_initial(text, m) or word.lower() not in stopwords)
        )  # "J. R. R. Tolkien", "Dr. Patel"
        joined = bool(run) and (
            (gap in (" ", "-") and without_possessive(last) == last)
            or after_initial
            or (run[-1].end(), m.start()) in nicknamed
        )
        name_word = (
            _is_name_word(word)
            or (_is_initial(text, m) and _may_be_initial(run, joined))
            or (joined and _LETTER_WITHIN.match(text, m.start()) is not None)
        )
        if name_word and (joined or not run):
            run.append(m)
            continue
        close()
        if name_word:
            run.append(m)
    close()
    return tuple(out)


_LETTER_WITHIN = re.compile(r"(?![AI]\b)[A-Z] (?=[A-Z][^\W\d_]*[a-z])")
"""A capital letter alone between two words of a name, part of it: "Galaxy Z Fold", "Model S Plaid"
(not "I" nor "A", which are words)."""
_INITIAL = re.compile(r"\.\s?[A-Z]")
"""What follows an initial of a name: its full stop and the next word ("J. R. R. Tolkien", "George
W. Bush", "J.K. Rowling")."""


_LETTERED = _word_set(
    "serie series plan type group class vitamin category formula section grade level part division pool"
)
"""Words that take a letter as a name ("Serie A", "Plan B", "Vitamin C"): the letter's full stop may
end a sentence ("at the top of Serie A. Fiorentina are two points behind")."""


def _may_be_initial(run: Sequence[re.Match[str]], joined: bool) -> bool:
    """An initial may open a name ("J. R. R. Tolkien"), follow another, or stand after a given name
    alone ("George W. Bush", "George R. R. Martin"), no word that takes a letter as a name
    (:data:`_LETTERED`)."""
    words = [m.group() for m in run if len(m.group()) > 1]
    return not joined or not words or (len(words) == 1 and words[0].lower() not in _LETTERED)


def _is_initial(text: str, word: re.Match[str]) -> bool:
    """``word`` is an initial of a name: a capital letter alone before its full stop and another
    capitalised word."""
    return len(word.group()) == 1 and word.group().isupper() and _INITIAL.match(text, word.end()) is not None


_NICKNAME = re.compile(r"([A-Z][^\W\d_]+)\s+(?:``|\"|\u201c)\s*([A-Z][^\W\d_]*)\s*(?:''|\"|\u201d)\s+(?=[A-Z])")
"""A name, a nickname in quotes and the name's next capitalised word ("Kenneth "Babyface" Edmonds",
tokenised "Kenneth `` Babyface '' Edmonds")."""


def _opens_as_name(text: str, word: re.Match[str], lang: Lang) -> bool:
    """A sentence's first word alone is a name where people seldom write it in lower case inside a
    sentence (:func:`~faithcheck._text.lexicon.lower_case_words`): "Apple reported ...", "Musiala
    scored ..."; not "Researchers found ...", "However, ...". Never in a language without such a
    list, after a colon ("A: Glasgow") or an abbreviation ("Miracle at St. Anna"), before a particle
    of a longer name ("Ludwig van Beethoven"), nor in a ``text`` written in lower case, whose first
    words are capitalised as any would be ("West brom manager tony pulis ...": no word inside a
    sentence is capitalised, and one is a word people never write in lower case)."""
    words, lex = lower_case_words(lang), get_lexicon(lang)
    bare = without_possessive(word.group()).lower()
    if not words.common or bare in words.common or bare in lex.stopwords or _PRONOUN_I.match(bare):
        return False
    before = max(0, word.start() - 8)
    if not _OPENING.search(text, before, word.start()) or _ABBREVIATION.search(text, before, word.start()):
        return False
    if (particle := _PARTICLE_AFTER.match(text, word.end())) and particle.group(1) in lex.name_particles:
        return False  # the first of a name a particle parts ("Ludwig van Beethoven"), no name alone
    return not _written_in_lower_case(text, lang)


@lru_cache(maxsize=1024)
def _written_in_lower_case(text: str, lang: Lang) -> bool:
    """No word of ``text`` inside a sentence is capitalised, and one is a word people never write in
    lower case ("tony pulis"): the text lower-cases its names. Read once a text, however many
    sentences open in it."""
    written = lower_case_words(lang).written
    inside = [m.group() for m in _WORD.finditer(text) if not starts_sentence(text, m.start())]
    return not any(w[0].isupper() for w in inside) and any(
        w.islower() and len(w) >= _RARE_LENGTH and w not in written for w in inside
    )


_PARTICLE_AFTER = re.compile(r"\s+([a-z]+)\s+[A-Z]")
"""A lower-case word and a capitalised one: a particle inside a name where the lexicon's
``name_particles`` has it ("van", "de", "bin"; not "met" of "Scholz met Macron")."""
_PRONOUN_I = re.compile(r"i['\u2019]")
"""The pronoun "I" contracted ("I'm", "I've"), which no one writes in lower case either."""
_RARE_LENGTH = 3
"""The shortest lower-case word that shows a text writes its names in lower case where people never
write it so ("pulis"; not "eu", which a web address may hold)."""
_OPENING = re.compile(r"(?:^|[.!?][\"'\u201d\u2019)\]]*\s+)[\"'\u201c\u2018(\[]*$")
"""What stands before a sentence's first word: nothing, or the end of the sentence before; not a
colon, whose word may open a label's value ("A: Glasgow")."""
_ABBREVIATION = re.compile(r"\b[A-Z][a-z]{0,2}\.\s*$")
"""A capitalised word of at most three letters and a full stop: an abbreviation ("St.", "Dr.",
"Co."), which ends no sentence."""


_DAY = re.compile(r"\b(?:" + "|".join(sorted(word.capitalize() for word in _CALENDAR)) + r")(?:s|'s)?\b")


def _is_calendar(word: str) -> bool:
    """A day of the week or a month, however it ends: "Wednesday's", "Sundays"."""
    word = without_possessive(word).lower()
    return word in _CALENDAR or (word.endswith("s") and word[:-1] in _CALENDAR)


@lru_cache(maxsize=16384)
def _placed_days(text: str, lang: Lang) -> tuple[tuple[NameSlot, int, int], ...]:
    """The days of the week and the months of ``text`` (English: "on Friday", "in March"), where
    each stands; not a sentence's first word ("March on", "May I"), nor a month of a date written
    with numbers ("23 February", "March 2011": the numbers' own check reads those)."""
    if lang != "en":
        return ()
    return tuple(
        (NameSlot(m.group(), frozenset(analyze(m.group(), lang).content)), m.start(), m.end())
        for m in _DAY.finditer(text)
        if not starts_sentence(text, m.start())
        and not _DIGIT_BEFORE.search(text, max(0, m.start() - 4), m.start())
        and not _DIGIT_AFTER.match(text, m.end())
    )


_DIGIT_BEFORE = re.compile(r"\d(?:st|nd|rd|th)?\s*$")
_DIGIT_AFTER = re.compile(r",?\s*\d")


_NOUN_AFTER = re.compile(r"\s+([a-z][^\W\d_]*)")


def _before_noun(text: str, end: int, lang: Lang) -> bool:
    """A lower-case word that is no stop word follows ``text[:end]``: "Scottish singer". (It may be
    a verb, "Brian played"; telling the two apart would need a tagger: "American animated film".)"""
    after = _NOUN_AFTER.match(text, end)
    return after is not None and after.group(1) not in get_lexicon(lang).stopwords


_NAME_FRAME = 3
"""A name is checked by its role or its sentence only in a claim that says at least this much else
(words and numbers); another name between the same words (:func:`_in_place`) in one that says
:data:`_PLACE_FRAME`."""
_NAME_TIE = 0.6
"""The share of the claim's other words and numbers the sentence naming someone else must state."""
_NAME_TIE_UNNAMED = 0.75
"""The same, when the claim's name occurs nowhere in the evidence."""
_NAME_MARGIN = 2
"""The sentence naming someone else must share this many more of the claim's other words than
every sentence that names the claim's own: "Buzz Aldrin joined him" shares none of "first person to
step onto the lunar surface on 20 July 1969", the sentence naming Neil Armstrong shares all."""


_ROLE_TOKENS = 4
"""The words within this many tokens of a name (in its sentence) are its role."""
_ROLE_FIT = 2
"""The words of its role another name must share with the claim's name to stand in its place."""
_ROLE_TIE = 0.5
"""The share of the claim's other words and numbers the sentence naming someone else in the
claim name's place must state."""


def _around(text: str, start: int, end: int, lang: Lang) -> frozenset[str]:
    """The content stems of the words of ``text`` within :data:`_ROLE_TOKENS` of ``text[start:end]``,
    in its sentence: what is said of the name there ("alerted on Twitter about ... disruptions")."""
    words = list(_WORD.finditer(text))
    near = _words_near(text, words, [m.start() for m in words], start, end, _ROLE_TOKENS)
    return analyze(" ".join(near), lang).content


def _rival(
    name: NameSlot,
    other: NameSlot,
    claim_terms: frozenset[str | float],
    lang: Lang,
    *,
    cased: frozenset[str] | None = None,
) -> bool:
    """``other`` may stand where the claim has ``name``: the claim does not name it (but by a word
    the two share), it is no alias of the name, and it is no word of origin unless the claim's name
    stands before a noun too ("an English synthpop duo" names no rival of "Jamie Muhoberac"; "an
    American comedian" does of "a Waco comedian"). Where ``other`` stands between the words the
    claim has on each side of ``name``, some of its words that the claim writes only in lower case
    (none of ``cased``, the stems the claim writes with a capital) do not name it either: "its
    Rockstar Games unit plans to announce the next Grand Theft Auto game" does not name Rockstar
    Games in "its Under Armour unit plans to announce the next Grand Theft Auto game" (elsewhere,
    "published" may well speak of "Bauer Publishing")."""
    # a word the two names share is no naming of the other ("University" in "Harvard University"
    # for "Stanford University")
    own = other.stems - name.stems
    named = own & claim_terms
    if cased is not None and named != own and named.isdisjoint(cased):
        named = frozenset()
    return not named and not _alias(name, other, lang) and (name.before_noun or not other.origin)


def _in_role(
    name: NameSlot,
    role: frozenset[str],
    claim_terms: frozenset[str | float],
    sentence: str,
    lang: Lang,
    *,
    subject: frozenset[str] | None = None,
) -> NameSlot | None:
    """Another name that ``sentence`` says what the claim says of ``name``: it shares
    :data:`_ROLE_FIT` words of the claim name's role, more than any pronoun there (which may refer
    back to the name), and is neither named by the claim nor an alias of the name ("TNC", "the
    Fed"). ``None`` when the sentence names the claim's name itself (its last word, as a surname:
    "Aldrin" for "Buzz Aldrin"), however it writes it ("AstraZenecas" for "Astrazeneca").
    ``subject``: where the name opens the claim's sentence (:func:`_in_role_as_subject`), the stems
    that sentence writes with a capital: a word of the other name it writes only in lower case does
    not name it ("food" of "The Red Cross delivered the food parcels" and "The World Food
    Programme"), but for the other's last word, its head ("area" of "The Atlanta metropolitan area"
    names "The Combined Statistical Area")."""
    if len(role) < _ROLE_FIT or (
        _names_head(name, sentence, lang, any_case=True) and not _only_as_role(name, sentence, claim_terms, lang)
    ):
        return None
    if name.opening and subject is None:
        subject = frozenset()
    if subject is not None and (without_possessive(name.text) != name.text or _speaker(sentence, lang) is not None):
        # "Melancholia's director": the role is the director's; "Gavin Newsom said ... the state is
        # monitoring": what a speaker says is of someone else
        return None
    # the claim's subject (its first word alone among them) stands where the sentence's own first
    # name does, as its subject, whose role is all the sentence says ("Argentina won its fourth
    # title": Germany, not the World Cup of "Germany won the 2014 World Cup, its fourth title";
    # "Blake Bortles will get a UK fan to announce their picks": the Jacksonville Jaguars of "The
    # Jacksonville Jaguars will bring ... by having a UK-based fan announce their ... picks")
    said = analyze(sentence, lang).content if subject is not None else frozenset()
    fits = [
        (len(role & (said or _around(sentence, start, end, lang))), start, other)
        for other, start, end in _placed_names(sentence, lang)
        if (start == 0 if subject is not None else not other.opening)
        and _rival(name, other, claim_terms, lang, cased=subject | _head_stem(other, lang) if subject else None)
    ]
    if not fits:
        return None
    fit, start, other = max(fits, key=lambda f: f[0])
    # a pronoun before the other name may be the claim's name, the other name something said of it
    # ("Her role in Southland earned her two Critics' Choice Award nominations")
    refers_back = _described(sentence, claim_terms, lang) or any(
        m.group().lower() in _PRONOUNS for m in _WORD.finditer(sentence, 0, start)
    )
    return other if fit >= _ROLE_FIT and not refers_back else None


_CAST = re.compile(
    r"(?:\b(?:role|roles|character)\s+(?:as|of)"
    r"|\b(?:plays?|played|playing|portrays?|portrayed|portraying|stars?|starred|starring|appears?|appeared|appearing"
    r"|cast|voices?|voiced|voicing)\b(?:\s+[^\W\d_]+){0,4}?\s+as"
    r"|\b(?:portrays?|portrayed|portraying)"
    r"|\b(?:played|portrayed|voiced)\s+by(?:\s+(?:the\s+)?(?:actor|actress))?)"
    r"\s+(?:the\s+)?$",
    re.IGNORECASE,
)
"""The words before a name that make it one of a cast: a character someone plays ("known for her role
as Lily Tucker-Pritchett", "stars Bryan Cranston as Walter White", "who portrayed Walter White"), or
who plays one ("Nicholas Brody, played by actor Damian Lewis"). Not "played" alone: "Manchester
United played Arsenal". English only."""
_DESCRIBED_AFTER = re.compile(r"\s*,\s+(?:a|an|the|who|whose)\s", re.IGNORECASE)
"""An apposition or a relative clause right after a name: ", a law student,", ", who is a chemistry
teacher"."""
_CAST_REACH = 60
"""Characters before a name that :data:`_CAST` reads."""
_CAST_WORDS = _word_set(
    "role roles character characters play plays played playing portray portrays portrayed portraying "
    "voice voices voiced voicing star stars starred starring cast"
)
"""Words by which a claim speaks of a cast itself ("Lily Tucker-Pritchett is a character on Modern
Family", "played by Damian Lewis"): of such a claim, the cast's names are what it says they are."""


def _only_as_role(name: NameSlot, sentence: str, claim_terms: frozenset[str | float], lang: Lang) -> bool:
    """``sentence`` names ``name`` only as one of a cast (:data:`_CAST`): as a character someone plays
    or as who plays one, of which a claim saying nothing of a cast says nothing ("Lily
    Tucker-Pritchett is a child actress" against "Aubrey Anderson-Emmons is an American child
    actress, known for her role as Lily Tucker-Pritchett")."""
    if lang != "en" or claim_terms & _cast_stems(lang):
        return False
    head = re.escape(without_possessive(name.text.split()[-1]))
    first = re.escape(name.text.split()[0])
    mentions = list(re.finditer(rf"\b(?:{first}\b.*?)?\b{head}\b", sentence))
    # a character described in an apposition is what the sentence speaks of ("his role as Connor
    # Walsh, a law student,")
    return bool(mentions) and all(
        _CAST.search(sentence, max(0, m.start() - _CAST_REACH), m.start())
        and not _DESCRIBED_AFTER.match(sentence, m.end())
        for m in mentions
    )


@lru_cache(maxsize=8)
def _cast_stems(lang: Lang) -> frozenset[str]:
    """The stems of :data:`_CAST_WORDS`."""
    return analyze(" ".join(_CAST_WORDS), lang).content


def _head_stem(name: NameSlot, lang: Lang) -> frozenset[str]:
    """The stem of the last word of ``name``: "area" of "The Combined Statistical Area"."""
    return analyze(name.text.split()[-1], lang).content


def _in_role_as_subject(
    name: NameSlot,
    place: tuple[int, int, str],
    role: frozenset[str],
    claim_terms: frozenset[str | float],
    sentence: str,
    lang: Lang,
) -> NameSlot | None:
    """:func:`_in_role` for a name of more than a word that opens its sentence of the claim (at
    ``place``: start, end, claim), after an article at most, as its subject ("The Jacksonville
    Jaguars will ..."), where the words near the other name did not tell."""
    start, _, claim = place
    first, last = _sentence_of(claim, start)
    own = claim[first:last]
    if (
        name.opening
        or any(word.lower() not in _ARTICLES for word in _WORD.findall(claim, first, start))
        or _speaker(own, lang) is not None
    ):
        # what a speaker says is of someone else ("Chairman David Sharpe said Caldwell was ...")
        return None
    own_role = role & analyze(own, lang).content  # not the words of the sentence before
    return _in_role(name, own_role, claim_terms, sentence, lang, subject=capitalised_stems(own, lang))


_CLAUSE = re.compile(r"(?:,\s+(?:before|after|while|whereas|when|until)|;)\s+(?:(?:the|a|an)\s+)?", re.IGNORECASE)
"""Where a sentence's clauses part, each with an actor of its own, and where the next one's subject
stands: "Phil Foden added a third, before Bukayo Saka pulled one back"; not "and", which lists names
as often as it parts clauses, nor "but", whose clause often leaves out its subject ("... but also
produced localized changes," said Christopher Daly)."""


def _in_clause(
    name: NameSlot, role: frozenset[str], claim_terms: frozenset[str | float], sentence: str, lang: Lang
) -> NameSlot | None:
    """The one other name of the clause of ``sentence`` that says what the claim says of ``name``,
    where the sentence names the name in another clause: "Erling Haaland scored twice and Phil Foden
    added a third, before Bukayo Saka pulled one back for Arsenal in the 80th minute" for "Foden
    scored in the 80th minute". The clause must open with the other name (its subject), share
    :data:`_ROLE_FIT` words of the role, more than every clause naming the name, and have no pronoun
    (which may refer back to the name: "when his father John died")."""
    if len(role) < _ROLE_FIT or not _names_head(name, sentence, lang):
        return None
    bounds = [0, *(m.end() for m in _CLAUSE.finditer(sentence)), len(sentence)]
    clauses = [sentence[a:b] for a, b in pairwise(bounds)]
    own = [k for k, clause in enumerate(clauses) if _names_head(name, clause, lang)]
    if len(clauses) < 2 or not own:
        return None
    words = [[w.lower() for w in _WORD.findall(clause)] for clause in clauses]
    fits = [len(role & analyze(" ".join(w), lang).content) for w in words]
    best = max(range(len(clauses)), key=fits.__getitem__)
    if best in own or fits[best] < _ROLE_FIT or fits[best] <= max(fits[k] for k in own) or _PRONOUNS & set(words[best]):
        return None
    # the sentence's names, so that one opening the clause alone is no sentence's first word
    names = [
        (other, start) for other, start, _ in _placed_names(sentence, lang) if bounds[best] <= start < bounds[best + 1]
    ]
    others = [(other, start) for other, start in names if _rival(name, other, claim_terms, lang)]
    return others[0][0] if len(others) == 1 and others[0][1] == bounds[best] else None


def _described(sentence: str, claim_terms: frozenset[str | float], lang: Lang) -> bool:
    """The sentence opens with a description of something the claim does not name ("The show is
    hosted by ...", "The point guard has won ..."): it may speak of the claim's name without
    naming it, as a pronoun may. "A warmer planet" says something new; "The razor wire" names a
    thing the claim names too."""
    words = _WORD.findall(sentence, 0, 80)
    lex = get_lexicon(lang)
    if len(words) < 2 or not words[1].islower() or words[1] in lex.stopwords:
        return False
    opening = words[0].lower()
    return (
        opening in lex.determiners
        and opening not in lex.indefinite_articles
        and not analyze(words[1], lang).content & claim_terms
    )


_PLACE_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W\d_]+)*")
"""A word or a number, for aligning a claim with a sentence word by word."""
_PHRASE_TOKEN = re.compile(rf"{_PLACE_TOKEN.pattern}|[,;:()\[\]\"“”\u2013\u2014]")
"""The same, with the punctuation that ends a phrase as tokens of their own."""
_PLACE_SLACK = 1
"""Words more than the claim's name that the other name may have."""
_HYPHENED_WORD = re.compile(r"[^\W_]+(?:[-'’][^\W_]+)*")
"""A word of a name, one however many hyphens join it ("Saint-Germain"), for :data:`_PLACE_SLACK`."""


@lru_cache(maxsize=4096)
def _tokens(text: str, phrase: bool) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Where the tokens of ``text`` start, and the tokens lower-cased but acronyms ("US" is no
    "us": see :func:`_flanks`)."""
    tokens = list((_PHRASE_TOKEN if phrase else _PLACE_TOKEN).finditer(text))
    return tuple(m.start() for m in tokens), tuple(_lowered(m.group()) for m in tokens)


def _lowered(token: str) -> str:
    """``token`` lower-cased, unless it is an acronym of two letters or more ("US", "EU")."""
    return token if len(token) > 1 and token.isupper() else token.lower()


_FLANK_READ = 3
"""The words read on each side of a name for its two flanking words past an article (:func:`_flanks`)."""
_COPULAS = frozenset({"is", "was", "are", "were"})
"""The verbs whose article a name's flank is read past: "Abuja is the capital" flanks Abuja with "is capital"."""
_APPOSED_AFTER = re.compile(r"\s*,\s+(?:the|a|an)\s+(?=[^\W\d_])")
"""A comma and an article right after a name: what follows says what the name is, as after a copula
("Grok, a new large language model" as "Grok is a new large language model")."""
_APPOSED = ","
"""The flank word of an apposition (:data:`_APPOSED_AFTER`), which stands for any copula."""
_APPOSITION_CLOSED = re.compile(
    r"\s*,\s+(?:the|a|an|who|which|[a-z]{3,}ed|born|known|written|built|led|run|owned|shot|sold|held)\s+"
    r"[^,;:()\[\]]{1,80},\s*"
)
"""An apposition, from the comma after a name to its closing comma: with an English article, a
relative pronoun or a participle ("Barbie, directed by Greta Gerwig and released the same day,")."""
_APPOSED_READ = 40
"""How many characters past an apposition its name's verb is looked for."""


def _flanks(
    text: str, start: int, end: int, *, phrase: bool = False, bare: bool = False, apposed: bool = False
) -> tuple[list[str], list[str]]:
    """The two words before ``text[start:end]`` and the two after it, lower-cased; with
    ``phrase``, only those of its own phrase (none beyond a comma or a bracket); with ``bare``,
    past the name's own article ("approved by the European Commission" is flanked by "approved by")
    and the article after a copula ("Abuja is the capital" by "is capital") or after an apposition's
    comma ("Lyon, the third-largest city" by ", third-largest": :data:`_APPOSED`), and a copula
    before a preposition ("Kilimanjaro is in" by "kilimanjaro in", as "Kilimanjaro, in" is). With
    ``apposed`` (not ``phrase``), a name's apposition with an article is passed over to the verb
    right after it ("Dr. Lena Fischer, a virologist at Charite, led the study" is flanked by "led the").

    >>> _flanks("said Richard Scudamore, wants to", 5, 22)
    (['said'], ['wants', 'to'])
    >>> _flanks("said Richard Scudamore, wants to", 5, 22, phrase=True)
    (['said'], [])
    """
    starts, words = _tokens(text, phrase)
    first, last = bisect_left(starts, start), bisect_left(starts, end)
    before, after = list(words[max(0, first - _FLANK_READ) : first]), list(words[last : last + _FLANK_READ])
    ends = [k for k, w in enumerate(before) if not w[0].isalnum()]
    before = before[ends[-1] + 1 :] if ends else before
    stops = [k for k, w in enumerate(after) if not w[0].isalnum()]
    after = after[: stops[0]] if stops else after
    if bare and before and before[-1] in _ARTICLES and text[starts[first - 1]].islower():
        before = before[:-1]  # "by the Louvre"; not "A: Ray Wilkins"
    if bare and len(before) >= 2 and before[-2] in _COPULAS and before[-1] in _PLACE_PREPOSITIONS:
        before = [*before[:-2], before[-1]]  # "Kilimanjaro is in" as "Kilimanjaro, in"
    closed = _APPOSITION_CLOSED.match(text, end) if apposed and not phrase else None
    if closed and (verb := _past_apposition(text, closed.end())):
        after = verb  # "Dr. Lena Fischer, a virologist at Charite, led the study": "led the"
    elif bare and after[:1] and after[0] in _COPULAS and after[1:2] and after[1] in _ARTICLES:
        after = [after[0], *after[2:]]  # "Abuja is the capital": "is capital"
    elif bare and not phrase and after[:1] and after[0] in _ARTICLES and _APPOSED_AFTER.match(text, end):
        after = [_APPOSED, *after[1:]]  # "Lyon, the third-largest city": ", third-largest"
    return before[-2:], after[:2]


def _past_apposition(text: str, at: int) -> list[str]:
    """The two words from ``at`` (past an apposition's closing comma) where the first is in lower
    case and no stop word, lower-cased: what the name before the apposition does ("led the"); empty
    otherwise ("..., and")."""
    words = _WORD.findall(text, at, at + _APPOSED_READ)[:2]
    # (English stop words, as :data:`_APPOSITION_CLOSED` has English words)
    opens = bool(words) and words[0].islower() and words[0] not in get_lexicon("en").stopwords
    return [w.lower() for w in words] if opens else []


def _as_copula(after: list[str], other_after: list[str]) -> list[str]:
    """``after`` with an apposition's flank word (:data:`_APPOSED`) read as the copula that
    ``other_after`` has there: "Grok, a new" stands as "Grok is a new" does."""
    if after[:1] == [_APPOSED] and other_after[:1] and other_after[0] in _COPULAS:
        return [other_after[0], *after[1:]]
    return after


def _in_place(
    name: NameSlot,
    start: int,
    end: int,
    claim: str,
    claim_terms: frozenset[str | float],
    sentence: str,
    lang: Lang,
    candidates: Callable[[str, Lang], tuple[tuple[NameSlot, int, int], ...]] | None = None,
    *,
    loose: bool = True,
) -> NameSlot | None:
    """Another name that stands where the claim has ``name`` (at ``claim[start:end]``), between the
    words the claim has beside it (:func:`flanked_alike`), that is neither named by the claim nor an
    alias of it ("the Tribune team that won the 2019 Pulitzer Prize for coverage" against "... won
    the 2019 Peabody Awards for coverage"; "a surprise donation to a Big Issue seller" against "...
    to a Mike Tindall seller"). A claim that words the name's surroundings otherwise ("the
    predominantly Muslim region" / "the neighboring Stavropol region") may speak of another thing:
    no finding.

    A sentence that names the claim's name too ("a Spanish autonomous city ... sharing a border
    with Morocco" for "Melilla shares a border with Spanish") must have the other name in the
    claim's place within one phrase (no comma or bracket between it and those words) and the
    claim's name nowhere between those words ("Ada Brennan and Mara Osei won the prize" for "Mara
    Osei won the prize"): the sentence then says of someone else what the claim says of the name.

    Past articles (:func:`_flanks`' ``bare``) the words are read only where ``loose`` and the
    sentence does not name the claim's name.

    ``candidates`` finds the sentence's other names of the claim name's kind (the actors of
    :func:`_placed_names` unless told otherwise); one listed with the claim's name ("Egypt and
    Sudan", "Steventon, Hampshire") stands beside it, not in its place."""
    stopwords = get_lexicon(lang).stopwords
    named = _names_head(name, sentence, lang)

    def alike(at: tuple[int, int], phrase: bool, each_side: bool = False, until: int = end) -> bool:
        # as written, or past the name's article in a sentence not naming the claim's: "approved
        # by the X" stands where "approved by Y" does, "X, a new model" where "Y is a new model"
        # (and past an apposition in both: "Dr. Lena Fischer, a virologist ..., led the study" stands
        # where "Dr. Omar Haddad led the study" does, "Ahmed Mokhallalati, an Al-Shifa physician,
        # wrote" where "Medhat Abbas, an Al-Shifa physician, announced")
        apposition = bool(_APPOSITION_CLOSED.match(claim, until) or _APPOSITION_CLOSED.match(sentence, at[1]))
        for bare, apposed in product(
            (False, True) if loose and not named else (False,), (False, True)[: 1 + apposition]
        ):
            before, after = _flanks(claim, start, until, phrase=named, bare=bare, apposed=apposed)
            other_before, other_after = _flanks(sentence, *at, phrase=phrase, bare=bare, apposed=apposed)
            befores = [other_before]
            if moved := _NAME_TO_NAME.search(sentence, max(0, at[0] - _LOOK_BACK), at[0]):
                # "moved from Tuesday to Thursday": Thursday stands where "moved to" has its day too
                past = _flanks(sentence, moved.start(), moved.start(), phrase=phrase, bare=bare)[0]
                befores.append([*past, "to"][-2:])
            after, other_after = _as_copula(after, other_after), _as_copula(other_after, after)
            if any(flanked_alike(before, after, b, other_after, stopwords, each_side=each_side) for b in befores):
                return True
        return False

    if named:
        head = re.escape(without_possessive(name.text.split()[-1]))
        own = [(m.start(), m.end()) for m in re.finditer(rf"{re.escape(name.text)}|\b{head}\b", sentence)]
        if any(alike(at, True) for at in own):
            return None
    width = len(_HYPHENED_WORD.findall(claim, start, end))
    listed = {start for start, _ in _listed_with(name, sentence, lang)} if named else set()
    cased = capitalised_stems(claim, lang)
    # a possessive's noun is no part of its name: "Tony Blair's party" may well be "The Labour Party"
    noun = _NOUN_AFTER.match(claim, end) if without_possessive(name.text) == name.text else None
    for other, other_start, other_end in (candidates or _placed_names)(sentence, lang):
        if (
            len(_HYPHENED_WORD.findall(sentence, other_start, other_end)) - width > _PLACE_SLACK
            or other_start in listed
            or _DESCRIBING.match(sentence, other_end)
            or _owns(other, sentence, other_end, name)
        ):
            continue
        if noun and _ends_with(other, noun.group(1), name, stopwords):
            # "Spotify music" stands where "Apple Music" does, its noun the other's last word
            with_noun = replace(
                name, text=claim[start : noun.end()], stems=name.stems | analyze(noun.group(1), lang).content
            )
            if alike((other_start, other_end), named, until=noun.end()) and _rival(with_noun, other, claim_terms, lang):
                return other
            continue
        each_side = alike((other_start, other_end), named, each_side=True)
        if (each_side or alike((other_start, other_end), named)) and _rival(
            name, other, claim_terms, lang, cased=cased if each_side else None
        ):
            return other
    return None


def _owns(other: NameSlot, text: str, end: int, name: NameSlot) -> bool:
    """``other`` is a possessive whose noun, right after it at ``end``, is ``name``: its owner, not a
    name in its place ("on ABC's Modern Family" for "on Modern Family")."""
    return (
        without_possessive(other.text) != other.text
        and re.match(rf"\s*{re.escape(name.text)}\b", text[end:]) is not None
    )


def _ends_with(other: NameSlot, noun: str, name: NameSlot, stopwords: frozenset[str]) -> bool:
    """``other`` is a name of several words, none of ``name``'s nor a stop word, whose last word is
    ``noun``, the lower-case word after the claim's name (past an article): "Apple Music" for
    "Spotify music", "The Apple Watch" for "The Samsung watch" (not "The Combined Statistical Area"
    for "The Atlanta metropolitan area", nor a headline's "Who Received" for "Harry Jowsey
    received")."""
    *words, last = [word for word in other.text.split() if word.lower() not in _ARTICLES] or [""]
    return (
        bool(words)
        and last.lower() == noun
        and not any(word.lower() in stopwords for word in words)
        and not other.stems & name.stems
    )


_NAME_TO_NAME = re.compile(r"\bfrom\s+[A-Z][\w'-]*(?:\s+[A-Z][\w'-]*)*\s+to\s+$")
"""A change from one name to the one after it: "from Tuesday to", "from Paris to"."""


_LIST_JOIN = re.compile(r"\s*(?:,\s*(?:and|or)?|and|or|&|/)\s*", re.IGNORECASE)
"""What joins the items of a list or an apposition: "Egypt and Sudan", "Steventon, Hampshire"."""


def _listed_with(name: NameSlot, sentence: str, lang: Lang) -> frozenset[tuple[int, int]]:
    """Where the capitalised runs of ``sentence`` stand (start, end) that stand in one list (or
    apposition) with a run naming ``name``: "Brazil" and "Peru" in "through Brazil, Peru and
    Colombia" for "Colombia"."""
    runs = sorted(
        [(start, end, _names_alike(name, slot, lang)) for slot, start, end, _ in _capitalised(sentence, lang)]
        + [(start, end, _names_alike(name, slot, lang)) for slot, start, end in _placed_days(sentence, lang)]
    )
    groups: list[list[tuple[int, int, bool]]] = []
    for run in runs:
        if groups and _LIST_JOIN.fullmatch(sentence, groups[-1][-1][1], run[0]):
            groups[-1].append(run)
        else:
            groups.append([run])
    return frozenset((start, end) for group in groups if any(own for _, _, own in group) for start, end, _ in group)


def _names_alike(name: NameSlot, other: NameSlot, lang: Lang) -> bool:
    """``other`` is ``name`` or an alias of it: it shares a stem, and not only a word people also
    write in lower case (:func:`_alias`)."""
    return bool(other.stems & name.stems) and _alias(name, other, lang)


def flanked_alike(
    before: list[str],
    after: list[str],
    other_before: list[str],
    other_after: list[str],
    stopwords: frozenset[str],
    *,
    each_side: bool = False,
) -> bool:
    """Two names stand between the same words: the word right before and the word right after both
    (not two stop words: "of ... and" flanks anything), or, unless ``each_side``, the two (or more)
    words before, or those after (not all stop words).

    >>> flanked_alike(["to", "a"], ["seller", "as"], ["surprised", "a"], ["seller", "with"], frozenset({"a", "to"}))
    True
    >>> flanked_alike(["the", "mainly"], ["region", "of"], ["the", "nearby"], ["region"], frozenset({"the"}))
    False
    """
    one_each = bool(before and after) and before[-1:] == other_before[-1:] and after[:1] == other_after[:1]
    if one_each and not (before[-1] in stopwords and after[0] in stopwords):
        return True
    return not each_side and any(
        len(mine) >= 2 and mine == theirs and not set(mine) <= stopwords
        for mine, theirs in ((before, other_before), (after, other_after))
    )


@cache
def _speech(lang: Lang) -> tuple[re.Pattern[str], re.Pattern[str]] | None:
    """A verb of saying of the lexicon, and one or an attribution ("according to") right before a
    name; ``None`` for a language whose lexicon lists none."""
    lex = get_lexicon(lang)
    if not lex.speech_verbs:
        return None
    verbs = "|".join(sorted(map(re.escape, lex.speech_verbs)))
    attributions = "|".join(map(re.escape, lex.attributions))
    opener = rf"(?i:\b(?:{attributions}))\s$|" if attributions else ""
    return re.compile(rf"\b(?:{verbs})\b"), re.compile(rf"{opener}\b(?:{verbs})\s$")


_SPEAKER_GAP = 8
"""Words that may stand between a speaker and its verb ("Robert Yawger of the U.S. central bank
suggests")."""


def _speaker(text: str, lang: Lang) -> NameSlot | None:
    """The name that says ``text``: before a verb of saying with no other name between and at most
    :data:`_SPEAKER_GAP` words ("Neel Kashkari said", "Yawger of the central bank suggests"), or
    right after one or after "according to" ("said Neel Kashkari")."""
    if (speech := _speech(lang)) is None:
        return None
    verbs, before_name = speech
    placed = _placed_names(text, lang)
    for k, (name, start, end) in enumerate(placed):
        next_name = placed[k + 1][1] if k + 1 < len(placed) else len(text)
        verb = verbs.search(text, end, next_name)  # up to the next name: a long text costs no more a name
        if (
            verb
            and len(_WORD.findall(text, end, verb.start())) <= _SPEAKER_GAP
            and _one_sentence(text, end, verb.start())
        ):
            return name
        if before_name.search(text[max(0, start - 16) : start]):
            return name
    return None


def _names_head(name: NameSlot, text: str, lang: Lang, *, any_case: bool = False) -> bool:
    """``text`` names ``name``: its whole text, or its last word (a surname, a head: "Aldrin",
    "Gaming"), as the start of a word ("Aldrin's"), not as a word of another name
    (:func:`_inside_another`: "Harvard University" does not name "Stanford University"); the
    claim's possessive is no part of it ("Laconia's main river" is named by "the main river of
    Laconia"). With ``any_case``, written in any case ("AstraZenecas" for "Astrazeneca", "EMA" for
    "Ema")."""
    if name.text in text:
        return True
    head = without_possessive(name.text.split()[-1]).split("-")[-1]
    flags = re.IGNORECASE if any_case else 0
    return any(
        not _inside_another(name, text, m.start(), lang) for m in re.finditer(rf"\b{re.escape(head)}", text, flags)
    )


def _inside_another(name: NameSlot, text: str, at: int, lang: Lang) -> bool:
    """``text[at:]`` is a word of another name of ``text`` than ``name`` (no alias of it: the two
    share only words people also write in lower case, :func:`_alias`), where ``name`` has more
    than one word ("University" of "Harvard University" for "Stanford University")."""
    if " " not in name.text.strip():
        return False
    k = _span_at(_run_spans(text, lang), at)
    return k is not None and not _alias(name, _capitalised(text, lang)[k][0], lang)


@lru_cache(maxsize=1024)
def _run_spans(text: str, lang: Lang) -> tuple[tuple[int, int], ...]:
    """Where the runs of :func:`_capitalised` stand, in reading order (for :func:`_span_at`)."""
    return tuple((start, end) for _, start, end, _ in _capitalised(text, lang))


def _alias(name: NameSlot, other: NameSlot, lang: Lang) -> bool:
    """One is the initials of the other ("TNC", "The Nature Conservancy"), or a word of one starts
    with a word of the other ("Fed", "Federal Reserve"): every word of one ("King", "Stephen King"),
    or one people never write in lower case (:func:`~faithcheck._text.lexicon.lower_case_words`:
    "Biden" of "President Biden" and "Joe Biden"). Two names sharing only words people also write
    in lower case are two ("Harvard University", "Stanford University"; "Mount Kenya", "Mount
    Kilimanjaro"); an article opening both ("The Basic", "The Pro") is no such word. Two names of
    as many words, each the same or spelt two ways (:func:`spelt_as_one`), are one ("Ed Miliband",
    "Ed Milliband"); one word alone only if spelt nearly alike ("Dostoyevsky", "Dostoevsky"; not
    "Austria", "Australia")."""
    a, b = (_NAME_WORD.findall(without_possessive(n.text)) for n in (name, other))
    initials = ("".join(w[0] for w in a).upper(), "".join(w[0] for w in b).upper())
    if other.text.upper() == initials[0] or name.text.upper() == initials[1]:
        return True
    alone = len(a) == 1
    if len(a) == len(b) and all(
        _folded(x) == _folded(y) or spelt_as_one(x, y, alone=alone) for x, y in zip(a, b, strict=True)
    ):
        return True  # "Ed Miliband", "Ed Milliband"; "Sacre-Coeur", "Sacré-Cœur"
    # words of three letters or more, no article ("In Teams" is "Teams") nor title ("Mrs. Clinton"
    # is "Clinton")
    honorifics = get_lexicon(lang).honorifics
    a, b = ([w for w in words if len(w) >= 3 and w.lower() not in _ARTICLES | honorifics] for words in (a, b))
    shared = [(x, y) for x in a for y in b if _starts_alike(x, y)]
    if not shared:
        return False
    written = lower_case_words(lang).written
    # every word of one, a word said twice once ("Goo Goo Dolls")
    whole = len({x for x, _ in shared}) == len(set(a)) or len({y for _, y in shared}) == len(set(b))
    if not whole and _members_of_one_family(a, b, written):
        return False
    return whole or any(x.lower() not in written and y.lower() not in written for x, y in shared)


_LIGATURES = str.maketrans({"œ": "oe", "æ": "ae"})


def _folded(word: str) -> str:
    """``word`` in lower case without its accents, its ligatures written out: "Cœur" is "coeur",
    "Sacré" "sacre" (people write a name without them where a keyboard has none)."""
    decomposed = unicodedata.normalize("NFKD", word.casefold().translate(_LIGATURES))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def _members_of_one_family(a: list[str], b: list[str], written: frozenset[str]) -> bool:
    """Two names (their words ``a`` and ``b``) of one family or line that differ where a name's own
    part stands: after the same first word, last words of which one people never write in lower
    case ("Tom Baker", "Tom Hanks"; "AirPods Pro", "AirPods Mac"); before the same last word, first
    words people never write in lower case ("Serena Williams", "Venus Williams"), not a title that
    they do ("President Biden", "Joe Biden"); nor two spellings of one word ("Muammar Gaddafi",
    "Muammar Qaddafi": :data:`_SPELT_AS_ONE`)."""
    first, last = _starts_alike(a[0], b[0]), _starts_alike(a[-1], b[-1])
    if first == last:
        return False
    x, y = (a[-1], b[-1]) if first else (a[0], b[0])
    if spelt_as_one(x, y):
        return False
    never = [word.lower() not in written for word in (x, y)]
    return any(never) if first else all(never)


_SPELT_AS_ONE = 0.8
"""Two words of names whose letters agree this much (:class:`difflib.SequenceMatcher`) are one word
spelt two ways ("Gaddafi", "Qaddafi": 0.86); "Serena" and "Venus" (0.36) are two."""


_SPELT_LENGTH = 6
"""The letters each of two words of names needs to be one word spelt two ways: short names differ
by a letter as often as they are spelt two ways ("Smith", "Smyth")."""


def spelt_as_one(x: str, y: str, *, alone: bool = False) -> bool:
    """Two words of names are one word spelt two ways (:data:`_SPELT_AS_ONE`, :data:`_SPELT_LENGTH`),
    in any case; a name of one word (``alone``), with nothing beside it to tell, only where its
    letters agree as much as a place's spelt two ways do (:data:`_SPELT_ALIKE`: "Dostoyevsky",
    "Dostoevsky"; not "Austria", "Australia").

    >>> spelt_as_one("Gaddafi", "Qaddafi"), spelt_as_one("Serena", "Venus"), spelt_as_one("Smith", "Smyth")
    (True, False, False)
    >>> spelt_as_one("Dostoyevsky", "Dostoevsky", alone=True), spelt_as_one("Austria", "Australia", alone=True)
    (True, False)
    """
    if min(len(x), len(y)) < _SPELT_LENGTH:
        return False
    matcher, least = SequenceMatcher(None, x.lower(), y.lower()), _SPELT_ALIKE if alone else _SPELT_AS_ONE
    # the cheap upper bounds first: most pairs of words are far apart
    return matcher.real_quick_ratio() >= least and matcher.quick_ratio() >= least and matcher.ratio() >= least


_NAME_WORD = re.compile(r"[^\W_]+(?:['\u2019][^\W_]+)*")
"""A word of a name, without the quotes of a nickname or a hyphen ("Jem" of "Jeremy "Jem" Finer")."""


def _starts_alike(x: str, y: str) -> bool:
    """One word starts with the other ("Fed", "Federal")."""
    return y.lower().startswith(x.lower()) or x.lower().startswith(y.lower())


_ARTICLES = frozenset(word for lang in ("en", "de", "fr") for word in get_lexicon(lang).determiners)
"""The words that open a noun phrase in any language read ("the", "die", "les"): a name's run of
capitalised words may open with one at the start of a sentence."""


def _mentions(name: NameSlot, text: str, lang: Lang) -> bool:
    """The name occurs in ``text``: one of its stems of 4+ letters ("jordan" in "Jordanians") or a
    word of it whose stem ends otherwise ("Chemistry", stem "chemistri"), or a shorter one as a
    word; not as a word of another name (:func:`_inside_another`)."""
    lowered = text.lower()
    words = {w for w in map(str.lower, _WORD.findall(name.text)) if any(w[:3] == stem[:3] for stem in name.stems)}
    for key in name.stems | words:
        found = re.finditer(re.escape(key) if len(key) >= 4 else rf"\b{re.escape(key)}", lowered)
        if any(not _inside_another(name, text, m.start(), lang) for m in found):
            return True
    return False


_PLACE_BEFORE = re.compile(r"\b(?:in|at|of|from|to|into|near|across|for|on|by|(?<!\bwith )the)\s+$", re.IGNORECASE)
"""A preposition or an article before a place; not "with the", before a partner as "with" is
("developed its vaccine with the National Institutes of Health", "with BioNTech")."""


def _is_place(text: str, start: int, lang: Lang) -> bool:
    """After a preposition or an article ("in Syria", "of the Mauritshuis"): a place, a work or an
    organisation, which a claim may name beside the actor; only the actors are checked. A name
    after an attribution ("according to Neel Kashkari") is a speaker."""
    before = text[max(0, start - 16) : start]
    if (speech := _speech(lang)) is not None and speech[1].search(before):
        return False
    return _PLACE_BEFORE.search(before[-12:]) is not None


def _is_name_word(word: str) -> bool:
    """Capitalised, with a lower-case letter: "Aldrin", "McDonald"; not "TITLE" nor "I"."""
    return len(word) > 1 and word[0].isupper() and any(c.islower() for c in word)


def claim_slots(claim: str, lang: Lang) -> tuple[tuple[NumberSlot, ...], tuple[NameSlot, ...]]:
    """The numbers and the names of ``claim``.

    >>> numbers, names = claim_slots("The X200 blender comes with a 5-year warranty.", "en")  # X200 is no number
    >>> [(n.value, n.unit, n.text) for n in numbers], [n.text for n in names]
    ([(5.0, 'year', '5-year')], [])
    """
    return _numbers(claim, lang), _names(claim, lang)


def stated_otherwise(claim: str, evidence: str, values: frozenset[float], lang: Lang) -> frozenset[float]:
    """Of ``values``, numbers of ``claim`` that ``evidence`` gives nowhere as such, those a number of
    the evidence states otherwise (:meth:`NumberSlot.states`): a measure in another unit ("0.75 l"
    for "750 ml", "2 years" for "24 months"), a rate per another time ("1.5 days per month" for
    "18 days per year"), a count past a round bound of the claim's ("2,000 paintings" for "more
    than 1,500 paintings"; "116 bodies" is not "more than 101 bodies", a bound that says about how
    many)."""
    mine = [n for n in _numbers(claim, lang) if n.value in values and n.unit is not None]
    if not mine:
        return frozenset()
    theirs = [n for text in sentences_of(evidence, lang) for n in _numbers(text, lang) if n.unit is not None]
    return frozenset(n.value for n in mine if any(n.states(o) and n.bounds_roundly(o) for o in theirs))


def sentences_of(text: str, lang: Lang) -> tuple[str, ...]:
    """The sentences of a piece of evidence (a window's text, a chunk's attributed sentences)."""
    return tuple(s.text for s in split_sentences(text, lang)) or (text,)


def window_sentences(window: EvidenceWindow, lang: Lang) -> tuple[str, ...]:
    """The sentences of a window as the context's index split them, or split from its text for a
    window made otherwise."""
    return window.sentences or sentences_of(window.text, lang)


def check_slots(claim: str, sentences: Sequence[str], lang: Lang) -> SlotFinding | None:
    """The first slot of ``claim`` that ``sentences`` (one piece of evidence) do not support, or
    ``None`` when every number and name of the claim is stated where the rest of it is.

    >>> check_slots("Adults may take up to 8 tablets a day.",
    ...             ["Adults may take up to 4 tablets a day.", "Each pack contains 8 tablets."], "en").why
    'the context gives 4 tablets, not 8 tablets'
    >>> check_slots("The X200 blender has a 2-year warranty.",
    ...             ["The X200 is a blender.", "It comes with a 2-year warranty."], "en") is None
    True
    """
    # a verifier asks once to decide and once to mark the verdict: the second answer is cached
    return _check_slots(claim, tuple(sentences), lang)


@lru_cache(maxsize=4096)
def _check_slots(claim: str, sentences: tuple[str, ...], lang: Lang) -> SlotFinding | None:
    numbers, names = claim_slots(claim, lang)
    places = tuple(place for place in _placed_places(claim, lang) if _checked_place(claim, place[1], sentences, lang))
    days = _placed_days(claim, lang)
    if (
        not numbers
        and not names
        and not places
        and not days
        and not ordinals(claim, lang)
        and not lettered(claim, lang)
        and not titled(claim, lang)
        and not _actors(claim, _heads(sentences, lang), lang)  # "Premium is ..." after "X Premium"
    ):
        return None
    features = [analyze(s, lang) for s in sentences]
    claim_features = analyze(claim, lang)
    unaligned: SlotFinding | None = None
    yielded: SlotFinding | None = None  # a number's finding a name's may say better (SlotFinding.yields)
    if numbers and (finding := _check_change(claim, claim_features.content, sentences, features, lang)):
        return finding
    if finding := check_ordinals(claim, claim_features.terms, sentences, features, lang):
        if finding.decides:
            return finding
        unaligned = finding
    # a sentence that modifies the claim's thing otherwise ("Our premium plan" for "The basic plan")
    # or names a variant of it ("The Pixel 8 Pro" for "The Pixel 8") speaks of another one: its
    # numbers are none of the claim's, nor rivals of them (where every sentence would be set apart,
    # none is)
    apart = modified_otherwise(claim, sentences, lang) | varied_otherwise(claim, sentences, lang)
    kept = [i for i in range(len(sentences)) if i not in apart] or list(range(len(sentences)))
    numbered, numbered_features = tuple(sentences[i] for i in kept), [features[i] for i in kept]
    # one that ranks it otherwise ("the first dose" for "the second dose") states none of them
    elsewhere = ranked_otherwise(claim, numbered, lang)
    negated = claim_features.negated
    named = frozenset().union(*(name.stems for name in names if not name.opening)) | frozenset().union(
        *(place.stems for place, _, _ in _placed_places(claim, lang))
    )
    marks = frozenset().union(*(place.stems for place, _, _ in places)) | (
        _naming_a_noun(claim, features, lang) if numbers else frozenset()
    )
    models = model_variants(claim, sentences, lang) if numbers else frozenset()
    for slot in numbers:
        if finding := _check_number(
            slot,
            numbers,
            claim_features.content,
            numbered,
            numbered_features,
            lang,
            elsewhere,
            claim_negated=negated,
            claim_names=named,
            claim_marks=marks,
            claim_changes=of_a_change(claim_features, lang),
            claim_codes=frozenset(_HYPHENATED_CODE.findall(claim)),
            claim_subject=_subject_name(claim, names, lang),
            claim_opening=_opening_subject(claim_features.tokens, lang),
            claim_person=_person_opening(claim, names, lang),
            one_sentence=len(sentences_of(claim, lang)) == 1,
        ):
            if finding.decides and finding.yields:
                yielded = yielded or finding
            elif finding.decides:
                return finding
            elif (variant := _stated_apart_only(slot, sentences, models, kept, lang)) is not None:
                # "The Nintendo Switch 2 launched in June 2025" beside "The original Nintendo Switch
                # launched in March 2017" for "The original Nintendo Switch launched in June 2025" (a
                # name's finding may say better: "the context names The Pro here, not Basic")
                why = f"only a sentence about another one states {slot.text}"
                apart_only = SlotFinding(
                    "unsupported", "number", why, sentences[variant], certain=False, slot=slot.text, yields=True
                )
                yielded = yielded or apart_only
            else:
                unaligned = unaligned or finding
    if actors := _actors(claim, _heads(sentences, lang), lang):
        claim_terms = claim_features.terms
        for name, start, end in actors:
            role = _around(claim, start, end, lang) - name.stems
            if finding := _check_name(name, (start, end, claim), role, claim_terms, sentences, features, lang):
                if finding.decides:
                    return finding
                unaligned = unaligned or finding
    if yielded is not None:
        return yielded
    if swapped := swapped_names(claim, sentences, lang):
        return swapped
    if finding := check_letters(claim, claim_features.content, sentences, lang):
        return finding
    if finding := check_codes(claim, sentences, lang):
        return finding
    if finding := check_titles(claim, sentences, lang):
        return finding
    if finding := check_holders(claim, sentences, lang):
        return finding
    if finding := _check_contrasted(claim, sentences, lang):
        return finding
    if finding := check_spelt_titles(
        claim, [name for name in names if not name.opening], sentences, lambda n, t: _mentions(n, t, lang), lang
    ):
        return finding
    if finding := _check_agents(claim, claim_features.terms, sentences, lang):
        return finding
    if finding := _check_predicates(claim, claim_features.terms, sentences, lang):
        return finding
    if finding := _check_acronyms(claim, claim_features.terms, sentences, features, lang):
        return finding
    for placed, day in ((places, False), (days, True)):
        for where, start, end in placed:
            if finding := _check_in_place(
                where, (start, end, claim), claim_features.terms, sentences, features, lang, day=day
            ):
                return finding
    return unaligned


def _stated_apart_only(
    slot: NumberSlot, sentences: Sequence[str], apart: frozenset[int], kept: Sequence[int], lang: Lang
) -> int | None:
    """The first sentence set ``apart`` as one naming a model of the claim's name's family
    (``model_variants``: "The Nintendo Switch 2" for "The original Nintendo Switch") that states
    ``slot``, where none ``kept`` does: the value is the model's, not the claim's. (Not a thing
    modified otherwise, "the hottest year" may be "the warmest year"; nor one named after the claim's,
    "the Supreme Court Building".)"""
    if not apart or not kept or kept == list(range(len(sentences))):
        return None

    def states(i: int) -> bool:
        return any(slot.states(n) for n in _numbers(sentences[i], lang))

    if any(states(i) for i in kept):
        return None
    return next((i for i in sorted(apart) if states(i)), None)


def _check_agents(
    claim: str, claim_terms: frozenset[str | float], sentences: Sequence[str], lang: Lang
) -> SlotFinding | None:
    """:func:`~faithcheck._pipeline.verify.agents.check_agents`, ``check_roles`` and
    :func:`~faithcheck._pipeline.verify.described.check_described` with the names of each text
    (:func:`_capitalised`, a sentence's first word alone where :func:`_opens_as_name` reads it so),
    :func:`_rival`, :func:`_mentions` and :func:`_alias`."""

    def rival(name: NameSlot, other: NameSlot) -> bool:
        return _rival(name, other, claim_terms, lang)

    def mentions(name: NameSlot, text: str) -> bool:
        return _mentions(name, text, lang)

    def alias(name: NameSlot, other: NameSlot) -> bool:
        return _alias(name, other, lang)

    named = [(text, _with_acronyms(text, lang)) for text in sentences]
    claim_names = _with_acronyms(claim, lang)
    return (
        check_agents(claim, claim_names, named, rival, mentions, alias, lang)
        or check_roles(claim, claim_names, named, mentions, alias, lang)
        or check_described(claim, claim_names, named, mentions, alias, lang)
    )


def context_sentences(passages: Sequence[str], lang: Lang) -> tuple[str, ...]:
    """The sentences of the whole context, passage after passage (split once for all the checks that
    read the whole context, for each window of each claim)."""
    return _context_sentences(tuple(passages), lang)


@lru_cache(maxsize=8)
def _context_sentences(passages: tuple[str, ...], lang: Lang) -> tuple[str, ...]:
    return tuple(sentence for passage in passages for sentence in sentences_of(passage, lang))


def check_comparison(claim: str, passages: Sequence[str], lang: Lang) -> SlotFinding | None:
    """:func:`~faithcheck._pipeline.verify.compared.check_compared` over the sentences of the whole
    context (the two things compared may stand apart, and a window holds the sentence stating more
    of the claim), with the numbers of each that are no year."""

    def measured(text: str) -> list[Measured]:
        return [(n.value, n.unit, n.text) for n in _numbers(text, lang) if not n.is_year]

    return check_compared(claim, lambda: context_sentences(passages, lang), measured, lang)


def crossed_names(claim: TextFeatures, said: Sequence[TextFeatures], lang: Lang) -> tuple[TextFeatures, str] | None:
    """:func:`~faithcheck._pipeline.verify.crossed.names_crossed` with the names and places of a
    text (:func:`_capitalised`), a name named by its whole text or its last word (:func:`_names_head`).

    >>> said = [analyze("Rachel Green was played by Jennifer Aniston, and Monica Geller by Courteney Cox.", "en")]
    >>> crossed_names(analyze("Courteney Cox played Rachel Green.", "en"), said, "en")[1]
    'the context pairs Courteney Cox with Monica Geller, and Rachel Green with Jennifer Aniston, in two clauses'
    """

    def names_of(text: str) -> list[tuple[NameSlot, int]]:
        return [(name, start) for name, start, _, _ in _capitalised(text, lang)]

    def mentions(name: NameSlot, text: str) -> bool:
        return _names_head(name, text, lang)

    return names_crossed(claim, said, names_of, mentions, lang)


def check_subject_place(claim: str, passages: Sequence[str], lang: Lang) -> SlotFinding | None:
    """:func:`~faithcheck._pipeline.verify.subject_place.placed_otherwise` over the sentences of the
    whole context (the sentence placing the claim's subject may stand apart from the one stating the
    rest of the claim), with the name a text opens with (:func:`_capitalised`'s first run, past
    "the"), the places after their prepositions (:func:`_places_besides`) and :func:`_mentions`.

    >>> context = ["Mount Kilimanjaro in Tanzania is the highest mountain in Africa. Mount Kenya, in Kenya, is the "
    ...     "second highest. Kilimanjaro was first climbed in 1889."]
    >>> check_subject_place("Kilimanjaro is in Kenya.", context, "en").why
    'the context gives Kilimanjaro in Tanzania, not in Kenya'
    """
    return _check_subject_place(claim, tuple(passages), lang)


@lru_cache(maxsize=64)
def _check_subject_place(claim: str, passages: tuple[str, ...], lang: Lang) -> SlotFinding | None:
    # (a verifier asks once for each window of the claim: the answer is the context's, cached)
    if len(sentences_of(claim, lang)) != 1:
        return None
    return placed_otherwise(claim, lambda: context_sentences(passages, lang), *_place_readers(lang), lang)


def check_life_place(claim: str, passages: Sequence[str], lang: Lang) -> SlotFinding | None:
    """:func:`~faithcheck._pipeline.verify.life_place.life_place_otherwise` over the sentences of
    the whole context (the sentence giving the claim's place may stand apart from the one naming the
    claim's end of the life), with the readers of :func:`check_subject_place` and the words of
    the lexicon's ``life_dates`` ("born", "died"), each of a start or an end of a span.

    >>> context = ["Jane Austen was born on 16 December 1775 in Steventon, Hampshire. She died in Winchester in 1817."]
    >>> check_life_place("Jane Austen died in Steventon.", context, "en").why
    'the context gives Steventon as the place of birth, and Winchester as the place of death'
    """
    return _check_life_place(claim, tuple(passages), lang)


@lru_cache(maxsize=64)
def _check_life_place(claim: str, passages: tuple[str, ...], lang: Lang) -> SlotFinding | None:
    # (a verifier asks once for each window of the claim: the answer is the context's, cached)
    dated = _life_dated(lang)
    if dated is None or len(sentences_of(claim, lang)) != 1:
        return None

    def life_words(text: str) -> list[tuple[int, int, int]]:
        ends = ((_life_end(word.group(), lang), word) for word in dated.finditer(text))
        return [(end, word.start(), word.end()) for end, word in ends if end is not None]

    return life_place_otherwise(
        claim, lambda: context_sentences(passages, lang), *_place_readers(lang), life_words, lang
    )


@cache
def _place_readers(
    lang: Lang,
) -> tuple[
    Callable[[str], NameSlot | None], Callable[[str], list[tuple[NameSlot, str, int]]], Callable[[NameSlot, str], bool]
]:
    """What :func:`check_subject_place` and :func:`check_life_place` read texts with: the name a
    text opens with (:func:`_opening_name`), its places after their prepositions
    (:func:`_places_after`), and whether a text names a name (:func:`_mentions`)."""
    return partial(_opening_name, lang=lang), partial(_places_after, lang=lang), partial(_mentions, lang=lang)


def _opening_name(text: str, lang: Lang) -> NameSlot | None:
    """The name ``text`` opens with, past "the" (its subject, where it has one)."""
    runs = _capitalised(text, lang)
    if not runs or runs[0][3] or not _BEFORE_SUBJECT.fullmatch(text, 0, runs[0][1]):
        return None
    return runs[0][0]


def _places_after(text: str, lang: Lang) -> list[tuple[NameSlot, str, int]]:
    """The places of ``text`` (:func:`_places_besides`), each with the preposition before it and
    where it starts."""
    return [(name, _preposition(text, start), start) for name, start, _ in _places_besides(text, lang)]


_BEFORE_SUBJECT = re.compile(r"\s*(?:[Tt]he\s+)?")
"""What may stand before a sentence's opening name: "the" ("The Eiffel Tower is ...")."""


def _check_contrasted(claim: str, sentences: Sequence[str], lang: Lang) -> SlotFinding | None:
    """:func:`~faithcheck._pipeline.verify.contrasted.check_contrasted` with the names of each text
    (:func:`_capitalised`, and its acronyms), a name named by its whole text or its last word
    (:func:`_names_head`: "Lake Baikal" does not name "Lake Superior")."""

    def names_of(text: str) -> list[tuple[NameSlot, int, int, bool]]:
        return _with_acronyms(text, lang)

    def mentions(name: NameSlot, text: str) -> bool:
        return _names_head(name, text, lang)

    return check_contrasted(claim, sentences, names_of, mentions, lang)


def _check_predicates(
    claim: str, claim_terms: frozenset[str | float], sentences: Sequence[str], lang: Lang
) -> SlotFinding | None:
    """:func:`~faithcheck._pipeline.verify.predicates.check_predicates` with the names of each text
    (:func:`_capitalised`, and its acronyms), :func:`_rival` (a word of the other name that the
    claim writes only in lower case does not name it: "record" of "Asylum Records" for "Elliot
    Roberts is an American record label") and :func:`_mentions`."""
    cased = capitalised_stems(claim, lang)

    def rival(name: NameSlot, other: NameSlot) -> bool:
        return _rival(name, other, claim_terms, lang, cased=cased)

    def mentions(name: NameSlot, text: str) -> bool:
        return _mentions(name, text, lang)

    named = [(text, _with_acronyms(text, lang)) for text in sentences]
    return check_predicates(claim, _with_acronyms(claim, lang), named, rival, mentions, lang)


def _with_acronyms(text: str, lang: Lang) -> list[tuple[NameSlot, int, int, bool]]:
    """The names of ``text`` (:func:`_capitalised`) and its acronyms outside them, in reading order:
    an acronym may be a subject too ("BYD is an electric vehicle maker that overtook Tesla"), or an
    agent ("written by the IMF")."""
    names = _capitalised(text, lang)
    acronyms = [
        (slot, start, end, False)
        for slot, start, end in _acronyms(text)
        if not any(at <= start < until for _, at, until, _ in names)
    ]
    return sorted([*names, *acronyms], key=lambda placed: placed[1])


_ACRONYM = re.compile(r"\b[A-Z]{2,6}s?\b")
"""An acronym: two to six capitals ("FDA", "NATO"; "CDCs")."""
_ROMAN = re.compile(r"[IVX]+")
"""A Roman numeral ("XIV", "Henry VIII"), no acronym ("CDC", "DC" are)."""
_SHOUTED = re.compile(r"\b[A-Z]{2,}\W+[A-Z]{2,}\W+[A-Z]{2,}\b")
"""Three words of capitals in a row: a text written in capitals, whose words are no acronyms."""


@lru_cache(maxsize=4096)
def _acronyms(text: str) -> tuple[tuple[NameSlot, int, int], ...]:
    """The acronyms of ``text``, none in a text written in capitals (:data:`_SHOUTED`)."""
    if _SHOUTED.search(text):
        return ()
    return tuple(
        (NameSlot(m.group(), frozenset({m.group().lower()})), m.start(), m.end())
        for m in _ACRONYM.finditer(text)
        if not _ROMAN.fullmatch(m.group())
    )


_IN_LONGER_NAME = re.compile(r"[ \t]+[A-Z]|-")
"""A capitalised word (or a hyphen) right after an acronym: the acronym is a word of a longer name."""
_NAME_BEFORE = re.compile(r"[A-Z][\w'’.]*[ \t]+$")
"""A capitalised word right before an acronym: the acronym ends a longer name ("Apple TV")."""


def _check_acronyms(
    claim: str,
    claim_terms: frozenset[str | float],
    sentences: Sequence[str],
    features: Sequence[TextFeatures],
    lang: Lang,
) -> SlotFinding | None:
    """An acronym of the claim where the sentence stating most of the rest of the claim's sentence
    has another between the same words (:func:`_in_place`: "approved by the FDA in 2021" against
    "approved by the EMA in 2021"), and no sentence stating about as much, or a number of the
    claim's that it does not, names the claim's.
    Capitals are no name to the name checks, which need a lower-case letter."""
    for acronym, start, end in _acronyms(claim):
        first, last = _sentence_of(claim, start)
        frame = analyze(claim[first:last], lang).terms - acronym.stems
        if len(frame) < _PLACE_FRAME:
            continue
        shares = [len(frame & f.terms) for f in features]
        best = max(range(len(sentences)), key=lambda i: shares[i])
        naming = [i for i, text in enumerate(sentences) if re.search(rf"\b{acronym.text}\b", text)]
        if any(shares[i] + _PLACE_MARGIN > shares[best] for i in naming):
            continue  # a sentence naming it states about as much: it may be the one the claim says
        # ... or states a number of the claim that this one does not ("In the US, it sells for
        # $59" for "In the US, the product costs $59", beside "In the UK, the product costs £49")
        numbers = frozenset(n.value for n in _numbers(claim[first:last], lang))
        best_numbers = frozenset(n.value for n in _numbers(sentences[best], lang))
        if numbers and any(numbers & {n.value for n in _numbers(sentences[i], lang)} - best_numbers for i in naming):
            continue
        if other := _in_place(acronym, start, end, claim, claim_terms, sentences[best], lang, _candidates_of):
            return _named_otherwise(other, acronym, sentences[best])
    return None


def _candidates_of(text: str, lang: Lang) -> tuple[tuple[NameSlot, int, int], ...]:
    """The acronyms of ``text`` as the names that may stand in another's place (:func:`_in_place`)."""
    return _acronyms(text)


_Found = tuple[tuple[float, int, float, int], int, NumberSlot]
"""A number of the evidence the slot may speak of: ((near, tie, named, states), its sentence, it)."""


def _naming_a_noun(claim: str, features: Sequence[TextFeatures], lang: Lang) -> frozenset[str]:
    """The stems of the claim's names that stand before a lower-case word that is no stop word, where
    the evidence has that word after another word too, and so say which of its kind a thing is ("the
    Pro plan" where the context has "The free plan"; not "The England batsman" where it names no
    other batsman): as places do, they single out a part of a coordinated sentence whose later part
    leaves out the rest ("the Pro plan includes 2 TB" after "The free plan includes 5 GB of
    storage")."""
    lex = get_lexicon(lang)
    nouns = [
        (name, stem(noun.group(1), lex))
        for name, _, end, _ in _capitalised(claim, lang)
        if not name.opening and (noun := _NOUN_AFTER.match(claim, end)) and noun.group(1) not in lex.stopwords
    ]
    if not nouns:
        return frozenset()
    wanted = {noun for _, noun in nouns}
    openings = tuple({noun[:2] for noun in wanted})  # a word's stem opens it: most words need no stemming
    before: dict[str, set[str]] = {}  # each of those nouns to the words before it in the evidence
    for tokens in (f.tokens for f in features if wanted & f.content):
        for k in range(1, len(tokens)):
            if tokens[k].startswith(openings) and (stemmed := stem(tokens[k], lex)) in wanted:
                before.setdefault(stemmed, set()).add(tokens[k - 1])
    return frozenset().union(
        *(name.stems for name, noun in nouns if before.get(noun, set()) - {w.lower() for w in name.text.split()})
    )


def _check_number(
    slot: NumberSlot,
    claim_numbers: Sequence[NumberSlot],
    claim_content: frozenset[str],
    sentences: Sequence[str],
    features: Sequence[TextFeatures],
    lang: Lang,
    elsewhere: frozenset[int] = frozenset(),
    *,
    claim_negated: bool = False,
    claim_names: frozenset[str] = frozenset(),
    claim_marks: frozenset[str] = frozenset(),
    claim_changes: bool = False,
    claim_codes: frozenset[str] = frozenset(),
    claim_subject: frozenset[str] = frozenset(),
    claim_opening: tuple[str, str] | None = None,
    claim_person: tuple[str, str] | None = None,
    one_sentence: bool = False,
) -> SlotFinding | None:
    """Align the slot with the numbers of the evidence, occurrence by occurrence: the number whose
    own surrounding words share most with the claim's around the slot (then the sentence sharing
    most) is the one the claim speaks of. If it gives another value, the claim is contradicted.
    The sentences ``elsewhere`` speak of another thing (:func:`ranked_otherwise`): they state no
    value of the claim's. ``claim_negated``: the claim says what it says negated (a bound the
    other way is then read with the sentence's negation); ``claim_names``: the stems of its names;
    ``claim_marks``: of its places and its names before a noun the evidence gives otherwise too
    (:func:`_naming_a_noun`), which, as ranks do, single out a part of a coordinated sentence before
    its other words: "a return to Leeds costs £76" after "A return ticket to Manchester costs £89";
    ``claim_changes``: the claim speaks of a change or of the past (:func:`of_a_change`), where the
    old value of a change (:attr:`NumberSlot.changed_to`) may be its; ``claim_codes``: its
    hyphenated codes (:data:`_HYPHENATED_CODE`), which tie a sentence giving them to the claim as
    its words do ("The 787-8 seats 242 passengers" beside "The longer 787-9 seats 290 passengers");
    ``claim_subject``: the stems of the name the claim opens with (:func:`_subject_name`), which
    tell a clause of another's (:func:`_clause_of_another`: "Microsoft's shares rose 3%") and, in a
    claim of ``one_sentence``, a sentence naming others only wherever the slot stands;
    ``claim_opening``: its subject word and the word after it (:func:`_opening_subject`), which tell a
    sentence opening with another subject before that word as names do; ``claim_person``: the given
    name and the family name the claim opens with (:func:`_person_opening`), which tell a sentence
    naming only another of the family (:func:`_names_kin_only`)."""
    if slot.label and _labelled(slot, sentences, lang):
        return _check_label(slot, claim_numbers, sentences, features, lang)
    claimed = frozenset(n.value for n in claim_numbers)
    # the other part of the slot's own date is no other number of the claim's to tie a sentence to
    dated_with = frozenset(n.value for n in claim_numbers if _of_one_date(slot, n))
    dated = slot.is_year or slot.unit in _month_stems() or slot.unit in (_HOUR_OF_DAY, _CLOCK)
    if dated and (finding := _check_ends(slot, claim_content, sentences, features, lang)):
        return finding
    if slot.is_year and _year_left_out(slot, claim_numbers, sentences, lang):
        return None
    found: list[_Found] = []
    # the claim's pairs that a number of the slot's value has in the evidence: a rival paired with
    # the same number the same way is as much the claim's ("0 to 60 mph in 5.8 seconds" beside "0
    # to 60 mph in 3.1 seconds")
    stated_links = (
        frozenset(link for text in sentences for n in _numbers(text, lang) if n.value == slot.value for link in n.links)
        & slot.links
    )
    # a number of a thing the claim does not name ("its metropolitan area had a population of
    # 662,577") is none of the claim's where the evidence gives a value of its kind of no such thing
    # ("the city population was 145,170"), not one the claim gives too ("60 to 90 centimetres"
    # beside "an estimate of 60 cm ..., but their 2014 report raised it to about 90 cm")
    evidence = [n for text in sentences for n in _numbers(text, lang)]
    owned_apart = any(
        not n.owner and n.value not in claimed and n.is_year == slot.is_year and n.unit in (None, slot.unit)
        for n in evidence
    )
    # ... and that value rivals the claim's where only such a thing's number states it
    owned_only = (
        owned_apart
        and any(n.value == slot.value and n.owner and not n.owner & claim_content for n in evidence)
        and not any(n.value == slot.value and not n.owner for n in evidence)
    )
    # a date of someone's birth or death states no year of another event, nor rivals one ("made
    # his film debut in 1980" against "Channing Matthew Tatum (born April 26, 1980)")
    lifeless = not slot.life and not claim_content & _life_stems(lang)
    # a year a bracket gives of a thing the claim does not name, where it names another thing the
    # evidence dates so ("Let Me In (2010), The Resident (2011)" for "Let Me In in 2011")
    dated_named = any(n.dates and n.dates.stems & claim_content for n in evidence)

    def apart(number: NumberSlot) -> bool:
        other_thing = number.dates is not None and not number.dates.stems & claim_content
        return (lifeless and number.life) or (dated_named and other_thing)

    # a year of another thing's edition is none of the claim's where the evidence dates the claim's
    # edition ("the 2015 Above The Law Rankings" beside "the 2016 QS World University Rankings")
    edition_dated = any(slot.same_edition(n) for n in evidence)
    set_apart = [(i, n) for i, text in enumerate(sentences) for n in _numbers(text, lang) if apart(n)]
    # the sentences stating every word and other number of the claim, where others do not: the
    # claim speaks of them, whatever a number elsewhere shares with its own few words ("Less serious
    # infringements can lead to fines of up to 10 million euros" for "... up to 20 million euros",
    # beside "organisations can be fined up to 20 million euros")
    others_claimed = claimed - {slot.value} - dated_with
    units = analyze(" ".join(n.text for n in claim_numbers), lang).content
    said_whole = {
        i
        for i, f in enumerate(features)
        if claim_content <= f.content and others_claimed <= {n.value for n in _numbers(sentences[i], lang)}
    }
    # (only where every sentence stating the slot's value says less than half of the claim's words:
    # "It is not approved for children under 6" says the claim's, beside "The medicine is approved
    # for adults and children over 12")
    value_said = [
        f for text, f in zip(sentences, features, strict=True) if slot.value in {n.value for n in _numbers(text, lang)}
    ]
    halves = all(2 * len(claim_content & f.content) < len(claim_content) for f in value_said)
    if len(said_whole) == len(sentences) or len(claim_content - units) < _WHOLE_WORDS or not halves:
        said_whole = set()
    strangers: set[int] = set()  # naming others and none of the claim's names, where names stand by the slot
    naming: set[int] = set()  # naming the claim's names near the slot
    told_apart: set[int] = set()  # stating the slot's value in a clause of another's only
    numbered: dict[int, list[NumberSlot]] = {}  # each sentence's numbers
    # a sentence naming all of the claim's names by the slot, where others name some of them only
    # ("Mount Kenya" of "Mount Kenya is 5,895 metres high", beside "Mount Kilimanjaro")
    near_names = slot.around & claim_names
    fully_naming = [i for i, text in enumerate(sentences) if near_names and near_names <= capitalised_stems(text, lang)]
    fully_named = bool(fully_naming)
    opposed_apart: list[tuple[int, NumberSlot, tuple[str, str]]] = []  # of the opposite thing
    # (a sentence opening with another subject word where one opens with the claim's, as names do:
    # "Paracetamol can be taken ..., up to four times a day" beside "Ibuprofen can be taken ..., up
    # to three times a day" for "Ibuprofen can be taken up to four times a day")
    openings = [_opening_subject(f.tokens, lang) for f in features]
    # a sentence referring back ("She ...") before any naming the claim's subject refers to someone
    # else ("She ... won the award in 2019. Her colleague Tom Baker won it in 2021" for "Tom Baker won
    # the award in 2021"; "She published ... in 1813. Emma followed in 1815" for "Emma was published in
    # 1815"): it speaks of others, as a sentence naming only others does
    first_naming = next(
        (i for i, text in enumerate(sentences) if claim_subject and claim_subject <= capitalised_stems(text, lang)),
        None,
    )
    if one_sentence and first_naming is not None:
        strangers.update(
            i
            for i in range(first_naming)
            if _refers_back(features[i], lang)
            and not (claim_names | claim_subject) & capitalised_stems(sentences[i], lang)
        )
    if claim_opening is not None and claim_opening in openings:
        strangers.update(
            i
            for i, opening in enumerate(openings)
            if opening is not None and opening[1] == claim_opening[1] and opening[0] != claim_opening[0]
        )
    for i, text in enumerate(sentences):
        given = numbered[i] = []
        for n in _numbers(text, lang):
            if apart(n):
                continue
            if opposite := _framed_opposite(slot, n, features[i], claim_content, lang):
                opposed_apart.append((i, n, opposite))
                continue
            given.append(n)
        # the sentence's share of the claim's words around the slot, and of the claim's other numbers
        # ("in 24 hours" ties "up to 16 tablets" to the sentence about 24 hours)
        others = {n.value for n in given} & (claimed - {slot.value} - dated_with)
        codes = claim_codes & set(_HYPHENATED_CODE.findall(text)) if claim_codes else ()
        tie = len(slot.frame & features[i].content) + len(others) + len(codes)
        # names are left out of the frames (every sentence about "OSIRIS-REx" has them, whichever
        # event it dates), but where all else ties, a sentence naming others and none of the names
        # near the slot speaks of the others ("K2, ..., is 8,611 metres high and lies on the border
        # between Pakistan and China" beside "Mount Everest is 8,849 metres high"); one naming
        # nobody may refer back ("the insurers"); a word of the name in lower case names nothing
        # ("The Performance version ... has a shorter range" names no "Model Y Long Range"), a
        # sentence's first word read as a name does ("Amazon's cloud unit grew 19%")
        # (or the name a claim of one sentence opens with, however far before the slot: "The Long
        # Range version accelerates from 0 to 60 mph in 1.99 seconds"; not against a sentence
        # opening with a word that may refer back to it: "Both have a top speed of 149 mph, except
        # the Plaid")
        names = slot.around & claim_names or (
            claim_subject & claim_names if one_sentence and not _refers_back(features[i], lang) else frozenset()
        )
        cased = capitalised_stems(text, lang) if claim_names else frozenset()
        named = float(not names or bool(names & cased) or not _capitalised(text, lang))
        if names & cased and not names <= cased and (cased <= claim_names or fully_named):
            # naming some of the words of the claim's name and nothing else names another, shorter
            # ("The Galaxy S24 has a 6.2-inch display" for "The Galaxy S24 Ultra has a 6.2-inch
            # display"); a name of its own sharing a word is told by the names themselves ("Harvard
            # University" for "Yale University"), unless a sentence names all of the claim's
            named = _PART_NAMED
        if names and not claim_names & cased and _capitalised(text, lang):
            strangers.add(i)
        if names & cased:
            naming.add(i)
        if claim_person is not None and _names_kin_only(text, claim_person, lang):
            # another of the family ("Serena Williams won 23 Grand Slam singles titles. Her sister
            # Venus won seven." for "Venus Williams won seven ...")
            strangers.add(i)
            naming.discard(i)
        month = _bare_month(slot, given, features[i])
        # the sentence states the slot's value with a word of the claim's around it: which of its
        # values the claim means is open (:func:`_framed_alike`)
        # (its own part of a coordinated sentence's: "critical" of "2 of them rated critical and 3
        # rated high" is no word of the 3)
        leaves_open = any(n.value == slot.value and slot.frame & _own_frame(n) for n in given)
        # where the sentence gives numbers in the slot's own measure, one of another unit, or none,
        # rivals it by its words no more ("grew from 410,000 in 2010 to 465,000 in 2020, an
        # increase of 13%" for "grew by 13%", or by 15%: the 13% is its rival); a count may be of
        # anything ("8,400 others" rivals "33 people")
        as_such = slot.measured and any(n.unit == slot.unit for n in given)
        # a total the claim gives is only the one the context gives as a total ("taking the total to
        # 326"), whatever more of the claim's words a part of it has ("11 of its soldiers were killed")
        totalled = slot.total and any(n.total for n in given)
        # a number with the claim's words beside it, word for word (a twin), where another has their
        # opposite ("20 hours with ANC on", "30 hours with ANC off"): that one is of another thing,
        # and where it has the claim's value, the twin rivals it whatever it counts ("open on 1
        # February and close on 15 March" for "open on 15 March")
        twins = _twins(slot, given, lang)
        opposed = [n for n in given if twins and _of_another(slot, n, lang)]
        twin_rivals = [n for n in twins if n.value != slot.value] if any(n.value == slot.value for n in opposed) else []
        # by identity: two numbers of one value and words are two numbers here
        opposed_ids, twin_rival_ids = {id(n) for n in opposed}, {id(n) for n in twin_rivals}
        # the words a later part of a coordinated sentence has of its own are none of the first
        # part's numbers, however near ("Sales of electric cars rose 25% in 2023, while sales of
        # petrol cars fell 8%": "petrol" is of the 8%)
        parts = {n.conjunct[0]: n.conjunct[1] for n in given if n.conjunct[0] >= 0}
        leaked = frozenset().union(*(own for k, own in parts.items() if k > 0)) - parts.get(0, frozenset())
        named_near = slot.around & claim_subject
        others_clause = _clause_of_another(text, named_near, claim_names | claim_subject, lang) if named_near else None
        if others_clause is None and (names_near := slot.around & (claim_names | claim_subject)):
            others_clause = _relative_of_another(text, names_near, claim_names | claim_subject, lang)
        if others_clause is None and claim_opening is not None:
            others_clause = _clause_opening_otherwise(text, claim_opening, lang)
        # the new values of the sentence's changes, where the claim's number is an old one ("fell from
        # 3.1%"), or an adverb of a former time says the old one ("The headphones originally cost 349
        # dollars" against "now 199 dollars, down from their original price of 349 dollars"; not a
        # tense alone, "Profit was 950 million euros", nor a time the context does not give, "a year
        # earlier")
        from_before = slot.flank_before[:1] == ("from",)
        former = bool(claim_content & _former_adverbs(lang))
        new_values = {
            n.changed_to for n in given if n.changed_to and (from_before or (former and n.value == slot.value))
        }
        # the numbers before an exception naming the claim's name are of all but it ("Both have a top
        # speed of 149 mph, except the Plaid, which reaches 200 mph" for "The Model S Plaid ...")
        excepted = _EXCEPTED_NAME.search(text) if claim_names and "except" in text else None
        excepted_at = (
            excepted.start()
            if excepted and analyze(excepted.group(1), lang).content <= claim_names | claim_subject
            else -1
        )
        cursor = 0
        for number in given:
            if (i in elsewhere and number.value == slot.value) or not _states_interval(slot, number, claim_numbers):
                continue
            at = text.find(number.text, cursor)
            cursor = at + 1 if at >= 0 else cursor  # (in reading order: the second "12%" is the second's)
            if others_clause is not None and others_clause[0] <= at < others_clause[1]:
                # "Alphabet's shares closed up 3%, while Microsoft's shares were little changed"
                if number.value == slot.value:
                    told_apart.add(i)
                continue
            if number.text in new_values:
                continue  # the new value of a change, where the claim gives the old one ("fell from 3.1%")
            if at < excepted_at:
                continue
            if number.changed_to is not None and (not claim_changes or _then_unsaid(number, claim_content, lang)):
                # the old value of a change: none the context gives now
                if number.value == slot.value and slot.compatible(number, strict=False):
                    why = changed_from(number.text, number.changed_to)
                    return SlotFinding("contradicted", "number", why, text, certain=True, slot=slot.text)
                continue
            if (totalled and not number.total) or (owned_apart and number.owner and not number.owner & claim_content):
                continue
            if edition_dated and number.edition and not slot.same_edition(number):
                continue
            # an age's own words are whose it is ("Moschetto, 54," is Moschetto's age whatever
            # the sentence says he did): names are left out of the frames, but not of this
            frame = number.frame - leaked if number.conjunct[0] == 0 else number.frame
            near = len(slot.frame & frame) + len(slot.age_of & number.age_of) + _changed_alike(slot.frame, frame, lang)
            near -= _LINK_WEIGHT if id(number) in opposed_ids else 0
            near += _LINK_WEIGHT if slot.dimension is not None and slot.dimension == number.dimension else 0
            near += _LINK_WEIGHT if _paired(slot, number, given, lang) or number.links & stated_links else 0
            near += _LINK_WEIGHT if slot.of_what is not None and slot.of_what == number.of_what else 0
            # the claim's value with the claim's own bound ("more than 36,000" for "more than 36,000
            # objects", beside "from 2,000 objects")
            bound_alike = slot.bound is not None and (number.value, number.bound) == (slot.value, slot.bound)
            near += _LINK_WEIGHT if bound_alike else 0
            near += _WHOLE_WEIGHT if i in said_whole else 0
            if (
                number.value == slot.value
                and _bounds_conflict(slot.bound, number.bound)
                and ((number.unit, number.is_year) == (slot.unit, slot.is_year) or _bare_age(slot, number))
            ):
                # "more than 8 tablets" against "not more than 8 tablets", "not under 18" against
                # "under 18": the same number of the same thing, bounded the other way ("over 16:",
                # an age, counts no tablets); a sentence negated where the claim is not states it
                # ("Not suitable for children under 12" for "suitable for children 12 and over")
                found.append(((near, tie, named, int(features[i].negated != claim_negated)), i, number))
            elif (
                number.value == slot.value
                and slot.strict
                and number.bound is None
                and number.value % _ROUND_FIGURE
                and (number.unit, number.is_year) == (slot.unit, slot.is_year)
                and features[i].negated == claim_negated
            ):
                # "more than 116 bodies" against "116 bodies": the claim excludes the context's value
                # (a round figure may round a larger one: "more than 33,000" for "the 33,000 properties")
                found.append(((near, tie, named, 0), i, number))
            elif _outside_range(slot, number):
                # "under 6" against "aged 6 to 12": the range starts where the claim's ends
                found.append(((near + _LINK_WEIGHT, tie, named, 0), i, number))
            elif slot.states(number) or (month and number.is_year and number.value == slot.value):
                # a bare number ("over 16:") states the slot less surely than one counting the same thing
                # and a year without the claim's month less surely than one with it rivals it
                # ("founded in 1994, acquired in January 2002" for "in January 1994")
                dated = slot.is_year and slot.unit in _month_stems()
                surely = slot.compatible(number, strict=True) and (number.unit == slot.unit or not dated)
                found.append(((near if surely else near - 1, tie, named, 1), i, number))
            elif id(number) in twin_rival_ids:
                found.append(((near + _LINK_WEIGHT, tie, named, 0), i, number))
            elif (
                _claims_too(number, slot, claim_numbers)
                or (number.spans(slot.value) and slot.span is None)
                or number.ends_days(slot)
            ):
                # the claim's own values are no rivals, nor the ends of a span holding the slot, as one
                # of its ends too (but they are of a span the claim gives: "from 1955 to 1976" for "from
                # 1945 to 1976"); which end the slot is, :func:`_check_ends` tells
                continue
            elif (
                slot.competes(number)
                or (totalled and number.unit in (None, slot.unit))
                or (
                    owned_only
                    and not number.owner
                    and number.is_year == slot.is_year
                    and number.unit in (None, slot.unit)
                )
                or (
                    not leaves_open and not (as_such and number.unit != slot.unit) and _framed_alike(slot, number, near)
                )
            ):
                # a rival known by its words around, not its unit, is less sure than one by both,
                # and so is a length of time in another unit ("17 years" in prison is no rival of
                # "in 11 months" that shares one word; "187 km" is of "187 miles") and a date in
                # another month ("extended from March 1 to April 15" for "The deadline is April 15";
                # "in April 2019" for "on January 23, 2019": articles date many events)
                sure = (
                    slot.competes(number)
                    and (slot.measures(number) is None or slot.unit not in _seconds())
                    and (slot.unit == number.unit or not slot.dated_alike(number))
                    and not slot.in_another_month(number)
                )
                found.append(((near if sure else near - 1, tie, named, 0), i, number))
    # where every number found says what it measures, those of the thing the claim's measures are
    # its own, whichever part of a list they stand in ("4 g of protein, 18 g of carbohydrate, of
    # which 6 g sugars, and 3 g of fat" for "3 g of fat"; not "25 days of annual leave, rising to
    # 30 days after five years")
    measuring = [f for f in found if slot.of_what is not None and f[2].of_what == slot.of_what]
    measuring = measuring if all(f[2].of_what is not None for f in found) else []
    found = measuring or _in_claimed_conjunct(
        slot, claim_numbers, found, claim_marks, rank_stems(lang), numbered, claim_content, claim_subject & claim_marks
    )
    # (a year stated by no word of its event leaves a sentence naming others that states the claim's
    # words around it: "was the tallest man-made structure in the world until the Chrysler Building
    # was finished in 1930" for "... until 1889", beside "built for the 1889 World's Fair")
    stranger_near = max((near for (near, *_), i, _ in found if i in strangers), default=0)
    bare_year = slot.is_year and stranger_near >= _STRANGER_EVENT
    if any(
        i not in strangers and (near > 0 or (states and near == 0 and not bare_year))
        for (near, _, _, states), i, _ in found
    ):
        # a sentence naming some of the claim's names, aligned by its words or stating the slot's
        # value surely (not a bare number: "51-year-old" for "51 in world rankings"), leaves none to
        # a sentence naming others only: that one speaks of them
        # ("Unemployment in Spain stood at 11.2%" of no "Unemployment in Italy" where "In Italy it
        # was 6.1%", "Amazon's cloud unit grew 19%" of no "Google Cloud grew 19%" where "Google
        # Cloud grew 35%")
        found = [f for f in found if f[1] not in strangers]
    elif strangers and not slot.is_year and any(i in naming and not states for (*_, states), i, _ in found):
        # ... as one naming them does, giving a rival however few of the claim's words it has (not a
        # year: an article dates many events, a bracket may date another's): "Mykhailo Mudryk joined
        # from Shakhtar Donetsk ... for up to 88.5 million pounds" beside "Chelsea signed Enzo
        # Fernandez ... for ... 106.8 million pounds" for "Mykhailo Mudryk cost 106.8 million pounds"
        found = [f for f in found if f[1] not in strangers]
    if found:
        (near, tie, _, states), i, best = max(found, key=lambda f: f[0])
        # a year needs the words of its event: articles are full of dates of other events
        # ... but a count of the claim's own noun, the only one the evidence gives, where the sentence
        # has a word of the claim besides ("The hotel has 312 rooms, including 24 suites, and two
        # restaurants" for "three restaurants"; a bare number found besides counts nothing: "Do not give
        # more than 4 doses in 24 hours" beside "Not suitable for children under 6" for "No more
        # than 6 doses")
        counted = (
            sum(f[2].unit is not None for f in found) == 1
            and best.unit == slot.unit
            and slot.unit is not None
            and not slot.measured
        )
        # ... and the only number in the slot's unit of the only sentence naming all of the claim's
        # names by it ("Mount Kenya, in Kenya, is the second highest at 5,199 metres" for "Mount Kenya
        # is 5,895 metres high"; not where others name it too: "Frederick II of Prussia (who became
        # Maria Theresa's greatest enemy ...) ... a nine-year war" for "Maria Theresa reigned for 40
        # years")
        named_measure = (
            fully_naming == [i]
            and tie == 0  # (saying nothing else of the claim's words around it)
            and slot.measured
            and not slot.is_year  # (a year needs the words of its event)
            and best.unit == slot.unit
            and sum(f[1] == i and f[2].unit == slot.unit for f in found) == 1
        )
        aligned = (
            near >= 1 or (not slot.is_year and (tie >= 2 or (tie >= 1 and counted))) or not slot.frame or named_measure
        )
        if not states and aligned:
            why = f"the context gives {best.text}, not {slot.text}"
            same = best.value == slot.value and not slot.in_another_month(best)  # (not "May 2023" for "April 2023")
            if best.per and slot.per and best.per[0] != slot.per[0]:  # a rate per another time
                why = f"the context gives {best.text} {best.per[1]}, not {slot.text} {slot.per[1]}"
            elif best.span is not None and same:  # a range starting where the claim's ends
                low, high = best.span
                why = f"the context gives {low:g} to {high:g}, not {_BEYOND[slot.bound or '']} {slot.text}"
            elif same and best.bound is None:  # the number itself, which the claim's bound excludes
                why = f"the context gives {best.text}, not {_BEYOND[slot.bound or '']} {slot.text}"
            elif same:  # the same number, bounded the other way
                why = f"the context bounds {best.text} {_SIDE[best.bound or '']}, the claim {_SIDE[slot.bound or '']}"
            return SlotFinding("contradicted", "number", why, sentences[i], certain=True, slot=slot.text)
    stating = [f for f in found if f[0][3]]
    measured = [number for _, _, number in stating if _measure_other(slot, number)]
    if stating and len(measured) == len(stating) and not any(slot.of_what in f.content for f in features):
        # "10 hours of video playback" states no "10 hours of gaming", which the context never names
        why = f"only a measure of something else states {slot.text}"
        return SlotFinding("unsupported", "number", why, sentences[stating[0][1]], certain=False, slot=slot.text)
    asides = [f[2].aside for f in stating if f[2].aside is not None and not f[2].aside & claim_content]
    if stating and claim_content and len(asides) == len(stating):
        # "(which moved to Taiwan after 1949)" after "the Republic of China" tells of the republic,
        # not of "the United Nations Charter was drafted in 1949" (a claim saying nothing but its
        # number, "A: 1937", shares nothing with anything)
        why = f"only an aside about something else states {slot.text}"
        return SlotFinding("unsupported", "number", why, sentences[stating[0][1]], certain=False, slot=slot.text)
    if not stating and (other := next((f for f in set_apart if slot.states(f[1])), None)):
        i, number = other
        why = f"the context gives {slot.text} only as a date of someone's birth or death"
        if number.dates is not None and not number.life:
            why = f"the context gives {slot.text} only as the year of {number.dates.text}"
        return SlotFinding("unsupported", "number", why, sentences[i], certain=False, slot=slot.text)
    if not stating and opposed_apart:
        # the value stated only of the opposite thing ("download speeds of 145 Mbps and upload
        # speeds of 20 Mbps" for "upload speeds of 145 Mbps")
        i, number, (mine, theirs) = opposed_apart[0]
        why = f'the context gives {number.text} of "{theirs}", not of "{mine}"'
        return SlotFinding("contradicted", "number", why, sentences[i], certain=True, slot=slot.text)
    if not stating:
        closest = max(range(len(sentences)), key=lambda i: len(slot.frame & features[i].content))
        why = f"the context does not state {slot.text}"
        if told_apart:
            closest = min(told_apart)
            why = f"only a clause about something else states {slot.text}"
        # a measure (a date, a weight, a price, a share) that the evidence gives in its own unit
        # with other values, or whose value it gives in another unit, is misread: not a count the
        # claim words otherwise, nor a date the evidence writes in a way not read here
        misread = any(
            (
                slot.measured
                and (
                    (n.unit == slot.unit and n.is_year == slot.is_year and not slot.of_someone_else(n))
                    or (n.measured and n.value == slot.value)
                )
            )
            # the value of something else: "80 remote cameras" does not state "80 years"
            # (a year against the same digits read as a count is a misreading of ours: "the 2010 census")
            or (n.value == slot.value and n.is_year == slot.is_year and None not in (n.unit, slot.unit))
            for n in evidence
        )
        return SlotFinding(
            "unsupported",
            "number",
            why,
            sentences[closest],
            certain=False,
            decides=misread or bool(told_apart),
            slot=slot.text,
            yields=bool(told_apart),
        )
    (near, tie, _, _), i, _number = max(stating, key=lambda f: f[0])
    best_other = max(len(slot.frame & f.content) for f in features)
    if near <= 0 and tie == 0 and best_other >= 2 and len(claim_content & features[i].content) < 2:
        why = f"only a sentence about something else states {slot.text}"
        return SlotFinding("unsupported", "number", why, sentences[i], certain=False, slot=slot.text)
    return None


def _then_unsaid(number: NumberSlot, claim_content: frozenset[str], lang: Lang) -> bool:
    """``number`` is the old value of a change given after the new one (:attr:`NumberSlot.then`), and
    the claim says neither its time nor a word of change or of a former time but a tense (the
    lexicon's ``change_words``, ``directions``, ``former_words``: "fell", "previously")."""
    return number.then is not None and not claim_content & (number.then | _then_stems(lang))


@cache
def _former_adverbs(lang: Lang) -> frozenset[str]:
    """The stems of the lexicon's ``former_words`` that are adverbs ("originally", "previously")."""
    return analyze(" ".join(w for w in get_lexicon(lang).former_words if w.endswith("ly")), lang).content


@cache
def _then_stems(lang: Lang) -> frozenset[str]:
    """The stems of the words of change, of direction and of a former time, but the auxiliaries."""
    lex = get_lexicon(lang)
    words = (lex.change_words | lex.directions.keys() | lex.former_words) - lex.auxiliaries
    return analyze(" ".join(words), lang).content


def _changed_alike(mine: frozenset[str], theirs: frozenset[str], lang: Lang) -> float:
    """How much a word of change in a number's frame ``theirs`` (the lexicon's ``directions``)
    aligns it with the claim's other word of change in the slot's frame ``mine``: half as much as
    the word itself, whichever way each goes. A change either way is a change of the same measure
    ("AMD shares fell 2%" speaks of "AMD shares rose 4%" more than "Shares of Nvidia rose 4%" does,
    "while net income fell 5%" of "Net income rose 12%" more than "Revenue rose 12%" does), but what
    changes tells more ("Revenue grew 12% in 2023, while costs fell 3%" for "Costs rose 3% in 2023")."""
    ways = _direction_stems(lang)
    return _CHANGE_WEIGHT if (mine - theirs) & ways and (theirs - mine) & ways else 0.0


@cache
def _direction_stems(lang: Lang) -> frozenset[str]:
    """The stems of the lexicon's ``directions``: words of change either way ("rose", "fell")."""
    lex = get_lexicon(lang)
    return frozenset(stem(word, lex) for word in lex.directions)


def _own_frame(number: NumberSlot) -> frozenset[str]:
    """The words of ``number``'s frame in its own part of a coordinated sentence, where that part
    follows another ("and 3 rated high"); all of them in the first part, which holds the words the
    others share, or outside one."""
    part, terms = number.conjunct
    return number.frame if part < 1 else frozenset(w for w in number.frame if w in terms)


def _paired(slot: NumberSlot, number: NumberSlot, given: Sequence[NumberSlot], lang: Lang) -> bool:
    """``number`` stands next to one of the claim's other numbers as ``slot`` does (:attr:`NumberSlot.links`):
    with the slot's value, the claim's pair itself ("do not exceed 6 tablets in 24 hours" for "no
    more than 6 tablets in 24 hours"); with another, after the claim's other number with the
    claim's words between, a content word among them, in the slot's place ("$10 for children under
    12" for "$10 for children under 3"; not "to 2.6 million in 2010" for "to 2.8 million"), or in a
    sentence that pairs another number with another value the same way ("8.1% in 2012 to 3.5% in
    2019"): one giving a date for all its numbers ("Revenue grew 12% in 2023, while costs fell 3%")
    pairs none."""
    shared = slot.links & number.links
    if number.value == slot.value:
        return bool(shared)
    if any(not after and analyze(between, lang).content for after, _, between in shared):
        return True
    for after, value, between in shared:
        values = {v for n in given for a, v, b in n.links if (a, b) == (after, between)}
        if len(values - {value}) >= 1:
            return True
    return False


def _states_interval(slot: NumberSlot, number: NumberSlot, claim_numbers: Sequence[NumberSlot]) -> bool:
    """``number`` is no end of an interval (:attr:`NumberSlot.interval`), or the claim speaks of one:
    it bounds the slot ("up to 162,106 deaths") or gives the other end ("between 41 and 66").
    Otherwise an interval's number is neither the slot's value nor a rival of it: the estimate
    before the bracket is ("an estimated 162,106 deaths" against "81,114 (95% UI 38,242 to
    162,106) deaths")."""
    if number.interval is None or slot.bound in ("over", "under", "most"):
        return True
    return any(other is not slot and other.value in number.interval for other in claim_numbers)


def _in_claimed_conjunct(
    slot: NumberSlot,
    claim_numbers: Sequence[NumberSlot],
    found: list[_Found],
    marks: frozenset[str] = frozenset(),
    ranks: frozenset[str] = frozenset(),
    numbered: Mapping[int, Sequence[NumberSlot]] | None = None,
    claim_content: frozenset[str] = frozenset(),
    subject: frozenset[str] = frozenset(),
) -> list[_Found]:
    """``found`` less the numbers of a coordinated sentence outside the part that the claim's other
    numbers single out ("In 2020, 8,000 people attended" for "in 2020, 8,000 did") or, where they
    single out none, the words around the slot (:attr:`NumberSlot.around`): only that part has
    some of them ("children" in "... 15 euros for adults and 8 euros for children") and no other
    part has any of its own. A part stating the slot's value that has as many of those words and
    numbers keeps the sentence whole ("97% of the scientists surveyed agreed" is as much "97% of
    climate experts agree humans ..." as "84% said they personally believed human-induced
    warming" is). Those kept still need the words around them to be aligned. A claim coordinated
    too singles out by the words of the slot's own part. Of those words, the ``marks`` (places)
    and the ``ranks`` single out first: a later part may leave out the rest ("The first found a 20%
    reduction in mortality; the second found a 12% reduction" for "the second study found a 20%
    reduction in mortality"). A rank does so only where every part ranks: one part's rank may be
    of the whole sentence's time ("Revenue rose 12% in the third quarter, while net income fell
    5%"). Where ``numbered`` gives each sentence's numbers, a claim's number singles out a part only
    in a sentence giving it as a number of its kind ("four felony counts" is no "March 4"). Where
    nothing singles out a part, the one part whose own words the claim (``claim_content``) says
    all of does, where every other part has a word or a number of its own that the claim leaves out
    (:func:`_said_all_of`: "or 45 pounds a month with no contract" for "Membership costs 45 pounds
    a month with no contract", beside "35 pounds a month with a 12-month contract"). The ``subject``,
    the claim's name it opens with, marks as the words around the slot do, however far before it
    ("The Senate passed the bill in February 2024" against "passed by the House in February 2024 and
    by the Senate in March 2024")."""
    # the other parts of the slot's date ("October 29, 2023") tie it to no part: a dateline may
    # give the year
    months = _month_stems()
    others = [n for n in claim_numbers if n.value != slot.value and not (n.unit == slot.unit and n.unit in months)]
    every = frozenset(n.value for n in others)
    # nor does the month of the slot's own date: it is of its value ("close on 15 March" is no part
    # of "open on 15 March" for its month)
    words = (slot.conjunct[1] or slot.around) - {slot.value} - ({slot.unit} if slot.unit in months else set())
    kept: list[_Found] = []
    for i in sorted({i for _, i, _ in found}):
        entries = [f for f in found if f[1] == i]
        parts = dict(number.conjunct for _, _, number in entries if number.conjunct[0] >= 0)
        numbers = (
            every
            if numbered is None
            else frozenset(n.value for n in others if any(_states_as_such(n, m) for m in numbered[i]))
        )
        chosen, terms = _singled_out(parts, numbers), words | numbers
        if chosen is None and numbered is not None:
            chosen = _bounded_alike(others, numbered[i])
        ranked = all(own & ranks for own in parts.values())
        marking = (words | subject) & (marks | ranks if ranked else marks)
        if chosen is None and (chosen := _singled_out(parts, marking)) is not None:
            terms = marking  # a part without the mark is no rival for the rest of its words
        whole = None
        if chosen is None and claim_content:
            values = frozenset(n.value for *_, n in entries)  # (the slot's rivals are no words of a part)
            said = claim_content | {n.value for n in claim_numbers}
            chosen = whole = _said_all_of(parts, said, values, slot.unit)
            if not any(n.conjunct[0] == chosen and n.unit == slot.unit for *_, n in entries):
                # (a part giving no value of the slot's unit is none of its alternatives: "twice" of
                # "Take one tablet twice a day, or two tablets once a day")
                chosen = whole = None
        chosen = _singled_out(parts, words) if chosen is None else chosen
        stating = {n.conjunct[0] for (*_, states), _, n in entries if states and n.conjunct[0] not in (chosen, -1)}
        if chosen is None or (
            whole is None and any(len(terms & parts[k]) >= len(terms & parts[chosen]) for k in stating)
        ):
            kept += entries
        else:
            own = [entry for entry in entries if entry[2].conjunct[0] == chosen]
            # the words no part has of its own are every part's ("bought" of "it had bought LinkedIn
            # in 2016 and GitHub in 2018"), as the numbers' frames give them
            framing = frozenset[str | float]().union(*(n.frame for *_, n in entries))
            shared = framing - frozenset().union(*parts.values())
            kept += [_framed_by_part(slot, own[0], parts[chosen] | shared)] if len(own) == 1 else own
    return kept


def _bounded_alike(claimed: Sequence[NumberSlot], given: Sequence[NumberSlot]) -> int | None:
    """The one part of a coordinated sentence (its numbers ``given``) that gives the claim's other
    numbers (``claimed``) bounded as the claim does, where another gives one of them bounded the
    other way ("balances up to 10,000 pounds" and "balances above 10,000 pounds" for "Balances up to
    10,000 pounds earn 4.5%"); ``None`` otherwise."""
    alike, against = set(), set()
    for n in claimed:
        for m in given:
            if m.value == n.value and m.conjunct[0] >= 0 and n.bound is not None:
                if m.bound == n.bound:
                    alike.add(m.conjunct[0])
                elif _bounds_conflict(n.bound, m.bound):
                    against.add(m.conjunct[0])
    chosen = alike - against
    return chosen.pop() if against and len(chosen) == 1 else None


def _states_as_such(number: NumberSlot, other: NumberSlot) -> bool:
    """``other`` has ``number``'s value as a number of its kind (:meth:`NumberSlot.compatible`)."""
    return number.value == other.value and number.compatible(other, strict=False)


def _framed_by_part(slot: NumberSlot, entry: _Found, part: frozenset[str | float]) -> _Found:
    """``entry``, the one number of the part the claim singles out, aligned by that part's words
    (and those every part shares) as much as by its own: the part is of one event, whose words need
    not stand near its number ("was named Fighter of the Year by The Ring magazine in 1995" for
    "named Fighter of the Year in 1998", its other part "was their top-rated fighter in 1998")."""
    (near, tie, named, states), i, number = entry
    if not (slot.adverbial and number.adverbial):
        return entry
    return (max(near, len(slot.frame & part)), tie, named, states), i, number


def _singled_out(parts: dict[int, frozenset[str | float]], terms: frozenset[str | float]) -> int | None:
    """The one part holding some of ``terms`` that no other part holds, if only one does (counted
    once over the parts: a list of thousands of parts costs no more than their words)."""
    holders = Counter(term for own in parts.values() for term in own & terms)
    singling = [k for k, own in parts.items() if any(holders[term] == 1 for term in own & terms)]
    return singling[0] if len(singling) == 1 else None


def _said_all_of(
    parts: dict[int, frozenset[str | float]], said: frozenset[str | float], values: frozenset[float], unit: str | None
) -> int | None:
    """The one part whose own words and numbers (but the slot's ``values`` and ``unit``: at least one
    word besides) are all ``said``, where every other part has one of its own that is not (the part
    that says what the claim leaves out is another case: "billed annually" of "15 dollars per user
    per month, billed annually, or 18 dollars billed monthly"), or ``None``."""
    unsaid = {k: own - values - {unit} - said for k, own in parts.items()}
    whole = [k for k, own in parts.items() if not unsaid[k] and own - values - {unit}]
    if len(whole) == 1 and all(unsaid[k] for k in parts if k != whole[0]):
        return whole[0]
    return None


def _claims_too(number: NumberSlot, slot: NumberSlot, claim_numbers: Sequence[NumberSlot]) -> bool:
    """``number`` (of the context) is what another of the claim's numbers states: no rival of
    ``slot``. Its value alone is not enough: "six people" does not make "$ 6 each" the claim's
    own, so it still rivals "$ 2 each"; nor does "200 g of sugar" make "200 g of flour" the claim's
    (:func:`_measure_other`), which rivals "100 g of flour". The slot's value per another time is
    a rival ("200 patients a day" for "200 patients a week")."""
    same = number.value == slot.value and slot.rates(number) is None and not slot.in_another_month(number)
    return same or any(
        other.states(number) and not _measure_other(other, number) for other in claim_numbers if other is not slot
    )


@cache
def _opposite_stems(lang: Lang) -> dict[str, frozenset[str]]:
    """The lexicon's opposites and rivals (:func:`opposite_words`) by their stems."""
    stems: dict[str, set[str]] = {}
    for word, others in opposite_words(lang).items():
        for own in analyze(word, lang).content:
            stems.setdefault(own, set()).update(s for other in others for s in analyze(other, lang).content)
    return {stem: frozenset(others - {stem}) for stem, others in stems.items()}


def _framed_opposite(
    slot: NumberSlot, number: NumberSlot, sentence: TextFeatures, claim_content: frozenset[str], lang: Lang
) -> tuple[str, str] | None:
    """``number`` has the slot's value, and a word of its frame is the opposite of a word of the
    slot's that it lacks, the sentence says elsewhere and the claim does not say: the number is of
    the other thing ("the lender's variable rate, currently 7.1%" beside "The fixed-rate mortgage"
    for "The fixed rate is 7.1%"). The two words as the sentence writes them (the slot's, then the
    opposite), or ``None``."""
    if number.value != slot.value:
        return None
    opposites = _opposite_stems(lang)
    own = number.frame - slot.frame - claim_content
    # a word of the slot's that the number's frame has only after it, where the opposite stands
    # before it in its own part, is of the next part ("download speeds of 145 Mbps and upload speeds
    # of 20 Mbps"; not "at 9 am on weekdays and at 10 am on weekends")
    joins = get_lexicon(lang).list_words
    own_part = list(takewhile(lambda word: word not in joins, number.flank_before))
    before = analyze(" ".join(own_part), lang).content
    found = next(
        (
            (word, opposed)
            for word in slot.frame - before
            if isinstance(word, str) and word in sentence.content
            for opposed in opposites.get(word, frozenset()) & (own if word not in number.frame else own & before)
            if not _listed_together(word, opposed, sentence, lang)
        ),
        None,
    )
    if found is None:
        return None
    lex = get_lexicon(lang)
    written = {stem(token, lex): token for token in reversed(sentence.tokens)}
    return written.get(found[0], found[0]), written.get(found[1], found[1])


_LISTED_REACH = 2
"""Tokens at most between two words listed together ("adults and children")."""


def _listed_together(word: str, other: str, sentence: TextFeatures, lang: Lang) -> bool:
    """``sentence`` has the stems ``word`` and ``other`` within :data:`_LISTED_REACH` tokens of each
    other: one thing of both ("Adults and children over 16: take 1 or 2 tablets")."""
    lex = get_lexicon(lang)
    stems = [stem(token, lex) for token in sentence.tokens]
    at = [k for k, s in enumerate(stems) if s == word]
    return any(abs(k - j) <= _LISTED_REACH for k in at for j, s in enumerate(stems) if s == other)


def _measure_other(slot: NumberSlot, number: NumberSlot) -> bool:
    """The two measure different things ("200 g of sugar" and "200 g of flour")."""
    return None not in (slot.of_what, number.of_what) and slot.of_what != number.of_what


_SIDE: dict[str, str] = {"over": "from below", "under": "from above", "most": "from above"}
_BEYOND: dict[str, str] = {"over": "more than", "under": "less than"}
_CONFLICTING_BOUNDS = (frozenset(("over", "under")), frozenset(("over", "most")))


def _outside_range(slot: NumberSlot, number: NumberSlot) -> bool:
    """``number`` starts a range of the context where the claim's number, of the same value, is
    bounded below it ("under 6" against "aged 6 to 12"), or ends one where the claim's is bounded
    above it ("over 12"): the claim speaks of values the range leaves out."""
    if number.span is None or number.is_year or slot.value != number.value:
        return False
    if number.unit != slot.unit and not _bare_age(slot, number):
        return False
    low, high = number.span
    return (slot.bound == "under" and slot.value == low) or (slot.bound == "over" and slot.value == high)


def _refers_back(sentence: TextFeatures, lang: Lang) -> bool:
    """``sentence`` opens with a word that may refer back to a name before it: one of the lexicon's
    ``anaphors``, ``subject_pronouns`` or ``all_words`` ("Both have a top speed of 149 mph")."""
    lex = get_lexicon(lang)
    referring = {word.lower() for word in lex.anaphors} | lex.subject_pronouns | lex.all_words
    return bool(sentence.tokens) and sentence.tokens[0] in referring


def _bare_age(slot: NumberSlot, number: NumberSlot) -> bool:
    """One of two numbers counts years and the other nothing: an age may be written bare ("children
    under 12" against "children 12 years and over")."""
    return not slot.is_year and not number.is_year and {slot.unit, number.unit} == {None, _YEARS_OF_AGE}


def _bounds_conflict(bound: Bound | None, other: Bound | None) -> bool:
    """Two bounds of one number that exclude each other: more than it (or at least it), and less
    than it or at most it ("more than 8" against "no more than 8", "less than 8" against "over 8")."""
    return frozenset((bound, other)) in _CONFLICTING_BOUNDS


def _bare_month(slot: NumberSlot, sentence: Sequence[NumberSlot], features: TextFeatures) -> bool:
    """``slot`` is a year of a month that the sentence names with no number of its own: its year is
    the sentence's ("became King in January of 1936 and abdicated in December" states December
    1936), where "June 14, 1866 - October 20, 1936" gives June another year."""
    return (
        slot.is_year
        and slot.unit in _month_stems()
        and slot.unit in features.content
        and all(n.unit != slot.unit for n in sentence)
    )


_VERSION = r"\d+(?:\.\d+)*"
"""The number a label gives: "14", "3.12", "2.0.1" ("Python 3.10" is no "Python 3.1")."""


def _digits(text: str) -> str:
    """The digits of a number's text as a label numbers them ("3.12" of "3.12 adds")."""
    match = re.search(_VERSION, text)
    return match.group() if match else text


def _labelled(slot: NumberSlot, sentences: Sequence[str], lang: Lang) -> bool:
    """The evidence numbers the slot's label ("Android 14"); not where a label opening the claim is
    numbered only at the start of the evidence's sentences ("Take 2 tablets" against "Take 1 or 2
    tablets" names nothing) or in lower case, but for a word of the lexicon's ``label_words``
    ("Since 1955" against "since 2011"; "Version 3.2" against "version 3.1" is one):
    :func:`_check_label` then aligns the slot among those numbers."""
    assert slot.label is not None
    pattern = re.compile(rf"\b{re.escape(slot.label)} {_VERSION}\b(?![.,]\d)", re.IGNORECASE)
    matches = [(m, text) for text in sentences for m in pattern.finditer(text)]
    if slot.label_opens:
        named = slot.label.lower() in get_lexicon(lang).label_words  # "version 3.1" in any case
        return any((named or m.group()[0].isupper()) and not starts_sentence(text, m.start()) for m, text in matches)
    return bool(matches)


def _check_label(
    slot: NumberSlot,
    claim_numbers: Sequence[NumberSlot],
    sentences: Sequence[str],
    features: Sequence[TextFeatures],
    lang: Lang,
) -> SlotFinding | None:
    """A numbered name ("Python 3.12", "version 3.1") aligned as a number is, among the evidence's
    numbers of the same name only: one the evidence gives only with other numbers ("Android 14" for
    "Android 11") is another thing, and so is the one stated where the rest of the claim is ("It
    adds support for Python 3.12 and drops support for Python 3.7" for "drops support for Python
    3.12"): contradicted. One the evidence bounds ("WordPress 6.0 and later") states those it bounds
    ("WordPress 6.2"). A number the claim gives the same name too ("from Chapter 1 to Chapter 5")
    is no other; one it gives something else is ("launches on November 2nd" does not make "Talos
    Principle 2" the claim's)."""
    assert slot.label is not None
    label, digits = slot.label.lower(), _digits(slot.text)
    claimed = {_digits(n.text) for n in claim_numbers if n.label is not None and n.label.lower() == label}
    values = frozenset(n.value for n in claim_numbers if n is not slot)
    dated = {i for i, f in enumerate(features) if values & f.numbers}  # "came out in October 2023"
    found: list[_Found] = []
    for i, text in enumerate(sentences):
        # the sentence's share of the claim's words around the slot and of its other numbers
        tie = len(slot.frame & features[i].content) + len(values & features[i].numbers)
        for number in _numbers(text, lang):
            if number.label is None or number.label.lower() != label:
                continue
            states = int(_digits(number.text) == digits or _within(digits, number))
            if states or _digits(number.text) not in claimed:
                near: float = len(slot.frame & number.phrase) + (_LINK_WEIGHT if i in dated else 0)
                # bounded as the claim's is ("requires Node 18 or later" for "requires Node 16 or later")
                near += _LINK_WEIGHT if slot.bound is not None and slot.bound == number.bound else 0
                found.append(((near, tie, 1, states), i, number))
    # a number of another name ("Version 5" for "Node 16") names what the whole sentence speaks of,
    # no part of it
    own_kind = [n for n in claim_numbers if n.label is None or n.label.lower() == label]
    found = _in_claimed_conjunct(slot, own_kind, found)
    if not found:
        return None
    (near, tie, _, states), i, best = max(found, key=lambda f: f[0])
    # given only with other numbers, or another between the claim's words or in a sentence with
    # the claim's other numbers ("version 3.1, came out in October 2023"), as a link ties numbers;
    # a sentence tying another only by its words elsewhere may have it in an aside ("It is
    # directed by Brian Fee, an artist on Cars 2" after "Cars 3 is ...")
    # ... or in a sentence with the claim's words where those stating it have none of them
    # ("made landfall ... as a Category 3 storm" beside "It had weakened from Category 5 a day
    # earlier" for "made landfall as a Category 5 storm")
    unsaid = tie >= _LABEL_TIE and all(f[0][1] == 0 for f in found if f[0][3])
    if not states and (near >= 1 or unsaid or not any(f[0][3] for f in found)):
        why = f"the context gives {slot.label} {_digits(best.text)}, not {slot.label} {digits}"
        return SlotFinding("contradicted", "number", why, sentences[i], certain=True, slot=slot.text)
    return None


_LABEL_TIE = 2
"""The claim's words at least a sentence with another number of the claim's numbered name must have
where those stating it have none (:func:`_check_label`)."""


def _within(digits: str, number: NumberSlot) -> bool:
    """The numbered name's ``digits`` (a version's: "6.2") are among those ``number`` bounds ("6.0
    and later", "11 or older"), read part by part as versions are (3.12 comes after 3.8)."""
    if number.bound is None:
        return False
    mine, theirs = _version(digits), _version(_digits(number.text))
    return mine >= theirs if number.bound == "over" else mine <= theirs


def _version(digits: str) -> tuple[int, ...]:
    """A version's parts, as numbers: (3, 12) for "3.12"."""
    return tuple(int(part) for part in re.findall(r"\d+", digits))


_ENDS_TIE = 2
"""The claim's words besides those of a beginning or an end that a sentence must share for its span
to be the claim's (:func:`_check_ends`)."""
_NAME_REACH = 80
"""Characters before a life's brackets searched for the name."""
_PARTICLE = 3
"""The longest lower-case word inside a name ("de", "la", "van", "bin": "Simón José Antonio de
la Santísima Trinidad Bolívar y Palacios")."""


@lru_cache(maxsize=8)
def _life_stems(lang: Lang) -> frozenset[str]:
    """The stems of the lexicon's ``life_words``."""
    return analyze(" ".join(get_lexicon(lang).life_words), lang).content


def _life_end(word: str, lang: Lang) -> int | None:
    """Which end of a life a word of the lexicon's ``life_dates`` dates: 0 its start ("born"), 1 its
    end ("died"), by the words of a beginning and of an end (:func:`_span_stems`); ``None`` if
    neither or both."""
    start_stems, end_stems = _span_stems(lang)
    stemmed = stem(word.lower(), get_lexicon(lang))
    return None if (stemmed in start_stems) == (stemmed in end_stems) else int(stemmed in end_stems)


@lru_cache(maxsize=8)
def _span_stems(lang: Lang) -> tuple[frozenset[str], frozenset[str]]:
    """The stems of the lexicon's words of a beginning and of an end (English only, for now)."""
    lex = get_lexicon(lang)
    return analyze(" ".join(lex.span_start_words), lang).content, analyze(" ".join(lex.span_end_words), lang).content


def _check_ends(
    slot: NumberSlot,
    claim_content: frozenset[str],
    sentences: Sequence[str],
    features: Sequence[TextFeatures],
    lang: Lang,
) -> SlotFinding | None:
    """A year the claim says something began in (someone was born, a band formed) that the context
    gives only as the end of its span ("from 1861 to 1865"; the brackets after the claim's person:
    "Ralph Fults (January 23, 1911 -- March 16, 1993)"), or one it says something ended in that the
    context gives only as its start: contradicted. Every time the context gives the year, it must
    be that other end, of a span in a sentence sharing two more of the claim's words or of the
    claim's person's life (someone else's brackets say nothing of the claim's person); all of them
    where the claim has fewer ("The war ended in 1861" against "The war lasted from 1861 to 1865").
    So with a day of a month and a span of dates ("The exhibition ends on 3 March" against "The
    exhibition runs from 3 March to 28 July"), and a time of a day and a span of hours ("The shop
    closes at 9 am" against "The shop is open from 9 am to 5 pm", "The school day starts at 3:15 pm"
    against "runs from 8:45 am to 3:15 pm")."""
    start_stems, end_stems = _span_stems(lang)
    starts, ends = bool(slot.frame & start_stems), bool(slot.frame & end_stems)
    if starts == ends or slot.span is not None or slot.days is not None or _in_a_state(slot, lang):
        # neither; or both, and which the year is cannot be told; or the claim gives the span itself
        # ("The launch was postponed from 2024 to 2025"), which is compared as one
        return None
    role = 0 if starts else 1
    rest = claim_content - start_stems - end_stems
    lex = get_lexicon(lang)
    lived = slot.is_year and bool(slot.frame & _life_stems(lang))  # the claim dates a birth or a death
    given = wrong = 0
    found: tuple[str, str] | None = None  # (why, sentence)
    for text, feature in zip(sentences, features, strict=True):
        if not slot.is_year:  # a day of a month or a time of a day: the ends of spans
            days = [n for n in _numbers(text, lang) if (n.value, n.unit) == (slot.value, slot.unit)]
            given += len(days)
            aligned = len(rest & feature.content) >= min(_ENDS_TIE, len(rest))
            for day_ends in [n.days for n in days if n.days] if aligned else []:
                if day_ends[1 - role][:2] == (slot.value, slot.unit) != day_ends[role][:2]:
                    wrong += 1
                    found = found or (
                        f"the context gives {day_ends[role][2]} as the {_ENDS[role]}, not {slot.text}",
                        text,
                    )
            continue
        years = [n for n in _numbers(text, lang) if n.is_year and n.value == slot.value]
        given += len(years)
        lives = [m for m in LIFE_SPAN.finditer(text) if _lived(text, m.start(), claim_content, lang)]
        spans = [((float(m.group(1)), float(m.group(2))), _LIFE_ENDS) for m in lives]
        if len(rest & feature.content) >= min(_ENDS_TIE, len(rest)) > 0:
            spans += [(n.span, _ENDS) for n in years if n.span]
        for span, names in spans:
            if span[1 - role] == slot.value != span[role]:
                wrong += 1
                found = found or (f"the context gives {span[role]:.0f} as the {names[role]}, not {slot.text}", text)
        if lived and len(rest & feature.content) >= min(_ENDS_TIE, len(rest)) > 0:
            # a year a word of a life's date gives ("Jane Austen was born in 1775" for "Jane Austen
            # died in 1775")
            for year in re.finditer(rf"(?<![\d.,]){slot.value:.0f}(?!\d)", text):
                word = _life_word(text, year.start(), lex)
                if word is not None and _life_end(word, lang) == 1 - role:
                    wrong += 1
                    found = found or (f"the context gives {slot.text} as the {_LIFE_ENDS[1 - role]}", text)
    if found is None or wrong < given:
        return None
    return SlotFinding("contradicted", "number", *found, certain=True, slot=slot.text)


def _in_a_state(slot: NumberSlot, lang: Lang) -> bool:
    """A day of the claim after a word of a beginning or an end that a copula makes a state: "The
    store is closed on 24 December" says nothing of which end of "from 24 December to 2 January" it
    is."""
    if slot.is_year:
        return False
    stems = [stem(word, get_lexicon(lang)) for word in slot.flank_before]
    start_stems, end_stems = _span_stems(lang)
    at = next((k for k, word in enumerate(stems) if word in start_stems | end_stems), None)
    return at is not None and at + 1 < len(slot.flank_before) and slot.flank_before[at + 1] in _COPULAS


_ENDS = ("start", "end")
"""The names of a span's two ends, in a reason."""
_LIFE_ENDS = ("year of birth", "year of death")
"""The names of a life's two ends, in a reason."""


def _lived(text: str, bracket: int, claim_content: frozenset[str], lang: Lang) -> bool:
    """The word right before the brackets at ``bracket``, or a word of the name they follow, is a
    word of the claim: the life is the claim's person's ("Simón Bolívar" for "Simón José ...
    Bolívar y Palacios (...)", "the rapper" for "a rapper (1976 - 2020)")."""
    word = _WORD_BEFORE.search(text[max(0, bracket - _NAME_REACH) : bracket])
    words = [word.group(1)] if word else []
    return bool(analyze(" ".join(words + _name_before(text, bracket)), lang).content & claim_content)


def _name_before(text: str, end: int) -> list[str]:
    """The capitalised words of the name that ends right before ``text[end]`` (with the short
    lower-case words between them), last word first; none if a lower-case word ends the text."""
    start = max(0, end - _NAME_REACH)
    words = list(_WORD.finditer(text, start, end))
    name: list[str] = []
    for k in range(len(words) - 1, -1, -1):
        word = words[k].group()
        gap = text[words[k].end() : words[k + 1].start() if k + 1 < len(words) else end]
        if gap.strip(" -") or not (word[0].isupper() or (name and len(word) <= _PARTICLE and word.islower())):
            break
        name.append(word)
    while name and name[-1].islower():
        name.pop()
    return [word for word in name if word[0].isupper()]


_AMOUNT = rf"[{CURRENCIES}]?\s?({NUMBER_DIGITS})"
_FROM_TO = re.compile(
    rf"\b(?:from|between)\s{_AMOUNT}%?\s?(?:[^\W\d_]+\s)?(?:to|and|until|through)\s{_AMOUNT}"
    rf"|\bto\s{_AMOUNT}%?\s?(?:[^\W\d_]+\s)?from\s{_AMOUNT}",
    re.IGNORECASE,
)
"""A change or a span, read as (from, to): "from $7.99 to $10.99", "between 1993 and 2018", "from
2000 to 2001", "cut its target to $4 from $13" (from 13 to 4). English words: other languages'
changes are not read."""


def _changes(text: str, lang: Lang) -> list[tuple[float, float, str]]:
    """The changes and spans of ``text``: (from, to, as written). Read apart from
    :attr:`NumberSlot.span`, which marks only years in rising order, for the numbers read one by
    one: a change may fall, count anything, and be written the other way round ("to $4 from $13")."""
    lex = get_lexicon(lang)
    out = []
    for m in _FROM_TO.finditer(text):
        first, then = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        if (a := number_value(first, lex)) is not None and (b := number_value(then, lex)) is not None and a != b:
            out.append((a, b, m.group()))
    return out


def _check_change(
    claim: str, claim_content: frozenset[str], sentences: Sequence[str], features: Sequence[TextFeatures], lang: Lang
) -> SlotFinding | None:
    """A change or span the claim gives ("from $10.99 to $7.99", "from 2001 to 2013") that a
    sentence about it (sharing two of the claim's words) gives with the ends swapped ("from $7.99
    to $10.99") or with one end the same and the other not ("from 2005 to 2013"): contradicted,
    unless the context starts something at the claim's start and ends something at its end
    ("from $5 to $6 in 2019 and from $6 to $7 in 2020" for "from $5 to $7"). A claim's one end
    ("fell to 21%") that the context gives only as the other end of a change ("fell to 18% from 21%")
    is contradicted too."""
    given = [
        (change, text)
        for text, feature in zip(sentences, features, strict=True)
        if len(claim_content & feature.content) >= 2
        for change in _changes(text, lang)
    ]
    if not given:
        return None
    starts, ends = {change[0] for change, _ in given}, {change[1] for change, _ in given}
    for start, end, written in _changes(claim, lang):
        if start in starts and end in ends:
            continue
        for (first, then, shown), text in given:
            if (first, then) == (end, start) or (first == start) != (then == end):
                why = f'the context gives "{shown}", not "{written}"'
                return SlotFinding("contradicted", "number", why, text, certain=True)
    for value, to, written in _one_end(claim, lang):
        if value in (ends if to else starts):
            continue
        for (first, then, shown), text in given:
            if value == (first if to else then):
                why = f'the context gives "{shown}", not "{written}"'
                return SlotFinding("contradicted", "number", why, text, certain=True)
    return None


_ONE_END = re.compile(rf"\b(to|from)\s{_AMOUNT}%?", re.IGNORECASE)
"""One end of a change: "fell to 21%", "rose from $3.9 billion"."""


def _one_end(text: str, lang: Lang) -> list[tuple[float, bool, str]]:
    """The ends of changes that ``text`` gives alone (no change of :func:`_changes` holds them):
    (value, whether it is where the change goes to, as written)."""
    lex = get_lexicon(lang)
    changes = [m.span() for m in _FROM_TO.finditer(text)]
    return [
        (value, m.group(1).lower() == "to", m.group())
        for m in _ONE_END.finditer(text)
        if not any(a <= m.start() < b for a, b in changes) and (value := number_value(m.group(2), lex)) is not None
    ]


_PART_NAMED = 0.5
"""How far a sentence naming some words of the claim's name near its number names it (one naming
all of them, or nobody, 1; one naming others only, 0)."""
_RIVAL_FRAME = 2
"""Words around a bare value that another value must share with the claim's to be the same
quantity."""


def _framed_alike(slot: NumberSlot, number: NumberSlot, near: float) -> bool:
    """``number`` gives another value of the quantity ``slot`` speaks of, told by the words around
    it because one side is a bare number, whose unit cannot tell what it counts ("since she was 15
    with no problems" / "since she was 27 with no problems"), or the two count words that measure
    nothing ("over 242 sites in Gaza" / "struck 450 targets"). Two shared words around the value say
    it is the same quantity; a year is only ever a year. (The caller asks only of a sentence that
    does not state the slot's value with a word of the claim's around it: "9.6 million job openings
    in September, up from 9.5 million in August" leaves open which of its values the claim means,
    so it holds no rival; "Alice, 56, was arrested ..., said the sheriff, who has served for 18
    years" states 18 of something else and does, for "Alice, 18, was arrested".)"""
    counts_other = slot.unit is not None and number.unit is not None and slot.unit in number.frame
    # none of another word is no count of the slot's thing ("gives me zero confidence" for "one
    # mum also died"): where two count words differ, only a count of something rivals
    none_of_other = number.value == 0 and number.unit is not None and slot.unit not in (None, number.unit)
    return (
        slot.compatible(number, strict=False)
        and not counts_other  # "detained the women in three cities" counts cities, not women
        and not none_of_other
        and slot.is_year == number.is_year
        and near >= _RIVAL_FRAME
    )


def _check_name(
    name: NameSlot,
    place: tuple[int, int, str],
    role: frozenset[str],
    claim_terms: frozenset[str | float],
    sentences: Sequence[str],
    features: Sequence[TextFeatures],
    lang: Lang,
) -> SlotFinding | None:
    """The sentence that states the rest of the claim names someone else where the claim names
    ``name`` (at ``place``: start, end, claim): a sentence copying the claim's words beside it
    (:func:`_in_place`), the words around both names (``role``: the claim's words near its name),
    or, when the claim's name occurs in the evidence elsewhere, by naming only someone else."""
    frame = claim_terms - name.stems
    if len(frame) < _PLACE_FRAME:
        return None
    # another name between the same words decides in a short claim too ("The Pro plan is free"
    # against "The Basic plan is free")
    heads = _heads(tuple(sentences), lang)

    def actors(text: str, lang: Lang) -> tuple[tuple[NameSlot, int, int], ...]:
        # an acronym alone, no word of a longer name ("the 2014 FIFA World Cup"), may stand in a
        # name's place too ("AMD shares fell 2%" for "Nvidia shares fell 2%")
        alone = [a for a in _acronyms(text) if not _IN_LONGER_NAME.match(text, a[2])]
        alone = [a for a in alone if not _NAME_BEFORE.search(text, max(0, a[1] - 40), a[1])]
        return tuple(sorted((*_actors(text, heads, lang), *alone), key=lambda found: found[1]))

    # another sentence naming the claim's own name that states clearly more of the claim's sentence
    # is the one it speaks of ("Apple unveiled the iPhone 15 in September" beside "Samsung unveiled
    # the Galaxy S24"; a sentence naming both is read by _in_place itself)
    first, last = _sentence_of(place[2], place[0])  # the claim's own sentence says what the name does
    said = analyze(place[2][first:last], lang).terms - name.stems
    shares = [len(said & f.terms) for f in features]
    naming_head = [i for i, text in enumerate(sentences) if _names_head(name, text, lang)]
    unnamed_rest = said.isdisjoint(capitalised_stems(place[2][first:last], lang))
    # (numbers as the slots read them: a name's digits are none, "M2" of "the M2 Pro")
    numbers = frozenset(n.value for n in _numbers(place[2][first:last], lang))
    stated = [frozenset(n.value for n in _numbers(text, lang)) for text in sentences]
    # (ranks in lower case: "Fifth" of "the Fifth National Climate Assessment" is a name's)
    lowered = " ".join(word for word in _WORD.findall(place[2], first, last) if word.islower())
    ranked = analyze(lowered, lang).content & rank_stems(lang)
    # a sentence naming only another of the person's family, where one names the person by the given
    # name alone, speaks of the other ("Serena Williams won 23 ... Her sister Venus won seven" for
    # "Venus Williams won seven ...")
    kin = _of_kin(name, sentences, lang)
    for i, text in enumerate(sentences):
        if i in kin or any(shares[j] >= shares[i] + _NAME_MARGIN for j in naming_head if j != i):
            continue
        # ... or all of it, where this one does not ("The Business plan includes 5 TB of storage and
        # 24/7 phone support" for "The Business plan includes phone support", beside "The Standard
        # plan includes 2 TB of storage and email support")
        if shares[i] < len(said) and any(shares[j] == len(said) for j in naming_head if j != i):
            continue
        # ... or states a number of it this one does not ("The Performance version ... has a shorter
        # range of 285 miles" for "The Model Y Performance has a range of 285 miles", beside "The
        # Model Y Long Range has ... a range of 310 miles")
        if any(numbers & stated[j] - stated[i] for j in naming_head if j != i):
            continue
        # ... or a rank of it ("Mount Kenya, in Kenya, is the second highest" for "Mount Kenya is the
        # second highest mountain in Africa", beside "Mount Kilimanjaro ... is the highest mountain in
        # Africa")
        if any(ranked & features[j].content - features[i].content for j in naming_head if j != i):
            continue
        # past articles only in a sentence that clearly states more than every one naming the
        # claim's name ("Abuja is the capital of Nigeria" beside "Lagos is its largest city"), or
        # states all of a rest naming nothing where none of those does ("The Amazon is the largest
        # rainforest" beside "The Sahara is the largest hot desert"; in "Berlin is the capital of
        # France" either name may be the wrong one: the sentence naming Berlin tells, by its place)
        naming_shares = [shares[j] for j in naming_head if j != i]
        loose = all(shares[i] >= share + _NAME_MARGIN for share in naming_shares) or (
            unnamed_rest and shares[i] == len(said) and all(share < len(said) for share in naming_shares)
        )
        if other := _in_place(name, *place, claim_terms, text, lang, actors, loose=loose):
            if other.stems & name.stems and any(shares[j] > shares[i] for j in naming_head if j != i):
                # a name sharing a word with the claim's ("Yale University" for "Harvard University")
                # stands in its place only where no sentence naming the claim's states more of it
                continue
            return _named_otherwise(other, name, text)
    if len(frame) < _NAME_FRAME:
        return None
    naming = [i for i, text in enumerate(sentences) if _mentions(name, text, lang)]
    best = max(range(len(sentences)), key=lambda i: (i not in kin, len(frame & features[i].terms)))
    tie = len(frame & features[best].terms)
    # a sentence naming the claim's name that states as much of the claim may be the one it speaks
    # of ("Erling Haaland missed a penalty" beside "Phil Foden scored twice against Arsenal")
    # (or stating a rank of the claim's it does not: "the second highest")
    named_as_much = any(
        len(frame & features[i].terms) >= tie or ranked & features[i].content - features[best].content
        for i in naming
        if i != best
    )
    # (a claim's name before a verb in the passive is what the verb is done to: the name before it in
    # the active, with its object after it, is its doer and stands in no place of it: "Bill Gates,
    # who co-founded the company ... in 1975" for "Microsoft was co-founded in 1975")
    passive = _passive_after(lang).match(place[2], place[1]) if lang == "en" else None
    done_to = passive is not None and bool(
        re.search(rf"\b{re.escape(passive.group(1))}\s+{_OBJECT_OPENING}", sentences[best], re.IGNORECASE)
    )
    if (
        tie >= _ROLE_TIE * len(frame)
        and not named_as_much
        and not done_to
        and (
            other := _in_role(name, role, claim_terms, sentences[best], lang)
            or _in_role_as_subject(name, place, role, claim_terms, sentences[best], lang)
            or _in_clause(name, role, claim_terms, sentences[best], lang)
        )
    ):
        return _named_otherwise(other, name, sentences[best])
    claimed = _speaker(place[2], lang)
    speaks = claimed is not None and claimed.text == name.text
    if tie >= _ROLE_TIE * len(frame) and not _names_head(name, sentences[best], lang):
        said_by = _speaker(sentences[best], lang)
        if speaks and said_by is not None and _rival(name, said_by, claim_terms, lang):
            return _named_otherwise(said_by, name, sentences[best])
    # the claim's name nowhere in the evidence: only a sentence that states nearly all the rest of
    # the claim, with someone else in it, shows the name is wrong (the name may be stated before it)
    needed = _NAME_TIE if naming else _NAME_TIE_UNNAMED
    named = (
        bool(naming) or name.origin or any(_alias(name, o, lang) for t in sentences for o in _names(t, lang))
    )  # "the Fed"
    unnamed = None if named else _unnamed(name, sentences[best])
    if best in naming or tie < needed * len(frame) or name.opening:
        return unnamed
    if naming and (speaks or tie < max(len(frame & features[i].terms) for i in naming) + _NAME_MARGIN):
        # the claim's name says it ("Iran says the virus has spread"): a sentence stating what is
        # said need not name who says it, and names in it are no speakers
        return None
    others = [n for n in _names(sentences[best], lang) if not n.opening and _rival(name, n, claim_terms, lang)]
    if not others or _PRONOUNS & set(features[best].tokens) or _described(sentences[best], claim_terms, lang):
        # "he", "she", "the show" may refer back to the name: the support rests on reading them so
        return unnamed
    # the claim's name nowhere in the evidence: the sentence may still be about it ("The point
    # guard has won ..."), so the verdict is left to the verifier, marked uncertain
    return _named_otherwise(others[0], name, sentences[best], surely=bool(naming))


@cache
def _passive_after(lang: Lang) -> re.Pattern[str]:
    """A verb in the passive after a name: one of the lexicon's ``copulas`` and a participle in -ed
    ("was co-founded", "were first recorded")."""
    copulas = "|".join(sorted(get_lexicon(lang).copulas))
    return re.compile(rf"\s+(?:{copulas})\s+(?:\w+ly\s+)?([a-z][a-z-]*ed)\b")


_OBJECT_OPENING = r"(?:the|a|an|its|their|his|her|this|that)\b"
"""What opens the object of a verb in the active: "co-founded the company" (not "directed by")."""


_PLACE_FRAME = 2
"""A name or an acronym is checked in another's place (:func:`_in_place`) only in a claim that says
at least this much else; a place, a day or a month in one that says anything else ("Kilimanjaro is
in Kenya", "The concert is on Thursday": :func:`_check_in_place`)."""
_SPELT_ALIKE = 0.9
"""Two places, or two names of one word, whose letters agree this much (:class:`difflib.SequenceMatcher`)
are one spelt two ways: "Albuqerque" and "Albuquerque" (0.95); "Austria" and "Australia" (0.88) are two."""
_PLACE_MARGIN = 1
"""The sentence giving another place, day or month must share this many more of the claim's other
words than every sentence naming the claim's own: "Berlin is the capital of Germany" shares one
more of "Berlin is the capital of France" than "Paris is the capital of France"."""


_DESCRIBING = re.compile(r"-[a-z]")
"""A name joined to a word after it describes what follows: "Hamas-ruled Gaza", "Poland-based"."""
_PLACE_PREPOSITIONS = _word_set("in at from to into near across of on by for")
"""The prepositions before a place of the claim that is checked, "by" among them ("directed by
Greta Gerwig", past its article: :data:`_BY_THE`); not "for" or an article ("the Tribune")."""
_PREPOSITION = re.compile(r"([^\W\d_]+)\s+$")
"""The word right before a place."""
_BY_THE = re.compile(r"\bby\s+(?:the|a|an)\s+$")
"""An agent's preposition and article: "bought by the Louvre" names who bought it, as "by Sam
Altman" does (after "in the", "at the", a name is often a nickname or a place for what is there:
"the Blues", "at the Nou Camp")."""
_IN_TITLE = re.compile(r"\b[A-Z][^\W\d_]*\s+of\s+$")
"""A capitalised word and "of" right before a place: the place is part of a title ("Fist of")."""


def _preposition(text: str, start: int) -> str:
    """The word right before ``text[start:]``, lower-cased ("" if none); "by" past an article (:data:`_BY_THE`)."""
    if _BY_THE.search(text, max(0, start - 12), start):
        return "by"
    m = _PREPOSITION.search(text, max(0, start - 24), start)
    return m.group(1).lower() if m else ""


def _checked_place(claim: str, start: int, sentences: Sequence[str], lang: Lang) -> bool:
    """A place of the claim after a preposition of place, not inside a title ("Fist of Legend",
    "Department of Work"; a sentence's first word that people write in lower case opens none where
    no sentence of the evidence writes it capitalised inside a sentence: "Citizens of India", where
    "the 1972 Fist of Fury" makes "Fist of" a title's)."""
    if _preposition(claim, start) not in _PLACE_PREPOSITIONS:
        return False
    title = _IN_TITLE.search(claim, max(0, start - 40), start)
    if title is None:
        return True
    word = title.group().split()[0]
    if not starts_sentence(claim, title.start()) or word.lower() not in lower_case_words(lang).common:
        return False
    inside = re.compile(rf"\b{re.escape(word)}\s+of\b")
    return not any(not starts_sentence(text, m.start()) for text in sentences for m in inside.finditer(text))


def _places_besides(text: str, lang: Lang) -> tuple[tuple[NameSlot, int, int], ...]:
    """The places of ``text`` that may stand in the place of another (:func:`_placed_places`): not
    a word of origin before a noun or another name ("a song by American rapper Lil Wayne", "English
    Grime artist"; alone it is a language: "taught in French") nor a name describing a word after
    it ("in Hamas-ruled Gaza")."""
    return tuple(
        (name, start, end)
        for name, start, end in _placed_places(text, lang)
        if not _DESCRIBING.match(text, end) and not (_of_origin(name, lang) and (name.before_noun or " " in name.text))
    )


def _of_origin(name: NameSlot, lang: Lang) -> bool:
    """The name's first word is a word of origin (the lexicon's ``origin_words`` and
    ``origin_suffixes``): alone, after a preposition, it names a language ("in French"), which
    stands only in the place of another."""
    return get_lexicon(lang).of_origin(name.text.split()[0].lower())


def _set_beside(name: NameSlot, sentences: Sequence[str], lang: Lang) -> frozenset[str]:
    """The names that some sentence lists with ``name`` or sets beside it ("Plymouth, Devon"): one
    of them is no other place in its place."""
    return frozenset(text[a:b] for text in sentences for a, b in _listed_with(name, text, lang))


def _check_in_place(
    slot: NameSlot,
    place: tuple[int, int, str],
    claim_terms: frozenset[str | float],
    sentences: Sequence[str],
    features: Sequence[TextFeatures],
    lang: Lang,
    *,
    day: bool,
) -> SlotFinding | None:
    """A place, a work or an organisation after a preposition (:func:`_checked_place`:
    "headquartered in Dublin", "the capital of France"), or a day or a month (``day``: "held on
    Friday"), that the sentence stating the rest of the claim gives otherwise, between the same
    words ("headquartered in Seattle", "held on Monday": :func:`_in_place`). A sentence that
    names the claim's own as well as another must have the other in its place within one phrase
    ("opened in March and closed in May" for "opened in May"); one stating about as much of the
    claim that names the claim's own leaves the claim to the verifier ("In 2019 it was held in
    Lisbon. In 2020 it was held in Berlin.")."""
    start, end, claim = place
    # the claim's own sentence says what the place is of: a summary's other sentences say other things
    first, last = _sentence_of(claim, start)
    frame = analyze(claim[first:last], lang).terms - slot.stems
    if not frame:
        return None  # "Kilimanjaro is in Kenya", "The concert is on Thursday" say where or when one thing is
    shares = [len(frame & f.terms) for f in features]
    numbers = frozenset(n for n in frame if isinstance(n, float))
    # of two sentences sharing as much, the one with the claim's numbers ("She moved to Paris in
    # 1891" for "Marie Curie moved to Warsaw in 1891", beside "Marie Curie was born in Warsaw")
    best = max(range(len(sentences)), key=lambda i: (shares[i], len(numbers & features[i].numbers)))
    preposition = _preposition(claim, start)
    # a sentence naming the claim's own after another preposition says another thing of it ("born
    # in Warsaw" is no "moved to Warsaw")
    naming = [i for i, text in enumerate(sentences) if _mentions_after(slot, text, preposition, lang, day=day)]
    mentioned = _mentions(slot, sentences[best], lang)
    # a sentence naming the claim's own that states about as much of the claim, or a number of it
    # the other does not ("She won the Nobel Prize in Chemistry alone in 1911" beside "Marie Curie
    # won the Nobel Prize in Physics in 1903" for "... in Chemistry in 1911"), may be the one it says
    # a sentence naming the claim's own that says some of the rest and refers back to more ("this
    # movie was dubbed into Malayalam, Japanese and Korean") shares the name it refers to
    referring = [shares[i] + int(shares[i] > 0 and bool(_PRONOUNS & set(features[i].tokens))) for i in naming]
    if (
        naming
        and not mentioned
        and (
            shares[best] < max(referring) + _PLACE_MARGIN
            or any(numbers & features[i].numbers - features[best].numbers for i in naming)
        )
    ):
        return None
    if mentioned and not _names_head(slot, sentences[best], lang):
        return None  # named otherwise than the claim writes it ("QUEENSLAND, Australia - ..."): read no further
    if mentioned and _numbered_alike(slot, claim, sentences[best]):
        return None  # "300 in France" states "300 employees in France", whatever stands beside Germany
    beside = _set_beside(slot, sentences, lang)

    def candidates(text: str, lang: Lang) -> tuple[tuple[NameSlot, int, int], ...]:
        # after the same preposition ("in Oxford" is no "at The Parks"), not set beside the claim's
        # nor spelt nearly as it ("Albuqerque" for "Albuquerque")
        found = _placed_days(text, lang) if day else _places_besides(text, lang)
        return tuple(
            c
            for c in found
            if _preposition(text, c[1]) == preposition
            and _of_origin(c[0], lang) == _of_origin(slot, lang)
            and c[0].text not in beside
            and SequenceMatcher(None, c[0].text.lower(), slot.text.lower()).ratio() < _SPELT_ALIKE
        )

    other = _in_place(slot, start, end, claim, claim_terms, sentences[best], lang, candidates)
    # the sentence may name the claim's place after another preposition ("rises in the Alps in
    # Switzerland and flows through Germany"), not as the object of the claim's ("a character on
    # the series Homeland on Showtime")
    elsewhere = not mentioned or _after_another_preposition(slot, sentences[best], preposition)
    if (
        other is None
        and not day
        and elsewhere
        and not naming
        and shares[best] == len(frame)
        # the context names the claim's place elsewhere, as a place of its own, never after the
        # claim's preposition: no place holding the other ("founded in the United States" may be
        # "founded ... in Austin"; "rises in the Alps in Switzerland and flows through Germany")
        and any(_mentions(slot, text, lang) for text in sentences)
    ):
        other = _placed_after_verb(claim, start, sentences[best], candidates(sentences[best], lang), lang)
    if other is None:
        return None
    if not elsewhere and _in_own_part(slot, other, claim_terms, sentences[best], lang):
        return None
    if day:
        why = f"the context gives {other.text}, not {slot.text}"
        return SlotFinding("contradicted", "number", why, sentences[best], certain=True, slot=slot.text)
    return replace(_named_otherwise(other, slot, sentences[best]), placed=(other.text, slot.text))


_CLAUSE_BREAK = re.compile(CLAUSES, re.IGNORECASE)
"""What parts the clauses of a sentence (:data:`~faithcheck._pipeline.verify.conjuncts.CLAUSES`)."""
_GAPPED_ARTICLE = re.compile(r"\s+and\s+(?=(?:the|a|an)\s+[^\W\d_]+\s+(?:in|at|on|to|from|by)\s)")
"""A bare "and" before a part that says only its article, its own word and a preposition: "and the
second in Dublin"."""
_OPENING_NAME = re.compile(r"\s*(?:[Tt]he\s+)?([A-Z][^\W_]*|[a-z]+[A-Z][^\W_]*)")
"""A clause's first word past "the", where it is capitalised: the name it opens with."""
_CONTRASTED_CLAUSE = re.compile(CLAUSES_BY_WORD, re.IGNORECASE)
"""What parts two clauses that may say one thing of one name and another of another: ", while", ",
and" (not a semicolon, which parts a life's dates from a name's pronunciation in its brackets)."""


def _subject_name(claim: str, names: Sequence[NameSlot], lang: Lang) -> frozenset[str]:
    """The stems of the name ``claim`` opens with (past "the"), one of its ``names``: its subject
    ("Microsoft's shares rose 3%"); none where it opens otherwise ("77 people arrested in London")."""
    opening = _OPENING_NAME.match(claim)
    if opening is None:
        return frozenset()
    return analyze(opening.group(1), lang).content & frozenset().union(*(name.stems for name in names))


def _person_opening(claim: str, names: Sequence[NameSlot], lang: Lang) -> tuple[str, str] | None:
    """The given name and the family name of the name of two words ``claim`` opens with (one of its
    ``names``), whose first word people never write in lower case nor as a title ("Venus Williams",
    not "President Obama" nor "Manchester United"); ``None`` where it opens otherwise."""
    opening = _OPENING_NAME.match(claim)
    name = next((name for name in names if opening and name.text.startswith(opening.group(1))), None)
    return _person(name, lang) if name is not None else None


def _person(name: NameSlot, lang: Lang) -> tuple[str, str] | None:
    """The given name and the family name of a name of two words whose first may be a given name
    and whose second a family name (:func:`_personal_name`: "Venus Williams", not "Columbia
    Records"), or ``None``."""
    words = name.text.split()
    if len(words) != 2 or not _personal_name(words[0], lang) or not _personal_name(words[1], lang):
        return None
    return words[0], words[1]


def _personal_name(word: str, lang: Lang) -> bool:
    """``word`` may be a given name or a family name: capitalised, and people never write it in
    lower case nor as a title."""
    lower = word.lower()
    return (
        word[:1].isupper()
        and word[1:].islower()
        and lower not in lower_case_words(lang).written
        and lower not in get_lexicon(lang).honorifics
    )


def _of_kin(name: NameSlot, sentences: Sequence[str], lang: Lang) -> frozenset[int]:
    """The sentences naming only another of the family of the person ``name`` names
    (:func:`_names_kin_only`), where a sentence names the person by the given name alone (not
    before the family name: "Michelle Obama was in the audience" names her in full): they speak
    of the other ("Serena Williams won 23 ... Her sister Venus won seven" for "Venus Williams won
    seven ...")."""
    person = _person(name, lang)
    if person is None:
        return frozenset()
    given, family = map(re.escape, person)
    alone = re.compile(rf"\b{given}\b(?!\s+{family}\b)")
    if not any(alone.search(text) for text in sentences):
        return frozenset()
    return frozenset(i for i, text in enumerate(sentences) if _names_kin_only(text, person, lang))


def _names_kin_only(text: str, person: tuple[str, str], lang: Lang) -> bool:
    """``text`` names someone else of the claim's person's family (another given name before the
    family name: "Serena Williams" for "Venus Williams") and not the person's given name."""
    given, family = person
    if re.search(rf"\b{re.escape(given)}\b", text):
        return False
    return any(
        _personal_name(other, lang) and other != given
        for other in re.findall(rf"\b([A-Z][\w'’-]*)\s+{re.escape(family)}\b", text)
    )


def _opening_subject(tokens: Sequence[str], lang: Lang) -> tuple[str, str] | None:
    """The one content word a sentence (its ``tokens``) opens with, past an article, and the stop word
    after it (its verb: "can" of "Ibuprofen can be taken"; "tenant", "must" of "A tenant must give"),
    or ``None``."""
    lex = get_lexicon(lang)
    words = list(tokens[1:] if tokens and tokens[0] in lex.determiners else tokens)
    if len(words) < 2 or not words[0].isalpha() or words[0] in lex.stopwords or words[1] not in lex.stopwords:
        return None
    return words[0], words[1]


def _clause_spans(text: str) -> list[tuple[int, int]]:
    """Where the clauses of ``text`` lie, as :data:`_CONTRASTED_CLAUSE` parts them (one span where it
    parts none)."""
    breaks = list(_CONTRASTED_CLAUSE.finditer(text))
    return list(zip([0, *(m.end() for m in breaks)], [*(m.start() for m in breaks), len(text)], strict=True))


def _clause_opening_otherwise(text: str, opening: tuple[str, str], lang: Lang) -> tuple[int, int] | None:
    """Where the clause of ``text`` lies (:func:`_clause_spans`) that opens with another subject word
    before the claim's verb (``opening``: :func:`_opening_subject`), where another clause opens with
    the claim's: its numbers are the other's ("Breakfast is served from 7 am to 10:30 am, and the pool
    is open until 9 pm" gives no 10:30 am of "The pool is open until 10:30 am"); ``None`` if none."""
    spans = _clause_spans(text)
    if len(spans) < 2:
        return None
    openings = [_opening_subject(analyze(text[a:b], lang).tokens, lang) for a, b in spans]
    if opening not in openings:
        return None
    for span, other in zip(spans, openings, strict=True):
        if other is not None and other[0] != opening[0] and other[1] == opening[1]:
            return span
    return None


def _clause_of_another(
    text: str, names: frozenset[str], claim_names: frozenset[str], lang: Lang
) -> tuple[int, int] | None:
    """Where the clause of ``text`` lies (:func:`_clause_spans`) that opens with another's name
    (:data:`_OPENING_NAME`; no month or week day) and names none of ``names`` (the claim's names
    near its number), where another clause names some of them: its numbers are
    the other's ("Alphabet's shares closed up 3% on Tuesday, while Microsoft's shares were little
    changed" gives no 3% of Microsoft's; "Walsh was inducted ... in 1998, and into the Vocal Group
    Hall of Fame in 2001" gives Walsh's 2001); ``None`` if none."""
    spans = _clause_spans(text)
    if len(spans) < 2:
        return None
    cased = [capitalised_stems(text[a:b], lang) - _calendar(lang) for a, b in spans]
    if not any(stems & names for stems in cased):
        return None
    lex = get_lexicon(lang)
    for (a, b), stems in zip(spans, cased, strict=True):
        subject = _OPENING_NAME.match(text, a, b)
        opened = subject is not None and bool(analyze(subject.group(1), lang).content & (stems - claim_names))
        # a clause of its own has a verb ("closed", "were"); ", and Europe soon thereafter" lists
        verb = any(
            t in lex.auxiliaries or past_tense(t, lex) or t in lex.directions for t in analyze(text[a:b], lang).tokens
        )
        if opened and verb and not stems & names:
            return a, b
    return None


_RELATIVE_OF = re.compile(r"([A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*),\s+who\s+[^,;:()]*")
"""A name and the relative clause after it, to the clause's end: "David Moore, who had led the firm
for 11 years"."""


def _relative_of_another(
    text: str, names: frozenset[str], claim_names: frozenset[str], lang: Lang
) -> tuple[int, int] | None:
    """Where the relative clause of ``text`` lies that follows another's name (:data:`_RELATIVE_OF`),
    naming none of ``names`` (the claim's names near its number), where the rest of ``text`` names
    some of them: its numbers are the other's ("The company appointed Sarah Chen ..., replacing
    David Moore, who had led the firm for 11 years" gives Sarah Chen no 11 years); ``None`` if
    none."""
    if ", who " not in text:
        return None
    for m in _RELATIVE_OF.finditer(text):
        whose = analyze(m.group(1), lang).content
        clause = (m.end(1), m.end())
        rest = text[: m.start()] + " " + text[m.end() :]
        if whose and not whose & (names | claim_names) and names & capitalised_stems(rest, lang):
            return clause
    return None


def _in_own_part(place: NameSlot, other: NameSlot, claim_terms: frozenset[str | float], text: str, lang: Lang) -> bool:
    """``text`` names ``place`` in a clause of its own that states as much of the claim as the clause
    naming ``other`` does (clauses as :data:`~faithcheck._pipeline.verify.conjuncts.CLAUSES` parts
    them): "and the second season in Dublin" is where "The second season was filmed in Dublin"
    stands, beside "The first season was filmed in Belfast". A clause that "and" opens with the article
    the other opens with, leaving out its noun and verb ("The first season was filmed in Belfast and
    the second in Dublin"), says them too: all but as many of the other's first words as it says
    besides its place."""
    clauses = _CLAUSE_BREAK.split(text)
    if len(clauses) < 2 and (gapped := _GAPPED_ARTICLE.search(text)) is not None:
        clauses = [text[: gapped.start()], text[gapped.end() :]]
    holding = [c for c in clauses if re.search(rf"\b{re.escape(place.text)}\b", c)]
    others = [c for c in clauses if re.search(rf"\b{re.escape(other.text)}\b", c)]
    if len(clauses) < 2 or len(holding) != 1 or len(others) != 1 or holding == others:
        return False
    rest = claim_terms - place.stems
    own, theirs = analyze(holding[0], lang), analyze(others[0], lang)
    place_words = set(place.text.lower().split())
    left_out = left_out_after_article(theirs.tokens, [t for t in own.tokens if t not in place_words], lang)
    said = own.terms | analyze(" ".join(left_out or ()), lang).terms
    return len(rest & said) >= len(rest & theirs.terms)


def _after_another_preposition(place: NameSlot, text: str, preposition: str) -> bool:
    """Every time ``text`` names ``place`` as written, it is after a preposition of place other
    than ``preposition``."""
    found = [m.start() for m in re.finditer(rf"\b{re.escape(place.text)}\b", text)]
    return bool(found) and all(_preposition(text, at) in _PREPOSITIONS - {preposition} for at in found)


_PREPOSITIONS = _PLACE_PREPOSITIONS | _word_set(
    "through via along past over around throughout within toward towards under between beyond inside outside"
)
"""Prepositions of place, and of a way or a reach ("flows through Germany")."""


_VERB_REACH = 10
"""The most words between the claim's word before a place's preposition and the one place after
that preposition in a sentence (:func:`_placed_after_verb`): "founded in 1998 by Maria Lopez and
James Chen in Austin"."""


def _placed_after_verb(
    claim: str, start: int, sentence: str, candidates: Sequence[tuple[NameSlot, int, int]], lang: Lang
) -> NameSlot | None:
    """The one place of ``sentence`` after the preposition of the claim's place (at ``start``),
    where the sentence has the claim's word before that preposition ("founded") before it, in one
    phrase (no comma, semicolon or bracket between) within :data:`_VERB_REACH` words: "Acme Corp
    was founded in 1998 by Maria Lopez and James Chen in Austin" for "Acme Corp was founded in
    Denver". The word is no stop word ("is in Asia"); the sentence states all the rest of the claim
    and names the claim's place nowhere after that preposition, some sentence does after another."""
    verb = _PREPOSITION.search(claim, max(0, start - 40), start)
    before = _WORD_BEFORE.search(claim, 0, verb.start()) if verb else None
    # a verb of its own, no copula ("The Burj Khalifa is in Asia")
    if before is None or before.group(1).lower() in get_lexicon(lang).stopwords or len(candidates) != 1:
        return None
    other, at, _ = candidates[0]
    said = [m for m in re.finditer(rf"\b{re.escape(before.group(1))}\b", sentence, re.IGNORECASE) if m.end() < at]
    if not said:
        return None
    between = sentence[said[-1].end() : at]
    if _PHRASE_BREAK.search(between) or len(_WORD_OR_NUMBER.findall(between)) > _VERB_REACH:
        return None
    return other


_NUMBER_BEFORE_PLACE = r"(?<![\d.,])({digits})(?:\s+[^\W\d_]+){{0,{gap}}}\s+{place}\b"
_NUMBER_PLACE_GAP = 2
"""The words that may stand between a number and the place it is of ("300 in France", "300
employees in France")."""


def _numbered_alike(place: NameSlot, claim: str, sentence: str) -> bool:
    """A number of the claim stands right before its place in both ("300 employees in France",
    "and 300 in France"): the sentence states the place with the claim's number."""
    for number in re.finditer(r"\d[\d,.]*\d|\d", claim):
        pattern = _NUMBER_BEFORE_PLACE.format(
            digits=re.escape(number.group()), gap=_NUMBER_PLACE_GAP, place=re.escape(place.text)
        )
        if re.search(pattern, claim) and re.search(pattern, sentence):
            return True
    return False


def _mentions_after(name: NameSlot, text: str, preposition: str, lang: Lang, *, day: bool) -> bool:
    """``text`` names ``name`` (:func:`_mentions`), after ``preposition`` where it has the name's
    words as written and the name is a place (a day or a month may stand after any)."""
    if not _mentions(name, text, lang):
        return False
    if day:
        return True
    found = [m.start() for m in re.finditer(rf"\b{re.escape(name.text)}\b", text)]
    # a name listed with others has their preposition ("dubbed into Malayalam, Japanese and Korean")
    listed = {start for start, _ in _listed_with(name, text, lang)} if found else set()
    return not found or any(_preposition(text, at) == preposition for at in {*found, *listed})


def _actors(text: str, heads: frozenset[str], lang: Lang) -> tuple[tuple[NameSlot, int, int], ...]:
    """The actors of ``text`` (:func:`_placed_names`) with its first word alone where the evidence
    has it end a name (``heads``: :func:`_heads`): "Mahomes was named MVP" after "Patrick Mahomes
    threw for 182 yards", a claim's "Foden scored in the 80th minute" after "Phil Foden added a
    third"."""
    found = _placed_names(text, lang)
    opening = _WORD.match(text)
    if opening is None or opening.group() not in heads or any(start == 0 for _, start, _ in found):
        return found
    if opening.group().lower() in get_lexicon(lang).stopwords:
        return found  # "The", "More": a run of a headline's capitals may end so ("Social Care More than")
    stems = frozenset(analyze(opening.group(), lang).content)
    return ((NameSlot(opening.group(), stems), 0, opening.end()), *found)


@lru_cache(maxsize=1024)
def _heads(sentences: tuple[str, ...], lang: Lang) -> frozenset[str]:
    """The last words of the names of two words or more in ``sentences`` ("Mahomes" of "Patrick
    Mahomes"), and the names of one word inside a sentence ("Premium" of "X Premium subscribers"):
    a sentence opening with one names that person or thing, though people write the word in lower
    case too."""
    return frozenset(
        name.text.split()[-1]
        for text in sentences
        for name in _names(text, lang)
        if " " in name.text or not name.opening
    )


_NUMBERED_OPENING = re.compile(r"([A-Z][^\W\d_]*)\s+\d")
"""A capitalised word opening a text with a number after it: "Python 3.13"."""
_PERSONAL_SUBJECTS = _word_set("he she they er sie il elle ils elles")
"""Pronouns that open a sentence as the subject a name before stands for."""


def check_pronoun_subject(
    claim: str, sentences: Sequence[str], passages: Sequence[str], lang: Lang
) -> SlotFinding | None:
    """The claim's opening name where the one sentence of the window (``sentences``) stating all the
    rest of the claim opens with a personal pronoun (past a phrase of when: "In 2019 she became ..."),
    and the sentence before it in the context
    (``passages``) opens with another name that the pronoun stands for, neither naming the claim's:
    "Tom Reed became chief executive in 2019" against "Maria Silva joined the firm in 2015. She
    became chief executive in 2019. Tom Reed joined in 2017." is ``wrong_entity``. A name numbered
    ("Python 3.13") is named with its number, and the sentence before may name it numbered otherwise
    ("Python 3.12 was released in October 2023. It removed the distutils module"); the stating
    sentence may name the claim's name beside its subject (:func:`_only_beside`: "She worked with
    Charles Babbage ... and published the first algorithm"). A word numbered as it opens the claim
    names a thing though people write it in lower case too ("Python 3.13 removed ...")."""
    opening = [name for name, start, _ in _actors(claim, _heads(tuple(sentences), lang), lang) if start == 0]
    if not opening and (first := _NUMBERED_OPENING.match(claim)) is not None:
        # a word numbered as it opens the claim names a thing, though people write it in lower case
        # too ("Python 3.13 removed ...")
        candidate = NameSlot(first.group(1), frozenset(analyze(first.group(1), lang).content))
        opening = [candidate] if _numbered_opening(claim, candidate, lang) else []
    if not opening:
        return None
    name, claim_terms = opening[0], analyze(claim, lang).terms
    # a name numbered ("Python 3.13") is named with its number
    numbered = _numbered_opening(claim, name, lang)
    rest = claim_terms - name.stems - ({numbered.value} if numbered else set())

    def mentions(text: str) -> bool:
        if numbered is None:
            return _mentions(name, text, lang)
        return any(n.label == name.text and n.value == numbered.value for n in _numbers(text, lang))

    stating = [text for text in sentences if rest <= analyze(text, lang).terms]
    done = _WORD.search(claim, claim.find(name.text) + len(name.text))  # what the claim's name does
    does = analyze(done.group(), lang).content if done else frozenset()
    if len(rest) < _PLACE_FRAME or len(stating) != 1:
        return None
    if mentions(stating[0]) and not _only_beside(name, stating[0], does, lang):
        return None
    (text,) = stating
    pronoun = _opening_pronoun(text, lang)
    if pronoun is None:
        return None
    before = next((b for p in passages if text in p for b in _sentence_before(text, p, lang)), None)
    if before is None or (mentions(before) and not _only_beside(name, before, does, lang)):
        return None
    if numbered is not None:
        # the same name numbered otherwise: "Python 3.12 was released ... It removed" for "Python
        # 3.13 removed", "Our Fibre 100 package gives ... It costs" for "Fibre 500 costs"
        other = _numbered_opening(before, name, lang) or _numbered_subject(before, name, lang)
        if other is None:
            return None
        said, claimed = _digits(other.text), _digits(numbered.text)
        why = f'the context says it of {name.text} {said} ("{pronoun}"), not {name.text} {claimed}'
        return SlotFinding("wrong_entity", "entity", why, text, certain=True)
    named = [n for n, start, _ in _placed_names(before, lang) if start == 0]
    if not named or not _rival(name, named[0], claim_terms, lang):
        return None
    passage = next(p for p in passages if text in p)
    if _stands_for(name, pronoun, passage, lang):
        return None
    why = f'the context says it of {named[0].text} ("{pronoun}"), not {name.text}'
    return SlotFinding("wrong_entity", "entity", why, text, certain=True)


_BESIDE_WORDS = re.compile(r"\b(?:with|alongside|beside|against|to|from|for)\s+$", re.IGNORECASE)
"""A preposition right before a name that sets it beside the subject ("She worked with Charles
Babbage"), not in its place."""


_BESIDE_LISTED = re.compile(r"\b(?:with|alongside|beside)\s+(?:[A-Z][\w'’.-]*\s+){1,4}(?:and\s+|,\s*)$")
"""The same before a name listed after another ("with Pierre Curie and Henri Becquerel")."""


def _stands_for(name: NameSlot, pronoun: str, passage: str, lang: Lang) -> bool:
    """``passage`` opens with ``name`` as its subject and ``pronoun`` opens a sentence right after
    one opening with it: the passage speaks of the name, and the pronoun stands for it further on
    too ("Jane Austen was born in Steventon. She published Sense and Sensibility in 1811. Emma
    followed in 1815. She died in Winchester": a title opening a sentence between is no one the
    pronoun stands for)."""
    said = sentences_of(passage, lang)
    opens = re.compile(rf"(?:[Tt]he\s+)?{re.escape(name.text)}\b")
    return (
        bool(said)
        and opens.match(said[0]) is not None
        and any(_opening_pronoun(text, lang) == pronoun and opens.match(prior) for prior, text in pairwise(said))
    )


def _only_beside(name: NameSlot, text: str, does: frozenset[str], lang: Lang) -> bool:
    """``text`` writes ``name`` only right after a word of :data:`_BESIDE_WORDS`, past no word of what
    the claim says the name ``does``: someone beside what its pronoun subject does ("She shared the
    1903 prize with Pierre Curie ..., and won the 1911 prize alone" for "Pierre Curie won the 1911
    prize"; but "shared" is what Pierre Curie did too)."""
    found = [m.start() for m in re.finditer(rf"\b{re.escape(name.text)}\b", text)]
    return bool(found) and all(
        (
            _BESIDE_WORDS.search(text, max(0, at - _LOOK_BACK), at)
            or _BESIDE_LISTED.search(text, max(0, at - _LOOK_BACK), at)
        )
        and not does & analyze(text[:at], lang).content
        for at in found
    )


def _numbered_opening(text: str, name: NameSlot, lang: Lang) -> NumberSlot | None:
    """The number right after ``name`` opening ``text`` that numbers it ("Python 3.12"), if any."""
    return next((n for n in _numbers(text, lang) if n.label == name.text and n.label_opens and not n.is_year), None)


def _numbered_subject(text: str, name: NameSlot, lang: Lang) -> NumberSlot | None:
    """The number that numbers ``name`` in the subject ``text`` opens with past a determiner
    (:data:`_DETERMINED`: "Our Fibre 100 package gives ..."), if any."""
    if not re.match(rf"{_DETERMINED}{re.escape(name.text)}\s+\d", text):
        return None
    return next((n for n in _numbers(text, lang) if n.label == name.text and not n.is_year), None)


_DETERMINED = r"(?:(?:[Tt]he|[Oo]ur|[Tt]heir|[Ii]ts|[Tt]his|[Yy]our)\s+)"
"""An English determiner opening a subject before its name."""


_OPENING_PHRASE = re.compile(
    r"(?:(?:in|on|at|by|after|before|since|during|until)\s+(?:[\w'’]+\s+){0,3}?[\w'’]+,?|[^\W\d_]+,)\s+"
    r"(?=(?:he|she|they)\b)",
    re.IGNORECASE,
)
"""An English sentence's opening phrase before its pronoun subject: "In 2019 she", "After the merger,
they", "Later, he"."""


_IT_DOES = re.compile(r"(It)\s+([a-z]+)\b")
"""An English sentence opening with "It" and the word after it."""
_NO_DOING = _word_set("was had seemed appeared happened became remained took turned emerged meant followed")
"""Verbs in the past after an opening "It" that leave it no name's stand-in ("It was raining", "It
seemed that", "It took three years")."""
_NO_DOING_NOW = _word_set("is has seems appears takes means follows remains becomes happens depends looks makes always")
"""The same in the present ("It is raining", "It takes three weeks"; "It costs 28 pounds" is what
a thing does), and an adverb that may stand where the verb does ("It always")."""


def _opening_pronoun(text: str, lang: Lang) -> str | None:
    """The personal pronoun that opens ``text`` as its subject, as written, past an opening phrase
    in English (:data:`_OPENING_PHRASE`), or an English "It" before a verb in the past that it did
    ("It removed the distutils module": not "It was", "It seemed", :data:`_NO_DOING`); ``None`` if
    none."""
    if lang == "en" and (it := _IT_DOES.match(text)):
        verb = it.group(2)
        now = verb.endswith("s") and not verb.endswith("ss") and verb not in _NO_DOING_NOW
        done = verb not in _NO_DOING and (past_tense(verb, get_lexicon(lang)) or now)
        return it.group(1) if done else None
    opening = _OPENING_PHRASE.match(text) if lang == "en" else None
    first = _WORD_OR_NUMBER.match(text, opening.end() if opening else 0)
    return first.group() if first is not None and first.group().lower() in _PERSONAL_SUBJECTS else None


def _sentence_before(text: str, passage: str, lang: Lang) -> list[str]:
    """The sentence of ``passage`` right before ``text``, if ``text`` is one of its sentences."""
    said = sentences_of(passage, lang)
    return [said[k - 1] for k, sentence in enumerate(said) if k and sentence == text][:1]


def _unnamed(name: NameSlot, sentence: str) -> SlotFinding:
    """No sentence of the evidence names ``name``: whatever the verifier reads there ("He was the
    first black superhero ..." for "Luke Cage was ..."), the name is not aligned, and a support
    is uncertain; it decides nothing (a pronoun or a description may well refer to it)."""
    why = f"the evidence does not name {name.text}"
    return SlotFinding("unsupported", "entity", why, sentence, certain=False, decides=False)


def _named_otherwise(other: NameSlot, name: NameSlot, sentence: str, *, surely: bool = True) -> SlotFinding:
    """``sentence`` names ``other`` where the claim names ``name``: the wrong entity."""
    why = f"the context names {other.text} here, not {name.text}"
    return SlotFinding("wrong_entity", "entity", why, sentence, certain=surely, decides=surely)
