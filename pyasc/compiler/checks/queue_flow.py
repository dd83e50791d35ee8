"""Which enques and init_buffers can reach each deque and each first use of a queue or TBuf (PA503, PA506).

A forward walk of the kernel's IR, through the jit helpers it calls (their queue parameters stand for the caller's
queues), that keeps per queue what some path has done (`may`), what every path has done (`must`), and the most
tensors any path leaves enqueued (`pending`: each deque takes one). A loop body is walked twice: once as the first
iteration, once from what the first left (an iteration that leaves more enqueued than it found has no bound), which
is the fixed point of these sets. A loop known to run at least once has its first iteration peeled and judged on
its own: the loop variable is its start there, so a condition on it (`if i == 0:`, `if i > 0:`) takes one branch,
and a use the first iteration certainly makes before the init_buffer or enque it needs is certain.

A deque no enque reaches on any path, or whose every enque an earlier deque took, waits forever on the device (an
error, the simulator's PS106); one that only some paths reach (an `if` on a run-time value, a loop that may run zero
times) is a warning. Likewise alloc_tensor, deque, get and get_with_offset of a queue or TBuf that no
`pipe.init_buffer` reaches have no memory (an error, the simulator's PS107), and a warning when that depends on a
branch. A function with no TPipe at all sets nothing up to run (a fragment of API use): its findings are warnings.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..ir import nodes as ir
from ..ir.types import ObjT, ScalarT
from ..ir.walk import callee, calls_and_helpers_in, failed_calls, stmt_calls
from ..lower.consteval import BINARY, COMPARE, UNARY
from . import queue_summary, summaries

_BUDGET = 50_000
"""Statement visits per kernel before the walk gives up (and reports nothing): nested loops are walked twice each."""

INF = 1 << 20
_INIT_USES = ("alloc_tensor", "deque", "get", "get_with_offset")
_QUEUE_CLASSES = queue_summary.QUEUE_CLASSES

Key = int
"""A queue: the id of the kernel's Symbol for it (a helper's parameter resolves to the caller's)."""


@dataclass
class State:
    may_enq: set[Key] = field(default_factory=set)
    must_enq: set[Key] = field(default_factory=set)
    may_init: set[Key] = field(default_factory=set)
    must_init: set[Key] = field(default_factory=set)
    ran_enq: set[Key] = field(default_factory=set)
    ran_init: set[Key] = field(default_factory=set)
    """What every path did if each loop of unknown count ran at least once: inside such a loop a use is judged by
    these (two loops `for i in range(n)` run together, so the second's deque is not in doubt)."""
    pending: dict[Key, int] = field(default_factory=dict)
    """The most tensors any path leaves enqueued and not yet dequeued (INF: no bound); 0 at a deque is a certain
    hang, where each enque was consumed by an earlier deque on every path."""

    def copy(self) -> State:
        return State(set(self.may_enq), set(self.must_enq), set(self.may_init), set(self.must_init),
                     set(self.ran_enq), set(self.ran_init), dict(self.pending))

    def join(self, other: State) -> State:
        """Two paths meet: what one did is possible, what both did is certain."""
        pending = dict(self.pending)
        for k, n in other.pending.items():
            pending[k] = max(pending.get(k, 0), n)
        return State(self.may_enq | other.may_enq, self.must_enq & other.must_enq,
                     self.may_init | other.may_init, self.must_init & other.must_init,
                     self.ran_enq & other.ran_enq, self.ran_init & other.ran_init, pending)

    def add_enq(self, k: Key) -> None:
        self.may_enq.add(k)
        self.must_enq.add(k)
        self.ran_enq.add(k)
        self.pending[k] = min(self.pending.get(k, 0) + 1, INF)

    def add_init(self, k: Key) -> None:
        self.may_init.add(k)
        self.must_init.add(k)
        self.ran_init.add(k)


