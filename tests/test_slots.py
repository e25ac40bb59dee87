"""Slot alignment: numbers, names and their units are checked where the rest of the claim is stated."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from faithcheck import Faithfulness
from faithcheck._core.types import Label
from faithcheck._metrics.config import Lang
from faithcheck._pipeline.verify import slots as slots_module
from faithcheck._pipeline.verify.findings import SlotFinding
from faithcheck._pipeline.verify.ordinals import ordinals
from faithcheck._pipeline.verify.slots import check_slots, claim_slots
from faithcheck._pipeline.verify.units import _rival_of_unstated, _rival_sentence
from faithcheck._text.analysis import analyze, rounds_to

_LEAFLET = [
    "Adults and children over 16: take 1 or 2 tablets up to 4 times a day.",
    "Do not take more than 8 tablets in 24 hours.",
    "Each pack contains 16 tablets.",
]
_APOLLO = (
    "On 20 July 1969, Neil Armstrong became the first person to step onto the lunar surface. "
    "Buzz Aldrin joined him about 19 minutes later."
)

# the five rows of issue 26: made-up facts a reviewer would catch, each with the words of the context
ISSUE_ROWS = [
    # the dose sentence ("1 or 2 tablets") or the daily limit ("8 tablets"): either refutes the 16
    (_LEAFLET, "Adults can take up to 16 tablets in 24 hours.", "contradicted", "tablets, not 16 tablets"),
    (_LEAFLET, "You can take 2 tablets up to 8 times a day.", "contradicted", "4 times, not 8 times"),
    (
        ["The X200 is covered by a 2-year limited warranty.", "The X200 blender weighs 5 kg."],
        "The X200 blender comes with a 5-year warranty.",
        "contradicted",
        "2-year, not 5-year",
    ),
    (
        ["Adults may take up to 4 tablets a day. Each pack contains 8 tablets."],
        "Adults may take up to 8 tablets a day.",
        "contradicted",
        "4 tablets, not 8 tablets",
    ),
    (
        [_APOLLO],
        "Buzz Aldrin was the first person to step onto the lunar surface, on 20 July 1969.",
        "wrong_entity",
        "names Neil Armstrong here, not Buzz Aldrin",
    ),
]


def _assert_shipped_verifier_catches(verifier: str, context: list[str], answer: str, label: Label, why: str) -> None:
    """The answer scores 0 with ``verifier``, its one claim labelled ``label`` for a reason holding ``why``."""
    score = Faithfulness(verifier=verifier).evaluate(  # type: ignore[arg-type]
        {"input_id": "r", "prompt": "", "sut_response": answer, "retrieved_context": context}
    )
    assert score.value == 0.0
    verdict = score.claims[0].verdict
    assert verdict is not None
    assert verdict.label == label, verdict.reason
    assert why in verdict.reason


@pytest.mark.parametrize("verifier", ["baseline", "model"])
@pytest.mark.parametrize(("context", "answer", "label", "why"), ISSUE_ROWS)
def test_the_shipped_verifiers_catch_made_up_facts(
    verifier: str, context: list[str], answer: str, label: Label, why: str
) -> None:
    _assert_shipped_verifier_catches(verifier, context, answer, label, why)


@pytest.mark.parametrize(
    ("context", "answer"),
    [
        (_LEAFLET, "Do not take more than 8 tablets in 24 hours."),
        (_LEAFLET, "Adults can take 1 or 2 tablets up to 4 times a day."),
        (["Adults may take up to 4 tablets a day. Each pack contains 8 tablets."], "A pack contains 8 tablets."),
        ([_APOLLO], "Neil Armstrong was the first person to step onto the lunar surface, on 20 July 1969."),
        # "do not take more than 8" bounds the 8: it negates nothing the claim says
        (_LEAFLET, "Adults can take up to 8 tablets in 24 hours."),
        (_LEAFLET, "You can take at most 8 tablets in 24 hours."),
        # support spread over two sentences: each slot finds its own
        (
            ["The X200 is our best blender.", "It comes with a 2-year warranty."],
            "The X200 blender has a 2-year warranty.",
        ),
    ],
)
def test_true_claims_keep_their_support(context: list[str], answer: str) -> None:
    score = Faithfulness().evaluate(
        {"input_id": "r", "prompt": "", "sut_response": answer, "retrieved_context": context}
    )
    assert score.value == 1.0, score.reason


@pytest.mark.parametrize(
    ("question", "answer", "label", "why"),
    [
        # read alone, each number met the sentence that holds an 8: all four were "contradicted"
        # by the daily limit's negation, the right answers too
        ("How many tablets does each pack contain?", "8", "contradicted", "16 tablets, not 8 tablets"),
        ("How many tablets does each pack contain?", "16", "supported", "Each pack contains 16 tablets."),
        ("How many times a day can adults take tablets?", "8", "contradicted", "4 times, not 8 times"),
        ("How many times a day can adults take tablets?", "4", "supported", "up to 4 times a day"),
    ],
)
def test_a_short_answer_is_checked_with_its_question(question: str, answer: str, label: Label, why: str) -> None:
    score = Faithfulness().evaluate(
        {"input_id": "r", "prompt": question, "sut_response": answer, "retrieved_context": _LEAFLET}
    )
    [result] = score.claims
    assert result.claim.text == answer  # the claim stays the answer's own text, at its span
    assert result.verdict is not None
    assert result.verdict.label == label, result.verdict.reason
    assert result.verdict.reason.startswith("read with the question as '")
    assert why in result.verdict.reason


@pytest.mark.parametrize(
    ("context", "answer", "why"),
    [
        (
            _LEAFLET,
            "Adults can take more than 8 tablets in 24 hours.",
            "bounds 8 tablets from above, the claim from below",
        ),
        (
            _LEAFLET,
            "Adults should take at least 8 tablets in 24 hours.",
            "bounds 8 tablets from above, the claim from below",
        ),
        (
            ["More than 20 people attended the opening."],
            "Fewer than 20 people attended.",
            "bounds 20 people from below",
        ),
    ],
)
def test_a_number_bounded_the_other_way_is_contradicted(context: list[str], answer: str, why: str) -> None:
    score = Faithfulness().evaluate(
        {"input_id": "r", "prompt": "", "sut_response": answer, "retrieved_context": context}
    )
    verdict = score.claims[0].verdict
    assert verdict is not None
    assert verdict.label == "contradicted", verdict.reason
    assert why in verdict.reason


@pytest.mark.parametrize(
    ("lang", "context", "within", "beyond"),
    [
        (
            "de",
            "Nehmen Sie nicht mehr als 8 Tabletten in 24 Stunden.",
            "Erwachsene dürfen bis zu 8 Tabletten in 24 Stunden nehmen.",
            "Erwachsene dürfen mehr als 8 Tabletten in 24 Stunden nehmen.",
        ),
        (
            "fr",
            "Ne prenez pas plus de 8 comprimés en 24 heures.",
            "Les adultes peuvent prendre jusqu'à 8 comprimés en 24 heures.",
            "Les adultes peuvent prendre plus de 8 comprimés en 24 heures.",
        ),
    ],
)
def test_bounds_in_german_and_french(lang: Lang, context: str, within: str, beyond: str) -> None:
    verdicts = Faithfulness(lang=lang).check_claims([within, beyond], [context])
    assert [v.label for v in verdicts] == ["supported", "contradicted"], [v.reason for v in verdicts]


@pytest.mark.parametrize("verifier", ["baseline", "model"])
@pytest.mark.parametrize(
    ("lang", "context", "claim", "label"),
    [
        ("en", "Revenue grew 12% to $4.2 billion in 2023.", "Revenue fell 12% in 2023.", "contradicted"),
        ("en", "Revenue grew 12% to $4.2 billion in 2023.", "Revenue grew by 12 percent in 2023.", "supported"),
        # a sentence that has both ways decides nothing of a number it gives its way: the costs fell
        ("en", "Revenue grew 12% in 2023, while costs fell 3%.", "Costs fell 3% in 2023.", "supported"),
        # ... but the claim's number of a change is checked against its own way there
        ("en", "Revenue grew 12% in 2023, while costs fell 3%.", "Revenue fell 12% in 2023.", "contradicted"),
        ("en", "Revenue grew 12% in 2023, while costs fell 3%.", "Costs rose 3% in 2023.", "contradicted"),
        # "down 1%" gives the change its way, in another sentence of the window too
        (
            "en",
            "Apple reported revenue of $89.5 billion for the quarter, down 1% year over year. iPhone revenue was "
            "$43.8 billion, while services revenue reached a record $22.3 billion.",
            "Apple's quarterly revenue rose 1%.",
            "contradicted",
        ),
        # "up to" bounds a number, it turns no change
        ("en", "Prices fell, and the fee is now up to 4 dollars.", "The fee fell to 4 dollars.", "supported"),
        ("de", "Der Umsatz stieg 2023 um 12 Prozent.", "Der Umsatz sank 2023 um 12 Prozent.", "contradicted"),
        (
            "fr",
            "Le chiffre d'affaires a augmenté de 12 % en 2023.",
            "Le chiffre d'affaires a baissé de 12 % en 2023.",
            "contradicted",
        ),
    ],
)
def test_a_change_that_goes_the_other_way_is_contradicted(
    verifier: str, lang: Lang, context: str, claim: str, label: Label
) -> None:
    [verdict] = Faithfulness(verifier=verifier, lang=lang).check_claims([claim], [context])  # type: ignore[arg-type]
    assert verdict.label == label, verdict.reason
    if label == "contradicted":
        assert "where the context has it go " in verdict.reason


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("Do not take more than 8 tablets in 24 hours.", False),
        ("Don't spend more than $20 a day.", False),
        ("There are no fewer than 20 stores.", False),
        ("It is not more expensive than the X100.", True),  # no number: a comparison, negated
        ("The plant did not close in 2019.", True),
    ],
)
def test_a_negation_that_bounds_a_number_negates_nothing(text: str, negated: bool) -> None:
    assert analyze(text).negated is negated


def test_a_model_name_is_not_a_quantity() -> None:
    numbers, _ = claim_slots("The X200 costs 90 dollars.", "en")
    assert [(n.value, n.unit, n.text) for n in numbers] == [(90.0, "$", "90 dollars")]  # dollars are "$"
    finding = check_slots("The X200 costs 900 dollars.", ["The X200 costs 90 dollars."], "en")
    assert finding is not None
    assert finding.why == "the context gives 90 dollars, not 900 dollars"


def test_magnitudes_currencies_and_days_are_read_with_their_number() -> None:
    numbers, _ = claim_slots("It earned $3.1 billion on March 1, 2017.", "en")
    assert [(n.value, n.unit, n.is_year) for n in numbers] == [
        (3.1e9, "$", False),
        (1.0, "march", False),
        (2017.0, "march", True),  # the year of March 1
    ]


def test_money_with_a_glued_magnitude_is_read_whole() -> None:
    numbers, _ = claim_slots("The minister took £1m, and the firm paid $10.6bn for the 100m track.", "en")
    assert [(n.value, n.unit, n.text) for n in numbers] == [(1e6, "£", "£1m"), (1.06e10, "$", "$10.6bn")]
    assert check_slots("He took £1m in bribes.", ["He was accused of taking £1 million in bribes."], "en") is None
    finding = check_slots("He took £2m in bribes.", ["He was accused of taking £1 million in bribes."], "en")
    assert finding is not None
    assert finding.why == "the context gives £1 million, not £2m"


def test_money_with_a_glued_magnitude_word_is_read_whole() -> None:
    """ "£49million" is £49m (before, it was no number at all, so nothing stated or rivalled it)."""
    numbers, _ = claim_slots("They paid £49million, then $2.5billion; a £3trillion debt is no £9millionaire.", "en")
    assert [(n.value, n.unit, n.text) for n in numbers] == [
        (4.9e7, "£", "£49million"),
        (2.5e9, "$", "$2.5billion"),
        (3e12, "£", "£3trillion"),
    ]
    context = ["UEFA restricted them to a net transfer spend of £49million in each window."]
    assert check_slots("They were restricted to a net transfer spend of £49m.", context, "en") is None
    finding = check_slots("They were restricted to a net transfer spend of £32m.", context, "en")
    assert finding is not None
    assert finding.why == "the context gives £49million, not £32m"


def test_a_year_knows_its_month_past_a_day_or_an_of() -> None:
    context = ["Anne Sullivan (June 14, 1866 - October 20, 1936) was an American teacher."]
    assert check_slots("Anne Sullivan was born in June of 1866.", context, "en") is None
    finding = check_slots("Anne Sullivan was honoured in June of 1936.", context, "en")
    assert finding is not None
    assert finding.why == "the context does not state June 1936"
    # a month named without a number of its own takes the sentence's year
    abdicated = ["Edward VIII became King in January of 1936 and abdicated in December."]
    assert check_slots("King Edward VIII abdicated in December 1936.", abdicated, "en") is None


def test_ranges_and_fractions_are_not_slots_and_a_time_is_one() -> None:
    numbers, _ = claim_slots("It runs 24/7 from 10:30 during the 2018-19 season for ages 10-24.", "en")
    assert [(n.text, n.unit) for n in numbers] == [("10:30", "clock")]  # not 10 and 30


def test_a_number_only_an_unrelated_sentence_states_supports_nothing() -> None:
    finding = check_slots(
        "The X200 warranty lasts 16 months.",
        [
            "The X200 comes with a warranty that lasts as long as the law requires.",
            "The store is open 16 months a year.",
        ],
        "en",
    )
    assert finding is not None
    assert finding.label == "unsupported"
    assert finding.decides
    assert not finding.certain


def test_a_number_the_evidence_does_not_state_is_uncertain_but_leaves_the_decision_to_the_verifier() -> None:
    finding = check_slots("The album came out on November 2, 2004.", ["The album hit stores on November 2."], "en")
    assert finding is not None
    assert (finding.label, finding.decides, finding.certain) == ("unsupported", False, False)
    verdict = Faithfulness().check_claims(
        ["The album came out on November 2, 2004."], ["The album came out on November 2. It sold well."]
    )[0]
    assert verdict.uncertain
    # a claim the evidence misses anyway is not supported whatever its number: nothing to ask
    elsewhere = Faithfulness().check_claims(
        ["The Orion X100 costs 30,000 dollars."], ["Customers who buy the Orion X452 receive a warranty of 3 years."]
    )[0]
    assert not elsewhere.supported
    assert not elsewhere.uncertain


def test_a_pronoun_that_refers_back_to_the_name_keeps_the_claim() -> None:
    sentences = [
        "Albert Einstein was born in Ulm.",
        "In 1905, he published the special theory of relativity, building on work by Hendrik Lorentz.",
    ]
    assert check_slots("Einstein published the special theory of relativity in 1905.", sentences, "en") is None


def test_places_beside_the_actor_are_not_checked_as_names() -> None:
    sentences = ["Nujeen Mustafa became the first person with a disability to brief the Security Council."]
    claim = "She became the first person with a disability to brief the Security Council on the war in Syria."
    assert check_slots(claim, sentences, "en") is None


def test_a_version_number_is_no_number_of_the_claim() -> None:
    """A version such as "1.2.3" is no value: read as 1.23 or 123 it would contradict a passage that
    never spoke of one. Pinned here because only a random fuzzed row used to reach this branch."""
    from faithcheck._text.analysis import analyze

    numbers, _ = claim_slots("Version 1.2.3 ships 5 tools.", "en")
    assert [slot.value for slot in numbers] == [5.0]
    assert analyze("Version 1.2.3 ships 5 tools.").numbers == frozenset({5.0})


def test_a_bare_number_is_aligned_by_the_words_around_it() -> None:
    # neither number counts a word ("15 with", "27 with"): the words around the value tie them
    context = [
        "Miss Garrod had been wearing contact lenses since she was 15 with no problems.",
        "She was 27 when her right eye became itchy.",
    ]
    claim = "Miss Garrod had been wearing contact lenses since she was {} with no problems."
    finding = check_slots(claim.format(27), context, "en")
    assert finding is not None
    assert (finding.label, finding.why) == ("contradicted", "the context gives 15, not 27")
    assert check_slots(claim.format(15), context, "en") is None


def test_a_sentence_stating_the_claimed_value_too_is_no_bare_rival() -> None:
    # which of the sentence's two alike values the claim means is left open: no contradiction
    context = ["Employers posted 9.6 million job openings in September, up from 9.5 million in August."]
    assert check_slots("Employers posted job openings of 9.5 million in August.", context, "en") is None


def test_a_name_ending_in_digits_is_no_quantity() -> None:
    numbers, _ = claim_slots("A team has isolated the virus that causes COVID-19 and SARS-CoV-2.", "en")
    assert numbers == ()


def test_a_number_is_framed_by_its_own_sentence() -> None:
    numbers, _ = claim_slots("The women were britney osbourne and quying boyd. Sapp, 42, was charged.", "en")
    assert [sorted(n.frame) for n in numbers] == [["charg", "sapp"]]


_GAMING = [
    "In a post on Twitter, Brook Gaming warns of functional disruptions for its controller adapters.",
    "Microsoft has not licensed its Xbox Wireless protocol to other vendors.",
]


_MATCH = ["Manchester United beat Chelsea 2-1 on Saturday.", "Chelsea had won the first game of the season."]


def _assert_named_otherwise(claim: str, wrong: str, right: str, sentences: list[str]) -> None:
    """``claim`` (a template) with ``wrong`` in its name's place is the wrong entity, deciding, the
    reason naming ``right``; with ``right`` there, no slot of it is unsupported."""
    finding = check_slots(claim.format(wrong), sentences, "en")
    assert finding is not None
    assert (finding.label, finding.decides) == ("wrong_entity", True)
    assert finding.why == f"the context names {right} here, not {wrong}"
    assert check_slots(claim.format(right), sentences, "en") is None


def test_a_name_opening_the_claim_stands_where_the_name_opening_the_sentence_does() -> None:
    # before, a claim's first word alone (a name _opens_as_name reads) was never checked by its
    # role: "Argentina won its fourth title" was supported by the sentence naming Germany; the
    # sentence's own first name is preferred to a name nearer the claim's words ("World Cup")
    final = ["Germany won the 2014 World Cup, its fourth title.", "Argentina finished second."]
    _assert_named_otherwise("{} won its fourth title.", "Argentina", "Germany", final)
    assert check_slots("Argentina finished second.", final, "en") is None
    spain = ["Spain won the 2010 World Cup, its first title.", "The Netherlands finished second."]
    _assert_named_otherwise("{} won its first title.", "Netherlands", "Spain", spain)
    # a description referring back names no one else
    toyota = ["Toyota is Japan's largest carmaker.", "The company recalled 2,000 cars."]
    assert check_slots("Toyota recalled 2,000 cars.", toyota, "en") is None
    # the first version read any name of the sentence by the words near it (three FEVER originals
    # rejected): a possessive's role is its noun's, and a name inside the sentence is no subject
    trier = [
        "Melancholia is a 2011 film written and directed by Lars von Trier.",
        "Lars von Trier ( Lars Trier , 30 April 1956 ) is a Danish film director and screenwriter .",
    ]
    assert check_slots("Melancholia's director was a Danish screenwriter.", trier, "en") is None
    newsom = ["Gavin Newsom said Thursday that the state is currently monitoring at least 8,400 others."]
    finding = check_slots("California is monitoring at least 8,400 people for the coronavirus.", newsom, "en")
    assert finding is None or not finding.decides  # "does not name California", left to the verifier
    bowen = ["Australia (2008 film) .", "Production took place in Sydney , Darwin , Kununurra , and Bowen ."]
    assert check_slots("Australia (2008 film) production took place in Bowen.", bowen, "en") is None


def test_a_name_opening_the_claim_as_its_subject_stands_where_the_sentences_subject_does() -> None:
    # before, only the words near the sentence's "The Jacksonville Jaguars" were its role, and the
    # claim was supported by the sentence with another sentence naming Blake Bortles
    jaguars = [
        "The Jacksonville Jaguars will bring a little bit of the NFL Draft to London next month by having a "
        "UK-based fan announce their sixth and seventh round picks live on television.",
        "The British NFL fan could announce 2015's answer to 2014 No 3 pick Blake Bortles to the world.",
    ]
    finding = check_slots("Blake Bortles will get a UK fan to announce their NFL draft picks.", jaguars, "en")
    assert finding is not None
    assert (finding.label, finding.decides) == ("wrong_entity", True)
    assert finding.why == "the context names The Jacksonville Jaguars here, not Blake Bortles"
    # a word of the other name the claim writes in lower case does not name it ("food parcels")
    food = [
        "The World Food Programme delivered the food parcels to the village on Monday.",
        "The Red Cross set up a field hospital nearby.",
    ]
    _assert_named_otherwise(
        "{} delivered the food parcels to the village.", "The Red Cross", "The World Food Programme", food
    )
    # the name where the sentence's subject refers to it, or is another name of the claim's
    messi = ["Inter Miami signed Lionel Messi in July 2023 after his contract with Paris Saint-Germain ended."]
    assert check_slots("Lionel Messi joined Inter Miami in 2023.", messi, "en") is None
    gemini = ["DeepMind, Google's AI research lab, released Gemini in December 2023."]
    assert check_slots("Google released Gemini in December 2023.", gemini, "en") is None
    # a first version rejected three originals of the larger training run: a speaker's sentence
    # and the words of the sentence before it ("club", "boss") were read as the name's role; a
    # name spelt without its accents was another ("Sacre-Coeur", "Sacré-Cœur"); a name's head
    # that the claim writes in lower case was not its own ("The Atlanta metropolitan area")
    wigan = [
        "Wigan Athletic have acted swiftly in finding a replacement for Malky Mackay, making former club captain "
        "Gary Caldwell their new manager as the Championship strugglers fight relegation."
    ]
    sharpe = (
        "Club captain Gary Caldwell has been appointed as the manager of Wigan. He replaces Malky Mackay as the "
        "relegation-threatened club's boss. Chairman David Sharpe said Caldwell was the only candidate considered."
    )
    paris = [
        "Sacré-Cœur is a double monument, political and cultural, both a national penance and an embodiment of "
        "conservative moral order."
    ]
    for claim, sentences in [
        (sharpe, wigan),
        ("Sacre-Coeur, Paris is an embodiment of conservative moral order.", paris),
        ("The Atlanta metropolitan area spans 39 counties.", ["The Combined Statistical Area spans 39 counties."]),
    ]:
        finding = check_slots(claim, sentences, "en")
        assert finding is None or not finding.decides, claim


_PLACES = [
    (
        "The company is headquartered in {}.",
        "Dublin",
        "Seattle",
        ["The company is headquartered in Seattle.", "It has a large office in Dublin."],
    ),
    (
        "Jane Austen was born in {}.",
        "Winchester",
        "Steventon",
        ["Jane Austen was born in Steventon, Hampshire, in 1775.", "She died in Winchester in 1817."],
    ),
    # spelt nearly alike, still two places
    (
        "The company is headquartered in {}.",
        "Austria",
        "Australia",
        ["The company is headquartered in Australia.", "It sells in Austria."],
    ),
    # the sentence naming France says "capital" too, but not "Berlin"
    (
        "Berlin is the capital of {}.",
        "France",
        "Germany",
        ["Paris is the capital of France.", "Berlin is the capital of Germany."],
    ),
]


@pytest.mark.parametrize(("claim", "wrong", "right", "sentences"), _PLACES)
def test_a_place_where_the_sentence_stating_the_rest_has_another_is_the_wrong_entity(
    claim: str, wrong: str, right: str, sentences: list[str]
) -> None:
    _assert_named_otherwise(claim, wrong, right, sentences)


@pytest.mark.parametrize(
    ("claim", "sentences"),
    [
        # listed with the claim's place, or set beside it, another place does not stand in its place
        ("Jane Austen was born in Hampshire.", ["Jane Austen was born in Steventon, Hampshire, in 1775."]),
        ("The company has offices in Seattle.", ["The company has offices in Dublin and Seattle."]),
        # a sentence naming the claim's place states as much of the claim: which one it means is open
        (
            "The summit was held in Berlin.",
            ["In 2019 the summit was held in Lisbon.", "In 2020 the summit was held in Berlin."],
        ),
        # a word of origin or a name describing the next word stands in no place's place
        ("A Milli is a song by Lil Wayne.", ["A Milli is a song by American hip hop artist Lil Wayne."]),
        (
            "The ministry in Gaza reports 9,000 deaths.",
            ["The ministry in Hamas-ruled Gaza on Thursday said 9,000 people died."],
        ),
        # spelt otherwise by the context: the same place
        (
            "The bout took place on April 9 in Albuquerque, New Mexico.",
            ["The bout takes place on April 9th at the Hard Rock Hotel in Albuqerque, New Mexico."],
        ),
        # named as the claim does not write it: not read word by word
        (
            "Beachgoers in Queensland saw a cassowary.",
            ["QUEENSLAND, Australia - Beachgoers in Australia saw a cassowary."],
        ),
    ],
)
def test_a_place_beside_the_claims_own_keeps_the_claim(claim: str, sentences: list[str]) -> None:
    assert check_slots(claim, sentences, "en") is None


@pytest.mark.parametrize(
    ("claim", "wrong", "right", "sentences"),
    [
        (
            "The weekly team meeting is held on {}.",
            "Friday",
            "Monday",
            ["The weekly team meeting is held on Monday at 10 am.", "Reports are due on Friday."],
        ),
        # the sentence names the claim's month too, in another place
        ("The store opened in {}.", "May", "March", ["The store opened in March and closed in May."]),
        (
            "The office is closed on {}.",
            "Saturdays",
            "Sundays",
            ["The office is closed on Sundays.", "On Saturdays it opens at 9 am."],
        ),
    ],
)
def test_a_day_or_a_month_the_sentence_stating_the_rest_gives_otherwise_is_contradicted(
    claim: str, wrong: str, right: str, sentences: list[str]
) -> None:
    finding = check_slots(claim.format(wrong), sentences, "en")
    assert finding is not None
    assert (finding.label, finding.certain, finding.decides) == ("contradicted", True, True)
    assert (finding.why, finding.slot) == (f"the context gives {right}, not {wrong}", wrong)
    assert check_slots(claim.format(right), sentences, "en") is None


def test_a_month_of_a_date_written_with_numbers_is_left_to_the_numbers() -> None:
    # "12 May" starts a span the sentence ends in June: no month of the claim's stands elsewhere
    sentences = ["The festival ran from 12 May to 3 June in Leeds."]
    assert check_slots("The festival ran on 12 May in Leeds.", sentences, "en") is None


@pytest.mark.parametrize("verifier", ["baseline", "model"])
@pytest.mark.parametrize(
    ("context", "answer", "label", "why"),
    [
        (
            ["Jane Austen was born in Steventon, Hampshire, in 1775.", "She died in Winchester in 1817."],
            "Jane Austen was born in Winchester.",
            "wrong_entity",
            "names Steventon here, not Winchester",
        ),
        (
            ["The weekly team meeting is held on Monday at 10 am.", "Reports are due on Friday."],
            "The weekly team meeting is held on Friday.",
            "contradicted",
            "gives Monday, not Friday",
        ),
        (_MATCH, "Chelsea beat Manchester United 2-1.", "wrong_entity", "the other way round"),
    ],
)
def test_the_shipped_verifiers_catch_a_place_a_day_or_two_names_swapped(
    verifier: str, context: list[str], answer: str, label: Label, why: str
) -> None:
    _assert_shipped_verifier_catches(verifier, context, answer, label, why)


def test_a_name_in_another_names_place_is_the_wrong_entity() -> None:
    # the claim's name occurs in the evidence, but not where the rest of the claim is stated: there
    # another name has the words around it ("warns ... on Twitter ... functional disruptions")
    claim = "{} warns on Twitter of functional disruptions for its adapters."
    _assert_named_otherwise(claim, "Xbox Wireless", "Brook Gaming", _GAMING)


def test_an_acronym_beside_a_name_is_no_stop_word() -> None:
    # "the US" before both names: "US" is a country, not the stop word "us", so the two words
    # before tie the names to one place
    sentences = ["The US Treasury Department expects to borrow $776 billion in the final quarter of this year."]
    claim = "The US {} plans a record borrowing of $776 billion this quarter."
    _assert_named_otherwise(claim, "Marlow Agency", "Treasury Department", sentences)


_PLANS = [
    "The Pro plan costs $20 per month and includes 100 GB of storage.",
    "The Basic plan is free and includes 5 GB.",
]


@pytest.mark.parametrize(
    ("claim", "wrong", "right", "sentences"),
    [
        # an article opening both names ("The Basic", "The Pro") makes neither an alias of the other
        ("The {} plan costs $20 per month.", "Basic", "The Pro", _PLANS),
        # a claim saying two other words: the name between the same words still decides
        ("The {} plan is free.", "Pro", "The Basic", _PLANS),
        (
            "{} scored for Chelsea.",
            "Marcus Rashford",
            "Cole Palmer",
            ["Marcus Rashford scored both goals for United, while Cole Palmer scored for Chelsea."],
        ),
    ],
)
def test_a_name_between_the_same_words_is_checked_in_a_short_claim(
    claim: str, wrong: str, right: str, sentences: list[str]
) -> None:
    finding = check_slots(claim.format(wrong), sentences, "en")
    assert finding is not None
    assert (finding.label, finding.decides) == ("wrong_entity", True)
    assert finding.why.startswith(f"the context names {right} here, not ")
    assert check_slots(claim.format(right.removeprefix("The ")), sentences, "en") is None


def test_an_article_before_the_second_name_is_its_own() -> None:
    # before, "sued the" stood between the claim's names, and "The FTC sued Amazon" had no such words
    finding = _finding("Amazon sued the FTC.", ["The FTC sued Amazon in September."])
    assert (finding.label, finding.why) == (
        "wrong_entity",
        'the context has them the other way round: "FTC sued Amazon"',
    )
    assert check_slots("The FTC sued Amazon.", ["The FTC sued Amazon in September."], "en") is None


def test_two_names_the_other_way_round_are_the_wrong_entity() -> None:
    finding = check_slots("Chelsea beat Manchester United 2-1.", _MATCH, "en")
    assert finding is not None
    assert (finding.label, finding.decides, finding.sentence) == ("wrong_entity", True, _MATCH[0])
    assert finding.why == 'the context has them the other way round: "Manchester United beat Chelsea"'
    assert check_slots("Manchester United beat Chelsea 2-1.", _MATCH, "en") is None


def test_two_names_a_sentence_pairs_otherwise_by_the_same_words_are_the_wrong_entity() -> None:
    # before, a sentence naming the claim's first name before the same words kept it, whoever
    # came after them
    cast = ["Kate Nelligan stars as Ned Ravine's wife and Sherilyn Fenn stars as Laura Lingonberry."]
    finding = _finding("Kate Nelligan stars as Laura Lingonberry.", cast)
    assert (finding.label, finding.decides) == ("wrong_entity", True)
    assert finding.why == "the context names Sherilyn Fenn here, not Kate Nelligan"
    assert check_slots("Sherilyn Fenn stars as Laura Lingonberry.", cast, "en") is None
    # a sentence pairing them the claim's way too keeps it
    both = [*cast, "Later, Kate Nelligan stars as Laura Lingonberry in the remake."]
    assert check_slots("Kate Nelligan stars as Laura Lingonberry.", both, "en") is None
    # a name's particle parts no two names (a first version read "Vicente" and "Bosque" as two)
    dump = ["Spain national football team : Team: Vicente del BosqueVicente del Bosque : Team coached"]
    assert check_slots("Vicente del Bosque is the coach for that team.", dump, "en") is None


@pytest.mark.parametrize(
    ("claim", "sentences", "stated"),
    [
        ("Chelsea lost to Arsenal on Sunday.", ["Chelsea beat Arsenal 2-1 on Sunday."], "Chelsea beat Arsenal"),
        ("Chelsea beat Arsenal on Sunday.", ["Chelsea lost to Arsenal on Sunday."], "Chelsea lost to Arsenal"),
        ("Queen preceded Oasis on stage.", ["Queen followed Oasis on stage."], "Queen followed Oasis"),
        (
            "England beat Spain in the final.",
            ["England lost to Spain in the final in Berlin."],
            "England lost to Spain",
        ),
    ],
)
def test_two_names_with_the_converse_between_them_contradict_the_claim(
    claim: str, sentences: list[str], stated: str
) -> None:
    # before, "lost to" and "beat" were two relations, neither of them the other's converse
    finding = _finding(claim, sentences)
    assert (finding.label, finding.decides) == ("contradicted", True)
    assert finding.why.startswith("the context says it the other way round: ")
    assert stated in finding.why


@pytest.mark.parametrize(
    ("claim", "sentences"),
    [
        # the converse the other way round says what the claim says
        ("Arsenal lost to Chelsea on Sunday.", ["Chelsea beat Arsenal 2-1 on Sunday."]),
        ("Chelsea defeated Arsenal.", ["Arsenal lost to Chelsea in the final."]),
        # a sentence saying it the claim's way keeps it, whatever another says
        (
            "Chelsea lost to Arsenal in the final.",
            ["Chelsea beat Arsenal in the semi-final.", "Arsenal beat Chelsea in the final."],
        ),
    ],
)
def test_the_converse_the_other_way_round_keeps_the_claim(claim: str, sentences: list[str]) -> None:
    finding = check_slots(claim, sentences, "en")
    assert finding is None or finding.kind != "entity", finding


@pytest.mark.parametrize(
    ("claim", "sentences"),
    [
        # a relation that holds both ways
        ("Anna Berg married Tom Reed in 2001.", ["Tom Reed married Anna Berg in 2001."]),
        ("Germany borders France to the east.", ["France borders Germany to the east."]),
        # the evidence has them both ways round
        ("Arsenal beat Chelsea in 2020.", ["Chelsea beat Arsenal in 2019 and Arsenal beat Chelsea in 2020."]),
        # a list, not a relation, between them
        ("Apple, Google and Microsoft reported profits.", ["Microsoft, Google and Apple reported profits."]),
    ],
)
def test_two_names_either_way_round_keep_the_claim(claim: str, sentences: list[str]) -> None:
    finding = check_slots(claim, sentences, "en")
    assert finding is None or finding.kind != "entity", finding


def _finding(claim: str, sentences: list[str]) -> SlotFinding:
    """What the slot check finds against ``claim`` in ``sentences``, which must be something."""
    finding = check_slots(claim, sentences, "en")
    assert finding is not None
    return finding


def _sentences(context: str) -> list[str]:
    """``context`` split into its sentences at ". ", each ending with its period."""
    return [s if s.endswith(".") else s + "." for s in context.split(". ")]


def _assert_contradicted(claim: str, sentences: list[str], why: str) -> None:
    """``claim`` is contradicted by ``sentences``, the finding deciding, for the reason ``why``."""
    finding = check_slots(claim, sentences, "en")
    assert finding is not None
    assert (finding.label, finding.decides, finding.why) == ("contradicted", True, why)


_ESTIMATES = [
    "In the trial, the vaccine was 91% effective (95% CI 85 to 94) against symptomatic infection.",
    "We estimate 81,114 (95% UI 38,242 to 162,106) deaths in the United States over the next 4 months.",
]


@pytest.mark.parametrize(
    ("claim", "why"),
    [
        # the interval's level is no value of the estimate
        ("The vaccine was 95% effective against symptomatic infection.", "the context gives 91%, not 95%"),
        # nor is an end of it; the estimate counts the word after the bracket
        (
            "IHME estimates 162,106 deaths in the United States over the next four months.",
            "the context gives 81,114, not 162,106 deaths",
        ),
    ],
)
def test_a_number_of_an_interval_in_brackets_bounds_the_estimate_before_it(claim: str, why: str) -> None:
    _assert_contradicted(claim, _ESTIMATES, why)


@pytest.mark.parametrize(
    "claim",
    [
        "The vaccine was 91% effective against symptomatic infection.",
        "IHME estimates 81,114 deaths in the United States over the next four months.",
        # a claim bounding its number, or giving both ends, speaks of the interval
        "IHME estimates up to 162,106 deaths in the United States over the next four months.",
        "IHME estimates between 38,242 and 162,106 deaths in the United States over the next four months.",
    ],
)
def test_an_estimate_and_its_interval_state_what_they_say(claim: str) -> None:
    assert check_slots(claim, _ESTIMATES, "en") is None


_FELL = ["Unemployment fell from 8.1% in 2012 to 3.5% in 2019."]


@pytest.mark.parametrize(
    ("claim", "why"),
    [
        ("Unemployment was 3.5% in 2012.", "the context gives 8.1%, not 3.5%"),
        ("Unemployment was 8.1% in 2019.", "the context gives 3.5%, not 8.1%"),
    ],
)
def test_a_number_next_to_another_of_the_claims_is_read_with_it(claim: str, why: str) -> None:
    # "3.5% in 2019" ties the 2019 to the 3.5%, though "Unemployment fell" stands nearer the 2012
    _assert_contradicted(claim, _FELL, why)
    for true in ("Unemployment was 3.5% in 2019.", "Unemployment was 8.1% in 2012."):
        assert check_slots(true, _FELL, "en") is None


def test_the_claims_pair_of_numbers_in_a_sentence_states_them() -> None:
    # "take 1 tablet every 4 to 6 hours" has more of the claim's words near its number, but only
    # "6 tablets in 24 hours" has the claim's pair (before, a true dose was contradicted)
    sentences = [
        "Adults and children 12 years and over: take 1 tablet every 4 to 6 hours.",
        "If needed, 2 tablets may be taken, but do not exceed 6 tablets in 24 hours.",
    ]
    assert check_slots("Do not take more than 6 tablets in 24 hours.", sentences, "en") is None
    # a date the sentence gives of all its numbers pairs none of them
    sentence = ["Revenue grew 12% in 2023, while costs fell 3%."]
    assert check_slots("Costs fell 3% in 2023.", sentence, "en") is None


_AGES = [
    "Adults and children 12 years and over: take 1 tablet every 4 to 6 hours.",
    "Not suitable for children under 12 years.",
]


def test_a_bound_after_a_number_is_read_as_one_before_it() -> None:
    # "12 years and over" bounds 12 from below, as "over 12" does; an age may be written bare
    _assert_contradicted(
        "Children under 12 can take the tablets.",
        _AGES[:1],
        "the context bounds 12 years from below, the claim from above",
    )
    assert check_slots("Children aged 12 and over can take 1 tablet every 4 to 6 hours.", _AGES, "en") is None
    # a sentence negated where the claim is not says the same by the other bound
    assert check_slots("The tablets are suitable for children aged 12 and over.", _AGES[1:], "en") is None


def test_the_sentence_naming_the_claims_name_gives_its_number_where_all_else_ties() -> None:
    # both sentences say "metres high": the one naming Mount Everest gives its height, the other
    # names other things (K2 itself is no name to the check); before, the claim was supported. One
    # naming nobody may speak of the claim's (below)
    sentences = [
        "Mount Everest is 8,849 metres high and lies on the border between Nepal and China.",
        "K2, the second-highest mountain, is 8,611 metres high and lies on the border between Pakistan and China.",
    ]
    _assert_contradicted(
        "Mount Everest is 8,611 metres high.", sentences, "the context gives 8,849 metres, not 8,611 metres"
    )
    assert check_slots("Mount Everest is 8,849 metres high.", sentences, "en") is None
    insurers = [
        "Altogether, Berkshire's insurers contributed $2.4 billion to its operating profit.",
        "A year ago, the insurers reported a $1.1 billion loss in the third quarter.",
    ]
    claim = (
        "Analysts surveyed by FactSet Research were surprised as Berkshire's insurers rebounded from a $1.1 billion "
        "loss to contribute significantly to the company's operating profit."
    )
    assert check_slots(claim, insurers, "en") is None


def test_a_place_named_after_another_preposition_is_no_support_of_the_claims() -> None:
    # "born in Warsaw" says nothing of moving to Warsaw: the sentence with the claim's year has
    # another place after the claim's preposition
    sentences = ["Marie Curie was born in Warsaw in 1867.", "She moved to Paris in 1891 to study at the Sorbonne."]
    _assert_named_otherwise("Marie Curie moved to {} in 1891.", "Warsaw", "Paris", sentences)


def test_a_rank_followed_by_of_ranks_the_word_after_it() -> None:
    sentences = ["The tenant must give 60 days' notice.", "Rent is due on the 1st of each month."]
    finding = check_slots("Rent is due on the 5th of each month.", sentences, "en")
    assert finding is not None
    assert (finding.label, finding.decides) == ("contradicted", True)
    assert finding.why == "the context gives 1st of each month, not 5th of each month"
    assert check_slots("Rent is due on the 1st of each month.", sentences, "en") is None


_CURIE = [
    "Marie Curie won the Nobel Prize in Physics in 1903, shared with Pierre Curie and Henri Becquerel.",
    "She won the Nobel Prize in Chemistry alone in 1911.",
]


def test_a_place_is_left_where_a_sentence_naming_the_claims_own_states_its_number() -> None:
    """The first sentence says more of the claim, but the one naming its "Chemistry" (a name whose
    stem, "chemistri", is no part of the word) states its year: before, "Physics" was named in
    its place (a true claim rejected)."""
    assert check_slots("Marie Curie won the Nobel Prize in Chemistry in 1911.", _CURIE, "en") is None
    _assert_contradicted(
        "Marie Curie won the Nobel Prize in Chemistry in 1903.", _CURIE, "the context gives 1911, not 1903"
    )


@pytest.mark.parametrize(
    ("sentence", "claim", "right", "wrong"),
    [
        # the later part opens with its number: the words before the first are shared
        (
            "Tickets cost 15 euros for adults and 8 euros for children.",
            "Tickets cost {} for children.",
            "8 euros",
            "15 euros",
        ),
        (
            "The museum is open from 10 am to 6 pm on weekdays and from 11 am to 5 pm on Sundays.",
            "The museum opens at {} on Sundays.",
            "11 am",
            "10 am",
        ),
        # the later part opens with a word of the first's ("in"): the first's own part starts there
        (
            "Reagan and Gorbachev held summits in Geneva in 1985 and in Reykjavik in 1986.",
            "Reagan and Gorbachev held a summit in Reykjavik in {}.",
            "1986",
            "1985",
        ),
        (
            "The Pro plan costs $20 per month and the Basic plan costs $5 per month.",
            "The Pro plan costs {} per month.",
            "$20",
            "$5",
        ),
        # the later part leaves out what the first says before its number ("The company")
        (
            "The company was founded in 1998 in Austin and moved to Denver in 2005.",
            "The company moved to Denver in {}.",
            "2005",
            "1998",
        ),
        # a list: the comma parts what "and" parts at its end; the later parts leave out the verb
        # and what the first says after its number ("of sleep"), which is shared
        (
            "Adults need 8 hours of sleep, teenagers 9 hours and young children 11 hours.",
            "Teenagers need {} of sleep.",
            "9 hours",
            "8 hours",
        ),
        (
            "Tickets cost 15 euros for adults, 8 euros for children and 5 euros for students.",
            "Tickets cost {} for children.",
            "8 euros",
            "15 euros",
        ),
    ],
)
def test_a_number_of_a_coordinated_sentence_is_read_in_its_own_part(
    sentence: str, claim: str, right: str, wrong: str
) -> None:
    """The words only one part of the sentence has ("for children", "on Sundays", "in Reykjavik")
    tell which of its numbers the claim speaks of (before, the words nearest each number did, and
    the first part's won: a true claim contradicted, a false one supported)."""
    assert check_slots(claim.format(right), [sentence], "en") is None
    _assert_contradicted(claim.format(wrong), [sentence], f"the context gives {right}, not {wrong}")


@pytest.mark.parametrize(
    ("sentence", "claim", "right", "wrong"),
    [
        # the words after the number say the opposite ("off" for "on"): that number is of another thing
        (
            "The headphones last up to 30 hours with ANC off and 20 hours with ANC on.",
            "The battery lasts {} with ANC on.",
            "20 hours",
            "30 hours",
        ),
        # ... or before it ("close on" for "open on"), a date of another month rivalling it then
        (
            "Applications open on 1 February and close on 15 March.",
            "Applications open on {}.",
            "1 February",
            "15 March",
        ),
        # a later part's own words only: "critical" is the first part's
        (
            "The patch fixes 12 security flaws, 2 of them rated critical and 3 rated high.",
            "The patch fixes 12 security flaws, {} of them critical.",
            "2",
            "3",
        ),
        # the dimension the claim gives, however worded ("long", "length")
        (
            "The bridge has a main span of 1,280 metres and a total length of 2,737 metres.",
            "The bridge is {} long.",
            "2,737 metres",
            "1,280 metres",
        ),
        (
            "The crate is 40 kg when empty and weighs 95 kg fully loaded.",
            "Fully loaded, the crate weighs {}.",
            "95 kg",
            "40 kg",
        ),
    ],
)
def test_a_number_is_told_by_its_dimension_and_the_opposites_beside_it(
    sentence: str, claim: str, right: str, wrong: str
) -> None:
    # before, the words the two numbers share decided: the first's won, a true claim contradicted
    # (the battery) or a false one supported (the others)
    assert check_slots(claim.format(right), [sentence], "en") is None
    _assert_contradicted(claim.format(wrong), [sentence], f"the context gives {right}, not {wrong}")


def test_the_opposite_after_a_number_decides_only_beside_the_claims_own_words() -> None:
    # no number of the sentence has the claim's words after it: the opposite ("before") is the
    # cue's to read, and the price the sentence gives with it stays the claim's
    finding = check_slots(
        "The course costs $1,000 if paid after June 1.",
        ["The course costs $1,200, or $1,000 if paid before June 1."],
        "en",
    )
    assert finding is None or finding.why != "the context gives $1,200, not $1,000"


@pytest.mark.parametrize(
    ("sentence", "claim", "right", "wrong"),
    [
        (
            "The Pfizer and Moderna vaccines were 95% and 94% effective, respectively.",
            "Moderna's vaccine was {} effective.",
            "94%",
            "95%",
        ),
        # a sentence's first word listed with a name is one too
        (
            "Paris and Lyon have 2.1 million and 0.5 million inhabitants, respectively.",
            "Lyon has {} inhabitants.",
            "0.5 million",
            "2.1 million",
        ),
    ],
)
def test_respectively_pairs_each_number_with_its_name(sentence: str, claim: str, right: str, wrong: str) -> None:
    # before, either number was read as the claim's: both claims were supported
    assert check_slots(claim.format(right), [sentence], "en") is None
    finding = check_slots(claim.format(wrong), [sentence], "en")
    assert finding is not None
    assert finding.label in ("contradicted", "unsupported")
    assert finding.decides
    # "respectively" with one number, or none, pairs nothing
    assert check_slots("Lyon has 0.5 million inhabitants.", ["Lyon and Paris grew, respectively."], "en") is not None
    assert check_slots("Lyon grew by 3%.", ["Lyon and Paris grew by 3% and 5%, respectively."], "en") is None


def test_respectively_after_a_count_pairs_each_number_with_its_rank() -> None:
    # "The two studies ... respectively" names no study: before, both numbers were the second's
    sentence = ["The two studies enrolled 1,200 and 800 patients, respectively."]
    # (a rank the context gives nowhere leaves the support uncertain, as before)
    finding = check_slots("The second study enrolled 800 patients.", sentence, "en")
    assert finding is not None
    assert (finding.kind, finding.decides) == ("number", False)
    assert check_slots("The first study enrolled 1,200 patients.", sentence, "en") is None
    _assert_contradicted(
        "The second study enrolled 1,200 patients.", sentence, "the context gives 800 patients, not 1,200 patients"
    )
    # without a count of as many things, a list of numbers pairs with no rank
    finding = check_slots(
        "The second study enrolled 1,200 patients.", ["Studies enrolled 1,200 and 800 patients, respectively."], "en"
    )
    assert finding is None or not finding.decides


def test_a_rank_singles_out_its_part_where_a_later_part_leaves_out_the_rest() -> None:
    # "the second found a 12% reduction" leaves out "in mortality", which only the first part has:
    # before, that word singled out no part and the first part's 20% supported the second study
    sentence = ["The first found a 20% reduction in mortality; the second found a 12% reduction."]
    _assert_contradicted(
        "The second study found a 20% reduction in mortality.", sentence, "the context gives 12%, not 20%"
    )
    assert check_slots("The second study found a 12% reduction in mortality.", sentence, "en") is None
    assert check_slots("The first study found a 20% reduction in mortality.", sentence, "en") is None


def test_a_comma_parts_a_list_only_where_its_part_opens_as_the_last_does() -> None:
    # ", improved from $3.41 ..." opens otherwise than "and $2.75 ...": no part of a list, so the
    # claim's "improved" does not single it out (a dev summary claim was contradicted so)
    sentence = [
        "Diluted earnings per share were $3.69 for the third quarter of 2021, improved from $3.41 in the second "
        "quarter of 2021 and $2.75 in the third quarter of 2020."
    ]
    assert check_slots("Third quarter 2021 diluted earnings per share improved to $3.69.", sentence, "en") is None


def test_a_bare_number_opening_a_later_part_counts_what_the_first_counts() -> None:
    # "and 300 in France" leaves out "employees": before, the true claim was contradicted (by
    # 1,200 employees, then by the place beside 1,200)
    sentence = ["The company has 1,200 employees in Germany and 300 in France."]
    assert check_slots("The company has 300 employees in France.", sentence, "en") is None
    _assert_contradicted(
        "The company has 1,200 employees in France.", sentence, "the context gives 300, not 1,200 employees"
    )


def test_the_claims_other_number_singles_out_a_part_of_a_coordinated_sentence() -> None:
    # "8,000 did" leaves out the words around the year: the claim's 8,000 ties 2020 to that part
    sentence = ["In 2019, 5,000 people attended the fair, and in 2020, 8,000 did."]
    assert check_slots("In 2020, 8,000 people attended the fair.", sentence, "en") is None
    _assert_contradicted(
        "In 2019, 8,000 people attended the fair.", sentence, "the context gives 5,000 people, not 8,000 people"
    )


def test_the_part_the_claim_singles_out_dates_its_event_by_its_own_words() -> None:
    # "in 1995" stands five words from "named Fighter of the Year": before, no word near it was the
    # claim's, the other part's 1998 was set apart, and the false claim went unchecked
    sentence = [
        "Oscar De La Hoya was named Fighter of the Year by The Ring magazine in 1995, and was their top-rated "
        "fighter in the world in 1998."
    ]
    _assert_contradicted(
        "Oscar de la Hoya was named Fighter of the Year in 1998.", sentence, "the context gives 1995, not 1998"
    )
    assert check_slots("Oscar de la Hoya was named Fighter of the Year in 1995.", sentence, "en") is None
    museum = ["The museum was founded by the city council in 1975, and was moved to its present building in 1998."]
    _assert_contradicted("The museum was founded in 1998.", museum, "the context gives 1975, not 1998")
    # only a number after a preposition dates its part's event: "the 1970s episode" describes a
    # noun, and so does "(2002)" a title (a climate_fever and a HaluEval original were rejected so)
    pdo = [
        'Pacific decadal oscillation: 1945/1946: The PDO changed to a "cool" phase, the pattern of this regime '
        "shift is similar to the 1970s episode with maximum amplitude in the subarctic and subtropical front but "
        "with a greater signature near the Japan while the 1970s shift was stronger near the American west coast."
    ]
    finding = check_slots("In 1946, PDO switched to a cool phase.", pdo, "en")
    assert finding is None or not finding.decides
    musicals = ['He has written the musicals "We Will Rock You" (2002) and "Love Never Dies" (2010).']
    assert check_slots('"Love Never Dies" is a 2010 musical he has written.', musicals, "en") is None


def test_a_total_the_claim_gives_is_the_one_the_context_gives_as_a_total() -> None:
    # before, the part's number sharing more of the claim's words stated the total ("11 of its
    # soldiers were killed"), and a true total was contradicted by it ("gives $2 million")
    israel = [
        "Israel said that 11 of its soldiers were killed in ground fighting in Gaza on Tuesday, "
        "taking the total to 326."
    ]
    _assert_contradicted(
        "Israel reported a total of 11 soldiers killed.", israel, "the context gives 326, not 11 soldiers"
    )
    fund = ["The fund raised $2 million last month, bringing the total raised to $9 million."]
    assert check_slots("The fund has raised $9 million in total.", fund, "en") is None
    _assert_contradicted(
        "The fund has raised $2 million in total.", fund, "the context gives $9 million, not $2 million"
    )
    store = ["The store sold 1,200 units in March, bringing the total for the quarter to 3,100."]
    _assert_contradicted("The store sold 1,200 units in total.", store, "the context gives 3,100, not 1,200 units")
    voters = ["Among young voters 71% backed the plan; overall, 62% did."]
    assert check_slots("Overall, 62% of voters backed the plan.", voters, "en") is None
    _assert_contradicted("Overall, 71% of voters backed the plan.", voters, "the context gives 62%, not 71%")
    # a claim that gives no total is read as before, and a total of another unit is no rival
    assert check_slots("The store sold 1,200 units in March.", store, "en") is None
    teams = ["The team scored a total of 45 points, while the total attendance was 12,000."]
    assert check_slots("The team scored a total of 45 points.", teams, "en") is None


def test_a_number_of_a_thing_the_claim_does_not_name_is_none_of_its_own() -> None:
    # "its metropolitan area had a population of 662,577" shares more of "Syracuse had a population
    # of 662,577" than "the city population was 145,170" does: before, the false claim was supported
    syracuse = [
        "Syracuse, New York.",
        "At the 2010 census, the city population was 145,170, and its metropolitan area had a population of 662,577.",
    ]
    _assert_contradicted(
        "Syracuse had a population of 662,577 in 2010.", syracuse, "the context gives 145,170, not 662,577"
    )
    assert check_slots("Syracuse had a population of 145,170 in 2010.", syracuse, "en") is None
    assert check_slots("The Syracuse metropolitan area had a population of 662,577 in 2010.", syracuse, "en") is None
    barcelona = [
        "Barcelona is the capital city of Catalonia, with a population of 1.6 million within city limits.",
        "Its urban area extends beyond the administrative city limits with a population of around 4.7 million people.",
    ]
    finding = check_slots("The population of Barcelona is 4.7 million.", barcelona, "en")
    assert finding is not None
    assert (finding.label, finding.decides) == ("contradicted", True)
    # a thing's number stands where no value of its kind is given of something else, or where the
    # claim names the thing by a word of it
    museum = ["The museum holds 35,000 works, and its annual attendance is 3 million visitors."]
    assert check_slots("The museum has 3 million visitors a year.", museum, "en") is None
    hotel = ["The hotel has 200 rooms, and its restaurant seats 80 guests."]
    assert check_slots("The restaurant seats 80 guests.", hotel, "en") is None
    # nor is a value the claim gives too of something else (a first version rejected this
    # climate_fever original of the larger training run: "the context does not state 90 centimetres")
    ipcc = [
        "Sea level rise: For example, in 2007 the Intergovernmental Panel on Climate Change (IPCC) projected a "
        "high end estimate of 60 cm (2 ft) through 2099, but their 2014 report raised the high-end estimate to "
        "about 90 cm (3 ft)."
    ]
    claim = "The most recent prediction of the IPCC is that seas will rise by 60 to 90 centimetres this century."
    assert check_slots(claim, ipcc, "en") is None


def test_values_listed_or_parts_of_one_date_single_out_no_part() -> None:
    # "the 1980s and the 1990s" lists two values of one kind: one part (before, the claim's 1980s
    # chose the first part and the 1990s went unstated: "the context gives 1962")
    listed = ["Rameez Raja (born 14 August 1962) represented Pakistan during the 1980s and the 1990s."]
    assert check_slots("Rameez Raja represented Pakistan in the 1980s and the 1990s.", listed, "en") is None
    # the claim's 2023 is its date's year, which a dateline gives: it ties October 29 to no part
    dated = [
        "Oct 28, 2023 Updated 7 hrs ago 0Skygazers across Japan witnessed the Hunter's Moon, October's full moon, "
        "and a partial lunar eclipse on early Sunday, October 29."
    ]
    claim = (
        "On October 29, 2023, Skygazers were treated to a partial lunar eclipse during the Hunter's Moon, "
        "the full moon of October."
    )
    assert check_slots(claim, dated, "en") is None


def test_a_part_stating_the_claims_number_keeps_it_when_it_says_as_much_of_the_claim() -> None:
    # "human" stands only in the second part, "agreed" in the first and the third: the part that
    # states 97% says as much of the claim, so it is not left out (without the guard: "gives 84%")
    sentence = [
        "97% of the scientists surveyed agreed that global temperatures had increased during the past 100 years; "
        "84% said they believed human-induced warming was occurring, and 74% agreed that the evidence showed it."
    ]
    assert check_slots("97% of climate experts agree humans are causing global warming.", sentence, "en") is None


def test_how_often_in_one_word_counts_times() -> None:
    # "twice daily" is two times daily: against "three times daily", another count of the same
    # thing (before, no number was read, and the claim was supported)
    leaflet = ["The patient should receive 500 mg of amoxicillin three times daily for 7 days."]
    _assert_contradicted(
        "The patient should receive amoxicillin twice daily.", leaflet, "the context gives three times, not twice"
    )
    assert check_slots("Take the tablets twice a day.", ["Take the tablets 2 times a day with food."], "en") is None
    # "once" as a conjunction and "twice as" as a factor count nothing
    numbers, _ = claim_slots("Once approved, sales were twice as high.", "en")
    assert numbers == ()


def test_a_time_of_day_counts_hours_of_the_morning_or_the_afternoon() -> None:
    # "am" after a number is no verb: "10 am", "11 a.m." and "5 pm" are times of one day, the last
    # its 17th hour
    numbers, _ = claim_slots("Doors open at 10 am or 11 a.m. and close at 5 pm.", "en")
    assert [(n.text, n.unit, n.value) for n in numbers] == [
        ("10 am", "o'clock", 10.0),
        ("11 a.m.", "o'clock", 11.0),
        ("5 pm", "o'clock", 17.0),
    ]
    _assert_contradicted(
        "Doors open at 10 am.", ["Doors open at 11 a.m. and close at 5 pm."], "the context gives 11 a.m., not 10 am"
    )


def test_a_pronoun_or_an_alias_in_the_names_place_keeps_the_claim() -> None:
    """A pronoun may refer to the claim's name: it keeps the claim, but the name is not aligned, so
    a support resting on it is uncertain (a cascade asks the LLM)."""
    pronoun = ["Her role in Southland earned her Critics' Choice Award nominations."]
    claim = "Regina King earned award nominations for her role in Southland."
    finding = check_slots(claim, pronoun, "en")
    assert finding is not None
    assert (finding.label, finding.certain, finding.decides) == ("unsupported", False, False)
    assert finding.why == "the evidence does not name Regina King"
    named = check_slots(claim, ["Regina King is an actress.", *pronoun], "en")
    assert named is None
    alias = ["Interest rates will rise again next year, Fed officials told reporters on Monday."]
    claim = "Interest rates will rise again next year, Federal Reserve officials told reporters on Monday."
    assert check_slots(claim, alias, "en") is None


def test_a_sentence_opening_with_a_description_may_speak_of_the_claims_name() -> None:
    # "The show" may be Weekly Idol, as "she" may be Regina King; a description of something the
    # claim names itself ("The hosts") or something new ("A rapper") is no reference to the name
    show = ["The show is hosted by comedian Jeong Hyeong-don and rapper Defconn."]
    described = check_slots("Weekly Idol is hosted by comedian Jeong Hyeong-don.", show, "en")
    assert described is not None  # no wrong entity: only "not named here", which decides nothing
    assert (described.why, described.decides) == ("the evidence does not name Weekly Idol", False)
    hosts = ["The hosts are comedian Jeong Hyeong-don and rapper Defconn."]
    finding = check_slots("The hosts are comedian Jeong Hyeong-don and rapper Weekly Idol.", hosts, "en")
    assert finding is not None
    assert finding.why == "the context names Defconn here, not Weekly Idol"
    new = ["A rapper, Defconn, hosts the show with comedian Jeong Hyeong-don."]
    finding = check_slots("A rapper, Weekly Idol, hosts the show with comedian Jeong Hyeong-don.", new, "en")
    assert finding is not None
    assert finding.label == "wrong_entity"


def test_a_possessive_name_the_sentence_gives_after_of_keeps_the_claim() -> None:
    # "Laconia's main river" is "the main river of Laconia": "Evrotas" stands in its place, but the
    # sentence names Laconia
    sentence = ["The Eurotas or Evrotas is the main river of Laconia and one of the major rivers of the Peloponnese."]
    assert check_slots("Eurotas is Laconia's main river.", sentence, "en") is None
    finding = check_slots("Eurotas is Messenia's main river.", sentence, "en")
    assert finding is not None
    assert finding.label == "wrong_entity"


_PRIZE = [
    "She was part of the Tribune team that won the 2019 Pulitzer Prize for coverage of the flood.",
    "Maria Lopez later joined the Peabody Awards board.",
]


def test_a_name_where_the_sentence_copying_the_claim_has_another_is_the_wrong_entity() -> None:
    # word by word, the sentence copies the claim around its name ("won the 2019 ... for coverage")
    # and has another name there; a pronoun in the sentence does not save it
    claim = "Maria Lopez was part of the Tribune team that won the 2019 {} for coverage of the flood."
    _assert_named_otherwise(claim, "Peabody Awards", "Pulitzer Prize", _PRIZE)


def test_a_name_between_the_words_the_sentence_has_around_another_is_the_wrong_entity() -> None:
    # the sentence words the rest of the claim otherwise, but has "a ... seller" around another name
    sentences = [
        "The King marked his 75th birthday by launching an initiative to support charities - and surprised a "
        "Big Issue seller with a generous donation.",
        "Mike Tindall and Zara Tindall attended the party.",
    ]
    claim = "The King launched an initiative to aid charities and made a surprise donation to a {} seller."
    _assert_named_otherwise(claim, "Mike Tindall", "Big Issue", sentences)


def test_a_sentences_first_word_is_a_name_where_the_evidence_names_someone_so() -> None:
    # "Mahomes" opening its sentence alone was no name (as "The" or "However" is none)
    sentences = [
        "Jalen Hurts threw for 304 yards, while Patrick Mahomes threw for 182 yards and 3 touchdowns.",
        "Mahomes was named MVP.",
    ]
    _assert_named_otherwise("{} was named MVP.", "Jalen Hurts", "Mahomes", sentences)
    assert check_slots("Patrick Mahomes was named MVP.", sentences, "en") is None


def test_a_claims_first_word_is_a_name_where_the_evidence_capitalises_it_inside_a_sentence() -> None:
    # people write "premium" in lower case, and no name of two words ends with it: the claim's first
    # word was no name, and a claim with no other name was not checked at all
    grok = ["On Saturday, xAI announced Grok.", "Grok is a new large language model.", "It comes to X Premium users."]
    finding = _finding("Premium is a new large language model from xAI.", grok)
    assert (finding.label, finding.why) == ("wrong_entity", "the context names Grok here, not Premium")
    assert check_slots("Grok is a new large language model from xAI.", grok, "en") is None
    # a word the evidence capitalises only where a sentence opens is still no name
    assert check_slots("Premium users get it first.", ["Premium users get Grok first."], "en") is None


def test_a_sentence_naming_the_claims_name_elsewhere_still_shows_another_in_its_place() -> None:
    # the sentence names Hartwell too, but what the claim says of Hartwell ("won the Lindqvist Prize")
    # it says of Mara Osei
    sentences = ["Born in Hartwell, the chemist Mara Osei won the Lindqvist Prize in 2011 for her work on catalysts."]
    claim = "The chemist {} won the Lindqvist Prize in 2011 for her work on catalysts."
    _assert_named_otherwise(claim, "Hartwell", "Mara Osei", sentences)
    verdict = Faithfulness().check_claims([claim.format("Hartwell")], sentences)[0]
    assert (verdict.label, verdict.supported) == ("wrong_entity", False)


@pytest.mark.parametrize(
    "sentence",
    [
        # a list names both, the claim's name right before the claim's words
        "The chemists Ada Brennan and Mara Osei won the Lindqvist Prize in 2011 for their work on catalysts.",
        # the claim's name stands between the claim's words itself
        "Mara Osei won the Lindqvist Prize in 2011 for catalysts, and Ada Brennan won the Lindqvist Prize in 2014.",
        # past a comma, the words after another name are no longer its own: the chair won it
        "The committee chair Mara Osei, speaking with the chemist Ada Brennan, won the Lindqvist Prize in 2011.",
    ],
)
def test_a_sentence_naming_the_claims_name_too_keeps_it_unless_another_stands_in_its_place(sentence: str) -> None:
    assert check_slots("Mara Osei won the Lindqvist Prize in 2011.", [sentence], "en") is None


def test_a_name_with_other_words_in_its_place_is_not_aligned_word_by_word() -> None:
    # the claim's words beside its name differ too ("predominantly Muslim" / "neighboring Stavropol"):
    # the sentence may speak of another thing, so the names are not set against each other
    sentences = [
        "The airport in Makhachkala is the capital of the predominantly Muslim region.",
        "Israeli flights to Mineralnye Vody in the neighboring Stavropol region will be redirected, the agency said.",
    ]
    claim = (
        "Rosaviatsia redirected Israeli flights to Mineralnye Vody following a mob attack at the airport "
        "in the predominantly Muslim region of Dagestan."
    )
    # what is left unaligned is the agency's name ("the agency said"), which decides nothing
    finding = _finding(claim, sentences)
    assert (finding.why, finding.decides) == ("the evidence does not name Rosaviatsia", False)
    alias = ["The Fed raised its key rate by a quarter point on Wednesday."]
    assert check_slots("The Federal Reserve raised its key rate by a quarter point on Wednesday.", alias, "en") is None


def test_a_name_is_checked_in_the_sentences_the_context_was_split_into() -> None:
    """Evidence joined from indexed sentences is not split again: "... about Roe v." and the next
    sentence would merge into one that names both "Roe" and "Al-Shifa", and the swapped name would
    pass as stated beside the right one."""
    passage = (
        "Voters are still angry about Roe v.\n"
        "Power outages at Gaza's Al-Shifa hospital are forcing medical staff to remove premature babies "
        "from life-saving incubators.\n"
        "The hospital is the largest in the territory."
    )
    claim = (
        "Due to power outages at Gaza's Roe hospital, medical staff are faced with the critical challenge "
        "of removing premature babies from life-saving incubators."
    )
    (verdict,) = Faithfulness().check_claims([claim], [passage])
    assert verdict.label == "wrong_entity"
    assert verdict.reason.startswith("the context names Al-Shifa here, not Roe")
    (right,) = Faithfulness().check_claims([claim.replace("Roe", "Al-Shifa")], [passage])
    assert right.supported


@pytest.mark.parametrize(
    ("lang", "claim", "sentence"),
    [
        # French and German set a space before the sign, tokenized text too: "9 %" is 9 per cent,
        # not the count of towns the sentence gives 9 of
        (
            "fr",
            "Le chômage a touché 9 % des habitants en 2020.",
            "En 2020, le chômage a touché 9 villes et 7 % des habitants.",
        ),
        (
            "en",
            "Unemployment hit 9 % of residents in 2020.",
            "In 2020 , unemployment hit 9 towns and 7 % of residents .",
        ),
        (
            "de",
            "Die Arbeitslosigkeit traf 2020 9 % der Einwohner.",
            "2020 traf die Arbeitslosigkeit 9 Städte und 7\u202f% der Einwohner.",
        ),
    ],
)
def test_a_per_cent_sign_after_a_space_is_a_per_cent(lang: Lang, claim: str, sentence: str) -> None:
    finding = check_slots(claim, [sentence], lang)
    assert finding is not None
    assert (finding.label, finding.why) == ("contradicted", "the context gives 7%, not 9%")
    assert Faithfulness(lang=lang).check_claims([claim], [sentence])[0].label == "contradicted"


@pytest.mark.parametrize("space", [" ", "\u00a0", "\u202f"])
def test_thousands_parted_by_a_space_are_one_number(space: str) -> None:
    """French (and SI style) write 13 000 for 13,000: one number, stated however the claim writes
    it, and a reason that names it whole (before, "13" and "0 kilomètres" were two numbers)."""
    context = [f"Le modèle X200 coûte 1{space}299 euros. La garantie couvre 13{space}000 kilomètres ou deux ans."]
    metric = Faithfulness(lang="fr")
    same, written_together, other, price = metric.check_claims(
        [
            f"La garantie couvre 13{space}000 kilomètres.",
            "La garantie couvre 13000 kilomètres.",
            "La garantie couvre 20 000 kilomètres.",
            "Le modèle X200 coûte 1 499 euros.",
        ],
        context,
    )
    assert same.supported
    assert written_together.supported
    assert other.label == "contradicted"
    assert other.reason.startswith(f"the context gives 13{space}000 kilomètres, not 20 000 kilomètres")
    assert price.reason.startswith(f"the context gives 1{space}299 euros, not 1 499 euros")
    numbers, _ = claim_slots("In 2019 300 people came.", "en")
    assert [n.value for n in numbers] == [2019.0, 300.0]  # a year is no group of three digits


def test_thousands_in_tokenized_text_are_one_number() -> None:
    """Text tokenized for NLP (CNN/Daily Mail) puts a space after every comma: "735, 000" is 735,000
    (before, "the context gives 000 followers, not 735,000 followers"); a list stays a list."""
    context = ["The pair share images on instagram, where jay has 735, 000 followers and alexis 40, 584."]
    supported, other = Faithfulness().check_claims(
        ["Jay has 735,000 followers on instagram.", "Jay has 635,000 followers on instagram."], context
    )
    assert supported.supported
    assert other.label == "contradicted"
    assert other.reason.startswith("the context gives 735, 000 followers, not 635,000 followers")
    numbers, _ = claim_slots("Targets include 460, 464 and 468 in 50, 100 or 200 years.", "en")
    assert [n.value for n in numbers] == [460.0, 464.0, 468.0, 50.0, 100.0, 200.0]


def test_a_number_written_in_words_is_read_whole() -> None:
    """ "Sixty-five people" is 65 people: read word by word it was 60 and 5 people, and a true claim
    was contradicted ("the context gives 65 people, not Sixty-five people")."""
    context = ["In addition to the 65 people in court in Letpadan on Wednesday, five were charged in absentia."]
    same, other = Faithfulness().check_claims(
        ["Sixty-five people have appeared in court in Letpadan.", "Seventy-five people have appeared in court."],
        context,
    )
    assert same.supported
    assert not other.supported
    assert other.reason.startswith("the context does not state 75")
    (french,) = Faithfulness(lang="fr").check_claims(
        ["Vingt-deux personnes ont été blessées."], ["22 personnes ont été blessées lors de l'accident."]
    )
    assert french.supported


def test_a_measure_the_context_gives_otherwise_is_not_supported() -> None:
    """A claim's measure (a weight, a date) that the evidence gives only otherwise is not
    supported: its value in another unit ("5 kg" for "5 lb", "19 June" for "April 19"), or its unit
    with another value ("October 29" for "October 7", beside a bare 7): before, the value in the bag
    of numbers let it pass. The same unit written otherwise
    ("90 percent", "90%"; "40 feet", "40-foot") is the same measure."""
    metric = Faithfulness()
    weight, death = metric.check_claims(
        ["The X200 blender weighs 5 lb.", "On April 19, 2008 Shomu Mukherjee died."],
        [
            "The X200 blender weighs 5 kg and comes with a 2-year warranty.",
            "Shomu Mukherjee (19 June 1943 - 10 April 2008) was a Bengali Indian director.",
        ],
    )
    assert not weight.supported
    assert weight.reason.startswith("the context does not state 5 lb")
    assert not death.supported
    (eclipse,) = metric.check_claims(
        ["On October 7, Skygazers were treated to a partial lunar eclipse during the Hunter's Moon."],
        [
            "Skygazers across Japan witnessed a partial lunar eclipse on Sunday, October 29. "
            "Seven observatories streamed it."
        ],
    )
    assert not eclipse.supported  # a date stated nowhere, though the bag of numbers holds a 7
    assert eclipse.reason.startswith("the context does not state October 7")
    share, craters, day = metric.check_claims(
        [
            "The vaccine is 90% effective in preventing disease.",
            "The strike created 40-foot-wide impact craters.",
            "Satellite imagery from October 31 revealed craters in Jabaliya.",
        ],
        [
            "The vaccine is 90 percent effective in preventing disease, a study finds.",
            "Two impact craters created by the strike are roughly 40 feet wide.",
            "Satellite imagery acquired on October 31 shows craters in Jabaliya.",
        ],
    )
    assert share.supported, share.reason
    assert craters.supported, craters.reason
    assert day.supported, day.reason


def test_a_round_figure_states_the_value_it_rounds() -> None:
    """ "over 9,000" and "more than 100" state 9,061 and 116, "$3.6 million" states $3.64 million;
    a bare 100 does not state 116, and neither does "more than 101" (before, every one of these
    was "the context gives ..., not ...")."""
    context = [
        "The Health Ministry in Gaza said on Thursday that 9,061 people have been killed in the Strip. "
        "Mexican authorities have begun exhuming 116 bodies found buried in a mass grave in Morelos. "
        "The 750-piece collection fetched a total of $3.64 million at Bonhams in New York."
    ]
    verdicts = Faithfulness().check_claims(
        [
            "The Health Ministry in Gaza said over 9,000 people have been killed in the Strip.",
            "Mexican authorities have begun exhuming more than 100 bodies from a mass grave in Morelos.",
            "The collection fetched $3.6 million at Bonhams in New York.",
            "Mexican authorities have begun exhuming 100 bodies from a mass grave in Morelos.",
            "Mexican authorities have begun exhuming more than 101 bodies from a mass grave in Morelos.",
        ],
        context,
    )
    assert [v.supported for v in verdicts] == [True, True, True, False, False], [v.reason for v in verdicts]
    assert verdicts[3].reason.startswith("the context gives 116 bodies, not 100 bodies")
    assert rounds_to(2000, 2004) is False  # a year is a round figure of nothing


def test_a_year_after_a_month_is_a_date() -> None:
    """ "February 1798" is no date of "5 February 1748 -- 28 January 1798": the year stands in the
    context, but after another month (before, any 1798 stated it)."""
    sentences = ["Christian Gottlob Neefe (5 February 1748 - 28 January 1798) was a German opera composer."]
    finding = check_slots("Christian Gottlob Neefe was honoured in February 1798.", sentences, "en")
    assert finding is not None
    assert finding.why == "the context does not state February 1798"
    born = check_slots("Christian Gottlob Neefe was born in February 1798.", sentences, "en")
    assert born is not None
    assert born.why == "the context gives 1748 as the year of birth, not February 1798"
    assert check_slots("Christian Gottlob Neefe was born in February 1748.", sentences, "en") is None
    assert check_slots("Christian Gottlob Neefe died in 1798.", sentences, "en") is None


def test_a_value_the_sentence_gives_of_something_else_leaves_the_rival() -> None:
    """The sentence names Alice's age, 56, and the sheriff's 18 years: the claim's bare 18 is her age by
    its words around, so 56 is its rival (before, any 18 in the sentence left it open); "21 last
    year" counts nothing called "last"."""
    sentences = [
        "Alice Kovach, 56, was arrested last Friday and charged with neglect after police found the man in her "
        "care weighing only 89 pounds, said the sheriff, who has served for 18 years.",
        "However, 36 motorcyclists were killed on London's roads last year, a toll that is unacceptably high.",
        "In London, injuries rose by nearly 21% to 5,233.",
    ]
    age = check_slots("Alice Kovach, 18, was arrested last Friday and charged with neglect.", sentences, "en")
    assert age is not None
    assert age.why == "the context gives 56, not 18"
    deaths = check_slots("The number of motorcyclists killed on London's roads reached 21 last year.", sentences, "en")
    assert deaths is not None
    assert deaths.why == "the context gives 36 motorcyclists, not 21"
    assert check_slots("Alice Kovach, 56, was arrested last Friday.", sentences, "en") is None


def test_counts_of_different_words_are_rivals_by_their_words_around() -> None:
    """ "sites" and "targets" measure nothing: which count the claim means is told by the words
    around them, as for a bare number; a sentence naming the claim's counted word beside another
    count ("the women in three cities") gives no rival for it."""
    sentences = [
        "The Israeli Defense Forces said aircraft struck 450 targets overnight, including tunnels and compounds.",
        "A spokesman said 242 reservists were called up.",
    ]
    claim = "IDF aircraft struck over 242 sites overnight, including tunnels and compounds."
    sites = check_slots(claim, sentences, "en")
    assert sites is not None
    assert sites.why == "the context gives 450 targets, not 242 sites"
    assert check_slots("IDF aircraft struck 450 sites overnight, including tunnels.", sentences, "en") is None
    women = [
        "The United States is urging China to release five young feminists over their campaign for equality.",
        "Authorities detained the women in three cities, Beijing, Guangzhou and Hangzhou.",
    ]
    assert check_slots("China is urged to release the five women held over their campaign.", women, "en") is None
    detained = check_slots("Authorities detained the five women over their campaign.", women, "en")
    assert detained is None or "three cities" not in detained.why


def test_a_value_the_claim_gives_something_else_is_still_a_rival() -> None:
    """The claim's "six guests" does not make the sentence's "$ 6 each" the claim's own value: it
    rivals the claim's price (before, any number with one of the claim's values was passed over,
    and the dessert's "$ 2" in another sentence stated it)."""
    sentences = [
        "Chef Mara Quill has made holiday menus that will feed six guests for less than $ 6 each.",
        "Her plum pudding, which came in at $ 2 per guest, is the menu's favourite.",
    ]
    claim = "Chef Mara Quill has made holiday menus that will feed six guests for less than $ 2 each."
    finding = check_slots(claim, sentences, "en")
    assert finding is not None
    assert (finding.label, finding.why) == ("contradicted", "the context gives $6, not $2")
    assert check_slots(claim.replace("$ 2", "$ 6"), sentences, "en") is None


def test_a_numbered_name_the_context_numbers_otherwise_is_contradicted() -> None:
    """ "Android 11" where the context speaks only of "Android 14" is another version (before, the
    bare 11 found no rival); a name the context also numbers so is kept, and so is a month's day."""
    sentences = ["Samsung owners will receive the Android 14 update, with a new emoji design.", "It takes 11 minutes."]
    finding = check_slots("The Android 11 update brings a new emoji design to Samsung phones.", sentences, "en")
    assert finding is not None
    assert (finding.label, finding.why) == ("contradicted", "the context gives Android 14, not Android 11")
    assert check_slots("The Android 14 update brings a new emoji design.", sentences, "en") is None
    both = ["He wrote Scream, as well as its sequels Scream 2 and Scream 4."]
    assert check_slots("He wrote the film Scream 4.", both, "en") is None


_RELEASES = [
    "Version 3.2 was released on 14 March 2024.",
    "It adds support for Python 3.12 and drops support for Python 3.7.",
    "The previous release, version 3.1, came out in October 2023.",
    "Version 3.2 requires at least 4 GB of RAM.",
]


@pytest.mark.parametrize(
    ("claim", "why"),
    [
        # a version is a label (the lexicon's label_words; any case), its number "3.12", not a
        # count of what follows ("3.2 adds"): before, "the context gives 3.7, not 3.2 adds"
        ("Version 3.2 adds support for Python 3.12.", None),
        ("Version 3.2 drops support for Python 3.12.", "the context gives Python 3.7, not Python 3.12"),
        # the numbered name stated where the rest of the claim is: by its words, or by the claim's
        # other numbers ("October 2023", "4 GB")
        ("Version 3.2 was released in October 2023.", "the context gives Version 3.1, not Version 3.2"),
        ("Version 3.1 requires at least 4 GB of RAM.", "the context gives Version 3.2, not Version 3.1"),
        ("Version 3.1 was released in October 2023.", None),
    ],
)
def test_a_numbered_name_is_aligned_with_the_rest_of_the_claim(claim: str, why: str | None) -> None:
    if why is None:
        assert check_slots(claim, _RELEASES, "en") is None
    else:
        _assert_contradicted(claim, _RELEASES, why)


def test_a_claims_first_word_numbers_a_name_the_context_numbers_mid_sentence() -> None:
    """ "Cars 16" opening the claim is a name where the context writes "Cars 2" inside a sentence;
    "Take 2 tablets" numbers no name, whatever the context's first words are."""
    sentences = ["Cars 3 is an upcoming 2017 Pixar film.", "It is directed by Brian Fee, an artist on Cars 2 (2011)."]
    finding = check_slots("Cars 16 is directed by Brian Fee.", sentences, "en")
    assert finding is not None
    # the sentence stating the rest of the claim ("directed by Brian Fee") numbers Cars 2
    assert (finding.label, finding.why) == ("contradicted", "the context gives Cars 2, not Cars 16")
    assert check_slots("Cars 3 is directed by Brian Fee.", sentences, "en") is None
    assert (
        check_slots("Take 2 tablets up to 4 times a day.", ["Take 1 or 2 tablets up to 4 times a day."], "en") is None
    )


def test_a_day_may_be_an_ordinal_beside_its_month() -> None:
    """ "March 5th" and "the 5th of March" state March 5 (an ordinal elsewhere counts nothing); a
    date the evidence writes in a way not read here ("2019-03-05") decides nothing."""
    claim = "The album was released on March 5, 2019."
    assert check_slots(claim, ["The album came out on March 5th, 2019, to acclaim."], "en") is None
    assert check_slots(claim, ["The album came out on the 5th of March 2019."], "en") is None
    other = check_slots("The album was released on March 6th, 2019.", ["The album came out on March 5, 2019."], "en")
    assert other is not None
    assert other.why == "the context gives March 5, not March 6th"
    iso = check_slots(claim, ["The album came out on 2019-03-05."], "en")
    assert iso is None or not iso.decides


_ARREST = [
    "In a police video released on monday, sapp, 42, cries, cackles and confesses about what exactly went down "
    "back on february 2 in the renaissance hotel.",
    "Sapp was charged with soliciting prostitution and two counts of assault.",
    "The two women who were arrested along with sapp were britney osbourne, 23, and 34-year-old quying boyd.",
]


def test_an_age_however_written_is_compared_with_the_same_persons_age() -> None:
    # "Sapp, 2," is an age (set off by commas after a name): "february 2" is a date, no age of Sapp
    claim = "The women were arrested in phoenix along with sapp. Sapp, 2, was charged with soliciting prostitution."
    finding = check_slots(claim, _ARREST[:2], "en")
    assert finding is not None
    assert (finding.label, finding.why) == ("contradicted", "the context gives 42, not 2")
    aged = check_slots(
        "They planned to sell the home to fellow conman Benjamin Khoury, aged 34.",
        ["They were about to sell the house to fellow conman, 26-year-old Benjamin Khoury."],
        "en",
    )
    assert aged is not None
    assert (aged.label, aged.why) == ("contradicted", "the context gives 26-year-old, not 34")


def test_an_age_set_off_in_tokenized_text_is_an_age() -> None:
    # datasets split commas off words ("man , 25 ,"): the number is still the man's age, and a
    # day of a month ("Tue 13 Oct") states no age
    context = [
        "Posted Tue 13 Oct 2020. Doctors reported the first case of a reinfection.",
        "A 25-year-old man was infected with the virus twice, a study found.",
    ]
    finding = check_slots("Man , 13 , was infected with the virus twice", context, "en")
    assert finding is not None
    assert (finding.label, finding.why) == ("contradicted", "the context gives 25-year-old, not 13")
    assert check_slots("Man , 25 , was infected with the virus twice", context, "en") is None


def test_an_age_at_the_age_of_is_an_age_of_the_claims_subject() -> None:
    context = ["Werber died of natural causes on Thursday, January 22, 2009 in Charlotte."]
    numbers, _ = claim_slots("Werber died at the age of 22.", "en")
    assert [(n.value, n.unit, n.age_of) for n in numbers] == [(22.0, "year", frozenset())]
    finding = check_slots("Werber died in Charlotte at the age of 22.", context, "en")
    assert finding is not None
    assert (finding.label, finding.decides) == ("unsupported", True)  # a day is no age
    aged = ["Werber, 100, died of natural causes on Thursday, January 22, 2009 in Charlotte."]
    assert check_slots("Werber died in Charlotte at the age of 100.", aged, "en") is None


def test_someone_elses_age_is_no_rival() -> None:
    # the sentence gives the ages of the two women, not Sapp's: neither contradicts nor decides
    finding = check_slots("The women were arrested along with sapp. Sapp, 42, was charged.", _ARREST[2:], "en")
    assert finding is not None
    assert (finding.label, finding.decides) == ("unsupported", False)
    numbers, _ = claim_slots("On June 2, 2019, they met. Chapters 3, 4, 5 tell it.", "en")
    assert all(not n.age_of for n in numbers)  # a date and a list are no ages


@pytest.mark.parametrize(("age", "rival"), [(43, "54"), (54, None), (41, "54")])
def test_an_age_is_aligned_by_whose_it_is(age: int, rival: str | None) -> None:
    """The same person's age in a sentence sharing none of the claim's other words is the one the
    claim gives, before another person's age of the claim's value (before, her 54 was not aligned
    and "Karl Bosch, 43," stated Lena Brandt's 43: the claim stood)."""
    context = [
        "Dr. Lena Brandt, 54, pleaded not guilty to arson charges on Wednesday.",
        "Two other men, identified as Karl Bosch, 43, and Uwe Lenz, 41, were named as accomplices.",
    ]
    finding = check_slots(f"Dr. Lena Brandt, {age}, was arrested for selling drugs.", context, "en")
    if rival is None:
        assert finding is None
    else:
        assert finding is not None
        assert (finding.label, finding.why) == ("contradicted", f"the context gives {rival}, not {age}")


def test_a_score_or_odds_is_read_as_both_its_sides() -> None:
    context = ["Borini came on as a second - half substitute in liverpool's 2 - 0 win against newcastle on monday."]
    claim = "Borini came on as a substitute in liverpool's {} win against newcastle on monday."
    finding = check_slots(claim.format("17-0"), context, "en")
    assert finding is not None
    assert (finding.label, finding.why) == ("contradicted", "the context gives 2 - 0, not 17-0")
    assert check_slots(claim.format("2-0"), context, "en") is None
    odds, _ = claim_slots("The 25-1 outsider won; it was a 2\u20131 defeat for them.", "en")
    assert [(n.text, n.unit) for n in odds] == [("25-1", "score"), ("2\u20131", "score")]
    ranges, _ = claim_slots("People aged 18-24 and the 2018-19 season.", "en")
    assert all(n.unit != "score" for n in ranges)  # a range, no word of a match or a bet beside it


def test_one_before_a_unit_of_time_is_a_number() -> None:
    # before, "one" alone was no number: "labour for one year" gave nothing to rival "two years"
    warranty = ["The warranty covers parts for two years and labour for one year."]
    _assert_contradicted(
        "The warranty covers labour for two years.", warranty, "the context gives one year, not two years"
    )
    assert check_slots("The warranty covers labour for one year.", warranty, "en") is None
    assert check_slots("The warranty covers labour for 12 months.", warranty, "en") is None
    numbers, _ = claim_slots("One of them stayed for twenty-one years.", "en")
    assert [(n.text, n.value) for n in numbers] == [("twenty-one years", 21.0)]


def test_one_before_a_noun_or_after_a_word_that_stands_before_a_number_is_a_number() -> None:
    # before, "one dose" and "after one" were no numbers: "52% effective after one dose" was
    # contradicted by the part giving 95% after two doses, and "95% ... after one dose" supported
    vaccine = ["The vaccine is 95% effective after two doses and 52% after one."]
    assert check_slots("The vaccine is 52% effective after one dose.", vaccine, "en") is None
    assert check_slots("The vaccine is 95% effective after two doses.", vaccine, "en") is None
    finding = check_slots("The vaccine is 95% effective after one dose.", vaccine, "en")
    assert finding is not None
    assert finding.label == "contradicted"
    numbers, _ = claim_slots("It sleeps two, with one bathroom. No one came; the one on the left won.", "en")
    assert [(n.text, n.value) for n in numbers] == [("two", 2.0), ("one bathroom", 1.0)]
    # a fraction, a larger number, a count after a comma: no "one" of a noun read here
    others, _ = claim_slots("It found one third of pupils, almost one million views; third, one point off.", "en")
    assert 1.0 not in [n.value for n in others]
    alone, _ = claim_slots("He scored after one minute, and again after one.", "en")
    assert [n.value for n in alone] == [1.0, 1.0]
    assert claim_slots("It was the best one.", "en")[0] == ()  # no number stands after "best"


def test_a_time_of_day_with_its_minutes_is_one_number() -> None:
    # before, "9:15" was left out as two parts of a compound: the train's time was never compared
    timetable = ["The train leaves at 9:45.", "The bus leaves at 9:15."]
    _assert_contradicted("The train leaves at 9:15.", timetable, "the context gives 9:45, not 9:15")
    assert check_slots("The train leaves at 9:45.", timetable, "en") is None
    # one time however the clock is written; a lap time is none (a verse reads as a time, and is
    # compared as rightly)
    assert check_slots("The train leaves at 9:45 pm.", ["The train leaves at 21:45."], "en") is None
    times, _ = claim_slots("Doors open at 7:30 p.m.; see John 3:16 and a lap of 1:02:33.", "en")
    assert [(n.text, n.value, n.unit) for n in times] == [("7:30 p.m.", 450.0, "clock"), ("3:16", 196.0, "clock")]
    # the words around a time single out its part of a coordinated sentence, as a number's do
    flight = ["The flight departs at 14:05 and lands at 16:50."]
    _assert_contradicted("The flight lands at 14:05.", flight, "the context gives 16:50, not 14:05")
    assert check_slots("The flight departs at 2:05 pm.", flight, "en") is None
    # and the lexical reading has one number for it, not the hour and the minutes
    assert analyze("The flight departs at 2:05 pm.", "en").numbers == analyze("It left at 14:05.", "en").numbers


_FED = [
    "The U.S. central bank may have to do more to reduce inflation to its 2% target, "
    "Minneapolis Federal Reserve President Neel Kashkari said.",
    '"There are concerns in the oil markets," said Mizuho analyst Robert Yawger.',
]


def test_a_claim_said_by_someone_the_sentence_stating_it_does_not_name_is_the_wrong_entity() -> None:
    claim = "{} of the U.S. central bank suggests it may have to do more to reduce inflation to its 2% target."
    finding = check_slots(claim.format("Robert Yawger"), _FED, "en")
    assert finding is not None
    assert finding.label == "wrong_entity"
    assert finding.why.startswith("the context names Minneapolis Federal Reserve President Neel Kashkari here")
    assert check_slots(claim.format("Neel Kashkari"), _FED, "en") is None


def test_a_speaker_is_read_after_an_attribution_of_the_lexicon() -> None:
    context = [
        "The U.S. central bank may have to do more to reduce inflation to its 2% target, "
        "according to Minneapolis Federal Reserve President Neel Kashkari."
    ]
    claim = "{} of the U.S. central bank suggests it may have to do more to reduce inflation to its 2% target."
    finding = check_slots(claim.format("Robert Yawger"), context, "en")
    assert finding is not None
    assert finding.label == "wrong_entity"
    assert check_slots(claim.format("Neel Kashkari"), context, "en") is None
    # the German lexicon lists no verbs of saying (nor attributions): no speaker is read there
    assert slots_module._speaker(context[0], "en") is not None
    assert slots_module._speaker("Die Inflation sinke, sagte Neel Kashkari.", "de") is None


def test_a_decade_is_stated_by_a_year_in_it_and_contradicted_by_one_outside() -> None:
    sentence = ["Paramore is an American rock band from Franklin, Tennessee, formed in 2004."]
    assert check_slots("Paramore formed in the 2000's.", sentence, "en") is None
    finding = check_slots("Paramore formed in the 1990's.", sentence, "en")
    assert finding is not None
    assert (finding.label, finding.why) == ("contradicted", "the context gives 2004, not 1990s")
    # the context's decades are read too, with or without the apostrophe
    decades = ["Heavy metal developed in the late 1960s and early 1970s, largely in the UK."]
    finding = check_slots("Heavy metal was first developed in the 1980's.", decades, "en")
    assert finding is not None
    assert finding.why == "the context gives 1960s, not 1980s"
    assert check_slots("Heavy metal was first developed in the late 1960s.", decades, "en") is None
    assert claim_slots("The X200s and the 10s of blenders.", "en")[0] == ()  # no decade: a name, a count
    # a century before 2000: "the 1800's" spans a hundred years
    life = ["Arthur Schopenhauer (22 February 1788 - 21 September 1860) was a German philosopher."]
    assert check_slots("Arthur Schopenhauer died in the 1800's.", life, "en") is None


def test_a_year_inside_a_span_is_not_contradicted_by_its_ends() -> None:
    claim = "In 2015, thermal expansion of the oceans contributed 42% to sea level rise."
    span = ["Between 1993 and 2018, thermal expansion of the oceans contributed 42% to sea level rise."]
    finding = check_slots(claim, span, "en")
    assert finding is not None
    assert (finding.label, finding.decides) == ("unsupported", False)  # not stated, but no rival
    one_year = check_slots(claim, ["In 1993, thermal expansion of the oceans contributed 42% to sea level rise."], "en")
    assert one_year is not None
    assert one_year.label == "contradicted"
    numbers, _ = claim_slots("Miami won in 2012 and 2013, and ruled from 2011 to 2014.", "en")
    assert [n.span for n in numbers] == [None, None, (2011.0, 2014.0), (2011.0, 2014.0)]  # a list is no span


def test_a_value_inside_a_range_of_one_unit_is_not_contradicted_by_its_ends() -> None:
    # before, "8 hours" against "7 to 9 hours" read the ends as rivals: "the context gives 7 to 9
    # hours, not 8 hours"
    for sleep in (["Adults should sleep 7 to 9 hours a night."], ["Adults should sleep 7-9 hours a night."]):
        # not stated (a measure the context does not give decides as much), but no rival
        assert _finding("Adults should sleep 8 hours a night.", sleep).label == "unsupported"
        assert _finding("Adults should sleep 5 hours a night.", sleep).label == "contradicted"
        assert check_slots("Adults should sleep 7 to 9 hours a night.", sleep, "en") is None
    tablets = ["Take between 2 and 4 tablets a day."]
    assert _finding("Take 3 tablets a day.", tablets).label == "unsupported"
    # a change from one value to another is no range: "rose from 5 to 8 dollars" rose to 8
    assert _finding("The price rose to 6 dollars.", ["The price rose from 5 to 8 dollars."]).label == "contradicted"
    numbers, _ = claim_slots("It rose by 16-21 cm over the 2018-19 season, and 20 to 30 years later.", "en")
    assert [(n.value, n.span) for n in numbers] == [
        (16.0, (16.0, 21.0)),
        (21.0, (16.0, 21.0)),
        (20.0, (20.0, 30.0)),
        (30.0, (20.0, 30.0)),
    ]


def test_inches_are_a_unit_where_in_has_no_object() -> None:
    # "in" after a number was a preposition: "(6.3-8.3 in)" counted nothing
    sea = ["Between 1900 and 2016, the sea level rose by 16\u201321 cm (6.3\u20138.3 in)."]
    finding = _finding("The sea level rose by about 16 inches between 1900 and 2016.", sea)
    assert (finding.label, finding.why) == ("contradicted", "the context gives 6.3\u20138.3 in, not 16 inches")
    screen = ["The screen measures 27 in (69 cm) across."]
    assert check_slots("The screen measures 27 inches across.", screen, "en") is None
    assert _finding("The screen measures 32 inches across.", screen).label == "contradicted"
    numbers, _ = claim_slots("He scored 3 in the second half.", "en")
    assert [n.unit for n in numbers] == [None]


def test_a_part_counts_what_its_whole_counts() -> None:
    context = ["The team realized that two of the 35 fasteners on the head cannot be removed with the existing tools."]
    claim = "The team cannot open the head due to {} fasteners that resist removal with the existing tools."
    assert check_slots(claim.format("two"), context, "en") is None
    finding = check_slots(claim.format("three"), context, "en")
    assert finding is not None
    assert finding.why == "the context gives two of the 35 fasteners, not three fasteners"


def test_a_rival_paired_with_the_claims_other_number_as_the_stated_one_is_as_much_the_claims() -> None:
    # both sentences pair their time with "0 to 60 mph": before, only the stated value earned the
    # pair's weight, so the Model S sentence's 3.1 seconds supported the Model 3
    context = [
        "The Model S has a range of 405 miles and accelerates from 0 to 60 mph in 3.1 seconds.",
        "The Model 3 has a range of 333 miles and accelerates from 0 to 60 mph in 5.8 seconds.",
    ]
    claim = "The Model 3 accelerates from 0 to 60 mph in {}."
    _assert_contradicted(claim.format("3.1 seconds"), context, "the context gives 5.8 seconds, not 3.1 seconds")
    assert check_slots(claim.format("5.8 seconds"), context, "en") is None


def test_a_numbered_name_the_claim_gives_too_is_no_other() -> None:
    context = ["Rumors say Fortnite: Origins is a period leading players into Chapter 5."]
    both = check_slots("Fortnite: Origins goes back to Chapter 1 and leads players into Chapter 5.", context, "en")
    assert both is None or both.label != "contradicted"
    finding = check_slots("Fortnite: Origins leads players into Chapter 4.", context, "en")
    assert finding is not None
    assert finding.why == "the context gives Chapter 5, not Chapter 4"


def test_a_number_the_claim_gives_something_else_makes_no_numbered_name_its_own() -> None:
    """The claim's "November 2nd" does not make the context's "Principle 2" a number the claim
    gives the name too (before, any value of the claim's counted, and "Principle 3" stood)."""
    context = [
        "Horizon Quest launches on November 2nd with new graphics options.",
        "Another game, The Talos Principle 2, is set to launch on the same day.",
    ]
    finding = check_slots("On November 2nd, Horizon Quest and The Talos Principle 3 are set to launch.", context, "en")
    assert finding is not None
    assert (finding.label, finding.why) == ("contradicted", "the context gives Principle 2, not Principle 3")
    same = "On November 2nd, Horizon Quest and The Talos Principle 2 are set to launch."
    assert check_slots(same, context, "en") is None


@pytest.mark.parametrize("verifier", ["baseline", "model"])
def test_a_number_is_checked_where_the_rest_of_the_claim_is_even_in_another_piece(verifier: str) -> None:
    """A piece of evidence stating the claim's year of something else ("The band was formed in
    1979") does not support it where another piece says what the rest of the claim says, with
    another year (before, the baseline took the first piece's support)."""
    context = [
        "The Harbour Lights are a Welsh folk band that formed in Cardiff in 1984. "
        "Their sound mixes fiddles with electric guitar. They toured Europe every summer. "
        "Critics praised their live shows. Driftwood (band). "
        "The band was formed in 1979 by Owen Price, who went on to become the Harbour Lights' fiddler."
    ]
    metric = Faithfulness(verifier=verifier)  # type: ignore[arg-type]
    right, wrong = metric.check_claims(
        ["The Harbour Lights formed in Cardiff in 1984.", "The Harbour Lights formed in Cardiff in 1979."], context
    )
    assert right.label == "supported"
    assert wrong.label == "contradicted"
    assert wrong.reason.startswith("the context gives 1984, not 1979")
    assert wrong.evidence is not None
    assert "Cardiff in 1984" in wrong.evidence.quote


_GOATS = (
    "A family have spoken of their grief after two of their pet goats were taken by a neighbour. "
    "The theft happened after Mara and Tom Ellery moved with their three children to the quiet village "
    "of Brindle in Dorset in 2005. "
    "They thought their old farmhouse with a large orchard surrounded by fields would be a calm and happy "
    "family home. "
    "But their calm was broken in 2014 after their goats Pip and Dot were taken after wandering on to their "
    "neighbour's land"
)
"""A story that dates the move 2005 and the theft 2014 (the two tests below end it each their way)."""


def _the_theft_is_dated_2014(verifier: str, context: str, claim: str) -> None:
    """``claim`` (with a ``{year}`` of the theft, after the story's opening) is supported with 2014
    and contradicted with 2005, the year of the move."""
    opening = (
        "Mara and Tom Ellery thought their farmhouse with an orchard surrounded by fields would be a calm family home."
    )
    metric = Faithfulness(verifier=verifier)  # type: ignore[arg-type]
    right, wrong = metric.check_claims([f"{opening} {claim.format(year=year)}" for year in (2014, 2005)], [context])
    assert right.label == "supported"
    assert wrong.label == "contradicted"
    assert wrong.reason.startswith("the context gives 2014, not 2005")


@pytest.mark.parametrize("verifier", ["baseline", "model"])
def test_each_sentence_of_a_claim_is_checked_where_the_rest_of_that_sentence_is(verifier: str) -> None:
    """A two-sentence claim whose second sentence moves a year: the sentence saying what that
    sentence says gives another year (before, a piece stating the year of the move supported it)."""
    claim = "But their calm was broken in {year} after their goats Pip and Dot were taken by the neighbour."
    _the_theft_is_dated_2014(verifier, f"{_GOATS}.", claim)


@pytest.mark.parametrize("verifier", ["baseline", "model"])
def test_a_number_breaks_a_tie_between_sentences_saying_as_much_of_the_claim(verifier: str) -> None:
    """The sentence with the claim's event and another year shares as many of the claim's words as
    a sentence of the supporting piece that states no year at all ("her other two goats were taken
    away by the farmer next door"): the year decides (before, the model's support from that piece
    stood)."""
    context = (
        f"{_GOATS} where they were accused of eating his cabbages. Scroll down for video. "
        "Mara Ellery with her one remaining goat Bella, after her other two goats were taken away by the farmer "
        "next door. "
        "Pip, left, and Dot, right, were taken as they were accused of eating a farmer's cabbages after wandering "
        "onto his land. Bella, left, is the family's remaining goat."
    )
    claim = (
        "But their calm was broken in {year} after their goats Pip and Dot were taken away by the farmer next door. "
        "Pip and Dot were taken as they were accused of eating his cabbages."
    )
    _the_theft_is_dated_2014(verifier, context, claim)


@pytest.mark.parametrize(
    ("own", "rejected"),
    [
        ("Mara lost Dot, taken by the farmer next door.", True),
        ("Mara lost Dot in 2005, taken by the farmer next door.", False),
    ],
)
def test_a_tie_is_broken_by_a_number_only_where_the_supporting_sentence_states_none(own: str, rejected: bool) -> None:
    """Both sentences share five of the claim's words: the other piece's year decides unless the
    supporting piece's sentence states the claim's own."""
    claim = "Pip and Dot were taken by the farmer next door in 2005."
    other = "Pip and Dot were taken in 2014 after wandering next door."
    found = _rival_sentence(claim, [own], [other], "en")
    assert found == (("contradicted", "the context gives 2014, not 2005", other) if rejected else None)


def test_a_tie_is_not_broken_where_the_supporting_sentence_states_the_number_but_not_the_name() -> None:
    """The supporting sentence gives the claim's £49m of a club it does not name; the other sentence
    names the club with another amount and shares as many words: the support stands."""
    claim = "Kelton Rovers have been restricted to a net transfer spend of £49m."
    own = "Boss Ian Vale has been hampered by UEFA restricting them to a net transfer spend of £49million."
    other = "The statement said Kelton Rovers were restricted to spend £32m."
    assert check_slots(claim, [other], "en") is not None  # a rival where the sentences are not tied
    assert _rival_sentence(claim, [own], [other], "en") is None


def test_a_name_breaks_no_tie() -> None:
    """The supporting sentence speaks of the claim's player without naming him: another piece's
    sentence naming him with another team, and sharing as many words, does not overrule it."""
    claim = "Luca Ferrant missed Porto Blanco's win against Santa Luz with a knee injury."
    own = "The Italian striker missed Porto Blanco's win against Santa Luz with a knee injury."
    other = "Reports say Luca Ferrant missed Porto Blanco's win against Vila Nova with a knee injury."
    assert check_slots(claim, [other], "en") is not None  # a rival where the sentences are not tied
    assert _rival_sentence(claim, [own], [other], "en") is None


_UNSTATED_OWN = "Residents of Kelton have called the bronze statue of the actress their most unsettling sculpture."


@pytest.mark.parametrize(
    ("own", "other", "rejected"),
    [
        (_UNSTATED_OWN, "The statue was unveiled in 2009 in the town's park.", True),
        (_UNSTATED_OWN, "The statue was unveiled in 2012 in the town's park.", False),
        (_UNSTATED_OWN, "The park was opened in 2009.", False),
        (_UNSTATED_OWN.replace("actress", "actress, cast in 2012,"), "The statue was unveiled in 2009.", False),
    ],
)
def test_a_number_the_supporting_piece_does_not_state_meets_the_other_pieces(
    own: str, other: str, rejected: bool
) -> None:
    """The supporting sentence says most of the claim but no year: another piece giving the year of
    the unveiling otherwise decides, though it shares fewer of the claim's words (one giving the
    same year, or the year of something else, does not; nor does it where the supporting sentence
    holds the claim's year, whatever it dates there)."""
    claim = (
        "Residents of Kelton have called it their most unsettling sculpture six years after it was unveiled in 2012."
    )
    assert _rival_sentence(claim, [own], [other], "en") is None  # it shares fewer words than the supporting one
    found = _rival_of_unstated(claim, [own], [other], "en")
    assert found == (("contradicted", "the context gives 2009, not 2012", other) if rejected else None)


_HEDGED_ELSEWHERE = [
    (
        "Brinmoor (Valdea) . Today , it is no longer a rank , but it continues to be used as an honorary title "
        "within the Valdean Navy and the Valdean Coast Guard for senior captains in command of groups of ships . "
        "Brinmoor is a naval rank used in many navies that is superior to a navy captain , but below a rear admiral .",
        "Brinmoor is used in {} navies.",
    ),
    (
        "Halvern College . Halvern has graduated many notable alumni , including five prime ministers , "
        "19 judges of the high court , and many heads of state .",
        "Halvern College has had {} alumni who were notable.",
    ),
]


@pytest.mark.parametrize("verifier", ["baseline", "model"])
@pytest.mark.parametrize(("context", "claim"), _HEDGED_ELSEWHERE)
def test_a_hedge_counts_where_the_rest_of_the_claim_is_said(verifier: str, context: str, claim: str) -> None:
    """ "all navies" against "many navies" in the sentence saying the rest of the claim, not in the
    piece of evidence whose quoted sentence is a title (before, the baseline supported it from
    "Brinmoor (Valdea) ." or "Halvern College .")."""
    metric = Faithfulness(verifier=verifier)  # type: ignore[arg-type]
    hedged, overclaimed = metric.check_claims([claim.format("many"), claim.format("all")], [context])
    assert hedged.label == "supported"
    assert overclaimed.label == "overclaim"
    assert overclaimed.reason.startswith("the claim says 'all' where the context hedges ('many')")


def test_an_age_is_no_rival_of_a_number_of_years_that_is_none() -> None:
    """ "jailed for 111 years" against "Warren, 23, were ... jailed for a total of 111 years": the
    age stood closer to the claim's words and was taken for a rival term (before: "the context
    gives 23, not 111 years"). Ages still rival ages, and terms terms."""
    sentence = [
        "Hussain, 30, and their getaway driver Martell Warren, 23, were last year jailed for a total of "
        "111 years after they were convicted of murder."
    ]
    assert check_slots("The getaway driver and Hussain were last year jailed for 111 years.", sentence, "en") is None
    term = check_slots("The getaway driver and Hussain were last year jailed for 100 years.", sentence, "en")
    assert term is not None
    assert term.why == "the context gives 111 years, not 100 years"
    age = check_slots("Getaway driver Martell Warren, 25, was jailed last year.", sentence, "en")
    assert age is not None
    assert age.why == "the context gives 23, not 25"


def test_a_week_day_with_a_possessive_is_no_name() -> None:
    _, names = claim_slots("Gareth Bale and Luka Modric look likely to miss Wednesday's clash.", "en")
    assert [name.text for name in names] == ["Gareth Bale", "Luka Modric"]


def test_a_dates_event_is_read_however_the_claim_words_it() -> None:
    """ "started in 1986" against "formed in 1985" and "first signed ... in 1986": the year of the
    start is 1985 though the claim says "started" and the context "formed" (before, neither year
    shared a word with the claim's, and the 1986 of the signing stood)."""
    context = [
        "The Larkspur Players are a theatre company from Leeds that was formed in 1985.",
        "When it first signed with the Mossley Hall in 1986, it had six actors.",
    ]
    finding = check_slots("The Larkspur Players started in 1986.", context, "en")
    assert finding is not None
    assert (finding.label, finding.why) == ("contradicted", "the context gives 1985, not 1986")
    assert check_slots("The Larkspur Players started in 1985.", context, "en") is None


def test_a_year_without_the_claims_month_states_it_less_surely_than_the_month_rivals_it() -> None:
    """ "January 1994" against "founded in 1994, and bought by Acme in January 2002": the month
    dates the other event (before, the bare 1994 stated it)."""
    sentence = ["Bright Pixel Games was a developer founded in 1994, and bought by Acme in January 2002."]
    finding = check_slots("In January 1994, Bright Pixel Games was bought by Acme.", sentence, "en")
    assert finding is not None
    assert (finding.label, finding.why) == ("contradicted", "the context gives January 2002, not January 1994")
    assert check_slots("In January 2002, Bright Pixel Games was bought by Acme.", sentence, "en") is None
    assert check_slots("Bright Pixel Games was founded in 1994.", sentence, "en") is None


def test_the_words_beyond_another_number_are_that_numbers() -> None:
    """In "a gross of $90 million against its estimated $25 million budget" the budget is the 25's
    (before, the 90's words reached past it, and "$90 million was the budget" stood); numbers
    joined by at most one other word ("September 2, 2016", "1963 -- 2006", and the issue's "8
    tablets in 24 hours" above) share their words."""
    gross = ["The film drew a box office gross of $90 million against its estimated $25 million budget."]
    finding = check_slots("$90 million was the film's budget.", gross, "en")
    assert finding is not None
    assert (finding.label, finding.why) == ("contradicted", "the context gives $25 million, not $90 million")
    assert check_slots("$25 million was the film's budget.", gross, "en") is None
    premiere = ["The picture premiered at the festival on September 2, 2016, after filming began in 2015."]
    assert check_slots("The picture premiered at the festival in 2016.", premiere, "en") is None
    theatre = ["The first building was operated from 1963 -- 2006."]
    assert check_slots("The first building stopped operating in 2006.", theatre, "en") is None


def test_a_temperature_counts_its_scale() -> None:
    context = ["This October was 3.1 degrees Fahrenheit warmer than the average."]
    finding = check_slots("This October was 3.1 degrees Celsius warmer than the average.", context, "en")
    assert finding is not None
    assert (finding.label, finding.decides, finding.why) == (
        "unsupported",
        True,
        "the context does not state 3.1 degrees Celsius",
    )
    # a claim that names no scale may mean the context's
    assert check_slots("This October was 3.1 degrees warmer than the average.", context, "en") is None
    both = ["It was 1.7 degrees Celsius (3.1 degrees Fahrenheit) warmer than the average."]
    rival = check_slots("It was 3.1 degrees Celsius warmer than the average.", both, "en")
    assert rival is not None
    assert rival.why == "the context gives 1.7 degrees Celsius, not 3.1 degrees Celsius"


def test_a_value_the_evidence_gives_of_something_else_is_misread() -> None:
    # the word analysis finds 80 in both; the slot check sees 80 cameras, not 80 years
    context = ["The biologist found the images on the last memory card retrieved from more than 80 remote cameras."]
    finding = check_slots("The biologist found images of a species unseen for over 80 years.", context, "en")
    assert finding is not None
    assert (finding.label, finding.decides, finding.certain) == ("unsupported", True, False)
    (verdict,) = Faithfulness().check_claims(["A species unseen for over 80 years was caught on camera."], context)
    assert not verdict.supported
    # counts of words that measure nothing may be the same count: "20 residents" are "20 people"
    assert (
        check_slots("The fire forced 20 residents out.", ["The fire forced 20 people out of their homes."], "en")
        is None
    )


def test_a_year_against_the_same_digits_read_otherwise_is_not_misread() -> None:
    census = ["Syracuse is a city in New York.", "At the 2010 census, the city population was 145,170."]
    finding = check_slots("The 2010 population of Syracuse was 145,170.", census, "en")
    assert finding is None or not finding.decides
    # before, a word whose stem ends in -s ("census", "class") made the year a count of it, so "in
    # 2010" was not stated ("the context does not state 2010", and the support marked uncertain)
    assert check_slots("Syracuse had a population of 145,170 in 2010.", census, "en") is None
    texts = ["the 2019 class", "the 1998 crisis", "Blade Runner 2049 stars Ryan Gosling", "from 1985 onwards"]
    assert [[n.is_year for n in claim_slots(text, "en")[0]] for text in texts] == [[True]] * 4


def test_may_is_a_month_for_a_date() -> None:
    # "may" is a stop word (the modal verb), so the analysis drops it: the date still has its month
    numbers, _ = claim_slots("Church was born on May 3, 1977.", "en")
    assert [(n.value, n.unit) for n in numbers] == [(3.0, "may"), (1977.0, "may")]
    context = ["Sejong the Great (15 May 1397 - 8 April 1450) was the fourth king of Joseon."]
    assert check_slots("Sejong the Great was born on May 15, 1397.", context, "en") is None
    finding = check_slots("Sejong the Great was born on May 8, 1397.", context, "en")
    assert finding is not None
    # "15 May" is a day of May too ("May" after a day is the month, capitalised), so it is the rival
    assert finding.label == "contradicted"
    assert (finding.why, finding.decides) == ("the context gives 15 May, not May 8", True)


@pytest.mark.parametrize(
    ("claim", "context", "why"),
    [
        (
            "Maria Theresa reigned for 13 years.",
            "Maria Theresa (13 May 1717 - 29 November 1780) was the only female ruler of the Habsburg dominions.",
            "the context does not state 13 years",
        ),
        (
            "A man, 13, caught the coronavirus twice.",
            "Tue 13 Oct 2020. Researchers reported the first case of a man who caught the coronavirus twice.",
            "the context does not state 13",
        ),
    ],
)
def test_a_day_of_a_month_states_no_other_count(claim: str, context: str, why: str) -> None:
    """A day of a date ("13 May", "Tue 13 Oct") counts no years of a reign and no age; it states
    the same day however written."""
    finding = check_slots(claim, [context], "en")
    assert finding is not None
    assert finding.why == why
    assert check_slots("He was born on the 13th of May 1717.", ["He was born on 13 May 1717."], "en") is None


def test_a_span_the_claim_gives_is_compared_with_the_contexts() -> None:
    context = ["North Vietnam was a state in Southeast Asia which existed from 1945 to 1976."]
    assert check_slots("North Vietnam existed from 1945 to 1976.", context, "en") is None
    finding = check_slots("North Vietnam existed from 1955 to 1976.", context, "en")
    assert finding is not None
    assert finding.why == 'the context gives "from 1945 to 1976", not "from 1955 to 1976"'
    # a span written without "from" is compared year by year
    dashed = check_slots("North Vietnam existed 1955 to 1976.", context, "en")
    assert dashed is not None
    assert dashed.why == "the context gives 1945, not 1955"


def test_a_year_the_context_gives_as_the_other_end_of_a_life_or_span_is_contradicted() -> None:
    life = ["Ralph Fults ( January 23 , 1911 -- March 16 , 1993 ) was an American outlaw."]
    born = check_slots("Ralph Fults was born in 1993.", life, "en")
    assert born is not None
    assert (born.label, born.why, born.decides) == (
        "contradicted",
        "the context gives 1911 as the year of birth, not 1993",
        True,
    )
    died = check_slots("Ralph Fults died in 1911.", life, "en")
    assert died is not None
    assert died.why == "the context gives 1993 as the year of death, not 1911"
    assert check_slots("Ralph Fults was born in 1911.", life, "en") is None
    assert check_slots("Ralph Fults died on March 16, 1993.", life, "en") is None
    # a span's other end: "began" is the start, "ended" the end, if the context gives the year only there
    war = ["The American Civil War was fought in the United States from 1861 to 1865 ."]
    began = check_slots("The American Civil War began in 1865.", war, "en")
    assert began is not None
    assert (began.label, began.why) == ("contradicted", "the context gives 1861 as the start, not 1865")
    assert check_slots("The American Civil War began in 1861.", war, "en") is None
    assert check_slots("The American Civil War ended in 1865.", war, "en") is None
    both = ["The band played from 1990 to 2000 and from 2000 to 2005."]
    assert check_slots("The band formed in 2000 and played.", both, "en") is None  # 2000 starts a span too
    formed = check_slots("The band formed in 2005 and played.", both, "en")
    assert formed is not None
    assert formed.why == "the context gives 2000 as the start, not 2005"
    # the brackets after someone else's name give that person's years, not the claim's (since the
    # brackets say "born" and "died", the sentence states enough of the claim for its name check:
    # "the context names Hermann Schmidt here, not German")
    teacher = ["Hermann Schmidt (c. 1851 \u2013 17 June 1931) taught there."]
    finding = check_slots("A German teacher born in 1931 taught there.", teacher, "en")
    assert finding is None or finding.kind == "entity"


def test_a_life_after_a_long_name_or_a_pronunciation_is_the_claims_persons() -> None:
    # a word of the claim anywhere in the name before the brackets; what the brackets say before
    # a semicolon (a pronunciation, a birth name) is no part of the life
    wikipedia = [
        "Sim\u00f3n Jos\u00e9 Antonio de la Sant\u00edsima Trinidad Bol\u00edvar y Palacios (Spanish: "
        "[si\u02c8mom bo\u02c8li\u03b2a\u027e]; 24 July 1783 \u2013 17 December 1830) was a Venezuelan leader."
    ]
    born = check_slots("Sim\u00f3n Bol\u00edvar was born in 1830.", wikipedia, "en")
    assert born is not None
    assert (born.label, born.why) == ("contradicted", "the context gives 1783 as the year of birth, not 1830")
    assert check_slots("Sim\u00f3n Bol\u00edvar was born in 1783.", wikipedia, "en") is None
    curie = [
        "Marie Salomea Sk\u0142odowska-Curie (/\u02c8kj\u028a\u0259ri/ KURE-ee; French: [ma\u0281i ky\u0281i]; "
        "7 November 1867 \u2013 4 July 1934) was a Polish and naturalised-French physicist."
    ]
    died = check_slots("Marie Curie died in 1867.", curie, "en")
    assert died is not None
    assert died.why == "the context gives 1934 as the year of death, not 1867"
    # the word right before the brackets is still the person's
    founder = ["The label was founded by a rapper (1976 \u2013 2020) from Miami."]
    rapper = check_slots("The rapper was born in 2020.", founder, "en")
    assert rapper is not None
    assert rapper.why == "the context gives 1976 as the year of birth, not 2020"


def test_an_ordinal_the_aligned_sentence_ranks_otherwise_is_contradicted() -> None:
    quarter = check_slots("Revenue rose 5% in the third quarter.", ["Revenue rose 5% in the second quarter."], "en")
    assert quarter is not None
    assert (quarter.label, quarter.why, quarter.decides) == (
        "contradicted",
        "the context gives second quarter, not third quarter",
        True,
    )
    # digits, a hyphen, a rank after a verb
    digits = check_slots("Third-quarter revenue rose 5%.", ["Revenue rose 5% in the 2nd quarter."], "en")
    assert digits is not None
    assert digits.why == "the context gives 2nd quarter, not Third-quarter"
    hyphen = check_slots("Third-quarter revenue rose 5%.", ["Second-quarter revenue rose 5%."], "en")
    assert hyphen is not None
    assert hyphen.why == "the context gives Second-quarter, not Third-quarter"
    race = check_slots("She finished second in the race.", ["She finished 3rd in the race."], "en")
    assert race is not None
    assert race.why == "the context gives finished 3rd, not finished second"
    assert check_slots("She finished third in the race.", ["She finished 3rd in the race."], "en") is None
    # a sentence that ranks the claim's thing otherwise speaks of another one: its numbers state nothing
    doses = ["The first dose is given after 4 weeks.", "The second dose follows after 8 weeks."]
    second = check_slots("The second dose is given after 4 weeks.", doses, "en")
    assert second is not None
    assert (second.label, second.why) == ("contradicted", "the context gives 8 weeks, not 4 weeks")
    assert check_slots("The second dose is given after 8 weeks.", doses, "en") is None
    # a claim that ranks the word twice speaks of both: a sentence giving either is about it
    results = ["Fourth-quarter earnings per share grew 20.9% to $2.55.", "Revenue grew 10.2% in the fourth quarter."]
    claim = "Fourth-quarter earnings per share grew 20.9%, and first-quarter revenue is expected to grow."
    assert check_slots(claim, [*results, "First-quarter revenue is expected to grow."], "en") is None
    # ... and the value it gives is of the other one: not stated for the claim's
    doses = ["The first dose is given at 8 weeks.", "Patients rarely report side effects after the second dose."]
    unstated = check_slots("The second dose is given at 8 weeks.", doses, "en")
    assert unstated is not None
    assert (unstated.label, unstated.why) == ("unsupported", "the context does not state 8 weeks")
    # a rank the evidence gives of anything: no finding, unless the clause of its own names another
    # thing and the claim's name stands in the clause of another rank (the word left out after "its
    # third" is the season of "its second season"); one it gives nowhere is not aligned (as a number
    # the evidence does not state), except "first", as often no rank ("was first developed")
    emmy = ["The show won an Emmy in its second season and a Golden Globe in its third."]
    third = check_slots("The show won an Emmy in its third season.", emmy, "en")
    assert third is not None
    assert (third.label, third.why) == ("contradicted", 'the context gives "a Golden Globe in its third", not Emmy')
    assert check_slots("The show won an Emmy in its second season.", emmy, "en") is None
    assert check_slots("The show won a Golden Globe in its third season.", emmy, "en") is None
    assert check_slots("The show won an award in its third season.", emmy, "en") is None
    assert check_slots("The first season premiered in 2004.", ["The show premiered in 2004."], "en") is None
    unranked = check_slots("The second season premiered in 2005.", ["The show premiered in 2004 and 2005."], "en")
    assert unranked is not None
    assert (unranked.label, unranked.why, unranked.certain, unranked.decides) == (
        "unsupported",
        "the context does not state second season",
        False,
        False,
    )
    # a support that rests on it is marked uncertain: a cascade asks the LLM
    metric = Faithfulness(verifier="baseline", lang="en")
    claim, context = "Acme revenue rose 5% in the third quarter.", "Acme revenue rose 5% in the quarter, it said."
    verdict = metric.check_claims([claim], [context])[0]
    assert (verdict.label, verdict.uncertain) == ("supported", True)
    # a rank in lower case ranks a name after it; "another" may count the claim's rank: not aligned
    oscar = check_slots("She won her second Oscar in 1995.", ["She won her first Oscar in 1994."], "en")
    assert oscar is not None
    assert (oscar.why, oscar.decides) == ("the context gives first Oscar, not second Oscar", True)
    another = check_slots("She won her second Oscar.", ["She won her first Oscar in 1994 and another in 1997."], "en")
    assert another is not None
    assert (another.label, another.certain, another.decides) == ("unsupported", False, False)
    # a superlative after "the" ranks first, "one of the largest" nothing
    largest = check_slots("It is the largest bank in Europe.", ["It is the third-largest bank in Europe."], "en")
    assert largest is not None
    assert largest.why == "the context gives third-largest, not the largest"
    populous = check_slots("Lagos is the second most populous city.", ["Lagos is the most populous city."], "en")
    assert populous is not None
    assert populous.why == "the context gives the most populous, not second most populous"
    assert check_slots("It is one of the largest banks in Europe.", ["It is the third largest bank."], "en") is None
    # a name, a length of time: no ranks
    assert check_slots("The First Amendment protects speech.", ["The Second Amendment protects arms."], "en") is None
    assert ordinals("The ad ran as 30 second spots in the second half.", "en")[0].text == "second half"
    french = check_slots(
        "Le chiffre d'affaires a augment\u00e9 au troisi\u00e8me trimestre.",
        ["Le chiffre d'affaires a augment\u00e9 au 2e trimestre."],
        "fr",
    )
    assert french is not None
    assert french.why == "the context gives 2e trimestre, not troisi\u00e8me trimestre"
    # German ranks inflect, and the noun they rank is written with a capital
    german = check_slots("Der Umsatz stieg im dritten Quartal.", ["Der Umsatz stieg im zweiten Quartal."], "de")
    assert german is not None
    assert german.why == "the context gives zweiten Quartal, not dritten Quartal"


def test_the_claims_rank_given_only_of_another_name_does_not_keep_the_rank_its_own_sentence_gives() -> None:
    # before, any sentence giving the claim's rank decided nothing: "Lyon, the third-largest city"
    # kept "Marseille is the third-largest city" though the sentence naming Marseille says second
    cities = [
        "Lyon, the third-largest city in France, hosted the final.",
        "Marseille is the second-largest city in France.",
    ]
    marseille = "Marseille is the third-largest city in France."
    _assert_contradicted(marseille, cities, "the context gives second-largest, not third-largest")
    assert check_slots("Lyon is the third-largest city in France.", cities, "en") is None
    race = ["Kenya's Eliud Kipchoge finished first.", "Ethiopia's Kenenisa Bekele finished second."]
    _assert_contradicted(
        "Eliud Kipchoge finished second.", race, "the context gives finished first, not finished second"
    )
    titles = ["Serena Williams won her first Wimbledon title in 2002.", "Venus Williams won her second in 2001."]
    assert _finding("Serena Williams won her second Wimbledon title.", titles).label == "contradicted"
    # a pronoun in the sentence giving the claim's rank may name the claim's name
    today = [
        "Marseille was the third-largest city in France in 1900.",
        "Today it is the second-largest city in France.",
    ]
    assert check_slots("Marseille is the second-largest city in France.", today, "en") is None


def test_a_change_with_its_ends_swapped_or_one_end_moved_is_contradicted() -> None:
    raised = ["The fee was previously raised from $7.99 to $10.99 per month."]
    swapped = check_slots("The monthly fee was raised from $10.99 to $7.99.", raised, "en")
    assert swapped is not None
    assert (swapped.label, swapped.why) == (
        "contradicted",
        'the context gives "from $7.99 to $10.99", not "from $10.99 to $7.99"',
    )
    assert check_slots("The monthly fee was raised from $7.99 to $10.99.", raised, "en") is None
    # "to $4 from $13" is from 13 to 4
    cut = ["It also cut its price target on Peloton to $4 from $13 per share."]
    reversed_cut = check_slots("The firm cut its price target on Peloton from $4 to $13.", cut, "en")
    assert reversed_cut is not None
    assert reversed_cut.why == 'the context gives "to $4 from $13", not "from $4 to $13"'
    assert check_slots("The firm cut its price target on Peloton from $13 to $4.", cut, "en") is None
    terms = ["Stoltenberg served as Prime Minister of Norway from 2000 to 2001 and from 2005 to 2013 ."]
    moved = check_slots("From 2001 to 2013 Jens Stoltenberg was Prime Minister of Norway.", terms, "en")
    assert moved is not None
    assert moved.why == 'the context gives "from 2005 to 2013", not "From 2001 to 2013"'
    assert check_slots("From 2005 to 2013 Jens Stoltenberg was Prime Minister of Norway.", terms, "en") is None
    # two steps that start where the claim starts and end where it ends: not this rule's finding
    steps = ["Prices rose from 5 percent to 6 percent in 2019 and from 6 percent to 7 percent in 2020."]
    finding = check_slots("Prices rose from 5 percent to 7 percent.", steps, "en")
    assert finding is None or not finding.why.startswith('the context gives "')


def test_a_word_of_origin_is_a_rival_only_of_a_name_before_a_noun() -> None:
    duo = ["Pet Shop Boys are an English synthpop duo, formed in London in 1981 by two friends."]
    claim = "Jamie Muhoberac received credits for the synthpop duo formed in London in 1981."
    # "English" stands before a noun: no rival of a person (the person is only not named there)
    unnamed = check_slots(claim, duo, "en")
    assert unnamed is not None
    assert (unnamed.why, unnamed.decides) == ("the evidence does not name Jamie Muhoberac", False)
    host = ["Daniel Dwight Tosh is an American comedian, television host, actor and writer."]
    finding = check_slots("Daniel Dwight Tosh is a Waco comedian and television host.", host, "en")
    assert finding is not None
    assert (finding.label, finding.why) == ("wrong_entity", "the context names American here, not Waco")
    _, names = claim_slots("She is a Scottish singer who met Brian in Leeds.", "en")
    assert [(n.text, n.origin) for n in names] == [("Scottish", True), ("Brian", False)]


@example(text="x. Ab", a=0, b=3)  # the capital at the end of the span: the search cannot see it
@example(text='x. "Ab', a=0, b=4)
@given(
    text=st.text(alphabet='Ab. !?"“()x\n', max_size=40),
    a=st.integers(min_value=0, max_value=40),
    b=st.integers(min_value=0, max_value=40),
)
def test_sentence_ends_found_once_agree_with_a_search_between_the_two_positions(text: str, a: int, b: int) -> None:
    """``_one_sentence`` finds a text's sentence ends once (a long text with thousands of numbers
    searched its whole start for every number); it must say what a search between the two did."""
    lo, hi = sorted((min(a, len(text)), min(b, len(text))))
    assert slots_module._one_sentence(text, lo, hi) == (slots_module._SENTENCE_END.search(text, lo, hi) is None)


def test_a_claims_upper_bound_is_stated_by_a_value_just_below_it() -> None:
    """ "less than 5 billion years" is a way to say 4.54 billion, as "more than 100" is of 116; not
    of 3 billion, nor of 5.4 billion."""
    assert (
        check_slots("Earth formed less than 5 billion years ago.", ["Earth formed 4.54 billion years ago."], "en")
        is None
    )
    for context in ("Earth formed 3 billion years ago.", "Earth formed 5.4 billion years ago."):
        finding = check_slots("Earth formed less than 5 billion years ago.", [context], "en")
        assert finding is not None
        assert finding.label == "contradicted"


def test_an_abbreviated_month_dates_its_day() -> None:
    launch = ["ULA announced a Dec. 24 target for the first flight of its new Vulcan Centaur rocket."]
    assert check_slots("The first flight of the Vulcan Centaur rocket is set for December 24.", launch, "en") is None
    moved = check_slots("ULA announced a December 25 target for the first flight of the rocket.", launch, "en")
    assert moved is not None
    assert (moved.label, moved.why) == ("contradicted", "the context gives Dec 24, not December 25")
    numbers, _ = claim_slots("It flew on 24 Dec 2020.", "en")
    assert [(n.value, n.unit) for n in numbers] == [(24.0, "decemb"), (2020.0, "decemb")]


def test_a_century_is_a_span_of_years() -> None:
    novel = ["Little Dorrit is a novel by Charles Dickens, originally published in serial form between 1855 and 1857."]
    assert check_slots("Little Dorrit was published in the 19th century.", novel, "en") is None
    assert check_slots("Little Dorrit was published in the nineteenth century.", novel, "en") is None
    earlier = check_slots("Little Dorrit was published in the 18th century.", novel, "en")
    assert earlier is not None
    assert (earlier.label, earlier.why) == ("contradicted", "the context gives 1855, not 18th century")
    # a century states no year of it, and one before the common era is no span of our years
    vague = check_slots(
        "Little Dorrit was published in 1855.", ["Little Dorrit was published in the 19th century."], "en"
    )
    assert vague is not None
    assert (vague.label, vague.decides) == ("unsupported", False)
    assert claim_slots("Ironworking began around the 2nd century BCE.", "en")[0] == ()


def test_each_sentence_of_a_claim_meets_the_hedges_of_its_own_sentence() -> None:
    """A claim's "always" in one sentence is not weighed against the "could" of the sentence
    another of its sentences speaks of (a hedge of Varga's does not hedge what Holm insists on)."""
    from faithcheck._pipeline.verify.cues import find_cue
    from faithcheck._pipeline.verify.evidence import EvidenceWindow
    from faithcheck._text.analysis import analyze

    sentences = (
        "The Lowland Grand Prix was erased from the calendar because of money problems.",
        "Race chief Anton Varga said the Brenner race could possibly return to the old track next year.",
        "Former champion Ida Holm insisted there should always be a place for classic races.",
    )
    text = " ".join(sentences)
    window = EvidenceWindow(0, 0, len(sentences[0]), sentences[0], text, None, 1.0, sentences)
    claim = (
        "Anton Varga said the Brenner race could return to the old track next year. "
        "Ida Holm insists there should always be a place for classic races."
    )
    assert find_cue(analyze(claim, "en"), window, (text,), "en") is None
    overclaim = "Anton Varga said the Brenner race will return to the old track next year."
    cue = find_cue(analyze(overclaim, "en"), window, (text,), "en")
    assert cue is not None
    assert (cue.label, cue.kind) == ("overclaim", "hedge")


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        (["The Model S has a range of 405 miles."], "The Model X has a range of 405 miles.", "Model S, not Model X"),
        (["Spain won Group B with seven points."], "Spain won Group A.", "Group B, not Group A"),
        # a list of letters names each; the clause with the rest of the claim decides
        (
            ["Vaccines are available against hepatitis A and B.", "There is no vaccine for hepatitis C."],
            "There is no vaccine for hepatitis B.",
            "hepatitis C, not hepatitis B",
        ),
        (
            ["Vitamin D is made in the skin in sunlight; vitamin C comes from fruit."],
            "Vitamin C is made in the skin in sunlight.",
            "Vitamin D, not Vitamin C",
        ),
    ],
)
def test_a_lettered_name_the_context_letters_otherwise_is_contradicted(
    context: list[str], claim: str, why: str
) -> None:
    # the analysis drops single letters: before, "Model X" read as "Model S" and each claim was supported
    _assert_contradicted(claim, context, f"the context gives {why}")


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (["Vaccines are available against hepatitis A and B."], "A vaccine is available against hepatitis B."),
        (["Vitamin D is made in the skin in sunlight; vitamin C comes from fruit."], "Vitamin D is made in the skin."),
        # initials and a pronoun are no letters of a name
        (["John F. Kennedy visited Berlin in 1963."], "John F. Kennedy visited Berlin in 1963."),
        (["Harry S Truman met him. Then I left."], "Harry S Truman met him."),
    ],
)
def test_a_lettered_name_the_context_gives_with_the_rest_of_the_claim_is_supported(
    context: list[str], claim: str
) -> None:
    assert check_slots(claim, context, "en") is None


