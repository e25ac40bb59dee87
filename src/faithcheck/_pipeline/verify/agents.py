"""Who did it: the names before a verb and after the verb's "by".

"Margot Robbie directed Barbie" names Margot Robbie as the one who directed; "Barbie is a film
directed by Greta Gerwig" names Greta Gerwig. Where a sentence states all the rest of the claim
(every other word of it, every other name) and gives the claim's verb another agent, never the
claim's, the claim names the wrong one ("the context names Greta Gerwig here, not Margot
Robbie"). An agent is a name right before a verb in the past ("Gallego introduced") or right after
the verb's "by" ("introduced by Senator Ruben Gallego", "bought by the Louvre"), with
the names listed with it ("by Greta Gerwig and Noah Baumbach"); a verb is known by its stem
("directed", "directed by"), so irregular forms ("wrote", "written") are two verbs and decide
nothing.
English only: the word order is English's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.findings import Named as N
from faithcheck._pipeline.verify.findings import SlotFinding
from faithcheck._text.analysis import analyze
from faithcheck._text.lexicon import get_lexicon

__all__ = ["check_agents"]


_VERB_AFTER = re.compile(r"\s+([a-z]+ed)\b(?!\s+by\b)")
"""The word right after a name: its verb, where a regular past ("directed", "introduced"), not a
passive's participle ("the series The Office played by Amy Ryan")."""
_BY_BEFORE = re.compile(r"\b([a-z]+)\s+by\s+(?:(?:the|a|an)\s+)?$")
"""A verb and its "by" (and an article) right before a name: "directed by", "bought by the"."""
_INDEFINITE = re.compile(r"\b(?:a|an)\b")
"""An indefinite article: a claim of "a character" speaks of any, which another may have played
("Keegan-Michael Key played a character" beside "Holly is a character ... played by Amy Ryan")."""
_LISTED = re.compile(r"\s*(?:,\s*(?:and\s+)?|and\s+|&\s*)$")
"""What joins a name to the one before it in a list of agents: "by Greta Gerwig and Noah Baumbach"."""


@dataclass(frozen=True)
class _Agent(Generic[N]):
    name: N
    verb: str
    """The verb's stem."""
    passive: bool = False
    """Named after the verb's "by" (or listed with one so named): one of the roles of a thing."""


def _stem(word: str, lang: Lang) -> str | None:
    """The stem of a verb ("directed", "directs": "direct"); ``None`` for a stop word."""
    content = analyze(word, lang).content
    return next(iter(content)) if len(content) == 1 else None


def _agents(text: str, names: Sequence[tuple[N, int, int, bool]], lang: Lang) -> list[_Agent[N]]:
    """The agents of ``text`` (its names, each with where it stands and whether it is a place):
    each name but a place right before a verb, or after a verb's "by", or listed after such a
    name."""
    stopwords = get_lexicon(lang).stopwords
    found: list[_Agent[N]] = []
    verb_of_list: str | None = None
    last_end = -1
    for name, start, end, place in sorted(names, key=lambda placed: placed[1]):
        listed = verb_of_list is not None and _LISTED.fullmatch(text, last_end, start) is not None
        by = _BY_BEFORE.search(text, max(0, start - 40), start)
        verb: str | None = None
        passive = True
        if by and by.group(1) not in stopwords:
            verb = _stem(by.group(1), lang)
            verb_of_list = verb
        elif listed:
            verb = verb_of_list
        else:
            verb_of_list, passive = None, False
            after = _VERB_AFTER.match(text, end)
            if not place and after and after.group(1) not in stopwords:
                verb = _stem(after.group(1), lang)
        if verb is not None:
            found.append(_Agent(name, verb, passive))
        last_end = end
    return found


def _does_else(
    agent: _Agent[N], names: Sequence[N], agents: Sequence[_Agent[N]], alias: Callable[[N, N], bool]
) -> bool:
    """Each name of a sentence (``names``) that is the claim's ``agent``'s, or an ``alias`` of it,
    is the agent of another verb there after its "by" (one of ``agents``), and there is one: the
    sentence gives the roles of one thing ("produced by Rick Rubin and mixed by Andrew Scheps"),
    and that name's is not the claim's. A name before another verb may do the claim's in other
    words ("Bukayo Saka pulled one back" for "Saka scored")."""

    def same(other: N) -> bool:
        return other.text == agent.name.text or alias(agent.name, other)

    own = [name for name in names if same(name)]
    roles = [other for other in agents if same(other.name)]
    return bool(own) and len(roles) == len(own) and all(other.passive and other.verb != agent.verb for other in roles)


def check_agents(
    claim: str,
    claim_names: Sequence[tuple[N, int, int, bool]],
    sentences: Sequence[tuple[str, Sequence[tuple[N, int, int, bool]]]],
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
        others = {name.text for name, *_ in claim_names} - {agent.name.text}
        doing_else = {a.name.text for a in claimed if a.verb != agent.verb} - {agent.name.text}
        for text, names in sentences:
            if not others <= {name.text for name, *_ in names} or not rest <= analyze(text, lang).terms:
                continue
            theirs = _agents(text, names, lang)
            does_else = mentions(agent.name, text)
            if does_else and not _does_else(agent, [n for n, *_ in names], theirs, alias):
                continue
            for other in theirs:
                if (
                    other.verb == agent.verb
                    and (other.passive or not does_else)
                    and (
                        rival(agent.name, other.name)
                        or (other.name.text in doing_else and not alias(agent.name, other.name))
                    )
                ):
                    why = f"the context names {other.name.text} here, not {agent.name.text}"
                    return SlotFinding("wrong_entity", "entity", why, text, certain=True, slot=agent.name.text)
    return None
