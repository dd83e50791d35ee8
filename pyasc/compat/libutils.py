"""`asc.lib.utils`: where CANN's toolkit and the host's compilers are.  These are facts of the machine, the same
with or without the simulator: the toolkit from ASCEND_HOME_PATH, a C++ compiler from CXX / CC / PATH."""

from __future__ import annotations

import functools
import os
import shutil
import sysconfig
from pathlib import Path

__all__ = ["get_ascend_path", "get_cxx_compiler", "get_py_include_dir"]


@functools.lru_cache
def get_ascend_path() -> Path:
    """CANN's toolkit (ASCEND_HOME_PATH); the simulator itself never needs it."""
    path = os.getenv("ASCEND_HOME_PATH", "")
    if not path:
        raise OSError("ASCEND_HOME_PATH is not set, source <ascend-toolkit>/set_env.sh first (pyasc's simulator "
                      "does not need it)")
    return Path(path)


@functools.lru_cache
def get_cxx_compiler() -> str:
    """$CXX, else $CC, else g++ or clang++ on PATH."""
    found = os.environ.get("CXX") or os.environ.get("CC") or shutil.which("g++") or shutil.which("clang++")
    if found is None:
        raise RuntimeError("Failed to find C++ compiler")
    return found


@functools.lru_cache
def get_py_include_dir() -> str:
    """The Python headers' folder (Debian's posix_local scheme read as posix_prefix)."""
    scheme = sysconfig.get_default_scheme()
    return sysconfig.get_paths(scheme="posix_prefix" if scheme == "posix_local" else scheme)["include"]
