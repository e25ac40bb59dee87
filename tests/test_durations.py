"""A duration written in two units ("2 hours 20 minutes", "3 years and 4 months") is one value:
either part alone misstates it ("The Eurostar takes about 20 minutes")."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.slots import claim_slots

from .verdicts import assert_supported, assert_verdict

_EUROSTAR = "The Eurostar takes about 2 hours 20 minutes from London to Paris. Trains to Brussels take about 2 hours."
_BABY = "The baby was 3 years and 4 months old when the family moved to Leeds."
_RACE = "She finished the marathon in 2 hours, 31 minutes and 4 seconds."

_CASES = [
    (_EUROSTAR, "The Eurostar takes about 2 hours from London to Paris.", False),
    (_EUROSTAR, "The Eurostar takes about 20 minutes from London to Paris.", False),
    (_EUROSTAR, "The Eurostar takes about 2 hours 20 minutes from London to Paris.", True),
    (_EUROSTAR, "The Eurostar takes about 140 minutes from London to Paris.", True),
    (_EUROSTAR, "Trains to Brussels take about 2 hours.", True),
    (_BABY, "The baby was 4 months old when the family moved to Leeds.", False),
    (_BABY, "The baby was 3 years and 4 months old when the family moved to Leeds.", True),
    (_BABY, "The baby was 40 months old when the family moved to Leeds.", True),
    ("The baby was 3 years and 11 months old.", "The baby was 4 years old.", False),
    (_RACE, "She finished the marathon in 31 minutes.", False),
    (_RACE, "She finished the marathon in 2 hours, 31 minutes and 4 seconds.", True),
]


@pytest.mark.parametrize(("context", "claim", "supported"), _CASES)
def test_a_duration_in_two_units_is_one_value(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


def test_the_reason_gives_the_whole_duration(verifiers: dict[Lang, Faithfulness]) -> None:
    assert_verdict(
        verifiers["en"],
        _EUROSTAR,
        "The Eurostar takes about 20 minutes from London to Paris.",
        "contradicted",
        "the context gives 2 hours 20 minutes, not 20 minutes",
    )


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("It takes 2 hours 30 minutes.", [(2.5, "2 hours 30 minutes")]),
        ("She was 3 years and 6 months old.", [(3.5, "3 years and 6 months")]),
        # (the smaller unit first is no one duration; nor a rate's: "24 hours a day, 7 days a week")
        ("It takes 20 minutes 2 hours later.", [(20.0, "20 minutes"), (2.0, "2 hours")]),
        ("It runs 24 hours a day, 7 days a week.", [(24.0, "24 hours"), (7.0, "7 days")]),
    ],
)
def test_the_parts_are_read_as_one(text: str, values: list[tuple[float, str]]) -> None:
    numbers, _ = claim_slots(text, "en")
    assert [(n.value, n.text) for n in numbers] == values
