"""Who did it: the names before a verb and after the verb's "by".

"Margot Robbie directed Barbie" names Margot Robbie as the one who directed; "Barbie is a film
directed by Greta Gerwig" names Greta Gerwig. Where a sentence states all the rest of the claim
(every other word of it, every other name) and gives the claim's verb another agent, never the
claim's, the claim names the wrong one ("the context names Greta Gerwig here, not Margot
Robbie"). An agent is a name right before a verb in the past ("Gallego introduced") or right after
the verb's "by" ("introduced by Senator Ruben Gallego", "bought by the Louvre"), with
the names listed with it ("by Greta Gerwig and Noah Baumbach"), or listed after "starring" (the
cast: "starring Jake Gyllenhaal"). A verb is known by its stem ("directed", "directed by"), an
irregular one by its base (:data:`_IRREGULAR`: "wrote", "written by"). A claim's agent may be named
by a noun of its verb too: "Southpaw's writer was Jake Gyllenhaal", "Bruce Willis was the director
of the film" (:func:`_noun_verbs`). A name before ", who" does the past verb after it ("Sarah Lee,
who retired in March"). A claim's agent that the sentence names only as the speaker of what it
reports ("Perry recalled that Jennifer Aniston confronted him"), or as doing nothing ("published
with support from the World Bank"), does not do the claim's verb there in other words.

A name every sentence gives only as a role ("his role as Connor Walsh") neither acts nor is born
(:func:`check_roles`).
English only: the word order is English's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.findings import Named as N
from faithcheck._pipeline.verify.findings import Placed, SlotFinding
from faithcheck._text.analysis import analyze, without_possessive
from faithcheck._text.lexicon import get_lexicon

__all__ = ["check_agents", "check_roles"]


_IRREGULAR = {
    base: forms.split()
    for base, forms in {
        "write": "wrote written",
        "sing": "sang sung",
        "draw": "drew drawn",
        "lead": "led led",
        "build": "built built",
        "make": "made made",
        "win": "won won",
        "sell": "sold sold",
        "buy": "bought bought",
        "teach": "taught taught",
        "shoot": "shot shot",
        "steal": "stole stolen",
    }.items()
}
"""Irregular verbs that say who made, led or won something, with their past and participle:
"wrote" and "written by" are one verb."""
_BASE = {form: base for base, forms in _IRREGULAR.items() for form in forms}
_PAST = "|".join(["[a-z]+ed", *(past for past, _ in _IRREGULAR.values())])
_VERB_AFTER = re.compile(rf"(?:\s*,\s*who)?\s+({_PAST})\b(?!\s+by\b)")
"""The word right after a name, or after its "who": its verb, where a past ("directed", "introduced",
"wrote"; "Sarah Lee, who retired in March"), not a passive's participle ("the series The Office
played by Amy Ryan")."""
_APPOSED = re.compile(r"\b[a-z]+,\s*$")
"""A noun and a comma right before a name, which is in apposition to it: "Its chairman, Peter Novak,"."""
_APPOSED_REACH = 30
_VERB_AFTER_APPOSED = re.compile(rf",\s+({_PAST})\b(?!\s+by\b)")
"""The past after a name in apposition and its comma: "Its chairman, Peter Novak, founded the company"."""
_BY_BEFORE = re.compile(r"\b(?:([a-z]+)\s+and\s+)?([a-z]+)\s+by\s+(?:(?:the|a|an)\s+)?$|\b(starring|stars|starred)\s+$")
"""A verb and its "by" (and an article) right before a name: "directed by", "bought by the",
"written and directed by"; or "starring", "stars" or "starred", before the first name of a cast
("The Good German starred Tobey Maguire")."""
_NOUN_BEFORE = re.compile(r"\b([a-z]{4,}(?:er|or))\s+(?:is|was)\s+$")
"""A noun of a verb before a name, with the copula: "Southpaw's writer was ..."."""
_NOUN_AFTER = re.compile(r"\s+(?:is|was)\s+the\s+([a-z]{4,}(?:er|or))\s+of\b")
"""A noun of a verb after a name, with the copula: "... was the director of"."""
_INDEFINITE = re.compile(r"\b(?:a|an)\b")
"""An indefinite article: a claim of "a character" speaks of any, which another may have played
("Keegan-Michael Key played a character" beside "Holly is a character ... played by Amy Ryan")."""
_STARRED_IN = re.compile(r"\s+(?:in|as|alongside|opposite|with)\b")
"""What follows a cast's verb said of one of the cast: "starred in", "appeared as"."""
_REFERS_BACK = re.compile(
    r"(?:(?:The|This|Its)\s+(?:film|movie|album|song|single|novel|book|series|show|play|game)|It)\s", re.IGNORECASE
)
"""The opening of a sentence that speaks of a work the sentences before it name: "The film was
directed by John Moore"."""
_THE_ORGANISATION = re.compile(
    r"\bthe\s+(?:company|firm|group|band|team|club|university|school|hospital|agency|organi[sz]ation|"
    r"charity|party|museum|bank|startup|studio|label|magazine|newspaper)\b"
)
"""An organisation spoken of by what it is, anywhere in a sentence, standing for one the sentences
before it name: "Its chairman, Peter Novak, founded the company in 2004"."""
_POSSESSIVE = re.compile(r"\s?['’]s?\b")
"""A possessive's ending right after a name: "Reed 's life", "Reed's life"."""
_LISTED = re.compile(r"\s*(?:,\s*(?:and\s+)?|and\s+|&\s*)$")
"""What joins a name to the one before it in a list of agents: "by Greta Gerwig and Noah Baumbach"."""


