"""State shared by the front end's parts: the tables, the results, and the reporting helpers.

A `Lowerer` (the package's `__init__`) is this state plus one mixin per concern: the function and its parameters
(function.py), statements (stmts.py), expressions (exprs.py), operators (operators.py), calls (callsite.py) and
constructors (construct.py); compile-time values are computed by consteval.py."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...language.spec import ApiSpec, ClassSpec
from ..diagnostics.model import Diagnostic, DiagnosticSink, Severity, Span
from ..ir import nodes as ir
from ..ir.types import BoundMethodT, Type
from ..syntax.constexpr import ConstValue
from ..syntax.launches import Instance
from ..syntax.module import JitFunction, ModuleInfo
from ..syntax.structs import StructDef
from . import calls as C

SPECIAL_NAMES = {
    "jit": "decorator: compile a Python function as an Ascend C kernel or helper",
    "range": "a runtime loop range (a C++ for loop)",
    "static_range": "a loop unrolled at compile time",
    "GlobalAddress": "a kernel parameter pointing to Global Memory",
    "ConstExpr": "a compile-time constant parameter",
}
KERNEL_BUILTINS = ("dict", "float", "int", "isinstance", "issubclass", "len", "list", "range", "repr", "str", "tuple",
                   "type")
"""The builtins CANN's tracer lets a kernel see (any other is a NameError there)."""
BUILTINS = set(KERNEL_BUILTINS) | {"bool", "print", "min", "max", "abs", "round", "sum", "pow", "super"}
"""Builtin names the front end recognizes in a kernel, to say what CANN does with each."""
JIT_OPTIONS = {
    "capture_exceptions", "ir_multithreading", "debug", "strip_loc", "verify_sync", "print_ir_before_all",
    "run_passes", "kernel_type", "opt_level", "auto_sync", "auto_sync_log", "bisheng_options", "always_compile",
    "matmul_cube_only", "insert_sync", "core_num", "stream",
}
LAUNCH_OPTIONS = ("core_num", "stream")
"""CANN's launch options: given in the brackets, `kernel[core_num, stream](...)`; as a keyword of @asc.jit or of
the launch they reach the kernel's signature, which refuses them (they still may not name a parameter)."""
BINOP = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/", ast.FloorDiv: "//", ast.Mod: "%",
         ast.LShift: "<<", ast.RShift: ">>", ast.BitAnd: "&", ast.BitOr: "|", ast.BitXor: "^"}


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
    """A lowered jit function: its typed IR and what the IDE features and the checks read beside it."""

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
    spec: str = ""
    """For a helper, which specialization it is (ir.HelperCall.spec): its C++ name and its call's argument part."""


@dataclass
class KeyMemo:
    """What the cache keys of one kernel's helper calls read of the module, computed once per kernel's lowering
    (helper_cache.module_key): a kernel calls the same helpers many times, and each key reads the same tables."""

    keys: dict[str, str] = field(default_factory=dict)
    """Per helper, the part of its specializations' keys its module gives."""
    reach: dict[str, list[str]] = field(default_factory=dict)
    """Per helper, the jit functions it reaches (helper_cache.reachable)."""
    calls: dict[str, frozenset[str]] = field(default_factory=dict)
    """Per jit function, the jit functions its text names (those it may call)."""
    texts: dict[str, bytes] = field(default_factory=dict)
    """Per jit function, a digest of its text and place."""
    shared: tuple[bytes, bytes] | None = None
    """The parts every helper's key shares: how the module names asc, and its imports."""
    named: dict[str, frozenset[str]] = field(default_factory=dict)
    """Per jit function, the module-level values and jit functions its text names (of all the words it holds)."""
    others: dict[int, tuple[object, KeyMemo]] = field(default_factory=dict)
    """The same for each other module whose helpers the kernel calls (by the module's id, the module kept with it
    so that the id stays its own)."""

    def of(self, home: object, module: object) -> KeyMemo:
        """The memo of `module`'s keys, when the kernel is lowered in `home` (this memo's module)."""
        if module is home:
            return self
        got = self.others.get(id(module))
        if got is None:
            got = self.others[id(module)] = (module, KeyMemo())
        return got[1]


