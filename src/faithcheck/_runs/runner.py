"""Scoring datasets: read rows as a stream, score them concurrently, write them durably.

Memory stays bounded: rows are read and scored ``batch_size`` at a time (seed 001's
``stream_batch_size``), at most ``concurrency_limit`` rows are in flight, and results are written
as they finish. A row that fails or takes longer than ``row_timeout`` seconds becomes a record with
``status: "error"``; the job as a whole stops at ``job_timeout`` seconds (seed 001's
``timeout_seconds``), keeping what it finished so the run can be resumed.

:func:`score_batch` is the per-batch function; the local runner and the Ray integration
(:mod:`faithcheck.ray`) both use it.
"""

from __future__ import annotations

import asyncio
import json
import platform
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from itertools import islice
from pathlib import Path
from typing import Any, cast

from faithcheck._core.deadline import DeadlineExceeded, deadline
from faithcheck._core.errors import DiskFullError, InputError, RunStopped, row_label
from faithcheck._core.records import OTHER_METRICS_KEY, MetricRecord, RowRecord, as_record
from faithcheck._core.rows import ID_FROM_ROW_WARNING, case_from_row, row_input_id, row_warnings
from faithcheck._metrics.base import Metric
from faithcheck._metrics.manifest import EXECUTION
from faithcheck._metrics.registry import as_metrics
from faithcheck._runs.io.readers import FileFormat, SourceRow, check_source, detect_format, iter_source
from faithcheck._runs.io.writers import OutputFormat, ResultSink
from faithcheck._runs.options import load_run_options
from faithcheck._runs.store import dataset_fingerprint
from faithcheck._runs.summary import RunSummary, SummaryBuilder

__all__ = [
    "RunResult",
    "error_record",
    "output_format_for",
    "run_config",
    "run_versions",
    "score_batch",
    "score_batch_async",
    "score_dataset",
]

DEFAULT_BATCH_SIZE = int(EXECUTION["stream_batch_size"])
DEFAULT_JOB_TIMEOUT = float(EXECUTION["timeout_seconds"])
_OUTPUT_SUFFIXES: dict[OutputFormat, tuple[str, ...]] = {
    "jsonl": (".jsonl", ".json", ".ndjson"),
    "csv": (".csv",),
    "parquet": (".parquet", ".pq"),
}
_FLUSH_ROWS = 50
_FLUSH_SECONDS = 1.0

Progress = Callable[[RowRecord], None]


def error_record(
    row: int, input_id: str | None, message: str, metric: Metric | Sequence[Metric] | None = None
) -> RowRecord:
    """The record of a row that could not be scored (never a fake score); always writable as UTF-8.

    With several metrics, every metric's record of the row says so."""
    input_id = None if input_id is None else _writable_text(input_id)
    message = _writable_text(message)
    metrics: tuple[Metric | None, ...] = (None,) if metric is None else as_metrics(metric)
    records = [_error_fields(m, input_id, message) for m in metrics]
    return _combine(row, records)


def _error_fields(metric: Metric | None, input_id: str | None, message: str) -> MetricRecord:
    return {
        "input_id": input_id,
        "metric_name": metric.name if metric else "faithfulness",
        "value": None,
        "unit_value": None,
        "passed": False,
        "threshold": metric.threshold if metric else None,
        "status": "error",
        "reason": f"not scored: {message}",
        "message": message,
        "weight": metric.weight if metric else 1.0,
        "claims": [],
        "usage": None,
        "prompts": {},
        "raw_responses": {},
    }


def _combine(row: int, records: Sequence[MetricRecord]) -> RowRecord:
    """A row's record: the first metric's, with the others under ``"metrics"`` by name."""
    combined = cast(RowRecord, {"row": row, **records[0]})  # the row's number first, as files show it
    if len(records) > 1:
        combined["metrics"] = {r["metric_name"]: r for r in records[1:]}
    return combined


