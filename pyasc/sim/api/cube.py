"""Cube unit semantics: the ND2NZ/NZ2ND copies, load_data into L0A/L0B, mmad into L0C and fixpipe out of it.

Layouts, with C0 = 32 bytes of the element type (16 half/bfloat16, 8 float, 32 int8) and 512-byte fractals:

- L1 (A1/B1), as an ND2NZ copy leaves it: Nz, column blocks of C0 elements; element (r, c) of an n x d matrix is at
  (c // C0) * dst_nz_c0_stride * C0 + r * dst_nz_n_stride * C0 + c % C0, the tail of the last block zero-filled.
- L0A (A2): Zz, 16 x C0 fractals in row-major order, each row-major: A[m, k] at
  ((m // 16) * K1 + k // C0) * 16 * C0 + (m % 16) * C0 + k % C0, with K1 = ceil(k / C0).
- L0B (B2): Zn, C0 x 16 fractals in row-major order, each stored column by column: B[k, n] at
  ((k // C0) * N1 + n // 16) * 16 * C0 + (n % 16) * C0 + k % C0, with N1 = ceil(n / 16).
- L0C (CO1): Nz of 16 x 16 fractals: C[m, n] at (n // 16) * M1 * 256 + m * 16 + n % 16, with M1 = ceil(m / 16);
  fixpipe's src_stride (in 16-element rows) is M1 * 16 for such a result.

Each copy is a numpy assignment between strided views of the two memories (`as_strided`, no index arrays): a
call costs a few numpy operations whatever its size.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from .. import blas, state
from ..objects import GlobalTensor, LocalTensor, enum_member_name
from ._vec import cur, span
from .cast import bf16_to_f32, f32_to_bf16

MTE1, M, FIX = state.PIPE["MTE1"], state.PIPE["M"], state.PIPE["FIX"]
FRACTAL = 512
V1_ARCHS = (1001, 2002)
"""The SoC architectures with the im2col load of LoadData3DParamsV1 (Ascend C documents it for Atlas training and
inference products only)."""


def _c0(esize: int) -> int:
    return 32 // esize


def _int(params: Any, name: str, default: int = 0) -> int:
    v = getattr(params, name, None)
    return default if v is None else int(v)


def _flag(params: Any, name: str, default: bool = False) -> bool:
    v = getattr(params, name, None)
    return default if v is None else bool(v)


def _view(t: Any, lo: int, hi: int) -> np.ndarray:
    """Elements [lo, hi) of a Local or Global tensor."""
    return t.view()[lo:hi] if isinstance(t, LocalTensor) else t.view(lo, hi)


def _extent(shape: tuple[int, ...], strides: tuple[int, ...]) -> int:
    """One past the largest element a strided walk from element 0 reaches (strides >= 0); 0 when it is empty."""
    end = 1
    for n, st in zip(shape, strides, strict=True):
        if n <= 0:
            return 0
        end += (n - 1) * st
    return end


def _strided(t: Any, offset: int, shape: tuple[int, ...], strides: tuple[int, ...]) -> np.ndarray:
    """The elements offset + sum(i_k * strides[k]) of tensor t as a (writable) numpy view: no index arrays."""
    need = _extent(shape, strides)
    flat = _view(t, 0, offset + need)[offset:]
    if flat.size < need:  # a tensor past its memory's end (reported at its creation): nothing to read or keep
        return np.zeros(shape, flat.dtype)
    es = flat.itemsize
    if not flat.flags.c_contiguous:
        return np.lib.stride_tricks.as_strided(flat, shape, tuple(st * es for st in strides), writeable=True)
    return np.ndarray(shape, flat.dtype, flat, 0, tuple(st * es for st in strides))


# ---------------------------------------------------------------------------------------------------------------------
# ND2NZ into L1 and NZ2ND out of the Unified Buffer (data_copy with Nd2NzParams / Nz2NdParamsFull)


def nd2nz(dst: LocalTensor, src: Any, p: Any) -> None:
    """DataCopy with Nd2NzParams: nd_num row-major n_value x d_value matrices (rows src_d_value elements apart,
    matrices src_nd_matrix_stride apart) into Nz column blocks of C0; a partial last block is zero-filled."""
    core = cur()
    nd, n, d = _int(p, "nd_num", 1), _int(p, "n_value"), _int(p, "d_value")
    if nd == 0 or n == 0 or d == 0:
        return
    c0 = _c0(dst.esize)
    s_mat, s_d = _int(p, "src_nd_matrix_stride"), _int(p, "src_d_value", d)
    c0s, ns, d_mat = _int(p, "dst_nz_c0_stride", n), _int(p, "dst_nz_n_stride", 1), _int(p, "dst_nz_matrix_stride")
    d1, rest = divmod(d, c0)
    s_shape, s_str = (nd, n, d), (s_mat, s_d, 1)
    d_str = (d_mat, c0s * c0, ns * c0, 1)
    pipe = state.MTE2 if isinstance(src, GlobalTensor) else state.MTE3
    if not core.access(pipe, ((src, 0, _extent(s_shape, s_str)),),
                       ((dst, 0, _extent((nd, d1 + (rest > 0), n, c0), d_str)),), "data_copy (ND2NZ)"):
        return
    sv = _strided(src, 0, s_shape, s_str)
    if d1:
        _strided(dst, 0, (nd, d1, n, c0), d_str)[...] = sv[:, :, :d1 * c0].reshape(nd, n, d1, c0).transpose(0, 2, 1, 3)
    if rest:
        last = _strided(dst, d1 * c0s * c0, (nd, n, c0), (d_mat, ns * c0, 1))
        last[..., :rest] = sv[:, :, d1 * c0:]
        last[..., rest:] = 0


def nz2nd(dst: GlobalTensor, src: LocalTensor, p: Any) -> None:
    """DataCopy with Nz2NdParamsFull (Unified Buffer to GM): nd_num Nz matrices of n_value rows and d_value columns
    in 16-element column blocks (src_n_stride x 16 elements apart, matrices src_nd_matrix_stride x 256 apart) to
    row-major matrices with rows dst_d_stride elements apart."""
    core = cur()
    nd, n, d = _int(p, "nd_num", 1), _int(p, "n_value"), _int(p, "d_value")
    if nd == 0 or n == 0 or d == 0:
        return
    if d % 16:
        core.report("bad-argument", f"Nz2NdParamsFull d_value {d} is not a multiple of 16: the Nz source holds "
                                    "whole 16-element column blocks")
        return
    s_shape, s_str = (nd, d // 16, n, 16), (_int(p, "src_nd_matrix_stride") * 256, _int(p, "src_n_stride") * 16, 16, 1)
    d_shape, d_str = (nd, n, d), (_int(p, "dst_nd_matrix_stride"), _int(p, "dst_d_stride", d), 1)
    if not core.access(state.MTE3, ((src, 0, _extent(s_shape, s_str)),), ((dst, 0, _extent(d_shape, d_str)),),
                       "data_copy (NZ2ND)"):
        return
    vals = _strided(src, 0, s_shape, s_str).transpose(0, 2, 1, 3).reshape(d_shape)
    _strided(dst, 0, d_shape, d_str)[...] = vals


# ---------------------------------------------------------------------------------------------------------------------
# load_data: L1 (or GM) fractals into L0A / L0B


def load_data_2d(core: state.Core, dst: LocalTensor, src: Any, p: Any) -> None:
    """LoadData2DParams: repeat_times 512-byte fractals from fractal start_index + r * src_stride of src (minus with
    addr_mode 1) to dst fractal r * (1 + dst_gap); if_transpose transposes each 16 x 16 fractal (2-byte types only)."""
    rep = _int(p, "repeat_times", 1)
    if rep < 0 or rep > 255:
        core.report("bad-argument", f"load_data repeat_times {rep} is outside [0, 255]: split the load")
        return
    if rep == 0:
        return
    transpose = _flag(p, "if_transpose")
    if transpose and dst.esize != 2:
        core.report("bad-argument", f"load_data with if_transpose on {dst.dtype.name}: the 2D load transposes "
                                    "fractals of 2-byte types only (half, bfloat16, int16, uint16)")
        return
    if transpose and isinstance(src, GlobalTensor):
        core.report("bad-argument", "load_data with if_transpose from Global Memory: only loads from L1 (A1/B1) "
                                    "transpose")
        return
    per = FRACTAL // dst.esize
    start, sstr, gap = _int(p, "start_index"), _int(p, "src_stride"), _int(p, "dst_gap")
    down = _int(p, "addr_mode") == 1
    first = start - (rep - 1) * sstr if down else start  # the lowest source fractal
    if first < 0:
        core.report("bad-argument", "load_data with addr_mode 1 (decreasing) walks before the first fractal of "
                                    "src: start_index must be at least src_stride x (repeat_times - 1)")
        return
    s_shape, s_str = (rep, per), (sstr * per, 1)
    d_shape, d_str = (rep, per), ((1 + gap) * per, 1)
    pipe = state.MTE2 if isinstance(src, GlobalTensor) else MTE1
    lo = first * per
    if not core.access(pipe, ((src, lo, lo + _extent(s_shape, s_str)),), ((dst, 0, _extent(d_shape, d_str)),),
                       "load_data"):
        return
    vals = _strided(src, lo, s_shape, s_str)
    if down:
        vals = vals[::-1]
    if transpose:  # dst element (i, j) of a fractal is src element (j, i)
        vals = vals.reshape(rep, 16, 16).transpose(0, 2, 1).reshape(rep, per)
    _strided(dst, 0, d_shape, d_str)[...] = vals


@lru_cache(maxsize=64)
def _im2col_index(c1: int, h: int, w: int, c0: int, pads: tuple[int, int, int, int], fh: int, fw: int, sh: int,
                  sw: int, dh: int, dw: int) -> tuple[np.ndarray, int]:
    """For an L1 feature map [C1][H][W][C0]: the im2col matrix as (K1, M, C0) source indices (-1: padding), K block
    kb = c1 * fh * fw + kh * fw + kw, row m = ho * Wout + wo."""
    left, right, top, bottom = pads
    ho = (h + top + bottom - (fh - 1) * dh - 1) // sh + 1
    wo = (w + left + right - (fw - 1) * dw - 1) // sw + 1
    if ho <= 0 or wo <= 0:
        return np.zeros((0, 0, c0), dtype=np.int64), 0
    cb = np.arange(c1)[:, None, None, None, None]
    kh = np.arange(fh)[None, :, None, None, None]
    kw = np.arange(fw)[None, None, :, None, None]
    oh = np.arange(ho)[None, None, None, :, None]
    ow = np.arange(wo)[None, None, None, None, :]
    y = oh * sh + kh * dh - top
    x = ow * sw + kw * dw - left
    inside = (y >= 0) & (y < h) & (x >= 0) & (x < w)
    base = ((cb * h + y) * w + x) * c0
    base = np.where(inside, base, -1).reshape(c1 * fh * fw, ho * wo)
    idx = np.where(base[:, :, None] >= 0, base[:, :, None] + np.arange(c0)[None, None, :], -1)
    return idx, ho * wo


def _right_fmatrix(core: state.Core, p: Any) -> bool:
    """f_matrix_ctrl (the right matrix's FMATRIX) is documented as not supported yet: reported, True."""
    if not _flag(p, "f_matrix_ctrl"):
        return False
    core.report("bad-argument", f"load_data with {type(p).__name__}(f_matrix_ctrl=True): only the left matrix's "
                                "FMATRIX (f_matrix_ctrl=False) is supported")
    return True


def load_data_3d(core: state.Core, dst: LocalTensor, src: LocalTensor, p: Any) -> None:
    """LoadData3DParamsV2: as Ascend C's LoadData does by default, it first sets the FMATRIX register (l1_h, l1_w,
    pad_list) and the padding value from its parameters, then loads (`_im2col`)."""
    if _right_fmatrix(core, p):
        return
    h, w = _int(p, "l1_h", 1), _int(p, "l1_w", 1)
    pads = tuple(int(v) for v in (list(getattr(p, "pad_list", None) or [0, 0, 0, 0]) + [0, 0, 0, 0])[:4])
    pad_value = getattr(p, "pad_value", 0) or 0
    core.scalar_state["fmatrix"] = (h, w, pads)
    core.scalar_state["load_data_padding_value"] = pad_value
    fh = _int(p, "filter_h", 1) + (256 if _flag(p, "filter_size_h") else 0)
    fw = _int(p, "filter_w", 1) + (256 if _flag(p, "filter_size_w") else 0)
    _im2col(core, dst, src, h, w, pads, pad_value, _int(p, "channel_size", 1), _flag(p, "en_transpose"),
            (_int(p, "k_extension", 1), _int(p, "m_extension", 1), _int(p, "k_start_pt"), _int(p, "m_start_pt")),
            (fh, fw, _int(p, "stride_h", 1), _int(p, "stride_w", 1), _int(p, "dilation_filter_h", 1),
             _int(p, "dilation_filter_w", 1)))


def load_data_3d_pro(core: state.Core, dst: LocalTensor, src: LocalTensor, p: Any) -> None:
    """LoadData3DParamsV2Pro: the V2 load with its window packed into two words (Ascend C's bit fields: ext_config
    k_extension | m_extension << 16 | k_start_pt << 32 | m_start_pt << 48, filter_config stride_w | stride_h << 8 |
    filter_w << 16 | filter_h << 24 | dilation_w << 32 | dilation_h << 40) and the feature map's height, width and
    padding taken from the FMATRIX register and the padding value from its register (set by a V2 load, the
    padding value also by set_load_data_padding_value), which it does not set."""
    if _right_fmatrix(core, p):
        return
    fm = core.scalar_state.get("fmatrix")
    if fm is None:
        core.report("bad-call", "load_data with LoadData3DParamsV2Pro reads the feature map's height, width and "
                                "padding from the FMATRIX register, which nothing set in this kernel (on the device it "
                                "holds what an earlier kernel left): a load_data with LoadData3DParamsV2 sets it")
        return
    ext, flt = int(getattr(p, "ext_config", 0) or 0), int(getattr(p, "filter_config", 0) or 0)
    window = tuple((ext >> s) & 0xFFFF for s in (0, 16, 32, 48))
    sw, sh, fw, fh, dw, dh = ((flt >> s) & 0xFF for s in (0, 8, 16, 24, 32, 40))
    fh += 256 if _flag(p, "filter_size_h") else 0
    fw += 256 if _flag(p, "filter_size_w") else 0
    h, w, pads = fm
    _im2col(core, dst, src, h, w, pads, core.scalar_state.get("load_data_padding_value", 0) or 0,
            _int(p, "channel_size"), _flag(p, "en_transpose"), window, (fh, fw, sh, sw, dh, dw))


def _im2col(core: state.Core, dst: LocalTensor, src: LocalTensor, h: int, w: int, pads: tuple[int, ...],
            pad_value: Any, ch: int, transpose: bool, window: tuple[int, ...], kernel: tuple[int, ...]) -> None:
    """The im2col load of 2-byte and 1-byte types: the [C1][H][W][C0] feature map in L1, unfolded for
    filter_h x filter_w windows (strides, dilations, pads [left, right, top, bottom] filled with pad_value), the
    rows [m_start_pt, + m_extension) and columns [k_start_pt, + k_extension) of the im2col matrix written to L0A as
    Zz fractals, or to L0B (2-byte types) as Zn.  window: (k_extension, m_extension, k_start_pt, m_start_pt);
    kernel: (filter_h, filter_w, stride_h, stride_w, dilation_h, dilation_w).  A zero size is no load, as on the
    device."""
    kx, mx, ks, ms = window
    fh, fw, sh, sw, dh, dw = kernel
    if min(h, w, ch, kx, mx, fh, fw) <= 0:
        return
    esize = dst.esize
    c0 = _c0(esize)
    to_b = dst.mem == "L0B"
    if esize == 4 or (to_b and esize != 2) or (transpose and not to_b):
        core.report("unsupported", f"load_data 3D of {dst.dtype.name} to {dst.mem}"
                    f"{' transposed' if transpose and not to_b else ''} is not modelled by the "
                    "simulator (modelled: 2-byte types to L0A and L0B, 1-byte types to L0A, not transposed)")
        return
    if ch % c0:
        core.report("unsupported", f"load_data 3D with channel_size {ch}, not a multiple of C0 = {c0}: the "
                                   "simulator models whole C0 channel blocks only")
        return
    idx, rows = _im2col_index(ch // c0, h, w, c0, (pads[0], pads[1], pads[2], pads[3]), fh, fw, sh, sw, dh, dw)
    if ks % c0 or ks + kx > idx.shape[0] * c0 or ms + mx > rows:
        core.report("bad-argument", f"load_data 3D window rows [{ms}, {ms + mx}) x columns [{ks}, {ks + kx}) is "
                                    f"outside the {rows} x {idx.shape[0] * c0} im2col matrix (k_start_pt a "
                                    f"multiple of {c0})")
        return
    m1, k1 = -(-mx // 16), -(-kx // c0)
    sel = np.full((k1, m1 * 16, c0), -1, dtype=np.int64)
    sel[:, :mx] = idx[ks // c0:ks // c0 + k1, ms:ms + mx]
    frac = sel.reshape(k1, m1, 16, c0)
    order = frac.transpose(1, 0, 3, 2) if to_b else frac.transpose(1, 0, 2, 3)
    s_all = order.ravel()
    valid = s_all >= 0
    n = s_all.size
    if not core.access(MTE1, ((src, *span(s_all[valid])),), ((dst, 0, n),), "load_data (3D)"):
        return
    out = np.full(n, pad_value).astype(dst.npdt)
    out[valid] = src.view()[s_all[valid]]
    dst.view()[:n] = out


def _l0_aligned(core: state.Core, what: str, name: str, t: Any) -> bool:
    """L0A and L0B are addressed in 512-byte fractals: a tensor there must start on one (else PS108)."""
    if isinstance(t, LocalTensor) and t.mem in ("L0A", "L0B") and t.addr % FRACTAL:
        return core.report("bad-argument", f"{what}: {name} starts at {t.mem} byte {t.addr}, not on a 512-byte "
                                           f"fractal; offset the tensor by a multiple of {FRACTAL // t.esize} "
                                           f"{t.dtype.name} elements")
    return True


def load_data(dst: LocalTensor, src: Any, params: Any) -> None:
    """LoadData: 2D fractal loads (LoadData2DParams) and im2col loads (LoadData3DParamsV2, V2Pro) into L0A/L0B."""
    core = cur()
    name = type(params).__name__
    if not _l0_aligned(core, "load_data", "dst", dst):
        return
    if name == "LoadData2DParams":
        load_data_2d(core, dst, src, params)
    elif name == "LoadData3DParamsV2":
        load_data_3d(core, dst, src, params)
    elif name == "LoadData3DParamsV2Pro":
        load_data_3d_pro(core, dst, src, params)
    elif name == "LoadData3DParamsV1" and core.launch.soc.arch not in V1_ARCHS:
        core.report("unsupported", "load_data with LoadData3DParamsV1 is the form of the Atlas training (Ascend910A) "
                                   f"and inference (Ascend310P) products; {core.launch.soc.name} has no such load "
                                   "(use LoadData3DParamsV2)")
    elif name == "LoadData2DParamsV2":
        core.report("unsupported", f"load_data with LoadData2DParamsV2 is the Ascend 950 form; "
                                   f"{core.launch.soc.name} has no such load (use LoadData2DParams)")
    else:
        core.report("unsupported", f"load_data with {name} is not modelled by the simulator "
                                   "(modelled: LoadData2DParams, LoadData3DParamsV2, LoadData3DParamsV2Pro)")


# ---------------------------------------------------------------------------------------------------------------------
# mmad: C (L0C) = A (L0A, Zz) x B (L0B, Zn) [+ C or bias]

_MMAD_TYPES = {("float16", "float16"): "float32", ("bfloat16", "bfloat16"): "float32",
               ("float32", "float32"): "float32", ("int8", "int8"): "int32", ("uint8", "int8"): "int32",
               ("uint8", "uint8"): "int32"}


def _as_float(v: np.ndarray, dtype: str) -> np.ndarray:
    return bf16_to_f32(v).astype(np.float64) if dtype == "bfloat16" else v.astype(np.float64)


def mmad(dst: LocalTensor, fm: LocalTensor, filter: LocalTensor, bias: Any = None,  # noqa: A002
         params: Any = None) -> None:
    """Mmad: C[m, n] = sum_k A[m, k] B[k, n] over whole 16-row/16-column fractals, the products summed exactly
    (float64, or exact integers) and rounded once to C's float32/int32; with cmatrix_init_val False (or the old
    is_bias) added to what L0C holds, with a bias tensor added to its 1 x n row."""
    core = cur()
    m, n, k = _int(params, "m"), _int(params, "n"), _int(params, "k")
    types = (fm.dtype.name, filter.dtype.name)
    want = _MMAD_TYPES.get(types)
    if want is None or dst.dtype.name != want:
        accepted = ", ".join(f"{a} x {b} -> {c}" for (a, b), c in _MMAD_TYPES.items())
        core.report("bad-argument", f"mmad of {types[0]} x {types[1]} into {dst.dtype.name}: the cube computes "
                                    f"{accepted}")
        return
    if m <= 0 or n <= 0 or k <= 0:
        return
    if not (_l0_aligned(core, "mmad", "fm", fm) and _l0_aligned(core, "mmad", "filter", filter)):
        return
    if max(m, n, k) > 4095:
        core.report("bad-argument", f"mmad m={m}, n={n}, k={k}: each is at most 4095; split the product")
        return
    c0 = _c0(fm.esize)
    m1, n1, k1 = -(-m // 16), -(-n // 16), -(-k // c0)
    accumulate = (not _flag(params, "cmatrix_init_val", True)) or _flag(params, "is_bias")
    if bias is None and _flag(params, "cmatrix_source") and not _flag(params, "cmatrix_init_val", True):
        core.report("unsupported", "mmad with cmatrix_source (C initialized from the bias table) without a bias "
                                   "tensor is not modelled: pass the bias tensor (the 5-argument form)")
        return
    na, nb, nc = m1 * k1 * 16 * c0, k1 * n1 * 16 * c0, n1 * m1 * 256
    reads = [(fm, 0, na), (filter, 0, nb)]
    if bias is not None:
        reads.append((bias, 0, n))
    elif accumulate:
        reads.append((dst, 0, nc))
    if not core.access(M, tuple(reads), ((dst, 0, nc),), "mmad", cost_bytes=m1 * n1 * k1):
        return
    a = fm.view()[:na].reshape(m1, k1, 16, c0).transpose(0, 2, 1, 3).reshape(m1 * 16, k1 * c0)[:, :k]
    b = filter.view()[:nb].reshape(k1, n1, 16, c0).transpose(0, 3, 1, 2).reshape(k1 * c0, n1 * 16)[:k]
    c = blas.matmul(_as_float(a, types[0]), _as_float(b, types[1]))
    cv = dst.view()[:nc].reshape(n1, m1 * 16, 16)
    if bias is not None:
        bv = bias.view()[:n].astype(np.float64)
        c[:, :n] += bv[None, :]
    elif accumulate:
        c += cv.transpose(1, 0, 2).reshape(m1 * 16, n1 * 16)
    if want == "int32":
        out = np.rint(c).astype(np.int64).astype(np.int32)
    else:
        out = c.astype(np.float32)
    cv[:] = out.reshape(m1 * 16, n1, 16).transpose(1, 0, 2)


# ---------------------------------------------------------------------------------------------------------------------
# fixpipe / DataCopy out of L0C: NZ2ND or NZ, with the conversions of quant_pre and ReLU


def _scale(bits: np.ndarray | int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The fields of QUANT_PRE words: (scale M1 as float32 with its mantissa cut to 10 bits, shift N in [1, 16],
    mode-control bit, 9-bit signed offset, signed-result bit)."""
    q = np.asarray(bits, dtype=np.uint64)
    m1 = (q & np.uint64(0xFFFFE000)).astype(np.uint32).view(np.float32).astype(np.float64)
    shift = ((q >> np.uint64(32)) & np.uint64(0xF)).astype(np.int64) + 1
    mcb = ((q >> np.uint64(36)) & np.uint64(1)).astype(bool)
    off = ((q >> np.uint64(37)) & np.uint64(0x1FF)).astype(np.int64)
    off = np.where(off >= 256, off - 512, off)
    signed = ((q >> np.uint64(46)) & np.uint64(1)).astype(bool)
    return m1, shift, mcb, off, signed


def _quantize(core: state.Core, vals: np.ndarray, src_dt: str, dst_dt: str, quant: str, relu: bool,
              words: np.ndarray | int | None, what: str) -> np.ndarray | None:
    """Convert L0C values (rows x columns) as quant_pre says; None after a reported error."""
    if quant == "NoQuant":
        if dst_dt != src_dt:
            fix = {"float16": "F322F16", "bfloat16": "F322BF16"}.get(dst_dt) if src_dt == "float32" else None
            core.report("bad-argument", f"{what} of {src_dt} L0C data into {dst_dt} with quant_pre NoQuant: "
                        + (f"set quant_pre=asc.QuantModes.{fix}" if fix else f"the destination must be {src_dt}"))
            return None
        return np.maximum(vals, 0) if relu else vals
    if quant in ("F322F16", "F322BF16"):
        want = "float16" if quant == "F322F16" else "bfloat16"
        if src_dt != "float32" or dst_dt != want:
            core.report("bad-argument", f"{what} with quant_pre {quant} converts float32 L0C data to {want}, not "
                                        f"{src_dt} to {dst_dt}")
            return None
        v = np.maximum(vals, 0) if relu else vals
        return v.astype(np.float16) if want == "float16" else f32_to_bf16(v)
    table = {"DEQF16": ("int32", ("float16",)), "VDEQF16": ("int32", ("float16",)),
             "REQ8": ("int32", ("int8", "uint8")), "VREQ8": ("int32", ("int8", "uint8")),
             "QF322B8_PRE": ("float32", ("int8", "uint8")), "VQF322B8_PRE": ("float32", ("int8", "uint8"))}
    if quant not in table:
        core.report("unsupported", f"{what} with quant_pre {quant} is not modelled by the simulator")
        return None
    need_src, dsts = table[quant]
    if src_dt != need_src or dst_dt not in dsts:
        core.report("bad-argument", f"{what} with quant_pre {quant} converts {need_src} L0C data to "
                                    f"{' or '.join(dsts)}, not {src_dt} to {dst_dt}")
        return None
    if words is None:
        core.report("bad-argument", f"{what} with quant_pre {quant} (per-channel) needs the uint64 scale tensor "
                                    "(cbuf_workspace) of one word per column")
        return None
    m1, shift, mcb, off, signed = _scale(words)
    x = vals.astype(np.float64)
    if need_src == "int32":
        shifted = np.clip(vals.astype(np.int64) >> shift, -32768, 32767).astype(np.float64)
    else:
        shifted = np.clip(np.rint(x / np.exp2(shift)), -32768, 32767)
    x = np.where(mcb, shifted, x)
    x = np.where(x >= 0, x * m1, x * (0.0 if relu else m1))
    if dst_dt == "float16":
        return np.clip(x, -65504.0, 65504.0).astype(np.float16)
    q = np.clip(np.rint(x), -256, 255) + off
    q = np.where(signed, np.clip(q, -128, 127), np.clip(q, 0, 255)).astype(np.int64)
    return q.astype(np.int8 if dst_dt == "int8" else np.uint8)


def fix_out(core: state.Core, what: str, dst: Any, src: LocalTensor, m: int, n: int, src_stride: int,
            dst_stride: int, row_major: bool, quant: str, relu: bool, words: Any, nd: int = 1, s_nd: int = 0,
            d_nd: int = 0, extra: tuple[tuple[Any, int, int], ...] = ()) -> None:
    """Move an m x n result out of L0C (Nz, column blocks src_stride x 16 elements apart), converted, to dst:
    row-major with rows dst_stride elements apart, or Nz with column blocks dst_stride 32-byte blocks apart."""
    if m <= 0 or n <= 0 or nd <= 0:
        return
    if src.mem != "L0C":
        core.report("bad-argument", f"{what} reads L0C (TPosition.CO1); its source is in {src.mem}")
        return
    n1 = -(-n // 16)
    s_shape, s_str = (nd, n1, m, 16), (s_nd * 256, src_stride * 16, 16, 1)
    if row_major:
        d_shape, d_str = (nd, m, n), (d_nd, dst_stride, 1)
    else:
        dst_c0 = 32 if dst.esize == 1 else 16
        if n % dst_c0:
            core.report("bad-argument", f"{what} to the Nz layout with n_size {n}: a {dst.dtype.name} Nz result has "
                                        f"column blocks of {dst_c0}; use a multiple of {dst_c0}")
            return
        d_shape, d_str = (nd, n // dst_c0, m, dst_c0), (d_nd, dst_stride * (32 // dst.esize), dst_c0, 1)
    if not core.access(FIX, ((src, 0, _extent(s_shape, s_str)), *extra), ((dst, 0, _extent(d_shape, d_str)),),
                       what):
        return
    vals = _strided(src, 0, s_shape, s_str).transpose(0, 2, 1, 3).reshape(nd, m, n1 * 16)[:, :, :n]
    out = _quantize(core, vals, src.dtype.name, dst.dtype.name, quant, relu, words, what)
    if out is None:
        return
    if not row_major:
        out = out.reshape(nd, m, d_shape[1], d_shape[3]).transpose(0, 2, 1, 3)
    _strided(dst, 0, d_shape, d_str)[...] = out


def _layout_row_major(config: Any) -> bool:
    """FixpipeConfig (or the spec's default, or FixpipeConfig.cfg_nz passed uncalled, as CANN allows) -> is the
    output row-major?"""
    if config is None:
        return True
    if isinstance(config, str) or (callable(config) and not hasattr(config, "layout")):
        name = config if isinstance(config, str) else getattr(config, "__name__", "")
        return not name.lower().endswith("nz")
    layout = getattr(config, "layout", None)
    return layout is None or enum_member_name(layout, "CO2Layout") != "NZ"


def _quant_name(value: Any) -> str:
    return "NoQuant" if value is None else enum_member_name(value, "QuantModes")


def fixpipe(dst: Any, src: LocalTensor, params: Any, config: Any = None, cbuf_workspace: Any = None) -> None:
    """Fixpipe (FixpipeParamsV220): nd_num m_size x n_size results from L0C (src_stride: 16-element rows between
    column blocks; src_nd_stride: 256-element units between results) to dst, row-major (CFG_ROW_MAJOR, rows
    dst_stride elements apart, results dst_nd_stride apart) or Nz (CFG_NZ, dst_stride 32-byte blocks between column
    blocks), converted by quant_pre (deq_scalar or one cbuf_workspace word per column) and relu_en."""
    core = cur()
    p = params
    if _flag(p, "is_channel_split"):
        core.report("unsupported", "fixpipe with is_channel_split is not modelled by the simulator")
        return
    quant = _quant_name(getattr(p, "quant_pre", None))
    n = _int(p, "n_size")
    words: Any = None
    extra: tuple[tuple[Any, int, int], ...] = ()
    if quant.startswith("V"):
        if cbuf_workspace is not None:
            words = cbuf_workspace.view()[:n].view(np.uint64)[None, :]
            extra = ((cbuf_workspace, 0, n),)
    elif quant != "NoQuant" and not quant.startswith("F322"):
        words = _int(p, "deq_scalar")
    fix_out(core, "fixpipe", dst, src, _int(p, "m_size"), n, _int(p, "src_stride"), _int(p, "dst_stride"),
            _layout_row_major(config), quant, _flag(p, "relu_en"), words, _int(p, "nd_num", 1),
            _int(p, "src_nd_stride"), _int(p, "dst_nd_stride"), extra)


def co1_copy(dst: Any, src: LocalTensor, p: Any) -> None:
    """DataCopy with DataCopyCO12DstParams: fixpipe's move from L0C, its scalar quantization word set by
    set_fix_pipe_pre_quant_flag, row-major with nz2nd_en."""
    core = cur()
    if _flag(p, "channel_split"):
        core.report("unsupported", "data_copy from L0C with channel_split is not modelled by the simulator")
        return
    quant = _quant_name(getattr(p, "quant_pre", None))
    if quant.startswith("V"):
        core.report("unsupported", f"data_copy from L0C with per-channel quant_pre {quant} is not modelled "
                                   "(use fixpipe with cbuf_workspace)")
        return
    words = int(core.scalar_state.get("fix_pipe_pre_quant_flag", 0) or 0)
    fix_out(core, "data_copy (from L0C)", dst, src, _int(p, "m_size"), _int(p, "n_size"), _int(p, "src_stride"),
            _int(p, "dst_stride"), _flag(p, "nz2nd_en"), quant, _int(p, "relu_pre") != 0, words)


CUBE_COPIES = {"Nd2NzParams": nd2nz, "Nz2NdParamsFull": nz2nd, "DataCopyCO12DstParams": co1_copy}
"""data_copy forms by parameter struct: they convert layouts, so they are not 32-byte block copies."""
