"""THE entry point: `analyze(text, path, config)` -> Analysis.  The CLI, pyasc-check and the language server all call
this and nothing else, so they can never disagree.

It never imports or executes the user's file and never raises for any input: an internal failure in one kernel
becomes a PA901 diagnostic on that kernel's `def` line while the others are still analyzed.
"""

from __future__ import annotations

from ..config import Config
from .results import Analysis


def analyze(text: str, path: str = "<memory>", config: Config | None = None, cache: object | None = None) -> Analysis:
    """Analyze one document version (placeholder until the front end lands)."""
    return Analysis(path=path, text=text)
