#!/usr/bin/env python3
"""Build the verifier's train/dev pair files from ../shared/training (never from ../shared/benchmarks).

Input: ``<data-dir>/<dataset>/pairs.jsonl.gz`` (see that folder's README for the format).

* ``--licence shipped``: only sets with an explicit permissive licence (README "Licences"): contract_nli,
  fib, breaking_nli, halueval, snli_cad, snli, mnli, fever_nli without subset ``covidfact_rte_fever``,
  dialogue_grounding. ``--licence all``: every set, for experiments only.
* Labels: entailment→0 supported, neutral→1 not-supported, contradiction→2 contradicted;
  not_entailment→1 with ``binary_only`` (the loss then only uses supported vs. rest); null dropped.
* Deduplicated on (premise, hypothesis) after whitespace normalisation; the first occurrence wins.
* Split by source document: sha1 of the normalised original premise decides dev (``--dev-pct``) or train,
  so every window, hard negative and hypothesis of one document lands on the same side.
* Premises longer than ``--window-tokens`` (counted with the trimmed tokenizer) become one
  sentence-aligned window:
  * contract_nli: Entailment/Contradiction rows → the annotated evidence spans (``meta.evidence_spans``),
    in document order, plus neighbouring sentences up to the budget, with the row's label; and for
    every row one window drawn from the sentences that hold no evidence span, labelled neutral
    (the ContractNLI convention: a clause that is not evidence does not decide the hypothesis).
  * other long premises: the sentences with the highest content-word overlap with the hypothesis,
    greedily up to the budget and put back in document order (the same selection for every label,
    so positives and negatives look alike). A contradiction label is kept only as ``binary_only``,
    because the selected sentences need not contain the contradicting passage; "not supported"
    holds for any part of a document that does not support the claim.
* Hard negatives from supported pairs (``--neg-rate`` of the eligible ones, seeded): number swap,
  date swap (month or year) and negation insertion/removal → 2 contradicted; named-entity swap
  (another capitalised name from the same premise) → 1 not-supported, ``binary_only``.
* ``--cap-per-dataset`` limits the train rows taken from any one dataset (random, seeded), so that
  halueval does not dominate; dev is not capped.

Writes ``work/data/{train,dev}.jsonl`` (premise, hypothesis, label, binary_only, source) and
``work/data/stats.json`` (counts and the sha256 of every input file).

    python training/prepare_data.py --licence shipped
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from pathlib import Path

from tokenizers import Tokenizer

HERE = Path(__file__).resolve().parent
SHIPPED = ("contract_nli", "fib", "breaking_nli", "halueval", "snli_cad", "snli", "mnli", "fever_nli",
           "dialogue_grounding")
EXCLUDED_SUBSETS = {"shipped": {("fever_nli", "covidfact_rte_fever")}, "all": set()}
LABELS = {"entailment": 0, "neutral": 1, "contradiction": 2, "not_entailment": 1}
STOP = frozenset({
    "a", "an", "the", "of", "to", "in", "on", "at", "for", "by", "with", "from", "and", "or", "but", "is",
    "are", "was", "were", "be", "been", "being", "it", "its", "this", "that", "these", "those", "as", "which",
    "who", "whom", "what", "when", "where", "how", "not", "no", "he", "she", "they", "them", "his", "her",
    "their", "we", "you", "i", "our", "your", "has", "have", "had", "do", "does", "did", "will", "would", "can",
    "could", "may", "might", "shall", "should", "than", "then", "there", "here", "so", "such", "into", "about",
    "over", "after", "before", "q",
})
MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
          "November", "December"]
SENT_SPLIT = re.compile(r"(?<=[.!?;:])\s+|\n+")
WORD = re.compile(r"\w+")
NUMBER = re.compile(r"(?<![\w.,])\d+(?:[.,]\d+)?(?![\w])")
YEAR = re.compile(r"\b(1[5-9]\d\d|20\d\d)\b")
MONTH = re.compile(r"\b(" + "|".join(MONTHS) + r")\b")
NAME = re.compile(r"(?<=[\w,;] )[A-Z][a-z]+(?: [A-Z][a-z]+)*")  # capitalised, not sentence-initial
NEG_REMOVE = [(re.compile(r"\b(is|are|was|were|do|does|did|can|could|will|would|has|have|had) not\b"), r"\1"),
              (re.compile(r"\b(is|are|was|were|does|did|do|has|have|had)n't\b"), r"\1"),
              (re.compile(r"\bcannot\b"), "can"), (re.compile(r"\bnever\b"), "ever")]
NEG_INSERT = re.compile(r"\b(is|are|was|were|can|will|has|have|had)\b(?! not)")


def norm(text: str) -> str:
    return " ".join(text.split())


def content_words(text: str) -> set[str]:
    return {w for w in WORD.findall(text.lower()) if w not in STOP}


# ----------------------------------------------------------------------------------------- windows
class Windower:
    """Sentence-aligned windows of at most ``budget`` tokens (token counts from the trimmed tokenizer)."""

    def __init__(self, tokenizer: Tokenizer, budget: int) -> None:
        self.tok, self.budget = tokenizer, budget

    def n_tokens(self, texts: list[str]) -> list[int]:
        return [len(e.ids) for e in self.tok.encode_batch(texts, add_special_tokens=False)]

    def sentences(self, text: str) -> list[str]:
        """Split into sentences; a sentence over budget is cut into word chunks that fit."""
        sents = [s.strip() for s in SENT_SPLIT.split(text) if s.strip()]
        out: list[str] = []
        for sent, n in zip(sents, self.n_tokens(sents), strict=True):
            if n <= self.budget:
                out.append(sent)
                continue
            words = sent.split()
            step = max(1, int(len(words) * self.budget / n * 0.9))
            out.extend(" ".join(words[i:i + step]) for i in range(0, len(words), step))
        return out

    def fits(self, text: str) -> bool:
        return self.n_tokens([text])[0] <= self.budget

    def pick(self, sents: list[str], order: list[int], must: list[int] | None = None) -> str:
        """Take sentences ``must`` then ``order`` while they fit; return them joined in document order."""
        lens = self.n_tokens(sents)
        chosen, used = [], 0
        for i in (must or []) + order:
            if i in chosen or used + lens[i] > self.budget:
                continue
            chosen.append(i)
            used += lens[i]
        return " ".join(sents[i] for i in sorted(chosen))

    def by_overlap(self, premise: str, hypothesis: str) -> str:
        sents = self.sentences(premise)
        hyp = content_words(hypothesis)
        order = sorted(range(len(sents)), key=lambda i: (-len(hyp & content_words(sents[i])), i))
        return self.pick(sents, order)

    def around(self, sents: list[str], seeds: list[int]) -> str:
        """Seeds plus their nearest neighbours (by distance in the document) up to the budget."""
        order = sorted(range(len(sents)), key=lambda i: (min(abs(i - s) for s in seeds), i))
        return self.pick(sents, order, must=seeds)


def contract_rows(row: dict, win: Windower, rng: random.Random) -> Iterator[tuple[str, int, bool]]:
    """(premise window, label, binary_only) rows for one ContractNLI (contract, hypothesis) pair."""
    sents = win.sentences(row["premise"])
    spans = [norm(s) for s in row["meta"].get("evidence_spans") or [] if s.strip()]
    is_ev = [any(sp in norm(s) or norm(s) in sp for sp in spans) for s in sents]
    label = LABELS[row["label"]]
    if label != 1 and any(is_ev):
        yield win.around(sents, [i for i, e in enumerate(is_ev) if e]), label, False
    free = [i for i, e in enumerate(is_ev) if not e]
    if free:
        start = rng.choice(free)
        order = [i for i in free if i >= start] + [i for i in free if i < start]
        yield win.pick(sents, order), 1, False


# ------------------------------------------------------------------------------------ hard negatives
def swap_number(hyp: str, prem: str, rng: random.Random) -> str | None:
    nums = [m for m in NUMBER.finditer(hyp) if m.group() in prem and not YEAR.fullmatch(m.group())]
    if not nums:
        return None
    m = rng.choice(nums)
    others = sorted({n for n in NUMBER.findall(prem) if n != m.group() and not YEAR.fullmatch(n)})
    if others:
        new = rng.choice(others)
    else:
        val = float(m.group().replace(",", ""))
        new = str(int(val * rng.choice([2, 3, 10]) + rng.randint(1, 9))) if val.is_integer() else f"{val * 1.5:.1f}"
    return hyp[:m.start()] + new + hyp[m.end():]


def swap_date(hyp: str, prem: str, rng: random.Random) -> str | None:
    months = [m for m in MONTH.finditer(hyp) if m.group() in prem]
    years = [m for m in YEAR.finditer(hyp) if m.group() in prem]
    if months and (not years or rng.random() < 0.5):
        m = rng.choice(months)
        new = rng.choice([x for x in MONTHS if x != m.group()])
    elif years:
        m = rng.choice(years)
        new = str(int(m.group()) + rng.choice([-10, -3, -2, -1, 1, 2, 3, 10]))
    else:
        return None
    return hyp[:m.start()] + new + hyp[m.end():]


def swap_entity(hyp: str, prem: str, rng: random.Random) -> str | None:
    in_hyp = [m for m in NAME.finditer(hyp) if m.group() in prem and m.group().split()[0] not in MONTHS]
    if not in_hyp:
        return None
    m = rng.choice(in_hyp)
    words_h = set(m.group().split())
    cands = sorted({c for c in NAME.findall(prem) if c not in hyp and not set(c.split()) & words_h
                    and c.split()[0] not in MONTHS and c.lower() not in STOP})
    if not cands:
        return None
    return hyp[:m.start()] + rng.choice(cands) + hyp[m.end():]


def flip_negation(hyp: str, prem: str, rng: random.Random) -> str | None:
    if hyp.startswith("Q:"):  # halueval QA: negating the question does not make the answer wrong
        return None
    for pat, rep in NEG_REMOVE:
        if pat.search(hyp):
            return pat.sub(rep, hyp, count=1)
    if NEG_INSERT.search(hyp):
        return NEG_INSERT.sub(r"\1 not", hyp, count=1)
    return None


PERTURB: list[tuple[str, Callable[[str, str, random.Random], str | None], int, bool]] = [
    ("number", swap_number, 2, False), ("date", swap_date, 2, False),
    ("entity", swap_entity, 1, True), ("negation", flip_negation, 2, False),
]


def hard_negative(prem: str, hyp: str, rng: random.Random) -> tuple[str, str, int, bool] | None:
    """One perturbation of a supported hypothesis: (kind, new hypothesis, label, binary_only), or None."""
    for kind, fn, label, binary in rng.sample(PERTURB, len(PERTURB)):
        new = fn(hyp, prem, rng)
        if new and new != hyp:
            return kind, new, label, binary
    return None


# ---------------------------------------------------------------------------------------------- main
def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def is_dev(premise: str, pct: float) -> bool:
    return int(hashlib.sha1(norm(premise).encode("utf-8")).hexdigest()[:8], 16) % 10_000 < pct * 100


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--licence", choices=("shipped", "all"), required=True)
    ap.add_argument("--data-dir", type=Path, default=HERE.parent.parent / "shared" / "training")
    ap.add_argument("--tokenizer", type=Path, default=HERE / "work" / "base" / "e5-small-trimmed" / "tokenizer.json")
    ap.add_argument("--out", type=Path, default=HERE / "work" / "data")
    ap.add_argument("--window-tokens", type=int, default=200)
    ap.add_argument("--dev-pct", type=float, default=5.0)
    ap.add_argument("--neg-rate", type=float, default=0.3, help="share of supported pairs that get a hard negative")
    ap.add_argument("--max-hyp-words", type=int, default=60, help="no hard negatives from longer hypotheses")
    ap.add_argument("--cap-per-dataset", type=int, default=20_000, help="max train rows per dataset (0: no cap)")
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args()
    assert "benchmarks" not in args.data_dir.resolve().parts, "benchmarks are test sets, never training data"

    rng = random.Random(args.seed)
    win = Windower(Tokenizer.from_file(str(args.tokenizer)), args.window_tokens)
    names = sorted(p.name for p in args.data_dir.iterdir() if (p / "pairs.jsonl.gz").exists())
    if args.licence == "shipped":
        names = [n for n in names if n in SHIPPED]
    seen: set[tuple[str, str]] = set()
    out: dict[str, list[dict]] = {"train": [], "dev": []}
    dropped: Counter = Counter()
    inputs = {}
    for name in names:
        path = args.data_dir / name / "pairs.jsonl.gz"
        inputs[name] = {"path": str(path), "sha256": sha256(path)}
        by_split: dict[str, list[dict]] = defaultdict(list)
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                if (row["dataset"], row["subset"]) in EXCLUDED_SUBSETS[args.licence]:
                    dropped["licence_subset"] += 1
                    continue
                if row["label"] not in LABELS:
                    dropped["null_label"] += 1
                    continue
                prem, hyp = norm(row["premise"]), norm(row["hypothesis"])
                split = "dev" if is_dev(prem, args.dev_pct) else "train"
                label, binary = LABELS[row["label"]], row["label"] == "not_entailment"
                if name == "contract_nli":
                    windows = [(w, lab, b) for w, lab, b in contract_rows(row, win, rng)]
                elif win.fits(prem):
                    windows = [(prem, label, binary)]
                else:
                    windows = [(win.by_overlap(prem, hyp), label, binary or label == 2)]
                for w_prem, w_label, w_binary in windows:
                    key = (w_prem, hyp)
                    if key in seen:
                        dropped["duplicate"] += 1
                        continue
                    seen.add(key)
                    by_split[split].append({"premise": w_prem, "hypothesis": hyp, "label": w_label,
                                            "binary_only": w_binary, "source": name})
                    if (w_label == 0 and len(hyp.split()) <= args.max_hyp_words
                            and rng.random() < args.neg_rate):
                        neg = hard_negative(w_prem, hyp, rng)
                        if neg and (w_prem, neg[1]) not in seen:
                            seen.add((w_prem, neg[1]))
                            by_split[split].append({"premise": w_prem, "hypothesis": neg[1], "label": neg[2],
                                                    "binary_only": neg[3], "source": f"{name}/neg_{neg[0]}"})
        train = by_split["train"]
        if args.cap_per_dataset and len(train) > args.cap_per_dataset:
            dropped[f"cap_{name}"] += len(train) - args.cap_per_dataset
            train = rng.sample(train, args.cap_per_dataset)
        out["train"].extend(train)
        out["dev"].extend(by_split["dev"])
        print(f"{name}: train {len(train)}, dev {len(by_split['dev'])}", flush=True)

    args.out.mkdir(parents=True, exist_ok=True)
    stats: dict = {"licence": args.licence, "args": {k: str(v) for k, v in vars(args).items()},
                   "inputs": inputs, "dropped": dict(dropped)}
    for split, rows in out.items():
        rng.shuffle(rows)
        with open(args.out / f"{split}.jsonl", "w", encoding="utf-8") as fh:
            for r in rows:
                fh.write(json.dumps(r, ensure_ascii=False) + "\n")
        counts: dict[str, Counter] = defaultdict(Counter)
        for r in rows:
            counts[r["source"]][f"{r['label']}{'b' if r['binary_only'] else ''}"] += 1
        stats[split] = {"rows": len(rows), "by_source": {k: dict(sorted(v.items())) for k, v in sorted(counts.items())},
                        "by_label": dict(sorted(Counter(f"{r['label']}{'b' if r['binary_only'] else ''}"
                                                        for r in rows).items()))}
    (args.out / "stats.json").write_text(json.dumps(stats, indent=2))
    print("labels: 0 supported, 1 not-supported, 2 contradicted; 'b' = binary_only")
    for split in ("train", "dev"):
        print(f"\n{split}: {stats[split]['rows']} rows, by label {stats[split]['by_label']}")
        for src, c in stats[split]["by_source"].items():
            print(f"  {src:40s} {c}")
    print("\ndropped:", dict(dropped))


if __name__ == "__main__":
    main()
