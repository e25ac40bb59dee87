"""How well the offline relevance judge tells answers that address their question from ones that do not.

No public human-labelled answer-relevance set could be had here (WikiEval, the Ragas set with
human answer-relevance ratings, is on the Hugging Face Hub only; the search tool found no copy in a
public repository or a pip package). So the cases are:

* **begin_generic**: BEGIN's human labels (``../shared/benchmarks/begin/*/begin_*.tsv``, dev and
  test): ``Generic`` responses (they do not engage with the message: label 0) against ``Fully
  attributable`` ones (label 1); the question is the ``message``. FaithDial's own Generic
  responses are in the judge's training data (same dialogue sources, passed the 50%-shingle
  contamination guard): this case is near the training distribution.
* **begin_other_question**: constructed: each Fully attributable response against its own message
  (1) and against the message of another BEGIN row (0, a fixed derangement).
* **factcheck_own_vs_other**, **factcheck_own_vs_nearest**, **factcheck_appended**: constructed
  from Factcheck-GPT's 94 ChatGPT answers (``../shared/benchmarks/factcheck_gpt``): the answer
  against its own prompt (1) and against a different prompt of the set (0): a random one, or
  the nearest one by MiniLM embedding (same topic; prompts with cosine >= 0.9 to the own prompt
  are skipped as near-duplicates). ``appended``: the own answer (1) against the own answer with
  the sentences of another row's answer appended (0).
* **handmade_{en,de,fr}_{other,appended}**: twelve question/answer pairs written for this script in English,
  and the same pairs in German and French (``answer_relevancy_handmade.json``): own question (1)
  against another item's question (0) and against the answer with another item's answer
  appended (0). Small: read the AUCs as a comparison between the languages, not as a precise
  figure. The ``(full head)`` rows judge German and French with the English head instead of the
  lexical one that ships for them, for comparison only.

Protocol. Statements are the offline claim extractor's claims (``extract_claims(answer, lang)``);
the row score is the share of statements that ``judge_statements`` labels ``relevant`` (0.0 when
there are none), exactly what ``AnswerRelevancy`` reports. Reported per case: rows per class,
ROC AUC of the row score, and balanced accuracy at row score >= 0.7 (``AnswerRelevancy``'s
default threshold) and >= 0.5. Nothing here is tuned on these cases: the heads and their
thresholds come from the dev split of the training data.

Speed: rows/s of extraction plus ``judge_statements`` on the standard rows of ``speed.py``
(``llm_cost.standard_row``, distinct seeds), beside ``Faithfulness().evaluate`` on the same kind
of rows, in one process.

    python benchmarks/answer_relevancy.py [--begin-limit 600] [--speed-rows 20] [--json out.json]
"""

from __future__ import annotations

import argparse
import csv
import json
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from sklearn.metrics import balanced_accuracy_score, roc_auc_score

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
BENCH = REPO.parent / "shared" / "benchmarks"

from llm_cost import standard_row  # noqa: E402

from faithcheck import Faithfulness  # noqa: E402
from faithcheck._metrics.config import Lang  # noqa: E402
from faithcheck._models.embedding import default_encoder  # noqa: E402
from faithcheck._pipeline.extract import extract_claims  # noqa: E402
from faithcheck._pipeline.relevancy import RelevanceModel, default_relevance_model, judge_statements  # noqa: E402

SEED = 16


@dataclass(frozen=True)
class Row:
    question: str
    answer: str
    label: int


HANDMADE_FILE = Path(__file__).resolve().parent / "answer_relevancy_handmade.json"
"""Twelve (question, answer) items written for this script, the same items in en, de and fr."""


def row_score(question: str, answer: str, lang: Lang, model: RelevanceModel | None = None) -> float:
    """The share of the answer's statements judged relevant (0.0 without statements)."""
    statements = [c.text for c in extract_claims(answer, lang)]
    if not statements:
        return 0.0
    verdicts = judge_statements(question, statements, lang, model=model)
    return sum(v.label == "relevant" for v in verdicts) / len(verdicts)


def measure(
    name: str, rows: Sequence[Row], lang: Lang = "en", model: RelevanceModel | None = None
) -> dict[str, object]:
    y = np.array([r.label for r in rows])
    scores = np.array([row_score(r.question, r.answer, lang, model) for r in rows])
    return {
        "case": name,
        "lang": lang,
        "positives": int(y.sum()),
        "negatives": int(len(y) - y.sum()),
        "auc": round(float(roc_auc_score(y, scores)), 3),
        "bacc@0.7": round(float(balanced_accuracy_score(y, scores >= 0.7)), 3),
        "bacc@0.5": round(float(balanced_accuracy_score(y, scores >= 0.5)), 3),
        "mean_score_pos": round(float(scores[y == 1].mean()), 3),
        "mean_score_neg": round(float(scores[y == 0].mean()), 3),
    }


def _derangement(n: int, rng: random.Random) -> list[int]:
    """A shuffle in which no index stays in place."""
    while True:
        perm = list(range(n))
        rng.shuffle(perm)
        if all(i != j for i, j in enumerate(perm)):
            return perm


