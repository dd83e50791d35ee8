"""Same-project imports: the reader that finds a module of the user's project beside the file (pyasc/reads.py records
what it read)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from ...reads import read_source


def relative_reader(path: str) -> Callable[[str], tuple[str, str] | None] | None:
    if path.startswith("<"):
        return None
    return project_reader(Path(path).parent)


def project_reader(folder: Path) -> Callable[[str], tuple[str, str] | None]:
    """Resolve `mod`, `pkg.mod` or `.mod` to a file of the same project (never a site-packages module)."""

    def read(module: str) -> tuple[str, str] | None:
        level = len(module) - len(module.lstrip("."))
        parts = [p for p in module.lstrip(".").split(".") if p]
        base = folder
        for _ in range(max(0, level - 1)):
            base = base.parent
        roots = [base] if level else [folder, *list(folder.parents)[:2]]
        for root in roots:
            for candidate in (root.joinpath(*parts).with_suffix(".py"), root.joinpath(*parts, "__init__.py")):
                text = read_source(candidate)  # noted, present or not, for results kept across sessions
                if text is not None:
                    return str(candidate), text
        return None

    return read
