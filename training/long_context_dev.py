#!/usr/bin/env python3
"""Response-level accuracy on long contexts, measured on the dev split only.

``eval_verifier.py`` scores dev *pairs*, whose premises are short (long ones became one window of
at most 200 tokens). This scores whole documents instead, the way ``benchmarks/accuracy.py``
scores SummEdits and BEGIN, but on development data: the rows of ``../shared/training`` whose
original premise falls in the dev split (``prepare_data.is_dev``, the same hash, so no document
here was trained on) from

* ``halueval`` subset ``halueval_summarization``: a news article and a summary, right or
  hallucinated (balanced);
* ``fib``: CNN/DM and XSum articles with a factual or a distracting summary (mostly distractors).

Context = the premise (a whole article, median about 250-1,100 words), answer = the summary, an
empty question, full pipeline; faithful iff status ``ok`` and every relevant claim
is supported. Balanced accuracy and ROC AUC (lowest claim score) per source, for each evidence
mode given: ``top3`` (the package default), ``top5`` and ``every`` (every sentence window).

Run with the package's environment::

    .venv/bin/python training/long_context_dev.py --verifier model --modes top3,every --per-source 150
    .venv/bin/python training/long_context_dev.py --bundle training/work/export_l6pkg   # an exported model
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "benchmarks"))

from accuracy import EveryChunk, balanced_accuracy, roc_auc  # noqa: E402
from prepare_data import is_dev  # noqa: E402

from faithcheck import Faithfulness, FaithfulnessConfig, TestCase  # noqa: E402
from faithcheck._pipeline.verify.onnx_model import OnnxVerifier  # noqa: E402

SOURCES = {
    "halueval_summarization": ("halueval", "halueval_summarization"),
    "fib": ("fib", None),
}


def dev_rows(data_dir: Path, source: str, limit: int, dev_pct: float) -> Iterator[tuple[TestCase, int]]:
    dataset, subset = SOURCES[source]
    n = 0
    with gzip.open(data_dir / dataset / "pairs.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            if subset is not None and row["subset"] != subset:
                continue
            if not is_dev(row["premise"], dev_pct):
                continue
            case = TestCase(
                input_id=row["id"], prompt=" ", sut_response=row["hypothesis"], retrieved_context=[row["premise"]]
            )
            yield case, int(row["label"] == "entailment")
            n += 1
            if n >= limit:
                return


def metric_for(
    mode: str, verifier: str, pool: int, bundle: Path | None = None, window_first: bool = True
) -> Faithfulness:
    backend = (
        {"verifier_backend": OnnxVerifier.from_dir(bundle, window_first=window_first)}
        if bundle
        else {"verifier": verifier}
    )
    if mode == "every":
        return EveryChunk(**backend)
    top_k = int(mode.removeprefix("top"))
    return Faithfulness(evidence_top_k=top_k, evidence_pool=max(pool, top_k), **backend)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--verifier", choices=("model", "baseline"), default="model")
    ap.add_argument("--bundle", type=Path, help="an exported verifier bundle (overrides --verifier)")
    ap.add_argument("--no-window-first", action="store_true",
                    help="a bundle reading assembled evidence: its chunks only, not its best window first")
    ap.add_argument("--modes", default="top3", help="comma-separated: top3, top5, every")
    ap.add_argument("--sources", default=",".join(SOURCES))
    ap.add_argument("--per-source", type=int, default=150, help="first dev rows per source")
    ap.add_argument("--evidence-pool", type=int, default=FaithfulnessConfig().evidence_pool,
                    help="candidate sentences per claim (config option)")
    ap.add_argument("--data-dir", type=Path, default=HERE.parent.parent / "shared" / "training")
    ap.add_argument("--dev-pct", type=float, default=5.0, help="as given to prepare_data.py")
    args = ap.parse_args()
    results = []
    for source in args.sources.split(","):
        cases = list(dev_rows(args.data_dir, source, args.per_source, args.dev_pct))
        for mode in args.modes.split(","):
            metric = metric_for(mode, args.verifier, args.evidence_pool, args.bundle, not args.no_window_first)
            gold, pred, score = [], [], []
            started = time.perf_counter()
            for case, label in cases:
                result = metric.evaluate(case)
                counted = result.counted_claims
                gold.append(label)
                pred.append(int(result.status == "ok" and all(c.verdict.supported for c in counted)))
                score.append(min((c.verdict.score for c in counted), default=0.0))
            results.append(
                {
                    "source": source,
                    "mode": mode,
                    "verifier": str(args.bundle) if args.bundle else args.verifier,
                    "n": len(gold),
                    "positives": int(np.sum(gold)),
                    "balanced_accuracy": round(balanced_accuracy(gold, pred), 1),
                    "roc_auc": round(roc_auc(gold, score), 1),
                    "seconds": round(time.perf_counter() - started, 1),
                }
            )
            print(json.dumps(results[-1]), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
