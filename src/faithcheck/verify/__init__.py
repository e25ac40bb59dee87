"""Evidence selection and verification backends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from faithcheck.lazy import lazy_exports

if TYPE_CHECKING:
    from faithcheck.verify.base import (
        ClaimCheck,
        ClaimError,
        EvidenceWindow,
        LocalVerifier,
        Verifier,
        VerifierOutput,
        uses_embeddings,
    )
    from faithcheck.verify.baseline import BaselineVerifier
    from faithcheck.verify.evidence import ContextIndex, build_context_index

_WHERE = {
    "ClaimCheck": "faithcheck.verify.base",
    "ClaimError": "faithcheck.verify.base",
    "EvidenceWindow": "faithcheck.verify.base",
    "LocalVerifier": "faithcheck.verify.base",
    "Verifier": "faithcheck.verify.base",
    "VerifierOutput": "faithcheck.verify.base",
    "uses_embeddings": "faithcheck.verify.base",
    "BaselineVerifier": "faithcheck.verify.baseline",
    "ContextIndex": "faithcheck.verify.evidence",
    "build_context_index": "faithcheck.verify.evidence",
}
"""Each public name and its module: imported on first use, so that reading a default
(:mod:`faithcheck.verify.defaults`) loads no model code."""

__all__ = [
    "BaselineVerifier",
    "ClaimCheck",
    "ClaimError",
    "ContextIndex",
    "EvidenceWindow",
    "LocalVerifier",
    "Verifier",
    "VerifierOutput",
    "build_context_index",
    "uses_embeddings",
]

__getattr__, __dir__ = lazy_exports("faithcheck.verify", _WHERE)
