"""A kernel's lowering resumed at the top-level statement an edit begins in (statement-level incrementality).

A kernel is lowered statement by statement of its body, and what the lowering of statements 0..i-1 leaves (its
tables, the IR so far, its findings, its helper calls) depends on their text and place, on the kernel's header and
own inputs (cutoff.own_key), on the specializations of the helpers they call, and on nothing after them.  So the
lowering of a kernel edited at statement i can start from a copy of that state taken by an earlier lowering, where
those inputs are the same.  A checkpoint is that state pickled right before the first statement an edit changed (the
next edit there starts from it); the copy it is restored from is fresh objects, so nothing is shared with the
lowering that took it, whose result may still be read (hover on the previous version, the unit cache for an undo).
`prepare()`, called when the server is idle, unpickles a copy ahead for each kernel lowered last, so that the
next edit does not wait for it.

What the state refers to outside itself: the API specification's objects, the headers' tiling structs and the
helpers' lowerings (kept by identity); the Lowerer and the module's structs (the resuming Lowerer and its module's
struct of that name: the kernel's key holds every struct's definition).  A state holding anything else of the
module (its syntax trees, its jit functions) is not checkpointed: the kernel is lowered whole, as without this
module.  Each checkpoint's helper calls are checked as cutoff.validate checks a kept lowering's, with the stricter
test that each call finds the very specialization it found (the same entry of the helper cache).  Where only a
helper changed, the checkpoint is taken before the kernel's first helper call (the statements before it read no
helper, so it holds whatever the helpers become).
"""

from __future__ import annotations

import ast
import hashlib
import io
import logging
import pickle
import sys
import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any

from ..diagnostics.model import Diagnostic, DiagnosticSink
from ..ir import nodes as ir
from ..switch import Switch
from ..syntax.module import JitFunction, ModuleInfo
from ..syntax.positions import Positions
from ..syntax.structs import StructDef
from . import cutoff, helper_cache
from .base import KeyMemo, LowerBase, LowerResult

log = logging.getLogger("pyasc")

LIMIT = 256
"""Kernels whose statements are remembered (least recently lowered dropped first): a few kilobytes each."""
POINTS = 3
"""Checkpoints kept per kernel: the statements most recently edited."""
ALL_POINTS = 32
"""Checkpoints kept in all (those of the kernels least recently lowered dropped first): each is its state's
pickle, about 100 bytes per line of the kernel before it."""
SPARES = 16
SPARE_BYTES = 1_000_000
"""Copies unpickled ahead (prepare) at most, and the pickled bytes they come from at most (a copy is about ten
times its pickle in memory)."""

CONTEXT = frozenset({"m", "fn", "kind", "sink", "arg_types", "stack", "pos", "span", "deadline", "const_args",
                     "launch", "helper_module_keys", "call_log", "resume_plan"})
"""Lowerer attributes that are its setting, not its state: the resuming Lowerer keeps its own."""

_LOCK = threading.Lock()
_SWITCH = Switch()
disabled = _SWITCH.disabled
"""Lower every kernel from its first statement in this thread while the block runs (the result to compare with)."""
enabled = _SWITCH.enabled
resumed = 0
"""Lowerings resumed from a checkpoint so far (the tests read the difference)."""
taken = 0
"""Checkpoints taken so far."""


@dataclass
class Point:
    """The state of a kernel's lowering right before its top-level statement `index`."""

    index: int
    key: str
    """The prefix key at `index` (Plan.keys)."""
    data: bytes
    externals: list[object]
    calls: list[Any]
    """The helper calls the statements before `index` made (cutoff.Call), in order."""
    spare: tuple[dict[str, Any], list[Diagnostic]] | None = None
    """One copy of the state, unpickled ahead (prepare)."""
    ahead: bool = True
    """Whether a copy can be unpickled ahead: not one referring to the Lowerer or to a struct of the module, which
    only a lowering can give (prepare tries once)."""


