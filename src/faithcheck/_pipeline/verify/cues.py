"""Cues that overlap and small models miss, and that name the finer failure label.

A cue only counts when the window is about the claim (at least half of the claim's content stems
occur in it):

* a number, a name, a place or a day of the claim that the sentence stating the rest of the claim
  gives differently → ``contradicted`` / ``wrong_entity``, and a number only an unrelated sentence states
  → ``unsupported`` (slot alignment, :mod:`faithcheck._pipeline.verify.slots`: "up to 16 tablets in 24 hours"
  is not supported by "8 tablets in 24 hours" and an unrelated "16 tablets"),
* a negation on one side only → ``contradicted`` (the sentence's negation counts in the part of it
  that speaks of the claim: an aside about something else negates nothing the claim says), and a
  negation one side has where the other states the same words without it ("cannot be refunded"
  against "can be refunded", "did not sign" against "signed", "non-refundable" against
  "refundable"),
* a word of the opposite meaning between the words the claim has around its own ("is closed on
  Sundays" against "is open on Sundays"; "before" and "after" only where both sides are the same;
  "unopened" against "opened") → ``contradicted``, and "free" where the sentence saying most of the
  rest gives a price (:mod:`faithcheck._pipeline.verify.prices`), and "all", "most" or "half" of a
  group where it gives a share the word does not allow (:mod:`faithcheck._pipeline.verify.shares`),
  and a fraction or an interval in words where it writes another ("half" for "a third", "every
  mile" for "every 3 miles": :mod:`faithcheck._pipeline.verify.amounts_in_words`),
* what a sentence takes out ("except on Mondays") said of it, and one alone ("only") where the
  sentence says it of all, or of a list ("new and existing customers") → ``contradicted``; a
  negated sentence does not deny what it takes out ("Pets are not allowed, except for assistance
  dogs"),
* a sentence giving none of what the claim counts ("Contractors get none" against "Contractors get
  25 days of annual leave"), or changing the claim's value to another ("extended from March 1 to April
  15" against "The deadline is March 1") → ``contradicted``,
* a sentence saying the rest of the claim of another subject where the context speaks of the
  claim's apart ("Members get 10% off" beside "Guests get no discount" for "Guests get 10% off") →
  ``unsupported``,
* a change of a number that goes the other way ("revenue fell 12%" against "revenue grew 12%",
  or "rose 12% ..., while costs fell 3%"), and a change of the claim's subject that the sentence or
  clause opening with it turns the other way ("Operating profit fell 3%" beside "Revenue rose 12% in
  2023" for "Operating profit rose in 2023": :mod:`faithcheck._pipeline.verify.turned_subject`) →
  ``contradicted``,
* a word the claim takes from another sentence or clause that says the same of something else
  ("Maria Lopez leads the oncology department" beside "Dr. James Okafor heads the oncology
  department": :mod:`faithcheck._pipeline.verify.swapped`), a thing in a kind the context qualifies
  the other way ("Liver damage is a common side effect": :mod:`faithcheck._pipeline.verify.qualified`),
  and two named things compared otherwise than the numbers the context gives each ("The Model B is
  heavier than the Model A": :mod:`faithcheck._pipeline.verify.compared`) → ``contradicted``,
* what one part of a sentence says for its group said for another part's ("Admission for under-18s
  costs 22 pounds" against "Admission is free for under-18s and costs 22 pounds for adults":
  :mod:`faithcheck._pipeline.verify.for_whom`) → ``contradicted``; "most" where the clause saying
  the rest says "a small number" (:mod:`faithcheck._pipeline.verify.fewer`), "all year" or "at any
  time" where the sentence says when (:mod:`faithcheck._pipeline.verify.whenever`) →
  ``contradicted``,
* the one replaced given what the one replacing does ("replacing Mark Ellis":
  :mod:`faithcheck._pipeline.verify.replaced`), a name given what another clause says of others
  ("while Michael Collins remained in lunar orbit": :mod:`faithcheck._pipeline.verify.clause_apart`),
  and a subject word given what a sentence says of another, where the context speaks of the claim's
  apart ("Paracetamol is safe for ... pregnant women" for "Ibuprofen is safe for pregnant women":
  :mod:`faithcheck._pipeline.verify.subject_swapped`) → ``wrong_entity``,
* a name in the claim that occurs nowhere in the context → ``wrong_entity`` (a title such as "Mr"
  is no part of it; a word of origin names its place, "African" Africa; an abbreviation the name
  it spells, "U.S." the United States),
* a restriction in the evidence ("only", "except", "nur", "seulement") whose scope the claim
  drops, or a claim that says "all", "always", "will" or "must" where the evidence hedges with a
  word the claim does not use ("many", "may", "can", "largely") → ``overclaim``.

Both offline verifiers use them: the baseline decides with them; the trained model uses them to
name why a claim it does not support fails, and lets the kinds its bundle names (a dropped
restriction, for the shipped one) overrule it, and every cue marked ``overrules`` (a slot, a change
turned the other way, a word of the opposite meaning, none of what the claim counts, a value changed).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import dropwhile, pairwise, takewhile

from faithcheck._core.types import Label, Lang
from faithcheck._pipeline.verify.amounts_in_words import amount_in_words_otherwise
from faithcheck._pipeline.verify.clause_apart import named_in_another_clause
from faithcheck._pipeline.verify.conjuncts import BRACKETED, CLAUSES_OR_BUT, clauses_outside_brackets
from faithcheck._pipeline.verify.evidence import EvidenceWindow
from faithcheck._pipeline.verify.exchanged import exchanged_words
from faithcheck._pipeline.verify.fewer import few_said_of_most
from faithcheck._pipeline.verify.findings import SlotFinding, changed_from
from faithcheck._pipeline.verify.for_whom import said_for_another
from faithcheck._pipeline.verify.free_of import free_of_otherwise
from faithcheck._pipeline.verify.modifiers import check_variants
from faithcheck._pipeline.verify.of_names import named_of_another
from faithcheck._pipeline.verify.opposite_phrases import phrase_opposed
from faithcheck._pipeline.verify.prices import free_at_a_price, priced_where_free
from faithcheck._pipeline.verify.qualified import qualified_otherwise
from faithcheck._pipeline.verify.relative_clause import named_inside_relative
from faithcheck._pipeline.verify.relatives import named_as_relative
from faithcheck._pipeline.verify.replaced import named_as_replaced
from faithcheck._pipeline.verify.shares import share_otherwise
from faithcheck._pipeline.verify.slots import (
    check_comparison,
    check_life_place,
    check_pronoun_subject,
    check_slots,
    check_subject_place,
    claim_slots,
    context_sentences,
    crossed_names,
    flanked_alike,
    sentences_of,
    spelt_as_one,
    window_sentences,
)
from faithcheck._pipeline.verify.subject_place import set_within
from faithcheck._pipeline.verify.subject_swapped import subject_swapped, word_swapped
from faithcheck._pipeline.verify.swapped import swapped_into_qualified, swapped_word
from faithcheck._pipeline.verify.turned_subject import subject_turned
from faithcheck._pipeline.verify.whenever import at_any_time
from faithcheck._text.analysis import (
    SOLE,
    TextFeatures,
    analyze,
    capitalised_stems,
    coverage,
    is_negation,
    of_a_change,
    stem,
    without_possessive,
)
from faithcheck._text.lexicon import Lexicon, get_lexicon, opposite_words
from faithcheck._text.number_words import CURRENCIES

__all__ = [
    "CUE_COVERAGE",
    "CUE_KINDS",
    "FLAGGED_SCORE_CAP",
    "Cue",
    "find_cue",
    "format_numbers",
    "overclaims",
    "short_quote",
]

_SaidOfAnother = Callable[[TextFeatures, Sequence[TextFeatures], Lang], tuple[TextFeatures, str] | None]
"""A check finding the sentence that says the claim's words of something else, and why."""

CUE_COVERAGE = 0.5
"""A cue (negation, number, restriction) only decides when the window is about the claim."""
CUE_KINDS = frozenset({"number", "negation", "direction", "entity", "restriction", "hedge"})
FLAGGED_SCORE_CAP = 0.2
"""A claim a cue overrules scores at most this (it is not supported, whatever the model's score)."""


@dataclass(frozen=True)
class Cue:
    """A specific reason why a window does not support a claim."""

    label: Label
    why: str
    kind: str
    """One of :data:`CUE_KINDS`."""
    overrules: bool = False
    """It overrules any verifier's support: a number or a name checked where the rest of the claim
    is stated (:mod:`faithcheck._pipeline.verify.slots`), a change that goes the other way, a word
    of the opposite meaning between the claim's words."""


def find_cue(
    claim: TextFeatures, window: EvidenceWindow, passages: tuple[str, ...], lang: Lang, *, supports: bool = False
) -> Cue | None:
    """The first cue that the window gives against the claim, or ``None``. A window that covers
    less than :data:`CUE_COVERAGE` of the claim is about something else and gives none, unless the
    verifier reads it as support (``supports``) of a claim of one sentence: then it speaks of the
    claim, and a number or name it gives otherwise, certainly, overrules the support ("surpasses
    the 2.7 degrees Celsius warming threshold" against "... exceeding the 1.5 degrees Celsius (2.7
    degrees Fahrenheit) of warming", in a window holding few of the claim's other words). A window
    supporting a claim of several sentences may speak of one of them only; the others' numbers are
    checked where each is stated (:func:`~faithcheck._pipeline.verify.units.contested`)."""
    cue = _window_cue(claim, window, passages, lang, supports=supports)
    if (cue is None or not cue.overrules) and (swapped := word_swapped(claim, passages, lang)):
        # a sentence saying the claim word for word of another of its kind ("Do not take ibuprofen if
        # ..." for "Do not take paracetamol if ..."), wherever it stands: where no cue of the window
        # says it better
        swapped_in, why = swapped
        return Cue("wrong_entity", why + _naming(swapped_in, window), "entity", overrules=True)
    return cue


