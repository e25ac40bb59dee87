"""Speed of the offline pipeline on standard rows (not a timed test; compare within one run).

Standard row: 6 claims, a context of about 3,000 tokens in 5 passages (``llm_cost.standard_row``,
distinct seeds so no cache helps). Measured side by side in one process, for the shipped model,
the baseline (the default) and ``--bundle DIR`` if given:

* **selected**: the pipeline as shipped, one row at a time — each claim checked against its
  ``evidence_top_k`` (3) windows: for the baseline chosen from a lexical candidate pool of
  ``evidence_pool`` (4) sentences per claim re-ranked by embeddings, for the model the best 3 by
  lexical share (it uses no embeddings);
* **dataset**: the same, with ``--in-flight`` rows scored concurrently, as ``faithcheck score``
  does (``concurrency_limit``): one row's Python work overlaps another's model inference;
* **every chunk**: the same verifier, each claim checked against every sentence window of the
  context (a model reading assembled evidence: against every consecutive chunk of it at its input
  length) — the brute-force alternative; ``accuracy.py --every-chunk`` measures its accuracy.

Reported: rows/s for each, the CPU milliseconds a selected row costs (all the process's threads;
steadier than rows/s on a shared machine when two versions are compared), the pairs a model
verifier judges a selected row (counted in an untimed pass on further rows), claim-window pairs/s of
the brute force, the speed-up of selected over every chunk, and the process's peak RSS (run one
verifier at a time to read its own). The rows are made before each clock starts. A second table
gives the milliseconds a row of the two evidence steps that run no model (the sentence index, the
assembled chunks), timed alone on fresh rows.

    python benchmarks/speed.py [--rows 20] [--in-flight 4] [--evidence-pool 4] [--bundle training/work/export]
                               [--read-assembled 256] [--baseline-weights FILE] [--verifiers model,baseline]
                               [--encoder fp32]
"""

from __future__ import annotations

import argparse
import asyncio
import resource
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))

from accuracy import EveryChunk, use_fp32_encoder  # noqa: E402
from llm_cost import standard_row  # noqa: E402

from faithcheck import Faithfulness, FaithfulnessConfig, TestCase  # noqa: E402
from faithcheck._pipeline.extract import SentenceExtractor  # noqa: E402
from faithcheck._pipeline.verify import BaselineVerifier, LocalVerifier, build_context_index  # noqa: E402
from faithcheck._pipeline.verify.assembly import evidence_for, tile  # noqa: E402
from faithcheck._pipeline.verify.baseline import BaselineWeights  # noqa: E402
from faithcheck._pipeline.verify.onnx_model import OnnxVerifier, default_model_verifier  # noqa: E402


def _rows_per_second(metric: Faithfulness, seeds: range) -> tuple[float, float]:
    """Rows/s one at a time, and CPU milliseconds a row (all threads of the process: steadier than
    wall time on a shared machine, for comparing two versions)."""
    rows = [standard_row(seed=seed) for seed in seeds]  # made before the clock starts (~5 ms each)
    started, cpu = time.perf_counter(), time.process_time()
    for row in rows:
        metric.evaluate(row)
    return len(rows) / (time.perf_counter() - started), 1000 * (time.process_time() - cpu) / len(rows)


def _rows_per_second_in_flight(metric: Faithfulness, seeds: range, in_flight: int) -> float:
    rows = [standard_row(seed=seed) for seed in seeds]

    async def score_all() -> None:
        gate = asyncio.Semaphore(in_flight)

        async def one(row: TestCase) -> None:
            async with gate:
                await metric.aevaluate(row)

        await asyncio.gather(*(one(row) for row in rows))

    started = time.perf_counter()
    asyncio.run(score_all())
    return len(rows) / (time.perf_counter() - started)


def _evidence_steps_ms(seeds: range, backend: LocalVerifier) -> tuple[float, float]:
    """Milliseconds a row for the two evidence steps that run no model: the row's sentence index
    (splitting and analysing every sentence) and the claims' assembled chunks (nothing for a
    verifier that reads windows only). Fresh rows, so no cache of a step helps."""
    rows = [standard_row(seed=seed) for seed in seeds]
    claims = [[c.claim.text for c in SentenceExtractor().extract(r.question, r.sut_response, "en")] for r in rows]
    started = time.perf_counter()
    indexes = [build_context_index(r.evidence, "en") for r in rows]
    indexed = time.perf_counter()
    for index, texts in zip(indexes, claims, strict=True):
        evidence_for(backend.needs, index, texts)
    assembled = time.perf_counter()
    return 1000 * (indexed - started) / len(rows), 1000 * (assembled - indexed) / len(rows)


def _model_pairs_a_row(metric: Faithfulness, backend: LocalVerifier, seeds: range) -> float | None:
    """The (evidence, claim) pairs a model verifier judges a selected row, counted in an untimed
    pass (``None`` for a verifier without a model)."""
    if not isinstance(backend, OnnxVerifier):
        return None
    judged = 0
    probabilities = backend.probabilities

    def counting(pairs: Sequence[tuple[str, str]]) -> Any:
        nonlocal judged
        judged += len(pairs)
        return probabilities(pairs)

    backend.probabilities = counting  # type: ignore[method-assign]  # this instance, this pass only
    try:
        for seed in seeds:
            metric.evaluate(standard_row(seed=seed))
    finally:
        del backend.probabilities
    return judged / len(seeds)


