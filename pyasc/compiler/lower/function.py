"""The jit function itself: its entry point, its @jit options, its parameters, and the naming lint."""

from __future__ import annotations

import ast
import difflib
import re

from ...language import dtypes as dt
from ...language.registry import CLASSES
from ..diagnostics.model import Diagnostic, DiagnosticSink, Fix, Severity, Span, replace_fix
from ..ir import nodes as ir
from ..ir.types import AddrT, DTypeValT, DVar, ObjT, StructT, TensorT, Type, bind, scalar
from ..syntax import constexpr
from ..syntax.cppnames import rename_scope
from ..syntax.fold import NotConstant, fold
from ..syntax.structs import annotation_struct
from . import calls as C
from . import resume
from .base import JIT_OPTIONS, LAUNCH_OPTIONS, LowerBase, LowerResult

SNAKE = re.compile(r"^_?[a-z][a-z0-9_]*$")
UPPER = re.compile(r"^_?[A-Z][A-Z0-9_]*$")


class FunctionLowering(LowerBase):
    """The function-level part of a Lowerer."""

    # -- entry --------------------------------------------------------------------------------------------------------
    def run(self) -> LowerResult:
        node = self.fn.node
        name_span = self.name_span()
        fspan = self.span(node)
        first = min([node.lineno] + [d.lineno for d in node.decorator_list])
        fspan = Span(first, 0, fspan.end_line, fspan.end_col)
        plan = self.resume_plan
        got = resume.restore(plan, self) if plan is not None else None
        if got is None:  # (else the state of the statements before `start`, their findings among it)
            if isinstance(node, ast.AsyncFunctionDef):
                self.report("PA101", "async def is not supported for jit functions", name_span)
            self.check_options()
            params = self.lower_params(node)
            self.block = [0]
            body = self.lower_top(node.body, params, [], 0)
        else:
            params, body, start = got
            body = self.lower_top(node.body, params, body, start)
        if plan is not None:
            resume.finish(plan)
        C.check_deferred(self.deferred, self.diag)
        self.check_scalar_args()
        returns = self.returns[0] if self.returns else None
        cpp = rename_scope([s.cpp_name for s in self.all_symbols])
        for sym in self.all_symbols:
            sym.cpp_name = cpp[sym.cpp_name]
        kernel = ir.KernelIR(
            name=self.cpp_name, kind=self.kind, params=params, body=body, span=fspan, name_span=name_span,
            symbols=self.all_symbols, returns=returns, options=self.folded_options(),
            helpers_called=self.helpers_called, constants_read=self.constants_read,
            constructs=self.constructs, has_lists=self.has_lists,
        )
        consts = {n: self.m.constants[n] for n in self.constants_read if n in self.m.constants}
        return LowerResult(kernel, self.calls, self.typed, self.helpers, consts, module_refs=self.module_refs)

    def name_span(self) -> Span:
        node = self.fn.node
        text = self.pos.line_text(node.lineno)
        idx = text.find(node.name, self.pos.col(node.lineno, node.col_offset))
        if idx < 0:
            return self.pos.line_span(node.lineno)
        return Span(node.lineno, idx, node.lineno, idx + len(node.name))

    def check_options(self) -> None:
        for arg in self.fn.node.args.args:
            if arg.arg in JIT_OPTIONS:  # CANN's jit refuses such a function when it is decorated
                self.report("PA109", f"parameter '{arg.arg}' has the name of an @asc.jit option, which CANN's pyasc "
                            "rejects; rename it", self.span(arg))
        for key, value in self.fn.options.items():
            if key in LAUNCH_OPTIONS:
                kw = next((k for k in getattr(self.fn.decorator, "keywords", []) if k.arg == key), None)
                where = "kernel[core_num](...)" if key == "core_num" else "kernel[core_num, stream](...)"
                self.report("PA110", f"'{key}' is a launch option, not a compile option: CANN's pyasc refuses it in "
                            f"@asc.jit when the kernel is launched (unexpected keyword argument '{key}'); give it "
                            f"in the launch's brackets, {where}", self.span(kw if kw is not None else value))
                continue
            if key not in JIT_OPTIONS:
                guess = difflib.get_close_matches(key, sorted(JIT_OPTIONS), n=1)
                sp = self.span(value)
                dec = self.fn.decorator
                if isinstance(dec, ast.Call):
                    for kw in dec.keywords:
                        if kw.arg == key:
                            sp = self.span(kw)
                            kspan = Span(sp.line, sp.col, sp.line, sp.col + len(key))
                            break
                    else:
                        kspan = sp
                else:
                    kspan = sp
                msg = f"unknown @jit option '{key}'"
                fixes: tuple[Fix, ...] = ()
                if guess:
                    msg += f"; did you mean '{guess[0]}'?"
                    fixes = (replace_fix(kspan, guess[0]),)
                self.report("PA110", msg, kspan, fixes=fixes)

    def folded_options(self) -> dict[str, object]:
        out: dict[str, object] = {}
        for key, value in self.fn.options.items():
            try:
                out[key] = fold(value, self.m.constants)
            except (NotConstant, RecursionError):
                out[key] = None
        return out

    # -- parameters ---------------------------------------------------------------------------------------------------
    def lower_params(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ir.Symbol]:
        a = node.args
        for bad, what in ((a.vararg, "*args"), (a.kwarg, "**kwargs")):
            if bad is not None:
                self.report("PA109", f"{what} parameters are not supported in a jit function", self.span(bad))
        if self.kind == "kernel":  # a helper's are bound as Python binds them (callsite._bind_helper_args)
            for arg in a.kwonlyargs:
                self.report("PA109", "keyword-only parameters are not supported in a kernel", self.span(arg))
            for arg in a.posonlyargs:
                self.report("PA109", "positional-only parameters are not supported in a kernel", self.span(arg))
        self.check_annotations(node)
        if a.defaults and self.kind == "kernel":
            for d in a.defaults:
                self.report("PA109", "kernel parameters cannot have default values; pass every argument at launch",
                            self.span(d))
        out: list[ir.Symbol] = []
        if self.kind == "kernel" and self.arg_types is None:
            root = constexpr.launch_root(self.m.tree, self.fn.scope)
            self.const_values = constexpr.values(node, root, self.m.constants, self.m.asc_aliases, self.const_args)
        for i, arg in enumerate(a.posonlyargs + a.args + (a.kwonlyargs if self.kind != "kernel" else [])):
            if arg.arg in self.ct_locals:
                continue  # a Python default this specialization fixes: a compile-time value, not a parameter
            typ, is_constexpr = self.param_type(arg, i, node)
            sym = ir.Symbol(arg.arg, "parameter", typ, self.span(arg), block=(0,), constexpr=is_constexpr)
            cv = self.const_values.get(arg.arg) if is_constexpr else None
            if cv is not None:
                sym.const_value, sym.const_source = cv.value, cv.source
                if cv.source == "default":
                    shown = "DTYPE" if cv.value is None else repr(cv.value)
                    self.report("PA407", f"no value for the ConstExpr '{arg.arg}' (no pyasc --const {arg.arg}=VALUE, "
                                f"no launch in this file with a literal): the C++ uses {shown}", self.span(arg),
                                Severity.INFO)
            if isinstance(typ, AddrT) and not typ.dvar.name:
                typ.dvar.name = arg.arg
            given = self.launch.get(arg.arg) if self.launch is not None and self.kind == "kernel" else None
            if given is not None and isinstance(typ, AddrT):
                bind(typ.dvar, dt.DTYPES[given.dtype], given.span, given.note(arg.arg))
            self.symbols[arg.arg] = sym
            self.all_symbols.append(sym)
            out.append(sym)
        return out

    def check_annotations(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        """CANN's tracer reads each parameter's annotation (inspect.get_annotations, unevaluated on Python 3.10 and
        later) and tests it with issubclass() for ConstExpr: an annotation that is no class (a dtype such as
        asc.int32, a string, any annotation under `from __future__ import annotations`) fails the launch with
        "issubclass() arg 1 must be a class"."""
        a = node.args
        annotated = [p for p in a.posonlyargs + a.args + a.kwonlyargs if p.annotation is not None]
        if not annotated:
            return
        if any(isinstance(n, ast.ImportFrom) and n.module == "__future__" and any(x.name == "annotations"
                                                                                 for x in n.names)
               for n in self.m.tree.body):
            first = annotated[0].annotation
            assert first is not None
            self.report("PA109", "under `from __future__ import annotations` every annotation is a string, which "
                        "CANN's pyasc cannot test as a class on Python 3.10 and later (issubclass() arg 1 must be a "
                        "class): remove that import from a file of jit functions", self.span(first))
            return
        for p in annotated:
            ann = p.annotation
            assert ann is not None
            if isinstance(ann, ast.Constant) and isinstance(ann.value, str):
                self.report("PA109", f"the annotation of '{p.arg}' is a string, which CANN's pyasc cannot test as a "
                            "class on Python 3.10 and later (issubclass() arg 1 must be a class): write it "
                            f"unquoted ({ann.value})", self.span(ann))
            elif self._dtype_annotation(ann):
                d = ast.unparse(ann)
                kind = "float" if "float" in d or "half" in d else "bool" if "bool" in d else "int"
                self.report("PA109", f"'{p.arg}' is annotated with the dtype {d}, an object, not a class: CANN's "
                            "pyasc tests each annotation with issubclass() (issubclass() arg 1 must be a class); "
                            f"annotate it {kind} (a run-time {kind} scalar), or leave it unannotated", self.span(ann),
                            fixes=(replace_fix(self.span(ann), kind),))

    def _dtype_annotation(self, ann: ast.expr) -> bool:
        """`asc.int32` (or a dtype imported from asc): an asc DataType value; numpy's dtypes are classes."""
        if isinstance(ann, ast.Attribute) and isinstance(ann.value, ast.Name):
            return ann.value.id in self.m.asc_aliases and dt.lookup(ann.attr) is not None
        if isinstance(ann, ast.Name) and ann.id in self.m.from_imports:
            return dt.lookup(self.m.from_imports[ann.id]) is not None
        return False

    def param_type(self, arg: ast.arg, index: int, fn: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[Type, bool]:
        if self.arg_types is not None and index < len(self.arg_types):
            return self.arg_types[index], False
        ann = arg.annotation
        if ann is None:
            return (AddrT(DVar(name=arg.arg)) if self._used_as_address(arg.arg, fn) else scalar("int32")), False
        leaf = constexpr.leaf_name(ann)
        kind = constexpr.inner_kind(ann)
        if kind is not None:
            cv = self.const_values.get(arg.arg)
            known = cv.value if cv is not None and cv.source != "default" else None
            if kind == "DataType":
                d = known if isinstance(known, dt.DType) else None
                return DTypeValT(DVar(d, self.span(arg), f"the launch's {arg.arg}" if d else "", arg.arg)), True
            t = scalar({"float": "float32", "bool": "int1"}.get(kind, "int32"), known)
            t.ctime = True
            return t, True
        sd = annotation_struct(self.m.structs, ann)
        if sd is not None:
            return StructT(sd), False
        if leaf == "GlobalAddress":
            return AddrT(DVar(name=arg.arg)), False
        if leaf in ("int", "float", "bool"):
            return scalar({"int": "int32", "float": "float32", "bool": "int1"}[leaf]), False
        if leaf in ("GlobalTensor", "LocalTensor"):
            return TensorT("global" if leaf == "GlobalTensor" else "local", DVar(name=arg.arg)), False
        d = dt.lookup(leaf)
        if d is not None:
            return scalar(d.name), False
        if leaf in CLASSES:
            return ObjT(leaf), False
        return AddrT(DVar(name=arg.arg)), False

    @staticmethod
    def _used_as_address(name: str, fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
        for node in ast.walk(fn):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == \
                    "set_global_buffer" and node.args:
                first = node.args[0]
                if isinstance(first, ast.BinOp):
                    first = first.left
                if isinstance(first, ast.Name) and first.id == name:
                    return True
        return False


def check_naming(kernel: ir.KernelIR, sink: DiagnosticSink) -> None:
    """PA704 (opt-in): snake_case for functions, parameters and locals."""
    if not SNAKE.match(kernel.name):
        sink.add(Diagnostic("PA704", Severity.WARNING, f"function name '{kernel.name}' should be snake_case",
                            kernel.name_span))
    seen: set[str] = set()
    for sym in kernel.symbols:
        if sym.name in seen or sym.name == "_":
            continue
        seen.add(sym.name)
        if not SNAKE.match(sym.name):
            sink.add(Diagnostic("PA704", Severity.WARNING, f"'{sym.name}' should be snake_case", sym.def_span))
