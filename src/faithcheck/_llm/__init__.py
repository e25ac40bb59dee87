"""The LLM judge: provider clients, prompts, fail-closed parsing, cache, pricing.

Select it with ``Faithfulness(verifier="llm")`` (and ``extractor="llm"``) or
``verifier="cascade"``; ``model`` names the provider and model (see :mod:`faithcheck._llm.spec`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from faithcheck._core.lazy import lazy_exports

if TYPE_CHECKING:
    from faithcheck._llm.cache import ResponseCache, default_cache_dir
    from faithcheck._llm.client import EndpointUnusableError, LLMCallError, LLMClient, LLMReply, LLMRequest
    from faithcheck._llm.spec import ProviderSpec, parse_model

_WHERE = {
    "EndpointUnusableError": "faithcheck._llm.client",
    "LLMCallError": "faithcheck._llm.client",
    "LLMClient": "faithcheck._llm.client",
    "LLMReply": "faithcheck._llm.client",
    "LLMRequest": "faithcheck._llm.client",
    "ProviderSpec": "faithcheck._llm.spec",
    "ResponseCache": "faithcheck._llm.cache",
    "default_cache_dir": "faithcheck._llm.cache",
    "parse_model": "faithcheck._llm.spec",
}
"""Each public name and its module: imported on first use, so that reading the LLM layer's settings
(:mod:`faithcheck._llm.settings`, which every configuration does) loads no HTTP client."""

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

__getattr__, __dir__ = lazy_exports("faithcheck._llm", _WHERE)
