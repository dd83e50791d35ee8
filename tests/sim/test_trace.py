"""The profile's schedule as events: the totals are read from them, and the trace (Chrome Trace Event format) of
every example is valid, one process per core, one thread per pipe, each event at the user's file and line."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

import pyasc as asc
from pyasc.sim import launcher

from .trace_format import check

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
RUNNERS = sorted(EXAMPLES.glob("run_*.py"))
sys.path.insert(0, str(EXAMPLES))

from add_custom import add_custom  # noqa: E402


def _load(path: Path):
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("path", RUNNERS, ids=[p.stem for p in RUNNERS])
def test_every_example_writes_a_valid_trace_at_the_user_s_lines(path, tmp_path, capsys):
    out = tmp_path / "trace.json"
    with asc.profile(show=False, trace=out) as prof:
        assert _load(path).main(["--cores", "2"]) == 0
    capsys.readouterr()
    xs = check(json.loads(out.read_text()))
    assert xs and prof.kernels
    for e in xs:  # each call is at a line of the example's kernel file, which has that call on it
        file = Path(e["args"]["file"])
        assert file.parent == EXAMPLES and not file.name.startswith("run_"), e
        assert 0 < e["args"]["line"] <= len(file.read_text().splitlines())
    # the totals of the profile are the events' totals
    for kp, tl in zip(prof.kernels, prof.timelines, strict=True):
        for cp, ct in zip(kp.cores, tl.cores, strict=True):
            counts = Counter(e.pipe for e in ct.events)
            assert sum(cp.calls.values()) == sum(counts.values())
            assert cp.cycles == pytest.approx(max(e.end for e in ct.events), abs=0.1)


def test_processes_threads_and_flows_of_a_queue_kernel(tmp_path):
    x = np.ones(2 * 512, np.float16)
    z = np.zeros_like(x)
    prof = asc.profile(lambda: add_custom[2](x, x, z, 512), show=False)
    trace = prof.chrome_trace()
    xs = check(trace)
    meta = [e for e in trace["traceEvents"] if e["ph"] == "M"]
    procs = {e["args"]["name"] for e in meta if e["name"] == "process_name"}
    assert procs == {"add_custom AIV0", "add_custom AIV1"}
    threads = {e["args"]["name"] for e in meta if e["name"] == "thread_name"}
    assert threads == {"S", "MTE2", "V", "MTE3"}
    names = Counter(e["name"] for e in xs)
    assert names["AscendC::DataCopy"] == 2 * (8 + 4) and names["AscendC::Add"] == 2 * 4
    copy = next(e for e in xs if e["name"] == "AscendC::DataCopy")
    assert copy["args"]["bytes"] == 128 * 2 and copy["args"]["call"] == "data_copy"
    assert copy["args"]["file"].endswith("add_custom.py") and copy["args"]["line"] == 32
    # each Add waited, through the queues' enque, for its inputs' copies: a flow from an MTE2 slice to a V one
    flows = [e for e in trace["traceEvents"] if e["ph"] in "sf"]
    tid = {e["args"]["name"]: e["tid"] for e in meta if e["name"] == "thread_name"}
    starts = {e["id"]: e for e in flows if e["ph"] == "s"}
    pairs = [(starts[e["id"]]["tid"], e["tid"]) for e in flows if e["ph"] == "f"]
    assert pairs.count((tid["MTE2"], tid["V"])) == 2 * 4
    assert (tid["V"], tid["MTE3"]) in pairs
    # microseconds at the SoC's clock: the last event ends at the launch's cycles / MHz
    mhz = trace["otherData"]["clock_mhz"]
    assert mhz == 1650
    end = max(e["ts"] + e["dur"] for e in xs)
    assert end == pytest.approx(prof.kernels[0].cycles / mhz)


@asc.jit
def _mixed_matmul(a: asc.GlobalAddress, b: asc.GlobalAddress, c: asc.GlobalAddress, workspace: asc.GlobalAddress,
                  tiling: asc.adv.TCubeTiling):
    a_gm = asc.GlobalTensor()
    a_gm.set_global_buffer(a)
    b_gm = asc.GlobalTensor()
    b_gm.set_global_buffer(b)
    c_gm = asc.GlobalTensor()
    c_gm.set_global_buffer(c)
    pipe = asc.TPipe()
    half = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float16)
    single = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)
    mm = asc.adv.Matmul(a=half, b=half, c=single)
    asc.adv.register_matmul(pipe, workspace, mm, tiling)
    mm.set_tensor_a(a_gm)
    mm.set_tensor_b(b_gm)
    mm.iterate_all(c_gm[asc.get_block_idx() * 1024:])
    mm.end()


def test_a_mixed_launch_draws_its_cube_cores_as_processes_of_their_own():
    a = np.ones((32, 32), np.float16)
    c = np.zeros(2 * 2 * 1024, np.float32)
    ws = np.zeros(1024, np.uint8)
    with asc.profile(show=False) as prof:
        _mixed_matmul[2](a, a, c, ws, asc.adv.TCubeTiling(m=32, n=32, k_a=32, k_b=32))
    np.testing.assert_array_equal(c, 32.0)
    trace = prof.chrome_trace()
    check(trace)  # among others: the two vector cores' requests never overlap on their cube core's pipes
    pids = {e["args"]["name"]: e["pid"] for e in trace["traceEvents"] if e["name"] == "process_name"}
    assert {n.split()[-1] for n in pids} == {"AIC0", "AIC1", "AIV0", "AIV1", "AIV2", "AIV3"}
    cube = [e for e in trace["traceEvents"] if e["ph"] == "X" and e["pid"] == pids["_mixed_matmul AIC0"]]
    stages = {(e["cat"], e["args"].get("for")) for e in cube}
    # the Matmul's load, mmad and write of C, for both of the block's vector cores, on the cube core's pipes
    assert stages >= {(p, v) for p in ("MTE2", "M", "FIX") for v in ("AIV0", "AIV1")}
    mmad = sorted((e["ts"], e["args"]["for"]) for e in cube if e["cat"] == "M")
    assert [v for _, v in mmad] == ["AIV0", "AIV1"]  # the second request waits for the cube to be free
    assert all(e["args"]["fractals"] == 2 * 2 * 2 for e in cube if e["cat"] == "M")  # 32 x 32 x 32 in 16x16x16
    vector = prof.kernels[0].cores
    assert vector[2].cycles > vector[1].cycles  # AIV1 shares AIC0 with AIV0: its Matmul ends later


def test_the_kernel_script_writes_a_trace(tmp_path):
    exe = tmp_path / "add.kernel"
    launcher.write_executable(EXAMPLES / "add_custom.py", exe, None, "Ascend910B1")
    x = np.ones(2 * 256, np.float16)
    x.tofile(tmp_path / "x.bin")
    x.tofile(tmp_path / "y.bin")
    done = subprocess.run([sys.executable, str(exe), "--input-x", "x.bin", "--input-y", "y.bin", "--output",
                           "z.bin", "--block-dim", "2", "--trace", "t.json"], cwd=tmp_path, capture_output=True,
                          text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    xs = check(json.loads((tmp_path / "t.json").read_text()))
    assert {e["pid"] for e in xs} == {1, 2}
    assert "MTE2" not in done.stdout  # a trace alone prints no profile table


def test_pyasc_run_trace_before_the_file(tmp_path):
    prog = tmp_path / "prog.py"
    prog.write_text(
        "import sys\nimport numpy as np\nimport asc\n\n\n@asc.jit\ndef k(x: asc.GlobalAddress, y: asc.GlobalAddress):\n"
        "    g = asc.GlobalTensor()\n    g.set_global_buffer(x, 256)\n    o = asc.GlobalTensor()\n"
        "    o.set_global_buffer(y, 256)\n    t = asc.LocalTensorAuto(asc.float32, 256)\n"
        "    asc.data_copy(t, g, 256)\n    asc.data_copy(o, t, 256)\n\n\n"
        "a = np.ones(256, np.float32)\nb = np.zeros_like(a)\nk[1](a, b)\nprint(sys.argv[1:], b.sum())\n")
    got = subprocess.run([sys.executable, "-m", "pyasc.cli.main", "run", "--trace", "out.json", str(prog), "--trace",
                          "x"], cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
    assert got.returncode == 0, got.stderr
    assert got.stdout.strip() == "['--trace', 'x'] 256.0"  # what follows FILE is the program's
    xs = check(json.loads((tmp_path / "out.json").read_text()))
    assert [(e["name"], e["args"]["line"]) for e in xs if e["cat"] in ("MTE2", "MTE3")] == [
        ("AscendC::DataCopy", 13), ("AscendC::DataCopy", 14)]
    bad = subprocess.run([sys.executable, "-m", "pyasc.cli.main", "run", "--trace"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300, check=False)
    assert bad.returncode == 2 and "--trace needs a file name" in bad.stderr
    nowhere = subprocess.run([sys.executable, "-m", "pyasc.cli.main", "run", "--trace", str(tmp_path / "no" / "t.json"),
                              str(prog)], cwd=tmp_path, capture_output=True, text=True, timeout=300, check=False)
    assert nowhere.returncode == 2 and "its folder does not exist" in nowhere.stderr and not nowhere.stdout
