"""What a report shows, assembled from scored records and the dataset they were scored from.

A scored record (what ``faithcheck score`` writes) holds verdicts and character spans but not the
texts they point into; :func:`report_rows` joins each record with its dataset row (on the row
number) to get the question, the answer and the passages. A record whose dataset row is missing,
unreadable or no longer matches the claim spans keeps its verdicts and says why its text is not shown.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

import numpy as np
from pydantic import ValidationError

from faithcheck._core.errors import InputError
from faithcheck._core.records import OTHER_METRICS_KEY, MetricRecord, RowRecord, metric_records
from faithcheck._core.rows import case_from_row
from faithcheck._core.types import TestCase, Usage
from faithcheck._runs.io.readers import FileFormat, iter_source
from faithcheck._runs.store import RowDiff
from faithcheck._runs.summary import SummaryBuilder, score_bounds
from faithcheck._text.language import mismatch_warning

__all__ = [
    "HISTOGRAM_BINS",
    "NO_DATASET_NOTE",
    "ReportData",
    "calibration_summary",
    "histogram",
    "load_cases",
    "report_rows",
    "row_warnings",
    "scored_records",
]

HISTOGRAM_BINS = 20
NO_DATASET_NOTE = "the dataset was not given, so the texts are not shown"
"""A row's ``text_note`` when the report has no dataset to take the question, answer and passages from."""


@dataclass(frozen=True)
class ReportData:
    """Everything one report file holds; :func:`faithcheck._report.render_report` turns it into HTML.

    ``rows`` are the payloads of :func:`report_rows`; ``summary`` is a :class:`~faithcheck._runs.summary.RunSummary`
    as a dict; ``config`` and ``versions`` are those recorded with the run (empty for a file);
    ``diff`` the :class:`~faithcheck._runs.store.RowDiff` list of ``--diff``, or ``None``; ``diff_note``
    what the diff tab says first (the two runs read different dataset files), or ``None``.
    """

    title: str
    source: str
    rows: list[dict[str, Any]]
    summary: dict[str, Any]
    config: dict[str, Any] = field(default_factory=dict)
    versions: dict[str, Any] = field(default_factory=dict)
    run_id: str | None = None
    diff: list[RowDiff] | None = None
    diff_against: str | None = None
    diff_note: str | None = None
    notes: list[str] = field(default_factory=list)
    calibration: dict[str, Any] | None = None

    def payload(self) -> dict[str, Any]:
        """The JSON object the viewer reads."""
        return {
            "title": self.title,
            "source": self.source,
            "run_id": self.run_id,
            "summary": self.summary,
            "histogram": histogram(r["value"] for r in self.rows if r["status"] != "error"),
            "config": self.config,
            "versions": self.versions,
            "notes": self.notes,
            "rows": self.rows,
            "diff": None if self.diff is None else [_diff_payload(d) for d in self.diff],
            "diff_against": self.diff_against,
            "diff_note": self.diff_note,
            "calibration": self.calibration,
        }


def _diff_payload(d: RowDiff) -> dict[str, Any]:
    return {
        "kind": d.kind,
        "id": d.input_id,
        "row_a": d.row_a,
        "row_b": d.row_b,
        "value_a": d.value_a,
        "value_b": d.value_b,
        "delta": d.delta,
        "passed_a": d.passed_a,
        "passed_b": d.passed_b,
        "status_a": d.status_a,
        "status_b": d.status_b,
        "labels_a": None if d.labels_a is None else list(d.labels_a),
        "labels_b": None if d.labels_b is None else list(d.labels_b),
    }


def histogram(values: Iterable[float | None], bins: int = HISTOGRAM_BINS) -> list[int]:
    """Counts of ``values`` in ``bins`` equal bins over ``[0, 1]`` (``None`` skipped; 1.0 falls in the last).

    >>> histogram([0.0, 0.5, 1.0, None], bins=2)
    [1, 2]
    """
    data = np.array([v for v in values if v is not None], dtype=float)
    counts, _ = np.histogram(np.clip(data, 0.0, 1.0), bins=bins, range=(0.0, 1.0))
    return [int(c) for c in counts]


