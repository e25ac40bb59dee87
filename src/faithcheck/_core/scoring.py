"""The pure scoring kernel (seed 000) and the scoring metadata of seed 001.

Everything here is synchronous, side-effect free and validated at the top, in the style of
scikit-learn's metrics: a bad argument raises ``ValueError`` naming the argument or index.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

__all__ = ["faithfulness", "rescale", "weighted_mean"]


def _as_float_list(claim_scores: Any) -> list[float]:
    if isinstance(claim_scores, (str, bytes)):
        raise ValueError("claim_scores must be an array-like of floats, not a string")
    if isinstance(claim_scores, np.ndarray):
        if claim_scores.ndim != 1:
            raise ValueError(f"claim_scores must be one-dimensional, got shape {claim_scores.shape}")
        values: Iterable[Any] = claim_scores.tolist()
    else:
        try:
            values = list(claim_scores)
        except TypeError:
            raise ValueError(
                f"claim_scores must be an array-like of floats, got {type(claim_scores).__name__}"
            ) from None
    out: list[float] = []
    for i, v in enumerate(values):
        if isinstance(v, bool) or not isinstance(v, (int, float, np.integer, np.floating)):
            raise ValueError(f"claim_scores[{i}] must be a number, got {type(v).__name__}")
        f = float(v)
        if math.isnan(f):
            raise ValueError(f"claim_scores[{i}] is NaN; every claim needs a score in [0, 1]")
        if not 0.0 <= f <= 1.0:
            raise ValueError(f"claim_scores[{i}] = {f!r} is outside [0, 1]")
        out.append(f)
    return out


def _check_unit_interval(name: str, value: float) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float, np.integer, np.floating)):
        raise ValueError(f"{name} must be a number in [0, 1], got {type(value).__name__}")
    f = float(value)
    if math.isnan(f) or not 0.0 <= f <= 1.0:
        raise ValueError(f"{name} = {f!r} is outside [0, 1]")
    return f


def faithfulness(claim_scores: Sequence[float] | Any, strict_threshold: float | None = None) -> float:
    """Faithfulness of an answer: the mean of its per-claim entailment scores.

    Parameters
    ----------
    claim_scores:
        Array-like (list, tuple, 1-d numpy array) of floats in ``[0, 1]``, one per atomic claim.
    strict_threshold:
        ``None`` (default) for the plain mean. A float in ``[0, 1]`` switches on strict mode:
        if any single claim scores below it, the answer is ungrounded and the result is ``0.0``.

    Returns
    -------
    float
        A plain Python float in ``[0, 1]``. An answer with no claims scores ``0.0``: it is
        treated as ungrounded, not as vacuously perfect.

    Raises
    ------
    ValueError
        If a score is NaN, not a number or outside ``[0, 1]`` (the message names its index), or
        if ``strict_threshold`` is outside ``[0, 1]``.

    Examples
    --------
    >>> faithfulness([0.9, 0.8, 1.0])
    0.9
    >>> faithfulness([0.95, 0.6, 1.0], strict_threshold=0.7)
    0.0
    >>> faithfulness([0.95, 0.8, 1.0], strict_threshold=0.7)
    0.9166666666666666
    >>> faithfulness([])
    0.0
    """
    threshold = None if strict_threshold is None else _check_unit_interval("strict_threshold", strict_threshold)
    scores = _as_float_list(claim_scores)
    if not scores:
        return 0.0
    if threshold is not None and any(s < threshold for s in scores):
        return 0.0
    # math.fsum keeps the mean exact for the seed's examples (0.9, not 0.8999999999999999).
    mean = math.fsum(scores) / len(scores)
    # The mean of values in [0, 1] is in [0, 1]; clamp away the last-ulp rounding excursions.
    return float(min(1.0, max(0.0, mean)))


def rescale(value: float, *, minimum: float = 0.0, maximum: float = 1.0, inverted: bool = False) -> float:
    """Map a unit score onto the configured ``[min, max]`` range, optionally inverted first.

    ``inverted`` flips the unit score (``1 - value``), so that, for example, a faithfulness
    of 0.75 is reported as a hallucination rate of 0.25.

    >>> rescale(0.75)
    0.75
    >>> rescale(0.75, inverted=True)
    0.25
    >>> rescale(0.5, minimum=1.0, maximum=5.0)
    3.0
    """
    unit = _check_unit_interval("value", value)
    if not (math.isfinite(minimum) and math.isfinite(maximum)) or maximum <= minimum:
        raise ValueError(f"max ({maximum!r}) must be greater than min ({minimum!r})")
    if inverted:
        unit = 1.0 - unit
    return float(minimum + unit * (maximum - minimum))


def weighted_mean(values: Sequence[float], weights: Sequence[float]) -> float:
    """Weighted mean of row scores, the aggregate that carries seed 001's ``weight``.

    >>> weighted_mean([1.0, 0.0], [3.0, 1.0])
    0.75
    """
    if len(values) != len(weights):
        raise ValueError(f"values ({len(values)}) and weights ({len(weights)}) differ in length")
    if not values:
        raise ValueError("values is empty: there is no mean of zero rows")
    for i, w in enumerate(weights):
        if not math.isfinite(w) or w < 0:
            raise ValueError(f"weights[{i}] = {w!r} must be a finite number >= 0")
    total = math.fsum(weights)
    if total == 0:
        raise ValueError("weights sum to 0")
    return float(math.fsum(v * w for v, w in zip(values, weights, strict=True)) / total)
