"""What is derived from one syntax tree node, kept as long as that node lives.

An edit leaves the statements it did not touch as the same trees (parse.py's units, funcparse.py's pieces), so what
a walk of such a statement found stays true for it: kept by the node itself (weakly, so the parse caches' bounds are
the only bounds), under a lock, as the language server analyzes in more than one thread."""

from __future__ import annotations

import ast
import threading
import weakref
from collections.abc import Callable
from typing import Generic, TypeVar

V = TypeVar("V")


class NodeMemo(Generic[V]):
    """node -> a value derived from it, for as long as the node lives."""

    def __init__(self) -> None:
        self._values: weakref.WeakKeyDictionary[ast.AST, V] = weakref.WeakKeyDictionary()
        self._lock = threading.Lock()

    def get(self, node: ast.AST) -> V | None:
        with self._lock:
            return self._values.get(node)

    def put(self, node: ast.AST, value: V) -> None:
        with self._lock:
            self._values[node] = value

    def value(self, node: ast.AST, derive: Callable[[ast.AST], V]) -> V:
        """The value kept for `node`, derived (outside the lock) and kept the first time."""
        got = self.get(node)
        if got is None:
            got = derive(node)
            self.put(node, got)
        return got
