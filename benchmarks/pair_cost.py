"""What one (evidence, claim) pair costs a verifier bundle, by evidence length (not a timed test).

Pairs of random words from a small vocabulary (so every word is one or two tokens), one pair an
inference as the package runs them (``OnnxVerifier.batch_size`` 1), after a warm-up; evidence cut
to the bundle's input length as the package cuts it. Compare bundles within one run:

    python benchmarks/pair_cost.py src/faithcheck/models/verifier training/work/export_gpu_smoke
    python benchmarks/pair_cost.py src/faithcheck/models/verifier --read-assembled 256
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from faithcheck._pipeline.verify.onnx_model import OnnxVerifier

WORDS = [
    "the",
    "city",
    "council",
    "voted",
    "on",
    "a",
    "new",
    "budget",
    "for",
    "schools",
    "and",
    "roads",
    "after",
    "the",
    "storm",
    "damaged",
    "bridges",
    "in",
    "the",
    "north",
    "of",
    "the",
    "county",
    "last",
    "year",
]


def text(rng: random.Random, words: int) -> str:
    return " ".join(rng.choice(WORDS) for _ in range(words))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundles", type=Path, nargs="+")
    parser.add_argument("--read-assembled", type=int, default=None, metavar="TOKENS", help="as in speed.py")
    parser.add_argument("--pairs", type=int, default=60)
    parser.add_argument("--evidence-words", default="40,100,200", help="evidence lengths in words, comma-separated")
    args = parser.parse_args()
    lengths = [int(n) for n in args.evidence_words.split(",")]
    print("| bundle | evidence words | tokens a pair | pairs/s |\n|---|---:|---:|---:|")
    for folder in args.bundles:
        verifier = OnnxVerifier.from_dir(folder, assembled_at=args.read_assembled)
        for words in lengths:
            rng = random.Random(words)
            pairs = [(text(rng, words), text(rng, 12)) for _ in range(args.pairs)]
            verifier.probabilities(pairs[:5])  # warm-up
            started = time.perf_counter()
            verifier.probabilities(pairs)
            rate = len(pairs) / (time.perf_counter() - started)
            tokens = verifier.count_tokens(pairs[0][0]) + verifier.count_tokens(pairs[0][1]) + 4
            shown = min(tokens, verifier.calibration.max_length)
            print(f"| {folder} | {words} | {shown} | {rate:.1f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
