"""`asc.runtime.jit` (and `asc.codegen.function_visitor`'s CodegenOptions): CANN's JIT entry points, on the
simulator.  `jit` makes a JITFunction, which runs the kernel's Python on simulated cores; a launch goes through
asc.runtime.launcher.Launcher.run as in CANN."""

from __future__ import annotations

import ast
import inspect
import re
import textwrap
from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any

from ..language.dtypes import DType
from ..sim import jit as simjit
from ..sim.findings import Report
from .compiler import CompiledKernel, CompileOptions, Compiler
from .launcher import Launcher, LaunchOptions

__all__ = ["CodegenOptions", "CompileOptions", "CompiledKernel", "FunctionLocation", "JITFunction", "LaunchOptions",
           "Launcher", "MockTensor", "MockValue", "jit"]


@dataclass
class CodegenOptions:
    """Options of CANN's code generator; accepted by `@asc.jit(...)`, no effect on the simulator."""

    capture_exceptions: bool = True
    ir_multithreading: bool = True


_NO_IR = ("CANN's tracer builds MLIR from the kernel; pyasc's simulator runs the kernel's Python instead (pyasc's "
          "own compiler, `pyasc FILE.py`, writes the Ascend C)")


@dataclass
class FunctionLocation:
    """Where a kernel's source is: its file and first line."""

    filename: str = "<source>"
    line_offset: int = 0


class JITFunction(simjit.JITFunction):
    """A kernel: `kernel[core_num](...)` / `kernel[core_num, stream](...)` runs it on the simulator."""

    compiler: type[Compiler] = Compiler
    launcher: type[Launcher] = Launcher

    def __init__(self, fn: Callable[..., Any], **options: Any) -> None:
        simjit._check_options(options)
        super().__init__(fn, options)

    @staticmethod
    def get_function_node(fn: Callable[..., Any]) -> ast.FunctionDef:
        """The kernel's `def`, without its decorators."""
        node = JITFunction._module_of(inspect.getsource(fn)).body[0]
        assert isinstance(node, ast.FunctionDef)
        return node

    @staticmethod
    def _module_of(source: str) -> ast.Module:
        text = textwrap.dedent(source)
        found = re.search(r"^def\s+\w+\s*\(", text, re.MULTILINE)
        if found is None:
            raise TypeError("JIT compilation is applicable to functions only")
        tree = ast.parse(text[found.start():])
        if len(tree.body) != 1 or not isinstance(tree.body[0], ast.FunctionDef):
            raise TypeError("JIT compilation is applicable to functions only")
        return tree

    @staticmethod
    def get_location(fn: Callable[..., Any]) -> FunctionLocation:
        code = fn.__code__  # type: ignore[attr-defined]
        return FunctionLocation(code.co_filename, code.co_firstlineno)

    @staticmethod
    def get_source_lines(fn: Callable[..., Any]) -> tuple[list[str], int] | None:
        try:
            return inspect.getsourcelines(fn)
        except OSError:
            return None

    @staticmethod
    def get_full_name(fn: Callable[..., Any]) -> str:
        return f"{fn.__module__}.{fn.__qualname__}"

    @staticmethod
    def split_args(args: dict[str, Any], annotations: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """Bound arguments split into run-time ones and the values of `asc.ConstExpr[...]` parameters."""
        import typing

        runtime: dict[str, Any] = {}
        constexprs: dict[str, Any] = {}
        for name, value in args.items():
            annotation = annotations.get(name, object)
            origin = typing.get_origin(annotation) or annotation
            if isinstance(annotation, str):  # `from __future__ import annotations`
                is_constexpr = re.search(r"\bConstExpr\b", annotation) is not None
            else:
                is_constexpr = isinstance(origin, type) and issubclass(origin, simjit.ConstExpr)
            (constexprs if is_constexpr else runtime)[name] = value
        return runtime, constexprs

    def parse(self) -> ast.Module:
        """The kernel's source as a module of one `def` (decorators left out)."""
        return self._module_of(inspect.getsource(self.fn))

    @staticmethod
    def get_clashed_args(fn: Callable[..., Any]) -> list[str]:
        """The parameters of `fn` named like a jit option (CANN refuses such a kernel)."""
        return sorted(set(JITFunction.get_config_keywords()) & set(inspect.signature(fn).parameters))

    @staticmethod
    def get_arg_type(value: Any) -> Any:
        raise RuntimeError(f"JITFunction.get_arg_type gives the argument types of CANN's code generator: {_NO_IR}")

    @staticmethod
    def extract_kwargs(dataclass: type, base_kwargs: dict[str, Any]) -> Any:
        """The `dataclass` built from the keywords of `base_kwargs` that are its fields (removed from it)."""
        taken = {f.name: base_kwargs.pop(f.name) for f in fields(dataclass) if f.name in base_kwargs}
        return dataclass(**taken)

    @staticmethod
    def create_context() -> Any:
        raise RuntimeError(f"JITFunction.create_context makes an MLIR context: {_NO_IR}")

    @staticmethod
    def get_arg_dtype(arg_type: Any) -> str:
        raise RuntimeError(f"JITFunction.get_arg_dtype reads CANN's code generator's argument types: {_NO_IR}")

    @classmethod
    def get_config_keywords(cls) -> list[str]:
        """Every option name `@jit(...)` and a launch accept (codegen, compile, launch), in CANN's order."""
        return [f.name for dc in (CodegenOptions, CompileOptions, LaunchOptions) for f in fields(dc)]


def jit(fn: Callable[..., Any] | None = None, **options: Any) -> Any:
    """`@jit` or `@jit(auto_sync=False, ...)`: CANN's option names, and the simulator's (profile, sanitize, soc,
    lockstep)."""
    simjit._check_options(options)
    if fn is None:
        return lambda f: JITFunction(f, **options)
    return JITFunction(fn, **options)


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

    def __init__(self, kernel: simjit.JITFunction, run: Any) -> None:
        self.kernel = kernel
        self._run = run
        self.report: Report | None = None

    def run(self) -> Report:
        self.report = self._run()
        return self.report


def launch_through_launcher(kernel: simjit.JITFunction, core_num: int, stream: Any, args: tuple[Any, ...],
                            run: Any) -> Report:
    """The simulator's launch hook while `import asc` is pyasc's: the launch is Launcher(...).run(...)."""
    prepared = PreparedLaunch(kernel, run)
    Launcher(LaunchOptions(core_num, stream)).run(prepared, kernel.__name__, args)
    return prepared.report if prepared.report is not None else Report()
