"""training/reduce_weight_range.py: a verifier bundle's int8 weights brought within 7 bits, so that
it computes the same on every CPU, on graphs made here by onnxruntime's own ``quantize_dynamic`` and
run by real onnxruntime. A CPU without VNNI is emulated by ``benchmarks/int16_saturation.py``'s
rewrite (pair sums clipped to int16)."""

from __future__ import annotations

import warnings
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from tests.onnx_graphs import bundle_with_8_bit_weights, quantized_matmul, run_graph
from tests.scripts import load_script

from faithcheck._models.quantization import SAFE_WEIGHT, widest_integer_weight
from faithcheck._pipeline.verify.onnx_model import OnnxVerifier

onnx = pytest.importorskip("onnx")


@pytest.fixture(scope="module")
def saturation() -> ModuleType:
    return load_script("benchmarks/int16_saturation.py", "int16_saturation_script")


@pytest.fixture(scope="module")
def reduce_weight_range() -> ModuleType:
    return load_script("training/reduce_weight_range.py", "reduce_weight_range_script")


def test_halved_weights_cannot_saturate_and_compute_what_the_weights_mean(
    tmp_path: Path, saturation: ModuleType, reduce_weight_range: ModuleType
) -> None:
    rng = np.random.default_rng(0)
    weights = rng.normal(size=(64, 16))
    weights[::2] = np.abs(weights[::2])  # pairs of large same-signed products: what saturates
    weights[1::2] = np.abs(weights[1::2])
    x = rng.uniform(0.0, 1.0, size=(8, 64)).astype(np.float32)
    x[0, 0] = -1.0  # the activations' zero point away from 0, so large bytes multiply large weights
    original = onnx.load(str(quantized_matmul(tmp_path, weights)))
    assert widest_integer_weight(original) == 127

    def exact_and_without_vnni(model: object) -> tuple[np.ndarray, np.ndarray]:
        exact = run_graph(saturation.emulate(onnx.load_from_string(model.SerializeToString()), False), x)  # type: ignore[attr-defined]
        clipped = run_graph(saturation.emulate(onnx.load_from_string(model.SerializeToString()), True), x)  # type: ignore[attr-defined]
        return exact, clipped

    exact, clipped = exact_and_without_vnni(original)
    # the emulation is right: this CPU computes one of the two (exactly with VNNI, clipped without:
    # CI machines of both kinds run this)
    computed = run_graph(original, x)
    assert any(np.allclose(emulated, computed, rtol=1e-5, atol=1e-5) for emulated in (exact, clipped))
    assert np.abs(clipped - exact).max() > 0.05 * np.abs(exact).max()  # 8 bits saturate without VNNI

    halved = onnx.load_from_string(original.SerializeToString())
    assert reduce_weight_range.halve_integer_weights(halved) == 1
    assert widest_integer_weight(halved) <= SAFE_WEIGHT
    exact, clipped = exact_and_without_vnni(halved)
    np.testing.assert_array_equal(clipped, exact)  # the same on every CPU
    np.testing.assert_allclose(run_graph(halved, x), x @ weights, atol=0.02 * np.abs(x @ weights).max())
    assert reduce_weight_range.halve_integer_weights(halved) == 0  # already within range: untouched


def test_an_integer_matmul_not_dequantized_as_quantize_dynamic_does_is_refused(reduce_weight_range: ModuleType) -> None:
    from onnx import TensorProto, helper, numpy_helper

    graph = helper.make_graph(
        [helper.make_node("MatMulInteger", ["x", "w"], ["y"], name="bare")],
        "bare",
        [helper.make_tensor_value_info("x", TensorProto.UINT8, ["rows", 4])],
        [helper.make_tensor_value_info("y", TensorProto.INT32, ["rows", 2])],
        initializer=[numpy_helper.from_array(np.full((4, 2), 120, np.int8), "w")],
    )
    with pytest.raises(ValueError, match="bare: not dequantized as quantize_dynamic does"):
        reduce_weight_range.halve_integer_weights(helper.make_model(graph))


def test_a_bundle_brought_within_7_bits_no_longer_warns(tmp_path: Path, reduce_weight_range: ModuleType) -> None:
    bundle = bundle_with_8_bit_weights(tmp_path / "bundle")
    model = onnx.load(str(bundle / "model.onnx"))
    reduce_weight_range.halve_integer_weights(model)
    onnx.save(model, str(bundle / "model.onnx"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        OnnxVerifier.from_dir(bundle)


def test_reduce_weight_range_copies_a_bundle_within_7_bits(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    reduce_weight_range: ModuleType,
) -> None:
    script = reduce_weight_range
    bundle = bundle_with_8_bit_weights(tmp_path / "bundle")
    argv = ["reduce_weight_range.py", "--bundle", str(bundle), "--out", str(tmp_path / "out"), "--pairs", "0"]
    monkeypatch.setattr("sys.argv", argv)
    assert script.main() == 0
    assert "1 integer MatMuls rewritten; widest weight 127 -> 64" in capsys.readouterr().out
    assert widest_integer_weight(onnx.load(str(tmp_path / "out" / "model.onnx"))) <= SAFE_WEIGHT
    assert widest_integer_weight(onnx.load(str(bundle / "model.onnx"))) == 127  # the original untouched
    with pytest.raises(SystemExit, match="exists"):
        script.main()  # never over an existing folder
