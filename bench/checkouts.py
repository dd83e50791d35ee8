"""What the benches with a baseline share: a git revision unpacked beside this checkout, and fresh child processes
of the two trees taking turns so that both see the same load."""

from __future__ import annotations

import compileall
import statistics
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

T = TypeVar("T")

PACKAGES = ("pyasc", "pyasc_lsp")


def unpack(checkout: Path, rev: str, into: Path) -> Path:
    """The tree of `rev` (any git revision of `checkout`) extracted into `into`, its packages byte-compiled as an
    installed copy would be (a fresh tree would otherwise pay the compilation on its first import only)."""
    data = subprocess.run(["git", "-C", str(checkout), "archive", "--format=tar", rev], capture_output=True,
                          check=True).stdout
    into.mkdir(parents=True, exist_ok=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=data, check=True)
    compile_tree(into)
    return into


def compile_tree(tree: Path) -> None:
    """Byte-compile the packages of `tree`, so that no measured import compiles source."""
    for package in PACKAGES:
        if (tree / package).is_dir():
            compileall.compile_dir(str(tree / package), quiet=1)


def alternate(trees: dict[str, Path], rounds: int, run: Callable[[Path], T]) -> dict[str, list[T]]:
    """`run(tree)` for each tree, `rounds` times, the order reversed every other round."""
    runs: dict[str, list[T]] = {name: [] for name in trees}
    for i in range(rounds):
        order = list(trees.items()) if i % 2 == 0 else list(trees.items())[::-1]
        for name, tree in order:
            runs[name].append(run(tree))
    return runs


def median_of(runs: list[dict[str, float]], key: str) -> float:
    return statistics.median(r[key] for r in runs)
