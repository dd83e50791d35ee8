"""`pyasc export FILE --op-name AddCustom -o DIR`: write a CANN operator project for one kernel of FILE.

Exit codes: 0 written and its kernel file checked clean, 1 the kernel has errors or its exported C++ does not pass
the C++ check (the project is still written, for reading), 2 usage or a kernel that cannot become an operator.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from ..config import from_mapping, load
from ..export import ExportError, KernelHasErrors, export
from ..language import soc
from .render import write


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="pyasc export", description=(
        "Write a CANN operator project (op_kernel, op_host with the OpDef and tiling function, CMake, README) for "
        "one kernel of a pyasc file. Inputs, outputs and dtypes come from the analysis, the tiling from the host "
        "code in the file that launches the kernel."))
    p.add_argument("file", help="the Python file with the @asc.jit kernel")
    p.add_argument("--kernel", default=None, help="the kernel to export when the file has several (outer.name for "
                   "a kernel nested in a function)")
    p.add_argument("--op-name", required=True, help="the operator type, UpperCamelCase (AddCustom); files use its "
                   "snake case (add_custom)")
    p.add_argument("-o", "--output", required=True, help="the project folder to write")
    p.add_argument("--soc-version", default=None, help=f"target SoC (default {soc.DEFAULT_SOC})")
    p.add_argument("--dtypes", default="", help="for a kernel generic in its dtype: the dtypes the operator "
                   "supports, comma-separated (float16,float32); each is checked")
    p.add_argument("--no-cpp", action="store_true", help="do not check the exported kernel file with libclang")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as exc:
        return int(exc.code or 0) if exc.code in (0, None) else 2
    src = Path(args.file)
    if not src.is_file():
        write(sys.stderr, f"pyasc export: error: {src}: no such file\n")
        return 2
    config, _ = load(src.resolve())
    if args.soc_version is not None:
        config, bad = from_mapping({"soc_version": args.soc_version}, config)
        if bad:
            write(sys.stderr, f"pyasc export: error: --soc-version: {bad[0]}\n")
            return 2
    dtypes = [d.strip() for d in args.dtypes.split(",") if d.strip()]
    out = Path(args.output)
    try:
        result = export(src, args.kernel, args.op_name, out, config, dtypes, check_cpp=not args.no_cpp)
    except ExportError as exc:
        write(sys.stderr, f"pyasc export: error: {exc}\n")
        return 1 if isinstance(exc, KernelHasErrors) else 2
    m = result.model
    write(sys.stdout, f"pyasc export: wrote {len(result.files)} files of operator {m.op_name} to {out}\n")
    write(sys.stdout, f"  inputs: {', '.join(t.name for t in m.inputs) or 'none'}; outputs: "
          f"{', '.join(t.name for t in m.outputs)}; dtypes: "
          + "; ".join(f"{t.name} {'/'.join(t.dtypes)}" for t in m.tensors) + "\n")
    write(sys.stdout, f"  tiling from: {result.plan.source or 'no launch in the file'}\n")
    for t in result.todo:
        write(sys.stdout, f"  to fill in: {t}\n")
    if result.checked_variants and not result.cpp_findings:
        write(sys.stdout, f"  kernel file checked: {len(result.checked_variants)} dtype combination(s), no error\n")
    for f in result.cpp_findings:
        write(sys.stderr, f"pyasc export: C++: {f}\n")
    only_note = len(result.cpp_findings) == 1 and result.cpp_findings[0].startswith("the C++ check did not run")
    return 1 if result.cpp_findings and not only_note else 0
