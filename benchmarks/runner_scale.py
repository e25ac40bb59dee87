"""Memory and overhead of the dataset runner: does peak RSS stay flat as the dataset grows?

With the default ``--metric trivial`` the metric returns a fixed score without any NLP, so what is
measured is the runner itself: reading and validating rows, scheduling them, writing the
crash-safe journal and the final output, and the summary. With ``--metric baseline`` (the default
verifier) or ``--metric model`` (the trained one) the whole offline pipeline scores standard rows
(``llm_cost.standard_row``: 6 claims, ~3,000 context tokens in 5 passages, distinct seeds so no
cache helps), ``concurrency_limit`` rows in flight as ``faithcheck score`` does. Each size runs in
its own process; peak RSS is that process's ``ru_maxrss``. Not a timed test.

    python benchmarks/runner_scale.py 10000 1000000               # sizes to compare (default: 10000 200000)
    python benchmarks/runner_scale.py --metric baseline 200 1000   # the default pipeline (default sizes: 200 1000)

Targets: peak RSS within 10% between sizes (issue 5), the default pipeline under 1 GB on 200
standard rows (issue 13); at least 2,000 rows/s of overhead capacity for the trivial metric.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from llm_cost import standard_row

_CHILD = r"""
import json, resource, sys, time
from faithcheck import Faithfulness, TestCase
from faithcheck import score_dataset
from faithcheck import EvalScore

class TrivialMetric(Faithfulness):
    async def aevaluate(self, case):
        case = case if isinstance(case, TestCase) else TestCase(**case)
        return EvalScore(input_id=case.input_id, value=1.0, unit_value=1.0, passed=True, threshold=0.7,
                         status="ok", reason="trivial")

kind = sys.argv[3]
metric = TrivialMetric() if kind == "trivial" else Faithfulness(verifier=kind)
started = time.perf_counter()
result = score_dataset(sys.argv[1], metric, output=sys.argv[2], overwrite=True)
elapsed = time.perf_counter() - started
print(json.dumps({"rows": result.summary.rows, "errors": result.summary.statuses.get("error", 0),
                  "seconds": elapsed, "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def write_rows(path: Path, n: int, *, standard: bool = False) -> None:
    """``n`` rows: a tiny fixed row, or ``standard`` rows with distinct seeds."""
    context = ["Customers may return items within 30 days of purchase.", "Return shipping is free for defective items."]
    with path.open("w", encoding="utf-8") as fh:
        for i in range(n):
            if standard:
                row = {**standard_row(seed=10_000 + i).model_dump(mode="json"), "input_id": f"r{i}"}
            else:
                row = {
                    "input_id": f"r{i}",
                    "prompt": "What is our return window?",
                    "sut_response": "You can return items within 30 days.",
                    "retrieved_context": context,
                }
            fh.write(json.dumps(row) + "\n")


def growth(peaks: dict[int, float]) -> str:
    """One line comparing the peak RSS of the smallest and the largest size.

    >>> growth({200: 400.0, 1000: 412.0})
    'peak RSS: 400 MB at 200 rows, 412 MB at 1000 rows (+3.0%)'
    """
    lo, hi = min(peaks), max(peaks)
    change = (peaks[hi] - peaks[lo]) / peaks[lo] * 100
    return f"peak RSS: {peaks[lo]:.0f} MB at {lo} rows, {peaks[hi]:.0f} MB at {hi} rows ({change:+.1f}%)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", nargs="*", type=int, help="dataset sizes, each scored in its own process")
    parser.add_argument(
        "--metric",
        choices=["trivial", "baseline", "model"],
        default="trivial",
        help="trivial: the runner alone; baseline, model: the offline pipeline with that verifier on standard rows",
    )
    args = parser.parse_args()
    sizes = args.sizes or ([10_000, 200_000] if args.metric == "trivial" else [200, 1000])
    print(f"metric: {args.metric}")
    print("| rows | seconds | rows/s | peak RSS (MB) |")
    print("|---:|---:|---:|---:|")
    peaks: dict[int, float] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            data = Path(tmp) / f"rows-{n}.jsonl"
            write_rows(data, n, standard=args.metric != "trivial")
            done = subprocess.run(
                [sys.executable, "-c", _CHILD, str(data), str(Path(tmp) / f"out-{n}.jsonl"), args.metric],
                capture_output=True,
                text=True,
                check=True,
            )
            facts = json.loads(done.stdout.strip().splitlines()[-1])
            assert facts["rows"] == n, facts
            assert facts["errors"] == 0, facts
            rate = n / facts["seconds"]
            peaks[n] = facts["peak_rss_mb"]
            print(f"| {n} | {facts['seconds']:.1f} | {rate:,.1f} | {facts['peak_rss_mb']:.0f} |", flush=True)
            data.unlink()
    if len(peaks) > 1:
        print(growth(peaks))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
