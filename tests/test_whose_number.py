"""Whose number a sentence gives: a word of change either way aligns a number with the claim's
("AMD shares fell 2%" for "AMD shares rose 4%"), a sentence naming only others speaks of them, a
rank of the whole sentence's time singles out no part of it, a date is one value whose day rivals a
day of another month, a day of the month is a number ("due by the 1st"), and a figure given per
another time or past a round bound states the claim's."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Lang

from .verdicts import assert_supported, assert_verdict

_MARKET = "Shares of Nvidia rose 4% on Tuesday after the chipmaker reported strong revenue. AMD shares fell 2%."
_QUARTER = "Revenue rose 12% to $4.2 billion in the third quarter, while net income fell 5% to $610 million."
_MODELS = (
    "The Model Y Long Range has an EPA-estimated range of 310 miles and costs $47,990. "
    "The Performance version costs $51,490 but has a shorter range of 285 miles."
)
_CLOUD = "Amazon's cloud unit grew 19% in the quarter. Google Cloud grew 35% and Microsoft's Azure grew 33%."
_TREATY = (
    "The Treaty of Versailles was signed on 28 June 1919, five years after the assassination of Archduke "
    "Franz Ferdinand. It came into force on 10 January 1920."
)
_COMPANY = "The company was founded on 4 April 1975 by Bill Gates and Paul Allen. It went public on 13 March 1986."
_PAYMENTS = "Payments are due by the 1st of each month; a late fee applies after the 5th."


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        # before, each was supported by the sentence stating the claim's number of something else
        (_MARKET, "AMD shares rose 4%.", "the context gives 2%, not 4%"),
        (_QUARTER, "Net income rose 12% in the third quarter.", "the context gives 5%, not 12%"),
        (_MODELS, "The Model Y Long Range costs $51,490.", "the context gives $47,990, not $51,490"),
        (_CLOUD, "Google Cloud grew 19% in the quarter.", "the context gives 35%, not 19%"),
        (
            _TREATY,
            "The Treaty of Versailles was signed on 10 January 1920.",
            "the context gives 28 June, not 10 January",
        ),
        (_COMPANY, "The company went public on 4 April 1975.", "the context gives 13 March, not 4 April"),
        (
            "The first episode aired on 3 March 2019; the final episode aired on 19 May 2024.",
            "The final episode aired on 3 March 2019.",
            "the context gives 19 May, not 3 March",
        ),
        (_PAYMENTS, "Payments are due by the 5th of each month.", "the context gives 1st, not 5th"),
        (
            "Invoices are sent on the 25th and must be paid within 14 days.",
            "Invoices are sent on the 15th.",
            "the context gives 25th, not 15th",
        ),
        # a word of a later part of the sentence is none of the first part's numbers
        (
            "Sales of electric cars rose 25% in 2023, while sales of petrol cars fell 8%.",
            "Sales of petrol cars rose 25%.",
            "the context gives 8%, not 25%",
        ),
        # the other end of a span of dates
        (
            "The exhibition runs from 3 March to 28 July.",
            "The exhibition ends on 3 March.",
            "the context gives 28 July as the end, not 3 March",
        ),
        # a span of days of one month written once
        (
            "The conference runs from 12 to 14 June in Berlin.",
            "The conference ends on 12 June.",
            "the context gives 14 June as the end, not 12 June",
        ),
    ],
)
def test_a_number_of_another_thing_is_no_support(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, "contradicted", why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (_MARKET, "AMD shares fell 2%."),
        (_MARKET, "Nvidia shares rose 4%."),
        (_QUARTER, "Revenue rose 12% in the third quarter."),
        (_QUARTER, "Net income fell 5%."),
        (_MODELS, "The Performance version costs $51,490."),
        (_MODELS, "The Model Y Long Range has a range of 310 miles."),
        (_CLOUD, "Azure grew 33%."),
        # before, contradicted by Spain's figure: "In Italy it was 6.1%" names Italy
        ("Unemployment in Spain stood at 11.2% in October. In Italy it was 6.1%.", "Unemployment in Italy was 6.1%."),
        (_TREATY, "The Treaty of Versailles came into force on 10 January 1920."),
        (_COMPANY, "The company was founded in April 1975."),
        (_PAYMENTS, "A late fee applies after the 5th."),
        # a date of another month beside fewer of the claim's words is no rival of the one stated
        ("The deadline was extended from March 1 to April 15.", "The deadline is April 15."),
        ("Applications open on 1 February and close on 15 March.", "The deadline for applications is 15 March."),
        (
            "The policy took effect on 1 January 2024. It was approved by the board on 15 November 2023.",
            "The board approved the policy on 15 November 2023.",
        ),
        ("The museum opens at 10 a.m. on the 3rd floor.", "The museum opens at 10 a.m."),
        # before, the span's start was a rival of its end: contradicted
        ("The offer is valid from 1 May to 31 May.", "The offer is valid until 31 May."),
        ("The offer is valid from 1 May to 31 May.", "The offer ends on 31 May."),
        ("The exhibition runs from 3 March to 28 July.", "The exhibition opens on 3 March."),
        ("The sale runs between May 1 and May 31.", "The sale ends on May 31."),
        ("The conference runs from 12 to 14 June in Berlin.", "The conference ends on 14 June."),
    ],
)
def test_the_number_of_the_claims_own_thing_supports_it(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        # before, each supported one was "the context does not state ..."
        (
            "Employees accrue 1.5 days of paid leave per month.",
            "Employees accrue 18 days of paid leave per year.",
            True,
        ),
        (
            "Employees accrue 1.5 days of paid leave per month.",
            "Employees accrue 12 days of paid leave per year.",
            False,
        ),
        ("The subscription costs $10 a month.", "The subscription costs $120 a year.", True),
        ("The pump delivers 1 litre per minute.", "The pump delivers 60 litres per hour.", True),
        ("The museum holds 2,000 paintings.", "The museum has more than 1,500 paintings.", True),
        ("The museum holds 2,000 paintings.", "The museum has fewer than 3,000 paintings.", True),
        ("The museum holds 2,000 paintings.", "The museum has more than 2,500 paintings.", False),
        # a bound that is no round figure says about how many
        ("Police found 116 bodies in the grave.", "Police found more than 101 bodies in the grave.", False),
    ],
)
def test_a_figure_given_per_another_time_or_past_a_round_bound_states_the_claims(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported)


def test_a_sentence_naming_others_only_states_nothing_of_the_claims_name(verifiers: dict[Lang, Faithfulness]) -> None:
    # before, supported by the Nasdaq's 1.1%
    context = "The S&P 500 closed up 0.5% and the Nasdaq added 1.1%. The Dow fell 0.2%."
    [dow, nasdaq] = verifiers["en"].check_claims(["The Dow rose 1.1%.", "The Nasdaq added 1.1%."], [context])
    assert not dow.supported, dow.reason
    # the only share of the sentence naming the Dow is its own
    assert dow.reason.startswith("the context gives 0.2%, not 1.1%"), dow.reason
    assert nasdaq.supported, nasdaq.reason


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        # before, each new value was contradicted by the old one: "the context gives 15 June, not 30 June"
        ("The promotion was extended from 15 June to 30 June.", "The promotion ends on 30 June.", True),
        ("The promotion was extended from 15 June to 30 June.", "The promotion ends on 15 June.", False),
        ("The monthly fee was raised from $7.99 to $10.99 in January.", "The monthly fee is $10.99.", True),
        ("The monthly fee was raised from $7.99 to $10.99 in January.", "The monthly fee is $7.99.", False),
        ("The speed limit was lowered from 50 km/h to 30 km/h.", "The speed limit is 30 km/h.", True),
        ("The speed limit was lowered from 50 km/h to 30 km/h.", "The speed limit is 50 km/h.", False),
        ("The launch was postponed from 3 March to 17 March.", "The launch is scheduled for 17 March.", True),
        # a day a copula makes a state tells no end of a span
        ("The store is closed from 24 December to 2 January.", "The store is closed on 24 December.", True),
    ],
)
def test_the_old_value_of_a_change_is_no_value_the_context_gives_now(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported)


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        # before, each other limit was read as a round figure of the context's: supported
        ("Store below 25°C in the original package. Do not freeze.", "Store below 30°C.", False),
        ("Hand luggage must weigh less than 7 kg.", "Hand luggage must weigh less than 10 kg.", False),
        ("Store below 25°C in the original package. Do not freeze.", "Store below 25°C.", True),
        # a number the context gives without a bound is still rounded by one
        (
            "The Health Ministry said 9,061 people have been killed.",
            "The ministry said over 9,000 people have been killed.",
            True,
        ),
        ("Global sales reached 4.54 billion units.", "Global sales reached less than 5 billion units.", True),
    ],
)
def test_a_limit_of_the_context_is_rounded_by_no_other_limit(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported)


def test_a_number_after_the_claims_other_number_with_its_words_stands_in_the_slots_place(
    verifiers: dict[Lang, Faithfulness],
) -> None:
    context = "Tickets cost $25 for adults and $10 for children under 12. Children under 3 go free."
    [wrong, right] = verifiers["en"].check_claims(
        ["Tickets cost $10 for children under 3.", "Tickets cost $10 for children under 12."], [context]
    )
    assert wrong.label == "contradicted", wrong.reason
    assert wrong.reason.startswith("the context gives 12, not 3"), wrong.reason
    assert right.supported, right.reason