def test_a_number_in_an_aside_about_another_name_states_nothing_of_the_claims() -> None:
    # the bracket tells of the Republic of China: before, its 1949 supported the charter's drafting
    context = [
        "The United Nations Charter was signed on 26 June 1945.",
        "It entered into force on 24 October 1945, after ratification by the five permanent members, "
        "including the Republic of China (which moved to Taiwan after 1949).",
    ]
    finding = _finding("The United Nations Charter was drafted in 1949.", context)
    assert (finding.label, finding.certain, finding.decides) == ("unsupported", False, True)
    assert finding.why == "only an aside about something else states 1949"
    # a claim about what the aside tells of, a claim saying nothing but its number (an answer's
    # sentence), and a bracket that only dates its name, are read as before
    assert check_slots("The Republic of China moved to Taiwan after 1949.", context, "en") is None
    assert check_slots("A: 1949", context, "en") is None
    film = ["Josh Brolin starred in No Country for Old Men (2007), directed by the Coen brothers."]
    assert check_slots("Josh Brolin starred in a 2007 film.", film, "en") is None


def test_a_clause_naming_someone_else_where_the_sentence_names_the_claims_name_elsewhere() -> None:
    # the 80th minute is Saka's clause: before, a sentence naming Foden anywhere supported him, and a
    # claim's first word alone was no name at all
    match = [
        "Erling Haaland scored twice and Phil Foden added a third, before Bukayo Saka pulled one back for Arsenal "
        "in the 80th minute."
    ]
    finding = _finding("Foden scored in the 80th minute.", match)
    assert (finding.label, finding.why) == ("wrong_entity", "the context names Bukayo Saka here, not Foden")
    assert check_slots("Saka scored in the 80th minute.", match, "en") is None
    assert check_slots("Haaland scored twice.", match, "en") is None
    # a pronoun in the clause may refer back to the claim's name
    father = ["Mara Osei moved to Lagos in 1990, after her father John Mensah died in Accra in 1988."]
    assert check_slots("Mara Osei's father died in Accra in 1988.", father, "en") is None
    # a clause after "but" often leaves out its subject, and a speaker is no subject (a training
    # original was rejected so by a first version)
    quoted = ['"New tools led to a more detailed Zone Map but also produced localized changes," said Christopher Daly.']
    assert check_slots("The Zone Map revealed localized changes.", quoted, "en") is None
    # a stop word opening a claim is no name even where the evidence ends a run of capitals with it
    # (a headline's run: "Social Care More than ...")
    dateline = ["From: Department of Health and Social Care More than 137,000 people have received the first dose."]
    assert check_slots("More than 137,000 people received the first dose.", dateline, "en") is None


