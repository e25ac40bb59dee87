"""The LLM judge: provider clients, prompts, fail-closed parsing, cache, pricing.

Select it with ``Faithfulness(verifier="llm")`` (and ``extractor="llm"``) or
``verifier="cascade"``; ``model`` names the provider and model (see :mod:`faithcheck.llm.spec`).
"""

from faithcheck.llm.cache import ResponseCache, default_cache_dir
from faithcheck.llm.client import EndpointUnusableError, LLMCallError, LLMClient, LLMReply, LLMRequest
from faithcheck.llm.spec import ProviderSpec, parse_model

__all__ = [
    "EndpointUnusableError",
    "LLMCallError",
    "LLMClient",
    "LLMReply",
    "LLMRequest",
    "ProviderSpec",
    "ResponseCache",
    "default_cache_dir",
    "parse_model",
]
