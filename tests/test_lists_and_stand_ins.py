"""What each number of a measured list measures ("4 g of protein, ..., of which 6 g sugars, and 3 g of
fat"); a negated comparison past a modal ("no band may be below 6.0") and a claim denying what a
sentence allows "without" something else ("No overpayments are allowed"); a number whose words say
the opposite of the claim's ("the lender's variable rate, currently 7.1%" for "The fixed rate is
7.1%"); a name past an apposition of a participle ("Barbie, directed by Greta Gerwig, grossed ...");
"one" brought, checked or taken, and the one count of a noun a sentence gives; "It" standing for a
numbered name ("Python 3.12 ... It removed") and a pronoun subject with the claim's name beside it
("She worked with Charles Babbage and published ..."); "the only" as an adjective; "gluten-free"
against "contains gluten"; "only" against two things listed ("online or by phone"); "all" against a
kind narrowed at a sentence's opening or by a participle ("Orders over 50 pounds", "guests booking
directly"); opposites past "very" at a sentence's end, and not against a clause giving the claim's
word and numbers; a number's words ending at a semicolon; a value compared ("compared with 2.1% in
the placebo group"), a rate a later part leaves out ("25.60 pounds a week for the eldest child and
16.95 pounds for each additional child"); a sentence naming only others where one naming the claim's
name gives a rival, and a relative clause after another's name ("David Moore, who had led the firm
for 11 years"); rates per semester; rivals such as "fixed" and "variable", "home" and
"international", "keep" and "stop"."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Label, Lang

from .verdicts import assert_supported, assert_verdict

_SERVING = (
    "A 30 g serving contains 120 kcal, 4 g of protein, 18 g of carbohydrate, of which 6 g sugars, and 3 g of fat. "
    "The product is gluten-free but may contain traces of nuts."
)


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("A 30 g serving contains 6 g of sugars.", True),
        ("A 30 g serving contains 3 g of fat.", True),
        ("A 30 g serving contains 4 g of protein.", True),
        ("A 30 g serving contains 18 g of carbohydrate.", True),
        ("A 30 g serving contains 4 g of fat.", False),
        ("A 30 g serving contains 18 g of sugars.", False),
        ("A 30 g serving contains 3 g of protein.", False),
        ("The product contains gluten.", False),
        ("The product is nut-free.", False),
        ("The product is gluten-free.", True),
        ("The product may contain traces of nuts.", True),
    ],
)
def test_each_number_of_a_measured_list_measures_its_own_thing(
    verifiers: dict[Lang, Faithfulness], claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], _SERVING, claim, supported=supported)


def test_a_value_risen_to_keeps_its_own_part_beside_a_measure_of_another_word(
    verifiers: dict[Lang, Faithfulness],
) -> None:
    # "25 days of annual leave" measures "annual" by its words, the 30 days nothing: the part decides
    leave = "New employees receive 25 days of annual leave, rising to 30 days after five years of service."
    assert_supported(verifiers["en"], leave, "Employees receive 30 days of annual leave after five years of service.")


def test_free_of_what_is_contained_and_not_where_the_sentence_negates_it(
    verifiers: dict[Lang, Faithfulness],
) -> None:
    drink = "The drink contains caffeine and is not suitable for children."
    why = "the context says it contains caffeine, the claim that it is caffeine-free"
    assert_verdict(verifiers["en"], drink, "The drink is caffeine-free.", "contradicted", why)
    assert_supported(verifiers["en"], "The drink does not contain caffeine.", "The drink is caffeine-free.")
    # a compound after "has a" is no thing it has
    menu = "The restaurant offers a gluten-free menu."
    assert_supported(verifiers["en"], menu, "The restaurant has a gluten-free menu.")


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        ("Applicants need a minimum IELTS score of 6.5, with no band below 6.0.", "No band may be below 6.0.", True),
        (
            "Overpayments of up to 10% of the balance per year are allowed without penalty.",
            "No overpayments are allowed.",
            False,
        ),
        (
            "Overpayments of up to 10% of the balance per year are allowed without penalty.",
            "Overpayments are allowed without penalty.",
            True,
        ),
        (
            "The museum does not open on Mondays and never charges for children.",
            "The museum does not open on Mondays.",
            True,
        ),
    ],
)
def test_a_negation_of_something_else_is_none_of_the_claims(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


_MORTGAGE = (
    "The fixed-rate mortgage has an interest rate of 4.2% for the first five years, after which it reverts to "
    "the lender's variable rate, currently 7.1%."
)


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("The fixed rate is 7.1%.", False),
        ("The variable rate is 4.2%.", False),
        ("The fixed rate is 4.2%.", True),
        ("The variable rate is currently 7.1%.", True),
    ],
)
def test_a_number_framed_by_the_opposite_word_is_of_the_other_thing(
    verifiers: dict[Lang, Faithfulness], claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], _MORTGAGE, claim, supported=supported)


_FILMS = "Oppenheimer, directed by Christopher Nolan, grossed about $975 million worldwide."


@pytest.mark.parametrize(
    "barbie",
    [
        "Barbie, directed by Greta Gerwig and released the same day, grossed about $1.44 billion.",
        "Barbie, which was released the same day, grossed about $1.44 billion.",
    ],
)
def test_a_name_past_an_apposition_of_a_participle_stands_in_the_claims_place(
    verifiers: dict[Lang, Faithfulness], barbie: str
) -> None:
    context = f"{_FILMS} {barbie}"
    why = "the context names Barbie here, not Oppenheimer"
    assert_verdict(verifiers["en"], context, "Oppenheimer grossed about $1.44 billion.", "wrong_entity", why)
    assert_supported(verifiers["en"], context, "Barbie grossed about $1.44 billion.")


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        (
            "Members can bring one guest per visit for a fee of $10. Annual members get two free personal "
            "training sessions.",
            "Members can bring two guests per visit.",
            False,
        ),
        ("Members can bring one guest per visit for a fee of $10.", "Members can bring one guest per visit.", True),
        (
            "Each passenger may check one bag of up to 23 kg free of charge.",
            "Each passenger may check two bags.",
            False,
        ),
        ("Take one tablet twice a day.", "Take two tablets twice a day.", False),
        (
            "The hotel has 312 rooms, including 24 suites, and two restaurants.",
            "The hotel has three restaurants.",
            False,
        ),
        ("The hotel has 312 rooms, including 24 suites, and two restaurants.", "The hotel has two restaurants.", True),
    ],
)
def test_a_count_is_read_where_it_is_brought_checked_taken_or_the_only_one(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


_PYTHON = (
    "Python 3.12 was released in October 2023. It removed the distutils module, which had been deprecated since "
    "Python 3.10, and improved error messages. Python 3.13, released in October 2024, added an experimental "
    "free-threaded build."
)


def test_it_stands_for_the_numbered_name_before(verifiers: dict[Lang, Faithfulness]) -> None:
    why = 'the context says it of Python 3.12 ("It"), not Python 3.13'
    assert_verdict(verifiers["en"], _PYTHON, "Python 3.13 removed the distutils module.", "wrong_entity", why)
    assert_supported(verifiers["en"], _PYTHON, "Python 3.12 removed the distutils module.")
    android = "Android 14 was released in October 2023. It added satellite messaging."
    assert_verdict(verifiers["en"], android, "Android 13 added satellite messaging.", "wrong_entity")
    # "It was", "It took" stand for no name
    bridge = (
        "It was announced on Monday that the bridge will close for repairs. It took engineers three weeks to "
        "inspect the structure."
    )
    assert_supported(verifiers["en"], bridge, "The bridge will close for repairs.")


@pytest.mark.parametrize(
    ("context", "claim", "label"),
    [
        ("Appointments can be booked online or by phone.", "Appointments can only be booked by phone.", "contradicted"),
        ("The app is available for iOS and Android.", "The app is only available for iOS.", "contradicted"),
        ("Tickets are sold online and at the box office.", "Tickets are only sold online.", "contradicted"),
        ("Appointments can be booked online or by phone.", "Appointments can be booked by phone.", "supported"),
        # a clause of its own after "and" lists nothing
        (
            "The museum is open on weekdays and closes in the evening.",
            "The museum is only open on weekdays.",
            "supported",
        ),
        ("Orders over 50 pounds ship free within the UK.", "All orders ship free within the UK.", "overclaim"),
        ("Domestic flights were cancelled on Monday.", "All flights were cancelled on Monday.", "overclaim"),
        ("Flights were cancelled on Monday.", "All flights were cancelled on Monday.", "supported"),
        (
            "Parking costs 25 euros per night; breakfast is included for guests booking directly.",
            "Breakfast is included for all guests.",
            "overclaim",
        ),
        (
            "Breakfast is included for guests booking directly.",
            "Breakfast is included for guests booking directly.",
            "supported",
        ),
    ],
)
def test_one_alone_or_all_against_a_list_or_a_narrowed_kind(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, label: Label
) -> None:
    assert_verdict(verifiers["en"], context, claim, label)


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        (
            "Tuition for international students is 18,500 pounds per year.",
            "Tuition for international students is 18,500 pounds per semester.",
            False,
        ),
        ("Tuition is 4,600 euros per semester.", "Tuition is 4,600 euros per semester.", True),
        ("Staff are paid 1,800 pounds per month.", "Staff are paid 1,800 pounds per fortnight.", False),
        (
            "Tuition for international students is 18,500 pounds per year.",
            "Tuition for home students is 18,500 pounds per year.",
            False,
        ),
        (
            "Customers should stop using the cookers and contact the company for a free replacement lid.",
            "Customers can keep using the cookers.",
            False,
        ),
    ],
)
def test_rates_per_semester_and_rival_words(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


_VACCINE = "Common side effects include a sore arm, tiredness and headache; severe allergic reactions are very rare."


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("Severe allergic reactions are common.", False),
        ("Severe allergic reactions are rare.", True),
        ("Headache is a common side effect.", True),
    ],
)
def test_an_opposite_past_an_intensifier_at_the_sentences_end(
    verifiers: dict[Lang, Faithfulness], claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], _VACCINE, claim, supported=supported)


_CHECK_IN = (
    "Passengers should check in at least 60 minutes before departure; business premier passengers can check in "
    "45 minutes before."
)


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("Business premier passengers can check in 60 minutes before departure.", False),
        ("Business premier passengers can check in 45 minutes before departure.", True),
        ("Passengers should check in at least 60 minutes before departure.", True),
    ],
)
def test_a_numbers_words_end_at_a_semicolon(verifiers: dict[Lang, Faithfulness], claim: str, supported: bool) -> None:
    assert_supported(verifiers["en"], _CHECK_IN, claim, supported=supported)


_TRIAL = (
    "After 40 weeks, those taking the drug lost an average of 12.4% of their body weight, compared with 2.1% in the "
    "placebo group."
)


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("Patients in the placebo group lost an average of 12.4% of their body weight.", False),
        ("Patients in the placebo group lost 2.1% of their body weight.", True),
        ("Patients taking the drug lost an average of 12.4% of their body weight.", True),
        ("Patients taking the drug lost an average of 2.1% of their body weight.", False),
    ],
)
def test_a_value_compared_shares_what_the_first_says_after_its_number(
    verifiers: dict[Lang, Faithfulness], claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], _TRIAL, claim, supported=supported)


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("Patients taking a placebo lost 2% of their body weight.", True),
        ("Patients taking the placebo lost 15% of their body weight.", False),
        ("Patients taking the drug lost 15% of their body weight.", True),
        ("Patients taking the drug lost 2% of their body weight.", False),
    ],
)
def test_a_value_compared_has_none_of_the_first_parts_subject(
    verifiers: dict[Lang, Faithfulness], claim: str, supported: bool
) -> None:
    study = (
        "In the study, patients taking the drug lost 15% of their body weight, compared with 2% for those taking a "
        "placebo."
    )
    assert_supported(verifiers["en"], study, claim, supported=supported)


_BENEFIT = "The child benefit is 25.60 pounds a week for the eldest child and 16.95 pounds for each additional child."


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("The child benefit is 16.95 pounds a week for each additional child.", True),
        ("The child benefit is 25.60 pounds a week for the eldest child.", True),
        ("The child benefit is 16.95 pounds a week for the eldest child.", False),
        ("The child benefit is 25.60 pounds a week for each additional child.", False),
    ],
)
def test_a_rate_the_later_part_leaves_out_is_its_own_too(
    verifiers: dict[Lang, Faithfulness], claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], _BENEFIT, claim, supported=supported)


_SIGNINGS = (
    "Chelsea signed Enzo Fernandez from Benfica for a British record fee of 106.8 million pounds in January 2023. "
    "Mykhailo Mudryk joined from Shakhtar Donetsk the same month for up to 88.5 million pounds."
)


@pytest.mark.parametrize(
    ("claim", "supported"),
    [
        ("Mykhailo Mudryk cost 106.8 million pounds.", False),
        ("Enzo Fernandez cost 88.5 million pounds.", False),
        ("Mykhailo Mudryk cost 88.5 million pounds.", True),
        ("Enzo Fernandez cost 106.8 million pounds.", True),
    ],
)
def test_a_sentence_naming_only_others_gives_none_where_one_naming_the_claims_gives_a_rival(
    verifiers: dict[Lang, Faithfulness], claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], _SIGNINGS, claim, supported=supported)


def test_a_clause_giving_the_claims_word_and_numbers_holds_against_an_opposite_elsewhere(
    verifiers: dict[Lang, Faithfulness],
) -> None:
    plans = "Subscribers on the annual plan pay 99 dollars a year, while monthly subscribers pay 12 dollars a month."
    assert_supported(verifiers["en"], plans, "The monthly plan costs 12 dollars a month.")
    assert_verdict(verifiers["en"], plans, "The monthly plan costs 99 dollars a year.", "contradicted")


_LOVELACE = (
    "Ada Lovelace was born in London in 1815, the only legitimate child of Lord Byron. She worked with Charles "
    "Babbage on his proposed Analytical Engine and published the first algorithm intended for such a machine in 1843."
)
_CURIE = (
    "Marie Curie was born in Warsaw in 1867. She shared the 1903 Nobel Prize in Physics with Pierre Curie and Henri "
    "Becquerel, and won the 1911 Nobel Prize in Chemistry alone."
)


@pytest.mark.parametrize(
    ("context", "claim", "label"),
    [
        (_LOVELACE, "Charles Babbage published the first algorithm in 1843.", "wrong_entity"),
        (_LOVELACE, "Ada Lovelace published the first algorithm in 1843.", "supported"),
        (_CURIE, "Pierre Curie won the 1911 Nobel Prize in Chemistry.", "wrong_entity"),
        # what one does with another, the other does too
        (_CURIE, "Pierre Curie shared the 1903 Nobel Prize in Physics.", "supported"),
        # "the only legitimate child" restricts nothing a claim leaves out
        (_LOVELACE, "Ada Lovelace was born in London.", "supported"),
        (_LOVELACE, "Ada Lovelace was born in 1815.", "supported"),
    ],
)
def test_a_pronoun_subject_with_the_claims_name_beside_it(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, label: Label
) -> None:
    assert_verdict(verifiers["en"], context, claim, label)


_SUCCESSION = (
    "The company appointed Sarah Chen as chief executive in March, replacing David Moore, who had led the firm for "
    "11 years. Chen previously ran the company's European division."
)


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        (_SUCCESSION, "Sarah Chen led the firm for 11 years.", False),
        (_SUCCESSION, "David Moore led the firm for 11 years.", True),
        (_SUCCESSION, "Sarah Chen was appointed chief executive in March.", True),
        ("Smith met Jones, who was 45, in Paris.", "Jones was 45.", True),
    ],
)
def test_a_relative_clause_gives_its_numbers_to_the_name_before_it(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)