def test_a_measure_is_aligned_by_what_it_measures() -> None:
    # "g" is a unit, and "of flour" says what it measures: before, "100 g" counted nothing and the
    # claim's own "200 g" made the context's "200 g of flour" no rival
    recipe = ["Mix 200 g of flour with 100 g of sugar and 2 eggs."]
    _assert_contradicted("Mix 100 g of flour with 200 g of sugar.", recipe, "the context gives 200 g, not 100 g")
    assert check_slots("Mix 200 g of flour with 100 g of sugar.", recipe, "en") is None
    # the value stated only of something the context names, never of what the claim measures:
    # before, supported ("10 hours" stated)
    battery = ["The battery lasts up to 10 hours of video playback."]
    finding = _finding("The battery lasts up to 10 hours of gaming.", battery)
    assert (finding.label, finding.why, finding.decides) == (
        "unsupported",
        "only a measure of something else states 10 hours",
        True,
    )
    # what the claim measures named in the context, if not right after "of": left to the words
    assert check_slots("Add 200 g of flour.", ["Add 200 g of plain flour."], "en") is None


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        (
            [
                "The tenant must give two months' notice before leaving.",
                "The landlord must give the tenant at least 24 hours' notice before entering the property.",
            ],
            "The tenant must give 24 hours' notice before leaving.",
            "the context gives two months, not 24 hours",
        ),
        (
            ["The warranty covers manufacturing defects for 2 years.", "Batteries are covered for 6 months."],
            "Batteries are covered for 2 years.",
            "the context gives 6 months, not 2 years",
        ),
    ],
)
def test_a_length_of_time_in_another_unit_is_a_rival(context: list[str], claim: str, why: str) -> None:
    # before, "two months" was no rival of "24 hours" (another unit): the claims were supported
    _assert_contradicted(claim, context, why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (["The warranty lasts 24 months."], "The warranty lasts 2 years."),
        (
            ["Social distancing could curb the spread within three months."],
            "Social distancing could curb the spread within 13 weeks.",
        ),
    ],
)
def test_a_length_of_time_in_another_unit_states_as_long_a_time(context: list[str], claim: str) -> None:
    assert check_slots(claim, context, "en") is None


