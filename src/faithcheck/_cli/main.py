"""The ``faithcheck`` command line: ``score`` a JSONL file, print the ``manifest``.

Options of ``score`` are generated from :class:`FaithfulnessConfig` and :class:`RunOptions`, so the
configuration models stay the one source of truth; ``--config FILE`` (YAML or JSON) sets the same
fields. :data:`FLAG_PANELS` says which fields are flags and where ``score --help`` lists them; the
rest (:data:`CONFIG_ONLY`: LLM tuning and the manifest's bookkeeping) are set in a config file or
from Python, so the help of an offline-by-default command stays readable.
"""

from __future__ import annotations

import json
import sys
import time
import types
import typing
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Literal, NoReturn

import click
import rich_click
import yaml
from pydantic import BaseModel
from pydantic.fields import FieldInfo
from rich.console import Console
from rich.markup import escape

from faithcheck import __version__
from faithcheck._cli.paths import EXIT_DISK_FULL, OutputFile, writing
from faithcheck._cli.report import calibrate, report
from faithcheck._cli.runs import runs
from faithcheck._core.errors import ConfigError, DatasetError, DiskFullError, InputError, ModelLoadError, RunStopped
from faithcheck._core.records import RowRecord
from faithcheck._core.rows import case_from_row
from faithcheck._metrics.base import Metric
from faithcheck._metrics.config import SEED_FIELD_HELP, FaithfulnessConfig, did_you_mean
from faithcheck._metrics.registry import as_metrics, build_metrics, metric_names, metric_spec, spec_of
from faithcheck._runs.io.readers import (
    FileFormat,
    check_source,
    count_rows,
    detect_format,
    iter_source,
    parse_column_map,
    sniff_format,
)
from faithcheck._runs.io.writers import OutputExistsError, OutputFormat
from faithcheck._runs.options import RunOptions, load_run_options
from faithcheck._runs.runner import RunResult, output_format_for, run_config, run_versions, score_dataset
from faithcheck._runs.store import STANDARD_INPUT, RunRecorder, dataset_fingerprint, default_store_path
from faithcheck._runs.summary import RunSummary, short_text

__all__ = [
    "EXIT_DISK_FULL",
    "EXIT_GATE_FAILED",
    "EXIT_INCOMPLETE",
    "EXIT_OK",
    "EXIT_ROW_ERRORS",
    "EXIT_USAGE",
    "main",
]

EXIT_OK = 0
EXIT_GATE_FAILED = 1
EXIT_USAGE = 2  # click's own status for usage errors
EXIT_ROW_ERRORS = 3
EXIT_INCOMPLETE = 4
# EXIT_DISK_FULL = 5 (from faithcheck._cli.paths, as report and calibrate use it too): disk full, file too large
EXIT_INTERRUPTED = 130

_OWN_OPTIONS = "faithfulness"
"""The metric whose options are the config file's top level (every other metric has a section)."""

CLI_DEFAULTS: dict[str, Any] = {"lang": "auto"}
"""Where ``faithcheck score`` departs from the configuration model's defaults, when neither a flag nor
the config file sets the field. ``lang``: the model keeps seed 001's ``en`` (the manifest's contract,
and what ``Faithfulness()`` does), but a command line is where unknown data arrives, and a German or
Spanish dataset scored as English gets wrong scores, not errors. Every row's language is detected
anyway, so ``auto`` costs no time; on English data it changes no row of BEGIN (4,836 dialogue turns)
or SummEdits (4,681 summaries), and 6 of FactCheck-GPT's 3,305 web-scraped evidence rows
(``benchmarks/lang_auto.py``; README, "Language")."""


PANEL_INPUT = "Input and output"
PANEL_METRICS = "Metrics and thresholds"
PANEL_VERIFIER = "Verifier"
PANEL_LLM = "LLM judge"
PANEL_RUN = "Run control"
PANEL_GATES = "CI gates"
SCORE_PANELS = (PANEL_INPUT, PANEL_METRICS, PANEL_VERIFIER, PANEL_LLM, PANEL_RUN, PANEL_GATES)
"""The groups of ``faithcheck score --help``, in the order a user meets them."""

