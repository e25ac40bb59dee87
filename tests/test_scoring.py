from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from faithcheck import faithfulness, rescale, weighted_mean

unit = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)


# -- seed 000's three examples ---------------------------------------------------------------


def test_seed_example_1_standard_mean() -> None:
    assert faithfulness([0.9, 0.8, 1.0]) == 0.9


def test_seed_example_2_strict_rejects_a_claim_below_threshold() -> None:
    assert faithfulness([0.95, 0.6, 1.0], strict_threshold=0.7) == 0.0


def test_seed_example_3_strict_passes_when_every_claim_clears() -> None:
    assert faithfulness([0.95, 0.8, 1.0], strict_threshold=0.7) == 0.9166666666666666


# -- contract details ------------------------------------------------------------------------


def test_empty_input_is_ungrounded() -> None:
    assert faithfulness([]) == 0.0
    assert faithfulness(np.array([])) == 0.0
    assert faithfulness((), strict_threshold=0.5) == 0.0


@pytest.mark.parametrize("container", [list, tuple, np.array])
def test_accepts_array_likes_and_returns_plain_float(container: type) -> None:
    result = faithfulness(container([0.5, 1.0]))
    assert type(result) is float
    assert result == 0.75


def test_numpy_float32_scores() -> None:
    assert type(faithfulness(np.array([0.25, 0.75], dtype=np.float32))) is float


def test_threshold_equal_to_a_score_passes() -> None:
    assert faithfulness([0.7, 1.0], strict_threshold=0.7) == 0.85


@pytest.mark.parametrize(
    ("scores", "message"),
    [
        ([0.5, 1.5], r"claim_scores\[1\] = 1.5 is outside \[0, 1\]"),
        ([-0.1], r"claim_scores\[0\] = -0.1 is outside"),
        ([0.2, float("nan")], r"claim_scores\[1\] is NaN"),
        ([0.2, "0.3"], r"claim_scores\[1\] must be a number, got str"),
        ([True], r"claim_scores\[0\] must be a number, got bool"),
        ("0.5", "not a string"),
        (0.5, "array-like"),
        (np.array([[0.5]]), "one-dimensional"),
    ],
)
def test_bad_scores_name_the_offender(scores: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        faithfulness(scores)


@pytest.mark.parametrize("threshold", [-0.01, 1.01, float("nan")])
def test_bad_threshold_is_named(threshold: float) -> None:
    with pytest.raises(ValueError, match="strict_threshold"):
        faithfulness([0.5], strict_threshold=threshold)


# -- properties ------------------------------------------------------------------------------


@given(st.lists(unit, min_size=1, max_size=50))
def test_mean_lies_between_min_and_max(scores: list[float]) -> None:
    result = faithfulness(scores)
    assert min(scores) - 1e-12 <= result <= max(scores) + 1e-12
    assert 0.0 <= result <= 1.0
    assert math.isclose(result, math.fsum(scores) / len(scores), abs_tol=1e-12)


@given(st.lists(unit, min_size=1, max_size=50), st.permutations(range(50)))
def test_order_does_not_matter(scores: list[float], perm: list[int]) -> None:
    shuffled = [scores[i] for i in perm if i < len(scores)]
    assert math.isclose(faithfulness(scores), faithfulness(shuffled), abs_tol=1e-12)


@given(st.lists(unit, min_size=1, max_size=30), unit)
def test_strict_mode_is_all_or_mean(scores: list[float], threshold: float) -> None:
    strict = faithfulness(scores, strict_threshold=threshold)
    if all(s >= threshold for s in scores):
        assert strict == faithfulness(scores)
    else:
        assert strict == 0.0


@given(st.lists(unit, min_size=1, max_size=30), unit, unit)
def test_a_higher_strict_threshold_never_raises_the_score(scores: list[float], a: float, b: float) -> None:
    lo, hi = sorted((a, b))
    assert faithfulness(scores, strict_threshold=hi) <= faithfulness(scores, strict_threshold=lo)


@given(st.lists(unit, min_size=1, max_size=30))
def test_all_supported_scores_one_and_none_scores_zero(scores: list[float]) -> None:
    assert faithfulness([1.0] * len(scores)) == 1.0
    assert faithfulness([0.0] * len(scores)) == 0.0


# -- scoring metadata ------------------------------------------------------------------------


@given(unit)
def test_inverted_flips(value: float) -> None:
    assert math.isclose(rescale(value, inverted=True), 1.0 - value)


@given(unit, st.floats(-100, 100), st.floats(0.001, 100))
def test_rescale_maps_unit_interval_onto_min_max(value: float, lo: float, width: float) -> None:
    out = rescale(value, minimum=lo, maximum=lo + width)
    assert lo - 1e-9 <= out <= lo + width + 1e-9


def test_rescale_rejects_empty_range() -> None:
    with pytest.raises(ValueError, match="max"):
        rescale(0.5, minimum=1.0, maximum=1.0)


def test_weighted_mean_carries_weight() -> None:
    assert weighted_mean([1.0, 0.0], [3.0, 1.0]) == 0.75
    with pytest.raises(ValueError, match="weights sum to 0"):
        weighted_mean([1.0], [0.0])
    with pytest.raises(ValueError, match="empty"):
        weighted_mean([], [])
    with pytest.raises(ValueError, match=r"weights\[1\]"):
        weighted_mean([1.0, 1.0], [1.0, -1.0])
