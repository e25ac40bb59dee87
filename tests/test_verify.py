"""The offline baseline verifier on hand-made claims: the label and the reason must be right."""

from __future__ import annotations

import dataclasses
import json
import unicodedata
from pathlib import Path

import pytest

from faithcheck import Faithfulness, Message, TestCase
from faithcheck._core.types import Claim, Label
from faithcheck._metrics.config import Lang
from faithcheck._models.embedding import default_encoder
from faithcheck._pipeline.verify import BaselineVerifier, ClaimCheck, build_context_index
from faithcheck._pipeline.verify.assembly import evidence_for
from faithcheck._pipeline.verify.baseline import BaselineWeights
from faithcheck._text.analysis import TextFeatures, analyze


def _verdict(claim: str, passages: list[str], lang: Lang = "en") -> tuple[Label, str]:
    encoder = default_encoder()
    index = build_context_index(passages, lang)
    check = ClaimCheck(
        claim=Claim(id="c1", text=claim, start=0, end=len(claim)),
        question="",
        windows=index.select_all([claim], encoder, top_k=3)[0],
        passages=index.passages,
    )
    verdict = BaselineVerifier().verify([check], lang)[0]
    return verdict.label, verdict.reason


CASES: list[tuple[Lang, str, list[str], Label, str]] = [
    (
        "en",
        "You can return items within 30 days.",
        ["Customers may return items within 30 days of purchase."],
        "supported",
        "30 days",
    ),
    (
        "en",
        "We offer free return shipping.",
        ["Return shipping is free for defective items only."],
        "overclaim",
        "only",
    ),
    ("en", "The warranty lasts 5 years.", ["The warranty lasts 2 years."], "contradicted", "2 years, not 5 years"),
    ("en", "The museum is open on Mondays.", ["The museum is not open on Mondays."], "contradicted", "negated"),
    ("en", "Acme is headquartered in Boston.", ["Acme is headquartered in Pittsburgh."], "wrong_entity", "boston"),
    # the digits of a name are no quantity the context must state: "COVID-19" is "the coronavirus"
    (
        "en",
        "COVID-19 may attack the immune system like HIV, doctors fear.",
        ["Doctors fear the coronavirus may attack the immune system like HIV does."],
        "supported",
        "coronavirus",
    ),
    # but they tell one thing of a name from another: "F-35" is not "F-16"
    # (the code's digits: the sentence stating the rest names another of its letters, codes.py)
    ("en", "The F-35 costs 80 million dollars.", ["The F-16 costs 80 million dollars."], "wrong_entity", "F-16 here"),
    # a decade or a century is stated by a year in it, not by one outside it
    ("en", "Prague joined the list in the 1990s.", ["Since 1992, Prague has been on the list."], "supported", "1992"),
    (
        "en",
        "Prague joined the list in the 1980s.",
        ["Since 1992, Prague has been on the list."],
        "contradicted",
        "1992, not 1980s",
    ),
    (
        "en",
        "Schopenhauer died in the 1800's.",
        ["Arthur Schopenhauer (22 February 1788 - 21 September 1860) was a German philosopher."],
        "supported",
        "1860",
    ),
    # a possessive is no part of the name: "the DOD's policy" names the DOD, "the NSA's" does not
    (
        "en",
        "Senator Tuberville challenged the DOD's abortion policy.",
        ["Senator Tuberville has challenged the abortion policy of the DOD for months."],
        "supported",
        "Tuberville",
    ),
    (
        "en",
        "Senator Tuberville challenged the NSA's abortion policy.",
        ["Senator Tuberville has challenged the abortion policy of the DOD for months."],
        "wrong_entity",
        "nsa's",
    ),
    # a negation in an aside about something else does not negate the claim ...
    (
        "en",
        "Argentina is divided into 23 provinces.",
        ["Argentina is divided into 23 provinces and one city, Buenos Aires, which is not part of any."],
        "supported",
        "Argentina",
    ),
    # ... one about the claim does
    (
        "en",
        "Argentina is divided into 23 provinces.",
        ["Argentina, unlike Chile, is not divided into 23 provinces."],
        "contradicted",
        "only the context is negated",
    ),
    # and a negated claim may say what a negated aside says
    (
        "en",
        "The Bermuda Triangle has no other name.",
        ["The Bermuda Triangle, not known by any other name, is a region of the North Atlantic Ocean."],
        "supported",
        "Bermuda",
    ),
    # a title opening with a negation negates nothing ("Not Afraid", "No Country for Old Men") ...
    (
        "en",
        "Recovery features Rihanna on the track Love the Way You Lie.",
        ['Recovery spawned the singles "Not Afraid" and "Love the Way You Lie", which features Rihanna.'],
        "supported",
        "Recovery",
    ),
    (
        "en",
        "Josh Brolin starred in a 2007 film.",
        ["Josh Brolin starred in No Country for Old Men (2007)."],
        "supported",
        "Brolin",
    ),
    # ... whether the context names it inside a sentence and the claim opens with it
    (
        "en",
        "No Country for Old Men was on the top ten lists of critics in 2007.",
        ["More critics included No Country for Old Men on their 2007 top ten lists than any other film."],
        "supported",
        "Country",
    ),
    (
        "en",
        "No Way Out is an album by Puff Daddy.",
        ["No Way Out is the debut studio album by the rapper Puff Daddy."],
        "supported",
        "Puff",
    ),
    (
        "en",
        "Can't Touch This was a single by MC Hammer.",
        ['MC Hammer released the single "Can\'t Touch This" in 1990.'],
        "supported",
        "Hammer",
    ),
    # ... and "No" abbreviating "number" before a digit negates nothing ("the 2014 No 3 pick", "No. 10");
    # a sentence's first "No" before one still may ("No 5 buses run on Sundays")
    (
        "en",
        "Blake Bortles was the third pick of the 2014 draft.",
        ["The Jaguars took Blake Bortles as the 2014 No 3 pick of the draft."],
        "supported",
        "Bortles",
    ),
    (
        "en",
        "Boris Johnson's team at Downing Street faced scrutiny.",
        ["Boris Johnson's team at No. 10 Downing Street faced scrutiny."],
        "supported",
        "Johnson",
    ),
    ("en", "The number 5 bus runs on Sundays.", ["No 5 buses run on Sundays."], "contradicted", "negated"),
    # ... a headline's negation does, and so does a claim's first word no title of the context opens
    (
        "en",
        "No Americans were hurt in the attack.",
        ["Two Americans were hurt in the attack."],
        "contradicted",
        "negated",
    ),
    (
        "en",
        "The police officer was guilty of assault.",
        ["Police Officer Not Guilty Of Assault, the court rules."],
        "contradicted",
        "only the context is negated",
    ),
    # a title is no part of a name; a word of origin names its place; an abbreviation its name
    ("en", "The target was set by Mr Cameron.", ["The target was set by David Cameron."], "supported", "Cameron"),
    ("en", "Libya is an African country.", ["Libya is a country in North Africa."], "supported", "Libya"),
    ("en", "Libya is an Asian country.", ["Libya is a country in North Africa."], "wrong_entity", "'asian'"),
    ("en", "Davis was born in the United States.", ["Davis was born in the U.S. in 1808."], "supported", "Davis"),
    (
        "en",
        "The FBI declared him a suspect.",
        ["The Federal Bureau of Investigation declared him a suspect."],
        "supported",
        "Federal",
    ),
    ("en", "The CIA declared him a suspect.", ["The FBI declared him a suspect."], "wrong_entity", "'cia'"),
    # a word of a name spelt otherwise beside another word of it is the same name; a short one or
    # one alone may be another
    (
        "en",
        "Muammar Gaddafi ruled Libya from 1969.",
        ["Muammar Qaddafi ruled Libya from 1969."],
        "supported",
        "Qaddafi",
    ),
    (
        "en",
        "Fyodor Dostoyevsky wrote Crime and Punishment.",
        ["Fyodor Mikhailovich Dostoevsky wrote Crime and Punishment."],
        "supported",
        "Dostoevsky",
    ),
    ("en", "Dostoyevsky wrote Crime and Punishment.", ["Dostoevsky wrote Crime and Punishment."], "supported", "Dost"),
    ("en", "The deal was signed in Columbia.", ["The deal was signed in Colombia."], "wrong_entity", "Colombia"),
    ("en", "John Smyth scored twice.", ["John Smith scored twice."], "wrong_entity", "John Smith here, not John Smyth"),
    ("en", "Austria won the final.", ["Australia won the final."], "wrong_entity", "names Australia here, not Austria"),
    ("en", "The battery lasts 12 hours.", ["The device weighs 300 grams and has a touch screen."], "unsupported", "12"),
    (
        "en",
        "The console has sold 132 million units.",
        ["The console has a touch screen and sold well in Japan."],
        "unsupported",
        "does not state 132 million;",  # as a reader writes it, not 1.32e+08
    ),
    # money with its magnitude glued on is the same amount as written out: "£7m" is not 7
    ("en", "He joined the club for £7m.", ["He joined the club in a deal worth £7 million."], "supported", "£7"),
    ("en", "He joined the club for £8m.", ["He joined the club in a deal worth £7 million."], "contradicted", "£8m"),
    (
        "en",
        "All customers get free delivery.",
        ["Some customers may get free delivery on large orders."],
        "overclaim",
        "says 'all' where the context hedges ('may', 'some')",
    ),
    (
        "en",
        "Inhaled nitric oxide will slow the progression of the disease.",
        ["Inhaled nitric oxide could potentially slow the progression of the disease, the authors say."],
        "overclaim",
        "says 'will' where the context hedges ('could', 'potentially')",
    ),
    (
        "en",
        "The wreck was entirely covered in sediment.",
        ["Sonar images showed the wreck was partly covered in sediment."],
        "overclaim",
        "says 'entirely' where the context hedges ('partly')",
    ),
    # words that say "not all" or "not always" hedge too (before, supported)
    (
        "en",
        "The fire was entirely caused by faulty wiring.",
        ["Investigators said the fire was largely caused by faulty wiring."],
        "overclaim",
        "says 'entirely' where the context hedges ('largely')",
    ),
    (
        "en",
        "Mani Ratnam is credited by all critics with changing Indian cinema.",
        ["Mani Ratnam is widely credited with changing Indian cinema."],
        "overclaim",
        "says 'all' where the context hedges ('widely')",
    ),
    ("en", "The fire was caused by faulty wiring.", ["The fire was largely caused by faulty wiring."], "supported", ""),
    (
        "de",
        "Sie können Artikel innerhalb von 30 Tagen zurückgeben.",
        ["Kunden können Artikel innerhalb von 30 Tagen nach dem Kauf zurückgeben."],
        "supported",
        "30 Tagen",
    ),
    (
        "de",
        "Die Rücksendung ist kostenlos.",
        ["Die Rücksendung ist nur für defekte Artikel kostenlos."],
        "overclaim",
        "nur",
    ),
    ("de", "Die Garantie beträgt 5 Jahre.", ["Die Garantie beträgt 2 Jahre."], "contradicted", "2 Jahre, not 5 Jahre"),
    ("de", "Das Museum ist montags geöffnet.", ["Das Museum ist montags nicht geöffnet."], "contradicted", "negated"),
    (
        "fr",
        "La livraison prend 3 jours ouvrés.",
        ["La livraison standard prend 3 jours ouvrés."],
        "supported",
        "3 jours",
    ),
    (
        "fr",
        "Le retour est gratuit.",
        ["Le retour est gratuit uniquement pour les articles défectueux."],
        "overclaim",
        "uniquement",
    ),
    (
        "fr",
        "Le retour est gratuit.",
        ["Le retour n'est gratuit que pour les articles défectueux."],
        "overclaim",
        "ne que",
    ),
    ("fr", "Le musée est ouvert le lundi.", ["Le musée n'est pas ouvert le lundi."], "contradicted", "negated"),
    ("fr", "La garantie est de 5 ans.", ["La garantie est de 2 ans."], "contradicted", "2 ans, not 5 ans"),
]