@dataclass(frozen=True)
class _Agent(Generic[N]):
    name: N
    verbs: frozenset[str]
    """The verb's stem (the stems a noun of it may have: "direct" of "director")."""
    word: str
    """The verb or noun as written."""
    passive: bool = False
    """Named after the verb's "by" (or listed with one so named): one of the roles of a thing."""


_STAR = "star"
_CAST = {"play": _STAR, "appear": _STAR, "featur": _STAR}
"""Stems of verbs that say who is in a cast, each with the one they all stand for: "starred in" is
said of one "played by" an actor of its supporting cast."""


def _stem(word: str, lang: Lang) -> str | None:
    """The stem of a verb ("directed", "directs": "direct"; "wrote": "write"; "played": "star", as
    all of a cast); ``None`` for a stop word."""
    content = analyze(_BASE.get(word, word), lang).content
    return _CAST.get(stem, stem) if len(content) == 1 and (stem := next(iter(content))) else None


def _noun_verbs(noun: str, lang: Lang) -> frozenset[str]:
    """The stems the verb of an agent's ``noun`` may have: the noun's own ("produc" of "producer"),
    and those of the noun without its ending ("direct" of "director", "write" of "writer", "win" of
    "winner")."""
    bases = {noun, noun[:-2], noun[:-1]}
    bases |= {base[:-1] for base in bases if len(base) > 2 and base[-1] == base[-2]}
    return frozenset(stem for base in bases if (stem := _stem(base, lang)) is not None)


def _agents(text: str, names: Sequence[Placed[N]], lang: Lang) -> list[_Agent[N]]:
    """The agents of ``text`` (its names, each with where it stands and whether it is a place):
    each name but a place right before a verb, or listed before such a name ("Ada Brennan and Mara
    Osei won"), or after a verb's "by", or listed after such a name."""
    stopwords = get_lexicon(lang).stopwords
    found: list[_Agent[N]] = []
    verb_of_list: tuple[frozenset[str], str] | None = None
    last_end = -1
    before: list[N] = []  # the names listed right before this one, none an agent yet
    for name, start, end, place in sorted(names, key=lambda placed: placed[1]):
        joined = _LISTED.fullmatch(text, last_end, start) is not None
        listed = verb_of_list is not None and joined
        by = _BY_BEFORE.search(text, max(0, start - 40), start)
        verb: tuple[frozenset[str], str] | None = None
        passive = True
        if by and (word := by.group(2) or by.group(3)) not in stopwords:
            words = [w for w in (by.group(1), word) if w and w not in stopwords]
            stems = frozenset(stem for w in words if (stem := _stem(w, lang)) is not None)
            verb = verb_of_list = (stems, word) if stems else None
        elif listed:
            verb = verb_of_list
        else:
            verb_of_list, passive = None, False
            verb = None if place else _verb_of(text, start, end, stopwords, lang)
        before = before if joined else []
        if verb is not None and verb[0]:
            found += [_Agent(listed_before, *verb) for listed_before in before if not passive]
            found.append(_Agent(name, *verb, passive))
            before = []
        elif not place:
            before.append(name)
        last_end = end
    return found


