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

from ...diagnostics.model import DiagnosticSink, Related, Span
from ...ir import nodes as ir
from ...ir.types import AddrT, ScalarT
from .apis import _dtype_of
from .flow import FlowWalk
from .frame import _Frame
from .interval import Iv, const
from .launch import ARRAY
from .reach import CallReach
from .values import Addr, Global, Local, Memory, Value, Window


class BoundsChecker(FlowWalk, CallReach):
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
            leaf = e.api.leaf
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
        self.report(f, code, call.span, self.message(call, param, arg, view, count, end, limit, leaf, in_array),
                    (Related(arg.span, f"the {param} operand"),))

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
