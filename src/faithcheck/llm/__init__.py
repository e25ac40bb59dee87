"""The LLM judge: provider clients, prompts, fail-closed parsing, cache, pricing.

Select it with ``Faithfulness(verifier="llm")`` (and ``extractor="llm"``) or
``verifier="cascade"``; ``model`` names the provider and model (see :mod:`faithcheck.llm.spec`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from faithcheck.lazy import lazy_exports

if TYPE_CHECKING:
    from faithcheck.llm.cache import ResponseCache, default_cache_dir
    from faithcheck.llm.client import EndpointUnusableError, LLMCallError, LLMClient, LLMReply, LLMRequest
    from faithcheck.llm.spec import ProviderSpec, parse_model

_WHERE = {
    "EndpointUnusableError": "faithcheck.llm.client",
    "LLMCallError": "faithcheck.llm.client",
    "LLMClient": "faithcheck.llm.client",
    "LLMReply": "faithcheck.llm.client",
    "LLMRequest": "faithcheck.llm.client",
    "ProviderSpec": "faithcheck.llm.spec",
    "ResponseCache": "faithcheck.llm.cache",
    "default_cache_dir": "faithcheck.llm.cache",
    "parse_model": "faithcheck.llm.spec",
}
"""Each public name and its module: imported on first use, so that reading the LLM layer's settings
(:mod:`faithcheck.llm.settings`, which every configuration does) loads no HTTP client."""

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

__getattr__, __dir__ = lazy_exports("faithcheck.llm", _WHERE)
