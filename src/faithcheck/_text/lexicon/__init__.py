"""Per-language word lists (en, de, fr) used by the offline pipeline.

The lists live in JSON files beside this module so that a linguist can review and extend
them without touching code. They are small and hand-written on purpose: general stop-word
packages drop content words such as "free" or "million" that decide faithfulness. Each file
holds every field of :class:`Lexicon` (an empty list where a rule does not apply to the language);
one that lacks a field or holds a list no field names is refused when it is loaded.
"""

from __future__ import annotations

import gzip
import json
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from functools import cache
from importlib import resources
from typing import Any

from faithcheck._core.types import Lang

__all__ = [
    "Lexicon",
    "LowerCaseWords",
    "get_lexicon",
    "lower_case_words",
    "opposite_phrases",
    "opposite_words",
    "read_lexicon",
]


@dataclass(frozen=True)
class Lexicon:
    """Word lists of one language. Multi-word entries are matched as phrases."""

    lang: Lang
    stemmer: str
    stopwords: frozenset[str]
    negations: frozenset[str]
    restrictions: tuple[str, ...]
    share_words: dict[str, str]
    """Words that say what share of a group does something ("all", "most", "half", "a minority"),
    lower-cased, to the shares in per cent they allow: ``100`` (all), ``>50`` (more than half),
    ``<50``, ``~50`` (about half, 40 to 60), ``>75``. A claim saying one of a group where the
    context gives a share of it outside them is contradicted ("All patients recovered" against "85%
    of patients recovered")."""
    group_of_words: frozenset[str]
    """The words of a group's "of" after a word of ``share_words`` ("most of the voters", "la plupart
    des", "die Hälfte der"), lower-cased."""
    free_words: tuple[str, ...]
    """Words that say something costs nothing ("free", "free of charge"), lower-cased: a claim saying
    so of what the context gives a price is contradicted."""
    exceptions: frozenset[str]
    """Words of ``restrictions`` that take something out of what a sentence says ("except",
    "excluding"), lower-cased: a claim saying it of that thing says the opposite ("open on Mondays"
    against "open daily, except on Mondays")."""
    refusal_words: frozenset[str]
    """Words that, before "to" and a verb, say it was not done ("refused", "failed", "failure"),
    lower-cased: a claim saying it was done, with none of them, is contradicted ("The senator
    endorsed the bill" against "The senator refused to endorse the bill"; not "was marred by the
    failure of rocket stages to achieve separation" against "the two rocket stages failed to
    separate")."""
    instead_words: frozenset[str]
    """Words that put one thing in another's place ("instead of", "rather than"), lower-cased: read as
    ``exceptions`` are ("in Room 4B instead of the main hall" takes the main hall out), but no
    restriction a claim leaves out ("The meeting will take place in Room 4B" says what it says)."""
    exclusive_words: frozenset[str]
    """Words of ``restrictions`` that say a thing of one alone ("only", "solely"), lower-cased: a
    claim saying so of one where the context says it of all or both says less than it ("Only the
    Pixel 8 Pro gets seven years of updates" against "Both phones get seven years of updates")."""
    list_words: frozenset[str]
    """Words that join the words of a list ("and", "or"), lower-cased: "new and existing customers"
    says of both what "new customers only" says of one alone."""
    all_words: frozenset[str]
    """Words that say a thing of every one of a group ("all", "both", "every"), lower-cased."""
    absolutes: frozenset[str]
    strong_modals: frozenset[str]
    """Modals that state a thing as certain ("will", "must"): stronger than a hedge ("may")."""
    hedges: tuple[str, ...]
    clause_connectors: tuple[str, ...]
    filler_patterns: tuple[re.Pattern[str], ...]
    meta_words: frozenset[str]
    number_words: dict[str, float]
    frequency_words: dict[str, float]
    """How often, in one word ("twice"), to the number of times: read as a count of times only
    before a word of ``frequency_after`` ("twice daily"; "twice as high" is a factor)."""
    frequency_after: frozenset[str]
    """Words after which a word of ``frequency_words`` says how often ("a", "per", "daily"); after a
    number, they make it a rate: those of ``rate_adverbs`` by themselves, the others before a unit
    of time ("1.5 days of leave per month", "$120 annually")."""
    rate_adverbs: dict[str, str]
    """Words of ``frequency_after`` that say a time by themselves, lower-cased, to that time's unit
    ("monthly": "month", "jährlich": "Jahr")."""
    label_words: frozenset[str]
    """Words whose number names one of them rather than counts ("version 3.1", "phase 2", "type 2
    diabetes"), lower-cased: a number after one is a label, as after a capitalised word ("Python
    3.12", "Android 14")."""
    ordinal_words: dict[str, float]
    """Ordinal numbers written as words ("third", "dritten", "troisième"), with their rank."""
    ordinal_digits: re.Pattern[str]
    """Matches a whole ordinal written in digits ("3rd", "3e"), its rank in group 1. German writes
    them "3.", as it ends a sentence: none are read."""
    century_words: frozenset[str]
    """The word a century's rank ranks ("the 19th century", "19e siècle"): a span of years."""
    months: tuple[str, ...]
    """The months, lower-cased, in calendar order."""
    month_abbreviations: dict[str, str]
    """Abbreviated months ("dec" of "Dec. 24", "okt", "déc"), lower-cased, each to its month."""
    sequel_words: tuple[str, ...]
    """Words that count one more of something without a rank ("another", "again", "twice"): "won his
    first Oscar in 1994 and another in 1995" may state the second one. Multi-word entries are
    phrases."""
    superlatives: frozenset[str]
    """Superlatives that rank first after "the" ("the largest", "the most populous"); "most" and
    "least" rank the word after them. English only, for now."""
    decimal_comma: bool
    entity_capitalisation: bool
    polar_question: re.Pattern[str]
    """Matches a (lower-cased) yes/no question: "can I ...", "kann ich ...", "est-ce que ...", but
    not a request put as one ("can you list ...")."""
    polar_answer: re.Pattern[str]
    """Matches the (lower-cased) opening of a direct answer to a yes/no question: a yes or no
    ("yes,", "nein."), a short answer ("you can,", "it is not;") or a condition ("only if",
    "as long as")."""
    anaphors: frozenset[str]
    """Personal pronouns that refer back to something said before ("it", "they"), matched
    case-sensitively so that German formal "Sie" is not one. Demonstratives are left out: "This"
    opens names and new noun phrases as often as it refers back."""
    object_anaphor: re.Pattern[str]
    """An object pronoun inside a statement ("keep *them* cool"), matched case-sensitively."""
    determiners: frozenset[str]
    """Words that open a noun phrase ("the", "my"): where a question's key noun phrase starts."""
    indefinite_articles: frozenset[str]
    """The determiners of ``determiners`` that introduce something new ("a", "an"), not one said before."""
    question_words: dict[str, str]
    """Question words and phrases, lower-cased, to how a short answer takes their place in the
    question (:func:`faithcheck._text.answer_forms.short_answer_statement`): ``answer`` (it stands
    where the word stood: "who", "when"), ``kind`` (the words after it name what the answer is:
    "which city"), ``count`` (the answer counts the words after it: "how many tablets"), ``owner``
    ("whose"), ``open`` (asks for a way or a reason, "how", "why": the answer is not rewritten).
    Empty where the language's answers are not rewritten."""
    negated_auxiliaries: dict[str, str]
    """Negations that hold an auxiliary ("cannot", "won't", "doesn't"), lower-cased, to the
    auxiliary that states without them what they negate ("can", "will", "does")."""
    negating_prefixes: frozenset[str]
    """Words that negate the word they are joined to by a hyphen ("non" of "non-refundable"),
    lower-cased: that word only, not the sentence ("a non-profit group")."""
    additive_words: frozenset[str]
    """Words after which a negation adds rather than denies ("only" of "not only ... but also",
    "just" of "not just to trucks but to people"), lower-cased, where a word of ``additive_follows``
    comes after them."""
    additive_follows: frozenset[str]
    """The words that complete "not only" ("but", "also"), lower-cased: without one, "not only"
    denies the restriction ("It is not only way to solve it")."""
    also_words: frozenset[str]
    """Words that add what a sentence says to what another says of the same thing ("also", "too"),
    lower-cased: "Its mobile library also lends films" says it of the library's own."""
    light_words: frozenset[str]
    """Words a negation reads past to the word after them, which carry little of what is denied
    ("evidence" of "found no evidence that the drugs increase it", "chance" of "never had the
    chance to win"), lower-cased."""
    negation_adverbs: frozenset[str]
    """Adverbs a negation reads past to the word it negates ("longer" of "no longer sells", "yet" of
    "not yet decided"), lower-cased; English words ending in "ly" are read past too."""
    do_support: frozenset[str]
    """Auxiliaries a negation needs but a statement drops ("did" of "did not sign"): what they
    negate is stated by the verb alone, inflected ("signed")."""
    opposites: dict[str, str]
    """Words, lower-cased, to a word that says the opposite ("open" to "closed", "added" to
    "removed"); read both ways. Where the rest of a claim is stated word for word around the
    other, the claim says the opposite of the context."""
    opposite_phrases: dict[str, str]
    """Phrases, lower-cased, to a phrase that says the opposite ("with food" to "on an empty
    stomach", "before meals" to "after meals"); read both ways. A sentence saying the rest of a
    claim with the other phrase, and never the claim's, says the opposite of it, whatever words stand
    beside it (``converse_words`` reads "before" and "after" alone, between the same words on each
    side: "Take it before a meal" has too few for "Take it after a meal")."""
    rivals: tuple[str, ...]
    """Groups of words of which each rules out the others where it stands in the same place
    ("nightly backups" against "weekly backups", "a gold medal" against "a silver medal"),
    lower-cased: a group is its words separated by spaces, and words of one meaning are joined by
    "|" ("daily|nightly", "yearly|annual"). Read as ``opposites`` of each other."""
    opposite_prefixes: tuple[str, ...]
    """Prefixes that make a word its opposite ("un" of "unopened", "unlimited"), lower-cased: read as
    ``opposites`` of the word without them, where it has four letters or more."""
    converse_words: frozenset[str]
    """Words of ``opposites`` that a sentence may say the other way round with the same meaning ("A
    before B" is "B after A"), lower-cased: read as opposites only between the same words on each
    side ("paid before June 1" against "paid after June 1")."""
    converse_relations: dict[str, str]
    """Words of a relation between two names, lower-cased, to words of its converse ("beat" to
    "lost to": "A beat B" is "B lost to A"); read both ways. Where a sentence has two of a claim's
    names the claim's way round with the converse's words between them ("Chelsea beat Arsenal" for
    "Chelsea lost to Arsenal"), it says the other way round. Empty where the order of two names is
    not checked."""
    symmetric_words: frozenset[str]
    """Words of a relation that holds both ways ("married", "versus", "borders", "and"),
    lower-cased: two names around one may stand either way round. Empty where the order of two
    names is not checked (:mod:`faithcheck._pipeline.verify.order`)."""
    auxiliaries: frozenset[str]
    """Finite auxiliary verbs ("is", "was", "can"), lower-cased: a short answer holding one is a
    statement of its own, not a fragment that needs its question."""
    directions: dict[str, str]
    """Words of a change, lower-cased, to its direction, ``up`` or ``down`` ("rose", "fell"): a
    claim whose number went one way where the sentence saying it has it go the other is
    contradicted."""
    subject_pronouns: frozenset[str]
    """Pronouns that open a sentence as its subject and refer back to what the sentence before
    speaks of ("it", "they"), lower-cased: a negation right after one denies what that sentence
    says ("It does not cover water damage")."""
    nil_words: frozenset[str]
    """Negations that stand for an amount of nothing ("none", "no", "nothing"), lower-cased: a
    sentence saying someone gets none of something denies a claim that gives them a number of it."""
    total_words: frozenset[str]
    """Words that make a number beside them a total ("total", "altogether", "overall"),
    lower-cased: a claim's total is the number the context gives as one ("taking the total to
    326"), not a part of it that shares more of its other words ("11 of its soldiers were killed").
    Empty where totals are not read."""
    life_dates: frozenset[str]
    """Words right before a date of someone's birth or death ("born", "died"), lower-cased: a year
    they date (:func:`~faithcheck._pipeline.verify.slots._life_date`) is of a life, no year of
    another event. Empty where such dates are not read."""
    life_words: frozenset[str]
    """Words by which a claim speaks of a life ("born", "died", "age", "lived"), lower-cased: only
    such a claim is stated by a year of birth or death."""
    change_words: frozenset[str]
    """Words that change a value ("extended", "moved", "raised"), lower-cased: in "extended from March 1
    to April 15" (``change_span``) March 1 no longer holds. Empty where changes are not read."""
    steady_words: frozenset[str]
    """Words that say a value stayed as it was wherever they stand ("unchanged", "steady", "froze"),
    lower-cased: a claim that has it go up or down (``directions``, ``change_words``) where the
    sentence saying the rest has it stay is contradicted. Empty where steadiness is not read."""
    steady_verbs: frozenset[str]
    """Verbs that say a value stayed as it was where a number or a word of ``steady_words`` or
    ``steady_after`` follows them ("kept its rate at 5%", "remained stable", "held rates steady"),
    lower-cased; alone they say other things ("held a meeting")."""
    steady_after: frozenset[str]
    """Words that say how a value stayed, after a verb of ``steady_verbs`` ("stable", "flat"),
    lower-cased; a stop word among them ("at") says so only before a number ("kept its rate at
    5%", not "held at the museum")."""
    change_span: tuple[str, ...]
    """The two words around the old value of a change and before its new one ("from", "to")."""
    variant_words: frozenset[str]
    """Words that name one model of a product family after its name ("Pro", "Air", "Ultra"),
    lower-cased: "MacBook Air" and "MacBook Pro" are two things, "Glen Cove LIRR station" is a place of
    Glen Cove."""
    copulas: frozenset[str]
    """The forms of "be", lower-cased: a rank after one with no word to rank ranks the being ("Liverpool
    were third")."""
    former_words: frozenset[str]
    """Words by which a claim speaks of the past or of a change ("was", "originally", "until"),
    lower-cased: "The deadline was March 1" holds though it was extended since."""
    past_endings: tuple[str, ...]
    """Endings of verbs in the past tense ("-ed" of "reached"), lower-cased: not after an auxiliary
    ("is planned"), the claim speaks of the past."""
    irregular_past: frozenset[str]
    """Verbs in the past tense that no ending of ``past_endings`` tells ("fell", "led", "built"),
    lower-cased; none that is the present's form too ("cut", "set") or a word of another kind
    ("left", "fed", "born")."""
    direction_adverbs: dict[str, str]
    """Words that give a change's direction only right before its number ("down 1%", "up 8%"),
    lower-cased, to that direction: elsewhere they say nothing of a change ("set up", "up to 4")."""
    quantity_prefixes: frozenset[str]
    """Words before a hyphen that say something of the number after it ("mid-1970s", "top-10"),
    not a name the number ends ("COVID-19")."""
    span_start_words: frozenset[str]
    """Words of a beginning ("born", "founded", "began"): a year they date is a span's first."""
    span_end_words: frozenset[str]
    """Words of an end ("died", "closed", "dissolved"): a year they date is a span's last."""
    dimension_words: dict[str, str]
    """Words that name one dimension of a thing in several ways, to that dimension ("long" and
    "length" to ``length``, "tall" and "height" to ``height``): "1,280 metres long" is its length
    however the context words it ("a total length of 2,737 metres")."""
    event_words: dict[str, str]
    """Words that name one kind of event in several ways, to that kind ("premiered" and "released"
    to ``release``, "formed" and "started" to ``start``): a date's words are its event however the
    claim words it."""
    honorifics: frozenset[str]
    """Titles before a name ("Mr", "Dr"), lower-cased: no part of the name a context must repeat."""
    name_particles: frozenset[str]
    """Lower-case words inside a name ("van" of "Ludwig van Beethoven", "de", "bin"): the word before
    one opens a longer name."""
    origin_words: frozenset[str]
    """Words of origin ("French", "Swiss") that the endings in ``origin_suffixes`` do not tell."""
    origin_suffixes: tuple[str, ...]
    """Endings of words of origin ("English", "Italian", "Chinese"), lower-cased."""
    speech_verbs: frozenset[str]
    """Verbs of saying ("said", "warns"): the name before one is who says the sentence."""
    attributions: tuple[str, ...]
    """Phrases that name a source after them ("according to"), lower-cased."""

    def of_origin(self, word: str) -> bool:
        """``word`` (lower-cased) is a word of origin: one of ``origin_words`` or ending in one of
        ``origin_suffixes``.

        >>> [get_lexicon("en").of_origin(word) for word in ("french", "japanese", "paris")]
        [True, True, False]
        """
        return word in self.origin_words or word.endswith(self.origin_suffixes)


