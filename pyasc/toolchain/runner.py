"""Running the two C++ tools on one translation unit and returning raw findings in that unit's coordinates.

Raw findings carry 0-based line and code-point column in the translation unit; the caller maps them to Python.
A finding clang reports inside a header (a static_assert of the bundled header, a CANN template) is moved to the
last place in the translation unit that led to it (the 'requested here' / 'in instantiation of' notes), because
that is the line the user wrote.
"""

from __future__ import annotations

import bisect
import os
import re
import signal
import subprocess
import threading
import time
from dataclasses import dataclass

from ..compiler.diagnostics.model import Severity
from .locate import Tool


class ToolchainError(RuntimeError):
    """A tool is missing, cannot be loaded, or failed in a way that says nothing about the user's code."""


@dataclass(frozen=True)
class RawFinding:
    line: int
    """0-based line in the translation unit, or -1 when the finding has no place in it."""
    col: int
    """0-based code-point column."""
    severity: Severity
    message: str
    code: str
    source: str
    where: str
    """Human-readable C++ location (file:line:col) for messages of unmapped findings."""


_PRETTY = ((re.compile(r"\b_Float16\b"), "half"), (re.compile(r"\b__bf16\b"), "bfloat16_t"),
           (re.compile(r"\bunsigned char\b"), "uint8_t"), (re.compile(r"\bsigned char\b"), "int8_t"),
           (re.compile(r"\bunsigned short\b"), "uint16_t"), (re.compile(r"(?<!unsigned )\bshort\b"), "int16_t"),
           (re.compile(r"AscendC::check::"), ""))
_STATIC_ASSERT = re.compile(r"^static assertion failed due to requirement '.*?': (?P<text>.+)$", re.DOTALL)
_SPECIALIZATION = re.compile(r"in instantiation of function template specialization '[\w:]+<(?P<args>[^>]*)>'")


def pretty(message: str) -> str:
    """Spell types the way Ascend C code does (`half`, not clang's `_Float16`)."""
    for pattern, repl in _PRETTY:
        message = pattern.sub(repl, message)
    return message


def _char_col(line_text: str, byte_col0: int) -> int:
    """clang columns count UTF-8 bytes; spans count code points."""
    return len(line_text.encode("utf-8")[:max(byte_col0, 0)].decode("utf-8", errors="ignore"))


# ---- libclang ---------------------------------------------------------------------------------------------------
_LOCK = threading.RLock()
"""libclang is driven from one thread at a time (the bindings' global state and the index are not thread-safe)."""
_loaded_path: str | None = None


def _cindex(libclang: Tool):  # noqa: ANN202 - returns the clang.cindex module
    """clang.cindex bound to `libclang` (once per process: the bindings cannot switch libraries)."""
    global _loaded_path
    try:
        import clang.cindex as ci
    except ImportError as exc:
        raise ToolchainError(f"the clang Python bindings are not installed ({exc})") from exc
    if _loaded_path is None:
        if not ci.Config.loaded:
            ci.Config.set_library_file(libclang.path or "")
        try:
            ci.conf.lib  # noqa: B018 - loads the library and checks the bindings against it
        except Exception as exc:  # LibclangError and friends
            raise ToolchainError(f"libclang at {libclang.path} cannot be used by clang.cindex: {exc}") from exc
        _loaded_path = libclang.path
    elif os.path.realpath(_loaded_path) != os.path.realpath(libclang.path or ""):
        raise ToolchainError(f"libclang {libclang.path} was asked for, but {_loaded_path} is already loaded in this "
                             "process (the bindings cannot switch libraries); restart the process")
    return ci


_NOTE_PREFERENCE = ("deduced conflicting", "could not match", "couldn't infer", "invalid explicitly-specified",
                    "no known conversion", "candidate template ignored", "candidate")


def _best_note(notes: list[str]) -> str | None:
    """The candidate note that explains a 'no matching function' best."""
    for wanted in _NOTE_PREFERENCE:
        for text in notes:
            if wanted in text and "requires" not in text:
                return text
    return None


