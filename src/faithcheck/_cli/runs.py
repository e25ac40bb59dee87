"""``faithcheck runs``: list the recorded runs, show one, diff two (see :mod:`faithcheck._runs.store`).

Every command takes ``--store PATH``; without it the store is :func:`~faithcheck._runs.store.default_store_path`.
A run is named by its id or any unique prefix of it. An unknown or ambiguous id exits with code 2; a
store that cannot be read (damaged, locked, written by a newer faithcheck) exits with code 1 and says why.
``runs show`` of a run whose stored record is partly damaged shows the parts that can be read, says
which part is damaged, and exits with code 1.
A run whose process is gone before it finished is shown as ``interrupted``.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from faithcheck._runs.store import (
    DIFF_KINDS,
    DamagedRecordError,
    RowDiff,
    RunInfo,
    RunNotFoundError,
    RunStore,
    StoreError,
    default_store_path,
)

__all__ = ["runs"]

_DIFF_TABLE_ROWS = 50
_STATUS_STYLE = {"running": "yellow", "finished": "green", "interrupted": "magenta", "failed": "red"}
_KIND_STYLE = {
    "regression": "red",
    "improvement": "green",
    "changed": "yellow",
    "only_in_a": "cyan",
    "only_in_b": "cyan",
}


class RunLookupError(click.ClickException):
    """A run id that names no run, or more than one: a usage error (exit code 2)."""

    exit_code = 2


def store_option(command: Any) -> Any:
    return click.option(
        "--store",
        "store_path",
        type=click.Path(dir_okay=False, path_type=Path),
        default=None,
        help="the run store file [default: $FAITHCHECK_HOME/runs.sqlite, else ~/.local/share/faithcheck/runs.sqlite]",
    )(command)


def _json_option(command: Any) -> Any:
    return click.option("--json", "as_json", is_flag=True, help="print JSON instead of a table")(command)


def open_store(store_path: Path | None, *, must_exist: bool) -> tuple[Path, RunStore | None]:
    """The store at ``store_path`` (or the default), or ``None`` when there is no such file yet."""
    path = store_path if store_path is not None else default_store_path()
    if not path.exists():
        if must_exist:
            raise RunLookupError(f"no run store at {path} (record a run first, or pass --store)")
        return path, None
    try:
        return path, RunStore(path)
    except StoreError as exc:
        raise click.ClickException(str(exc)) from None


@contextmanager
def reporting_lookup_errors() -> Iterator[None]:
    try:
        yield
    except RunNotFoundError as exc:
        raise RunLookupError(str(exc)) from None
    except StoreError as exc:
        raise click.ClickException(str(exc)) from None


_PIPED_WIDTH = 160
"""Columns of a table written to a file or a pipe (where Rich would assume 80 and cut cells)."""


def table_console() -> Console:
    """A console for printing tables to standard output: the terminal's width, or a wide page
    when the output goes to a file or a pipe and ``COLUMNS`` does not say otherwise."""
    console = Console(highlight=False)
    if not console.is_terminal and "COLUMNS" not in os.environ:
        console = Console(highlight=False, width=_PIPED_WIDTH)
    return console


def _num(value: float | None, spec: str = ".3f") -> str:
    return "-" if value is None else format(value, spec)


def _time(stamp: str | None) -> str:
    return "-" if stamp is None else stamp[:19].replace("T", " ")


def _status(status: str) -> str:
    style = _STATUS_STYLE.get(status)
    return f"[{style}]{escape(status)}[/{style}]" if style else escape(status)


def _rows_cell(info: RunInfo) -> str:
    return f"{info.rows} ({info.errors} errors)" if info.errors else str(info.rows)


@click.group()
def runs() -> None:
    """Recorded runs: list them, show one, diff two."""


@runs.command("list")
@click.option("--limit", type=click.IntRange(min=1), default=20, show_default=True, help="show the N newest runs")
@store_option
@_json_option
def list_command(limit: int, store_path: Path | None, as_json: bool) -> None:
    """List the recorded runs, newest first."""
    path, store = open_store(store_path, must_exist=False)
    with reporting_lookup_errors():
        infos = [] if store is None else store.list_runs(limit)
    if as_json:
        click.echo(json.dumps([asdict(info) for info in infos], indent=2, ensure_ascii=False))
        return
    console = table_console()
    if not infos:
        console.print(f"no runs recorded in {escape(str(path))}")
        return
    table = Table(title=f"faithcheck runs ({escape(str(path))}), times in UTC")
    table.add_column("id", no_wrap=True)
    table.add_column("started", no_wrap=True)
    table.add_column("status")
    table.add_column("rows", justify="right")
    table.add_column("mean", justify="right")
    table.add_column("pass rate", justify="right")
    table.add_column("input", overflow="fold")
    for info in infos:
        table.add_row(
            info.run_id,
            _time(info.started_at),
            _status(info.status),
            _rows_cell(info),
            _num(info.mean),
            _num(info.pass_rate, ".1%"),
            escape(info.input_path),
        )
    console.print(table)


_DECIMALS = 3


def _number(value: float) -> str:
    """A float for reading: 3 decimals without trailing zeros (``0.583``, ``60``); a small nonzero
    amount (a cost) keeps 3 significant digits instead of rounding to 0."""
    if value != 0 and abs(value) < 10**-_DECIMALS:
        return f"{value:.{_DECIMALS}g}"
    text = f"{value:.{_DECIMALS}f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _scalar(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return _number(value)
    return str(value)


def _flat(key: str, value: Any) -> Iterator[tuple[str, str]]:
    """Rows of ``key`` and a readable value: a mapping as one row per entry (``usage.llm_calls``), a
    list of plain values on one row (``0.188, 0.978``), a list of mappings a row per item (``worst[1]``),
    each item's fields on its row; floats rounded (``runs show --json`` gives the record as stored)."""
    if isinstance(value, dict):
        if not value:
            yield key, "-"
        for name, item in value.items():
            yield from _flat(f"{key}.{name}" if key else str(name), item)
    elif isinstance(value, list) and any(isinstance(item, dict | list) for item in value):
        for number, item in enumerate(value, start=1):
            fields = _flat("", _leading(item)) if isinstance(item, dict) else _flat("", {"": item})
            yield f"{key}[{number}]", ", ".join(f"{name}: {text}" if name else text for name, text in fields)
    elif isinstance(value, list):
        yield key, ", ".join(_scalar(item) for item in value) or "-"
    else:
        yield key, _scalar(value)


