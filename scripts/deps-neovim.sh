#!/usr/bin/env bash
# Neovim for the language server's end-to-end test (tests/lsp/test_neovim_e2e.py). Idempotent: does nothing when
# nvim is already installed, and refreshes the apt lists only when apt does not know the package yet.
set -euo pipefail

if command -v nvim >/dev/null 2>&1; then
    echo "neovim: $(nvim --version | head -n 1) already installed"
    exit 0
fi
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
if ! apt-cache policy neovim 2>/dev/null | grep -q "Candidate: [0-9]"; then
    $SUDO apt-get update -q
fi
$SUDO apt-get install -y -q --no-install-recommends neovim
echo "neovim: $(nvim --version | head -n 1) installed"
