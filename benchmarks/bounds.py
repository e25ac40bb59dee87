"""What bounds one row and one LLM call, measured: the numbers of the reliability table in
``benchmarks/RESULTS.md``. Run by hand (each case in a fresh process, so peaks do not mix)::

    python benchmarks/bounds.py                 # every case
    python benchmarks/bounds.py gzip-bomb       # one of: gzip-bomb, row-timeout, job-timeout, row-memory

* ``gzip-bomb``: one LLM call answered with 0.2 MB of gzip that inflates to 200 MB (a loopback
  server speaking the OpenAI API, ``tests/llm_server.py``): the call's outcome, its wall time and the
  process's peak RSS growth.
* ``row-timeout``: 12 rows of 0.95 MB of context at ``row_timeout=3``: when the run returns.
* ``job-timeout``: the same row at ``job_timeout=4``.
* ``row-memory``: peak RSS growth of scoring one row at the context limit (1,000,000 characters),
  and of one at a tenth of it.
"""

from __future__ import annotations

import gzip
import json
import os
import random
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

CASES = ("gzip-bomb", "row-timeout", "job-timeout", "row-memory")
_WORDS = ("alpha", "beta", "gamma", "delta", "river", "mountain", "city", "blender", "warranty", "motor")


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _context(chars: int, seed: int = 0) -> list[str]:
    rng = random.Random(seed)
    sentences, size = [], 0
    while size < chars:
        sentence = " ".join(rng.choice(_WORDS) for _ in range(12)).capitalize() + f" {rng.randint(1, 999)}."
        sentences.append(sentence)
        size += len(sentence) + 1
    return [" ".join(sentences[i : i + 20]) for i in range(0, len(sentences), 20)]


def _row(context: list[str]) -> dict[str, object]:
    answer = "The blender warranty lasts 2 years. The motor costs 90 dollars."
    return {
        "input_id": "big",
        "prompt": "What about the blender?",
        "sut_response": answer,
        "retrieved_context": context,
    }


def gzip_bomb() -> str:
    from tests.llm_server import FakeLLMServer, Reply

    from faithcheck import Faithfulness

    os.environ.setdefault("OPENAI_API_KEY", "sk-local")
    bomb = gzip.compress(b" " * 200_000_000, compresslevel=9)
    server = FakeLLMServer(responder=lambda seen: Reply(raw=bomb, headers={"content-encoding": "gzip"})).start()
    try:
        metric = Faithfulness(verifier="llm", model=f"openai:judge@{server.openai_url}", cache=False)
        case = _row(["The blender warranty lasts 2 years."])
        Faithfulness().evaluate(case)  # warm: the offline models, before the peak is read
        before, started = _peak_mb(), time.perf_counter()
        score = metric.evaluate(case)
        took = time.perf_counter() - started
    finally:
        server.stop()
    return (
        f"{len(bomb) / 1e6:.2f} MB of gzip inflating to 200 MB: status {score.status}, "
        f"{(score.message or '')[:90]}...; {took:.1f} s, peak RSS +{_peak_mb() - before:.0f} MB"
    )


def _timed_run(**options: float) -> str:
    from faithcheck import Faithfulness, score_dataset

    metric = Faithfulness()
    metric.evaluate(_row(["The blender warranty lasts 2 years."]))  # models loaded before the clock
    rows = [
        _row(_context(950_000, seed=i)) | {"input_id": f"big-{i}"} for i in range(12)
    ]  # 12 rows of 0.95 MB: 11.4 MB of context
    started = time.perf_counter()
    result = score_dataset(rows, metric, **options)
    took = time.perf_counter() - started
    statuses = sorted({str(r["status"]) for r in result.records or []})
    return (
        f"{options}: 12 rows of 0.95 MB of context, run status {result.summary.status}, rows {statuses}, {took:.1f} s"
    )


def row_memory() -> str:
    from faithcheck import Faithfulness
    from faithcheck._core.types import MAX_CONTEXT_CHARS

    metric = Faithfulness()
    metric.evaluate(_row(["The blender warranty lasts 2 years."]))
    out = []
    for chars in (MAX_CONTEXT_CHARS // 10, MAX_CONTEXT_CHARS - 100):
        before, started = _peak_mb(), time.perf_counter()
        score = metric.evaluate(_row(_context(chars, seed=chars)))
        out.append(
            f"{chars:,} characters: status {score.status}, {time.perf_counter() - started:.1f} s, "
            f"peak RSS +{_peak_mb() - before:.0f} MB"
        )
    return "; ".join(out)


def run_case(name: str) -> str:
    if name == "gzip-bomb":
        return gzip_bomb()
    if name == "row-timeout":
        return _timed_run(row_timeout=3.0)
    if name == "job-timeout":
        return _timed_run(job_timeout=4.0)
    if name == "row-memory":
        return row_memory()
    raise SystemExit(f"unknown case {name!r}; one of {', '.join(CASES)}")


def main(argv: list[str]) -> int:
    if argv:
        print(f"{argv[0]}: {run_case(argv[0])}")
        return 0
    for name in CASES:  # each in its own process: peak RSS is per process
        done = subprocess.run([sys.executable, __file__, name], capture_output=True, text=True, check=False)
        print(done.stdout.strip() or f"{name}: failed: {done.stderr.strip()[-300:]}")
    print(json.dumps({"python": sys.version.split()[0], "cpus": os.cpu_count()}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
