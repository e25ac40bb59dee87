"""Build the extraction and verification backends a configuration names."""

from __future__ import annotations

from faithcheck.config import FaithfulnessConfig
from faithcheck.extract import ClaimExtractor, SentenceExtractor
from faithcheck.verify import BaselineVerifier, Verifier

__all__ = ["make_extractor", "make_verifier"]


def make_extractor(config: FaithfulnessConfig) -> ClaimExtractor:
    return SentenceExtractor()


def make_verifier(config: FaithfulnessConfig) -> Verifier:
    return BaselineVerifier()
