"""OnnxVerifier with a tiny cross-encoder built at test time: real onnxruntime, real tokenizer.

The graph sums one embedding row per input token (masked) into 3 logits, so its behaviour is
known exactly: the token "green" votes supported, "red" votes contradicted.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from faithcheck import Claim, Faithfulness, ModelLoadError, TestCase
from faithcheck._pipeline.verify.cues import FLAGGED_SCORE_CAP
from faithcheck._pipeline.verify.onnx_model import Calibration, OnnxVerifier

onnx = pytest.importorskip("onnx")
TOKENIZER = Path(__file__).resolve().parents[1] / "src" / "faithcheck" / "models" / "minilm" / "tokenizer.json"


def _bundle(
    folder: Path,
    *,
    temperature: float = 1.0,
    threshold: float = 0.5,
    score_map: dict[str, list[float]] | None = None,
    evidence: str | None = None,
) -> Path:
    from onnx import TensorProto, helper, numpy_helper
    from tokenizers import Tokenizer

    vocab = Tokenizer.from_file(str(TOKENIZER)).get_vocab_size()
    table = np.zeros((vocab, 3), dtype=np.float32)
    table[:, 1] = 0.1  # a slight lean to "not supported"
    tok = Tokenizer.from_file(str(TOKENIZER))
    table[tok.token_to_id("green"), 0] = 4.0
    table[tok.token_to_id("red"), 2] = 4.0
    nodes = [
        helper.make_node("Gather", ["table", "input_ids"], ["emb"]),  # [B, L, 3]
        helper.make_node("Cast", ["attention_mask"], ["maskf"], to=TensorProto.FLOAT),
        helper.make_node("Unsqueeze", ["maskf", "axis2"], ["mask3"]),
        helper.make_node("Mul", ["emb", "mask3"], ["masked"]),
        helper.make_node("ReduceSum", ["masked", "axis1"], ["logits"], keepdims=0),
    ]
    graph = helper.make_graph(
        nodes,
        "tiny",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["B", "L"]),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["B", "L"]),
        ],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["B", 3])],
        initializer=[
            numpy_helper.from_array(table, "table"),
            numpy_helper.from_array(np.array([2], dtype=np.int64), "axis2"),
            numpy_helper.from_array(np.array([1], dtype=np.int64), "axis1"),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    folder.mkdir(parents=True, exist_ok=True)
    onnx.save(model, str(folder / "model.onnx"))
    shutil.copy(TOKENIZER, folder / "tokenizer.json")
    calibration = {
        "temperature": temperature,
        "threshold": threshold,
        "label_order": ["supported", "not_supported", "contradicted"],
        "max_length": 64,
    }
    if score_map is not None:
        calibration["score_map"] = score_map
    if evidence is not None:
        calibration["evidence"] = evidence
    (folder / "calibration.json").write_text(json.dumps(calibration))
    return folder


def _case(context: list[str], answer: str = "The light is on.") -> TestCase:
    return TestCase(input_id="x", prompt="What colour?", sut_response=answer, retrieved_context=context)


def test_union_over_windows_and_evidence(tmp_path: Path) -> None:
    verifier = OnnxVerifier.from_dir(_bundle(tmp_path / "m"))
    score = Faithfulness(verifier_backend=verifier).evaluate(
        _case(["Unrelated words here.", "Nothing to see.", "The lamp glows green tonight."])
    )
    verdict = score.claims[0].verdict
    assert verdict is not None
    assert verdict.label == "supported"
    assert verdict.evidence is not None
    assert verdict.evidence.passage_index == 2
    assert verdict.evidence.quote == "The lamp glows green tonight."
    assert score.usage.claims_local == 1


def test_contradiction_and_unsupported(tmp_path: Path) -> None:
    verifier = OnnxVerifier.from_dir(_bundle(tmp_path / "m"))
    contradicted = Faithfulness(verifier_backend=verifier).evaluate(_case(["The lamp is red."]))
    assert contradicted.claims[0].verdict is not None
    assert contradicted.claims[0].verdict.label == "contradicted"
    unsupported = Faithfulness(verifier_backend=verifier).evaluate(_case(["The lamp is off."]))
    assert unsupported.claims[0].verdict is not None
    assert unsupported.claims[0].verdict.label == "unsupported"
    assert unsupported.value == 0.0


def test_temperature_calibrates_probabilities(tmp_path: Path) -> None:
    sharp = OnnxVerifier.from_dir(_bundle(tmp_path / "a", temperature=1.0))
    soft = OnnxVerifier.from_dir(_bundle(tmp_path / "b", temperature=4.0))
    pair = [("It is green.", "It is.")]
    p_sharp, p_soft = sharp.probabilities(pair)[0], soft.probabilities(pair)[0]
    assert p_sharp.sum() == pytest.approx(1.0)
    assert p_sharp[0] > p_soft[0] > 1 / 3


def test_batches_and_truncation(tmp_path: Path) -> None:
    verifier = OnnxVerifier.from_dir(_bundle(tmp_path / "m"))
    verifier.batch_size = 2
    long_premise = "word " * 500 + "green"
    probs = verifier.probabilities([("green", "x"), ("red", "y"), (long_premise, "z")])
    assert probs.shape == (3, 3)
    assert np.argmax(probs[0]) == 0
    assert np.argmax(probs[1]) == 2
    # "green" at the end is cut off at max_length 64, so it cannot vote
    assert np.argmax(probs[2]) == 1


def test_bad_bundles_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(ModelLoadError, match=r"missing model\.onnx"):
        OnnxVerifier.from_dir(tmp_path)
    folder = _bundle(tmp_path / "m")
    (folder / "calibration.json").write_text(
        json.dumps({"temperature": 0, "threshold": 0.5, "label_order": ["supported"], "max_length": 8})
    )
    with pytest.raises(ModelLoadError, match="temperature"):
        OnnxVerifier.from_dir(folder)
    with pytest.raises(ModelLoadError, match="not a valid calibration"):
        Calibration.load(tmp_path / "nope.json")


def test_the_score_map_calibrates_claim_scores_and_keeps_the_decision(tmp_path: Path) -> None:
    plain = OnnxVerifier.from_dir(_bundle(tmp_path / "a"))
    mapped = OnnxVerifier.from_dir(_bundle(tmp_path / "b", score_map={"x": [0.0, 0.5, 1.0], "y": [0.0, 0.6, 0.8]}))
    context = ["The lamp is green."]
    raw = Faithfulness(verifier_backend=plain).evaluate(_case(context)).claims[0].verdict
    calibrated = Faithfulness(verifier_backend=mapped).evaluate(_case(context)).claims[0].verdict
    assert raw is not None
    assert calibrated is not None
    assert raw.label == calibrated.label == "supported"
    assert 0.5 < raw.score < 1.0
    assert calibrated.score == pytest.approx(0.6 + (raw.score - 0.5) * 0.4)
    assert "score_map=" in mapped.model_id
    assert "score_map=" not in plain.model_id
    # a claim a cue overrules stays at most FLAGGED_SCORE_CAP, however high the map lifts it
    lifted = OnnxVerifier.from_dir(_bundle(tmp_path / "c", score_map={"x": [0.0, 1.0], "y": [0.5, 1.0]}))
    flagged = Faithfulness(verifier_backend=lifted).evaluate(
        _case(["Green tea is free for members only."], "Green tea is free.")
    )
    verdict = flagged.claims[0].verdict
    assert verdict is not None
    assert verdict.label == "overclaim"
    assert verdict.score <= FLAGGED_SCORE_CAP


@pytest.mark.parametrize(
    ("score_map", "why"),
    [
        ({"x": [0.0, 1.0], "y": [0.5]}, "same length"),
        ({"x": [0.5, 0.5], "y": [0.1, 0.2]}, "x must increase"),
        ({"x": [0.0, 1.0], "y": [0.6, 0.4]}, "y must not decrease"),
        ({"x": [0.0, 1.0], "y": [0.0, 1.5]}, r"in \[0, 1\]"),
        ({"x": [0.0, 1.0]}, "not a valid calibration"),
    ],
)
def test_a_bad_score_map_is_a_clear_error(tmp_path: Path, score_map: dict[str, list[float]], why: str) -> None:
    with pytest.raises(ModelLoadError, match=why):
        OnnxVerifier.from_dir(_bundle(tmp_path / "m", score_map=score_map))


def _label(verifier: OnnxVerifier, context: list[str], answer: str) -> tuple[str, str, int | None]:
    verdict = Faithfulness(verifier_backend=verifier).evaluate(_case(context, answer)).claims[0].verdict
    assert verdict is not None
    return verdict.label, verdict.reason, verdict.evidence.passage_index if verdict.evidence else None


def test_a_different_number_overrules_the_model(tmp_path: Path) -> None:
    """The sentence stating the rest of the claim gives another count: a slot mismatch overrules the
    model's (wrong) support, whatever the bundle's overrule set names."""
    bundle = _bundle(tmp_path / "m")
    context = ["The green lamp has 3 bulbs."]
    for overrule in (frozenset({"number"}), frozenset()):
        label, reason, _ = _label(OnnxVerifier.from_dir(bundle, overrule=overrule), context, "The lamp has 4 bulbs.")
        assert label == "contradicted"
        assert "gives 3 bulbs, not 4 bulbs" in reason


def test_union_skips_an_overruled_window(tmp_path: Path) -> None:
    verifier = OnnxVerifier.from_dir(_bundle(tmp_path / "m"), overrule=frozenset({"number"}))
    context = ["The green lamp has 3 bulbs.", "The green lamp has 4 bulbs."]
    label, reason, passage = _label(verifier, context, "The lamp has 4 bulbs.")
    assert (label, passage) == ("supported", 1)
    assert reason.startswith("supported by")


def test_a_cue_names_why_an_unsupported_claim_fails(tmp_path: Path) -> None:
    verifier = OnnxVerifier.from_dir(_bundle(tmp_path / "m"))
    label, reason, _ = _label(verifier, ["Only members can enter the garden."], "Everyone can enter the garden.")
    assert label == "overclaim"
    assert "'only'" in reason


def test_the_bundle_can_name_the_overruling_cues(tmp_path: Path) -> None:
    folder = _bundle(tmp_path / "m")
    calibration = json.loads((folder / "calibration.json").read_text())
    (folder / "calibration.json").write_text(json.dumps({**calibration, "overrule": ["number"]}))
    verifier = OnnxVerifier.from_dir(folder)
    assert verifier.overrule == frozenset({"number"})
    assert _label(verifier, ["The green lamp has 3 bulbs."], "The lamp has 4 bulbs.")[0] == "contradicted"
    assert OnnxVerifier.from_dir(_bundle(tmp_path / "default")).overrule == frozenset({"restriction"})
    (folder / "calibration.json").write_text(json.dumps({**calibration, "overrule": ["numbers"]}))
    with pytest.raises(ModelLoadError, match="overrule must name cue kinds"):
        OnnxVerifier.from_dir(folder)


def test_two_passes_decide_like_the_union_over_all_windows(tmp_path: Path) -> None:
    """Claims their first window supports are not scored against the others; the verdicts equal
    deciding on every window at once."""
    from faithcheck._models.embedding import default_encoder
    from faithcheck._pipeline.verify import ClaimCheck, build_context_index

    verifier = OnnxVerifier.from_dir(_bundle(tmp_path / "m"))
    passages = [
        "The lamp is green. The door is red.",
        "The lamp has 3 bulbs. The lamp is off.",
        "The grass is green today.",
    ]
    claims = ["The lamp is on.", "The door is open.", "The lamp has 4 bulbs.", "The grass is green.", "It rains."]
    index = build_context_index(passages, "en")
    windows = index.select_all(claims, default_encoder(), top_k=3)
    checks = [
        ClaimCheck(Claim(id=str(i), text=t, start=0, end=len(t)), "", w, index.passages)
        for i, (t, w) in enumerate(zip(claims, windows, strict=True))
    ]
    scored: list[int] = []
    probabilities = verifier.probabilities

    def counting(pairs: list[tuple[str, str]]) -> np.ndarray:
        scored.append(len(pairs))
        return probabilities(pairs)

    verifier.probabilities = counting  # type: ignore[method-assign]
    two_pass = verifier.verify(checks, "en")
    full = verifier.decide(checks, probabilities(verifier.pairs(checks, "en")), "en")
    assert [(v.label, v.evidence) for v in two_pass] == [(v.label, v.evidence) for v in full]
    assert "supported" in [v.label for v in two_pass]
    assert sum(scored) < len(verifier.pairs(checks, "en"))
    assert scored[0] == len(checks)


def test_the_model_path_chooses_windows_without_the_sentence_encoder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The model reads every window itself: its windows are the best by lexical score, with no
    similarity, and the encoder is never loaded (it costs ~0.1 s a standard row)."""
    import faithcheck._metrics.faithfulness

    def no_encoder() -> None:
        raise AssertionError("the model path must not embed")

    monkeypatch.setattr(faithcheck._metrics.faithfulness, "default_encoder", no_encoder)
    metric = Faithfulness(verifier_backend=OnnxVerifier.from_dir(_bundle(tmp_path / "m")), evidence_top_k=2)
    context = ["The door is red.", "The lamp is green and the lamp is on.", "The lamp is new."]
    result = metric.evaluate(_case(context))
    verdict = result.claims[0].verdict
    assert result.status == "ok"
    assert verdict is not None
    assert verdict.label == "supported"
    assert verdict.evidence is not None
    assert verdict.evidence.passage_index == 1
    checks = metric.select_evidence([Claim(id="c1", text="The lamp is on.", start=0, end=15)], "", context)
    assert [(w.passage_index, w.similarity) for w in checks[0].windows] == [(1, None), (2, None)]
    assert checks[0].windows[0].retrieval_score == 1.0