@pytest.mark.parametrize(("lang", "claim", "passages", "label", "why"), CASES)
def test_baseline_label_and_reason(lang: Lang, claim: str, passages: list[str], label: Label, why: str) -> None:
    got, reason = _verdict(claim, passages, lang)
    assert got == label, reason
    assert why.lower() in reason.lower()


def test_union_over_windows_supports_when_any_window_does() -> None:
    passages = [
        "The warranty lasts 2 years for accessories.",
        "Unrelated text about shipping.",
        "The warranty lasts 5 years.",
    ]
    label, reason = _verdict("The warranty lasts 5 years.", passages)
    assert label == "supported"
    assert "passage 2" in reason


def test_numbers_pick_the_sentence_among_ones_with_the_same_words() -> None:
    """A product sheet repeats one template with other numbers; the claim's own sentence must be
    among the windows, though five earlier sentences share all its words (not its numbers)."""
    sheet = [f"The Lyra X{100 + k} was released in {1990 + k} and weighs {10 + k} kilograms." for k in range(8)]
    claim = sheet[6]
    windows = build_context_index([" ".join(sheet)], "en").select_all([claim], default_encoder(), top_k=3)[0]
    assert windows[0].sentence == claim
    label, reason = _verdict(claim, [" ".join(sheet)])
    assert label == "supported", reason


