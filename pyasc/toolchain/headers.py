"""Which `kernel_operator.h` the C++ checks compile against: a CANN install's real headers, else the bundled one.

CANN is looked for at `Config.cann_path`, else `$ASCEND_HOME_PATH`, else `$ASCEND_TOOLKIT_HOME` (the first one set
is used; a set but unusable root is reported, not silently skipped). Inside a root (or its `latest/`), these
layouts are recognised, in order:

1. `compiler/tikcpp/tikcfw/` (CANN 7.x and 8.0 toolkits),
2. `<arch>-linux/tikcpp/tikcfw/` and `tools/tikcpp/tikcfw/`,
3. `<arch>-linux/ascendc/include/basic_api/` (CANN 8.1 and later; `highlevel_api/` next to it is added),

each with its `impl/` and `interface/` sub-folders, plus `tools/tikicpulib/lib/include` when present (the CPU-debug
stubs). The real headers are compiled in CPU-debug mode: `-DASCENDC_CPU_DEBUG=1 -D__CCE_KT_TEST__=1
-D__NPU_ARCH__=<arch of the configured SoC> -D__CCE_AICORE__=<core version>` and the core-type macro.
"""

from __future__ import annotations

import hashlib
import os
import platform
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..config import Config
from ..language import soc as soc_table

BUNDLED_DIR = Path(__file__).resolve().parent / "include"
HEADER = "kernel_operator.h"
CANN_ENV_VARS = ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME")
_VERSION_FILES = ("version.info", "compiler/version.info", "{arch}-linux/ascend_toolkit_install.info",
                  "ascend_toolkit_install.info", "version.cfg")
# __NPU_ARCH__ -> (__CCE_AICORE__, core-type macro of a vector kernel)
_ARCH_MACROS = {1001: (100, "__DAV_C100__"), 2002: (200, "__DAV_M200__"), 2201: (220, "__DAV_C220_VEC__"),
                3002: (300, "__DAV_M300__"), 3101: (310, "__DAV_C310__")}


@dataclass(frozen=True)
class HeaderSet:
    """Include folders and defines that make `#include "kernel_operator.h"` resolve."""

    kind: str
    """'bundled' or 'cann'."""
    include_dirs: tuple[str, ...]
    defines: tuple[str, ...] = ()
    cann_root: str | None = None
    cann_version: str | None = None
    layout: str = ""
    fingerprint: str = field(default="", compare=False)
    """Hash of what the headers are (bundled header text, or CANN root and version): part of the cache key."""

    def compile_args(self) -> list[str]:
        """Arguments for clang (libclang and after `--` for clang-tidy). -isystem keeps header warnings quiet."""
        args = ["-x", "c++", "-std=c++17"]
        if self.kind == "bundled":
            args.append("-nostdinc++")
        for d in self.include_dirs:
            args += ["-isystem", d]
        args += self.defines
        return args

    def describe(self) -> str:
        if self.kind == "bundled":
            return f"bundled {HEADER} ({self.include_dirs[0]})"
        version = self.cann_version or "unknown version"
        return f"CANN {version} at {self.cann_root} ({self.layout})"


@dataclass(frozen=True)
class CannInstall:
    root: str
    version: str | None
    layout: str
    include_dirs: tuple[str, ...]


def bundled() -> HeaderSet:
    text = (BUNDLED_DIR / HEADER).read_bytes()
    return HeaderSet("bundled", (str(BUNDLED_DIR),), fingerprint=hashlib.sha256(text).hexdigest()[:16])


def cann_root_setting(config: Config) -> tuple[str | None, str]:
    """(root, where it came from) of the configured CANN install, or (None, '') when none is configured."""
    if config.cann_path:
        return config.cann_path, "cann_path setting"
    for var in CANN_ENV_VARS:
        value = os.environ.get(var, "").strip()
        if value:
            return value, f"${var}"
    return None, ""


def _arches() -> list[str]:
    host = platform.machine().lower()
    host = {"amd64": "x86_64", "arm64": "aarch64"}.get(host, host)
    return [host] + [a for a in ("x86_64", "aarch64") if a != host]


