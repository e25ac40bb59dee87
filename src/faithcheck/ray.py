"""Scoring beyond one machine with Ray Data.

``score_ray_dataset(ds, config)`` maps :func:`faithcheck.runner.score_batch` — the same per-batch
function the local runner uses — over a Ray Dataset with an actor pool, so each worker loads the
models once and keeps them. The result is a Ray Dataset with one row per input row (the columns of
the Parquet rows table, plus ``claims_json``), ready for ``write_parquet``::

    import ray
    from faithcheck.ray import score_ray_dataset

    ray.init(address="auto")                       # or ray://head:10001 for a remote cluster
    ds = ray.data.read_parquet("s3://bucket/eval/")  # input_id, prompt, sut_response, retrieved_context
    score_ray_dataset(ds, {"threshold": 0.8}, concurrency=16).write_parquet("s3://bucket/scores/")

Ray is an optional dependency: ``pip install "faithcheck[ray]"``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from faithcheck.config import FaithfulnessConfig, load_config

__all__ = ["score_ray_dataset"]


class _Scorer:
    """A Ray actor: builds the metric (and loads its models) once, then scores batches."""

    def __init__(self, config: dict[str, Any]):
        from faithcheck.embedding import default_encoder
        from faithcheck.metric import Faithfulness
        from faithcheck.verify import uses_embeddings

        self.metric = Faithfulness.from_config(load_config(**config))
        if uses_embeddings(self.metric.verifier):
            default_encoder()  # load the sentence encoder now, not on the first batch

    def __call__(self, batch: Any) -> Any:
        import pyarrow as pa

        from faithcheck.io.tables import ROWS_SCHEMA, row_fields
        from faithcheck.runner import score_batch

        records = score_batch(self.metric, batch.to_pylist())
        rows = []
        for record in records:
            row = row_fields(record)
            row["claims_json"] = json.dumps(record.get("claims") or [], ensure_ascii=False)
            rows.append(row)
        schema = ROWS_SCHEMA.append(pa.field("claims_json", pa.string()))
        return pa.Table.from_pylist(rows, schema=schema)


def score_ray_dataset(
    dataset: Any,
    config: Mapping[str, Any] | FaithfulnessConfig | None = None,
    *,
    concurrency: int = 2,
    batch_size: int = 256,
    num_cpus: float = 1.0,
) -> Any:
    """Score a ``ray.data.Dataset`` lazily with an actor pool of ``concurrency`` workers.

    ``config`` is a :class:`FaithfulnessConfig` or a mapping of its fields. ``row`` in the
    result counts within a batch; use ``input_id`` to join results back.
    """
    options = config.model_dump() if isinstance(config, FaithfulnessConfig) else dict(config or {})
    load_config(**options)  # fail here, on the driver, for a bad configuration
    return dataset.map_batches(
        _Scorer,
        fn_constructor_kwargs={"config": options},
        batch_size=batch_size,
        batch_format="pyarrow",
        concurrency=concurrency,
        num_cpus=num_cpus,
    )
