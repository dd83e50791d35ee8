"""Runs a kernel's typed IR on the abstract core: values, calls, helpers, branches and loops.

Integers are linear forms (lin.py); tensors are views (access.py); everything else the analysis does not need is
None. Loops run a few iterations with their real loop-variable values (the first three and the last when the trip
count is known), so ping-pong slots (`i % 2 * TILE`) get their real offsets and iteration i+1's accesses meet
iteration i's; a runtime `if` whose condition is not known runs both branches and joins them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ....language.spec import memory_of_position
from ...diagnostics.model import Span
from ...ir import nodes as ir
from ...ir.types import DTypeValT, ObjT, ScalarT, TensorT
from ...ir.walk import callee
from .access import GlobalView, View, call_pipe, ranges
from .lin import Lin, atom, mul
from .machine import Machine, Site

_BUDGET = 20000
"""Statements executed per kernel (unrolled): past it the run stops and reports only what it found."""
_SYNC_FAMILY = "basic.block_sync"
_BARRIERS = ("data_sync_barrier", "sync_all")
_QUEUES = ("TQue", "TQueBind", "TBuf")


@dataclass(frozen=True)
class Enum:
    """An enum member as the interpreter holds it (HardEvent.MTE2_V for a set_flag, a TPosition)."""

    enum: str
    member: str


@dataclass(frozen=True)
class Queue:
    """A TQue or TBuf object: its allocation key and its TPosition."""

    key: object
    position: str


class OutOfBudget(Exception):
    pass


_MISSING = object()


def _esize(t: object) -> Lin:
    """Bytes per element of a tensor type: known, or the same unknown for every tensor of one dtype variable."""
    if isinstance(t, (TensorT, DTypeValT)):
        root = t.dvar.find()
        return Lin(root.dtype.nbytes) if root.dtype is not None else atom(("sizeof", id(root)))
    return atom(("sizeof", None))


class Interp:
    def __init__(self, helpers: dict[str, tuple[ir.KernelIR, bool]]) -> None:
        self.helpers = helpers
        """name -> (its IR, foreign)"""
        self.steps = 0
        self.allocs = 0
        self.truncated = False
        self.site_override: Span | None = None
        self.stmt: Span | None = None
        self.depth = 0
        self.loop_depth = 0
        self._sites: dict[tuple[int, Span | None, Span | None], Site] = {}
        self._kinds: dict[int, dict[str, str]] = {}
        self.used: set[tuple[str, object]] = set()
        """Every (event, id) set or waited: a fix picks an id not among them."""

    # -- statements ---------------------------------------------------------------------------------------------------
    def run(self, body: list[ir.Stmt], env: dict[int, object], m: Machine) -> tuple[object, Machine]:
        ret: object = None
        for s in body:
            self.steps += 1
            if self.steps > _BUDGET:
                self.truncated = True
                raise OutOfBudget
            if self.site_override is None:
                self.stmt = s.span
            m, value = self.stmt_(s, env, m)
            if isinstance(s, ir.Return):
                ret = value
        return ret, m

    def stmt_(self, s: ir.Stmt, env: dict[int, object], m: Machine) -> tuple[Machine, object]:
        if isinstance(s, ir.Assign) and s.target is not None:
            env[id(s.target)] = self.expr(s.value, env, m)
        elif isinstance(s, ir.AugAssign) and s.target is not None:
            env[id(s.target)] = self.binop(s.op, env.get(id(s.target)), self.expr(s.value, env, m), s)
        elif isinstance(s, ir.ExprStmt):
            self.expr(s.expr, env, m)
        elif isinstance(s, ir.Return):
            return m, self.expr(s.value, env, m)
        elif isinstance(s, ir.If):
            m = self.if_(s, env, m)
        elif isinstance(s, ir.For):
            m = self.for_(s, env, m)
        elif isinstance(s, ir.While):
            for _ in range(3):
                cond = self.expr(s.cond, env, m)
                if cond is False:
                    break
                _, m = self.run(s.body, env, m)
        return m, None

    def if_(self, s: ir.If, env: dict[int, object], m: Machine) -> Machine:
        cond = s.static if s.static is not None else self.expr(s.cond, env, m)
        if cond is True or cond is False:
            _, m = self.run(s.body if cond else s.orelse, env, m)
            return m
        other = m.fork()
        env2 = dict(env)
        _, m = self.run(s.body, env, m)
        _, other = self.run(s.orelse, env2, other)
        m.merge(other)
        for k in set(env) | set(env2):
            if env.get(k) != env2.get(k):
                env[k] = None
        return m

    def for_(self, s: ir.For, env: dict[int, object], m: Machine) -> Machine:
        start = self.expr(s.start, env, m) if s.start is not None else Lin(0)
        stop = self.expr(s.stop, env, m) if s.stop is not None else None
        step = self.expr(s.step, env, m) if s.step is not None else Lin(1)
        if not isinstance(start, Lin) or not isinstance(step, Lin) or not step.is_const or step.const == 0:
            values: list[object] = [None, None]
        elif isinstance(stop, Lin) and start.is_const and stop.is_const:
            every = range(start.const, stop.const, step.const)
            picks = list(every) if len(every) <= 4 else [every[0], every[1], every[2], every[-1]]
            values = [Lin(v) for v in picks]
        else:
            values = [start + Lin(k * step.const) for k in range(3)]
        if self.loop_depth >= 2:
            values = values[:2]
        self.loop_depth += 1
        try:
            for v in values:
                if s.var is not None:
                    env[id(s.var)] = v
                _, m = self.run(s.body, env, m)
        finally:
            self.loop_depth -= 1
        return m

    # -- expressions --------------------------------------------------------------------------------------------------
    def expr(self, e: ir.Expr | None, env: dict[int, object], m: Machine) -> object:
        if e is None:
            return None
        kind = type(e)
        if kind is ir.Call:
            return self.call(e, env, m)  # type: ignore[arg-type]
        t = e.type
        if type(t) is ScalarT and t.const is not None:
            c = t.const
            return Lin(c) if type(c) is int else c
        handler = _EXPRS.get(kind)
        return handler(self, e, env, m) if handler is not None else None

    def _const(self, e: ir.Const | ir.ConstName, env: dict[int, object], m: Machine) -> object:
        v = e.value
        return Lin(v) if type(v) is int else v

    def _name(self, e: ir.Name, env: dict[int, object], m: Machine) -> object:
        if e.symbol is None:
            return None
        got = env.get(id(e.symbol), _MISSING)
        if got is not _MISSING:
            return got
        t = e.type
        if isinstance(t, ScalarT):
            return atom(("param", e.symbol.name))
        if isinstance(t, TensorT) and t.memory == "global":
            return GlobalView()
        return None

    def _binop(self, e: ir.BinOp, env: dict[int, object], m: Machine) -> object:
        return self.binop(e.op, self.expr(e.left, env, m), self.expr(e.right, env, m), e)

    def _unary(self, e: ir.UnaryOp, env: dict[int, object], m: Machine) -> object:
        v = self.expr(e.operand, env, m)
        if e.op == "-" and isinstance(v, Lin):
            return v.scale(-1)
        if e.op == "!" and isinstance(v, bool):
            return not v
        return v if e.op == "+" else None

    def _ifexp(self, e: ir.IfExp, env: dict[int, object], m: Machine) -> object:
        c = self.expr(e.cond, env, m)
        a, b = self.expr(e.then, env, m), self.expr(e.other, env, m)
        return a if c is True or a == b else b if c is False else None

    def _cast(self, e: ir.CastExpr, env: dict[int, object], m: Machine) -> object:
        v = self.expr(e.operand, env, m)
        return v if e.to.startswith(("int", "uint")) and isinstance(v, Lin) else None

    def _enum(self, e: ir.EnumMember, env: dict[int, object], m: Machine) -> object:
        return Enum(e.enum, e.member)

    def _subscript(self, e: ir.Subscript, env: dict[int, object], m: Machine) -> object:
        base = self.expr(e.base, env, m)
        index = self.expr(e.index, env, m)
        if isinstance(base, View):
            ok = base.base is not None and isinstance(index, Lin)
            return View(base.mem, base.base + mul(index, base.esize) if ok else None,  # type: ignore[operator]
                        base.esize, base.space)
        return base if isinstance(base, GlobalView) else None

    def _method_ref(self, e: ir.MethodRef, env: dict[int, object], m: Machine) -> object:
        return self.expr(e.receiver, env, m)

    def binop(self, op: str, a: object, b: object, e: object) -> object:
        if isinstance(a, Lin) and isinstance(b, Lin):
            if op == "+":
                return a + b
            if op == "-":
                return a - b
            if op == "*":
                return mul(a, b)
            if a.is_const and b.is_const:
                x, y = a.const, b.const
                if op in ("//", "%") and y > 0 and x >= 0:
                    return Lin(x // y if op == "//" else x % y)
                cmp = {"==": x == y, "!=": x != y, "<": x < y, "<=": x <= y, ">": x > y, ">=": x >= y}
                if op in cmp:
                    return cmp[op]
                if op in ("<<", ">>", "&", "|", "^") and x >= 0 and y >= 0:
                    return Lin({"<<": x << y, ">>": x >> y, "&": x & y, "|": x | y, "^": x ^ y}[op])
            if op in ("==", "!="):
                d = a - b
                if d.is_const:
                    return (d.const == 0) == (op == "==")
                return None
            if op in ("//", "%", "<<", ">>", "&", "|", "^"):
                return atom((op, a, b))
            return None
        if isinstance(a, bool) and isinstance(b, bool):
            if op == "&&":
                return a and b
            if op == "||":
                return a or b
        if op == "&&" and (a is False or b is False):
            return False
        if op == "||" and (a is True or b is True):
            return True
        return None

    def construct(self, e: ir.Construct, env: dict[int, object], m: Machine) -> object:
        name = e.cls.name if e.cls is not None else ""
        t = e.type
        if name == "GlobalTensor":
            return GlobalView()
        if name in _QUEUES:
            pos = t.args.get("pos") if isinstance(t, ObjT) else None
            self.allocs += 1
            return Queue(("queue", self.allocs), str(pos or ("VECCALC" if name == "TBuf" else "VECIN")))
        if name == "LocalTensor" and isinstance(t, TensorT):
            addr = self.expr(e.args.get("addr"), env, m) if "addr" in e.args else Lin(0)
            if "pos" not in e.args and "addr" not in e.args:
                return None  # an empty LocalTensor(dtype): filled in later by alloc_tensor(tensor)
            space = memory_of_position(t.position or "VECIN")
            return View(("fixed", space), addr if isinstance(addr, Lin) else None, _esize(t), space)
        return None

    def site(self, e: ir.Call) -> Site:
        """The call's site (one object per call and statement: loops meet the same calls again)."""
        key = (id(e), self.site_override, self.stmt)
        got = self._sites.get(key)
        if got is None:
            what = e.api.name if e.api is not None else ""
            if self.site_override is not None:
                got = Site(self.site_override, self.site_override, False, what)
            else:
                got = Site(e.span, self.stmt or e.span, True, what)
                if what in ("set_flag", "wait_flag") and "event" in e.args:
                    got = replace(got, event_span=e.args["event"].span)
            self._sites[key] = got
        return got

    def call(self, e: ir.Call, env: dict[int, object], m: Machine) -> object:
        api = e.api
        if api is None:
            return None
        args = {k: self.expr(v, env, m) for k, v in e.args.items()}
        recv = self.expr(e.receiver, env, m) if e.receiver is not None else None
        leaf = api.leaf
        if api.family == _SYNC_FAMILY:
            return self.sync(leaf, args, e, m)
        if isinstance(recv, Queue):
            return self.queue(leaf, recv, args, e, m)
        if isinstance(recv, View) and leaf == "reinterpret_cast":
            return View(recv.mem, recv.base, _esize(e.type), recv.space)
        if api.name == "DataType.sizeof" and e.receiver is not None:
            return _esize(e.receiver.type)  # the same unknown as the element size of its tensors
        if api.family.startswith("adv") or api.family == "fwk":
            return None  # the advanced APIs synchronize inside; the framework's own calls touch no tensor
        if recv is not None:
            args["self"] = recv
        kinds = self._kinds.get(id(e))
        if kinds is None:
            kinds = self._kinds[id(e)] = {k: "GlobalTensor" if v.type.memory == "global" else "LocalTensor"
                                          for k, v in e.args.items() if isinstance(v.type, TensorT)}
        pipe = call_pipe(api, args, kinds)
        if pipe is not None:
            rs = ranges(api, e.overload, args, pipe)
            if rs:
                m.access(pipe, rs, self.site(e))
        return None

    def sync(self, leaf: str, args: dict[str, object], e: ir.Call, m: Machine) -> object:
        if leaf in ("set_flag", "wait_flag"):
            event = args.get("event")
            eid = args.get("event_id", Lin(0))
            if not isinstance(event, Enum):
                m.trust_all()
                return None
            if not (isinstance(eid, Lin) and eid.is_const):
                m.trust_all()
                key: object = ("?",)
            else:
                key = eid.const
            self.used.add((event.member, key))
            site = self.site(e)
            if leaf == "set_flag":
                m.set_flag(event.member, key, site)
            else:
                m.wait_flag(event.member, key, site)
        elif leaf == "pipe_barrier":
            pipe = args.get("pipe")
            if not isinstance(pipe, Enum) or pipe.member == "PIPE_ALL":
                m.barrier()
        elif leaf in _BARRIERS:
            m.barrier()
        return None

    def queue(self, leaf: str, q: Queue, args: dict[str, object], e: ir.Call, m: Machine) -> object:
        if leaf in ("alloc_tensor", "get", "get_with_offset"):
            if leaf == "alloc_tensor":
                self.allocs += 1
                mem: object = ("alloc", self.allocs)
                base: Lin | None = Lin(0)
            else:
                mem = q.key
                off = args.get("buf_offset", Lin(0))
                base = off if isinstance(off, Lin) else None
            space = memory_of_position(q.position)
            return View(mem, base, _esize(e.type), space)
        if leaf == "enque":
            m.enque(q.key, args.get("tensor"))
        elif leaf == "deque":
            got = m.deque(q.key)
            if isinstance(got, View):
                return got
            self.allocs += 1
            return View(("alloc", self.allocs), Lin(0), _esize(e.type), memory_of_position(q.position))
        return None

    def failed(self, e: ir.Invalid, env: dict[int, object], m: Machine) -> object:
        """A call that failed to bind (reported where it is): a flag or barrier call leaves what it would have
        ordered unknown (Machine.failed_flag_call); any other one touches no tensor the analysis can name."""
        values = [self.expr(x, env, m) for x in e.operands]
        if e.api is None or e.api.family != _SYNC_FAMILY:
            return None
        events = [v for v in values if isinstance(v, Enum) and v.enum == "HardEvent"]
        m.failed_flag_call(events[0].member if events else None)
        return None

    def helper(self, e: ir.HelperCall, env: dict[int, object], m: Machine) -> object:
        found = callee(self.helpers, e)
        args = [self.expr(a, env, m) for a in e.args]
        if found is None or self.depth >= 8:
            return None
        k, foreign = found
        inner = {id(p): v for p, v in zip(k.params, args, strict=False)}
        saved = (self.site_override, self.stmt)
        if foreign and self.site_override is None:
            self.site_override = e.span
        self.depth += 1
        try:
            ret, m2 = self.run(k.body, inner, m)
        finally:
            self.depth -= 1
            self.site_override, self.stmt = saved
        if m2 is not m:
            m.__dict__.update(m2.__dict__)
        return ret


_EXPRS = {
    ir.Const: Interp._const, ir.ConstName: Interp._const, ir.Name: Interp._name, ir.BinOp: Interp._binop,
    ir.UnaryOp: Interp._unary, ir.IfExp: Interp._ifexp, ir.CastExpr: Interp._cast, ir.EnumMember: Interp._enum,
    ir.Subscript: Interp._subscript, ir.MethodRef: Interp._method_ref, ir.Construct: Interp.construct,
    ir.HelperCall: Interp.helper, ir.Invalid: Interp.failed,
}
"""Expression kind -> its evaluation (a call is dispatched before this table: it is the most common)."""
