"""Train the offline relevance heads that faithcheck ships (``src/faithcheck/models/relevance/``).

Data: only the licence-permissive sets of ``../shared/training`` (see its README, "Licences"):

* ``halueval`` (MIT), subset ``halueval_qa``: HotpotQA questions. Positives: the hallucinated
  answer when it is a sentence (a wrong answer still addresses the question: relevance is not
  truth) and the knowledge sentence that contains the right answer.
* ``halueval``, subset ``halueval_dialogue``: OpenDialKG dialogues; the question is the last
  ``[Human]`` turn, positives are the statements (``extract_claims``) of one of its responses.
* ``dialogue_grounding`` (MIT; FaithDial audit and Q²): the message and its response's
  statements as positives; FaithDial's ``Generic`` and ``Uncooperative`` responses as negatives.

Negatives for each question: a statement of a random other question of the same source (off
topic), a statement of the *nearest* other question of the same source by question embedding
(same topic: another question about a similar entity or subject; near-duplicate questions are
skipped) and, for one question in four, a generic filler sentence written for this script.
Statements that the rule-based cues (``irrelevance_reason``) already reject are left out: the
heads only see what the cues let through.

Split: by question (the source item id), 15% dev by a stable hash; negatives are drawn within a
split. The heads are fitted on train; each threshold maximises balanced accuracy on dev.

    nice -n 10 .venv/bin/python training/relevance/train_relevance.py \
        [--qa 3000] [--dialogue 2500] [--out src/faithcheck/models/relevance/relevance_head.json]

Embeddings are cached in ``training/work/relevance/`` (keyed by text, for the encoder that made them), so a
rerun with the same encoder only fits.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import random
import re
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import numpy.typing as npt
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import balanced_accuracy_score, roc_auc_score
from sklearn.preprocessing import StandardScaler

from faithcheck._models.embedding import default_encoder
from faithcheck._pipeline.extract import extract_claims, irrelevance_reason
from faithcheck._pipeline.relevancy import SCALAR_FEATURES, relevance_features
from faithcheck._text.analysis import analyze

REPO = Path(__file__).resolve().parents[2]
DATA = REPO.parent / "shared" / "training"
CACHE = REPO / "training" / "work" / "relevance" / "embeddings.npz"
DEV_PERCENT = 15
SEED = 16

# Written for this script: sentences that sound like an answer but say nothing about any question.
FILLER = (
    "There are many factors to consider here.",
    "It really depends on your specific situation.",
    "This is a complex topic with many different aspects.",
    "Everyone has their own opinion on this.",
    "It is important to keep all of this in mind.",
    "Results may vary from case to case.",
    "There is a lot of information available online.",
    "It is always a good idea to do your own research.",
    "Many people find this topic interesting.",
    "That is a very common concern.",
    "This can be a difficult decision for many people.",
    "Experts have discussed this for a long time.",
    "It is worth looking into the details further.",
    "There are pros and cons to every option.",
    "It is best to consult a professional for advice.",
    "Things have changed a lot over the years.",
    "This is something that a lot of people wonder about.",
    "The situation is different for everyone.",
    "That is a really interesting point.",
    "Overall, it is a good thing to think about.",
    "Each case should be considered on its own merits.",
    "Some people agree and some people do not.",
    "It is a question of personal preference.",
    "There is no simple answer that fits everyone.",
)


@dataclass
class Group:
    """One question and the statements that answer it."""

    source: str
    gid: str
    question: str
    positives: list[str]
    negatives: list[str] = field(default_factory=list)
    """Statements known not to address the question (FaithDial Generic / Uncooperative)."""

    @property
    def split(self) -> str:
        h = int(hashlib.sha1(self.gid.encode()).hexdigest(), 16) % 100
        return "dev" if h < DEV_PERCENT else "train"


@dataclass(frozen=True)
class Pair:
    question: str
    statement: str
    label: int
    kind: str
    """positive | random_other | same_topic | filler | human_generic"""
    source: str
    split: str


def _rows(name: str) -> list[dict[str, object]]:
    with gzip.open(DATA / name / "pairs.jsonl.gz", "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh]


def _statements(text: str) -> list[str]:
    """The answer's statements as the metric sees them, less those the cues reject anyway."""
    return [c.text for c in extract_claims(text, "en") if len(c.text.split()) >= 3]


