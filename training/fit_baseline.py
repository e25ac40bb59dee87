"""Fit the baseline verifier's logistic weights on ../shared/training (never on benchmarks).

Protocol:

* Data: only sets whose licence is explicit and permissive (see ../shared/training/README.md,
  "Licences"): snli, snli_cad, mnli, breaking_nli, fever_nli (without the 11,023
  ``covidfact_rte_fever`` rows, which come from a repo with no licence file), halueval,
  fib, dialogue_grounding. ``null`` labels are dropped; ``entailment`` → supported (1),
  ``neutral`` / ``contradiction`` / ``not_entailment`` → not supported (0).
* With ``--doc-sets`` (since session 9) also the document-level sets: ``factcg_cg2c_doc`` (MIT;
  claims over several facts of a multi-paragraph document) and ``wice_nst`` (WiCE **train**
  sub-claims annotated as only partially supported, all not supported, against their whole
  article as one passage, as ``benchmarks/accuracy.py`` gives WiCE dev's articles).
* Only pairs whose hypothesis is one sentence (the verifier sees one claim at a time) and whose
  premise has at most 400 words (``wice_nst``'s articles: any length); at most ``--per-set`` pairs
  per dataset, balanced by label.
* Split by premise: a premise's hash decides train (90%) or dev (10%), so no passage is in both.
* Features are computed by the same code the verifier runs: ``Faithfulness.select_evidence`` for
  the baseline (windows and, with ``--evidence-budget``, assembled chunks), then
  ``window_features`` of every piece of evidence it reads (``BaselineVerifier.units``). A logistic
  regression (numpy, L2) is fit on train, on each pair's most covering piece (coverage +
  similarity); the decision threshold is the one that maximises balanced accuracy on dev of the
  verifier's own rule (supported iff some piece without a cue reaches it).

Writes ``src/faithcheck/_pipeline/verify/baseline_weights.json`` with the weights, the threshold, the
data used (with the sha256 of each file) and the dev figures.

With ``--folds K`` it also reports K-fold cross-validation by premise over all pairs (weights and
threshold fit on K-1 folds, balanced accuracy on the held-out one; mean and standard error): the
single dev split has 908 pairs, so its figure moves by about a point between close settings.

    python training/fit_baseline.py --per-set 1000 [--doc-sets] [--evidence-budget 128] [--out FILE] [--folds 10]
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import hashlib
import json
import pickle
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar, cast

import numpy as np

from faithcheck import Claim, Faithfulness
from faithcheck._models.embedding import default_encoder
from faithcheck._pipeline.extract import split_sentences
from faithcheck._pipeline.verify.baseline import BaselineVerifier, BaselineWeights, window_features
from faithcheck._pipeline.verify.cues import find_cue
from faithcheck._text.analysis import analyze

TRAINING = Path(__file__).resolve().parents[2] / "shared" / "training"
OUT = Path(__file__).resolve().parents[1] / "src" / "faithcheck" / "verify" / "baseline_weights.json"
PERMISSIVE = ["snli", "snli_cad", "mnli", "breaking_nli", "fever_nli", "halueval", "fib", "dialogue_grounding"]
DOC_SETS = ["factcg_cg2c_doc", "wice_nst"]
EXCLUDED_SUBSETS = {"covidfact_rte_fever"}
MAX_PREMISE_WORDS = 400
T = TypeVar("T")


def load_pairs(per_set: int, seed: int, doc_sets: bool) -> tuple[list[dict[str, object]], dict[str, str]]:
    rng = random.Random(seed)
    pairs: list[dict[str, object]] = []
    hashes: dict[str, str] = {}
    for name in PERMISSIVE + (DOC_SETS if doc_sets else []):
        path = TRAINING / name / "pairs.jsonl.gz"
        hashes[f"{name}/pairs.jsonl.gz"] = hashlib.sha256(path.read_bytes()).hexdigest()
        by_label: dict[int, list[dict[str, object]]] = {0: [], 1: []}
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                if row["label"] is None or row["subset"] in EXCLUDED_SUBSETS:
                    continue
                premise, hypothesis = _premise(row), row["hypothesis"]
                too_long = name != "wice_nst" and len(premise.split()) > MAX_PREMISE_WORDS
                if too_long or len(split_sentences(hypothesis)) != 1:
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


def _premise(row: dict[str, object]) -> str:
    """The pair's context: for ``wice_nst`` the whole article (its premise is only the annotated
    sentences), joined with spaces into one passage as for WiCE dev."""
    meta = row.get("meta")
    if row["dataset"] == "wice_nst" and isinstance(meta, dict):
        return " ".join(str(s) for s in meta["article_sentences"])
    return str(row["premise"])


def premise_hash(pair: dict[str, object]) -> int:
    """The split key: a premise's sha1 (dev is ``% 10 == 0``; cross-validation folds ``% K``)."""
    return int(hashlib.sha1(str(pair["premise"]).encode()).hexdigest(), 16)


