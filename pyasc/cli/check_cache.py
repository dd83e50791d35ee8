"""The result cache of pyasc-check: content-keyed, so it is never stale and never needs to be cleared.

A file's key hashes its text, the configuration that affects findings, pyasc's version and the state of its installed
sources, and the texts of the modules of the same project that the file imports (transitively): a constant changed in
`consts.py` re-checks every kernel that imports it.  Entries are small JSON files written atomically, so concurrent
runs cannot corrupt one another.  The cache lives in `.pyasc_cache/` at the project root, or in $PYASC_CACHE_DIR.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import __version__
from ..compiler.diagnostics.model import Diagnostic, Fix, Related, Severity, Span, TextEdit
from ..config import Config
from ..diagstore import fingerprint

FORMAT = 1


# -- (de)serialization of diagnostics ---------------------------------------------------------------------------------
def _span(s: Span) -> list[int]:
    return [s.line, s.col, s.end_line, s.end_col]


def diag_to_data(d: Diagnostic) -> dict[str, Any]:
    out: dict[str, Any] = {"code": d.code, "severity": int(d.severity), "message": d.message, "span": _span(d.span),
                           "source": d.source}
    if d.related:
        out["related"] = [[_span(r.span), r.message, r.path] for r in d.related]
    if d.fixes:
        out["fixes"] = [[f.title, [[_span(e.span), e.new_text] for e in f.edits]] for f in d.fixes]
    if d.unnecessary:
        out["unnecessary"] = True
    if d.kernel is not None:
        out["kernel"] = d.kernel
    return out


def diag_from_data(data: dict[str, Any]) -> Diagnostic:
    return Diagnostic(
        code=data["code"], severity=Severity(data["severity"]), message=data["message"], span=Span(*data["span"]),
        source=data.get("source", "pyasc"),
        related=tuple(Related(Span(*s), m, p) for s, m, p in data.get("related", ())),
        fixes=tuple(Fix(t, tuple(TextEdit(Span(*s), n) for s, n in edits)) for t, edits in data.get("fixes", ())),
        unnecessary=bool(data.get("unnecessary", False)), kernel=data.get("kernel"),
    )


# -- imports of the same project --------------------------------------------------------------------------------------
_FROM = re.compile(r"^[ \t]*from[ \t]+(\.*)([\w.]*)[ \t]+import[ \t]*(\([^)]*\)|[^#\n]*)", re.M)
_IMPORT = re.compile(r"^[ \t]*import[ \t]+([^#\n;]+)", re.M)


def imported_names(text: str) -> list[tuple[int, str, list[str]]]:
    """(leading dots, module, imported names) for every import statement, found by text so broken files work too."""
    out: list[tuple[int, str, list[str]]] = []
    if "import" not in text:
        return out
    for m in _FROM.finditer(text):
        names = [n.strip().split(" as ")[0].strip() for n in m.group(3).strip("()").replace("\\\n", " ").split(",")]
        out.append((len(m.group(1)), m.group(2), [n for n in names if n.isidentifier()]))
    for m in _IMPORT.finditer(text):
        for part in m.group(1).split(","):
            name = part.strip().split(" as ")[0].strip()
            if name and all(p.isidentifier() for p in name.split(".")):
                out.append((0, name, []))
    return out


def _module_file(base: Path, dotted: str) -> Path | None:
    parts = [p for p in dotted.split(".") if p]
    if not parts:
        init = base / "__init__.py"
        return init if init.is_file() else None
    stem = base.joinpath(*parts)
    for cand in (stem.with_name(stem.name + ".py"), stem / "__init__.py"):
        if cand.is_file():
            return cand
    return None


@dataclass
class DependencyFinder:
    """Resolves a file's imports to the project's own modules (as the analyzer does), following them transitively."""

    root: Path
    limit: int = 200

    def __post_init__(self) -> None:
        self._direct: dict[Path, list[Path]] = {}
        self._texts: dict[Path, bytes] = {}
        self._reals: dict[Path, Path] = {}
        self._modules: dict[tuple[Path, str], Path | None] = {}
        self._dirs: dict[Path, bool] = {}
        self.root = Path(os.path.realpath(self.root))

    def _real(self, p: Path) -> Path:
        hit = self._reals.get(p)
        if hit is None:
            hit = self._reals[p] = Path(os.path.realpath(p))
        return hit

    def _module(self, base: Path, dotted: str) -> Path | None:
        key = (base, dotted)
        if key not in self._modules:  # kernels of one folder import the same modules: resolve each once
            self._modules[key] = _module_file(base, dotted)
        return self._modules[key]

    def _is_dir(self, p: Path) -> bool:
        hit = self._dirs.get(p)
        if hit is None:
            hit = self._dirs[p] = p.is_dir()
        return hit

    def _resolve(self, path: Path, text: str) -> list[Path]:
        here = path.parent
        # The analyzer looks next to the file and two folders up; the project root (and src/) cover package layouts.
        bases = list(dict.fromkeys([here, *list(here.parents)[:2], self.root, self.root / "src"]))
        found: list[Path] = []
        for dots, module, names in imported_names(text):
            if dots:
                base = here
                for _ in range(dots - 1):
                    base = base.parent
                search = [base]
            else:
                search = bases
            for b in search:
                hit = self._module(b, module)
                folder = b.joinpath(*module.split(".")) if module else b
                # `from pkg import consts` (or `from . import consts`) may name submodules.
                subs = [s for s in (self._module(folder, n) for n in names) if s is not None] \
                    if self._is_dir(folder) else []
                if hit is None and not subs:
                    continue
                found.extend(([hit] if hit is not None else []) + subs)
                break
        return [self._real(p) for p in found]

    def _text(self, p: Path) -> bytes:
        if p not in self._texts:
            try:
                self._texts[p] = p.read_bytes()
            except OSError:
                self._texts[p] = b""
        return self._texts[p]

    def digest(self, path: Path, text: str) -> str:
        """Hash of the texts of every project module `text` imports, directly or through other modules."""
        todo = self._resolve(path, text)
        seen: set[Path] = {self._real(path)}
        parts: list[str] = []
        while todo and len(seen) < self.limit:
            p = todo.pop()
            if p in seen:
                continue
            seen.add(p)
            data = self._text(p)
            parts.append(f"{p}:{hashlib.sha256(data).hexdigest()}")
            if p not in self._direct:
                self._direct[p] = self._resolve(p, data.decode("utf-8", "replace"))
            todo.extend(self._direct[p])
        return hashlib.sha256("\n".join(sorted(parts)).encode()).hexdigest()


# -- the cache ------------------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=1)
def _package_state() -> str:
    """pyasc's version plus the sizes and times of its installed sources: an upgraded or edited pyasc misses."""
    import pyasc

    return fingerprint((str(Path(pyasc.__file__).parent),), f"{__version__}|{FORMAT}")


