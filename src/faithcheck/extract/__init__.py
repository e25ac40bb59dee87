"""Claim extraction and the relevance filter."""

from faithcheck.extract.base import ClaimExtractor, ExtractedClaim, ExtractorOutput, SentenceExtractor
from faithcheck.extract.claims import extract_claims, split_clauses
from faithcheck.extract.relevance import irrelevance_reason
from faithcheck.extract.sentences import TextSpan, split_sentences

__all__ = [
    "ClaimExtractor",
    "ExtractedClaim",
    "ExtractorOutput",
    "SentenceExtractor",
    "TextSpan",
    "extract_claims",
    "irrelevance_reason",
    "split_clauses",
    "split_sentences",
]
