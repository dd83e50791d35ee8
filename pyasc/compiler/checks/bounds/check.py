"""PA611-PA614: an access past the memory it was given, proved from the values known in the file.

The kernel's statements are walked once, in order, helpers at their calls with their parameters bound to the call's
arguments. Integers are intervals (interval.py): constants, known ConstExpr values, the integers every launch of the
file gives alike and its core count (get_block_idx() over every core), a variable's value from the assignment that
reaches the use (static_range copies are straight-line code; a run-time loop's body forgets the scalars it
reassigns, at its top and after it; where an if's paths meet, the hull of two known values), a loop variable over its
first and last iteration (a `for` over a known range, or a counted `while v < b: ... v += c`). Queues, TBufs
and GlobalTensors get their sizes where init_buffer and set_global_buffer give them (and the launch's arrays theirs),
tensors theirs where alloc_tensor, deque and get make them (values.py).

What each call touches comes from the spec, one rule for every API: the tensor operands its count addresses are its
`counted` ones (by default those its dtype rule ties to what it reads: a compare's bit-mask dst is not counted); how
far from each operand's start is its `extent` or its `count` (data_copy moves whole 32-byte blocks of it), else the
parameter struct it takes: a repeat form's mask, repeat count and the operand's block and repeat strides
(`<operand>_blk_stride`, `<operand>_rep_stride` and their other spellings, from the struct or the call), a
DataCopyParams' bursts (block_len in 32-byte blocks; in bytes for data_copy_pad's, whose on-chip rows are padded to
32 bytes). The simulator's sanitizer computes the same extents at run time (PS101, PS102).

A finding is an error when every value it rests on is certain (an exact interval end, a size known exactly) and the
access runs whenever the kernel does; inside a run-time `if` or `while` it is a warning when it rests on constants
alone (it fails whenever that branch runs) and nothing when a loop's range is involved (a guard may leave that
iteration out).
"""

from __future__ import annotations

from dataclasses import replace

from ....language.spec import ApiSpec
from ...diagnostics.model import Diagnostic, DiagnosticSink, Related, Severity, Span
from ...ir import nodes as ir
from ...ir.types import AddrT, ObjT, ScalarT, TensorT
from ...ir.walk import stmt_exprs
from .interval import TOP, Iv, const, where
from .launch import ARRAY, BLOCK_DIM
from .values import Addr, Global, Local, Memory, Struct, Value, Window

CORE = "<core>"
"""The name get_block_idx() has among the loop variables: every core runs the kernel, as every iteration runs."""

MAX_DEPTH = 8
"""Helper calls followed into their bodies (deeper ones are left unchecked)."""

_BLK = ("_blk_stride", "_block_stride", "_stride")
_REP = ("_rep_stride", "_repeat_stride", "_repeat_size")
"""The spellings of an operand's block and repeat strides in the parameter structs and the calls (as the simulator
reads them)."""


def _dtype_of(t: object) -> tuple[int, str] | None:
    if isinstance(t, TensorT) and t.dvar.value is not None:
        d = t.dvar.value
        return d.nbytes, d.name
    return None


def _carried(loop: ir.For | ir.While) -> tuple[int, ...]:
    """The scalars a run-time loop's body reassigns (at any depth): at the top of an iteration each may hold the
    previous iteration's value, and after the loop the last iteration's, so the walk forgets them there (a value
    assigned in the body and used after it in the same iteration is that iteration's, as the walk finds it)."""
    cached: tuple[int, ...] | None = loop.__dict__.get("_bounds_carried")
    if cached is not None:
        return cached
    out: set[int] = set()

    def visit(stmts: list[ir.Stmt]) -> None:
        for s in stmts:
            t = type(s)
            if t is ir.Assign:
                target = s.target  # type: ignore[attr-defined]
                if target is not None and not s.declare and (  # type: ignore[attr-defined]
                        isinstance(target.type, ScalarT) or isinstance(getattr(s.value, "type", None), ScalarT)):
                    out.add(id(target))
            elif t is ir.AugAssign:
                if s.target is not None:  # type: ignore[attr-defined]
                    out.add(id(s.target))  # type: ignore[attr-defined]
            elif isinstance(s, ir.For):
                visit(s.body)
            elif isinstance(s, ir.While):
                visit(s.body)
            elif isinstance(s, ir.If):
                visit(s.body)
                visit(s.orelse)

    visit(loop.body)
    cached = tuple(out)
    loop.__dict__["_bounds_carried"] = cached
    return cached


def counted(api: ApiSpec) -> tuple[str, ...]:
    """The operands the count addresses (ApiSpec.counted): as declared, else those of the first dtype rule naming a
    read operand, else the written ones (the dtype rule ties the operands an element-wise count runs over)."""
    found = _COUNTED.get(id(api))
    if found is not None:
        return found
    found = api.counted
    if not found:
        reads = api.reads or ()
        found = next((rule.params for rule in api.dtype_rules if any(p in reads for p in rule.params)), None) or (
            api.writes if not reads or any(p in api.writes for p in reads) else tuple(reads))
    _COUNTED[id(api)] = found
    return found


_COUNTED: dict[int, tuple[str, ...]] = {}
"""counted() per API (by id; the spec's entries live as long as the process)."""


