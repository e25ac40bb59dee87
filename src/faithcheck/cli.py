"""The ``faithcheck`` command line: ``score`` a JSONL file, print the ``manifest``.

Options of ``score`` are generated from :class:`FaithfulnessConfig`, so the configuration model
stays the one source of truth; ``--config FILE`` (YAML or JSON) sets the same fields.
"""

from __future__ import annotations

import json
import sys
import time
import types
import typing
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal

import click
import yaml
from pydantic.fields import FieldInfo
from rich.console import Console

from faithcheck import __version__
from faithcheck.cli_runs import runs
from faithcheck.config import SEED_FIELD_HELP, FaithfulnessConfig
from faithcheck.errors import ConfigError, InputError
from faithcheck.io.readers import FileFormat, count_rows, detect_format, iter_source, parse_column_map
from faithcheck.io.writers import OutputExistsError, OutputFormat
from faithcheck.manifest import manifest_json, manifest_yaml
from faithcheck.metric import Faithfulness
from faithcheck.rows import case_from_row
from faithcheck.runner import (
    DEFAULT_BATCH_SIZE,
    DEFAULT_JOB_TIMEOUT,
    RunResult,
    run_versions,
    score_dataset,
)
from faithcheck.store import RunStore, dataset_fingerprint, default_store_path

__all__ = ["main"]


def _click_type(annotation: Any) -> tuple[Any, bool]:
    """Map a config field's annotation to (click type, is_flag)."""
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _click_type(args[0])
    if origin is Literal:
        return click.Choice([str(a) for a in typing.get_args(annotation)]), False
    if annotation is bool:
        return bool, True
    if annotation in (int, float, str):
        return annotation, False
    raise TypeError(f"no CLI mapping for config annotation {annotation!r}")  # pragma: no cover


def _config_options(command: Callable[..., Any]) -> Callable[..., Any]:
    """Add one ``--option`` per :class:`FaithfulnessConfig` field (default: not given)."""
    fields: dict[str, FieldInfo] = FaithfulnessConfig.model_fields
    for name in reversed(list(fields)):
        info = fields[name]
        kind, is_flag = _click_type(info.annotation)
        flag = "--" + name.replace("_", "-")
        help_text = info.description or SEED_FIELD_HELP.get(name, name.replace("_", " "))
        help_text += f" [default: {info.default!r}]"
        if is_flag:
            decl = f"{flag}/--no-{name.replace('_', '-')}"
            command = click.option(decl, name, default=None, help=help_text)(command)
        else:
            command = click.option(flag, name, type=kind, default=None, help=help_text)(command)
    return command


def _load_config_file(path: Path | None) -> dict[str, Any]:
    if path is None:
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise click.BadParameter(f"cannot read {path}: {exc}", param_hint="--config") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise click.BadParameter(f"{path} must hold a mapping of option: value", param_hint="--config")
    return data


@click.group()
@click.version_option(__version__, prog_name="faithcheck")
def main() -> None:
    """faithcheck: is a RAG answer grounded in the passages it retrieved?"""


main.add_command(runs)


@main.command()
@click.option("--json", "as_json", is_flag=True, help="print JSON instead of YAML")
def manifest(as_json: bool) -> None:
    """Print the rag.faithfulness metric manifest."""
    click.echo(manifest_json() if as_json else manifest_yaml(), nl=as_json)