@dataclass
class Slot:
    digests: list[bytes] = field(default_factory=list)
    """Per top-level statement, its text and place as last lowered."""
    points: list[Point] = field(default_factory=list)
    """Most recently used last."""
    first_call: int = -1
    """The first top-level statement that made a helper call (-1: none): what comes before it reads no helper, so
    a checkpoint there holds whatever any helper becomes."""


_SLOTS: OrderedDict[tuple[str, str], Slot] = OrderedDict()


def clear() -> None:
    with _LOCK:
        _SLOTS.clear()


@dataclass
class Plan:
    """Where one lowering of a kernel resumes and where it takes a checkpoint."""

    place: tuple[str, str]
    keys: list[str]
    """keys[i]: the inputs of statements 0..i-1's lowering (the kernel's own key, then each statement's text)."""
    digests: list[bytes]
    start: Point | None = None
    take_at: int = -1
    """The statement before which a checkpoint is taken (-1: none)."""
    first_call: int = -1
    """The first statement that made a helper call: the slot's where it is among the statements before the
    checkpoint resumed at, else recorded by the lowering."""


def statement_digests(module: ModuleInfo, jit: JitFunction) -> list[bytes]:
    """Per top-level statement of the kernel, its place and the whole lines it stands on."""
    lines = module.positions.lines
    out: list[bytes] = []
    for stmt in jit.node.body:
        end = stmt.end_lineno or stmt.lineno
        text = "\n".join(lines[stmt.lineno - 1:end])
        out.append(f"{stmt.lineno}:{stmt.col_offset}:{end}:{stmt.end_col_offset}\0{text}".encode(
            "utf-8", "surrogatepass"))
    return out


def plan(module: ModuleInfo, jit: JitFunction, place: tuple[str, str], own: str, memo: KeyMemo) -> Plan | None:
    """The plan of a kernel's lowering whose own inputs (without its body) are `own`: the latest checkpoint that
    still holds at or before the first statement that changed since the last lowering, and a checkpoint at that
    statement if none is there yet.  None when resuming is off."""
    if not enabled():
        return None
    digests = statement_digests(module, jit)
    keys = [own]
    h = hashlib.sha256(own.encode())
    for d in digests:
        h.update(hashlib.sha256(d).digest())
        keys.append(h.copy().hexdigest())
    with _LOCK:
        slot = _SLOTS.get(place)
        last = list(slot.digests) if slot is not None else []
        points = list(slot.points) if slot is not None else []
        first_call = slot.first_call if slot is not None else -1
    out = Plan(place, keys, digests)
    if not last:
        return out  # the kernel's first lowering: where the next edit falls is not known yet
    same = min(len(digests), len(last))
    changed = next((i for i, (a, b) in enumerate(zip(digests, last, strict=False)) if a != b), same)
    for p in sorted(points, key=lambda p: -p.index):
        if p.index <= changed and p.key == keys[p.index] and _calls_hold(module, p.calls, memo):
            out.start = p
            break
    if out.start is not None and out.start.calls:
        out.first_call = first_call  # (before the checkpoint: among the statements that did not change)
    # where an edit of the kernel's text begins; else (only what it calls changed) before its first helper call
    at = changed if changed < len(digests) else first_call if 0 < first_call <= changed else -1
    if 0 < at < len(digests) and (out.start is None or out.start.index != at):
        out.take_at = at
    return out


def _calls_hold(module: ModuleInfo, calls: list[Any], memo: KeyMemo) -> bool:
    """Does each call find the specialization it found when the checkpoint was taken?"""
    for call in calls:
        callee = module.jit.get(call.qualname)
        if callee is None:
            return False
        if isinstance(call, cutoff.FailedCall):
            if call.now(callee) != call.finding:  # (the state holds the finding it made)
                return False
        elif helper_cache.get(cutoff.call_key_now(module, callee, call.parts, memo),
                              lambda e, want=call.entry: e is want) is not call.entry:
            return False
    return True


