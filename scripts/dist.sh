#!/usr/bin/env bash
# The release artifacts: the wheel and the sdist of pyasc-tools (built from the sdist, so the sdist is known to be
# complete) and the VS Code extension's .vsix, all into OUT (default dist/). The Python build runs on a copy of the
# tracked files, so nothing but OUT is written beside the sources; the extension builds in vscode-extension/ (its
# out/ and dist/ are ignored build folders) and needs `npm ci` first (scripts/deps-vscode.sh does it).
# Usage: scripts/dist.sh [OUT] [PYTHON]
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
OUT="${1:-$ROOT/dist}"
PY="${2:-${PYTHON:-python3}}"
mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"

SRC="$(mktemp -d "${TMPDIR:-/tmp}/pyasc-dist.XXXXXX")"
trap 'rm -rf "$SRC"' EXIT
(cd "$ROOT" && git ls-files -z --cached --others --exclude-standard) |
    (cd "$ROOT" && xargs -0 cp --parents -t "$SRC" --)

version="$("$PY" -c 'import sys, tomllib; print(tomllib.load(open(sys.argv[1], "rb"))["project"]["version"])' \
    "$ROOT/pyproject.toml" 2>/dev/null ||
    sed -n 's/^version = "\(.*\)"/\1/p' "$ROOT/pyproject.toml" | head -n 1)"
rm -f "$OUT"/pyasc_tools-*.whl "$OUT"/pyasc_tools-*.tar.gz "$OUT"/pyasc-vscode-*.vsix
"$PY" -m build --outdir "$OUT" "$SRC"

ext_version="$(sed -n 's/^  "version": "\(.*\)",/\1/p' "$ROOT/vscode-extension/package.json" | head -n 1)"
(
    cd "$ROOT/vscode-extension"
    npm run --silent compile
    npm run --silent bundle
    npx --no-install vsce package --no-dependencies --allow-missing-repository --skip-license \
        --out "$OUT/pyasc-vscode-$ext_version.vsix" >/dev/null
)
echo "dist: pyasc-tools $version and pyasc-vscode $ext_version in $OUT:"
ls -1 "$OUT"
