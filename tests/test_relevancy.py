"""The offline relevance judge (faithcheck._pipeline.relevancy) and its shipped head."""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from faithcheck import ModelLoadError
from faithcheck._pipeline.relevancy import (
    SCALAR_FEATURES,
    StatementVerdict,
    default_relevance_model,
    judge_statements,
    load_relevance_model,
    relevance_model_id,
)

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"

# (question, a sentence that answers it): real answer sentences of examples/sample.jsonl and of
# everyday questions; each is judged against its own question and against the next one's.
OWN = [
    ("How long is the warranty on the X200 blender?", "The X200 blender comes with a 5-year warranty."),
    ("Where is the headquarters of Acme Robotics?", "Acme Robotics is headquartered in Boston."),
    ("What is our return window?", "You can return items within 30 days of purchase."),
    ("Who wrote the novel Pride and Prejudice?", "Pride and Prejudice was written by Jane Austen in 1813."),
    ("What is the boiling point of water at sea level?", "At sea level, water boils at 100 degrees Celsius."),
    ("How many moons does Mars have?", "Mars has two small moons, Phobos and Deimos."),
]


def test_shipped_head_loads_once_and_is_small() -> None:
    ref = resources.files("faithcheck").joinpath("models/relevance/relevance_head.json")
    with resources.as_file(ref) as path:
        assert path.stat().st_size < 1_000_000
        raw = json.loads(path.read_text(encoding="utf-8"))
    model = default_relevance_model()
    assert default_relevance_model() is model
    assert model.full.features[: len(SCALAR_FEATURES)] == SCALAR_FEATURES
    assert len(model.full.features) == len(SCALAR_FEATURES) + 2 * 384
    assert model.lexical.features == SCALAR_FEATURES
    for head in (model.full, model.lexical):
        assert 0.0 < head.threshold < 1.0
    assert model.head_for("en") is model.full
    assert model.head_for("de") is model.head_for("fr") is model.lexical
    assert raw["dev"]["full"]["auc"] > 0.8  # the training script's own dev figure


def test_own_question_statements_score_higher_than_other_question_statements() -> None:
    for i, (question, statement) in enumerate(OWN):
        other_question = OWN[(i + 1) % len(OWN)][0]
        [own] = judge_statements(question, [statement])
        [other] = judge_statements(other_question, [statement])
        assert own.score > other.score, (question, statement, own.score, other.score)
        assert own.label == "relevant", own
        assert other.label == "irrelevant", other
        assert other.reason_kind == "off_topic"
        assert statement[:20] in other.reason


@pytest.mark.parametrize(
    ("lang", "question", "statement", "kind"),
    [
        ("en", "What is our return window?", "I hope this helps!", "generic_filler"),
        ("en", "What is our return window?", "Thanks for your question.", "generic_filler"),
        ("en", "What is our return window?", "I don't know the answer to that.", "refuses_or_deflects"),
        ("en", "What is our return window?", "As an AI, I cannot access your orders.", "refuses_or_deflects"),
        ("en", "What is our return window?", "Would you like to know more?", "refuses_or_deflects"),
        ("en", "What is our return window?", "You asked about the return window.", "restates_question"),
        ("de", "Wie lange gilt die Garantie?", "Ich weiß es nicht.", "refuses_or_deflects"),
        ("de", "Wie lange gilt die Garantie?", "Ich hoffe, das hilft!", "generic_filler"),
        ("fr", "Quel est le délai de livraison ?", "Je ne sais pas.", "refuses_or_deflects"),
        ("fr", "Quel est le délai de livraison ?", "Merci pour votre question.", "generic_filler"),
    ],
)
def test_refusals_filler_and_restatements_get_their_reason_kind(
    lang: str, question: str, statement: str, kind: str
) -> None:
    [verdict] = judge_statements(question, [statement], lang)  # type: ignore[arg-type]
    assert verdict.label == "irrelevant"
    assert verdict.reason_kind == kind
    assert verdict.score == 0.0
    assert statement in verdict.reason


def test_mixed_answer_keeps_order_and_batching_does_not_change_scores() -> None:
    question = "How long is the warranty on the X200 blender?"
    statements = [
        "The X200 blender comes with a 5-year warranty.",
        "I hope this helps!",
        "The warranty covers the motor and the jar.",
        "Paris is the capital of France.",
    ]
    together = judge_statements(question, statements)
    assert [v.statement for v in together] == statements
    assert [v.reason_kind for v in together] == ["on_topic", "generic_filler", "on_topic", "off_topic"]
    one_by_one = [judge_statements(question, [s])[0] for s in statements]
    for a, b in zip(together, one_by_one, strict=True):
        assert a.label == b.label
        assert a.score == pytest.approx(b.score, abs=1e-5)
    assert judge_statements(question, statements) == together  # deterministic


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    question=st.text(min_size=1, max_size=60).filter(str.strip),
    statements=st.lists(st.text(max_size=80), max_size=4),
    lang=st.sampled_from(["en", "de", "fr"]),
)
def test_scores_are_probabilities_whatever_the_text(question: str, statements: list[str], lang: str) -> None:
    verdicts = judge_statements(question, statements, lang)  # type: ignore[arg-type]
    assert len(verdicts) == len(statements)
    for v in verdicts:
        assert isinstance(v, StatementVerdict)
        assert 0.0 <= v.score <= 1.0
        assert (v.label == "relevant") == (v.reason_kind == "on_topic")


@pytest.mark.parametrize("name", ["sample_de.jsonl", "sample_fr.jsonl"])
def test_german_and_french_rows_are_judged(name: str) -> None:
    lang = name[len("sample_") : len("sample_") + 2]
    for line in (EXAMPLES / name).read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        sentences = [s.strip() + "." for s in row["sut_response"].split(".") if s.strip()]
        verdicts = judge_statements(row["prompt"], sentences, lang)
        assert len(verdicts) == len(sentences)
        assert all(0.0 <= v.score <= 1.0 for v in verdicts)
    [de] = judge_statements("Wie lange gilt die Garantie?", ["Die Garantie gilt zwei Jahre."], "de")
    [fr] = judge_statements("Quel est le délai de livraison ?", ["La livraison prend 3 jours ouvrés."], "fr")
    assert de.label == fr.label == "relevant"


def test_no_statements_and_bad_arguments() -> None:
    assert judge_statements("What is our return window?", []) == []
    with pytest.raises(ValueError, match="question"):
        judge_statements("  ", ["Returns take 30 days."])
    with pytest.raises(TypeError, match="sequence of strings"):
        judge_statements("What is our return window?", "Returns take 30 days.")


def test_a_broken_head_file_is_a_clear_model_load_error(tmp_path: Path) -> None:
    bad = tmp_path / "relevance_head.json"
    bad.write_text('{"format": "something else"}', encoding="utf-8")
    with pytest.raises(ModelLoadError, match=r"relevance_head\.json"):
        load_relevance_model(bad)
    with pytest.raises(ModelLoadError, match="cannot be read"):
        load_relevance_model(tmp_path / "missing.json")
    raw = {"format": "faithcheck-relevance-head/1", "heads": {"full": {"features": ["cosine"], "coef": [1, 2]}}}
    bad.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(ModelLoadError, match="malformed"):
        load_relevance_model(bad)


def test_the_judge_id_changes_with_its_rules_not_only_with_its_head() -> None:
    # a resumed run must not mix verdicts from before and after a change of the rules
    head = resources.files("faithcheck").joinpath("models/relevance/relevance_head.json").read_bytes()
    assert relevance_model_id().startswith("sha256:")
    assert relevance_model_id() != "sha256:" + hashlib.sha256(head).hexdigest()
