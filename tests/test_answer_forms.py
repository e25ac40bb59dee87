"""The answer forms the offline relevance judge reads in context (faithcheck._text.answer_forms)."""

from __future__ import annotations

import pytest

from faithcheck._metrics.config import Lang
from faithcheck._text.answer_forms import (
    continues,
    is_polar_question,
    key_phrase,
    polar_answer_rest,
    resolve_object_anaphor,
)


@pytest.mark.parametrize(
    ("question", "lang", "polar"),
    [
        ("Can I bring my dog on the train?", "en", True),
        ("Doesn't the price include tax?", "en", True),
        ("How should I store the tablets?", "en", False),
        ("Can you list the opening hours?", "en", False),
        ("Kann ich meinen Hund mitnehmen?", "de", True),
        ("Wie lange dauert der Versand?", "de", False),
        ("Est-ce que je peux payer par carte ?", "fr", True),
        ("Quand ouvre le magasin ?", "fr", False),
    ],
)
def test_polar_questions(question: str, lang: Lang, polar: bool) -> None:
    assert is_polar_question(question, lang) is polar


@pytest.mark.parametrize(
    ("statement", "lang", "rest"),
    [
        ("Yes, as long as it is small.", "en", "as long as it is small."),
        ("You can't, sorry.", "en", "sorry."),
        ("As long as it stays in a carrier.", "en", "As long as it stays in a carrier."),
        ("Nein, das ist nicht erlaubt.", "de", "das ist nicht erlaubt."),
        ("Oui, à condition de réserver.", "fr", "à condition de réserver."),
        ("Yesterday the shop was closed.", "en", None),
        ("No pets are allowed.", "en", None),
        ("It is a great question.", "en", None),
    ],
)
def test_polar_answer_openings(statement: str, lang: Lang, rest: str | None) -> None:
    found = polar_answer_rest(statement, lang)
    if rest is None:
        assert found is None
    else:
        assert found is not None
        assert rest.lower().endswith(found.lower())


def test_key_phrase_and_object_pronoun() -> None:
    assert key_phrase("Wie lagere ich die Tabletten?", "de") == "die Tabletten"
    assert (
        resolve_object_anaphor("Bewahren Sie sie kühl auf.", "die Tabletten", "de")
        == "Bewahren Sie die Tabletten kühl auf."
    )
    # a pronoun far into the statement refers within it
    assert resolve_object_anaphor("Soak the pot for ten minutes, then let it drain.", "the orchid") is None


def test_continuation() -> None:
    assert continues("Only if your contract allows it", "by no more than inflation.")
    assert not continues("The warranty lasts two years.", "This Mortal Coil was a band.")
    assert not continues("The warranty lasts two years", "Paris is the capital of France.")