def test_the_baseline_refuses_windows_without_a_similarity() -> None:
    index = build_context_index(["The warranty lasts 5 years."], "en")
    windows = index.select_all(["The warranty lasts 5 years."], None, top_k=1)[0]
    check = ClaimCheck(Claim(id="c1", text="The warranty lasts 5 years.", start=0, end=27), "", windows, index.passages)
    with pytest.raises(ValueError, match="similarity is None"):
        BaselineVerifier().verify([check], "en")
    # nor is a missing similarity replaced by a default for the claim's assembled chunks
    verifier = BaselineVerifier(dataclasses.replace(BaselineWeights.load(), evidence_budget=64))
    (chunks,) = evidence_for(verifier.needs, index, [check.claim.text])
    with pytest.raises(ValueError, match="similarity is None"):
        verifier.units(dataclasses.replace(check, chunks=chunks), "en")


def test_evidence_span_points_into_the_passage() -> None:
    case = TestCase(
        input_id="span",
        prompt="How long is the warranty?",
        sut_response="The warranty lasts 2 years.",
        retrieved_context=["Shipping is free. The warranty lasts 2 years. Returns take a week."],
    )
    result = Faithfulness().evaluate(case)
    evidence = result.claims[0].verdict.evidence
    assert evidence is not None
    passage = case.retrieved_context[evidence.passage_index]
    assert passage[evidence.start : evidence.end] == evidence.quote == "The warranty lasts 2 years."


def test_verifier_scores_are_probabilities_and_ordered() -> None:
    verifier = BaselineVerifier()
    strong = verifier.probability((1.0, 0.9, 0.0))
    weak = verifier.probability((0.2, 0.2, 0.0))
    assert 0.0 <= weak < 0.5 <= strong <= 1.0
    assert verifier.probability((1.0, 0.9, 1.0)) < strong  # a missing number lowers support


@pytest.mark.parametrize("verifier", ["baseline", "model"])
@pytest.mark.parametrize("lang", ["de", "fr"])
def test_multilingual_hand_made_pairs(lang: Lang, verifier: str) -> None:
    """18 hand-written claim/evidence pairs per language (half supported): each offline verifier
    must get at least 80% right (measured in session 12, baseline: de 15/18, fr 15/18; the trained
    model: de 17/18, fr 16/18; see benchmarks/RESULTS.md)."""
    path = Path(__file__).parent / "data" / "multilingual_pairs.jsonl"
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    rows = [r for r in rows if r["lang"] == lang]
    assert len(rows) == 18
    metric = Faithfulness(lang=lang, verifier=verifier)
    right = sum(metric.check_claims([r["claim"]], [r["evidence"]])[0].supported == r["supported"] for r in rows)
    assert right / len(rows) >= 0.8, f"{right}/{len(rows)}"


def _sentence_cue(name: str, claim: str, passage: str) -> tuple[TextFeatures, str] | None:
    """What the cue of ``faithcheck._pipeline.verify.cues`` called ``name`` (one that reads the
    sentences of a window: ``_none_given``, ``_changed_from``, ``_said_of_another``) finds in a
    one-passage context against ``claim``: the sentence and why."""
    from faithcheck._pipeline.verify import cues
    from faithcheck._pipeline.verify.slots import sentences_of

    said = [analyze(sentence, "en") for sentence in sentences_of(passage, "en")]
    if name == "_said_of_another":
        return cues._said_of_another(analyze(claim, "en"), said, (passage,), "en")
    found: tuple[TextFeatures, str] | None = getattr(cues, name)(analyze(claim, "en"), said, "en")
    return found


def _cue(claim: str, passage: str) -> tuple[str, str] | None:
    """The (label, kind) of the cue a one-sentence passage raises against ``claim``, if any."""
    from faithcheck._pipeline.verify.cues import find_cue
    from faithcheck._text.analysis import analyze

    passages = (passage,)
    window = build_context_index(list(passages), "en").select_all(["x"], default_encoder(), top_k=1)[0][0]
    cue = find_cue(analyze(claim, "en"), window, passages, "en")
    return None if cue is None else (cue.label, cue.kind)


_WARMING = (
    "Dr Ama Vell said that means the world should expect more records to be broken as a result of that warming, "
    "but the question is whether they will come in smaller steps going forward. He added that the planet is already "
    "exceeding the 1.5 degrees Celsius (2.7 degrees Fahrenheit) of warming since pre-industrial times that the Paris "
    "agreement was aimed at capping."
)
_WARNS = (
    "Vell warns that as the world surpasses the {} degrees Celsius warming threshold, more records will likely be "
    "broken, underscoring the urgency of addressing climate change."
)


def test_a_window_read_as_support_is_about_the_claim_and_its_numbers_are_checked() -> None:
    """The window holds under half of the long claim's words, so it raises no cue of its own; the
    baseline still reads it as support (the claim's embedding is close). A support is about the
    claim: the rival value there overrules it (before, "2.7 degrees Celsius" was supported)."""
    from faithcheck._pipeline.verify.cues import find_cue

    window = build_context_index([_WARMING], "en").select_all(["x"], default_encoder(), top_k=1)[0][0]
    claim = analyze(_WARNS.format("2.7"), "en")
    assert find_cue(claim, window, (_WARMING,), "en") is None
    cue = find_cue(claim, window, (_WARMING,), "en", supports=True)
    assert cue is not None
    assert (cue.label, cue.kind, cue.overrules) == ("contradicted", "number", True)
    # a window supporting a claim of several sentences may speak of one of them only
    longer = analyze(_WARNS.format("2.7") + " The talk drew a large crowd of students at the city hall.", "en")
    assert find_cue(longer, window, (_WARMING,), "en", supports=True) is None
    metric = Faithfulness()
    wrong, right = metric.check_claims([_WARNS.format("2.7"), _WARNS.format("1.5")], [_WARMING])
    assert (wrong.label, right.label) == ("contradicted", "supported")
    assert wrong.reason.startswith("the context gives 1.5 degrees Celsius, not 2.7 degrees Celsius")


_PARCELS = "A spokesman said the parcels were delivered to Brent and Cole, but there is no delay for other towns."


def test_a_negation_moved_between_two_negated_texts_is_a_contradiction() -> None:
    """Both texts are negated ("no delay"), so the parity of negations shows nothing; what one
    negates the other states word for word: they say opposite things (before, supported)."""
    claim = "The parcels were not delivered to Brent and Cole, but there is no delay for other towns."
    assert _cue(claim, _PARCELS) == ("contradicted", "negation")
    assert _cue(claim.replace("were not delivered", "were delivered"), _PARCELS) is None
    (verdict,) = Faithfulness().check_claims([claim], [_PARCELS])
    assert verdict.label == "contradicted"
    assert verdict.reason.startswith('the context says "were delivered", the claim "were not delivered"')
    # the other way: the context negates what the claim states
    named = "The courier, who has not been named, was not fined for the delay."
    assert _cue("The courier, who has been named, was not fined for the delay.", named) == ("contradicted", "negation")


