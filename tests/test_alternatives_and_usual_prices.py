"""A value given as the alternative of another, with its own condition ("35 pounds a month with a
12-month contract, or 45 pounds a month with no contract"): the part whose words the claim says all
of, where the other part says something the claim leaves out, is the claim's; the old value of a
price after "from its usual" ("now at $559.99 from its usual $660"), which a claim of the past states
("originally cost 349 dollars"); a number in a relative clause, framed by its own words ("Elon Musk, who
invested in the company in 2004, became its chief executive in 2008"); a sentence opening with another
subject word before the same verb ("Paracetamol can be taken" beside "Ibuprofen can be taken"), read
as one naming others is, and a clause so opening ("..., and the pool is open until 9 pm") as a clause of
another's; a name before a verb in the passive, which a doer before it in the active does not stand in
the place of ("Bill Gates, who co-founded the company" for "Microsoft was co-founded"); a capital letter alone
inside a name ("Galaxy Z Fold"); and a date whose year the context left out ("The crew returned to Earth on July
24." after "... July 20, 1969")."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Label, Lang
from faithcheck._pipeline.verify.slots import claim_slots

from .verdicts import assert_supported, assert_verdict

_GYM = "Gym membership costs 35 pounds a month with a 12-month contract, or 45 pounds a month with no contract."
_PRO = "The Pro plan costs 15 dollars per user per month, billed annually, or 18 dollars billed monthly."
_CHILDCARE = (
    "Parents can claim up to 2,000 pounds a year per child through Tax-Free Childcare, or 4,000 pounds if the child "
    "is disabled."
)
_RETURNS = "Premium members can also return items for free within 60 days, while standard members have 30 days."
_DEAL = "The savings also apply to the 256GB capacity, which is now at $559.99 from its usual $660 price tag."
_DOSES = (
    "Ibuprofen can be taken every 4 to 6 hours, up to three times a day. Paracetamol can be taken every 4 to 6 "
    "hours, up to four times a day."
)
_NOTICE = (
    "A tenant must give at least one month's notice to end a periodic tenancy. A landlord must give at least two "
    "months' notice using a section 21 notice."
)
_HOTEL = (
    "The hotel has 120 rooms and 15 suites. Breakfast is served from 7 am to 10:30 am, and the pool is open until 9 "
    "pm. Pets are not allowed, except guide dogs."
)
_MICROSOFT = (
    "Satya Nadella became chief executive of Microsoft in February 2014, succeeding Steve Ballmer. Bill Gates, who "
    "co-founded the company with Paul Allen in 1975, stepped down as chairman in 2014 and was replaced by John "
    "Thompson."
)
_HEADPHONES = "The headphones are now 199 dollars, down from their original price of 349 dollars."
_TESLA = (
    "Tesla was founded in 2003 by Martin Eberhard and Marc Tarpenning. Elon Musk, who invested in the company in "
    "2004, became its chief executive in 2008."
)
_APOLLO = (
    "Apollo 11 launched on July 16, 1969, and landed on the Moon on July 20, 1969. The crew returned to Earth on "
    "July 24."
)
_FOLDS = (
    "Samsung unveiled the Galaxy Z Fold 6 and the Galaxy Z Flip 6 in Paris. The Z Fold 6 costs 1,799 pounds, while "
    "the Z Flip 6 costs 1,049 pounds. Both go on sale on 24 July."
)


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        # the alternative the claim says all of, where the other says what the claim leaves out
        (_GYM, "Membership costs 45 pounds a month with no contract.", True),
        (_GYM, "Membership costs 35 pounds a month with no contract.", False),
        (_GYM, "Membership costs 45 pounds a month with a 12-month contract.", False),
        (_GYM, "Membership costs 35 pounds a month with a 12-month contract.", True),
        (_PRO, "The Pro plan costs 18 dollars per user per month when billed monthly.", True),
        (_PRO, "The Pro plan costs 18 dollars per user per month, billed annually.", False),
        (_PRO, "The Pro plan costs 15 dollars per user per month when billed monthly.", False),
        (_PRO, "The Pro plan costs 15 dollars per user per month, billed annually.", True),
        (_CHILDCARE, "Parents can claim up to 4,000 pounds a year if the child is disabled.", True),
        (_CHILDCARE, "Parents can claim up to 4,000 pounds a year per child through Tax-Free Childcare.", False),
        (_CHILDCARE, "Parents can claim up to 2,000 pounds a year if the child is disabled.", False),
        (_RETURNS, "Standard members have 30 days to return items.", True),
        (_RETURNS, "Premium members have 30 days to return items.", False),
        (_RETURNS, "Standard members have 60 days to return items.", False),
        # the usual price is the old one
        (_DEAL, "The 256GB model is priced at $660.", False),
        (_DEAL, "The 256GB model is priced at $559.99.", True),
        (_HEADPHONES, "The headphones cost 349 dollars.", False),
        (_HEADPHONES, "The headphones originally cost 349 dollars.", True),
        (_HEADPHONES, "The headphones now cost 199 dollars.", True),
        # (a time the context does not give is no former time: "a year earlier")
        (
            "Net profit fell 4% to 950 million euros, down from 990 million euros.",
            "Net profit was 990 million euros a year earlier.",
            False,
        ),
        # a relative clause's own number
        (_TESLA, "Elon Musk became chief executive in 2004.", False),
        (_TESLA, "Elon Musk became chief executive in 2008.", True),
        (_TESLA, "Elon Musk invested in the company in 2004.", True),
        (_TESLA, "Elon Musk invested in the company in 2008.", False),
        # another subject opening a sentence before the claim's verb
        (_DOSES, "Ibuprofen can be taken up to four times a day.", False),
        (_DOSES, "Ibuprofen can be taken up to three times a day.", True),
        (_DOSES, "Paracetamol can be taken up to three times a day.", False),
        (_DOSES, "Paracetamol can be taken up to four times a day.", True),
        (_NOTICE, "A landlord must give at least one month's notice.", False),
        (_NOTICE, "A landlord must give at least two months' notice.", True),
        (_NOTICE, "A tenant must give at least one month's notice.", True),
        # ... or a clause
        (_HOTEL, "The pool is open until 10:30 am.", False),
        (_HOTEL, "The pool is open until 9 pm.", True),
        (_HOTEL, "Breakfast is served until 10:30 am.", True),
        # a name before a verb in the passive
        (_MICROSOFT, "Microsoft was co-founded in 1975.", True),
        (_MICROSOFT, "Satya Nadella was replaced by John Thompson.", False),
        (_MICROSOFT, "Bill Gates was replaced by John Thompson.", True),
        # (a participle with no object is no verb in the active: "a 2023 film directed by Greta Gerwig")
        ("Barbie is a 2023 film directed by Greta Gerwig.", "Oppenheimer was directed by Greta Gerwig.", False),
        # a year the context left out
        (_APOLLO, "The crew returned to Earth on July 24, 1969.", True),
        (_APOLLO, "The crew returned to Earth on July 24, 1970.", False),
        # a letter inside a name
        (_FOLDS, "The Galaxy Z Fold 6 costs 1,799 pounds.", True),
        (_FOLDS, "The Galaxy Z Flip 6 costs 1,799 pounds.", False),
        (_FOLDS, "The Galaxy Z Flip 6 costs 1,049 pounds.", True),
    ],
)
def test_alternatives_and_usual_prices(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


@pytest.mark.parametrize(
    ("context", "claim", "label", "why"),
    [
        (_GYM, "Membership costs 35 pounds a month with no contract.", "contradicted", "the context gives 45 pounds"),
        (_RETURNS, "Standard members have 60 days to return items.", "contradicted", "the context gives 30 days"),
        (_DEAL, "The 256GB model is priced at $660.", "contradicted", 'the context changes it from "$660"'),
        (_DOSES, "Ibuprofen can be taken up to four times a day.", "contradicted", "the context gives three times"),
        # (the part saying what the claim leaves out ("large") is another's: its number answers before
        # the rival word, test_rivals' mechanism)
        (
            "A large coffee costs $4 and a small one costs $3.",
            "A small coffee costs $4.",
            "contradicted",
            "the context gives $3, not $4",
        ),
    ],
)
def test_the_reason_names_the_alternative(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, label: Label, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, label, why)


@pytest.mark.parametrize(
    ("claim", "name"),
    [
        ("The Galaxy Z Fold 6 costs 1,799 pounds.", "The Galaxy Z Fold"),
        ("The Model S Plaid reaches 200 mph.", "The Model S Plaid"),
        ("Plan B Studios made the film.", "Plan B Studios"),
        ("The film stars Tom Hanks as Otto.", "Tom Hanks"),
    ],
)
def test_a_capital_letter_alone_inside_a_name_is_part_of_it(claim: str, name: str) -> None:
    assert name in [slot.text for slot in claim_slots(claim, "en")[1]]