def _window_cue(
    claim: TextFeatures, window: EvidenceWindow, passages: tuple[str, ...], lang: Lang, *, supports: bool
) -> Cue | None:
    """:func:`find_cue` but for a sentence saying the claim word for word of another."""
    if compared := check_comparison(claim.text, passages, lang):
        # two things the claim compares, by the numbers the context gives each, wherever they stand
        return Cue(compared.label, compared.why + _naming(compared.sentence, window), compared.kind, overrules=True)
    if pronoun := check_pronoun_subject(claim.text, window_sentences(window, lang), passages, lang):
        # the sentence stating the claim says it of the one a pronoun stands for
        return Cue(pronoun.label, pronoun.why + _naming(pronoun.sentence, window), pronoun.kind, overrules=True)
    evidence = analyze(window.text, lang)
    about = coverage(claim, evidence) >= CUE_COVERAGE
    if not about and not (supports and len(sentences_of(claim.text, lang)) == 1):
        return None
    slot = check_slots(claim.text, window_sentences(window, lang), lang)
    if slot is not None and slot.placed and set_within(*slot.placed, context_sentences(passages, lang)):
        # "Barack Obama was born in Honolulu" gives the place of "... born in Hawaii" where another
        # sentence sets Honolulu in Hawaii
        slot = None
    # any deciding slot finding where the window is about the claim; only a certain one where the
    # window is only read as support
    # (a number's finding that a name's may say better yields to the family's: "The Toyota Corolla GR
    # Sport returns up to 60 mpg" is said of the Corolla Hybrid)
    if slot is not None and slot.decides and (about or slot.certain):
        variant = _variant_in_context(claim.text, passages, lang) if slot.yields else None
        if variant is None:
            return Cue(slot.label, slot.why + _naming(slot.sentence, window), slot.kind, overrules=True)
    else:
        variant = _variant_in_context(claim.text, passages, lang)
    if variant:
        # the claim says of a name what the context says only of another of its family ("iPhone 15
        # Pro" for "iPhone 15", "MacBook Pro" for "MacBook Air"), or of a variant what it says only
        # of the name
        return Cue(variant.label, variant.why + _naming(variant.sentence, window), variant.kind, overrules=True)
    if not about:
        return None
    if placed := check_subject_place(claim.text, passages, lang):
        # "Kilimanjaro is in Kenya" where the sentences naming Kilimanjaro place it in Tanzania
        return Cue(placed.label, placed.why + _naming(placed.sentence, window), placed.kind, overrules=True)
    if lived := check_life_place(claim.text, passages, lang):
        # "Jane Austen died in Steventon" where the context has her born there
        return Cue(lived.label, lived.why + _naming(lived.sentence, window), lived.kind, overrules=True)
    said = [analyze(s, lang) for s in window_sentences(window, lang)]
    if none_given := _none_given(claim, said, lang):
        # "Contractors get none" states the claim's words with no amount where it gives one: as
        # certain as a word of the opposite meaning
        other, why = none_given
        return Cue("contradicted", why + _naming(other.text, window), "negation", overrules=True)
    if changed := _changed_from(claim, said, lang):
        # "extended from March 1 to April 15": March 1 held before, not now
        other, why = changed
        return Cue("contradicted", why + _naming(other.text, window), "number", overrules=True)
    sentence = analyze(window.sentence, lang)
    # a negation in an aside of the sentence ("Buenos Aires, which is not a province") does not
    # negate what it says of a claim; a negated claim may still say what an aside says ("has no
    # other name" for ", not known by anything else otherwise,"); a negation opening a title the
    # other side names too negates nothing
    context = " ".join(passages)
    claim_negated = claim.negated and not _opens_with_title(claim.text, context, lang)
    claim_negated = claim_negated and not _negates_opposite(claim, sentence, lang)
    sentence_negated = sentence.negated and not _opens_with_title(window.sentence, claim.text, lang)
    sentence_negated = sentence_negated and not _negates_opposite(sentence, claim, lang)
    if sentence_negated and not claim_negated and _bounds_other_side(claim.text, window.sentence):
        # "Items cannot be returned after 30 days" negates another case than "within 30 days": it
        # neither contradicts the claim nor supports it (another sentence may)
        return Cue("unsupported", "the context negates this only for another case", "negation")
    # a sentence negating only what it is done without ("allowed without penalty") negates nothing
    # the claim denies ("No overpayments are allowed")
    sentence_negated = sentence_negated and not (claim_negated and _only_without(sentence, claim, lang))
    if claim_negated != (sentence_negated and (claim_negated or _negates_about(window.sentence, claim, lang))) and not (
        # "Gift cards cannot be returned" denies what the context says of all but gift cards
        (claim_negated and not sentence_negated and _excepted(claim, window.sentence, lang))
        # "Assistance dogs are allowed" is what "Pets are not allowed, except for assistance dogs" leaves
        or (sentence_negated and not claim_negated and _names_exception(claim, window.sentence, lang))
        # "did not endorse" is what "refused to endorse" says
        or (claim_negated and not sentence_negated and _refused(claim, sentence, get_lexicon(lang)) is not None)
    ):
        side = "the claim" if claim_negated else "the context"
        return Cue("contradicted", f"only {side} is negated, so they say opposite things", "negation")
    if claim_negated and sentence_negated and (moved := _negation_moved(claim, sentence, lang)):
        return Cue("contradicted", moved, "negation")
    # each sentence of the claim against the sentence of the window saying most of it, if that says
    # at least half of it: the window's quoted sentence may be another ("After the attack, ..."
    # quoted, "The massacre was the most deadly assault so far" beside it, for "The massacre was
    # not the most deadly assault so far")
    parts = [(f, _aligned(f, said)) for f in (analyze(part, lang) for part in sentences_of(claim.text, lang))]
    for features, aligned in parts:
        if (
            coverage(features, aligned) < CUE_COVERAGE
            or _bounds_other_side(features.text, aligned.text)
            or (not features.negated and _names_exception(features, aligned.text, lang))
        ):
            continue
        if moved := _negation_moved(features, aligned, lang):
            return Cue("contradicted", moved + _naming(aligned.text, window), "negation")
    if not claim_negated and (denied := _denied_after(claim, sentence, said, lang)) is not None:
        why = "only the context is negated, so they say opposite things" + _naming(denied.text, window)
        return Cue("contradicted", why, "negation")
    if not claim_negated and (beside := _denied_beside(claim, sentence, said, lang)) is not None:
        other, why = beside
        return Cue("contradicted", why + _naming(other.text, window), "negation")
    for features, aligned in parts if not claim_negated else ():
        if coverage(features, aligned) >= CUE_COVERAGE and (refused := _refused(features, aligned, get_lexicon(lang))):
            return Cue("contradicted", refused + _naming(aligned.text, window), "negation")
    # a word of the opposite meaning where the rest is stated: in any sentence of the window that
    # says at least half of a sentence of the claim
    for features, _ in parts:
        for other in said:
            if coverage(features, other) >= CUE_COVERAGE and (opposed := _opposite(features, other, lang, said)):
                # word for word but for the one word, as a change turned the other way: it overrules
                # a model's support too
                return Cue("contradicted", opposed + _naming(other.text, window), "negation", overrules=True)
    # the same, in a sentence whose pronoun stands for the claim's word before it; the claim's thing
    # in a kind the context qualifies the other way ("rare", "common"); a word of another sentence
    # saying the same of something else, in the place of this one's
    # two words the other way round ("The customer may terminate ... if the supplier fails to pay");
    # what "The bank raised its rate" says, given to "Its rival Lloyds"; what "Bill Gates, who
    # co-founded the company with Paul Allen, stepped down" says, given to Paul Allen
    roles: tuple[tuple[Label, _SaidOfAnother], ...] = (
        ("contradicted", exchanged_words),
        ("wrong_entity", named_as_relative),
        ("wrong_entity", named_as_replaced),
        ("wrong_entity", named_in_another_clause),
        ("wrong_entity", named_inside_relative),
        ("wrong_entity", crossed_names),
    )
    for label, said_of_another in roles:
        if found := said_of_another(claim, said, lang):
            other, why = found
            return Cue(label, why + _naming(other.text, window), "entity", overrules=True)
    if found := subject_swapped(claim, said, passages, lang):
        # "Paracetamol is safe for ... pregnant women" for "Ibuprofen is safe for pregnant women"
        other, why = found
        return Cue("wrong_entity", why + _naming(other.text, window), "entity", overrules=True)
    for said_otherwise in (
        _opposed_after,
        qualified_otherwise,
        swapped_word,
        free_of_otherwise,
        said_for_another,
        phrase_opposed,
    ):
        if found := said_otherwise(claim, said, lang):
            other, why = found
            return Cue("contradicted", why + _naming(other.text, window), "negation", overrules=True)
    if found := swapped_into_qualified(claim, said, passages, lang):
        other, why = found
        return Cue("contradicted", why + _naming(other.text, window), "negation", overrules=True)
    if turned := _turned(claim, sentence, lang) or _stayed(claim, sentence, lang):
        return Cue("contradicted", turned, "direction", overrules=True)
    # a number of the claim's change turned the other way in another sentence of the window ("down
    # 1% year over year" beside the quoted one): that number is the claim's wherever it stands
    for other in said:
        if turned := _number_turned(claim, other, lang):
            return Cue("contradicted", turned + _naming(other.text, window), "direction", overrules=True)
    # ... and the claim's subject changing the other way in the sentence about it ("Operating profit
    # fell 3%" beside "Revenue rose 12% in 2023" for "Operating profit rose in 2023")
    if found := subject_turned(claim, said, lang):
        other, turned = found
        return Cue("contradicted", turned + _naming(other.text, window), "direction", overrules=True)
    if of_another := named_of_another(claim.text, context, lang):
        # "Bank of Merton" where the context names only the "Bank of England" (and Merton elsewhere)
        return Cue("wrong_entity", of_another, "entity", overrules=True)
    lex = get_lexicon(lang)
    absent = {e for e in claim.entities - lex.honorifics if not _occurs(e, context, lang)}
    if absent:
        absent -= _abbreviated(claim.text, context) | _spelt_otherwise(claim.text, context, lex)
    if absent:
        # a unit that measures ("2 GB" where the context gives "2,048 MB"), or its scale ("25
        # degrees Celsius" where it gives "25°C"), is no name: the slot check compares the measures
        absent -= {word for n in claim_slots(claim.text, lang)[0] if n.measured and n.unit for word in n.unit.split()}
    if absent:
        named = ", ".join(repr(e) for e in sorted(absent))
        return Cue("wrong_entity", f"{named} does not occur in the context", "entity")
    if other_group := _said_of_another(claim, said, passages, lang):
        other, why = other_group
        return Cue("unsupported", why + _naming(other.text, window), "entity")
    if sentence.adds and (restricted := _restricts_as_all(claim, sentence, lang)):
        why = f"the claim restricts this ({restricted!r}) where the context adds to it ('not only ... but also')"
        return Cue("contradicted", why, "restriction")
    for other in said if not claim_negated else ():
        if alone := _restricts_against_all(claim, other, lang):
            return Cue("contradicted", alone + _naming(other.text, window), "restriction", overrules=True)
    for said_of_fewer in (few_said_of_most, at_any_time):
        # "most" where a clause says "a small number", "all year" where the sentence says when
        if found := said_of_fewer(claim, said, lang):
            other, why = found
            return Cue("contradicted", why + _naming(other.text, window), "restriction", overrules=True)
    if not claim_negated and not sentence_negated and (excepted := _excepted(claim, window.sentence, lang)):
        return Cue("contradicted", excepted, "restriction", overrules=True)
    if (
        claim_negated
        and sentence_negated
        and _names_exception(claim, window.sentence, lang)
        and next(_exceptions(claim.text, lang), None) is None  # not where the claim takes it out too
    ):
        # "Guide dogs are not allowed" denies what "Pets are not allowed, except guide dogs" leaves
        why = "the context denies this of all but what the claim speaks of, and the claim denies it of that too"
        return Cue("contradicted", why, "restriction", overrules=True)
    for amount_otherwise in (free_at_a_price, priced_where_free, share_otherwise, amount_in_words_otherwise):
        # "free" where a price is given, "all" where a share is: an amount the claim words otherwise
        if found := amount_otherwise(claim, said, lang):
            other, why = found
            return Cue("contradicted", why + _naming(other.text, window), "number", overrules=True)
    for word, scope in sentence.restriction_scopes:
        # a claim that restricts too ("just five" for "only five", however it stresses) keeps the
        # restriction; one saying more of what a clause after ", which" adds than of the restricting
        # clause speaks of that ("The flood extension costs 45 pounds" for "Flood damage is covered
        # only if you add the optional flood extension, which costs 45 pounds a year")
        if (
            scope - claim.content
            and not (claim.restriction_scopes or set(lex.restrictions).intersection(claim.tokens))
            and (word != SOLE or scope & claim.content)
            and not _of_the_added(claim, sentence.text, word, lang)
        ):
            why = f"the context restricts this ({word!r}) and the claim drops the restriction"
            return Cue("overclaim", why, "restriction")
    # all of a kind where the sentence saying most of the claim says it of some ("Premium customers")
    for features, aligned in parts if lang == "en" else ():
        if coverage(features, aligned) >= CUE_COVERAGE and (
            of_some := _all_of_some(features, aligned, lex) or _all_of_fewer(features, aligned, lex)
        ):
            return Cue("overclaim", of_some + _naming(aligned.text, window), "restriction")
    if overclaimed := overclaims(claim, sentence):
        return Cue("overclaim", overclaimed, "hedge")
    # the hedge may stand in another sentence of the window, the one saying most of what the claim
    # (each sentence of it) says, if it says at least half of it: "Yale University ." quoted, "Yale
    # has graduated many notable alumni" after it
    for features, aligned in parts:
        if coverage(features, aligned) >= CUE_COVERAGE and (overclaimed := overclaims(features, aligned)):
            return Cue("overclaim", overclaimed + _naming(aligned.text, window), "hedge")
    return None


_NEGATION_REACH = 3
"""How many words after its pronoun subject a negation may stand ("It does not cover")."""


def _refused(claim: TextFeatures, sentence: TextFeatures, lex: Lexicon) -> str | None:
    """Why ``sentence`` says what the claim says was done was refused or failed: a word of the
    lexicon's ``refusal_words`` and "to" before the claim's verb ("The senator refused to endorse
    the bill" for "The senator endorsed the bill"), where the claim has none of those words; ``None``
    if not."""
    if not lex.refusal_words or lex.refusal_words & set(claim.tokens):
        return None
    theirs = sentence.tokens
    for k in range(len(theirs) - 2):
        if theirs[k] in lex.refusal_words and theirs[k + 1] == "to" and stem(theirs[k + 2], lex) in claim.content:
            return f"the context says it {theirs[k]} to {theirs[k + 2]} where the claim says it did"
    return None


