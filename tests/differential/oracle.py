"""Runs CANN's tracer (tests/differential/cann_oracle.py, in CANN's own venv) and collects its verdicts.

Requests go to one subprocess in a batch; results come back one JSON line per request, so a request that crashes
CANN's process is reported as rejected and the batch goes on in a new process.  compare.py compares the C++.
"""

from __future__ import annotations

import json
import os
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
            env = {**os.environ, "CANN_ORACLE_HOME": str(Path(tmp) / "home")}  # CANN's cache, removed with tmp
            proc = subprocess.run([str(python), "-I", str(RUNNER), str(req_path), str(out_path)],
                                  capture_output=True, text=True, timeout=timeout, cwd=tmp, env=env)
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
