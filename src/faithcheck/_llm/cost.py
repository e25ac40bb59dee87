"""``--dry-run``: what scoring a dataset with the LLM judge would cost, without calling it.

Prompts are built exactly as for a real run (the same evidence selection and assembly, batching
and templates), so input tokens are close to what the provider will count; output tokens are
estimated per claim (a supported verdict is its quote, any other a quote and a one-sentence
reason; an extracted claim its text and sentence number). With an LLM extractor, the claims the
verifier will see are approximated by the offline splitter. A claim whose assembled evidence does
not fit one call's budget may need a later call for its further chunks when the first call does
not find it supported; only the first calls are counted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from faithcheck._core.types import Claim, Lang, TestCase
from faithcheck._llm.judge import CascadeVerifier, LLMClaimExtractor, LLMVerifier, estimate_tokens
from faithcheck._llm.pricing import Price
from faithcheck._pipeline.extract import ClaimExtractor, SentenceExtractor
from faithcheck._pipeline.extract.shared import SharedExtractor
from faithcheck._pipeline.verify import ClaimCheck, Verifier

if TYPE_CHECKING:
    from faithcheck._llm.client import LLMRequest
    from faithcheck._llm.relevance import LLMRelevanceJudge

__all__ = ["CostEstimate", "estimate_faithfulness", "estimate_relevance"]

EvidenceSelector = Callable[[Sequence[Claim], str, Sequence[str]], list[ClaimCheck]]
"""How a metric picks each claim's evidence (``Faithfulness.select_evidence``): the dry run builds
the prompts from exactly what a real run would send."""

_OUTPUT_TOKENS_PER_VERDICT = 40
_OUTPUT_TOKENS_PER_EXTRACTED_CLAIM = 35


@dataclass
class CostEstimate:
    rows: int = 0
    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float | None = 0.0

    def add(self, other: CostEstimate) -> None:
        self.rows += other.rows
        self.calls += other.calls
        self.input_tokens += other.input_tokens
        self.output_tokens += other.output_tokens
        self.cost_usd = None if self.cost_usd is None or other.cost_usd is None else self.cost_usd + other.cost_usd

    def add_call(self, request: LLMRequest, output_tokens: int) -> None:
        """One call of ``request``, answered in about ``output_tokens`` tokens."""
        self.calls += 1
        self.input_tokens += estimate_tokens(request.system + request.user)
        self.output_tokens += output_tokens

    def priced(self, price: Price | None) -> CostEstimate:
        """This estimate with its cost at ``price`` (unknown without one) when it makes any call."""
        if self.calls:
            self.cost_usd = None if price is None else price.cost(self.input_tokens, self.output_tokens)
        return self


def _count_extraction(
    estimate: CostEstimate, extractor: ClaimExtractor, case: TestCase, lang: Lang, claims: int
) -> Price | None:
    """Count the LLM extraction of ``case``'s answer into ``estimate`` (nothing for an offline
    extractor or an empty answer); the extractor's price, or ``None``."""
    if isinstance(extractor, SharedExtractor):  # the CLI's, shared by the run's metrics, holds the LLM one
        extractor = extractor.inner
    if not isinstance(extractor, LLMClaimExtractor) or not case.sut_response.strip():
        return None
    request = extractor.build_request(case.question, case.sut_response, lang, case.history)
    estimate.add_call(request, _OUTPUT_TOKENS_PER_EXTRACTED_CLAIM * max(1, claims))
    return extractor.price


def estimate_faithfulness(
    case: TestCase,
    lang: Lang,
    *,
    extractor: ClaimExtractor,
    verifier: Verifier,
    select_evidence: EvidenceSelector,
    with_extraction: bool = True,
) -> CostEstimate:
    """Estimated LLM calls, tokens and cost of scoring ``case`` in ``lang`` for faithfulness with
    ``extractor`` and ``verifier``; the LLM extraction only ``with_extraction`` (leave it out when
    an earlier metric of the run counted it: the extraction is shared)."""
    estimate = CostEstimate(rows=1)
    claims = SentenceExtractor().extract(case.question, case.sut_response, lang)
    price = _count_extraction(estimate, extractor, case, lang, len(claims)) if with_extraction else None
    relevant = [c.claim for c in claims if c.irrelevant_reason is None]
    llm: LLMVerifier | None = None
    if isinstance(verifier, LLMVerifier):
        llm = verifier
    elif isinstance(verifier, CascadeVerifier):
        llm = verifier.llm
    if llm is not None and relevant:
        checks = select_evidence(relevant, case.question, case.evidence)
        if isinstance(verifier, CascadeVerifier):
            local = verifier.local.verify(checks, lang)
            checks = [checks[i] for i in verifier.uncertain(local)]
        for batch in llm.batches(checks):
            estimate.add_call(llm.build_request(batch, case.question, lang), _OUTPUT_TOKENS_PER_VERDICT * len(batch))
        price = price or llm.price
    return estimate.priced(price)


_OUTPUT_TOKENS_PER_RELEVANCE_VERDICT = 25


def estimate_relevance(
    case: TestCase,
    lang: Lang,
    *,
    extractor: ClaimExtractor,
    judge: LLMRelevanceJudge | None,
    with_extraction: bool,
) -> CostEstimate:
    """Estimated LLM calls, tokens and cost of answer relevancy on ``case``: the ``judge``'s call when
    it judges with the LLM, and, with ``with_extraction``, the LLM extraction (leave it out when
    faithfulness runs too: the extraction is shared, and counted there)."""
    estimate = CostEstimate(rows=1)
    statements = SentenceExtractor().extract(case.question, case.sut_response, lang)
    price = _count_extraction(estimate, extractor, case, lang, len(statements)) if with_extraction else None
    if judge is not None and statements:
        pairs = [(f"c{i + 1}", s.claim.text) for i, s in enumerate(statements)]
        request = judge.build_request(case.question, pairs, lang, case.history)
        estimate.add_call(request, _OUTPUT_TOKENS_PER_RELEVANCE_VERDICT * len(pairs))
        price = price or judge.price
    return estimate.priced(price)
