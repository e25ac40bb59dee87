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

:func:`classifier_state` rebuilds a bundle's whole classifier (every encoder layer, pooler and
head) the same way, numpy only, for ``gpu/train_gpu.py --init-bundle``, which starts a GPU run from
the shipped weights instead of the base, and :func:`interpolate` mixes two such states
(``gpu/mix_bundles.py``).
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path
from typing import Any

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


def linear_weights(model: onnx.ModelProto) -> dict[str, npt.NDArray[np.float32]]:
    """``{torch name of a Linear weight: [out, in] float32}`` for every MatMul of the graph: the
    encoder's MatMul weights carry torch-export names (``onnx::MatMul_N``), so each is found through
    the graph, as the MatMul (or MatMulInteger, dequantized) whose output feeds the ``Add`` with the
    layer's named bias (``...query.bias`` → ``...query.weight``)."""
    inits = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    producer = {out: node for node in model.graph.node for out in node.output}
    weights: dict[str, npt.NDArray[np.float32]] = {}
    for node in model.graph.node:
        if node.op_type != "Add":
            continue
        bias = next((x for x in node.input if x.endswith(".bias") and x in inits), None)
        if bias is None:
            continue
        other = next(x for x in node.input if x != bias)
        weight = _matmul_weight(other, producer, inits, depth=4)
        if weight is not None:
            weights[bias.removeprefix("model.").removesuffix(".bias") + ".weight"] = weight.T.astype(np.float32)
    return weights


def _matmul_weight(
    name: str, producer: dict[str, onnx.NodeProto], inits: dict[str, npt.NDArray[Any]], depth: int
) -> npt.NDArray[np.float32] | None:
    """The float weight behind ``name``: through Mul/Cast to a MatMul or MatMulInteger."""
    node = producer.get(name)
    if node is None or depth == 0:
        return None
    if node.op_type == "MatMul":
        return next((inits[x].astype(np.float32) for x in node.input if x in inits), None)
    if node.op_type == "MatMulInteger":
        q = next((x for x in node.input if x.endswith("_quantized") and x in inits), None)
        if q is None:
            return None
        stem = q.removesuffix("_quantized")
        deq = (inits[q].astype(np.float32) - inits[stem + "_zero_point"].astype(np.float32)) * inits[stem + "_scale"]
        return deq.astype(np.float32)
    for x in node.input:
        found = _matmul_weight(x, producer, inits, depth - 1)
        if found is not None:
            return found
    return None


def num_layers(model: onnx.ModelProto) -> int:
    """The encoder layers of an exported bundle's graph."""
    prefix = "model.bert.encoder.layer."
    layers = [int(i.name[len(prefix) :].split(".")[0]) for i in model.graph.initializer if i.name.startswith(prefix)]
    return 1 + max(layers)


def classifier_state(
    model: onnx.ModelProto, base: dict[str, npt.NDArray[np.float32]]
) -> tuple[dict[str, npt.NDArray[np.float32]], dict[str, str]]:
    """The ``BertForSequenceClassification`` state (``bert.…``, ``classifier.…``, float32) of an
    exported bundle, and where each embedding came from.

    Linear weights are the graph's int8 blocks dequantized (:func:`linear_weights`), biases and
    LayerNorms its fp32 initializers as stored. An embedding of ``base`` (``BertModel`` names) is
    taken when it quantizes to the bundle's integers (up to rounding ties: :func:`_quantizes_to`),
    since then it is what the bundle was trained with, without the uint8 rounding ("base");
    otherwise (a run that trained it) the bundle's own, dequantized ("bundle")."""
    inits = {i.name: numpy_helper.to_array(i) for i in model.graph.initializer}
    state: dict[str, npt.NDArray[np.float32]] = {}
    sources: dict[str, str] = {}
    for name, value in embedding_block(model).items():
        own = base.get(name)
        same = own is not None and _quantizes_to(own, inits, f"model.bert.{name}")
        state[f"bert.{name}"] = own.astype(np.float32) if same and own is not None else value
        sources[name] = "base" if same else "bundle"
    for name, value in inits.items():
        key = name.removeprefix("model.")
        if name.startswith("model.") and key.endswith((".bias", "LayerNorm.weight")) and "embeddings." not in key:
            state[key] = value.astype(np.float32)
    state.update(linear_weights(model))
    return state, sources


def interpolate(
    start: dict[str, npt.NDArray[np.float32]], tuned: dict[str, npt.NDArray[np.float32]], share: float
) -> dict[str, npt.NDArray[np.float32]]:
    """``(1 - share) · start + share · tuned``, tensor by tensor: a fine-tune's weights moved back
    toward those it started from (WiSE-FT, Wortsman et al. 2022: the mix keeps much of what the
    start read well and of what the fine-tune learned). Both must hold the same tensors, of the
    same shapes (``ValueError`` names the first that differs); ``share`` lies in [0, 1].

    >>> a, b = {"w": np.zeros(2, np.float32)}, {"w": np.ones(2, np.float32)}
    >>> interpolate(a, b, 0.25)["w"].tolist()
    [0.25, 0.25]
    """
    if not 0.0 <= share <= 1.0:
        raise ValueError(f"the fine-tune's share is {share}, not in [0, 1]")
    if start.keys() != tuned.keys():
        differ = sorted(start.keys() ^ tuned.keys())
        raise ValueError(f"the two models hold different tensors: {differ[:3]}")
    for name, value in start.items():
        if value.shape != tuned[name].shape:
            raise ValueError(f"{name}: shape {value.shape} against {tuned[name].shape}")
    return {k: ((1.0 - share) * v + share * tuned[k]).astype(np.float32) for k, v in start.items()}


_TIES = 1e-4
"""The share of a weight's values that may quantize one step off the graph's integers: values that
lie on a rounding tie, which float32 arithmetic may round either way (1 of 19.8 million word
embeddings of the shipped bundle)."""


def _quantizes_to(weight: npt.NDArray[np.float32], inits: dict[str, npt.NDArray[Any]], stem: str) -> bool:
    """``weight`` quantizes to the graph's uint8 ``stem`` (at its scale and zero point), up to
    :data:`_TIES`."""
    if stem + "_quantized" not in inits or weight.shape != inits[stem + "_quantized"].shape:
        return False
    zero = inits[stem + "_zero_point"].astype(np.float32)
    off = np.abs(np.clip(np.round(weight / inits[stem + "_scale"] + zero), 0, 255) - inits[stem + "_quantized"])
    return bool(off.max(initial=0) <= 1 and np.count_nonzero(off) <= _TIES * off.size)


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