def _writable_text(text: str) -> str:
    """``text`` with anything UTF-8 cannot hold (lone surrogates) written as ``\\udXXX`` escapes."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


async def _score_one(
    metrics: tuple[Metric, ...], row: SourceRow, row_timeout: float | None, semaphore: asyncio.Semaphore
) -> RowRecord:
    """One row's record. Whatever goes wrong while validating or scoring it becomes that row's
    error record: one row never costs the others."""
    try:
        record = await _score_row(metrics, row, row_timeout, semaphore)
        json.dumps(record, ensure_ascii=False).encode("utf-8")  # what the writers will do
        return record
    except (RunStopped, asyncio.CancelledError, DeadlineExceeded):
        raise  # a DeadlineExceeded out of a row is the job's: the job stops
    except Exception as exc:
        input_id = None if row.data is None else row_input_id(row.data)
        where = row_label(row.number, input_id)
        return error_record(row.number, input_id, f"{where}: could not be scored: {_describe(exc)}", metrics)


def _describe(exc: BaseException) -> str:
    text = str(exc).splitlines()[0][:300] if str(exc) else ""
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


async def _score_row(
    metrics: tuple[Metric, ...], row: SourceRow, row_timeout: float | None, semaphore: asyncio.Semaphore
) -> RowRecord:
    if row.data is None:
        return error_record(row.number, row.input_id, row.error or f"row {row.number}: unreadable", metrics)
    required = tuple(dict.fromkeys(c for m in metrics for c in m.required_columns))
    try:
        case = case_from_row(row.data, row.number, required=required)
    except InputError as exc:
        return error_record(row.number, exc.input_id, str(exc), metrics)
    async with semaphore:
        started = time.monotonic()
        try:
            # the deadline stops the row's offline work in its threads too (faithcheck._core.deadline)
            with deadline(row_timeout):
                async with asyncio.timeout(row_timeout):
                    # the metrics of a row run side by side; a shared extractor extracts once
                    results = await asyncio.gather(*(m.aevaluate(case) for m in metrics))
        except TimeoutError:
            if row_timeout is None or time.monotonic() - started < row_timeout:
                raise  # the job's deadline, not the row's
            return error_record(
                row.number, case.input_id, f"timeout: the row took longer than {row_timeout:g} s", metrics
            )
    notes = row_warnings(row.data)  # e.g. a context of one string, read as one passage
    if row.id_from_position:
        notes.append(ID_FROM_ROW_WARNING)
    if notes:
        results = [r.model_copy(update={"warnings": [*r.warnings, *notes]}) for r in results]
    return _combine(row.number, [as_record(r.model_dump(mode="json")) for r in results])


async def score_batch_async(
    metric: Metric | Sequence[Metric],
    rows: Sequence[SourceRow],
    *,
    row_timeout: float | None = None,
    on_record: Callable[[RowRecord], None] | None = None,
) -> list[RowRecord]:
    """Score ``rows`` with one metric or several (at most the first metric's ``concurrency_limit``
    rows at once); records in input order.

    ``on_record`` sees each record as soon as it is finished (in completion order).
    """
    metrics = as_metrics(metric)
    semaphore = asyncio.Semaphore(metrics[0].concurrency)

    async def one(row: SourceRow) -> RowRecord:
        record = await _score_one(metrics, row, row_timeout, semaphore)
        if on_record is not None:
            on_record(record)
        return record

    try:
        async with asyncio.TaskGroup() as group:
            tasks = [group.create_task(one(row)) for row in rows]
    except ExceptionGroup as failed:  # only a RunStopped or the job's deadline gets out of a row
        stopped = next((e for e in failed.exceptions if isinstance(e, (RunStopped, DeadlineExceeded))), None)
        if stopped is None:
            raise
        raise stopped from None
    return [t.result() for t in tasks]


def score_batch(
    metric: Metric | Sequence[Metric], rows: Sequence[dict[str, Any]], *, first_row: int = 1
) -> list[RowRecord]:
    """Synchronous per-batch function: score row mappings, numbered from ``first_row``."""
    source = [SourceRow(first_row + i, dict(r)) for i, r in enumerate(rows)]
    return asyncio.run(score_batch_async(metric, source))


@dataclass
class RunResult:
    """What :func:`score_dataset` did: the summary, the files written, and, when no output path
    was given, the records themselves."""

    summary: RunSummary
    files: list[Path] = field(default_factory=list)
    records: list[RowRecord] | None = None
    resumed_rows: int = 0


def run_versions(metric: Metric | Sequence[Metric]) -> dict[str, Any]:
    """Versions that decide the scores: faithcheck, Python, key libraries, and each metric's
    backends and models (the first metric's at the top level, the others' under ``metrics``)."""
    metrics = as_metrics(metric)
    versions: dict[str, Any] = {"python": platform.python_version()}
    for package in ("faithcheck", "onnxruntime", "tokenizers", "sentencex", "openai", "anthropic"):
        try:
            versions[package] = metadata.version(package)
        except metadata.PackageNotFoundError:
            versions[package] = None
    versions.update(metrics[0].versions())
    if len(metrics) > 1:
        versions[OTHER_METRICS_KEY] = {m.name: m.versions() for m in metrics[1:]}
    return versions


def run_config(metric: Metric | Sequence[Metric]) -> dict[str, Any]:
    """The configuration of a run's metric (of each metric, by name, when there are several)."""
    metrics = as_metrics(metric)
    if len(metrics) == 1:
        return metrics[0].config.model_dump(mode="json")
    return {OTHER_METRICS_KEY: {m.name: m.config.model_dump(mode="json") for m in metrics}}


