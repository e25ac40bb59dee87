#!/usr/bin/env python3
"""Fit a stacked decision (the model's probability plus the baseline's lexical features) on dev rows.

The model is strong on NLI-style pairs and weak where wording carries the answer; the lexical
baseline is the reverse. This fits, on this project's dev split only (``work/data/dev.jsonl``,
held out by source document from the training rows), a logistic combination per evidence window::

    p(supported) = sigmoid(bias + a·logit(p_model) + b·coverage + c·similarity + d·missing_number)

with the features of :func:`faithcheck.verify.baseline.window_features`, through the package's own
verifier path (evidence selection, ``--top-k`` windows, union over windows, cue rules). Three
disjoint row ranges:

* ``--fit`` rows fit the weights. A row's label belongs to the claim, not to a window, so each row
  contributes the window its current stacked score ranks first (starting from the model's), and the
  fit is repeated ``--rounds`` times (multiple-instance learning). A source's rows weigh in
  proportion to the square root of their number, so the 40% of halueval rows do not decide it
  alone and the few dozen dialogue rows do not get the weight of thousands;
* ``--choose`` rows choose the decision threshold on the union of the stacked probabilities;
* ``--test`` rows report balanced accuracy of the model alone (its bundle threshold) and stacked.

``--write`` stores the weights and the threshold in the bundle's ``calibration.json`` (``stack``,
``threshold``; the model-only threshold is kept as ``model_threshold``). Run with the package's
environment::

    .venv/bin/python training/fit_stack.py --bundle training/work/export_stack --write
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from eval_verifier import balanced_accuracy, checks_for, row_range  # noqa: E402

from faithcheck.analysis import analyze  # noqa: E402
from faithcheck.verify import ClaimCheck  # noqa: E402
from faithcheck.verify.baseline import window_features  # noqa: E402
from faithcheck.verify.onnx_model import STACK_FIELDS, OnnxVerifier, Stack  # noqa: E402

_EPS = 1e-6


@dataclasses.dataclass
class Part:
    """Dev rows of one range, ready to be decided: checks, model probabilities, gold, sources."""

    checks: list[ClaimCheck]
    probs: np.ndarray
    gold: np.ndarray
    sources: list[str]

    def blocks(self) -> list[np.ndarray]:
        out, at = [], 0
        for check in self.checks:
            out.append(self.probs[at : at + len(check.windows)])
            at += len(check.windows)
        return out


def window_design(check: ClaimCheck, block: np.ndarray, supported: int) -> np.ndarray:
    """(n_windows, 4): logit of the model's p(supported), coverage, similarity, missing number."""
    p = np.clip(block[:, supported], _EPS, 1 - _EPS)
    claim = analyze(check.claim.text, "en")
    lexical = np.array([window_features(claim, w, "en") for w in check.windows], dtype=np.float64)
    return np.hstack([np.log(p / (1 - p))[:, None], lexical.reshape(len(check.windows), 3)])