FLAG_PANELS: dict[str, str] = {
    "lang": PANEL_METRICS,
    "threshold": PANEL_METRICS,
    "strict_threshold": PANEL_METRICS,
    "inverted": PANEL_METRICS,
    "aggregation": PANEL_METRICS,
    "calibration": PANEL_METRICS,
    "extractor": PANEL_VERIFIER,
    "verifier": PANEL_VERIFIER,
    "verifier_bundle": PANEL_VERIFIER,
    "evidence_top_k": PANEL_VERIFIER,
    "evidence_pool": PANEL_VERIFIER,
    "cascade_local": PANEL_VERIFIER,
    "cascade_low": PANEL_VERIFIER,
    "cascade_high": PANEL_VERIFIER,
    "model": PANEL_LLM,
    "base_url": PANEL_LLM,
    "api_key_env": PANEL_LLM,
    "concurrency_limit": PANEL_RUN,
    "batch_size": PANEL_RUN,
    "row_timeout": PANEL_RUN,
    "job_timeout": PANEL_RUN,
    "store_timeout": PANEL_RUN,
    "fail_under": PANEL_GATES,
    "fail_on_error": PANEL_GATES,
}
"""Configuration fields that are ``faithcheck score`` flags, and the help group of each."""

CONFIG_ONLY: frozenset[str] = frozenset(
    {
        # the manifest's bookkeeping: how a host platform files the score, not how it is computed
        "metric_name",
        "min",
        "max",
        "weight",
        "system_type",
        "scale",
        # LLM tuning: the defaults suit the usual providers
        "llm_timeout_seconds",
        "llm_max_retries",
        "llm_max_claims_per_call",
        "llm_repair_attempts",
        "llm_evidence_budget",
        "cache",
        "cache_dir",
        "price_input_per_mtok",
        "price_output_per_mtok",
    }
)
"""Configuration fields set only in a ``--config`` file or the Python API (no flag)."""

_STATIC_PANELS: dict[str, tuple[str, ...]] = {
    PANEL_INPUT: (
        "output",
        "input_format",
        "output_format",
        "column_map",
        "id_from_row",
        "config_file",
        "summary_json",
    ),
    PANEL_METRICS: ("metric_list",),
    PANEL_RUN: ("resume", "overwrite", "quiet", "store_path", "no_store", "dry_run"),
}
"""The help groups of ``score``'s options that are not configuration fields."""


def _panel_of(name: str) -> str | None:
    """The help group of a configuration field's flag, or ``None`` for a config-file-only field; a
    field in neither table stops the import, so a new field is placed on purpose."""
    if name in FLAG_PANELS:
        return FLAG_PANELS[name]
    if name in CONFIG_ONLY:
        return None
    raise TypeError(f"configuration field {name!r} is neither in FLAG_PANELS nor in CONFIG_ONLY")  # pragma: no cover


def _score_panels() -> list[rich_click.RichOptionPanel]:
    """``score --help``'s option groups (rich-click panels), in :data:`SCORE_PANELS` order."""
    members: dict[str, list[str]] = {panel: list(_STATIC_PANELS.get(panel, ())) for panel in SCORE_PANELS}
    for name, panel in FLAG_PANELS.items():
        members[panel].append(name)
    return [rich_click.RichOptionPanel(panel, options=members[panel]) for panel in SCORE_PANELS]


