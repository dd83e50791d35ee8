"""The scheduling of re-analyses across files, with a controllable analyzer: an importer is analyzed after the module
it reads, with the module's buffer, and never accepts a result that read a buffer which changed under it."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from pyasc import reads
from pyasc.compiler.diagnostics.model import Diagnostic, Severity, Span
from pyasc.compiler.pipeline.results import Analysis
from pyasc.config import Config
from pyasc_lsp.features.dependents import Dependents
from pyasc_lsp.workspace import Document, Documents


class Importer:
    """An analyzer whose documents name the one file they import on their first line (`uses <path>`): it reads it
    through pyasc.reads, as the compiler does, and records what it saw."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, str | None]] = []
        self.gate: threading.Event | None = None
        self.started = threading.Event()
        self.staged = False
        """Analyze a module (a document that imports nothing) in two stages, as the compiler's analyze_staged."""
        self.events: list[tuple[str, str]] = []

    def __call__(self, text: str, path: str, config: Config, cache: object) -> Analysis | Stopped:
        with reads.recording() as seen:
            first = text.split("\n", 1)[0]
            got = reads.read_source(Path(first[5:])) if first.startswith("uses ") else None
        self.calls.append((path, got))
        self.events.append(("diagnostics", Path(path).name))
        self.started.set()
        if self.gate is not None and first.startswith("uses "):
            self.gate.wait(5)
        result = Analysis(path=path, text=text)
        result.reads = tuple(sorted(seen.items()))
        return Stopped(self, result) if self.staged and not first.startswith("uses ") else result

    def seen_by(self, doc: Document) -> str | None:
        """What the latest analysis of `doc` read of its module."""
        return next((got for path, got in reversed(self.calls) if path == doc.path), None)


class Stopped:
    """A staged result (pipeline/staged.py's Staged): the diagnostics now, the rest from finish()."""

    def __init__(self, analyzer: Importer, result: Analysis) -> None:
        self.analyzer, self.result = analyzer, result
        self.path, self.text = result.path, result.text
        self.diagnostics = [Diagnostic("PA202", Severity.ERROR, f"early in {result.text}", Span(1, 0, 1, 4))]

    def finish(self) -> Analysis:
        self.analyzer.events.append(("rest", Path(self.path).name))
        self.result.diagnostics = list(self.diagnostics)
        return self.result

def make(analyzer: Importer) -> tuple[Documents, list[tuple[str, str | None, int]], Dependents]:
    docs = Documents(analyzer, lambda path: Config(), cpp_delay=0.01)
    deps = Dependents(docs)
    accepted: list[tuple[str, str | None, int]] = []

    def record(doc: Document) -> None:
        accepted.append((Path(doc.path).name, analyzer.seen_by(doc), doc.analysis_version or 0))

    docs.on_analysis.append(record)
    docs.on_settled.append(deps.settled)
    return docs, accepted, deps


async def quiet(docs: Documents) -> None:
    """Until no front-end run of any document is left."""
    for _ in range(500):
        await asyncio.sleep(0.005)
        if all(d.task is None or d.task.done() for d in docs.all()):
            await asyncio.sleep(0.02)
            if all(d.task is None or d.task.done() for d in docs.all()):
                return
    raise AssertionError("the scheduler did not settle")


async def test_an_edit_of_a_module_reanalyzes_its_importer_after_the_module(tmp_path: Path):
    module = tmp_path / "common.py"
    module.write_text("disk", encoding="utf-8")
    analyzer = Importer()
    docs, accepted, deps = make(analyzer)
    docs.open("m", str(module), "v1", 1)
    docs.open("k", str(tmp_path / "main.py"), f"uses {module}", 1)
    await quiet(docs)
    assert ("main.py", "v1", 1) in accepted, "the open buffer is read, not the disk"
    accepted.clear()
    docs.change("m", "v2", 2)
    await quiet(docs)
    assert accepted == [("common.py", None, 2), ("main.py", "v2", 1)]
    docs.close("m")  # the file is read again
    await quiet(docs)
    assert accepted[-1] == ("main.py", "disk", 1)
    docs.shutdown()


async def test_a_staged_module_s_importer_runs_between_its_diagnostics_and_the_rest_of_it(tmp_path: Path):
    module = tmp_path / "common.py"
    analyzer = Importer()
    docs, accepted, deps = make(analyzer)
    docs.on_early.append(lambda doc, _preview: deps.early(doc))  # as features.dependents sets it up
    early: list[tuple[str, list[str]]] = []
    docs.on_early.append(lambda doc, preview: early.append((Path(doc.path).name, [d.message for d in
                                                                                   preview.diagnostics])))
    docs.open("m", str(module), "v1", 1)
    docs.open("k", str(tmp_path / "main.py"), f"uses {module}", 1)
    await quiet(docs)
    analyzer.staged = True
    accepted.clear()
    analyzer.events.clear()
    asked = deps.count
    docs.change("m", "v2", 2)
    await quiet(docs)
    assert analyzer.events == [("diagnostics", "common.py"), ("diagnostics", "main.py"), ("rest", "common.py")]
    assert early == [("common.py", ["early in v2"])], "the module's diagnostics went out before its importer ran"
    assert sorted(accepted) == [("common.py", None, 2), ("main.py", "v2", 1)]
    assert deps.count == asked + 1, "the importer analyzed once: the module's settling found its result current"
    mod = docs.get("m")
    assert mod is not None and mod.analysis is not None and mod.analysis.text == "v2"
    assert [d.message for d in mod.analysis.diagnostics] == ["early in v2"]
    docs.shutdown()


