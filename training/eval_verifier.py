#!/usr/bin/env python3
"""Evaluate a verifier bundle through faithcheck's own verifier path on the held-out dev split.

Unlike ``export_onnx.py`` (which scores raw premise/hypothesis pairs), this runs what the package
runs: evidence selection over the premise (``evidence_top_k`` windows, or assembled chunks for a
bundle that reads them), the model on every window or chunk, the union over them, and the cue rules.
Premises ``gpu/pack.py`` assembled (``pairs_to_jsonl.py``'s ``asm_dev.jsonl``) lose their passage marks
and are assembled again by the package. Rows of ``work/data/dev.jsonl`` (split by premise from the
training rows) are used in two disjoint ranges: ``--fit`` rows choose the decision threshold on the
union probability, ``--test`` rows report balanced accuracy (supported vs not), per source too, for
each set of cue kinds allowed to overrule the model. The threshold and the set of overruling cues
are chosen on the ``--fit`` rows, and so is the claim-score map: isotonic regression of "supported"
on the claim's raw score (its best window's p(supported)), reported as ECE and Brier score on both
ranges (``--write-threshold`` stores all three in the bundle).
``export_onnx.py`` calibrates on the first 3,000 dev rows and ``train.py`` monitors the first 500,
so the default ranges start after them.

Run with the package's environment (no torch needed)::

    .venv/bin/python training/eval_verifier.py --bundle training/work/export_l6 --write-threshold
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import re
import sys
import time
from collections import defaultdict
from pathlib import Path

import numpy as np
from sklearn.isotonic import IsotonicRegression

from faithcheck import Claim, Faithfulness
from faithcheck._pipeline.verify import ClaimCheck
from faithcheck._pipeline.verify.onnx_model import OnnxVerifier

HERE = Path(__file__).resolve().parent
# Sets of cue kinds allowed to overrule the model. Only the candidates are chosen from: a dropped
# restriction ("only") always overrules, because the package's contract (seed 003's return-policy
# example) needs that overclaim caught whatever the model says; the others are reported for reference.
CANDIDATES = ("restriction", "number+entity+restriction", "all cues")
OVERRULE_SETS = {
    "none": frozenset[str](),
    "restriction": frozenset({"restriction"}),
    "number+entity": frozenset({"number", "entity"}),
    "number+entity+restriction": frozenset({"number", "entity", "restriction"}),
    "all cues": frozenset({"number", "negation", "entity", "restriction", "hedge"}),
}


def balanced_accuracy(gold: np.ndarray, pred: np.ndarray) -> float:
    return float(np.mean([(pred[gold == c] == c).mean() for c in (0, 1) if (gold == c).any()]))


def fit_score_map(raw: np.ndarray, gold: np.ndarray) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Knots (x increasing, y non-decreasing, in [0, 1]) of the isotonic regression of ``gold`` on
    ``raw``; ``np.interp`` between them is the calibrated score (what ``OnnxVerifier`` applies)."""
    iso = IsotonicRegression(y_min=0.0, y_max=1.0, out_of_bounds="clip").fit(raw, gold.astype(float))
    knots: dict[float, float] = {}
    for x, y in zip(iso.X_thresholds_, iso.y_thresholds_, strict=True):
        knots.setdefault(round(float(x), 6), round(float(y), 6))  # rounding may merge two knots
    xs = sorted(knots)
    return tuple(xs), tuple(knots[x] for x in xs)


def ece(score: np.ndarray, gold: np.ndarray, bins: int = 10) -> float:
    """Expected calibration error over equal-width bins of the score."""
    which = np.minimum((score * bins).astype(int), bins - 1)
    return float(
        sum(
            abs(score[which == b].mean() - gold[which == b].mean()) * (which == b).mean()
            for b in range(bins)
            if (which == b).any()
        )
    )


def row_range(text: str) -> slice:
    lo, hi = text.split(":")
    return slice(int(lo), int(hi) if hi else None)


_MARKER = re.compile(r"\[passage \d+\]\s*")


