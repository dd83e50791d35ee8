"""Tool and header discovery: CANN install trees (faked), LLVM_HOME, version mismatch, and `pyasc doctor`."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from pyasc.config import Config
from pyasc.toolchain import CACHE, check_cpp, doctor, headers, locate, toolchain_info

from .support import build

BUNDLED = headers.BUNDLED_DIR / headers.HEADER


@pytest.fixture(autouse=True)
def _clean_env(monkeypatch):
    for var in ("ASCEND_HOME_PATH", "ASCEND_TOOLKIT_HOME", "LLVM_HOME", locate.LIBCLANG_ENV, locate.CLANG_TIDY_ENV):
        monkeypatch.delenv(var, raising=False)
    CACHE.clear()


def fake_cann(root: Path, layout: str = "compiler/tikcpp/tikcfw", version_file: str = "version.info",
              version_text: str = "Version=8.0.RC1\n") -> Path:
    """A CANN-like tree whose kernel_operator.h is a copy of the bundled one, with the lib/ headers it includes (so
    it really compiles)."""
    base = root / layout
    (base / "impl").mkdir(parents=True)
    (base / "interface").mkdir()
    shutil.copy(BUNDLED, base / headers.HEADER)
    shutil.copytree(Path(BUNDLED).parent / "lib", base / "lib")
    (root / version_file).parent.mkdir(parents=True, exist_ok=True)
    (root / version_file).write_text(version_text, encoding="utf-8")
    return base


def test_no_cann_means_bundled_header():
    header_set, problem = headers.select(Config())
    assert header_set.kind == "bundled" and problem is None
    assert header_set.include_dirs == (str(headers.BUNDLED_DIR),)
    assert "-nostdinc++" in header_set.compile_args()


def test_cann_path_setting_selects_real_headers_from_the_tree(tmp_path):
    root = tmp_path / "Ascend toolkit é" / "8.0.RC1"
    base = fake_cann(root)
    header_set, problem = headers.select(Config(cann_path=str(root), soc_version="Ascend910B2"))
    assert problem is None
    assert header_set.kind == "cann"
    assert header_set.include_dirs == (str(base), str(base / "impl"), str(base / "interface"))
    assert header_set.cann_root == str(root) and header_set.cann_version == "8.0.RC1"
    assert header_set.layout == "compiler/tikcpp/tikcfw"
    args = header_set.compile_args()
    for flag in ("-DASCENDC_CPU_DEBUG=1", "-D__NPU_ARCH__=2201", "-D__CCE_AICORE__=220", "-D__DAV_C220_VEC__=1"):
        assert flag in args
    assert "-nostdinc++" not in args
    assert args.count("-isystem") == 3


def test_environment_variables_and_newer_layout(tmp_path, monkeypatch):
    root = tmp_path / "toolkit"
    base = fake_cann(root, "x86_64-linux/ascendc/include/basic_api", "x86_64-linux/ascend_toolkit_install.info",
                     "package_name=Ascend-cann-toolkit\nversion=8.1.RC1\n")
    (root / "x86_64-linux/ascendc/include/highlevel_api").mkdir()
    (root / "tools/tikicpulib/lib/include").mkdir(parents=True)
    monkeypatch.setenv("ASCEND_TOOLKIT_HOME", str(root))
    header_set, _ = headers.select(Config(soc_version="Ascend910A"))
    assert header_set.kind == "cann" and header_set.cann_version == "8.1.RC1"
    assert header_set.include_dirs[0] == str(base)
    assert str(root / "x86_64-linux/ascendc/include/highlevel_api") in header_set.include_dirs
    assert str(root / "tools/tikicpulib/lib/include") in header_set.include_dirs
    assert "-D__NPU_ARCH__=1001" in header_set.defines
    # ASCEND_HOME_PATH wins over ASCEND_TOOLKIT_HOME, and a root's latest/ is followed.
    other = tmp_path / "home"
    fake_cann(other / "latest", version_text="Version=7.0.0\n")
    monkeypatch.setenv("ASCEND_HOME_PATH", str(other))
    header_set, _ = headers.select(Config())
    assert header_set.cann_root == str(other / "latest") and header_set.cann_version == "7.0.0"


def test_unusable_cann_root_falls_back_with_a_reason(tmp_path):
    (tmp_path / "empty").mkdir()
    header_set, problem = headers.select(Config(cann_path=str(tmp_path / "empty")))
    assert header_set.kind == "bundled"
    assert problem is not None and "no kernel_operator.h under" in problem and "cann_path setting" in problem
    _, problem = headers.select(Config(cann_path=str(tmp_path / "missing")))
    assert problem is not None and "is not a folder" in problem


def test_check_cpp_uses_cann_headers_and_cache_key_changes(tmp_path):
    py = "import pyasc as asc\n\n@asc.jit\ndef k(x: asc.GlobalAddress):\n    spare = 1\n"
    cpp = ('#include "kernel_operator.h"\nextern "C" __global__ __aicore__ void k(GM_ADDR x) { // py:4 x\n'
           "    int32_t spare = 1; // py:5\n    (void)x;\n}\n")
    analysis = build(py, cpp)
    bundled = check_cpp(analysis, Config())
    root = tmp_path / "cann root ü"
    fake_cann(root)
    misses = CACHE.misses
    with_cann = check_cpp(analysis, Config(cann_path=str(root)))
    assert CACHE.misses == misses + 2  # different headers: nothing reused
    assert [d.code for d in with_cann] == [d.code for d in bundled] == ["-Wunused-variable"]
    info = toolchain_info(Config(cann_path=str(root)))
    assert info.cann_root == str(root) and info.cann_version == "8.0.RC1"
    assert info.headers.kind == "cann" and info.cann_origin == "cann_path setting"


def test_llvm_home_is_honoured(tmp_path, monkeypatch):
    wheel_lib = locate.find_libclang()
    assert wheel_lib.ok
    home = tmp_path / "llvm home"
    (home / "lib").mkdir(parents=True)
    (home / "bin").mkdir()
    (home / "lib" / "libclang.so").symlink_to(wheel_lib.path)
    tidy = home / "bin" / "clang-tidy"
    tidy.write_text("#!/bin/sh\necho 'LLVM (http://llvm.org/):'\necho '  LLVM version 22.1.0'\n", encoding="utf-8")
    tidy.chmod(0o755)
    monkeypatch.setenv("LLVM_HOME", str(home))
    lib, found_tidy = locate.find_libclang(), locate.find_clang_tidy()
    assert (lib.origin, lib.path, lib.version) == ("LLVM_HOME", str(home / "lib" / "libclang.so"), wheel_lib.version)
    assert (found_tidy.origin, found_tidy.path, found_tidy.version) == ("LLVM_HOME", str(tidy), "22.1.0")
    results = {v.name: v for v in doctor.verdicts(toolchain_info(Config()))}
    assert results["LLVM_HOME"].verdict == "ok"
    assert results["LLVM major"].verdict == "ok"


def test_doctor_names_versions_on_llvm_major_mismatch(tmp_path, monkeypatch, capsys):
    tidy = tmp_path / "old clang-tidy"
    tidy.write_text("#!/bin/sh\necho 'Debian LLVM version 14.0.6'\n", encoding="utf-8")
    tidy.chmod(0o755)
    monkeypatch.setenv(locate.CLANG_TIDY_ENV, str(tidy))
    rc = doctor.run([str(tmp_path)])
    out = capsys.readouterr().out
    assert rc == 1
    line = next(x for x in out.splitlines() if "LLVM major" in x)
    assert line.startswith("[error")
    assert "libclang 22." in line and "clang-tidy 14.0.6 is LLVM 14" in line and "LLVM 22" in line
    assert "fix: pip install" in out


def test_doctor_json_and_missing_tools(tmp_path, monkeypatch, capsys):
    assert doctor.run(["--json", str(tmp_path)]) == 0
    report = json.loads(capsys.readouterr().out)
    home = next(c for c in report["checks"] if c["name"] == "LLVM_HOME")
    assert home["detail"] == "not set; libclang from its PyPI wheel; clang-tidy from its PyPI wheel", home
    assert report["ok"] is True
    assert report["libclang"]["major"] == report["clang_tidy"]["major"]
    assert report["headers"]["kind"] == "bundled" and report["cann"]["root"] is None
    assert report["soc"] == Config().soc_version
    assert {c["name"]: c["verdict"] for c in report["checks"]}["smoke test"] == "ok"
    monkeypatch.setenv(locate.LIBCLANG_ENV, str(tmp_path / "nope" / "libclang.so"))
    assert doctor.run(["--json", str(tmp_path)]) == 1
    report = json.loads(capsys.readouterr().out)
    lib_check = next(c for c in report["checks"] if c["name"] == "libclang")
    assert lib_check["verdict"] == "error" and "pip install 'libclang-ng==22.1.4.2'" in lib_check["fix"]
    home = next(c for c in report["checks"] if c["name"] == "LLVM_HOME")
    # only what was verified: libclang was not found, so nothing is said of where it comes from
    assert home["detail"] == "not set; clang-tidy from its PyPI wheel; libclang not found (see above)", home


def test_doctor_reports_cann_found_and_unusable(tmp_path, capsys):
    root = tmp_path / "cann"
    fake_cann(root)
    assert doctor.run(["--cann-path", str(root), str(tmp_path)]) == 0
    out = capsys.readouterr().out
    cann_line = next(x for x in out.splitlines() if x.startswith("[ok") and " CANN " in x)
    assert "8.0.RC1" in cann_line and str(root) in cann_line
    assert "smoke test" in out and "parses cleanly" in out
    assert doctor.run(["--cann-path", str(tmp_path / "nothing"), str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert any(x.startswith("[warning") and "CANN" in x for x in out.splitlines())
    assert "bundled kernel_operator.h" in out


def test_doctor_reads_soc_from_pyproject(tmp_path, capsys):
    (tmp_path / "pyproject.toml").write_text('[tool.pyasc]\nsoc_version = "Ascend910A"\n', encoding="utf-8")
    assert doctor.run([str(tmp_path)]) == 0
    assert "Ascend910A (__NPU_ARCH__ 1001" in capsys.readouterr().out


def test_install_hint_pins_what_the_package_depends_on():
    import tomllib

    project = tomllib.loads((Path(__file__).resolve().parents[2] / "pyproject.toml").read_text(encoding="utf-8"))
    deps = set(project["project"]["dependencies"])
    pins = set(re.findall(r"'([^']+)'", locate.WHEELS))
    assert pins == {"libclang-ng==22.1.4.2", "clang-tidy==22.1.8"} and pins <= deps, (pins, deps)
