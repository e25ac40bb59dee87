"""Evidence selection and verification backends."""

from faithcheck.verify.base import ClaimCheck, EvidenceWindow, Verifier
from faithcheck.verify.baseline import BaselineVerifier
from faithcheck.verify.evidence import ContextIndex, build_context_index

__all__ = ["BaselineVerifier", "ClaimCheck", "ContextIndex", "EvidenceWindow", "Verifier", "build_context_index"]
