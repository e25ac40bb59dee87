"""Checking one made-up claim against one context, as the verdict tests of the slot checks do."""

from __future__ import annotations

from faithcheck import Faithfulness
from faithcheck._core.types import Label


def assert_verdict(metric: Faithfulness, context: str, claim: str, label: Label, why: str = "") -> None:
    """``claim`` against ``context`` gets ``label``, with a reason opening with ``why``."""
    [verdict] = metric.check_claims([claim], [context])
    assert verdict.label == label, verdict.reason
    assert verdict.reason.startswith(why), verdict.reason


def assert_supported(metric: Faithfulness, context: str, claim: str, supported: bool = True) -> None:
    """``claim`` against ``context`` is supported (or, with ``supported=False``, not)."""
    [verdict] = metric.check_claims([claim], [context])
    assert verdict.supported is supported, verdict.reason
