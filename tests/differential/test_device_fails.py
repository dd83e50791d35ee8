"""The cases CANN's tracer accepts that certainly fail on the device (known.py's ``device-fails``): our checker's
error and our simulator's sanitizer agree on them, line for line (an access outside memory, a hang, a queue or
buffer used before it has memory: whatever the sanitizer's code recorded in sim_known.py).

For each such case, the first error the simulator stops on is on a line where the checker reports an error, so the
checker stops before a run what the run would stop. Needs no CANN installation.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from pyasc import compat
from pyasc.compiler.pipeline.analysis import analyze
from pyasc.sim import jit

from .known import KNOWN
from .sim_known import SIM_KNOWN

HERE = Path(__file__).resolve().parent
DEVICE_FAILS = [HERE / "cases" / f"{k.name}.py" for k in KNOWN if k.kind == "device-fails"]


@pytest.fixture
def asc_runtime() -> Iterator[None]:
    compat.install()
    try:
        yield
    finally:
        compat.uninstall()
        jit.set_default_soc("")


def first_sim_error(case: Path) -> tuple[str, int]:
    """(code, line) of the first error the simulator reports when the case's launch() runs."""
    name = f"pyasc_device_fails_{case.stem}"
    module = types.ModuleType(name)
    module.__file__ = str(case)
    sys.modules[name] = module
    try:
        with jit.collect() as report:
            exec(compile(case.read_text(encoding="utf-8"), str(case), "exec"), module.__dict__)  # noqa: S102
            module.launch()
    finally:
        del sys.modules[name]
    errors = [f for f in report.findings if f.severity == "error"]
    assert errors, f"{case.name}: the simulator runs it clean"
    return errors[0].code, errors[0].line


@pytest.mark.parametrize("case", DEVICE_FAILS, ids=lambda c: c.stem)
def test_checker_errors_where_the_sanitizer_stops(case: Path, asc_runtime: None) -> None:
    code, line = first_sim_error(case)
    recorded = {k.name: k.outcome for k in SIM_KNOWN}.get(case.stem)
    assert code == recorded, f"{case.name}: the simulator stops with {code}, sim_known.py records {recorded}"
    errors = {d.span.line for d in analyze(case.read_text(encoding="utf-8"), case.name).errors}
    assert line in errors, f"{case.name}: the simulator stops at line {line} ({code}), our errors are at {errors}"
