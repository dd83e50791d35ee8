"""Baselines: adopt pyasc-check on an existing code base by recording today's findings and reporting only new ones.

A finding is matched by path, code, message and the text of its line (whitespace-trimmed), never by line number,
so lines added or removed above it do not break the baseline.  Matching counts: two identical findings in the
baseline hide at most two in a run.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Sequence
from pathlib import Path

from .formats import Finding

BASELINE_VERSION = 1

Key = tuple[str, str, str, str]


class BaselineError(Exception):
    """The baseline file cannot be read or is not a pyasc-check baseline (a usage error: exit 2)."""


def _rel(path: str, folder: Path) -> str:
    """The finding's path relative to the baseline's folder, so the baseline works from any working folder."""
    absolute = Path(os.path.abspath(path))
    try:
        return absolute.relative_to(folder).as_posix()
    except ValueError:
        return Path(os.path.relpath(absolute, folder)).as_posix() if absolute.anchor == folder.anchor else str(absolute)


def key(f: Finding, folder: Path) -> Key:
    return (_rel(f.path, folder), f.diag.code, f.diag.message, f.line_text.strip())


def write(path: Path, findings: Sequence[Finding]) -> int:
    """Write the baseline; returns how many findings it holds."""
    folder = Path(os.path.abspath(path)).parent
    counts = Counter(key(f, folder) for f in findings)
    entries = [{"path": p, "code": c, "message": m, "line_text": t, "count": n}
               for (p, c, m, t), n in sorted(counts.items())]
    body = {"version": BASELINE_VERSION, "tool": "pyasc-check", "findings": entries}
    try:
        path.write_text(json.dumps(body, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    except OSError as exc:
        raise BaselineError(f"cannot write baseline {path}: {exc.strerror or exc}") from exc
    return sum(counts.values())


def load(path: Path) -> Counter[Key]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise BaselineError(f"baseline {path} does not exist; create it with --write-baseline {path}") from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise BaselineError(f"cannot read baseline {path}: {exc}") from exc
    except ValueError as exc:
        raise BaselineError(f"baseline {path} is not valid JSON: {exc}") from exc
    if not isinstance(data, dict) or data.get("version") != BASELINE_VERSION or not isinstance(
            data.get("findings"), list):
        raise BaselineError(f"{path} is not a pyasc-check baseline (version {BASELINE_VERSION})")
    counts: Counter[Key] = Counter()
    for e in data["findings"]:
        try:
            counts[(str(e["path"]), str(e["code"]), str(e["message"]), str(e["line_text"]))] += int(e.get("count", 1))
        except (KeyError, TypeError, ValueError) as exc:
            raise BaselineError(f"{path}: malformed entry {e!r}") from exc
    return counts


def new_findings(path: Path, findings: Sequence[Finding]) -> tuple[list[Finding], int]:
    """The findings not in the baseline at `path`, and how many were hidden by it."""
    remaining = load(path)
    folder = Path(os.path.abspath(path)).parent
    out: list[Finding] = []
    hidden = 0
    for f in findings:
        k = key(f, folder)
        if remaining[k] > 0:
            remaining[k] -= 1
            hidden += 1
        else:
            out.append(f)
    return out, hidden
