"""A claim that says of its subject what a sentence says of another subject, in the same words.

"Ibuprofen is safe for pregnant women" against "Paracetamol is safe for most people, including
pregnant women", where "Ibuprofen should not be taken by people with stomach ulcers" opens another
sentence: the claim opens with a subject word (past an article) and the word after it, which the
sentence opens with too, but with another subject word; the sentence says all the rest of the claim;
and the context speaks of the claim's subject in a sentence of its own, one opening with it and saying
none of the rest of the claim. The context says this of another: ``wrong_entity``. Not a sentence
whose subject follows a determiner ("The carmaker said the fault was minor" may speak of the
Volkswagen a sentence before names, for "Volkswagen said the fault was minor"). A sentence opening
with the claim's subject that says some of the rest ("Seniors also receive it") may say it of the
claim's subject too, and one naming the claim's subject anywhere ("Students and seniors receive a 20%
discount") says it of both.
"""

from __future__ import annotations

from collections.abc import Sequence

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.slots import context_sentences
from faithcheck._text.analysis import TextFeatures, analyze
from faithcheck._text.lexicon import get_lexicon

__all__ = ["subject_swapped"]

_REACH = 40
"""How far into a sentence its opening word may stand, past its determiners (a cheap first look)."""


def _opening(features: TextFeatures, lang: Lang, *, bare: bool = False) -> tuple[str, str] | None:
    """The word a sentence opens with past its determiners, and the word after it, where the first
    is a content word: ("ibuprofen", "is") of "Ibuprofen is safe"; ``None`` otherwise, and where
    ``bare`` is asked for, for one after a determiner ("The carmaker said" may speak of the
    Volkswagen named before)."""
    lex = get_lexicon(lang)
    words = list(features.tokens)
    while words and words[0] in lex.determiners:
        if bare:
            return None
        words.pop(0)
    if len(words) < 2 or not words[0].isalnum() or words[0] in lex.stopwords:
        return None
    return words[0], words[1]


def subject_swapped(
    claim: TextFeatures, said: Sequence[TextFeatures], passages: Sequence[str], lang: Lang
) -> tuple[TextFeatures, str] | None:
    """The sentence of ``said`` that says the claim of another subject, where a sentence of the
    context (its ``passages``) speaks of the claim's own; and why; ``None`` if none does.

    >>> passages = ["Ibuprofen should not be taken by people with ulcers. Paracetamol is safe for most people, "
    ...     "including pregnant women."]
    >>> said = [analyze("Paracetamol is safe for most people, including pregnant women.")]
    >>> subject_swapped(analyze("Ibuprofen is safe for pregnant women."), said, passages, "en")[1]
    'the context says this of paracetamol, not ibuprofen'
    >>> subject_swapped(analyze("Paracetamol is safe for pregnant women."), said, passages, "en") is None
    True
    """
    mine = _opening(claim, lang)
    if mine is None:
        return None
    subject = analyze(mine[0], lang).content
    rest = claim.content - subject
    if not subject or len(rest) < 2:
        return None
    candidates = [
        (sentence, theirs[0])
        for sentence in said
        if (theirs := _opening(sentence, lang, bare=True)) is not None
        and theirs[1] == mine[1]
        and theirs[0] != mine[0]
        and theirs[0] not in claim.tokens
        and not subject & sentence.content
        and rest <= sentence.content
    ]
    if not candidates:
        return None
    # the context's sentences opening with the claim's subject (read only those that may: an article
    # has hundreds of sentences)
    near_start = (analyze(text, lang) for text in context_sentences(passages, lang) if mine[0] in text[:_REACH].lower())
    own = [f for f in near_start if (opening := _opening(f, lang)) is not None and opening[0] == mine[0]]
    if not own or any(f.content & rest for f in own):
        return None
    sentence, other = candidates[0]
    return sentence, f"the context says this of {other}, not {mine[0]}"
