"""Words a sentence says of one thing, read as said of it: a head noun that the parts of a list of
numbers share ("120 single and 45 double rooms"), names listed before their verb ("Ada Brennan and
Mara Osei won"), an acronym that is written as a stop word ("the US"), a label letter ("Model A"),
a word the claim takes from another sentence that says the same of something else ("Maria Lopez
leads the oncology department" beside "Dr. James Okafor heads the oncology department"), a thing in
a kind the context qualifies the other way ("Liver damage is a common side effect" beside "Serious
side effects, such as liver damage, are rare"), and a sentence opening with a negation ("Neither plan
covers cosmetic surgery")."""

from __future__ import annotations

from functools import cache

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.conjuncts import conjuncts
from faithcheck._text.analysis import analyze

from .verdicts import assert_supported, assert_verdict

_ROOMS = "The hotel offers 120 single and 45 double rooms, all with free wifi."
_FLEET = "The fleet consists of 30 electric and 12 diesel buses."
_DOCTORS = "Dr. Maria Lopez leads the cardiology department. Dr. James Okafor heads the oncology department."
_PRIZE = "Ada Brennan and Mara Osei won the Lindqvist Prize in 2014 for their work on protein folding."
_SALES = "Sales in the US rose 3% in the quarter, while sales in Europe fell 2%."
_LAPTOPS = "Model A weighs 1.2 kg and costs $899. Model B weighs 1.6 kg and costs $1,199."
_PLANS = (
    "The Standard plan includes 2 TB of storage and email support. "
    "The Business plan includes 5 TB of storage and 24/7 phone support."
)
_WINES = "The red wine pairs well with lamb, while the white wine pairs well with fish."
_MEDALS = "She won a silver medal in the 200 metres and a bronze medal in the relay."
_SEASONS = "The first season was filmed in Belfast, and the second season in Dublin."
_PLANS_COVER = (
    "The Silver plan covers 70% of hospital costs and the Gold plan covers 90%. Neither plan covers cosmetic surgery."
)
_LEAFLET = "Common side effects include headache and nausea. Serious side effects, such as liver damage, are rare."
_STAFF = "Maria Silva joined the firm in 2015. She became chief executive in 2019. Tom Reed joined in 2017."
_WINGS = "The north wing houses the modern art collection. The south wing houses the ancient art collection."
_TIMETABLES = "The summer timetable starts in June. The winter timetable starts in October."


@cache
def _model() -> Faithfulness:
    return Faithfulness(verifier="model")


def test_the_head_noun_of_a_list_of_numbers_is_each_parts() -> None:
    [(first, own), (second, _)] = conjuncts(_ROOMS, [(17, 20), (32, 34)], [None, None], "en")
    assert (first, second) == (0, 1)
    assert "room" in own
    # a part ending with a word of its own shares nothing ("1,200 employees ... and 300 contractors")
    text = "The firm has 1,200 employees and 300 contractors in Ohio."
    [(_, own), _] = conjuncts(text, [(13, 18), (33, 36)], [None, None], "en")
    assert "contractor" not in own


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        # before, each was supported: the later part's noun was its own only
        (_ROOMS, "The hotel offers 45 single rooms.", "the context gives 120"),
        (_FLEET, "The fleet has 12 electric buses.", "the context gives 30"),
        (_SALES, "Sales in the US fell 2%.", "the context gives 3%"),
        (_LAPTOPS, "Model A weighs 1.6 kg.", "the context gives 1.2 kg, not 1.6 kg"),
        (_LAPTOPS, "Model A costs $1,199.", "the context gives $899, not $1,199"),
    ],
)
def test_a_number_said_of_another_thing_is_no_support(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, "contradicted", why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (_ROOMS, "The hotel offers 45 double rooms."),
        (_ROOMS, "The hotel offers 120 single rooms."),
        (_FLEET, "The fleet has 30 electric buses."),
        (_SALES, "Sales in the US rose 3%."),
        (_LAPTOPS, "Model B costs $1,199."),
        # before, wrong_entity: the name right before "won" was read as the only one who won
        (_PRIZE, "Ada Brennan won the Lindqvist Prize in 2014."),
        (_PRIZE, "Mara Osei won the Lindqvist Prize."),
        # before, "The context names UK here": the sentence naming the US states the price
        ("In the UK, the product costs £49. In the US, it sells for $59.", "In the US, the product costs $59."),
        # before, wrong_entity: a sentence stating part of it names another plan
        (_PLANS, "The Business plan includes phone support."),
        (_DOCTORS, "Maria Lopez leads the cardiology department."),
        (_WINES, "The white wine pairs well with fish."),
        (_MEDALS, "She won a bronze medal in the relay."),
        # the claim's place in a clause of its own: before, "the context names Belfast here"
        (_SEASONS, "The second season was filmed in Dublin."),
        (_PLANS_COVER, "The Gold plan covers 90% of hospital costs."),
        # an answer's "No," denies nothing of the plans
        (
            "The Gold plan covers 90% of hospital costs. No, the plan does not need a referral.",
            "The Gold plan covers 90% of hospital costs.",
        ),
        (_LEAFLET, "Nausea is a common side effect."),
        # the claim's word said of the thing somewhere
        (
            "Most patients tolerate the drug well. Dizziness is common in the first week but rare after that.",
            "Dizziness is a common side effect.",
        ),
        (_STAFF, "Maria Silva became chief executive in 2019."),
        (_STAFF, "Tom Reed joined in 2017."),
        # the pronoun's sentence names the claim's name before it: it may stand for it
        (
            "Tom Reed and Maria Silva joined the firm in 2015. He became chief executive in 2019.",
            "Tom Reed became chief executive in 2019.",
        ),
        # a listed thing that says nothing else is no other thing's
        ("The hotel has an indoor pool and an outdoor pool.", "The hotel has an outdoor pool."),
        (_MEDALS, "She won a silver medal in the 200 metres."),
        # a verb in the past may be said in other words ("followed")
        ("Our London office opened in 2012. The Paris office followed in 2016.", "The Paris office opened in 2016."),
        # a pronoun may stand for the claim's word: "Today it is" says it of Marseille
        (
            "Marseille was the third-largest city in France in 1900. Today it is the second-largest city in France.",
            "Marseille is the second-largest city in France.",
        ),
    ],
)
def test_the_claims_own_thing_supports_it(verifiers: dict[Lang, Faithfulness], context: str, claim: str) -> None:
    assert_supported(verifiers["en"], context, claim)


