"""Edits batched beside their originals (``train.py --pair-originals``), without torch.

A slot or edit negative (``slot_pairs.py``, ``edit_pairs.py``) keeps the claim it was made from
in ``original``. Trained alone, such a row teaches "claims about this premise are not supported":
the session-19 note in ``training/README.md`` measured exactly that (the rebuilt shipped weights
called 62.6% of originals supported, the slot fine-tune 26.2%). Put beside its original (same
premise, label supported) in the same batch, with a margin on the two rows' supported log-odds,
the only thing that tells them apart is the edited word.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import SupportsIndex

Row = dict[str, object]


def with_originals(rows: Sequence[Row]) -> tuple[list[Row], list[tuple[int, int]]]:
    """``rows`` followed by the original of each edited row, and the (edit, original) index pairs.

    An original is a supported, 3-way row against the edit's premise; one original shared by
    several edits of the batch is added once.

    >>> batch, pairs = with_originals([
    ...     {"premise": "P", "hypothesis": "It costs 5 euros.", "original": "It costs 4 euros.", "label": 2,
    ...      "binary_only": False},
    ...     {"premise": "Q", "hypothesis": "A cat sleeps.", "label": 0, "binary_only": False}])
    >>> [r["hypothesis"] for r in batch], pairs
    (['It costs 5 euros.', 'A cat sleeps.', 'It costs 4 euros.'], [(0, 2)])
    """
    batch = list(rows)
    added: dict[tuple[object, object], int] = {}
    pairs: list[tuple[int, int]] = []
    for i, row in enumerate(rows):
        original = row.get("original")
        if not original or original == row["hypothesis"] or row["label"] == 0:
            continue
        key = (row["premise"], original)
        if key not in added:
            added[key] = len(batch)
            batch.append(
                {
                    "premise": row["premise"],
                    "hypothesis": original,
                    "label": 0,
                    "binary_only": False,
                    "source": f"original/{row.get('source', '')}",
                }
            )
        pairs.append((i, added[key]))
    return batch, pairs


def with_original_indices(
    rows: Sequence[SupportsIndex], original: Sequence[SupportsIndex]
) -> tuple[list[int], list[tuple[int, int]]]:
    """The same for packed pairs (``gpu/train_gpu.py``): ``rows`` (indices of a batch) followed by
    the original of each edited row that the batch lacks, and the (edit, original) positions in the
    result. ``original[i]`` is the index of row i's original, or -1 (``gpu/pack.py``'s
    ``<split>_orig``). Below, row 5's original (2) is in the batch; row 7's (3) is added.

    >>> with_original_indices([5, 7, 2], [-1, -1, -1, -1, -1, 2, -1, 3])
    ([5, 7, 2, 3], [(0, 2), (1, 3)])
    """
    batch = [int(i) for i in rows]
    at = {row: k for k, row in enumerate(batch)}
    pairs: list[tuple[int, int]] = []
    for k, row in enumerate(list(batch)):
        source = int(original[row])
        if source < 0:
            continue
        if source not in at:
            at[source] = len(batch)
            batch.append(source)
        pairs.append((k, at[source]))
    return batch, pairs
