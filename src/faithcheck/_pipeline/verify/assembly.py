"""Evidence assembly: a claim's best context sentences put together into the text a verifier reads.

Most real support needs several sentences (72% of the supported WiCE dev claims): judged one
window at a time, such a claim can never be supported. So for each claim the context sentences
are ranked (by :meth:`~faithcheck._pipeline.verify.evidence.ContextIndex.rank`), and the best of them, with
their neighbours, are assembled into **chunks**:

* in reading order, so the text reads as the source does;
* deduplicated across passages: a sentence whose normalised text (case, spacing and punctuation
  ignored) already occurs is kept once, at its first occurrence;
* with passage boundaries marked (``[passage N]``) and gaps between non-adjacent sentences shown
  as ``…``;
* each chunk within a token budget the verifier declares (the local model: its input length; an
  LLM: a configurable budget). When the whole deduplicated context fits the budget, it is one
  chunk: the verifier sees everything.

When the context does not fit one budget, each chunk gathers sentences that together cover the
claim (its best-ranked sentence, the sentences that add most of the claim's words still missing,
their neighbours, then further candidates), up to ``max_chunks`` chunks; the verifier judges each
chunk and takes the best (as MiniCheck and AlignScore do with long documents), never isolated
single windows. On WiCE the choice between this and filling chunks by rank alone was made on the
training split (``../shared/training/wice_nst``); ``benchmarks/evidence_recall.py`` reports dev.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from faithcheck._core.deadline import check_deadline
from faithcheck._core.types import Lang
from faithcheck._pipeline.verify.evidence import ContextIndex
from faithcheck._pipeline.verify.needs import MAX_CHUNKS, EvidenceNeeds, TokenCounter
from faithcheck._text.analysis import TextFeatures, analyze

__all__ = [
    "MAX_CHUNKS",
    "EvidenceChunk",
    "EvidenceSentence",
    "TokenCounter",
    "assemble",
    "attribute",
    "dedup_keys",
    "evidence_for",
    "tile",
]

_GAP = " … "
_MARKER = "[passage {n}]"
_MIN_SCORE = 1e-9
"""A sentence sharing nothing with the claim (rank score 0) is context, never a candidate."""
_FALLBACK_CANDIDATES = 3
"""When no sentence shares anything with the claim, the best few are still shown."""


@dataclass(frozen=True)
class EvidenceSentence:
    """A context sentence inside assembled evidence: passage, span ``[start, end)`` in the
    passage, its text, and its position in the row's sentence list."""

    index: int
    passage_index: int
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class EvidenceChunk:
    """One piece of assembled evidence, as one verifier call sees it.

    ``candidates`` are the sentences chosen for the claim (the others are their neighbours or,
    for a whole context, everything else).
    """

    sentences: tuple[EvidenceSentence, ...]
    candidates: frozenset[int]
    text: str
    tokens: int
    whole_context: bool

    def contains(self, indices: Sequence[int], keys: Sequence[str]) -> bool:
        """Whether every sentence of ``indices`` is in this chunk (a deduplicated sentence counts
        as present when a sentence with the same text is)."""
        present = {keys[s.index] for s in self.sentences}
        return all(keys[i] in present for i in indices)


