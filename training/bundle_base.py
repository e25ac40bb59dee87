#!/usr/bin/env python3
"""An HF base folder made from an exported bundle, so that a bundle can be fine-tuned further.

``onnx_to_ckpt.py`` rebuilds a bundle's encoder layers from its ``model.onnx`` but takes the
embedding block from ``--base``: right for the CPU runs, which froze it, not for a GPU run
(``gpu/train_gpu.py`` freezes only the word embeddings, so its position and token-type embeddings
and their LayerNorm are its own). This writes a base whose embedding block *is* the bundle's: the
int8 embeddings of the ONNX dequantized (``(q - zero_point) * scale``, exactly what the bundle
computes with) and its fp32 LayerNorm, beside ``--config`` (the bundle's BERT configuration) and the
bundle's own ``tokenizer.json``::

    training/work/venv/bin/python training/bundle_base.py --bundle training/work/export_gpu \\
        --config training/gpu/pack/base_config.json --out training/work/base_gpu1
    cd training && ../training/work/venv/bin/python onnx_to_ckpt.py --onnx work/export_gpu/model.onnx \\
        --base work/base_gpu1 --out work/ckpt/gpu1/last.pt --dev work/data/asm_dev.jsonl --max-len 256

The dequantization needs only onnx and numpy (tested in the package's environment); writing the
folder needs torch and safetensors (the training environment).
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import numpy as np
import numpy.typing as npt
import onnx
from onnx import numpy_helper

_EMBEDDINGS = "model.bert.embeddings."
QUANTIZED = ("word_embeddings", "position_embeddings", "token_type_embeddings")


def embedding_block(model: onnx.ModelProto) -> dict[str, npt.NDArray[np.float32]]:
    """``{HF BertModel name: float32}`` of the embedding block of an exported bundle's graph."""
    inits = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    block: dict[str, npt.NDArray[np.float32]] = {}
    for part in QUANTIZED:
        stem = f"{_EMBEDDINGS}{part}.weight"
        if stem in inits:  # kept in float by the export
            block[f"embeddings.{part}.weight"] = inits[stem].astype(np.float32)
            continue
        q = inits[stem + "_quantized"].astype(np.float32)
        zero, scale = float(inits[stem + "_zero_point"]), float(inits[stem + "_scale"])
        block[f"embeddings.{part}.weight"] = ((q - zero) * scale).astype(np.float32)
    for kind in ("weight", "bias"):
        block[f"embeddings.LayerNorm.{kind}"] = inits[f"{_EMBEDDINGS}LayerNorm.{kind}"].astype(np.float32)
    return block


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bundle", type=Path, required=True, help="an exported bundle (model.onnx, tokenizer.json)")
    ap.add_argument("--config", type=Path, required=True, help="the bundle's BERT config.json")
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    import torch
    from safetensors.torch import save_file

    block = embedding_block(onnx.load(str(args.bundle / "model.onnx")))
    config = json.loads(args.config.read_text(encoding="utf-8"))
    rows = block["embeddings.word_embeddings.weight"].shape[0]
    if config.get("vocab_size") != rows:
        raise SystemExit(f"{args.config} says vocab_size {config.get('vocab_size')}, the bundle has {rows} rows")
    args.out.mkdir(parents=True, exist_ok=True)
    save_file({k: torch.from_numpy(v) for k, v in block.items()}, str(args.out / "model.safetensors"))
    (args.out / "config.json").write_text(json.dumps(config, indent=2), encoding="utf-8")
    shutil.copy(args.bundle / "tokenizer.json", args.out / "tokenizer.json")
    print(json.dumps({k: list(v.shape) for k, v in block.items()}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
