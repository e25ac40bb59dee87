"""Evidence selection: for each claim, the few context sentences most likely to decide it.

The context is split into sentences (with spans in their passage); each sentence is scored
for a claim by lexical coverage of the claim's content words and by embedding similarity,
and the best ``top_k`` become :class:`EvidenceWindow` objects (the sentence and its
neighbours), which is all a verifier sees.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from faithcheck.analysis import analyze, coverage
from faithcheck.config import Lang
from faithcheck.embedding import SentenceEncoder
from faithcheck.extract.sentences import TextSpan, split_sentences
from faithcheck.verify.base import EvidenceWindow

__all__ = ["ContextIndex", "build_context_index"]

_LEXICAL_WEIGHT = 0.5
_NEIGHBOURS = 1


@dataclass(frozen=True)
class ContextIndex:
    """The context of one row, split into sentences and embedded once for all its claims."""

    passages: tuple[str, ...]
    sentences: tuple[tuple[int, TextSpan], ...]
    """(passage index, sentence span) in reading order."""
    vectors: npt.NDArray[np.float32]
    lang: Lang

    def select(self, claim: str, claim_vector: npt.NDArray[np.float32], top_k: int) -> tuple[EvidenceWindow, ...]:
        """The ``top_k`` best windows for ``claim``, best first."""
        if not self.sentences:
            return ()
        features = analyze(claim, self.lang)
        similarity = self.vectors @ claim_vector
        lexical = np.array([coverage(features, analyze(span.text, self.lang)) for _, span in self.sentences])
        score = _LEXICAL_WEIGHT * lexical + (1.0 - _LEXICAL_WEIGHT) * similarity
        best = np.argsort(-score, kind="stable")[:top_k]
        return tuple(self._window(int(i), float(similarity[i]), float(score[i])) for i in best)

    def _window(self, i: int, similarity: float, retrieval_score: float) -> EvidenceWindow:
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
        )


def build_context_index(passages: Sequence[str], encoder: SentenceEncoder, lang: Lang) -> ContextIndex:
    """Split and embed the passages of one row."""
    sentences = tuple((i, span) for i, passage in enumerate(passages) for span in split_sentences(passage, lang))
    vectors = (
        encoder.encode([span.text for _, span in sentences]) if sentences else np.zeros((0, encoder.dim), np.float32)
    )
    return ContextIndex(passages=tuple(passages), sentences=sentences, vectors=vectors, lang=lang)
