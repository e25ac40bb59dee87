"""The step-by-step view of a scoring run (:meth:`Faithfulness.run`): the results of the extract and
analyze steps (the step view of the platform's scorer contract, seed 004).

Derived from an :class:`EvalScore` without extra work: the claims that were judged, their
verdicts as yes / no / unsure with reasons, the prompts sent to an LLM (empty offline), and the
score on a configurable ``scale``.
"""

from __future__ import annotations

import uuid

from pydantic import BaseModel, ConfigDict, Field

from faithcheck._core.types import EvalScore, YesNoUnsure

__all__ = ["AnalyzeStepResult", "ScorerRun", "StepVerdict", "scorer_run"]


class StepVerdict(BaseModel):
    model_config = ConfigDict(frozen=True)

    verdict: YesNoUnsure
    reason: str


class AnalyzeStepResult(BaseModel):
    model_config = ConfigDict(frozen=True)

    verdicts: list[StepVerdict]


class ScorerRun(BaseModel):
    """Return value of :meth:`Faithfulness.run`: the claims extracted, their verdicts as yes / no / unsure,
    the prompts sent, and the score on ``scale``."""

    model_config = ConfigDict(frozen=True)

    run_id: str = Field(default_factory=lambda: uuid.uuid4().hex)
    extract_step_result: list[str]
    extract_prompt: str | None = None
    analyze_step_result: AnalyzeStepResult
    analyze_prompt: str | None = None
    raw_verdicts: list[str] = Field(default_factory=list)
    """The LLM's raw replies to the analyze step, as received (empty offline)."""
    score: float | None
    reason: str
    reason_prompt: str | None = None
    status: str


def scorer_run(result: EvalScore, *, scale: float = 1.0) -> ScorerRun:
    """Build the step-by-step view of ``result``; ``score`` is the unit faithfulness × ``scale``.

    Only the claims that entered the score appear, so claims and verdicts align one to one.
    """
    if scale <= 0:
        raise ValueError(f"scale = {scale!r} must be positive")
    judged = [(c.claim, c.verdict) for c in result.counted_claims if c.verdict is not None]
    return ScorerRun(
        extract_step_result=[claim.text for claim, _ in judged],
        extract_prompt=result.prompts.get("extract"),
        analyze_step_result=AnalyzeStepResult(
            verdicts=[StepVerdict(verdict=result.step_verdict(v.label), reason=v.reason) for _, v in judged]
        ),
        analyze_prompt=result.prompts.get("analyze"),
        raw_verdicts=list(result.raw_responses.get("analyze", [])),
        score=None if result.unit_value is None else result.unit_value * scale,
        reason=result.reason,
        reason_prompt=result.prompts.get("reason"),
        status=result.status,
    )
