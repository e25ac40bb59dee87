"""The ``faithcheck`` command line: ``score`` a JSONL file, print the ``manifest``.

Options of ``score`` are generated from :class:`FaithfulnessConfig`, so the configuration model
stays the one source of truth; ``--config FILE`` (YAML or JSON) sets the same fields.
"""

from __future__ import annotations

import json
import sys
import types
import typing
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any, Literal

import click
import yaml
from pydantic.fields import FieldInfo

from faithcheck import __version__
from faithcheck.config import SEED_FIELD_HELP, FaithfulnessConfig
from faithcheck.errors import ConfigError, InputError
from faithcheck.manifest import manifest_json, manifest_yaml
from faithcheck.metric import Faithfulness
from faithcheck.rows import case_from_row
from faithcheck.scoring import weighted_mean
from faithcheck.types import TestCase

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
    help="write results here (JSON lines) instead of standard output",
)
@click.option(
    "--config",
    "config_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="YAML or JSON file of configuration options (flags override it)",
)
@click.option("--quiet", is_flag=True, help="do not print the summary")
@click.option("--dry-run", is_flag=True, help="estimate LLM calls, tokens and cost without calling anything, then stop")
@_config_options
def score(
    input_file: Path, output: Path | None, config_file: Path | None, quiet: bool, dry_run: bool, **flags: Any
) -> None:
    """Score every row of INPUT_FILE (JSON lines with input_id, prompt, sut_response,
    retrieved_context) and write one JSON line per row: score, status, per-claim verdicts."""
    options = _load_config_file(config_file)
    options.update({k: v for k, v in flags.items() if v is not None})
    try:
        metric = Faithfulness(**options)
    except ConfigError as exc:
        raise click.UsageError(str(exc)) from None
    if dry_run:
        _dry_run(metric, input_file)
        return

    results: list[dict[str, Any]] = []
    sink: IO[str] = output.open("w", encoding="utf-8") if output else sys.stdout
    try:
        for record in _score_rows(metric, input_file):
            sink.write(json.dumps(record, ensure_ascii=False) + "\n")
            results.append(_summary_fields(record))
    finally:
        if output:
            sink.close()
    if not quiet:
        _print_summary(results, metric)


def _read_rows(path: Path) -> Iterator[tuple[int, TestCase | dict[str, Any]]]:
    """(row number, test case), or (row number, error record) for a row that cannot be read."""
    with path.open(encoding="utf-8") as fh:
        for row_number, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                yield row_number, _error_record(row_number, None, f"row {row_number}: not valid JSON ({exc.msg})")
                continue
            try:
                yield row_number, case_from_row(row, row_number)
            except InputError as exc:
                yield row_number, _error_record(row_number, exc.input_id, str(exc))


def _score_rows(metric: Faithfulness, path: Path) -> Iterator[dict[str, Any]]:
    for row_number, case in _read_rows(path):
        if isinstance(case, TestCase):
            yield {"row": row_number, **metric.evaluate(case).model_dump(mode="json")}
        else:
            yield case


def _dry_run(metric: Faithfulness, path: Path) -> None:
    from rich.console import Console
    from rich.table import Table

    if metric.extractor.name == "sentence" and metric.verifier.name == "baseline":
        Console(stderr=True).print("offline configuration: no LLM calls, no cost")
        return
    from faithcheck.llm.dryrun import CostEstimate, estimate_case

    total = CostEstimate()
    bad = 0
    for _, case in _read_rows(path):
        if isinstance(case, TestCase):
            total.add(estimate_case(metric, case))
        else:
            bad += 1
    table = Table(
        title=f"faithcheck dry run: {total.rows} rows ({bad} unreadable), nothing was sent", show_header=False
    )
    table.add_row("LLM calls", str(total.calls))
    table.add_row("input tokens (estimate)", f"{total.input_tokens:,}")
    table.add_row("output tokens (estimate)", f"{total.output_tokens:,}")
    table.add_row("cost (estimate)", "unknown price" if total.cost_usd is None else f"${total.cost_usd:,.4f}")
    Console().print(table)


def _error_record(row_number: int, input_id: str | None, message: str) -> dict[str, Any]:
    return {
        "row": row_number,
        "input_id": input_id,
        "value": None,
        "passed": False,
        "status": "error",
        "reason": f"not scored: {message}",
        "message": message,
        "claims": [],
    }


def _summary_fields(record: dict[str, Any]) -> dict[str, Any]:
    keep = ("row", "input_id", "value", "passed", "status", "weight", "usage")
    return {k: record.get(k) for k in keep} | {
        "labels": [c["verdict"]["label"] if c.get("verdict") else "no verdict" for c in record.get("claims", [])]
    }


def _print_summary(results: list[dict[str, Any]], metric: Faithfulness) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(stderr=True)
    statuses = Counter(r["status"] for r in results)
    scored = [r for r in results if r["status"] != "error"]
    labels = Counter(label for r in results for label in r["labels"])
    table = Table(title=f"faithcheck: {len(results)} rows", show_header=False)
    table.add_row("rows", str(len(results)))
    table.add_row("status", ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())))
    if scored:
        mean = weighted_mean([r["value"] for r in scored], [r["weight"] for r in scored])
        passed = sum(1 for r in scored if r["passed"])
        table.add_row(f"mean {metric.config.metric_name}", f"{mean:.3f}")
        table.add_row(f"passed (threshold {metric.threshold:g})", f"{passed}/{len(scored)}")
    table.add_row("claim labels", ", ".join(f"{k} {v}" for k, v in labels.most_common()) or "-")
    usages = [r["usage"] for r in results if r.get("usage")]
    calls = sum(u["llm_calls"] for u in usages)
    hits = sum(u["cache_hits"] for u in usages)
    if calls or hits:
        costs = [u["cost_usd"] for u in usages]
        cost = "unknown price" if any(c is None for c in costs) else f"${sum(costs):,.4f}"
        tokens = f"{sum(u['input_tokens'] for u in usages):,} in / {sum(u['output_tokens'] for u in usages):,} out"
        table.add_row("LLM usage", f"{calls} calls, {tokens}, {hits} cache hits, cost {cost}")
    console.print(table)
    for r in results:
        if r["status"] == "error":
            console.print(f"[red]error[/red] row {r['row']}: {r.get('message') or ''}", highlight=False)
