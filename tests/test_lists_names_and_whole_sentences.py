"""Values listed after one of their unit ("start at 11 am and 2 pm"); names of the form "X of Y"
("Bank of Merton" where the context names the "Bank of England"); a sentence stating every word of
the claim outweighing a number that shares its few words elsewhere ("Less serious infringements can
lead to fines of up to 10 million euros"); a word of the opposite meaning after a list's first
member ("closed on Sundays and bank holidays"), or framing a number in its own part ("download
speeds of 145 Mbps and upload speeds of 20 Mbps"); what "It" stands for in the present tense ("It
costs 28 pounds"); a thing's own name beside another of its family ("Mount Kenya" beside "Mount
Kilimanjaro", "The Standard plan" beside "The Premium plan", "Mac revenue" beside "iPhone
revenue"); an exception naming the claim's thing ("149 mph, except the Plaid, which reaches 200
mph"); "only" through a relative clause ("only return items that are faulty"); "unless" as an
exception; temperatures written "40C"; and the trained model's support read in a unit that says
little of the claim, where units saying most of it are overruled, or in a sentence saying all of the
claim that a negation cue contradicts."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Label, Lang
from faithcheck._pipeline.verify.of_names import named_of_another
from faithcheck._pipeline.verify.slots import claim_slots

from .verdicts import assert_supported, assert_verdict

_MUSEUM = (
    "The museum is open from 10 am to 5 pm, Tuesday to Sunday. It is closed on Mondays. Admission is free, but "
    "special exhibitions cost 12 pounds. Guided tours start at 11 am and 2 pm."
)
_PLANS = (
    "The Basic plan costs 6.99 dollars a month and includes ads. The Standard plan costs 15.49 dollars a month, with "
    "no ads and HD streaming on 2 screens at once. The Premium plan costs 22.99 dollars a month and allows 4 screens "
    "in Ultra HD."
)
_FIBRE = (
    "Our Fibre 100 package gives average download speeds of 145 Mbps and upload speeds of 20 Mbps. It costs 28 "
    "pounds a month for the first 18 months, then 42 pounds a month. There is no setup fee. Fibre 500 gives average "
    "download speeds of 500 Mbps for 35 pounds a month."
)
_TOWER = (
    "The Eiffel Tower was built for the 1889 World's Fair in Paris. It was designed by the engineering company of "
    "Gustave Eiffel, although the initial design was by Maurice Koechlin and Emile Nouguier. The tower is 330 metres "
    "tall and was the tallest man-made structure in the world until the Chrysler Building was finished in 1930."
)
_RESULTS = (
    "Apple reported revenue of 89.5 billion dollars for the fourth quarter, down 1% from a year earlier. iPhone "
    "revenue rose 3% to 43.8 billion dollars, while Mac revenue fell 34% to 7.6 billion dollars. Services revenue "
    "reached a record 22.3 billion dollars."
)
_FINES = (
    "Under the GDPR, organisations can be fined up to 20 million euros or 4% of their annual global turnover, "
    "whichever is higher. Less serious infringements can lead to fines of up to 10 million euros or 2% of turnover. "
    "A data breach must be reported to the supervisory authority within 72 hours."
)
_RETURNS = (
    "You can cancel your order within 14 days of delivery for a full refund. After 14 days, you can only return "
    "items that are faulty. Refunds are processed within 5 working days. We do not refund delivery charges unless "
    "the item is faulty."
)
_MOUNTAINS = (
    "Mount Kilimanjaro in Tanzania is the highest mountain in Africa, at 5,895 metres. Mount Kenya, in Kenya, is the "
    "second highest at 5,199 metres. Kilimanjaro was first climbed in 1889 by Hans Meyer and Ludwig Purtscheller."
)
_CARS = (
    "The Model S has a range of up to 405 miles and accelerates from 0 to 60 mph in 3.1 seconds. The Model S Plaid "
    "has a range of 359 miles and reaches 60 mph in 1.99 seconds. Both have a top speed of 149 mph, except the "
    "Plaid, which reaches 200 mph."
)
_LIBRARY = (
    "The library is open Monday to Friday from 9 am to 8 pm, and on Saturdays from 10 am to 4 pm. It is closed on "
    "Sundays and bank holidays. Members can borrow up to 12 books at a time for 3 weeks."
)
_ASPIRIN = (
    "Aspirin should not be given to children under 16, because of the risk of Reye's syndrome. Low-dose aspirin, "
    "75 mg a day, is used to prevent heart attacks and strokes."
)
_HEAT = (
    "The heatwave brought temperatures of up to 40C in London on Tuesday, the highest ever recorded in the UK. The "
    "previous record, 38.7C, was set in Cambridge in 2019. The Met Office issued its first ever red warning for "
    "extreme heat."
)
_TIERS = (
    "The free tier allows 60 requests per minute and 10,000 requests per day. The Pro tier raises these limits to "
    "600 requests per minute and 1 million requests per day."
)
_METFORMIN = "Metformin is the first-line medicine for type 2 diabetes. It is not used for type 1 diabetes."
_BANK = (
    "Theresa May. From 1977 until 1983, she worked for the Bank of England, and from 1985 until 1997 at the "
    "Association for Payment Clearing Services, also serving as a councillor for Durnsford in Merton."
)
_FLOOD = (
    "The policy covers theft and fire damage. Flood damage is covered only if you add the optional flood extension, "
    "which costs 45 pounds a year. The excess is 250 pounds per claim."
)


@pytest.mark.parametrize(
    ("context", "claim", "supported"),
    [
        # a value listed after another of its unit shares its words
        (_MUSEUM, "Guided tours start at 2 pm.", True),
        (_MUSEUM, "Guided tours start at 10 am.", False),
        (_MUSEUM, "The museum is open on Mondays.", False),
        ("The small model weighs 5 kg or 7 kg.", "The small model weighs 7 kg.", True),
        # a thing's own name beside another of its family
        (_PLANS, "The Premium plan streams in Ultra HD.", True),
        (_FIBRE, "Fibre 500 costs 28 pounds a month.", False),
        (_FIBRE, "Fibre 100 costs 28 pounds a month for the first 18 months.", True),
        (_FIBRE, "Fibre 100 gives average upload speeds of 145 Mbps.", False),
        (_FIBRE, "Fibre 100 gives average download speeds of 145 Mbps.", True),
        (_RESULTS, "Mac revenue rose 3%.", False),
        (_RESULTS, "iPhone revenue rose 3%.", True),
        (_MOUNTAINS, "Mount Kenya is 5,895 metres high.", False),
        (_MOUNTAINS, "Mount Kilimanjaro is 5,895 metres high.", True),
        (_MOUNTAINS, "Mount Kenya is the second highest mountain in Africa.", True),
        (_CARS, "The Model S Plaid has a top speed of 200 mph.", True),
        (_CARS, "The Model S has a top speed of 149 mph.", True),
        (_CARS, "The Model S has a top speed of 200 mph.", False),
        # a year that no word of its event states leaves the sentence of the claim's words its rival
        (_TOWER, "The Eiffel Tower was the tallest man-made structure until 1889.", False),
        (_TOWER, "The Eiffel Tower was built for the 1889 World's Fair.", True),
        # a sentence stating every word of the claim outweighs a number sharing its few words elsewhere
        (_FINES, "Less serious infringements can lead to fines of up to 20 million euros.", False),
        (_FINES, "Less serious infringements can lead to fines of up to 10 million euros.", True),
        (_FINES, "Organisations can be fined up to 20 million euros or 4% of annual global turnover.", True),
        # a restriction through its relative clause, and "unless" as an exception
        (_RETURNS, "After 14 days, you can return any item.", False),
        (_RETURNS, "After 14 days, you can only return faulty items.", True),
        (_RETURNS, "Delivery charges are refunded if the item is faulty.", True),
        (_RETURNS, "Delivery charges are always refunded.", False),
        (_FLOOD, "The flood extension costs 45 pounds a year.", True),
        # opposites after a list's first member, and kinds of a word
        (_LIBRARY, "The library is open on bank holidays.", False),
        (_LIBRARY, "The library is open on Saturdays from 10 am to 4 pm.", True),
        (_ASPIRIN, "Low-dose aspirin is used to treat heart attacks.", False),
        (_ASPIRIN, "Low-dose aspirin is used to prevent heart attacks.", True),
        (_HEAT, "The Met Office issued its first ever amber warning for extreme heat.", False),
        # temperatures written with their scale's letter
        (_HEAT, "Temperatures reached 38.7C in London on Tuesday.", False),
        (_HEAT, "Temperatures reached 40C in London on Tuesday.", True),
        (_HEAT, "The previous record was 40C.", False),
        # a capitalised label of a noun tells its thing from another ("the Pro tier", "the free tier")
        (_TIERS, "The Pro tier allows 1 million requests per day.", True),
        (_TIERS, "The Pro tier allows 60 requests per minute.", False),
        (_TIERS, "The free tier allows 60 requests per minute.", True),
        # guards the larger training run showed: a possessive after "X of Y", "only" in a part of its
        # own, "the only" with a relative clause beside a claim's stressing "just"
        (
            "The funeral of Diana, Princess of Wales took place on 6 September 1997.",
            "Diana, Princess of Wales's funeral took place on 6 September 1997.",
            True,
        ),
        (
            "South Island. It has a larger landmass than the North Island so is sometimes called the mainland of "
            "New Zealand, especially by South Island residents, but only 23 percent of New Zealand's inhabitants "
            "live there.",
            "South Island is sometimes called the mainland of New Zealand.",
            True,
        ),
        (
            "He will end the tour with a brief acoustic run that will hit the only five states left in the country "
            "that he has never played. Tickets cost 3 dollars.",
            "He will play five states he has never played, charging just 3 dollars.",
            True,
        ),
        # names of the form "X of Y"
        (_BANK, "Theresa May worked for the Bank of Merton.", False),
        (_BANK, "Theresa May worked for the Bank of England.", True),
    ],
)
def test_lists_names_and_whole_sentences(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


@pytest.mark.parametrize(
    ("context", "claim", "label", "why"),
    [
        (_MUSEUM, "Guided tours start at 10 am.", "contradicted", "the context gives 11 am, not 10 am"),
        (_FIBRE, "Fibre 500 costs 28 pounds a month.", "contradicted", "the context gives 35 pounds, not 28 pounds"),
        (_BANK, "Theresa May worked for the Bank of Merton.", "wrong_entity", "the context names Bank of England"),
        (_MOUNTAINS, "Mount Kenya is 5,895 metres high.", "contradicted", "the context gives 5,199 metres"),
        (_HEAT, "Temperatures reached 38.7C in London on Tuesday.", "contradicted", "the context gives 40C, not 38.7C"),
        (_LIBRARY, "The library is open on bank holidays.", "contradicted", 'the context says "closed"'),
    ],
)
def test_the_reason_names_what_differs(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, label: Label, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, label, why)


@pytest.mark.parametrize(
    ("claim", "context", "rival"),
    [
        ("Theresa May worked for Bank of Merton.", _BANK, "Bank of England"),
        (
            "The specimen is in the Treasure Room of Chinese.",
            "It is kept in the Treasure Room of Naturalis.",
            "Naturalis",
        ),
        (
            "Q: Which was founded first, the University of Lincoln?",
            "The University of Nebraska was founded in 1869.",
            "Nebraska",
        ),
    ],
)
def test_a_name_of_x_of_y_is_told_by_its_y(claim: str, context: str, rival: str) -> None:
    found = named_of_another(claim, context, "en")
    assert found is not None
    assert rival in found


@pytest.mark.parametrize(
    ("claim", "context"),
    [
        # named the other way round, in a list after the same "of", or as written
        ("The Department of Defense said so.", "The Defense Department and the Department of State."),
        ("Elon Musk is the CEO of SpaceX.", "Elon Musk, the CEO of Tesla and SpaceX, spoke."),
        (
            "Henry VI led the House of Lancaster.",
            "A feud between the houses of York and Lancaster. The House of York won.",
        ),
        ("The Bank of England Museum is free.", "The Bank of England runs a museum."),
        # a stop word before "of" heads no name
        ("Most of Europe is cold.", "Most of Asia is cold."),
    ],
)
def test_a_name_of_x_of_y_stated_otherwise_is_no_rival(claim: str, context: str) -> None:
    assert named_of_another(claim, context, "en") is None


@pytest.mark.parametrize(
    ("text", "shown", "unit"),
    [
        ("Temperatures reached 40C in London.", "40C", "degre celsius"),
        ("It reached 104F.", "104F", "degre fahrenheit"),
        ("It reached 40 degrees Celsius.", "40 degrees Celsius", "degre celsius"),
    ],
)
def test_a_temperature_with_its_scale_glued(text: str, shown: str, unit: str) -> None:
    [number] = claim_slots(text, "en")[0]
    assert (number.text, number.unit) == (shown, unit)


def test_a_letter_after_a_capitalised_name_numbers_it() -> None:
    assert claim_slots("The iPhone 5C is cheap.", "en")[0] == ()


def test_the_model_reads_what_it_stands_for(model: Faithfulness) -> None:
    # "It costs 28 pounds a month" speaks of the Fibre 100 package the sentence before names
    why = 'the context says it of Fibre 100 ("It"), not Fibre 500'
    assert_verdict(model, _FIBRE, "Fibre 500 costs 28 pounds a month.", "wrong_entity", why)


def test_the_model_reads_no_support_in_a_unit_saying_little_of_the_claim(model: Faithfulness) -> None:
    # the model reads "It is closed on Mondays. Admission is free ..." as support of "The museum is
    # open on Mondays"; the units that say most of the claim are contradicted by a cue
    assert_verdict(model, _MUSEUM, "The museum is open on Mondays.", "contradicted", 'the context says "closed"')
    assert_supported(model, _MUSEUM, "Guided tours start at 2 pm.")


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (_FIBRE, "There is a setup fee."),
        (_RETURNS, "Delivery charges are always refunded."),
        # a sentence opening with a pronoun says the claim's subject the sentence before names
        (_METFORMIN, "Metformin is used for type 1 diabetes."),
    ],
)
def test_the_model_is_overruled_by_a_negation_of_a_sentence_saying_all_of_the_claim(
    model: Faithfulness, context: str, claim: str
) -> None:
    # the model read "There is no setup fee." as support of "There is a setup fee."
    assert_supported(model, context, claim, supported=False)
