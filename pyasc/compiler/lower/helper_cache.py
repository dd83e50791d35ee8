"""Helper specializations lowered once and reused: within one analysis (every call of `ceil_div(HIDDEN, CHUNK)` in a
kernel, or in any kernel of the file, is the same specialization) and across analyses (an edit of the kernel leaves
its helpers' text, argument types and the module values they read as they were, so their lowering, its findings and
the C++ generated from it are those of the last analysis).

A specialization is reused only when what its lowering reads is known and equal: the helper's text and place, the
texts and places of the jit functions it reaches, the module-level values those read (constants, compile-time
expressions, structs, imports and aliases), and the argument types.  Not the kernel that calls it: nothing in a
helper's lowering reads which kernel it is lowered for but the name its findings carry, which the Entry leaves out
and each caller's sink fills in (what the kernel's own values give a call is in its argument types).  A
cacheable call hands the helper copies of its argument types, and the caller a copy of the returned type, in a
fresh analysis as in one that reuses the lowering, so no dtype variable is shared between a caller and a cached
lowering.  A dtype an argument leaves open (a GlobalTensor whose dtype the helper's data_copy fixes) is a variable
of the key, by position; what the lowering did to those variables (which it joined, which dtype each got and where)
is kept with it and applied to the caller's (`summary`, `replay`), so the caller's inference through the call is
the same either way.  A helper that leaves an argument's dtype open for the caller to fix later is lowered on the
caller's own types, uncached, as is a call of a kind not described here.  A lowering that reported an error is not
kept (an error may depend on where the caller's dtypes were fixed, which the key leaves out so that moving the
caller's lines does not invalidate its helpers).
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace

from ..diagnostics.model import Diagnostic, Severity
from ..ir import nodes as ir
from ..ir.types import (
    AddrT,
    ArrayT,
    DTypeValT,
    DVar,
    EnumT,
    IntListT,
    NoneT,
    ObjT,
    ScalarT,
    StrT,
    StructT,
    TensorT,
    TupleT,
    Type,
    unify,
)
from ..switch import Switch
from ..syntax.codetext import code_text
from ..syntax.module import JitFunction, ModuleInfo, named
from .base import KeyMemo, LowerResult

LIMIT = 80
"""Specializations kept across analyses, least recently used dropped first: the benchmark program's kernel uses
26 (its 20 helpers, some with several argument types), so this holds about three such files.  Each edit of a helper
adds the specializations of it and of its callers (about 0.2 MB each in that program, C++ included), so the bound
is what keeps a long session's memory flat."""

_SIMPLE = (int, float, bool, str, type(None))
ABSENT = object()
"""A helper with no first-call signature yet (in Entry.seen)."""


@dataclass
class Entry:
    """One lowered helper specialization and what its lowering did to its caller."""

    result: LowerResult
    cpp_name: str
    diagnostics: list[Diagnostic]
    """The findings it reported into the caller's sink (its own and those of the helpers it called), without the
    caller's kernel name (`unlabelled`)."""
    seen: dict[str, object]
    """The first-call signatures (`helper_signatures`) of the helpers it called, as they were before it ran: it is
    reused only where they still are (a first call elsewhere changes what its calls are checked against)."""
    added: dict[str, object]
    """The first-call signatures its lowering recorded."""
    summary: tuple = ()
    """What it did to the open dtypes of the call's arguments (`summary`)."""


_CACHE: OrderedDict[str, list[Entry]] = OrderedDict()
"""Per key, its specializations, newest first: one per first-call signatures seen (PER_KEY at most)."""
PER_KEY = 2
"""Specializations kept under one key: the same call lowered where the helpers it reaches were first called with
other signatures (a kernel lowered for a launch's dtypes beside its lowering without them) does not push out the
other one."""
_COUNT = 0
"""Specializations in _CACHE (LIMIT bounds them, whatever their keys)."""
_LOCK = threading.Lock()
_SWITCH = Switch()
hits = 0
"""Specializations found in the cache so far (the tests read it: an edit reused its helpers)."""


disabled = _SWITCH.disabled
"""Lower every helper call afresh in this thread while the block runs (a fresh analysis to compare with)."""


