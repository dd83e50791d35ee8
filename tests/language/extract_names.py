"""Extract every public `asc` name from the API reference listing into tests/language/data/asc_names.txt.

Run `python tests/language/extract_names.py [path/to/asc-api.md]` when the reference changes; test_names.py compares
the registry with the file (and, when the reference is present, the file with a fresh extraction).

Output lines: `name` (function, class, enum, dtype: `add`, `TPipe`, `adv.exp`), `Class.method`, `Enum.MEMBER`.
Internal helpers the listing still shows (IR plumbing, type checks, docstring holders) are left out by the rules
below, so the file holds exactly what a kernel author can write after `asc.`.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

REFERENCE = Path("/work/shared/reference/asc-api.md")
OUTPUT = Path(__file__).parent / "data" / "asc_names.txt"

# Names always public although the listing introduces them only in prose (its header).
HEADER_NAMES = ("jit", "GlobalAddress", "ConstExpr", "range", "static_range")

# Classes that are IR or dispatch machinery, not part of the `asc` namespace.
INTERNAL_CLASSES = {
    "IRValue", "PlainValue", "BaseTensor", "KnownTypes", "BaseField", "Field", "StructField", "Struct",
    "DefaultValued", "Overload", "OverloadDispatcher", "TPipeManager", "TensorShape", "Property",
}
# Modules whose functions are all internal helpers, and the exceptions that are public.
INTERNAL_FUNCTION_MODULES = {"core/ir_value.py", "core/struct.py", "core/constexpr.py", "core/utils.py",
                             "basic/utils.py", "fwk/utils.py", "adv/utils.py"}
PUBLIC_EXCEPTIONS = {"ceildiv", "static_assert"}
INTERNAL_FUNCTIONS = re.compile(r"^(check_type\w*|ensure_shape|as_int|new_impl|print_valid_type)$")
INTERNAL_METHODS = {"get_ir_type"}


def extract(text: str) -> list[str]:
    """The public names of an asc-api.md listing, sorted."""
    names: set[str] = set(HEADER_NAMES)
    module = ""
    cls: str | None = None
    in_dtypes = in_enums = False
    for line in text.splitlines():
        if line.startswith("## "):
            in_dtypes = line.startswith("## dtypes")
            in_enums = line.startswith("## enums")
            continue
        if in_dtypes:
            m = re.match(r"- `(\w+) = ", line)
            if m:
                names.add(m.group(1))
            continue
        if in_enums:
            m = re.match(r"- `(\w+)`: (.*)", line)
            if m:
                names.add(m.group(1))
                names.update(f"{m.group(1)}.{item.split('=')[0].strip()}" for item in m.group(2).split(", ")
                             if "=" in item)
            continue
        m = re.match(r"### (\w+/\w+\.py)", line)
        if m:
            module, cls = m.group(1), None
            continue
        prefix = "adv." if module.startswith("adv/") else ""
        m = re.match(r"    class (\w+)", line)
        if m:
            cls = m.group(1)
            if cls in INTERNAL_CLASSES or cls.endswith("Docstring"):
                cls = None
            elif not module.endswith("/enums.py"):  # enums come with their members from the enums section
                names.add(prefix + cls)
            continue
        m = re.match(r"    (?:@overload\s+)?def (\w+)\((\w*)", line)
        if not m:
            continue
        name, first = m.groups()
        if first in ("self", "cls"):
            if cls is not None and name not in INTERNAL_METHODS:
                names.add(f"{prefix}{cls}.{name}")
            continue
        if module in INTERNAL_FUNCTION_MODULES and name not in PUBLIC_EXCEPTIONS:
            continue
        if INTERNAL_FUNCTIONS.match(name):
            continue
        names.add(prefix + name)
    return sorted(names)


def main(argv: list[str]) -> int:
    source = Path(argv[1]) if len(argv) > 1 else REFERENCE
    names = extract(source.read_text(encoding="utf-8"))
    OUTPUT.parent.mkdir(parents=True, exist_ok=True)
    OUTPUT.write_text("\n".join(names) + "\n", encoding="utf-8")
    print(f"{len(names)} names -> {OUTPUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
