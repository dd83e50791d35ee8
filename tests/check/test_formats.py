"""The four report formats, on real analyzer findings: text, JSON (a contract), SARIF 2.1.0, GitHub annotations."""

from __future__ import annotations

import json
import re

from check_samples import BAD, BAD_LINE, GOOD, run_check

from pyasc.compiler.diagnostics.codes import CODES
from pyasc.compiler.pipeline.analysis import analyze
from pyasc.config import Config


def _expected_pa202(text: str):
    diags = [d for d in analyze(text, "k.py", Config()).diagnostics if d.code == "PA202"]
    assert len(diags) == 1
    return diags[0]


def test_json_contract(project):
    (project / "bad.py").write_text(BAD, encoding="utf-8")
    (project / "good.py").write_text(GOOD, encoding="utf-8")
    r = run_check("--no-cpp", "--format", "json", ".", cwd=project)
    assert r.rc == 1
    data = json.loads(r.out)
    assert data["version"] == 1 and data["files"] == 2
    assert set(data) == {"version", "files", "diagnostics"}
    assert {d["path"] for d in data["diagnostics"]} == {"bad.py"}
    d = next(d for d in data["diagnostics"] if d["code"] == "PA202")
    assert set(d) == {"path", "line", "column", "end_line", "end_column", "severity", "code", "message", "source"}
    exp = _expected_pa202(BAD)
    # 1-based lines and columns; the end column is exclusive.
    assert (d["line"], d["column"], d["end_line"], d["end_column"]) == (
        exp.span.line, exp.span.col + 1, exp.span.end_line, exp.span.end_col + 1)
    assert d["severity"] == "error" and d["source"] == "pyasc" and d["message"] == exp.message
    assert BAD.splitlines()[d["line"] - 1].strip() == BAD_LINE


def test_json_columns_count_characters_not_bytes(project):
    text = BAD.replace(f"        {BAD_LINE}", f"        asc.printf('数据'); {BAD_LINE}")
    (project / "wide.py").write_text(text, encoding="utf-8")
    r = run_check("--no-cpp", "--format", "json", "wide.py", cwd=project)
    d = next(d for d in json.loads(r.out)["diagnostics"] if d["code"] == "PA202")
    exp = _expected_pa202(text)
    assert d["column"] == exp.span.col + 1
    line = text.splitlines()[d["line"] - 1]
    # A character index, though 数据 take 6 bytes in UTF-8 (and 2 UTF-16 units).
    assert line[d["column"] - 1:d["end_column"] - 1] == "ad"


def test_text_format_location_source_and_carets(project):
    (project / "bad.py").write_text(BAD, encoding="utf-8")
    r = run_check("--no-cpp", "bad.py", cwd=project)
    assert r.rc == 1
    exp = _expected_pa202(BAD)
    lines = r.out.splitlines()
    head = f"bad.py:{exp.span.line}:{exp.span.col + 1}: error[PA202]: {exp.message}"
    i = lines.index(head)
    source, carets = lines[i + 1], lines[i + 2]
    assert source.endswith(BAD.splitlines()[exp.span.line - 1])
    offset = len(source) - len(BAD.splitlines()[exp.span.line - 1])
    assert carets.index("^") - offset == exp.span.col
    width = exp.span.end_col - exp.span.col if exp.span.end_line == exp.span.line else None
    if width:
        assert carets[carets.index("^"):] == "^" + "~" * (width - 1)
    assert lines[-1].startswith("Found ") and lines[-1].endswith("(1 file checked).")
    assert "\x1b[" not in r.out  # not a terminal: no colour


def test_text_colour_forced_and_no_color(project, monkeypatch):
    (project / "bad.py").write_text(BAD, encoding="utf-8")
    assert "\x1b[" in run_check("--no-cpp", "--color", "always", "bad.py", cwd=project).out
    monkeypatch.setenv("NO_COLOR", "1")
    assert "\x1b[" not in run_check("--no-cpp", "bad.py", cwd=project).out


