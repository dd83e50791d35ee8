"""The whole host-side surface of CANN's pyasc 1.1.1 is importable under `pyasc run`, checked against CANN itself.

surface.py lists, in CANN's venv (scripts/deps-cann.sh, as tests/differential uses it), every module under
`asc.lib` (`asc.lib.runtime` and its submodules, `asc.lib.host` and its, `asc.lib.utils`) and `asc.runtime` (all
its submodules), and every public name of each.  The rule for "public":
- the name has no leading underscore, and
- the module's own text binds it at top level (`def`, `class`, an assignment or annotated assignment, also inside a
  top-level `if`/`try`), or it is a package's submodule, or the package's `__init__` imports it from one of its own
  submodules (`from .interface import use_model` makes `asc.lib.runtime.use_model` public);
- a name the module merely imports from elsewhere (`os`, `ctypes`, typing names, numpy, or another asc module, such
  as asc.runtime.jit's `Launcher` from asc.runtime.launcher) is that module's import, not its surface.
  `__all__` is not used: CANN's asc.lib.runtime lists "free_memStream" (two names run together), which it lacks.
For each name ours (the same module path under pyasc's finder) must have it, or the name is in MISSING with the
reason, and:
- the same kind (module / class / function / constant);
- a function's parameters: the same names in the same order, the same kinds (`*args`, `**kwargs`, keyword-only),
  and a default wherever CANN has one (ours may add defaults); a parameter CANN's C++ stubs call `argN` matches
  any one parameter, and a CANN signature of only `*args`/`**kwargs` (an overloaded C++ binding) any signature;
- an Enum's members (names, and values where CANN's are known: its C++ enum stubs give names only); a dataclass's
  fields, in order; a class's public methods (inherited ones included), with their parameters as above.
Ours may have more (names, members, methods).  DIFFERENT lists, with reasons, the details where ours differs on
purpose; both lists must be exact (an entry that matches is an error: the list is out of date).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.differential.oracle import cann_python

HERE = Path(__file__).resolve().parent
LISTER = HERE / "surface.py"

MISSING: dict[str, str] = {}
"""'module.name' that ours lacks, with the reason."""

DIFFERENT: dict[str, str] = {}
"""'module.name[.method]' whose details differ from CANN's on purpose, with the reason."""


@pytest.fixture(scope="module")
def surfaces(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, Any], dict[str, Any]]:
    python = cann_python()
    if not python.exists():
        pytest.fail(f"CANN's pyasc is not installed at {python}: run scripts/deps-cann.sh (make deps)")
    home = tmp_path_factory.mktemp("cann_home")
    env = {**os.environ, "HOME": str(home), "PYASC_HOME": str(home)}
    cann = subprocess.run([str(python), "-I", str(LISTER)], capture_output=True, text=True, cwd=home, env=env,
                          timeout=300, check=False)
    assert cann.returncode == 0, cann.stderr[-3000:]
    theirs: dict[str, Any] = json.loads(cann.stdout)
    wanted = json.dumps({m: sorted(names) for m, names in theirs.items()})
    repo = str(HERE.parents[1])
    ours_env = {**env, "PYTHONPATH": os.pathsep.join([repo, os.environ.get("PYTHONPATH", "")])}
    ours = subprocess.run([sys.executable, str(LISTER), "--ours"], input=wanted, capture_output=True, text=True,
                          cwd=home, env=ours_env, timeout=300, check=False)
    assert ours.returncode == 0, ours.stderr[-3000:]
    return theirs, json.loads(ours.stdout)


def _params_problem(cann: list[str] | None, ours: list[str] | None) -> str | None:
    if cann is None or ours is None:
        return None if cann == ours or cann is None else "CANN's signature is readable, ours is not"
    if cann and all(p.startswith("*") for p in cann):
        return None  # an overloaded binding: any call shape
    if len(cann) != len(ours):
        return f"parameters {cann} vs ours {ours}"
    for theirs, mine in zip(cann, ours, strict=True):
        name, default = theirs.rstrip("="), theirs.endswith("=")
        if re.fullmatch(r"arg\d+", name):
            continue
        if mine.rstrip("=") != name or (default and not mine.endswith("=")):
            return f"parameters {cann} vs ours {ours}"
    return None


