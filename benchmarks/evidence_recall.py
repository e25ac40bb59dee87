"""Evidence recall on WiCE dev: does what a verifier is shown contain a full supporting set?

WiCE (``../shared/benchmarks/wice_dev/``) pairs Wikipedia claims with the whole cited article, as
a list of sentences, and marks for each supported claim the alternative sets of sentences that
together support it. For every **supported** claim this script asks, per configuration: does one
verifier call see every sentence of at least one annotated set? And what does that cost in tokens?

Protocol. The article's sentences are joined with spaces into one passage (the form a RAG
context has); faithcheck splits it again with its own sentence splitter. An annotated sentence
counts as shown when at least half of its characters lie inside sentences the call shows (the
two splitters do not always cut at the same places). The claim is the whole WiCE claim sentence,
as ``Faithfulness.check_claims`` would receive it. Tokens: the shipped verifier model's tokenizer
for the model budgets, about 4 characters a token (the project's LLM estimate) for LLM budgets.

Configurations:

* ``windows, one at a time``: today's local verifiers, the top 3 three-sentence windows judged
  separately (a claim counts when one window alone holds a set);
* ``windows, together``: the same 3 windows seen at once (today's LLM judge);
* ``assembled @ B``: :func:`faithcheck._pipeline.verify.assembly.assemble` with a budget of B tokens, up to
  4 chunks (or 2, to see what fewer model calls cost); a claim counts when one chunk holds a set.
* ``baseline``: the baseline's own reading when its weights declare an ``evidence_budget`` (the
  shipped one's, else 256): each of its up to 4 chunks (LLM-estimated tokens) cut to the at most 4
  sentences that cover the claim (:func:`faithcheck._pipeline.verify.assembly.attribute`), which is all its
  features see; a claim counts when one such cut holds a set.

    python benchmarks/evidence_recall.py [--set dev|train] [--limit N]
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from tokenizers import Tokenizer

from faithcheck._llm.judge import estimate_tokens
from faithcheck._pipeline.verify.assembly import EvidenceSentence, TokenCounter, assemble, attribute, dedup_keys
from faithcheck._pipeline.verify.baseline import BaselineWeights
from faithcheck._pipeline.verify.evidence import ContextIndex, EvidenceWindow, build_context_index
from faithcheck._pipeline.verify.onnx_model import shipped_bundle
from faithcheck._pipeline.verify.units import MAX_ATTRIBUTED
from faithcheck._text.analysis import analyze

REPO = Path(__file__).resolve().parents[1]
WICE = REPO.parent / "shared" / "benchmarks" / "wice_dev" / "dev.jsonl"
WICE_TRAIN = REPO.parent / "shared" / "training" / "wice_nst" / "pairs.jsonl.gz"
MODEL_BUDGETS = (256, 512)
LLM_BUDGETS = (512, 1024, 2048, 4096)
LLM_JUDGE_LAYOUTS = ((1, 512), (6, 128))
"""(claims in one call, tokens of each chunk) under the default llm_evidence_budget of 2,048."""
_COVERED = 0.5


@dataclass
class Tally:
    claims: int = 0
    hits: int = 0
    tokens: list[int] = field(default_factory=list)
    calls: list[int] = field(default_factory=list)

    def add(self, hit: bool, tokens: int, calls: int) -> None:
        self.claims += 1
        self.hits += int(hit)
        self.tokens.append(tokens)
        self.calls.append(calls)

    def row(self, name: str) -> str:
        recall = 100.0 * self.hits / self.claims if self.claims else 0.0
        return (
            f"| {name} | {recall:.1f}% ({self.hits}/{self.claims}) | {statistics.mean(self.tokens):.0f} "
            f"| {statistics.median(self.tokens):.0f} | {statistics.mean(self.calls):.2f} |"
        )


def annotated_spans(sentences: Sequence[str]) -> tuple[str, list[tuple[int, int]]]:
    """The article as one passage, and each WiCE sentence's character span in it."""
    spans, parts, at = [], [], 0
    for s in sentences:
        spans.append((at, at + len(s)))
        parts.append(s)
        at += len(s) + 1
    return " ".join(parts), spans


