"""Fit faithcheck's row scores to a team's own gold labels: ``faithcheck calibrate``.

:func:`calibrate` takes row scores and gold labels (``True`` = the answer is faithful) and returns a
:class:`CalibrationResult`: an isotonic map from the row score to P(faithful) and the threshold on
that probability that maximises balanced accuracy, with the metrics of the run's own decision
("before") and of the calibrated decision ("after"). The "after" figures are cross-validated: each
row is decided by a map and a threshold fitted on the other folds, so no figure is fitted on itself.
Every figure has a 95% interval from a stratified bootstrap (the faithful and the unfaithful rows are
resampled separately, so every resample has both classes).

The statistics are scikit-learn's (metrics, isotonic regression, folds) and SciPy's (bootstrap,
ranks); ECE is the usual 10-bin expected calibration error. The written :class:`Calibration`
is what ``faithcheck score --calibration FILE`` and ``Faithfulness(calibration=FILE)`` apply.
"""

from __future__ import annotations

import csv
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Final

import numpy as np
from numpy.typing import ArrayLike, NDArray

from faithcheck._core.errors import ConfigError, FaithcheckError, InputError

__all__ = [
    "ADVISED_PER_CLASS",
    "FORMAT_VERSION",
    "Calibration",
    "CalibrationResult",
    "Interval",
    "calibrate",
    "decision_figures",
    "expected_calibration_error",
    "load_calibration",
    "parse_gold",
    "read_gold_labels",
    "reliability_svg",
    "too_few_labels",
]

FORMAT_VERSION: Final = 1
ECE_BINS: Final = 10
METRICS: Final = ("balanced_accuracy", "precision", "recall", "f1", "roc_auc", "ece", "tp", "fp", "fn", "tn")
"""The figures of :attr:`CalibrationResult.before` and ``after``; positive is *faithful* (tp: a
faithful answer that passed, fp: an unfaithful one that passed)."""
_TRUE: Final = frozenset({"true", "1", "yes", "faithful", "pass", "passed"})
_FALSE: Final = frozenset({"false", "0", "no", "not faithful", "not_faithful", "unfaithful", "fail", "failed"})
_MIN_PER_CLASS: Final = 2
ADVISED_PER_CLASS: Final = 30
"""Labelled rows of each class (faithful, not faithful) below which ``faithcheck calibrate`` warns:
with fewer, each cross-validation fold holds a handful of rows of the smaller class, and the
threshold, the figures and their bootstrap intervals move with every label."""

FloatArray = NDArray[np.float64]
BoolArray = NDArray[np.bool_]


class CalibrationError(FaithcheckError, ValueError):
    """The labels cannot support a calibration (too few rows of a class, no overlap with the scores)."""


@dataclass(frozen=True)
class Interval:
    """A figure with its 95% bootstrap interval (``low``/``high`` are ``None`` when it has none)."""

    value: float
    low: float | None
    high: float | None

    def __str__(self) -> str:
        if self.low is None or self.high is None:
            return f"{self.value:.3f}"
        return f"{self.value:.3f} [{self.low:.3f}, {self.high:.3f}]"


@dataclass(frozen=True)
class Calibration:
    """What ``faithcheck score --calibration FILE`` applies: the isotonic map ``x`` → ``y`` from the
    row's faithfulness (the unit score, 0 to 1) to P(faithful), read by linear interpolation and
    clipped at the ends, and the ``threshold`` on that probability from which a row passes.

    >>> cal = Calibration(threshold=0.5, x=(0.0, 0.5, 1.0), y=(0.1, 0.3, 0.9))
    >>> round(cal.probability(0.75), 3), cal.probability(2.0)
    (0.6, 0.9)
    """

    threshold: float
    x: tuple[float, ...]
    y: tuple[float, ...]

    def __post_init__(self) -> None:
        if not 0.0 <= self.threshold <= 1.0:
            raise ValueError(f"threshold must lie in [0, 1], got {self.threshold}")
        if len(self.x) != len(self.y) or not self.x:
            raise ValueError("x and y must be non-empty and of the same length")
        if any(b < a for a, b in zip(self.x, self.x[1:], strict=False)) or any(
            b < a for a, b in zip(self.y, self.y[1:], strict=False)
        ):
            raise ValueError("the map must be non-decreasing in x and in y")
        if not all(0.0 <= v <= 1.0 for v in self.y):
            raise ValueError("the map's probabilities y must lie in [0, 1]")

    def probability(self, score: float) -> float:
        """P(faithful) of a row whose unit score is ``score``."""
        return float(np.interp(score, self.x, self.y))


