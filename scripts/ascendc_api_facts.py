"""Read the public Ascend C headers and write the facts of the APIs they declare, for the rule-derived spec.

pyasc binds Ascend C one to one, so the header's declarations predict the bindings of APIs CANN's pyasc does not
bind yet. This script extracts, from asc-devkit's `include/` (basic and advanced APIs), the facts only: each public
function of namespace AscendC (its name, template parameters, parameters with their C++ types and defaults, the
header and line it is declared at, the dtypes its documentation states, the `#if` conditions on `__NPU_ARCH__` it
is declared under), the fields of its structs, the members of its enums and its namespace constants; from `impl/`
only the structs, enums and constants the API's declarations name and `include/` does not define (DeQuantMode).
It writes them as a JSON table (`pyasc/language/api/ascendc_facts.json`), which is reviewed and committed;
`pyasc/language/api/rule/` turns the table into spec entries. No header text is kept.

    python scripts/ascendc_api_facts.py ASC_DEVKIT_GIT_DIR > pyasc/language/api/ascendc_facts.json

The argument is a git directory (its HEAD is read) or a checkout's root folder. Then

    python scripts/ascendc_api_facts.py --spec

derives the spec entries from the facts and the hand-written tables (build) and writes them to
`pyasc/language/api/rule_spec.json`, which the registry loads (the file is written after the derivation, which
reads the registry and so the old file: a shell redirection into it would empty it first).

    python scripts/ascendc_api_facts.py --header

writes `pyasc/toolchain/include/lib/rule_apis.h`, which the bundled `kernel_operator.h` includes: a declaration of
every free function of the facts whose name the header's hand-written part does not declare, marked partial (its
dtype rules are not modelled). It is written from the facts, not from the spec, so that clang still checks the code
generator's C++ against an independent description. The structs, enums and constants the declarations name and the
bundled header lacks are defined first, from their facts; a declaration naming something neither defines is left
out, as is one the headers make only for an architecture other than ARCH (two branches' declarations would
make a call ambiguous); the header's first comment counts them and the script prints their names. It also writes
`lib/rule_members.h`: the members of the hand-written classes their bodies lack, one macro per class, which the
class body ends with.
"""

from __future__ import annotations

import bisect
import functools
import json
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from pyasc.language.api.rule.names import ARCH, arch_holds, at_arch  # noqa: E402 - the repository's own package

ROOTS = ("include/basic_api/", "include/adv_api/")
"""The API headers; `include/adv_api/hccl/internal` is the communication library's own, not Ascend C's API."""

SKIP = ("include/adv_api/hccl/internal/", "include/basic_api/reg_compute/", "/tiling/")
"""Register-level (Reg) compute is a separate programming model pyasc does not follow; host tiling is host code."""

_DTYPE_WORDS = {"half": "float16", "float": "float32", "bfloat16_t": "bfloat16", "bfloat16": "bfloat16",
                "int8_t": "int8", "uint8_t": "uint8", "int16_t": "int16", "uint16_t": "uint16", "int32_t": "int32",
                "uint32_t": "uint32", "int64_t": "int64", "uint64_t": "uint64", "int8": "int8", "uint8": "uint8",
                "int16": "int16", "uint16": "uint16", "int32": "int32", "uint32": "uint32", "int64": "int64",
                "uint64": "uint64", "float16": "float16", "float32": "float32"}
"""How the headers' documentation and static asserts spell dtypes, to the language's dtype names."""


@dataclass
class Function:
    scope: str
    name: str
    header: str
    line: int
    template: tuple[tuple[str, str, str | None], ...]
    """(kind: `typename` or the C++ type of a value parameter, name, default or None)."""
    params: tuple[tuple[str, str, str | None], ...]
    """(C++ type, name, default or None), in the header's order."""
    returns: str
    dtypes: tuple[str, ...] = ()
    """The dtypes its documentation (`support data type: ...`) or a static assert on `T` states; empty: unstated."""
    arch: str = ""
    """The `#if` conditions on `__NPU_ARCH__` it is declared under (`__NPU_ARCH__ == 3510 || ...`), joined with
    `&&`; empty: every architecture. A header's branches for two architectures often declare one function twice."""


@dataclass
class Struct:
    name: str
    header: str
    line: int
    fields: list[tuple[str, str, str | None]] = field(default_factory=list)
    template: str = ""
    """Its template parameter list (`typename T`) for a class template, else empty."""
    arch: str = ""
    """The architecture condition it is defined under (as Function.arch)."""


@dataclass
class Enum:
    name: str
    header: str
    line: int
    members: list[tuple[str, int]] = field(default_factory=list)
    scoped: bool = False
    """`enum class` (its members named through it)."""
    base: str = ""
    """Its underlying type where stated (`uint8_t`)."""


@dataclass
class Constant:
    """A namespace-scope `constexpr` object (`constexpr ClampConfig DEFAULT_CLAMP_CONFIG = {false};`): the default
    of many template parameters."""

    name: str
    header: str
    line: int
    ctype: str
    value: str


@dataclass
class Facts:
    functions: list[Function] = field(default_factory=list)
    structs: list[Struct] = field(default_factory=list)
    enums: list[Enum] = field(default_factory=list)
    constants: list[Constant] = field(default_factory=list)


# ---------------------------------------------------------------------------------------------------------------------
# Text clean-up: comments (their type notes kept by position), preprocessor lines, attribute macros.

_NOTE = re.compile(r"support data type[s]?\s*[:：]?\s*([\w/ ,、]+?)(?:\n|\*|$|\.)", re.IGNORECASE)
_ATTR_MACRO = re.compile(r"\b__(?!aicore__)[A-Z][A-Z_0-9]*__\s*\((?:[^()]|\([^()]*\))*\)")


def _blank(text: str, start: int, end: int) -> str:
    """Replace text[start:end] by spaces, keeping newlines so that line numbers stay true."""
    return text[:start] + re.sub(r"[^\n]", " ", text[start:end]) + text[end:]


