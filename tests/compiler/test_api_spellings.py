"""API calls spelled as the Ascend C headers declare them: one kernel file per family under api_spellings/ (its exact
diagnostics and a golden C++ in goldens/api_spellings/; tests/toolchain parses the same files against the bundled
header), and the cases around each family written inline."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyasc.compiler.analysis import analyze

from .test_goldens import GOLDENS, _check

HERE = Path(__file__).parent / "api_spellings"
FILES = sorted(HERE.glob("*.py"))

EXPECTED: dict[str, list[tuple[str, int]]] = {
    # (code, line) of every diagnostic of the file
    "workspaces": [],
}
KERNELS: dict[str, list[str]] = {
    "workspaces": ["ordered_accumulate", "warm_table"],
}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_file_diagnostics_and_cpp(path: Path, update_goldens: bool) -> None:
    text = path.read_text(encoding="utf-8")
    analysis = analyze(text, str(path))
    got = sorted((d.code, d.span.line) for d in analysis.diagnostics)
    assert got == sorted(EXPECTED[path.stem]), [(d.code, d.span.line, d.message) for d in analysis.diagnostics]
    assert [k.name for k in analysis.kernels] == KERNELS[path.stem]
    _check(GOLDENS / "api_spellings" / f"{path.stem}.cpp", analysis.cpp, update_goldens)


def test_every_file_has_expectations() -> None:
    assert sorted(EXPECTED) == sorted(KERNELS) == [p.stem for p in FILES]


# -- APIs taking one element type: it types the tensor --------------------------------------------------------------

def test_single_dtype_apis_type_an_untyped_address() -> None:
    cpp = analyze((HERE / "workspaces.py").read_text(encoding="utf-8"), "k.py").cpp
    assert "template <" not in cpp and "DTYPE" not in cpp
    assert "ws_gm.SetGlobalBuffer((__gm__ int32_t*)workspace, CORES * 8);" in cpp
    assert "AscendC::GlobalTensor<uint64_t> table_gm;" in cpp


SYNC_ON = """import asc


@asc.jit
def k(x: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 256)
    ub = buf.get(asc.int32)
    TYPED
    asc.sync_all(x_gm, ub)
"""


def test_a_tensor_typed_otherwise_keeps_its_dtype_and_the_error() -> None:
    typed = SYNC_ON.replace("TYPED", "f = buf.get(asc.float32)\n    asc.data_copy(f, x_gm, 64)")
    errors = [d for d in analyze(typed, "k.py").diagnostics if d.severity.name == "ERROR"]
    assert [(d.code, d.message) for d in errors] == [
        ("PA402", "asc.sync_all() does not support float32 for 'gm_workspace': expected one of int32")]
    untyped = analyze(SYNC_ON.replace("TYPED", "pass"), "k.py")
    assert not untyped.errors and "AscendC::SyncAll<true>(x_gm, ub, 0);" in untyped.cpp
