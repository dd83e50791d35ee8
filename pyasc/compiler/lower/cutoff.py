"""A kernel's lowering reused after an edit of a helper it calls, where the edit does not change what the kernel
sees of the helper (rust-analyzer's early cutoff: a query whose inputs were recomputed to equal values is not run
again).

The kernel's lowering reads its own text, its module's values and, at each helper call, what the call's helper
specialization gives back (helper_cache.Entry): its C++ name, its result type, the findings it reports into the
kernel's sink, the first-call signatures it records, what it does to the open dtypes of the arguments, and the
helper's parameter list (bound before the specialization is looked up).  A lowering in which every helper call
went through the helper cache keeps, per call, the call's argument types (unbound copies), its compile-time
bindings and what it saw (`Call`).  On the next analysis with the same own inputs (`own_key`: the key of
pipeline/analysis.py without the helpers' texts), each call's specialization is looked up under its present key,
or lowered again for the kept argument types if it is missing; when every one gives back what the kept call saw,
the kernel's lowering would be the same, so the kept IR is used with the present specializations.  A call whose
arguments do not bind to the helper's parameters (`FailedCall`) gave back only that it failed, and its finding: it
holds while the call still fails against the present parameter list (binding.py), with the finding that list gives
(a parameter being typed into a helper fails each call at every keystroke).  Two lowerings are kept per kernel, the
newest of each way its calls bound (`outcome`), so that a parameter added and taken away again, or an undo, finds
the one of before.  A call of another kind (a helper of another module, an open dtype, another error, a call inside
a sandboxed lowering) leaves the lowering unkept.  `disabled()` turns the reuse off in a thread, for a test to
compare.
"""

from __future__ import annotations

import ast
import hashlib
import re
import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from ..diagnostics.model import Diagnostic, DiagnosticSink, Severity, Span
from ..ir import nodes as ir
from ..ir.types import DVar, NoneT, Type, UnknownT
from ..switch import Switch
from ..syntax.module import JitFunction, ModuleInfo
from ..syntax.nodememo import NodeMemo
from . import binding, helper_cache
from .base import KeyMemo, LowerResult

LIMIT = 16
"""Kernels whose lowerings are kept (OUTCOMES at most each: a newer one of the same outcome replaces the one
before)."""

_LOCK = threading.Lock()
_SWITCH = Switch()
_RETIRED = threading.local()
_KEPT: OrderedDict[tuple[str, str], list[Kept]] = OrderedDict()
"""Per kernel, its newest lowering of each outcome of its calls (`outcome`), newest first, OUTCOMES at most."""
OUTCOMES = 2
"""Lowerings kept per kernel: the newest, and the newest in which its helper calls bound otherwise (a parameter
added to a helper, then taken away, or an undo: the kernel's lowering of before holds again)."""
reused = 0
"""Kernel lowerings reused so far (the tests read the difference)."""
reused_helpers = 0
"""Helper specializations reused the same way (a caller of an edited helper not lowered again)."""


disabled = _SWITCH.disabled
"""Lower every kernel afresh in this thread while the block runs (the result to compare with)."""
enabled = _SWITCH.enabled


def holds(slot: tuple[str, str]) -> bool:
    """Whether a lowering is kept for `slot` (a kernel with none pays no key)."""
    with _LOCK:
        return slot in _KEPT


def clear() -> None:
    with _LOCK:
        _KEPT.clear()
        _HELPERS.clear()


@dataclass
class Call:
    """One helper call of a kernel's lowering, as the kernel saw it."""

    qualname: str
    """The helper's name in the caller's module (an imported helper's name there, however its module names it)."""
    parts: list[str]
    """The call's part of the specialization key (argument types and bindings), as helper_cache.call_key takes it."""
    copies: list[Type]
    """The argument types the specialization was lowered with, unbound (copied before any lowering used them)."""
    bindings: dict[str, ir.Expr]
    seen: dict[str, object]
    """The first-call signatures of the helpers the specialization reaches, before the call."""
    jit: JitFunction
    entry: helper_cache.Entry
    reach: list[str]
    """The helper, its specialization and the helpers it reaches, as the kernel's lowering found them: what it
    read of them (`sees`) is compared only where the specialization is another."""
    header: bytes = b""
    """The module values the helper's parameter list names (a default is lowered in the kernel's lowering, and
    the compile-time values it gives are in `parts`), as they were: filled in by `keep`."""


