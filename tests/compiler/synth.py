"""Synthesizes a kernel that calls every generated API overload, functions and methods, with plausible arguments.

Used to cross-check the specification against itself (the front end must accept what the spec declares) and
against the independently written C++ header (clang must accept what the generator emits for it). Every overload
with a C++ template gets exactly one call: `generated_overloads()` counts them from the spec, and the tests compare
the two counts.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from pyasc.language import APIS, ENUMS
from pyasc.language.dtypes import NOT_EXPORTED
from pyasc.language.registry import CLASSES
from pyasc.language.spec import REQUIRED, ApiSpec, Overload

PREFERRED = ("float32", "float16", "int32", "int16", "uint8", "int8", "uint16", "uint32", "int64", "uint64")

NUMBERS = {"count_value": "1", "repeat_times": "1", "repeat_time": "1", "repeat": "1", "mask": "64", "event_id": "0",
           "id": "0", "dst_rep_stride": "8", "src_rep_stride": "8", "src_blk_stride": "1", "dst_blk_stride": "1",
           "index": "0", "offset": "0", "dim": "0", "tile_size": "64", "size": "64", "buf_offset": "0", "len": "64",
           "dst_block_stride": "1", "dst_repeat_stride": "8", "src_block_stride": "1", "src_repeat_stride": "8"}
"""Integer arguments by parameter name (strides in 32-byte blocks that keep a repeat within its 64-element tensor:
the bounds check, PA612, holds them to it); anything else is 64."""

COMPILE_TIME = ("static_assert", "array")
"""Checked while compiling (a true static_assert emits nothing, a false one is PA112), or a value that emits nothing
where no name holds it (an asc.array called for nothing): called, but no C++ of their own is expected."""

RECEIVERS = {
    "GlobalTensor": "g_float32", "LocalTensor": "t_float32", "TPipe": "pipe", "TQueBind": "que", "TQue": "que",
    "TBuf": "b_float32", "TBufPool": "pool", "LocalMemAllocator": "allocator", "TensorDesc": "desc",
    "ListTensorDesc": "desc_list", "adv.Matmul": "mm", "ShapeInfo": "shape_info", "DataType": "t_float32.dtype",
}
"""The object each class's methods are called on (created in the kernel's prologue)."""

PROLOGUE_OBJECTS = [
    "    que = asc.TQue(asc.TPosition.VECIN, 2)",
    "    pipe.init_buffer(que, 2, 1024)",
    "    que_tensor = que.alloc_tensor(asc.float32)",
    "    for i in range(8):",  # tensors enough for every deque overload (one deque per enque, or it would hang)
    "        que.enque(que_tensor)",
    "    que_init = asc.TQue(asc.TPosition.VECOUT, 2)",
    "    b_init = asc.TBuf(asc.TPosition.VECCALC)",
    "    pool = asc.TBufPool(asc.TPosition.VECCALC)",
    "    pipe.init_buf_pool(pool, 4096)",
    "    allocator = asc.LocalMemAllocator()",
    "    desc = asc.TensorDesc()",
    "    desc_list = asc.ListTensorDesc(x)",
    "    shape_info = asc.ShapeInfo()",
    "    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)",
    "    mm = asc.adv.Matmul(a_type, a_type, a_type)",
    "    tiling = asc.adv.TCubeTiling()",
]


FRONT_END_GAPS = frozenset({("trans_data_to_5hd", 0)})
"""Generated overloads the front end cannot call as synthesized, left out of the kernel; test_every_api checks
that each still fails, so the set only shrinks. trans_data_to_5hd over uint64
address tensors needs a get_phy_addr() stored into dst first (tests/compiler/test_cann_api_forms.py), as CANN's
translation does."""


@dataclass
class Case:
    api: str
    overload: int
    line: int
    code: str


@dataclass
class _Kernel:
    """What the calls need declared before them: typed local tensors and global tensors."""

    tensors: set[str] = field(default_factory=set)
    globals: set[str] = field(default_factory=set)


BUNDLED_RULE = frozenset({"adv.softmax_flash_v2", "adv.swiglu"})
"""The functions known by rule (language/api/rule/) that the bundled header declares by hand, every form called
here; the others are declared by its generated lib/rule_apis.h (partial), one form each called by
tests/toolchain/test_rule_apis_cpp.py (tests/compiler/test_rule_apis.py has their front end)."""


def generated_overloads() -> Iterator[tuple[ApiSpec, str | None, int, Overload]]:
    """(api, class name or None, overload index, overload) of every overload with a C++ template, in spec order;
    the forms only CANN's pyasc has (Overload.cann_only: Ascend C has no such call) are tested with PA508/PA509."""
    for api in APIS.values():
        if api.rule and api.name not in BUNDLED_RULE:
            continue
        for i, ov in enumerate(api.overloads):
            if ov.cpp is not None and not ov.cann_only:
                yield api, None, i, ov
    for cls in CLASSES.values():
        for api in (m for m in cls.methods.values() if not m.rule):
            for i, ov in enumerate(api.overloads):
                if ov.cpp is not None and not ov.cann_only:
                    yield api, cls.name, i, ov


