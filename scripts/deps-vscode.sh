#!/usr/bin/env bash
# Installs what the VS Code end-to-end test needs: Debian chromium (the browser playwright-core drives),
# code-server 4.100.3 (real VS Code in that browser, installed from the npm registry only, because its own
# post-install step downloads from elsewhere) and the extension's node_modules (`npm ci`).
# Idempotent: each step is skipped when its result is already present and working.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
CACHE="${PYASC_DEV_CACHE:-$HOME/.cache/pyasc-dev}"
CS_VERSION="4.100.3"
CS_DIR="$CACHE/code-server-$CS_VERSION"
CS_BIN="$CS_DIR/node_modules/.bin/code-server"
RG_VERSION="1.18.0"
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi

log() { echo "deps-vscode: $*"; }
start=$(date +%s)

for tool in node npm; do
  command -v "$tool" >/dev/null || { log "$tool is required (Node 20 with npm)"; exit 1; }
done

# 1. Debian packages (apt-get update only when something is missing).
missing=()
# g++ and make build code-server's native modules (argon2, kerberos, node-pty, spdlog).
for pkg in chromium libkrb5-dev pkg-config g++ make; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done
if [ "${#missing[@]}" -gt 0 ]; then
  log "installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  log "apt packages present"
fi

# 2. code-server, cached; a marker is written only after every step succeeded.
cs_works() {
  [ -f "$CS_DIR/.complete" ] && [ -x "$CS_BIN" ] && "$CS_BIN" --version 2>/dev/null | grep -q "^$CS_VERSION"
}
if cs_works; then
  log "code-server $CS_VERSION present in $CS_DIR"
else
  log "installing code-server $CS_VERSION into $CS_DIR (a few minutes, once)"
  rm -rf "$CS_DIR"
  mkdir -p "$CS_DIR"
  (
    cd "$CS_DIR"
    npm init -y >/dev/null
    npm install --no-audit --no-fund --ignore-scripts "code-server@$CS_VERSION" >/dev/null
    npm rebuild argon2 >/dev/null
    cd node_modules/code-server/lib/vscode
    npm install --no-audit --no-fund --omit=dev --ignore-scripts >/dev/null
    npm pack --silent "@vscode/ripgrep-linux-x64@$RG_VERSION" >/dev/null
    tar xzf "vscode-ripgrep-linux-x64-$RG_VERSION.tgz"
    mkdir -p node_modules/@vscode/ripgrep/bin
    cp package/bin/rg node_modules/@vscode/ripgrep/bin/rg
    rm -rf package "vscode-ripgrep-linux-x64-$RG_VERSION.tgz"
    npm_config_yes=true npm rebuild --foreground-scripts >/dev/null 2>&1
    ln -sfn node_modules node_modules.asar
    (cd bin/remote-cli && ln -sfn code-linux.sh code-server)
    (cd bin/helpers && ln -sfn browser-linux.sh browser.sh)
    cd extensions
    npm install --no-audit --no-fund --omit=dev >/dev/null
  )
  touch "$CS_DIR/.complete"
  cs_works || { log "code-server installed but '$CS_BIN --version' fails"; exit 1; }
fi

# 3. The extension's own dependencies, exactly as locked.
if [ -d "$ROOT/node_modules" ] && [ "$ROOT/package-lock.json" -ot "$ROOT/node_modules/.package-lock.json" ]; then
  log "node_modules up to date"
else
  log "npm ci"
  (cd "$ROOT" && npm ci --no-audit --no-fund >/dev/null)
fi

log "done in $(( $(date +%s) - start )) s"
