"""Expressions: names, literals, operators with C++ precedence, calls of helpers, constructors."""

from __future__ import annotations

from ...language.dtypes import lookup as dtype_lookup
from ..ir import nodes as ir
from ..ir.types import AddrT, DTypeValT, ObjT, ScalarT, StrT, Type
from ..syntax.cppnames import cpp_identifier
from .text import LEVEL, Emitter, cpp_literal, enum_cpp, is_constexpr, not_generated


class ExprEmit:
    """Mixed into KernelGen (kernel.py), which holds the state it reads."""

    # -- expressions ------------------------------------------------------------------------------------------------
    def expr_text(self, ex: ir.Expr) -> str:
        """Emit into a scratch emitter (for template arguments inside a type)."""
        saved = self.e
        scratch = Emitter(self.k.name)
        self.e = scratch
        try:
            self.expr(ex)
        finally:
            self.e = saved
        return scratch.code().text

    def expr(self, ex: ir.Expr, level: int = 16, right: bool = False, target_type: Type | None = None) -> None:
        e = self.e
        with e.node(ex.span):
            self._expr(ex, level, right, target_type)

    def _expr(self, ex: ir.Expr, level: int, right: bool, target_type: Type | None) -> None:
        e = self.e
        if isinstance(ex, ir.Const):
            target = None
            if isinstance(target_type, ScalarT) and target_type.dvar.value is not None:
                target = target_type.dvar.value.cpp
            e.write(cpp_literal(ex.value, target))
        elif isinstance(ex, ir.Name):
            name = ex.symbol.cpp_name if ex.symbol else "/*?*/"
            if isinstance(ex.type, AddrT) and ex.symbol is not None and ex.symbol.kind == "parameter":
                # a GM_ADDR is a byte pointer: typed element access needs the cast
                name = f"(__gm__ {self.types.dtype(ex.type.dvar)}*){name}"
            e.write(name)
        elif isinstance(ex, ir.ConstName):
            if isinstance(ex.value, (int, float, bool)) and not isinstance(ex.type, StrT):
                e.write(cpp_identifier(ex.name))
            else:
                e.write(cpp_literal(ex.value) if not isinstance(ex.value, tuple) else
                        "{" + ", ".join(cpp_literal(v) for v in ex.value) + "}")
        elif isinstance(ex, ir.BinOp):
            self.binop(ex, level, right)
        elif isinstance(ex, ir.UnaryOp) and ex.operand is not None:
            e.write(ex.op)
            inner = ex.operand
            signed = isinstance(inner, ir.UnaryOp) and inner.op in "+-" or isinstance(inner, ir.Const) and \
                isinstance(inner.value, (int, float)) and inner.value < 0
            if signed:  # -(-x) is not the decrement --x
                e.write("(")
            self.expr(inner, level=16 if signed else 3)
            if signed:
                e.write(")")
        elif isinstance(ex, ir.IfExp) and ex.cond and ex.then and ex.other:
            paren = level < 16
            if paren:
                e.write("(")
            self.expr(ex.cond, level=15)
            e.write(" ? ")
            self.expr(ex.then, level=15)
            e.write(" : ")
            self.expr(ex.other, level=16)
            if paren:
                e.write(")")
        elif isinstance(ex, ir.Call):
            self.call(ex)
        elif isinstance(ex, ir.Construct):
            self.construct(ex)
        elif isinstance(ex, ir.HelperCall):
            synced = self.sync.calls.get(id(ex))
            e.write((synced.name if synced is not None else ex.name) + "(")
            for i, a in enumerate(ex.args):
                if i:
                    e.write(", ")
                if isinstance(a.type, AddrT) and isinstance(a, ir.Name) and a.symbol is not None:
                    e.write(a.symbol.cpp_name)  # a helper's address parameter is a GM_ADDR, as the kernel's is
                elif isinstance(a.type, AddrT):
                    e.write("(GM_ADDR)(")
                    self.expr(a)
                    e.write(")")
                else:
                    self.expr(a)
            for i, q in enumerate(synced.queue_args if synced is not None else []):
                e.write((", " if ex.args or i else "") + q)
            e.write(")")
        elif isinstance(ex, ir.Subscript) and ex.base is not None and ex.index is not None:
            self.expr(ex.base, level=2)
            e.write("[")
            self.expr(ex.index)
            e.write("]")
        elif isinstance(ex, ir.AddrOffset) and ex.base is not None and ex.offset is not None:
            assert isinstance(ex.type, AddrT)
            paren = level < 6
            if paren:
                e.write("(")
            base = ex.base
            if isinstance(base, ir.Name) and isinstance(base.type, AddrT) and base.symbol is not None:
                e.write(f"(__gm__ {self.types.dtype(ex.type.dvar)}*)")
                with e.node(base.span):
                    e.write(base.symbol.cpp_name)
            else:
                self.expr(base, level=3)
            e.write(" + ")
            self.expr(ex.offset, level=5)
            if paren:
                e.write(")")
        elif isinstance(ex, ir.ArrayItem) and ex.base is not None and ex.index is not None:
            self.expr(ex.base, level=2)
            e.write("[")
            self.expr(ex.index)
            e.write("]")
        elif isinstance(ex, (ir.ArrayNew, ir.IntList)):  # a named C array, or a braced initializer list
            name = self.mask_names.get(id(ex))
            if name:
                e.write(name)
            else:
                e.write("{")
                for i, item in enumerate(ex.items):
                    if i:
                        e.write(", ")
                    self.expr(item)
                e.write("}")
        elif isinstance(ex, ir.Member) and ex.base is not None and ex.field is not None:
            self.expr(ex.base, level=2)
            e.write(f".{ex.field.cpp}")
        elif isinstance(ex, ir.StructNew) and ex.struct is not None:
            self.struct_value(ex)
        elif isinstance(ex, ir.EnumMember):
            e.write(enum_cpp(ex.enum, ex.member))
        elif isinstance(ex, ir.ApiConst):
            e.write(ex.cpp)
        elif isinstance(ex, ir.DTypeRef):
            assert isinstance(ex.type, DTypeValT)
            e.write(self.types.dtype(ex.type.dvar))
        elif isinstance(ex, ir.CastExpr) and ex.operand is not None:
            to = {"float32": "float", "int32": "int32_t", "int1": "bool"}.get(ex.to) or dtype_lookup(ex.to).cpp  # type: ignore[union-attr]
            e.write(f"static_cast<{to}>(")
            self.expr(ex.operand)
            e.write(")")
        else:
            e.write(not_generated("expression"))

    def struct_value(self, ex: ir.StructNew) -> None:
        """An aggregate in field order: the given values, the others from their Field defaults (zero without)."""
        assert ex.struct is not None
        e = self.e
        e.write(ex.struct.cpp + "{")
        for i, f in enumerate(ex.struct.fields.values()):
            if i:
                e.write(", ")
            given = ex.values.get(f.name)
            if given is not None:
                self.expr(given)
            elif f.struct is not None:
                e.write("{}")
            else:
                from ...language.dtypes import DTYPES

                e.write(cpp_literal(f.default if f.default is not None else 0, DTYPES[f.dtype or "int32"].cpp))
        e.write("}")

    def binop(self, ex: ir.BinOp, level: int, right: bool) -> None:
        assert ex.left is not None and ex.right is not None
        op = ex.op
        if isinstance(ex.left.type, DTypeValT) and isinstance(ex.right.type, DTypeValT):
            lt, rt = self.types.dtype(ex.left.type.dvar), self.types.dtype(ex.right.type.dvar)
            self.e.write(("!" if op == "!=" else "") + f"AscendC::IsSameType<{lt}, {rt}>::value")
            return
        mine = LEVEL.get(op, 16)
        paren = mine > level or (mine == level and right)
        e = self.e
        if paren:
            e.write("(")
        lt, rt = ex.left.type, ex.right.type
        # Python's true division of two compile-time integers is a float; between run-time integers CANN's pyasc
        # divides integers, which C++'s `/` does
        int_div = op == "/" and all(isinstance(t, ScalarT) and t.dvar.value is not None and t.dvar.value.is_int
                                    for t in (lt, rt)) and isinstance(ex.type, ScalarT) and \
            ex.type.dvar.value is not None and ex.type.dvar.value.is_float
        if int_div:
            e.write("static_cast<float>(")
            self.expr(ex.left)
            e.write(")")
        else:
            self.expr(ex.left, level=mine)
        cop = "/" if op == "//" else op
        e.write(f" {cop} ")
        self.expr(ex.right, level=mine, right=True)
        if paren:
            e.write(")")

    # -- calls from templates ---------------------------------------------------------------------------------------
    def call(self, c: ir.Call) -> None:
        hoisted = self.out_names.get(id(c))
        if hoisted is not None:
            with self.e.node(c.span):
                self.e.write(hoisted)
            return
        if c.api is None or c.overload is None or c.overload.cpp is None:
            self.e.write(not_generated(c.api.name if c.api else "call"))
            return
        wrap = c.api.family.endswith("sys_var") and isinstance(c.type, ScalarT) and c.overload.returns != "None"
        if wrap:
            d = c.type.dvar.value if isinstance(c.type, ScalarT) else None
            self.e.write(f"static_cast<{d.cpp if d else 'int32_t'}>(")
        outer, self._constexpr_value = self._constexpr_value, is_constexpr(c.type)
        self.expand(c.overload.cpp, c.overload, c.args, c.varargs, c.receiver, c.callee_span, c.api)
        self._constexpr_value = outer
        if wrap:
            self.e.write(")")

    def construct(self, c: ir.Construct) -> None:
        if c.cls is None:
            return
        hoisted = self.mask_names.get(id(c))
        if hoisted is not None:  # declared before its statement (declare_masks)
            self.e.write(hoisted)
            return
        if c.cls.constexpr and (c.overload is None or c.overload.cpp is None):
            self.designated(c, typed=True)
            return
        ov = c.overload
        if ov is None or ov.cpp is None:
            self.e.write((self.obj_type(c.type, c) if isinstance(c.type, ObjT) else c.cls.cpp) + "()")
            return
        tpl = ov.cpp
        if isinstance(c.type, ObjT) and "T" in c.type.dvars:
            tpl = tpl.replace("{T}", self.types.dtype(c.type.dvars["T"]))
        if c.cls.declared and "(" not in tpl:
            # a declared kernel object used as a value: its type, default-constructed
            self.e.write(self.obj_type(c.type, c) if isinstance(c.type, ObjT) else self.types.of(c.type))
            self.e.write("()")
            return
        self.expand(tpl, ov, c.args, [], None, None, None)

    def designated(self, c: ir.Construct, typed: bool) -> None:
        """A compile-time record (MatmulConfig): `{.doNorm = true, ...}`, the fields given and those whose C++
        default is not the language's, in declaration order."""
        assert c.cls is not None and c.overload is not None
        e = self.e
        e.write((c.cls.cpp if typed else "") + "{")
        first = True
        for p in c.overload.params:
            arg = c.args.get(p.name)
            if arg is None and p.name not in c.cls.explicit_defaults:
                continue
            e.write(("" if first else ", ") + f".{c.cls.cpp_field(p.name)} = ")
            first = False
            self._arg_or_default(p.name, c.overload, c.args)
        e.write("}")