def parse(libclang: Tool, path: str, text: str, args: list[str], resource_dir: str | None) -> list[RawFinding]:
    """Diagnostics of one translation unit (held in memory under `path`)."""
    with _LOCK:
        ci = _cindex(libclang)
    full_args = list(args) + (["-resource-dir", resource_dir] if resource_dir else [])
    # Each kernel is its own unit but keeps every module constant and helper: unused ones are not its problem.
    # A designated initializer (a constexpr MatmulConfig) leaves the fields it omits to their defaults on purpose.
    full_args += ["-Wall", "-Wextra", "-Wno-unused-function", "-Wno-unused-const-variable",
                  "-Wno-missing-field-initializers", "-ferror-limit=0"]
    lines = text.split("\n")
    with _LOCK:
        index = ci.Index.create()
        try:
            # No PARSE_INCOMPLETE: it skips the end-of-unit template instantiation that fires static_asserts.
            tu = index.parse(path, args=full_args, unsaved_files=[(path, text)])
        except ci.TranslationUnitLoadError as exc:
            raise ToolchainError(f"libclang could not parse the generated C++: {exc}") from exc
        raw = []
        for d in tu.diagnostics:
            if d.severity < ci.Diagnostic.Warning:
                continue
            loc = d.location
            file = loc.file.name if loc.file else ""
            children = []
            for c in d.children:
                cfile = c.location.file.name if c.location.file else ""
                children.append((c.spelling, cfile, c.location.line, c.location.column))
            raw.append((d.severity, d.spelling, d.option, file, loc.line, loc.column, children))
        partial = _partial_uses(ci, tu, path)
    out: list[RawFinding] = []
    main = os.path.normcase(os.path.abspath(path))
    for severity, spelling, option, file, line, col, children in raw:
        sev = Severity.ERROR if severity >= ci.Diagnostic.Error else Severity.WARNING
        code = option or ("clang-error" if sev == Severity.ERROR else "clang-warning")
        in_main = bool(file) and os.path.normcase(os.path.abspath(file)) == main
        message = spelling
        note = _best_note([t for t, _, _, _ in children])
        if note and "no matching" in spelling:
            message = f"{spelling}: {note}"
        sa = _STATIC_ASSERT.match(spelling)
        if sa:
            # The header's own words, plus the element type that broke the rule.
            message = sa.group("text")
            spec = next((m for t, _, _, _ in children if (m := _SPECIALIZATION.search(t))), None)
            if spec:
                message += f" (got {spec.group('args').split(',')[0].strip()})"
        where = f"{os.path.basename(file) or '<unknown>'}:{line}:{col}"
        if not in_main:
            # Walk the instantiation/expansion notes back to the user's translation unit.
            in_unit = [(t, ln, cl) for t, f, ln, cl in children if f and os.path.normcase(os.path.abspath(f)) == main]
            hits = [(ln, cl) for t, ln, cl in in_unit if "requested here" in t or "instantiation" in t]
            hits = hits or [(ln, cl) for t, ln, cl in in_unit if not t.startswith("in file included")]
            if hits:
                line, col = hits[0]  # the innermost: the call that instantiated the failing template
                in_main = True
        if in_main and 1 <= line <= len(lines):
            out.append(RawFinding(line - 1, _char_col(lines[line - 1], col - 1), sev, pretty(message), code,
                                  "clang", where))
        else:
            out.append(RawFinding(-1, 0, sev, pretty(message), code, "clang", where))
    for line, col, name, why in partial:
        if 1 <= line <= len(lines):
            message = (f"the bundled header models AscendC::{name} only in part ({why}), so the C++ check of this "
                       "call is partial; CANN's real headers check it in full")
            out.append(RawFinding(line - 1, _char_col(lines[line - 1], col - 1), Severity.INFO, message, PA_PARTIAL,
                                  "pyasc", f"{os.path.basename(path)}:{line}:{col}"))
    return out


PA_PARTIAL = "PA803"
PARTIAL_MARK = "pyasc-partial: "
"""Prefix of the `annotate` attribute the bundled header puts on declarations it models only in part
(`__attribute__((annotate("pyasc-partial: <what is not modelled>")))`)."""


def _partial_uses(ci, tu, path: str) -> list[tuple[int, int, str, str]]:  # noqa: ANN001 - clang.cindex objects
    """(line, column, name, reason) of every use in the unit of a declaration the header marks as partial.

    Read from the AST (declarations' annotate attributes), not from diagnostic text. Each (line, name) once.
    """
    kinds = {ci.CursorKind.DECL_REF_EXPR, ci.CursorKind.MEMBER_REF_EXPR, ci.CursorKind.TYPE_REF,
             ci.CursorKind.TEMPLATE_REF}
    main = os.path.normcase(os.path.abspath(path))
    reasons: dict[int, str | None] = {}
    out: list[tuple[int, int, str, str]] = []
    seen: set[tuple[int, str]] = set()

    def reason(decl) -> str | None:  # noqa: ANN001
        key = decl.hash
        if key not in reasons:
            found = None
            node = decl
            while node is not None and node.kind not in (ci.CursorKind.NAMESPACE, ci.CursorKind.TRANSLATION_UNIT):
                for attr in node.get_children():
                    if attr.kind == ci.CursorKind.ANNOTATE_ATTR and attr.spelling.startswith(PARTIAL_MARK):
                        found = f"{node.spelling}: {attr.spelling[len(PARTIAL_MARK):]}"
                        break
                if found:
                    break
                node = node.semantic_parent
            reasons[key] = found
        return reasons[key]

    def walk(cursor) -> None:  # noqa: ANN001
        for child in cursor.get_children():
            if child.kind in kinds:
                decl = child.referenced
                why = reason(decl) if decl is not None else None
                if why is not None:
                    name, _, text = why.partition(": ")
                    loc = child.location
                    if (loc.line, name) not in seen:
                        seen.add((loc.line, name))
                        out.append((loc.line, loc.column, name, text))
            walk(child)

    for top in tu.cursor.get_children():
        file = top.location.file
        if file is not None and os.path.normcase(os.path.abspath(file.name)) == main:
            walk(top)
    return out


