"""`asc.runtime.compiler`: CANN's compiler driver (IR passes, Ascend C translation, bisheng).  The simulator runs a
kernel's Python and compiles nothing, so the option classes and the target description are here and running the
compiler raises an error that says how to get the Ascend C (`pyasc FILE.py`)."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

from . import platforms
from .rt import interface as rt
from .rt.support import CoreType

__all__ = ["CompilationTarget", "CompileOptions", "CompilePlatform", "CompiledKernel", "Compiler"]


@dataclass
class CompileOptions:
    """Options of CANN's compiler; `auto_sync` and `insert_sync` choose how the sanitizer rates races, the others
    have no effect on the simulator."""

    debug: bool = False
    strip_loc: bool = False
    verify_sync: bool = False
    print_ir_before_all: bool = False
    run_passes: bool = True
    kernel_type: platforms.KernelType | None = None
    opt_level: int | None = 3
    auto_sync: bool | None = True
    auto_sync_log: str | None = ""
    bisheng_options: tuple[str, ...] | None = None
    always_compile: bool = False
    matmul_cube_only: bool = False
    insert_sync: bool | None = None


class CompilePlatform(enum.Enum):
    """The SoC families CANN's pyasc compiles for."""

    Ascend910B = "Ascend910B"
    Ascend910_93 = "Ascend910_93"


@dataclass(frozen=True)
class CompilationTarget:
    """The bisheng architectures of a kernel type: one for vector-only or cube-only kernels, both for mixed ones."""

    common_arch: str | None = None
    vec_arch: str | None = None
    cube_arch: str | None = None
    common_options: list[str] = field(default_factory=list)
    vec_options: list[str] = field(default_factory=list)
    cube_options: list[str] = field(default_factory=list)

    @staticmethod
    def get(kernel_type: platforms.KernelType, platform: CompilePlatform) -> CompilationTarget:
        """Both families are arch c220 (dav-c220-vec / dav-c220-cube)."""
        if CompilePlatform(platform) not in (CompilePlatform.Ascend910B, CompilePlatform.Ascend910_93):
            raise RuntimeError(f"Compilation is not supported for {platform} platform")
        vec, cube, common = "dav-c220-vec", "dav-c220-cube", ["-std=c++17"]
        kinds = platforms.KernelType
        if kernel_type in (kinds.MIX_AIC_1_1, kinds.MIX_AIC_1_2):
            return CompilationTarget(vec_arch=vec, cube_arch=cube, common_options=common)
        if kernel_type in (kinds.AIV_ONLY, kinds.MIX_AIV_1_0, kinds.MIX_AIV_HARD_SYNC):
            return CompilationTarget(common_arch=vec, common_options=common)
        return CompilationTarget(common_arch=cube, common_options=common)


@dataclass(frozen=True)
class CompiledKernel:
    """A compiled kernel: its binary, the cores it runs on, whether it dumps, its argument kinds."""

    binary: bytes | None = None
    core_type: CoreType = CoreType.VectorCore
    enable_debug: bool = False
    kernel_args: tuple[Any, ...] | None = None


_NO_COMPILER = ("pyasc's simulator runs the kernel's Python and compiles nothing; `pyasc FILE.py` writes the "
                "kernel's Ascend C (and builds it with bisheng where CANN is installed)")


class Compiler:
    """Holds the options and the SoC of a compilation; running it raises (see _NO_COMPILER)."""

    def __init__(self, options: CompileOptions | None = None) -> None:
        self.options = CompileOptions() if options is None else options
        self.soc_version = rt.get_soc_version()
        soc = self.soc_version.value
        if not (soc.startswith("Ascend910B") or soc.startswith("Ascend910_93")) or (
                self.options.kernel_type is not None and not isinstance(self.options.kernel_type, platforms.KernelType)
        ) or self.options.opt_level not in (1, 2, 3):
            raise RuntimeError("Please check input compile option")
        self.platform = CompilePlatform.Ascend910_93 if soc.startswith("Ascend910_93") else CompilePlatform.Ascend910B

    @staticmethod
    def run_translation(mod: Any) -> str:
        raise RuntimeError(f"Compiler.run_translation: {_NO_COMPILER}")

    def run(self, mod: Any, func_name: str) -> CompiledKernel:
        raise RuntimeError(f"Compiler.run: {_NO_COMPILER}")

    def run_passes(self, mod: Any) -> None:
        raise RuntimeError(f"Compiler.run_passes: {_NO_COMPILER}")

    def run_compilation(self, source: str, kernel_args: tuple[Any, ...] | None = None) -> CompiledKernel:
        raise RuntimeError(f"Compiler.run_compilation: {_NO_COMPILER}")
