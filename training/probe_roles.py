#!/usr/bin/env python3
"""Can a verifier tell who did what? Two probes of name swaps on training data (issue 26).

The slot check (``faithcheck._pipeline.verify.slots``) catches a swapped name where the sentence
that states the rest of the claim names someone else in its place; it misses a name that the
sentence states in another role ("ranked behind Bar Refaeli, but ahead of ... Shlomit Malka"). This
script measures two ways of telling roles apart that need no parser, on the swaps the shipped
default misses, so that a better model (a GPU run of ``training/gpu/``) can be probed the same way.

Data (never ``../shared/benchmarks``): the entailed pairs of ``--sets`` in ``../shared/training``
(``benchmarks/contrast.py``'s ``training_originals``, seed 26, the first ``--limit`` of each), and
each one's name swaps (``make_edits``, kind ``name_swap``: a name replaced by another name of the
premise). The baseline verifier checks each original and each swap; kept are the originals it
accepts and, of these, the swaps it accepts too (the misses). Evidence: the sentences its verdict
rests on (``evidence_set``).

1. **A learned name-role scorer.** For each name of a claim (with at least three other words), 12
   features against the evidence sentence sharing most of the claim's other words: that share;
   whether that sentence and the evidence name the claim's name; the share of the claim's words
   around the name found around it there, and around the best other name there; how many words
   right beside the name match outward (up to three each side), for it and the best other name;
   a pronoun or a description in the sentence; the number of other names. Logistic regression
   (numpy, L2, classes balanced), 10-fold cross-validation by original; a claim's score is its
   names' highest.
2. **A counterfactual swap through a cross-encoder** (``--bundle``, default the shipped model):
   p(supported) of the claim against its evidence, and of the claim with each of its names
   replaced by each other name of the evidence; a claim's score is the largest rise.

For each, the share of missed swaps caught when at most 0.5%, 1% or 2% of the accepted originals
are rejected (a check that costs more originals than that would lose the originals target).

    python training/probe_roles.py [--sets fever_nli,halueval,factcg_cg2c_doc,covid_fact,qags,fib]
                                    [--limit 800] [--bundle DIR] [--write-cases FILE]

``--write-cases FILE`` writes the cases (JSON lines: group, swapped, claim, evidence) and stops: the
input of ``probe_parser_roles.py``, a third probe that needs a parser's own environment.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import sys
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import contrast  # noqa: E402

from faithcheck import Faithfulness  # noqa: E402
from faithcheck._pipeline.verify import slots  # noqa: E402
from faithcheck._pipeline.verify.onnx_model import OnnxVerifier, shipped_bundle  # noqa: E402
from faithcheck._text.analysis import analyze  # noqa: E402

SEED = 26
FOLDS = 10
REJECTED = (0.005, 0.01, 0.02)
_BESIDE = 3


@dataclass(frozen=True)
class Case:
    """A claim the baseline accepts, with the evidence it rests on: an original or a missed swap."""

    group: int
    swapped: bool
    claim: str
    evidence: tuple[str, ...]


def cases(sets: list[str], limit: int) -> list[Case]:
    """The originals with a name swap (the first ``limit`` of each set) that the baseline accepts,
    and their swaps it accepts too; the edits are ``contrast.py``'s, seeded as it seeds them."""
    verifier = Faithfulness(verifier="baseline", lang="en")
    out: list[Case] = []
    taken: Counter[str] = Counter()
    for group, original in enumerate(contrast.training_originals(sets, SEED)):
        if taken[original.set] >= limit:
            continue
        swaps = [e.edited for e in contrast.edits_of(original, SEED) if e.kind == "name_swap"]
        if not swaps:
            continue
        taken[original.set] += 1
        claims = [original.claim, *swaps]
        verdicts = verifier.check_claims(claims, list(original.passages))
        if not verdicts[0].supported:
            continue
        for k, (claim, verdict) in enumerate(zip(claims, verdicts, strict=True)):
            if verdict.supported:
                out.append(Case(group, k > 0, claim, tuple(e.quote for e in verdict.evidence_set)))
    return out


def write_cases(data: list[Case], path: Path) -> None:
    """The cases as JSON lines, for probes that run outside the package's environment
    (``probe_parser_roles.py``)."""
    with path.open("w", encoding="utf-8") as out:
        for case in data:
            out.write(json.dumps(dataclasses.asdict(case)) + "\n")


def _beside(claim_words: tuple[list[str], list[str]], words: list[str], first: int, last: int) -> int:
    """Words right beside a name that match the claim's beside its name, outward from it."""
    before, after = claim_words
    theirs_before, theirs_after = words[max(0, first - _BESIDE) : first], words[last : last + _BESIDE]
    left = 0
    while left < min(len(before), len(theirs_before)) and before[-1 - left] == theirs_before[-1 - left]:
        left += 1
    right = 0
    while right < min(len(after), len(theirs_after)) and after[right] == theirs_after[right]:
        right += 1
    return left + right


