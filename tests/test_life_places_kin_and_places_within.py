"""A place the context gives as the other end of a life ("Jane Austen was born ... in Steventon" for
"Jane Austen died in Steventon"); a sentence naming only another of a person's family ("Serena
Williams won 23 ... Her sister Venus won seven" for "Venus Williams won seven ..."); a place the
context sets inside the claim's ("Honolulu is the capital of Hawaii" for "Barack Obama was born in
Hawaii" against "Barack Obama was born in Honolulu"); and a name the context gives only inside a
relative clause about another ("Bill Gates, who co-founded the company with Paul Allen in 1975,
stepped down as chairman in 2014" for "Paul Allen stepped down as chairman in 2014")."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._core.types import Label, Lang
from faithcheck._pipeline.verify.slots import check_life_place
from faithcheck._pipeline.verify.subject_place import set_within

from .verdicts import assert_supported, assert_verdict

_AUSTEN = (
    "Jane Austen was born on 16 December 1775 in Steventon, Hampshire. She published Pride and Prejudice in 1813. "
    "She died in Winchester in 1817, aged 41."
)
_DICKENS = "Charles Dickens was born in Portsmouth in 1812. He died at Gad's Hill Place in Kent in 1870."
_MOZART = "Mozart was born in Salzburg in 1756 and died in Vienna in 1791."
_SMITH = "John Smith was born in Leeds in 1901. He worked as a teacher for forty years."
_BOTH = "John Smith was born and died in Leeds."
_WHERE = "John Smith was born in London, where he also died in 1950."
_THERE = "Frida Kahlo was born in Coyoacan in 1907. She died there in 1954."
_SISTERS = "Serena Williams won 23 Grand Slam singles titles. Her sister Venus won seven."
_LABELS = "She signed with Atlantic Records in 2014."
_OBAMA = "Barack Obama was born in Honolulu in 1961. Honolulu is the capital of Hawaii."
_LOUVRE = "The Louvre is in Paris. Paris is the largest city in France."
_MOVES = "Barack Obama was born in Honolulu and later lived in Illinois."
_GATES = (
    "Microsoft was founded in 1975. Bill Gates, who co-founded the company with Paul Allen in 1975, stepped down as "
    "chairman in 2014."
)
_CURIE = "Pierre Curie, whose wife Marie Curie discovered radium, died in 1906."

_CASES = [
    # a place the context gives as the other end of the subject's life
    (_AUSTEN, "Jane Austen died in Steventon.", False),
    (_AUSTEN, "Jane Austen was born in Winchester.", False),
    (_DICKENS, "Charles Dickens died in Portsmouth.", False),
    (_DICKENS, "Charles Dickens was born at Gad's Hill Place.", False),
    (_SMITH, "John Smith died in Leeds.", False),
    (_AUSTEN, "Jane Austen was born in Steventon.", True),
    (_AUSTEN, "Jane Austen died in Winchester.", True),
    (_DICKENS, "Charles Dickens died in Kent.", True),
    (_MOZART, "Mozart died in Vienna.", True),
    # (not where both ends share the place, nor where the claim's end is said by "where" or "there")
    (_BOTH, "John Smith died in Leeds.", True),
    (_WHERE, "John Smith died in London.", True),
    (_THERE, "Frida Kahlo died in Coyoacan.", True),
    # a sentence naming only another of the person's family, where one names the person by the given name
    (_SISTERS, "Venus Williams won seven Grand Slam singles titles.", True),
    (_SISTERS, "Serena Williams won 23 Grand Slam singles titles.", True),
    (_SISTERS, "Venus Williams won 23 Grand Slam singles titles.", False),
    (_SISTERS, "Serena Williams won seven Grand Slam singles titles.", False),
    (_SISTERS, "Venus Williams won eight Grand Slam singles titles.", False),
    # (no family of a name whose words are common words: "Records")
    (_LABELS, "She signed with Columbia Records in 2014.", False),
    # a place the context sets inside the claim's
    (_OBAMA, "Barack Obama was born in Hawaii.", True),
    (_LOUVRE, "The Louvre is in France.", True),
    (_OBAMA, "Barack Obama was born in Chicago.", False),
    (_LOUVRE, "The Louvre is in Germany.", False),
    # (not the other way round, nor a place a sentence names after another)
    (
        "Barack Obama was born in Hawaii in 1961. Honolulu is the capital of Hawaii.",
        "Obama was born in Honolulu.",
        False,
    ),
    (_MOVES, "Barack Obama was born in Illinois.", False),
    # a name the context gives only inside a relative clause about another
    (_GATES, "Paul Allen stepped down as chairman in 2014.", False),
    (_CURIE, "Marie Curie died in 1906.", False),
    (_GATES, "Bill Gates stepped down as chairman in 2014.", True),
    (_CURIE, "Pierre Curie died in 1906.", True),
    # (not what the relative clause says)
    (_GATES, "Paul Allen co-founded the company in 1975.", True),
    (_CURIE, "Marie Curie discovered radium.", True),
]


@pytest.mark.parametrize(("context", "claim", "supported"), _CASES)
def test_life_places_kin_and_places_within(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, supported: bool
) -> None:
    assert_supported(verifiers["en"], context, claim, supported=supported)


@pytest.mark.parametrize(("context", "claim", "supported"), [case for case in _CASES if not case[2]])
def test_the_model_is_overruled_too(model: Faithfulness, context: str, claim: str, supported: bool) -> None:
    assert_supported(model, context, claim, supported=supported)


@pytest.mark.parametrize(
    ("context", "claim", "label", "why"),
    [
        (
            _AUSTEN,
            "Jane Austen died in Steventon.",
            "contradicted",
            "the context gives Steventon as the place of birth, and Winchester as the place of death",
        ),
        (
            _DICKENS,
            "Charles Dickens was born at Gad's Hill Place.",
            "contradicted",
            "the context gives Gad's Hill Place as the place of death, and Portsmouth as the place of birth",
        ),
        (
            _SMITH,
            "John Smith died in Leeds.",
            "unsupported",
            "the context gives Leeds as the place of birth, not of death",
        ),
        (_SISTERS, "Venus Williams won 23 Grand Slam singles titles.", "wrong_entity", ""),
        (_OBAMA, "Barack Obama was born in Chicago.", "wrong_entity", "the context names Honolulu here, not Chicago"),
        (
            _GATES,
            "Paul Allen stepped down as chairman in 2014.",
            "wrong_entity",
            "the context says this of Bill Gates, and names Paul Allen only in a clause about Bill Gates",
        ),
    ],
)
def test_the_reason_names_the_other(
    verifiers: dict[Lang, Faithfulness], context: str, claim: str, label: Label, why: str
) -> None:
    assert_verdict(verifiers["en"], context, claim, label, why)


def test_a_life_place_is_read_in_english_and_in_one_sentence_claims_only() -> None:
    assert check_life_place("Jane Austen died in Steventon.", [_AUSTEN], "en") is not None
    assert check_life_place("Jane Austen died in Steventon. She was 41.", [_AUSTEN], "en") is None
    assert check_life_place("Jane Austen died in Steventon and Bath.", [_AUSTEN], "fr") is None
    # a claim naming both ends says which is where itself
    assert check_life_place("Jane Austen was born and died in Steventon.", [_AUSTEN], "en") is None


def test_a_place_set_within_another() -> None:
    assert set_within("Paris", "France", ["Paris, the capital of France, ..."])
    assert set_within("Greece", "Europe", ["Greece is a country in southeastern Europe."])
    assert set_within("Steventon", "Hampshire", ["born in Steventon, Hampshire"])
    assert not set_within("France", "Paris", ["Paris, the capital of France, ..."])
    assert not set_within("Honolulu", "Illinois", [_MOVES])
