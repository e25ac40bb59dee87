"""The dataset runner: formats, column maps, bad rows, outputs, resume after SIGKILL, timeouts, run store."""

from __future__ import annotations

import asyncio
import csv
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from faithcheck import Faithfulness, score_dataset
from faithcheck._metrics.config import Lang
from faithcheck._models.embedding import FP32_ID
from faithcheck._models.encoder_int8 import INT8_ID
from faithcheck._pipeline.verify import BaselineVerifier, ClaimCheck, EvidenceNeeds, VerifierOutput

from .conftest import REPO
from .in_process import faithcheck

ROWS: list[dict[str, Any]] = [
    {
        "input_id": "a",
        "prompt": "What is our return window?",
        "sut_response": "You can return items within 30 days. We offer free return shipping.",
        "retrieved_context": [
            "Customers may return items within 30 days of purchase.",
            "Return shipping is free for defective items only.",
        ],
    },
    {
        "input_id": "b",
        "prompt": "How long is the warranty?",
        "sut_response": "The warranty lasts 2 years.",
        "retrieved_context": ["The warranty lasts 2 years."],
    },
    {
        "input_id": "c",
        "prompt": [
            {"role": "user", "content": "Do you ship to Canada?", "context": ["We ship to Canada and Mexico."]},
            {"role": "assistant", "content": "Yes, we ship to Canada."},
            {"role": "user", "content": "How long does it take?"},
        ],
        "task_type": "multi_turn_rag",
        "sut_response": "We ship to Canada. Delivery takes 7 days.",
        "retrieved_context": ["Delivery to Canada takes 7 days."],
    },
]
EXPECTED = {"a": 0.5, "b": 1.0, "c": 1.0}