Pieces = list[tuple[tuple[float, float, float], bool]]
"""Per pair: each piece of evidence the baseline reads, as (features, whether a cue overrules it)."""


def featurize(pairs: list[dict[str, object]], evidence_budget: int | None) -> list[Pieces]:
    """Every piece's features and cue flag, by the package's own evidence path for a baseline
    reading windows (and chunks of ``evidence_budget`` tokens)."""
    verifier = BaselineVerifier(BaselineWeights(0.0, 0.0, 0.0, 0.0, evidence_budget=evidence_budget))
    metric = Faithfulness(verifier_backend=verifier)
    out: list[Pieces] = []
    for i, pair in enumerate(pairs):
        premise, text = str(pair["premise"]), str(pair["hypothesis"])
        claim = Claim(id="c1", text=text, start=0, end=len(text))
        (check,) = metric.select_evidence([claim], "", [premise], lang="en")
        features = analyze(text, "en")
        out.append(
            [
                (
                    window_features(features, u.window, "en"),
                    find_cue(features, u.window, check.passages, "en") is not None,
                )
                for u in verifier.units(check, "en")
            ]
        )
        if (i + 1) % 1000 == 0:
            print(f"  featurized {i + 1}/{len(pairs)}", file=sys.stderr, flush=True)
    return out


def cached(path: Path | None, make: Callable[[], T], key: str | None = None) -> T:
    """``make()``, kept in the pickle ``path`` and read from it when it exists (features take
    minutes). The features depend on the sentence encoder, so the cache records ``key`` (default:
    the encoder's name) and is made again when it was written under another (or none)."""
    key = default_encoder().name if key is None else key
    if path is not None and path.exists():
        stored = pickle.loads(path.read_bytes())
        if isinstance(stored, dict) and stored.get("key") == key:
            return cast(T, stored["value"])
        print(f"{path}: made with another encoder (or none recorded); making it again", file=sys.stderr)
    value = make()
    if path is not None:
        path.write_bytes(pickle.dumps({"key": key, "value": value}))
    return value


def most_covering(pieces: Pieces) -> tuple[float, float, float]:
    """The piece the fit learns from: highest coverage + similarity (no evidence: nothing covered)."""
    return max((f for f, _ in pieces), key=lambda f: f[0] + f[1], default=(0.0, 0.0, 1.0))


def decision_scores(verifier: BaselineVerifier, pieces: list[Pieces]) -> np.ndarray:
    """Per pair, the best probability of a piece no cue overrules (-1 when every piece has one): the
    verifier supports the claim iff this reaches its threshold."""
    return np.array([max((verifier.probability(f) for f, cue in p if not cue), default=-1.0) for p in pieces])


def fit_logistic(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 5000, lr: float = 0.5) -> np.ndarray:
    """Batch gradient descent on the mean log loss; returns [bias, w1, w2, ...]."""
    design = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(design.shape[1])
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-design @ w))
        grad = design.T @ (p - y) / len(y) + l2 * np.r_[0.0, w[1:]]
        w -= lr * grad
    return w


def fit_weights(pieces: list[Pieces], y: np.ndarray, train: np.ndarray, evidence_budget: int | None) -> BaselineWeights:
    """Logistic weights fit on the ``train`` pairs' most covering pieces, with the threshold that
    maximises the balanced accuracy of the verifier's own rule on those same pairs' pieces (for
    cross-validation; ``main`` then chooses its threshold on the dev split instead)."""
    x = np.array([most_covering(p) for p in pieces], dtype=np.float64)
    w = fit_logistic(x[train], y[train])
    fitted = BaselineWeights(bias=w[0], coverage=w[1], similarity=w[2], missing_number=w[3])
    scores = decision_scores(BaselineVerifier(fitted), [p for p, t in zip(pieces, train, strict=True) if t])
    threshold, _ = best_threshold(y[train], scores)
    return dataclasses.replace(fitted, threshold=threshold, evidence_budget=evidence_budget)


def best_threshold(y: np.ndarray, scores: np.ndarray) -> tuple[float, float]:
    """The threshold of 0.05, 0.06, ..., 0.95 with the highest balanced accuracy, and that accuracy."""
    thresholds = np.linspace(0.05, 0.95, 91)
    accuracies = [balanced_accuracy(y, (scores >= t).astype(float)) for t in thresholds]
    best = int(np.argmax(accuracies))
    return float(thresholds[best]), float(accuracies[best])