def fit_weighted_logistic(x: np.ndarray, y: np.ndarray, weight: np.ndarray, l2: float = 1e-2) -> np.ndarray:
    """Weighted logistic regression by Newton's method (IRLS); returns [bias, w1, w2, ...]."""
    design = np.hstack([np.ones((len(x), 1)), x])
    w = np.zeros(design.shape[1])
    ridge = l2 * np.diag(np.r_[0.0, np.ones(x.shape[1])])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-design @ w))
        grad = design.T @ (weight * (p - y)) + ridge @ w
        hessian = design.T @ (design * (weight * p * (1 - p))[:, None]) + ridge
        step = np.linalg.solve(hessian, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def source_weights(sources: list[str]) -> np.ndarray:
    """Row weights (mean 1) giving each source a total weight proportional to sqrt(its rows)."""
    counts = Counter(sources)
    raw = np.array([1.0 / np.sqrt(counts[s]) for s in sources])
    weights: np.ndarray = raw * (len(sources) / float(raw.sum()))
    return weights


def fit_stack(designs: list[np.ndarray], gold: np.ndarray, weight: np.ndarray, rounds: int) -> Stack:
    chosen = [int(np.argmax(d[:, 0])) for d in designs]  # start from the model's best window
    stack = None
    for _ in range(rounds):
        x = np.array([d[i] for d, i in zip(designs, chosen, strict=True)])
        w = fit_weighted_logistic(x, gold.astype(np.float64), weight)
        stack = Stack(**dict(zip(STACK_FIELDS, (float(v) for v in w), strict=True)))
        chosen = [int(np.argmax(d @ w[1:])) for d in designs]
    assert stack is not None
    return stack


def predictions(verifier: OnnxVerifier, part: Part, stack: Stack | None, threshold: float) -> np.ndarray:
    verifier.calibration = dataclasses.replace(verifier.calibration, stack=stack, threshold=threshold)
    return np.array([v.label == "supported" for v in verifier.decide(part.checks, part.probs, "en")], dtype=int)


def report(gold: np.ndarray, pred: np.ndarray, sources: list[str]) -> dict[str, object]:
    by_source: dict[str, list[int]] = defaultdict(list)
    for i, source in enumerate(sources):
        by_source[source].append(i)
    return {
        "bal_acc": round(100 * balanced_accuracy(gold, pred), 1),
        "by_source_bal_acc": {
            k: round(100 * balanced_accuracy(gold[ix], pred[ix]), 1) for k, ix in sorted(by_source.items())
        },
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bundle", type=Path, required=True)
    ap.add_argument("--dev", type=Path, default=HERE / "work" / "data" / "dev.jsonl")
    ap.add_argument("--fit", type=row_range, default=row_range("0:3000"), help="rows that fit the weights")
    ap.add_argument("--choose", type=row_range, default=row_range("3000:4000"), help="rows that choose the threshold")
    ap.add_argument("--test", type=row_range, default=row_range("4000:5500"), help="rows that are reported")
    ap.add_argument("--top-k", type=int, default=3)
    ap.add_argument("--rounds", type=int, default=3, help="multiple-instance refits")
    ap.add_argument("--write", action="store_true", help="store the stack and its threshold in the bundle")
    args = ap.parse_args()

    rows = [json.loads(line) for line in args.dev.open(encoding="utf-8")]
    verifier = OnnxVerifier.from_dir(args.bundle)
    path = args.bundle / "calibration.json"
    calibration = json.loads(path.read_text(encoding="utf-8"))
    model_threshold = float(calibration.get("model_threshold", calibration["threshold"]))
    supported = verifier.calibration.label_order.index("supported")
    t0 = time.time()
    parts: dict[str, Part] = {}
    for name, span in (("fit", args.fit), ("choose", args.choose), ("test", args.test)):
        part_rows = rows[span]
        checks = checks_for(part_rows, args.top_k)
        probs = verifier.probabilities(verifier.pairs(checks))
        gold = np.array([r["label"] == 0 for r in part_rows], dtype=int)
        parts[name] = Part(checks, probs, gold, [str(r["source"]).split("/")[0] for r in part_rows])
        print(f"{name}: {len(part_rows)} rows, {len(probs)} pairs, {time.time() - t0:.0f} s", file=sys.stderr)

    fit = parts["fit"]
    keep = [i for i, c in enumerate(fit.checks) if c.windows]
    designs = [window_design(c, b, supported) for c, b in zip(fit.checks, fit.blocks(), strict=True) if c.windows]
    weight = source_weights([fit.sources[i] for i in keep])
    stack = fit_stack(designs, fit.gold[keep], weight, args.rounds)

    choose = parts["choose"]
    grid = np.round(np.arange(0.05, 0.951, 0.01), 2)
    scores = [balanced_accuracy(choose.gold, predictions(verifier, choose, stack, float(t))) for t in grid]
    threshold = float(grid[int(np.argmax(scores))])

    test = parts["test"]
    result = {
        "bundle": str(args.bundle),
        "rows": {name: len(part.checks) for name, part in parts.items()},
        "stack": dataclasses.asdict(stack),
        "threshold": threshold,
        "model_threshold": model_threshold,
        "test_model_alone": report(test.gold, predictions(verifier, test, None, model_threshold), test.sources),
        "test_stacked": report(test.gold, predictions(verifier, test, stack, threshold), test.sources),
        "seconds": round(time.time() - t0),
    }
    print(json.dumps(result, indent=2))
    if args.write:
        calibration["model_threshold"] = model_threshold
        calibration["threshold"] = threshold
        calibration["stack"] = {k: round(v, 4) for k, v in dataclasses.asdict(stack).items()}
        calibration["stack_metric"] = (
            f"weights fit on dev rows {args.fit.start}:{args.fit.stop or ''} (sources weighted by sqrt of their rows), "
            f"threshold by balanced accuracy of the union over {args.top_k} windows on dev rows "
            f"{args.choose.start}:{args.choose.stop or ''} (training/fit_stack.py)"
        )
        path.write_text(json.dumps(calibration, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
