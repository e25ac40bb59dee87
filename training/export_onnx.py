#!/usr/bin/env python3
"""Export a trained verifier checkpoint to int8 ONNX, check parity, calibrate, and write the bundle.

1. Load ``<ckpt>`` (written by train.py) into ``BertForSequenceClassification``.
2. Export to ONNX (inputs ``input_ids``, ``attention_mask``, int64, dynamic batch and length; output
   ``logits``), then dynamic int8 quantization with ``onnxruntime.quantization.quantize_dynamic``
   (per-channel weights in 7 bits, ``reduce_range``: 8-bit ones can saturate onnxruntime's 16-bit
   pair sums on x86 CPUs without VNNI, see ``faithcheck._models.quantization``). The FFN output projections
   of the lowest ``--fp32-ffn-out-layers`` layers stay fp32: their inputs carry activation outliers that per-tensor int8 activations handle badly (on the
   first 200 dev rows of the step-600 model: argmax agreement with fp32 0.875 with plain quantization,
   0.91 per-channel, 0.95 per-channel with layers 0-1 kept fp32, for +3.5 MB).
3. Parity on the first ``--n-parity`` dev rows: argmax agreement and max |Δ softmax| of the fp32 and
   the int8 ONNX models against torch.
4. Calibration on the int8 logits of the first ``--n-calib`` dev rows: a temperature T minimising the
   dev NLL (binary_only rows by their supported-vs-rest likelihood), then the threshold on calibrated
   p(supported) = softmax(logits / T)[0] that maximises supported-vs-not balanced accuracy.
5. Write ``<out>/{model.onnx, tokenizer.json, calibration.json, metrics.json}``; the fp32 ONNX stays in
   ``<out>/fp32/`` for reference and is not part of the bundle.

    python training/export_onnx.py --ckpt training/work/ckpt/run1/last.pt --out training/work/export
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import time
from collections import defaultdict
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
import torch
from onnxruntime.quantization import QuantType, quantize_dynamic
from train import LABEL_NAMES, build_model, load_rows, make_tokenizer

HERE = Path(__file__).resolve().parent


class LogitsOnly(torch.nn.Module):
    """Wrap the classifier so the exported graph has exactly (input_ids, attention_mask) → logits."""

    def __init__(self, model: torch.nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor) -> torch.Tensor:
        return self.model(input_ids=input_ids, attention_mask=attention_mask).logits


def softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def onnx_logits(sess: ort.InferenceSession, tok, rows: list[dict], batch: int) -> np.ndarray:
    out = []
    for i in range(0, len(rows), batch):
        encs = tok.encode_batch([(r["premise"], r["hypothesis"]) for r in rows[i:i + batch]])
        feed = {"input_ids": np.array([e.ids for e in encs], dtype=np.int64),
                "attention_mask": np.array([e.attention_mask for e in encs], dtype=np.int64)}
        out.append(sess.run(["logits"], feed)[0])
    return np.concatenate(out)


@torch.no_grad()
def torch_logits(model: torch.nn.Module, tok, rows: list[dict], batch: int) -> np.ndarray:
    out = []
    for i in range(0, len(rows), batch):
        encs = tok.encode_batch([(r["premise"], r["hypothesis"]) for r in rows[i:i + batch]])
        out.append(model(torch.tensor([e.ids for e in encs]), torch.tensor([e.attention_mask for e in encs])).numpy())
    return np.concatenate(out)


def nll(logits: np.ndarray, labels: np.ndarray, binary: np.ndarray, temp: float) -> float:
    p = softmax(logits / temp)
    p3 = p[np.arange(len(labels)), labels]
    p2 = np.where(labels == 0, p[:, 0], 1.0 - p[:, 0])
    return float(-np.log(np.clip(np.where(binary, p2, p3), 1e-12, None)).mean())


def fit_temperature(logits: np.ndarray, labels: np.ndarray, binary: np.ndarray) -> float:
    grid = np.exp(np.linspace(np.log(0.25), np.log(8.0), 400))
    return float(grid[int(np.argmin([nll(logits, labels, binary, t) for t in grid]))])


def balanced_acc(p_sup: np.ndarray, is_sup: np.ndarray, thr: float) -> float:
    pred = p_sup >= thr
    tpr = (pred & is_sup).sum() / max(1, is_sup.sum())
    tnr = (~pred & ~is_sup).sum() / max(1, (~is_sup).sum())
    return float((tpr + tnr) / 2)


def best_threshold(p_sup: np.ndarray, is_sup: np.ndarray) -> float:
    grid = np.linspace(0.01, 0.99, 99)
    return float(grid[int(np.argmax([balanced_acc(p_sup, is_sup, t) for t in grid]))])


def ece(p_sup: np.ndarray, is_sup: np.ndarray, bins: int = 10) -> float:
    idx = np.minimum((p_sup * bins).astype(int), bins - 1)
    return float(sum(abs(p_sup[idx == b].mean() - is_sup[idx == b].mean()) * (idx == b).mean()
                     for b in range(bins) if (idx == b).any()))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ckpt", type=Path, required=True)
    ap.add_argument("--dev", type=Path, default=HERE / "work" / "data" / "dev.jsonl")
    ap.add_argument("--out", type=Path, default=HERE / "work" / "export")
    ap.add_argument("--n-parity", type=int, default=200)
    ap.add_argument("--n-calib", type=int, default=3000)
    ap.add_argument("--batch", type=int, default=16)
    ap.add_argument("--opset", type=int, default=17)
    ap.add_argument("--fp32-ffn-out-layers", type=int, default=2,
                    help="keep the FFN output MatMul of the lowest N layers in fp32")
    ap.add_argument("--evidence", choices=("windows", "assembled"), default="windows",
                    help="what the model was trained to read (assembled: pack.py's pairs, via pairs_to_jsonl.py)")
    args = ap.parse_args()
    torch.set_num_threads(2)
    os.environ.setdefault("HF_HUB_OFFLINE", "1")

    state = torch.load(args.ckpt, map_location="cpu", weights_only=False)
    base, max_len = Path(state["base"]), int(state["max_len"])
    model = build_model(base, freeze_embeddings=False, freeze_layers=0, num_layers=int(state.get("num_layers", 0)))
    model.load_state_dict(state["model"])
    wrapped = LogitsOnly(model).eval()  # the wrapper too: export restores its mode afterwards
    tok = make_tokenizer(base / "tokenizer.json", max_len)
    dev = load_rows(args.dev)

    (args.out / "fp32").mkdir(parents=True, exist_ok=True)
    fp32_path, int8_path = args.out / "fp32" / "model.onnx", args.out / "model.onnx"
    t0 = time.time()
    sample = tok.encode_batch([(r["premise"], r["hypothesis"]) for r in dev[:2]])
    dummy = (torch.tensor([e.ids for e in sample]), torch.tensor([e.attention_mask for e in sample]))
    torch.onnx.export(wrapped, dummy, str(fp32_path), input_names=["input_ids", "attention_mask"],
                      output_names=["logits"], opset_version=args.opset, dynamo=False,
                      dynamic_axes={"input_ids": {0: "batch", 1: "seq"}, "attention_mask": {0: "batch", 1: "seq"},
                                    "logits": {0: "batch"}})
    ffn_out = re.compile(r"/layer\.(\d+)/output/dense/MatMul$")
    keep_fp32 = [n.name for n in onnx.load(str(fp32_path)).graph.node
                 if (m := ffn_out.search(n.name)) and int(m.group(1)) < args.fp32_ffn_out_layers]
    quantize_dynamic(str(fp32_path), str(int8_path), weight_type=QuantType.QInt8, per_channel=True,
                     reduce_range=True, nodes_to_exclude=keep_fp32)
    t_export = time.time() - t0

    so = ort.SessionOptions()
    so.intra_op_num_threads, so.inter_op_num_threads = 2, 1
    s32 = ort.InferenceSession(str(fp32_path), so, providers=["CPUExecutionProvider"])
    s8 = ort.InferenceSession(str(int8_path), so, providers=["CPUExecutionProvider"])

    par = dev[: args.n_parity]
    lt = torch_logits(wrapped, tok, par, args.batch)
    l32 = onnx_logits(s32, tok, par, args.batch)
    t1 = time.time()
    l8 = onnx_logits(s8, tok, par, args.batch)
    int8_pairs_per_s = len(par) / (time.time() - t1)
    pt = softmax(lt)
    parity = {"n": len(par),
              "fp32_argmax_agree": float((l32.argmax(1) == lt.argmax(1)).mean()),
              "fp32_max_prob_diff": float(np.abs(softmax(l32) - pt).max()),
              "int8_argmax_agree": float((l8.argmax(1) == lt.argmax(1)).mean()),
              "int8_max_prob_diff": float(np.abs(softmax(l8) - pt).max()),
              "int8_mean_prob_diff": float(np.abs(softmax(l8) - pt).mean())}

    cal = dev[: args.n_calib]
    logits = np.concatenate([l8, onnx_logits(s8, tok, cal[len(par):], args.batch)])[: len(cal)]
    labels = np.array([r["label"] for r in cal])
    binary = np.array([bool(r["binary_only"]) for r in cal])
    is_sup = labels == 0
    temp = fit_temperature(logits, labels, binary)
    p_sup = softmax(logits / temp)[:, 0]
    thr = best_threshold(p_sup, is_sup)
    pred3 = logits.argmax(1)
    by_source: dict[str, list[int]] = defaultdict(list)
    for i, r in enumerate(cal):
        by_source[r["source"]].append(i)
    metrics = {
        "checkpoint": str(args.ckpt), "step": state["step"], "n_dev": len(cal),
        "acc3_non_binary": float((pred3 == labels)[~binary].mean()),
        "acc2_argmax": float(((pred3 == 0) == is_sup).mean()),
        "bal_acc2_argmax": balanced_acc((pred3 == 0).astype(float), is_sup, 0.5),
        "bal_acc2_at_threshold": balanced_acc(p_sup, is_sup, thr),
        "nll_T1": nll(logits, labels, binary, 1.0), "nll_T": nll(logits, labels, binary, temp),
        "ece_p_supported_T1": ece(softmax(logits)[:, 0], is_sup), "ece_p_supported_T": ece(p_sup, is_sup),
        "acc2_by_source_at_threshold": {s: {"n": len(ix), "acc2": float(((p_sup[ix] >= thr) == is_sup[ix]).mean())}
                                        for s, ix in sorted(by_source.items())},
        "parity": parity, f"int8_pairs_per_s_batch{args.batch}": round(int8_pairs_per_s, 1),
        "export_seconds": round(t_export, 1), "fp32_nodes": keep_fp32,
        "bytes": {"model.onnx": int8_path.stat().st_size, "fp32/model.onnx": fp32_path.stat().st_size},
    }
    calibration = {"temperature": temp, "threshold": thr, "label_order": list(LABEL_NAMES),
                   "p_supported": "softmax(logits / temperature)[0]", "max_length": max_len,
                   "evidence": args.evidence, "inputs": ["input_ids", "attention_mask"], "output": "logits",
                   "pair_format": "<s> premise </s></s> hypothesis </s>, truncation longest_first, pad id 1",
                   "threshold_metric": "balanced accuracy supported-vs-not on dev"}
    shutil.copy(base / "tokenizer.json", args.out / "tokenizer.json")
    (args.out / "calibration.json").write_text(json.dumps(calibration, indent=2))
    (args.out / "metrics.json").write_text(json.dumps(metrics, indent=2))
    print(json.dumps({"calibration": calibration, "metrics": metrics}, indent=2))


if __name__ == "__main__":
    main()
