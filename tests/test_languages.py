"""Languages stand in each other's place ("taught in French" is no "taught in English"), and a name
is a word of its own ("Java" does not occur in "JavaScript")."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Lang


@pytest.mark.parametrize(
    ("claim", "context", "named"),
    [
        # before, a word of origin never stood in another's place: supported
        (
            "The course is taught in English.",
            "The course is taught in French, with some readings in English.",
            "French",
        ),
        (
            "The novel was written in English.",
            "The novel was written in Spanish and translated into English in 1970.",
            "Spanish",
        ),
        (
            "The app is available in Italian.",
            "The app is available in German and French. An Italian version is planned.",
            "German",
        ),
        (
            "Classes are taught in Dutch.",
            "Classes are taught in English, and students may submit essays in Dutch.",
            "English",
        ),
    ],
)
def test_another_language_in_the_claims_place_is_the_wrong_one(
    verifiers: dict[Lang, Faithfulness], claim: str, context: str, named: str
) -> None:
    [verdict] = verifiers["en"].check_claims([claim], [context])
    assert verdict.label == "wrong_entity", verdict.reason
    assert f"the context names {named} here" in verdict.reason


@pytest.mark.parametrize(
    ("claim", "context"),
    [
        # a language stands only in a language's place, a word of origin before a noun in none
        ("The paper was published in Nature.", "The paper was published in English in the journal Nature."),
        ("He has appeared in American films.", "He is a French actor who has appeared in American films."),
        ("Instructions are printed in Spanish.", "Instructions are printed in English, French and Spanish."),
        (
            "The novel was translated into English in 1970.",
            "The novel was written in Spanish and translated into English in 1970.",
        ),
        ("The service is offered in English.", "The service is offered in English only."),
    ],
)
def test_a_language_elsewhere_keeps_the_claim(verifiers: dict[Lang, Faithfulness], claim: str, context: str) -> None:
    [verdict] = verifiers["en"].check_claims([claim], [context])
    assert verdict.supported, verdict.reason


@pytest.mark.parametrize(
    ("claim", "context", "absent"),
    [
        # before, "java" occurred in "javascript", "ford" in "stanford": supported
        ("The library ships Java bindings.", "The library ships JavaScript bindings.", "java"),
        ("The study was led by Ford researchers.", "The study was led by Stanford researchers.", "ford"),
    ],
)
def test_a_name_inside_a_longer_word_does_not_occur(
    verifiers: dict[Lang, Faithfulness], claim: str, context: str, absent: str
) -> None:
    [verdict] = verifiers["en"].check_claims([claim], [context])
    assert verdict.label == "wrong_entity", verdict.reason
    assert f"'{absent}' does not occur in the context" in verdict.reason


@pytest.mark.parametrize(
    ("claim", "context"),
    [
        # an ending of up to three letters, a possessive, a hyphenated compound
        ("The Prizes were awarded in Oslo.", "The prize was awarded in Oslo."),
        ("Japan's largest carmaker is Toyota.", "Toyota is the largest Japanese carmaker."),
        ("Coca-Cola is sold in 200 countries.", "Coca-Cola's drinks are sold in 200 countries."),
    ],
)
def test_a_name_with_a_short_ending_occurs(verifiers: dict[Lang, Faithfulness], claim: str, context: str) -> None:
    [verdict] = verifiers["en"].check_claims([claim], [context])
    assert "does not occur in the context" not in verdict.reason, verdict.reason


def test_a_temperatures_scale_is_no_name(verifiers: dict[Lang, Faithfulness]) -> None:
    # before, "celsius" did not occur in "Store below 25°C.": wrong_entity
    [same, other] = verifiers["en"].check_claims(
        ["Store below 25 degrees Celsius.", "Store below 20 degrees Celsius."], ["Store below 25°C."]
    )
    assert same.supported, same.reason
    assert not other.supported
