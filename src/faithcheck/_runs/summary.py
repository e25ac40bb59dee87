"""The end-of-run summary, accumulated row by row in bounded memory."""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from faithcheck._core.records import MetricRecord, RowRecord, metric_records
from faithcheck._core.rows import CONTEXT_STRING_WARNING, ID_FROM_ROW_WARNING
from faithcheck._core.types import Usage
from faithcheck._text.language import SUPPORTED, describe_language, mismatch_warning

__all__ = [
    "RunSummary",
    "SummaryBuilder",
    "language_warning",
    "row_warning_line",
    "score_bounds",
    "short_text",
    "t_critical_975",
]

_WORST = 5
# Two-sided 95% Student t quantiles for 1..30 degrees of freedom; the normal value beyond.
_T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145,
         2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048,
         2.045, 2.042]  # fmt: skip


def t_critical_975(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom.

    >>> t_critical_975(10), t_critical_975(1000)
    (2.228, 1.96)
    """
    if df < 1:
        raise ValueError("df must be at least 1")
    return _T975[df - 1] if df <= len(_T975) else 1.96


def score_bounds(config: Mapping[str, Any]) -> tuple[float, float]:
    """The range of a metric's row values, from its configuration (as a dict): ``min`` to ``max``
    on a scaled metric, 0 to 1 on one without a scale.

    >>> score_bounds({"min": 0, "max": 10}), score_bounds({"threshold": 0.5})
    ((0.0, 10.0), (0.0, 1.0))
    """
    low, high = config.get("min", 0.0), config.get("max", 1.0)
    if not isinstance(low, int | float) or not isinstance(high, int | float) or not high > low:
        return (0.0, 1.0)
    return (float(low), float(high))


@dataclass
class RunSummary:
    """What a run produced. ``mean`` is weighted by each row's ``weight``; the 95% confidence
    interval is Student-t over the scored rows (``error`` rows are excluded from both), cut to
    the score's range when the builder knows it (a mean of scores in [0, 1] is never below 0)."""

    rows: int = 0
    scored: int = 0
    statuses: dict[str, int] = field(default_factory=dict)
    mean: float | None = None
    ci95: tuple[float, float] | None = None
    passed: int = 0
    pass_rate: float | None = None
    threshold: float | None = None
    labels: dict[str, int] = field(default_factory=dict)
    worst: list[dict[str, Any]] = field(default_factory=list)
    """The few lowest-scoring failing rows (not passed, or below a perfect score), lowest first."""
    errors: list[dict[str, Any]] = field(default_factory=list)
    usage: Usage = field(default_factory=Usage)
    """Usage summed over rows (``wall_seconds`` there is the total time spent in rows)."""
    wall_seconds: float = 0.0
    rows_per_second: float | None = None
    status: str = "finished"
    language_mismatches: list[dict[str, Any]] = field(default_factory=list)
    """Rows scored in a language other than the one detected in them, by pair, most first:
    ``{"detected_lang": "de", "lang": "en", "rows": 12}``."""
    language_warnings: list[str] = field(default_factory=list)
    """One sentence per entry of ``language_mismatches``, saying what to do."""
    row_warnings: dict[str, int] = field(default_factory=dict)
    """How many rows carry each warning of their records' ``warnings``, most first (language
    mismatches are in ``language_mismatches`` instead)."""
    warnings: list[str] = field(default_factory=list)
    """One sentence per entry of ``row_warnings``, for the end-of-run summary."""
    context_utilisation: float | None = None
    """Mean over rows of the share of passages that support at least one claim (faithfulness)."""
    metrics: dict[str, RunSummary] = field(default_factory=dict)
    """When a run scores several metrics: the summary of each metric after the first, by name
    (this summary is the first metric's)."""

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out["ci95"] = list(self.ci95) if self.ci95 else None
        out["usage"] = self.usage.model_dump()
        out["metrics"] = {name: other.to_dict() for name, other in self.metrics.items()}
        return out


class SummaryBuilder:
    """Feeds on result records; keeps counters, sums and the few worst rows only.

    ``bounds`` is the range a row's value can take (its scale's ``min`` and ``max``), which the
    confidence interval is cut to. ``others`` maps the names of a run's second and later metrics
    to their own builders: their records (under ``"metrics"`` in each row's record) get a summary
    each.
    """

    def __init__(
        self,
        threshold: float | None = None,
        max_errors: int = 20,
        others: Mapping[str, SummaryBuilder] | None = None,
        bounds: tuple[float, float] | None = None,
    ):
        self._summary = RunSummary(threshold=threshold)
        self._others = dict(others or {})
        self._bounds = bounds
        self._utilisation: list[float] = [0.0, 0.0]  # sum, rows
        self._statuses: Counter[str] = Counter()
        self._labels: Counter[str] = Counter()
        self._mismatches: Counter[tuple[str, str]] = Counter()
        self._row_warnings: Counter[str] = Counter()
        self._n = 0
        self._sum = 0.0
        self._sum_sq = 0.0
        self._wsum = 0.0
        self._wvalue = 0.0
        self._worst: list[tuple[float, int, dict[str, Any]]] = []
        self._max_errors = max_errors

    def add(self, record: RowRecord) -> None:
        row = record.get("row")
        for name, other in metric_records(record):
            if name in self._others:
                self._others[name].add_one(other, row)
        self.add_one(record, row)

    def add_one(self, record: MetricRecord, row: int | None) -> None:
        """Add one metric's record of the row numbered ``row``."""
        s = self._summary
        s.rows += 1
        status = str(record.get("status"))
        self._statuses[status] += 1
        for claim in record.get("claims") or []:
            verdict = claim.get("verdict")
            self._labels[verdict["label"] if verdict else "no verdict"] += 1
        detected, lang = record.get("detected_lang"), record.get("lang")
        if detected and lang and detected != lang:
            self._mismatches[(str(detected), str(lang))] += 1
        # a language mismatch is counted from the fields above (records written before rows
        # carried its warning have them too) and said by language_warnings, not twice
        said = mismatch_warning(str(detected) if detected else None, str(lang) if lang else None)
        for warning in dict.fromkeys(record.get("warnings") or []):
            if warning != said:
                self._row_warnings[str(warning)] += 1
        if usage := record.get("usage"):
            s.usage = s.usage + Usage.model_validate(usage)
        if (used := record.get("context_utilisation")) is not None:
            self._utilisation[0] += float(used)
            self._utilisation[1] += 1
        value = record.get("value")
        if status == "error" or value is None:
            if len(s.errors) < self._max_errors:
                s.errors.append({"row": row, "input_id": record.get("input_id"), "message": record.get("message")})
            return
        value = float(value)
        weight = float(record.get("weight", 1.0))
        self._n += 1
        self._sum += value
        self._sum_sq += value * value
        self._wsum += weight
        self._wvalue += weight * value
        if record.get("passed"):
            s.passed += 1
        if record.get("passed") and self._perfect(record, value):
            return  # the lowest-scoring rows are failing rows only
        entry = {
            "row": row,
            "input_id": record.get("input_id"),
            "value": value,
            "reason": record.get("reason"),
        }
        # a max-heap of the lowest values, by negating: bounded memory for any dataset size
        item = (-value, -int(row or 0), entry)
        if len(self._worst) < _WORST:
            heapq.heappush(self._worst, item)
        elif item > self._worst[0]:
            heapq.heapreplace(self._worst, item)

    def _perfect(self, record: MetricRecord, value: float) -> bool:
        """Whether a row scored the best a row can: all of its claims hold (``unit_value`` 1), or
        without a ``unit_value``, its value is the top of the scale."""
        unit = record.get("unit_value")
        if unit is not None:
            return float(unit) >= 1.0
        return value >= (self._bounds or (0.0, 1.0))[1]

    def result(self, *, wall_seconds: float, status: str = "finished") -> RunSummary:
        s = self._summary
        s.statuses = dict(self._statuses)
        s.labels = dict(self._labels.most_common())
        s.scored = self._n
        s.wall_seconds = wall_seconds
        s.status = status
        s.rows_per_second = s.rows / wall_seconds if wall_seconds > 0 else None
        if self._n:
            s.mean = self._wvalue / self._wsum if self._wsum > 0 else self._sum / self._n
            s.pass_rate = s.passed / self._n
            if self._n > 1:
                plain_mean = self._sum / self._n
                variance = max(0.0, (self._sum_sq - self._n * plain_mean**2) / (self._n - 1))
                half = t_critical_975(self._n - 1) * math.sqrt(variance / self._n)
                low, high = s.mean - half, s.mean + half
                if self._bounds is not None:
                    low, high = max(low, self._bounds[0]), min(high, self._bounds[1])
                s.ci95 = (low, high)
        s.worst = [entry for _, _, entry in sorted(self._worst, reverse=True)]
        ranked = sorted(self._mismatches.items(), key=lambda item: (-item[1], item[0]))
        s.language_mismatches = [{"detected_lang": d, "lang": lang, "rows": n} for (d, lang), n in ranked]
        s.language_warnings = [language_warning(d, lang, n) for (d, lang), n in ranked]
        s.row_warnings = dict(sorted(self._row_warnings.items(), key=lambda item: (-item[1], item[0])))
        s.warnings = [row_warning_line(text, n) for text, n in s.row_warnings.items()]
        total, rows = self._utilisation
        s.context_utilisation = total / rows if rows else None
        s.metrics = {name: b.result(wall_seconds=wall_seconds, status=status) for name, b in self._others.items()}
        return s


def language_warning(detected: str, lang: str, rows: int) -> str:
    """What to tell a user whose ``rows`` rows look ``detected`` but were scored as ``lang``.

    >>> language_warning("de", "en", 12)
    '12 rows look German (de) but lang is en: use --lang de or --lang auto'
    >>> language_warning("es", "en", 1)
    '1 row looks Spanish (es) but lang is en: faithcheck scores only en, de and fr, so its score is unreliable'
    """
    head = f"{rows} row looks" if rows == 1 else f"{rows} rows look"
    head += f" {describe_language(detected)} but lang is {lang}"
    if detected in SUPPORTED:
        return f"{head}: use --lang {detected} or --lang auto"
    them = "its score is" if rows == 1 else "their scores are"
    return f"{head}: faithcheck scores only {', '.join(SUPPORTED[:-1])} and {SUPPORTED[-1]}, so {them} unreliable"


def row_warning_line(warning: str, rows: int) -> str:
    """The summary's sentence for ``rows`` rows whose records carry ``warning``.

    >>> row_warning_line("retrieved_context was one string: it was read as one passage", 12)
    '12 rows gave retrieved_context as one string: each was read as one passage'
    >>> row_warning_line("something else", 1)
    '1 row: something else'
    """
    if warning == CONTEXT_STRING_WARNING:
        if rows == 1:
            return "1 row gave retrieved_context as one string: it was read as one passage"
        return f"{rows} rows gave retrieved_context as one string: each was read as one passage"
    if warning == ID_FROM_ROW_WARNING:
        which = "1 row had" if rows == 1 else f"{rows} rows had"
        return (
            f"{which} no input_id: numbered by position (row-1, row-2, ...); such ids change when rows are "
            "added or removed, so map an id column (--map COL=input_id) to compare runs of edited files"
        )
    return f"{rows} {'row' if rows == 1 else 'rows'}: {warning}"


def short_text(text: str, width: int = 150) -> str:
    """``text`` on one line in at most ``width`` characters, cut after a whole word with an
    ellipsis when it is longer.

    >>> short_text("The claim is not supported by the context.", 30)
    'The claim is not supported by…'
    >>> short_text("Supported.", 30)
    'Supported.'
    """
    flat = " ".join(text.split())
    if len(flat) <= width:
        return flat
    cut = flat[: width - 1]
    if flat[width - 1] != " " and " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:") + "…"
