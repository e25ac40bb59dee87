"""Short answers and their questions: HaluEval QA rows of ``../shared/training`` scored end to end.

A RAG answer is often a number alone ("1923", "8 tablets") whose meaning is in the question. This
script scores HaluEval's QA rows (HotpotQA questions with their knowledge paragraphs; training data,
used here to measure, never to fit) with the full metric (``Faithfulness.evaluate``: extraction
with the question, then verification), and reports:

* **all answers**: each question's right answer and its hallucinated one, scored; a row passes
  when every counted claim is supported. Right answers accepted, hallucinated ones rejected, and
  their balanced accuracy;
* **short answers with a number**: the right answers of at most six words that hold a digit, how
  many are accepted, and for those accepted the edits ``contrast.py`` makes of the answer alone
  (a number replaced by another number of the knowledge, a number shifted to one it never states),
  each scored as the answer to the same question: the share caught.

Rows are taken in file order from ``--start`` (a question's index), ``--rows`` questions; the
edits are seeded by the row. Usage::

    python benchmarks/short_answers.py --start 8000 --rows 1000
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from contrast import TRAINING, make_edits

from faithcheck import Faithfulness

SHORT_WORDS = 6
NUMBER_KINDS = ("number_swap", "number_shift")


@dataclass(frozen=True)
class Question:
    index: int
    question: str
    knowledge: str
    right: str
    hallucinated: str


@dataclass
class Tally:
    """The counts the report is made of."""

    counts: Counter[str] = field(default_factory=Counter)

    def rate(self, part: str, whole: str) -> str:
        return f"{100.0 * self.counts[part] / self.counts[whole]:.1f}" if self.counts[whole] else "-"


def questions(start: int, rows: int) -> Iterator[Question]:
    """HaluEval's QA questions ``start`` .. ``start + rows``, each with its right and hallucinated
    answer (the pairs file holds them as two rows, right first)."""
    answers: dict[int, dict[str, str]] = {}
    with gzip.open(TRAINING / "halueval" / "pairs.jsonl.gz", "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            if row.get("subset") != "halueval_qa":
                continue
            index = int(row["id"].split("-")[2])
            if not start <= index < start + rows:
                continue
            answers.setdefault(index, {"question": row["meta"]["question"], "knowledge": row["premise"]})
            answers[index][row["label"]] = row["meta"]["answer"]
    for index, a in sorted(answers.items()):
        if "entailment" in a and "not_entailment" in a:
            yield Question(index, a["question"], a["knowledge"], a["entailment"], a["not_entailment"])


def is_short_number(answer: str) -> bool:
    """At most six words, one of them holding a digit ("1923", "6.213 km long").

    >>> is_short_number("1923"), is_short_number("Delhi"), is_short_number("It was released in 2006 by Universal.")
    (True, False, False)
    """
    return len(answer.split()) <= SHORT_WORDS and bool(re.search(r"\d", answer))


def passes(metric: Faithfulness, question: str, answer: str, knowledge: str) -> bool:
    """Whether the answer scores as grounded: every counted claim supported (no claim: not)."""
    score = metric.evaluate(
        {"input_id": "q", "prompt": question, "sut_response": answer, "retrieved_context": [knowledge]}
    )
    counted = score.counted_claims
    return score.status == "ok" and bool(counted) and all(c.verdict.supported for c in counted)


def run(metric: Faithfulness, start: int, rows: int) -> Tally:
    tally = Tally()
    for q in questions(start, rows):
        right = passes(metric, q.question, q.right, q.knowledge)
        tally.counts.update({"right": 1, "right accepted": right, "hallucinated": 1})
        tally.counts["hallucinated rejected"] += not passes(metric, q.question, q.hallucinated, q.knowledge)
        if not is_short_number(q.right):
            continue
        tally.counts.update({"short": 1, "short accepted": right})
        if not right:
            continue
        for edit in make_edits(q.right, q.knowledge, random.Random(f"short:{q.index}")):
            if edit.kind in NUMBER_KINDS:
                tally.counts[edit.kind] += 1
                tally.counts[f"{edit.kind} caught"] += not passes(metric, q.question, edit.edited, q.knowledge)
    return tally


def report(tally: Tally) -> str:
    c = tally.counts
    right, rejected = tally.rate("right accepted", "right"), tally.rate("hallucinated rejected", "hallucinated")
    balanced = f"{(float(right) + float(rejected)) / 2:.1f}" if c["right"] else "-"
    lines = [
        f"all answers: {c['right']} questions; right accepted {right}, hallucinated rejected {rejected}, "
        f"balanced accuracy {balanced}",
        f"short answers with a number: {c['short']}; accepted {tally.rate('short accepted', 'short')} "
        f"({c['short accepted']})",
    ]
    lines += [
        f"  {kind} caught {tally.rate(f'{kind} caught', kind)} ({c[f'{kind} caught']} of {c[kind]})"
        for kind in NUMBER_KINDS
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--start", type=int, default=0, help="the first question's index")
    parser.add_argument("--rows", type=int, default=1000, help="this many questions")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    tally = run(Faithfulness(), args.start, args.rows)
    print(report(tally))
    print(f"\nquestions {args.start}-{args.start + args.rows - 1}: {time.perf_counter() - started:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
