"""pyasc-check as a command: exit codes, file discovery and excludes, crash safety, configuration precedence."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from check_samples import BAD, BAD_LINE, GOOD, PLAIN, WARN, run_check

from pyasc.cli import check


def _codes(out: str) -> list[tuple[str, str]]:
    return [(d["path"], d["code"]) for d in json.loads(out)["diagnostics"]]


def test_exit_status_clean_findings_and_fail_on(project):
    (project / "good.py").write_text(GOOD, encoding="utf-8")
    assert run_check("--no-cpp", ".", cwd=project).rc == 0
    (project / "warn.py").write_text(WARN, encoding="utf-8")
    r = run_check("--no-cpp", "--format", "json", ".", cwd=project)
    found = json.loads(r.out)["diagnostics"]
    assert found and {d["severity"] for d in found} == {"warning"} and r.rc == 0
    assert run_check("--no-cpp", "--fail-on", "warning", ".", cwd=project).rc == 1
    (project / "bad.py").write_text(BAD, encoding="utf-8")
    assert run_check("--no-cpp", ".", cwd=project).rc == 1


def test_usage_errors_exit_2_with_a_message(project):
    r = run_check("--no-cpp", "missing.py", cwd=project)
    assert r.rc == 2 and "missing.py: no such file or folder" in r.err
    r = run_check("--soc-version", "Ascend910X", ".", cwd=project)
    assert r.rc == 2 and "unknown soc_version 'Ascend910X'" in r.err
    r = run_check("--jobs", "0", ".", cwd=project)
    assert r.rc == 2 and "--jobs" in r.err
    r = run_check("--baseline", "nope.json", ".", cwd=project)
    assert r.rc == 2 and "nope.json does not exist" in r.err
    with pytest.raises(SystemExit) as exc:
        check.main(["--format", "xml"])
    assert exc.value.code == 2


def test_console_script_runs_and_exits_with_the_status(project):
    (project / "bad.py").write_text(BAD, encoding="utf-8")
    exe = Path(sys.executable).with_name("pyasc-check")
    env = {**os.environ, "NO_COLOR": "1", "CI": "1"}
    proc = subprocess.run([str(exe), "--no-cpp", "bad.py"], cwd=project, env=env, capture_output=True, text=True)
    assert proc.returncode == 1 and "error[PA202]" in proc.stdout
    proc = subprocess.run([str(exe), "--bogus"], cwd=project, env=env, capture_output=True, text=True)
    assert proc.returncode == 2 and "unrecognized arguments: --bogus" in proc.stderr


def test_internal_error_is_a_finding_and_exit_2(project, monkeypatch):
    (project / "a.py").write_text(GOOD, encoding="utf-8")
    (project / "b.py").write_text(BAD, encoding="utf-8")
    import pyasc.compiler.pipeline.analysis as analysis

    real = analysis.analyze

    def flaky(text, path, config=None, cache=None):
        if path.endswith("a.py"):
            raise RuntimeError("boom")
        return real(text, path, config, cache)

    monkeypatch.setattr(analysis, "analyze", flaky)
    r = run_check("--no-cpp", "--no-cache", "--jobs", "1", "--format", "json", ".", cwd=project)
    assert r.rc == 2
    codes = _codes(r.out)
    assert ("a.py", "PA901") in codes and ("b.py", "PA202") in codes  # the other file was still checked
    assert "RuntimeError: boom" in json.dumps(json.loads(r.out))


def test_unreadable_binary_non_utf8_and_link_loops_are_findings(project):
    (project / "ok.py").write_text(GOOD, encoding="utf-8")
    (project / "binary.py").write_bytes(b"@asc.jit\x00\x01\x02")
    (project / "latin.py").write_bytes(b"import pyasc as asc\nname = 'caf\xe9'  # jit\n")
    (project / "declared.py").write_bytes(b"# -*- coding: latin-1 -*-\nname = 'caf\xe9'\n")
    (project / "loop.py").symlink_to("loop.py")
    (project / "dangling.py").symlink_to("nowhere.py")
    sub = project / "sub"
    sub.mkdir()
    (sub / "back").symlink_to(project, target_is_directory=True)  # a folder cycle: walked once
    secret = project / "secret.py"
    secret.write_text(GOOD, encoding="utf-8")
    secret.chmod(0)
    try:
        r = run_check("--no-cpp", "--format", "json", ".", cwd=project)
    finally:
        secret.chmod(0o644)
    data = json.loads(r.out)
    by_path = {d["path"]: d for d in data["diagnostics"] if d["code"] == "PA903"}
    assert r.rc == 1
    assert "binary file" in by_path["binary.py"]["message"]
    latin = by_path["latin.py"]
    assert "not valid UTF-8" in latin["message"] and (latin["line"], latin["column"]) == (2, 12)
    assert "declared.py" not in by_path  # a coding line is honoured, as Python does
    assert "symbolic link loop" in by_path["loop.py"]["message"]
    assert "broken symbolic link" in by_path["dangling.py"]["message"]
    if os.geteuid() != 0:  # root reads files whatever their mode
        assert "Permission denied" in by_path["secret.py"]["message"]
    assert not any(p.startswith("sub/back") for p in by_path)
    assert data["files"] == len({p for p in (project.rglob("*.py")) if "back" not in p.parts})


def test_text_rendering_of_undecodable_line(project):
    (project / "latin.py").write_bytes(b"x = 1\nname = 'caf\xe9'  # jit\n")
    r = run_check("--no-cpp", "latin.py", cwd=project)
    lines = r.out.splitlines()
    assert lines[0].startswith("latin.py:2:12: error[PA903]: not valid UTF-8")
    assert lines[1].endswith("name = 'caf\ufffd'  # jit")
    assert lines[2].index("^") == lines[1].index("\ufffd")


def test_discovery_recursion_skips_and_excludes(project):
    (project / "pkg" / "gen").mkdir(parents=True)
    (project / ".venv" / "lib").mkdir(parents=True)
    (project / "node_modules").mkdir()
    for rel in ("a.py", "pkg/b.py", "pkg/gen/c.py", ".venv/lib/d.py", "node_modules/e.py", "pkg/f_test.py"):
        (project / rel).write_text(BAD, encoding="utf-8")
    (project / "pkg" / "notes.txt").write_text(BAD, encoding="utf-8")
    r = run_check("--no-cpp", "--format", "json", ".", cwd=project)
    paths = {p for p, _ in _codes(r.out)}
    assert paths == {"a.py", "pkg/b.py", "pkg/gen/c.py", "pkg/f_test.py"}
    assert json.loads(r.out)["files"] == 4

    r = run_check("--no-cpp", "--format", "json", "--exclude", "gen", "--exclude", "*_test.py", ".", cwd=project)
    assert {p for p, _ in _codes(r.out)} == {"a.py", "pkg/b.py"}

    (project / "pyproject.toml").write_text('[project]\nname = "demo"\nversion = "0"\n\n[tool.pyasc]\n'
                                            'exclude = ["pkg/gen/**", "a.py"]\n', encoding="utf-8")
    r = run_check("--no-cpp", "--format", "json", ".", cwd=project)
    assert {p for p, _ in _codes(r.out)} == {"pkg/b.py", "pkg/f_test.py"}
    # Files named explicitly (as pre-commit does) honour the excludes too.
    r = run_check("--no-cpp", "--format", "json", "a.py", "pkg/b.py", cwd=project)
    assert {p for p, _ in _codes(r.out)} == {"pkg/b.py"}
    # From a subfolder the pyproject's globs still apply relative to the pyproject.
    r = run_check("--no-cpp", "--format", "json", ".", cwd=project / "pkg")
    assert {p for p, _ in _codes(r.out)} == {"b.py", "f_test.py"}


def test_files_without_jit_are_skipped_before_parsing(project, monkeypatch):
    (project / "plain.py").write_text(PLAIN, encoding="utf-8")
    (project / "broken.py").write_text("def f(:\n", encoding="utf-8")  # no jit: not even a syntax error
    (project / "k.py").write_text(GOOD, encoding="utf-8")
    import pyasc.compiler.pipeline.analysis as analysis

    seen: list[str] = []
    real = analysis.analyze

    def spy(text, path, config=None, cache=None):
        seen.append(Path(path).name)
        return real(text, path, config, cache)

    monkeypatch.setattr(analysis, "analyze", spy)
    r = run_check("--no-cpp", "--no-cache", "--jobs", "1", "--stats", ".", cwd=project)
    assert r.rc == 0 and seen == ["k.py"]
    assert "3 files (2 without jit skipped, 1 analyzed" in r.err


def test_configuration_precedence_flags_over_pyproject(project, monkeypatch):
    (project / "pyproject.toml").write_text('[tool.pyasc]\nsoc_version = "Ascend310P"\nnaming = true\n'
                                            'bogus = 1\n', encoding="utf-8")
    (project / "k.py").write_text(GOOD, encoding="utf-8")
    import pyasc.compiler.pipeline.analysis as analysis

    socs: list[tuple[str, bool, bool]] = []
    real = analysis.analyze

    def spy(text, path, config=None, cache=None):
        socs.append((config.soc_version, config.naming, config.cpp_checks))
        return real(text, path, config, cache)

    monkeypatch.setattr(analysis, "analyze", spy)
    r = run_check("--no-cache", "--jobs", "1", "--no-cpp", ".", cwd=project)
    assert socs[-1] == ("Ascend310P", True, False)
    assert "unknown setting 'bogus'" in r.err  # reported, not fatal
    run_check("--no-cache", "--jobs", "1", "--no-cpp", "--soc-version", "Ascend910B2", ".", cwd=project)
    assert socs[-1] == ("Ascend910B2", True, False)
    cfg = project / "other.toml"
    cfg.write_text('soc_version = "Ascend910A"\n', encoding="utf-8")
    run_check("--no-cache", "--jobs", "1", "--no-cpp", "--config", str(cfg), ".", cwd=project)
    assert socs[-1][:2] == ("Ascend910A", False)


def test_severity_override_and_suppression_comments(project):
    (project / "bad.py").write_text(BAD.replace(BAD_LINE, BAD_LINE + "  # pyasc: ignore[PA202]"), encoding="utf-8")
    r = run_check("--no-cpp", "--format", "json", ".", cwd=project)
    assert "PA202" not in [c for _, c in _codes(r.out)]
    (project / "bad.py").write_text(BAD, encoding="utf-8")
    (project / "pyproject.toml").write_text('[tool.pyasc.severity]\nPA202 = "warning"\n', encoding="utf-8")
    r = run_check("--no-cpp", "--format", "json", ".", cwd=project)
    sev = {d["code"]: d["severity"] for d in json.loads(r.out)["diagnostics"]}
    assert sev["PA202"] == "warning" and r.rc == 0


def test_a_crashed_worker_process_becomes_pa901_for_its_files(project, monkeypatch):
    for i in range(4):
        (project / f"k{i}.py").write_text(GOOD if i != 2 else GOOD.replace("TILE_LENGTH = 128", "TILE_LENGTH = 64"),
                                          encoding="utf-8")
    import pyasc.compiler.pipeline.analysis as analysis

    real = analysis.analyze

    def dies(text, path, config=None, cache=None):
        if "TILE_LENGTH = 64" in text:
            os._exit(9)  # as a segfault in native code would
        return real(text, path, config, cache)

    monkeypatch.setattr(analysis, "analyze", dies)
    r = run_check("--no-cpp", "--no-cache", "--jobs", "2", "--format", "json", ".", cwd=project)
    assert r.rc == 2
    found = json.loads(r.out)["diagnostics"]
    assert ("k2.py", "PA901") in [(d["path"], d["code"]) for d in found]
    assert all(d["code"] == "PA901" for d in found)
    assert "ended abruptly" in next(d["message"] for d in found if d["path"] == "k2.py")


RULE_ONLY = "import asc\n\n\n@asc.jit\ndef k() -> None:\n    asc.set_fixpipe_nz2_nd_flag(1, 2, 3)\n"
"""A kernel calling an API known only by rule (CANN's pyasc 1.1.1 lacks it): PA206."""


def test_cann_version_flag_sets_pa206_severity_over_the_project_setting(project):
    (project / "k.py").write_text(RULE_ONLY, encoding="utf-8")
    (project / "pyproject.toml").write_text('[tool.pyasc]\ncann_version = "1.1.1"\n', encoding="utf-8")

    def severity(*flags: str) -> tuple[int, list[str]]:
        r = run_check("--no-cpp", "--format", "json", *flags, ".", cwd=project)
        return r.rc, [d["severity"] for d in json.loads(r.out)["diagnostics"] if d["code"] == "PA206"]

    assert severity() == (1, ["error"])  # the project's setting; then the flag over it, through the same cache
    assert severity("--cann-version", "latest") == (0, ["info"])
    assert severity("--cann-version", "1.1.1") == (1, ["error"])
    r = run_check("--cann-version", "1.2", ".", cwd=project)
    assert r.rc == 2 and "unknown cann_version '1.2' (known: 1.1.1, latest)" in r.err
