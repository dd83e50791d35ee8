"""Finding libclang, clang-tidy and the clang resource directory, and telling whether they belong together.

Order of preference, for each tool: an explicit path (argument or environment variable), then `$LLVM_HOME` (the
seed's set-up installs LLVM there), then the pinned PyPI wheels (libclang-ng, clang-tidy). Nothing here loads
libclang into `clang.cindex`; versions are read through a private ctypes handle, so a wrong library is reported
instead of poisoning the process.
"""

from __future__ import annotations

import ctypes
import functools
import os
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

LIBCLANG_ENV = "PYASC_LIBCLANG"
"""Path of the libclang shared library to use (overrides LLVM_HOME and the wheel)."""
CLANG_TIDY_ENV = "PYASC_CLANG_TIDY"
"""Path of the clang-tidy executable to use (overrides LLVM_HOME and the wheel)."""
WHEELS = "pip install 'libclang-ng==22.1.4.2' 'clang-tidy==22.1.8'"
"""The libclang and clang-tidy wheels pyasc-tools depends on (one LLVM major; pyproject.toml pins the same)."""
INSTALL_HINT = f"{WHEELS}  (the LLVM wheels pyasc-tools installs)"


@dataclass(frozen=True)
class Tool:
    """One located tool: where it is, which version it reports, or why it cannot be used."""

    name: str
    path: str | None
    version: str | None
    origin: str
    """'argument', 'environment', 'LLVM_HOME', 'wheel', 'PATH' or 'none'."""
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.path is not None and self.error is None

    @property
    def major(self) -> int | None:
        return _major(self.version)


def _major(version: str | None) -> int | None:
    if not version:
        return None
    m = re.search(r"(\d+)\.\d+", version)
    return int(m.group(1)) if m else None


def llvm_home() -> str | None:
    value = os.environ.get("LLVM_HOME", "").strip()
    return value or None


def _wheel_libclang() -> Path | None:
    try:
        import clang
    except ImportError:
        return None
    native = Path(clang.__file__).resolve().parent / "native"
    for name in ("libclang.so", "libclang.dylib", "libclang.dll"):
        if (native / name).is_file():
            return native / name
    return None


def _wheel_clang_tidy_root() -> Path | None:
    try:
        import clang_tidy
    except ImportError:
        return None
    return Path(clang_tidy.__file__).resolve().parent / "data"


def _llvm_home_libclang(home: Path) -> Path | None:
    lib = home / "lib"
    if (lib / "libclang.so").is_file():
        return lib / "libclang.so"
    versioned = sorted(lib.glob("libclang.so.*"), key=lambda p: [int(x) for x in re.findall(r"\d+", p.name)])
    return versioned[-1] if versioned else None


@functools.lru_cache(maxsize=16)
def _libclang_version(path: str, mtime: float) -> tuple[str | None, str | None]:
    """(version string, error) of a libclang file, read through its C API."""

    class _CXString(ctypes.Structure):
        _fields_ = [("data", ctypes.c_void_p), ("private_flags", ctypes.c_uint)]

    try:
        lib = ctypes.CDLL(path)
        lib.clang_getClangVersion.restype = _CXString
        lib.clang_getCString.argtypes = [_CXString]
        lib.clang_getCString.restype = ctypes.c_char_p
        lib.clang_disposeString.argtypes = [_CXString]
        raw = lib.clang_getClangVersion()
        text = (lib.clang_getCString(raw) or b"").decode("utf-8", "replace")
        lib.clang_disposeString(raw)
    except (OSError, AttributeError) as exc:
        return None, f"cannot load {path}: {exc}"
    m = re.search(r"version\s+(\d+\.\d+(?:\.\d+)?)", text)
    return (m.group(1) if m else text.strip() or None), None