@dataclass
class Finding:
    """One use of a queue the walk judged: `certain` when no path gives it what it needs."""

    code: str
    span: object
    queue: str
    local: str
    func: str
    certain: bool
    order: int
    consumed: bool = False
    """A certain hang although an enque ran: earlier deques took every tensor it enqueued."""


class _GiveUp(Exception):
    """The walk exceeded its budget: no finding at all rather than a wrong one."""


@dataclass
class _Frame:
    fn: ir.KernelIR
    binds: dict[int, Key | None]
    """A parameter symbol's id -> the caller's queue it stands for (None: not a queue of the kernel we follow)."""
    site: object | None
    """Where a finding inside a helper of another module is shown: the call in this file."""
    depth: int = 0
    in_loop: bool = False
    """Inside a loop whose count is not known: uses are judged by State.ran_* (the loops before it ran too)."""


class QueueFlow:
    """The walk of one kernel; `findings` keeps one verdict per (code, span, queue), the worst of its visits."""

    def __init__(self, kernel: ir.KernelIR, helpers: dict[str, tuple[ir.KernelIR, bool]]) -> None:
        self.kernel = kernel
        self.helpers = helpers
        self.names: dict[Key, str] = {}
        self.findings: dict[tuple[str, object, Key], Finding] = {}
        self.visits = 0
        self.opaque = False
        """An enque or init_buffer on a queue the walk cannot name (held in a list, a failed call): no verdicts."""
        self.env: dict[int, int] = {}
        """Scalar symbol id -> its value in the peeled first iteration of the loops being walked (the loop variable
        at its start, and names computed from it there)."""
        self.log: list[tuple[str, object, Key, str, str, bool, bool]] = []
        """Every verdict noted, in order (a helper's summary holds those of its walk, queue_summary.py)."""
        self.reach: dict[int, tuple] = {}
        """The helpers each helper reaches, with its own queues (queue_summary.entry)."""

    # -- queues -------------------------------------------------------------------------------------------------------

    def key(self, e: ir.Expr | None, frame: _Frame) -> Key | None:
        if not isinstance(e, ir.Name) or e.symbol is None or not isinstance(e.type, ObjT):
            return None
        if e.type.cls not in _QUEUE_CLASSES:
            return None
        sid = id(e.symbol)
        if sid in frame.binds:
            return frame.binds[sid]
        self.names.setdefault(sid, e.symbol.name)
        return sid

    # -- walk ---------------------------------------------------------------------------------------------------------

    def run(self, entry: State) -> None:
        frame = _Frame(self.kernel, {}, None)
        for p in self.kernel.params:  # a helper checked on its own: its caller may have set up the queues it is given
            if isinstance(p.type, ObjT):
                entry.add_enq(id(p))
                entry.add_init(id(p))
                entry.pending[id(p)] = INF
        try:
            self.block(self.kernel.body, entry, frame, True)
        except _GiveUp:
            self.findings.clear()

    def block(self, stmts: list[ir.Stmt], st: State, frame: _Frame, report: bool) -> State:
        for s in stmts:
            self.visits += 1
            if self.visits > _BUDGET:
                raise _GiveUp
            if isinstance(s, ir.If):
                st = self.if_(s, st, frame, report)
            elif isinstance(s, ir.For):
                self.exprs(s, st, frame, report)
                st = self.loop(s.body, st, frame, report, trip_count(s), s)
            elif isinstance(s, ir.While):
                self.exprs(s, st, frame, report)
                st = self.loop(s.body, st, frame, report, None)
            elif isinstance(s, ir.Return):
                self.exprs(s, st, frame, report)
                break
            else:
                self.exprs(s, st, frame, report)
                if self.env and isinstance(s, ir.Assign) and s.target is not None:
                    v = eval_int(s.value, self.env)
                    if v is None:
                        self.env.pop(id(s.target), None)
                    else:
                        self.env[id(s.target)] = v
        return st

    def if_(self, s: ir.If, st: State, frame: _Frame, report: bool) -> State:
        self.exprs(s, st, frame, report)
        static = s.static
        if static is None and self.env:  # decided by the values of the peeled first iteration
            v = eval_int(s.cond, self.env)
            static = None if v is None else bool(v)
        if static is True:
            return self.block(s.body, st, frame, report)
        if static is False:
            return self.block(s.orelse, st, frame, report)
        then = self.block(s.body, st.copy(), frame, report)
        other = self.block(s.orelse, st.copy(), frame, report)
        return then.join(other)

    def loop(self, body: list[ir.Stmt], st: State, frame: _Frame, report: bool, count: int | None,
             s: ir.For | None = None) -> State:
        if count == 0:
            return st  # never runs (CANN removes it)
        inner = frame if count is not None or frame.in_loop else _Frame(frame.fn, frame.binds, frame.site,
                                                                         frame.depth, True)
        if count is not None:
            # Known to run: the first iteration is judged as it runs, from the state before the loop, with the loop
            # variable at its start (what it certainly uses before the enque or init_buffer it needs is certain)
            saved = dict(self.env)
            start = eval_int(s.start, self.env) if s is not None and s.start is not None else 0
            if s is not None and s.var is not None and start is not None:
                self.env[id(s.var)] = start
            first = self.block(body, st.copy(), inner, report)
            self.env = saved
        else:
            first = self.block(body, st.copy(), inner, False)
        # Later iterations: what the earlier ones did, on some path, is possible; a use is judged after one whole
        # iteration ran (a deque under `if i > 0` of what the iteration's end enqueues is not in doubt)
        later = st.join(first)
        later.must_enq, later.must_init = st.must_enq | first.must_enq, st.must_init | first.must_init
        later.ran_enq, later.ran_init = st.ran_enq | first.ran_enq, st.ran_init | first.ran_init
        # an iteration that leaves more enqueued than it found may do so again: no bound (the walk's widening)
        later.pending = {k: INF if n > st.pending.get(k, 0) else st.pending.get(k, 0) for k, n in first.pending.items()}
        for k, n in st.pending.items():
            later.pending.setdefault(k, n)
        saved = self.env
        if s is not None and s.var is not None and id(s.var) in saved:
            self.env = {k: v for k, v in saved.items() if k != id(s.var)}
        again = self.block(body, later.copy(), inner, report)
        self.env = saved
        after = first if count is not None else st.copy()
        after.may_enq |= again.may_enq
        after.may_init |= again.may_init
        after.ran_enq, after.ran_init = first.ran_enq, first.ran_init
        after.pending = first.join(again).pending if count is not None else st.join(first).join(again).pending
        return after

    def exprs(self, s: ir.Stmt, st: State, frame: _Frame, report: bool) -> None:
        found = s.__dict__.get("_queue_exprs")
        for e in _queue_exprs(s) if found is None else found:
            if isinstance(e, ir.HelperCall):
                self.helper(e, st, frame, report)
            elif isinstance(e, ir.Call) and e.api is not None:
                self.call(e, st, frame, report)
            elif isinstance(e, ir.Invalid) and e.operands:
                self.opaque = True  # a failed call may have set up any queue it was given (reported there)

    def helper(self, e: ir.HelperCall, st: State, frame: _Frame, report: bool) -> None:
        found = callee(self.helpers, e)
        if found is None or frame.depth >= 8:
            self.opaque = True
            return
        fn, foreign = found
        if not self.touches_queues(fn):
            return  # nothing in it (or what it calls) changes a queue's state or uses one: the state goes through
        binds: dict[int, Key | None] = {}
        for p, a in zip(fn.params, e.args, strict=False):
            if isinstance(p.type, ObjT):
                binds[id(p)] = self.key(a, frame)
        site = frame.site if frame.site is not None else (e.span if foreign else None)
        inner = _Frame(fn, binds, site, frame.depth + 1, frame.in_loop)
        entry = queue_summary.entry(self, fn, binds, st, report, frame.in_loop, inner.depth, site)
        if entry is not None:
            done = summaries.get(fn, "queues", entry.key)
            if isinstance(done, queue_summary.Summary):
                self.visits += done.visits
                if self.visits > _BUDGET:
                    raise _GiveUp
                queue_summary.replay(self, done, entry, st)
                return
            queue_summary.mark(self, entry)
        out = self.block(fn.body, st, inner, report)
        st.__dict__.update(out.__dict__)
        if entry is not None:
            made = queue_summary.summarize(self, entry, st)
            if made is not None:
                summaries.put(fn, "queues", entry.key, made)

    def touches_queues(self, fn: ir.KernelIR, depth: int = 0) -> bool:
        """Whether a helper (or a helper it calls) gives a queue memory, uses a queue or TBuf, or has a failed
        call: computed once per helper's IR, which the helper cache keeps across edits, so an edit walks only the
        helpers that matter here."""
        cached: bool | None = getattr(fn, "_touches_queues", None)
        if cached is not None:
            return cached
        found = depth >= 8 or bool(failed_calls(fn))
        for e in () if found else calls_and_helpers_in(fn):
            if isinstance(e, ir.HelperCall):
                target = callee(self.helpers, e)
                found = target is None or self.touches_queues(target[0], depth + 1)
            else:
                leaf = e.api.leaf if e.api is not None else ""
                found = leaf == "init_buffer" or (e.receiver is not None and isinstance(e.receiver.type, ObjT)
                                                  and e.receiver.type.cls in _QUEUE_CLASSES)
            if found:
                break
        if depth == 0 or found:
            fn._touches_queues = found  # type: ignore[attr-defined]
        return found

    def call(self, e: ir.Call, st: State, frame: _Frame, report: bool) -> None:
        assert e.api is not None
        leaf = e.api.leaf
        if leaf == "init_buffer":
            for name in ("que", "buf"):
                arg = e.args.get(name)
                if arg is None:
                    continue
                k = self.key(arg, frame)
                if k is None:
                    self.opaque = True
                else:
                    st.add_init(k)
            return
        if e.receiver is None or not isinstance(e.receiver.type, ObjT) or e.receiver.type.cls not in _QUEUE_CLASSES:
            return
        k = self.key(e.receiver, frame)
        if leaf == "enque":
            if k is None:
                self.opaque = True
            else:
                st.add_enq(k)
            return
        if k is None:
            return
        before = INF
        if leaf == "deque":  # each deque consumes one enqueued tensor (after it is judged below)
            before = st.pending.get(k, 0)
            st.pending[k] = before - 1 if 0 < before < INF else before
        if not report:
            return
        local = e.receiver.symbol.name if isinstance(e.receiver, ir.Name) and e.receiver.symbol else "queue"
        span = frame.site if frame.site is not None else e.span
        must_init, must_enq = (st.ran_init, st.ran_enq) if frame.in_loop else (st.must_init, st.must_enq)
        if leaf in _INIT_USES and k not in must_init:
            self.note("PA506", span, k, local, frame.fn.name, certain=k not in st.may_init)
        if leaf == "deque" and (k not in must_enq or before == 0):
            self.note("PA503", span, k, local, frame.fn.name, certain=before == 0, consumed=k in st.may_enq)

    def note(self, code: str, span: object, k: Key, local: str, func: str, certain: bool,
             consumed: bool = False) -> None:
        self.log.append((code, span, k, local, func, certain, consumed))
        old = self.findings.get((code, span, k))
        if old is not None:
            old.certain = old.certain or certain
            old.consumed = old.consumed or consumed
            return
        self.findings[(code, span, k)] = Finding(code, span, self.names.get(k, local), local, func, certain,
                                                 len(self.findings), consumed)


