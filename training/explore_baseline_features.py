"""Would more lexical features help the baseline? 10-fold cross-validation of the logistic fit of
``fit_baseline.py`` with each candidate feature added to coverage, similarity and missing number
(and all of them, and polynomial terms of the three): an exploration behind a negative result in
``training/README.md`` ("Session 10"), not something that ships.

Same pairs, pieces of evidence (windows and chunks of ``--evidence-budget`` tokens, through
``Faithfulness.select_evidence`` and ``BaselineVerifier.units``), folds (premise hash) and rule
(supported iff some piece without a cue reaches the threshold; the threshold chosen on the training
folds) as ``fit_baseline.py --folds 10``; features are standardised on the training folds.

Candidates: coverage weighted by word rarity (``8 - Zipf frequency`` from ``wordfreq``, which must
be installed: ``pip install wordfreq``), the number of missing content stems, the rarity of the
rarest missing one, the claim's number of content stems, entity coverage, coverage of the claim's
ordered stem pairs (within 4 tokens), the evidence's length, and whether the piece is a window.

    python training/explore_baseline_features.py [--evidence-budget 256] [--cache FILE]   # ~5 min
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fit_baseline import balanced_accuracy, best_threshold, cached, fit_logistic, load_pairs, premise_hash

from faithcheck import Claim, Faithfulness
from faithcheck._pipeline.verify.baseline import BaselineVerifier, BaselineWeights, window_features
from faithcheck._pipeline.verify.cues import find_cue
from faithcheck._text.analysis import TextFeatures, _stem, analyze
from faithcheck._text.lexicon import get_lexicon

BASE = ["coverage", "similarity", "missing_number"]
EXTRA = [
    "rarity_coverage",
    "missing_stems",
    "rarest_missing",
    "claim_stems",
    "entity_coverage",
    "pair_coverage",
    "evidence_length",
    "is_window",
]
Features = dict[str, float]
Pieces = list[tuple[Features, bool]]


def stem_sequence(text: TextFeatures) -> list[str | None]:
    """The content stem of each token of ``text`` (``None`` for the others), in order."""
    lex = get_lexicon("en")
    stems: list[str | None] = []
    for token in text.tokens:
        stem = None if token in lex.stopwords or len(token) <= 1 else _stem(token, lex.stemmer)
        stems.append(stem if stem in text.content else None)
    return stems


def piece_features(
    claim: TextFeatures, rarity: dict[str, float], piece: TextFeatures, base: tuple[float, ...]
) -> Features:
    """Every candidate feature of ``claim`` against one piece of evidence (``base``: the shipped three;
    ``rarity``: each claim stem's weight, 8 - Zipf frequency of its most common word form)."""
    cov, sim, missing_number = base
    present, missing = claim.content & piece.content, claim.content - piece.content
    weights = {s: rarity.get(s, 8.0) for s in claim.content}
    claim_stems = [s for s in stem_sequence(claim) if s]
    pairs = {(a, b) for a, b in itertools.pairwise(claim_stems) if a != b}
    where: dict[str, list[int]] = {}
    for i, s in enumerate(stem_sequence(piece)):
        if s:
            where.setdefault(s, []).append(i)
    found = sum(1 for a, b in pairs if any(0 < j - i <= 4 for i in where.get(a, []) for j in where.get(b, [])))
    tokens = set(piece.tokens)
    return {
        "coverage": cov,
        "similarity": sim,
        "missing_number": missing_number,
        "rarity_coverage": sum(weights[s] for s in present) / sum(weights.values()) if weights else 1.0,
        "missing_stems": float(len(missing)),
        "rarest_missing": max((weights[s] for s in missing), default=0.0),
        "claim_stems": float(len(claim.content)),
        "entity_coverage": len({e for e in claim.entities if e in tokens}) / len(claim.entities)
        if claim.entities
        else 1.0,
        "pair_coverage": found / len(pairs) if pairs else 1.0,
        "evidence_length": math.log1p(len(piece.tokens)),
    }


def featurize(pairs: list[dict[str, object]], evidence_budget: int) -> list[Pieces]:
    import wordfreq

    verifier = BaselineVerifier(BaselineWeights(0.0, 0.0, 0.0, 0.0, evidence_budget=evidence_budget))
    metric = Faithfulness(verifier_backend=verifier)
    lex = get_lexicon("en")
    out: list[Pieces] = []
    for n, pair in enumerate(pairs, start=1):
        premise, text = str(pair["premise"]), str(pair["hypothesis"])
        (check,) = metric.select_evidence([Claim(id="c1", text=text, start=0, end=len(text))], "", [premise], lang="en")
        claim = analyze(text, "en")
        rarity: dict[str, float] = {}
        for token in claim.tokens:
            if token not in lex.stopwords and len(token) > 1:
                stem = _stem(token, lex.stemmer)
                rarity[stem] = min(rarity.get(stem, 8.0), max(0.5, 8.0 - wordfreq.zipf_frequency(token, "en")))
        units = verifier.units(check, "en")
        pieces: Pieces = []
        for k, unit in enumerate(units):
            base = window_features(claim, unit.window, "en")
            features = piece_features(claim, rarity, analyze(unit.window.text, "en"), base)
            features["is_window"] = float(k < len(check.windows))
            pieces.append((features, find_cue(claim, unit.window, check.passages, "en") is not None))
        out.append(pieces)
        if n % 1000 == 0:
            print(f"  featurized {n}/{len(pairs)}", file=sys.stderr, flush=True)
    return out


def cross_validate(
    pieces: list[Pieces], y: np.ndarray, folds: np.ndarray, vector: Callable[[Features], list[float]]
) -> tuple[float, float]:
    """Mean held-out balanced accuracy and its standard error, as ``fit_baseline.cross_validate``
    computes them for the shipped three features, here for any ``vector`` of a piece's features."""
    mean, se, _ = cross_validate_by_set(pieces, y, folds, vector, np.zeros(len(y), dtype=int))
    return mean, se


def cross_validate_by_set(
    pieces: list[Pieces],
    y: np.ndarray,
    folds: np.ndarray,
    vector: Callable[[Features], list[float]],
    sets: np.ndarray,
) -> tuple[float, float, dict[str, float]]:
    """:func:`cross_validate`, and for each value of ``sets`` the figure of its pairs' held-out
    predictions pooled over the folds (balanced accuracy; the accuracy for a set of one label, such
    as ``wice_nst``'s rejections): the training mix is mostly short NLI, so the overall figure can
    hide what a feature does to document-level claims."""
    empty = {name: 0.0 for name in BASE + EXTRA} | {"missing_number": 1.0}

    def chosen(p: Pieces) -> Features:  # the piece the fit learns from: most covering + similar
        return max((f for f, _ in p), key=lambda f: f["coverage"] + f["similarity"], default=empty)

    x = np.array([vector(chosen(p)) for p in pieces])
    rows = [np.array([vector(f) for f, _ in p]) if p else np.zeros((0, x.shape[1])) for p in pieces]
    flags = [np.array([cue for _, cue in p], dtype=bool) for p in pieces]
    accuracies = []
    predicted = np.zeros(len(y))
    for fold in np.unique(folds):
        train = folds != fold
        mean, sd = x[train].mean(axis=0), x[train].std(axis=0) + 1e-9
        w = fit_logistic((x[train] - mean) / sd, y[train], steps=2000)

        def score(i: int, w: np.ndarray = w, mean: np.ndarray = mean, sd: np.ndarray = sd) -> float:
            if not len(rows[i]):
                return -1.0
            p = 1.0 / (1.0 + np.exp(-(w[0] + ((rows[i] - mean) / sd) @ w[1:])))[~flags[i]]
            return float(p.max()) if len(p) else -1.0

        threshold, _ = best_threshold(y[train], np.array([score(i) for i in np.flatnonzero(train)]))
        held = np.array([score(i) for i in np.flatnonzero(~train)])
        predicted[~train] = (held >= threshold).astype(float)
        accuracies.append(balanced_accuracy(y[~train], predicted[~train]))
    by_set = {}
    for name in np.unique(sets):
        mine = sets == name
        both = len(set(y[mine])) == 2
        by_set[str(name)] = 100 * (
            balanced_accuracy(y[mine], predicted[mine]) if both else float((predicted[mine] == y[mine]).mean())
        )
    return 100 * float(np.mean(accuracies)), 100 * float(np.std(accuracies) / np.sqrt(len(accuracies))), by_set


def exploration(
    description: str, make: Callable[[list[dict[str, object]], int], list[Pieces]]
) -> tuple[list[dict[str, object]], np.ndarray, np.ndarray, list[Pieces]]:
    """The pairs, labels, folds and pieces an exploration script cross-validates on: its command
    line (``--evidence-budget``, ``--cache``), ``fit_baseline.py``'s pairs with ``--doc-sets``, the
    premise-hash folds, and ``make(pairs, evidence_budget)``'s features (cached)."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--evidence-budget", type=int, default=256)
    parser.add_argument("--cache", type=Path, default=None, help="pickle of the features (reused when present)")
    args = parser.parse_args()
    pairs, _ = load_pairs(1000, 13, True)  # fit_baseline.py's defaults with --doc-sets
    y = np.array([p["label"] for p in pairs], dtype=np.float64)
    folds = np.array([premise_hash(p) % 10 for p in pairs])
    pieces: list[Pieces] = cached(args.cache, lambda: make(pairs, args.evidence_budget))
    return pairs, y, folds, pieces


def main() -> int:
    _, y, folds, pieces = exploration(__doc__.splitlines()[0], featurize)
    configurations: dict[str, Callable[[Features], list[float]]] = {
        "coverage, similarity, missing number": lambda f: [f[n] for n in BASE]
    }
    for extra in EXTRA:
        configurations[f"+ {extra}"] = lambda f, extra=extra: [f[n] for n in [*BASE, extra]]
    configurations["+ all of them"] = lambda f: [f[n] for n in BASE + EXTRA]
    configurations["+ coverage×similarity, squares"] = lambda f: [
        *(f[n] for n in BASE),
        f["coverage"] * f["similarity"],
        f["coverage"] ** 2,
        f["similarity"] ** 2,
    ]
    print("| features | 10-fold CV balanced accuracy (± standard error) |\n|---|---:|")
    for name, vector in configurations.items():
        mean, se = cross_validate(pieces, y, folds, vector)
        print(f"| {name} | {mean:.2f} ± {se:.2f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