def clean(text: str) -> tuple[str, list[tuple[int, tuple[str, ...]]]]:
    """The text with comments, preprocessor lines and attribute macros blanked, and the dtype notes found in its
    comments as (offset, dtypes)."""
    notes: list[tuple[int, tuple[str, ...]]] = []
    out = list(text)
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        if text.startswith("//", i) or text.startswith("/*", i):
            end = text.find("\n", i) if text[i + 1] == "/" else text.find("*/", i + 2) + 2
            end = n if end < 2 or end == -1 else end
            for m in _NOTE.finditer(text, i, end):
                words = re.split(r"[\s,/、]+|\band\b|\bor\b", m.group(1))
                found = tuple(dict.fromkeys(_DTYPE_WORDS[w] for w in words if w in _DTYPE_WORDS))
                if found:
                    notes.append((end, found))
            for k in range(i, end):
                if out[k] != "\n":
                    out[k] = " "
            i = end
            continue
        if c == "#" and (i == 0 or text[i - 1] == "\n" or text[:i].rstrip(" \t").endswith("\n")):
            end = i
            while True:
                nl = text.find("\n", end)
                if nl == -1:
                    end = n
                    break
                if text[nl - 1] == "\\":
                    end = nl + 1
                    continue
                end = nl
                break
            for k in range(i, end):
                if out[k] != "\n":
                    out[k] = " "
            i = end
            continue
        i += 1
    cleaned = "".join(out)
    for m in reversed(list(_ATTR_MACRO.finditer(cleaned))):
        cleaned = _blank(cleaned, m.start(), m.end())
    return cleaned, notes


# ---------------------------------------------------------------------------------------------------------------------
# Preprocessor branches on the architecture.

_DIRECTIVE = re.compile(r"^[ \t]*#[ \t]*(if|ifdef|ifndef|elif|else|endif)\b((?:[^\n]*\\\n)*[^\n]*)", re.M)


@functools.lru_cache(maxsize=8)
def arch_branches(text: str) -> tuple[list[int], list[str]]:
    """(offsets, conditions): from each offset on, the `#if` conditions on `__NPU_ARCH__` in effect, joined with
    `&&` (an `#else` or `#elif` as the negation of its earlier branches); conditions on anything else are left out."""
    offsets, conds = [0], [""]
    stack: list[tuple[list[str], str]] = []  # (earlier branches' conditions, this branch's condition)

    def now() -> str:
        return " && ".join(f"({c})" for _prev, c in stack if c and "__NPU_ARCH__" in c)

    for m in _DIRECTIVE.finditer(text):
        kind, cond = m.group(1), " ".join(m.group(2).replace("\\\n", " ").split("//")[0].split())
        if kind == "ifdef":
            cond = f"defined({cond})"
        elif kind == "ifndef":
            cond = f"!defined({cond})"
        if kind in ("if", "ifdef", "ifndef"):
            stack.append(([], cond))
        elif kind in ("elif", "else") and stack:
            prev, last = stack[-1]
            prev = [*prev, last]
            negated = " && ".join(f"!({c})" for c in prev)
            stack[-1] = (prev, negated + (f" && ({cond})" if kind == "elif" else ""))
        elif kind == "endif" and stack:
            stack.pop()
        offsets.append(m.end())
        conds.append(now())
    return offsets, conds


def arch_at(text: str, at: int) -> str:
    offsets, conds = arch_branches(text)
    return conds[bisect.bisect_right(offsets, at) - 1]


# ---------------------------------------------------------------------------------------------------------------------
# Declarations.


def split_top(text: str) -> list[str]:
    """Split at commas outside (), <>, [] and {}."""
    items, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "(<[{":
            depth += 1
        elif c in ")>]}":
            depth -= 1
        elif c == "," and depth == 0:
            items.append(text[start:i].strip())
            start = i + 1
    tail = text[start:].strip()
    if tail:
        items.append(tail)
    return items


def _decl(item: str) -> tuple[str, str, str | None] | None:
    """`const LocalTensor<T>& dst = {}` -> (`const LocalTensor<T>&`, `dst`, `{}`)."""
    item = " ".join(item.split())
    default = None
    depth = 0
    for i, c in enumerate(item):
        if c in "(<[{":
            depth += 1
        elif c in ")>]}":
            depth -= 1
        elif c == "=" and depth == 0:
            item, default = item[:i].strip(), item[i + 1:].strip()
            break
    array = item.endswith("[]")
    if array:
        item = item[:-2].rstrip()
    m = re.fullmatch(r"(.*?[\s&*>])\s*([A-Za-z_]\w*)", item)
    if m is None:
        return None
    ctype = m.group(1).strip() + ("[]" if array else "")
    return ctype, m.group(2), default


def _template(text: str) -> tuple[tuple[str, str, str | None], ...] | None:
    out: list[tuple[str, str, str | None]] = []
    for item in split_top(text):
        m = re.fullmatch(r"(typename|class)\s*(?:\.\.\.)?\s*(\w+)?\s*(?:=\s*(.+))?", item.strip())
        if m:
            out.append(("typename", m.group(2) or "", m.group(3)))
            continue
        d = _decl(item)
        if d is None:
            return None
        out.append(d)
    return tuple(out)


