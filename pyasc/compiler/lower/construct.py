"""Constructors: `asc.TPipe()`, queues, buffers and tensors, with the compile-time arguments they keep."""

from __future__ import annotations

from ...language.spec import ApiSpec, ClassSpec
from .. import calls as C
from .. import ir
from ..diagnostics import Related, Span
from ..types import DTypeValT, DVar, ObjT, ScalarT, TensorT, Type
from .base import CallRecord, LowerBase


class ConstructLowering(LowerBase):
    """The constructor part of a Lowerer."""

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
            typ = ObjT(cls.name, folded)
            for extra in ("matmul_config", "matmul_policy"):
                if cls.name == "adv.Matmul" and extra in bargs:
                    # the C++ needs a constexpr object as the template argument; never drop it silently
                    self.report("PA204", f"asc.adv.Matmul(..., {extra}=) is known but code generation does not "
                                "support it yet; leave it out for the default configuration", bargs[extra].span)
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
