"""One bad row never costs the others (issue 13, item 1): a property-based fuzz of generated rows
through ``score_dataset``, and the malformed inputs that used to abort a whole run."""

from __future__ import annotations

import csv
import json
import math
import os
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from faithcheck import Faithfulness, score_dataset
from faithcheck._core.errors import DatasetError, InputError
from faithcheck._runs.io.readers import check_source, iter_source

from .test_cli import _faithcheck

GOOD = {
    "input_id": "good",
    "prompt": "How long is the warranty?",
    "sut_response": "The warranty lasts 2 years.",
    "retrieved_context": ["The warranty lasts 2 years."],
}

# -- the fuzz -----------------------------------------------------------------------------------

_any_text = st.text(st.characters(codec=None, categories=None), max_size=40)  # surrogates included
_words = st.text(st.sampled_from("abcdef 0123.,'\n\t?ÄéX"), max_size=60)
_scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**30), max_value=10**30),
    st.integers(4400, 4500).map(lambda digits: 10**digits),  # more digits than Python turns into text
    st.floats(allow_nan=True, allow_infinity=True),
    _any_text,
)
_weird = st.recursive(
    _scalar, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_any_text, inner, max_size=3), max_leaves=6
)
_message = st.fixed_dictionaries(
    {"role": st.sampled_from(["user", "user", "assistant", "system", "tool", "robot"]), "content": _words},
    optional={"context": st.lists(_words, max_size=2) | _weird},
)
_FIELDS: dict[str, st.SearchStrategy[Any]] = {  # a plausible value; _weird stands in for the rest
    "input_id": st.text(min_size=1, max_size=8) | st.integers(0, 10**6),
    "prompt": _words | st.lists(_message, max_size=3),
    "sut_response": _words,
    "retrieved_context": st.lists(_words.filter(str.strip), min_size=1, max_size=3),
    "schema": st.just("gdi_text_v1"),
    "task_type": st.sampled_from(["single_turn_rag", "multi_turn_rag"]),
}
_REQUIRED = ("input_id", "prompt", "sut_response", "retrieved_context")
_METRIC = Faithfulness(concurrency_limit=4)


@st.composite
def _rows(draw: st.DrawFn) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for field, plausible in _FIELDS.items():
        if draw(st.floats(0, 1)) < (0.97 if field in _REQUIRED else 0.2):
            row[field] = draw(plausible if draw(st.floats(0, 1)) < 0.85 else _weird)
    if draw(st.booleans()):
        row[draw(_any_text)] = draw(_weird)  # an extra column of any name
    return row


_BATCH = 20


@settings(
    max_examples=2000 // _BATCH,  # 2,000 generated rows in all, scored together in datasets of 20
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.lists(_rows(), min_size=_BATCH, max_size=_BATCH))
def test_fuzzed_rows_each_come_out_once_as_a_score_or_an_error_naming_its_field(rows: list[dict[str, Any]]) -> None:
    result = score_dataset(rows, _METRIC, batch_size=7)  # several batches per dataset
    records = result.records
    assert records is not None
    assert [r["row"] for r in records] == list(range(1, len(rows) + 1))  # each row once, in order
    for record, row in zip(records, rows, strict=True):
        json.dumps(record, ensure_ascii=False, allow_nan=False).encode("utf-8")  # writable, no NaN
        if record["status"] == "error":
            assert record["value"] is None
            assert f"row {record['row']}" in record["message"]
            assert "field '" in record["message"], record["message"]
            assert "could not be scored" not in record["message"], record["message"]  # no unforeseen crash
        else:
            assert record["status"] in ("ok", "no_claims")
            assert math.isfinite(record["value"]), row
    assert result.summary.rows == len(rows)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_rows())
def test_a_fuzzed_row_scored_alone_scores_or_raises_input_error(row: dict[str, Any]) -> None:
    """``Faithfulness.evaluate`` on a mapping: a score, or an InputError naming the field, never
    a TypeError or any other crash."""
    try:
        score = _METRIC.evaluate(row)
    except InputError as exc:
        problem = str(exc)
    else:
        assert score.status in ("ok", "no_claims")
        return
    assert "field '" in problem


