"""Scoring never depends on the run store: every damaged-store case through the real CLI, and runs
whose process was killed shown as interrupted. Real files, real processes."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from faithcheck._runs.store import SCHEMA_VERSION, RunRecorder, RunStore

from .conftest import REPO
from .in_process import faithcheck

SAMPLE = REPO / "examples" / "sample.jsonl"
SAMPLE_IDS = [json.loads(line)["input_id"] for line in SAMPLE.read_text(encoding="utf-8").splitlines()]
WARNING = "warning: not recording this run"


def _cli(*args: str, home: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    if home is not None:
        env["FAITHCHECK_HOME"] = str(home)
    return faithcheck(*args, cwd=REPO, env=env)


def _assert_scored_without_store(done: subprocess.CompletedProcess[str], out: Path) -> None:
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count(WARNING) == 1, done.stderr
    assert "--store PATH" in done.stderr
    assert "--no-store" in done.stderr
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["input_id"] for r in records] == SAMPLE_IDS
    assert all(r["status"] != "error" for r in records)
    assert "faithcheck runs show" not in done.stderr  # no run id is claimed


def _real_store(path: Path) -> None:
    done = _cli("score", str(SAMPLE), "-o", str(path.parent / "first.jsonl"), "--quiet", "--store", str(path))
    assert done.returncode == 0, done.stderr


def _garbage(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(os.urandom(5000))


def _truncated(path: Path) -> None:
    _real_store(path)
    size = path.stat().st_size
    with path.open("r+b") as fh:
        fh.truncate(size // 3)


def _newer_schema(path: Path) -> None:
    _real_store(path)
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 7}")
    conn.close()


def _directory(path: Path) -> None:
    (path / "something").mkdir(parents=True)


def _home_is_a_file(path: Path) -> None:
    path.parent.write_text("not a folder", encoding="utf-8")


@pytest.mark.parametrize(
    "damage",
    [_garbage, _truncated, _newer_schema, _directory, _home_is_a_file],
    ids=["garbage", "truncated", "newer-schema", "directory", "home-is-a-file"],
)
@pytest.mark.parametrize("how", ["default-path", "--store"])
def test_a_damaged_store_warns_once_and_scoring_goes_on(tmp_path: Path, damage: Any, how: str) -> None:
    home = tmp_path / "home"
    store = home / "runs.sqlite"
    damage(store)
    out = tmp_path / "out.jsonl"
    args = ["score", str(SAMPLE), "-o", str(out)]
    done = _cli(*args, home=home) if how == "default-path" else _cli(*args, "--store", str(store))
    if damage is _directory and how == "--store":  # a folder given as --store is a usage error, said up front
        assert done.returncode == 2
        assert "is a directory" in done.stderr
        assert "Traceback" not in done.stderr
        return
    _assert_scored_without_store(done, out)
    assert str(store) in done.stderr  # the message names the file


def test_a_read_only_home_warns_once_and_scoring_goes_on(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    home.chmod(0o500)
    try:
        try:
            (home / "probe").touch()
        except PermissionError:
            pass
        else:
            pytest.skip("this user (root?) writes into read-only folders")
        out = tmp_path / "out.jsonl"
        _assert_scored_without_store(_cli("score", str(SAMPLE), "-o", str(out), home=home), out)
    finally:
        home.chmod(0o700)


_LOCK_STORE = """
import sqlite3, sys, time
conn = sqlite3.connect(sys.argv[1], isolation_level=None)
conn.execute("BEGIN EXCLUSIVE")
conn.execute("DELETE FROM rows WHERE 0")
print("locked", flush=True)
time.sleep(600)
"""


@pytest.fixture
def locked_store(tmp_path: Path) -> Iterator[Path]:
    store = tmp_path / "home" / "runs.sqlite"
    _real_store(store)
    holder = subprocess.Popen([sys.executable, "-c", _LOCK_STORE, str(store)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "locked"
    yield store
    holder.kill()
    holder.wait()


def test_a_store_locked_by_another_process_all_along_is_waited_for_then_said(
    tmp_path: Path, locked_store: Path
) -> None:
    out = tmp_path / "out.jsonl"
    started = time.monotonic()
    done = _cli("score", str(SAMPLE), "-o", str(out), "--store", str(locked_store), "--store-timeout", "1")
    took = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.count(f"warning: the run store {locked_store} is locked by another process") == 1
    assert done.stderr.count(f"this run is not fully recorded in the run store {locked_store}") == 1
    assert "nothing of it is recorded there" in done.stderr
    assert "faithcheck runs show" not in done.stderr  # no run id is claimed
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["input_id"] for r in records] == SAMPLE_IDS
    assert took < 25  # --store-timeout 1: a second's wait, not the default 30 s
    listed = _cli("runs", "list", "--store", str(locked_store), "--json")  # readers still read a WAL store
    assert listed.returncode == 0, listed.stderr


def test_a_store_that_breaks_mid_run_warns_once_then_stops_recording(tmp_path: Path) -> None:
    path = tmp_path / "runs.sqlite"
    warnings: list[str] = []
    recorder = RunRecorder(path, warn=warnings.append)
    recorder.start(input_path="qa.jsonl", output_path=None, dataset_fingerprint="sha256:0", config={}, versions={})
    assert recorder.run_id is None  # recorded with its first rows
    assert not path.exists()
    recorder.add_rows([{"row": 1, "input_id": "a", "value": 1.0, "status": "ok"}])
    assert recorder.run_id is not None
    for sidecar in (path, path.with_name("runs.sqlite-wal"), path.with_name("runs.sqlite-shm")):
        sidecar.unlink(missing_ok=True)
    path.mkdir()  # the store is gone: a folder stands in its place
    recorder.add_rows([{"row": 2, "input_id": "b", "value": 1.0, "status": "ok"}])
    recorder.add_rows([{"row": 3, "input_id": "c", "value": 1.0, "status": "ok"}])
    recorder.finish(status="finished", summary={})
    assert len(warnings) == 1
    assert str(path) in warnings[0]
    assert recorder.run_id is None
    assert not recorder.recording


def test_no_store_records_and_warns_nothing(tmp_path: Path) -> None:
    warnings: list[str] = []
    recorder = RunRecorder(None, warn=warnings.append)
    assert recorder.start(input_path="x", output_path=None, dataset_fingerprint="s", config={}, versions={}) is None
    recorder.finish(status="finished", summary={})
    assert warnings == []


def test_runs_list_on_a_damaged_store_is_an_error_message_not_a_traceback(tmp_path: Path) -> None:
    store = tmp_path / "runs.sqlite"
    _garbage(store)
    done = _cli("runs", "list", "--store", str(store))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert str(store) in done.stderr


# -- runs whose process is gone ---------------------------------------------------------------------


def _rows(n: int) -> str:
    return "".join(
        json.dumps(
            {
                "input_id": f"r{i:03d}",
                "prompt": "How long is the warranty?",
                "sut_response": f"The warranty lasts {i} years.",
                "retrieved_context": [f"The warranty lasts {i} years."],
            }
        )
        + "\n"
        for i in range(n)
    )


def _status_of(store: Path) -> list[str]:
    listed = _cli("runs", "list", "--store", str(store), "--json")
    assert listed.returncode == 0, listed.stderr
    return [run["status"] for run in json.loads(listed.stdout)]


def test_a_run_killed_with_sigkill_is_shown_interrupted(tmp_path: Path) -> None:
    data = tmp_path / "in.jsonl"
    data.write_text(_rows(300), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    store = tmp_path / "runs.sqlite"
    args = [sys.executable, "-m", "faithcheck", "score", str(data), "-o", str(out), "--quiet", "--store", str(store)]
    proc = subprocess.Popen([*args, "--batch-size", "16"], cwd=REPO, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 120
        while not _recorded_rows(store) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.01)
        os.kill(proc.pid, signal.SIGSTOP)
        assert proc.poll() is None, "the run ended before it could be killed"
        assert _status_of(store) == ["running"]  # its process is alive (stopped, not gone)
    finally:
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
    assert _status_of(store) == ["interrupted"]
    listed = json.loads(_cli("runs", "list", "--store", str(store), "--json").stdout)
    assert listed[0]["pid"] == proc.pid
    shown = _cli("runs", "show", listed[0]["run_id"], "--store", str(store))
    assert shown.returncode == 0, shown.stderr
    assert "interrupted" in shown.stdout
    assert f"pid {proc.pid}" in shown.stdout
    with sqlite3.connect(store) as conn:  # the record itself is left as it was; only the report differs
        assert conn.execute("SELECT status FROM runs").fetchone()[0] == "running"
    conn.close()


_V1_SCHEMA = """
CREATE TABLE runs (
    run_id TEXT PRIMARY KEY, started_at TEXT NOT NULL, finished_at TEXT,
    status TEXT NOT NULL CHECK (status IN ('running', 'finished', 'interrupted', 'failed')),
    input_path TEXT NOT NULL, output_path TEXT, dataset_fingerprint TEXT NOT NULL,
    config_json TEXT NOT NULL, versions_json TEXT NOT NULL, summary_json TEXT, rows_total INTEGER
);
CREATE INDEX runs_started_at ON runs (started_at);
CREATE TABLE rows (
    run_id TEXT NOT NULL REFERENCES runs (run_id) ON DELETE CASCADE, row INTEGER NOT NULL, input_id TEXT,
    value REAL, passed INTEGER NOT NULL, status TEXT NOT NULL, weight REAL NOT NULL DEFAULT 1.0,
    labels_json TEXT NOT NULL, record_json TEXT NOT NULL, PRIMARY KEY (run_id, row)
);
INSERT INTO runs VALUES ('aaaaaaaaaaaa', '2025-01-01T00:00:00+00:00', NULL, 'running', 'old.jsonl', NULL,
    'sha256:0', '{}', '{}', NULL, NULL);