def _problems(cann: dict[str, Any], ours: dict[str, Any]) -> list[tuple[str, str]]:
    """(key, problem) for every detail of one name where ours falls short of CANN's."""
    out: list[tuple[str, str]] = []
    if cann["kind"] != ours["kind"]:
        return [("", f"a {cann['kind']} in CANN, a {ours['kind']} here")]
    if cann["kind"] == "function":
        problem = _params_problem(cann.get("params"), ours.get("params"))
        if problem:
            out.append(("", problem))
    theirs_members, our_members = cann.get("members"), ours.get("members") or {}
    if theirs_members is not None:
        lacking = sorted(set(theirs_members) - set(our_members))
        wrong = sorted(m for m, v in theirs_members.items() if v is not None and m in our_members
                       and our_members[m] != v)
        if lacking or wrong:
            out.append(("", f"members missing {lacking}, other values {wrong}"))
    if cann.get("fields") is not None and cann["fields"] != ours.get("fields"):
        out.append(("", f"fields {cann['fields']} vs ours {ours.get('fields')}"))
    our_methods = {"__init__": [], **(ours.get("methods") or {})}  # object's, when the class defines none
    for method, params in (cann.get("methods") or {}).items():
        if method not in our_methods:
            out.append((f".{method}", "method missing"))
            continue
        problem = _params_problem(params, our_methods[method])
        if problem:
            out.append((f".{method}", problem))
    return out


def test_every_public_name_of_cann_host_modules_is_here(surfaces: tuple[dict[str, Any], dict[str, Any]]) -> None:
    theirs, ours = surfaces
    assert {"asc.lib.runtime", "asc.lib.runtime.support", "asc.lib.host", "asc.runtime.launcher"} <= set(theirs)
    missing: dict[str, str] = {}
    different: dict[str, str] = {}
    for module, names in theirs.items():
        mine = ours[module]
        if "error" in mine:
            missing[module] = mine["error"]
            continue
        for name, description in names.items():
            if mine.get(name) is None:
                missing[f"{module}.{name}"] = "not there"
                continue
            for key, problem in _problems(description, mine[name]):
                different[f"{module}.{name}{key}"] = problem
    assert sorted(missing) == sorted(MISSING), {k: v for k, v in missing.items() if k not in MISSING}
    assert sorted(different) == sorted(DIFFERENT), {k: v for k, v in different.items() if k not in DIFFERENT}
    assert sum(len(names) for names in theirs.values()) > 200  # the walk found CANN's modules, not an empty list


def test_the_comparison_catches_differences() -> None:
    """The rules of the comparison, on made-up descriptions."""
    assert _problems({"kind": "function"}, {"kind": "class"}) == [("", "a function in CANN, a class here")]
    assert _problems({"kind": "function", "params": ["a", "b="]}, {"kind": "function", "params": ["a", "b"]})
    assert not _problems({"kind": "function", "params": ["a", "b"]}, {"kind": "function", "params": ["a=", "b"]})
    assert _problems({"kind": "function", "params": ["a", "b"]}, {"kind": "function", "params": ["b", "a"]})
    assert not _problems({"kind": "class", "methods": {"__init__": ["arg0"], "f": ["**kwds"]}},
                         {"kind": "class", "methods": {"__init__": ["platform="], "f": ["x", "y="]}})
    assert _problems({"kind": "class", "members": {"A": 1, "B": None}}, {"kind": "class", "members": {"A": 2}}) == [
        ("", "members missing ['B'], other values ['A']")]
    assert _problems({"kind": "class", "methods": {"run": ["x"]}}, {"kind": "class"}) == [(".run", "method missing")]


