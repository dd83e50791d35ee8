"""The differential comparison on kernels we did not write: CANN's own test suite, run by CANN's pytest.

    .venv/bin/python -m tests.differential.corpus [--cann-python PY] TESTS_DIR_OR_FILE...

Runs CANN's tests with CANN's venv (it needs pytest there: ``PY -m pip install pytest``; the shared venv of
scripts/deps-cann.sh has none, so pass a venv of your own) and tests/differential/cann_corpus_plugin.py, which
records every kernel CANN's tracer traces and its verdict.  Then analyzes each test file with our analysis, gives
each kernel our verdict (an error inside the kernel's lines) and, where both accept and our C++ has that kernel
alone, compares the Ascend C calls (differences ``compare.deliberate`` explains are counted apart; a kernel an
error elsewhere in its file keeps out of the file's C++ is built alone, as CANN compiles per kernel).  Prints
markdown, with every kernel that is not in agreement.  A measurement for people, never part of ``make test``:
CI has no CANN checkout.  A kernel traced under ``pytest.raises`` is a CANN rejection, as it should be.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from pyasc.compiler.pipeline.analysis import analyze
from pyasc.config import Config

from .compare import calls, cann_dtypes, deliberate
from .oracle import CANN_VERSION, cann_python

HERE = Path(__file__).resolve().parent


def _trace(python: str, targets: list[str]) -> list[dict]:
    with tempfile.TemporaryDirectory(prefix="pyasc_corpus_") as tmp:
        out = Path(tmp) / "traces.jsonl"
        env = {**os.environ, "PYASC_CORPUS_OUT": str(out), "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(HERE)}
        subprocess.run([python, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "cann_corpus_plugin",
                        "--continue-on-collection-errors",
                        *targets], cwd=tmp, env=env, capture_output=True, text=True, timeout=3600)
        return [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()] if out.exists() else []


def _kernel_lines(tree: ast.Module, qualname: str) -> tuple[int, int] | None:
    """First and last line (decorators included) of the function at this dotted path (classes included)."""
    scope: list[ast.stmt] = tree.body
    node: ast.AST | None = None
    for part in qualname.split("."):
        node = next((n for n in ast.walk(ast.Module(body=scope, type_ignores=[]))
                     if isinstance(n, (ast.FunctionDef, ast.ClassDef)) and n.name == part), None)
        if node is None:
            return None
        scope = node.body  # type: ignore[attr-defined]
    assert isinstance(node, (ast.FunctionDef, ast.ClassDef))
    first = min([node.lineno] + [d.lineno for d in node.decorator_list])
    return first, node.end_lineno or node.lineno


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--cann-python", default=str(cann_python()), help="a Python of a venv with CANN's pyasc and pytest")
    p.add_argument("targets", nargs="+")
    args = p.parse_args(argv)
    records = _trace(args.cann_python, args.targets)
    # kernel (file, qualname) -> CANN verdicts of its traces, and one accepted C++
    verdicts: dict[tuple[str, str], list[bool]] = {}
    cpp: dict[tuple[str, str], str] = {}
    for record in records:
        for t in record["traces"]:
            key = (record["file"], t["kernel"])
            verdicts.setdefault(key, []).append(t["status"] == "accepted")
            if t["status"] == "accepted":
                cpp.setdefault(key, t["cpp"])
    tally: Counter[str] = Counter()
    codes: Counter[str] = Counter()
    examples: dict[str, str] = {}
    listed: dict[str, list[str]] = {title: [] for title in (
        "CANN accepts, we error", "calls differ", "CANN rejects, we accept", "our kernel not found alone",
        "calls differ deliberately (defaults)", "calls differ deliberately (unused reads)")}
    by_file: dict[str, list[str]] = {}
    for file, qual in verdicts:
        by_file.setdefault(file, []).append(qual)
    for file, quals in sorted(by_file.items()):
        text = Path(file).read_text(encoding="utf-8")
        analysis = analyze(text, Path(file).name, Config(cann_version=CANN_VERSION))  # the oracle's release
        tree = ast.parse(text)
        for qual in quals:
            lines = _kernel_lines(tree, qual)
            if lines is None:
                tally["not located"] += 1
                continue
            ours = [d for d in analysis.errors if lines[0] <= d.span.line <= lines[1]]
            theirs = any(verdicts[(file, qual)])
            if theirs and ours:
                tally["CANN accepts, we error"] += 1
                codes[ours[0].code] += 1
                examples.setdefault(ours[0].code, f"{Path(file).name}:{ours[0].span.line} {ours[0].message[:120]}")
                listed["CANN accepts, we error"].append(
                    f"{Path(file).name}:{ours[0].span.line} {qual}: {ours[0].code} {ours[0].message[:120]}")
            elif not theirs and not ours:
                tally["CANN rejects, we accept"] += 1
                error = next(t for r in records if r["file"] == file for t in r["traces"] if t["kernel"] == qual)
                listed["CANN rejects, we accept"].append(
                    f"{Path(file).name}:{lines[0]} {qual}: {error.get('error', '').strip().splitlines()[-1][:160]}")
            elif not theirs:
                tally["both reject"] += 1
            else:
                tally["both accept"] += 1
                if not cpp[(file, qual)].strip():  # a test that checks CANN's IR (filecheck) never translates it
                    tally["both accept, CANN's test stops at its IR (no C++ to compare)"] += 1
                    continue
                try:
                    theirs_calls = calls(cpp[(file, qual)])
                    try:
                        ours_calls = calls(analysis.cpp, qual, cann_dtypes(cpp[(file, qual)]))
                    except LookupError:  # the file's C++ lacks it (an error elsewhere): build it alone, as CANN does
                        ours_calls = calls(analyze(text, Path(file).name, kernel=qual).cpp, qual,
                                           cann_dtypes(cpp[(file, qual)]))
                    same = ours_calls == theirs_calls
                    why = deliberate(ours_calls, theirs_calls)
                    if why is not None:  # the same operations, spelled differently on purpose (compare.deliberate)
                        tally[f"both accept, calls differ deliberately ({why})"] += 1
                        listed[f"calls differ deliberately ({why})"].append(
                            f"{Path(file).name}:{lines[0]} {qual}: ours {ours_calls} != CANN's {theirs_calls}")
                        continue
                    tally["both accept, calls equal" if same else "both accept, calls differ"] += 1
                    if not same:
                        listed["calls differ"].append(f"{Path(file).name}:{lines[0]} {qual}: ours {ours_calls} "
                                                      f"!= CANN's {theirs_calls}")
                except LookupError as e:
                    tally["both accept, our kernel not found alone in the C++"] += 1
                    listed["our kernel not found alone"].append(f"{Path(file).name}:{lines[0]} {qual}: {e}"[:300])
    print(f"# CANN's tests through the differential comparison\n\n{len(records)} tests run, {len(verdicts)} kernels "
          f"traced in {len(by_file)} files.\n")
    for name, n in sorted(tally.items()):
        print(f"- {name}: {n}")
    if codes:
        print("\nOur first error on the kernels CANN accepts:\n")
        for code, n in codes.most_common():
            print(f"- {code} x {n}, e.g. {examples[code]}")
    for title, rows in listed.items():
        if rows:
            print(f"\n{title}:\n")
            print("\n".join(f"- {row}" for row in rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