def begin_rows(limit: int, rng: random.Random) -> tuple[list[Row], list[Row]]:
    generic, attributable = [], []
    for path in sorted((BENCH / "begin").glob("*/begin_*.tsv")):
        with path.open(encoding="utf-8", newline="") as fh:
            for rec in csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE):
                label = (rec.get("begin_label") or "").strip()
                pair = (str(rec["message"] or "").strip(), str(rec["response"] or "").strip())
                if not pair[0] or not pair[1]:
                    continue  # a few rows have no message: nothing to be relevant to
                if label == "Generic":
                    generic.append(pair)
                elif label == "Fully attributable":
                    attributable.append(pair)
    rng.shuffle(attributable)
    attributable = attributable[:limit]
    case1 = [Row(q, a, 0) for q, a in generic] + [Row(q, a, 1) for q, a in attributable]
    perm = _derangement(len(attributable), rng)
    case2 = [Row(q, a, 1) for q, a in attributable] + [
        Row(attributable[perm[i]][0], a, 0) for i, (_, a) in enumerate(attributable)
    ]
    return case1, case2


def factcheck_rows(rng: random.Random) -> dict[str, list[Row]]:
    with (BENCH / "factcheck_gpt" / "factcheck-GPT-benchmark.jsonl").open(encoding="utf-8") as fh:
        items = [json.loads(line) for line in fh]
    pairs = [(" ".join(str(r["prompt"]).split()), str(r["response"]).strip()) for r in items]
    vectors = default_encoder().encode([q for q, _ in pairs])
    sims = vectors @ vectors.T
    n = len(pairs)
    own = [Row(q, a, 1) for q, a in pairs]
    random_other, nearest, appended = [], [], []
    for i, (_q, a) in enumerate(pairs):
        allowed = [j for j in range(n) if j != i and sims[i, j] < 0.9]
        random_other.append(Row(pairs[rng.choice(allowed)][0], a, 0))
        nearest.append(Row(pairs[max(allowed, key=lambda j: sims[i, j])][0], a, 0))
        donor = pairs[rng.choice(allowed)][1]
        appended.append(Row(pairs[i][0], f"{a} {donor}", 0))
    return {
        "factcheck_own_vs_other": own + random_other,
        "factcheck_own_vs_nearest": own + nearest,
        "factcheck_appended": own + appended,
    }


def handmade_rows(lang: str) -> dict[str, list[Row]]:
    items = [tuple(pair) for pair in json.loads(HANDMADE_FILE.read_text(encoding="utf-8"))[lang]]
    n = len(items)
    own = [Row(q, a, 1) for q, a in items]
    return {
        f"handmade_{lang}_other": own + [Row(items[(i + 5) % n][0], a, 0) for i, (_, a) in enumerate(items)],
        f"handmade_{lang}_appended": own
        + [Row(q, f"{a} {items[(i + 3) % n][1]}", 0) for i, (q, a) in enumerate(items)],
    }


def speed(rows: int) -> dict[str, float]:
    cases = [standard_row(seed=s) for s in range(3000, 3000 + rows)]
    judge_statements(cases[0].question, ["warm-up statement."], "en")
    started = time.perf_counter()
    for case in cases:
        judge_statements(case.question, [c.text for c in extract_claims(case.sut_response, "en")], "en")
    relevancy = rows / (time.perf_counter() - started)
    metric = Faithfulness()
    metric.evaluate(standard_row(seed=1))  # load models before timing
    started = time.perf_counter()
    for s in range(4000, 4000 + rows):
        metric.evaluate(standard_row(seed=s))
    faithfulness = rows / (time.perf_counter() - started)
    return {"relevancy_rows_per_s": round(relevancy, 2), "faithfulness_rows_per_s": round(faithfulness, 2)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--begin-limit", type=int, default=600, help="Fully attributable BEGIN rows to sample")
    parser.add_argument("--speed-rows", type=int, default=20, help="standard rows to time (0: skip)")
    parser.add_argument("--json", type=Path, default=None, help="write the figures here too")
    args = parser.parse_args()
    rng = random.Random(SEED)
    results = []
    begin_generic, begin_other = begin_rows(args.begin_limit, rng)
    shipped = default_relevance_model()
    # the English head on German and French too: what the lexical head is chosen over
    full_everywhere = RelevanceModel(full=shipped.full, lexical=shipped.full)
    cases: list[tuple[str, list[Row], Lang, RelevanceModel]] = [
        ("begin_generic", begin_generic, "en", shipped),
        ("begin_other_question", begin_other, "en", shipped),
    ]
    cases += [(name, rows, "en", shipped) for name, rows in factcheck_rows(rng).items()]
    langs: tuple[Lang, ...] = ("en", "de", "fr")
    for lang in langs:
        cases += [(name, rows, lang, shipped) for name, rows in handmade_rows(lang).items()]
    for lang in langs[1:]:
        cases += [(f"{name} (full head)", rows, lang, full_everywhere) for name, rows in handmade_rows(lang).items()]
    print("| case | lang | pos | neg | ROC AUC | bal. acc @0.7 | bal. acc @0.5 | mean score pos / neg |")
    print("|---|---|---:|---:|---:|---:|---:|---|")
    for name, rows, lang, model in cases:
        r = measure(name, rows, lang, model)
        results.append(r)
        print(
            f"| {name} | {lang} | {r['positives']} | {r['negatives']} | {r['auc']} | {r['bacc@0.7']} | {r['bacc@0.5']} "
            f"| {r['mean_score_pos']} / {r['mean_score_neg']} |",
            flush=True,
        )
    out: dict[str, object] = {"cases": results}
    if args.speed_rows:
        out["speed"] = speed(args.speed_rows)
        print(f"\nspeed on {args.speed_rows} standard rows: {out['speed']}")
    if args.json:
        args.json.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