def finish(p: Plan) -> None:
    """Record the statements the lowering saw (where the next edit's change is found), and the checkpoint it
    resumed at as the kernel's most recently used."""
    with _LOCK:
        slot = _SLOTS.get(p.place)
        if slot is None:
            slot = _SLOTS[p.place] = Slot()
        slot.digests = p.digests
        slot.first_call = p.first_call
        if p.start is not None and p.start in slot.points:
            slot.points.remove(p.start)
            slot.points.append(p.start)
        _SLOTS.move_to_end(p.place)
        while len(_SLOTS) > LIMIT:
            _SLOTS.popitem(last=False)
        _bound_points()


def _bound_points() -> None:
    """Drop the checkpoints of the kernels least recently lowered past ALL_POINTS (under _LOCK)."""
    count = sum(len(slot.points) for slot in _SLOTS.values())
    for slot in _SLOTS.values():
        if count <= ALL_POINTS:
            return
        drop = min(len(slot.points), count - ALL_POINTS)
        del slot.points[:drop]
        count -= drop


# -- restoring ------------------------------------------------------------------------------------------------------
def restore(p: Plan, lowerer: LowerBase) -> tuple[list[ir.Symbol], list[ir.Stmt], int] | None:
    """Put the state of `p.start` into `lowerer`; its parameters, the IR of the statements before, and the index of
    the first statement to lower.  None if the state cannot be had (the lowering starts from the top)."""
    global resumed
    point = p.start
    if point is None:
        return None
    with _LOCK:
        got, point.spare = point.spare, None
    if got is None:
        try:
            got = _load(point, lowerer)
        except Exception:  # noqa: BLE001 - never worse than no checkpoint
            log.debug("checkpoint of %s not restored", p.place, exc_info=True)
            return None
    state, items = got
    params, body = state.pop("\0params"), state.pop("\0body")
    for name, value in state.items():
        setattr(lowerer, name, value)
    lowerer.sink.items.extend(items)
    if lowerer.call_log is not None:
        jits = lowerer.m.jit
        lowerer.call_log = [replace(c, jit=jits[c.qualname]) for c in point.calls]
    with _LOCK:
        resumed += 1
    return params, body, point.index


def _load(point: Point, lowerer: LowerBase | None) -> tuple[dict[str, Any], list[Diagnostic]]:
    _LOADING.externals = point.externals
    _LOADING.lowerer = lowerer
    try:
        state, items = pickle.loads(point.data)
    finally:
        _LOADING.externals = _LOADING.lowerer = None
    return state, items


def prepare() -> int:
    """Unpickle, ahead, a copy of the most recently used checkpoint of each kernel most recently lowered (the ones
    the next edit most likely resumes at: the kernel being edited, or every kernel of a file that calls an edited
    helper), at most SPARES of them within SPARE_BYTES; returns how many were prepared.  For idle time."""
    with _LOCK:
        wanted: list[Point] = []
        size = 0
        for slot in reversed(_SLOTS.values()):
            if not slot.points or not slot.points[-1].ahead:
                continue
            point = slot.points[-1]
            if len(wanted) == SPARES or size + len(point.data) > SPARE_BYTES:
                break
            wanted.append(point)
            size += len(point.data)
        keep = {id(p) for p in wanted}
        for slot in _SLOTS.values():
            for q in slot.points:
                if id(q) not in keep:
                    q.spare = None  # the copies ahead are those of the kernels lowered last
        todo = [p for p in wanted if p.spare is None]
    done = 0
    for point in todo:
        try:
            copy = _load(point, None)
        except Exception:  # noqa: BLE001 - restore() tries again and falls back
            log.debug("checkpoint not prepared", exc_info=True)
            point.ahead = False
            continue
        with _LOCK:
            point.spare = copy
        done += 1
    return done


