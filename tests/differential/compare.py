"""What the differential suite compares between CANN's C++ and ours: the sequence of Ascend C calls.

Both compilers must agree on which Ascend C operations run in which order; names, constants, declarations and
layout legitimately differ (CANN prints SSA names like ``v12`` and inlines every helper; we keep the Python names,
emit helpers as functions and generic kernels as templates).
"""

from __future__ import annotations

import re

_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_STRING = re.compile(r'"(?:\\.|[^"\\])*"')
_PREPROCESSOR = re.compile(r"^[ \t]*#[^\n]*", re.M)
# A function definition at the top level: its name, then its parameter list, then its body's opening brace.
_FUNC = re.compile(r"(?:^|\n)[^\n;{}#]*?\b([A-Za-z_]\w*)\s*\(([^;{}]*)\)\s*(?:const\s*)?\{")
# `x.template M<...>(...)` (a member template of a dependent type) is the member call M.
_CALL = re.compile(r"(AscendC::|\.|->)?(?:(?<=\.|>)template\s+)?\b([A-Za-z_]\w*)\s*(<)?")
# `AscendC::Name x ...` or `AscendC::Name<...> x ...`: Name is a type, and `AscendC::Name(...)` constructs one.
_DECLARED = re.compile(r"AscendC::(\w+)(?!\w)\s*(?:<[^;{}()]*>)?\s*[&*]?\s*[A-Za-z_]\w*\s*[=;({\[,)]")
# Parameter structs are constructed, not called, whichever way a compiler spells it (`T v{...}`, `T(...)`).
_TYPE_SUFFIXES = ("Params", "Param", "Info", "Config", "Tiling", "ParamsExt", "ParamsV1", "ParamsV2", "ParamsV2Pro",
                  "ParamsV220")
# Compile-time type predicates of our generic kernels; evaluated (see _fold_type_guards), never compared.
_PREDICATES = ("SupportType", "IsSameType")
_GUARD = re.compile(r"\bif\s*(?:constexpr\s*)?\(")
_SUPPORT = re.compile(r"AscendC::SupportType<\s*(\w+)\s*,([^<>]*)>\s*\(\s*\)")
_SAME = re.compile(r"AscendC::IsSameType<\s*(\w+)\s*,\s*([\w ]+?)\s*>::value")
# CANN's kernel parameters: `__gm__ half* v1_x` is the parameter x, of element type half.
_CANN_PARAM = re.compile(r"__gm__\s+([\w:]+)\s*\*\s*v\d+_(\w+)")


def _clean(cpp: str) -> str:
    return _PREPROCESSOR.sub("", _STRING.sub('""', _COMMENT.sub("", cpp)))


def _match(text: str, i: int, open_: str, close: str) -> int:
    """i is the index of an opening bracket; returns the index just after its partner."""
    depth = 0
    while i < len(text):
        if text[i] == open_:
            depth += 1
        elif text[i] == close:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return len(text)


def _skip_template(text: str, i: int) -> int:
    """i is just after a '<'; returns the index after its matching '>' (or -1 if it is a comparison)."""
    depth = 1
    while i < len(text) and depth:
        if text[i] == "<":
            depth += 1
        elif text[i] == ">":
            depth -= 1
        elif text[i] in ";{}":
            return -1
        i += 1
    return i if depth == 0 else -1


def _functions(text: str) -> dict[str, tuple[str, bool]]:
    """Top-level function name -> (body, is a __global__ kernel)."""
    found: dict[str, tuple[str, bool]] = {}
    pos = 0
    while True:
        m = _FUNC.search(text, pos)
        if m is None:
            return found
        end = _match(text, m.end() - 1, "{", "}")
        if m.group(1) not in ("if", "for", "while", "switch"):
            found[m.group(1)] = (text[m.end():end - 1], "__global__" in text[m.start():m.end()])
        pos = end


def cann_dtypes(cann_cpp: str) -> dict[str, str]:
    """Python parameter name -> element type, from the signature of CANN's kernel (CANN specializes on them)."""
    return {name: ctype.replace("AscendC::", "") for ctype, name in _CANN_PARAM.findall(cann_cpp)}


def _guard_value(cond: str, dtypes: dict[str, str]) -> bool | None:
    """The value of a condition made only of type predicates on T_<param>, or None if it is anything else."""
    def bound(t: str) -> str | None:
        return dtypes.get(t[2:]) if t.startswith("T_") else None

    def support(m: re.Match[str]) -> str:
        t = bound(m.group(1))
        return "?" if t is None else str(t in [x.strip() for x in m.group(2).split(",")])

    def same(m: re.Match[str]) -> str:
        t = bound(m.group(1))
        return "?" if t is None else str(t == m.group(2).strip())

    expr = _SAME.sub(same, _SUPPORT.sub(support, cond))
    expr = expr.replace("&&", " and ").replace("||", " or ").replace("!", " not ")
    if re.fullmatch(r"[\s()]*(?:(?:True|False|and|or|not)[\s()]*)+", expr) is None:
        return None
    return bool(eval(expr, {"__builtins__": {}}))  # only True/False/and/or/not/parentheses remain