class _ScoreCommand(rich_click.RichCommand):
    """``faithcheck score``: a flag that was moved to the config file is refused with a usage error
    (exit 2) that says where it went, rather than click's bare "No such option"."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as exc:
            field = _config_only_field(exc.option_name)
            if field is None:
                raise
            example = _example_setting(field, negated=exc.option_name.startswith("--no-"))
            raise click.NoSuchOption(
                exc.option_name,
                message=f"No such option: {exc.option_name}. {field} is set in a --config file "
                f"(YAML or JSON, e.g. '{example}') or from Python, not on the command line.",
                ctx=ctx,
            ) from None


def _example_setting(field: str, *, negated: bool) -> str:
    """``field: value`` as a config file line: ``false`` for ``--no-cache``, else the default."""
    info = FaithfulnessConfig.model_fields[field]
    if info.default is None:  # a path or a price: no default worth showing
        return f"{field}: ..."
    value = (not negated) if info.annotation is bool else info.default
    return f"{field}: {yaml.safe_dump(value).splitlines()[0]}"


def _config_only_field(option: str) -> str | None:
    """The config-file-only field a flag such as ``--llm-max-retries`` or ``--no-cache`` names."""
    name = option.removeprefix("--").split("=", 1)[0].replace("-", "_")
    for candidate in (name, name.removeprefix("no_")):
        if candidate in CONFIG_ONLY:
            return candidate
    return None


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


def _model_options(model: type[BaseModel]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Add one ``--option`` per field of ``model`` (default: not given), so the pydantic model
    stays the one place where an option's type, range and default are declared."""

    def decorate(command: Callable[..., Any]) -> Callable[..., Any]:
        fields: dict[str, FieldInfo] = model.model_fields
        for name in reversed(list(fields)):
            if _panel_of(name) is None:
                continue
            info = fields[name]
            kind, is_flag = _click_type(info.annotation)
            flag = "--" + name.replace("_", "-")
            help_text = info.description or SEED_FIELD_HELP.get(name, name.replace("_", " "))
            if name in CLI_DEFAULTS:
                help_text += f" [default: {CLI_DEFAULTS[name]!r}; in Python and the manifest: {info.default!r}]"
            else:
                help_text += f" [default: {info.default!r}]"
            if is_flag:
                decl = f"{flag}/--no-{name.replace('_', '-')}"
                command = click.option(decl, name, default=None, help=help_text)(command)
            else:
                command = click.option(flag, name, type=kind, default=None, help=help_text)(command)
        return command

    return decorate


def _load_config_file(path: Path | None) -> dict[str, Any]:
    if path is None:
        return {}
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise click.BadParameter(f"cannot read {path}: it is not UTF-8 text", param_hint="--config") from None
    except (OSError, yaml.YAMLError) as exc:
        raise click.BadParameter(f"cannot read {path}: {exc}", param_hint="--config") from None
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise click.BadParameter(f"{path} must hold a mapping of option: value", param_hint="--config")
    known = {*RunOptions.model_fields, *FaithfulnessConfig.model_fields, *metric_names()} - {_OWN_OPTIONS}
    for key in data:
        if key not in known:
            hint = (
                " (faithfulness options go at the top level of the file)"
                if key == "faithfulness"
                else did_you_mean(str(key), known)
            )
            raise click.BadParameter(f"{path}: {key!r} is not an option{hint}", param_hint="--config")
    return data


def _metric_sections(options: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The config file's sections of metric options (``answer_relevancy:``), taken out of ``options``."""
    sections: dict[str, dict[str, Any]] = {}
    for name in metric_names():
        if name == _OWN_OPTIONS or name not in options:
            continue
        section = options.pop(name) or {}
        if not isinstance(section, dict):
            raise click.BadParameter(f"'{name}' must be a mapping of option: value", param_hint="--config")
        sections[name] = section
    return sections


class _Commands(click.Group):
    """The command group: Ctrl-C anywhere in a command (reading its options, loading a model, scoring)
    ends it with status 130 and one line, never a traceback or click's "Aborted!" (status 1). A
    command that keeps what it finished (``score``) says so itself before this."""

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None, **extra: Any
    ) -> click.Context:
        # reading the command line comes before invoke: Ctrl-C there (right after the import
        # let the signal through) would be click's "Aborted!"
        try:
            return super().make_context(info_name, args, parent, **extra)
        except KeyboardInterrupt:
            _interrupted()

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            _interrupted()


def _interrupted() -> NoReturn:
    click.echo("interrupted", err=True)
    raise click.exceptions.Exit(EXIT_INTERRUPTED) from None


@click.group(cls=_Commands)
@click.version_option(__version__, prog_name="faithcheck")
def main() -> None:
    """faithcheck: is a RAG answer grounded in the passages it retrieved?"""


main.add_command(runs)
main.add_command(report)
main.add_command(calibrate)


@main.command(name="manifest")
@click.option("--json", "as_json", is_flag=True, help="print JSON instead of YAML")
@click.option(
    "--metric",
    default="faithfulness",
    show_default=True,
    metavar="NAME",
    help="whose manifest: faithfulness (rag.faithfulness), answer_relevancy (rag.answer_relevancy)",
)
def manifest_command(as_json: bool, metric: str) -> None:
    """Print a metric's manifest (rag.faithfulness by default): what it measures, its configuration
    schema and entry point, the columns it needs, and how to read its scores."""
    try:
        data = metric_spec(metric).manifest()
    except ConfigError as exc:
        raise click.BadParameter(str(exc).removeprefix("--metrics: "), param_hint="--metric") from None
    if as_json:
        click.echo(json.dumps(data, indent=2, sort_keys=True))
    else:
        click.echo(yaml.safe_dump(data, sort_keys=True, allow_unicode=True), nl=False)


