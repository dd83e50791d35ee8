"""Typed IR -> Ascend C a CANN engineer would write, with the source map recorded as it is written.

The Emitter's `node(span)` context records a mapping segment for whatever is written inside it, so no `emit_*`
function ever writes a mapping by hand.  API calls are expanded from the spec's C++ templates (see spec.py for the
template language); each argument is emitted inside its own node, so mappings are token-precise where the code is
one to one.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..language.registry import ENUMS
from ..language.spec import REQUIRED, ApiSpec, Overload
from . import ir
from .diagnostics import Span
from .sourcemap import MapFlag, Segment
from .types import AddrT, DTypeValT, DVar, ObjT, ScalarT, StrT, TensorT, TupleT, Type

INDENT = "    "
# C++ precedence levels: lower binds tighter.
_LEVEL = {"*": 5, "/": 5, "%": 5, "//": 5, "+": 6, "-": 6, "<<": 7, ">>": 7, "<": 9, "<=": 9, ">": 9, ">=": 9,
          "==": 10, "!=": 10, "&": 11, "^": 12, "|": 13, "&&": 14, "||": 15}
_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([^{}]*)\}")


@dataclass
class Code:
    """Generated text with its segments (character offsets local to `text`)."""

    text: str = ""
    segments: list[Segment] = field(default_factory=list)
    boilerplate: list[tuple[int, int]] = field(default_factory=list)


class _Recording:
    """The context of `Emitter.node`: a plain class, as a generator-based context manager costs several times more
    and the emitter opens one per statement and expression."""

    __slots__ = ("emitter", "span", "flags", "start")

    def __init__(self, emitter: Emitter, span: Span | None, flags: MapFlag) -> None:
        self.emitter = emitter
        self.span = span
        self.flags = flags
        self.start = emitter.length

    def __enter__(self) -> None:
        return None

    def __exit__(self, exc_type: object, *rest: object) -> None:
        e = self.emitter
        if exc_type is None and self.span is not None and e.length > self.start:
            e.segments.append(Segment(self.start, e.length, self.span, self.flags, e.kernel))


class Emitter:
    """Writes C++ and records, for every `node(span)` block, the segment of text it produced."""

    def __init__(self, kernel: str | None = None) -> None:
        self.parts: list[str] = []
        self.length = 0
        self.segments: list[Segment] = []
        self.boilerplate: list[tuple[int, int]] = []
        self.kernel = kernel
        self.depth = 0

    def write(self, text: str) -> None:
        if text:
            self.parts.append(text)
            self.length += len(text)

    def boiler(self, text: str) -> None:
        """Text the user did not write: never the target of a diagnostic."""
        start = self.length
        self.write(text)
        self.boilerplate.append((start, self.length))

    def node(self, span: Span | None, flags: MapFlag = MapFlag.ALL) -> _Recording:
        """`with e.node(span):` records the text written inside as produced by `span`."""
        return _Recording(self, span, flags)

    def indent(self) -> None:
        self.boiler(INDENT * self.depth)

    def newline(self) -> None:
        self.boiler("\n")

    def code(self) -> Code:
        return Code("".join(self.parts), self.segments, self.boilerplate)

    def text_since(self, start: int) -> str:
        return "".join(self.parts)[start:]


# -- types ------------------------------------------------------------------------------------------------------------


class TypeNamer:
    """C++ spellings of IR types; unbound dtype variables become template parameters."""

    def __init__(self) -> None:
        self.generic: dict[int, str] = {}

    def dtype(self, v: DVar) -> str:
        d = v.value
        if d is not None:
            return d.cpp
        root = v.find()
        if id(root) not in self.generic:
            base = re.sub(r"\W", "_", root.name) if root.name else str(len(self.generic))
            name = f"T_{base}"
            while name in self.generic.values():
                name += "_"
            self.generic[id(root)] = name
        return self.generic[id(root)]

    def of(self, t: Type) -> str:
        if isinstance(t, ScalarT):
            return self.dtype(t.dvar) if t.dvar.value is not None or t.dvar.find().name else "auto"
        if isinstance(t, TensorT):
            cls = "GlobalTensor" if t.memory == "global" else "LocalTensor"
            return f"AscendC::{cls}<{self.dtype(t.dvar)}>"
        if isinstance(t, AddrT):
            return f"__gm__ {self.dtype(t.dvar)}*"
        if isinstance(t, StrT):
            return "const char*"
        return "auto"


def cpp_literal(value: object, target: str | None = None) -> str:
    """A Python constant as a C++ literal (`1.0f`, `true`, `"text"`)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if target in ("float", "half", "bfloat16_t", "double"):
            text = f"{float(value)!r}"
            return _typed_float(text, target)
        return str(value) if -(2**31) <= value < 2**31 else f"{value}LL"
    if isinstance(value, float):
        text = repr(value)
        if text in ("inf", "-inf", "nan"):
            return {"inf": "INFINITY", "-inf": "-INFINITY", "nan": "NAN"}[text]
        if target in ("int32_t", "int16_t", "int8_t", "int64_t", "uint8_t", "uint16_t", "uint32_t", "uint64_t"):
            return f"static_cast<{target}>({text})"
        return _typed_float(text, target or "float")
    if isinstance(value, str):
        escaped = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
        return f'"{escaped}"'
    if value is None:
        return "nullptr"
    return str(value)


