"""A place a claim gives its named subject where the sentences naming it give another ("Kilimanjaro
is in Kenya" against "Mount Kilimanjaro in Tanzania ..."); two names a claim pairs that a sentence's
clauses pair each with another ("Courteney Cox played Rachel Green" against "Rachel Green was played
by Jennifer Aniston, and Monica Geller by Courteney Cox"); a sentence referring back to someone
before the claim's subject is named ("She ... won the award in 2019. Her colleague Tom Baker won it in
2021"); and a year the context gives as the other end of a life ("Jane Austen was born in 1775" for
"Jane Austen died in 1775")."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Label, Lang
from faithcheck._pipeline.verify.slots import check_subject_place, crossed_names
from faithcheck._text.analysis import analyze

from .verdicts import assert_supported, assert_verdict

_MOUNTAINS = (
    "Mount Kilimanjaro in Tanzania is the highest mountain in Africa. Mount Kenya, in Kenya, is the second highest. "
    "Kilimanjaro was first climbed in 1889."
)
_DERBY = (
    "Arsenal beat Manchester City 3-1 at the Emirates. Erling Haaland pulled one back for Manchester City in the "
    "80th minute."
)
_AUSTEN = "Jane Austen was born in Steventon in 1775. She died in Winchester in 1817."
_LOUVRE = "The Louvre is in Paris. Paris is the largest city in France."
_STRIPE = "Stripe is headquartered in San Francisco. The company was founded in Palo Alto in 2010."
_CAST = "Hamlet was played by David Tennant, and Claudius by Patrick Stewart. The production ran for 12 weeks."
_MATCH = (
    "Liverpool beat Chelsea 2-1 at Anfield. Mohamed Salah scored both goals for Liverpool, and Cole Palmer scored "
    "for Chelsea."
)
_TRANSFER = "Messi left Barcelona in 2021, and joined Inter Miami in 2023 after two seasons at PSG."
_RACE = (
    "He was the first to arrive and finished the race in 2 hours 10 minutes. His teammate Paul Kim finished it in 2 "
    "hours 25 minutes."
)
_LOVELACE = "Ada Lovelace wrote the first program in 1843. She died in 1852."
_TURING = "Alan Turing was born in London in 1912 and died in Wilmslow in 1954."
_VACCINES = (
    "Dogs should be vaccinated every three years. Cats should be vaccinated every year. Keep dogs on a lead in "
    "public parks."
)
_ULCERS = (
    "Aspirin can be taken every 4 hours. Naproxen can be taken every 12 hours. Do not take aspirin if you have a "
    "bleeding disorder."
)


_CASES = [
    # the subject's place given otherwise by the sentences naming it
    (_MOUNTAINS, "Kilimanjaro is in Kenya.", False),
    (_MOUNTAINS, "Kilimanjaro is in Tanzania.", True),
    (_MOUNTAINS, "Mount Kenya is in Kenya.", True),
    (_DERBY, "Erling Haaland scored for Arsenal.", False),
    (_DERBY, "Erling Haaland scored for Manchester City.", True),
    # (not where a pronoun, or a subject after "the", may speak of the claim's subject; nor where one
    # place holds the other)
    (_AUSTEN, "Jane Austen died in Winchester.", True),
    (_STRIPE, "Stripe was founded in Palo Alto.", True),
    # two names the claim pairs, which the clauses pair each with another
    (_CAST, "Patrick Stewart played Hamlet.", False),
    (_CAST, "David Tennant played Hamlet.", True),
    (_CAST, "Patrick Stewart played Claudius.", True),
    # (not a sentence saying other things of the two, nor a clause with no subject of its own)
    (_MATCH, "Liverpool beat Chelsea 2-1.", True),
    (_TRANSFER, "Messi joined Inter Miami in 2023.", True),
    # a sentence referring back before the claim's subject is named speaks of someone else
    (_RACE, "Paul Kim finished the race in 2 hours 25 minutes.", True),
    (_RACE, "Paul Kim finished the race in 2 hours 10 minutes.", False),
    # (one after it may speak of the claim's subject)
    (_LOVELACE, "Ada Lovelace died in 1843.", False),
    (_LOVELACE, "Ada Lovelace died in 1852.", True),
    # a sentence word for word but for one word, of another of a kind the context speaks of alike
    (_VACCINES, "Keep cats on a lead in public parks.", False),
    (_VACCINES, "Keep dogs on a lead in public parks.", True),
    (_ULCERS, "Do not take naproxen if you have a bleeding disorder.", False),
    (_ULCERS, "Do not take aspirin if you have a bleeding disorder.", True),
    # (not where a sentence naming the claim's word says half the rest)
    (
        _ULCERS + " People with a bleeding disorder should also avoid naproxen.",
        "Do not take naproxen if you have a bleeding disorder.",
        True,
    ),
    # the other end of a life
    (_AUSTEN, "Jane Austen died in 1775.", False),
    (_AUSTEN, "Jane Austen was born in 1775.", True),
    (_TURING, "Alan Turing was born in 1954.", False),
    (_TURING, "Alan Turing died in 1954.", True),
    (_TURING, "Alan Turing was born in 1912.", True),
]


@pytest.mark.parametrize(("context", "claim", "supported"), _CASES)
def test_places_pairs_and_lives(verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


@pytest.mark.parametrize(("context", "claim", "supported"), [case for case in _CASES if not case[2]])
def test_the_model_is_overruled_too(model: Faithfulness, context: str, claim: str, supported: bool) -> None:
    assert_supported(model, context, claim, supported=supported)


@pytest.mark.parametrize(
    ("context", "claim", "label", "why"),
    [
        (_MOUNTAINS, "Kilimanjaro is in Kenya.", "wrong_entity", ""),
        (
            _DERBY,
            "Erling Haaland scored for Arsenal.",
            "wrong_entity",
            "the context gives Erling Haaland for Manchester City",
        ),
        (
            _CAST,
            "Patrick Stewart played Hamlet.",
            "wrong_entity",
            "the context pairs Patrick Stewart with Claudius, and Hamlet with David Tennant",
        ),
        (_AUSTEN, "Jane Austen died in 1775.", "contradicted", "the context gives 1775 as the year of birth"),
        (_VACCINES, "Keep cats on a lead in public parks.", "wrong_entity", "the context says this of dogs, not cats"),
        (_TURING, "Alan Turing was born in 1954.", "contradicted", "the context gives 1954 as the year of death"),
    ],
)
def test_the_reason_names_the_other(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, label: Label, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, label, why)


def test_a_place_holding_the_other_is_no_other_place() -> None:
    # (end to end too: tests/test_life_places_kin_and_places_within.py)
    assert check_subject_place("The Louvre is in France.", [_LOUVRE], "en") is None
    finding = check_subject_place(
        "The Louvre is in France.", ["The Louvre is in Paris. France has many museums."], "en"
    )
    assert finding is not None
    assert finding.why == "the context gives The Louvre in Paris, not in France"


def test_a_list_s_last_item_is_no_clause_of_its_own() -> None:
    cast = analyze(
        "During the first season, Orion's crew consists of Ann Lee (Jo Park), Ben Cole (Sam Hart), and Cara Diaz "
        "(Tom Ruiz).",
        "en",
    )
    assert crossed_names(analyze("Tom Ruiz is involved in Orion.", "en"), [cast], "en") is None
    gapped = analyze("Ann Lee was played by Jo Park, and Cara Diaz by Tom Ruiz.", "en")
    assert crossed_names(analyze("Tom Ruiz played Ann Lee.", "en"), [gapped], "en") is not None