_FILLER = " ".join(f"Birds sing {n} songs every single morning." for n in ("two", "three", "four", "five", "six"))


def test_a_bundle_for_assembled_evidence_reads_chunks_and_names_every_supporting_sentence(tmp_path: Path) -> None:
    """The model reads the claim's assembled chunk (passage marks, sentences from two passages), and
    the verdict names both sentences the support needs, with their spans."""
    verifier = OnnxVerifier.from_dir(_bundle(tmp_path / "m", evidence="assembled"), window_first=False)
    assert verifier.reads_assembled
    assert verifier.needs.budget == 64
    context = [f"The lamp stands in the hall. {_FILLER}", f"{_FILLER} The lamp glows green at night."]
    claim = "The lamp in the hall glows green."
    metric = Faithfulness(verifier_backend=verifier)
    (check,) = metric.select_evidence([Claim(id="c1", text=claim, start=0, end=len(claim))], "", context)
    assert check.chunks
    assert not check.chunks[0].whole_context
    assert all(chunk.tokens <= verifier.premise_budget(claim) for chunk in check.chunks)
    (premise, _), *_ = verifier.pairs([check], "en")
    assert premise == check.chunks[0].text
    assert "[passage 0]" in premise
    assert "[passage 1]" in premise

    verdict = metric.evaluate(_case(context, answer=claim)).claims[0].verdict
    assert verdict is not None
    assert verdict.label == "supported"
    assert [(e.passage_index, e.quote) for e in verdict.evidence_set] == [
        (0, "The lamp stands in the hall."),
        (1, "The lamp glows green at night."),
    ]
    for e in verdict.evidence_set:
        assert context[e.passage_index][e.start : e.end] == e.quote
    assert verdict.evidence == verdict.evidence_set[1]  # the sentence covering most of the claim
    assert verdict.reason.endswith("with 1 more sentence of the context.")  # a sentence, one period


