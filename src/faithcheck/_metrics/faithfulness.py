"""The :class:`Faithfulness` metric: wires extraction, filtering, evidence, verification and
aggregation into one :class:`EvalScore` per test case."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from faithcheck._core.errors import ConfigError, FaithcheckError, InputError, RunStopped
from faithcheck._core.rows import case_from_row, row_warnings
from faithcheck._core.scoring import faithfulness, rescale
from faithcheck._core.types import Claim, ClaimResult, EvalScore, Lang, ScoreScale, TestCase, Verdict, composed
from faithcheck._metrics.backends import make_extractor, make_verifier
from faithcheck._metrics.base import Metric, StepTrace, resolve_lang, run_sync
from faithcheck._metrics.calibration import Calibration, load_calibration
from faithcheck._metrics.config import FaithfulnessConfig, load_config
from faithcheck._metrics.manifest import REQUIRED_COLUMNS
from faithcheck._metrics.registry import MetricOptions, MetricSpec
from faithcheck._metrics.steps import ScorerRun, scorer_run
from faithcheck._models.embedding import default_encoder
from faithcheck._pipeline.extract import ClaimExtractor, ExtractedClaim
from faithcheck._pipeline.verify import (
    ClaimCheck,
    ClaimError,
    EvidenceNeeds,
    Verifier,
    VerifierOutput,
    build_context_index,
)
from faithcheck._pipeline.verify.assembly import evidence_for
from faithcheck._pipeline.verify.base import as_sentence
from faithcheck._text.language import mismatch_warning, row_language

if TYPE_CHECKING:
    from faithcheck._llm.cost import CostEstimate

__all__ = ["METRIC_SPEC", "Faithfulness"]

_REASON_CLAIM_CHARS = 120
T = TypeVar("T")


class Faithfulness:
    """Faithfulness of a RAG answer to its retrieved context (``rag.faithfulness``).

    Parameters
    ----------
    threshold:
        Pass mark on the reported scale (default 0.7).
    verifier_backend, extractor_backend:
        Custom :class:`~faithcheck._pipeline.verify.Verifier` / :class:`~faithcheck._pipeline.extract.ClaimExtractor`
        instances; by default the backends named by the ``verifier`` and ``extractor`` options.
    **options:
        Any field of :class:`~faithcheck._metrics.config.FaithfulnessConfig` (``lang``,
        ``strict_threshold``, ``min``, ``max``, ``inverted``, ``weight``, ``model``, ...).

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

    def __init__(
        self,
        threshold: float = 0.7,
        *,
        verifier_backend: Verifier | None = None,
        extractor_backend: ClaimExtractor | None = None,
        **options: Any,
    ):
        if isinstance(options.get("calibration"), os.PathLike):
            options["calibration"] = os.fspath(options["calibration"])
        self.config: FaithfulnessConfig = load_config(threshold=threshold, **options)
        self.verifier: Verifier = _declared(verifier_backend) if verifier_backend else make_verifier(self.config)
        self.extractor: ClaimExtractor = extractor_backend or make_extractor(self.config)
        self.calibration: Calibration | None = None
        if self.config.calibration is not None:
            self.calibration = load_calibration(self.config.calibration)

    @classmethod
    def from_config(cls, config: FaithfulnessConfig, **backends: Any) -> Faithfulness:
        return cls(**config.model_dump(), **backends)

    @property
    def threshold(self) -> float:
        """The pass mark on the reported scale: the calibration's, when one is applied."""
        if self.calibration is None:
            return self.config.threshold
        cfg = self.config
        return rescale(self.calibration.threshold, minimum=cfg.min, maximum=cfg.max, inverted=cfg.inverted)

    @property
    def name(self) -> str:
        """The name its results carry (``metric_name``, ``faithfulness`` by default)."""
        return self.config.metric_name

    @property
    def weight(self) -> float:
        """The weight its results carry in a weighted mean of rows (seed 001's ``weight``)."""
        return self.config.weight

    @property
    def scale(self) -> ScoreScale:
        """Where its scores lie and which way is better (seed 001's ``min``, ``max``, ``inverted``)."""
        return ScoreScale(self.config.min, self.config.max, self.config.inverted)

    @property
    def concurrency(self) -> int:
        """Rows (or LLM calls) in flight at once (seed 001's ``concurrency_limit``)."""
        return self.config.concurrency_limit

    @property
    def required_columns(self) -> tuple[str, ...]:
        return REQUIRED_COLUMNS

    def versions(self) -> dict[str, Any]:
        """The backends (and model weights, LLM) that decide this metric's scores."""
        versions: dict[str, Any] = {"extractor": self.extractor.name, "verifier": self.verifier.name}
        if "llm" in (self.extractor.name, self.verifier.name) or self.verifier.name == "cascade":
            versions["model"] = self.config.model
        if model_id := self.verifier.model_id:
            versions["verifier_model"] = model_id
        if self.verifier.needs.embeddings:  # it ranks the windows (and the baseline reads its similarities)
            versions["encoder"] = default_encoder().name
        return versions

    def manifest(self) -> dict[str, Any]:
        """The ``rag.faithfulness`` manifest (seed 001)."""
        from faithcheck._metrics.manifest import manifest

        return manifest()

    def __repr__(self) -> str:
        return (
            f"Faithfulness(threshold={self.threshold!r}, extractor={self.extractor.name!r}, "
            f"verifier={self.verifier.name!r}, lang={self.config.lang!r})"
        )

    # -- public -------------------------------------------------------------------------------

    def evaluate(self, case: TestCase | Mapping[str, Any]) -> EvalScore:
        """Score one test case.

        Raises :class:`~faithcheck._core.errors.InputError` for malformed input (the message names
        the field). A failure while scoring a valid case does not raise: the result has
        ``status="error"``, no value, and the message.
        """
        return run_sync(self.aevaluate(case))

    async def aevaluate(self, case: TestCase | Mapping[str, Any]) -> EvalScore:
        """Async :meth:`evaluate`: LLM calls run concurrently, local models in a worker thread."""
        if isinstance(case, TestCase):
            return await self._aevaluate_case(case)
        notes = row_warnings(case)
        result = await self._aevaluate_case(case_from_row(case))
        return result.model_copy(update={"warnings": [*result.warnings, *notes]}) if notes else result

    async def _aevaluate_case(self, case: TestCase) -> EvalScore:
        if not case.evidence:
            raise InputError(
                "retrieved_context", "is empty: a non-empty list of passages is required", input_id=case.input_id
            )
        started = time.perf_counter()
        trace = StepTrace()
        detected: str | None = None
        lang: Lang | None = None
        try:
            detected = await asyncio.to_thread(row_language, case.sut_response, case.evidence, case.question)
            lang, problem = resolve_lang(self.config.lang, detected)
            if lang is None:
                return self._error(case, problem, [], trace, started, detected=detected)
            claims = await self._judge(case, trace, lang)
        except (InputError, RunStopped, asyncio.CancelledError):
            raise
        except Exception as exc:  # one failing row must not lose the others
            return self._error(case, f"{type(exc).__name__}: {exc}", [], trace, started, lang, detected)
        missing = [c for c in claims if c.error is not None]
        if missing:
            message = "; ".join(
                f"claim {c.claim.id} ({_short(c.claim.text)!r}) has no verdict: {c.error}" for c in missing
            )
            return self._error(case, message, claims, trace, started, lang, detected)
        return self._score(case, claims, trace, started, lang, detected)

    def row_lang(self, case: TestCase) -> Lang | None:
        """The language ``case`` is scored in: the configured ``lang``, or with ``lang="auto"`` the
        row's detected language, ``None`` when that is not one faithcheck scores (the row is then
        an error row that says so).

        >>> case = TestCase(input_id="1", prompt="Wie lange gilt die Garantie?",
        ...                 sut_response="Die Garantie gilt 2 Jahre.",
        ...                 retrieved_context=["Die Garantie des Mixers gilt 2 Jahre."])
        >>> Faithfulness(lang="auto").row_lang(case), Faithfulness().row_lang(case)
        ('de', 'en')
        """
        if self.config.lang != "auto":
            return self.config.lang
        return resolve_lang(self.config.lang, row_language(case.sut_response, case.evidence, case.question))[0]

    def run(self, case: TestCase | Mapping[str, Any]) -> ScorerRun:
        """The step-by-step view of a scoring run: claims, yes/no/unsure verdicts, prompts, the score
        on the configured ``scale``."""
        return scorer_run(self.evaluate(case), scale=self.config.scale)

    def check_claims(
        self, claims: Sequence[str], retrieved_context: Sequence[str], question: str = ""
    ) -> list[Verdict]:
        """Verify claims that are already atomic against the context (no extraction, no filter).

        For claim-level benchmarks and for callers with their own claim decomposition. Texts are
        read in Unicode's composed form (NFC), and evidence spans index the passages in that form
        (``unicodedata.normalize("NFC", passage)``; the same text for most input). A claim
        the verifier could not judge raises :class:`~faithcheck._core.errors.FaithcheckError`.

        >>> [v.label for v in Faithfulness().check_claims(["The warranty lasts 5 years."],
        ...                                                ["The warranty lasts 2 years."])]
        ['contradicted']
        """
        for name, value in (("claims", claims), ("retrieved_context", retrieved_context)):
            if isinstance(value, str):  # a string is a sequence too: one claim or passage per character
                what = "claims" if name == "claims" else "passages"
                raise InputError(name, f"must be a list of {what}, got a string: wrap it in a list, [text]")
        if not retrieved_context or all(not p.strip() for p in retrieved_context):
            raise InputError("retrieved_context", "must hold at least one non-blank passage")
        claims, retrieved_context, question = (
            [composed(c) for c in claims],
            [composed(p) for p in retrieved_context],
            composed(question),
        )
        as_claims = [Claim(id=f"c{i + 1}", text=t, start=0, end=len(t)) for i, t in enumerate(claims)]
        if not as_claims:
            return []
        lang = self._lang_of_texts(" ".join(claims), retrieved_context, question)
        output = run_sync(self._verify(as_claims, question, retrieved_context, lang))
        verdicts: list[Verdict] = []
        for claim, verdict in zip(as_claims, output.verdicts, strict=True):
            if isinstance(verdict, ClaimError):
                raise FaithcheckError(f"claim {claim.text!r} has no verdict: {verdict.message}")
            verdicts.append(verdict)
        return verdicts

    # -- the steps ----------------------------------------------------------------------------

    async def _judge(self, case: TestCase, trace: StepTrace, lang: Lang) -> list[ClaimResult]:
        extracted = await self.extractor.aextract(case.question, case.sut_response, lang, history=case.history)
        trace.add("extract", extracted.usage, extracted.prompts, extracted.raw_responses)
        results: dict[str, ClaimResult] = {}
        relevant: list[ExtractedClaim] = []
        for item in extracted.claims:
            if item.irrelevant_reason is None:
                relevant.append(item)
            else:
                dropped = Verdict(label="irrelevant", score=0.0, reason=item.irrelevant_reason)
                results[item.claim.id] = ClaimResult(claim=item.claim, verdict=dropped)
        if relevant:
            checked = [_checked_claim(item) for item in relevant]
            output = await self._verify(checked, case.question, case.evidence, lang)
            trace.add("analyze", output.usage, output.prompts, output.raw_responses)
            for item, verdict in zip(relevant, output.verdicts, strict=True):
                claim = item.claim
                if isinstance(verdict, ClaimError):
                    results[claim.id] = ClaimResult(claim=claim, error=verdict.message)
                else:
                    results[claim.id] = ClaimResult(claim=claim, verdict=_read_as(verdict, item.checked_as))
        return [results[item.claim.id] for item in extracted.claims]

    async def _verify(
        self, claims: Sequence[Claim], question: str, passages: Sequence[str], lang: Lang
    ) -> VerifierOutput:
        """Select evidence for each claim and ask the verifier; check that every claim got an answer."""
        checks = await asyncio.to_thread(self.select_evidence, claims, question, passages, lang=lang)
        output = await self.verifier.averify(checks, lang)
        _check_output(output, len(checks), self.verifier.name)
        return output

    def select_evidence(
        self, claims: Sequence[Claim], question: str, passages: Sequence[str], *, lang: Lang | None = None
    ) -> list[ClaimCheck]:
        """For each claim, the ``evidence_top_k`` context windows a verifier will see (the passages
        read in ``lang``; by default the configured one, or with ``lang="auto"`` the detected one),
        and, for a verifier that declares an evidence budget, the claim's assembled evidence."""
        if lang is None:
            lang = self._lang_of_texts(" ".join(c.text for c in claims), passages, question)
        index = build_context_index(passages, lang)
        cfg = self.config
        texts = [c.text for c in claims]
        needs = self.verifier.needs
        encoder = default_encoder() if needs.embeddings else None
        windows = index.select_all(texts, encoder, cfg.evidence_top_k, cfg.evidence_pool)
        chunks = evidence_for(needs, index, texts)
        return [
            ClaimCheck(
                claim=claim, question=question, windows=found, passages=index.passages, chunks=assembled, index=index
            )
            for claim, found, assembled in zip(claims, windows, chunks, strict=True)
        ]

    def _lang_of_texts(self, answer: str, passages: Sequence[str], question: str) -> Lang:
        """The configured language, or the detected one with ``lang="auto"`` (an unsupported or
        undetected language raises :class:`InputError`: there is no row to turn into an error)."""
        if self.config.lang != "auto":
            return self.config.lang
        lang, problem = resolve_lang(self.config.lang, row_language(answer, passages, question))
        if lang is None:
            raise InputError("lang", problem.removeprefix("field 'lang': "))
        return lang

    def _score(
        self,
        case: TestCase,
        claims: list[ClaimResult],
        trace: StepTrace,
        started: float,
        lang: Lang,
        detected: str | None,
    ) -> EvalScore:
        cfg = self.config
        counted = [c for c in claims if c.counts]
        if cfg.aggregation == "verdict":
            scores = [1.0 if c.supported else 0.0 for c in counted]
        else:
            scores = [c.verdict.score for c in counted if c.verdict is not None]
        unit = faithfulness(scores, strict_threshold=cfg.strict_threshold)
        calibrated = ""
        if self.calibration is not None:  # the reported score is P(faithful) of the row score
            raw, unit = unit, self.calibration.probability(unit)
            calibrated = f" Calibrated: the row score {raw:.3f} is P(faithful) {unit:.3f}."
        value = rescale(unit, minimum=cfg.min, maximum=cfg.max, inverted=cfg.inverted)
        passed = value <= self.threshold if cfg.inverted else value >= self.threshold
        return EvalScore(
            input_id=case.input_id,
            metric_name=cfg.metric_name,
            value=value,
            unit_value=unit,
            passed=passed,
            threshold=self.threshold,
            status="ok" if counted else "no_claims",
            reason=_reason(claims, scores, cfg) + calibrated,
            weight=cfg.weight,
            claims=claims,
            **trace.fields(started),
            lang=lang,
            detected_lang=detected,
            context_utilisation=context_utilisation(counted, len(case.evidence)),
            warnings=_language_warnings(detected, lang),
        )

    def _error(
        self,
        case: TestCase,
        message: str,
        claims: list[ClaimResult],
        trace: StepTrace,
        started: float,
        lang: Lang | None = None,
        detected: str | None = None,
    ) -> EvalScore:
        return EvalScore.not_scored(
            self,
            case.input_id,
            message,
            claims=claims,
            **trace.fields(started),
            lang=lang,
            detected_lang=detected,
            warnings=_language_warnings(detected, lang),
        )


