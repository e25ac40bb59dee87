#!/usr/bin/env bash
# The one command for the device machine (repository root, carry ["training/gpu/pack"]):
#     bash training/gpu/run.sh
# Trains the 12-layer verifier on training/gpu/pack (built here by pack.py) within --deadline-s
# (default 480 s from this script's start, export included) and writes the bundle, split into
# parts, to $OUT (see train_gpu.py). Extra arguments go to train_gpu.py.
# CPU smoke test here: OUT=/tmp/fake_out PYTHON=training/work/venv/bin/python FAITHCHECK_GPU_SMOKE=1 bash training/gpu/run.sh
set -uo pipefail
t0=$(date +%s.%N)
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
py="${PYTHON:-python3}"
: "${OUT:?set OUT to the folder that comes back}"
mkdir -p "$OUT"
export PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 TOKENIZERS_PARALLELISM=false
extra=()
if [ "${FAITHCHECK_GPU_SMOKE:-0}" = 1 ]; then
  # a tiny step count and data slice; no deadline pressure on a slow shared CPU
  extra=(--max-steps "${SMOKE_STEPS:-3}" --limit-train 96 --limit-dev 48 --n-parity 8 --log-every 1
         --batch-tokens 4096 --max-batch 16 --deadline-s 3000 --reserve-s 1500)
fi
{
  echo "run.sh: $(date -u +%FT%TZ) python=$("$py" -c 'import sys; print(sys.version.split()[0])')"
  command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader
  "$py" "$here/train_gpu.py" --pack "${PACK:-$here/pack}" --out "$OUT" --t0 "$t0" "${extra[@]}" "$@"
} 2>&1 | tee "$OUT/run.log"
rc=${PIPESTATUS[0]}
echo "run.sh: exit $rc after $(awk "BEGIN {print $(date +%s.%N) - $t0}") s" | tee -a "$OUT/run.log"
exit "$rc"
