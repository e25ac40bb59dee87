#!/usr/bin/env python3
"""A fine-tune's weights moved part of the way back toward the weights it started from, exported
as a bundle (WiSE-FT: ``bundle_base.interpolate``).

A fine-tune of the shipped verifier on the pack learns the edits and loses some of the long
documents the shipped weights read well (training/README.md, "The same recipe on CPU"); a mix of
the two weights often keeps most of both. ``--start`` is the bundle the run started from (the
shipped one), ``--tuned`` the run's bundle, or ``--tuned-state`` its fp32 weights
(``train_gpu.py --save-state`` writes ``<work>/state.pt``: the int8 graph has lost precision).
Both are rebuilt as ``train_gpu.py --init-bundle`` rebuilds a bundle (checked against their
graphs: ``--min-parity``), mixed with the tuned weights' ``--share``, and exported, calibrated
and written to ``--out`` exactly as a training run's bundle (``unpack.py``, ``evaluate.sh``)::

    training/work/venv/bin/python training/gpu/mix_bundles.py --pack training/gpu/pack \\
        --tuned training/work/export_cpu_init128 --share 0.5 --out training/work/mix50/out
    MAX_LEN=128 bash training/gpu/evaluate.sh training/work/mix50/out training/work/export_mix50

Needs torch, transformers, onnx and onnxruntime (the training environment); runs on CPU.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import torch

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent), str(HERE)]

from bundle_base import interpolate  # noqa: E402
from train_gpu import Split, build_model, checked_bundle_weights, load_pack, log, write_bundle  # noqa: E402

SHIPPED = HERE.parent.parent / "src" / "faithcheck" / "models" / "verifier"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pack", type=Path, default=HERE / "pack", help="the pack the tuned run trained on")
    ap.add_argument("--start", type=Path, default=SHIPPED, help="the bundle the run started from")
    tuned = ap.add_mutually_exclusive_group(required=True)
    tuned.add_argument("--tuned", type=Path, help="the run's bundle (model.onnx, tokenizer.json)")
    tuned.add_argument("--tuned-state", type=Path, help="the run's fp32 weights (train_gpu.py --save-state)")
    ap.add_argument("--share", type=float, required=True, help="the tuned weights' share of the mix, in [0, 1]")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--work", type=Path, default=Path(os.environ.get("TMPDIR", "/tmp")) / "faithcheck_mix_work")
    ap.add_argument("--n-parity", type=int, default=200)
    ap.add_argument("--min-parity", type=float, default=0.9)
    ap.add_argument("--part-mib", type=float, default=15.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    if not 0.0 <= args.share <= 1.0:
        ap.error(f"--share {args.share}: the tuned weights' share lies in [0, 1]")
    t0 = time.time()
    torch.set_num_threads(min(2, os.cpu_count() or 1))
    args.out.mkdir(parents=True, exist_ok=True)
    args.work.mkdir(parents=True, exist_ok=True)

    manifest, base, data, tok_path = load_pack(args.pack)
    max_len = int(manifest["max_len"])
    config = json.loads((args.pack / "base_config.json").read_text())
    dev = Split(data, "dev", max_len)
    config, start, _, start_parity = checked_bundle_weights(args.start, config, base, tok_path, dev, args, None)
    if args.tuned is not None:
        tuned_config, tuned_weights, _, tuned_parity = checked_bundle_weights(
            args.tuned, config, base, tok_path, dev, args, None
        )
        if tuned_config != config:
            raise SystemExit(f"{args.tuned} and {args.start} are not the same architecture")
    else:
        state = torch.load(args.tuned_state, map_location="cpu", weights_only=True)
        tuned_weights = {k: state[k].float().numpy() for k in start if k in state}
        tuned_parity = None
    try:
        mixed = interpolate(start, tuned_weights, args.share)
    except ValueError as exc:
        raise SystemExit(f"cannot mix {args.start} with {args.tuned or args.tuned_state}: {exc}") from None
    model = build_model(config, mixed, args.seed)
    t_mix = time.time() - t0
    result = write_bundle(
        model,
        dev,
        tok_path,
        args,
        min(2, os.cpu_count() or 1),
        made={
            "mixed": {
                "start": str(args.start),
                "tuned": str(args.tuned or args.tuned_state),
                "share": args.share,
                "start_parity": start_parity,
                "tuned_parity": tuned_parity,
            },
            "device": "cpu",
        },
        pack={"train_pairs": len(data["train_p"]), "dev_pairs": len(dev), "max_len": max_len},
        seconds={"mix": round(t_mix, 1)},
        t0=t0,
        logf=None,
    )
    metrics = result["metrics"]
    log({"event": "done", "seconds": result["seconds"], "bal_acc2_at_threshold": metrics["bal_acc2_at_threshold"]})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
