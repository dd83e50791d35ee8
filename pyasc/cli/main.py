"""`pyasc`: the compiler command, and the host of the `doctor`, `check`, `export` and `run` subcommands.

    pyasc --input my_vec_add.py --output vec_add.kernel --soc-version ascend910 [--keep-intermediate]

It analyzes the file (the same `analyze` the editor and pyasc-check use), prints diagnostics like a compiler,
and on success writes the output: with CANN installed (ASCEND_HOME_PATH), a kernel binary built by bisheng; without
it, an executable that runs the kernel on the simulator.  Exit codes: 0 ok, 1 errors in the input, 2 usage.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path

from .. import __version__
from ..compiler.diagnostics.model import Diagnostic, Severity
from ..compiler.pipeline.analysis import analyze
from ..config import CANN_VERSIONS, Config, from_mapping, load
from ..language import soc
from ..log import set_log_level
from .render import render_text, summary_line, use_color, write

SUBCOMMANDS = ("doctor", "check", "export", "run")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="pyasc",
        description="Compile a pyasc kernel file to Ascend C and a runnable kernel. "
        "Subcommands: 'pyasc doctor' (toolchain report), 'pyasc check' (same as pyasc-check), "
        "'pyasc export' (a CANN operator project from a kernel), "
        "'pyasc run FILE | -m MODULE' (run a program written for CANN's pyasc on the simulator).",
    )
    p.add_argument("--version", action="version", version=f"pyasc {__version__}")
    p.add_argument("--input", "-i", required=True, help="the Python file with @asc.jit kernels")
    p.add_argument("--output", "-o", required=True, help="the kernel to write (e.g. vec_add.kernel)")
    p.add_argument("--soc-version", default=None, help=f"target SoC (default {soc.DEFAULT_SOC}; "
                   f"known: {', '.join(soc.names())})")
    p.add_argument("--cann-version", default=None, metavar="VERSION",
                   help=f"the CANN pyasc release the program must keep to ({', '.join(CANN_VERSIONS)}): 1.1.1 makes "
                        "an API known only by rule the error that release gives (PA206), latest (the default) an "
                        "info (overrides [tool.pyasc] cann_version)")
    p.add_argument("--kernel", default=None,
                   help="build this kernel alone (with the helpers it calls); outer.name selects one defined in "
                        "the function outer where several share a name")
    p.add_argument("--keep-intermediate", action="store_true",
                   help="keep the generated C++ beside the output, its suffix replaced by .cpp (-o "
                        "softmax.kernel keeps softmax.cpp), and its source map as softmax.cpp.map")
    p.add_argument("--log-level", default=None, choices=["debug", "info", "warning", "error"],
                   help="debug shows the C++ emitted for every statement")
    p.add_argument("--profile", action="store_true", help="the built kernel prints a profile after each run")
    p.add_argument("--block-dim", type=int, default=None, help="the simulator executable's default core count "
                   "(default: the one the file's own launches of the kernel use, else 1)")
    p.add_argument("--no-cpp", action="store_true", help="skip the libclang/clang-tidy checks of the generated C++")
    p.add_argument("--tidy-checks", default=None, help="clang-tidy checks, in clang-tidy's --checks syntax")
    p.add_argument("--color", default="auto", choices=["auto", "always", "never"])
    p.add_argument("--const", action="append", default=[], metavar="NAME=VALUE",
                   help="the value of the kernel's ConstExpr parameter NAME in the generated C++ (repeatable; "
                        "without it, a launch in the file with a literal value, else 1 / 1.0 / False)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    if args_list and args_list[0] in SUBCOMMANDS:
        return _subcommand(args_list[0], args_list[1:])
    parser = build_parser()
    try:
        args = parser.parse_args(args_list)
    except SystemExit as exc:
        return int(exc.code or 0) if exc.code in (0, None) else 2
    if args.log_level:
        set_log_level(args.log_level.upper())
    color = use_color(sys.stderr, args.color)
    src = Path(args.input)
    config, errors = load(src.resolve())
    overrides: dict[str, object] = {}
    if args.soc_version is not None:
        overrides["soc_version"] = args.soc_version
    if args.cann_version is not None:
        overrides["cann_version"] = args.cann_version
    if args.tidy_checks is not None:
        overrides["tidy_checks"] = args.tidy_checks
    config, more = from_mapping(overrides, config)
    consts: dict[str, str] = {}
    for item in args.const:
        name, sep, value = item.partition("=")
        if not sep or not name.strip().isidentifier() or not value.strip():
            write(sys.stderr, f"pyasc: error: --const: expected NAME=VALUE, got {item!r}\n")
            return 2
        consts[name.strip()] = value.strip()
    if consts:
        config = replace(config, consts=consts)
    for key, flag in (("soc_version", "--soc-version"), ("cann_version", "--cann-version")):
        bad = [e for e in more if key in e]
        if bad:
            write(sys.stderr, f"pyasc: error: {flag}: {bad[0]}\n")
            return 2
    for e in errors + more:
        write(sys.stderr, f"pyasc: warning: {e}\n")
    try:
        text = src.read_text(encoding="utf-8")
    except FileNotFoundError:
        write(sys.stderr, f"pyasc: error: --input: no such file: {src}\n")
        return 2
    except (OSError, UnicodeDecodeError) as exc:
        write(sys.stderr, f"pyasc: error: cannot read {src}: {exc}\n")
        return 2
    analysis = analyze(text, str(src), config, kernel=args.kernel)
    if args.kernel is not None and not analysis.kernels:
        kernels = [k.name for k in analyze(text, str(src), config).kernels if k.kind == "kernel"]
        write(sys.stderr, f"pyasc: error: --kernel: no kernel '{args.kernel}' in {src} "
              f"(kernels: {', '.join(kernels)}; where a name repeats, give outer.name)\n")
        return 2
    diags = list(analysis.diagnostics)
    if not args.no_cpp and analysis.kernels:  # per kernel: those with Python-side errors are left out
        diags.extend(_cpp_checks(analysis, config))
    diags.sort(key=Diagnostic.sort_key)
    shown = str(src)
    counts: dict[Severity, int] = {}
    for d in diags:
        counts[d.severity] = counts.get(d.severity, 0) + 1
        write(sys.stderr, render_text(d, shown, text, color) + "\n")
    if any(d.severity == Severity.ERROR for d in diags):
        write(sys.stderr, summary_line(counts, 1, 1, color) + "\n")
        return 1
    kernels = [k for k in analysis.kernels if k.kind == "kernel"]
    if not kernels:
        write(sys.stderr, f"pyasc: error: {src} has no @asc.jit kernel\n")
        return 1
    if args.kernel is not None:
        kernel = kernels[0]
    elif len(kernels) > 1:
        write(sys.stderr, f"pyasc: error: {src} has several kernels; choose one with --kernel "
              f"({', '.join(k.name for k in kernels)})\n")
        return 2
    else:
        kernel = kernels[0]
    out = Path(args.output)
    if args.keep_intermediate:
        _keep(analysis.cpp, analysis.sourcemap.to_v3(str(src), out.with_suffix(".cpp").name, text), out)
    return _build(src, out, kernel.name, config, args.profile, analysis.cpp, bool(args.keep_intermediate),
                  args.block_dim, kernel.auto_sync)


def _subcommand(name: str, argv: list[str]) -> int:
    if name == "doctor":
        from ..toolchain.doctor import run

        return run(argv)
    if name == "export":
        from .export import main as export_main

        return export_main(argv)
    if name == "run":
        from .run import main as run_main

        return run_main(argv)
    from .check import main as check_main

    return check_main(argv)


def _cpp_checks(analysis: object, config: Config) -> list[Diagnostic]:
    """The C++ tier, when its toolchain is importable (it reports its own absence as a finding)."""
    try:
        from ..toolchain import check_cpp
    except ImportError as exc:
        write(sys.stderr, f"pyasc: note: C++ checks skipped: {exc}\n")
        return []
    return list(check_cpp(analysis, config))  # type: ignore[arg-type]


def _keep(cpp: str, v3: str, out: Path) -> None:
    cpp_path = out.with_suffix(".cpp")
    cpp_path.parent.mkdir(parents=True, exist_ok=True)
    cpp_path.write_text(cpp, encoding="utf-8")
    Path(str(cpp_path) + ".map").write_text(v3, encoding="utf-8")
    write(sys.stderr, f"pyasc: kept {cpp_path} and {cpp_path}.map\n")


def _build(src: Path, out: Path, kernel: str, config: Config, profile: bool, cpp: str, kept: bool,
           block_dim: int | None = None, auto_sync: bool = True) -> int:
    """CANN present: bisheng builds the kernel; otherwise the output runs the kernel on the simulator."""
    from ..toolchain.headers import cann_root_setting, find_cann

    root, _origin = cann_root_setting(config)
    cann = find_cann(root)[0] if root else None
    out.parent.mkdir(parents=True, exist_ok=True)
    if cann is not None:
        return _build_bisheng(src, out, kernel, config, cpp, cann, kept, auto_sync)
    from ..compiler.checks.hostcheck import default_block_dim
    from ..sim.launcher import write_executable

    if block_dim is not None:
        dim, origin = block_dim, "pyasc --block-dim"
    else:
        dim, origin = default_block_dim(src.read_text(encoding="utf-8"), str(src), kernel)
    write_executable(src, out, kernel, config.soc_version, profile=profile, block_dim=dim,
                     block_dim_origin=origin if dim else "")
    cores = f"{dim} cores by default ({origin})" if dim else f"1 core by default ({origin}; pass --block-dim N)"
    write(sys.stderr, f"pyasc: wrote {out} (runs '{kernel}' on the simulator, {cores}; no CANN found)\n")
    return 0


def _build_bisheng(src: Path, out: Path, kernel: str, config: Config, cpp: str, cann: object, kept: bool,
                   auto_sync: bool) -> int:
    """bisheng with --cce-auto-sync only for a kernel that asks for the compiler's synchronization (the default);
    one written with @asc.jit(auto_sync=False) synchronizes by hand."""
    import subprocess
    import tempfile

    from ..sim.launcher import bisheng_command

    with tempfile.TemporaryDirectory(prefix="pyasc-build-") as tmp:
        cpp_path = out.with_suffix(".cpp") if kept else Path(tmp) / f"{kernel}.cpp"
        cpp_path.write_text(cpp, encoding="utf-8")
        cmd = bisheng_command(cpp_path, out, config.soc_version, auto_sync)
        write(sys.stderr, "pyasc: " + " ".join(cmd) + "\n")
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600, check=False,
                                  env={**os.environ})
        except (OSError, subprocess.TimeoutExpired) as exc:
            write(sys.stderr, f"pyasc: error: bisheng failed to run: {exc}\n")
            return 1
        write(sys.stderr, proc.stderr)
        return 0 if proc.returncode == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