def _dtype_for(api: ApiSpec, param: str) -> str:
    for rule in api.dtype_rules:
        if param in rule.params and rule.combos:  # a (dst, src) table: one documented pair, the same for every param
            rows = [r for r in rule.combos if not set(r) & NOT_EXPORTED] or list(rule.combos)  # asc.<names>
            if param != rule.params[0]:  # the row of the leading tensor's dtype (gather_mask's pattern by its dst)
                lead = _dtype_for(api, rule.params[0])
                rows = [r for r in rows if r[0] == lead] or rows
            return min(rows)[rule.params.index(param)]
        if param in rule.params and rule.allowed:
            for d in PREFERRED:
                if d in rule.allowed:
                    return d
            return sorted(rule.allowed - NOT_EXPORTED or rule.allowed)[0]
    return "float32"


def _value(kind: str, name: str, api: ApiSpec, k: _Kernel) -> str:
    base = kind[len("Optional["):-1] if kind.startswith("Optional[") else kind
    if base == "adv.TCubeTiling":
        return "tiling"  # Init takes its address: a variable
    if base in ("LocalTensor", "Tensor", "BaseTensor"):
        dtype = _dtype_for(api, name)
        k.tensors.add(dtype)
        return f"t_{dtype}"
    if base == "GlobalTensor":
        dtype = _dtype_for(api, name)
        k.globals.add(dtype)
        return f"g_{dtype}"
    if base in ("int", "RuntimeInt"):
        return str(api.ranges[name][0]) if name in api.ranges else NUMBERS.get(name, "64")
    if base in ("float", "Number", "RuntimeNumeric", "Union[int, float]", "Union[float, int]"):
        return "2"
    if base in ("bool", "RuntimeBool"):
        return "True" if api.name in COMPILE_TIME else "False"
    if base == "str":
        return '"value.bin"' if "file" in name else '"value %d\\n"'
    if base == "DataType":
        return f"asc.{min(api.members[name])}" if name in api.members else "asc.float32"  # scalar_cast: float16
    if base == "Array":  # what asc.array makes (ShapeInfo's shape)
        return "asc.array(asc.uint32, [64, 64])"
    if base in ("IntList", "List[int]", "list", "list[int]"):
        return "[0, 4294967295]" if "mask" in name else "[64, 64, 64, 64]"  # a mask's two words, or four counts
    if base.startswith("List[") and base[5:-1] in CLASSES:  # a list of structs: DataCopy's SliceInfos
        return f"[asc.{base[5:-1]}(), asc.{base[5:-1]}()]"
    if base == "TensorList":  # trans_data_to_5hd's 16 tensors
        k.tensors.add("float16")
        return "[" + ", ".join(f"t_float16[{16 * i}]" for i in range(16)) + "]"
    if base == "NumberList":
        return "[2, 2]"
    if base == "BoolList":
        return "[False, False]"
    if base == "TPosition":
        return "asc.TPosition.VECCALC"  # a Unified Buffer position: what a vector kernel's allocators and queues use
    if base in ENUMS:
        return f"asc.{base}.{next(iter(ENUMS[base].members))}"
    if base == "GlobalAddress":
        return "x"
    if base == "Property":
        return "asc.ONE_BLK_SIZE"
    if base in RECEIVERS:
        return RECEIVERS[base]
    if base in CLASSES:
        cls = CLASSES[base]
        ctor = cls.constructors[0] if cls.constructors else None
        # required arguments, and optional tensors (MrgSortSrcList takes all four lists)
        args = [f"asc.{min(cls.dtype_params[p.name])}" if p.name in cls.dtype_params else  # AippParams: int8
                _value(p.kind, p.name, api, k) for p in (ctor.params if ctor else ()) if p.name != "self"
                and (p.required or p.kind == "LocalTensor")]
        prefix = "asc.adv." if base.startswith("adv.") else "asc."
        return f"{prefix}{base.split('.')[-1]}({', '.join(args)})"
    return "0"


