"""Calls: API calls resolved against the spec, their result types, helper calls (specialized per call) and builtins."""

from __future__ import annotations

import ast
import functools
import re

from ...language import dtypes as dt
from ...language.registry import APIS, CLASSES, ENUMS, method
from ...language.spec import NOTHING, ApiSpec, Overload
from ..diagnostics.model import Severity, Span
from ..ir import nodes as ir
from ..ir.types import (
    AddrT,
    BoundMethodT,
    ClassRefT,
    DTypeValT,
    DVar,
    FuncRefT,
    NoneT,
    ObjT,
    ScalarT,
    StructT,
    TensorT,
    TupleT,
    Type,
    UnknownT,
    scalar,
    unify,
)
from ..syntax.structs import tiling_struct
from . import calls as C
from . import ruleapi
from .arrays import cast_supported
from .base import SPECIAL_NAMES, CallRecord, LowerBase
from .builtins import BuiltinLowering
from .construct import MATMUL_OPERANDS
from .helper_site import HelperCallLowering


@functools.lru_cache(maxsize=4096)
def _template_args(cpp: str) -> tuple[str, ...]:
    """The parameters an overload's C++ template passes as template arguments (`{<a,b}`): the spec's templates are
    few and every call of an overload reads the same ones, so each is read once."""
    return tuple(n for m in re.finditer(r"\{<([\w,]+)\}", cpp) for n in m.group(1).split(","))


@functools.lru_cache(maxsize=4096)
def _converted_scalars(cpp: str) -> tuple[tuple[str, str], ...]:
    """(parameter, tensor parameter or '') of each `{p:T}` / `{p:q.T}` of a C++ template."""
    return tuple((m.group(1), m.group(2) or "") for m in re.finditer(r"\{(\w+):(?:(\w+)\.)?T\}", cpp))


@functools.lru_cache(maxsize=4096)
def _typed_result(ret: str) -> tuple[str, str] | None:
    """(class, the parameter or dtype its dtype comes from) of a result spelled `LocalTensor[src]` and the like."""
    m = re.fullmatch(r"(LocalTensor|GlobalTensor|GlobalAddress|Scalar)\[(\w+)\]", ret)
    return (m.group(1), m.group(2)) if m else None


@functools.lru_cache(maxsize=4096)
def _out_types(cpp: str) -> tuple[str, ...]:
    """The C++ types of a template's out-parameters (`{out0:float}`)."""
    return tuple(re.findall(r"\{out\d+:(\w+)\}", cpp))