def cross_validate(pieces: list[Pieces], y: np.ndarray, folds: np.ndarray) -> tuple[float, float]:
    """Mean and standard error, over the folds, of the balanced accuracy on each held-out fold of
    weights and threshold fit on the other folds (a steadier measure than one dev split)."""
    accuracies = []
    for fold in np.unique(folds):
        weights = fit_weights(pieces, y, folds != fold, None)
        held_out = [p for p, f in zip(pieces, folds, strict=True) if f == fold]
        pred = (decision_scores(BaselineVerifier(weights), held_out) >= weights.threshold).astype(float)
        accuracies.append(balanced_accuracy(y[folds == fold], pred))
    return float(np.mean(accuracies)), float(np.std(accuracies) / np.sqrt(len(accuracies)))


def balanced_accuracy(y: np.ndarray, pred: np.ndarray) -> float:
    return float(np.mean([(pred[y == c] == c).mean() for c in (0, 1)]))


def dev_figures(verifier: BaselineVerifier, pieces: list[Pieces], y: np.ndarray, sets: np.ndarray) -> dict[str, float]:
    """Balanced accuracy of ``verifier``'s own decision on the dev pairs: all, and per dataset."""
    pred = (decision_scores(verifier, pieces) >= verifier.weights.threshold).astype(float)
    figures = {"all": balanced_accuracy(y, pred)}
    for name in sorted(set(sets)):
        mine = sets == name
        if len(set(y[mine])) == 2:  # wice_nst has one class: its accuracy is the rejection rate
            figures[name] = balanced_accuracy(y[mine], pred[mine])
        else:
            figures[f"{name} (accuracy)"] = float((pred[mine] == y[mine]).mean())
    return {k: round(100 * v, 1) for k, v in figures.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-set", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=13)
    parser.add_argument("--doc-sets", action="store_true", help="add factcg_cg2c_doc and wice_nst (see above)")
    parser.add_argument(
        "--evidence-budget", type=int, default=None, help="tokens of each assembled chunk (default: windows only)"
    )
    parser.add_argument("--out", type=Path, default=OUT, help="where the weights are written")
    parser.add_argument("--cache", type=Path, default=None, help="pickle of the features (reused when present)")
    parser.add_argument(
        "--folds", type=int, default=0, help="also report K-fold cross-validation by premise over all pairs (e.g. 10)"
    )
    args = parser.parse_args()

    pairs, hashes = load_pairs(args.per_set, args.seed, args.doc_sets)
    premise_hashes = [premise_hash(p) for p in pairs]
    is_dev = np.array([h % 10 == 0 for h in premise_hashes])
    y = np.array([p["label"] for p in pairs], dtype=np.float64)
    sets = np.array([str(p["set"]) for p in pairs])
    pieces: list[Pieces] = cached(args.cache, lambda: featurize(pairs, args.evidence_budget))
    dev_pieces = [p for p, d in zip(pieces, is_dev, strict=True) if d]

    fitted = fit_weights(pieces, y, ~is_dev, args.evidence_budget)
    dev_p = decision_scores(BaselineVerifier(fitted), dev_pieces)
    best, dev_accuracy = best_threshold(y[is_dev], dev_p)  # the threshold is chosen on dev
    weights = BaselineWeights(
        bias=round(fitted.bias, 4),
        coverage=round(fitted.coverage, 4),
        similarity=round(fitted.similarity, 4),
        missing_number=round(fitted.missing_number, 4),
        threshold=round(best, 2),
        evidence_budget=args.evidence_budget,
    )
    shipped = BaselineWeights.load()
    report = {
        "source": "training/fit_baseline.py (logistic regression on ../shared/training; see its docstring)",
        "bias": weights.bias,
        "coverage": weights.coverage,
        "similarity": weights.similarity,
        "missing_number": weights.missing_number,
        "threshold": weights.threshold,
        "evidence_budget": args.evidence_budget,
        "encoder": default_encoder().name,
        "dev_balanced_accuracy": round(100 * dev_accuracy, 1),
        "dev_balanced_accuracy_at_0.5": round(100 * balanced_accuracy(y[is_dev], (dev_p >= 0.5).astype(float)), 1),
        "dev_figures": dev_figures(BaselineVerifier(weights), dev_pieces, y[is_dev], sets[is_dev]),
        "train_pairs": int((~is_dev).sum()),
        "dev_pairs": int(is_dev.sum()),
        "per_set": args.per_set,
        "seed": args.seed,
        "data_sha256": hashes,
    }
    if args.folds:
        mean, se = cross_validate(pieces, y, np.array([h % args.folds for h in premise_hashes]))
        report["cross_validation"] = {
            "folds": args.folds,
            "balanced_accuracy": round(100 * mean, 2),
            "standard_error": round(100 * se, 2),
        }
    if shipped.evidence_budget == args.evidence_budget:  # the weights now shipped, on the same pieces
        print(
            "shipped weights on this dev split:",
            dev_figures(BaselineVerifier(shipped), dev_pieces, y[is_dev], sets[is_dev]),
            file=sys.stderr,
        )
    args.out.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