# -- malformed files ----------------------------------------------------------------------------


def _bad_lines() -> list[bytes]:
    def row(**changes: Any) -> bytes:
        return json.dumps({**GOOD, **changes}).encode() + b"\n"

    return [
        row(input_id="list-task", task_type=["x"]),
        row(input_id="dict-schema", schema={"a": 1}),
        b'{"input_id": ' + b"9" * 5000 + b', "prompt": "Q?", "sut_response": "A.", "retrieved_context": ["A."]}\n',
        b'{"input_id": "\\ud800", "prompt": "Q?", "sut_response": "A.", "retrieved_context": ["A."]}\n',
        row(input_id="surrogate-answer", sut_response="bad \ud800 text"),
        b"\xff\n",
        b"[" * 100_000 + b"]" * 100_000 + b"\n",
        row(input_id="latin-1", sut_response="caf\u00e9").replace(b"\\u00e9", b"\xe9"),
        row(input_id="nan-id", retrieved_context=["x"]).replace(b'"nan-id"', b"NaN"),
        row(),
    ]


def test_malformed_rows_become_error_rows_and_the_good_row_is_scored(tmp_path: Path) -> None:
    data = tmp_path / "bad.jsonl"
    data.write_bytes(b"".join(_bad_lines()))
    out = tmp_path / "out.jsonl"
    done = _faithcheck("score", str(data), "-o", str(out), "--no-store")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["row"] for r in records] == list(range(1, 11))
    by_row = {r["row"]: r for r in records}
    assert by_row[10]["status"] == "ok"
    assert by_row[10]["value"] == 1.0
    expected = {
        1: "field 'task_type': ['x'] is not accepted",
        2: "field 'schema': {'a': 1} is not accepted",
        3: "not valid JSON",
        4: "field 'input_id': is not valid Unicode",
        5: "field 'sut_response': holds text that is not valid Unicode",
        6: "not valid UTF-8 (byte 0xff at position 1)",
        7: "nested too deeply",
        8: "not valid UTF-8 (byte 0xe9",
        9: "field 'input_id': required value is missing",
    }
    for number, text in expected.items():
        assert by_row[number]["status"] == "error"
        assert by_row[number]["value"] is None
        assert text in by_row[number]["message"], (number, by_row[number]["message"])
        assert by_row[number]["message"].startswith(f"row {number}")
    assert by_row[4]["input_id"] == "\\ud800"  # kept, escaped, so the error record is writable


def test_csv_with_bad_bytes_and_a_bom(tmp_path: Path) -> None:
    data = tmp_path / "rows.csv"
    header = "input_id,prompt,sut_response,retrieved_context\r\n"
    good = 'a,How long is the warranty?,The warranty lasts 2 years.,"[""The warranty lasts 2 years.""]"\r\n'
    data.write_bytes(b"\xef\xbb\xbf" + header.encode() + good.encode() + b'b,Q?,caf\xe9,"[""x""]"\r\n')
    rows = list(iter_source(data))
    assert rows[0].data is not None
    assert "input_id" in rows[0].data
    records = score_dataset(data, Faithfulness()).records
    assert records is not None
    assert [r["status"] for r in records] == ["ok", "error"]
    assert "field 'sut_response'" in records[1]["message"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ((json.dumps(GOOD) + "\n").encode("utf-16"), "looks like UTF-16"),
        (b"PAR1 this is not parquet", "cannot read"),
    ],
)
def test_an_unreadable_file_is_one_clear_error_before_scoring(tmp_path: Path, content: bytes, message: str) -> None:
    data = tmp_path / ("rows.parquet" if content.startswith(b"PAR1") else "rows.jsonl")
    data.write_bytes(content)
    with pytest.raises(DatasetError, match=message):
        check_source(data)
    out = tmp_path / "out.jsonl"
    done = _faithcheck("score", str(data), "-o", str(out))
    assert done.returncode == 2
    assert message in done.stderr
    assert "Traceback" not in done.stderr
    assert not out.exists()
    runs = _faithcheck("runs", "list", "--json")
    assert json.loads(runs.stdout or "[]") == []  # nothing was started, so nothing is left 'running'


