"""Kernels end to end through both launch styles: kernel[n](...) with numpy/torch-free arrays, and the seed's host
API (Tensor, Kernel, Stream).  Correct kernels produce no findings."""

from __future__ import annotations

import numpy as np
import pytest

import pyasc as asc
from pyasc import sim

from .conftest import rng
from .kernels.add_custom import add_custom
from .kernels.helpers import relu_kernel
from .kernels.layernorm import layernorm_kernel
from .kernels.mixed_precision import scale_shift_fp16
from .kernels.softmax import softmax_kernel
from .kernels.vadd_manual_sync import vadd_manual_sync


def test_add_custom_bracket_launch_writes_into_callers_array():
    x = rng(1).random(8 * 2048, dtype=np.float32)
    y = rng(2).random(8 * 2048, dtype=np.float32)
    z = np.zeros_like(x)
    report = add_custom[8](x, y, z, 2048)
    np.testing.assert_array_equal(z, x + y)
    assert report.findings == []


def test_add_custom_with_stream_and_host_api():
    a = asc.from_numpy(rng(3).random(4 * 1024, dtype=np.float32))
    b = asc.from_numpy(rng(4).random(4 * 1024, dtype=np.float32))
    c = asc.Tensor([4 * 1024], dtype=asc.float32)
    stream = asc.Stream()
    kernel = asc.Kernel(add_custom)
    kernel.set_tiling([4, 1024])
    kernel.set_input(0, a)
    kernel.set_input(1, b)
    kernel.set_output(0, c)
    kernel.set_workspace(0, 0)
    report = stream.launch(kernel)
    stream.synchronize()
    np.testing.assert_array_equal(asc.to_numpy(c), asc.to_numpy(a) + asc.to_numpy(b))
    assert report.findings == []
    same = asc.Tensor([4 * 1024], dtype=asc.float32)
    add_custom[4, stream](a, b, same, 1024)
    np.testing.assert_array_equal(asc.to_numpy(same), asc.to_numpy(c))


def test_host_api_binding_errors_name_the_parameters():
    k = asc.Kernel(add_custom)
    k.set_input(0, asc.Tensor([256]))
    k.set_output(0, asc.Tensor([256]))
    k.set_tiling([1, 256])
    with pytest.raises(TypeError, match="3 GM parameters .*x, y, z.* but 2"):
        asc.Stream().launch(k)
    k.set_input(1, asc.Tensor([256]))
    k.set_tiling([1])
    with pytest.raises(TypeError, match="block_length"):
        asc.Stream().launch(k)
    with pytest.raises(KeyError, match="no @asc.jit kernel named 'nope'"):
        asc.Kernel("nope")
    assert asc.Kernel("vadd_manual_sync").jit is vadd_manual_sync  # a unique name finds the kernel


def test_manual_sync_kernel_is_clean_and_correct():
    x = rng(5).random(2 * 1024, dtype=np.float32)
    y = rng(6).random(2 * 1024, dtype=np.float32)
    z = np.zeros_like(x)
    report = vadd_manual_sync[2](x, y, z, 1024)
    np.testing.assert_array_equal(z, x + y)
    assert report.findings == []


def _softmax(x: np.ndarray) -> np.ndarray:
    e = np.exp(x - x.max(axis=-1, keepdims=True))
    return e / e.sum(axis=-1, keepdims=True)


