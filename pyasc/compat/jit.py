"""`asc.runtime.jit` (and the option classes of `asc.runtime.compiler`, `asc.runtime.launcher` and
`asc.codegen.function_visitor`): CANN's JIT entry points, on the simulator."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..language.dtypes import DType
from ..sim.jit import JITFunction, jit
from . import config

__all__ = ["CodegenOptions", "CompileOptions", "JITFunction", "LaunchOptions", "MockTensor", "MockValue", "jit"]


@dataclass
class CodegenOptions:
    """Options of CANN's code generator; accepted by `@asc.jit(...)`, no effect on the simulator."""

    capture_exceptions: bool = True
    ir_multithreading: bool = True


@dataclass
class CompileOptions:
    """Options of CANN's compiler; `auto_sync` and `insert_sync` choose how the sanitizer rates races."""

    debug: bool = False
    strip_loc: bool = False
    verify_sync: bool = False
    print_ir_before_all: bool = False
    run_passes: bool = True
    kernel_type: config.KernelType | None = None
    opt_level: int | None = 3
    auto_sync: bool | None = True
    auto_sync_log: str | None = ""
    bisheng_options: tuple[str, ...] | None = None
    always_compile: bool = False
    matmul_cube_only: bool = False
    insert_sync: bool | None = None


@dataclass
class LaunchOptions:
    """`kernel[core_num, stream]`."""

    core_num: int = 0
    stream: Any = None


class MockTensor:
    """A stand-in for a GM tensor of `dtype` that CANN compiles against without data.  The simulator runs kernels
    on data, so a launch needs a real array where CANN would take a MockTensor."""

    def __init__(self, dtype: DType) -> None:
        self.dtype = dtype


class MockValue:
    """A stand-in for a scalar argument of `dtype` (see MockTensor)."""

    def __init__(self, dtype: DType) -> None:
        self.dtype = dtype
