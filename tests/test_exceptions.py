"""What a context says of all but a thing ("except on Mondays"), said of that thing; what it says of
all or both, said of one alone ("Only the Pixel 8 Pro ...")."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.cues import _excepted, _restricts_against_all
from faithcheck._text.analysis import analyze

_MUSEUM = "The museum is open daily from 9 am to 6 pm, except on Mondays when it is closed."
_RETURNS = "All items can be returned within 30 days, except gift cards."
_OFFER = "The offer applies to all customers excluding employees."


@pytest.mark.parametrize(
    ("claim", "context", "lang"),
    [
        # before, "except" was read only as a restriction the claim keeps by naming what it scopes:
        # a claim naming the excepted thing was supported
        ("The museum is open on Mondays.", _MUSEUM, "en"),
        ("Gift cards can be returned within 30 days.", _RETURNS, "en"),
        ("The offer applies to employees.", _OFFER, "en"),
        ("Das Museum ist montags geöffnet.", "Das Museum ist täglich geöffnet, außer montags.", "de"),
        ("Le musée est ouvert le lundi.", "Le musée est ouvert tous les jours sauf le lundi.", "fr"),
    ],
)
def test_what_the_context_says_of_all_but_a_thing_said_of_it_is_contradicted(
    verifiers: dict[Lang, Faithfulness], claim: str, context: str, lang: Lang
) -> None:
    [verdict] = verifiers[lang].check_claims([claim], [context])
    assert verdict.label == "contradicted"
    assert "the context takes out what the claim speaks of" in verdict.reason


@pytest.mark.parametrize(
    ("claim", "context"),
    [
        # the claim speaks of the exception itself, in its words or denying the rest
        ("The museum is closed on Mondays.", _MUSEUM),
        ("Gift cards cannot be returned.", _RETURNS),
    ],
)
def test_a_claim_of_the_exception_itself_keeps_its_support(
    verifiers: dict[Lang, Faithfulness], claim: str, context: str
) -> None:
    [verdict] = verifiers["en"].check_claims([claim], [context])
    assert verdict.supported, verdict.reason


def test_the_excepted_thing_is_the_words_right_after_the_exception() -> None:
    why = _excepted(analyze("The museum is open on Mondays.", "en"), _MUSEUM, "en")
    assert why == "the context takes out what the claim speaks of (except 'Mondays')"
    # a claim with a word the sentence says only of the exception, or of nothing it says
    assert _excepted(analyze("The museum is closed on Mondays.", "en"), _MUSEUM, "en") is None
    assert _excepted(analyze("The museum sells tickets on Mondays.", "en"), _MUSEUM, "en") is None
    # nothing excepted that the claim names
    assert _excepted(analyze("The museum is open on Tuesdays.", "en"), _MUSEUM, "en") is None


@pytest.mark.parametrize(
    ("claim", "context", "lang"),
    [
        # before, supported: the claim's "only" was read only against a restriction of the context
        ("Only premium users can export reports to PDF.", "All users can export reports to PDF.", "en"),
        (
            "Only the Pixel 8 Pro gets seven years of OS updates.",
            "The Pixel 8 Pro has a 6.7-inch display. Both phones get seven years of OS updates.",
            "en",
        ),
        (
            "Seuls les abonnés premium peuvent exporter les rapports en PDF.",
            "Tous les abonnés peuvent exporter les rapports en PDF.",
            "fr",
        ),
    ],
)
def test_what_the_context_says_of_all_said_of_one_alone_is_contradicted(
    verifiers: dict[Lang, Faithfulness], claim: str, context: str, lang: Lang
) -> None:
    [verdict] = verifiers[lang].check_claims([claim], [context])
    assert not verdict.supported


def test_one_alone_against_all() -> None:
    def alone(claim: str, sentence: str) -> str | None:
        return _restricts_against_all(analyze(claim, "en"), analyze(sentence, "en"), "en")

    claim = "Only premium users can export reports to PDF."
    assert alone(claim, "All users can export reports to PDF.") == (
        "the claim says this of one alone ('only'), the context of 'all'"
    )
    # the context restricts too; says another thing of all; bounds the group it says it of
    assert alone(claim, "Only premium users can export reports to PDF; all users can view them.") is None
    assert alone("Only members get free parking.", "All visitors get free Wi-Fi.") is None
    assert alone("Only adults can vote in the election.", "All citizens over 18 can vote in the election.") is None


def test_one_alone_against_a_list_of_it_and_another() -> None:
    def alone(claim: str, sentence: str) -> str | None:
        return _restricts_against_all(analyze(claim, "en"), analyze(sentence, "en"), "en")

    # before, only "all" or "both" said it of more than one
    offer = "The offer is valid for new and existing customers until 31 March."
    assert alone("The offer is valid for new customers only.", offer) == (
        "the claim says this of one alone ('only'), the context of 'new and existing customers'"
    )
    # the list must describe the restricted word: "customers and expires" lists no customers
    assert (
        alone("The offer is valid for new customers only.", "The offer is valid for new customers and expires soon.")
        is None
    )
    # a claim naming both keeps it
    assert alone("The offer is valid only for new and existing customers.", offer) is None


@pytest.mark.parametrize(
    ("claim", "context", "supported"),
    [
        # what a negated sentence takes out is what it does not negate (before, contradicted)
        (
            "Registered assistance dogs are allowed in the hotel.",
            "Pets are not allowed, except for registered assistance dogs.",
            True,
        ),
        (
            "Guests can check out after noon on Sundays.",
            "Guests cannot check out after 11 am, except on Sundays.",
            True,
        ),
        # a claim naming less than what it takes out ("dogs" of "assistance dogs") is still denied
        ("Dogs are allowed in the hotel.", "Pets are not allowed, except for registered assistance dogs.", False),
        (
            "Pets are allowed in the hotel.",
            "Pets are not allowed in the hotel, except for registered assistance dogs.",
            False,
        ),
    ],
)
def test_a_negated_sentence_does_not_deny_what_it_takes_out(
    verifiers: dict[Lang, Faithfulness], claim: str, context: str, supported: bool
) -> None:
    [verdict] = verifiers["en"].check_claims([claim], [context])
    assert verdict.supported is supported, verdict.reason
