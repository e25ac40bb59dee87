"""Assertions for tests: ``assert_that(case).meets_metric(Faithfulness(0.8))``.

Every score checked this way is recorded; the pytest plugin (:mod:`faithcheck.pytest_plugin`,
registered by entry point) prints them as a table at the end of the session.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from faithcheck._core.errors import InputError
from faithcheck._core.rows import case_from_row
from faithcheck._core.types import EvalScore, TestCase

__all__ = ["CaseAssertion", "RecordedScore", "assert_that", "record_score", "recorded_scores"]


class _Metric(Protocol):
    threshold: float

    def evaluate(self, case: TestCase) -> EvalScore: ...


@dataclass(frozen=True)
class RecordedScore:
    """A score seen by an assertion, with the test that produced it (if under pytest)."""

    test_id: str | None
    result: EvalScore


_lock = threading.Lock()
# A stack of collectors: each pytest session pushes its own (sessions can nest, as with
# pytester), and scores go to the innermost one. The bottom one serves code outside pytest.
_collectors: list[list[RecordedScore]] = [[]]
_current_test: list[str | None] = [None]


def record_score(result: EvalScore, test_id: str | None = None) -> None:
    """Record ``result`` for the end-of-session summary."""
    with _lock:
        _collectors[-1].append(RecordedScore(test_id if test_id is not None else _current_test[0], result))


def recorded_scores() -> list[RecordedScore]:
    """A copy of the scores recorded so far (in the current pytest session, if any)."""
    with _lock:
        return list(_collectors[-1])


def _set_current_test(test_id: str | None) -> None:
    _current_test[0] = test_id


def _push_collector() -> list[RecordedScore]:
    with _lock:
        _collectors.append([])
        return _collectors[-1]


def _pop_collector(collector: list[RecordedScore]) -> None:
    with _lock:
        if len(_collectors) > 1 and _collectors[-1] is collector:
            _collectors.pop()


def describe_failure(result: EvalScore) -> str:
    """A multi-line message: the score, then each failing claim with its label and evidence."""
    if result.status == "error" and not result.claims:
        return f"{result.metric_name} could not score input_id={result.input_id!r}: {result.message}"
    value = "no value" if result.value is None else f"{result.value:.3f}"
    lines = [
        f"{result.metric_name} = {value} for input_id={result.input_id!r} "
        f"(threshold {result.threshold:g}, status {result.status})"
    ]
    for c in result.failing_claims:
        if c.verdict is None:
            lines.append(f"  - [no verdict] {c.claim.text!r}: {c.error}")
            continue
        lines.append(f"  - [{c.verdict.label}] {c.claim.text!r}")
        lines.append(f"      reason: {c.verdict.reason}")
        if c.verdict.evidence is not None:
            ev = c.verdict.evidence
            lines.append(f"      evidence: passage {ev.passage_index} [{ev.start}:{ev.end}] {ev.quote!r}")
    if result.status == "no_claims":
        lines.append(f"  {result.reason}")
    return "\n".join(lines)


class CaseAssertion:
    """Fluent assertions about one test case."""

    def __init__(self, case: TestCase):
        self.case = case
        self.results: list[EvalScore] = []

    def meets_metric(self, metric: _Metric) -> CaseAssertion:
        """Score the case with ``metric``; raise ``AssertionError`` unless it passes.

        The error message lists the failing claims, their labels and evidence.
        """
        result = metric.evaluate(self.case)
        record_score(result)
        self.results.append(result)
        if result.status == "error" or not result.passed:
            raise AssertionError(describe_failure(result))
        return self


def assert_that(case: TestCase | Mapping[str, Any]) -> CaseAssertion:
    """Start an assertion about ``case`` (a :class:`TestCase` or a row mapping).

    >>> from faithcheck import Faithfulness, TestCase
    >>> case = TestCase(input_id="t", prompt="Return window?", sut_response="Returns are accepted for 30 days.",
    ...                 retrieved_context=["Returns are accepted for 30 days."])
    >>> _ = assert_that(case).meets_metric(Faithfulness(0.8))

    A row that is not a valid case raises :class:`~faithcheck._core.errors.InputError` naming the field;
    under pytest its traceback stops at the test's own line.
    """
    __tracebackhide__ = True  # pytest: the failure points at the test, not inside faithcheck
    if isinstance(case, TestCase):
        return CaseAssertion(case)
    try:
        return CaseAssertion(case_from_row(case))
    except InputError as exc:
        raise exc.with_traceback(None) from None
