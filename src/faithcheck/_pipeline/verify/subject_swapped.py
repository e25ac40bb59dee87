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

So with the word anywhere in the claim (:func:`word_swapped`): "Do not take paracetamol if you have a
stomach ulcer" against "Do not take ibuprofen if you have a stomach ulcer", word for word but for the
one word, where the context sets the two side by side, each opening a sentence with the same next word
("Ibuprofen can be taken every 4 to 6 hours ... Paracetamol can be taken every 4 to 6 hours ..."), and
no sentence naming the claim's word says all the rest of the claim (its numbers too), nor one not opening alike half of
it ("People with a stomach ulcer should also avoid paracetamol" says it of paracetamol too).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.slots import context_sentences
from faithcheck._text.analysis import TextFeatures, analyze
from faithcheck._text.lexicon import get_lexicon

__all__ = ["subject_swapped", "word_swapped"]

_LENGTH_SLACK = 24
"""How many characters longer or shorter than the claim a sentence of the context read word for word
against it may be (:func:`word_swapped`)."""
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


def word_swapped(claim: TextFeatures, passages: Sequence[str], lang: Lang) -> tuple[str, str] | None:
    """The sentence of the context (its ``passages``) that says the claim word for word but for one
    content word, where the context opens a sentence with each of the two words and the same next
    word (two things of a kind it speaks of alike); and why; ``None`` otherwise (see the module
    docstring).

    >>> passages = ["Ibuprofen can be taken every 4 hours. Paracetamol can be taken every 6 hours. Do not take "
    ...     "ibuprofen if you have a stomach ulcer."]
    >>> word_swapped(analyze("Do not take paracetamol if you have a stomach ulcer."), passages, "en")[1]
    'the context says this of ibuprofen, not paracetamol'
    """
    return _word_swapped(claim.text, tuple(passages), lang)


@lru_cache(maxsize=64)
def _word_swapped(claim_text: str, passages: tuple[str, ...], lang: Lang) -> tuple[str, str] | None:
    # (a verifier asks once for each window of the claim: the answer is the context's, cached)
    lex = get_lexicon(lang)
    claim = analyze(claim_text, lang)
    mine = claim.tokens
    sentences = context_sentences(passages, lang)
    # (of about the claim's length only: an article has hundreds of sentences)
    near = (analyze(text, lang) for text in sentences if abs(len(text) - len(claim.text)) <= _LENGTH_SLACK)
    for sentence in near:
        theirs = sentence.tokens
        if len(theirs) != len(mine):
            continue
        differing = [k for k, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b]
        if len(differing) != 1:
            continue
        word, other = mine[differing[0]], theirs[differing[0]]
        if not (word.isalpha() and other.isalpha()) or {word, other} & lex.stopwords:
            continue
        if analyze(word, lang).content == analyze(other, lang).content:
            continue  # one word written two ways ("colour", "color"), or inflected
        # each opens a sentence of the context, with the same next word: two of a kind
        openings = {
            opening
            for text in sentences
            if word in text[:_REACH].lower() or other in text[:_REACH].lower()
            if (opening := _opening(analyze(text, lang), lang)) is not None
        }
        alike = {after for first, after in openings if first == word} & {
            after for first, after in openings if first == other
        }
        if not alike:
            continue
        # ... and no sentence naming the claim's word says all the rest of the claim ("The grass is
        # green today"), nor one not opening alike half of it ("People with a stomach ulcer should
        # also avoid paracetamol"; one opening alike says what it says of it: "Cats should be
        # vaccinated every year" for "... every three years")
        rest = claim.terms - analyze(word, lang).content
        own = {(word, after) for after in alike}
        naming = (analyze(text, lang) for text in sentences if word in text.lower())
        if any(
            rest <= f.terms or (2 * len(rest & f.terms) >= len(rest) and _opening(f, lang) not in own)
            for f in naming
            if word in f.tokens
        ):
            return None
        return sentence.text, f"the context says this of {other}, not {word}"
    return None
