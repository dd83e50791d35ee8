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
A helper's statements count where its call runs them (CANN inlines helpers): they are synchronized inside the
helper, per call (frames.py); the queues of the caller's tensors it needs are passed to it after its arguments.  A
helper that makes auto tensors of its own synchronizes itself, and what it writes of the caller's is synchronized
after its call.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...ir import nodes as ir
from ...ir.auto_tensors import AutoTensor, auto_symbols, cpp_op
from ...ir.types import ObjT, TensorT
from ...ir.walk import callee
from .frames import Frame, Group, GroupKey, group_of, helper_frame, name_variants, queue_name, resolve
from .plan import Line, Plan, QueueType

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

@dataclass
class _Entry:
    """A statement of the flattened kernel, with the loops and branches around it."""

    stmt: ir.Stmt
    block: object  # the statement list it is in (a helper's top level is its call's list, as CANN inlines it)
    chain: tuple[ir.Stmt, ...]  # the loops and branches around it, outermost first
    blocks: tuple[object, ...]  # the statement list each of them is in
    frame: Frame
    frames: tuple[Frame, ...]  # the frame each of them is in


class _Seq:
    """The kernel's statements in order, each helper call followed by the helper's statements (when inlined)."""

    def __init__(self, helpers: dict[str, ir.KernelIR], groups: dict[GroupKey, Group], inline: bool) -> None:
        self.helpers = helpers
        self.groups = groups
        self.inline = inline
        self.out: list[_Entry] = []

    def inlined(self, e: ir.Expr, frame: Frame) -> ir.KernelIR | None:
        """The helper a call runs inline (one that makes no auto tensor of its own: that one synchronizes itself)."""
        if not self.inline or not isinstance(e, ir.HelperCall) or frame.depth >= 8:
            return None
        h = callee(self.helpers, e)
        return h if h is not None and not auto_symbols(h) else None

    def flatten(self, stmts: list[ir.Stmt], block: object, chain: tuple[ir.Stmt, ...], blocks: tuple[object, ...],
                frame: Frame, frames: tuple[Frame, ...]) -> None:
        from ...ir.walk import stmt_exprs

        for s in stmts:
            if isinstance(s, ir.If) and s.static is not None:  # folded at compile time: its branch is inline
                self.flatten(s.body if s.static else s.orelse, block, chain, blocks, frame, frames)
                continue
            self.out.append(_Entry(s, block, chain, blocks, frame, frames))
            for e in stmt_exprs(s):
                h = self.inlined(e, frame)
                if h is not None:
                    assert isinstance(e, ir.HelperCall)
                    inner = helper_frame(frame, e, h, self.groups)
                    inner.plan = Plan()
                    self.allocated(inner, h)
                    self.flatten(h.body, block, chain, blocks, inner, frames)
            inner_chain = chain + (s,)
            for body in _bodies(s):
                key = id(body) if frame.parent is None else (id(frame), id(body))
                self.flatten(body, key, inner_chain, blocks + (block,), frame, frames + (frame,))


    def allocated(self, frame: Frame, h: ir.KernelIR) -> None:
        """A tensor the helper allocates from a queue is followed as a kernel's is, unless the helper enqueues or
        dequeues that queue by hand (CANN's pairs those with uses in other helpers, which only inlined code can
        name: the helper's own calls are kept)."""
        stmts = _folded(h.body)
        by_hand = {q for s in stmts if isinstance(s, ir.ExprStmt) and (q := _queue_call(s.expr, "enque"))}
        by_hand |= {q for s in stmts if isinstance(s, ir.Assign) and (q := _queue_call(s.value, "deque"))}
        for s in stmts:
            if isinstance(s, ir.Assign) and s.target is not None and \
                    (q := _queue_call(s.value, "alloc_tensor")) and q not in by_hand:
                assert isinstance(s.value, ir.Call) and s.value.receiver is not None
                key = (id(frame), id(s.target))
                self.groups[key] = Group(key, q, s.value.receiver.type, id(frame))