def test_a_moved_negation_is_found_in_the_windows_sentence_that_says_most_of_the_claim() -> None:
    """The window quotes a sentence about something else (negated too: "not counting"); the
    sentence beside it says the claim without its negation. Each sentence of a claim is checked
    against the window's sentence saying most of it (before, only the quoted one was)."""
    from faithcheck._pipeline.verify.cues import find_cue
    from faithcheck._pipeline.verify.evidence import EvidenceWindow

    aligned = "The Thursday massacre was the most deadly assault so far, with 147 dead."
    quoted = "After the mall attack, the group carried out a string of raids, not counting the failed ones."
    window = EvidenceWindow(0, 0, len(quoted), quoted, f"{aligned} {quoted}", 0.6, 1.0, (aligned, quoted))
    claim = "The Thursday massacre was not the most deadly assault so far, with 147 dead."
    cue = find_cue(analyze(claim, "en"), window, (window.text,), "en")
    assert cue is not None
    assert (cue.label, cue.kind, cue.why) == (
        "contradicted",
        "negation",
        'the context says "was the most deadly", the claim "was not the most deadly"'
        ' in "The Thursday massacre was the most deadly assault so far, with 147 dead."',
    )
    assert find_cue(analyze(aligned, "en"), window, (window.text,), "en") is None


_APPROVED = "The medicine is approved for adults and children over 12. It is not approved for children under 6."


def test_a_moved_negation_is_found_in_the_sentence_stating_the_claims_numbers() -> None:
    """Two sentences say as many of the claim's words; the one stating its number ("under 6")
    negates what the claim states (before, the first was checked alone and the claim supported,
    quoting it)."""
    claim = "The medicine is approved for children under 6."
    (verdict,) = Faithfulness().check_claims([claim], [_APPROVED])
    assert verdict.label == "contradicted"
    assert verdict.reason.startswith(
        'the context says "is not approved", the claim "is approved" in "It is not approved for children under 6."'
    )
    # what the first sentence states stays supported
    assert Faithfulness().check_claims(["The medicine is approved for children over 12."], [_APPROVED])[0].supported


@pytest.mark.parametrize(
    ("quoted", "negated", "claim", "said"),
    [
        # a negation that holds its auxiliary: "cannot" negates what "can" states
        (
            "Refunds are available within 30 days of purchase for unused items.",
            "Opened software cannot be refunded.",
            "Opened software can be refunded.",
            '"software cannot be refunded", the claim "software can be refunded"',
        ),
        # "did not sign" is negated by "did", stated by the verb alone, inflected
        (
            "The treaty was signed in Paris in 1951 by six countries.",
            "The United Kingdom did not sign.",
            "The United Kingdom signed the treaty.",
            '"kingdom did not sign", the claim "kingdom signed"',
        ),
    ],
)
def test_a_negation_is_moved_past_its_auxiliary(quoted: str, negated: str, claim: str, said: str) -> None:
    """The window quotes a sentence that is not negated; the one beside it negates what the claim
    states (before, supported by the quoted one)."""
    from faithcheck._pipeline.verify.cues import find_cue
    from faithcheck._pipeline.verify.evidence import EvidenceWindow

    window = EvidenceWindow(0, 0, len(quoted), quoted, f"{quoted} {negated}", 0.6, 1.0, (quoted, negated))
    cue = find_cue(analyze(claim, "en"), window, (window.text,), "en")
    assert cue is not None
    assert (cue.label, cue.kind, cue.why) == ("contradicted", "negation", f'the context says {said} in "{negated}"')
    (verdict,) = Faithfulness().check_claims([claim], [quoted, negated])
    assert verdict.label == "contradicted"


def test_a_negation_in_a_part_sharing_only_what_the_others_share_negates_nothing() -> None:
    """ "without one" shares only "days" with the claim, which the part without a negation has too:
    before, a true claim was contradicted; a part naming what the claim says is read still."""
    passage = "Returns are accepted within 30 days with a receipt, or within 14 days without one."
    assert _cue("Returns with a receipt are accepted within 30 days.", passage) is None
    drug = "The drug is approved for adults, but not for children."
    assert _cue("The drug is approved for children.", drug) == ("contradicted", "negation")
    assert _cue("The drug is approved for adults.", drug) is None


def test_a_negating_prefix_negates_its_word_only() -> None:
    """ "non-refundable" negates what "refundable" states (before, supported); a "non-profit" group
    says nothing negated of the group."""
    assert _cue("Shipping fees are refundable.", "Shipping fees are non-refundable.") == ("contradicted", "negation")
    (verdict,) = Faithfulness().check_claims(["Shipping fees are refundable."], ["Shipping fees are non-refundable."])
    assert verdict.reason.startswith('the context says "are non-refundable", the claim "are refundable"')
    assert _cue("Shipping fees are non-refundable.", "Shipping fees are non-refundable.") is None
    assert _cue("The Red Cross was founded in 1863.", "The Red Cross is a non-profit group founded in 1863.") is None


