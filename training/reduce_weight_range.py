"""Copy a verifier bundle with its int8 weights brought within 7 bits, so that it computes the same
on every CPU (``faithcheck._models.quantization``: on x86 CPUs without VNNI, 8-bit weights can saturate
onnxruntime's 16-bit pair sums). Weights are halved and their scales doubled
(:func:`halve_integer_weights`, a training tool kept out of the package); the copy's ``calibration.json`` is the
old one, so refit it afterwards on the rows that chose it::

    .venv/bin/python training/reduce_weight_range.py --bundle src/faithcheck/models/verifier --out /tmp/b7
    .venv/bin/python training/eval_verifier.py --bundle /tmp/b7 --dev training/work/data_shipped/dev.jsonl \\
        --fit 3000:4000 --test 4000:5500 --write-threshold

Prints how far the copy's p(supported) is from the original's on ``--pairs`` dev pairs (scored one
pair per inference, as the package does).
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import onnx

from faithcheck._models.quantization import SAFE_WEIGHT, widest_integer_weight
from faithcheck._pipeline.verify.onnx_model import OnnxVerifier

HERE = Path(__file__).resolve().parent


def halve_integer_weights(model: Any) -> int:
    """Bring every ``MatMulInteger`` of a ``quantize_dynamic`` graph within :data:`SAFE_WEIGHT`: its
    int8 weights halved (rounded half to even, so ±127 becomes ±64) and their scale doubled; returns
    how many were rewritten. The graph then computes the same on every CPU, at the cost of one bit of
    weight precision: refit anything calibrated on the old graph's outputs.

    ``quantize_dynamic`` dequantizes a ``MatMulInteger`` by ``Mul(Cast(result), Mul(activation scale,
    weight scale))`` with the weight scale an initializer of its own; any other shape is refused.
    """
    from onnx import numpy_helper

    arrays = {i.name: i for i in model.graph.initializer}
    readers: dict[str, list[Any]] = {}
    for node in model.graph.node:
        for name in node.input:
            readers.setdefault(name, []).append(node)
    producers = {out: node for node in model.graph.node for out in node.output}
    rewritten = 0
    for node in model.graph.node:
        if node.op_type != "MatMulInteger" or node.input[1] not in arrays:
            continue
        weights = numpy_helper.to_array(arrays[node.input[1]])
        if int(np.abs(weights.astype(np.int32)).max(initial=0)) <= SAFE_WEIGHT:
            continue
        scale_name = _weight_scale(node, arrays, readers, producers)
        if len(node.input) > 3 and node.input[3] and np.any(numpy_helper.to_array(arrays[node.input[3]])):
            raise ValueError(f"{node.name}: weights with a zero point other than 0")
        if len(readers[node.input[1]]) != 1 or len(readers[scale_name]) != 1:
            raise ValueError(f"{node.name}: weights or scale shared with another node")
        halved = np.clip(np.round(weights.astype(np.float32) / 2), -SAFE_WEIGHT, SAFE_WEIGHT).astype(np.int8)
        scale = numpy_helper.to_array(arrays[scale_name]) * 2
        arrays[node.input[1]].CopyFrom(numpy_helper.from_array(halved, node.input[1]))
        arrays[scale_name].CopyFrom(numpy_helper.from_array(scale.astype(np.float32), scale_name))
        rewritten += 1
    return rewritten


def _weight_scale(node: Any, arrays: dict[str, Any], readers: dict[str, list[Any]], producers: dict[str, Any]) -> str:
    """The initializer holding the weight scale of ``quantize_dynamic``'s ``MatMulInteger`` ``node``."""
    cast = readers.get(node.output[0], [])
    if len(cast) == 1 and cast[0].op_type == "Cast":
        mul = readers.get(cast[0].output[0], [])
        if len(mul) == 1 and mul[0].op_type == "Mul":
            factor = producers.get(next((x for x in mul[0].input if x != cast[0].output[0]), ""))
            if factor is not None and factor.op_type == "Mul":
                constant = [str(x) for x in factor.input if x in arrays]
                named = str(node.input[1]).removesuffix("_quantized") + "_scale"  # quantize_dynamic's names
                if named in constant:
                    return named
                if len(constant) == 1:  # the activation scale is computed at run time
                    return constant[0]
    raise ValueError(f"{node.name}: not dequantized as quantize_dynamic does (Cast, then Mul by the scales)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--dev", type=Path, default=HERE / "work" / "data_shipped" / "dev.jsonl")
    parser.add_argument("--pairs", type=int, default=300, help="dev pairs to compare on (0: none)")
    args = parser.parse_args()
    if args.out.exists():
        raise SystemExit(f"{args.out} exists; choose a new folder")
    shutil.copytree(args.bundle, args.out)
    model = onnx.load(str(args.bundle / "model.onnx"))
    before = widest_integer_weight(model)
    rewritten = halve_integer_weights(model)
    onnx.save(model, str(args.out / "model.onnx"))
    print(f"{rewritten} integer MatMuls rewritten; widest weight {before} -> {widest_integer_weight(model)}")
    if args.pairs:
        rows = [json.loads(line) for _, line in zip(range(args.pairs), args.dev.open(encoding="utf-8"), strict=False)]
        pairs = [(str(r["premise"]), str(r["hypothesis"])) for r in rows]
        old, new = OnnxVerifier.from_dir(args.bundle), OnnxVerifier.from_dir(args.out)
        column = old.calibration.label_order.index("supported")
        gap = np.abs(old.probabilities(pairs)[:, column] - new.probabilities(pairs)[:, column])
        print(f"p(supported) on {len(pairs)} dev pairs moves by {gap.mean():.4f} on average, {gap.max():.4f} at most")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
