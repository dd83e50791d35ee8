"""What building an exported operator project needs (`pyasc export`), found on this machine: cmake, and CANN's
op-build CMake package (`asc-config.cmake`, which `find_package(ASC)` loads) and its `msopgen` tool."""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from .headers import _arches


@dataclass(frozen=True)
class OpBuild:
    cmake: str | None
    asc_cmake_dir: str | None
    """The folder holding asc-config.cmake (what `-DASC_DIR=` names), or None."""
    msopgen: str | None

    @property
    def ready(self) -> bool:
        return self.cmake is not None and self.asc_cmake_dir is not None


def _candidates(root: Path) -> list[Path]:
    dirs = [root / "lib64" / "cmake", root / "cmake" / "asc"]
    dirs += [root / f"{arch}-linux" / "lib64" / "cmake" for arch in _arches()]
    return dirs


def find(cann_root: str | None) -> OpBuild:
    """Look for the op build's pieces under a CANN root (None: only cmake on PATH is looked for)."""
    cmake = shutil.which("cmake")
    asc_dir = msopgen = None
    if cann_root:
        root = Path(cann_root)
        asc_dir = next((str(d) for d in _candidates(root) if (d / "asc-config.cmake").is_file()), None)
        tool = root / "python" / "site-packages" / "bin" / "msopgen"
        msopgen = str(tool) if tool.is_file() else shutil.which("msopgen")
    return OpBuild(cmake, asc_dir, msopgen)


def describe(found: OpBuild, cann_root: str | None) -> tuple[bool | None, str, str]:
    """(ready, what was found, how to fix what is missing) for `pyasc doctor`; ready is None without CANN, where
    building is not expected (writing and checking a project needs no CANN)."""
    if not cann_root:
        return (None, "CANN is not configured: `pyasc export` writes and checks projects; building them needs CANN "
                f"(cmake: {found.cmake or 'not found'})", "")
    missing = []
    if found.cmake is None:
        missing.append("cmake is not on PATH")
    if found.asc_cmake_dir is None:
        missing.append(f"no asc-config.cmake under {cann_root} (lib64/cmake)")
    if missing:
        return False, "; ".join(missing), "install cmake 3.16+ and CANN's asc-devkit; then cmake finds ASC itself"
    extra = f"; msopgen at {found.msopgen}" if found.msopgen else ""
    return True, f"cmake at {found.cmake}; find_package(ASC) from {found.asc_cmake_dir}{extra}", ""
