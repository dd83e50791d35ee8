"""Every public name of the `asc` reference listing is known to the specification."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from pyasc.language import registry

DATA = Path(__file__).parent / "data" / "asc_names.txt"


def _load_extractor():
    spec = importlib.util.spec_from_file_location("extract_names", Path(__file__).parent / "extract_names.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _known(name: str) -> bool:
    if name in registry.public_names():
        return True
    owner, _, member = name.rpartition(".")
    if owner in registry.ENUMS:
        return member in registry.ENUMS[owner].members
    if owner in registry.CLASSES:
        return registry.method(owner, member) is not None
    return False


def test_names_file_is_current_with_the_reference() -> None:
    """The stored list is what the extractor gives for the reference (checked where the reference exists)."""
    extractor = _load_extractor()
    stored = DATA.read_text(encoding="utf-8").split()
    if extractor.REFERENCE.exists():
        assert extractor.extract(extractor.REFERENCE.read_text(encoding="utf-8")) == stored
    assert stored == sorted(set(stored))
    assert len(stored) > 600


def test_extractor_rules() -> None:
    """Functions, methods, adv names, enums and dtypes are extracted; internal helpers are not."""
    text = "\n".join([
        "### core/utils.py", "    def ceildiv(x: int, y: int) -> int", "    def require_jit(fn)",
        "### basic/vec_binary.py", "    @overload def add(dst: LocalTensor) -> None",
        "### core/tensor.py", "    class BaseTensor(IRValue):", "    def dtype(self) -> int",
        "    class LocalTensor(BaseTensor):", "    @overload    def get_size(self) -> int",
        "### adv/matmul.py", "    class Matmul(IRValue):", "    def end(self) -> None",
        "    def check_type(target_type: Any) -> None",
        "## dtypes (asc.<name>)", "- `half = float16`",
        "## enums (asc.<Enum>.<MEMBER>=value)", "- `CMPMODE`: LT=0, GT=1",
    ])
    names = _load_extractor().extract(text)
    for expected in ("ceildiv", "add", "LocalTensor", "LocalTensor.get_size", "adv.Matmul", "adv.Matmul.end",
                     "half", "CMPMODE", "CMPMODE.GT", "jit"):
        assert expected in names
    for internal in ("require_jit", "BaseTensor", "BaseTensor.dtype", "adv.check_type", "check_type"):
        assert internal not in names


def test_every_reference_name_is_known() -> None:
    names = DATA.read_text(encoding="utf-8").split()
    assert [n for n in names if not _known(n)] == []


def test_unknown_names_are_reported_unknown() -> None:
    assert not _known("ad")
    assert not _known("TPosition.VECINN")
    assert not _known("TQue.alloc")
    assert not _known("adv.add")


def test_language_extras_are_declared() -> None:
    """Names the front end treats specially still have specs, for hover and completion."""
    for name in ("jit", "range", "static_range", "ConstExpr", "GlobalAddress", "property", "inline", "number",
                 "ceildiv", "static_assert", "array", "get_tpipe_ptr", "printf", "dump_tensor"):
        spec = registry.lookup(name)
        assert spec is not None and spec.doc, name
    for const in ("DEFAULT_C0_SIZE", "ONE_BLK_SIZE", "TOTAL_L0C_SIZE", "TOTAL_L1_SIZE"):
        assert registry.CONSTANTS[const].cpp == f"AscendC::{const}"
    jit = registry.APIS["jit"]
    options = {p.name for o in jit.overloads for p in o.params if p.keyword_only}
    assert {"insert_sync", "kernel_type", "always_compile", "core_num", "stream", "capture_exceptions"} <= options
