"""Defaults the verification layer owns and the configuration reads (importing no model code)."""

__all__ = ["DEFAULT_POOL"]

DEFAULT_POOL = 4
"""Candidate sentences per claim that evidence selection embeds (``evidence_pool``)."""
