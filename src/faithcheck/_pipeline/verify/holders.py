"""Who holds a post of what: "Satya Nadella is the CEO of OpenAI" against "Microsoft's CEO Satya
Nadella".

A post ("CEO", "chief executive", "president", "coach", ...) ties a name to the organisation or
place it is the post of, written several ways: "Microsoft's CEO Satya Nadella", "Microsoft CEO
Satya Nadella", "the CEO of Microsoft, Satya Nadella", "Satya Nadella, Microsoft's CEO", "Satya
Nadella is the CEO of Microsoft". The name check reads the claim's names one by one, each of which
the context has: this check reads the three together. A claim's holder that the context gives the
post only of another organisation, never of the claim's, is the wrong one there ("the context gives
Satya Nadella as CEO of Microsoft, not of OpenAI"); so is one where the context gives the claim's
organisation's post to someone else and never to the claim's name ("the context names Sam Altman
here, not Satya Nadella"). English only: the word order is English's.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.findings import SlotFinding
from faithcheck._text.lexicon import get_lexicon, lower_case_words

__all__ = ["check_holders", "held_posts"]


_POSTS = {
    "ceo": "ceo",
    "chief executive": "ceo",
    "chief executive officer": "ceo",
    "cfo": "cfo",
    "chief financial officer": "cfo",
    "cto": "cto",
    "chief technology officer": "cto",
    "coo": "coo",
    "chief operating officer": "coo",
    "chairman": "chair",
    "chairwoman": "chair",
    "chairperson": "chair",
    "chair": "chair",
    "president": "president",
    "vice president": "vice president",
    "founder": "founder",
    "co-founder": "founder",
    "cofounder": "founder",
    "director": "director",
    "managing director": "managing director",
    "head coach": "coach",
    "coach": "coach",
    "manager": "manager",
    "captain": "captain",
    "owner": "owner",
    "editor": "editor",
    "editor-in-chief": "editor",
    "mayor": "mayor",
    "governor": "governor",
    "prime minister": "prime minister",
    "leader": "leader",
}
"""Posts, lower-cased, to the post they name: "chief executive" is the CEO."""
_POST = "(?i:" + "|".join(sorted(map(re.escape, _POSTS), key=len, reverse=True)) + ")"
_ANY_POST = re.compile(rf"\b{_POST}\b")
"""A post anywhere: a text with none holds no post (the patterns below are slow to fail)."""
_NAME = r"[A-Z][\w&.-]*(?:[ \t]+(?:(?:of|the|and|for|de)[ \t]+)*[A-Z][\w&'’.-]*)*"
"""A name: capitalised words, with "of", "the", "and", "for" between them ("Bank of England")."""
_PERSON = r"(?:(?:Dr|Mr|Mrs|Ms|Sir)\.?\s+)?[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*)+"
"""A person's name: two capitalised words or more, a title before them."""
_TIME = r"(?:(?i:new|former|current|then|longtime|interim|acting)\s+)?"
_PATTERNS = (
    # "Microsoft's CEO Satya Nadella", "Microsoft CEO Satya Nadella", "OpenAI's chief executive, Sam Altman,"
    re.compile(rf"(?P<org>{_NAME})(?:['’]s)?\s+{_TIME}(?P<post>{_POST})\s*,?\s+(?P<person>{_PERSON})"),
    # "the CEO of Microsoft, Satya Nadella"
    re.compile(rf"\b{_TIME}(?P<post>{_POST})\s+of\s+(?P<org>{_NAME})\s*,?\s+(?P<person>{_PERSON})"),
    # "Satya Nadella, Microsoft's CEO"
    re.compile(rf"(?P<person>{_PERSON}),\s+(?P<org>{_NAME})['’]s\s+{_TIME}(?P<post>{_POST})\b"),
    # "Satya Nadella is the CEO of Microsoft", "Satya Nadella, the CEO of Microsoft", "... became CEO of"
    re.compile(
        rf"(?P<person>{_PERSON})(?:,|\s+(?:is|was|has\s+been|had\s+been|became|remains|served\s+as))\s+"
        rf"(?:(?:the|its|a)\s+)?{_TIME}(?P<post>{_POST})\s+of\s+(?P<org>{_NAME})"
    ),
)
"""Where a name holds a post of an organisation (the post's words in any case)."""
_LISTED = re.compile(r"\s*,\s*(?:and\s+)?|\s+and\s+")
"""What joins two organisations of one post: "CEO of Tesla and SpaceX"."""
_LEADING = re.compile(r"^(?:the|a|an|its|their|his|her)\s+", re.IGNORECASE)


