"""Where faithcheck keeps files it makes itself (the LLM reply cache, the int8 sentence encoder)."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["default_cache_dir"]


def default_cache_dir() -> Path:
    """``$FAITHCHECK_CACHE_DIR``, else ``$XDG_CACHE_HOME/faithcheck``, else ``~/.cache/faithcheck``."""
    if env := os.environ.get("FAITHCHECK_CACHE_DIR"):
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "faithcheck"
