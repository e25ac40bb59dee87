"""Integer weights that give the same numbers on every CPU (faithcheck._models.quantization): the
verifier warns about a bundle whose weights could saturate on CPUs without VNNI, and the shipped
one cannot. Bringing a bundle within range is a training tool (training/reduce_weight_range.py,
tested in training/tests)."""

from __future__ import annotations

from pathlib import Path

import pytest

from faithcheck._models.quantization import SAFE_WEIGHT, widest_integer_weight
from faithcheck._pipeline.verify.onnx_model import OnnxVerifier, shipped_bundle

from .onnx_graphs import bundle_with_8_bit_weights

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")


def test_a_bundle_with_8_bit_weights_warns(tmp_path: Path) -> None:
    bundle = bundle_with_8_bit_weights(tmp_path / "bundle")
    with pytest.warns(RuntimeWarning, match=r"int8 weights up to ±127; on x86 CPUs without VNNI"):
        OnnxVerifier.from_dir(bundle)


def test_the_shipped_bundle_computes_the_same_on_every_cpu() -> None:
    assert widest_integer_weight(onnx.load(str(shipped_bundle() / "model.onnx"))) <= SAFE_WEIGHT
