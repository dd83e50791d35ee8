"""The C++ tier through pyasc-check: clang and clang-tidy findings on the Python lines, in every format."""

from __future__ import annotations

import json
import textwrap

from check_samples import run_check

from pyasc.cli import check

# `t.get_value(0) * (n // 3)` is an integer division used as a float (clang-tidy bugprone-integer-division; the float
# comes first, since CANN's arithmetic takes the first run-time operand's type); `n == n` compares a value with itself
# (clang -Wtautological-compare, clang-tidy misc-redundant-expression).  The front end accepts both.
CPP_KERNEL = textwrap.dedent('''\
    import pyasc as asc


    @asc.jit
    def scale_kernel(x: asc.GlobalAddress, n: int):
        offset = asc.get_block_idx() * n
        x_gm = asc.GlobalTensor()
        x_gm.set_global_buffer(x + offset, n)
        pipe = asc.TPipe()
        q = asc.TQue(asc.TPosition.VECIN, 1)
        pipe.init_buffer(q, 1, 256)
        t = q.alloc_tensor(asc.float32)
        asc.data_copy(t, x_gm, 64)
        ratio = t.get_value(0) * (n // 3)
        same = n == n
        if same:
            asc.muls(t, t, ratio, 64)
        asc.data_copy(x_gm, t, 64)
        q.free_tensor(t)
''')
LINES = CPP_KERNEL.splitlines()


def _found(out: str) -> dict[str, dict]:
    return {d["code"]: d for d in json.loads(out)["diagnostics"]}


def test_cpp_findings_are_mapped_to_python_lines(project):
    (project / "k.py").write_text(CPP_KERNEL, encoding="utf-8")
    r = run_check("--format", "json", "k.py", cwd=project)
    found = _found(r.out)
    division = found["bugprone-integer-division"]
    assert division["source"] == "clang-tidy" and division["severity"] == "warning"
    assert "n // 3" in LINES[division["line"] - 1]
    redundant = found["misc-redundant-expression"]
    assert "n == n" in LINES[redundant["line"] - 1]
    assert any(d["source"] == "clang" for d in found.values())
    assert r.rc == 0  # warnings only
    assert run_check("--fail-on", "warning", "k.py", cwd=project).rc == 1
    # --no-cpp: only the Python tier, which has nothing to say about this kernel.
    assert _found(run_check("--no-cpp", "--format", "json", "k.py", cwd=project).out) == {}


def test_tidy_checks_flag_and_pyproject_setting(project):
    (project / "k.py").write_text(CPP_KERNEL, encoding="utf-8")
    r = run_check("--format", "json", "--tidy-checks", "-*,misc-redundant-expression", "k.py", cwd=project)
    tidy = {c for c, d in _found(r.out).items() if d["source"] == "clang-tidy"}
    assert tidy == {"misc-redundant-expression"}
    (project / "pyproject.toml").write_text('[tool.pyasc]\ntidy_checks = "-*,bugprone-integer-division"\n',
                                            encoding="utf-8")
    r = run_check("--format", "json", "k.py", cwd=project)
    assert {c for c, d in _found(r.out).items() if d["source"] == "clang-tidy"} == {"bugprone-integer-division"}
    # The flag wins over [tool.pyasc].
    r = run_check("--format", "json", "--tidy-checks=-*,misc-redundant-expression", "k.py", cwd=project)
    assert {c for c, d in _found(r.out).items() if d["source"] == "clang-tidy"} == {"misc-redundant-expression"}


def test_cpp_results_are_cached_and_keyed_by_the_checks(project):
    (project / "k.py").write_text(CPP_KERNEL, encoding="utf-8")
    cold = run_check("--stats", "--format", "sarif", "k.py", cwd=project)
    warm = run_check("--stats", "--format", "sarif", "k.py", cwd=project)
    assert "1 from cache" in warm.err and warm.out == cold.out
    sarif = json.loads(warm.out)
    rules = {r["id"]: r for r in sarif["runs"][0]["tool"]["driver"]["rules"]}
    assert "bugprone-integer-division" in rules
    assert "clang-tidy" in rules["bugprone-integer-division"]["shortDescription"]["text"]
    (project / ".clang-tidy").write_text("Checks: '-*,misc-redundant-expression'\n", encoding="utf-8")
    edited = run_check("--stats", "--format", "json", "k.py", cwd=project)
    assert "0 from cache" in edited.err
    assert {c for c, d in _found(edited.out).items() if d["source"] == "clang-tidy"} == {"misc-redundant-expression"}


def test_missing_cpp_tier_runs_the_python_checks_with_a_note(project, monkeypatch):
    (project / "k.py").write_text(CPP_KERNEL, encoding="utf-8")
    monkeypatch.setattr(check, "_CPP_CHECK", None)  # as in an installation without pyasc.toolchain
    r = run_check("--format", "json", "--no-cache", "k.py", cwd=project)
    assert r.rc == 0 and _found(r.out) == {}
    assert "C++ checks are not available" in r.err and "--no-cpp" in r.err


def test_toolchain_problems_are_reported_but_never_cached(project, monkeypatch):
    (project / "k.py").write_text(CPP_KERNEL, encoding="utf-8")
    monkeypatch.setenv("PYASC_CLANG_TIDY", str(project / "no-such-clang-tidy"))
    r = run_check("--format", "json", "--stats", "k.py", cwd=project)
    found = _found(r.out)
    assert "PA802" in found and "clang-tidy" in found["PA802"]["message"]
    again = run_check("--format", "json", "--stats", "k.py", cwd=project)
    assert "0 from cache" in again.err  # once the tool is installed, the next run must see it
