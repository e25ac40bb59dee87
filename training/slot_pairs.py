#!/usr/bin/env python3
"""Slot-edit negatives (issue 26): one fact of a supported claim changed by a rule, every other word kept.

From the *supported* rows of prepared files (``work/data/train.jsonl`` and ``dev.jsonl``; never
``../shared/benchmarks``) this writes edited claims against the same premise, made by
``benchmarks/contrast.py``'s ``make_edits`` (the rules the contrast benchmark applies to its own
claims; here they see training data only). The kinds:

* ``number_swap``: a number replaced by another number the premise states elsewhere;
* ``number_shift``: a number, date or amount shifted to one the premise never states;
* ``unit``: a unit changed (kg → lb, days → weeks, million → billion ...);
* ``ordinal``: a rank written as a word shifted by one ("the third quarter" → "the fourth quarter");
* ``name_swap``: a name replaced by another name of the premise with as many words;
* ``negation``: a negation inserted after the first auxiliary verb, or removed;
* ``quantifier``: a quantifier or modal strengthened (some → all, may → will);
* ``restriction``: a restriction dropped ("only", "except ...", "unless ...", "if ...");
* ``direction``: a word of change turned to its opposite (rose → fell, higher → lower).

An edit ``make_edits`` labels ``contradicted`` becomes label 2 (3-way); one it labels
``unsupported`` (the claim says more than the premise) becomes label 1 with ``binary_only``, as
``edit_pairs.py``'s detail edits: the premise neither states nor denies the stronger claim. A
few edits would teach a wrong label and are left out (``label_safe``): a negation of a hedged claim
("may", "might", "some", "several", "a few": "some stores may not open" does not contradict "some
stores may open") or of a "Q: … A: …" claim (as ``prepare_data.py``'s negation negatives); a
superlative "most" made "all" ("the all credible newscast"); an asking "if" clause dropped ("not
sure if ..." → "not sure"). The rules read the premise without the package's ``[passage N]``
marks (``gpu/pack.py``'s assembled premises), whose numbers it does not state. Rows are
``train.py``'s format plus ``original`` (the claim before the edit) and ``source``
``slot/<kind>/<dataset>``. Each row's edits come from a generator seeded with ``--seed``, the
split and the row's text, so a row gets the same edits whatever else is in the file; each kind is
kept for ``--rate`` of the rows it applies to (drawn from the same generator), or its
``--kind-rate`` (negation and name swaps apply to far more claims than the others). Claims over
``--max-hyp-words`` words (whole summaries) are not edited, as in ``prepare_data.py``'s hard
negatives.

``--score BUNDLE`` reports, per kind and for all, how well a verifier bundle tells each edit from
its original on the same premise: originals supported, edits caught (not supported) at the
bundle's threshold, their balanced accuracy, and how often the original gets the higher
p(supported). Run with the package's environment::

    .venv/bin/python training/slot_pairs.py --rate 1 --kind-rate negation=0.25 name_swap=0.4
                                                              # → work/data/slot_{train,dev}.jsonl
    .venv/bin/python training/slot_pairs.py --score training/work/export_slot
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(REPO / "benchmarks"))

from contrast import KINDS, make_edits  # noqa: E402

LABELS: dict[str, tuple[int, bool]] = {"contradicted": (2, False), "unsupported": (1, True)}
"""``make_edits``'s label → (``train.py`` label, ``binary_only``)."""
PASSAGE_MARK = re.compile(r"\[passage \d+\] ?")
"""The package's passage marks in assembled premises (``gpu/pack.py``): not stated numbers."""
HEDGED = re.compile(r"\b(?:may|might|some|several|a few)\b", re.I)
"""A negation of a claim with these does not contradict it ("some stores may open" → "some stores
may not open"), so such negation edits are left out rather than taught as contradicted."""
SUPERLATIVE_ALL = re.compile(r"(?:\b(?:the|a|an|its|their|his|her|our|your|my)|['’]s)\s+all\b", re.I)
"""A superlative "most" made "all" ("the most credible" → "the all credible"): no claim at all."""
INDIRECT_IF = re.compile(r"\b(?:sure|know|knows|knew|wonder|wondered|ask|asked|see|check|tell)\s+if\b", re.I)
"""An "if" that asks ("not sure if ...") restricts nothing; dropping its clause weakens the claim."""


def label_safe(kind: str, original: str, edited: str) -> bool:
    """Whether an edit of ``kind`` keeps the label ``make_edits`` gives it (module docstring)."""
    if kind == "negation":
        return not HEDGED.search(original) and not original.startswith("Q:")
    if kind == "quantifier":
        return len(SUPERLATIVE_ALL.findall(edited)) <= len(SUPERLATIVE_ALL.findall(original))
    if kind == "restriction":
        return not INDIRECT_IF.search(original)
    return True


def slot_edits(
    rows: Iterable[dict[str, object]],
    rate: float,
    seed: str,
    max_hyp_words: int = 60,
    kind_rates: Mapping[str, float] | None = None,
) -> Iterator[dict[str, object]]:
    """The slot edits of the supported rows of ``rows``, each kind kept for ``rate`` (or its
    ``kind_rates`` entry) of the rows it applies to. An edit that equals a claim already given
    for the same premise, or that :func:`label_safe` rejects, is skipped."""
    kind_rates = kind_rates or {}
    rows = list(rows)
    seen = {(str(r["premise"]), str(r["hypothesis"])) for r in rows}
    for row in rows:
        premise, hypothesis = str(row["premise"]), str(row["hypothesis"])
        if row["label"] != 0 or len(hypothesis.split()) > max_hyp_words:
            continue
        rng = random.Random(f"{seed}:{premise}:{hypothesis}")
        dataset = str(row["source"]).split("/")[0]
        context = PASSAGE_MARK.sub("", premise)
        for edit in make_edits(hypothesis, context, rng, lang=str(row.get("lang", "en"))):
            if rng.random() >= kind_rates.get(edit.kind, rate) or (premise, edit.edited) in seen:
                continue
            if not label_safe(edit.kind, hypothesis, edit.edited):
                continue
            seen.add((premise, edit.edited))
            label, binary = LABELS[edit.label]
            yield {
                "premise": premise,
                "hypothesis": edit.edited,
                "original": hypothesis,
                "label": label,
                "binary_only": binary,
                "source": f"slot/{edit.kind}/{dataset}",
            }