def scored_records(path: Path) -> Iterator[RowRecord]:
    """The records of a ``faithcheck score`` JSON lines output, one per line.

    Raises :class:`~faithcheck._core.errors.InputError` naming the line for one that is not a scored
    record, and the line and field for a record edited into one a report cannot show (a ``NaN``
    value, a verdict that is not an object, a claim that is a string, ...): a report never
    silently leaves a row out of its figures.
    """
    for number, row in enumerate(iter_source(path, fmt="jsonl"), start=1):
        if row.data is None:
            raise InputError("record", f"{row.error}; is {path} a `faithcheck score` output?", row=number)
        if not isinstance(row.data.get("row"), int) or "status" not in row.data:
            raise InputError(
                "row",
                f"line {number} of {path} is not a scored record (it needs `row` and `status`);"
                " pass the `faithcheck score` output, and the dataset with --input",
                row=number,
            )
        # typed once here: a line with a row number and a status is read as a record; every field a
        # report or summary uses is checked next, and one a later version added may be missing
        record = cast(RowRecord, row.data)
        if (problem := _record_problem(record)) is not None:
            field_name, what = problem
            input_id = record.get("input_id")
            raise InputError(
                field_name,
                f"{what}, on line {number} of {path} (was it edited by hand?)",
                row=record["row"],
                input_id=None if input_id is None else str(input_id),
            )
        yield record


def _record_problem(record: RowRecord) -> tuple[str, str] | None:
    """The first field of a scored record that a report or summary cannot use, and what is wrong
    with it; ``None`` for a sound record.

    >>> _record_problem({"row": 1, "status": "ok", "value": float("nan"), "claims": []})
    ('value', 'NaN or infinity is not a number a report can show: write a number or null')
    >>> _record_problem({"row": 1, "status": "ok", "value": 1.0, "claims": [{"verdict": "supported"}]})
    ('claims[0].verdict', "must be an object with a 'label', got a string")
    """
    if (where := _non_finite(record)) is not None:
        return where, "NaN or infinity is not a number a report can show: write a number or null"
    for name, result in metric_records(record):
        prefix = "" if result is record else f"{OTHER_METRICS_KEY}.{name}."
        if (problem := _metric_problem(result)) is not None:
            return prefix + problem[0], problem[1]
    return None


def _non_finite(record: Mapping[str, Any]) -> str | None:
    """Where ``record`` holds a NaN or an infinity (``claims[0].verdict.score``), if anywhere."""
    stack: list[tuple[str, Any]] = [("", record)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, float) and not math.isfinite(value):
            return where
        if isinstance(value, Mapping):
            stack.extend((f"{where}.{key}" if where else str(key), item) for key, item in value.items())
        elif isinstance(value, list):
            stack.extend((f"{where}[{i}]", item) for i, item in enumerate(value))
    return None


def _metric_problem(result: Mapping[str, Any]) -> tuple[str, str] | None:
    """The first field of one metric's record that has the wrong type, and why (it reads the record
    as the raw JSON it was read from: any field may hold anything)."""
    if not isinstance(result.get("status", ""), str):
        return "status", f"must be a string such as 'ok' or 'error', got {_kind(result['status'])}"
    for key in ("value", "unit_value", "threshold", "context_utilisation"):
        if not _number_or_null(result.get(key)):
            return key, f"must be a number or null, got {_kind(result[key])}"
    if "weight" in result and (result["weight"] is None or not _number_or_null(result["weight"])):
        return "weight", f"must be a number, got {_kind(result['weight'])}"
    warnings = result.get("warnings")
    if warnings is not None and not (isinstance(warnings, list) and all(isinstance(w, str) for w in warnings)):
        return "warnings", f"must be a list of strings, got {_kind(warnings)}"
    if result.get("usage") is not None:
        try:
            Usage.model_validate(result["usage"])
        except ValidationError as exc:
            first = exc.errors()[0]
            return ".".join(str(part) for part in ("usage", *first["loc"])), str(first["msg"])
    claims = result.get("claims")
    if claims is not None and not isinstance(claims, list):
        return "claims", f"must be a list of claims, got {_kind(claims)}"
    for i, item in enumerate(claims or []):
        if (problem := _claim_problem(item)) is not None:
            return f"claims[{i}]{problem[0]}", problem[1]
    return None


