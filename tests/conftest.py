from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from faithcheck import Faithfulness, TestCase
from faithcheck._core.types import Lang

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


@pytest.fixture
def server() -> Iterator[FakeLLMServer]:
    """A real HTTP server on loopback that speaks the OpenAI and Anthropic APIs (tests/llm_server.py)."""
    srv = FakeLLMServer().start()
    yield srv
    srv.stop()


@pytest.fixture(scope="session")
def model() -> Faithfulness:
    """The trained model's verifier, built once for the tests that check claims by it."""
    return Faithfulness(verifier="model")


@pytest.fixture(scope="session")
def verifiers() -> dict[Lang, Faithfulness]:
    """The baseline verifier of each language, built once for the tests that check claims by it."""
    return {lang: Faithfulness(verifier="baseline", lang=lang) for lang in ("en", "de", "fr")}
