"""Answer relevancy by kind of answer: hand-labelled question/answer pairs (issue 28 item 1).

``answer_relevancy_kinds.json`` holds 74 English pairs written for this script, 10-12 of each
kind, over a dozen domains (banking, travel, medicine, software, cooking, housing, ...):

* relevant (gold: the answer addresses the question): **direct** answers (often leaving the
  question's key noun implied: "How long should I rest the dough?" -> "Leave it covered in the
  fridge for at least an hour."), **conditional** ones ("Only if ..."), **yes_no** ones ("No, they
  must travel in your hand luggage."), **list** answers and **partial** ones (one part of a
  two-part question: relevance, not completeness);
* not relevant: **off_topic** answers (something else, often on the same subject) and
  **evasive** ones ("It depends on many factors.", "Please contact your branch.").

The pairs were written before the judge was changed for this issue and were never used to tune
it (the fix was developed on the examples in ``tests/test_relevancy.py``). Small: one pair is 8-10
points of a kind's accuracy.

Protocol. Each pair is scored by ``AnswerRelevancy`` (offline judge, default settings), the path
a user runs. A pair is right when its score passes the metric's default threshold 0.7 exactly
when the gold says relevant. Reported per kind: pairs, accuracy, mean score, and the share
scoring >= 0.9 (the issue's mark for answers that address the question).

    python benchmarks/answer_relevancy_kinds.py [--misses] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from faithcheck import AnswerRelevancy, TestCase

KINDS_FILE = Path(__file__).resolve().parent / "answer_relevancy_kinds.json"
THRESHOLD = 0.7
HIGH = 0.9


@dataclass(frozen=True)
class Pair:
    id: str
    kind: str
    question: str
    answer: str
    relevant: bool


@dataclass(frozen=True)
class Scored:
    pair: Pair
    score: float
    reason: str

    @property
    def right(self) -> bool:
        return (self.score >= THRESHOLD) == self.pair.relevant


def load_pairs(path: Path = KINDS_FILE) -> list[Pair]:
    items = json.loads(path.read_text(encoding="utf-8"))["items"]
    return [Pair(i["id"], i["kind"], i["question"], i["answer"], bool(i["relevant"])) for i in items]


def score_pairs(pairs: Sequence[Pair], metric: AnswerRelevancy | None = None) -> list[Scored]:
    metric = metric or AnswerRelevancy(threshold=THRESHOLD)
    out = []
    for p in pairs:
        result = metric.evaluate(
            TestCase(input_id=p.id, prompt=p.question, sut_response=p.answer, retrieved_context=[])
        )
        # an error row is a wrong verdict for either gold: it says nothing about relevance
        score = result.value if result.value is not None else (0.0 if p.relevant else 1.0)
        out.append(Scored(p, score, result.reason))
    return out


def tally(scored: Sequence[Scored]) -> list[dict[str, object]]:
    """One row per kind (in first-seen order), then one for all pairs."""
    kinds = list(dict.fromkeys(s.pair.kind for s in scored))
    groups = [(k, [s for s in scored if s.pair.kind == k]) for k in kinds] + [("all", list(scored))]
    rows = []
    for kind, group in groups:
        rows.append(
            {
                "kind": kind,
                "gold": _gold(group),
                "pairs": len(group),
                "right": sum(s.right for s in group),
                "accuracy": round(sum(s.right for s in group) / len(group), 3),
                "mean_score": round(sum(s.score for s in group) / len(group), 3),
                "at_least_0.9": round(sum(s.score >= HIGH for s in group) / len(group), 3),
            }
        )
    return rows


def _gold(group: Sequence[Scored]) -> str:
    labels = {s.pair.relevant for s in group}
    return "mixed" if len(labels) > 1 else ("relevant" if labels.pop() else "not relevant")


def table(rows: Sequence[dict[str, object]]) -> str:
    lines = [
        "| kind | gold | pairs | accuracy @0.7 | mean score | share >= 0.9 |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['kind']} | {r['gold']} | {r['pairs']} | {r['right']}/{r['pairs']} ({r['accuracy']:.0%}) "
            f"| {r['mean_score']:.2f} | {r['at_least_0.9']:.0%} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--misses", action="store_true", help="list the pairs judged wrongly, with the reason")
    parser.add_argument("--json", type=Path, default=None, help="write the per-kind figures here too")
    args = parser.parse_args(argv)
    scored = score_pairs(load_pairs())
    rows = tally(scored)
    print(table(rows))
    if args.misses:
        for s in scored:
            if not s.right:
                print(f"\n{s.pair.id} ({s.score:.2f}): {s.pair.question} -> {s.pair.answer}\n  {s.reason}")
    if args.json:
        args.json.write_text(json.dumps({"kinds": rows}, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
