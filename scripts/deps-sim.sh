#!/usr/bin/env bash
# Installs what the simulator's torch custom-op tests need: torch==2.13.0 (CPU build) into the project venv.
# Idempotent: nothing happens when that exact version already imports.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY="${PYASC_VENV:-$ROOT/.venv}/bin/python"
TORCH_VERSION="2.13.0"

if "$PY" -c "import torch, sys; sys.exit(0 if torch.__version__.split('+')[0] == '$TORCH_VERSION' else 1)" 2>/dev/null; then
  echo "deps-sim: torch $TORCH_VERSION already installed"
  exit 0
fi
echo "deps-sim: installing torch==$TORCH_VERSION"
"$PY" -m pip install -q "torch==$TORCH_VERSION"
"$PY" -c "import torch; print('deps-sim: torch', torch.__version__)"
