"""The C++ tier: libclang and clang-tidy on the generated Ascend C, every finding mapped back to the Python line.

Each kernel is checked as its own translation unit: the generated file with the *other* kernels cut out (shared
prologue, constants and helpers stay). Its results are cached under the unit's text, the headers in use, the
checks and the tool versions, so editing one kernel re-checks only that kernel.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import tempfile
import threading
import time
from collections import OrderedDict
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path

from ..compiler.codegen.sourcemap import MapFlag
from ..compiler.diagnostics.model import Diagnostic, Related, Severity, is_suppressed, suppressions
from ..compiler.pipeline.results import Analysis, KernelInfo
from ..config import Config
from . import headers as header_sel
from . import locate, runner
from .runner import PA_PARTIAL, RawFinding, ToolchainError

DEFAULT_CHECKS = ",".join([
    "-*",
    "bugprone-*",
    # Kernel signatures always have several GM_ADDR parameters in a row.
    "-bugprone-easily-swappable-parameters",
    # `x_gm[i * TILE]` widens an int32_t product to the uint64_t offset on every generated index.
    "-bugprone-implicit-widening-of-multiplication-result",
    "-bugprone-reserved-identifier",
    # `mean = acc.get_value(0) / cols` is ordinary Python; its C++ converts the int32_t count to float implicitly.
    "-bugprone-narrowing-conversions",
    "performance-*",
    # Helpers take tensors by value when the Python code does; the user cannot change that.
    "-performance-unnecessary-value-param",
    "readability-else-after-return",
    "readability-simplify-boolean-expr",
    "readability-redundant-control-flow",
    "readability-redundant-declaration",
    "readability-misleading-indentation",
    "readability-duplicate-include",
    "readability-suspicious-call-argument",
    "readability-static-accessed-through-instance",
    "misc-redundant-expression",
])
"""clang-tidy checks run when neither the settings nor a .clang-tidy file say otherwise. No naming or
identifier-length rules (the generated code keeps the Python names on purpose), no magic-number rule, and
nothing the generator's own idioms (static_cast to the element type, C-style GM_ADDR casts) always trip."""

PA_UNMAPPED = "PA801"
PA_TOOLCHAIN = "PA802"
PA_INTERNAL = "PA901"
_CACHE_SIZE = 256


@dataclass(frozen=True)
class _Unit:
    """One kernel's translation unit: text plus the pieces of the full generated file it was cut from."""

    kernel: KernelInfo
    text: str
    pieces: tuple[tuple[int, int, int], ...]
    """(unit offset, full offset, length) of each copied piece."""

    def to_full(self, offset: int) -> int:
        """Unit offset -> offset in the full generated file (the end of the unit maps to the end of its piece)."""
        for unit_off, full_off, length in self.pieces:
            if unit_off <= offset < unit_off + length:
                return full_off + (offset - unit_off)
        if not self.pieces:
            return offset
        unit_off, full_off, length = self.pieces[-1]
        return full_off + min(max(offset - unit_off, 0), length)


class _Cache:
    """Bounded LRU of raw findings per translation unit; shared by every caller in the process."""

    def __init__(self, size: int = _CACHE_SIZE) -> None:
        self._data: OrderedDict[str, list[RawFinding]] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: str) -> list[RawFinding] | None:
        with self._lock:
            value = self._data.get(key)
            if value is None:
                self.misses += 1
                return None
            self._data.move_to_end(key)
            self.hits += 1
            return value

    def put(self, key: str, value: list[RawFinding]) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self._size:
                self._data.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self.hits = self.misses = 0


CACHE = _Cache()


# ---- configuration of the checks --------------------------------------------------------------------------------
def find_clang_tidy_config(python_path: str) -> str | None:
    """The nearest `.clang-tidy` at or above the Python file (the project's own clang-tidy settings)."""
    if not python_path or python_path.startswith("<"):
        return None
    start = Path(python_path).expanduser()
    folder = start if start.is_dir() else start.parent
    try:
        folder = folder.resolve()
    except OSError:
        return None
    for candidate_dir in (folder, *folder.parents):
        candidate = candidate_dir / ".clang-tidy"
        if candidate.is_file():
            return str(candidate)
    return None


def tidy_settings(analysis_path: str, config: Config) -> tuple[str | None, str | None]:
    """(--checks value, --config-file value): settings win, then .clang-tidy, then DEFAULT_CHECKS.

    With both a setting and a .clang-tidy, the file is read and the setting is applied on top of it (clang-tidy's
    own rule for --checks with a configuration file).
    """
    config_file = find_clang_tidy_config(analysis_path)
    if config.tidy_checks:
        return config.tidy_checks, config_file
    if config_file:
        return None, config_file
    return DEFAULT_CHECKS, None