def _pairs(seeds: range, backend: LocalVerifier) -> int:
    """Claim-evidence pairs of these rows when every claim meets every sentence window (a model
    reading assembled evidence: every consecutive chunk of the context, as ``EveryChunk`` builds)."""
    needs = backend.needs
    budget = needs.premise_budget if needs.budget is not None else None
    total = 0
    for seed in seeds:
        case = standard_row(seed=seed)
        claims = SentenceExtractor().extract(case.question, case.sut_response, "en")
        index = build_context_index(case.evidence, "en")
        if budget is not None:
            count = needs.count_tokens
            total += sum(len(tile(index, budget=budget(c.claim.text), count_tokens=count)) for c in claims)
        else:
            total += len(claims) * len(index.sentences)
    return total


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=20)
    parser.add_argument("--in-flight", type=int, default=4, help="rows scored concurrently for 'dataset'")
    parser.add_argument("--bundle", type=Path, default=None, help="an exported verifier bundle to measure too")
    parser.add_argument(
        "--read-assembled",
        type=int,
        default=None,
        metavar="TOKENS",
        help="show --bundle assembled evidence chunks of this input length, whatever its calibration.json says "
        "(a windows bundle then costs what a model of its size trained for that input would)",
    )
    parser.add_argument(
        "--evidence-pool", type=int, default=FaithfulnessConfig().evidence_pool, help="candidate sentences per claim"
    )
    parser.add_argument(
        "--baseline-weights", type=Path, default=None, help="baseline weights (fit_baseline.py --out) to measure too"
    )
    parser.add_argument(
        "--verifiers", default="model,baseline", help="shipped verifiers to measure, comma-separated (model, baseline)"
    )
    parser.add_argument(
        "--encoder",
        choices=("int8", "fp32"),
        default="int8",
        help="sentence encoder: the default int8 graph, or the fp32 one it is made from (the fallback)",
    )
    args = parser.parse_args()
    if args.encoder == "fp32":
        use_fp32_encoder()
    chosen = {v.strip() for v in args.verifiers.split(",") if v.strip()}
    if unknown := chosen - {"model", "baseline"}:
        parser.error(f"--verifiers: unknown {', '.join(sorted(unknown))} (choose from model, baseline)")
    backends: list[tuple[str, LocalVerifier]] = []
    if "model" in chosen:
        backends.append(("model (shipped)", default_model_verifier()))
    if "baseline" in chosen:
        backends.append(("baseline", BaselineVerifier()))
    if args.baseline_weights:
        backends.append(
            (f"baseline {args.baseline_weights}", BaselineVerifier(BaselineWeights.load(args.baseline_weights)))
        )
    if args.bundle:
        bundle = OnnxVerifier.from_dir(args.bundle, assembled_at=args.read_assembled)
        shown = f" read assembled at {args.read_assembled}" if args.read_assembled else ""
        backends.append((f"bundle {args.bundle}{shown}", bundle))
    print(
        f"| verifier | rows/s (selected) | CPU ms a row (selected) | rows/s (dataset, {args.in_flight} in flight) "
        "| model pairs a row (selected) | rows/s (every chunk) | pairs/s (every chunk) | speed-up |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    steps: list[str] = []
    for k, (name, backend) in enumerate(backends):
        metric = Faithfulness(verifier_backend=backend, evidence_pool=args.evidence_pool)
        metric.evaluate(standard_row(seed=k))  # load models before timing
        # fresh rows for every measurement, so none profits from caches a previous one warmed
        start = 1000 + 1000 * k
        selected, cpu_ms = _rows_per_second(metric, range(start, start + args.rows))
        dataset = _rows_per_second_in_flight(metric, range(start + 200, start + 200 + args.rows), args.in_flight)
        brute_rows = range(start + 500, start + 500 + max(2, args.rows // 4))
        brute, _ = _rows_per_second(EveryChunk(verifier_backend=backend, evidence_pool=args.evidence_pool), brute_rows)
        pairs = _pairs(brute_rows, backend) * brute / len(brute_rows)
        judged = _model_pairs_a_row(metric, backend, range(start + 900, start + 900 + args.rows))
        print(
            f"| {name} | {selected:.2f} | {cpu_ms:.0f} | {dataset:.2f} | {'-' if judged is None else f'{judged:.1f}'} "
            f"| {brute:.2f} | {pairs:.0f} | {selected / brute:.1f}× |",
            flush=True,
        )
        index_ms, assembly_ms = _evidence_steps_ms(range(start + 800, start + 800 + args.rows), backend)
        steps.append(f"| {name} | {index_ms:.1f} | {assembly_ms:.1f} |")
    print("\n| verifier | ms a row: sentence index | assembled evidence |\n|---|---:|---:|", *steps, sep="\n")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"\npeak RSS of this process (all verifiers above): {peak:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
