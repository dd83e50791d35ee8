"""`@asc.jit` on the simulator: the kernel function runs as Python once per core, its `asc.*` calls executing
against numpy-backed cores.  Launch syntax and argument rules follow CANN pyasc (`kernel[core_num](...)`,
`kernel[core_num, stream](...)`; int -> int32, float -> float32, bool -> int8, arrays -> GM pointers)."""

from __future__ import annotations

import contextlib
import functools
import inspect
import threading
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any, Generic, TypeVar

import numpy as np

from ..language import soc as socs
from . import dispatch, objects, profiling, state, structs
from .findings import Report, SimulationError
from .scalars import DeviceInt
from .tracebacks import user_frames

T = TypeVar("T")

CODEGEN_OPTIONS = ("capture_exceptions", "ir_multithreading")
COMPILE_OPTIONS = ("debug", "strip_loc", "verify_sync", "print_ir_before_all", "run_passes", "kernel_type",
                   "opt_level", "auto_sync", "auto_sync_log", "bisheng_options", "always_compile",
                   "matmul_cube_only", "insert_sync")
LAUNCH_OPTIONS = ("core_num", "stream")
SIM_OPTIONS = ("profile", "sanitize", "soc", "lockstep")
"""Simulator-only options: `profile=True` prints a profile per launch; `sanitize=False` skips race tracking;
`lockstep=False` runs the cores one after another even where running them at once would be exact."""
KNOWN_OPTIONS = frozenset(CODEGEN_OPTIONS + COMPILE_OPTIONS + LAUNCH_OPTIONS + SIM_OPTIONS)

KERNELS: dict[str, dict[str, JITFunction]] = {}
"""Every @asc.jit function by name, then by defining module, for `pyasc.Kernel("name")`."""

_LOCK = threading.RLock()
_LAUNCH_HOOK: list[Callable[..., Report] | None] = [None]


def set_launch_hook(hook: Callable[..., Report] | None) -> None:
    """Route launches through `hook(kernel, core_num, stream, args, run)`, which calls `run()` to simulate (CANN's
    programs reach the launch through asc.runtime.launcher.Launcher.run, which their tests may replace); None
    launches directly."""
    _LAUNCH_HOOK[0] = hook


_DEFAULTS = state.Options()
_COLLECTORS: list[Report] = []
_LAST: list[Report] = [Report()]


class ConstExpr(Generic[T]):
    """`asc.ConstExpr[int]`: a compile-time parameter; on the simulator its value is passed through unchanged."""


class GlobalAddressAnnotation:
    """Marker kept for annotations; the runtime class is pyasc.sim.objects.GlobalAddress."""


def _check_options(options: dict[str, Any]) -> None:
    unknown = sorted(set(options) - KNOWN_OPTIONS)
    if unknown:
        raise RuntimeError(f"The following option names are unknown: {', '.join(unknown)}")


def jit(fn: Callable[..., Any] | None = None, **options: Any) -> Any:
    """Decorator: `@asc.jit` or `@asc.jit(auto_sync=False, kernel_type=..., ...)`."""
    _check_options(options)
    if fn is None:
        return lambda f: JITFunction(f, options)
    return JITFunction(fn, options)


def last_report() -> Report:
    """Findings of the most recent launch."""
    return _LAST[0]


@contextlib.contextmanager
def collect() -> Iterator[Report]:
    """Collect findings of the launches inside instead of raising SimulationError for errors."""
    rep = Report()
    _COLLECTORS.append(rep)
    try:
        yield rep
    finally:
        _COLLECTORS.remove(rep)


@contextlib.contextmanager
def settings(**changes: Any) -> Iterator[state.Options]:
    """Temporarily change simulator defaults: sanitize, profile, soc, lockstep, auto_sync (for kernels that do not
    say)."""
    global _DEFAULTS
    old = _DEFAULTS
    if "soc" in changes and socs.find(str(changes["soc"])) is None:
        raise ValueError(f"unknown SoC '{changes['soc']}'; known: {', '.join(socs.names())}")
    _DEFAULTS = replace(old, **changes)
    try:
        yield _DEFAULTS
    finally:
        _DEFAULTS = old


def set_default_soc(name: str) -> None:
    """The SoC of later launches that do not choose one (`asc.runtime.config.set_platform` sets it); "" goes back
    to the project's configuration."""
    global _DEFAULTS
    if name and socs.find(str(name)) is None:
        raise ValueError(f"unknown SoC '{name}'; known: {', '.join(socs.names())}")
    _DEFAULTS = replace(_DEFAULTS, soc=str(name))