def test_softmax_kernel():
    rows, cols = 32, 256
    x = rng(7).normal(size=(rows, cols)).astype(np.float32)
    y = np.zeros_like(x)
    report = softmax_kernel[4](x, y, rows // 4, cols)
    np.testing.assert_allclose(y, _softmax(x), rtol=1e-5, atol=1e-7)
    assert report.findings == []


def test_layernorm_kernel_and_attr_binding():
    rows, cols = 16, 128
    x = rng(8).normal(size=(rows, cols)).astype(np.float32)
    g = rng(9).normal(size=cols).astype(np.float32)
    b = rng(10).normal(size=cols).astype(np.float32)
    y = np.zeros_like(x)
    report = layernorm_kernel[2](x, g, b, y, rows // 2, cols, 1e-5)
    mean = x.mean(axis=1, keepdims=True)
    var = x.var(axis=1, keepdims=True)
    np.testing.assert_allclose(y, (x - mean) / np.sqrt(var + 1e-5) * g + b, rtol=1e-4, atol=1e-5)
    assert report.findings == []
    y2 = asc.Tensor([rows, cols], dtype=asc.float32)
    k = asc.Kernel("layernorm_kernel")
    k.set_tiling([2, rows // 2, cols])
    k.set_input(0, asc.from_numpy(x))
    k.set_input(1, asc.from_numpy(g))
    k.set_input(2, asc.from_numpy(b))
    k.set_output(0, y2)
    k.set_attr("eps", 1e-5)
    asc.Stream().launch(k)
    np.testing.assert_array_equal(asc.to_numpy(y2), y)


def test_mixed_precision_kernel_rounds_through_float16():
    x = rng(11).normal(size=4 * 1024).astype(np.float16)
    y = np.zeros_like(x)
    report = scale_shift_fp16[4](x, y, 1.7, -0.3, 1024)
    want = (x.astype(np.float32) * np.float32(1.7) + np.float32(-0.3)).astype(np.float16)
    np.testing.assert_array_equal(y, want)
    assert report.findings == []


def test_kernel_calling_a_jit_helper():
    x = rng(12).normal(size=512).astype(np.float32)
    y = np.zeros_like(x)
    relu_kernel[2](x, y, 256)
    np.testing.assert_array_equal(y, np.maximum(x, 0))
    with pytest.raises(RuntimeError, match=r"relu_tile\[core_num\]"):
        from .kernels.helpers import relu_tile

        relu_tile(None, None, 1)


def test_non_contiguous_arrays_are_written_back():
    x = rng(13).random((2, 2048), dtype=np.float32)[:, ::2].copy()
    y = rng(14).random((2, 2048), dtype=np.float32)[:, ::2]
    z = np.zeros((2, 2048), np.float32)[:, ::2]
    add_custom[2](x, y, z, 1024)
    np.testing.assert_array_equal(z, x + y)


def test_get_block_idx_differs_per_core_and_outputs_only_their_part():
    out = np.zeros(8 * 8, np.int32)

    @asc.jit
    def who(o: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(o + asc.get_block_idx() * 8, 8)
        g.set_value(0, asc.get_block_idx() * 10 + asc.get_block_num())

    who[8](out)
    assert list(out[::8]) == [i * 10 + 8 for i in range(8)]


def test_profile_context_and_function_forms(tmp_path, capsys):
    x = rng(1).random(4 * 512, dtype=np.float32)
    z = np.zeros_like(x)
    with asc.profile(output=tmp_path / "p.json") as prof:
        add_custom[4](x, x, z, 512)
    table = capsys.readouterr().out
    assert "add_custom" in table and "GM->UB B" in table
    assert len(prof.kernels) == 1
    cores = prof.kernels[0].cores
    assert len(cores) == 4
    assert all(c.bytes_gm_to_ub == 2 * 512 * 4 and c.bytes_ub_to_gm == 512 * 4 for c in cores)
    assert all(c.calls["MTE2"] == 8 and c.calls["V"] == 4 and c.calls["MTE3"] == 4 for c in cores)
    assert all(c.ub_peak == 3 * 2 * 128 * 4 for c in cores)
    assert cores[0].l2_hit_rate > 0  # x is read twice (as x and as y): the second read hits
    import json

    data = json.loads((tmp_path / "p.json").read_text())
    assert data["kernels"][0]["kernel"] == "add_custom" and data["kernels"][0]["cycles"] > 0
    prof2 = asc.profile(lambda: add_custom[2](x, x, z, 1024), show=False)
    assert prof2.kernels[0].block_num == 2
    assert prof2.kernels[0].cycles > cores[0].cycles  # twice the work per core


def test_profile_option_on_the_kernel_prints_a_table(capsys):
    x = np.ones(256, np.float32)
    z = np.zeros_like(x)
    add_custom[1](x, x, z, 256, profile=True)
    assert "add_custom" in capsys.readouterr().out


def test_unknown_jit_options_raise_like_cann():
    with pytest.raises(RuntimeError, match="The following option names are unknown: bogus, other"):
        asc.jit(bogus=1, other=2)(lambda x: None)
    with pytest.raises(RuntimeError, match="unknown: wat"):
        add_custom[1](np.ones(256, np.float32), np.ones(256, np.float32), np.ones(256, np.float32), 256, wat=1)


def test_launch_argument_rules():
    got = {}

    @asc.jit(kernel_type="AIV_ONLY", insert_sync=True)
    def probe(a: int, b: float, c: bool, d: asc.ConstExpr[int]):
        got.update(a=a, b=b, c=c, d=d)

    probe[1](3, 0.1, True, 7)
    assert got == {"a": 3, "b": float(np.float32(0.1)), "c": 1, "d": 7}
    with pytest.raises(TypeError, match="not supported: str"):
        probe[1]("x", 0.1, True, 7)
    with pytest.raises(OverflowError, match="int32"):
        probe[1](2 ** 40, 0.1, True, 7)
    with pytest.raises(ValueError, match="core_num"):
        probe[0](1, 0.1, True, 7)


def test_asc_range_and_static_range():
    out = np.zeros(16, np.int32)

    @asc.jit
    def k(o: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(o, 16)
        for i in asc.range(0, 8, 2):
            g.set_value(i, i)
        for j in asc.static_range(3):
            g.set_value(8 + j, 100 + j)

    k[1](out)
    assert list(out[:12]) == [0, 0, 2, 0, 4, 0, 6, 0, 100, 101, 102, 0]


def test_soc_setting_changes_ub_capacity():
    from .kernels.buggy import ub_over_capacity

    x = np.zeros(64, np.float32)
    with sim.settings(soc="Ascend910A"):
        assert ub_over_capacity[1](x, x).findings == []  # 200 KiB fits 256 KiB
    with pytest.raises(sim.SimulationError, match="ub-over-capacity"):
        ub_over_capacity[1](x, x)


def test_soc_comes_from_the_project_configuration(tmp_path, monkeypatch):
    from .kernels.buggy import ub_over_capacity

    (tmp_path / "pyproject.toml").write_text('[tool.pyasc]\nsoc_version = "Ascend910A"\n')
    monkeypatch.chdir(tmp_path)
    x = np.zeros(64, np.float32)
    assert ub_over_capacity[1](x, x).findings == []  # Ascend910A's 256 KiB UB holds the 200 KiB


def test_constexpr_parameters_are_checked_like_cann():
    seen = []

    @asc.jit
    def k(n: asc.ConstExpr[int], scale: asc.ConstExpr[float]):
        seen.append((n, scale))

    k[1](4, 2)
    assert seen == [(4, 2)]
    with pytest.raises(TypeError, match=r"ConstExpr\[int\] is required for 'n' argument, float was provided"):
        k[1](4.5, 1.0)


@asc.jit
def _scale_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int, bufs: asc.ConstExpr[int]):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + asc.get_block_idx() * block_length, block_length)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + asc.get_block_idx() * block_length, block_length)
    pipe = asc.TPipe()
    qi = asc.TQue(asc.TPosition.VECIN, bufs)
    qo = asc.TQue(asc.TPosition.VECOUT, bufs)
    pipe.init_buffer(qi, bufs, 1024 * 4)
    pipe.init_buffer(qo, bufs, 1024 * 4)
    for i in range(block_length // 1024):
        t = qi.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm[i * 1024:], 1024)
        qi.enque(t)
        t = qi.deque(asc.float32)
        o = qo.alloc_tensor(asc.float32)
        asc.muls(o, t, 3.0, 1024)
        qi.free_tensor(t)
        qo.enque(o)
        o = qo.deque(asc.float32)
        asc.data_copy(z_gm[i * 1024:], o, 1024)
        qo.free_tensor(o)


def test_profile_cycles_reward_double_buffering():
    x = rng(3).random(16 * 1024, dtype=np.float32)
    z = np.zeros_like(x)
    cycles = {}
    for bufs in (1, 2):
        prof = asc.profile(lambda b=bufs: _scale_kernel[1](x, z, x.size, b), show=False)
        cycles[bufs] = prof.kernels[0].cycles
        np.testing.assert_array_equal(z, x * 3)
    # MTE2 dominates this kernel: double buffering hides the vector time of every tile behind the next copy-in
    assert cycles[2] < cycles[1], cycles
    mte2_per_tile = 50 + 4096 / 32  # every line is a cold L2 miss
    assert cycles[2] == pytest.approx(16 * mte2_per_tile, rel=0.25)