def test_a_metric_measure_in_another_unit_is_compared_in_one_unit() -> None:
    # before, "2 TB" was no rival of "5 GB" (another unit): the free plan's 2 TB was supported by
    # the Pro plan's part, and "500 g" stood beside "1.2 kg" unread
    plans = ["The free plan includes 5 GB of storage; the Pro plan includes 2 TB."]
    _assert_contradicted("The free plan includes 2 TB of storage.", plans, "the context gives 5 GB, not 2 TB")
    assert check_slots("The free plan includes 5 GB of storage.", plans, "en") is None
    _assert_contradicted("Add 500 g of flour.", ["Add 1.2 kg of flour."], "the context gives 1.2 kg, not 500 g")
    assert check_slots("Add 1,200 g of flour.", ["Add 1.2 kg of flour."], "en") is None
    assert check_slots("The route is 3.1 miles long.", ["The route is 5 km long."], "en") is None
    # the Pro plan's name singles out its part, which leaves out "of storage": its 2 TB, not the 5 GB
    assert check_slots("The Pro plan includes 2 TB of storage.", plans, "en") is None
    # a name before a noun the context gives no other word before singles out nothing ("England
    # batsman": the first version's 161 one-day internationals became a rival of 105 Test matches)
    test = ["The 32-year-old has gone on to play 105 Test matches and 161 one-day internationals for England."]
    assert check_slots("The England batsman has played 105 Test matches for his country.", test, "en") is None
    # miles are a length as km are: "187 miles" is no "187 km"
    assert check_slots("It is 187 miles from Copenhagen.", ["It is 187 km from Copenhagen."], "en") is not None
    # a mass is no length: no rival in another kind
    assert check_slots("The parcel weighs 2 kg.", ["The parcel weighs 2 kg and is 40 cm long."], "en") is None
    # "mi" is "miles" (before, "the context does not state 2 miles" for "2 mi southeast of Tonopah")
    tonopah = ["It was situated 2 mi (3.2 km) southeast of Tonopah."]
    assert check_slots("It was situated 2 miles southeast of Tonopah.", tonopah, "en") is None
    _assert_contradicted("It lay 3 miles southeast of Tonopah.", tonopah, "the context gives 2 mi, not 3 miles")


