"""CI-grade use of `faithcheck score` (issue 13, items 8 and 9): exit codes and gates, finite
options, column presets, CSV quirks, output formats, dry runs without a key, pandas input."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from faithcheck import Faithfulness, score_dataset
from faithcheck._cli.main import EXIT_GATE_FAILED, EXIT_INCOMPLETE, EXIT_OK, EXIT_ROW_ERRORS, EXIT_USAGE

from .conftest import REPO
from .test_cli import _faithcheck

SAMPLE = "examples/sample.jsonl"  # mean 0.583 (see test_cli)
GOOD: dict[str, Any] = {
    "input_id": "good",
    "prompt": "How long is the warranty?",
    "sut_response": "The warranty lasts 2 years.",
    "retrieved_context": ["The warranty lasts 2 years."],
}


def _jsonl(path: Path, rows: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


# -- exit codes and gates -----------------------------------------------------------------------


def test_exit_codes_and_gates(tmp_path: Path) -> None:
    ok = _faithcheck("score", SAMPLE, "--quiet", "--no-store")
    assert ok.returncode == EXIT_OK, ok.stderr
    passed = _faithcheck("score", SAMPLE, "--no-store", "--fail-under", "0.5")
    assert passed.returncode == EXIT_OK, passed.stderr
    gate = _faithcheck("score", SAMPLE, "--no-store", "--fail-under", "0.9")
    assert gate.returncode == EXIT_GATE_FAILED
    assert "--fail-under: mean 0.583 is below the gate 0.9" in gate.stderr
    inverted = _faithcheck("score", SAMPLE, "--no-store", "--inverted", "--fail-under", "0.3")
    assert inverted.returncode == EXIT_GATE_FAILED  # 1 - 0.583 = 0.417 is worse than 0.3 for a hallucination rate
    assert "is above the gate 0.3" in inverted.stderr

    mixed = _jsonl(tmp_path / "mixed.jsonl", [GOOD, {**GOOD, "input_id": "bad", "retrieved_context": []}])
    tolerated = _faithcheck("score", str(mixed), "--quiet", "--no-store")
    assert tolerated.returncode == EXIT_OK
    strict = _faithcheck("score", str(mixed), "--no-store", "--fail-on-error")
    assert strict.returncode == EXIT_ROW_ERRORS
    assert "--fail-on-error: 1 of 2 rows are in error" in strict.stderr

    all_bad = _jsonl(tmp_path / "bad.jsonl", [{**GOOD, "retrieved_context": []}] * 2)
    nothing = _faithcheck("score", str(all_bad), "--no-store")
    assert nothing.returncode == EXIT_ROW_ERRORS  # a run that scored nothing is never a success
    assert "no row could be scored" in nothing.stderr
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    no_rows = _faithcheck("score", str(empty), "--no-store")
    assert no_rows.returncode == EXIT_ROW_ERRORS  # a gate never goes green on no data
    assert "no row could be scored: the input holds no rows" in no_rows.stderr

    timeout = _faithcheck("score", SAMPLE, "-o", str(tmp_path / "t.jsonl"), "--no-store", "--job-timeout", "0.001")
    assert timeout.returncode == EXIT_INCOMPLETE
    assert "job timeout" in timeout.stderr

    usage = _faithcheck("score", SAMPLE, "--no-store", "--fail-under", "2")
    assert usage.returncode == EXIT_USAGE
    assert "--fail-under (2) must lie between min (0) and max (1)" in usage.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ({"max": 1e308, "min": -1e308}, "must lie within"),
        ({"weight": ".nan"}, "weight: Input should be a finite number"),
        ({"max": ".inf"}, "max: Input should be a finite number"),
        (["--job-timeout", "nan"], "job_timeout: Input should be a finite number"),
        (["--row-timeout", "nan"], "row_timeout: Input should be a finite number"),
        (["--row-timeout", "inf"], "row_timeout: Input should be a finite number"),
        (["--row-timeout", "0"], "row_timeout: Input should be greater than 0"),
        (["--batch-size", "0"], "batch_size: Input should be greater than or equal to 1"),
        ({"llm_timeout_seconds": ".inf"}, "llm_timeout_seconds: Input should be a finite number"),
        (["--fail-under", "nan"], "fail_under: Input should be a finite number"),
    ],
)
def test_every_numeric_option_is_finite_and_in_range(
    tmp_path: Path, args: list[str] | dict[str, Any], message: str
) -> None:
    if isinstance(args, dict):  # a config-file-only option: set in a --config file
        config = tmp_path / "config.yaml"
        config.write_text("".join(f"{k}: {v}\n" for k, v in args.items()), encoding="utf-8")
        args = ["--config", str(config)]
    done = _faithcheck("score", SAMPLE, "--no-store", *args)
    assert done.returncode == EXIT_USAGE
    assert message in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("command", "option"),
    [
        (["score", SAMPLE, "--no-store"], "--output"),
        (["score", SAMPLE, "--no-store"], "--summary-json"),
        (["report", "latest"], "--output"),
        (["calibrate", "latest"], "--output"),
        (["calibrate", "latest"], "--diagram"),
    ],
)
def test_an_output_that_cannot_be_written_is_refused_before_any_work(
    tmp_path: Path, command: list[str], option: str
) -> None:
    not_a_folder = tmp_path / "notes.txt"
    not_a_folder.write_text("a file, not a folder")
    target = not_a_folder / "out.json"
    done = _faithcheck(*command, "--store", str(tmp_path / "runs.sqlite"), option, str(target))
    assert done.returncode == EXIT_USAGE, done.stderr
    assert f"cannot write {target}: {not_a_folder} is not a folder" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "runs.sqlite").exists()  # refused before the run was recorded


def test_an_output_in_folders_that_do_not_exist_yet_is_written_there(tmp_path: Path) -> None:
    out, summary = tmp_path / "a" / "b" / "scores.jsonl", tmp_path / "c" / "summary.json"
    done = _faithcheck("score", SAMPLE, "--quiet", "--no-store", "-o", str(out), "--summary-json", str(summary))
    assert done.returncode == EXIT_OK, done.stderr
    assert len(out.read_text().splitlines()) == 6
    assert json.loads(summary.read_text())["rows"] == 6


def test_a_write_that_fails_at_the_end_is_an_error_naming_the_file(tmp_path: Path) -> None:
    import click

    from faithcheck._cli.paths import writing

    target = tmp_path / "summary.json"
    full = pytest.raises(
        click.ClickException, match=rf"cannot write {target}: disk full / file too large \(No space left on device\)"
    )
    with full, writing(target):
        raise OSError(28, "No space left on device")


def test_the_python_api_checks_run_options_too() -> None:
    from faithcheck import ConfigError

    with pytest.raises(ConfigError, match="row_timeout"):
        score_dataset([GOOD], row_timeout=float("nan"))


def test_run_options_in_a_config_file(tmp_path: Path) -> None:
    config = tmp_path / "faithcheck.yaml"
    config.write_text("threshold: 0.8\nfail_under: 0.9\n", encoding="utf-8")
    done = _faithcheck("score", SAMPLE, "--no-store", "--config", str(config))
    assert done.returncode == EXIT_GATE_FAILED
    assert "passed (threshold 0.8)" in done.stderr


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"threshhold: 0.8\n", "'threshhold' is not an option (did you mean 'threshold'?)"),
        (b"batch_sise: 10\n", "'batch_sise' is not an option (did you mean 'batch_size'?)"),
        (b"faithfulness:\n  threshold: 0.8\n", "'faithfulness' is not an option (faithfulness options go at the top"),
        (b"colour: blue\n", "'colour' is not an option"),
        (b"\xff\xfethreshold: 0.8\n", "it is not UTF-8 text"),
    ],
)
def test_a_config_file_with_an_unknown_option_or_not_utf8_is_a_usage_error(
    tmp_path: Path, content: bytes, message: str
) -> None:
    config = tmp_path / "faithcheck.yaml"
    config.write_bytes(content)
    done = _faithcheck("score", SAMPLE, "--no-store", "--config", str(config))
    assert done.returncode == EXIT_USAGE
    assert message in " ".join(done.stderr.split())  # click wraps long messages
    assert "Traceback" not in done.stderr


# -- column presets and CSV quirks --------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "names"),
    [
        ("ragas", ("user_input", "response", "retrieved_contexts")),
        ("deepeval", ("input", "actual_output", "retrieval_context")),
    ],
)
def test_map_presets(tmp_path: Path, preset: str, names: tuple[str, str, str]) -> None:
    row = {"id": "r1", names[0]: GOOD["prompt"], names[1]: GOOD["sut_response"], names[2]: GOOD["retrieved_context"]}
    data = _jsonl(tmp_path / "rows.jsonl", [row])
    done = _faithcheck("score", str(data), "--quiet", "--no-store", "--map", f"{preset},id=input_id")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["value"] == 1.0


def test_a_mapped_column_replaces_the_column_it_is_renamed_to(tmp_path: Path) -> None:
    row = {**GOOD, "prompt": "an old question", "question": GOOD["prompt"], "answer": "Nothing about it."}
    data = _jsonl(tmp_path / "rows.jsonl", [row])
    done = _faithcheck("score", str(data), "--quiet", "--no-store", "--map", "question=prompt,answer=sut_response")
    assert done.returncode == 0, done.stderr
    # the answer mapped in is scored (not the file's own sut_response, which is supported)
    assert json.loads(done.stdout)["value"] == 0.0
    # an explicit pair replaces the preset's pair for the same column (ragas: response=sut_response)
    ragas = {"user_input": GOOD["prompt"], "answer": "Nothing about it.", "response": GOOD["sut_response"]}
    data = _jsonl(
        tmp_path / "ragas.jsonl", [{**ragas, "input_id": "r1", "retrieved_contexts": GOOD["retrieved_context"]}]
    )
    again = _faithcheck("score", str(data), "--quiet", "--no-store", "--map", "ragas,answer=sut_response")
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout)["value"] == 0.0


def test_two_columns_mapped_to_one_is_a_usage_error(tmp_path: Path) -> None:
    data = _jsonl(tmp_path / "rows.jsonl", [GOOD])
    done = _faithcheck("score", str(data), "--no-store", "--map", "question=prompt,title=prompt")
    assert done.returncode == EXIT_USAGE
    assert "'question' and 'title' are both mapped to 'prompt': map one of them" in done.stderr
    assert "Traceback" not in done.stderr


def test_csv_written_by_pandas_with_a_bom_and_a_bracketed_question(tmp_path: Path) -> None:
    pandas = pytest.importorskip("pandas")
    frame = pandas.DataFrame(
        [
            {**GOOD, "input_id": "literal"},
            {**GOOD, "input_id": "urgent", "prompt": "[Urgent] How long is the warranty?"},
        ]
    )
    data = tmp_path / "rows.csv"
    frame.to_csv(data, index=False, encoding="utf-8-sig")  # list cells as Python literals, a BOM first
    assert data.read_bytes().startswith(b"\xef\xbb\xbf")
    assert "['The warranty lasts 2 years.']" in data.read_text(encoding="utf-8-sig")
    done = _faithcheck("score", str(data), "--quiet", "--no-store")
    assert done.returncode == 0, done.stderr
    records = [json.loads(line) for line in done.stdout.splitlines()]
    assert [(r["input_id"], r["status"], r["value"]) for r in records] == [
        ("literal", "ok", 1.0),
        ("urgent", "ok", 1.0),
    ]


def test_jsonl_with_a_bom(tmp_path: Path) -> None:
    data = tmp_path / "rows.jsonl"
    data.write_bytes(b"\xef\xbb\xbf" + json.dumps(GOOD).encode() + b"\n")
    done = _faithcheck("score", str(data), "--quiet", "--no-store")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["status"] == "ok"


# -- outputs, dry runs, pandas ------------------------------------------------------------------


def test_csv_output_is_csv(tmp_path: Path) -> None:
    out = tmp_path / "scores.csv"
    done = _faithcheck("score", SAMPLE, "-o", str(out), "--quiet", "--no-store")
    assert done.returncode == 0, done.stderr
    with out.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert [r["input_id"] for r in rows][:2] == ["returns-overclaim", "returns-faithful"]
    assert float(rows[0]["value"]) == 0.5


def test_dry_run_needs_no_api_key(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    done = _faithcheck("score", SAMPLE, "--dry-run", "--verifier", "llm", "--model", "gpt-4o")
    assert done.returncode == 0, done.stderr
    assert "nothing was sent" in done.stdout
    real = _faithcheck("score", SAMPLE, "--no-store", "--verifier", "llm", "--model", "gpt-4o")
    assert real.returncode == EXIT_USAGE  # a real run still needs the key, and says so before scoring
    assert "OPENAI_API_KEY" in real.stderr


def test_a_dataframe_mixing_questions_and_conversations_and_a_nan_id() -> None:
    pandas = pytest.importorskip("pandas")
    frame = pandas.read_json(REPO / SAMPLE, lines=True)  # prompt mixes strings and message lists
    frame.loc[len(frame)] = {**GOOD, "input_id": float("nan")}
    records = score_dataset(frame, Faithfulness()).records
    assert records is not None
    assert len(records) == len(frame)
    assert any(r["input_id"] == "multi-turn" and r["status"] == "ok" for r in records)
    last = records[-1]
    assert last["status"] == "error"
    assert "field 'input_id': required value is missing" in last["message"]


def test_dry_run_counts_the_relevance_calls_of_both_metrics(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    config = tmp_path / "faithcheck.yaml"
    config.write_text("extractor: llm\nverifier: llm\nanswer_relevancy:\n  judge: llm\n", encoding="utf-8")

    def calls(*args: str) -> int:
        done = _faithcheck("score", SAMPLE, "--dry-run", "--config", str(config), *args)
        assert done.returncode == 0, done.stderr
        line = next(line for line in done.stdout.splitlines() if "LLM calls" in line)
        return int(line.split("│")[2].strip())

    faithfulness = calls()
    both = calls("--metrics", "faithfulness,answer_relevancy")
    assert both == faithfulness + 6  # one relevance call per row; the extraction is shared, not repeated
