"""All, most, half: a claim's word for a share of a group against the share the context gives."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Lang


@pytest.mark.parametrize(
    ("claim", "context", "lang", "why"),
    [
        # before, every word of the claim was in the context: supported
        (
            "All patients recovered within two weeks.",
            "In the trial, 85% of patients recovered within two weeks.",
            "en",
            "the context gives 85%, the claim 'all'",
        ),
        ("Every employee received a bonus.", "About 60% of employees received a bonus this year.", "en", "'every'"),
        ("Most voters backed the plan.", "About 30% of voters backed the plan.", "en", "30%, the claim 'most'"),
        (
            "A majority of respondents supported the ban.",
            "Some 41% of respondents supported the ban, while 52% opposed it.",
            "en",
            "41%, the claim 'majority'",
        ),
        (
            "Half of all new cars sold in Norway are electric.",
            "In Norway, 82% of new cars sold last year were electric.",
            "en",
            "82%",
        ),
        (
            "La plupart des patients ont guéri.",
            "Environ 30 % des patients ont guéri en deux semaines.",
            "fr",
            "'la plupart'",
        ),
        # a share counted as a part of the whole
        (
            "All participants completed the survey.",
            "Of the 200 participants, 150 completed the survey.",
            "en",
            "the context gives 150 of 200, the claim 'all'",
        ),
        ("Most patients recovered.", "Only 12 of the 40 patients recovered.", "en", "12 of 40, the claim 'most'"),
    ],
)
def test_a_share_the_word_does_not_allow_is_contradicted(
    verifiers: dict[Lang, Faithfulness], claim: str, context: str, lang: Lang, why: str
) -> None:
    [verdict] = verifiers[lang].check_claims([claim], [context])
    assert verdict.label == "contradicted", verdict.reason
    assert why in verdict.reason


@pytest.mark.parametrize(
    ("claim", "context"),
    [
        ("All employees received a bonus.", "100% of employees received a bonus this year."),
        ("Most voters backed the plan.", "About 62% of voters backed the plan."),
        ("Almost all households have internet access.", "About 96% of households have internet access."),
        ("The majority of the land is forest.", "Forest covers 68% of the land."),
        # the sentence says "all" itself; the claim counts the group; a superlative; an adverb
        (
            "All staff must complete the training by March.",
            "All staff must complete the training by March; 65% have done so.",
        ),
        ("All 200 participants completed the survey.", "All 200 participants completed the survey; 90% rated it well."),
        ("The most popular model sold 40% of units.", "The most popular model sold 40% of units."),
        ("Prices rose most in the capital.", "Prices rose 12% in the capital and 5% elsewhere."),
        ("Most participants completed the survey.", "Of the 200 participants, 150 completed the survey."),
        ("Half of the patients recovered.", "In total, 20 out of 40 patients recovered."),
        # a bound the lexicon does not list with the word; a share of something else than the group
        # (first versions rejected a FEVER and two climate_fever originals of these shapes)
        (
            "An amount greater than half of Egypt's imports and exports is served through Alexandria.",
            "Alexandria is Egypt's largest seaport, serving approximately 80 % of Egypt's imports and exports.",
        ),
        ("All member states agreed to cut emissions.", "The member states agreed to cut emissions by 25% by 2020."),
    ],
)
def test_a_share_the_word_allows_keeps_the_claim(verifiers: dict[Lang, Faithfulness], claim: str, context: str) -> None:
    [verdict] = verifiers["en"].check_claims([claim], [context])
    assert verdict.supported, verdict.reason
