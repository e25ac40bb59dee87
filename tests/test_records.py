"""The result record's type (faithcheck._core.records) stays the score's fields plus the row's."""

from __future__ import annotations

from faithcheck import EvalScore, Faithfulness, score_dataset
from faithcheck._core.records import MetricRecord, RowRecord

ROW = {
    "input_id": "a",
    "prompt": "How long is the warranty?",
    "sut_response": "The warranty lasts 2 years.",
    "retrieved_context": ["The warranty lasts 2 years."],
}


def test_the_record_type_names_every_field_of_a_score_and_the_row() -> None:
    assert set(MetricRecord.__annotations__) == set(EvalScore.model_fields)
    assert set(RowRecord.__annotations__) == {*EvalScore.model_fields, "row", "metrics"}


def test_a_scored_and_an_error_record_hold_only_fields_of_the_type() -> None:
    records = score_dataset([ROW, {**ROW, "input_id": "b", "retrieved_context": []}], Faithfulness()).records or []
    assert [r["status"] for r in records] == ["ok", "error"]
    for record in records:
        assert set(record) <= set(RowRecord.__annotations__)
        assert next(iter(record)) == "row"  # files show the row's number first
