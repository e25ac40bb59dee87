"""An int8 ONNX graph whose activations are quantized per token, so that an output never depends
on the other inputs of its batch (the sentence encoder's graph, :mod:`faithcheck._models.encoder_int8`).

onnxruntime's ``quantize_dynamic`` quantizes a MatMul's input with one scale and zero point for
the whole tensor, computed at run time (``DynamicQuantizeLinear``). The tensor holds every text of
the batch, padding included, so a text's result depends on the texts batched beside it (the
sentence encoder's vectors moved by 1e-2, 1 - cos). :func:`per_token_int8` gives every token's row
of ``K`` numbers its own scale ``s = max|row| / 127``, quantizes it to uint8 around 128
(``QuantizeLinear`` of the rows), multiplies it with int8 weights by ``MatMulIntegerToFloat`` and
scales the result back by ``s``. ``onnx`` is imported only when it runs.

Every integer MatMul here must also give the same numbers on every CPU. On x86 CPUs without VNNI,
onnxruntime multiplies uint8 activations by int8 weights with an instruction that adds two products
in 16 bits and saturates there (``vpmaddubsw``): with weights of the full 8 bits (±127) a pair of
products can reach 2 × 255 × 127, past 2¹⁵, and the result then differs from what a VNNI CPU (this
project's machines) computes. Weights within :data:`SAFE_WEIGHT` cannot saturate:
:func:`widest_integer_weight` measures a graph (the verifier warns when a bundle's weights are wider);
``training/reduce_weight_range.py`` brings one made by ``quantize_dynamic`` without ``reduce_range``
within it.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["SAFE_WEIGHT", "per_token_int8", "widest_integer_weight"]

SAFE_WEIGHT = 64
"""The largest |int8 weight| for which two products with activation bytes (≤ 255) stay within
int16: 2 × 255 × 64 = 32,640 ≤ 32,767."""
_WEIGHT_LEVELS = 63
"""Weights made here have 7 bits (-63..63), within :data:`SAFE_WEIGHT`."""
_INTEGER_MATMULS = ("MatMulInteger", "MatMulIntegerToFloat")


def per_token_int8(model: Any) -> int:
    """Rewrite every ``MatMul(A, W)`` of ``model`` with a constant ``W`` (an initializer, or the
    ``Mul(Cast(int8 W), scale)`` that dequantizes one); returns how many it rewrote.

    ``W`` is quantized to int8 per output channel in 7 bits; ``A`` (shape ``[..., K]``) per token.
    An input shared by several MatMuls (a layer's query, key and value) is quantized once.
    """
    return _Rewrite(model).float_matmuls()


def widest_integer_weight(model: Any) -> int:
    """The largest |weight| of any integer MatMul of ``model`` whose weights are constant (0: none)."""
    from onnx import numpy_helper

    arrays = {i.name: i for i in model.graph.initializer}
    widest = 0
    for node in model.graph.node:
        if node.op_type in _INTEGER_MATMULS and node.input[1] in arrays:
            weights = numpy_helper.to_array(arrays[node.input[1]]).astype(np.int32)
            widest = max(widest, int(np.abs(weights).max(initial=0)))
    return widest


class _Rewrite:
    def __init__(self, model: Any):
        from onnx import numpy_helper

        self.model = model
        self.graph = model.graph
        self.arrays = {i.name: numpy_helper.to_array(i) for i in self.graph.initializer}
        self.producers = {out: node for node in self.graph.node for out in node.output}
        self.added: list[Any] = []
        self.quantized: dict[str, tuple[str, str, str]] = {}

    def float_matmuls(self) -> int:
        replaced: dict[int, list[Any]] = {}
        for node in self.graph.node:
            weights = self._float_weights(node) if node.op_type == "MatMul" else None
            if weights is not None:
                w8, w_scale = _quantize_weights(weights)
                replaced[id(node)] = self._integer_matmul(node.input[0], node.output[0], w8, w_scale)
        self._finish(replaced)
        return len(replaced)

    def _float_weights(self, node: Any) -> np.ndarray | None:
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

    def _constant(self, name: str, value: np.ndarray) -> str:
        from onnx import numpy_helper

        if name not in self.arrays:
            self.arrays[name] = value
            self.added.append(numpy_helper.from_array(value, name))
        return name

    def _quantized_input(self, name: str, width: int) -> tuple[list[Any], tuple[str, str, str]]:
        """Nodes that quantize ``name`` row by row (none when already done), and the names of the
        uint8 rows, their scales ``[rows, 1]`` and ``name``'s shape."""
        from onnx import helper

        if name in self.quantized:
            return [], self.quantized[name]
        p = f"per_token_{len(self.quantized)}"
        rows_shape = self._constant(p + "_rows_shape", np.array([-1, width], np.int64))
        nodes = [
            helper.make_node("Shape", [name], [p + "_shape"]),
            helper.make_node("Reshape", [name, rows_shape], [p + "_rows"]),
            helper.make_node("ReduceMax", [p + "_rows"], [p + "_hi"], axes=[1], keepdims=1),
            helper.make_node("ReduceMin", [p + "_rows"], [p + "_lo"], axes=[1], keepdims=1),
            helper.make_node("Neg", [p + "_lo"], [p + "_neg_lo"]),
            helper.make_node("Max", [p + "_hi", p + "_neg_lo", self._scalar("eps", 1e-12)], [p + "_amax"]),
            helper.make_node("Mul", [p + "_amax", self._scalar("inv127", 1 / 127)], [p + "_scale"]),
            helper.make_node("Squeeze", [p + "_scale", self._ints("axis1", [1])], [p + "_scale_1d"]),
            helper.make_node("Shape", [p + "_scale_1d"], [p + "_count"]),
            helper.make_node("Expand", [self._zero_point(), p + "_count"], [p + "_zero_points"]),
            helper.make_node("QuantizeLinear", [p + "_rows", p + "_scale_1d", p + "_zero_points"], [p + "_q"], axis=0),
        ]
        self.quantized[name] = (p + "_q", p + "_scale", p + "_shape")
        return nodes, self.quantized[name]

    def _integer_matmul(self, source: str, out: str, w8: np.ndarray, w_scale: np.ndarray) -> list[Any]:
        """``out = source @ W`` with ``source`` quantized per token and ``W`` the int8 weights ``w8``
        with their per-channel scales."""
        from onnx import helper

        width, columns = w8.shape
        weights = self._constant(out + "_w8", w8)
        scales = self._constant(out + "_w_scale", w_scale)
        zeros = self._constant(out + "_w_zero", np.zeros(columns, np.int8))
        nodes, (q, scale, shape) = self._quantized_input(source, width)
        inputs = [q, weights, self._scalar("one", 1.0), scales, self._zero_point(), zeros]
        return [
            *nodes,
            helper.make_node("MatMulIntegerToFloat", inputs, [out + "_unscaled"], domain="com.microsoft"),
            helper.make_node("Mul", [out + "_unscaled", scale], [out + "_rows"]),
            helper.make_node("Slice", [shape, self._ints("first", [0]), self._ints("last", [-1])], [out + "_lead"]),
            helper.make_node(
                "Concat", [out + "_lead", self._ints(f"{columns}_columns", [columns])], [out + "_shape"], axis=0
            ),
            helper.make_node("Reshape", [out + "_rows", out + "_shape"], [out]),
        ]

    def _scalar(self, name: str, value: float) -> str:
        return self._constant(f"per_token_{name}", np.array(value, np.float32))

    def _ints(self, name: str, values: list[int]) -> str:
        return self._constant(f"per_token_{name}", np.array(values, np.int64))

    def _zero_point(self) -> str:
        return self._constant("per_token_zero_point", np.array(128, np.uint8))

    def _finish(self, replaced: dict[int, list[Any]]) -> None:
        """Put each replacement where its node stood, drop what nothing reads any more (the replaced
        weights' dequantization), add the contrib-op domain."""
        from onnx import helper

        nodes: list[Any] = []
        for node in self.graph.node:
            nodes += replaced.get(id(node), [node])
        del self.graph.node[:]
        self.graph.node.extend(_live(nodes, {o.name for o in self.graph.output}))
        used = {name for node in self.graph.node for name in node.input}
        kept = [i for i in [*self.graph.initializer, *self.added] if i.name in used]
        del self.graph.initializer[:]
        self.graph.initializer.extend(kept)
        if replaced and not any(o.domain == "com.microsoft" for o in self.model.opset_import):
            self.model.opset_import.append(helper.make_opsetid("com.microsoft", 1))


def _quantize_weights(weights: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """int8 weights per output channel in 7 bits, and their scales."""
    scale = np.abs(weights).max(axis=0) / _WEIGHT_LEVELS
    scale[scale == 0] = 1.0
    w8 = np.clip(np.round(weights / scale), -_WEIGHT_LEVELS, _WEIGHT_LEVELS).astype(np.int8)
    return w8, scale.astype(np.float32)


def _live(nodes: list[Any], outputs: set[str]) -> list[Any]:
    """``nodes`` less those whose results nothing reads any more."""
    needed = set(outputs)
    kept = []
    for node in reversed(nodes):
        if any(out in needed for out in node.output):
            kept.append(node)
            needed.update(node.input)
    return kept[::-1]
