"""`pyasc doctor`: which C++ toolchain and headers the checks use, each with a verdict and a fix.

Exit status 0 when nothing is an error, 1 otherwise (2 for bad arguments), so scripts can gate on it.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from .. import config as config_mod
from ..language import soc as soc_table
from . import locate, opbuild, runner
from .info import ToolchainInfo, toolchain_info

OK, WARNING, ERROR = "ok", "warning", "error"
_PINNED = locate.WHEELS


@dataclass(frozen=True)
class Verdict:
    name: str
    verdict: str
    detail: str
    fix: str = ""


_SMOKE = """#include "kernel_operator.h"
extern "C" __global__ __aicore__ void doctor_smoke(GM_ADDR x, int32_t n) {
    AscendC::GlobalTensor<float> x_gm;
    x_gm.SetGlobalBuffer((__gm__ float*)x, n);
    AscendC::TPipe pipe;
    AscendC::TQue<AscendC::TPosition::VECIN, 1> queue;
    pipe.InitBuffer(queue, 1, 256);
    AscendC::LocalTensor<float> t = queue.AllocTensor<float>();
    AscendC::DataCopy(t, x_gm, 64);
    AscendC::Adds(t, t, 1.0f, 64);
    queue.FreeTensor(t);
}
"""


def _tool_verdict(tool: locate.Tool) -> Verdict:
    if tool.ok:
        return Verdict(tool.name, OK, f"{tool.version} at {tool.path} (from {tool.origin})")
    return Verdict(tool.name, ERROR, tool.error or f"{tool.name} is unusable", f"{locate.INSTALL_HINT}")


def _smoke(info: ToolchainInfo) -> Verdict:
    """Parse a tiny kernel with the chosen headers: proves the header set and the resource folder work together."""
    if not info.libclang.ok:
        return Verdict("smoke test", WARNING, "skipped: libclang is unusable", locate.INSTALL_HINT)
    try:
        with tempfile.TemporaryDirectory(prefix="pyasc-doctor-") as tmp:
            path = os.path.join(tmp, "doctor_smoke.cpp")
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(_SMOKE)
            found = runner.parse(info.libclang, path, _SMOKE, info.headers.compile_args(), info.resource_dir)
    except (runner.ToolchainError, OSError) as exc:
        return Verdict("smoke test", ERROR, str(exc), locate.INSTALL_HINT)
    errors = [f for f in found if f.severity >= runner.Severity.ERROR]
    if errors:
        first = errors[0]
        return Verdict("smoke test", ERROR, f"a minimal kernel does not compile against the headers: {first.message} "
                       f"({first.where})", "check cann_path / ASCEND_HOME_PATH, or unset them to use the bundled "
                       "header")
    return Verdict("smoke test", OK, "a minimal kernel parses cleanly against the headers in use")


_ORIGINS = {"wheel": "its PyPI wheel", "PATH": "PATH", "argument": "the path given",
            "environment": "the environment variable"}


def _origins(info: ToolchainInfo) -> str:
    """Where the tools that were found come from, as located: nothing is claimed of a tool that was not found."""
    found = [f"{t.name} from {_ORIGINS.get(t.origin, t.origin)}" for t in (info.libclang, info.clang_tidy) if t.ok]
    missing = [t.name for t in (info.libclang, info.clang_tidy) if not t.ok]
    parts = found + ([f"{' and '.join(missing)} not found (see above)"] if missing else [])
    return "; ".join(parts)


def verdicts(info: ToolchainInfo) -> list[Verdict]:
    out = [_tool_verdict(info.libclang), _tool_verdict(info.clang_tidy)]
    lib_major, tidy_major = info.libclang.major, info.clang_tidy.major
    if lib_major is not None and tidy_major is not None:
        if lib_major == tidy_major:
            out.append(Verdict("LLVM major", OK, f"libclang and clang-tidy are both LLVM {lib_major}"))
        else:
            out.append(Verdict(
                "LLVM major", ERROR,
                f"libclang {info.libclang.version} is LLVM {lib_major} but clang-tidy {info.clang_tidy.version} is "
                f"LLVM {tidy_major}; wanted one LLVM major for both",
                f"{_PINNED}, or point LLVM_HOME at one LLVM install that has both"))
    else:
        out.append(Verdict("LLVM major", WARNING, "cannot compare versions: a tool is missing", locate.INSTALL_HINT))
    bindings = info.bindings_version
    b_major = locate.Tool("bindings", None, bindings, "").major
    if bindings is None:
        out.append(Verdict("clang.cindex", ERROR, "the clang Python bindings are not installed", locate.INSTALL_HINT))
    elif lib_major is not None and b_major is not None and b_major != lib_major:
        out.append(Verdict("clang.cindex", WARNING,
                           f"bindings {bindings} (LLVM {b_major}) drive libclang {info.libclang.version} "
                           f"(LLVM {lib_major}); some calls may fail",
                           f"{_PINNED}, or install the libclang bindings matching LLVM {lib_major}"))
    else:
        out.append(Verdict("clang.cindex", OK, f"bindings {bindings}"))
    if info.llvm_home:
        used = [t.name for t in (info.libclang, info.clang_tidy) if t.origin == "LLVM_HOME"]
        if len(used) == 2:
            out.append(Verdict("LLVM_HOME", OK, f"{info.llvm_home} (libclang and clang-tidy come from it)"))
        else:
            missing = [t.name for t in (info.libclang, info.clang_tidy) if t.origin != "LLVM_HOME"]
            out.append(Verdict("LLVM_HOME", WARNING,
                               f"{info.llvm_home} is set but has no {' or '.join(missing)}; using "
                               f"{', '.join(f'{t.name} from {t.origin}' for t in (info.libclang, info.clang_tidy))}",
                               "install LLVM with lib/libclang.so and bin/clang-tidy there, or unset LLVM_HOME"))
    else:
        out.append(Verdict("LLVM_HOME", OK, "not set; " + _origins(info)))
    if info.resource_dir:
        out.append(Verdict("resource dir", OK, info.resource_dir))
    else:
        out.append(Verdict("resource dir", WARNING, "clang's builtin headers (stddef.h) were not found; CANN headers "
                           "that include standard headers will fail", locate.INSTALL_HINT))
    if info.cann_problem:
        out.append(Verdict("CANN", WARNING, info.cann_problem,
                           "set cann_path (or ASCEND_HOME_PATH) to the toolkit root, the folder holding compiler/ "
                           "or <arch>-linux/, e.g. /usr/local/Ascend/ascend-toolkit/latest"))
    elif info.cann_root:
        out.append(Verdict("CANN", OK, f"{info.cann_version or 'unknown version'} at {info.cann_root} "
                           f"(from {info.cann_origin})"))
    else:
        out.append(Verdict("CANN", OK, "not installed or not configured; the bundled header is used"))
    out.append(Verdict("headers", OK, info.headers.describe()))
    chip = soc_table.find(info.soc)
    if chip is None:
        out.append(Verdict("SoC", ERROR, f"unknown soc_version {info.soc!r}",
                           f"use one of {', '.join(soc_table.names())}"))
    else:
        out.append(Verdict("SoC", OK, f"{chip.name} (__NPU_ARCH__ {chip.arch}, UB {chip.ub_bytes // 1024} KiB usable)"))
    out.append(_smoke(info))
    ready, detail, fix = opbuild.describe(opbuild.find(info.cann_root), info.cann_root)
    out.append(Verdict("operator build", WARNING if ready is False else OK, detail, fix))
    return out


def _tool_json(tool: locate.Tool) -> dict[str, Any]:
    return {"path": tool.path, "version": tool.version, "major": tool.major, "origin": tool.origin,
            "error": tool.error}


def report_json(info: ToolchainInfo, results: list[Verdict]) -> dict[str, Any]:
    return {
        "ok": all(v.verdict != ERROR for v in results),
        "libclang": _tool_json(info.libclang),
        "clang_tidy": _tool_json(info.clang_tidy),
        "llvm_major_match": info.llvm_major_match,
        "bindings_version": info.bindings_version,
        "llvm_home": info.llvm_home,
        "resource_dir": info.resource_dir,
        "cann": {"root": info.cann_root, "version": info.cann_version, "origin": info.cann_origin,
                 "problem": info.cann_problem},
        "headers": {"kind": info.headers.kind, "include_dirs": list(info.headers.include_dirs),
                    "defines": list(info.headers.defines), "description": info.headers.describe()},
        "soc": info.soc,
        "checks": [asdict(v) for v in results],
    }


def report_text(results: list[Verdict]) -> str:
    width = max(len(v.name) for v in results)
    lines = []
    for v in results:
        lines.append(f"[{v.verdict:<7}] {v.name:<{width}}  {v.detail}")
        if v.fix and v.verdict != OK:
            lines.append(f"{'':<10}{'':<{width}}  fix: {v.fix}")
    bad = [v for v in results if v.verdict == ERROR]
    warn = [v for v in results if v.verdict == WARNING]
    lines.append("")
    lines.append("C++ checks: " + ("ready" if not bad else f"{len(bad)} error(s)") +
                 (f", {len(warn)} warning(s)" if warn else ""))
    return "\n".join(lines)


def run(argv: list[str]) -> int:
    """Entry point of `pyasc doctor [--json] [PATH] [--soc-version S] [--cann-path P]`."""
    parser = argparse.ArgumentParser(prog="pyasc doctor", description="Show the C++ toolchain the checks use.")
    parser.add_argument("path", nargs="?", default=".", help="file or folder whose [tool.pyasc] settings apply")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--soc-version", help="override soc_version")
    parser.add_argument("--cann-path", help="override cann_path")
    try:
        ns = parser.parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0) if exc.code in (0, None) else 2
    cfg, messages = config_mod.load(Path(ns.path))
    overrides = {k: v for k, v in (("soc_version", ns.soc_version), ("cann_path", ns.cann_path)) if v}
    if overrides:
        cfg, more = config_mod.from_mapping(overrides, cfg)
        messages += more
    info = toolchain_info(cfg)
    results = verdicts(info)
    results += [Verdict("settings", WARNING, m, "fix the [tool.pyasc] table of pyproject.toml") for m in messages]
    if ns.json:
        sys.stdout.write(json.dumps(report_json(info, results), indent=2) + "\n")
    else:
        sys.stdout.write(report_text(results) + "\n")
    return 1 if any(v.verdict == ERROR for v in results) else 0


def main() -> None:
    raise SystemExit(run(sys.argv[1:]))


if __name__ == "__main__":
    main()