@main.command(cls=_ScoreCommand, panels=_score_panels())
@click.argument("input_file", type=click.Path(exists=True, dir_okay=False, allow_dash=True, path_type=Path))
@click.option(
    "-o",
    "--output",
    type=OutputFile(),
    default=None,
    help="write results here: .jsonl (one line per row), .csv (one row per row, claims as JSON) or .parquet "
    "(a rows and a claims table); default: JSON lines on standard output",
)
@click.option(
    "--format",
    "input_format",
    type=click.Choice(["jsonl", "csv", "parquet"]),
    default=None,
    help="input format (default: from the file name; on standard input, from its first bytes)",
)
@click.option(
    "--output-format",
    type=click.Choice(["jsonl", "csv", "parquet"]),
    default=None,
    help="output format (default: from the output file name: .jsonl, .csv or .parquet)",
)
@click.option(
    "--map",
    "column_map",
    default=None,
    metavar="SRC=DST,...",
    help="rename input columns, e.g. question=prompt,answer=sut_response,contexts=retrieved_context",
)
@click.option(
    "--id-from-row/--no-id-from-row",
    "id_from_row",
    default=None,
    help="give rows without an input_id the id row-N from their position (default: when the input has "
    "no input_id column at all, with a warning); --no-id-from-row makes such rows errors",
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
    "--summary-json",
    type=OutputFile(),
    default=None,
    help="also write the run summary here as JSON",
)
@click.option("--quiet", is_flag=True, help="no progress bar and no summary table (warnings are still printed)")
@click.option(
    "--store",
    "store_path",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="record the run in this run store [default: $FAITHCHECK_HOME/runs.sqlite or ~/.local/share/faithcheck]",
)
@click.option("--no-store", is_flag=True, help="do not record the run (see `faithcheck runs`)")
@click.option("--dry-run", is_flag=True, help="estimate LLM calls, tokens and cost without calling anything, then stop")
@click.option(
    "--metrics",
    "metric_list",
    default="faithfulness",
    show_default=True,
    metavar="NAME,...",
    help="metrics to score, in one pass (one claim extraction shared): faithfulness, answer_relevancy; "
    "answer_relevancy's own options go in the config file's 'answer_relevancy:' section",
)
@_model_options(RunOptions)
@_model_options(FaithfulnessConfig)
def score(
    input_file: Path,
    output: Path | None,
    input_format: FileFormat | None,
    output_format: OutputFormat | None,
    column_map: str | None,
    id_from_row: bool | None,
    config_file: Path | None,
    resume: bool,
    overwrite: bool,
    summary_json: Path | None,
    quiet: bool,
    store_path: Path | None,
    no_store: bool,
    dry_run: bool,
    metric_list: str,
    **flags: Any,
) -> None:
    """Score every row of INPUT_FILE (JSONL, CSV or Parquet with input_id, prompt, sut_response,
    retrieved_context; - reads standard input, whose format is detected) and write one result
    per row: score, status, per-claim verdicts.

    Exit status: 0 scored (gates passed), 1 a gate failed (--fail-under), 2 usage or unreadable
    input (nothing scored), 3 rows in error (with --fail-on-error; always when no row could be
    scored, an empty input too), 4 the job timed out (run the same command to resume), 5 an output
    could not be written: disk full or file too large (free some room, run the same command to
    resume), 130 interrupted."""
    run_settings, options, sections = _gathered_options(config_file, flags)
    names = [n.strip() for n in metric_list.split(",") if n.strip()]
    streamed = _is_stream(input_file)
    read_from = STANDARD_INPUT if streamed else str(input_file.resolve())
    if streamed and input_format is None and str(input_file) != "-":
        input_format = _format_of_name(input_file)
    # standard input or a pipe, spooled to a file that lives as long as the command
    input_file = click.get_current_context().with_resource(_spooled(input_file, input_format))
    try:
        run = load_run_options(**run_settings)
        mapping = parse_column_map(column_map)
        input_format = input_format or detect_format(input_file)
        metrics = build_metrics(names, options, sections, require_key=not dry_run)
        metric = metrics[0]
        _check_gate(run, metric)
        if output is not None and output_format is None:
            output_format = output_format_for(output)
        required = tuple(dict.fromkeys(c for m in metrics for c in m.required_columns))
        check_source(input_file, fmt=input_format, column_map=mapping, required=required, id_from_row=id_from_row)
    except (ConfigError, InputError, DatasetError, ModelLoadError) as exc:
        raise click.UsageError(str(exc)) from None
    if dry_run:
        _dry_run(metrics, input_file, input_format, mapping, id_from_row)
        return
    batch_size = run.batch_size
    row_timeout = run.row_timeout
    job_timeout = run.job_timeout

    console = Console(stderr=True)
    recorder = _recorder(console, None if no_store else store_path or default_store_path(), run)
    recorder.start(
        input_path=read_from,
        output_path=str(output.resolve()) if output else None,
        dataset_fingerprint=dataset_fingerprint(input_file),
        config=run_config(metrics),
        versions=run_versions(metrics),
    )
    total = None if quiet else count_rows(input_file, fmt=input_format)
    with _progress_bar(console, total, enabled=not quiet) as on_record:
        try:
            result = score_dataset(
                input_file,
                metrics,
                output=output,
                output_format=output_format,
                input_format=input_format,
                column_map=mapping,
                id_from_row=id_from_row,
                batch_size=batch_size,
                row_timeout=row_timeout,
                job_timeout=job_timeout,
                resume=resume,
                overwrite=overwrite,
                progress=on_record,
                on_batch=recorder.add_rows if recorder.recording else None,
                on_ordered_batch=None if output else _write_stdout,
            )
        except (OutputExistsError, InputError, DatasetError) as exc:
            recorder.finish(status="failed", summary={"error": str(exc)})
            raise click.UsageError(str(exc)) from None
        except DiskFullError as exc:
            recorder.finish(status="failed", summary={"error": str(exc)})
            console.print(f"[red]stopped[/red]: {escape(str(exc))}", highlight=False, soft_wrap=True)
            console.print("finished rows are kept: make room and run the same command to resume")
            sys.exit(EXIT_DISK_FULL)
        except RunStopped as exc:
            recorder.finish(status="failed", summary={"error": str(exc)})
            console.print(f"[red]stopped[/red]: {escape(str(exc))}")
            console.print("finished rows are kept: fix it and run the same command to resume")
            sys.exit(EXIT_USAGE)
        except KeyboardInterrupt:
            recorder.finish(status="interrupted", summary={})
            console.print("[yellow]interrupted[/yellow]: finished rows are saved; run the same command to resume")
            sys.exit(EXIT_INTERRUPTED)
    finished = "finished" if result.summary.status == "finished" else "interrupted"
    recorder.finish(status=finished, summary=result.summary.to_dict())
    if summary_json is not None:
        with writing(summary_json):
            summary_json.write_text(json.dumps(result.summary.to_dict(), indent=2) + "\n", encoding="utf-8")
    if not quiet:
        print_summary(console, result, metrics, recorder.run_id)
    _print_warnings(console, result.summary)
    sys.exit(_exit_status(console, result, run, metric))


