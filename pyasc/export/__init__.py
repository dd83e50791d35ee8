"""`pyasc export`: one pyasc kernel becomes a CANN operator project (kernel, tiling, OpDef, CMake, README).

Everything comes from the one analysis the editor and the compiler use: inputs and outputs from what the kernel
reads and writes, dtypes from dtype inference, the tiling from the host code in the same file that launches the
kernel. What cannot be derived is marked for the user and listed, never guessed.
"""

from __future__ import annotations

import ast
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..compiler.pipeline.analysis import analyze
from ..compiler.pipeline.results import Analysis
from ..compiler.syntax.project import project_reader
from ..config import Config
from . import host_launch, model, readme, render
from .model import ExportError, KernelHasErrors, OpModel

__all__ = ["ExportError", "ExportResult", "KernelHasErrors", "export", "project_files"]


@dataclass
class ExportResult:
    model: OpModel
    plan: host_launch.TilingPlan
    files: dict[str, str]
    """Relative path -> text."""
    todo: list[str] = field(default_factory=list)
    """What the user must fill in (each place is marked in the files)."""
    cpp_findings: list[str] = field(default_factory=list)
    """Errors the C++ check found in the kernel file, one line each ('' means it passed or was not run)."""
    checked_variants: list[dict[str, str]] = field(default_factory=list)
    """The DTYPE_<TENSOR> definitions the kernel file was checked with, one dict per dtype combination."""


def _imported_kernel_module(path: Path, text: str, kernel: str | None,
                            config: Config) -> tuple[Analysis, dict[str, str]] | None:
    """The analysis of the same-project module a host file imports its kernel from (`from mod import k`, or `import
    mod` / `from . import mod` with `mod.k[...]`), with that module's constants as the host file names them (`N`, or
    `mod.N`): the one module that defines `kernel`, or, without --kernel, whose imported names hold a kernel."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return None
    wanted: list[tuple[str, str | None, dict[str, str]]] = []  # (module, its name in the host, {theirs: ours})
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            wanted.append(("." * node.level + node.module, None, {a.name: a.asname or a.name for a in node.names}))
        elif isinstance(node, ast.ImportFrom):  # from . import mod
            wanted.extend(("." * node.level + a.name, a.asname or a.name, {}) for a in node.names)
        elif isinstance(node, ast.Import):
            wanted.extend((a.name, a.asname or a.name, {}) for a in node.names)
    reader = project_reader(path.resolve().parent)
    short = kernel.rsplit(".", 1)[-1] if kernel else None
    found: list[tuple[Analysis, dict[str, str]]] = []
    for module, bound, names in wanted:
        hit = reader(module) if module.strip(".") else None
        if hit is None or ".jit" not in hit[1]:
            continue
        other = analyze(hit[1], hit[0], config)
        kernels = {k.name.rsplit(".", 1)[-1] for k in other.kernels if k.kind == "kernel"}
        if not ((short in kernels) if short else (kernels and (bound is not None or kernels & set(names)))):
            continue
        theirs = host_launch.module_constants(other)
        ours = {f"{bound}.{k}": v for k, v in theirs.items()} if bound is not None else \
            {names[k]: v for k, v in theirs.items() if k in names}
        found.append((other, ours))
    return found[0] if len(found) == 1 else None


def project_files(analysis: Analysis, kernel: str | None, op_name: str, soc_version: str,
                  dtypes: list[str], host: tuple[Analysis, dict[str, str]] | None = None) -> ExportResult:
    """The project's files for `kernel` of an analyzed file, without writing anything; with `host`, the analysis of
    the program that imports the kernel from that file and launches it (the tiling is read from there) and the
    constants it imports with it."""
    info = model.find_kernel(analysis, kernel)
    mine = [d for d in analysis.errors
            if d.kernel in (None, info.name) or info.span.line <= d.span.line <= info.span.end_line]
    if mine:
        first = mine[0]
        raise KernelHasErrors(f"'{info.name}' has errors ({len(mine)}; first: {first.code} at line {first.span.line}: "
                          f"{first.message}); fix them before exporting (pyasc-check shows them all)")
    m = model.build(analysis, info, op_name, dtypes)
    plan = host_launch.plan(host[0], m, host[1]) if host is not None else host_launch.plan(analysis, m)
    snake = m.snake
    host, todo = render.host_cpp(m, plan, soc_version, analysis.path)
    files = {
        f"op_kernel/{snake}/{snake}_kernel.cpp": render.kernel_cpp(analysis, m),
        f"op_kernel/{snake}/{snake}_tiling.h": render.tiling_h(m, analysis.path),
        f"op_host/{snake}/{snake}_host.cpp": host,
        **render.cmake_files(m, soc_version),
    }
    files["README.md"] = readme.readme(m, plan, soc_version, Path(analysis.path).name, todo)
    return ExportResult(m, plan, files, todo)


def variant_defines(m: OpModel) -> list[dict[str, str]]:
    """For each dtype combination, the DTYPE_<TENSOR> macros CANN's op build defines (C++ element types)."""
    from ..language.dtypes import lookup

    out = []
    for col in range(m.variants):
        out.append({t.macro: lookup(t.dtypes[col]).cpp for t in m.tensors})  # type: ignore[union-attr]
    return out


