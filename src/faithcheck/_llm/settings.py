"""The LLM layer's own settings: which model, where, with which key, how long to wait, how often
to retry, how many calls at once, the reply cache and prices.

Both metrics' configurations read these fields (flat, as seed 001's schema and config files keep
them) and hand an :class:`LLMSettings` down; the LLM client is built from it alone
(:func:`client_for`), never from a metric's configuration, and one client (its concurrency limit and
cache) serves every metric that asks with equal settings.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from faithcheck._core.errors import ConfigError

if TYPE_CHECKING:
    from faithcheck._llm.client import LLMClient
    from faithcheck._llm.pricing import Price

__all__ = [
    "DEFAULT_CONCURRENCY",
    "DEFAULT_EVIDENCE_BUDGET",
    "DEFAULT_MAX_RETRIES",
    "DEFAULT_REPAIR_ATTEMPTS",
    "DEFAULT_TIMEOUT_SECONDS",
    "LLMSettings",
    "client_for",
]

DEFAULT_TIMEOUT_SECONDS = 60.0
DEFAULT_MAX_RETRIES = 4
DEFAULT_REPAIR_ATTEMPTS = 2
DEFAULT_CONCURRENCY = 10
DEFAULT_EVIDENCE_BUDGET = 2048
"""Context tokens one LLM verification call reads (``llm_evidence_budget``)."""


@dataclass(frozen=True)
class LLMSettings:
    """How to reach and pay for an LLM (the ``model``, ``base_url``, ``api_key_env``, ``llm_*``,
    ``cache*`` and ``price_*`` options of a metric's configuration).

    >>> LLMSettings(model="gpt-4o-mini").timeout_seconds
    60.0
    """

    model: str | None = None
    base_url: str | None = None
    api_key_env: str | None = None
    timeout_seconds: float = DEFAULT_TIMEOUT_SECONDS
    max_retries: int = DEFAULT_MAX_RETRIES
    repair_attempts: int = DEFAULT_REPAIR_ATTEMPTS
    """Re-asks for items whose verdict was missing or malformed."""
    concurrency: int = DEFAULT_CONCURRENCY
    cache: bool = True
    cache_dir: str | None = None
    price_input_per_mtok: float | None = None
    price_output_per_mtok: float | None = None

    def cache_path(self) -> str | None:
        """The reply cache's file, or ``None`` when replies are not cached."""
        if not self.cache:
            return None
        from faithcheck._llm.cache import default_cache_dir

        return str(Path(self.cache_dir) if self.cache_dir else default_cache_dir()) + "/llm-cache.sqlite"

    def price(self, client: LLMClient) -> Price | None:
        """The price of ``client``'s model, with these settings' overrides."""
        from faithcheck._llm.pricing import price_for

        return price_for(
            client.spec.model, input_override=self.price_input_per_mtok, output_override=self.price_output_per_mtok
        )


def client_for(settings: LLMSettings, *, require_key: bool = True) -> LLMClient:
    """The LLM client ``settings`` describe; equal settings share one client (its concurrency limit
    and cache). ``require_key=False`` (``--dry-run``, which sends nothing) skips the check that the
    API key is set."""
    from faithcheck._llm.spec import parse_model

    spec = parse_model(settings.model, base_url=settings.base_url, api_key_env=settings.api_key_env)
    if require_key and spec.api_key() is None and (spec.base_url is None or spec.provider == "azure"):
        # fail at construction, not on the first row
        raise ConfigError(f"{spec.label} needs an API key: set the environment variable {spec.api_key_env}")
    return _shared_client(
        settings.model,
        settings.base_url,
        settings.api_key_env,
        settings.timeout_seconds,
        settings.max_retries,
        settings.concurrency,
        settings.cache_path(),
    )


@lru_cache(maxsize=16)
def _shared_client(
    model: str | None,
    base_url: str | None,
    api_key_env: str | None,
    timeout_s: float,
    max_retries: int,
    concurrency: int,
    cache_path: str | None,
) -> LLMClient:
    from faithcheck._llm.cache import ResponseCache
    from faithcheck._llm.client import LLMClient
    from faithcheck._llm.spec import parse_model

    cache = ResponseCache(Path(cache_path)) if cache_path else None
    spec = parse_model(model, base_url=base_url, api_key_env=api_key_env)
    return LLMClient(spec, timeout_s=timeout_s, max_retries=max_retries, concurrency=concurrency, cache=cache)