@dataclass(frozen=True)
class CalibrationResult:
    """What :func:`calibrate` found. ``before`` and ``after`` map each name of :data:`METRICS` to an
    :class:`Interval`; ``reliability`` holds, per bin of predicted probability, the rows, the mean
    prediction and the share that is faithful, for the raw score and for the calibrated probability
    (cross-validated)."""

    calibration: Calibration
    rows: int
    faithful: int
    folds: int
    fold_thresholds: tuple[float, ...]
    before_threshold: float | None
    before: dict[str, Interval]
    after: dict[str, Interval]
    reliability: dict[str, list[dict[str, float]]]

    def to_json(self, **provenance: Any) -> dict[str, Any]:
        """The calibration file's content (``provenance``: where the scores and labels came from)."""
        return {
            "faithcheck_calibration": FORMAT_VERSION,
            "threshold": self.calibration.threshold,
            "score_map": {"x": list(self.calibration.x), "y": list(self.calibration.y)},
            "fitted_on": {"rows": self.rows, "faithful": self.faithful, **provenance},
            "folds": self.folds,
            "fold_thresholds": list(self.fold_thresholds),
            "before_threshold": self.before_threshold,
            "before": {k: asdict(v) for k, v in self.before.items()},
            "after": {k: asdict(v) for k, v in self.after.items()},
            "reliability": self.reliability,
        }


def load_calibration(path: str | Path) -> Calibration:
    """The :class:`Calibration` in a file that ``faithcheck calibrate`` wrote.

    Raises :class:`~faithcheck._core.errors.ConfigError`, naming the file, when it cannot be read or is not one.
    """
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ConfigError(f"calibration: cannot read {path}: {exc}") from None
    if not isinstance(data, dict) or data.get("faithcheck_calibration") != FORMAT_VERSION:
        raise ConfigError(
            f"calibration: {path} is not a faithcheck calibration file (write one with faithcheck calibrate)"
        )
    try:
        score_map = data["score_map"]
        return Calibration(
            threshold=float(data["threshold"]),
            x=tuple(float(v) for v in score_map["x"]),
            y=tuple(float(v) for v in score_map["y"]),
        )
    except (KeyError, TypeError, ValueError) as exc:
        raise ConfigError(f"calibration: {path} is damaged ({exc}); write it again with faithcheck calibrate") from None


# -- gold labels ---------------------------------------------------------------------------------


def parse_gold(value: Any) -> bool | None:
    """A gold label as ``True`` (faithful) or ``False``; ``None`` for a value that is not one.

    >>> parse_gold("not faithful"), parse_gold(1), parse_gold(True), parse_gold("maybe")
    (False, True, True, None)
    """
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and value in (0, 1):
        return bool(value)
    if isinstance(value, str):
        text = value.strip().lower()
        if text in _TRUE:
            return True
        if text in _FALSE:
            return False
    return None


