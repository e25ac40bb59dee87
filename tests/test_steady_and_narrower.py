"""A value that stayed where the claim has it change ("held interest rates steady" for "raised
interest rates", and the other way round, each in its clause); all of a kind where the context says
all of a narrower kind ("All domestic flights", "adults at high risk", "orders over $50" for "all
orders"); two words the other way round ("The customer may terminate ... if the supplier fails to
pay"); a subject taken from another sentence opening alike ("The buyer must deliver"); "twice" and
"one" as counts; a price of the claim's thing beside another thing said free; the words of a number
said again ("in 2019 and again in 2021", "from $15 to $16"); "ongoing" and "completed"; a version
the context bounds ("6.0 and later"); a name the context calls another's relative ("Its rival
Lloyds")."""

from __future__ import annotations

from functools import cache

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.cues import _all_of_fewer, _steadiness
from faithcheck._text.analysis import analyze
from faithcheck._text.lexicon import get_lexicon

from .verdicts import assert_supported, assert_verdict


@cache
def _model() -> Faithfulness:
    return Faithfulness(verifier="model")


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        (
            "The Federal Reserve held interest rates steady at 5.25% in June.",
            "The Federal Reserve raised interest rates in June.",
            "the claim has it change ('raised') where the context has it stay as it was ('held interest rates steady')",
        ),
        (
            "The Federal Reserve left interest rates unchanged in June.",
            "The Federal Reserve cut interest rates in June.",
            "the claim has it change ('cut')",
        ),
        (
            "The bank kept its base rate at 4% for the third month.",
            "The bank lowered its base rate to 4%.",
            "the claim has it change ('lowered') where the context has it stay as it was ('kept its base rate at')",
        ),
        ("Prices remained stable in March.", "Prices rose in March.", "the claim has it change ('rose')"),
        (
            "The company maintained its dividend at 50 cents a share.",
            "The company increased its dividend to 50 cents a share.",
            "the claim has it change ('increased')",
        ),
        ("The council froze parking fees for 2025.", "The council increased parking fees for 2025.", ""),
        ("Inflation was unchanged at 2.1% in October.", "Inflation rose to 2.1% in October.", ""),
        ("Rates were left unchanged at 4% in June.", "The bank cut rates to 4% in June.", ""),
        # the other way round: the claim has it stay where the context has it change
        (
            "Unemployment fell to 3.9% in May.",
            "Unemployment stayed at 3.9% in May.",
            "the claim has it stay as it was ('stayed at') where the context has it change ('fell')",
        ),
        (
            "The company raised its dividend to 50 cents a share.",
            "The company kept its dividend at 50 cents a share.",
            "the claim has it stay as it was ('kept its dividend at') where the context has it change ('raised')",
        ),
    ],
)
def test_a_value_that_stayed_is_no_change(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, "contradicted", why)