@cache
def get_lexicon(lang: Lang) -> Lexicon:
    """The word lists of ``lang`` (loaded once per process).

    >>> "not" in get_lexicon("en").negations
    True
    """
    return read_lexicon(lang, json.loads(resources.files(__package__).joinpath(f"{lang}.json").read_text("utf-8")))


@cache
def opposite_words(lang: Lang) -> dict[str, frozenset[str]]:
    """The lexicon's ``opposites``, read both ways, and its ``rivals``: each word of a group to the
    words of the group's other meanings.

    >>> sorted(opposite_words("en")["closed"])
    ['open', 'opened']
    >>> "weekly" in opposite_words("en")["nightly"], "daily" in opposite_words("en")["nightly"]
    (True, False)
    """
    lex = get_lexicon(lang)
    words = _both_ways(lex.opposites)
    for group in lex.rivals:
        meanings = [meaning.split("|") for meaning in group.split()]
        for meaning in meanings:
            others = {word for other in meanings if other is not meaning for word in other}
            for word in meaning:
                words.setdefault(word, set()).update(others)
    return {word: frozenset(others) for word, others in words.items()}


@cache
def opposite_phrases(lang: Lang) -> dict[str, frozenset[str]]:
    """The lexicon's ``opposite_phrases``, read both ways: each phrase to the phrases of the
    opposite meaning.

    >>> sorted(opposite_phrases("en")["on an empty stomach"])
    ['with a meal', 'with food', 'with meals']
    """
    return {phrase: frozenset(others) for phrase, others in _both_ways(get_lexicon(lang).opposite_phrases).items()}