def _claim_problem(item: Any) -> tuple[str, str] | None:
    """What is wrong with one item of a record's ``claims`` (where inside it, and why), if anything."""
    if not isinstance(item, Mapping):
        return "", f"must be an object (a claim and its verdict), got {_kind(item)}"
    for key, wanted in (("claim", "an object with its 'text'"), ("verdict", "an object with a 'label'")):
        if item.get(key) is not None and not isinstance(item[key], Mapping):
            return f".{key}", f"must be {wanted}, got {_kind(item[key])}"
    verdict = item.get("verdict")
    if verdict is None:
        return None
    if not isinstance(verdict.get("label"), str):
        return ".verdict.label", f"must be a verdict label (a string), got {_kind(verdict.get('label'))}"
    if not _number_or_null(verdict.get("score")):
        return ".verdict.score", f"must be a number or null, got {_kind(verdict['score'])}"
    return None


def _number_or_null(value: Any) -> bool:
    return value is None or (isinstance(value, int | float) and not isinstance(value, bool))


def _kind(value: Any) -> str:
    """How a message names the JSON type of ``value``: ``a string``, ``a list``, ``null``."""
    if value is None:
        return "null"
    names = {bool: "a boolean", str: "a string", int: "a number", float: "a number", list: "a list", dict: "an object"}
    return names.get(type(value), f"a {type(value).__name__}")


def load_cases(
    path: Path, *, fmt: FileFormat | None = None, column_map: Mapping[str, str] | None = None
) -> dict[int, TestCase | str]:
    """The dataset rows of ``path`` by row number: a :class:`TestCase`, or why that row cannot be read."""
    cases: dict[int, TestCase | str] = {}
    for row in iter_source(path, fmt=fmt, column_map=column_map):
        if row.data is None:
            cases[row.number] = row.error or "unreadable row"
            continue
        try:
            cases[row.number] = case_from_row(row.data, row.number)
        except InputError as exc:
            cases[row.number] = str(exc)
    return cases


def _claim_payload(item: Mapping[str, Any]) -> dict[str, Any]:
    claim = item.get("claim") or {}
    verdict = item.get("verdict") or None
    evidence = _evidence_set(verdict or {})
    return {
        "id": claim.get("id"),
        "text": claim.get("text", ""),
        "s": claim.get("start"),
        "e": claim.get("end"),
        "label": None if verdict is None else verdict.get("label"),
        "score": None if verdict is None else verdict.get("score"),
        "reason": None if verdict is None else verdict.get("reason"),
        "uncertain": bool(verdict and verdict.get("uncertain")),
        "error": item.get("error"),
        "ev": [
            {"p": e.get("passage_index"), "s": e.get("start"), "e": e.get("end"), "q": e.get("quote", "")}
            for e in evidence
        ],
    }


