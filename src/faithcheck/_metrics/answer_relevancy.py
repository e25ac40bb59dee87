"""The :class:`AnswerRelevancy` metric (``rag.answer_relevancy``): does the answer address the
question at all?

Faithfulness asks whether every claim is grounded in the context; a faithful answer that ignores
the question scores well there. Answer relevancy splits the answer into statements with the same
claim extractor, judges each against the question with the relevance head faithcheck ships
(:mod:`faithcheck._pipeline.relevancy`: rule-based cues for refusals, filler and restatements, a trained
head over sentence embeddings for the rest), and scores the share of statements that address
the question. An answer that says nothing, or only refuses, scores 0.0 with its status saying so.

With ``judge="llm"`` the statements are judged instead by one LLM call per row
(:mod:`faithcheck._llm.relevance`), through the faithfulness judge's client, cache and
fail-closed rules.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from faithcheck._core.errors import FaithcheckError, RunStopped
from faithcheck._core.rows import case_from_row, row_warnings
from faithcheck._core.types import ClaimResult, EvalScore, Label, Lang, ScoreScale, TestCase, Verdict, YesNoUnsure
from faithcheck._metrics.base import Metric, StepTrace, resolve_lang, run_sync
from faithcheck._metrics.config import AnswerRelevancyConfig, load_relevancy_config
from faithcheck._metrics.registry import MetricOptions, MetricSpec
from faithcheck._metrics.steps import ScorerRun, scorer_run
from faithcheck._pipeline.extract import ClaimExtractor, SentenceExtractor
from faithcheck._text.language import row_language

if TYPE_CHECKING:
    from faithcheck._llm.cost import CostEstimate
    from faithcheck._llm.relevance import LLMRelevanceJudge

__all__ = ["METRIC_SPEC", "REQUIRED_COLUMNS", "AnswerRelevancy", "RelevancyScore", "manifest"]

REQUIRED_COLUMNS: tuple[str, ...] = ("input_id", "prompt", "sut_response")
_SHOWN = 3


class RelevancyScore(EvalScore):
    """An :class:`EvalScore` whose claims are the answer's statements: every statement counts,
    and the failing ones are those that do not address the question."""

    @property
    def counted_claims(self) -> list[ClaimResult]:
        return [c for c in self.claims if c.verdict is not None]

    @property
    def failing_claims(self) -> list[ClaimResult]:
        return [c for c in self.claims if c.verdict is None or c.verdict.label != "relevant"]

    def step_verdict(self, label: Label) -> YesNoUnsure:
        return "yes" if label == "relevant" else "no"


class AnswerRelevancy:
    """Answer relevancy: the share of the answer's statements that address the question.

    Parameters
    ----------
    threshold:
        Pass mark (default 0.7).
    extractor_backend:
        The claim extractor to split the answer with; pass the one a :class:`Faithfulness` uses
        (wrapped in :class:`~faithcheck._pipeline.extract.shared.SharedExtractor`) to extract once for both.
    require_key:
        ``False`` builds the LLM extractor and judge without an API key (``--dry-run``, which
        sends nothing); by default a missing key fails here, not on the first row.
    **options:
        Any field of :class:`~faithcheck._metrics.config.AnswerRelevancyConfig`.

    Examples
    --------
    >>> from faithcheck import TestCase
    >>> case = TestCase(input_id="1", prompt="How long is the warranty?",
    ...                 sut_response="The warranty lasts two years.", retrieved_context=["-"])
    >>> AnswerRelevancy().evaluate(case).passed
    True
    """

    def __init__(
        self,
        threshold: float = 0.7,
        *,
        extractor_backend: ClaimExtractor | None = None,
        require_key: bool = True,
        **options: Any,
    ):
        self._config = load_relevancy_config(threshold=threshold, **options)
        self.extractor: ClaimExtractor = extractor_backend or self._make_extractor(require_key)
        llm = self._config.judge == "llm"
        self.judge: LLMRelevanceJudge | None = self._make_judge(require_key) if llm else None

    def _make_extractor(self, require_key: bool) -> ClaimExtractor:
        if self._config.extractor == "sentence":
            return SentenceExtractor()
        from faithcheck._llm.judge import LLMClaimExtractor
        from faithcheck._llm.settings import client_for

        settings = self._config.llm
        client = client_for(settings, require_key=require_key)  # faithfulness's, when the settings are equal
        return LLMClaimExtractor(client, price=settings.price(client))

    def _make_judge(self, require_key: bool) -> LLMRelevanceJudge:
        from faithcheck._llm.relevance import LLMRelevanceJudge
        from faithcheck._llm.settings import client_for

        settings = self._config.llm
        client = client_for(settings, require_key=require_key)
        return LLMRelevanceJudge(client, repair_attempts=settings.repair_attempts, price=settings.price(client))

    # -- the Metric protocol ------------------------------------------------------------------

    @property
    def name(self) -> str:
        return self._config.metric_name

    @property
    def weight(self) -> float:
        return self._config.weight

    @property
    def scale(self) -> ScoreScale:
        """The share of statements that address the question: 0 to 1, higher is better."""
        return ScoreScale()

    @property
    def concurrency(self) -> int:
        return self._config.concurrency_limit

    @property
    def threshold(self) -> float:
        return self._config.threshold

    @property
    def config(self) -> AnswerRelevancyConfig:
        return self._config

    @property
    def required_columns(self) -> tuple[str, ...]:
        return REQUIRED_COLUMNS

    def versions(self) -> dict[str, Any]:
        from faithcheck._pipeline.relevancy import relevance_model_id

        if self.judge is not None:
            return {"extractor": self.extractor.name, "relevance_model": self.judge.version}
        from faithcheck._models.embedding import default_encoder

        encoder = default_encoder().name  # the heads read its similarities
        return {"extractor": self.extractor.name, "relevance_model": relevance_model_id(), "encoder": encoder}

    def manifest(self) -> dict[str, Any]:
        return manifest()

    def __repr__(self) -> str:
        judge = self._config.judge
        return f"AnswerRelevancy(threshold={self.threshold!r}, extractor={self.extractor.name!r}, judge={judge!r})"

    def evaluate(self, case: TestCase | Mapping[str, Any]) -> RelevancyScore:
        """Score one test case (a :class:`TestCase` or a row mapping; no context needed)."""
        return run_sync(self.aevaluate(case))

    def run(self, case: TestCase | Mapping[str, Any]) -> ScorerRun:
        """The step-by-step view: the statements, yes (relevant) / no verdicts with reasons, the score."""
        return scorer_run(self.evaluate(case))

    async def aevaluate(self, case: TestCase | Mapping[str, Any]) -> RelevancyScore:
        if isinstance(case, TestCase):
            return await self._aevaluate_case(case)
        notes = row_warnings(case)
        result = await self._aevaluate_case(case_from_row(case, required=REQUIRED_COLUMNS))
        return result.model_copy(update={"warnings": [*result.warnings, *notes]}) if notes else result

    async def _aevaluate_case(self, case: TestCase) -> RelevancyScore:
        started = time.perf_counter()
        lang, problem = self._lang(case)
        if not case.question.strip():
            lang, problem = None, "field 'prompt': is empty: answer relevancy needs the question"
        if lang is None:
            return self._result(case, None, problem, [], StepTrace(), started, status="error")
        trace = StepTrace()
        try:
            extracted = await self.extractor.aextract(case.question, case.sut_response, lang, history=case.history)
            trace.add("extract", extracted.usage, extracted.prompts, extracted.raw_responses)
            statements = [item.claim for item in extracted.claims]
            if self.judge is None:
                verdicts = await asyncio.to_thread(_judge, case.question, [s.text for s in statements], lang)
            else:
                asked = [(f"c{i}", s.text) for i, s in enumerate(statements, 1)]
                judged = await self.judge.ajudge(case.question, asked, lang, history=case.history)
                # "analyze", as faithfulness names its judging step: seed 004's view shows it
                trace.add("analyze", judged.usage, judged.prompts, judged.raw_responses)
                if judged.failed is not None:
                    return self._result(case, None, judged.failed, [], trace, started, status="error")
                verdicts = judged.verdicts
        except (RunStopped, asyncio.CancelledError):
            raise
        except Exception as exc:  # one failing row must not lose the others
            return self._result(case, None, f"{type(exc).__name__}: {exc}", [], trace, started, status="error")
        claims = [
            ClaimResult(claim=s, verdict=Verdict(label=v.label, score=v.score, reason=v.reason))
            for s, v in zip(statements, verdicts, strict=True)
        ]
        relevant = sum(1 for v in verdicts if v.label == "relevant")
        value = relevant / len(claims) if claims else 0.0
        status = "ok" if claims else "no_claims"
        return self._result(case, value, _reason(claims, value), claims, trace, started, status=status)

    # -- helpers ------------------------------------------------------------------------------

    def _lang(self, case: TestCase) -> tuple[Lang | None, str]:
        # the row's passages too, when it has them: a short answer to a short question often has no
        # detectable language of its own ("haha yes" to "hated"), and faithfulness reads the same
        # row in the language they give it
        detected = (
            None if self._config.lang != "auto" else row_language(case.sut_response, case.evidence, case.question)
        )
        return resolve_lang(self._config.lang, detected)

    def _result(
        self,
        case: TestCase,
        value: float | None,
        reason: str,
        claims: list[ClaimResult],
        trace: StepTrace,
        started: float,
        *,
        status: str,
    ) -> RelevancyScore:
        cfg = self._config
        if status == "error":
            return RelevancyScore.not_scored(self, case.input_id, reason, **trace.fields(started))
        assert value is not None
        return RelevancyScore(
            input_id=case.input_id,
            metric_name=cfg.metric_name,
            value=value,
            unit_value=value,
            passed=value >= cfg.threshold,
            threshold=cfg.threshold,
            status="ok" if status == "ok" else "no_claims",
            reason=reason,
            weight=cfg.weight,
            claims=claims,
            **trace.fields(started),
        )


def _judge(question: str, statements: list[str], lang: Lang) -> list[Any]:
    from faithcheck._pipeline.relevancy import judge_statements

    if not statements:
        return []
    verdicts = judge_statements(question, statements, lang)
    if len(verdicts) != len(statements):
        raise FaithcheckError(f"the relevance judge returned {len(verdicts)} verdicts for {len(statements)} statements")
    return verdicts


def _reason(claims: list[ClaimResult], value: float) -> str:
    if not claims:
        return "The answer is empty: it makes no statement, so it scores 0."
    off = [c for c in claims if c.verdict is not None and c.verdict.label != "relevant"]
    if not off:
        what = "The statement addresses" if len(claims) == 1 else f"All {len(claims)} statements address"
        return f"{what} the question."
    if len(off) == len(claims):
        head = "No statement addresses the question" if len(claims) > 1 else "The answer does not address the question"
    else:
        verb = "does" if len(off) == 1 else "do"
        head = f"{len(off)} of {len(claims)} statements {verb} not address the question"
    shown = [c.verdict.reason for c in off[:_SHOWN] if c.verdict is not None]
    more = f" (and {len(off) - _SHOWN} more)" if len(off) > _SHOWN else ""
    return f"{head} (score {value:.2f}): " + "; ".join(shown) + more + "."


_METHODOLOGY = [
    "The answer is split into statements by faithcheck's claim extractor (the one faithfulness uses; "
    "when both metrics run, the extraction is shared).",
    "Each statement is judged against the question: rule-based cues mark refusals and deflections, generic "
    "filler and restatements of the question, and a yes, a no, a short answer or a condition ('Only if ...') "
    "answering a yes/no question as relevant; a relevance head trained by faithcheck over sentence embeddings "
    "judges the rest (relevant vs off-topic), reading an object pronoun of the first statement as the "
    "question's noun ('Keep them cool' for 'How should I store the tablets?'); a statement that carries on "
    "from a relevant one (the rest of its sentence, or a pronoun referring back) is relevant too.",
    "With judge='llm', one LLM call per row judges every statement instead (relevant, or irrelevant as "
    "off-topic, restating the question, refusing or deflecting, generic filler); a statement without a valid "
    "verdict after the re-asks makes the row an error, never relevant.",
    "The score is the share of statements that address the question (0.0 if the answer makes no statement).",
]


def manifest() -> dict[str, Any]:
    """The ``rag.answer_relevancy`` manifest, in the shape of seed 001's ``rag.faithfulness``."""
    from faithcheck._metrics.manifest import metric_manifest

    schema = AnswerRelevancyConfig.model_json_schema()
    schema.pop("description", None)
    schema.pop("additionalProperties", None)
    return metric_manifest(
        name="rag.answer_relevancy",
        display_name="Answer Relevancy",
        description="Does the answer address the user's question?",
        config=schema,
        entrypoint="faithcheck.entrypoint.answer_relevancy",
        required_columns=REQUIRED_COLUMNS,
        methodology=_METHODOLOGY,
        score_semantics="Scores range 0-1, the share of the answer's statements that address the question. "
        "Higher is better.",
        summary="Measures whether the answer engages with the question rather than drifting, refusing or padding.",
        worked_example="An answer makes 4 statements; 3 answer the question and 1 is an unrelated remark -> "
        "3/4 = 0.75.",
    )


