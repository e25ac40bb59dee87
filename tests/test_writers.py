"""Result output (faithcheck._runs.io.writers): one writer per output, input order, CSV.

Real files and real processes: the single-writer rule is checked with two `faithcheck score`
processes on one output, and the order with rows of very different cost scored concurrently.
"""

from __future__ import annotations

import csv
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from faithcheck import score_dataset
from faithcheck._runs.io.tables import CSV_COLUMNS
from faithcheck._runs.io.writers import (
    OutputLockedError,
    ResultSink,
    claims_table_path,
    lock_path,
)

from .conftest import REPO
from .in_process import faithcheck

META: dict[str, Any] = {"dataset_fingerprint": "sha256:0", "config": {}, "format": "jsonl", "versions": {}}


def _rows(n: int) -> list[dict[str, Any]]:
    """``n`` small dataset rows, one supported claim each."""
    return [
        {
            "input_id": f"r{i:03d}",
            "prompt": "How long is the warranty?",
            "sut_response": f"The warranty lasts {i} years.",
            "retrieved_context": [f"The warranty lasts {i} years."],
        }
        for i in range(n)
    ]


def _write_jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _record(row: int, **extra: Any) -> dict[str, Any]:
    claim = {"id": "c1", "text": f"claim of row {row}", "start": 0, "end": 5}
    verdict = {"label": "supported", "score": 0.9, "reason": "r", "evidence": None}
    return {
        "row": row,
        "input_id": f"id-{row}",
        "metric_name": "faithfulness",
        "value": 1.0,
        "unit_value": 1.0,
        "passed": True,
        "threshold": 0.7,
        "status": "ok",
        "reason": "all claims supported",
        "message": None,
        "weight": 1.0,
        "claims": [{"claim": claim, "verdict": verdict, "error": None}],
        "usage": {"llm_calls": 0, "input_tokens": 0, "output_tokens": 0, "cache_hits": 0, "cost_usd": None},
        **extra,
    }


def _score_args(data: Path, out: Path, *extra: str) -> list[str]:
    return ["score", str(data), "-o", str(out), "--quiet", "--no-store", *extra]


def _score(data: Path, out: Path, *extra: str) -> list[str]:
    """The command line of a run in its own process (one that other runs meet holding the output)."""
    return [sys.executable, "-m", "faithcheck", *_score_args(data, out, *extra)]


# -- one writer per output ---------------------------------------------------------------------------