def _matching(text: str, i: int, open_: str, close: str) -> int:
    """The index just after the bracket closing the one at text[i]."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == open_:
            depth += 1
        elif text[j] == close:
            depth -= 1
            if depth == 0:
                return j + 1
    return len(text)


_FUNC = re.compile(r"(?P<quals>.*?)\b(?P<name>~?[A-Za-z_]\w*)\s*\((?P<params>.*)\)\s*(?P<post>[\w\s=]*)$", re.S)


def _function(chunk: str, scope: str, header: str, line: int,
              dtypes: tuple[str, ...]) -> Function | None:
    """A chunk (the text of a declaration up to `;` or `{`) as a public Ascend C function, or None."""
    text = chunk.strip()
    text = re.sub(r"^(?:(?:public|private|protected)\s*:\s*)+", "", text)
    template: tuple[tuple[str, str, str | None], ...] = ()
    if text.startswith("template"):
        lt = text.find("<")
        end = _matching(text, lt, "<", ">")
        parsed = _template(text[lt + 1:end - 1])
        if parsed is None:
            return None
        template = parsed
        text = text[end:].strip()
    if "__aicore__" not in text or "operator" in text or "friend" in text.split("(")[0]:
        return None
    m = _FUNC.fullmatch(text)
    if m is None:
        return None
    name = m.group("name")
    quals = m.group("quals")
    if not name[:1].isupper() or name.endswith("Impl") or "=" in m.group("post") and "default" in m.group("post"):
        return None
    params: list[tuple[str, str, str | None]] = []
    for item in split_top(m.group("params")):
        if item in ("void", "..."):
            continue
        d = _decl(item)
        if d is None:
            return None
        params.append(d)
    returns = re.sub(r"\b(__aicore__|inline|static|constexpr|__sync_noalias__|__sync_alias__|__inout_pipe__\(\w+\)"
                     r"|__in_pipe__\(\w+\)|__out_pipe__\(\w+\)|extern|virtual)\b", " ", quals)
    returns = " ".join(returns.split())
    if scope.split("::")[-1] == name:  # a constructor
        returns = ""
    return Function(scope, name, header, line, template, tuple(params), returns, dtypes)


_HEAD = re.compile(r"^(?:template\s*<.*>\s*)?(?P<kind>class|struct|union)\s+(?:__\w+__\s+)?(?P<name>\w+)", re.S)
_ENUM = re.compile(r"^(?:typedef\s+)?enum\s+(?P<scoped>class\s+|struct\s+)?(?P<name>\w+)?"
                   r"(?:\s*:\s*(?P<base>[\w:]+))?", re.S)
_CONSTANT = re.compile(r"(?:static\s+)?constexpr\s+(?P<type>[\w:]+(?:<[\w:, ]*>)?)\s+(?P<name>[A-Za-z_]\w*)\s*"
                       r"(?:=\s*(?P<value>.+)|(?P<braced>\{.*\}))", re.S)
_PRIVATE = re.compile(r"(Impl|Internal|Detail|Base|Helper)$")


def scan(text: str, header: str, facts: Facts) -> None:
    """Walk one header's cleaned text: namespaces and classes are entered, function bodies skipped."""
    cleaned, notes = clean(text)
    _block(cleaned, 0, len(cleaned), [], header, facts, notes, text, None)


def _line(text: str, i: int) -> int:
    return text.count("\n", 0, i) + 1


def _notes_before(notes: list[tuple[int, tuple[str, ...]]], start: int, text: str) -> tuple[str, ...]:
    """The dtype note of the comment right before a declaration (only blank space and its template between)."""
    for end, found in reversed(notes):
        if end <= start:
            return found if not text[end:start].strip() else ()
    return ()


def _block(text: str, i: int, end: int, scope: list[str], header: str, facts: Facts,
           notes: list[tuple[int, tuple[str, ...]]], raw: str, struct: Struct | None) -> None:
    start = i
    depth = 0
    access_public = True
    while i < end:
        c = text[i]
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        if depth > 0 or c not in ";{}":
            i += 1
            continue
        chunk = text[start:i]
        stripped = chunk.strip()
        label = re.match(r"^((?:(?:public|private|protected)\s*:\s*)+)", stripped)
        if label:
            access_public = label.group(1).split(":")[-2].strip() == "public"
            stripped = stripped[label.end():].strip()
        decl_at = start + (len(chunk) - len(chunk.lstrip()))
        if c == "}":
            i += 1
            start = i
            continue
        if c == "{":
            close = _matching(text, i, "{", "}")
            ns = re.fullmatch(r"(?:inline\s+)?namespace\s*(\w*)", stripped)
            head = _HEAD.match(stripped)
            enum = _ENUM.match(stripped)
            if ns:
                _block(text, i + 1, close - 1, [*scope, ns.group(1)], header, facts, notes, raw, None)
            elif enum and "(" not in stripped:
                if _public_scope(scope) and enum.group("name"):
                    e = _enum(enum.group("name"), text[i + 1:close - 1], header, _line(text, decl_at))
                    e.scoped, e.base = bool(enum.group("scoped")), enum.group("base") or ""
                    facts.enums.append(e)
            elif head and "(" not in stripped.split(head.group("name"))[0] and not _is_function(stripped):
                name = head.group("name")
                inner = Struct(name, header, _line(text, decl_at), arch=arch_at(raw, decl_at))
                if stripped.startswith("template"):
                    inner.template = stripped[stripped.find("<") + 1:_matching(stripped, stripped.find("<"), "<", ">")
                                              - 1].strip()
                public = _public_scope(scope) and not _PRIVATE.search(name) and access_public
                _block(text, i + 1, close - 1, [*scope, name], header, facts, notes, raw,
                       inner if public else None)
                if public and head.group("kind") == "struct":
                    facts.structs.append(inner)
            elif struct is not None and access_public and "(" not in stripped and re.fullmatch(
                    r"[\w:<>, ]+[\s&*]\w+", stripped) and not stripped.startswith(("static", "using", "friend")):
                d = _decl(stripped)  # `uint32_t srcM{0};`: a field with a brace initializer
                if d is not None:
                    struct.fields.append(_field(d[0], d[1], " ".join(text[i:close].split()), raw, decl_at))
            elif struct is None and (const := _CONSTANT.fullmatch(stripped + " " + text[i:close])) \
                    and _public_scope(scope):  # `constexpr X NAME{...};`
                facts.constants.append(Constant(const.group("name"), header, _line(text, decl_at),
                                                const.group("type"), " ".join(text[i:close].split())))
            else:
                _record(stripped, scope, header, _line(text, decl_at), facts, notes, decl_at, raw, access_public,
                        body=text[i + 1:close - 1])
            i = close
            while i < end and text[i] in " \t\n;":
                i += 1
            start = i
            continue
        # `;`
        if stripped and struct is None and len(scope) == 1 and (const := _CONSTANT.fullmatch(stripped)) \
                and const.group("value") and _public_scope(scope):
            facts.constants.append(Constant(const.group("name"), header, _line(text, decl_at), const.group("type"),
                                            " ".join(const.group("value").split())))
        elif stripped:
            if not _record(stripped, scope, header, _line(text, decl_at), facts, notes, decl_at, raw,
                           access_public) and struct is not None and access_public and "(" not in stripped \
                    and not stripped.startswith(("static", "using", "friend", "typedef", "template")):
                d = _decl(stripped.replace("{", "= {", 1) if "{" in stripped and "=" not in stripped else stripped)
                if d is not None:
                    ctype, fname, default = d
                    if default and default.startswith("= {"):
                        default = default[2:]
                    struct.fields.append(_field(ctype, fname, default, raw, decl_at))
        i += 1
        start = i