def test_the_model_reads_a_value_that_stayed_too() -> None:
    context = "The Federal Reserve held interest rates steady at 5.25% in June."
    assert_supported(_model(), context, "The Federal Reserve raised interest rates in June.", supported=False)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        # the sentence says both: it stayed one time and changed another
        (
            "The bank raised its rate to 5.25% in May after holding it at 5% in April.",
            "The bank raised its rate to 5.25% in May.",
        ),
        (
            "The bank raised its rate to 5.25% in May after holding it at 5% in April.",
            "The bank held its rate at 5% in April.",
        ),
        ("Sales grew 5% in Europe and remained flat in Asia.", "Sales grew 5% in Europe."),
        ("Shares closed unchanged at $10 after rising 5% early in the day.", "Shares rose 5% early in the day."),
        (
            "The ECB kept rates on hold in July and said it would raise them in September.",
            "The ECB said it would raise rates in September.",
        ),
        # "held" with no number nor a word of staying after it holds nothing steady
        ("The meeting was held at 10 am, and prices rose.", "Prices rose."),
        ("The company held its annual meeting in May, and its shares rose 4%.", "The company's shares rose 4%."),
        # what the claim keeps is not what the sentence has change
        (
            "The vaccine must be stored at 2 to 8 degrees; its effectiveness decreases at room temperature.",
            "The vaccine must be kept at 2 to 8 degrees.",
        ),
        (
            "The Federal Reserve held interest rates steady at 5.25% in June.",
            "The Federal Reserve kept interest rates at 5.25% in June.",
        ),
    ],
)
def test_staying_and_changing_said_of_other_things_still_support(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


def test_a_stop_word_after_a_verb_of_staying_needs_a_number() -> None:
    lex = get_lexicon("en")
    assert _steadiness(analyze("The summit was held at the museum.").tokens, lex) is None
    assert _steadiness(analyze("The bank kept its rate at 5%.").tokens, lex) == (2, "kept its rate at", False)
    assert _steadiness(analyze("The ECB kept rates on hold.").tokens, lex) == (4, "on hold", True)


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        (
            "All domestic flights were cancelled on Monday.",
            "All flights were cancelled on Monday.",
            "the claim says this of all flights, the context of all domestic flights",
        ),
        (
            "No domestic flights were cancelled on Monday.",
            "No flights were cancelled on Monday.",
            "the claim says this of no flights, the context of no domestic flights",
        ),
        (
            "Every full-time employee receives a laptop.",
            "Every employee receives a laptop.",
            "the claim says this of every employee, the context of every full-time employee",
        ),
        (
            "Under the new rules, all EU citizens can work in Norway without a permit.",
            "All citizens can work in Norway without a permit.",
            "the claim says this of all citizens, the context of all eu citizens",
        ),
        (
            "The airline said all international flights would leave from Terminal 2.",
            "All flights would leave from Terminal 2.",
            "the claim says this of all flights, the context of all international flights",
        ),
    ],
)
def test_all_of_a_kind_is_more_than_all_of_a_narrower_kind(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, "overclaim", why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        # the claim narrows what the context says of all: it says less
        ("All flights were cancelled on Monday.", "All domestic flights were cancelled on Monday."),
        ("All domestic flights were cancelled on Monday.", "All domestic flights were cancelled."),
        # a number or a noun before the kind is no narrower kind
        ("All 40 patients received the vaccine.", "All patients received the vaccine."),
        ("Every hotel guest gets a free breakfast.", "Every guest gets a free breakfast."),
    ],
)
def test_all_of_the_same_kind_still_supports(verifiers: dict[Lang, Faithfulness], context: str, claim: str) -> None:
    assert_supported(verifiers["en"], context, claim)


def test_a_word_of_the_claim_narrows_nothing() -> None:
    lex = get_lexicon("en")
    claim = analyze("All domestic passengers may check two bags.")
    assert _all_of_fewer(claim, analyze("All domestic passengers may check two bags."), lex) is None