@pytest.mark.parametrize(
    ("context", "claim", "label"),
    [
        (_PRIZE, "Lena Fischer won the Lindqvist Prize in 2014.", "wrong_entity"),
        # before, each was supported: all of it but the one word stated, of the one it names
        (_DOCTORS, "Maria Lopez leads the oncology department.", "contradicted"),
        (_DOCTORS, "Dr. James Okafor heads the cardiology department.", "contradicted"),
        ("The left lane is for buses. The right lane is for bicycles.", "The right lane is for buses.", "contradicted"),
        # the sentence stating the rest opens with a pronoun that stands for the name before it
        (_STAFF, "Tom Reed became chief executive in 2019.", "wrong_entity"),
        # a thing in a kind the context qualifies the other way
        (_LEAFLET, "Liver damage is a common side effect.", "contradicted"),
        (_LEAFLET, "Nausea is a rare side effect.", "contradicted"),
        # a sentence opening with a negation denies it of every thing spoken of before
        (_PLANS_COVER, "The Gold plan covers cosmetic surgery.", "contradicted"),
        # the clauses of one sentence, as sentences
        (_WINES, "The white wine pairs well with lamb.", "contradicted"),
        (_WINES, "The red wine pairs well with fish.", "contradicted"),
        (_MEDALS, "She won a bronze medal in the 200 metres.", "contradicted"),
        (_SEASONS, "The second season was filmed in Belfast.", "contradicted"),
        # the claim's word ends the sentence, as the other's does
        (
            "Spring is the best time to see the gardens, and autumn is the best time to see the vineyards.",
            "Spring is the best time to see the vineyards.",
            "contradicted",
        ),
        # a label letter is a word of the claim, but no rest of it that a sentence of another states
        (
            "Group A includes Brazil, Spain and Japan. Group B includes France, Mexico and Ghana.",
            "Mexico is in Group A.",
            "contradicted",
        ),
    ],
)
def test_a_word_taken_from_another_sentence(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, label: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, label)


def test_the_taken_word_is_quoted_from_where_it_stands(verifiers: dict[Lang, Faithfulness]) -> None:
    [verdict] = verifiers["en"].check_claims(["Maria Lopez leads the oncology department."], [_DOCTORS])
    assert verdict.reason.startswith('the context says "cardiology" here, and "oncology" of another'), verdict.reason
    assert "Okafor heads the oncology department" in verdict.reason


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        # the claim's word said between the same words, or beside its own word, in another sentence
        # of the window: before, the model's support was overruled by "the context says ..."
        (_WINGS, "The north wing houses the modern art collection."),
        (_WINGS, "The south wing houses the ancient art collection."),
        (_TIMETABLES, "The summer timetable starts in June."),
        ("The red car won the first race. The blue car won the second race.", "The blue car won the second race."),
    ],
)
def test_a_word_of_the_opposite_meaning_elsewhere_is_no_contradiction(context: str, claim: str) -> None:
    assert_supported(_model(), context, claim)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (_WINGS, "The south wing houses the modern art collection."),
        (_TIMETABLES, "The winter timetable starts in June."),
        # a sentence stating less of the claim with its word is no sentence saying it
        (
            "Our standard shipping takes 5 to 7 business days. Express shipping takes 2 business days.",
            "Express shipping takes 5 to 7 business days.",
        ),
    ],
)
@pytest.mark.parametrize("verifier", ["baseline", "model"])
def test_a_word_of_the_opposite_meaning_still_contradicts(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, verifier: str
) -> None:
    metric = verifiers["en"] if verifier == "baseline" else _model()
    [verdict] = metric.check_claims([claim], [context])
    assert not verdict.supported, verdict.reason


def test_stop_words_in_capitals_and_label_letters_are_content() -> None:
    assert "us" in analyze("Sales in the US rose 3%.").content
    assert "us" not in analyze("They told us the price.").content
    assert "us" not in analyze("THE BEST OF US").content  # a heading in capitals keeps its stop words
    assert "a" in analyze("Model A weighs 1.2 kg.").content
    assert "c" in analyze("Take Vitamin C daily.").content
    # initials and abbreviations, with their full stops, are no labels; nor is an article
    assert {"j", "k", "u", "s", "a"}.isdisjoint(analyze("J. K. Rowling lived in the U.S. for a year.").content)
    assert "a" not in analyze("I saw A Star Is Born.").content