_DENYING_OPENERS = frozenset({"neither", "no", "none", "nobody", "nothing"})
"""Negations that open a sentence denying what follows of everything it speaks of: "Neither plan
covers ...", "No refunds are given ..." (English; not "Without a receipt, ...", "Never ...")."""
_ANSWER = re.compile(r"\s*\w+\s*[,.!]")
"""A first word set off by a comma or a stop: an answer ("No, the store is open"), no determiner."""


def _denied_after(
    claim: TextFeatures, quoted: TextFeatures, said: list[TextFeatures], lang: Lang
) -> TextFeatures | None:
    """A sentence of the window that refers back with a pronoun and denies what the claim adds to
    the quoted sentence: "It does not cover damage caused by accidents, misuse or water" beside
    "The warranty covers manufacturing defects for 2 years" for "The warranty covers water
    damage". It must open with a pronoun subject (the lexicon's ``subject_pronouns``) and its
    negation (:data:`_NEGATION_REACH`), or with a negation, which denies it of all that the sentences
    before speak of ("Neither plan covers cosmetic surgery" beside "The Silver plan covers 70% of
    hospital costs and the Gold plan covers 90%" for "The Gold plan covers cosmetic surgery"); hold a
    word of the claim the quoted sentence lacks, and say half the claim (:data:`CUE_COVERAGE`)."""
    added = claim.content - quoted.content
    lex = get_lexicon(lang)
    for other in said:
        tokens = other.tokens
        if not added or other.text == quoted.text or not tokens:
            continue
        if (
            tokens[0] in _DENYING_OPENERS
            and not _ANSWER.match(other.text)
            and not _opens_with_title(other.text, claim.text, lang)  # "No Strings Attached (film)"
        ):
            denies = True
        elif tokens[0] in lex.subject_pronouns:
            denies = any(t in lex.negations for t in tokens[1 : 1 + _NEGATION_REACH])
        else:
            continue
        if denies and added & other.content and coverage(claim, other) >= CUE_COVERAGE:
            return other
    return None


_BOUNDED_BY = re.compile(r"\b(within|before|under|after|beyond|over)\s+(\d[\d,.]*\d|\d)", re.IGNORECASE)
"""A number after a word bounding it from below or above (English only): "within 30 days", "after 30 days"."""
_UP_TO = frozenset({"within", "before", "under"})


def _bounds_other_side(claim: str, sentence: str) -> bool:
    """``sentence`` gives a number of the claim bounded from the other side: "after 30 days" for
    "within 30 days", "before 2020" for "after 2020".

    >>> _bounds_other_side("Items can be returned within 30 days.", "Items cannot be returned after 30 days.")
    True
    >>> _bounds_other_side("Items can be returned within 30 days.", "Items cannot be returned within 30 days.")
    False
    """
    mine = {(m.group(2), m.group(1).lower() in _UP_TO) for m in _BOUNDED_BY.finditer(claim)}
    return any((m.group(2), m.group(1).lower() not in _UP_TO) in mine for m in _BOUNDED_BY.finditer(sentence))


def _denied_beside(
    claim: TextFeatures, quoted: TextFeatures, said: list[TextFeatures], lang: Lang
) -> tuple[TextFeatures, str] | None:
    """A sentence of the window beside the quoted one that holds every word the claim adds to it and
    negates what the claim says, word for word (:func:`_negation_moved`), and why: "Sale items cannot
    be refunded" beside "Refunds are available within 14 days of purchase" for "Sale items can be
    refunded within 14 days". One stating a number of the claim bounds another case ("Items cannot be
    returned after 30 days" beside "Returns are accepted within 30 days")."""
    added = claim.content - quoted.content
    for other in said:
        if not added or other.text == quoted.text or not added <= other.content or claim.numbers & other.numbers:
            continue
        if moved := _negation_moved(claim, other, lang):
            return other, moved
    return None


def _none_given(claim: TextFeatures, said: list[TextFeatures], lang: Lang) -> tuple[TextFeatures, str] | None:
    """A sentence of the window that gives none of what the claim gives a number of, and why: the
    words before its "none", "no" or "nothing" (the lexicon's ``nil_words``; or its "do not" and the
    verb after it) stand in the claim word for word, and the claim's phrase after them (up to an
    "and" or "or") holds a number, right after them or within :data:`_NONE_REACH` words where the
    words after the sentence's "no" name what the number is of, and holds those words: "Contractors
    get none", "Contractors do not get annual leave" for "Contractors get 25 days of annual leave";
    "Children under 5 pay nothing" for "Children under 5 pay $20"; "Interns receive no salary" for
    "Interns receive a salary of $50,000" (not "The hotel has no pool" for "The hotel has 200 rooms
    and a pool")."""
    lex = get_lexicon(lang)
    if claim.negated or not claim.numbers:
        return None
    mine = claim.tokens
    for other in said:
        for before, inflected, after in _nil_runs(other.tokens, lex):
            rest = analyze(" ".join(after), lang).content
            for width in range(len(before), 1, -1):
                run = before[-width:]
                if all(word in lex.stopwords for word in run):
                    break
                if not (at := _states(mine, run, inflected, lex)):
                    continue
                start = next(i for i in range(len(mine)) if mine[i : i + width] == at)
                if _other_number_before(before[:-width], mine[:start], lex):
                    break
                end = start + width
                phrase = _until_joined(mine[end:], lex)
                reach = _NONE_REACH if rest else 1
                number = next((k for k, token in enumerate(phrase[:reach]) if _is_number(token, lex)), None)
                if number is not None and rest <= analyze(" ".join(phrase), lang).content:
                    said_so = " ".join((*at, *phrase[: number + 2]))
                    return other, f'the context gives none where the claim says "{said_so}"'
                break
    return None


@lru_cache(maxsize=64)
def _variant_in_context(claim: str, passages: tuple[str, ...], lang: Lang) -> SlotFinding | None:
    """:func:`~faithcheck._pipeline.verify.modifiers.check_variants` over the sentences of the whole
    context, once a claim (each of its windows asks)."""
    return check_variants(claim, context_sentences(passages, lang), lang)


def _other_number_before(said: tuple[str, ...], mine: tuple[str, ...], lex: Lexicon) -> bool:
    """The sentence's words right before what it and the claim both state end with a number the
    claim's do not: its "none" is that number's case ("or 45 pounds a month with no contract" for
    "35 pounds a month with a 12-month contract")."""
    return bool(said) and _is_number(said[-1], lex) and (not mine or mine[-1] != said[-1])


_NONE_REACH = 4
"""How many words after the words a sentence gives none of the claim's number may stand, where the
sentence names what it gives none of ("receive no salary" for "receive a salary of $50,000")."""


_FROM_REACH = 4
"""How many tokens after a word of change its old value may open ("was extended by a month from")."""
_VALUE_WIDTH = 5
"""How many tokens the old value of a change may have ("March 1", "$5", "70 mph")."""


def _changed_from(claim: TextFeatures, said: list[TextFeatures], lang: Lang) -> tuple[TextFeatures, str] | None:
    """A sentence of the window that changes a value from the one the claim states to another, and
    why: "The deadline was extended from March 1 to April 15" for "The deadline is March 1", "The
    price was raised from $5 to $8" for "The price is $5". The old value holds a number or opens
    with a capital ("from Tuesday to Thursday"); the claim states it word for word, not the new one,
    and speaks of no change and not of the past (the lexicon's ``former_words``: "The deadline was
    March 1" holds)."""
    lex = get_lexicon(lang)
    mine = set(claim.tokens)
    if not lex.change_span or of_a_change(claim, lang):
        return None  # "The deadline was March 1", "Sales reached 5 million"
    source, target = lex.change_span
    for other in said:
        tokens = other.tokens
        for c in (k for k, token in enumerate(tokens) if token in lex.change_words):
            start = next((k for k in range(c + 1, min(len(tokens), c + 1 + _FROM_REACH)) if tokens[k] == source), None)
            if start is None:
                continue
            end = next(
                (k for k in range(start + 2, min(len(tokens), start + 2 + _VALUE_WIDTH)) if tokens[k] == target), None
            )
            if end is None:
                continue
            old, new = tokens[start + 1 : end], tokens[end + 1 : end + end - start]
            written = _written(old, other.text)
            # a value in its own time ("from $10 million in 2019 to ...") still holds then
            valued = written and (any(ch.isdigit() for ch in written) or written[0].isupper())
            valued = valued and not any(word in lex.stopwords for word in written.split())  # "May 5" is a value
            if valued and _states(claim.tokens, old, False, lex) and not (set(new) - set(old)) & mine:
                return (
                    other,
                    changed_from(written, _written(new, other.text) or " ".join(new)),
                )
    return None


def _written(tokens: tuple[str, ...], text: str) -> str:
    """``tokens`` as ``text`` writes them, a currency sign before them included ("$5"); empty if
    they are not found."""
    if not tokens:
        return ""
    found = re.search(f"[{CURRENCIES}]?" + r"\W+".join(re.escape(token) for token in tokens), text, re.IGNORECASE)
    return found.group() if found else ""


_SAID_OF = 2
"""The fewest words, one of them a content word, that a sentence must say word for word after
another subject than the claim's for :func:`_said_of_another`."""


_SUBJECT_WORDS = 2
"""The most words a subject of :func:`_said_of_another` may have ("Basic members"); the rest of the
claim must hold at least one content word or number for every this many of the claim's."""


def _said_of_another(
    claim: TextFeatures, said: list[TextFeatures], passages: tuple[str, ...], lang: Lang
) -> tuple[TextFeatures, str] | None:
    """A sentence of the window that says the rest of the claim word for word of another subject,
    where another sentence of the context opens with the claim's subject, and why: "Members get 10%
    off" for "Guests get 10% off" beside "Guests get no discount"; "Gold members get 20% off" for
    "Basic members get 20% off" beside "Basic members get no discount". The context speaks of the
    claim's subject apart: what it says of another is no support. The subjects are the words before
    the words both say to the end (the claim's, none of them in the sentence)."""
    lex = get_lexicon(lang)
    mine = claim.tokens
    referring = lex.determiners | lex.subject_pronouns | set(lex.anaphors)
    for other in [*said, *(analyze(part, lang) for s in said for part in _clauses(s.text))]:
        theirs = other.tokens
        shared = 0
        while shared < min(len(mine), len(theirs)) and mine[-1 - shared] == theirs[-1 - shared]:
            shared += 1
        subject, their_subject = mine[: len(mine) - shared], theirs[: len(theirs) - shared]
        rest = mine[len(mine) - shared :]
        own = {word for word in subject if word not in lex.stopwords}
        theirs_own = {word for word in their_subject if word not in lex.stopwords}
        if shared < _SAID_OF or all(word in lex.stopwords for word in rest) or not own or not theirs_own:
            continue
        # subjects of a word or two as written ("Full-time employees"), the sentence's no pronoun or
        # description that may refer to the claim's ("The carmaker said", "Today it is"), the rest of
        # the claim said word for word
        if (
            _words_written(claim.text, len(subject), lex) > _SUBJECT_WORDS
            or _words_written(other.text, len(their_subject)) > _SUBJECT_WORDS
            or referring & set(their_subject)
        ):
            continue
        if own & set(theirs) or len(claim.terms) > _SUBJECT_WORDS * len(analyze(" ".join(rest), lang).terms):
            continue
        opened = (
            part
            for passage in passages
            for sentence in sentences_of(passage, lang)
            for part in (sentence, *_clauses(sentence))
            if part != other.text and other.text not in part and _opens_with(analyze(part, lang).tokens, subject, lex)
        )
        if next(opened, None) is not None:
            theirs_said, mine_said = " ".join(their_subject), " ".join(subject)
            return other, f'the context says this of "{theirs_said}" and speaks of "{mine_said}" apart'
    return None


_CLAUSE_OF_ITS_OWN = re.compile(r"\s*;\s*|,\s+(?:while|whereas)\s+", re.IGNORECASE)
"""Where a sentence parts into clauses of subjects of their own: "Adults take 500 mg; children's
doses depend on body weight"."""


def _clauses(sentence: str) -> list[str]:
    """The clauses of ``sentence`` (:data:`_CLAUSE_OF_ITS_OWN`), where it has two or more; a bracket
    parts none ("Lisbon (Portuguese: Lisboa; Latin: ) is the capital")."""
    parts = clauses_outside_brackets(sentence, _CLAUSE_OF_ITS_OWN)
    return parts if len(parts) > 1 else []