def _field(ctype: str, name: str, default: str | None, raw: str, at: int) -> tuple:
    """A struct field's facts: (type, name, default), and the architecture condition it is declared under where its
    struct's is not all of it (`float rRecWithCorrection;` inside `#if __NPU_ARCH__ == 3510`)."""
    arch = arch_at(raw, at)
    return (ctype, name, default, arch) if arch else (ctype, name, default)


def _is_function(text: str) -> bool:
    return "__aicore__" in text and "(" in text


def _public_scope(scope: list[str]) -> bool:
    return bool(scope) and scope[0] == "AscendC" and all(
        s and not re.search(r"(?i)impl|internal|detail", s) for s in scope[1:])


def _record(chunk: str, scope: list[str], header: str, line: int, facts: Facts,
            notes: list[tuple[int, tuple[str, ...]]], at: int, raw: str, public: bool, body: str = "") -> bool:
    if not _public_scope(scope) or not public or "__aicore__" not in chunk:
        return False
    fn = _function(chunk, "::".join(scope), header, line, _notes_before(notes, at, raw))
    if fn is None:
        return False
    fn.arch = arch_at(raw, at)
    if not fn.dtypes and body:
        first = next((n for k, n, _ in fn.template if k == "typename"), None)
        fn.dtypes = asserted_dtypes(body, first) if first else ()
    facts.functions.append(fn)
    return True


_SUPPORT = re.compile(r"SupportType\s*<\s*(\w+)\s*,([^<>]*)>")
_IS_SAME = re.compile(r"(?:std::is_same|IsSameType|is_same)\s*<\s*(\w+)\s*,\s*([\w:]+)\s*>")


def asserted_dtypes(body: str, typename: str) -> tuple[str, ...]:
    """The dtypes a function body's static assert allows its template parameter `typename`:
    `static_assert(SupportType<T, half, float>(), ...)` or `std::is_same<T, half>::value || ...` (one assert whose
    every alternative names that parameter)."""
    for m in re.finditer(r"\bstatic_assert\s*\(", body):
        end = _matching(body, m.end() - 1, "(", ")")
        cond = body[m.end():end - 1].split('"')[0]
        support = _SUPPORT.search(cond)
        if support and support.group(1) == typename:
            words = [w.strip() for w in support.group(2).split(",")]
        else:
            pairs = _IS_SAME.findall(cond)
            if not pairs or any(t != typename for t, _ in pairs) or "&&" in cond:
                continue
            words = [w for _, w in pairs]
        found = tuple(dict.fromkeys(_DTYPE_WORDS[w] for w in words if w in _DTYPE_WORDS))
        if found and len(found) == len(words):
            return found
    return ()


def _enum(name: str, body: str, header: str, line: int) -> Enum:
    out = Enum(name, header, line)
    value = -1
    for item in split_top(body):
        m = re.fullmatch(r"(\w+)\s*(?:=\s*(.+))?", item.strip())
        if m is None:
            continue
        if m.group(2) is not None:
            try:
                value = int(m.group(2).rstrip("uUlL"), 0)
            except ValueError:
                known = dict(out.members)
                value = known.get(m.group(2).strip(), value + 1)
        else:
            value += 1
        out.members.append((m.group(1), value))
    return out


# ---------------------------------------------------------------------------------------------------------------------
# Reading the headers and writing the table.


IMPL = ("impl/",)
"""The implementation headers: read only for the types and constants the API headers' declarations name and do
not define (DeQuantMode, NLCFG_NORM's NormalizeConfig), never for functions."""


def headers(source: str, roots: tuple[str, ...] = ROOTS) -> list[tuple[str, str]]:
    """(path, text) of every API header (or, with roots=IMPL, implementation header), from a git directory's HEAD
    or a folder."""
    root = Path(source)
    if (root / "HEAD").is_file() and (root / "objects").is_dir():
        names = subprocess.run(["git", "-C", source, "ls-tree", "-r", "--name-only", "HEAD", *roots],
                               check=True, capture_output=True, text=True).stdout.split()
        wanted = [n for n in names if n.startswith(roots) and n.endswith(".h") and not any(s in n for s in SKIP)]
        return [(n, subprocess.run(["git", "-C", source, "show", f"HEAD:{n}"], check=True, capture_output=True)
                 .stdout.decode("utf-8", "replace")) for n in sorted(wanted)]
    out = []
    for p in sorted(root.rglob("*.h")):
        rel = p.relative_to(root).as_posix()
        if rel.startswith(roots) and not any(s in rel for s in SKIP):
            out.append((rel, p.read_text(encoding="utf-8", errors="replace")))
    return out


