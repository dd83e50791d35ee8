"""`pyasc run`: CANN-style programs (`import asc`) run on the simulator, as `python FILE` / `python -m MODULE`."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from pyasc import compat

PROGRAMS = Path(__file__).parent / "programs"


def pyasc_run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    return subprocess.run([sys.executable, "-m", "pyasc.cli.main", "run", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300, check=False)


def test_a_torch_program_with_structs_and_nested_kernels_runs(tmp_path):
    pytest.importorskip("torch")
    got = pyasc_run(str(PROGRAMS / "scale_add.py"), "--size", "8192", "--scale", "0.5", cwd=tmp_path)
    assert got.returncode == 0, got.stderr
    assert got.stdout.strip() == "scale_add: 8192 elements OK on Ascend910B2"


EXAMPLE_STYLE = {
    # program, its arguments, what it prints: the core counts are those of pyasc/language/soc.py
    "tiled_add": (["-r", "Model"], "tiled_add float32: 24576 elements on 24 cores of Ascend910B1: PASS"),
    "tiled_add-fp16": (["--run-mode", "Model", "-v", "Ascend910B3", "--dtype", "float16", "--tiles", "3"],
                       "tiled_add float16: 30720 elements on 20 cores of Ascend910B3: PASS"),
    "rmsnorm": (["-r", "Model"], "rmsnorm: 96 rows x 256 on 48 vector cores: PASS"),
    "gelu": (["-r", "Model", "--dtype", "float16", "-v", "Ascend910B4"],
             "gelu float16: 40960 elements on 20 cores: PASS"),
    "swish_gate": (["-r", "Model", "--rows-per-core", "1"], "swish_gate: 24 rows x 512 on 24 cores: PASS"),
}


@pytest.mark.parametrize("name", sorted(EXAMPLE_STYLE))
def test_programs_in_the_style_of_cann_examples_run(tmp_path, name):
    """argparse `-r Model`, `rt.device_info` for the core count (asc.lib.runtime.support's enums), torch tensors
    with a dtype, a launch on the current stream and a torch.allclose verdict."""
    pytest.importorskip("torch")
    args, expected = EXAMPLE_STYLE[name]
    got = pyasc_run(str(PROGRAMS / f"{name.split('-')[0]}.py"), *args, cwd=tmp_path)
    assert (got.returncode, got.stdout.strip()) == (0, expected), got.stderr


def test_the_npu_backend_is_a_clear_error(tmp_path):
    got = pyasc_run(str(PROGRAMS / "tiled_add.py"), "-r", "NPU", cwd=tmp_path)
    assert got.returncode == 1 and got.stdout == ""
    assert "RuntimeError: Backend.NPU needs an Ascend NPU and CANN's runtime" in got.stderr
    assert "use Backend.Model (e.g. `-r Model`)" in got.stderr


@pytest.mark.parametrize("name", ["tiled_add", "rmsnorm", "gelu", "swish_gate"])
def test_example_style_programs_analyze_without_errors(name):
    """pyasc-check's analysis: no error and no warning (what remains are infos: dtypes the file does not fix)."""
    from pyasc.compiler.diagnostics.model import Severity
    from pyasc.compiler.pipeline.analysis import analyze

    path = PROGRAMS / f"{name}.py"
    analysis = analyze(path.read_text(), str(path))
    assert [k.name for k in analysis.kernels] == [name]
    assert [(d.code, d.message) for d in analysis.diagnostics if d.severity >= Severity.WARNING] == []


ORACLE_LAUNCHES = {
    # each program's kernel launched as CANN's tracer traces it (numpy arrays: its venv has no torch)
    "tiled_add": "x = np.zeros(8 * 1024, np.float16)\n    tiled_add[8](x, x.copy(), x.copy(), 1024, 2)",
    "rmsnorm": "x = np.zeros(4 * 512, np.float32)\n    rmsnorm[4](x, np.ones(256, np.float32), x.copy(), 2, 256, 1e-6)",
    "gelu": "x = np.zeros(4 * 2048, np.float16)\n    gelu[4](x, x.copy(), 2048, 1024)",
    "swish_gate": "x = np.zeros(4 * 2 * 512, np.float32)\n    swish_gate[4](x, x.copy(), x.copy(), 2, 512)",
}


def test_example_style_kernels_are_accepted_by_cann_s_tracer(tmp_path):
    from tests.differential.oracle import run_oracle

    requests = []
    for name, launch in ORACLE_LAUNCHES.items():
        text = (PROGRAMS / f"{name}.py").read_text().replace("\nimport torch\n", "\ntorch = None\n")
        copy = tmp_path / f"{name}.py"
        copy.write_text(f"{text}\n\ndef launch():\n    import numpy as np\n    {launch}\n")
        requests.append({"id": name, "file": str(copy), "entry": "launch"})
    results = run_oracle(requests)
    assert {name: (r.harness_error, [t.error for t in r.traces if not t.accepted]) for name, r in results.items()
            } == {name: (None, []) for name in ORACLE_LAUNCHES}
    assert all(r.traces for r in results.values())


def test_pytest_runs_cann_style_tests(tmp_path):
    got = pyasc_run("-m", "pytest", "-q", "-p", "no:cacheprovider", "--rootdir", str(tmp_path),
                    str(PROGRAMS / "cann_checks.py"), cwd=tmp_path)
    assert got.returncode == 0, got.stdout + got.stderr
    assert "3 passed" in got.stdout


def test_exit_status_and_argv_are_python_s(tmp_path):
    prog = tmp_path / "prog.py"
    prog.write_text("import sys\nimport asc\nprint(sys.argv, asc.float16.sizeof())\nsys.exit(3)\n")
    got = pyasc_run(str(prog), "a", "-b", cwd=tmp_path)
    assert (got.returncode, got.stdout) == (3, f"[{str(prog)!r}, 'a', '-b'] 2\n")
    failing = tmp_path / "fail.py"
    failing.write_text("import asc\nassert asc.int32.sizeof() == 8, 'int32 has 4 bytes'\n")
    got = pyasc_run(str(failing), cwd=tmp_path)
    assert got.returncode == 1 and "AssertionError: int32 has 4 bytes" in got.stderr


def test_usage_errors(tmp_path):
    assert pyasc_run(str(tmp_path / "missing.py"), cwd=tmp_path).returncode == 2
    assert pyasc_run("-m", cwd=tmp_path).returncode == 2
    assert pyasc_run(cwd=tmp_path).returncode == 2


def test_sanitizer_findings_name_the_program_line(tmp_path):
    prog = tmp_path / "oob.py"
    prog.write_text(
        "import numpy as np\nimport asc\n\n\n@asc.jit\ndef k(x: asc.GlobalAddress):\n"
        "    g = asc.GlobalTensor()\n    g.set_global_buffer(x, 64)\n    t = asc.LocalTensorAuto(x.dtype, 128)\n"
        "    asc.data_copy(t, g, 128)\n\n\nk[1](np.zeros(64, dtype=np.float32))\n")
    got = pyasc_run(str(prog), cwd=tmp_path)
    assert got.returncode == 1
    assert f"{prog}:10: error PS101 [gm-out-of-bounds]" in got.stderr


@pytest.fixture
def asc_modules():
    from pyasc.sim import jit

    compat.install()
    yield
    compat.uninstall()
    jit.set_default_soc("")  # set_platform chose a SoC for later launches: later tests take the project's


def test_cann_module_paths(asc_modules):
    import asc
    import asc.lib.runtime as rt
    import asc.runtime.config as config
    from asc.language.core.dtype import DataType, KnownTypes
    from asc.runtime.jit import MockTensor

    import pyasc
    from pyasc.compat import platforms

    assert KnownTypes.half is asc.float16 is pyasc.float16 and DataType("int8") is asc.int8 is asc.DataType("int8")
    assert isinstance(asc.float32, DataType) and asc.float32.is_float() and not asc.int32.is_float()
    assert asc.adv.softmax is asc.language.adv.softmax
    assert MockTensor(asc.float16).dtype is asc.float16
    config.set_platform("Model", config.Platform.Ascend910B4_1)
    assert rt.get_soc_version() is config.Platform.Ascend910B4_1 and platforms.simulator_soc(
        config.Platform.Ascend910B4_1) == "Ascend910B4"
    assert rt.current_stream() is rt.current_stream() and rt.is_available() and rt.device_count() == 1
    with pytest.raises(RuntimeError, match="kernel\\[core_num\\]"):
        rt.launch_kernel(None, 8, [])
    from asc.lib import host

    assert host.get_ascendc_platform().get_soc_version() == "Ascend910B4"
    tiling = asc.adv.TCubeTiling()
    mm = host.MultiCoreMatmulTiling(host.get_ascendc_platform())
    assert mm.set_dim(20) == 0 and mm.set_shape(64, 640, 32) == 0 and mm.get_tiling(tiling) == 0
    assert (tiling.used_core_num, tiling.single_core_n) == (20, 32)
    with pytest.raises(ModuleNotFoundError):
        import asc.nothing_here  # noqa: F401
    config.set_platform(config.Backend.Model)


def test_uninstall_forgets_asc(asc_modules):
    import asc  # noqa: F401

    compat.uninstall()
    assert "asc" not in sys.modules
    compat.install()


def test_struct_packs_as_a_c_struct(asc_modules):
    from asc.language.core.dtype import KnownTypes as KT
    from asc.language.core.struct import Field, Struct, StructField

    class Inner(Struct):
        a = Field(KT.int8, default=1)

    class Outer(Struct):
        inner = StructField(Inner)
        n = Field(KT.int32, default=0)
        x = Field(KT.float32, default=0.5)

    o = Outer(n=2 ** 31 + 5)
    assert o.n == -(2 ** 31) + 5  # an int32 field wraps as on the device
    assert o.pack() == bytes([1, 0, 0, 0]) + np.int32(o.n).tobytes() + np.float32(0.5).tobytes()
    with pytest.raises(RuntimeError, match="does not have a field 'm'"):
        Outer(m=1)
    with pytest.raises(TypeError, match="takes an int"):
        o.n = 1.5
    with pytest.raises(RuntimeError, match="at least one field"):
        type("Empty", (Struct,), {})


def test_launches_go_through_launcher_run(asc_modules):
    """CANN's unit tests replace asc.runtime.launcher.Launcher.run to count launches without a device: the launch
    then calls it once and the simulator runs nothing; unreplaced, it runs the kernel."""
    from unittest.mock import patch

    import asc
    from asc.runtime.jit import MockTensor

    @asc.jit
    def k(x: asc.GlobalAddress):
        g = asc.GlobalTensor()
        g.set_global_buffer(x, 8)
        g.set_value(0, 5.0)

    x = np.zeros(8, np.float32)
    with patch("asc.runtime.launcher.Launcher.run", return_value=None) as run:
        report = k[2](x)
    assert run.call_count == 1 and report.findings == [] and not x.any()
    (prepared, name, args), _ = run.call_args  # the class attribute replaced: called without the Launcher
    assert (name, args) == ("k", (x,)) and prepared.kernel is k
    k[1](x)
    assert x[0] == 5.0
    with pytest.raises(TypeError, match="argument 'x' is a MockTensor, which has no data"):
        k[1](MockTensor(asc.float32))
