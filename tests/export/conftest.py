"""Export test helpers: the golden project is compared, never written, unless PYASC_UPDATE_GOLDENS=1 is set
(and never in CI)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = Path(__file__).resolve().parent / "samples"
GOLDENS = Path(__file__).resolve().parent / "goldens"
EXAMPLES = sorted(p for p in (ROOT / "examples").glob("*.py") if not p.name.startswith("run_"))


@pytest.fixture
def update_goldens() -> bool:
    return os.environ.get("PYASC_UPDATE_GOLDENS") == "1" and not os.environ.get("CI")
