"""The offline relevance filter: which claims are not about the question.

A claim is irrelevant when it is a greeting, thanks or other filler, a hedge or refusal
("I'm not sure"), a question, text with no factual content, or a restatement of the question
("You asked about the return window"). Off-topic *factual* claims are kept on purpose: an
invented fact is a hallucination whether or not it answers the question, and dropping it
would let it escape the score.
"""

from __future__ import annotations

from faithcheck._core.types import Lang
from faithcheck._text.analysis import analyze
from faithcheck._text.lexicon import get_lexicon

__all__ = ["irrelevance_reason"]


def irrelevance_reason(claim: str, question: str, lang: Lang = "en") -> str | None:
    """Why ``claim`` is not a claim about ``question``, or ``None`` if it is one.

    >>> irrelevance_reason("I hope this helps!", "What is the return window?")
    'greeting or filler, not a claim'
    >>> irrelevance_reason("Returns are accepted for 30 days.", "What is the return window?") is None
    True
    """
    lex = get_lexicon(lang)
    text = claim.strip()
    lowered = text.lower().replace("’", "'")
    if any(p.search(lowered) for p in lex.filler_patterns):
        return "greeting or filler, not a claim"
    if text.endswith("?"):
        return "a question, not a claim"
    features = analyze(text, lang)
    if not features.content and not features.numbers:
        return "no factual content"
    meta_stems = {analyze(w, lang).content for w in lex.meta_words}
    meta = frozenset().union(*meta_stems)
    if features.content & meta and not features.numbers:
        asked = analyze(question, lang)
        if features.content - meta <= asked.content:
            return "restates the question"
    return None
