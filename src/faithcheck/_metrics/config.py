"""Configuration: seed 001's ``InitializationConfig`` and the options faithcheck adds.

This is the one source of truth for configuration: the manifest's ``config_schema`` is
``InitializationConfig.model_json_schema()``, and the CLI flags are generated from
``FaithfulnessConfig``'s fields.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from faithcheck._core.errors import ConfigError
from faithcheck._core.types import Lang
from faithcheck._llm.settings import (
    DEFAULT_EVIDENCE_BUDGET,
    DEFAULT_MAX_RETRIES,
    DEFAULT_REPAIR_ATTEMPTS,
    DEFAULT_TIMEOUT_SECONDS,
    LLMSettings,
)
from faithcheck._pipeline.verify.defaults import DEFAULT_POOL

__all__ = [
    "MAX_SECONDS",
    "SEED_FIELD_HELP",
    "AnswerRelevancyConfig",
    "FaithfulnessConfig",
    "InitializationConfig",
    "Lang",
    "did_you_mean",
    "load_config",
    "load_relevancy_config",
    "validation_problems",
]


_MAX_MAGNITUDE = 1e9  # scales and weights beyond this overflow means and intervals
MAX_SECONDS = 366 * 24 * 3600.0  # a year: longer is a typo, not a plan


def _role(role: str) -> dict[str, Any]:
    return {"x-aip-param-role": role}


class InitializationConfig(BaseModel):
    """The ``rag.faithfulness`` configuration schema, exactly as seed 001 fixes it.

    ``model`` names the LLM judge; it is only used when an LLM step is selected
    (``extractor="llm"`` or ``verifier="llm"``). The offline default never calls it.
    """

    model_config = ConfigDict(title="InitializationConfig", extra="forbid", frozen=True, allow_inf_nan=False)

    concurrency_limit: int = Field(default=10, json_schema_extra=_role("operational"))
    inverted: bool = Field(default=False, json_schema_extra=_role("scoring_metadata"))
    lang: Lang = "en"
    max: float = Field(default=1.0, json_schema_extra=_role("scoring_metadata"))
    metric_name: str = Field(default="faithfulness", json_schema_extra=_role("scoring_metadata"))
    min: float = Field(default=0.0, json_schema_extra=_role("scoring_metadata"))
    model: str | None = "gpt-4o"
    system_type: Literal["rag"] = Field(default="rag", json_schema_extra=_role("judge_wiring"))
    weight: float = Field(default=1.0, json_schema_extra=_role("scoring_metadata"))


class FaithfulnessConfig(InitializationConfig):
    """Seed 001's fields plus the pipeline options of faithcheck.

    ``threshold`` is on the reported scale (between ``min`` and ``max``); a row passes when its
    value is at least the threshold, or at most the threshold when ``inverted``.
    """

    model_config = ConfigDict(title="FaithfulnessConfig", extra="forbid", frozen=True, allow_inf_nan=False)

    # seed 001's schema (InitializationConfig) keeps en/de/fr; only faithcheck's own config adds auto
    lang: Literal["en", "de", "fr", "auto"] = Field(  # type: ignore[assignment]
        default="en",
        description="language of answers and context: en, de, fr, or auto (each row in its own detected "
        "language; rows in other languages are errors)",
    )
    threshold: float = Field(default=0.7, description="pass mark on the reported scale")
    strict_threshold: float | None = Field(
        default=None,
        ge=0.0,
        le=1.0,
        description="strict mode: any claim scoring below this makes the answer score 0",
    )
    extractor: Literal["sentence", "llm"] = Field(
        default="sentence",
        description="claim extraction: sentence (offline splitter) or llm (one call per row, resolves pronouns)",
    )
    verifier: Literal["baseline", "model", "llm", "cascade"] = Field(
        default="baseline",
        description="claim verification: baseline (offline lexical + embedding rules), model (the shipped "
        "offline cross-encoder; see MODEL_CARD.md), llm (one call per row), or cascade (an offline "
        "verifier first, see cascade_local; the LLM only for claims in the uncertain band)",
    )
    aggregation: Literal["verdict", "probability"] = Field(
        default="verdict",
        description="claim score fed to the mean: 1/0 by verdict (the fraction of supported "
        "claims), or the verifier's probability of support",
    )
    scale: float = Field(
        default=1.0,
        gt=0.0,
        description="maximum of the score in the step-by-step result of Faithfulness.run() (extract and analyze "
        "steps, verdicts as yes/no/unsure); results files use min and max",
    )
    evidence_top_k: int = Field(default=3, ge=1, le=20, description="context windows checked per claim")
    evidence_pool: int = Field(
        default=DEFAULT_POOL,
        ge=1,
        le=100,
        description="candidate sentences per claim (by content-word and number overlap) that evidence selection "
        "embeds for verifiers that use embeddings (baseline, LLM judges; not the trained model); smaller is faster",
    )
    base_url: str | None = Field(default=None, description="OpenAI-compatible or Anthropic endpoint for model")
    api_key_env: str | None = Field(
        default=None, description="environment variable holding the API key (default: the provider's usual one)"
    )
    llm_timeout_seconds: float = Field(default=DEFAULT_TIMEOUT_SECONDS, gt=0, description="timeout of one LLM call")
    llm_max_retries: int = Field(
        default=DEFAULT_MAX_RETRIES, ge=0, le=20, description="retries on 429, 5xx and timeouts"
    )
    llm_max_claims_per_call: int = Field(
        default=12, ge=1, le=100, description="claims per verification call (longer lists are batched)"
    )
    llm_repair_attempts: int = Field(
        default=DEFAULT_REPAIR_ATTEMPTS,
        ge=0,
        le=5,
        description="re-asks for claims whose verdict was missing or malformed",
    )
    llm_evidence_budget: int = Field(
        default=DEFAULT_EVIDENCE_BUDGET,
        ge=256,
        le=32768,
        description="context tokens one LLM verification call reads: the whole context, once, when it fits; "
        "else each claim's assembled evidence, the call's claims sharing the budget",
    )
    cache: bool = Field(default=True, description="reuse LLM replies from the on-disk cache")
    cache_dir: str | None = Field(default=None, description="cache folder (default: ~/.cache/faithcheck)")
    cascade_local: Literal["model", "baseline"] = Field(
        default="model",
        description="cascade: the offline verifier that decides the claims it is sure of (model: the "
        "shipped cross-encoder, whose scores are calibrated probabilities; baseline: the lexical rules)",
    )
    cascade_low: float = Field(
        default=0.2, ge=0.0, le=1.0, description="cascade: local scores at or below this are decided locally"
    )
    cascade_high: float = Field(
        default=0.8, ge=0.0, le=1.0, description="cascade: local scores at or above this are decided locally"
    )
    price_input_per_mtok: float | None = Field(
        default=None, ge=0.0, description="USD per million input tokens (overrides the built-in price table)"
    )
    price_output_per_mtok: float | None = Field(
        default=None, ge=0.0, description="USD per million output tokens (overrides the built-in price table)"
    )
    verifier_bundle: str | None = Field(
        default=None,
        description="a verifier bundle folder exported by training/ (model.onnx, tokenizer.json, "
        "calibration.json), used instead of the shipped model by verifier=model and by a cascade with "
        "cascade_local=model; a bundle trained on assembled evidence reads it",
    )
    calibration: str | None = Field(
        default=None,
        description="calibration file written by `faithcheck calibrate`: the reported score becomes P(faithful) "
        "by its map of the row score, and a row passes from its threshold (which replaces threshold)",
    )

    @property
    def llm(self) -> LLMSettings:
        """The LLM layer's settings, nested: the ``model``, ``base_url``, ``api_key_env``, ``llm_*``,
        ``cache*``, ``concurrency_limit`` and ``price_*`` fields (flat, as seed 001's schema and config
        files keep them) as one :class:`LLMSettings`, from which alone the LLM client is built."""
        return _llm_settings(self)

    @model_validator(mode="after")
    def _check_ranges(self) -> FaithfulnessConfig:
        if not self.max > self.min:
            raise ValueError(f"max ({self.max}) must be greater than min ({self.min})")
        for name in ("min", "max", "weight"):
            if abs(getattr(self, name)) > _MAX_MAGNITUDE:
                raise ValueError(f"{name} ({getattr(self, name):g}) must lie within ±{_MAX_MAGNITUDE:g}")
        lo, hi = self.min, self.max
        if not lo <= self.threshold <= hi:
            raise ValueError(f"threshold ({self.threshold}) must lie between min ({lo}) and max ({hi})")
        if self.concurrency_limit < 1:
            raise ValueError("concurrency_limit must be at least 1")
        if self.weight < 0:
            raise ValueError("weight must be >= 0")
        if self.evidence_pool < self.evidence_top_k:
            raise ValueError(
                f"evidence_pool ({self.evidence_pool}) must be at least evidence_top_k ({self.evidence_top_k})"
            )
        if self.cascade_low > self.cascade_high:
            raise ValueError(f"cascade_low ({self.cascade_low}) must not exceed cascade_high ({self.cascade_high})")
        uses_model = self.verifier == "model" or (self.verifier == "cascade" and self.cascade_local == "model")
        if self.verifier_bundle is not None and not uses_model:
            which = f"verifier={self.verifier}"
            if self.verifier == "cascade":
                which += f", cascade_local={self.cascade_local}"
            raise ValueError(
                f"verifier_bundle is a model for verifier=model or a cascade with cascade_local=model, not for {which}"
            )
        return self


class AnswerRelevancyConfig(BaseModel):
    """Configuration of :class:`~faithcheck._metrics.answer_relevancy.AnswerRelevancy` (``rag.answer_relevancy``).

    ``lang``, ``extractor`` and the LLM fields mean what they mean for faithfulness; when both
    metrics score one dataset the CLI passes them the same values and one extractor.
    """

    model_config = ConfigDict(title="AnswerRelevancyConfig", extra="forbid", frozen=True, allow_inf_nan=False)

    threshold: float = Field(default=0.7, ge=0.0, le=1.0, description="pass mark: the share of relevant statements")
    lang: Literal["en", "de", "fr", "auto"] = "en"
    metric_name: str = Field(default="answer_relevancy", min_length=1)
    weight: float = Field(default=1.0, ge=0.0, le=_MAX_MAGNITUDE)
    concurrency_limit: int = Field(default=10, ge=1)
    extractor: Literal["sentence", "llm"] = "sentence"
    judge: Literal["local", "llm"] = Field(
        default="local",
        description="statement relevance: local (the shipped offline relevance head) or llm (one call per row)",
    )
    model: str | None = "gpt-4o"
    base_url: str | None = None
    api_key_env: str | None = None
    llm_timeout_seconds: float = Field(default=DEFAULT_TIMEOUT_SECONDS, gt=0, le=MAX_SECONDS)
    llm_max_retries: int = Field(default=DEFAULT_MAX_RETRIES, ge=0, le=20)
    llm_repair_attempts: int = Field(
        default=DEFAULT_REPAIR_ATTEMPTS,
        ge=0,
        le=5,
        description="re-asks for statements whose relevance verdict was missing or malformed",
    )
    cache: bool = True
    cache_dir: str | None = None
    price_input_per_mtok: float | None = Field(default=None, ge=0.0)
    price_output_per_mtok: float | None = Field(default=None, ge=0.0)

    @property
    def llm(self) -> LLMSettings:
        """The LLM layer's settings, nested (as :attr:`FaithfulnessConfig.llm`): equal to faithfulness's
        for equal fields, so that both metrics share one client."""
        return _llm_settings(self)


def _llm_settings(cfg: FaithfulnessConfig | AnswerRelevancyConfig) -> LLMSettings:
    return LLMSettings(
        model=cfg.model,
        base_url=cfg.base_url,
        api_key_env=cfg.api_key_env,
        timeout_seconds=cfg.llm_timeout_seconds,
        max_retries=cfg.llm_max_retries,
        repair_attempts=cfg.llm_repair_attempts,
        concurrency=cfg.concurrency_limit,
        cache=cfg.cache,
        cache_dir=cfg.cache_dir,
        price_input_per_mtok=cfg.price_input_per_mtok,
        price_output_per_mtok=cfg.price_output_per_mtok,
    )


SEED_FIELD_HELP: dict[str, str] = {
    "concurrency_limit": "rows (or LLM calls) in flight at once",
    "inverted": "report 1 - faithfulness (a hallucination rate); a row then passes at or below the threshold",
    "lang": "language of answers and context: en, de or fr",
    "max": "upper end of the reported scale",
    "metric_name": "name written into results",
    "min": "lower end of the reported scale",
    "model": "LLM judge model, used only when an LLM step is selected",
    "system_type": "system under test (always rag)",
    "weight": "weight of this metric's rows in aggregates",
}
"""Help texts for seed 001's fields, kept out of the schema so it stays equal to the seed's."""


def load_config(**options: Any) -> FaithfulnessConfig:
    """Build a :class:`FaithfulnessConfig`, turning validation errors into :class:`ConfigError`.

    >>> load_config(threshold=0.8).threshold
    0.8
    """
    try:
        return FaithfulnessConfig(**options)
    except ValidationError as exc:
        raise ConfigError(
            f"invalid faithcheck configuration: {validation_problems(exc, FaithfulnessConfig.model_fields)}"
        ) from None


def load_relevancy_config(**options: Any) -> AnswerRelevancyConfig:
    """Build an :class:`AnswerRelevancyConfig`, turning validation errors into :class:`ConfigError`."""
    try:
        return AnswerRelevancyConfig(**options)
    except ValidationError as exc:
        problems = validation_problems(exc, AnswerRelevancyConfig.model_fields)
        raise ConfigError(f"invalid answer_relevancy configuration: {problems}") from None


def validation_problems(exc: ValidationError, known: Iterable[str] = ()) -> str:
    """A configuration's validation errors in one line: ``field: what is wrong`` for each, joined by
    ``;``. A name that is not an option says so, with the closest of ``known`` when one is close.

    >>> try:
    ...     FaithfulnessConfig(threshhold=0.5)
    ... except ValidationError as exc:
    ...     print(validation_problems(exc, FaithfulnessConfig.model_fields))
    threshhold: not an option (did you mean 'threshold'?)
    """
    problems = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"]) or "config"
        if err["type"] == "extra_forbidden":
            problems.append(f"{where}: not an option{did_you_mean(where, known)}")
        else:
            problems.append(f"{where}: {err['msg']}")
    return "; ".join(problems)


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """`` (did you mean 'x'?)`` for the known name closest to a misspelt ``name``, else ``""``."""
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.75)
    return f" (did you mean {close[0]!r}?)" if close else ""
