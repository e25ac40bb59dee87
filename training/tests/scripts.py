"""Loading the repository's scripts (benchmarks/, training/) as modules in tests."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

REPO = Path(__file__).resolve().parents[2]


def load_script(relative_path: str, module_name: str) -> ModuleType:
    """Import ``REPO/relative_path`` as ``module_name`` (registered, so dataclasses resolve annotations)."""
    spec = importlib.util.spec_from_file_location(module_name, REPO / relative_path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
