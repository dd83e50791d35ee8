"""The walk in program order: straight-line values, loops at their first and last iteration (static_range copies in
order, counted while loops, the scalars a run-time loop carries), the hull where an if's paths meet, and the
interval of an expression."""

from __future__ import annotations

from dataclasses import replace

from ...diagnostics.model import Severity
from ...ir import nodes as ir
from ...ir.types import ObjT, ScalarT, TensorT
from ...ir.walk import stmt_calls
from .apis import _KIND, _kind
from .frame import CORE, _Frame
from .interval import TOP, Iv, const
from .launch import BLOCK_DIM
from .values import Local, Memory, Struct, Value


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


def _stmt_nodes(s: ir.Stmt) -> list[tuple[str | None, ir.Expr]]:
    """The calls of a statement (not of its body) the walk looks at, innermost first: (its kind, the call), kind
    None for a helper call (computed once per statement: a helper's statements are walked at each of its calls;
    from ir.walk.stmt_calls, which the other checks share)."""
    cached: list[tuple[str | None, ir.Expr]] | None = s.__dict__.get("_bounds_nodes")
    if cached is None:
        cached = []
        call_t, helper_t, kinds = ir.Call, ir.HelperCall, _KIND
        for sub in reversed(stmt_calls(s)):
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


class FlowWalk:
    """{spec['doc']}"""

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
