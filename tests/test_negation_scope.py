"""What a negation of the context negates: the words right after it, not the whole sentence."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._text.analysis import analyze


@pytest.fixture(scope="module")
def baseline() -> Faithfulness:
    return Faithfulness(verifier="baseline", lang="en")


@pytest.mark.parametrize(
    ("claim", "context"),
    [
        # the negation denies another thing than the claim says: before, any negation of a
        # sentence of one part made the claim "contradicted" ("only the context is negated")
        (
            "The trial start date is scheduled for May next year.",
            "Judge Aileen Cannon said she will not delay the trial start date scheduled for May next year.",
        ),
        (
            "The conditions include maintaining Gaza's existing territorial borders.",
            "The conditions include maintaining Gaza's existing territorial borders and no future blockades.",
        ),
        (
            "Researchers captured rare footage of an endangered species after 60 years.",
            "Researchers captured rare footage of an endangered species that hasn't been spotted in 60 years.",
        ),
        # "not only ... but also" adds: it neither denies nor restricts
        ("He is a singer.", "He is not only a singer but also an actor."),
        (
            "Egypt opened the Rafah crossing to trucks carrying aid.",
            "Egypt opened the Rafah crossing not just to trucks carrying aid but also to people.",
        ),
    ],
)
def test_a_negation_of_something_else_does_not_contradict_the_claim(
    baseline: Faithfulness, claim: str, context: str
) -> None:
    [verdict] = baseline.check_claims([claim], [context])
    assert verdict.label == "supported", verdict.reason


@pytest.mark.parametrize(
    ("claim", "context"),
    [
        ("The UK signed the treaty.", "The UK did not sign the treaty."),
        ("Apple sells the iPod.", "Apple no longer sells the iPod."),
        ("The drug is currently approved for children.", "The drug is not currently approved for children."),
        # past a word that carries little of what is denied
        ("A.J. Styles won a WWE Championship.", "A.J. Styles never had the chance to win a WWE Championship."),
        (
            "The use of inhibitors increased ACE2 expression.",
            "We found no evidence that the use of inhibitors increased ACE2 expression.",
        ),
        # "not only" without its "but also" still denies
        ("It is the only way to solve the case.", "Police say it is not the only way to solve the case."),
    ],
)
def test_a_negation_of_what_the_claim_says_still_contradicts_it(
    baseline: Faithfulness, claim: str, context: str
) -> None:
    [verdict] = baseline.check_claims([claim], [context])
    assert verdict.label == "contradicted", verdict.reason
    assert "negated" in verdict.reason


def test_a_negation_knows_the_words_it_negates() -> None:
    assert analyze("The UK did not sign the treaty.", "en").negates == (frozenset({"sign"}),)
    assert analyze("Apple no longer sells the iPod.", "en").negates == (frozenset({"longer", "sell"}),)
    chance = analyze("He never had the chance to win it.", "en").negates
    assert chance == (frozenset({"chanc", "win"}),)
    assert analyze("Oblak said no.", "en").negates == (frozenset(),)
    # "not only ... but also" is no negation; "not only" alone is
    assert not analyze("He is not only a singer but also an actor.", "en").negated
    assert analyze("It is not only way to solve it.", "en").negated


def test_a_restriction_against_not_only_but_also_is_contradicted(baseline: Faithfulness) -> None:
    # "not just ... but also" no longer reads as a negation: before, the claim's "only" was
    # contradicted by it as one; now by what it says, that the new customers are not all
    offer = "The offer applies not just to new customers but also to existing ones."
    [verdict] = baseline.check_claims(["The offer applies only to new customers."], [offer])
    assert verdict.label == "contradicted"
    assert "('only')" in verdict.reason
    [verdict] = baseline.check_claims(["The offer applies to new customers."], [offer])
    assert verdict.label == "supported", verdict.reason
