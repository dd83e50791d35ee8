"""The language's own helpers that act at compile time or are plain syntax: `asc.static_assert` (checked, emits
nothing), `asc.ceildiv` and `x.ceildiv(y)` (folded when both are known), `asc.inline` (verbatim C++), a
tensor's call syntax `t(i)` (the tensor from element i on, as CANN's pyasc types it), and the language's one
`with` form (`with matmul.iterate() as count:`)."""

from __future__ import annotations

import ast

from ...language.registry import APIS
from ..diagnostics.model import Span
from ..ir import nodes as ir
from ..ir.types import BoundMethodT, NoneT, ScalarT, StrT, TensorT, Type, UnknownT, scalar
from ..ir.walk import generic_constant
from . import calls as C
from .base import LowerBase

SCALAR_METHODS = {"ceildiv": "ceildiv"}
"""Methods of a run-time scalar, as the asc function each one is (`n.ceildiv(m)` is `asc.ceildiv(n, m)`)."""


class LanguageHelperLowering(LowerBase):
    """Compile-time language helpers and call syntax that is not an API call."""

    def scalar_method_call(self, ft: BoundMethodT, receiver: ir.Expr, args: list[C.Arg], sp: Span,
                           callee_span: Span) -> ir.Expr:
        name = SCALAR_METHODS[ft.name]
        return self.finish_call(APIS[name], name, [C.Arg(receiver)] + args, sp, callee_span)

    def tensor_call(self, tensor: ir.Expr, args: list[C.Arg], sp: Span) -> ir.Expr:
        """`t(i)`: like `t[i]`, the tensor that starts at element i."""
        t = tensor.type
        assert isinstance(t, TensorT)
        if len(args) != 1 or args[0].keyword is not None:
            self.report("PA301", "a tensor is called with one index: t(i)", sp)
            return ir.invalid(sp)
        index = args[0].expr
        if not isinstance(index.type, ScalarT) or (index.type.dtype is not None and not index.type.dtype.is_int):
            self.report("PA303", f"a tensor index must be an integer, got {C.type_label(index)}", index.span)
            return ir.invalid(sp)
        return ir.Subscript(sp, TensorT(t.memory, t.dvar, t.position, t.origin, view_of=t), tensor, index)

    def lower_with(self, node: ast.With) -> list[ir.Stmt]:
        """The language's one context manager: `with matmul.iterate(...) as count:` loops while Iterate computes
        another block of C (as CANN's pyasc lowers it); every other `with` is rejected, as there."""
        head = self._head_span(node)
        if len(node.items) != 1:
            self.unsupported(node, "a with statement of several items", "use one item per with statement")
            return []
        item = node.items[0]
        ctx = item.context_expr
        is_iterate = isinstance(ctx, ast.Call) and isinstance(ctx.func, ast.Attribute) and ctx.func.attr == "iterate"
        call = self.lower_expr(ctx) if is_iterate else None
        if call is None or not (isinstance(call, ir.Call) and call.api is not None
                                and call.api.name == "adv.Matmul.iterate"):
            if call is None or not isinstance(call.type, UnknownT):
                self.unsupported(node, "with", "the only context manager of the language is matmul.iterate()")
            return []
        var: ir.Symbol | None = None
        var_span: Span | None = None
        target = item.optional_vars
        if target is not None and not isinstance(target, ast.Name):
            self.unsupported(target, "this with target", "name the block counter: with m.iterate() as count:")
            return []
        self.enter_block()
        if isinstance(target, ast.Name):
            var_span = self.span(target)
            var = ir.Symbol(target.id, "variable", scalar("int32"), var_span, block=tuple(self.block))
            outer = self.symbols.get(target.id)
            self.symbols[target.id] = var
            self.all_symbols.append(var)
        body = self.lower_body(node.body)
        self.exit_block()
        if var is not None:
            if outer is not None:
                self.symbols[var.name] = outer
            else:
                del self.symbols[var.name]
        return [ir.IterateLoop(head, call, body, var, var_span)]

    def language_helper(self, name: str, b: C.Binding, sp: Span) -> ir.Expr | None:
        """The compile-time meaning of a language helper call, or None for an ordinary call."""
        if name == "static_assert":
            return self._static_assert(b, sp)
        if name == "ceildiv":
            x, y = _const(b.args.get("x")), _const(b.args.get("y"))
            if isinstance(x, int) and isinstance(y, int) and y != 0:
                value = (x + y - 1) // y
                return ir.Const(sp, scalar("int32", value, sp), value)
        if name == "array":
            return self.array_new(b, sp)
        if name == "inline":
            code = b.args.get("code")
            if code is not None and isinstance(code.type, StrT) and isinstance(code, ir.Const):
                return ir.ApiConst(sp, NoneT(), "inline", str(code.value).rstrip().rstrip(";"))
        return None

    def _static_assert(self, b: C.Binding, sp: Span) -> ir.Expr | None:
        if self.check_assertion(b.args.get("test"), b.args.get("message"), "asc.static_assert"):
            return None  # emitted: C++'s static_assert checks it
        return ir.Const(sp, NoneT(), None)

    def lower_assert(self, node: ast.Assert) -> None:
        """`assert test, message`: CANN's tracer checks it while tracing, as asc.static_assert (nothing emitted)."""
        test = self.lower_expr(node.test)
        message = self.lower_expr(node.msg) if node.msg is not None else None
        self.check_assertion(test, message, "assert")

    def check_assertion(self, test: ir.Expr | None, message: ir.Expr | None, form: str) -> bool:
        """The tracer's static_assert: the test must be a Python bool (a run-time value, or a number, is refused
        before it is tested), and a false one fails with its message (or for the lack of one).  True when the
        test is known only once the C++ template is instantiated (sizeof(T) == 2), for C++ to check."""
        if test is None or isinstance(test.type, UnknownT):
            return False
        text = str(message.value) if isinstance(message, ir.Const) and isinstance(message.type, StrT) else ""
        value = _const(test)
        if value is None and generic_constant(test):
            return True
        if value is None and isinstance(test.type, ScalarT) and test.type.ctime:
            return False  # a ConstExpr parameter with no launch value: known when CANN traces, not here
        if value is None:
            self.report("PA112", f"the condition of {form} must be known at compile time (literals, module "
                        "constants, ConstExpr parameters): CANN's pyasc checks it while tracing, where a run-time "
                        "value has no truth; check run-time values on the host", test.span)
        elif not isinstance(value, bool):
            kind = _article(type(value).__name__)
            self.report("PA112", f"the condition of {form} is {value!r}, {kind}: CANN's pyasc accepts only a bool "
                        "(a comparison) there; write it as a comparison, e.g. "
                        f"{ast.unparse(ast.Constant(value))} != 0", test.span)
        elif not value:
            failed = "static assertion failed" if form == "asc.static_assert" else "assertion failed"
            self.report("PA112", f"{failed}: {text}" if text else f"{failed} ({form} needs a "
                        "message: CANN's pyasc reports 'miss message' without one)", test.span)
        return False


def _const(e: ir.Expr | None) -> object:
    t: Type | None = e.type if e is not None else None
    return t.const if isinstance(t, ScalarT) else None


def _article(word: str) -> str:
    return ("an " if word[:1] in "aeiou" else "a ") + word
