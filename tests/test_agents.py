"""Who did it: a claim's agent against the one a sentence stating the rest of it gives."""

from __future__ import annotations

import pytest

from faithcheck._pipeline.verify.agents import _agents, check_agents
from faithcheck._pipeline.verify.slots import _capitalised, check_slots

_BARBIE = ["Barbie is a 2023 film directed by Greta Gerwig.", "It stars Margot Robbie and Ryan Gosling."]
_ALBUM = ["The album was produced by Rick Rubin and mixed by Andrew Scheps."]
_BILL = ["Senator Ruben Gallego introduced the bill on Tuesday.", "Senator Mark Kelly said he would vote against it."]


@pytest.mark.parametrize(
    ("claim", "sentences", "why"),
    [
        # active in the claim, passive in the context, and the other way round
        ("Margot Robbie directed Barbie.", _BARBIE, "the context names Greta Gerwig here, not Margot Robbie"),
        (
            "The bill was introduced by Senator Mark Kelly.",
            _BILL,
            "the context names Senator Ruben Gallego here, not Senator Mark Kelly",
        ),
        # a sentence naming the claim's agent only after another verb's "by"
        ("Andrew Scheps produced the album.", _ALBUM, "the context names Rick Rubin here, not Andrew Scheps"),
        # by his surname alone
        (
            "Andrew Scheps produced the album.",
            ["The album was produced by Rick Rubin and mixed by Scheps."],
            "the context names Rick Rubin here, not Andrew Scheps",
        ),
        # two agents swapped: each is the other's rival, though the claim names both
        (
            "The novel was written by Ana Souza and illustrated by Pedro Lima.",
            ["The novel was written by Pedro Lima and illustrated by Ana Souza."],
            "the context names Pedro Lima here, not Ana Souza",
        ),
    ],
)
def test_another_agent_of_the_claims_verb_where_the_rest_is_stated_is_the_wrong_entity(
    claim: str, sentences: list[str], why: str
) -> None:
    # before, the names were read where they stand, and an active verb's subject never stood where
    # the passive's "by" has its agent; a sentence naming the claim's agent anywhere decided
    # nothing, and a name the claim named elsewhere was no rival
    finding = check_slots(claim, sentences, "en")
    assert finding is not None
    assert (finding.label, finding.decides, finding.why) == ("wrong_entity", True, why)


@pytest.mark.parametrize(
    ("claim", "sentences"),
    [
        ("Greta Gerwig directed Barbie.", _BARBIE),
        ("Ruben Gallego introduced the bill.", _BILL),
        # an agent listed with another after "by"
        ("Noah Baumbach produced the film.", ["The film was produced by Greta Gerwig and Noah Baumbach."]),
        # a sentence naming the claim's agent may say it otherwise ("Lyon and Paris grew")
        ("Lyon grew by 3%.", ["Lyon and Paris grew by 3% and 5%, respectively."]),
        # a sentence that does not state all the rest of the claim says nothing of its agent
        ("Margot Robbie directed Barbie in London.", _BARBIE),
        # a claim of something indefinite speaks of any: another may have played this one
        (
            "Keegan-Michael Key played a character.",
            ["Holly is a character from the series The Office played by Amy Ryan."],
        ),
        # each agent where the context has it, in the other voice
        ("Rick Rubin produced the album and Andrew Scheps mixed it.", _ALBUM),
        # the claim's agent is the verb's too, listed
        (
            "The album was produced by Andrew Scheps.",
            ["It was produced by Rick Rubin and Andrew Scheps, and mixed by Andrew Scheps."],
        ),
        # the sentence names the claim's agent once more, in no verb's place: it may say more of him
        (
            "Andrew Scheps produced the album.",
            ["The album, a favourite of Andrew Scheps, was produced by Rick Rubin and mixed by Andrew Scheps."],
        ),
        # the claim's agent before another verb may do the claim's in other words (a first version
        # read "pulled one back" as no scoring)
        (
            "Saka scored in the 80th minute.",
            ["Erling Haaland scored twice, before Bukayo Saka pulled one back in the 80th minute."],
        ),
        # an irregular verb is two verbs ("wrote", "written"): nothing is read
        ("Jake Gyllenhaal wrote Southpaw.", ["Southpaw was written by Kurt Sutter."]),
    ],
)
def test_an_agent_the_context_gives_or_does_not_contradict_keeps_the_claim(claim: str, sentences: list[str]) -> None:
    assert check_slots(claim, sentences, "en") is None


def test_agents_are_read_in_english_only() -> None:
    # the same English words that decide in English decide nothing under another language: the
    # word order read is English's (a French text would not even match it)
    names = [(text, _capitalised(text, "en")) for text in _BARBIE[:1]]
    claim = "Margot Robbie directed Barbie."

    def rival(name: object, other: object) -> bool:
        return True

    def mentions(name: object, text: str) -> bool:
        return False

    def alias(name: object, other: object) -> bool:
        return False

    assert check_agents(claim, _capitalised(claim, "en"), names, rival, mentions, alias, "en") is not None
    assert check_agents(claim, _capitalised(claim, "en"), names, rival, mentions, alias, "fr") is None


def test_the_rest_of_the_claim_is_its_numbers_too() -> None:
    # the 2022 sentence does not state "in 2019": it says nothing of who hosted the summit then
    summits = ["The summit was hosted by Madrid in 2022.", "Lisbon hosted it in 2019."]
    assert check_slots("Lisbon hosted the summit in 2019.", summits, "en") is None
    finding = check_slots("Lisbon hosted the summit in 2022.", summits, "en")
    assert finding is not None
    assert (finding.label, finding.why) == ("wrong_entity", "the context names Madrid here, not Lisbon")


def test_an_agent_stands_before_a_verb_in_the_past_or_after_its_by() -> None:
    def agents(text: str) -> list[tuple[str, str]]:
        return [(a.name.text, a.verb) for a in _agents(text, _capitalised(text, "en"), "en")]

    assert agents("Ruben Gallego introduced the bill.") == [("Ruben Gallego", "introduc")]
    assert agents("It was produced by Greta Gerwig, Noah Baumbach and Tom Ackerley.") == [
        ("Greta Gerwig", "produc"),
        ("Noah Baumbach", "produc"),
        ("Tom Ackerley", "produc"),
    ]
    # a participle after a name is no verb of it; a place before a verb is no agent
    assert agents("Holly is from the series The Office played by Amy Ryan.") == [("Amy Ryan", "play")]
    assert agents("Beachgoers in Queensland spotted a cassowary.") == []