def _bodies(s: ir.Stmt) -> list[list[ir.Stmt]]:
    if isinstance(s, (ir.For, ir.While)):
        return [s.body]
    if isinstance(s, ir.If):
        return [s.body, s.orelse]
    return []


def _queue_call(e: ir.Expr | None, leaf: str) -> str | None:
    """The queue's C++ name when e is `q.<leaf>(...)` on a TQue or TQueBind."""
    if not isinstance(e, ir.Call) or e.api is None or e.api.leaf != leaf:
        return None
    r = e.receiver
    if isinstance(r, ir.Name) and r.symbol is not None and isinstance(r.type, ObjT) and \
            r.type.cls in ("TQue", "TQueBind"):
        return r.symbol.cpp_name
    return None


def _groups(k: ir.KernelIR, autos: dict[int, AutoTensor], p: Plan) -> dict[GroupKey, Group]:
    """The followed tensors by member symbol id; fills p.dropped (enque) and p.aliases (deque)."""
    groups = {key: Group(key, f"{a.symbol.cpp_name}_que", f"AscendC::TQue<AscendC::TPosition::{a.position}, 1>")
              for key, a in autos.items() if a.queue}
    last_alloc: dict[str, tuple[ir.Symbol, QueueType]] = {}
    stmts = _folded(k.body)
    for s in stmts:
        if isinstance(s, ir.Assign) and s.target is not None and (q := _queue_call(s.value, "alloc_tensor")):
            assert isinstance(s.value, ir.Call) and s.value.receiver is not None
            last_alloc[q] = (s.target, s.value.receiver.type)
        elif isinstance(s, ir.ExprStmt) and _queue_call(s.expr, "enque"):
            p.dropped.add(id(s))
    for q, (alloc, qtype) in last_alloc.items():
        groups[id(alloc)] = Group(id(alloc), q, qtype)
    for s in stmts:
        if isinstance(s, ir.Assign) and s.target is not None and (q := _queue_call(s.value, "deque")) and \
                q in last_alloc:
            p.aliases[id(s)] = last_alloc[q][0]
            groups[id(s.target)] = groups[id(last_alloc[q][0])]
    return groups


class _Dsts:
    """What the calls of a statement write, classified by rule 2; a helper that is not inlined counts as the calls
    inside it, synchronized after its call."""

    def __init__(self, seq: _Seq) -> None:
        self.seq = seq

    def of(self, s: ir.Stmt, frame: Frame, at: Frame | None = None) -> list[tuple[Line, GroupKey | None, ir.Expr]]:
        """(line, group key, the tensor as `at` names it) for each write; `at` is the frame the lines go into."""
        from ...ir.walk import stmt_exprs, walk_stmts

        at = at or frame
        out: list[tuple[Line, GroupKey | None, ir.Expr]] = []
        for e in stmt_exprs(s):
            if isinstance(e, ir.Call) and cpp_op(e) in DST_OPS:
                dst = e.args.get("dst")
                if isinstance(dst, ir.Expr) and isinstance(dst.type, TensorT):
                    out += self.classify(dst, frame, at)
            elif isinstance(e, ir.HelperCall) and (h := callee(self.seq.helpers, e)) is not None and \
                    frame.depth < 8 and self.seq.inlined(e, frame) is None:
                inner = Frame(h, e, frame, {id(p): a for p, a in zip(h.params, e.args, strict=False)})
                for hs in walk_stmts(h.body):
                    out += self.of(hs, inner, at)
        return out

    def classify(self, dst: ir.Expr, frame: Frame, at: Frame) -> list[tuple[Line, GroupKey | None, ir.Expr]]:
        named, _ = resolve(dst, frame, at)
        key = group_of(dst, frame, self.seq.groups)
        if key is not None and isinstance(named, ir.Name) and named.symbol is not None:
            return [(("enque", (queue_name(key, at, self.seq.groups), named.symbol)), key, named)]
        assert isinstance(dst.type, TensorT)
        if isinstance(named, ir.Name) and dst.type.memory == "global":
            return []
        return [(("barrier", "PIPE_V"), None, dst)]


