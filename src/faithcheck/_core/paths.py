"""Where faithcheck keeps files it makes itself (the LLM reply cache, the int8 sentence encoder), and
whether a file it is asked to write can be written."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["default_cache_dir", "unwritable"]


def default_cache_dir() -> Path:
    """``$FAITHCHECK_CACHE_DIR``, else ``$XDG_CACHE_HOME/faithcheck``, else ``~/.cache/faithcheck``."""
    if env := os.environ.get("FAITHCHECK_CACHE_DIR"):
        return Path(env)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "faithcheck"


def unwritable(path: Path) -> str | None:
    """Why ``path`` cannot be written (its folder is made first, as the writers do), or ``None``."""
    folder = path.parent
    if folder.exists() and not folder.is_dir():
        return f"{folder} is not a folder"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return f"cannot make its folder {folder} ({exc.strerror or exc})"
    if path.exists() and not os.access(path, os.W_OK):
        return "the file is read-only"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"no permission to write in {folder}"
    return None