def get(key: str, fits: Callable[[Entry], bool] | None = None) -> Entry | None:
    """The newest specialization under `key` (that `fits`, when given: the caller's first-call signatures)."""
    global hits
    if not _SWITCH.enabled():
        return None
    with _LOCK:
        entries = _CACHE.get(key)
        for entry in entries or ():
            if fits is None or fits(entry):
                _CACHE.move_to_end(key)
                hits += 1
                return entry
        return None


def put(key: str, entry: Entry) -> None:
    global _COUNT
    if not _SWITCH.enabled():
        return
    with _LOCK:
        held = _CACHE.get(key, [])
        entries = [entry] + [e for e in held if e is not entry and e.seen != entry.seen][:PER_KEY - 1]
        _COUNT += len(entries) - len(held)
        _CACHE[key] = entries
        _CACHE.move_to_end(key)
        while _COUNT > LIMIT:
            _COUNT -= len(_CACHE.popitem(last=False)[1])


def clear() -> None:
    global _COUNT
    with _LOCK:
        _CACHE.clear()
        _COUNT = 0


def keepable(diagnostics: list[Diagnostic]) -> bool:
    return not any(d.severity is Severity.ERROR for d in diagnostics)


def reachable(module: ModuleInfo, jit: JitFunction, memo: KeyMemo | None = None) -> list[str]:
    """The jit functions `jit`'s body can call, directly or through others (their keys in `module.jit`; memoized
    per kernel's lowering in `memo`)."""
    memo = memo if memo is not None else KeyMemo()
    got = memo.reach.get(jit.qualname)
    if got is not None:
        return got
    seen: list[str] = []
    todo = [n for n in _named_jits(module, jit, memo) if n != jit.qualname]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.append(name)
        todo.extend(_named_jits(module, module.jit[name], memo))
    memo.reach[jit.qualname] = seen
    return seen


def _named_jits(module: ModuleInfo, jit: JitFunction, memo: KeyMemo) -> frozenset[str]:
    """The jit functions `jit`'s text names."""
    got = memo.calls.get(jit.qualname)
    if got is None:
        got = memo.calls[jit.qualname] = frozenset(named(module.jit, jit.names))
    return got


def spec_of(cpp_name: str, parts: list[str]) -> str:
    """A cached specialization's identity (LowerResult.spec): its C++ name and the part of its key its call's
    arguments give."""
    digest = hashlib.sha1("\0".join(parts).encode("utf-8", "surrogatepass")).hexdigest()[:16]
    return f"{cpp_name}#{digest}"


def module_key(module: ModuleInfo, jit: JitFunction, memo: KeyMemo) -> str:
    """What the lowering of `jit` reads of its module, whatever the call: its text and place, those of the jit
    functions it reaches, and the module-level values any of them names (memoized per kernel's lowering in
    `memo`, as is the digest of each function's text, which the keys of all the helpers reaching it read)."""
    got = memo.keys.get(jit.qualname)
    if got is not None:
        return got
    aliases, imports = _shared(module, memo)
    h = hashlib.sha256(_identity(jit, memo))
    names = set(_named(module, jit, memo))
    for name in sorted(reachable(module, jit, memo)):
        other = module.jit[name]
        h.update(f"\0{name}\0".encode() + _text_digest(other, memo))
        names |= _named(module, other, memo)
    h.update(aliases)
    h.update(module.values_key(names))
    h.update(imports)
    got = h.hexdigest()
    memo.keys[jit.qualname] = got
    return got


def _shared(module: ModuleInfo, memo: KeyMemo) -> tuple[bytes, bytes]:
    """The parts every key of the module's functions holds: how it names asc, and its imports."""
    if memo.shared is None:
        imports = imports_key(module) + b"".join(path.encode() + b"\0" + text.encode()
                                                 for path, text in module.imported_modules)
        memo.shared = (module.aliases_key(), imports)
    return memo.shared


def imports_key(module: ModuleInfo) -> bytes:
    """What the module imports from where (its project imports and pure names), without the imported texts (made
    once per module, as its aliases_key)."""
    got: bytes | None = module.__dict__.get("_imports_key")
    if got is None:
        got = module.__dict__["_imports_key"] = (repr(sorted(module.project_imports.items())).encode()
                                                 + repr(sorted(module.pure_names.items())).encode())
    return got