def test_missing_columns_are_checked_up_front_with_the_columns_found(tmp_path: Path) -> None:
    data = tmp_path / "ragas.jsonl"
    row = {"user_input": "Q?", "response": "A.", "retrieved_contexts": ["A."]}
    data.write_text(json.dumps(row) + "\n", encoding="utf-8")
    done = _faithcheck("score", str(data), "--no-store")
    assert done.returncode == 2
    assert "found: response, retrieved_contexts, user_input" in done.stderr
    assert "--map ragas" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_python_api_checks_columns_of_a_dataframe() -> None:
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame([{"question": "Q?", "answer": "A.", "contexts": ["A."], "input_id": "1"}])
    with pytest.raises(DatasetError, match="--map YOUR_COLUMN=prompt"):
        score_dataset(frame)


def _score_standard_input(data: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "faithcheck", "score", "-", "--quiet", "--no-store"],
        input=data,
        capture_output=True,
        timeout=300,
    )


def test_stdin_output_to_self_and_unknown_output_suffix(tmp_path: Path) -> None:
    data = tmp_path / "rows.jsonl"
    data.write_text(json.dumps(GOOD) + "\n", encoding="utf-8")
    piped = _score_standard_input(data.read_bytes())
    assert piped.returncode == 0, piped.stderr
    assert json.loads(piped.stdout)["value"] == 1.0
    to_self = _faithcheck("score", str(data), "-o", str(data), "--overwrite", "--no-store")
    assert to_self.returncode == 2
    assert "is the input file" in to_self.stderr
    assert json.loads(data.read_text(encoding="utf-8")) == GOOD  # the input is untouched
    unknown = _faithcheck("score", str(data), "-o", str(tmp_path / "out.txt"), "--no-store")
    assert unknown.returncode == 2
    assert "cannot tell the output format of 'out.txt'" in unknown.stderr


@pytest.mark.parametrize("fmt", ["csv", "parquet", "jsonl"])
def test_standard_input_format_is_detected(tmp_path: Path, fmt: str) -> None:
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame([GOOD])
    data = tmp_path / f"rows.{fmt}"
    if fmt == "csv":
        frame.assign(retrieved_context=[json.dumps(GOOD["retrieved_context"])]).to_csv(data, index=False)
    elif fmt == "parquet":
        frame.to_parquet(data)
    else:
        data.write_text("\n" + json.dumps(GOOD) + "\n", encoding="utf-8")  # a blank first line
    piped = _score_standard_input(data.read_bytes())
    assert piped.returncode == 0, piped.stderr
    assert json.loads(piped.stdout)["value"] == 1.0


def test_a_run_from_standard_input_records_it_and_its_report_asks_for_the_dataset(tmp_path: Path) -> None:
    from faithcheck._report import report_from_run
    from faithcheck._runs.store import STANDARD_INPUT, RunStore

    data = tmp_path / "rows.jsonl"
    data.write_text(json.dumps(GOOD) + "\n", encoding="utf-8")
    store_path = tmp_path / "runs.sqlite"
    piped = subprocess.run(
        [sys.executable, "-m", "faithcheck", "score", "-", "--quiet", "--store", str(store_path)],
        input=data.read_bytes(),
        capture_output=True,
        timeout=300,
    )
    assert piped.returncode == 0, piped.stderr
    store = RunStore(store_path)
    run_id = store.resolve("latest")
    assert store.get_run(run_id).input_path == STANDARD_INPUT  # not the spooled copy, which is gone
    without = report_from_run(store, run_id)
    assert without.notes == [
        "the run read its rows from standard input or a pipe: pass the dataset with --input to see the texts"
    ]
    with_input = report_from_run(store, run_id, input_path=data)
    assert with_input.notes == []
    assert GOOD["sut_response"] in json.dumps(with_input.rows)