def _uses(entry: _Entry, seq: _Seq) -> dict[GroupKey, ir.Expr]:
    """The followed tensors a statement uses: group key -> the name it uses first (a free_tensor, an erased
    enque or a deque that became a name use none, as CANN's passes do not count them; nor does handing a tensor to
    a helper that is inlined, whose statements are the uses)."""
    from ...ir.walk import stmt_exprs

    s, frame = entry.stmt, entry.frame
    assert frame.plan is not None
    if id(s) in frame.plan.dropped or id(s) in frame.plan.aliases or \
            (isinstance(s, ir.ExprStmt) and _queue_call(s.expr, "free_tensor")):
        return {}
    passed = {id(a) for e in stmt_exprs(s) if seq.inlined(e, frame) is not None
              for a in e.args if isinstance(a, ir.Name)}  # type: ignore[attr-defined]
    out: dict[GroupKey, ir.Expr] = {}
    for e in stmt_exprs(s):
        if isinstance(e, ir.Name) and e.symbol is not None and id(e) not in passed:
            key = group_of(e, frame, seq.groups)
            if key is not None:
                out.setdefault(key, e)
    return out


def _fenced(s: ir.Stmt) -> bool:
    from ...ir.walk import stmt_exprs

    return any(isinstance(e, ir.Call) and e.api is not None and e.api.name in FENCED for e in stmt_exprs(s))


def _erased(s: ir.Stmt) -> bool:
    return (isinstance(s, ir.ExprStmt) and isinstance(s.expr, ir.Call) and s.expr.api is not None
            and s.expr.api.name in ERASED)


@dataclass
class _Enq:
    at: int  # position in the sequence
    line: Line
    key: GroupKey
    tensor: ir.Expr  # as the enqueuing frame names it


def plan(kernel: ir.KernelIR, autos: dict[int, AutoTensor], helpers: dict[str, ir.KernelIR],
         insert_sync: bool, whole_kernel: bool = True) -> Plan:
    """What the code generator inserts into `kernel`: the auto tensors' FreeTensor always, the rest with
    insert_sync; the final PIPE_ALL only when it is a kernel (not a helper).  In a kernel, a helper's statements
    are synchronized where each call runs them (frames.py)."""
    p = Plan()
    for a in reversed(list(autos.values())):
        if a.queue:
            block = _block_of(kernel.body, a.assign)
            p.block_end.setdefault(block, []).append(("free", (f"{a.symbol.cpp_name}_que", a.symbol)))
    if not insert_sync:
        return p
    groups = _groups(kernel, autos, p)
    root = Frame(kernel, plan=p)
    seq = _Seq(helpers, groups, inline=whole_kernel)
    seq.flatten(kernel.body, id(kernel.body), (), (), root, ())
    entries = seq.out
    dsts = _Dsts(seq)
    enqueues: list[_Enq] = []
    fences: list[tuple[Frame, int]] = []  # V_S before get/set_value: after the DeQue of its tensor
    uses = [_uses(entry, seq) for entry in entries]
    for i, entry in enumerate(entries):
        s, fp = entry.stmt, entry.frame.plan
        assert fp is not None
        if _erased(s):
            fp.dropped.add(id(s))
            continue
        if _fenced(s):
            loop = entry.chain[-1] if entry.chain else None
            whole = isinstance(loop, ir.For) and len(loop.body) == 1 and _is_set_value(s) and \
                entry.frames[-1] is entry.frame  # the loop's one statement is this one, not a call of a helper
            target, tp = (loop, entry.frames[-1].plan) if whole else (s, fp)
            assert target is not None and tp is not None
            fences.append((entry.frames[-1] if whole else entry.frame, id(target)))
            tp.after.setdefault(id(target), []).append(("fence", "S_V"))
        after = fp.after.setdefault(id(s), [])
        for line, key, tensor in dsts.of(s, entry.frame):
            if after and after[-1] == line == ("barrier", "PIPE_V"):
                continue
            after.append(line)
            if key is not None:
                enqueues.append(_Enq(i, line, key, tensor))
    for enq in enqueues:
        _dequeue(entries, uses, groups, enq)
    for frame, key in fences:
        assert frame.plan is not None
        frame.plan.before.setdefault(key, []).append(("fence", "V_S"))
    if whole_kernel:
        _finish(p, entries, kernel)
        p.variants, p.plain = name_variants(root, groups)
    return p