def _annotation_kind(ann: Any) -> str:
    """'constexpr' / 'constexpr:int' (with its required type), 'gm', 'int', 'float', 'bool' or 'any'."""
    if isinstance(ann, str):
        text = ann
    elif getattr(ann, "__origin__", None) is ConstExpr or ann is ConstExpr:
        args = getattr(ann, "__args__", ())
        inner = getattr(args[0], "__name__", "") if args else ""
        return f"constexpr:{inner}" if inner else "constexpr"
    else:
        text = getattr(ann, "__name__", None) or repr(ann)
    if "ConstExpr" in text:
        inner = text.partition("[")[2].rstrip("]").strip()
        return f"constexpr:{inner}" if inner else "constexpr"
    if "GlobalAddress" in text or "Tensor" in text:
        return "gm"
    if text in ("int", "float", "bool"):
        return text
    return "any"


_CONSTEXPR_TYPES: dict[str, tuple[type, ...]] = {"int": (int, np.integer), "float": (float, int, np.number),
                                                 "bool": (bool, np.bool_), "str": (str,)}


class JITFunction:
    """A kernel or helper.  `kernel[n](...)` launches it on n simulated cores; called inside a kernel it is just
    a function call."""

    def __init__(self, fn: Callable[..., Any], options: dict[str, Any]) -> None:
        self.fn = fn
        self.options = dict(options)
        self.__name__ = fn.__name__
        self.__doc__ = fn.__doc__
        self.__wrapped__ = fn
        self.signature = inspect.signature(fn)
        clash = sorted(set(self.signature.parameters) & KNOWN_OPTIONS)
        if clash:
            raise RuntimeError(f"Kernel parameter names clash with option names: {', '.join(clash)}")
        self.param_kinds = {name: _annotation_kind(p.annotation) for name, p in self.signature.parameters.items()}
        KERNELS.setdefault(fn.__name__, {})[getattr(fn, "__module__", "") or ""] = self
        functools.update_wrapper(self, fn)

    @property
    def auto_sync(self) -> bool:
        if self.options.get("insert_sync") is True:
            return True
        return bool(self.options.get("auto_sync", True))

    @functools.cached_property
    def sim_fn(self) -> Callable[..., Any]:
        """The function the simulator runs: fn, with CANN's `with mm.iterate() as count:` as a loop
        (pyasc.sim.loopform)."""
        from .loopform import loop_form

        return loop_form(self.fn)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        if state.maybe_current() is not None:
            result = self.sim_fn(*args, **kwargs)
            # CANN's tracer hands a helper's several results back as a Python list (item assignment replaces one)
            return list(result) if type(result) is tuple else result
        raise RuntimeError(f"launch the kernel with {self.__name__}[core_num](...) or "
                           f"{self.__name__}[core_num, stream](...)")

    def __getitem__(self, key: Any) -> Callable[..., Report]:
        """`kernel[core_num]` or `kernel[core_num, stream]`; as CANN, anything but an int is unpacked into at most
        those two (`kernel[[4]]`, `kernel[(4,)]`; `kernel[()]` leaves core_num 0, which the launch refuses)."""
        if isinstance(key, (int, np.integer)):
            core_num, stream = key, None
        else:
            try:
                parts = list(key)
            except TypeError:
                raise TypeError(f"Parse user launch options failed: {key!r} is not core_num or "
                                "(core_num, stream)") from None
            if len(parts) > 2:
                raise TypeError(f"Parse user launch options failed: {len(parts)} values, at most core_num and "
                                "stream")
            core_num, stream = parts + [0, None][len(parts):]

        def run(*args: Any, **kwargs: Any) -> Report:
            try:
                return self.launch(core_num, args, kwargs, stream=stream)
            except SimulationError as exc:  # the user's frames only (pyasc/sim/tracebacks.py)
                raise exc.with_traceback(user_frames(exc.__traceback__))  # noqa: B904 (PYASC_TRACEBACK=full: all)

        return run

    def launch(self, core_num: Any, args: tuple[Any, ...], kwargs: dict[str, Any], stream: Any = None) -> Report:
        """Run the kernel on `core_num` cores; returns the launch's findings (errors raise unless collecting)."""
        opts = {k: kwargs.pop(k) for k in list(kwargs) if k in KNOWN_OPTIONS}
        unknown_kw = [k for k in kwargs if k not in self.signature.parameters]
        if unknown_kw:
            raise RuntimeError(f"The following option names are unknown: {', '.join(sorted(unknown_kw))}")
        if not isinstance(core_num, (int, np.integer)) or int(core_num) <= 0:
            raise ValueError(f"core_num must be a positive int, got {core_num!r}")
        merged = {**self.options, **opts}
        options = replace(_DEFAULTS, auto_sync=(True if merged.get("insert_sync") is True
                                                 else bool(merged.get("auto_sync", _DEFAULTS.auto_sync))),
                          collect=_DEFAULTS.collect or bool(_COLLECTORS))
        if "sanitize" in merged:
            options.sanitize = bool(merged["sanitize"])
        if merged.get("soc"):
            options.soc = str(merged["soc"])
        if "lockstep" in merged:
            options.lockstep = bool(merged["lockstep"])
        from .mix import kernel_kind

        options.cube_only, options.mix = kernel_kind(self.fn, merged, (JITFunction,))
        forced_profile = bool(merged.get("profile", _DEFAULTS.profile))
        options.profile = forced_profile or profiling.active()
        def run() -> Report:
            with _LOCK:
                return self._run(int(core_num), args, kwargs, options, forced_profile)

        hook = _LAUNCH_HOOK[0]
        return run() if hook is None else hook(self, int(core_num), stream, args, run)

    def _bind(self, launch: state.Launch, args: tuple[Any, ...], kwargs: dict[str, Any]
              ) -> tuple[list[Any], list[Callable[[], None]]]:
        try:
            bound = self.signature.bind(*args, **kwargs)
        except TypeError as e:
            raise TypeError(f"{self.__name__}: {e}") from None
        bound.apply_defaults()
        out: list[Any] = []
        writebacks: list[Callable[[], None]] = []
        for name, value in bound.arguments.items():
            kind = self.param_kinds.get(name, "any")
            out.append(_convert(launch, name, value, kind, writebacks))
        return out, writebacks

    def _run(self, core_num: int, args: tuple[Any, ...], kwargs: dict[str, Any], options: state.Options,
             forced_profile: bool) -> Report:
        launch = state.Launch(self.__name__, core_num, options)
        conv, writebacks = self._bind(launch, args, kwargs)
        _LAST[0] = launch.report
        saved_err = np.seterr(all="ignore")  # float16 overflow, integer wrap-around and NaN are results, not errors
        try:
            if not self._lockstep(core_num, options, launch, conv):
                from .mix import ServerReturn, cores

                structs_at = [i for i, a in enumerate(conv) if isinstance(a, (structs.Struct, objects.Struct))]
                plan = cores(core_num, options.mix) if options.mix else [(i, None, 0) for i in range(core_num)]
                lanes: dict[int, state.CubeLanes] = {}
                for i, aic, sub in plan:
                    core = state.Core(launch, i, aic, sub)
                    if options.mix and options.profile and not aic:  # the block's cube core serves its Matmul
                        block = i // options.mix
                        core.cube = lanes.setdefault(block, state.CubeLanes(block))
                    state.set_current(core)
                    for b in launch.buffers:  # GM races are tracked within a core: each core starts unsynchronized
                        b.shadow = None
                    args = conv
                    if structs_at:  # every core reads its own copy of a struct argument
                        args = [structs.device_copy(a) if j in structs_at else a for j, a in enumerate(args)]
                    try:
                        self.sim_fn(*args)
                    except ServerReturn:
                        pass
                    finally:
                        core.finish()
                        launch.stats.append(core.stats)
                        state.set_current(None)
        finally:
            np.seterr(**saved_err)
            for wb in writebacks:
                wb()
            for rep in _COLLECTORS:
                rep.findings.extend(launch.report.findings)
        profiling.record(launch, forced_profile)
        return launch.report

    def _lockstep(self, core_num: int, options: state.Options, launch: state.Launch, conv: list[Any]) -> bool:
        """Try the all-cores-at-once fast path (pyasc.sim.lockstep); False: run per core (GM left untouched)."""
        from . import lockstep

        if not options.lockstep:
            lockstep.not_used("lockstep is off")
            return False
        if core_num < 2:
            lockstep.not_used("a single core")
            return False
        if options.profile:
            lockstep.not_used("profiling")
            return False
        if options.mix:
            lockstep.not_used("a mixed cube/vector kernel")
            return False
        try:
            why = lockstep.ineligible(self.fn, (JITFunction,), (dispatch.ApiFunction,))
        except Exception as e:  # noqa: BLE001 - an odd global must not stop a launch: run it per core
            why = f"eligibility not decided ({type(e).__name__})"
        if why is not None:
            lockstep.not_used(why)
            return False
        from .api import lanes  # noqa: F401 - registers the lockstep implementations

        return lockstep.run(self.sim_fn, launch, conv, core_num)


