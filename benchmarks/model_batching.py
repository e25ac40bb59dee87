"""Does a pair's probability depend on the pairs batched beside it? The shipped verifier bundle,
scored one pair per inference (the package's default) and in batches, side by side.

Bundles are quantized by ``quantize_dynamic``, whose graph takes one activation scale per inference
from the whole batch, padding included. For ``--rows`` rows of a dev file (default: the first 400 of
``training/work/data_shipped/dev.jsonl``, which ``training/prepare_data.py --licence shipped --out
training/work/data_shipped`` writes; never a benchmark set), reported for each batch size:

* how far a pair's probabilities move against the same pair scored alone (max and mean of
  ``|Δp|`` over the three labels);
* milliseconds a pair (best of two passes over all rows, 2 CPU threads, after a warm-up).

    python benchmarks/model_batching.py [--dev FILE] [--rows 400] [--batches 1,8,32]
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

from faithcheck._pipeline.verify.onnx_model import OnnxVerifier, shipped_bundle

REPO = Path(__file__).resolve().parents[1]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dev", type=Path, default=REPO / "training/work/data_shipped/dev.jsonl")
    parser.add_argument("--rows", type=int, default=400)
    parser.add_argument("--batches", default="1,8,32", help="batch sizes, comma-separated")
    args = parser.parse_args()
    if not args.dev.is_file():
        parser.error(f"{args.dev} not found: make it with training/prepare_data.py (see the docstring)")
    pairs: list[tuple[str, str]] = []
    with args.dev.open(encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            pairs.append((str(row["premise"]), str(row["hypothesis"])))
            if len(pairs) == args.rows:
                break
    alone = OnnxVerifier.from_dir(shipped_bundle(), batch_size=1).probabilities(pairs)
    print(f"{len(pairs)} pairs of {args.dev.name}, the shipped bundle\n")
    print("| pairs per inference | max abs(Δp) against alone | mean abs(Δp) | ms a pair |")
    print("|---:|---:|---:|---:|")
    for size in (int(b) for b in args.batches.split(",")):
        verifier = OnnxVerifier.from_dir(shipped_bundle(), batch_size=size, threads=2)
        verifier.probabilities(pairs[:16])
        best = float("inf")
        for _ in range(2):
            started = time.perf_counter()
            scored = verifier.probabilities(pairs)
            best = min(best, time.perf_counter() - started)
        change = np.abs(scored - alone)
        print(f"| {size} | {change.max():.3f} | {change.mean():.4f} | {1000 * best / len(pairs):.1f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
