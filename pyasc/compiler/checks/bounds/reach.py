"""What each call touches, one rule for every API from the spec (reads, writes, counted, extent): the count or the
repeat, mask and strides of level-0 forms, DataCopyParams bursts, TBuf pieces, Global Memory windows, helpers at
their calls."""

from __future__ import annotations

from ....language.spec import ApiSpec
from ...diagnostics.model import Diagnostic, Related, Severity, Span
from ...ir import nodes as ir
from ...ir.types import AddrT, ScalarT, TensorT
from ...ir.walk import callee
from .. import summaries
from .apis import _COUNTED, _dtype_of, counted
from .frame import CORE, MAX_DEPTH, _Frame
from .interval import Iv, const, where
from .summary import HelperSummaries
from .values import Addr, Local, Memory, Struct, Value, Window

_BLK = ("_blk_stride", "_block_stride", "_stride")


_REP = ("_rep_stride", "_repeat_stride", "_repeat_size")
"""The spellings of an operand's block and repeat strides in the parameter structs and the calls (as the simulator
reads them)."""


class CallReach(HelperSummaries):
    """{spec['doc']}"""

    # -- calls --------------------------------------------------------------------------------------------------------
    def calls(self, nodes: list[tuple[str | None, ir.Expr]], f: _Frame) -> None:
        """Check the calls of a statement, innermost first."""
        for kind, sub in nodes:
            if kind is None:
                self.helper(sub, f)  # type: ignore[arg-type]
            else:
                self.call(sub, kind, f)  # type: ignore[arg-type]

    def helper(self, call: ir.HelperCall, f: _Frame) -> None:
        found = callee(self.helpers, call)
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
        site = f.site if f.site is not None else (call if foreign else None)
        foreign = foreign or f.foreign
        entry = self.summary_entry(fn, env, site)
        if entry is not None:
            done = summaries.get(fn, "bounds", entry.key)
            if done is not None:
                self.replay(done, entry)  # type: ignore[arg-type]
                return
            self.mark(entry)
        self.depth += 1
        try:
            self.walk(fn.body, _Frame(fn, env, foreign, site, f.quiet))
        finally:
            self.depth -= 1
        if entry is not None:
            summaries.put(fn, "bounds", entry.key, self.summarize(entry))

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
                if array is not None and size is not None:
                    self.window_check(call, r.symbol.name, array, size, f)
            return
        if leaf == "piece":
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

    def window_check(self, call: ir.Call, name: str, array: Addr, size: Iv, f: _Frame) -> None:
        """set_global_buffer past the end of the launch's array (the simulator stops there, PS101)."""
        end = array.off + size
        if not end.exact or end.hi is None or end.hi <= array.length or (self.guarded and end.loop_vars):
            return
        start = end.hi - (size.hi or 0)
        self.report(f, "PA613", call.span, (
            f"{self.iteration(end)}set_global_buffer gives '{name}' {size.hi} elements from element {start} of "
            f"'{array.name}', whose array (the launch's) holds {array.length}: it ends at {end.hi}"
            f"{' when this branch runs' if self.guarded else ''}; on the device its last elements are Global Memory "
            f"that is not this core's (the simulator stops there, PS101); give it at most "
            f"{max(array.length - start, 0)} elements"))

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
        start = end.hi - (n.hi or 0) * d[0]
        leaf = call.api.leaf if call.api is not None else "get"
        self.report(f, "PA614", call.span, (
            f"{self.iteration(end)}{leaf} takes {n.hi} {d[1]} = {n.hi * d[0] if n.hi is not None else 0} bytes of "
            f"'{mem.name}' from byte {start}, to byte {end.hi}, but init_buffer at line {mem.line} gave it "
            f"{mem.nbytes} bytes{' when this branch runs' if self.guarded else ''}: on the device the piece is "
            f"memory of other buffers (the simulator stops there, PS102); take at most "
            f"{max(mem.nbytes - start, 0) // d[0]} {d[1]} from there"))

    def report(self, f: _Frame, code: str, span: Span, message: str, related: tuple[Related, ...] = ()) -> None:
        """A finding at `span` of the function `f` walks, once per place (where _Frame.place puts it: inside a
        helper of another module at the call of it in this file, without the related places of that module); an
        error, or a warning inside a run-time branch."""
        placed = f.place(code, span, message)
        if placed is None:
            return
        once, at, text = placed
        if once in self.reported:
            return
        self.reported.add(once)
        self.sink.add(Diagnostic(code, Severity.WARNING if self.guarded else Severity.ERROR, text, at,
                                 related=related if f.site is None else ()))

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