@dataclass
class FailedCall:
    """A helper call of a kernel's lowering whose arguments did not bind to the helper's parameters (reported, its
    IR a failed call of its arguments): the lowering read nothing of the helper but its parameter list, and its one
    finding is a function of that list and of the call's shape (binding.py).  Its kept lowering holds while the
    call still fails, with the finding it gives now."""

    qualname: str
    jit: JitFunction
    shape: binding.Shape
    span: Span
    finding: Diagnostic

    def now(self, callee: JitFunction) -> Diagnostic | None:
        """The call's finding against `callee`'s parameter list: None when the call binds to it."""
        if callee is self.jit or signature(callee) == signature(self.jit):
            return self.finding
        got = binding.failure(callee.node.name, callee.node.args, self.shape, self.span)
        if got is None:
            return None
        code, message, span = got
        return Diagnostic(code, Severity.ERROR, message, span, kernel=self.finding.kernel)


def signature(jit: JitFunction) -> str:
    """The helper's parameter list with its places, as its syntax gives it (its decorators, name, parameters and
    result annotation, each node with its position): the call binds its arguments to it before anything else.  A
    comment in or under the `def` line leaves it as it was.  Made once per function (its text is fixed)."""
    got: str | None = jit.__dict__.get("_signature")
    if got is None:
        got = jit.__dict__["_signature"] = _signature(jit)
    return got


def _signature(jit: JitFunction) -> str:
    return f"{jit.module is not None}\0{_HEADERS.value(jit.node, _header_syntax)}"


_HEADERS: NodeMemo[str] = NodeMemo()
"""A function's node -> its header's syntax (a node keeps its text and place while it lives, syntax/parse.py): the
module's scan makes new JitFunctions at each edit, around the nodes of the functions the edit left alone."""


def _header_syntax(node: ast.AST) -> str:
    returns = getattr(node, "returns", None)
    parts = [f"{getattr(node, 'lineno', 0)}:{getattr(node, 'col_offset', 0)}", getattr(node, "name", ""),
             ast.dump(getattr(node, "args", ast.arguments()), include_attributes=True),
             ast.dump(returns, include_attributes=True) if returns is not None else ""]
    parts.extend(ast.dump(d, include_attributes=True) for d in getattr(node, "decorator_list", ()))
    return "\0".join(parts)


def header_text(jit: JitFunction) -> str:
    """The helper's text from its first decorator to its body (the names its parameter list reads are in it)."""
    got: str | None = jit.__dict__.get("_header_text")
    if got is None:
        node = jit.node
        first = min([node.lineno] + [d.lineno for d in node.decorator_list])
        count = max(node.body[0].lineno if node.body else node.lineno, node.lineno + 1) - first
        end = -1
        for _ in range(count):
            end = jit.source.find("\n", end + 1)
            if end < 0:
                end = len(jit.source)
                break
        got = jit.__dict__["_header_text"] = jit.source[:end]
    return got


_IDENTIFIER = re.compile(r"[^\W\d]\w*")


def header_values(module: ModuleInfo, jit: JitFunction) -> bytes:
    """The module values a helper's parameter list (its defaults, its annotations) names, in the caller's module
    and, for a helper of another module, in that one."""
    memo: dict[int, tuple[JitFunction, bytes]] = module.__dict__.setdefault("_header_values", {})
    got = memo.get(id(jit))
    if got is not None and got[0] is jit:  # (once per module and helper: each kernel calling it asks)
        return got[1]
    names = frozenset(_IDENTIFIER.findall(header_text(jit)))
    home = jit.module if jit.module is not None and jit.module is not module else None
    value = module.values_key(names) + (b"\0" + home.values_key(names) if home is not None else b"")
    memo[id(jit)] = (jit, value)
    return value


def sees(jit: JitFunction, entry: helper_cache.Entry, reach: list[str]) -> tuple:
    """What a caller's lowering reads of a call's specialization (helper_site.helper_call)."""
    returned: list[object] = []
    t = entry.result.kernel.returns or NoneT()
    try:
        helper_cache.copy_type(t, returned)  # type: ignore[arg-type]
    except helper_cache.Open:
        returned = [repr(t)]
    _dvars(t, returned, set())
    return (signature(jit), tuple(reach), entry.cpp_name, tuple(returned), tuple(entry.diagnostics),
            tuple(entry.added.items()), entry.summary)