def _identity(jit: JitFunction, memo: KeyMemo) -> bytes:
    """The part of a jit function's keys that is its own: its names, whether it is imported, its text and place."""
    return (f"{jit.qualname}\0{jit.cpp_name}\0{jit.closure_key}\0{jit.module is not None}\0".encode()
            + _text_digest(jit, memo))


def own_module_key(module: ModuleInfo, jit: JitFunction, memo: KeyMemo) -> str:
    """module_key without the jit functions `jit` reaches: what its own lowering reads of its module (the part of
    the key of a lowering kept with its calls, lower/cutoff.py, whose callees are checked one by one instead).  Of
    the imported modules it holds what is imported from where, not their texts (as cutoff.own_key)."""
    h = hashlib.sha256(_identity(jit, memo))
    h.update(module.aliases_key())
    h.update(module.values_key(_named(module, jit, memo)))
    h.update(imports_key(module))
    return h.hexdigest()


def _text_digest(jit: JitFunction, memo: KeyMemo) -> bytes:
    """A digest of a jit function's place and text without its comments (of fixed length, so that the keys made of
    several are unambiguous): an edit of a comment in a helper finds its specialization again."""
    got = memo.texts.get(jit.qualname)
    if got is None:
        got = memo.texts[jit.qualname] = hashlib.sha256(
            f"{jit.node.lineno}:{jit.node.col_offset}\0".encode() + code_text(jit).encode()).digest()
    return got


def _named(module: ModuleInfo, jit: JitFunction, memo: KeyMemo) -> frozenset[str]:
    """The names of `jit`'s text that values_key reads (module constants, compile-time expressions, jit functions):
    the same key as all its words give, from a set a fraction of their size."""
    got = memo.named.get(jit.qualname)
    if got is None:
        got = memo.named[jit.qualname] = frozenset(
            named(module.constants, jit.names) + named(module.ct_exprs, jit.names)) | _named_jits(module, jit, memo)
    return got


class Open(Exception):
    """A type with a dtype left open, or of a kind this cache does not describe: the call is not cacheable."""


class Opens:
    """The open dtype variables of a call's arguments (by root, each once) and the copies the helper gets."""

    def __init__(self) -> None:
        self.roots: list[DVar] = []
        self.copies: list[DVar] = []
        self.index: dict[int, int] = {}


def _dvar(v: DVar, out: list[str], opens: Opens | None) -> DVar:
    root = v.find()
    if root.lost:
        raise Open
    if root.dtype is None:
        if opens is None:
            raise Open
        i = opens.index.get(id(root))
        if i is None:
            i = opens.index[id(root)] = len(opens.roots)
            opens.roots.append(root)
            opens.copies.append(DVar(None, root.site, root.site_note, root.name))
        out.append(f"?{i}:{root.name}")
        return opens.copies[i]
    out.append(root.dtype.name)
    return DVar(root.dtype, root.site, root.site_note, root.name)


def _opt_dvar(v: DVar | None, out: list[str], opens: Opens | None) -> DVar | None:
    if v is None:
        out.append("-")
        return None
    return _dvar(v, out, opens)


def _simple(value: object, out: list[str]) -> None:
    if isinstance(value, _SIMPLE):
        out.append(f"{type(value).__name__}:{value!r}")
    elif isinstance(value, tuple) and all(isinstance(x, _SIMPLE) for x in value):
        out.append(repr(value))
    else:
        raise Open