# ---- translation units ------------------------------------------------------------------------------------------
def _units(analysis: Analysis) -> list[_Unit]:
    cpp = analysis.cpp
    ranged = [k for k in analysis.kernels if k.cpp_end > k.cpp_start]
    entries = [k for k in ranged if k.kind != "helper"]
    if not entries:
        owner = analysis.kernels[0]
        return [_Unit(owner, cpp, ((0, 0, len(cpp)),))]
    units = []
    for kernel in entries:
        cut = sorted((k.cpp_start, k.cpp_end) for k in entries if k is not kernel)
        pieces: list[tuple[int, int, int]] = []
        parts: list[str] = []
        pos = unit_pos = 0
        for start, end in [*cut, (len(cpp), len(cpp))]:
            if start > pos:
                parts.append(cpp[pos:start])
                pieces.append((unit_pos, pos, start - pos))
                unit_pos += start - pos
            pos = max(pos, end)
        units.append(_Unit(kernel, "".join(parts), tuple(pieces)))
    return units


def _unit_key(unit: _Unit, header_set: header_sel.HeaderSet, checks: str | None, config_text: str,
              tools: tuple[str, ...], what: str) -> str:
    h = hashlib.sha256()
    for part in (what, unit.text, header_set.kind, header_set.fingerprint, "\0".join(header_set.compile_args()),
                 checks or "", config_text, *tools):
        h.update(part.encode("utf-8", "surrogatepass"))
        h.update(b"\0")
    return h.hexdigest()


# ---- mapping ----------------------------------------------------------------------------------------------------
def _line_starts(text: str) -> list[int]:
    starts = [0]
    for i, ch in enumerate(text):
        if ch == "\n":
            starts.append(i + 1)
    return starts


def _owner(analysis: Analysis, offset: int, default: KernelInfo) -> KernelInfo:
    hits = [k for k in analysis.kernels if k.cpp_start <= offset < k.cpp_end]
    return min(hits, key=lambda k: k.cpp_end - k.cpp_start) if hits else default


def _map(analysis: Analysis, unit: _Unit, finding: RawFinding, unit_lines: list[int]) -> tuple[Diagnostic, int]:
    """A Diagnostic on the Python span of the finding, or on the kernel's name (PA801) when nothing maps."""
    smap = analysis.sourcemap
    if finding.line >= 0:
        unit_off = unit_lines[min(finding.line, len(unit_lines) - 1)] + finding.col
        full_off = unit.to_full(unit_off)
        pos = smap.position(full_off)
        seg = smap.to_python_at(pos.line, pos.col, MapFlag.DIAGNOSTICS)
        owner = _owner(analysis, full_off, unit.kernel)
        if seg is not None:
            return Diagnostic(finding.code, finding.severity, finding.message, seg.python, finding.source,
                              kernel=owner.name), full_off
        where = f"generated C++ line {pos.line + 1}, column {pos.col + 1}"
    else:
        full_off, owner = -1, unit.kernel
        where = f"{finding.where} of the headers"
    message = f"{finding.message} [{finding.code}] (at {where}; no single Python statement produced it)"
    return Diagnostic(PA_UNMAPPED, finding.severity, message, owner.name_span, finding.source,
                      kernel=owner.name), full_off


PYTHON_EQUIVALENT = {
    "-Wunused-variable": "PA701",
    "-Wunused-but-set-variable": "PA701",
    "-Wunused-parameter": "PA702",
}
"""C++ warnings that restate a Python-side check: reported only when the Python side did not already report the
same span, and silenced by the Python code's suppression comment too."""


def _kernels_with_python_errors(analysis: Analysis) -> set[str]:
    """Kernels whose C++ is incomplete because the Python side found errors in them."""
    out = set()
    for d in analysis.diagnostics:
        if d.severity < Severity.ERROR:
            continue
        if d.kernel:
            out.add(d.kernel)
            continue
        owner = analysis.kernel_at(d.span.line)
        if owner is not None:
            out.add(owner.name)
    return out


def _apply_user_settings(diags: list[Diagnostic], analysis: Analysis, config: Config) -> list[Diagnostic]:
    """`# pyasc: ignore[code]` comments and per-code severity settings, as for the Python-side checks."""
    table = suppressions(analysis.text)
    names = {"error": Severity.ERROR, "warning": Severity.WARNING, "info": Severity.INFO, "hint": Severity.HINT}
    python_side = {(d.code, d.span) for d in analysis.diagnostics}
    python_error_lines = {d.span.line for d in analysis.diagnostics if d.severity >= Severity.ERROR}
    incomplete = _kernels_with_python_errors(analysis)
    out = []
    for d in diags:
        if is_suppressed(d, table):
            continue
        if d.source in ("clang", "clang-tidy") and d.severity < Severity.ERROR and d.kernel in incomplete:
            continue  # warnings about C++ the generator could only partly emit (unused names, ...) are artifacts
        if d.source == "clang" and d.severity >= Severity.ERROR and d.span.line in python_error_lines:
            continue  # the Python side already explains this line's error, more precisely
        twin = PYTHON_EQUIVALENT.get(d.code)
        if twin is not None and ((twin, d.span) in python_side or is_suppressed(replace(d, code=twin), table)):
            continue
        level = config.severity.get(d.code)
        if level == "off":
            continue
        if level in names:
            d = d.with_severity(names[level])
        out.append(d)
    return out


