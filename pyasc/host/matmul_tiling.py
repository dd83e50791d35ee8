"""Matmul tiling on the host: `MatmulApiTiling`, `MultiCoreMatmulTiling`, `BatchMatmulTiling` fill a TCubeTiling.

The algorithm (ours; docs/matmul.md says how it differs from CANN's tiling library):
  1. cores: the M x N output is split into m_dim x n_dim single-core blocks (each a multiple of 16 rows/columns),
     choosing among the splits that fit the core count the one with the smallest block, then (with a fixed base
     block) the one with fewer tail blocks, then the most cores; K is not split. `set_single_shape` fixes the
     block instead.
  2. base block (one cube pass, L0): base_m and base_n multiples of 16 and base_k a multiple of C0 (32 bytes of
     A's element type) such that A's base tile fits half of L0A and B's half of L0B (double-buffered) and the
     float/int32 result fits L0C; the largest base_m x base_n wins, then the largest base_k. `set_fix_split` fixes it.
  3. L1: step_ka = step_kb = the K passes that fit (all of K when they do), double-buffered when that fits too;
     depth_a1 = step_m * step_ka * buffers, depth_b1 likewise, and A's, B's and the bias's tiles together fit L1.
Every method that CANN's returns a status for returns 0 on success and -1 for an invalid argument; `get_tiling`
returns -1 when no tiling fits, and `problems()` says why.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .enums import BYTES, CubeFormat, DataType, DequantType, MatrixMadType, MatrixTraverse, ScheduleType, TPosition
from .platform import PlatformAscendC, PlatformAscendCManager

ALIGN_MN = 16
"""Rows and columns of a cube fractal: base_m, base_n and single-core blocks are multiples of it."""
MAX_BASE_MN = 256
MAX_BASE_K = 256
ACCUMULATOR_BYTES = 4
"""L0C holds float (or int32) results whatever the input type."""


def _ceil(a: int, b: int) -> int:
    return -(-a // b)


def _align(a: int, b: int) -> int:
    return _ceil(a, b) * b


@dataclass
class _Operand:
    pos: TPosition = TPosition.GM
    fmt: CubeFormat = CubeFormat.ND
    dtype: DataType = DataType.DT_FLOAT16
    trans: bool = False


@dataclass(frozen=True)
class _Plan:
    dim: int
    m_dim: int
    n_dim: int
    single: tuple[int, int, int]
    base: tuple[int, int, int]
    steps: tuple[int, int, int, int]
    """step_m, step_n, step_ka, step_kb."""
    depth_a1: int
    depth_b1: int
    l1_used: int
    db_l0: tuple[int, int, int]


class MatmulConfigParams:
    """The configuration `set_matmul_config_params` takes (CANN's order of arguments)."""

    def __init__(self, mm_config_type: int = 1, enable_l1_cache_ub: bool = False,
                 schedule_type: ScheduleType = ScheduleType.INNER_PRODUCT,
                 traverse: MatrixTraverse = MatrixTraverse.NOSET, en_vec_nd2nz: bool = False) -> None:
        self.mm_config_type = int(mm_config_type)
        self.enable_l1_cache_ub = bool(enable_l1_cache_ub)
        self.schedule_type = ScheduleType(schedule_type)
        self.traverse = MatrixTraverse(traverse)
        self.en_vec_nd2nz = bool(en_vec_nd2nz)


class MatmulApiTilingBase:
    """What every tiling class shares: operand types, shapes, buffers and the single-core tiling."""

    def __init__(self, platform: PlatformAscendC | None = None) -> None:
        self.platform = platform if isinstance(platform, PlatformAscendC) else PlatformAscendCManager.get_instance()
        self.a = _Operand()
        self.b = _Operand()
        self.c = _Operand(dtype=DataType.DT_FLOAT)
        self.bias = _Operand(dtype=DataType.DT_FLOAT)
        self.shape: tuple[int, int, int] | None = None
        self.org: tuple[int, int, int, int] | None = None
        self.is_bias = False
        self.fix_split = (-1, -1, -1)
        self.buffers = {"l1": -1, "l0c": -1, "ub": -1, "bt": -1}
        self.traverse = MatrixTraverse.NOSET
        self.mad_type = MatrixMadType.NORMAL
        self.dequant = DequantType.SCALAR
        self.sparse = False
        self.double_buffer = (True, True, False, False, False, False)
        self.split_range = (-1, -1, -1, -1, -1, -1)
        self.layouts: dict[str, tuple[int, int, int, int, int]] = {}
        self.batch_num = 0
        self.batch_info: tuple[int, int, int, int, int] | None = None
        self.config = MatmulConfigParams()
        self.single_shape: tuple[int, int, int] | None = None
        self.dim: int | None = None
        self._plan: _Plan | None = None
        self._problems: list[str] = []

    # -- settings (each returns 0, or -1 for an invalid argument) ---------------------------------------------------
    def _changed(self) -> int:
        self._plan = None
        return 0

    def set_a_type(self, pos: TPosition, type: CubeFormat, data_type: DataType, is_trans: bool = False) -> int:  # noqa: A002
        self.a = _Operand(TPosition(pos), CubeFormat(type), DataType(data_type), bool(is_trans))
        return self._changed()

    def set_b_type(self, pos: TPosition, type: CubeFormat, data_type: DataType, is_trans: bool = False) -> int:  # noqa: A002
        self.b = _Operand(TPosition(pos), CubeFormat(type), DataType(data_type), bool(is_trans))
        return self._changed()

    def set_c_type(self, pos: TPosition, type: CubeFormat, data_type: DataType) -> int:  # noqa: A002
        self.c = _Operand(TPosition(pos), CubeFormat(type), DataType(data_type))
        return self._changed()

    def set_bias_type(self, pos: TPosition, type: CubeFormat, data_type: DataType) -> int:  # noqa: A002
        self.bias = _Operand(TPosition(pos), CubeFormat(type), DataType(data_type))
        return self._changed()

    def set_shape(self, m: int, n: int, k: int) -> int:
        if min(m, n, k) <= 0:
            return -1
        self.shape = (int(m), int(n), int(k))
        return self._changed()

    def set_org_shape(self, org_m_in: int, org_n_in: int, org_ka_in: int, org_kb_in: int | None = None) -> int:
        kb = org_ka_in if org_kb_in is None else org_kb_in
        if min(org_m_in, org_n_in, org_ka_in, kb) <= 0:
            return -1
        self.org = (int(org_m_in), int(org_n_in), int(org_ka_in), int(kb))
        return self._changed()

    def enable_bias(self, is_bias_in: bool = False) -> int:
        self.is_bias = bool(is_bias_in)
        return self._changed()

    def set_bias(self, is_bias_in: bool = False) -> int:
        return self.enable_bias(is_bias_in)

    def set_fix_split(self, base_m_in: int = -1, base_n_in: int = -1, base_k_in: int = -1) -> int:
        if any(v == 0 or v < -1 for v in (base_m_in, base_n_in, base_k_in)):
            return -1
        self.fix_split = (int(base_m_in), int(base_n_in), int(base_k_in))
        return self._changed()

    def set_buffer_space(self, l1_size: int = -1, l0_c_size: int = -1, ub_size: int = -1, bt_size: int = -1) -> int:
        self.buffers = {"l1": int(l1_size), "l0c": int(l0_c_size), "ub": int(ub_size), "bt": int(bt_size)}
        return self._changed()

    def set_traverse(self, traverse: MatrixTraverse) -> int:
        self.traverse = MatrixTraverse(traverse)
        return self._changed()

    def set_mad_type(self, mad_type: MatrixMadType) -> int:
        self.mad_type = MatrixMadType(mad_type)
        return self._changed()

    def set_dequant_type(self, dequant_type: DequantType) -> int:
        self.dequant = DequantType(dequant_type)
        return self._changed()

    def set_sparse(self, is_sparse_in: bool = False) -> int:
        self.sparse = bool(is_sparse_in)
        return self._changed()

    def set_double_buffer(self, a: bool, b: bool, c: bool, bias: bool, trans_nd2nz: bool = True,
                          trans_nz2nd: bool = True) -> int:
        self.double_buffer = (bool(a), bool(b), bool(c), bool(bias), bool(trans_nd2nz), bool(trans_nz2nd))
        return self._changed()

    def set_split_range(self, max_base_m: int = -1, max_base_n: int = -1, max_base_k: int = -1,
                        min_base_m: int = -1, min_base_n: int = -1, min_base_k: int = -1) -> int:
        self.split_range = (int(max_base_m), int(max_base_n), int(max_base_k), int(min_base_m), int(min_base_n),
                            int(min_base_k))
        return self._changed()

    def _layout(self, key: str, *dims: int) -> int:
        if any(d <= 0 for d in dims):
            return -1
        self.layouts[key] = tuple(int(d) for d in dims)  # type: ignore[assignment]
        return self._changed()

    def set_a_layout(self, b: int, s: int, n: int, g: int, d: int) -> int:
        return self._layout("a", b, s, n, g, d)

    def set_b_layout(self, b: int, s: int, n: int, g: int, d: int) -> int:
        return self._layout("b", b, s, n, g, d)

    def set_c_layout(self, b: int, s: int, n: int, g: int, d: int) -> int:
        return self._layout("c", b, s, n, g, d)

    def set_batch_num(self, batch: int) -> int:
        if batch <= 0:
            return -1
        self.batch_num = int(batch)
        return self._changed()

    def set_batch_info_for_normal(self, batch_a: int, batch_b: int, m: int, n: int, k: int) -> int:
        if min(batch_a, batch_b, m, n, k) <= 0:
            return -1
        self.batch_info = (int(batch_a), int(batch_b), int(m), int(n), int(k))
        if self.shape is None:
            self.shape = (int(m), int(n), int(k))
        return self._changed()

    def set_matmul_config_params(self, mm_config_type_in: Any = 1, enable_l1_cache_ub_in: bool = False,
                                 schedule_type_in: ScheduleType = ScheduleType.INNER_PRODUCT,
                                 traverse_in: MatrixTraverse = MatrixTraverse.NOSET,
                                 en_vec_nd2nz_in: bool = False) -> None:
        if isinstance(mm_config_type_in, MatmulConfigParams):
            self.config = mm_config_type_in
        else:
            self.config = MatmulConfigParams(mm_config_type_in, enable_l1_cache_ub_in, schedule_type_in, traverse_in,
                                             en_vec_nd2nz_in)
        self.traverse = self.config.traverse
        self._changed()

    # -- results ----------------------------------------------------------------------------------------------------
    def _cores(self) -> int:
        return 1

    def problems(self) -> list[str]:
        """Why the last `get_tiling` returned -1 (empty after a success)."""
        return list(self._problems)

    def _sizes(self) -> tuple[int, int, int, int]:
        soc = self.platform.soc
        l1 = self.buffers["l1"] if self.buffers["l1"] > 0 else soc.l1_bytes
        l0c = self.buffers["l0c"] if self.buffers["l0c"] > 0 else soc.l0c_bytes
        return l1, soc.l0a_bytes, soc.l0b_bytes, l0c

    def _problem_shape(self) -> tuple[int, int, int, int] | None:
        if self.org is not None:
            return self.org
        if self.shape is not None:
            m, n, k = self.shape
            return m, n, k, k
        return None

    def _split(self, m: int, n: int, k: int) -> tuple[int, int, int, tuple[int, int, int]] | None:
        """(dim, m_dim, n_dim, single-core shape)."""
        if self.single_shape is not None:
            sm, sn, sk = self.single_shape
            m_dim, n_dim = _ceil(m, sm), _ceil(n, sn)
            if m_dim * n_dim > self._cores():
                self._problems.append(f"the single-core shape {sm}x{sn} needs {m_dim * n_dim} cores, more than "
                                      f"the {self._cores()} set")
                return None
            return self._cores(), m_dim, n_dim, (sm, sn, sk)
        dim = self._cores()
        fm, fn, _ = self.fix_split
        best_key: tuple[int, int, int, int] | None = None
        best = (1, 1, m, n)
        for m_dim in range(1, dim + 1):
            sm = _align(_ceil(m, m_dim), ALIGN_MN)
            if _ceil(m, sm) != m_dim:
                continue  # this many cores along M would leave one empty
            for n_dim in range(1, dim // m_dim + 1):
                sn = _align(_ceil(n, n_dim), ALIGN_MN)
                if _ceil(n, sn) != n_dim:
                    continue
                # a fixed base block that does not divide the single-core block leaves tail blocks, which kernels
                # stepping base_m x base_n blocks by count (CANN's tutorials do) do not expect
                tails = int(fm > 0 and min(sm, m) % fm != 0) + int(fn > 0 and min(sn, n) % fn != 0)
                key = (sm * sn, tails, -(m_dim * n_dim), m_dim)
                if best_key is None or key < best_key:
                    best_key, best = key, (m_dim, n_dim, sm, sn)
        m_dim, n_dim, sm, sn = best
        return dim, m_dim, n_dim, (min(sm, m), min(sn, n), k)

    def _base(self, single: tuple[int, int, int], l0a: int, l0b: int, l0c: int) -> tuple[int, int, int] | None:
        sm, sn, sk = single
        a_bytes, b_bytes = BYTES.get(self.a.dtype, 2), BYTES.get(self.b.dtype, 2)
        c0 = max(1, 32 // a_bytes)
        fm, fn, fk = self.fix_split
        max_m = self.split_range[0] if self.split_range[0] > 0 else MAX_BASE_MN
        max_n = self.split_range[1] if self.split_range[1] > 0 else MAX_BASE_MN
        max_k = self.split_range[2] if self.split_range[2] > 0 else MAX_BASE_K
        ms = [fm] if fm > 0 else range(ALIGN_MN, min(_align(sm, ALIGN_MN), max_m) + 1, ALIGN_MN)
        ns = [fn] if fn > 0 else range(ALIGN_MN, min(_align(sn, ALIGN_MN), max_n) + 1, ALIGN_MN)
        ks = [fk] if fk > 0 else range(c0, min(_align(sk, c0), max(c0, max_k)) + 1, c0)
        best_key: tuple[int, int, int] | None = None
        chosen = (0, 0, 0)
        for bm in ms:
            if bm * ALIGN_MN * ACCUMULATOR_BYTES > l0c:
                break
            for bn in ns:
                if bm * bn * ACCUMULATOR_BYTES > l0c:
                    break
                for bk in ks:
                    if bm * bk * a_bytes * 2 > l0a or bn * bk * b_bytes * 2 > l0b:
                        break
                    key = (bm * bn, bk, -abs(bm - bn))
                    if best_key is None or key > best_key:
                        best_key, chosen = key, (bm, bn, bk)
        if best_key is None:
            self._problems.append(f"no base block of A {self.a.dtype.name} / B {self.b.dtype.name} fits L0A {l0a}, "
                                  f"L0B {l0b} and L0C {l0c} bytes")
            return None
        return chosen

    def _l1(self, single: tuple[int, int, int], base: tuple[int, int, int], l1: int) -> tuple[int, int, int, int,
                                                                                           int] | None:
        """(step_ka, step_kb, depth_a1, depth_b1, L1 bytes used)."""
        bm, bn, bk = base
        a_bytes, b_bytes = BYTES.get(self.a.dtype, 2), BYTES.get(self.b.dtype, 2)
        bias = bn * BYTES.get(self.bias.dtype, 4) if self.is_bias else 0
        k_passes = _ceil(single[2], bk)
        step_k = k_passes
        while step_k >= 1:
            for buffers in (2, 1):
                a_tiles, b_tiles = step_k * buffers, step_k * buffers
                used = a_tiles * bm * bk * a_bytes + b_tiles * bn * bk * b_bytes + bias
                if used <= l1:
                    return step_k, step_k, a_tiles, b_tiles, used
            step_k = step_k // 2 if step_k > 1 else 0
        self._problems.append(f"one {bm}x{bk} tile of A and one {bn}x{bk} tile of B do not fit L1 ({l1} bytes)")
        return None

    def _compute(self) -> _Plan | None:
        self._problems = []
        shape = self._problem_shape()
        if shape is None:
            self._problems.append("no shape: call set_shape or set_org_shape")
            return None
        m, n, ka, kb = shape
        if self.shape is not None:
            m, n, k = self.shape
        else:
            k = ka
        split = self._split(m, n, k)
        if split is None:
            return None
        dim, m_dim, n_dim, single = split
        l1, l0a, l0b, l0c = self._sizes()
        base = self._base(single, l0a, l0b, l0c)
        if base is None:
            return None
        l1_plan = self._l1(single, base, l1)
        if l1_plan is None:
            return None
        step_ka, step_kb, depth_a1, depth_b1, used = l1_plan
        return _Plan(dim, m_dim, n_dim, single, base, (1, 1, step_ka, step_kb), depth_a1, depth_b1, used, (2, 2, 1))

    def _ensure(self) -> _Plan | None:
        if self._plan is None:
            self._plan = self._compute()
        return self._plan

    def get_base_m(self) -> int:
        p = self._ensure()
        return p.base[0] if p else -1

    def get_base_n(self) -> int:
        p = self._ensure()
        return p.base[1] if p else -1

    def get_base_k(self) -> int:
        p = self._ensure()
        return p.base[2] if p else -1

    def get_tiling(self, tiling: Any) -> int:
        """Fill `tiling` (an `asc.adv.TCubeTiling`, or any object with its fields); 0 on success, -1 otherwise."""
        p = self._ensure()
        if p is None:
            return -1
        m, n, ka, kb = self._problem_shape()  # type: ignore[misc]
        used_cores = p.m_dim * p.n_dim
        values: dict[str, int] = {
            "used_core_num": used_cores, "m": m, "n": n, "k_a": ka, "k_b": kb,
            "single_core_m": p.single[0], "single_core_n": p.single[1], "single_core_k": p.single[2],
            "base_m": p.base[0], "base_n": p.base[1], "base_k": p.base[2],
            "depth_a1": p.depth_a1, "depth_b1": p.depth_b1, "step_m": p.steps[0], "step_n": p.steps[1],
            "step_k_a": p.steps[2], "step_k_b": p.steps[3], "is_bias": int(self.is_bias), "trans_length": 0,
            "iterate_order": 1 if self.traverse == MatrixTraverse.FIRSTN else 0, "share_mode": 0,
            "share_l1_size": p.l1_used, "share_l0c_size": p.base[0] * p.base[1] * ACCUMULATOR_BYTES,
            "share_ub_size": 0, "batch_m": 1, "batch_n": 1, "single_batch_m": 1, "single_batch_n": 1,
            "depth_a_l1_cache_ub": 0, "depth_b_l1_cache_ub": 0,
            "db_l0a": p.db_l0[0], "db_l0b": p.db_l0[1], "db_l0c": p.db_l0[2], "batch_num": self.batch_num,
        }
        for key, names in (("a", ("b", "s", "n", "g", "d")), ("b", ("b", "s", "n", "g", "d")),
                           ("c", ("b", "s1", "n", "g", "s2"))):
            dims = self.layouts.get(key)
            for name, v in zip(names, dims or (0,) * 5, strict=True):
                values[f"{key}_layout_info_{name}"] = v
        for name, v in values.items():
            if hasattr(tiling, name):
                setattr(tiling, name, v)
        return 0


class MatmulApiTiling(MatmulApiTilingBase):
    """The tiling of one core's Matmul (the whole problem on one core)."""


class MultiCoreMatmulTiling(MatmulApiTilingBase):
    """A tiling that splits M and N over cores (`set_dim`; the SoC's cube cores when not set)."""

    def set_dim(self, dim: int) -> int:
        if dim <= 0:
            return -1
        self.dim = int(dim)
        return self._changed()

    def _cores(self) -> int:
        return self.dim if self.dim is not None else self.platform.get_core_num_aic()

    def set_single_shape(self, single_m_in: int = -1, single_n_in: int = -1, single_k_in: int = -1) -> int:
        if any(v == 0 or v < -1 for v in (single_m_in, single_n_in, single_k_in)):
            return -1
        shape = self._problem_shape()
        m, n, k = (shape[0], shape[1], shape[2]) if shape else (single_m_in, single_n_in, single_k_in)
        self.single_shape = (single_m_in if single_m_in > 0 else m, single_n_in if single_n_in > 0 else n,
                             single_k_in if single_k_in > 0 else k)
        return self._changed()

    def set_single_range(self, max_m: int = -1, max_n: int = -1, max_k: int = -1, min_m: int = -1, min_n: int = -1,
                         min_k: int = -1) -> int:
        self.single_range = (max_m, max_n, max_k, min_m, min_n, min_k)
        return self._changed()

    def set_align_split(self, align_m: int, align_n: int, align_k: int) -> int:
        if min(align_m, align_n, align_k) < -1:
            return -1
        self.align_split = (align_m, align_n, align_k)
        return self._changed()

    def enable_multi_core_split_k(self, flag: bool) -> None:
        self.split_k = bool(flag)

    def get_core_num(self) -> tuple[int, int, int] | None:
        """(cores available, m_dim, n_dim) of the last tiling."""
        p = self._ensure()
        return (p.dim, p.m_dim, p.n_dim) if p else None

    def get_single_shape(self) -> tuple[int, int, int] | None:
        p = self._ensure()
        return p.single if p else None


class BatchMatmulTiling(MatmulApiTilingBase):
    """A tiling for batched Matmul on one core: the batch layouts and count go into the tiling as given."""

    def get_core_num(self) -> tuple[int, int, int, int, int] | None:
        """(cores, m_dim, n_dim, batch cores along M, batch cores along N)."""
        p = self._ensure()
        return (p.dim, p.m_dim, p.n_dim, 1, 1) if p else None
