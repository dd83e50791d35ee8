"""The files an analysis reads besides the document: read through here, and noted while a recording is active.

An analysis depends on the text it is given, its configuration and the project modules it imports (found by
`compiler.syntax.project_reader`, which looks for each candidate file in turn).  A result kept across sessions
(`pyasc.diagstore`) is only right while each of those candidates is as it was: the one that was read has the same
bytes, the ones looked for and absent are still absent.  So every candidate goes through `read_source`, which notes
its state, and `state` computes the same state again later.  This module imports nothing of pyasc: the language
server checks a stored result before it imports the compiler.

An editor's open buffers stand for their files (`Overlay`, made active by `using`): while one is active, a path it
holds is read from it, unsaved edits included, and its state is the sha256 of the buffer's UTF-8 bytes, the same
as the file's when the buffer is saved.  So a result that read a buffer is fresh while that buffer is unchanged,
whatever the disk holds, and one that read the disk goes stale when a buffer opens over it with other text.
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


def key(path: str | Path) -> str:
    """The one spelling of a path the overlay and the records use (`a/./b.py` and `a/b.py` are one file)."""
    return os.path.normpath(os.fspath(path))


class Overlay:
    """Texts standing for files (an editor's open buffers), by path; each change is stamped with a tick of the
    owner's clock (`changed_at`), so that a result computed from an older text is recognized without hashing.

    Written by one thread (the language server's event loop) and read by others: each entry is one tuple, swapped
    whole, and a buffer's digest is computed when first asked for (most keystrokes never need it)."""

    def __init__(self) -> None:
        self._texts: dict[str, tuple[str, list[str]]] = {}
        self._changed: dict[str, int] = {}

    def set(self, path: str | Path, text: str, tick: int = 0) -> None:
        k = key(path)
        self._texts[k] = (text, [])
        self._changed[k] = tick

    def drop(self, path: str | Path, tick: int = 0) -> None:
        k = key(path)
        if self._texts.pop(k, None) is not None:
            self._changed[k] = tick

    def __contains__(self, path: object) -> bool:
        return isinstance(path, (str, Path)) and key(path) in self._texts

    def paths(self) -> list[str]:
        return list(self._texts)

    def changed_at(self, path: str | Path) -> int:
        """The tick of the last set or drop of `path` (0: never)."""
        return self._changed.get(key(path), 0)

    def read(self, path: str | Path) -> tuple[str | None, str] | None:
        """(text, state) of the buffer held for `path`, taken from one entry (a buffer changed meanwhile is never
        paired with the other's digest); the text is None for a buffer too large to be a module, as on disk.  None
        when no buffer is held for `path`."""
        entry = self._texts.get(key(path))
        if entry is None:
            return None
        text, digests = entry
        if not digests:
            data = text.encode("utf-8", "surrogatepass")
            digests.append(_digest(data if len(data) < SIZE_LIMIT else None))
        return (None if digests[0] == ABSENT else text), digests[0]

    def state(self, path: str | Path) -> str | None:
        """The state `read_source` records for `path` while this overlay is active; None when it holds no buffer for
        it (the disk's state applies)."""
        held = self.read(path)
        return None if held is None else held[1]


_overlay: contextvars.ContextVar[Overlay | None] = contextvars.ContextVar("pyasc_overlay", default=None)


@contextmanager
def using(overlay: Overlay | None) -> Iterator[None]:
    """Inside the block (in this thread), `read_source` and `state` see the overlay's buffers instead of the disk."""
    token = _overlay.set(overlay)
    try:
        yield
    finally:
        _overlay.reset(token)


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
    """What `read_source` would see at `path` now: ABSENT, or the sha256 of its bytes (of the active overlay's
    buffer, when it holds one for `path`)."""
    overlay = _overlay.get()
    if overlay is not None:
        held = overlay.state(path)
        if held is not None:
            return held
    return _digest(_load(Path(path)))


def read_source(path: Path) -> str | None:
    """The text of a candidate module file as Python reads a source file (UTF-8, bad bytes replaced, universal
    newlines), or None when it is not read; its state is noted when a recording is active.  With an active overlay
    holding `path`, the buffer's text instead."""
    overlay = _overlay.get()
    held = overlay.read(path) if overlay is not None else None
    if held is not None:
        text, digest = held
    else:
        data = _load(path)
        digest = _digest(data)
        text = None if data is None else data.decode("utf-8", errors="replace")
    seen = _seen.get()
    if seen is not None and seen.setdefault(key(path), digest) != digest:
        seen[key(path)] = UNSTABLE
    if text is None:
        return None
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