def _verb_of(
    text: str, start: int, end: int, stopwords: frozenset[str], lang: Lang
) -> tuple[frozenset[str], str] | None:
    """The verb a name at ``text[start:end]`` is the agent of, with the word that says it: the past
    right after it, or a noun of a verb with the copula (:data:`_NOUN_BEFORE`, :data:`_NOUN_AFTER`)."""
    after = _VERB_AFTER.match(text, end) or (
        _APPOSED.search(text, max(0, start - _APPOSED_REACH), start) and _VERB_AFTER_APPOSED.match(text, end)
    )
    if after and after.group(1) not in stopwords:
        stem = _stem(after.group(1), lang)
        if stem == _STAR and not _STARRED_IN.match(text, after.end()):
            return None  # a work, which starred its cast ("The Good German starred Tobey Maguire")
        return (frozenset({stem}), after.group(1)) if stem else None
    noun = _NOUN_BEFORE.search(text, max(0, start - 40), start) or _NOUN_AFTER.match(text, end)
    return (_noun_verbs(noun.group(1), lang), noun.group(1)) if noun else None


def _reversed(
    agent: _Agent[N],
    claim_names: Sequence[Placed[N]],
    theirs: Sequence[_Agent[N]],
    *,
    active: bool = False,
) -> _Agent[N] | None:
    """The sentence's agent of the verb of the claim's ``agent`` (one before its verb) after that
    verb's "by" (or, with ``active``, before it), where it is a name the claim puts after the verb,
    and the claim's agent is none: the sentence has them the other way round."""
    if agent.passive:
        return None
    at = next((end for name, _, end, _ in claim_names if name is agent.name), None)
    objects = {name.text for name, start, _, _ in claim_names if at is not None and start > at}
    doers = [other for other in theirs if (other.passive or active) and other.verbs & agent.verbs]
    if any(other.name.text == agent.name.text for other in doers):
        return None
    return next((other for other in doers if other.name.text in objects), None)


def _same(agent: _Agent[N], name: N, alias: Callable[[N, N], bool]) -> bool:
    """``name`` is the ``agent``'s, or an ``alias`` of it."""
    return _same_name(agent.name, name, alias)


def _does_else(
    agent: _Agent[N], names: Sequence[N], agents: Sequence[_Agent[N]], alias: Callable[[N, N], bool]
) -> bool:
    """Each name of a sentence (``names``, but a possessive's) that is the claim's ``agent``'s, or an
    ``alias`` of it, is the agent of another verb there after its "by" (one of ``agents``), and
    there is one: the sentence gives the roles of one thing ("produced by Rick Rubin and mixed by
    Andrew Scheps"), and that name's is not the claim's. A name before another verb may do the
    claim's in other words ("Bukayo Saka pulled one back" for "Saka scored")."""
    own = [name for name in names if _same(agent, name, alias)]
    roles = [other for other in agents if _same(agent, other.name, alias)]
    return (
        bool(own) and len(roles) == len(own) and all(other.passive and not other.verbs & agent.verbs for other in roles)
    )


_PARTNERED = re.compile(r"\b(?:with|and|alongside)\s+(?:the\s+)?$|&\s*$", re.IGNORECASE)
"""What joins a partner to the one who does something: "written by the IMF with the World Bank"."""
_AFTER_BY = re.compile(r"\bby(?:\s+\S+){0,7}\s+$")
"""A "by" at most seven words before a name: the name may be of its agent, past words that describe
it or a list ("established by British entertainment mogul Simon Cowell", "produced by Kenneth ``
Babyface `` Edmonds , Peter Jackson and Robert Teitel")."""


def _idle(
    agent: _Agent[N],
    names: Sequence[Placed[N]],
    agents: Sequence[_Agent[N]],
    text: str,
    alias: Callable[[N, N], bool],
) -> bool:
    """Each name of ``text`` (``names``, but a possessive's, with where each stands) that is the
    claim's ``agent``'s, or an ``alias`` of it, is the agent of nothing there (none of ``agents``),
    no partner of one (:data:`_PARTNERED`) and stands after no "by" (:data:`_AFTER_BY`), and there
    is one: "The report, written by the IMF, was published with support from the World Bank" for
    "... written by the World Bank"."""
    own = [start for name, start, _, _ in names if _same(agent, name, alias)]
    return (
        bool(own)
        and not any(_same(agent, other.name, alias) for other in agents)
        and not any(
            _PARTNERED.search(text, max(0, start - 30), start) or _AFTER_BY.search(text, max(0, start - 80), start)
            for start in own
        )
    )