def check_kernel_file(result: ExportResult, out_dir: Path, config: Config) -> list[str]:
    """Parse the exported kernel file with the C++ tier's headers once per dtype combination, with the macros the
    op build defines; the errors found, as `file:line: message`. A missing libclang is one line saying so."""
    from ..toolchain import headers, locate, runner

    lib = locate.find_libclang(None)
    if not lib.ok:
        return [f"the C++ check did not run: {lib.error or 'libclang is unusable'} (pyasc doctor says more)"]
    header_set, _ = headers.select(config)
    m = result.model
    path = out_dir / f"op_kernel/{m.snake}/{m.snake}_kernel.cpp"
    text = path.read_text(encoding="utf-8")
    struct = m.tiling_struct
    # GET_TILING_DATA comes from the op build; REGISTER_TILING_DEFAULT from CANN's own headers
    base = header_set.compile_args() + [
        f"-DGET_TILING_DATA(var, ptr)={struct} var = *reinterpret_cast<__gm__ {struct}*>(ptr)"]
    if header_set.kind == "bundled":
        base.append("-DREGISTER_TILING_DEFAULT(type)=")
    found: list[str] = []
    result.checked_variants = variant_defines(m)
    with tempfile.TemporaryDirectory(prefix="pyasc-export-") as std:
        if header_set.kind == "bundled":
            # the bundled header stands without a C++ standard library; the tiling header's <cstdint> is C's
            (Path(std) / "cstdint").write_text("#pragma once\n#include <stdint.h>\n", encoding="utf-8")
            base += ["-isystem", std]
        for defines in result.checked_variants:
            args = base + [f"-D{k}={v}" for k, v in defines.items()]
            for f in runner.parse(lib, str(path), text, args, locate.resource_dir(lib)):
                if f.severity.name == "ERROR":
                    where = f"{path.name}:{f.line + 1}" if f.line >= 0 else f.where
                    combo = ", ".join(f"{k}={v}" for k, v in defines.items())
                    found.append(f"{where}: {f.message} (with {combo})")
    return found


def export(path: Path, kernel: str | None, op_name: str, out_dir: Path, config: Config,
           dtypes: list[str] | None = None, check_cpp: bool = True) -> ExportResult:
    """Analyze `path`, write the operator project into `out_dir` and check its kernel file.

    `path` may also be a host program that imports its kernel from a module of the same project (`from softmax
    import softmax`, then `softmax[8](x, y)`): the kernel comes from that module, the tiling from the program."""
    text = path.read_text(encoding="utf-8")
    analysis = analyze(text, str(path), config)
    host = None
    if not any(k.kind == "kernel" for k in analysis.kernels):
        imported = _imported_kernel_module(path, text, kernel, config)
        if imported is not None:
            host = (analysis, imported[1])
            analysis = imported[0]
    result = project_files(analysis, kernel, op_name, config.soc_version, list(dtypes or []), host)
    for rel, body in result.files.items():
        target = out_dir / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(body, encoding="utf-8")
    if check_cpp:
        result.cpp_findings = check_kernel_file(result, out_dir, config)
    return result
