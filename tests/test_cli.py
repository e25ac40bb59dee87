"""End-to-end tests of the `faithcheck` command: in this process through click, and as a real process
where the process is the point (Ctrl-C at start-up)."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import click
import pytest

from .conftest import REPO
from .in_process import faithcheck


def _faithcheck(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return faithcheck(*args, cwd=cwd)


def test_score_the_bundled_sample(tmp_path: Path) -> None:
    out = tmp_path / "scores.jsonl"
    done = _faithcheck("score", "examples/sample.jsonl", "-o", str(out))
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    by_id = {r["input_id"]: r for r in rows}
    assert by_id["returns-overclaim"]["value"] == 0.5
    assert by_id["returns-faithful"]["value"] == 1.0
    assert by_id["greeting-only"]["status"] == "no_claims"
    assert all(r["status"] in {"ok", "no_claims"} for r in rows)
    first = by_id["returns-overclaim"]["claims"][1]
    assert first["verdict"]["label"] == "overclaim"
    assert first["verdict"]["evidence"]["passage_index"] == 1
    assert "mean faithfulness" in done.stderr
    assert "passed (threshold 0.7)" in done.stderr


def test_score_to_stdout_with_flags_and_config_file(tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    config.write_text("threshold: 0.4\nlang: de\n")
    data = tmp_path / "de.jsonl"
    data.write_text(
        json.dumps(
            {
                "input_id": "de-1",
                "prompt": "Ist die Rücksendung kostenlos?",
                "sut_response": "Die Rücksendung ist kostenlos.",
                "retrieved_context": ["Die Rücksendung ist nur für defekte Artikel kostenlos."],
            }
        )
        + "\n"
    )
    done = _faithcheck("score", str(data), "--config", str(config), "--threshold", "0.9", "--quiet")
    assert done.returncode == 0, done.stderr
    row = json.loads(done.stdout)
    assert row["threshold"] == 0.9
    assert row["claims"][0]["verdict"]["label"] == "overclaim"
    assert done.stderr == ""


def test_bad_rows_are_reported_and_the_others_scored(tmp_path: Path) -> None:
    good = {
        "input_id": "ok",
        "prompt": "Q?",
        "sut_response": "The sky is blue.",
        "retrieved_context": ["The sky is blue."],
    }
    data = tmp_path / "mixed.jsonl"
    data.write_text(
        "\n".join(
            [
                json.dumps(good),
                "{not json",
                json.dumps({"input_id": "no-context", "prompt": "Q?", "sut_response": "A."}),
                json.dumps({**good, "input_id": "empty", "retrieved_context": []}),
                json.dumps({**good, "input_id": "ok-2"}),
            ]
        )
        + "\n"
    )
    done = _faithcheck("score", str(data))
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["status"] for r in rows] == ["ok", "error", "error", "error", "ok"]
    assert rows[1]["message"].startswith("row 2: not valid JSON")
    assert rows[2]["message"] == "row 3 input_id='no-context': field 'retrieved_context': required column is missing"
    assert "field 'retrieved_context': is empty" in rows[3]["message"]
    assert all(r["value"] is None for r in rows[1:4])
    assert "error 3" in done.stderr


def test_bad_option_is_a_usage_error() -> None:
    done = _faithcheck("score", "examples/sample.jsonl", "--threshold", "3")
    assert done.returncode == 2
    assert "threshold" in done.stderr


def test_missing_file_is_a_usage_error() -> None:
    done = _faithcheck("score", "does-not-exist.jsonl")
    assert done.returncode == 2
    assert "does-not-exist.jsonl" in done.stderr


def test_german_and_french_samples() -> None:
    expected = {
        "de": {"de-rueckgabe": ["supported", "overclaim"], "de-garantie": ["contradicted", "supported"]},
        "fr": {"fr-livraison": ["supported"], "fr-retour": ["overclaim"]},
    }
    for lang, labels in expected.items():
        done = _faithcheck("score", f"examples/sample_{lang}.jsonl", "--lang", lang, "--quiet")
        assert done.returncode == 0, done.stderr
        rows = [json.loads(line) for line in done.stdout.splitlines()]
        assert {r["input_id"]: [c["verdict"]["label"] for c in r["claims"]] for r in rows} == labels


def test_unknown_input_format_is_a_usage_error(tmp_path: Path) -> None:
    data = tmp_path / "rows.txt"
    data.write_text("{}\n")
    done = _faithcheck("score", str(data), "--quiet")
    assert done.returncode == 2
    assert "cannot tell the format of 'rows.txt'" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("verifier", ["baseline", "model"])
def test_dry_run_of_an_offline_configuration_costs_nothing(verifier: str) -> None:
    done = _faithcheck("score", "examples/sample.jsonl", "--dry-run", "--verifier", verifier)
    assert done.returncode == 0, done.stderr
    assert "offline configuration: no LLM calls, no cost" in done.stderr


def test_ctrl_c_while_the_command_line_is_read_exits_130(monkeypatch: pytest.MonkeyPatch) -> None:
    """The interrupt the import held is let through as click starts reading the command line, before
    any command runs: status 130 and "interrupted", not click's "Aborted!" (status 1; seen once in
    CI when the signal came 0.15 s after the import)."""

    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(click.Group, "make_context", interrupted)
    result = faithcheck("manifest")
    assert result.returncode == 130, result.stderr
    assert result.stderr.strip() == "interrupted"


def test_ctrl_c_between_the_import_and_click_exits_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Before click's own handling starts (its shell-completion step), an interrupt reaches
    ``python -m faithcheck``'s entry point: the same status and line, no traceback."""
    import faithcheck.__main__ as entry
    import faithcheck._cli.main as cli

    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "main", interrupted)
    with pytest.raises(SystemExit) as stopped:
        entry.run()
    assert stopped.value.code == 130
    assert capsys.readouterr().err == "interrupted\n"