def test_all_of_a_kind_is_more_than_a_narrower_kind_without_all(verifiers: dict[Lang, Faithfulness]) -> None:
    context = "In the phase 3 trial, the drug reduced the risk of hospitalisation by 89% in high-risk adults."
    claim = "The drug reduced the risk of hospitalisation by 89% in all adults."
    why = "the claim says this of all adults, the context of high-risk adults"
    assert_verdict(verifiers["en"], context, claim, "overclaim", why)
    assert_supported(
        verifiers["en"], context, "The drug reduced the risk of hospitalisation by 89% in high-risk adults."
    )


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        (
            "The supplier may terminate immediately if the customer fails to pay.",
            "The customer may terminate immediately if the supplier fails to pay.",
            'the context has "supplier" and "customer" the other way round',
        ),
        (
            "The landlord must give the tenant 30 days' notice.",
            "The tenant must give the landlord 30 days' notice.",
            'the context has "landlord" and "tenant" the other way round',
        ),
        (
            "Take the antibiotic 2 hours before the antacid.",
            "Take the antacid 2 hours before the antibiotic.",
            'the context has "antibiotic" and "antacid" the other way round',
        ),
        (
            "Drug X lowered blood pressure more than drug Y in the trial.",
            "Drug Y lowered blood pressure more than drug X.",
            'the context has "x" and "y" the other way round',
        ),
    ],
)
def test_two_words_the_other_way_round_contradict(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, "contradicted", why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        # a relation that holds both ways, a list, words side by side
        ("Mix the flour with the sugar.", "Mix the sugar with the flour."),
        ("The museum has paintings and sculptures from Spain.", "The museum has sculptures and paintings from Spain."),
        ("Apple sued rival Samsung in 2011, and Samsung sued Apple in return.", "Samsung sued Apple in 2011."),
        # the context says it the claim's way too
        (
            "Buses run from the station to the airport and from the airport to the station every 20 minutes.",
            "Buses run from the airport to the station.",
        ),
    ],
)
def test_words_the_other_way_round_that_say_the_same_still_support(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        (
            "Real Madrid beat Barcelona 3-1. Vinicius Junior scored twice, and Jude Bellingham added a third.",
            "Vinicius Junior scored three times.",
            "the context gives twice, not three times",
        ),
        (
            "Vinicius Junior scored twice, and Jude Bellingham added a third.",
            "Vinicius Junior scored once.",
            "the context gives twice, not once",
        ),
        (
            "The apartment has two bedrooms and one bathroom.",
            "The apartment has two bathrooms.",
            "the context gives one bathroom, not two bathrooms",
        ),
        (
            "The recipe needs two cups of white and one cup of brown sugar.",
            "The recipe needs two cups of brown sugar.",
            "the context gives one cup, not two cups",
        ),
    ],
)
def test_twice_and_one_count(verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str) -> None:
    assert_verdict(verifiers["en"], context, claim, "contradicted", why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        ("Vinicius Junior scored twice, and Jude Bellingham added a third.", "Vinicius Junior scored two goals."),
        ("The apartment has two bedrooms and one bathroom.", "The apartment has one bathroom."),
        # "at once", "once" opening a clause, "one of" count nothing
        ("The tickets sold out at once, and the band added 2 shows.", "The band added 2 shows."),
        ("Once approved, the permit is valid for 2 years.", "The permit is valid for 2 years."),
        ("The museum has one of the largest collections and 2 cafés.", "The museum has 2 cafés."),
    ],
)
def test_twice_and_one_still_support(verifiers: dict[Lang, Faithfulness], context: str, claim: str) -> None:
    assert_supported(verifiers["en"], context, claim)


