#!/usr/bin/env python3
"""Edit-style negatives: meaning changes that keep almost every word of a supported claim.

Word overlap cannot see these, and the hard negatives of ``prepare_data.py`` (numbers, dates,
names, negation) cover only part of them. From the *supported* rows of a prepared file
(``work/data/train.jsonl``, or ``dev.jsonl`` for monitoring; never the benchmarks) this writes:

* **antonym**: one word of the claim replaced by its opposite from a small hand-written list
  (increased → decreased, before → after, won → lost ...), when the premise does not also contain
  the opposite — labelled *contradicted* (2);
* **detail**: a short prepositional phrase from another row's claim added at the end of the claim
  that names something ("... signed the deal" → "... signed the deal in March 2019"), when none of
  the phrase's content words occurs in the premise — labelled *not supported* (1, binary: the
  premise neither states nor denies it). This is the "partially supported" claim: everything is
  grounded but one detail.

Each kind is made from at most ``--rate`` of the eligible rows (seeded); each row keeps its
``original`` claim. ``--score BUNDLE`` reports how well a verifier bundle tells edits from their
originals (on ``dev.jsonl``'s edits). Run with the package's environment::

    .venv/bin/python training/edit_pairs.py --input training/work/data/train.jsonl \\
        --out training/work/data/edit_train.jsonl
    .venv/bin/python training/edit_pairs.py --input training/work/data/dev.jsonl \\
        --out training/work/data/edit_dev.jsonl
    .venv/bin/python training/edit_pairs.py --input training/work/data/edit_dev.jsonl \\
        --score training/work/export_l6pkg
"""

from __future__ import annotations

import argparse
import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent

_PAIRS = """
increase decrease, increased decreased, increases decreases, increasing decreasing,
rise fall, rose fell, rising falling, higher lower, more less, most least, larger smaller,
bigger smaller, largest smallest, biggest smallest, longer shorter, longest shortest,
before after, earlier later, early late, first last, won lost, win lose, wins loses, winning losing,
gained lost, accepted rejected, accept reject, approved rejected, approve reject, agreed refused,
allowed banned, allow ban, open closed, opened closed, start end, started ended, begin end,
began ended, buy sell, bought sold, buys sells, up down, above below, inside outside, over under,
always never, everyone nobody, all none, many few, strong weak, stronger weaker, rich poor,
old young, older younger, oldest youngest, new old, positive negative, success failure,
successful unsuccessful, true false, same different, easy difficult, easier harder, cheap expensive,
cheaper costlier, hot cold, warm cool, north south, east west, left right, male female, men women,
man woman, husband wife, son daughter, father mother, brother sister, boy girl, king queen,
dead alive, died survived, safe dangerous, legal illegal, public private, full empty, love hate,
loves hates, loved hated, like dislike, happy sad, good bad, better worse, best worst,
support oppose, supported opposed, supports opposes, arrive leave, arrived left, import export,
imported exported, entered left, include exclude, included excluded, top bottom,
minimum maximum, majority minority, profit loss, profits losses, guilty innocent,
convicted acquitted, hired fired, joined left, attack defend, attacked defended, raise lower,
raised lowered, add remove, added removed, fast slow, faster slower, heavy light, wide narrow,
deep shallow, thick thin, wet dry, light dark, day night, morning evening, summer winter,
spring autumn, yes no, present absent, appear disappear, appeared disappeared, remember forget,
remembered forgot, pass fail, passed failed, push pull, pushed pulled, give take, gave took,
send receive, sent received, teacher student, doctor patient, employer employee, seller buyer,
lender borrower, internal external, domestic foreign, urban rural, ancient modern, minor major
"""
ANTONYMS: dict[str, str] = {}
for _pair in _PAIRS.replace("\n", " ").split(","):
    _a, _b = _pair.split()
    ANTONYMS.setdefault(_a, _b)
    ANTONYMS.setdefault(_b, _a)

WORD = re.compile(r"[A-Za-z]+")
DETAIL = re.compile(
    r"\b(?:in|at|on|during|after|before|near|from|for|with|by) (?:the |a |an )?"
    r"(?:[A-Z][\w'-]+|\d+(?:[.,]\d+)*|[a-z][\w'-]+)(?: (?:[A-Z][\w'-]+|of|\d+(?:[.,]\d+)*|[a-z][\w'-]+)){0,2}"
    r"(?=[.,;!?]|$)"
)
STOP = frozenset(
    re.findall(
        r"\w+",
        "in at on during after before near from for with by the a an of and or to is was were are be been "
        "this that these those it its his her their our your my",
    )
)