def _gathered_options(
    config_file: Path | None, flags: Mapping[str, Any]
) -> tuple[dict[str, Any], dict[str, Any], dict[str, dict[str, Any]]]:
    """(run options, the first metric's and shared options, other metrics' sections) from the
    config file and the flags given; a flag overrides the file, and what neither sets takes the
    command line's default (:data:`CLI_DEFAULTS`)."""
    options = _load_config_file(config_file)
    sections = _metric_sections(options)
    run_fields = RunOptions.model_fields
    run_settings = {k: options.pop(k) for k in list(options) if k in run_fields}
    given = {k: v for k, v in flags.items() if v is not None}
    run_settings.update({k: v for k, v in given.items() if k in run_fields})
    options.update({k: v for k, v in given.items() if k not in run_fields})
    for name, value in CLI_DEFAULTS.items():
        options.setdefault(name, value)
    return run_settings, options, sections


def _recorder(console: Console, store: Path | None, run: RunOptions) -> RunRecorder:
    """The run store's recorder (``store`` ``None``: ``--no-store``), warning on ``console``."""

    def warn(message: str) -> None:
        console.print(f"warning: {message}", style="yellow", markup=False, highlight=False, soft_wrap=True)

    return RunRecorder(store, warn=warn, wait=run.store_timeout)


