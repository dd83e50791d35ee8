"""`pyasc export`: the operator project of a kernel, its OpDef against the kernel's signature, the tiling derived
from host code, dtype variants, the kernel file through the C++ tier, the CLI and the golden project."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyasc.cli.export import main as export_main
from pyasc.compiler.pipeline.analysis import analyze
from pyasc.config import Config
from pyasc.export import ExportError, KernelHasErrors, export, project_files
from pyasc.export.model import GE_DTYPES, snake_case
from pyasc.export.render import USER_MARK

from .conftest import EXAMPLES, GOLDENS, SAMPLES

OPDEF_LINE = re.compile(r'this->(Input|Output)\("(\w+)"\)\.ParamType\(REQUIRED\)\.DataType\(\{([^}]*)\}\)'
                        r"\.Format\(\{([^}]*)\}\)")


def _opdef(host: str) -> list[tuple[str, str, list[str], int]]:
    return [(kind, name, [d.strip().removeprefix("ge::") for d in dts.split(",")], len(fmts.split(",")))
            for kind, name, dts, fmts in OPDEF_LINE.findall(host)]


def _files(snake: str) -> set[str]:
    return {"README.md", "CMakeLists.txt", "op_host/CMakeLists.txt", "op_kernel/CMakeLists.txt",
            f"op_host/{snake}/{snake}_host.cpp", f"op_kernel/{snake}/{snake}_kernel.cpp",
            f"op_kernel/{snake}/{snake}_tiling.h"}


def _write(tmp_path: Path, name: str, text: str) -> Path:
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


MATMUL_EXAMPLES = [p for p in EXAMPLES if "register_matmul" in p.read_text(encoding="utf-8")]


def test_a_matmul_kernel_is_refused_with_the_reason(tmp_path: Path) -> None:
    """Its op host would need the Matmul tiling and the system workspace, which export does not write yet."""
    assert [p.name for p in MATMUL_EXAMPLES] == ["linear_bias.py"]
    with pytest.raises(ExportError) as err:
        export(MATMUL_EXAMPLES[0], None, "LinearCustom", tmp_path / "prj", Config())
    assert str(err.value).startswith("'linear' uses the Matmul object: its operator needs a host tiling function")
    assert not (tmp_path / "prj").exists()


MATMUL_IN_HELPER = """import asc


@asc.jit
def attach(pipe: asc.TPipe, workspace: asc.GlobalAddress, mm, tiling: asc.adv.TCubeTiling) -> None:
    asc.adv.register_matmul(pipe, workspace, mm, tiling)


@asc.jit
def setup(pipe: asc.TPipe, workspace: asc.GlobalAddress, mm, tiling: asc.adv.TCubeTiling) -> None:
    attach(pipe, workspace, mm, tiling)


@asc.jit
def helper_mm(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, tiling: asc.adv.TCubeTiling,
              workspace: asc.GlobalAddress) -> None:
    a_gm = asc.GlobalTensor()
    b_gm = asc.GlobalTensor()
    c_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm.set_global_buffer(b)
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    c_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(a_type, a_type, c_type)
    setup(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm)
    mm.end()