def extract(files: list[tuple[str, str]], impl: list[tuple[str, str]] = ()) -> Facts:  # type: ignore[assignment]
    """The facts of the API headers `files`, with the structs, enums and constants of the implementation headers
    `impl` that the API's declarations name (directly or through another such definition) and the API headers do
    not define."""
    facts = _dedupe(_scan_all(files))
    if not impl:
        return facts
    base = Facts(list(facts.functions), list(facts.structs), list(facts.enums), list(facts.constants))
    extra = _dedupe(_scan_all(impl))
    have = {s.name for s in facts.structs} | {e.name for e in facts.enums} | {c.name for c in facts.constants}
    structs = {s.name: s for s in extra.structs if s.name not in have}
    enums = {e.name: e for e in extra.enums if e.name not in have}
    constants = {c.name: c for c in extra.constants if c.name not in have}
    members = {m: e.name for e in enums.values() for m, _v in e.members}

    def names(text: str) -> set[str]:
        return set(re.findall(r"[A-Za-z_]\w*", text))

    taken: set[str] = set()
    # breadth-first over the names: a struct's field types, a constant's type and initializer
    todo: set[str] = {n for f in facts.functions for n in names(" ".join(f"{k} {d or ''}" for k, _n, d in (*f.template,
                                                                                                   *f.params)))}
    todo |= {n for s in facts.structs for n in names(" ".join(f"{k} {d or ''}" for k, _n, d, *_ in s.fields))}
    todo |= {n for c in facts.constants for n in names(f"{c.ctype} {c.value}")}
    while todo:
        w = todo.pop()
        w = members.get(w, w)
        if w in taken:
            continue
        if w in structs:
            taken.add(w)
            facts.structs.append(structs[w])
            facts.functions.extend(f for f in extra.functions if f.scope == f"AscendC::{w}" and f.name == w)
            todo |= names(" ".join(f"{k} {d or ''}" for k, _n, d, *_ in structs[w].fields))
        elif w in enums:
            taken.add(w)
            facts.enums.append(enums[w])
        elif w in constants:
            taken.add(w)
            facts.constants.append(constants[w])
            todo |= names(f"{constants[w].ctype} {constants[w].value}")
    n_fn, n_st, n_en, n_co = (len(x) for x in (base.functions, base.structs, base.enums, base.constants))
    for items, n in ((facts.functions, n_fn), (facts.structs, n_st), (facts.enums, n_en), (facts.constants, n_co)):
        items[n:] = sorted(items[n:], key=lambda x: (x.header, x.line))  # the walk's order is a set's
    return facts


def _scan_all(files: list[tuple[str, str]]) -> Facts:
    facts = Facts()
    for path, text in files:
        scan(text, path, facts)
    return facts


def _dedupe(facts: Facts) -> Facts:
    """One record per distinct declaration (architecture branches of a header often repeat it)."""
    seen: dict[object, Function] = {}
    fns = []
    for f in facts.functions:
        key = (f.scope, f.name, f.template, f.params)
        if key not in seen:
            seen[key] = f
            fns.append(f)
        elif seen[key].arch and seen[key].arch != f.arch:  # declared under two branches: under either
            first = seen[key]
            first.arch = "" if not f.arch else f"({first.arch}) || ({f.arch})"
    structs: dict[str, Struct] = {}
    for s in facts.structs:  # of two architectures' definitions, the one of the architecture pyasc checks for
        if s.fields and (s.name not in structs or arch_holds(structs[s.name].arch) is False):
            structs[s.name] = s
    enums: dict[str, Enum] = {}
    for e in facts.enums:
        if e.members and e.name not in enums:
            enums[e.name] = e
    constants: dict[str, Constant] = {}
    for c in facts.constants:
        constants.setdefault(c.name, c)
    return Facts(fns, list(structs.values()), list(enums.values()), list(constants.values()))


def render(facts: Facts, source: str = "asc-devkit include/") -> str:
    """The facts as JSON, one declaration a line (reviewable diffs): functions as [scope, name, header, line,
    template parameters, parameters, return type, documented dtypes, architecture condition]; a template parameter
    is [`typename` or a value's C++ type, name, default], a parameter [C++ type, name, default]; structs as [name,
    header, line, fields as [C++ type, name, default, architecture condition if any], template parameter list or
    "", architecture condition]; enums as [name, header, line, members as [name, value], scoped, underlying type or
    ""]; constants as [name, header, line, C++ type, initializer]."""
    def rows(items: list[list[object]]) -> str:
        return ",\n".join("    " + json.dumps(r, ensure_ascii=False) for r in items)

    fns = [[f.scope, f.name, f.header, f.line, f.template, f.params, f.returns, f.dtypes, f.arch]
           for f in facts.functions]
    structs = [[s.name, s.header, s.line, s.fields, s.template, s.arch] for s in facts.structs]
    enums = [[e.name, e.header, e.line, e.members, e.scoped, e.base] for e in facts.enums]
    constants = [[c.name, c.header, c.line, c.ctype, c.value] for c in facts.constants]
    return (f'{{"source": {json.dumps(source)},\n"generator": "scripts/ascendc_api_facts.py",\n'
            f'"functions": [\n{rows(fns)}\n],\n"structs": [\n{rows(structs)}\n],\n"enums": [\n{rows(enums)}\n],\n'
            f'"constants": [\n{rows(constants)}\n]}}\n')


