"""Integer weights that give the same numbers on every CPU (faithcheck._models.quantization), on graphs made
here by onnxruntime's own ``quantize_dynamic``, run by real onnxruntime. A CPU without VNNI is
emulated by ``benchmarks/int16_saturation.py``'s rewrite (pair sums clipped to int16)."""

from __future__ import annotations

import shutil
import warnings
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from faithcheck._models.quantization import SAFE_WEIGHT, halve_integer_weights, widest_integer_weight
from faithcheck._pipeline.verify.onnx_model import OnnxVerifier, shipped_bundle

from .scripts import load_script

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")
TOKENIZER = Path(__file__).resolve().parents[1] / "src" / "faithcheck" / "models" / "minilm" / "tokenizer.json"


@pytest.fixture(scope="module")
def saturation() -> ModuleType:
    return load_script("benchmarks/int16_saturation.py", "int16_saturation_script")


def _quantized(tmp_path: Path, weights: np.ndarray) -> Path:
    """``x @ weights`` for x of shape [rows, K], through ``quantize_dynamic`` (8-bit weights per channel)."""
    from onnx import TensorProto, helper, numpy_helper
    from onnxruntime.quantization import QuantType, quantize_dynamic

    graph = helper.make_graph(
        [helper.make_node("MatMul", ["x", "w"], ["y"])],
        "matmul",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["rows", weights.shape[0]])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["rows", weights.shape[1]])],
        initializer=[numpy_helper.from_array(weights.astype(np.float32), "w")],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    onnx.save(model, str(tmp_path / "fp32.onnx"))
    quantize_dynamic(
        str(tmp_path / "fp32.onnx"), str(tmp_path / "int8.onnx"), weight_type=QuantType.QInt8, per_channel=True
    )
    return tmp_path / "int8.onnx"


def _run(model: object, x: np.ndarray) -> np.ndarray:
    session = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])  # type: ignore[attr-defined]
    return np.asarray(session.run(["y"], {"x": x})[0])


def test_halved_weights_cannot_saturate_and_compute_what_the_weights_mean(
    tmp_path: Path, saturation: ModuleType
) -> None:
    rng = np.random.default_rng(0)
    weights = rng.normal(size=(64, 16))
    weights[::2] = np.abs(weights[::2])  # pairs of large same-signed products: what saturates
    weights[1::2] = np.abs(weights[1::2])
    x = rng.uniform(0.0, 1.0, size=(8, 64)).astype(np.float32)
    x[0, 0] = -1.0  # the activations' zero point away from 0, so large bytes multiply large weights
    original = onnx.load(str(_quantized(tmp_path, weights)))
    assert widest_integer_weight(original) == 127

    def exact_and_without_vnni(model: object) -> tuple[np.ndarray, np.ndarray]:
        exact = _run(saturation.emulate(onnx.load_from_string(model.SerializeToString()), False), x)  # type: ignore[attr-defined]
        clipped = _run(saturation.emulate(onnx.load_from_string(model.SerializeToString()), True), x)  # type: ignore[attr-defined]
        return exact, clipped

    exact, clipped = exact_and_without_vnni(original)
    np.testing.assert_allclose(exact, _run(original, x), rtol=1e-5, atol=1e-5)  # the emulation is right
    assert np.abs(clipped - exact).max() > 0.05 * np.abs(exact).max()  # 8 bits saturate without VNNI

    halved = onnx.load_from_string(original.SerializeToString())
    assert halve_integer_weights(halved) == 1
    assert widest_integer_weight(halved) <= SAFE_WEIGHT
    exact, clipped = exact_and_without_vnni(halved)
    np.testing.assert_array_equal(clipped, exact)  # the same on every CPU
    np.testing.assert_allclose(_run(halved, x), x @ weights, atol=0.02 * np.abs(x @ weights).max())
    assert halve_integer_weights(halved) == 0  # already within range: untouched