def _convert(launch: state.Launch, name: str, value: Any, kind: str, writebacks: list[Callable[[], None]]) -> Any:
    """A host value -> what the kernel body sees (GlobalAddress for arrays, Python scalars with C types' ranges)."""
    if kind.startswith("constexpr"):
        inner = kind.partition(":")[2]
        allowed = _CONSTEXPR_TYPES.get(inner)
        bad = isinstance(value, np.ndarray) or _is_torch(value)
        if allowed is not None and (not isinstance(value, allowed) or (inner != "bool" and isinstance(value, bool))):
            bad = True
        if bad:
            raise TypeError(f"ConstExpr[{inner}] is required for '{name}' argument, {type(value).__name__} was "
                            f"provided: {value!r}")
        return value
    if _is_torch(value):
        return _from_torch(launch, name, value, writebacks)
    if isinstance(value, np.ndarray):
        return _gm(launch, name, value, writebacks)
    if isinstance(value, objects.GlobalAddress):
        return value
    if isinstance(value, (structs.Struct, objects.Struct)):
        return structs.device_copy(value)  # the kernel's own copy of the struct, as the device receives one
    if hasattr(value, "__pyasc_array__"):
        return _gm(launch, name, value.__pyasc_array__(), writebacks)
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, (int, np.integer)):
        v = int(value)
        if not -(2 ** 31) <= v < 2 ** 31:
            raise OverflowError(f"argument '{name}' = {v} does not fit the kernel's int32 parameter")
        return DeviceInt(v)  # a run-time int32: `n / 2` divides integers, `n.ceildiv(d)`, as in CANN
    if isinstance(value, (float, np.floating)):
        return float(np.float32(value))
    if isinstance(value, np.generic):
        return value
    if type(value).__name__ in ("MockTensor", "MockValue"):  # asc.runtime.jit's stand-ins (pyasc.compat.jit)
        raise TypeError(f"argument '{name}' is a {type(value).__name__}, which has no data: the simulator runs the "
                        f"kernel, so pass an array (numpy or torch) or a number of {value.dtype.name}")
    raise TypeError(f"Argument type in JIT function is not supported: {type(value).__name__} (parameter '{name}')")