def _keep(statement: str, question: str) -> bool:
    return irrelevance_reason(statement, question, "en") is None


def load_halueval(n_qa: int, n_dialogue: int, rng: random.Random) -> list[Group]:
    qa: dict[str, Group] = {}
    dialogue: dict[str, Group] = {}
    for row in _rows("halueval"):
        meta = row["meta"]
        assert isinstance(meta, dict)
        item = str(row["id"]).split("-")[2]
        if row["subset"] == "halueval_qa":
            question = str(meta["question"]).strip()
            group = qa.setdefault(item, Group("halueval_qa", f"qa-{item}", question, []))
            answer = str(meta["answer"]).strip()
            if row["label_orig"] == "hallucinated_answer":
                if len(answer.split()) >= 4:
                    group.positives.append(answer)
            elif len(answer) >= 3 and answer.lower() not in {"yes", "no"}:
                knowledge = re.sub(r"([.!?])([A-Z])", r"\1 \2", str(row["premise"]))
                hits = [s for s in _statements(knowledge) if answer.lower() in s.lower() and len(s.split()) >= 6]
                if hits:
                    group.positives.append(hits[0])
        elif row["subset"] == "halueval_dialogue":
            turns = str(meta["dialogue_history"]).split("[Human]:")
            question = turns[-1].strip()
            if len(question.split()) < 3:
                continue
            group = dialogue.setdefault(item, Group("halueval_dialogue", f"dlg-{item}", question, []))
            group.positives.append(str(row["hypothesis"]))  # split into statements below
    groups: list[Group] = []
    for g in qa.values():
        g.positives = [s for s in dict.fromkeys(g.positives) if _keep(s, g.question)]
    for g in dialogue.values():
        response = rng.choice(g.positives)  # one of its two responses, to keep the encode small
        g.positives = [s for s in _statements(response) if _keep(s, g.question)]
    qa_groups = sorted((g for g in qa.values() if g.positives), key=lambda g: g.gid)
    dlg_groups = sorted((g for g in dialogue.values() if g.positives), key=lambda g: g.gid)
    groups += rng.sample(qa_groups, min(n_qa, len(qa_groups)))
    groups += rng.sample(dlg_groups, min(n_dialogue, len(dlg_groups)))
    return groups


def load_dialogue_grounding() -> list[Group]:
    groups: dict[str, Group] = {}
    for row in _rows("dialogue_grounding"):
        meta = row["meta"]
        assert isinstance(meta, dict)
        question = str(meta.get("message") or meta.get("history") or "").strip()
        if len(question.split()) < 3:
            continue
        group = groups.setdefault(question, Group("dialogue_grounding", f"dg-{question}", question, []))
        label = str(row["label_orig"]).lower()
        statements = [s for s in _statements(str(row["hypothesis"])) if _keep(s, question)]
        if label in {"generic", "uncooperative"}:
            group.negatives.extend(statements)
        else:
            group.positives.extend(statements)
    out = []
    for g in groups.values():
        g.positives = list(dict.fromkeys(g.positives))
        g.negatives = [s for s in dict.fromkeys(g.negatives) if s not in g.positives]
        if g.positives or g.negatives:
            out.append(g)
    return sorted(out, key=lambda g: g.gid)


