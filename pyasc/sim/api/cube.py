"""Cube unit semantics: load_data into L0A/L0B (and its transposing form, init_const_value), mmad into L0C and
fixpipe out of it; the layouts are described in fractal.py."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import numpy as np

from .. import blas, pipes, state
from ..objects import GlobalTensor, LocalTensor, enum_member_name
from ._vec import cur, span, store
from .cast import bf16_to_f32
from .fractal import (
    FRACTAL,
    MTE1,
    V1_ARCHS,
    M,
    c0_elements,
    extent,
    fix_out,
    flag,
    l0_aligned,
    num,
    quant_name,
    strided,
)

MTE2 = pipes.MTE2


# ---------------------------------------------------------------------------------------------------------------------
# load_data: L1 (or GM) fractals into L0A / L0B


def load_data_2d(core: state.Core, dst: LocalTensor, src: Any, p: Any) -> None:
    """LoadData2DParams: repeat_times 512-byte fractals from fractal start_index + r * src_stride of src (minus with
    addr_mode 1) to dst fractal r * (1 + dst_gap); if_transpose transposes each 16 x 16 fractal (2-byte types only)."""
    rep = num(p, "repeat_times", 1)
    if rep < 0 or rep > 255:
        core.report("bad-argument", f"load_data repeat_times {rep} is outside [0, 255]: split the load")
        return
    if rep == 0:
        return
    transpose = flag(p, "if_transpose")
    if transpose and dst.esize != 2:
        core.report("bad-argument", f"load_data with if_transpose on {dst.dtype.name}: the 2D load transposes "
                                    "fractals of 2-byte types only (half, bfloat16, int16, uint16)")
        return
    if transpose and isinstance(src, GlobalTensor):
        core.report("bad-argument", "load_data with if_transpose from Global Memory: only loads from L1 (A1/B1) "
                                    "transpose")
        return
    per = FRACTAL // dst.esize
    start, sstr, gap = num(p, "start_index"), num(p, "src_stride"), num(p, "dst_gap")
    down = num(p, "addr_mode") == 1
    first = start - (rep - 1) * sstr if down else start  # the lowest source fractal
    if first < 0:
        core.report("bad-argument", "load_data with addr_mode 1 (decreasing) walks before the first fractal of "
                                    "src: start_index must be at least src_stride x (repeat_times - 1)")
        return
    s_shape, s_str = (rep, per), (sstr * per, 1)
    d_shape, d_str = (rep, per), ((1 + gap) * per, 1)
    pipe = pipes.MTE2 if isinstance(src, GlobalTensor) else MTE1
    lo = first * per
    if not core.access(pipe, ((src, lo, lo + extent(s_shape, s_str)),), ((dst, 0, extent(d_shape, d_str)),),
                       "load_data"):
        return
    vals = strided(src, lo, s_shape, s_str)
    if down:
        vals = vals[::-1]
    if transpose:  # dst element (i, j) of a fractal is src element (j, i)
        vals = vals.reshape(rep, 16, 16).transpose(0, 2, 1).reshape(rep, per)
    strided(dst, 0, d_shape, d_str)[...] = vals


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
    if not flag(p, "f_matrix_ctrl"):
        return False
    core.report("bad-argument", f"load_data with {type(p).__name__}(f_matrix_ctrl=True): only the left matrix's "
                                "FMATRIX (f_matrix_ctrl=False) is supported")
    return True


def load_data_3d(core: state.Core, dst: LocalTensor, src: LocalTensor, p: Any) -> None:
    """LoadData3DParamsV2: as Ascend C's LoadData does by default, it first sets the FMATRIX register (l1_h, l1_w,
    pad_list) and the padding value from its parameters, then loads (`_im2col`)."""
    if _right_fmatrix(core, p):
        return
    h, w = num(p, "l1_h", 1), num(p, "l1_w", 1)
    pads = tuple(int(v) for v in (list(getattr(p, "pad_list", None) or [0, 0, 0, 0]) + [0, 0, 0, 0])[:4])
    pad_value = getattr(p, "pad_value", 0) or 0
    core.scalar_state["fmatrix"] = (h, w, pads)
    core.scalar_state["load_data_padding_value"] = pad_value
    fh = num(p, "filter_h", 1) + (256 if flag(p, "filter_size_h") else 0)
    fw = num(p, "filter_w", 1) + (256 if flag(p, "filter_size_w") else 0)
    _im2col(core, dst, src, h, w, pads, pad_value, num(p, "channel_size", 1), flag(p, "en_transpose"),
            (num(p, "k_extension", 1), num(p, "m_extension", 1), num(p, "k_start_pt"), num(p, "m_start_pt")),
            (fh, fw, num(p, "stride_h", 1), num(p, "stride_w", 1), num(p, "dilation_filter_h", 1),
             num(p, "dilation_filter_w", 1)))


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
    fh += 256 if flag(p, "filter_size_h") else 0
    fw += 256 if flag(p, "filter_size_w") else 0
    h, w, pads = fm
    _im2col(core, dst, src, h, w, pads, core.scalar_state.get("load_data_padding_value", 0) or 0,
            num(p, "channel_size"), flag(p, "en_transpose"), window, (fh, fw, sh, sw, dh, dw))


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
    c0 = c0_elements(esize)
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


def load_data(dst: LocalTensor, src: Any, params: Any) -> None:
    """LoadData: 2D fractal loads (LoadData2DParams) and im2col loads (LoadData3DParamsV2, V2Pro) into L0A/L0B."""
    core = cur()
    name = type(params).__name__
    if not l0_aligned(core, "load_data", "dst", dst):
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
    m, n, k = num(params, "m"), num(params, "n"), num(params, "k")
    types = (fm.dtype.name, filter.dtype.name)
    want = _MMAD_TYPES.get(types)
    if want is None or dst.dtype.name != want:
        accepted = ", ".join(f"{a} x {b} -> {c}" for (a, b), c in _MMAD_TYPES.items())
        core.report("bad-argument", f"mmad of {types[0]} x {types[1]} into {dst.dtype.name}: the cube computes "
                                    f"{accepted}")
        return
    if m <= 0 or n <= 0 or k <= 0:
        return
    if not (l0_aligned(core, "mmad", "fm", fm) and l0_aligned(core, "mmad", "filter", filter)):
        return
    if max(m, n, k) > 4095:
        core.report("bad-argument", f"mmad m={m}, n={n}, k={k}: each is at most 4095; split the product")
        return
    c0 = c0_elements(fm.esize)
    m1, n1, k1 = -(-m // 16), -(-n // 16), -(-k // c0)
    accumulate = (not flag(params, "cmatrix_init_val", True)) or flag(params, "is_bias")
    if bias is None and flag(params, "cmatrix_source") and not flag(params, "cmatrix_init_val", True):
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


def fixpipe(dst: Any, src: LocalTensor, params: Any, config: Any = None, cbuf_workspace: Any = None) -> None:
    """Fixpipe (FixpipeParamsV220): nd_num m_size x n_size results from L0C (src_stride: 16-element rows between
    column blocks; src_nd_stride: 256-element units between results) to dst, row-major (CFG_ROW_MAJOR, rows
    dst_stride elements apart, results dst_nd_stride apart) or Nz (CFG_NZ, dst_stride 32-byte blocks between column
    blocks), converted by quant_pre (deq_scalar or one cbuf_workspace word per column) and relu_en."""
    core = cur()
    p = params
    if flag(p, "is_channel_split"):
        core.report("unsupported", "fixpipe with is_channel_split is not modelled by the simulator")
        return
    quant = quant_name(getattr(p, "quant_pre", None))
    n = num(p, "n_size")
    words: Any = None
    extra: tuple[tuple[Any, int, int], ...] = ()
    if quant.startswith("V"):
        if cbuf_workspace is not None:
            words = cbuf_workspace.view()[:n].view(np.uint64)[None, :]
            extra = ((cbuf_workspace, 0, n),)
    elif quant != "NoQuant" and not quant.startswith("F322"):
        words = num(p, "deq_scalar")
    fix_out(core, "fixpipe", dst, src, num(p, "m_size"), n, num(p, "src_stride"), num(p, "dst_stride"),
            _layout_row_major(config), quant, flag(p, "relu_en"), words, num(p, "nd_num", 1),
            num(p, "src_nd_stride"), num(p, "dst_nd_stride"), extra)


# ---------------------------------------------------------------------------------------------------------------------
# Cube data loads: 512-byte fractals


def load_data_with_transpose(dst: LocalTensor, src: LocalTensor, params: Any) -> None:
    """Fractals copied with each 16x16 (2-byte) block transposed."""
    core = cur()
    per = 512 // dst.esize
    start = int(getattr(params, "start_index", 0) or 0)
    rep = int(getattr(params, "repeat_times", 1) or 1)
    sstr = int(getattr(params, "src_stride", 1) or 1)
    n = rep * per
    lo = start * per
    if not core.access(pipes.PIPE["MTE1"], ((src, lo, lo + (rep - 1) * sstr * per + per),), ((dst, 0, n),),
                       "load_data_with_transpose"):
        return
    sv = src.view()
    for r in range(rep):
        blk = sv[lo + r * sstr * per: lo + r * sstr * per + per]
        side = int(round(per ** 0.5))
        dst.view()[r * per:(r + 1) * per] = blk.reshape(side, -1).T.reshape(-1) if side * side == per else blk


def init_const_value(dst: LocalTensor, init_const_value_params: Any) -> None:
    """Fill repeat_times * block_num 32-byte blocks of dst with init_value."""
    core = cur()
    p = init_const_value_params
    rep = int(getattr(p, "repeat_times", 1) or 1)
    blocks = int(getattr(p, "block_num", 1) or 1)
    n = rep * blocks * 32 // dst.esize
    if core.access(MTE2, (), ((dst, 0, n),), "init_const_value"):
        store(dst.view()[:n], np.full(n, getattr(p, "init_value", 0) or 0).astype(dst.npdt))
