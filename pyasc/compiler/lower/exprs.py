"""Expressions: the dispatch, literals, names, `asc.` members and attributes."""

from __future__ import annotations

import ast
import difflib
from dataclasses import replace

from ...language import dtypes as dt
from ...language.namespaces import ENUMS_MODULE, KERNEL_MODULES, is_adv
from ...language.registry import APIS, CLASSES, CONSTANTS, ENUMS, method, methods
from ..diagnostics.model import Fix, Related, Severity, Span, replace_fix
from ..ir import nodes as ir
from ..ir.types import (
    AddrT,
    BoundMethodT,
    ClassRefT,
    DTypeValT,
    DVar,
    EnumT,
    FuncRefT,
    IntListT,
    ModuleT,
    NoneT,
    ObjT,
    ScalarT,
    StrT,
    StructT,
    TensorT,
    TupleT,
    Type,
    UnknownT,
    scalar,
)
from ..syntax.pure import MATH_CONSTANTS, MATH_FUNCTIONS
from . import ruleapi
from .base import BUILTINS, SPECIAL_NAMES, LowerBase
from .consteval import Unknown, const_type, int_dtype, py_value
from .language_helpers import SCALAR_METHODS

_UNSUPPORTED_EXPR = {
    ast.Lambda: "lambda", ast.Yield: "yield", ast.YieldFrom: "yield from", ast.Await: "await",
    ast.ListComp: "a list comprehension", ast.SetComp: "a set comprehension", ast.DictComp: "a dict comprehension",
    ast.GeneratorExp: "a generator expression", ast.Dict: "a dict", ast.Set: "a set", ast.NamedExpr: ":=",
    ast.Starred: "star arguments",
}

_LOWER_BY_TYPE = {
    ast.Constant: "lower_constant", ast.Name: "lower_name", ast.Attribute: "lower_attribute", ast.Call: "lower_call",
    ast.BinOp: "lower_binop", ast.UnaryOp: "lower_unary", ast.Compare: "lower_compare", ast.BoolOp: "lower_boolop",
    ast.IfExp: "lower_ifexp", ast.Subscript: "lower_subscript", ast.JoinedStr: "lower_fstring",
}
"""The lowering of each expression class that has a method of its own, by the node's exact class."""