def test_sarif_structure(project):
    (project / "bad.py").write_text(BAD, encoding="utf-8")
    (project / "good.py").write_text(GOOD, encoding="utf-8")
    r = run_check("--no-cpp", "--format", "sarif", ".", cwd=project)
    assert r.rc == 1
    sarif = json.loads(r.out)
    assert sarif["version"] == "2.1.0"
    assert sarif["$schema"].endswith("sarif-2.1.0.json")
    run = sarif["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["name"] == "pyasc-check"
    rule_ids = [rule["id"] for rule in driver["rules"]]
    assert len(rule_ids) == len(set(rule_ids))
    assert run["results"]
    for res in run["results"]:
        assert res["ruleId"] in rule_ids and rule_ids[res["ruleIndex"]] == res["ruleId"]
        assert res["level"] in ("error", "warning", "note")
        assert res["message"]["text"]
        loc = res["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"]["uri"] == "bad.py"
        region = loc["region"]
        assert {"startLine", "startColumn", "endLine", "endColumn"} <= set(region)
    pa202 = next(res for res in run["results"] if res["ruleId"] == "PA202")
    exp = _expected_pa202(BAD)
    assert pa202["level"] == "error"
    assert pa202["locations"][0]["physicalLocation"]["region"]["startColumn"] == exp.span.col + 1
    rule = driver["rules"][rule_ids.index("PA202")]
    assert rule["name"] == CODES["PA202"].name and rule["shortDescription"]["text"] == CODES["PA202"].summary
    assert run["columnKind"] == "unicodeCodePoints"


def test_sarif_related_locations_and_foreign_codes():
    from pyasc.cli.formats import Finding, to_sarif
    from pyasc.compiler.diagnostics.model import Diagnostic, Related, Severity, Span

    d = Diagnostic("PA403", Severity.ERROR, "two dtypes", Span(5, 4, 5, 9),
                   related=(Related(Span(3, 4, 3, 9), "float16 here"),))
    tidy = Diagnostic("bugprone-integer-division", Severity.WARNING, "integer division", Span(7, 0, 7, 3),
                      source="clang-tidy")
    sarif = json.loads(to_sarif([Finding("k.py", d, "x"), Finding("k.py", tidy, "y")]))
    run = sarif["runs"][0]
    rel = run["results"][0]["relatedLocations"][0]
    assert rel["message"]["text"] == "float16 here"
    assert rel["physicalLocation"]["region"]["startLine"] == 3
    rules = {r["id"]: r for r in run["tool"]["driver"]["rules"]}
    assert set(rules) == {"PA403", "bugprone-integer-division"}
    assert "clang-tidy" in rules["bugprone-integer-division"]["shortDescription"]["text"]


def test_github_annotations(project):
    (project / "bad.py").write_text(BAD, encoding="utf-8")
    r = run_check("--no-cpp", "--format", "github", ".", cwd=project)
    assert r.rc == 1
    exp = _expected_pa202(BAD)
    pattern = re.compile(r"^::(error|warning|notice) file=([^,]+),line=(\d+),col=(\d+),endLine=(\d+),"
                         r"endColumn=(\d+),title=([^:]+)::(.+)$")
    parsed = [pattern.match(line) for line in r.out.splitlines()]
    assert parsed and all(parsed)
    m = next(m for m in parsed if m.group(7) == "PA202")
    assert m.group(1) == "error" and m.group(2) == "bad.py"
    assert (int(m.group(3)), int(m.group(4))) == (exp.span.line, exp.span.col + 1)


def test_github_escapes_newlines_and_separators():
    from pyasc.cli.formats import Finding, github_line
    from pyasc.compiler.diagnostics.model import Diagnostic, Severity, Span

    d = Diagnostic("PA304", Severity.WARNING, "forms:\n  a, b\n100%", Span(2, 0, 2, 1))
    line = github_line(Finding("dir,x/k:1.py", d, ""))
    assert "\n" not in line
    assert line.startswith("::warning file=dir%2Cx/k%3A1.py,line=2,col=1,")
    assert line.endswith("::forms:%0A  a, b%0A100%25")


def test_text_carets_under_a_tab_indented_kernel(project):
    tabbed = "\n".join(("\t" * ((len(line) - len(line.lstrip(" "))) // 4)) + line.lstrip(" ")
                       for line in BAD.splitlines()) + "\n"
    (project / "tabs.py").write_text(tabbed, encoding="utf-8")
    r = run_check("--no-cpp", "tabs.py", cwd=project)
    exp = _expected_pa202(tabbed)
    lines = r.out.splitlines()
    i = next(n for n, line in enumerate(lines) if line.startswith(f"tabs.py:{exp.span.line}:{exp.span.col + 1}: "))
    source, carets = lines[i + 1], lines[i + 2]
    for tab in (4, 8):
        assert source.expandtabs(tab)[carets.expandtabs(tab).index("^"):].startswith("ad(")