@pytest.mark.parametrize(
    ("claim", "passage", "said"),
    [
        ("The museum is open on Sundays.", "The museum is closed on Sundays.", '"closed", the claim "open"'),
        (
            "Python 3.12 added the distutils module.",
            "Python 3.12 was released in 2023. It removed the distutils module.",
            '"removed", the claim "added"',
        ),
        (
            "Immunosuppression is associated with a lower risk of severe disease.",
            "Immunosuppression is associated with a higher risk of severe disease.",
            '"higher", the claim "lower"',
        ),
        # before and after (before, supported)
        (
            "The course costs $1,000 if paid after June 1.",
            "The course costs $1,200, or $1,000 if paid before June 1.",
            '"before", the claim "after"',
        ),
        ("Take the tablets before meals.", "Take the tablets after meals.", '"after", the claim "before"'),
        # pay and hours (before, supported)
        (
            "Parental leave is 16 weeks at half pay for the primary caregiver.",
            "Parental leave is 16 weeks at full pay for the primary caregiver and 4 weeks for the other.",
            '"full", the claim "half"',
        ),
        ("The internship is unpaid.", "The internship is paid.", '"paid", the claim "unpaid"'),
        ("Side effects were mostly severe.", "Side effects were mostly mild.", '"mild", the claim "severe"'),
        # a prefix of the opposite meaning (before, supported)
        (
            "Opened items can be refunded within 30 days.",
            "Unopened items can be returned within 30 days for a full refund.",
            '"unopened", the claim "opened"',
        ),
        ("The plan includes unlimited data.", "The plan includes limited data.", '"limited", the claim "unlimited"'),
        (
            "Smoking is allowed on the balcony.",
            "Smoking is prohibited in all rooms and on balconies.",
            '"prohibited", the claim "allowed"',
        ),
        # after a pronoun standing for the first word of the sentence before (before, supported:
        # the sentence saying "closed" holds too few of the claim's words by itself)
        (
            "The museum is open on Mondays.",
            "The museum is open from 9 am to 5 pm, Tuesday to Sunday. It is closed on Mondays.",
            '"closed", the claim "open"',
        ),
    ],
)
@pytest.mark.parametrize("verifier", ["baseline", "model"])
def test_a_word_of_the_opposite_meaning_where_the_rest_is_stated_is_a_contradiction(
    verifier: str, claim: str, passage: str, said: str
) -> None:
    """Both offline verifiers: the cue overrules the trained model's support too (before, the model
    supported "The museum is open on Sundays" against "The museum is closed on Sundays")."""
    (verdict,) = Faithfulness(verifier=verifier).check_claims([claim], [passage])  # type: ignore[arg-type]
    assert verdict.label == "contradicted"
    assert verdict.reason.startswith(f"the context says {said}")


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the sentence says the claim's own word too
        ("The store closed in 2005.", "The store opened in 1990 and closed in 2005."),
        # a negation before the opposite says what the claim says
        ("The museum is open on Sundays.", "The museum is not closed on Sundays."),
        # a converse: "before" one event is "after" the other (alike on one side only)
        ("Just moments before he left, he called a reporter.", "He left just moments after he called a reporter."),
        (
            "Just moments before he shot himself, he called reporters.",
            "He shot himself just moments after calling reporters.",
        ),
        (
            "He left the army before the election.",
            "He joined the army after the war ended and left before the election.",
        ),
        ("The store opens late on Sundays.", "The store opens early on weekdays and late on Sundays."),
        # the sentence has the claim's own word too, and what the claim says after it stands before
        # the opposite: no word-for-word statement around it (a covid_fact original rejected by a
        # first version of the review that read this only around "before" and "after")
        (
            "Antibodies are higher in older compared with younger adults and binding antibodies are more "
            "sensitive than neutralizing antibodies.",
            "Increases in binding antibodies were more frequent than increased neutralizing antibodies, and more "
            "frequent in younger compared to older adults.",
        ),
        # other words around it: no word-for-word statement of the rest
        ("The museum is open to children.", "The shop next door was closed for repairs."),
        # a pronoun after a sentence opening with another thing stands for that thing
        ("The museum is open on Mondays.", "The shop next door opens daily. It is closed on Mondays."),
    ],
)
def test_a_word_of_the_opposite_meaning_elsewhere_keeps_the_claim(claim: str, passage: str) -> None:
    assert _cue(claim, passage) is None


@pytest.mark.parametrize(
    ("claim", "passage", "said"),
    [
        (
            "Contractors get 25 days of annual leave.",
            "Employees get 25 days of annual leave. Contractors get none.",
            "contractors get 25 days",
        ),
        (
            "Contractors get 25 days of annual leave.",
            "Employees get 25 days of annual leave. Contractors get no annual leave.",
            "contractors get 25 days",
        ),
        (
            "Contractors get 25 days of annual leave.",
            "Employees get 25 days of annual leave. Contractors do not get annual leave.",
            "contractors get 25 days",
        ),
        (
            "Contractors get 25 days of annual leave.",
            "Employees get 25 days of annual leave. Contractors don't get annual leave.",
            "contractors get 25 days",
        ),
        ("The hostel has two pools.", "The hotel has two pools. The hostel has none.", "the hostel has two pools"),
        ("Children under 5 pay $20.", "Adults pay $20. Children under 5 pay nothing.", "children under 5 pay 20"),
        (
            "Interns receive a salary of $50,000.",
            "Interns receive no salary. Full-time staff receive a salary of $50,000.",
            "interns receive a salary of 50,000",
        ),
    ],
)
@pytest.mark.parametrize("verifier", ["baseline", "model"])
def test_a_sentence_giving_none_of_what_the_claim_gives_a_number_of_contradicts_it(
    verifier: str, claim: str, passage: str, said: str
) -> None:
    """Before, both verifiers supported these, quoting the sentence of the other case ("Employees
    get ...") or, the model, the one saying none."""
    (verdict,) = Faithfulness(verifier=verifier).check_claims([claim], [passage])  # type: ignore[arg-type]
    assert verdict.label == "contradicted"
    assert verdict.reason.startswith(f'the context gives none where the claim says "{said}"')


def test_none_of_what_the_claim_counts_is_read_in_german_too() -> None:
    # the lexicon's nil_words: "keinen" (French "ne ... aucun" splits the words before it: not read)
    passage = "Angestellte erhalten 25 Tage Urlaub. Auftragnehmer erhalten keinen Urlaub."
    (verdict,) = Faithfulness(lang="de").check_claims(["Auftragnehmer erhalten 25 Tage Urlaub."], [passage])
    assert verdict.label == "contradicted"
    assert verdict.reason.startswith('the context gives none where the claim says "auftragnehmer erhalten 25 tage"')


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the words after "no" are not what the claim's number counts
        ("The hotel has 200 rooms and a pool.", "The hotel has 200 rooms. The hotel has no pool."),
        ("Basic members get 20% off.", "Basic members get no discount. Gold members get 20% off."),
        ("Members pay $10.", "Students pay $10. Members pay nothing extra for parking."),
        # another subject gives none
        ("He scored two goals.", "He scored two goals. His brother scored none."),
        ("Employees get 25 days of annual leave.", "Employees get 25 days of annual leave. Contractors get none."),
    ],
)
def test_none_of_something_else_denies_no_number_of_the_claim(claim: str, passage: str) -> None:
    assert _sentence_cue("_none_given", claim, passage) is None


@pytest.mark.parametrize(
    ("claim", "passage", "said"),
    [
        ("The deadline is March 1.", "The deadline was extended from March 1 to April 15.", '"March 1" to "April 15"'),
        ("The price is $5.", "The price was raised from $5 to $8.", '"$5" to "$8"'),
        ("The meeting is on Tuesday.", "The meeting was moved from Tuesday to Thursday.", '"Tuesday" to "Thursday"'),
        ("The launch is planned for 2024.", "The launch was postponed from 2024 to 2025.", '"2024" to "2025"'),
        ("The speed limit is 70 mph.", "The speed limit was cut from 70 mph to 50 mph.", '"70 mph" to "50 mph"'),
    ],
)
@pytest.mark.parametrize("verifier", ["baseline", "model"])
def test_a_value_the_context_changed_from_no_longer_holds(verifier: str, claim: str, passage: str, said: str) -> None:
    """Before, both verifiers supported these: the sentence states the claim's value, as the old one."""
    (verdict,) = Faithfulness(verifier=verifier).check_claims([claim], [passage])  # type: ignore[arg-type]
    assert verdict.label == "contradicted"
    assert verdict.reason.startswith(f"the context changes it from {said}")


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # the new value, or the old one said of the past or of the change
        ("The deadline is April 15.", "The deadline was extended from March 1 to April 15."),
        ("The deadline was March 1.", "The deadline was extended from March 1 to April 15."),
        ("The launch was postponed from 2024 to 2025.", "The launch was postponed from 2024 to 2025."),
        ("Sales reached 5 million.", "Sales rose from 5 million to 8 million between 2019 and 2021."),
        # a value in its own time, a range, a change of no value
        ("Revenue was $10 million in 2019.", "Revenue increased from $10 million in 2019 to $15 million in 2020."),
        ("The exhibition opens on March 1.", "The exhibition runs from March 1 to April 15."),
        ("Prices change every week.", "Prices changed from week to week."),
    ],
)
def test_a_value_said_of_its_time_or_of_the_change_is_no_change_against_the_claim(claim: str, passage: str) -> None:
    assert _sentence_cue("_changed_from", claim, passage) is None


