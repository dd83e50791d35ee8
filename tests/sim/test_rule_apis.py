"""Simulator semantics of the APIs known by rule: our kernels (tests/compiler/rule_kernels.py) against numpy
references (SoftmaxFlashV2's update over two tiles, SwiGLU = src0 * swish(src1)); any other rule-only API is a
PS110 finding that names where it came from, not a crash."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

import pyasc
from pyasc import compat, sim
from pyasc.sim import jit

KERNELS = Path(__file__).resolve().parents[1] / "compiler" / "rule_kernels.py"


@pytest.fixture
def kernels() -> Iterator[ModuleType]:
    compat.install()
    try:
        spec = importlib.util.spec_from_file_location("rule_kernels", KERNELS)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield module
    finally:
        compat.uninstall()
        jit.set_default_soc("")


def test_softmax_flash_v2_carries_max_and_sum_across_tiles(kernels: ModuleType) -> None:
    import asc

    rows, cols, blk = kernels.ROWS, kernels.COLS, kernels.BLK
    x = np.random.default_rng(0).standard_normal(2 * rows * cols).astype(np.float32) * 3
    y, s, m = np.zeros_like(x), np.zeros(rows * blk, np.float32), np.zeros(rows * blk, np.float32)
    report = kernels.flash_kernel[1](x, y, s, m, asc.adv.SoftmaxTiling(src_m=rows, src_k=cols))
    assert report.findings == []
    t = x.reshape(2, rows, cols)
    m0 = t[0].max(axis=1)
    m1 = np.maximum(m0, t[1].max(axis=1))
    s0 = np.exp(t[0] - m0[:, None]).sum(axis=1)
    s1 = np.exp(m0 - m1) * s0 + np.exp(t[1] - m1[:, None]).sum(axis=1)
    out = y.reshape(2, rows, cols)
    np.testing.assert_allclose(out[0], np.exp(t[0] - m0[:, None]), rtol=1e-6)
    np.testing.assert_allclose(out[1], np.exp(t[1] - m1[:, None]), rtol=1e-6)
    np.testing.assert_allclose(m.reshape(rows, blk), np.repeat(m1[:, None], blk, axis=1), rtol=1e-6)
    np.testing.assert_allclose(s.reshape(rows, blk), np.repeat(s1[:, None], blk, axis=1), rtol=1e-5)
    whole = np.concatenate([t[0], t[1]], axis=1)  # the carried sum is the whole row's, at its running max
    np.testing.assert_allclose(s1, np.exp(whole - m1[:, None]).sum(axis=1), rtol=1e-5)


def test_swiglu_is_src0_times_swish_of_src1(kernels: ModuleType) -> None:
    n = kernels.N
    a = np.random.default_rng(1).standard_normal(n).astype(np.float32)
    b = np.random.default_rng(2).standard_normal(n).astype(np.float32)
    out = np.zeros_like(a)
    report = kernels.swiglu_kernel[1](a, b, out)
    assert report.findings == []
    np.testing.assert_allclose(out, a * (b / (1 + np.exp(-1.5 * b))), rtol=1e-6)


def test_an_api_known_only_by_rule_is_not_modelled() -> None:
    @pyasc.jit
    def k(x: pyasc.GlobalAddress, y: pyasc.GlobalAddress):
        g = pyasc.GlobalTensor()
        o = pyasc.GlobalTensor()
        g.set_global_buffer(x, 64)
        o.set_global_buffer(y, 64)
        a = pyasc.LocalTensorAuto(x.dtype, 64)
        b = pyasc.LocalTensorAuto(x.dtype, 64)
        pyasc.data_copy(a, g, 64)
        pyasc.adv.sigmoid(b, a, 64)
        pyasc.data_copy(o, b, 64)

    x = np.ones(64, np.float32)
    y = np.zeros_like(x)
    with sim.collect() as rep:
        k[1](x, y)
    found = [f for f in rep.findings if f.kind == "unsupported"]
    assert [f.message for f in found] == [
        "asc.adv.sigmoid is known by rule, from Ascend C's AscendC::Sigmoid (include/adv_api/activation/sigmoid.h:52), "
        "and is not modelled on the simulator"]


def test_a_rule_keyword_form_of_a_hand_written_method_runs_as_that_method() -> None:
    @pyasc.jit
    def k(x: pyasc.GlobalAddress, y: pyasc.GlobalAddress):
        g = pyasc.GlobalTensor()
        o = pyasc.GlobalTensor()
        g.set_global_buffer(x, 64)
        o.set_global_buffer(y, 64)
        pipe = pyasc.TPipe()
        calc = pyasc.TBuf(pyasc.TPosition.VECCALC)
        pipe.init_buffer(buf=calc, len=64 * 4)
        event = pipe.alloc_event_id(evt=pyasc.HardEvent.MTE2_V)
        t = calc.get(pyasc.float32)
        pyasc.data_copy(t, g, 64)
        pyasc.set_flag(pyasc.HardEvent.MTE2_V, event)
        pyasc.wait_flag(pyasc.HardEvent.MTE2_V, event)
        pyasc.adds(t, t, 1.0, 64)
        pyasc.set_flag(pyasc.HardEvent.V_MTE3, 0)
        pyasc.wait_flag(pyasc.HardEvent.V_MTE3, 0)
        pyasc.data_copy(o, t, 64)

    x = np.arange(64, dtype=np.float32)
    y = np.zeros_like(x)
    report = k[1](x, y)
    assert [f for f in report.findings if f.severity != "note"] == []
    np.testing.assert_array_equal(y, x + 1)


def test_the_generated_types_kernel_runs_with_findings_not_a_crash() -> None:
    """tests/compiler/rule_types_kernels.py: its structs (SumParams, LoopModeParams of none or six arguments),
    enums and TPipe's rule-only member construct on the simulator; each rule-only call is a PS110 finding."""
    compat.install()
    path = Path(__file__).resolve().parents[1] / "compiler" / "rule_types_kernels.py"
    spec = importlib.util.spec_from_file_location("rule_types_kernels", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    x = np.ones(module.N, np.float32)
    y = np.zeros_like(x)
    with sim.collect() as rep:
        module.types_kernel[1](x, y)
    found = {f.message.split(" is known by rule")[0] for f in rep.findings if f.kind == "unsupported"}
    assert {"TPipe.init_spm_buffer", "asc.set_saturation_flag", "asc.set_fixpipe_nz2_nd_flag", "asc.adv.sum",
            "asc.adv.cum_sum", "asc.set_loop_mode_para", "asc.reset_loop_mode_para"} <= found, found
