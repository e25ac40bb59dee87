"""Fit the baseline verifier's logistic weights on ../shared/training (never on benchmarks).

Protocol:

* Data: only sets whose licence is explicit and permissive (see ../shared/training/README.md,
  "Licences"): snli, snli_cad, mnli, breaking_nli, fever_nli (without the 11,023
  ``covidfact_rte_fever`` rows, which come from a repo with no licence file), halueval,
  fib, dialogue_grounding. ``null`` labels are dropped; ``entailment`` → supported (1),
  ``neutral`` / ``contradiction`` / ``not_entailment`` → not supported (0).
* Only pairs whose hypothesis is one sentence (the verifier sees one claim at a time) and whose
  premise has at most 400 words; at most ``--per-set`` pairs per dataset, balanced by label.
* Split by premise: a premise's hash decides train (90%) or dev (10%), so no passage is in both.
* Features are computed by the same code the verifier runs (evidence selection, then
  ``window_features`` of the best window); a logistic regression (numpy, L2) is fit on train;
  the decision threshold is the one that maximises balanced accuracy on dev.

Writes ``src/faithcheck/verify/baseline_weights.json`` with the weights, the threshold, the
data used (with the sha256 of each file) and the dev figures.

    python training/fit_baseline.py --per-set 1500
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import sys
from pathlib import Path

import numpy as np

from faithcheck.analysis import analyze
from faithcheck.embedding import default_encoder
from faithcheck.extract import split_sentences
from faithcheck.verify.baseline import BaselineVerifier, BaselineWeights, window_features
from faithcheck.verify.evidence import build_context_index

TRAINING = Path(__file__).resolve().parents[2] / "shared" / "training"
OUT = Path(__file__).resolve().parents[1] / "src" / "faithcheck" / "verify" / "baseline_weights.json"
PERMISSIVE = ["snli", "snli_cad", "mnli", "breaking_nli", "fever_nli", "halueval", "fib", "dialogue_grounding"]
EXCLUDED_SUBSETS = {"covidfact_rte_fever"}
MAX_PREMISE_WORDS = 400
FEATURES = ("coverage", "similarity", "missing_number")


def load_pairs(per_set: int, seed: int) -> tuple[list[dict[str, object]], dict[str, str]]:
    rng = random.Random(seed)
    pairs: list[dict[str, object]] = []
    hashes: dict[str, str] = {}
    for name in PERMISSIVE:
        path = TRAINING / name / "pairs.jsonl.gz"
        hashes[f"{name}/pairs.jsonl.gz"] = hashlib.sha256(path.read_bytes()).hexdigest()
        by_label: dict[int, list[dict[str, object]]] = {0: [], 1: []}
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                if row["label"] is None or row["subset"] in EXCLUDED_SUBSETS:
                    continue
                premise, hypothesis = row["premise"], row["hypothesis"]
                if len(premise.split()) > MAX_PREMISE_WORDS or len(split_sentences(hypothesis)) != 1:
                    continue
                label = int(row["label"] == "entailment")
                by_label[label].append({"premise": premise, "hypothesis": hypothesis, "label": label, "set": name})
        take = per_set // 2
        for rows in by_label.values():
            rng.shuffle(rows)
            pairs.extend(rows[:take])
        print(
            f"{name}: {len(by_label[1])} supported, {len(by_label[0])} not; took {min(take, len(by_label[1]))}"
            f" + {min(take, len(by_label[0]))}",
            file=sys.stderr,
            flush=True,
        )
    return pairs, hashes


def featurize(pairs: list[dict[str, object]], top_k: int) -> np.ndarray:
    encoder = default_encoder()
    rows = []
    for i, pair in enumerate(pairs):
        premise, claim = str(pair["premise"]), str(pair["hypothesis"])
        index = build_context_index([premise], "en")
        windows = index.select_all([claim], encoder, top_k)[0]
        features = analyze(claim, "en")
        candidates = [window_features(features, w, "en") for w in windows] or [(0.0, 0.0, 1.0)]
        # the window the verifier would most likely pick: highest coverage + similarity
        rows.append(max(candidates, key=lambda f: f[0] + f[1]))
        if (i + 1) % 1000 == 0:
            print(f"  featurized {i + 1}/{len(pairs)}", file=sys.stderr, flush=True)
    return np.array(rows, dtype=np.float64)


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 5000, lr: float = 0.5) -> np.ndarray:
    """Batch gradient descent on the mean log loss; returns [bias, w1, w2, ...]."""
    design = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(design.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-design @ w))
        grad = design.T @ (p - y) / len(y) + l2 * np.r_[0.0, w[1:]]
        w -= lr * grad
    return w


def balanced_accuracy(y: np.ndarray, pred: np.ndarray) -> float:
    return float(np.mean([(pred[y == c] == c).mean() for c in (0, 1)]))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-set", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--top-k", type=int, default=3)
    args = parser.parse_args()

    pairs, hashes = load_pairs(args.per_set, args.seed)
    is_dev = np.array([int(hashlib.sha1(str(p["premise"]).encode()).hexdigest(), 16) % 10 == 0 for p in pairs])
    y = np.array([p["label"] for p in pairs], dtype=np.float64)
    x = featurize(pairs, args.top_k)

    w = fit_logistic(x[~is_dev], y[~is_dev])
    weights = BaselineWeights(bias=w[0], coverage=w[1], similarity=w[2], missing_number=w[3])
    verifier = BaselineVerifier(weights)
    dev_p = np.array([verifier.probability(tuple(row)) for row in x[is_dev]])  # type: ignore[arg-type]
    thresholds = np.linspace(0.05, 0.95, 91)
    scores = [balanced_accuracy(y[is_dev], (dev_p >= t).astype(float)) for t in thresholds]
    best = float(thresholds[int(np.argmax(scores))])
    report = {
        "source": "training/fit_baseline.py (logistic regression on ../shared/training; see its docstring)",
        "bias": round(float(w[0]), 4),
        "coverage": round(float(w[1]), 4),
        "similarity": round(float(w[2]), 4),
        "missing_number": round(float(w[3]), 4),
        "threshold": round(best, 2),
        "dev_balanced_accuracy": round(100 * max(scores), 1),
        "dev_balanced_accuracy_at_0.5": round(100 * balanced_accuracy(y[is_dev], (dev_p >= 0.5).astype(float)), 1),
        "train_pairs": int((~is_dev).sum()),
        "dev_pairs": int(is_dev.sum()),
        "per_set": args.per_set,
        "seed": args.seed,
        "data_sha256": hashes,
    }
    OUT.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