def shown(index: ContextIndex, shown_sentences: set[int], span: tuple[int, int]) -> bool:
    """Whether at least half of an annotated sentence lies inside the shown sentences."""
    lo, hi = span
    if hi <= lo:
        return True
    inside = 0
    for i in shown_sentences:
        s = index.sentences[i][1]
        inside += max(0, min(hi, s.end) - max(lo, s.start))
    return inside >= _COVERED * (hi - lo)


def holds_a_set(
    index: ContextIndex, shown_sentences: set[int], sets: list[list[int]], spans: list[tuple[int, int]]
) -> bool:
    return any(all(shown(index, shown_sentences, spans[j]) for j in group if j < len(spans)) for group in sets)


def with_duplicates(sentences: Sequence[EvidenceSentence], keys: Sequence[str]) -> set[int]:
    """The indices of ``sentences`` (shown by a chunk, or cut from one), with every duplicate of
    one of them (dedup keeps one)."""
    present = {keys[s.index] for s in sentences}
    return {i for i, key in enumerate(keys) if key in present}


def wice_dev() -> list[dict[str, object]]:
    rows = [json.loads(line) for line in WICE.read_text(encoding="utf-8").splitlines()]
    return [r for r in rows if r["label"] == "supported" and r["supporting_sentences"]]


