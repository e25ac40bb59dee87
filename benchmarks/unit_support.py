"""Which of its units first supports each claim of the standard rows (not a timed test).

A model verifier judges a claim's units in order (its best window, then its assembled chunks) and
needs only one that supports it. This counts, over standard rows, the claims whose first
supporting unit is the 1st, 2nd, ... and those no unit supports: how much judging chunks one at a
time, stopping at the first that supports, could save.

    python benchmarks/unit_support.py --bundle src/faithcheck/models/verifier --read-assembled 256
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from llm_cost import standard_row

from faithcheck import Faithfulness
from faithcheck._pipeline.extract import SentenceExtractor
from faithcheck._pipeline.verify.onnx_model import OnnxVerifier, shipped_bundle


def first_supporting_units(verifier: OnnxVerifier, seeds: range) -> tuple[Counter[int], Counter[int | None]]:
    """Over the rows of ``seeds``: claims by their number of units, and by the index of their first
    supporting unit (``None``: no unit supports the claim)."""
    metric = Faithfulness(verifier_backend=verifier)
    units_per_claim: Counter[int] = Counter()
    first: Counter[int | None] = Counter()
    for seed in seeds:
        row = standard_row(seed=seed)
        extracted = SentenceExtractor().extract(row.question, row.sut_response, "en")
        claims = [c.claim for c in extracted if c.irrelevant_reason is None]
        for check in metric.select_evidence(claims, row.question, row.evidence, lang="en"):
            units = verifier.units(check, "en")
            units_per_claim[len(units)] += 1
            support = verifier.probabilities([(u.premise, check.claim.text) for u in units])[:, 0]
            first[next((i for i, p in enumerate(support) if p >= verifier.calibration.threshold), None)] += 1
    return units_per_claim, first


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bundle", type=Path, default=shipped_bundle())
    parser.add_argument("--read-assembled", type=int, default=None, metavar="TOKENS", help="as in speed.py")
    parser.add_argument("--rows", type=int, default=30)
    args = parser.parse_args()
    verifier = OnnxVerifier.from_dir(args.bundle, assembled_at=args.read_assembled)
    units, first = first_supporting_units(verifier, range(2000, 2000 + args.rows))
    print(f"claims: {sum(units.values())}; units a claim: {dict(sorted(units.items()))}")
    for index in sorted(k for k in first if k is not None):
        print(f"first supported by unit {index + 1}: {first[index]}")
    print(f"supported by no unit: {first[None]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