def config_key(config: Config, cpp: bool, folder: Path | None = None) -> str:
    """Everything in the configuration that can change a file's findings (with the C++ tier: the tools and the
    nearest .clang-tidy file too)."""
    env: tuple[str | None, ...] = ()
    tidy = ""
    if cpp:
        env = tuple(os.environ.get(v) for v in ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME", "PYASC_LIBCLANG",
                                                 "PYASC_CLANG_TIDY"))
        tidy = _clang_tidy_digest(folder) if folder is not None else ""
    data = (config.key(), cpp, config.tidy_checks if cpp else None, config.cann_path if cpp else None, env, tidy,
            config.max_kernel_ms)
    return repr(data)


_TIDY: dict[Path, str] = {}


def forget_lookups() -> None:
    """Drop the per-run memo of .clang-tidy files."""
    _TIDY.clear()


def _clang_tidy_digest(folder: Path) -> str:
    """Hash of the nearest .clang-tidy at or above `folder` (clang-tidy reads it for the kernel's C++)."""
    hit = _TIDY.get(folder)
    if hit is None:
        candidate = folder / ".clang-tidy"
        if candidate.is_file():
            try:
                hit = f"{candidate}:{hashlib.sha256(candidate.read_bytes()).hexdigest()}"
            except OSError:
                hit = f"{candidate}:unreadable"
        elif folder.parent != folder:
            hit = _clang_tidy_digest(folder.parent)
        else:
            hit = ""
        _TIDY[folder] = hit
    return hit


class Cache:
    """Per-file results under `<dir>/check-v1/`, or nothing at all when `directory` is None or not writable."""

    def __init__(self, directory: Path | None) -> None:
        self.dir = directory / f"check-v{FORMAT}" if directory is not None else None
        self.base = directory
        self.salt = _package_state() if directory is not None else ""
        self.hits = 0
        self.misses = 0
        self.write_error: str | None = None

    @property
    def enabled(self) -> bool:
        return self.dir is not None

    def key(self, text: str, path: str, cfg_key: str, deps: str) -> str:
        h = hashlib.sha256()
        for part in (self.salt, cfg_key, deps, path):
            h.update(part.encode("utf-8", "surrogatepass"))
            h.update(b"\0")
        h.update(text.encode("utf-8", "surrogatepass"))
        return h.hexdigest()

    def _file(self, key: str) -> Path:
        assert self.dir is not None
        return self.dir / key[:2] / f"{key[2:]}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        if self.dir is None:
            return None
        try:
            data = json.loads(self._file(key).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            self.misses += 1
            return None
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            self.misses += 1
            return None
        self.hits += 1
        return data

    def put(self, key: str, payload: dict[str, Any]) -> None:
        if self.dir is None or self.write_error is not None:
            return
        target = self._file(key)
        try:
            if not self.dir.exists():
                self._create()
            target.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".tmp-", suffix=".json")
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump({"format": FORMAT, **payload}, fh, ensure_ascii=False, separators=(",", ":"))
            os.replace(tmp, target)
        except OSError as exc:
            self.write_error = f"{target.parent}: {exc.strerror or exc}"

    def _create(self) -> None:
        assert self.dir is not None and self.base is not None
        self.dir.mkdir(parents=True, exist_ok=True)
        for name, body in ((".gitignore", "# Created by pyasc-check.\n*\n"),
                           ("CACHEDIR.TAG", "Signature: 8a477f597d28d172789f06886806bc55\n"
                                            "# This folder is a cache of pyasc-check.\n")):
            marker = self.base / name
            if not marker.exists():
                marker.write_text(body, encoding="utf-8")


def cache_dir(root: Path | None) -> Path:
    """$PYASC_CACHE_DIR, else `.pyasc_cache/` at the project root, else (no project) the user's cache folder."""
    env = os.environ.get("PYASC_CACHE_DIR")
    if env:
        return Path(env).expanduser()
    if root is None:
        return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "pyasc"
    return root / ".pyasc_cache"