def _assigns(stmts: list[ir.Stmt], var: ir.Symbol) -> int:
    """How many statements among these (at any depth) assign var."""
    n = 0
    for s in stmts:
        if isinstance(s, (ir.Assign, ir.AugAssign)) and s.target is var:
            n += 1
        elif isinstance(s, ir.Unpack) and var in s.targets:
            n += 1
        elif isinstance(s, ir.For):
            n += (s.var is var) + _assigns(s.body, var)
        elif isinstance(s, ir.While):
            n += _assigns(s.body, var)
        elif isinstance(s, ir.If):
            n += _assigns(s.body, var) + _assigns(s.orelse, var)
    return n


_KIND: dict[int, str | None] = {}
"""Per API (by id): the name of the effect its calls have on the walk ("init_buffer", "set_global_buffer", ...),
its leaf name when its calls touch counted operands, None when the walk ignores them."""

_EFFECTS = frozenset({"init_buffer", "set_global_buffer", "set_mask_count", "alloc_tensor", "deque",
                      "reinterpret_cast"})


def _kind(api: ApiSpec) -> str | None:
    k = _KIND.get(id(api), "")
    if k != "":
        return k
    leaf = api.name.rsplit(".", 1)[-1]
    if leaf in _EFFECTS or (leaf.startswith("set_") and api.name.startswith("LocalTensor.")):
        k = leaf
    elif api.name in ("TBuf.get", "TBuf.get_with_offset"):
        k = "piece"
    elif not api.rule and counted(api):
        k = leaf
    else:
        k = None
    _KIND[id(api)] = k
    return k


def _stmt_nodes(s: ir.Stmt) -> list[tuple[str | None, ir.Expr]]:
    """The calls of a statement (not of its body) the walk looks at, innermost first: (its kind, the call), kind
    None for a helper call (computed once per statement: a helper's statements are walked at each of its calls;
    from checks.stmt_exprs, which the other checks and the code generator share)."""
    cached: list[tuple[str | None, ir.Expr]] | None = s.__dict__.get("_bounds_nodes")
    if cached is None:
        cached = []
        call_t, helper_t, kinds = ir.Call, ir.HelperCall, _KIND
        for sub in reversed(stmt_exprs(s)):
            t = type(sub)
            if t is call_t:
                api = sub.api  # type: ignore[attr-defined]
                if api is not None:
                    k = kinds.get(id(api), "")
                    if k == "":
                        k = _kind(api)
                    if k is not None:
                        cached.append((k, sub))
            elif t is helper_t:
                cached.append((None, sub))
        s.__dict__["_bounds_nodes"] = cached
    return cached


class _Frame:
    """One function being walked: the kernel, or a helper at one call."""

    def __init__(self, kernel: ir.KernelIR, env: dict[int, Value], foreign: bool) -> None:
        self.kernel = kernel
        self.env = env
        self.foreign = foreign


