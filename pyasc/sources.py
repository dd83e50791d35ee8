"""Finding and reading the user's Python files, without ever crashing on what a file system can hold.

pyasc-check walks the folders it is given with it, and so does the language server's start-up worker (the kernel
files it analyzes ahead): both skip the same folders and see the same files.

Unreadable files, binary files, text that is not valid in its encoding and symbolic links that lead nowhere each
become a PA903 finding on that file; symbolic-link cycles between folders are walked once.
"""

from __future__ import annotations

import io
import os
import re
import stat
import tokenize
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from .compiler.diagnostics.model import Diagnostic, Severity, Span

UNREADABLE = "PA903"

# Folders that never hold the user's kernels; skipped while walking (a path given explicitly is still checked).
SKIP_DIRS = frozenset({
    ".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", "__pycache__", "node_modules", ".pyasc_cache",
    ".mypy_cache", ".ruff_cache", ".pytest_cache", ".hypothesis", ".eggs", "site-packages", "build", "dist",
})


def _glob_regex(pattern: str) -> re.Pattern[str]:
    """A gitignore-like glob: `*` stays inside one folder, `**` crosses folders; no `/` means any folder level."""
    pat = pattern.strip().replace("\\", "/")
    anchored = "/" in pat.rstrip("/")
    pat = pat.strip("/")
    out = []
    i = 0
    while i < len(pat):
        ch = pat[i]
        if pat.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
            continue
        if pat.startswith("**", i):
            out.append(".*")
            i += 2
            continue
        if ch == "*":
            out.append("[^/]*")
        elif ch == "?":
            out.append("[^/]")
        elif ch == "[":
            end = pat.find("]", i + 1)
            if end == -1:
                out.append(re.escape(ch))
            else:
                body = pat[i + 1:end].replace("\\", "\\\\")
                if body.startswith("!"):
                    body = "^" + body[1:]
                out.append(f"[{body}]")
                i = end
        else:
            out.append(re.escape(ch))
        i += 1
    body = "".join(out)
    prefix = "" if anchored else "(?:.*/)?"
    return re.compile(f"^{prefix}{body}(?:/.*)?$")


@dataclass
class Excluder:
    """Exclude globs, each relative to the folder it was written for (a pyproject's folder, or the working folder)."""

    rules: list[tuple[Path, re.Pattern[str], str]]

    @classmethod
    def build(cls, groups: Iterable[tuple[Path, Iterable[str]]]) -> Excluder:
        rules = []
        for base, patterns in groups:
            for p in patterns:
                if p.strip():
                    rules.append((base, _glob_regex(p), p))
        return cls(rules)

    def excluded(self, path: Path) -> bool:
        for base, rx, _ in self.rules:
            try:
                rel = path.relative_to(base).as_posix()
            except ValueError:
                continue
            if rel and rel != "." and rx.match(rel):
                return True
        return False


def display_path(path: Path, cwd: Path) -> str:
    """Relative to the working folder when below it, otherwise absolute."""
    try:
        return path.relative_to(cwd).as_posix()
    except ValueError:
        return str(path)


@dataclass(frozen=True)
class Candidate:
    """A file to check: its absolute path (symbolic links not resolved) and how it is shown."""

    path: Path
    shown: str
    problem: str | None = None
    """Why the file cannot be checked at all (a symbolic link loop), found while walking."""


def _abs(p: Path) -> Path:
    return Path(os.path.abspath(p))


def walk(root: Path, cwd: Path, excluded: Callable[[Path], bool], seen_dirs: set[str],
         seen_files: set[str]) -> Iterator[Candidate]:
    """*.py files below `root`, in a stable (sorted) order, pruning skipped and excluded folders and link cycles."""
    try:
        real = os.path.realpath(root)
    except OSError:
        real = str(root)
    if real in seen_dirs:
        return
    seen_dirs.add(real)
    try:
        with os.scandir(root) as it:
            entries = sorted(it, key=lambda e: e.name)
    except OSError as exc:
        yield Candidate(root, display_path(root, cwd), f"cannot list folder: {exc.strerror or exc}")
        return
    subdirs = []
    for entry in entries:
        path = root / entry.name
        try:
            is_dir = entry.is_dir()  # follows symbolic links; False for a link loop
        except OSError:
            is_dir = False
        if is_dir:
            if entry.name in SKIP_DIRS or entry.name.startswith(".") or excluded(path):
                continue
            subdirs.append(path)
            continue
        if not entry.name.endswith(".py") or excluded(path):
            continue
        problem = None
        try:
            if entry.is_symlink() and not os.path.exists(path):
                problem = _link_problem(path)
        except OSError as exc:
            problem = f"cannot read file: {exc.strerror or exc}"
        key = problem and str(path) or os.path.realpath(path)
        if key in seen_files:
            continue
        seen_files.add(key)
        yield Candidate(path, display_path(path, cwd), problem)
    for sub in subdirs:
        yield from walk(sub, cwd, excluded, seen_dirs, seen_files)


