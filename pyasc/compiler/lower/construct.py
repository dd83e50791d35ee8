"""Constructors: `asc.TPipe()`, queues, buffers and tensors, with the compile-time arguments they keep."""

from __future__ import annotations

from ...language.dtypes import CANN_DTYPE_NAMES, DTYPES
from ...language.spec import ApiSpec, ClassSpec
from ..diagnostics.model import Related, Severity, Span
from ..ir import nodes as ir
from ..ir.types import DTypeValT, DVar, IntListT, NoneT, ObjT, ScalarT, StrT, TensorT, Type, scalar, unify
from . import calls as C
from .base import CallRecord, LowerBase

_OTHER_LOWERING = frozenset({"core.range", "core.dtype", "adv.matmul", "adv.types", "adv.tiling",
                             "LocalTensorAuto"})
"""Classes (by family or name) whose constructors have no template of their own: loops, dtypes, auto tensors (a
buffer of their size) and the Matmul family (its objects are C++ types and constexpr configurations)."""

_CONSTRUCTORS: dict[int, tuple[ClassSpec, ApiSpec]] = {}
"""Each class's constructors as an ApiSpec to resolve calls against, by id (the class kept alongside, so the id
stays its own): the classes are few and live as long as the process, and every constructor call needs one."""


def constructors(cls: ClassSpec) -> ApiSpec:
    hit = _CONSTRUCTORS.get(id(cls))
    if hit is not None and hit[0] is cls:
        return hit[1]
    spec = ApiSpec(cls.name, cls.family, cls.constructors, cls.doc)
    if len(_CONSTRUCTORS) > 4096:
        _CONSTRUCTORS.clear()
    _CONSTRUCTORS[id(cls)] = (cls, spec)
    return spec