def _print_warnings(console: Console, s: RunSummary) -> None:
    """What the rows' records warn about (rows that look like another language than the one they
    were scored in first), each said once, after the summary: --quiet silences the progress bar and
    the summary table, never these."""
    for warning in [*s.language_warnings, *s.warnings]:
        console.print(f"warning: {warning}", style="yellow", markup=False, highlight=False, soft_wrap=True)


def _check_gate(run: RunOptions, metric: Metric) -> None:
    low, high = metric.scale.low, metric.scale.high
    if run.fail_under is not None and not low <= run.fail_under <= high:
        raise ConfigError(f"--fail-under ({run.fail_under:g}) must lie between min ({low:g}) and max ({high:g})")


def _exit_status(console: Console, result: RunResult, run: RunOptions, metric: Metric) -> int:
    """The documented exit status of ``faithcheck score`` (see its help), with the reason printed."""
    s = result.summary
    errors = s.statuses.get("error", 0)
    if s.status == "timeout":
        console.print(f"[red]job timeout[/red] after {run.job_timeout:g} s: run the same command to resume")
        return EXIT_INCOMPLETE
    if not s.rows:  # an empty file is not a passing run: a CI gate must not go green on no data
        console.print("[red]no row could be scored[/red]: the input holds no rows")
        return EXIT_ROW_ERRORS
    if not s.scored:
        console.print(f"[red]no row could be scored[/red]: all {s.rows} rows are in error (see their messages)")
        return EXIT_ROW_ERRORS
    if run.fail_on_error and errors:
        console.print(f"[red]--fail-on-error[/red]: {errors} of {s.rows} rows are in error")
        return EXIT_ROW_ERRORS
    if run.fail_under is not None:
        inverted = metric.scale.inverted
        worse = s.mean is None or (s.mean > run.fail_under if inverted else s.mean < run.fail_under)
        if worse:
            mean = "no mean" if s.mean is None else f"mean {s.mean:.3f}"
            side = "above" if inverted else "below"
            console.print(f"[red]--fail-under[/red]: {mean} is {side} the gate {run.fail_under:g}")
            return EXIT_GATE_FAILED
    return EXIT_OK


def _is_stream(input_file: Path) -> bool:
    """``-`` (standard input), or a path that is no regular file: a pipe such as bash's
    ``<(command)`` (``/dev/fd/63``), which can be read only once."""
    return str(input_file) == "-" or not input_file.is_file()


def _format_of_name(input_file: Path) -> FileFormat | None:
    """The format a stream's name gives (a named pipe ``rows.csv``), or ``None`` to sniff it."""
    try:
        return detect_format(input_file)
    except InputError:
        return None


@contextmanager
def _spooled(input_file: Path, input_format: FileFormat | None) -> Iterator[Path]:
    """A stream (see :func:`_is_stream`) as a file: it is copied to a temporary file first (the
    runner reads its input twice: to check the columns, then to score, and fingerprints it for
    resuming). A regular file is used as it is."""
    if not _is_stream(input_file):
        yield input_file
        return
    import shutil
    import tempfile

    with tempfile.TemporaryDirectory(prefix="faithcheck-stdin-") as folder:
        spooled = Path(folder) / "stdin"
        with spooled.open("wb") as fh:
            if str(input_file) == "-":
                shutil.copyfileobj(sys.stdin.buffer, fh)
            else:
                with input_file.open("rb") as source:
                    shutil.copyfileobj(source, fh)
        path = spooled.rename(spooled.with_suffix("." + (input_format or sniff_format(spooled))))
        yield path


def _metric_rows(table: Any, metric: Metric, s: RunSummary, *, several: bool) -> None:
    prefix = f"{metric.name}: " if several else ""
    table.add_row(f"{prefix}status", ", ".join(f"{k} {v}" for k, v in sorted(s.statuses.items())) or "-")
    if s.mean is not None:
        ci = f" (95% CI {s.ci95[0]:.3f} to {s.ci95[1]:.3f})" if s.ci95 else ""
        table.add_row(f"mean {metric.name}", f"{s.mean:.3f}{ci}")
        pass_rate = f" ({s.pass_rate:.1%})" if s.pass_rate is not None else ""
        table.add_row(f"{prefix}passed (threshold {metric.threshold:g})", f"{s.passed}/{s.scored}{pass_rate}")
    spec = spec_of(metric)
    what = f"{spec.verdict_noun} labels" if spec is not None else "labels"
    table.add_row(f"{prefix}{what}", ", ".join(f"{k} {v}" for k, v in s.labels.items()) or "-")
    if s.context_utilisation is not None:
        used = f"{s.context_utilisation:.1%} of passages support a claim (mean over rows)"
        table.add_row(f"{prefix}context used", used)


