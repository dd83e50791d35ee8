"""Simulator semantics of APIs known only by rule (language/api/rule/): SoftmaxFlashV2 and SwiGLU, as Ascend C
documents them. Every other rule-derived API has none, which a run reports (PS110: not modelled on the simulator);
the rule's structs (SoftMaxShapeInfo, SoftmaxConfig) are plain records (pyasc.sim.objects)."""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import pipes
from ..objects import LocalTensor
from ._vec import cur, rows_cols, store

V = pipes.V


def _rows(tiling: Any, shape: Any, src: LocalTensor) -> tuple[int, int]:
    """(rows, cols): from the SoftMaxShapeInfo when one is given, else from the tiling."""
    r, c = getattr(shape, "src_m", 0), getattr(shape, "src_k", 0)
    if r and c:
        return int(r), int(c)
    return rows_cols(tiling, src)


def softmax_flash_v2(dst: LocalTensor, exp_sum: LocalTensor | None = None, max: LocalTensor | None = None,  # noqa: A002
                     src: LocalTensor | None = None, exp_max: LocalTensor | None = None,
                     in_exp_sum: LocalTensor | None = None, in_max: LocalTensor | None = None, tiling: Any = None,
                     softmax_shape_info: Any = None, temp_buffer: Any = None, is_update: Any = False,
                     is_reuse_source: Any = False, is_basic_block: Any = False, is_data_format_nz: Any = False,
                     config: Any = None, **others: Any) -> None:
    """SoftmaxFlashV2 on the rows of src, one 32-byte block per row for each statistic (the value repeated):
    max = rowmax(x), dst = exp(x - max), exp_sum = rowsum(dst); with is_update, against the running in_max and
    in_exp_sum of the tiles before: max = max(rowmax(x), in_max), exp_max = exp(in_max - max) and
    exp_sum = exp_max * in_exp_sum + rowsum(dst) (FlashAttention-2's update)."""
    core = cur()
    if others or src is None or exp_sum is None or max is None:  # the outReduceMax form: not documented
        core.report("unsupported", "asc.adv.softmax_flash_v2 with out_reduce_max (its reduce-max form) is not "
                    "modelled on the simulator")
        return
    if is_data_format_nz:
        core.report("unsupported", "asc.adv.softmax_flash_v2 of an NZ source is not modelled on the simulator")
        return
    rows, cols = _rows(tiling, softmax_shape_info, src)
    n = rows * cols
    bw = 32 // exp_sum.esize
    reads: list[tuple[LocalTensor, int, int]] = [(src, 0, n)]
    writes: list[tuple[LocalTensor, int, int]] = [(dst, 0, n), (exp_sum, 0, rows * bw), (max, 0, rows * bw)]
    if is_update:
        assert in_exp_sum is not None and in_max is not None and exp_max is not None
        reads += [(in_exp_sum, 0, rows * bw), (in_max, 0, rows * bw)]
        writes.append((exp_max, 0, rows * (32 // exp_max.esize)))
    if not core.access(V, tuple(reads), tuple(writes), "adv.softmax_flash_v2"):
        return
    x = src.view()[:n].astype(np.float32).reshape(rows, cols)
    m = x.max(axis=1)
    if is_update:
        assert in_exp_sum is not None and in_max is not None and exp_max is not None
        old_m = in_max.view()[:rows * bw].astype(np.float32).reshape(rows, bw)[:, 0]
        old_s = in_exp_sum.view()[:rows * bw].astype(np.float32).reshape(rows, bw)[:, 0]
        m = np.maximum(m, old_m)
        e_max = np.exp(old_m - m)
    y = np.exp(x - m[:, None])
    s = y.sum(axis=1)
    if is_update:
        s = e_max * old_s + s
        ebw = 32 // exp_max.esize
        store(exp_max.view()[:rows * ebw], np.repeat(e_max, ebw).astype(exp_max.npdt))
    store(dst.view()[:n], y.reshape(-1).astype(dst.npdt))
    store(max.view()[:rows * bw], np.repeat(m, bw).astype(max.npdt))
    store(exp_sum.view()[:rows * bw], np.repeat(s, bw).astype(exp_sum.npdt))


def swiglu(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, scalar_value: Any, temp_buffer: Any = None,
           count: Any = None, is_reuse_source: Any = False) -> None:
    """SwiGLU: dst = src0 * swish(src1), swish(x) = x / (1 + e^(-beta x)) with beta = scalar_value, computed in
    float as Ascend C does (a half source is widened first), on `count` elements or the whole source."""
    core = cur()
    n = int(count) if count is not None else src0.length
    if not core.access(V, ((src0, 0, n), (src1, 0, n)), ((dst, 0, n),), "adv.swiglu"):
        return
    a = src0.view()[:n].astype(np.float32)
    g = src1.view()[:n].astype(np.float32)
    beta = np.float32(float(scalar_value))
    with np.errstate(over="ignore"):
        y = a * (g / (np.float32(1) + np.exp(-beta * g)))
    store(dst.view()[:n], y.astype(dst.npdt))