def _read_version(root: Path) -> str | None:
    for pattern in _VERSION_FILES:
        for arch in _arches():
            path = root / pattern.format(arch=arch)
            try:
                text = path.read_text(encoding="utf-8", errors="replace")
            except OSError:
                continue
            m = re.search(r"^\s*(?:version|Version|VERSION)\s*[=:]\s*(\S+)", text, re.MULTILINE)
            if m:
                return m.group(1).strip("\"'")
    m = re.fullmatch(r"\d+\.\d+(?:\.\w+)*", root.name)
    return m.group(0) if m else None


def _layouts(root: Path) -> list[tuple[str, Path, list[Path]]]:
    """(name, folder holding kernel_operator.h, extra include folders) candidates under one root."""
    out: list[tuple[str, Path, list[Path]]] = [("compiler/tikcpp/tikcfw", root / "compiler/tikcpp/tikcfw", [])]
    for arch in _arches():
        out.append((f"{arch}-linux/tikcpp/tikcfw", root / f"{arch}-linux/tikcpp/tikcfw", []))
    out.append(("tools/tikcpp/tikcfw", root / "tools/tikcpp/tikcfw", []))
    for arch in _arches():
        base = root / f"{arch}-linux/ascendc/include"
        out.append((f"{arch}-linux/ascendc/include/basic_api", base / "basic_api", [base / "highlevel_api"]))
    return out


def find_cann(root_text: str) -> tuple[CannInstall | None, str | None]:
    """The CANN install under `root_text` (or its `latest/`), or None and the reason it is not usable."""
    root = Path(root_text).expanduser()
    if not root.is_dir():
        return None, f"{root} is not a folder"
    roots = [root] + ([root / "latest"] if (root / "latest").is_dir() else [])
    for base in roots:
        for name, folder, extra in _layouts(base):
            if not (folder / HEADER).is_file():
                continue
            dirs = [folder] + [folder / sub for sub in ("impl", "interface") if (folder / sub).is_dir()]
            dirs += [e for e in extra if e.is_dir()]
            stubs = base / "tools/tikicpulib/lib/include"
            if stubs.is_dir():
                dirs.append(stubs)
            version = _read_version(base) or (_read_version(root) if base != root else None)
            return CannInstall(str(base), version, name, tuple(str(d) for d in dirs)), None
    looked = ", ".join(n for n, _, _ in _layouts(root))
    return None, f"no {HEADER} under {root} (looked in {looked})"


def cpu_debug_defines(soc_name: str) -> tuple[str, ...]:
    chip = soc_table.find(soc_name) or soc_table.find(soc_table.DEFAULT_SOC)
    arch = chip.arch if chip else 2201
    core, core_macro = _ARCH_MACROS.get(arch, (arch // 10, ""))
    defines = ["-DASCENDC_CPU_DEBUG=1", "-D__CCE_KT_TEST__=1", f"-D__NPU_ARCH__={arch}", f"-D__CCE_AICORE__={core}"]
    if core_macro:
        defines.append(f"-D{core_macro}=1")
    return tuple(defines)


def select(config: Config) -> tuple[HeaderSet, str | None]:
    """The header set for `config`, and a warning when a configured CANN root could not be used."""
    root_text, origin = cann_root_setting(config)
    if root_text is None:
        return bundled(), None
    install, reason = find_cann(root_text)
    if install is None:
        return bundled(), f"CANN root from {origin} not usable: {reason}; using the bundled header"
    fingerprint = hashlib.sha256(f"{install.root}\0{install.version}\0{install.layout}".encode()).hexdigest()[:16]
    return HeaderSet("cann", install.include_dirs, cpu_debug_defines(config.soc_version), install.root,
                     install.version, install.layout, fingerprint), None


__all__ = ["BUNDLED_DIR", "CANN_ENV_VARS", "HEADER", "CannInstall", "HeaderSet", "bundled", "cann_root_setting",
           "cpu_debug_defines", "find_cann", "select"]