def kind_of(row: dict[str, object]) -> str:
    """``slot/number_swap/fever_nli`` → ``number_swap``."""
    return str(row["source"]).split("/")[1]


def score(bundle: Path, rows: list[dict[str, object]]) -> list[dict[str, object]]:
    """One line per kind and one for ``all``: originals supported and edits caught at the bundle's
    threshold, their balanced accuracy, and how often the original is ranked above its edit. Each
    distinct (premise, original) is scored once."""
    from faithcheck._pipeline.verify.onnx_model import OnnxVerifier

    verifier = OnnxVerifier.from_dir(bundle)
    at = verifier.calibration.label_order.index("supported")
    threshold = verifier.calibration.threshold
    originals = sorted({(str(r["premise"]), str(r["original"])) for r in rows})
    p_original = dict(zip(originals, verifier.probabilities(originals)[:, at].tolist(), strict=True))
    p_edited = verifier.probabilities([(str(r["premise"]), str(r["hypothesis"])) for r in rows])[:, at].tolist()
    by_kind: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for row, edited in zip(rows, p_edited, strict=True):
        pair = (p_original[(str(row["premise"]), str(row["original"]))], edited)
        by_kind[kind_of(row)].append(pair)
        by_kind["all"].append(pair)
    out = []
    for kind in [k for k in (*KINDS, "all") if k in by_kind]:
        pairs = by_kind[kind]
        kept = sum(o >= threshold for o, _ in pairs) / len(pairs)
        caught = sum(e < threshold for _, e in pairs) / len(pairs)
        out.append(
            {
                "kind": kind,
                "pairs": len(pairs),
                "originals_supported": round(100 * kept, 1),
                "edits_caught": round(100 * caught, 1),
                "balanced_accuracy": round(50 * (kept + caught), 1),
                "original_ranked_higher": round(100 * sum(o > e for o, e in pairs) / len(pairs), 1),
            }
        )
    return out


def read_rows(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=HERE / "work" / "data", help="reads <split>.jsonl, writes slot_*")
    ap.add_argument("--splits", default="train,dev")
    ap.add_argument("--rate", type=float, default=0.5, help="share of the rows a kind applies to that keep it")
    ap.add_argument(
        "--kind-rate",
        nargs="*",
        default=[],
        metavar="KIND=RATE",
        help="another rate for a kind (the common kinds made rarer: negation=0.25 name_swap=0.4)",
    )
    ap.add_argument("--max-hyp-words", type=int, default=60)
    ap.add_argument("--seed", type=int, default=26)
    ap.add_argument("--score", type=Path, metavar="BUNDLE", help="score a verifier bundle on --input's edits")
    ap.add_argument("--input", type=Path, help="slot rows to score (default: <data>/slot_dev.jsonl)")
    ap.add_argument("--per-kind", type=int, default=0, help="score only the first N rows of each kind (0: all)")
    args = ap.parse_args(argv)
    assert "benchmarks" not in args.data.resolve().parts, "benchmarks are test sets, never training data"
    kind_rates = {kind: float(rate) for kind, rate in (item.split("=") for item in args.kind_rate)}
    if unknown := set(kind_rates) - set(KINDS):
        ap.error(f"unknown kinds {sorted(unknown)}; the kinds are {', '.join(KINDS)}")
    if args.score:
        rows = read_rows(args.input or args.data / "slot_dev.jsonl")
        if args.per_kind:
            by_kind: dict[str, list[dict[str, object]]] = defaultdict(list)
            for row in rows:
                by_kind[kind_of(row)].append(row)
            rows = [r for part in by_kind.values() for r in part[: args.per_kind]]
        started = time.perf_counter()
        for line in score(args.score, rows):
            print(json.dumps({"bundle": str(args.score), **line}))
        print(json.dumps({"seconds": round(time.perf_counter() - started, 1)}))
        return 0
    stats: dict[str, object] = {"args": {k: str(v) for k, v in vars(args).items()}}
    for split in args.splits.split(","):
        rows = read_rows(args.data / f"{split}.jsonl")
        counts: Counter[str] = Counter()
        with (args.data / f"slot_{split}.jsonl").open("w", encoding="utf-8") as out:
            for row in slot_edits(rows, args.rate, f"{args.seed}:{split}", args.max_hyp_words, kind_rates):
                counts[f"{kind_of(row)}:{row['label']}{'b' if row['binary_only'] else ''}"] += 1
                out.write(json.dumps(row, ensure_ascii=False) + "\n")
        stats[split] = {
            "rows_in": len(rows),
            "supported_in": sum(r["label"] == 0 for r in rows),
            "written": sum(counts.values()),
            "by_kind": dict(sorted(counts.items())),
        }
        print(json.dumps({"split": split, **stats[split]}), flush=True)  # type: ignore[dict-item]
    (args.data / "slot_stats.json").write_text(json.dumps(stats, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