def _call(api: ApiSpec, cls_name: str | None, ov: Overload, k: _Kernel) -> str:
    args = [(f"{p.name}=" if p.keyword_only else "") + _value(p.kind, p.name, api, k) for p in ov.params
            if p.default is REQUIRED and not p.variadic and p.name != "self"]
    if api.name.endswith(".init_buffer"):  # the lengths are optional in the signature, required by the checker
        args = ["b_init", "1024"] if ov.params[1].kind == "TBuf" else ["que_init", "2", "1024"]
    elif cls_name in ("TQueBind", "TQue"):  # a queue's tensors come from that queue
        args = ["que_tensor" if a == "t_float32" else a for a in args]
    elif api.name == "GlobalTensor.set_global_buffer":  # the buffer is optional in the signature only
        args = ["x_float32"] + (["64"] if ov.param("buffer_size") is not None else [])
    elif api.name == "trans_data_to_5hd" and ov.params[0].kind == "IntList":  # addresses of typed tensors
        k.tensors.add("float16")
        addrs = "[" + ", ".join(f"t_float16[{16 * i}].get_phy_addr()" for i in range(16)) + "]"
        args = [addrs, addrs] + args[2:]
    if any(p.variadic for p in ov.params) and api.name == "printf":
        args.append("1")
    leaf = api.name.split(".")[-1]
    if cls_name is None:
        prefix = "asc.adv." if api.name.startswith("adv.") else "asc."
        call = f"{prefix}{leaf}({', '.join(args)})"
    elif ov.param("self") is None:  # a static method: FixpipeConfig.cfg_nz()
        prefix = "asc.adv." if cls_name.startswith("adv.") else "asc."
        call = f"{prefix}{cls_name.split('.')[-1]}.{leaf}({', '.join(args)})"
    elif leaf == "__getitem__":
        call = f"{RECEIVERS[cls_name]}[0:]"
    elif leaf == "__call__":
        call = f"{RECEIVERS[cls_name]}({', '.join(args)})"
    else:
        call = f"{RECEIVERS[cls_name]}.{leaf}({', '.join(args)})"
    return call


def synthesize(only: frozenset[tuple[str, int]] | None = None,
               overloads: Iterable[tuple[ApiSpec, str | None, int, Overload]] | None = None) -> tuple[str, list[Case]]:
    """The kernel text and, per synthesized call, the API, overload index and line (`only`: just these overloads,
    FRONT_END_GAPS included; `overloads`: call these instead of generated_overloads())."""
    k = _Kernel(tensors={"float32", "float16"}, globals={"float32"})
    def wanted(key: tuple[str, int]) -> bool:
        return key in only if only is not None else key not in FRONT_END_GAPS

    calls = [(api.name, i, _call(api, cls_name, ov, k), ov.returns)
             for api, cls_name, i, ov in (generated_overloads() if overloads is None else overloads)
             if wanted((api.name, i))]
    params = ", ".join(["x: asc.GlobalAddress"] + [f"x_{d}: asc.GlobalAddress" for d in sorted(k.globals)])
    head = ["import pyasc as asc", "", "", "@asc.jit", f"def every_api({params}):", "    pipe = asc.TPipe()"]
    for dtype in sorted(k.tensors | k.globals):
        head.append(f"    b_{dtype} = asc.TBuf(asc.TPosition.VECCALC)")
        head.append(f"    pipe.init_buffer(b_{dtype}, 4096)")
        head.append(f"    t_{dtype} = b_{dtype}.get(asc.{dtype})")
    for dtype in sorted(k.globals):  # a global tensor's element type comes from its first copy
        head.append(f"    g_{dtype} = asc.GlobalTensor()")
        head.append(f"    g_{dtype}.set_global_buffer(x_{dtype})")
        head.append(f"    asc.data_copy(t_{dtype}, g_{dtype}, 64)")
    head += PROLOGUE_OBJECTS
    lines = list(head)
    cases = []
    for n, (name, i, call, returns) in enumerate(calls):
        code = f"r{n} = {call}" if returns != "None" else call
        if returns.startswith("Tuple["):  # a tuple result is unpacked, one name per value
            code = ", ".join(f"r{n}_{j}" for j in range(returns.count(",") + 1)) + f" = {call}"
        lines.append(f"    {code}")
        cases.append(Case(name, i, len(lines), code))
    return "\n".join(lines) + "\n", cases
