"""Read the public Ascend C headers and write the facts of the APIs they declare, for the rule-derived spec.

pyasc binds Ascend C one to one, so the header's declarations predict the bindings of APIs CANN's pyasc does not
bind yet. This script extracts, from asc-devkit's `include/` (basic and advanced APIs), the facts only: each public
function of namespace AscendC (its name, template parameters, parameters with their C++ types and defaults, the
header and line it is declared at, the dtypes its documentation states), the fields of its structs and the members
of its enums. It writes them as a JSON table (`pyasc/language/api/ascendc_facts.json`), which is reviewed and
committed; `pyasc/language/api/rule.py` turns the table into spec entries. No header text is kept.

    python scripts/ascendc_api_facts.py ASC_DEVKIT_GIT_DIR > pyasc/language/api/ascendc_facts.json

The argument is a git directory (its HEAD is read) or a checkout's root folder. Then

    python scripts/ascendc_api_facts.py --spec

derives the spec entries from the facts and the hand-written tables (rule.build) and writes them to
`pyasc/language/api/rule_spec.json`, which the registry loads (the file is written after the derivation, which
reads the registry and so the old file: a shell redirection into it would empty it first).

    python scripts/ascendc_api_facts.py --header

writes `pyasc/toolchain/include/lib/rule_apis.h`, which the bundled `kernel_operator.h` includes: a declaration of
every free function of the facts whose name the header's hand-written part does not declare, marked partial (its
dtype rules are not modelled). It is written from the facts, not from the spec, so that clang still checks the code
generator's C++ against an independent description. A declaration whose types, or defaults, name something the
bundled header does not declare is left out; the header's first comment counts them and the script prints their
names.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

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


@dataclass
class Struct:
    name: str
    header: str
    line: int
    fields: list[tuple[str, str, str | None]] = field(default_factory=list)


@dataclass
class Enum:
    name: str
    header: str
    line: int
    members: list[tuple[str, int]] = field(default_factory=list)


@dataclass
class Facts:
    functions: list[Function] = field(default_factory=list)
    structs: list[Struct] = field(default_factory=list)
    enums: list[Enum] = field(default_factory=list)


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
_ENUM = re.compile(r"^(?:typedef\s+)?enum\s+(?:class\s+|struct\s+)?(?P<name>\w+)?", re.S)
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
                    facts.enums.append(_enum(enum.group("name"), text[i + 1:close - 1], header,
                                             _line(text, decl_at)))
            elif head and "(" not in stripped.split(head.group("name"))[0] and not _is_function(stripped):
                name = head.group("name")
                inner = Struct(name, header, _line(text, decl_at))
                public = _public_scope(scope) and not _PRIVATE.search(name) and access_public
                _block(text, i + 1, close - 1, [*scope, name], header, facts, notes, raw,
                       inner if public else None)
                if public and head.group("kind") == "struct":
                    facts.structs.append(inner)
            elif struct is not None and access_public and "(" not in stripped and re.fullmatch(
                    r"[\w:<>, ]+[\s&*]\w+", stripped) and not stripped.startswith(("static", "using", "friend")):
                d = _decl(stripped)  # `uint32_t srcM{0};`: a field with a brace initializer
                if d is not None:
                    struct.fields.append((d[0], d[1], " ".join(text[i:close].split())))
            else:
                _record(stripped, scope, header, _line(text, decl_at), facts, notes, decl_at, raw, access_public,
                        body=text[i + 1:close - 1])
            i = close
            while i < end and text[i] in " \t\n;":
                i += 1
            start = i
            continue
        # `;`
        if stripped:
            if not _record(stripped, scope, header, _line(text, decl_at), facts, notes, decl_at, raw,
                           access_public) and struct is not None and access_public and "(" not in stripped \
                    and not stripped.startswith(("static", "using", "friend", "typedef", "template")):
                d = _decl(stripped.replace("{", "= {", 1) if "{" in stripped and "=" not in stripped else stripped)
                if d is not None:
                    ctype, fname, default = d
                    if default and default.startswith("= {"):
                        default = default[2:]
                    struct.fields.append((ctype, fname, default))
        i += 1
        start = i


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


def headers(source: str) -> list[tuple[str, str]]:
    """(path, text) of every API header, from a git directory's HEAD or a folder."""
    root = Path(source)
    if (root / "HEAD").is_file() and (root / "objects").is_dir():
        names = subprocess.run(["git", "-C", source, "ls-tree", "-r", "--name-only", "HEAD", "include"],
                               check=True, capture_output=True, text=True).stdout.split()
        wanted = [n for n in names if n.startswith(ROOTS) and n.endswith(".h") and not any(s in n for s in SKIP)]
        return [(n, subprocess.run(["git", "-C", source, "show", f"HEAD:{n}"], check=True, capture_output=True)
                 .stdout.decode("utf-8", "replace")) for n in sorted(wanted)]
    out = []
    for p in sorted(root.rglob("*.h")):
        rel = p.relative_to(root).as_posix()
        if rel.startswith(ROOTS) and not any(s in rel for s in SKIP):
            out.append((rel, p.read_text(encoding="utf-8", errors="replace")))
    return out


def extract(files: list[tuple[str, str]]) -> Facts:
    facts = Facts()
    for path, text in files:
        scan(text, path, facts)
    return _dedupe(facts)