"""


def test_a_matmul_registered_in_a_helper_is_refused_too(tmp_path: Path) -> None:
    """The kernel's own C++ holds no REGIST_MATMUL_OBJ: the helper of a helper does, and the kernel's analysis
    says so (its APIs include those its helpers call)."""
    src = _write(tmp_path, "helper_mm.py", MATMUL_IN_HELPER)
    analysis = analyze(MATMUL_IN_HELPER, str(src))
    kernel = next(k for k in analysis.kernels if k.kind == "kernel")
    assert "REGIST_MATMUL_OBJ" not in analysis.cpp[kernel.cpp_start:kernel.cpp_end]
    assert {"adv.register_matmul", "adv.Matmul.iterate_all"} <= kernel.apis
    with pytest.raises(ExportError) as err:
        export(src, None, "HelperMmCustom", tmp_path / "prj", Config())
    assert str(err.value).startswith("'helper_mm' uses the Matmul object: its operator needs a host tiling function")
    assert not (tmp_path / "prj").exists()


@pytest.mark.parametrize("example", [p for p in EXAMPLES if p not in MATMUL_EXAMPLES], ids=lambda p: p.stem)
def test_every_example_exports_with_its_signature_and_passes_the_cpp_tier(example: Path, tmp_path: Path) -> None:
    text = example.read_text(encoding="utf-8")
    analysis = analyze(text, str(example))
    kernel = next(k for k in analysis.kernels if k.kind == "kernel")
    op = "".join(w.capitalize() for w in kernel.name.split("_")) + "Custom"
    result = export(example, kernel.name, op, tmp_path / "prj", Config())
    snake = snake_case(op)
    written = {str(p.relative_to(tmp_path / "prj")) for p in (tmp_path / "prj").rglob("*") if p.is_file()}
    assert written == _files(snake) == set(result.files)
    opdef = _opdef(result.files[f"op_host/{snake}/{snake}_host.cpp"])
    expected = [("Output" if g.written else "Input", g.name, [GE_DTYPES[g.dtype]], 1) for g in kernel.gm_params]
    order = {"Input": 0, "Output": 1}
    assert opdef == sorted(expected, key=lambda e: order[e[0]])
    assert [g.name for g in kernel.gm_params if not g.read and not g.written] == []
    kernel_cpp = result.files[f"op_kernel/{snake}/{snake}_kernel.cpp"]
    assert f"__aicore__ inline void {kernel.name}_impl(" in kernel_cpp
    assert kernel_cpp.count('extern "C" __global__ __aicore__ void') == 1
    assert f'extern "C" __global__ __aicore__ void {snake}(' in kernel_cpp
    scalars = [n for n, t in kernel.cpp_params if t != "GM_ADDR"]
    tiling_h = result.files[f"op_kernel/{snake}/{snake}_tiling.h"]
    assert re.findall(r"^    \w+ (\w+);$", tiling_h, re.M) == scalars
    assert result.cpp_findings == []
    assert len(result.checked_variants) == 1


def test_golden_project_from_host_api_code(tmp_path: Path, update_goldens: bool) -> None:
    src = SAMPLES / "scaled_add.py"
    result = export(src, None, "ScaledAddCustom", tmp_path / "prj", Config())
    assert result.todo == [] and result.cpp_findings == []
    golden = GOLDENS / "scaled_add_custom"
    for rel, text in sorted(result.files.items()):
        path = golden / rel
        if update_goldens:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            continue
        assert path.read_text(encoding="utf-8") == text, f"{rel} differs (review; PYASC_UPDATE_GOLDENS=1 rewrites)"
    assert {str(p.relative_to(golden)) for p in golden.rglob("*") if p.is_file()} == set(result.files)


def test_tiling_from_the_host_api_binds_attr_tiling_and_tensor_sizes() -> None:
    text = (SAMPLES / "scaled_add.py").read_text(encoding="utf-8")
    r = project_files(analyze(text, "scaled_add.py"), None, "ScaledAddCustom", "Ascend910B1", [])
    host = r.files["op_host/scaled_add_custom/scaled_add_custom_host.cpp"]
    assert [a.name for a in r.plan.attrs] == ["alpha"] and r.plan.attrs[0].kind == "Float"
    assert 'this->Attr("alpha").Float();' in host
    assert "const float alpha = *attrs->GetAttrPointer<float>(0);" in host
    assert "const int64_t x_size = context->GetInputShape(0)->GetOriginShape().GetShapeSize();" in host
    assert "context->SetBlockDim(8);  // CORES, line 47" in host
    assert "tiling->block_length = (x_size / 8);  // x.size // CORES, line 47" in host
    assert "tiling->alpha = alpha;  // alpha, line 51" in host
    assert "return ge::GRAPH_SUCCESS;" in host and USER_MARK not in host


LAUNCHED = '''
import pyasc as asc

TILE = 64


@asc.jit
def neg(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int, tiles: int):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + asc.get_block_idx() * n, n)
    y_gm.set_global_buffer(y + asc.get_block_idx() * n, n)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, TILE * 4)
    t = buf.get(asc.float32)
    for i in range(tiles):
        asc.data_copy(t, x_gm[i * TILE:], TILE)
        asc.muls(t, t, -1.0, TILE)
        asc.data_copy(y_gm[i * TILE:], t, TILE)


def run(x, y, cores: int, scale):
    per_core = len(x) // cores
    neg[cores](x, y, per_core, scale * 2)
'''


def test_tiling_from_a_subscript_launch_marks_what_it_cannot_derive(tmp_path: Path) -> None:
    r = project_files(analyze(LAUNCHED, "neg.py"), "neg", "NegCustom", "Ascend910B1", [])
    host = r.files["op_host/neg_custom/neg_custom_host.cpp"]
    assert "const int64_t x_dim0 = context->GetInputShape(0)->GetOriginShape().GetDim(0);" in host
    assert "const int64_t cores = *attrs->GetAttrPointer<int64_t>(0);" in host
    assert "const auto per_core = (x_dim0 / cores);" in host
    assert "context->SetBlockDim(cores);" in host
    assert "tiling->n = per_core;  // per_core, line 25" in host
    # `scale` has no annotation: its attribute type is unknown, so 'tiles' is left to the user, marked
    assert r.todo == ["tiling field 'tiles': parameter 'scale' of the launching function has no int, float or bool "
                      "annotation, so its attribute type is unknown"]
    assert f"// {USER_MARK}: 'tiles'" in host and host.count("return ge::GRAPH_FAILED;") == 1
    readme = r.files["README.md"]
    assert "tiling field 'tiles'" in readme and USER_MARK in readme


def test_no_launch_in_the_file_leaves_a_marked_body() -> None:
    src = EXAMPLES[0]
    analysis = analyze(src.read_text(encoding="utf-8"), str(src))
    k = next(k for k in analysis.kernels if k.kind == "kernel")
    r = project_files(analysis, k.name, "XCustom", "Ascend910B1", [])
    host = r.files["op_host/x_custom/x_custom_host.cpp"]
    assert r.todo[0] == "the block dim: no launch of the kernel in the file"
    assert len(r.todo) == 1 + sum(1 for _, t in k.cpp_params if t != "GM_ADDR")
    assert "return ge::GRAPH_FAILED;" in host and "return ge::GRAPH_SUCCESS;" not in host.split("InferShape")[0]


GENERIC = '''
import pyasc as asc


@asc.jit
def add_any(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    z_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, n)
    y_gm.set_global_buffer(y, n)
    z_gm.set_global_buffer(z, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, 1024)
    a = q.alloc_tensor(x_gm.dtype)
    b = q.alloc_tensor(x_gm.dtype)
    asc.data_copy(a, x_gm, 128)
    asc.data_copy(b, y_gm, 128)
    asc.add(a, a, b, 128)
    asc.data_copy(z_gm, a, 128)
    q.free_tensor(a)
    q.free_tensor(b)
'''


def test_generic_kernel_exports_one_datatype_column_per_dtype_each_checked(tmp_path: Path) -> None:
    src = _write(tmp_path, "add_any.py", GENERIC)
    r = export(src, None, "AddAny", tmp_path / "prj", Config(), ["float16", "float32"])
    host = r.files["op_host/add_any/add_any_host.cpp"]
    both = ["DT_FLOAT16", "DT_FLOAT"]
    assert _opdef(host) == [("Input", "x", both, 2), ("Input", "y", both, 2), ("Output", "z", both, 2)]
    kernel = r.files["op_kernel/add_any/add_any_kernel.cpp"]
    assert "add_any_impl<DTYPE_X>(x, y, z, tiling_data.n);" in kernel and "DTYPE)" not in kernel
    assert r.checked_variants == [{"DTYPE_X": "half", "DTYPE_Y": "half", "DTYPE_Z": "half"},
                                  {"DTYPE_X": "float", "DTYPE_Y": "float", "DTYPE_Z": "float"}]
    assert r.cpp_findings == []
    assert "context->SetOutputDataType(0, context->GetInputDataType(0));" in host


def test_a_dtype_the_api_does_not_take_is_caught_by_the_cpp_check(tmp_path: Path) -> None:
    src = _write(tmp_path, "add_any.py", GENERIC)
    r = export(src, None, "AddAny", tmp_path / "prj", Config(), ["float32", "int8"])
    assert len(r.cpp_findings) == 1
    assert "Add: element type must be" in r.cpp_findings[0] and "(got int8_t)" in r.cpp_findings[0]
    assert "DTYPE_X=int8_t" in r.cpp_findings[0]


def test_generic_kernel_without_dtypes_and_other_refusals(tmp_path: Path) -> None:
    analysis = analyze(GENERIC, "add_any.py")
    with pytest.raises(ExportError, match=r"nothing in 'add_any' fixes the dtype of x, y, z: .*--dtypes"):
        project_files(analysis, None, "AddAny", "Ascend910B1", [])
    with pytest.raises(ExportError, match="not a dtype an operator can take"):
        project_files(analysis, None, "AddAny", "Ascend910B1", ["float17"])
    with pytest.raises(ExportError, match="UpperCamelCase"):
        project_files(analysis, None, "add_any", "Ascend910B1", ["float32"])
    with pytest.raises(ExportError, match=r"no kernel named 'nope' in add_any.py \(kernels: add_any\)"):
        project_files(analysis, "nope", "AddAny", "Ascend910B1", ["float32"])
    fixed = analyze((SAMPLES / "scaled_add.py").read_text(encoding="utf-8"), "scaled_add.py")
    with pytest.raises(ExportError, match=r"not generic in its dtype \(its tensors are float32\)"):
        project_files(fixed, None, "ScaledAdd", "Ascend910B1", ["float16"])
    unused = GENERIC.replace("def add_any(x: asc.GlobalAddress,",
                             "def add_any(w: asc.GlobalAddress, x: asc.GlobalAddress,")
    with pytest.raises(ExportError, match="neither reads nor writes w"):
        project_files(analyze(unused, "u.py"), None, "AddAny", "Ascend910B1", ["float32"])
    broken = GENERIC.replace("asc.add(a, a, b, 128)", "asc.add(a, a, b, 128, 7, 8, 9)")
    with pytest.raises(KernelHasErrors, match=r"'add_any' has errors"):
        project_files(analyze(broken, "b.py"), None, "AddAny", "Ascend910B1", ["float32"])


HELPER_WRITES = '''
import pyasc as asc


@asc.jit
def store(dst: asc.GlobalTensor, src: asc.LocalTensor, n: int):
    asc.data_copy(dst, src, n)


@asc.jit
def copy_out(x: asc.GlobalAddress, y: asc.GlobalAddress):
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    y_gm.set_global_buffer(y, 256)
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, 1024)
    t = buf.get(asc.float32)
    asc.data_copy(t, x_gm, 256)
    store(y_gm, t, 256)
'''


def test_outputs_written_inside_a_helper_are_outputs() -> None:
    analysis = analyze(HELPER_WRITES, "h.py")
    k = next(k for k in analysis.kernels if k.name == "copy_out")
    assert [(g.name, g.read, g.written) for g in k.gm_params] == [("x", True, False), ("y", False, True)]
    r = project_files(analysis, "copy_out", "CopyOut", "Ascend910B1", [])
    assert [(kind, name) for kind, name, _, _ in _opdef(r.files["op_host/copy_out/copy_out_host.cpp"])] == \
        [("Input", "x"), ("Output", "y")]


def test_cli_exit_codes_and_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = SAMPLES / "scaled_add.py"
    assert export_main([str(src), "--op-name", "ScaledAddCustom", "-o", str(tmp_path / "a")]) == 0
    out = capsys.readouterr().out
    assert "wrote 7 files of operator ScaledAddCustom" in out
    assert "inputs: x, y; outputs: z; dtypes: x float32; y float32; z float32" in out
    assert "tiling from: Kernel(scaled_add) in launch(), line 46" in out
    assert "kernel file checked: 1 dtype combination(s), no error" in out
    gen = _write(tmp_path, "g.py", GENERIC)
    assert export_main([str(gen), "--op-name", "AddAny", "-o", str(tmp_path / "b"), "--dtypes", "int8"]) == 1
    assert "(got int8_t)" in capsys.readouterr().err
    assert export_main([str(gen), "--op-name", "AddAny", "-o", str(tmp_path / "c")]) == 2
    assert "--dtypes" in capsys.readouterr().err
    bad = _write(tmp_path, "bad.py", GENERIC.replace("asc.add(a, a, b, 128)", "asc.add(a, a, b, 128, 7, 8, 9)"))
    assert export_main([str(bad), "--op-name", "AddAny", "-o", str(tmp_path / "d"), "--dtypes", "float32"]) == 1
    assert "has errors" in capsys.readouterr().err
    assert not (tmp_path / "d").exists() and not (tmp_path / "c").exists()
    assert export_main([str(tmp_path / "missing.py"), "--op-name", "A", "-o", str(tmp_path / "e")]) == 2
    assert export_main(["--op-name", "A"]) == 2


HOST_IMPORTING = '''"""A host program in the examples' style: the kernel comes from a module of the project."""