def test_a_place_singles_out_its_part_where_a_later_part_leaves_out_the_rest() -> None:
    # "a return to Leeds" leaves out "ticket", which only the first part has: before, that word and
    # the place singled out two parts, none was chosen, and the first part's £89 supported Leeds
    fares = ["A return ticket to Manchester costs £89; a return to Leeds costs £76."]
    _assert_contradicted("A return ticket to Leeds costs £89.", fares, "the context gives £76, not £89")
    assert check_slots("A return ticket to Manchester costs £89.", fares, "en") is None
    assert check_slots("A return ticket to Leeds costs £76.", fares, "en") is None


def test_a_numbered_names_phrase_goes_on_past_an_apposition() -> None:
    # "Python 3.13, released in October 2024, added ...": before, the phrase of "Python 3.13"
    # ended at the comma, so nothing tied it to "added", and Python 3.12 was supported
    notes = [
        "Python 3.12 was released in October 2023.",
        "It removed the distutils module, which had been deprecated in Python 3.10.",
        "Python 3.13, released in October 2024, added an experimental free-threaded build.",
    ]
    claim = "Python {} added an experimental free-threaded build."
    _assert_contradicted(claim.format("3.12"), notes, "the context gives Python 3.13, not Python 3.12")
    assert check_slots(claim.format("3.13"), notes, "en") is None