def test_a_change_said_of_another_thing_than_what_stayed_still_supports(verifiers: dict[Lang, Faithfulness]) -> None:
    # a FactCG original of the training run, before rejected by "prices held approximately steady"
    context = (
        "Consumer price index figures revealed that between September and October, prices held approximately "
        "steady. Gasoline prices fell 5% in October."
    )
    claim = "In October, the Consumer Price Index figures indicated a decrease in gasoline prices."
    assert_supported(verifiers["en"], context, claim)


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        (
            "The law applies to companies with more than 250 employees. Smaller firms are exempt until 2026.",
            "The law applies to all companies.",
            "the claim says this of all companies, the context of companies with more than 250 employees",
        ),
        (
            "Shipping is free on orders over $50. Orders under $50 pay a flat $5 fee.",
            "Shipping is free on all orders.",
            "the claim says this of all orders, the context of orders over $50",
        ),
    ],
)
def test_all_of_a_kind_is_more_than_the_kind_narrowed_after_it(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, "overclaim", why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (
            "The law applies to companies with more than 250 employees.",
            "The law applies to all companies with more than 250 employees.",
        ),
        ("Shipping is free on orders over $50.", "Shipping is free on orders over $50."),
    ],
)
def test_the_kind_narrowed_the_same_way_still_supports(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


def test_a_number_said_again_is_said_of_the_same(verifiers: dict[Lang, Faithfulness]) -> None:
    # before, "again" pushed "river" out of 2021's words: "the context gives 2019, not 2021"
    context = "The river flooded in 2019 and again in 2021. No floods were recorded in 2020."
    assert_supported(verifiers["en"], context, "The river flooded in 2021.")


def test_a_price_of_the_claims_thing_outweighs_another_thing_said_free(verifiers: dict[Lang, Faithfulness]) -> None:
    context = "The hotel offers free parking for guests. Breakfast costs 15 euros per person."
    assert_verdict(
        verifiers["en"],
        context,
        "Breakfast is free for guests.",
        "contradicted",
        "the context gives a price (15 euros)",
    )
    # the claim's thing said free too: no price of it
    assert_supported(
        verifiers["en"],
        "Breakfast costs 15 euros for visitors. Guests get breakfast free.",
        "Breakfast is free for guests.",
    )


def test_ongoing_is_not_completed(verifiers: dict[Lang, Faithfulness]) -> None:
    context = "The vaccine is approved for people aged 12 and over. Trials in younger children are ongoing."
    assert_verdict(verifiers["en"], context, "Trials in younger children are completed.", "contradicted")


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        # the clause saying the claim's thing, where another clause says the other of another thing
        (
            "The Bank of England held its benchmark rate at 5.25% on Thursday, while the European Central Bank cut "
            "its rate by a quarter point.",
            "The Bank of England cut its benchmark rate on Thursday.",
        ),
        (
            "Prices for the basic plan will stay at $9.99 a month, but the premium plan will rise to $19.99.",
            "The basic plan will rise to $9.99 a month.",
        ),
        # an auxiliary and a word of staying; a word of staying after a comma, said of the clause before it
        (
            "Amazon's AWS revenue rose 13% to $24.2 billion in the third quarter, while its advertising revenue grew "
            "26% to $12.1 billion.",
            "AWS revenue was flat in the third quarter.",
        ),
        (
            "The company's board approved a dividend of 40 cents a share, unchanged from last quarter.",
            "The board raised the dividend to 40 cents a share.",
        ),
        # of two clauses as near, the one holding the claim's first word
        ("Revenue rose while costs remained flat.", "Costs rose."),
    ],
)
def test_staying_and_changing_are_read_in_the_claims_clause(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, "contradicted")


def test_the_clause_of_another_thing_says_nothing_of_it(verifiers: dict[Lang, Faithfulness]) -> None:
    context = (
        "The Bank of England held its benchmark rate at 5.25% on Thursday, while the European Central Bank cut "
        "its rate by a quarter point."
    )
    assert_supported(verifiers["en"], context, "The European Central Bank cut its rate by a quarter point.")
    assert_supported(verifiers["en"], context, "The Bank of England held its benchmark rate at 5.25%.")


