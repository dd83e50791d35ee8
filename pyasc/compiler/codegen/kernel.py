"""Typed IR -> Ascend C a CANN engineer would write, with the source map recorded as it is written.

KernelGen generates one kernel or helper specialization: its signature, its parameters and
constexpr values here; statements, expressions and API calls in the mixins of stmts.py, exprs.py
and calls.py; what the compiler adds (auto tensors, insert_sync) in auto.py. The Emitter's
`node(span)` context (text.py) records a mapping segment for whatever is written inside it."""

from __future__ import annotations

import re

from ...language.dtypes import DTYPES
from ...language.dtypes import lookup as dtype_lookup
from ...language.registry import CLASSES
from ...language.spec import REQUIRED
from ..checks.queues import inserts_sync
from ..checks.sync.insert import plan
from ..checks.sync.plan import Plan
from ..ir import nodes as ir
from ..ir.auto_tensors import AutoTensor, auto_symbols, materialize
from ..ir.types import AddrT, ArrayT, DTypeValT, ObjT, ScalarT, StructT, TensorT, TupleT
from ..syntax.cppnames import impl_name
from .auto import AutoEmit
from .calls import QUEUES, CallEmit
from .exprs import ExprEmit
from .params import UNUSED, by_value, maybe_unused, set_up_in_place
from .sourcemap import Code, MapFlag, Segment
from .stmts import StmtEmit
from .text import INDENT, OUT, Emitter, TypeNamer, cpp_literal, default_cpp, enum_cpp