_LEADING = ("row", "input_id", "value")
"""Fields an item of a list (a worst row, an error) names first, so its line reads as the row it is about."""


def _leading(item: dict[str, Any]) -> dict[str, Any]:
    return {**{k: item[k] for k in _LEADING if k in item}, **item}


def _mapping_table(title: str, data: dict[str, Any] | None) -> Table:
    table = Table(title=title, show_header=False, title_justify="left")
    table.add_column(no_wrap=True)
    table.add_column(overflow="fold")
    if data is None:
        table.add_row("[red]damaged[/red]", "cannot be shown (see the error below)")
        return table
    for key, text in _flat("", data):
        table.add_row(escape(key), escape(text))
    if not data:
        table.add_row("-", "")
    return table


def _readable(read: Callable[[str], dict[str, Any]], run_id: str, damaged: list[str]) -> dict[str, Any] | None:
    """``read(run_id)``, or ``None`` when that part of the run's record is damaged (said in ``damaged``)."""
    try:
        return read(run_id)
    except DamagedRecordError as exc:
        damaged.append(str(exc))
        return None


@runs.command("show")
@click.argument("run")
@store_option
@click.option("--json", "as_json", is_flag=True, help="print the run's record as JSON, exactly as stored")
def show_command(run: str, store_path: Path | None, as_json: bool) -> None:
    """Show RUN (an id, a unique id prefix, `latest` or `latest~N`): metadata, configuration,
    versions and summary, as rows of key and value with numbers rounded; --json prints the record
    as stored. A part of the record that is damaged in the store is shown as such (null with
    --json, and listed under "damaged"), and the command exits with code 1."""
    _, store = open_store(store_path, must_exist=True)
    assert store is not None
    damaged: list[str] = []
    with reporting_lookup_errors():
        info = store.get_run(run)
        config = _readable(store.run_config, info.run_id, damaged)
        versions = _readable(store.run_versions, info.run_id, damaged)
        summary = _readable(store.run_summary, info.run_id, damaged)
    if as_json:
        data: dict[str, Any] = {"run": asdict(info), "config": config, "versions": versions, "summary": summary}
        if damaged:
            data["damaged"] = damaged
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        _print_run(info, config, versions, summary)
    if damaged:
        raise click.ClickException("; ".join(damaged))


def _print_run(
    info: RunInfo, config: dict[str, Any] | None, versions: dict[str, Any] | None, summary: dict[str, Any] | None
) -> None:
    meta = Table(title=f"run {info.run_id}", show_header=False, title_justify="left")
    meta.add_column(no_wrap=True)
    meta.add_column(overflow="fold")
    meta.add_row("status", _status(info.status))
    if info.pid is not None:
        meta.add_row("process", escape(f"pid {info.pid} on {info.host or '?'}"))
    meta.add_row("started (UTC)", _time(info.started_at))
    meta.add_row("finished (UTC)", _time(info.finished_at))
    meta.add_row("input", escape(info.input_path))
    meta.add_row("output", escape(info.output_path or "-"))
    meta.add_row("dataset", escape(info.dataset_fingerprint))
    meta.add_row("rows", _rows_cell(info))
    meta.add_row("mean", _num(info.mean))
    meta.add_row("pass rate", _num(info.pass_rate, ".1%"))
    console = table_console()
    console.print(meta)
    console.print(_mapping_table("config", config))
    console.print(_mapping_table("versions", versions))
    console.print(_mapping_table("summary", summary))


