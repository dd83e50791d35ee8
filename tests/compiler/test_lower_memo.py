"""What the front end computes once and reuses gives what computing it each time gives: the auto-tensor symbols of a
kernel IR (kept with the IR as symbols, so that a copy of the IR has its own), the parts of the helper cache's keys
kept per kernel's lowering (KeyMemo), and overload resolution that stops at the first overload that fits."""

from __future__ import annotations

from copy import deepcopy

from pyasc.compiler.diagnostics.model import DiagnosticSink
from pyasc.compiler.ir import nodes as ir
from pyasc.compiler.ir.auto_tensors import auto_symbols, is_auto
from pyasc.compiler.ir.walk import walk_stmts
from pyasc.compiler.lower import Lowerer, helper_cache
from pyasc.compiler.lower.base import KeyMemo
from pyasc.compiler.pipeline.analysis import analyze
from pyasc.compiler.syntax.module import scan_module

AUTO = '''
import asc

N = 128


@asc.jit
def doubled(src: asc.GlobalTensor, dst: asc.GlobalTensor) -> None:
    t = asc.LocalTensorAuto(asc.float32, N)
    asc.data_copy(t, src, N)
    asc.muls(t, t, 2.0, N)
    asc.data_copy(dst, t, N)


@asc.jit
def kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, N)
    y_gm.set_global_buffer(y, N)
    u = asc.LocalTensorAuto(asc.float32, N)
    asc.data_copy(u, x_gm, N)
    asc.data_copy(y_gm, u, N)
    doubled(x_gm, y_gm)
'''

HELPERS = '''
import asc

SCALE = 2.0
TILE = 64


@asc.jit
def leaf(n: int) -> int:
    return n * 2


@asc.jit
def middle(n: int) -> int:
    return leaf(n) + TILE


@asc.jit
def other(n: int) -> int:
    return n + 1


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, middle(4) + other(3))
'''


def _kernel_ir(text: str, name: str = "kernel") -> tuple[ir.KernelIR, list[ir.KernelIR]]:
    module = scan_module(text, "/memo/k.py")
    result = Lowerer(module, module.jit[name], "kernel", DiagnosticSink(kernel=name)).run()
    return result.kernel, [h.kernel for h in result.helpers]


def _walked(kernel: ir.KernelIR) -> set[int]:
    return {id(s.target) for s in walk_stmts(kernel.body)
            if isinstance(s, ir.Assign) and s.target is not None and is_auto(s.value)}


def test_auto_symbols_once_per_kernel_as_walked() -> None:
    kernel, helpers = _kernel_ir(AUTO)
    for k in [kernel, *helpers]:
        first = auto_symbols(k)
        assert first == _walked(k) and first
        first.clear()  # each call hands out a set of its own
        assert auto_symbols(k) == _walked(k)


def test_auto_symbols_of_a_copy_are_its_own() -> None:
    kernel, _ = _kernel_ir(AUTO)
    auto_symbols(kernel)  # kept with the IR before it is copied
    copy = deepcopy(kernel)
    assert auto_symbols(copy) == _walked(copy)
    assert not auto_symbols(copy) & auto_symbols(kernel)


def _keys(text: str) -> dict[str, str]:
    module = scan_module(text, "/memo/h.py")
    memo = KeyMemo()
    return {q: helper_cache.module_key(module, jit, memo) for q, jit in module.jit.items()}


def test_helper_keys_change_with_what_each_helper_reaches() -> None:
    base = _keys(HELPERS)
    assert base == _keys(HELPERS)  # the same text: the same keys, in a fresh memo
    leaf_edit = _keys(HELPERS.replace("n * 2", "n * 3"))
    assert leaf_edit["leaf"] != base["leaf"] and leaf_edit["middle"] != base["middle"]
    assert leaf_edit["other"] == base["other"]
    tile = _keys(HELPERS.replace("TILE = 64", "TILE = 32"))
    assert tile["middle"] != base["middle"] and tile["leaf"] == base["leaf"] and tile["other"] == base["other"]
    kernel_edit = _keys(HELPERS.replace("other(3)", "other(5)"))
    assert {q: kernel_edit[q] for q in ("leaf", "middle", "other")} == {q: base[q] for q in ("leaf", "middle", "other")}


def test_reach_with_and_without_a_memo() -> None:
    module = scan_module(HELPERS, "/memo/h.py")
    memo = KeyMemo()
    for jit in module.jit.values():
        assert sorted(helper_cache.reachable(module, jit, memo)) == sorted(helper_cache.reachable(module, jit))
    assert sorted(helper_cache.reachable(module, module.jit["kernel"])) == ["leaf", "middle", "other"]


def test_overload_that_fits_and_the_one_none_fits() -> None:
    ok = analyze(AUTO.replace("asc.muls(t, t, 2.0, N)", "asc.muls(t, t, 2.0, N, 1, asc.UnaryRepeatParams())"),
                 "/memo/o.py")
    assert not [d for d in ok.diagnostics if d.code.startswith("PA30")]
    bad = analyze(AUTO.replace("asc.muls(t, t, 2.0, N)", "asc.muls(t, src, 2.0, N)"), "/memo/o.py")
    found = [d for d in bad.diagnostics if d.code == "PA501"]
    assert found and "'src' of asc.muls() must be a LocalTensor" in found[0].message
