"""Which provider a ``model`` string names, where it lives, and which key it needs.

Accepted forms::

    gpt-4o                                   OpenAI (OPENAI_API_KEY; OPENAI_BASE_URL if set)
    openai/gpt-4o-mini                       OpenAI, explicit
    anthropic/claude-sonnet-4-5              Anthropic messages API (ANTHROPIC_API_KEY)
    claude-sonnet-4-5                        Anthropic (a bare "claude-" name)
    openai:my-model@http://host:8000/v1      any OpenAI-compatible server: vLLM, Ollama, llama.cpp
    azure:my-deployment@https://x.openai.azure.com   Azure OpenAI (AZURE_OPENAI_API_KEY)

Keys are read from the environment only, at call time, and never stored in results or logs.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Literal

from faithcheck._core.errors import ConfigError

__all__ = ["ProviderSpec", "parse_model"]

Provider = Literal["openai", "anthropic", "azure"]

_KEY_ENV: dict[Provider, str] = {
    "openai": "OPENAI_API_KEY",
    "anthropic": "ANTHROPIC_API_KEY",
    "azure": "AZURE_OPENAI_API_KEY",
}


@dataclass(frozen=True)
class ProviderSpec:
    """A resolved model reference. ``api_key_env`` names the variable, never the key."""

    provider: Provider
    model: str
    base_url: str | None
    api_key_env: str

    @property
    def label(self) -> str:
        """A loggable name: provider, model and host, no secrets."""
        where = f"@{self.base_url}" if self.base_url else ""
        return f"{self.provider}:{self.model}{where}"

    def api_key(self) -> str | None:
        return os.environ.get(self.api_key_env) or None


def parse_model(model: str | None, *, base_url: str | None = None, api_key_env: str | None = None) -> ProviderSpec:
    """Resolve a ``model`` option (see the module docstring) into a :class:`ProviderSpec`.

    >>> parse_model("openai:llama3@http://localhost:8000/v1").label
    'openai:llama3@http://localhost:8000/v1'
    >>> parse_model("anthropic/claude-sonnet-4-5").provider
    'anthropic'
    """
    if not model or not model.strip():
        raise ConfigError("an LLM step is selected but 'model' is empty; set model, e.g. model='gpt-4o'")
    name = model.strip()
    provider: Provider = "openai"
    url = base_url
    if ":" in name.split("@", 1)[0] and name.split(":", 1)[0] in ("openai", "anthropic", "azure"):
        prefix, name = name.split(":", 1)
        provider = prefix  # type: ignore[assignment]
    elif "/" in name and name.split("/", 1)[0] in ("openai", "anthropic", "azure"):
        prefix, name = name.split("/", 1)
        provider = prefix  # type: ignore[assignment]
    elif name.startswith("claude-"):
        provider = "anthropic"
    if "@" in name:
        name, at_url = name.rsplit("@", 1)
        if url and url != at_url:
            raise ConfigError(f"model names base URL {at_url!r} but base_url is {url!r}; give one")
        url = at_url
    if not name:
        raise ConfigError(f"model {model!r} has no model name")
    if url is not None and not url.startswith(("http://", "https://")):
        raise ConfigError(f"base URL {url!r} must start with http:// or https://")
    if provider == "azure" and not url:
        raise ConfigError("an Azure model needs its endpoint: azure:DEPLOYMENT@https://NAME.openai.azure.com")
    return ProviderSpec(provider=provider, model=name, base_url=url, api_key_env=api_key_env or _KEY_ENV[provider])
