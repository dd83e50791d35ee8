"""A simulator error's traceback as the user reads it: their own frames, not the simulator's.

A finding raised inside `asc.data_copy` unwinds through a dozen frames of pyasc (dispatch, the API's semantics, the
core's memory checks, the launch machinery) between the user's launch and the user's kernel line; the finding's
message already says what went wrong and where. As JAX does with its internals, those frames are cut from the
exception's traceback where a launch re-raises it. `PYASC_TRACEBACK=full` keeps every frame (for reporting a
simulator bug).
"""

from __future__ import annotations

import os
from pathlib import Path
from types import TracebackType

_PACKAGE = str(Path(__file__).resolve().parents[1]) + os.sep  # .../pyasc/


def full_tracebacks() -> bool:
    """True when the user asked for every frame (PYASC_TRACEBACK=full)."""
    return os.environ.get("PYASC_TRACEBACK", "").strip().lower() == "full"


def is_internal(filename: str) -> bool:
    """A frame of pyasc itself, or of the interpreter's own machinery (runpy's frozen frames)."""
    if filename.startswith("<frozen "):
        return True
    try:
        return os.path.abspath(filename).startswith(_PACKAGE)
    except (OSError, ValueError):
        return False


def user_frames(tb: TracebackType | None) -> TracebackType | None:
    """The same traceback without pyasc's frames (all of it when PYASC_TRACEBACK=full, or when nothing is left)."""
    if full_tracebacks():
        return tb
    kept: list[TracebackType] = []
    while tb is not None:
        if not is_internal(tb.tb_frame.f_code.co_filename):
            kept.append(tb)
        tb = tb.tb_next
    out: TracebackType | None = None
    for entry in reversed(kept):
        out = TracebackType(out, entry.tb_frame, entry.tb_lasti, entry.tb_lineno)
    return out