INSERT INTO rows VALUES ('aaaaaaaaaaaa', 1, 'q-1', 0.5, 0, 'ok', 1.0, '[]', '{"row": 1}');
PRAGMA user_version = 1;
"""


def test_a_schema_1_store_is_migrated_and_keeps_its_runs(tmp_path: Path) -> None:
    path = tmp_path / "runs.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.executescript(_V1_SCHEMA)
    conn.close()
    store = RunStore(path)
    old = store.get_run("aaaa")
    assert (old.status, old.rows, old.mean, old.pid) == ("running", 1, 0.5, None)  # no pid: cannot tell
    new = store.start_run(input_path="new.jsonl", output_path=None, dataset_fingerprint="s", config={}, versions={})
    info = store.get_run(new)
    assert (info.status, info.pid) == ("running", os.getpid())
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    conn.close()
    assert RunStore(path).get_run(new).host == info.host  # reopening migrates nothing twice


# -- a store locked while a run goes on (issue 27 item 9) ---------------------------------------------


# enough batches of 16 that the run, paused once its first is recorded, still has some to record when
# it meets the lock; more rows only made it score longer
_LOCKED_RUN_ROWS = 100


def _run_meeting_a_lock(tmp_path: Path, *extra: str) -> tuple[subprocess.Popen[str], subprocess.Popen[str], Path, Path]:
    """A `faithcheck score` run that records its first rows, is paused, finds the store locked by another
    process when it goes on, and scores to its end; returns (run, lock holder, store, output)."""
    data = tmp_path / "in.jsonl"
    data.write_text(_rows(_LOCKED_RUN_ROWS), encoding="utf-8")
    out = tmp_path / "out.jsonl"
    store = tmp_path / "runs.sqlite"
    args = [sys.executable, "-m", "faithcheck", "score", str(data), "-o", str(out), "--quiet", "--store", str(store)]
    proc = subprocess.Popen([*args, "--batch-size", "16", *extra], cwd=REPO, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while proc.poll() is None and time.monotonic() < deadline and not _recorded_rows(store):
        time.sleep(0.01)
    assert proc.poll() is None, f"the run ended before the store could be locked: {proc.communicate()[1]}"
    os.kill(proc.pid, signal.SIGSTOP)
    holder = subprocess.Popen([sys.executable, "-c", _LOCK_STORE, str(store)], stdout=subprocess.PIPE, text=True)
    assert holder.stdout is not None
    assert holder.stdout.readline().strip() == "locked"
    os.kill(proc.pid, signal.SIGCONT)
    while not out.exists() and proc.poll() is None and time.monotonic() < deadline:  # scored to the end
        time.sleep(0.01)
    return proc, holder, store, out


def _recorded_rows(store: Path) -> int:
    try:
        with sqlite3.connect(store, timeout=0.1) as conn:
            found = conn.execute("SELECT count(*) FROM rows").fetchone()[0]
        conn.close()
    except sqlite3.Error:
        return 0  # not made yet
    return int(found)


def test_a_store_locked_mid_run_records_the_whole_run_once_it_is_free(tmp_path: Path) -> None:
    proc, holder, store, out = _run_meeting_a_lock(tmp_path)
    try:
        time.sleep(1)  # the run is done scoring and waits for the store (30 s by default)
        assert proc.poll() is None, "the run did not wait for the locked store"
    finally:
        holder.kill()
        holder.wait()
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 0, err
    assert "Traceback" not in err
    assert f"the run store {store} is locked by another process" in err  # said once, as it happened
    assert "not recorded" not in err
    assert "not recording" not in err
    [run] = RunStore(store).list_runs()
    assert (run.status, run.rows, run.errors) == ("finished", _LOCKED_RUN_ROWS, 0)
    assert len(out.read_text(encoding="utf-8").splitlines()) == _LOCKED_RUN_ROWS


def test_a_store_locked_past_the_store_timeout_is_said_and_the_output_is_whole(tmp_path: Path) -> None:
    proc, holder, store, out = _run_meeting_a_lock(tmp_path, "--store-timeout", "1")
    try:
        _, err = proc.communicate(timeout=120)
    finally:
        holder.kill()
        holder.wait()
    assert proc.returncode == 0, err  # the scores are whole: the store is a record of them, not the result
    assert "Traceback" not in err
    assert f"this run is not fully recorded in the run store {store}" in err
    assert "locked by another process" in err
    assert "--store-timeout" in err
    ids = [json.loads(line)["input_id"] for line in out.read_text(encoding="utf-8").splitlines()]
    assert ids == [f"r{i:03d}" for i in range(_LOCKED_RUN_ROWS)]
    [run] = RunStore(store).list_runs()
    assert run.status == "interrupted"  # its process is gone, and it says so
    assert 0 < run.rows < _LOCKED_RUN_ROWS
