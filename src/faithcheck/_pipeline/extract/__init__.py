"""Claim extraction and the relevance filter."""

from faithcheck._pipeline.extract.base import ClaimExtractor, ExtractedClaim, ExtractorOutput, SentenceExtractor
from faithcheck._pipeline.extract.claims import extract_claims, split_clauses
from faithcheck._pipeline.extract.relevance import irrelevance_reason
from faithcheck._text.sentences import TextSpan, split_sentences

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