def find_libclang(explicit: str | None = None) -> Tool:
    """The libclang library to use; `explicit` (or $PYASC_LIBCLANG) wins over LLVM_HOME and the wheel."""
    origin = "argument" if explicit else ""
    candidate: Path | None = Path(explicit) if explicit else None
    if candidate is None and os.environ.get(LIBCLANG_ENV):
        candidate, origin = Path(os.environ[LIBCLANG_ENV]), "environment"
    if candidate is None and llvm_home():
        found = _llvm_home_libclang(Path(llvm_home() or ""))
        if found is not None:
            candidate, origin = found, "LLVM_HOME"
    if candidate is None:
        found = _wheel_libclang()
        if found is not None:
            candidate, origin = found, "wheel"
    if candidate is None:
        return Tool("libclang", None, None, "none", "libclang not found (neither LLVM_HOME nor the libclang-ng wheel)")
    if not candidate.is_file():
        return Tool("libclang", str(candidate), None, origin, f"libclang not found at {candidate} (from {origin})")
    version, error = _libclang_version(str(candidate), candidate.stat().st_mtime)
    return Tool("libclang", str(candidate), version, origin, error)


@functools.lru_cache(maxsize=16)
def _clang_tidy_version(path: str, mtime: float) -> tuple[str | None, str | None]:
    try:
        proc = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=20, check=False)
    except (OSError, subprocess.SubprocessError) as exc:
        return None, f"cannot run {path}: {exc}"
    m = re.search(r"version\s+(\d+\.\d+(?:\.\d+)?)", proc.stdout + proc.stderr)
    if proc.returncode != 0 or m is None:
        return None, f"{path} --version failed (exit {proc.returncode}): {(proc.stderr or proc.stdout).strip()[:200]}"
    return m.group(1), None


def find_clang_tidy(explicit: str | None = None) -> Tool:
    """The clang-tidy executable to use; `explicit` (or $PYASC_CLANG_TIDY) wins over LLVM_HOME and the wheel."""
    origin = "argument" if explicit else ""
    candidate: Path | None = Path(explicit) if explicit else None
    if candidate is None and os.environ.get(CLANG_TIDY_ENV):
        candidate, origin = Path(os.environ[CLANG_TIDY_ENV]), "environment"
    if candidate is None and llvm_home():
        exe = Path(llvm_home() or "") / "bin" / "clang-tidy"
        if exe.is_file():
            candidate, origin = exe, "LLVM_HOME"
    if candidate is None:
        root = _wheel_clang_tidy_root()
        if root is not None and (root / "bin" / "clang-tidy").is_file():
            candidate, origin = root / "bin" / "clang-tidy", "wheel"
    if candidate is None:
        return Tool("clang-tidy", None, None, "none", "clang-tidy not found (not in LLVM_HOME, no clang-tidy wheel)")
    if not candidate.is_file():
        return Tool("clang-tidy", str(candidate), None, origin, f"clang-tidy not found at {candidate} (from {origin})")
    if not os.access(candidate, os.X_OK):
        return Tool("clang-tidy", str(candidate), None, origin, f"{candidate} is not executable")
    version, error = _clang_tidy_version(str(candidate), candidate.stat().st_mtime)
    return Tool("clang-tidy", str(candidate), version, origin, error)


def resource_dir(libclang: Tool) -> str | None:
    """The clang resource directory (builtin headers such as stddef.h) matching libclang's major version.

    The libclang wheel's own copy is not always complete, so the clang-tidy wheel's (same LLVM major) is preferred,
    then LLVM_HOME's, then whatever sits next to libclang.
    """
    major = libclang.major
    candidates: list[Path] = []
    root = _wheel_clang_tidy_root()
    if root is not None:
        candidates += sorted((root / "lib" / "clang").glob("*"), reverse=True)
    if llvm_home():
        candidates += sorted((Path(llvm_home() or "") / "lib" / "clang").glob("*"), reverse=True)
    if libclang.path:
        lib_dir = Path(libclang.path).parent
        candidates += sorted((lib_dir / "clang").glob("*"), reverse=True)
        candidates.append(lib_dir / "resource")
    for cand in candidates:
        if not (cand / "include" / "stddef.h").is_file():
            continue
        if major is None or cand.name == "resource" or _major(cand.name + ".0") == major:
            return str(cand)
    return None


__all__ = ["CLANG_TIDY_ENV", "INSTALL_HINT", "LIBCLANG_ENV", "Tool", "find_clang_tidy", "find_libclang",
           "llvm_home", "resource_dir"]
