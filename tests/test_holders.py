"""Who holds a post of what: "Satya Nadella is the CEO of OpenAI" against "Microsoft's CEO Satya Nadella"."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.holders import Post, check_holders, held_posts

_DEAL = "Microsoft's CEO Satya Nadella announced the deal. OpenAI's chief executive, Sam Altman, welcomed it."
_CLUBS = "Liverpool manager Jürgen Klopp praised his players. Arsenal's manager, Mikel Arteta, was less happy."
_MAYORS = (
    "Sadiq Khan, the Mayor of London, opened the new line. Andy Burnham, the Mayor of Greater Manchester, attended."
)


@pytest.mark.parametrize(
    ("text", "posts"),
    [
        ("Microsoft CEO Satya Nadella said so.", [("Satya Nadella", "ceo", "Microsoft")]),
        ("The CEO of Apple, Tim Cook, spoke.", [("Tim Cook", "ceo", "Apple")]),
        ("Tim Cook, Apple's CEO, spoke.", [("Tim Cook", "ceo", "Apple")]),
        ("Jürgen Klopp became manager of Liverpool in 2015.", [("Jürgen Klopp", "manager", "Liverpool")]),
        (
            "Elon Musk, the CEO of Tesla and SpaceX, spoke.",
            [("Elon Musk", "ceo", "Tesla"), ("Elon Musk", "ceo", "SpaceX")],
        ),
        # a word written in lower case, or of origin, is no organisation; a plural is no post
        ("Former CEO John Smith left.", []),
        ("British Prime Minister Rishi Sunak spoke.", []),
        ("Netflix co-CEOs Ted Sarandos and Greg Peters spoke.", []),
    ],
)
def test_the_posts_a_text_gives(text: str, posts: list[tuple[str, str, str]]) -> None:
    assert [(p.person, p.post, p.org) for p in held_posts(text, "en")] == posts


def test_posts_are_read_in_english_only() -> None:
    # the English patterns would read this one ("Microsoft CEO Satya Nadella")
    assert held_posts("Microsoft CEO Satya Nadella sagte am Dienstag.", "de") == ()
    assert held_posts("Microsoft CEO Satya Nadella said on Tuesday.", "en") != ()


@pytest.mark.parametrize(
    ("claim", "context", "why"),
    [
        # before, each name occurred in the context: supported
        (
            "Satya Nadella is the CEO of OpenAI.",
            _DEAL,
            "the context gives Satya Nadella as CEO of Microsoft, not of OpenAI",
        ),
        (
            "Sam Altman is the CEO of Microsoft.",
            _DEAL,
            "the context gives Sam Altman as chief executive of OpenAI, not of Microsoft",
        ),
        (
            "Mikel Arteta is the manager of Liverpool.",
            _CLUBS,
            "the context gives Mikel Arteta as manager of Arsenal, not of Liverpool",
        ),
        (
            "Andy Burnham is the Mayor of London.",
            _MAYORS,
            "the context gives Andy Burnham as Mayor of Greater Manchester, not of London",
        ),
    ],
)
def test_a_post_the_context_gives_of_another_organisation_names_the_wrong_one(
    verifiers: dict[Lang, Faithfulness], claim: str, context: str, why: str
) -> None:
    [verdict] = verifiers["en"].check_claims([claim], [context])
    assert verdict.label == "wrong_entity", verdict.reason
    assert why in verdict.reason


def test_the_organisations_post_held_by_another_names_the_wrong_one() -> None:
    finding = check_holders("Dana Whitfield is the CEO of Acme.", ["Acme's CEO, Tom Reed, spoke."], "en")
    assert finding is not None
    assert (finding.label, finding.why) == ("wrong_entity", "the context names Tom Reed here, not Dana Whitfield")


@pytest.mark.parametrize(
    ("claim", "context"),
    [
        ("Satya Nadella is the CEO of Microsoft.", _DEAL),
        ("OpenAI's CEO Sam Altman welcomed the deal.", _DEAL),
        ("Jürgen Klopp is the manager of Liverpool.", _CLUBS),
        ("Sadiq Khan is the Mayor of London.", _MAYORS),
        # both organisations of one post, an organisation named by its initials or by its first words
        ("Elon Musk is the CEO of SpaceX.", "Elon Musk, the CEO of Tesla and SpaceX, spoke at the event."),
        (
            "Sundar Pichai is the CEO of Alphabet.",
            "Alphabet and Google CEO Sundar Pichai said the company would invest.",
        ),
        (
            "Eric Schmidt was the CEO of Google.",
            "Former Google CEO Eric Schmidt joined the board. Google's current CEO is Sundar Pichai.",
        ),
    ],
)
def test_a_post_the_context_gives_so_keeps_the_claim(
    verifiers: dict[Lang, Faithfulness], claim: str, context: str
) -> None:
    [verdict] = verifiers["en"].check_claims([claim], [context])
    assert verdict.supported, verdict.reason


def test_initials_and_first_words_name_one_organisation() -> None:
    fbi = ["FBI Director Christopher Wray testified."]
    assert held_posts(fbi[0], "en") == (Post("Christopher Wray", "director", "FBI"),)
    assert check_holders("Christopher Wray is the director of the Federal Bureau of Investigation.", fbi, "en") is None
    apple = ["Tim Cook became CEO of Apple in 2011."]
    assert check_holders("Tim Cook is the CEO of Apple Inc.", apple, "en") is None
    assert check_holders("Tim Cook is the CEO of Google.", apple, "en") is not None
