"""What a name is: a claim's predicate against the subject a sentence says it of."""

from __future__ import annotations

import pytest

from faithcheck import Faithfulness
from faithcheck._pipeline.verify.predicates import _predications, check_predicates
from faithcheck._pipeline.verify.slots import NameSlot, _capitalised, check_slots
from faithcheck._text.analysis import analyze

_ASYLUM = ["Asylum Records is an American record label founded in 1971 by David Geffen and partner Elliot Roberts."]
_SANTANA = [
    "Carlos Santana ( born July 20 , 1947 ) is a Mexican and American musician who first became famous in the 1960s.",
    "In 2003 Rolling Stone magazine listed Santana at number 20 on their list of the 100 Greatest Guitarists.",
]
_SANCHO = ["Sancho Panza is a fictional character in the novel Don Quixote written by Miguel de Cervantes."]
_BEATLES = ["John Lennon was a member of the Beatles, alongside Paul McCartney, George Harrison and Ringo Starr."]


@pytest.mark.parametrize(
    ("claim", "sentences", "why"),
    [
        (
            "Elliot Roberts is an American record label.",
            _ASYLUM,
            "the context names Asylum Records here, not Elliot Roberts",
        ),
        # past the subject's brackets, and the predicate among more words
        ("Rolling Stone is a musician.", _SANTANA, "the context names Carlos Santana here, not Rolling Stone"),
        ("Don Quixote is a character in a novel.", _SANCHO, "the context names Sancho Panza here, not Don Quixote"),
        # past square brackets; a word of the claim no sentence states leaves it unsupported anyway
        (
            "Don Quixote is a fictional character in a novel by a writer born in the 17th century.",
            ["Sancho Panza [ santʃo panθa ] is a fictional character in the novel Don Quixote by Miguel de Cervantes."],
            "the context names Sancho Panza here, not Don Quixote",
        ),
        # a definite predicate, the claim's name later in the sentence
        (
            "Lagos is the capital of Nigeria.",
            ["Abuja is the capital of Nigeria, having replaced Lagos in 1991."],
            "the context names Abuja here, not Lagos",
        ),
        (
            "Margot Robbie is the director of Barbie.",
            ["Greta Gerwig is the director of Barbie, which stars Margot Robbie and Ryan Gosling."],
            "the context names Greta Gerwig here, not Margot Robbie",
        ),
        # a superlative that is a stop word ("most") and a subject named with its article
        (
            "The Vatican Museums are the most visited museum in the world.",
            ["The Louvre is the most visited museum in the world, ahead of the Vatican Museums."],
            "the context names The Louvre here, not The Vatican Museums",
        ),
        # an acronym as the subject
        (
            "Tesla is an electric vehicle maker.",
            ["BYD is an electric vehicle maker that overtook Tesla in 2023."],
            "the context names BYD here, not Tesla",
        ),
        # the claim's apposition says what its name is, as its copula does
        (
            "Elliot Roberts, an American record label, was founded in 1971.",
            _ASYLUM,
            "the context names Asylum Records here, not Elliot Roberts",
        ),
        # a copula with adverbs and "known as"
        (
            "Gong Li is an actor.",
            ["Jiang is also well known internationally as an actor, having starred with Gong Li in Red Sorghum."],
            "the context names Jiang here, not Gong Li",
        ),
        # another sentence names the claim's name, saying something else of it
        (
            "Cloverfield Lane is a filmmaker.",
            ["10 Cloverfield Lane is a 2016 American film.", "Dan Trachtenberg is an American filmmaker."],
            "the context names Dan Trachtenberg here, not Cloverfield Lane",
        ),
    ],
)
def test_a_predicate_said_of_another_subject_is_the_wrong_entity(claim: str, sentences: list[str], why: str) -> None:
    # before, a sentence naming the claim's name anywhere decided nothing, and one naming it nowhere
    # only where the words beside the two names were the same ("is an American", not "is a musician")
    finding = check_slots(claim, sentences, "en")
    assert finding is not None
    assert (finding.label, finding.decides, finding.why) == ("wrong_entity", True, why)


