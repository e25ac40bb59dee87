"""What a later part of a sentence leaves out ("18% of patients on the drug and 6% on placebo", "by 2.1
percentage points in the drug group and by 0.4 points in the placebo group", "Economy passengers get
one free checked bag; business passengers get two"); the old value of a change given after the new
("58.2%, down from 64.1%", "to 16.5 billion dollars from 17 billion dollars"); a numbered name
opening a sentence as every part's subject ("Apollo 11 launched on 16 July 1969 and landed on 20
July"); a part singled out by a bound ("balances up to 10,000 pounds" and "balances above 10,000
pounds"); a share rivalled only by shares where the sentence gives one; whom a part says a thing for
("free for under-18s and costs 22 pounds for adults"); a thing said at any time against a sentence
saying when ("all year" against "between April and September"); the one replaced ("replacing Mark
Ellis"); a name in another clause ("while Michael Collins remained in lunar orbit"); a pronoun's
subject where the sentence before lists the claim's name after "with"; an exception the claim
makes too."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Label, Lang

from .verdicts import assert_supported, assert_verdict

_TRIAL = (
    "In the trial, 1,200 adults with type 2 diabetes were randomly assigned to the drug or a placebo. After 40 weeks, "
    "HbA1c fell by 2.1 percentage points in the drug group and by 0.4 points in the placebo group. Nausea was "
    "reported by 18% of patients on the drug and 6% on placebo."
)


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("HbA1c fell by 2.1 percentage points in the drug group.", True),
        ("HbA1c fell by 0.4 points in the placebo group.", True),
        ("HbA1c fell by 2.1 percentage points in the placebo group.", False),
        ("Nausea was reported by 18% of patients on the drug.", True),
        ("Nausea was reported by 6% of patients on placebo.", True),
        ("Nausea was reported by 18% of patients on placebo.", False),
    ],
)
def test_a_later_part_shares_what_it_leaves_out_after_its_number(
    verifiers: dict[Lang, Faithfulness], claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], _TRIAL, claim, supported=supported)


def test_the_reason_names_percentage_points_whole(verifiers: dict[Lang, Faithfulness]) -> None:
    why = "the context gives 0.4 points, not 2.1 percentage points"
    claim = "HbA1c fell by 2.1 percentage points in the placebo group."
    assert_verdict(verifiers["en"], _TRIAL, claim, "contradicted", why)


_BAGS = "Economy passengers get one free checked bag; business passengers get two."


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("Economy passengers get one free checked bag.", True),
        ("Business passengers get two free checked bags.", True),
        ("Economy passengers get two free checked bags.", False),
        ("Business passengers get one free checked bag.", False),
    ],
)
def test_a_later_part_ending_with_its_number_shares_the_first_ones_unit(
    verifiers: dict[Lang, Faithfulness], claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], _BAGS, claim, supported=supported)


def test_one_got_is_a_count_with_its_noun_past_free(verifiers: dict[Lang, Faithfulness]) -> None:
    why = "the context gives one free checked bag, not two free checked bags"
    assert_verdict(verifiers["en"], _BAGS, "Economy passengers get two free checked bags.", "contradicted", why)


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        ("Turnout was 58.2%, down from 64.1% at the last election.", "Turnout was 64.1%.", False),
        ("Turnout was 58.2%, down from 64.1% at the last election.", "Turnout was 58.2%.", True),
        ("Turnout was 58.2%, down from 64.1% at the last election.", "Turnout at the last election was 64.1%.", True),
        ("Turnout was 58.2%, down from 64.1% at the last election.", "Turnout fell from 64.1%.", True),
        ("Inflation eased to 2.9% in October, down from 3.1% in September.", "Inflation was 3.1% in September.", True),
        ("Inflation eased to 2.9% in October, down from 3.1% in September.", "Inflation was 3.1% in October.", False),
        (
            "The company cut its full-year revenue forecast to 16.5 billion dollars from 17 billion dollars.",
            "The company now expects full-year revenue of 17 billion dollars.",
            False,
        ),
        (
            "The company cut its full-year revenue forecast to 16.5 billion dollars from 17 billion dollars.",
            "The company now expects full-year revenue of 16.5 billion dollars.",
            True,
        ),
        (
            "Profit rose to 1.2 billion euros from 950 million euros a year earlier.",
            "Profit was 950 million euros.",
            False,
        ),
        (
            "Profit rose to 1.2 billion euros from 950 million euros a year earlier.",
            "Profit was 950 million euros a year earlier.",
            True,
        ),
    ],
)
def test_an_old_value_after_the_new_is_the_claims_only_with_its_time_or_a_change(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


def test_an_old_value_after_the_new_is_named_as_such(verifiers: dict[Lang, Faithfulness]) -> None:
    context = "Turnout was 58.2%, down from 64.1% at the last election."
    assert_verdict(
        verifiers["en"], context, "Turnout was 64.1%.", "contradicted", 'the context changes it from "64.1%"'
    )


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        (
            "Apollo 11 launched on 16 July 1969 and landed on the Moon on 20 July.",
            "Apollo 11 landed on the Moon on 16 July.",
            False,
        ),
        (
            "Apollo 11 launched on 16 July 1969 and landed on the Moon on 20 July.",
            "Apollo 11 landed on the Moon on 20 July.",
            True,
        ),
        (
            "Interest is paid monthly at a rate of 4.5% a year on balances up to 10,000 pounds; "
            "balances above 10,000 pounds earn 3%.",
            "Balances up to 10,000 pounds earn 4.5% a year.",
            True,
        ),
        (
            "Interest is paid monthly at a rate of 4.5% a year on balances up to 10,000 pounds; "
            "balances above 10,000 pounds earn 3%.",
            "Balances above 10,000 pounds earn 4.5% a year.",
            False,
        ),
        (
            "The city's population grew from 410,000 in 2010 to 465,000 in 2020, an increase of 13%.",
            "The population grew by 13% between 2010 and 2020.",
            True,
        ),
    ],
)
def test_parts_told_by_the_subject_and_by_bounds(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


def test_a_share_is_rivalled_by_the_sentences_share_not_its_counts(verifiers: dict[Lang, Faithfulness]) -> None:
    context = "The city's population grew from 410,000 in 2010 to 465,000 in 2020, an increase of 13%."
    claim = "The population grew by 15% between 2010 and 2020."
    assert_verdict(verifiers["en"], context, claim, "contradicted", "the context gives 13%, not 15%")


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        ("Admission is free for under-18s and costs 22 pounds for adults.", "Admission is free for under-18s.", True),
        ("Admission is free for under-18s and costs 22 pounds for adults.", "Admission is free for adults.", False),
        (
            "Admission is free for under-18s and costs 22 pounds for adults.",
            "Admission for under-18s costs 22 pounds.",
            False,
        ),
        (
            "Breakfast is included for suites but costs 15 euros per person for standard rooms.",
            "Breakfast is included for standard rooms.",
            False,
        ),
        (
            "Breakfast is included for suites but costs 15 euros per person for standard rooms.",
            "Breakfast is included for suites.",
            True,
        ),
        (
            "Parking is free for residents and costs 3 pounds an hour for visitors.",
            "Parking is free for visitors.",
            False,
        ),
        # a part that says the first one's thing again, for its own group, is no other thing
        ("Tickets cost $25 for adults and $10 for children under 12.", "Tickets cost $10 for children under 12.", True),
        (
            "Claims must be filed within 30 days for dental treatment and within 90 days for hospital stays.",
            "Claims for hospital stays must be filed within 90 days.",
            True,
        ),
        ("The event is free for members and costs 20 pounds for non-members.", "The event is free for members.", True),
        (
            "The event is free for members and costs 20 pounds for non-members.",
            "The event costs 20 pounds for non-members.",
            True,
        ),
        (
            "The event is free for members and costs 20 pounds for non-members.",
            "The event costs 20 pounds for members.",
            False,
        ),
        (
            "The event is free for members and costs 20 pounds for non-members.",
            "The event is free for non-members.",
            False,
        ),
        (
            "The course is designed for beginners and is also suitable for improvers.",
            "The course is suitable for improvers.",
            True,
        ),
    ],
)
def test_what_a_part_says_for_its_group(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


def test_the_reason_names_both_groups(verifiers: dict[Lang, Faithfulness]) -> None:
    context = "Admission is free for under-18s and costs 22 pounds for adults."
    why = "the context says it for adults, the claim for under-18s"
    assert_verdict(verifiers["en"], context, "Admission for under-18s costs 22 pounds.", "contradicted", why)


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        (
            "Dogs are allowed in the park but must be kept on a lead between April and September.",
            "Dogs must be kept on a lead all year.",
            False,
        ),
        ("Claims must be made within 30 days of the incident.", "Claims can be made at any time.", False),
        ("Classes run from 6 am to 9 pm.", "Classes run all day.", False),
        ("The offer is valid on weekdays only.", "The offer is valid every day.", False),
        ("The gym is open 24/7 for members.", "The gym is open at all times for members.", True),
        (
            "Applications can be submitted at any time during the year.",
            "Applications can be submitted at any time.",
            True,
        ),
        (
            "The museum is open year-round, except on Christmas Day.",
            "The museum is open all year except Christmas Day.",
            True,
        ),
    ],
)
def test_a_claim_at_any_time_against_a_sentence_saying_when(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


_SUCCESSION = (
    "Sarah Chen, the company's chief financial officer, will take over as chief executive in January, replacing "
    "Mark Ellis, who is retiring after 14 years. Chen joined the company in 2016 from Barclays."
)


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("Sarah Chen will become chief executive in January.", True),
        ("Mark Ellis will become chief executive in January.", False),
        ("Mark Ellis is the company's chief financial officer.", False),
        ("Mark Ellis is retiring after 14 years.", True),
    ],
)
def test_the_one_replaced_does_not_do_what_the_one_replacing_does(
    verifiers: dict[Lang, Faithfulness], claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], _SUCCESSION, claim, supported=supported)


def test_the_one_replaced_is_named_so(verifiers: dict[Lang, Faithfulness]) -> None:
    why = "the context names Mark Ellis as the one replaced"
    assert_verdict(
        verifiers["en"], _SUCCESSION, "Mark Ellis will become chief executive in January.", "wrong_entity", why
    )


_APOLLO = (
    "Apollo 11 launched on 16 July 1969 and landed on the Moon on 20 July. Neil Armstrong and Buzz Aldrin spent "
    "about 21 hours on the lunar surface, while Michael Collins remained in lunar orbit aboard Columbia."
)


def test_a_name_in_another_clause_does_not_do_what_the_first_says(verifiers: dict[Lang, Faithfulness]) -> None:
    why = "the context says this of another than Michael Collins, in another clause"
    assert_verdict(verifiers["en"], _APOLLO, "Michael Collins walked on the lunar surface.", "wrong_entity", why)
    assert_supported(verifiers["en"], _APOLLO, "Michael Collins remained in lunar orbit.")
    assert_supported(verifiers["en"], _APOLLO, "Buzz Aldrin spent about 21 hours on the lunar surface.")


_CURIE = (
    "Marie Curie was the first woman to win a Nobel Prize, sharing the 1903 Physics prize with Pierre Curie and "
    "Henri Becquerel. She won a second Nobel Prize, in Chemistry, in 1911, becoming the first person to win Nobel "
    "Prizes in two sciences."
)


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("Marie Curie won the Nobel Prize in Chemistry in 1911.", True),
        ("Henri Becquerel won the Nobel Prize in Chemistry in 1911.", False),
        ("Pierre Curie was the first person to win Nobel Prizes in two sciences.", False),
        ("Marie Curie was the first person to win Nobel Prizes in two sciences.", True),
    ],
)
def test_a_pronoun_stands_for_the_subject_before_not_the_names_listed_with_it(
    verifiers: dict[Lang, Faithfulness], claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], _CURIE, claim, supported=supported)


_DOSES = (
    "Children aged 6 to 11 may take one 5 ml spoonful every 4 to 6 hours. Children aged 12 and over may take two 5 ml "
    "spoonfuls. Do not give more than 4 doses in 24 hours. Not suitable for children under 6."
)


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("Children aged 6 to 11 may take one 5 ml spoonful every 4 to 6 hours.", True),
        ("Children aged 12 and over may take two 5 ml spoonfuls.", True),
        ("Children aged 6 to 11 may take two 5 ml spoonfuls.", False),
        ("No more than 4 doses should be given in 24 hours.", True),
        ("No more than 6 doses should be given in 24 hours.", False),
    ],
)
def test_spoonfuls_of_a_measure_and_doses_beside_a_bare_age(
    verifiers: dict[Lang, Faithfulness], claim: str, supported: bool
) -> None:
    # "one 5 ml spoonful" counts spoonfuls, "11 may take" is no day of May, and a bare "under 6"
    # found besides leaves "4 doses" the only count of doses
    assert_supported(verifiers["en"], _DOSES, claim, supported=supported)


@pytest.mark.parametrize(
    ("context", "claim", "label", "why"),
    [
        (
            "Turnout was 58.2%, down from 64.1% at the last election.",
            "Turnout rose to 58.2%.",
            "contradicted",
            "the claim has 58.2% go up ('rose') where the context has it go down ('down')",
        ),
        (
            "Version 5.0 drops support for Windows 7 and adds a dark mode.",
            "Version 5.0 adds support for Windows 7.",
            "contradicted",
            'the context says "drops", the claim "adds"',
        ),
        (
            "The bill was passed by the Senate but has not yet been signed by the President.",
            "The bill was rejected by the Senate.",
            "contradicted",
            'the context says "passed", the claim "rejected"',
        ),
        (
            "Most patients recovered within two weeks, but a small number developed long-term symptoms.",
            "Most patients developed long-term symptoms.",
            "contradicted",
            "the context says this of 'a small number', the claim of 'Most'",
        ),
        (
            "Shares of Nvidia rose 4% on Tuesday after the company reported record revenue, while AMD shares fell 2%.",
            "AMD reported record revenue.",
            "wrong_entity",
            "the context says this of another than AMD, in another clause",
        ),
    ],
)
def test_directions_opposites_and_fewer(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, label: Label, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, label, why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        ("Tenants must not keep more than two pets.", "Tenants may keep up to two pets."),
        ("Turnout was 58.2%, down from 64.1% at the last election.", "Turnout fell to 58.2%."),
        ("Version 5.0 drops support for Windows 7 and adds a dark mode.", "Version 5.0 adds a dark mode."),
        (
            "Most patients recovered within two weeks, but a small number developed long-term symptoms.",
            "Most patients recovered within two weeks.",
        ),
        # a name listed last after ", and", a pronoun's clause, a semicolon in brackets: no other clause
        (
            "Greta was a band formed in 1990 by Paul Plagens, Kyle Baer, and Brad Wilk.",
            "Brad Wilk formed a band in 1990.",
        ),
        (
            "Dutch settlers founded New Amsterdam in 1624; it was renamed New York City in 1664.",
            "New York City was founded by Dutch settlers.",
        ),
        (
            "Standard delivery takes 3 to 5 working days and costs 4.99 pounds; express delivery takes 1 working day "
            "and costs 9.99 pounds.",
            "Express delivery costs 9.99 pounds.",
        ),
    ],
)
def test_guards_of_directions_bounds_and_clauses(verifiers: dict[Lang, Faithfulness], context: str, claim: str) -> None:
    assert_supported(verifiers["en"], context, claim)


def test_and_before_the_same_verb_in_two_clauses_goes_on_with_each_subject(verifiers: dict[Lang, Faithfulness]) -> None:
    context = (
        "Standard delivery takes 3 to 5 working days and costs 4.99 pounds; express delivery takes 1 working day and "
        "costs 9.99 pounds."
    )
    assert_verdict(
        verifiers["en"], context, "Express delivery costs 4.99 pounds.", "contradicted", "the context gives 9.99"
    )
    # "and students €8" is a part of its own, whatever the semicolon before
    admission = "Admission is free for children under 5; adults pay €12 and students €8."
    assert_supported(verifiers["en"], admission, "Students pay €12.", supported=False)


def test_a_claim_bounded_outside_a_range_that_starts_or_ends_at_its_number(
    verifiers: dict[Lang, Faithfulness],
) -> None:
    context = "Children aged 6 to 12 may take half a tablet twice a day."
    why = "the context gives 6 to 12, not less than 6"
    assert_verdict(
        verifiers["en"], context, "Children under 6 may take half a tablet twice a day.", "contradicted", why
    )
    why = "the context gives 6 to 12, not more than 12"
    assert_verdict(
        verifiers["en"], context, "Children over 12 may take half a tablet twice a day.", "contradicted", why
    )
    assert_supported(verifiers["en"], context, "Children aged 6 to 12 may take half a tablet twice a day.")


_TESLA = (
    "The Model S Plaid has an estimated range of 396 miles and accelerates from 0 to 60 mph in 1.99 seconds. The "
    "Long Range version has a range of 405 miles and reaches 60 mph in 3.1 seconds. Both have a top speed of 149 "
    "mph, except the Plaid, which reaches 200 mph with the right wheels and tires."
)


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("The Long Range version accelerates from 0 to 60 mph in 1.99 seconds.", False),
        ("The Model S Plaid accelerates from 0 to 60 mph in 1.99 seconds.", True),
        # "Both" refers back: no sentence of others
        ("The Long Range version has a top speed of 149 mph.", True),
        ("The Plaid can reach 200 mph.", True),
    ],
)
def test_a_sentence_naming_the_claims_opening_name_decides_over_one_naming_others(
    verifiers: dict[Lang, Faithfulness], claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], _TESLA, claim, supported=supported)


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("The school day starts at 8:45 am.", True),
        ("The school day ends at 3:15 pm.", True),
        ("The school day starts at 3:15 pm.", False),
        ("The school day ends at 3:30 pm.", False),
    ],
)
def test_times_with_minutes_start_and_end_a_span(
    verifiers: dict[Lang, Faithfulness], claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], "The school day runs from 8:45 am to 3:15 pm.", claim, supported=supported)


_PHONES = (
    "The phone has a 6.1-inch screen and a 3,300 mAh battery, while the Plus model has a 6.7-inch screen and a "
    "4,400 mAh battery. Both start at 128 GB of storage."
)


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("The Plus model has a 6.7-inch screen.", True),
        ("The Plus model has a 4,400 mAh battery.", True),
        ("The phone has a 3,300 mAh battery.", True),
        ("The Plus model has a 3,300 mAh battery.", False),
        ("The phone has a 4,400 mAh battery.", False),
    ],
)
def test_and_before_the_same_word_in_two_clauses_of_while_stays_in_its_clause(
    verifiers: dict[Lang, Faithfulness], claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], _PHONES, claim, supported=supported)


def test_a_numbered_name_stated_only_where_none_of_the_claims_words_stand(verifiers: dict[Lang, Faithfulness]) -> None:
    context = (
        "Hurricane Milton made landfall near Siesta Key on 9 October as a Category 3 storm, with winds of 120 mph. "
        "It had weakened from Category 5 a day earlier."
    )
    why = "the context gives Category 3, not Category 5"
    assert_verdict(
        verifiers["en"], context, "Hurricane Milton made landfall as a Category 5 storm.", "contradicted", why
    )
    assert_supported(verifiers["en"], context, "Hurricane Milton made landfall as a Category 3 storm.")
    assert_supported(verifiers["en"], context, "Milton had weakened from Category 5.")