def _dvars(value: object, out: list[object], seen: set[int]) -> None:
    """Where each dtype of a returned type was fixed (the copy the caller gets keeps it, for the messages that
    name it), which copy_type's description leaves out."""
    if isinstance(value, DVar):
        root = value.find()
        out.append((root.dtype, root.site, root.site_note, root.name, root.lost))
        return
    if id(value) in seen or not hasattr(value, "__dataclass_fields__"):
        if isinstance(value, (tuple, list)):
            for item in value:
                _dvars(item, out, seen)
        elif isinstance(value, dict):
            for item in value.values():
                _dvars(item, out, seen)
        return
    seen.add(id(value))
    for name in value.__dataclass_fields__:  # type: ignore[attr-defined]
        _dvars(getattr(value, name, None), out, seen)


def pristine(copies: list[Type]) -> list[Type]:
    """Copies of a call's argument copies taken before the helper's lowering binds their open dtypes (a left-out
    argument's stays unknown)."""
    opens = helper_cache.Opens()
    return [c if isinstance(c, UnknownT) else helper_cache.copy_type(c, [], opens) for c in copies]


@dataclass
class Kept:
    """A kernel's lowering before the checks: its result, its findings, and its helper calls in order."""

    key: str
    lowered: LowerResult
    diagnostics: list[Diagnostic]
    calls: list[Call | FailedCall]


def outcome(calls: list[Call | FailedCall]) -> tuple[tuple[str, bool], ...]:
    """How a lowering's helper calls went: each helper's name, and whether the call bound."""
    return tuple((c.qualname, isinstance(c, Call)) for c in calls)


def own_key(module: ModuleInfo, jit: JitFunction, parts: bytes) -> str:
    """The kernel's inputs apart from the helpers it calls: `parts` (its text, place, launches and settings, from
    the caller), the module values its own text names (an imported constant among them, with its value), how the
    module names asc, and what it imports from where.  Not the imported modules' texts: what the kernel reads of
    them is those values and the helpers it calls, each checked on its own."""
    h = hashlib.sha256(parts)
    h.update(module.aliases_key())
    h.update(module.values_key(jit.names))
    h.update(helper_cache.imports_key(module))
    return h.hexdigest()


def keep(module: ModuleInfo, slot: tuple[str, str], key: str, lowered: LowerResult, diagnostics: list[Diagnostic],
         calls: list[Call | FailedCall] | None) -> None:
    """Keep a kernel's lowering whose every helper call was noted (`calls`), as the newest of `slot` (its file and
    name), beside the newest whose calls bound otherwise; one with an unnoted call, or none, drops what the slot
    held for other own inputs (`key`)."""
    if not enabled():
        return
    retired = _retired()
    with _LOCK:
        held = _KEPT.pop(slot, [])
        stay = [k for k in held if k.key == key]  # (an unnoted one, or one with no helper call, leaves these: a
        # call that fails now may bind again after the next edit)
        if calls:
            mine = outcome(calls)
            stay = [Kept(key, lowered, list(diagnostics), _with_headers(module, calls))] + [
                k for k in stay if outcome(k.calls) != mine][:OUTCOMES - 1]
        retired.extend(k for k in held if not any(k is s for s in stay))
        if stay:
            _KEPT[slot] = stay
            while len(_KEPT) > LIMIT:
                retired.extend(_KEPT.popitem(last=False)[1])


def _with_headers(module: ModuleInfo, calls: list[Call | FailedCall]) -> list[Call | FailedCall]:
    """The calls with the module values each called helper's parameter list names filled in (a failed call reads
    none: whether a call binds does not depend on a default's value)."""
    return [c if isinstance(c, FailedCall) or c.header else replace(c, header=header_values(module, c.jit))
            for c in calls]


def _retired() -> list[Kept]:
    """Lowerings this thread replaced: freeing a kernel's IR costs a fraction of a millisecond, paid in release()
    once the diagnostics are out rather than on their way."""
    got: list[Kept] | None = getattr(_RETIRED, "kept", None)
    if got is None:
        got = _RETIRED.kept = []
    return got


def release() -> None:
    """Free the lowerings this thread replaced (the analysis calls it after its early diagnostics)."""
    _retired().clear()