def _only_says(
    agent: _Agent[N], names: Sequence[N], agents: Sequence[_Agent[N]], alias: Callable[[N, N], bool], lang: Lang
) -> bool:
    """Each name of a sentence (``names``, but a possessive's) that is the claim's ``agent``'s, or an
    ``alias`` of it, is the agent of a verb of saying there (one of ``agents``; the lexicon's
    ``speech_verbs``), and there is one: what a speaker tells is done by the names it gives ("Perry
    recalled that Jennifer Aniston confronted him")."""
    speech_verbs = get_lexicon(lang).speech_verbs
    own = [name for name in names if _same(agent, name, alias)]
    roles = [other for other in agents if _same(agent, other.name, alias)]
    return bool(own) and len(roles) == len(own) and all(other.word in speech_verbs for other in roles)


_ROLE_BEFORE = re.compile(
    r"(?:\b(?:star|appear|cast|role|play|portray|voic)[a-z]*(?:\s+[^\s.;]+){0,4}?\s+as"
    r"|\b(?:portray|voic)(?:es|ed|ing|s)?)\s+(?:the\s+character\s+(?:of\s+)?)?$",
    re.IGNORECASE,
)
"""What stands before the name of a role: an actor's verb or "role" and its "as" ("starred in Friends
as", "his role as"), or "portrayed", "voiced"."""
_PLAYER_WORDS = (
    "star starred starring stars actor actress acted acting appeared appears performer performed portrayed "
    "play played plays cast born died"
)
"""What a claim says only of a player, never of a role: that it acted, or was born or died."""


def check_roles(
    claim: str,
    claim_names: Sequence[Placed[N]],
    sentences: Sequence[tuple[str, Sequence[Placed[N]]]],
    mentions: Callable[[N, str], bool],
    alias: Callable[[N, N], bool],
    lang: Lang,
) -> SlotFinding | None:
    """The finding that the claim says of its first name what it says only of a player (acted,
    was born: :data:`_PLAYER_WORDS`) where every sentence naming it (``mentions``) gives it only as
    a role (:data:`_ROLE_BEFORE`): "Connor Walsh was born in 1989" against "He is known for his role
    as Connor Walsh". The sentence names the one who plays it where a name stands before the role's
    words; ``sentences`` come with their names.

    >>> from faithcheck._pipeline.verify.slots import check_slots
    >>> check_slots("Sophia Petrillo was an actress.", ["She was known for her role as Sophia Petrillo."], "en").why
    'the context names Sophia Petrillo only as a role someone plays'
    """
    if lang != "en" or not claim_names:
        return None
    name, start, end, _ = min(claim_names, key=lambda placed: placed[1])
    player_words = analyze(_PLAYER_WORDS, lang).content
    if not analyze(claim[end:], lang).content & player_words or analyze(claim[:start], lang).content:
        return None
    played: list[tuple[str, str | None]] = []
    for text, names in sentences:
        if not mentions(name, text):
            continue
        roles = [
            _ROLE_BEFORE.search(text, max(0, at - 60), at)
            for other, at, _, _ in names
            if _same_name(name, other, alias)
        ]
        if not roles or not all(roles):
            return None
        # the one who plays it: the name right before the first role's words
        opens = min(role.start() for role in roles if role)
        before = [other.text for other, _, until, _ in names if until <= opens]
        played.append((text, before[-1] if before else None))
    if not played:
        return None
    text, player = next((p for p in played if p[1]), played[0])
    why = f"the context names {name.text} only as a role " + (f"{player} plays" if player else "someone plays")
    return SlotFinding("wrong_entity", "entity", why, text, certain=True, slot=name.text)


def _same_name(name: N, other: N, alias: Callable[[N, N], bool]) -> bool:
    """``other`` is ``name`` or an ``alias`` of it."""
    return other.text == name.text or alias(name, other)


def _named_otherwise(other: _Agent[N], agent: _Agent[N], sentence: str) -> SlotFinding:
    """The finding that ``sentence`` gives the claim's verb the agent ``other``, not ``agent``."""
    why = f"the context names {other.name.text} here, not {agent.name.text}"
    return SlotFinding("wrong_entity", "entity", why, sentence, certain=True, slot=agent.name.text)


