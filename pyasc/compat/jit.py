"""`asc.runtime.jit` (and the option classes of `asc.runtime.compiler`, `asc.runtime.launcher` and
`asc.codegen.function_visitor`): CANN's JIT entry points, on the simulator."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..language.dtypes import DType
from ..sim.findings import Report
from ..sim.jit import JITFunction, jit
from . import config

__all__ = ["CodegenOptions", "CompileOptions", "JITFunction", "LaunchOptions", "Launcher", "MockTensor", "MockValue",
           "jit"]


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


class PreparedLaunch:
    """What `Launcher.run` receives as the kernel: a launch ready to run on the simulator."""

    def __init__(self, kernel: JITFunction, run: Any) -> None:
        self.kernel = kernel
        self._run = run
        self.report: Report | None = None

    def run(self) -> Report:
        self.report = self._run()
        return self.report


class Launcher:
    """`asc.runtime.launcher.Launcher`: every launch goes through `run`, as in CANN, so a program or test that
    replaces it (CANN's unit tests patch it to count launches without a device) replaces the simulation too."""

    def __init__(self, options: LaunchOptions) -> None:
        self.options = options

    def run(self, kernel: PreparedLaunch, function_name: str, user_args: tuple[Any, ...]) -> None:
        kernel.run()


def launch_through_launcher(kernel: JITFunction, core_num: int, stream: Any, args: tuple[Any, ...],
                            run: Any) -> Report:
    """The simulator's launch hook while `import asc` is pyasc's: the launch is Launcher(...).run(...)."""
    prepared = PreparedLaunch(kernel, run)
    Launcher(LaunchOptions(core_num, stream)).run(prepared, kernel.__name__, args)
    return prepared.report if prepared.report is not None else Report()
