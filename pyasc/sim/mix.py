"""Mixed cube/vector kernels on the simulator: each block of the launch runs as one cube core (AIC) and its vector
cores (AIV), as the hardware runs a MIX_AIC_1_2 kernel.

Which kernels are mixed follows CANN's compiler: a kernel that registers a Matmul object (`register_matmul`, in the
kernel or a jit helper it calls) is MIX_AIC_1_2 unless it is built cube-only (`matmul_cube_only=True`), and an
explicit `kernel_type` decides over both.  The simulator decides it before the run from the names the kernel's code
uses, as CANN's compiler decides it from the traced kernel.

A block b of a launch on N blocks runs its cube core first (get_block_idx() = b), then its vector cores
(get_block_idx() = b * ratio + sub, get_sub_block_idx() = sub); get_block_num() is N on every core.  On the cube
core, `register_matmul` starts the Matmul server and the kernel returns there (REGIST_MATMUL_OBJ does so on the
AIC), so only what comes before it runs on the cube core; the vector cores' Matmul calls are the server's work and
are modelled on the vector core that sent them (pyasc.sim.api.matmul), on the cube pipes of that core's clocks.
"""

from __future__ import annotations

import types
from collections.abc import Callable
from typing import Any

_RATIOS = {"MIX_AIC_1_2": 2, "MIX_AIC_1_1": 1}
_VECTOR_ONLY = ("AIV_ONLY", "MIX_AIV_1_0", "MIX_AIV_HARD_SYNC")
_CUBE_ONLY = ("AIC_ONLY", "MIX_AIC_1_0")


class ServerReturn(BaseException):  # noqa: N818 - not an error: the control flow of REGIST_MATMUL_OBJ on the AIC
    """Raised by register_matmul on a mixed kernel's cube core: the Matmul server takes the core and the kernel
    returns (a BaseException, so that a kernel's `except Exception` cannot swallow it)."""


def kernel_kind(fn: Callable[..., Any], options: dict[str, Any], jit_types: tuple[type, ...]) -> tuple[bool, int]:
    """(cube_only, vector cores per block of a mixed kernel, 0 when not mixed) from the jit options and the
    kernel's code; `jit_types` are the classes of jit functions (the helpers whose `fn` the search follows), given by
    the launcher so that this module does not depend on it."""
    kind = str(options.get("kernel_type") or "")
    name = kind.rpartition(".")[2]
    if name in _RATIOS:
        return False, _RATIOS[name]
    if name in _CUBE_ONLY:
        return True, 0
    if name in _VECTOR_ONLY:
        return False, 0
    if options.get("matmul_cube_only"):
        return True, 0
    return False, (2 if uses_name(fn, "register_matmul", jit_types) else 0)


def uses_name(fn: Any, name: str, jit_types: tuple[type, ...]) -> bool:
    """Does the kernel's code, or the code of a jit helper (an instance of `jit_types`) or function it reaches, name
    `name`?"""
    return _reaches(fn, name, jit_types, set(), 0)


def _reaches(fn: Any, name: str, jit_types: tuple[type, ...], seen: set[int], depth: int) -> bool:
    if isinstance(fn, jit_types):
        fn = fn.fn
    if not isinstance(fn, types.FunctionType) or depth > 16 or id(fn.__code__) in seen:
        return False
    if (fn.__module__ or "").startswith("pyasc."):
        return False
    seen.add(id(fn.__code__))
    glb = fn.__globals__
    cells = []
    for cell in fn.__closure__ or ():
        try:
            cells.append(cell.cell_contents)
        except ValueError:
            continue
    codes = [fn.__code__]
    while codes:
        code = codes.pop()
        if name in code.co_names:
            return True
        codes.extend(c for c in code.co_consts if isinstance(c, types.CodeType))
        for n in code.co_names:
            v = glb.get(n)
            if isinstance(v, (*jit_types, types.FunctionType)) and _reaches(v, name, jit_types, seen, depth + 1):
                return True
    return any(_reaches(v, name, jit_types, seen, depth + 1) for v in cells)


def cores(block_num: int, ratio: int) -> list[tuple[int, bool, int]]:
    """(get_block_idx(), is the cube core, get_sub_block_idx()) of every core of a mixed launch, in the order the
    simulator runs them: each block's cube core, then its vector cores."""
    out: list[tuple[int, bool, int]] = []
    for b in range(block_num):
        out.append((b, True, 0))
        out.extend((b * ratio + s, False, s) for s in range(ratio))
    return out