class ExprLowering(LowerBase):
    """The expression part of a Lowerer (operators are in operators.py, calls in callsite.py)."""

    def lower_expr(self, node: ast.expr) -> ir.Expr:
        try:
            method = _LOWER_BY_TYPE.get(type(node))  # (most expressions: _lower_expr's dispatch, without its call)
            expr = getattr(self, method)(node, self.span(node)) if method is not None else self._lower_expr(node)
        except RecursionError:
            self.report("PA902", "expression nested too deeply to analyze", self.span(node), Severity.WARNING)
            return ir.invalid(self.span(node))
        if isinstance(expr, (ir.Name, ir.Call, ir.ConstName, ir.Subscript, ir.HelperCall, ir.Construct)):
            self.typed.append(expr)
        return expr

    def _lower_expr(self, node: ast.expr) -> ir.Expr:
        sp = self.span(node)
        what = _UNSUPPORTED_EXPR.get(type(node))  # ast's expression classes are leaves: the type is the kind
        if what is not None:
            self.report("PA101", f"{what} is not supported in a jit function", sp)
            return ir.invalid(sp)
        if isinstance(node, ast.Constant):  # (the classes of _LOWER_BY_TYPE are dispatched by lower_expr)
            return self.lower_constant(node, sp)
        if isinstance(node, ast.Name):
            return self.lower_name(node, sp)
        if isinstance(node, ast.Attribute):
            return self.lower_attribute(node, sp)
        if isinstance(node, ast.Call):
            return self.lower_call(node, sp)
        if isinstance(node, ast.BinOp):
            return self.lower_binop(node, sp)
        if isinstance(node, ast.UnaryOp):
            return self.lower_unary(node, sp)
        if isinstance(node, ast.Compare):
            return self.lower_compare(node, sp)
        if isinstance(node, ast.BoolOp):
            return self.lower_boolop(node, sp)
        if isinstance(node, ast.IfExp):
            return self.lower_ifexp(node, sp)
        if isinstance(node, ast.Subscript):
            return self.lower_subscript(node, sp)
        if isinstance(node, (ast.List, ast.Tuple)):
            items = [self.lower_expr(e) for e in node.elts]
            if isinstance(node, ast.List):
                if all(isinstance(i.type, (ScalarT, UnknownT)) for i in items):
                    consts = tuple(i.type.const if isinstance(i.type, ScalarT) else None for i in items)
                    self.has_lists = True
                    return ir.IntList(sp, IntListT(consts), items)
                if items and (all(isinstance(i.type, TensorT) for i in items) or all(  # trans_data_to_5hd's tensors,
                        isinstance(i.type, ObjT) and i.type.cls == items[0].type.cls for i in items)):  # SliceInfos
                    self.has_lists = True
                    return ir.IntList(sp, TupleT(tuple(i.type for i in items)), items)
                self.report("PA101", "lists may only hold integers (masks) or tensors in a jit function", sp)
                return ir.invalid(sp)
            self.has_lists = True  # (a tuple of ints passed as a list is declared as an array: pad_list=(0, 0, 0, 0))
            return ir.IntList(sp, TupleT(tuple(i.type for i in items)), items)
        if isinstance(node, ast.JoinedStr):
            return self.lower_fstring(node, sp)
        self.report("PA101", f"'{type(node).__name__}' expressions are not supported in a jit function", sp)
        return ir.invalid(sp)

    def lower_ifexp(self, node: ast.IfExp, sp: Span) -> ir.Expr:
        """`a if c else b` is always a run-time select in CANN's tracer (even on a compile-time condition): both
        values are materialized as scalars of one dtype, so they must be numbers of the same kind."""
        cond, a, b = self.lower_expr(node.test), self.lower_expr(node.body), self.lower_expr(node.orelse)
        if any(isinstance(e.type, UnknownT) for e in (cond, a, b)):
            return ir.IfExp(sp, UnknownT(), cond, a, b)
        for e in (a, b):
            if not isinstance(e.type, ScalarT) or e.type.dvar.value is None:
                self.report("PA303", f"a conditional expression (x if c else y) gives a run-time scalar in CANN's "
                            f"pyasc: both values must be numbers, got {e.type.display()}; use an if statement",
                            e.span)
                return ir.invalid(sp)
        if not isinstance(cond.type, ScalarT):
            self.report("PA303", f"the condition of a conditional expression must be a number, a bool or a run-time "
                        f"value, not {cond.type.display()}", cond.span)
            return ir.invalid(sp)
        da, db = a.type.dvar.value, b.type.dvar.value  # type: ignore[attr-defined]
        if da.is_float != db.is_float:
            self.report("PA303", f"the values of a conditional expression have different types ({a.type.display()}"
                        f" / {b.type.display()}): CANN's pyasc gives one run-time scalar of one dtype (inconsistent "
                        "result types); write both as floats or both as ints", sp)
            return ir.invalid(sp)
        t = self._arith_type(a, b, "+", sp)
        if isinstance(t, ScalarT):
            t = ScalarT(t.dvar)  # a run-time value, whatever the condition
        return ir.IfExp(sp, t, cond, a, b)

    def math_member(self, qualified: str, sp: Span) -> ir.Expr:
        """`math` and `math.pi` in a kernel are Python values the tracer reads; a function of math (`math.sqrt`)
        is one CANN's pyasc refuses to reference in a kernel ("Unsupported function referenced")."""
        if qualified == "math":
            return ir.Expr(sp, FuncRefT("math", "pure-module"))
        leaf = qualified[5:]
        if leaf in MATH_CONSTANTS:
            return ir.Const(sp, scalar("float32", MATH_CONSTANTS[leaf]), MATH_CONSTANTS[leaf], folded=True)
        self.report("PA101", f"{qualified} is a Python function, which CANN's pyasc refuses to reference in a jit "
                    f"function (Unsupported function referenced); compute the value in a module constant "
                    f"(VALUE = {qualified}(...)), where math applies", sp)
        return ir.invalid(sp)

    def lower_fstring(self, node: ast.JoinedStr, sp: Span) -> ir.Expr:
        """An f-string is a string the tracer builds in Python: compile-time values (module constants, locals,
        static_range variables) give their text, a run-time scalar the text of CANN's IR value
        (`PlainValue(dtype=int32, handle=...)`), which has no format spec to apply."""
        try:
            value = self.fstring_text(node)
        except Unknown:
            self.report("PA101", "a format spec (f'{n:d}') applied to a run-time value: CANN's pyasc formats "
                        "f-strings while tracing, where a run-time value has no number to format (unsupported "
                        "format string passed to PlainValue.__format__); print run-time values with asc.printf "
                        "format arguments", sp)
            return ir.invalid(sp)
        if value is None:
            return ir.invalid(sp)  # a part with an error, reported
        return ir.Const(sp, StrT(value), value)

    def fstring_text(self, node: ast.JoinedStr) -> str | None:
        out = []
        for part in node.values:
            if isinstance(part, ast.Constant):
                out.append(str(part.value))
                continue
            if not isinstance(part, ast.FormattedValue):
                raise Unknown
            lowered = self.lower_expr(part.value)
            if isinstance(lowered, ir.Invalid):
                return None
            try:
                value = py_value(lowered)
            except Unknown:
                if part.format_spec is not None or isinstance(lowered.type, UnknownT):
                    raise
                out.append(_traced_text(lowered.type))
                continue
            if part.conversion == ord("r"):
                value = repr(value)
            elif part.conversion in (ord("s"), ord("a")):
                value = str(value) if part.conversion == ord("s") else ascii(value)
            spec = self.fstring_text(part.format_spec) if isinstance(part.format_spec, ast.JoinedStr) else ""
            if spec is None:
                return None
            try:
                out.append(format(value, spec))
            except (ValueError, TypeError):
                raise Unknown from None
        return "".join(out)

    def lower_constant(self, node: ast.Constant, sp: Span) -> ir.Expr:
        v = node.value
        if isinstance(v, bool):
            return ir.Const(sp, scalar("int1", v), v)
        if isinstance(v, int):
            if not -(2**63) <= v < 2**64:
                self.report("PA303", "integer literal does not fit in 64 bits", sp)
            return ir.Const(sp, scalar(int_dtype(v), v), v)
        if isinstance(v, float):
            return ir.Const(sp, scalar("float32", v), v)
        if isinstance(v, str):
            return ir.Const(sp, StrT(v), v)
        if v is None:
            return ir.Const(sp, NoneT(), None)
        self.report("PA101", f"{type(v).__name__} constants are not supported in a jit function", sp)
        return ir.invalid(sp)

    def lower_name(self, node: ast.Name, sp: Span) -> ir.Expr:
        name = node.id
        bound = self.ct_locals.get(name)
        if bound is not None:
            block = self.ct_blocks.get(name)
            if block is not None and tuple(self.block[:len(block)]) != block:
                self.report("PA107", f"'{name}' is first assigned inside a block (if/for/while) on run-time values "
                            "and used after it: CANN's pyasc binds the Python value it holds there for that body only "
                            f"(NameError: {name} is not defined after it); assign it before the block", sp)
                return ir.invalid(sp)
            return replace(bound, span=sp)
        sym = self.symbols.get(name)
        if sym is not None:
            if not self._visible(sym):
                self.report("PA107", f"'{name}' is first assigned inside a block (if/for/while) and used after it; "
                            "assign it before the block so the C++ variable is in scope", sp,
                            related=(Related(sym.def_span, f"'{name}' is first assigned here"),))
                sym.reads += 1
                return ir.invalid(sp)
            sym.reads += 1
            sym.refs.append(sp)
            return ir.Name(sp, sym.type, sym)
        if name in self.m.ct_exprs:
            return self.outer_value(name, sp)
        if name in self.m.constants:
            value = self.m.constants[name]
            self.constants_read.add(name)
            self.module_refs.setdefault(name, []).append(sp)
            return ir.ConstName(sp, const_type(value), name, value)
        if name in self.m.asc_aliases:
            return self._module_ref("asc", sp)
        if name in self.m.adv_aliases:
            return self._module_ref("asc.adv", sp)
        if name in self.m.module_aliases:
            return self._module_ref(self.m.module_aliases[name], sp)
        if name in self.m.from_imports:
            return self._asc_member(self.m.from_imports[name], sp, sp, "", imported=True)
        if name in self.m.jit:
            self.module_refs.setdefault(name, []).append(sp)
            return ir.Expr(sp, FuncRefT(name, "helper"))
        if name in self.m.structs:
            return ir.Expr(sp, ClassRefT(name, "struct"))
        if self.m.pure_names.get(name) == "numpy":
            return ir.Expr(sp, FuncRefT("numpy", "numpy-module"))
        if self.m.pure_names.get(name, "").startswith("math"):
            return self.math_member(self.m.pure_names[name], sp)
        if name in BUILTINS:
            return ir.Expr(sp, FuncRefT(name, "builtin"))
        if name in ("True", "False", "None"):
            return ir.Const(sp, scalar("int1", name == "True"), name == "True")
        if name in self.fn.closure:
            self.report("PA201", f"'{name}' is not defined here: it is a local of '{self.fn.closure[name]}', and a "
                        "jit function sees only module-level names (CANN's pyasc resolves them in the module's "
                        "globals); move it to module level or pass it as a parameter", sp)
            return ir.invalid(sp)
        candidates = [s for s in self.symbols] + list(self.m.constants) + [j.node.name for j in self.m.jit.values()]
        guess = difflib.get_close_matches(name, candidates, n=1)
        msg = f"'{name}' is not defined"
        fixes: tuple[Fix, ...] = ()
        if guess:
            msg += f"; did you mean '{guess[0]}'?"
            fixes = (replace_fix(sp, guess[0]),)
        elif name in ("np", "numpy", "torch", "math"):
            msg += f": {name} cannot be used inside a kernel (analysis never runs Python modules on the device)"
        self.report("PA201", msg, sp, fixes=fixes)
        return ir.invalid(sp)

    def _asc_member(self, attr: str, sp: Span, attr_span: Span, prefix: str, imported: bool = False) -> ir.Expr:
        """Resolve `asc.<attr>` (or `asc.adv.<attr>` with prefix 'adv.'; `imported`: a name imported from asc)."""
        if not prefix:
            if attr in dt.NOT_EXPORTED:
                self.report("PA202", f"asc has no dtype '{attr}': CANN's pyasc exports {', '.join(dt.EXPORTED)}",
                            attr_span)
                return ir.invalid(sp)
            d = dt.lookup(attr)
            if d is not None:
                return ir.DTypeRef(sp, DTypeValT(DVar(d, sp, f"asc.{attr}")))
            if attr in ENUMS and not ENUMS[attr].top_level and not imported:
                self.report("PA202", f"asc has no '{attr}': CANN's pyasc keeps it in asc.language.core.enums; "
                            f"import it with `from asc.language.core.enums import {attr}`", attr_span)
                return ir.invalid(sp)
            if attr in ENUMS:
                self._rule_name(ENUMS[attr].rule, prefix, attr, "enum", attr_span)
                return ir.Expr(sp, ClassRefT(attr, "enum"))
            if attr in CLASSES:
                return ir.Expr(sp, ClassRefT(attr, "class"))
            if attr == "adv":
                return self._module_ref("asc.adv", sp)
            if attr in SPECIAL_NAMES and attr not in APIS:
                return ir.Expr(sp, FuncRefT(attr, "special"))
        qual = prefix + attr
        if qual in APIS:
            self._rule_name(APIS[qual].rule, prefix, attr, "function", attr_span)
            return ir.Expr(sp, FuncRefT(qual, "api"))
        if qual in CLASSES:
            self._rule_name(CLASSES[qual].rule, prefix, attr, "class", attr_span)
            return ir.Expr(sp, ClassRefT(qual, "class"))
        if not prefix and attr in CONSTANTS:
            const = CONSTANTS[attr]
            return ir.ApiConst(sp, scalar(const.dtype if dt.lookup(const.dtype) else "int32"), attr, const.cpp)
        pool = [n for n in APIS if n.startswith(prefix) and (prefix or not n.startswith("adv."))]
        pool = [n[len(prefix):] for n in pool]
        if not prefix:
            pool += [c for c in CLASSES if not c.startswith("adv.")] + list(ENUMS) + dt.all_names() + list(CONSTANTS)
        else:
            pool += [c[len(prefix):] for c in CLASSES if c.startswith(prefix)]
        guess = difflib.get_close_matches(attr, pool, n=1, cutoff=0.6)
        dtype_like = {"float": "float32", "int": "int32", "bool": "bool_", "fp16": "float16", "fp32": "float32",
                      "bf16": "bfloat16", "uint": "uint32", "f16": "float16", "f32": "float32"}
        if not prefix and (attr in dtype_like or (guess and guess[0] in dt.all_names() and attr.lower() not in
                                                  {n.lower() for n in APIS})):
            wanted = dtype_like.get(attr) or guess[0]
            self.report("PA205", f"asc has no dtype '{attr}'; did you mean '{wanted}'? (dtypes: "
                        f"{', '.join(dt.DTYPES)})", attr_span,
                        fixes=(replace_fix(attr_span, wanted),))
            return ir.invalid(sp)
        where = "asc.adv" if prefix else "asc"
        msg = f"{where} has no function, class or dtype named '{attr}'"
        fixes: tuple[Fix, ...] = ()
        if not prefix and ("adv." + attr in APIS or "adv." + attr in CLASSES):
            msg += f"; it is in asc.adv: asc.adv.{attr}"
        elif guess:
            msg += f"; did you mean '{guess[0]}'?"
            fixes = (replace_fix(attr_span, guess[0]),)
        self.report("PA202", msg, attr_span, fixes=fixes)
        return ir.invalid(sp)

    def _rule_name(self, origin: str, prefix: str, attr: str, kind: str, attr_span: Span) -> None:
        """A name known only by rule (CANN's pyasc 1.1.1 lacks it): PA206, one per name per file (ruleapi.merge)."""
        if origin:
            where = "asc.adv" if prefix else "asc"
            self.report(ruleapi.CODE, ruleapi.name_message(f"{where}.{attr}", kind, origin), attr_span,
                        Severity.INFO)

    def _module_ref(self, module: str, sp: Span) -> ir.Expr:
        """asc itself (`asc`) or one of CANN's kernel modules under it, as a value whose attributes are the API."""
        return ir.Expr(sp, ModuleT("adv." if is_adv(module) else "", "" if module == "asc" else module))

    def _asc_package_member(self, module: str, attr: str, sp: Span, attr_span: Span) -> ir.Expr:
        """`asc.language.core.enums.MatmulPolicy`, `tpipe.TPipe` (`from asc.language.fwk import tpipe`): CANN's
        kernel modules hold asc's own names (and MatmulPolicy, which asc itself does not export), so a member means
        what the matching import means."""
        sub = f"{module}.{attr}"
        if sub in KERNEL_MODULES:
            return self._module_ref(sub, sp)
        if module != ENUMS_MODULE:
            return self._asc_member(attr, sp, attr_span, "adv." if is_adv(module) else "", imported=True)
        if attr in ENUMS:
            return ir.Expr(sp, ClassRefT(attr, "enum"))
        guess = difflib.get_close_matches(attr, list(ENUMS), n=1, cutoff=0.6)
        msg = f"{ENUMS_MODULE} has no enum named '{attr}'"
        fixes: tuple[Fix, ...] = ()
        if guess:
            msg += f"; did you mean '{guess[0]}'?"
            fixes = (replace_fix(attr_span, guess[0]),)
        self.report("PA202", msg, attr_span, fixes=fixes)
        return ir.invalid(sp)

    def _attr_span(self, node: ast.Attribute, sp: Span) -> Span:
        """The span of the attribute name (after the dot)."""
        end_line, end_col = sp.end_line, sp.end_col
        start_col = end_col - len(node.attr)
        return Span(end_line, max(0, start_col), end_line, end_col)

    def lower_attribute(self, node: ast.Attribute, sp: Span) -> ir.Expr:
        base = self.lower_expr(node.value)
        attr = node.attr
        aspan = self._attr_span(node, sp)
        bt = base.type
        if isinstance(bt, UnknownT):
            return ir.invalid(sp)
        if isinstance(bt, ModuleT):
            if bt.path or attr == "language":
                return self._asc_package_member(bt.path or "asc", attr, sp, aspan)
            return self._asc_member(attr, sp, aspan, bt.prefix)
        if isinstance(bt, FuncRefT) and bt.kind == "numpy-module":
            d = dt.lookup(attr)
            if d is not None:  # np.float16: a class, which the tracer lets a kernel call (a typed scalar)
                return ir.Expr(sp, FuncRefT(d.name, "numpy-scalar"))
            self.report("PA101", f"numpy.{attr} cannot be used in a jit function: CANN's pyasc lets a kernel use "
                        "numpy's scalar types only (np.float16(2.2)); compute other values on the host or in a "
                        "module constant", aspan)
            return ir.invalid(sp)
        if isinstance(bt, FuncRefT) and bt.kind == "pure-module":
            if attr not in MATH_CONSTANTS and attr not in MATH_FUNCTIONS:
                self.report("PA203", f"math has no function or constant '{attr}' that a kernel can compute at "
                            "compile time", aspan)
                return ir.invalid(sp)
            return self.math_member(f"math.{attr}", sp)
        if isinstance(bt, ClassRefT) and bt.kind == "enum":
            enum = ENUMS[bt.name]
            if attr in enum.members:
                return ir.EnumMember(sp, EnumT(bt.name, attr), bt.name, attr)
            guess = difflib.get_close_matches(attr, list(enum.members), n=1, cutoff=0.5)
            msg = f"{bt.name} has no member '{attr}'"
            fixes: tuple[Fix, ...] = ()
            if guess:
                msg += f"; did you mean '{guess[0]}'?"
                fixes = (replace_fix(aspan, guess[0]),)
            else:
                msg += f" (members: {', '.join(enum.members)})"
            self.report("PA203", msg, aspan, fixes=fixes)
            return ir.invalid(sp)
        if isinstance(bt, StructT):
            return self.struct_member(base, bt.struct, attr, sp, aspan)
        if isinstance(bt, ScalarT) and attr in SCALAR_METHODS:
            return ir.MethodRef(sp, BoundMethodT(bt, "Scalar", attr), base)
        if attr == "dtype" and isinstance(bt, (TensorT, AddrT)):
            return ir.DTypeRef(sp, DTypeValT(bt.dvar))
        cls = self._class_of(bt)
        if cls is not None:
            spec = method(cls, attr)
            if spec is not None:
                return ir.MethodRef(sp, BoundMethodT(bt, cls, attr), base)
            names = list(methods(cls)) + (["dtype"] if cls in ("LocalTensor", "GlobalTensor") else [])
            guess = difflib.get_close_matches(attr, names, n=1, cutoff=0.6)
            msg = f"{cls} has no method or attribute '{attr}'"
            fixes = ()
            if guess:
                msg += f"; did you mean '{guess[0]}'?"
                fixes = (replace_fix(aspan, guess[0]),)
            self.report("PA203", msg, aspan, fixes=fixes)
            return ir.invalid(sp)
        if isinstance(bt, ClassRefT) and bt.kind == "class":  # a class's preset (asc.FixpipeConfig.cfg_nz())
            spec = method(bt.name, attr)
            if spec is not None and all(o.param("self") is None for o in spec.overloads):
                return ir.MethodRef(sp, BoundMethodT(bt, bt.name, attr), base)
        self.report("PA203", f"{bt.display()} has no attribute '{attr}'", aspan)
        return ir.invalid(sp)

    @staticmethod
    def _class_of(t: Type) -> str | None:
        if isinstance(t, TensorT):
            return "GlobalTensor" if t.memory == "global" else "LocalTensor"
        if isinstance(t, ObjT):
            return t.cls
        if isinstance(t, AddrT):
            return "GlobalAddress" if "GlobalAddress" in CLASSES else None
        if isinstance(t, DTypeValT):
            return "DataType"
        return None


def _traced_text(t: Type) -> str:
    """The text an f-string gives a run-time value at trace time (the repr of CANN's IR value)."""
    if isinstance(t, ScalarT):
        d = t.dvar.value
        return f"PlainValue(dtype={d.name if d is not None else 'int32'}, handle=...)"
    return f"<{t.display()}>"