def read_gold_labels(path: Path) -> dict[str, bool]:
    """Gold labels by ``input_id`` from a JSON lines file (what the report's viewer downloads) or a
    CSV file, each row with ``input_id`` and ``gold`` (true/false, 1/0, faithful/not faithful).

    A row without them, or two rows that disagree about one ``input_id``, raise
    :class:`~faithcheck._core.errors.InputError` naming the line.
    """
    rows: list[tuple[int, Any]] = []
    try:
        with path.open(encoding="utf-8", newline="") as fh:
            if path.suffix.lower() == ".csv":
                rows = [(n, r) for n, r in enumerate(csv.DictReader(fh), start=2)]
            else:
                for n, line in enumerate(fh, start=1):
                    if line.strip():
                        try:
                            rows.append((n, json.loads(line)))
                        except json.JSONDecodeError as exc:
                            raise InputError("labels", f"line {n} of {path} is not JSON: {exc.msg}", row=n) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError("labels", f"cannot read {path}: {exc}") from None
    gold: dict[str, bool] = {}
    for n, row in rows:
        if not isinstance(row, Mapping) or row.get("input_id") in (None, ""):
            raise InputError("input_id", f"line {n} of {path} has no input_id", row=n)
        input_id = str(row["input_id"])
        if "gold" not in row:
            fields = ", ".join(str(k) for k in row)
            raise InputError(
                "gold",
                f"line {n} of {path} has no 'gold' field (its fields: {fields}); write the label there,"
                " as the report's 'Download labels' does",
                row=n,
                input_id=input_id,
            )
        label = parse_gold(row["gold"])
        if label is None:
            raise InputError(
                "gold",
                f"line {n} of {path}: {row.get('gold')!r} is not a gold label"
                " (use true/false, 1/0, faithful/not faithful)",
                row=n,
                input_id=input_id,
            )
        if gold.get(input_id, label) != label:
            raise InputError(
                "gold", f"line {n} of {path} contradicts an earlier label of the same row", row=n, input_id=input_id
            )
        gold[input_id] = label
    return gold


# -- statistics ----------------------------------------------------------------------------------


def expected_calibration_error(probability: ArrayLike, gold: ArrayLike, bins: int = ECE_BINS) -> float:
    """Expected calibration error: over ``bins`` equal-width bins of predicted probability, the
    row-weighted mean gap between the mean prediction and the share of faithful rows.

    >>> round(expected_calibration_error([0.9, 0.9, 0.1, 0.1], [True, False, False, False]), 3)
    0.25
    """
    p = np.asarray(probability, dtype=float)[None, :]
    y = np.asarray(gold, dtype=float)[None, :]
    return float(_ece(p, y, bins)[0])


def _ece(p: FloatArray, y: FloatArray, bins: int = ECE_BINS) -> FloatArray:
    """ECE of each row of ``p`` (resamples × rows) against ``y`` of the same shape."""
    index = np.clip((p * bins).astype(int), 0, bins - 1)
    total = np.zeros(p.shape[0])
    for b in range(bins):
        mask = index == b
        count = mask.sum(axis=-1)
        with np.errstate(invalid="ignore", divide="ignore"):
            gap = np.abs((p * mask).sum(axis=-1) - (y * mask).sum(axis=-1))
        total += np.where(count > 0, gap, 0.0)
    result: FloatArray = total / p.shape[-1]
    return result


def _figures(y: FloatArray, passed: FloatArray, score: FloatArray, probability: FloatArray) -> FloatArray:
    """The :data:`METRICS` of each resample (rows of the 2-d inputs), vectorised, zero where undefined."""
    from scipy.stats import rankdata

    tp = (passed * y).sum(axis=-1)
    fp = (passed * (1 - y)).sum(axis=-1)
    fn = ((1 - passed) * y).sum(axis=-1)
    tn = ((1 - passed) * (1 - y)).sum(axis=-1)
    with np.errstate(invalid="ignore", divide="ignore"):
        recall = np.nan_to_num(tp / (tp + fn))
        specificity = np.nan_to_num(tn / (tn + fp))
        precision = np.nan_to_num(tp / (tp + fp))
        f1 = np.nan_to_num(2 * tp / (2 * tp + fp + fn))
        positives = y.sum(axis=-1)
        negatives = y.shape[-1] - positives
        ranks = rankdata(score, axis=-1)  # ties share their mean rank: the Mann-Whitney form of ROC AUC
        auc = np.nan_to_num(((ranks * y).sum(axis=-1) - positives * (positives + 1) / 2) / (positives * negatives))
    return np.stack([(recall + specificity) / 2, precision, recall, f1, auc, _ece(probability, y), tp, fp, fn, tn])