def _both_ways(pairs: Mapping[str, str]) -> dict[str, set[str]]:
    """Each key and value of ``pairs`` to the words it is paired with, either way."""
    words: dict[str, set[str]] = {}
    for a, b in pairs.items():
        words.setdefault(a, set()).add(b)
        words.setdefault(b, set()).add(a)
    return words


@dataclass(frozen=True)
class LowerCaseWords:
    """The words of a language that people write in lower case inside a sentence, from
    ``{lang}_common_words.txt.gz`` beside this module (built from the training data by
    ``training/common_words.py``)."""

    common: frozenset[str]
    """Those written so at least as often as capitalised ("researchers", "however", "shares"; not
    "microsoft", "rose")."""
    written: frozenset[str]
    """All of them, ``common`` and those more often capitalised ("rose", "bill")."""


@cache
def lower_case_words(lang: Lang) -> LowerCaseWords:
    """The :class:`LowerCaseWords` of ``lang``; both sets empty for a language without a list.

    >>> words = lower_case_words("en")
    >>> "researchers" in words.common, "microsoft" in words.written, ("rose" in words.common, "rose" in words.written)
    (True, False, (False, True))
    >>> lower_case_words("fr").common
    frozenset()
    """
    path = resources.files(__package__).joinpath(f"{lang}_common_words.txt.gz")
    if not path.is_file():
        return LowerCaseWords(frozenset(), frozenset())
    lines = gzip.decompress(path.read_bytes()).decode("utf-8").split()
    return LowerCaseWords(
        common=frozenset(w for w in lines if not w.startswith("^")), written=frozenset(w.lstrip("^") for w in lines)
    )


def read_lexicon(lang: Lang, raw: dict[str, Any]) -> Lexicon:
    """A :class:`Lexicon` from the JSON object of a lexicon file: each field read by its declared
    type; a file that lacks a field, or holds a list no field names, is refused."""
    names = {f.name for f in fields(Lexicon)} - {"lang"}
    if names != raw.keys():
        # a field the file lacks, or a list no code reads: both are mistakes of whoever edited it
        raise ValueError(f"{lang}.json does not match the Lexicon's fields: {sorted(names ^ raw.keys())}")
    values = {f.name: _READ[str(f.type)](raw[f.name]) for f in fields(Lexicon) if f.name in names}
    return Lexicon(lang=lang, **values)


_READ: dict[str, Callable[[Any], Any]] = {
    "str": str,
    "bool": bool,
    "frozenset[str]": frozenset,
    "tuple[str, ...]": tuple,
    "re.Pattern[str]": re.compile,
    "tuple[re.Pattern[str], ...]": lambda patterns: tuple(re.compile(p, re.IGNORECASE) for p in patterns),
    "dict[str, float]": lambda words: {word: float(value) for word, value in words.items()},
    "dict[str, str]": dict,
}
"""How a JSON value becomes a :class:`Lexicon` field, by the field's declared type."""
