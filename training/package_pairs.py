#!/usr/bin/env python3
"""Training pairs at the package's own granularity: one claim against one evidence window.

``prepare_data.py`` turns a long document and its summary into one pair (the whole summary
against a 200-token excerpt). The package instead splits the summary into claims and checks
each claim against the few three-sentence windows its evidence selection picks
(``Faithfulness.select_evidence``). On such pairs the shipped model is underconfident (see
``long_context_dev.py`` in ``README.md``). This builds pairs in that format from documents with
a right summary and wrong ones:

* ``halueval`` subset ``halueval_summarization`` (a right and a hallucinated summary per
  article) and ``fib`` (a right summary and up to ``--fib-distractors`` distractors per article,
  most of them small edits of the right one: a swapped date, entity, number or negation).
* **Positives**: each claim of the right summary against its best window: of the windows the
  package selects, the one with the highest p(supported) under the current model (``--bundle``,
  by default the shipped one), since the union over windows only needs one window to support the
  claim (multiple-instance labelling). Kept only when that window covers at least
  ``--min-coverage`` of the claim's content words, so that a claim whose support the selection
  missed is not taught as supported by a window that lacks it.
* **Negatives from wrong summaries**: the claims of a wrong summary that are not claims of the
  right one (after whitespace/case normalisation); a wrong summary has at least one unsupported
  claim, so the one among them with the lowest best-window p(supported) is labelled
  not-supported (``binary_only``) against its best window. With a single changed claim this is
  exact; otherwise it is the model's pick.
* **Hard negatives**: ``prepare_data.hard_negative`` (number, date, entity, negation swaps) of
  a share ``--neg-rate`` of the positives, against the same window.

The split is ``prepare_data.is_dev`` on the article (the same hash as the rest of the data).
``--skip-dev N`` leaves out the articles of the first N dev rows per source:
``long_context_dev.py`` reports on them. Writes ``<out>/pkg_<source>_{train,dev}.jsonl`` in
``train.py``'s row format (row by row, so a stopped run keeps what it made) and
``<out>/pkg_<source>_stats.json``. Needs the package's environment (``.venv``)::

    .venv/bin/python training/package_pairs.py --source halueval
    .venv/bin/python training/package_pairs.py --source fib --train-docs 1000
"""

from __future__ import annotations

import argparse
import gzip
import json
import random
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Iterator
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from long_context_dev import dev_rows  # noqa: E402
from prepare_data import hard_negative, is_dev, norm, sha256  # noqa: E402

from faithcheck import Faithfulness  # noqa: E402
from faithcheck import Claim  # noqa: E402
from faithcheck._pipeline.extract.claims import extract_claims  # noqa: E402
from faithcheck._pipeline.verify.evidence import DEFAULT_POOL  # noqa: E402
from faithcheck._pipeline.verify.onnx_model import OnnxVerifier, shipped_bundle  # noqa: E402
from faithcheck._text.analysis import analyze, coverage  # noqa: E402

SOURCES = {"halueval": "halueval_summarization", "fib": None}
REPORTED = {"halueval": "halueval_summarization", "fib": "fib"}
"""``long_context_dev.py``'s name for each source."""


def articles(path: Path, subset: str | None) -> Iterator[tuple[str, str, list[str]]]:
    """(article, right summary, wrong summaries) in file order, one per article."""
    grouped: dict[str, tuple[list[str], list[str]]] = defaultdict(lambda: ([], []))
    order: list[str] = []
    with gzip.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            row = json.loads(line)
            if subset is not None and row["subset"] != subset:
                continue
            if row["premise"] not in grouped:
                order.append(row["premise"])
            grouped[row["premise"]][0 if row["label"] == "entailment" else 1].append(row["hypothesis"])
    for article in order:
        right, wrong = grouped[article]
        if len(right) == 1 and wrong:
            yield article, right[0], wrong


class PairMaker:
    """Makes the claim-level rows of one article at a time (see the module docstring)."""

    def __init__(
        self,
        bundle: Path,
        min_coverage: float,
        neg_rate: float,
        rng: random.Random,
        pool: int = DEFAULT_POOL,
        read_assembled: int = 0,
    ):
        # read_assembled: e.g. the shipped bundle (it reads windows) shown assembled chunks
        self.verifier = OnnxVerifier.from_dir(bundle, assembled_at=read_assembled or None)
        # windows chosen as the package chooses them for this verifier (by lexical share, no encoder)
        self.metric = Faithfulness(verifier_backend=self.verifier, evidence_pool=pool)
        self.supported = self.verifier.calibration.label_order.index("supported")
        self.min_coverage = min_coverage
        self.neg_rate = neg_rate
        self.rng = rng
        self.counts: Counter[str] = Counter()

    def best_windows(self, claims: list[str], article: str) -> list[tuple[str, float, float]]:
        """Per claim: (best window text, its p(supported), the window's coverage of the claim)."""
        objs = [Claim(id=f"c{i}", text=t, start=0, end=len(t)) for i, t in enumerate(claims)]
        checks = self.metric.select_evidence(objs, "", [article])
        probs = self.verifier.probabilities(self.verifier.pairs(checks, "en"))[:, self.supported]
        out, at = [], 0
        for check in checks:
            n = len(self.verifier.units(check, "en"))
            if n == 0:
                out.append(("", 0.0, 0.0))
                continue
            block = probs[at : at + n]
            at += n
            best = int(np.argmax(block))
            window = self.verifier.units(check, "en")[best].premise
            out.append((window, float(block[best]), coverage(analyze(check.claim.text), analyze(window))))
        return out

    def rows(self, article: str, right: str, wrong: list[str], source: str) -> list[dict]:
        """All pairs from one article; every claim is scored in one batch (one context index)."""
        out: list[dict] = []
        right_claims = [c.text for c in extract_claims(right)]
        if not right_claims:
            return out
        known = {norm(c).lower() for c in right_claims}
        changed = [[c.text for c in extract_claims(s) if norm(c.text).lower() not in known] for s in wrong]
        scored = self.best_windows(right_claims + [c for group in changed for c in group], article)
        for claim, (window, _, cov) in zip(right_claims, scored[: len(right_claims)], strict=True):
            if not window or cov < self.min_coverage:
                self.counts["positive_dropped_low_coverage"] += 1
                continue
            out.append(_row(window, claim, 0, False, f"pkg/{source}"))
            self.counts["positive"] += 1
            neg = hard_negative(window, claim, self.rng) if self.rng.random() < self.neg_rate else None
            if neg is not None:
                out.append(_row(window, neg[1], neg[2], neg[3], f"pkg/{source}/neg_{neg[0]}"))
                self.counts[f"neg_{neg[0]}"] += 1
        at = len(right_claims)
        for group in changed:
            if not group:
                self.counts["wrong_summary_without_changed_claim"] += 1
                continue
            own = scored[at : at + len(group)]
            at += len(group)
            pick = min(range(len(group)), key=lambda i: own[i][1])
            if own[pick][0]:
                out.append(_row(own[pick][0], group[pick], 1, True, f"pkg/{source}/wrong_summary"))
                self.counts["wrong_summary_exact" if len(group) == 1 else "wrong_summary_lowest_p"] += 1
        return out