class EmbeddingCache:
    """Vectors by text, of one encoder: a file written with another (or by an older version of
    this script, which did not record it) is ignored and overwritten."""

    def __init__(self, path: Path):
        self.path = path
        self.encoder = default_encoder()
        self.vectors: dict[str, npt.NDArray[np.float32]] = {}
        if path.exists():
            with np.load(path, allow_pickle=False) as data:
                if "encoder" in data and str(data["encoder"]) == self.encoder.name:
                    for text, vec in zip(data["texts"].tolist(), data["vectors"], strict=True):
                        self.vectors[text] = vec

    def fill(self, texts: list[str]) -> None:
        missing = sorted({t for t in texts if t not in self.vectors})
        if not missing:
            return
        started = time.perf_counter()
        for lo in range(0, len(missing), 512):
            chunk = missing[lo : lo + 512]
            for text, vec in zip(chunk, self.encoder.encode(chunk), strict=True):
                self.vectors[text] = vec
            done = lo + len(chunk)
            rate = done / (time.perf_counter() - started)
            print(f"  encoded {done}/{len(missing)} ({rate:.0f}/s)", file=sys.stderr, flush=True)
            if done % 4096 < 512 or done == len(missing):
                self.save()

    def save(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        texts = list(self.vectors)
        vectors = np.stack([self.vectors[t] for t in texts])
        np.savez(self.path, texts=np.array(texts), vectors=vectors, encoder=np.array(self.encoder.name))

    def __getitem__(self, text: str) -> npt.NDArray[np.float32]:
        return self.vectors[text]


def build_pairs(groups: list[Group], cache: EmbeddingCache, rng: random.Random) -> list[Pair]:
    pairs: list[Pair] = []
    by_pool: dict[tuple[str, str], list[Group]] = {}
    for g in groups:
        by_pool.setdefault((g.source, g.split), []).append(g)
    for (source, split), pool in sorted(by_pool.items()):
        with_pos = [g for g in pool if g.positives]
        qmat = np.stack([cache[g.question] for g in with_pos])
        sims = qmat @ qmat.T
        np.fill_diagonal(sims, -1.0)
        sims[sims > 0.95] = -1.0  # near-duplicate questions may share their answers
        nearest = sims.argmax(axis=1)
        index = {id(g): i for i, g in enumerate(with_pos)}
        for g in pool:
            for s in g.positives:
                pairs.append(Pair(g.question, s, 1, "positive", source, split))
            for s in g.negatives:
                pairs.append(Pair(g.question, s, 0, "human_generic", source, split))
            if id(g) not in index:
                continue
            other = rng.choice(with_pos)
            if other is not g:
                pairs.append(Pair(g.question, rng.choice(other.positives), 0, "random_other", source, split))
            near = with_pos[int(nearest[index[id(g)]])]
            shared = set(near.positives) & set(g.positives)
            candidates = [s for s in near.positives if s not in shared]
            if candidates:
                pairs.append(Pair(g.question, rng.choice(candidates), 0, "same_topic", source, split))
            if rng.random() < 0.25:
                pairs.append(Pair(g.question, rng.choice(FILLER), 0, "filler", source, split))
    return pairs


def featurise(pairs: list[Pair], cache: EmbeddingCache) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    scalars, inter = [], []
    for p in pairs:
        s, i = relevance_features(
            cache[p.question], cache[p.statement][None, :], analyze(p.question), [analyze(p.statement)]
        )
        scalars.append(s[0])
        inter.append(i[0])
    return np.asarray(scalars), np.asarray(inter)


def fit_head(
    x_train: npt.NDArray[np.float64], y_train: npt.NDArray[np.int64], c: float
) -> tuple[npt.NDArray[np.float64], float]:
    """Logistic regression on standardised features, folded back to raw-feature weights."""
    scaler = StandardScaler().fit(x_train)
    weights = np.where(y_train == 1, 0.5 / y_train.mean(), 0.5 / (1 - y_train.mean()))
    clf = LogisticRegression(C=c, max_iter=2000).fit(scaler.transform(x_train), y_train, sample_weight=weights)
    coef = clf.coef_[0] / scaler.scale_
    intercept = float(clf.intercept_[0] - np.sum(clf.coef_[0] * scaler.mean_ / scaler.scale_))
    return coef, intercept


def best_threshold(y: npt.NDArray[np.int64], p: npt.NDArray[np.float64]) -> float:
    grid = np.round(np.arange(0.05, 0.951, 0.01), 2)
    scores = [balanced_accuracy_score(y, p >= t) for t in grid]
    return float(grid[int(np.argmax(scores))])


def figures(
    pairs: list[Pair], y: npt.NDArray[np.int64], p: npt.NDArray[np.float64], threshold: float
) -> dict[str, object]:
    """Dev AUC / balanced accuracy overall, per source, and positives against each negative kind."""
    out: dict[str, object] = {
        "n": len(y),
        "auc": round(float(roc_auc_score(y, p)), 4),
        "balanced_accuracy": round(float(balanced_accuracy_score(y, p >= threshold)), 4),
    }
    sources = sorted({q.source for q in pairs})
    kinds = sorted({q.kind for q in pairs} - {"positive"})
    for source in sources:
        m = np.array([q.source == source for q in pairs])
        if len(set(y[m])) == 2:
            out[f"auc[{source}]"] = round(float(roc_auc_score(y[m], p[m])), 4)
            out[f"bacc[{source}]"] = round(float(balanced_accuracy_score(y[m], p[m] >= threshold)), 4)
    for kind in kinds:
        m = np.array([q.kind in ("positive", kind) for q in pairs])
        out[f"auc[positive vs {kind}]"] = round(float(roc_auc_score(y[m], p[m])), 4)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--qa", type=int, default=3000, help="HaluEval QA questions to sample")
    parser.add_argument("--dialogue", type=int, default=2500, help="HaluEval dialogues to sample")
    parser.add_argument("--out", type=Path, default=REPO / "src/faithcheck/models/relevance/relevance_head.json")
    args = parser.parse_args(argv)
    rng = random.Random(SEED)

    groups = load_halueval(args.qa, args.dialogue, rng) + load_dialogue_grounding()
    print("groups:", Counter((g.source, g.split) for g in groups), file=sys.stderr)
    cache = EmbeddingCache(CACHE)
    texts = [g.question for g in groups] + [s for g in groups for s in g.positives + g.negatives] + list(FILLER)
    cache.fill(texts)
    pairs = build_pairs(groups, cache, rng)
    counts = Counter((p.split, p.kind) for p in pairs)
    print("pairs:", sorted(counts.items()), file=sys.stderr)

    scalars, inter = featurise(pairs, cache)
    y = np.array([p.label for p in pairs], dtype=np.int64)
    train = np.array([p.split == "train" for p in pairs])
    dev_pairs = [p for p in pairs if p.split == "dev"]
    heads: dict[str, object] = {}
    report: dict[str, object] = {}
    for name, x, c in (("full", np.hstack([scalars, inter]), 0.1), ("lexical", scalars, 1.0)):
        coef, intercept = fit_head(x[train], y[train], c)
        p_dev = 1.0 / (1.0 + np.exp(-(x[~train] @ coef + intercept)))
        threshold = best_threshold(y[~train], p_dev)
        features = list(SCALAR_FEATURES)
        if name == "full":
            features += [f"prod_{i}" for i in range(inter.shape[1] // 2)] + [
                f"diff_{i}" for i in range(inter.shape[1] // 2)
            ]
        heads[name] = {
            "features": features,
            "coef": [float(f"{w:.6g}") for w in coef],
            "intercept": float(f"{intercept:.6g}"),
            "threshold": threshold,
            "C": c,
        }
        report[name] = {"threshold": threshold, **figures(dev_pairs, y[~train], p_dev, threshold)}
        print(name, json.dumps(report[name], indent=1), file=sys.stderr)

    doc = {
        "format": "faithcheck-relevance-head/1",
        "trained_by": "training/relevance/train_relevance.py",
        "encoder": cache.encoder.name,
        "data": "halueval (MIT): halueval_qa, halueval_dialogue; dialogue_grounding (MIT): FaithDial audit, Q2",
        "counts": {f"{split}/{kind}": n for (split, kind), n in sorted(counts.items())},
        "dev": report,
        "heads": heads,
    }
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out} ({args.out.stat().st_size} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
