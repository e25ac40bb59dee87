"""Build the extraction and verification backends a configuration names.

The LLM modules are imported only when an LLM step is selected, so the offline default never
needs the provider SDKs.
"""

from __future__ import annotations

from faithcheck._metrics.config import FaithfulnessConfig
from faithcheck._pipeline.extract import ClaimExtractor, SentenceExtractor
from faithcheck._pipeline.verify import BaselineVerifier, Verifier
from faithcheck._pipeline.verify.onnx_model import OnnxVerifier, bundle_verifier, default_model_verifier

__all__ = ["make_extractor", "make_verifier"]


def make_extractor(config: FaithfulnessConfig, *, require_key: bool = True) -> ClaimExtractor:
    """The claim extractor ``config`` names; ``require_key=False`` builds an LLM one without an
    API key (for estimates that send nothing)."""
    if config.extractor == "sentence":
        return SentenceExtractor()
    from faithcheck._llm.judge import LLMClaimExtractor
    from faithcheck._llm.settings import client_for

    settings = config.llm
    client = client_for(settings, require_key=require_key)
    return LLMClaimExtractor(client, price=settings.price(client))


def make_verifier(config: FaithfulnessConfig, *, require_key: bool = True) -> Verifier:
    """The verifier ``config`` names; ``require_key`` as for :func:`make_extractor`."""
    if config.verifier == "baseline":
        return BaselineVerifier()
    if config.verifier == "model":
        return _model(config)
    from faithcheck._llm.judge import CascadeVerifier, LLMVerifier
    from faithcheck._llm.settings import client_for

    settings = config.llm
    client = client_for(settings, require_key=require_key)
    llm = LLMVerifier(
        client,
        max_claims_per_call=config.llm_max_claims_per_call,
        repair_attempts=config.llm_repair_attempts,
        evidence_budget=config.llm_evidence_budget,
        price=settings.price(client),
    )
    if config.verifier == "llm":
        return llm
    local = _model(config) if config.cascade_local == "model" else BaselineVerifier()
    return CascadeVerifier(local, llm, low=config.cascade_low, high=config.cascade_high)


def _model(config: FaithfulnessConfig) -> OnnxVerifier:
    """The trained model: the bundle ``verifier_bundle`` names, else the shipped one."""
    if config.verifier_bundle is None:
        return default_model_verifier()
    return bundle_verifier(config.verifier_bundle)
