"""The synchronization insert_sync writes through helpers leaves no race: each case's plan (sync/insert.py, with the
helpers' per-call plans of sync/frames.py) is run on the static hazard model (sync/machine.py, the simulator's
sanitizer model) with its EnQue/DeQue, barriers and fences applied where the C++ has them.  The same run with the
helpers' insertions left out finds the races those insertions close (so the check is not vacuous)."""

from __future__ import annotations

from pathlib import Path

import pytest

from pyasc.compiler.checks.sync.insert import plan
from pyasc.compiler.checks.sync.interp import Interp, _esize
from pyasc.compiler.checks.sync.lin import Lin
from pyasc.compiler.checks.sync.machine import Machine, Site
from pyasc.compiler.checks.sync.plan import Line, Plan
from pyasc.compiler.diagnostics.model import Span
from pyasc.compiler.ir import nodes as ir
from pyasc.compiler.ir.auto_tensors import auto_symbols, materialize
from pyasc.compiler.lower import LowerResult
from pyasc.compiler.pipeline import analysis, checked

CASES = Path(__file__).resolve().parents[1] / "differential" / "cases"
HELPER_CASES = ["p10_auto_helper_two_writes", "s01_helper_copy_then_compute", "s02_helper_called_twice",
                "s03_helper_loop_writes", "s04_nested_helpers", "s05_helper_get_value", "s06_helper_tbuf_two_ops",
                "s07_helper_set_value_in_loop", "p10_auto_in_helper", "p10_local_tensor_auto", "p10_auto_two_stages",
                "p10_auto_used_after_loop", "p10_auto_scalar_in_loop", "p13_insert_sync_queues",
                "s08_helpers_own_queue_calls", "s09_helper_allocates_from_queue"]
_SITE = Site(Span(0, 0, 0, 0), Span(0, 0, 0, 0), False, "insert_sync")


class PlannedInterp(Interp):
    """The hazard interpreter with a kernel's insert_sync plan applied (queues named per frame, as passed in)."""

    def __init__(self, helpers: dict[str, tuple[ir.KernelIR, bool]], root: Plan, into_helpers: bool) -> None:
        super().__init__(helpers)
        self.frames: list[tuple[Plan, dict[str, str]]] = [(root, {})]
        self.into_helpers = into_helpers
        self.fences = 0

    def run(self, body: list[ir.Stmt], env: dict[int, object], m: Machine) -> tuple[object, Machine]:
        p, _ = self.frames[-1]
        ret: object = None
        for s in body:
            if id(s) in p.dropped:
                continue
            self.apply(p.before.get(id(s), []), env, m)
            m, value = self.stmt_(s, env, m)
            if isinstance(s, ir.Return):
                ret = value
            self.apply(p.after.get(id(s), []), env, m)
        self.apply(p.block_end.get(id(body), []), env, m)
        return ret, m

    def apply(self, lines: list[Line], env: dict[int, object], m: Machine) -> None:
        names = self.frames[-1][1]
        for kind, what in lines:
            if kind == "barrier" and what == "PIPE_ALL":
                m.barrier()
            elif kind == "fence":
                self.fences += 1
                m.set_flag(str(what), ("fence", self.fences), _SITE)
                m.wait_flag(str(what), ("fence", self.fences), _SITE)
            elif kind in ("enque", "deque"):
                queue, sym = what  # type: ignore[misc]
                key = names.get(queue, queue)
                if kind == "enque":
                    m.enque(key, env.get(id(sym)))
                else:
                    got = m.deque(key)
                    if got is not None:
                        env[id(sym)] = got

    def expr(self, e: ir.Expr | None, env: dict[int, object], m: Machine) -> object:
        if isinstance(e, ir.Construct):  # the base class dispatches through a table of its own methods
            return self.construct(e, env, m)
        if isinstance(e, ir.HelperCall):
            return self.helper(e, env, m)
        return super().expr(e, env, m)

    def construct(self, e: ir.Construct, env: dict[int, object], m: Machine) -> object:
        if e.cls is not None and e.cls.name == "LocalTensorAuto":  # its own Unified Buffer region
            return analysis_view(e)
        return super().construct(e, env, m)

    def helper(self, e: ir.HelperCall, env: dict[int, object], m: Machine) -> object:
        p, names = self.frames[-1]
        synced = p.calls.get(id(e)) if self.into_helpers else None
        inner = Plan()
        inner_names: dict[str, str] = {}
        if synced is not None:
            inner = synced.plan
            inner_names = {param: names.get(arg, arg) for (param, _), arg in
                           zip(synced.plan.queue_params, synced.queue_args, strict=True)}
        elif self.into_helpers and e.name in self.helpers and auto_symbols(self.helpers[e.name][0]):
            h = self.helpers[e.name][0]  # a helper making auto tensors synchronizes them itself, as codegen writes
            inner = plan(h, materialize(h, {}, True), {}, True, whole_kernel=False)
        self.frames.append((inner, inner_names))
        try:
            return super().helper(e, env, m)
        finally:
            self.frames.pop()


def analysis_view(e: ir.Construct) -> object:
    from pyasc.compiler.checks.sync.access import View

    return View(("auto", id(e)), Lin(0), _esize(e.type), "UB")


def _lowered(name: str, monkeypatch: pytest.MonkeyPatch) -> LowerResult:
    found: list[LowerResult] = []
    real = checked.check_sync

    def spy(lowered: LowerResult, sink: object, alias: str = "asc") -> None:
        found.append(lowered)
        real(lowered, sink, alias)  # type: ignore[arg-type]

    monkeypatch.setattr(checked, "check_sync", spy)
    result = analysis.analyze((CASES / f"{name}.py").read_text(encoding="utf-8"), f"{name}.py")
    assert [d.code for d in result.errors] == []
    assert len(found) == 1
    return found[0]


def _races(lowered: LowerResult, into_helpers: bool) -> list[str]:
    k = lowered.kernel
    helpers = {h.kernel.name: h.kernel for h in lowered.helpers}
    p = plan(k, materialize(k, helpers, True), helpers, True)
    interp = PlannedInterp({n: (h, False) for n, h in helpers.items()}, p, into_helpers)
    machine = Machine()
    _, machine = interp.run(k.body, {}, machine)
    interp.apply(p.tail, {}, machine)
    return [f"{f.hazard} {f.pipes[0]}->{f.pipes[1]} line {f.site.span.line}" for f in machine.shared.findings
            if f.kind == "race"]


@pytest.mark.parametrize("name", HELPER_CASES)
def test_insert_sync_through_helpers_leaves_no_race(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _races(_lowered(name, monkeypatch), into_helpers=True) == []


def test_without_the_helpers_insertions_the_races_are_found(monkeypatch: pytest.MonkeyPatch) -> None:
    """The control: with nothing inserted into the helper, its vector op reads what its copy writes (and, in s05,
    the scalar read what the vector op writes, the copy out what the helper computes)."""
    assert _races(_lowered("s01_helper_copy_then_compute", monkeypatch), into_helpers=False) == [
        "RAW MTE2->V line 12"]
    assert _races(_lowered("s09_helper_allocates_from_queue", monkeypatch), into_helpers=False) == [
        "RAW MTE2->V line 13", "RAW V->MTE3 line 14"]
    assert _races(_lowered("s05_helper_get_value", monkeypatch), into_helpers=False) == [
        "RAW MTE2->V line 11", "RAW V->S line 12", "RAW V->MTE3 line 26"]
