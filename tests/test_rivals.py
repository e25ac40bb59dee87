"""Words that rule each other out in one place: rivals ("nightly" and "weekly", "gold" and "silver",
"morning" and "evening") and opposites made by "dis-" ("trust" and "distrust")."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Lang
from faithcheck._text.lexicon import opposite_words


def test_a_rival_is_an_opposite_of_each_other_meaning_not_of_its_synonyms() -> None:
    words = opposite_words("en")
    assert {"weekly", "monthly", "yearly", "annual"} <= words["nightly"]
    assert not {"daily", "nightly"} & words["nightly"]
    assert "annually" not in words["yearly"]
    assert "wöchentlich" in opposite_words("de")["täglich"]


@pytest.mark.parametrize(
    ("claim", "context", "said"),
    [
        # before, every word of the claim was in the context: supported
        (
            "Nightly backups are kept for 6 months.",
            "Backups run every night at 2 a.m. and are kept for 14 days. Weekly backups are kept for 6 months.",
            "weekly",
        ),
        (
            "The magazine is published weekly.",
            "The magazine is published monthly. Subscribers also receive a weekly newsletter.",
            "monthly",
        ),
        (
            "Guided tours run daily.",
            "The museum is open daily from 9 a.m. to 5 p.m. Guided tours run weekly on Saturdays.",
            "weekly",
        ),
        (
            "She won a gold medal in the 200 metres.",
            "She won a silver medal in the 200 metres and a bronze medal in the relay.",
            "silver",
        ),
        ("The monthly fee is $95.", "The annual fee is $95. It is waived in the first year.", "annual"),
        # past stop words to the nearest content word: "in the" alone flanks anything
        (
            "Take one tablet in the evening.",
            "Take one tablet in the morning with breakfast. Do not take it in the evening.",
            "morning",
        ),
        (
            "The new office is in the east of the city.",
            "The new office is in the north of the city, near the main station.",
            "north",
        ),
        (
            "The course is aimed at advanced students.",
            "The course is aimed at beginners. An advanced course follows in the spring.",
            "beginners",
        ),
    ],
)
def test_a_rival_word_in_the_claims_place_contradicts_it(
    verifiers: dict[Lang, Faithfulness], claim: str, context: str, said: str
) -> None:
    [verdict] = verifiers["en"].check_claims([claim], [context])
    assert verdict.label == "contradicted", verdict.reason
    assert f'the context says "{said}"' in verdict.reason


@pytest.mark.parametrize(
    ("claim", "context"),
    [
        ("The yearly fee is $95.", "The annual fee is $95. It is waived in the first year."),
        (
            "Subscribers receive a weekly newsletter.",
            "The magazine is published monthly. Subscribers also receive a weekly newsletter.",
        ),
        (
            "She won a silver medal in the 200 metres.",
            "She won a silver medal in the 200 metres and a bronze medal in the relay.",
        ),
        (
            "The winter market opens in December.",
            "The festival takes place every summer in the old town. A smaller winter market opens in December.",
        ),
        (
            "Take one tablet in the morning.",
            "Take one tablet in the morning with breakfast. Do not take it in the evening.",
        ),
        ("The report is updated quarterly.", "The report is updated quarterly and summarised in an annual review."),
        (
            "On Fridays, the meeting is held in the afternoon.",
            "Meetings are held every morning at 9. On Fridays, the meeting moves to the afternoon.",
        ),
    ],
)
def test_a_rival_elsewhere_keeps_the_claim(verifiers: dict[Lang, Faithfulness], claim: str, context: str) -> None:
    [verdict] = verifiers["en"].check_claims([claim], [context])
    assert verdict.supported, verdict.reason


def test_a_share_said_of_the_opposite_made_by_dis_is_of_another_thing(verifiers: dict[Lang, Faithfulness]) -> None:
    context = "Most survey respondents said they distrust the new policy: 40% distrust it, while 32% trust it."
    [wrong, right] = verifiers["en"].check_claims(
        ["40% of respondents trust the new policy.", "32% of respondents trust the new policy."], [context]
    )
    assert wrong.label == "contradicted", wrong.reason
    assert right.supported, right.reason


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        # before, 3.9% was the sentence's value whatever month the claim gave: contradicted
        ("Unemployment was 4.1% in April.", True),
        ("Unemployment was 3.9% in May.", True),
        ("Unemployment was 4.1% in May.", False),
    ],
)
def test_a_number_beside_another_month_is_of_another_time(
    verifiers: dict[Lang, Faithfulness], claim: str, supported: bool
) -> None:
    context = "Unemployment fell to 3.9% in May from 4.1% in April. The economy added 180,000 jobs."
    [verdict] = verifiers["en"].check_claims([claim], [context])
    assert verdict.supported is supported, verdict.reason


def test_a_price_for_children_is_no_price_for_adults(verifiers: dict[Lang, Faithfulness]) -> None:
    # before, $10 stood in the sentence: supported
    context = "Tickets cost $25 for adults and $10 for children under 12. Children under 3 go free."
    [adults, children] = verifiers["en"].check_claims(
        ["Tickets cost $10 for adults.", "Tickets cost $10 for children under 12."], [context]
    )
    assert adults.label == "contradicted", adults.reason
    assert "the context gives $25, not $10" in adults.reason
    assert children.supported, children.reason


@pytest.mark.parametrize(
    ("claim", "context", "supported"),
    [
        # before, the full stop of "a.m." ended the first part: 9 a.m. was the Sundays' time too
        (
            "The store opens at 10 a.m. on Sundays.",
            "The store opens at 9 a.m. on weekdays and 10 a.m. on Sundays.",
            True,
        ),
        (
            "The store opens at 9 a.m. on Sundays.",
            "The store opens at 9 a.m. on weekdays and 10 a.m. on Sundays.",
            False,
        ),
        # the words before a date up to its verb ("close on") tell which date the claim means
        (
            "Applications close on 1 October.",
            "Applications for the spring term open on 1 October and close on 15 November.",
            False,
        ),
        (
            "Applications close on 15 November.",
            "Applications for the spring term open on 1 October and close on 15 November.",
            True,
        ),
        (
            "The course costs $1,000 if paid before June 1.",
            "The course costs $1,200, or $1,000 if paid before June 1.",
            True,
        ),
    ],
)
def test_times_and_dates_told_apart_by_their_words(
    verifiers: dict[Lang, Faithfulness], claim: str, context: str, supported: bool
) -> None:
    [verdict] = verifiers["en"].check_claims([claim], [context])
    assert verdict.supported is supported, verdict.reason


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("Express shipping takes 5 to 7 business days.", False),
        ("Orders over $50 ship free with express shipping.", False),
        ("Orders over $50 ship free with standard shipping.", True),
        ("Express shipping takes 2 business days.", True),
    ],
)
def test_a_shipping_speed_rules_out_the_others(
    verifiers: dict[Lang, Faithfulness], claim: str, supported: bool
) -> None:
    context = (
        "Our standard shipping takes 5 to 7 business days and costs $4.99. Express shipping takes 2 business "
        "days and costs $14.99. Orders over $50 ship free with standard shipping."
    )
    [verdict] = verifiers["en"].check_claims([claim], [context])
    assert verdict.supported is supported, verdict.reason


def test_a_severity_rules_out_the_others(verifiers: dict[Lang, Faithfulness]) -> None:
    context = "The trial enrolled 600 patients with moderate asthma. Half received the new inhaler."
    [severe, moderate] = verifiers["en"].check_claims(
        [
            "The trial enrolled 600 patients with severe asthma.",
            "The trial enrolled 600 patients with moderate asthma.",
        ],
        [context],
    )
    assert severe.label == "contradicted", severe.reason
    assert moderate.supported, moderate.reason
