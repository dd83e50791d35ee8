#!/usr/bin/env bash
# CANN's pyasc 1.1.1 (PyPI), the reference tracer of the differential suite (tests/differential), in a venv of its
# own in the developer cache: it pins numpy<2 and is never imported by the product. torch (CPU) is installed beside
# it, so that generated launches with torch tensors reach CANN's launch (asc/runtime/jit.py reads a torch.Tensor's
# dtype). Idempotent: nothing happens when that venv already imports pyasc 1.1.1 and torch 2.13.0. Its wheels
# exist for CPython 3.10-3.12 on x86_64 Linux.
set -euo pipefail

CACHE="${PYASC_DEV_CACHE:-$HOME/.cache/pyasc-dev}"
VERSION="1.1.1"
TORCH_VERSION="2.13.0"
VENV="$CACHE/cann-pyasc-$VERSION"
CHECK="import asc, torch, importlib.metadata as m, sys
sys.exit(0 if m.version('pyasc') == '$VERSION' and m.version('torch').split('+')[0] == '$TORCH_VERSION' else 1)"

# -I: isolated, so a project checkout in the current folder (our own package is also called pyasc) is not seen.
if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -I -c "$CHECK" 2>/dev/null; then
    echo "deps-cann: CANN pyasc $VERSION and torch $TORCH_VERSION already installed in $VENV"
    exit 0
fi

# An interpreter CANN's wheels support: PYASC_CANN_PYTHON if given, else the first of these that is 3.10-3.12.
PY=""
for cand in ${PYASC_CANN_PYTHON:-} python3.12 python3.11 python3.10 python3; do
    if command -v "$cand" >/dev/null 2>&1 &&
        "$cand" -c "import sys; sys.exit(0 if (3, 10) <= sys.version_info[:2] <= (3, 12) else 1)" 2>/dev/null; then
        PY="$cand"
        break
    fi
done
if [ -z "$PY" ]; then
    echo "deps-cann: no Python 3.10-3.12 found (CANN's pyasc $VERSION has wheels for those only);" \
        "set PYASC_CANN_PYTHON to one" >&2
    exit 1
fi

echo "deps-cann: installing CANN pyasc $VERSION and torch $TORCH_VERSION into $VENV with $("$PY" --version)"
mkdir -p "$CACHE"
# An existing but incomplete venv (an interrupted install) is completed in place, never deleted: others may use it.
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
# One pip command, so that torch's requirements cannot move numpy to 2.x (CANN's pyasc needs 1.x).
"$VENV/bin/python" -m pip install -q "pyasc==$VERSION" "torch==$TORCH_VERSION" "numpy<2"
"$VENV/bin/python" -I -c "$CHECK"
echo "deps-cann: CANN pyasc $VERSION and torch $TORCH_VERSION installed"
