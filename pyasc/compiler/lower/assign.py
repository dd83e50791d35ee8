"""Assignments: to names (with the tracer's rules for compile-time bindings and re-binding), unpacking, tuple and list
values held in names, item assignment, augmented assignment."""

from __future__ import annotations

import ast

from ...language.registry import CLASSES, method
from ..diagnostics.model import Fix, Related, Severity, Span, TextEdit
from ..ir import nodes as ir
from ..ir.types import AddrT, ArrayT, NoneT, ObjT, ScalarT, TensorT, TupleT, Type, UnknownT, same_kind, unify
from ..ir.value_kinds import binding
from . import calls as C
from .base import BINOP
from .consteval import Unknown, py_value
from .rebind import RebindLowering


def _declared_items(value: ast.expr) -> bool:
    """A list or tuple literal of objects C++ declares (asc.TBuf(...), asc.TQue(...)): each must be a variable."""
    return isinstance(value, (ast.List, ast.Tuple)) and bool(value.elts) and all(
        isinstance(e, ast.Call) and isinstance(e.func, ast.Attribute) and e.func.attr in CLASSES
        and CLASSES[e.func.attr].declared for e in value.elts)


class AssignLowering(RebindLowering):
    """{spec['doc']}"""

    def lower_assign(self, node: ast.stmt, targets: list[ast.expr], value_node: ast.expr) -> list[ir.Stmt]:
        if len(targets) != 1:
            self.unsupported(node, "chained assignment (a = b = ...)", "assign one name at a time")
            return []
        target = targets[0]
        if isinstance(target, ast.Tuple) and not all(isinstance(t, ast.Name) for t in target.elts):
            self.unsupported(target, "a tuple target holding anything but names (a, (b, c) = ...; a, t[0] = ...)",
                             "CANN's pyasc assigns a name or a tuple of names: unpack in two steps")
            self.lower_expr(value_node)
            self.define_unknown(target)
            return []
        if isinstance(target, ast.Tuple):
            if isinstance(value_node, ast.Tuple) and len(value_node.elts) == len(target.elts):
                out: list[ir.Stmt] = []
                for t, v in zip(target.elts, value_node.elts, strict=True):
                    out.extend(self.lower_assign(node, [t], v))
                return out
            value = self.lower_expr(value_node)
            if isinstance(value, (ir.HelperCall, ir.Call)) and isinstance(value.type, TupleT) and \
                    len(value.type.items) == len(target.elts) and all(isinstance(t, ast.Name) for t in target.elts):
                return self.lower_unpack(node, target.elts, value)  # type: ignore[arg-type]
            if isinstance(value, ir.IntList) and isinstance(value.type, TupleT) and \
                    len(value.items) == len(target.elts):
                out = []
                for t, item in zip(target.elts, value.items, strict=True):
                    out.extend(self.assign_value(node, t, item))
                return out
            count = len(value.items) if isinstance(value, ir.IntList) else len(value.type.items) if isinstance(
                value.type, TupleT) else None
            if isinstance(value.type, UnknownT):
                pass
            elif count is not None:
                self.report("PA303", f"{len(target.elts)} names are assigned {count} values", self.span(node))
            else:
                self.unsupported(node, f"tuple unpacking of {value.type.display()}")
            self.define_unknown(target)
            return []
        if isinstance(target, ast.Subscript):
            return self.lower_setitem(node, target, value_node)
        if isinstance(target, ast.Attribute):
            return self.assign_member(node, target, value_node)
        if not isinstance(target, ast.Name):
            self.unsupported(target, "this assignment target")
            return []
        if _declared_items(value_node):
            return self.assign_declared_items(node, target, value_node)  # type: ignore[arg-type]
        return self.assign_value(node, target, self.lower_expr(value_node))

    def assign_declared_items(self, node: ast.stmt, target: ast.Name, value_node: ast.List | ast.Tuple
                              ) -> list[ir.Stmt]:
        """`bufs = [asc.TBuf(...), asc.TBuf(...)]`: each object is one variable (`bufs_item0`, ...), as each is
        one object at trace time; the list holds the variables, so `bufs[0]` is the same TBuf wherever it is read
        (written as it stands, every subscript would construct a new one)."""
        out: list[ir.Stmt] = []
        names: list[ast.expr] = []
        for i, elt in enumerate(value_node.elts):
            name = ast.copy_location(ast.Name(id=f"{target.id}_item{i}", ctx=ast.Store()), elt)
            out.extend(self.assign_value(node, name, self.lower_expr(elt)))
            names.append(ast.copy_location(ast.Name(id=name.id, ctx=ast.Load()), elt))
        seq = ast.List(elts=names, ctx=ast.Load()) if isinstance(value_node, ast.List) else \
            ast.Tuple(elts=names, ctx=ast.Load())
        out.extend(self.assign_value(node, target, self.lower_expr(ast.copy_location(seq, value_node))))
        return out

    def lower_unpack(self, node: ast.stmt, names: list[ast.Name], call: ir.HelperCall | ir.Call) -> list[ir.Stmt]:
        assert isinstance(call.type, TupleT)
        syms, spans, declare = [], [], []
        for name, t in zip(names, call.type.items, strict=True):
            tspan = self.span(name)
            self.ct_locals.pop(name.id, None)
            sym = self.symbols.get(name.id)
            if sym is not None and self._visible(sym) and same_kind(sym.type, t):
                sym.refs.append(tspan)
                declare.append(False)
            else:
                sym = ir.Symbol(name.id, self._kind_for(t), t, tspan, block=tuple(self.block))
                self.symbols[name.id] = sym
                self.all_symbols.append(sym)
                declare.append(True)
            syms.append(sym)
            spans.append(tspan)
        return [ir.Unpack(self.span(node), syms, spans, declare, call)]

    def assign_value(self, node: ast.stmt, target: ast.expr, value: ir.Expr) -> list[ir.Stmt]:
        """`name = value` with the value lowered."""
        sp = self.span(node)
        if not isinstance(target, ast.Name):
            self.unsupported(target, "this assignment target")
            return []
        tspan = self.span(target)
        if isinstance(value, (ir.HelperCall, ir.Call)) and isinstance(value.type, TupleT) and value.type.items:
            return self.hold_results(node, target, value)
        if isinstance(value, ir.IntList) and isinstance(value.type, TupleT):
            out, held = self.hold_items(node, target, target.id, value)
            self.bind_compile_time(target, held)
            self.held_lists.discard(target.id)
            return out
        if binding(value):
            # a dtype, enum member, class, function, list or string: a compile-time value the name stands for
            # (as at trace time), not a C++ variable
            self.bind_compile_time(target, value)
            return []
        if isinstance(value.type, NoneT) and target.id not in self.symbols:
            # None (or the result of a helper that returns nothing) is a Python value the name stands for
            self.ct_locals[target.id] = ir.Const(value.span, NoneT(), None)
            return [ir.ExprStmt(sp, value)] if isinstance(value, (ir.HelperCall, ir.Call)) else []
        self.ct_locals.pop(target.id, None)
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
            sym = ir.Symbol(target.id, kind, value.type, tspan, block=tuple(self.block), value_span=value.span)
            self.symbols[target.id] = sym
            self.all_symbols.append(sym)
            return [ir.Assign(sp, sym, tspan, value, declare=True)]
        if sym.kind == "parameter" and isinstance(sym.type, AddrT):
            self.report("PA108", f"parameter '{target.id}' is a GlobalAddress and cannot be re-assigned", tspan)
            return []
        if tuple(self.block) != sym.block:
            refill = self.array_rebound(sym, value, tspan, sp)
            if refill is not None:
                return refill
        if self._changes_type(sym.type, value.type):
            if tuple(self.block) == sym.block:
                # straight-line code: the name now stands for another value (as at trace time), a new C++ variable
                count = sum(1 for other in self.all_symbols if other.name == target.id)
                fresh = ir.Symbol(target.id, self._kind_for(value.type), value.type, tspan, block=tuple(self.block),
                                  cpp_name=f"{target.id}_{count + 1}", value_span=value.span)
                self.symbols[target.id] = fresh
                self.all_symbols.append(fresh)
                return [ir.Assign(sp, fresh, tspan, value, declare=True)]
            self.report("PA108", f"'{target.id}' is re-assigned to a value of another type inside an if/for/while "
                        f"body: it was {sym.type.display()}, now {value.type.display()} (CANN's pyasc rejects this; "
                        "use a new name)", tspan,
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
            self.check_rebind(sym, value.type, tspan, value.span)
            if sym.type.const is not None and value.type.const != sym.type.const:
                sym.type = ScalarT(sym.type.dvar)  # no longer one known value
        sym.refs.append(tspan)
        return [ir.Assign(sp, sym, tspan, value, declare=False)]

    def bind_compile_time(self, target: ast.Name, value: ir.Expr) -> None:
        """The name stands for a compile-time value (as at trace time), not a C++ variable."""
        self.check_binding_rebind(target.id, self.span(target))
        prev = self.ct_blocks.get(target.id) if target.id in self.ct_locals else None
        self.ct_locals[target.id] = value
        if prev is None or tuple(self.block[:len(prev)]) != prev:  # (a re-binding keeps where it was first bound)
            self.ct_blocks[target.id] = tuple(self.block)

    def define_unknown(self, target: ast.expr) -> None:
        """The names of a target whose assignment failed (reported) stand for unknown values from here on, so that
        their uses report nothing more."""
        for t in target.elts if isinstance(target, ast.Tuple) else [target]:
            if isinstance(t, ast.Starred):
                t = t.value
            if isinstance(t, ast.Name):
                self.ct_locals[t.id] = ir.invalid(self.span(t))
                self.ct_blocks[t.id] = tuple(self.block)

    def _item_target(self, near: ast.expr, name: str, reuse: bool = True) -> ast.Name:
        """A name of its own for one item of a tuple held in a name (`offs_0`), beside the user's names; the same
        name re-bound reuses its items' names, unless `reuse` is False (each call's results their own)."""
        taken = set(self.symbols) | set(self.ct_locals) | set(self.m.constants)
        unique, n = name, 2
        while unique in taken and (unique not in self.item_names or not reuse):
            unique, n = f"{name}_{n}", n + 1
        self.item_names.add(unique)
        return ast.copy_location(ast.Name(id=unique, ctx=ast.Store()), near)

    def hold_results(self, node: ast.stmt, target: ast.Name, call: ir.HelperCall | ir.Call) -> list[ir.Stmt]:
        """`offs = helper(...)` of a helper returning several values: CANN's tracer holds them as a Python list of
        its values, so the name is a compile-time grouping of them, each its own C++ variable (`offs_0`, ...)
        that the call writes as `a, b = helper(...)` writes `a` and `b`; `a, b = offs`, `offs[1]`, `len(offs)`
        read the grouping at compile time."""
        assert isinstance(call.type, TupleT)
        names = [self._item_target(target, f"{target.id}_{i}") for i in range(len(call.type.items))]
        out = self.lower_unpack(node, names, call)
        unpack = out[0]
        assert isinstance(unpack, ir.Unpack)
        for sym in unpack.targets:
            sym.item_of = target.id
        items: list[ir.Expr] = [ir.Name(sp, sym.type, sym) for sym, sp in zip(unpack.targets, unpack.target_spans,
                                                                              strict=True)]
        self.bind_compile_time(target, ir.IntList(call.span, TupleT(tuple(i.type for i in items)), items))
        if isinstance(call, ir.HelperCall):  # (an asc API gives a Python tuple)
            self.held_lists.add(target.id)
        else:
            self.held_lists.discard(target.id)
        return out

    def held_call(self, call: ir.HelperCall | ir.Call, node: ast.expr) -> ir.IntList:
        """`bounds(i)[1]`, `len(bounds(i))`: the call's results, each in a variable of its own (`bounds_0`, ...)
        written before the statement, as a tuple of them."""
        assert isinstance(call.type, TupleT)
        func = node.func if isinstance(node, ast.Call) else node
        base = ast.unparse(func).rsplit(".", 1)[-1] if isinstance(func, (ast.Name, ast.Attribute)) else "result"
        names = [self._item_target(node, f"{base}_{i}", reuse=False) for i in range(len(call.type.items))]
        stmts = self.lower_unpack(node, names, call)  # type: ignore[arg-type]
        unpack = stmts[0]
        assert isinstance(unpack, ir.Unpack)
        for sym in unpack.targets:
            sym.item_of = base
        self.prelude.extend(stmts)
        items: list[ir.Expr] = [ir.Name(sp, sym.type, sym) for sym, sp in zip(unpack.targets, unpack.target_spans,
                                                                              strict=True)]
        return ir.IntList(call.span, TupleT(tuple(i.type for i in items)), items)

    def hold_items(self, node: ast.stmt, near: ast.expr, name: str, value: ir.IntList
                   ) -> tuple[list[ir.Stmt], ir.IntList]:
        """`p = (i * 64, 64)`: a tuple built in the kernel holds the values its items had then, so each run-time
        number becomes a C++ variable of its own (`p_0`), written where the tuple is built; compile-time items,
        tensors and objects stay what they are, nested tuples are held item by item (`p_0_1`)."""
        out: list[ir.Stmt] = []
        items: list[ir.Expr] = []
        for i, item in enumerate(value.items):
            if isinstance(item, ir.IntList) and isinstance(item.type, TupleT):
                stmts, held = self.hold_items(node, near, f"{name}_{i}", item)
                out.extend(stmts)
                items.append(held)
            elif isinstance(item.type, ScalarT) and not item.type.compile_time:
                t = self._item_target(near, f"{name}_{i}")
                out.extend(self.assign_value(node, t, item))
                sym = self.symbols.get(t.id)
                if sym is None:
                    items.append(item)
                    continue
                sym.item_of = name
                items.append(ir.Name(item.span, sym.type, sym))
            else:
                items.append(item)
        return out, ir.IntList(value.span, TupleT(tuple(i.type for i in items)), items)

    def assign_held_item(self, node: ast.stmt, target: ast.Subscript, base: ir.IntList,
                         value_node: ast.expr) -> list[ir.Stmt]:
        """`offs[0] = v`: item assignment on a helper's results (a Python list in CANN's tracer) replaces the item,
        the item's variable is assigned; a tuple built in the kernel is a Python tuple, which has none."""
        name = target.value.id if isinstance(target.value, ast.Name) else ""
        value = self.lower_expr(value_node)
        if name not in self.held_lists:
            self.report("PA303", f"item assignment on a tuple ({ast.unparse(target.value)} is "
                        f"{base.type.display()}): CANN's pyasc holds a tuple built in the kernel as a Python tuple, "
                        "which has no item assignment; build a new tuple", self.span(node))
            return []
        try:
            key = py_value(self.lower_expr(target.slice))
            item = base.items[key]  # type: ignore[index]
        except Unknown:
            self.report("PA303", f"item assignment on {name} needs a compile-time index (the tracer assigns the "
                        "item of the Python list); use a literal or a module constant", self.span(target.slice))
            return []
        except (IndexError, TypeError):
            self.report("PA303", f"index {ast.unparse(target.slice)} is out of range or not an int for {name}, "
                        f"which holds {len(base.items)} values", self.span(target))
            return []
        if not isinstance(item, ir.Name) or item.symbol is None or not isinstance(value.type, ScalarT) or \
                not isinstance(item.type, ScalarT):
            self.unsupported(node, f"item assignment of {value.type.display()} on {name}")
            return []
        out = self.assign_value(node, ast.copy_location(ast.Name(id=item.symbol.name, ctx=ast.Store()),
                                                         target), value)
        sym = self.symbols.get(item.symbol.name)
        if sym is not None and sym is not item.symbol:  # a new variable of another type holds the item now
            sym.item_of = name
            items = list(base.items)
            items[key] = ir.Name(item.span, sym.type, sym)  # type: ignore[index]
            self.ct_locals[name] = ir.IntList(base.span, TupleT(tuple(i.type for i in items)), items)
        return out

    @staticmethod
    def _changes_type(old: Type, new: Type) -> bool:
        """Does binding a value of type `new` to a name of type `old` change what C++ type it needs?"""
        if isinstance(old, ArrayT) or isinstance(new, ArrayT):
            return True  # a C array is never assigned: a new asc.array is a new C array
        if not same_kind(old, new):
            return True
        if isinstance(old, TensorT) and isinstance(new, TensorT):
            a, b = old.dvar.value, new.dvar.value
            return a is not None and b is not None and a != b
        if isinstance(old, ScalarT) and isinstance(new, ScalarT):
            a, b = old.dvar.value, new.dvar.value
            return a is not None and b is not None and a.is_int and b.is_float
        return False

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
        if isinstance(base.type, ArrayT):
            return self.array_setitem(node, base, target, value_node)
        if isinstance(base, ir.IntList) and isinstance(base.type, TupleT):
            return self.assign_held_item(node, target, base, value_node)
        if not isinstance(base.type, TensorT):
            if not isinstance(base.type, UnknownT):
                self.unsupported(target, f"item assignment on {base.type.display()}")
            return []
        spec = method("LocalTensor" if base.type.memory == "local" else "GlobalTensor", "set_value")
        index = self.lower_expr(target.slice)
        value = self.lower_expr(value_node)
        # CANN's tensors have no item assignment: an element is written with set_value
        call_text = f"{ast.unparse(target.value)}.set_value({ast.unparse(target.slice)}, {ast.unparse(value_node)})"
        self.report("PA101", "item assignment on a tensor is not supported in a jit function; use "
                    f"{call_text}", self.span(node),
                    fixes=(Fix("Use set_value", (TextEdit(self.span(node), call_text),)),))
        if spec is None:
            self.unsupported(target, "item assignment")
            return []
        call = self.finish_call(spec, "set_value", [C.Arg(index), C.Arg(value)], self.span(node), self.span(target),
                                receiver=base)
        return [ir.ExprStmt(self.span(node), call)]

    def lower_augassign(self, node: ast.AugAssign) -> list[ir.Stmt]:
        if isinstance(node.target, ast.Subscript):
            base = self.lower_expr(node.target.value)
            if isinstance(base.type, ArrayT):  # `a[i] += v`: CANN reads the element, adds, stores
                return self.array_setitem(node, base, node.target, node.value, node.op)
        if not isinstance(node.target, ast.Name):
            self.unsupported(node.target, "augmented assignment to this target",
                             "write s.field = s.field + value" if isinstance(node.target, ast.Attribute) else "")
            return []
        sym = self.symbols.get(node.target.id)
        tspan = self.span(node.target)
        if sym is None or not self._visible(sym):
            self.report("PA201", f"'{node.target.id}' is not defined before it is updated", tspan)
            return []
        op = BINOP.get(type(node.op))
        if op is None:
            self.report("PA111", f"operator {type(node.op).__name__} is not supported", self.span(node))
            return []
        value = self.lower_expr(node.value)
        if isinstance(sym.type, ScalarT) and isinstance(value.type, ScalarT):
            self.check_unsigned_operands(op, (node.target, node.value), (ir.Name(tspan, sym.type, sym), value))
            both = sym.type.compile_time and value.type.compile_time
            self.check_rebind(sym, ScalarT(sym.type.dvar, ctime=both), tspan, None)
            if sym.type.const is not None:
                sym.type = ScalarT(sym.type.dvar, ctime=sym.type.ctime or both)  # no longer one known value
        sym.reads += 1
        sym.refs.append(tspan)
        if op == "/" and isinstance(sym.type, ScalarT) and sym.type.dvar.value is not None and \
                sym.type.dvar.value.is_int:
            self.report("PA404", f"'/=' on the int '{sym.name}' divides integers, as in CANN's pyasc (Python would "
                        "make it a float); write '//=' to say so", self.span(node), Severity.WARNING,
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