def _dequeue(seq: list[_Entry], uses: list[dict[GroupKey, ir.Expr]], groups: dict[GroupKey, Group], enq: _Enq) -> None:
    """Rule 3 for an EnQue: its DeQue before the next use (the loop or branch of it in the EnQue's block)."""
    e = seq[enq.at]
    user = next((j for j in range(enq.at + 1, len(seq)) if enq.key in uses[j]), None)
    if user is None:
        return
    t = seq[user]
    where = t.frame
    if t.block == e.block:
        target = t.stmt
    elif e.block in t.blocks:
        index = t.blocks.index(e.block)
        target, where = t.chain[index], t.frames[index]
    else:
        target = t.stmt
        if t.block in e.blocks:  # used after the loop or branch that enqueued: the EnQue moves after it
            index = e.blocks.index(t.block)
            outer, there = e.chain[index], e.frames[index]
            assert e.frame.plan is not None and there.plan is not None
            e.frame.plan.after[id(e.stmt)].remove(enq.line)
            named, _ = resolve(enq.tensor, e.frame, there)
            assert isinstance(named, ir.Name) and named.symbol is not None
            there.plan.after.setdefault(id(outer), []).append(
                ("enque", (queue_name(enq.key, there, groups), named.symbol)))
        else:
            used = uses[user][enq.key]
            assert isinstance(used, ir.Name) and used.symbol is not None and seq[0].frame.plan is not None
            seq[0].frame.plan.unplaceable.append((e.stmt, t.stmt, used.symbol))  # the kernel's plan reports them
    named, _ = resolve(uses[user][enq.key], t.frame, where)
    assert isinstance(named, ir.Name) and named.symbol is not None and where.plan is not None
    where.plan.before.setdefault(id(target), []).append(("deque", (queue_name(enq.key, where, groups),
                                                                   named.symbol)))


def _finish(p: Plan, seq: list[_Entry], kernel: ir.KernelIR) -> None:
    """Rule 5: PIPE_ALL at the end; a PIPE_V that the kernel's last statement ends with merges into it."""
    top = [e for e in seq if e.block == id(kernel.body) and e.frame.plan is not None
           and id(e.stmt) not in e.frame.plan.dropped]
    if top and not p.block_end.get(id(kernel.body)):
        last_plan = top[-1].frame.plan
        assert last_plan is not None
        last = last_plan.after.get(id(top[-1].stmt), [])
        if last and last[-1] == ("barrier", "PIPE_V"):
            last.pop()
    p.tail.append(("barrier", "PIPE_ALL"))


def _is_set_value(s: ir.Stmt) -> bool:
    return (isinstance(s, ir.ExprStmt) and isinstance(s.expr, ir.Call) and s.expr.api is not None
            and s.expr.api.name.endswith(".set_value"))


def _folded(body: list[ir.Stmt]) -> list[ir.Stmt]:
    """The statements of a body, nested ones too, with each if folded at compile time replaced by its branch."""
    out: list[ir.Stmt] = []
    for s in body:
        if isinstance(s, ir.If) and s.static is not None:
            out += _folded(s.body if s.static else s.orelse)
            continue
        out.append(s)
        for inner in _bodies(s):
            out += _folded(inner)
    return out


def _block_of(body: list[ir.Stmt], target: ir.Stmt, block: int | None = None) -> int:
    """id of the statement list that holds `target` (a folded if's branch counts as the list around the if)."""
    here = id(body) if block is None else block
    for s in body:
        if s is target:
            return here
        if isinstance(s, ir.If) and s.static is not None:
            found = _block_of(s.body if s.static else s.orelse, target, here)
        else:
            found = next((b for inner in _bodies(s) if (b := _block_of(inner, target, id(inner))) != -1), -1)
        if found != -1:
            return found
    return -1 if block is not None else here
