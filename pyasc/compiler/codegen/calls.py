"""API calls expanded from the spec's C++ templates (spec.py's template language), argument by argument."""

from __future__ import annotations

import re

from ...language.registry import CLASSES
from ...language.spec import REQUIRED, ApiSpec, Overload
from ..diagnostics.model import Span
from ..ir import nodes as ir
from ..ir.types import AddrT, ArrayT, DTypeValT, ObjT, ScalarT, TensorT
from .text import PLACEHOLDER, cpp_literal, default_cpp

_MEMBER_TEMPLATE = re.compile(r"^\.(\w+)<")


def _member_template(literal: str) -> str:
    """`.F<` -> `.template F<`: a member template of an object whose type depends on a template parameter."""
    return _MEMBER_TEMPLATE.sub(r".template \1<", literal, count=1)


QUEUES = frozenset({"TQue", "TQueBind"})


_NARROW_INTS = frozenset({"int8_t", "uint8_t", "int16_t", "uint16_t", "uint32_t", "int64_t", "uint64_t"})
"""Integer element types no bare C++ literal has (a literal is int, or long long / unsigned long long)."""


_TAIL = re.compile(r"\{~(\w+)(?::=[^{}]*)?\}")


def _needed_tail(tpl: str, args: dict[str, ir.Expr]) -> frozenset[str]:
    """The `{~p}` arguments to write: each one passed, and every one before the last passed."""
    names = _TAIL.findall(tpl)
    last = max((i for i, n in enumerate(names) if n in args), default=-1)
    return frozenset(names[:last + 1])


OUT_ARG = re.compile(r"\{out:(u?int(?:8|16|32|64)_t)\}")


_OUT_N = re.compile(r"out(\d+):(u?int(?:8|16|32|64)_t)")
"""`{out0:uint16_t}`: value 0 of a tuple result, written into the variable it is unpacked into."""


_LIST_TYPE = re.compile(r"\{(\w+):(u?int(?:8|16|32|64)_t|float|bool)\}")


_ARRAY_KINDS = frozenset({"IntList", "List[int]", "list", "list[int]", "NumberList", "BoolList", "Array",
                          "TensorList"})


C_NUMBERS = frozenset({"int8_t", "uint8_t", "int16_t", "uint16_t", "int32_t", "uint32_t", "int64_t", "uint64_t",
                        "half", "float", "bfloat16_t"})


def same_item(a: ir.ArrayItem, b: ir.ArrayItem) -> bool:
    """Whether two element expressions name the same element (one array symbol, the same index expression)."""
    return isinstance(a.base, ir.Name) and isinstance(b.base, ir.Name) and a.base.symbol is b.base.symbol and \
        a.index is b.index


def array_kind(kind: str) -> bool:
    """A parameter whose list argument is declared as a C array: numbers, tensors, structs (`List[SliceInfo]`)."""
    return kind in _ARRAY_KINDS or (kind.startswith("List[") and kind[5:-1] in CLASSES)


def list_element_type(ov: Overload, param: str) -> str:
    """The C array element type of a list argument: `{p:uint16_t}` in the template, else a 64-bit mask word."""
    for m in _LIST_TYPE.finditer(ov.cpp or ""):
        if m.group(1) == param:
            return m.group(2)
    return "uint64_t"


def tests_dtypes(cond: ir.Expr) -> bool:
    from ..ir.walk import generic_constant, walk_expr

    return generic_constant(cond) and any(
        isinstance(x, ir.DTypeRef) or (isinstance(x, ir.Call) and x.api is not None
                                       and x.api.name.startswith("DataType.")) for x in walk_expr(cond))


