"""Public names imported on first use (PEP 562), so that importing a package is quick and loads
none of what its caller does not use (the command line answers Ctrl-C from its first moment; a
configuration reads the LLM layer's defaults without loading an HTTP client)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any

__all__ = ["lazy_exports"]


def lazy_exports(package: str, where: Mapping[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``__getattr__`` and ``__dir__`` for ``package``, whose public names live in the modules
    ``where`` maps them to; a name is imported once, then kept in the package.

    >>> getattr_, dir_ = lazy_exports("faithcheck", {"TestCase": "faithcheck._core.types"})
    >>> getattr_("TestCase").__name__, "TestCase" in dir_()
    ('TestCase', True)
    """

    def __getattr__(name: str) -> Any:
        module = where.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(module), name)
        setattr(sys.modules[package], name, value)
        return value

    def __dir__() -> list[str]:
        return sorted({*vars(sys.modules[package]), *where})

    return __getattr__, __dir__