@dataclass(frozen=True)
class Post:
    """A name holding a post of an organisation."""

    person: str
    post: str
    """The post as :data:`_POSTS` names it ("ceo" of "chief executive")."""
    org: str
    title: str = field(default="", compare=False)
    """The post as written."""


@lru_cache(maxsize=16384)
def held_posts(text: str, lang: Lang) -> tuple[Post, ...]:
    """The posts ``text`` says names hold.

    >>> held_posts("Microsoft's CEO Satya Nadella announced the deal.", "en")
    (Post(person='Satya Nadella', post='ceo', org='Microsoft', title='CEO'),)
    >>> held_posts("Sam Altman is the chief executive of OpenAI.", "en")
    (Post(person='Sam Altman', post='ceo', org='OpenAI', title='chief executive'),)
    """
    if lang != "en" or not _ANY_POST.search(text):
        return ()
    found: list[Post] = []
    lex = get_lexicon(lang)
    common = lower_case_words(lang).common | lex.stopwords
    for pattern in _PATTERNS:
        for m in pattern.finditer(text):
            person = m.group("person").rstrip(".")
            # "CEO of Tesla and SpaceX" holds both posts
            for org in _LISTED.split(_LEADING.sub("", m.group("org")).rstrip(".")):
                word = org.lower()
                if word in _POSTS or (" " not in org and (word in common or lex.of_origin(word))):
                    # "Former CEO John Smith", "British Prime Minister ...": a word written in lower
                    # case, or of origin, is no organisation
                    continue
                post = Post(person, _POSTS[m.group("post").lower()], org, m.group("post"))
                if post not in found:
                    found.append(post)
    return tuple(found)


def _same(a: str, b: str) -> bool:
    """Two names are one: the words of one begin or end the other's ("Nadella" of "Satya Nadella",
    "Microsoft" of "Microsoft Corp"), or one is the other's initials ("FBI", "U.S.").

    >>> _same("Federal Bureau of Investigation", "FBI"), _same("U.S.", "United States"), _same("Apple", "Google")
    (True, True, False)
    """
    mine, theirs = a.lower().split(), b.lower().split()
    shorter, longer = sorted((mine, theirs), key=len)
    if longer[: len(shorter)] == shorter or longer[len(longer) - len(shorter) :] == shorter:
        return True
    initials = "".join(w[0] for w in longer if w not in {"of", "the", "and", "for"})
    return len(shorter) == 1 and shorter[0].replace(".", "") == initials


def check_holders(claim: str, sentences: Sequence[str], lang: Lang) -> SlotFinding | None:
    """The finding that ``sentences`` give a post the claim gives its name only of another
    organisation, or the claim organisation's post only to another name; ``None`` otherwise.

    >>> check_holders("Satya Nadella is the CEO of OpenAI.",
    ...               ["Microsoft's CEO Satya Nadella announced the deal."], "en").why
    'the context gives Satya Nadella as CEO of Microsoft, not of OpenAI'
    """
    claimed_posts = held_posts(claim, lang)
    if not claimed_posts:
        return None
    given = [(post, sentence) for sentence in sentences for post in held_posts(sentence, lang)]
    for claimed in claimed_posts:
        alike = [(post, sentence) for post, sentence in given if post.post == claimed.post]
        if any(_same(p.person, claimed.person) and _same(p.org, claimed.org) for p, _ in alike):
            continue
        for post, sentence in alike:
            if _same(post.person, claimed.person):
                why = f"the context gives {post.person} as {post.title} of {post.org}, not of {claimed.org}"
                return SlotFinding("wrong_entity", "entity", why, sentence, certain=True, slot=claimed.org)
        for post, sentence in alike:
            if _same(post.org, claimed.org):
                why = f"the context names {post.person} here, not {claimed.person}"
                return SlotFinding("wrong_entity", "entity", why, sentence, certain=True, slot=claimed.person)
    return None