class CallEmit:
    """Mixed into KernelGen (kernel.py), which holds the state it reads."""

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
        outer_tail, self._tail = self._tail, _needed_tail(tpl, args)
        pos = 0
        first_literal = True
        dependent = False
        depth = 0
        outer_in_template = self._in_template
        for m in PLACEHOLDER.finditer(tpl):
            literal = tpl[pos:m.start()]
            pos = m.end()
            depth += literal.count("<") - literal.count(">")
            # a compile-time record's fields (a MatmulConfig) must be constant expressions, as template arguments
            self._in_template = depth > 0 or self._constexpr_value
            ph = m.group(1) or ""
            if dependent and ph.startswith("<") and any(n in args for n in ph[1:].split(",")):
                literal += "<"  # `.IterateAll{<sync}`: the template arguments that follow make `.F` a member template
                literal = _member_template(literal)[:-1]
            elif dependent:
                literal = _member_template(literal)
            self._literal(literal, callee_span if first_literal else None)
            first_literal = False
            token = m.group(0)
            if token in ("{{", "}}"):
                e.write(token[0])
                continue
            self.placeholder(m.group(1), ov, args, varargs, receiver)
            dependent = m.group(1) == "self" and self._dependent(receiver)
        self._literal(_member_template(tpl[pos:]) if dependent else tpl[pos:], None)
        self._tail = outer_tail
        self._in_template = outer_in_template

    def _dependent(self, e: ir.Expr | None) -> bool:
        """Whether e's C++ type depends on a template parameter, so that its member templates are called as
        `e.template F<...>()`: a tensor of a generic element type, a queue parameter of a deduced depth, a Matmul
        parameter of a deduced type."""
        if e is None:
            return False
        if isinstance(e.type, TensorT):
            return e.type.dvar.value is None
        return isinstance(e, ir.Name) and e.symbol is not None and (
            id(e.symbol) in self.value_params or id(e.symbol) in self.type_params)

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
        if ph.startswith("out:"):
            e.write(self._out_name)
            return
        m = _OUT_N.fullmatch(ph)
        if m is not None:  # the n-th value of a tuple result: the variable it is unpacked into
            e.write(self._out_targets[int(m.group(1))])
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
        if ph.startswith(","):  # an Optional argument given as None is omitted too, as CANN's tracer omits it
            name = ph[1:]
            if name in args and not (isinstance(args[name], ir.Const) and args[name].value is None):
                e.write(", ")
                self.expr(args[name])
            return
        if ph.startswith("~"):  # a trailing positional argument, written when it or a later one was passed
            name, _, fallback = ph[1:].partition(":=")  # `{~p:=text}`: the C++ text when p is omitted
            if name in self._tail:
                if not (e.parts and e.parts[-1].endswith(("(", "<"))):
                    e.write(", ")
                if fallback and name not in args:
                    e.write(fallback)
                else:
                    self._arg_or_default(name, ov, args)
            return
        if ph.startswith("<"):  # template arguments up to the last one passed
            names = ph[1:].split(",")
            passed = [i for i, n in enumerate(names) if n in args]
            if passed:
                e.write("<")
                for i, n in enumerate(names[:passed[-1] + 1]):
                    if i:
                        e.write(", ")
                    if n == "T" and ov.param("T") is None:  # the primary tensor's element type
                        e.write(self.primary_dtype(ov, args, receiver))
                    else:
                        self._arg_or_default(n, ov, args)
                e.write(">")
            return
        if "." in ph and ph.endswith(".T") and ":" not in ph:
            name = ph[:-2]
            a = args.get(name)
            if a is not None and isinstance(a.type, (TensorT, AddrT, ScalarT)):
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
        if arg is None and fmt == "init":  # `{p:init}`: an omitted struct member is value-initialized
            e.write("{}")
            return
        if arg is None and fmt.startswith("="):  # `{p:=text}`: an omitted argument is that C++ text
            e.write(fmt[1:])
            return
        if arg is None:
            if param is None or param.default is REQUIRED or param.default is None:
                self._trim_comma()
                return
            target = self.primary_dtype(ov, args, receiver) if fmt == "T" else None
            e.write(default_cpp(param.default, target))
            return
        if fmt == "T" or fmt.endswith(".T"):  # `{p:T}`, `{p:q.T}`: the element type Ascend C deduces T from
            self.scalar_as(arg, self.scalar_target(fmt, ov, args, receiver))
            return
        if fmt == "elem":  # `{p:elem}`: the element type of a list's tensors (or of the tensors its addresses are of)
            dvar = ir.element_dvar(arg)
            e.write(self.types.dtype(dvar) if dvar is not None else self.primary_dtype(ov, args, receiver))
            return
        if fmt == "len" and isinstance(arg.type, ArrayT):  # `{p:len}` of an asc.array: its length
            with e.node(arg.span):
                if arg.type.length is not None:
                    e.write(str(arg.type.length))
                elif isinstance(arg, ir.ArrayNew) and arg.length is not None:
                    self.expr(arg.length)
            return
        if fmt and isinstance(arg.type, ArrayT):  # `{p:uint32_t}`: the array, or its copy of that type
            name = self.mask_names.get(id(arg))
            if name:
                with e.node(arg.span):
                    e.write(name)
            else:
                self.expr(arg)
            return
        if fmt == "len" and isinstance(arg, ir.IntList):  # `{p:len}`: how many items the list has
            with e.node(arg.span):
                e.write(str(len(arg.items)))
            return
        if fmt.startswith("self.") and receiver is not None and isinstance(receiver.type, ObjT):
            dvar = receiver.type.dvars.get(fmt[5:])  # a Matmul operand's element type: SetTensorA(half) for A
            if dvar is not None and dvar.value is not None:
                self.scalar_as(arg, self.types.dtype(dvar))
                return
        if fmt and isinstance(arg, ir.IntList):  # `{p:uint16_t}`: the list, declared as that C array
            self.expr(arg)
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
        if self._in_template:
            self._template_arg(arg)
            return
        self.expr(arg)

    def _template_arg(self, arg: ir.Expr) -> None:
        """A template argument must be a C++ constant expression: a literal, a module constant and a ConstExpr
        parameter (all constexpr) are written as they are; any other value the analysis folded (a local, a
        comparison, whose bare `>` would end the argument list) as its literal (`Muls<half, true>`)."""
        t = arg.type
        keep = isinstance(arg, (ir.Const, ir.ConstName)) or isinstance(arg, ir.Name) and isinstance(t, ScalarT) \
            and t.ctime
        if not keep and isinstance(t, ScalarT) and isinstance(t.const, (bool, int)):
            with self.e.node(arg.span):
                self.e.write(cpp_literal(t.const))
            return
        self.expr(arg)

    def _arg_or_default(self, name: str, ov: Overload, args: dict[str, ir.Expr]) -> None:
        arg = args.get(name)
        param = ov.param(name)
        if arg is None:
            if param is not None and param.default not in (REQUIRED, None):
                self.e.write(default_cpp(param.default))
            else:  # an Optional[...] = None the language fills in: C++'s own default
                self.e.write("false" if param is not None and param.kind == "bool" else "0")
        elif param is not None and param.kind == "bool" and isinstance(arg, ir.Const):
            with self.e.node(arg.span):
                self.e.write(cpp_literal(bool(arg.value)))
        else:
            self._template_arg(arg)  # `{<p,q}` writes template arguments only

    def scalar_target(self, fmt: str, ov: Overload, args: dict[str, ir.Expr], receiver: ir.Expr | None) -> str:
        """The C++ type of a `{p:T}` (the primary tensor's element type) or `{p:q.T}` (tensor q's) scalar."""
        if fmt != "T":
            a = args.get(fmt[:-2])
            if a is not None and isinstance(a.type, (TensorT, AddrT)):
                return self.types.dtype(a.type.dvar)
        return self.primary_dtype(ov, args, receiver)

    def scalar_as(self, arg: ir.Expr, target: str) -> None:
        """A scalar passed where the headers deduce one type T from it and from a tensor (`Adds(const
        LocalTensor<T>&, ..., const T&, ...)`): it must be exactly the element type, so a literal is written in it
        (`0.0f`; `static_cast<T_x>(0)` where the element type is a template parameter) and any other value of
        another type is cast."""
        e = self.e
        if isinstance(arg, ir.Const) and isinstance(arg.value, (int, float)) and not isinstance(arg.value, bool):
            with e.node(arg.span):
                if target not in C_NUMBERS and target != "double":  # a template parameter: no literal has it
                    e.write(f"static_cast<{target}>({cpp_literal(arg.value)})")
                elif isinstance(arg.value, int) and target in _NARROW_INTS:
                    # a bare literal is an int, and the headers deduce T from it as from the tensor
                    e.write(f"static_cast<{target}>({arg.value})")
                else:
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
