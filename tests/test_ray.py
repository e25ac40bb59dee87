"""faithcheck.ray on a local Ray cluster started by the test."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ray = pytest.importorskip("ray")

from faithcheck import ConfigError  # noqa: E402
from faithcheck.ray import score_ray_dataset  # noqa: E402

from .test_runner import ROWS as RUNNER_ROWS  # noqa: E402

# two rows of the runner tests, and one the validation must reject
ROWS: list[dict[str, Any]] = [
    RUNNER_ROWS[0],
    {**RUNNER_ROWS[1], "sut_response": "The warranty lasts 5 years."},
    {"input_id": "c", "prompt": "Q?", "sut_response": "A.", "retrieved_context": []},
]


@pytest.fixture(scope="module")
def local_cluster() -> Iterator[None]:
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def test_scores_a_ray_dataset_with_an_actor_pool(local_cluster: None, tmp_path: Path) -> None:
    ds = ray.data.from_items(ROWS)
    scored = score_ray_dataset(ds, {"threshold": 0.7}, concurrency=1, batch_size=2)
    out = tmp_path / "scores"
    scored.write_parquet(str(out))
    rows = {r["input_id"]: r for r in ray.data.read_parquet(str(out)).take_all()}
    assert rows["a"]["value"] == 0.5
    assert rows["b"]["value"] == 0.0
    assert rows["c"]["status"] == "error"
    assert "retrieved_context" in rows["c"]["message"]
    claims = json.loads(rows["a"]["claims_json"])
    assert [c["verdict"]["label"] for c in claims] == ["supported", "overclaim"]
    assert json.loads(rows["b"]["claims_json"])[0]["verdict"]["label"] == "contradicted"


def test_bad_configuration_fails_on_the_driver(local_cluster: None) -> None:
    with pytest.raises(ConfigError, match="threshold"):
        score_ray_dataset(ray.data.from_items(ROWS), {"threshold": 3})
