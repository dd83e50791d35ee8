"""Statements: assignments, loops, conditionals, returns, and the scoping of the C++ variables they declare."""

from __future__ import annotations

import ast
import time

from ..diagnostics.model import Fix, Severity, TextEdit
from ..ir import nodes as ir
from ..ir.types import (
    IntListT,
    TupleT,
)
from . import resume
from .assign import AssignLowering
from .base import TooComplex
from .control import ControlLowering
from .rebind import RebindLowering

_UNSUPPORTED_STMT = {
    ast.Break: "break", ast.Continue: "continue", ast.Try: "try", ast.Raise: "raise", ast.With: "with",
    ast.AsyncWith: "async with", ast.AsyncFor: "async for", ast.Global: "global", ast.Nonlocal: "nonlocal",
    ast.Import: "import", ast.ImportFrom: "import", ast.FunctionDef: "a nested def", ast.AsyncFunctionDef:
    "a nested async def", ast.ClassDef: "a class definition", ast.Delete: "del", ast.Match: "match",
}
if hasattr(ast, "TryStar"):
    _UNSUPPORTED_STMT[ast.TryStar] = "try"  # type: ignore[attr-defined]


class StmtLowering(AssignLowering, ControlLowering, RebindLowering):
    """The statement part of a Lowerer."""

    def lower_body(self, stmts: list[ast.stmt]) -> list[ir.Stmt]:
        """A block inside the function (its top level is lower_top's)."""
        return self._lower_from(stmts, [], 0)

    def lower_top(self, stmts: list[ast.stmt], params: list[ir.Symbol], out: list[ir.Stmt], start: int
                  ) -> list[ir.Stmt]:
        """The function's body from statement `start` on, after `out` (the IR of the statements before it; `params`
        the function's parameters), with the checkpoint its resume plan asks for (resume.py)."""
        if start == 0 and stmts and isinstance(stmts[0], ast.Expr) and isinstance(stmts[0].value, ast.Constant) \
                and isinstance(stmts[0].value.value, str):
            start = 1  # docstring
        return self._lower_from(stmts, out, start, params)

    def _lower_from(self, stmts: list[ast.stmt], out: list[ir.Stmt], start: int,
                    params: list[ir.Symbol] | None = None) -> list[ir.Stmt]:
        plan = self.resume_plan if params is not None else None
        for i in range(start, len(stmts)):
            stmt = stmts[i]
            if plan is not None and i == plan.take_at:
                resume.take(plan, self, params or [], out)
            made = self.helper_calls_made
            saved, self.prelude = self.prelude, []
            lowered = self.lower_stmt(stmt)
            if plan is not None and plan.first_call < 0 and self.helper_calls_made != made:
                plan.first_call = i
            out.extend(self.prelude)
            self.prelude = saved
            out.extend(lowered)
            if self.returned:
                break  # CANN's tracer discards everything after a return it has traced
        return out

    def enter_block(self) -> None:
        self._block_counter += 1
        self.block.append(self._block_counter)

    def exit_block(self) -> None:
        self.block.pop()

    def lower_stmt(self, node: ast.stmt) -> list[ir.Stmt]:
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise TooComplex(self.fn.node.name)
        if isinstance(node, ast.With):
            return self.lower_with(node)
        what = _UNSUPPORTED_STMT.get(type(node))  # ast's statement classes are leaves: the type is the kind
        if what is not None:
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
            return [ir.Pass(self.span(node))]
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
            before = len(self.prelude)
            cond = self.lower_expr(node.test)
            if len(self.prelude) > before:
                del self.prelude[before:]
                self.unsupported(node.test, "a helper's results indexed in a while condition",
                                 "hold them in a name first and update it in the body")
            self.enter_block()
            self.loop_blocks.add(self.block[-1])
            body = self.lower_body(node.body)
            self.exit_block()
            return [ir.While(self._head_span(node), cond, body)]
        if isinstance(node, ast.If):
            return self.lower_if(node)
        if isinstance(node, ast.Return):
            return self.lower_return(node)
        if isinstance(node, ast.Assert):
            self.lower_assert(node)  # compile-time only, as in CANN's pyasc
            return []
        self.unsupported(node, f"'{type(node).__name__}' statement")
        return []

    def lower_expr_stmt(self, node: ast.Expr) -> list[ir.Stmt]:
        if isinstance(node.value, ast.Constant) and (isinstance(node.value.value, str) or node.value.value is ...):
            return []  # a string used as a comment, or `...` as an empty body
        if isinstance(node.value, ast.Constant) and node.value.value is Ellipsis:
            return [ir.Pass(self.span(node))]  # `...` as a statement does nothing, as `pass`
        expr = self.lower_expr(node.value)
        if isinstance(expr, ir.Call) and expr.api is not None and expr.overload is not None:
            ret = expr.overload.returns
            name = expr.api.leaf
            if ret not in ("None", "Any") and (name.startswith("get") or name in ("alloc_tensor", "deque")):
                self.report("PA705", f"the result of {name}() is discarded", expr.span, Severity.WARNING)
        return [ir.ExprStmt(self.span(node), expr)]


    def lower_return(self, node: ast.Return) -> list[ir.Stmt]:
        """A return outside run-time if/for/while bodies (a compile-time if or an unrolled asc.static_range is no
        such body) ends the function: as in CANN's tracer, what follows it is never traced."""
        sp = self.span(node)
        if len(self.block) > 1:
            self.report("PA105", "return is not allowed inside an if/for/while on run-time values (CANN's pyasc: "
                        "Return statement is not allowed in nested blocks); assign the result to a name and return "
                        "it at the end", sp)
            return []
        self.returned = True
        if node.value is None:
            return [ir.Return(sp, None)]
        if self.kind == "kernel":
            self.report("PA102", "a kernel cannot return a value; write the result to a GlobalTensor (helpers "
                        "called from kernels may return values)", self.span(node.value),
                        fixes=(Fix("Remove the returned value", (TextEdit(self.span(node.value), ""),)),))
            return []
        value = self.lower_expr(node.value)
        if isinstance(value, ir.IntList) and isinstance(value.type, IntListT):
            # a returned list gives its items as results, like a tuple (CANN's tracer returns each one)
            value = ir.IntList(value.span, TupleT(tuple(i.type for i in value.items)), value.items)
        self.returns.append(value.type)
        return [ir.Return(sp, value)]


