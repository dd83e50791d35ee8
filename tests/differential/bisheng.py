"""Does bisheng reject the C++ CANN's pyasc writes? Decided by compiling CANN's own C++ against the real Ascend C
headers, where they are on the machine (never in CI).

The verdict of each case is committed in known.py (kind ``bisheng-rejects``: CANN's tracer accepts, its C++ does not
build); the differential test checks that table is consistent everywhere, and, with the headers given, that the
verdicts still hold: ``pytest tests/differential --real-headers FLAGS_FILE`` (or PYASC_REAL_HEADERS=FLAGS_FILE), where
FLAGS_FILE holds the g++ flags that find the headers (as /tmp/realflags does), or as a script:
``python -m tests.differential.bisheng FLAGS_FILE [CASE.py...]`` prints the verdict of every case we report an
error on that CANN accepts. PYASC_CXX names the compiler (g++ by default).
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ENV = "PYASC_REAL_HEADERS"


def real_flags(option: str | None = None) -> list[str] | None:
    """The g++ flags of the real headers: from the option, else PYASC_REAL_HEADERS; None when neither is set (the
    check is then inactive) or the file is missing."""
    path = option or os.environ.get(ENV)
    if not path or not Path(path).is_file():
        return None
    return Path(path).read_text(encoding="utf-8").split()


def cann_cpp_error(cpp: str, flags: list[str]) -> str | None:
    """The first error of compiling `cpp` (CANN's C++ of one kernel) against the real headers, or None if it builds:
    `g++ FLAGS -include kernel_operator.h -fsyntax-only file.cpp`."""
    cxx = os.environ.get("PYASC_CXX", "g++")
    with tempfile.TemporaryDirectory(prefix="pyasc_bisheng_") as tmp:
        src = Path(tmp) / "cann.cpp"
        src.write_text(cpp, encoding="utf-8")
        cmd = [cxx, *[f for f in flags if f != "-fsyntax-only"], "-include", "kernel_operator.h", "-fsyntax-only",
               str(src)]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=600)
        except (OSError, subprocess.TimeoutExpired) as exc:
            return f"compiler did not run: {exc}"
    if r.returncode == 0:
        return None
    lines = (r.stderr + r.stdout).splitlines()
    return next((ln for ln in lines if "error" in ln), lines[0] if lines else f"exit {r.returncode}")[:300]


def verdicts(cases: list[Path], flags: list[str]) -> dict[str, str | None]:
    """Per case CANN accepts: the first error of its C++ against the real headers (None: every kernel builds)."""
    from .oracle import run_oracle

    results = run_oracle([{"id": c.stem, "file": str(c), "entry": "launch"} for c in cases])
    out: dict[str, str | None] = {}
    for c in cases:
        res = results[c.stem]
        if not res.accepted:
            continue
        out[c.stem] = next((e for t in res.traces if (e := cann_cpp_error(t.cpp, flags))), None)
    return out


def main(argv: list[str]) -> int:
    if not argv or real_flags(argv[0]) is None:
        print(__doc__)
        return 2
    flags = real_flags(argv[0]) or []
    if argv[1:]:
        cases = [Path(a) for a in argv[1:]]
    else:
        from pyasc.compiler.pipeline.analysis import analyze

        from .test_differential import CANN_1_1_1, CASES
        cases = [c for c in CASES if analyze(c.read_text(encoding="utf-8"), c.name, CANN_1_1_1).errors]
    for name, err in verdicts(cases, flags).items():
        print(f"{name}: {'bisheng rejects: ' + err if err else 'builds'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
