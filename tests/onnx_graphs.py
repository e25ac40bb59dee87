"""Small ONNX graphs made here by onnxruntime's own ``quantize_dynamic`` (8-bit weights per
channel), for the tests of integer weights (tests/test_quantization.py, training/tests)."""

from __future__ import annotations

import shutil
from pathlib import Path

import numpy as np

TOKENIZER = Path(__file__).resolve().parents[1] / "src" / "faithcheck" / "models" / "minilm" / "tokenizer.json"


def quantized_matmul(tmp_path: Path, weights: np.ndarray) -> Path:
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
    import onnx

    onnx.save(model, str(tmp_path / "fp32.onnx"))
    quantize_dynamic(
        str(tmp_path / "fp32.onnx"), str(tmp_path / "int8.onnx"), weight_type=QuantType.QInt8, per_channel=True
    )
    return tmp_path / "int8.onnx"


def run_graph(model: object, x: np.ndarray) -> np.ndarray:
    import onnxruntime as ort

    session = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])  # type: ignore[attr-defined]
    return np.asarray(session.run(["y"], {"x": x})[0])


def bundle_with_8_bit_weights(folder: Path) -> Path:
    """A verifier bundle whose logits go through one ``quantize_dynamic`` MatMul (8-bit weights)."""
    import json

    import onnx
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
