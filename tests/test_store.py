"""The run store (faithcheck._runs.store) on a real SQLite file, and the `faithcheck runs` commands."""

from __future__ import annotations

import hashlib
import json
import re
import sqlite3
import subprocess
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from faithcheck import FaithcheckError, InputError
from faithcheck._cli.runs import runs
from faithcheck._runs.store import (
    RowDiff,
    RunNotFoundError,
    RunStore,
    StoreError,
    dataset_fingerprint,
    default_store_path,
)

from .conftest import REPO
from .in_process import faithcheck

CONFIG = {"threshold": 0.7, "extractor": "sentence", "verifier": "baseline"}
VERSIONS = {"faithcheck": "0.1.0", "python": "3.11.9", "verifier": "baseline"}
SAMPLE = REPO / "examples" / "sample.jsonl"


def record(
    row: int,
    input_id: str | None,
    value: float | None,
    *,
    labels: tuple[str | None, ...] = ("supported",),
    status: str = "ok",
    threshold: float = 0.7,
    weight: float = 1.0,
) -> dict[str, Any]:
    """A scored row in the format `faithcheck score` writes; a label of None is a claim whose check failed."""
    claims = []
    for i, label in enumerate(labels):
        claim = {"id": f"c{i + 1}", "text": f"claim {i + 1}", "start": 0, "end": 7}
        if label is None:
            claims.append({"claim": claim, "verdict": None, "error": "verifier timed out"})
        else:
            evidence = {"passage_index": 0, "start": 0, "end": 5, "quote": "quote"}
            verdict = {"label": label, "score": 0.9, "reason": "r", "evidence": evidence}
            claims.append({"claim": claim, "verdict": verdict, "error": None})
    return {
        "row": row,
        "input_id": input_id,
        "metric_name": "faithfulness",
        "value": value,
        "unit_value": value,
        "passed": value is not None and status != "error" and value >= threshold,
        "threshold": threshold,
        "status": status,
        "reason": "because",
        "message": "boom" if status == "error" else None,
        "weight": weight,
        "claims": claims if status != "error" else [],
        "usage": {
            "llm_calls": 0,
            "input_tokens": 0,
            "output_tokens": 0,
            "cache_hits": 0,
            "cost_usd": None,
            "wall_seconds": 0.01,
            "claims_local": len(claims),
            "claims_llm": 0,
        },
        "prompts": {},
        "raw_responses": {},
    }


def error_record(row: int, input_id: str | None) -> dict[str, Any]:
    """A row that could not be read, as `faithcheck score` reports it."""
    return {
        "row": row,
        "input_id": input_id,
        "value": None,
        "passed": False,
        "status": "error",
        "reason": "not scored: bad row",
        "message": "bad row",
        "claims": [],
    }


def new_run(store: RunStore, records: list[dict[str, Any]], *, fingerprint: str = "sha256:00000000000000aa") -> str:
    run_id = store.start_run(
        input_path="qa.jsonl",
        output_path="scores.jsonl",
        dataset_fingerprint=fingerprint,
        config=CONFIG,
        versions=VERSIONS,
    )
    store.add_rows(run_id, records)
    store.finish_run(run_id, status="finished", summary={"rows": len(records)})
    return run_id


@pytest.fixture
def store(tmp_path: Path) -> RunStore:
    return RunStore(tmp_path / "nested" / "dir" / "runs.sqlite")


# -- paths and fingerprints -------------------------------------------------------------------


