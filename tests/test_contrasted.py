"""Parts of a sentence that say one thing of one name and another of another ("..., while Lake
Baikal is the deepest lake in the world"): a claim saying of its name what another part says of
another name names the wrong one."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.contrasted import check_contrasted
from faithcheck._pipeline.verify.slots import NameSlot, _names_head, _with_acronyms, check_slots

from .verdicts import assert_supported, assert_verdict

_LAKES = "Lake Superior is the largest of the Great Lakes by area, while Lake Baikal is the deepest lake in the world."
_SIGHTS = "The Eiffel Tower is in Paris, and the Colosseum is in Rome."


@pytest.mark.parametrize(
    ("context", "claim", "why"),
    [
        # before, both were supported: every word of the claim is in the sentence
        (
            _LAKES,
            "Lake Superior is the deepest lake in the world.",
            "the context says that of Lake Baikal, not Lake Superior",
        ),
        (_SIGHTS, "The Colosseum is in Paris.", "the context says that of The Eiffel Tower, not The Colosseum"),
    ],
)
def test_a_part_saying_the_claim_of_another_name_names_the_wrong_one(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, "wrong_entity", why)


@pytest.mark.parametrize(
    ("context", "claim"),
    [
        (_LAKES, "Lake Baikal is the deepest lake in the world."),
        (_LAKES, "Lake Superior is the largest of the Great Lakes."),
        (_SIGHTS, "The Eiffel Tower is in Paris."),
        (_SIGHTS, "The Colosseum is in Rome."),
        # a later part without a name of its own says the rest of the claim's name
        ("Maria Santos was born in Lisbon, and she later moved to Boston.", "Maria Santos moved to Boston."),
        ("Netflix raised its prices, while Disney kept its prices unchanged.", "Netflix raised its prices."),
    ],
)
def test_the_part_naming_the_claims_name_keeps_it(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str
) -> None:
    assert_supported(verifiers["en"], context, claim)


def test_a_sentence_naming_the_claims_name_with_all_the_rest_keeps_it() -> None:
    # another sentence says it of the claim's name too: the parts decide nothing
    sentences = [_LAKES, "Lake Superior is also the deepest lake in the world by some measures."]
    assert check_slots("Lake Superior is the deepest lake in the world.", sentences, "en") is None


def test_only_english_is_read() -> None:
    # the same sentence and names, read as another language's: the words that part clauses are English
    def names_of(text: str) -> list[tuple[NameSlot, int, int, bool]]:
        return _with_acronyms(text, "en")

    def mentions(name: NameSlot, text: str) -> bool:
        return _names_head(name, text, "en")

    claim = "Lake Superior is the deepest lake in the world."
    english = check_contrasted(claim, [_LAKES], names_of, mentions, "en")
    assert english is not None
    assert english.label == "wrong_entity"
    assert check_contrasted(claim, [_LAKES], names_of, mentions, "de") is None
