"""Every constructor of the specification, called with every parameter given: each argument reaches the C++ of its
statement exactly once (a struct's fields, a queue's template arguments), or the call is reported; none is dropped.

Each argument gets a value that can be found again in the C++: a distinct integer literal (a multiple of 32), a
distinct float, a bool kernel parameter of its own, an enum member, a list of distinct integers, a tensor or address
of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pyasc.compiler.codegen.text import enum_cpp
from pyasc.compiler.diagnostics.model import Severity
from pyasc.compiler.pipeline.analysis import analyze
from pyasc.language.dtypes import DTYPES
from pyasc.language.registry import CLASSES, ENUMS
from pyasc.language.spec import Overload, Param

NOT_VALUES = {
    "range": "a loop, not a value",
    "static_range": "a loop unrolled at compile time",
    "DataType": "a dtype by name, folded at compile time",
    "LocalTensorAuto": "a buffer of its size with the synchronization it needs (tests/compiler/test_auto_tensors.py)",
}
"""Classes whose constructors make no C++ value of their arguments, with the reason."""

REPORTED = {
    ("LocalTensor", 2): "CANN's pyasc declares LocalTensor(dtype, addr) but its dispatcher accepts no such call",
}
"""Constructor forms that report PA204 (or another error) instead of generating, with the reason."""

MATMUL_FAMILY = ("adv.matmul", "adv.types", "adv.tiling")
"""Families whose values are C++ types, constexpr configurations and tiling structs (the Matmul issue's and the
struct lowering's, checked in their own tests), left out here."""

KNOWN_DROPPED: dict[tuple[str, int], str] = {}
"""Forms that still drop an argument: none."""


@dataclass
class _Arg:
    python: str
    markers: list[str]
    """C++ texts each of which must appear exactly once in the statement's C++ value."""
    in_type: bool = False
    """The marker is a template argument of the declared type (a DataType): once in the type instead."""


class _Values:
    """Distinct, findable argument values, and the kernel parameters and tensors they need."""

    def __init__(self) -> None:
        self.next_int = 96
        self.next_float = 1
        self.flags: list[str] = []
        self.tensors: list[str] = []
        self.used: set[tuple[str, str]] = set()

    def int_(self) -> str:
        self.next_int += 32  # distinct and 32-byte aligned (a tensor address must be)
        return str(self.next_int)

    def flag(self, name: str) -> str:
        self.flags.append(f"flag_{name}")
        return f"flag_{name}"

    def value(self, p: Param, cls: str) -> _Arg | None:
        kind = p.kind
        if kind in ("int", "Number"):
            v = self.int_()
            return _Arg(v, [v])
        if kind == "float":
            self.next_float += 1
            v = f"{self.next_float}.25"
            return _Arg(v, [f"{v}f"])
        if kind == "bool":
            f = self.flag(p.name)
            return _Arg(f, [f])
        if kind == "IntList":
            items = [self.int_() for _ in range(4)]
            return _Arg(f"[{', '.join(items)}]", items)
        if kind == "Array":  # what asc.array makes (a Python list is no Array for CANN's ShapeInfo)
            items = [self.int_() for _ in range(4)]
            return _Arg(f"asc.array(asc.int32, [{', '.join(items)}])", items)
        if kind == "NumberList":
            items = [self.int_() for _ in range(16)]
            return _Arg(f"[{', '.join(items)}]", items)
        if kind == "BoolList":
            items = [self.flag(f"{p.name}{i}") for i in range(16)]
            return _Arg(f"[{', '.join(items)}]", items)
        if kind == "DataType":  # int16, unless the constructor takes some dtypes only (AippParams)
            name = min(CLASSES[cls].dtype_params.get(p.name, {"int16"}))
            return _Arg(f"asc.{name}", [DTYPES[name].cpp], in_type=True)
        if kind in ENUMS:
            default = str(p.default).rsplit(".", 1)[-1]
            members = [m for m in ENUMS[kind].members if m != default and (kind, m) not in self.used]
            if kind == "TPosition":  # the Unified Buffer positions a vector queue accepts
                # (a TQue at VECCALC names it twice, as the TQueBind from and to it: test_analysis checks that)
                ub = ("VECOUT", "VECIN") if cls == "TQue" else ("VECOUT", "VECCALC", "VECIN")
                members = [m for m in ub if m != default and (kind, m) not in self.used]
            member = members[-1]
            self.used.add((kind, member))
            return _Arg(f"asc.{kind}.{member}", [enum_cpp(kind, member)])
        if kind == "LocalTensor":
            name = f"t{len(self.tensors)}"
            self.tensors.append(name)
            return _Arg(name, [name])
        if kind == "GlobalAddress":
            return _Arg("x", ["x"])
        if kind in CLASSES and not CLASSES[kind].constructors[0].params:
            return _Arg(f"asc.{kind}()", [CLASSES[kind].cpp])
        if kind in CLASSES:  # a member struct: made with its own constructor's defaults
            return _Arg(f"asc.{kind}()", [CLASSES[kind].cpp.split("<")[0]])
        return None


def _forms() -> list[tuple[str, int, Overload]]:
    # a struct known by rule that is a template argument (SoftmaxConfig) takes compile-time values only, as the
    # Matmul family's configurations: left out too
    return [(cls.name, i, ov) for cls in CLASSES.values() if cls.name not in NOT_VALUES
            and cls.family not in MATMUL_FAMILY and not (cls.rule and cls.constexpr)
            for i, ov in enumerate(cls.constructors) if ov.params]


def _kernel(cls: str, ov: Overload) -> tuple[str, list[tuple[str, _Arg]], int]:
    vals = _Values()
    args = []
    for p in ov.params:
        a = vals.value(p, cls)
        assert a is not None, f"{cls}: no test value for parameter {p.name}: {p.kind}"
        args.append((p.name, a))
    qualified = "asc.adv." + cls[4:] if cls.startswith("adv.") else f"asc.{cls}"
    call = f"{qualified}({', '.join(f'{n}={a.python}' for n, a in args)})"
    params = ", ".join(["x: asc.GlobalAddress"] + [f"{f}: bool" for f in vals.flags])
    lines = ["import asc", "", "", "@asc.jit", f"def k({params}):", "    pipe = asc.TPipe()",
             "    buf = asc.TBuf(asc.TPosition.VECCALC)", "    pipe.init_buffer(buf, 4096)"]
    lines += [f"    {t} = buf.get(asc.int16)" for t in vals.tensors]
    lines.append(f"    v = {call}")
    return "\n".join(lines) + "\n", args, len(lines)


def _statement_cpp(a: object, line: int) -> str:
    segs = a.sourcemap.statements_for_line(line)  # type: ignore[attr-defined]
    return "\n".join(a.cpp[s.cpp_start:s.cpp_end] for s in segs)  # type: ignore[attr-defined]


def test_every_constructor_emits_every_argument_exactly_once() -> None:
    checked, reported, dropped = [], [], {}
    for cls, i, ov in _forms():
        text, args, line = _kernel(cls, ov)
        a = analyze(text, f"ctor_{cls}_{i}.py")
        errors = [d for d in a.diagnostics if d.severity == Severity.ERROR]
        if errors:
            assert (cls, i) in REPORTED, (cls, i, [(d.code, d.message) for d in errors])
            assert any(d.span.line == line for d in errors)
            reported.append((cls, i))
            continue
        cpp = _statement_cpp(a, line)
        # a declaration `T v = T(args)` names the type twice: look at its value only
        value = cpp.split(" v = ", 1)[1] if " v = " in cpp else cpp
        head = cpp.split(" v = ", 1)[0] if " v = " in cpp else ""
        before = head.rsplit("\n", 1)[0] if "\n" in head else ""  # the arrays declared for list arguments
        declared_type = head.rsplit("\n", 1)[-1]
        counts = {}
        for name, arg in args:
            for m in arg.markers:
                pattern = rf"(?<![\w.]){re.escape(m)}(?![\w])"
                if arg.in_type:
                    counts[(name, m)] = len(re.findall(pattern, declared_type or value))
                else:
                    counts[(name, m)] = len(re.findall(pattern, value)) + len(re.findall(pattern, before))
        missing = {k: n for k, n in counts.items() if n != 1}
        if missing:
            dropped[(cls, i)] = (missing, cpp)
        else:
            checked.append((cls, i))
    assert dropped.keys() == KNOWN_DROPPED.keys(), dropped
    assert sorted(reported) == sorted(REPORTED)
    assert len(checked) + len(reported) + len(dropped) == len(_forms())
    assert len([c for c in checked if not CLASSES[c[0]].rule]) == 55
    assert len([c for c in checked if CLASSES[c[0]].rule]) == 28  # the structs known by rule (language/api/rule/)


def test_every_class_is_checked_or_listed() -> None:
    """A class left out of the check is listed with its reason; every listed name exists."""
    assert set(NOT_VALUES) <= set(CLASSES)
    assert {c for c, _ in REPORTED} <= set(CLASSES)
    left_out = {c.name for c in CLASSES.values() if c.family in MATMUL_FAMILY}
    assert len(left_out) == 13  # (adv.QuantConfig is checked: it is adv.quant's, not Matmul's)


HANDLE_KERNEL = """import asc


@asc.jit
def kernel(x: asc.GlobalAddress) -> None:
    g = asc.GlobalTensor()
    g.set_global_buffer(x, 256)
    buf = asc.LocalTensor(asc.float16, asc.TPosition.VECOUT, 0, 256)
    asc.Nz2NdParamsFull(1, 16, 16, 0, 16, 16, 0, 1)
    asc.DataCopyParams(1, 8, 0, 0, 1)
    asc.data_copy(g, buf, asc.Nz2NdParamsFull(1, 16, 16, 0, 16, 16, 0))
"""


def test_an_argument_past_a_struct_s_fields_binds_cann_s_ir_handle() -> None:
    """CANN's struct constructors end with an internal IR-handle parameter: an argument there makes its tracer build
    nothing (no C++), so we warn on that argument and write nothing, instead of a false arity error."""
    analysis = analyze(HANDLE_KERNEL, "handle.py")
    found = [(d.code, d.severity, d.span.line, d.span.col) for d in analysis.diagnostics]
    assert found == [("PA307", Severity.WARNING, 9, 49), ("PA307", Severity.WARNING, 10, 35)]
    assert "has 7 fields and is given 8 positional arguments" in analysis.diagnostics[0].message
    body = analysis.cpp.split("void kernel", 1)[1]
    assert "DataCopyParams" not in body and body.count("Nz2NdParamsFull(") == 1
    assert "AscendC::DataCopy(g, buf, AscendC::Nz2NdParamsFull(1, 16, 16, 0, 16, 16, 0));" in body
    used = HANDLE_KERNEL.replace("    asc.DataCopyParams(1, 8, 0, 0, 1)\n",
                                 "    p = asc.DataCopyParams(1, 8, 0, 0, 1)\n    asc.data_copy(buf, g, p)\n")
    assert "PA303" in [d.code for d in analyze(used, "handle.py").errors]  # a use of it is CANN's TypeError