# ---- clang-tidy -------------------------------------------------------------------------------------------------
def fixes_path(path: str) -> str:
    """Where clang-tidy writes its structured report (`--export-fixes`) for the unit at `path`."""
    return f"{path}.tidy.yaml"


def tidy_command(tidy: Tool, path: str, args: list[str], checks: str | None, config_file: str | None) -> list[str]:
    cmd = [tidy.path or "clang-tidy", "--quiet", "--use-color=false", f"--export-fixes={fixes_path(path)}"]
    if config_file:
        cmd.append(f"--config-file={config_file}")
    if checks:
        cmd.append(f"--checks={checks}")
    cmd += [path, "--", *args]
    return cmd


def start_tidy(cmd: list[str]) -> subprocess.Popen[bytes]:
    try:
        # Own session: a timeout can then stop the tool together with anything it started. The findings come from
        # the --export-fixes file, so the text on stdout is not kept.
        return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                start_new_session=os.name == "posix")
    except OSError as exc:
        raise ToolchainError(f"cannot run {cmd[0]}: {exc}") from exc


def stop(proc: subprocess.Popen[bytes]) -> None:
    """Kill a tool started by start_tidy (its whole process group on POSIX) and reap it."""
    try:
        if os.name == "posix":
            os.killpg(proc.pid, signal.SIGKILL)
        else:
            proc.kill()
    except (ProcessLookupError, PermissionError):
        pass
    proc.communicate()


def _read_fixes(report: str) -> list[dict[str, object]] | None:
    """The `Diagnostics` list of a clang-tidy --export-fixes report, or None when there is no readable report."""
    try:
        import yaml
    except ImportError as exc:
        raise ToolchainError(f"PyYAML is needed to read clang-tidy's --export-fixes report ({exc})") from exc
    try:
        with open(report, encoding="utf-8", errors="replace") as fh:
            data = yaml.load(fh, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except (OSError, yaml.YAMLError):
        return None
    if data is None:
        return []  # clang-tidy writes an empty document when nothing was found
    found = data.get("Diagnostics") if isinstance(data, dict) else None
    return [d for d in found if isinstance(d, dict)] if isinstance(found, list) else []


def finish_tidy(proc: subprocess.Popen[bytes], path: str, text: str, deadline: float) -> list[RawFinding]:
    """Wait for one clang-tidy process (killing it at `deadline`) and read its --export-fixes report for `path`."""
    try:
        _, err = proc.communicate(timeout=max(0.1, deadline - time.monotonic()))
    except subprocess.TimeoutExpired:
        stop(proc)
        raise ToolchainError("clang-tidy did not finish in time (raise the timeout, or narrow the checks)") from None
    report = fixes_path(path)
    entries = _read_fixes(report) if os.path.exists(report) else None
    try:
        os.remove(report)  # a later run on the same path must not read this report
    except OSError:
        pass
    if entries is None:
        if proc.returncode in (0, 1):
            return []  # nothing to report: clang-tidy writes no file when no check fired
        raise ToolchainError(f"clang-tidy failed (exit {proc.returncode}): "
                             f"{err.decode('utf-8', errors='replace').strip()[:300]}")
    data = text.encode("utf-8")
    line_starts = [0] + [i + 1 for i, b in enumerate(data) if b == 0x0A]
    main = os.path.normcase(os.path.realpath(path))
    found: list[RawFinding] = []
    for entry in entries:
        check = str(entry.get("DiagnosticName") or "clang-tidy")
        if check.startswith("clang-diagnostic-"):
            continue  # compiler diagnostics come from libclang, once
        msg = entry.get("DiagnosticMessage")
        if not isinstance(msg, dict) or not msg.get("FilePath"):
            continue
        if os.path.normcase(os.path.realpath(str(msg["FilePath"]))) != main:
            continue
        offset = msg.get("FileOffset")
        if not isinstance(offset, int) or not 0 <= offset <= len(data):
            continue
        line = bisect.bisect_right(line_starts, offset) - 1
        col = len(data[line_starts[line]:offset].decode("utf-8", errors="ignore"))
        sev = Severity.ERROR if str(entry.get("Level", "")).lower() == "error" else Severity.WARNING
        where = f"{os.path.basename(path)}:{line + 1}:{col + 1}"
        found.append(RawFinding(line, col, sev, pretty(str(msg.get("Message", ""))), check, "clang-tidy", where))
    return found


__all__ = ["PARTIAL_MARK", "PA_PARTIAL", "RawFinding", "ToolchainError", "finish_tidy", "fixes_path", "parse", "pretty",
           "start_tidy", "tidy_command"]