def _fold_type_guards(body: str, dtypes: dict[str, str]) -> str:
    """Replaces `if (<type predicates>) {A} else {B}` by the branch the kernel's dtypes take."""
    pos = 0
    while True:
        m = _GUARD.search(body, pos)
        if m is None:
            return body
        cond_end = _match(body, m.end() - 1, "(", ")")
        value = _guard_value(body[m.end():cond_end - 1], dtypes)
        brace = cond_end
        while brace < len(body) and body[brace].isspace():
            brace += 1
        if value is None or brace >= len(body) or body[brace] != "{":
            pos = m.end()
            continue
        then_end = _match(body, brace, "{", "}")
        rest = re.match(r"\s*else\s*\{", body[then_end:])
        else_part, end = "", then_end
        if rest:
            end = _match(body, then_end + rest.end() - 1, "{", "}")
            else_part = body[then_end + rest.end():end - 1]
        chosen = body[brace + 1:then_end - 1] if value else else_part
        body = body[:m.start()] + chosen + body[end:]
        pos = m.start()


def _count_args(args: str) -> int:
    """The number of top-level comma-separated arguments (template brackets are counted as nesting)."""
    if not args.strip():
        return 0
    depth, count = 0, 1
    for c in args:
        if c in "([{<":
            depth += 1
        elif c in ")]}>":
            depth -= 1
        elif c == "," and depth == 0:
            count += 1
    return count


def _raw_calls(body: str) -> list[tuple[str, str, int]]:
    """(kind, name, number of arguments) in evaluation order (a call's arguments before the call): kind 'api'
    for AscendC::F(...), 'method' for x.M(...), 'local' for f(...)."""
    found: list[tuple[int, str, str, int]] = []
    pos = 0
    while True:
        m = _CALL.search(body, pos)
        if m is None:
            return [(kind, name, n) for _, kind, name, n in sorted(found)]
        prefix, name = m.group(1), m.group(2)
        pos = j = m.end()
        if m.group(3):
            j = _skip_template(body, j)
            if j < 0:
                continue
        while j < len(body) and body[j].isspace():
            j += 1
        if j >= len(body) or body[j] != "(":
            continue
        close = _match(body, j, "(", ")")
        n = _count_args(body[j + 1:close - 1])
        if prefix == "AscendC::":
            found.append((close, "api", name, n))
        elif prefix in (".", "->"):
            if name[:1].isupper():
                found.append((close, "method", name, n))
        elif prefix is None:
            found.append((close, "local", name, n))


def calls(cpp: str, kernel: str | None = None, dtypes: dict[str, str] | None = None) -> list[str]:
    """The Ascend C calls a kernel makes, in evaluation order, with the file's own helper functions inlined.

    Compared: ``AscendC::F(...)`` and ``AscendC::F<...>(...)`` (as ``F/<number of arguments>``) and member calls
    ``x.M(...)`` whose name is capitalized, as Ascend C's classes spell methods (as ``.M/<number>``); a call's
    arguments come before it (``x.SetGlobalBuffer(p + AscendC::GetBlockIdx())`` is GetBlockIdx/0, then
    .SetGlobalBuffer/1).  Not compared, because they legitimately differ: template arguments, the arguments'
    spelling, variable names, constants, declarations, loop and branch structure, and boilerplate outside
    ``AscendC::`` (``set_ffts_base_addr``, casts).  Constructors are not calls: ``AscendC::T(...)`` where the file
    declares a variable of type ``T``, or where ``T`` ends in Params, Param, Info, Config, Tiling, ParamsExt,
    ParamsV1, ParamsV2, ParamsV2Pro or ParamsV220 (CANN writes ``T v{...}``, we may write ``T v = T(...)``).  A
    call of a function the C++ itself defines is replaced by that function's calls, since CANN's inliner inlines
    every helper.
    Our generic kernels are specialized as CANN's are: with ``dtypes`` (parameter -> element type, see
    ``cann_dtypes``) an ``if`` on SupportType/IsSameType of ``T_<param>`` keeps only the branch taken.
    ``kernel`` (a name, or ``outer.name`` for a nested kernel) picks the ``__global__`` function when the file
    has several: ``outer_name``, else ``name``, else the one ending in ``_name``.
    """
    text = _clean(cpp)
    funcs = _functions(text)
    kernels = [name for name, (_, is_global) in funcs.items() if is_global]
    named = []
    if kernel is not None:  # `outer.kernel` may be emitted as kernel, outer_kernel or <anything>_kernel
        leaf = kernel.rpartition(".")[2]
        named = [k for k in kernels if k == kernel.replace(".", "_")] or [k for k in kernels if k == leaf] or \
            [k for k in kernels if k.endswith("_" + leaf)]
    if len(named) == 1:
        entry = named[0]
    elif len(kernels) == 1:
        entry = kernels[0]
    else:
        raise LookupError(f"cannot choose the kernel {kernel!r} among {kernels}")
    types = set(_DECLARED.findall(text))

    def expand(name: str, stack: tuple[str, ...]) -> list[str]:
        seq: list[str] = []
        for kind, callee, n in _raw_calls(_fold_type_guards(funcs[name][0], dtypes or {})):
            if kind == "api":
                if callee not in types and callee not in _PREDICATES and not callee.endswith(_TYPE_SUFFIXES):
                    seq.append(f"{callee}/{n}")
            elif kind == "method":
                seq.append(f".{callee}/{n}")
            elif callee in funcs and callee not in stack:
                seq.extend(expand(callee, stack + (callee,)))
        return seq

    return expand(entry, (entry,))


