"""The header facts (ascendc_facts.json) and the naming rule: the architecture branch a declaration belongs to, C++
names snake-cased as pyasc names them, parameter names, C types as pyasc dtypes."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cached_property
from importlib.resources import files

ARCH = 2201
"""The architecture whose `#if` branches of the headers pyasc follows where they differ (Ascend 910B, dav-c220, the
default SoC): a struct's fields, its constructors, and the bundled header's declarations (two branches' would make
a call ambiguous)."""


def arch_holds(cond: str, arch: int = ARCH) -> bool | None:
    """Whether a facts' architecture condition (`defined(__NPU_ARCH__) && (__NPU_ARCH__ == 3510 || ...)`) holds for
    `arch`; None where it names something else too."""
    if not cond:
        return True
    expr = cond.replace("defined(__NPU_ARCH__)", "True").replace("__NPU_ARCH__", str(arch))
    expr = re.sub(r"!(?!=)", " not ", expr.replace("&&", " and ").replace("||", " or "))
    if re.search(r"[A-Za-z_]", re.sub(r"\b(True|and|or|not)\b", "", expr)):
        return None
    try:
        return bool(eval(expr, {"__builtins__": {}}))  # noqa: S307 - digits, comparisons and boolean words only
    except SyntaxError:
        return None


def at_arch(fields: Iterable) -> tuple:
    """A struct's fields as ARCH has them: (type, name, default), those of another architecture's branch left out."""
    return tuple(tuple(f[:3]) for f in fields if len(f) < 4 or arch_holds(f[3]) is not False)


def _load_facts() -> dict:
    """The committed facts table (JSON: it loads in milliseconds, where a Python literal of this size compiles
    slowly); tuples where the code compares them."""
    data = json.loads(files("pyasc.language.api").joinpath("ascendc_facts.json").read_text(encoding="utf-8"))

    def tup(x: object) -> object:
        return tuple(tup(i) for i in x) if isinstance(x, list) else x

    return {k: tup(v) for k, v in data.items()}


class _Facts:
    """The facts, read on first use (only `build` reads them: the registry reads the derived table)."""

    @cached_property
    def _data(self) -> dict:
        return _load_facts()

    @property
    def FUNCTIONS(self) -> tuple:  # noqa: N802 (the table's name)
        return self._data["functions"]

    @property
    def STRUCTS(self) -> tuple:  # noqa: N802
        return self._data["structs"]

    @property
    def ENUMS(self) -> tuple:  # noqa: N802
        return self._data["enums"]

    @property
    def CONSTANTS(self) -> tuple:  # noqa: N802
        return self._data.get("constants", ())


F = _Facts()


_FUSED = {"SoftMax": "Softmax", "RmsNorm": "Rmsnorm", "GLU": "glu"}
"""Words pyasc writes as one (1.1.1's `softmax` for SoftMax, `rmsnorm` for RmsNorm; `swiglu` for SwiGLU: a gated
linear unit's name is one word)."""


_WORD = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+\d*|[A-Z]+\d*|\d+")


def snake(name: str) -> str:
    """`SoftmaxFlashV2` -> `softmax_flash_v2`, `SwiGLU` -> `swiglu`, `DataCopyPad` -> `data_copy_pad`."""
    for word, one in _FUSED.items():
        name = name.replace(word, one)
    name = re.sub(r"(?<=[a-z])glu\b", "GLUJOIN", name)
    words = _WORD.findall(name.replace("GLUJOIN", "glu"))
    out = "_".join(w.lower() for w in words)
    return re.sub(r"(?<=[a-z])_glu\b", "glu", out)


_PARAM_NAMES = {"sharedTmpBuffer": "temp_buffer", "calCount": "count", "sharedTmpBuf": "temp_buffer",
                "tmpBuffer": "temp_buffer"}
"""Parameter names pyasc spells otherwise (its `temp_buffer` and `count` throughout the 1.1.1 tables)."""


def param_name(name: str) -> str:
    """`dstTensor` -> `dst`, `srcTensor0` -> `src0`, `srcLocal` -> `src`, `expSumTensor` -> `exp_sum`."""
    if name in _PARAM_NAMES:
        return _PARAM_NAMES[name]
    base = re.sub(r"(?<=[a-z0-9])(Tensor|Local)(?=\d*$)", "", name)
    out = snake(base)
    return out + "_" if out in ("lambda", "pass", "from", "in", "is", "not", "and", "or", "def", "class",
                                "global", "import", "return", "yield", "with", "as", "if", "else") else out


INTS = re.compile(r"(unsigned |signed )?(u?int(8|16|32|64)_t|int|size_t|uint|long|short|char|unsigned)$")


DTYPES = {"half": "float16", "float": "float32", "bfloat16_t": "bfloat16", "int8_t": "int8", "uint8_t": "uint8",
           "int16_t": "int16", "uint16_t": "uint16", "int32_t": "int32", "uint32_t": "uint32", "int64_t": "int64",
           "uint64_t": "uint64", "bool": "int1"}


def bare(ctype: str) -> str:
    """A C++ parameter type without cv, reference, pointer and namespace (`const LocalTensor<T>&` ->
    `LocalTensor<T>`)."""
    t = re.sub(r"\b(const|volatile|struct|enum|class|typename|__gm__|__ubuf__)\b", " ", ctype)
    t = t.replace("&", " ").replace("AscendC::", "")
    return " ".join(t.split()).rstrip("* ").strip()


RESERVED = frozenset({"DataType", "LocalTensor", "GlobalTensor", "Tensor", "GlobalAddress", "Number", "IntList",
                      "NumberList", "BoolList", "Any", "Scalar", "Optional", "Union", "Tuple", "None"})
"""Words of the signature vocabulary (spec.py): no rule entry takes one as its name."""