class LowerBase:
    """What every part of the front end reads and writes while one jit function is lowered."""

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
        self.stack = stack + (fn.qualname,)
        self.pos = module.positions
        self.span = self.pos.span  # type: ignore[method-assign]  # (the method below, without its call)
        self.symbols: dict[str, ir.Symbol] = {}
        self.all_symbols: list[ir.Symbol] = []
        self.block: list[int] = []
        self._block_counter = 0
        self.deferred: list[C.Deferred | C.DeferredCombo] = []
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
        self.cpp_name = fn.cpp_name
        """The C++ name: the function's, with a suffix per specialized parameter for a helper."""
        self.loop_blocks: set[int] = set()
        """The blocks that are loop bodies."""
        self.ct_locals: dict[str, ir.Expr] = {}
        self.prelude: list[ir.Stmt] = []
        """Statements an expression of the statement being lowered needs before it: the call whose results
        `helper(...)[1]` indexes, written into variables of their own."""
        self.item_names: set[str] = set()
        """The names given to the items of tuples held in names (`offs_0`): the same tuple re-bound reuses them."""
        self.held_lists: set[str] = set()
        """Names of tuple values held as CANN's tracer holds a helper's results: a Python list (item assignment
        replaces an item), where a tuple built in the kernel is a Python tuple."""
        """Local names bound to compile-time values (`dtype = asc.float32`, `mask = [hi, lo]`)."""
        self.helper_signatures: dict[str, tuple[dict[str, str], dict[str, object], Span]] = {}
        """Per helper, what its first call in this kernel passed (shared by the helpers it calls): the run-time
        argument types and ConstExpr values of the one version CANN's tracer compiles."""
        self.helper_module_keys = KeyMemo()
        """Per helper, the part of its specializations' cache keys its module gives (helper_cache.module_key),
        computed once per analysis (shared by the helpers it calls)."""
        self.ct_blocks: dict[str, tuple[int, ...]] = {}
        """The block in which each name of ct_locals was bound."""
        self.returned = False
        """A return has been lowered outside any run-time block: nothing after it is traced."""
        self.if_frames: list = []
        """The run-time ifs being lowered, innermost last (rebind.IfFrame)."""
        self.rebind_reported: set[ir.Symbol] = set()
        """Names already reported for a re-binding the tracer refuses (one finding per name)."""
        self.array_lengths: dict[int, ir.Expr] = {}
        """The length as written (a ConstExpr with no value here) of each asc.array type whose length is unknown."""
        self._evaluating: set[str] = set()
        """Names bound outside the function whose expression is being evaluated (a cycle is unknown)."""
        self.call_log: list[Any] | None = None
        """A kernel's helper calls as it saw them (lower/cutoff.py), when its caller asks for them with []; None
        once a call was not of the kind noted."""
        self.helper_calls_made = 0
        """Helper calls lowered so far (a sandbox that lowered one leaves the notes incomplete)."""
        self.resume_plan: Any = None
        """Where a kernel's lowering resumes and takes its checkpoint (resume.Plan), set by its caller."""

    # -- helpers ------------------------------------------------------------------------------------------------------
    const_args: dict[str, str] = {}
    """`pyasc --const NAME=VALUE` values (Config.consts), set by the caller."""
    const_values: dict[str, ConstValue] = {}
    """The kernel's ConstExpr parameter values (constexpr.py)."""
    launch: Instance | None = None
    """The launch whose array dtypes the kernel's GlobalAddress parameters take (launches.py), set by the caller;
    None: the kernel's own code types them."""

    def span(self, node: ast.AST) -> Span:
        """The node's span (each Lowerer binds its module's Positions.span here: every node asks)."""
        return self.pos.span(node)

    def report(self, code: str, msg: str, span: Span, sev: Severity = Severity.ERROR, **kw: object) -> None:
        self.sink.add(Diagnostic(code, sev, msg, span, **kw))  # type: ignore[arg-type]

    def asc_name(self) -> str:
        """How this file spells the asc module, for the code a fix writes (`asc`, else its alias)."""
        aliases = self.m.asc_aliases
        return "asc" if "asc" in aliases or not aliases else min(aliases)

    def diag(self, d: Diagnostic) -> None:
        self.sink.add(d)

    def unsupported(self, node: ast.AST, what: str, hint: str = "") -> None:
        msg = f"{what} is not supported in a jit function"
        if hint:
            msg += f"; {hint}"
        self.report("PA101", msg, self._head_span(node))

    @contextmanager
    def sandbox(self) -> Iterator[DiagnosticSink]:
        """Lower something whose findings and bindings must not count (an evaluation, a branch never traced):
        yields the sink that collects its findings; every record it leaves is undone afterwards."""
        saved = (self.sink, dict(self.symbols), dict(self.ct_locals), len(self.typed), len(self.calls),
                 len(self.constructs), len(self.all_symbols), len(self.helpers), len(self.deferred),
                 len(self.scalar_checks), len(self.returns), set(self.helpers_called), self.returned,
                 dict(self.helper_signatures))
        self.sink = DiagnosticSink(kernel=self.sink.kernel)
        prelude = len(self.prelude)
        calls_made = self.helper_calls_made
        try:
            yield self.sink
        finally:
            if self.helper_calls_made != calls_made:
                self.call_log = None  # what a sandboxed call gave back may count, but its helpers do not
            del self.prelude[prelude:]
            self.sink, self.symbols, self.ct_locals = saved[0], saved[1], saved[2]
            del self.typed[saved[3]:], self.calls[saved[4]:], self.constructs[saved[5]:]
            del self.all_symbols[saved[6]:], self.helpers[saved[7]:], self.deferred[saved[8]:]
            del self.scalar_checks[saved[9]:], self.returns[saved[10]:]
            self.helpers_called, self.returned = saved[11], saved[12]
            self.helper_signatures.clear()
            self.helper_signatures.update(saved[13])  # the same dict: the helpers lowered from here share it

    def _head_span(self, node: ast.AST) -> Span:
        """The first line of a compound statement (not its whole body)."""
        sp = self.span(node)
        if sp.end_line > sp.line and isinstance(node, ast.stmt):
            text = self.pos.line_text(sp.line)
            return Span(sp.line, sp.col, sp.line, len(text.rstrip()))
        return sp


    if TYPE_CHECKING:  # implemented by the mixins that make up a Lowerer
        def run(self) -> LowerResult: ...
        def lower_params(self, node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ir.Symbol]: ...
        def lower_body(self, stmts: list[ast.stmt]) -> list[ir.Stmt]: ...
        def lower_expr(self, node: ast.expr) -> ir.Expr: ...
        def _attr_span(self, node: ast.Attribute, sp: Span) -> Span: ...
        def _asc_member(self, attr: str, sp: Span, attr_span: Span, prefix: str) -> ir.Expr: ...
        def _arith_type(self, a: ir.Expr, b: ir.Expr, op: str, sp: Span) -> Type: ...
        def finish_call(self, spec: ApiSpec, display: str, args: list[C.Arg], sp: Span, callee_span: Span,
                        receiver: ir.Expr | None = None) -> ir.Expr: ...
        def check_scalar_args(self) -> None: ...
        def helper_call(self, name: str, args: list[C.Arg], sp: Span) -> ir.Expr: ...
        def bind_helper_args(self, name: str, a: ast.arguments, args: list[C.Arg], sp: Span
                             ) -> tuple[list[ast.arg], list[ast.expr | None], list[ir.Expr | None]] | None: ...
        def check_helper_signature(self, key: str, name: str, params: list[ast.arg], given: list[ir.Expr | None],
                                   bindings: dict[str, ir.Expr], constexprs: dict[str, ir.Expr], sp: Span
                                   ) -> None: ...
        def builtin_call(self, name: str, args: list[C.Arg], sp: Span, node: ast.Call) -> ir.Expr: ...
        def construct(self, cls: ClassSpec, args: list[C.Arg], sp: Span, callee_span: Span) -> ir.Expr: ...
        def require_compile_time(self, display: str, args: dict[str, ir.Expr],
                                 names: tuple[str, ...] | None = None) -> None: ...
        def unify_operand(self, receiver: ir.Expr | None, operand: str, tensor: ir.Expr | None,
                          display: str) -> None: ...
        def struct_member(self, base: ir.Expr, sd: StructDef, attr: str, sp: Span, aspan: Span) -> ir.Expr: ...
        def assign_member(self, node: ast.stmt, target: ast.Attribute, value_node: ast.expr) -> list[ir.Stmt]: ...
        def construct_struct(self, sd: StructDef, args: list[C.Arg], sp: Span) -> ir.Expr: ...
        def outer_value(self, name: str, sp: Span) -> ir.Expr: ...
        def scalar_method_call(self, ft: BoundMethodT, receiver: ir.Expr, args: list[C.Arg], sp: Span,
                               callee_span: Span) -> ir.Expr: ...
        def tensor_call(self, tensor: ir.Expr, args: list[C.Arg], sp: Span) -> ir.Expr: ...
        def language_helper(self, name: str, b: C.Binding, sp: Span) -> ir.Expr | None: ...
        def array_new(self, b: C.Binding, sp: Span) -> ir.Expr: ...
        def array_item(self, base: ir.Expr, node: ast.Subscript, sp: Span) -> ir.Expr: ...
        def array_setitem(self, node: ast.stmt, base: ir.Expr, target: ast.Subscript, value_node: ast.expr,
                          op: ast.operator | None = None) -> list[ir.Stmt]: ...
        def array_len(self, e: ir.Expr, sp: Span) -> ir.Expr | None: ...
        def array_rebound(self, sym: ir.Symbol, value: ir.Expr, tspan: Span, sp: Span) -> list[ir.Stmt] | None: ...
        def lower_with(self, node: ast.With) -> list[ir.Stmt]: ...
        def held_call(self, call: ir.HelperCall | ir.Call, node: ast.expr) -> ir.IntList: ...
        def enter_block(self) -> None: ...
        def exit_block(self) -> None: ...
