#!/usr/bin/env python3
"""Write the assembled pairs ``gpu/pack.py`` built (its ``--pairs-cache`` pickle) as ``train.py`` rows.

``pack.py`` assembles every training premise the way the package now builds evidence
(``faithcheck._pipeline.verify.assembly``, 256 model tokens) and, for the device machine, keeps what fits the
travel budget. On this CPU nothing has to travel, so ``train.py`` can read **all** of them::

    training/work/venv/bin/python training/pairs_to_jsonl.py \\
        --cache training/work/gpu_pairs.pkl --out training/work/data/asm

writes ``asm_train.jsonl`` and ``asm_dev.jsonl`` (fields ``premise``, ``hypothesis``, ``label``,
``binary_only``, ``source``: ``prepare_data.py``'s format). The dev split is pack.py's (5% of
source documents, never ``../shared/benchmarks``).
"""

from __future__ import annotations

import argparse
import json
import pickle
from pathlib import Path


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cache", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True, help="prefix: writes <out>_train.jsonl, <out>_dev.jsonl")
    args = ap.parse_args(argv)
    splits, _info = pickle.loads(args.cache.read_bytes())
    for split, rows in splits.items():
        path = args.out.with_name(f"{args.out.name}_{split}.jsonl")
        with open(path, "w", encoding="utf-8") as fh:
            for premise, hypothesis, label, binary, source, *_ in rows:
                row = {
                    "premise": premise,
                    "hypothesis": hypothesis,
                    "label": int(label),
                    "binary_only": bool(binary),
                    "source": source,
                }
                fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        print(f"{path}: {len(rows)} rows")


if __name__ == "__main__":
    main()