def _row(premise: str, hypothesis: str, label: int, binary: bool, source: str) -> dict:
    return {
        "premise": norm(premise),
        "hypothesis": norm(hypothesis),
        "label": label,
        "binary_only": binary,
        "source": source,
    }


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--source", choices=sorted(SOURCES), required=True)
    ap.add_argument("--data-dir", type=Path, default=HERE.parent.parent / "shared" / "training")
    ap.add_argument("--bundle", type=Path, default=shipped_bundle(), help="model that picks each claim's best window")
    ap.add_argument("--out", type=Path, default=HERE / "work" / "data")
    ap.add_argument("--train-docs", type=int, default=600, help="train articles (at most)")
    ap.add_argument("--dev-docs", type=int, default=100, help="dev articles (at most), after --skip-dev")
    ap.add_argument(
        "--skip-dev",
        type=int,
        default=150,
        help="leave out the articles of long_context_dev.py's first N dev rows of the source",
    )
    ap.add_argument("--fib-distractors", type=int, default=3, help="wrong summaries per FIB article (at most)")
    ap.add_argument("--evidence-pool", type=int, default=DEFAULT_POOL, help="candidate sentences per claim")
    ap.add_argument(
        "--read-assembled",
        type=int,
        default=0,
        metavar="TOKENS",
        help="show the bundle assembled evidence chunks of this input length, whatever its calibration.json says "
        "(gpu/prepare.sh: the shipped bundle at 256, for the GPU pack's claim-level pairs)",
    )
    ap.add_argument("--min-coverage", type=float, default=0.5)
    ap.add_argument("--neg-rate", type=float, default=0.5, help="share of positives that get a hard negative")
    ap.add_argument("--dev-pct", type=float, default=5.0, help="as given to prepare_data.py")
    ap.add_argument("--seed", type=int, default=17)
    args = ap.parse_args()
    assert "benchmarks" not in args.data_dir.resolve().parts, "benchmarks are test sets, never training data"
    rng = random.Random(args.seed)
    maker = PairMaker(args.bundle, args.min_coverage, args.neg_rate, rng, args.evidence_pool, args.read_assembled)
    path = args.data_dir / args.source / "pairs.jsonl.gz"
    limit = {"train": args.train_docs, "dev": args.dev_docs}
    taken = {"train": 0, "dev": 0}
    labels: dict[str, Counter[str]] = {"train": Counter(), "dev": Counter()}
    reported = {
        c.retrieved_context[0] for c, _ in dev_rows(args.data_dir, REPORTED[args.source], args.skip_dev, args.dev_pct)
    }
    args.out.mkdir(parents=True, exist_ok=True)
    files = {split: open(args.out / f"pkg_{args.source}_{split}.jsonl", "w", encoding="utf-8") for split in taken}  # noqa: SIM115
    started = time.perf_counter()
    for article, right, wrong in articles(path, SOURCES[args.source]):
        split = "dev" if is_dev(article, args.dev_pct) else "train"
        if article in reported or taken[split] >= limit[split]:
            if all(taken[s] >= limit[s] for s in taken):
                break
            continue
        if args.source == "fib":
            wrong = rng.sample(wrong, min(len(wrong), args.fib_distractors))
        for row in maker.rows(article, right, wrong, args.source):  # written as made: a stopped run keeps its rows
            files[split].write(json.dumps(row, ensure_ascii=False) + "\n")
            labels[split][f"{row['source']}:{row['label']}{'b' if row['binary_only'] else ''}"] += 1
        files[split].flush()
        taken[split] += 1
        if sum(taken.values()) % 50 == 0:
            print(f"{taken} articles, {time.perf_counter() - started:.0f} s", flush=True)
    for fh in files.values():
        fh.close()
    stats = {
        "args": {k: str(v) for k, v in vars(args).items()},
        "input": {"path": str(path), "sha256": sha256(path)},
        "articles": taken,
        "counts": dict(maker.counts),
        **{split: dict(sorted(c.items())) for split, c in labels.items()},
    }
    (args.out / f"pkg_{args.source}_stats.json").write_text(json.dumps(stats, indent=2))
    print(json.dumps(stats, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