async def test_with_no_quiet_time_the_importer_is_queued_at_the_edit_behind_the_module(tmp_path: Path):
    """The analysis thread goes from the module's run to the importer's without waiting for the event loop."""
    module = tmp_path / "common.py"
    analyzer = Importer()
    docs, accepted, deps = make(analyzer)
    docs.on_change.append(deps.edited)  # as features.dependents sets it up
    docs.on_early.append(lambda doc, _preview: deps.early(doc))
    docs.open("m", str(module), "v1", 1)
    docs.open("k", str(tmp_path / "main.py"), f"uses {module}", 1)
    await quiet(docs)
    accepted.clear()
    analyzer.events.clear()
    analyzer.staged = True
    asked = deps.count
    docs.change("m", "v2", 2)
    importer = docs.get("k")
    assert importer is not None and importer.task is not None and not importer.task.done()
    assert deps.count == asked + 1 and analyzer.events == [], "queued before the module's run began"
    await quiet(docs)
    assert analyzer.events == [("diagnostics", "common.py"), ("diagnostics", "main.py"), ("rest", "common.py")]
    assert sorted(accepted) == [("common.py", None, 2), ("main.py", "v2", 1)]
    assert deps.count == asked + 1, "once: the module's early diagnostics and settling found its run current"
    # with a quiet time the edit's run waits it out: the importer is queued by the module's diagnostics instead
    docs.debounce = 0.02
    accepted.clear()
    analyzer.events.clear()
    docs.change("m", "v3", 3)
    assert importer.task.done() and deps.count == asked + 1
    await quiet(docs)
    assert analyzer.events == [("diagnostics", "common.py"), ("diagnostics", "main.py"), ("rest", "common.py")]
    assert ("main.py", "v3", 1) in accepted and deps.count == asked + 2
    docs.shutdown()


async def test_a_staged_module_s_diagnostics_go_out_before_the_thread_takes_the_importer_s_run(tmp_path: Path):
    """The importer's run queued at the edit waits in the analysis thread until the event loop has published the
    module's diagnostics: run beside the publish, the two threads would share the GIL."""
    module = tmp_path / "common.py"
    analyzer = Importer()
    docs, accepted, deps = make(analyzer)
    docs.on_change.append(deps.edited)
    docs.on_early.append(lambda doc, _preview: deps.early(doc))
    docs.on_early.append(lambda doc, _preview: analyzer.events.append(("published", Path(doc.path).name)))
    docs.open("m", str(module), "v1", 1)
    docs.open("k", str(tmp_path / "main.py"), f"uses {module}", 1)
    await quiet(docs)
    analyzer.staged = True
    analyzer.events.clear()
    accepted.clear()
    docs.change("m", "v2", 2)
    await quiet(docs)
    assert analyzer.events == [("diagnostics", "common.py"), ("published", "common.py"), ("diagnostics", "main.py"),
                               ("rest", "common.py")]
    mod = docs.get("m")
    assert mod is not None and mod.early_diagnostics is not None
    assert [d.message for d in mod.early_diagnostics] == ["early in v2"], "published once, from the staged result"
    assert sorted(accepted) == [("common.py", None, 2), ("main.py", "v2", 1)]
    docs.shutdown()


async def test_an_importer_never_accepts_a_result_that_read_an_outdated_buffer(tmp_path: Path):
    module = tmp_path / "common.py"
    analyzer = Importer()
    docs, accepted, deps = make(analyzer)
    docs.open("m", str(module), "v1", 1)
    docs.open("k", str(tmp_path / "main.py"), f"uses {module}", 1)
    await quiet(docs)
    accepted.clear()
    analyzer.gate = threading.Event()
    analyzer.started.clear()
    docs.change("m", "v2", 2)
    # the importer's re-analysis starts (after the module's), and holds
    while not any(p.endswith("main.py") and got == "v2" for p, got in analyzer.calls):
        await asyncio.sleep(0.002)
    docs.change("m", "v3", 3)  # while it reads v2
    analyzer.gate.set()
    await quiet(docs)
    importer = [a for a in accepted if a[0] == "main.py"]
    assert importer == [("main.py", "v3", 1)], "the result that read v2 was dropped, v3 analyzed after the module"
    assert accepted.index(("common.py", None, 3)) < accepted.index(("main.py", "v3", 1))
    docs.shutdown()


async def test_a_module_not_open_changed_on_disk(tmp_path: Path):
    module = tmp_path / "common.py"
    module.write_text("one", encoding="utf-8")
    analyzer = Importer()
    docs, accepted, deps = make(analyzer)
    docs.open("k", str(tmp_path / "main.py"), f"uses {module}", 1)
    await quiet(docs)
    assert deps.reading(str(module)) == ["k"]
    module.write_text("two", encoding="utf-8")
    deps.changed([str(module)])
    await quiet(docs)
    assert accepted[-1] == ("main.py", "two", 1)
    calls = len(analyzer.calls)
    deps.changed([str(module)])  # nothing new: nothing to do
    await quiet(docs)
    assert len(analyzer.calls) == calls
    docs.shutdown()
