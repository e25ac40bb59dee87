"""What ``--lang auto`` (the command line's default) changes on English data, and what it costs.

For each English set in ../shared/benchmarks, the rows whose detected language is not English: with
``lang: auto`` each would be scored in another language faithcheck reads (de, fr: a different
score, without an error), or be an ``error`` row (a language faithcheck does not score, or none
detected). Both metrics detect a row's language from its answer, question and context
(``row_language``); the last column is for rows given without a context (answer relevancy needs
none), detected from the answer and the question alone.

Then the time: every row's language is detected whatever ``lang`` is (the record's ``detected_lang``
and the summary's warnings need it), so ``auto`` should cost nothing; the sample scored 50 times over
(300 rows) with ``lang="en"`` and ``lang="auto"``, best of three each, says so.

    python benchmarks/lang_auto.py
"""

from __future__ import annotations

import csv
import json
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

from faithcheck import Faithfulness, score_dataset
from faithcheck._text.language import SUPPORTED, row_language

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared" / "benchmarks"
Row = tuple[str, str, list[str]]  # answer, question, passages


def begin(pattern: str) -> Iterator[Row]:
    csv.field_size_limit(sys.maxsize)
    for path in sorted(SHARED.glob(pattern)):
        with path.open(encoding="utf-8", newline="") as fh:
            for r in csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE):
                yield r["response"], r["message"], [r["knowledge"]]


def summedits() -> Iterator[Row]:
    for path in sorted(SHARED.glob("summedits/summedits_*.json")):
        for r in json.loads(path.read_text(encoding="utf-8")):
            yield r["summary"], "", [r["doc"]]


def factcheck() -> Iterator[Row]:
    with (SHARED / "factcheck_gpt" / "subtask3_claim_evidence_stance.jsonl").open(encoding="utf-8") as fh:
        for line in fh:
            r = json.loads(line)
            yield r["claim"], "", [r["evidence"]]


def changed(counts: Counter[str | None]) -> str:
    """``rows read in another language / error rows`` of ``counts`` (detected language → rows)."""
    other = sum(n for lang, n in counts.items() if lang in SUPPORTED and lang != "en")
    errors = sum(n for lang, n in counts.items() if lang not in SUPPORTED)
    return f"{other} / {errors}"


def timed(rows: Path, lang: str) -> float:
    metric = Faithfulness(lang=lang)
    best = float("inf")
    for _ in range(3):
        started = time.perf_counter()
        score_dataset(rows, metric)
        best = min(best, time.perf_counter() - started)
    return best


def main() -> int:
    sets = {
        "BEGIN dev (3 files)": lambda: begin("begin/*/begin_dev_*.tsv"),
        "BEGIN test (WoW)": lambda: begin("begin/wow/begin_test_wow.tsv"),
        "SummEdits (8 domains)": summedits,
        "FactCheck-GPT (claim, evidence)": factcheck,
    }
    print("| set | rows | read as de/fr / error rows | without the context: read as de/fr / error rows |")
    print("|---|---:|---:|---:|")
    for name, rows in sets.items():
        with_context: Counter[str | None] = Counter()
        without: Counter[str | None] = Counter()
        for answer, question, passages in rows():
            with_context[row_language(answer, passages, question)] += 1
            without[row_language(answer, [], question)] += 1
        total = sum(with_context.values())
        print(f"| {name} | {total:,} | {changed(with_context)} | {changed(without)} |")

    sample = (REPO / "examples" / "sample.jsonl").read_text(encoding="utf-8").splitlines()
    with tempfile.TemporaryDirectory() as folder:
        rows = Path(folder) / "rows.jsonl"
        with rows.open("w", encoding="utf-8") as out:
            for k in range(50):
                for line in sample:
                    row = json.loads(line)
                    out.write(json.dumps({**row, "input_id": f"{row['input_id']}-{k}"}) + "\n")
        timed(rows, "en")  # load the models before the clocks start
        seconds = {lang: timed(rows, lang) for lang in ("en", "auto")}
    print()
    print("| lang | 300 sample rows, best of 3 |")
    print("|---|---:|")
    for lang, s in seconds.items():
        print(f"| {lang} | {s:.2f} s |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
