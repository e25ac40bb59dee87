"""How answers lean on their question: the forms the offline relevance judge reads in context.

An answer is not written to be read alone. "Yes, as long as it is small." answers "Can I bring my
dog on the train?" without naming the dog or the train; "Keep them out of the reach of children."
answers "How should I store the tablets?" with the tablets left to a pronoun; a clause split off
a sentence ("after that the first night is charged") or a sentence that goes on about "it" belongs
with the statement before it. Judged alone against the question, such statements share no word
with it and look off-topic. The functions here recognise these forms, from the word lists of
:mod:`faithcheck._text.lexicon`; :func:`faithcheck._pipeline.relevancy.judge_statements` applies them.
"""

from __future__ import annotations

import re

from faithcheck._core.types import Lang
from faithcheck._text.lexicon import get_lexicon

__all__ = ["continues", "is_polar_question", "key_phrase", "polar_answer_rest", "resolve_object_anaphor"]

_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*|\S")
_ANSWER_PUNCT = " ,;:.!-\u2013\u2014"  # hyphen, en and em dash
_TERMINAL = (".", "!", "?", "…", '"', "”", "»", ")")
# A pronoun among a statement's first words refers back to what came before ("It covers the
# motor", "Keep them cool"); one further on mostly refers to a noun of its own sentence.
_OPENING_WORDS = 3


def _normal(text: str) -> str:
    return " ".join(text.replace("’", "'").split()).strip()


def is_polar_question(question: str, lang: Lang = "en") -> bool:
    """Whether ``question`` asks (at least once) for a yes or a no.

    >>> is_polar_question("Can I bring my dog on the train?"), is_polar_question("How do I reset it?")
    (True, False)
    >>> is_polar_question("I have a small dog. Is it allowed on the train?")
    True
    """
    pattern = get_lexicon(lang).polar_question
    asked = [s for s in _SENTENCE_END.split(_normal(question)) if s.endswith("?")] or [_normal(question)]
    return any(pattern.search(s.lower()) for s in asked)


def polar_answer_rest(statement: str, lang: Lang = "en") -> str | None:
    """The rest of ``statement`` after an opening that answers a yes/no question, or ``None``.

    The opening is a yes or a no, a short answer ("You can", "It is not") or a condition
    ("Only if", "As long as"); what follows it is returned so that the caller can still
    catch "No, I don't know." as a refusal.

    >>> polar_answer_rest("Yes, as long as it is small.")
    'as long as it is small.'
    >>> polar_answer_rest("No.")
    ''
    >>> polar_answer_rest("Only if you booked a flexible fare.")
    'if you booked a flexible fare.'
    >>> polar_answer_rest("Trains leave every hour.") is None
    True
    """
    text = _normal(statement)
    match = get_lexicon(lang).polar_answer.match(text.lower())
    if match is None:
        return None
    return text[match.end() :].lstrip(_ANSWER_PUNCT)


def key_phrase(question: str, lang: Lang = "en") -> str | None:
    """The question's first noun phrase opened by a determiner: what a pronoun in the answer
    most likely stands for (``None`` when there is none).

    The phrase runs from the determiner to the next stop word or punctuation mark.

    >>> key_phrase("How should I store the tablets?")
    'the tablets'
    >>> key_phrase("Can I bring my dog on the train?")
    'my dog'
    >>> key_phrase("How long does shipping take?") is None
    True
    """
    lex = get_lexicon(lang)
    tokens = _WORD.findall(_normal(question))
    for i, token in enumerate(tokens):
        if token.lower() not in lex.determiners:
            continue
        words = []
        for word in tokens[i + 1 :]:
            if not word[0].isalpha() or word.lower() in lex.stopwords:
                break
            words.append(word)
        if words:
            return " ".join([token, *words])
    return None


def resolve_object_anaphor(statement: str, phrase: str, lang: Lang = "en") -> str | None:
    """``statement`` with the object pronoun among its first words replaced by ``phrase``, or
    ``None`` when it has none (a pronoun that opens the statement is its subject, often "it" of
    "it depends", and is left alone).

    >>> resolve_object_anaphor("Keep them out of the reach of children.", "the tablets")
    'Keep the tablets out of the reach of children.'
    >>> resolve_object_anaphor("It depends on the weather.", "the tablets") is None
    True
    """
    text = _normal(statement)
    match = get_lexicon(lang).object_anaphor.search(text)
    if match is None or len(_WORD.findall(text[: match.start()])) >= _OPENING_WORDS:
        return None
    return text[: match.start()] + phrase + text[match.end() :]


def continues(previous: str, statement: str, lang: Lang = "en") -> bool:
    """Whether ``statement`` carries on from ``previous``: a clause split off the same sentence
    (``previous`` has no closing punctuation and ``statement`` opens in lower case), or a
    statement that refers back with a pronoun among its first words.

    >>> continues("It is 5 euros a day", "after two weeks the account is closed.")
    True
    >>> continues("Store them below 25 degrees.", "Keep them away from children.")
    True
    >>> continues("The warranty lasts two years.", "Paris is the capital of France.")
    False
    """
    prev = _normal(previous)
    text = _normal(statement)
    if not prev or not text:
        return False
    if not prev.endswith(_TERMINAL) and text[0].islower():
        return True
    anaphors = get_lexicon(lang).anaphors
    return any(word in anaphors for word in _WORD.findall(text)[:_OPENING_WORDS])