def test_a_bundle_for_windows_gets_no_chunks(tmp_path: Path) -> None:
    verifier = OnnxVerifier.from_dir(_bundle(tmp_path / "m"))
    assert not verifier.reads_assembled
    assert verifier.needs.budget is None
    metric = Faithfulness(verifier_backend=verifier)
    (check,) = metric.select_evidence([Claim(id="c1", text="The lamp is on.", start=0, end=15)], "", ["The lamp."])
    assert check.chunks == ()
    assert verifier.pairs([check], "en") == [("The lamp.", "The lamp is on.")]


def test_an_unknown_evidence_mode_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(ModelLoadError, match="evidence must be 'windows' or 'assembled'"):
        OnnxVerifier.from_dir(_bundle(tmp_path / "m", evidence="sentences"))


def test_window_first_judges_the_best_window_before_the_chunks(tmp_path: Path) -> None:
    """A claim its best window supports costs one short pair; one it does not goes on to its chunks."""
    verifier = OnnxVerifier.from_dir(_bundle(tmp_path / "m", evidence="assembled"))
    assert verifier.window_first
    metric = Faithfulness(verifier_backend=verifier)
    context = [f"The lamp stands in the hall. {_FILLER}", f"{_FILLER} The lamp glows green at night."]
    claims = ["The lamp in the hall glows green.", "The hall has a lamp."]
    checks = metric.select_evidence(
        [Claim(id=str(i), text=t, start=0, end=len(t)) for i, t in enumerate(claims)], "", context
    )
    units = [verifier.units(c, "en") for c in checks]
    assert [u.premise for u in units[0]] == [checks[0].windows[0].text, *(c.text for c in checks[0].chunks)]
    scored: list[list[tuple[str, str]]] = []
    probabilities = verifier.probabilities

    def recording(pairs: list[tuple[str, str]]) -> np.ndarray:
        scored.append(list(pairs))
        return probabilities(pairs)

    verifier.probabilities = recording  # type: ignore[method-assign]
    first, second = verifier.verify(checks, "en")
    assert first.label == "supported"
    assert first.evidence_set == (checks[0].windows[0].as_evidence(),)  # the window alone decided it
    assert second.label != "supported"
    assert [len(batch) for batch in scored] == [2, len(checks[1].chunks)]  # the chunks of the second only
    assert all(premise.startswith("[passage") for premise, _ in scored[1])