def _language_warnings(detected: str | None, lang: Lang | None) -> list[str]:
    """A row scored in one language that looks like another says so in its record (a fixed
    ``lang``; under ``lang="auto"`` the two agree)."""
    warning = mismatch_warning(detected, lang)
    return [warning] if warning else []


def _declared(verifier: Verifier) -> Verifier:
    """A custom verifier, once it is seen to declare what the pipeline reads of it (the protocol's
    attributes): a class written against an older faithcheck gets a message, not an AttributeError
    in the middle of a run."""
    name = type(verifier).__name__
    if not isinstance(getattr(verifier, "needs", None), EvidenceNeeds):
        raise ConfigError(
            f"verifier_backend {name} must declare `needs`, a faithcheck.EvidenceNeeds "
            "saying which evidence it reads: EvidenceNeeds() for windows ranked with embeddings"
        )
    model_id = getattr(verifier, "model_id", False)
    if model_id is not None and not isinstance(model_id, str):
        raise ConfigError(
            f"verifier_backend {name} must declare `model_id`: a str naming its weights (recorded with "
            "each run), or None"
        )
    return verifier


def _checked_claim(item: ExtractedClaim) -> Claim:
    """The claim a verifier checks for ``item``: the claim itself, or, where it is checked as
    another statement (a short answer read with its question), that statement at its span."""
    if item.checked_as is None:
        return item.claim
    return item.claim.model_copy(update={"text": item.checked_as})


