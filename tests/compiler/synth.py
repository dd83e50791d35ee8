"""Synthesizes a kernel that calls every generated API overload with plausible arguments.

Used to cross-check the specification against itself (the front end must accept what the spec declares) and
against the independently written C++ header (clang must accept what the generator emits for it).
"""

from __future__ import annotations

from dataclasses import dataclass

from pyasc.language import APIS, ENUMS
from pyasc.language.registry import CLASSES
from pyasc.language.spec import REQUIRED, ApiSpec, Overload

PREFERRED = ("float32", "float16", "int32", "int16", "uint8", "int8", "uint16", "uint32", "int64", "uint64")

SKIP_FAMILIES = ("basic.mm", "basic.fixpipe", "adv.matmul")
"""Cube (L0/L1) APIs need cube positions and tiling set-up that a vector kernel cannot give them."""
COMPILE_TIME = ("static_assert",)
"""Checked while compiling (a true one emits nothing, a false one is PA112): tests/compiler/cann covers them."""


@dataclass
class Case:
    api: str
    overload: int
    line: int
    code: str


def _dtype_for(api: ApiSpec, param: str) -> str:
    for rule in api.dtype_rules:
        if param in rule.params and rule.combos:  # a (dst, src) table: one documented pair, the same for every param
            return min(rule.combos)[rule.params.index(param)]
        if param in rule.params and rule.allowed:
            for d in PREFERRED:
                if d in rule.allowed:
                    return d
            return sorted(rule.allowed)[0]
    return "float32"


def _value(kind: str, name: str, api: ApiSpec, tensors: dict[str, str]) -> str | None:
    base = kind.replace("Optional[", "").rstrip("]") if kind.startswith("Optional[") else kind
    if base in ("LocalTensor", "Tensor", "BaseTensor"):
        dtype = _dtype_for(api, name)
        tensors.setdefault(dtype, f"t_{dtype}")
        return f"t_{dtype}"
    if base == "GlobalTensor":
        return "g_float32"
    if base in ("int", "RuntimeInt"):
        return {"repeat_times": "1", "repeat_time": "1", "repeat": "1", "mask": "64", "event_id": "0",
                "dst_rep_stride": "8", "src_rep_stride": "8", "src_blk_stride": "1", "dst_blk_stride": "1"}.get(
            name, "64")
    if base in ("float", "Number", "RuntimeNumeric", "Union[int, float]", "Union[float, int]"):
        return "2"
    if base in ("bool", "RuntimeBool"):
        return "False"
    if base == "str":
        return '"value %d\\n"'
    if base == "DataType":
        return "asc.float32"
    if base in ("IntList", "List[int]", "list", "list[int]"):
        return "[0, 4294967295]"
    if base in ENUMS:
        return f"asc.{base}.{next(iter(ENUMS[base].members))}"
    if base == "GlobalAddress":
        return "x"
    if base in CLASSES:
        cls = CLASSES[base]
        if cls.declared or not cls.constructors:
            return None
        ctor = cls.constructors[0]
        if any(p.required and p.name != "self" for p in ctor.params):
            return None
        return f"asc.{base}()"
    return None


def _call(api: ApiSpec, ov: Overload, tensors: dict[str, str]) -> str | None:
    args = []
    for p in ov.params:
        if p.variadic:
            continue
        if p.default is not REQUIRED:
            continue
        v = _value(p.kind, p.name, api, tensors)
        if v is None:
            return None
        args.append(v)
    prefix = "asc.adv." if api.name.startswith("adv.") else "asc."
    return f"{prefix}{api.name.split('.')[-1]}({', '.join(args)})"


def synthesize() -> tuple[str, list[Case]]:
    """The kernel text and, per synthesized call, the API, overload index and line."""
    tensors: dict[str, str] = {}
    calls: list[tuple[str, int, str]] = []
    for api in APIS.values():
        if not api.generated or api.family.startswith(SKIP_FAMILIES) or api.name in COMPILE_TIME:
            continue
        for i, ov in enumerate(api.overloads):
            if ov.cpp is None or ov.returns not in ("None",):
                continue
            if any(p.kind in ("GlobalTensor",) for p in ov.params) and api.name not in ("data_copy", "data_copy_pad"):
                continue
            code = _call(api, ov, tensors)
            if code is not None:
                calls.append((api.name, i, code))
    head = [
        "import pyasc as asc",
        "",
        "",
        "@asc.jit",
        "def every_api(x: asc.GlobalAddress):",
        "    g_float32 = asc.GlobalTensor()",
        "    g_float32.set_global_buffer(x)",
        "    pipe = asc.TPipe()",
    ]
    for dtype in sorted(tensors):
        head.append(f"    b_{dtype} = asc.TBuf(asc.TPosition.VECCALC)")
        head.append(f"    pipe.init_buffer(b_{dtype}, 4096)")
        head.append(f"    t_{dtype} = b_{dtype}.get(asc.{dtype})")
    cases = []
    lines = list(head)
    for name, i, code in calls:
        lines.append(f"    {code}")
        cases.append(Case(name, i, len(lines), code))
    return "\n".join(lines) + "\n", cases
