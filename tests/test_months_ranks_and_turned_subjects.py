"""A date in another month of the same year ("approved ... in May 2023 but blocked ... in April 2023"
for "approved in April 2023"), which its year alone made the claim's own; a rank whose word a list
leaves out ("The first season was filmed in Belfast and the second in Dublin"), whose part has its own
name or number; and a claim's subject whose change a sentence opening with it turns the other way
("Operating profit fell 3%" beside "Revenue rose 12% in 2023" for "Operating profit rose in 2023");
a value that only a sentence about a variant of the claim's thing states ("The Nintendo Switch 2
launched in June 2025" for "The original Nintendo Switch launched in June 2025"); and a sentence saying
the claim of another subject word, where the context speaks of the claim's in a sentence of its own
("Paracetamol is safe for most people, including pregnant women" for "Ibuprofen is safe for pregnant
women", beside "Ibuprofen should not be taken by people with stomach ulcers")."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Label, Lang

from .verdicts import assert_supported, assert_verdict

_DEAL = (
    "Microsoft agreed to buy Activision Blizzard for 68.7 billion dollars in January 2022. The deal was approved by "
    "the European Commission in May 2023 but blocked by the UK's Competition and Markets Authority in April 2023. "
    "The CMA approved a revised deal in October 2023, and the acquisition closed on 13 October 2023."
)
_STARTUP = "The company was founded in April 2023 and launched its first product in May 2023."
_SEASONS = "The first season was filmed in Belfast and the second in Dublin. The third season has not been filmed yet."
_MMR = (
    "The MMR vaccine protects against measles, mumps and rubella. It is given in two doses: the first at 1 year old "
    "and the second at 3 years and 4 months."
)
_GOALS = (
    "Nico Williams opened the scoring in the 47th minute, Cole Palmer equalised in the 73rd, and Mikel Oyarzabal "
    "scored the winner in the 86th."
)
_COFFEE = (
    "Coffee reached Europe in the 17th century through two ports: the first in Venice around 1615, and the second "
    "in England in the 1650s."
)
_RESULTS = (
    "The company's revenue rose 12% to 4.2 billion dollars in 2023. Operating profit fell 3% to 610 million dollars. "
    "The board proposed a dividend of 45 cents a share."
)
_CONSOLES = (
    "The Nintendo Switch 2 launched in June 2025 at 395 pounds. The original Nintendo Switch launched in March 2017 "
    "at 279 pounds."
)
_OPERA = (
    "The Royal Opera House reopened after a long renovation. Its first premiere was staged at the Royal Opera House "
    "Theatre in 2019, and the company toured Japan in 2018."
)
_PAINKILLERS = (
    "Ibuprofen should not be taken by people with stomach ulcers. Paracetamol is safe for most people, including "
    "pregnant women. Adults can take up to 1,200 mg of ibuprofen a day without a prescription."
)
_PETS = (
    "Cats may be kept in flats with the landlord's written permission. Dogs are not permitted in any flat. Tenants "
    "must not keep more than two pets."
)
_DISCOUNTS = "Students receive a 20% discount on all tickets. Seniors also receive it and do not need to book."
_BILL = "The bill was passed by the House in February 2024 and by the Senate in March 2024."
_EXAMS = "The course has two exams: the first in January and the second in May. Each exam lasts three hours."
_SHARES = "Shares of Nvidia rose 3% on Monday, while shares of Intel fell 2%."
_MODELS = "Sales of the Model 3 fell 12% in the second quarter, while Model Y sales rose 4%."
_SALES = "Sales rose 5% in Europe. Sales fell 2% in Asia."


_CASES = [
    # another month of the claim's year
    (_DEAL, "The deal was approved by the European Commission in April 2023.", False),
    (_DEAL, "The deal was approved by the European Commission in May 2023.", True),
    (_DEAL, "The deal was blocked by the Competition and Markets Authority in April 2023.", True),
    (_STARTUP, "The company was founded in May 2023.", False),
    (_STARTUP, "The company was founded in April 2023.", True),
    (_STARTUP, "The company launched its first product in May 2023.", True),
    # (the name a claim opens with picks its part of the sentence, however far before the date)
    (_BILL, "The Senate passed the bill in February 2024.", False),
    (_BILL, "The Senate passed the bill in March 2024.", True),
    (_BILL, "The House passed the bill in February 2024.", True),
    # a rank whose word is left out
    (_SEASONS, "The second season was filmed in Belfast.", False),
    (_SEASONS, "The second season was filmed in Dublin.", True),
    (_SEASONS, "The first season was filmed in Belfast.", True),
    (_MMR, "The second dose is given at 1 year old.", False),
    (_MMR, "The second dose is given at 3 years and 4 months.", True),
    (_MMR, "The first dose is given at 1 year old.", True),
    (_EXAMS, "The second exam is in January.", False),
    (_EXAMS, "The first exam is in May.", False),
    (_EXAMS, "The first exam is in January.", True),
    (_EXAMS, "The second exam is in May.", True),
    # (a list counts up from its first rank: "the first" after "the 17th century" ranks no century)
    (_COFFEE, "Coffee arrived through Venice in the 17th century.", True),
    # (a rank's clause may name its own before it: "Cole Palmer equalised in the 73rd")
    (_GOALS, "Cole Palmer equalised in the 73rd minute.", True),
    (_GOALS, "Nico Williams opened the scoring in the 47th minute.", True),
    # the claim's subject turned the other way
    (_RESULTS, "Operating profit rose in 2023.", False),
    (_RESULTS, "Operating profit fell.", True),
    (_RESULTS, "Revenue rose in 2023.", True),
    (_SHARES, "Shares of Intel rose on Monday.", False),
    (_SHARES, "Shares of Nvidia fell on Monday.", False),
    (_SHARES, "Shares of Nvidia rose on Monday.", True),
    # (a letter or a number of the subject tells it from another: "Model Y sales", "the Model 3")
    (_MODELS, "Model Y sales rose 4%.", True),
    (_MODELS, "Model 3 sales rose 4%.", False),
    (_SALES, "Sales rose in Europe.", True),
    (_SALES, "Sales fell in Asia.", True),
    # (a sentence dating its change otherwise is of another year's)
    ("Sales fell 2% in 2022. Sales rose 8% in 2023.", "Sales rose in 2023.", True),
    # a value only a sentence about a variant states
    (_CONSOLES, "The original Nintendo Switch launched in June 2025.", False),
    (_CONSOLES, "The original Nintendo Switch launched in March 2017.", True),
    (_CONSOLES, "The Nintendo Switch 2 launched in June 2025.", True),
    # (not a thing named after the claim's: "the Royal Opera House Theatre" is no model of it)
    (_OPERA, "The Royal Opera House staged its first premiere in 2019.", True),
    # the claim said of another subject
    (_PAINKILLERS, "Ibuprofen is safe for pregnant women.", False),
    (_PAINKILLERS, "Paracetamol is safe for pregnant women.", True),
    (_PETS, "Dogs may be kept with the landlord's written permission.", False),
    (_PETS, "Cats may be kept with the landlord's written permission.", True),
    # (a sentence opening with the claim's subject that says some of the rest may say it of it too)
    (_DISCOUNTS, "Seniors receive a 20% discount.", True),
    ("Students and seniors receive a 20% discount.", "Seniors receive a 20% discount.", True),
    # (nor one whose subject follows a determiner: it may refer back)
    (
        "Volkswagen recalled 20,000 cars. The carmaker said the fault was minor.",
        "Volkswagen said the fault was minor.",
        True,
    ),
]


@pytest.mark.parametrize(("context", "claim", "supported"), _CASES)
def test_months_ranks_and_turned_subjects(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [case for case in _CASES if not case[2]]
    + [(_OPERA, "The Royal Opera House staged its first premiere in 2019.", True)],
)
def test_the_model_is_overruled_too(model: Faithfulness, context: str, claim: str, supported: bool) -> None:
    assert_supported(model, context, claim, supported=supported)


@pytest.mark.parametrize(
    ("context", "claim", "label", "why"),
    [
        (
            _DEAL,
            "The deal was approved by the European Commission in April 2023.",
            "contradicted",
            "the context gives May 2023, not April 2023",
        ),
        (
            "The deal was approved by the European Commission in May 2023.",
            "The deal was approved by the European Commission in April 2023.",
            "contradicted",
            "the context gives May 2023, not April 2023",
        ),
        (
            _SEASONS,
            "The second season was filmed in Belfast.",
            "contradicted",
            'the context gives "the second in Dublin", not Belfast',
        ),
        (
            _MMR,
            "The second dose is given at 1 year old.",
            "contradicted",
            'the context gives "the second at 3 years and 4 months", not 1',
        ),
        (
            _RESULTS,
            "Operating profit rose in 2023.",
            "contradicted",
            "the claim has operating profit go up ('rose') where the context has it go down ('fell')",
        ),
        (
            _CONSOLES,
            "The original Nintendo Switch launched in June 2025.",
            "unsupported",
            "only a sentence about another one states June 2025",
        ),
        (
            _PETS,
            "Dogs may be kept with the landlord's written permission.",
            "wrong_entity",
            "the context says this of cats, not dogs",
        ),
        (
            "Operating profit fell 3% to 610 million dollars.",
            "Operating profit rose.",
            "contradicted",
            "the claim has operating profit go up",
        ),
    ],
)
def test_the_reason_names_the_other_value(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, label: Label, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, label, why)