def _gm(launch: state.Launch, name: str, arr: np.ndarray, writebacks: list[Callable[[], None]]) -> Any:
    dt = objects.dtype_of_numpy(arr.dtype)
    if arr.flags.c_contiguous and arr.flags.writeable:
        work = arr
    else:
        work = np.ascontiguousarray(arr)
        if arr.flags.writeable:
            writebacks.append(lambda: np.copyto(arr, work))
    u8 = work.reshape(-1).view(np.uint8)
    ptr = u8.__array_interface__["data"][0]
    buf = next((b for b in launch.buffers if b.u8.__array_interface__["data"][0] == ptr and b.nbytes == u8.nbytes),
               None)
    if buf is None:  # the same memory passed twice is one buffer (shared shadow and L2 lines)
        buf = state.GmBuffer(name, u8, work.dtype)
        launch.buffers.append(buf)
    return objects.GlobalAddress(buf, 0, dt)


def _is_torch(value: Any) -> bool:
    mod = type(value).__module__
    return mod.startswith("torch") and hasattr(value, "detach") and hasattr(value, "numpy")


def _from_torch(launch: state.Launch, name: str, t: Any, writebacks: list[Callable[[], None]]) -> Any:
    if t.device.type != "cpu":
        raise TypeError(f"argument '{name}' is a torch tensor on {t.device}; the simulator needs CPU tensors")
    arr = t.detach().numpy()
    if not t.is_contiguous():
        work = np.ascontiguousarray(arr)

        def back() -> None:
            import torch

            t.detach().copy_(torch.from_numpy(work))

        writebacks.append(back)
        arr = work
    return _gm(launch, name, arr, writebacks)


def raise_for(report: Report) -> None:
    """Raise the first error finding of a report (for callers that collected)."""
    for f in report.findings:
        if f.severity == "error":
            raise SimulationError(f, report)


def asc_range(*args: Any) -> range:
    """`asc.range(...)`: a run-time loop; on the simulator, Python's range."""
    return range(*(int(a) for a in args))


def static_range(*args: Any) -> range:
    """`asc.static_range(...)`: an unrolled loop; on the simulator, Python's range."""
    return range(*(int(a) for a in args))


@contextlib.contextmanager
def interactive(block_num: int = 1, core: int = 0, **option_changes: Any) -> Iterator[state.Core]:
    """Run asc calls outside a kernel, on one simulated core (for tests and exploration at a REPL)."""
    option_changes.setdefault("profile", True)
    options = replace(_DEFAULTS, collect=_DEFAULTS.collect or bool(_COLLECTORS), **option_changes)
    launch = state.Launch("<interactive>", block_num, options)
    c = state.Core(launch, core)
    previous = state.maybe_current()
    _LAST[0] = launch.report
    state.set_current(c)
    saved_err = np.seterr(all="ignore")
    try:
        yield c
    finally:
        np.seterr(**saved_err)
        c.finish()
        state.set_current(previous)
        for rep in _COLLECTORS:
            rep.findings.extend(launch.report.findings)