def derive() -> str:
    """The spec entries the rule derives from the committed facts, given the hand-written tables (`--spec`)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from pyasc.language import registry
    from pyasc.language.api.rule.build import build
    from pyasc.language.api.rule.store import dump

    return dump(build(*registry.HANDWRITTEN))


# ---------------------------------------------------------------------------------------------------------------------
# The bundled header's declarations of the facts' functions (`--header`).

ROOT = Path(__file__).resolve().parent.parent
FACTS = ROOT / "pyasc" / "language" / "api" / "ascendc_facts.json"
BUNDLED = ROOT / "pyasc" / "toolchain" / "include" / "kernel_operator.h"
RULE_HEADER = ROOT / "pyasc" / "toolchain" / "include" / "lib" / "rule_apis.h"
RULE_INCLUDE = '#include "lib/rule_apis.h"'
MEMBERS_HEADER = ROOT / "pyasc" / "toolchain" / "include" / "lib" / "rule_members.h"
MEMBERS_INCLUDE = '#include "lib/rule_members.h"'

PARTIAL_WHY = "declared from the Ascend C headers' signatures; its dtype rules are not modelled"

_WORDS = frozenset({"const", "volatile", "unsigned", "signed", "void", "bool", "char", "short", "int", "long", "float",
                    "double", "true", "false", "nullptr", "sizeof", "typename", "class", "struct", "enum", "auto",
                    "half", "bfloat16_t", "__gm__", "__ubuf__", "__aicore__"})
"""What a declaration may name without the header declaring it: C++ words, and the header's built-in types."""


def declared_names(text: str) -> tuple[set[str], set[str]]:
    """(names of types, constants and enum members; every other name) the hand-written header declares or uses
    (its comments and preprocessor lines apart)."""
    text, _ = clean(text)
    names: set[str] = set()
    for pattern in (r"\b(?:struct|class|union)\s+(?:\w+\s*\(\s*\"[^\"]*\"\s*\)\s*)?(\w+)\s*[{:;<]",
                    r"\benum\s+(?:class\s+|struct\s+)?(\w+)", r"\busing\s+(\w+)\s*=",
                    r"\btypedef\b[^;{}]*?(\w+)\s*;", r"\bconstexpr\s+[\w:<>, ]+?\s(\w+)\s*[={(]",
                    r"\b(?:typename|class)\s+(\w+)\s*[,>=]"):
        names.update(re.findall(pattern, text))
    for m in re.finditer(r"\benum\b[^{;]*\{", text):
        body = text[m.end():_matching(text, m.end() - 1, "{", "}") - 1]
        names.update(re.findall(r"(?:^|,)\s*(\w+)", body))
    functions = set(re.findall(r"\b[A-Za-z_]\w*\b", text)) - names  # every other word: a function or a
    return names, functions  # macro's argument that declares one (PYASC_ADV_UNARY(Log2)), conservatively


def _unknown(text: str, known: set[str]) -> list[str]:
    text = re.sub(r"'[^']*'|\"[^\"]*\"", " ", text)
    text = re.sub(r"\b\d[\w.]*", " ", text)
    return [w for w in re.findall(r"[A-Za-z_]\w*", text) if w not in known and w not in _WORDS]


def _signature(fn: list) -> tuple:
    """What makes two declarations the same function to C++: the template's kinds and the parameter types, with
    the template parameters' names replaced by their positions (names and defaults do not count)."""
    rename = {n: f"${i}" for i, (_k, n, _d) in enumerate(fn[4]) if n}
    def norm(t: str) -> str:
        return " ".join(rename.get(w, w) for w in re.findall(r"[A-Za-z_$]\w*|\S", t))
    return (fn[1], tuple(norm(k) for k, _n, _d in fn[4]), tuple(norm(k) for k, _n, _d in fn[5]))


def _declaration(fn: list) -> str:
    _scope, name, header, line, template, params, returns, _dtypes, _arch = fn
    head = ""
    if template:
        items = []
        for kind, tname, default in template:
            items.append(f"{kind} {tname}".rstrip() + (f" = {default}" if default is not None else ""))
        head = f"template <{', '.join(items)}>\n"
    args = ", ".join(f"{ct[:-2] if ct.endswith('[]') else ct} {pn}{'[]' if ct.endswith('[]') else ''}"
                     + (f" = {default}" if default is not None else "") for ct, pn, default in params)
    return (f"// {header}:{line}\n{head}__aicore__ PYASC_PARTIAL(PYASC_RULE_WHY) inline {returns or 'void'} "
            f"{name}({args});")


