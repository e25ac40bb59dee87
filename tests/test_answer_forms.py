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
    short_answer_statement,
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


@pytest.mark.parametrize(
    ("question", "answer", "statement"),
    [
        # the opening question word, after a preposition, and the words that name what is asked
        ("In which year was Mukesh born?", "1923", "In the year 1923 was Mukesh born."),
        ("When did the store open?", "May 2019", "May 2019 did the store open."),  # "May": a month here
        # a question word at the end; an earlier one is a relative pronoun
        (
            "The firm, which makes pumps, was founded in what year?",
            "1998.",
            "The firm, which makes pumps, was founded in the year 1998.",
        ),
        ("How much does the X200 cost?", "$90", "$90 does the X200 cost."),
        ("In 2010, what was the town's population?", "7,096", "In 2010, 7,096 was the town's population."),
        ("How many tablets can I take a day?", "eight", "Eight tablets can I take a day."),
        ("How many acres is the park?", "626 acre", "626 acre is the park."),  # it names them already
    ],
)
def test_a_short_answer_with_a_number_is_read_with_its_question(question: str, answer: str, statement: str) -> None:
    assert short_answer_statement(question, answer) == statement


@pytest.mark.parametrize(
    ("question", "answer", "lang"),
    [
        ("Who directed Jaws?", "Steven Spielberg", "en"),  # a name keeps its own words
        ("How many tablets can I take a day?", "It is 8.", "en"),  # a statement of its own
        ("How many tablets can I take a day?", "You may take 1 or 2 tablets up to 4 times a day.", "en"),
        ("Can I take 8 a day?", "Yes, 8", "en"),  # a yes/no question
        ("Tell me the warranty.", "2 years", "en"),  # no question word
        ("How tall is the tower, which was built in 1889?", "330 m", "en"),  # "how": not "which"
        ("Wie viele Tabletten darf ich nehmen?", "8", "de"),  # the lexicon lists no question words
    ],
)
def test_other_answers_keep_their_own_words(question: str, answer: str, lang: Lang) -> None:
    assert short_answer_statement(question, answer, lang) is None