def test_one_end_of_a_change_that_the_context_gives_as_the_other_is_contradicted() -> None:
    # "fell to 18% from 21%": 21% is where the margin fell from; before, "fell to 21%" was supported
    results = ["Operating margin fell to 18% from 21% a year earlier."]
    finding = _finding("Operating margin fell to 21%.", results)
    assert (finding.label, finding.why) == ("contradicted", 'the context gives "to 18% from 21", not "to 21%"')
    assert check_slots("Operating margin fell to 18%.", results, "en") is None
    assert check_slots("Operating margin fell from 21%.", results, "en") is None


def test_a_part_of_a_whole_counts_what_the_whole_counts_with_words_of_its_own() -> None:
    # "of which 60" counts beds, in intensive care: before, 60 counted nothing and the whole's 450
    # beds supported "450 beds are in intensive care"
    hospital = ["The hospital has 450 beds, of which 60 are in intensive care."]
    _assert_contradicted("450 beds are in intensive care.", hospital, "the context gives 60, not 450 beds")
    _assert_contradicted("The hospital has 60 beds.", hospital, "the context gives 450 beds, not 60 beds")
    assert check_slots("60 beds are in intensive care.", hospital, "en") is None
    assert check_slots("The hospital has 450 beds.", hospital, "en") is None


def test_then_parts_two_steps() -> None:
    # before, "let it cool" stood near both times, and the first step's 25 minutes supported it
    recipe = ["Bake for 25 minutes, then let it cool for 10 minutes."]
    _assert_contradicted("Let it cool for 25 minutes.", recipe, "the context gives 10 minutes, not 25 minutes")
    assert check_slots("Let it cool for 10 minutes.", recipe, "en") is None
    assert check_slots("Bake for 25 minutes.", recipe, "en") is None


def test_a_part_that_leaves_out_its_verb_shares_the_one_before() -> None:
    # "students €8" leaves out "pay": before, "pay" singled out the adults' part as "students"
    # singled out theirs, no part was chosen, and the adults' €12 supported the students
    prices = ["Admission is free for children under 5; adults pay €12 and students €8."]
    _assert_contradicted("Students pay €12.", prices, "the context gives €8, not €12")
    _assert_contradicted("Adults pay €8.", prices, "the context gives €12, not €8")
    assert check_slots("Students pay €8.", prices, "en") is None
    # a later part's one word before its number may be its verb: "began on" is the first part's own
    # (a training original was contradicted by a first version)
    siege = ["The Siege of Fort Stanwix (also known as Fort Schuyler) began on August 2, 1777, and ended August 22."]
    assert check_slots("The Siege of Fort Stanwix began on August 2, 1777.", siege, "en") is None


def test_a_sentence_modifying_the_claims_thing_otherwise_states_none_of_its_numbers() -> None:
    # "Our premium plan" is another plan than "The basic plan": before, its 100 GB supported the
    # basic plan
    plans = [
        "Our premium plan costs $30 per month and includes 5 users and 100 GB of storage.",
        "The basic plan costs $10 per month for 1 user and 20 GB of storage.",
    ]
    _assert_contradicted("The basic plan includes 100 GB of storage.", plans, "the context gives 20 GB, not 100 GB")
    assert check_slots("The premium plan includes 100 GB of storage.", plans, "en") is None
    assert check_slots("The basic plan includes 20 GB of storage.", plans, "en") is None
    # a first mention describes its thing: "a bizarre addiction" is the claim's "year-long addiction"
    # (a training original was rejected by a first version)
    habit = ["He spent £2,000 on a bizarre addiction.", "It was a year-long addiction."]
    assert check_slots("During a year-long addiction, he spent £2,000.", habit, "en") is None
    # two words the claim puts before one noun are both the claim's ("the prior quarter" and "the
    # year-ago quarter"): a first version set the sentence with the other apart
    ratio = [
        "Our common equity Tier 1 capital ratio was 13.8 percent, down 70 basis points from the prior quarter.",
        "The margin was higher than in the year-ago quarter.",
        "Capital One earned $3.1 billion.",
    ]
    claim = "The common equity Tier 67 capital ratio was down from the prior quarter and the year-ago quarter."
    _assert_contradicted(claim, ratio, "the context gives Tier 1, not Tier 67")


def test_a_pronoun_sentence_that_denies_what_the_claim_adds_to_the_quoted_one_contradicts_it() -> None:
    # "It does not cover ... water" refers back to the warranty: before, the quoted sentence
    # ("The warranty covers manufacturing defects") supported "The warranty covers water damage"
    warranty = (
        "The warranty covers manufacturing defects for 2 years from the date of purchase. "
        "It does not cover damage caused by accidents, misuse or water. Batteries are covered for 6 months."
    )
    metric = Faithfulness()
    denied, covered = metric.check_claims(
        ["The warranty covers water damage.", "The warranty covers manufacturing defects."], [warranty]
    )
    assert denied.label == "contradicted", denied.reason
    assert "It does not cover damage" in denied.reason
    assert covered.label == "supported", covered.reason
    # a negation past the pronoun's reach, or a sentence adding nothing the claim adds, denies nothing
    [kept] = metric.check_claims(
        ["The warranty covers manufacturing defects."],
        ["The warranty covers manufacturing defects. It says that returns are not accepted after 30 days."],
    )
    assert kept.label == "supported", kept.reason


def test_a_sentence_naming_what_the_claim_adds_that_negates_the_claim_word_for_word_contradicts_it() -> None:
    # "Sale items cannot be refunded" beside the quoted "Refunds are available within 14 days": before,
    # only the quoted sentence was read for a moved negation, and it supported the claim
    policy = "Refunds are available within 14 days of purchase. Sale items cannot be refunded."
    metric = Faithfulness()
    sale, refunds, discounted = metric.check_claims(
        ["Sale items can be refunded within 14 days.", "Refunds are available within 14 days."], [policy]
    ) + metric.check_claims(
        ["Sale items can be refunded within 14 days."],
        ["Refunds are available within 14 days of purchase. Sale items are not discounted further."],
    )
    assert sale.label == "contradicted", sale.reason
    assert 'the context says "items cannot be refunded"' in sale.reason
    assert refunds.label == "supported", refunds.reason
    # a negation of something else ("not discounted") moves nothing
    assert discounted.label == "supported", discounted.reason


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        (
            ["Apple reported revenue of $52 billion for the quarter.", "Microsoft said its cloud business grew 20%."],
            "Microsoft reported revenue of $52 billion for the quarter.",
            "the context names Apple here, not Microsoft",
        ),
        (
            ["Kane opened the scoring in the 12th minute.", "Musiala scored the winner in the 89th minute."],
            "Kane scored the winner in the 89th minute.",
            "the context names Musiala here, not Kane",
        ),
        (
            ["Optus disclosed a data breach in September.", "Medibank was hit by a ransomware attack in October."],
            "Optus was hit by a ransomware attack in October.",
            "the context names Medibank here, not Optus",
        ),
        (
            ["Sarkozy signed the treaty in 2007, a year after Merkel had proposed it."],
            "Merkel signed the treaty in 2007.",
            "the context names Sarkozy here, not Merkel",
        ),
        # a short verb before a name is no particle inside one ("met" is no "van")
        (
            ["Zelensky met Macron in Paris on Monday.", "Scholz joined them by video."],
            "Scholz met Macron in Paris on Monday.",
            "the context names Zelensky here, not Scholz",
        ),
    ],
)
def test_a_sentences_first_word_alone_is_a_name_where_people_seldom_write_it_in_lower_case(
    context: list[str], claim: str, why: str
) -> None:
    # before, a sentence's first word alone was no name: each claim was supported by the sentence
    # naming someone else at its start
    finding = _finding(claim, context)
    assert (finding.label, finding.decides, finding.why) == ("wrong_entity", True, why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        # a common word opening a sentence is no name ("Scientists" for "Researchers")
        (["Scientists found that the drug cut deaths by 20%."], "Researchers found that the drug cut deaths by 20%."),
        # a text written in lower case capitalises its first word as any other
        (
            ["West brom manager tony pulis led his side to a 2 - 0 victory over crystal palace."],
            "Tony pulis led his side to 2-0 win over crystal palace.",
        ),
        # an abbreviation ends no sentence; a word after a colon opens a label's value
        (["Miracle at St. Anna tells the story of four soldiers in Europe."], "Miracle at St. Anna tells a story."),
        (["Glasgow is where Mark Knopfler was born in 1949."], "Q: Where was Mark Knopfler born in 1949? A: Glasgow"),
    ],
)
def test_a_sentences_first_word_is_no_name_where_it_is_a_common_word_or_the_text_lower_cases_names(
    context: list[str], claim: str
) -> None:
    assert check_slots(claim, context, "en") is None


def test_a_name_opening_a_claim_that_no_sentence_names_is_unaligned_not_named_otherwise() -> None:
    # "the company" may be Toyota: "Yesterday" is no rival, and the support is left uncertain
    finding = _finding(
        "Toyota announced a recall of 2,000 cars.", ["Yesterday the company announced a recall of 2,000 cars."]
    )
    assert (finding.label, finding.certain, finding.decides) == ("unsupported", False, False)
    assert finding.why == "the evidence does not name Toyota"


def test_a_claims_name_that_says_it_need_not_be_named_where_what_it_says_is_stated() -> None:
    # who says it is named in another sentence: the names in the one stating what was said are no
    # rivals of "Iran" (a first version, reading "Iran" as a name, set "Tehran" in its place)
    context = [
        "Officials in Iran reported the figures on Monday.",
        "The spread of the coronavirus started in Qom and has reached other cities like Tehran and Rasht.",
    ]
    assert check_slots("Iran says the coronavirus has spread to other cities.", context, "en") is None
    # the name in its role read in any case, and a possessive no part of a name it is an alias of
    trial = ["AstraZenecas is the first Phase 3 vaccine trial known to have been put on hold."]
    assert check_slots("Astrazeneca vaccine trial is put on hold.", trial, "en") is None
    strikes = ["Israel's military said strikes on Jabalia had killed Ibrahim Biari, a Hamas commander."]
    assert check_slots("Israeli strikes on Jabalia killed Ibrahim Biari, a Hamas commander.", strikes, "en") is None


def test_another_name_in_place_decides_nothing_where_a_sentence_naming_the_claims_states_more_of_it() -> None:
    # before, the first sentence with another name between the claim's words decided, though the
    # next one names Apple and states the whole claim (a window holding both rejected a true claim)
    launches = [
        "In January, Samsung unveiled the Galaxy S24 in Seoul.",
        "In September, Apple unveiled the iPhone 15 in Cupertino.",
    ]
    assert check_slots("In September, Apple unveiled the iPhone 15 in Cupertino.", launches, "en") is None
    finding = _finding("In September, Samsung unveiled the iPhone 15 in Cupertino.", launches)
    assert (finding.label, finding.decides, finding.why) == (
        "wrong_entity",
        True,
        "the context names Apple here, not Samsung",
    )


def test_a_title_before_a_name_that_the_context_gives_otherwise_is_contradicted() -> None:
    # before, "CFO Dana Whitfield" read as "CEO Dana Whitfield": the name's words are the same
    results = [
        "Acme Corp reported revenue of $4.2 billion for 2023.",
        "CEO Dana Whitfield said growth would slow in 2024.",
    ]
    _assert_contradicted(
        "CFO Dana Whitfield said growth would slow.",
        results,
        "the context gives CEO Dana Whitfield, not CFO Dana Whitfield",
    )
    assert check_slots("CEO Dana Whitfield said growth would slow.", results, "en") is None
    # a name the context never titles, or titles as the claim does somewhere, decides nothing
    untitled = ["Dana Whitfield said growth would slow in 2024."]
    assert check_slots("CFO Dana Whitfield said growth would slow.", untitled, "en") is None
    both = ["CEO Dana Whitfield and Acme's CTO Dana Whitfield are two people.", "CTO Dana Whitfield said so."]
    assert check_slots("CTO Dana Whitfield said so.", both, "en") is None