def reuse(module: ModuleInfo, jit: JitFunction, slot: tuple[str, str], key: str, context: Callable[[], Any]
          ) -> tuple[LowerResult, list[Diagnostic]] | None:
    """The kept lowering of the kernel with the present specializations of its calls, when its own inputs are
    `key` and every call gives back what it gave; else None.  `context` makes a fresh Lowerer of the kernel, in
    whose context a missing specialization is lowered."""
    global reused
    if not enabled():
        return None
    with _LOCK:
        held = [k for k in _KEPT.get(slot, ()) if k.key == key]
    memo, make = KeyMemo(), once(context)
    for kept in held:  # newest first: the other is the kernel as its calls bound before
        got = validate(module, kept.calls, jit.node.name, (jit.qualname,), memo, make)
        if got is not None:
            break
    else:
        return None
    helpers, calls, swaps = got
    diagnostics = kept.diagnostics
    if swaps:  # a call that still fails, with another finding (a parameter renamed, added or taken away)
        diagnostics = [swaps.pop(d, d) for d in diagnostics]
        if swaps:
            return None  # (a finding not among the kept ones: never so, as helper_call keeps them)
    with _LOCK:
        reused += 1
    lowered = replace(kept.lowered, helpers=helpers)
    keep(module, slot, key, lowered, diagnostics, calls)
    return lowered, list(diagnostics)


def validate(module: ModuleInfo, calls: list[Call | FailedCall], kernel: str, stack: tuple[str, ...],
             memo: KeyMemo, context: Callable[[], Any]
             ) -> tuple[list[LowerResult], list[Call | FailedCall], dict[Diagnostic, Diagnostic]] | None:
    """The present specializations of a lowering's helper calls (the helpers list the lowering would have, the
    calls as they are now, and the findings of failed calls that read otherwise now, by the kept one)
    when each gives back what the lowering saw, or still fails to bind; else None.  `kernel`: whose findings they
    are; `stack`: the functions being lowered, innermost last; `context` gives the Lowerer of the function whose
    calls these are, in which a missing specialization is lowered."""
    helpers: list[LowerResult] = []
    now: list[Call | FailedCall] = []
    swaps: dict[Diagnostic, Diagnostic] = {}
    for call in calls:
        callee = module.jit.get(call.qualname)
        if callee is None:
            return None
        if isinstance(call, FailedCall):
            finding = call.now(callee)
            if finding is None:
                return None  # it binds now: the lowering after it is another
            if finding != call.finding:
                swaps[call.finding] = finding
            now.append(replace(call, jit=callee, finding=finding))
            continue
        if callee is not call.jit and signature(callee) != signature(call.jit):
            # the call binds to another parameter list (what `sees` compares first): nothing to look up or lower
            # for the kept argument types, which may not even bind to it now
            return None
        if header_values(module, callee) != call.header:
            return None  # a default's value may be another: the call's bindings would be
        entry, reach = _specialization(module, kernel, stack, callee, call, memo, context)
        if entry is None:
            return None
        if entry is not call.entry:  # (the same entry: the same text, place and values, so the same view)
            if sees(callee, entry, reach) != sees(call.jit, call.entry, call.reach):
                return None
            call = replace(call, jit=callee, entry=entry, reach=reach)
        now.append(call)
        helpers.append(entry.result)
        helpers.extend(entry.result.helpers)
    return helpers, now, swaps


def once(make: Callable[[], Any]) -> Callable[[], Any]:
    """`make`, called at most once: a Lowerer is made only when a specialization must be lowered."""
    made: list[Any] = []

    def get() -> Any:
        if not made:
            made.append(make())
        return made[0]

    return get


def child(parent: Any, jit: JitFunction) -> Any:
    """A fresh Lowerer of the helper `jit` as `parent` (the Lowerer of its caller) would lower it: the context in
    which the helper's own calls are lowered when its kept lowering is checked."""
    out = type(parent)(parent.m, jit, "helper", DiagnosticSink(kernel=parent.sink.kernel), None, parent.stack)
    out.deadline, out.const_args = parent.deadline, parent.const_args
    return out


def call_key_now(module: ModuleInfo, callee: JitFunction, parts: list[str], memo: KeyMemo) -> str:
    """The helper-cache key a call of `callee` (with the call's part `parts`) from `module` has now: a helper of
    another module is keyed in its own."""
    home = callee.module if callee.module is not None else module
    return helper_cache.call_key(helper_cache.module_key(home, callee, memo.of(module, home)), parts)