def _queue_exprs(s: ir.Stmt) -> list[ir.Expr]:
    """The expressions of a statement the walk acts on, in order: helper calls, init_buffer, calls of a queue's or
    TBuf's methods, failed calls (computed once per statement: loops walk their bodies twice or more)."""
    cached: list[ir.Expr] = []
    for e in stmt_calls(s):
        if isinstance(e, ir.Call):
            r = e.receiver
            if e.api.leaf == "init_buffer" or (r is not None and isinstance(r.type, ObjT)  # type: ignore[union-attr]
                                               and r.type.cls in _QUEUE_CLASSES):
                cached.append(e)
        else:
            cached.append(e)  # a helper call, a failed call
    s.__dict__["_queue_exprs"] = cached
    return cached


def eval_int(e: ir.Expr | None, env: dict[int, int]) -> int | None:
    """The int (or bool) value of `e` from compile-time constants and the values `env` gives scalar symbols (by the
    symbol's id), or None when some operand is not known."""
    if e is None:
        return None
    if isinstance(e, ir.Name):
        if e.symbol is not None and id(e.symbol) in env:
            return env[id(e.symbol)]
    elif isinstance(e, ir.BinOp) and e.op in ("&&", "||"):
        a = eval_int(e.left, env)
        if a is not None and bool(a) == (e.op == "||"):
            return bool(a)
        b = eval_int(e.right, env)
        return None if a is None or b is None else bool(b)
    elif isinstance(e, ir.BinOp) and (e.op in BINARY or e.op in COMPARE):
        a, b = eval_int(e.left, env), eval_int(e.right, env)
        if a is None or b is None:
            return None
        if e.op == "/" or (e.op in ("//", "%") and (b == 0 or a < 0 or b < 0)):
            return None  # a true quotient, C++'s rounding of negative values, a division by zero: not an int here
        try:
            v = COMPARE[e.op](a, b) if e.op in COMPARE else BINARY[e.op](a, b)
        except (ArithmeticError, TypeError, ValueError):
            return None
        return v if isinstance(v, int) else None
    elif isinstance(e, ir.UnaryOp) and e.op in UNARY:
        a = eval_int(e.operand, env)
        v = None if a is None else UNARY[e.op](a)
        return v if isinstance(v, int) else None
    elif isinstance(e, (ir.Const, ir.ConstName)):
        v = e.value
        return v if isinstance(v, int) else None
    c = e.type.const if isinstance(e.type, ScalarT) else None
    return c if isinstance(c, int) else None


