"""Byte code of the methods that attrs, cattrs and dataclasses generate at import, kept across starts.

Why: most of a server's start before its first diagnostics is the import of the protocol's types (`lsprotocol.types`,
about 570 attrs classes), and a third to a half of that import is `compile()` of the source attrs writes for each
class's `__init__`, `__eq__`, `__repr__`, ... (measured: 460 ms -> 140-180 ms for the import with these compiled
once).  The same holds, smaller, for pyasc's own dataclasses and for cattrs' (un)structure hooks of the first
messages.  That source is the same on every start, so its byte code is kept in one marshal file in the user's cache
folder (`$XDG_CACHE_HOME/pyasc/lsp-code`, per byte-code version) and looked up by the exact source text, file name,
mode and compiler flags: a hit is the very code object `compile()` would return, a miss compiles as before.  Entries
are only ever added by a start that compiled new source (an upgrade of attrs, a new class), and the file holds the
entries one start used, so it does not grow across upgrades.  Every failure (no cache folder, a corrupt file) means
compiling as before.  `PYASC_LSP_CODE_CACHE=0` turns it off; another value names the file.
"""

from __future__ import annotations
import __future__

import builtins
import logging
import marshal
import os
import sys
import threading
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

logger = logging.getLogger(__name__)

ENV = "PYASC_LSP_CODE_CACHE"
MAX_BYTES = 16 << 20
"""A file larger than this is not read (it cannot be ours)."""
RANDOM_MISSES = 16
"""Misses under a file name the cache knows are tolerated without a rewrite up to this many: attrs writes a
per-process random constant into the `__hash__` of a hashable class, whose source therefore never repeats."""

_Key = tuple[str, str, int, str]


def location() -> Path | None:
    """The cache file, or None when turned off."""
    setting = os.environ.get(ENV, "").strip()
    if setting.lower() in ("0", "off", "false", "no"):
        return None
    if setting:
        return Path(setting)
    from importlib.util import MAGIC_NUMBER

    base = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return base / "pyasc" / "lsp-code" / f"{sys.implementation.cache_tag}-{MAGIC_NUMBER.hex()}.marshal"


def _flags(module: ModuleType) -> int:
    """The `from __future__` flags in force in `module`, which its own compile() and exec() calls inherit."""
    return sum(v.compiler_flag for v in vars(module).values() if isinstance(v, __future__._Feature))


class CodeCache:
    """The table read at start, what this process looked up or compiled, and the patches that consult it."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.table: dict[_Key, CodeType] = {}
        self.used: dict[_Key, CodeType] = {}
        self.missed = 0
        self.unknown = 0
        self.hits = 0
        self._names: set[str] | None = None
        self._lock = threading.Lock()
        self._saved = False
        if path is None:
            return
        try:
            if path.stat().st_size <= MAX_BYTES:
                table = marshal.loads(path.read_bytes())
                if isinstance(table, dict):
                    self.table = table
        except (OSError, ValueError, EOFError, TypeError):
            self.table = {}

    def compile(self, source: Any, filename: Any, mode: str, flags: int) -> CodeType:
        """compile(source, filename, mode) as called from code whose future flags are `flags`."""
        if self._saved or not (isinstance(source, str) and isinstance(filename, str)):  # start-up is over
            return builtins.compile(source, filename, mode, flags, True)
        key = (filename, mode, flags, source)
        code = self.table.get(key)
        if code is None or type(code) is not CodeType:
            code = builtins.compile(source, filename, mode, flags, True)
            with self._lock:
                self.missed += 1
                if self._names is None:
                    self._names = {k[0] for k in self.table}
                if filename not in self._names:
                    self.unknown += 1
        else:
            self.hits += 1
        self.used[key] = code
        return code

    def compile_for(self, module: ModuleType) -> Any:
        """A replacement for the builtin compile() as `module` calls it (source, filename, mode)."""
        flags = _flags(module)

        def compile_cached(source: Any, filename: Any, mode: str, *args: Any, **kwargs: Any) -> Any:
            if args or kwargs:
                return builtins.compile(source, filename, mode, *args, **kwargs)
            return self.compile(source, filename, mode, flags)

        return compile_cached

    def exec_for(self, module: ModuleType) -> Any:
        """A replacement for the builtin exec() as `module` calls it (a source string and its namespaces)."""
        flags = _flags(module)

        def exec_cached(source: Any, globals: Any = None, locals: Any = None, /) -> None:  # noqa: A002
            if isinstance(source, str):
                source = self.compile(source, "<string>", "exec", flags)
            builtins.exec(source, globals, locals)

        return exec_cached

    def patch(self, module: ModuleType, name: str = "compile") -> None:
        """Make `module`'s calls of the builtin `name` (compile or exec) go through the cache."""
        if self.path is None:
            return
        setattr(module, name, self.compile_for(module) if name == "compile" else self.exec_for(module))

    def worth_saving(self) -> bool:
        return self.path is not None and not self._saved and bool(self.used) and \
            (self.unknown > 0 or self.missed > RANDOM_MISSES)

    def save(self) -> None:
        """Once: write what this process used, when it compiled anything new; then drop the table (memory)."""
        with self._lock:
            if self._saved:
                return
            write = self.worth_saving()
            self._saved = True
            used, self.used, self.table = self.used, {}, {}
        if not write or self.path is None:
            return
        try:
            data = marshal.dumps(used)
            self.path.parent.mkdir(parents=True, exist_ok=True)
            tmp = self.path.with_name(f"{self.path.name}.{os.getpid()}.tmp")
            tmp.write_bytes(data)
            os.replace(tmp, self.path)
        except (OSError, ValueError) as exc:
            logger.debug("the code cache is not kept: %s", exc)


_CACHE: CodeCache | None = None


def load() -> CodeCache:
    """The process's cache (read once; before the fork of the start-up worker, which shares it)."""
    global _CACHE
    if _CACHE is None:
        try:
            path = location()
        except (OSError, RuntimeError):  # no home folder
            path = None
        _CACHE = CodeCache(path)
    return _CACHE


def save() -> None:
    """After start-up: keep what this process compiled (nothing when the cache was never loaded)."""
    if _CACHE is not None:
        _CACHE.save()


def install_dataclasses() -> CodeCache:
    """The patch pyasc's compiler import needs (its dataclasses), alone: what the start-up worker uses."""
    cache = load()
    import dataclasses

    cache.patch(dataclasses, "exec")
    return cache


def install() -> CodeCache:
    """Before the protocol's import: attrs' and dataclasses' generated methods through the cache (cattrs' hooks
    once cattrs is imported: `install_cattrs`)."""
    cache = install_dataclasses()
    try:
        import attr._make
    except ImportError:
        return cache
    cache.patch(attr._make)
    return cache


def install_cattrs() -> None:
    """After the protocol's import: the (un)structure hooks cattrs generates for each message type."""
    cache = load()
    for name in ("cattrs.gen", "cattrs.gen.typeddicts"):
        module = sys.modules.get(name)
        if module is not None:
            cache.patch(module)