def attribute(chunk: EvidenceChunk, claim: TextFeatures, lang: Lang, limit: int) -> tuple[EvidenceSentence, ...]:
    """The sentences of ``chunk`` a verdict on ``claim`` rests on, in reading order: greedily, the
    sentence adding most of the claim's content words and numbers not yet covered, while one adds
    any (at most ``limit``). A sentence that shares only numbers with the claim counts only next
    to a chosen one ("It opened in 1998." after the sentence naming the museum): elsewhere in a
    long context the same number is usually about something else. A chunk sharing nothing with
    the claim is represented by its first candidate sentence.

    >>> from faithcheck._pipeline.verify.evidence import build_context_index
    >>> index = build_context_index(["Ada was born in 1815. She was a poet. Ada wrote in London."], "en")
    >>> words = lambda text: len(text.split())
    >>> chunk, = assemble(index, "Ada was born in 1815 in London.", [1.0, 0.0, 0.5], budget=100, count_tokens=words)
    >>> [s.text for s in attribute(chunk, analyze("Ada was born in 1815 in London.", "en"), "en", 4)]
    ['Ada was born in 1815.', 'Ada wrote in London.']
    """
    wanted = claim.terms
    features = {s.index: analyze(s.text, lang) for s in chunk.sentences}
    covers = {i: f.terms & wanted for i, f in features.items()}
    about = {i for i, f in features.items() if set(f.content) & claim.content}
    chosen: list[EvidenceSentence] = []
    covered: set[object] = set()

    def eligible(s: EvidenceSentence) -> bool:
        return s.index in about or any(
            c.passage_index == s.passage_index and abs(c.index - s.index) == 1 for c in chosen
        )

    while len(chosen) < limit:
        gains = [s for s in chunk.sentences if covers[s.index] - covered and s not in chosen and eligible(s)]
        if not gains:
            break
        best = max(gains, key=lambda s: (len(covers[s.index] - covered), -s.index))
        chosen.append(best)
        covered |= covers[best.index]
    if not chosen:
        first = min(chunk.candidates, default=None)
        chosen = [next((s for s in chunk.sentences if s.index == first), chunk.sentences[0])]
    return tuple(sorted(chosen, key=lambda s: s.index))


def evidence_for(needs: EvidenceNeeds, index: ContextIndex, claims: Sequence[str]) -> list[tuple[EvidenceChunk, ...]]:
    """Each claim's assembled evidence for a verifier whose ``needs`` declare an evidence budget
    (else none).

    The dedup keys and sentence token counts are computed once for the row. The whole context is
    one chunk when it fits the verifier's budget; otherwise each claim gets up to its
    ``chunks_per_claim`` chunks, each of its share of the budget
    (:meth:`~faithcheck._pipeline.verify.needs.EvidenceNeeds.claim_budget`). A verifier that
    declares a ``premise_budget`` (the local model: its input length less the claim's tokens) gets
    each claim's chunks at that size.
    """
    budget = needs.budget
    if budget is None or not index.sentences or not claims:
        return [() for _ in claims]
    count = needs.count_tokens
    keys = dedup_keys(index)
    tokens = [count(span.text) for _, span in index.sentences]
    scores = index.lexical_scores(claims)
    share = needs.claim_budget(len(claims)) or budget
    chunks = max(1, needs.chunks_per_claim)

    def build(k: int, size: int) -> tuple[EvidenceChunk, ...]:
        return assemble(
            index,
            claims[k],
            scores[k],
            budget=size,
            count_tokens=count,
            keys=keys,
            sentence_tokens=tokens,
            max_chunks=chunks,
        )

    if needs.premise_budget is not None:  # a model reading one claim beside its evidence: the claim's own room
        return [build(k, needs.premise_budget(claim)) for k, claim in enumerate(claims)]
    first = build(0, budget)
    if first and first[0].whole_context:  # the whole context fits one call: every claim reads all of it
        return [first, *(build(k, budget) for k in range(1, len(claims)))]
    return [build(k, share) for k in range(len(claims))]


def dedup_keys(index: ContextIndex) -> list[str]:
    """One key per sentence of ``index``: equal keys mean the same sentence for the reader."""
    return [_normalise(span.text) for _, span in index.sentences]


