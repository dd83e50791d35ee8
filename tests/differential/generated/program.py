"""The generated program as data: statements the shrinker can drop or simplify, rendered to a CANN-style file.

A program is module lines (imports, constants, structs), functions (helpers and kernels, each a list of
statements) and the launch; every statement carries the form family it exercises (`tag`), so that a diagnostic's
line names the family it falls in, and the simpler spellings of itself the shrinker may try (`variants`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Stmt:
    """One statement (or a block: `head` ending in ':' with `body`), tagged with its form or API family."""

    text: str
    tag: str = "base"
    variants: tuple[str, ...] = ()
    body: tuple[Stmt, ...] = ()
    api: str = ""
    """The spec name of the API this statement calls (`add`, `adv.exp`), when it calls one."""


@dataclass(frozen=True)
class Func:
    """A helper or kernel: decorator, `def` line, body."""

    decorator: str
    head: str
    body: tuple[Stmt, ...]
    tag: str = "kernel"


@dataclass(frozen=True)
class Program:
    seed: int
    index: int
    module: tuple[Stmt, ...]
    funcs: tuple[Func, ...]
    launch: tuple[Stmt, ...]
    forms: frozenset[str] = frozenset()
    """The form families the program uses (`queue`, `helper`, `tuple_name`, ...)."""
    apis: tuple[str, ...] = ()
    """The APIs it calls, by spec name."""
    mutation: str = ""
    """The invalid form planted in it (`bad_dtype:add`), empty for a program meant to be valid."""
    shrunk: bool = False
    """Reduced by the shrinker: `forms` are those of the program it was reduced from."""

    @property
    def name(self) -> str:
        return f"g{self.seed}_{self.index:04d}"

    def render(self) -> str:
        return render(self)[0]

    def line_tags(self) -> dict[int, Stmt]:
        """1-based line -> the statement written there."""
        return render(self)[1]


def _emit(stmts: tuple[Stmt, ...], indent: str, out: list[str], where: dict[int, Stmt]) -> None:
    if not stmts:
        out.append(indent + "pass")
        return
    for s in stmts:
        for line in s.text.split("\n"):
            out.append(indent + line)
            where[len(out)] = s
        if s.text.endswith(":"):
            _emit(s.body, indent + "    ", out, where)


def render(p: Program) -> tuple[str, dict[int, Stmt]]:
    what = "shrunk from a program of" if p.shrunk else ""
    out: list[str] = [f'"""Generated program {p.name} (seed {p.seed}): {what} {", ".join(sorted(p.forms)) or "base"}'
                      f'{"; planted: " + p.mutation if p.mutation else ""}."""'.replace(":  ", ": "), ""]
    where: dict[int, Stmt] = {}
    for s in p.module:
        _emit((s,), "", out, where)
    for f in p.funcs:
        out += ["", ""]
        if f.decorator:
            out.append(f.decorator)
        out.append(f.head)
        _emit(f.body, "    ", out, where)
    out += ["", "", "def launch():"]
    _emit(p.launch, "    ", out, where)
    return "\n".join(out) + "\n", where


# The shrinker's view: every statement has a path (function index or -1 module / -2 launch, then indices into
# nested bodies); it removes statements and replaces them by their variants.

Path = tuple[int, ...]


def _walk(stmts: tuple[Stmt, ...], prefix: Path) -> list[tuple[Path, Stmt]]:
    found: list[tuple[Path, Stmt]] = []
    for i, s in enumerate(stmts):
        found.append((prefix + (i,), s))
        found.extend(_walk(s.body, prefix + (i,)))
    return found


def statements(p: Program) -> list[tuple[Path, Stmt]]:
    found = _walk(p.module, (-1,)) + _walk(p.launch, (-2,))
    for fi, f in enumerate(p.funcs):
        found.extend(_walk(f.body, (fi,)))
    return found


def _edit(stmts: tuple[Stmt, ...], path: Path, new: Stmt | None) -> tuple[Stmt, ...]:
    i, rest = path[0], path[1:]
    if rest:
        s = stmts[i]
        return stmts[:i] + (replace(s, body=_edit(s.body, rest, new)),) + stmts[i + 1:]
    return stmts[:i] + ((new,) if new is not None else ()) + stmts[i + 1:]


def edit(p: Program, path: Path, new: Stmt | None) -> Program:
    """The program with the statement at `path` replaced by `new` (None: removed)."""
    top, rest = path[0], path[1:]
    if top == -1:
        return replace(p, module=_edit(p.module, rest, new))
    if top == -2:
        return replace(p, launch=_edit(p.launch, rest, new))
    f = p.funcs[top]
    funcs = p.funcs[:top] + (replace(f, body=_edit(f.body, rest, new)),) + p.funcs[top + 1:]
    return replace(p, funcs=funcs)


def drop_func(p: Program, index: int) -> Program:
    return replace(p, funcs=p.funcs[:index] + p.funcs[index + 1:])


def remove_many(p: Program, paths: list[Path]) -> Program:
    """Removes several statements at once (deepest and last first, so the other paths stay valid)."""
    for path in sorted(paths, key=lambda q: (q[0], q[1:]), reverse=True):
        if _exists(p, path):
            p = edit(p, path, None)
    return p


def _exists(p: Program, path: Path) -> bool:
    top, rest = path[0], path[1:]
    stmts = p.module if top == -1 else p.launch if top == -2 else p.funcs[top].body if top < len(p.funcs) else ()
    for i in rest:
        if i >= len(stmts):
            return False
        s = stmts[i]
        stmts = s.body
    return True


