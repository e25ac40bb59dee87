#!/usr/bin/env python3
"""Train the verifier from ``pack/`` on one GPU within a time budget, export the bundle.

Run by ``run.sh`` on the device machine (python3 there has torch, transformers, onnx and
onnxruntime; nothing is fetched). Here it runs the same way on CPU for the smoke test
(``FAITHCHECK_GPU_SMOKE=1 bash training/gpu/run.sh``).

1. Check the pack's files against ``pack/manifest.json`` (sha256), rebuild the fp32 trimmed base
   from its 4-bit blocks (``packio.py``), put the 3-way head on it (``BertForSequenceClassification``
   as ``train.py`` does; word embeddings frozen, so the exported embedding stays the base's).
   With ``--init-bundle`` (a folder with ``model.onnx`` and ``tokenizer.json``: the shipped
   verifier, which travels in the checkout) the run starts from that bundle's weights instead, all
   of its layers, pooler and head, rebuilt from its int8 graph (``bundle_base.classifier_state``)
   and checked against it (argmax agreement on ``--n-parity`` dev pairs, at least
   ``--min-parity``) before any step. Its tokenizer must be the pack's (``pack.py``'s default).
2. Train on all packed train pairs: length-bucketed batches of at most ``--batch-tokens`` padded
   tokens (``--max-batch`` rows), bf16 autocast on CUDA, fused AdamW, ``train.py``'s loss
   (binary_only rows supported-vs-rest). The learning rate warms up, then decays linearly with
   whichever runs out first, the steps (``--epochs``) or the time: training stops ``--reserve-s``
   before ``--deadline-s`` (counted from ``--t0``, the command's start), so the export always has
   its time. Each edit (slot and edit negatives) is put beside its original in its batch, and
   ``--pair-weight`` times ``train.py``'s hinge on the supported log-odds asks the original to beat
   it by ``--pair-margin`` (the paired objective of ``train.py --pair-originals``; on CPU it was
   the one that learned the edits without losing the dev rows). ``--edits-binary`` trains the edits
   as supported-vs-not only: a model taught one-word edits as contradictions read paraphrases
   that add something as contradicted (training/README.md, the second stage on CPU).
3. Export as ``export_onnx.py`` does: ONNX (opset 17), int8 dynamic quantization (per channel, 7-bit
   weights, the FFN output MatMul of the lowest 2 layers kept fp32), argmax parity against torch,
   temperature and pair threshold on the packed dev pairs' int8 logits.
4. Write to ``--out``: ``model.onnx`` cut into ``--part-mib`` parts (``model.onnx.partNN``),
   ``tokenizer.json``, ``calibration.json`` and ``bundle_manifest.json`` (sha256 of every part
   and of the whole model, metrics, timings). ``unpack.py`` puts the bundle back together here.
   ``--save-state`` also keeps the trained fp32 weights as ``<work>/state.pt`` (for ``mix_bundles.py``).
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import lzma
import math
import os
import random
import re
import shutil
import sys
import time
from pathlib import Path

import numpy as np
import torch

HERE = Path(__file__).resolve().parent
TRAINING = HERE.parent
REPO = TRAINING.parent
sys.path[:0] = [str(TRAINING), str(HERE)]

import packio  # noqa: E402
from pairing import with_original_indices  # noqa: E402
from train import LABEL_NAMES, loss_fn, pair_loss  # noqa: E402

PART_FORMAT = "faithcheck-bundle-parts-v1"


def log(rec: dict, fh: io.TextIOBase | None = None) -> None:
    line = json.dumps(rec)
    print(line, flush=True)
    if fh is not None:
        fh.write(line + "\n")
        fh.flush()


def sha256_file(path: Path) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


# ----------------------------------------------------------------------------------------- pack
def load_pack(pack: Path) -> tuple[dict, dict[str, np.ndarray], dict[str, np.ndarray], Path]:
    manifest = json.loads((pack / "manifest.json").read_text())
    for name, entry in manifest["files"].items():
        got = sha256_file(pack / name)
        if got != entry["sha256"]:
            raise SystemExit(f"{pack / name}: sha256 {got} != manifest {entry['sha256']} (re-run pack.py)")
    base: dict[str, np.ndarray] = {}
    if "base.npz.xz" in manifest["files"]:  # not in a pack made for --init-bundle (pack.py --without-base)
        with np.load(io.BytesIO(lzma.decompress((pack / "base.npz.xz").read_bytes()))) as z:
            base = {k: z[k] for k in z.files}
    with np.load(io.BytesIO(lzma.decompress((pack / "data.npz.xz").read_bytes()))) as z:
        packed = {k: z[k] for k in z.files}
    if manifest["format"] != packio.DATA_FORMAT:
        raise SystemExit(f"{pack}: data format {manifest['format']}, this script reads {packio.DATA_FORMAT}")
    data = dict(packed)
    data["prem_tok"], data["prem_off"] = packio.expand(
        packed["seg_tok"], packed["seg_off"], packed["prem_seg"], packed["prem_seg_off"]
    )
    tok = manifest["tokenizer"]
    if "repo_path" in tok:
        tok_path = REPO / tok["repo_path"]
    else:
        tok_path = Path(os.environ.get("TMPDIR", "/tmp")) / "faithcheck_gpu_tokenizer.json"
        tok_path.write_bytes(lzma.decompress((pack / tok["pack_path"]).read_bytes()))
    if sha256_file(tok_path) != tok["sha256"]:
        raise SystemExit(f"{tok_path}: not the tokenizer the pack was made with (sha256 differs)")
    return manifest, base, data, tok_path


class Split:
    """Packed pairs of one split as padded id batches (``<s> p </s></s> h </s>``, longest-first)."""

    def __init__(self, data: dict[str, np.ndarray], split: str, max_len: int, limit: int = 0) -> None:
        n = len(data[f"{split}_p"]) if not limit else min(limit, len(data[f"{split}_p"]))
        self.p, self.h = data[f"{split}_p"][:n].astype(np.int64), data[f"{split}_h"][:n].astype(np.int64)
        self.label = data[f"{split}_label"][:n].astype(np.int64)
        self.binary = data[f"{split}_binary"][:n].astype(bool)
        self.source = data[f"{split}_source"][:n].astype(np.int64)
        # an edit's original (-1: none, or cut off by ``limit``)
        orig = data[f"{split}_orig"][:n].astype(np.int64)
        self.orig = np.where(orig < n, orig, -1)
        self.prem_tok, self.prem_off = data["prem_tok"], data["prem_off"].astype(np.int64)
        self.hyp_tok, self.hyp_off = data["hyp_tok"], data["hyp_off"].astype(np.int64)
        lp = self.prem_off[self.p + 1] - self.prem_off[self.p]
        lh = self.hyp_off[self.h + 1] - self.hyp_off[self.h]
        self.lp, self.lh = packio.truncate_lengths(lp, lh, max_len - 4)
        self.length = self.lp + self.lh + 4

    def __len__(self) -> int:
        return len(self.p)

    def batch(self, idx: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        width = int(self.length[idx].max())
        ids = np.ones((len(idx), width), dtype=np.int64)  # <pad> = 1
        mask = np.zeros((len(idx), width), dtype=np.int64)
        for row, i in enumerate(idx):
            p0, h0 = self.prem_off[self.p[i]], self.hyp_off[self.h[i]]
            seq = np.concatenate(
                [[0], self.prem_tok[p0 : p0 + self.lp[i]], [2, 2], self.hyp_tok[h0 : h0 + self.lh[i]], [2]]
            )
            ids[row, : len(seq)] = seq
            mask[row, : len(seq)] = 1
        return ids, mask

    def batches(
        self, rng: np.random.Generator | None, batch_tokens: int, max_batch: int, paired: bool = False
    ) -> list[np.ndarray]:
        """Row groups of similar length, each at most ``batch_tokens`` padded tokens; shuffled
        order (``rng``) or, without one, sorted by length (evaluation). ``paired``: an edit counts
        twice, since its original joins its batch (``with_original_indices``)."""
        order = rng.permutation(len(self)) if rng is not None else np.arange(len(self))
        groups = [order] if rng is None else np.array_split(order, max(1, len(order) // (max_batch * 50)))
        weight = 1 + (self.orig >= 0) if paired else np.ones(len(self), dtype=np.int64)
        out: list[np.ndarray] = []
        for group in groups:
            group = group[np.argsort(self.length[group], kind="stable")]
            start = 0
            while start < len(group):
                end, rows = start + 1, int(weight[group[start]])
                while end < len(group) and (
                    rows + int(weight[group[end]]) <= max_batch
                    and (rows + int(weight[group[end]])) * int(self.length[group[end]]) <= batch_tokens
                ):
                    rows += int(weight[group[end]])
                    end += 1
                out.append(group[start:end])
                start = end
        if rng is not None:
            out = [out[i] for i in rng.permutation(len(out))]
        return out


# ---------------------------------------------------------------------------------------- model
def build_model(config: dict, weights: dict[str, np.ndarray], seed: int) -> torch.nn.Module:
    """``BertForSequenceClassification`` of ``config`` (3 labels, word embeddings frozen) with
    ``weights``: the encoder's (``bert.…``; the pooler and head are new) or a whole classifier's."""
    from transformers import BertConfig, BertForSequenceClassification

    torch.manual_seed(seed)
    cfg = BertConfig(**{k: v for k, v in config.items() if k not in ("architectures", "torch_dtype", "dtype")})
    cfg.num_labels = len(LABEL_NAMES)
    cfg.id2label = dict(enumerate(LABEL_NAMES))
    cfg.label2id = {n: i for i, n in enumerate(LABEL_NAMES)}
    model = BertForSequenceClassification(cfg)
    tensors = {k: torch.from_numpy(np.ascontiguousarray(v)) for k, v in weights.items()}
    missing, unexpected = model.load_state_dict(tensors, strict=False)
    new = sorted(k for k in missing if not k.startswith(("bert.pooler.", "classifier.")) and "position_ids" not in k)
    if new or unexpected:
        raise SystemExit(f"the weights do not fit the model: missing {new[:3]}, unexpected {unexpected[:3]}")
    model.bert.embeddings.word_embeddings.weight.requires_grad_(False)
    return model


def bundle_weights(bundle: Path, config: dict, base: dict[str, np.ndarray], tok_path: Path) -> tuple[dict, dict, dict]:
    """The configuration and weights of an exported bundle (``--init-bundle``: a folder with
    ``model.onnx`` and ``tokenizer.json``, such as the shipped verifier), rebuilt from its int8 graph
    (``bundle_base.classifier_state``; a pack's base gives the embeddings it was trained with
    exactly; without one, the bundle's own int8 embeddings are the ones it computes with), and
    where its embeddings came from. Its tokenizer must be the pack's."""
    import onnx
    from bundle_base import classifier_state, num_layers

    if sha256_file(bundle / "tokenizer.json") != sha256_file(tok_path):
        raise SystemExit(f"{bundle}: its tokenizer.json is not the pack's ({tok_path}): pack.py --vocab it")
    graph = onnx.load(str(bundle / "model.onnx"))
    weights, sources = classifier_state(graph, packio.state_dict(base, config) if base else {})
    return {**config, "num_hidden_layers": num_layers(graph)}, weights, sources


def bundle_parity(model: torch.nn.Module, bundle: Path, dev: Split, n: int) -> dict[str, float]:
    """The rebuilt model (fp32, CPU) against the bundle's int8 graph on the first ``n`` dev pairs:
    argmax agreement and the largest |Δp|, so that a wrong rebuild cannot train unnoticed."""
    import onnxruntime as ort

    rows = np.arange(min(n, len(dev)))
    sess = ort.InferenceSession(str(bundle / "model.onnx"), providers=["CPUExecutionProvider"])
    reference = model.float().cpu().eval()
    agree, worst = 0, 0.0
    for lo in range(0, len(rows), 32):
        ids, mask = dev.batch(rows[lo : lo + 32])
        want = torch.from_numpy(sess.run(["logits"], {"input_ids": ids, "attention_mask": mask})[0])
        with torch.no_grad():
            got = reference(input_ids=torch.from_numpy(ids), attention_mask=torch.from_numpy(mask)).logits
        agree += int((want.argmax(1) == got.argmax(1)).sum())
        worst = max(worst, float((want.softmax(1) - got.softmax(1)).abs().max()))
    model.train()
    return {"n": len(rows), "argmax_agree": round(agree / max(1, len(rows)), 4), "max_prob_diff": round(worst, 4)}


def checked_bundle_weights(
    bundle: Path,
    config: dict,
    base: dict[str, np.ndarray],
    tok_path: Path,
    dev: Split,
    args: argparse.Namespace,
    logf: io.TextIOBase | None,
) -> tuple[dict, dict, dict, dict[str, float]]:
    """:func:`bundle_weights`, then the rebuilt model run against the bundle's graph on
    ``args.n_parity`` dev pairs (logged as ``init_bundle``); stops under ``args.min_parity`` argmax
    agreement, so that a wrong rebuild is never trained or mixed. Configuration, weights, where the
    embeddings came from, and the parity."""
    config, weights, sources = bundle_weights(bundle, config, base, tok_path)
    parity = bundle_parity(build_model(config, weights, args.seed), bundle, dev, args.n_parity)
    log({"event": "init_bundle", "from": str(bundle), "embeddings": sources, **parity}, logf)
    if parity["argmax_agree"] < args.min_parity:
        raise SystemExit(f"{bundle}: the rebuilt model agrees with its graph on {parity['argmax_agree']}")
    return config, weights, sources, parity


def check_base(model: torch.nn.Module, folder: Path) -> float:
    """Largest |difference| between the rebuilt encoder and an HF base folder (smoke test: 0.0)."""
    from transformers import BertModel

    ref = BertModel.from_pretrained(folder, add_pooling_layer=False).state_dict()
    own = model.bert.state_dict()
    return max(float((own[k].float() - v.float()).abs().max()) for k, v in ref.items() if k in own)


@torch.no_grad()
def logits_of(model: torch.nn.Module, split: Split, device: torch.device, batch_tokens: int, amp: bool) -> np.ndarray:
    model.eval()
    out = np.zeros((len(split), len(LABEL_NAMES)), dtype=np.float32)
    for idx in split.batches(None, batch_tokens, 512):
        ids, mask = split.batch(idx)
        with torch.autocast(device.type, dtype=torch.bfloat16, enabled=amp):
            logits = model(
                input_ids=torch.from_numpy(ids).to(device), attention_mask=torch.from_numpy(mask).to(device)
            ).logits
        out[idx] = logits.float().cpu().numpy()
    model.train()
    return out


def dev_metrics(logits: np.ndarray, split: Split) -> dict[str, float]:
    t = torch.from_numpy(logits)
    loss = float(loss_fn(t, torch.from_numpy(split.label), torch.from_numpy(split.binary)))
    pred = logits.argmax(1)
    sup_pred, sup_true = pred == 0, split.label == 0
    tpr = (sup_pred & sup_true).sum() / max(1, sup_true.sum())
    tnr = (~sup_pred & ~sup_true).sum() / max(1, (~sup_true).sum())
    m3 = ~split.binary
    return {
        "dev_loss": round(loss, 4),
        "bal_acc2": round(float(tpr + tnr) / 2, 4),
        "acc3": round(float((pred[m3] == split.label[m3]).mean()) if m3.any() else 0.0, 4),
        "n": len(split),
    }


# --------------------------------------------------------------------------------------- export
def export_bundle(
    model: torch.nn.Module, dev: Split, tok_path: Path, out: Path, work: Path, max_len: int, n_parity: int, threads: int
) -> dict:
    import onnx
    import onnxruntime as ort
    from export_onnx import LogitsOnly, balanced_acc, best_threshold, ece, fit_temperature, nll, softmax
    from onnxruntime.quantization import QuantType, quantize_dynamic

    t0 = time.time()
    model = model.float().cpu().eval()
    wrapped = LogitsOnly(model).eval()
    work.mkdir(parents=True, exist_ok=True)
    fp32_path, int8_path = work / "model_fp32.onnx", work / "model.onnx"
    ids, mask = dev.batch(np.arange(min(2, len(dev))))
    torch.onnx.export(
        wrapped,
        (torch.from_numpy(ids), torch.from_numpy(mask)),
        str(fp32_path),
        input_names=["input_ids", "attention_mask"],
        output_names=["logits"],
        opset_version=17,
        dynamo=False,
        dynamic_axes={
            "input_ids": {0: "batch", 1: "seq"},
            "attention_mask": {0: "batch", 1: "seq"},
            "logits": {0: "batch"},
        },
    )
    ffn_out = re.compile(r"/layer\.(\d+)/output/dense/MatMul$")
    keep_fp32 = [
        n.name for n in onnx.load(str(fp32_path)).graph.node if (m := ffn_out.search(n.name)) and int(m.group(1)) < 2
    ]
    quantize_dynamic(
        str(fp32_path),
        str(int8_path),
        weight_type=QuantType.QInt8,
        per_channel=True,
        reduce_range=True,  # 7-bit weights: the same numbers on CPUs without VNNI (faithcheck._models.quantization)
        nodes_to_exclude=keep_fp32,
    )
    t_export = time.time() - t0

    so = ort.SessionOptions()
    so.intra_op_num_threads, so.inter_op_num_threads = threads, 1
    sess = ort.InferenceSession(str(int8_path), so, providers=["CPUExecutionProvider"])
    t1 = time.time()
    l8 = np.zeros((len(dev), len(LABEL_NAMES)), dtype=np.float32)
    for idx in dev.batches(None, 16384, 64):
        ids, mask = dev.batch(idx)
        l8[idx] = sess.run(["logits"], {"input_ids": ids, "attention_mask": mask})[0]
    t_int8 = time.time() - t1
    par = np.arange(min(n_parity, len(dev)))
    with torch.no_grad():
        lt = (
            np.concatenate(
                [
                    wrapped(*(torch.from_numpy(a) for a in dev.batch(par[i : i + 32]))).numpy()
                    for i in range(0, len(par), 32)
                ]
            )
            if len(par)
            else np.zeros((0, 3))
        )
    labels, binary = dev.label, dev.binary
    is_sup = labels == 0
    temp = fit_temperature(l8, labels, binary)
    p_sup = softmax(l8 / temp)[:, 0]
    thr = best_threshold(p_sup, is_sup)
    metrics = {
        "n_dev": len(dev),
        "acc3_non_binary": float((l8.argmax(1) == labels)[~binary].mean()) if (~binary).any() else 0.0,
        "bal_acc2_argmax": balanced_acc((l8.argmax(1) == 0).astype(float), is_sup, 0.5),
        "bal_acc2_at_threshold": balanced_acc(p_sup, is_sup, thr),
        "nll_T1": nll(l8, labels, binary, 1.0),
        "nll_T": nll(l8, labels, binary, temp),
        "ece_p_supported_T1": ece(softmax(l8)[:, 0], is_sup),
        "ece_p_supported_T": ece(p_sup, is_sup),
        "parity": {
            "n": len(par),
            "int8_argmax_agree": float((l8[par].argmax(1) == lt.argmax(1)).mean()) if len(par) else 0.0,
            "int8_max_prob_diff": float(np.abs(softmax(l8[par]) - softmax(lt)).max()) if len(par) else 0.0,
        },
        "int8_pairs_per_s": round(len(dev) / max(t_int8, 1e-9), 1),
        "fp32_nodes": keep_fp32,
        "export_seconds": round(t_export, 1),
        "model_bytes": int8_path.stat().st_size,
    }
    calibration = {
        "temperature": temp,
        "threshold": thr,
        "label_order": list(LABEL_NAMES),
        "p_supported": "softmax(logits / temperature)[0]",
        "max_length": max_len,
        "evidence": "assembled",  # pack.py's pairs are assembled evidence, as the package builds it
        "inputs": ["input_ids", "attention_mask"],
        "output": "logits",
        "pair_format": "<s> premise </s></s> hypothesis </s>, truncation longest_first, pad id 1",
        "threshold_metric": "balanced accuracy supported-vs-not on the packed dev pairs (training/gpu)",
    }
    out.mkdir(parents=True, exist_ok=True)
    shutil.copy(tok_path, out / "tokenizer.json")
    (out / "calibration.json").write_text(json.dumps(calibration, indent=2))
    return {"int8_path": str(int8_path), "calibration": calibration, "metrics": metrics}


def split_file(path: Path, out: Path, part_bytes: int) -> list[dict]:
    parts = []
    with open(path, "rb") as f:
        k = 0
        while chunk := f.read(part_bytes):
            name = f"model.onnx.part{k:02d}"
            (out / name).write_bytes(chunk)
            parts.append({"name": name, "bytes": len(chunk), "sha256": hashlib.sha256(chunk).hexdigest()})
            k += 1
    return parts


def write_bundle(
    model: torch.nn.Module,
    dev: Split,
    tok_path: Path,
    args: argparse.Namespace,
    threads: int,
    *,
    made: dict,
    pack: dict,
    seconds: dict,
    t0: float,
    logf: io.TextIOBase | None,
) -> dict:
    """Export ``model`` (:func:`export_bundle`) into ``args.out`` as ``unpack.py`` reads it: the
    graph cut into ``args.part_mib`` parts and ``bundle_manifest.json`` (``made`` says how the
    weights were made, ``pack`` which pairs, ``seconds`` the steps before the export). Returns the
    manifest."""
    t_exp = time.time()
    max_len = int(pack["max_len"])
    bundle = export_bundle(model, dev, tok_path, args.out, args.work, max_len, args.n_parity, threads)
    model_path = Path(bundle["int8_path"])
    parts = split_file(model_path, args.out, int(args.part_mib * 2**20))
    result = {
        "format": PART_FORMAT,
        "model": {"name": "model.onnx", "bytes": model_path.stat().st_size, "sha256": sha256_file(model_path)},
        "parts": parts,
        "calibration": bundle["calibration"],
        "metrics": bundle["metrics"],
        "files": {n: sha256_file(args.out / n) for n in ("tokenizer.json", "calibration.json")},
        "train": made,
        "pack": {"manifest_sha256": sha256_file(args.pack / "manifest.json"), **pack},
        "seconds": {**seconds, "export": round(time.time() - t_exp, 1), "total": round(time.time() - t0, 1)},
    }
    (args.out / "bundle_manifest.json").write_text(json.dumps(result, indent=2))
    # the device tool returns at most 8 files of at most 16 MiB each (run.sh's run.log is one of them)
    back = sorted(p for p in args.out.rglob("*") if p.is_file())
    too_big = [p.name for p in back if p.stat().st_size > 16 * 2**20]
    if len(set(back) | {args.out / "run.log"}) > 8 or too_big:
        log({"event": "warning", "files_back": [p.name for p in back], "over_16_mib": too_big}, logf)
    return result


# ----------------------------------------------------------------------------------------- main
def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pack", type=Path, default=HERE / "pack")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--work", type=Path, default=Path(os.environ.get("TMPDIR", "/tmp")) / "faithcheck_gpu_work")
    ap.add_argument("--t0", type=float, default=0.0, help="the command's start (epoch seconds); default: now")
    ap.add_argument("--deadline-s", type=float, default=480.0, help="everything done this long after --t0")
    ap.add_argument("--reserve-s", type=float, default=150.0, help="kept for the export after training stops")
    ap.add_argument("--epochs", type=float, default=3.0)
    ap.add_argument("--max-steps", type=int, default=0, help="stop after this many steps (0: --epochs)")
    ap.add_argument("--limit-train", type=int, default=0, help="use only the first N train pairs (smoke)")
    ap.add_argument("--limit-dev", type=int, default=0)
    ap.add_argument("--batch-tokens", type=int, default=32768, help="padded tokens per batch at most")
    ap.add_argument("--max-batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=1e-4)
    ap.add_argument("--weight-decay", type=float, default=0.01)
    ap.add_argument("--warmup", type=float, default=0.06)
    ap.add_argument("--log-every", type=int, default=50)
    ap.add_argument("--eval-every", type=int, default=0, help="dev evaluation every N steps (0: at the end only)")
    ap.add_argument("--n-parity", type=int, default=200)
    ap.add_argument("--part-mib", type=float, default=15.0)
    ap.add_argument("--check-base", type=Path, default=None, help="compare the rebuilt base with this HF folder")
    ap.add_argument(
        "--init-bundle",
        type=Path,
        default=None,
        help="start from this exported bundle's weights (a folder with model.onnx and tokenizer.json, such as "
        "src/faithcheck/models/verifier) instead of the base: its layers, pooler and head",
    )
    ap.add_argument(
        "--min-parity", type=float, default=0.9, help="--init-bundle: the least argmax agreement with its graph"
    )
    ap.add_argument(
        "--pair-weight",
        type=float,
        default=0.5,
        help="each edit beside its original in its batch, and this weight on train.py's hinge (0: neither)",
    )
    ap.add_argument("--pair-margin", type=float, default=2.0, help="the hinge's margin on the supported log-odds")
    ap.add_argument(
        "--edits-binary",
        action="store_true",
        help="train every edit (hard negatives, edit and slot edits) as supported-vs-not only, so that a claim "
        "that adds to its evidence is not taught as a contradiction",
    )
    ap.add_argument(
        "--save-state",
        action="store_true",
        help="also keep the trained fp32 weights as <work>/state.pt (for mix_bundles.py; stays on this machine)",
    )
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    t0 = args.t0 or time.time()
    args.out.mkdir(parents=True, exist_ok=True)
    args.work.mkdir(parents=True, exist_ok=True)
    logf = open(args.work / "train_log.jsonl", "w", encoding="utf-8")  # noqa: SIM115 - closed at the end
    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    threads = os.cpu_count() or 1
    if device.type == "cpu":
        torch.set_num_threads(min(2, threads))
        threads = min(2, threads)
    amp = device.type == "cuda"
    if amp:
        torch.backends.cuda.matmul.allow_tf32 = True
        torch.backends.cudnn.allow_tf32 = True
    random.seed(args.seed)
    np_rng = np.random.default_rng(args.seed)

    manifest, base, data, tok_path = load_pack(args.pack)
    max_len = int(manifest["max_len"])
    config = json.loads((args.pack / "base_config.json").read_text())
    train = Split(data, "train", max_len, args.limit_train)
    dev = Split(data, "dev", max_len, args.limit_dev)
    if args.edits_binary:  # an edit teaches "not supported", never "contradicted" (the dev rows keep their labels)
        train.binary |= train.orig >= 0
    start: dict[str, object] = {"from": "base"}
    if args.init_bundle:
        config, weights, sources, parity = checked_bundle_weights(
            args.init_bundle, config, base, tok_path, dev, args, logf
        )
        model = build_model(config, weights, args.seed)
        start = {"from": str(args.init_bundle), "layers": config["num_hidden_layers"], "embeddings": sources, **parity}
    elif base:
        model = build_model(config, {f"bert.{k}": v for k, v in packio.state_dict(base, config).items()}, args.seed)
    else:
        raise SystemExit(f"{args.pack} holds no base (pack.py --without-base): start from a bundle, --init-bundle")
    base_diff = check_base(model, args.check_base) if args.check_base else None
    model.to(device)
    paired = args.pair_weight > 0
    epoch_batches = train.batches(np_rng, args.batch_tokens, args.max_batch, paired)
    total_steps = args.max_steps or max(1, math.ceil(args.epochs * len(epoch_batches)))
    params = [p for p in model.parameters() if p.requires_grad]
    decay = [p for p in params if p.ndim > 1]
    no_decay = [p for p in params if p.ndim <= 1]
    opt = torch.optim.AdamW(
        [{"params": decay, "weight_decay": args.weight_decay}, {"params": no_decay, "weight_decay": 0.0}],
        lr=args.lr,
        fused=device.type == "cuda",
    )
    train_until = t0 + args.deadline_s - args.reserve_s
    t_train0 = time.time()
    budget_s = max(1.0, train_until - t_train0)
    log(
        {
            "event": "start",
            "device": str(device),
            "gpu": torch.cuda.get_device_name() if amp else None,
            "torch": torch.__version__,
            "train_pairs": len(train),
            "dev_pairs": len(dev),
            "batches_per_epoch": len(epoch_batches),
            "edits_with_original": int((train.orig >= 0).sum()),
            "total_steps": total_steps,
            "train_budget_s": round(budget_s, 1),
            "setup_s": round(t_train0 - t0, 1),
            "base_max_abs_diff": base_diff,
            "start": start,
            "trainable": sum(p.numel() for p in params),
            "args": {k: str(v) for k, v in vars(args).items()},
        },
        logf,
    )

    model.train()
    step, epoch, seen_pairs, seen_tokens = 0, 0, 0, 0
    loss_acc, t_last, stopped = 0.0, time.time(), "steps"
    queue = list(epoch_batches)
    while step < total_steps:
        now = time.time()
        if now >= train_until:
            stopped = "time"
            break
        if not queue:
            epoch += 1
            queue = train.batches(np_rng, args.batch_tokens, args.max_batch, paired)
            log(
                {
                    "event": "eval",
                    "step": step,
                    "epoch_done": epoch,
                    **dev_metrics(logits_of(model, dev, device, 65536, amp), dev),
                },
                logf,
            )
        idx = queue.pop()
        pairs: list[tuple[int, int]] = []
        if paired:
            rows, pairs = with_original_indices(idx, train.orig)
            idx = np.array(rows, dtype=np.int64)
        # linear warmup, then linear decay to 0 at the end of the steps or of the time, whichever is sooner
        progress = max(step / total_steps, (now - t_train0) / budget_s)
        factor = min((step + 1) / max(1.0, args.warmup * total_steps), (1.0 - progress) / (1.0 - args.warmup), 1.0)
        for group in opt.param_groups:
            group["lr"] = args.lr * max(0.0, factor)
        ids, mask = train.batch(idx)
        labels = torch.from_numpy(train.label[idx]).to(device, non_blocking=True)
        binary = torch.from_numpy(train.binary[idx]).to(device, non_blocking=True)
        with torch.autocast(device.type, dtype=torch.bfloat16, enabled=amp):
            logits = model(
                input_ids=torch.from_numpy(ids).to(device, non_blocking=True),
                attention_mask=torch.from_numpy(mask).to(device, non_blocking=True),
            ).logits
        loss = loss_fn(logits, labels, binary)
        hinge = pair_loss(logits, pairs, args.pair_margin)
        loss = loss + args.pair_weight * hinge
        loss.backward()
        torch.nn.utils.clip_grad_norm_(params, 1.0)
        opt.step()
        opt.zero_grad(set_to_none=True)
        step += 1
        seen_pairs += len(idx)
        seen_tokens += int(mask.sum())
        loss_acc += float(loss.detach()) if step % args.log_every == 0 else 0.0
        if step % args.log_every == 0:
            t = time.time()
            log(
                {
                    "step": step,
                    "epoch": epoch,
                    "loss": round(loss_acc, 4),
                    "pair_hinge": round(float(hinge.detach()), 4),
                    "edits_paired": len(pairs),
                    "lr": opt.param_groups[0]["lr"],
                    "s_per_step": round((t - t_last) / args.log_every, 4),
                    "pairs": seen_pairs,
                    "elapsed_s": round(t - t0, 1),
                },
                logf,
            )
            loss_acc, t_last = 0.0, t
        if args.eval_every and step % args.eval_every == 0:
            log({"event": "eval", "step": step, **dev_metrics(logits_of(model, dev, device, 65536, amp), dev)}, logf)
    t_train = time.time() - t_train0
    final = dev_metrics(logits_of(model, dev, device, 65536, amp), dev)
    log(
        {
            "event": "trained",
            "step": step,
            "stopped_by": stopped,
            "train_s": round(t_train, 1),
            "pairs_seen": seen_pairs,
            "epochs_seen": round(seen_pairs / max(1, len(train)), 2),
            "tokens_per_s": round(seen_tokens / max(t_train, 1e-9)),
            "gpu_peak_gib": round(torch.cuda.max_memory_allocated() / 2**30, 2) if amp else None,
            **final,
        },
        logf,
    )

    result = write_bundle(
        model,
        dev,
        tok_path,
        args,
        threads,
        made={
            "steps": step,
            "stopped_by": stopped,
            "train_s": round(t_train, 1),
            "pairs_seen": seen_pairs,
            "epochs_seen": round(seen_pairs / max(1, len(train)), 2),
            "dev_torch": final,
            "start": start,
            "device": str(device),
            "gpu": torch.cuda.get_device_name() if amp else None,
        },
        pack={"train_pairs": len(train), "dev_pairs": len(dev), "max_len": max_len},
        seconds={"setup": round(t_train0 - t0, 1), "train": round(t_train, 1)},
        t0=t0,
        logf=logf,
    )
    if args.save_state:  # fp32, for training/gpu/mix_bundles.py (the int8 graph has lost precision)
        torch.save(model.state_dict(), args.work / "state.pt")
    log(
        {
            "event": "done",
            "seconds": result["seconds"],
            "parts": [p["name"] for p in result["parts"]],
            "metrics": {k: result["metrics"][k] for k in ("bal_acc2_at_threshold", "parity", "model_bytes")},
        },
        logf,
    )
    logf.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
