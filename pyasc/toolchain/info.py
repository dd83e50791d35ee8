"""What the C++ checks would use right now: tools, versions, headers. Shared by `pyasc doctor` and editors."""

from __future__ import annotations

from dataclasses import dataclass

from ..config import Config
from . import headers as header_sel
from . import locate


@dataclass(frozen=True)
class ToolchainInfo:
    libclang: locate.Tool
    clang_tidy: locate.Tool
    resource_dir: str | None
    bindings_version: str | None
    """Version of the clang.cindex Python bindings (the libclang-ng or libclang package)."""
    llvm_home: str | None
    headers: header_sel.HeaderSet
    cann_root: str | None
    cann_version: str | None
    cann_origin: str
    """Where the CANN root came from ('cann_path setting', '$ASCEND_HOME_PATH', ...) or ''."""
    cann_problem: str | None
    """Why a configured CANN root is not used, or None."""
    soc: str

    @property
    def libclang_version(self) -> str | None:
        return self.libclang.version

    @property
    def clang_tidy_version(self) -> str | None:
        return self.clang_tidy.version

    @property
    def llvm_major_match(self) -> bool:
        """libclang and clang-tidy come from one LLVM major (the usual failure when they do not)."""
        return self.libclang.major is not None and self.libclang.major == self.clang_tidy.major

    @property
    def ok(self) -> bool:
        return self.libclang.ok and self.clang_tidy.ok


def _bindings_version() -> str | None:
    try:
        import clang
    except ImportError:
        return None
    return getattr(clang, "__version__", None)


def toolchain_info(config: Config, *, libclang: str | None = None, clang_tidy: str | None = None) -> ToolchainInfo:
    lib = locate.find_libclang(libclang)
    tidy = locate.find_clang_tidy(clang_tidy)
    header_set, problem = header_sel.select(config)
    root, origin = header_sel.cann_root_setting(config)
    return ToolchainInfo(
        libclang=lib,
        clang_tidy=tidy,
        resource_dir=locate.resource_dir(lib) if lib.ok else None,
        bindings_version=_bindings_version(),
        llvm_home=locate.llvm_home(),
        headers=header_set,
        cann_root=header_set.cann_root if header_set.kind == "cann" else None,
        cann_version=header_set.cann_version if header_set.kind == "cann" else None,
        cann_origin=origin if root else "",
        cann_problem=problem,
        soc=config.soc_version,
    )


__all__ = ["ToolchainInfo", "toolchain_info"]
