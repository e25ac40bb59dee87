"""Evidence selection and verification backends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from faithcheck._core.lazy import lazy_exports

if TYPE_CHECKING:
    from faithcheck._pipeline.verify.base import (
        ClaimCheck,
        ClaimError,
        LocalVerifier,
        Verifier,
        VerifierOutput,
    )
    from faithcheck._pipeline.verify.baseline import BaselineVerifier
    from faithcheck._pipeline.verify.evidence import ContextIndex, EvidenceWindow, build_context_index
    from faithcheck._pipeline.verify.needs import EvidenceNeeds

_WHERE = {
    "ClaimCheck": "faithcheck._pipeline.verify.base",
    "ClaimError": "faithcheck._pipeline.verify.base",
    "LocalVerifier": "faithcheck._pipeline.verify.base",
    "Verifier": "faithcheck._pipeline.verify.base",
    "VerifierOutput": "faithcheck._pipeline.verify.base",
    "EvidenceNeeds": "faithcheck._pipeline.verify.needs",
    "BaselineVerifier": "faithcheck._pipeline.verify.baseline",
    "ContextIndex": "faithcheck._pipeline.verify.evidence",
    "EvidenceWindow": "faithcheck._pipeline.verify.evidence",
    "build_context_index": "faithcheck._pipeline.verify.evidence",
}
"""Each public name and its module: imported on first use, so that reading a default
(:mod:`faithcheck._pipeline.verify.defaults`) loads no model code."""

__all__ = [
    "BaselineVerifier",
    "ClaimCheck",
    "ClaimError",
    "ContextIndex",
    "EvidenceNeeds",
    "EvidenceWindow",
    "LocalVerifier",
    "Verifier",
    "VerifierOutput",
    "build_context_index",
]

__getattr__, __dir__ = lazy_exports("faithcheck._pipeline.verify", _WHERE)