def wice_train() -> list[dict[str, object]]:
    """wice_nst: each row's ``supporting_sentences`` support the sub-claim but for one detail."""
    rows = []
    with gzip.open(WICE_TRAIN, "rt", encoding="utf-8") as fh:
        for line in fh:
            pair = json.loads(line)
            meta = pair["meta"]
            evidence = {"claim": pair["hypothesis"], "evidence": meta["article_sentences"]}
            rows.append({**evidence, "supporting_sentences": meta["supporting_sentences"]})
    return [r for r in rows if r["supporting_sentences"]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=None, help="only the first N supported claims")
    parser.add_argument(
        "--set",
        choices=["dev", "train"],
        default="dev",
        help="dev: WiCE dev, the benchmark (default); train: the WiCE train sub-claims of "
        "../shared/training/wice_nst (their supported part), on which the assembly was designed",
    )
    args = parser.parse_args(argv)
    supported = (wice_dev() if args.set == "dev" else wice_train())[: args.limit]
    tokenizer = Tokenizer.from_file(str(shipped_bundle() / "tokenizer.json"))

    def model_tokens(text: str) -> int:
        return len(tokenizer.encode(text, add_special_tokens=False).ids)

    counters: dict[str, TokenCounter] = {"model": model_tokens, "llm": estimate_tokens}
    configs: list[tuple[str, str, int, int]] = [("model", f"assembled @ {b} model tokens", b, 4) for b in MODEL_BUDGETS]
    configs.append(("model", "assembled @ 256 model tokens, ≤ 2 chunks", 256, 2))
    configs += [("llm", f"assembled @ {b} LLM tokens", b, 4) for b in LLM_BUDGETS]
    # the LLM judge's layout (verify.needs.EvidenceNeeds.claim_budget): a call's claims share its budget,
    # each claim's chunks (up to 4) are listed together, so the union of one claim's chunks counts
    judge_layouts = {
        f"LLM judge, {n} claim(s) a call: 4 chunks of {size} seen together": size for n, size in LLM_JUDGE_LAYOUTS
    }
    tallies: dict[str, Tally] = {"windows, one at a time": Tally(), "windows, together": Tally()}
    tallies.update({name: Tally() for _, name, *_ in configs})
    tallies.update({name: Tally() for name in judge_layouts})
    baseline_budget = BaselineWeights.load().evidence_budget or 256
    baseline_name = f"baseline: ≤ 4 chunks @ {baseline_budget} LLM tokens, each cut to its covering sentences"
    tallies[baseline_name] = Tally()
    for n, row in enumerate(supported, start=1):
        passage, spans = annotated_spans(row["evidence"])
        index = build_context_index([passage], "en")
        keys = dedup_keys(index)
        scores = index.lexical_scores([row["claim"]])[0]
        windows = index.select_all([row["claim"]], None, 3)[0]
        window_sets = [window_sentences(index, w) for w in windows]
        one = any(holds_a_set(index, ws, row["supporting_sentences"], spans) for ws in window_sets)
        together = holds_a_set(index, set().union(*window_sets), row["supporting_sentences"], spans)
        window_tokens = [model_tokens(w.text) for w in windows]
        tallies["windows, one at a time"].add(one, sum(window_tokens), len(windows))
        tallies["windows, together"].add(together, estimate_tokens(" ".join(w.text for w in windows)), 1)
        per_sentence = {kind: [count(s.text) for _, s in index.sentences] for kind, count in counters.items()}

        # the claim's assembly under each token counter; configurations differ in budget and chunks
        assembled_by = {
            kind: partial(
                assemble,
                index,
                row["claim"],
                scores,
                count_tokens=count,
                keys=keys,
                sentence_tokens=per_sentence[kind],
            )
            for kind, count in counters.items()
        }
        for kind, name, budget, max_chunks in configs:
            chunks = assembled_by[kind](budget=budget, max_chunks=max_chunks)
            hit = any(
                holds_a_set(index, with_duplicates(c.sentences, keys), row["supporting_sentences"], spans)
                for c in chunks
            )
            tallies[name].add(hit, sum(c.tokens for c in chunks), len(chunks))
        for name, size in judge_layouts.items():
            chunks = assembled_by["llm"](budget=size)
            together = set().union(*(with_duplicates(c.sentences, keys) for c in chunks)) if chunks else set()
            hit = holds_a_set(index, together, row["supporting_sentences"], spans)
            tallies[name].add(hit, sum(c.tokens for c in chunks), 1)
        chunks = assembled_by["llm"](budget=baseline_budget)
        claim = analyze(row["claim"], "en")
        cuts = [attribute(c, claim, "en", MAX_ATTRIBUTED) for c in chunks]
        hit = any(holds_a_set(index, with_duplicates(cut, keys), row["supporting_sentences"], spans) for cut in cuts)
        tallies[baseline_name].add(hit, sum(estimate_tokens(" ".join(s.text for s in cut)) for cut in cuts), len(cuts))
        if n % 20 == 0:
            print(f"  {n}/{len(supported)} claims", file=sys.stderr)
    what = "WiCE dev" if args.set == "dev" else "WiCE train sub-claims (wice_nst)"
    print(f"Evidence recall on {what}: {len(supported)} claims (a full supporting set inside one call)\n")
    print("| configuration | recall | tokens per claim (mean) | (median) | calls per claim |")
    print("|---|---|---|---|---|")
    for name, tally in tallies.items():
        print(tally.row(name))
    return 0


def window_sentences(index: ContextIndex, window: EvidenceWindow) -> set[int]:
    """The sentences of a window: its matched sentence and the neighbours its text includes."""
    passage = window.passage_index
    centre = next(
        i
        for i, (p, s) in enumerate(index.sentences)
        if p == passage and s.start == window.start and s.end == window.end
    )
    lo = index.passages[passage].find(window.text)
    hi = lo + len(window.text)
    return {
        i
        for i in range(max(0, centre - 1), min(len(index.sentences), centre + 2))
        if index.sentences[i][0] == passage and lo <= index.sentences[i][1].start and index.sentences[i][1].end <= hi
    } | {centre}


if __name__ == "__main__":
    raise SystemExit(main())
