"""Speed of the offline pipeline on standard rows (not a timed test; compare within one run).

Standard row: 6 claims, a context of about 3,000 tokens in 5 passages (``llm_cost.standard_row``,
distinct seeds so no cache helps). Measured side by side in one process:

Verifiers: the shipped model (the default), the baseline, and ``--bundle DIR`` if given.

* **selected**: the pipeline as shipped — each claim checked against its ``evidence_top_k`` (3)
  windows, chosen from a lexical candidate pool of 8 sentences per claim;
* **every chunk**: the same verifier, each claim checked against every sentence window of the
  context (the brute-force alternative).

Reported: rows/s for both, verifier claim-window pairs/s, and the speed-up.

    python benchmarks/speed.py [--rows 20] [--bundle training/work/export]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from llm_cost import standard_row  # noqa: E402

from faithcheck import Faithfulness  # noqa: E402
from faithcheck.embedding import default_encoder  # noqa: E402
from faithcheck.extract import SentenceExtractor  # noqa: E402
from faithcheck.verify import BaselineVerifier, ClaimCheck, LocalVerifier, build_context_index  # noqa: E402
from faithcheck.verify.onnx_model import OnnxVerifier, default_model_verifier  # noqa: E402


def _rows_per_second(metric: Faithfulness, seeds: range) -> float:
    started = time.perf_counter()
    for seed in seeds:
        metric.evaluate(standard_row(seed=seed))
    return len(seeds) / (time.perf_counter() - started)


def _every_chunk(verify: LocalVerifier, seeds: range) -> tuple[float, float]:
    """(rows/s, pairs/s) when every claim is checked against every sentence window."""
    pairs = 0
    started = time.perf_counter()
    for seed in seeds:
        case = standard_row(seed=seed)
        claims = [c.claim for c in SentenceExtractor().extract(case.question, case.sut_response, "en")]
        index = build_context_index(case.evidence, "en")
        n = len(index.sentences)
        windows = index.select_all([c.text for c in claims], default_encoder(), top_k=n, pool=n)
        checks = [ClaimCheck(c, case.question, w, index.passages) for c, w in zip(claims, windows, strict=True)]
        pairs += sum(len(w) for w in windows)
        verify.verify(checks, "en")
    elapsed = time.perf_counter() - started
    return len(seeds) / elapsed, pairs / elapsed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20)
    parser.add_argument("--bundle", type=Path, default=None, help="an exported verifier bundle to measure too")
    args = parser.parse_args()
    backends: list[tuple[str, LocalVerifier]] = [("model (shipped)", default_model_verifier())]
    backends.append(("baseline", BaselineVerifier()))
    if args.bundle:
        backends.append((f"bundle {args.bundle}", OnnxVerifier.from_dir(args.bundle)))
    print("| verifier | rows/s (selected windows) | rows/s (every chunk) | pairs/s (every chunk) | speed-up |")
    print("|---|---:|---:|---:|---:|")
    for k, (name, backend) in enumerate(backends):
        metric = Faithfulness(verifier_backend=backend)
        metric.evaluate(standard_row(seed=k))  # load models before timing
        # fresh rows for every backend, so no backend profits from caches a previous one warmed
        start = 1000 + 1000 * k
        selected = _rows_per_second(metric, range(start, start + args.rows))
        brute, pairs = _every_chunk(backend, range(start + 500, start + 500 + max(2, args.rows // 4)))
        print(f"| {name} | {selected:.2f} | {brute:.2f} | {pairs:.0f} | {selected / brute:.1f}× |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
