"""`faithcheck score --help` a person can read: grouped options, LLM tuning and the manifest's
bookkeeping in config files only, and no development history in what a user reads."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pydantic import BaseModel

from faithcheck import RunOptions
from faithcheck._cli.main import CONFIG_ONLY, FLAG_PANELS, SCORE_PANELS, main
from faithcheck._metrics.config import AnswerRelevancyConfig, FaithfulnessConfig

from .conftest import REPO

SAMPLE = str(REPO / "examples" / "sample.jsonl")
TUNING_FLAGS = (
    "--llm-timeout-seconds",
    "--llm-max-retries",
    "--llm-max-claims-per-call",
    "--llm-repair-attempts",
    "--llm-evidence-budget",
    "--cache",
    "--cache-dir",
    "--price-input-per-mtok",
    "--price-output-per-mtok",
    "--metric-name",
    "--min",
    "--max",
    "--weight",
    "--system-type",
    "--scale",
)


def _help(*command: str) -> str:
    done = CliRunner().invoke(main, [*command, "--help"], terminal_width=200)
    assert done.exit_code == 0, done.output
    return done.output


def test_score_help_lists_the_groups_in_order() -> None:
    text = _help("score")
    titles = re.findall(r"╭─ (.+?) ─", text)
    assert titles == [*SCORE_PANELS, "Options"]  # "Options" holds --help alone
    groups = dict(zip(titles, re.split(r"╭─ .+? ─", text)[1:], strict=True))
    assert "--model" in groups["LLM judge"]
    assert "--base-url" in groups["LLM judge"]
    assert "--api-key-env" in groups["LLM judge"]
    assert "--fail-under" in groups["CI gates"]
    assert "--verifier" in groups["Verifier"]
    assert "--config" in groups["Input and output"]
    assert "--threshold" in groups["Metrics and thresholds"]
    assert "--dry-run" in groups["Run control"]


def test_score_help_leaves_out_llm_tuning_and_bookkeeping() -> None:
    flags = set(re.findall(r"--[a-z][a-z0-9-]*", _help("score")))
    assert flags.isdisjoint(TUNING_FLAGS), flags & set(TUNING_FLAGS)
    assert "--no-cache" not in flags


def test_every_configuration_field_is_a_flag_or_config_only() -> None:
    fields = {*FaithfulnessConfig.model_fields, *RunOptions.model_fields}
    assert set(FLAG_PANELS).isdisjoint(CONFIG_ONLY)
    assert set(FLAG_PANELS) | CONFIG_ONLY == fields
    assert set(FLAG_PANELS.values()) <= set(SCORE_PANELS)


@pytest.mark.parametrize(
    ("args", "setting"),
    [
        (["--scale", "10"], "'scale: 1.0'"),
        (["--llm-max-retries=1"], "'llm_max_retries: 4'"),
        (["--no-cache"], "'cache: false'"),
        (["--cache-dir", "/tmp/x"], "'cache_dir: ...'"),
        (["--metric-name", "groundedness"], "'metric_name: faithfulness'"),
        (["--system-type", "rag"], "'system_type: rag'"),
    ],
)
def test_a_config_only_flag_is_a_usage_error_that_names_the_config_file(args: list[str], setting: str) -> None:
    done = CliRunner().invoke(main, ["score", SAMPLE, "--no-store", *args])
    assert done.exit_code == 2
    message = " ".join(done.output.split())
    field = setting.strip("'").split(":")[0]
    option = args[0].split("=")[0]
    assert f"No such option: {option}. {field} is set in a --config file (YAML or JSON, e.g. {setting})" in message
    assert "Traceback" not in done.output


def test_a_mistyped_flag_still_gets_click_s_suggestion() -> None:
    done = CliRunner().invoke(main, ["score", SAMPLE, "--no-store", "--threshhold", "0.5"])
    assert done.exit_code == 2
    assert "(Did you mean" in done.output
    assert "'--threshold'" in done.output
    assert "config" not in done.output


def test_a_config_file_sets_the_fields_that_have_no_flag(tmp_path: Path) -> None:
    config = tmp_path / "config.yaml"
    config.write_text("metric_name: groundedness\nmax: 10\nweight: 2\n", encoding="utf-8")
    done = CliRunner().invoke(main, ["score", SAMPLE, "--no-store", "--quiet", "--config", str(config)])
    assert done.exit_code == 0, done.output
    rows = {r["input_id"]: r for r in map(json.loads, done.stdout.splitlines())}
    faithful = rows["returns-faithful"]
    assert (faithful["metric_name"], faithful["value"], faithful["weight"]) == ("groundedness", 10.0, 2.0)
    assert rows["returns-overclaim"]["value"] == 5.0


@pytest.mark.parametrize("command", [(), ("score",), ("manifest",), ("runs",), ("report",), ("calibrate",)])
def test_help_says_nothing_of_development_history(command: tuple[str, ...]) -> None:
    text = " ".join(_help(*command).split())
    for history in ("seed 0", "seed-0", "session", "issue "):
        assert history not in text.lower(), history


@pytest.mark.parametrize("model", [FaithfulnessConfig, AnswerRelevancyConfig, RunOptions])
def test_option_descriptions_say_nothing_of_development_history(model: type[BaseModel]) -> None:
    """The descriptions are what a user reads about a config-file option (the flags' help, the JSON schema)."""
    for name, info in model.model_fields.items():
        text = (info.description or "").lower()
        for history in ("seed 0", "seed-0", "session", "issue "):
            assert history not in text, (name, history)


def test_the_readme_config_example_is_accepted(tmp_path: Path) -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    example = re.search(r"```yaml\n(# faithcheck\.yaml, for: .*?)```", readme, re.DOTALL)
    assert example is not None
    config = tmp_path / "faithcheck.yaml"
    config.write_text(example.group(1), encoding="utf-8")
    done = CliRunner().invoke(main, ["score", SAMPLE, "--no-store", "--config", str(config), "--dry-run"])
    assert done.exit_code == 0, done.output
    assert "nothing was sent" in done.output
