"""The cube unit's layouts and the moves between them that several families share: the ND2NZ/NZ2ND copies and the
move out of L0C with its quantization (data_copy's cube forms, fixpipe, the Matmul's quantized output).

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

from typing import Any

import numpy as np

from .. import pipes, state
from ..objects import GlobalTensor, LocalTensor, enum_member_name
from ._vec import cur
from .cast import f32_to_bf16

MTE1, M, FIX = pipes.PIPE["MTE1"], pipes.PIPE["M"], pipes.PIPE["FIX"]
FRACTAL = 512
V1_ARCHS = (1001, 2002)
"""The SoC architectures with the im2col load of LoadData3DParamsV1 (Ascend C documents it for Atlas training and
inference products only)."""


def c0_elements(esize: int) -> int:
    return 32 // esize


def num(params: Any, name: str, default: int = 0) -> int:
    """An int field of a parameter struct, `default` where it was never given."""
    v = getattr(params, name, None)
    return default if v is None else int(v)


def flag(params: Any, name: str, default: bool = False) -> bool:
    """A bool field of a parameter struct, `default` where it was never given."""
    v = getattr(params, name, None)
    return default if v is None else bool(v)


def view_of(t: Any, lo: int, hi: int) -> np.ndarray:
    """Elements [lo, hi) of a Local or Global tensor."""
    return t.view()[lo:hi] if isinstance(t, LocalTensor) else t.view(lo, hi)


def extent(shape: tuple[int, ...], strides: tuple[int, ...]) -> int:
    """One past the largest element a strided walk from element 0 reaches (strides >= 0); 0 when it is empty."""
    end = 1
    for n, st in zip(shape, strides, strict=True):
        if n <= 0:
            return 0
        end += (n - 1) * st
    return end


def strided(t: Any, offset: int, shape: tuple[int, ...], strides: tuple[int, ...]) -> np.ndarray:
    """The elements offset + sum(i_k * strides[k]) of tensor t as a (writable) numpy view: no index arrays."""
    need = extent(shape, strides)
    flat = view_of(t, 0, offset + need)[offset:]
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
    nd, n, d = num(p, "nd_num", 1), num(p, "n_value"), num(p, "d_value")
    if nd == 0 or n == 0 or d == 0:
        return
    c0 = c0_elements(dst.esize)
    s_mat, s_d = num(p, "src_nd_matrix_stride"), num(p, "src_d_value", d)
    c0s, ns, d_mat = num(p, "dst_nz_c0_stride", n), num(p, "dst_nz_n_stride", 1), num(p, "dst_nz_matrix_stride")
    d1, rest = divmod(d, c0)
    s_shape, s_str = (nd, n, d), (s_mat, s_d, 1)
    d_str = (d_mat, c0s * c0, ns * c0, 1)
    pipe = pipes.MTE2 if isinstance(src, GlobalTensor) else pipes.MTE3
    if not core.access(pipe, ((src, 0, extent(s_shape, s_str)),),
                       ((dst, 0, extent((nd, d1 + (rest > 0), n, c0), d_str)),), "data_copy (ND2NZ)"):
        return
    sv = strided(src, 0, s_shape, s_str)
    if d1:
        strided(dst, 0, (nd, d1, n, c0), d_str)[...] = sv[:, :, :d1 * c0].reshape(nd, n, d1, c0).transpose(0, 2, 1, 3)
    if rest:
        last = strided(dst, d1 * c0s * c0, (nd, n, c0), (d_mat, ns * c0, 1))
        last[..., :rest] = sv[:, :, d1 * c0:]
        last[..., rest:] = 0


def nz2nd(dst: GlobalTensor, src: LocalTensor, p: Any) -> None:
    """DataCopy with Nz2NdParamsFull (Unified Buffer to GM): nd_num Nz matrices of n_value rows and d_value columns
    in 16-element column blocks (src_n_stride x 16 elements apart, matrices src_nd_matrix_stride x 256 apart) to
    row-major matrices with rows dst_d_stride elements apart."""
    core = cur()
    nd, n, d = num(p, "nd_num", 1), num(p, "n_value"), num(p, "d_value")
    if nd == 0 or n == 0 or d == 0:
        return
    if d % 16:
        core.report("bad-argument", f"Nz2NdParamsFull d_value {d} is not a multiple of 16: the Nz source holds "
                                    "whole 16-element column blocks")
        return
    s_shape, s_str = (nd, d // 16, n, 16), (num(p, "src_nd_matrix_stride") * 256, num(p, "src_n_stride") * 16, 16, 1)
    d_shape, d_str = (nd, n, d), (num(p, "dst_nd_matrix_stride"), num(p, "dst_d_stride", d), 1)
    if not core.access(pipes.MTE3, ((src, 0, extent(s_shape, s_str)),), ((dst, 0, extent(d_shape, d_str)),),
                       "data_copy (NZ2ND)"):
        return
    vals = strided(src, 0, s_shape, s_str).transpose(0, 2, 1, 3).reshape(d_shape)
    strided(dst, 0, d_shape, d_str)[...] = vals


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


def quantize(core: state.Core, vals: np.ndarray, src_dt: str, dst_dt: str, quant: str, relu: bool,
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
    if not core.access(FIX, ((src, 0, extent(s_shape, s_str)), *extra), ((dst, 0, extent(d_shape, d_str)),),
                       what):
        return
    vals = strided(src, 0, s_shape, s_str).transpose(0, 2, 1, 3).reshape(nd, m, n1 * 16)[:, :, :n]
    out = quantize(core, vals, src.dtype.name, dst.dtype.name, quant, relu, words, what)
    if out is None:
        return
    if not row_major:
        out = out.reshape(nd, m, d_shape[1], d_shape[3]).transpose(0, 2, 1, 3)
    strided(dst, 0, d_shape, d_str)[...] = out


def quant_name(value: Any) -> str:
    return "NoQuant" if value is None else enum_member_name(value, "QuantModes")


def co1_copy(dst: Any, src: LocalTensor, p: Any) -> None:
    """DataCopy with DataCopyCO12DstParams: fixpipe's move from L0C, its scalar quantization word set by
    set_fix_pipe_pre_quant_flag, row-major with nz2nd_en."""
    core = cur()
    if flag(p, "channel_split"):
        core.report("unsupported", "data_copy from L0C with channel_split is not modelled by the simulator")
        return
    quant = quant_name(getattr(p, "quant_pre", None))
    if quant.startswith("V"):
        core.report("unsupported", f"data_copy from L0C with per-channel quant_pre {quant} is not modelled "
                                   "(use fixpipe with cbuf_workspace)")
        return
    words = int(core.scalar_state.get("fix_pipe_pre_quant_flag", 0) or 0)
    fix_out(core, "data_copy (from L0C)", dst, src, num(p, "m_size"), num(p, "n_size"), num(p, "src_stride"),
            num(p, "dst_stride"), flag(p, "nz2nd_en"), quant, num(p, "relu_pre") != 0, words)


CUBE_COPIES = {"Nd2NzParams": nd2nz, "Nz2NdParamsFull": nz2nd, "DataCopyCO12DstParams": co1_copy}
"""data_copy forms by parameter struct: they convert layouts, so they are not 32-byte block copies."""


def l0_aligned(core: state.Core, what: str, name: str, t: Any) -> bool:
    """L0A and L0B are addressed in 512-byte fractals: a tensor there must start on one (else PS108)."""
    if isinstance(t, LocalTensor) and t.mem in ("L0A", "L0B") and t.addr % FRACTAL:
        return core.report("bad-argument", f"{what}: {name} starts at {t.mem} byte {t.addr}, not on a 512-byte "
                                           f"fractal; offset the tensor by a multiple of {FRACTAL // t.esize} "
                                           f"{t.dtype.name} elements")
    return True
