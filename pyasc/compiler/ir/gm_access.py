"""Which Global Memory parameters a kernel reads and which it writes.

An operator project needs its inputs and outputs named (the OpDef); pyasc infers them from the kernel body instead
of asking: a GM parameter bound to a GlobalTensor (`x_gm.set_global_buffer(x + offset, n)`) is read or written
wherever that tensor is passed to an API, and each API parameter is a read or a write by the specification
(`ApiSpec.writes`, else the Ascend C convention that `dst` is the destination). GlobalTensors handed to helpers are
followed into the helper's body.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

from . import nodes as ir
from .types import AddrT, TensorT

_NOT_CHILDREN = frozenset({"span", "type", "symbol", "target", "var", "api", "overload", "cls"})
_CHILD_FIELDS: dict[type, tuple[str, ...]] = {}
"""The fields of each IR class that may hold sub-nodes, found once per class (dataclasses.fields is slow)."""


def _child_fields(cls: type) -> tuple[str, ...]:
    names = _CHILD_FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls) if f.name not in _NOT_CHILDREN)
        _CHILD_FIELDS[cls] = names
    return names


def _children(node: object) -> Iterator[object]:
    for name in _child_fields(type(node)):
        v = getattr(node, name)
        if isinstance(v, (ir.Expr, ir.Stmt)):
            yield v
        elif isinstance(v, list):
            yield from (x for x in v if isinstance(x, (ir.Expr, ir.Stmt)))
        elif isinstance(v, dict):
            yield from (x for x in v.values() if isinstance(x, (ir.Expr, ir.Stmt)))


def walk(nodes: list[ir.Stmt]) -> Iterator[object]:
    """Every statement and expression below `nodes`, parents first."""
    stack: list[object] = list(reversed(nodes))
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(list(_children(n))))


def _called(k: ir.KernelIR) -> tuple[str, ...]:
    """The helpers `k`'s body calls, by name (found once per IR: a reused specialization keeps it)."""
    names = k.__dict__.get("_gm_called")
    if names is None:
        names = tuple(dict.fromkeys(n.name for n in walk(k.body) if isinstance(n, ir.HelperCall)))
        k.__dict__["_gm_called"] = names
    return names


def _deps(k: ir.KernelIR, helpers: dict[str, list[ir.KernelIR]]) -> tuple[ir.KernelIR, ...]:
    """The specializations whose bodies `k`'s result reads: those of the helpers it calls, transitively."""
    out: dict[int, ir.KernelIR] = {}
    todo = [k]
    while todo:
        for name in _called(todo.pop()):
            for h in helpers.get(name, []):
                if id(h) not in out:
                    out[id(h)] = h
                    todo.append(h)
    return tuple(out.values())


def _root_symbol(e: ir.Expr | None) -> ir.Symbol | None:
    """The variable an address or tensor expression is based on: `x`, `x + off`, `x_gm[i * T:]`."""
    while e is not None:
        if isinstance(e, ir.Name):
            return e.symbol
        if isinstance(e, ir.AddrOffset):
            e = e.base
        elif isinstance(e, ir.Subscript):
            e = e.base
        elif isinstance(e, ir.BinOp) and isinstance(e.left, ir.Expr) and isinstance(e.left.type, AddrT):
            e = e.left
        else:
            return None
    return None


def _is_gm(e: ir.Expr) -> bool:
    return isinstance(e.type, AddrT) or (isinstance(e.type, TensorT) and e.type.memory == "global")


def _writes(call: ir.Call, param: str) -> bool:
    spec = call.api
    if spec is not None and (spec.writes or spec.reads):
        return param in spec.writes
    return param == "dst" or param.startswith("dst_")


def access(kernel: ir.KernelIR, helpers: dict[str, list[ir.KernelIR]]) -> dict[str, tuple[bool, bool]]:
    """(read, written) for each GM parameter of `kernel`; `helpers` maps a helper's name to its specializations."""
    unique = {n: list({id(h): h for h in hs}.values()) for n, hs in helpers.items()}
    return _access(kernel, unique, frozenset(), {})[0]


def _access(kernel: ir.KernelIR, helpers: dict[str, list[ir.KernelIR]], active: frozenset[str],
            memo: dict[int, dict[str, tuple[bool, bool]]]) -> tuple[dict[str, tuple[bool, bool]], bool]:
    """The result for `kernel`, and whether a recursive call was cut short below it (`active`).  `memo` keeps the
    results of helper bodies already walked, by IR identity: a helper reached again (from another call, or as a
    specialization several calls share) is walked once, unless a cut-short call makes its result depend on the
    path that reached it."""
    cut = False
    params = {id(p): p.name for p in kernel.params if isinstance(p.type, (AddrT, TensorT))}
    origin: dict[int, str] = dict(params)
    result: dict[str, list[bool]] = {n: [False, False] for n in params.values()}

    def param_of(e: ir.Expr | None) -> str | None:
        sym = _root_symbol(e)
        return origin.get(id(sym)) if sym is not None else None

    nodes = list(walk(kernel.body))
    # bindings first: a GlobalTensor takes the parameter its buffer is based on; assignments pass it on
    for n in nodes:
        if isinstance(n, ir.Call) and n.api is not None and n.api.name.endswith("set_global_buffer"):
            recv = _root_symbol(n.receiver)
            src = next((param_of(a) for a in n.args.values() if _is_gm(a)), None)
            if recv is not None and src is not None:
                origin[id(recv)] = src
        elif isinstance(n, ir.Assign) and n.target is not None and isinstance(n.value, ir.Expr) and _is_gm(n.value):
            src = param_of(n.value)
            if src is not None:
                origin[id(n.target)] = src
    for n in nodes:
        if isinstance(n, ir.Call) and n.api is not None and not n.api.name.endswith("set_global_buffer"):
            for pname, arg in n.args.items():
                p = param_of(arg) if _is_gm(arg) else None
                if p is not None:
                    result[p][1 if _writes(n, pname) else 0] = True
        elif isinstance(n, ir.HelperCall) and n.name in active:
            cut = True
        elif isinstance(n, ir.HelperCall):
            for h in helpers.get(n.name, []):
                inner = memo.get(id(h))
                if inner is None:
                    deps = _deps(h, helpers)
                    kept = h.__dict__.get("_gm_access")
                    if kept is not None and len(kept[0]) == len(deps) and \
                            all(a is b for a, b in zip(kept[0], deps, strict=True)):
                        inner = memo[id(h)] = kept[1]
                    else:
                        inner, inner_cut = _access(h, helpers, active | {n.name}, memo)
                        if inner_cut:
                            cut = True
                        else:
                            memo[id(h)] = inner
                            # kept with the specialization: a later analysis that reuses it and the ones it
                            # calls (lower/helper_cache.py) does not walk its body again
                            h.__dict__["_gm_access"] = (deps, inner)
                for hp, arg in zip(h.params, n.args, strict=False):
                    p = param_of(arg) if _is_gm(arg) else None
                    if p is not None and hp.name in inner:
                        r, w = inner[hp.name]
                        result[p][0] |= r
                        result[p][1] |= w
    return {k: (v[0], v[1]) for k, v in result.items()}, cut