def _write_stdout(records: list[RowRecord]) -> None:
    sys.stdout.write("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
    sys.stdout.flush()


def _dry_run(
    metrics: Sequence[Metric],
    path: Path,
    input_format: FileFormat | None,
    mapping: dict[str, str],
    id_from_row: bool | None,
) -> None:
    from rich.table import Table

    specs = [spec_of(m) for m in metrics]
    if not any(spec is not None and spec.uses_llm(m) for m, spec in zip(metrics, specs, strict=True)):
        Console(stderr=True).print("offline configuration: no LLM calls, no cost")
        return
    from faithcheck._llm.cost import CostEstimate

    required = tuple(dict.fromkeys(c for m in metrics for c in m.required_columns))
    total = CostEstimate()
    bad = 0
    for row in iter_source(path, fmt=input_format, column_map=mapping, id_from_row=id_from_row):
        try:
            case = case_from_row(row.data, row.number, required=required) if row.data is not None else None
        except InputError:
            case = None
        if case is None:
            bad += 1
            continue
        rows = total.rows
        for i, (metric, spec) in enumerate(zip(metrics, specs, strict=True)):
            if spec is not None and spec.estimate is not None:
                # the metrics share one extraction: the first metric counts it
                total.add(spec.estimate(metric, case, i == 0))
        total.rows = rows + 1
    table = Table(
        title=f"faithcheck dry run: {total.rows} rows ({bad} unreadable), nothing was sent", show_header=False
    )
    table.add_row("LLM calls", str(total.calls))
    table.add_row("input tokens (estimate)", f"{total.input_tokens:,}")
    table.add_row("output tokens (estimate)", f"{total.output_tokens:,}")
    table.add_row("cost (estimate)", "unknown price" if total.cost_usd is None else f"${total.cost_usd:,.4f}")
    Console().print(table)


@contextmanager
def _progress_bar(console: Console, total: int | None, *, enabled: bool) -> Iterator[Callable[[RowRecord], None]]:
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

        def on_record(record: RowRecord) -> None:
            count[0] += 1
            usage = record.get("usage") or {}
            if usage.get("cost_usd"):
                cost[0] += float(usage["cost_usd"])
            elapsed = time.perf_counter() - started
            rate = f"{count[0] / elapsed:.1f}" if elapsed > 0 else "-"
            bar.update(task, advance=1, rate=rate, cost=f"${cost[0]:.4f}" if cost[0] else "")

        yield on_record


def print_summary(
    console: Console, result: RunResult, metrics: Metric | Sequence[Metric], run_id: str | None = None
) -> None:
    """The end-of-run summary table (and the worst rows and errors), a block per metric."""
    from rich.table import Table

    s = result.summary
    all_metrics = as_metrics(metrics)
    table = Table(title=f"faithcheck: {s.rows} rows", show_header=False)
    if result.resumed_rows:
        table.add_row("resumed", f"{result.resumed_rows} rows were already done")
    for metric, summary in zip(all_metrics, [s, *(s.metrics.get(m.name) for m in all_metrics[1:])], strict=True):
        if summary is not None:
            _metric_rows(table, metric, summary, several=len(all_metrics) > 1)
    usage = sum((m.usage for m in s.metrics.values()), s.usage)
    u = usage
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
    for metric, summary in zip(all_metrics, [s, *(s.metrics.get(m.name) for m in all_metrics[1:])], strict=True):
        if summary is None or not summary.worst or summary.mean is None:
            continue
        console.print(f"lowest-scoring rows ({metric.name}):" if len(all_metrics) > 1 else "lowest-scoring rows:")
        for w in summary.worst:
            reason = short_text(str(w.get("reason") or ""))
            console.print(f"  row {w['row']} ({w['input_id']}): {w['value']:.3f} - {reason}", highlight=False)
    for e in s.errors:
        console.print(f"[red]error[/red] row {e['row']}: {e['message']}", highlight=False)