@pytest.mark.parametrize(
    ("claim", "passage", "said"),
    [
        ("Guests get 10% off.", "Members get 10% off. Guests get no discount.", '"members" and speaks of "guests"'),
        (
            "Basic members get 20% off.",
            "Basic members get no discount. Gold members get 20% off.",
            '"gold" and speaks of "basic"',  # the words before those both say
        ),
        (
            "Members pay $10.",
            "Students pay $10. Members pay nothing extra for parking.",
            '"students" and speaks of "members"',
        ),
        # clauses of a sentence, each of its own subject (before, supported)
        (
            "Children take 500 mg per dose.",
            "Adults take 500 mg per dose; children's doses depend on body weight.",
            '"adults" and speaks of "children"',
        ),
        (
            "Guests get 10% off.",
            "Members get 10% off, while guests pay the full price.",
            '"members" and speaks of "guests"',
        ),
    ],
)
def test_what_the_context_says_of_another_group_does_not_support_a_group_it_speaks_of_apart(
    claim: str, passage: str, said: str
) -> None:
    """Before, the baseline supported these, quoting the sentence about the other group; now that
    sentence supports nothing, and the one about the claim's group decides (its negation)."""
    (verdict,) = Faithfulness().check_claims([claim], [passage])
    assert not verdict.supported
    found = _sentence_cue("_said_of_another", claim, passage)
    assert found is not None
    assert found[1] == f"the context says this of {said} apart"


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # a description or a pronoun refers back to the claim's subject
        (
            "Toyota announced a recall of 2,000 cars.",
            "Toyota is Japan's largest carmaker. Yesterday the company announced a recall of 2,000 cars.",
        ),
        (
            "Volkswagen said the fault was minor.",
            "Volkswagen recalled 100,000 cars. The carmaker said the fault was minor.",
        ),
        (
            "Marseille is the second-largest city in France.",
            "Marseille was the third-largest city in 1900. Today it is the second-largest city in France.",
        ),
        # no subject of a word or two: what the sentences share is too little of the claim
        ("Lagos is the largest city of Nigeria.", "Abuja is the capital of Nigeria. Lagos is its largest city."),
        # the sentence names the claim's group too
        ("Guests get 10% off.", "Members and guests get 10% off. Guests get free parking."),
        ("Guests get 10% off.", "Members and guests get 10% off; guests also get free parking."),
        # a semicolon in brackets parts no clauses
        ("Lisbon is the capital of Portugal.", "Lisbon (Portuguese: Lisboa; Latin: ) is the capital of Portugal."),
    ],
)
def test_a_sentence_referring_to_the_claims_subject_is_said_of_no_other(claim: str, passage: str) -> None:
    assert _sentence_cue("_said_of_another", claim, passage) is None


def test_a_negation_of_a_case_bounded_the_other_way_contradicts_nothing() -> None:
    """ "Items cannot be returned after 30 days" negates another case than "within 30 days": before,
    `contradicted` ("only the context is negated"), quoting it, though the sentence before supports."""
    policy = "Returns are accepted within 30 days. Items cannot be returned after 30 days."
    (within,) = Faithfulness().check_claims(["Items can be returned within 30 days."], [policy])
    assert (within.label, within.reason) == (
        "supported",
        'supported by "Returns are accepted within 30 days." (passage 0).',
    )
    alone = _cue("Items can be returned within 30 days.", "Items cannot be returned after 30 days.")
    assert alone == ("unsupported", "negation")  # no support either
    # bounded the same way, or the claim's own case: still opposite
    assert _cue("Items can be returned within 30 days.", "Items cannot be returned within 30 days.") == (
        "contradicted",
        "negation",
    )
    assert _cue("Items can be returned after 30 days.", policy) == ("contradicted", "negation")


def test_a_negation_after_do_is_still_moved_by_do() -> None:
    # "did expect" states what "did not expect" negates, as before
    passage = "Louis van Gaal said he did not expect the striker to be fit for Sunday's game."
    assert _cue("Louis van Gaal said he did expect the striker to be fit for Sunday's game.", passage) == (
        "contradicted",
        "negation",
    )


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        # a negation in a contraction right before the words negates them too
        (
            "There should be no stigma attached to asking for help.",
            "He said there shouldn't be stigma attached to asking for help.",
        ),
        # other words around the negation: no word-for-word statement of the negated words
        (
            "The plants could not synthesize food, and none survived.",
            "Unable to synthesize food, the plants died and none survived.",
        ),
    ],
)
def test_a_negation_is_moved_only_where_the_same_words_stand_unnegated(claim: str, passage: str) -> None:
    assert _cue(claim, passage) != ("contradicted", "negation")


def test_a_number_cue_compares_years_with_years_only() -> None:
    passage = "Marie Curie was awarded the Nobel Prize twice, in 1903 and 1911."
    assert _cue("Marie Curie won 2 Nobel Prizes.", passage) is None
    assert _cue("Marie Curie won the Nobel Prize in 1905.", passage) == ("contradicted", "number")


def test_a_year_is_compared_with_the_date_of_its_event() -> None:
    """A sentence of several dates: the claim's year is compared with the date whose words are the
    claim's ("launched"), not with every year of the sentence."""
    passage = "The OSIRIS-REx mission launched in September 2016 and reached asteroid Bennu in December 2018."
    assert _cue("The OSIRIS-REx mission reached asteroid Bennu in December 2020.", passage) == (
        "contradicted",
        "number",
    )
    assert _cue("The OSIRIS-REx mission reached asteroid Bennu in December 2018.", passage) is None
    # another event of the same mission, dated nowhere: no date of the sentence is its date
    assert _cue("In October 2020, the OSIRIS-REx spacecraft collected a sample.", passage) is None


