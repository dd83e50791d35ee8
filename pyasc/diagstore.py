"""A persistent store of the diagnostics last published for a file, so that a new session shows them at once.

A hit must be exact: an entry is found under a digest of its context (the caller's: the path, the build of the
tools, the effective settings, anything else its payload depends on) and is returned only when the text has the
same sha256 and every other file the analysis read (`Analysis.reads`) is still in the state it had then.  Anything
else is a miss; so is a missing, truncated or foreign file: a bad entry is never an error.

Entries are small JSON files in one folder (`location()`), written to a temporary file and renamed over the old one,
so two servers sharing the folder never see half an entry.  The folder is kept under `max_entries` files and
`max_bytes` bytes by removing the least recently used ones.  This module imports nothing of the compiler: a server
reads it while the compiler is still being imported.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import sys
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from .reads import state

FORMAT = 1
ENV = "PYASC_LSP_CACHE"
"""A folder for the store, or 0 / off / false / no to keep none."""
OFF = frozenset({"0", "off", "false", "no"})
MAX_ENTRIES = 512
MAX_BYTES = 32 << 20
MAX_ENTRY = 1 << 20
"""An entry larger than this (a file with thousands of findings) is not kept."""
STALE_TMP = 3600.0
"""Seconds after which a temporary file nobody renamed (a writer that died) is removed."""


def location() -> Path | None:
    """Where the store lives: $PYASC_LSP_CACHE, else `pyasc/lsp` in the user's cache folder ($XDG_CACHE_HOME or
    ~/.cache); None when $PYASC_LSP_CACHE turns it off."""
    env = os.environ.get(ENV, "").strip()
    if env.lower() in OFF:
        return None
    if env:
        return Path(env).expanduser()
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pyasc" / "lsp"


@functools.lru_cache(maxsize=8)
def fingerprint(roots: tuple[str, ...], extra: str = "") -> str:
    """The build of the installed packages under `roots`: the name, size and modification time of each of their
    files (bytecode caches left out), with the Python version and `extra` (e.g. a version number).  An upgraded or
    edited install gives another fingerprint; about 3 ms for pyasc and the language server."""
    h = hashlib.sha256(f"{extra}|{sys.version}".encode())
    for root in roots:
        for folder, dirs, files in os.walk(root):
            dirs[:] = sorted(d for d in dirs if d != "__pycache__")
            for name in sorted(files):
                try:
                    st = os.stat(os.path.join(folder, name))
                except OSError:
                    continue
                h.update(f"{folder}/{name}:{st.st_size}:{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def text_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


class Store:
    """The entries of one folder; every method swallows what the file system does wrong and reports a miss."""

    def __init__(self, folder: Path, max_entries: int = MAX_ENTRIES, max_bytes: int = MAX_BYTES) -> None:
        self.folder = folder / f"v{FORMAT}"
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self.write_error: str | None = None
        """Why the last write failed (None after a good one): the server logs it once."""

    @staticmethod
    def _canonical(context: Mapping[str, Any]) -> str:
        return json.dumps(context, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)

    def _file(self, context: Mapping[str, Any]) -> Path:
        key = hashlib.sha256(self._canonical(context).encode("utf-8", "surrogatepass")).hexdigest()
        return self.folder / f"{key}.json"

    def get(self, context: Mapping[str, Any], text: str) -> Any:
        """The payload stored for `context` and exactly this `text`, with every file it read unchanged; else None."""
        target = self._file(context)
        try:
            with open(target, encoding="utf-8") as fh:
                entry = json.load(fh)
            if not isinstance(entry, dict) or entry.get("format") != FORMAT \
                    or entry.get("context") != self._canonical(context) or entry.get("text") != text_digest(text):
                return None
            for path, digest in entry["reads"]:
                if state(path) != digest:
                    return None
            payload = entry["payload"]
        except Exception:  # noqa: BLE001 - missing, unreadable, truncated or foreign: all a miss
            return None
        try:
            os.utime(target)  # recently used: evicted last
        except OSError:
            pass
        return payload

    def put(self, context: Mapping[str, Any], text: str, reads: Iterable[tuple[str, str]], payload: Any) -> bool:
        """Keep `payload` for `context` and `text`, valid while each (path, state) of `reads` holds; False when it
        could not be written (or is too large to keep)."""
        entry = {"format": FORMAT, "context": self._canonical(context), "text": text_digest(text),
                 "reads": [list(r) for r in reads], "payload": payload}
        try:
            body = json.dumps(entry, ensure_ascii=False, separators=(",", ":")).encode("utf-8", "surrogatepass")
        except (TypeError, ValueError) as exc:
            self.write_error = f"cannot encode the entry: {exc}"
            return False
        if len(body) > MAX_ENTRY:
            return False
        target = self._file(context)
        tmp = None
        try:
            self.folder.mkdir(parents=True, exist_ok=True)
            fresh = not target.exists()
            import tempfile  # here, not at the top: with shutil, bz2 and lzma it costs milliseconds of the start

            fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-", suffix=".json")
            with os.fdopen(fd, "wb") as fh:
                fh.write(body)
            os.replace(tmp, target)
            tmp = None
        except OSError as exc:
            self.write_error = f"{self.folder}: {exc.strerror or exc}"
            return False
        finally:
            if tmp is not None:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
        self.write_error = None
        if fresh:
            self.evict()
        return True

    def evict(self) -> int:
        """Remove the least recently used entries beyond the bounds, and temporary files left by dead writers;
        returns how many files were removed."""
        entries: list[tuple[float, int, str]] = []
        removed = 0
        now = time.time()
        try:
            with os.scandir(self.folder) as it:
                for item in it:
                    try:
                        st = item.stat()
                    except OSError:
                        continue
                    if item.name.startswith(".tmp-"):
                        if now - st.st_mtime > STALE_TMP and _unlink(item.path):
                            removed += 1
                    elif item.name.endswith(".json"):
                        entries.append((st.st_mtime, st.st_size, item.path))
        except OSError:
            return removed
        entries.sort()
        total = sum(size for _, size, _ in entries)
        count = len(entries)
        for _, size, path in entries:
            if count <= self.max_entries and total <= self.max_bytes:
                break
            if _unlink(path):
                removed += 1
            count -= 1
            total -= size
        return removed


def _unlink(path: str) -> bool:
    try:
        os.unlink(path)
        return True
    except OSError:  # removed meanwhile by another server, or not ours to remove
        return False


def open_store() -> Store | None:
    """The store at `location()`, or None when it is turned off."""
    folder = location()
    return None if folder is None else Store(folder)