def test_a_bundle_named_in_the_config_replaces_the_shipped_model(tmp_path: Path) -> None:
    """verifier_bundle: the model, and the cascade's first stage, are the named bundle (and the run
    records its weights); a bundle for another verifier, or a folder that is no bundle, is refused."""
    from faithcheck import ConfigError, FaithfulnessConfig
    from faithcheck._metrics.backends import make_verifier
    from faithcheck._pipeline.verify.onnx_model import default_model_verifier

    folder = _bundle(tmp_path / "m")
    metric = Faithfulness(verifier="model", verifier_bundle=str(folder))
    assert isinstance(metric.verifier, OnnxVerifier)
    assert metric.verifier.model_id != default_model_verifier().model_id
    assert metric.versions()["verifier_model"] == metric.verifier.model_id
    verdict = metric.evaluate(_case(["The lamp glows green tonight."])).claims[0].verdict
    assert verdict is not None
    assert verdict.label == "supported"  # the tiny model's "green" vote, not the shipped model's judgement
    cascade = make_verifier(FaithfulnessConfig(verifier="cascade", verifier_bundle=str(folder)), require_key=False)
    assert getattr(cascade, "local", None) is metric.verifier  # loaded once per process and folder

    with pytest.raises((ConfigError, ValueError), match="verifier_bundle is a model for verifier=model"):
        FaithfulnessConfig(verifier="baseline", verifier_bundle=str(folder))
    with pytest.raises(ModelLoadError, match=r"missing model\.onnx"):
        Faithfulness(verifier="model", verifier_bundle=str(tmp_path / "nothing-here"))


