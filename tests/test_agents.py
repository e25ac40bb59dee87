"""Who did it: a claim's agent against the one a sentence stating the rest of it gives."""

from __future__ import annotations

import pytest

from faithcheck._pipeline.verify.agents import _agents, check_agents
from faithcheck._pipeline.verify.slots import _capitalised, check_slots

_BARBIE = ["Barbie is a 2023 film directed by Greta Gerwig.", "It stars Margot Robbie and Ryan Gosling."]
_ALBUM = ["The album was produced by Rick Rubin and mixed by Andrew Scheps."]
_BILL = ["Senator Ruben Gallego introduced the bill on Tuesday.", "Senator Mark Kelly said he would vote against it."]
_SOUTHPAW = [
    "Southpaw is a 2015 American sports drama film directed by Antoine Fuqua , written by Kurt Sutter and starring "
    "Jake Gyllenhaal , Forest Whitaker and Rachel McAdams ."
]
_MONSTER = [
    "Monster is a 2003 crime drama film written and directed by Patty Jenkins and starring Charlize Theron, "
    "Christina Ricci and Bruce Dern."
]
_DIE_HARD = [
    "A Good Day to Die Hard is a 2013 American action thriller film.",
    "The film was directed by John Moore and written by Skip Woods, and stars Bruce Willis as John McClane.",
]
_NOVEL = [
    "The Lord of the Rings is an epic fantasy novel written by J. R. R. Tolkien.",
    "The films were made by Peter Jackson.",
]


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
        # an irregular verb is one verb ("wrote", "written by"); the sentence's first word is named
        ("Jake Gyllenhaal wrote Southpaw.", _SOUTHPAW, "the context names Kurt Sutter here, not Jake Gyllenhaal"),
        (
            "Peter Jackson wrote The Lord of the Rings.",
            _NOVEL,
            "the context names J. R. R. Tolkien here, not Peter Jackson",
        ),
        # "starring" gives the cast
        ("Kurt Sutter starred in Southpaw.", _SOUTHPAW, "the context names Jake Gyllenhaal here, not Kurt Sutter"),
        # a noun of the verb, before or after the name
        (
            "Southpaw's writer was Jake Gyllenhaal.",
            _SOUTHPAW,
            "the context names Kurt Sutter here, not Jake Gyllenhaal",
        ),
        ("Bruce Dern was the director of Monster.", _MONSTER, "the context names Patty Jenkins here, not Bruce Dern"),
        # two verbs before one "by"
        ("Charlize Theron wrote Monster.", _MONSTER, "the context names Patty Jenkins here, not Charlize Theron"),
        # a sentence opening with what the claim's work is speaks of it ("The film"); "stars" gives the cast
        ("Skip Woods directed A Good Day to Die Hard.", _DIE_HARD, "the context names John Moore here, not Skip Woods"),
        (
            "A Good Day to Die Hard was directed by Bruce Willis.",
            _DIE_HARD,
            "the context names John Moore here, not Bruce Willis",
        ),
        (
            "Argentina won the 2014 World Cup.",
            ["The 2014 World Cup was won by Germany in Rio de Janeiro."],
            "the context names Germany here, not Argentina",
        ),
        (
            "A Good Day to Die Hard starred John Moore.",
            _DIE_HARD,
            "the context names Bruce Willis here, not John Moore",
        ),
        # the claim's agent and the name after its verb the other way round
        (
            "Maria Lopez succeeded David Park as CEO.",
            ["Lopez served as CEO until 2015, when she was succeeded by David Park."],
            "the context names David Park here, not Maria Lopez",
        ),
        # an owner ("Reed's life") does nothing there
        (
            "Nikki Reed directed Thirteen.",
            ["Thirteen is a film directed by Catherine Hardwicke and based on events from Reed's life."],
            "the context names Catherine Hardwicke here, not Nikki Reed",
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
        ("Kurt Sutter wrote Southpaw.", _SOUTHPAW),
        ("Forest Whitaker starred in Southpaw.", _SOUTHPAW),
        ("Southpaw's director was Antoine Fuqua.", _SOUTHPAW),
        ("Patty Jenkins wrote Monster.", _MONSTER),
        ("Patty Jenkins was the director of Monster.", _MONSTER),
        ("J. R. R. Tolkien wrote The Lord of the Rings.", _NOVEL),
        # one of the supporting cast "played by" her starred too
        (
            "Kelly Preston starred in the film Old Dogs.",
            ["Old Dogs is a comedy film starring John Travolta with a supporting cast played by Kelly Preston."],
        ),
        ("Bruce Willis starred in A Good Day to Die Hard.", _DIE_HARD),
        (
            "David Park succeeded Maria Lopez as CEO.",
            ["Lopez served as CEO until 2015, when she was succeeded by David Park."],
        ),
        # a work starred its cast: the name before "starred" is no agent of it
        ("A Good Day to Die Hard starred Bruce Willis.", _DIE_HARD),
        # a sequel is no work the sentence before names
        (
            "Greta Gerwig directed Barbie.",
            ["Barbie is a film by Greta Gerwig.", "The sequel was directed by Noah Baumbach."],
        ),
        # a noun of no verb of the sentence says nothing of who did it
        ("The leader of the film crew was Peter Jackson.", _NOVEL),
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
        return [(a.name.text, "/".join(sorted(a.verbs))) for a in _agents(text, _capitalised(text, "en"), "en")]

    assert agents("Ruben Gallego introduced the bill.") == [("Ruben Gallego", "introduc")]
    assert agents("It was produced by Greta Gerwig, Noah Baumbach and Tom Ackerley.") == [
        ("Greta Gerwig", "produc"),
        ("Noah Baumbach", "produc"),
        ("Tom Ackerley", "produc"),
    ]
    # a participle after a name is no verb of it; a place before a verb is no agent
    # (a cast's verbs stand for one: "played by" is "starring")
    assert agents("Holly is from the series The Office played by Amy Ryan.") == [("Amy Ryan", "star")]
    assert agents("Beachgoers in Queensland spotted a cassowary.") == []
    # irregular forms by their base, "starring" before a cast, two verbs before one "by"
    assert agents("Jake Gyllenhaal wrote it.") == [("Jake Gyllenhaal", "write")]
    assert agents("Germany won it, and Spain sold it.") == [("Germany", "win"), ("Spain", "sell")]
    assert agents("A film starring Jake Gyllenhaal and Rachel McAdams.") == [
        ("Jake Gyllenhaal", "star"),
        ("Rachel McAdams", "star"),
    ]
    assert agents("It was written and directed by Patty Jenkins.") == [("Patty Jenkins", "direct/write")]
    # a noun of a verb with the copula: the stems its verb may have
    assert agents("Its director was Patty Jenkins.") == [("Patty Jenkins", "direct/directo/director")]


_SUCCESSION = ["Acme appointed Tom Reed as chief executive on Monday.", "He replaces Sarah Lee, who retired in March."]
_FRIENDS = [
    "In an interview, Perry recalled that his Friends co-star Jennifer Aniston confronted him about his drinking."
]
_TRIAL = [
    "The trial was led by Dr. Chen.",
    '"The drug reduced symptoms in most patients," Dr. Chen said.',
    "Dr. Patel, who was not involved, called the results promising.",
]


@pytest.mark.parametrize(
    "claim",
    ["Anna Schmidt founded Helix Bio in 2004.", "Anna Schmidt founded the company in 2004."],
)
def test_a_name_in_apposition_does_the_verb_after_its_comma(claim: str) -> None:
    # before, only a name right before its verb did it: "Peter Novak, founded" named no agent, and
    # "the company" stood for no name of the sentences before it
    helix = [
        "Anna Schmidt is the chief executive of Helix Bio.",
        "Its chairman, Peter Novak, founded the company in 2004.",
    ]
    finding = check_slots(claim, helix, "en")
    assert finding is not None
    assert (finding.label, finding.why) == ("wrong_entity", "the context names Peter Novak here, not Anna Schmidt")
    assert check_slots("Peter Novak founded Helix Bio in 2004.", helix, "en") is None


@pytest.mark.parametrize(
    ("claim", "sentences", "why"),
    [
        # the name before "who" does what follows it
        ("Tom Reed retired in March.", _SUCCESSION, "the context names Sarah Lee here, not Tom Reed"),
        # what a speaker recalls is done by the names it gives: the claim has them the other way round
        (
            "Matthew Perry confronted Jennifer Aniston about his drinking.",
            _FRIENDS,
            "the context names Jennifer Aniston here, not Matthew Perry",
        ),
        # a name doing nothing in the sentence (an acronym may be an agent: "written by the IMF")
        (
            "The report was written by the World Bank.",
            ["The report, written by the IMF, was published with support from the World Bank."],
            "the context names IMF here, not World Bank",
        ),
        (
            "Tom moved to the Berlin office.",
            ["Tom was promoted to manager, replacing Maria, who moved to the Berlin office."],
            "the context names Maria here, not Tom",
        ),
        # a title's full stop is no end of the name: "Dr. Patel" is one name, and who said it is Dr. Chen
        (
            "According to Dr. Patel, the drug reduced symptoms in most patients.",
            _TRIAL,
            "the context names Dr. Chen here, not Dr. Patel",
        ),
    ],
)
def test_who_did_it_by_who_recalled_and_titled_names(claim: str, sentences: list[str], why: str) -> None:
    # before, only a name right before its verb did it, a name anywhere in a sentence (a speaker
    # too) was one that may do the claim's verb in other words, and "Dr." alone was a name
    finding = check_slots(claim, sentences, "en")
    assert finding is not None
    assert (finding.label, finding.why) == ("wrong_entity", why)


@pytest.mark.parametrize(
    ("claim", "sentences"),
    [
        ("Sarah Lee retired in March.", _SUCCESSION),
        ("Tom Reed was appointed chief executive of Acme.", _SUCCESSION),
        ("Jennifer Aniston confronted Matthew Perry about his drinking.", _FRIENDS),
        # a speaker who says he did it did it
        (
            "Matthew Perry confronted Jennifer Aniston.",
            ["Perry said he confronted Jennifer Aniston about the script."],
        ),
        ("Dr. Chen said the drug reduced symptoms in most patients.", _TRIAL),
        # a name after a "by" and words describing it, or a list, is its agent (an origin word
        # after "by" is read as a place)
        (
            "Syco was established by Simon Cowell.",
            ["Syco is a British entertainment company established by British entertainment mogul Simon Cowell."],
        ),
        (
            "Peter Jackson produced Soul Food.",
            ["Soul Food is a 1997 film produced by Kenneth `` Babyface `` Edmonds , Peter Jackson and Robert Teitel ."],
        ),
        # a partner of the agent is one too
        ("The report was written by the World Bank.", ["The report was written by the IMF with the World Bank."]),
        (
            "The IMF wrote the report.",
            ["The report, written by the IMF, was published with support from the World Bank."],
        ),
        ("According to Dr. Chen, the drug reduced symptoms in most patients.", _TRIAL),
    ],
)
def test_the_one_who_did_it_or_said_it_keeps_the_claim(claim: str, sentences: list[str]) -> None:
    assert check_slots(claim, sentences, "en") is None


_ROLES = [
    "Jack Falahee (born February 20, 1989) is an American actor.",
    "He is known for his role as Connor Walsh on How to Get Away with Murder.",
]
_LINGONBERRY = ["Kate Nelligan stars as Ned Ravine's wife and Sherilyn Fenn stars as Laura Lingonberry, his secretary."]


@pytest.mark.parametrize(
    ("claim", "sentences", "why"),
    [
        ("Connor Walsh was born in 1989.", _ROLES, "the context names Connor Walsh only as a role someone plays"),
        ("Connor Walsh is an actor.", _ROLES, "the context names Connor Walsh only as a role someone plays"),
        (
            "Laura Lingonberry starred in a film.",
            _LINGONBERRY,
            "the context names Laura Lingonberry only as a role Sherilyn Fenn plays",
        ),
        (
            "Princess Diana was born in 1990.",
            ["Elizabeth Debicki, born in 1990, portrayed Princess Diana in the final season."],
            "the context names Princess Diana only as a role Elizabeth Debicki plays",
        ),
    ],
)
def test_a_role_never_plays_nor_is_born(claim: str, sentences: list[str], why: str) -> None:
    # before, a role's name beside a player's words was read as the player
    finding = check_slots(claim, sentences, "en")
    assert finding is not None
    assert (finding.label, finding.why) == ("wrong_entity", why)


@pytest.mark.parametrize(
    ("claim", "sentences"),
    [
        # what the context says of the role itself
        ("Connor Walsh is a character on How to Get Away with Murder.", _ROLES),
        # the player
        ("Jack Falahee was born in 1989.", _ROLES),
        ("Sherilyn Fenn starred in a film.", _LINGONBERRY),
        # a name the context gives otherwise too is no role only
        (
            "Connor Walsh was born in 1989.",
            ["He played Connor Walsh.", "Connor Walsh was born in 1989 and played football at school."],
        ),
        # a role of no acting ("the role of NATO") names none
        ("NATO played a key role in the talks.", ["Analysts debated the role of NATO in the talks."]),
        # "as" after no actor's word
        ("Tom Reed starred in the school play.", ["He was known as Tom Reed when he starred in the school play."]),
    ],
)
def test_a_player_or_a_name_given_otherwise_keeps_the_claim(claim: str, sentences: list[str]) -> None:
    assert check_slots(claim, sentences, "en") is None