def _specialization(module: ModuleInfo, kernel: str, stack: tuple[str, ...], callee: JitFunction, call: Call,
                    memo: KeyMemo, context: Callable[[], Any]) -> tuple[helper_cache.Entry | None, list[str]]:
    """The call's specialization as the caller's lowering would find it now: from the helper cache, else its own
    kept lowering where that still holds, else lowered for the kept argument types in the caller's context (and
    kept as helper_call keeps it: the same lower_specialization)."""
    home = callee.module if callee.module is not None else module  # (a helper of another module: keyed there)
    foreign = home is not module
    home_memo = memo.of(module, home)
    reach = helper_cache.reachable(home, callee, home_memo)
    if callee.qualname in reach or any(n in stack for n in reach):
        return None, reach  # a recursion, which helper_call does not cache
    key = call_key_now(module, callee, call.parts, memo)
    entry = helper_cache.get(key, lambda e: e.seen == call.seen)
    if entry is not None:
        return entry, reach
    entry = None if foreign else reuse_helper(module, callee, kernel, stack, call.parts, call.seen, memo,
                                              once(lambda: child(context(), callee)))
    if entry is not None:
        helper_cache.put(key, entry)
        return entry, reach
    lowerer = context()
    opens = helper_cache.Opens()
    copies = [c if isinstance(c, UnknownT) else helper_cache.copy_type(c, [], opens) for c in call.copies]
    lowerer.sink = DiagnosticSink(kernel=kernel)
    lowerer.helper_signatures = {k: v for k, v in call.seen.items() if v is not helper_cache.ABSENT}
    lowerer.helper_module_keys = memo
    _, _, _, _, entry = lowerer.lower_specialization(callee, foreign, copies, dict(call.bindings), opens,
                                                     call.parts, call.seen, key)
    return entry, reach


# -- helper specializations ---------------------------------------------------------------------------------------
# The same cutoff one level down: a specialization's lowering is kept with its own helper calls, under a key without
# the texts of the helpers it reaches, and reused (with the present specializations of its calls) when an edit of
# one of those leaves what it sees of each call as it was; so an edit of a helper lowers it again and nothing that
# calls it, unless what that caller sees of it changed.

HELPER_LIMIT = helper_cache.LIMIT
"""Helper specializations whose lowering is kept with its calls, least recently used dropped first."""

_HELPERS: OrderedDict[str, tuple[helper_cache.Entry, list[Call | FailedCall]]] = OrderedDict()


def helper_key(module: ModuleInfo, jit: JitFunction, parts: list[str], memo: KeyMemo) -> str:
    """A specialization's own inputs: the helper's text and place, the module values its own text names, aliases
    and imports (helper_cache.module_key without the helpers it reaches) and the call's part."""
    return helper_cache.call_key(helper_cache.own_module_key(module, jit, memo), parts)


def keep_helper(module: ModuleInfo, jit: JitFunction, parts: list[str], memo: KeyMemo,
                entry: helper_cache.Entry, calls: list[Call | FailedCall] | None) -> None:
    """Keep a specialization's entry with its helper calls (when every one was noted and there is one)."""
    if not enabled() or not calls:
        return
    calls = _with_headers(module, calls)
    key = helper_key(module, jit, parts, memo)
    with _LOCK:
        _HELPERS[key] = (entry, calls)
        _HELPERS.move_to_end(key)
        while len(_HELPERS) > HELPER_LIMIT:
            _HELPERS.popitem(last=False)


def reuse_helper(module: ModuleInfo, jit: JitFunction, kernel: str, stack: tuple[str, ...], parts: list[str],
                 seen: dict[str, object], memo: KeyMemo, context: Callable[[], Any]) -> helper_cache.Entry | None:
    """The kept lowering of a specialization with the present specializations of its calls, when its own inputs
    are as they were, the first-call signatures it saw are `seen`'s, and each of its calls gives back what it
    gave; else None.  `context` gives the helper's Lowerer (helper_call's caller made it)."""
    global reused_helpers
    if not enabled():
        return None
    key = helper_key(module, jit, parts, memo)
    with _LOCK:
        kept = _HELPERS.get(key)
    if kept is None:
        return None
    entry, calls = kept
    if any(seen.get(k, helper_cache.ABSENT) != v for k, v in entry.seen.items()):
        return None
    got = validate(module, calls, kernel, stack + (jit.qualname,), memo, context)
    if got is None or got[2]:  # (a failed call's other finding would be in the entry's findings: lowered again)
        return None
    helpers, now, _ = got
    fresh = replace(entry, result=replace(entry.result, helpers=helpers))
    with _LOCK:
        reused_helpers += 1
        _HELPERS[key] = (fresh, now)
        _HELPERS.move_to_end(key)
    return fresh
