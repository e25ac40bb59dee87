"""Amounts written as words ("saves a third" is not "saves half", "every mile" not "every 3 miles");
what is free for one group and priced for another ("Pedestrians and cyclists can cross for free;
cars pay 2 pounds"); a bare number opening a later part before its verb ("and two voted for a cut":
two members); a part that counts a kind of its own ("65 medals ..., including 14 golds"); a number
that tells apart two sentences saying the same of two things ("A tenant must give at least one
month's notice" beside "A landlord must give at least two months' notice"); a name numbered as it
opens the claim ("Python 3.13 removed ..."); a superlative against a rank of it ("the highest
mountain" against "the second-highest mountain", where another sentence says "first climbed"); and a
sentence stating every word of the claim that a cue contradicts, against a support that leaves one
out ("Sale items can only be exchanged, not refunded")."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Label, Lang
from faithcheck._pipeline.verify.amounts_in_words import amount_in_words_otherwise
from faithcheck._text.analysis import analyze

from .verdicts import assert_supported, assert_verdict

_RAILCARD = (
    "An off-peak return from Manchester to London costs 98 pounds. A 16-25 Railcard saves a third on most fares, "
    "but not on off-peak tickets before 10 am on weekdays."
)
_MARATHON = "The marathon starts at 9:30 am in Greenwich. There are water stations every 3 miles."
_WASTE = "The council collects general waste every two weeks and recycling every week."
_DOSES = "Take one tablet every 4 to 6 hours as needed. Do not take more than 4 tablets in 24 hours."
_DONORS = "Men can give blood every 12 weeks and women every 16 weeks."
_CLASSES = "Classes are free for members; non-members pay 8 pounds per class."
_CATS = "Adult cats need a booster every year. Kittens can be neutered from 4 months old."
_BRIDGE = "The new bridge cost 320 million pounds. Pedestrians and cyclists can cross for free; cars pay 2 pounds."
_MUSEUM = "The museum is closed on Mondays. Entry is free for under-18s; adults pay 12 pounds."
_SHIPPING = (
    "Standard shipping is free on orders over 50 pounds and takes 3 to 5 working days; otherwise it costs 3.95 pounds."
)
_EVENT = "The event is free for members and costs 20 pounds for non-members."
_RATES = (
    "The Bank of England held interest rates at 5.25% in March. Seven members of the committee voted to hold "
    "rates, and two voted for a cut."
)
_MEDALS = (
    "Team GB won 65 medals at the Paris 2024 Olympics, including 14 golds. The United States topped the medal "
    "table with 126 medals, and China won 40 golds."
)
_NOTICE = (
    "A tenant must give at least one month's notice to end a periodic tenancy. A landlord must give at least two "
    "months' notice using a section 21 notice."
)
_PYTHON = (
    "Python 3.12 was released in October 2023. It removed the distutils module and improved error messages. "
    "Python 3.13, released in October 2024, added an experimental free-threaded build."
)
_MOUNTAINS = (
    "Mount Everest is 8,849 metres high. K2, the second-highest mountain, is 8,611 metres high. Everest was "
    "first climbed in 1953 by Edmund Hillary and Tenzing Norgay."
)
_LABEL = "Each 100 g serving contains 12 g of protein, 3 g of fat and 45 g of carbohydrate, of which 5 g are sugars."
_LEAVE = "Employees get 25 days of annual leave, rising to 30 days after five years of service."
_RETURNS = (
    "Items bought online can be returned within 30 days for a full refund. Sale items can only be exchanged, not "
    "refunded. Refunds are made to the original payment method within 5 working days."
)


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        (_RAILCARD, "A 16-25 Railcard saves half on most fares.", False),
        (_RAILCARD, "A 16-25 Railcard saves a third on most fares.", True),
        (_MARATHON, "There are water stations every mile.", False),
        (_MARATHON, "There are water stations every 3 miles.", True),
        (_WASTE, "General waste is collected every week.", False),
        (_WASTE, "Recycling is collected every two weeks.", False),
        (_WASTE, "General waste is collected every two weeks.", True),
        (_WASTE, "Recycling is collected every week.", True),
        (_DONORS, "Women can give blood every 16 weeks.", True),
        (_DONORS, "Women can give blood every 12 weeks.", False),
        (_DONORS, "Men can give blood every 16 weeks.", False),
        (_DOSES, "Take one tablet every hour.", False),
        (_DOSES, "Take one tablet every 4 to 6 hours.", True),
        (_CLASSES, "Members pay 8 pounds per class.", False),
        (_CLASSES, "Classes are free for members.", True),
        (_CATS, "Adult cats need a booster every year.", True),
        (_CATS, "Adult cats need a booster every three years.", False),
        # the first half of a year is no fraction
        (
            "Prices fell by a third in the first half of the year.",
            "Prices fell by a third in the first half of the year.",
            True,
        ),
        ("Prices fell by a third in the first half of the year.", "Prices fell by half in the first half.", False),
        (_BRIDGE, "Cars can cross for free.", False),
        (_BRIDGE, "Pedestrians pay 2 pounds to cross.", False),
        (_BRIDGE, "Cyclists can cross for free.", True),
        (_BRIDGE, "Cars pay 2 pounds to cross.", True),
        (_MUSEUM, "Entry is free for adults.", False),
        (_MUSEUM, "Entry is free for under-18s.", True),
        (_MUSEUM, "Adults pay 12 pounds.", True),
        # a priced part whose subject is a pronoun, or the claim's verb, speaks of the free part's thing
        (_SHIPPING, "Standard shipping costs 3.95 pounds on smaller orders.", True),
        (_EVENT, "The event costs 20 pounds for non-members.", True),
        (_RATES, "Two members voted for a cut.", True),
        (_RATES, "Seven members voted to hold rates.", True),
        (_RATES, "Two members voted to hold rates.", False),
        (_MEDALS, "Team GB won 14 golds.", True),
        (_MEDALS, "Team GB won 40 golds.", False),
        (_MEDALS, "Team GB won 14 medals.", False),
        (_NOTICE, "A tenant must give at least two months' notice.", False),
        (_NOTICE, "A tenant must give at least one month's notice.", True),
        (_NOTICE, "A landlord must give at least two months' notice.", True),
        (_PYTHON, "Python 3.13 removed the distutils module.", False),
        (_PYTHON, "Python 3.12 removed the distutils module.", True),
        (_MOUNTAINS, "K2 is the highest mountain.", False),
        (_MOUNTAINS, "K2 is the second-highest mountain.", True),
        (_MOUNTAINS, "Mount Everest is 8,849 metres high.", True),
        # a measure beside a list ("100 g serving") measures no item of it; "of which 5 g are sugars"
        (_LABEL, "Each 100 g serving contains 12 g of fat.", False),
        (_LABEL, "Each 100 g serving contains 5 g of sugars.", True),
        (_LABEL, "Each 100 g serving contains 3 g of fat.", True),
        (_LABEL, "Each 100 g serving contains 45 g of sugars.", False),
        (_LEAVE, "Employees get 30 days of annual leave after five years of service.", True),
        (_RETURNS, "Sale items can be refunded.", False),
        (_RETURNS, "Sale items can be exchanged.", True),
        (_RETURNS, "Items bought online can be returned within 30 days for a full refund.", True),
    ],
)
def test_amounts_prices_and_parts(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


@pytest.mark.parametrize(
    ("context", "claim", "label", "why"),
    [
        (
            _RAILCARD,
            "A 16-25 Railcard saves half on most fares.",
            "contradicted",
            'the context gives "a third", not "half"',
        ),
        (_MARATHON, "There are water stations every mile.", "contradicted", 'the context gives "every 3 miles"'),
        (_BRIDGE, "Cars can cross for free.", "contradicted", "the context gives a price (2 pounds) here"),
        (_BRIDGE, "Pedestrians pay 2 pounds to cross.", "contradicted", "the context says it is free here"),
        (_MUSEUM, "Entry is free for adults.", "contradicted", "the context gives a price (12 pounds) here"),
        (_RATES, "Seven members voted for a cut.", "contradicted", "the context gives two, not Seven members"),
        (
            _NOTICE,
            "A tenant must give at least two months' notice.",
            "contradicted",
            # (the tenant's own sentence: "A landlord must give" opens with another subject)
            "the context gives one month's, not two months",
        ),
        (_PYTHON, "Python 3.13 removed the distutils module.", "wrong_entity", "the context says it of Python 3.12"),
        (_MOUNTAINS, "K2 is the highest mountain.", "contradicted", "the context gives second-highest"),
        (_RETURNS, "Sale items can be refunded.", "contradicted", "only the context is negated"),
    ],
)
def test_the_reason_names_what_differs(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, label: Label, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, label, why)


@pytest.mark.parametrize(
    ("sentences", "claim"),
    [
        (
            ["Around a quarter of adults are obese.", "About two thirds of adults in England are overweight or obese."],
            "About two thirds of adults in England are overweight or obese.",
        ),
        (
            ["Route M50 runs every 30 minutes.", "Route M5 runs every 10 minutes on weekdays."],
            "Route M5 runs every 10 minutes on weekdays.",
        ),
        (
            [
                "Garden waste is collected every two weeks from March to November.",
                "The council collects general waste every two weeks and recycling every week.",
            ],
            "Recycling is collected every week.",
        ),
    ],
)
def test_an_amount_in_words_is_read_where_the_window_says_the_claim(sentences: list[str], claim: str) -> None:
    # a window holds several sentences: one giving another amount between the same words ("a quarter
    # of adults") says less of the claim than the one giving its own (the model's windows read them
    # all, and rejected these claims before)
    said = [analyze(sentence, "en") for sentence in sentences]
    assert amount_in_words_otherwise(analyze(claim, "en"), said, "en") is None
