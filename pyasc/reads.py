"""The files an analysis reads besides the document: read through here, and noted while a recording is active.

An analysis depends on the text it is given, its configuration and the project modules it imports (found by
`compiler.syntax.project_reader`, which looks for each candidate file in turn).  A result kept across sessions
(`pyasc.diagstore`) is only right while each of those candidates is as it was: the one that was read has the same
bytes, the ones looked for and absent are still absent.  So every candidate goes through `read_source`, which notes
its state, and `state` computes the same state again later.  This module imports nothing of pyasc: the language
server checks a stored result before it imports the compiler.
"""

from __future__ import annotations

import contextvars
import hashlib
import os
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

SIZE_LIMIT = 2_000_000
"""A candidate this size or larger is not read (a data file named like a module)."""
ABSENT = "-"
"""The state of a candidate that was not read: missing, not a regular file, unreadable or too large."""
UNSTABLE = "!"
"""The state of a path read twice with different contents during one analysis: it matches no later state."""

_seen: contextvars.ContextVar[dict[str, str] | None] = contextvars.ContextVar("pyasc_reads", default=None)


def _load(path: Path) -> bytes | None:
    try:
        st = os.stat(path)
        if not stat.S_ISREG(st.st_mode) or st.st_size >= SIZE_LIMIT:
            return None
        return path.read_bytes()
    except (OSError, ValueError):  # ValueError: a path with a NUL byte
        return None


def _digest(data: bytes | None) -> str:
    return ABSENT if data is None else hashlib.sha256(data).hexdigest()


def state(path: str | Path) -> str:
    """What `read_source` would see at `path` now: ABSENT, or the sha256 of its bytes."""
    return _digest(_load(Path(path)))


def read_source(path: Path) -> str | None:
    """The text of a candidate module file as Python reads a source file (UTF-8, bad bytes replaced, universal
    newlines), or None when it is not read; its state is noted when a recording is active."""
    data = _load(path)
    seen = _seen.get()
    if seen is not None:
        digest = _digest(data)
        if seen.setdefault(str(path), digest) != digest:
            seen[str(path)] = UNSTABLE
    if data is None:
        return None
    text = data.decode("utf-8", errors="replace")
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


@contextmanager
def recording() -> Iterator[dict[str, str]]:
    """Notes path -> state of every candidate read inside the block (in this thread); nested recordings also note
    into the enclosing one."""
    outer = _seen.get()
    seen: dict[str, str] = {}
    token = _seen.set(seen)
    try:
        yield seen
    finally:
        _seen.reset(token)
        if outer is not None:
            for path, digest in seen.items():
                if outer.setdefault(path, digest) != digest:
                    outer[path] = UNSTABLE