def test_default_store_path_uses_faithcheck_home_else_local_share(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FAITHCHECK_HOME", str(tmp_path / "fc"))
    assert default_store_path() == tmp_path / "fc" / "runs.sqlite"
    monkeypatch.delenv("FAITHCHECK_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_store_path() == tmp_path / "home" / ".local" / "share" / "faithcheck" / "runs.sqlite"


def test_dataset_fingerprint_is_a_prefixed_sha256_prefix(tmp_path: Path) -> None:
    small = tmp_path / "abc.jsonl"
    small.write_bytes(b"abc")
    assert dataset_fingerprint(small) == "sha256:ba7816bf8f01cfea"
    big = tmp_path / "big.jsonl"
    data = bytes(range(256)) * 12_000  # about 3 MiB: several chunks
    big.write_bytes(data)
    assert dataset_fingerprint(big) == "sha256:" + hashlib.sha256(data).hexdigest()[:16]


# -- recording runs ---------------------------------------------------------------------------


def test_start_add_finish_get(store: RunStore) -> None:
    assert store.path.parent.is_dir()
    run_id = store.start_run(
        input_path="data/qa.jsonl",
        output_path=None,
        dataset_fingerprint="sha256:0123456789abcdef",
        config=CONFIG,
        versions=VERSIONS,
    )
    assert re.fullmatch(r"[0-9a-f]{12}", run_id)
    running = store.get_run(run_id)
    assert (running.status, running.rows, running.finished_at, running.mean, running.pass_rate) == (
        "running",
        0,
        None,
        None,
        None,
    )
    records = [
        record(1, "q-1", 1.0, labels=("supported", "supported")),
        record(2, "q-2", 0.5, labels=("supported", None), weight=3.0),
        error_record(3, None),
    ]
    store.add_rows(run_id, records)
    store.finish_run(run_id, status="finished", summary={"mean": 0.625, "rows": 3})

    info = store.get_run(run_id)
    assert info.run_id == run_id
    assert info.status == "finished"
    assert info.finished_at is not None
    assert info.finished_at >= info.started_at
    assert (info.input_path, info.output_path, info.dataset_fingerprint) == (
        "data/qa.jsonl",
        None,
        "sha256:0123456789abcdef",
    )
    assert (info.rows, info.errors) == (3, 1)
    assert info.mean == 0.625  # (1.0 * 1 + 0.5 * 3) / 4, the error row left out
    assert info.pass_rate == 0.5
    assert store.run_config(run_id) == CONFIG
    assert store.run_versions(run_id) == VERSIONS
    assert store.run_summary(run_id) == {"mean": 0.625, "rows": 3}
    assert list(store.run_records(run_id)) == records

    with sqlite3.connect(store.path) as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("SELECT rows_total FROM runs WHERE run_id = ?", (run_id,)).fetchone()[0] == 3
        stored = conn.execute(
            "SELECT row, input_id, value, passed, status, labels_json, record_json FROM rows ORDER BY row"
        ).fetchall()
    assert [s[:6] for s in stored] == [
        (1, "q-1", 1.0, 1, "ok", '["supported","supported"]'),
        (2, "q-2", 0.5, 0, "ok", '["supported","no verdict"]'),
        (3, None, None, 0, "error", "[]"),
    ]
    assert ", " not in stored[0][6]  # compact JSON
    assert json.loads(stored[1][6]) == records[1]


def test_summary_is_empty_until_finished_and_finish_checks_status(store: RunStore) -> None:
    run_id = store.start_run(
        input_path="qa.jsonl", output_path=None, dataset_fingerprint="sha256:x", config={}, versions={}
    )
    assert store.run_summary(run_id) == {}
    with pytest.raises(ValueError, match="'done'"):
        store.finish_run(run_id, status="done", summary={})
    store.finish_run(run_id, status="interrupted", summary={"rows": 0})
    assert store.get_run(run_id).status == "interrupted"


def test_list_runs_newest_first_with_limit(store: RunStore) -> None:
    assert store.list_runs() == []
    ids = [new_run(store, [record(1, "q-1", v)]) for v in (0.25, 0.5, 1.0)]
    listed = store.list_runs()
    assert [r.run_id for r in listed] == ids[::-1]
    assert [r.mean for r in listed] == [1.0, 0.5, 0.25]
    assert [r.pass_rate for r in listed] == [1.0, 0.0, 0.0]
    assert [r.run_id for r in store.list_runs(limit=2)] == [ids[2], ids[1]]
    assert len(store.list_runs(limit=None)) == 3


def test_resumed_run_replaces_rows_instead_of_duplicating(store: RunStore) -> None:
    run_id = store.start_run(
        input_path="qa.jsonl", output_path=None, dataset_fingerprint="sha256:x", config={}, versions={}
    )
    store.add_rows(run_id, [record(1, "q-1", 1.0), record(2, "q-2", 0.25)])
    store.finish_run(run_id, status="interrupted", summary={})
    store.add_rows(run_id, (r for r in [record(2, "q-2", 0.5), record(3, "q-3", 0.75)]))
    store.finish_run(run_id, status="finished", summary={})
    info = store.get_run(run_id)
    assert (info.rows, info.status, info.mean) == (3, "finished", 0.75)
    assert [r["value"] for r in store.run_records(run_id)] == [1.0, 0.5, 0.75]


def test_add_rows_is_all_or_nothing_and_needs_the_full_id(store: RunStore) -> None:
    run_id = new_run(store, [record(1, "q-1", 1.0)])
    with pytest.raises(InputError, match="field 'row'"):
        store.add_rows(run_id, [record(2, "q-2", 0.5), {"input_id": "q-3", "value": 0.5}])
    assert store.get_run(run_id).rows == 1
    with pytest.raises(RunNotFoundError, match=run_id[:6]):
        store.add_rows(run_id[:6], [record(2, "q-2", 0.5)])
    with pytest.raises(RunNotFoundError, match="nope"):
        store.finish_run("nope", status="failed", summary={})


def test_get_run_by_unique_prefix_and_errors_for_unknown_or_ambiguous(store: RunStore) -> None:
    ids = [new_run(store, []) for _ in range(17)]  # 17 ids, 16 hex digits: two share a first digit
    by_first: dict[str, list[str]] = defaultdict(list)
    for run_id in ids:
        by_first[run_id[0]].append(run_id)
    shared = next(group for group in by_first.values() if len(group) > 1)

    target = ids[5]
    assert store.get_run(target).run_id == target
    assert store.get_run(target[:8]).run_id == target
    assert store.get_run(target[:8].upper()).run_id == target
    assert store.run_config(target[:8]) == CONFIG

    with pytest.raises(RunNotFoundError) as ambiguous:
        store.get_run(shared[0][0])
    assert str(ambiguous.value).startswith(f"run id {shared[0][0]!r} is ambiguous: it matches {len(shared)} runs")
    assert set(ambiguous.value.matches) == set(shared)
    assert min(shared) in str(ambiguous.value)  # matches are listed in order, the first few only

    with pytest.raises(RunNotFoundError) as unknown:
        store.get_run("zz99")
    assert str(unknown.value) == f"no run 'zz99' in {store.path}"
    assert isinstance(unknown.value, FaithcheckError)
    assert isinstance(unknown.value, KeyError)
    assert unknown.value.matches == ()
    with pytest.raises(RunNotFoundError, match="empty run id"):
        store.get_run("  ")


def test_latest_names_the_newest_run_and_latest_tilde_n_the_ones_before(store: RunStore) -> None:
    with pytest.raises(RunNotFoundError, match=r"no run 'latest': .* records 0 run\(s\)"):
        store.resolve("latest")
    ids = [new_run(store, []) for _ in range(3)]  # started in this order, within one second
    assert store.resolve("latest") == store.resolve("LATEST ") == store.resolve("latest~0") == ids[2]
    assert store.resolve("latest~1") == ids[1]
    assert store.get_run("latest~2").run_id == ids[0]
    with pytest.raises(RunNotFoundError, match="records 3 run"):
        store.resolve("latest~3")
    with pytest.raises(RunNotFoundError, match="no run 'latest~x'"):
        store.resolve("latest~x")


# -- diffs ------------------------------------------------------------------------------------


def two_runs(store: RunStore) -> tuple[str, str]:
    a = [
        record(1, "same", 1.0),
        record(2, "drop-small", 1.0),
        record(3, "drop-big", 1.0),
        record(4, "to-error", 0.5),
        record(5, "fail-threshold", 0.75),
        record(6, "gain-small", 0.5),
        record(7, "gain-big", 0.0, labels=("unsupported",)),
        record(8, "relabel", 0.5, labels=("supported", "overclaim")),
        record(9, "dup", 1.0),
        record(10, "gone", 0.5),
        record(11, "dup", 0.5),
        error_record(12, None),
        error_record(13, "err-both"),
        record(14, "ok-to-no-claims", 0.0, labels=(), status="ok"),
    ]
    b = [
        record(1, "same", 1.0),
        record(2, "drop-small", 0.75),
        record(3, "drop-big", 0.25),
        error_record(4, "to-error"),
        record(5, "fail-threshold", 0.75, threshold=0.8),
        record(6, "gain-small", 0.75),
        record(7, "gain-big", 1.0),
        record(8, "relabel", 0.5, labels=("supported", "contradicted")),
        record(9, "dup", 1.0),
        record(10, "new", 1.0),
        record(12, None, 0.0),
        error_record(13, "err-both"),
        record(14, "ok-to-no-claims", 0.0, labels=(), status="no_claims"),
    ]
    return new_run(store, a), new_run(store, b, fingerprint="sha256:00000000000000bb")


def test_diff_classifies_and_orders_rows(store: RunStore) -> None:
    a, b = two_runs(store)
    diffs = store.diff_runs(a[:7], b[:7])
    assert [(d.kind, d.input_id, d.occurrence, d.delta) for d in diffs] == [
        ("regression", "to-error", 0, None),
        ("regression", "drop-big", 0, -0.75),
        ("regression", "drop-small", 0, -0.25),
        ("regression", "fail-threshold", 0, 0.0),
        ("improvement", "gain-big", 0, 1.0),
        ("improvement", "gain-small", 0, 0.25),
        ("changed", "relabel", 0, 0.0),
        ("changed", "ok-to-no-claims", 0, 0.0),
        ("only_in_a", "gone", 0, None),
        ("only_in_a", "dup", 1, None),
        ("only_in_b", "new", 0, None),
    ]
    assert diffs[6] == RowDiff(
        kind="changed",
        input_id="relabel",
        occurrence=0,
        row_a=8,
        row_b=8,
        value_a=0.5,
        value_b=0.5,
        delta=0.0,
        passed_a=False,
        passed_b=False,
        status_a="ok",
        status_b="ok",
        labels_a=("supported", "overclaim"),
        labels_b=("supported", "contradicted"),
    )
    to_error = diffs[0]
    assert (to_error.value_a, to_error.value_b, to_error.status_a, to_error.status_b) == (0.5, None, "ok", "error")
    assert (to_error.labels_a, to_error.labels_b) == (("supported",), ())
    gone = diffs[8]
    assert (gone.row_a, gone.row_b, gone.value_b, gone.status_b, gone.labels_b) == (10, None, None, None, None)


def test_diff_the_other_way_swaps_regressions_and_improvements(store: RunStore) -> None:
    a, b = two_runs(store)
    kinds = [(d.kind, d.input_id) for d in store.diff_runs(b, a)]
    assert kinds == [
        ("regression", "gain-big"),
        ("regression", "gain-small"),
        ("improvement", "to-error"),
        ("improvement", "drop-big"),
        ("improvement", "drop-small"),
        ("improvement", "fail-threshold"),
        ("changed", "relabel"),
        ("changed", "ok-to-no-claims"),
        ("only_in_a", "new"),
        ("only_in_b", "gone"),
        ("only_in_b", "dup"),
    ]


def test_diff_of_a_run_with_itself_is_empty(store: RunStore) -> None:
    a, _ = two_runs(store)
    assert store.diff_runs(a, a) == []
    with pytest.raises(RunNotFoundError, match="'missing'"):
        store.diff_runs(a, "missing")


# -- the `faithcheck runs` commands -------------------------------------------------------------


def invoke(*args: str) -> Result:
    return CliRunner().invoke(runs, list(args), env={"COLUMNS": "200"})


def test_cli_list(store: RunStore, tmp_path: Path) -> None:
    a, b = two_runs(store)
    done = invoke("list", "--store", str(store.path))
    assert done.exit_code == 0, done.output
    assert done.output.index(b) < done.output.index(a)  # newest first
    assert "finished" in done.output
    assert "qa.jsonl" in done.output
    assert "14 (2 errors)" in done.output
    assert "0.604" in done.output  # mean of run A: 7.25 / 12 scored rows

    listed = json.loads(invoke("list", "--store", str(store.path), "--limit", "1", "--json").output)
    assert [r["run_id"] for r in listed] == [b]
    assert (listed[0]["rows"], listed[0]["errors"], listed[0]["status"]) == (13, 2, "finished")

    missing = tmp_path / "none" / "runs.sqlite"
    empty = invoke("list", "--store", str(missing))
    assert empty.exit_code == 0
    assert "no runs recorded" in empty.output
    assert not missing.exists()


def test_cli_show(store: RunStore) -> None:
    a, _ = two_runs(store)
    done = invoke("show", a[:6], "--store", str(store.path), "--json")
    assert done.exit_code == 0, done.output
    shown = json.loads(done.output)
    assert shown["run"]["run_id"] == a
    assert shown["run"]["rows"] == 14
    assert shown["run"]["output_path"] == "scores.jsonl"
    assert shown["config"] == CONFIG
    assert shown["versions"] == VERSIONS
    assert shown["summary"] == {"rows": 14}

    text = invoke("show", a, "--store", str(store.path))
    assert text.exit_code == 0, text.output
    for expected in (f"run {a}", "sha256:00000000000000aa", "extractor", "sentence", "3.11.9"):
        assert expected in text.output


def test_cli_show_of_a_damaged_record_shows_the_rest_and_names_the_damage(store: RunStore) -> None:
    a, b = two_runs(store)
    with sqlite3.connect(store.path) as conn:  # the run's JSON edited by hand, or damaged on disk
        conn.execute("UPDATE runs SET config_json = '{\"threshold\": 0.7, broken' WHERE run_id = ?", (a,))
        conn.execute("UPDATE runs SET summary_json = '[1, 2]' WHERE run_id = ?", (a,))
        conn.execute("UPDATE rows SET record_json = '{not json' WHERE run_id = ? AND row = 2", (a,))
    conn.close()
    where = f"run {a} in the run store {store.path} is damaged"

    text = invoke("show", a, "--store", str(store.path))
    assert text.exit_code == 1, text.output
    assert isinstance(text.exception, SystemExit)  # a message, not a traceback
    for shown in (f"run {a}", "finished", "qa.jsonl", "14 (2 errors)", "0.604", "3.11.9"):  # what can be read
        assert shown in text.output
    assert text.output.count("damaged") >= 2  # the configuration's and the summary's tables say so
    assert f"the configuration of {where}: not valid JSON" in text.output
    assert f"the summary of {where}: an object is expected, got list" in text.output

    as_json = invoke("show", a, "--store", str(store.path), "--json")
    assert as_json.exit_code == 1
    shown = json.loads(as_json.stdout)
    assert (shown["run"]["rows"], shown["config"], shown["versions"], shown["summary"]) == (14, None, VERSIONS, None)
    assert len(shown["damaged"]) == 2

    assert invoke("show", b, "--store", str(store.path)).exit_code == 0  # the other run is whole
    with pytest.raises(StoreError, match=f"the record of row 2 of {where}"):
        list(store.run_records(a))


def test_cli_diff_json_and_table(store: RunStore) -> None:
    a, b = two_runs(store)
    done = invoke("diff", a, b, "--store", str(store.path), "--json")
    assert done.exit_code == 0, done.output
    diff = json.loads(done.output)
    assert diff["counts"] == {"regression": 4, "improvement": 2, "changed": 2, "only_in_a": 2, "only_in_b": 1}
    assert diff["same_dataset"] is False
    assert [r["input_id"] for r in diff["rows"][:3]] == ["to-error", "drop-big", "drop-small"]
    assert diff["rows"][1]["labels_a"] == ["supported"]
    assert diff["rows_left_out"] == 0

    limited = json.loads(invoke("diff", a, b, "--store", str(store.path), "--json", "--limit", "2").output)
    assert [r["input_id"] for r in limited["rows"]] == ["to-error", "drop-big"]
    assert limited["rows_left_out"] == 9
    assert limited["counts"]["regression"] == 4

    table = invoke("diff", a[:8], b[:8], "--store", str(store.path), "--limit", "4")
    assert table.exit_code == 0, table.output
    assert "regression 4, improvement 2, changed 2, only_in_a 2, only_in_b 1" in table.output
    assert "1.000 → 0.250" in table.output
    assert "-0.750" in table.output
    assert "ok → error" in table.output
    assert "ok, pass → fail" in table.output  # fail-threshold: same value, stricter threshold
    assert "relabel" not in table.output  # beyond --limit 4
    assert "and 7 more" in table.output
    assert "different dataset files" in table.output


def test_cli_diff_fail_on_regression(store: RunStore) -> None:
    a, b = two_runs(store)
    regressed = invoke("diff", a, b, "--store", str(store.path), "--fail-on-regression")
    assert regressed.exit_code == 1, regressed.output
    same = invoke("diff", b, b, "--store", str(store.path), "--fail-on-regression")
    assert same.exit_code == 0, same.output
    assert "no differences" in same.output
    improved_only = new_run(store, [record(1, "q", 0.5)])
    better = new_run(store, [record(1, "q", 1.0)])
    assert invoke("diff", improved_only, better, "--store", str(store.path), "--fail-on-regression").exit_code == 0
    assert invoke("diff", better, improved_only, "--store", str(store.path), "--fail-on-regression").exit_code == 1


def test_cli_unknown_run_is_a_usage_error(store: RunStore, tmp_path: Path) -> None:
    a, _ = two_runs(store)
    for args in (("show", "feedbeef"), ("diff", a, "feedbeef"), ("diff", "feedbeef", a)):
        done = invoke(*args, "--store", str(store.path))
        assert done.exit_code == 2, done.output
        assert "no run 'feedbeef'" in done.output
    no_store = invoke("show", a, "--store", str(tmp_path / "missing.sqlite"))
    assert no_store.exit_code == 2
    assert "no run store at" in no_store.output


SUMMARY = {
    "rows": 6,
    "mean": 0.5833333333333334,
    "ci95": [0.1882758533383332, 0.9783908133283336],
    "labels": {"supported": 5, "overclaim": 1},
    "usage": {"llm_calls": 0, "cost_usd": 0.000123456, "wall_seconds": 2.3215299060029793},
    "worst": [{"input_id": "greeting-only", "reason": "no claims", "row": 5, "value": 0.0}],
    "errors": [],
    "metrics": {"answer_relevancy": {"mean": 0.91666666, "statuses": {"ok": 6}}},
}


def test_cli_show_is_readable_key_value_rows_and_json_is_the_raw_record(store: RunStore) -> None:
    """issue 28 item 8: config, versions and summary as rows of key and value, floats rounded; --json raw."""
    run_id = store.start_run(
        input_path="qa.jsonl",
        output_path=None,
        dataset_fingerprint="sha256:0",
        config={**CONFIG, "llm_timeout_seconds": 60.0, "cache": True, "base_url": None},
        versions={**VERSIONS, "metrics": {"answer_relevancy": {"judge": "gpt-4o"}}},
    )
    store.add_rows(run_id, [record(1, "q", 0.5)])
    store.finish_run(run_id, status="finished", summary=SUMMARY)

    text = invoke("show", run_id, "--store", str(store.path))
    assert text.exit_code == 0, text.output
    cells = {
        tuple(c.strip() for c in line.strip("│ ").split("│"))
        for line in text.output.splitlines()
        if line.count("│") == 3
    }
    for key, value in [
        ("mean", "0.583"),
        ("ci95", "0.188, 0.978"),
        ("labels.supported", "5"),
        ("usage.wall_seconds", "2.322"),
        ("usage.cost_usd", "0.000123"),  # a small amount keeps its leading digits
        ("worst[1]", "row: 5, input_id: greeting-only, value: 0, reason: no claims"),
        ("errors", "-"),
        ("metrics.answer_relevancy.mean", "0.917"),
        ("metrics.answer_relevancy.statuses.ok", "6"),
        ("threshold", "0.7"),
        ("llm_timeout_seconds", "60"),
        ("cache", "true"),
        ("base_url", "-"),
        ("metrics.answer_relevancy.judge", "gpt-4o"),
    ]:
        assert (key, value) in cells, (key, value, text.output)
    assert "0.5833333" not in text.output  # no unrounded floats
    assert "{" not in text.output  # no JSON blobs in the cells
    assert '"' not in text.output

    raw = json.loads(invoke("show", run_id, "--store", str(store.path), "--json").output)
    assert raw["summary"] == SUMMARY  # the record exactly as stored, floats unrounded
    assert raw["config"]["llm_timeout_seconds"] == 60.0


# -- what a run of `faithcheck score` records (issue 28 item 9) ---------------------------------------


def _score(*args: str) -> subprocess.CompletedProcess[str]:
    return faithcheck("score", *args, "--quiet", cwd=REPO)


def test_rerunning_a_finished_command_records_nothing_new(tmp_path: Path) -> None:
    path = tmp_path / "runs.sqlite"
    out = tmp_path / "scores.jsonl"
    command = (str(SAMPLE), "-o", str(out), "--store", str(path))
    first = _score(*command)
    assert first.returncode == 0, first.stderr
    scored = out.read_text(encoding="utf-8")
    for _ in range(3):  # "already complete": the same command again adds nothing
        again = _score(*command)
        assert again.returncode == 0, again.stderr
        assert out.read_text(encoding="utf-8") == scored
    runs_recorded = RunStore(path).list_runs()
    assert [(r.status, r.rows) for r in runs_recorded] == [("finished", 6)]

    overwritten = _score(*command, "--overwrite")  # scored again: a new run
    assert overwritten.returncode == 0, overwritten.stderr
    assert [(r.status, r.rows) for r in RunStore(path).list_runs()] == [("finished", 6)] * 2


def test_a_command_that_scores_nothing_records_nothing(tmp_path: Path) -> None:
    path = tmp_path / "runs.sqlite"
    csv_out = tmp_path / "scores.csv"
    assert _score(str(SAMPLE), "-o", str(csv_out), "--store", str(path)).returncode == 0
    refused = _score(str(SAMPLE), "-o", str(csv_out), "--store", str(path))  # exists: a usage error
    assert refused.returncode == 2
    assert "exists; use --overwrite" in refused.stderr
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    nothing = _score(str(empty), "-o", str(tmp_path / "none.jsonl"), "--store", str(path))
    assert nothing.returncode == 3  # an empty input: no row scored
    assert [(r.status, r.rows, r.output_path) for r in RunStore(path).list_runs()] == [("finished", 6, str(csv_out))]
