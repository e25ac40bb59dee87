"""Evidence selection and verification backends."""

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