def decision_figures(
    gold: ArrayLike, decisions: ArrayLike, score: ArrayLike, probability: ArrayLike, resamples: int, seed: int
) -> dict[str, Interval]:
    """The :data:`METRICS` of ``decisions`` (True: passed, judged faithful) against ``gold``, with ROC AUC
    from ``score`` and ECE from ``probability``: point figures from scikit-learn, 95% intervals from
    SciPy's percentile bootstrap, stratified by gold class, ``resamples`` times (0: no intervals).

    >>> figures = decision_figures(np.array([True, True, False, False]), np.array([True, False, False, False]),
    ...                            np.array([0.9, 0.4, 0.3, 0.1]), np.array([0.9, 0.4, 0.3, 0.1]), 0, 0)
    >>> figures["balanced_accuracy"].value, figures["roc_auc"].value, figures["tp"].value
    (0.75, 1.0, 1.0)
    """
    from scipy.stats import bootstrap
    from sklearn.metrics import (
        balanced_accuracy_score,
        confusion_matrix,
        precision_recall_fscore_support,
        roc_auc_score,
    )

    y, passed = np.asarray(gold, dtype=bool), np.asarray(decisions, dtype=bool)
    if min(int(y.sum()), int((~y).sum())) < _MIN_PER_CLASS:
        raise CalibrationError(
            f"the figures need at least {_MIN_PER_CLASS} faithful and {_MIN_PER_CLASS} not faithful rows"
        )
    score, probability = np.asarray(score, dtype=float), np.asarray(probability, dtype=float)
    yf, pf = y.astype(float), passed.astype(float)
    precision, recall, f1, _ = precision_recall_fscore_support(y, passed, average="binary", zero_division=0)
    tn, fp, fn, tp = confusion_matrix(y, passed, labels=[False, True]).ravel()
    point = {
        "balanced_accuracy": float(balanced_accuracy_score(y, passed)),
        "precision": float(precision),
        "recall": float(recall),
        "f1": float(f1),
        "roc_auc": float(roc_auc_score(y, score)),
        "ece": expected_calibration_error(probability, y),
        "tp": float(tp),
        "fp": float(fp),
        "fn": float(fn),
        "tn": float(tn),
    }
    pos, neg = np.flatnonzero(y), np.flatnonzero(~y)

    def statistic(i: NDArray[np.int64], j: NDArray[np.int64], axis: int = -1) -> FloatArray:
        idx = np.concatenate([i, j], axis=-1).astype(int)
        return _figures(yf[idx], pf[idx], score[idx], probability[idx])

    if resamples > 0:
        ci = bootstrap(
            (pos, neg),
            statistic,
            n_resamples=resamples,
            vectorized=True,
            paired=False,
            method="percentile",
            random_state=seed,
        ).confidence_interval
        lows, highs = ci.low, ci.high
    else:
        lows = highs = [math.nan] * len(METRICS)
    return {
        name: Interval(point[name], _finite(low), _finite(high))
        for name, low, high in zip(METRICS, lows, highs, strict=True)
    }


def _finite(value: float) -> float | None:
    return None if not math.isfinite(float(value)) else float(value)


def _best_threshold(probability: FloatArray, y: BoolArray) -> float:
    """The threshold on ``probability`` (pass at or above it) with the highest balanced accuracy."""
    from sklearn.metrics import roc_curve

    fpr, tpr, thresholds = roc_curve(y, probability, drop_intermediate=False)
    best = int(np.argmax(tpr - fpr))  # balanced accuracy is (tpr + 1 - fpr) / 2
    return float(min(1.0, thresholds[best]))


def _isotonic(score: FloatArray, y: BoolArray) -> Any:
    from sklearn.isotonic import IsotonicRegression

    return IsotonicRegression(y_min=0.0, y_max=1.0, increasing=True, out_of_bounds="clip").fit(score, y.astype(float))


def _reliability(probability: FloatArray, y: BoolArray, bins: int = ECE_BINS) -> list[dict[str, float]]:
    index = np.clip((probability * bins).astype(int), 0, bins - 1)
    out = []
    for b in range(bins):
        mask = index == b
        if mask.any():
            out.append(
                {
                    "low": b / bins,
                    "high": (b + 1) / bins,
                    "rows": int(mask.sum()),
                    "predicted": float(probability[mask].mean()),
                    "faithful": float(y[mask].mean()),
                }
            )
    return out


