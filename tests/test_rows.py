from __future__ import annotations

from typing import Any

import pytest

from faithcheck import InputError, TestCase
from faithcheck._core.rows import CONTEXT_STRING_WARNING, case_from_row, row_warnings


def _row(**overrides: Any) -> dict[str, Any]:
    row: dict[str, Any] = {
        "input_id": "r1",
        "prompt": "What is the return window?",
        "sut_response": "Thirty days.",
        "retrieved_context": ["Returns are accepted within 30 days."],
    }
    row.update(overrides)
    return {k: v for k, v in row.items() if v is not ...}


def test_valid_row() -> None:
    case = case_from_row(_row())
    assert isinstance(case, TestCase)
    assert case.question == "What is the return window?"
    assert case.task_type == "single_turn_rag"


def test_integer_input_id_is_accepted() -> None:
    assert case_from_row(_row(input_id=7)).input_id == "7"


@pytest.mark.parametrize("column", ["input_id", "prompt", "sut_response", "retrieved_context"])
def test_missing_required_column_is_named(column: str) -> None:
    with pytest.raises(InputError, match=f"row 3.*field '{column}': required column is missing") as info:
        case_from_row(_row(**{column: ...}), row_number=3)
    assert info.value.field == column
    assert info.value.row == 3


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"retrieved_context": []}, "retrieved_context", "is empty"),
        ({"retrieved_context": "   "}, "retrieved_context", "every passage is blank"),  # one string: one passage
        ({"retrieved_context": ["ok", 3]}, "retrieved_context", "must be a string"),
        ({"retrieved_context": ["  ", ""]}, "retrieved_context", "every passage is blank"),
        ({"sut_response": 12}, "sut_response", "must be a string"),
        ({"input_id": 1.5}, "input_id", "string or an integer"),
        ({"input_id": ""}, "input_id", "at least 1 character"),
        ({"prompt": [{"role": "assistant", "content": "hi"}]}, "prompt", "role 'user'"),
        ({"prompt": [{"role": "robot", "content": "hi"}]}, "prompt", "'system', 'user', 'assistant' or 'tool'"),
        ({"schema": "gdi_text_v2"}, "schema", "not accepted"),
        ({"task_type": "summarization"}, "task_type", "not accepted"),
        ({"task_type": "multi_turn_rag"}, "prompt", "list of messages"),
        ({"task_type": "single_turn_rag", "prompt": [{"role": "user", "content": "q"}]}, "prompt", "as a string"),
    ],
)
def test_bad_values_name_row_field_and_problem(overrides: dict[str, Any], field: str, message: str) -> None:
    with pytest.raises(InputError, match=message) as info:
        case_from_row(_row(**overrides), row_number=9)
    assert info.value.field == field
    assert "row 9" in str(info.value)


def test_a_context_of_one_string_is_one_passage_with_a_warning() -> None:
    row = _row(retrieved_context="The warranty lasts 2 years.")
    assert case_from_row(row).retrieved_context == ["The warranty lasts 2 years."]
    assert row_warnings(row) == [CONTEXT_STRING_WARNING]
    assert row_warnings(_row()) == []


def test_input_id_is_named_in_the_error() -> None:
    with pytest.raises(InputError, match="input_id='r1'"):
        case_from_row(_row(retrieved_context=[]))


def test_not_a_mapping() -> None:
    with pytest.raises(InputError, match="mapping"):
        case_from_row(["a", "b"], row_number=1)  # type: ignore[arg-type]


def test_multi_turn_row_uses_the_last_user_turn_as_question() -> None:
    case = case_from_row(
        _row(
            task_type="multi_turn_rag",
            schema="gdi_text_v1",
            prompt=[
                {"role": "user", "content": "Do you ship to Canada?"},
                {"role": "assistant", "content": "Yes."},
                {"role": "user", "content": "How long does it take?"},
            ],
        )
    )
    assert case.task_type == "multi_turn_rag"
    assert case.question == "How long does it take?"


@pytest.mark.parametrize(("raw", "expected"), [(7.0, "7"), (7, "7"), ("007", "007")])
def test_an_integer_read_as_a_float_is_the_same_id(raw: Any, expected: str) -> None:
    """A CSV or pandas integer column with gaps is read as floats: 7.0 is row id "7", not "7.0"."""
    from faithcheck._core.rows import row_input_id

    assert row_input_id({"input_id": raw}) == expected