def test_a_second_run_on_the_same_output_is_refused_naming_the_first_runs_pid(tmp_path: Path) -> None:
    rows = _rows(300)
    data = _write_jsonl(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    journal = tmp_path / "out.jsonl.partial.jsonl"
    first = subprocess.Popen(_score(data, out, "--batch-size", "16"), cwd=REPO, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 120
        while not journal.exists() and first.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        os.kill(first.pid, signal.SIGSTOP)  # hold the first run in flight, its output open
        assert first.poll() is None, "the first run ended before the second could start"
        started = time.monotonic()
        second = faithcheck(*_score_args(data, out), cwd=REPO)  # in this process: the first run is the other one
        refused_after = time.monotonic() - started
    finally:
        os.kill(first.pid, signal.SIGCONT)
    _, first_err = first.communicate(timeout=300)
    assert first.returncode == 0, first_err
    assert second.returncode == 2, second.stderr
    assert f"pid {first.pid}" in second.stderr
    assert "Traceback" not in second.stderr
    assert refused_after < 30  # at once: it did not wait for the first run
    ids = [json.loads(line)["input_id"] for line in out.read_text(encoding="utf-8").splitlines()]
    assert ids == [r["input_id"] for r in rows]  # exactly one line per input_id, in input order
    assert not lock_path(out).exists()


_HOLD_SINK = """
import sys, time
from pathlib import Path
from faithcheck._runs.io.writers import ResultSink
meta = {"dataset_fingerprint": "sha256:0", "config": {}, "format": "jsonl", "versions": {}}
sink = ResultSink(Path(sys.argv[1]), "jsonl", meta=meta, resume=True, overwrite=False)
sink.write([{"row": 1, "input_id": "a"}])
print("ready", flush=True)
time.sleep(600)
"""


def test_the_lock_dies_with_its_process_so_a_killed_run_resumes(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    holder = subprocess.Popen([sys.executable, "-c", _HOLD_SINK, str(out)], cwd=REPO, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "ready"
        with pytest.raises(OutputLockedError) as refused:
            ResultSink(out, "jsonl", meta=META, resume=True, overwrite=True)
        assert refused.value.pid == holder.pid
        assert f"pid {holder.pid}" in str(refused.value)
        journal = tmp_path / "out.jsonl.partial.jsonl"
        assert journal.read_bytes().count(b"\n") == 1  # even with overwrite=True, the holder's rows are untouched
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait()
    assert lock_path(out).exists()  # left behind by kill -9, but no longer held
    with ResultSink(out, "jsonl", meta=META, resume=True, overwrite=False) as sink:
        assert sink.done == {1}
        sink.write([{"row": 2, "input_id": "b"}])
        assert sink.finish() == [out]
    assert [json.loads(x)["input_id"] for x in out.read_text().splitlines()] == ["a", "b"]
    assert not lock_path(out).exists()


def test_a_sink_in_the_same_process_is_refused_too_and_close_releases(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    first = ResultSink(out, "jsonl", meta=META, resume=True, overwrite=False)
    with pytest.raises(OutputLockedError, match=f"pid {os.getpid()}"):
        ResultSink(out, "jsonl", meta=META, resume=True, overwrite=False)
    first.close()
    again = ResultSink(out, "jsonl", meta=META, resume=True, overwrite=False)
    del again  # dropped without close: the lock goes with the object
    ResultSink(out, "jsonl", meta=META, resume=True, overwrite=False).close()


def test_an_output_through_a_symlink_locks_and_writes_its_target_and_the_link_stays(tmp_path: Path) -> None:
    """issue 27 item 9: `-o LINK` is the file LINK points to, for the lock as for the writes."""
    data = _write_jsonl(tmp_path / "in.jsonl", _rows(5))
    target = tmp_path / "results" / "scores.jsonl"
    target.parent.mkdir()
    link = tmp_path / "latest.jsonl"
    link.symlink_to(Path("results") / "scores.jsonl")  # relative, and dangling until the first run
    holder = subprocess.Popen(
        [sys.executable, "-c", _HOLD_SINK, str(target)], cwd=REPO, stdout=subprocess.PIPE, text=True
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "ready"
        refused = faithcheck(*_score_args(data, link), cwd=REPO)
    finally:
        os.kill(holder.pid, signal.SIGKILL)
        holder.wait()
    assert refused.returncode == 2, refused.stderr  # one lock for the file, whatever name it is written by
    assert f"pid {holder.pid}" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert not lock_path(link).exists()

    for extra in (["--overwrite"], []):  # scored, then "already complete" through the link again
        done = faithcheck(*_score_args(data, link, *extra), cwd=REPO)
        assert done.returncode == 0, done.stderr
        assert link.is_symlink()
        assert os.readlink(link) == str(Path("results") / "scores.jsonl")
        ids = [json.loads(line)["input_id"] for line in target.read_text(encoding="utf-8").splitlines()]
        assert ids == [f"r{i:03d}" for i in range(5)]
        assert sorted(p.name for p in tmp_path.iterdir()) == ["in.jsonl", "latest.jsonl", "results"]
        assert sorted(p.name for p in target.parent.iterdir()) == ["scores.jsonl", "scores.jsonl.run.json"]


# -- input order -------------------------------------------------------------------------------------


def test_output_is_in_input_order_when_rows_finish_out_of_order(tmp_path: Path) -> None:
    """A costly first row (many claims, a long passage) finishes after the cheap rows scored beside it."""
    passage = " ".join(f"Item {i} costs {i * 3} dollars and ships in {i % 7 + 1} days." for i in range(200))
    costly = {
        "input_id": "costly",
        "prompt": "What do the items cost?",
        "sut_response": " ".join(f"Item {i} costs {i * 3} dollars." for i in range(80)),
        "retrieved_context": [passage],
    }
    rows = [costly, *_rows(9)]
    data = _write_jsonl(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.jsonl"
    done = faithcheck(*_score_args(data, out, "--concurrency-limit", "4"), cwd=REPO)
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["input_id"] for r in records] == [r["input_id"] for r in rows]
    assert [r["row"] for r in records] == list(range(1, 11))
    assert all(r["status"] == "ok" for r in records)


def test_journal_out_of_order_with_a_repeated_row_gives_each_row_once_in_order(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    with ResultSink(out, "jsonl", meta=META, resume=True, overwrite=False) as sink:
        sink.write([_record(3), _record(1)])
        sink.write([_record(2), _record(3, value=0.5)])  # a row written twice: the last one wins
        sink.finish()
    records = [json.loads(x) for x in out.read_text().splitlines()]
    assert [(r["row"], r["value"]) for r in records] == [(1, 1.0), (2, 1.0), (3, 0.5)]


def test_resumed_journal_is_ordered_with_the_new_rows(tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    journal = out.with_name("out.jsonl.partial.jsonl")
    sink = ResultSink(out, "jsonl", meta=META, resume=True, overwrite=False)
    sink.write([_record(4), _record(2)])
    sink.close()  # as if killed: the journal stays
    with journal.open("ab") as fh:
        fh.write(b'{"row": 9, "inp')  # a torn last line
    with ResultSink(out, "jsonl", meta=META, resume=True, overwrite=False) as again:
        assert again.done == {2, 4}
        again.write([_record(3), _record(1)])
        again.finish()
    assert [json.loads(x)["row"] for x in out.read_text().splitlines()] == [1, 2, 3, 4]
    assert not journal.exists()


@pytest.mark.parametrize("fmt", ["csv", "parquet"])
def test_a_journal_of_records_without_warnings_resumes_into_csv_and_parquet(tmp_path: Path, fmt: str) -> None:
    """A run interrupted before records carried ``warnings`` resumes: its rows get none, new rows theirs."""
    out = tmp_path / f"out.{fmt}"
    meta = {**META, "format": fmt}
    sink = ResultSink(out, fmt, meta=meta, resume=True, overwrite=False)
    sink.write([_record(1)])  # an older record: no warnings field
    sink.close()  # as if killed
    with ResultSink(out, fmt, meta=meta, resume=True, overwrite=False) as again:
        again.write([_record(2, warnings=["the row looks German (de) but was scored as English (en)"])])
        again.finish()
    if fmt == "csv":
        with out.open(encoding="utf-8", newline="") as fh:
            warnings = [json.loads(r["warnings"]) for r in csv.DictReader(fh)]
    else:
        warnings = pq.read_table(out).column("warnings").to_pylist()
    assert warnings == [[], ["the row looks German (de) but was scored as English (en)"]]


def test_parquet_is_in_row_order_across_chunks(tmp_path: Path) -> None:
    out = tmp_path / "out.parquet"
    n = 12_000  # more than one Parquet chunk (5,000 records)
    with ResultSink(out, "parquet", meta={**META, "format": "parquet"}, resume=True, overwrite=False) as sink:
        for start in range(0, n, 500):
            sink.write([_record(row) for row in reversed(range(start + 1, start + 501))])
        sink.write([_record(1, value=0.25)])
        assert sink.finish() == [out, claims_table_path(out)]
    rows = pq.read_table(out, columns=["row", "value"]).to_pylist()
    assert [r["row"] for r in rows] == list(range(1, n + 1))
    assert rows[0]["value"] == 0.25
    claim_rows = pq.read_table(claims_table_path(out), columns=["row"]).column("row").to_pylist()
    assert claim_rows == list(range(1, n + 1))


def _evidence(passage: int, start: int, quote: str) -> dict[str, Any]:
    return {"passage_index": passage, "start": start, "end": start + len(quote), "quote": quote}


def _multi_evidence_records() -> list[dict[str, Any]]:
    """Row 1: a verdict resting on two sentences of two passages; row 2: a record written before
    verdicts had an ``evidence_set``; row 3: a verdict without evidence."""
    first, second = _evidence(0, 0, "Founded in 2004."), _evidence(3, 10, "Sold to Philips.")
    multi = _record(1)
    multi["claims"][0]["verdict"].update(evidence=second, evidence_set=[first, second])
    old = _record(2)
    old["claims"][0]["verdict"]["evidence"] = first
    return [multi, old, _record(3)]


def test_parquet_claims_show_every_sentence_a_verdict_rests_on(tmp_path: Path) -> None:
    out = tmp_path / "out.parquet"
    with ResultSink(out, "parquet", meta={**META, "format": "parquet"}, resume=True, overwrite=False) as sink:
        sink.write(_multi_evidence_records())
        sink.finish()
    claims = pq.read_table(claims_table_path(out)).to_pylist()
    multi, old, none = claims
    assert (multi["evidence_passage"], multi["evidence_quote"]) == (3, "Sold to Philips.")  # the best, as before
    assert multi["evidence_count"] == 2
    assert json.loads(multi["evidence_json"]) == [
        _evidence(0, 0, "Founded in 2004."),
        _evidence(3, 10, "Sold to Philips."),
    ]
    assert old["evidence_count"] == 1
    assert json.loads(old["evidence_json"]) == [_evidence(0, 0, "Founded in 2004.")]
    assert (none["evidence_count"], none["evidence_json"], none["evidence_passage"]) == (0, "[]", None)


# -- CSV -----------------------------------------------------------------------------------------------


def test_csv_output_round_trips_with_dictreader(tmp_path: Path) -> None:
    rows = [
        *_rows(3),
        {
            "input_id": 'tricky "id", with\ncomma',
            "prompt": "Q?",
            "sut_response": "Ünïcode, “quotes”.",
            "retrieved_context": ["Ünïcode, “quotes”."],
        },
        {"input_id": "broken", "prompt": "Q?", "sut_response": "A.", "retrieved_context": []},
    ]
    data = _write_jsonl(tmp_path / "in.jsonl", rows)
    out = tmp_path / "out.csv"
    result = score_dataset(data, output=out, output_format="csv")
    assert result.files == [out]
    jsonl = score_dataset(data, output=tmp_path / "out.jsonl")
    expected = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text(encoding="utf-8").splitlines()]
    assert jsonl.summary.rows == 5
    with out.open(encoding="utf-8", newline="") as fh:
        reader = csv.DictReader(fh)
        assert tuple(reader.fieldnames or ()) == CSV_COLUMNS
        got = list(reader)
    assert len(got) == len(expected) == 5
    for cells, record in zip(got, expected, strict=True):
        assert int(cells["row"]) == record["row"]
        assert cells["input_id"] == record["input_id"]
        assert cells["status"] == record["status"]
        assert cells["passed"] == ("true" if record["passed"] else "false")
        assert (float(cells["value"]) if cells["value"] else None) == record["value"]
        assert (cells["message"] or None) == record["message"]
        assert json.loads(cells["claims_json"]) == record["claims"]
        for claim in record["claims"]:  # every sentence a verdict rests on, the best one among them
            evidence, evidence_set = claim["verdict"]["evidence"], claim["verdict"]["evidence_set"]
            assert evidence in evidence_set if evidence is not None else evidence_set == []
        labels = [c["verdict"]["label"] for c in record["claims"] if c["verdict"]]
        assert int(cells["supported_claims"]) == labels.count("supported")
    assert got[3]["input_id"] == 'tricky "id", with\ncomma'
    assert got[4]["status"] == "error"
    assert got[4]["value"] == ""


# -- a full disk, a file too large, a lock file that is a folder (issue 27, items 7 and 9) ----------

SAMPLE = REPO / "examples" / "sample.jsonl"
_LIMITED_FAITHCHECK = """
import resource, sys
from faithcheck._text.language import row_language
row_language("The warranty lasts 2 years.", ["The warranty lasts 2 years."], "How long?")
resource.setrlimit(resource.RLIMIT_FSIZE, (int(sys.argv[1]), resource.getrlimit(resource.RLIMIT_FSIZE)[1]))
from faithcheck._cli.main import main
sys.argv = ["faithcheck", *sys.argv[2:]]
main()
"""
"""``faithcheck`` under a file size limit (what ``ulimit -f`` sets), set once start-up is done:
py3langid unpacks its 68 MB language model into a temporary file when first used, so a limit in
force from the start fails every row there, before any output is written."""


def _sample_rows(n: int) -> list[dict[str, Any]]:
    """``n`` rows of the bundled sample (about 1.6 KB of journal each), with ids of their own."""
    sample = [json.loads(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
    return [{**sample[i % len(sample)], "input_id": f"{sample[i % len(sample)]['input_id']}-{i}"} for i in range(n)]


def _whole_lines(path: Path) -> list[dict[str, Any]]:
    raw = path.read_bytes()
    assert raw.endswith(b"\n") or not raw, f"torn last line: {raw[-80:]!r}"
    return [json.loads(line) for line in raw.splitlines()]


def _assert_finished(out: Path, rows: int) -> None:
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["row"] for r in records] == list(range(1, rows + 1))  # every row once, none twice
    assert all(r["status"] in ("ok", "no_claims") for r in records)


def test_a_file_size_limit_stops_the_run_with_exit_5_leaving_whole_lines(tmp_path: Path) -> None:
    data = _write_jsonl(tmp_path / "data.jsonl", _sample_rows(120))  # ~190 KB of journal, flushed 50 rows at a time
    out = tmp_path / "scores.jsonl"
    args = ["score", str(data), "-o", str(out), "--no-store", "--quiet"]
    limited = subprocess.run(
        [sys.executable, "-c", _LIMITED_FAITHCHECK, str(100 * 1024), *args],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert limited.returncode == 5, limited.stderr  # its own code: not 1, "a gate failed"
    assert "Traceback" not in limited.stderr
    journal = out.with_name(out.name + ".partial.jsonl")
    assert f"cannot write {journal}: disk full / file too large (File too large)" in limited.stderr
    assert "run the same command to resume" in limited.stderr
    kept = _whole_lines(journal)  # the write that hit the limit was cut back to the last whole line
    assert 0 < len(kept) < 120
    assert not out.exists()
    resumed = faithcheck(*args)  # the limit was the other process's; this one resumes unlimited
    assert resumed.returncode == 0, resumed.stderr
    _assert_finished(out, 120)


def _can_mount_tmpfs() -> bool:
    try:
        probe = subprocess.run(
            ["unshare", "-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs /mnt"], capture_output=True, timeout=60
        )
    except (OSError, subprocess.TimeoutExpired):
        return False
    return probe.returncode == 0


_FULL_DISK = """
set -u
mount -t tmpfs -o size="$DISK_BYTES" tmpfs "$DISK"
"$PYTHON" -m faithcheck score "$DATA" -o "$DISK/$OUT" --no-store --quiet 2> "$LOGS/full.err"
echo $? > "$LOGS/full.rc"
ls -A "$DISK" > "$LOGS/full.ls"
cp "$DISK/$OUT.partial.jsonl" "$LOGS/journal.jsonl"
mount -o remount,size=8m "$DISK"
"$PYTHON" -m faithcheck score "$DATA" -o "$DISK/$OUT" --no-store --quiet 2> "$LOGS/room.err"
echo $? > "$LOGS/room.rc"
ls -A "$DISK" > "$LOGS/room.ls"
"""


@pytest.mark.skipif(not _can_mount_tmpfs(), reason="needs a tmpfs of its own (unshare -rm, user namespaces)")
@pytest.mark.parametrize("fmt", ["jsonl", "csv", "parquet"])
def test_a_full_disk_stops_the_run_with_exit_5_and_the_same_command_resumes(tmp_path: Path, fmt: str) -> None:
    """A real full disk: a tmpfs of a few hundred KB (in a mount namespace of the test's own). For
    JSON lines it fills while the journal is written; for CSV and Parquet the journal fits and the
    final output does not."""
    rows = _sample_rows(120)
    data = _write_jsonl(tmp_path / "data.jsonl", rows)
    reference = tmp_path / "reference.jsonl"
    score_dataset(data, output=reference)
    journal_bytes = reference.stat().st_size
    pages = (journal_bytes + 4095) // 4096
    disk_bytes = journal_bytes // 2 if fmt == "jsonl" else (pages + 4) * 4096  # the journal, run.json, lock
    disk, logs = tmp_path / "disk", tmp_path / "logs"
    disk.mkdir()
    logs.mkdir()
    out = f"scores.{fmt}"
    env = {
        **os.environ,
        "DISK": str(disk),
        "DISK_BYTES": str(disk_bytes),
        "DATA": str(data),
        "OUT": out,
        "LOGS": str(logs),
        "PYTHON": sys.executable,
    }
    done = subprocess.run(["unshare", "-rm", "sh", "-c", _FULL_DISK], env=env, capture_output=True, timeout=600)
    assert done.returncode == 0, done.stderr

    full_err = (logs / "full.err").read_text(encoding="utf-8")
    assert (logs / "full.rc").read_text().strip() == "5", full_err
    assert "Traceback" not in full_err
    failed = f"{disk}/{out}.partial.jsonl" if fmt == "jsonl" else f"{disk}/{out}"
    assert f"cannot write {failed}: disk full / file too large" in full_err, full_err
    left = set((logs / "full.ls").read_text().split())
    assert left == {f"{out}.partial.jsonl", f"{out}.run.json"}  # no half-written output, no .tmp
    kept = _whole_lines(logs / "journal.jsonl")
    assert 0 < len(kept) < len(rows) if fmt == "jsonl" else len(kept) == len(rows)

    assert (logs / "room.rc").read_text().strip() == "0", (logs / "room.err").read_text(encoding="utf-8")
    finished = {out, f"{out}.run.json"} | ({"scores.claims.parquet"} if fmt == "parquet" else set())
    assert set((logs / "room.ls").read_text().split()) == finished


def test_a_lock_file_that_is_a_directory_is_a_usage_error(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from faithcheck._cli.main import main
    from faithcheck._runs.io.writers import OutputLockError

    out = tmp_path / "scores.jsonl"
    lock_path(out).mkdir()
    with pytest.raises(OutputLockError, match=r"its lock file .*scores\.jsonl\.lock is a directory"):
        ResultSink(out, "jsonl", meta=META, resume=True, overwrite=False)
    data = _write_jsonl(tmp_path / "data.jsonl", _rows(1))
    done = CliRunner().invoke(main, ["score", str(data), "-o", str(out), "--quiet", "--no-store"])
    assert done.exit_code == 2, done.output
    assert done.exception is None or isinstance(done.exception, SystemExit)  # no traceback
    assert "is a directory, not a lock file; remove it" in done.output
    assert not out.exists()