def _labels(labels: tuple[str, ...] | None) -> str:
    if labels is None:
        return "-"
    return ", ".join(labels) if labels else "(no claims)"


def _change(a: str, b: str) -> str:
    return a if a == b else f"{a} → {b}"


def _status_change(d: RowDiff) -> str:
    text = _change(d.status_a or "-", d.status_b or "-")
    if d.passed_a is not None and d.passed_b is not None and d.passed_a != d.passed_b:
        text += ", " + _change("pass" if d.passed_a else "fail", "pass" if d.passed_b else "fail")
    return text


def _diff_row(d: RowDiff) -> tuple[str, ...]:
    style = _KIND_STYLE[d.kind]
    name = d.input_id if d.occurrence == 0 else f"{d.input_id} #{d.occurrence + 1}"
    delta = "-" if d.delta is None else f"{d.delta:+.3f}"
    labels_a, labels_b = _labels(d.labels_a), _labels(d.labels_b)
    return (
        f"[{style}]{d.kind}[/{style}]",
        escape(name),
        f"{_num(d.value_a)} → {_num(d.value_b)}",
        delta,
        escape(_status_change(d)),
        "" if labels_a == labels_b else escape(f"{labels_a} → {labels_b}"),
    )


@runs.command("diff")
@click.argument("a")
@click.argument("b")
@click.option(
    "--limit",
    type=click.IntRange(min=0),
    default=None,
    help=f"show at most N changed rows [default: {_DIFF_TABLE_ROWS} in the table, all with --json]",
)
@click.option("--fail-on-regression", is_flag=True, help="exit with code 1 if any row regressed (for CI)")
@click.option(
    "--metric",
    default=None,
    metavar="NAME",
    help="compare this metric of runs that scored several (--metrics); default: each run's first",
)
@store_option
@_json_option
@click.pass_context
def diff_command(
    ctx: click.Context,
    a: str,
    b: str,
    limit: int | None,
    fail_on_regression: bool,
    metric: str | None,
    store_path: Path | None,
    as_json: bool,
) -> None:
    """Compare run A with run B, row by row (matched on input_id): regressions first, then improvements,
    rows whose verdicts changed, and rows only in one run. A run is an id, a unique id prefix,
    `latest` (the newest run) or `latest~N` (N runs before it): `faithcheck runs diff latest~1 latest`."""
    _, store = open_store(store_path, must_exist=True)
    assert store is not None
    with reporting_lookup_errors():
        info_a, info_b = store.get_run(a), store.get_run(b)
        diffs = store.diff_runs(info_a.run_id, info_b.run_id, metric=metric)
    counts = Counter(d.kind for d in diffs)
    per_kind = {kind: counts.get(kind, 0) for kind in DIFF_KINDS}
    if limit is None:
        limit = len(diffs) if as_json else _DIFF_TABLE_ROWS
    shown = diffs[:limit]
    same_dataset = info_a.dataset_fingerprint == info_b.dataset_fingerprint
    if as_json:
        data = {
            "a": asdict(info_a),
            "b": asdict(info_b),
            "same_dataset": same_dataset,
            "counts": per_kind,
            "rows": [asdict(d) for d in shown],
            "rows_left_out": len(diffs) - len(shown),
        }
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        console = table_console()
        for tag, info in (("A", info_a), ("B", info_b)):
            console.print(
                f"{tag}: {info.run_id}  {_time(info.started_at)} UTC  {_status(info.status)}  "
                f"{_rows_cell(info)} rows, mean {_num(info.mean)}  {escape(info.input_path)}"
            )
        if not same_dataset:
            console.print(
                f"[yellow]note:[/yellow] the runs scored different dataset files "
                f"({escape(info_a.dataset_fingerprint)} vs {escape(info_b.dataset_fingerprint)})"
            )
        console.print(", ".join(f"{kind} {n}" for kind, n in per_kind.items()))
        if not diffs:
            console.print("no differences in the rows matched on input_id")
        elif shown:
            table = Table()
            for column in ("kind", "input_id", "value a → b", "delta", "status", "labels"):
                table.add_column(column, overflow="fold")
            for d in shown:
                table.add_row(*_diff_row(d))
            console.print(table)
        if len(shown) < len(diffs):
            console.print(f"... and {len(diffs) - len(shown)} more (use --limit)")
    if fail_on_regression and per_kind["regression"]:
        ctx.exit(1)