def test_a_pipe_is_read_once_like_standard_input(tmp_path: Path) -> None:
    # bash's <(command) gives /dev/fd/N: a pipe without a telling name, read once (the format is sniffed)
    data = tmp_path / "rows.jsonl"
    data.write_text(json.dumps(GOOD) + "\n" + json.dumps({**GOOD, "input_id": "second"}) + "\n", encoding="utf-8")
    substituted = subprocess.run(
        ["bash", "-c", f"{sys.executable} -m faithcheck score <(cat {data}) --quiet --no-store"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert substituted.returncode == 0, substituted.stderr
    assert [json.loads(line)["input_id"] for line in substituted.stdout.splitlines()] == ["good", "second"]

    # a named pipe whose name gives the format (CSV here, which sniffing would not need)
    fifo = tmp_path / "rows.csv"
    os.mkfifo(fifo)
    row = {**GOOD, "retrieved_context": json.dumps(GOOD["retrieved_context"])}

    def write() -> None:  # blocks until the reader opens the pipe
        with fifo.open("w", newline="", encoding="utf-8") as fh:
            table = csv.DictWriter(fh, fieldnames=list(row))
            table.writeheader()
            table.writerow(row)

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    named = _faithcheck("score", str(fifo), "--quiet", "--no-store")
    writer.join(timeout=60)
    assert named.returncode == 0, named.stderr
    assert json.loads(named.stdout)["value"] == 1.0


def test_two_columns_renamed_to_one_are_refused_from_python_too() -> None:
    rows = [{**GOOD, "title": "Another question?"}]
    with pytest.raises(InputError, match="'prompt' and 'title' are both mapped to 'prompt'"):
        score_dataset(rows, column_map={"prompt": "prompt", "title": "prompt"})
    renamed = score_dataset(rows, column_map={"title": "prompt"})  # one source: it replaces the column
    assert renamed.records is not None
    assert renamed.records[0]["status"] == "ok"


# -- damaged files: a bad page or a stray NUL costs its rows, not the file (issue 27, items 6 and 8) --


def _damaged_parquet(path: Path, rows: int = 30, group_rows: int = 10) -> Path:
    """A real Parquet file of ``rows`` rows in row groups of ``group_rows``, whose second row group
    has a data page overwritten: the footer (and so the schema and row counts) stays valid."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    answers = [f"The warranty lasts {i} years." for i in range(rows)]
    table = pa.Table.from_pylist(
        [{**GOOD, "input_id": f"r{i}", "sut_response": a, "retrieved_context": [a]} for i, a in enumerate(answers)]
    )
    pq.write_table(table, path, row_group_size=group_rows, compression="snappy", use_dictionary=False)
    chunk = pq.ParquetFile(path).metadata.row_group(1).column(table.schema.get_field_index("sut_response"))
    start, end = chunk.data_page_offset, chunk.data_page_offset + chunk.total_compressed_size
    middle = (start + end) // 2  # past the page header: its compressed data
    raw = bytearray(path.read_bytes())
    raw[middle:end] = b"\xff" * (end - middle)
    path.write_bytes(bytes(raw))
    check_source(path)  # the footer is intact: the file passes the up-front check
    return path


def test_a_damaged_parquet_page_costs_the_rows_of_its_row_group_only(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from faithcheck._cli.main import main

    data = _damaged_parquet(tmp_path / "rows.parquet")
    out = tmp_path / "scores.jsonl"
    args = ["score", str(data), "-o", str(out), "--quiet", "--no-store"]
    for attempt in ("first run", "rerun"):  # a rerun used to crash at the same place
        done = CliRunner().invoke(main, args)
        assert done.exit_code == 0, (attempt, done.output, done.exception)  # error rows, no gate: as for any
        records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
        assert [r["row"] for r in records] == list(range(1, 31))
        damaged = [r for r in records if r["status"] == "error"]
        assert [r["row"] for r in damaged] == list(range(11, 21))
        for record in damaged:
            assert record["value"] is None
            assert record["message"].startswith(f"row {record['row']}: cannot be read")
            assert "rows.parquet is damaged in row group 2 (rows 11-20)" in record["message"]
            assert "Corrupt snappy compressed data" in record["message"]  # the fault, as pyarrow names it
        scored = [r for r in records if r["status"] != "error"]
        assert [r["input_id"] for r in scored] == [f"r{i}" for i in (*range(10), *range(20, 30))]
        assert all(r["value"] == 1.0 for r in scored)
    strict = CliRunner().invoke(main, [*args, "--overwrite", "--fail-on-error"])
    assert strict.exit_code == 3, strict.output  # rows in error, as for any error row


def _nul_rows(fmt: str, nul_row: int, rows: int) -> bytes:
    """A JSONL or CSV file of ``rows`` good rows, each with a 16 KB column of notes (not scored),
    whose row ``nul_row`` has a NUL byte in its answer."""
    answers = [f"The warranty lasts {i} years." for i in range(rows)]
    answers[nul_row - 1] = "The warranty\x00 lasts 2 years."
    notes = "n" * 16_000
    records = [{**GOOD, "input_id": f"r{i + 1}", "sut_response": a, "notes": notes} for i, a in enumerate(answers)]
    if fmt == "jsonl":  # the NUL as a raw byte, as a damaged file holds it (json.dumps would escape it)
        return b"".join(json.dumps(r).replace("\\u0000", "\x00").encode() + b"\n" for r in records)
    lines = ["input_id,prompt,sut_response,retrieved_context,notes"]
    lines += [f'{r["input_id"]},{r["prompt"]},{r["sut_response"]},"[""x""]",{notes}' for r in records]
    return ("\n".join(lines) + "\n").encode()


@pytest.mark.parametrize("fmt", ["jsonl", "csv"])
def test_a_nul_byte_near_the_start_is_that_rows_problem_as_anywhere_else(tmp_path: Path, fmt: str) -> None:
    """One NUL in the first 64 KiB used to refuse the whole file as UTF-16; the same row later in
    the file was read as a row. Now both places give the same record."""
    rows = 6
    early = tmp_path / f"early.{fmt}"
    late = tmp_path / f"late.{fmt}"
    early.write_bytes(_nul_rows(fmt, 2, rows))
    late.write_bytes(_nul_rows(fmt, rows, rows))
    assert late.read_bytes().index(b"\x00") > 1 << 16 > early.read_bytes().index(b"\x00")
    check_source(early)  # no DatasetError: the file is UTF-8
    found = []
    for data, row in ((early, 2), (late, rows)):
        records = score_dataset(data, _METRIC).records
        assert records is not None
        assert [r["row"] for r in records] == list(range(1, rows + 1))
        assert [r["row"] for r in records if r["status"] == "error"] == ([row] if fmt == "jsonl" else [])
        found.append(records[row - 1])
    first, second = found
    assert (first["status"], first["value"]) == (second["status"], second["value"])
    if fmt == "jsonl":  # a raw control character is not JSON: that row's error, like any bad line
        assert first["message"].startswith("row 2: not valid JSON (Invalid control character")
        assert second["message"].startswith(f"row {rows}: not valid JSON (Invalid control character")
    else:  # CSV has no escapes: the NUL is a character of the cell, scored like any other text
        assert first["status"] == "ok"
    cli = _faithcheck("score", str(early), "-o", str(tmp_path / f"early-scores.{fmt}"), "--no-store", "--quiet")
    assert cli.returncode == 0, cli.stderr  # not exit 2 ("not UTF-8"): the rows were scored


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be", "utf-32-le", "utf-16"])
def test_utf16_and_utf32_are_still_refused_with_or_without_a_bom(tmp_path: Path, encoding: str) -> None:
    for name, text in (
        ("rows.jsonl", json.dumps(GOOD, ensure_ascii=False) + "\n"),
        ("rows.csv", 'input_id,prompt,sut_response,retrieved_context\n日本,質問?,答え。,"[""文脈""]"\n'),
    ):
        data = tmp_path / name
        data.write_bytes(text.encode(encoding))
        with pytest.raises(DatasetError, match="looks like UTF-16 or UTF-32"):
            check_source(data)
