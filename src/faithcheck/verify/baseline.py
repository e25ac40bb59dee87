"""The offline baseline verifier: lexical, number, entity and cue alignment plus embeddings.

This is an honest, documented baseline, not an NLI model. For each evidence window it
computes

* ``coverage``: the share of the claim's content stems found in the window,
* ``similarity``: the MiniLM cosine of claim and evidence sentence,
* ``missing numbers``: numbers of the claim absent from the window,

and maps them to a probability of support with a logistic function whose weights are
stored in ``baseline_weights.json`` (fit on ``../shared/training`` data by
``training/fit_baseline.py``; see that file for the protocol). The cues of
:mod:`faithcheck.verify.cues` (a different number, a one-sided negation, a name absent from the
context, a dropped restriction or hedge) overrule it and name the finer failure label.

A claim is supported when any window supports it (union over windows), and otherwise gets the
label of its best window. What it cannot do: paraphrase beyond shared stems and MiniLM
similarity, reasoning over several sentences, and subtle meaning changes that keep the words.
"""

from __future__ import annotations

import asyncio
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources

from faithcheck.analysis import TextFeatures, analyze, coverage
from faithcheck.config import Lang
from faithcheck.types import Label, Usage, Verdict
from faithcheck.verify.base import ClaimCheck, ClaimError, EvidenceWindow, VerifierOutput, quote
from faithcheck.verify.cues import FLAGGED_SCORE_CAP, find_cue, format_numbers

__all__ = ["BaselineVerifier", "BaselineWeights", "window_features"]


@dataclass(frozen=True)
class BaselineWeights:
    """Logistic weights: p(supported) = sigmoid(bias + Σ weight·feature)."""

    bias: float
    coverage: float
    similarity: float
    missing_number: float
    threshold: float = 0.5

    @classmethod
    def load(cls) -> BaselineWeights:
        raw = json.loads(resources.files("faithcheck.verify").joinpath("baseline_weights.json").read_text("utf-8"))
        return cls(**{k: float(raw[k]) for k in ("bias", "coverage", "similarity", "missing_number", "threshold")})


def window_features(claim: TextFeatures, window: EvidenceWindow, lang: Lang) -> tuple[float, float, float]:
    """(coverage, similarity, missing-number indicator) of a claim against one window."""
    if window.similarity is None:
        raise ValueError("the baseline verifier needs windows selected with embeddings (similarity is None)")
    evidence = analyze(window.text, lang)
    missing = 1.0 if claim.numbers - evidence.numbers else 0.0
    return coverage(claim, evidence), window.similarity, missing


@dataclass(frozen=True)
class _WindowVerdict:
    label: Label
    score: float
    reason: str
    window: EvidenceWindow


class BaselineVerifier:
    """Offline verifier; see the module docstring for what it checks."""

    name = "baseline"

    def __init__(self, weights: BaselineWeights | None = None):
        self.weights = weights or _default_weights()

    def probability(self, features: tuple[float, float, float]) -> float:
        cov, sim, missing = features
        w = self.weights
        z = w.bias + w.coverage * cov + w.similarity * sim + w.missing_number * missing
        return 1.0 / (1.0 + math.exp(-z))

    def verify(self, checks: Sequence[ClaimCheck], lang: Lang) -> list[Verdict]:
        """Judge each check (synchronous; pure CPU work)."""
        return [self._verify_one(check, lang) for check in checks]

    async def averify(self, checks: Sequence[ClaimCheck], lang: Lang) -> VerifierOutput:
        verdicts: list[Verdict | ClaimError] = list(await asyncio.to_thread(self.verify, checks, lang))
        return VerifierOutput(verdicts=verdicts, usage=Usage(claims_local=len(checks)))

    def _verify_one(self, check: ClaimCheck, lang: Lang) -> Verdict:
        claim = analyze(check.claim.text, lang)
        if not check.windows:
            return Verdict(label="unsupported", score=0.0, reason="the context has no text to check against")
        judged = [self._judge_window(claim, w, check.passages, lang) for w in check.windows]
        supporting = [j for j in judged if j.label == "supported"]
        # Union over windows: any supporting window decides. Otherwise a specific failure found
        # in a window about the claim (a cue: number, negation, entity, restriction) explains the
        # verdict better than "unsupported" from the closest-looking window.
        flagged = [j for j in judged if j.label != "unsupported"]
        if supporting:
            best = max(supporting, key=lambda j: j.score)
        elif flagged:
            best = max(flagged, key=lambda j: j.window.retrieval_score)
        else:
            best = max(judged, key=lambda j: j.score)
        return Verdict(label=best.label, score=best.score, reason=best.reason, evidence=best.window.as_evidence())

    def _judge_window(
        self, claim: TextFeatures, window: EvidenceWindow, passages: tuple[str, ...], lang: Lang
    ) -> _WindowVerdict:
        features = window_features(claim, window, lang)
        p = self.probability(features)
        cited = quote(window)
        if cue := find_cue(claim, window, passages, lang):
            return _WindowVerdict(cue.label, min(p, FLAGGED_SCORE_CAP), f"{cue.why}: {cited}", window)
        if p >= self.weights.threshold:
            return _WindowVerdict("supported", p, f"supported by {cited}", window)
        if missing := claim.numbers - analyze(window.text, lang).numbers:
            return _WindowVerdict(
                "unsupported", p, f"the context does not state {format_numbers(missing)}; closest: {cited}", window
            )
        return _WindowVerdict("unsupported", p, f"no passage states this; closest: {cited}", window)


@cache
def _default_weights() -> BaselineWeights:
    return BaselineWeights.load()
