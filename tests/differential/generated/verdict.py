"""The comparison per generated program: CANN's tracer's verdict against our analysis, C++ and simulator.

Outcomes of one program (kinds):
  false-error    CANN accepts it and we report an error
  missed-error   CANN rejects it and we report no error
  calls          both accept and the Ascend C calls of the two C++ texts differ (tests/differential/compare.py)
  cpp            both accept and libclang rejects our C++ against the bundled header (pyasc.toolchain.check_cpp)
  real-cpp       both accept and g++ rejects our C++ against the real Ascend C headers (report only)
  failure        CANN accepts it and the simulator's sanitizer stops it: the device certainly goes wrong (issue 27's
                 domain: counted apart, never a false error)
  sim-crash      CANN accepts it and the simulator raises an exception instead of running it (a bug of ours in the
                 simulator; counted apart like a failure)
  broken         the generated file is broken (an exception outside any kernel): a bug of the generator
Each outcome has a family signature (`kind family`): the error code or planted form and the family of the
statement it is on, so that many programs with one cause count as one disagreement.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import subprocess
import tempfile
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from pyasc.compiler.pipeline.analysis import analyze
from pyasc.config import Config
from pyasc.language import registry

from ..compare import calls, cann_dtypes, deliberate, helper_call_errors
from ..oracle import CANN_VERSION, OracleResult, run_oracle
from .program import Program

CANN_1_1_1 = Config(cann_version=CANN_VERSION)

DISAGREEMENTS = ("false-error", "missed-error", "calls", "cpp")
REAL_FLAGS = Path("/tmp/realflags")


@dataclass(frozen=True)
class Outcome:
    kind: str
    family: str
    detail: str

    @property
    def signature(self) -> str:
        return f"{self.kind} {self.family}"


@dataclass(frozen=True)
class Verdict:
    """Everything measured on one program."""

    name: str
    cann_accepts: bool
    we_error: bool
    outcomes: tuple[Outcome, ...]

    def disagreements(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.kind in DISAGREEMENTS]


def _cpp_family() -> dict[str, str]:
    """Ascend C function name -> the spec family whose templates call it (for naming a calls difference)."""
    found: dict[str, str] = {}
    for spec in registry.all_apis():
        for o in spec.overloads:
            for name in re.findall(r"AscendC::(\w+)|\{self\}\.(\w+)", o.cpp or ""):
                found.setdefault(name[0] or name[1], spec.family)
    return found


_CPP_FAMILY: dict[str, str] = {}


def cann_error(result: OracleResult) -> str:
    """The line of CANN's error that names it (its messages put the source excerpt first)."""
    error = next((t.error for t in result.traces if not t.accepted), result.harness_error or "")
    lines = [line for line in error.strip().splitlines() if line.strip()]
    named = [line for line in lines if re.match(r"\w*(Error|Exception)\b", line) and "CodegenError" not in line]
    return (named or lines or [""])[-1][:200]


def _line_family(program: Program, line: int) -> str:
    stmt = program.line_tags().get(line)
    if stmt is None:
        return "kernel"
    return stmt.tag


def _clang_errors(analysis: object) -> list[tuple[int, str]]:
    """(Python line, message) of every libclang error on our C++ (clang-tidy is not run: the check is whether
    the C++ compiles)."""
    from pyasc.toolchain import check_cpp
    found = check_cpp(analysis, Config(), clang_tidy=os.devnull)  # type: ignore[arg-type]
    return [(d.span.line, d.message) for d in found if d.severity.name == "ERROR" and d.source != "pyasc"]


def _normalized(message: str) -> str:
    """A clang message without the names and numbers of one program."""
    text = re.sub(r"'[^']*'", "'_'", message)
    return re.sub(r"\d+", "N", text)[:80]


def _said(error: str) -> str:
    """The first words of CANN's error, without its exception class and the program's names and numbers."""
    text = re.sub(r"^\w+(Error|Exception): ", "", error)
    return _normalized(" ".join(text.split()[:4]))


def _calls_difference(cpp: str, result: OracleResult) -> str | None:
    broken = helper_call_errors(cpp)
    if broken:
        return f"our C++ would not compile: {broken[0]}"
    for trace in result.traces:
        theirs = calls(trace.cpp)
        try:
            ours = calls(cpp, trace.kernel, cann_dtypes(trace.cpp))
        except LookupError as exc:
            return f"no C++ kernel of ours to compare: {exc}"
        if ours != theirs and deliberate(ours, theirs) is None:
            pairs = enumerate(zip(ours, theirs, strict=False))
            first = next((i for i, (a, b) in pairs if a != b), min(len(ours), len(theirs)))
            differing = (ours[first:first + 1] or theirs[first:first + 1] or ["?"])[0]
            return f"{trace.kernel}: at call {first} ({differing}): ours {ours} != CANN's {theirs}"
    return None


def _calls_family(detail: str) -> str:
    m = re.search(r"\(\.?(\w+)/\d+\)", detail)
    if not _CPP_FAMILY:
        _CPP_FAMILY.update(_cpp_family())
    return _CPP_FAMILY.get(m.group(1), m.group(1)) if m else "compare"