def too_few_labels(rows: int, faithful: int, folds: int) -> str | None:
    """A warning when fewer than :data:`ADVISED_PER_CLASS` labelled rows of a class were calibrated
    on (``None`` otherwise).

    >>> too_few_labels(10, 4, 4)[:100]
    'only 4 faithful and 6 not faithful labelled rows: with fewer than 30 of each, each of the 4 folds ho'
    >>> too_few_labels(80, 40, 5) is None
    True
    """
    unfaithful = rows - faithful
    if min(faithful, unfaithful) >= ADVISED_PER_CLASS:
        return None
    smaller, name = (faithful, "faithful") if faithful <= unfaithful else (unfaithful, "not faithful")
    per_fold = max(1, round(smaller / max(folds, 1)))
    return (
        f"only {faithful} faithful and {unfaithful} not faithful labelled rows: with fewer than "
        f"{ADVISED_PER_CLASS} of each, each of the {folds} folds holds about {per_fold} {name} "
        f"row{'s' if per_fold != 1 else ''}, so the threshold, the figures and their intervals say little; "
        f"label at least {ADVISED_PER_CLASS} rows of each class"
    )


def calibrate(
    scores: ArrayLike,
    gold: ArrayLike,
    *,
    passed: ArrayLike | None = None,
    before_threshold: float | None = None,
    groups: Sequence[str] | None = None,
    folds: int = 5,
    resamples: int = 1000,
    seed: int = 0,
) -> CalibrationResult:
    """Fit an isotonic map and a balanced-accuracy threshold to ``scores`` (row unit scores, 0 to 1)
    and ``gold`` (``True``: faithful), and measure the decision before and after.

    ``passed`` is the run's own decision for each row ("before"); without it, ``scores >=
    before_threshold``. ``groups`` keeps rows of one group (a source document) in one fold.
    ``resamples`` bootstrap resamples give the intervals (0: none).

    >>> import numpy as np
    >>> rng = np.random.default_rng(0)
    >>> gold = rng.random(200) < 0.5
    >>> scores = np.clip(0.3 * gold + rng.random(200) * 0.7, 0, 1)
    >>> result = calibrate(scores, gold, before_threshold=0.9, resamples=200)
    >>> result.after["balanced_accuracy"].value > result.before["balanced_accuracy"].value
    True
    """
    from sklearn.model_selection import StratifiedGroupKFold, StratifiedKFold

    s = np.asarray(scores, dtype=float)
    y = np.asarray(gold, dtype=bool)
    if s.shape != y.shape or s.ndim != 1:
        raise ValueError(f"scores and gold must be two lists of the same length, got {s.shape} and {y.shape}")
    if not np.all(np.isfinite(s)) or s.min(initial=0.0) < 0.0 or s.max(initial=0.0) > 1.0:
        raise ValueError("scores must be finite unit scores in [0, 1] (the records' unit_value)")
    n_true, n_false = int(y.sum()), int((~y).sum())
    if min(n_true, n_false) < _MIN_PER_CLASS:
        raise CalibrationError(
            f"calibration needs at least {_MIN_PER_CLASS} faithful and {_MIN_PER_CLASS} not faithful labelled rows;"
            f" got {n_true} faithful and {n_false} not faithful: label more rows"
        )
    if passed is None:
        if before_threshold is None:
            raise ValueError("give passed (the run's decisions) or before_threshold")
        before = s >= before_threshold
    else:
        before = np.asarray(passed, dtype=bool)
    k = max(2, min(folds, n_true, n_false))
    if groups is not None:
        splitter: Any = StratifiedGroupKFold(n_splits=k, shuffle=True, random_state=seed)
        splits = list(splitter.split(s, y, groups=np.asarray(groups)))
    else:
        splits = list(StratifiedKFold(n_splits=k, shuffle=True, random_state=seed).split(s, y))
    oof_probability = np.zeros_like(s)
    oof_passed = np.zeros_like(y)
    fold_thresholds = []
    for train, test in splits:
        if y[train].all() or not y[train].any():
            raise CalibrationError(
                "a cross-validation fold has labels of one class only: label more rows of each class"
            )
        model = _isotonic(s[train], y[train])
        threshold = _best_threshold(model.predict(s[train]), y[train])
        fold_thresholds.append(threshold)
        oof_probability[test] = model.predict(s[test])
        oof_passed[test] = oof_probability[test] >= threshold
    model = _isotonic(s, y)
    calibration = Calibration(
        threshold=_best_threshold(model.predict(s), y),
        x=tuple(float(v) for v in model.X_thresholds_),
        y=tuple(float(v) for v in model.y_thresholds_),
    )
    return CalibrationResult(
        calibration=calibration,
        rows=len(s),
        faithful=n_true,
        folds=k,
        fold_thresholds=tuple(fold_thresholds),
        before_threshold=before_threshold,
        before=decision_figures(y, before, s, s, resamples, seed),
        after=decision_figures(y, oof_passed, oof_probability, oof_probability, resamples, seed),
        reliability={"score": _reliability(s, y), "calibrated": _reliability(oof_probability, y)},
    )


