"""What a verifier bundle would compute on an x86 CPU without VNNI, emulated on this one.

onnxruntime multiplies a ``MatMulInteger``'s uint8 activations by its int8 weights there with
``vpmaddubsw``, which adds each two neighbouring products (along the inner dimension) in 16 bits
and saturates: with 8-bit weights a pair can reach 2 × 255 × 127 = 64,770. The machine it was
written on has VNNI (exact 32-bit sums; not every machine here does: on one without, ``native``
equals ``saturating`` below), so the script rewrites every ``MatMulInteger`` of the bundle as float64 ONNX
ops that form those pair sums, clip them to int16 and add them up, then scores dev pairs three
ways, one pair per inference as the package does:

* the bundle as onnxruntime runs it here (``native``),
* the emulation without the clip (``exact``): must equal ``native`` on a CPU with VNNI, or the
  emulation is wrong,
* the emulation with the clip (``saturating``): what a CPU without VNNI computes.

and reports how far p(supported) moves, how many decisions flip at the bundle's threshold, and
how many pair sums saturate. A bundle with weights within 7 bits
(``faithcheck._models.quantization.SAFE_WEIGHT``) must show none.

    python benchmarks/int16_saturation.py [--bundle DIR] [--pairs 150]   # ~4 s a pair, 2 cores
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto, helper, numpy_helper

ROOT = Path(__file__).resolve().parents[1]
BUNDLE = ROOT / "src" / "faithcheck" / "models" / "verifier"
DEV = ROOT / "training" / "work" / "data_shipped" / "dev.jsonl"
INT16 = (-32768.0, 32767.0)


def emulate(model: Any, saturate: bool) -> Any:
    """``model`` with every constant-weight ``MatMulInteger`` computed from int16 pair sums (clipped
    when ``saturate``), and a second output ``saturated``: how many pair sums exceed int16."""
    graph = model.graph
    arrays = {i.name: numpy_helper.to_array(i) for i in graph.initializer}
    nodes: list[Any] = []
    added: list[Any] = []
    counts: list[str] = []

    def const(name: str, value: np.ndarray) -> str:
        added.append(numpy_helper.from_array(value, name))
        return name

    for node in graph.node:
        if node.op_type != "MatMulInteger" or node.input[1] not in arrays:
            nodes.append(node)
            continue
        weights = arrays[node.input[1]].astype(np.float64)
        if len(node.input) > 3 and node.input[3] and np.any(arrays.get(node.input[3], 0)):
            raise SystemExit(f"{node.name}: weight zero points other than 0 are not emulated")
        k = weights.shape[0]
        if k % 2:
            raise SystemExit(f"{node.name}: an odd inner dimension is not emulated")
        p = f"emulated{len(counts)}_"
        ints = {n: const(p + n, np.array(v, np.int64)) for n, v in [("0", [0]), ("1", [1]), ("k", [k]), ("2", [2])]}
        last, before_last = const(p + "last", np.array([-1], np.int64)), const(p + "b4last", np.array([-2], np.int64))
        even, odd = const(p + "w_even", weights[0::2]), const(p + "w_odd", weights[1::2])
        columns = const(p + "w_sum", weights.sum(axis=0))
        lo, hi = const(p + "lo", np.array(INT16[0])), const(p + "hi", np.array(INT16[1]))

        def op(kind: str, inputs: list[str], out: str, p: str = p, **attrs: Any) -> str:
            nodes.append(helper.make_node(kind, inputs, [p + out], **attrs))
            return p + out

        a = op("Cast", [node.input[0]], "a", to=TensorProto.DOUBLE)
        a_even = op("Unsqueeze", [op("Slice", [a, ints["0"], ints["k"], last, ints["2"]], "ae"), last], "ae4")
        a_odd = op("Unsqueeze", [op("Slice", [a, ints["1"], ints["k"], last, ints["2"]], "ao"), last], "ao4")
        pairs = op("Add", [op("Mul", [a_even, even], "pe"), op("Mul", [a_odd, odd], "po")], "pairs")
        over = op("Cast", [op("Greater", [op("Abs", [pairs], "abs"), hi], "over")], "overf", to=TensorProto.DOUBLE)
        counts.append(op("ReduceSum", [over], "count", keepdims=0))
        summed = op(
            "ReduceSum", [op("Clip", [pairs, lo, hi], "clip") if saturate else pairs, before_last], "sum", keepdims=0
        )
        zero_point = op("Cast", [node.input[2]], "zp", to=TensorProto.DOUBLE)
        exact = op("Sub", [summed, op("Mul", [zero_point, columns], "zpw")], "exact")
        nodes.append(helper.make_node("Cast", [exact], [node.output[0]], to=TensorProto.INT32))
    total = counts[0] if counts else const("no_integer_matmuls", np.array(0.0))
    for i, count in enumerate(counts[1:]):
        nodes.append(helper.make_node("Add", [total, count], [f"saturated_{i}"]))
        total = f"saturated_{i}"
    nodes.append(helper.make_node("Identity", [total], ["saturated"]))
    del graph.node[:]
    graph.node.extend(nodes)
    graph.initializer.extend(added)
    graph.output.append(helper.make_tensor_value_info("saturated", TensorProto.DOUBLE, []))
    return model


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=BUNDLE)
    parser.add_argument("--dev", type=Path, default=DEV, help="jsonl rows with premise and hypothesis")
    parser.add_argument("--pairs", type=int, default=150)
    args = parser.parse_args()
    from faithcheck._pipeline.verify.onnx_model import OnnxVerifier

    verifier = OnnxVerifier.from_dir(args.bundle)  # its tokenizer, truncation and calibration
    options = ort.SessionOptions()
    options.log_severity_level = 3
    sessions = {
        "exact": ort.InferenceSession(
            emulate(onnx.load(str(args.bundle / "model.onnx")), False).SerializeToString(), options
        ),
        "saturating": ort.InferenceSession(
            emulate(onnx.load(str(args.bundle / "model.onnx")), True).SerializeToString(), options
        ),
    }
    calibration = verifier.calibration
    column = calibration.label_order.index("supported")
    rows = [json.loads(line) for _, line in zip(range(args.pairs), args.dev.open(encoding="utf-8"), strict=False)]
    native, exact, saturating, saturated = [], [], [], 0.0
    for row in rows:
        pair = (str(row["premise"]), str(row["hypothesis"]))
        native.append(verifier.probabilities([pair])[0, column])
        ids = np.array([verifier._tokenizer.encode(*pair).ids], np.int64)
        feeds = {"input_ids": ids, "attention_mask": np.ones_like(ids)}
        for name, out in (("exact", exact), ("saturating", saturating)):
            logits, count = sessions[name].run(["logits", "saturated"], feeds)
            scaled = np.asarray(logits, np.float64)[0] / calibration.temperature
            probabilities = np.exp(scaled - scaled.max())
            out.append(probabilities[column] / probabilities.sum())
            saturated += float(count) if name == "exact" else 0.0
    n, e, s = np.array(native), np.array(exact), np.array(saturating)
    moved = np.abs(s - n)
    flips = int(((n >= calibration.threshold) != (s >= calibration.threshold)).sum())
    print(f"bundle {args.bundle}, {len(rows)} dev pairs from {args.dev.name}")
    print(f"emulation without saturation vs onnxruntime here: largest |Δp| {np.abs(e - n).max():.2e}")
    print(f"saturated pair sums: {saturated:.0f} ({saturated / len(rows):.0f} a pair)")
    print(
        f"p(supported) without VNNI: moves {moved.mean():.4f} on average, {np.quantile(moved, 0.95):.4f} at the 95th"
        f" percentile, {moved.max():.4f} at most; {flips} of {len(rows)} decisions flip at {calibration.threshold:g}"
    )
    return 0 if np.abs(e - n).max() < 1e-4 else 1


if __name__ == "__main__":
    sys.exit(main())
