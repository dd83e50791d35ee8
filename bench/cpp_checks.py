"""C++ check timings per kernel with the bundled header: libclang parse, clang-tidy run, and check_cpp cold and cached.

Run: .venv/bin/python bench/cpp_checks.py [--repeat N]
Kernels: the examples/ kernels through analyze(), and the hand-written samples of tests/toolchain/samples (as one
kernel each). Baselines measured in the same run: libclang on a unit holding only `#include "kernel_operator.h"`
(the header's own cost) and clang-tidy on that unit (process start-up plus header).
Target: libclang <= 150 ms per kernel.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from pyasc.compiler.codegen.sourcemap import SourceMap  # noqa: E402
from pyasc.compiler.diagnostics.model import Span  # noqa: E402
from pyasc.compiler.pipeline.analysis import analyze  # noqa: E402
from pyasc.compiler.pipeline.results import Analysis, KernelInfo  # noqa: E402
from pyasc.config import Config  # noqa: E402
from pyasc.toolchain import CACHE, DEFAULT_CHECKS, check_cpp, headers, locate, runner  # noqa: E402


def _ms(seconds: float) -> float:
    return seconds * 1000.0


def time_parse(lib: locate.Tool, res: str | None, text: str, tmp: str, repeat: int) -> float:
    path = str(Path(tmp) / "unit.cpp")
    Path(path).write_text(text, encoding="utf-8")
    args = headers.bundled().compile_args()
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        runner.parse(lib, path, text, args, res)
        samples.append(time.perf_counter() - start)
    return _ms(statistics.median(samples))


def time_tidy(tidy: locate.Tool, text: str, tmp: str, repeat: int) -> float:
    path = str(Path(tmp) / "unit.cpp")
    Path(path).write_text(text, encoding="utf-8")
    cmd = runner.tidy_command(tidy, path, headers.bundled().compile_args(), DEFAULT_CHECKS, None)
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        runner.finish_tidy(runner.start_tidy(cmd), path, text, time.monotonic() + 60)
        samples.append(time.perf_counter() - start)
    return _ms(statistics.median(samples))


def time_check(analysis: Analysis, repeat: int) -> tuple[float, float]:
    cold, cached = [], []
    for _ in range(repeat):
        CACHE.clear()
        start = time.perf_counter()
        check_cpp(analysis, Config())
        cold.append(time.perf_counter() - start)
        start = time.perf_counter()
        check_cpp(analysis, Config())
        cached.append(time.perf_counter() - start)
    return _ms(statistics.median(cold)), _ms(statistics.median(cached))


def kernels() -> list[tuple[str, Analysis]]:
    out = []
    for path in sorted((ROOT / "examples").glob("*.py")):
        analysis = analyze(path.read_text(encoding="utf-8"), str(path), Config())
        if analysis.kernels and analysis.cpp:
            out.append((f"examples/{path.name}", analysis))
    for path in sorted((ROOT / "tests" / "toolchain" / "samples").glob("*.cpp")):
        cpp = path.read_text(encoding="utf-8")
        span = Span(1, 0, 1, 1)
        kernel = KernelInfo(path.stem, "kernel", span, span, (), 0, len(cpp))
        out.append((f"samples/{path.name}", Analysis(path="<sample>", text="x\n", kernels=[kernel], cpp=cpp,
                                                     sourcemap=SourceMap(cpp))))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=5)
    ns = parser.parse_args()
    lib, tidy = locate.find_libclang(), locate.find_clang_tidy()
    if not (lib.ok and tidy.ok):
        sys.exit(f"toolchain unusable: {lib.error or ''} {tidy.error or ''}")
    res = locate.resource_dir(lib)
    print(f"libclang {lib.version} ({lib.origin}), clang-tidy {tidy.version} ({tidy.origin}), bundled header, "
          f"median of {ns.repeat}")
    rows = []
    with tempfile.TemporaryDirectory(prefix="pyasc-bench-") as tmp:
        header_only = '#include "kernel_operator.h"\n'
        base_parse = time_parse(lib, res, header_only, tmp, ns.repeat)
        base_tidy = time_tidy(tidy, header_only, tmp, ns.repeat)
        for name, analysis in kernels():
            lines = analysis.cpp.count("\n")
            parse_ms = time_parse(lib, res, analysis.cpp, tmp, ns.repeat)
            tidy_ms = time_tidy(tidy, analysis.cpp, tmp, ns.repeat)
            cold, cached = time_check(analysis, ns.repeat)
            rows.append((name, len(analysis.kernels), lines, parse_ms, tidy_ms, cold, cached))
    head = ("kernel", "kernels", "C++ lines", "libclang ms", "clang-tidy ms", "check cold ms", "check cached ms")
    print("| " + " | ".join(head) + " |")
    print("|" + "|".join("---" for _ in head) + "|")
    print(f"| baseline: header only | - | 1 | {base_parse:.1f} | {base_tidy:.1f} | - | - |")
    for name, count, lines, parse_ms, tidy_ms, cold, cached in rows:
        print(f"| {name} | {count} | {lines} | {parse_ms:.1f} | {tidy_ms:.1f} | {cold:.1f} | {cached:.2f} |")
    worst = max(r[3] for r in rows)
    print(f"\nworst libclang parse: {worst:.1f} ms per kernel (target <= 150 ms)")


if __name__ == "__main__":
    main()