def output_format_for(path: Path) -> OutputFormat:
    """The output format a file name asks for: ``.jsonl``/``.json``/``.ndjson``, ``.csv``,
    ``.parquet``/``.pq``; any other name is refused rather than guessed.

    >>> output_format_for(Path("scores.csv"))
    'csv'
    """
    suffix = path.suffix.lower()
    for fmt, suffixes in _OUTPUT_SUFFIXES.items():
        if suffix in suffixes:
            return fmt
    known = ", ".join(s for group in _OUTPUT_SUFFIXES.values() for s in group)
    raise InputError("--output", f"cannot tell the output format of {path.name!r}: use {known}, or --output-format")


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or (a.exists() and b.exists() and a.samefile(b))
    except OSError:
        return False


def fingerprint(source: str | Path | Any) -> str:
    """sha256 of a dataset file, or a description for in-memory data (which cannot be resumed)."""
    if isinstance(source, (str, Path)):
        return dataset_fingerprint(Path(source))
    return f"object:{type(source).__module__}.{type(source).__name__}"


def score_dataset(
    source: str | Path | Any,
    metric: Metric | Sequence[Metric] | None = None,
    *,
    output: str | Path | None = None,
    output_format: OutputFormat | None = None,
    input_format: FileFormat | None = None,
    column_map: dict[str, str] | None = None,
    id_from_row: bool | None = None,
    batch_size: int = DEFAULT_BATCH_SIZE,
    row_timeout: float | None = None,
    job_timeout: float | None = DEFAULT_JOB_TIMEOUT,
    resume: bool = True,
    overwrite: bool = False,
    progress: Progress | None = None,
    on_batch: Callable[[list[RowRecord]], None] | None = None,
    on_ordered_batch: Callable[[list[RowRecord]], None] | None = None,
) -> RunResult:
    """Score every row of ``source`` (a path, DataFrame, Arrow table, ``datasets.Dataset``, iterable
    of mappings or mapping of columns) with ``metric`` (default: ``Faithfulness()``), or with several metrics at
    once (a sequence): each row is read and validated once, and its record carries every metric's
    result (see :mod:`faithcheck._metrics.registry`).

    Rows without an ``input_id`` are numbered ``row-N`` by position as ``id_from_row`` says (by
    default when the data has no ``input_id`` column; see :func:`faithcheck._runs.io.readers.iter_source`),
    and their records say so in ``warnings``.

    With ``output``, results are written durably as they finish and an interrupted run resumes
    where it stopped (for the same input and configuration); without it, the records are
    returned in :attr:`RunResult.records` unless ``on_ordered_batch`` takes them: it receives each
    batch's records in input order as the batch completes (streaming to standard output uses it).
    ``progress`` is called with each finished record; ``on_batch`` with every group of records
    written (the run store uses it), the rows of the resumed run first, together with the first
    new rows: a run whose output was already complete calls it with nothing.
    """
    load_run_options(batch_size=batch_size, row_timeout=row_timeout, job_timeout=job_timeout)  # finite, in range
    metrics = as_metrics(metric)
    _check_input(source, metrics, input_format, column_map, id_from_row)
    started = time.perf_counter()
    sink = None
    if output is not None:
        sink = _open_sink(source, metrics, Path(output), output_format, resume=resume, overwrite=overwrite)
    taker = _RecordTaker(metrics, sink, progress, on_batch, collect=sink is None and on_ordered_batch is None)
    done = sink.done if sink else set()
    rows = (
        r
        for r in iter_source(source, fmt=input_format, column_map=column_map, id_from_row=id_from_row)
        if r.number not in done
    )
    status = "finished"
    files: list[Path] = []
    try:
        try:
            asyncio.run(_run_batches(metrics, rows, batch_size, row_timeout, job_timeout, taker.take, on_ordered_batch))
        except TimeoutError:
            status = "timeout"
        except DiskFullError:
            raise  # nothing more can be written; the journal holds whole lines only, for the resume
        except (KeyboardInterrupt, asyncio.CancelledError, RunStopped):
            taker.flush()  # what finished is kept for the resume
            raise
        taker.flush()
        if sink is not None:
            files = sink.finish() if status == "finished" else [sink.journal]
    finally:
        if sink is not None:
            sink.close()  # releases the output's lock at once, however the run ended
    wall = time.perf_counter() - started
    summary = taker.summary.result(wall_seconds=wall, status=status)
    summary.rows_per_second = (summary.rows - taker.resumed) / wall if wall > 0 else None  # rows scored now
    records = None if taker.collected is None else sorted(taker.collected, key=lambda r: int(r["row"]))
    return RunResult(summary=summary, files=files, records=records, resumed_rows=taker.resumed)