def test_a_title_spelt_out_that_the_context_gives_someone_else_is_contradicted() -> None:
    # before, "financial" came from the sentence about Tom Becker, the rest from the one naming
    # Lena Fischer: every word of the claim was in the evidence
    board = [
        "The company appointed Lena Fischer as chief technology officer in March.",
        "Tom Becker, who joined in 2019, became chief financial officer.",
    ]
    _assert_contradicted(
        "Lena Fischer was appointed chief financial officer in March.",
        board,
        "the context gives Lena Fischer chief technology officer, not chief financial officer",
    )
    assert check_slots("Lena Fischer was appointed chief technology officer in March.", board, "en") is None
    assert check_slots("Tom Becker became chief financial officer.", board, "en") is None
    # a sentence naming her with the claim's title keeps it; so does one giving no one else that title
    both = ["Lena Fischer, the chief technology officer, and the chief financial officer Tom Becker signed."]
    assert check_slots("Lena Fischer and the chief financial officer signed.", both, "en") is None
    alone = ["The company appointed Lena Fischer as chief technology officer in March."]
    assert check_slots("Lena Fischer was appointed chief financial officer in March.", alone, "en") is None


def test_a_name_between_a_year_and_its_event_leaves_the_event_in_the_years_frame() -> None:
    # before, "Maria Fernanda Lopez" took three of the five words around 2004, "elected" was out
    # of its frame and the year of another event (joining the council) stood for it
    council = ["Maria Fernanda Lopez joined the council in 2004.", "In 2011, Lopez was elected mayor."]
    _assert_contradicted(
        "2004 was the year Maria Fernanda Lopez was elected.", council, "the context gives 2011, not 2004"
    )
    assert check_slots("2011 was the year Maria Fernanda Lopez was elected.", council, "en") is None
    # words gained past a name stay in the number's phrase: "American film actor" is no word of the film's 1943
    numbers, _ = claim_slots("American film actor, Dana Andrews, starred in the 1943 American Western film.", "en")
    assert "actor" not in numbers[0].frame


def test_a_bare_hundred_per_cent_is_the_whole_not_a_round_figure() -> None:
    doctors = ["97% of the surveyed doctors recommend the treatment."]
    _assert_contradicted(
        "100% of the surveyed doctors recommend the treatment.", doctors, "the context gives 97%, not 100%"
    )
    # "nearly 100%" is a round figure
    assert check_slots("Nearly 100% of the doctors recommend it.", ["99.6% of the doctors recommend it."], "en") is None


def test_an_age_is_stated_only_by_an_age() -> None:
    # before, "for 20 years" stated the claim's age, and an age a length of time
    for claim, context in [
        ("Tomasz, 20, opened the bakery.", ["Tomasz opened the bakery after working in kitchens for 20 years."]),
        ("Tomasz opened the bakery after 20 years in kitchens.", ["Tomasz, 20, opened the bakery."]),
    ]:
        finding = _finding(claim, context)
        assert (finding.label, finding.decides) == ("unsupported", True), claim
    assert check_slots("Tomasz, 20, opened the bakery.", ["Tomasz, 20, opened the bakery in May."], "en") is None


def test_two_names_sharing_only_a_word_people_write_in_lower_case_are_two() -> None:
    # before, "University" made "Harvard University" an alias of "Stanford University" and a sentence
    # naming it named the claim's: the claim stood
    study = [
        "The study was led by researchers at Harvard University.",
        "Stanford University provided the imaging data.",
    ]
    finding = _finding("The study was led by researchers at Stanford University.", study)
    assert (finding.label, finding.why) == (
        "wrong_entity",
        "the context names Harvard University here, not Stanford University",
    )
    assert check_slots("Stanford University provided the imaging data for the study.", study, "en") is None
    # a word people never write in lower case, or every word of the shorter name, is one person
    kings = ["King has published 54 novels.", "President Biden met the author."]
    assert check_slots("Stephen King has published 54 novels.", kings, "en") is None
    assert check_slots("Joe Biden met the author.", kings, "en") is None


@pytest.mark.parametrize(
    ("claim", "context", "named"),
    [
        (
            "Tom Hanks starred in the 1970s series.",
            "Tom Baker starred in the 1970s series. Tom Hanks was not in it.",
            "Tom Baker",
        ),
        (
            "Venus Williams won the final in 2002.",
            "Serena Williams won the final in 2002. Venus Williams lost.",
            "Serena Williams",
        ),
        (
            "Michelle Obama gave the keynote speech in 2004.",
            "Barack Obama gave the keynote speech in 2004. Michelle Obama was in the audience.",
            "Barack Obama",
        ),
    ],
)
def test_two_names_differing_where_a_names_own_part_stands_are_two(claim: str, context: str, named: str) -> None:
    # before, "Tom", never written in lower case, made "Tom Hanks" an alias of "Tom Baker": the
    # sentence naming Tom Baker named the claim's, and the claim stood
    sentences = _sentences(context)
    finding = _finding(claim, sentences)
    assert (finding.label, finding.decides) == ("wrong_entity", True)
    assert named in finding.why


def test_a_title_or_a_second_spelling_keeps_two_names_one() -> None:
    # a title people write in lower case, or a name spelt two ways, is one name
    biden = ["Joe Biden met the author in May.", "The visit was brief."]
    assert check_slots("President Biden met the author in May.", biden, "en") is None
    gaddafi = ["Muammar Qaddafi ruled Libya from 1969.", "He was killed in 2011."]
    assert check_slots("Muammar Gaddafi ruled Libya from 1969.", gaddafi, "en") is None
    # a word said twice in a name is one of its words once: "Goo Goo Dolls" is "The Goo Goo Dolls"
    dolls = ["Magnetic is an album by the band Goo Goo Dolls.", "The Goo Goo Dolls are a rock band formed in 1985."]
    assert check_slots("Q: Which rock band, formed in 1985, made Magnetic? A: Goo Goo Dolls", dolls, "en") is None
    # every word the same or spelt two ways, however short the others; one word alone may be another
    assert (
        check_slots(
            "Ed Miliband led the Labour Party from 2010.", ["Ed Milliband led the Labour Party from 2010."], "en"
        )
        is None
    )
    assert _finding("Austria won the final in 2019.", ["Australia won the final in 2019."]).label == "wrong_entity"


def test_a_name_between_the_claims_words_is_not_named_by_a_word_the_claim_writes_in_lower_case() -> None:
    # before, any word of another name anywhere in the claim named it: "game" named "Rockstar Games",
    # which so could not stand between the words the claim has on each side of "Under Armour"
    report = [
        "Take-Two rose 10.2% on a report that its Rockstar Games unit plans to announce the next Grand Theft Auto game."
    ]
    claim = (
        "Take-Two rose 10.2% on a report that its Under Armour unit plans to announce the next Grand Theft Auto game."
    )
    finding = _finding(claim, report)
    assert (finding.label, finding.why) == ("wrong_entity", "the context names Rockstar Games here, not Under Armour")
    # elsewhere such a word may speak of the other name: "its yearly expo" of the Adult Entertainment
    # Expo, "Tony Blair's party" of the Labour Party
    expo = [
        "The AVN Adult Entertainment Expo is a convention held each January in Las Vegas, Nevada.",
        "It is sponsored by the AVN Media Network.",
    ]
    assert check_slots("The AVN Media Network holds its yearly expo in Las Vegas, Nevada.", expo, "en") is None
    labour = ["The Labour Party won the election in 1997.", "Tony Blair led the party."]
    assert check_slots("Tony Blair's party won the election in 1997.", labour, "en") is None


def test_a_name_and_the_word_after_it_stand_where_another_name_ending_in_that_word_does() -> None:
    # before, the claim's lower-case noun named "Apple Music" (a word the two share), and the two
    # names stood between no same words: the support of "Apple Music has 100 million subscribers" held
    context = ["Apple Music has 100 million subscribers.", "Spotify has 600 million users."]
    finding = _finding("Spotify music has 100 million subscribers.", context)
    assert (finding.label, finding.why) == ("wrong_entity", "the context names Apple Music here, not Spotify")
    watches = ["The Apple Watch tracks blood oxygen.", "The Samsung Galaxy Ring tracks sleep."]
    finding = _finding("The Samsung watch tracks blood oxygen.", watches)
    assert finding.why == "the context names The Apple Watch here, not The Samsung"  # past its article
    ad = ["The picture shows an Alienware Desktop with an AMD Ryzen 9000 processor."]
    finding = _finding("The picture shows a Dell desktop with an AMD Ryzen 9000 processor.", ad)
    assert finding.why == "the context names Alienware Desktop here, not Dell"
    # the noun must be the other's last word, the other's other words names, not stop words
    area = ["The Combined Statistical Area had 6.9 million people in 2019."]
    headline = ["Who Received the Lowest Score on 'Dancing With the Stars'? Harry Jowsey did, for his jazz."]
    for claim, sentences in [
        ("The Atlanta metropolitan area had 6.9 million people in 2019.", area),
        ("Harry Jowsey received the lowest score on 'Dancing With the Stars'.", headline),
        ("Apple music has 100 million subscribers.", context),
    ]:
        finding = check_slots(claim, sentences, "en")
        assert finding is None or not finding.decides, claim
    # a name that is all articles in some language read ("Sa", French) ends with no noun
    assert _finding("Pythagoras was a Greek thinker.", ["Sa was a Greek thinker."]).label == "wrong_entity"


@pytest.mark.parametrize(
    ("claim", "context", "named"),
    [
        (
            "The film was directed by Ryan Gosling.",
            "Barbie is a film directed by Greta Gerwig. It stars Ryan Gosling.",
            "Greta Gerwig",
        ),
        (
            "The keynote was given by Satya Nadella.",
            "Satya Nadella opened it. The keynote was given by Sam Altman.",
            "Sam Altman",
        ),
        (
            "Southpaw was written by Jake Gyllenhaal.",
            "Southpaw was written by Kurt Sutter and stars Jake Gyllenhaal.",
            "Kurt Sutter",
        ),
        # past its article: "approved by the X in May" stands where "approved by the Y in May" does
        (
            "The merger was approved by the European Commission.",
            "The merger was approved by the Markets Authority in May. The European Commission opened an inquiry.",
            "Markets Authority",
        ),
        (
            "The painting was bought by the Louvre.",
            "The painting was bought by the Rijksmuseum for 10 million euros. The Louvre had bid 8 million.",
            "Rijksmuseum",
        ),
        # a partner after "with the" as after "with" (before, the context's read as a place, and no
        # place stands where the claim has an actor)
        (
            "Moderna developed its vaccine with BioNTech.",
            "Moderna developed its vaccine with the National Institutes of Health. Pfizer partnered with BioNTech.",
            "National Institutes",
        ),
    ],
)
def test_a_name_after_by_or_with_that_the_context_gives_otherwise_is_the_wrong_entity(
    claim: str, context: str, named: str
) -> None:
    # before, a name after "by" was checked neither as an actor nor as a place, and "the" before
    # a name left it flanked by stop words alone
    sentences = _sentences(context)
    finding = _finding(claim, sentences)
    assert (finding.label, finding.decides) == ("wrong_entity", True)
    assert named in finding.why
    assert check_slots(claim.replace(re.split(" by | with ", claim)[-1][:-1], named), sentences, "en") is None


def test_a_nickname_in_quotes_is_part_of_the_name() -> None:
    # 'Kenneth "Babyface" Edmonds' is one name, credited in one list with Tracey Edmonds (read as
    # "Kenneth" alone, it stood where the claim's "produced by" has Tracey Edmonds)
    for quoted in ('Kenneth "Babyface" Edmonds', "Kenneth `` Babyface '' Edmonds"):
        credits = [f"Soul Food is a 1997 film produced by {quoted}, Tracey Edmonds and Robert Teitel."]
        assert check_slots("Soul Food was produced by Tracey Edmonds.", credits, "en") is None
    # and its nickname is a word of it ("Jem" of 'Jeremy Max "Jem" Finer')
    finer = ['Jeremy Max "Jem" Finer is an English musician.', "Longplayer is a composition by Jem Finer."]
    assert check_slots("Longplayer is a composition by the English musician Jem Finer.", finer, "en") is None


def test_a_place_after_a_copula_stands_where_one_set_off_by_commas_does() -> None:
    # before, "Kilimanjaro is in" and "Kilimanjaro, in" had only "in" in common
    mountains = [
        "Mount Kilimanjaro, in Tanzania, rises to 5,895 metres.",
        "Mount Kenya, the second-highest peak in Africa, reaches 5,199 metres.",
    ]
    finding = _finding("Mount Kilimanjaro is in Kenya.", mountains)
    assert (finding.label, finding.why) == ("wrong_entity", "the context names Tanzania here, not Kenya")
    assert check_slots("Mount Kilimanjaro is in Tanzania.", mountains, "en") is None


def test_a_place_or_a_day_of_a_claim_saying_only_where_or_when_one_thing_is_is_checked() -> None:
    # before, a claim saying nothing but one word beside its place or day was too short to check:
    # "The Louvre is in Amsterdam" stood, though the one sentence naming the Louvre puts it in Paris
    museums = ["The Louvre, in Paris, drew 8.9 million visitors.", "The Rijksmuseum is in Amsterdam."]
    finding = _finding("The Louvre is in Amsterdam.", museums)
    assert (finding.label, finding.why) == ("wrong_entity", "the context names Paris here, not Amsterdam")
    assert check_slots("The Louvre is in Paris.", museums, "en") is None
    assert _finding("Kilimanjaro is in Kenya.", ["Kilimanjaro is in Tanzania."]).label == "wrong_entity"
    offices = ["The company is in Munich.", "It has an office in Berlin."]
    assert _finding("The company is in Berlin.", offices).why == "the context names Munich here, not Berlin"
    # a change from one name to another: the later stands where the claim's "moved to" has its own
    meeting = ["The meeting was moved from Tuesday to Thursday."]
    assert _finding("The meeting was moved to Tuesday.", meeting).why == "the context gives Thursday, not Tuesday"
    assert check_slots("The meeting was moved to Thursday.", meeting, "en") is None
    assert check_slots("The meeting was moved from Tuesday.", meeting, "en") is None
    moved = ["In 2019 she moved from Paris to London."]
    assert _finding("In 2019 she moved to Paris.", moved).why == "the context names London here, not Paris"
    # as well as where a claim's own "from X to" has its name (a first version read only past "from X")
    sunk = ["The ship was sunk en route from Bombay to India in 1942."]
    assert _finding("The ship was sunk en route from Bombay to England in 1942.", sunk).label == "wrong_entity"
    events = ["The concert is on Friday.", "The rehearsal is on Thursday."]
    assert _finding("The concert is on Thursday.", events).why == "the context gives Friday, not Thursday"
    assert check_slots("The concert is on Friday.", events, "en") is None


def test_a_name_after_in_the_or_at_the_is_not_checked_as_a_place() -> None:
    # after "the", a name is often a nickname or a place for what is there ("the Blues" for Chelsea,
    # "the Nou Camp" for Barcelona): only an agent after "by the" is checked
    messi = ["Bartomeu said Messi will always have a place at the Nou Camp."]
    assert check_slots("Bartomeu says Messi will always have a place at Barca.", messi, "en") is None


def test_a_sentence_naming_the_claims_name_that_states_as_much_keeps_another_out_of_its_role() -> None:
    # before, "Phil Foden ... against Arsenal" shared as much of the claim as the sentence naming
    # Haaland, came first, and its "against Arsenal" made Foden the one in Haaland's role
    match = [
        "Phil Foden scored twice against Arsenal on Sunday.",
        "Erling Haaland missed a penalty in the second half.",
    ]
    assert check_slots("Erling Haaland missed a penalty against Arsenal.", match, "en") is None
    finding = _finding("The striker Erling Haaland scored twice against Arsenal.", match)
    assert (finding.label, finding.why) == ("wrong_entity", "the context names Phil Foden here, not Erling Haaland")


def test_an_acronym_where_the_sentence_stating_the_rest_has_another_is_the_wrong_entity() -> None:
    # before, capitals were no name (a name needs a lower-case letter): "FDA" and "EMA" read alike
    drug = ["The drug was approved by the EMA in 2021.", "The FDA is expected to decide next year."]
    finding = _finding("The drug was approved by the FDA in 2021.", drug)
    assert (finding.label, finding.decides, finding.why) == (
        "wrong_entity",
        True,
        "the context names EMA here, not FDA",
    )
    assert check_slots("The FDA is expected to decide on the drug next year.", drug, "en") is None
    # "CDC" is no Roman numeral; a sentence naming the claim's acronym that states as much keeps it
    pandemic = ["The CDC issued guidance in February 2020.", "The WHO declared a pandemic in March 2020."]
    assert _finding("The CDC declared a pandemic in March 2020.", pandemic).why == "the context names WHO here, not CDC"
    both = ["Exports to the UK rose by 5% and exports to the US rose by 5% too."]
    assert check_slots("Exports to the US rose by 5%.", both, "en") is None
    # a text written in capitals has no acronyms
    assert check_slots("THE FDA APPROVED THE DRUG IN 2021.", drug, "en") is None


_CAPITALS = ["Paris is the capital of France.", "Berlin is the capital of Germany."]


def test_a_name_before_a_copula_is_read_past_its_article_where_the_sentence_clearly_states_more() -> None:
    # before, "Abuja is the capital" flanked Abuja with "is the", two stop words: no place at all
    nigeria = ["Abuja is the capital of Nigeria.", "Lagos is its largest city."]
    finding = _finding("Lagos is the capital of Nigeria.", nigeria)
    assert (finding.label, finding.why) == ("wrong_entity", "the context names Abuja here, not Lagos")
    assert check_slots("Abuja is the capital of Nigeria.", nigeria, "en") is None
    # not where a sentence naming the claim's name states about as much ("capital" and "Germany"
    # against "capital" alone)
    assert check_slots("Berlin is the capital of Germany.", _CAPITALS, "en") is None


def test_a_name_before_a_copula_is_read_past_its_article_where_only_that_sentence_states_all_the_rest() -> None:
    # before, the sentence naming the Sahara shared one word of two ("largest"): no clear margin
    deserts = ["The Amazon is the largest rainforest.", "The Sahara is the largest hot desert."]
    finding = _finding("The Sahara is the largest rainforest.", deserts)
    assert (finding.label, finding.why) == ("wrong_entity", "the context names The Amazon here, not The Sahara")
    assert check_slots("The Amazon is the largest rainforest.", deserts, "en") is None
    # a rest naming something may be what is wrong: "France", told by the sentence naming Berlin
    assert _finding("Berlin is the capital of France.", _CAPITALS).why == "the context names Germany here, not France"


def test_a_name_before_an_apposition_stands_where_one_before_a_copula_does() -> None:
    # before, "Grok, a new large language model" flanked Grok with "a new", and "Grok is a new ..."
    # with "is new": no two names stood between the same words
    grok = ["On Saturday, xAI announced Grok.", "Grok is a new large language model.", "It comes with X Premium."]
    finding = _finding("xAI launched Premium, a new large language model.", grok)
    assert (finding.label, finding.why) == ("wrong_entity", "the context names Grok here, not Premium")
    assert check_slots("xAI announced Grok, a new large language model.", grok, "en") is None
    # the apposition in the context, a copula of either tense in the claim
    hired = ["The company hired Maria Lopez, a former Google engineer, in March.", "Sam Ortiz joined from Meta."]
    for claim in ("Sam Ortiz is a former Google engineer.", "Sam Ortiz was a former Google engineer."):
        finding = _finding(claim, hired)
        assert (finding.label, finding.why) == ("wrong_entity", "the context names Maria Lopez here, not Sam Ortiz")
    assert check_slots("Maria Lopez is a former Google engineer.", hired, "en") is None
    # a list's comma is no apposition: no article follows it
    assert check_slots("Lyon, Paris and Nice hosted games.", ["Lyon, Paris and Nice hosted games."], "en") is None


def test_a_name_sharing_a_word_with_the_claims_stands_in_its_place_only_where_no_sentence_naming_it_states_more() -> (
    None
):
    # "Yale University" is a rival of "Harvard University", but the sentence naming Harvard states
    # the claim's year too: the claim speaks of it (a first version rejected the true claim)
    founded = ["Harvard University was founded in 1636.", "Yale University was founded in 1701."]
    assert check_slots("Harvard University was founded in 1636.", founded, "en") is None
    finding = _finding("Yale University was founded in 1636.", founded)
    # (the sentence naming all of "Yale University" gives its year: it outranks one naming only
    # "University" of it, and the number decides before the name)
    assert (finding.label, finding.why) == ("contradicted", "the context gives 1701, not 1636")


def test_a_date_of_someones_birth_or_death_states_no_other_event() -> None:
    # "born 5 January 1955" stated the 1955 of a claim about another event, and "(born April 26,
    # 1980)" the year of a film debut (HaluEval and FEVER edits of the larger training run): before,
    # the false claims were supported
    mamata = [
        "Mamata Banerjee (born 5 January 1955) is an Indian politician who has been Chief Minister of "
        "West Bengal since 2011."
    ]
    _assert_contradicted(
        "Since 1955, Mamata Banerjee has served as Chief Minister of West Bengal.",
        mamata,
        "the context gives 2011, not 1955",
    )
    assert check_slots("Mamata Banerjee has served as Chief Minister of West Bengal since 2011.", mamata, "en") is None
    assert check_slots("Mamata Banerjee was born in 1955.", mamata, "en") is None
    keaton = [
        "It was directed by Diane Keaton (born Diane Hall; January 5, 1946), an American film actress and director."
    ]
    finding = _finding("Diane Keaton directed the documentary Heaven in 1946.", keaton)
    assert (finding.label, finding.why) == (
        "unsupported",
        "the context gives 1946 only as a date of someone's birth or death",
    )
    assert check_slots("Diane Keaton, born in 1946, is an American film director.", keaton, "en") is None
    # the years of a life's brackets: the claim speaking of a life, or giving the brackets itself
    mukesh = ["Mukesh Chand Mathur (22 July 1923 - 27 August 1976) was an Indian playback singer."]
    finding = _finding("Mukesh recorded the song for a film in 1976.", mukesh)
    assert finding.label == "unsupported"
    assert check_slots("Mukesh (1923-1976) was an Indian playback singer.", mukesh, "en") is None
    assert check_slots("Mukesh lived until 1976.", mukesh, "en") is None
    # a word of birth dates only the number after it, no other number between ("born in 1932 and in
    # 1950 moved"); a claim's "birthdate" speaks of a life (a first version rejected a HaluEval
    # original: "What is the birthdate of this American director ...? A: January 19, 1985")
    moved = ["Hans Berg was born in 1932 and in 1950 moved to Oslo, where he trained as an engineer."]
    assert check_slots("Hans Berg moved to Oslo in 1950.", moved, "en") is None
    chazelle = ["Damien Sayre Chazelle (born January 19, 1985) is an American director, screenwriter and producer."]
    assert (
        check_slots("Q: What is the birthdate of this American director? A: January 19, 1985", chazelle, "en") is None
    )


def test_a_date_of_birth_in_german() -> None:
    context = ["Anna Keller (geb. 12. März 1946) ist Ingenieurin und arbeitet bei einem Autobauer in Stuttgart."]
    finding = check_slots("Anna Keller arbeitet seit 1946 bei einem Autobauer in Stuttgart.", context, "de")
    assert finding is not None
    assert (finding.label, finding.why) == (
        "unsupported",
        "the context gives 1946 only as a date of someone's birth or death",
    )
    assert check_slots("Anna Keller wurde 1946 geboren und arbeitet in Stuttgart.", context, "de") is None


def test_a_word_opening_the_claim_before_its_number_names_nothing_the_context_writes_in_lower_case() -> None:
    # "Since 1955" was read as a name numbered like "Android 14", and "since 2011" as another of it,
    # which the name check let pass (a FEVER edit of the larger training run)
    context = ["Mamata Banerjee is an Indian politician who has been Chief Minister of West Bengal since 2011."]
    _assert_contradicted(
        "Since 1955, Mamata Banerjee has served as Chief Minister of West Bengal.",
        context,
        "the context gives 2011, not 1955",
    )
    # a name opening the claim stays one where the context writes it with a capital inside a sentence
    android = ["The phone shipped with Android 13 in January.", "The update to Android 14 came in March."]
    _assert_contradicted(
        "Android 12 shipped with the phone in January.", android, "the context gives Android 13, not Android 12"
    )


def test_a_year_a_bracket_gives_of_another_thing_states_no_year_of_the_claims_thing() -> None:
    # "The Resident (2011)" stated the 2011 of "Let Me In", which has a bracket of its own (a FEVER
    # number swap of the larger training run, and made-up lists): before, the false claims were supported
    hammer = [
        "Since then, Hammer Film Productions has produced several films, including Let Me In (2010), "
        "The Resident (2011), The Woman in Black (2012) and The Quiet Ones (2014)."
    ]
    finding = _finding("Hammer Film Productions produced Let Me In in 2011.", hammer)
    assert (finding.label, finding.why) == ("unsupported", "the context gives 2011 only as the year of The Resident")
    assert check_slots("Hammer Film Productions produced The Resident in 2011.", hammer, "en") is None
    assert check_slots("Hammer Film Productions produced Let Me In in 2010.", hammer, "en") is None
    band = ["The band's debut album, Hollow Sky (2004), was followed by Red Rooms (2007)."]
    finding = _finding("The band's album Red Rooms came out in 2004.", band)
    assert (finding.label, finding.why) == ("unsupported", "the context gives 2004 only as the year of Hollow Sky")
    # a claim naming none of the dated things may describe one otherwise
    assert check_slots("The band's debut album came out in 2004.", band, "en") is None
    # a bracket dating the claim's own thing is no rival of another event's year of it
    titanic = ["Titanic (1997) was re-released in 3D in 2012 for the centenary of the sinking."]
    assert check_slots("Titanic was re-released in 3D in 2012.", titanic, "en") is None