def _words_written(text: str, tokens: int, lex: Lexicon | None = None) -> int:
    """How many words as written the first ``tokens`` tokens of ``text`` are, a compound of words
    joined by hyphens one ("Full-time employees": 2), stop words left out where ``lex`` is given."""
    words = seen = 0
    for written in _WRITTEN.finditer(text):
        if seen >= tokens:
            break
        parts = _TOKEN.findall(written.group())
        seen += len(parts)
        words += lex is None or any(part.lower() not in lex.stopwords for part in parts)
    return words


_WRITTEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)?(?:-[^\W_]+(?:['’][^\W_]+)?)*")
"""A word as written: a compound of words joined by hyphens is one ("full-time")."""


def _opens_with(tokens: tuple[str, ...], subject: tuple[str, ...], lex: Lexicon) -> bool:
    """``tokens`` open with the content words of ``subject`` (past the stop words of either; a
    possessive's ending left out: "children's doses" opens with "children")."""
    words = [word for word in subject if word not in lex.stopwords]
    opening = [without_possessive(token) for token in tokens[: len(subject) + 2] if token not in lex.stopwords]
    return bool(words) and opening[: len(words)] == words


def _nil_runs(tokens: tuple[str, ...], lex: Lexicon) -> list[tuple[tuple[str, ...], bool, tuple[str, ...]]]:
    """Each place where ``tokens`` give none of something: the tokens before it as a statement
    would have them, whether they may be inflected otherwise (after "do not", the verb alone), and
    the tokens after it."""
    runs = []
    for k, token in enumerate(tokens):
        if token in lex.nil_words:
            runs.append((tokens[:k], False, tokens[k + 1 :]))
        elif k + 1 < len(tokens) and (
            lex.negated_auxiliaries.get(token) in lex.do_support
            or (is_negation(token, lex) and k and tokens[k - 1] in lex.do_support)
        ):
            subject = tokens[:k] if token in lex.negated_auxiliaries else tokens[: k - 1]
            runs.append(((*subject, tokens[k + 1]), True, tokens[k + 2 :]))
    return runs


def _is_number(token: str, lex: Lexicon) -> bool:
    """``token`` is a number, in digits or a word ("25", "two")."""
    return token[:1].isdigit() or token in lex.number_words


def _until_joined(tokens: tuple[str, ...], lex: Lexicon) -> tuple[str, ...]:
    """``tokens`` up to the first that joins another phrase: "and", "or" (English; in another
    language, the whole of ``tokens``)."""
    joins = {"and", "or"} & lex.symmetric_words
    return tuple(takewhile(lambda token: token not in joins, tokens))


def _opposed_after(claim: TextFeatures, said: list[TextFeatures], lang: Lang) -> tuple[TextFeatures, str] | None:
    """A sentence of the window opening with a pronoun that says the opposite of the claim
    (:func:`_opposite`), and why, where the pronoun stands for the first word of the sentence
    before it, a word of the claim, and the two say half the claim (:data:`CUE_COVERAGE`): "It is
    closed on Mondays" after "The museum is open from 9 am to 5 pm, Tuesday to Sunday" for "The
    museum is open on Mondays"."""
    lex = get_lexicon(lang)
    for before, other in pairwise(said):
        if not other.tokens or other.tokens[0] not in lex.subject_pronouns or not claim.content:
            continue
        subject = analyze(next((t for t in before.tokens if t not in lex.stopwords), ""), lang).content
        stated = (other.content | subject) & claim.content
        referred = subject & claim.content and len(stated) >= CUE_COVERAGE * len(claim.content)
        if referred and (opposed := _opposite(claim, other, lang)):
            return other, opposed
    return None


def _naming(sentence: str, window: EvidenceWindow) -> str:
    """The words that name the sentence a cue was found in, when the verdict quotes another of the
    window (its best sentence)."""
    return "" if sentence == window.sentence else f" in {short_quote(sentence)}"


def _aligned(part: TextFeatures, said: list[TextFeatures]) -> TextFeatures:
    """The sentence of ``said`` sharing most content words and numbers with ``part``, then most
    numbers: "It is not approved for children under 6" says as much of "The drug is approved for
    children under 6" as "The drug is approved for children over 12" does, and its number too."""
    return max(said, key=lambda f: (len(f.terms & part.terms), len(f.numbers & part.numbers)))


def overclaims(claim: TextFeatures, sentence: TextFeatures) -> str | None:
    """Why ``claim`` says more than ``sentence``: it says "all", "always", "will" or "must" where
    the sentence hedges with a word the claim does not use ("many", "may", "can", "widely",
    "largely"); ``None`` if not."""
    stronger, weaker = claim.strong - sentence.strong, sentence.hedges - claim.hedges
    if not (stronger and weaker):
        return _more_of(claim, sentence)
    said, hedged = ", ".join(repr(w) for w in sorted(stronger)), ", ".join(repr(w) for w in sorted(weaker))
    return f"the claim says {said} where the context hedges ({hedged})"


def _more_of(claim: TextFeatures, sentence: TextFeatures) -> str | None:
    """Why ``claim`` says of more of a kind what ``sentence`` says of fewer: a word of
    :data:`_HOW_MANY` before a word that the sentence has after a lower one ("Most patients reported
    fatigue" for "Some patients reported fatigue"); ``None`` if not."""
    theirs = {(word, after) for word, after in pairwise(sentence.tokens) if word in _HOW_MANY}
    for word, after in pairwise(claim.tokens):
        lower = [other for other, said in theirs if said == after and _HOW_MANY[other] < _HOW_MANY.get(word, 0)]
        if lower and not any(said == after and other == word for other, said in theirs):
            return f"the claim says {word!r} where the context says {lower[0]!r} ({lower[0]} {after})"
    return None


_HOW_MANY = {"few": 1, "some": 1, "many": 2, "most": 3}
"""English words of how many of a kind, by how many they say; "several" is none of them, as many as
"many", "a few" or "some" ("descended from many peoples" for "from several peoples", "several
decades" for "a few decades": originals of the larger training run)."""


def _all_of_some(claim: TextFeatures, sentence: TextFeatures, lex: Lexicon) -> str | None:
    """Why ``claim`` says of all of a kind what ``sentence`` says of some of it: the claim opens with
    a word of the lexicon's ``all_words`` and the kind (up to :data:`_KIND_WORDS` words: "All
    customers"), the sentence opens with a word or two of its own before the kind's last word
    ("Premium customers": no number, no word of the claim nor of ``all_words``), and both say the
    same words after it up to a content word ("get a reply within 2 hours" for "All customers get a
    reply within 2 hours"); ``None`` if not (English word order). Elsewhere in the claim "all" or
    "each" qualifies something else ("of all time", "after each round").

    >>> claim, sentence = analyze("All customers get a reply."), analyze("Full-time customers get a reply.")
    >>> _all_of_some(claim, sentence, get_lexicon("en"))
    'the claim says this of all customers, the context of full-time customers'
    >>> _all_of_some(analyze("Every guest gets a map."), analyze("Every hotel guest gets a map."), get_lexicon("en"))
    """
    tokens, theirs = claim.tokens, sentence.tokens
    if not tokens or tokens[0] not in lex.all_words:
        return None
    kind = list(takewhile(lambda t: t not in lex.stopwords, dropwhile(lex.determiners.__contains__, tokens[1:])))
    if not kind or len(kind) > _KIND_WORDS:
        return None
    end = tokens.index(kind[-1], 1) + 1
    # the words after the kind up to a content word: what the claim says of it (none where the kind
    # ends the claim: "Are Francoa and Echium both plants?")
    after = list(tokens[end : end + 1 + sum(1 for _ in takewhile(lex.stopwords.__contains__, tokens[end:]))])
    opening = sum(1 for _ in takewhile(lex.determiners.__contains__, theirs))
    for at in range(opening + 1, min(len(theirs), opening + 1 + _KIND_WORDS)):
        own = theirs[opening:at]
        if (
            after
            and stem(theirs[at], lex) == stem(kind[-1], lex)
            and list(theirs[at + 1 : at + 1 + len(after)]) == after
            and not any(
                t in lex.stopwords or t in lex.all_words or t in lex.number_words or t[0].isdigit() for t in own
            )
            and all(stem(t, lex) not in claim.content for t in own)
        ):
            written = re.search(r"[\s-]+".join(map(re.escape, theirs[opening : at + 1])), sentence.text, re.I)
            some = written.group().lower() if written else " ".join(theirs[opening : at + 1])
            return f"the claim says this of {tokens[0]} {kind[-1]}, the context of {some}"
    return None


_KIND_WORDS = 2
"""The most words of a kind after "all" that :func:`_all_of_some` reads ("All new customers"), and
of the words the sentence has of its own before it ("Full-time customers")."""


def _all_of_fewer(claim: TextFeatures, sentence: TextFeatures, lex: Lexicon) -> str | None:
    """Why ``claim`` says of all (or none) of a kind what ``sentence`` says of all (or none) of a
    narrower kind: after the same word of the lexicon's ``all_words`` or ``nil_words`` ("all",
    "every", "no") and its article, the sentence has a word or two of its own that restrict the kind
    (:func:`_restricting`: "All domestic flights", "Every full-time employee", "No EU citizens")
    before the words the claim has after it ("flights were cancelled"), or has them with no such word
    after the claim's two words before it ("by 89% in high-risk adults" for "by 89% in all adults"),
    or has the kind narrowed after it (:func:`_narrowed_after`: "orders over $50" for "all orders"),
    where a claim opening with "all" may stand against a sentence opening with its kind ("Orders over
    50 pounds ship free" for "All orders ship free"); ``None`` if not. All of a kind says more than
    all of a part of it, and none of a kind more than none of a part ("No domestic flights were
    cancelled" leaves the others). A number is no narrower kind ("All 40 patients"), nor a noun
    before the kind ("Every hotel guest": which guests are not the hotel's?).

    >>> claim = analyze("All flights were cancelled on Monday.")
    >>> _all_of_fewer(claim, analyze("All domestic flights were cancelled on Monday."), get_lexicon("en"))
    'the claim says this of all flights, the context of all domestic flights'
    >>> _all_of_fewer(claim, analyze("All 40 flights were cancelled on Monday."), get_lexicon("en"))
    """
    tokens, theirs = claim.tokens, sentence.tokens
    quantifiers = lex.all_words | lex.nil_words
    for at, word in enumerate(tokens):
        if word not in quantifiers:
            continue
        before_kind = list(takewhile(lex.determiners.__contains__, tokens[at + 1 :]))
        kind = list(tokens[at + 1 + len(before_kind) : at + 1 + len(before_kind) + _KIND_WORDS])
        before = list(tokens[max(0, at - _KIND_WORDS) : at])
        narrowed_too = tokens[at + 1 : at + 2] and tokens[at + 1] in _NARROWING_AFTER  # "everyone over 65"
        if word in _EVERYONE and not narrowed_too and (group := _group_of(before, sentence, lex)):
            return f"the claim says this of {word}, the context of {group}"
        if not kind:
            continue
        for there, same in enumerate(theirs):
            # the sentence's own "all" ("All domestic flights"), or none after the claim's words
            # before it ("by 89% in high-risk adults" for "by 89% in all adults")
            if same == word:
                said, start = f"{word} ", there + 1
            elif len(before) == _KIND_WORDS and list(theirs[there - len(before) : there]) == before:
                said, start = "", there
            elif at == 0 and there == 0 and word in lex.all_words:
                said, start = "", 0  # "All orders ship free" against "Orders over 50 pounds ship free"
            else:
                continue
            opening = start + sum(1 for _ in takewhile(lex.determiners.__contains__, theirs[start:]))
            if narrowed := _narrowed_after(tokens, at + 1 + len(before_kind), theirs, opening, sentence.text):
                return f"the claim says this of {word} {kind[0]}, the context of {said}{narrowed}"
            for own_words in range(1, _KIND_WORDS + 1):
                own = theirs[opening : opening + own_words]
                after = theirs[opening + own_words : opening + own_words + len(kind)]
                if list(after) == kind and _restricting(own, sentence.text, claim, lex):
                    written = re.search(r"[\s-]+".join(map(re.escape, own)), sentence.text, re.I)
                    narrower = written.group().lower() if written else " ".join(own)
                    return f"the claim says this of {word} {kind[0]}, the context of {said}{narrower} {kind[0]}"
    return None


def _group_of(before: Sequence[str], sentence: TextFeatures, lex: Lexicon) -> str | None:
    """The group of people narrowed after it (:data:`_NARROWING_AFTER`) that ``sentence`` has after
    the words ``before`` a word of :data:`_EVERYONE` in the claim ("people over 65" of "a booster is
    recommended for people over 65", for "recommended for everyone"), or ``None``."""
    theirs = sentence.tokens
    if len(before) < _KIND_WORDS:
        return None
    for there in range(len(before), len(theirs) - 1):
        if list(theirs[there - len(before) : there]) != list(before):
            continue
        opening = there + sum(1 for _ in takewhile(lex.determiners.__contains__, theirs[there:]))
        kind_word = opening + 1 < len(theirs) and theirs[opening] not in lex.stopwords | _EVERYONE
        if kind_word and (narrowed := _narrowed_after(theirs, opening, theirs, opening, sentence.text, alone=True)):
            return narrowed
    return None


_EVERYONE = frozenset(["everyone", "everybody", "anyone", "anybody"])
"""Words of all people, which the claim says where the context names a group ("for everyone" for "for
people over 65")."""


def _narrowed_after(
    mine: Sequence[str], head: int, theirs: Sequence[str], there: int, text: str, *, alone: bool = False
) -> str | None:
    """The words after the kind that ``theirs`` (the tokens of ``text``) has at ``there`` and ``mine``
    at ``head`` where they narrow it in ``theirs`` alone (a word of :data:`_NARROWING_AFTER`, or a
    participle after a plural, and what follows up to the clause's end: "companies with more than 250
    employees" for "all companies", "guests booking directly" for "all guests"),
    or ``None``; ``alone``: whatever ``mine`` says (it names no kind: "everyone")."""
    kind = mine[head]
    if there + 1 >= len(theirs) or theirs[there] != kind:
        return None
    narrowing_word = theirs[there + 1]
    if narrowing_word not in _NARROWING_AFTER and not (_plural(kind) and _narrowing_participle(narrowing_word, text)):
        return None
    narrowing = tuple(theirs[there + 1 : there + 3])
    if not alone and (
        mine[head + 1 : head + 2] == theirs[there + 1 : there + 2]
        or any(tuple(mine[k : k + len(narrowing)]) == narrowing for k in range(head + 2, len(mine)))
    ):
        return None  # the claim narrows it the same way, maybe past a verb ("no band may be below 6.0")
    written = re.search(rf"\b{re.escape(kind)}\s+{re.escape(theirs[there + 1])}\b[^,;.]*", text, re.IGNORECASE)
    return written.group().strip().lower() if written else None


def _narrowing_participle(word: str, text: str) -> bool:
    """``word`` (a token after a plural noun: :func:`_narrowed_after`) is a participle in -ing that
    ``text`` writes in lower case, narrowing the noun ("guests booking directly", "customers paying by
    card"); not "during", "including"."""
    return (
        len(word) > _PARTICIPLE_LENGTH
        and word.endswith("ing")
        and word not in _NOT_PARTICIPLES
        and re.search(rf"(?<![\w-]){re.escape(word)}\b", text) is not None
    )


def _plural(word: str) -> bool:
    """``word`` is an English plural noun by its ending or one of :data:`_PLURALS` ("guests", "people";
    not "appear" of "all appear discussing")."""
    return word in _PLURALS or (word.endswith("s") and not word.endswith("ss"))


_PLURALS = frozenset({"people", "children", "men", "women", "staff"})
"""English plurals without an -s."""
_PARTICIPLE_LENGTH = 5
"""Letters a participle in -ing has more than ("being" has none of its own to narrow by)."""
_NOT_PARTICIPLES = frozenset({"during", "including", "according", "regarding", "concerning", "following", "excluding"})
"""Words in -ing that are prepositions."""


_NARROWING_AFTER = frozenset(
    ["with", "over", "under", "above", "below", "aged", "who", "that", "whose", "earning", "exceeding"]
)
"""Words after a kind that narrow it to some of it ("orders over $50", "companies with more than 250
employees", "people aged 12 and over")."""


_ADJECTIVE_ENDINGS = (
    "al", "ic", "ive", "ous", "ful", "less", "able", "ible", "ary", "ed", "ing", "ern", "ish", "ian", "ese",
)  # fmt: skip
"""How an English adjective or participle ends ("domestic", "international", "registered",
"existing", "eligible", "northern"), which a noun before a noun seldom does ("hotel guest")."""


def _restricting(own: Sequence[str], text: str, claim: TextFeatures, lex: Lexicon) -> bool:
    """``own`` (words of the sentence ``text``) restrict the kind after them: none is a stop word or a
    number, not all are words of the claim ("high-risk" may be, of "the risk of"); each is written
    with a hyphen ("full-time"), in capitals ("EU", "Apple") or ends as an adjective does
    (:data:`_ADJECTIVE_ENDINGS`)."""
    if any(t in lex.stopwords or _is_number(t, lex) for t in own) or all(stem(t, lex) in claim.content for t in own):
        return False
    written = re.search(r"\b" + r"[\s-]+".join(map(re.escape, own)) + r"\b", text, re.I)
    if written is None:
        return False
    words = written.group()
    return "-" in words or all(w[0].isupper() or w.lower().endswith(_ADJECTIVE_ENDINGS) for w in words.split())


_TOKEN = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
"""A word or a number of a text."""
_CLAUSE_BREAK = re.compile(r"[,;:]|\s[-\u2013\u2014]\s")


def _turned(claim: TextFeatures, sentence: TextFeatures, lang: Lang) -> str | None:
    """Why ``sentence`` has a change of the claim go the other way, or ``None``: both hold a
    number, and the sentence has the claim's number of a change go the other way ("fell 19%"
    against "rose 19%", though it has another value fall), or the claim words its change one way
    only ("grew", "rose") and the sentence the other way only ("fell"). A sentence with both ways
    ("revenue grew as costs fell") decides nothing of a number it does not give a way.

    >>> _turned(analyze("Revenue fell in 2023."), analyze("Revenue grew 12% to $4.2 billion in 2023."), "en")
    "the claim has it go down ('fell') where the context has it go up ('grew')"
    >>> _turned(analyze("Costs fell 3%."), analyze("Revenue grew 12% while costs fell 3%."), "en") is None
    True
    >>> _turned(analyze("Revenue fell 12%."), analyze("Revenue grew 12% while costs fell 3%."), "en")
    "the claim has 12% go down ('fell') where the context has it go up ('grew')"
    >>> _turned(analyze("Revenue rose 1%."), analyze("Revenue was $89.5 billion, down 1% year over year."), "en")
    "the claim has 1% go up ('rose') where the context has it go down ('down')"
    """
    if not (claim.numbers and sentence.numbers):
        return None
    if turned := _number_turned(claim, sentence, lang):
        return turned
    directions = get_lexicon(lang).directions
    said = {t: directions[t] for t in claim.tokens if t in directions}
    given_ways = {t: directions[t] for t in sentence.tokens if t in directions}
    if (
        len(set(said.values())) != 1
        or len(set(given_ways.values())) != 1
        or set(said.values()) == set(given_ways.values())
    ):
        return None
    (way,), (other,) = set(said.values()), set(given_ways.values())
    words, others = ", ".join(repr(t) for t in said), ", ".join(repr(t) for t in given_ways)
    return f"the claim has it go {way} ({words}) where the context has it go {other} ({others})"


def _stayed(claim: TextFeatures, sentence: TextFeatures, lang: Lang) -> str | None:
    """Why ``sentence`` has a value stay as it was where the claim has it change, or change where
    the claim has it stay (:func:`_steadiness`): "The Federal Reserve raised interest rates" against
    "The Federal Reserve held interest rates steady", "Unemployment stayed at 3.9%" against
    "Unemployment fell to 3.9%"; ``None`` if not. A text that says both ("raised its rate to 5.25% in
    May after holding it at 5% in April") decides nothing, nor one whose change or staying is said
    of other things (:func:`_said_of`: "The vaccine must be kept at 2-8 °C" says nothing of "its
    effectiveness decreases at room temperature", "a decrease in gasoline prices" nothing of "prices
    held approximately steady").

    >>> _stayed(analyze("The Fed raised rates."), analyze("The Fed held rates steady at 5.25%."), "en")
    "the claim has it change ('raised') where the context has it stay as it was ('held rates steady')"
    >>> _stayed(analyze("Unemployment stayed at 3.9%."), analyze("Unemployment fell to 3.9%."), "en")
    "the claim has it stay as it was ('stayed at') where the context has it change ('fell')"
    >>> _stayed(analyze("Costs rose."), analyze("Revenue rose while costs remained flat."), "en")
    "the claim has it change ('rose') where the context has it stay as it was ('remained flat')"
    >>> _stayed(analyze("It raised its rate."), analyze("It raised its rate after holding it at 5%."), "en") is None
    True
    """
    lex = get_lexicon(lang)
    if not lex.steady_words:
        return None
    changes = lex.change_words | lex.directions.keys()
    changed = [k for k, t in enumerate(claim.tokens) if t in changes]
    kept = _steadiness(claim.tokens, lex)
    if not (changed or kept):
        return None  # most claims: neither a change nor a staying to read the sentence for
    parts = [analyze(part, lang) for part in _CLAUSES_OR_BUT.split(sentence.text)] if lang == "en" else []
    if len(parts) > 1:
        # the clause saying most of the claim: "The Bank of England held its rate at 5.25%, while the
        # European Central Bank cut its rate" says both, each of another bank; "kept its speed limit
        # at 30 km/h in residential areas but raised it to 60 km/h on the ring road", each of a road
        # (of two as near, the one holding the claim's first word: "Costs rose" of "costs remained flat")
        first = next((stem(t, lex) for t in claim.tokens if t not in lex.stopwords and not _is_number(t, lex)), None)
        sentence = max(parts, key=lambda part: (len(part.terms & claim.terms), first in part.content))
    changing = [k for k, t in enumerate(sentence.tokens) if t in changes]
    keeping = _steadiness(sentence.tokens, lex)
    if (
        changed
        and not kept
        and keeping
        and not changing
        and any(
            _said_of(claim.tokens, k, lex) & _said_of(sentence.tokens, keeping[0], lex, alone=keeping[2])
            for k in changed
        )
    ):
        said = ", ".join(repr(claim.tokens[k]) for k in changed)
        return f"the claim has it change ({said}) where the context has it stay as it was ({keeping[1]!r})"
    if (
        kept
        and not changed
        and changing
        and not keeping
        and any(
            _said_of(claim.tokens, kept[0], lex, alone=kept[2]) & _said_of(sentence.tokens, k, lex) for k in changing
        )
    ):
        given = ", ".join(repr(sentence.tokens[k]) for k in changing)
        return f"the claim has it stay as it was ({kept[1]!r}) where the context has it change ({given})"
    return None


_CLAUSES_OR_BUT = re.compile(CLAUSES_OR_BUT, re.IGNORECASE)


def _said_of(tokens: Sequence[str], at: int, lex: Lexicon, *, alone: bool = False) -> set[str]:
    """What the change or the staying at ``tokens[at]`` is said of: the stems of the words nearest
    before and after it, past stop words and numbers ("Unemployment has fallen", "raised its base
    rate", "Rates were left unchanged"); for a word ``alone`` (:func:`_steadiness`), all those before
    it too ("a dividend of 40 cents a share, unchanged from last quarter")."""
    words = [t for t in reversed(tokens[:at]) if t not in lex.stopwords and not _is_number(t, lex)]
    words = words if alone else words[:1]
    words += [t for t in tokens[at + 1 :] if t not in lex.stopwords and not _is_number(t, lex)][:1]
    return {stem(t, lex) for t in words}


def _steadiness(tokens: Sequence[str], lex: Lexicon) -> tuple[int, str, bool] | None:
    """Where in ``tokens`` words say a value stayed as it was, the words, and whether they are a word
    alone; ``None`` if none: a verb of the lexicon's ``steady_verbs`` and, in the few words after it
    (:data:`_STEADY_REACH`), a word of ``steady_after`` ("remained stable"; "kept its rate at 5%",
    where a stop word of it stands before a number) or of ``steady_words`` ("held rates steady"); an
    auxiliary and, right after it, a word of ``steady_after`` that is no stop word ("was flat");
    else a word of ``steady_words`` alone ("unchanged", "on hold")."""
    for at, verb in enumerate(tokens):
        if verb in lex.steady_verbs:
            for end in range(at + 1, min(len(tokens), at + 1 + _STEADY_REACH)):
                word = tokens[end]
                if word in lex.steady_words or (
                    word in lex.steady_after
                    and (word not in lex.stopwords or (end + 1 < len(tokens) and _is_number(tokens[end + 1], lex)))
                ):
                    return at, " ".join(tokens[at : end + 1]), False
        elif verb in lex.auxiliaries and at + 1 < len(tokens):
            after = tokens[at + 1]
            if after in lex.steady_after and after not in lex.stopwords:
                return at, f"{verb} {after}", False
    for word in lex.steady_words:
        words = word.split()
        for at in range(len(tokens) - len(words) + 1):
            if list(tokens[at : at + len(words)]) == words:
                return at, word, True
    return None


_STEADY_REACH = 5
"""How many words after a verb of ``steady_verbs`` the word saying how it stayed may stand ("kept
its base rate at")."""


def _number_turned(claim: TextFeatures, sentence: TextFeatures, lang: Lang) -> str | None:
    """Why ``sentence`` has a number of a change of the claim go the other way ("down 1%" for "rose
    1%"), or ``None``."""
    lex = get_lexicon(lang)
    given_at = _changes(sentence.tokens, lex.directions, lex.direction_adverbs)
    for number, (word, way) in _changes(claim.tokens, lex.directions, lex.direction_adverbs).items():
        if number in given_at and (given := given_at[number])[1] != way:
            return f"the claim has {number} go {way} ({word!r}) where the context has it go {given[1]} ({given[0]!r})"
    return None


_CHANGE_REACH = 2
"""A number within this many tokens after a word of change is what changed ("rose 19%", "dropped by 5")."""


def _changes(
    tokens: tuple[str, ...], directions: dict[str, str], adverbs: dict[str, str]
) -> dict[str, tuple[str, str]]:
    """Each number (as written) that follows a word of change, to that word and its direction;
    right after a direction adverb too ("down 1%", not "up to 4"), or right before one and "from"
    (the new value: "58.2%, down from 64.1%")."""
    changes: dict[str, tuple[str, str]] = {}
    for i, token in enumerate(tokens):
        if token in directions:
            after = tokens[i + 1 : i + 1 + _CHANGE_REACH]
            if number := next((t for t in after if t[:1].isdigit()), None):
                changes.setdefault(number, (token, directions[token]))
        elif token in adverbs and i + 1 < len(tokens) and tokens[i + 1][:1].isdigit():
            changes.setdefault(tokens[i + 1], (token, adverbs[token]))
        elif token in adverbs and 0 < i < len(tokens) - 1 and tokens[i - 1][:1].isdigit() and tokens[i + 1] == "from":
            changes.setdefault(tokens[i - 1], (token, adverbs[token]))  # "58.2%, down from 64.1%"
    return changes


def _opposite(
    claim: TextFeatures, sentence: TextFeatures, lang: Lang, window: Sequence[TextFeatures] = ()
) -> str | None:
    """Why ``sentence`` says the opposite of ``claim``, or ``None``: it has, between the words the
    claim has around a word, a word of the opposite meaning (the lexicon's ``opposites``: "The
    library is closed on Sundays" for "The library is open on Sundays", "It removed the distutils
    module" for "... added the distutils module"), and nowhere the claim's own word between them. A
    sentence with the claim's word between other words must have the opposite between the same words
    on each side ("Check-in is after 3 pm and check-out is before 11 am" for "Check-in is before 3
    pm"). A negation right before either word is left to the negation cues ("is not open" is "is
    closed"). A word that a sentence of the ``window`` stating as much of the claim has between the
    same words, or beside the claim's content word beside it, is said there: "The summer timetable
    starts in June" beside "The winter timetable starts in October", "The north wing houses the
    modern art collection" beside "The south wing houses the ancient art collection" (not "Express
    shipping takes 2 business days" for "Express shipping takes 5 to 7 business days" beside
    "Standard shipping takes 5 to 7 ...": it states less of the claim). Adverbs of degree are passed
    over ("are very rare" for "are common"), the end of both sentences after the same two words flanks
    alike, and a clause of the sentence that has the claim's word and all its numbers says it ("while
    monthly subscribers pay 12 dollars a month" for "The monthly plan costs 12 dollars a month").

    >>> _opposite(analyze("The store is open on Sundays."), analyze("The store is closed on Sundays."), "en")
    'the context says "closed", the claim "open"'
    >>> opened = analyze("The store opened in 1990 and closed in 2005.")
    >>> _opposite(analyze("The store closed in 2005."), opened, "en") is None
    True
    """
    lex = get_lexicon(lang)
    opposites = opposite_words(lang)
    if not opposites:
        return None
    # an intensifier says how much, not what: "are very rare" stands where "are common" does
    mine = tuple(token for token in claim.tokens if token not in _INTENSIFIERS)
    theirs = tuple(token for token in sentence.tokens if token not in _INTENSIFIERS)
    stating = [other for other in window if len(other.terms & claim.terms) >= len(sentence.terms & claim.terms)]

    def flanks(tokens: tuple[str, ...], k: int) -> tuple[list[str], list[str]]:
        # two words on each side, or up to the nearest content word within four ("tablet in the
        # evening" for "tablet in the morning": "in the" alone flanks anything)
        start, end = max(0, k - 2), k + 3
        while start > max(0, k - _FLANK_REACH) and set(tokens[start:k]) <= lex.stopwords:
            start -= 1
        while end < min(len(tokens), k + 1 + _FLANK_REACH) and set(tokens[k + 1 : end]) <= lex.stopwords:
            end += 1
        return list(tokens[start:k]), list(tokens[k + 1 : end])

    numbers = [token for token in mine if token[:1].isdigit()]
    clauses = [analyze(clause, lang).tokens for clause in _CLAUSES_OR_BUT.split(sentence.text)] if numbers else []
    clauses = clauses if len(clauses) > 1 else []
    for i, word in enumerate(mine):
        if not (opposed := _opposites_of(word, lex, opposites)) or (i and is_negation(mine[i - 1], lex)):
            continue
        if any(word in clause and all(n in clause for n in numbers) for clause in clauses):
            # a clause with the claim's word gives the claim's numbers ("while monthly subscribers
            # pay 12 dollars a month" for "The monthly plan costs 12 dollars a month")
            continue
        before, after = flanks(mine, i)
        own = [k for k, token in enumerate(theirs) if token == word]
        if any(flanked_alike(before, after, *flanks(theirs, k), lex.stopwords) for k in own):
            continue
        if any(_said_beside(mine, i, other.tokens, lex.stopwords) for other in stating) or any(
            token == word and flanked_alike(before, after, *flanks(other.tokens, k), lex.stopwords)
            for other in stating
            for k, token in enumerate(other.tokens)
        ):
            continue
        for j, other in enumerate(theirs):
            if other in opposed and not (j and is_negation(theirs[j - 1], lex)):
                their_before, their_after = flanks(theirs, j)
                # a converse word, or one the sentence has too, may be said the other way round ("in
                # older compared with younger adults" for "in younger compared to older")
                each_side = word in lex.converse_words or bool(own)
                if each_side and _converse(mine[i + 1 :], theirs[:j], theirs[j + 1 :], lex):
                    continue
                # a word opening the claim has only the word after it to stand by ("Worn items can be
                # returned" for "... for unworn items with tags attached")
                opening = not (before or each_side) and after[:1] == their_after[:1] and after[0] not in lex.stopwords
                alike = flanked_alike(before, after, their_before, their_after, lex.stopwords, each_side=each_side)
                # ... or the words after a list's first member ("closed on Sundays and bank holidays"
                # for "open on bank holidays")
                listed = _past_first_listed(theirs, j, lex)
                alike = alike or (
                    listed is not None
                    and flanked_alike(before, after, their_before, listed, lex.stopwords, each_side=each_side)
                )
                # both ending their sentences after the same two words: "severe allergic reactions are
                # very rare." for "Severe allergic reactions are common." (not where the sentence has
                # the claim's word after the same word too: "free for members and costs 20 pounds
                # for non-members")
                said_alike = any(k and theirs[k - 1 : k] == tuple(before[-1:]) for k in own)
                ending = (
                    not (after or their_after or said_alike) and len(before) >= 2 and before[-2:] == their_before[-2:]
                )
                alike = alike or (ending and not set(before[-2:]) <= lex.stopwords)
                if opening or alike:
                    return f'the context says "{other}", the claim "{word}"'
    return None


def _past_first_listed(tokens: Sequence[str], at: int, lex: Lexicon) -> list[str] | None:
    """The two words after ``tokens[at]`` with the members of a list its stop words lead to left out
    but the last (a list joined by a word of the lexicon's ``list_words``): "on bank" of "closed on
    Sundays and bank holidays"; ``None`` where no list follows."""
    k = at + 1
    while k < len(tokens) and tokens[k] in lex.stopwords and tokens[k] not in lex.list_words:
        k += 1
    lead, m = list(tokens[at + 1 : k]), k + 1
    while m < len(tokens) and tokens[m] not in lex.stopwords:
        m += 1
    if k >= len(tokens) or m >= len(tokens) - 1 or tokens[m] not in lex.list_words:
        return None
    return [*lead, *tokens[m + 1 : m + 3]][:2]


_INTENSIFIERS = frozenset({"very", "extremely", "quite", "fairly", "relatively", "really", "highly"})
"""English adverbs of degree, passed over between a word and its flanks (:func:`_opposite`)."""


def _said_beside(tokens: tuple[str, ...], i: int, other: tuple[str, ...], stopwords: frozenset[str]) -> bool:
    """``other`` has ``tokens[i]`` right before or right after the content word it has there: "north
    wing" of "The north wing houses ..."."""
    pairs = set(pairwise(other))
    befores = [(tokens[i - 1], tokens[i])] if i and tokens[i - 1] not in stopwords else []
    afters = [(tokens[i], tokens[i + 1])] if i + 1 < len(tokens) and tokens[i + 1] not in stopwords else []
    return any(pair in pairs for pair in (*befores, *afters))


_FLANK_REACH = 4
"""Words :func:`_opposite` reads on each side of a word past stop words to a content word."""

_PREFIXED = 4
"""Letters a word needs for a prefix of the lexicon's ``opposite_prefixes`` to make its opposite."""


def _opposites_of(word: str, lex: Lexicon, opposites: dict[str, frozenset[str]]) -> frozenset[str]:
    """The words of the opposite meaning of ``word``: its ``opposites``, and itself with or without
    a prefix of ``opposite_prefixes`` ("unopened" of "opened", "limited" of "unlimited").

    >>> lex = get_lexicon("en")
    >>> sorted(_opposites_of("opened", lex, opposite_words("en")))
    ['closed', 'unopened']
    >>> sorted(_opposites_of("unlimited", lex, {}))
    ['limited']
    """
    unprefixed = {
        word[len(prefix) :]
        for prefix in lex.opposite_prefixes
        if word.startswith(prefix) and len(word) - len(prefix) >= _PREFIXED
    }
    prefixed = {prefix + word for prefix in lex.opposite_prefixes if len(word) >= _PREFIXED and not unprefixed}
    return opposites.get(word, frozenset()) | prefixed | unprefixed


def _converse(
    after: tuple[str, ...], their_before: tuple[str, ...], their_after: tuple[str, ...], lex: Lexicon
) -> bool:
    """The sentence says the other way round what the claim says around a word (of ``converse_words``,
    or one the sentence has too): a content word after the claim's ("before he left") stands before
    the sentence's opposite and not after it ("He left just moments after")."""

    def stems(tokens: tuple[str, ...]) -> set[str]:
        return {stem(token, lex) for token in tokens if token not in lex.stopwords}

    return bool(stems(after) & stems(their_before) - stems(their_after))


def _restricts_as_all(claim: TextFeatures, sentence: TextFeatures, lang: Lang) -> str | None:
    """The word of the claim's restriction ("only") where ``sentence`` says "not only ... but also"
    of words the restriction restricts: "The offer applies only to new customers" against "The
    offer applies not just to new customers but also to existing ones"; ``None`` otherwise."""
    additive = get_lexicon(lang).additive_words
    return next(
        (word for word, scope in claim.restriction_scopes if word in additive and scope & sentence.content),
        None,
    )


_ALONE_REST = 2
"""The fewest content words a claim said of one alone must say beside whom it restricts, for
:func:`_restricts_against_all` ("gets ... years ... updates")."""


def _restricts_against_all(claim: TextFeatures, sentence: TextFeatures, lang: Lang) -> str | None:
    """Why ``claim`` says of one alone what ``sentence`` says of all or both: a word of the lexicon's
    ``exclusive_words`` in the claim ("only"), one of its ``all_words`` in the sentence, or a list
    of the restricted word with another (:func:`_listed_with`), which restricts nothing and says the
    rest of the claim ("Only the Pixel 8 Pro gets seven years of OS updates" against "Both phones
    get seven years of OS updates"; "valid for new customers only" against "valid for new and
    existing customers"), or two things listed at a clause's end, one of them the claim's
    (:func:`_one_of_listed`: "online or by phone" for "can only be booked by phone"); ``None``
    otherwise."""
    lex = get_lexicon(lang)
    restricted = [(word, scope) for word, scope in claim.restriction_scopes if word in lex.exclusive_words | {SOLE}]
    said_of_all = next((token for token in sentence.tokens if token in lex.all_words), None)
    # the one the claim restricts it to is its scope and the names it gives ("Only the Pixel 8 Pro")
    alone = frozenset().union(*(scope for _, scope in restricted)) | capitalised_stems(claim.text, lang)
    if restricted and said_of_all is None:
        said_of_all = _listed_with(frozenset().union(*(scope for _, scope in restricted)), claim, sentence, lex)
    if restricted and said_of_all is None and (alternatives := _one_of_listed(claim, sentence, lex)):
        said_of_all, mine = alternatives
        alone = frozenset({mine})
    if not restricted or said_of_all is None or sentence.restriction_scopes or sentence.bounded:
        # a group bounded by a number may be the claim's ("All citizens over 18 can vote")
        return None
    rest = claim.content - alone
    if len(rest) < _ALONE_REST or not rest <= sentence.content | {stem(token, lex) for token in sentence.tokens}:
        return None
    return f"the claim says this of one alone ({restricted[0][0]!r}), the context of {said_of_all!r}"


_LISTED_READ = 6
"""Tokens after the claim's "only" read for what it restricts to (:func:`_one_of_listed`)."""


def _one_of_listed(claim: TextFeatures, sentence: TextFeatures, lex: Lexicon) -> tuple[str, str] | None:
    """The words of ``sentence`` ending a clause with two things listed, one of them a word the
    claim says after its word of ``exclusive_words`` and the other one it does not say ("online or
    by phone" for "can only be booked by phone", "iOS and Android" for "only available for iOS"),
    and the stem of the claim's; ``None`` if none."""
    tokens = claim.tokens
    at = next((k for k, token in enumerate(tokens) if token in lex.exclusive_words), None)
    if at is None:
        return None
    after = {stem(token, lex) for token in tokens[at + 1 : at + 1 + _LISTED_READ] if token not in lex.stopwords}
    for listed in _LISTED_PAIR.finditer(sentence.text):
        left, right = listed.group("left").lower(), listed.group("right").lower()
        between = listed.group("between").lower().split()
        if any(word not in lex.stopwords for word in between[:-1]):
            continue  # a clause of its own ("and closes in the evening"); "at the box office" is one thing
        for mine, other in ((left, right), (right, left)):
            if (
                stem(mine, lex) in after
                and stem(other, lex) not in claim.content
                and other not in lex.stopwords
                and not _is_number(other, lex)
            ):
                return listed.group().strip(" ,.;:!?").lower(), stem(mine, lex)
    return None


_LISTED_PAIR = re.compile(
    r"\b(?P<left>[^\W\d_]+)\s+(?:and|or|&)\s+(?P<between>(?:[^\W\d_]+\s+){0,3}?)(?P<right>[^\W\d_]+)\s*(?:[,.;:!?]|$)",
    re.IGNORECASE,
)
"""Two things listed at the end of a clause, maybe after a preposition or an article, the last of two
words at most: "online or by phone.", "iOS and Android.", "online and at the box office."."""


def _listed_with(scope: frozenset[str], claim: TextFeatures, sentence: TextFeatures, lex: Lexicon) -> str | None:
    """The words of ``sentence`` that list a word of the claim's restricted ``scope`` with another
    the claim does not say, before a word of the scope they both describe ("new and existing
    customers" for "new customers only"); ``None`` if none."""
    tokens = sentence.tokens
    for k in range(1, len(tokens) - 2):
        if tokens[k] not in lex.list_words or stem(tokens[k + 2], lex) not in scope:
            continue
        mine, other = stem(tokens[k - 1], lex), stem(tokens[k + 1], lex)
        if mine in scope and other not in claim.content and tokens[k + 1] not in lex.stopwords:
            return " ".join(tokens[k - 1 : k + 3])
    return None


def _exceptions(text: str, lang: Lang) -> Iterator[tuple[re.Match[str], str, list[str]]]:
    """Each word of the lexicon's ``exceptions`` (and ``instead_words``) in ``text``, with the rest of
    its clause and the content words right after it that it takes out ("Mondays" of "except on
    Mondays when it is closed", "main hall" of "instead of the main hall")."""
    lex = get_lexicon(lang)
    for word in sorted(lex.exceptions | lex.instead_words):
        at = re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE)
        if at is None:
            continue
        clause = _CLAUSE_BREAK.search(text, at.end())
        after = text[at.end() : clause.start() if clause else None]
        taken: list[str] = []
        for token in _TOKEN.findall(after):
            if token.lower() in lex.stopwords:
                if taken and word not in _CONDITIONS:
                    break
                continue
            taken.append(token)
        yield at, after, taken


def _of_the_added(claim: TextFeatures, text: str, word: str, lang: Lang) -> bool:
    """``claim`` states more of the clause after ", which" (or ", who") of ``text`` than of the clause
    holding the restriction ``word``: it speaks of what that clause adds of its antecedent, which
    the restriction does not restrict."""
    added = _ADDED_CLAUSE.search(text)
    if added is None or not re.search(rf"\b{re.escape(word)}\b", text[: added.start()], re.IGNORECASE):
        return False
    own = len(analyze(text[: added.start()], lang).content & claim.content)
    return len(analyze(added.group(), lang).content & claim.content) > own


_ADDED_CLAUSE = re.compile(r",\s+(?:which|who)\s+[^,;]*")
"""A clause that adds to its antecedent, after a comma ("..., which costs 45 pounds a year")."""
_CONDITIONS = frozenset({"unless"})
"""Exceptions that take out a case their whole clause states ("unless the item is faulty": the item,
faulty), not only the words right after them."""


def _excepted(claim: TextFeatures, text: str, lang: Lang) -> str | None:
    """Why ``claim`` says of a thing what the sentence ``text`` says of all but that thing: it names
    what a word of the lexicon's ``exceptions`` takes out (:func:`_exceptions`) and says nothing
    else than what the sentence says before that word ("The museum is open on Mondays" against "The
    museum is open daily from 9 am to 6 pm, except on Mondays when it is closed"); a claim saying a
    word of the exception's clause itself ("closed on Mondays") speaks of the exception, and one
    taking it out too ("open all year except Christmas Day") says what the sentence says."""
    takes_out = frozenset().union(
        *(analyze(" ".join(taken), lang).content for _, _, taken in _exceptions(claim.text, lang))
    )
    for at, after, taken in _exceptions(text, lang):
        excepted = analyze(" ".join(taken), lang).content
        said, taken_out = analyze(text[: at.start()], lang), analyze(after, lang)
        rest = claim.content - excepted
        if (
            excepted
            and excepted <= claim.content
            and rest
            and rest <= said.content
            and not rest & (taken_out.content - said.content)
            and not excepted & takes_out
        ):
            return f"the context takes out what the claim speaks of ({at.group().lower()} {' '.join(taken)!r})"
    return None


def _names_exception(claim: TextFeatures, text: str, lang: Lang) -> bool:
    """``claim`` names what an exception of ``text`` takes out, by its last two words ("assistance
    dogs" of "Pets are not allowed, except for registered assistance dogs"; "dogs" alone names no
    assistance dogs): what the sentence says before the exception is not said of it."""
    return any(
        taken and analyze(" ".join(taken[-2:]), lang).content <= claim.content
        for _, _, taken in _exceptions(text, lang)
    )


def _negates_opposite(negated: TextFeatures, other: TextFeatures, lang: Lang) -> bool:
    """Every negation of ``negated`` negates a word whose opposite ``other`` states (with no
    negation right before it), and which ``other`` does not state itself: "is not closed" says
    what "is open" says, no opposite of it."""
    lex = get_lexicon(lang)
    opposites = opposite_words(lang)
    stated = {t for k, t in enumerate(other.tokens) if not (k and is_negation(other.tokens[k - 1], lex))}
    return bool(negated.negations) and all(
        negation[-1] not in stated and opposites.get(negation[-1], frozenset()) & stated
        for negation in negated.negations
    )


_WITHOUT = frozenset({"without"})
"""English negations of what a thing is done without, not of the thing done (English only, as
:data:`_DENYING_OPENERS`, which the claim must open with, is)."""


def _only_without(sentence: TextFeatures, claim: TextFeatures, lang: Lang) -> bool:
    """``claim`` opens with a word that denies its subject (:data:`_DENYING_OPENERS`), and every
    negation of ``sentence`` is a word of :data:`_WITHOUT` of what the claim does not say:
    "Overpayments ... are allowed without penalty" negates no overpayment that "No overpayments are
    allowed" denies (but "wouldn't be out for long" is no denial of a subject)."""
    if not claim.tokens or claim.tokens[0] not in _DENYING_OPENERS:
        return False
    lex = get_lexicon(lang)
    theirs = {token for token in sentence.tokens if is_negation(token, lex)}
    negated = frozenset().union(*sentence.negates)
    return bool(theirs) and theirs <= _WITHOUT and not negated & claim.content


def _negation_moved(claim: TextFeatures, sentence: TextFeatures, lang: Lang) -> str | None:
    """Why two texts still say opposite things, or ``None``: one states without the negation what
    the other negates, word for word ("the arrests were made ..., but there is no threat" against
    "the arrests were not made ..., but there is no threat"; "has pleaded not guilty" against "has
    not pleaded not guilty"; "can be refunded" against "cannot be refunded"; "the Kingdom signed"
    against "the Kingdom did not sign"). Only the same words around the negation count: "unable to
    synthesize" states no "could synthesize"."""
    lex = get_lexicon(lang)
    for negation in claim.negations:
        for run, inflected in _unnegated(negation, lex):
            if (stated := _states(sentence.tokens, run, inflected, lex)) and not _said_both(sentence, negation, stated):
                return f'the context says "{_said(stated, lex)}", the claim "{_said(negation, lex)}"'
    for negation in sentence.negations:
        for run, inflected in _unnegated(negation, lex):
            if (stated := _states(claim.tokens, run, inflected, lex)) and not _said_both(sentence, negation, stated):
                return f'the context says "{_said(negation, lex)}", the claim "{_said(stated, lex)}"'
    return None


def _said_both(sentence: TextFeatures, negation: tuple[str, ...], stated: tuple[str, ...]) -> bool:
    """``sentence`` says both the negated and the stated run, of two things ("free for members and
    costs 20 pounds for non-members"): neither moves the other's negation."""
    tokens = sentence.tokens

    def has(run: tuple[str, ...]) -> bool:
        return any(tokens[i : i + len(run)] == run for i in range(len(tokens) - len(run) + 1))

    return has(negation) and has(stated)


def _said(tokens: tuple[str, ...], lex: Lexicon) -> str:
    """``tokens`` as a text writes them, a negating prefix joined to its word ("non-refundable")."""
    return "".join(token + ("-" if token in lex.negating_prefixes else " ") for token in tokens).strip(" -")


def _unnegated(negation: tuple[str, ...], lex: Lexicon) -> tuple[tuple[tuple[str, ...], bool], ...]:
    """What ``negation`` (of :attr:`TextFeatures.negations`) negates, as a text that states it
    holds it: its tokens in a row, and whether they may be inflected otherwise. After "do", the
    verb states it alone, inflected ("did not sign" is stated by "the Kingdom signed"), or with the
    "do" ("did sign").

    >>> lex = get_lexicon("en")
    >>> _unnegated(("software", "cannot", "be", "refunded"), lex)
    ((('software', 'can', 'be', 'refunded'), False),)
    >>> _unnegated(("kingdom", "did", "not", "sign"), lex)
    ((('kingdom', 'sign'), True), (('did', 'sign'), False))
    """
    if len(negation) > 3 and negation[1] in lex.do_support and is_negation(negation[2], lex):
        return ((negation[0], *negation[3:]), True), ((negation[1], *negation[3:]), False)
    before, word, *after = negation
    auxiliary = lex.negated_auxiliaries.get(word)
    if auxiliary in lex.do_support:
        return ((before, *after), True), ((before, auxiliary, *after), False)
    return (((before, *((auxiliary,) if auxiliary else ()), *after), False),)


def _states(tokens: tuple[str, ...], run: tuple[str, ...], inflected: bool, lex: Lexicon) -> tuple[str, ...]:
    """The tokens of ``tokens`` that state ``run``, one after another, with no negation right before
    them ("shouldn't be stigma" does not state "be stigma"), or none; ``inflected``: each as a word
    of the same stem ("signed" for "sign")."""
    if inflected:
        stems, wanted = tuple(stem(t, lex) for t in tokens), tuple(stem(t, lex) for t in run)
    else:
        stems, wanted = tokens, run
    for i in range(len(tokens) - len(run) + 1):
        if stems[i : i + len(run)] == wanted and not (i and is_negation(tokens[i - 1], lex)):
            return tokens[i : i + len(run)]
    return ()


_STEM_HEAD = 3
"""Letters two stems must share at least where one begins the other (:func:`_stems_meet`)."""


def _stems_meet(words: frozenset[str], others: frozenset[str]) -> bool:
    """A stem of ``words`` is one of ``others``, or begins one or is begun by one (of
    :data:`_STEM_HEAD` letters or more): the stemmer makes "buse" of "buses" and "bus" of "bus"."""
    return bool(words & others) or any(
        min(len(a), len(b)) >= _STEM_HEAD and (a.startswith(b) or b.startswith(a)) for a in words for b in others
    )


def _negates_about(sentence: str, claim: TextFeatures, lang: Lang) -> bool:
    """Whether a negation of ``sentence`` stands in a part of it that speaks of the claim: a part
    between commas, semicolons, colons or dashes, or in brackets, that shares a content word with
    the claim that no part without a negation has (a sentence of one part: any negation of it), and
    negates a word of the claim (:attr:`~faithcheck._text.analysis.TextFeatures.negates`, or nothing
    near it). A negation only in a part about something else ("..., Buenos Aires, which is not a
    province", "Returns are accepted within 30 days with a receipt, or within 14 days without one"
    for "Returns with a receipt are accepted within 30 days"), or of a word the claim does not say
    ("She will not delay the trial set for May" for "The trial is set for May"), does not negate
    what the rest of the sentence says of the claim.

    >>> claim = analyze("Argentina is subdivided into provinces.")
    >>> _negates_about("Argentina is subdivided into provinces, unlike Chile, which has none.", claim, "en")
    False
    >>> _negates_about("Argentina (not Chile) is not subdivided into provinces.", claim, "en")
    True
    >>> children = analyze("It is approved for children.")
    >>> _negates_about("The drug is approved for adults, but not for children.", children, "en")
    True
    >>> _negates_about("She will not delay the trial set for May.", analyze("The trial is set for May."), "en")
    False
    """
    bracketed = [m.group()[1:-1] for m in BRACKETED.finditer(sentence)]
    parts = [analyze(p, lang) for p in (*bracketed, *_CLAUSE_BREAK.split(BRACKETED.sub(" ", sentence))) if p.strip()]
    # a negation of a word the claim does not say negates something else: "no future blockades"
    # beside "maintaining Gaza's existing territorial borders", "will not delay the trial" for "The
    # trial is scheduled for May"
    negated = [
        features
        for features in parts
        if features.negated and any(not words or _stems_meet(words, claim.content) for words in features.negates)
    ]
    affirmed = frozenset().union(*(features.content for features in parts if not features.negated))
    about = any(features.content & claim.content - affirmed for features in negated)
    return (len(parts) <= 1 and bool(negated)) or about


_OPENING_PAIR = re.compile(r"\W*([^\W\d_]+(?:['’][^\W\d_]+)?)\s+([^\W\d_]{2,})")
"""A text's first two words (past any opening quote)."""


def _opens_with_title(text: str, other: str, lang: Lang) -> bool:
    """The only negation of ``text`` is its first word, opening a title that ``other`` (the
    context for a claim, the claim for a sentence of the context) names too: "No Country for Old
    Men is acclaimed" against "... included No Country for Old Men ..." (a title inside a sentence
    is no negation, :func:`~faithcheck._text.analysis.analyze`).

    >>> _opens_with_title("No Country for Old Men won.", "Critics chose No Country for Old Men.", "en")
    True
    >>> _opens_with_title("No Americans were hurt.", "Two Americans were hurt.", "en")
    False
    >>> _opens_with_title("Can't Touch This was a hit.", "He released Can't Touch This in 1990.", "en")
    True
    """
    pair = _OPENING_PAIR.match(text)
    if pair is None or not pair.group(2)[0].isupper():
        return False
    if not is_negation(pair.group(1).lower().replace("’", "'"), get_lexicon(lang)):
        return False
    return f"{pair.group(1)} {pair.group(2)}" in other and not analyze(text[pair.end(1) :], lang).negated


def _occurs(name: str, context: str, lang: Lang) -> bool:
    """The name, or a stem of 4+ letters of it ("Prizes" → "prize"), occurs in the context, as a
    word of its own (:func:`_within_words`); a possessive is no part of it ("the DOD's policy" names
    the "DOD"); a word of origin names its place ("African" for "Africa", "Japanese" for "Japan":
    the lexicon's ``origin_suffixes``); an abbreviated month beside a day names its month ("Feb. 9").

    >>> _occurs("african", "Libya is a country in North Africa.", "en"), _occurs("february", "on Feb. 9", "en")
    (True, True)
    """
    name = without_possessive(name)
    stems = analyze(name, lang).content
    if any(_within_words(word, context) for word in (name, *(stem for stem in stems if len(stem) >= 4))):
        return True
    context_lower = context.lower()
    abbreviations = [a for a, month in get_lexicon(lang).month_abbreviations.items() if month == name]
    if any(re.search(rf"\b{re.escape(a)}(?:\.|\s\d)", context_lower) for a in abbreviations):
        return True  # "Feb. 9" names February
    place = name[:-3] if name.endswith(get_lexicon(lang).origin_suffixes) else ""
    return len(place) >= 4 and re.search(r"\b" + re.escape(place), context_lower) is not None


def _within_words(name: str, context: str) -> bool:
    """The name (lower-cased) opens a word of the context (after a letter no more) and what follows
    it is an ending of up to :data:`_ENDING` letters ("prizes", "japanese", "architectural") or
    the rest of a name it shortens ("Stan" of "Stanislas"), no part of a compound ("Java" of
    "JavaScript"): "java" does not occur in "javascript", nor "ford" in "stanford". Digits are no
    letters ("gb" of "256GB", "azdo" of "AZDO5030"), and a name of fewer than
    :data:`_WORD_OF_ITS_OWN` letters may stand inside any word ("tv" of "MTV").

    >>> _within_words("java", "bindings for JavaScript"), _within_words("japan", "a Japanese firm")
    (False, True)
    >>> _within_words("stan", "Stanislas Wawrinka"), _within_words("arctic", "Antarctic ice")
    (True, False)
    >>> _within_words("gb", "the 256GB model"), _within_words("tv", "the MTV series")
    (True, True)
    """
    if len(name) < _WORD_OF_ITS_OWN:
        return name in context.lower()
    for m in re.finditer(rf"(?<![^\W\d_]){re.escape(name)}([^\W\d_]*)", context, re.IGNORECASE):
        rest = m.group(1)
        if len(rest) <= _ENDING or (m.group()[0].isupper() and rest.islower()):
            return True
    return False


_ENDING = 4
"""Letters an ending of a name may have: "architect" occurs in "architectural"."""
_WORD_OF_ITS_OWN = 4
"""Letters from which on a name is a word of its own, no part of a longer one (:func:`_within_words`)."""


_ACRONYM = re.compile(r"\b(?:[A-Z]\.){2,}|\b[A-Z]{2,6}\b")
_CAPITALISED = re.compile(r"\b[A-Z][\w'-]+")
"""A word written with a capital."""
_NAME_RUN = re.compile(r"[A-Z][\w'-]*(?:\s+(?:(?:of|and|for|the)\s+)?[A-Z][\w'-]*)+")
"""Two or more capitalised words, with "of", "and", "for" or "the" between them ("Bank of England")."""


def _abbreviated(claim: str, context: str) -> frozenset[str]:
    """The lower-cased words of the claim's names that the context abbreviates ("United States" for
    "U.S.") and the claim's abbreviations that spell a name of the context ("EPL" for "English
    Premier League"): none of them is absent from the context.

    >>> sorted(_abbreviated("He was born in the United States.", "He was born in the U.S. in 1950."))
    ['states', 'united']
    >>> sorted(_abbreviated("The FBI named him.", "The Federal Bureau of Investigation named him."))
    ['fbi']
    """
    context_acronyms = {m.group().replace(".", "").lower() for m in _ACRONYM.finditer(context)}
    context_initials = {initials for m in _NAME_RUN.finditer(context) for initials in _initials(m.group())}
    words = {
        word.lower()
        for m in _NAME_RUN.finditer(claim)
        if _initials(m.group()) & context_acronyms
        for word in m.group().split()
    }
    words |= {a for m in _ACRONYM.finditer(claim) if (a := m.group().replace(".", "").lower()) in context_initials}
    return frozenset(words)


def _spelt_otherwise(claim: str, context: str, lex: Lexicon) -> frozenset[str]:
    """The lower-cased words of the claim's names that a name of the context spells otherwise
    (:func:`~faithcheck._pipeline.verify.slots.spelt_as_one`) beside another word of the claim's
    name, or nearly alike: "Muammar Gaddafi" is "Muammar Qaddafi", "Fyodor Dostoyevsky" is "Fyodor
    Mikhailovich Dostoevsky", "Dostoyevsky" is "Dostoevsky"; "Maria Perez" is not "Maria Lopez", nor
    "Austria" "Australia".

    >>> sorted(_spelt_otherwise("Muammar Gaddafi ruled Libya.", "Muammar Qaddafi ruled it.", get_lexicon("en")))
    ['gaddafi']
    """
    runs = [
        [w.lower() for w in m.group().split() if w.lower() not in lex.determiners] for m in _NAME_RUN.finditer(context)
    ]
    capitalised = {m.group().lower() for m in _CAPITALISED.finditer(context)}
    words: set[str] = set()
    for word in {m.group().lower() for m in _CAPITALISED.finditer(claim)}:
        if any(spelt_as_one(word, other, alone=True) for other in capitalised - {word}):
            words.add(word)
    for m in _NAME_RUN.finditer(claim):
        mine = [w.lower() for w in m.group().split() if w.lower() not in lex.determiners]
        for word in mine:
            others = set(mine) - {word}
            if any(others & set(run) and any(spelt_as_one(word, w) for w in run if w != word) for run in runs):
                words.add(word)
    return frozenset(words)


def _initials(name: str) -> frozenset[str]:
    """The name's initials, with and without its first word (which may open a sentence: "The")."""
    letters = "".join(word[0] for word in name.split() if word[0].isupper()).lower()
    return frozenset({letters, letters[1:]} - {""})


def short_quote(sentence: str, limit: int = 100) -> str:
    """``sentence`` in quotes, cut to ``limit`` characters: an aligned sentence a reason names."""
    text = " ".join(sentence.split())
    return f'"{text if len(text) <= limit else text[: limit - 1].rstrip() + "…"}"'


_MAGNITUDES = ((1e12, "trillion"), (1e9, "billion"), (1e6, "million"))


def format_numbers(numbers: frozenset[float]) -> str:
    """The numbers as a reader writes them: a large one with its magnitude ("132 million", not
    "1.32e+08"), the rest as they are ("7000", "2019", "0.5").

    >>> format_numbers(frozenset({1.32e8, 2019.0, 0.5, 4.567e9}))
    '0.5, 2019, 132 million, 4.567 billion'
    """
    return ", ".join(_format_number(n) for n in sorted(numbers))


def _format_number(number: float) -> str:
    for size, word in _MAGNITUDES:
        if abs(number) >= size:
            return f"{number / size:.12g} {word}"
    return f"{number:.12g}"