def _typed_float(text: str, target: str) -> str:
    if "e" not in text and "." not in text:
        text += ".0"
    if target == "double":
        return text
    if target in ("half", "bfloat16_t"):
        return f"static_cast<{target}>({text}f)"
    return text + "f"


# -- the generator ----------------------------------------------------------------------------------------------------


class KernelGen:
    """Generates one kernel or helper specialization."""

    def __init__(self, kernel: ir.KernelIR, namer: TypeNamer | None = None) -> None:
        self.k = kernel
        self.e = Emitter(kernel.name)
        self.types = namer or TypeNamer()
        self.mask_names: dict[int, str] = {}
        self.mask_counter = 0
        self.statement_text: dict[int, str] = {}
        self._typed_address_wanted = False

    # -- top level --------------------------------------------------------------------------------------------------
    def generate(self) -> Code:
        body = Emitter(self.k.name)
        saved, self.e = self.e, body
        self.e.depth = 1
        self.block(self.k.body)
        self.e = saved
        params = self.k.params
        decls = [self.param_decl(p) for p in params]
        generic = sorted(set(self.types.generic.values()))
        is_kernel = self.k.kind == "kernel"
        name = self.k.name
        if generic:
            self.e.boiler("template <" + ", ".join(f"typename {g}" for g in generic) + ">\n")
        if is_kernel and generic:
            sig_name = f"{name}_impl"
            self.e.boiler("__aicore__ inline void ")
        elif is_kernel:
            sig_name = name
            self.e.boiler('extern "C" __global__ __aicore__ void ')
        else:
            sig_name = name
            ret = self.types.of(self.k.returns) if self.k.returns is not None else "void"
            self.e.boiler(f"__aicore__ inline {ret} ")
        with self.e.node(self.k.name_span, MapFlag.ALL_STATEMENT):
            self.e.write(sig_name)
        self.e.boiler("(")
        for i, (p, decl) in enumerate(zip(params, decls, strict=True)):
            if i:
                self.e.boiler(", ")
            with self.e.node(p.def_span):
                self.e.write(decl)
        self.e.boiler(") {\n")
        # splice the body in, shifting its segments
        offset = self.e.length
        inner = body.code()
        self.e.write(inner.text)
        self.e.segments.extend(Segment(s.cpp_start + offset, s.cpp_end + offset, s.python, s.flags, s.kernel)
                               for s in inner.segments)
        self.e.boilerplate.extend((a + offset, b + offset) for a, b in inner.boilerplate)
        self.e.boiler("}\n")
        if is_kernel and generic:
            self.e.boiler('\nextern "C" __global__ __aicore__ void ')
            with self.e.node(self.k.name_span, MapFlag.NAVIGATION):
                self.e.write(name)
            self.e.boiler("(" + ", ".join(decls) + ") {\n")
            args = ", ".join(p.cpp_name for p in params)
            self.e.boiler(f"{INDENT}{name}_impl<" + ", ".join("DTYPE" for _ in generic) + f">({args});\n}}\n")
        return self.e.code()

    def param_decl(self, p: ir.Symbol) -> str:
        t = p.type
        if isinstance(t, AddrT):
            return f"GM_ADDR {p.cpp_name}"
        if isinstance(t, TensorT):
            return f"{self.types.of(t)}& {p.cpp_name}" if self.k.kind == "helper" else f"GM_ADDR {p.cpp_name}"
        if isinstance(t, ObjT):
            return f"{self.obj_type(t, None)}& {p.cpp_name}"
        return f"{self.types.of(t) if not isinstance(t, ScalarT) or t.dvar.value else 'int32_t'} {p.cpp_name}"

    def obj_type(self, t: ObjT, construct: ir.Construct | None) -> str:
        """C++ type of a kernel object, filling template arguments from its constructor call."""
        from ..language.registry import CLASSES

        spec = CLASSES.get(t.cls)
        if spec is None:
            return t.cls
        tpl = spec.cpp
        args: dict[str, str] = {}
        if construct is not None and construct.overload is not None:
            for p in construct.overload.params:
                if p.name == "self":
                    continue
                if p.name in construct.args:
                    args[p.name] = self.expr_text(construct.args[p.name])
                elif p.default is not REQUIRED:
                    args[p.name] = default_cpp(p.default)
        else:
            for k, v in t.args.items():
                args[k] = enum_cpp("TPosition", str(v)) if k in ("pos", "src", "dst") and isinstance(v, str) else str(v)
        return re.sub(r"\{(\w+)\}", lambda m: args.get(m.group(1), m.group(0)), tpl)

    # -- statements -------------------------------------------------------------------------------------------------
    def block(self, stmts: list[ir.Stmt]) -> None:
        for s in stmts:
            self.stmt(s)

    def stmt(self, s: ir.Stmt) -> None:
        if isinstance(s, ir.Pass):
            return
        if isinstance(s, ir.If) and s.static is not None:
            self.block(s.body if s.static else s.orelse)
            return
        self.declare_masks(s)
        self.e.indent()
        start = self.e.length
        with self.e.node(s.span, MapFlag.ALL_STATEMENT):
            self._stmt(s)
        self.statement_text[id(s)] = self.e.text_since(start)
        self.e.newline()
        if isinstance(s, (ir.For, ir.While, ir.If)):
            self.close_compound(s)

    def _stmt(self, s: ir.Stmt) -> None:
        e = self.e
        if isinstance(s, ir.Assign) and s.target is not None and s.value is not None:
            v = s.value
            if s.declare and isinstance(v, ir.Construct) and v.cls is not None and v.cls.declared:
                t = v.type
                decl = self.types.of(t) if isinstance(t, TensorT) else self.obj_type(t, v) if isinstance(
                    t, ObjT) else v.cls.cpp
                with e.node(v.span):
                    e.write(decl)
                e.write(" ")
                with e.node(s.target_span):
                    e.write(s.target.cpp_name)
                e.write(";")
                return
            if s.declare:
                typ = self.decl_type(s.target.type, v)
                e.write(f"{typ} ")
            with e.node(s.target_span):
                e.write(s.target.cpp_name)
            e.write(" = ")
            self.expr(v, target_type=s.target.type)
            e.write(";")
        elif isinstance(s, ir.AugAssign) and s.target is not None and s.value is not None:
            with e.node(s.target_span):
                e.write(s.target.cpp_name)
            op = "/" if s.op == "//" else s.op
            e.write(f" {op}= ")
            self.expr(s.value)
            e.write(";")
        elif isinstance(s, ir.ExprStmt) and s.expr is not None:
            self.expr(s.expr)
            e.write(";")
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
        elif isinstance(s, ir.While) and s.cond is not None:
            e.write("while (")
            self.expr(s.cond)
            e.write(") {")
        elif isinstance(s, ir.If) and s.cond is not None:
            e.write("if (")
            self.expr(s.cond)
            e.write(") {")

    def close_compound(self, s: ir.Stmt) -> None:
        e = self.e
        e.depth += 1
        body = s.body if isinstance(s, (ir.For, ir.While, ir.If)) else []
        self.block(body)
        e.depth -= 1
        if isinstance(s, ir.If) and s.orelse:
            e.indent()
            e.boiler("} else {\n")
            e.depth += 1
            self.block(s.orelse)
            e.depth -= 1
        e.indent()
        e.boiler("}\n")

    def decl_type(self, t: Type, v: ir.Expr) -> str:
        if isinstance(t, ScalarT):
            if t.dvar.value is None and not t.dvar.find().name:
                return "auto"
            return self.types.dtype(t.dvar)
        if isinstance(t, (TensorT, AddrT, StrT)):
            return self.types.of(t)
        if isinstance(t, ObjT):
            return self.obj_type(t, v if isinstance(v, ir.Construct) else None)
        return "auto"

    def declare_masks(self, s: ir.Stmt) -> None:
        """Mask lists (`[m0, m1]`) become `uint64_t name[] = {...};` declared before the statement."""
        if not self.k.has_lists:
            return
        from .checks import stmt_exprs

        for ex in stmt_exprs(s):
            if not isinstance(ex, ir.Call) or ex.overload is None:
                continue
            for p in ex.overload.params:
                arg = ex.args.get(p.name)
                if isinstance(arg, ir.IntList) and isinstance(arg.type, (TupleT,)) is False and p.kind in (
                        "IntList", "List[int]", "list", "list[int]"):
                    name = f"{p.name}_list{self.mask_counter}"
                    self.mask_counter += 1
                    self.mask_names[id(arg)] = name
                    self.e.indent()
                    with self.e.node(arg.span, MapFlag.ALL_STATEMENT):
                        self.e.write(f"uint64_t {name}[] = {{")
                        for i, item in enumerate(arg.items):
                            if i:
                                self.e.write(", ")
                            self.expr(item)
                        self.e.write("};")
                    self.e.newline()

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
                e.write(ex.name)
            else:
                e.write(cpp_literal(ex.value) if not isinstance(ex.value, tuple) else
                        "{" + ", ".join(cpp_literal(v) for v in ex.value) + "}")
        elif isinstance(ex, ir.BinOp):
            self.binop(ex, level, right)
        elif isinstance(ex, ir.UnaryOp) and ex.operand is not None:
            e.write(ex.op)
            self.expr(ex.operand, level=3)
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
            e.write(ex.name + "(")
            for i, a in enumerate(ex.args):
                if i:
                    e.write(", ")
                self.expr(a)
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
        elif isinstance(ex, ir.EnumMember):
            e.write(enum_cpp(ex.enum, ex.member))
        elif isinstance(ex, ir.ApiConst):
            e.write(ex.cpp)
        elif isinstance(ex, ir.DTypeRef):
            assert isinstance(ex.type, DTypeValT)
            e.write(self.types.dtype(ex.type.dvar))
        elif isinstance(ex, ir.CastExpr) and ex.operand is not None:
            to = {"float32": "float", "int32": "int32_t", "int1": "bool"}[ex.to]
            e.write(f"static_cast<{to}>(")
            self.expr(ex.operand)
            e.write(")")
        elif isinstance(ex, ir.IntList):
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
        else:
            e.write("/* unsupported */")

    def binop(self, ex: ir.BinOp, level: int, right: bool) -> None:
        assert ex.left is not None and ex.right is not None
        op = ex.op
        mine = _LEVEL.get(op, 16)
        paren = mine > level or (mine == level and right)
        e = self.e
        if paren:
            e.write("(")
        lt, rt = ex.left.type, ex.right.type
        int_div = op == "/" and all(isinstance(t, ScalarT) and t.dvar.value is not None and t.dvar.value.is_int
                                    for t in (lt, rt))
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
        if c.api is None or c.overload is None or c.overload.cpp is None:
            self.e.write(f"/* {c.api.name if c.api else '?'}: not generated */")
            return
        wrap = c.api.family.endswith("sys_var") and isinstance(c.type, ScalarT) and c.overload.returns != "None"
        if wrap:
            d = c.type.dvar.value if isinstance(c.type, ScalarT) else None
            self.e.write(f"static_cast<{d.cpp if d else 'int32_t'}>(")
        self.expand(c.overload.cpp, c.overload, c.args, c.varargs, c.receiver, c.callee_span, c.api)
        if wrap:
            self.e.write(")")

    def construct(self, c: ir.Construct) -> None:
        if c.cls is None:
            return
        ov = c.overload
        if ov is None or ov.cpp is None:
            self.e.write(c.cls.cpp + "()")
            return
        tpl = ov.cpp
        if c.cls.declared and "(" not in tpl:
            # a declared kernel object used as a value: its type, default-constructed
            self.e.write(self.obj_type(c.type, c) if isinstance(c.type, ObjT) else self.types.of(c.type))
            self.e.write("()")
            return
        self.expand(tpl, ov, c.args, [], None, None, None)

    def primary_dtype(self, ov: Overload, args: dict[str, ir.Expr], receiver: ir.Expr | None) -> str:
        for p in ov.params:
            a = args.get(p.name)
            if a is not None and isinstance(a.type, TensorT):
                return self.types.dtype(a.type.dvar)
        if receiver is not None and isinstance(receiver.type, (TensorT, AddrT)):
            return self.types.dtype(receiver.type.dvar)
        return "float"

    def expand(
        self, tpl: str, ov: Overload, args: dict[str, ir.Expr], varargs: list[ir.Expr], receiver: ir.Expr | None,
        callee_span: Span | None, api: ApiSpec | None,
    ) -> None:
        e = self.e
        self._typed_address_wanted = api is not None and api.name.endswith("set_global_buffer")
        pos = 0
        first_literal = True
        for m in _PLACEHOLDER.finditer(tpl):
            literal = tpl[pos:m.start()]
            pos = m.end()
            self._literal(literal, callee_span if first_literal else None)
            first_literal = False
            token = m.group(0)
            if token in ("{{", "}}"):
                e.write(token[0])
                continue
            self.placeholder(m.group(1), ov, args, varargs, receiver)
        self._literal(tpl[pos:], None)

    def _literal(self, text: str, callee_span: Span | None) -> None:
        if not text:
            return
        if callee_span is not None:
            # the API's own name (AscendC::Add) maps to the callee in Python (asc.add)
            m = re.match(r"[\w:]+", text)
            if m and m.group(0).strip(":"):
                with self.e.node(callee_span):
                    self.e.write(m.group(0))
                self.e.write(text[m.end():])
                return
        self.e.write(text)

    def placeholder(
        self, ph: str, ov: Overload, args: dict[str, ir.Expr], varargs: list[ir.Expr], receiver: ir.Expr | None
    ) -> None:
        e = self.e
        if ph == "T":
            e.write(self.primary_dtype(ov, args, receiver))
            return
        if ph == "self":
            if receiver is not None:
                self.expr(receiver, level=2)
            return
        if ph.startswith("*"):
            items = varargs if ph[1:] not in args else [args[ph[1:]]]
            for i, a in enumerate(items):
                if i:
                    e.write(", ")
                self.expr(a)
            if not items:
                self._trim_comma()
            return
        if ph.startswith(","):
            name = ph[1:]
            if name in args:
                e.write(", ")
                self.expr(args[name])
            return
        if "." in ph and ph.endswith(".T"):
            name = ph[:-2]
            a = args.get(name)
            if a is not None and isinstance(a.type, (TensorT, AddrT)):
                e.write(self.types.dtype(a.type.dvar))
            else:
                e.write(self.primary_dtype(ov, args, receiver))
            return
        name, _, fmt = ph.partition(":")
        arg = args.get(name)
        param = ov.param(name)
        if fmt == "type":
            if arg is not None and isinstance(arg.type, DTypeValT):
                with e.node(arg.span):
                    e.write(self.types.dtype(arg.type.dvar))
            else:
                e.write(self.primary_dtype(ov, args, receiver))
            return
        if arg is None:
            if param is None or param.default is REQUIRED or param.default is None:
                self._trim_comma()
                return
            target = self.primary_dtype(ov, args, receiver) if fmt == "T" else None
            e.write(default_cpp(param.default, target))
            return
        if fmt == "T":
            target = self.primary_dtype(ov, args, receiver)
            self.scalar_as(arg, target)
            return
        if param is not None and param.kind in ("bool",) and isinstance(arg, ir.Const):
            with e.node(arg.span):
                e.write(cpp_literal(bool(arg.value)))
            return
        if param is not None and param.kind == "GlobalAddress" and isinstance(arg, ir.Name) and arg.symbol and \
                not self._typed_address_wanted:
            # APIs that take a raw GM_ADDR (SetSysWorkspace, SetHcclContext) get the parameter as it is
            with e.node(arg.span):
                e.write(arg.symbol.cpp_name)
            return
        self.expr(arg)

    def scalar_as(self, arg: ir.Expr, target: str) -> None:
        """A scalar passed where the headers demand exactly the element type (Adds, Muls, Duplicate...)."""
        e = self.e
        if isinstance(arg, ir.Const) and isinstance(arg.value, (int, float)) and not isinstance(arg.value, bool):
            with e.node(arg.span):
                e.write(cpp_literal(float(arg.value) if target in ("half", "float", "bfloat16_t", "double")
                                    else arg.value, target))
            return
        t = arg.type
        if isinstance(t, ScalarT) and self.types.dtype(t.dvar) == target:
            self.expr(arg)
            return
        e.write(f"static_cast<{target}>(")
        self.expr(arg)
        e.write(")")

    def _trim_comma(self) -> None:
        if self.e.parts and self.e.parts[-1].endswith(", "):
            last = self.e.parts.pop()
            self.e.length -= len(last)
            self.e.write(last[:-2])


def enum_cpp(enum: str, member: str) -> str:
    spec = ENUMS.get(enum)
    return spec.cpp(member) if spec else f"AscendC::{enum}::{member}"


def default_cpp(default: object, target: str | None = None) -> str:
    """A spec default value as C++ (`TPosition.VECIN` -> `AscendC::TPosition::VECIN`)."""
    if isinstance(default, str) and re.fullmatch(r"\w+\.\w+", default):
        enum, member = default.split(".")
        if enum in ENUMS:
            return enum_cpp(enum, member)
    if isinstance(default, (bool, int, float)):
        return cpp_literal(default, target)
    return str(default)
