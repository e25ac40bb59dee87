"""The :class:`Faithfulness` metric: wires extraction, filtering, evidence, verification and
aggregation into one :class:`EvalScore` per test case."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping, Sequence
from typing import Any

from faithcheck.config import FaithfulnessConfig, load_config
from faithcheck.embedding import default_encoder
from faithcheck.errors import FaithcheckError, InputError
from faithcheck.extract import extract_claims, irrelevance_reason
from faithcheck.rows import case_from_row
from faithcheck.scoring import faithfulness, rescale
from faithcheck.steps import ScorerRun, scorer_run
from faithcheck.types import Claim, ClaimResult, EvalScore, TestCase, Usage, Verdict
from faithcheck.verify import BaselineVerifier, ClaimCheck, Verifier, build_context_index

__all__ = ["Faithfulness"]

_REASON_CLAIM_CHARS = 120


class Faithfulness:
    """Faithfulness of a RAG answer to its retrieved context (``rag.faithfulness``).

    Parameters
    ----------
    threshold:
        Pass mark on the reported scale (default 0.7, as in seed 003).
    backend:
        A custom :class:`~faithcheck.verify.Verifier` instance; by default the backend named by
        the ``verifier`` option.
    **options:
        Any field of :class:`~faithcheck.config.FaithfulnessConfig` (``lang``,
        ``strict_threshold``, ``min``, ``max``, ``inverted``, ``weight``, ...).

    Examples
    --------
    >>> from faithcheck import Faithfulness, TestCase
    >>> case = TestCase(input_id="1", prompt="What is our return window?",
    ...                 sut_response="You can return items within 30 days of purchase.",
    ...                 retrieved_context=["Customers may return items within 30 days of purchase."])
    >>> score = Faithfulness(0.7).evaluate(case)
    >>> score.value, score.passed
    (1.0, True)
    """

    def __init__(self, threshold: float = 0.7, *, backend: Verifier | None = None, **options: Any):
        self.config: FaithfulnessConfig = load_config(threshold=threshold, **options)
        self.verifier: Verifier = backend or _make_verifier(self.config)

    @classmethod
    def from_config(cls, config: FaithfulnessConfig, *, backend: Verifier | None = None) -> Faithfulness:
        return cls(**config.model_dump(), backend=backend)

    @property
    def threshold(self) -> float:
        return self.config.threshold

    def __repr__(self) -> str:
        return f"Faithfulness(threshold={self.threshold!r}, verifier={self.verifier.name!r}, lang={self.config.lang!r})"

    def evaluate(self, case: TestCase | Mapping[str, Any]) -> EvalScore:
        """Score one test case.

        Raises :class:`~faithcheck.errors.InputError` for malformed input (the message names
        the field). A failure while scoring a valid case does not raise: the result has
        ``status="error"``, no value, and the message.
        """
        case = case if isinstance(case, TestCase) else case_from_row(case)
        started = time.perf_counter()
        try:
            claims = self._judge(case)
        except InputError:
            raise
        except Exception as exc:  # one failing row must not lose the others
            return self._error(case, f"{type(exc).__name__}: {exc}", started)
        return self._score(case, claims, started)

    async def aevaluate(self, case: TestCase | Mapping[str, Any]) -> EvalScore:
        """Async :meth:`evaluate`; the offline pipeline runs in a worker thread."""
        return await asyncio.to_thread(self.evaluate, case)

    def run(self, case: TestCase | Mapping[str, Any]) -> ScorerRun:
        """Seed 004's view of a scoring run: claims, yes/no/unsure verdicts, prompts, scaled score."""
        return scorer_run(self.evaluate(case), scale=self.config.scale)

    # -- the steps ---------------------------------------------------------------------------

    def _judge(self, case: TestCase) -> list[ClaimResult]:
        lang = self.config.lang
        claims = extract_claims(case.sut_response, lang)
        results: dict[str, ClaimResult] = {}
        relevant: list[Claim] = []
        for claim in claims:
            why = irrelevance_reason(claim.text, case.question, lang)
            if why is None:
                relevant.append(claim)
            else:
                results[claim.id] = ClaimResult(claim=claim, verdict=Verdict(label="irrelevant", score=0.0, reason=why))
        if relevant:
            encoder = default_encoder()
            index = build_context_index(case.retrieved_context, encoder, lang)
            vectors = encoder.encode([c.text for c in relevant])
            checks = [
                ClaimCheck(
                    claim=claim,
                    question=case.question,
                    windows=index.select(claim.text, vector, self.config.evidence_top_k),
                    passages=index.passages,
                )
                for claim, vector in zip(relevant, vectors, strict=True)
            ]
            verdicts = self.verifier.verify(checks, lang)
            _check_verdicts(verdicts, len(checks), self.verifier.name)
            for claim, verdict in zip(relevant, verdicts, strict=True):
                results[claim.id] = ClaimResult(claim=claim, verdict=verdict)
        return [results[c.id] for c in claims]

    def _score(self, case: TestCase, claims: list[ClaimResult], started: float) -> EvalScore:
        cfg = self.config
        counted = [c for c in claims if c.counts]
        if cfg.aggregation == "verdict":
            scores = [1.0 if c.verdict.supported else 0.0 for c in counted]
        else:
            scores = [c.verdict.score for c in counted]
        unit = faithfulness(scores, strict_threshold=cfg.strict_threshold)
        value = rescale(unit, minimum=cfg.min, maximum=cfg.max, inverted=cfg.inverted)
        passed = value <= cfg.threshold if cfg.inverted else value >= cfg.threshold
        return EvalScore(
            input_id=case.input_id,
            metric_name=cfg.metric_name,
            value=value,
            unit_value=unit,
            passed=passed,
            threshold=cfg.threshold,
            status="ok" if counted else "no_claims",
            reason=_reason(claims, scores, cfg),
            weight=cfg.weight,
            claims=claims,
            usage=Usage(wall_seconds=time.perf_counter() - started),
        )

    def _error(self, case: TestCase, message: str, started: float) -> EvalScore:
        return EvalScore(
            input_id=case.input_id,
            metric_name=self.config.metric_name,
            value=None,
            passed=False,
            threshold=self.config.threshold,
            status="error",
            reason=f"not scored: {message}",
            message=message,
            weight=self.config.weight,
            usage=Usage(wall_seconds=time.perf_counter() - started),
        )


