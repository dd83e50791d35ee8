"""Statements of a kernel or helper: assignments, loops, branches, C arrays, parameter structs."""

from __future__ import annotations

from ...language.registry import CLASSES
from ..diagnostics.model import Span
from ..ir import nodes as ir
from ..ir.auto_tensors import is_auto
from ..ir.types import AddrT, ArrayT, ObjT, ScalarT, StrT, StructT, TensorT, TupleT, Type
from ..ir.walk import stmt_exprs
from ..syntax.cppnames import free_name
from .calls import C_NUMBERS, OUT_ARG, array_kind, list_element_type, same_item, tests_dtypes
from .sourcemap import MapFlag
from .text import OUT, is_constexpr


class StmtEmit:
    """Mixed into KernelGen (kernel.py), which holds the state it reads."""

    # -- statements -------------------------------------------------------------------------------------------------
    def block(self, stmts: list[ir.Stmt]) -> None:
        for s in stmts:
            self.stmt(s)

    def stmt(self, s: ir.Stmt) -> None:
        if isinstance(s, ir.Pass):
            return
        if isinstance(s, ir.Unrolled):
            self.e.indent()
            self.e.boiler(f"// {s.var} = {s.value} (asc.static_range, unrolled)\n")
        if isinstance(s, ir.If) and s.static is not None:
            self.block(s.body if s.static else s.orelse)
            return
        if isinstance(s, ir.ExprStmt) and isinstance(s.expr, ir.Const) and s.expr.value is None:
            return  # a compile-time statement (asc.static_assert, a bare None): nothing runs on the device
        if isinstance(s, ir.ExprStmt) and isinstance(s.expr, ir.ArrayNew):
            return  # an asc.array no name holds: nothing reads it (CANN's unused alloca goes too)
        if isinstance(s, ir.ExprStmt) and isinstance(s.expr, ir.Call) and s.expr.overload is not None and \
                s.expr.overload.cpp == "":
            return  # a form CANN's pyasc writes no C++ for (PA508)
        if id(s) in self.sync.dropped:
            return  # insert_sync orders the pipes itself: the kernel's own flags and barriers go
        for a in sorted(self.hoisted.get(id(s), []), key=lambda a: a.queue):
            self.auto_buffer(a)
        self.sync_lines(self.sync.before.get(id(s), []))
        auto = self.autos.get(id(s.target)) if isinstance(s, ir.Assign) and s.target is not None else None
        if auto is not None and auto.assign is s and auto.hoist_before is not None and not auto.queue:
            return  # its TBuf was declared before the loop or branch
        self.declare_masks(s)
        if self.hoist_out_calls(s):
            return
        self.e.indent()
        start = self.e.length
        with self.e.node(s.span, MapFlag.ALL_STATEMENT):
            self._stmt(s)
        self.statement_text[id(s)] = self.e.text_since(start)
        self.e.newline()
        if isinstance(s, (ir.For, ir.While, ir.If)):
            self.close_compound(s)
        self.sync_lines(self.sync.after.get(id(s), []))

    def boiler_lines(self, lines: list[str]) -> None:
        """Statements the compiler adds (the synchronization of auto tensors): mapped to no Python line."""
        for line in lines:
            self.e.indent()
            self.e.boiler(line)
            self.e.newline()

    def _stmt(self, s: ir.Stmt) -> None:
        e = self.e
        if isinstance(s, ir.Assign) and s.declare and isinstance(s.value, ir.ArrayNew) and s.target is not None:
            self.array_declaration(s, s.value)
            return
        if isinstance(s, ir.Assign) and s.declare and isinstance(s.value, ir.HelperCall) and \
                isinstance(s.value.type, ArrayT) and s.target is not None:
            self.array_result(s.value, s.target.cpp_name, s.target_span)  # `int32_t a[2]; make(n, a);`
            return
        if isinstance(s, ir.ExprStmt) and isinstance(s.expr, ir.HelperCall) and isinstance(s.expr.type, ArrayT):
            e.write("{ ")
            self.array_result(s.expr, "unused_0", None)
            e.write(" }")
            return
        if isinstance(s, ir.Return) and s.value is not None and isinstance(s.value.type, ArrayT):
            self.array_return(s.value)
            return
        if isinstance(s, ir.ItemAssign) and s.target is not None and s.value is not None:
            self.expr(s.target)
            v = s.value
            item = s.target
            if isinstance(v, ir.BinOp) and isinstance(v.left, ir.ArrayItem) and v.right is not None and \
                    v.op in ("+", "-", "*", "&", "|", "^", "<<", ">>") and same_item(v.left, item):
                e.write(f" {v.op}= ")  # `offs[1] += n`: the element's own operation, as the Python wrote it
                self.expr(v.right)
            else:
                e.write(" = ")
                self.expr(v)
            e.write(";")
            return
        if isinstance(s, ir.Assign) and s.target is not None and s.value is not None:
            v = s.value
            if s.declare and isinstance(v, ir.Construct) and is_auto(v):
                self.auto_tensor(s, v)
                return
            if s.declare and isinstance(v, ir.Construct) and v.cls is not None and v.cls.declared:
                t = v.type
                given = self.hoist_matmul_config(s, v)
                decl = self.types.of(t) if isinstance(t, TensorT) else self.obj_type(t, v, given) if isinstance(
                    t, ObjT) else v.cls.cpp
                with e.node(v.span):
                    e.write(decl)
                e.write(" ")
                with e.node(s.target_span):
                    e.write(s.target.cpp_name)
                if v.overload is not None and v.overload.cpp is not None and "(" in v.overload.cpp:
                    e.write(" = ")  # constructor arguments: ListTensorDesc(data, length, shape_size)
                    self.expr(v, target_type=s.target.type)
                e.write(";")
                return
            if (s.declare and isinstance(v, ir.Construct) and v.cls is not None and v.overload is not None
                    and v.overload.cpp is not None and "(" not in v.overload.cpp and "{{" not in v.overload.cpp):
                # a class that is a C++ type (MatmulType<...>): the name becomes an alias of it
                e.write("using ")
                with e.node(s.target_span):
                    e.write(s.target.cpp_name)
                e.write(" = ")
                self.expr(v, target_type=s.target.type)
                e.write(";")
                return
            if s.declare and isinstance(v, ir.StructNew) and v.struct is not None:
                self.struct_declaration(s, v)
                return
            alias = self.sync.aliases.get(id(s))
            if alias is not None:  # insert_sync: `t = q.deque(...)` is the tensor q allocated, dequeued where used
                if s.declare:
                    e.write(f"{self.decl_type(s.target.type, v)} ")
                with e.node(s.target_span):
                    e.write(s.target.cpp_name)
                with e.node(v.span):
                    e.write(f" = {alias.cpp_name};")
                return
            if s.declare:
                typ = self.decl_type(s.target.type, v)
                e.write(f"{'constexpr static ' if is_constexpr(s.target.type) else ''}{typ} ")
            with e.node(s.target_span):
                e.write(s.target.cpp_name)
            e.write(" = ")
            if s.declare and isinstance(v, ir.Construct) and v.cls is not None and v.cls.constexpr and (
                    v.overload is None or v.overload.cpp is None):
                with e.node(v.span):
                    self.designated(v, typed=False)
            else:
                self.expr(v, target_type=s.target.type)
            e.write(";")
        elif isinstance(s, ir.MemberAssign) and s.target is not None and s.value is not None:
            self.expr(s.target)
            e.write(" = ")
            self.expr(s.value, target_type=s.target.type)
            e.write(";")
        elif isinstance(s, ir.AugAssign) and s.target is not None and s.value is not None:
            with e.node(s.target_span):
                e.write(s.target.cpp_name)
            op = "/" if s.op == "//" else s.op
            e.write(f" {op}= ")
            self.expr(s.value)
            e.write(";")
        elif isinstance(s, ir.ExprStmt) and isinstance(s.expr, ir.HelperCall) and isinstance(s.expr.type, TupleT) \
                and s.expr.type.items:
            self.discarded_results(s.expr, s.expr.type)
        elif isinstance(s, ir.ExprStmt) and s.expr is not None:
            self.expr(s.expr)
            e.write(";")
        elif isinstance(s, ir.Return) and isinstance(s.value, ir.IntList) and isinstance(s.value.type, TupleT):
            for i, item in enumerate(s.value.items):
                e.write(("" if not i else " ") + f"{OUT}{i} = ")
                self.expr(item)
                e.write(";")
        elif isinstance(s, ir.Unpack) and s.call is not None:
            for sym, sp, declare in zip(s.targets, s.target_spans, s.declare, strict=True):
                if declare:
                    e.write(f"{self.decl_type(sym.type, s.call)} ")
                    with e.node(sp):
                        e.write(sym.cpp_name)
                    e.write("; ")
            call = s.call
            if isinstance(call, ir.Call):  # an API's out-parameters: `{out0:uint16_t}` in its template
                self._out_targets = [sym.cpp_name for sym in s.targets]
                self.call(call)
                e.write(";")
                return
            e.write(call.name + "(")
            for i, a in enumerate(call.args):
                if i:
                    e.write(", ")
                self.expr(a)
            for i, sym in enumerate(s.targets):
                e.write((", " if call.args or i else "") + sym.cpp_name)
            e.write(");")
        elif isinstance(s, ir.Return):
            e.write("return")
            if s.value is not None:
                e.write(" ")
                self.expr(s.value)
            e.write(";")
        elif isinstance(s, ir.For) and s.var is not None:
            var = s.var.cpp_name
            e.write("for (int32_t ")
            with e.node(s.var_span):
                e.write(var)
            e.write(" = ")
            assert s.start is not None and s.stop is not None
            self.expr(s.start)
            e.write(f"; {var} < ")
            self.expr(s.stop, level=9)
            e.write(f"; {var}")
            if s.step is None:
                e.write("++")
            else:
                e.write(" += ")
                self.expr(s.step)
            e.write(") {")
        elif isinstance(s, ir.IterateLoop) and s.cond is not None:
            var = s.var.cpp_name if s.var is not None else free_name("count", self.types.avoid)
            e.write("for (int32_t ")
            with e.node(s.var_span):
                e.write(var)
            e.write(" = 0; ")
            self.expr(s.cond)
            e.write(f"; ++{var}) {{")
        elif isinstance(s, ir.While) and s.cond is not None:
            e.write("while (")
            self.expr(s.cond)
            e.write(") {")
        elif isinstance(s, ir.If) and s.cond is not None:
            # a test of the template's dtypes (x.dtype == y.dtype): only the branch it picks must compile
            e.write("if constexpr (" if tests_dtypes(s.cond) else "if (")
            self.expr(s.cond)
            e.write(") {")

    def close_compound(self, s: ir.Stmt) -> None:
        e = self.e
        e.depth += 1
        body = s.body if isinstance(s, (ir.For, ir.While, ir.If)) else []
        self.block(body)
        self.sync_lines(self.sync.block_end.get(id(body), []))
        e.depth -= 1
        if isinstance(s, ir.If) and s.orelse:
            e.indent()
            e.boiler("} else {\n")
            e.depth += 1
            self.block(s.orelse)
            self.sync_lines(self.sync.block_end.get(id(s.orelse), []))
            e.depth -= 1
        e.indent()
        e.boiler("}\n")

    def discarded_results(self, call: ir.HelperCall, results: TupleT) -> None:
        """A helper returning several values called for its effects: its out-parameters get variables of a block
        of their own (`{ int32_t unused_0; int32_t unused_1; f(x, unused_0, unused_1); }`)."""
        e = self.e
        names = [f"unused_{i}" for i in range(len(results.items))]
        e.write("{ ")
        for name, t in zip(names, results.items, strict=True):
            typ = self.decl_type(t, call)
            e.write(f"{'int32_t' if typ == 'auto' else typ} {name}; ")
        e.write(call.name + "(")
        for i, a in enumerate(call.args):
            if i:
                e.write(", ")
            self.expr(a)
        e.write(", ".join([""] * bool(call.args) + names) + "); }")

    def array_result(self, call: ir.HelperCall, name: str, span: Span | None) -> None:
        """A helper's array result: the caller's array, declared, then filled by the helper (C returns no array)."""
        t = call.type
        assert isinstance(t, ArrayT)
        e = self.e
        e.write(f"{self.types.dtype(t.dvar)} ")
        if span is not None:
            with e.node(span):
                e.write(name)
        else:
            e.write(name)
        e.write(f"[{t.length}]; {call.name}(")
        for i, a in enumerate(call.args):
            if i:
                e.write(", ")
            self.expr(a)
        e.write((", " if call.args else "") + f"{name});")

    def array_return(self, value: ir.Expr) -> None:
        """`return a` of a helper: its elements into the caller's array (`out_0`)."""
        t = value.type
        assert isinstance(t, ArrayT)
        e = self.e
        if isinstance(value, ir.ArrayNew):
            for i, item in enumerate(value.items):
                e.write(("" if not i else " ") + f"{OUT}0[{i}] = ")
                self.expr(item)
                e.write(";")
            return
        e.write(f"for (int32_t {OUT}i = 0; {OUT}i < {t.length}; {OUT}i++) {{ {OUT}0[{OUT}i] = ")
        self.expr(value, level=2)
        e.write(f"[{OUT}i]; }}")

    def array_declaration(self, s: ir.Assign, v: ir.ArrayNew) -> None:
        """`int32_t offs[4] = {0, 0, 0, 0};` (or `int32_t offs[4];` when CANN leaves it uninitialized)."""
        assert isinstance(v.type, ArrayT) and s.target is not None
        e = self.e
        with e.node(v.span):
            e.write(self.types.dtype(v.type.dvar))
        e.write(" ")
        with e.node(s.target_span):
            e.write(s.target.cpp_name)
        e.write("[")
        if v.length is not None:
            self.expr(v.length)
        else:
            e.write(str(v.type.length))
        e.write("]")
        if v.items:
            e.write(" = {")
            for i, item in enumerate(v.items):
                if i:
                    e.write(", ")
                self.expr(item)
            e.write("}")
        e.write(";")
        if v.fill is not None and v.length is not None:  # a ConstExpr length known when C++ compiles
            name = s.target.cpp_name
            e.write(f" for (int32_t {name}_i = 0; {name}_i < ")
            self.expr(v.length)
            e.write(f"; {name}_i++) {{ {name}[{name}_i] = ")
            self.expr(v.fill)
            e.write("; }")

    def decl_type(self, t: Type, v: ir.Expr) -> str:
        if isinstance(t, ScalarT):
            if t.dvar.value is None and not t.dvar.find().name:
                return "auto"
            return self.types.dtype(t.dvar)
        if isinstance(t, AddrT) and isinstance(v, ir.Call):
            return "auto"  # the API's own pointer type (GetSysWorkSpacePtr's GM_ADDR, GetPhyAddr's const T*)
        if isinstance(t, (TensorT, AddrT, StrT, StructT)):
            return self.types.of(t)
        if isinstance(t, ObjT) and isinstance(v, ir.Call) and t.cls == "TPipe":
            return "auto&"  # the kernel's one pipe, not a copy of it
        if isinstance(t, ObjT):
            return self.obj_type(t, v if isinstance(v, ir.Construct) else None)
        return "auto"

    def hoist_out_calls(self, s: ir.Stmt) -> bool:
        """Calls that return through an out-argument (`{out:uint64_t}` in the template: GatherMask's count) are
        written before their statement as Ascend C code does: `uint64_t gather_mask_out0 = 0;` and the call; the
        expression then reads the variable. True when the statement was only that call (nothing left to write).
        A while loop's condition is re-evaluated each turn, so a call there is not hoisted (the C++ names an
        undeclared variable and the C++ check reports it)."""
        if isinstance(s, ir.While):
            return False
        for ex in stmt_exprs(s):
            if not isinstance(ex, ir.Call) or ex.overload is None or not ex.overload.cpp:
                continue
            m = OUT_ARG.search(ex.overload.cpp)
            if m is None or ex.api is None:
                continue
            name = f"{ex.api.name.rsplit('.', 1)[-1]}_out{self.mask_counter}"
            self.mask_counter += 1
            self.out_names[id(ex)] = name
            self.e.indent()
            with self.e.node(ex.span, MapFlag.ALL_STATEMENT):
                self.e.write(f"{m.group(1)} {name} = 0;")
            self.e.newline()
            self.e.indent()
            with self.e.node(ex.span, MapFlag.ALL_STATEMENT):
                self._out_name = name
                self.expand(ex.overload.cpp, ex.overload, ex.args, ex.varargs, ex.receiver, ex.callee_span, ex.api)
                self.e.write(";")
            self.e.newline()
        return isinstance(s, ir.ExprStmt) and id(s.expr) in self.out_names

    def declare_masks(self, s: ir.Stmt) -> None:
        """Mask lists (`[m0, m1]`) become `uint64_t name[] = {...};` declared before the statement, and a constant
        struct made in an argument (`config=asc.adv.QuantConfig(...)`, a template argument) a `constexpr static`."""
        for ex in stmt_exprs(s):
            if not isinstance(ex, (ir.Call, ir.Construct)) or ex.overload is None or is_auto(ex):
                continue  # (an auto tensor's shape list is its size, not an array)
            for p in ex.overload.params:
                arg = ex.args.get(p.name)
                if isinstance(arg, ir.Construct) and arg.cls is not None and arg.cls.constexpr and \
                        arg.overload is not None and arg.overload.cpp is not None:
                    name = f"{p.name}{self.mask_counter}"
                    self.mask_counter += 1
                    self.e.indent()
                    with self.e.node(arg.span, MapFlag.ALL_STATEMENT):
                        self.e.write(f"constexpr static {arg.cls.cpp} {name} = ")
                        self.construct(arg)
                        self.e.write(";")
                    self.mask_names[id(arg)] = name
                    self.e.newline()
                if isinstance(arg, (ir.ArrayNew, ir.Name)) and isinstance(arg.type, ArrayT) and \
                        array_kind(p.kind):
                    self.array_argument(ex, p.name, p.kind, arg)
                    continue
                if not self.k.has_lists:
                    continue
                if isinstance(arg, ir.IntList) and array_kind(p.kind):
                    name = f"{p.name}_list{self.mask_counter}"
                    self.mask_counter += 1
                    self.mask_names[id(arg)] = name
                    self.e.indent()
                    with self.e.node(arg.span, MapFlag.ALL_STATEMENT):
                        first = arg.items[0].type if arg.items else None
                        elem = self.types.of(first) if p.kind == "TensorList" and isinstance(first, TensorT) else \
                            CLASSES[p.kind[5:-1]].cpp if p.kind.startswith("List[") and p.kind[5:-1] in CLASSES else \
                            list_element_type(ex.overload, p.name)
                        self.e.write(f"{elem} {name}[] = {{")
                        for i, item in enumerate(arg.items):
                            if i:
                                self.e.write(", ")
                            # a run-time value of another type would be a narrowing conversion in the braces,
                            # which clang (and so bisheng) rejects
                            cast = isinstance(item.type, ScalarT) and not isinstance(item, ir.Const) and \
                                elem in C_NUMBERS and self.types.of(item.type) != elem
                            if cast:
                                self.e.write(f"static_cast<{elem}>(")
                            self.expr(item)
                            if cast:
                                self.e.write(")")
                        self.e.write("};")
                    self.e.newline()

    def array_argument(self, call: ir.Call | ir.Construct, param: str, kind: str, arg: ir.Expr) -> None:
        """An asc.array passed where the API takes a C array of a given element type (ShapeInfo's `uint32_t*`):
        the array itself when it has that type, else its values in one of that type, declared before the
        statement (`uint32_t shape_list0[] = {16, 16};`, CANN's ShapeInfo copies them)."""
        assert call.overload is not None and isinstance(arg.type, ArrayT)
        elem = list_element_type(call.overload, param)
        own = self.types.dtype(arg.type.dvar)
        if isinstance(arg, ir.Name) and own == elem:
            return  # passed by its name
        length = arg.type.length
        name = f"{param}_list{self.mask_counter}"
        self.mask_counter += 1
        self.mask_names[id(arg)] = name
        self.e.indent()
        with self.e.node(arg.span, MapFlag.ALL_STATEMENT):
            if isinstance(arg, ir.ArrayNew):
                items: list[ir.Expr | None] = list(arg.items)
            else:
                items = [None] * (length or 0)
            self.e.write(f"{elem} {name}[{length if not items else ''}]")
            if items:
                self.e.write(" = {")
                for i, item in enumerate(items):
                    if i:
                        self.e.write(", ")
                    cast = item is None or (isinstance(item.type, ScalarT) and not isinstance(item, ir.Const)
                                            and self.types.of(item.type) != elem)
                    if cast:
                        self.e.write(f"static_cast<{elem}>(")
                    if item is None:
                        self.expr(arg, level=2)
                        self.e.write(f"[{i}]")
                    else:
                        self.expr(item)
                    if cast:
                        self.e.write(")")
                self.e.write("}")
            self.e.write(";")
        self.e.newline()

    def struct_declaration(self, s: ir.Assign, v: ir.StructNew) -> None:
        """`t = Tiling(a=x)`: the struct is declared with its defaults, then each given field is set."""
        assert v.struct is not None and s.target is not None
        e = self.e
        with e.node(v.span):
            e.write(v.struct.cpp)
        e.write(" ")
        with e.node(s.target_span):
            e.write(s.target.cpp_name)
        e.write("{};")
        fields = v.struct.fields
        for name, value in v.values.items():
            e.newline()
            e.indent()
            with e.node(value.span):
                e.write(f"{s.target.cpp_name}.{fields[name].cpp} = ")
                self.expr(value)
                e.write(";")

    def hoist_matmul_config(self, s: ir.Assign, v: ir.Construct) -> dict[str, str]:
        """A Matmul's configuration is a template argument, a reference to a `constexpr static` object: one written
        inline (`matmul_config=asc.adv.MatmulConfig()`) is declared first, as `<matmul>_cfg`."""
        cfg = v.args.get("matmul_config")
        if v.cls is None or v.cls.name != "adv.Matmul" or cfg is None or isinstance(cfg, ir.Name) \
                or s.target is None:
            return {}
        name = f"{s.target.cpp_name}_cfg"
        with self.e.node(cfg.span):
            self.e.write(f"constexpr static MatmulConfig {name} = ")
            if isinstance(cfg, ir.Construct) and cfg.cls is not None and cfg.cls.constexpr:
                self.designated(cfg, typed=False)
            else:
                self.expr(cfg)
            self.e.write(";")
        self.e.newline()
        self.e.indent()
        return {"matmul_config": name}