def assemble(
    index: ContextIndex,
    claim: str,
    scores: Sequence[float],
    *,
    budget: int,
    count_tokens: TokenCounter,
    neighbours: int = 1,
    max_chunks: int = MAX_CHUNKS,
    keys: Sequence[str] | None = None,
    sentence_tokens: Sequence[int] | None = None,
) -> tuple[EvidenceChunk, ...]:
    """Assemble the evidence for ``claim`` from its per-sentence rank ``scores`` (one per sentence
    of ``index``, higher is better) into at most ``max_chunks`` chunks of at most ``budget`` tokens.

    Each chunk starts from the best-ranked sentence no earlier chunk shows, then adds, greedily,
    the sentence that covers most of the claim's content words and numbers not yet covered (support
    spread over several sentences is what must end up in one chunk), then the neighbours of what it
    chose, then further candidates by rank, while the budget lasts.

    ``keys`` (from :func:`dedup_keys`) and ``sentence_tokens`` (each sentence's token count) may be
    passed in when several claims of a row share the index, so they are computed once.
    A single sentence longer than the budget is cut to it.

    >>> from faithcheck._pipeline.verify.evidence import build_context_index
    >>> index = build_context_index(["The sky is blue. Grass is green.", "The sky is blue."], "en")
    >>> words = lambda text: len(text.split())
    >>> chunk, = assemble(index, "The sky is blue.", [1.0, 0.0, 1.0], budget=100, count_tokens=words)
    >>> chunk.whole_context, chunk.text
    (True, '[passage 0] The sky is blue. Grass is green.')
    >>> chunk, = assemble(index, "The sky is blue.", [1.0, 0.0, 1.0], budget=6, count_tokens=words)
    >>> chunk.whole_context, chunk.text
    (False, '[passage 0] The sky is blue.')
    """
    check_deadline()
    n = len(index.sentences)
    if len(scores) != n:
        raise ValueError(f"{len(scores)} scores for {n} sentences")
    if n == 0:
        return ()
    keys = list(keys) if keys is not None else dedup_keys(index)
    tokens = (
        list(sentence_tokens) if sentence_tokens is not None else [count_tokens(s.text) for _, s in index.sentences]
    )
    unique = _first_occurrences(keys)
    marker_cost = count_tokens(_MARKER.format(n=0))
    if _cost(unique, index, tokens, marker_cost) <= budget:
        candidates = frozenset(i for i in unique if scores[i] > _MIN_SCORE)
        return (_chunk(index, unique, candidates, count_tokens, whole=True),)

    ranked = sorted((i for i in unique if scores[i] > _MIN_SCORE), key=lambda i: (-scores[i], i))
    if not ranked:
        ranked = sorted(unique, key=lambda i: (-scores[i], i))[:_FALLBACK_CANDIDATES]
    wanted = analyze(claim, index.lang).terms
    covers = {i: index.features[i].terms & wanted for i in unique}
    covering = [i for i in unique if covers[i]]  # the greedy cover only ever picks among these
    allowed = set(unique)

    def fits(chosen: set[int]) -> bool:
        return _cost(sorted(chosen), index, tokens, marker_cost) <= budget

    chunks: list[EvidenceChunk] = []
    shown: set[int] = set()
    for seed in ranked:
        if len(chunks) == max_chunks:
            break
        if seed in shown:
            continue
        if not fits({seed}):  # one sentence longer than the whole budget: show its beginning
            chunks.append(_oversized(index, seed, budget, count_tokens))
            shown.add(seed)
            continue
        chosen, covered = {seed}, set(covers[seed])
        while True:  # greedy cover of the claim's terms
            gains = [i for i in covering if i not in chosen and covers[i] - covered]
            if not gains:
                break
            best = max(gains, key=lambda i: (len(covers[i] - covered), scores[i], -i))
            if not fits(chosen | {best}):
                break
            chosen.add(best)
            covered |= covers[best]
        core = set(chosen)
        cost = _cost(sorted(chosen), index, tokens, marker_cost)
        for i in sorted(core):
            around = sorted(_neighbours(index, i, neighbours, allowed))
            cost = _grow(chosen, cost, around, index, tokens, marker_cost, budget)
        _grow(chosen, cost, ranked, index, tokens, marker_cost, budget)
        shown |= chosen
        candidates = frozenset(i for i in chosen if i in core or scores[i] > _MIN_SCORE)
        chunks.append(_chunk(index, sorted(chosen), candidates, count_tokens, whole=False))
    return tuple(chunks)


def tile(index: ContextIndex, *, budget: int, count_tokens: TokenCounter) -> tuple[EvidenceChunk, ...]:
    """The whole (deduplicated) context as consecutive chunks of at most ``budget`` tokens, in
    reading order: what a verifier reads when it checks a claim against every part of the context
    (the brute-force alternative to :func:`assemble`, for benchmarks).

    >>> from faithcheck._pipeline.verify.evidence import build_context_index
    >>> index = build_context_index(["One two. Three four.", "Five six."], "en")
    >>> [c.text for c in tile(index, budget=6, count_tokens=lambda text: len(text.split()))]
    ['[passage 0] One two. Three four.', '[passage 1] Five six.']
    """
    keys = dedup_keys(index)
    tokens = [count_tokens(span.text) for _, span in index.sentences]
    marker_cost = count_tokens(_MARKER.format(n=0))
    chunks: list[EvidenceChunk] = []
    current: list[int] = []
    for i in _first_occurrences(keys):
        if current and _cost([*current, i], index, tokens, marker_cost) > budget:
            chunks.append(_chunk(index, current, frozenset(current), count_tokens, whole=False))
            current = []
        if not current and _cost([i], index, tokens, marker_cost) > budget:
            chunks.append(_oversized(index, i, budget, count_tokens))
            continue
        current.append(i)
    if current:
        chunks.append(_chunk(index, current, frozenset(current), count_tokens, whole=not chunks))
    return tuple(chunks)


