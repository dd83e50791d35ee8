"""A per-thread off switch for the compiler's caches across analyses (helper specializations, kept lowerings, the
checks' summaries): the tests and the differential scripts compute a result with every cache off in the same
process, while the server's analysis thread keeps its caches on."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator


class Switch:
    """On unless a `disabled()` block runs in this thread."""

    def __init__(self) -> None:
        self._off = threading.local()

    @contextlib.contextmanager
    def disabled(self) -> Iterator[None]:
        """Compute everything afresh in this thread while the block runs (the result to compare with)."""
        before = getattr(self._off, "on", False)
        self._off.on = True
        try:
            yield
        finally:
            self._off.on = before

    def enabled(self) -> bool:
        return not getattr(self._off, "on", False)
