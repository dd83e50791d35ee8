"""The severity policy (codes.RULES): every code states when it is an error and when a warning, the docs show it,
an either-code is an error when certain and a warning when not, and "known" is the same wherever a value comes from
(a literal, a launch in the file, `[tool.pyasc] consts`), a PA407 default being unknown."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyasc.compiler.diagnostics.codes import CODES, RULES, docs_markdown, severity_for
from pyasc.compiler.diagnostics.model import Severity
from pyasc.compiler.pipeline.analysis import analyze
from pyasc.config import Config

EITHER = {"PA503", "PA506", "PA601", "PA611", "PA612", "PA613", "PA614", "PA801"}


def test_every_code_has_a_rule() -> None:
    assert set(RULES) == set(CODES)
    for c in CODES.values():
        assert c.rule, c.code
        word = "Error" if c.severity == Severity.ERROR else "Warning" if c.severity == Severity.WARNING else "Info"
        assert word in c.rule or c.either, (c.code, c.rule)


def test_either_codes() -> None:
    assert {c.code for c in CODES.values() if c.either} == EITHER
    for code in EITHER:
        assert CODES[code].severity == Severity.ERROR  # the default names the certain case
        assert "Error when" in CODES[code].rule and "warning when" in CODES[code].rule
        assert severity_for(code, True) == Severity.ERROR and severity_for(code, False) == Severity.WARNING
    with pytest.raises(AssertionError):
        severity_for("PA701", True)


def test_lint_stays_warnings() -> None:
    assert all(CODES[c].severity == Severity.WARNING for c in CODES if c.startswith("PA7"))


def test_docs_show_each_rule() -> None:
    md = docs_markdown()
    for c in CODES.values():
        assert f"Severity: {c.rule}" in md, c.code
    assert "**deque-without-enque** (error or warning)" in md
    assert "| [PA601](#pa601) | ub-overflow | error or warning |" in md
    assert Path(__file__).resolve().parents[2].joinpath("docs", "diagnostics.md").read_text(
        encoding="utf-8").startswith(md.split("| code |")[0])


UB = """import pyasc as asc
import numpy as np


