"""Helper parameters: which are taken by value, which by reference, which are `[[maybe_unused]]`."""

from __future__ import annotations

import re

from ...language.registry import CLASSES
from ..ir import nodes as ir
from ..ir.types import ObjT, TensorT
from ..ir.walk import stmt_exprs, walk_stmts

UNUSED = "[[maybe_unused]] "


def maybe_unused(decl: str, body: str) -> str:
    """A parameter the C++ body never names is declared `[[maybe_unused]]`: one used only for its dtype (folded
    into the C++ types) or for nothing (PA702 says so already), so that clang's -Wunused-parameter does not
    repeat it on valid code."""
    name = decl.rsplit(" ", 1)[-1]
    if not re.fullmatch(r"\w+", name) or re.search(rf"(?<![\w.]){re.escape(name)}\b", body):
        return decl
    return UNUSED + decl


_VALUE_FAMILIES = frozenset({"core.types", "core.aipp_types"})
"""Parameter structs (BinaryRepeatParams, DataCopyParams, ShapeInfo...): values, often made in the call itself."""


def by_value(t: ObjT) -> bool:
    """A helper parameter of this class is taken by value: a parameter struct. Kernel objects (the pipe, queues,
    buffers, a Matmul) are the caller's own, by reference."""
    spec = CLASSES.get(t.cls)
    return spec is not None and spec.family in _VALUE_FAMILIES and not spec.constexpr


_IN_PLACE = frozenset({"alloc_tensor", "deque"})
"""Queue methods that fill a tensor given to them (`que.alloc_tensor(t)`) instead of returning one."""


def set_up_in_place(kernel: ir.KernelIR, callees: dict[str, ir.KernelIR],
                    memo: dict[int, set[int]] | None = None) -> set[int]:
    """The tensor parameters (ids) a helper changes as objects, which its caller must see: a setter of the handle
    (`set_global_buffer`, `set_size`, `set_shape_info`...; `set_value` writes the memory, not the handle), an
    in-place `alloc_tensor(t)` or `deque(t)`, or a helper it is passed to that does so."""
    if kernel.kind != "helper":
        return set()
    memo = {} if memo is None else memo
    if id(kernel) in memo:
        return memo[id(kernel)]
    memo[id(kernel)] = set()  # (a recursive helper is an error already reported)
    params = {id(p): p for p in kernel.params if isinstance(p.type, TensorT)}
    found: set[int] = set()

    def param_of(e: ir.Expr | None) -> int | None:
        return id(e.symbol) if isinstance(e, ir.Name) and e.symbol is not None and id(e.symbol) in params else None

    for s in walk_stmts(kernel.body):
        for e in stmt_exprs(s):
            if isinstance(e, ir.Call) and e.api is not None:
                leaf = e.api.leaf
                p = param_of(e.receiver)
                if p is not None and leaf.startswith("set_") and leaf != "set_value":
                    found.add(p)
                p = param_of(e.args.get("tensor")) if leaf in _IN_PLACE else None
                if p is not None:
                    found.add(p)
            elif isinstance(e, ir.HelperCall) and e.name in callees:
                callee = callees[e.name]
                inner = set_up_in_place(callee, callees, memo)
                for a, q in zip(e.args, callee.params, strict=False):
                    p = param_of(a)
                    if p is not None and id(q) in inner:
                        found.add(p)
    memo[id(kernel)] = found
    return found