def check_agents(
    claim: str,
    claim_names: Sequence[Placed[N]],
    sentences: Sequence[tuple[str, Sequence[Placed[N]]]],
    rival: Callable[[N, N], bool],
    mentions: Callable[[N, str], bool],
    alias: Callable[[N, N], bool],
    lang: Lang,
) -> SlotFinding | None:
    """The finding that a sentence stating the rest of ``claim`` gives one of its verbs another
    agent (``rival(claim's name, other)``: a name the claim does not name, no alias of its own; or
    one the claim gives another verb) and never ``mentions`` the claim's but as the agent of another
    verb (each of its names that is the claim's or an ``alias`` of it: "The novel was written by
    Pedro Lima and illustrated by Ana Souza" for "... written by Ana Souza and illustrated by Pedro
    Lima"); ``sentences`` come with their names (a place before a verb is no agent: "Beachgoers in
    Queensland spotted ..."). Nothing is read in a claim of something indefinite
    (:data:`_INDEFINITE`).

    >>> from faithcheck._pipeline.verify.slots import check_slots
    >>> check_slots("Margot Robbie directed Barbie.", ["Barbie is a film directed by Greta Gerwig."], "en").why
    'the context names Greta Gerwig here, not Margot Robbie'
    """
    if lang != "en" or _INDEFINITE.search(claim):
        return None
    claimed = _agents(claim, claim_names, lang)
    if not claimed:
        return None
    name_words = analyze(" ".join(name.text for name, *_ in claim_names), lang).content
    # all the rest of the claim, its numbers too: "The summit was hosted by Madrid in 2022" says
    # nothing of who hosted it in 2019
    rest = analyze(claim, lang).terms - name_words
    for agent in claimed:
        others = [name for name, *_ in claim_names if name.text != agent.name.text]
        doing_else = {a.name.text for a in claimed if not a.verbs & agent.verbs} - {agent.name.text}
        # the verb's own word may be written otherwise there ("wrote", "writer": "written by")
        said = rest - analyze(agent.word, lang).content
        for k, (text, names) in enumerate(sentences):
            named = {name.text for name, *_ in names}
            # the claim's other names there, a sentence's first word too ("Southpaw is a film ..."),
            # or before it where it opens with what they are ("The film was directed by John Moore")
            refers_back = _REFERS_BACK.match(text) is not None or _THE_ORGANISATION.search(text) is not None
            if (
                not all(
                    o.text in named
                    or mentions(o, text)
                    or (refers_back and any(mentions(o, before) for before, _ in sentences[:k]))
                    for o in others
                )
                or not said <= analyze(text, lang).terms
            ):
                continue
            theirs = _agents(text, names, lang)
            if reversed_ := _reversed(agent, claim_names, theirs):
                # "Maria Lopez succeeded David Park" against "she was succeeded by David Park"
                return _named_otherwise(reversed_, agent, text)
            # an owner ("Reed's life") does nothing there: a name named only so is not there
            owners = [
                n for n, _, end, _ in names if _POSSESSIVE.match(text, end) or without_possessive(n.text) != n.text
            ]
            doers = [n for n, *_ in names if n not in owners]
            does_else = mentions(agent.name, text) and not (
                any(_same(agent, n, alias) for n in owners) and not any(_same(agent, n, alias) for n in doers)
            )
            # a name doing nothing there ("published with support from the World Bank") is no
            # agent the claim's verb may have in other words
            idle = does_else and _idle(agent, [placed for placed in names if placed[0] in doers], theirs, text, alias)
            does_else = does_else and not idle
            only_says = does_else and _only_says(agent, doers, theirs, alias, lang)
            if only_says and (reversed_ := _reversed(agent, claim_names, theirs, active=True)):
                # "Matthew Perry confronted Jennifer Aniston" against "Perry recalled that ...
                # Jennifer Aniston confronted him"
                return _named_otherwise(reversed_, agent, text)
            if does_else and not only_says and not _does_else(agent, doers, theirs, alias):
                continue
            for other in theirs:
                if (
                    other.verbs & agent.verbs
                    and (other.passive or not does_else or only_says)
                    and (
                        rival(agent.name, other.name)
                        or (other.name.text in doing_else and not alias(agent.name, other.name))
                    )
                ):
                    return _named_otherwise(other, agent, text)
    return None
