"""What a verifier declares it reads: how its windows are ranked, and whether (and at what token
budget) it also gets each claim's assembled evidence.

Every verifier states this as one :class:`EvidenceNeeds` (its ``needs``), so evidence selection
and assembly read a declaration, never probe a backend for optional attributes.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

__all__ = ["MAX_CHUNKS", "MIN_CLAIM_BUDGET", "EvidenceNeeds", "TokenCounter", "estimate_tokens"]

TokenCounter = Callable[[str], int]
"""How a verifier counts the tokens of a text (its tokenizer, or an estimate)."""

MAX_CHUNKS = 4
"""Chunks per claim unless a verifier says otherwise (MiniCheck-style: the best one wins)."""
MIN_CLAIM_BUDGET = 64
"""The fewest tokens of an assembled chunk when the claims of one call share a budget (about
two sentences)."""


def estimate_tokens(text: str) -> int:
    """A provider-neutral token estimate (about 4 characters a token).

    >>> estimate_tokens("12345678")
    2
    """
    return math.ceil(len(text) / 4)


@dataclass(frozen=True)
class EvidenceNeeds:
    """The evidence a verifier reads, as it declares it.

    ``embeddings``: its windows are re-ranked by sentence embeddings and carry their similarity
    (the baseline reads it); ``False`` ranks them by the lexical score alone (the trained model
    and the LLM judge read the evidence themselves; on the dev split the model was as accurate
    without the encoder's ~0.1 s per row).

    ``budget``: the tokens of context one call reads when the verifier also wants each claim's
    assembled evidence (:attr:`~faithcheck._pipeline.verify.base.ClaimCheck.chunks`); ``None``:
    windows only. The remaining fields matter only with a budget:

    * ``claims_per_call``: claims judged in one call, who share its budget (an LLM judge);
    * ``chunks_per_claim``: the most chunks assembled for one claim;
    * ``chunks_together``: one call reads all of a claim's chunks, which then share its budget
      (an LLM judge), rather than each chunk alone at the whole budget, the best one winning (a
      local model);
    * ``count_tokens``: how the budget is counted (the model's tokenizer; by default about 4
      characters a token, for a verifier that counts no tokens of its own);
    * ``premise_budget``: for a model that reads one claim beside its evidence, the evidence
      tokens that fit beside that claim; each claim's chunks are then assembled at that size.

    >>> EvidenceNeeds(budget=2048, claims_per_call=12, chunks_together=True).claim_budget(6)
    85
    """

    embeddings: bool = True
    budget: int | None = None
    claims_per_call: int = 1
    chunks_per_claim: int = MAX_CHUNKS
    chunks_together: bool = False
    count_tokens: TokenCounter = field(default=estimate_tokens, compare=False)
    premise_budget: Callable[[str], int] | None = field(default=None, compare=False)

    def claim_budget(self, claims: int) -> int | None:
        """The tokens of each assembled chunk for a row of ``claims`` claims: the whole budget
        for a verifier that reads one chunk a call; for one that reads up to ``claims_per_call``
        claims in one call (with all their chunks, when ``chunks_together``), an equal share, so
        that a call's evidence fits the budget (at least :data:`MIN_CLAIM_BUDGET`). ``None``
        without a budget.

        >>> judge = EvidenceNeeds(budget=2048, claims_per_call=12, chunks_per_claim=4, chunks_together=True)
        >>> judge.claim_budget(1), judge.claim_budget(6), EvidenceNeeds().claim_budget(6)
        (512, 85, None)
        >>> EvidenceNeeds(budget=256).claim_budget(6)  # a local model: each chunk alone
        256
        """
        if self.budget is None:
            return None
        sharing = max(1, min(claims, self.claims_per_call))
        if self.chunks_together:
            sharing *= max(1, self.chunks_per_claim)
        return max(min(self.budget, MIN_CLAIM_BUDGET), self.budget // sharing)
