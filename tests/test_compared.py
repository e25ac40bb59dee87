"""Two things a claim compares, by the numbers the context gives each ("The Model B is heavier than
the Model A"), and times of a day as one kind of value ("3 p.m." is a rival of "11 a.m.", "from 9 am
to 5 pm" a span whose ends rival neither)."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.slots import check_comparison

from .verdicts import assert_supported, assert_verdict

_PHONES = "The Model A has a 5,000 mAh battery and weighs 190 g. The Model B has a 4,500 mAh battery and weighs 175 g."
_PRICES = "The Pixel 8 costs $699. The Pixel 8 Pro costs $999."
_LAKES = "Lake Ontario covers 18,960 square km. Lake Erie covers 25,700 square km."
_MUSEUM = "The museum is open from 10 am to 6 pm, Tuesday to Sunday."
_HOTEL = "Check-in is from 3 p.m. and check-out is by 11 a.m."


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        # before, each was supported: every word but the comparative is in the context
        (
            _PHONES,
            "The Model B is heavier than the Model A.",
            "the context gives 175 g for the Model B and 190 g for the Model A",
        ),
        (
            _PRICES,
            "The Pixel 8 Pro is cheaper than the Pixel 8.",
            "the context gives $999 for the Pixel 8 Pro and $699 for the Pixel 8",
        ),
        (_LAKES, "Lake Ontario is larger than Lake Erie.", "the context gives 18,960 square km for Lake Ontario"),
        # times of a day: before, "11 a.m." was no rival of "3 p.m."
        (_HOTEL, "Check-out is by 3 p.m.", "the context gives 11 a.m., not 3 p.m."),
        (_MUSEUM, "The museum opens at 6 pm.", "the context gives 10 am as the start, not 6 pm"),
        (_MUSEUM, "The museum closes at 10 am.", "the context gives 6 pm as the end, not 10 am"),
        (_MUSEUM, "The museum opens at 11 am.", "the context gives 10 am, not 11 am"),
    ],
)
def test_a_comparison_or_time_the_numbers_deny(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, "contradicted", why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (_PHONES, "The Model A is heavier than the Model B."),
        (_PHONES, "The Model B is lighter than the Model A."),
        (_PRICES, "The Pixel 8 is cheaper than the Pixel 8 Pro."),
        (_LAKES, "Lake Erie is larger than Lake Ontario."),
        (_HOTEL, "Check-in is from 3 p.m."),
        (_HOTEL, "Check-out is by 11 a.m."),
        # the ends of a span of hours rival neither
        (_MUSEUM, "The museum closes at 6 pm."),
        (_MUSEUM, "The museum opens at 10 am."),
    ],
)
def test_a_comparison_or_time_the_numbers_allow(verifiers: dict[Lang, Faithfulness], context: str, claim: str) -> None:
    assert_supported(verifiers["en"], context, claim)


@pytest.mark.parametrize(
    ("claim", "context"),
    [
        # a sentence naming both, or two weights of one thing, tells neither's
        ("The Model B is heavier than the Model A.", "The Model A weighs 190 g and the Model B 175 g."),
        ("The Model B is heavier than the Model A.", "The Model A weighs 190 g. The Model B weighs 175 g or 210 g."),
        # no number of the measure: the comparative is left to the verifier
        ("The Model B is cheaper than the Model A.", _PHONES),
        # a comparison of two things the claim does not name is no comparison read here
        ("It is heavier than the old one.", _PHONES),
    ],
)
def test_what_a_comparison_does_not_read(claim: str, context: str) -> None:
    assert check_comparison(claim, [context], "en") is None


def test_weights_in_two_units_are_compared_in_grams() -> None:
    context = "The Model A weighs 1.2 kg. The Model B weighs 900 g."
    finding = check_comparison("The Model B is heavier than the Model A.", [context], "en")
    assert finding is not None
    assert finding.why == "the context gives 900 g for the Model B and 1.2 kg for the Model A"


def test_only_english_comparisons_are_read() -> None:
    assert check_comparison("The Model B is heavier than the Model A.", [_PHONES], "de") is None