def copy_type(t: Type, out: list[str], opens: Opens | None = None) -> Type:
    """A copy of `t` with dtype variables of its own, its description appended to `out`; Open when it is of a kind
    not described here, or has an open dtype and no `opens` to note it in (each open variable is copied once)."""
    out.append(type(t).__name__)
    if isinstance(t, ScalarT):
        d = _dvar(t.dvar, out, opens)
        _simple(t.const, out)
        out.append(f"{t.is_literal_float}{t.ctime}")
        return ScalarT(d, t.const, t.is_literal_float, t.ctime, _opt_dvar(t.addr_of, out, opens))
    if isinstance(t, TensorT):
        d = _dvar(t.dvar, out, opens)
        out.append(f"{t.memory}|{t.position}|{t.origin}")
        addr = _opt_dvar(t.addr_of, out, opens)
        view = copy_type(t.view_of, out, opens) if t.view_of is not None else None
        return TensorT(t.memory, d, t.position, t.origin, addr, view)  # type: ignore[arg-type]
    if isinstance(t, AddrT):
        d = _dvar(t.dvar, out, opens)
        out.append(str(t.untyped))
        return AddrT(d, t.untyped)
    if isinstance(t, ObjT):
        out.append(t.cls)
        for k, v in t.args.items():
            out.append(k)
            _simple(v, out)
        dvars = {}
        for k, v in t.dvars.items():
            out.append(k)
            dvars[k] = _dvar(v, out, opens)
        return ObjT(t.cls, dict(t.args), dvars)
    if isinstance(t, ArrayT):
        d = _dvar(t.dvar, out, opens)
        out.append(str(t.length))
        return ArrayT(d, t.length)
    if isinstance(t, DTypeValT):
        return DTypeValT(_dvar(t.dvar, out, opens))
    if isinstance(t, TupleT):
        items = tuple(copy_type(i, out, opens) for i in t.items)
        out.append(")")
        return TupleT(items)
    if isinstance(t, EnumT):
        out.append(f"{t.enum}.{t.member}")
        return EnumT(t.enum, t.member)
    if isinstance(t, StrT):
        _simple(t.const, out)
        return StrT(t.const)
    if isinstance(t, IntListT):
        _simple(tuple(t.items), out)
        return IntListT(tuple(t.items))
    if isinstance(t, StructT):
        out.append(t.struct.key())
        return t
    if isinstance(t, NoneT):
        return t
    raise Open


def bindings_key(bindings: dict[str, ir.Expr], out: list[str]) -> None:
    """The compile-time values a call fixes (defaults, ConstExpr parameters): plain constants only."""
    for name, e in bindings.items():
        if not isinstance(e, ir.Const) or not isinstance(e.type, ScalarT):
            raise Open
        out.append(f"{name}=")
        _simple(e.value, out)
        copy_type(e.type, out)


Summary = tuple[tuple[int, object, object, str, str, bool], ...]
"""Per open argument variable: the first one it was joined with (itself if none), and its dtype, site, note,
name and lost flag after the helper's lowering."""


def summary(opens: Opens) -> Summary | None:
    """What the helper's lowering did to the open dtypes of its arguments; None when one is still open (a later
    binding in the caller would fix the helper's types too: not expressible with copies)."""
    out = []
    roots = [c.find() for c in opens.copies]
    for r in roots:
        if r.dtype is None:
            return None
        first = next(j for j, other in enumerate(roots) if other is r)
        out.append((first, r.dtype, r.site, r.site_note, r.name, r.lost))
    return tuple(out)


def replay(opens: Opens, done: Summary) -> None:
    """Apply a summary to the caller's open variables: the same joins and dtypes as lowering the helper on them."""
    for i, (first, dtype, site, note, name, lost) in enumerate(done):
        root = opens.roots[i]
        if first != i:
            unify(root, opens.roots[first])
        unify(root, DVar(dtype, site, note, name))  # type: ignore[arg-type]
        r = root.find()
        if name and not r.name:
            r.name = name
        r.lost = r.lost or lost


def call_key(module_part: str, arg_part: list[str]) -> str:
    """A specialization's key: no kernel in it, so every kernel of a file that calls a helper with the same
    arguments shares one lowering (its findings are kept unlabelled, `unlabelled`, and take the caller's kernel)."""
    return hashlib.sha256("\0".join([module_part, *arg_part]).encode()).hexdigest()


def unlabelled(found: list[Diagnostic], kernel: str | None) -> list[Diagnostic]:
    """A specialization's findings as its Entry keeps them: without the kernel they were reported for (the sink of
    the kernel that calls it next puts its own name on them)."""
    return [replace(d, kernel=None) if d.kernel is not None and d.kernel == kernel else d for d in found]