# -- the metric's entry in the registry (faithcheck._metrics.registry) -----------------------------

_SHARED_WITH_FAITHFULNESS = (
    "lang",
    "extractor",
    "model",
    "base_url",
    "api_key_env",
    "concurrency_limit",
    "llm_timeout_seconds",
    "llm_max_retries",
    "llm_repair_attempts",
    "cache",
    "cache_dir",
    "price_input_per_mtok",
    "price_output_per_mtok",
)
"""A run's (faithfulness) options answer relevancy takes too, so both read the answer the same way;
its own section (``answer_relevancy:`` in a config file) overrides them."""


def _options(run: MetricOptions) -> dict[str, Any]:
    shared = {k: run.options[k] for k in _SHARED_WITH_FAITHFULNESS if k in run.options}
    return {**shared, **run.section}


def _build(run: MetricOptions) -> AnswerRelevancy:
    return AnswerRelevancy(**_options(run), extractor_backend=run.extractor, require_key=run.require_key)


def _check(run: MetricOptions) -> None:
    load_relevancy_config(**_options(run))


def _estimate(metric: Metric, case: TestCase, with_extraction: bool) -> CostEstimate:
    from faithcheck._llm.cost import estimate_relevance

    assert isinstance(metric, AnswerRelevancy)
    lang = "en" if metric.config.lang == "auto" else metric.config.lang
    return estimate_relevance(
        case, lang, extractor=metric.extractor, judge=metric.judge, with_extraction=with_extraction
    )


def _uses_llm(metric: Metric) -> bool:
    assert isinstance(metric, AnswerRelevancy)
    return not (metric.extractor.name == "sentence" and metric.judge is None)


METRIC_SPEC = MetricSpec(
    name="answer_relevancy",
    metric_type=AnswerRelevancy,
    build=_build,
    check=_check,
    manifest=manifest,
    estimate=_estimate,
    uses_llm=_uses_llm,
    verdict_noun="statement",
)
"""How the command line, Ray and the dry run make answer relevancy (see
:func:`faithcheck._metrics.registry.metric_spec`)."""