def _dedupe(facts: Facts) -> Facts:
    """One record per distinct declaration (architecture branches of a header often repeat it)."""
    seen: set[object] = set()
    fns = []
    for f in facts.functions:
        key = (f.scope, f.name, f.template, f.params)
        if key not in seen:
            seen.add(key)
            fns.append(f)
    structs: dict[str, Struct] = {}
    for s in facts.structs:
        if s.fields and s.name not in structs:
            structs[s.name] = s
    enums: dict[str, Enum] = {}
    for e in facts.enums:
        if e.members and e.name not in enums:
            enums[e.name] = e
    return Facts(fns, list(structs.values()), list(enums.values()))


def render(facts: Facts, source: str = "asc-devkit include/") -> str:
    """The facts as JSON, one declaration a line (reviewable diffs): functions as [scope, name, header, line,
    template parameters, parameters, return type, documented dtypes]; a template parameter is [`typename` or a
    value's C++ type, name, default], a parameter [C++ type, name, default]; structs as [name, header, line, fields];
    enums as [name, header, line, members as [name, value]]."""
    def rows(items: list[list[object]]) -> str:
        return ",\n".join("    " + json.dumps(r, ensure_ascii=False) for r in items)

    fns = [[f.scope, f.name, f.header, f.line, f.template, f.params, f.returns, f.dtypes] for f in facts.functions]
    structs = [[s.name, s.header, s.line, s.fields] for s in facts.structs]
    enums = [[e.name, e.header, e.line, e.members] for e in facts.enums]
    return (f'{{"source": {json.dumps(source)},\n"generator": "scripts/ascendc_api_facts.py",\n'
            f'"functions": [\n{rows(fns)}\n],\n"structs": [\n{rows(structs)}\n],\n"enums": [\n{rows(enums)}\n]}}\n')


def derive() -> str:
    """The spec entries the rule derives from the committed facts, given the hand-written tables (`--spec`)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from pyasc.language import registry
    from pyasc.language.api import rule

    return rule.dump(rule.build(*registry.HANDWRITTEN))


# ---------------------------------------------------------------------------------------------------------------------
# The bundled header's declarations of the facts' functions (`--header`).

ROOT = Path(__file__).resolve().parent.parent
FACTS = ROOT / "pyasc" / "language" / "api" / "ascendc_facts.json"
BUNDLED = ROOT / "pyasc" / "toolchain" / "include" / "kernel_operator.h"
RULE_HEADER = ROOT / "pyasc" / "toolchain" / "include" / "lib" / "rule_apis.h"
RULE_INCLUDE = '#include "lib/rule_apis.h"'

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
    _scope, name, header, line, template, params, returns, _dtypes = fn
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


def rule_header(facts: dict, bundled: str) -> tuple[str, list[tuple[str, str]]]:
    """The generated header's text and the declarations left out as (name at header:line, why)."""
    bundled = bundled.replace(RULE_INCLUDE, "")
    known, hand = declared_names(bundled)
    seen: set[tuple] = set()
    kept: list[str] = []
    left: list[tuple[str, str]] = []
    for fn in facts["functions"]:
        scope, name, header, line, template, params, returns, _dtypes = fn
        if scope != "AscendC" or name in hand or name in known:
            continue
        key = _signature(fn)
        if key in seen:
            continue
        seen.add(key)
        local = known | {n for _k, n, _d in template}
        words = [w for k, _n, d in template for w in _unknown(f"{k} {d or ''}", local)]
        words += [w for k, _n, d in params for w in _unknown(f"{k} {d or ''}", local)]
        words += _unknown(returns, local)
        if words:
            left.append((f"{name} ({header}:{line})", "names " + ", ".join(dict.fromkeys(words))
                         + ", which the bundled header does not declare"))
            continue
        kept.append(_declaration(fn))
    names = sorted({n.split(" ")[0] for n, _ in left})
    text = "\n".join([
        "// GENERATED by scripts/ascendc_api_facts.py --header from pyasc/language/api/ascendc_facts.json:",
        "// do not edit.",
        "//",
        "// The free functions of Ascend C's public headers that the hand-written part of kernel_operator.h does",
        "// not declare, as the headers declare them (template parameters, parameters, defaults, return type), so",
        "// that the C++ of an API pyasc knows by rule (pyasc/language/api/rule.py) is checked by clang for its",
        "// names, arity and types. Each is marked partial: its calls get PA803, its dtype rules not modelled.",
        f"// {len(kept)} declarations; {len(left)} left out ({len(names)} distinct names), their types or defaults",
        "// naming something this header does not declare (`--header` prints them with the names they lack).",
        "#ifndef PYASC_BUNDLED_RULE_APIS_H",
        "#define PYASC_BUNDLED_RULE_APIS_H",
        "",
        f'#define PYASC_RULE_WHY "{PARTIAL_WHY}"',
        "",
        "namespace AscendC {",
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


def write_header() -> list[tuple[str, str]]:
    text, left = rule_header(json.loads(FACTS.read_text(encoding="utf-8")), BUNDLED.read_text(encoding="utf-8"))
    RULE_HEADER.write_text(text, encoding="utf-8")
    return left


def main(argv: list[str]) -> int:
    if argv == ["--header"]:
        left = write_header()
        print(f"{RULE_HEADER.relative_to(ROOT)}: {len(left)} declarations left out")
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
    sys.stdout.write(render(extract(headers(argv[0]))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
