"""Would a soft, contextual word alignment help the baseline? 10-fold cross-validation, as in
``explore_baseline_features.py``, of coverage, similarity and missing number with features from
the sentence encoder's *token* vectors added (BERTScore-style recall): for each of the claim's
word pieces, the best cosine with any word piece of the evidence; the evidence's sentences are
encoded one at a time, as the package encodes candidate sentences.

Candidates: the mean of that best cosine over the claim's content word pieces (not a stopword,
not punctuation, not ``##`` continuations alone), the same over every word piece, and the lowest
one (the claim's worst-matched content word). Beside the overall figure it prints each group of
sets (held-out predictions pooled over the folds): the short-claim sets, dialogue, and the two
document-level sets. The outcome (the best overall configuration built, benchmarked and not kept,
which its document-level columns foretold) is in ``benchmarks/RESULTS.md``, "The baseline's word
alignment", and ``training/README.md``, "Session 12".

    python training/explore_token_alignment.py [--evidence-budget 256] [--cache FILE]   # ~20 min; 1 from the cache
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from explore_baseline_features import cross_validate_by_set, exploration

from faithcheck import Claim, Faithfulness
from faithcheck._models.embedding import default_encoder, token_batches
from faithcheck._models.onnx_runtime import pad_batch
from faithcheck._pipeline.extract import split_sentences
from faithcheck._pipeline.verify.baseline import BaselineVerifier, BaselineWeights, window_features
from faithcheck._pipeline.verify.cues import find_cue
from faithcheck._text.analysis import analyze
from faithcheck._text.lexicon import get_lexicon

BASE = ["coverage", "similarity", "missing_number"]
EXTRA = ["soft_content", "soft_all", "soft_min"]
Features = dict[str, float]
Pieces = list[tuple[Features, bool]]


class TokenVectors:
    """Unit-norm contextual vectors of each text's word pieces (without [CLS]/[SEP]), with a mask
    of the content ones; cached per text."""

    def __init__(self) -> None:
        encoder = default_encoder()
        self.session, self.tokenizer = encoder._session, encoder._tokenizer
        self.stop = get_lexicon("en").stopwords
        self.cache: dict[str, tuple[np.ndarray, np.ndarray]] = {}

    def add(self, texts: list[str]) -> None:
        todo = [t for t in dict.fromkeys(texts) if t not in self.cache]
        encodings = self.tokenizer.encode_batch(todo)
        for idx in token_batches([len(e.ids) for e in encodings]):
            ids, mask = pad_batch([encodings[i] for i in idx])
            feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
            hidden = self.session.run(None, feeds)[0]
            for row, i in enumerate(idx):
                n = int(mask[row].sum())
                vec = hidden[row, 1 : n - 1].astype(np.float32)
                vec /= np.clip(np.linalg.norm(vec, axis=1, keepdims=True), 1e-9, None)
                tokens = encodings[i].tokens[1 : n - 1]
                content = np.array(
                    [t.isalnum() and not t.startswith("##") and t.lower() not in self.stop for t in tokens], dtype=bool
                )
                self.cache[todo[i]] = (vec, content)

    def get(self, text: str) -> tuple[np.ndarray, np.ndarray]:
        return self.cache[text]


def soft_features(claim: tuple[np.ndarray, np.ndarray], evidence: list[np.ndarray]) -> Features:
    vec, content = claim
    if not evidence or not len(vec):
        return {"soft_content": 0.0, "soft_all": 0.0, "soft_min": 0.0}
    best = (vec @ np.concatenate(evidence).T).max(axis=1)
    chosen = best[content] if content.any() else best
    return {"soft_content": float(chosen.mean()), "soft_all": float(best.mean()), "soft_min": float(chosen.min())}


def featurize(pairs: list[dict[str, object]], evidence_budget: int) -> list[Pieces]:
    verifier = BaselineVerifier(BaselineWeights(0.0, 0.0, 0.0, 0.0, evidence_budget=evidence_budget))
    metric = Faithfulness(verifier_backend=verifier)
    tokens = TokenVectors()
    out: list[Pieces] = []
    for n, pair in enumerate(pairs, start=1):
        premise, text = str(pair["premise"]), str(pair["hypothesis"])
        (check,) = metric.select_evidence([Claim(id="c1", text=text, start=0, end=len(text))], "", [premise], lang="en")
        claim = analyze(text, "en")
        units = verifier.units(check, "en")
        sentences = [[s.text for s in split_sentences(u.window.text, "en")] for u in units]
        tokens.add([text, *(s for group in sentences for s in group)])
        pieces: Pieces = []
        for unit, group in zip(units, sentences, strict=True):
            cov, sim, missing = window_features(claim, unit.window, "en")
            features = {"coverage": cov, "similarity": sim, "missing_number": missing}
            features |= soft_features(tokens.get(text), [tokens.get(s)[0] for s in group])
            pieces.append((features, find_cue(claim, unit.window, check.passages, "en") is not None))
        out.append(pieces)
        if len(tokens.cache) > 200_000:
            tokens.cache.clear()
        if n % 500 == 0:
            print(f"  featurized {n}/{len(pairs)}", file=sys.stderr, flush=True)
    return out


def main() -> int:
    pairs, y, folds, pieces = exploration(__doc__.splitlines()[0], featurize)
    configurations: dict[str, Callable[[Features], list[float]]] = {
        "coverage, similarity, missing number": lambda f: [f[n] for n in BASE]
    }
    for extra in EXTRA:
        configurations[f"+ {extra}"] = lambda f, extra=extra: [f.get(n, 0.0) for n in [*BASE, extra]]
    configurations["+ soft_content, soft_min"] = lambda f: [f.get(n, 0.0) for n in [*BASE, "soft_content", "soft_min"]]
    for name, names in {
        "soft_content instead of coverage": ["soft_content", "similarity", "missing_number"],
        "soft_min instead of coverage": ["soft_min", "similarity", "missing_number"],
        "soft_content, soft_min instead of coverage": ["soft_content", "soft_min", "similarity", "missing_number"],
        "all six": [*BASE, *EXTRA],
    }.items():
        configurations[name] = lambda f, names=names: [f.get(n, 0.0) for n in names]
    sets = np.array([str(p["set"]) for p in pairs])
    groups = np.where(np.isin(sets, ["factcg_cg2c_doc", "wice_nst", "dialogue_grounding"]), sets, "the 7 other sets")
    names = ["the 7 other sets", "dialogue_grounding", "factcg_cg2c_doc", "wice_nst"]
    print("| features | 10-fold CV balanced accuracy (± standard error) | " + " | ".join(names) + " |")
    print("|---|---:|" + "---:|" * len(names))
    for name, vector in configurations.items():
        mean, se, by_set = cross_validate_by_set(pieces, y, folds, vector, groups)  # type: ignore[arg-type]
        print(f"| {name} | {mean:.2f} ± {se:.2f} | " + " | ".join(f"{by_set[n]:.1f}" for n in names) + " |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
