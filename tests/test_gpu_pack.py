"""training/gpu/unpack.py: a GPU run's bundle parts are joined and every hash is checked."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

UNPACK = Path(__file__).resolve().parents[1] / "training" / "gpu" / "unpack.py"


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _fake_run(out: Path, model: bytes, part_bytes: int) -> None:
    """What train_gpu.py leaves in $OUT: model parts, tokenizer, calibration, manifest."""
    out.mkdir(parents=True)
    parts = []
    for k, lo in enumerate(range(0, len(model), part_bytes)):
        chunk = model[lo : lo + part_bytes]
        name = f"model.onnx.part{k:02d}"
        (out / name).write_bytes(chunk)
        parts.append({"name": name, "bytes": len(chunk), "sha256": _digest(chunk)})
    files = {"tokenizer.json": b'{"model": {}}', "calibration.json": b'{"temperature": 1.2, "threshold": 0.4}'}
    for name, data in files.items():
        (out / name).write_bytes(data)
    manifest = {
        "format": "faithcheck-bundle-parts-v1",
        "model": {"name": "model.onnx", "bytes": len(model), "sha256": _digest(model)},
        "parts": parts,
        "files": {name: _digest(data) for name, data in files.items()},
        "metrics": {"bal_acc2_at_threshold": 0.8},
        "train": {"steps": 3},
        "seconds": {"total": 1.0},
    }
    (out / "bundle_manifest.json").write_text(json.dumps(manifest))


def _unpack(source: Path, target: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(UNPACK), str(source), "--out", str(target)],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_parts_are_joined_into_the_bundle(tmp_path: Path) -> None:
    model = bytes(range(256)) * 41 + b"tail"
    _fake_run(tmp_path / "run", model, part_bytes=4000)
    done = _unpack(tmp_path / "run", tmp_path / "bundle")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "bundle" / "model.onnx").read_bytes() == model
    assert json.loads((tmp_path / "bundle" / "calibration.json").read_text())["threshold"] == 0.4
    assert json.loads((tmp_path / "bundle" / "metrics.json").read_text())["train"] == {"steps": 3}
    assert "3 parts, sha256 ok" in done.stdout


def test_a_damaged_part_is_named_and_nothing_is_written(tmp_path: Path) -> None:
    _fake_run(tmp_path / "run", b"x" * 10_000, part_bytes=4000)
    part = tmp_path / "run" / "model.onnx.part01"
    part.write_bytes(b"y" + part.read_bytes()[1:])
    done = _unpack(tmp_path / "run", tmp_path / "bundle")
    assert done.returncode == 1
    assert "model.onnx.part01: size or sha256 differs" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "bundle" / "model.onnx").exists()


def test_a_missing_part_or_manifest_is_reported(tmp_path: Path) -> None:
    _fake_run(tmp_path / "run", b"z" * 9_000, part_bytes=4000)
    (tmp_path / "run" / "model.onnx.part02").unlink()
    done = _unpack(tmp_path / "run", tmp_path / "bundle")
    assert done.returncode == 1
    assert "model.onnx.part02: part missing" in done.stderr
    empty = tmp_path / "empty"
    empty.mkdir()
    done = _unpack(empty, tmp_path / "bundle")
    assert done.returncode == 1
    assert "did not finish its export" in done.stderr


def test_parts_out_of_order_are_refused(tmp_path: Path) -> None:
    _fake_run(tmp_path / "run", b"".join(hashlib.sha256(bytes([i])).digest() for i in range(250)), part_bytes=3000)
    manifest_path = tmp_path / "run" / "bundle_manifest.json"
    manifest = json.loads(manifest_path.read_text())
    manifest["parts"].reverse()
    manifest_path.write_text(json.dumps(manifest))
    done = _unpack(tmp_path / "run", tmp_path / "bundle")
    assert done.returncode == 1
    assert "parts out of order" in done.stderr
    assert not (tmp_path / "bundle" / "model.onnx").exists()
