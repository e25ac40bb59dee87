#!/usr/bin/env python3
"""Turn an exported int8 verifier (``model.onnx``) back into a ``train.py`` checkpoint to fine-tune.

The torch checkpoints of earlier sessions live in the git-ignored ``training/work/`` and are gone on
a fresh machine; the shipped bundle is what survives. This rebuilds its weights:

* every weight ``quantize_dynamic`` stored as int8 blocks (``*_quantized`` with a per-channel
  ``*_scale`` and ``*_zero_point``) is dequantized, ``(q - zero_point) * scale``, and transposed back
  to ``torch.nn.Linear``'s ``[out, in]``; the FFN output weights kept fp32 are taken as they are;
* the encoder's MatMul weights carry torch-export names (``onnx::MatMul_N``), so each is found
  through the graph: the MatMul (or MatMulInteger) whose output feeds the ``Add`` with the layer's
  named bias (``...query.bias`` → ``...query.weight``);
* the embedding block comes from ``--base`` (fp32): it was frozen in every training run
  (``--freeze-layers`` ≥ 1 freezes it), so the base's embeddings are the model's exactly, without
  the per-tensor uint8 rounding of the ONNX copy, which is checked to agree with them.

Then a parity check: the rebuilt torch model against the int8 ONNX model on ``--n-parity`` dev
pairs (argmax agreement, mean |Δp|), so a wrong mapping cannot pass silently::

    training/work/venv/bin/python training/onnx_to_ckpt.py \\
        --onnx src/faithcheck/models/verifier/model.onnx \\
        --base training/work/base_shipvocab/e5-small-trimmed --out training/work/ckpt/shipped/last.pt
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
import torch
from bundle_base import embedding_block, linear_weights, num_layers
from onnx import numpy_helper
from safetensors.torch import load_file
from train import build_model, load_rows, make_tokenizer

HERE = Path(__file__).resolve().parent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--onnx", type=Path, required=True)
    ap.add_argument("--base", type=Path, required=True, help="the fp32 HF base with the bundle's vocabulary")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--dev", type=Path, default=HERE / "work" / "data" / "dev.jsonl")
    ap.add_argument("--n-parity", type=int, default=200)
    ap.add_argument("--max-len", type=int, default=128)
    args = ap.parse_args()

    graph = onnx.load(str(args.onnx))
    inits = {i.name: i for i in graph.graph.initializer}
    layers = num_layers(graph)
    model = build_model(args.base, True, 0, layers)
    own = model.state_dict()
    state: dict[str, torch.Tensor] = {}
    base = load_file(str(args.base / "model.safetensors"))
    for name in own:
        if name.startswith("bert.embeddings."):
            state[name] = base[name.removeprefix("bert.")]
        elif "model." + name in inits:  # biases and LayerNorms, stored as they are
            state[name] = torch.from_numpy(numpy_helper.to_array(inits["model." + name]).copy())
    for name, weight in linear_weights(graph).items():
        state[name] = torch.from_numpy(weight.copy())
    missing = sorted(set(own) - set(state))
    wrong = sorted(n for n in state if n not in own or tuple(state[n].shape) != tuple(own[n].shape))
    if missing or wrong:
        raise SystemExit(f"cannot rebuild: missing {missing[:5]}…, wrong shape {wrong[:5]}")
    model.load_state_dict(state)
    deq = embedding_block(graph)["embeddings.word_embeddings.weight"]
    embed_err = float(np.abs(deq - state["bert.embeddings.word_embeddings.weight"].numpy()).max())

    model.eval()
    rows = load_rows(args.dev)[: args.n_parity]
    tok = make_tokenizer(args.base / "tokenizer.json", args.max_len)
    sess = ort.InferenceSession(str(args.onnx), providers=["CPUExecutionProvider"])
    agree, diffs = 0, []
    for lo in range(0, len(rows), 16):
        encs = tok.encode_batch([(r["premise"], r["hypothesis"]) for r in rows[lo : lo + 16]])
        ids = np.array([e.ids for e in encs], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encs], dtype=np.int64)
        ref = sess.run(["logits"], {"input_ids": ids, "attention_mask": mask})[0]
        with torch.no_grad():
            got = model(input_ids=torch.from_numpy(ids), attention_mask=torch.from_numpy(mask)).logits.numpy()
        agree += int((ref.argmax(1) == got.argmax(1)).sum())
        p_ref, p_got = torch.softmax(torch.from_numpy(ref), 1), torch.softmax(torch.from_numpy(got), 1)
        diffs.append((p_ref - p_got).abs().max(1).values.numpy())
    report = {
        "layers": layers,
        "tensors": len(state),
        "embedding_max_abs_diff_vs_onnx_uint8": embed_err,
        "parity_rows": len(rows),
        "argmax_agreement": agree / max(1, len(rows)),
        "mean_max_abs_dp": float(np.concatenate(diffs).mean()) if diffs else 0.0,
    }
    print(json.dumps(report))
    if report["argmax_agreement"] < 0.9:
        raise SystemExit("parity check failed: the rebuilt model does not match the ONNX model")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    torch.save({"model": model.state_dict(), "step": 0, "source": str(args.onnx), "parity": report}, args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