def trip_count(s: ir.For) -> int | None:
    """The number of iterations when start, stop and step are known at compile time, else None."""
    if s.static:
        return None  # asc.static_range is unrolled into Unrolled ifs; a leftover loop is treated as unknown
    vals = []
    for e, default in ((s.start, 0), (s.stop, None), (s.step, 1)):
        if e is None:
            vals.append(default)
            continue
        c = e.type.const if isinstance(e.type, ScalarT) else None
        if not isinstance(c, int) or isinstance(c, bool):
            return None
        vals.append(c)
    start, stop, step = vals
    if stop is None or not step:
        return None
    return len(range(start, stop, step))


def queue_findings(kernel: ir.KernelIR, helpers: dict[str, tuple[ir.KernelIR, bool]]) -> list[Finding]:
    """PA503 and PA506 verdicts of one kernel (a function checked on its own trusts the queues it is given)."""
    flow = QueueFlow(kernel, helpers)
    flow.run(State())
    if flow.opaque:
        return []
    found = sorted(flow.findings.values(), key=lambda f: f.order)
    if not _has_pipe(kernel, helpers):
        # No TPipe anywhere: nothing in the kernel gives memory to anything. Such a function is a fragment of API
        # use (CANN's own tests of single calls are written so), not a kernel set up to run, and what it is missing
        # is not known from the file: a warning, never an error
        for f in found:
            f.certain = False
    return found


def _has_pipe(kernel: ir.KernelIR, helpers: dict[str, tuple[ir.KernelIR, bool]]) -> bool:
    """Whether the kernel, or a helper it may call, has a TPipe (constructed, given, or got by get_tpipe_ptr)."""
    for fn in (kernel, *(h for h, _ in helpers.values())):
        for sym in fn.symbols:
            if isinstance(sym.type, ObjT) and sym.type.cls in ("TPipe", "TBufPool"):
                return True
    return False