def _make_verifier(config: FaithfulnessConfig) -> Verifier:
    if config.verifier == "baseline":
        return BaselineVerifier()
    raise FaithcheckError(f"unknown verifier {config.verifier!r}")  # pragma: no cover - config rejects it


def _check_verdicts(verdicts: Sequence[Verdict], expected: int, backend: str) -> None:
    """A verifier's answer must cover every claim; a gap is an error, never 'supported'."""
    if len(verdicts) != expected:
        raise FaithcheckError(f"verifier {backend!r} returned {len(verdicts)} verdicts for {expected} claims")
    for i, verdict in enumerate(verdicts):
        if not isinstance(verdict, Verdict):
            raise FaithcheckError(f"verifier {backend!r} returned {type(verdict).__name__} for claim {i}")
        if verdict.label == "irrelevant":
            raise FaithcheckError(f"verifier {backend!r} marked claim {i} irrelevant; only the filter may")


def _short(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= _REASON_CLAIM_CHARS else text[: _REASON_CLAIM_CHARS - 1] + "…"


def _reason(claims: list[ClaimResult], scores: list[float], cfg: FaithfulnessConfig) -> str:
    counted = [c for c in claims if c.counts]
    skipped = len(claims) - len(counted)
    excluded = f" {skipped} irrelevant claim{'s' if skipped != 1 else ''} excluded." if skipped else ""
    if not counted:
        if not claims:
            return "The answer is empty: no claims to check, so it scores 0."
        return f"The answer makes no claims about the question ({skipped} irrelevant), so it scores 0."
    failing = [c for c in counted if not c.verdict.supported]
    if not failing:
        parts = [
            f"All {len(counted)} claim{'s are' if len(counted) != 1 else ' is'} supported by the context.{excluded}"
        ]
    else:
        parts = [
            f"{len(failing)} of {len(counted)} claims {'is' if len(failing) == 1 else 'are'} not supported.{excluded}"
        ]
        parts += [f"Claim '{_short(c.claim.text)}' is {c.verdict.label}: {c.verdict.reason}" for c in failing]
    threshold = cfg.strict_threshold
    if threshold is not None and any(s < threshold for s in scores):
        parts.append(f"Strict mode: a claim scored below {threshold:g}, so the answer scores 0.")
    return " ".join(parts)