def _read_as(verdict: Verdict, checked_as: str | None) -> Verdict:
    """``verdict`` with its reason saying which statement was checked, where a claim was checked
    as another one: the reader of "1923: contradicted" sees what the answer was read to say."""
    if checked_as is None:
        return verdict
    return verdict.model_copy(update={"reason": f"read with the question as {checked_as!r}: {verdict.reason}"})


def _check_output(output: VerifierOutput, expected: int, backend: str) -> None:
    """A verifier's answer must cover every claim; a gap is an error, never 'supported'."""
    if len(output.verdicts) != expected:
        raise FaithcheckError(f"verifier {backend!r} returned {len(output.verdicts)} verdicts for {expected} claims")
    for i, verdict in enumerate(output.verdicts):
        if isinstance(verdict, ClaimError):
            continue
        if not isinstance(verdict, Verdict):
            raise FaithcheckError(f"verifier {backend!r} returned {type(verdict).__name__} for claim {i}")
        if verdict.label == "irrelevant":
            raise FaithcheckError(f"verifier {backend!r} marked claim {i} irrelevant; only the filter may")


def context_utilisation(counted: Sequence[ClaimResult], passages: int) -> float | None:
    """The share of ``passages`` that hold the evidence of at least one supported claim (any
    sentence of its ``evidence_set``: a support spanning two passages uses both).

    It measures what the answer *used*, not what the retrieval *should* have found: a passage
    that is relevant but that the answer did not draw on counts as unused, and it needs no
    reference answer and no extra model call (the verdicts' evidence is already there).

    >>> from faithcheck._core.types import Claim, Evidence
    >>> ev = Evidence(passage_index=1, start=0, end=3, quote="Yes")
    >>> used = ClaimResult(claim=Claim(id="c1", text="Yes", start=0, end=3),
    ...                    verdict=Verdict(label="supported", score=1.0, reason="ok", evidence=ev))
    >>> context_utilisation([used], passages=4)
    0.25
    >>> ev2 = Evidence(passage_index=3, start=0, end=2, quote="No")
    >>> two = Verdict(label="supported", score=1.0, reason="ok", evidence=ev, evidence_set=(ev, ev2))
    >>> both = ClaimResult(claim=Claim(id="c1", text="Yes", start=0, end=3), verdict=two)
    >>> context_utilisation([both], passages=4)
    0.5
    """
    if not counted or passages == 0:
        return None
    used = {
        evidence.passage_index
        for c in counted
        if c.verdict is not None and c.verdict.supported
        for evidence in c.verdict.evidence_set
    }
    return len(used) / passages


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
    failing = [c for c in counted if not c.supported]
    if not failing:
        what = "The claim is" if len(counted) == 1 else f"All {len(counted)} claims are"
        parts = [f"{what} supported by the context.{excluded}"]
    else:
        if len(counted) == 1:
            parts = [f"The claim is not supported.{excluded}"]
        else:
            verb = "is" if len(failing) == 1 else "are"
            parts = [f"{len(failing)} of {len(counted)} claims {verb} not supported.{excluded}"]
        parts += [
            as_sentence(f"Claim '{_short(c.claim.text)}' is {c.verdict.label}: {c.verdict.reason}")
            for c in failing
            if c.verdict is not None
        ]
    threshold = cfg.strict_threshold
    if threshold is not None and any(s < threshold for s in scores):
        parts.append(f"Strict mode: a claim scored below {threshold:g}, so the answer scores 0.")
    return " ".join(parts)


