"""Does `faithcheck calibrate` help? Calibrate on half of a labelled set, measure on the other half.

Protocol (fixed before looking at any result):

* Sets: WiCE dev (``wice_dev/dev.jsonl``: the claim is the answer, the cited article's sentences
  joined with spaces are the one passage; gold: ``supported`` → faithful, ``partially_supported``
  and ``not_supported`` → not), each BEGIN dev file (``knowledge`` / ``message`` / ``response``,
  ``Generic`` dropped, as in ``accuracy.py``) and each SummEdits domain (``doc`` / ``summary``,
  ``label``). With ``--limit N``, N rows drawn at random (seed 0) from each set.
* Every row is scored by ``Faithfulness`` with the default configuration (``--verifier`` to change
  it). Error rows are left out and counted.
* The rows are split in two halves **by source document** (the WiCE article, the BEGIN knowledge
  snippet, the SummEdits document; scikit-learn's ``GroupShuffleSplit``, seed 0), so no document is
  in both halves. :func:`faithcheck._metrics.calibration.calibrate` is fitted on the first half (its own
  threshold choice is cross-validated inside that half, grouped by document too).
* On the second half: *before* is the default decision (the row's ``passed``, threshold 0.7);
  *after* is the calibrated decision (P(faithful) from the fitted map at or above the fitted
  threshold). Balanced accuracy with stratified bootstrap 95% intervals (1,000 resamples), and the
  held-out ROC AUC of the row score: calibration moves the threshold and reshapes the score
  monotonically, so it cannot lift a set whose AUC is near 0.5.

Usage::

    python benchmarks/calibration.py --limit 200            # about 10 minutes on 2 cores
    python benchmarks/calibration.py --sets begin,wice      # some sets only
    python benchmarks/calibration.py --json calibration.json
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from sklearn.model_selection import GroupShuffleSplit

from faithcheck import Faithfulness, TestCase
from faithcheck._metrics.calibration import CalibrationError, calibrate, decision_figures

SHARED = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"
BEGIN_DEV = (
    ("wow/begin_dev_wow.tsv", "BEGIN dev (WoW)"),
    ("cmu-dog/begin_dev_cmu.tsv", "BEGIN dev (CMU-DoG)"),
    ("topicalchat/begin_dev_tc.tsv", "BEGIN dev (TopicalChat)"),
)


@dataclass(frozen=True)
class Row:
    case: TestCase
    gold: bool
    group: str


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def wice() -> Iterator[Row]:
    with (SHARED / "wice_dev" / "dev.jsonl").open(encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            item = json.loads(line)
            article = " ".join(item["evidence"])
            case = TestCase(input_id=f"wice-{i}", prompt=" ", sut_response=item["claim"], retrieved_context=[article])
            yield Row(case, item["label"] == "supported", _digest(article))


def begin(rel: str) -> Iterator[Row]:
    path = SHARED / "begin" / rel
    with path.open(encoding="utf-8", newline="") as fh:
        rows = [r for r in csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE) if r["begin_label"] != "Generic"]
    for i, r in enumerate(rows):
        case = TestCase(
            input_id=f"{path.stem}-{i}",
            prompt=r["message"] or " ",
            sut_response=r["response"],
            retrieved_context=[r["knowledge"]],
        )
        yield Row(case, r["begin_label"] == "Fully attributable", _digest(r["knowledge"]))


def summedits(path: Path) -> Iterator[Row]:
    for r in json.loads(path.read_text(encoding="utf-8")):
        case = TestCase(input_id=str(r["id"]), prompt=" ", sut_response=r["summary"], retrieved_context=[r["doc"]])
        yield Row(case, int(r["label"]) == 1, _digest(r["doc"]))


def _sample(rows: list[Row], limit: int | None) -> list[Row]:
    if limit is None or len(rows) <= limit:
        return rows
    keep = np.random.default_rng(0).choice(len(rows), size=limit, replace=False)
    return [rows[i] for i in sorted(keep)]


def measure(name: str, rows: list[Row], metric: Faithfulness, resamples: int) -> dict[str, object]:
    started = time.perf_counter()
    scores, gold, passed, groups = [], [], [], []
    errors = 0
    for n, row in enumerate(rows, start=1):
        result = metric.evaluate(row.case)
        if result.status == "error" or result.unit_value is None:
            errors += 1
        else:
            scores.append(result.unit_value)
            gold.append(row.gold)
            passed.append(result.passed)
            groups.append(row.group)
        if n % 50 == 0:
            print(f"  {name}: {n}/{len(rows)} rows", file=sys.stderr, flush=True)
    s, y, p, g = np.array(scores), np.array(gold), np.array(passed), np.array(groups)
    fit, held = next(GroupShuffleSplit(n_splits=1, test_size=0.5, random_state=0).split(s, y, groups=g))
    out: dict[str, object] = {
        "set": name,
        "rows": len(rows),
        "errors": errors,
        "fit_rows": len(fit),
        "held_rows": len(held),
        "held_faithful": int(y[held].sum()),
        "seconds": round(time.perf_counter() - started, 1),
    }
    try:
        result = calibrate(s[fit], y[fit], passed=p[fit], groups=g[fit], resamples=0)
    except CalibrationError as exc:
        out["note"] = str(exc)
        return out
    cal = result.calibration
    probability = np.array([cal.probability(v) for v in s[held]])
    try:
        before = decision_figures(y[held], p[held], s[held], s[held], resamples, 0)
        after = decision_figures(y[held], probability >= cal.threshold, s[held], probability, resamples, 0)
    except CalibrationError as exc:
        out["note"] = f"held-out half: {exc}"
        return out
    out.update(
        threshold=cal.threshold,
        auc=before["roc_auc"],
        before=before["balanced_accuracy"],
        after=after["balanced_accuracy"],
        before_recall=(before["recall"].value, before["tn"].value / max(1.0, before["tn"].value + before["fp"].value)),
        after_recall=(after["recall"].value, after["tn"].value / max(1.0, after["tn"].value + after["fp"].value)),
    )
    return out


def markdown(results: list[dict[str, object]]) -> str:
    lines = [
        "| set | rows (fit / held out) | held-out ROC AUC | BA before | BA after"
        " | accepts faithful / rejects unfaithful, before → after |",
        "|---|---|---|---|---|---|",
    ]
    for r in results:
        if "before" not in r:
            lines.append(f"| {r['set']} | {r['fit_rows']} / {r['held_rows']} | - | - | - | {r.get('note', '')} |")
            continue
        b, a = r["before_recall"], r["after_recall"]
        assert isinstance(b, tuple)
        assert isinstance(a, tuple)
        lines.append(
            f"| {r['set']} | {r['fit_rows']} / {r['held_rows']} | {r['auc']} | {r['before']} | {r['after']} | "
            f"{b[0]:.0%} / {b[1]:.0%} → {a[0]:.0%} / {a[1]:.0%} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--limit", type=int, default=None, help="rows drawn at random from each set (default: all)")
    parser.add_argument("--sets", default="wice,begin,summedits", help="comma-separated: wice, begin, summedits")
    parser.add_argument("--verifier", default=None, help="the verifier (default: the configuration's default)")
    parser.add_argument("--bootstrap", type=int, default=1000, help="bootstrap resamples for the intervals")
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    args = parser.parse_args(argv)
    wanted = {s.strip() for s in args.sets.split(",")}
    metric = Faithfulness(**({"verifier": args.verifier} if args.verifier else {}))
    sets: list[tuple[str, list[Row]]] = []
    if "wice" in wanted:
        sets.append(("WiCE dev", list(wice())))
    if "begin" in wanted:
        sets += [(name, list(begin(rel))) for rel, name in BEGIN_DEV]
    if "summedits" in wanted:
        for path in sorted((SHARED / "summedits").glob("summedits_*.json")):
            sets.append((f"SummEdits {path.stem.removeprefix('summedits_')}", list(summedits(path))))
    results = [measure(name, _sample(rows, args.limit), metric, args.bootstrap) for name, rows in sets]
    print(f"verifier: {metric.verifier.name}, limit: {args.limit}")
    print(markdown(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=2, default=str) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