class _Types:
    """The structs, enums and constants of the facts that the declarations name and the hand-written header does
    not declare, as C++ definitions written from their facts (fields with their defaults, constructors with empty
    bodies, enum members with their values, constants with their initializers): what the header needs to declare
    SumParams' or SaturationMode's functions. A definition whose own types or initializers name something neither
    the header nor the facts define is not written, nor anything that needs it."""

    def __init__(self, facts: dict, known: set[str], hand: set[str]):
        self.known, self.hand = known, hand
        self.structs = {s[0]: (*s[:3], at_arch(s[3]), *s[4:]) for s in facts["structs"]}
        self.enums = {e[0]: e for e in facts["enums"]}
        self.constants = {c[0]: c for c in facts.get("constants", ())}
        self.members = {m: e[0] for e in facts["enums"] if not e[4] for m, _v in e[3]}
        """Members of unscoped enums, named without their enum."""
        self.ctors: dict[str, list[list]] = {}
        for fn in facts["functions"]:
            if fn[0] == f"AscendC::{fn[1]}" and fn[1] in self.structs and arch_holds(fn[8]) is not False:
                self.ctors.setdefault(fn[1], []).append(fn)
        self.state: dict[str, bool] = {}
        self.order: list[str] = []
        """Definitions in an order in which each follows what it names."""

    def words(self, text: str, local: set[str] = frozenset()) -> list[str]:  # type: ignore[assignment]
        """The names `text` uses that the hand-written header does not declare (an enum's `E::M` counts as E)."""
        def member(m: re.Match[str]) -> str:
            e = self.enums.get(m.group(1))
            return m.group(1) if e is not None and m.group(2) in dict(e[3]) else m.group(0)
        text = re.sub(r"\b(\w+)::(\w+)\b", member, text)
        return [w for w in _unknown(text, self.known | local) if w not in local]

    def _needs(self, name: str) -> list[str] | None:
        """What the definition of `name` names, or None if the facts cannot define it."""
        if name in self.hand or name in self.known:
            return None
        if name in self.members:
            return [self.members[name]]
        if name in self.enums:
            return []
        if name in self.constants:
            _n, _h, _l, ctype, value = self.constants[name]
            return self.words(ctype if "(" in value else f"{ctype} {value}")
        if name in self.structs:
            _n, _h, _l, fields, template, *_ = self.structs[name]
            names = [f[1] for f in fields]
            if template or len(set(names)) != len(names):
                return None  # a class template, or fields of two architecture branches
            out = [w for ct, _fn, d in fields for w in self.words(f"{ct} {d or ''}")]
            for fn in self.ctors.get(name, ()):
                out += [w for ct, _pn, d in fn[5] for w in self.words(f"{ct} {d or ''}")]
                if fn[4]:
                    return None
            return [w for w in out if w != name]
        return None

    def resolve(self, name: str) -> bool:
        """Whether `name` can be defined from the facts (it and everything it names), queueing its definition."""
        if name in self.state:
            return self.state[name]
        needs = self._needs(name)
        if needs is None:
            self.state[name] = False
            return False
        self.state[name] = True  # provisionally: a struct naming itself
        if not all(self.resolve(w) for w in dict.fromkeys(needs)):
            self.state[name] = False
            return False
        if name not in self.members:
            self.order.append(name)
        return True

    def definitions(self, used: set[str]) -> list[str]:
        """The C++ of every queued definition a kept declaration needs (directly or through another)."""
        needed: set[str] = set()
        todo = [w for w in used if self.state.get(w)]
        while todo:
            w = todo.pop()
            w = self.members.get(w, w)
            if w in needed:
                continue
            needed.add(w)
            todo.extend(x for x in (self._needs(w) or ()) if self.state.get(x))
        return [self._cpp(n) for n in self.order if n in needed]

    def _cpp(self, name: str) -> str:
        if name in self.enums:
            _n, header, line, members, scoped, base = self.enums[name]
            head = f"enum {'class ' if scoped else ''}{name}{' : ' + base if base else ''}"
            return f"// {header}:{line}\n{head} {{ " + ", ".join(f"{m} = {v}" for m, v in members) + " };"
        if name in self.constants:
            _n, header, line, ctype, value = self.constants[name]
            if "(" in value:  # `= GetNormalizeConfig(false, false)`: a function's value, which the checks need not
                return f"// {header}:{line} (computed by a function there)\nconstexpr {ctype} {name}{{}};"
            return f"// {header}:{line}\nconstexpr {ctype} {name} = {value};"
        _n, header, line, fields, *_ = self.structs[name]
        body = [f"    {ct} {fn}{d if d.startswith('{') else ' = ' + d};" if d else f"    {ct} {fn};"
                for ct, fn, d in fields]
        constexpr = "constexpr " if all(d for _c, _f, d in fields) else ""
        for k, fn in enumerate(self.ctors.get(name, ())):  # empty bodies: the fields keep their defaults
            args = ", ".join(f"{ct} {pn}" + (f" = {d}" if d is not None else "") for ct, pn, d in fn[5])
            body.insert(k, f"    __aicore__ {constexpr}{name}({args}) {{}}")
        return f"// {header}:{line}\nstruct {name} {{\n" + "\n".join(body) + "\n};"


def rule_header(facts: dict, bundled: str) -> tuple[str, list[tuple[str, str]]]:
    """The generated header's text and the declarations left out as (name at header:line, why)."""
    bundled = bundled.replace(RULE_INCLUDE, "").replace(MEMBERS_INCLUDE, "")
    known, hand = declared_names(bundled)
    types = _Types(facts, known, hand)
    used: set[str] = set()
    seen: set[tuple] = set()
    kept: list[str] = []
    left: list[tuple[str, str]] = []
    other_arch = 0
    for fn in facts["functions"]:
        scope, name, header, line, template, params, returns, _dtypes, arch = fn
        if scope != "AscendC" or name in hand or name in known:
            continue
        if arch_holds(arch) is False:  # two branches' declarations would make calls ambiguous
            other_arch += 1
            continue
        key = _signature(fn)
        if key in seen:
            continue
        seen.add(key)
        local = {n for _k, n, _d in template}
        words = [w for k, _n, d in template for w in types.words(f"{k} {d or ''}", local)]
        words += [w for k, _n, d in params for w in types.words(f"{k} {d or ''}", local)]
        words += types.words(returns, local)
        if any("..." in k for k, _n, _d in params):
            left.append((f"{name} ({header}:{line})", "takes a parameter pack (the facts keep no template pack)"))
            continue
        lacking = [w for w in dict.fromkeys(words) if not types.resolve(w)]
        if not lacking:
            used.update(words)
        words = lacking
        if words:
            left.append((f"{name} ({header}:{line})", "names " + ", ".join(dict.fromkeys(words))
                         + ", which the bundled header does not declare"))
            continue
        kept.append(_declaration(fn))
    names = sorted({n.split(" ")[0] for n, _ in left})
    defs = types.definitions(used)
    text = "\n".join([
        "// GENERATED by scripts/ascendc_api_facts.py --header from pyasc/language/api/ascendc_facts.json:",
        "// do not edit.",
        "//",
        "// The free functions of Ascend C's public headers that the hand-written part of kernel_operator.h does",
        "// not declare, as the headers declare them (template parameters, parameters, defaults, return type), so",
        "// that the C++ of an API pyasc knows by rule (pyasc/language/api/rule/) is checked by clang for its",
        "// names, arity and types. Each is marked partial: its calls get PA803, its dtype rules not modelled.",
        f"// {len(kept)} declarations; {len(left)} left out ({len(names)} distinct names), their types or defaults",
        "// naming something this header does not declare (`--header` prints them with the names they lack).",
        f"// The {len(defs)} structs, enums and constants they name that it lacks are defined first, from the facts.",
        f"// {other_arch} declarations the headers make only for architectures other than __NPU_ARCH__ {ARCH} are not"
        " written.",
        "#ifndef PYASC_BUNDLED_RULE_APIS_H",
        "#define PYASC_BUNDLED_RULE_APIS_H",
        "",
        f'#define PYASC_RULE_WHY "{PARTIAL_WHY}"',
        "",
        "namespace AscendC {",
        "",
        *defs,
        "",
        *kept,
        "",
        "}  // namespace AscendC",
        "",
        "#undef PYASC_RULE_WHY",
        "#endif  // PYASC_BUNDLED_RULE_APIS_H",
        "",
    ])
    return text, left