class BoundsChecker:
    """Walks one kernel and the helpers it calls, and reports the accesses proved to leave their memory."""

    def __init__(self, kernel: ir.KernelIR, helpers: dict[str, tuple[ir.KernelIR, bool]],
                 sink: DiagnosticSink, known: dict[str, int]) -> None:
        self.kernel = kernel
        self.known = known
        self.helpers = helpers
        self.sink = sink
        self.reported: set[tuple[str, Span]] = set()
        self.guarded = 0
        """Depth of run-time if/while bodies around the statement being walked."""
        self.last: dict[str, int] = {}
        """Each loop variable's value in its last iteration (for the message)."""
        self.counter_mode = False
        self.depth = 0
        self.steps: dict[int, int] = {}
        """The induction variables of the counted while loops being walked, and their steps."""
        self.form = ""
        """How the call's extent was found: "" (a count or index), "repeats" or "bursts" (a strided form)."""

    def run(self) -> None:
        env: dict[int, Value] = {}
        for p in self.kernel.params:
            v = self.known.get(p.name)
            if v is not None and isinstance(p.type, ScalarT) and not p.constexpr:
                env[id(p)] = const(v)
            n = self.known.get(ARRAY + p.name)
            if n is not None and isinstance(p.type, AddrT):
                env[id(p)] = Addr(p.name, n, const(0))
        self.walk(self.kernel.body, _Frame(self.kernel, env, False))

    # -- statements ---------------------------------------------------------------------------------------------------
    def walk(self, stmts: list[ir.Stmt], f: _Frame) -> None:
        """The statements in order (a kernel has no early exit: no break, and no return inside a run-time block,
        PA105), so each loop runs to its last iteration."""
        for index, s in enumerate(stmts):
            t = type(s)
            nodes = s.__dict__.get("_bounds_nodes")
            if nodes is None:
                nodes = _stmt_nodes(s)
            if nodes and t is not ir.If:  # an If's condition: in branch(), unless it folds
                self.calls(nodes, f)
            if t is ir.Assign:
                target = s.target  # type: ignore[attr-defined]
                if target is not None:
                    v = self.value(s.value, target, f)  # type: ignore[attr-defined]
                    if isinstance(v, Local) and not isinstance(s.value, ir.Name):  # type: ignore[attr-defined]
                        v = replace(v, name=target.name)
                    f.env[id(target)] = v
            elif t is ir.AugAssign:
                target = s.target  # type: ignore[attr-defined]
                if target is not None:
                    step = self.steps.get(id(target))
                    v = f.env.get(id(target))
                    if step is not None:
                        f.env[id(target)] = v + const(step) if isinstance(v, Iv) else None
                    else:  # straight-line code (a loop's body forgot the carried ones at its top)
                        f.env[id(target)] = self.augmented(v, s.op, s.value, f)  # type: ignore[attr-defined]
            elif t is ir.Unpack:
                for target in s.targets:  # type: ignore[attr-defined]
                    f.env[id(target)] = None
            elif t is ir.MemberAssign:
                base = s.target.base if s.target is not None else None  # type: ignore[attr-defined]
                if isinstance(base, ir.Name) and base.symbol is not None:
                    f.env[id(base.symbol)] = None  # a field of a parameter struct set: its values are not known
            elif t is ir.For:
                self.loop(s, f)  # type: ignore[arg-type]
            elif isinstance(s, ir.While):
                counted_loop = self.induction(s, stmts[:index], f) if t is ir.While else None
                carried = _carried(s)  # type: ignore[arg-type]
                if counted_loop is not None:
                    var, step = counted_loop
                    self.forget(carried, f, keep=id(var))
                    self.steps[id(var)] = step
                    self.walk(s.body, f)
                    del self.steps[id(var)]
                    f.env[id(var)] = None
                else:
                    self.forget(carried, f)
                    self.guarded += 1
                    self.walk(s.body, f)
                    self.guarded -= 1
                self.forget(carried, f)
            elif isinstance(s, ir.If):
                if s.static is None and nodes:
                    self.calls(nodes, f)
                self.branch(s, f)

    def loop(self, s: ir.For, f: _Frame) -> None:
        start = self.ev(s.start, f) if s.start is not None else const(0)
        stop = self.ev(s.stop, f)
        step = self.ev(s.step, f).const if s.step is not None else 1
        var = TOP
        name = s.var.name if s.var is not None else ""
        if step is not None and step > 0 and start.lo is not None and stop.hi is not None:
            if stop.hi <= start.lo:
                return  # never runs
            c0, c1 = start.const, stop.const
            if c0 is not None and c1 is not None:
                last = c0 + (c1 - c0 - 1) // step * step
                var = Iv(c0, last, True, ((name, c0),), ((name, last),))
                self.last[name] = last
            elif step == 1:
                runs = stop.lo is not None and start.hi is not None and stop.lo > start.hi
                var = Iv(start.lo, stop.hi - 1, runs and start.exact and stop.exact and not (
                    start.loop_vars & stop.loop_vars), start.at_lo + ((name, start.lo),),
                    stop.at_hi + ((name, stop.hi - 1),))
                self.last[name] = stop.hi - 1
            else:
                var = Iv(start.lo, stop.hi - 1, False)
        if var.exact and self._error_within(s.span.line, f.kernel.span.end_line):
            var = replace(var, exact=False)  # a statement of the body that failed (a break, PA105) may end it early
        if s.var is not None:
            f.env[id(s.var)] = var
        carried = _carried(s)
        self.forget(carried, f)
        self.walk(s.body, f)
        self.forget(carried, f)

    @staticmethod
    def forget(carried: tuple[int, ...], f: _Frame, keep: int = 0) -> None:
        """A loop's carried scalars are not known at the top of its body nor after it (_carried)."""
        env = f.env
        for k in carried:
            if k != keep and k in env:
                env[k] = None

    def augmented(self, v: Value, op: str, e: ir.Expr | None, f: _Frame) -> Value:
        """`v op= e` on a known value."""
        if not isinstance(v, Iv) or e is None:
            return None
        b = self.ev(e, f)
        if op == "+":
            return v + b
        if op == "-":
            return v - b
        if op == "*":
            return v * b
        return None

    def induction(self, s: ir.While, before: list[ir.Stmt], f: _Frame) -> tuple[ir.Symbol, int] | None:
        """`v = a` ... `while v < b:` with one `v += c` (c > 0) at the top of its body and no other assignment of v:
        a counted loop, v over a, a + c, ... up to its last value below b (bound in f.env; returns v and c)."""
        cond = s.cond
        if not isinstance(cond, ir.BinOp) or cond.op not in ("<", "<=") or not isinstance(cond.left, ir.Name) or \
                cond.left.symbol is None:
            return None
        var = cond.left.symbol
        bound = self.ev(cond.right, f).const
        steps = [x for x in s.body if isinstance(x, ir.AugAssign) and x.target is var]
        if bound is None or len(steps) != 1 or steps[0].op != "+" or _assigns(s.body, var) != 1:
            return None
        step = self.ev(steps[0].value, f).const
        init = next((x for x in reversed(before) if _assigns([x], var)), None)
        if step is None or step <= 0 or not isinstance(init, ir.Assign) or init.target is not var:
            return None
        start = self.ev(init.value, f).const
        stop = bound + 1 if cond.op == "<=" else bound
        if start is None or start >= stop:
            return None
        last = start + (stop - start - 1) // step * step
        f.env[id(var)] = Iv(start, last, True, ((var.name, start),), ((var.name, last),))
        self.last[var.name] = last
        return var, step

    def _error_within(self, first: int, last: int) -> bool:
        """Whether an error was reported on the lines first..last (what it left out of the IR is not known here: a
        loop's statements reach to the end of its function at most)."""
        return any(first <= d.span.line <= last for d in self.sink.items if d.severity == Severity.ERROR)

    def branch(self, s: ir.If, f: _Frame) -> None:
        if s.static is True:
            self.walk(s.body, f)
            return
        if s.static is False:
            self.walk(s.orelse, f)
            return
        before = dict(f.env)
        self.guarded += 1
        self.walk(s.body, f)
        after_body = f.env
        f.env = dict(before)
        self.walk(s.orelse, f)
        self.guarded -= 1
        merged = {k: v for k, v in f.env.items() if after_body.get(k, before.get(k)) == v}
        for k, v in f.env.items():  # two known scalars: either one (the hull, its ends no longer certain)
            if k not in merged and isinstance(v, Iv):
                other = after_body.get(k, before.get(k))
                if isinstance(other, Iv):
                    merged[k] = v.join(other)
        for k in after_body.keys() - merged.keys():
            if k not in f.env and before.get(k) == after_body[k]:
                merged[k] = after_body[k]
        f.env = merged

    # -- values -------------------------------------------------------------------------------------------------------
    def value(self, e: ir.Expr | None, target: ir.Symbol, f: _Frame) -> Value:
        if e is None:
            return None
        t = e.type
        if isinstance(t, ScalarT):
            return self.ev(e, f)  # the walk is in program order: the assignment reaching this point
        if isinstance(t, TensorT):
            return self.tensor(e, f)
        if isinstance(e, ir.Construct):
            return self.construct(e, target.name, f)
        if isinstance(e, ir.Name) and e.symbol is not None:
            return f.env.get(id(e.symbol))
        return None

    def construct(self, e: ir.Construct, name: str, f: _Frame) -> Value:
        cls = e.cls.name if e.cls is not None else ""
        if isinstance(e.type, ObjT) and e.type.cls in ("TQue", "TQueBind", "TBuf"):
            return Memory(name)
        if cls.endswith("Params"):
            fields: dict[str, Iv | None] = {}
            if e.overload is not None:
                for p in e.overload.params:
                    if p.name in e.args:
                        fields[p.name] = self.ev(e.args[p.name], f)
                    elif isinstance(p.default, int) and not isinstance(p.default, bool):
                        fields[p.name] = const(p.default)
            return Struct(cls, fields)
        return None

    def ev(self, e: ir.Expr | None, f: _Frame) -> Iv:
        """The interval of an integer expression."""
        if e is None:
            return TOP
        t = e.type
        if isinstance(t, ScalarT) and isinstance(t.const, int) and not isinstance(t.const, bool):
            return const(t.const)
        if isinstance(e, ir.Const) and isinstance(e.value, int) and not isinstance(e.value, bool):
            return const(e.value)
        if isinstance(e, ir.ConstName) and isinstance(e.value, int) and not isinstance(e.value, bool):
            return const(e.value)
        if isinstance(e, ir.Name) and e.symbol is not None:
            v = f.env.get(id(e.symbol))
            return v if isinstance(v, Iv) else TOP
        if isinstance(e, ir.BinOp) and e.left is not None and e.right is not None:
            if isinstance(t, ScalarT) and t.dvar.value is not None and t.dvar.value.is_float:
                return TOP
            a, b = self.ev(e.left, f), self.ev(e.right, f)
            if e.op == "+":
                return a + b
            if e.op == "-":
                return a - b
            if e.op == "*":
                return a * b
            if e.op in ("//", "/") and (a.lo is not None and a.lo >= 0):
                return a.floordiv(b)
            if e.op == "%":
                return a.mod(b)
            return TOP
        if isinstance(e, ir.UnaryOp) and e.op == "-" and e.operand is not None:
            return -self.ev(e.operand, f)
        if isinstance(e, ir.CastExpr) and e.to.startswith(("int", "uint")) and e.operand is not None:
            return self.ev(e.operand, f)
        if isinstance(e, ir.IfExp):
            return self.ev(e.then, f).join(self.ev(e.other, f))
        if isinstance(e, ir.Call) and e.api is not None and e.api.name == "number" and isinstance(t, ScalarT) \
                and t.dvar.value is not None and not t.dvar.value.is_float:
            return self.ev(e.args.get("value"), f)
        if isinstance(e, ir.Call) and e.api is not None and e.api.name == "ceildiv":
            y = self.ev(e.args.get("y"), f)
            return (self.ev(e.args.get("x"), f) + y - const(1)).floordiv(y)
        if isinstance(e, ir.Call) and e.api is not None and e.api.name in ("get_block_idx", "get_block_num"):
            cores = self.known.get(BLOCK_DIM)
            if cores is None or cores < 1:
                return TOP
            if e.api.name == "get_block_num":
                return const(cores)
            return Iv(0, cores - 1, True, ((CORE, 0),), ((CORE, cores - 1),))  # every core runs the kernel
        return TOP

    def tensor(self, e: ir.Expr | None, f: _Frame) -> Local | Global | None:
        """The view an expression of tensor type is, when its size is known."""
        if e is None:
            return None
        if isinstance(e, ir.Name) and e.symbol is not None:
            v = f.env.get(id(e.symbol))
            if isinstance(v, Window):
                d = _dtype_of(e.type)
                return Global(v, d[0], d[1]) if d is not None else None
            return v if isinstance(v, (Local, Global)) else None
        if isinstance(e, ir.Subscript):
            base = self.tensor(e.base, f)
            if base is None:
                return None
            off = base.off + self.ev(e.index, f)
            if isinstance(base, Local):
                return Local(base.name, base.length, base.esize, base.dtype, base.origin, off)
            return Global(base.window, base.esize, base.dtype, off)
        d = _dtype_of(e.type)
        if d is None:
            return None
        esize, dname = d
        if isinstance(e, ir.Call) and e.api is not None and e.api.name.endswith(".reinterpret_cast"):
            base = self.tensor(e.receiver, f)
            if isinstance(base, Local) and base.off.const is not None:
                nbytes = (base.length - base.off.const) * base.esize
                return Local(base.name, nbytes // esize, esize, dname, base.origin)
            return None
        if isinstance(e, ir.Call) and e.api is not None and isinstance(e.receiver, ir.Name):
            leaf = e.api.name.rsplit(".", 1)[-1]
            mem = f.env.get(id(e.receiver.symbol)) if e.receiver.symbol is not None else None
            if not isinstance(mem, Memory) or mem.nbytes is None:
                return None
            where_ = f"a {mem.nbytes}-byte buffer (init_buffer at line {mem.line})"
            if mem.nbytes % esize:
                where_ = f"a {mem.nbytes}-byte buffer of {mem.nbytes // esize} {dname} (init_buffer at line {mem.line})"
            if leaf in ("alloc_tensor", "deque") or (leaf == "get" and "len" not in e.args):
                return Local(mem.name, mem.nbytes // esize, esize, dname, where_)
            if leaf == "get":
                n = self.ev(e.args.get("len"), f).const
                return Local(mem.name, n, esize, dname, f"a tensor of {n} {dname} (get at line {e.span.line})") \
                    if n is not None else None
            if leaf == "get_with_offset":
                n = self.ev(e.args.get("size"), f).const
                if n is None:
                    return None
                return Local(mem.name, n, esize, dname, f"a tensor of {n} {dname} (get_with_offset at line "
                             f"{e.span.line})")
        if isinstance(e, ir.Construct) and e.cls is not None and e.cls.name == "LocalTensor":
            n = self.ev(e.args.get("tile_size"), f).const
            if n is not None:
                return Local("LocalTensor", n, esize, dname,
                             f"a tensor of {n} {dname} (LocalTensor at line {e.span.line})")
        if isinstance(e, ir.Construct) and e.cls is not None and e.cls.name == "LocalTensorAuto":
            from ...ir.auto_tensors import elements

            n = elements(e.args.get("shape"))
            if n is not None:
                return Local("LocalTensorAuto", n, esize, dname,
                             f"a tensor of {n} {dname} (LocalTensorAuto at line {e.span.line})")
        return None

    # -- calls --------------------------------------------------------------------------------------------------------
    def calls(self, nodes: list[tuple[str | None, ir.Expr]], f: _Frame) -> None:
        """Check the calls of a statement, innermost first."""
        for kind, sub in nodes:
            if kind is None:
                self.helper(sub, f)  # type: ignore[arg-type]
            else:
                self.call(sub, kind, f)  # type: ignore[arg-type]

    def helper(self, call: ir.HelperCall, f: _Frame) -> None:
        found = self.helpers.get(call.name)
        if found is None or self.depth >= MAX_DEPTH:
            return
        fn, foreign = found
        env: dict[int, Value] = {}
        for p, a in zip(fn.params, call.args, strict=False):
            if isinstance(a.type, ScalarT):
                env[id(p)] = self.ev(a, f)
            elif isinstance(a.type, AddrT):
                env[id(p)] = self.addr(a, f)
            elif isinstance(a.type, TensorT):
                env[id(p)] = self.tensor(a, f)
            elif isinstance(a, ir.Name) and a.symbol is not None:
                env[id(p)] = f.env.get(id(a.symbol))
        self.depth += 1
        try:
            self.walk(fn.body, _Frame(fn, env, foreign or f.foreign))
        finally:
            self.depth -= 1

    def call(self, call: ir.Call, kind: str, f: _Frame) -> None:
        api = call.api
        assert api is not None
        leaf = kind
        if leaf == "init_buffer":
            self.init_buffer(call, f)
            return
        if leaf == "set_global_buffer":
            r = call.receiver
            if isinstance(r, ir.Name) and r.symbol is not None:
                size = self.ev(call.args["buffer_size"], f) if "buffer_size" in call.args else None
                array = self.addr(call.args.get("buffer"), f)
                f.env[id(r.symbol)] = Window(r.symbol.name, size, call.span.line, array)
                if array is not None and size is not None and not f.foreign:
                    self.window_check(call, r.symbol.name, array, size)
            return
        if leaf == "piece":
            if not f.foreign:
                self.piece(call, f)
            return
        if leaf in ("set_mask_count",):
            self.counter_mode = True
        if leaf in ("alloc_tensor", "deque") and "tensor" in call.args:
            t = call.args["tensor"]
            if isinstance(t, ir.Name) and t.symbol is not None and isinstance(call.receiver, ir.Name):
                fake = ir.Call(call.span, t.type, api, call.overload, {}, [], call.receiver)
                f.env[id(t.symbol)] = self.tensor(fake, f)
            return
        r = call.receiver
        if leaf.startswith("set_") and leaf != "set_value" and isinstance(r, ir.Name) and r.symbol is not None \
                and isinstance(f.env.get(id(r.symbol)), Local):
            f.env[id(r.symbol)] = None  # set_size, set_buffer_len, set_addr_with_offset: another length now
        if f.foreign:
            return
        views = {}
        for name in _COUNTED.get(id(api)) or counted(api):
            arg = call.receiver if name == "self" else call.args.get(name)
            if arg is not None and (view := self.tensor(arg, f)) is not None:
                views[name] = view
        if not views:
            return  # no operand of a known size: nothing to prove
        self.form = ""
        for name, arg, count in self.accesses(call, api, f):
            view = views.get(name)
            if view is not None and count is not None:
                self.check(call, name, arg, view, count, leaf, f)

    def addr(self, e: ir.Expr | None, f: _Frame) -> Addr | None:
        """The launch's array a GlobalAddress expression points into, and where (`x + offset`)."""
        if isinstance(e, ir.Name) and e.symbol is not None:
            v = f.env.get(id(e.symbol))
            return v if isinstance(v, Addr) else None
        if isinstance(e, ir.AddrOffset):
            base = self.addr(e.base, f)
            if base is not None:
                return Addr(base.name, base.length, base.off + self.ev(e.offset, f))
        return None

    def window_check(self, call: ir.Call, name: str, array: Addr, size: Iv) -> None:
        """set_global_buffer past the end of the launch's array (the simulator stops there, PS101)."""
        end = array.off + size
        if not end.exact or end.hi is None or end.hi <= array.length or (self.guarded and end.loop_vars):
            return
        if ("PA613", call.span) in self.reported:
            return
        self.reported.add(("PA613", call.span))
        start = end.hi - (size.hi or 0)
        self.sink.add(Diagnostic(
            "PA613", Severity.WARNING if self.guarded else Severity.ERROR,
            f"{self.iteration(end)}set_global_buffer gives '{name}' {size.hi} elements from element {start} of "
            f"'{array.name}', whose array (the launch's) holds {array.length}: it ends at {end.hi}"
            f"{' when this branch runs' if self.guarded else ''}; on the device its last elements are Global Memory "
            f"that is not this core's (the simulator stops there, PS101); give it at most "
            f"{max(array.length - start, 0)} elements", call.span))

    def piece(self, call: ir.Call, f: _Frame) -> None:
        """PA614: TBuf.get(dtype, len) / get_with_offset(size, buf_offset, dtype) reaching past the TBuf's buffer."""
        r = call.receiver
        mem = f.env.get(id(r.symbol)) if isinstance(r, ir.Name) and r.symbol is not None else None
        d = _dtype_of(call.type)
        if not isinstance(mem, Memory) or mem.nbytes is None or d is None:
            return
        if "buf_offset" in call.args:
            n, off = self.ev(call.args.get("size"), f), self.ev(call.args["buf_offset"], f)
        elif "len" in call.args:
            n, off = self.ev(call.args["len"], f), const(0)
        else:
            return
        end = off + n * const(d[0])
        if not end.exact or end.hi is None or end.hi <= mem.nbytes or (self.guarded and end.loop_vars):
            return
        if ("PA614", call.span) in self.reported:
            return
        self.reported.add(("PA614", call.span))
        start = end.hi - (n.hi or 0) * d[0]
        leaf = call.api.name.rsplit(".", 1)[-1] if call.api is not None else "get"
        self.sink.add(Diagnostic(
            "PA614", Severity.WARNING if self.guarded else Severity.ERROR,
            f"{self.iteration(end)}{leaf} takes {n.hi} {d[1]} = {n.hi * d[0] if n.hi is not None else 0} bytes of "
            f"'{mem.name}' from byte {start}, to byte {end.hi}, but init_buffer at line {mem.line} gave it "
            f"{mem.nbytes} bytes{' when this branch runs' if self.guarded else ''}: on the device the piece is "
            f"memory of other buffers (the simulator stops there, PS102); take at most "
            f"{max(mem.nbytes - start, 0) // d[0]} {d[1]} from there", call.span))

    def iteration(self, end: Iv) -> str:
        """`last iteration i=7: ` / `on core 7 (get_block_idx() = 7): ` for where an end is reached."""
        at = dict(end.at_hi)
        core = at.pop(CORE, None)
        text = ""
        if at:
            last = all(self.last.get(n) == v for n, v in at.items())
            text = f"{'last iteration' if last else 'iteration'} {where(tuple(at.items()))}: "
        if core is not None:
            text = f"on core {core} (get_block_idx() = {core}){', ' if text else ': '}{text}"
        return text

    def init_buffer(self, call: ir.Call, f: _Frame) -> None:
        target = call.args.get("que") or call.args.get("buf")
        if not isinstance(target, ir.Name) or target.symbol is None:
            return
        mem = f.env.get(id(target.symbol))
        if not isinstance(mem, Memory):
            mem = Memory(target.symbol.name)
            f.env[id(target.symbol)] = mem
        if "que" in call.args:
            n = self.ev(call.args.get("len"), f).const
        else:
            n = self.ev(call.args.get("num", call.args.get("len")), f).const
        if mem.nbytes is None and n is not None and n > 0:
            mem.nbytes, mem.line = -(-n // 32) * 32, call.span.line

    def accesses(self, call: ir.Call, api: ApiSpec, f: _Frame) -> list[tuple[str, ir.Expr, Iv | None]]:
        """(parameter, argument, elements touched from its start) for each tensor operand the spec names."""
        args = dict(call.args)
        if call.receiver is not None:
            args["self"] = call.receiver
        names = [p for p in counted(api) if p in args]
        if not names:
            return []
        ov = call.overload
        extent = api.extent
        if extent is None and ov is not None and ov.param("count") is not None:
            extent = "count"
        if extent is not None and extent.startswith("@"):
            i = self.ev(args.get(extent[1:]), f)
            return [(n, args[n], i + const(1)) for n in names if n in args]
        if extent is not None:
            if extent not in args:
                return []
            count = self.ev(args[extent], f)
            if api.name == "data_copy":  # DataCopy moves whole 32-byte blocks of the count (PA604 says so)
                d = _dtype_of(args["dst"].type) if "dst" in args else None
                if d is None:
                    return []
                count = (count * const(d[0])).floordiv(const(32)) * const(32)
                count = count.floordiv(const(d[0]))
            return [(n, args[n], count) for n in names if n in args]
        return self.param_forms(args, names, f)

    def param_forms(self, args: dict[str, ir.Expr], names: list[str],
                    f: _Frame) -> list[tuple[str, ir.Expr, Iv | None]]:
        """The extents of the forms a parameter struct or a mask and repeat count describe."""
        structs = {p: v for p, a in args.items() if isinstance(v := self.struct(a, f), Struct)}
        burst = next(((p, s) for p, s in structs.items() if s.cls in ("DataCopyParams", "DataCopyExtParams")), None)
        if burst is not None:
            self.form = "bursts"
            return self.bursts(args, names, burst[0] == "data_copy_params", burst[1], f)
        repeat = next((args[p] for p in ("repeat_times", "repeat_time", "repeat") if p in args), None)
        if repeat is None or "mask" not in args or self.counter_mode:
            return []
        set_mask = args.get("is_set_mask")
        if set_mask is not None and isinstance(set_mask.type, ScalarT) and set_mask.type.const is False:
            return []  # the mask set by set_vector_mask applies, which this walk does not follow
        sizes = [d[0] for n in names if n in args and (d := _dtype_of(args[n].type)) is not None]
        if not sizes:
            return []
        epr = 256 // max(sizes)
        top = self.top_lane(args["mask"], epr, f)
        if top is None:
            return []
        struct = next(iter(structs.values()), None)
        reps = self.ev(repeat, f)
        self.form = "repeats"
        out: list[tuple[str, ir.Expr, Iv | None]] = []
        for n in names:
            d = _dtype_of(args[n].type) if n in args else None
            if d is None:
                continue
            blk = self.stride(n, _BLK, struct, args, f)
            rep = self.stride(n, _REP, struct, args, f)
            if blk is None or rep is None:
                continue
            epb = 32 // d[0]
            lane = blk * const(top // epb * epb) + const(top % epb + 1)
            out.append((n, args[n], (reps - const(1)) * rep * const(epb) + lane if reps.lo != 0 else None))
        return out

    def bursts(self, args: dict[str, ir.Expr], names: list[str], pad: bool, s: Struct,
               f: _Frame) -> list[tuple[str, ir.Expr, Iv | None]]:
        """DataCopy's bursts (block_len 32-byte blocks, strides in blocks) and DataCopyPad's (block_len bytes; the
        Unified Buffer side's rows padded to 32 bytes, its stride in blocks, the Global Memory side's in bytes)."""
        d = _dtype_of(args["dst"].type) if "dst" in args else None
        bc, bl = s.fields.get("block_count"), s.fields.get("block_len")
        ss, ds = s.fields.get("src_stride"), s.fields.get("dst_stride")
        if d is None or bc is None or bl is None or ss is None or ds is None or bc.const == 0 or bl.const == 0:
            return []
        es = const(d[0])
        rows = bc - const(1)
        if not pad:
            epb = const(32 // d[0])
            src = rows * ((bl + ss) * epb) + bl * epb
            dst = rows * ((bl + ds) * epb) + bl * epb
        else:
            n = bl.floordiv(es)
            row_ub = (bl + const(31)).floordiv(const(32)) * const(32 // d[0])
            gm_in = "src" in args and isinstance(args["src"].type, TensorT) and args["src"].type.memory == "global"
            if gm_in:
                src = rows * (n + ss.floordiv(es)) + n
                dst = rows * (row_ub + ds * const(32 // d[0])) + n
            else:
                src = rows * (row_ub + ss * const(32 // d[0])) + n
                dst = rows * (n + ds.floordiv(es)) + n
        ext = {"src": src, "dst": dst}
        return [(n_, args[n_], ext.get(n_)) for n_ in names if n_ in args]

    def struct(self, e: ir.Expr, f: _Frame) -> Struct | None:
        if isinstance(e, ir.Construct):
            v = self.construct(e, "", f)
            return v if isinstance(v, Struct) else None
        if isinstance(e, ir.Name) and e.symbol is not None:
            v = f.env.get(id(e.symbol))
            return v if isinstance(v, Struct) else None
        return None

    def stride(self, operand: str, spellings: tuple[str, ...], struct: Struct | None, args: dict[str, ir.Expr],
               f: _Frame) -> Iv | None:
        for s in spellings:
            key = operand + s
            if key in args:
                return self.ev(args[key], f)
            if struct is not None and key in struct.fields:
                return struct.fields[key]
        return None

    def top_lane(self, mask: ir.Expr, epr: int, f: _Frame) -> int | None:
        """The highest lane of a repeat the mask enables (a lane count, or the bits of [mask0, mask1])."""
        if isinstance(mask, ir.IntList):
            words = [self.ev(i, f).const for i in mask.items]
            if any(w is None for w in words) or not words:
                return None
            hi = max(((w or 0) & 0xFFFFFFFFFFFFFFFF).bit_length() - 1 + 64 * k for k, w in enumerate(words[:2]))
            return hi if 0 <= hi < epr else None
        k = self.ev(mask, f).const
        return k - 1 if k is not None and 1 <= k <= epr else None

    # -- the check ----------------------------------------------------------------------------------------------------
    def check(self, call: ir.Call, param: str, arg: ir.Expr, view: Local | Global, count: Iv, leaf: str,
              f: _Frame) -> None:
        if count.hi is not None and count.hi <= 0:
            return
        end = view.off + count
        if not end.exact or end.hi is None:
            return
        limit: int | None
        in_array = False
        if isinstance(view, Local):
            limit = view.length
        else:
            size = view.window.size.const if view.window.size is not None else None
            limit = size
            array = view.window.array
            if (size is None or end.hi <= size) and array is not None:
                # the launch's array from where the window points: its end bounds the window too (as the
                # simulator's min(size, what the array holds))
                absolute = array.off + end
                if not absolute.exact or absolute.hi is None:
                    return
                end, limit, in_array = absolute, array.length, True
        if limit is None or end.hi <= limit:
            return
        if self.guarded and end.loop_vars:
            return
        code = "PA613" if isinstance(view, Global) else "PA611" if "copy" in leaf else "PA612"
        if (code, call.span) in self.reported:
            return
        self.reported.add((code, call.span))
        severity = Severity.WARNING if self.guarded else Severity.ERROR
        self.sink.add(Diagnostic(code, severity, self.message(call, param, arg, view, count, end, limit, leaf,
                                                              in_array),
                                 call.span, related=(Related(arg.span, f"the {param} operand"),)))

    def message(self, call: ir.Call, param: str, arg: ir.Expr, view: Local | Global, count: Iv, end: Iv,
                limit: int, leaf: str, in_array: bool = False) -> str:
        api = call.api
        assert api is not None
        written = param in api.writes or (not api.writes and param == "dst")
        iteration = self.iteration(end)
        n = end.hi - (view.off.hi if view.off.hi is not None and not view.off.loop_vars & count.loop_vars
                      else 0)
        start = end.hi - n
        moves = "moves" if "copy" in leaf else ("writes" if written else "reads")
        into = "into" if written else "from"
        if self.form:
            moves, n = f"{moves} ({self.form} reaching", end.hi
            what = f"{leaf} {moves} {n} {view.dtype} = {n * view.esize} bytes from the start)"
            start = 0
        else:
            what = f"{leaf} {moves} {n} {view.dtype} = {n * view.esize} bytes"
        guard = " when this branch runs" if self.guarded else ""
        if isinstance(view, Global) and in_array and view.window.array is not None:
            array = view.window.array
            if not self.form and count.hi is not None:
                what = f"{leaf} {moves} {count.hi} {view.dtype} = {count.hi * view.esize} bytes"
            return (f"{iteration}{view.window.name} reaches element {end.hi} of '{array.name}', whose array (the "
                    f"launch's) holds {limit} ({what}){guard}: on the device it accesses Global Memory that is not "
                    f"this core's (the simulator stops there, PS101); keep the last tile within the array")
        if isinstance(view, Global):
            size = view.window
            return (f"{iteration}{size.name}[{start}:{end.hi}] is outside the {limit} elements given to "
                    f"set_global_buffer at line {size.line} ({what}){guard}: on the device it accesses Global "
                    f"Memory that is not this core's (the simulator stops there, PS101); keep the last tile within "
                    f"the window (a smaller count for the tail, or fewer tiles)")
        if start == 0:
            target = f"'{view.name}', {view.origin}"
        else:
            target = f"'{view.name}[{start}:]', which holds {max(limit - start, 0)} {view.dtype} of {view.origin}"
        return (f"{iteration}{what} {into} {target}{guard}: on the device it "
                f"{'overwrites' if written else 'reads'} memory past the tensor (the simulator stops there, PS102); "
                f"use a count of at most {max(limit - start, 0)} or a larger buffer")


def check_bounds(kernel: ir.KernelIR, helpers: dict[str, tuple[ir.KernelIR, bool]], sink: DiagnosticSink,
                 known: dict[str, int] | None = None) -> None:
    """PA611 copy, PA612 vector op past a LocalTensor, PA613 access outside a GlobalTensor's window, PA614 a TBuf
    piece past its buffer; `known`: the integers the file's launches give the kernel (launch.launch_values)."""
    BoundsChecker(kernel, helpers, sink, known or {}).run()
