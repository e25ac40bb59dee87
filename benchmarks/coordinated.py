"""Made-up claims about sentences that list values in parts (``tests/data/coordinated_pairs.jsonl``:
two plans' prices, two summits, ticket prices, opening hours, attendance by year, revenue and
profit, a hotel's rooms and pools, hours of sleep by age, a company's moves, two people's ages),
true and false, for both offline verifiers: right answers, and the claims each gets wrong. A
sanity check of slot alignment in coordinated sentences (:mod:`faithcheck._pipeline.verify.conjuncts`),
not a benchmark: the cases were written while building it.

    python benchmarks/coordinated.py
"""

from __future__ import annotations

import json
from pathlib import Path

from faithcheck import Faithfulness

PAIRS = Path(__file__).resolve().parents[1] / "tests" / "data" / "coordinated_pairs.jsonl"


def main() -> int:
    rows = [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines()]
    wrong: dict[str, list[str]] = {}
    print("| verifier | right |")
    print("|---|---:|")
    for verifier in ("baseline", "model"):
        metric = Faithfulness(verifier=verifier)  # type: ignore[arg-type]
        verdicts = [metric.check_claims([r["claim"]], [r["context"]])[0] for r in rows]
        wrong[verifier] = [r["claim"] for r, v in zip(rows, verdicts, strict=True) if v.supported != r["supported"]]
        print(f"| {verifier} | {len(rows) - len(wrong[verifier])}/{len(rows)} |")
    for verifier, claims in wrong.items():
        print(f"\n{verifier}, wrong:" + "".join(f"\n  {claim}" for claim in claims))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
