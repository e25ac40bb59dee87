"""Memory and overhead of the dataset runner, with a trivial metric (not a timed test).

The metric here returns a fixed score without any NLP, so what is measured is the runner itself:
reading and validating rows, scheduling them, writing the crash-safe journal and the final
output, and the summary. Each size runs in its own process; peak RSS is that process's
``ru_maxrss``.

    python benchmarks/runner_scale.py 10000 1000000     # sizes to compare (default: 10000 200000)

Targets (issue 5): peak RSS within 10% between sizes; at least 2,000 rows/s of overhead capacity.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path

_CHILD = r"""
import json, resource, sys, time
from faithcheck import Faithfulness, TestCase
from faithcheck.runner import score_dataset
from faithcheck.types import EvalScore

class TrivialMetric(Faithfulness):
    async def aevaluate(self, case):
        case = case if isinstance(case, TestCase) else TestCase(**case)
        return EvalScore(input_id=case.input_id, value=1.0, unit_value=1.0, passed=True, threshold=0.7,
                         status="ok", reason="trivial")

started = time.perf_counter()
result = score_dataset(sys.argv[1], TrivialMetric(), output=sys.argv[2], overwrite=True)
elapsed = time.perf_counter() - started
print(json.dumps({"rows": result.summary.rows, "seconds": elapsed,
                  "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def write_rows(path: Path, n: int) -> None:
    context = ["Customers may return items within 30 days of purchase.", "Return shipping is free for defective items."]
    with path.open("w", encoding="utf-8") as fh:
        for i in range(n):
            row = {
                "input_id": f"r{i}",
                "prompt": "What is our return window?",
                "sut_response": "You can return items within 30 days.",
                "retrieved_context": context,
            }
            fh.write(json.dumps(row) + "\n")


def main() -> int:
    sizes = [int(a) for a in sys.argv[1:]] or [10_000, 200_000]
    print("| rows | seconds | rows/s | peak RSS (MB) |")
    print("|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            data = Path(tmp) / f"rows-{n}.jsonl"
            write_rows(data, n)
            done = subprocess.run(
                [sys.executable, "-c", _CHILD, str(data), str(Path(tmp) / f"out-{n}.jsonl")],
                capture_output=True,
                text=True,
                check=True,
            )
            facts = json.loads(done.stdout.strip().splitlines()[-1])
            assert facts["rows"] == n, facts
            rate = n / facts["seconds"]
            print(f"| {n} | {facts['seconds']:.1f} | {rate:,.0f} | {facts['peak_rss_mb']:.0f} |", flush=True)
            data.unlink()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