@main.command()
@click.argument("input_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="write results here: .jsonl (one line per row) or .parquet (a rows and a claims table); "
    "default: JSON lines on standard output",
)
@click.option(
    "--format",
    "input_format",
    type=click.Choice(["jsonl", "csv", "parquet"]),
    default=None,
    help="input format (default: from the file name)",
)
@click.option(
    "--output-format",
    type=click.Choice(["jsonl", "parquet"]),
    default=None,
    help="output format (default: from the output file name)",
)
@click.option(
    "--map",
    "column_map",
    default=None,
    metavar="SRC=DST,...",
    help="rename input columns, e.g. question=prompt,answer=sut_response,contexts=retrieved_context",
)
@click.option(
    "--config",
    "config_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="YAML or JSON file of configuration options (flags override it)",
)
@click.option(
    "--resume/--no-resume",
    default=True,
    show_default=True,
    help="continue an interrupted run into the same output (same input and configuration)",
)
@click.option("--overwrite", is_flag=True, help="replace an existing output or interrupted run")
@click.option(
    "--batch-size",
    type=click.IntRange(min=1),
    default=DEFAULT_BATCH_SIZE,
    show_default=True,
    help="rows read and scored at a time (bounds memory)",
)
@click.option(
    "--row-timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=None,
    help="seconds one row may take; a slower row ends as status error",
)
@click.option(
    "--job-timeout",
    type=click.FloatRange(min=0, min_open=True),
    default=DEFAULT_JOB_TIMEOUT,
    show_default=True,
    help="seconds the whole job may take; finished rows are kept for --resume",
)
@click.option(
    "--summary-json",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="also write the run summary here as JSON",
)
@click.option("--quiet", is_flag=True, help="no progress bar and no summary")
@click.option(
    "--store",
    "store_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="record the run in this run store [default: $FAITHCHECK_HOME/runs.sqlite or ~/.local/share/faithcheck]",
)
@click.option("--no-store", is_flag=True, help="do not record the run (see `faithcheck runs`)")
@click.option("--dry-run", is_flag=True, help="estimate LLM calls, tokens and cost without calling anything, then stop")
@_config_options
def score(
    input_file: Path,
    output: Path | None,
    input_format: FileFormat | None,
    output_format: OutputFormat | None,
    column_map: str | None,
    config_file: Path | None,
    resume: bool,
    overwrite: bool,
    batch_size: int,
    row_timeout: float | None,
    job_timeout: float,
    summary_json: Path | None,
    quiet: bool,
    store_path: Path | None,
    no_store: bool,
    dry_run: bool,
    **flags: Any,
) -> None:
    """Score every row of INPUT_FILE (JSONL, CSV or Parquet with input_id, prompt, sut_response,
    retrieved_context) and write one result per row: score, status, per-claim verdicts."""
    options = _load_config_file(config_file)
    options.update({k: v for k, v in flags.items() if v is not None})
    try:
        metric = Faithfulness(**options)
        mapping = parse_column_map(column_map)
        input_format = input_format or detect_format(input_file)
    except (ConfigError, InputError) as exc:
        raise click.UsageError(str(exc)) from None
    if dry_run:
        _dry_run(metric, input_file, input_format, mapping)
        return

    console = Console(stderr=True)
    store = None if no_store else RunStore(store_path or default_store_path())
    run_id = None
    if store is not None:
        run_id = store.start_run(
            input_path=str(input_file.resolve()),
            output_path=str(output.resolve()) if output else None,
            dataset_fingerprint=dataset_fingerprint(input_file),
            config=metric.config.model_dump(mode="json"),
            versions=run_versions(metric),
        )
    total = None if quiet else count_rows(input_file, fmt=input_format)
    with _progress_bar(console, total, enabled=not quiet) as on_record:
        try:
            result = score_dataset(
                input_file,
                metric,
                output=output,
                output_format=output_format,
                input_format=input_format,
                column_map=mapping,
                batch_size=batch_size,
                row_timeout=row_timeout,
                job_timeout=job_timeout,
                resume=resume,
                overwrite=overwrite,
                progress=on_record,
                on_batch=(lambda records: store.add_rows(run_id, records)) if store and run_id else None,
                on_ordered_batch=None if output else _write_stdout,
            )
        except OutputExistsError as exc:
            if store and run_id:
                store.finish_run(run_id, status="failed", summary={"error": str(exc)})
            raise click.UsageError(str(exc)) from None
        except KeyboardInterrupt:
            if store and run_id:
                store.finish_run(run_id, status="interrupted", summary={})
            console.print("[yellow]interrupted[/yellow]: finished rows are saved; run the same command to resume")
            sys.exit(130)
    if store and run_id:
        finished = "finished" if result.summary.status == "finished" else "interrupted"
        store.finish_run(run_id, status=finished, summary=result.summary.to_dict())
    if summary_json is not None:
        summary_json.write_text(json.dumps(result.summary.to_dict(), indent=2) + "\n", encoding="utf-8")
    if not quiet:
        print_summary(console, result, metric, run_id)
    if result.summary.status == "timeout":
        console.print(f"[red]job timeout[/red] after {job_timeout:g} s: run the same command to resume")
        sys.exit(3)


def _write_stdout(records: list[dict[str, Any]]) -> None:
    sys.stdout.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
    sys.stdout.flush()