def _loaded(pid: int, library: str) -> bool:
    try:
        return library in Path(f"/proc/{pid}/maps").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="start-up phases are read from /proc")
@pytest.mark.parametrize(
    "when",
    ["importing", "loading the model", *(f"{delay} s" for delay in (0.15, 0.3, 0.45, 0.6, 0.8, 1.0, 1.3))],
)
def test_ctrl_c_during_start_up_exits_130_without_a_traceback(tmp_path: Path, when: str) -> None:
    """issue 27 item 9: SIGINT while faithcheck imports its command line (a native library of it is
    loaded), while the model loads (the ONNX runtime is), or a while after the start (reading the
    options, opening the store, loading the model): status 130, one line, no traceback."""
    row = {"prompt": "How long?", "sut_response": "It lasts 2 years.", "retrieved_context": ["It lasts 2 years."]}
    data = tmp_path / "rows.jsonl"
    data.write_text("".join(json.dumps({"input_id": f"r{i}", **row}) + "\n" for i in range(2000)))
    args = ["score", str(data), "-o", str(tmp_path / "out.jsonl"), "--store", str(tmp_path / "runs.sqlite")]
    proc = subprocess.Popen(
        [sys.executable, "-m", "faithcheck", *args], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    # the delays count from the import of the command line, not from the process's start: before
    # faithcheck's first line runs (Python's start-up, coverage's when measured) no program can hold
    # the signal, and on a loaded machine that alone took longer than 0.15 s
    library = {"loading the model": "onnxruntime_pybind11_state"}.get(when, "_pydantic_core")
    deadline = time.monotonic() + 60
    while not _loaded(proc.pid, library) and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.001)
    assert proc.poll() is None, proc.communicate()[1]
    if when.endswith(" s"):
        time.sleep(float(when.split()[0]))
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    # a shell reports both as status 130: exit(130), or ending by SIGINT itself as Python does when
    # the interrupt meets its shutdown (seen once on a loaded machine, after "interrupted" was said)
    assert proc.returncode in (130, -signal.SIGINT), err
    assert "interrupted" in err
    assert "Traceback" not in err
    assert "KeyboardInterrupt" not in err
    assert "Exception ignored" not in err
    assert "Aborted!" not in err
    assert "interrupted" in err