def test_a_name_the_context_gives_only_as_one_of_a_cast_is_no_actor_of_what_the_claim_says() -> None:
    # a character someone plays, or who plays one, said to be or do what the performer or the
    # character is or does (a FEVER name swap of the larger training run, and made-up claims):
    # before, the sentence naming the claim's name at all kept it
    aubrey = [
        "Aubrey Frances Anderson-Emmons (born June 6, 2007) is an American child actress, known for her role as "
        "Lily Tucker-Pritchett on ABC's Modern Family."
    ]
    finding = _finding("Lily Tucker-Pritchett is an American child actress.", aubrey)
    assert (finding.label, finding.why) == (
        "wrong_entity",
        "the context names Aubrey Frances Anderson-Emmons here, not Lily Tucker-Pritchett",
    )
    house = [
        "Gregory House, played by Hugh Laurie, is a misanthropic doctor at Princeton-Plainsboro Teaching Hospital."
    ]
    finding = _finding("Hugh Laurie is a doctor at Princeton-Plainsboro.", house)
    assert finding.label == "wrong_entity"
    cranston = ["Bryan Cranston, who portrayed Walter White, won four Primetime Emmy Awards for Breaking Bad."]
    finding = _finding("Walter White won four Emmy Awards for Breaking Bad.", cranston)
    assert finding.label == "wrong_entity"
    # a claim speaking of the cast itself, a character the sentence describes, and who the sentence
    # names elsewhere than in its cast keep their names
    assert check_slots("Aubrey Anderson-Emmons played Lily Tucker-Pritchett on Modern Family.", aubrey, "en") is None
    assert check_slots("Lily Tucker-Pritchett is a character on Modern Family.", aubrey, "en") is None
    assert check_slots("Gregory House is a doctor at Princeton-Plainsboro.", house, "en") is None
    assert check_slots("Bryan Cranston won four Emmy Awards for Breaking Bad.", cranston, "en") is None
    walsh = ["Jack Falahee is known for his role as Connor Walsh, a law student, in How to Get Away with Murder."]
    assert check_slots("Connor Walsh is a law student in How to Get Away with Murder.", walsh, "en") is None
    white = ["Breaking Bad stars Bryan Cranston as Walter White, who is a chemistry teacher turned drug manufacturer."]
    assert check_slots("Walter White is a chemistry teacher in Breaking Bad.", white, "en") is None
    match = ["Manchester United played Arsenal on Sunday at Old Trafford, winning 2-1."]
    assert check_slots("Arsenal lost to Manchester United on Sunday at Old Trafford.", match, "en") is None


def test_a_possessive_before_the_claims_name_is_its_owner_not_another_name() -> None:
    # "on ABC's Modern Family" for "on Modern Family": before, "the context names ABC's here"
    aubrey = [
        "Aubrey Frances Anderson-Emmons is an American child actress, known for her role as Lily "
        "Tucker-Pritchett on ABC's Modern Family."
    ]
    assert check_slots("Aubrey Anderson-Emmons played Lily Tucker-Pritchett on Modern Family.", aubrey, "en") is None
    # an owner in the claim's owner's place is still another name
    show = ["The film premiered on NBC's Sunday Movie in 1994."]
    finding = _finding("The film premiered on CBS's Sunday Movie.", show)
    assert finding.why == "the context names NBC here, not CBS"


def test_a_span_given_roughly_or_to_a_short_claim_has_its_ends() -> None:
    # "from about 1300 to about 1850" is a span (a climate_fever edit of the larger training run:
    # "The Little Ice Age ended as recently as 1300" was supported), and "The war ended in 1861",
    # with one word besides its end, is read against the span of a sentence holding that word
    ice = [
        "Little Ice Age: It has been defined as a period extending from the 16th to the 19th centuries, but some "
        "experts prefer an alternative timespan from about 1300 to about 1850."
    ]
    _assert_contradicted(
        "The Little Ice Age ended as recently as 1300.", ice, "the context gives 1850 as the end, not 1300"
    )
    assert check_slots("The Little Ice Age ended around 1850.", ice, "en") is None
    war = ["The war lasted from about 1861 to about 1865."]
    _assert_contradicted("The war ended in 1861.", war, "the context gives 1865 as the end, not 1861")
    # a span's other end is no rival of the end the claim gives (before, "the context gives 1861,
    # not 1865": "about" took a word of 1865's frame)
    assert check_slots("The war ended in 1865.", war, "en") is None
    assert check_slots("The war lasted until about 1865.", war, "en") is None
    # a span the claim gives itself is compared as one, whatever word of a beginning it has (a first
    # version read "The launch" as the start of "from 2024 to 2025", against the same sentence)
    postponed = ["The launch was postponed from 2024 to 2025."]
    assert check_slots("The launch was postponed from 2024 to 2025.", postponed, "en") is None
    later = _finding("The war ended in 1870.", war)
    assert later.label == "contradicted"


def test_a_later_part_with_a_verb_of_its_own_shares_only_the_subject() -> None:
    # "and reached the cup final in 2004" has a verb of its own: "won the league title" is the first
    # part's, not said of both (before, "The team won the league title in 2004" was supported)
    team = ["The team won the league title under its new coach in 2001, and reached the cup final in 2004."]
    _assert_contradicted("The team won the league title in 2004.", team, "the context gives 2001, not 2004")
    assert check_slots("The team reached the cup final in 2004.", team, "en") is None
    company = ["The company was founded in 1998 in Austin, and moved to Denver in 2005."]
    _assert_contradicted("The company was founded in 2005.", company, "the context gives 1998, not 2005")
    assert check_slots("The company moved to Denver in 2005.", company, "en") is None
    # the subject stays shared: "The store" is of both parts
    store = ["The store opened in 1990 and closed in 2005."]
    assert check_slots("The store closed in 2005.", store, "en") is None
    _assert_contradicted("The store opened in 2005.", store, "the context gives 1990, not 2005")


def test_a_later_part_without_a_subject_repeats_only_its_last_words() -> None:
    # "but only until 5 pm on Saturdays" says again "until": the first part's own words start there,
    # "The library is open" is of both (before, the true claim was contradicted: "the context gives 8 pm")
    library = ["The library is open until 8 pm on weekdays, but only until 5 pm on Saturdays."]
    assert check_slots("The library is open until 5 pm on Saturdays.", library, "en") is None
    _assert_contradicted("The library is open until 8 pm on Saturdays.", library, "the context gives 5 pm, not 8 pm")


@pytest.mark.parametrize(
    ("text", "names"),
    [
        # initials open a name or stand after a given name, and are no words of its stems
        ("The novel was written by J. R. R. Tolkien.", ["J. R. R. Tolkien"]),
        ("It was written by J.K. Rowling and A. A. Milne.", ["J.K. Rowling", "A. A. Milne"]),
        (
            "George W. Bush met Tony Blair in Washington, D. C. The talks lasted two days.",
            ["George W. Bush", "Tony Blair", "Washington"],
        ),
        # a letter after a word that takes one as a name may end the sentence ("Serie A. Fiorentina")
        ("Juventus lead Serie A. Fiorentina are second.", ["Serie"]),
    ],
)
def test_a_name_with_initials_is_one_name(text: str, names: list[str]) -> None:
    # before, an initial was no word of a name, and the name after its full stop opened a sentence:
    # "Tolkien" was read as a sentence's first word and dropped, "George" and "Bush" were two names
    found = slots_module._capitalised(text, "en")
    assert [name.text for name, *_ in found if not name.opening] == names
    assert all(len(stem) > 1 for name, *_ in found for stem in name.stems)


def test_a_name_with_initials_is_checked_as_the_name() -> None:
    context = ["Back to the Future is a 1985 film directed by Robert Zemeckis and starring Michael J. Fox."]
    assert check_slots("Michael J. Fox starred in Back to the Future.", context, "en") is None
    finding = _finding("Michael J. Fox directed Back to the Future.", context)
    assert finding.why == "the context names Robert Zemeckis here, not Michael J. Fox"


_RANKINGS = [
    "The law school was ranked third in the country by the 2015 Above The Law Rankings.",
    "It is ranked 12th in the 2016 QS World University Rankings.",
]


@pytest.mark.parametrize(
    ("claim", "context", "why"),
    [
        # a year of another thing's edition states none of the claim's, where the claim's is dated
        (
            "The law school is ranked in the 2015 QS World University Rankings.",
            _RANKINGS,
            "the context does not state 2015",
        ),
        # the name after the last year of a list dates them all
        (
            "She played in the 2010 World Cup.",
            ["She played in the 2014 and 2018 World Cups."],
            "the context gives 2014, not 2010",
        ),
    ],
)
def test_a_year_dates_the_edition_of_the_name_after_it(claim: str, context: list[str], why: str) -> None:
    finding = _finding(claim, context)
    assert (finding.why, finding.decides) == (why, True)


@pytest.mark.parametrize(
    ("claim", "context"),
    [
        ("The law school is ranked in the 2016 QS World University Rankings.", _RANKINGS),
        ("The law school was ranked third by the 2015 Above The Law Rankings.", _RANKINGS),
        # before, the first year of the list counted nothing, and the last one was its rival
        ("She played in the 2014 World Cup.", ["She played in the 2014 and 2018 World Cups."]),
        ("She played in the 2010 World Cup.", ["She played in the 2010, 2014 and 2018 World Cups."]),
        # an edition named more fully is the same
        ("Germany won the 2014 World Cup.", ["Germany won the 2014 FIFA World Cup in Brazil."]),
        # where the claim's edition is dated nowhere, another name of it may be ("the 2012 London Olympics")
        (
            "He won gold at the 2012 Olympics.",
            ["He won gold at the 2012 London Olympics.", "He won silver at the 2016 Rio Games."],
        ),
        # no article: no edition ("In 2015 Apple released ...")
        ("Apple released the iPhone 6s in 2015.", ["In 2015 Apple released the iPhone 6s."]),
    ],
)
def test_a_year_of_the_claims_edition_keeps_its_support(claim: str, context: list[str]) -> None:
    assert check_slots(claim, context, "en") is None


def test_the_edition_a_year_dates() -> None:
    editions = [sorted(n.edition) for n in claim_slots("She played in the 2014 and 2018 World Cups in 2019.", "en")[0]]
    assert editions == [["cup", "world"], ["cup", "world"], []]


@pytest.mark.parametrize(
    ("claim", "context", "why"),
    [
        (
            "Authorities have begun exhuming more than 116 bodies from a mass grave.",
            ["Mexican authorities have begun exhuming 116 bodies found buried in a mass grave."],
            "the context gives 116 bodies, not more than 116 bodies",
        ),
        ("The company has fewer than 512 employees.", ["The company has 512 employees."], None),
        ("Die Firma hat mehr als 512 Mitarbeiter.", ["Die Firma hat 512 Mitarbeiter."], None),
    ],
)
def test_a_count_bounded_past_the_number_the_context_gives_is_contradicted(
    claim: str, context: list[str], why: str | None
) -> None:
    # before, "more than 116" was stated by 116 itself: its bound was read only against another bound
    lang: Lang = "de" if claim.startswith("Die") else "en"
    finding = check_slots(claim, context, lang)
    assert finding is not None
    assert (finding.label, finding.decides) == ("contradicted", True)
    if why is not None:
        assert finding.why == why


@pytest.mark.parametrize(
    ("claim", "context"),
    [
        ("Exactly 500 people attended, and no fewer than 500 came back.", ["500 people attended and 500 came back."]),
        ("At least 116 bodies were exhumed.", ["116 bodies were exhumed."]),
        ("The company has more than 500 employees.", ["The company has more than 500 employees."]),
        # a round figure may round a larger count
        ("There are more than 33,000 landmarks.", ["Historic districts hold most of the 33,000 landmarks."]),
        # a threshold: "over" and "under" often set one that the context gives as a number alone
        ("Orders over $50 ship free.", ["Shipping is free for orders of $50."]),
        ("Driving over 50 km/h is illegal in the town centre.", ["The speed limit in the town centre is 50 km/h."]),
        ("Visitors over 65 get a discount.", ["The discount is for visitors aged 65."]),
    ],
)
def test_a_bound_that_holds_the_number_or_sets_a_threshold_keeps_the_claim(claim: str, context: list[str]) -> None:
    assert check_slots(claim, context, "en") is None


def test_a_count_bounded_past_a_number_holds_a_count_beyond_it() -> None:
    # before, 2,000 was a rival of "more than 1,500 paintings", which it satisfies
    finding = check_slots("The museum has more than 1,500 paintings.", ["The museum holds 2,000 paintings."], "en")
    assert finding is None or finding.label != "contradicted"
    assert (
        check_slots("The museum has fewer than 2,500 paintings.", ["The museum holds 2,000 paintings."], "en") is None
    )


@pytest.mark.parametrize(
    ("claim", "context", "lang", "why"),
    [
        (
            "Employees accrue 1.5 days of paid leave per year.",
            "Employees accrue 1.5 days of paid leave per month.",
            "en",
            "the context gives 1.5 days per month, not 1.5 days per year",
        ),
        ("The subscription costs $100 a year.", "The subscription costs $10 a month.", "en", None),
        ("The clinic sees 200 patients a week.", "The clinic sees 200 patients a day.", "en", None),
        ("Der Tarif kostet 10 Euro im Jahr.", "Der Tarif kostet 10 Euro im Monat.", "de", None),
        ("L'abonnement coûte 10 euros par an.", "L'abonnement coûte 10 euros par mois.", "fr", None),
    ],
)
def test_a_rate_per_another_time_is_compared_per_the_same_time(
    claim: str, context: str, lang: Lang, why: str | None
) -> None:
    # before, a rate's time was no part of it: "1.5 days per year" was stated by "1.5 days per month"
    finding = check_slots(claim, [context], lang)
    assert finding is not None
    assert (finding.label, finding.decides) == ("contradicted", True)
    if why is not None:
        assert finding.why == why


@pytest.mark.parametrize(
    ("claim", "context"),
    [
        # the same rate per another time; a rate the other does not give per any time
        ("Employees accrue 18 days of paid leave per year.", "Employees accrue 1.5 days of paid leave per month."),
        ("The subscription costs $120 a year.", "The subscription costs $10 a month."),
        ("The subscription costs $10 monthly.", "The subscription costs $10 a month."),
        ("The pump delivers 60 litres per hour.", "The pump delivers 1 litre per minute."),
        ("The clinic sees 200 patients.", "The clinic sees 200 patients a day."),
    ],
)
def test_the_same_rate_per_another_time_keeps_the_claim(claim: str, context: str) -> None:
    assert check_slots(claim, [context], "en") is None


def test_the_time_a_number_is_a_rate_of() -> None:
    def pers(text: str) -> list[str | None]:
        return [n.per[1] if n.per else None for n in claim_slots(text, "en")[0]]

    assert pers("Employees accrue 1.5 days of paid leave per month.") == ["per month"]
    assert pers("The plan costs $120 annually, or $12 a month.") == ["annually", "a month"]
    # no stop word ("for a year") nor number ("three times a day") between
    assert pers("He worked 5 days for a year.") == [None]
    assert pers("Take 500 mg three times a day.") == [None, "a day"]
    # the lexicons' words, each language its own
    assert [n.per[1] if n.per else None for n in claim_slots("Die Gebühr beträgt 120 Euro jährlich.", "de")[0]] == [
        "jährlich"
    ]
    assert [n.per for n in claim_slots("The fee is 120 euros jährlich.", "en")[0]] == [None]


_PIXELS = [
    "The Pixel 8 has a 6.2-inch display and a 4,575 mAh battery.",
    "The Pixel 8 Pro has a 6.7-inch display and a 5,050 mAh battery.",
]


def test_a_sentence_naming_a_variant_of_the_claims_thing_states_none_of_its_numbers() -> None:
    # before, "The Pixel 8 Pro has a 6.7-inch display" stated "The Pixel 8 has a 6.7-inch display"
    _assert_contradicted("The Pixel 8 has a 6.7-inch display.", _PIXELS, "the context gives 6.2-inch, not 6.7-inch")
    assert check_slots("The Pixel 8 Pro has a 6.7-inch display.", _PIXELS, "en") is None
    assert check_slots("The Pixel 8 has a 6.2-inch display.", _PIXELS, "en") is None
    # the whole verifier: the variant's sentence, read alone, is no support either
    baseline = Faithfulness(verifier="baseline", lang="en")
    [verdict] = baseline.check_claims(["The Pixel 8 has a 5,050 mAh battery."], [" ".join(_PIXELS)])
    assert verdict.label == "contradicted", verdict.reason
    # where no sentence names the claim's thing alone, a variant's may be the claim's paraphrase
    assert check_slots("The Pixel 8 has a 6.7-inch display.", _PIXELS[1:], "en") is None


def test_the_end_of_a_range_counts_nothing_of_the_number_after_it() -> None:
    # before, "64 and 86%" was read as a choice ("1 or 2 tablets"): 64% rivalled the claim's 86%
    vaccine = ["The vaccine showed 94% efficacy in adults aged 18 to 64 and 86% in those aged 65 and older."]
    assert check_slots("The vaccine showed 86% efficacy in people aged 65 and older.", vaccine, "en") is None
    assert [n.text for n in claim_slots(vaccine[0], "en")[0]] == ["94%", "18", "64", "86%", "65"]


def test_a_place_after_the_claims_verb_in_a_sentence_stating_the_rest_is_in_its_place() -> None:
    # before, "in Austin" stood between other words than "founded in Denver": nothing was read
    acme = [
        "Acme Corp was founded in 1998 by Maria Lopez and James Chen in Austin, Texas.",
        "The company moved its headquarters to Denver in 2019.",
    ]
    finding = _finding("Acme Corp was founded in Denver.", acme)
    assert (finding.label, finding.why) == ("wrong_entity", "the context names Austin here, not Denver")
    assert check_slots("Acme Corp was founded in Austin.", acme, "en") is None
    # another phrase (after a comma) says another thing; a place the context names nowhere may hold
    # the other; a copula is no verb of its own
    curie = ["Marie Curie, born in 1867, studied in Paris."]
    assert check_slots("Marie Curie was born in Warsaw.", curie, "en") is None
    assert check_slots("Acme Corp was founded in the United States.", acme, "en") is None
    assert check_slots("The Burj Khalifa is in Asia.", ["The Burj Khalifa is a skyscraper in Dubai."], "en") is None
    # the sentence may name the claim's place after another preposition: it is still no place of the verb's
    rhine = ["The river rises in the Alps in Switzerland and flows through Germany into the North Sea."]
    finding = _finding("The river rises in Germany.", rhine)
    assert (finding.label, finding.why) == ("wrong_entity", "the context names Switzerland here, not Germany")
    assert check_slots("The river flows through Germany.", rhine, "en") is None
    # but not where the claim's place is the object of the claim's preposition, after a noun
    homeland = ["Nick Brody is a fictional character on the American television series Homeland on Showtime."]
    assert check_slots("Nick Brody is a character on Homeland.", homeland, "en") is None
    assert check_slots("The river rises in Switzerland.", rhine, "en") is None


def test_a_sentence_naming_the_claims_name_with_its_number_keeps_another_from_its_place() -> None:
    # before, "The Model Y Long Range has ... a range of 310 miles" stood in the claim's place
    # ("the context names Long Range here, not Performance"), though the sentence naming
    # Performance states the claim's 285 miles and it does not
    cars = [
        "The Model Y Long Range has an EPA-estimated range of 310 miles and costs $47,990.",
        "The Performance version costs $51,490 but has a shorter range of 285 miles.",
    ]
    assert check_slots("The Model Y Performance has a range of 285 miles.", cars, "en") is None


@pytest.mark.parametrize(
    ("lang", "claim", "sentence", "why"),
    [
        (
            "de",
            "Der Eintritt kostet 15 €.",
            "Der Eintritt kostet 12 € für Erwachsene.",
            "the context gives 12 €, not 15 €",
        ),
        # the price of another thing with the claim's value is no price of the claim's (before, supported)
        (
            "fr",
            "Le billet coûte 15 €.",
            "Le billet coûte 12 € et le parking 15 € par jour.",
            "the context gives 12 €, not 15 €",
        ),
    ],
)
def test_a_currency_sign_after_the_amount_is_its_unit(lang: Lang, claim: str, sentence: str, why: str) -> None:
    finding = check_slots(claim, [sentence], lang)
    assert finding is not None
    assert (finding.label, finding.why) == ("contradicted", why)


@pytest.mark.parametrize(
    ("claim", "sentences", "why"),
    [
        # before, a name after "for" was no place of the claim's: nothing was read
        (
            "Ortiz played for Minnesota from 2003 to 2016.",
            ["Ortiz played for Boston from 2003 to 2016, after six seasons with Minnesota."],
            "the context names Boston here, not Minnesota",
        ),
        (
            "He scored 12 goals for England.",
            ["He played 40 matches for England and scored 12 goals for Arsenal."],
            "the context names Arsenal here, not England",
        ),
        (
            "He voted for Trump in 2020.",
            ["He voted for Biden in 2020 after voting for Trump in 2016."],
            "the context names Biden here, not Trump",
        ),
    ],
)
def test_a_name_after_for_where_the_sentence_has_another_is_the_wrong_one(
    claim: str, sentences: list[str], why: str
) -> None:
    finding = _finding(claim, sentences)
    assert (finding.label, finding.why) == ("wrong_entity", why)


@pytest.mark.parametrize(
    ("claim", "sentences"),
    [
        (
            "She previously worked for Apple.",
            ["She works for Google in London and previously worked for Apple in California."],
        ),
        ("He played 40 matches for England.", ["He played 40 matches for England and scored 12 goals for Arsenal."]),
        ("He voted for Trump in 2016.", ["He voted for Biden in 2020 after voting for Trump in 2016."]),
        (
            "The charity raises money for UNICEF.",
            ["The charity raises money for UNICEF and works with the Red Cross in Syria."],
        ),
    ],
)
def test_a_name_after_for_the_sentence_gives_so_keeps_the_claim(claim: str, sentences: list[str]) -> None:
    assert check_slots(claim, sentences, "en") is None


def test_a_place_listed_after_others_has_their_preposition() -> None:
    # "Japanese" after "Malayalam ," is named after "into" too: the sentence with "Hindi" after
    # "dubbed into" does not stand in its place (a first version of reading languages as places
    # rejected this claim of the training data)
    film = [
        "The film was also dubbed into Hindi under the title Rowdy Baadshah by Goldmines TeleFilms .",
        "Later , this movie was dubbed into Malayalam , Japanese , and Korean under the same name .",
    ]
    assert check_slots("Baadshah was dubbed into Japanese.", film, "en") is None


def test_a_sign_of_degrees_is_the_unit_its_words_are() -> None:
    # before, "°C" was no unit: "200°C" was no rival of "180°C", nor "25°C" the claim's "25 degrees Celsius"
    [hot] = claim_slots("Bake at 180 °C for 20 minutes.", "en")[0][:1]
    assert hot.unit == claim_slots("Bake at 180 degrees Celsius.", "en")[0][0].unit
    assert claim_slots("It was 30°.", "en")[0][0].unit == claim_slots("It was 30 degrees.", "en")[0][0].unit
    assert _finding("Bake at 200°C.", ["Bake at 180°C for 20 minutes."]).why == "the context gives 180, not 200"


def test_a_number_after_to_counts_what_the_number_after_from_counts() -> None:
    # before, "today" was the unit of 36,000 and 2,000 objects its rival: contradicted
    museum = ["Its collection grew from 2,000 objects at its opening to more than 36,000 today."]
    assert [(n.text, n.unit) for n in claim_slots(museum[0], "en")[0]] == [
        ("2,000 objects", "object"),
        ("36,000", "object"),
    ]
    assert check_slots("The collection now has more than 36,000 objects.", museum, "en") is None


def test_a_later_part_of_a_sentence_opening_with_a_date_keeps_its_own_words() -> None:
    # before, the first part's own words started at "12 weeks": "attacks fell" were its own, and
    # the claim's words ("attacks fell ... placebo group") singled out no part
    trial = ["After 12 weeks, attacks fell by 40% in the inhaler group and by 10% in the placebo group."]
    assert _finding("Attacks fell by 40% in the placebo group.", trial).why == "the context gives 10%, not 40%"
    assert check_slots("Attacks fell by 40% in the inhaler group.", trial, "en") is None
    assert check_slots("Attacks fell by 10% in the placebo group.", trial, "en") is None


def test_an_acronym_alone_stands_in_a_names_place() -> None:
    # before, only names with a lower-case letter stood in another's place: supported by "AMD shares fell 2%"
    market = [
        "Shares of Nvidia were little changed on Tuesday after the chipmaker reported strong revenue.",
        "AMD shares fell 2%.",
    ]
    assert _finding("Nvidia shares fell 2% on Tuesday.", market).why == "the context names AMD here, not Nvidia"
    assert check_slots("AMD shares fell 2%.", market, "en") is None
    # where Nvidia's own sentence gives its change, that is the claim's number
    market[0] = "Shares of Nvidia rose 4% on Tuesday after the chipmaker reported strong revenue."
    assert _finding("Nvidia shares fell 2% on Tuesday.", market).why == "the context gives 4%, not 2%"
    # an acronym that is a word of a longer name stands in no place of its own
    assert (
        check_slots("Germany won the 2014 World Cup.", ["Germany won the 2014 FIFA World Cup in Brazil."], "en") is None
    )