def swap_antonym(hypothesis: str, premise: str, rng: random.Random) -> str | None:
    """The hypothesis with one listed word replaced by its opposite, or None."""
    premise_words = {w.lower() for w in WORD.findall(premise)}
    found = [
        m
        for m in WORD.finditer(hypothesis)
        if (opposite := ANTONYMS.get(m.group().lower())) is not None and opposite not in premise_words
    ]
    if not found:
        return None
    m = rng.choice(found)
    opposite = ANTONYMS[m.group().lower()]
    if m.group()[0].isupper():
        opposite = opposite[0].upper() + opposite[1:]
    return hypothesis[: m.start()] + opposite + hypothesis[m.end() :]


def details_of(hypothesis: str) -> list[str]:
    """Short prepositional phrases that end a clause of the hypothesis and name something (a
    capitalised word or a number: a place, a date, an organisation, an amount)."""
    return [
        m.group()
        for m in DETAIL.finditer(hypothesis)
        if any(w[0].isupper() or w[0].isdigit() for w in m.group().split()[1:])
    ]


def add_detail(hypothesis: str, premise: str, detail: str) -> str | None:
    """The hypothesis with ``detail`` added before its final punctuation, if the premise has none
    of the detail's content words (so it cannot support it), the claim is not a question and has no
    detail near its end already."""
    content = {w.lower() for w in WORD.findall(detail)} - STOP
    premise_words = {w.lower() for w in WORD.findall(premise)}
    text = hypothesis.rstrip()
    if not content or content & premise_words or not text or text.startswith("Q:") or text.endswith("?"):
        return None
    if details_of(text[-60:]):  # it already has a detail near its end
        return None
    end = len(text.rstrip(" .!"))
    return f"{text[:end]} {detail}{text[end:] or '.'}"


def edits(rows: list[dict[str, object]], rate: float, rng: random.Random) -> Iterator[dict[str, object]]:
    """Antonym and detail edits of the supported rows (each kind tried on ``rate`` of them)."""
    supported = [r for r in rows if r["label"] == 0]
    pool = [d for r in supported for d in details_of(str(r["hypothesis"]))]
    for row in supported:
        premise, hypothesis = str(row["premise"]), str(row["hypothesis"])
        source = str(row["source"]).split("/")[0]
        if rng.random() < rate and (new := swap_antonym(hypothesis, premise, rng)):
            yield _row(premise, new, hypothesis, 2, False, f"edit/antonym/{source}")
        if pool and rng.random() < rate and (new := add_detail(hypothesis, premise, rng.choice(pool))):
            yield _row(premise, new, hypothesis, 1, True, f"edit/detail/{source}")


def _row(premise: str, hypothesis: str, original: str, label: int, binary: bool, source: str) -> dict[str, object]:
    return {
        "premise": premise,
        "hypothesis": hypothesis,
        "original": original,
        "label": label,
        "binary_only": binary,
        "source": source,
    }


def score(bundle: Path, rows: list[dict[str, object]]) -> dict[str, object]:
    """How well a verifier bundle tells each edited claim from its original (same premise):
    the share of originals it supports and of edits it does not, at the bundle's threshold, their
    balanced accuracy, and how often the original gets the higher p(supported)."""
    from faithcheck._pipeline.verify.onnx_model import OnnxVerifier

    verifier = OnnxVerifier.from_dir(bundle)
    at = verifier.calibration.label_order.index("supported")
    original = verifier.probabilities([(str(r["premise"]), str(r["original"])) for r in rows])[:, at]
    edited = verifier.probabilities([(str(r["premise"]), str(r["hypothesis"])) for r in rows])[:, at]
    threshold = verifier.calibration.threshold
    kept, caught = float((original >= threshold).mean()), float((edited < threshold).mean())
    return {
        "bundle": str(bundle),
        "pairs": len(rows),
        "originals_supported": round(100 * kept, 1),
        "edits_caught": round(100 * caught, 1),
        "balanced_accuracy": round(50 * (kept + caught), 1),
        "original_ranked_higher": round(100 * float((original > edited).mean()), 1),
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--input", type=Path, default=HERE / "work" / "data" / "train.jsonl")
    ap.add_argument("--out", type=Path, default=HERE / "work" / "data" / "edit_train.jsonl")
    ap.add_argument("--rate", type=float, default=0.5, help="share of eligible supported rows edited, per kind")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--score", type=Path, metavar="BUNDLE", help="score a verifier bundle on --input (edit rows)")
    args = ap.parse_args()
    rows = [json.loads(line) for line in args.input.open(encoding="utf-8")]
    if args.score:
        by_kind: dict[str, list[dict[str, object]]] = {}
        for row in rows:
            by_kind.setdefault(str(row["source"]).split("/")[1], []).append(row)
        for kind, part in sorted(by_kind.items()):
            print(json.dumps({"kind": kind, **score(args.score, part)}))
        return 0
    counts: Counter[str] = Counter()
    with args.out.open("w", encoding="utf-8") as out:
        for row in edits(rows, args.rate, random.Random(args.seed)):
            counts[str(row["source"]).split("/")[1]] += 1
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(json.dumps({"input": str(args.input), "rows_in": len(rows), "written": dict(counts)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