def _dry_run(metric: Faithfulness, path: Path, input_format: FileFormat | None, mapping: dict[str, str]) -> None:
    from rich.table import Table

    if metric.extractor.name == "sentence" and metric.verifier.name in ("model", "baseline"):
        Console(stderr=True).print("offline configuration: no LLM calls, no cost")
        return
    from faithcheck.llm.dryrun import CostEstimate, estimate_case

    total = CostEstimate()
    bad = 0
    for row in iter_source(path, fmt=input_format, column_map=mapping):
        try:
            case = case_from_row(row.data, row.number) if row.data is not None else None
        except InputError:
            case = None
        if case is None:
            bad += 1
        else:
            total.add(estimate_case(metric, case))
    table = Table(
        title=f"faithcheck dry run: {total.rows} rows ({bad} unreadable), nothing was sent", show_header=False
    )
    table.add_row("LLM calls", str(total.calls))
    table.add_row("input tokens (estimate)", f"{total.input_tokens:,}")
    table.add_row("output tokens (estimate)", f"{total.output_tokens:,}")
    table.add_row("cost (estimate)", "unknown price" if total.cost_usd is None else f"${total.cost_usd:,.4f}")
    Console().print(table)


@contextmanager
def _progress_bar(console: Console, total: int | None, *, enabled: bool) -> Iterator[Callable[[dict[str, Any]], None]]:
    """A progress bar with rows/s, ETA and, when an LLM is used, the cost so far."""
    if not enabled:
        yield lambda record: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    cost = [0.0]
    with Progress(
        TextColumn("scoring"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]} rows/s"),
        TimeRemainingColumn(),
        TextColumn("{task.fields[cost]}"),
        console=console,
        transient=False,
    ) as bar:
        task = bar.add_task("scoring", total=total, rate="-", cost="")
        started = time.perf_counter()
        count = [0]

        def on_record(record: dict[str, Any]) -> None:
            count[0] += 1
            usage = record.get("usage") or {}
            if usage.get("cost_usd"):
                cost[0] += float(usage["cost_usd"])
            elapsed = time.perf_counter() - started
            rate = f"{count[0] / elapsed:.1f}" if elapsed > 0 else "-"
            bar.update(task, advance=1, rate=rate, cost=f"${cost[0]:.4f}" if cost[0] else "")

        yield on_record


def print_summary(console: Console, result: RunResult, metric: Faithfulness, run_id: str | None = None) -> None:
    """The end-of-run summary table (and the worst rows and errors)."""
    from rich.table import Table

    s = result.summary
    table = Table(title=f"faithcheck: {s.rows} rows", show_header=False)
    table.add_row("status", ", ".join(f"{k} {v}" for k, v in sorted(s.statuses.items())) or "-")
    if result.resumed_rows:
        table.add_row("resumed", f"{result.resumed_rows} rows were already done")
    if s.mean is not None:
        ci = f" (95% CI {s.ci95[0]:.3f}-{s.ci95[1]:.3f})" if s.ci95 else ""
        table.add_row(f"mean {metric.config.metric_name}", f"{s.mean:.3f}{ci}")
        table.add_row(f"passed (threshold {metric.threshold:g})", f"{s.passed}/{s.scored} ({s.pass_rate:.1%})")
    table.add_row("claim labels", ", ".join(f"{k} {v}" for k, v in s.labels.items()) or "-")
    u = s.usage
    if u.llm_calls or u.cache_hits:
        cost = "unknown price" if u.cost_usd is None else f"${u.cost_usd:,.4f}"
        tokens = f"{u.input_tokens:,} in / {u.output_tokens:,} out"
        table.add_row("LLM usage", f"{u.llm_calls} calls, {tokens}, {u.cache_hits} cache hits, cost {cost}")
    rate = f", {s.rows_per_second:.1f} rows/s" if s.rows_per_second else ""
    table.add_row("time", f"{s.wall_seconds:.1f} s{rate}")
    if result.files:
        table.add_row("written", ", ".join(str(f) for f in result.files))
    if run_id:
        table.add_row("run", f"{run_id} (faithcheck runs show {run_id})")
    console.print(table)
    if s.worst and s.mean is not None:
        console.print("lowest-scoring rows:")
        for w in s.worst:
            console.print(
                f"  row {w['row']} ({w['input_id']}): {w['value']:.3f} - {w['reason'][:150]}", highlight=False
            )
    for e in s.errors:
        console.print(f"[red]error[/red] row {e['row']}: {e['message']}", highlight=False)