def checks_for(rows: list[dict[str, object]], verifier: OnnxVerifier) -> list[ClaimCheck]:
    """Each dev row's claim check, built as the package builds it for ``verifier``: windows (and,
    for a bundle that reads assembled evidence, chunks) from the row's premise as one passage.
    Premises already assembled by ``gpu/pack.py`` lose their passage marks first, so the package
    assembles them again as it would any context."""
    metric = Faithfulness(verifier_backend=verifier)
    out = []
    for r in rows:
        claim = str(r["hypothesis"])
        premise = _MARKER.sub("", str(r["premise"]))
        out.extend(metric.select_evidence([Claim(id="c1", text=claim, start=0, end=len(claim))], "", [premise]))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bundle", type=Path, required=True)
    ap.add_argument("--dev", type=Path, default=HERE / "work" / "data" / "dev.jsonl")
    ap.add_argument("--fit", type=row_range, default=row_range("3000:5000"), help="rows that choose the threshold")
    ap.add_argument("--test", type=row_range, default=row_range("5000:"), help="rows that are reported")
    ap.add_argument(
        "--write-threshold",
        action="store_true",
        help="store the threshold, overruling cues and score map chosen on --fit rows in the bundle's calibration.json",
    )
    args = ap.parse_args()

    rows = [json.loads(line) for line in args.dev.open(encoding="utf-8")]
    fit_rows, test_rows = rows[args.fit], rows[args.test]
    verifier = OnnxVerifier.from_dir(args.bundle)
    raw = json.loads((args.bundle / "calibration.json").read_text(encoding="utf-8"))
    pair_threshold = float(raw.get("pair_threshold", raw["threshold"]))  # the export's, before any rewrite
    t0 = time.time()
    result: dict[str, object] = {"bundle": str(args.bundle), "fit_rows": len(fit_rows), "test_rows": len(test_rows)}
    union: dict[str, tuple[list[ClaimCheck], np.ndarray, np.ndarray]] = {}
    for name, part in (("fit", fit_rows), ("test", test_rows)):
        checks = checks_for(part, verifier)
        probs = verifier.probabilities(verifier.pairs(checks, "en"))
        union[name] = (checks, probs, np.array([r["label"] == 0 for r in part], dtype=int))
        print(f"{name}: {len(part)} rows, {len(probs)} pairs, {time.time() - t0:.0f} s", file=sys.stderr, flush=True)

    def union_p(checks: list[ClaimCheck], probs: np.ndarray) -> np.ndarray:
        out, at = [], 0
        for c in checks:
            n = len(verifier.units(c, "en"))
            out.append(float(probs[at : at + n, 0].max()) if n else 0.0)
            at += n
        return np.array(out)

    fit_p = union_p(union["fit"][0], union["fit"][1])
    grid = np.round(np.arange(0.05, 0.951, 0.01), 2)
    scores = [balanced_accuracy(union["fit"][2], (fit_p >= t).astype(int)) for t in grid]
    path_threshold = float(grid[int(np.argmax(scores))])
    result["bundle_threshold"] = pair_threshold
    result["path_threshold"] = path_threshold
    results: dict[tuple[str, str, str], tuple[float, dict[str, float]]] = {}
    for part, part_rows in (("fit", fit_rows), ("test", test_rows)):
        checks, probs, gold = union[part]
        sources = [str(r["source"]).split("/")[0] for r in part_rows]
        for label, threshold in (("bundle", pair_threshold), ("path", path_threshold)):
            for name, overrule in OVERRULE_SETS.items():
                v = OnnxVerifier.from_dir(args.bundle, overrule=overrule)
                v.calibration = dataclasses.replace(v.calibration, threshold=threshold)
                pred = np.array([x.label == "supported" for x in v.decide(checks, probs, "en")], dtype=int)
                by_source: dict[str, list[int]] = defaultdict(list)
                for i, src in enumerate(sources):
                    by_source[src].append(i)
                per_source = {k: round(100 * float((pred[ix] == gold[ix]).mean()), 1) for k, ix in by_source.items()}
                results[(part, label, name)] = (round(100 * balanced_accuracy(gold, pred), 1), per_source)
    chosen = max(CANDIDATES, key=lambda name: results[("fit", "path", name)][0])
    result["overrule_chosen_on_fit"] = chosen
    decider = OnnxVerifier.from_dir(args.bundle, overrule=OVERRULE_SETS[chosen])
    decider.calibration = dataclasses.replace(decider.calibration, threshold=path_threshold, score_map=None)
    raw_scores = {
        part: np.array([v.score for v in decider.decide(union[part][0], union[part][1], "en")]) for part in union
    }
    score_map = fit_score_map(raw_scores["fit"], union["fit"][2])
    for part, raw_score in raw_scores.items():
        mapped = np.interp(raw_score, *score_map)
        gold = union[part][2]
        result[f"{part}: claim scores, raw -> mapped"] = {
            "ece": [round(ece(raw_score, gold), 3), round(ece(mapped, gold), 3)],
            "brier": [
                round(float(np.mean((raw_score - gold) ** 2)), 4),
                round(float(np.mean((mapped - gold) ** 2)), 4),
            ],
            "mean_score": [round(float(raw_score.mean()), 3), round(float(mapped.mean()), 3)],
            "supported_rate": round(float(gold.mean()), 3),
        }
    for (part, label, name), (bacc, per_source) in sorted(results.items()):
        result[f"{part}: {label} threshold, overrule {name}"] = {"bal_acc": bacc, "by_source_acc": per_source}
    result["seconds"] = round(time.time() - t0)
    print(json.dumps(result, indent=2))
    if args.write_threshold:
        path = args.bundle / "calibration.json"
        calibration = json.loads(path.read_text(encoding="utf-8"))
        calibration.setdefault("pair_threshold", calibration["threshold"])
        calibration["threshold"] = path_threshold
        calibration["overrule"] = sorted(OVERRULE_SETS[chosen])
        calibration["score_map"] = {"x": list(score_map[0]), "y": list(score_map[1])}
        calibration["threshold_metric"] = (
            f"balanced accuracy supported-vs-not of the union over the package's {verifier.calibration.evidence} "
            f"evidence on dev rows "
            f"{args.fit.start}:{args.fit.stop or ''} (training/eval_verifier.py)"
        )
        path.write_text(json.dumps(calibration, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
