"""Delta debugging of a generated program: the smallest program that still shows the same disagreement.

Each round builds every candidate one step smaller (a function dropped, a chunk of statements removed, a call
replaced by its form with only the required arguments) and judges them all in one batch (one oracle process),
keeping the smallest that still has an outcome with the same signature (kind and family); the chunks halve when
no candidate keeps it, down to single statements.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .program import Program, drop_func, edit, remove_many, statements
from .verdict import run

Judge = Callable[[list[Program]], list[bool]]


def judge_for(signature: str, simulate: bool = True) -> Judge:
    """A judge that runs the whole comparison and looks for `signature` among each candidate's outcomes."""
    kind = signature.split(" ", 1)[0]

    def judge(candidates: list[Program]) -> list[bool]:
        verdicts, _ = run(candidates, simulate=simulate, cpp_check=kind == "cpp")
        return [any(o.signature == signature for o in verdicts[c.name].outcomes) for c in candidates]
    return judge


def _size(p: Program) -> int:
    return len(statements(p)) + len(p.funcs)


def _candidates(p: Program, chunk: int) -> list[Program]:
    found = [drop_func(p, i) for i in range(len(p.funcs))]
    stmts = statements(p)
    paths = [path for path, _ in stmts]
    found += [remove_many(p, paths[i:i + chunk]) for i in range(0, len(paths), chunk)]
    for path, s in stmts:
        found += [edit(p, path, replace(s, text=v, variants=())) for v in s.variants]
    return found


def shrink(program: Program, judge: Judge, max_rounds: int = 40) -> Program:
    """The smallest program found that the judge still holds to show the disagreement (at worst `program`)."""
    current = program
    chunk = max(1, len(statements(current)) // 2)
    serial = 0
    for _ in range(max_rounds):
        candidates = []
        for c in _candidates(current, chunk):
            serial += 1
            candidates.append(replace(c, index=program.index * 100000 + serial))
        kept = [c for c, ok in zip(candidates, judge(candidates), strict=True) if ok]
        if kept:
            current = min(kept, key=lambda c: (_size(c), len(c.render())))
            chunk = min(chunk, max(1, len(statements(current)) // 2))
        elif chunk == 1:
            break
        else:
            chunk = max(1, chunk // 2)
    return replace(current, index=program.index, shrunk=current is not program)
