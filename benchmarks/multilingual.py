"""German and French hand-made pairs (``tests/data/multilingual_pairs.jsonl``): right answers per
language for both offline verifiers (a sanity check of the multilingual path, not a benchmark).

    python benchmarks/multilingual.py
"""

from __future__ import annotations

import json
from pathlib import Path

from faithcheck import Faithfulness

PAIRS = Path(__file__).resolve().parents[1] / "tests" / "data" / "multilingual_pairs.jsonl"


def main() -> int:
    rows = [json.loads(line) for line in PAIRS.read_text(encoding="utf-8").splitlines()]
    print("| verifier | language | right |")
    print("|---|---|---:|")
    for verifier in ("baseline", "model"):
        for lang in ("de", "fr"):
            metric = Faithfulness(lang=lang, verifier=verifier)
            mine = [r for r in rows if r["lang"] == lang]
            right = sum(metric.check_claims([r["claim"]], [r["evidence"]])[0].supported == r["supported"] for r in mine)
            print(f"| {verifier} | {lang} | {right}/{len(mine)} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