def name_features(claim: str, evidence: Sequence[str]) -> list[list[float]]:
    """One feature row per name of ``claim`` (see the module docstring)."""
    rows: list[list[float]] = []
    if not evidence:
        return rows
    terms = analyze(claim, "en").terms
    tokens = list(slots._PLACE_TOKEN.finditer(claim))
    starts, words = [m.start() for m in tokens], [m.group().lower() for m in tokens]
    features = [analyze(s, "en") for s in evidence]
    for name, start, end in slots._placed_names(claim, "en"):
        frame = terms - name.stems
        if len(frame) < slots._NAME_FRAME:
            continue
        best = max(range(len(evidence)), key=lambda i: len(frame & features[i].terms))
        sentence = evidence[best]
        role = slots._around(claim, start, end, "en") - name.stems
        first, last = slots.bisect_left(starts, start), slots.bisect_left(starts, end)
        beside = (words[max(0, first - _BESIDE) : first], words[last : last + _BESIDE])
        its_tokens = list(slots._PLACE_TOKEN.finditer(sentence))
        its_starts, its_words = [m.start() for m in its_tokens], [m.group().lower() for m in its_tokens]
        own: list[tuple[float, int]] = []
        others: list[tuple[float, int]] = []
        for other, o_start, o_end in slots._placed_names(sentence, "en"):
            fit = len(role & slots._around(sentence, o_start, o_end, "en")) / max(1, len(role))
            o1, o2 = slots.bisect_left(its_starts, o_start), slots.bisect_right(its_starts, o_end - 1)
            match = _beside(beside, its_words, o1, o2)
            if other.stems & name.stems or slots._alias(name, other, "en"):
                own.append((fit, match))
            elif slots._rival(name, other, terms, "en"):
                others.append((fit, match))
        described = slots._described(sentence, terms, "en") or bool(slots._PRONOUNS & set(features[best].tokens))
        rows.append(
            [
                len(frame & features[best].terms) / len(frame),
                float(slots._names_head(name, sentence, "en")),
                float(any(slots._mentions(name, s, "en") for s in evidence)),
                max((f for f, _ in own), default=0.0),
                max((f for f, _ in others), default=0.0),
                float(max((m for _, m in own), default=0)),
                float(max((m for _, m in others), default=0)),
                float(bool(own)),
                float(bool(others)),
                float(described),
                float(len(others)),
                math.log(len(frame)),
            ]
        )
    return rows


def fit_logistic(x: npt.NDArray[np.float64], y: npt.NDArray[np.float64], l2: float = 1.0) -> npt.NDArray[np.float64]:
    """Weights (bias last) by Newton's method, the two classes weighted alike."""
    xb = np.hstack([x, np.ones((len(x), 1))])
    weight = np.where(y == 1, 0.5 / max(1.0, y.sum()), 0.5 / max(1.0, (1 - y).sum())) * len(y)
    w = np.zeros(xb.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-xb @ w))
        grad = xb.T @ (weight * (p - y)) + l2 * w
        hess = (xb * (weight * p * (1 - p))[:, None]).T @ xb + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def scorer_scores(data: list[Case]) -> npt.NDArray[np.float64]:
    """Each case's cross-validated score: its names' highest."""
    rows, labels, owner = [], [], []
    for k, case in enumerate(data):
        for row in name_features(case.claim, case.evidence):
            rows.append(row)
            labels.append(float(case.swapped))
            owner.append(k)
    x, y, own = np.array(rows), np.array(labels), np.array(owner)
    fold = np.array([data[k].group % FOLDS for k in own])
    mean, std = x.mean(axis=0), x.std(axis=0) + 1e-9
    x = (x - mean) / std
    p = np.zeros(len(y))
    for f in range(FOLDS):
        w = fit_logistic(x[fold != f], y[fold != f])
        p[fold == f] = 1 / (1 + np.exp(-np.hstack([x[fold == f], np.ones(((fold == f).sum(), 1))]) @ w))
    scores = np.full(len(data), -np.inf)
    np.maximum.at(scores, own, p)
    return scores


def swap_scores(data: list[Case], bundle: Path) -> npt.NDArray[np.float64]:
    """Each case's largest rise of p(supported) when one of its names becomes another of the evidence."""
    model = OnnxVerifier.from_dir(bundle)
    pairs: list[tuple[str, str]] = []
    spans: list[tuple[int, int]] = []
    for case in data:
        premise = " ".join(case.evidence)
        first = len(pairs)
        pairs.append((premise, case.claim))
        terms = analyze(case.claim, "en").terms
        others = {o.text: o for s in case.evidence for o in slots._names(s, "en")}
        for name, start, end in slots._placed_names(case.claim, "en"):
            if len(terms - name.stems) >= slots._NAME_FRAME:
                for other in others.values():
                    if slots._rival(name, other, terms, "en"):
                        pairs.append((premise, case.claim[:start] + other.text + case.claim[end:]))
        spans.append((first, len(pairs)))
    p = model.probabilities(pairs)[:, model.calibration.label_order.index("supported")]
    return np.array([p[a + 1 : b].max() - p[a] if b > a + 1 else -np.inf for a, b in spans])


def report(title: str, data: list[Case], scores: npt.NDArray[np.float64]) -> None:
    swapped = np.array([c.swapped for c in data])
    originals, misses = np.sort(scores[~swapped])[::-1], scores[swapped]
    print(f"{title}: {len(originals)} accepted originals, {len(misses)} missed swaps")
    for share in REJECTED:
        k = int(share * len(originals))
        cut = originals[k] if k < len(originals) else -np.inf
        caught = np.mean(misses > cut) * 100 if len(misses) else 0.0
        print(f"  originals rejected {share * 100:.1f}% ({k}): missed swaps caught {caught:.1f}%")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sets", default="fever_nli,halueval,factcg_cg2c_doc,covid_fact,qags,fib")
    ap.add_argument("--limit", type=int, default=800, help="originals read from each set")
    ap.add_argument("--bundle", type=Path, default=None, help="verifier bundle for the swap probe (default: shipped)")
    ap.add_argument(
        "--write-cases", type=Path, default=None, help="write the cases here (JSON lines) instead of probing"
    )
    args = ap.parse_args(argv)
    data = cases(args.sets.split(","), args.limit)
    if args.write_cases:
        write_cases(data, args.write_cases)
        print(f"{len(data)} cases written to {args.write_cases}")
        return 0
    report("learned name-role scorer (10-fold CV)", data, scorer_scores(data))
    report("counterfactual swap", data, swap_scores(data, args.bundle or shipped_bundle()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