# -- the reliability diagram ---------------------------------------------------------------------


def reliability_svg(reliability: Mapping[str, Sequence[Mapping[str, float]]], *, size: int = 320) -> str:
    """A reliability diagram as an SVG image: per bin, the share of faithful rows against the mean
    predicted probability, for the raw score (orange) and the calibrated probability (blue).

    >>> svg = reliability_svg({"score": [{"predicted": 0.5, "faithful": 0.4, "rows": 3}], "calibrated": []})
    >>> svg.startswith("<svg") and "circle" in svg
    True
    """
    pad = 40
    inner = size - 2 * pad

    def xy(p: float, q: float) -> tuple[float, float]:
        return pad + p * inner, size - pad - q * inner

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {size} {size}"'
        ' font-family="sans-serif" font-size="11">',
        f'<rect x="0" y="0" width="{size}" height="{size}" fill="white"/>',
        f'<rect x="{pad}" y="{pad}" width="{inner}" height="{inner}" fill="none" stroke="#999"/>',
        f'<line x1="{pad}" y1="{size - pad}" x2="{size - pad}" y2="{pad}" stroke="#bbb" stroke-dasharray="4 3"/>',
        f'<text x="{size / 2}" y="{size - 8}" text-anchor="middle">predicted P(faithful)</text>',
        f'<text x="12" y="{size / 2}" text-anchor="middle" transform="rotate(-90 12 {size / 2})">share faithful</text>',
    ]
    for tick in (0.0, 0.5, 1.0):
        x, y = xy(tick, 0.0)
        parts.append(f'<text x="{x:.1f}" y="{y + 14:.1f}" text-anchor="middle">{tick:g}</text>')
        x, y = xy(0.0, tick)
        parts.append(f'<text x="{x - 6:.1f}" y="{y + 4:.1f}" text-anchor="end">{tick:g}</text>')
    most = max([int(b["rows"]) for bins in reliability.values() for b in bins] or [1])
    for (name, colour), dy in zip((("score", "#e07000"), ("calibrated", "#2f5bd3")), (0, 16), strict=True):
        bins = reliability.get(name, [])
        points = [xy(float(b["predicted"]), float(b["faithful"])) for b in bins]
        if len(points) > 1:
            path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
            parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="1.5"/>')
        for (x, y), b in zip(points, bins, strict=True):
            radius = 2.5 + 4.5 * math.sqrt(int(b["rows"]) / most)
            parts.append(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{radius:.1f}" fill="{colour}" fill-opacity="0.6"/>')
        label = "row score" if name == "score" else "calibrated (cross-validated)"
        parts.append(f'<circle cx="{pad + 8}" cy="{pad + 10 + dy}" r="4" fill="{colour}"/>')
        parts.append(f'<text x="{pad + 16}" y="{pad + 14 + dy}">{label}</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
