"""Sentence splitting: the spans the context's index and the slot checks read."""

from __future__ import annotations

from faithcheck import Faithfulness
from faithcheck._text.sentences import split_sentences

_UNCLOSED = (
    'Her mother told Bild: "We now have evidence that Shani is alive. Every minute is critical. '
    "The Prime Minister will meet officials and Home Secretary Suella Braverman on Monday, sources said. "
    'Education minister Robert Halfon stressed that British citizens must be "safe from the threat of terrorism". '
    "He declined to say more."
)


def test_a_quotation_left_open_does_not_join_the_sentences_after_it() -> None:
    # before, sentencex read a quotation from the unclosed quote to the next one and split nothing
    # inside: "... sources said. Education minister ..." was one sentence
    sentences = [span.text for span in split_sentences(_UNCLOSED, "en")]
    assert sentences == [
        'Her mother told Bild: "We now have evidence that Shani is alive.',
        "Every minute is critical.",
        "The Prime Minister will meet officials and Home Secretary Suella Braverman on Monday, sources said.",
        'Education minister Robert Halfon stressed that British citizens must be "safe from the threat of terrorism".',
        "He declined to say more.",
    ]
    assert all(_UNCLOSED[span.start : span.end] == span.text for span in split_sentences(_UNCLOSED, "en"))


def test_a_quotation_that_closes_holds_its_sentences_and_an_inch_mark_opens_none() -> None:
    # before, the inch mark's quote upset sentencex's pairing: "We won." was split from its quotation
    text = 'He said: "We won. We are happy." Then he left. A 6" screen is small. It said “no. Yes.” Fine.'
    assert [span.text for span in split_sentences(text, "en")] == [
        'He said: "We won. We are happy."',
        "Then he left.",
        'A 6" screen is small.',
        "It said “no. Yes.”",
        "Fine.",
    ]


def test_a_name_the_sentence_after_an_open_quotation_gives_otherwise_is_the_wrong_entity() -> None:
    # the joined sentence named Suella Braverman too, so no other name stood in her place
    claim = (
        "Home Secretary Suella Braverman emphasized that British citizens must be safe from the threat of terrorism."
    )
    [verdict] = Faithfulness(verifier="baseline", lang="en").check_claims([claim], [_UNCLOSED])
    assert verdict.label == "wrong_entity"
    assert "Robert Halfon" in verdict.reason


def test_a_unit_of_one_letter_ends_a_sentence_before_a_capital() -> None:
    # before, sentencex read "g." as an initial: "The Model B ..." ran on in the sentence of Model A
    text = "The Model A weighs 190 g. The Model B weighs 175 g. It costs 5 p. Then it fell."
    assert [s.text for s in split_sentences(text)] == [
        "The Model A weighs 190 g.",
        "The Model B weighs 175 g.",
        "It costs 5 p.",
        "Then it fell.",
    ]
    assert all(text[s.start : s.end] == s.text for s in split_sentences(text))
    # an initial after a number, and "p.m.", end none
    assert len(split_sentences("In 1937 J. R. R. Tolkien wrote it.")) == 1
    assert [s.text for s in split_sentences("He left at 5 p.m. today.")] == ["He left at 5 p.m. today."]
