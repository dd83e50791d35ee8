"""The held-out recall corpus (tests/recall/heldout): kernels written apart from the checks they measure.

Same conventions as the recall corpus: `heldout/<class>/bad_<name>.py` fails certainly on the line marked
`# expect: <class>`, `ok_<name>.py` is its correct twin, each has a `launch()` returning (output, numpy
reference).  The ground truth is asserted (the simulator's sanitizer stops each bad kernel with its class's code
on the marked line; each twin runs clean and matches numpy), and, since the checks were fixed in their mechanisms
for the three kernels this corpus found them missing (27 of 30 when it was first measured), so is the checker's
answer: an error on each bad kernel's marked line, nothing on each twin.  It is no longer held out: the next
held-out set is a new one.  Which files CANN's tracer accepts, and (gm_to_gm) that the real Ascend C headers reject
CANN's C++ of the bad kernels and accept the twins', was checked when they were written.
"""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest

from pyasc import compat
from pyasc.compiler.diagnostics.model import Severity

from .corpus import check

HELDOUT = Path(__file__).resolve().parent / "heldout"

CLASSES: dict[str, str] = {
    # class: the sanitizer's code for it (the ground truth of the class's bad kernels)
    "copy_over_buffer": "PS102",
    "vec_over_slice": "PS102",
    "tbuf_before_init": "PS107",
    "gm_last_tile": "PS101",
    "deque_hang": "PS106",
    "ub_total": "PS103",
    "gm_to_gm": "PS109",
}

MARK = re.compile(r"#\s*expect:\s*(\w+)")


@dataclass(frozen=True)
class Kernel:
    cls: str
    path: Path
    bad: bool

    @property
    def key(self) -> str:
        return f"{self.cls}/{self.path.stem}"

    @property
    def text(self) -> str:
        return self.path.read_text(encoding="utf-8")

    @property
    def line(self) -> int:
        """The 1-based line marked `# expect: <class>` (0 for a twin)."""
        if not self.bad:
            return 0
        lines = [i for i, ln in enumerate(self.text.splitlines(), 1) if (m := MARK.search(ln)) and m[1] == self.cls]
        if len(lines) != 1:
            raise ValueError(f"{self.path}: expected one `# expect: {self.cls}` line, found {len(lines)}")
        return lines[0]


def kernels() -> list[Kernel]:
    """Every held-out kernel, bad and twin, in a stable order."""
    return [Kernel(cls, p, p.stem.startswith("bad_")) for cls in CLASSES
            for p in sorted((HELDOUT / cls).glob("*.py")) if p.stem.startswith(("bad_", "ok_"))]


ALL = kernels()
BAD = [k for k in ALL if k.bad]
OK = [k for k in ALL if not k.bad]


@pytest.fixture
def asc_runtime() -> Iterator[None]:
    compat.install()
    try:
        yield
    finally:
        compat.uninstall()


def simulate(kernel: Kernel) -> tuple[str | None, int, str, bool | None]:
    """(code, line, message, output matches numpy) of a run of the file's launch() as `pyasc run` runs it."""
    from pyasc.sim import jit
    from pyasc.sim.findings import SimulationError

    name = f"pyasc_heldout_{kernel.cls}_{kernel.path.stem}"
    module = types.ModuleType(name)
    module.__file__ = str(kernel.path)
    sys.modules[name] = module
    try:
        code = compile(kernel.text, str(kernel.path), "exec")  # no bytecode file in the repository
        with jit.collect() as report:
            exec(code, module.__dict__)  # noqa: S102 - our own test data, run as `pyasc run` runs a file
            result = module.launch()
    except SimulationError as exc:
        return exc.finding.code, exc.finding.line, str(exc.finding), None
    except Exception as exc:  # noqa: BLE001 - the outcome is what the launch raised
        return type(exc).__name__, 0, str(exc), None
    finally:
        del sys.modules[name]
        jit.set_default_soc("")
    bad = [f for f in report.findings if f.severity in ("error", "warning")]
    if bad:
        return bad[0].code, bad[0].line, str(bad[0]), None
    out, ref = (np.asarray(a) for a in result)
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    same = out.shape == ref.shape and bool(np.allclose(out.astype(np.float64), ref.astype(np.float64),
                                                       rtol=tol, atol=tol))
    return None, 0, "", same


def test_heldout_shape() -> None:
    """At least four bad kernels per class, each with its twin; one mark per bad kernel, none on a twin."""
    for cls in CLASSES:
        bad = {k.path.stem[4:] for k in BAD if k.cls == cls}
        ok = {k.path.stem[3:] for k in OK if k.cls == cls}
        assert len(bad) >= 4, f"{cls}: {len(bad)} bad kernels"
        assert bad == ok, f"{cls}: kernels without a twin: {sorted(bad ^ ok)}"
    for k in BAD:
        assert k.line > 0
    for k in OK:
        assert "# expect:" not in k.text, f"{k.key}: a twin carries a mark"


@pytest.mark.parametrize("kernel", BAD, ids=lambda k: k.key)
def test_sanitizer_stops_heldout_bad_kernel(kernel: Kernel, asc_runtime: None) -> None:
    code, line, message, _ = simulate(kernel)
    assert (code, line) == (CLASSES[kernel.cls], kernel.line), message


@pytest.mark.parametrize("kernel", OK, ids=lambda k: k.key)
def test_heldout_twin_runs_clean_and_matches_numpy(kernel: Kernel, asc_runtime: None) -> None:
    code, _, message, matches = simulate(kernel)
    assert code is None, message
    assert matches is True


@pytest.mark.parametrize("kernel", BAD, ids=lambda k: k.key)
def test_checker_reports_error_on_the_heldout_marked_line(kernel: Kernel) -> None:
    errors = [d for d in check(kernel.path) if d.severity == Severity.ERROR]
    assert kernel.line in {d.span.line for d in errors}, [f"{d.span.line}: {d.code} {d.message}" for d in errors]


@pytest.mark.parametrize("kernel", OK, ids=lambda k: k.key)
def test_checker_is_silent_on_heldout_twin(kernel: Kernel) -> None:
    found = [f"{d.span.line}: {d.severity.name} {d.code} {d.message}" for d in check(kernel.path)
             if d.severity >= Severity.WARNING]
    assert found == []