_CLASS = re.compile(r"\bclass\s+(\w+)\s*(?::(?P<bases>[^{;]*))?\{")


def _member_macro(cls: str) -> str:
    return f"PYASC_RULE_MEMBERS_{cls}"


def rule_members(facts: dict, bundled: str) -> tuple[str, list[tuple[str, str]]]:
    """`lib/rule_members.h`: for each class the hand-written header defines, a macro its body ends with, declaring
    the member functions of the facts its body does not (a separate header cannot add members to a class), each
    partial. A member naming a type the hand-written header does not declare before the classes is left out, as is
    one only another architecture declares. Returns the text and the members left out."""
    bundled = bundled.replace(RULE_INCLUDE, "").replace(MEMBERS_INCLUDE, "")
    cleaned, _ = clean(bundled)
    bodies: dict[str, str] = {}
    for m in _CLASS.finditer(cleaned):
        if re.search(rf"\b{_member_macro(m.group(1))}\b", cleaned):
            body = cleaned[m.end():_matching(cleaned, m.end() - 1, "{", "}") - 1]
            for base in re.findall(r"\b(?:public|protected|private)?\s*(\w+)\s*<", m.group("bases") or ""):
                body += "\n" + bodies.get(base, "")  # what a base declares the class has (TBuf's EnQue)
            bodies[m.group(1)] = body
    known, _hand = declared_names(bundled)
    members: dict[str, list[str]] = {c: [] for c in bodies}
    left: list[tuple[str, str]] = []
    seen: set[tuple] = set()
    for fn in facts["functions"]:
        scope, name, header, line, template, params, returns, _dtypes, arch = fn
        cls = scope.split("::", 1)[1] if scope.count("::") == 1 else None
        if cls not in bodies or name == cls or re.search(rf"\b{name}\s*[(<]", bodies[cls]):
            continue
        if arch_holds(arch) is False or (cls, *_signature(fn)) in seen:
            continue
        seen.add((cls, *_signature(fn)))
        local = known | {n for _k, n, _d in template}
        words = [w for k, _n, d in (*template, *params) for w in _unknown(f"{k} {d or ''}", local)]
        words += _unknown(returns, local)
        if words or any("..." in k for k, _n, _d in params):
            left.append((f"{cls}::{name} ({header}:{line})", "names " + ", ".join(dict.fromkeys(words))
                         if words else "takes a parameter pack"))
            continue
        decl = _declaration(fn).replace("PYASC_RULE_WHY", "PYASC_RULE_MEMBER_WHY").replace(" inline ", " ")
        members[cls].extend(f"    {d}" for d in decl.splitlines())
    count = sum(1 for lines in members.values() for x in lines if "PYASC_PARTIAL" in x)
    out = [
        "// GENERATED by scripts/ascendc_api_facts.py --header from pyasc/language/api/ascendc_facts.json:",
        "// do not edit.",
        "//",
        "// The member functions of Ascend C's public headers that the hand-written classes of kernel_operator.h",
        "// do not declare, one macro per class, which the class's body ends with (a header cannot add members to a",
        "// class it does not define). Each is marked partial, as the free functions of rule_apis.h.",
        f"// {count} declarations; {len(left)} left out (naming a type the hand-written header lacks).",
        "#ifndef PYASC_BUNDLED_RULE_MEMBERS_H",
        "#define PYASC_BUNDLED_RULE_MEMBERS_H",
        "",
        f'#define PYASC_RULE_MEMBER_WHY "{PARTIAL_WHY}"',
        "",
    ]
    for cls, lines in members.items():
        body = [f"{x}" for x in lines if not x.lstrip().startswith("//")]
        out.append(f"#define {_member_macro(cls)}" + ("" if not body else " \\\n" + " \\\n".join(
            ["public:", *body])))
        out.append("")
    out += ["#endif  // PYASC_BUNDLED_RULE_MEMBERS_H", ""]
    return "\n".join(out), left


def write_header() -> list[tuple[str, str]]:
    facts = json.loads(FACTS.read_text(encoding="utf-8"))
    bundled = BUNDLED.read_text(encoding="utf-8")
    text, left = rule_header(facts, bundled)
    RULE_HEADER.write_text(text, encoding="utf-8")
    members, left_members = rule_members(facts, bundled)
    MEMBERS_HEADER.write_text(members, encoding="utf-8")
    return left + left_members


def main(argv: list[str]) -> int:
    if argv == ["--header"]:
        left = write_header()
        print(f"{RULE_HEADER.relative_to(ROOT)}, {MEMBERS_HEADER.relative_to(ROOT)}: {len(left)} declarations left "
              "out")
        for name, why in left:
            print(f"  {name}: {why}")
        return 0
    if argv == ["--spec"]:
        text = derive()
        (Path(__file__).resolve().parent.parent / "pyasc" / "language" / "api" / "rule_spec.json").write_text(
            text, encoding="utf-8")
        return 0
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    sys.stdout.write(render(extract(headers(argv[0]), headers(argv[0], IMPL))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
