"""analyze() in two calls, for a caller that runs other work between a file's diagnostics and the rest of its
analysis: a language server analyzes the open files that import an edited module before it generates that module's
C++, so the importers' diagnostics do not wait for it.

The cyclic collector stays paused from the first call to the end of the second (gcpause.py): resumed in between, it
would make its first pass over everything the first stage allocated at once, in whatever runs next (the importer's
analysis, whose diagnostics would wait for it); at the end of the last stage it runs after every diagnostic is out.
A Staged dropped unfinished ends its pause when it is collected."""

from __future__ import annotations

import logging
import weakref
from collections.abc import Generator
from dataclasses import dataclass, field

from ...config import Config
from ...reads import UNSTABLE, recording
from ..diagnostics.model import Diagnostic
from .analysis import AnalysisCache, stages
from .gcpause import CollectorPaused
from .results import Analysis

log = logging.getLogger(__name__)


@dataclass
class Staged:
    """An analysis stopped once its diagnostics are known: they are `diagnostics` (those of the whole result unless
    generating the C++ adds one, as analyze()'s `early` says); `finish()` gives the whole result."""

    path: str
    text: str
    diagnostics: list[Diagnostic]
    _run: Generator[list[Diagnostic], None, Analysis]
    _seen: dict[str, str]
    _pause: weakref.finalize = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._pause = weakref.finalize(self, CollectorPaused().__exit__, None, None, None)
        """Ends the collector's pause the first stage took: at the end of finish(), or when this is collected."""

    def finish(self) -> Analysis:
        """The rest of the analysis (once: the result holds what both stages read).  Never raises."""
        try:
            with recording() as seen:
                try:
                    next(self._run)
                except StopIteration as done:
                    result = done.value
                else:
                    raise RuntimeError("an analysis has two stages")
            for path, state in seen.items():  # (recording's rule for a file read twice in other states)
                if self._seen.setdefault(path, state) != state:
                    self._seen[path] = UNSTABLE
            result.reads = tuple(sorted(self._seen.items()))
            return result
        except Exception as exc:  # noqa: BLE001 - as analyze(): report, never crash the caller
            log.exception("pyasc analysis failed for %s", self.path)
            return Analysis.failed(self.path, self.text, exc)
        finally:
            self._pause()


def analyze_staged(text: str, path: str = "<memory>", config: Config | None = None,
                   cache: AnalysisCache | None = None) -> Analysis | Staged:
    """analyze(text, path, config, cache) up to its diagnostics: a Staged whose finish() gives the rest, or the
    whole result when there is nothing to show before it (every kernel came from the cache, or the analysis
    failed).  Never raises."""
    config = config or Config()
    pause = CollectorPaused()
    pause.__enter__()
    staged = False
    try:
        with recording() as seen:
            run = stages(text, path, config, cache)
            try:
                diagnostics = next(run)
            except StopIteration as done:
                result = done.value
                result.reads = tuple(sorted(seen.items()))
                return result
        out = Staged(path, text, diagnostics, run, dict(seen))
        staged = True  # the pause is the Staged's to end
        return out
    except Exception as exc:  # noqa: BLE001 - as analyze()
        log.exception("pyasc analysis failed for %s", path)
        return Analysis.failed(path, text, exc)
    finally:
        if not staged:
            pause.__exit__(None, None, None)
