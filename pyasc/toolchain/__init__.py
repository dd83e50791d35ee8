"""C++ checks: libclang and clang-tidy on the generated Ascend C, with findings mapped back to Python spans.

`check_cpp(analysis, config)` is what the CLI calls; `CppChecker` runs it on a worker thread for the language
server; `toolchain_info(config)` and `pyasc doctor` (doctor.run) say which tools and headers are in use.
"""

from __future__ import annotations

from .check import CACHE, DEFAULT_CHECKS, CppChecker, check_cpp, find_clang_tidy_config, tidy_settings
from .headers import HeaderSet
from .info import ToolchainInfo, toolchain_info
from .locate import CLANG_TIDY_ENV, LIBCLANG_ENV, Tool

__all__ = ["CACHE", "CLANG_TIDY_ENV", "DEFAULT_CHECKS", "LIBCLANG_ENV", "CppChecker", "HeaderSet", "Tool",
           "ToolchainInfo", "check_cpp", "find_clang_tidy_config", "tidy_settings", "toolchain_info"]
