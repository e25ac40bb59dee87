"""Evidence selection and verification backends."""

from faithcheck.verify.base import ClaimCheck, ClaimError, EvidenceWindow, Verifier, VerifierOutput
from faithcheck.verify.baseline import BaselineVerifier
from faithcheck.verify.evidence import ContextIndex, build_context_index

__all__ = [
    "BaselineVerifier",
    "ClaimCheck",
    "ClaimError",
    "ContextIndex",
    "EvidenceWindow",
    "Verifier",
    "VerifierOutput",
    "build_context_index",
]
