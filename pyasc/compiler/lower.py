"""The front end: one jit function's `ast` -> typed IR, with the syntax, name, call and dtype diagnostics.

Unsupported constructs are reported where they stand and lowered to nothing, so one mistake does not hide the
next.  Dtypes are inferred by unification (types.py); allowed-dtype checks wait until the whole function is seen.
"""

from __future__ import annotations

import ast
import difflib
import re
import time
from dataclasses import dataclass, field

from ..language import dtypes as dt
from ..language.registry import APIS, CLASSES, CONSTANTS, ENUMS, method, methods
from ..language.spec import ApiSpec, ClassSpec, Overload
from . import calls as C
from . import ir
from .diagnostics import Diagnostic, DiagnosticSink, Fix, Related, Severity, Span, TextEdit, replace_fix
from .syntax import JitFunction, ModuleInfo, NotConstant, fold
from .types import (
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
    TensorT,
    TupleT,
    Type,
    UnknownT,
    same_kind,
    scalar,
    unify,
)

SPECIAL_NAMES = {
    "jit": "decorator: compile a Python function as an Ascend C kernel or helper",
    "range": "a runtime loop range (a C++ for loop)",
    "static_range": "a loop unrolled at compile time",
    "GlobalAddress": "a kernel parameter pointing to Global Memory",
    "ConstExpr": "a compile-time constant parameter",
}
BUILTINS = {"range", "float", "int", "bool", "print", "len", "min", "max", "abs", "isinstance", "super"}
JIT_OPTIONS = {
    "capture_exceptions", "ir_multithreading", "debug", "strip_loc", "verify_sync", "print_ir_before_all",
    "run_passes", "kernel_type", "opt_level", "auto_sync", "auto_sync_log", "bisheng_options", "always_compile",
    "matmul_cube_only", "insert_sync", "core_num", "stream",
}
_UNSUPPORTED_STMT = {
    ast.Break: "break", ast.Continue: "continue", ast.Try: "try", ast.Raise: "raise", ast.With: "with",
    ast.AsyncWith: "async with", ast.AsyncFor: "async for", ast.Global: "global", ast.Nonlocal: "nonlocal",
    ast.Import: "import", ast.ImportFrom: "import", ast.FunctionDef: "a nested def", ast.AsyncFunctionDef:
    "a nested async def", ast.ClassDef: "a class definition", ast.Delete: "del", ast.Match: "match",
}
if hasattr(ast, "TryStar"):
    _UNSUPPORTED_STMT[ast.TryStar] = "try"  # type: ignore[attr-defined]
_UNSUPPORTED_EXPR = {
    ast.Lambda: "lambda", ast.Yield: "yield", ast.YieldFrom: "yield from", ast.Await: "await",
    ast.ListComp: "a list comprehension", ast.SetComp: "a set comprehension", ast.DictComp: "a dict comprehension",
    ast.GeneratorExp: "a generator expression", ast.Dict: "a dict", ast.Set: "a set", ast.NamedExpr: ":=",
    ast.Starred: "star arguments",
}
_BINOP = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
          ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^"}
_CMP = {ast.Eq: "==", ast.NotEq: "!=", ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">="}
SNAKE = re.compile(r"^_?[a-z][a-z0-9_]*$")
UPPER = re.compile(r"^_?[A-Z][A-Z0-9_]*$")


class TooComplex(Exception):
    """Raised when lowering a kernel passes its time ceiling (Config.max_kernel_ms): the kernel gets PA902."""


@dataclass
class CallRecord:
    """An API call seen while lowering, for hover and signature help."""

    expr: ir.Expr
    api: str
    signature: str
    overload_index: int
    doc: str
    args: list[tuple[str, ir.Expr]]
    callee_span: Span


@dataclass
class LowerResult:
    kernel: ir.KernelIR
    calls: list[CallRecord] = field(default_factory=list)
    expr_types: list[ir.Expr] = field(default_factory=list)
    helpers: list[LowerResult] = field(default_factory=list)
    constants: dict[str, object] = field(default_factory=dict)
    """Values of the module constants it reads (those of its own module, for an imported helper)."""
    module_refs: dict[str, list[Span]] = field(default_factory=dict)
    """References to module constants and jit functions, for find-references and rename."""
    foreign: bool = False
    """Defined in another module of the project: its spans are not this file's, so nothing of it is mapped here."""