@asc.jit
def kernel(x: asc.GlobalAddress, n: int, tile: asc.ConstExpr[int]):
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 2)
{init}
    t = q.alloc_tensor(asc.float32)
    q.free_tensor(t)
{launch}"""
LAUNCH = "\n\ndef launch():\n    kernel[1](np.zeros(64, np.float32), 1, {tile})\n"


def pa601(init: str, launch: str = "", config: Config | None = None) -> list[Severity]:
    text = UB.format(init=init, launch=launch)
    return [d.severity for d in analyze(text, "k.py", config or Config()).diagnostics if d.code == "PA601"]


def test_ub_overflow_known_from_a_literal_is_an_error() -> None:
    assert pa601("    pipe.init_buffer(q, 2, 256 * 1024)") == [Severity.ERROR]


def test_ub_overflow_known_from_a_launch_or_the_config_is_an_error() -> None:
    init = "    pipe.init_buffer(q, 2, tile * 4)"
    assert pa601(init, LAUNCH.format(tile=65536)) == [Severity.ERROR]
    assert pa601(init, config=Config(consts={"tile": "65536"})) == [Severity.ERROR]


def test_ub_overflow_from_a_default_is_not_known() -> None:
    """A PA407 default (1) is no value the file gives: nothing is claimed from it."""
    assert pa601("    pipe.init_buffer(q, 2, tile * 1024 * 1024)") == []


def test_ub_overflow_on_some_paths_is_a_warning() -> None:
    assert pa601("    if n > 0:\n        pipe.init_buffer(q, 2, 256 * 1024)") == [Severity.WARNING]
    assert pa601("    if 1 > 0:\n        pipe.init_buffer(q, 2, 256 * 1024)") == [Severity.ERROR]  # folded


GM_TO_GM = ("import pyasc as asc\n\n\n@asc.jit\ndef kernel(x: asc.GlobalAddress, y: asc.GlobalAddress):\n"
            "    x_gm = asc.GlobalTensor()\n    y_gm = asc.GlobalTensor()\n    x_gm.set_global_buffer(x, 256)\n"
            "    y_gm.set_global_buffer(y, 256)\n    asc.data_copy(y_gm, x_gm, 256)\n")


def test_gm_to_gm_copy_is_an_error(tmp_path: Path) -> None:
    from pyasc.cli.main import main

    found = [d for d in analyze(GM_TO_GM, "k.py").diagnostics if d.code == "PA509"]
    assert [d.severity for d in found] == [Severity.ERROR] and "bisheng rejects" in found[0].message
    src = tmp_path / "k.py"
    src.write_text(GM_TO_GM, encoding="utf-8")
    out = tmp_path / "k.kernel"
    assert main(["--input", str(src), "--output", str(out), "--no-cpp"]) != 0 and not out.exists()


def test_unaligned_sizes_and_copies_stay_warnings() -> None:
    """InitBuffer rounds a length up and a copy leaves out the partial block: defined behaviour, no failure."""
    text = UB.format(init="    pipe.init_buffer(q, 2, 100)", launch="")
    found = [d for d in analyze(text, "k.py").diagnostics if d.code == "PA602"]
    assert [d.severity for d in found] == [Severity.WARNING]


def test_new_errors_are_refused_by_pyasc(tmp_path: Path) -> None:
    from pyasc.cli.main import main

    src = tmp_path / "k.py"
    src.write_text(UB.format(init="    pipe.init_buffer(q, 2, 256 * 1024)", launch=""), encoding="utf-8")
    out = tmp_path / "k.kernel"
    assert main(["--input", str(src), "--output", str(out), "--no-cpp"]) != 0 and not out.exists()
    src.write_text(UB.format(init="    if n > 0:\n        pipe.init_buffer(q, 2, 256 * 1024)", launch=""),
                   encoding="utf-8")
    assert main(["--input", str(src), "--output", str(out), "--no-cpp"]) == 0 and out.exists()


POOL = """import pyasc as asc


@asc.jit
def kernel(x: asc.GlobalAddress):
    pipe = asc.TPipe()
{body}
"""


def pa601_of(body: str) -> list[Severity]:
    text = POOL.format(body="".join(f"    {ln}\n" for ln in body.strip("\n").split("\n")))
    return [d.severity for d in analyze(text, "k.py").diagnostics if d.code == "PA601"]


def test_only_unified_buffer_positions_count() -> None:
    """A1/B1 queues of a cube kernel take L1, not the Unified Buffer: no PA601 from them."""
    assert pa601_of("qa = asc.TQue(asc.TPosition.A1, 1)\npipe.init_buffer(qa, 2, 128 * 1024)\n"
                    "a = qa.alloc_tensor(asc.float32)\nqa.free_tensor(a)") == []
    assert pa601_of("qv = asc.TQue(asc.TPosition.VECIN, 1)\npipe.init_buffer(qv, 2, 128 * 1024)\n"
                    "a = qv.alloc_tensor(asc.float32)\nqv.free_tensor(a)") == [Severity.ERROR]


def test_a_pool_counts_once() -> None:
    """init_buf_pool takes the pool's length of the Unified Buffer; the buffers carved out of it take none more."""
    carve = "pool = asc.TBufPool(asc.TPosition.VECCALC)\npipe.init_buf_pool(pool, {n})\n" \
            "b = asc.TBuf(asc.TPosition.VECCALC)\npool.init_buffer(b, 120 * 1024)\nt = b.get(asc.float32)"
    assert pa601_of(carve.format(n="300 * 1024")) == [Severity.ERROR]
    assert pa601_of(carve.format(n="150 * 1024")) == []