class CallLowering(HelperCallLowering, BuiltinLowering, LowerBase):
    """The call part of a Lowerer (constructors are in construct.py)."""

    def lower_call(self, node: ast.Call, sp: Span) -> ir.Expr:
        round_trip = self.ir_round_trip(node)
        if round_trip is not None:
            return round_trip
        func = self.lower_expr(node.func)
        ft = func.type
        if isinstance(ft, UnknownT):  # a method of an object whose construction failed (reported there)
            given = [self.lower_expr(a.value if isinstance(a, ast.Starred) else a) for a in node.args]
            given += [self.lower_expr(k.value) for k in node.keywords]
            return ir.failed_call(sp, given)
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
            if ft.kind == "numpy-scalar" and len(args) == 1 and args[0].keyword is None and isinstance(
                    args[0].expr.type, (ScalarT, UnknownT)):
                operand = args[0].expr  # np.float16(2.2): a scalar of that dtype
                const = operand.type.const if isinstance(operand.type, ScalarT) else None
                return ir.CastExpr(sp, scalar(ft.name, const, sp), ft.name, operand)
            self.report("PA101", f"asc.{ft.name} cannot be called here ({SPECIAL_NAMES.get(ft.name, '')})", sp)
            return ir.invalid(sp)
        if isinstance(ft, ClassRefT):
            if ft.kind == "struct":
                return self.construct_struct(self.m.structs[ft.name], args, sp)
            tiling = tiling_struct(ft.name) if ft.name.startswith("adv.") else None
            if tiling is not None:
                return self.construct_struct(tiling, args, sp)
            if ft.kind == "enum":
                self.report("PA303", f"{ft.name} is an enum: use a member such as {ft.name}."
                            f"{next(iter(ENUMS[ft.name].members))}", sp)
                return ir.invalid(sp)
            return self.construct(CLASSES[ft.name], args, sp, callee_span)
        if isinstance(ft, TensorT):
            return self.tensor_call(func, args, sp)
        if isinstance(ft, BoundMethodT) and ft.cls == "Scalar" and isinstance(func, ir.MethodRef) and \
                func.receiver is not None:
            return self.scalar_method_call(ft, func.receiver, args, sp, callee_span)
        if isinstance(ft, BoundMethodT):
            spec = method(ft.cls, ft.name)
            assert spec is not None
            receiver = func.receiver if isinstance(func, ir.MethodRef) else None
            return self.finish_call(spec, ft.name, args, sp, callee_span, receiver=receiver)
        self.report("PA303", f"{ft.display()} is not callable", func.span)
        return ir.invalid(sp)

    def ir_round_trip(self, node: ast.Call) -> ir.Expr | None:
        """`v.to_ir()` and `asc.X.from_ir(v)` (CANN's tracer hands a value's IR handle back to its class): the value
        itself, as the C++ has no handles."""
        f = node.func
        if not isinstance(f, ast.Attribute) or f.attr not in ("to_ir", "from_ir") or node.keywords:
            return None
        if f.attr == "to_ir" and not node.args:
            value = self.lower_expr(f.value)
            if isinstance(value.type, (ObjT, UnknownT)):
                return value
            self.report("PA203", f"{value.type.display()} has no method 'to_ir'", self.span(node))
            return ir.invalid(self.span(node))
        if f.attr == "from_ir" and len(node.args) == 1:
            cls = self.lower_expr(f.value)
            value = self.lower_expr(node.args[0])
            if not isinstance(cls.type, ClassRefT) or cls.type.kind != "class":
                if not isinstance(cls.type, UnknownT):
                    self.report("PA203", f"{cls.type.display()} has no method 'from_ir'", self.span(node))
                return ir.invalid(self.span(node))
            if isinstance(value.type, ObjT) and value.type.cls != cls.type.name:
                self.report("PA303", f"{cls.type.name}.from_ir() needs the IR of a {cls.type.name}, got "
                            f"{value.type.display()}", value.span)
            return value
        return None

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
            failed = ir.failed_call(sp, [receiver] + [a.expr for a in args], spec)
            self.calls.append(CallRecord(failed, spec.name, ov.signature if ov else "()", ov_index,
                                         spec.doc, [(a.keyword or f"#{i}", a.expr) for i, a in enumerate(args)],
                                         callee_span))
            return failed
        assert ov is not None
        C.enum_args(b)  # an int given for an enum parameter is the member of that value
        self.cann_enum_values(b, disp)
        C.check_rules(spec, disp, b, self.diag, self.deferred)
        if receiver is None:
            helper = self.language_helper(spec.name, b, sp)
            if helper is not None:
                return helper
        if ov.cann_only:
            self.cann_only_form(ov, disp, callee_span)
        if receiver is not None and (spec.rule or ov.rule):
            self.rule_form(spec, ov, disp, callee_span)
        if ov.cpp is None:
            self.report("PA204", f"{disp}() is known but code generation does not support it yet", callee_span)
        else:
            template_args = _template_args(ov.cpp)
            if template_args:
                self.require_compile_time(disp, b.args, template_args)
        if ov.returns == "adv.MatmulConfig":  # a constexpr MatmulConfig: every argument a compile-time value
            self.require_compile_time(disp, b.args)
        self.note_scalar_args(ov, b, disp, receiver)
        rtype = self.result_type(spec, b, receiver, sp)
        if receiver is not None and isinstance(receiver.type, DTypeValT) and isinstance(rtype, ScalarT):
            rtype.ctime = True  # a dtype's method is a Python value at trace time, even of a generic dtype
        call = ir.Call(sp, rtype, spec, ov, b.args, b.varargs, receiver, callee_span)
        self.after_call(spec, call)
        self.calls.append(CallRecord(call, spec.name, ov.signature, ov_index, spec.doc, rec_args, callee_span))
        return call

    def cann_enum_values(self, b: C.Binding, display: str) -> None:
        """Enum members CANN's translation writes as another Ascend C enumerator, or cannot write at all."""
        for e in b.args.values():
            spec = ENUMS.get(e.enum) if isinstance(e, ir.EnumMember) else None
            if spec is None or not isinstance(e, ir.EnumMember):
                continue
            if e.member in spec.untranslated:
                known = ", ".join(m for m in spec.members if m not in spec.untranslated)
                self.report("PA309", f"CANN's pyasc rejects {e.enum}.{e.member} in {display}() (its translation "
                            f"writes only {known}); use one of those", e.span)
            elif e.member in spec.cpp_names:
                self.report("PA308", f"{e.enum}.{e.member} is {spec.members[e.member]} in CANN's pyasc, and Ascend C's "
                            f"enumerator {spec.members[e.member]} is {spec.cpp_names[e.member]}: CANN's pyasc writes "
                            f"{spec.cpp(e.member)} (and so do we)", e.span, Severity.WARNING)

    def rule_form(self, spec: ApiSpec, ov: Overload, display: str, callee_span: Span) -> None:
        """A method (or a form of one) known only by rule: PA206, once per form per file (ruleapi.merge)."""
        def form(o: Overload) -> str:
            return "(" + ", ".join(p.name for p in o.params if p.name != "self") + ")"

        known = [form(o) for o in spec.overloads if not o.rule and not spec.rule]
        cls = spec.name.split(".")[0]
        self.report(ruleapi.CODE, ruleapi.form_message(f"{cls}.{display}", form(ov), ov.rule or spec.rule, known)
                    if known else ruleapi.name_message(f"{cls}.{display}", "method", spec.rule), callee_span,
                    Severity.INFO)

    def cann_only_form(self, ov: Overload, display: str, callee_span: Span) -> None:
        """A form CANN's pyasc accepts that Ascend C lacks: a warning when it only does nothing on the device (PA508),
        an error when bisheng rejects the C++ CANN writes (PA509)."""
        form = ", ".join(p.kind for p in ov.params)
        if ov.cann_only == NOTHING:
            self.report("PA508", f"CANN's pyasc accepts {display}({form}) but writes no C++ for it, and Ascend C has "
                        "no such form: the call does nothing on the device (nor on the simulator)", callee_span,
                        Severity.WARNING)
        else:
            self.report("PA509", f"Ascend C has no {display}({form}): CANN's pyasc writes the call as it stands "
                        "(and so do we), and bisheng rejects the kernel, as the C++ check here does", callee_span,
                        Severity.ERROR)

    def note_scalar_args(self, ov: Overload, b: C.Binding, display: str, receiver: ir.Expr | None = None) -> None:
        """Scalars converted to a tensor's element type (`{p:T}` in the template: the first tensor's, or the
        receiver's for a method, `t.set_value(i, v)`; `{p:q.T}`: tensor q's): checked once dtypes are known."""
        if ov.cpp is None:
            return
        first = next((b.args[p.name] for p in ov.params if p.name in b.args and isinstance(
            b.args[p.name].type, TensorT)), None)
        if first is None and receiver is not None and isinstance(receiver.type, TensorT):
            first = receiver
        for pname, qname in _converted_scalars(ov.cpp):
            arg = b.args.get(pname)
            tensor = b.args.get(qname) if qname else first
            if arg is not None and isinstance(arg.type, ScalarT) and tensor is not None and \
                    isinstance(tensor.type, TensorT):
                self.scalar_checks.append((arg, tensor, display, pname))

    def check_scalar_args(self) -> None:
        for arg, tensor, display, pname in self.scalar_checks:
            assert isinstance(arg.type, ScalarT) and isinstance(tensor.type, TensorT)
            target, given = tensor.type.dvar.value, arg.type.dvar.value
            if target is not None and given is not None and not arg.type.compile_time and \
                    not cast_supported(given, target):
                # CANN materializes the scalar in the tensor's dtype with PlainValue.cast, which refuses the pair
                self.report("PA402", f"'{pname}' of {display}() is a {given.name} run-time value; CANN's pyasc "
                            f"converts it to the tensor's {target.name} and cannot (Arithmetic cast from "
                            f"{given.name} to {target.name} is not supported); convert it to a dtype it can cast "
                            "first", arg.span)
                continue
            if target is None or given is None or not target.is_int or not given.is_float:
                continue
            shown = repr(arg.type.const) if arg.type.const is not None else "this float"
            self.report("PA405", f"'{pname}' of {display}() is converted to the tensor's {target.name}: {shown} "
                        "loses its fraction; pass an integer", arg.span, Severity.WARNING)

    def result_type(self, spec: ApiSpec, b: C.Binding, receiver: ir.Expr | None, sp: Span) -> Type:
        ret = b.overload.returns
        m = _typed_result(ret)
        rt = receiver.type if receiver is not None else None
        if m:
            what, src = m
            dvar: DVar | None = None
            if src == "self" and isinstance(rt, (TensorT, AddrT)):
                dvar = rt.dvar
            elif src == "self" and isinstance(rt, ObjT) and "c" in rt.dvars:
                dvar = rt.dvars["c"]  # a Matmul's result: its C matrix
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
            if what == "GlobalAddress":
                return AddrT(dvar)
            pos, origin = None, None
            if isinstance(rt, ObjT) and rt.cls in ("TQue", "TQueBind", "TBuf"):
                p = rt.args.get("pos")
                pos = str(p) if p is not None else None
                origin = receiver.symbol.name if isinstance(receiver, ir.Name) and receiver.symbol else None
            elif isinstance(rt, TensorT):
                pos, origin = rt.position, rt.origin
            return TensorT("local" if what == "LocalTensor" else "global", dvar, pos, origin)
        outs = _out_types(b.overload.cpp or "")
        if ret.startswith("Tuple[") and outs:  # out-parameters of these C++ types, unpacked by the caller
            by_cpp = {d.cpp: d.name for d in dt.DTYPES.values()}
            return TupleT(tuple(scalar(by_cpp.get(c, "int32")) for c in outs))
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
            sd = tiling_struct(ret) if CLASSES[ret].family == "adv.tiling" else None
            return StructT(sd) if sd is not None else ObjT(ret)
        if ret.startswith(("tuple", "Tuple")):
            return TupleT(())
        return UnknownT()

    def after_call(self, spec: ApiSpec, call: ir.Call) -> None:
        """The few calls whose effect on types the spec's shapes cannot say."""
        name = spec.name
        if name == "LocalTensor.get_phy_addr" and call.receiver is not None and isinstance(
                call.receiver.type, TensorT) and isinstance(call.type, ScalarT):
            call.type.addr_of = call.receiver.type.dvar  # the address lists of trans_data_to_5hd are typed by it
        if name == "LocalTensor.set_value" and call.receiver is not None and isinstance(call.receiver.type, TensorT):
            value = call.args.get("value")
            if value is not None and isinstance(value.type, ScalarT) and value.type.addr_of is not None:
                call.receiver.type.addr_of = value.type.addr_of
        lists = [call.args.get("dst_list"), call.args.get("src_list")]
        if name == "trans_data_to_5hd" and call.overload is not None and call.overload.param("dst_list") and \
                all(ir.element_dvar(x) is None for x in lists):
            self.report("PA204", "asc.trans_data_to_5hd() on address lists needs the element type of the tensors "
                        "the addresses are of: take them from tensor.get_phy_addr() in this kernel", call.span)
        dst = call.args.get("dst")
        if name == "trans_data_to_5hd" and dst is not None and ir.element_dvar(dst) is None:
            # CANN's translation takes the template argument from the get_phy_addr() stored into dst, and fails
            # without one
            self.report("PA204", "asc.trans_data_to_5hd() on uint64 address tensors needs the element type of the "
                        "tensors the addresses are of: store a tensor.get_phy_addr() into dst with set_value first",
                        dst.span)
        if name.startswith("adv.Matmul."):
            for param, operand in MATMUL_OPERANDS.get(name.rsplit(".", 1)[1], ()):
                self.unify_operand(call.receiver, operand, call.args.get(param), name.rsplit(".", 1)[1])
        if name == "GlobalTensor.get_phy_addr" and isinstance(call.type, AddrT):
            call.type.untyped = True
        if name.endswith("set_global_buffer") and isinstance(call.receiver, ir.Expr):
            buf = call.args.get("buffer")
            rt = call.receiver.type
            if buf is not None and isinstance(buf.type, AddrT) and buf.type.untyped:
                self.report("PA303", "set_global_buffer() needs a GlobalAddress that knows its dtype (a kernel "
                            "parameter, or one plus an offset); CANN's pyasc gives get_phy_addr()'s address none and "
                            "rejects it here", buf.span)
            if buf is not None and isinstance(buf.type, AddrT) and isinstance(rt, TensorT):
                conflict = unify(rt.dvar, buf.type.dvar)
                if conflict is not None:
                    self.report("PA403", f"this GlobalTensor is {conflict.first.name} but the address is "
                                f"{conflict.second.name}", buf.span,
                                related=C.conflict_sites(conflict, "the GlobalTensor is {} here",
                                                         "the address is {} here"))