def test_a_rank_in_digits_is_its_word_and_an_abbreviated_month_its_month() -> None:
    """ "1st" is "first" (no count of 1), a day beside its month stays a day ("March 5th"), and an
    abbreviated month beside a day is its month ("Feb. 9", "24 Dec 2020")."""
    assert analyze("The group is the 1st to sue.", "en").content >= {"first"}
    assert not analyze("The group is the 1st to sue.", "en").numbers
    assert analyze("on March 5th", "en").numbers == {5.0}
    assert analyze("on the 5th of March", "en").numbers == {5.0}
    assert "decemb" in analyze("on Dec. 24", "en").content
    assert "decemb" in analyze("on 24 Dec 2020", "en").content
    assert "mar" in analyze("rain may Mar the event", "en").content  # no day beside it
    assert _cue("The group is the first to sue Fox News.", "A group is the 1st to sue Fox News.") is None
    trial = "Jury selection will begin almost a month earlier, on Feb. 9."
    assert _cue("Jury selection will begin on February 9.", trial) is None
    assert _cue("Jury selection will begin on February 10.", trial) == ("contradicted", "number")


def test_a_restriction_cue_accepts_a_restricting_synonym() -> None:
    passage = "He played measured tennis and made only five unforced errors in the match."
    assert _cue("He made just five unforced errors in the match.", passage) is None
    assert _cue("He made five unforced errors in the match.", passage) == ("overclaim", "restriction")


@pytest.mark.parametrize(
    ("passage", "claim"),
    [
        ("The X200 blender is covered by a 2-year limited warranty.", "It lasts 2 years."),
        ("The report provided by the agency lists 40 sites.", "The report lists 40 sites."),
    ],
)
def test_a_word_that_names_a_thing_is_no_restriction(passage: str, claim: str) -> None:
    """ "limited warranty" is a kind of warranty and "provided by" a source, not a restriction of
    the claim's scope: "limited to", "provided that" are (below)."""
    assert _cue(claim, passage) is None


@pytest.mark.parametrize(
    ("claim", "passage"),
    [
        ("The bottle holds 0.75 l.", "The bottle holds 750 ml."),
        ("The warranty lasts 2 years.", "The warranty lasts 24 months."),
        ("The bag weighs 1.5 kg.", "The bag weighs 1,500 g."),
        ("The course runs for 6 weeks.", "The course runs for 42 days."),
        # "m" is a stop word too (the "m" of "I'm"): before, "the context gives 200 cm, not 2"
        ("The cable is 2 m long.", "The cable is 200 cm long."),
    ],
)
def test_a_measure_given_in_another_unit_is_no_missing_number(claim: str, passage: str) -> None:
    # the slot check took "750 ml" for "0.75 l", but the baseline's missing-number feature did not
    # (before: "the context does not state 0.75", unsupported)
    label, reason = _verdict(claim, [passage])
    assert label == "supported", reason


def test_a_magnitude_after_a_space_is_the_amounts() -> None:
    # "$2 m" is two million dollars as "$2m" is (before: "the context gives $2 million, not $2")
    label, reason = _verdict("The company raised $2 m.", ["The company raised $2 million."])
    assert label == "supported", reason
    label, reason = _verdict("The company raised $3 m.", ["The company raised $2 million."])
    assert (label, "the context gives $2 million, not $3 m" in reason) == ("contradicted", True)


def test_a_unit_sign_that_is_a_french_stop_word_too() -> None:
    # "l" and "m" after a number are units in French as well (before: "the context gives 1 500 ml,
    # not 1,5", contradicted)
    label, reason = _verdict("La bouteille contient 1,5 l.", ["La bouteille contient 1 500 ml."], "fr")
    assert label == "supported", reason
    label, reason = _verdict("Le câble mesure 2 m.", ["Le câble mesure 200 cm."], "fr")
    assert label == "supported", reason
    label, reason = _verdict("La bouteille contient 2 l.", ["La bouteille contient 1 500 ml."], "fr")
    assert label == "contradicted", reason


def test_a_measure_given_otherwise_in_another_unit_is_still_contradicted() -> None:
    label, reason = _verdict("The bottle holds 0.5 l.", ["The bottle holds 750 ml."])
    assert label == "contradicted", reason
    assert "the context gives 750 ml, not 0.5 l" in reason


@pytest.mark.parametrize(
    ("claim", "label"),
    [
        ("Mukesh was born in 1923.", "supported"),
        ("Mukesh died in 1976.", "supported"),
        ("Mukesh was born in 1976.", "contradicted"),
        ("Mukesh died in 1923.", "contradicted"),
        ("Mukesh died in 1980.", "unsupported"),
    ],
)
def test_a_lifes_brackets_say_born_and_died(claim: str, label: Label) -> None:
    # "(22 July 1923 - 27 August 1976)" gives the years of birth and death without the words: before,
    # "Mukesh died in 1976" was unsupported ("no passage states this")
    got, reason = _verdict(
        claim, ["Mukesh Chand Mathur (22 July 1923 - 27 August 1976) was an Indian playback singer."]
    )
    assert got == label, reason


def test_a_unit_written_in_capitals_is_no_name() -> None:
    # "GB" of "2 GB" was a name the context lacks (before: "'gb' does not occur in the context",
    # wrong_entity); the slot check compares the measures
    label, reason = _verdict("The file is 2 GB.", ["The file is 2,048 MB."])
    assert label == "supported", reason
    label, reason = _verdict("The file is 3 GB.", ["The file is 2,048 MB."])
    assert (label, "the context gives 2,048 MB, not 3 GB" in reason) == ("contradicted", True)
    # a word after a number that measures nothing still names: "Pro" of "iPhone 15 Pro"
    label, reason = _verdict("The iPhone 15 Pro has a titanium frame.", ["The iPhone 15 has an aluminium frame."])
    assert label == "wrong_entity", reason


def test_a_restriction_restricts_its_own_clause() -> None:
    # "only" of "but only until 5 pm on Saturdays" does not reach back past the comma to "weekdays"
    # (before, the true claim was an overclaim: "the claim drops the restriction")
    passage = "The library is open until 8 pm on weekdays, but only until 5 pm on Saturdays."
    assert _cue("The library is open until 5 pm on Saturdays.", passage) is None
    assert _cue("The library is open on Saturdays.", passage) == ("overclaim", "restriction")


def test_limited_to_and_provided_that_restrict() -> None:
    assert _cue("Free returns apply to all items.", "Free returns are limited to unused items.") == (
        "overclaim",
        "restriction",
    )
    assert _cue("Returns are free.", "Returns are free, provided that the item is unused.") == (
        "overclaim",
        "restriction",
    )


_FILLER = " ".join(f"Birds sing {n} songs every single morning." for n in ("two", "three", "four", "five", "six"))
_COVERAGE_ONLY = BaselineWeights(bias=-4.0, coverage=5.0, similarity=0.0, missing_number=-2.0, threshold=0.5)
"""p = sigmoid(5·coverage - 4): supported iff the evidence read covers more than 80% of the claim."""


