from __future__ import annotations

import importlib
import json

import pytest
import yaml

from faithcheck import FaithfulnessConfig, InitializationConfig
from faithcheck._metrics.manifest import ENTRYPOINT, config_schema, manifest, manifest_yaml

from .conftest import DATA, SHARED
from .in_process import faithcheck


def _seed_manifest() -> dict[str, object]:
    loaded = yaml.safe_load((DATA / "seed_001_manifest.yaml").read_text(encoding="utf-8"))
    assert isinstance(loaded, dict)
    return loaded


def test_manifest_equals_seed_except_entrypoint() -> None:
    seed = _seed_manifest()
    ours = manifest()
    assert set(ours) == set(seed)
    for key in seed:
        if key == "entrypoint":
            continue
        assert ours[key] == seed[key], key
    assert ours["entrypoint"] == ENTRYPOINT


def test_yaml_round_trips_to_the_same_content() -> None:
    assert yaml.safe_load(manifest_yaml()) == manifest()


def test_entrypoint_is_importable_and_scores_a_row() -> None:
    module, _, name = ENTRYPOINT.rpartition(".")
    scorer = getattr(importlib.import_module(module), name)
    out = scorer(
        {
            "input_id": "e1",
            "prompt": "What is our return window?",
            "sut_response": "You can return items within 30 days of purchase.",
            "retrieved_context": ["Customers may return items within 30 days of purchase."],
        }
    )
    assert out["status"] == "ok"
    assert out["value"] == 1.0
    json.dumps(out)  # JSON-ready


def test_entrypoint_reports_a_bad_row_instead_of_raising() -> None:
    module, _, name = ENTRYPOINT.rpartition(".")
    scorer = getattr(importlib.import_module(module), name)
    out = scorer({"input_id": "bad", "prompt": "Q?", "sut_response": "A."})
    assert out["status"] == "error"
    assert out["value"] is None
    assert "retrieved_context" in out["message"]


def test_config_schema_is_the_seed_schema() -> None:
    assert config_schema() == _seed_manifest()["config_schema"]


def test_config_defaults_and_enum() -> None:
    cfg = InitializationConfig()
    assert (cfg.lang, cfg.model, cfg.system_type, cfg.concurrency_limit) == ("en", "gpt-4o", "rag", 10)
    with pytest.raises(ValueError, match="lang"):
        InitializationConfig(lang="es")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="system_type"):
        InitializationConfig(system_type="agent")  # type: ignore[arg-type]


def test_pipeline_config_extends_the_seed() -> None:
    seed_fields = set(InitializationConfig.model_fields)
    assert seed_fields < set(FaithfulnessConfig.model_fields)
    assert {"threshold", "strict_threshold", "extractor", "verifier", "scale"} <= set(FaithfulnessConfig.model_fields)


@pytest.mark.skipif(not (SHARED / "seeds").is_dir(), reason="shared/seeds not beside the repo")
def test_fixture_is_still_the_seeds_text() -> None:
    seed_text = next((SHARED / "seeds").glob("001_*.txt")).read_text(encoding="utf-8")
    section = seed_text.split("Complete manifest", 1)[1]
    assert yaml.safe_load(section) == _seed_manifest()


def test_cli_prints_manifest_as_yaml_and_json() -> None:
    as_yaml = faithcheck("manifest")
    as_json = faithcheck("manifest", "--json")
    assert as_yaml.returncode == as_json.returncode == 0, as_yaml.stderr + as_json.stderr
    assert yaml.safe_load(as_yaml.stdout) == manifest()
    assert json.loads(as_json.stdout) == manifest()
