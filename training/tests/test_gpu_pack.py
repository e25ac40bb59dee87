"""training/gpu/unpack.py: a GPU run's bundle parts are joined and every hash is checked."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

UNPACK = Path(__file__).resolve().parents[2] / "training" / "gpu" / "unpack.py"


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


# ------------------------------------------------------------------ packio: formats shared by both ends
def _packio() -> ModuleType:
    sys.path.insert(0, str(UNPACK.parent))
    try:
        import packio
    finally:
        sys.path.remove(str(UNPACK.parent))
    return packio


def test_truncation_lengths_match_the_tokenizer() -> None:
    """train_gpu.py rebuilds truncated pairs from lengths alone; they must equal what the shipped
    tokenizer's own longest_first pair truncation keeps."""
    import random

    import numpy as np
    from tokenizers import Tokenizer

    packio = _packio()
    tok = Tokenizer.from_file(str(UNPACK.parents[2] / "src" / "faithcheck" / "models" / "verifier" / "tokenizer.json"))
    tok.enable_truncation(max_length=40, strategy="longest_first")
    rng = random.Random(3)
    words = ["river", "bank", "1889", "tower", "Paris", "was", "built", "in", "the", "city"]
    for _ in range(200):
        premise = " ".join(rng.choice(words) for _ in range(rng.randint(1, 40)))
        claim = " ".join(rng.choice(words) for _ in range(rng.randint(1, 40)))
        lp = len(tok.encode(premise, add_special_tokens=False).ids)
        lh = len(tok.encode(claim, add_special_tokens=False).ids)
        tp, th = packio.truncate_lengths(np.array([lp]), np.array([lh]), 40 - 4)
        pair = tok.encode(premise, claim)
        assert pair.sequence_ids.count(0) == tp[0], (lp, lh)
        assert pair.sequence_ids.count(1) == th[0], (lp, lh)


def test_segments_expand_to_premises_and_q4_blocks_dequantize() -> None:
    import numpy as np

    packio = _packio()
    seg_tok = np.array([5, 6, 7, 8, 9], dtype=np.uint16)
    seg_off = np.array([0, 2, 3, 5], dtype=np.uint32)  # segments [5 6] [7] [8 9]
    refs = np.array([0, 2, 1, 1, 0], dtype=np.uint32)
    ref_off = np.array([0, 2, 2, 5], dtype=np.uint32)  # premises [0 2], [], [1 1 0]
    flat, offsets = packio.expand(seg_tok, seg_off, refs, ref_off)
    assert flat.tolist() == [5, 6, 8, 9, 7, 7, 5, 6]
    assert offsets.tolist() == [0, 4, 4, 8]

    scale = np.array([0.5], dtype="<f2").view(np.uint8)
    q = np.arange(32) % 16  # weight j in the low nibble of byte j, weight j + 16 in its high nibble
    nibbles = (q[:16] | (q[16:] << 4)).astype(np.uint8)
    block = np.concatenate([scale, nibbles])[None, :]
    assert packio.dequantize_q4(block, 32).tolist() == [[(v - 8) * 0.5 for v in q.tolist()]]


ASIDE = UNPACK.parent / "model_aside.sh"


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True).stdout


def test_model_aside_takes_the_model_out_of_what_travels_and_puts_it_back(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    script = repo / "training" / "gpu" / "model_aside.sh"
    model = repo / "src" / "faithcheck" / "models" / "verifier" / "model.onnx"
    script.parent.mkdir(parents=True)
    model.parent.mkdir(parents=True)
    script.write_bytes(ASIDE.read_bytes())
    model.write_bytes(b"weights")
    (repo / ".gitignore").write_text("training/work/\n")
    _git(repo, "init", "-q")
    _git(repo, "add", ".")
    _git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init")

    def aside(command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["bash", str(script), command], capture_output=True, text=True)

    assert aside("out").returncode == 0
    # what the device tool lists (tracked and untracked-not-ignored) no longer holds the model
    listed = _git(repo, "ls-files", "--cached", "--others", "--exclude-standard").split()
    assert "src/faithcheck/models/verifier/model.onnx" not in listed
    assert not model.exists()
    assert aside("out").returncode == 1  # twice is refused, nothing lost
    assert aside("back").returncode == 0
    assert model.read_bytes() == b"weights"
    assert _git(repo, "status", "--porcelain") == ""
    assert aside("back").returncode == 1
    assert aside("sideways").returncode == 2
