"""Parts of a sentence and names, read as said of their own: a list whose last part gives no number
("..., the Team tier allows 10 users and the Enterprise tier allows unlimited users"), a sentence
qualifying the claim's thing with a word of its own ("Its sister company makes electric scooters"
beside "The company makes electric bikes"), a subject written with a hyphen ("Full-time employees
receive 25 days" beside "Contractors are not eligible"), the words before a name that say what it is
("AI startup Anthropic"), a pronoun past an opening phrase ("In 2019 she became ..."), a part of a
sentence giving a price beside one saying "free", codes ("BA117", "BA112"), and all of a kind that the
context says of some ("All customers" beside "Premium customers")."""

from __future__ import annotations

import re
from functools import cache

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.conjuncts import conjuncts
from faithcheck._pipeline.verify.cues import _all_of_some, _words_written
from faithcheck._text.analysis import analyze
from faithcheck._text.lexicon import get_lexicon

from .verdicts import assert_supported, assert_verdict

_TIERS = "The Basic tier allows 3 users, the Team tier allows 10 users and the Enterprise tier allows unlimited users."
_PRICES = "The Starter plan costs $5 a month, the Pro plan costs $12 a month and the Business plan costs more."
_SLEEP = "Adults need 8 hours of sleep, teenagers 9 hours and young children usually need more."
_TICKETS = "Adults pay 12 euros, students 8 euros and children under 6 enter free."
_SHIFTS = (
    "The morning shift starts at 6 am, the day shift starts at 2 pm and the night shift starts when the day shift ends."
)
_MAKERS = "The company makes electric bikes. Its sister company makes electric scooters."
_PLANT = "The company makes electric bikes. The company's new plant in Poland makes electric scooters."
_LEAVE = (
    "Full-time employees receive 25 days of annual leave. Part-time employees receive leave pro rata. "
    "Contractors are not eligible for paid leave."
)


@cache
def _model() -> Faithfulness:
    return Faithfulness(verifier="model")


def test_a_last_part_without_a_number_parts_the_list() -> None:
    [(first, own), (second, theirs)] = conjuncts(_TIERS, [(22, 23), (51, 53)], ["user", "user"], "en")
    assert (first, second) == (0, 1)
    assert "basic" in own
    assert "basic" not in theirs
    assert "team" in theirs
    # a part saying only whose its number is lists too
    [(first, _), (second, theirs)] = conjuncts(_SLEEP, [(12, 13), (41, 42)], ["hour", "hour"], "en")
    assert (first, second) == (0, 1)
    assert "teenag" in theirs


def test_a_comma_before_other_words_parts_no_list() -> None:
    # the comma's part says words the last part does not say again ("gallery")
    text = "The museum has 3 floors, the gallery has 2 rooms and the shop has a café."
    spans = [(m.start(), m.end()) for m in re.finditer(r"\d+", text)]
    assert {k for k, _ in conjuncts(text, spans, [None, None], "en")} == {-1}


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        # before, each was supported: the sentence coordinated no parts
        (_TIERS, "The Basic tier allows 10 users.", "the context gives 3 users, not 10 users"),
        (_TIERS, "The Team tier allows 3 users.", "the context gives 10 users, not 3 users"),
        (_PRICES, "The Starter plan costs $12 a month.", "the context gives $5, not $12"),
        (_SHIFTS, "The day shift starts at 6 am.", "the context gives 2 pm, not 6 am"),
        (_TICKETS, "Students pay 12 euros.", "the context gives 8 euros, not 12 euros"),
    ],
)
def test_a_number_of_another_part_of_the_list_is_no_support(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, "contradicted", why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (_TIERS, "The Basic tier allows 3 users."),
        (_TIERS, "The Team tier allows 10 users."),
        (_TIERS, "The Enterprise tier allows unlimited users."),
        (_PRICES, "The Pro plan costs $12 a month."),
        (_SLEEP, "Adults need 8 hours of sleep."),
        # before, contradicted by the adults' 8 hours, or 12 euros
        (_SLEEP, "Teenagers need 9 hours of sleep."),
        (_TICKETS, "Students pay 8 euros."),
        (_TICKETS, "Adults pay 12 euros."),
        ("The museum has 3 floors, the gallery has 2 rooms and the shop has a café.", "The museum has 3 floors."),
        (
            "In 2019, sales reached 40 units, the highest ever, and the firm hired more staff.",
            "Sales reached 40 units in 2019.",
        ),
    ],
)
def test_a_number_of_its_own_part_supports(verifiers: dict[Lang, Faithfulness], context: str, claim: str) -> None:
    assert_supported(verifiers["en"], context, claim)