def toolchain_diagnostic(analysis: Analysis, problems: list[str], partial: bool = False) -> Diagnostic:
    """The one PA802 for a missing or broken toolchain, on the first kernel's def line."""
    kernel = analysis.kernels[0]
    head = "C++ checks ran only in part" if partial else "C++ checks did not run"
    message = (f"{head}: " + "; ".join(problems) +
               f". Install the tools with: {locate.INSTALL_HINT}; `pyasc doctor` shows what is in use.")
    return Diagnostic(PA_TOOLCHAIN, Severity.WARNING, message, kernel.name_span, "pyasc", kernel=kernel.name)


# ---- the entry point --------------------------------------------------------------------------------------------
def check_cpp(analysis: Analysis, config: Config, *, timeout: float = 30.0, libclang: str | None = None,
              clang_tidy: str | None = None) -> list[Diagnostic]:
    """libclang and clang-tidy findings for every kernel of `analysis`, on Python spans. Never raises.

    `libclang` / `clang_tidy` override where the tools are looked for (as do $PYASC_LIBCLANG and
    $PYASC_CLANG_TIDY); a missing or broken tool yields one PA802 diagnostic instead of findings from it.
    """
    if not config.cpp_checks or not analysis.kernels or not analysis.cpp.strip():
        return []
    try:
        return _check(analysis, config, timeout, libclang, clang_tidy)
    except Exception as exc:  # a bug here must not take the CLI or the language server down
        kernel = analysis.kernels[0]
        return [Diagnostic(PA_INTERNAL, Severity.ERROR, f"internal error in the C++ checks: {type(exc).__name__}: "
                           f"{exc}; the Python-side checks still ran. Please report it with this file.",
                           kernel.name_span, "pyasc", kernel=kernel.name)]


def _check(analysis: Analysis, config: Config, timeout: float, libclang: str | None,
           clang_tidy: str | None) -> list[Diagnostic]:
    deadline = time.monotonic() + timeout
    problems: list[str] = []
    lib_tool = locate.find_libclang(libclang)
    tidy_tool = locate.find_clang_tidy(clang_tidy)
    if not lib_tool.ok:
        problems.append(lib_tool.error or "libclang is unusable")
    if not tidy_tool.ok:
        problems.append(tidy_tool.error or "clang-tidy is unusable")
    header_set, _ = header_sel.select(config)  # an unusable CANN root is reported by `pyasc doctor`
    res_dir = locate.resource_dir(lib_tool) if lib_tool.ok else None
    checks, config_file = tidy_settings(analysis.path, config)
    config_text = ""
    if config_file:
        try:
            config_text = Path(config_file).read_text(encoding="utf-8", errors="replace")
        except OSError:
            config_text = ""
    args = header_set.compile_args()
    tools = (f"{lib_tool.path}:{lib_tool.version}", f"{tidy_tool.path}:{tidy_tool.version}", res_dir or "")
    # Per kernel: a kernel whose Python side found an error has incomplete C++, and clang would only restate that
    # error on lines where the mistake is not; every other kernel is checked (the same in all three consumers).
    incomplete = _kernels_with_python_errors(analysis)
    units = [u for u in _units(analysis) if u.kernel.name not in incomplete]
    if not units:
        return []

    results: dict[int, list[RawFinding]] = {i: [] for i in range(len(units))}
    pending_parse: list[int] = []
    pending_tidy: list[int] = []
    keys: dict[tuple[int, str], str] = {}
    ran: set[str] = set()
    for i, unit in enumerate(units):
        for what, tool in (("clang", lib_tool), ("clang-tidy", tidy_tool)):
            if not tool.ok:
                continue
            key = _unit_key(unit, header_set, checks if what == "clang-tidy" else None,
                            config_text if what == "clang-tidy" else "", tools, what)
            keys[(i, what)] = key
            cached = CACHE.get(key)
            if cached is not None:
                results[i].extend(cached)
                ran.add(what)
            elif what == "clang":
                pending_parse.append(i)
            else:
                pending_tidy.append(i)

    if pending_parse or pending_tidy:
        try:
            with tempfile.TemporaryDirectory(prefix="pyasc-cpp-") as tmp:
                _run_pending(units, pending_parse, pending_tidy, tmp, lib_tool, tidy_tool, args, res_dir, checks,
                             config_file, deadline, keys, results, problems, ran)
        except OSError as exc:
            problems.append(f"cannot use a temporary folder: {exc}")

    diags: list[Diagnostic] = []
    seen: set[tuple[int, str, str, str]] = set()
    for i, unit in enumerate(units):
        unit_lines = _line_starts(unit.text)
        for finding in results[i]:
            diag, full_off = _map(analysis, unit, finding, unit_lines)
            key = (full_off, diag.code, diag.message, diag.source)
            if full_off >= 0 and key in seen:
                continue  # shared prologue or helper seen through another kernel's unit
            seen.add(key)
            diags.append(diag)
    if problems:
        diags.insert(0, toolchain_diagnostic(analysis, sorted(set(problems), key=problems.index), bool(ran)))
    diags = _apply_user_settings(diags, analysis, config)
    diags.sort(key=Diagnostic.sort_key)
    return _one_partial_note_per_kernel(diags)


