"""``faithcheck report``: one self-contained HTML page to look at every verdict of a run.

:func:`report_from_run` reads a recorded run (see :mod:`faithcheck._runs.store`) and
:func:`report_from_file` a ``faithcheck score`` output; both join the verdicts with the dataset
rows they were scored from and return a :class:`ReportData`, which :func:`write_report` writes.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from faithcheck._core.records import RowRecord
from faithcheck._report.data import ReportData, calibration_summary, load_cases, report_rows, scored_records, summarise
from faithcheck._report.html import embed_json, render_html
from faithcheck._runs.io.readers import FileFormat
from faithcheck._runs.store import STANDARD_INPUT, RunInfo, RunStore, dataset_fingerprint

__all__ = ["ReportData", "embed_json", "render_report", "report_from_file", "report_from_run", "write_report"]


def report_from_run(
    store: RunStore,
    run_id: str,
    *,
    input_path: Path | None = None,
    input_format: FileFormat | None = None,
    column_map: Mapping[str, str] | None = None,
    diff_against: str | None = None,
    calibration: Path | None = None,
) -> ReportData:
    """The report of the run ``run_id`` (id or unique prefix) in ``store``.

    The texts come from ``input_path``, else from the dataset file the run recorded; when that file
    is gone the verdicts are shown without their texts, and a note says so. ``diff_against`` names a
    second run: the report then lists the rows that differ from it (:meth:`RunStore.diff_runs`, with
    that run as A and this one as B). ``calibration`` is a ``faithcheck calibrate`` file to show
    (its figures and reliability diagram); by default the one the run was scored with, if any.
    """
    full = store.resolve(run_id)
    info = store.get_run(full)
    config = store.run_config(full)
    records = list(store.run_records(full))
    notes: list[str] = []
    dataset = input_path if input_path is not None else Path(info.input_path)
    cases = None
    if input_path is None and info.input_path == STANDARD_INPUT:
        notes.append(
            "the run read its rows from standard input or a pipe: pass the dataset with --input to see the texts"
        )
    elif dataset.exists():
        cases = load_cases(dataset, fmt=input_format, column_map=column_map)
        if input_path is None and dataset_fingerprint(dataset) != info.dataset_fingerprint:
            notes.append(f"{dataset} changed since the run; rows whose text no longer matches are shown without it")
    else:
        notes.append(f"the dataset {dataset} is not there any more: pass it with --input to see the texts")
    if info.status != "finished":
        notes.append(f"this run is {info.status}: it holds {info.rows} rows")
    summary = summarise(records, _threshold(config, records), config)
    stored = store.run_summary(full)
    for key in ("wall_seconds", "rows_per_second", "usage"):
        if key in stored:
            summary[key] = stored[key]
    if calibration is None and isinstance(config.get("calibration"), str):
        calibration = Path(config["calibration"])
        if not calibration.exists():
            notes.append(f"the run was scored with the calibration {calibration}, which is not there any more")
            calibration = None
    diff = other = diff_note = None
    if diff_against is not None:
        other = store.resolve(diff_against)
        diff = store.diff_runs(other, full)
        diff_note = _different_datasets(store.get_run(other), info)
    return ReportData(
        title=f"faithcheck run {full}",
        source=f"{info.input_path} · started {info.started_at} UTC · {info.status}",
        rows=report_rows(records, cases),
        summary=summary,
        config=config,
        versions=store.run_versions(full),
        run_id=full,
        diff=diff,
        diff_against=other,
        diff_note=diff_note,
        notes=notes,
        calibration=None if calibration is None else calibration_summary(calibration),
    )


def report_from_file(
    scores_path: Path,
    input_path: Path | None,
    *,
    input_format: FileFormat | None = None,
    column_map: Mapping[str, str] | None = None,
    calibration: Path | None = None,
) -> ReportData:
    """The report of a ``faithcheck score`` JSON lines output, with the texts from ``input_path``.

    Without ``input_path`` the verdicts are shown without their texts, and a note says so.
    """
    records = list(scored_records(scores_path))
    notes = []
    cases = None
    if input_path is not None:
        cases = load_cases(input_path, fmt=input_format, column_map=column_map)
    else:
        notes.append("no dataset was given (--input): the verdicts are shown without the texts they are about")
    return ReportData(
        title=f"faithcheck report: {scores_path.name}",
        source=f"{scores_path}" + (f" · dataset {input_path}" if input_path else ""),
        rows=report_rows(records, cases),
        summary=summarise(records, _threshold({}, records)),
        notes=notes,
        calibration=None if calibration is None else calibration_summary(calibration),
    )


def _different_datasets(a: RunInfo, b: RunInfo) -> str | None:
    """What the diff tab says when runs A and B scored different dataset files (as ``runs diff`` does)."""
    if a.dataset_fingerprint == b.dataset_fingerprint:
        return None
    return (
        f"The runs scored different dataset files: A read {a.input_path} ({a.dataset_fingerprint}), B read "
        f"{b.input_path} ({b.dataset_fingerprint}). Rows are matched on input_id, so a row that differs may "
        "have been given another question, answer or context."
    )


def _threshold(config: Mapping[str, object], records: list[RowRecord]) -> float | None:
    for record in records:
        if isinstance(threshold := record.get("threshold"), int | float):
            return float(threshold)
    value = config.get("threshold")
    return float(value) if isinstance(value, int | float) else None


def render_report(data: ReportData) -> str:
    """The HTML page of ``data``."""
    return render_html(data.payload(), title=data.title)


def write_report(data: ReportData, path: Path) -> int:
    """Write the HTML page of ``data`` to ``path``; returns its size in bytes."""
    page = render_report(data).encode("utf-8")
    path.write_bytes(page)
    return len(page)