@pytest.mark.parametrize(
    ("claim", "sentences"),
    [
        ("Asylum Records is an American record label.", _ASYLUM),
        ("Carlos Santana is a musician.", _SANTANA),
        ("Sancho Panza is a character in Don Quixote.", _SANCHO),
        # a name set beside the subject: the sentence may say the same of it
        ("Paul McCartney was a member of the Beatles.", _BEATLES),
        # another sentence says it of the claim's name, or of a pronoun that may be it
        (
            "Bill Fagerbakke is an American actor.",
            [
                "Tom Kenny is an American actor who works with Bill Fagerbakke.",
                "Bill Fagerbakke is an American actor too.",
            ],
        ),
        (
            "Bill Fagerbakke is an American actor.",
            ["Tom Kenny is an American actor who works with Bill Fagerbakke.", "He is an American actor too."],
        ),
        # said in an apposition
        (
            "Lagos is the largest city of Nigeria.",
            [
                "Abuja is the largest city of the capital territory.",
                "Lagos, the largest city of Nigeria, lies on the coast.",
            ],
        ),
        # the claim's name in the subject's brackets: an alias
        (
            "Vishal Devgan is an Indian film actor.",
            ["Ajay Devgan ( born Vishal Devgan on 2 April 1969 ) is an Indian film actor , director and producer ."],
        ),
        ("Asylum Records, an American record label, was founded in 1971.", _ASYLUM),
        # an apposition without an article is no predicate read
        (
            "Tim Cook, Apple's chief executive, announced the phone.",
            ["Apple chief executive Tim Cook announced the phone."],
        ),
        # an acronym and the name it spells are one
        (
            "The FDA is a federal agency.",
            ["The Food and Drug Administration is a federal agency of the United States."],
        ),
        (
            "NASA is a space agency.",
            ["The National Aeronautics and Space Administration is an independent space agency."],
        ),
        # a sentence that does not state all the rest of the claim says nothing of its name
        ("Elliot Roberts is an American record label from Texas.", [*_ASYLUM, "Elliot Roberts grew up in Texas."]),
        # the sentence's predicate lacks a word of the claim's
        ("Elliot Roberts is an American record producer.", _ASYLUM),
        # no name opens the sentence: a description may be the claim's name
        ("Elliot Roberts is an American manager.", ["The founder is an American manager, as was Elliot Roberts."]),
    ],
)
def test_a_predicate_the_context_says_of_the_claims_name_or_may_keeps_the_claim(
    claim: str, sentences: list[str]
) -> None:
    assert check_slots(claim, sentences, "en") is None


def test_predicates_are_read_in_english_only() -> None:
    names = [(text, _capitalised(text, "en")) for text in _ASYLUM]
    claim = "Elliot Roberts is an American record label."

    def rival(name: object, other: object) -> bool:
        return True

    def mentions(name: object, text: str) -> bool:
        return False

    assert check_predicates(claim, _capitalised(claim, "en"), names, rival, mentions, "en") is not None
    assert check_predicates(claim, _capitalised(claim, "en"), names, rival, mentions, "fr") is None


def test_a_predicate_is_read_past_brackets_an_apposition_and_a_list() -> None:
    text = "Ajay Devgan ( born 1969 ), also credited as Ajay Devgn, is an Indian film actor, director and producer."
    [said] = _predications(text, _capitalised(text, "en"), "en")
    assert said.subject is not None
    assert said.subject.text == "Ajay Devgan"
    assert said.words == analyze("Indian film actor director producer", "en").content
    # a subject that is no name, and an apposition
    no_names: tuple[tuple[NameSlot, int, int, bool], ...] = ()
    assert [(p.subject, p.words) for p in _predications("He is a former banker.", no_names, "en")] == [
        (None, analyze("former banker", "en").content)
    ]
    text = "Lagos, the largest city of Nigeria, lies on the coast."
    assert [(p.subject and p.subject.text, p.words) for p in _predications(text, _capitalised(text, "en"), "en")] == [
        ("Lagos", analyze("largest city", "en").content)
    ]


def test_the_verifier_names_the_subject_the_context_gives() -> None:
    [verdict] = Faithfulness(verifier="baseline", lang="en").check_claims(
        ["Elliot Roberts is an American record label."], [" ".join(_ASYLUM)]
    )
    assert verdict.label == "wrong_entity"
    assert "Asylum Records" in verdict.reason