# -- the metric's entry in the registry (faithcheck._metrics.registry) -----------------------------


def _build(run: MetricOptions) -> Faithfulness:
    config = load_config(**run.options)
    verifier = make_verifier(config, require_key=run.require_key)
    return Faithfulness.from_config(config, verifier_backend=verifier, extractor_backend=run.extractor)


def _check(run: MetricOptions) -> None:
    load_config(**run.options)


def _manifest() -> dict[str, Any]:
    from faithcheck._metrics.manifest import manifest

    return manifest()


def _estimate(metric: Metric, case: TestCase, with_extraction: bool) -> CostEstimate:
    from faithcheck._llm.cost import CostEstimate, estimate_faithfulness

    assert isinstance(metric, Faithfulness)
    lang = metric.row_lang(case)
    if lang is None:  # lang auto and a language faithcheck does not score: an error row, no call
        return CostEstimate(rows=1)
    return estimate_faithfulness(
        case,
        lang,
        extractor=metric.extractor,
        verifier=metric.verifier,
        select_evidence=metric.select_evidence,
        with_extraction=with_extraction,
    )


def _uses_llm(metric: Metric) -> bool:
    assert isinstance(metric, Faithfulness)
    return not (metric.extractor.name == "sentence" and metric.verifier.name in ("model", "baseline"))


def _preload(metric: Metric) -> None:
    assert isinstance(metric, Faithfulness)
    if metric.verifier.needs.embeddings:
        default_encoder()  # the sentence encoder ranks the evidence of the first row


METRIC_SPEC = MetricSpec(
    name="faithfulness",
    metric_type=Faithfulness,
    build=_build,
    check=_check,
    manifest=_manifest,
    estimate=_estimate,
    uses_llm=_uses_llm,
    preload=_preload,
    verdict_noun="claim",
)
"""How the command line, Ray and the dry run make faithfulness (see
:func:`faithcheck._metrics.registry.metric_spec`)."""
