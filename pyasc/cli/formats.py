"""Machine-readable reports of pyasc-check: JSON (a stable contract), SARIF 2.1.0, GitHub workflow annotations.

Every format reports positions the same way: 1-based lines and 1-based columns counted in characters (code
points); end columns are exclusive (the column just after the last character), as in SARIF.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

from .. import __version__
from ..compiler.diagnostics.codes import CODES
from ..compiler.diagnostics.model import Diagnostic, Severity

JSON_VERSION = 1
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"

# Codes pyasc-check reports itself, in addition to the compiler's table (until the table lists them).
EXTRA_CODES: dict[str, tuple[str, str]] = {
    "PA903": ("unreadable-file", "The file cannot be read as Python source: it is unreadable, binary, not valid in "
              "its encoding (UTF-8 unless a coding line says otherwise) or a symbolic link that leads nowhere."),
}


@dataclass(frozen=True)
class Finding:
    """One diagnostic of one file, with what every format needs to print it."""

    path: str
    """As shown to the user: relative to the working directory when the file is below it."""
    diag: Diagnostic
    line_text: str
    """The text of the diagnostic's first line (for baselines and fingerprints)."""


def _severity_name(sev: Severity) -> str:
    return sev.label


def finding_dict(f: Finding) -> dict[str, object]:
    """The JSON object of one finding (the `diagnostics` items of the JSON report)."""
    sp = f.diag.span
    return {
        "path": f.path,
        "line": sp.line,
        "column": sp.col + 1,
        "end_line": sp.end_line,
        "end_column": sp.end_col + 1,
        "severity": _severity_name(f.diag.severity),
        "code": f.diag.code,
        "message": f.diag.message,
        "source": f.diag.source,
    }


def to_json(findings: Sequence[Finding], files: int) -> str:
    """`{"version": 1, "files": N, "diagnostics": [...]}`: the contract other tools read."""
    return json.dumps({"version": JSON_VERSION, "files": files, "diagnostics": [finding_dict(f) for f in findings]},
                      indent=2, ensure_ascii=False) + "\n"


# -- SARIF ------------------------------------------------------------------------------------------------------------
_SARIF_LEVEL = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "note", Severity.HINT: "note"}


def _uri(path: str) -> str:
    return quote(Path(path).as_posix(), safe="/:")


def _region(line: int, col: int, end_line: int, end_col: int) -> dict[str, int]:
    return {"startLine": max(line, 1), "startColumn": col + 1, "endLine": max(end_line, line, 1),
            "endColumn": max(end_col + 1, 1 if end_line > line else col + 1)}


def _rule(code: str, source: str) -> dict[str, object]:
    info = CODES.get(code)
    if info is not None:
        help_text = f"{info.summary}\n\nBad:\n{info.bad}\n\nFixed:\n{info.fixed}"
        return {
            "id": code,
            "name": info.name,
            "shortDescription": {"text": info.summary},
            "fullDescription": {"text": info.summary},
            "help": {"text": help_text,
                     "markdown": f"{info.summary}\n\nBad:\n```python\n{info.bad}\n```\n\nFixed:\n```python\n"
                                 f"{info.fixed}\n```"},
            "defaultConfiguration": {"level": _SARIF_LEVEL[info.severity], "enabled": info.enabled},
            "properties": {"tags": ["pyasc"]},
        }
    if code in EXTRA_CODES:
        name, summary = EXTRA_CODES[code]
        return {"id": code, "name": name, "shortDescription": {"text": summary},
                "fullDescription": {"text": summary}, "defaultConfiguration": {"level": "error"},
                "properties": {"tags": ["pyasc"]}}
    what = {"clang": "clang diagnostic", "clang-tidy": "clang-tidy check"}.get(source, f"{source} finding")
    text = f"{what} {code} on the C++ generated from the kernel."
    return {"id": code, "name": code, "shortDescription": {"text": text}, "fullDescription": {"text": text},
            "properties": {"tags": [source]}}


def _fingerprint(f: Finding) -> str:
    data = "\0".join((f.diag.code, f.diag.message, f.line_text.strip()))
    return hashlib.sha256(data.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def to_sarif(findings: Sequence[Finding], files: Sequence[str] = ()) -> str:
    """SARIF 2.1.0 with a rule for every code used, one result per finding, related locations and fixes."""
    rule_index: dict[str, int] = {}
    rules: list[dict[str, object]] = []
    for f in findings:
        if f.diag.code not in rule_index:
            rule_index[f.diag.code] = len(rules)
            rules.append(_rule(f.diag.code, f.diag.source))
    results = []
    for f in findings:
        d = f.diag
        sp = d.span
        result: dict[str, object] = {
            "ruleId": d.code,
            "ruleIndex": rule_index[d.code],
            "level": _SARIF_LEVEL[d.severity],
            "message": {"text": d.message},
            "locations": [{"physicalLocation": {
                "artifactLocation": {"uri": _uri(f.path), "uriBaseId": "%SRCROOT%"},
                "region": _region(sp.line, sp.col, sp.end_line, sp.end_col),
            }}],
            "partialFingerprints": {"pyascFinding/v1": _fingerprint(f)},
            "properties": {"source": d.source, **({"kernel": d.kernel} if d.kernel else {})},
        }
        if d.related:
            result["relatedLocations"] = [
                {"id": i, "message": {"text": r.message}, "physicalLocation": {
                    "artifactLocation": {"uri": _uri(r.path or f.path), "uriBaseId": "%SRCROOT%"},
                    "region": _region(r.span.line, r.span.col, r.span.end_line, r.span.end_col)}}
                for i, r in enumerate(d.related)
            ]
        if d.fixes:
            result["fixes"] = [
                {"description": {"text": fix.title}, "artifactChanges": [{
                    "artifactLocation": {"uri": _uri(f.path), "uriBaseId": "%SRCROOT%"},
                    "replacements": [{"deletedRegion": _region(e.span.line, e.span.col, e.span.end_line,
                                                               e.span.end_col),
                                      "insertedContent": {"text": e.new_text}} for e in fix.edits],
                }]}
                for fix in d.fixes
            ]
        results.append(result)
    root = Path.cwd().as_uri().rstrip("/") + "/"
    sarif = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {"name": "pyasc-check", "version": __version__, "semanticVersion": __version__,
                                "rules": rules}},
            "originalUriBaseIds": {"%SRCROOT%": {"uri": root}},
            "columnKind": "unicodeCodePoints",
            "artifacts": [{"location": {"uri": _uri(p), "uriBaseId": "%SRCROOT%"}} for p in files],
            "results": results,
        }],
    }
    return json.dumps(sarif, indent=2, ensure_ascii=False) + "\n"


# -- GitHub Actions workflow commands --------------------------------------------------------------------------------
_GH_COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.INFO: "notice", Severity.HINT: "notice"}


def _gh_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_prop(text: str) -> str:
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


def github_line(f: Finding) -> str:
    """`::error file=...,line=...,col=...,endLine=...,endColumn=...,title=CODE::message`."""
    sp = f.diag.span
    props = (f"file={_gh_prop(Path(f.path).as_posix())},line={sp.line},col={sp.col + 1},endLine={sp.end_line},"
             f"endColumn={sp.end_col + 1},title={_gh_prop(f.diag.code)}")
    return f"::{_GH_COMMAND[f.diag.severity]} {props}::{_gh_data(f.diag.message)}"


def to_github(findings: Sequence[Finding]) -> str:
    return "".join(github_line(f) + "\n" for f in findings)
