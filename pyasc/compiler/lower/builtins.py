"""Calls of Python's builtins inside a kernel: print refused with asc.printf as the fix, any builtin CANN's tracer does
not see refused (PA101), the others (isinstance, len, int, float, range...) folded where their values are known."""

from __future__ import annotations

import ast

from ..diagnostics.model import Fix, Span, TextEdit
from ..ir import nodes as ir
from ..ir.types import IntListT, ScalarT, TupleT, UnknownT, scalar
from ..syntax import pure
from . import calls as C
from .base import KERNEL_BUILTINS, LowerBase
from .consteval import Unknown, from_value, py_value
from .introspect import instance_of, trace_class


class BuiltinLowering(LowerBase):
    """{spec['doc']}"""

    def builtin_call(self, name: str, args: list[C.Arg], sp: Span, node: ast.Call) -> ir.Expr:
        if name == "print":
            fixes: tuple[Fix, ...] = ()
            fspan = self.span(node.func)
            fixes = (Fix("Use asc.printf", (TextEdit(fspan, f"{self.asc_name()}.printf"),)),)
            self.report("PA103", "print() does not exist on the device; use asc.printf(fmt, *values)", fspan,
                        fixes=fixes)
            return ir.invalid(sp)
        if name not in KERNEL_BUILTINS:
            self.report("PA101", f"{name}() is not one of the builtins a jit function sees in CANN's pyasc ("
                        f"{', '.join(KERNEL_BUILTINS)}; any other is a NameError when it traces the kernel); compute "
                        "it in a module constant, where Python's builtins apply", sp)
            return ir.invalid(sp)
        if name == "isinstance" and len(args) == 2 and not any(a.keyword for a in args):
            value_class = trace_class(args[0].expr)
            answer = instance_of(value_class, args[1].expr) if value_class is not None else None
            if answer is None:
                return ir.Expr(sp, UnknownT())  # a class, or a value, this analysis cannot name: no finding
            return ir.Const(sp, scalar("int1", answer, sp), answer)
        if name == "range":
            try:
                bounds = range(*(py_value(a.expr) for a in args if a.keyword is None))  # type: ignore[arg-type]
            except (Unknown, TypeError, ValueError):
                bounds = None
            if bounds is not None and len(bounds) <= 1024 and not any(a.keyword for a in args):
                out = from_value(sp, tuple(bounds))  # a range object of the tracer's, as the tuple it iterates
                if out is not None:
                    self.has_lists = True
                    return out
        folded = self.builtin_value(name, args, sp)
        if folded is not None:
            return folded
        if name in ("float", "int") and len(args) == 1 and args[0].keyword is None:
            operand = args[0].expr
            if not isinstance(operand.type, (ScalarT, UnknownT)):
                self.report("PA303", f"{name}() needs a number, got {C.type_label(operand)}", operand.span)
                return ir.invalid(sp)
            if isinstance(operand.type, ScalarT) and not operand.type.compile_time:
                to = {"float": "float32", "int": "int32"}[name]
                fspan = self.span(node)
                alias = self.asc_name()
                text = f"{alias}.number({ast.unparse(node.args[0])}, {alias}.{to})"
                self.report("PA303", f"{name}() of a run-time value: CANN's pyasc calls Python's {name}() while "
                            f"tracing, where a run-time value has no number (TypeError); convert it with {text}",
                            fspan, fixes=(Fix(f"Use {text}", (TextEdit(fspan, text),)),))
                return ir.invalid(sp)
            to = {"float": "float32", "int": "int32"}[name]
            return ir.CastExpr(sp, scalar(to, None, sp), to, operand)
        if name == "range":
            self.report("PA104", "range() may only be used as the iterable of a for loop", sp)
            return ir.invalid(sp)
        if name in ("len", "list", "tuple", "str", "repr") and len(args) == 1 and args[0].keyword is None:
            operand = args[0].expr
            length = self.array_len(operand, sp) if name == "len" else None
            if length is not None:
                return length
            if name == "len" and isinstance(operand, (ir.HelperCall, ir.Call)) and isinstance(operand.type, TupleT) \
                    and operand.type.items:
                operand = self.held_call(operand, node.args[0])  # the call still runs, before the statement
            if name == "len" and isinstance(operand, ir.IntList):  # a tuple of run-time values: its length is known
                return ir.Const(sp, scalar("int32", len(operand.items), sp), len(operand.items))
            if not isinstance(operand.type, UnknownT):
                self.report("PA303", f"{name}() in a jit function runs while CANN's pyasc traces it: it needs a "
                            f"compile-time tuple, list, string or number, got {C.type_label(operand)}", operand.span)
            return ir.invalid(sp)
        self.report("PA101", f"the builtin {name}() is not supported in a jit function", sp)
        return ir.invalid(sp)

    def builtin_value(self, name: str, args: list[C.Arg], sp: Span) -> ir.Expr | None:
        """`len(SHAPE)`, `int(2.0)`, `list(dims)`: a builtin of compile-time values computed as the tracer
        computes it (pure.py's allow-list), emitted as its value; None when an argument is a run-time value."""
        if any(a.keyword is not None for a in args):
            return None
        try:
            values = tuple(py_value(a.expr) for a in args)
            value = pure.call(name, values)
        except (Unknown, pure.NotPure):
            return None
        out = from_value(sp, value)
        if isinstance(out, ir.IntList) and isinstance(out.type, IntListT):
            self.has_lists = True
        return out
