"""Evidence selection: for each claim, the few context sentences most likely to decide it.

The context is split into sentences (with spans in their passage). For each claim, every
sentence gets a lexical score (the share of the claim's content words and numbers it contains;
numbers tell apart sentences that share a claim's words, such as a product sheet's "The Lyra X123
weighs 12 kg" and "The Lyra X456 weighs 30 kg"); the best
``pool`` sentences per claim are candidates, and only the candidates of all claims of a row are
embedded (all-MiniLM-L6-v2), in one batch. A candidate's final score is the mean of its lexical
score and its embedding similarity to the claim; the best ``top_k`` become
:class:`EvidenceWindow` objects (the sentence and its neighbours), which is all a verifier sees.
Without an encoder (for verifiers that do not use embeddings, such as the trained model) the
best ``top_k`` by lexical score are taken directly and nothing is embedded.

Embedding only candidates keeps long contexts cheap (a 3,000-token context has ~150 sentences;
a row of 6 claims embeds at most 6 × ``pool`` of them). The cost: a sentence that shares no
content word with a claim cannot be its evidence unless the pool is not full.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from faithcheck._core.deadline import check_deadline
from faithcheck._core.types import Evidence, Lang
from faithcheck._models.embedding import SentenceEncoder
from faithcheck._pipeline.verify.defaults import DEFAULT_POOL
from faithcheck._text.analysis import TextFeatures, analyze
from faithcheck._text.sentences import TextSpan, split_sentences

__all__ = ["DEFAULT_POOL", "ContextIndex", "EvidenceWindow", "build_context_index"]

_DEADLINE_EVERY = 256
"""Sentences analysed between two checks of the row's deadline (a few milliseconds of work)."""
_LEXICAL_WEIGHT = 0.5
_NEIGHBOURS = 1
"""The ``evidence_pool`` option's default (one source: the config)."""


@dataclass(frozen=True)
class EvidenceWindow:
    """A candidate piece of evidence for one claim.

    ``sentence`` is the context sentence that matched the claim, at ``[start, end)`` in passage
    ``passage_index``; ``text`` is that sentence with its neighbours in the same passage, so a
    verifier can use a little surrounding context. ``similarity`` is the embedding cosine of the
    claim and the sentence (``None`` when the verifier does not use embeddings, see
    :attr:`~faithcheck._pipeline.verify.needs.EvidenceNeeds.embeddings`), ``retrieval_score`` the
    score that ranked this window.
    """

    passage_index: int
    start: int
    end: int
    sentence: str
    text: str
    similarity: float | None
    retrieval_score: float
    sentences: tuple[str, ...] = ()
    """The sentences ``text`` is made of, as the row's sentence index split them: a number or a name
    of a claim is checked sentence by sentence, and splitting the joined text again can merge two
    ("... about Roe v." and the next sentence); empty when ``text`` was not made of indexed sentences."""

    def as_evidence(self) -> Evidence:
        return Evidence(passage_index=self.passage_index, start=self.start, end=self.end, quote=self.sentence)


@dataclass(frozen=True)
class ContextIndex:
    """The context of one row, split into sentences once for all its claims."""

    passages: tuple[str, ...]
    sentences: tuple[tuple[int, TextSpan], ...]
    """(passage index, sentence span) in reading order."""
    features: tuple[TextFeatures, ...]
    lang: Lang

    def lexical_scores(self, claims: Sequence[str]) -> npt.NDArray[np.float64]:
        """Claims × sentences: the share of each claim's content words and numbers in each sentence."""
        rows = []
        for claim in claims:
            check_deadline()
            rows.append([_lexical_match(analyze(claim, self.lang), f) for f in self.features])
        return np.array(rows, dtype=np.float64).reshape(len(claims), len(self.sentences))

    def select_all(
        self, claims: Sequence[str], encoder: SentenceEncoder | None, top_k: int, pool: int = DEFAULT_POOL
    ) -> list[tuple[EvidenceWindow, ...]]:
        """The ``top_k`` best windows for each claim, best first (by lexical score alone, and
        without a similarity, when ``encoder`` is ``None``)."""
        if not self.sentences or not claims:
            return [() for _ in claims]
        lexical = self.lexical_scores(claims)
        # stable ordering: ties keep reading order, so short contexts are fully considered
        if encoder is None:
            ranked = [np.argsort(-row, kind="stable")[:top_k] for row in lexical]
            return [
                tuple(self._window(int(i), None, float(lexical[k, i])) for i in row) for k, row in enumerate(ranked)
            ]
        candidates = [np.argsort(-row, kind="stable")[:pool] for row in lexical]
        needed = sorted({int(i) for row in candidates for i in row})
        vectors = encoder.encode([c for c in claims] + [self.sentences[i][1].text for i in needed])
        claim_vectors, sentence_vectors = vectors[: len(claims)], vectors[len(claims) :]
        position = {s: j for j, s in enumerate(needed)}
        out = []
        for k, row in enumerate(candidates):
            similarity = np.array([float(sentence_vectors[position[int(i)]] @ claim_vectors[k]) for i in row])
            score = _LEXICAL_WEIGHT * lexical[k, row] + (1.0 - _LEXICAL_WEIGHT) * similarity
            order = np.argsort(-score, kind="stable")[:top_k]
            out.append(tuple(self._window(int(row[o]), float(similarity[o]), float(score[o])) for o in order))
        return out

    def _window(self, i: int, similarity: float | None, retrieval_score: float) -> EvidenceWindow:
        passage_index, span = self.sentences[i]
        lo = i
        while lo > 0 and i - lo < _NEIGHBOURS and self.sentences[lo - 1][0] == passage_index:
            lo -= 1
        hi = i
        while hi + 1 < len(self.sentences) and hi - i < _NEIGHBOURS and self.sentences[hi + 1][0] == passage_index:
            hi += 1
        passage = self.passages[passage_index]
        text = passage[self.sentences[lo][1].start : self.sentences[hi][1].end]
        return EvidenceWindow(
            passage_index=passage_index,
            start=span.start,
            end=span.end,
            sentence=span.text,
            text=text,
            similarity=similarity,
            retrieval_score=retrieval_score,
            sentences=tuple(self.sentences[j][1].text for j in range(lo, hi + 1)),
        )


def _lexical_match(claim: TextFeatures, sentence: TextFeatures) -> float:
    """Share of the claim's content stems and numbers that ``sentence`` contains (1.0 if it has none)."""
    terms = len(claim.content) + len(claim.numbers)
    if not terms:
        return 1.0
    return (len(claim.content & sentence.content) + len(claim.numbers & sentence.numbers)) / terms


def build_context_index(passages: Sequence[str], lang: Lang) -> ContextIndex:
    """Split the passages of one row into sentences (and analyse them) once."""
    # Passages bypass split_sentences' LRU cache: it holds up to 8,192 texts whatever their size
    # (a 2,400-character passage costs 11 KB there), so over a dataset of long contexts it grew
    # with the rows, while splitting a passage again takes a fraction of a millisecond.
    split = split_sentences.__wrapped__
    sentences: list[tuple[int, TextSpan]] = []
    for i, passage in enumerate(passages):
        check_deadline()
        sentences.extend((i, span) for span in split(passage, lang))
    features: list[TextFeatures] = []
    for at in range(0, len(sentences), _DEADLINE_EVERY):  # a timed-out row stops within a step
        check_deadline()
        features.extend(analyze(span.text, lang) for _, span in sentences[at : at + _DEADLINE_EVERY])
    return ContextIndex(passages=tuple(passages), sentences=tuple(sentences), features=tuple(features), lang=lang)
