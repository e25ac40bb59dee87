"""``faithcheck report``: write a run's verdicts as one self-contained HTML page."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from faithcheck._cli.paths import OutputFile, writing
from faithcheck._cli.runs import RunLookupError, open_store, reporting_lookup_errors, store_option, table_console
from faithcheck._core.errors import InputError
from faithcheck._core.records import RowRecord
from faithcheck._runs.io.readers import FileFormat, parse_column_map

__all__ = ["calibrate", "report"]


class UnreadableInput(click.ClickException):
    """A file the command reads is not what it should be (a scores file edited by hand, a
    calibration file that is not one) or an option is malformed: exit code 2, as for ``score``."""

    exit_code = 2


class _MissingExtra(click.ClickException):
    """A missing optional dependency: a usage problem (exit 2), not a failed gate."""

    exit_code = 2


@click.command()
@click.argument("source")
@click.option(
    "--input",
    "input_path",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="the dataset the rows were scored from (default for a run: the file it recorded)",
)
@click.option(
    "--format",
    "input_format",
    type=click.Choice(["jsonl", "csv", "parquet"]),
    default=None,
    help="format of the dataset (default: from its file name)",
)
@click.option("--map", "column_map", default=None, metavar="SRC=DST,...", help="rename dataset columns, as for score")
@click.option(
    "--diff",
    "diff_against",
    default=None,
    metavar="OTHER_RUN",
    help="also list the rows that differ from run OTHER_RUN",
)
@click.option(
    "-o",
    "--output",
    type=OutputFile(),
    default=None,
    help="the HTML file to write [default: faithcheck-report-RUN.html, or SOURCE with .html]",
)
@click.option(
    "--calibration",
    "calibration_path",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="show this `faithcheck calibrate` file (figures, reliability diagram) [default: the run's own]",
)
@store_option
def report(
    source: str,
    input_path: Path | None,
    input_format: FileFormat | None,
    column_map: str | None,
    diff_against: str | None,
    output: Path | None,
    calibration_path: Path | None,
    store_path: Path | None,
) -> None:
    """Write one self-contained HTML page of the verdicts of SOURCE: a run id (or unique prefix, or
    `latest`) from the run store, or a `faithcheck score` JSON lines output (give its dataset with --input).

    The page loads nothing from the network: open it in any browser, offline, or mail it.
    """
    from faithcheck._report import report_from_file, report_from_run, write_report
    from faithcheck._report.data import NO_DATASET_NOTE

    try:
        mapping = parse_column_map(column_map)
        path = Path(source)
        if not path.is_file() and ("/" in source or "." in source):  # run ids are hex digits
            raise RunLookupError(f"{source} is neither a file nor a run id (see faithcheck runs list)")
        if path.suffix.lower() in (".parquet", ".pq"):
            raise click.UsageError(
                "report reads the JSON lines output of faithcheck score; for a Parquet output, report the "
                "recorded run instead: faithcheck report RUN (see faithcheck runs list)"
            )
        if path.is_file():
            if diff_against is not None:
                raise click.UsageError("--diff compares two recorded runs: give a run id, not a file")
            data = report_from_file(
                path, input_path, input_format=input_format, column_map=mapping, calibration=calibration_path
            )
            target = output or path.with_suffix(".html")
        else:
            _, store = open_store(store_path, must_exist=True)
            assert store is not None
            with reporting_lookup_errors():
                data = report_from_run(
                    store,
                    source,
                    input_path=input_path,
                    input_format=input_format,
                    column_map=mapping,
                    diff_against=diff_against,
                    calibration=calibration_path,
                )
            target = output or Path(f"faithcheck-report-{data.run_id}.html")
    except InputError as exc:
        raise UnreadableInput(str(exc)) from None
    with writing(target):
        size = write_report(data, target)
    click.echo(f"wrote {target} ({len(data.rows)} rows, {size / 1e6:.1f} MB)", err=True)
    if any(row.get("text_note") == NO_DATASET_NOTE for row in data.rows):
        click.secho(
            "warning: no dataset to read the texts from, so the page lacks each row's question, answer and "
            f"passages (it shows the verdicts only): add them with faithcheck report {source} --input DATA",
            fg="yellow",
            err=True,
        )


def _records(source: str, store_path: Path | None) -> tuple[list[RowRecord], str, Path | None]:
    """The scored records of SOURCE (a run or a scores file), a name for it, and its recorded dataset."""
    from faithcheck._report.data import scored_records

    path = Path(source)
    if path.is_file():
        return list(scored_records(path)), str(path), None
    _, store = open_store(store_path, must_exist=True)
    assert store is not None
    with reporting_lookup_errors():
        full = store.resolve(source)
        return list(store.run_records(full)), f"run {full}", Path(store.get_run(full).input_path)


def _gold_column(dataset: Path, input_format: FileFormat | None, mapping: dict[str, str]) -> dict[int, bool]:
    from faithcheck._metrics.calibration import parse_gold
    from faithcheck._runs.io.readers import iter_source

    gold: dict[int, bool] = {}
    for row in iter_source(dataset, fmt=input_format, column_map=mapping):
        if row.data is None or row.data.get("gold") is None:
            continue
        label = parse_gold(row.data["gold"])
        if label is None:
            raise InputError(
                "gold",
                f"{row.data['gold']!r} is not a gold label (use true/false, 1/0, faithful/not faithful)",
                row=row.number,
            )
        gold[row.number] = label
    return gold


@click.command()
@click.argument("source")
@click.option(
    "--labels",
    "labels_path",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="gold labels: JSON lines or CSV with input_id and gold (what the report's viewer downloads); "
    "default: a gold column in the dataset",
)
@click.option(
    "--input",
    "input_path",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    default=None,
    help="the dataset, for its gold column (default for a run: the file it recorded)",
)
@click.option("--format", "input_format", type=click.Choice(["jsonl", "csv", "parquet"]), default=None)
@click.option("--map", "column_map", default=None, metavar="SRC=DST,...", help="rename dataset columns, as for score")
@click.option(
    "-o",
    "--output",
    type=OutputFile(),
    default=Path("faithcheck-calibration.json"),
    show_default=True,
    help="the calibration file to write (apply it with `faithcheck score --calibration FILE`)",
)
@click.option(
    "--diagram",
    type=OutputFile(),
    default=None,
    help="the reliability diagram (SVG) to write [default: OUTPUT with .svg]",
)
@click.option(
    "--folds", type=click.IntRange(min=2, max=20), default=5, show_default=True, help="cross-validation folds"
)
@click.option(
    "--bootstrap", "resamples", type=click.IntRange(min=0), default=1000, show_default=True, help="bootstrap resamples"
)
@click.option("--seed", type=int, default=0, show_default=True, help="seed of the folds and the bootstrap")
@store_option
def calibrate(
    source: str,
    labels_path: Path | None,
    input_path: Path | None,
    input_format: FileFormat | None,
    column_map: str | None,
    output: Path,
    diagram: Path | None,
    folds: int,
    resamples: int,
    seed: int,
    store_path: Path | None,
) -> None:
    """Fit the scores of SOURCE (a run id, `latest`, or a `faithcheck score` output) to gold labels:
    balanced accuracy, precision, recall, F1, ROC AUC, ECE and the confusion table before and after,
    with bootstrap 95% intervals; the threshold that maximises balanced accuracy, chosen by
    cross-validation; an isotonic map from the row score to P(faithful); a reliability diagram.

    Needs the calibrate extra: pip install '.[calibrate]' in the checkout.
    """
    from faithcheck._metrics import calibration as cal

    try:
        import scipy  # noqa: F401
        import sklearn  # noqa: F401
    except ImportError:
        raise _MissingExtra(
            "calibrate needs scikit-learn and SciPy: pip install '.[calibrate]' in the faithcheck checkout "
            "(or pip install scikit-learn scipy)"
        ) from None

    try:
        records, name, recorded = _records(source, store_path)
        if labels_path is not None:
            by_id = cal.read_gold_labels(labels_path)
            by_row: dict[int, bool] = {}
            where = str(labels_path)
        else:
            dataset = input_path or recorded
            if dataset is None or not dataset.exists():
                raise click.UsageError(
                    "give the gold labels with --labels FILE, or the dataset with a gold column with --input"
                )
            by_row = _gold_column(dataset, input_format, parse_column_map(column_map))
            by_id = {}
            where = f"the gold column of {dataset}"
        scores, gold, passed = [], [], []
        errors = 0
        for r in records:
            label = by_id.get(str(r.get("input_id"))) if labels_path is not None else by_row.get(int(r["row"]))
            if label is None:
                continue
            unit = r.get("unit_value")
            if r.get("status") == "error" or unit is None:
                errors += 1
                continue
            scores.append(float(unit))
            gold.append(label)
            passed.append(bool(r.get("passed")))
        if not scores:
            raise click.UsageError(f"no scored row of {name} has a gold label in {where} (labels match on input_id)")
        result = cal.calibrate(scores, gold, passed=passed, folds=folds, resamples=resamples, seed=seed)
    except (InputError, cal.CalibrationError) as exc:
        raise click.ClickException(str(exc)) from None

    from faithcheck import __version__

    thresholds = {r.get("threshold") for r in records if r.get("threshold") is not None}
    content = result.to_json(source=name, labels=where, faithcheck=__version__, error_rows_skipped=errors)
    content["before_threshold"] = thresholds.pop() if len(thresholds) == 1 else None
    with writing(output):
        output.write_text(json.dumps(content, indent=2) + "\n", encoding="utf-8")
    diagram = diagram or output.with_suffix(".svg")
    with writing(diagram):
        diagram.write_text(cal.reliability_svg(result.reliability), encoding="utf-8")
    _print_calibration(result, content["before_threshold"], errors, output, diagram)
    if warning := cal.too_few_labels(result.rows, result.faithful, result.folds):
        click.secho(f"warning: {warning}", fg="yellow", err=True)


def _print_calibration(result: Any, before: float | None, errors: int, output: Path, diagram: Path) -> None:
    from rich.table import Table

    console = table_console()
    table = Table(
        title=f"calibration on {result.rows} labelled rows ({result.faithful} faithful), 95% bootstrap intervals"
    )
    table.add_column("figure")
    table.add_column("before" + (f" (threshold {before:g})" if before is not None else ""))
    table.add_column(f"after ({result.folds}-fold CV)")
    for key in ("balanced_accuracy", "precision", "recall", "f1", "roc_auc", "ece"):
        table.add_row(key.replace("_", " "), str(result.before[key]), str(result.after[key]))
    for key, what in (
        ("tp", "faithful, passed"),
        ("fn", "faithful, failed"),
        ("fp", "unfaithful, passed"),
        ("tn", "unfaithful, failed"),
    ):
        b, a = result.before[key], result.after[key]
        table.add_row(
            what,
            f"{b.value:.0f} [{b.low or 0:.0f}, {b.high or 0:.0f}]",
            f"{a.value:.0f} [{a.low or 0:.0f}, {a.high or 0:.0f}]",
        )
    console.print(table)
    spread = ", ".join(f"{t:.3f}" for t in result.fold_thresholds)
    console.print(f"threshold on P(faithful): {result.calibration.threshold:.3f} (per fold: {spread})")
    if errors:
        console.print(f"{errors} labelled rows were errors and are left out")
    console.print(f"wrote {output} (apply it: faithcheck score --calibration {output}) and {diagram}")