def _cli(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return faithcheck(*args, cwd=cwd)


def _values(records: Sequence[dict[str, Any]]) -> dict[str, float | None]:
    return {r["input_id"]: r["value"] for r in records}


def _write_jsonl(path: Path, rows: Sequence[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_multi_turn_answer_uses_evidence_from_earlier_turns() -> None:
    result = score_dataset([ROWS[2]])
    assert result.records is not None
    record = result.records[0]
    assert record["value"] == 1.0
    # "We ship to Canada." is supported by the first turn's context, not by retrieved_context
    assert record["claims"][0]["verdict"]["evidence"]["quote"] == "We ship to Canada and Mexico."


def test_python_objects_pandas_arrow_datasets() -> None:
    import datasets
    import pandas as pd
    import pyarrow as pa

    flat = [{**r, "retrieved_context": r["retrieved_context"]} for r in ROWS[:2]]
    for source in (pd.DataFrame(flat), pa.Table.from_pylist(flat), datasets.Dataset.from_list(flat), flat):
        result = score_dataset(source)
        assert result.records is not None
        assert _values(result.records) == {"a": 0.5, "b": 1.0}, type(source)
        assert result.summary.rows == 2


def test_a_mapping_of_columns_is_a_dataset_and_any_other_mapping_is_refused() -> None:
    import datasets
    import numpy as np
    import pyarrow as pa

    from faithcheck._core.errors import DatasetError

    flat = ROWS[:2]
    columns = {name: [r[name] for r in flat] for name in flat[0]}
    table = pa.Table.from_pylist(flat)
    for source in (columns, {k: np.array(v, dtype=object) for k, v in columns.items()}, {k: table[k] for k in columns}):
        result = score_dataset(source)
        assert result.records is not None
        assert _values(result.records) == {"a": 0.5, "b": 1.0}
    # a row as a mapping used to be read as one error row per key
    with pytest.raises(DatasetError, match="its column 'input_id' is a str, not a list"):
        score_dataset(flat[0])
    with pytest.raises(DatasetError, match=r"columns differ in length \(input_id 2, prompt 1,"):
        score_dataset({**columns, "prompt": columns["prompt"][:1]})
    splits = datasets.DatasetDict({"test": datasets.Dataset.from_list(flat)})
    with pytest.raises(DatasetError, match=r"is not one dataset: pass one, e.g. data\['test'\]"):
        score_dataset(splits)


def test_csv_with_column_map_and_bad_rows(tmp_path: Path) -> None:
    data = tmp_path / "rows.csv"
    with data.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.DictWriter(fh, fieldnames=["id", "question", "answer", "contexts"])
        writer.writeheader()
        for r in ROWS:
            prompt = r["prompt"] if isinstance(r["prompt"], str) else json.dumps(r["prompt"])
            writer.writerow(
                {
                    "id": r["input_id"],
                    "question": prompt,
                    "answer": r["sut_response"],
                    "contexts": json.dumps(r["retrieved_context"]),
                }
            )
        writer.writerow({"id": "bad-json", "question": "Q?", "answer": "A.", "contexts": "[not json"})
        writer.writerow({"id": "empty", "question": "Q?", "answer": "A.", "contexts": "[]"})
    out = tmp_path / "out.jsonl"
    done = _cli(
        "score",
        str(data),
        "-o",
        str(out),
        "--map",
        "id=input_id,question=prompt,answer=sut_response,contexts=retrieved_context",
    )
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in out.read_text().splitlines()]
    by_row = {r["row"]: r for r in records}
    assert _values([by_row[1], by_row[2], by_row[3]]) == EXPECTED
    assert by_row[4]["status"] == "error"
    # the row keeps its (mapped) id although its passages could not be decoded
    assert by_row[4]["input_id"] == "bad-json"
    assert by_row[4]["message"].startswith("row 4 input_id='bad-json': field 'retrieved_context': not a JSON-encoded")
    assert (
        by_row[5]["message"]
        == "row 5 input_id='empty': field 'retrieved_context': is empty: a non-empty list of passages is required"
    )
    assert "error 2" in done.stderr


def test_parquet_in_and_out(tmp_path: Path) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    rows = [dict(r) for r in ROWS[:2]] + [
        {"input_id": "no-context", "prompt": "Q?", "sut_response": "A.", "retrieved_context": None}
    ]
    data = tmp_path / "rows.parquet"
    pq.write_table(pa.Table.from_pylist(rows), data)
    out = tmp_path / "scores.parquet"
    done = _cli("score", str(data), "-o", str(out), "--quiet")
    assert done.returncode == 0, done.stderr
    table = pq.read_table(out).to_pylist()
    assert {r["input_id"]: r["value"] for r in table} == {"a": 0.5, "b": 1.0, "no-context": None}
    claims = pq.read_table(tmp_path / "scores.claims.parquet").to_pylist()
    assert [(c["input_id"], c["label"]) for c in claims] == [("a", "supported"), ("a", "overclaim"), ("b", "supported")]
    overclaim = claims[1]
    assert (overclaim["evidence_passage"], overclaim["evidence_quote"]) == (
        1,
        "Return shipping is free for defective items only.",
    )
    evidence_set = json.loads(overclaim["evidence_json"])  # every sentence the verdict rests on
    assert overclaim["evidence_count"] == len(evidence_set) >= 1
    assert (overclaim["evidence_start"], overclaim["evidence_end"]) in [(e["start"], e["end"]) for e in evidence_set]
    assert not list(tmp_path.glob("*.partial.jsonl"))


def test_existing_output_needs_overwrite_or_resume(tmp_path: Path) -> None:
    data = _write_jsonl(tmp_path / "in.jsonl", ROWS[:2])
    out = tmp_path / "out.jsonl"
    assert _cli("score", str(data), "-o", str(out), "--quiet").returncode == 0
    again = _cli("score", str(data), "-o", str(out), "--quiet", "--no-resume")
    assert again.returncode == 2
    assert "--overwrite" in again.stderr
    resumed = _cli("score", str(data), "-o", str(out))  # nothing left to do
    assert resumed.returncode == 0, resumed.stderr
    assert "2 rows were already done" in resumed.stderr
    assert len(out.read_text().splitlines()) == 2
    other = _cli("score", str(data), "-o", str(out), "--threshold", "0.9", "--quiet")
    assert other.returncode == 2  # a different configuration never mixes into the same output
    model_out = tmp_path / "model.jsonl"
    assert _cli("score", str(data), "-o", str(model_out), "--quiet", "--verifier", "model").returncode == 0
    meta_path = model_out.with_name(model_out.name + ".run.json")
    meta = json.loads(meta_path.read_text())
    assert meta["versions"]["verifier_model"].startswith("sha256:")
    meta["versions"]["verifier_model"] = "sha256:0000 threshold=0.5"  # as if scored by other weights
    meta_path.write_text(json.dumps(meta))
    newer = _cli("score", str(data), "-o", str(model_out), "--quiet", "--verifier", "model")
    assert newer.returncode == 2  # nor do scores of a different verifier model
    meta_path = out.with_name(out.name + ".run.json")
    meta = json.loads(meta_path.read_text())
    assert meta["versions"]["encoder"] == INT8_ID
    meta["versions"]["encoder"] = FP32_ID  # as if scored where the int8 encoder fell back to fp32
    meta_path.write_text(json.dumps(meta))
    fallback = _cli("score", str(data), "-o", str(out), "--quiet")
    assert fallback.returncode == 2  # nor do scores of another sentence encoder


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start_scoring(
    tmp_path: Path, n_rows: int, batch_size: int, wait_for_rows: int
) -> tuple[subprocess.Popen[str], list[dict[str, Any]], Path, Path, Path]:
    """Start `faithcheck score` on ``n_rows`` rows and return once the journal holds ``wait_for_rows``.

    ``n_rows`` must be large enough that the run cannot finish between two polls (rows are
    flushed every 50 rows or every second)."""
    rows = [{**ROWS[i % 2], "input_id": f"r{i:03d}"} for i in range(n_rows)]
    data = _write_jsonl(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    journal = tmp_path / "out.jsonl.partial.jsonl"
    args = [sys.executable, "-m", "faithcheck", "score", str(data), "-o", str(out), "--quiet"]
    proc = subprocess.Popen(
        [*args, "--batch-size", str(batch_size)],
        cwd=REPO,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        # a test run started in the background (`.ci/run &`) inherits SIGINT as ignored, and Python
        # then never turns Ctrl-C into KeyboardInterrupt: give the child the default disposition
        preexec_fn=_default_sigint,
    )
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and not (journal.exists() and journal.read_bytes().count(b"\n") >= wait_for_rows):
        time.sleep(0.05)
    return proc, rows, data, out, journal


def test_sigkill_then_resume_scores_every_row_exactly_once(tmp_path: Path) -> None:
    proc, rows, data, out, journal = _start_scoring(tmp_path, n_rows=300, batch_size=16, wait_for_rows=10)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert not out.exists()  # the output path never holds a half-written file
    written = len(journal.read_bytes().splitlines())
    assert 10 <= written < 300
    done = _cli("score", str(data), "-o", str(out))
    assert done.returncode == 0, done.stderr
    ids = [json.loads(line)["input_id"] for line in out.read_text().splitlines()]
    assert sorted(ids) == sorted(r["input_id"] for r in rows)  # each exactly once
    assert "rows were already done" in done.stderr


def test_torn_last_line_is_repaired_on_resume(tmp_path: Path) -> None:
    data = _write_jsonl(tmp_path / "in.jsonl", ROWS[:2])
    out = tmp_path / "out.jsonl"
    first = score_dataset(data, output=out)
    line = out.read_text().splitlines()[0]
    meta = out.with_name("out.jsonl.run.json")
    assert meta.exists()
    journal = out.with_name("out.jsonl.partial.jsonl")
    journal.write_text(line + "\n" + line[:25], encoding="utf-8")  # a crash mid-write
    out.unlink()
    again = score_dataset(data, output=out)
    assert again.resumed_rows == 1
    assert sorted(json.loads(x)["input_id"] for x in out.read_text().splitlines()) == ["a", "b"]
    assert first.summary.mean == again.summary.mean


class _SlowVerifier:
    """The default verifier, 5 s late."""

    name = "slow"
    needs = EvidenceNeeds()
    model_id = BaselineVerifier().model_id  # the default's weights: its rows may resume a default run

    async def averify(self, checks: Sequence[ClaimCheck], lang: Lang) -> VerifierOutput:
        await asyncio.sleep(5)
        return await BaselineVerifier().averify(checks, lang)


class _CrashingMetric(Faithfulness):
    """A metric with a bug: it raises where the metric's own error handling does not reach."""

    async def aevaluate(self, case: Any) -> Any:
        raise RuntimeError("boom")


def test_an_unforeseen_crash_is_an_error_record_that_names_the_row() -> None:
    result = score_dataset(ROWS[:2], _CrashingMetric())
    assert result.records is not None
    assert [(r["status"], r["input_id"]) for r in result.records] == [("error", "a"), ("error", "b")]
    assert result.records[0]["message"] == "row 1 input_id='a': could not be scored: RuntimeError: boom"


def test_row_timeout_is_an_error_record() -> None:
    metric = Faithfulness(verifier_backend=_SlowVerifier())
    result = score_dataset(ROWS[:2], metric, row_timeout=0.3)
    assert result.records is not None
    assert [r["status"] for r in result.records] == ["error", "error"]
    assert all(r["message"] == "timeout: the row took longer than 0.3 s" for r in result.records)


def test_job_timeout_keeps_finished_rows_for_resume(tmp_path: Path) -> None:
    data = _write_jsonl(tmp_path / "in.jsonl", ROWS)
    out = tmp_path / "out.jsonl"
    result = score_dataset(data, Faithfulness(verifier_backend=_SlowVerifier()), output=out, job_timeout=0.5)
    assert result.summary.status == "timeout"
    assert not out.exists()
    finished = score_dataset(data, output=out)
    assert finished.summary.status == "finished"
    assert _values([json.loads(x) for x in out.read_text().splitlines()]) == EXPECTED


def test_summary_json_and_run_store(tmp_path: Path) -> None:
    data = _write_jsonl(tmp_path / "in.jsonl", ROWS)
    store = tmp_path / "runs.sqlite"
    summary = tmp_path / "summary.json"
    first = _cli(
        "score", str(data), "-o", str(tmp_path / "a.jsonl"), "--store", str(store), "--summary-json", str(summary)
    )
    assert first.returncode == 0, first.stderr
    facts = json.loads(summary.read_text())
    assert facts["rows"] == 3
    assert facts["statuses"] == {"ok": 3}
    assert facts["mean"] == pytest.approx(2.5 / 3)
    assert facts["ci95"][0] < facts["mean"] < facts["ci95"][1]
    assert facts["ci95"][1] == 1.0  # Student t reaches 1.55 on three rows: cut to the score's range
    assert facts["worst"][0]["input_id"] == "a"
    assert facts["labels"]["overclaim"] == 1
    # strict mode zeroes row "a" (one unsupported claim): a regression the diff must show first
    second = _cli(
        "score",
        str(data),
        "-o",
        str(tmp_path / "b.jsonl"),
        "--store",
        str(store),
        "--strict-threshold",
        "0.5",
        "--quiet",
    )
    assert second.returncode == 0, second.stderr
    listed = _cli("runs", "list", "--store", str(store), "--json")
    runs = json.loads(listed.stdout)
    assert len(runs) == 2
    newest, oldest = runs[0]["run_id"], runs[1]["run_id"]
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    listed_table = faithcheck("runs", "list", "--store", str(store), env=env)
    assert listed_table.returncode == 0, listed_table.stderr
    table = listed_table.stdout
    # piped, the table is as wide as its cells: whole ids, statuses and input paths
    assert all(any(run_id in line and "finished" in line and str(data) in line for line in table.splitlines())
               for run_id in (newest, oldest))  # fmt: skip
    diff = _cli("runs", "diff", oldest[:6], newest[:6], "--store", str(store), "--json")
    assert diff.returncode == 0, diff.stderr
    report = json.loads(diff.stdout)
    assert report["same_dataset"] is True
    assert report["counts"]["regression"] == 1
    assert [(r["kind"], r["input_id"], r["value_a"], r["value_b"]) for r in report["rows"]] == [
        ("regression", "a", 0.5, 0.0)
    ]
    gate = _cli("runs", "diff", oldest, newest, "--store", str(store), "--fail-on-regression")
    assert gate.returncode == 1
    by_age = _cli("runs", "diff", "latest~1", "latest", "--store", str(store), "--json")
    assert by_age.returncode == 0, by_age.stderr
    assert json.loads(by_age.stdout)["rows"] == report["rows"]
    show = _cli("runs", "show", newest, "--store", str(store), "--json")
    assert json.loads(show.stdout)["config"]["strict_threshold"] == 0.5


def test_ctrl_c_stops_cleanly_and_the_run_resumes(tmp_path: Path) -> None:
    proc, rows, data, out, _ = _start_scoring(tmp_path, n_rows=200, batch_size=8, wait_for_rows=5)
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert "run the same command to resume" in stderr
    done = _cli("score", str(data), "-o", str(out), "--quiet")
    assert done.returncode == 0, done.stderr
    ids = [json.loads(line)["input_id"] for line in out.read_text().splitlines()]
    assert sorted(ids) == sorted(r["input_id"] for r in rows)