def _link_problem(path: Path) -> str:
    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno == 40:  # ELOOP
            return "symbolic link loop: the link leads back to itself"
        target = os.readlink(path) if os.path.islink(path) else "?"
        return f"broken symbolic link to '{target}'"
    return "cannot read file"


def explicit(path: Path, cwd: Path) -> Candidate:
    """A file named on the command line (checked whatever its suffix)."""
    problem = None
    if os.path.islink(path) and not os.path.exists(path):
        problem = _link_problem(path)
    return Candidate(_abs(path), display_path(_abs(path), cwd), problem)


# -- reading ---------------------------------------------------------------------------------------------------------
def unreadable(message: str, line: int = 1, col: int = 0, end_col: int | None = None) -> Diagnostic:
    """A PA903 finding: the file could not be read as Python source."""
    return Diagnostic(UNREADABLE, Severity.ERROR, message, Span(line, col, line, col if end_col is None else end_col))


def _position(data: bytes, offset: int, encoding: str) -> tuple[int, int]:
    """1-based line and 0-based character column of a byte offset (the bytes before it decoded leniently)."""
    line_start = data.rfind(b"\n", 0, offset) + 1
    line = data.count(b"\n", 0, offset) + 1
    col = len(data[line_start:offset].decode(encoding, "replace"))
    return line, col


def read_source(path: Path) -> tuple[str | None, Diagnostic | None]:
    """The file's text (decoded as Python does: a BOM or a coding line, else UTF-8), or a PA903 finding."""
    try:
        st = os.stat(path)
    except OSError:
        st = None
    if st is not None and stat.S_ISDIR(st.st_mode):
        return None, unreadable("cannot read file: it is a folder")
    if st is not None and not stat.S_ISREG(st.st_mode):
        # a FIFO, socket or device named *.py: reading it could block forever
        return None, unreadable("cannot read file: not a regular file")
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except IsADirectoryError:
        return None, unreadable("cannot read file: it is a folder")
    except OSError as exc:
        if getattr(exc, "errno", None) == 40:
            return None, unreadable("cannot read file: symbolic link loop")
        return None, unreadable(f"cannot read file: {exc.strerror or exc}")
    nul = data.find(b"\0")
    if nul != -1:
        line, col = _position(data, nul, "latin-1")
        return None, unreadable(f"binary file, not Python source (NUL byte at line {line}, column {col + 1})",
                                line, col, col + 1)
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError as exc:  # an unknown coding name, or bytes in the first two lines that are not UTF-8
        if "invalid or missing" not in str(exc.msg):
            line = getattr(exc, "lineno", None) or 1
            return None, unreadable(f"cannot read file: {exc.msg}; use UTF-8 or a coding name Python knows", line)
        encoding = "utf-8"
    try:
        text = data.decode(encoding)
    except (UnicodeDecodeError, LookupError) as exc:
        if isinstance(exc, UnicodeDecodeError):
            line, col = _position(data, exc.start, encoding)
            bad = data[exc.start:exc.end].hex(" ")
            shown = "UTF-8" if encoding.startswith("utf-8") else encoding
            return None, unreadable(
                f"not valid {shown}: byte(s) {bad} at line {line}, column {col + 1} cannot be decoded; save the file "
                f"as UTF-8 (or declare its encoding with a '# -*- coding: NAME -*-' line)", line, col, col + 1)
        return None, unreadable(f"cannot read file: unknown encoding {encoding!r}")
    if text.startswith("\ufeff"):
        text = text[1:]
    return text, None
