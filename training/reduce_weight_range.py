"""Copy a verifier bundle with its int8 weights brought within 7 bits, so that it computes the same
on every CPU (``faithcheck._models.quantization``: on x86 CPUs without VNNI, 8-bit weights can saturate
onnxruntime's 16-bit pair sums). Weights are halved and their scales doubled
(:func:`~faithcheck._models.quantization.halve_integer_weights`); the copy's ``calibration.json`` is the
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

import numpy as np
import onnx

from faithcheck._models.quantization import halve_integer_weights, widest_integer_weight
from faithcheck._pipeline.verify.onnx_model import OnnxVerifier

HERE = Path(__file__).resolve().parent


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
