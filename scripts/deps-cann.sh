#!/usr/bin/env bash
# CANN's pyasc 1.1.1 (PyPI), the reference tracer of the differential suite (tests/differential), in a venv of its
# own in the developer cache: it pins numpy<2 and is never imported by the product. Idempotent: nothing happens when
# that venv already imports pyasc 1.1.1. Its wheels exist for CPython 3.10-3.12 on x86_64 Linux.
set -euo pipefail

CACHE="${PYASC_DEV_CACHE:-$HOME/.cache/pyasc-dev}"
VERSION="1.1.1"
VENV="$CACHE/cann-pyasc-$VERSION"
CHECK="import asc, importlib.metadata as m, sys; sys.exit(0 if m.version('pyasc') == '$VERSION' else 1)"

# -I: isolated, so a project checkout in the current folder (our own package is also called pyasc) is not seen.
if [ -x "$VENV/bin/python" ] && "$VENV/bin/python" -I -c "$CHECK" 2>/dev/null; then
    echo "deps-cann: CANN pyasc $VERSION already installed in $VENV"
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

echo "deps-cann: installing CANN pyasc $VERSION into $VENV with $("$PY" --version)"
mkdir -p "$CACHE"
# An existing but incomplete venv (an interrupted install) is completed in place, never deleted: others may use it.
[ -x "$VENV/bin/python" ] || "$PY" -m venv "$VENV"
"$VENV/bin/python" -m pip install -q --upgrade pip
"$VENV/bin/python" -m pip install -q "pyasc==$VERSION" "numpy<2"
"$VENV/bin/python" -I -c "$CHECK"
echo "deps-cann: CANN pyasc $VERSION installed"
