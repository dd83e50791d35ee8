"""CANN's insert_sync, computed on the typed IR: the synchronization its compiler writes into a kernel compiled with
`@asc.jit(insert_sync=True)` (implied by a LocalTensorAuto), which the code generator writes the same way.

The rules, as CANN's tracer applies them:
1. The kernel's own set_flag, wait_flag and pipe_barrier go: the compiler orders the pipes itself.
2. After a call that writes a tensor (its destination): a queue's tensor (an auto tensor with a queue, or one
   the kernel's alloc_tensor made) is enqueued (`EnQue`); a GlobalTensor itself needs nothing; any other tensor (a
   TBuf's, a sub-tensor `t[i:]`, a slice of Global Memory) is followed by `PipeBarrier<PIPE_V>`.  The kernel's
   own enque calls go, and its `t = q.deque(...)` names the tensor q allocated (the last alloc_tensor of q).
3. An enqueued tensor is dequeued (`DeQue`) before the next statement that uses it, in the block of the EnQue
   (before the loop or branch that holds that use); when that use comes after the loop or branch that enqueued,
   the EnQue moves after that loop or branch.
4. get_value and set_value are fenced: V_S before, S_V after (`FetchEventID`, `SetFlag`, `WaitFlag`); a loop whose
   body is one set_value is fenced as a whole.
5. The kernel ends with `PipeBarrier<PIPE_ALL>`, which absorbs a PIPE_V right before it.
A helper call counts as the calls inside it (CANN inlines helpers): what they write is synchronized after it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import ir
from ..auto_tensors import AutoTensor, cpp_op
from ..types import ObjT, TensorT

# The Ascend C functions whose destination operand CANN's insert_sync follows (the rest write no tensor it tracks).
DST_OPS = frozenset("""
Abs Acos Acosh Add AddDeqRelu AddRelu AddReluCast Adds And AscendQuant Asin Asinh Atan Atanh Axpy
BilinearInterpolation BlockReduceMax BlockReduceMin BlockReduceSum Cast Ceil ClampMax ClampMin Compare CompareScalar
Cos Cosh CumSum DataCopy DataCopyPad Digamma Div Duplicate Erf Erfc Exp Floor Frac FusedAbsSub FusedExpSub
FusedMulAdd FusedMulAddRelu Gather Gatherb GetCmpMask LeakyRelu Lgamma Ln LoadData Log Max Maxs Min Mins Mul
MulAddDst MulCast Muls Neg Not Or PairReduceSum Power Prelu Reciprocal ReduceMax ReduceMin ReduceSum Relu Round Rsqrt
Scatter Select ShiftLeft ShiftRight Sign SimpleSoftMax Sin Sinh SoftMax Sqrt Sub SubRelu SubReluCast Tan Tanh Trunc
WholeReduceMax WholeReduceMin WholeReduceSum Xor
""".split())
ERASED = frozenset({"set_flag", "wait_flag", "pipe_barrier"})
FENCED = frozenset({"LocalTensor.get_value", "GlobalTensor.get_value", "LocalTensor.set_value",
                    "GlobalTensor.set_value"})

Line = tuple[str, object]
"""An inserted statement: ("enque"|"deque"|"free", (queue's C++ name, tensor symbol)), ("barrier", pipe) or
("fence", hard event)."""


@dataclass(frozen=True)
class _Group:
    """A tensor value insert_sync follows: an auto tensor with a queue, or an alloc_tensor and its deques."""

    key: int
    queue: str


@dataclass
class Plan:
    before: dict[int, list[Line]] = field(default_factory=dict)
    after: dict[int, list[Line]] = field(default_factory=dict)
    block_end: dict[int, list[Line]] = field(default_factory=dict)
    """id of a statement list -> what ends it (the FreeTensor of the auto tensors it created)."""
    dropped: set[int] = field(default_factory=set)
    """ids of the kernel's own statements that are not emitted (rules 1 and 2)."""
    aliases: dict[int, ir.Symbol] = field(default_factory=dict)
    """id of a `t = q.deque(...)` -> the tensor of q's alloc_tensor that it names instead (rule 2)."""
    tail: list[Line] = field(default_factory=list)
    unplaceable: list[tuple[ir.Stmt, ir.Stmt, ir.Symbol]] = field(default_factory=list)
    """(the statement whose write is enqueued, the next use that no dequeue can precede, the tensor): PA507."""

    def uses_pipe(self) -> bool:
        return any(kind == "fence" for lines in self.before.values() for kind, _ in lines)


@dataclass
class _Entry:
    stmt: ir.Stmt
    block: int
    chain: tuple[ir.Stmt, ...]  # the loops and branches around it, outermost first
    blocks: tuple[int, ...]  # the statement list each of them is in


def _flatten(stmts: list[ir.Stmt], block: int, chain: tuple[ir.Stmt, ...], blocks: tuple[int, ...],
             out: list[_Entry]) -> None:
    for s in stmts:
        if isinstance(s, ir.If) and s.static is not None:  # folded at compile time: its branch is inline
            _flatten(s.body if s.static else s.orelse, block, chain, blocks, out)
            continue
        out.append(_Entry(s, block, chain, blocks))
        inner = chain + (s,)
        if isinstance(s, (ir.For, ir.While)):
            _flatten(s.body, id(s.body), inner, blocks + (block,), out)
        elif isinstance(s, ir.If):
            _flatten(s.body, id(s.body), inner, blocks + (block,), out)
            _flatten(s.orelse, id(s.orelse), inner, blocks + (block,), out)


def _queue_call(e: ir.Expr | None, leaf: str) -> str | None:
    """The queue's C++ name when e is `q.<leaf>(...)` on a TQue or TQueBind."""
    if not isinstance(e, ir.Call) or e.api is None or e.api.name.rsplit(".", 1)[-1] != leaf:
        return None
    r = e.receiver
    if isinstance(r, ir.Name) and r.symbol is not None and isinstance(r.type, ObjT) and \
            r.type.cls in ("TQue", "TQueBind"):
        return r.symbol.cpp_name
    return None


def _groups(seq: list[_Entry], autos: dict[int, AutoTensor], p: Plan) -> dict[int, _Group]:
    """The followed tensors by member symbol id; fills p.dropped (enque) and p.aliases (deque)."""
    groups = {key: _Group(key, f"{a.symbol.cpp_name}_que") for key, a in autos.items() if a.queue}
    last_alloc: dict[str, ir.Symbol] = {}
    for entry in seq:
        s = entry.stmt
        if isinstance(s, ir.Assign) and s.target is not None and (q := _queue_call(s.value, "alloc_tensor")):
            last_alloc[q] = s.target
        elif isinstance(s, ir.ExprStmt) and _queue_call(s.expr, "enque"):
            p.dropped.add(id(s))
    for q, alloc in last_alloc.items():
        groups[id(alloc)] = _Group(id(alloc), q)
    for entry in seq:
        s = entry.stmt
        if isinstance(s, ir.Assign) and s.target is not None and (q := _queue_call(s.value, "deque")) and \
                q in last_alloc:
            p.aliases[id(s)] = last_alloc[q]
            groups[id(s.target)] = groups[id(last_alloc[q])]
    return groups


class _Dsts:
    """What the calls of a statement write, classified by rule 2, through helpers."""

    def __init__(self, autos: dict[int, AutoTensor], groups: dict[int, _Group],
                 helpers: dict[str, ir.KernelIR]) -> None:
        self.autos = autos
        self.groups = groups
        self.helpers = helpers

    def of(self, s: ir.Stmt, k: ir.KernelIR, params: dict[int, tuple[ir.Expr, ir.KernelIR]],
           depth: int = 0) -> list[Line]:
        from ..checks import stmt_exprs

        out: list[Line] = []
        for e in stmt_exprs(s):
            if isinstance(e, ir.Call) and cpp_op(e) in DST_OPS:
                dst = e.args.get("dst")
                if isinstance(dst, ir.Expr) and isinstance(dst.type, TensorT):
                    out += self.classify(dst, k, params)
            elif isinstance(e, ir.HelperCall) and e.name in self.helpers and depth < 8:
                h = self.helpers[e.name]
                inner = {id(p): (a, k) for p, a in zip(h.params, e.args, strict=False)}
                inner.update({key: v for key, v in params.items() if key not in inner})
                from ..checks import walk_stmts

                for hs in walk_stmts(h.body):
                    out += self.of(hs, h, inner, depth + 1)
        return out

    def classify(self, dst: ir.Expr, k: ir.KernelIR, params: dict[int, tuple[ir.Expr, ir.KernelIR]]) -> list[Line]:
        if isinstance(dst, ir.Name) and dst.symbol is not None and id(dst.symbol) in params:
            arg, caller = params[id(dst.symbol)]
            return self.classify(arg, caller, params)
        assert isinstance(dst.type, TensorT)
        if isinstance(dst, ir.Name) and dst.symbol is not None:
            group = self.groups.get(id(dst.symbol))
            if group is not None:
                return [("enque", (group.queue, dst.symbol))]
            if dst.type.memory == "global":
                return []
        return [("barrier", "PIPE_V")]


def _uses(s: ir.Stmt, groups: dict[int, _Group], p: Plan) -> dict[int, ir.Symbol]:
    """The followed tensors statement s uses: group key -> the member it names first (a free_tensor, an erased
    enque or a deque that became a name use none: CANN's passes do not count them)."""
    from ..checks import stmt_exprs

    if id(s) in p.dropped or id(s) in p.aliases or \
            (isinstance(s, ir.ExprStmt) and _queue_call(s.expr, "free_tensor")):
        return {}
    out: dict[int, ir.Symbol] = {}
    for e in stmt_exprs(s):
        if isinstance(e, ir.Name) and e.symbol is not None and id(e.symbol) in groups:
            out.setdefault(groups[id(e.symbol)].key, e.symbol)
    return out


def _fenced(s: ir.Stmt) -> bool:
    from ..checks import stmt_exprs

    return any(isinstance(e, ir.Call) and e.api is not None and e.api.name in FENCED for e in stmt_exprs(s))


def _erased(s: ir.Stmt) -> bool:
    return (isinstance(s, ir.ExprStmt) and isinstance(s.expr, ir.Call) and s.expr.api is not None
            and s.expr.api.name in ERASED)


def plan(kernel: ir.KernelIR, autos: dict[int, AutoTensor], helpers: dict[str, ir.KernelIR],
         insert_sync: bool, whole_kernel: bool = True) -> Plan:
    """What the code generator inserts into `kernel`: the auto tensors' FreeTensor always, the rest with
    insert_sync; the final PIPE_ALL only when it is a kernel (not a helper)."""
    p = Plan()
    for a in reversed(list(autos.values())):
        if a.queue:
            block = _block_of(kernel.body, a.assign)
            p.block_end.setdefault(block, []).append(("free", (f"{a.symbol.cpp_name}_que", a.symbol)))
    if not insert_sync:
        return p
    seq: list[_Entry] = []
    _flatten(kernel.body, id(kernel.body), (), (), seq)
    groups = _groups(seq, autos, p)
    dsts = _Dsts(autos, groups, helpers)
    enqueues: list[tuple[int, Line]] = []  # (position in seq, the EnQue)
    fences: dict[int, list[Line]] = {}  # V_S before get/set_value: after the DeQue of its tensor
    uses = [_uses(entry.stmt, groups, p) for entry in seq]
    for i, entry in enumerate(seq):
        s = entry.stmt
        if _erased(s):
            p.dropped.add(id(s))
            continue
        lines = dsts.of(s, kernel, {})
        if _fenced(s):
            loop = entry.chain[-1] if entry.chain else None
            target = loop if (isinstance(loop, ir.For) and len(loop.body) == 1 and _is_set_value(s)) else s
            fences.setdefault(id(target), []).append(("fence", "V_S"))
            p.after.setdefault(id(target), []).append(("fence", "S_V"))
        after = p.after.setdefault(id(s), [])
        for line in lines:
            if after and after[-1] == line == ("barrier", "PIPE_V"):
                continue
            after.append(line)
            if line[0] == "enque":
                enqueues.append((i, line))
    for i, line in enqueues:
        _dequeue(p, seq, uses, groups, i, line)
    for key, lines in fences.items():
        p.before.setdefault(key, []).extend(lines)
    if whole_kernel:
        _finish(p, seq, kernel)
    return p


def _is_set_value(s: ir.Stmt) -> bool:
    return (isinstance(s, ir.ExprStmt) and isinstance(s.expr, ir.Call) and s.expr.api is not None
            and s.expr.api.name.endswith(".set_value"))


def _dequeue(p: Plan, seq: list[_Entry], uses: list[dict[int, ir.Symbol]], groups: dict[int, _Group], i: int,
             line: Line) -> None:
    """Rule 3 for the EnQue `line` after seq[i]."""
    enq = seq[i]
    queue, tensor = line[1]  # type: ignore[misc]
    key = groups[id(tensor)].key
    user = next((j for j in range(i + 1, len(seq)) if key in uses[j]), None)
    if user is None:
        return
    t = seq[user]
    if t.block == enq.block:
        target = t.stmt
    elif enq.block in t.blocks:
        target = t.chain[t.blocks.index(enq.block)]
    else:
        target = t.stmt
        if t.block in enq.blocks:  # used after the loop or branch that enqueued: the EnQue moves after it
            outer = enq.chain[enq.blocks.index(t.block)]
            p.after[id(enq.stmt)].remove(line)
            p.after.setdefault(id(outer), []).append(line)
        else:
            p.unplaceable.append((enq.stmt, t.stmt, uses[user][key]))
    p.before.setdefault(id(target), []).append(("deque", (queue, uses[user][key])))


def _finish(p: Plan, seq: list[_Entry], kernel: ir.KernelIR) -> None:
    """Rule 5: PIPE_ALL at the end; a PIPE_V that the kernel's last statement ends with merges into it."""
    top = [e.stmt for e in seq if e.block == id(kernel.body) and id(e.stmt) not in p.dropped]
    if top and not p.block_end.get(id(kernel.body)):
        last = p.after.get(id(top[-1]), [])
        if last and last[-1] == ("barrier", "PIPE_V"):
            last.pop()
    p.tail.append(("barrier", "PIPE_ALL"))


def _block_of(body: list[ir.Stmt], target: ir.Stmt) -> int:
    """id of the statement list that holds `target` (a folded if's branch counts as the list around the if)."""
    seq: list[_Entry] = []
    _flatten(body, id(body), (), (), seq)
    return next((e.block for e in seq if e.stmt is target), id(body))
