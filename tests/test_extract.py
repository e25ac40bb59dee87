from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from faithcheck._metrics.config import Lang
from faithcheck._pipeline.extract import SentenceExtractor, extract_claims, irrelevance_reason, split_sentences


def test_claim_spans_point_into_the_answer() -> None:
    answer = "Hi there! You can return items within 30 days, and refunds are issued within 5 business days."
    claims = extract_claims(answer)
    assert [c.text for c in claims] == [
        "Hi there!",
        "You can return items within 30 days",
        "refunds are issued within 5 business days.",
    ]
    for claim in claims:
        assert answer[claim.start : claim.end] == claim.text
    assert [c.id for c in claims] == ["c1", "c2", "c3"]


def test_lists_are_not_split_into_fragments() -> None:
    claims = extract_claims("The flag is red, white, and blue.")
    assert [c.text for c in claims] == ["The flag is red, white, and blue."]


def test_bullets_and_lines() -> None:
    answer = "Our policy:\n- Returns within 30 days.\n- Refunds in 5 days.\n1. Exchanges are free."
    texts = [c.text for c in extract_claims(answer)]
    assert texts == ["Our policy:", "Returns within 30 days.", "Refunds in 5 days.", "Exchanges are free."]


def test_abbreviations_do_not_split_sentences() -> None:
    assert len(split_sentences("Dr. Smith met Mr. Jones at 5 p.m. on Monday. They talked.")) == 2


@pytest.mark.parametrize(
    ("lang", "text", "expected"),
    [
        (
            "de",
            "  Dr. Müller kam am 3. Mai.  Er blieb z. B. 30 Tage.\n\n- Größe: 5 m.",
            ["Dr. Müller kam am 3. Mai.", "Er blieb z. B. 30 Tage.", "Größe: 5 m."],
        ),
        (
            "fr",
            "« Ça va. » L’été dure 3 mois, p. ex. en juin.\r\nFin.",
            ["« Ça va. »", "L’été dure 3 mois, p. ex. en juin.", "Fin."],
        ),
        (
            "en",
            "Café 😀 opens at 9 a.m. daily. It closes at 5.\n2) Prices vary.",
            ["Café 😀 opens at 9 a.m. daily.", "It closes at 5.", "Prices vary."],
        ),
    ],
)
def test_sentence_spans_are_exact_character_offsets(lang: Lang, text: str, expected: list[str]) -> None:
    spans = split_sentences(text, lang)
    assert [s.text for s in spans] == expected
    assert all(text[s.start : s.end] == s.text for s in spans)


@pytest.mark.parametrize(
    ("lang", "answer", "expected"),
    [
        ("de", "Sie können Artikel 30 Tage lang zurückgeben, aber die Rücksendung kostet 5 Euro.", 2),
        ("fr", "Vous pouvez retourner les articles sous 30 jours, mais le retour coûte 5 euros.", 2),
        ("de", "Dr. Müller kam am 3. Mai. Er blieb 30 Tage.", 2),
    ],
)
def test_german_and_french_splitting(lang: Lang, answer: str, expected: int) -> None:
    claims = extract_claims(answer, lang)
    assert len(claims) == expected
    for claim in claims:
        assert answer[claim.start : claim.end] == claim.text


@given(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=300))
def test_spans_are_exact_for_any_text(answer: str) -> None:
    for claim in extract_claims(answer):
        assert answer[claim.start : claim.end] == claim.text
        assert claim.text.strip() == claim.text


@pytest.mark.parametrize(
    ("lang", "claim", "question", "reason"),
    [
        ("en", "Hello!", "What is X?", "greeting"),
        ("en", "Great question!", "What is X?", "greeting"),
        ("en", "I hope this helps.", "What is X?", "greeting"),
        ("en", "Let me know if you need anything else.", "What is X?", "greeting"),
        ("en", "I'm not sure about that.", "What is X?", "greeting"),
        ("en", "Would you like more details?", "What is X?", "question"),
        ("en", "You asked about the return window.", "What is the return window?", "restates"),
        ("de", "Ich hoffe, das hilft!", "Was ist X?", "greeting"),
        ("de", "Vielen Dank für Ihre Frage.", "Was ist X?", "greeting"),
        ("fr", "Bonjour !", "Qu'est-ce que X ?", "greeting"),
        ("fr", "N'hésitez pas à me contacter.", "Qu'est-ce que X ?", "greeting"),
    ],
)
def test_irrelevant_claims(lang: Lang, claim: str, question: str, reason: str) -> None:
    why = irrelevance_reason(claim, question, lang)
    assert why is not None
    assert reason in why


@pytest.mark.parametrize(
    ("lang", "claim", "question"),
    [
        ("en", "Returns are accepted within 30 days.", "What is the return window?"),
        # answering a yes/no question repeats it; that is a claim, not a restatement
        ("en", "Paris is the capital of France.", "Is Paris the capital of France?"),
        # off-topic facts are still checked: an invented fact is a hallucination either way
        ("en", "The company was founded in 1999.", "What is the return window?"),
        ("de", "Die Lieferung dauert drei Tage.", "Wie lange dauert die Lieferung?"),
        ("fr", "La livraison prend trois jours.", "Combien de temps dure la livraison ?"),
    ],
)
def test_relevant_claims_are_kept(lang: Lang, claim: str, question: str) -> None:
    assert irrelevance_reason(claim, question, lang) is None


def test_the_offline_extractor_reads_a_short_answer_with_its_question() -> None:
    extractor = SentenceExtractor()
    [short] = extractor.extract("In which year did the mill close?", "1931", "en")
    assert (short.claim.text, short.claim.start, short.claim.end) == ("1931", 0, 4)
    assert short.checked_as == "In the year 1931 did the mill close."
    # a sentence, an answer of several claims, an irrelevant one: each claim is its own text
    for answer in ("The mill closed in 1931.", "It closed in 1931. It reopened in 1950.", "I hope this helps!"):
        assert all(c.checked_as is None for c in extractor.extract("In which year did the mill close?", answer, "en"))