def our_side(program: Program, path: str, result: OracleResult, simulate: bool, cpp_check: bool = True) -> Verdict:
    """Our side of one program, given CANN's verdict on it."""
    text = program.render()
    analysis = analyze(text, path, CANN_1_1_1)  # as CANN's 1.1.1 tracer knows the API (issue 26's cann_version)
    errors = list(analysis.errors)
    outcomes: list[Outcome] = []
    if result.harness_error is not None:
        outcomes.append(Outcome("broken", "generator", result.harness_error.splitlines()[-1][:200]))
        return Verdict(program.name, False, bool(errors), tuple(outcomes))
    accepted = result.accepted
    failure = run_on_simulator(path) if accepted and simulate else None
    if failure is not None:  # a finding of the sanitizer, or an exception: a bug of the simulator
        kind = "failure" if failure[0].startswith("PS") else "sim-crash"
        outcomes.append(Outcome(kind, failure[0], failure[1][:200]))
    elif accepted and errors:
        e = errors[0]
        outcomes.append(Outcome("false-error", f"{e.code} {_line_family(program, e.span.line)}",
                                f"line {e.span.line}: {e.code} {e.message}"[:300]))
    elif not accepted and not errors:
        planted, _, api = program.mutation.partition(":")
        said = cann_error(result)
        family = f"{planted} {registry.APIS[api].family}" if api in registry.APIS else f"unplanned: {_said(said)}"
        outcomes.append(Outcome("missed-error", family, "CANN: " + said))
    if accepted and not errors:
        diff = _calls_difference(analysis.cpp, result)
        if diff is not None:
            outcomes.append(Outcome("calls", _calls_family(diff), diff[:400]))
        if cpp_check:
            for line, message in _clang_errors(analysis)[:1]:
                outcomes.append(Outcome("cpp", f"{_line_family(program, line)}: {_normalized(message)}",
                                        f"line {line}: {message}"[:300]))
    return Verdict(program.name, accepted, bool(errors), tuple(outcomes))


def run_on_simulator(path: str) -> tuple[str, str] | None:
    """The simulator's first error or warning finding on the program's launch(), as `pyasc run` runs it."""
    from pyasc import compat
    from pyasc.sim import jit

    from ..test_sim_cases import run_case
    compat.install()
    try:
        with contextlib.redirect_stdout(io.StringIO()):  # dump_tensor and printf print
            return run_case(Path(path))
    finally:
        compat.uninstall()
        jit.set_default_soc("")


@contextlib.contextmanager
def real_headers() -> Iterator[Callable[[str], str | None]]:
    """A checker of C++ texts with g++ against the real Ascend C headers (/tmp/realflags), for the report only:
    kernel_operator.h is precompiled once (about 30 s), then each text takes about 2 s instead of 30."""
    flags = REAL_FLAGS.read_text().split()
    with tempfile.TemporaryDirectory(prefix="pyasc_real_") as tmp:
        pre = Path(tmp) / "pre.h"
        pre.write_text('#include "kernel_operator.h"\n', encoding="utf-8")
        header_flags = [f for f in flags if f not in ("-fsyntax-only", "-x", "c++")]
        built = subprocess.run(["g++", *header_flags, "-x", "c++-header", str(pre), "-o", f"{pre}.gch"],
                               capture_output=True, text=True, timeout=600).returncode == 0
        include = ["-include", str(pre)] if built else []

        def check(cpp: str) -> str | None:
            with tempfile.TemporaryDirectory(prefix="pyasc_real_", dir=tmp) as one:
                src = Path(one) / "kernel.cpp"
                src.write_text(cpp, encoding="utf-8")
                proc = subprocess.run(["g++", *flags, *include, str(src)], capture_output=True, text=True,
                                      timeout=300)
            if proc.returncode == 0:
                return None
            first = next((line for line in proc.stderr.splitlines() if "error:" in line), proc.stderr.strip()[:200])
            return first.split("error:", 1)[-1].strip()[:200]
        yield check


def _ours_job(args: tuple[Program, str, OracleResult, bool, bool]) -> Verdict:
    return our_side(*args)


def oracle_parallel(requests: list[dict[str, str]], workers: int) -> dict[str, OracleResult]:
    """run_oracle over `workers` slices of the requests at once (each slice one subprocess)."""
    slices = [requests[i::workers] for i in range(workers)]
    results: dict[str, OracleResult] = {}
    errors: list[BaseException] = []

    def one(part: list[dict[str, str]]) -> None:
        try:
            results.update(run_oracle(part))
        except BaseException as exc:  # noqa: BLE001 - re-raised below, in the caller's thread
            errors.append(exc)

    threads = [threading.Thread(target=one, args=(s,)) for s in slices if s]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return results


def run(programs: list[Program], *, workers: int = 2, simulate: bool = True,
        cpp_check: bool = True) -> tuple[dict[str, Verdict], dict[str, OracleResult]]:
    """Traces every program with CANN's tracer, then analyzes (and simulates) them on `workers` processes."""
    with tempfile.TemporaryDirectory(prefix="pyasc_generated_") as tmp:
        paths = {}
        for p in programs:
            path = Path(tmp) / f"{p.name}.py"
            path.write_text(p.render(), encoding="utf-8")
            paths[p.name] = str(path)
        oracle = oracle_parallel([{"id": p.name, "file": paths[p.name], "entry": "launch"} for p in programs],
                                 workers)
        jobs = [(p, paths[p.name], oracle[p.name], simulate, cpp_check) for p in programs]
        if workers <= 1:
            verdicts = [_ours_job(j) for j in jobs]
        else:
            with ProcessPoolExecutor(workers) as pool:
                verdicts = list(pool.map(_ours_job, jobs, chunksize=8))
    return {v.name: v for v in verdicts}, oracle