class Lowerer:
    """Lowers one jit function (a kernel, or a helper specialized for one call's argument types)."""

    def __init__(
        self,
        module: ModuleInfo,
        fn: JitFunction,
        kind: str,
        sink: DiagnosticSink,
        arg_types: list[Type] | None = None,
        stack: tuple[str, ...] = (),
    ) -> None:
        self.m = module
        self.fn = fn
        self.kind = kind
        self.sink = sink
        self.arg_types = arg_types
        self.stack = stack + (fn.node.name,)
        self.pos = module.positions
        self.symbols: dict[str, ir.Symbol] = {}
        self.all_symbols: list[ir.Symbol] = []
        self.block: list[int] = []
        self._block_counter = 0
        self.deferred: list[C.Deferred] = []
        self.calls: list[CallRecord] = []
        self.typed: list[ir.Expr] = []
        self.helpers: list[LowerResult] = []
        self.helpers_called: set[str] = set()
        self.constants_read: set[str] = set()
        self.pipes: list[ir.Expr] = []
        self.returns: list[Type] = []
        self.scalar_checks: list[tuple[ir.Expr, ir.Expr, str, str]] = []
        self.foreign = False
        self.deadline: float | None = None
        """perf_counter() time after which lowering gives up with TooComplex."""
        self.constructs: list[ir.Construct] = []
        self.module_refs: dict[str, list[Span]] = {}
        self.has_lists = False

    # -- helpers ------------------------------------------------------------------------------------------------------
    def span(self, node: ast.AST) -> Span:
        return self.pos.span(node)

    def report(self, code: str, msg: str, span: Span, sev: Severity = Severity.ERROR, **kw: object) -> None:
        self.sink.add(Diagnostic(code, sev, msg, span, **kw))  # type: ignore[arg-type]

    def diag(self, d: Diagnostic) -> None:
        self.sink.add(d)

    def unsupported(self, node: ast.AST, what: str, hint: str = "") -> None:
        msg = f"{what} is not supported in a jit function"
        if hint:
            msg += f"; {hint}"
        self.report("PA101", msg, self._head_span(node))

    def _head_span(self, node: ast.AST) -> Span:
        """The first line of a compound statement (not its whole body)."""
        sp = self.span(node)
        if sp.end_line > sp.line and isinstance(node, ast.stmt):
            text = self.pos.line_text(sp.line)
            return Span(sp.line, sp.col, sp.line, len(text.rstrip()))
        return sp

    # -- entry --------------------------------------------------------------------------------------------------------
    def run(self) -> LowerResult:
        node = self.fn.node
        name_span = self.name_span()
        fspan = self.span(node)
        first = min([node.lineno] + [d.lineno for d in node.decorator_list])
        fspan = Span(first, 0, fspan.end_line, fspan.end_col)
        if isinstance(node, ast.AsyncFunctionDef):
            self.report("PA101", "async def is not supported for jit functions", name_span)
        self.check_options()
        params = self.lower_params(node)
        self.block = [0]
        body = self.lower_body(node.body, top=True)
        C.check_deferred(self.deferred, self.diag)
        self.check_scalar_args()
        returns = self.returns[0] if self.returns else None
        kernel = ir.KernelIR(
            name=node.name, kind=self.kind, params=params, body=body, span=fspan, name_span=name_span,
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
        for key, value in self.fn.options.items():
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
        for arg in a.kwonlyargs:
            self.report("PA109", "keyword-only parameters are not supported in a jit function", self.span(arg))
        for arg in a.posonlyargs:
            self.report("PA109", "positional-only parameters are not supported in a jit function", self.span(arg))
        if a.defaults and self.kind == "kernel":
            for d in a.defaults:
                self.report("PA109", "kernel parameters cannot have default values; pass every argument at launch",
                            self.span(d))
        out: list[ir.Symbol] = []
        for i, arg in enumerate(a.posonlyargs + a.args):
            typ, constexpr = self.param_type(arg, i, node)
            sym = ir.Symbol(arg.arg, "parameter", typ, self.span(arg), block=(0,), constexpr=constexpr)
            if isinstance(typ, AddrT) and not typ.dvar.name:
                typ.dvar.name = arg.arg
            self.symbols[arg.arg] = sym
            self.all_symbols.append(sym)
            out.append(sym)
        return out

    def param_type(self, arg: ast.arg, index: int, fn: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[Type, bool]:
        if self.arg_types is not None and index < len(self.arg_types):
            return self.arg_types[index], False
        ann = arg.annotation
        if ann is None:
            return (AddrT(DVar(name=arg.arg)) if self._used_as_address(arg.arg, fn) else scalar("int32")), False
        text = ast.unparse(ann)
        leaf = text.split(".")[-1]
        if "ConstExpr" in text:
            inner = text.split("[", 1)[1].rstrip("]") if "[" in text else "int"
            return scalar({"float": "float32", "bool": "int1"}.get(inner, "int32")), True
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

    # -- statements ---------------------------------------------------------------------------------------------------
    def lower_body(self, stmts: list[ast.stmt], top: bool = False) -> list[ir.Stmt]:
        out: list[ir.Stmt] = []
        for i, stmt in enumerate(stmts):
            if top and i == 0 and isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant) and \
                    isinstance(stmt.value.value, str):
                continue  # docstring
            lowered = self.lower_stmt(stmt, last_at_top=top and i == len(stmts) - 1)
            out.extend(lowered)
        return out

    def enter_block(self) -> None:
        self._block_counter += 1
        self.block.append(self._block_counter)

    def exit_block(self) -> None:
        self.block.pop()

    def lower_stmt(self, node: ast.stmt, last_at_top: bool = False) -> list[ir.Stmt]:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise TooComplex(self.fn.node.name)
        sp = self.span(node)
        for cls, what in _UNSUPPORTED_STMT.items():
            if isinstance(node, cls):
                hint = {
                    "break": "use a while loop with a condition, or restructure the loop",
                    "continue": "wrap the rest of the loop body in an if",
                    "import": "import at module level",
                    "a nested def": "define another @asc.jit function at module level and call it",
                    "raise": "kernels cannot raise; use asc.static_assert for compile-time checks",
                    "try": "kernels cannot catch exceptions",
                }.get(what, "")
                self.unsupported(node, what, hint)
                return []
        if isinstance(node, ast.Pass):
            return [ir.Pass(sp)]
        if isinstance(node, ast.Expr):
            return self.lower_expr_stmt(node)
        if isinstance(node, ast.Assign):
            return self.lower_assign(node, node.targets, node.value)
        if isinstance(node, ast.AnnAssign):
            if node.value is None:
                return []
            return self.lower_assign(node, [node.target], node.value)
        if isinstance(node, ast.AugAssign):
            return self.lower_augassign(node)
        if isinstance(node, ast.For):
            return self.lower_for(node)
        if isinstance(node, ast.While):
            if node.orelse:
                self.report("PA104", "while ... else is not supported", self.span(node.orelse[0]))
            cond = self.lower_expr(node.test)
            self.enter_block()
            body = self.lower_body(node.body)
            self.exit_block()
            return [ir.While(self._head_span(node), cond, body)]
        if isinstance(node, ast.If):
            return self.lower_if(node)
        if isinstance(node, ast.Return):
            return self.lower_return(node, last_at_top)
        if isinstance(node, ast.Assert):
            return []  # compile-time only, as in CANN's pyasc
        self.unsupported(node, f"'{type(node).__name__}' statement")
        return []

    def lower_expr_stmt(self, node: ast.Expr) -> list[ir.Stmt]:
        if isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            return []  # a string used as a comment
        expr = self.lower_expr(node.value)
        if isinstance(expr, ir.Call) and expr.api is not None and expr.overload is not None:
            ret = expr.overload.returns
            name = expr.api.name.rsplit(".", 1)[-1]
            if ret not in ("None", "Any") and (name.startswith("get") or name in ("alloc_tensor", "deque")):
                self.report("PA705", f"the result of {name}() is discarded", expr.span, Severity.WARNING)
        return [ir.ExprStmt(self.span(node), expr)]

    def lower_assign(self, node: ast.stmt, targets: list[ast.expr], value_node: ast.expr) -> list[ir.Stmt]:
        sp = self.span(node)
        if len(targets) != 1:
            self.unsupported(node, "chained assignment (a = b = ...)", "assign one name at a time")
            return []
        target = targets[0]
        if isinstance(target, ast.Tuple):
            if isinstance(value_node, ast.Tuple) and len(value_node.elts) == len(target.elts):
                out: list[ir.Stmt] = []
                for t, v in zip(target.elts, value_node.elts, strict=True):
                    out.extend(self.lower_assign(node, [t], v))
                return out
            value = self.lower_expr(value_node)
            if isinstance(value.type, TupleT) and len(value.type.items) == len(target.elts):
                self.unsupported(node, "unpacking a helper's tuple result", "return one value per helper")
            else:
                self.unsupported(node, "tuple unpacking of a non-tuple value")
            return []
        if isinstance(target, ast.Subscript):
            return self.lower_setitem(node, target, value_node)
        if isinstance(target, ast.Attribute):
            self.unsupported(target, "assigning to an attribute", "pass the values to the constructor")
            return []
        if not isinstance(target, ast.Name):
            self.unsupported(target, "this assignment target")
            return []
        value = self.lower_expr(value_node)
        tspan = self.span(target)
        if isinstance(value.type, (ClassRefT, FuncRefT, ModuleT, BoundMethodT)):
            self.report("PA303", f"{value.type.display()} is not a value that a variable can hold"
                        + ("; call it" if isinstance(value.type, (ClassRefT, FuncRefT, BoundMethodT)) else ""),
                        value.span)
            return []
        if isinstance(value.type, NoneT):
            self.report("PA303", f"'{target.id}' is assigned None (the call returns nothing)", value.span)
        sym = self.symbols.get(target.id)
        if sym is not None and sym.kind in ("kernel", "helper"):
            sym = None
        if sym is not None and not self._visible(sym):
            sym = None
        if sym is None:
            if target.id in self.m.constants:
                self.report("PA108", f"'{target.id}' is a module constant and cannot be re-assigned in a kernel; "
                            "use another name", tspan)
            kind = self._kind_for(value.type)
            sym = ir.Symbol(target.id, kind, value.type, tspan, block=tuple(self.block))
            self.symbols[target.id] = sym
            self.all_symbols.append(sym)
            return [ir.Assign(sp, sym, tspan, value, declare=True)]
        if sym.kind == "parameter" and isinstance(sym.type, AddrT):
            self.report("PA108", f"parameter '{target.id}' is a GlobalAddress and cannot be re-assigned", tspan)
            return []
        if not same_kind(sym.type, value.type):
            self.report("PA108", f"'{target.id}' was {sym.type.display()} and is re-assigned "
                        f"{value.type.display()}; a C++ variable keeps one type, so use a new name", tspan,
                        related=(Related(sym.def_span, f"'{target.id}' first assigned here"),))
        elif isinstance(sym.type, TensorT) and isinstance(value.type, TensorT):
            conflict = unify(sym.type.dvar, value.type.dvar)
            if conflict is not None:
                self.report("PA403", f"'{target.id}' is {conflict.first.name} but is re-assigned a "
                            f"{conflict.second.name} tensor", tspan,
                            related=(Related(sym.def_span, f"'{target.id}' first assigned here"),))
            if value.type.origin:
                sym.type = value.type
        elif isinstance(sym.type, ScalarT) and isinstance(value.type, ScalarT):
            d0, d1 = sym.type.dvar.value, value.type.dvar.value
            if d0 is not None and d1 is not None and d0.is_int and d1.is_float:
                self.report("PA108", f"'{target.id}' is an int and is re-assigned a float; use a new name or "
                            "float() at its first assignment", tspan,
                            related=(Related(sym.def_span, f"'{target.id}' first assigned here"),))
        sym.refs.append(tspan)
        return [ir.Assign(sp, sym, tspan, value, declare=False)]

    def _visible(self, sym: ir.Symbol) -> bool:
        """A symbol first assigned in a block is visible only inside that block (C++ scoping)."""
        return tuple(self.block[: len(sym.block)]) == sym.block

    @staticmethod
    def _kind_for(t: Type) -> str:
        if isinstance(t, ObjT):
            return {"TPipe": "pipe", "TQue": "queue", "TQueBind": "queue", "TBuf": "buffer"}.get(t.cls, "variable")
        if isinstance(t, TensorT):
            return "tensor"
        return "variable"

    def lower_setitem(self, node: ast.stmt, target: ast.Subscript, value_node: ast.expr) -> list[ir.Stmt]:
        base = self.lower_expr(target.value)
        if not isinstance(base.type, TensorT):
            if not isinstance(base.type, UnknownT):
                self.unsupported(target, f"item assignment on {base.type.display()}")
            return []
        spec = method("LocalTensor" if base.type.memory == "local" else "GlobalTensor", "set_value")
        index = self.lower_expr(target.slice)
        value = self.lower_expr(value_node)
        if spec is None:
            self.unsupported(target, "item assignment")
            return []
        call = self.finish_call(spec, "set_value", [C.Arg(index), C.Arg(value)], self.span(node), self.span(target),
                                receiver=base)
        return [ir.ExprStmt(self.span(node), call)]

    def lower_augassign(self, node: ast.AugAssign) -> list[ir.Stmt]:
        if not isinstance(node.target, ast.Name):
            self.unsupported(node.target, "augmented assignment to this target")
            return []
        sym = self.symbols.get(node.target.id)
        tspan = self.span(node.target)
        if sym is None or not self._visible(sym):
            self.report("PA201", f"'{node.target.id}' is not defined before it is updated", tspan)
            return []
        op = _BINOP.get(type(node.op))
        if op is None:
            self.report("PA111", f"operator {type(node.op).__name__} is not supported", self.span(node))
            return []
        value = self.lower_expr(node.value)
        sym.reads += 1
        sym.refs.append(tspan)
        if op == "/" and isinstance(sym.type, ScalarT) and sym.type.dvar.value is not None and \
                sym.type.dvar.value.is_int:
            self.report("PA404", f"'/=' on the int '{sym.name}' makes it a float in Python; use '//=' for integer "
                        "division", self.span(node), Severity.WARNING,
                        fixes=self._op_fixes(node, "/=", "//="))
            op = "//"
        return [ir.AugAssign(self.span(node), sym, tspan, op, value)]

    def _op_fixes(self, node: ast.AST, old: str, new: str) -> tuple[Fix, ...]:
        """A fix replacing the operator `old` in a one-line statement with `new` (none when it cannot be found)."""
        sp = self.span(node)
        if sp.line == sp.end_line:
            text = self.pos.line_text(sp.line)
            idx = text.find(old, sp.col, sp.end_col)
            if idx >= 0:
                return (Fix(f"Use '{new}'", (TextEdit(Span(sp.line, idx, sp.line, idx + len(old)), new),)),)
        return ()

    def lower_for(self, node: ast.For) -> list[ir.Stmt]:
        head = self._head_span(node)
        if node.orelse:
            self.report("PA104", "for ... else is not supported", self.span(node.orelse[0]))
        it = node.iter
        ok = isinstance(it, ast.Call) and (
            (isinstance(it.func, ast.Name) and it.func.id == "range" and "range" not in self.symbols)
            or (isinstance(it.func, ast.Attribute) and it.func.attr in ("range", "static_range")
                and isinstance(it.func.value, ast.Name) and it.func.value.id in self.m.asc_aliases)
        )
        if not ok or not isinstance(it, ast.Call):
            self.report("PA104", f"a jit for loop must iterate over range(), asc.range() or asc.static_range(), "
                        f"not {ast.unparse(it)[:40]}", self.span(it))
            return []
        static = isinstance(it.func, ast.Attribute) and it.func.attr == "static_range"
        if it.keywords or not 1 <= len(it.args) <= 3:
            self.report("PA301", "range() takes 1 to 3 positional arguments (start, stop, step)", self.span(it))
            return []
        args = [self.lower_expr(a) for a in it.args]
        for a in args:
            if isinstance(a.type, ScalarT) and a.type.dvar.value is not None and a.type.dvar.value.is_float:
                self.report("PA303", f"range() bounds must be integers, got {C.type_label(a)}", a.span)
        if len(args) == 1:
            start: ir.Expr = ir.Const(args[0].span, scalar("int32", 0), 0)
            stop, step = args[0], None
        else:
            start, stop = args[0], args[1]
            step = args[2] if len(args) == 3 else None
        if step is not None and isinstance(step.type, ScalarT) and step.type.const == 0:
            self.report("PA303", "range() step must not be zero", step.span)
        if not isinstance(node.target, ast.Name):
            self.unsupported(node.target, "a loop target other than one name")
            return []
        tspan = self.span(node.target)
        self.enter_block()
        var = ir.Symbol(node.target.id, "variable", scalar("int32"), tspan, block=tuple(self.block))
        outer = self.symbols.get(node.target.id)
        self.symbols[node.target.id] = var
        self.all_symbols.append(var)
        body = self.lower_body(node.body)
        self.exit_block()
        if outer is not None:
            self.symbols[node.target.id] = outer
        return [ir.For(head, var, tspan, start, stop, step, body, static)]

    def lower_if(self, node: ast.If) -> list[ir.Stmt]:
        cond = self.lower_expr(node.test)
        static: bool | None = None
        if isinstance(cond.type, ScalarT) and cond.type.const is not None and not isinstance(cond, ir.Name):
            static = bool(cond.type.const)
        self.enter_block()
        body = self.lower_body(node.body)
        self.exit_block()
        self.enter_block()
        orelse = self.lower_body(node.orelse)
        self.exit_block()
        return [ir.If(self._head_span(node), cond, body, orelse, static)]

    def lower_return(self, node: ast.Return, last_at_top: bool) -> list[ir.Stmt]:
        sp = self.span(node)
        if len(self.block) > 1 or not last_at_top:
            self.report("PA105", "return is only allowed as the last statement of a jit function, not inside "
                        "if/for/while or before other statements", sp)
            return []
        if node.value is None:
            return [ir.Return(sp, None)]
        if self.kind == "kernel":
            self.report("PA102", "a kernel cannot return a value; write the result to a GlobalTensor (helpers "
                        "called from kernels may return values)", self.span(node.value),
                        fixes=(Fix("Remove the returned value", (TextEdit(self.span(node.value), ""),)),))
            return []
        value = self.lower_expr(node.value)
        self.returns.append(value.type)
        return [ir.Return(sp, value)]

    # -- expressions --------------------------------------------------------------------------------------------------
    def lower_expr(self, node: ast.expr) -> ir.Expr:
        try:
            expr = self._lower_expr(node)
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
        if isinstance(node, ast.Constant):
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
            cond, a, b = self.lower_expr(node.test), self.lower_expr(node.body), self.lower_expr(node.orelse)
            t = a.type if not isinstance(a.type, UnknownT) else b.type
            if isinstance(a.type, ScalarT) and isinstance(b.type, ScalarT):
                t = self._arith_type(a, b, "+", sp)
            return ir.IfExp(sp, t, cond, a, b)
        if isinstance(node, ast.Subscript):
            return self.lower_subscript(node, sp)
        if isinstance(node, (ast.List, ast.Tuple)):
            items = [self.lower_expr(e) for e in node.elts]
            if isinstance(node, ast.List):
                if all(isinstance(i.type, (ScalarT, UnknownT)) for i in items):
                    consts = tuple(i.type.const if isinstance(i.type, ScalarT) else None for i in items)
                    self.has_lists = True
                    return ir.IntList(sp, IntListT(consts), items)
                self.report("PA101", "lists may only hold integers (masks) in a jit function", sp)
                return ir.invalid(sp)
            return ir.IntList(sp, TupleT(tuple(i.type for i in items)), items)
        if isinstance(node, ast.JoinedStr):
            try:
                value = fold_fstring(node, self.m.constants)
            except NotConstant:
                self.report("PA101", "an f-string with run-time values is not supported; use asc.printf with "
                            "format arguments", sp)
                return ir.invalid(sp)
            return ir.Const(sp, StrT(value), value)
        self.report("PA101", f"'{type(node).__name__}' expressions are not supported in a jit function", sp)
        return ir.invalid(sp)

    def lower_constant(self, node: ast.Constant, sp: Span) -> ir.Expr:
        v = node.value
        if isinstance(v, bool):
            return ir.Const(sp, scalar("int1", v), v)
        if isinstance(v, int):
            if not -(2**63) <= v < 2**64:
                self.report("PA303", "integer literal does not fit in 64 bits", sp)
            return ir.Const(sp, scalar("int64" if not -(2**31) <= v < 2**31 else "int32", v), v)
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
        if name in self.m.constants:
            value = self.m.constants[name]
            self.constants_read.add(name)
            self.module_refs.setdefault(name, []).append(sp)
            return ir.ConstName(sp, self._const_type(value, sp), name, value)
        if name in self.m.asc_aliases:
            return ir.Expr(sp, ModuleT(""))
        if name in self.m.adv_aliases:
            return ir.Expr(sp, ModuleT("adv."))
        if name in self.m.from_imports:
            return self._asc_member(self.m.from_imports[name], sp, sp, "")
        if name in self.m.jit:
            self.module_refs.setdefault(name, []).append(sp)
            return ir.Expr(sp, FuncRefT(name, "helper"))
        if name in BUILTINS:
            return ir.Expr(sp, FuncRefT(name, "builtin"))
        if name in ("True", "False", "None"):
            return ir.Const(sp, scalar("int1", name == "True"), name == "True")
        candidates = [s for s in self.symbols] + list(self.m.constants) + list(self.m.jit)
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

    def _const_type(self, value: object, sp: Span) -> Type:
        if isinstance(value, bool):
            return scalar("int1", value)
        if isinstance(value, int):
            return scalar("int32" if -(2**31) <= value < 2**31 else "int64", value)
        if isinstance(value, float):
            return scalar("float32", value)
        if isinstance(value, str):
            return StrT(value)
        if isinstance(value, tuple):
            return IntListT(value)
        return UnknownT()

    def _asc_member(self, attr: str, sp: Span, attr_span: Span, prefix: str) -> ir.Expr:
        """Resolve `asc.<attr>` (or `asc.adv.<attr>` with prefix 'adv.')."""
        if not prefix:
            d = dt.lookup(attr)
            if d is not None:
                return ir.DTypeRef(sp, DTypeValT(DVar(d, sp, f"asc.{attr}")))
            if attr in ENUMS:
                return ir.Expr(sp, ClassRefT(attr, "enum"))
            if attr in CLASSES:
                return ir.Expr(sp, ClassRefT(attr, "class"))
            if attr == "adv":
                return ir.Expr(sp, ModuleT("adv."))
            if attr in SPECIAL_NAMES and attr not in APIS:
                return ir.Expr(sp, FuncRefT(attr, "special"))
        qual = prefix + attr
        if qual in APIS:
            return ir.Expr(sp, FuncRefT(qual, "api"))
        if qual in CLASSES:
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
        if guess:
            msg += f"; did you mean '{guess[0]}'?"
            fixes = (replace_fix(attr_span, guess[0]),)
        elif not prefix and "adv." + attr in APIS:
            msg += f"; it is in asc.adv: asc.adv.{attr}"
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
            return self._asc_member(attr, sp, aspan, bt.prefix)
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

    # -- arithmetic -------------------------------------------------------------------------------------------------
    def _arith_type(self, a: ir.Expr, b: ir.Expr, op: str, sp: Span) -> Type:
        ta, tb = a.type, b.type
        if not isinstance(ta, ScalarT) or not isinstance(tb, ScalarT):
            return UnknownT()
        da, db = ta.dvar.value, tb.dvar.value
        const = None
        if ta.const is not None and tb.const is not None:
            try:
                const = {
                    "+": lambda x, y: x + y, "-": lambda x, y: x - y, "*": lambda x, y: x * y,
                    "/": lambda x, y: x / y, "//": lambda x, y: x // y, "%": lambda x, y: x % y,
                    "<<": lambda x, y: x << y if y < 64 else None, ">>": lambda x, y: x >> y,
                    "&": lambda x, y: x & y, "|": lambda x, y: x | y, "^": lambda x, y: x ^ y,
                }[op](ta.const, tb.const)
            except (ArithmeticError, TypeError, KeyError, ValueError):
                const = None
        if op == "/":
            name = "float32"
            for d in (da, db):
                if d is not None and d.is_float:
                    name = d.name if d.bits >= 16 else name
            return scalar(name, const, sp)
        floats = [d for d in (da, db) if d is not None and d.is_float]
        if floats:
            return scalar(max(floats, key=lambda d: d.bits).name, const, sp)
        ints = [d for d in (da, db) if d is not None and d.is_int]
        if ints:
            widest = max(ints, key=lambda d: d.bits)
            name = widest.name if widest.bits >= 32 else "int32"
            return scalar(name, const, sp)
        return scalar("int32", const, sp)

    def lower_binop(self, node: ast.BinOp, sp: Span) -> ir.Expr:
        op = _BINOP.get(type(node.op))
        left = self.lower_expr(node.left)
        right = self.lower_expr(node.right)
        if op is None:
            symbol = {ast.Pow: "**", ast.MatMult: "@"}.get(type(node.op), type(node.op).__name__)
            hint = "multiply explicitly (n * n)" if symbol == "**" else ""
            self.report("PA111", f"operator '{symbol}' is not supported in a jit function" + (f"; {hint}" if hint
                        else ""), sp)
            return ir.invalid(sp)
        if isinstance(left.type, AddrT) and op in ("+",) and isinstance(right.type, ScalarT):
            return ir.AddrOffset(sp, AddrT(left.type.dvar), left, right)
        if isinstance(left.type, (UnknownT,)) or isinstance(right.type, UnknownT):
            return ir.BinOp(sp, UnknownT(), op, left, right)
        if not isinstance(left.type, ScalarT) or not isinstance(right.type, ScalarT):
            if isinstance(left.type, StrT) and isinstance(right.type, StrT) and op == "+":
                return ir.Const(sp, StrT(), None)
            bad = left if not isinstance(left.type, ScalarT) else right
            self.report("PA303", f"operator '{op}' needs numbers, got {C.type_label(bad)}", bad.span)
            return ir.invalid(sp)
        if op == "/":
            da, db = left.type.dvar.value, right.type.dvar.value
            if da is not None and db is not None and da.is_int and db.is_int:
                op_span = self._op_span(node, "/")
                fix_edits = (TextEdit(op_span, "//"),) if op_span else ()
                self.report(
                    "PA404",
                    "'/' between integers gives a float in Python (pyasc follows Python here, CANN's pyasc "
                    "divides integers); write '//' for integer division or float(...) to make the intent clear",
                    sp, Severity.WARNING, fixes=(Fix("Use integer division '//'", fix_edits),) if fix_edits else (),
                )
        return ir.BinOp(sp, self._arith_type(left, right, op, sp), op, left, right)

    def _op_span(self, node: ast.BinOp, op: str) -> Span | None:
        ls, rs = self.span(node.left), self.span(node.right)
        if ls.end_line != rs.line:
            return None
        text = self.pos.line_text(ls.end_line)
        idx = text.find(op, ls.end_col, rs.col)
        if idx < 0:
            return None
        return Span(ls.end_line, idx, ls.end_line, idx + len(op))

    def lower_unary(self, node: ast.UnaryOp, sp: Span) -> ir.Expr:
        operand = self.lower_expr(node.operand)
        op = {ast.USub: "-", ast.UAdd: "+", ast.Invert: "~", ast.Not: "!"}[type(node.op)]
        t = operand.type
        if isinstance(t, ScalarT):
            const = None
            if t.const is not None:
                try:
                    const = {"-": lambda v: -v, "+": lambda v: +v, "~": lambda v: ~v, "!": lambda v: not v}[op](
                        t.const)
                except TypeError:
                    const = None
            d = t.dvar.value
            name = "int1" if op == "!" else (d.name if d else "int32")
            return ir.UnaryOp(sp, scalar(name, const, sp), op, operand)
        if not isinstance(t, UnknownT):
            self.report("PA303", f"operator '{op}' needs a number, got {C.type_label(operand)}", operand.span)
        return ir.invalid(sp)

    def lower_compare(self, node: ast.Compare, sp: Span) -> ir.Expr:
        if len(node.ops) != 1:
            self.report("PA111", "chained comparisons (a < b < c) are not supported; combine two comparisons "
                        "with 'and'", sp)
            return ir.invalid(sp)
        op = _CMP.get(type(node.ops[0]))
        left = self.lower_expr(node.left)
        right = self.lower_expr(node.comparators[0])
        if op is None:
            name = {ast.Is: "is", ast.IsNot: "is not", ast.In: "in", ast.NotIn: "not in"}[type(node.ops[0])]
            if name in ("is", "is not") and isinstance(left.type, ScalarT) and isinstance(right.type, ScalarT) \
                    and left.type.const is not None and right.type.const is not None:
                value = (left.type.const is right.type.const) == (name == "is")
                return ir.Const(sp, scalar("int1", value), value)
            self.report("PA111", f"'{name}' is not supported on run-time values; use == or !=", sp)
            return ir.invalid(sp)
        const = None
        if isinstance(left.type, ScalarT) and isinstance(right.type, ScalarT):
            if left.type.const is not None and right.type.const is not None:
                import operator as _o

                fn = {"==": _o.eq, "!=": _o.ne, "<": _o.lt, "<=": _o.le, ">": _o.gt, ">=": _o.ge}[op]
                try:
                    const = fn(left.type.const, right.type.const)
                except TypeError:
                    const = None
        elif not isinstance(left.type, UnknownT) and not isinstance(right.type, UnknownT):
            bad = left if not isinstance(left.type, ScalarT) else right
            self.report("PA303", f"comparison '{op}' needs numbers, got {C.type_label(bad)}", bad.span)
            return ir.invalid(sp)
        return ir.BinOp(sp, scalar("int1", const, sp), op, left, right)

    def lower_boolop(self, node: ast.BoolOp, sp: Span) -> ir.Expr:
        if len(node.values) != 2:
            self.report("PA106", f"'{'and' if isinstance(node.op, ast.And) else 'or'}' with {len(node.values)} "
                        "operands is not supported; group pairs with parentheses: (a and b) and c", sp)
            return ir.invalid(sp)
        left, right = self.lower_expr(node.values[0]), self.lower_expr(node.values[1])
        op = "&&" if isinstance(node.op, ast.And) else "||"
        const = None
        if isinstance(left.type, ScalarT) and isinstance(right.type, ScalarT) and left.type.const is not None \
                and right.type.const is not None:
            const = (bool(left.type.const) and bool(right.type.const)) if op == "&&" else (
                bool(left.type.const) or bool(right.type.const))
        return ir.BinOp(sp, scalar("int1", const, sp), op, left, right)

    def lower_subscript(self, node: ast.Subscript, sp: Span) -> ir.Expr:
        base = self.lower_expr(node.value)
        if isinstance(base.type, UnknownT):
            return ir.invalid(sp)
        if isinstance(base.type, TensorT):
            sl = node.slice
            if isinstance(sl, ast.Slice):
                if sl.upper is not None or sl.step is not None:
                    self.report("PA101", "a tensor slice with a stop or a step is not supported; write t[start:]",
                                self.span(sl))
                    return ir.invalid(sp)
                index = self.lower_expr(sl.lower) if sl.lower is not None else ir.Const(
                    sp, scalar("int32", 0), 0)
            else:
                index = self.lower_expr(sl)
            if isinstance(index.type, ScalarT) and index.type.dvar.value is not None and \
                    index.type.dvar.value.is_float:
                self.report("PA303", f"a tensor index must be an integer, got {C.type_label(index)}", index.span)
            t = base.type
            return ir.Subscript(sp, TensorT(t.memory, t.dvar, t.position, t.origin), base, index)
        if isinstance(base.type, IntListT) and isinstance(base, ir.ConstName):
            try:
                idx = fold(node.slice, self.m.constants)
                value = base.type.items[idx]  # type: ignore[index]
            except (NotConstant, IndexError, TypeError):
                self.report("PA303", "indexing a constant tuple needs a constant index in range", sp)
                return ir.invalid(sp)
            return ir.Const(sp, self._const_type(value, sp), value)
        self.report("PA303", f"{base.type.display()} cannot be indexed", sp)
        return ir.invalid(sp)

    # -- calls --------------------------------------------------------------------------------------------------------
    def lower_call(self, node: ast.Call, sp: Span) -> ir.Expr:
        func = self.lower_expr(node.func)
        ft = func.type
        if isinstance(ft, UnknownT):
            for a in node.args:
                self.lower_expr(a.value if isinstance(a, ast.Starred) else a)
            for k in node.keywords:
                self.lower_expr(k.value)
            return ir.invalid(sp)
        args: list[C.Arg] = []
        for a in node.args:
            if isinstance(a, ast.Starred):
                self.report("PA101", "star arguments are not supported in a jit function", self.span(a))
                return ir.invalid(sp)
            args.append(C.Arg(self.lower_expr(a)))
        for k in node.keywords:
            if k.arg is None:
                self.report("PA101", "**kwargs arguments are not supported in a jit function", self.span(k))
                return ir.invalid(sp)
            ks = self.span(k)
            args.append(C.Arg(self.lower_expr(k.value), k.arg, Span(ks.line, ks.col, ks.line, ks.col + len(k.arg))))
        callee_span = self._attr_span(node.func, func.span) if isinstance(node.func, ast.Attribute) else func.span
        if isinstance(ft, FuncRefT):
            if ft.kind == "api":
                return self.finish_call(APIS[ft.name], ft.name, args, sp, callee_span)
            if ft.kind == "helper":
                return self.helper_call(ft.name, args, sp)
            if ft.kind == "builtin":
                return self.builtin_call(ft.name, args, sp, node)
            self.report("PA101", f"asc.{ft.name} cannot be called here ({SPECIAL_NAMES.get(ft.name, '')})", sp)
            return ir.invalid(sp)
        if isinstance(ft, ClassRefT):
            if ft.kind == "enum":
                self.report("PA303", f"{ft.name} is an enum: use a member such as {ft.name}."
                            f"{next(iter(ENUMS[ft.name].members))}", sp)
                return ir.invalid(sp)
            return self.construct(CLASSES[ft.name], args, sp, callee_span)
        if isinstance(ft, BoundMethodT):
            spec = method(ft.cls, ft.name)
            assert spec is not None
            receiver = func.receiver if isinstance(func, ir.MethodRef) else None
            return self.finish_call(spec, ft.name, args, sp, callee_span, receiver=receiver)
        self.report("PA303", f"{ft.display()} is not callable", func.span)
        return ir.invalid(sp)

    def finish_call(
        self, spec: ApiSpec, display: str, args: list[C.Arg], sp: Span, callee_span: Span,
        receiver: ir.Expr | None = None,
    ) -> ir.Expr:
        disp = display if receiver is not None else f"asc.{display}"
        if receiver is not None and isinstance(receiver.type, DTypeValT) and receiver.type.dvar.value is not None \
                and not args:
            value = dt.method_value(receiver.type.dvar.value, display)
            if value is not None:  # a known dtype's method is a compile-time value, as at trace time
                return ir.Const(sp, scalar("int1" if isinstance(value, bool) else "int32", value, sp), value)
        res = C.resolve(spec, disp, args, sp, callee_span, skip_self=receiver is not None)
        for d in res.diagnostics:
            self.diag(d)
        b = res.binding
        ov_index = b.index if b else 0
        ov = spec.overloads[ov_index] if spec.overloads else None
        rec_args = [(name, e) for name, e in (b.args.items() if b else [])]
        if b is None:
            self.calls.append(CallRecord(ir.invalid(sp), spec.name, ov.signature if ov else "()", ov_index,
                                         spec.doc, [(a.keyword or f"#{i}", a.expr) for i, a in enumerate(args)],
                                         callee_span))
            return ir.invalid(sp)
        assert ov is not None
        C.check_rules(spec, disp, b, self.diag, self.deferred)
        if ov.cpp is None:
            self.report("PA204", f"{disp}() is known but code generation does not support it yet", callee_span)
        self.note_scalar_args(ov, b, disp)
        rtype = self.result_type(spec, b, receiver, sp)
        call = ir.Call(sp, rtype, spec, ov, b.args, b.varargs, receiver, callee_span)
        self.after_call(spec, call)
        self.calls.append(CallRecord(call, spec.name, ov.signature, ov_index, spec.doc, rec_args, callee_span))
        return call

    def note_scalar_args(self, ov: Overload, b: C.Binding, display: str) -> None:
        """Scalars converted to the tensor's element type (`{p:T}` in the template): checked once dtypes are known."""
        if ov.cpp is None:
            return
        tensor = next((b.args[p.name] for p in ov.params if p.name in b.args and isinstance(
            b.args[p.name].type, TensorT)), None)
        if tensor is None:
            return
        for m in re.finditer(r"\{(\w+):T\}", ov.cpp):
            arg = b.args.get(m.group(1))
            if arg is not None and isinstance(arg.type, ScalarT):
                self.scalar_checks.append((arg, tensor, display, m.group(1)))

    def check_scalar_args(self) -> None:
        for arg, tensor, display, pname in self.scalar_checks:
            assert isinstance(arg.type, ScalarT) and isinstance(tensor.type, TensorT)
            target, given = tensor.type.dvar.value, arg.type.dvar.value
            if target is None or given is None or not target.is_int or not given.is_float:
                continue
            shown = repr(arg.type.const) if arg.type.const is not None else "this float"
            self.report("PA405", f"'{pname}' of {display}() is converted to the tensor's {target.name}: {shown} "
                        "loses its fraction; pass an integer", arg.span, Severity.WARNING)

    def result_type(self, spec: ApiSpec, b: C.Binding, receiver: ir.Expr | None, sp: Span) -> Type:
        ret = b.overload.returns
        m = re.fullmatch(r"(LocalTensor|GlobalTensor|Scalar)\[(\w+)\]", ret)
        rt = receiver.type if receiver is not None else None
        if m:
            what, src = m.groups()
            dvar: DVar | None = None
            if src == "self" and isinstance(rt, (TensorT, AddrT)):
                dvar = rt.dvar
            elif src in b.args:
                st = b.args[src].type
                if isinstance(st, DTypeValT):
                    dvar = st.dvar
                elif isinstance(st, (TensorT, AddrT, ScalarT)):
                    dvar = st.dvar
            elif dt.lookup({"int": "int32", "float": "float32", "bool": "int1"}.get(src, src)) is not None:
                d = dt.lookup({"int": "int32", "float": "float32", "bool": "int1"}.get(src, src))
                assert d is not None
                dvar = DVar(d, sp, src)
            if dvar is None:
                dvar = DVar()
            if what == "Scalar":
                return ScalarT(dvar)
            pos, origin = None, None
            if isinstance(rt, ObjT) and rt.cls in ("TQue", "TQueBind", "TBuf"):
                p = rt.args.get("pos")
                pos = str(p) if p is not None else None
                origin = receiver.symbol.name if isinstance(receiver, ir.Name) and receiver.symbol else None
            elif isinstance(rt, TensorT):
                pos, origin = rt.position, rt.origin
            return TensorT("local" if what == "LocalTensor" else "global", dvar, pos, origin)
        return self.plain_type(ret, sp)

    def plain_type(self, ret: str, sp: Span) -> Type:
        if ret in ("None", "NoReturn"):
            return NoneT()
        if ret in ("int", "RuntimeInt"):
            return scalar("int32")
        if ret in ("float", "RuntimeFloat"):
            return scalar("float32")
        if ret in ("bool", "RuntimeBool"):
            return scalar("int1")
        if ret in ("Number", "RuntimeNumeric", "PlainValue"):
            return ScalarT(DVar())
        if ret == "LocalTensor":
            return TensorT("local", DVar())
        if ret == "GlobalTensor":
            return TensorT("global", DVar())
        if ret == "GlobalAddress":
            return AddrT(DVar())
        if ret in CLASSES:
            return ObjT(ret)
        if ret.startswith(("tuple", "Tuple")):
            return TupleT(())
        return UnknownT()

    def after_call(self, spec: ApiSpec, call: ir.Call) -> None:
        """The few calls whose effect on types the spec's shapes cannot say."""
        name = spec.name
        if name.endswith("set_global_buffer") and isinstance(call.receiver, ir.Expr):
            buf = call.args.get("buffer")
            rt = call.receiver.type
            if buf is not None and isinstance(buf.type, AddrT) and isinstance(rt, TensorT):
                conflict = unify(rt.dvar, buf.type.dvar)
                if conflict is not None:
                    self.report("PA403", f"this GlobalTensor is {conflict.first.name} but the address is "
                                f"{conflict.second.name}", buf.span)

    def construct(self, cls: ClassSpec, args: list[C.Arg], sp: Span, callee_span: Span) -> ir.Expr:
        fake = ApiSpec(cls.name, cls.family, cls.constructors, cls.doc)
        display = f"asc.{cls.name}"
        if not cls.constructors:
            if args:
                self.report("PA301", f"{display}() takes no arguments", sp)
            b: C.Binding | None = None
            ov = None
        else:
            res = C.resolve(fake, display, args, sp, callee_span, skip_self=True)
            for d in res.diagnostics:
                self.diag(d)
            b = res.binding
            if b is None:
                self.calls.append(CallRecord(ir.invalid(sp), cls.name, cls.constructors[0].signature, 0, cls.doc,
                                             [(a.keyword or f"#{i}", a.expr) for i, a in enumerate(args)],
                                             callee_span))
                return ir.invalid(sp)
            ov = b.overload
        bargs = b.args if b else {}
        typ: Type
        if cls.name == "GlobalTensor":
            typ = TensorT("global", DVar())
        elif cls.name == "LocalTensor":
            d = bargs.get("dtype")
            dvar = d.type.dvar if d is not None and isinstance(d.type, DTypeValT) else DVar()
            pos = bargs.get("pos")
            typ = TensorT("local", dvar, pos.member if isinstance(pos, ir.EnumMember) else "VECIN")
        else:
            folded: dict[str, object] = {}
            for pname, e in bargs.items():
                if isinstance(e, ir.EnumMember):
                    folded[pname] = e.member
                elif isinstance(e.type, ScalarT):
                    folded[pname] = e.type.const
            if cls.name in ("TQue", "TBuf", "TQueBind") and ov is not None:
                for p in ov.params:
                    if p.name not in folded and p.default is not None and isinstance(p.default, str) and \
                            "." in p.default:
                        folded[p.name] = p.default.split(".")[-1]
                if cls.name == "TQue":
                    depth = bargs.get("depth")
                    if depth is not None and isinstance(depth.type, ScalarT) and depth.type.const is None:
                        self.report("PA303", "the queue depth must be a compile-time constant (a literal, a module "
                                    "constant or a ConstExpr)", depth.span)
            typ = ObjT(cls.name, folded)
        if cls.name == "TPipe":
            if self.pipes:
                self.report("PA505", "a kernel may create only one TPipe; reuse the first one", sp,
                            related=(Related(self.pipes[0].span, "the first TPipe is created here"),))
            self.pipes.append(ir.Expr(sp, typ))
        expr = ir.Construct(sp, typ, cls, ov, dict(bargs))
        self.constructs.append(expr)
        self.calls.append(CallRecord(expr, cls.name, ov.signature if ov else "()", 0, cls.doc, list(bargs.items()),
                                     callee_span))
        return expr

    def helper_call(self, name: str, args: list[C.Arg], sp: Span) -> ir.Expr:
        jit = self.m.jit[name]
        if name in self.stack:
            self.report("PA101", f"recursive call of the jit function '{name}' is not supported", sp)
            return ir.invalid(sp)
        node = jit.node
        params = node.args.args
        if any(a.keyword is not None for a in args):
            by_name = {p.arg: i for i, p in enumerate(params)}
            ordered: list[ir.Expr | None] = [None] * len(params)
            pos_args = [a for a in args if a.keyword is None]
            for i, a in enumerate(pos_args):
                if i < len(ordered):
                    ordered[i] = a.expr
            for a in args:
                if a.keyword is not None:
                    if a.keyword not in by_name:
                        self.report("PA302", f"{name}() has no parameter '{a.keyword}'", a.keyword_span or sp)
                        return ir.invalid(sp)
                    ordered[by_name[a.keyword]] = a.expr
            if any(o is None for o in ordered[: len(params) - len(node.args.defaults)]):
                self.report("PA301", f"{name}() is missing arguments", sp)
                return ir.invalid(sp)
            exprs = [o for o in ordered if o is not None]
        else:
            exprs = [a.expr for a in args]
        required = len(params) - len(node.args.defaults)
        if not required <= len(exprs) <= len(params):
            self.report("PA301", f"{name}() takes {len(params)} arguments, {len(exprs)} given", sp)
            return ir.invalid(sp)
        self.helpers_called.add(name)
        foreign = jit.module is not None and jit.module is not self.m
        sink = DiagnosticSink(kernel=name) if foreign else self.sink
        sub = Lowerer(jit.module if foreign and jit.module is not None else self.m, jit, "helper", sink,
                      [e.type for e in exprs], self.stack)
        sub.foreign = foreign or self.foreign
        sub.deadline = self.deadline
        result = sub.run()
        result.foreign = foreign or self.foreign
        if not result.foreign:
            from .checks import check_unused

            check_unused(result.kernel, self.sink)
        self.helpers.append(result)
        self.helpers.extend(result.helpers)
        ret = result.kernel.returns or NoneT()
        return ir.HelperCall(sp, ret, name, exprs)

    def builtin_call(self, name: str, args: list[C.Arg], sp: Span, node: ast.Call) -> ir.Expr:
        if name == "print":
            fixes: tuple[Fix, ...] = ()
            fspan = self.span(node.func)
            fixes = (Fix("Use asc.printf", (TextEdit(fspan, f"{next(iter(self.m.asc_aliases), 'asc')}.printf"),)),)
            self.report("PA103", "print() does not exist on the device; use asc.printf(fmt, *values)", fspan,
                        fixes=fixes)
            return ir.invalid(sp)
        if name in ("float", "int", "bool") and len(args) == 1 and args[0].keyword is None:
            operand = args[0].expr
            if not isinstance(operand.type, (ScalarT, UnknownT)):
                self.report("PA303", f"{name}() needs a number, got {C.type_label(operand)}", operand.span)
                return ir.invalid(sp)
            to = {"float": "float32", "int": "int32", "bool": "int1"}[name]
            const = None
            if isinstance(operand.type, ScalarT) and operand.type.const is not None:
                try:
                    const = {"float": float, "int": int, "bool": bool}[name](operand.type.const)  # type: ignore
                except (TypeError, ValueError, OverflowError):
                    const = None
            return ir.CastExpr(sp, scalar(to, const, sp), to, operand)
        if name == "range":
            self.report("PA104", "range() may only be used as the iterable of a for loop", sp)
            return ir.invalid(sp)
        self.report("PA101", f"the builtin {name}() is not supported in a jit function", sp)
        return ir.invalid(sp)


def fold_fstring(node: ast.JoinedStr, env: dict[str, object]) -> str:
    """An f-string whose parts are all compile-time constants."""
    out = []
    for part in node.values:
        if isinstance(part, ast.Constant):
            out.append(str(part.value))
        elif isinstance(part, ast.FormattedValue):
            if part.format_spec is not None:
                raise NotConstant
            out.append(str(fold(part.value, env)))
        else:
            raise NotConstant
    return "".join(out)


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