# -- taking ---------------------------------------------------------------------------------------------------------
def take(p: Plan, lowerer: LowerBase, params: list[ir.Symbol], body: list[ir.Stmt]) -> None:
    """Checkpoint the lowering's state before statement `p.take_at` (its helper calls all noted, else nothing)."""
    global taken
    calls = lowerer.call_log
    if calls is None or lowerer.helper_calls_made != len(calls):
        return
    state = {k: v for k, v in vars(lowerer).items() if k not in CONTEXT}
    state["\0params"], state["\0body"] = params, body
    externals: list[object] = []
    buf = io.BytesIO()
    _DUMPING.externals = externals
    try:
        _Pickler(buf).dump((state, list(lowerer.sink.items)))
    except Exception as exc:  # noqa: BLE001 - a state of a kind not copied: the next edit lowers it whole
        log.debug("no checkpoint of %s before statement %d: %s", p.place, p.take_at, exc)
        return
    finally:
        _DUMPING.externals = None
    point = Point(p.take_at, p.keys[p.take_at], buf.getvalue(), externals, list(calls))
    with _LOCK:
        taken += 1
        slot = _SLOTS.get(p.place)
        if slot is None:
            slot = _SLOTS[p.place] = Slot()
        slot.points = [q for q in slot.points if q.index != point.index][-(POINTS - 1):] + [point]
        _SLOTS.move_to_end(p.place)
        _bound_points()


# -- the pickling ---------------------------------------------------------------------------------------------------
_DUMPING = threading.local()
_LOADING = threading.local()


class Unsaved(Exception):
    """The state refers to something a checkpoint does not copy."""


def _external(index: int) -> object:
    return _LOADING.externals[index]


def _the_lowerer() -> object:
    got = _LOADING.lowerer
    if got is None:
        raise Unsaved("the Lowerer is referred to: restored only into one")
    return got


def _by_identity(obj: object) -> tuple:
    externals: list[object] = _DUMPING.externals
    externals.append(obj)
    return _external, (len(externals) - 1,)


def _lowerer_ref(obj: object) -> tuple:
    return _the_lowerer, ()


def _struct_ref(obj: StructDef) -> tuple:
    """A struct of the module by its name (the present module's, on restoring), a tiling struct of the headers
    by identity (there is one of each)."""
    return (_the_struct, (obj.name,)) if obj.user else _by_identity(obj)


def _the_struct(name: str) -> StructDef:
    lowerer = _LOADING.lowerer
    got = lowerer.m.structs.get(name) if lowerer is not None else None
    if got is None:
        raise Unsaved(f"the struct {name} is referred to: restored only into a lowering of a module defining it")
    return got


def _refuse(obj: object) -> tuple:
    raise Unsaved(f"the state refers to a {type(obj).__name__}")


def _subclasses(cls: type) -> list[type]:
    out = [cls]
    for sub in cls.__subclasses__():
        out.extend(_subclasses(sub))
    return out


def _table() -> dict[type, Any]:
    """The pickler's table: the specification's classes (any module of pyasc.language loaded by the first
    checkpoint, which is every one the lowering can have used) and the helpers' lowerings by identity; the
    module's objects refused."""
    table: dict[type, Any] = {}
    for name, mod in list(sys.modules.items()):
        if name == "pyasc.language" or name.startswith("pyasc.language."):
            for value in vars(mod).values():
                if isinstance(value, type) and value.__module__.startswith("pyasc.language") and \
                        not issubclass(value, BaseException):
                    table[value] = _by_identity
    table[LowerResult] = _by_identity
    table[helper_cache.Entry] = _by_identity
    for cls in _subclasses(ast.AST):
        table[cls] = _refuse
    for cls in (ModuleInfo, JitFunction, Positions, DiagnosticSink, KeyMemo):
        table[cls] = _refuse
    table[StructDef] = _struct_ref
    return table


_TABLE: dict[type, Any] = {}
_LOWERERS: list[type] = []


class _Pickler(pickle.Pickler):
    def __init__(self, file: io.BytesIO) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        if not _TABLE:
            _TABLE.update(_table())
            for cls in _LOWERERS:
                _TABLE[cls] = _lowerer_ref
        self.dispatch_table = _TABLE


def lowerer_classes(*classes: type) -> None:
    """Refer to a Lowerer in a state as the Lowerer that resumes (the package registers its class)."""
    _LOWERERS.extend(classes)
    for cls in classes:
        if _TABLE:
            _TABLE[cls] = _lowerer_ref