def test_an_integer_matmul_not_dequantized_as_quantize_dynamic_does_is_refused() -> None:
    from onnx import TensorProto, helper, numpy_helper

    graph = helper.make_graph(
        [helper.make_node("MatMulInteger", ["x", "w"], ["y"], name="bare")],
        "bare",
        [helper.make_tensor_value_info("x", TensorProto.UINT8, ["rows", 4])],
        [helper.make_tensor_value_info("y", TensorProto.INT32, ["rows", 2])],
        initializer=[numpy_helper.from_array(np.full((4, 2), 120, np.int8), "w")],
    )
    with pytest.raises(ValueError, match="bare: not dequantized as quantize_dynamic does"):
        halve_integer_weights(helper.make_model(graph))


def _bundle_with_8_bit_weights(folder: Path) -> Path:
    """A verifier bundle whose logits go through one ``quantize_dynamic`` MatMul (8-bit weights)."""
    import json

    from onnx import TensorProto, helper, numpy_helper
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from tokenizers import Tokenizer

    vocab = Tokenizer.from_file(str(TOKENIZER)).get_vocab_size()
    rng = np.random.default_rng(1)
    graph = helper.make_graph(
        [
            helper.make_node("Gather", ["table", "input_ids"], ["embedded"]),
            helper.make_node("MatMul", ["embedded", "w"], ["per_token"]),
            helper.make_node("ReduceSum", ["per_token", "axis1"], ["logits"], keepdims=0),
        ],
        "tiny",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["B", "L"]),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["B", "L"]),
        ],
        [helper.make_tensor_value_info("logits", TensorProto.FLOAT, ["B", 3])],
        initializer=[
            numpy_helper.from_array(rng.normal(size=(vocab, 8)).astype(np.float32), "table"),
            numpy_helper.from_array(rng.normal(size=(8, 3)).astype(np.float32), "w"),
            numpy_helper.from_array(np.array([1], np.int64), "axis1"),
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    folder.mkdir()
    onnx.save(model, str(folder / "fp32.onnx"))
    quantize_dynamic(
        str(folder / "fp32.onnx"), str(folder / "model.onnx"), weight_type=QuantType.QInt8, per_channel=True
    )
    shutil.copy(TOKENIZER, folder / "tokenizer.json")
    calibration = {"temperature": 1.0, "threshold": 0.5, "label_order": ["supported", "other", "x"], "max_length": 32}
    (folder / "calibration.json").write_text(json.dumps(calibration))
    return folder


def test_a_bundle_with_8_bit_weights_warns_and_one_brought_within_7_bits_does_not(tmp_path: Path) -> None:
    bundle = _bundle_with_8_bit_weights(tmp_path / "bundle")
    with pytest.warns(RuntimeWarning, match=r"int8 weights up to ±127; on x86 CPUs without VNNI"):
        OnnxVerifier.from_dir(bundle)
    model = onnx.load(str(bundle / "model.onnx"))
    halve_integer_weights(model)
    onnx.save(model, str(bundle / "model.onnx"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        OnnxVerifier.from_dir(bundle)


def test_reduce_weight_range_copies_a_bundle_within_7_bits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = load_script("training/reduce_weight_range.py", "reduce_weight_range_script")
    bundle = _bundle_with_8_bit_weights(tmp_path / "bundle")
    argv = ["reduce_weight_range.py", "--bundle", str(bundle), "--out", str(tmp_path / "out"), "--pairs", "0"]
    monkeypatch.setattr("sys.argv", argv)
    assert script.main() == 0
    assert "1 integer MatMuls rewritten; widest weight 127 -> 64" in capsys.readouterr().out
    assert widest_integer_weight(onnx.load(str(tmp_path / "out" / "model.onnx"))) <= SAFE_WEIGHT
    assert widest_integer_weight(onnx.load(str(bundle / "model.onnx"))) == 127  # the original untouched
    with pytest.raises(SystemExit, match="exists"):
        script.main()  # never over an existing folder


def test_the_shipped_bundle_computes_the_same_on_every_cpu() -> None:
    assert widest_integer_weight(onnx.load(str(shipped_bundle() / "model.onnx"))) <= SAFE_WEIGHT
