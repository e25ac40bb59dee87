#!/usr/bin/env bash
# Take the shipped model.onnx (34.8 MB of the checkout) out of what the device tool sends, and put
# it back. The tool sends tracked and untracked-not-ignored files; with the model in them only
# about a third of the pack's train pairs fit under 64 MiB, without it all of them do.
#
#   bash training/gpu/model_aside.sh out    # before pack.py and the device call
#   bash training/gpu/model_aside.sh back   # right after (restores the file and the index)
#
# "out" unstages the file (git rm --cached; nothing is committed) and moves it to
# training/work/model_aside/ (git-ignored); "back" moves it back, restores its index entry and checks
# that the file is the committed one. Never commit while it is out.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
model=src/faithcheck/models/verifier/model.onnx
aside=training/work/model_aside
case "${1:-}" in
  out)
    [ -f "$model" ] || { echo "$model is not there (already aside?)" >&2; exit 1; }
    mkdir -p "$aside"
    git rm -q --cached "$model"
    mv "$model" "$aside/model.onnx"
    echo "aside: $model -> $aside/model.onnx (put it back with: $0 back)"
    ;;
  back)
    [ -f "$aside/model.onnx" ] || { echo "nothing aside in $aside" >&2; exit 1; }
    mv "$aside/model.onnx" "$model"
    git reset -q -- "$model"
    git diff --quiet -- "$model" || { echo "$model differs from the committed file" >&2; exit 1; }
    echo "back: $model (same as committed)"
    ;;
  *)
    echo "usage: $0 out|back" >&2
    exit 2
    ;;
esac
