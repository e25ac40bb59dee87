"""What one verification call shows the LLM judge: its claims' assembled evidence, as excerpts.

Each claim arrives with its assembled evidence (:attr:`~faithcheck._pipeline.verify.base.ClaimCheck.chunks`,
best first). One call shows the *union* of the sentences its claims' chunks hold, so evidence two
claims share is sent once:

* the sentences are merged into contiguous runs, one run per stretch of a passage with nothing
  left out in between, and each run is one excerpt: no excerpt repeats or overlaps another
  (sentences repeated across passages are already left out, at their later occurrences, by the
  assembly);
* each claim is told which excerpts hold its own evidence; when the whole context fits the
  budget, the excerpts are the whole context, passage by passage, and each claim reads all;
* the call stays within the verifier's budget (:func:`pack_chunks`): every claim's best chunk,
  then its further chunks while the union fits. A chunk that does not fit is judged in a later
  call, only for claims the earlier calls did not find supported, and the best verdict over a
  claim's chunks wins (:func:`best_verdict`).

A check without chunks (built by hand, or by a verifier that declared no budget) shows its
windows instead, merged the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from faithcheck._core.types import Verdict
from faithcheck._pipeline.verify.assembly import EvidenceChunk
from faithcheck._pipeline.verify.base import ClaimCheck, ClaimError
from faithcheck._pipeline.verify.evidence import EvidenceWindow

__all__ = ["CallEvidence", "Excerpt", "Selection", "best_verdict", "call_evidence", "pack_chunks"]

Span = tuple[int, int, int]
"""(passage index, start, end) of a piece of context."""

Selection = list[tuple[ClaimCheck, tuple[EvidenceChunk, ...]]]
"""The claims of one call, each with the chunks this call shows it."""


@dataclass(frozen=True)
class Excerpt:
    """One excerpt of a call: ``text`` is passage ``passage_index`` at ``[start, end)``."""

    id: str
    passage_index: int
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class CallEvidence:
    """The excerpts of one call, and for each claim id the ids of the excerpts that hold its
    evidence. ``whole_context``: the excerpts are the whole (deduplicated) context."""

    excerpts: tuple[Excerpt, ...]
    own: dict[str, tuple[str, ...]]
    whole_context: bool


def pack_chunks(
    items: Sequence[tuple[ClaimCheck, Sequence[EvidenceChunk]]], budget: int, count_tokens: Callable[[str], int]
) -> tuple[Selection, dict[str, tuple[EvidenceChunk, ...]]]:
    """What one call shows each claim of ``items`` (each with its chunks still to judge, best
    first), and the chunks left for a later call.

    Every claim's first chunk is shown (the claims of a call share the budget, so their first
    chunks fit it together); then each claim's second chunk, then each one's third, ..., while
    the tokens of the union of shown sentences stay within ``budget``. A claim's chunk that does
    not fit waits, with its later ones, for a later call.
    """
    tokens: dict[Span, int] = {}
    shown: set[Span] = set()
    used = 0

    def extra(chunk: EvidenceChunk) -> tuple[int, list[Span]]:
        new = [s for s in _chunk_spans(chunk) if s not in shown]
        for span, sentence in zip(_chunk_spans(chunk), chunk.sentences, strict=True):
            if span not in tokens:
                tokens[span] = count_tokens(sentence.text)
        return sum(tokens[s] for s in new), new

    chosen: dict[str, list[EvidenceChunk]] = {check.claim.id: [] for check, _ in items}
    deferred: dict[str, tuple[EvidenceChunk, ...]] = {}
    for check, chunks in items:
        if chunks:
            cost, new = extra(chunks[0])
            used += cost
            shown.update(new)
            chosen[check.claim.id].append(chunks[0])
    depth = max((len(chunks) for _, chunks in items), default=0)
    for level in range(1, depth):
        for check, chunks in items:
            claim_id = check.claim.id
            if level >= len(chunks) or claim_id in deferred:
                continue
            cost, new = extra(chunks[level])
            if used + cost > budget:
                deferred[claim_id] = tuple(chunks[level:])
                continue
            used += cost
            shown.update(new)
            chosen[claim_id].append(chunks[level])
    return [(check, tuple(chosen[check.claim.id])) for check, _ in items], deferred


def call_evidence(selection: Selection) -> CallEvidence:
    """The excerpts one call shows for ``selection``, and each claim's own excerpt ids.

    >>> from faithcheck._core.types import Claim
    >>> from faithcheck._pipeline.verify.assembly import assemble
    >>> from faithcheck._pipeline.verify.evidence import build_context_index
    >>> index = build_context_index(["The sky is blue. Grass is green. Snow is white."], "en")
    >>> words = lambda text: len(text.split())
    >>> def check(text, scores):
    ...     chunks = assemble(index, text, scores, budget=5, count_tokens=words, neighbours=0)
    ...     return ClaimCheck(Claim(id=text[:2], text=text, start=0, end=1), "", (), index.passages, chunks)
    >>> found = call_evidence([(c, c.chunks) for c in (check("Sky blue.", [1, 0, 0]), check("Snow white.", [0, 0, 1]))])
    >>> [(e.id, e.text) for e in found.excerpts], found.own
    ([('E1', 'The sky is blue.'), ('E2', 'Snow is white.')], {'Sk': ('E1',), 'Sn': ('E2',)})
    """
    spans: dict[str, list[Span]] = {}
    passages: tuple[str, ...] = selection[0][0].passages if selection else ()
    for check, chunks in selection:
        if chunks:
            spans[check.claim.id] = [s for chunk in chunks for s in _chunk_spans(chunk)]
        else:
            spans[check.claim.id] = [_window_span(w, check.passages) for w in check.windows]
    excerpts = _merge(sorted({s for claim in spans.values() for s in claim}), passages)
    own: dict[str, tuple[str, ...]] = {}
    for claim_id, claim_spans in spans.items():
        ids = {_containing(excerpts, span) for span in claim_spans}
        own[claim_id] = tuple(e.id for e in excerpts if e.id in ids)
    whole = bool(selection) and all(chunks and all(c.whole_context for c in chunks) for _, chunks in selection)
    return CallEvidence(excerpts=tuple(excerpts), own=own, whole_context=whole)


_RANK = {"supported": 2, "contradicted": 1, "wrong_entity": 1, "overclaim": 1, "unsupported": 0}


def best_verdict(earlier: Verdict | ClaimError | None, later: Verdict | ClaimError) -> Verdict | ClaimError:
    """Best chunk wins: a claim's verdict over the chunks judged so far (``earlier``) and the
    next call's (``later``).

    ``supported`` wins (its quote was checked against the context). Otherwise a chunk the judge
    could not judge makes the claim an error (fail-closed: that chunk might have decided it);
    a verdict that found something (contradicted, wrong entity, overclaim) beats
    ``unsupported``; between equals, the earlier (better-ranked) chunk's.

    >>> ok, no = Verdict(label="supported", score=1.0, reason="r"), Verdict(label="unsupported", score=0.0, reason="r")
    >>> best_verdict(no, ok).label, best_verdict(ok, ClaimError("x")).label
    ('supported', 'supported')
    >>> isinstance(best_verdict(no, ClaimError("x")), ClaimError)
    True
    """
    if earlier is None:
        return later
    for verdict in (earlier, later):
        if isinstance(verdict, Verdict) and verdict.supported:
            return verdict
    for verdict in (earlier, later):
        if isinstance(verdict, ClaimError):
            return verdict
    assert isinstance(earlier, Verdict)
    assert isinstance(later, Verdict)
    return later if _RANK[later.label] > _RANK[earlier.label] else earlier


def _chunk_spans(chunk: EvidenceChunk) -> list[Span]:
    return [(s.passage_index, s.start, s.end) for s in chunk.sentences]


def _window_span(window: EvidenceWindow, passages: Sequence[str]) -> Span:
    """The span of a window's text (its sentence and neighbours) in its passage."""
    passage = passages[window.passage_index]
    # the window's text holds its sentence: the occurrence starting at or before the sentence
    at = passage.rfind(window.text, 0, window.start + len(window.text))
    if at < 0 or at > window.start:
        return (window.passage_index, window.start, window.end)
    return (window.passage_index, at, at + len(window.text))


def _merge(spans: Sequence[Span], passages: Sequence[str]) -> list[Excerpt]:
    """Sorted spans merged into runs: spans of one passage that overlap, or that only whitespace
    separates, become one excerpt."""
    runs: list[list[int]] = []
    for passage, start, end in spans:
        if runs and runs[-1][0] == passage:
            last = runs[-1]
            if start <= last[2] or not passages[passage][last[2] : start].strip():
                last[2] = max(last[2], end)
                continue
        runs.append([passage, start, end])
    return [Excerpt(f"E{i + 1}", p, s, e, passages[p][s:e]) for i, (p, s, e) in enumerate(runs)]


def _containing(excerpts: Sequence[Excerpt], span: Span) -> str:
    passage, start, end = span
    for excerpt in excerpts:
        if excerpt.passage_index == passage and excerpt.start <= start and end <= excerpt.end:
            return excerpt.id
    raise AssertionError(f"span {span} is in no excerpt")  # every span was merged into one
