"""Hypothesis strategies: real kernels (the texts of examples/*.py) and the edits an editor makes to them, biased
towards what breaks front ends: half-typed calls, unbalanced brackets, non-ASCII names and strings (including
characters outside the BMP, which are two UTF-16 code units), tabs, CRLF, truncation and deep nesting."""

from __future__ import annotations

import os
import re
from pathlib import Path

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

from .textmodel import Edit, safe_offset

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = {p.name: p.read_text(encoding="utf-8") for p in sorted((ROOT / "examples").glob("*.py"))}
KERNELS = list(EXAMPLES.values())

LONG = os.environ.get("PYASC_FUZZ", "").lower() == "long"
"""`make fuzz` sets PYASC_FUZZ=long: random (not derandomized) and many more examples."""

settings.register_profile("pyasc-fuzz-ci", derandomize=True, deadline=None, database=None, print_blob=True,
                          phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                 HealthCheck.function_scoped_fixture])
settings.register_profile("pyasc-fuzz-long", derandomize=False, deadline=None, database=None, print_blob=True,
                          phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                                 HealthCheck.function_scoped_fixture])
SKIP_PINNED = bool(os.environ.get("PYASC_FUZZ_SKIP_PINNED"))
"""Leave out the characters of bugs already pinned by xfail tests (bench/README.md, Fuzzing: bugs 2 and 9), so that a
long run can look past them for new ones."""
_PINNED = str.maketrans({c: " " for c in "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"})
_LONE_CR = re.compile(r"\r(?!\n)")

BASE = settings.get_profile("pyasc-fuzz-long" if LONG else "pyasc-fuzz-ci")


def fuzz_settings(ci: int, long: int, **kwargs: object) -> settings:
    """Settings for one property: `ci` examples in `make test` (derandomized, so CI is reproducible), `long` in
    `make fuzz`. Applied per test, so other suites' hypothesis settings are left alone."""
    return settings(BASE, max_examples=long if LONG else ci, **kwargs)  # type: ignore[arg-type]


TOKENS = [
    "(", ")", "[", "]", "{", "}", ":", ",", ".", "=", "+", "*", "-", "'", '"', '"""', "#", "\\", "@", " ", "    ",
    "\t", "\n", "\r\n", "\n\n", "asc.", "asc.ad(", "asc.add(", "asc.float16", "asc.TQue(", "def ", "@asc.jit\n",
    "for i in range(", "if ", "else:", "return ", "lambda", "None", "0", "1.5", "-1", "10**30", "x_local",
    "é", "λ", "漢字", "😀", "𝔘", "\u0301", "ﬁ", "ℌ", "ǅ", "ⅷ", "\u00a0", "\ufeff", "\x00",
    "\r", "\x0c", "\u2028", "\x85",
    "é = 1\n", "λx = asc.float16\n", "s = '漢😀'\n", "# 注释 😀\n",
]
"""Fragments an edit inserts: syntax, pyasc API prefixes, identifiers and strings in many scripts, emoji (astral,
so two UTF-16 units), a combining mark, NFKC-folding letters Python normalizes in identifiers, NUL and BOM, a lone
\\r (a line end for LSP and Python) and characters str.splitlines() breaks at but LSP does not (form feed, U+2028,
NEL)."""

fragment = st.one_of(
    st.sampled_from(TOKENS),
    st.lists(st.sampled_from(TOKENS), min_size=1, max_size=6).map("".join),
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12),
)


def nested(depth: int, kind: str) -> str:
    """A deeply nested expression of one shape."""
    if kind == "paren":
        return "(" * depth + "1" + ")" * depth
    if kind == "list":
        return "[" * depth + "]" * depth
    if kind == "call":
        return "asc.add(" * depth + "x" + ")" * depth
    if kind == "binop":
        return "+".join(["x"] * depth)
    return "-" * depth + "1"


@st.composite
def edit(draw: st.DrawFn, text: str) -> Edit:
    """One editor change to `text`."""
    n = len(text)
    kind = draw(st.sampled_from(["insert", "insert", "insert", "delete", "delete", "replace", "truncate",
                                 "duplicate", "crlf", "tabs", "nest", "unbalance", "rename"]))
    a = safe_offset(text, draw(st.integers(0, n)))
    if kind == "insert":
        return Edit(a, a, draw(fragment))
    if kind in ("delete", "replace"):
        b = safe_offset(text, draw(st.integers(a, min(n, a + draw(st.sampled_from([1, 3, 20, 200]))))))
        return Edit(a, b, "" if kind == "delete" else draw(fragment))
    if kind == "truncate":
        return Edit(a, n, "")
    if kind == "duplicate":
        b = safe_offset(text, min(n, a + draw(st.integers(0, 400))))
        return Edit(b, b, text[a:b])
    if kind == "crlf":
        return Edit(0, n, text.replace("\r\n", "\n").replace("\n", "\r\n"))
    if kind == "tabs":
        return Edit(0, n, text.replace("    ", "\t"))
    if kind == "nest":
        depth = draw(st.sampled_from([5, 50, 200, 1000]))
        shape = draw(st.sampled_from(["paren", "list", "call", "binop", "unary"]))
        line_start = text.rfind("\n", 0, a) + 1
        return Edit(line_start, line_start, f"    y = {nested(depth, shape)}\n")
    if kind == "unbalance":
        return Edit(a, a, draw(st.sampled_from(["(", "[", "{", ")", "]", "}", "'", '"""', "((((", "]]]"])))
    # rename: replace every occurrence of an identifier of the text with a non-ASCII one
    names = sorted({w for w in text.replace("(", " ").replace(")", " ").replace(".", " ").replace(",", " ").split()
                    if w.isidentifier() and len(w) > 2}) or ["x"]
    old = draw(st.sampled_from(names))
    new = draw(st.sampled_from(["λ_" + old, old + "_é", "漢" + old, "ℌ" + old]))
    return Edit(0, n, text.replace(old, new))


@st.composite
def edit_sequence(draw: st.DrawFn, max_edits: int = 12) -> tuple[str, list[Edit]]:
    """A starting kernel and the edits applied to it one after another."""
    text = draw(st.sampled_from(KERNELS))
    start = text
    edits: list[Edit] = []
    for _ in range(draw(st.integers(1, max_edits))):
        e = draw(edit(text))
        if SKIP_PINNED:
            e = Edit(e.start, e.end, _LONE_CR.sub("\r\n", e.new.translate(_PINNED)))
        edits.append(e)
        text = e.apply(text)
    return start, edits


def texts_of(start: str, edits: list[Edit]) -> list[str]:
    """Every version of the document: the start text and the text after each edit."""
    out = [start]
    for e in edits:
        out.append(e.apply(out[-1]))
    return out
