"""Things of one family ("iPhone 15" and "iPhone 15 Pro", "MacBook Air" and "MacBook Pro"); a
sentence's alternatives after ", or" ("35 pounds a month with a 12-month contract, or 45 pounds a
month with no contract", "three years, or four with a placement year"); a later part that leaves out
its noun and verb ("The first train leaves at 5:43 am and the last at 11:30 pm", "and the second in
Dublin") or has an article, a subject and an auxiliary of its own ("and the pool is open until 9
pm"); a rank after a form of "be" ("Liverpool were third"); a present-tense verb after a name is no
description of the next ("The Eurostar reaches Brussels"); an amount in pence ("24.5p per kWh")."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Lang

from .verdicts import assert_supported, assert_verdict

_IPHONES = (
    "The iPhone 15 Pro has a titanium frame and starts at 999 dollars. The iPhone 15 has an aluminium frame and "
    "starts at 799 dollars. Both have a USB-C port."
)
_GALAXIES = (
    "The Galaxy S24 Ultra has a 200-megapixel camera and a built-in S Pen. The Galaxy S24 has a 50-megapixel "
    "camera and a smaller 6.2-inch screen."
)
_MACBOOKS = (
    "The MacBook Air M3 weighs 1.24 kg and has up to 18 hours of battery life. The MacBook Pro M3 weighs 1.55 kg "
    "and has up to 22 hours of battery life."
)
_WINDOWS = (
    "Windows 11 Pro includes BitLocker encryption and Hyper-V. Windows 11 Home does not include BitLocker. "
    "Windows 11 requires a TPM 2.0 chip."
)
_NEW_YORK = (
    "New York City has a population of about 8.3 million. New York State has about 19.6 million residents. "
    "Albany is the capital of New York State."
)


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        (_IPHONES, "The iPhone 15 has a titanium frame.", False),
        (_IPHONES, "The iPhone 15 Pro has an aluminium frame.", False),
        (_IPHONES, "The iPhone 15 starts at 999 dollars.", False),
        (_IPHONES, "The iPhone 15 Pro starts at 799 dollars.", False),
        (_IPHONES, "The iPhone 15 Pro has a titanium frame.", True),
        (_IPHONES, "The iPhone 15 has an aluminium frame.", True),
        (_GALAXIES, "The Galaxy S24 has a built-in S Pen.", False),
        (_GALAXIES, "The Galaxy S24 Ultra has a 50-megapixel camera.", False),
        (_GALAXIES, "The Galaxy S24 Ultra has a built-in S Pen.", True),
        (_GALAXIES, "The Galaxy S24 has a 6.2-inch screen.", True),
        (_MACBOOKS, "The MacBook Air M3 weighs 1.55 kg.", False),
        (_MACBOOKS, "The MacBook Air M3 has up to 22 hours of battery life.", False),
        (_MACBOOKS, "The MacBook Pro M3 weighs 1.24 kg.", False),
        (_MACBOOKS, "The MacBook Air M3 weighs 1.24 kg.", True),
        (_NEW_YORK, "New York City has a population of about 8.3 million.", True),
        # what the context says of a family holds of each of its variants
        (_WINDOWS, "Windows 11 Pro requires a TPM 2.0 chip.", True),
        (_WINDOWS, "Windows 11 Home includes BitLocker encryption.", False),
        # the claim's numbers hold it to the sentence stating them, whatever the other states of its words
        (
            "The AirPods Pro 2 offer up to 6 hours of listening time with noise cancellation. The AirPods 4 offer "
            "up to 5 hours.",
            "The AirPods 4 offer up to 5 hours of listening time.",
            True,
        ),
        (
            "The iPhone 15 was launched in September 2023. It introduced a USB-C port. The iPhone 14, launched a "
            "year earlier, used Lightning.",
            "The iPhone 15 used Lightning.",
            False,
        ),
        # a model's other number, where the claim's sentence states all its other numbers
        (
            "The Boeing 737 MAX 8 seats up to 178 passengers in two classes. The 737 MAX 10 seats up to 204.",
            "The 737 MAX 10 seats up to 204 passengers.",
            True,
        ),
        ("World War I lasted from 1914 to 1918. World War II began in 1939.", "World War I began in 1939.", False),
        ("World War I lasted from 1914 to 1918. World War II began in 1939.", "World War II began in 1939.", True),
        # a bare number after a name is as often an edition as a model
        (
            "Super Bowl 50 was played at Levi's Stadium in 2016. The Super Bowl is the NFL's championship game.",
            "The Super Bowl was played at Levi's Stadium.",
            True,
        ),
        # a first name is no variant of the name
        (
            "Barack Obama was born in Honolulu, Hawaii, in 1961. Obama served as the 44th president of the United "
            "States from 2009 to 2017.",
            "Barack Obama served as the 44th president.",
            True,
        ),
    ],
)
def test_a_thing_of_one_family_is_not_another(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        (_IPHONES, "The iPhone 15 has a titanium frame.", "the context says this of iPhone 15 Pro, not iPhone 15"),
        (
            _GALAXIES,
            "The Galaxy S24 has a built-in S Pen.",
            "the context says this of Galaxy S24 Ultra, not Galaxy S24",
        ),
        (
            _MACBOOKS,
            "The MacBook Air M3 has up to 22 hours of battery life.",
            "the context gives 18 hours, not 22 hours",
        ),
        # a code with other digits ("M50") is another route: its sentence states none of the claim's numbers
        (
            "Route M5 runs every 10 minutes on weekdays. Route M50 runs every 30 minutes.",
            "Route M5 runs every 30 minutes.",
            "the context gives 10 minutes, not 30 minutes",
        ),
    ],
)
def test_the_reason_names_the_other_of_the_family(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str
) -> None:
    label = "contradicted" if why.startswith("the context gives") else "wrong_entity"
    assert_verdict(verifiers["en"], context, claim, label, why)


_GYM = (
    "Gym membership costs 35 pounds a month with a 12-month contract, or 45 pounds a month with no contract. "
    "Off-peak membership, valid until 4 pm on weekdays, costs 25 pounds."
)
_DELIVERY = "Next-day delivery costs 6.99 pounds, or 4.99 pounds for Premium members."
_GALLERY = (
    "Visitors can buy a single ticket for 18 euros, or a two-day pass for 30 euros. The gallery closes at 6 pm, "
    "or 9 pm on Fridays."
)
_COURSE = "The course lasts three years, or four with a placement year."


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        (_GYM, "Membership costs 35 pounds a month with a 12-month contract.", True),
        (_GYM, "Membership costs 45 pounds a month with a 12-month contract.", False),
        (_DELIVERY, "Next-day delivery costs 4.99 pounds for Premium members.", True),
        (_DELIVERY, "Next-day delivery costs 6.99 pounds for Premium members.", False),
        (_DELIVERY, "Next-day delivery costs 6.99 pounds.", True),
        (_GALLERY, "A two-day pass costs 18 euros.", False),
        (_GALLERY, "A two-day pass costs 30 euros.", True),
        (_GALLERY, "The gallery closes at 6 pm on Fridays.", False),
        (_GALLERY, "The gallery closes at 9 pm on Fridays.", True),
        (_COURSE, "The course lasts three years with a placement year.", False),
        (_COURSE, "The course lasts four years with a placement year.", True),
    ],
)
def test_an_alternative_after_or_is_a_part_of_its_own(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


_TRAINS = "Trains run every 20 minutes. The first train leaves at 5:43 am and the last at 11:30 pm."
_EUROSTAR = (
    "The Eurostar from London St Pancras reaches Paris Gare du Nord in about 2 hours 16 minutes and Brussels-Midi "
    "in about 1 hour 51 minutes."
)
_HOTEL = "Breakfast is served from 7 am to 10:30 am, and the pool is open until 9 pm."


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        (_TRAINS, "The last train leaves at 11:30 pm.", True),
        (_TRAINS, "The last train leaves at 5:43 am.", False),
        (_TRAINS, "The first train leaves at 5:43 am.", True),
        (_EUROSTAR, "The Eurostar reaches Brussels in about 1 hour 51 minutes.", True),
        (_EUROSTAR, "The Eurostar reaches Paris in about 2 hours 16 minutes.", True),
        (_HOTEL, "Breakfast is served until 9 pm.", False),
        (_HOTEL, "Breakfast is served until 10:30 am.", True),
        # not a part of its own where the later part's subject is a determiner alone
        (
            "Patients aged 18 to 64 received one dose, and those aged 65 and over received two doses.",
            "Patients aged 65 and over received one dose.",
            False,
        ),
    ],
)
def test_a_later_part_leaving_out_or_naming_its_own(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


_TABLE = (
    "Manchester City finished the season top with 91 points, two ahead of Arsenal. Liverpool were third on 82 points."
)


@pytest.mark.parametrize(
    ("context", "claim", "label", "why"),
    [
        (
            _TABLE,
            "Liverpool were second on 82 points.",
            "contradicted",
            "the context gives were third, not were second",
        ),
        (
            "The court ruled that the dismissal was unfair. The claim for discrimination was rejected.",
            "The claim for discrimination was upheld.",
            "contradicted",
            'the context says "rejected", the claim "upheld"',
        ),
    ],
)
def test_ranks_after_be_and_rulings_the_other_way(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, label: str, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, label, why)  # type: ignore[arg-type]


_NATIONS = "Ireland were second in the Six Nations, behind France. Scotland were fourth."


@pytest.mark.parametrize(
    ("context", "claim", "label"),
    [
        (_NATIONS, "Scotland were second.", "contradicted"),
        (_NATIONS, "Scotland were fourth.", "supported"),
        # a rank after "be" ranks the name before it: Ireland's second place is not France's
        (_NATIONS, "France were first.", "unsupported"),
        (
            "The first season was filmed in Belfast and the second in Dublin.",
            "The second season was filmed in Dublin.",
            "supported",
        ),
        (
            "The Toyota Corolla Hybrid returns up to 60 mpg. The Toyota Corolla GR Sport has a 2.0-litre engine.",
            "The Toyota Corolla GR Sport returns up to 60 mpg.",
            "wrong_entity",
        ),
    ],
)
def test_ranks_and_places_of_parts_that_leave_words_out(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, label: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, label)  # type: ignore[arg-type]


_TARIFF = (
    "The energy tariff charges 24.5p per kWh for electricity and 6.2p per kWh for gas. The standing charge is 53p "
    "a day for electricity and 31p a day for gas."
)


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("Gas costs 24.5p per kWh.", False),
        ("Gas costs 6.2p per kWh.", True),
        ("The standing charge for gas is 53p a day.", False),
        ("The standing charge for gas is 31p a day.", True),
    ],
)
def test_an_amount_in_pence_is_a_number(verifiers: dict[Lang, Faithfulness], claim: str, supported: bool) -> None:
    assert_supported(verifiers["en"], _TARIFF, claim, supported=supported)


def test_the_reason_gives_pence_as_written(verifiers: dict[Lang, Faithfulness]) -> None:
    assert_verdict(
        verifiers["en"], _TARIFF, "Gas costs 24.5p per kWh.", "contradicted", "the context gives 6.2p, not 24.5p"
    )
