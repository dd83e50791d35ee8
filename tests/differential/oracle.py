"""Runs CANN's tracer (tests/differential/cann_oracle.py, in CANN's own venv) and compares its C++ with ours.

The comparison of two C++ files is by their sequence of Ascend C calls (see ``calls``): what both compilers must
agree on is which Ascend C operations run in which order; names, constants, declarations and layout legitimately
differ (CANN prints SSA names like ``v12``, we keep the Python names).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RUNNER = HERE / "cann_oracle.py"
CANN_VERSION = "1.1.1"


def cann_python() -> Path:
    """The venv scripts/deps-cann.sh installs: $PYASC_DEV_CACHE/cann-pyasc-1.1.1 (default ~/.cache/pyasc-dev)."""
    cache = Path(os.environ.get("PYASC_DEV_CACHE") or Path.home() / ".cache" / "pyasc-dev")
    return cache / f"cann-pyasc-{CANN_VERSION}" / "bin" / "python"


@dataclass(frozen=True)
class Trace:
    kernel: str
    accepted: bool
    cpp: str  # CANN's C++ when accepted
    error: str  # CANN's error when rejected


@dataclass(frozen=True)
class OracleResult:
    traces: tuple[Trace, ...]
    harness_error: str | None  # the test file itself is broken (not a verdict of CANN's)

    @property
    def accepted(self) -> bool:
        return self.harness_error is None and all(t.accepted for t in self.traces)


def run_oracle(requests: list[dict[str, Any]], timeout: float = 600.0) -> dict[str, OracleResult]:
    """Traces every request in as few subprocesses as possible; one that crashes CANN's process is rejected."""
    python = cann_python()
    if not python.exists():
        raise FileNotFoundError(f"CANN's pyasc is not installed at {python}: run scripts/deps-cann.sh (make deps)")
    results: dict[str, OracleResult] = {}
    pending = [{**r, "file": str(Path(r["file"]).resolve())} for r in requests]  # the subprocess runs elsewhere
    with tempfile.TemporaryDirectory(prefix="pyasc_oracle_") as tmp:
        while pending:
            req_path, out_path = Path(tmp) / "requests.json", Path(tmp) / "results.jsonl"
            req_path.write_text(json.dumps(pending), encoding="utf-8")
            out_path.write_text("", encoding="utf-8")
            proc = subprocess.run([str(python), "-I", str(RUNNER), str(req_path), str(out_path)],
                                  capture_output=True, text=True, timeout=timeout, cwd=tmp)
            for line in out_path.read_text(encoding="utf-8").splitlines():
                raw = json.loads(line)
                results[raw["id"]] = OracleResult(
                    tuple(Trace(t["kernel"], t["status"] == "accepted", t.get("cpp", ""), t.get("error", ""))
                          for t in raw["traces"]), raw["harness_error"])
            done = sum(1 for r in pending if r["id"] in results)
            if done < len(pending):
                if proc.returncode == 0:
                    raise RuntimeError(f"the oracle stopped early without an error:\n{proc.stderr[-2000:]}")
                crashed = pending[done]
                tail = proc.stderr.strip().splitlines()[-1:] or [f"exit code {proc.returncode}"]
                results[crashed["id"]] = OracleResult(
                    (Trace(crashed.get("kernel", "?"), False, "", f"CANN's process crashed: {tail[0]}"),), None)
                done += 1
            pending = pending[done:]
    return results


# ---- the comparison -------------------------------------------------------------------------------------------

_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_STRING = re.compile(r'"(?:\\.|[^"\\])*"')
# A function definition at the top level: its name, then its parameter list, then its body's opening brace.
_FUNC = re.compile(r"(?:^|\n)[^\n;{}#]*?\b([A-Za-z_]\w*)\s*\(([^;{}]*)\)\s*(?:const\s*)?\{")
_CALL = re.compile(r"(AscendC::|\.|->)?\b([A-Za-z_]\w*)\s*(<)?")


def _skip_template(text: str, i: int) -> int:
    """i is just after a '<'; returns the index after its matching '>' (or -1 if it is a comparison)."""
    depth = 1
    while i < len(text) and depth:
        c = text[i]
        if c == "<":
            depth += 1
        elif c == ">":
            depth -= 1
        elif c in ";{}":
            return -1
        i += 1
    return i if depth == 0 else -1


def _functions(cpp: str) -> dict[str, tuple[str, bool]]:
    """Top-level function name -> (body, is a __global__ kernel)."""
    text = _STRING.sub('""', _COMMENT.sub("", cpp))
    found: dict[str, tuple[str, bool]] = {}
    pos = 0
    while True:
        m = _FUNC.search(text, pos)
        if m is None:
            return found
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        head = text[m.start():m.end()]
        if m.group(1) not in ("if", "for", "while", "switch"):
            found[m.group(1)] = (text[m.end():i - 1], "__global__" in head)
        pos = i


def _raw_calls(body: str) -> list[tuple[str, str]]:
    """(kind, name) in order: kind 'api' for AscendC::F(...), 'method' for x.M(...), 'local' for f(...)."""
    out: list[tuple[str, str]] = []
    pos = 0
    while True:
        m = _CALL.search(body, pos)
        if m is None:
            return out
        prefix, name = m.group(1), m.group(2)
        j = m.end()
        if m.group(3):
            k = _skip_template(body, j)
            if k < 0:
                pos = j
                continue
            j = k
        while j < len(body) and body[j] in " \t\n":
            j += 1
        pos = m.end() if m.group(3) else m.end()
        if j >= len(body) or body[j] != "(":
            continue
        if prefix == "AscendC::":
            out.append(("api", name))
        elif prefix in (".", "->"):
            if name[:1].isupper():
                out.append(("method", name))
        elif prefix is None:
            out.append(("local", name))


def calls(cpp: str, kernel: str | None = None) -> list[str]:
    """The Ascend C calls a kernel makes, in source order, with the file's own helper functions inlined.

    Compared: ``AscendC::F(...)`` and ``AscendC::F<...>(...)`` (as ``F``) and member calls ``x.M(...)`` whose name
    is capitalized, as Ascend C's classes spell methods (as ``.M``).  Not compared, because they legitimately
    differ: template and call arguments, variable names, constants, declarations and constructors, loop and branch
    structure, and boilerplate outside ``AscendC::`` (``set_ffts_base_addr``, casts).  A call of a function the
    C++ itself defines is replaced by that function's calls, since CANN's inliner inlines every helper.
    ``kernel`` picks the ``__global__`` function by name when the file has several.
    """
    funcs = _functions(cpp)
    kernels = [name for name, (_, is_global) in funcs.items() if is_global]
    if kernel is not None and kernel in kernels:
        entry = kernel
    elif len(kernels) == 1:
        entry = kernels[0]
    else:
        raise LookupError(f"cannot choose the kernel {kernel!r} among {kernels}")

    def expand(name: str, stack: tuple[str, ...]) -> list[str]:
        seq: list[str] = []
        for kind, callee in _raw_calls(funcs[name][0]):
            if kind == "api":
                seq.append(callee)
            elif kind == "method":
                seq.append("." + callee)
            elif callee in funcs and callee not in stack:
                seq.extend(expand(callee, stack + (callee,)))
        return seq

    return expand(entry, (entry,))
