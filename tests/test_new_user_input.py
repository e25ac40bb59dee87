"""Input a new user has (issue 28, items 3 to 6): a context given as one string, rows without ids
(Ragas exports), JSON array files, empty inputs, and duplicate ids."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from faithcheck import Faithfulness, score_dataset
from faithcheck._cli.main import EXIT_ROW_ERRORS, EXIT_USAGE, main

GOOD: dict[str, Any] = {
    "input_id": "good",
    "prompt": "How long is the warranty?",
    "sut_response": "The warranty lasts 2 years.",
    "retrieved_context": ["The warranty lasts 2 years."],
}
ONE_STRING = "retrieved_context was one string: it was read as one passage"


def _score(*args: str) -> Any:
    return CliRunner().invoke(main, ["score", *args, "--no-store"])


# -- item 3: a context that is one string ------------------------------------------------------


def test_a_context_of_one_string_is_one_passage_in_the_python_api() -> None:
    score = Faithfulness().evaluate({**GOOD, "retrieved_context": "The warranty lasts 2 years."})
    assert (score.status, score.value) == ("ok", 1.0)
    assert score.warnings == [ONE_STRING]
    assert Faithfulness().evaluate(GOOD).warnings == []


def test_a_csv_context_of_one_string_is_one_passage_said_once_in_the_summary(tmp_path: Path) -> None:
    data = tmp_path / "rows.csv"
    with data.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=list(GOOD))
        writer.writeheader()
        writer.writerow({**GOOD, "input_id": "s1", "retrieved_context": "The warranty lasts 2 years."})
        writer.writerow({**GOOD, "input_id": "s2", "retrieved_context": "The warranty lasts 2 years."})
        writer.writerow({**GOOD, "input_id": "list", "retrieved_context": json.dumps(["The warranty lasts 2 years."])})
    out = tmp_path / "scores.jsonl"
    done = _score(str(data), "-o", str(out))
    assert done.exit_code == 0, done.output
    records = {r["input_id"]: r for r in map(json.loads, out.read_text(encoding="utf-8").splitlines())}
    assert {i: (r["status"], r["value"]) for i, r in records.items()} == {
        "s1": ("ok", 1.0),
        "s2": ("ok", 1.0),
        "list": ("ok", 1.0),
    }
    assert records["s1"]["warnings"] == [ONE_STRING]
    assert records["list"]["warnings"] == []  # a JSON-encoded list in a cell is still a list
    said = "2 rows gave retrieved_context as one string: each was read as one passage"
    assert " ".join(done.output.split()).count(said) == 1


def test_the_run_summary_counts_rows_with_a_context_of_one_string() -> None:
    rows = [GOOD, {**GOOD, "input_id": "one", "retrieved_context": "The warranty lasts 2 years."}]
    summary = score_dataset(rows, Faithfulness()).summary
    assert summary.row_warnings == {ONE_STRING: 1}
    assert summary.warnings == ["1 row gave retrieved_context as one string: it was read as one passage"]


# -- item 6: JSON arrays and empty inputs --------------------------------------------------------


def test_a_json_file_holding_an_array_of_objects_is_read_as_rows(tmp_path: Path) -> None:
    data = tmp_path / "rows.json"
    rows = [GOOD, {**GOOD, "input_id": "second"}, "not a row"]
    data.write_text(json.dumps(rows, indent=2), encoding="utf-8")  # pretty-printed, over many lines
    out = tmp_path / "scores.jsonl"
    done = _score(str(data), "-o", str(out), "--quiet")
    assert done.exit_code == 0, done.output
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["row"], r["input_id"], r["value"]) for r in records] == [
        (1, "good", 1.0),
        (2, "second", 1.0),
        (3, None, None),
    ]
    assert records[2]["message"] == "row 3: a JSON object is expected, got string"
    # the Python API reads it too, and JSON lines in a .json file are still read line by line
    assert [r["value"] for r in score_dataset(data).records or []] == [1.0, 1.0, None]
    lines = tmp_path / "lines.json"
    lines.write_text("".join(json.dumps(r) + "\n" for r in rows[:2]), encoding="utf-8")
    assert [r["value"] for r in score_dataset(lines).records or []] == [1.0, 1.0]


def test_a_broken_json_array_is_one_usage_error(tmp_path: Path) -> None:
    data = tmp_path / "rows.json"
    data.write_text("[\n" + json.dumps(GOOD) + ",\n", encoding="utf-8")
    done = _score(str(data))
    assert done.exit_code == 2, done.output
    assert "rows.json starts like a JSON array but is not valid JSON" in done.output


def test_every_empty_input_is_no_rows(tmp_path: Path) -> None:
    for name, text in [("empty.jsonl", ""), ("empty.csv", ""), ("blank.csv", "\n"), ("empty.json", "[]")]:
        data = tmp_path / name
        data.write_text(text, encoding="utf-8")
        done = _score(str(data))
        assert done.exit_code == EXIT_ROW_ERRORS, (name, done.output)
        assert "no row could be scored: the input holds no rows" in done.output, name


# -- item 5: duplicate ids ---------------------------------------------------------------------


def test_a_duplicate_input_id_is_an_error_row_naming_the_first_row_that_used_it(tmp_path: Path) -> None:
    rows = [GOOD, {**GOOD, "input_id": "other"}, GOOD, {**GOOD, "input_id": 7}, {**GOOD, "input_id": "7"}]
    records = score_dataset(rows, Faithfulness()).records or []
    assert [(r["row"], r["input_id"], r["status"]) for r in records] == [
        (1, "good", "ok"),
        (2, "other", "ok"),
        (3, None, "error"),  # no two records share an id
        (4, "7", "ok"),
        (5, None, "error"),  # 7 and "7" are one id
    ]
    assert records[2]["message"] == "row 3 input_id='good': field 'input_id': is used by row 1 too: ids must be unique"
    assert records[4]["message"].endswith("is used by row 4 too: ids must be unique")

    data = tmp_path / "rows.jsonl"
    data.write_text("".join(json.dumps(r) + "\n" for r in rows[:3]), encoding="utf-8")
    done = _score(str(data), "--fail-on-error")
    assert done.exit_code == EXIT_ROW_ERRORS, done.output
    assert "error row 3: row 3 input_id='good': field 'input_id': is used by row 1 too" in done.output


# -- item 4: rows without an id ----------------------------------------------------------------

RAGAS = [
    {
        "user_input": "How long is the warranty?",
        "response": answer,
        "retrieved_contexts": ["The X200 blender is covered by a 2-year limited warranty."],
    }
    for answer in ("The warranty lasts 2 years.", "The warranty lasts 10 years.", "The blender has a 2-year warranty.")
]
ID_FROM_ROW = "input_id was missing: the row's position gave its id (row-N), which changes if rows are added or removed"


def _jsonl(path: Path, rows: list[Any]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_a_ragas_export_without_ids_is_numbered_by_position_with_a_warning(tmp_path: Path) -> None:
    data = _jsonl(tmp_path / "ragas.jsonl", RAGAS)
    out = tmp_path / "out.jsonl"
    done = _score(str(data), "--map", "ragas", "-o", str(out), "--quiet")
    assert done.exit_code == 0, done.output
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [(r["input_id"], r["value"]) for r in records] == [("row-1", 1.0), ("row-2", 0.0), ("row-3", 1.0)]
    assert all(r["warnings"] == [ID_FROM_ROW] for r in records)
    said = " ".join(done.output.split())  # warnings survive --quiet
    assert "3 rows had no input_id: numbered by position (row-1, row-2, ...)" in said

    # the same file resumes into the same ids; an edited file is a new run (its checksum differs)
    again = _score(str(data), "--map", "ragas", "-o", str(out), "--quiet")
    assert again.exit_code == 0, again.output
    assert [json.loads(line)["input_id"] for line in out.read_text(encoding="utf-8").splitlines()] == [
        "row-1",
        "row-2",
        "row-3",
    ]
    _jsonl(data, RAGAS[1:])
    edited = _score(str(data), "--map", "ragas", "-o", str(out), "--quiet")
    assert edited.exit_code == EXIT_USAGE, edited.output


def test_no_id_from_row_refuses_a_file_without_ids_and_says_how_to_give_them(tmp_path: Path) -> None:
    data = _jsonl(tmp_path / "ragas.jsonl", RAGAS)
    done = _score(str(data), "--map", "ragas", "--no-id-from-row")
    assert done.exit_code == EXIT_USAGE, done.output
    said = " ".join(done.output.split())
    assert "has no column 'input_id'" in said
    assert "map an id column (,COL=input_id) or number the rows by position (--id-from-row)" in said


def test_id_from_row_also_numbers_empty_ids_and_a_taken_id_stays_an_error(tmp_path: Path) -> None:
    rows = [{**GOOD, "input_id": None}, {**GOOD, "input_id": ""}, {**GOOD, "input_id": "row-1"}, GOOD]
    by_default = score_dataset(rows, Faithfulness()).records or []
    assert [(r["input_id"], r["status"]) for r in by_default] == [
        (None, "error"),  # a file with ids: an empty one is a fault of the row, unless asked
        ("", "error"),
        ("row-1", "ok"),
        ("good", "ok"),
    ]
    asked = score_dataset(rows, Faithfulness(), id_from_row=True).records or []
    assert [(r["input_id"], r["status"], r.get("warnings", [])) for r in asked] == [
        ("row-1", "ok", [ID_FROM_ROW]),
        ("row-2", "ok", [ID_FROM_ROW]),
        (None, "error", []),  # "row-1" is taken by row 1: ids stay unique
        ("good", "ok", []),
    ]
    assert asked[2]["message"].endswith("is used by row 1 too: ids must be unique")


def test_rows_of_a_dataframe_without_ids_are_numbered(tmp_path: Path) -> None:
    pandas = __import__("pytest").importorskip("pandas")
    frame = pandas.DataFrame(RAGAS).rename(
        columns={"user_input": "prompt", "response": "sut_response", "retrieved_contexts": "retrieved_context"}
    )
    records = score_dataset(frame, Faithfulness()).records or []
    assert [r["input_id"] for r in records] == ["row-1", "row-2", "row-3"]