def test_a_word_said_of_a_thing_qualified_otherwise_is_contradicted(verifiers: dict[Lang, Faithfulness]) -> None:
    why = 'the context says "bikes" here, and "scooters" of another ("Its sister company makes electric scooters.")'
    assert_verdict(verifiers["en"], _MAKERS, "The company makes electric scooters.", "contradicted", why)
    assert_supported(_model(), _MAKERS, "The company makes electric scooters.", supported=False)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (_MAKERS, "The company makes electric bikes."),
        (_MAKERS, "Its sister company makes electric scooters."),
        # the company's own plant qualifies no word of the claim: the company makes them
        (_PLANT, "The company makes electric scooters."),
        # what a sentence adds ("also") it says of the first's thing
        ("The city library lends books. Its mobile library also lends films.", "The library lends films."),
    ],
)
def test_a_qualified_word_of_the_claim_itself_still_supports(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


def test_a_subject_written_with_a_hyphen_is_one_word(verifiers: dict[Lang, Faithfulness]) -> None:
    lex = get_lexicon("en")
    assert _words_written("Full-time employees receive 25 days.", 3) == 2
    assert _words_written("The part-time staff", 4, lex) == 2  # "the" is a stop word
    # before, supported by the full-time employees' sentence
    assert_supported(verifiers["en"], _LEAVE, "Contractors receive 25 days of annual leave.", supported=False)
    assert_supported(_model(), _LEAVE, "Contractors receive 25 days of annual leave.", supported=False)
    assert_supported(verifiers["en"], _LEAVE, "Full-time employees receive 25 days of annual leave.")


_INVESTED = "In September, Amazon said it will invest up to $4 billion in AI startup Anthropic."
_HIRED = "The company hired chef Marco Rossi and manager Anna Lee in March."
_STRIKERS = "Striker Harry Kane scored twice, and striker Son Heung-min scored once."
_MET = "Apple chief executive Tim Cook met Microsoft founder Bill Gates in Seattle."


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        # before, each was supported: the sentence names the claim's name, elsewhere
        (
            _INVESTED,
            "Anthropic will invest up to $4 billion in AI startup Amazon.",
            'the context says "AI startup" of Anthropic',
        ),
        (_HIRED, "The company hired chef Anna Lee in March.", 'the context says "chef" of Marco Rossi, not Anna Lee'),
    ],
)
def test_a_name_described_as_another_is_the_wrong_entity(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, "wrong_entity", why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (_INVESTED, "Amazon will invest up to $4 billion in AI startup Anthropic."),
        (_HIRED, "The company hired manager Anna Lee in March."),
        # both named so: the words say what either is
        (_STRIKERS, "Striker Son Heung-min scored once."),
        # the other name is a word of the phrase the claim's name ends
        (_MET, "Bill Gates met Apple chief executive Tim Cook in Seattle."),
        ("The AI startups Anthropic and Cohere raised money.", "The AI startups Cohere raised money."),
    ],
)
def test_a_name_described_as_the_claim_says_still_supports(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


_JOINED = "Maria Silva joined the firm in 2015. {} became chief executive. Tom Reed joined in 2017."


@pytest.mark.parametrize("opening", ["In 2019 she", "After the merger, she", "Later, she"])
def test_a_pronoun_past_an_opening_phrase_stands_for_the_name_before(
    verifiers: dict[Lang, Faithfulness], opening: str
) -> None:
    # before, only a pronoun opening the sentence was read so
    context = _JOINED.format(opening)
    why = 'the context says it of Maria Silva ("she"), not Tom Reed'
    assert_verdict(verifiers["en"], context, "Tom Reed became chief executive.", "wrong_entity", why)
    assert_supported(verifiers["en"], context, "Maria Silva became chief executive.")


_APP = "The app is free on Android and costs $2.99 on iOS."
_SHIPPING = "Shipping is free within the EU, but costs €15 to Switzerland."


@pytest.mark.parametrize(
    ("context", "claim", "price"),
    [
        # before, supported: the sentence says "free" too
        (_APP, "The app is free on iOS.", "$2.99"),
        (_SHIPPING, "Shipping is free to Switzerland.", "€15"),
    ],
)
def test_free_where_a_part_of_the_sentence_gives_a_price_is_contradicted(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, price: str
) -> None:
    why = f"the context gives a price ({price}) here, the claim says it is free"
    assert_verdict(verifiers["en"], context, claim, "contradicted", why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (_APP, "The app is free on Android."),
        (_SHIPPING, "Shipping is free within the EU."),
        # a word of the claim after "free" stands in both parts: nothing tells which
        ("Parking is free for the first two hours and costs $3 per hour after that.", "Parking is free for two hours."),
    ],
)
def test_free_where_its_own_part_says_so_still_supports(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


_FLIGHTS = (
    "Flight BA117 departs London Heathrow at 11:40 and arrives in New York JFK at 14:35 local time. "
    "The return flight, BA112, leaves JFK at 18:30."
)
_JETS = "The A320 seats 180 passengers. The A321 seats 220 passengers."


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        # before, supported: "BA117" stands in the context, elsewhere
        (_FLIGHTS, "Flight BA117 leaves JFK at 18:30.", "the context names BA112 here, not BA117"),
        (_JETS, "The A320 seats 220 passengers.", "the context names A321 here, not A320"),
        (
            "The WH-1000XM5 offers 30 hours of battery life. The older WH-1000XM4 weighs 254 g.",
            "The WH-1000XM5 weighs 254 g.",
            "the context names WH-1000XM4 here, not WH-1000XM5",
        ),
    ],
)
def test_a_code_the_sentence_gives_with_other_digits_is_the_wrong_one(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, "wrong_entity", why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (_FLIGHTS, "Flight BA112 leaves JFK at 18:30."),
        (_FLIGHTS, "Flight BA117 arrives in New York JFK at 14:35."),
        (_JETS, "The A321 seats 220 passengers."),
        ("Flights BA112 and BA117 leave JFK at noon.", "Flight BA117 leaves JFK at noon."),
    ],
)
def test_a_code_the_sentence_gives_itself_still_supports(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        # before, each was supported: the words are all the context's
        (
            "Our support team answers within 24 hours. Premium customers get a reply within 2 hours.",
            "All customers get a reply within 2 hours.",
            "the claim says this of all customers, the context of premium customers",
        ),
        (
            "Full-time employees get 25 days of leave.",
            "All employees get 25 days of leave.",
            "the claim says this of all employees, the context of full-time employees",
        ),
    ],
)
def test_all_of_a_kind_the_context_qualifies_is_an_overclaim(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, "overclaim", why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        ("All rooms have free wifi and a minibar.", "All rooms have free wifi."),
        ("All 40 patients received the vaccine.", "All patients received the vaccine."),
        # the context says it of every one too; a word of the claim's own is no other kind
        ("Every hotel guest gets a free breakfast.", "Every guest gets a free breakfast."),
        ("Premium customers get a reply within 2 hours.", "All premium customers get a reply within 2 hours."),
        # the sentence's words before the kind's are the claim's (the everyday file's claim)
        ("Every nation agreed to cut emissions by 25% by 2020.", "Every nation agreed to cut emissions."),
    ],
)
def test_all_of_a_kind_the_context_says_of_all_still_supports(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


def test_all_of_a_kind_ending_the_claim_says_nothing_of_it(verifiers: dict[Lang, Faithfulness]) -> None:
    # a question ends with the kind: before, "both plants?" matched "flowering plant" (HaluEval)
    context = (
        "Francoa is a genus of flowering plant in the family Francoaceae. "
        "Echium is a genus of 60 species of flowering plant in the family Boraginaceae."
    )
    assert_supported(verifiers["en"], context, "Q: Are Francoa and Echium both plants? A: yes")


def test_a_word_of_origin_is_described_by_no_role(verifiers: dict[Lang, Faithfulness]) -> None:
    # before, wrong_entity by "current Prime Minister" (a FEVER original of the training run)
    context = "Nawaz Sharif is a Pakistani politician who is the 20th and current Prime Minister of Pakistan."
    assert_supported(verifiers["en"], context, "Nawaz Sharif is a current Pakistani politician.")


def test_all_not_opening_the_claim_says_no_kind() -> None:
    # before, "both" inside the claim read "violently ill" as a kind of its own (a HaluEval original)
    claim = analyze("Within hours, both fell ill with sickness and diarrhoea.")
    sentence = analyze("The couple became violently ill with sickness and diarrhoea.")
    assert _all_of_some(claim, sentence, get_lexicon("en")) is None
