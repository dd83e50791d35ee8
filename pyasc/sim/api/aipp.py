"""AIPP on the simulator: set_aipp_functions records the image and its preprocessing, load_image_to_local crops the
image from Global Memory into L1 (A1/B1) with it (Ascend C's SetAippFunctions and LoadImageToLocal pages).

Per pixel of the crop (rows [vert_start_pos, + vert_size), one row with single-line copy; columns
[horiz_start_pos, + horiz_size) of a src_horiz_size wide image) the channels are: YUV400 Y; RGB888 R, G, B (B, G, R
with is_swap_rb); XRGB8888 the three colour bytes (X first with is_swap_ax, last without), then the R/B swap;
YUV420SP Y and the U, V of its 2 x 2 block from the interleaved UV plane (V, U with is_swap_uv).  The uint8 values
are converted to the output type: int8 as x - mean saturated to [-128, 127], half as (x - mean - min) * var, each
step rounded to half.  The channels are padded with c_padding_value to 32 bytes (mode 0) or 4 (mode 1); the image
with left/right columns of padding_value_ch0..3 (mode 0) or copies of the nearest pixel (mode 1), and the result
is written to dst as rows x columns x channels.  Not modelled (PS110): the colour space conversion (is_enable_csc)
and the block and mirror padding modes 2 and 3.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import pipes, state
from ..objects import GlobalTensor, LocalTensor, enum_member_name
from ._vec import cur

MTE2 = pipes.MTE2
_BYTES = {"YUV400_U8": 1, "RGB888_U8": 3, "XRGB8888_U8": 4, "YUV420SP_U8": 1}


def _f(obj: Any, name: str, default: Any = 0) -> Any:
    v = getattr(obj, name, None) if obj is not None else None
    return default if v is None else v


def set_aipp_functions(src0: GlobalTensor, input_format: Any, config: Any, src1: Any = None) -> None:
    core = cur()
    core.scalar_tick()
    fmt = enum_member_name(input_format, "AippInputFormat")
    what = "set_aipp_functions"
    if fmt not in _BYTES:
        core.report("bad-argument", f"{what}: {fmt} is no AippInputFormat (YUV420SP_U8, XRGB8888_U8, RGB888_U8, "
                                    "YUV400_U8)")
        return
    planes = (src0,) if src1 is None else (src0, src1)
    if any(not isinstance(t, GlobalTensor) or t.dtype.name != "uint8" for t in planes):
        core.report("bad-argument", f"{what}: the {fmt} image is uint8 GlobalTensors, not "
                                    + ", ".join(getattr(getattr(t, 'dtype', None), 'name', type(t).__name__)
                                                for t in planes))
        return
    if (fmt == "YUV420SP_U8") != (src1 is not None):
        core.report("bad-call", f"{what}: a YUV420SP image takes its Y plane (src0) and its UV plane (src1); the "
                                "other formats one GlobalTensor" + (" (src1 is missing)" if src1 is None else ""))
        return
    core.scalar_state["aipp"] = (src0, src1, fmt, config)


def _pixels(core: state.Core, fmt: str, src0: GlobalTensor, src1: Any, swap: Any, rows: range, cols: range,
            width: int, what: str, write: tuple[LocalTensor, int]) -> np.ndarray | None:
    """The crop's uint8 channels [rows, cols, 1 or 3], read on MTE2 by the instruction that writes `write`
    (tensor, element count); None after a reported error."""
    bpp = _BYTES[fmt]
    lo = (rows[0] * width + cols[0]) * bpp
    hi = (rows[-1] * width + cols[-1] + 1) * bpp
    reads = [(src0, lo, hi)]
    if fmt == "YUV420SP_U8":
        ulo = (rows[0] // 2) * width + (cols[0] // 2) * 2
        uhi = (rows[-1] // 2) * width + (cols[-1] // 2) * 2 + 2
        reads.append((src1, ulo, uhi))
    if not core.access(MTE2, tuple(reads), ((write[0], 0, write[1]),), what):
        return None
    r = np.asarray(rows)[:, None]
    c = np.asarray(cols)[None, :]
    img = src0.view(lo, hi).astype(np.int64)
    at = (r * width + c) * bpp - lo
    if fmt == "YUV400_U8":
        return img[at][:, :, None]
    if fmt == "YUV420SP_U8":
        uv = src1.view(ulo, uhi).astype(np.int64)
        pair = (r // 2) * width + (c // 2) * 2 - ulo
        u, v = uv[pair], uv[pair + 1]
        if bool(_f(swap, "is_swap_uv", False)):
            u, v = v, u
        return np.stack([img[at], u, v], axis=-1)
    first = 1 if fmt == "XRGB8888_U8" and bool(_f(swap, "is_swap_ax", False)) else 0
    ch = np.stack([img[at + first + i] for i in range(3)], axis=-1)
    return ch[:, :, ::-1] if bool(_f(swap, "is_swap_rb", False)) else ch


def _convert(vals: np.ndarray, dtype: str, dtc: Any) -> np.ndarray:
    n = vals.shape[-1]
    mean = np.array([int(_f(dtc, f"dtc_mean_ch{i}")) for i in range(3)][:n], np.int64)
    if dtype == "int8":
        return np.clip(vals - mean, -128, 127).astype(np.int8)
    low = np.array([float(_f(dtc, f"dtc_min_ch{i}", 0.0)) for i in range(3)][:n], np.float16)
    var = np.array([float(_f(dtc, f"dtc_var_ch{i}", 1.0)) for i in range(3)][:n], np.float16)
    with np.errstate(over="ignore"):
        return (((vals - mean).astype(np.float16) - low) * var).astype(np.float16)


def load_image_to_local(dst: LocalTensor, load_data_params: Any) -> None:
    core = cur()
    what = "load_image_to_local"
    setup = core.scalar_state.get("aipp")
    if setup is None:
        core.report("bad-call", f"{what} before set_aipp_functions: the image and its preprocessing are what "
                                "set_aipp_functions configures; call it first")
        return
    src0, src1, fmt, config = setup
    out_dt = str(getattr(_f(config, "dtype", None), "name", "")) or dst.dtype.name
    if dst.mem != "L1" or dst.dtype.name != out_dt or out_dt not in ("int8", "float16"):
        core.report("bad-argument", f"{what}: dst must be an L1 (A1/B1) tensor of the AippParams' type (int8 or "
                                    f"half), not {dst.dtype.name} in {dst.mem} for AippParams of {out_dt}")
        return
    p = load_data_params
    width, horiz, vert = int(_f(p, "src_horiz_size", 2)), int(_f(p, "horiz_size", 2)), int(_f(p, "vert_size", 2))
    hs, vs = int(_f(p, "horiz_start_pos")), int(_f(p, "vert_start_pos"))
    pads = [int(_f(p, f"{s}_pad_size")) for s in ("top", "bot", "left", "right")]
    if bool(_f(_f(config, "single_line_params", None), "is_single_line_copy", False)):
        vert = 1
    bad_pad = not all(0 <= x <= 32 for x in pads)
    if min(width, horiz) < 2 or vert < 1 or hs + horiz > width or min(hs, vs) < 0 or bad_pad:
        core.report("bad-argument", f"{what}: the crop [{vs}, +{vert}) x [{hs}, +{horiz}) of an image {width} "
                                    "pixels wide (each size at least 2, inside the width; pads 0 to 32)")
        return
    csc = _f(config, "csc_params", None)
    padding = _f(config, "padding_params", None)
    mode = int(_f(padding, "padding_mode"))
    if not 0 <= mode <= 3:
        core.report("bad-argument", f"{what}: padding_mode {mode} is outside [0, 3]")
        return
    if bool(_f(csc, "is_enable_csc", False)) or (mode in (2, 3) and any(pads)):
        core.report("unsupported", f"{what}: " + ("the colour space conversion (is_enable_csc)" if
                                                  bool(_f(csc, "is_enable_csc", False)) else
                                                  f"padding mode {mode} (block copies)") +
                    " is not modelled by the simulator")
        return
    if mode == 0 and (pads[0] or pads[1]):
        core.report("bad-argument", f"{what}: padding mode 0 (constant) pads left and right only; top_pad_size and "
                                    "bot_pad_size need mode 1")
        return
    channels = (32 // dst.esize) if int(_f(_f(config, "c_padding_params", None), "c_padding_mode")) == 0 else 4
    top, bot, left, right = pads
    n = (vert + top + bot) * (horiz + left + right) * channels
    vals = _pixels(core, fmt, src0, src1, _f(config, "swap_params", None), range(vs, vs + vert),
                   range(hs, hs + horiz), width, what, (dst, n))
    if vals is None:
        return
    img = _convert(vals, out_dt, _f(config, "dtc_params", None))
    cpad_value = _f(_f(config, "c_padding_params", None), "c_padding_value")
    out = np.full(img.shape[:2] + (channels,), cpad_value, dst.npdt)
    out[:, :, :img.shape[2]] = img
    if mode == 1:
        out = np.pad(out, ((top, bot), (left, right), (0, 0)), mode="edge")
    elif left or right:
        column = np.full((out.shape[0], 1, channels), cpad_value, dst.npdt)
        k = min(4, channels)
        column[:, :, :k] = np.array([_f(padding, f"padding_value_ch{i}") for i in range(k)], dst.npdt)
        out = np.concatenate([np.repeat(column, left, axis=1), out, np.repeat(column, right, axis=1)], axis=1)
    dst.view()[:n] = out.reshape(-1)