def _check_input(
    source: str | Path | Any,
    metrics: tuple[Metric, ...],
    input_format: FileFormat | None,
    column_map: dict[str, str] | None,
    id_from_row: bool | None,
) -> None:
    """Refuse an unknown file format or a source without the metrics' columns, before anything is written."""
    if isinstance(source, (str, Path)) and input_format is None:
        detect_format(Path(source))
    required = tuple(dict.fromkeys(c for m in metrics for c in m.required_columns))
    check_source(source, fmt=input_format, column_map=column_map, required=required, id_from_row=id_from_row)


def _open_sink(
    source: str | Path | Any,
    metrics: tuple[Metric, ...],
    path: Path,
    output_format: OutputFormat | None,
    *,
    resume: bool,
    overwrite: bool,
) -> ResultSink:
    """The output file's sink, which resumes a run of the same input and configuration."""
    if isinstance(source, (str, Path)) and _same_file(path, Path(source)):
        raise InputError("--output", f"{path} is the input file: results would replace your data; write elsewhere")
    fmt = output_format or output_format_for(path)
    meta = {
        "dataset_fingerprint": fingerprint(source),
        "config": run_config(metrics),
        "format": fmt,
        "versions": run_versions(metrics),
    }
    return ResultSink(path, fmt, meta=meta, resume=resume, overwrite=overwrite)


class _RecordTaker:
    """Where a run's records go as they finish: the summary, the returned list (``collect``), the
    output file and ``on_batch`` (in groups, at most every :data:`_FLUSH_ROWS` rows or
    :data:`_FLUSH_SECONDS`), and ``progress``. A resumed run's rows count in the summary, and
    ``on_batch`` sees them with the first new ones: a run that scores nothing new (its output was
    already complete) hands nothing on, so the run store records nothing."""

    def __init__(
        self,
        metrics: tuple[Metric, ...],
        sink: ResultSink | None,
        progress: Progress | None,
        on_batch: Callable[[list[RowRecord]], None] | None,
        *,
        collect: bool,
    ) -> None:
        first, *others = metrics
        self.summary = SummaryBuilder(
            threshold=first.threshold,
            bounds=(first.scale.low, first.scale.high),
            others={m.name: SummaryBuilder(m.threshold, bounds=(m.scale.low, m.scale.high)) for m in others},
        )
        self.collected: list[RowRecord] | None = [] if collect else None
        self._sink, self._progress, self._on_batch = sink, progress, on_batch
        self._pending: list[RowRecord] = []
        self._last_flush = time.monotonic()
        self.resumed = len(sink.done) if sink else 0
        if sink and self.resumed:
            for record in _journal_records(sink.journal):
                self.summary.add(record)
        self._resumed_handed = not self.resumed

    def take(self, record: RowRecord) -> None:
        self.summary.add(record)
        if self.collected is not None:
            self.collected.append(record)
        self._pending.append(record)
        if len(self._pending) >= _FLUSH_ROWS or time.monotonic() - self._last_flush >= _FLUSH_SECONDS:
            self.flush()
        if self._progress is not None:
            self._progress(record)

    def flush(self) -> None:
        pending, on_batch = self._pending, self._on_batch
        if on_batch is not None and pending and not self._resumed_handed:
            assert self._sink is not None
            _hand_on(_journal_records(self._sink.journal), on_batch)  # before the new rows join the journal
            self._resumed_handed = True
        if self._sink is not None:
            self._sink.write(pending)
        if on_batch is not None and pending:
            on_batch(list(pending))
        pending.clear()
        self._last_flush = time.monotonic()


async def _run_batches(
    metrics: tuple[Metric, ...],
    rows: Iterator[SourceRow],
    batch_size: int,
    row_timeout: float | None,
    job_timeout: float | None,
    on_record: Callable[[RowRecord], None],
    on_ordered_batch: Callable[[list[RowRecord]], None] | None,
) -> None:
    with deadline(job_timeout):  # stops the offline work in the rows' threads too
        async with asyncio.timeout(job_timeout):
            while batch := list(islice(rows, batch_size)):
                records = await score_batch_async(metrics, batch, row_timeout=row_timeout, on_record=on_record)
                if on_ordered_batch is not None:
                    on_ordered_batch(records)


def _hand_on(records: Iterator[RowRecord], on_batch: Callable[[list[RowRecord]], None]) -> None:
    """Pass ``records`` to ``on_batch`` in chunks of the default batch size."""
    while chunk := list(islice(records, DEFAULT_BATCH_SIZE)):
        on_batch(chunk)


def _journal_records(journal: Path) -> Iterator[RowRecord]:
    with journal.open(encoding="utf-8") as fh:
        for line in fh:
            yield json.loads(line)
