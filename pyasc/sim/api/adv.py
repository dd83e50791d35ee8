"""Advanced API semantics (`asc.adv.*`): elementwise math computed in float64 and rounded once to the dtype, and
the fused operators (softmax, rmsnorm, quant) on the rows of their tensors."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from .. import blas, state
from ..objects import LocalTensor
from ._vec import as_dtype, cur, store
from .cast import convert
from .core import _dims

V = state.V


def _digamma(x: np.ndarray) -> np.ndarray:
    x = x.astype(np.float64).copy()
    out = np.zeros_like(x)
    reflect = x < 0.5
    xr = np.where(reflect, 1.0 - x, x)
    acc = np.zeros_like(xr)
    while True:
        small = xr < 6.0
        if not small.any():
            break
        acc -= np.where(small, 1.0 / xr, 0.0)
        xr = np.where(small, xr + 1.0, xr)
    inv = 1.0 / xr
    inv2 = inv * inv
    series = np.log(xr) - 0.5 * inv - inv2 * (1 / 12 - inv2 * (1 / 120 - inv2 * (1 / 252 - inv2 * (1 / 240))))
    out = series + acc
    with np.errstate(all="ignore"):
        out = np.where(reflect, out - np.pi / np.tan(np.pi * x), out)
    return out


_erf = np.vectorize(math.erf, otypes=[np.float64])
_erfc = np.vectorize(math.erfc, otypes=[np.float64])


def _lgamma(x: np.ndarray) -> np.ndarray:
    f = np.vectorize(lambda v: math.lgamma(v) if not (v <= 0 and float(v).is_integer()) else math.inf,
                     otypes=[np.float64])
    return f(x)


def _math(name: str, f: Callable[[np.ndarray], np.ndarray]) -> Callable[..., None]:
    def op(dst: LocalTensor, src: LocalTensor, count: Any = None, temp_buffer: Any = None,
           is_reuse_source: Any = False, taylor_expand_level: Any = None) -> None:
        _apply(name, dst, (src,), lambda a: f(a[0]), count)

    op.__name__ = name
    op.__doc__ = f"adv.{name}: elementwise, computed in float64 and rounded to dst's dtype."
    return op


def _apply(name: str, dst: LocalTensor, srcs: tuple[LocalTensor, ...], f: Callable[[list[np.ndarray]], np.ndarray],
           count: Any) -> None:
    core = cur()
    n = int(count) if count is not None else min([dst.length] + [s.length for s in srcs])
    if not core.access(V, tuple((s, 0, n) for s in srcs), ((dst, 0, n),), f"adv.{name}"):
        return
    with np.errstate(all="ignore"):
        vals = [s.view()[:n].astype(np.float64) if s.dtype.is_float else s.view()[:n] for s in srcs]
        r = f(vals)
        d = dst.view()[:n]
        if dst.dtype.is_float:
            store(d, convert(np.asarray(r, dtype=np.float64), dst.dtype.name, "CAST_RINT"))
        else:
            store(d, np.asarray(r))


def _half_away(x: np.ndarray) -> np.ndarray:
    return np.sign(x) * np.floor(np.abs(x) + 0.5)


acos = _math("acos", np.arccos)
acosh = _math("acosh", np.arccosh)
asin = _math("asin", np.arcsin)
asinh = _math("asinh", np.arcsinh)
atan = _math("atan", np.arctan)
atanh = _math("atanh", np.arctanh)
ceil = _math("ceil", np.ceil)
cos = _math("cos", np.cos)
cosh = _math("cosh", np.cosh)
digamma = _math("digamma", _digamma)
erf = _math("erf", _erf)
erfc = _math("erfc", _erfc)
exp = _math("exp", np.exp)
floor = _math("floor", np.floor)
frac = _math("frac", lambda a: a - np.trunc(a))
lgamma = _math("lgamma", _lgamma)
log = _math("log", np.log)
round = _math("round", np.rint)  # noqa: A001 - the asc name
sign = _math("sign", np.sign)
sin = _math("sin", np.sin)
sinh = _math("sinh", np.sinh)
tan = _math("tan", np.tan)
tanh = _math("tanh", np.tanh)
trunc = _math("trunc", np.trunc)
sqrt = _math("sqrt", np.sqrt)
abs = _math("abs", np.abs)  # noqa: A001
sigmoid = _math("sigmoid", lambda a: 1.0 / (1.0 + np.exp(-a)))
gelu = _math("gelu", lambda a: 0.5 * a * (1.0 + _erf(a / math.sqrt(2.0))))
silu = _math("silu", lambda a: a / (1.0 + np.exp(-a)))
relu = _math("relu", lambda a: np.maximum(a, 0.0))


def power(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, count: Any = None, temp_buffer: Any = None,
          is_reuse_source: Any = False) -> None:
    """dst = src0 ** src1, elementwise."""
    _apply("power", dst, (src0, src1), lambda v: np.power(v[0], v[1]), count)


def xor(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, count: Any = None, temp_buffer: Any = None,
        is_reuse_source: Any = False) -> None:
    """dst = src0 ^ src1 on integer tensors."""
    _apply("xor", dst, (src0, src1), lambda v: np.bitwise_xor(v[0], v[1]), count)


def axpy(dst: LocalTensor, src: LocalTensor, scalar: Any, count: Any = None, temp_buffer: Any = None,
         is_reuse_source: Any = False) -> None:
    """dst = src * scalar + dst."""
    core = cur()
    n = int(count) if count is not None else min(dst.length, src.length)
    if not core.access(V, ((src, 0, n), (dst, 0, n)), ((dst, 0, n),), "adv.axpy"):
        return
    with np.errstate(all="ignore"):
        r = src.view()[:n].astype(np.float64) * float(scalar) + dst.view()[:n].astype(np.float64)
        store(dst.view()[:n], convert(r, dst.dtype.name, "CAST_RINT"))


def _shape(tiling: Any, src: LocalTensor) -> tuple[int, int]:
    """(rows, cols) of a softmax/rmsnorm source from its tiling struct (several spellings) or one row."""
    for rows_name, cols_name in (("src_m", "src_k"), ("srcM", "srcK"), ("rows", "cols"), ("m", "k")):
        r = getattr(tiling, rows_name, None)
        c = getattr(tiling, cols_name, None)
        if r and c:
            return int(r), int(c)
    info = getattr(src, "_shape_info", None)  # set_shape_info: the last dimension is the row
    dims = _dims(getattr(info, "shape", None))
    if len(dims) >= 2:
        return int(np.prod(dims[:-1])), dims[-1]
    return 1, src.length


def softmax(dst: LocalTensor, sum: LocalTensor, max: LocalTensor, src: LocalTensor, tiling: Any = None,  # noqa: A002
            temp_buffer: Any = None, reuse_source: Any = False, basic_block: Any = False,
            data_format_nz: Any = False) -> None:
    """Row-wise softmax of a rows x cols source; sum and max receive each row's statistics, one 32-byte block per
    row (the value repeated across the block, as SoftMax writes them)."""
    core = cur()
    rows, cols = _shape(tiling, src)
    n = rows * cols
    bw = 32 // sum.esize
    if not core.access(V, ((src, 0, n),), ((dst, 0, n), (sum, 0, rows * bw), (max, 0, rows * bw)), "adv.softmax"):
        return
    x = src.view()[:n].astype(np.float32).reshape(rows, cols)
    m = x.max(axis=1, keepdims=True)
    e = np.exp(x - m)
    s = e.sum(axis=1, keepdims=True)
    store(dst.view()[:n], (e / s).reshape(-1).astype(dst.npdt))
    store(max.view()[:rows * bw], np.repeat(m[:, 0], bw).astype(max.npdt))
    store(sum.view()[:rows * bw], np.repeat(s[:, 0], bw).astype(sum.npdt))


def rmsnorm(dst: LocalTensor, src: LocalTensor, gamma: LocalTensor, epsilon: Any, tiling: Any = None,
            temp_buffer: Any = None, basic_block: Any = False) -> None:
    """Row-wise x / sqrt(mean(x^2) + epsilon) * gamma."""
    core = cur()
    rows, cols = _shape(tiling, src)
    n = rows * cols
    if not core.access(V, ((src, 0, n), (gamma, 0, cols)), ((dst, 0, n),), "adv.rmsnorm"):
        return
    x = src.view()[:n].astype(np.float32).reshape(rows, cols)
    g = gamma.view()[:cols].astype(np.float32)
    y = x / np.sqrt((x * x).mean(axis=1, keepdims=True) + np.float32(epsilon)) * g
    store(dst.view()[:n], y.reshape(-1).astype(dst.npdt))


def quant(dst: LocalTensor, src: LocalTensor, scale: Any, offset: Any, count: Any = None, temp_buffer: Any = None,
          reuse_source: Any = False, config: Any = None) -> None:
    """dst = saturate(round(src * scale + offset)) to int8."""
    _apply("quant", dst, (src,), lambda v: np.clip(np.rint(v[0] * float(scale) + float(offset)), -128, 127),
           count)


_ = as_dtype


def concat(dst: LocalTensor, src: LocalTensor, tmp: LocalTensor, repeat_time: Any) -> None:
    """Pack repeat_time * 32 values into the 8-byte (value, index) records Sort consumes (index 0)."""
    from .basic_more import _write_pairs

    core = cur()
    n = int(repeat_time) * 32
    if not core.access(V, ((src, 0, n),), ((dst, 0, n * (8 // dst.esize)),), "adv.concat"):
        return
    _write_pairs(dst, src.view()[:n], np.zeros(n, dtype=np.uint32))


def extract(dst_value: LocalTensor, dst_index: LocalTensor, src: LocalTensor, repeat_time: Any) -> None:
    """Split repeat_time * 32 sorted (value, index) records into values and uint32 indexes."""
    from .basic_more import _read_pairs

    core = cur()
    n = int(repeat_time) * 32
    if not core.access(V, ((src, 0, n * (8 // src.esize)),), ((dst_value, 0, n), (dst_index, 0, n)), "adv.extract"):
        return
    vals, idx = _read_pairs(src, n)
    dst_value.view()[:n] = vals.astype(dst_value.npdt)
    dst_index.view()[:n].view(np.uint32)[:] = idx if dst_index.esize == 4 else idx.astype(dst_index.npdt)


# ---------------------------------------------------------------------------------------------------------------------
# adv.Matmul: C = A @ B (+ bias) on ND tensors, computed in float32 and stored in C's dtype


def _mm(self: Any) -> dict[str, Any]:
    st = getattr(self, "_mm", None)
    if st is None:
        st = self._mm = {"a": None, "b": None, "bias": None, "ta": False, "tb": False, "single": None, "org": None,
                         "tiling": None, "tail": None}
    return st


def register_matmul(pipe: Any, workspace: Any, matmul: Any, tiling: Any = None) -> None:
    """REGIST_MATMUL_OBJ: attach the tiling (the pipe and workspace need nothing on the simulator)."""
    cur().scalar_tick()
    if tiling is not None:
        _mm(matmul)["tiling"] = tiling


def init(self: Any, tiling: Any) -> None:
    """Matmul.init: take M, N, K and the single-core shape from a TCubeTiling."""
    cur().scalar_tick()
    _mm(self)["tiling"] = tiling


def end(self: Any) -> None:
    cur().scalar_tick()


def set_tensor_a(self: Any, scalar: Any = None, tensor: Any = None, transpose: Any = False) -> None:
    """A of shape [M, K] (or [K, M] when transposed), row-major."""
    st = _mm(self)
    st["a"] = tensor if tensor is not None else scalar
    st["ta"] = bool(transpose)


def set_tensor_b(self: Any, scalar: Any = None, tensor: Any = None, transpose: Any = False) -> None:
    """B of shape [K, N] (or [N, K] when transposed), row-major."""
    st = _mm(self)
    st["b"] = tensor if tensor is not None else scalar
    st["tb"] = bool(transpose)


def set_bias(self: Any, tensor: Any) -> None:
    _mm(self)["bias"] = tensor


def disable_bias(self: Any) -> None:
    _mm(self)["bias"] = None


def set_org_shape(self: Any, org_m: Any, org_n: Any, org_ka: Any, org_kb: Any = None, org_kc: Any = None) -> None:
    _mm(self)["org"] = (int(org_m), int(org_n), int(org_ka))


def set_single_shape(self: Any, single_m: Any, single_n: Any, single_k: Any) -> None:
    _mm(self)["single"] = (int(single_m), int(single_n), int(single_k))


def set_tail(self: Any, tail_m: Any = -1, tail_n: Any = -1, tail_k: Any = -1) -> None:
    _mm(self)["tail"] = (int(tail_m), int(tail_n), int(tail_k))


def _shapes(st: dict[str, Any]) -> tuple[int, int, int, int, int, int]:
    """(m, n, k, org_m, org_n, org_k) of the next computation."""
    t = st["tiling"]

    def tv(*names: str) -> int:
        for n in names:
            v = getattr(t, n, None) if t is not None else None
            if v:
                return int(v)
        return 0

    om, on, ok = st["org"] or (tv("m", "M"), tv("n", "N"), tv("k_a", "Ka", "k"))
    m, n, k = st["single"] or (tv("single_core_m") or om, tv("single_core_n") or on, tv("single_core_k") or ok)
    if st["tail"]:
        tm, tn, tk = st["tail"]
        m, n, k = (tm if tm > 0 else m), (tn if tn > 0 else n), (tk if tk > 0 else k)
    return m, n, k, om or m, on or n, ok or k


def _load2d(core: Any, t: Any, rows: int, cols: int, stride: int, what: str) -> np.ndarray | None:
    hi = (rows - 1) * stride + cols if rows and cols else 0
    pipe = state.MTE2
    if not core.access(pipe, ((t, 0, hi),), (), what):
        return None
    flat = t.view() if isinstance(t, LocalTensor) else t.view(0, hi)
    idx = (np.arange(rows)[:, None] * stride + np.arange(cols)[None, :])
    return flat[idx].astype(np.float32)


def iterate_all(self: Any, tensor: Any, en_atomic: Any = 0, sync: Any = True, en_sequential_write: Any = None,
                wait_iterate_all: Any = None, fake_msg: Any = None) -> None:
    """Compute the whole single-core C = A @ B (+ bias) into `tensor` (row stride N of the original shape)."""
    core = cur()
    st = _mm(self)
    if st["a"] is None or st["b"] is None:
        core.report("bad-call", "Matmul.iterate_all before set_tensor_a and set_tensor_b")
        return
    m, n, k, _, on, ok = _shapes(st)
    a = _load2d(core, st["a"], k if st["ta"] else m, m if st["ta"] else k, m if st["ta"] else ok, "Matmul A")
    b = _load2d(core, st["b"], n if st["tb"] else k, k if st["tb"] else n, ok if st["tb"] else on, "Matmul B")
    if a is None or b is None:
        return
    a = a.T if st["ta"] else a
    b = b.T if st["tb"] else b
    c = blas.matmul(a, b)
    if st["bias"] is not None:
        bias = _load2d(core, st["bias"], 1, n, n, "Matmul bias")
        if bias is None:
            return
        c = c + bias
    hi = (m - 1) * on + n if m and n else 0
    if not core.access(state.MTE3, (), ((tensor, 0, hi),), "Matmul C"):
        return
    flat = tensor.view() if isinstance(tensor, LocalTensor) else tensor.view(0, hi)
    idx = np.arange(m)[:, None] * on + np.arange(n)[None, :]
    if int(en_atomic):
        c = c + flat[idx].astype(np.float32)
    flat[idx] = c.astype(flat.dtype)


def get_tensor_c(self: Any, tensor: Any = None, en_atomic: Any = 0, en_sequential_write: Any = False,
                 sync: Any = True, optional_tensor: Any = None) -> Any:
    """Write the result C to `tensor` (the simulator computes it whole, so one call delivers all of it)."""
    if tensor is None:
        cur().report("unsupported", "Matmul.get_tensor_c without a destination tensor is not modelled")
        return None
    iterate_all(self, tensor, en_atomic)
    return None


def wait_iterate_all(self: Any) -> None:
    cur().scalar_tick()


def wait_iterate_batch(self: Any) -> None:
    cur().scalar_tick()


def wait_get_tensor_c(self: Any) -> None:
    cur().scalar_tick()


def async_get_tensor_c(self: Any, c: LocalTensor) -> None:
    iterate_all(self, c)


def get_offset_c(self: Any) -> Any:
    """The offset of the last C block: the whole matrix at once on the simulator."""
    return None


def set_self_define_data(self: Any, data_ptr: Any) -> None:
    _mm(self)["self_define"] = data_ptr


def set_sparse_index(self: Any, index_global: Any) -> None:
    cur().report("unsupported", "sparse Matmul (set_sparse_index) is not modelled by the simulator")


def set_user_def_info(self: Any, tiling_ptr: Any) -> None:
    _mm(self)["user_def"] = tiling_ptr


def set_hf32(self: Any, enable_hf32: Any = False, trans_mode: Any = 0) -> None:
    _mm(self)["hf32"] = bool(enable_hf32)


def set_batch_num(self: Any, batch_a: Any, batch_b: Any) -> None:
    _mm(self)["batch"] = (int(batch_a), int(batch_b))


def set_quant_scalar(self: Any, quant_scalar: Any) -> None:
    cur().report("unsupported", "quantized Matmul (set_quant_scalar) is not modelled by the simulator")


def set_quant_vector(self: Any, quant_vector: Any) -> None:
    cur().report("unsupported", "quantized Matmul (set_quant_vector) is not modelled by the simulator")


def set_workspace(self: Any, addr: Any, size: Any = None) -> None:
    """The Matmul's GM workspace: the simulator computes C whole and needs none, so it is only recorded."""
    _mm(self)["workspace"] = (addr, size)


def iterate(self: Any, en_partial_sum: Any = False, sync: Any = True, local_c_matrix: Any = None) -> Any:
    """Block-by-block iteration is not modelled: the run stops with PS110 rather than compute a wrong C."""
    cur().report("unsupported", "Matmul.iterate (one base block of C at a time) is not modelled by the simulator; "
                 "iterate_all computes the whole result")
    return False
