"""Scoring beyond one machine with Ray Data.

``score_ray_dataset(ds, config)`` maps :func:`faithcheck._runs.runner.score_batch` — the same per-batch
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
from collections.abc import Mapping, Sequence
from typing import Any

from faithcheck._metrics.config import FaithfulnessConfig

__all__ = ["score_ray_dataset"]


class _Scorer:
    """A Ray actor: builds the metrics (and loads their models) once, then scores batches."""

    def __init__(self, config: dict[str, Any], metrics: tuple[str, ...], sections: dict[str, dict[str, Any]]):
        from faithcheck._metrics.registry import build_metrics, spec_of

        self.metrics = build_metrics(metrics, config, sections)
        for metric in self.metrics:  # load the models now, not on the first batch
            if (spec := spec_of(metric)) is not None:
                spec.preload(metric)

    def __call__(self, batch: Any) -> Any:
        import pyarrow as pa

        from faithcheck._runs.io.tables import ROWS_SCHEMA, row_fields
        from faithcheck._runs.runner import score_batch

        records = score_batch(self.metrics, batch.to_pylist())
        rows = []
        for record in records:
            row = row_fields(record)  # with several metrics, the others' records are in metrics_json
            row["claims_json"] = json.dumps(record.get("claims") or [], ensure_ascii=False)
            rows.append(row)
        schema = ROWS_SCHEMA.append(pa.field("claims_json", pa.string()))
        return pa.Table.from_pylist(rows, schema=schema)


def score_ray_dataset(
    dataset: Any,
    config: Mapping[str, Any] | FaithfulnessConfig | None = None,
    *,
    metrics: Sequence[str] = ("faithfulness",),
    sections: Mapping[str, Mapping[str, Any]] | None = None,
    relevancy: Mapping[str, Any] | None = None,
    concurrency: int = 2,
    batch_size: int = 256,
    num_cpus: float = 1.0,
) -> Any:
    """Score a ``ray.data.Dataset`` lazily with an actor pool of ``concurrency`` workers.

    ``config`` is a :class:`FaithfulnessConfig` or a mapping of its fields; ``metrics`` names the
    metrics to score (``faithfulness``, ``answer_relevancy``, or a registered one), ``sections``
    each metric's own options by its name, as a config file's sections hold them (``relevancy`` is
    short for ``sections={"answer_relevancy": ...}``). With several metrics, a ``metrics_json`` column holds the other
    metrics' results. ``row`` in the result counts within a batch; use ``input_id`` to join
    results back.
    """
    from faithcheck._metrics.registry import check_metric_options

    options = config.model_dump() if isinstance(config, FaithfulnessConfig) else dict(config or {})
    own = {name: dict(section) for name, section in (sections or {}).items()}
    if relevancy is not None:
        own["answer_relevancy"] = {**own.get("answer_relevancy", {}), **relevancy}
    check_metric_options(tuple(metrics), options, own)  # fail here, on the driver
    return dataset.map_batches(
        _Scorer,
        fn_constructor_kwargs={"config": options, "metrics": tuple(metrics), "sections": own},
        batch_size=batch_size,
        batch_format="pyarrow",
        concurrency=concurrency,
        num_cpus=num_cpus,
    )
