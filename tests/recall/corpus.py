"""The recall corpus: our own CANN-style kernels, each with one certain failure, and their correct twins.

`kernels/<class>/bad_<name>.py` goes certainly wrong in one of CANN's stages, on the line marked
`# expect: <class>`; `kernels/<class>/ok_<name>.py` is its twin, the same kernel with the mistake fixed (a minimal
difference).  Every file is accepted by CANN's pyasc 1.1.1 tracer and has a module-level `launch()` that runs the
kernel with numpy arrays and returns (output, numpy reference).  The ground truth of a bad kernel is our
simulator's sanitizer stopping it on the marked line with the class's code (GM-to-GM copies: bisheng rejecting
CANN's C++ of it, checked against the real Ascend C headers when the corpus was written; the simulator stops
those too, with PS109; SIM_GAPS lists any kernel it does not stop).  Shared by tests/recall/test_recall.py and
bench/recall.py.
"""

from __future__ import annotations

import re
import sys
import types
from dataclasses import dataclass
from pathlib import Path

import numpy as np

KERNELS = Path(__file__).resolve().parent / "kernels"

CLASSES: dict[str, str] = {
    # class: the sanitizer's code for it (the ground truth of the class's bad kernels)
    "copy_over_buffer": "PS102",  # a data_copy larger than the queue buffer, TBuf or tensor it writes
    "vec_over_slice": "PS102",  # a vector op whose count runs past the tensor or slice it reads or writes
    "tbuf_before_init": "PS107",  # a TBuf get or a queue alloc_tensor before init_buffer gives it memory
    "gm_last_tile": "PS101",  # a loop whose last tile crosses the core's buffer from set_global_buffer
    "deque_hang": "PS106",  # a deque from a queue nothing enqueues: the core waits forever
    "ub_total": "PS103",  # on-chip buffers past the Unified Buffer, every size known
    "gm_to_gm": "PS109",  # data_copy from Global Memory to Global Memory: bisheng rejects CANN's C++
}

SIM_GAPS: dict[str, str | None] = {
    # "<class>/<file stem>": what the simulator does instead of the class's code (None: runs clean), and why
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
    """Every kernel of the corpus, bad and twin, in a stable order."""
    out: list[Kernel] = []
    for cls in CLASSES:
        for path in sorted((KERNELS / cls).glob("*.py")):
            if path.stem.startswith(("bad_", "ok_")):
                out.append(Kernel(cls, path, path.stem.startswith("bad_")))
    return out


@dataclass(frozen=True)
class SimOutcome:
    code: str | None  # the first error or warning finding's code; None when the run is clean
    line: int  # its line (0 when clean)
    message: str
    matches: bool | None  # a clean run: does the output match the numpy reference launch() returned


def simulate(kernel: Kernel) -> SimOutcome:
    """Runs the file's launch() as `pyasc run` runs a program (needs pyasc.compat installed: `import asc`)."""
    from pyasc.sim import jit
    from pyasc.sim.findings import SimulationError

    name = f"pyasc_recall_{kernel.cls}_{kernel.path.stem}"
    module = types.ModuleType(name)
    module.__file__ = str(kernel.path)
    sys.modules[name] = module
    try:
        code = compile(kernel.text, str(kernel.path), "exec")  # compiled here: no bytecode file in the repository
        with jit.collect() as report:
            exec(code, module.__dict__)  # noqa: S102 - our own test data, run as `pyasc run` runs a file
            result = module.launch()
    except SimulationError as exc:
        return SimOutcome(exc.finding.code, exc.finding.line, str(exc.finding), None)
    except Exception as exc:  # noqa: BLE001 - the outcome is what the launch raised
        return SimOutcome(type(exc).__name__, 0, str(exc), None)
    finally:
        del sys.modules[name]
        jit.set_default_soc("")
    bad = [f for f in report.findings if f.severity in ("error", "warning")]
    if bad:
        return SimOutcome(bad[0].code, bad[0].line, str(bad[0]), None)
    out, ref = (np.asarray(a) for a in result)
    tol = 1e-3 if out.dtype == np.float16 else 1e-5
    same = out.shape == ref.shape and bool(np.allclose(out.astype(np.float64), ref.astype(np.float64),
                                                       rtol=tol, atol=tol))
    return SimOutcome(None, 0, "", same)


def check(path: Path) -> list:
    """The diagnostics `pyasc-check --no-cpp` reports for the file (its own entry point, the file's config)."""
    from pyasc.cli.check import check_text
    from pyasc.config import load

    config, _ = load(path)
    diags, _, _ = check_text(path.read_text(encoding="utf-8"), str(path), config, False)
    return diags


def expected_sim(kernel: Kernel) -> str | None:
    """The sanitizer code the simulator gives a bad kernel (the class's, or its listed gap)."""
    return SIM_GAPS[kernel.key] if kernel.key in SIM_GAPS else CLASSES[kernel.cls]
