"""Loading an ONNX model with its tokenizer, and padding token batches: shared by the sentence
encoder and the trained verifier."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from faithcheck._core.errors import ModelLoadError
from faithcheck._core.interrupts import interrupts_held

__all__ = ["load_model", "pad_batch"]


def load_model(model_path: Path, tokenizer_path: Path, *, what: str, threads: int | None = None) -> tuple[Any, Any]:
    """An onnxruntime CPU session and a ``tokenizers.Tokenizer`` (without padding).

    Any failure is a :class:`ModelLoadError` naming ``what`` was being loaded and from where. Ctrl-C
    is held until the model is loaded (:func:`~faithcheck._core.interrupts.interrupts_held`): onnxruntime
    would turn it into an ``ImportError``.
    """
    with interrupts_held():
        return _load_model(model_path, tokenizer_path, what=what, threads=threads)


def _load_model(model_path: Path, tokenizer_path: Path, *, what: str, threads: int | None) -> tuple[Any, Any]:
    import onnxruntime as ort
    from tokenizers import Tokenizer

    try:
        options = ort.SessionOptions()
        options.intra_op_num_threads = threads or min(4, os.cpu_count() or 1)
        options.log_severity_level = 3
        # Idle intra-op threads sleep instead of spinning: the rows' Python work (evidence, cues,
        # other rows in flight) needs the same cores. On 2 cores, 4 rows in flight, this scored
        # 25-47% more rows/s (benchmarks/RESULTS.md, session 9); outputs are unchanged.
        options.add_session_config_entry("session.intra_op.allow_spinning", "0")
        session = ort.InferenceSession(str(model_path), options, providers=["CPUExecutionProvider"])
        tokenizer = Tokenizer.from_file(str(tokenizer_path))
    except Exception as exc:  # onnxruntime and tokenizers raise their own types
        raise ModelLoadError(f"cannot load the {what} from {model_path}: {exc}") from exc
    tokenizer.no_padding()  # batches are padded to their own longest member by pad_batch
    return session, tokenizer


def pad_batch(encodings: Sequence[Any], pad_id: int = 0) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """``input_ids`` and ``attention_mask`` for a batch of encodings, padded to the longest."""
    width = max(len(e.ids) for e in encodings)
    ids = np.full((len(encodings), width), pad_id, dtype=np.int64)
    mask = np.zeros((len(encodings), width), dtype=np.int64)
    for row, e in enumerate(encodings):
        ids[row, : len(e.ids)] = e.ids
        mask[row, : len(e.ids)] = 1
    return ids, mask
