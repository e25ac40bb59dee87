"""What a negated sentence leaves to its exception ("Pets are not allowed, except guide dogs"); a
value a quantity rises to in a phrase of its own ("250 pounds per claim, rising to 500 pounds for
subsidence claims"); "everyone" where the context names a narrowed group ("people over 65"); a year's
digits as a measure ("1889 metres"); a sentence naming part of the claim's name ("Galaxy S24" for
"Galaxy S24 Ultra"); two names the other way round, one by its last word ("succeeded Bezos"); "lost",
"cut" and "raised" as directions; "experimental" against "stable"; a word opening the claim against
its opposite ("Worn items" for "unworn items"); none of another word as no count ("zero confidence"
for "one mum"); "most" or "many" where the context says "some"; a name with a version number in a
list ("Wi-Fi 6 and Bluetooth 5.3")."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.slots import _framed_alike, _numbers

from .verdicts import assert_supported, assert_verdict

_PETS = "Pets are not allowed, except guide dogs."
_SMOKING = "Smoking is not permitted anywhere on campus, except in designated smoking areas."


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (_PETS, "Guide dogs are allowed."),
        (_SMOKING, "Smoking is permitted in designated smoking areas."),
        ("Dogs are not allowed in the park, except guide dogs.", "Guide dogs are allowed in the park."),
    ],
)
def test_what_a_negated_sentence_takes_out_is_allowed(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


@pytest.mark.parametrize(
    ("context", "claim", "label", "why"),
    [
        (_PETS, "Guide dogs are not allowed.", "contradicted", "the context denies this of all but"),
        (_SMOKING, "Smoking is not permitted in designated smoking areas.", "contradicted", ""),
        (_PETS, "Pets are allowed.", "contradicted", ""),
        (
            "All items can be returned within 30 days, except gift cards.",
            "Gift cards can be returned within 30 days.",
            "contradicted",
            "the context takes out what the claim speaks of",
        ),
        (
            "The museum is open daily from 9 am to 6 pm, except on Mondays when it is closed.",
            "The museum is open on Mondays.",
            "contradicted",
            "",
        ),
    ],
)
def test_an_exception_said_the_same_way_round_contradicts(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, label: str, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, label, why)  # type: ignore[arg-type]


_EXCESS = "The excess is 250 pounds per claim, rising to 500 pounds for subsidence claims."


def test_a_value_risen_to_is_the_same_quantitys(verifiers: dict[Lang, Faithfulness]) -> None:
    claim = "The excess for subsidence claims is 250 pounds."
    assert_verdict(verifiers["en"], _EXCESS, claim, "contradicted", "the context gives 500 pounds, not 250 pounds")
    assert_supported(verifiers["en"], _EXCESS, "The excess for subsidence claims is 500 pounds.")
    assert_supported(verifiers["en"], _EXCESS, "The excess is 250 pounds per claim.")
    # the part ", rising to 500 pounds for subsidence claims" is its own: its 500 is no excess per claim
    assert_supported(verifiers["en"], _EXCESS, "The excess is 500 pounds per claim.", supported=False)
    rent = "Rent is 900 euros a month, falling to 800 euros for students."
    assert_verdict(verifiers["en"], rent, "Students pay a rent of 900 euros.", "contradicted")


_BOOSTER = "Protection wanes after about 6 months, so a booster is recommended for people over 65."


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        (
            _BOOSTER,
            "A booster is recommended for everyone.",
            "the claim says this of everyone, the context of people over 65",
        ),
        (
            "Free flu vaccines are available to adults aged 65 and over.",
            "Free flu vaccines are available to everyone.",
            "the claim says this of everyone, the context of adults aged 65 and over",
        ),
        ("The course is open to students who have completed Calculus I.", "The course is open to anyone.", ""),
    ],
)
def test_everyone_is_more_than_a_narrowed_group(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str
) -> None:
    [verdict] = verifiers["en"].check_claims([claim], [context])
    assert not verdict.supported, verdict.reason
    assert verdict.reason.startswith(why), verdict.reason


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (_BOOSTER, "A booster is recommended for people over 65."),
        (_BOOSTER, "A booster is recommended for everyone over 65."),
        ("The course is open to everyone.", "The course is open to anyone."),
    ],
)
def test_everyone_said_of_everyone_still_supports(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


_EIFFEL = "The Eiffel Tower is 330 metres tall and was completed in 1889 for the World's Fair."


def test_a_years_digits_measuring_are_no_year(verifiers: dict[Lang, Faithfulness]) -> None:
    why = "the context gives 330 metres, not 1889 metres"
    assert_verdict(verifiers["en"], _EIFFEL, "The Eiffel Tower is 1889 metres tall.", "contradicted", why)
    assert_supported(verifiers["en"], _EIFFEL, "The Eiffel Tower was completed in 1889.")
    assert_supported(verifiers["en"], "The company was founded in March 2016.", "The company was founded in 2016.")


_PHONES = (
    "The Galaxy S24 has a 6.2-inch display and a 4,000 mAh battery. "
    "The Galaxy S24 Ultra has a 6.8-inch display and a 5,000 mAh battery."
)


def test_a_sentence_naming_part_of_the_name_names_another(verifiers: dict[Lang, Faithfulness]) -> None:
    why = "the context gives 6.8-inch, not 6.2-inch"
    assert_verdict(verifiers["en"], _PHONES, "The Galaxy S24 Ultra has a 6.2-inch display.", "contradicted", why)
    assert_supported(verifiers["en"], _PHONES, "The Galaxy S24 Ultra has a 6.8-inch display.")
    assert_supported(verifiers["en"], _PHONES, "The Galaxy S24 has a 6.2-inch display.")
    assert_supported(verifiers["en"], _PHONES, "The Galaxy S24 has a 4,000 mAh battery.")


def test_two_names_the_other_way_round_one_by_its_last_word(verifiers: dict[Lang, Faithfulness]) -> None:
    context = "Andy Jassy succeeded Bezos as CEO in July 2021."
    why = "the context has them the other way round"
    assert_verdict(verifiers["en"], context, "Jeff Bezos succeeded Andy Jassy as CEO.", "wrong_entity", why)
    assert_supported(verifiers["en"], context, "Andy Jassy succeeded Bezos as CEO.")


_BANK = "The central bank cut its main rate to 4%, while the government raised fuel taxes."


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        (
            "Germany lost about 13% of its European territory.",
            "Germany gained about 13% of its European territory.",
            "the claim has 13% go up ('gained') where the context has it go down ('lost')",
        ),
        (_BANK, "The central bank raised its main rate.", 'the context says "cut", the claim "raised"'),
        (_BANK, "The government cut fuel taxes.", 'the context says "raised", the claim "cut"'),
        (
            "The council lowered the speed limit to 20 mph near schools.",
            "The council raised the speed limit near schools.",
            'the context says "lowered", the claim "raised"',
        ),
        (
            "It introduced an experimental free-threaded build and a new interactive interpreter.",
            "It introduced a stable free-threaded build.",
            'the context says "experimental", the claim "stable"',
        ),
        (
            "Returns are accepted within 14 days for unworn items with tags attached.",
            "Worn items can be returned within 14 days.",
            'the context says "unworn", the claim "worn"',
        ),
        (
            "Paid leave is granted after six months. Unpaid leave can be taken at any time.",
            "Paid leave can be taken at any time.",
            'the context says "unpaid", the claim "paid"',
        ),
    ],
)
def test_a_change_or_kind_the_other_way_contradicts(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, "contradicted", why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (_BANK, "The government raised fuel taxes."),
        ("The company cut 500 jobs and raised prices.", "The company raised prices."),
        ("She raised three children and cut her working hours.", "She raised three children."),
        ("Returns are accepted within 14 days for unworn items with tags attached.", "Unworn items can be returned."),
        ("Paid leave is granted after six months. Unpaid leave can be taken any time.", "Unpaid leave can be taken."),
        ("The team lost 2 games in March.", "The team lost 2 games in March."),
    ],
)
def test_a_change_or_kind_said_the_same_way_still_supports(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


def test_none_of_another_word_counts_nothing() -> None:
    # a rival told by its words around alone: "zero confidence" is none of the mothers the claim
    # counts, where "450 targets" is another count of the "sites" struck
    [_, mum] = _numbers("Another three babies and one mum also died at North Manchester General.", "en")
    [zero] = _numbers("The care after Thomas died gives me zero confidence in them.", "en")
    [sites] = _numbers("Israel struck over 242 sites in Gaza.", "en")
    [targets] = _numbers("Israel struck 450 targets in Gaza.", "en")
    assert not _framed_alike(mum, zero, near=2)
    assert _framed_alike(sites, targets, near=2)


_FATIGUE = "Some patients reported fatigue lasting up to three months."


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        (_FATIGUE, "Most patients reported fatigue.", "the claim says 'most' where the context says 'some'"),
        (_FATIGUE, "Many patients reported fatigue.", "the claim says 'many' where the context says 'some'"),
    ],
)
def test_more_of_a_kind_than_the_context_says_overclaims(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, "overclaim", why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        ("Most patients reported fatigue.", "Some patients reported fatigue."),
        ("Most experts agree, but some experts disagree.", "Most experts agree."),
        # a version number ends a name of a list: "Wi-Fi 6" is listed with "Bluetooth 5.3"
        ("The device supports Wi-Fi 6 and Bluetooth 5.3, but not NFC.", "The device supports Bluetooth 5.3."),
        ("The device supports Wi-Fi 6 and Bluetooth 5.3, but not NFC.", "The device supports Wi-Fi 6."),
    ],
)
def test_as_many_or_fewer_and_names_listed_with_numbers_still_support(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


_DEALS = (
    "Microsoft acquired Activision Blizzard in October 2023. "
    "Earlier, it had bought LinkedIn for $26.2 billion in 2016 and GitHub for $7.5 billion in 2018."
)
_VERSIONS = (
    "Version 2.0 of the API was released on 1 March 2024 and removed the legacy endpoints. "
    "Version 1.9, released in November 2023, added rate limiting."
)
_STUDY = (
    "Dr. Lena Fischer, a virologist at Charite in Berlin, led the study. "
    "Her co-author, Dr. Omar Haddad of the University of Oxford, analysed the data."
)


@pytest.mark.parametrize(
    ("context", "claim", "label", "why"),
    [
        # the part a name singles out is framed by the words every part shares ("bought")
        (_DEALS, "Microsoft bought GitHub in 2016.", "contradicted", "the context gives 2018, not 2016"),
        # two numbers of one word are two of a kind; what a version did counts nothing
        (_VERSIONS, "Version 1.9 removed the legacy endpoints.", "contradicted", "the context gives 2.0, not 1.9"),
        # a name's apposition passed over to what it did
        (_STUDY, "Dr. Omar Haddad led the study.", "wrong_entity", ""),
    ],
)
def test_parts_versions_and_appositions_align_a_claim(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, label: str, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, label, why)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (_DEALS, "Microsoft bought GitHub in 2018."),
        (_DEALS, "Microsoft bought LinkedIn in 2016."),
        (_VERSIONS, "Version 2.0 removed the legacy endpoints."),
        (_VERSIONS, "Version 1.9 added rate limiting."),
        (_STUDY, "Dr. Lena Fischer led the study."),
        (_STUDY, "Dr. Omar Haddad analysed the data."),
    ],
)
def test_parts_versions_and_appositions_still_support(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


_DREAMLINER = (
    "The 787-8 seats 242 passengers in a typical two-class layout and has a range of 13,530 km. "
    "The longer 787-9 seats 290 passengers and can fly 14,010 km, while the 787-10 seats 330 passengers over "
    "11,730 km."
)


def test_a_hyphenated_code_ties_a_sentence_and_a_part_with_an_auxiliary_keeps_its_verb(
    verifiers: dict[Lang, Faithfulness],
) -> None:
    # "and can fly 14,010 km" has its own verb: "seats" stays the 290's (it was taken from it, and
    # the true claim was contradicted by the 787-8's 242)
    assert_supported(verifiers["en"], _DREAMLINER, "The 787-9 seats 290 passengers.")
    assert_supported(verifiers["en"], _DREAMLINER, "The 787-8 seats 242 passengers.")
    why = "the context gives 242 passengers, not 290 passengers"
    assert_verdict(verifiers["en"], _DREAMLINER, "The 787-8 seats 290 passengers.", "contradicted", why)
    assert_verdict(verifiers["en"], _DREAMLINER, "The 787-10 has a range of 14,010 km.", "contradicted")


def test_an_apposition_in_both_still_flanks_a_name(verifiers: dict[Lang, Faithfulness]) -> None:
    # the apposition passed over in the sentence only missed this name swap of the smaller training run
    context = "Ahmed Mokhallalati, an Al-Shifa physician, wrote on social media that 120 patients remained."
    claim = "Medhat Abbas, an Al-Shifa physician, wrote on social media that 120 patients remained."
    assert_verdict(verifiers["en"], context, claim, "wrong_entity", "the context names Ahmed Mokhallalati here")


_DELIVERY = (
    "Standard delivery takes 3 to 5 working days and is free on orders over 40 pounds. "
    "Next-day delivery costs 6.99 pounds and is not available in the Scottish Highlands."
)


def test_a_sentence_opening_with_another_kind_speaks_of_it(verifiers: dict[Lang, Faithfulness]) -> None:
    # "Next-day delivery" is no "Standard delivery": its price is none of the claim's
    assert_supported(verifiers["en"], _DELIVERY, "Standard delivery costs 6.99 pounds.", supported=False)
    assert_supported(verifiers["en"], _DELIVERY, "Next-day delivery is free on orders over 40 pounds.", supported=False)
    assert_supported(verifiers["en"], _DELIVERY, "Next-day delivery costs 6.99 pounds.")
    assert_supported(verifiers["en"], _DELIVERY, "Standard delivery is free on orders over 40 pounds.")


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        (
            "The meeting will take place in Room 4B instead of the main hall.",
            "The meeting will take place in the main hall.",
            "the context takes out what the claim speaks of (instead of 'main hall')",
        ),
        (
            "The company chose to lease the building rather than buy it.",
            "The company chose to buy the building.",
            "the context takes out what the claim speaks of (rather than 'buy')",
        ),
        (
            # a unit of area is its length's, refined: square miles are no square kilometres
            "Canada is larger by area, covering 9.98 million square kilometres.",
            "Canada covers 9.98 million square miles.",
            "the context does not state 9.98 million square miles",
        ),
        (
            # a time of day the context never gives, where it gives another
            "The meeting was moved from Tuesday to Thursday at 2 pm.",
            "The meeting will take place at 4 pm.",
            "the context does not state 4 pm",
        ),
        (
            # ", compared with" parts two values: the lead's is the second
            "Gold is denser than lead: it has a density of 19.3 g/cm3, compared with 11.3 g/cm3 for lead.",
            "Lead has a density of 19.3 g/cm3.",
            "the context gives 11.3 g/cm3, not 19.3 g/cm3",
        ),
    ],
)
def test_what_is_said_instead_in_other_units_or_compared_is_not_the_claims(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str
) -> None:
    [verdict] = verifiers["en"].check_claims([claim], [context])
    assert not verdict.supported, verdict.reason
    assert verdict.reason.startswith(why), verdict.reason


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        ("The meeting will take place in Room 4B instead of the main hall.", "The meeting will take place in Room 4B."),
        ("The company chose to lease the building rather than buy it.", "The company chose to lease the building."),
        (
            "Canada is larger by area, covering 9.98 million square kilometres.",
            "Canada covers 9.98 million square kilometres.",
        ),
        ("The meeting was moved from Tuesday to Thursday at 2 pm.", "The meeting is on Thursday at 2 pm."),
        (
            "Gold is denser than lead: it has a density of 19.3 g/cm3, compared with 11.3 g/cm3 for lead.",
            "Gold has a density of 19.3 g/cm3.",
        ),
    ],
)
def test_what_is_said_instead_in_other_units_or_compared_still_supports_the_claims_own(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


@pytest.mark.parametrize(
    ("lang", "context", "claim", "supported"),
    [
        (
            "de",
            "Das Treffen findet in Raum 4B anstatt im Hauptsaal statt.",
            "Das Treffen findet im Hauptsaal statt.",
            False,
        ),
        (
            "de",
            "Das Treffen findet in Raum 4B anstatt im Hauptsaal statt.",
            "Das Treffen findet in Raum 4B statt.",
            True,
        ),
        (
            "fr",
            "La réunion aura lieu dans la salle 4B au lieu de la grande salle.",
            "La réunion aura lieu dans la grande salle.",
            False,
        ),
        (
            "fr",
            "La réunion aura lieu dans la salle 4B au lieu de la grande salle.",
            "La réunion aura lieu dans la salle 4B.",
            True,
        ),
    ],
)
def test_what_is_said_instead_in_german_and_french(
    verifiers: dict[Lang, Faithfulness], lang: Lang, context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers[lang], context, claim, supported=supported)


def test_refused_and_denied_say_it_was_not_done(verifiers: dict[Lang, Faithfulness]) -> None:
    senate = "The senator refused to endorse the bill, saying it failed to address housing costs."
    why = "the context says it refused to endorse where the claim says it did"
    assert_verdict(verifiers["en"], senate, "The senator endorsed the bill.", "contradicted", why)
    assert_verdict(verifiers["en"], senate, "The senator said the bill addressed housing costs.", "contradicted")
    assert_supported(verifiers["en"], senate, "The senator refused to endorse the bill.")
    assert_supported(verifiers["en"], senate, "The senator did not endorse the bill.")
    denied = "Its CEO denied that the firm had misled investors."
    assert_verdict(verifiers["en"], denied, "The CEO admitted that the firm had misled investors.", "contradicted")
    # "several" and "many" say alike (a FEVER original of the larger training run)
    several = "Historically, the English population is descended from several peoples."
    assert_supported(verifiers["en"], several, "English people are descended from many peoples.")


_LEAVE = "New employees receive 25 days of annual leave, rising to 30 days after five years of service."


def test_a_value_risen_to_holds_where_its_own_words_say(verifiers: dict[Lang, Faithfulness]) -> None:
    # ", rising to" parts the sentence: the 30 days are those "after five years of service" (the true
    # claim was contradicted by the 25 days before)
    assert_supported(verifiers["en"], _LEAVE, "Employees receive 30 days of annual leave after five years of service.")
    assert_supported(verifiers["en"], _LEAVE, "New employees receive 25 days of annual leave.")
    why = "the context gives 25 days, not 30 days"
    assert_verdict(verifiers["en"], _LEAVE, "New employees receive 30 days of annual leave.", "contradicted", why)


def test_only_one_where_either_may_says_less(verifiers: dict[Lang, Faithfulness]) -> None:
    context = "Either party may terminate this agreement with 30 days' written notice."
    why = "the claim says this of one alone ('only'), the context of 'either'"
    assert_verdict(verifiers["en"], context, "Only the supplier may terminate the agreement.", "contradicted", why)
    assert_supported(verifiers["en"], context, "Either party may terminate the agreement with 30 days' notice.")


def test_an_irregular_verb_in_the_past_opens_a_part_of_its_own(verifiers: dict[Lang, Faithfulness]) -> None:
    # "and fell on 9 November 1989" opens with a verb in the past: "was built" is the first part's
    # own, and 1989 no year of the building
    context = "The Berlin Wall was built in 1961 and fell on 9 November 1989."
    why = "the context gives 1961, not 1989"
    assert_verdict(verifiers["en"], context, "The Berlin Wall was built in 1989.", "contradicted", why)
    assert_supported(verifiers["en"], context, "The Berlin Wall fell in 1989.")
    assert_supported(verifiers["en"], context, "The Berlin Wall was built in 1961.")


_NODE = "Version 5 of the library drops support for Node 16 and requires Node 18 or later."


def test_a_numbered_name_bounded_as_the_claims_and_numbers_of_another_name(verifiers: dict[Lang, Faithfulness]) -> None:
    # "Version 5" names what the whole sentence speaks of: it singles out no part of it for "Node 16"
    why = "the context gives Node 18, not Node 16"
    assert_verdict(verifiers["en"], _NODE, "Version 5 requires Node 16 or later.", "contradicted", why)
    assert_supported(verifiers["en"], _NODE, "Version 5 requires Node 18 or later.")
    assert_supported(verifiers["en"], _NODE, "Version 5 drops support for Node 16.")
    python = "Version 3.2 adds support for Python 3.12 and drops support for Python 3.8."
    why = "the context gives Python 3.8, not Python 3.12"
    assert_verdict(verifiers["en"], python, "Version 3.2 drops support for Python 3.12.", "contradicted", why)
    assert_supported(verifiers["en"], python, "Version 3.2 adds support for Python 3.12.")


def test_a_unit_of_time_after_a_is_one(verifiers: dict[Lang, Faithfulness]) -> None:
    context = "Pfizer's vaccine was authorised first. Moderna's vaccine was authorised a week later."
    why = "the context does not state a month"
    assert_verdict(verifiers["en"], context, "Moderna's vaccine was authorised a month later.", "unsupported", why)
    assert_supported(verifiers["en"], context, "Moderna's vaccine was authorised a week later.")
    assert_supported(verifiers["en"], context, "Moderna's vaccine was authorised one week later.")


_SHARES = "Alphabet's shares closed up 3% on Tuesday, while Microsoft's shares were little changed."


def test_a_number_in_a_clause_about_another_is_not_the_claims(verifiers: dict[Lang, Faithfulness]) -> None:
    why = "only a clause about something else states 3%"
    assert_verdict(verifiers["en"], _SHARES, "Microsoft's shares rose 3% on Tuesday.", "unsupported", why)
    assert_supported(verifiers["en"], _SHARES, "Alphabet's shares closed up 3% on Tuesday.")
    hired = "Alphabet hired 300 engineers in March, while Microsoft cut jobs."
    assert_supported(verifiers["en"], hired, "Microsoft hired 300 engineers in March.", supported=False)
    # the clause about the claim's name states it too
    both = "Revenue at Alphabet rose 12%, while Microsoft said its revenue rose 12% too."
    assert_supported(verifiers["en"], both, "Microsoft's revenue rose 12%.")


def test_a_sentence_opening_with_a_common_word_and_of_opens_no_title(verifiers: dict[Lang, Faithfulness]) -> None:
    # "Citizens of India": a place checked where the rest of the claim is stated ("Fist of Legend" is a title)
    context = "Citizens of France can stay in the UK for up to 6 months without a visa. Citizens of India need a visa."
    claim = "Citizens of India can stay in the UK for up to 6 months without a visa."
    assert_verdict(verifiers["en"], context, claim, "wrong_entity", "the context names France here, not India")
    assert_supported(
        verifiers["en"], context, "Citizens of France can stay in the UK for up to 6 months without a visa."
    )


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        # originals of the larger training run that the first versions rejected
        (
            "Observation with satellites show that Arctic sea ice area, extent, and volume have been in decline for "
            "a few decades.",
            "Both the extent and thickness of Arctic sea ice has declined rapidly over the last several decades.",
        ),
        (
            "The move has helped reduce unauthorised absence levels in some schools on the days of auditions.",
            "Move has helped reduce unauthorised absence levels in several schools.",
        ),
        (
            "The first orbital flight test back in April ended prematurely when the two rocket stages failed to "
            "separate.",
            "In April, the first orbital flight test was marred by the failure of rocket stages to achieve separation.",
        ),
    ],
)
def test_several_and_a_failure_said_alike_still_support(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        # originals of the smaller training run that a clause naming another but not opening with it
        # took from the claim
        (
            "As a member of the Eagles, Walsh was inducted into the Rock and Roll Hall of Fame in 1998, and into "
            "the Vocal Group Hall of Fame in 2001.",
            "Joe Walsh was inducted in 2001.",
        ),
        (
            "The Oxford vaccine prevented some infections, but the effect was mainly seen in one group: the study, "
            "published in the Lancet, found that efficacy against asymptomatic transmission was 59% in the group "
            "that received a half dose, but just 4% in the group that received two standard doses.",
            "Oxford vaccine could be 59% effective against asymptomatic infections.",
        ),
    ],
)
def test_a_clause_not_opening_with_another_name_still_gives_the_claims_number(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        # originals of the larger training run that the first versions rejected: a clause listing a
        # name without a verb of its own, a claim opening with no name ("77 ... in London": its
        # place is no subject), "Fist of" a title's where the context writes it so inside a sentence
        (
            "The Romani originated in Northern India and arrived in Mid-West Asia, and Europe soon thereafter, "
            "around 1,000 years ago.",
            "The Romani people got to Mid-West Asia approximately 1,000 years ago.",
        ),
        (
            "Ambulance crews in London had answered 2,333 calls by 4am while the Metropolitan Police said they had "
            "made 77 arrests.",
            "77 arrests were made in London.",
        ),
        (
            "Fist of Legend is a 1994 film. It is a remake of the 1972 Fist of Fury, which starred Bruce Lee.",
            "Fist of Legend is a remake of a film starring Bruce Lee.",
        ),
    ],
)
def test_clauses_and_titles_of_the_training_runs_still_support(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


def test_half_an_hour_and_a_week_ago_are_no_unit_of_time() -> None:
    # "an hour" of "half an hour later" (rejecting "30 minutes later", a HaluEval original) and "a
    # week ago" (a time, which a "30-second assault" rivalled) count nothing
    assert [n.text for n in _numbers("Firemen eventually arrived - half an hour later.", "en")] == []
    assert [n.text for n in _numbers("He was sacked from the show over a week ago.", "en")] == []
    assert [n.value for n in _numbers("Moderna's vaccine was authorised a week later.", "en")] == [1.0]
