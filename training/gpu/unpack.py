#!/usr/bin/env python3
"""Put a bundle back together from what the GPU run wrote to $OUT (``train_gpu.py``).

Checks every part against ``bundle_manifest.json`` (size and sha256), joins the parts into
``model.onnx``, checks the whole file's sha256, copies ``tokenizer.json`` and ``calibration.json``
(checked too) and writes ``metrics.json`` (the run's metrics, training figures and timings).
The result is an ordinary verifier bundle: ``training/eval_verifier.py --bundle OUT`` and
``benchmarks/accuracy.py --bundle OUT`` take it as they take any other. Standard library only::

    .venv/bin/python training/gpu/unpack.py /work/.device/<files_at> --out training/work/export_gpu
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
from pathlib import Path

PART_FORMAT = "faithcheck-bundle-parts-v1"


class UnpackError(Exception):
    """What came back is incomplete or damaged; the message says which file and what to do."""


def sha256_file(path: Path) -> str:
    with open(path, "rb") as f:
        return hashlib.file_digest(f, "sha256").hexdigest()


def unpack(source: Path, out: Path) -> dict[str, object]:
    """Reassemble the bundle in ``source`` into ``out``; returns the run's manifest."""
    manifest_path = source / "bundle_manifest.json"
    if not manifest_path.is_file():
        raise UnpackError(f"{manifest_path} is missing: the GPU run did not finish its export (see run.log there)")
    try:
        manifest = json.loads(manifest_path.read_text(encoding="utf-8"))
        parts = manifest["parts"]
        model = manifest["model"]
        files = manifest["files"]
    except (ValueError, KeyError, TypeError) as exc:
        raise UnpackError(f"{manifest_path}: not a bundle manifest ({exc})") from None
    if manifest.get("format") != PART_FORMAT:
        raise UnpackError(f"{manifest_path}: format {manifest.get('format')!r}, expected {PART_FORMAT!r}")
    if not parts:
        raise UnpackError(f"{manifest_path}: lists no model parts")
    for part in parts:
        path = source / part["name"]
        if not path.is_file():
            raise UnpackError(f"{path}: part missing; fetch the run's files again")
        if path.stat().st_size != part["bytes"] or sha256_file(path) != part["sha256"]:
            raise UnpackError(f"{path}: size or sha256 differs from the manifest; fetch the run's files again")
    for name, digest in files.items():
        path = source / name
        if not path.is_file() or sha256_file(path) != digest:
            raise UnpackError(f"{path}: missing or its sha256 differs from the manifest; fetch the run's files again")
    out.mkdir(parents=True, exist_ok=True)
    target = out / "model.onnx"
    tmp = target.with_suffix(".onnx.tmp")
    with open(tmp, "wb") as f:
        for part in parts:
            with open(source / part["name"], "rb") as p:
                shutil.copyfileobj(p, f)
    if tmp.stat().st_size != model["bytes"] or sha256_file(tmp) != model["sha256"]:
        tmp.unlink()
        raise UnpackError(f"{source}: the joined parts do not give the model the manifest names (parts out of order?)")
    tmp.replace(target)
    for name in files:
        shutil.copy(source / name, out / name)
    metrics = {k: manifest.get(k) for k in ("metrics", "train", "pack", "seconds", "model")}
    (out / "metrics.json").write_text(json.dumps(metrics, indent=2), encoding="utf-8")
    return dict(manifest)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("source", type=Path, help="the folder the GPU run's $OUT files were fetched to")
    ap.add_argument("--out", type=Path, required=True, help="bundle folder to write")
    args = ap.parse_args(argv)
    try:
        manifest = unpack(args.source, args.out)
    except UnpackError as exc:
        print(f"unpack: {exc}", file=sys.stderr)
        return 1
    model = manifest["model"]
    assert isinstance(model, dict)
    print(
        f"unpack: {args.out}/model.onnx ({model['bytes']} bytes, {len(manifest['parts'])} parts, sha256 ok), "  # type: ignore[arg-type]
        f"tokenizer.json, calibration.json, metrics.json"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