import numpy as np

from scaled_add import CORES, scaled_add

LENGTH = 8192


def main() -> None:
    x = np.ones(LENGTH, np.float32)
    y = np.ones(LENGTH, np.float32)
    z = np.zeros(LENGTH, np.float32)
    scaled_add[CORES](x, y, z, 0.5, LENGTH // CORES)
'''


@pytest.mark.parametrize("form", ["from scaled_add import CORES, scaled_add", "import scaled_add",
                                  "from . import scaled_add"])
def test_a_host_file_that_imports_its_kernel_is_followed(tmp_path: Path, form: str) -> None:
    """`pyasc export run_x.py` of a program whose kernel lives in x.py (the examples' run_*.py) exports that kernel
    with the tiling of the program's launch; the kernel module's constants (CORES) count as the program's."""
    _write(tmp_path, "scaled_add.py", (SAMPLES / "scaled_add.py").read_text(encoding="utf-8"))
    text = HOST_IMPORTING.replace("from scaled_add import CORES, scaled_add", form)
    if form != "from scaled_add import CORES, scaled_add":
        text = text.replace("scaled_add[CORES]", "scaled_add.scaled_add[scaled_add.CORES]").replace(
            "LENGTH // CORES", "LENGTH // scaled_add.CORES")
    host = _write(tmp_path, "run_scaled_add.py", text)
    result = export(host, None, "ScaledAddCustom", tmp_path / "prj", Config(), check_cpp=False)
    assert result.model.kernel.name == "scaled_add"
    launched = "scaled_add[CORES]" if "CORES," in form else "scaled_add.scaled_add[scaled_add.CORES]"
    assert result.plan.source == f"the launch {launched}(...) in main(), line 14"
    assert result.plan.block_dim.cpp == "8"  # CORES, a constant of the kernel's module
    cores = "CORES" if "CORES," in form else "scaled_add.CORES"
    assert {k: (d.cpp, d.python) for k, d in result.plan.fields.items()} == {
        "alpha": ("0.5f", "0.5"), "block_length": ("(8192 / 8)", f"LENGTH // {cores}")}
    assert result.todo == []
    assert sorted(p.relative_to(tmp_path / "prj").as_posix() for p in (tmp_path / "prj").rglob("*")
                  if p.is_file()) == sorted(_files("scaled_add_custom"))


def test_a_host_file_without_a_kernel_anywhere_is_still_an_error(tmp_path: Path) -> None:
    host = _write(tmp_path, "run.py", "import numpy as np\n\nfrom helpers import prepare\n")
    _write(tmp_path, "helpers.py", "def prepare():\n    return 1\n")
    with pytest.raises(ExportError, match="run.py has no @asc.jit kernel"):
        export(host, None, "Op", tmp_path / "prj", Config(), check_cpp=False)