def _one_partial_note_per_kernel(diags: list[Diagnostic]) -> list[Diagnostic]:
    """PA803 says the same of every call of one partly modelled declaration: once per kernel and message, on its
    first call, with the other calls as related locations (seven identical notes on one Matmul object said nothing
    the first did not)."""
    first: dict[tuple[str | None, str], int] = {}
    others: dict[int, list[Related]] = {}
    out: list[Diagnostic] = []
    for d in diags:
        if d.code != PA_PARTIAL:
            out.append(d)
            continue
        key = (d.kernel, d.message)
        if key in first:
            others[first[key]].append(Related(d.span, "another call of it, checked in part as well"))
            continue
        first[key] = len(out)
        others[len(out)] = []
        out.append(d)
    for i, related in others.items():
        if related:
            out[i] = replace(out[i], related=out[i].related + tuple(related))
    return out


def _run_pending(units: list[_Unit], pending_parse: list[int], pending_tidy: list[int], tmp: str,
                 lib_tool: locate.Tool, tidy_tool: locate.Tool, args: list[str], res_dir: str | None,
                 checks: str | None, config_file: str | None, deadline: float, keys: dict[tuple[int, str], str],
                 results: dict[int, list[RawFinding]], problems: list[str], ran: set[str]) -> None:
    """Run the uncached tools: clang-tidy processes in the background (two at a time) while libclang parses."""
    paths = {}
    for i in set(pending_parse) | set(pending_tidy):
        path = os.path.join(tmp, f"kernel_{i}.cpp")
        with open(path, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(units[i].text)
        paths[i] = path
    width = max(1, min(2, os.cpu_count() or 1))
    queue = list(pending_tidy)
    running: list[tuple[int, subprocess.Popen[bytes]]] = []
    tidy_failed = False

    def launch() -> None:
        nonlocal tidy_failed
        while queue and len(running) < width and not tidy_failed:
            i = queue.pop(0)
            try:
                cmd = runner.tidy_command(tidy_tool, paths[i], args, checks, config_file)
                running.append((i, runner.start_tidy(cmd)))
            except ToolchainError as exc:
                problems.append(str(exc))
                tidy_failed = True

    try:
        launch()
        for i in pending_parse:
            try:
                found = runner.parse(lib_tool, paths[i], units[i].text, args, res_dir)
            except ToolchainError as exc:
                problems.append(str(exc))
                break
            CACHE.put(keys[(i, "clang")], found)
            results[i].extend(found)
            ran.add("clang")
        while running:
            i, proc = running.pop(0)
            try:
                found = runner.finish_tidy(proc, paths[i], units[i].text, deadline)
            except ToolchainError as exc:
                problems.append(str(exc))
                break
            CACHE.put(keys[(i, "clang-tidy")], found)
            results[i].extend(found)
            ran.add("clang-tidy")
            launch()
    finally:
        for _, proc in running:  # stopped early (an error, a timeout): leave no process behind
            runner.stop(proc)


class CppChecker:
    """A small worker pool running check_cpp off the caller's thread (the language server's request path)."""

    def __init__(self, workers: int = 1, timeout: float = 30.0) -> None:
        self._pool = ThreadPoolExecutor(max_workers=max(1, workers), thread_name_prefix="pyasc-cpp")
        self._timeout = timeout
        self._closed = False

    def submit(self, analysis: Analysis, config: Config) -> Future[list[Diagnostic]]:
        if self._closed:
            raise RuntimeError("CppChecker is closed")
        return self._pool.submit(check_cpp, analysis, config, timeout=self._timeout)

    def close(self) -> None:
        self._closed = True
        self._pool.shutdown(wait=True, cancel_futures=True)

    def __enter__(self) -> CppChecker:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


__all__ = ["CACHE", "DEFAULT_CHECKS", "CppChecker", "check_cpp", "find_clang_tidy_config", "tidy_settings",
           "toolchain_diagnostic"]