def test_the_cli_scores_with_a_named_bundle_and_refuses_a_missing_one(tmp_path: Path) -> None:
    from faithcheck._cli.main import EXIT_OK, EXIT_USAGE

    from .test_cli import _faithcheck

    data = tmp_path / "data.jsonl"
    row = {
        "input_id": "r1",
        "prompt": "What colour?",
        "sut_response": "The light is on.",
        "retrieved_context": ["The lamp glows green tonight."],
    }
    data.write_text(json.dumps(row) + "\n")
    out = tmp_path / "out.jsonl"
    folder = _bundle(tmp_path / "m")
    ok = _faithcheck(
        "score",
        str(data),
        "--verifier",
        "model",
        "--verifier-bundle",
        str(folder),
        "-o",
        str(out),
        "--quiet",
        "--no-store",
    )
    assert ok.returncode == EXIT_OK, ok.stderr
    (record,) = [json.loads(line) for line in out.read_text().splitlines()]
    assert record["claims"][0]["verdict"]["label"] == "supported"
    missing = _faithcheck(
        "score", str(data), "--verifier", "model", "--verifier-bundle", str(tmp_path / "none"), "--no-store"
    )
    assert missing.returncode == EXIT_USAGE
    assert "is not a verifier bundle: missing model.onnx" in missing.stderr
    assert "Traceback" not in missing.stderr


# -- one pair per inference ----------------------------------------------------------------------


def test_a_pairs_probability_does_not_depend_on_the_pairs_scored_beside_it() -> None:
    """Bundles are quantized by quantize_dynamic, which takes one activation scale from the whole
    batch: batched, a pair's probability moved by up to 0.14 with its companions. The verifier
    runs one pair per inference."""
    from faithcheck._pipeline.verify.onnx_model import default_model_verifier

    verifier = default_model_verifier()
    pairs = [
        ("[passage 0] The tower was built in 1889 in Paris.", "It was built in 1889."),
        ("[passage 0] Returns are free for defective items only.", "Returns are always free."),
    ]
    loud = [("[passage 0] " + "ZZZ 999 QQQ!!! " * 40, "Revenue fell 12% to $4.3 billion."), ("[passage 0] hi", "ok")]
    alone = np.vstack([verifier.probabilities([pair]) for pair in pairs])
    beside = verifier.probabilities(loud + pairs)[len(loud) :]
    assert np.abs(alone - beside).max() < 1e-6
    assert " batch=1 " in verifier.model_id  # runs scored in batches never resume into these scores


def test_a_bundle_can_be_shown_assembled_evidence_whatever_its_calibration_says() -> None:
    """``assembled_at`` (used by the training and benchmark scripts, whose tests are not in this
    suite) overrides the bundle's evidence form and length, and only those."""
    from faithcheck._pipeline.verify.onnx_model import shipped_bundle

    own = OnnxVerifier.from_dir(shipped_bundle())
    shown = OnnxVerifier.from_dir(shipped_bundle(), assembled_at=128)
    assert (shown.calibration.evidence, shown.calibration.max_length) == ("assembled", 128)
    assert shown.calibration.threshold == own.calibration.threshold
