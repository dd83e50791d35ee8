"""Shared paths for the VS Code extension tests."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("PYASC_DEV_CACHE") or Path.home() / ".cache" / "pyasc-dev")
CODE_SERVER_VERSION = "4.100.3"
CODE_SERVER = CACHE / f"code-server-{CODE_SERVER_VERSION}" / "node_modules" / ".bin" / "code-server"
CHROMIUM = Path("/usr/lib/chromium/chromium")
EXTENSION = ROOT / "vscode-extension"
VSIX = EXTENSION / "pyasc-vscode.vsix"
