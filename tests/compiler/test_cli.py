"""The `pyasc` command: the seed's command line, errors like a compiler, intermediates, logs and exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from .conftest import ROOT

PY = sys.executable


def run(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if not k.startswith(("ASCEND_", "LLVM_HOME"))}
    full_env.update(env or {})
    return subprocess.run([PY, "-m", "pyasc.cli.main", *args], capture_output=True, text=True, cwd=cwd,
                          env=full_env, timeout=300, check=False)


def test_seed_command_verbatim(tmp_path: Path) -> None:
    src = tmp_path / "my_vec_add.py"
    src.write_text((ROOT / "examples" / "add_custom.py").read_text(encoding="utf-8"), encoding="utf-8")
    r = run("--input", "my_vec_add.py", "--output", "vec_add.kernel", "--soc-version", "ascend910", "--no-cpp",
            cwd=tmp_path)
    assert r.returncode == 0, r.stderr
    out = tmp_path / "vec_add.kernel"
    assert out.exists() and os.access(out, os.X_OK)


def test_keep_intermediate_writes_cpp_and_map(tmp_path: Path) -> None:
    src = tmp_path / "k.py"
    src.write_text((ROOT / "examples" / "softmax.py").read_text(encoding="utf-8"), encoding="utf-8")
    r = run("--input", str(src), "--output", str(tmp_path / "build" / "softmax.kernel"), "--keep-intermediate",
            "--no-cpp")
    assert r.returncode == 0, r.stderr
    cpp = (tmp_path / "build" / "softmax.cpp").read_text(encoding="utf-8")
    assert "AscendC::ReduceMax" in cpp
    v3 = json.loads((tmp_path / "build" / "softmax.cpp.map").read_text(encoding="utf-8"))
    assert v3["version"] == 3 and v3["file"] == "softmax.cpp"
    assert sorted(p.name for p in (tmp_path / "build").iterdir()) == ["softmax.cpp", "softmax.cpp.map",
                                                                      "softmax.kernel"]
    build = tmp_path / "build"
    assert f"pyasc: kept {build / 'softmax.cpp'} and {build / 'softmax.cpp.map'}" in r.stderr


def test_the_keep_intermediate_texts_name_the_file_it_writes() -> None:
    """It writes the output's name with .cpp for its suffix (softmax.kernel -> softmax.cpp): --help and the README
    say so, not `<output>.cpp`."""
    helped = run("--help")
    assert "softmax.kernel keeps softmax.cpp" in " ".join(helped.stdout.split())
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "<output>.cpp" not in readme and "`-o softmax.kernel` keeps `softmax.cpp`" in readme


def test_errors_print_like_a_compiler_and_exit_1(tmp_path: Path) -> None:
    src = tmp_path / "bad.py"
    src.write_text("import pyasc as asc\n\n@asc.jit\ndef k(x: asc.GlobalAddress):\n    asc.ad(x)\n", encoding="utf-8")
    r = run("--input", str(src), "--output", str(tmp_path / "k.kernel"))
    assert r.returncode == 1
    lines = r.stderr.splitlines()
    assert lines[0] == f"{src}:5:9: error[PA202]: asc has no function, class or dtype named 'ad'; did you mean 'add'?"
    assert lines[1].endswith("asc.ad(x)") and lines[2].endswith("^~")
    assert not (tmp_path / "k.kernel").exists()


def test_soc_names_are_validated_with_suggestions(tmp_path: Path) -> None:
    r = run("--input", "x.py", "--output", "x.kernel", "--soc-version", "Ascend910B9")
    assert r.returncode == 2
    assert "unknown soc_version 'Ascend910B9'" in r.stderr and "Ascend910B1" in r.stderr
    for name in ("ascend910", "Ascend910B1", "Ascend910B2", "Ascend910B3", "Ascend910B4"):
        src = tmp_path / "k.py"
        src.write_text((ROOT / "examples" / "add_custom.py").read_text(encoding="utf-8"), encoding="utf-8")
        ok = run("--input", str(src), "--output", str(tmp_path / "k.kernel"), "--soc-version", name, "--no-cpp")
        assert ok.returncode == 0, (name, ok.stderr)


def test_usage_errors_exit_2() -> None:
    assert run("--output", "x").returncode == 2
    assert run("--input", "/no/such/file.py", "--output", "x").returncode == 2


def test_version_and_subcommands() -> None:
    r = run("--version")
    assert r.returncode == 0 and r.stdout.startswith("pyasc ")
    doctor = run("doctor")
    assert doctor.returncode in (0, 1) and "libclang" in (doctor.stdout + doctor.stderr)


def test_debug_log_shows_cpp_per_statement(tmp_path: Path) -> None:
    src = tmp_path / "k.py"
    src.write_text((ROOT / "examples" / "add_custom.py").read_text(encoding="utf-8"), encoding="utf-8")
    r = run("--input", str(src), "--output", str(tmp_path / "k.kernel"), "--log-level", "debug", "--no-cpp")
    assert r.returncode == 0, r.stderr
    line = next(i for i, t in enumerate(src.read_text(encoding="utf-8").split("\n"), 1) if "asc.add(" in t)
    assert f"add_custom:{line}  AscendC::Add(z_local, x_local, y_local, TILE_LENGTH);" in r.stderr


def test_set_log_level_api(tmp_path: Path) -> None:
    code = (
        "import pyasc\nfrom pyasc.compiler.pipeline.analysis import analyze\n"
        "pyasc.set_log_level(pyasc.LOG_LEVEL.DEBUG)\n"
        f"analyze(open({str(ROOT / 'examples' / 'softmax.py')!r}).read(), 'softmax.py')\n"
    )
    r = subprocess.run([PY, "-c", code], capture_output=True, text=True, timeout=120, check=False)
    assert "AscendC::Exp(y_local, y_local, COLS);" in r.stderr


def test_cann_present_uses_bisheng(tmp_path: Path) -> None:
    """With a CANN tree the build goes through bisheng (a fake one here records its arguments)."""
    root = tmp_path / "Ascend" / "ascend-toolkit" / "latest"
    inc = root / "compiler" / "tikcpp" / "tikcfw"
    inc.mkdir(parents=True)
    (inc / "kernel_operator.h").write_text("// fake\n", encoding="utf-8")
    bindir = root / "compiler" / "ccec_compiler" / "bin"
    bindir.mkdir(parents=True)
    log = tmp_path / "bisheng.args"
    fake = bindir / "bisheng"
    fake.write_text(f"#!/bin/sh\necho \"$@\" > {log}\n", encoding="utf-8")
    fake.chmod(0o755)
    src = tmp_path / "k.py"
    src.write_text((ROOT / "examples" / "add_custom.py").read_text(encoding="utf-8"), encoding="utf-8")
    r = run("--input", str(src), "--output", str(tmp_path / "k.kernel"), "--no-cpp",
            env={"ASCEND_HOME_PATH": str(root), "PATH": f"{bindir}:{os.environ['PATH']}"})
    assert r.returncode == 0, r.stderr
    assert "bisheng" in r.stderr
    assert log.exists() and "k.kernel" in log.read_text(encoding="utf-8")


def test_cann_version_flag_makes_an_api_known_by_rule_an_error(tmp_path: Path) -> None:
    """`--cann-version 1.1.1`: an API CANN's pyasc 1.1.1 lacks is that release's error (PA206, exit 1, no kernel);
    `latest` (the default) keeps it an info and builds; another value is a usage error."""
    src = tmp_path / "k.py"
    src.write_text("import asc\n\n\n@asc.jit\ndef k() -> None:\n    asc.set_fixpipe_nz2_nd_flag(1, 2, 3)\n",
                   encoding="utf-8")
    out = tmp_path / "k.kernel"
    r = run("--input", str(src), "--output", str(out), "--no-cpp", "--cann-version", "1.1.1")
    assert r.returncode == 1 and "error[PA206]: asc.set_fixpipe_nz2_nd_flag is known by rule" in r.stderr
    assert not out.exists()
    for flags in ((), ("--cann-version", "latest")):
        r = run("--input", str(src), "--output", str(out), "--no-cpp", *flags)
        assert r.returncode == 0 and "info[PA206]" in r.stderr and out.exists(), r.stderr
    (tmp_path / "pyproject.toml").write_text('[tool.pyasc]\ncann_version = "1.1.1"\n', encoding="utf-8")
    assert run("--input", str(src), "--output", str(out), "--no-cpp").returncode == 1
    assert run("--input", str(src), "--output", str(out), "--no-cpp", "--cann-version", "latest").returncode == 0
    r = run("--input", str(src), "--output", str(out), "--cann-version", "9.9")
    assert r.returncode == 2 and "pyasc: error: --cann-version: unknown cann_version '9.9'" in r.stderr