class ConstructLowering(LowerBase):
    """The constructor part of a Lowerer."""

    def datatype_value(self, b: C.Binding, sp: Span) -> ir.Expr:
        """`asc.DataType("int32")`: the dtype of that name, a value like `asc.int32` (CANN's DataType builds any
        name, and fails with "Unsupported DataType name" where it is used: the names its to_ir knows)."""
        name = b.args.get("name")
        text = name.type.const if name is not None and isinstance(name.type, StrT) and \
            isinstance(name, (ir.Const, ir.ConstName)) else None
        if not isinstance(text, str):
            return ir.DTypeRef(sp, DTypeValT(DVar(None, sp, "asc.DataType(...)")))
        d = DTYPES.get(text)
        if d is None or text not in CANN_DTYPE_NAMES:
            self.report("PA303", f"asc.DataType({text!r}) is no dtype CANN's pyasc knows (Unsupported DataType name: "
                        f"{text}); the names are {', '.join(CANN_DTYPE_NAMES)}", name.span)  # type: ignore[union-attr]
            return ir.invalid(sp)
        return ir.DTypeRef(sp, DTypeValT(DVar(d, sp, f"asc.DataType({text!r})")))

    def construct(self, cls: ClassSpec, args: list[C.Arg], sp: Span, callee_span: Span) -> ir.Expr:
        fake = constructors(cls)
        display = f"asc.{cls.name}"
        if not cls.constructors:
            if args:
                self.report("PA301", f"{display}() takes no arguments", sp)
            b: C.Binding | None = None
            ov = None
        elif self.binds_ir_handle(cls, display, args):
            return ir.Const(sp, NoneT(), None)
        else:
            res = C.resolve(fake, display, args, sp, callee_span, skip_self=True)
            for d in res.diagnostics:
                self.diag(d)
            b = res.binding
            if b is None:
                failed = ir.failed_call(sp, [a.expr for a in args])
                self.calls.append(CallRecord(failed, cls.name, cls.constructors[0].signature, 0, cls.doc,
                                             [(a.keyword or f"#{i}", a.expr) for i, a in enumerate(args)],
                                             callee_span))
                return failed
            ov = b.overload
            C.enum_args(b)
            if cls.name == "DataType":
                return self.datatype_value(b, sp)
            for pname, allowed in cls.dtype_params.items():
                d = b.args.get(pname)
                value = d.type.dvar.value if d is not None and isinstance(d.type, DTypeValT) else None
                if d is not None and value is not None and value.name not in allowed:
                    self.report("PA402", f"{display}() takes {' or '.join(sorted(allowed))} for '{pname}', got "
                                f"{value.name}", d.span)
            if ov.cpp is None and ov.params and not {cls.family, cls.name} & _OTHER_LOWERING:
                self.report("PA204", f"{display}({', '.join(p.name for p in ov.params)}) is known but code "
                            "generation does not support this form yet", callee_span)
        bargs = b.args if b else {}
        if ov is not None and ov.cpp is not None:
            for p in ov.params:  # an omitted list field (LoadData3DParamsV2's pad_list) is declared like a given one
                if p.name not in bargs and isinstance(p.default, list):
                    items: list[ir.Expr] = [ir.Const(sp, scalar("int32", v, sp), v) for v in p.default]
                    bargs = {**bargs, p.name: ir.IntList(sp, IntListT(tuple(p.default)), items)}
                    self.has_lists = True
        typ: Type
        if cls.name == "GlobalTensor":
            typ = TensorT("global", DVar())
        elif cls.name == "LocalTensorAuto":
            d = bargs.get("dtype")
            dvar = d.type.dvar if d is not None and isinstance(d.type, DTypeValT) else DVar()
            typ = TensorT("local", dvar, "VECCALC")
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
                    if depth is not None and isinstance(depth.type, ScalarT) and not depth.type.compile_time:
                        self.report("PA303", "the queue depth must be a compile-time constant (a literal, a module "
                                    "constant or a ConstExpr)", depth.span)
            typ = ObjT(cls.name, folded, operand_dvars(cls.name, bargs))
            if "{T}" in cls.cpp:  # typed by the tensors it is used with (LoadData3DParamsV2<T>)
                typ.dvars["T"] = DVar()
            d = bargs.get("dtype")
            if d is not None and isinstance(d.type, DTypeValT):
                for e in bargs.values():  # AippParams(dtype, padding_params=...): its members share the dtype
                    if isinstance(e.type, ObjT) and "T" in e.type.dvars:
                        unify(e.type.dvars["T"], d.type.dvar)
            policy = bargs.get("matmul_policy") if cls.name == "adv.Matmul" else None
            if policy is not None and not isinstance(policy, (ir.EnumMember, ir.Invalid)):  # Invalid: reported
                self.report("PA303", "'matmul_policy' of asc.adv.Matmul() must be a MatmulPolicy member (or its "
                            "int value) known at compile time: it is a template argument of the C++", policy.span)
            if cls.constexpr:
                self.require_compile_time(display, bargs)
        if cls.name == "TPipe":
            if self.pipes:
                self.report("PA505", "a kernel may create only one TPipe; reuse the first one", sp,
                            related=(Related(self.pipes[0].span, "the first TPipe is created here"),))
            self.pipes.append(ir.Expr(sp, typ))
        expr = ir.Construct(sp, typ, cls, ov, dict(bargs))
        self.constructs.append(expr)
        given = list(b.args.items()) if b else []
        self.calls.append(CallRecord(expr, cls.name, ov.signature if ov else "()", 0, cls.doc, given, callee_span))
        return expr

    def binds_ir_handle(self, cls: ClassSpec, display: str, args: list[C.Arg]) -> bool:
        """One positional argument past a CANN struct's fields binds its constructor's internal IR handle: CANN's
        tracer then builds nothing (the call writes no C++, and a use of its result fails)."""
        positional = [a for a in args if a.keyword is None]
        if cls.ir_handle_at is None or len(positional) != cls.ir_handle_at + 1:
            return False
        extra = positional[-1].expr
        self.report("PA307", f"{display}() has {cls.ir_handle_at} fields and is given {len(positional)} positional "
                    f"arguments: the last one binds CANN's internal IR handle, so CANN's pyasc builds no "
                    f"{cls.name} here and writes no C++ for this call, and the result cannot be used; remove the "
                    "argument", extra.span, Severity.WARNING)
        return True

    def require_compile_time(self, display: str, args: dict[str, ir.Expr],
                             names: tuple[str, ...] | None = None) -> None:
        """Arguments that become C++ compile-time values (a constexpr MatmulConfig's fields, template arguments)."""
        for name, e in args.items():
            if names is not None and name not in names:
                continue
            if isinstance(e, ir.EnumMember) or (isinstance(e.type, ScalarT) and e.type.compile_time):
                continue
            if isinstance(e.type, ScalarT):
                self.report("PA303", f"'{name}' of {display}() must be known at compile time (a literal, a module "
                            "constant or a ConstExpr parameter): the C++ takes it as a compile-time value", e.span)

    def unify_operand(self, receiver: ir.Expr | None, operand: str, tensor: ir.Expr | None, display: str) -> None:
        """A tensor passed to a Matmul method has the element type of the Matmul operand it stands for."""
        if receiver is None or tensor is None or not isinstance(receiver.type, ObjT):
            return
        want = receiver.type.dvars.get(operand)
        if want is None or not isinstance(tensor.type, TensorT):
            return
        conflict = unify(tensor.type.dvar, want)
        if conflict is not None:
            self.report("PA403", f"{display}() takes the {operand.upper() if operand != 'bias' else 'bias'} "
                        f"matrix of {conflict.second.name}, as the Matmul's MatmulType says, but this tensor is "
                        f"{conflict.first.name}", tensor.span)


MATMUL_OPERANDS = {"set_tensor_a": (("tensor", "a"),), "set_tensor_b": (("tensor", "b"),),
                   "set_bias": (("tensor", "bias"),), "iterate_all": (("tensor", "c"),),
                   "get_tensor_c": (("tensor", "c"), ("optional_tensor", "c")), "iterate_batch": (("tensor", "c"),),
                   "get_batch_tensor_c": (("tensor", "c"),), "async_get_tensor_c": (("c", "c"),)}
"""Matmul methods whose tensor argument is one of the operands: (parameter, operand)."""


def operand_dvars(cls: str, args: dict[str, ir.Expr]) -> dict[str, DVar]:
    """The element dtypes a MatmulType or a Matmul object carries (the bias defaults to C, as in C++)."""
    if cls == "adv.MatmulType":
        d = args.get("dtype")
        return {"dtype": d.type.dvar} if d is not None and isinstance(d.type, DTypeValT) else {}
    if cls == "adv.Matmul":
        out = {}
        for name in ("a", "b", "c", "bias"):
            e = args.get(name)
            if e is not None and isinstance(e.type, ObjT) and "dtype" in e.type.dvars:
                out[name] = e.type.dvars["dtype"]
        if "bias" not in args and "c" in out:
            out["bias"] = out["c"]
        return out
    return {}
