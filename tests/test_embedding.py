from __future__ import annotations

import numpy as np

from faithcheck.embedding import default_encoder


def test_vectors_are_unit_norm_and_deterministic() -> None:
    encoder = default_encoder()
    first = encoder.encode(["Return shipping is free for defective items only.", "The cat sat on the mat."])
    assert first.shape == (2, 384)
    assert np.allclose(np.linalg.norm(first, axis=1), 1.0, atol=1e-5)
    again = encoder.encode(["The cat sat on the mat."])
    assert np.allclose(again[0], first[1])


def test_paraphrases_are_closer_than_unrelated_text() -> None:
    v = default_encoder().encode(
        [
            "You can return items within 30 days.",
            "Customers may return items within 30 days of purchase.",
            "The cat sat on the mat.",
        ]
    )
    assert v[0] @ v[1] > 0.8
    assert v[0] @ v[2] < 0.2


def test_padding_does_not_change_a_vector() -> None:
    encoder = default_encoder()
    short = "Short sentence."
    alone = encoder._encode_uncached([short])[0]
    batched = encoder._encode_uncached([short, "A much longer sentence " * 20])[0]
    assert np.allclose(alone, batched, atol=1e-4)
