"""pytest plugin (entry point ``pytest11``): collects faithcheck scores and prints a summary.

* marker ``@pytest.mark.faithcheck``: tags tests that score RAG answers (``-m faithcheck``);
* fixture ``faithcheck_record``: records an :class:`EvalScore` computed outside ``assert_that``;
* option ``--faithcheck-report=PATH``: also writes every recorded score as JSON lines.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Generator
from pathlib import Path

import pytest

from faithcheck import testing
from faithcheck._core.paths import unwritable
from faithcheck._core.types import EvalScore

_COLLECTOR = pytest.StashKey[list[testing.RecordedScore]]()


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("faithcheck")
    group.addoption(
        "--faithcheck-report",
        metavar="PATH",
        default=None,
        help="write every faithcheck score recorded in this session to PATH as JSON lines",
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "faithcheck: a test that scores RAG answers with faithcheck")
    report = config.getoption("--faithcheck-report")
    if report and (problem := unwritable(Path(report))):  # refused before any test runs
        raise pytest.UsageError(f"--faithcheck-report: cannot write {report}: {problem}")
    config.stash[_COLLECTOR] = testing._push_collector()


def pytest_unconfigure(config: pytest.Config) -> None:
    collector = config.stash.get(_COLLECTOR, None)
    if collector is not None:
        testing._pop_collector(collector)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item: pytest.Item) -> Generator[None, object, object]:
    testing._set_current_test(item.nodeid)
    try:
        return (yield)
    finally:
        testing._set_current_test(None)


@pytest.fixture
def faithcheck_record(request: pytest.FixtureRequest) -> Callable[[EvalScore], None]:
    """Record a score for the end-of-session summary: ``faithcheck_record(result)``."""

    def record(result: EvalScore) -> None:
        testing.record_score(result, test_id=request.node.nodeid)

    return record


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    collector: list[testing.RecordedScore] = config.stash.get(_COLLECTOR, [])
    scores = list(collector)
    if not scores:
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"faithcheck: {len(scores)} score{'s' if len(scores) != 1 else ''}")
    for column in ("test", "input_id", "metric", "value", "threshold", "status", "result", "failing claims"):
        table.add_column(column, no_wrap=column in ("test", "input_id"))
    for s in scores:
        r = s.result
        table.add_row(
            s.test_id or "-",
            r.input_id,
            r.metric_name,
            "-" if r.value is None else f"{r.value:.3f}",
            f"{r.threshold:g}",
            r.status,
            "PASS" if r.passed else "FAIL",
            str(len(r.failing_claims)),
        )
    buffer = io.StringIO()
    # Never narrower than the longest test id plus the other columns: wrapped ids are unreadable.
    needed = max(len(s.test_id or "-") + len(s.result.input_id) for s in scores) + 75
    Console(file=buffer, width=max(terminalreporter._tw.fullwidth, needed), color_system=None).print(table)
    terminalreporter.write_sep("=", "faithcheck summary")
    for line in buffer.getvalue().rstrip().splitlines():
        terminalreporter.write_line(line)
    for s in scores:
        if not s.result.passed:
            terminalreporter.write_line(f"{s.test_id or '-'}:")
            for line in testing.describe_failure(s.result).splitlines():
                terminalreporter.write_line(f"  {line}")

    report = config.getoption("--faithcheck-report")
    if report:
        lines = [json.dumps({"test_id": s.test_id, **s.result.model_dump(mode="json")}) + "\n" for s in scores]
        try:
            Path(report).write_text("".join(lines), encoding="utf-8")
        except OSError as exc:
            terminalreporter.write_line(f"faithcheck: cannot write {report}: {exc.strerror or exc}", red=True)
            return
        terminalreporter.write_line(f"faithcheck: wrote {len(scores)} scores to {report}")
