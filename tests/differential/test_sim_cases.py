"""Every differential case CANN's tracer accepts runs unchanged on our simulator.

Each case's ``launch()`` runs as ``pyasc run`` would run the file: ``import asc`` resolves to pyasc's runtime
(pyasc.compat), the kernels run on the simulator, and the launch must neither raise nor give an error or warning
finding.  Notes are not failures: they name a race that automatic synchronization (on by default, as in CANN)
closes.  Which cases CANN accepts is what their names say (``cann_accepts``; test_differential checks the names
against CANN's tracer), so this test needs no CANN installation.  The cases that do not run clean are listed in
sim_known.py, asserted exactly.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from pathlib import Path

import pytest

from pyasc import compat
from pyasc.sim import jit

from .sim_known import SIM_KNOWN
from .test_differential import CASES, cann_accepts

ACCEPTED = [c for c in CASES if cann_accepts(c)]


@pytest.fixture
def asc_runtime() -> Iterator[None]:
    compat.install()
    try:
        yield
    finally:
        compat.uninstall()
        jit.set_default_soc("")  # a case's set_platform must not choose the SoC of later tests


def run_case(case: Path) -> tuple[str, str] | None:
    """None when the case's launch() runs clean; else (the first error or warning code, or the exception's name;
    what it says)."""
    name = f"pyasc_sim_case_{case.stem}"
    module = types.ModuleType(name)
    module.__file__ = str(case)
    sys.modules[name] = module  # structs and dataclasses look their module up
    try:
        code = compile(case.read_text(encoding="utf-8"), str(case), "exec")  # no bytecode file in the repository
        with jit.collect() as report:
            exec(code, module.__dict__)  # noqa: S102 - our own test data, run as `pyasc run` runs a file
            module.launch()
    except Exception as exc:  # noqa: BLE001 - the outcome is what the launch raised
        return type(exc).__name__, str(exc)
    finally:
        del sys.modules[name]
    bad = [f for f in report.findings if f.severity in ("error", "warning")]
    return (bad[0].code, str(bad[0])) if bad else None


def test_known_names_accepted_cases() -> None:
    names = [k.name for k in SIM_KNOWN]
    assert len(names) == len(set(names)), "sim_known.py names a case twice"
    assert set(names) <= {c.stem for c in ACCEPTED}, "sim_known.py names a case that does not exist or CANN rejects"


@pytest.mark.parametrize("case", ACCEPTED, ids=lambda c: c.stem)
def test_case_runs_on_the_simulator(case: Path, asc_runtime: None) -> None:
    found = run_case(case)
    known = next((k for k in SIM_KNOWN if k.name == case.stem), None)
    if known is None:
        assert found is None, f"{case.name} does not run clean on the simulator: {found[0]}: {found[1]}"
    else:
        assert found is not None, f"{case.name} runs clean now: remove it from sim_known.py"
        assert found[0] == known.outcome, f"{case.name}: listed as {known.outcome}, now {found[0]}: {found[1]}"