@pytest.mark.parametrize(
    ("claim", "why"),
    [
        (
            "The buyer must deliver the goods within 14 days.",
            'the context says "supplier" here, and "buyer" of another',
        ),
        (
            "The supplier must pay within 30 days of delivery.",
            'the context says "buyer" here, and "supplier" of another',
        ),
    ],
)
def test_a_subject_taken_from_another_sentence_opening_alike(
    verifiers: dict[Lang, Faithfulness], claim: str, why: str
) -> None:
    context = "The supplier must deliver the goods within 14 days. The buyer must pay within 30 days of delivery."
    assert_verdict(verifiers["en"], context, claim, "contradicted", why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        # "Our" is no article: the sentences do not open alike ("followed" says "opened" otherwise)
        ("Our London office opened in 2012. The Paris office followed in 2016.", "The Paris office opened in 2016."),
        (
            "The supplier must deliver the goods within 14 days. The buyer must pay within 30 days.",
            "The buyer must pay within 30 days.",
        ),
    ],
)
def test_sentences_opening_otherwise_or_saying_the_claim_still_support(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


def test_an_article_before_a_word_still_flanks_it(verifiers: dict[Lang, Faithfulness]) -> None:
    # the clause "a bronze medal in the relay" opens with an article: its "a" flanks "bronze" as the
    # claim's does (the start of the clause did not stand in for it)
    context = "She won a silver medal in the 200 metres and a bronze medal in the relay."
    assert_verdict(verifiers["en"], context, "She won a bronze medal in the 200 metres.", "contradicted")


@pytest.mark.parametrize(
    "claim",
    ["The minimum wage will rise to $16 an hour in January.", "The minimum wage will be $16 an hour."],
)
def test_the_new_value_of_a_change_is_what_the_change_is_said_of(
    verifiers: dict[Lang, Faithfulness], claim: str
) -> None:
    # before, "$16" was too far from "minimum wage": "the context gives $15, not $16"
    context = "The minimum wage will increase from $15 to $16 an hour in January. Tipped workers will earn $10 an hour."
    assert_supported(verifiers["en"], context, claim)


def test_a_clause_after_but_is_read_apart(verifiers: dict[Lang, Faithfulness]) -> None:
    context = "The city kept its speed limit at 30 km/h in residential areas but raised it to 60 km/h on the ring road."
    assert_verdict(verifiers["en"], context, "The city raised the speed limit in residential areas.", "contradicted")
    assert_supported(verifiers["en"], context, "The city raised the speed limit to 60 km/h on the ring road.")


@pytest.mark.parametrize("version", ["6.2", "6.0"])
def test_a_version_the_context_bounds_is_no_other(verifiers: dict[Lang, Faithfulness], version: str) -> None:
    # before, "the context gives WordPress 6.0, not WordPress 6.2"
    [verdict] = verifiers["en"].check_claims(
        [f"The plugin supports WordPress {version}."], ["The plugin supports WordPress 6.0 and later."]
    )
    assert verdict.label != "contradicted", verdict.reason


def test_a_version_below_the_bound_is_another(verifiers: dict[Lang, Faithfulness]) -> None:
    context = "The plugin supports WordPress 6.0 and later."
    assert_verdict(
        verifiers["en"],
        context,
        "The plugin supports WordPress 5.9.",
        "contradicted",
        "the context gives WordPress 6.0",
    )


def test_a_name_the_context_calls_anothers_relative_is_not_that_other(verifiers: dict[Lang, Faithfulness]) -> None:
    context = "The bank raised its rate to 5.25%. Its rival Lloyds kept its rate at 5%."
    why = "the context says this of another than Lloyds, which it calls its rival"
    assert_verdict(verifiers["en"], context, "Lloyds raised its rate to 5.25%.", "wrong_entity", why)
    assert_supported(verifiers["en"], context, "Lloyds kept its rate at 5%.")
    assert_supported(verifiers["en"], context, "The bank raised its rate to 5.25%.")


def test_a_name_before_the_sentence_may_be_what_it_speaks_of(verifiers: dict[Lang, Faithfulness]) -> None:
    context = "Lloyds kept its rate at 5% in May. In June, the bank raised its rate to 5.25%."
    assert_supported(verifiers["en"], context, "Lloyds raised its rate to 5.25%.")


def test_a_name_opening_both_sentences_is_left_to_the_name_checks(verifiers: dict[Lang, Faithfulness]) -> None:
    # a FEVER original of the training run, before rejected: 'the context says "norma" here, and "norman" of another'
    context = (
        "Norma Bates is a fictional character created by Robert Bloch in his 1959 novel Psycho. Norman Bates is a "
        "fictional character created by Robert Bloch as the main antagonist in his 1959 novel Psycho."
    )
    assert_supported(verifiers["en"], context, "Norman Bates is a character.")
