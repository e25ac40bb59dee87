"""What bounds one row: its time (the row and job timeouts stop its offline work) and its context size."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from faithcheck import Faithfulness, InputError, score_dataset
from faithcheck._core.deadline import DeadlineExceeded, check_deadline, deadline
from faithcheck._core.rows import case_from_row
from faithcheck._core.types import MAX_CONTEXT_CHARS, MAX_PASSAGES
from faithcheck._text.analysis import analyze
from faithcheck._text.sentences import split_sentences

_WORDS = ("alpha", "beta", "gamma", "delta", "river", "mountain", "city", "blender", "warranty", "motor")


def _context(chars: int, seed: int) -> list[str]:
    """Passages of plain sentences, about ``chars`` characters in all."""
    rng = random.Random(seed)
    sentences: list[str] = []
    size = 0
    while size < chars:
        sentence = " ".join(rng.choice(_WORDS) for _ in range(12)).capitalize() + f" {rng.randint(1, 999)}."
        sentences.append(sentence)
        size += len(sentence) + 1
    return [" ".join(sentences[i : i + 20]) for i in range(0, len(sentences), 20)]


def _row(i: int, context: list[str]) -> dict[str, object]:
    answer = "The blender warranty lasts 2 years. The motor costs 90 dollars."
    return {
        "input_id": f"r{i}",
        "prompt": "What about the blender?",
        "sut_response": answer,
        "retrieved_context": context,
    }


def _sentences_analysed(run: Callable[[], object]) -> int:
    """How many texts ``run`` analysed (the analysis is cached: each new text is one miss)."""
    analyze.cache_clear()
    run()
    return analyze.cache_info().misses


def test_a_timed_out_row_stops_computing() -> None:
    """Four rows of 0.9 MB of context (about 40,000 sentences): at a 0.2 s row timeout each becomes
    a timeout record, and its offline work stops within a step of the deadline. Before, the
    threads analysed every sentence after the timeout, and the run returned only then."""
    rows = [_row(i, _context(900_000, i)) for i in range(4)]
    metric = Faithfulness()
    metric.evaluate(_row(9, ["The blender warranty lasts 2 years."]))  # models loaded before the clock starts
    total = sum(len(split_sentences(p)) for r in rows for p in r["retrieved_context"])  # type: ignore[attr-defined]
    records: list[dict[str, object]] = []
    analysed = _sentences_analysed(lambda: records.extend(score_dataset(rows, metric, row_timeout=0.2).records or []))
    assert [r["status"] for r in records] == ["error"] * 4
    assert all("the row took longer than 0.2 s" in str(r["message"]) for r in records)
    assert analysed < total / 2, (analysed, total)  # all of them before


def test_the_job_deadline_stops_the_rows_in_progress() -> None:
    rows = [_row(i, _context(900_000, i)) for i in range(4)]
    total = sum(len(split_sentences(p)) for r in rows for p in r["retrieved_context"])  # type: ignore[attr-defined]
    statuses: list[str] = []
    analysed = _sentences_analysed(
        lambda: statuses.append(score_dataset(rows, Faithfulness(), job_timeout=0.5).summary.status)
    )
    assert statuses == ["timeout"]
    assert analysed < total / 2, (analysed, total)


def test_the_deadline_is_the_nearer_of_the_row_and_the_job() -> None:
    with deadline(60), deadline(0):
        with pytest.raises(DeadlineExceeded):
            check_deadline()
        assert isinstance(DeadlineExceeded(), TimeoutError)
    with deadline(0), deadline(60), pytest.raises(DeadlineExceeded):
        check_deadline()
    check_deadline()  # none outside


def test_a_context_over_the_row_limit_is_an_error_row_and_the_others_are_scored() -> None:
    too_long = ["word " * (MAX_CONTEXT_CHARS // 5 + 1)]
    too_many = ["A short passage."] * (MAX_PASSAGES + 1)
    rows = [_row(1, too_long), _row(2, ["The blender warranty lasts 2 years."]), _row(3, too_many)]
    records = score_dataset(rows, Faithfulness()).records or []
    assert [r["status"] for r in records] == ["error", "ok", "error"]
    assert "field 'retrieved_context': holds 1,000,005 characters, over the limit of 1,000,000" in records[0]["message"]
    assert f"holds {MAX_PASSAGES + 1:,} passages, over the limit of {MAX_PASSAGES:,}" in records[2]["message"]


def test_the_limit_holds_from_python_too() -> None:
    with pytest.raises(InputError, match="over the limit of 1,000,000 for one row"):
        case_from_row(_row(1, ["x" * (MAX_CONTEXT_CHARS + 1)]), 1)