@pytest.fixture
def asc_modules():
    from pyasc import compat
    from pyasc.sim import jit

    compat.install()
    yield
    import asc.runtime.config as config

    config.set_platform(config.Backend.Model)
    compat.uninstall()
    jit.set_default_soc("")  # set_platform chose a SoC for later launches: later tests take the project's


def test_device_info_reads_the_simulated_soc(asc_modules):
    import asc.lib.runtime as rt
    import asc.runtime.config as config
    from asc.lib.runtime.support import DeviceInfoType as Info
    from asc.lib.runtime.support import DeviceModuleType as Module
    from asc.runtime.launcher import Launcher

    for platform, (ai_cores, vector_cores) in {config.Platform.Ascend910B1: (24, 48),
                                               config.Platform.Ascend910B4: (20, 40),
                                               config.Platform.Ascend910_9392: (24, 48)}.items():
        config.set_platform(config.Backend.Model, platform)
        assert rt.device_info(Module.RT_MODULE_TYPE_AICORE, Info.INFO_TYPE_CORE_NUM) == ai_cores
        assert rt.device_info(Module.RT_MODULE_TYPE_VECTOR_CORE, Info.INFO_TYPE_CORE_NUM, 0) == vector_cores
        assert rt.device_info(Module.RT_MODULE_TYPE_AICORE, Info.INFO_TYPE_CUBE_NUM) == ai_cores
        assert Launcher.get_core_num() == ai_cores
        assert rt.get_soc_version() is platform is rt.state.soc_verison and rt.current_platform() == platform.value
    assert rt.device_info(Module.RT_MODULE_TYPE_AICORE, Info.INFO_TYPE_ID) == 0
    with pytest.raises(RuntimeError, match="device_info.RT_MODULE_TYPE_AICPU, INFO_TYPE_CORE_NUM. has no value on "
                                           "pyasc's simulator"):
        rt.device_info(Module.RT_MODULE_TYPE_AICPU, Info.INFO_TYPE_CORE_NUM)
    with pytest.raises(RuntimeError, match="device 1 does not exist: pyasc's simulator has 1 device"):
        rt.device_info(Module.RT_MODULE_TYPE_AICORE, Info.INFO_TYPE_CORE_NUM, 1)
    with pytest.raises(RuntimeError, match="Device handle should be int >= 0"):
        rt.set_device(-1)
    assert Info.INFO_TYPE_CUBE_NUM.value == 0x775A5A5A and Module.RT_MODULE_TYPE_VECTOR_CORE.value == 7
    assert rt.magic_elf_value(rt.CoreType.VectorCore) == 0x41415246
    assert rt.msprof_task_type(rt.CoreType.CubeCore) == rt.MsprofTaskType.MSPROF_TASK_TYPE_AI_CORE.value


def test_device_memory_is_host_memory(asc_modules):
    import ctypes

    import asc.lib.runtime as rt
    import numpy as np
    from asc.lib.runtime.support import MemcpyKind
    from asc.runtime.launcher import Launcher
    from asc.runtime.memory_handle import NumpyArrayHandle, resolve_memory_handle

    host = np.arange(64, dtype=np.float32)
    device = rt.copy_data_to_device(ctypes.c_void_p(host.ctypes.data), host.nbytes)
    assert device.value % 512 == 0
    back = np.zeros_like(host)
    rt.copy_data_from_device(ctypes.c_void_p(back.ctypes.data), device, host.nbytes)
    assert (back == host).all()
    with pytest.raises(RuntimeError, match="not inside memory that asc.lib.runtime.malloc allocated"):
        rt.memcpy(device, 1 << 20, ctypes.c_void_p(host.ctypes.data), 1 << 20, MemcpyKind.RT_MEMCPY_HOST_TO_DEVICE)
    rt.free(device)
    with pytest.raises(RuntimeError, match="is not memory asc.lib.runtime.malloc allocated"):
        rt.free(device)

    handle = resolve_memory_handle(back)
    assert isinstance(handle, NumpyArrayHandle)
    address = handle.copy_to_device()
    rt.memcpy(address, 4, ctypes.c_void_p(host[63:].ctypes.data), 4,
              MemcpyKind.RT_MEMCPY_HOST_TO_DEVICE)
    handle.copy_from_device()
    handle.release_memory()
    assert back[0] == 63 and (back[1:] == host[1:]).all()
    args = Launcher.expand_kernel_args((3, 1.5, True, np.float16(2), b"abcd"))
    assert [type(a).__name__ for a in args] == ["int32", "float32", "int8", "float16", "ByteArrayHandle"]
    rt.free_mem()
    assert rt.state.allocs == {}