def _evidence_set(verdict: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Every sentence a verdict rests on (``evidence_set``, in reading order); a record written
    before verdicts had one (or by hand) has only its ``evidence``."""
    evidence = [e for e in verdict.get("evidence_set") or [] if isinstance(e, Mapping)]
    if not evidence and isinstance(verdict.get("evidence"), Mapping):
        evidence = [verdict["evidence"]]
    return evidence


def _spans_match(answer: str, claims: Sequence[Mapping[str, Any]]) -> bool:
    for c in claims:
        s, e = c["s"], c["e"]
        if isinstance(s, int) and isinstance(e, int) and answer[s:e] != c["text"]:
            return False
    return True


def report_rows(records: Iterable[RowRecord], cases: Mapping[int, TestCase | str] | None) -> list[dict[str, Any]]:
    """One viewer payload per scored record, joined with its dataset row in ``cases`` (``None``: no dataset).

    >>> from faithcheck._core.types import TestCase
    >>> case = TestCase(input_id="q", prompt="Q?", sut_response="A.", retrieved_context=["A."])
    >>> rec = {"row": 1, "input_id": "q", "value": 1.0, "passed": True, "status": "ok", "claims": []}
    >>> row = report_rows([rec], {1: case})[0]
    >>> (row["q"], row["a"], row["p"], row["text_note"])
    ('Q?', 'A.', ['A.'], None)
    """
    out: list[dict[str, Any]] = []
    for record in records:
        number = int(record["row"])
        claims = [_claim_payload(c) for c in record.get("claims") or [] if isinstance(c, Mapping)]
        case = None if cases is None else cases.get(number)
        note: str | None = None
        question = answer = history = ""
        passages: list[str] = []
        if cases is None:
            note = NO_DATASET_NOTE
        elif case is None:
            note = f"row {number} is not in the dataset file"
        elif isinstance(case, str):
            note = f"the dataset row cannot be read: {case}"
        elif record.get("input_id") is not None and str(record.get("input_id")) != case.input_id:
            note = (
                f"the dataset's row {number} has input_id {case.input_id!r}, not {record.get('input_id')!r}:"
                " the dataset changed since the run"
            )
        elif not _spans_match(case.sut_response, claims):
            note = "the answer in the dataset no longer matches the claim spans: the dataset changed since the run"
        else:
            question, answer, history, passages = case.question, case.sut_response, case.history, case.evidence
        out.append(
            {
                "row": number,
                "id": None if record.get("input_id") is None else str(record.get("input_id")),
                "value": record.get("value"),
                "passed": bool(record.get("passed")),
                "status": str(record.get("status") or "error"),
                "reason": record.get("reason"),
                "message": record.get("message"),
                "q": question,
                "h": history,
                "a": answer,
                "p": passages,
                "c": claims,
                "m": _other_metrics(record),
                "text_note": note,
                "w": row_warnings(record),
            }
        )
    return out


def row_warnings(record: MetricRecord) -> list[str]:
    """What a report marks on a row: its record's ``warnings``, and for a record written before
    records carried them, the language mismatch its ``lang`` and ``detected_lang`` show.

    >>> row_warnings({"lang": "en", "detected_lang": "de"})
    ['the row looks German (de) but was scored as English (en): use --lang de or --lang auto']
    >>> row_warnings({"lang": "de", "detected_lang": "de", "warnings": []})
    []
    """
    warnings = [str(w) for w in record.get("warnings") or []]
    detected, lang = record.get("detected_lang"), record.get("lang")
    derived = mismatch_warning(str(detected) if detected else None, str(lang) if lang else None)
    if derived is not None and derived not in warnings:
        warnings.insert(0, derived)
    return warnings


def _other_metrics(record: RowRecord) -> list[dict[str, Any]]:
    """The row's other metrics (``--metrics`` naming several): value, verdict and statements."""
    return [
        {
            "name": name,
            "value": other.get("value"),
            "passed": bool(other.get("passed")),
            "status": str(other.get("status") or "error"),
            "reason": other.get("reason"),
            "message": other.get("message"),
            "c": [_claim_payload(c) for c in other.get("claims") or [] if isinstance(c, Mapping)],
        }
        for name, other in list(metric_records(record))[1:]
    ]


def summarise(
    records: Iterable[RowRecord], threshold: float | None, config: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The :class:`~faithcheck._runs.summary.RunSummary` of ``records``, as a dict, the way ``faithcheck score``
    sums up.

    ``config`` is the run's configuration (from the run store), whose scales bound the confidence
    intervals; without it (a scores file) they are not cut.
    """
    builder: SummaryBuilder | None = None
    for record in records:
        if builder is None:  # a multi-metric run's other metrics, from its first record
            others = {
                name: SummaryBuilder(float(r.get("threshold") or 0.0), bounds=_bounds(config, name))
                for name, r in list(metric_records(record))[1:]
            }
            first = str(record.get("metric_name") or "")
            builder = SummaryBuilder(threshold=threshold, others=others, bounds=_bounds(config, first))
        builder.add(record)
    builder = builder or SummaryBuilder(threshold=threshold)
    return builder.result(wall_seconds=0.0).to_dict()


def _bounds(config: Mapping[str, Any] | None, metric_name: str) -> tuple[float, float] | None:
    """The range of ``metric_name``'s values in a run of ``config`` (one metric's, or several by name)."""
    if config is None:
        return None
    several = config.get(OTHER_METRICS_KEY)
    if isinstance(several, Mapping):
        own = several.get(metric_name)
        return score_bounds(own) if isinstance(own, Mapping) else None
    return score_bounds(config)


def calibration_summary(path: Path) -> dict[str, Any]:
    """What the report shows of a calibration file: where it was fitted, its threshold, the
    balanced accuracy and ECE before and after, and its reliability bins.

    Raises :class:`~faithcheck._core.errors.InputError` naming the file when it is not one.
    """
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InputError("calibration", f"cannot read {path}: {exc}") from None
    if not isinstance(data, dict) or "faithcheck_calibration" not in data:
        raise InputError("calibration", f"{path} is not a faithcheck calibration file")
    keep = ("threshold", "fitted_on", "folds", "before_threshold", "before", "after", "reliability")
    return {"file": str(path), **{k: data.get(k) for k in keep}}