def _first_occurrences(keys: Sequence[str]) -> list[int]:
    seen: set[str] = set()
    kept = []
    for i, key in enumerate(keys):
        if key and key in seen:
            continue
        seen.add(key)
        kept.append(i)
    return kept


def _neighbours(index: ContextIndex, i: int, width: int, allowed: set[int]) -> set[int]:
    passage = index.sentences[i][0]
    around = range(max(0, i - width), min(len(index.sentences), i + width + 1))
    return {j for j in around if j != i and index.sentences[j][0] == passage and j in allowed}


def _grow(
    chosen: set[int],
    cost: int,
    candidates: Sequence[int],
    index: ContextIndex,
    tokens: Sequence[int],
    marker_cost: int,
    budget: int,
) -> int:
    """Add to ``chosen`` (whose chunk costs ``cost``), in order, each candidate that still fits the
    budget; returns the new cost."""
    for i in candidates:
        # a sentence adds its tokens less at most one gap mark: once the chunk is nearly full most
        # candidates fail this bound without the chunk's cost being counted again
        if i in chosen or cost + tokens[i] - 1 > budget:
            continue
        grown = _cost(sorted(chosen | {i}), index, tokens, marker_cost)
        if grown <= budget:
            chosen.add(i)
            cost = grown
    return cost


def _cost(chosen: Sequence[int], index: ContextIndex, tokens: Sequence[int], marker_cost: int) -> int:
    """Tokens of the rendered chunk: its sentences, one marker per passage, one per gap."""
    total = 0
    previous: int | None = None
    for i in sorted(chosen):
        if previous is None or index.sentences[i][0] != index.sentences[previous][0]:
            total += marker_cost
        elif i != previous + 1:
            total += 1  # the gap mark
        total += tokens[i]
        previous = i
    return total


def _render(index: ContextIndex, chosen: Sequence[int]) -> str:
    parts: list[str] = []
    previous: int | None = None
    for i in chosen:
        passage, span = index.sentences[i]
        if previous is None or passage != index.sentences[previous][0]:
            if parts:
                parts.append("\n")
            parts.append(_MARKER.format(n=passage) + " ")
        elif i != previous + 1:
            parts.append(_GAP)
        else:
            parts.append(" ")
        parts.append(span.text)
        previous = i
    return "".join(parts)


def _chunk(
    index: ContextIndex,
    chosen: Sequence[int],
    candidates: frozenset[int],
    count_tokens: TokenCounter,
    *,
    whole: bool,
) -> EvidenceChunk:
    text = _render(index, chosen)
    sentences = tuple(_sentence(index, i) for i in chosen)
    return EvidenceChunk(sentences, candidates, text, count_tokens(text), whole)


def _oversized(index: ContextIndex, i: int, budget: int, count_tokens: TokenCounter) -> EvidenceChunk:
    sentence = _sentence(index, i)
    words = sentence.text.split()
    lo, hi = 1, len(words)
    while lo < hi:  # the longest prefix of words that fits the budget
        mid = (lo + hi + 1) // 2
        if count_tokens(" ".join(words[:mid])) <= budget:
            lo = mid
        else:
            hi = mid - 1
    text = " ".join(words[:lo])
    return EvidenceChunk((sentence,), frozenset({i}), text, count_tokens(text), False)


def _sentence(index: ContextIndex, i: int) -> EvidenceSentence:
    passage, span = index.sentences[i]
    return EvidenceSentence(index=i, passage_index=passage, start=span.start, end=span.end, text=span.text)


_NON_WORD = re.compile(r"[\W_]+", re.UNICODE)


def _normalise(text: str) -> str:
    return _NON_WORD.sub(" ", unicodedata.normalize("NFKC", text).casefold()).strip()
