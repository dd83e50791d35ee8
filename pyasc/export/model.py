"""The operator a kernel becomes: its inputs, outputs, dtypes and tiling fields, inferred from one analysis.

Nothing here is asked of the user that the analysis already knows: a GM parameter the kernel only reads is an
input, one it writes is an output; the element type inferred for it is its dtype; every other parameter is a
field of the tiling struct that the tiling function fills on the host.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..compiler.pipeline.results import Analysis, KernelInfo
from ..language.dtypes import lookup

GE_DTYPES = {
    "float16": "DT_FLOAT16", "float32": "DT_FLOAT", "bfloat16": "DT_BF16", "float64": "DT_DOUBLE",
    "int8": "DT_INT8", "int16": "DT_INT16", "int32": "DT_INT32", "int64": "DT_INT64",
    "uint8": "DT_UINT8", "uint16": "DT_UINT16", "uint32": "DT_UINT32", "uint64": "DT_UINT64", "int1": "DT_BOOL",
}
"""asc dtype -> the `ge::DataType` an OpDef lists."""


class ExportError(Exception):
    """The kernel cannot become an operator project as asked; the message says why and what to do."""


class KernelHasErrors(ExportError):
    """The kernel's own checks found errors: fix the kernel first."""


@dataclass(frozen=True)
class TensorArg:
    name: str
    role: str
    """'input' or 'output'."""
    index: int
    """Its position among the operator's inputs (or outputs)."""
    cpp_type: str
    """Element type in the kernel's C++ (`half`, or a template parameter such as `T_x`)."""
    dtypes: tuple[str, ...]
    """One asc dtype per supported combination (one column of the OpDef's DataType lists)."""
    cpp_name: str = ""
    """Its name in the kernel's C++ (the entry's parameter)."""

    @property
    def macro(self) -> str:
        """The element-type macro CANN's op build defines for this tensor."""
        return f"DTYPE_{self.name.upper()}"


@dataclass(frozen=True)
class ScalarArg:
    name: str
    cpp_type: str


@dataclass(frozen=True)
class OpModel:
    op_name: str
    snake: str
    kernel: KernelInfo
    tensors: tuple[TensorArg, ...]
    """In the kernel's parameter order."""
    scalars: tuple[ScalarArg, ...]
    params: tuple[tuple[str, str], ...]
    """(C++ name, C++ type) of every kernel parameter, in order."""
    generic: dict[str, str]
    """Template parameter -> the macro that instantiates it (`T_x` -> `DTYPE_X`)."""

    @property
    def inputs(self) -> list[TensorArg]:
        return [t for t in self.tensors if t.role == "input"]

    @property
    def outputs(self) -> list[TensorArg]:
        return [t for t in self.tensors if t.role == "output"]

    @property
    def tiling_struct(self) -> str:
        return f"{self.op_name}TilingData"

    @property
    def variants(self) -> int:
        return len(self.tensors[0].dtypes) if self.tensors else 1


def snake_case(op_name: str) -> str:
    """`AddCustom` -> `add_custom`, `LeakyReLUCustom` -> `leaky_re_lu_custom`, as CANN's op build names files."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", op_name).lower()


def check_op_name(op_name: str) -> None:
    if not re.fullmatch(r"[A-Z][A-Za-z0-9]*", op_name):
        raise ExportError(f"--op-name must be an operator type in UpperCamelCase (like AddCustom), not {op_name!r}")


def find_kernel(analysis: Analysis, name: str | None) -> KernelInfo:
    kernels = [k for k in analysis.kernels if k.kind == "kernel"]
    if not kernels:
        raise ExportError(f"{analysis.path} has no @asc.jit kernel")
    if name is None:
        if len(kernels) > 1:
            raise ExportError("the file has several kernels (" + ", ".join(k.name for k in kernels)
                              + "): choose one with --kernel")
        return kernels[0]
    found = [k for k in kernels if k.name == name or k.name.endswith("." + name)]
    if len(found) != 1:
        known = ", ".join(k.name for k in kernels)
        raise ExportError(f"no kernel named '{name}' in {analysis.path} (kernels: {known})" if not found else
                          f"'{name}' names several kernels ({', '.join(k.name for k in found)}): give outer.name")
    return found[0]


def uses_matmul(kernel: KernelInfo) -> bool:
    """Whether the kernel registers a Matmul object (the only way a kernel gets one), itself or in a jit helper it
    calls."""
    return "adv.register_matmul" in kernel.apis


def build(analysis: Analysis, kernel: KernelInfo, op_name: str, dtypes: list[str]) -> OpModel:
    """The operator for `kernel`; `dtypes` are the element types a dtype-generic kernel is exported for."""
    check_op_name(op_name)
    for d in dtypes:
        if lookup(d) is None or lookup(d).name not in GE_DTYPES:  # type: ignore[union-attr]
            raise ExportError(f"--dtypes: '{d}' is not a dtype an operator can take (known: {', '.join(GE_DTYPES)})")
    canon = [lookup(d).name for d in dtypes]  # type: ignore[union-attr]
    if uses_matmul(kernel):
        raise ExportError(f"'{kernel.name}' uses the Matmul object: its operator needs a host tiling function that "
                          "computes the TCubeTiling (MultiCoreMatmulTiling) and the system workspace size, which "
                          "export does not write yet; build the kernel with `pyasc --output` and write the op host "
                          "by hand (docs/export.md)")
    gm = {g.name: g for g in kernel.gm_params}
    generic = sorted({g.cpp_type for g in kernel.gm_params if g.dtype is None})
    if generic and not canon:
        names = ", ".join(g.name for g in kernel.gm_params if g.dtype is None)
        raise ExportError(f"nothing in '{kernel.name}' fixes the dtype of {names}: name the dtypes the operator "
                          "supports with --dtypes (e.g. --dtypes float16,float32)")
    if not generic and canon:
        fixed = sorted({g.dtype for g in kernel.gm_params if g.dtype})
        if sorted(set(canon)) != fixed:
            raise ExportError(f"'{kernel.name}' is not generic in its dtype (its tensors are {', '.join(fixed)}): "
                              "--dtypes applies to kernels whose dtype nothing fixes; drop it")
    tensors: list[TensorArg] = []
    counts = {"input": 0, "output": 0}
    unused = [n for n, g in gm.items() if not g.read and not g.written]
    if unused:
        raise ExportError(f"'{kernel.name}' neither reads nor writes {', '.join(unused)}: an operator's tensors are "
                          "inputs (read) or outputs (written); remove the parameter or use it")
    for g in kernel.gm_params:
        role = "output" if g.written else "input"
        width = len(canon) if generic else 1
        column = tuple(canon) if g.dtype is None else (g.dtype,) * width
        tensors.append(TensorArg(g.name, role, counts[role], g.cpp_type, column, g.cpp_name or g.name))
        counts[role] += 1
    if not counts["output"]:
        raise ExportError(f"'{kernel.name}' writes none of its GM parameters: an operator needs an output")
    macros = {}
    for t in tensors:
        if t.cpp_type in generic and t.cpp_type not in macros:
            macros[t.cpp_type] = t.macro
    gm_cpp = {g.cpp_name or g.name for g in kernel.gm_params}
    scalars = tuple(ScalarArg(n, c) for n, c in kernel.cpp_params if n not in gm_cpp)
    return OpModel(op_name, snake_case(op_name), kernel, tuple(tensors), scalars, kernel.cpp_params, macros)
