"""A phrase of the claim where the sentence saying the rest has the phrase of the opposite meaning
("on an empty stomach" against "with food")."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Lang
from faithcheck._text.lexicon import get_lexicon

from .verdicts import assert_supported, assert_verdict

_IBUPROFEN = "Ibuprofen should be taken with food."
_TABLETS = (
    "Metformin is taken with meals to reduce stomach upset. Alendronic acid must be taken on an empty stomach with "
    "a full glass of water."
)
_TICKETS = "Tickets for the museum must be bought in advance. Tickets for the gardens can be bought on the day."

_CASES = [
    (_IBUPROFEN, "Ibuprofen should be taken on an empty stomach.", False),
    (_IBUPROFEN, "Ibuprofen should be taken with food.", True),
    (_TABLETS, "Metformin must be taken on an empty stomach.", False),
    (_TABLETS, "Alendronic acid must be taken on an empty stomach.", True),
    (_TABLETS, "Metformin is taken with meals.", True),
    (_TICKETS, "Tickets for the museum can be bought on the day.", False),
    (_TICKETS, "Tickets for the gardens can be bought on the day.", True),
    # (not where the sentence has both phrases)
    ("Ibuprofen can be taken with food or on an empty stomach.", "Ibuprofen can be taken on an empty stomach.", True),
]


@pytest.mark.parametrize(("context", "claim", "supported"), _CASES)
def test_a_phrase_of_the_opposite_meaning(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


@pytest.mark.parametrize(("context", "claim", "supported"), [case for case in _CASES if not case[2]])
def test_the_model_is_overruled_too(model: Faithfulness, context: str, claim: str, supported: bool) -> None:
    assert_supported(model, context, claim, supported=supported)


def test_the_reason_names_both_phrases(verifiers: dict[Lang, Faithfulness]) -> None:
    assert_verdict(
        verifiers["en"],
        _IBUPROFEN,
        "Ibuprofen should be taken on an empty stomach.",
        "contradicted",
        'the context says "with food", the claim "on an empty stomach"',
    )


def test_the_phrases_are_lower_case_and_no_phrase_is_its_own_opposite() -> None:
    for lang in ("en", "de", "fr"):
        for phrase, other in get_lexicon(lang).opposite_phrases.items():
            assert phrase == phrase.lower()
            assert other == other.lower()
            assert phrase != other
