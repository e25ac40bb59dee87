"""``faithcheck report``: write a run's verdicts as one self-contained HTML page."""

from __future__ import annotations

from pathlib import Path

import click

from faithcheck.cli_runs import RunLookupError, _lookup, _open, _store_option
from faithcheck.errors import InputError
from faithcheck.io.readers import FileFormat, parse_column_map

__all__ = ["report"]


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
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="the HTML file to write [default: faithcheck-report-RUN.html, or SOURCE with .html]",
)
@_store_option
def report(
    source: str,
    input_path: Path | None,
    input_format: FileFormat | None,
    column_map: str | None,
    diff_against: str | None,
    output: Path | None,
    store_path: Path | None,
) -> None:
    """Write one self-contained HTML page of the verdicts of SOURCE: a run id (or unique prefix, or
    `latest`) from the run store, or a `faithcheck score` JSON lines output (give its dataset with --input).

    The page loads nothing from the network: open it in any browser, offline, or mail it.
    """
    from faithcheck.report import report_from_file, report_from_run, write_report

    try:
        mapping = parse_column_map(column_map)
        path = Path(source)
        if path.is_file():
            if diff_against is not None:
                raise click.UsageError("--diff compares two recorded runs: give a run id, not a file")
            data = report_from_file(path, input_path, input_format=input_format, column_map=mapping)
            target = output or path.with_suffix(".html")
        else:
            _, store = _open(store_path, must_exist=True)
            assert store is not None
            run_id = source
            if source == "latest":
                latest = store.list_runs(1)
                if not latest:
                    raise RunLookupError(f"no runs recorded in {store.path}")
                run_id = latest[0].run_id
            with _lookup():
                data = report_from_run(
                    store,
                    run_id,
                    input_path=input_path,
                    input_format=input_format,
                    column_map=mapping,
                    diff_against=diff_against,
                )
            target = output or Path(f"faithcheck-report-{data.run_id}.html")
    except InputError as exc:
        raise click.ClickException(str(exc)) from None
    size = write_report(data, target)
    click.echo(f"wrote {target} ({len(data.rows)} rows, {size / 1e6:.1f} MB)", err=True)