def _param_counts(params: str) -> tuple[int, int]:
    """(required, total) parameters of a C++ parameter list."""
    parts = [p for p in _split_top(params) if p.strip() and p.strip() != "void"]
    return sum(1 for p in parts if "=" not in p), len(parts)


def _split_top(args: str) -> list[str]:
    out, depth, start = [], 0, 0
    for i, c in enumerate(args):
        if c in "([{<":
            depth += 1
        elif c in ")]}>":
            depth -= 1
        elif c == "," and depth == 0:
            out.append(args[start:i])
            start = i + 1
    out.append(args[start:])
    return out


def helper_call_errors(cpp: str) -> list[str]:
    """Placeholders (`/* ...: not generated by pyasc */`) and calls of the C++ file's own functions with a number
    of arguments the function does not take.

    CANN inlines helpers, so its C++ has no such calls to compare with; a mismatch in ours means the C++ would not
    compile, whatever the Ascend C calls are.
    """
    text = _clean(cpp)
    signatures: dict[str, tuple[int, int]] = {}
    pos = 0
    while (m := _FUNC.search(text, pos)) is not None:
        if m.group(1) not in ("if", "for", "while", "switch"):
            signatures[m.group(1)] = _param_counts(m.group(2))
        pos = _match(text, m.end() - 1, "{", "}")
    errors = [f"a placeholder where C++ is missing: {line.strip()[:100]}" for line in cpp.splitlines()
              if "not generated by pyasc */" in line]
    for name, (body, _) in _functions(text).items():
        for kind, callee, n in _raw_calls(body):
            if kind == "local" and callee in signatures:
                low, high = signatures[callee]
                if not low <= n <= high:
                    errors.append(f"{name} calls {callee} with {n} arguments, it takes {low}..{high}")
    return errors


# Calls that only read a value: CANN's tracer drops them when the value is never used (its IR has no use of the
# result, so its dead-code elimination removes the operation); we keep the user's statement.
_READS = re.compile(r"\.?(Get\w*|ReinterpretCast)/\d+")


def deliberate(ours: list[str], theirs: list[str]) -> str | None:
    """Why two call sequences that differ still mean the same, or None if they do not.

    - defaults: the same calls in the same order, ours with fewer arguments: we leave trailing arguments to their
      C++ defaults (``SetTensorA(a)``), CANN spells every default (``SetTensorA(a, false)``).
    - unused reads: CANN's sequence is ours without some value-reading calls (``GetBlockIdx``, ``GetPhyAddr``,
      ``ReinterpretCast``) whose result the kernel never uses, which CANN's dead-code elimination removes; the
      same rule admits ``GetTPipePtr``, the pipe a helper that insert_sync fences inside fetches its event ids from
      (CANN, which inlines the helper, uses the kernel's pipe variable).
    - merged barriers: CANN merges adjacent pipe barriers (two of one pipe into one, any beside PIPE_ALL into
      it); we write each barrier the kernel writes.  The pipe is a template argument, so the sequences agree once
      each run of adjacent ``PipeBarrier`` calls counts as one.
    """
    def split(c: str) -> tuple[str, int]:
        name, _, n = c.rpartition("/")
        return name, int(n)

    def same_but_defaults(a: list[str], b: list[str]) -> bool:
        if len(a) != len(b):
            return False
        pairs = [(split(x), split(y)) for x, y in zip(a, b, strict=True)]
        return all(x[0] == y[0] and x[1] <= y[1] for x, y in pairs)

    if ours == theirs:
        return None
    if same_but_defaults(ours, theirs):
        return "defaults"
    if _merge_barriers(ours) == _merge_barriers(theirs) and len(ours) != len(theirs):
        return "merged barriers"
    kept, rest = [], list(theirs)
    for call in ours:  # theirs must be ours minus reads (in order), up to spelled defaults
        if rest and split(call)[0] == split(rest[0])[0]:
            kept.append(call)
            rest.pop(0)
        elif _READS.fullmatch(call) is None:
            return None
    return "unused reads" if not rest and same_but_defaults(kept, theirs) else None


def _merge_barriers(seq: list[str]) -> list[str]:
    """The call sequence with each run of adjacent pipe barriers counted once."""
    return [c for i, c in enumerate(seq) if not (c.startswith("PipeBarrier/") and i and seq[i - 1] == c)]
