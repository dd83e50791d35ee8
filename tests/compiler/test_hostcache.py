"""The host check's findings (PA306) reused across edits that leave host code as it was, and computed again, on the
right lines, when host code, a kernel's name or its signature changes."""

from __future__ import annotations

from pathlib import Path

from pyasc.compiler.checks import hostcache, hostcheck
from pyasc.compiler.diagnostics.model import Diagnostic
from pyasc.compiler.pipeline.analysis import analyze
from pyasc.compiler.syntax.module import scan_module

PROGRAM = """import pyasc as asc


@asc.jit
def kern(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):
    a = n + 1
    return


def run(a, b):
    kern[8](a, b)
    kern[8](a, b, 4, 5)
"""


def check(text: str, reader: hostcheck.Reader | None = None) -> list[Diagnostic]:
    return hostcheck.check(scan_module(text, "<memory>"), text, reader)


def fresh(text: str) -> list[Diagnostic]:
    """The findings computed from nothing kept."""
    hostcache.clear()
    return check(text)


def where(diags: list[Diagnostic]) -> list[tuple[int, str, tuple[int, ...]]]:
    return sorted((d.span.line, d.message, tuple((r.span.line, r.span.end_line) for r in d.related)) for d in diags)


def reused(before: str, after: str) -> tuple[list[Diagnostic], bool]:
    check(before)
    hits = hostcache.hits
    got = check(after)
    return got, hostcache.hits == hits + 1


def test_an_edit_inside_a_kernel_reuses_the_findings():
    first = check(PROGRAM)
    assert where(first) == [
        (11, "the launch of 'kern' leaves n without a value: it takes x, y, n", ((5, 7),)),
        (12, "'kern' takes 3 arguments (x, y, n) but the launch passes 4", ((5, 7),))]
    got, hit = reused(PROGRAM, PROGRAM.replace("n + 1", "n + 2"))
    assert hit and where(got) == where(first)


def test_kept_findings_move_with_their_statements_and_kernels():
    # two lines more in the kernel's body: the launches and the kernel's end are two lines lower
    after = PROGRAM.replace("    a = n + 1\n", "    a = n + 1\n    b = a\n    c = b\n")
    got, hit = reused(PROGRAM, after)
    assert hit
    assert where(got) == [
        (13, "the launch of 'kern' leaves n without a value: it takes x, y, n", ((5, 9),)),
        (14, "'kern' takes 3 arguments (x, y, n) but the launch passes 4", ((5, 9),))]
    assert where(got) == where(fresh(after))


def test_host_code_a_renamed_kernel_and_a_new_signature_are_checked_again():
    edits = {
        "host code": PROGRAM.replace("kern[8](a, b)\n", "kern[8](a, b, 1)\n"),
        "renamed kernel": PROGRAM.replace("def kern(", "def kernel("),
        "new signature": PROGRAM.replace("n: int)", "n: int, m: int)"),
        "a default": PROGRAM.replace("n: int)", "n: int = 3)"),
    }
    expected = {
        "host code": [(12, "'kern' takes 3 arguments (x, y, n) but the launch passes 4", ((5, 7),))],
        "renamed kernel": [],
        "new signature": [(11, "the launch of 'kern' leaves n, m without a value: it takes x, y, n, m", ((5, 7),))],
        "a default": [(12, "'kern' takes 3 arguments (x, y, n) but the launch passes 4", ((5, 7),))],
    }
    for what, after in edits.items():
        got, hit = reused(PROGRAM, after)
        assert not hit, what
        assert where(got) == expected[what], what
        assert where(got) == where(fresh(after)), what


def test_a_kernel_of_an_imported_module_is_read_again_when_that_module_changes():
    host = "import kmod\nimport pyasc as asc\n\n\ndef run(a):\n    k = asc.Kernel('kmod_kern')\n" \
           "    k.set_input(0, a)\n    k.set_tiling([8])\n    asc.Stream().launch(k)\n"
    files = {"kmod": "import pyasc as asc\n\n\n@asc.jit\ndef kmod_kern(x: asc.GlobalAddress):\n    return\n"}

    def reader(name: str) -> tuple[str, str] | None:
        return (f"/p/{name}.py", files[name]) if name in files else None

    assert check(host, reader) == []
    files["kmod"] = files["kmod"].replace("x: asc.GlobalAddress)", "x: asc.GlobalAddress, y: asc.GlobalAddress)")
    assert [d.message for d in check(host, reader)] == [
        "kernel 'kmod_kern' has 2 GM parameters (x, y) but 1 inputs, outputs and workspaces were set"]


def test_the_analysis_reports_kept_findings_on_the_lines_of_the_new_text(tmp_path: Path):
    path = str(tmp_path / "prog.py")
    analyze(PROGRAM, path)
    after = "\n\n" + PROGRAM.replace("n + 1", "n + 7")
    got = [d for d in analyze(after, path).diagnostics if d.code == "PA306"]
    assert [(d.span.line, d.related[0].span.line) for d in got] == [(13, 7), (14, 7)]


def test_the_kept_findings_are_bounded():
    for i in range(hostcache.SIZE + 10):
        check(PROGRAM.replace("kern[8](a, b)\n", f"kern[{i}](a, b)\n"))
    assert len(hostcache._CACHE) <= hostcache.SIZE
