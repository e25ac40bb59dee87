"""Typed data that crosses a boundary: test cases in, claims, verdicts and scores out.

All models are frozen pydantic models, so they validate on construction, serialise to JSON
with ``model_dump(mode="json")`` and cannot be changed behind a caller's back.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, Protocol, Self

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

__all__ = [
    "FAILING_LABELS",
    "MAX_CONTEXT_CHARS",
    "MAX_PASSAGES",
    "Claim",
    "ClaimResult",
    "EvalScore",
    "Evidence",
    "Label",
    "Lang",
    "Message",
    "ScoreScale",
    "Status",
    "TestCase",
    "Usage",
    "Verdict",
    "YesNoUnsure",
    "composed",
    "context_size_problem",
    "to_yes_no_unsure",
]

Lang = Literal["en", "de", "fr"]
"""A language faithcheck scores (seed 001's ``lang``): English, German or French."""
Label = Literal["supported", "unsupported", "contradicted", "wrong_entity", "overclaim", "irrelevant", "relevant"]
"""Verdict labels: ``supported``, the four ways to fail of seed 001, and ``irrelevant`` (a claim
the filter dropped); answer relevancy judges statements ``relevant`` or ``irrelevant``."""

FAILING_LABELS: tuple[Label, ...] = ("unsupported", "contradicted", "wrong_entity", "overclaim")

Status = Literal["ok", "no_claims", "error"]
"""Outcome of a row: scored, nothing to score (value 0.0), or failed (with a message)."""


@dataclass(frozen=True)
class ScoreScale:
    """Where a metric's reported scores lie, ``low`` to ``high``, and which way is better: with
    ``inverted`` a lower score is the better one (seed 001's ``min``, ``max`` and ``inverted``)."""

    low: float = 0.0
    high: float = 1.0
    inverted: bool = False


YesNoUnsure = Literal["yes", "no", "unsure"]


def to_yes_no_unsure(label: Label) -> YesNoUnsure:
    """The three-way view of a label that :meth:`Faithfulness.run` reports.

    supported → yes; contradicted and wrong_entity → no (the context says otherwise);
    everything else → unsure (the context does not settle it).

    >>> to_yes_no_unsure("overclaim")
    'unsure'
    """
    if label == "supported":
        return "yes"
    if label in ("contradicted", "wrong_entity"):
        return "no"
    return "unsure"


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


MAX_CONTEXT_CHARS = 1_000_000
"""The most characters of context one row may hold (about 250,000 tokens, beyond any model's
window). Scoring a row costs about 50 bytes of memory per character of context, so this bounds a
row at about 50 MB, and a run at that times its concurrency."""
MAX_PASSAGES = 5_000
"""The most passages one row may hold."""


def context_size_problem(passages: Sequence[str]) -> str | None:
    """Why ``passages`` are too large to score as one row, or ``None``.

    >>> context_size_problem(["x" * 1_000_001])[:60]
    'holds 1,000,001 characters, over the limit of 1,000,000 for '
    """
    if len(passages) > MAX_PASSAGES:
        return f"holds {len(passages):,} passages, over the limit of {MAX_PASSAGES:,} for one row"
    size = sum(len(p) for p in passages)
    if size > MAX_CONTEXT_CHARS:
        return (
            f"holds {size:,} characters, over the limit of {MAX_CONTEXT_CHARS:,} for one row: split it over rows "
            "or keep the passages retrieved for this answer"
        )
    return None


def composed(text: str) -> str:
    """``text`` in Unicode's composed form (NFC), as every text is read: an "á" written as one
    character and one written as "a" and a combining accent (decomposed, as some scraped and macOS
    text is) are one letter, so "Montalbán" in a claim is found in a context that decomposes it.
    NFC changes no character's look (unlike NFKC, which reads "²" as "2").

    >>> len("Montalba\u0301n"), len(composed("Montalba\u0301n"))
    (10, 9)
    """
    return text if unicodedata.is_normalized("NFC", text) else unicodedata.normalize("NFC", text)


class Message(_Frozen):
    """One chat turn of a multi-turn prompt; ``context`` holds passages retrieved for that turn."""

    role: Literal["system", "user", "assistant", "tool"]
    content: str
    context: list[str] | None = None

    @field_validator("content")
    @classmethod
    def _composed_content(cls, content: str) -> str:
        return composed(content)

    @field_validator("context")
    @classmethod
    def _composed_context(cls, context: list[str] | None) -> list[str] | None:
        return None if context is None else [composed(p) for p in context]


class TestCase(_Frozen):
    """One RAG interaction to score: the question, the answer and the passages it could use.

    ``prompt`` is the user's question, or the whole conversation as a list of messages
    (``multi_turn_rag``). ``retrieved_context`` is the list of retrieved passages. Every text is
    held in Unicode's composed form (:func:`composed`), so claim and evidence spans index it.
    """

    __test__ = False  # not a pytest test class, despite the name

    input_id: str = Field(min_length=1)
    prompt: str | list[Message]
    sut_response: str
    retrieved_context: list[str] = Field(default_factory=list)
    """Empty only for metrics that need no context (answer relevancy); faithfulness refuses it."""

    @field_validator("retrieved_context")
    @classmethod
    def _no_blank_passages(cls, passages: list[str]) -> list[str]:
        if passages and all(not p.strip() for p in passages):
            raise ValueError("every passage is blank: there is nothing to check the answer against")
        if problem := context_size_problem(passages):
            raise ValueError(problem)
        return [composed(p) for p in passages]

    @field_validator("prompt")
    @classmethod
    def _prompt_has_a_question(cls, prompt: str | list[Message]) -> str | list[Message]:
        if isinstance(prompt, list) and not any(m.role == "user" for m in prompt):
            raise ValueError("a conversation prompt needs at least one message with role 'user'")
        return composed(prompt) if isinstance(prompt, str) else prompt

    @field_validator("sut_response")
    @classmethod
    def _composed_response(cls, response: str) -> str:
        return composed(response)

    @property
    def question(self) -> str:
        """The question the answer responds to: the prompt, or the last user turn."""
        if isinstance(self.prompt, str):
            return self.prompt
        return next(m.content for m in reversed(self.prompt) if m.role == "user")

    @property
    def history(self) -> str:
        """The conversation before the last user turn, as ``role: content`` lines ("" for a
        single-turn prompt): the question's context, e.g. to resolve "it" in the answer."""
        if isinstance(self.prompt, str):
            return ""
        last_user = max(i for i, m in enumerate(self.prompt) if m.role == "user")
        return "\n".join(f"{m.role}: {m.content}" for m in self.prompt[:last_user] if m.role != "system")

    @property
    def evidence(self) -> list[str]:
        """All passages available to the answer: those retrieved in earlier turns of the
        conversation, then ``retrieved_context`` (duplicates dropped, order kept)."""
        passages = list(self.retrieved_context)
        if isinstance(self.prompt, list):
            earlier = [p for m in self.prompt for p in (m.context or [])]
            passages = earlier + passages
        return list(dict.fromkeys(passages))

    @property
    def task_type(self) -> Literal["single_turn_rag", "multi_turn_rag"]:
        return "single_turn_rag" if isinstance(self.prompt, str) else "multi_turn_rag"


class Claim(_Frozen):
    """An atomic claim of the answer, with its character span ``[start, end)`` in the answer."""

    id: str
    text: str
    start: int = Field(ge=0)
    end: int = Field(ge=0)

    @model_validator(mode="after")
    def _span_is_ordered(self) -> Claim:
        if self.end < self.start:
            raise ValueError(f"claim span end ({self.end}) is before its start ({self.start})")
        return self


class Evidence(_Frozen):
    """The context text that decided a verdict: passage index, span ``[start, end)``, quote.

    The span indexes the passage as faithcheck reads it, in composed form (:func:`composed`): the
    passage of the scored :class:`TestCase`, which holds it so."""

    passage_index: int = Field(ge=0)
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    quote: str


class Verdict(_Frozen):
    """The judgement of one claim. ``score`` is the probability-like support in ``[0, 1]``."""

    label: Label
    score: float = Field(ge=0.0, le=1.0)
    reason: str
    evidence: Evidence | None = None
    """The sentence the reason quotes (the best one)."""
    evidence_set: tuple[Evidence, ...] = ()
    """Every context sentence the verdict rests on, in reading order: more than one when the
    support (or contradiction) spans sentences. Defaults to ``(evidence,)``; it always holds
    ``evidence`` when there is one."""
    uncertain: bool = False
    """The offline verdict rests on a number or name of the claim it could not align with the
    evidence (stated nowhere, only by a sentence about something else, or against a sentence of
    several dates): a support despite it, or a rejection made because of it. A cascade asks the
    LLM about it, whatever its score, and the report marks it uncertain."""

    @model_validator(mode="after")
    def _evidence_set_holds_evidence(self) -> Verdict:
        if self.evidence is None:
            if self.evidence_set:
                raise ValueError("evidence_set without evidence: name the sentence the reason quotes")
        elif not self.evidence_set:
            object.__setattr__(self, "evidence_set", (self.evidence,))
        elif self.evidence not in self.evidence_set:
            raise ValueError("evidence_set must hold evidence")
        return self

    @property
    def supported(self) -> bool:
        return self.label == "supported"


class ClaimResult(_Frozen):
    """A claim with its verdict, or with the error that left it without one.

    A claim without a verdict is never counted as supported: its row ends in status ``error``.
    """

    claim: Claim
    verdict: Verdict | None = None
    error: str | None = None

    @model_validator(mode="after")
    def _verdict_or_error(self) -> ClaimResult:
        if (self.verdict is None) == (self.error is None):
            raise ValueError("a claim result has either a verdict or an error")
        return self

    @property
    def counts(self) -> bool:
        """Whether the claim enters the score (irrelevant claims are kept but excluded)."""
        return self.verdict is not None and self.verdict.label != "irrelevant"

    @property
    def supported(self) -> bool:
        return self.verdict is not None and self.verdict.supported


class Usage(_Frozen):
    """What scoring a row cost. LLM fields stay 0 for the offline pipeline.

    ``cost_usd`` is ``None`` when the model has no known price (see ``faithcheck._llm.pricing``).
    ``claims_local`` / ``claims_llm`` count the claims decided by the local verifier and by the
    LLM (cascade mode shows the split).
    """

    llm_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cache_hits: int = 0
    cost_usd: float | None = 0.0
    wall_seconds: float = 0.0
    claims_local: int = 0
    claims_llm: int = 0

    def __add__(self, other: Usage) -> Usage:
        cost = None if self.cost_usd is None or other.cost_usd is None else self.cost_usd + other.cost_usd
        return Usage(
            llm_calls=self.llm_calls + other.llm_calls,
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            cache_hits=self.cache_hits + other.cache_hits,
            cost_usd=cost,
            wall_seconds=self.wall_seconds + other.wall_seconds,
            claims_local=self.claims_local + other.claims_local,
            claims_llm=self.claims_llm + other.claims_llm,
        )


class ScoredMetric(Protocol):
    """What a score of a metric records about it: its name, pass mark (on the reported scale) and weight."""

    @property
    def name(self) -> str: ...
    @property
    def threshold(self) -> float: ...
    @property
    def weight(self) -> float: ...


class EvalScore(_Frozen):
    """The result of scoring one test case.

    ``value`` is on the configured scale (seed 001's ``min``/``max``, ``inverted``); ``passed``
    compares it with the threshold in the metric's direction. ``status`` says whether there was
    anything to score: ``no_claims`` rows have value 0.0 (as the seeds require) and ``error``
    rows have value ``None`` and a ``message``: never NaN, never a fake 0.
    """

    input_id: str
    metric_name: str = "faithfulness"
    value: float | None
    unit_value: float | None = Field(
        default=None, description="the faithfulness in [0, 1] before rescaling and inversion"
    )
    passed: bool
    threshold: float
    status: Status
    reason: str
    message: str | None = None
    weight: float = 1.0
    claims: list[ClaimResult] = Field(default_factory=list)
    usage: Usage = Field(default_factory=Usage)
    prompts: dict[str, str] = Field(default_factory=dict)
    """The exact prompts sent to an LLM, by step (``extract``, ``analyze``); empty offline."""
    raw_responses: dict[str, list[str]] = Field(default_factory=dict)
    """The LLM's raw replies, by step, in call order; empty offline."""
    lang: str | None = None
    """The language the row was scored in: the configured ``lang``, or under ``lang="auto"`` the
    row's detected language; ``None`` when it was not scored in any (an unsupported language)."""
    detected_lang: str | None = None
    """The language detected in the row's answer and context (ISO 639-1, e.g. ``de``; ``None`` when
    the detector could not tell): see :mod:`faithcheck._text.language`."""
    context_utilisation: float | None = Field(default=None, ge=0.0, le=1.0)
    """Faithfulness: the share of the row's passages that hold the evidence of at least one
    supported claim (a retrieval-noise signal: low when most of what was retrieved was not used).
    ``None`` when nothing was judged (an error row, or no claims)."""
    warnings: list[str] = Field(default_factory=list)
    """What the reader of the score should know about the row although its status is ``ok``: a
    ``retrieved_context`` given as one string and read as one passage, or a row scored in a language
    other than the one detected in it (:func:`faithcheck._text.language.mismatch_warning`). The run
    summary counts these and says each once; the report shows them on the row. Records written
    before a warning existed lack it, or the field: readers take a missing field as none."""

    @classmethod
    def not_scored(cls, metric: ScoredMetric, input_id: str, message: str, **fields: Any) -> Self:
        """The score of a row ``metric`` could not score: no value, not passed, the ``message``
        (also the reason, prefixed "not scored: "), and the metric's name, pass mark and weight as
        its scored rows carry them (a calibrated pass mark included). ``fields`` adds the rest
        (``claims``, ``usage``, ``lang``, ...).

        >>> class M:
        ...     name, threshold, weight = "faithfulness", 0.4, 1.0
        >>> s = EvalScore.not_scored(M(), "q-1", "field 'prompt': is empty")
        >>> s.status, s.value, s.threshold, s.reason
        ('error', None, 0.4, "not scored: field 'prompt': is empty")
        """
        return cls(
            input_id=input_id,
            metric_name=metric.name,
            value=None,
            passed=False,
            threshold=metric.threshold,
            status="error",
            reason=f"not scored: {message}",
            message=message,
            weight=metric.weight,
            **fields,
        )

    @model_validator(mode="after")
    def _value_matches_status(self) -> EvalScore:
        if self.status == "error":
            if self.value is not None or self.passed:
                raise ValueError("an error row has no value and does not pass")
            if not self.message:
                raise ValueError("an error row must carry a message")
        elif self.value is None:
            raise ValueError(f"a row with status {self.status!r} must have a value")
        return self

    def step_verdict(self, label: Label) -> YesNoUnsure:
        """Yes / no / unsure (as :meth:`Faithfulness.run` reports it) for one of this result's verdict labels."""
        return to_yes_no_unsure(label)

    @property
    def counted_claims(self) -> list[ClaimResult]:
        """The claims that enter the score (irrelevant ones excluded)."""
        return [c for c in self.claims if c.counts]

    @property
    def failing_claims(self) -> list[ClaimResult]:
        """Counted claims whose verdict is not ``supported``, and claims left without a verdict."""
        return [c for c in self.claims if (c.counts and not c.supported) or c.error is not None]