@pytest.mark.parametrize("budget", [None, 48])
def test_the_baseline_on_assembled_evidence_supports_a_claim_two_sentences_support(budget: int | None) -> None:
    """Each sentence covers half of the claim, in two passages apart: windows alone cannot support
    it; the assembled chunk (its covering sentences read together) does, naming both sentences."""
    verifier = BaselineVerifier(dataclasses.replace(_COVERAGE_ONLY, evidence_budget=budget))
    assert verifier.needs.budget == budget
    context = [f"The brass lamp stands in the hall. {_FILLER}", f"{_FILLER} At night it glows green."]
    claim = "The brass lamp in the hall glows green at night."
    metric = Faithfulness(verifier_backend=verifier)
    (check,) = metric.select_evidence([Claim(id="c1", text=claim, start=0, end=len(claim))], "", context)
    assert bool(check.chunks) == (budget is not None)
    assert all(not chunk.whole_context for chunk in check.chunks)

    verdict = verifier.verify([check], "en")[0]
    if budget is None:
        assert verdict.label == "unsupported", verdict.reason
        assert len(verdict.evidence_set) == 1
        return
    assert verdict.label == "supported", verdict.reason
    assert [(e.passage_index, e.quote) for e in verdict.evidence_set] == [
        (0, "The brass lamp stands in the hall."),
        (1, "At night it glows green."),
    ]
    for e in verdict.evidence_set:
        assert context[e.passage_index][e.start : e.end] == e.quote
    assert verdict.reason.endswith("with 1 more sentence of the context.")  # a sentence, one period


def test_a_cue_in_the_assembled_evidence_keeps_the_claim_unsupported() -> None:
    """Neither window is about the claim (each covers less than half of it), so neither gives a
    cue; read together, the two sentences cover it and give another number: contradicted, naming
    both. A number shared with an unrelated sentence ("five" birds) is not borrowed."""
    verifier = BaselineVerifier(dataclasses.replace(_COVERAGE_ONLY, evidence_budget=48))
    filler = "Rain falls on the roof. Children play by the river. Bells ring in the town. Boats sail on the lake."
    context = [
        f"The old brass lamp stands in the main hall. {filler} Five birds sing.",
        f"{filler} At night it glows for 3 hours.",
    ]
    claim = "The old brass lamp in the main hall glows for 5 hours at night."
    verdict = Faithfulness(verifier_backend=verifier).check_claims([claim], context)[0]
    assert verdict.label == "contradicted", verdict.reason
    assert 'gives 3 hours, not 5 hours in "At night it glows for 3 hours."' in verdict.reason
    assert [e.quote for e in verdict.evidence_set] == [
        "The old brass lamp stands in the main hall.",
        "At night it glows for 3 hours.",
    ]


def test_the_shipped_weights_name_their_evidence() -> None:
    raw = json.loads((Path(__file__).parents[1] / "src/faithcheck/_pipeline/verify/baseline_weights.json").read_text())
    weights = BaselineWeights.load()
    assert weights.evidence_budget == raw.get("evidence_budget")
    assert BaselineVerifier(weights).needs.budget == weights.evidence_budget


@pytest.mark.parametrize("verifier", ["baseline", "model"])
def test_every_offline_reason_ends_as_one_sentence(verifier: str) -> None:
    """A verdict's reason ends with one period, after a quote's passage and after "with 1 more
    sentence of the context" alike; a row's reason joins them without doubling it."""
    examples = Path(__file__).resolve().parents[1] / "examples"
    for lang in ("en", "de", "fr"):
        name = "sample.jsonl" if lang == "en" else f"sample_{lang}.jsonl"
        metric = Faithfulness(lang=lang, verifier=verifier)
        for line in (examples / name).read_text(encoding="utf-8").splitlines():
            score = metric.evaluate(json.loads(line))
            for result in score.claims:
                assert result.verdict is not None
                if result.verdict.label == "irrelevant":
                    continue
                reason = result.verdict.reason
                assert reason.endswith("."), reason
                assert not reason.endswith(".."), reason
            assert ".." not in score.reason.replace("...", ""), score.reason


_DECOMPOSED = "Ricardo Gonzalo Pedro Montalba\u0301n y Merino was a Mexican actor."
"""Unicode's decomposed form (an "a" and a combining accent), as some scraped text comes."""


@pytest.mark.parametrize("verifier", ["baseline", "model"])
def test_a_decomposed_accent_is_read_as_the_composed_letter(verifier: str) -> None:
    # before, the claim's "Montalbán" occurred nowhere in the decomposed context: wrong_entity
    (verdict,) = Faithfulness(verifier=verifier).check_claims(["Ricardo Montalbán was a Mexican actor."], [_DECOMPOSED])
    assert verdict.label == "supported", verdict.reason


def test_a_test_case_holds_its_texts_composed_and_spans_index_them() -> None:
    case = TestCase(
        input_id="nfd",
        prompt=[Message(role="user", content="Who was Montalba\u0301n?", context=[_DECOMPOSED])],
        sut_response="Montalba\u0301n was a Mexican actor.",
        retrieved_context=[_DECOMPOSED],
    )
    assert case.sut_response == "Montalbán was a Mexican actor."
    assert case.retrieved_context == [unicodedata.normalize("NFC", _DECOMPOSED)]
    assert case.question == "Who was Montalbán?"
    assert isinstance(case.prompt, list)
    assert case.prompt[0].context == case.retrieved_context
    result = Faithfulness().evaluate(case)
    assert result.status == "ok"
    assert result.value == 1.0
    evidence = result.claims[0].verdict.evidence
    assert evidence is not None
    assert case.retrieved_context[0][evidence.start : evidence.end] == evidence.quote


@pytest.mark.parametrize(
    ("claim", "context"),
    [
        # before, the window of the second sentence held the first as its neighbour: its words
        # covered the claim, and the cue read only the second ("supported by 'Breastfeeding women ...'")
        (
            "Pregnant women can take this medicine.",
            "Pregnant women should not take this medicine. Breastfeeding women should ask their doctor first.",
        ),
        (
            "The museum is open on Mondays.",
            "The museum is not open on Mondays. Guided tours start at the main entrance every hour.",
        ),
    ],
)
def test_a_support_resting_on_a_neighbour_that_denies_the_claim_is_rebutted(claim: str, context: str) -> None:
    [verdict] = Faithfulness(verifier="baseline").check_claims([claim], [context])
    assert verdict.label == "contradicted", verdict.reason
    assert "only the context is negated" in verdict.reason


def test_a_neighbour_denying_something_else_keeps_the_support() -> None:
    context = "Visitors may not bring food into the galleries. Visitors may bring water bottles."
    [verdict] = Faithfulness(verifier="baseline").check_claims(["Visitors may bring water bottles."], [context])
    assert verdict.supported, verdict.reason