def test_what_has_no_meaning_on_a_simulator_says_so_when_called(asc_modules):
    import asc.lib.runtime as rt
    import asc.lib.runtime.build_utils as build_utils
    import asc.lib.runtime.state as state
    from asc.lib.host.loader import Loader
    from asc.lib.host.wrappers import ProxyBase
    from asc.runtime.compiler import Compiler
    from asc.runtime.jit import JITFunction

    calls = {
        "register_device_binary_kernel": lambda: rt.register_device_binary_kernel(b"\0", 0),
        "launch_kernel": lambda: rt.launch_kernel(None, 8, []),
        "c2c_ctrl_addr": rt.c2c_ctrl_addr,
        "set_pro_switch": lambda: rt.set_pro_switch(rt.ProfilingCommandHandle.Type.START),
        "call_print_interface": rt.call_print_interface,
        "build_npu_ext": lambda: build_utils.build_npu_ext("x", True, rt.get_soc_version(), "a.cpp", "."),
        "RuntimeInterface": lambda: state.RuntimeInterface(True, rt.get_soc_version()),
        "NPUUtils.acl_init": lambda: rt.npu_utils().acl_init,
        "Compiler.run": lambda: Compiler().run(None, "k"),
        "create_context": JITFunction.create_context,
        "Loader.build": lambda: Loader.build("libhost.so"),
        "ProxyBase": ProxyBase,
    }
    for name, call in calls.items():
        with pytest.raises(RuntimeError, match="simulator|pyasc does not use|pyasc's host classes") as info:
            call()
        assert len(str(info.value)) > 60, name  # says why and what to do instead
    assert Loader.get_attr("TPosition").VECIN == 9  # pyasc.host's classes
    assert rt.current_tick() is None and rt.is_model() and rt.is_available() and rt.acl_init() is None


def test_jit_statics_and_dry_run(asc_modules, monkeypatch):
    import asc
    import numpy as np
    from asc.runtime.compiler import CompileOptions
    from asc.runtime.jit import JITFunction

    @asc.jit(auto_sync=False)
    def fill(dst: asc.GlobalAddress, n: asc.ConstExpr[int]):
        d = asc.GlobalTensor()
        d.set_global_buffer(dst, n)
        d.set_value(0, 7.0)

    assert isinstance(fill, JITFunction)
    assert JITFunction.get_config_keywords()[:2] == ["capture_exceptions", "ir_multithreading"]
    assert JITFunction.get_config_keywords()[-2:] == ["core_num", "stream"]
    kwargs = {"debug": True, "core_num": 4}
    assert JITFunction.extract_kwargs(CompileOptions, kwargs) == CompileOptions(debug=True)
    assert kwargs == {"core_num": 4}
    assert JITFunction.split_args({"dst": 1, "n": 8}, fill.fn.__annotations__) == ({"dst": 1}, {"n": 8})
    assert fill.get_full_name(fill.fn).endswith("test_jit_statics_and_dry_run.<locals>.fill")
    assert fill.parse().body[0].name == "fill" and not fill.parse().body[0].decorator_list
    x = np.zeros(8, np.float32)
    monkeypatch.setenv("DRY_RUN", "1")
    fill[1](x, 8)
    assert x[0] == 0.0  # CANN's launcher skips a launch under DRY_RUN
    monkeypatch.delenv("DRY_RUN")
    fill[1](x, 8)
    assert x[0] == 7.0