class KernelGen(StmtEmit, ExprEmit, CallEmit, AutoEmit):
    """Generates one kernel or helper specialization."""

    def __init__(self, kernel: ir.KernelIR, namer: TypeNamer | None = None,
                 helpers: dict[str, ir.KernelIR] | None = None, variant: tuple[str, Plan] | None = None,
                 callees: dict[str, ir.KernelIR] | None = None) -> None:
        self.k = kernel
        self.variant = variant
        """A helper synchronized inside for the calls that need it (sync/frames.py): its C++ name and plan."""
        self.helpers = helpers or {}
        self.in_place = set_up_in_place(kernel, callees if callees is not None else self.helpers)
        """The helper's tensor parameters it sets up in place (taken by reference; every other one by value)."""
        self.e = Emitter(kernel.name)
        self.types = namer or TypeNamer()
        self.types.avoid.update(s.cpp_name for s in kernel.symbols)
        self.mask_names: dict[int, str] = {}
        self.mask_counter = 0
        self.out_names: dict[int, str] = {}
        """Calls whose result is an out-argument (`{out:T}`), emitted before their statement: id -> variable."""
        self._out_name = ""
        self._out_targets: list[str] = []
        self.statement_text: dict[int, str] = {}
        self.autos: dict[int, AutoTensor] = {}
        """The buffers of the kernel's LocalTensorAuto tensors (auto_tensors.py), by symbol id."""
        self.sync = Plan()
        """What insert_sync adds (sync/insert.py), and the auto tensors' FreeTensor."""
        self.hoisted: dict[int, list[AutoTensor]] = {}
        self.pipe_name = "auto_pipe"
        self.pipe_access = "."
        self.events = 0
        self._typed_address_wanted = False
        self._in_template = False
        self._constexpr_value = False
        """Writing the call that makes a compile-time record (get_normal_config()): its arguments are constants."""
        """Whether the placeholder being expanded is inside a template's angle brackets (`Adds<{T}, {is_set_mask}>`)."""
        self._tail: frozenset[str] = frozenset()
        self.value_params: dict[int, dict[str, str]] = {}
        """A helper's queue parameters whose depth is not known here (a kernel's ConstExpr with no value): symbol id
        -> {template argument: the helper's deduced template parameter}, `TQue<pos, depth_q>& q`."""
        self.type_params: dict[int, str] = {}
        """A helper's Matmul parameters, by symbol id: the deduced template parameter that is its type (`MM_T& mm`),
        as each kernel that calls the helper may build its Matmul from other types and configuration."""

    # -- top level --------------------------------------------------------------------------------------------------
    def generate(self) -> Code:
        body = Emitter(self.k.name)
        saved, self.e = self.e, body
        self.e.depth = 1
        if self.k.kind == "kernel":
            self.constexpr_params()
            self.struct_copies()
        else:
            self.value_params = {id(p): {k: f"{k}_{p.cpp_name}" for k, v in p.type.args.items() if v is None}
                                 for p in self.k.params if isinstance(p.type, ObjT) and p.type.cls in QUEUES}
            self.value_params = {k: v for k, v in self.value_params.items() if v}
            self.type_params = {id(p): f"{p.cpp_name.upper()}_T" for p in self.k.params
                                if isinstance(p.type, ObjT) and p.type.cls == "adv.Matmul"}
        kernel = self.k.kind == "kernel"
        # a helper that makes auto tensors synchronizes them itself (CANN inlines it into a kernel that inserts sync)
        insert_sync = inserts_sync(self.k, self.helpers) if kernel else bool(auto_symbols(self.k))
        if self.variant is not None:
            self.sync = self.variant[1]
        else:
            self.autos = materialize(self.k, self.helpers, insert_sync)
            self.sync = plan(self.k, self.autos, self.helpers, insert_sync, whole_kernel=kernel)
        for a in self.autos.values():
            if a.hoist_before is not None:
                self.hoisted.setdefault(id(a.hoist_before), []).append(a)
        if self.autos or self.sync.uses_pipe():
            pipes = [sym for sym in self.k.symbols if sym.kind == "pipe"]
            if pipes:
                self.pipe_name = pipes[0].cpp_name
            elif self.variant is not None:
                self.pipe_name, self.pipe_access = "GetTPipePtr()", "->"  # a helper fences on the kernel's pipe
            else:
                self.boiler_lines([f"AscendC::TPipe {self.pipe_name};"])
        self.block(self.k.body)
        self.sync_lines(self.sync.block_end.get(id(self.k.body), []) + self.sync.tail)
        self.e = saved
        params = self.cpp_params()
        inner = body.code()
        decls = [maybe_unused(self.param_decl(p), inner.text) for p in params]
        queue_decls = [f"{t if isinstance(t, str) else self.types.of(t)}& {n}" for n, t in self.sync.queue_params]
        generic = sorted(set(self.types.generic.values()))
        values = [n for p in params for n in self.value_params.get(id(p), {}).values()]
        classes = [self.type_params[id(p)] for p in params if id(p) in self.type_params]
        is_kernel = self.k.kind == "kernel"
        name = self.k.name
        if generic or values or classes:
            heads = [f"typename {g}" for g in generic] + [f"int32_t {v}" for v in values] + [
                f"class {c}" for c in classes]
            self.e.boiler("template <" + ", ".join(heads) + ">\n")
        if is_kernel and generic:
            sig_name = impl_name(name)
            self.e.boiler("__aicore__ inline void ")
        elif is_kernel:
            sig_name = name
            self.e.boiler('extern "C" __global__ __aicore__ void ')
        else:
            sig_name = self.variant[0] if self.variant is not None else name
            ret = self.types.of(self.k.returns) if self.k.returns is not None and not isinstance(
                self.k.returns, (TupleT, ArrayT)) else "void"
            self.e.boiler(f"__aicore__ inline {ret} ")
        with self.e.node(self.k.name_span, MapFlag.ALL_STATEMENT):
            self.e.write(sig_name)
        self.e.boiler("(")
        for i, (p, decl) in enumerate(zip(params, decls, strict=True)):
            if i:
                self.e.boiler(", ")
            with self.e.node(p.def_span):
                self.e.write(decl)
        for i, decl in enumerate(queue_decls):
            self.e.boiler((", " if params or i else "") + decl)
        if isinstance(self.k.returns, TupleT):  # a tuple result is written into out-parameters
            for i, t in enumerate(self.k.returns.items):
                self.e.boiler((", " if params or queue_decls or i else "") + f"{self.types.of(t)}& {OUT}{i}")
        if isinstance(self.k.returns, ArrayT):  # an array result is written into the caller's array
            r = self.k.returns
            self.e.boiler((", " if params or queue_decls else "") +
                          f"{self.types.dtype(r.dvar)} {OUT}0[{r.length if r.length is not None else ''}]")
        self.e.boiler(") {\n")
        # splice the body in, shifting its segments
        offset = self.e.length
        self.e.write(inner.text)
        self.e.segments.extend(Segment(s.cpp_start + offset, s.cpp_end + offset, s.python, s.flags, s.kernel)
                               for s in inner.segments)
        self.e.boilerplate.extend((a + offset, b + offset) for a, b in inner.boilerplate)
        self.e.boiler("}\n")
        if is_kernel and generic:
            args = ", ".join(p.cpp_name + ("_gm" if isinstance(p.type, StructT) else "") for p in params)
            for entry, types in self.entries(generic):
                self.e.boiler('\nextern "C" __global__ __aicore__ void ')
                with self.e.node(self.k.name_span, MapFlag.NAVIGATION):
                    self.e.write(entry)
                self.e.boiler("(" + ", ".join(d.removeprefix(UNUSED) for d in decls) + ") {\n")
                self.e.boiler(f"{INDENT}{impl_name(name)}<" + ", ".join(types) + f">({args});\n}}\n")
        return self.e.code()

    def entries(self, generic: list[str]) -> list[tuple[str, list[str]]]:
        """The `extern "C"` entries of a generic kernel: (name, template arguments).  Without a launch that fixes
        a dtype, one entry instantiated with DTYPE; else one per distinct signature of the file's launches (CANN
        compiles one kernel per signature), the first under the kernel's name, the others suffixed with their
        dtypes (`k_float16`); a template parameter no launch fixes is DTYPE."""
        if not self.k.launches:
            return [(self.k.name, ["DTYPE" for _ in generic])]
        owners: dict[str, list[str]] = {}  # template parameter -> the GM parameters of that dtype
        for p in self.k.params:
            if isinstance(p.type, (AddrT, TensorT)) and id(p.type.dvar.find()) in self.types.generic:
                owners.setdefault(self.types.generic[id(p.type.dvar.find())], []).append(p.name)
        out: list[tuple[str, list[str]]] = []
        seen: set[tuple[str, ...]] = set()
        for launch in self.k.launches:
            given = dict(launch)
            names = [next((given[p] for p in owners.get(g, []) if p in given), None) for g in generic]
            key = tuple(n or "DTYPE" for n in names)
            if key in seen:
                continue
            seen.add(key)
            types = [DTYPES[n].cpp if n is not None else "DTYPE" for n in names]
            entry = self.k.name if not out else "_".join((self.k.name,) + key)
            out.append((entry, types))
        return out

    def cpp_params(self) -> list[ir.Symbol]:
        """The parameters of the C++ function: a kernel's ConstExpr parameters are constexprs of its body."""
        if self.k.kind != "kernel":
            return self.k.params
        return [p for p in self.k.params if not p.constexpr]

    def constexpr_params(self) -> None:
        """`n: asc.ConstExpr[int]` is `constexpr int32_t n = <value>;` (a DataType one is the dtype itself)."""
        for p in self.k.params:
            if not p.constexpr or not isinstance(p.type, ScalarT):
                continue
            d = p.type.dvar.value
            ctype = d.cpp if d is not None else "int32_t"
            value = p.const_value if p.const_value is not None else 0
            with self.e.node(p.def_span, MapFlag.ALL_STATEMENT):
                self.e.indent()
                self.e.write(f"constexpr {ctype} {p.cpp_name} = {cpp_literal(value, ctype)};\n")

    def struct_copies(self) -> None:
        """A struct parameter of a kernel arrives as a Global Memory pointer: it is copied into a local struct."""
        for p in self.k.params:
            if not isinstance(p.type, StructT):
                continue
            cpp, name = p.type.struct.cpp, p.cpp_name
            with self.e.node(p.def_span, MapFlag.ALL_STATEMENT):
                self.e.indent()
                self.e.write(f"{cpp} {name};\n")
                self.e.indent()
                self.e.write(f"for (uint32_t i = 0; i < sizeof({cpp}); ++i) {{\n")
                self.e.indent()
                self.e.write(f"{INDENT}reinterpret_cast<uint8_t*>(&{name})[i] = "
                             f"reinterpret_cast<__gm__ uint8_t*>({name}_gm)[i];\n")
                self.e.indent()
                self.e.write("}\n")

    def param_decl(self, p: ir.Symbol) -> str:
        t = p.type
        if isinstance(t, ArrayT):  # the caller's asc.array itself (C passes an array by its address)
            return f"{self.types.dtype(t.dvar)} {p.cpp_name}[{t.length if t.length is not None else ''}]"
        if isinstance(t, StructT):
            return f"GM_ADDR {p.cpp_name}_gm" if self.k.kind == "kernel" else f"{t.struct.cpp}& {p.cpp_name}"
        if isinstance(t, AddrT):
            return f"GM_ADDR {p.cpp_name}"
        if isinstance(t, TensorT) and self.k.kind != "helper":
            return f"GM_ADDR {p.cpp_name}"
        if isinstance(t, TensorT):
            # A tensor is a handle (an address and a length), copied as CANN's own C++ copies every slice: by value
            # a slice binds (`fill(t[i * TILE])`), re-binding it is local as in Python, and Ascend C's non-const
            # members (FreeTensor's LocalTensor<T>&) still take it. Only one the helper sets up in place (its
            # buffer, size or shape) is the caller's own object.
            return f"{self.types.of(t)}{'&' if id(p) in self.in_place else ''} {p.cpp_name}"
        if isinstance(t, ObjT) and id(p) in self.type_params:
            return f"{self.type_params[id(p)]}& {p.cpp_name}"
        if isinstance(t, ObjT) and by_value(t):
            return f"{self.obj_type(t, None, self.value_params.get(id(p)))} {p.cpp_name}"
        if isinstance(t, ObjT):
            return f"{self.obj_type(t, None, self.value_params.get(id(p)))}& {p.cpp_name}"
        return f"{self.types.of(t) if not isinstance(t, ScalarT) or t.dvar.value else 'int32_t'} {p.cpp_name}"

    def obj_type(self, t: ObjT, construct: ir.Construct | None, given: dict[str, str] | None = None) -> str:
        """C++ type of a kernel object, filling template arguments from its constructor call (`given` overrides the
        text of some: a Matmul's configuration hoisted into a variable)."""

        spec = CLASSES.get(t.cls)
        if spec is None:
            return t.cls
        tpl = spec.cpp_by_position.get(str(t.args.get("pos")), spec.cpp)
        args: dict[str, str] = {}
        if construct is not None and construct.overload is not None:
            for p in construct.overload.params:
                if p.name == "self":
                    continue
                a = construct.args.get(p.name)
                if a is not None and isinstance(a.type, DTypeValT):  # `{dtype:type}`: the element type it names
                    args[f"{p.name}:type"] = self.types.dtype(a.type.dvar)
                if isinstance(a, ir.EnumMember) and p.default == f"{a.enum}.{a.member}":
                    args[p.name] = default_cpp(p.default)  # its C++ default: `{,p}` leaves it out
                elif a is not None:
                    args[p.name] = args[f",{p.name}"] = (given or {}).get(p.name) or self.expr_text(a)
                elif p.default is not REQUIRED and p.kind == "DataType" and isinstance(p.default, str):
                    dtype = dtype_lookup(p.default)  # `dtype: DataType = float32` -> float
                    args[f"{p.name}:type"] = args[p.name] = dtype.cpp if dtype is not None else p.default
                elif p.default is not REQUIRED:
                    args[p.name] = default_cpp(p.default)
        else:
            for k, v in t.args.items():
                args[k] = (given or {}).get(k) or (enum_cpp("TPosition", str(v)) if k in ("pos", "src", "dst") and
                                                   isinstance(v, str) else str(v))
        if "T" in t.dvars:  # a struct typed by the tensors it is used with: LoadData3DParamsV2<half>
            args["T"] = self.types.dtype(t.dvars["T"])
        # `{,p}`: `, <p>` for a template argument passed explicitly (Matmul's bias type), nothing otherwise;
        # `{,p=q}`: a positional one that takes q's argument (or the C++ text q) when omitted before a later one
        # that was passed
        later = False
        for m in reversed(list(re.finditer(r"\{,(\w+)(?:=([^{}]+))?\}", tpl))):
            name, fallback = m.groups()
            text = args.get("," + name)
            if text is None and later and fallback is not None:
                text = args.get(fallback, fallback)
            later = later or text is not None
            tpl = tpl[:m.start()] + (f", {text}" if text is not None else "") + tpl[m.end():]
        return re.sub(r"\{(\w+(?::type)?)\}", lambda m: args.get(m.group(1), m.group(0)), tpl)
