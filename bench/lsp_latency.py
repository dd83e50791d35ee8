"""Language-server latency and memory over stdio: pyasc-lsp beside a bare pygls server and basedpyright, driven by
the same client on the same generated file in one run.

Measures, on the benchmark program (bench/programs/big_kernel.py: one CANN-style kernel calling 20 jit helpers,
about 920 lines):
  - didChange -> publishDiagnostics p50/p95 end to end for an edit inside the kernel and one inside a helper, in
    pyasc-lsp (and the --baseline checkout), beside bare pygls and basedpyright on the same file, and the compiler's
    share (analyze() alone, in-process, until it hands its diagnostics over and until it is complete); also the
    kernel edit with the program split in two modules (the constants and helpers in helpers.py, which the kernel's
    file imports: a project that keeps its helpers apart);
and on generated files of add_custom-style kernels (38 lines each):
  - didChange -> publishDiagnostics p50/p95, end to end (whatever the server waits before analyzing included), for
    an edit inside one kernel of the 12-kernel file (460 lines), in all three servers taken in turn; pyasc-lsp also
    on files of 1 and 50 kernels (the same rounds), and the compiler's share (analyze() alone, in-process);
  - hover p95 while the C++ tier runs (hovers sent between its $/progress begin and end);
  - server start to the first diagnostics of the 12-kernel file: pyasc-lsp (start-up worker on its default
    setting), pyasc-lsp without the worker (PYASC_LSP_PREFORK=0), bare pygls and basedpyright take turns; also the CPU
    time each server had used by then.  Each of those pyasc-lsp starts is a first-ever open (a fresh, empty store of
    published diagnostics, PYASC_LSP_CACHE); the warm start opens a file that another server process opened and
    analyzed before it, so its diagnostics come from that store;
  - RSS of the server after 5,000 edits (batches of 50, each batch analyzed once), and its growth (both readings
    taken once the C++ tier has run, so libclang is loaded in both);
  - the same edit latency on a file of 12 hand-synchronized kernels (auto_sync=False, flags, ping-pong slots; about
    450 lines), which the static pipe-hazard check analyzes, in the same rounds, beside the same file in a server run
    from an earlier checkout given with --sync-baseline (e.g. `git archive <commit> | tar -x -C /tmp/before`).

Every edit and start measurement runs once per figure of `--busy N [N ...]`, with N spinning processes at normal
priority beside it (default `--busy 0 <CPUs>`: quiet, and no core free, reproducible on a quiet machine), and is
repeated `--repeat` times with fresh servers: the tables give the median of the repetitions' figures and their range.

basedpyright is a pip package (it brings its own Node.js): `make bench-deps` installs the pinned version into the
venv, and `make bench` installs it and runs this script; without it its column says so and the rest still runs.

    .venv/bin/python bench/lsp_latency.py [--edits 40] [--starts 5] [--repeat 3] [--busy 0 2] [--hover-rounds 8]
                                          [--rss-edits 5000] [--baseline DIR] [--sync-baseline DIR]
                                          [--program FILE] [--only-edits | --only-starts | --only-program]
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import compileall
import functools
import itertools
import multiprocessing
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil
from lsprotocol import types
from pygls.lsp.client import LanguageClient

KERNELS = 12
"""Kernels of the file every server edits (38 lines each, 460 lines in all)."""

OPS = ["add", "sub", "mul", "max", "min"]
DTYPES = ["float16", "float32"]

KERNEL = '''

@asc.jit
def {op}_custom_{idx}(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y + offset, block_length)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + offset, block_length)
    pipe = asc.TPipe()
    in_queue_x = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    in_queue_y = asc.TQue(asc.TPosition.VECIN, BUFFER_NUM)
    out_queue_z = asc.TQue(asc.TPosition.VECOUT, BUFFER_NUM)
    pipe.init_buffer(in_queue_x, BUFFER_NUM, TILE_LENGTH * 4)
    pipe.init_buffer(in_queue_y, BUFFER_NUM, TILE_LENGTH * 4)
    pipe.init_buffer(out_queue_z, BUFFER_NUM, TILE_LENGTH * 4)
    loop_count = block_length // TILE_LENGTH
    for i in range(loop_count):
        x_local = in_queue_x.alloc_tensor(asc.{dtype})
        y_local = in_queue_y.alloc_tensor(asc.{dtype})
        asc.data_copy(x_local, x_gm[i * TILE_LENGTH:], TILE_LENGTH)
        asc.data_copy(y_local, y_gm[i * TILE_LENGTH:], TILE_LENGTH)
        in_queue_x.enque(x_local)
        in_queue_y.enque(y_local)
        x_local = in_queue_x.deque(asc.{dtype})
        y_local = in_queue_y.deque(asc.{dtype})
        z_local = out_queue_z.alloc_tensor(asc.{dtype})
        asc.{op}(z_local, x_local, y_local, TILE_LENGTH)
        out_queue_z.enque(z_local)
        in_queue_x.free_tensor(x_local)
        in_queue_y.free_tensor(y_local)
        z_local = out_queue_z.deque(asc.{dtype})
        asc.data_copy(z_gm[i * TILE_LENGTH:], z_local, TILE_LENGTH)
        out_queue_z.free_tensor(z_local)
        edit_me_{idx} = {value}
        asc.data_copy(z_gm[i * TILE_LENGTH + edit_me_{idx}:], z_local, TILE_LENGTH)
'''

SYNC_KERNEL = '''

@asc.jit(auto_sync=False)
def {op}_sync_{idx}(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress):
    # z = x {op} y with fixed LocalTensors, two slots and one event id per slot.
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, TILES * TILE)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y, TILES * TILE)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z, TILES * TILE)
    a = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 0, 2 * TILE)
    b = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 2 * TILE * 4, 2 * TILE)
    c = asc.LocalTensor(asc.float32, asc.TPosition.VECOUT, 4 * TILE * 4, 2 * TILE)
    asc.set_flag(asc.HardEvent.V_MTE2, 0)
    asc.set_flag(asc.HardEvent.V_MTE2, 1)
    asc.set_flag(asc.HardEvent.MTE3_V, 0)
    asc.set_flag(asc.HardEvent.MTE3_V, 1)
    for i in range(TILES):
        slot = i % 2
        asc.wait_flag(asc.HardEvent.V_MTE2, slot)
        asc.data_copy(a[slot * TILE:], x_gm[i * TILE:], TILE)
        asc.data_copy(b[slot * TILE:], y_gm[i * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE2_V, slot)
        asc.wait_flag(asc.HardEvent.MTE2_V, slot)
        asc.wait_flag(asc.HardEvent.MTE3_V, slot)
        asc.{op}(c[slot * TILE:], a[slot * TILE:], b[slot * TILE:], TILE)
        asc.set_flag(asc.HardEvent.V_MTE2, slot)
        asc.set_flag(asc.HardEvent.V_MTE3, slot)
        asc.wait_flag(asc.HardEvent.V_MTE3, slot)
        edit_me_{idx} = {value}
        asc.data_copy(z_gm[i * TILE + edit_me_{idx}:], c[slot * TILE:], TILE)
        asc.set_flag(asc.HardEvent.MTE3_V, slot)
    asc.wait_flag(asc.HardEvent.V_MTE2, 0)
    asc.wait_flag(asc.HardEvent.V_MTE2, 1)
    asc.wait_flag(asc.HardEvent.MTE3_V, 0)
    asc.wait_flag(asc.HardEvent.MTE3_V, 1)
'''
SYNC_KERNELS = 12


BARE_SERVER = """
from lsprotocol import types
from pygls.lsp.server import LanguageServer
server = LanguageServer("bare", "1")

def _publish(uri, version):
    server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, version=version, diagnostics=[]))

@server.feature(types.TEXT_DOCUMENT_DID_OPEN)
def did_open(params):
    _publish(params.text_document.uri, params.text_document.version)

@server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
def did_change(params):
    _publish(params.text_document.uri, params.text_document.version)

@server.feature(types.TEXT_DOCUMENT_HOVER)
def hover(params):
    return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value="bare"))

server.start_io()
"""


def make_file(kernels: int) -> str:
    parts = ["import pyasc as asc\n\nBUFFER_NUM = 2\nTILE_LENGTH = 128\n"]
    for idx in range(kernels):
        parts.append(KERNEL.format(op=OPS[idx % len(OPS)], dtype=DTYPES[idx % len(DTYPES)], idx=idx, value=1000))
    return "".join(parts)


def make_sync_file(kernels: int = SYNC_KERNELS) -> str:
    parts = ["import pyasc as asc\n\nTILE = 128\nTILES = 16\n"]
    for idx in range(kernels):
        parts.append(SYNC_KERNEL.format(op=OPS[idx % len(OPS)], idx=idx, value=0))
    return "".join(parts)


class Session:
    """One server process driven over stdio, recording when each notification arrives."""

    def __init__(self, command: list[str], env: dict[str, str] | None = None) -> None:
        self.command = command
        self.env = env
        self.client = LanguageClient("bench", "1")
        self.published: dict[tuple[str, int], float] = {}
        """(uri, version) -> arrival of the first publishDiagnostics for it."""
        self.unversioned: dict[str, list[float]] = {}
        """uri -> arrivals of publishDiagnostics that name no version (a server may leave it out)."""
        self.progress: list[tuple[str, float]] = []
        self.arrived = asyncio.Event()
        self.version = 0

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_publish(params: types.PublishDiagnosticsParams) -> None:
            now = time.perf_counter()
            if params.version is None:
                self.unversioned.setdefault(params.uri, []).append(now)
            else:
                self.published.setdefault((params.uri, params.version), now)
            self.arrived.set()

        @self.client.feature(types.WINDOW_WORK_DONE_PROGRESS_CREATE)
        def on_create(params: types.WorkDoneProgressCreateParams) -> None:
            return None

        @self.client.feature(types.PROGRESS)
        def on_progress(params: types.ProgressParams) -> None:
            kind = params.value.get("kind") if isinstance(params.value, dict) else getattr(params.value, "kind", "")
            self.progress.append((kind, time.perf_counter()))
            self.arrived.set()

        @self.client.feature(types.WORKSPACE_CONFIGURATION)
        def on_configuration(params: types.ConfigurationParams) -> list[object]:
            return [None for _ in params.items]

        @self.client.feature(types.CLIENT_REGISTER_CAPABILITY)
        def on_register(params: types.RegistrationParams) -> None:
            return None

        @self.client.feature(types.WINDOW_LOG_MESSAGE)
        def on_log(params: types.LogMessageParams) -> None:
            return None

        @self.client.feature(types.WINDOW_SHOW_MESSAGE)
        def on_show(params: types.ShowMessageParams) -> None:
            return None

        @self.client.feature("pyasc/generatedCodeChanged")
        def on_code_changed(params: object) -> None:
            return None

    async def start(self, root: Path, init_options: dict | None = None) -> float:
        """Start the process and initialize; returns the perf_counter time the process was spawned."""
        t0 = time.perf_counter()
        # In the workspace folder: `python -m` puts its working folder first on sys.path, which would otherwise
        # let a pyasc checkout there win over the one PYTHONPATH names (a --baseline run from a checkout).
        if self.env is None:
            await self.client.start_io(*self.command, cwd=str(root))
        else:
            await self.client.start_io(*self.command, env=self.env, cwd=str(root))
        caps = types.ClientCapabilities(
            window=types.WindowClientCapabilities(work_done_progress=True),
            workspace=types.WorkspaceClientCapabilities(configuration=True),
            text_document=types.TextDocumentClientCapabilities(
                publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True),
                hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
                # as VS Code announces completion: markdown documentation, resolve, item defaults
                completion=types.CompletionClientCapabilities(
                    completion_item=types.ClientCompletionItemOptions(
                        documentation_format=[types.MarkupKind.Markdown, types.MarkupKind.PlainText],
                        resolve_support=types.ClientCompletionItemResolveOptions(
                            properties=["documentation", "detail", "additionalTextEdits"])),
                    completion_list=types.CompletionListCapabilities(
                        item_defaults=["commitCharacters", "editRange", "insertTextFormat", "insertTextMode",
                                       "data"])),
            ),
        )
        await self.client.initialize_async(types.InitializeParams(
            capabilities=caps, root_uri=root.as_uri(), initialization_options=init_options,
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name=root.name)]))
        self.client.initialized(types.InitializedParams())
        return t0

    @property
    def pid(self) -> int:
        return self.client._server.pid  # type: ignore[union-attr]

    def open(self, uri: str, text: str) -> float:
        """didOpen; returns when it was sent."""
        self.version = 1
        sent = time.perf_counter()
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)))
        return sent

    def change(self, uri: str, rng: types.Range, text: str) -> tuple[int, float]:
        """One incremental didChange; returns the new version and when it was sent."""
        self.version += 1
        sent = time.perf_counter()
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=self.version),
            content_changes=[types.TextDocumentContentChangePartial(range=rng, text=text)]))
        return self.version, sent

    def _arrival(self, uri: str, version: int, sent: float) -> float | None:
        hit = self.published.get((uri, version))
        if hit is not None:
            return hit
        # a server that names no version: the first diagnostics of the file after the change was sent
        return next((t for t in self.unversioned.get(uri, []) if t >= sent), None)

    async def wait(self, uri: str, version: int, sent: float, timeout: float = 30.0) -> float:
        deadline = time.perf_counter() + timeout
        while (hit := self._arrival(uri, version, sent)) is None:
            self.arrived.clear()
            if time.perf_counter() > deadline:
                raise TimeoutError(f"no diagnostics for version {version}")
            try:
                await asyncio.wait_for(self.arrived.wait(), 0.5)
            except asyncio.TimeoutError:
                pass
        return hit

    async def stop(self) -> None:
        try:
            await asyncio.wait_for(self.client.shutdown_async(None), 10)
            self.client.exit(None)
        except Exception:
            pass
        await self.client.stop()


class Editor:
    """Edits the `edit_me_<k> = <n>` value of one kernel (or the line `<needle><n>`), a new value each time (so no
    cache answers it)."""

    def __init__(self, text: str, kernel: int, needle: str | None = None) -> None:
        needle = needle or f"edit_me_{kernel} = "
        at = text.index(needle) + len(needle)
        self.line = text.count("\n", 0, at)
        self.col = at - (text.rfind("\n", 0, at) + 1)
        self.value = _number_at(text, at)
        self.counter = int(self.value)

    def next(self) -> tuple[types.Range, str]:
        self.counter += 1
        new = str(self.counter)
        rng = types.Range(types.Position(self.line, self.col), types.Position(self.line, self.col + len(self.value)))
        self.value = new
        return rng, new


_FRESH = itertools.count(2000)
"""Values of the in-process edits: new in every call, so that no cache the compiler keeps across analyses (helper
specializations, kept kernel lowerings) answers an edit an earlier repetition made."""


def analyze_alone(kernels: int, edits: int, sync: bool = False, until_early: bool = False) -> list[float]:
    """The same edits analyzed in-process with a shared kernel cache: the compiler's share of each latency (with
    `until_early`, up to the moment analyze() hands its diagnostics over, which is when the server publishes)."""
    from pyasc.compiler.pipeline.analysis import AnalysisCache, analyze

    text = make_sync_file(kernels) if sync else make_file(kernels)
    cache = AnalysisCache()
    analyze(text, "/bench/k.py", None, cache)
    needle = f"edit_me_{kernels // 2} = {0 if sync else 1000}"
    out = []
    for _ in range(edits):
        edited = text.replace(needle, f"edit_me_{kernels // 2} = {next(_FRESH)}")
        marks: list[float] = []
        t0 = time.perf_counter()
        analyze(edited, "/bench/k.py", None, cache, early=functools.partial(_mark, marks) if until_early else None)
        out.append(((marks[0] if marks else time.perf_counter()) - t0) * 1000)
    return out


def _mark(marks: list[float], _diagnostics: object) -> None:
    marks.append(time.perf_counter())


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


PROGRAM = Path(__file__).resolve().parent / "programs" / "big_kernel.py"
"""The benchmark program: one CANN-style kernel calling 20 jit helpers, about 920 lines."""

PROGRAM_EDITS = {
    "kernel": "    summary_local.set_value(7, ",
    "helper": "        asc.duplicate(work, ",
}
"""Where the program is edited: the integer part of the float literal after the first occurrence of each text, a
used value of the code (in the kernel fused_block_epilogue: a value it stores; in the helper gelu_tanh: the
constant of a duplicate), a new one each edit."""


def _number_at(text: str, at: int) -> str:
    """The digits of `text` from `at` on (an edit point's current value)."""
    end = at
    while end < len(text) and text[end].isdigit():
        end += 1
    if end == at:
        raise SystemExit(f"no number to edit at line {text.count(chr(10), 0, at) + 1}")
    return text[at:end]


def program_text(path: Path = PROGRAM) -> str:
    """The program, checked to have both edit points."""
    text = path.read_text(encoding="utf-8")
    for where, needle in PROGRAM_EDITS.items():
        if needle not in text:
            raise SystemExit(f"{path}: no {needle.strip()!r} to edit inside the {where}")
    return text


def edited_at(text: str, needle: str, value: int) -> str:
    """`text` with the number after the first `needle` replaced by `value`."""
    at = text.index(needle) + len(needle)
    return text[:at] + str(value) + text[at + len(_number_at(text, at)):]


def split_program(text: str, needle: str) -> tuple[str, str]:
    """The program as two modules, as a project that keeps its helpers apart has it: `helpers.py` (everything
    before the kernel holding `needle`: constants and helpers) and the kernel's module, which imports each name of
    it (with the same imports at its top)."""
    lines = text.split("\n")
    at = text.count("\n", 0, text.index(needle))
    start = next(i for i in range(at, -1, -1) if lines[i].startswith("@"))
    head = "\n".join(lines[:start]) + "\n"
    tree = ast.parse(head)
    names = [n.name for n in tree.body if isinstance(n, ast.FunctionDef)]
    names += [t.id for n in tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)]
    imports = [ast.get_source_segment(head, n) for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    main = "\n".join([*imports, "", f"from helpers import {', '.join(names)}", "", "", *lines[start:]])
    return head, main


def analyze_program_alone(text: str, needle: str, edits: int, until_early: bool = False) -> list[float]:
    """analyze_alone for the program: the compiler's share of an edit at `needle`."""
    from pyasc.compiler.pipeline.analysis import AnalysisCache, analyze

    cache = AnalysisCache()
    analyze(text, "/bench/program.py", None, cache)
    out = []
    for _ in range(edits):
        edited = edited_at(text, needle, next(_FRESH))
        marks: list[float] = []
        t0 = time.perf_counter()
        analyze(edited, "/bench/program.py", None, cache,
                early=functools.partial(_mark, marks) if until_early else None)
        out.append(((marks[0] if marks else time.perf_counter()) - t0) * 1000)
    return out


SERVER = [sys.executable, "-m", "pyasc_lsp"]
BARE = [sys.executable, "-c", BARE_SERVER]


def basedpyright() -> list[str] | None:
    """basedpyright's language server next to this interpreter (the bench's venv), else on PATH."""
    here = Path(sys.executable).parent / "basedpyright-langserver"
    found = str(here) if here.is_file() else shutil.which("basedpyright-langserver")
    return [found, "--stdio"] if found else None


async def edit_latency(servers: list[tuple], root: Path, edits: int) -> dict[str, list[float]]:
    """didChange -> publishDiagnostics of each (name, command, text, initializationOptions, environment[, needle]),
    one server each, with the edits taken in turn (one edit of each server per round), so that whatever else loads
    the machine falls on all of them alike.  Every text has `edit_me_<k>` lines; the middle kernel's is edited, or
    with a needle the value after it.  A seventh item, {file name: text}, puts those modules beside the file."""
    sessions = []
    for name, command, text, options, env, *rest in servers:
        needle = rest[:1]
        folder = root / f"edit-{name}"
        folder.mkdir()
        for other, content in (rest[1] if len(rest) > 1 else {}).items():
            (folder / other).write_text(content, encoding="utf-8")  # modules the edited file imports
        path = folder / "kernels.py"
        path.write_text(text, encoding="utf-8")
        s = Session(command, env)
        await s.start(folder, options)
        sent = s.open(path.as_uri(), text)
        await s.wait(path.as_uri(), 1, sent, timeout=120)
        sessions.append((name, s, path.as_uri(),
                         Editor(text, text.count("\n@asc.jit") // 2, needle[0] if needle else None)))
    out: dict[str, list[float]] = {name: [] for name, *_ in servers}
    for _ in range(edits):
        for name, s, uri, ed in sessions:
            rng, new = ed.next()
            v, sent = s.change(uri, rng, new)
            arrived = await s.wait(uri, v, sent)
            out[name].append((arrived - sent) * 1000)
            await asyncio.sleep(0.05)
    for _, s, _, _ in sessions:
        await s.stop()
    return out


async def start_latency(command: list[str], root: Path, env: dict[str, str] | None = None,
                        warm: bool = False) -> tuple[float, float]:
    """Process spawn -> the first publishDiagnostics of the 12-kernel file, which is on disk as an editor opens one;
    returns that time and the CPU time the server (with any child of its) had used by then, both in ms.

    The server's store of published diagnostics is a fresh folder: empty (a first-ever open), or with `warm` filled
    by another server process that opened and analyzed the same file first (not timed)."""
    text = make_file(KERNELS)
    folder = Path(tempfile.mkdtemp(prefix="start-", dir=root))
    path = folder / "kernels.py"
    path.write_text(text, encoding="utf-8")
    env = {**(env if env is not None else os.environ), "PYASC_LSP_CACHE": str(folder / "store")}
    if warm:
        primer = Session(command, env)
        await primer.start(folder)
        await primer.wait(path.as_uri(), 1, primer.open(path.as_uri(), text), timeout=120)
        # Diagnostics may go out before the analysis is complete, and it is kept only once complete: a hover waits
        # for that analysis, and the entry is written before the hover is answered.
        await primer.client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=path.as_uri()), position=types.Position(0, 0)))
        await primer.stop()
    s = Session(command, env)
    t0 = await s.start(folder)
    sent = s.open(path.as_uri(), text)
    t1 = await s.wait(path.as_uri(), 1, sent, timeout=120)
    cpu = process_cpu_ms(s.pid)
    await s.stop()
    return (t1 - t0) * 1000, cpu


def process_cpu_ms(pid: int) -> float:
    """CPU time (user + system) of a server process and its children so far, in ms; NaN if it is gone."""
    try:
        proc = psutil.Process(pid)
        return sum(sum(p.cpu_times()[:2]) for p in [proc, *proc.children(recursive=True)]) * 1000
    except psutil.Error:
        return float("nan")


def _spin(stop: multiprocessing.synchronize.Event) -> None:  # type: ignore[name-defined]
    while not stop.is_set():
        for _ in range(100_000):
            pass


def cpu_count() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)


class BusyCores:
    """`n` spinning processes at normal priority for as long as the block runs (n = the CPUs: no core is free), so
    that a loaded machine can be reproduced on a quiet one."""

    def __init__(self, n: int) -> None:
        self.n = n

    def __enter__(self) -> BusyCores:
        self.stop = multiprocessing.Event()
        self.procs = [multiprocessing.Process(target=_spin, args=(self.stop,), daemon=True) for _ in range(self.n)]
        for p in self.procs:
            p.start()
        if self.procs:
            time.sleep(1.5)  # long enough for the load figures a server may read at start to see them
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        for p in self.procs:
            p.join(5)


async def start_rounds(servers: list[tuple[str, list[str], dict[str, str] | None]], root: Path,
                       runs: int) -> dict[str, list[tuple[float, float]]]:
    """Start latencies (and CPU times) of each server, the servers taking turns run after run; a name ending in
    `-warm` is a warm start."""
    out: dict[str, list[tuple[float, float]]] = {name: [] for name, _, _ in servers}
    for _ in range(runs):
        for name, command, env in servers:
            out[name].append(await start_latency(command, root, env, warm=name.endswith("-warm")))
    return out


async def hover_during_cpp(command: list[str], root: Path, rounds: int, bare: bool) -> list[float]:
    """Hover latencies for requests sent while the C++ tier is running (for the bare server: after each edit)."""
    text = make_file(10)
    path = root / ("hover_bare.py" if bare else "hover.py")
    path.write_text(text, encoding="utf-8")
    uri = path.as_uri()
    s = Session(command)
    await s.start(root)
    await s.wait(uri, 1, s.open(uri, text))
    ed = Editor(text, 5)
    call_line = text.split("\n").index("        asc.max(z_local, x_local, y_local, TILE_LENGTH)")
    hover = types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri),
                              position=types.Position(call_line, 13))
    out: list[float] = []
    for _ in range(rounds):
        rng, new = ed.next()
        await s.wait(uri, *s.change(uri, rng, new))
        began = len([k for k, _ in s.progress if k == "begin"])
        ended = len([k for k, _ in s.progress if k == "end"])
        deadline = time.perf_counter() + 5
        while not bare and len([k for k, _ in s.progress if k == "begin"]) == began:
            if time.perf_counter() > deadline:
                break
            await asyncio.sleep(0.005)
        for _ in range(15):
            if not bare and len([k for k, _ in s.progress if k == "end"]) > ended:
                break  # the C++ run is over: later hovers would not be "during" it
            t0 = time.perf_counter()
            await s.client.text_document_hover_async(hover)
            out.append((time.perf_counter() - t0) * 1000)
            await asyncio.sleep(0.02)
    await s.stop()
    return out


async def rss_after_edits(command: list[str], root: Path, edits: int) -> tuple[float, float]:
    text = make_file(10)
    path = root / f"rss{abs(hash(tuple(command))) % 1000}.py"
    path.write_text(text, encoding="utf-8")
    uri = path.as_uri()
    s = Session(command)
    await s.start(root)
    await s.wait(uri, 1, s.open(uri, text))
    proc = psutil.Process(s.pid)
    ed = Editor(text, 5)
    # Warm up (first analyses, imports, caches, and one C++ run, which loads libclang), then measure the growth over
    # the edits, again after the C++ tier has run on the last version.
    for _ in range(5):
        rng, new = ed.next()
        await s.wait(uri, *s.change(uri, rng, new))
    await asyncio.sleep(3)
    before = proc.memory_info().rss / 2**20
    done = 0
    while done < edits:
        for _ in range(50):
            rng, new = ed.next()
            v, sent = s.change(uri, rng, new)
            done += 1
        await s.wait(uri, v, sent, timeout=60)
    await asyncio.sleep(3)
    after = proc.memory_info().rss / 2**20
    await s.stop()
    return before, after


def p50_95(values: list[float]) -> str:
    return f"{pct(values, .5):.1f} / {pct(values, .95):.1f}" if values else "n/a"


def spread(values: list[float], digits: int = 1, unit: str = "") -> str:
    """The median of per-repetition figures and their range: `12.3 [11.0-14.2]`."""
    if not values:
        return "n/a"
    med = statistics.median(values)
    if len(values) == 1:
        return f"{med:.{digits}f}{unit}"
    return f"{med:.{digits}f}{unit} [{min(values):.{digits}f}-{max(values):.{digits}f}]"


def busy_label(level: int) -> str:
    return "quiet (no spinning process)" if level == 0 else f"{level} spinning process{'es' if level > 1 else ''}"


Row = tuple[str, str, str, str]


async def edit_rows(args: argparse.Namespace, root: Path, level: int) -> list[Row]:
    """The edit latencies, `--repeat` times with fresh servers, under `level` spinning processes."""
    no_cpp = {"pyasc": {"cppChecks": False}}
    base_env = None if args.baseline is None else {**os.environ, "PYTHONPATH": str(args.baseline.resolve())}
    pyright = basedpyright()
    text = make_file(KERNELS)
    lines = text.count("\n")
    # The C++ tier is off here: with edits taken in turn, one server's clang run would land in another's edit.
    servers = [("pyasc1", SERVER, make_file(1), no_cpp, None), ("pyasc", SERVER, text, no_cpp, None),
               ("pyasc50", SERVER, make_file(50), no_cpp, None), ("bare", BARE, text, None, None),
               ("sync", SERVER, make_sync_file(), no_cpp, None)]
    if args.sync_baseline is not None:
        servers.append(("sync-baseline", SERVER, make_sync_file(), no_cpp,
                        {**os.environ, "PYTHONPATH": str(args.sync_baseline.resolve())}))
    if base_env is not None:
        servers.append(("baseline", SERVER, text, no_cpp, base_env))
    if pyright:
        servers.append(("basedpyright", pyright, text, None, None))
    p50: dict[str, list[float]] = {name: [] for name, *_ in servers}
    p95: dict[str, list[float]] = {name: [] for name, *_ in servers}
    alone: dict[int, list[float]] = {1: [], KERNELS: [], 50: []}
    early: list[float] = []
    ratio: list[float] = []
    with BusyCores(level):
        for rep in range(args.repeat):
            folder = root / f"edits-{level}-{rep}"
            folder.mkdir()
            lat = await edit_latency(servers, folder, args.edits)
            for name, values in lat.items():
                p50[name].append(pct(values, .5))
                p95[name].append(pct(values, .95))
            ratio.append(pct(lat["pyasc50"], .5) / max(0.1, pct(lat["pyasc1"], .5)))
            for kernels in alone:
                alone[kernels].append(pct(analyze_alone(kernels, args.edits), .5))
            early.append(pct(analyze_alone(KERNELS, args.edits, until_early=True), .5))

    def both(name: str) -> str:
        return f"{spread(p50[name])} / {spread(p95[name])}" if name in p50 else ""

    where = f"{busy_label(level)}, {args.repeat} x {args.edits} edits"
    rows: list[Row] = [
        (f"didChange -> diagnostics p50 / p95, {KERNELS} kernels ({lines} lines), end to end, ms; {where}",
         both("pyasc"), both("bare"), both("basedpyright"))]
    if base_env is not None:
        rows.append((f"  the same file, baseline checkout {args.baseline}, ms", both("baseline"), "", ""))
    for kernels in (1, 50):
        rows.append((f"  same, {kernels} kernel(s) ({make_file(kernels).count(chr(10))} lines), ms",
                     both(f"pyasc{kernels}"), "", ""))
    rows.append(("  50 kernels vs 1 kernel (p50)", spread(ratio, 2, "x"), "", ""))
    for kernels, values in alone.items():
        rows.append((f"  of which analyze() alone, in-process, {kernels} kernel(s), p50, ms", spread(values), "", ""))
    rows.append((f"  analyze() of {KERNELS} kernels until it hands its diagnostics over (what the server waits "
                 "for before publishing), p50, ms", spread(early), "", ""))
    rows.append((f"  same, {SYNC_KERNELS} hand-synchronized kernels ({make_sync_file().count(chr(10))} lines, the "
                 "pipe-hazard check on), ms", both("sync"), "", ""))
    if args.sync_baseline is not None:
        rows.append((f"  the same file, baseline checkout {args.sync_baseline}, ms", both("sync-baseline"), "", ""))
        sync_alone = analyze_alone(SYNC_KERNELS, args.edits, sync=True)
        base_alone = _analyze_alone_elsewhere(args.sync_baseline, args.edits)
        rows.append(("  of which analyze() alone, in-process, p50 / p95, ms", p50_95(sync_alone), "", ""))
        rows.append((f"  same, baseline {args.sync_baseline}, p50 / p95, ms", p50_95(base_alone), "", ""))
    return rows


async def program_rows(args: argparse.Namespace, root: Path, level: int) -> list[Row]:
    """Edit latencies on the benchmark program, an edit inside its kernel and one inside a helper, pyasc-lsp (and
    the baseline checkout) beside bare pygls and basedpyright, `--repeat` times with fresh servers."""
    no_cpp = {"pyasc": {"cppChecks": False}}
    text = program_text(args.program)
    lines = text.count("\n")
    pyright = basedpyright()
    servers: list[tuple] = []
    for where, needle in PROGRAM_EDITS.items():
        servers.append((f"pyasc-{where}", SERVER, text, no_cpp, None, needle))
        if args.baseline is not None:
            servers.append((f"baseline-{where}", SERVER, text, no_cpp,
                            {**os.environ, "PYTHONPATH": str(args.baseline.resolve())}, needle))
    helpers, main = split_program(text, PROGRAM_EDITS["kernel"])
    servers.append(("pyasc-split", SERVER, main, no_cpp, None, PROGRAM_EDITS["kernel"], {"helpers.py": helpers}))
    if args.baseline is not None:
        servers.append(("baseline-split", SERVER, main, no_cpp,
                        {**os.environ, "PYTHONPATH": str(args.baseline.resolve())}, PROGRAM_EDITS["kernel"],
                        {"helpers.py": helpers}))
    servers.append(("bare", BARE, text, None, None, PROGRAM_EDITS["kernel"]))
    if pyright:
        servers.append(("basedpyright", pyright, text, None, None, PROGRAM_EDITS["kernel"]))
    p50: dict[str, list[float]] = {name: [] for name, *_ in servers}
    p95: dict[str, list[float]] = {name: [] for name, *_ in servers}
    alone: dict[str, list[float]] = {f"{w}{e}": [] for w in PROGRAM_EDITS for e in ("", "-early")}
    with BusyCores(level):
        for rep in range(args.repeat):
            folder = root / f"program-{level}-{rep}"
            folder.mkdir()
            lat = await edit_latency(servers, folder, args.edits)
            for name, values in lat.items():
                p50[name].append(pct(values, .5))
                p95[name].append(pct(values, .95))
            for where, needle in PROGRAM_EDITS.items():
                alone[where].append(pct(analyze_program_alone(text, needle, args.edits), .5))
                alone[f"{where}-early"].append(pct(analyze_program_alone(text, needle, args.edits, True), .5))

    def both(name: str) -> str:
        return f"{spread(p50[name])} / {spread(p95[name])}" if name in p50 else ""

    where_run = f"{busy_label(level)}, {args.repeat} x {args.edits} edits"
    rows: list[Row] = [
        (f"didChange -> diagnostics p50 / p95, program {args.program.name} ({lines} lines, 1 kernel + 20 helpers), "
         f"edit inside the kernel, end to end, ms; {where_run}",
         both("pyasc-kernel"), both("bare"), both("basedpyright")),
        ("  same, edit inside a helper, ms", both("pyasc-helper"), "", ""),
        ("  same, the helpers in a module of their own (helpers.py, imported), edit inside the kernel, ms",
         both("pyasc-split"), "", "")]
    if args.baseline is not None:
        rows.append((f"  baseline checkout {args.baseline}, edit inside the kernel, ms", both("baseline-kernel"), "",
                     ""))
        rows.append(("  baseline checkout, edit inside a helper, ms", both("baseline-helper"), "", ""))
        rows.append(("  baseline checkout, helpers imported, edit inside the kernel, ms", both("baseline-split"), "",
                     ""))
    for where in PROGRAM_EDITS:
        rows.append((f"  of which analyze() alone, in-process, edit inside the {where}: until its diagnostics are "
                     "handed over / complete (C++ included), p50, ms",
                     f"{spread(alone[f'{where}-early'])} / {spread(alone[where])}", "", ""))
    return rows


async def start_rows(args: argparse.Namespace, root: Path, level: int) -> list[Row]:
    """Start -> first diagnostics, `--repeat` times `--starts` starts of each server in turn, under `level`
    spinning processes; each repetition's median, and its ratio to bare pygls in that repetition."""
    pyright = basedpyright()
    # pyasc is byte-compiled first, as pip does when it installs a wheel (this checkout may run without
    # __pycache__, e.g. under PYTHONDONTWRITEBYTECODE).
    here = Path(__file__).resolve().parents[1]
    for package in ("pyasc", "pyasc_lsp"):
        compileall.compile_dir(str(here / package), quiet=1)
    no_fork = {**os.environ, "PYASC_LSP_PREFORK": "0"}
    starters: list[tuple[str, list[str], dict[str, str] | None]] = [
        ("pyasc", SERVER, None), ("pyasc-single", SERVER, no_fork), ("pyasc-warm", SERVER, None), ("bare", BARE, None)]
    if args.baseline is not None:
        for package in ("pyasc", "pyasc_lsp"):
            compileall.compile_dir(str(args.baseline / package), quiet=1)
        base = str(args.baseline.resolve())
        starters += [("baseline", SERVER, {**os.environ, "PYTHONPATH": base}),
                     ("baseline-single", SERVER, {**no_fork, "PYTHONPATH": base})]
    if pyright:
        starters.append(("basedpyright", pyright, None))
    wall: dict[str, list[float]] = {name: [] for name, *_ in starters}
    cpu: dict[str, list[float]] = {name: [] for name, *_ in starters}
    ratio: dict[str, list[float]] = {name: [] for name, *_ in starters}
    with BusyCores(level):
        for _ in range(args.repeat):
            runs = await start_rounds(starters, root, args.starts)
            bare = statistics.median(w for w, _ in runs["bare"])
            for name, values in runs.items():
                wall[name].append(statistics.median(w for w, _ in values))
                cpu[name].append(statistics.median(c for _, c in values))
                ratio[name].append(wall[name][-1] / bare)
    where = f"{busy_label(level)}, {args.repeat} x median of {args.starts}"
    rows: list[Row] = [
        (f"start -> first diagnostics, ms (x bare); {where}",
         f"{spread(wall['pyasc'], 0)} ({spread(ratio['pyasc'], 2, 'x')})", spread(wall["bare"], 0),
         f"{spread(wall['basedpyright'], 0)} ({spread(ratio['basedpyright'], 2, 'x')})" if pyright else ""),
        ("  without the start-up worker (PYASC_LSP_PREFORK=0), ms",
         f"{spread(wall['pyasc-single'], 0)} ({spread(ratio['pyasc-single'], 2, 'x')})", "", ""),
        ("  warm start: the file opened and analyzed before by another server process (stored diagnostics), ms",
         f"{spread(wall['pyasc-warm'], 0)} ({spread(ratio['pyasc-warm'], 2, 'x')})", "", "")]
    if args.baseline is not None:
        for key, what in (("baseline", "with its worker"), ("baseline-single", "without its worker")):
            rows.append((f"  baseline checkout, {what}, ms",
                         f"{spread(wall[key], 0)} ({spread(ratio[key], 2, 'x')})", "", ""))
    rows.append(("  CPU time of the server by then (its children included), ms",
                 f"{spread(cpu['pyasc'], 0)}; without the worker {spread(cpu['pyasc-single'], 0)}; warm start "
                 f"{spread(cpu['pyasc-warm'], 0)}",
                 spread(cpu["bare"], 0), spread(cpu["basedpyright"], 0) if pyright else ""))
    if args.baseline is not None:
        rows.append(("  same, baseline checkout, ms", f"{spread(cpu['baseline'], 0)}; without its worker "
                     f"{spread(cpu['baseline-single'], 0)}", "", ""))
    return rows


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3,
                        help="repetitions of the edit and start measurements (fresh servers each time)")
    parser.add_argument("--busy", type=int, nargs="+", default=None, metavar="N",
                        help="spinning processes during the edit and start measurements, one measurement per "
                             "figure given (default: 0 and one per CPU, i.e. quiet and no core free)")
    parser.add_argument("--hover-rounds", type=int, default=8)
    parser.add_argument("--rss-edits", type=int, default=5000)
    parser.add_argument("--baseline", type=Path, default=None,
                        help="an earlier pyasc checkout to run beside this one (edits of the 12-kernel file, starts)")
    parser.add_argument("--sync-baseline", type=Path, default=None,
                        help="an earlier pyasc checkout to run beside this one on the hand-synchronized file")
    parser.add_argument("--program", type=Path, default=PROGRAM,
                        help="the benchmark program edited inside its kernel and inside a helper")
    parser.add_argument("--only-program", action="store_true",
                        help="measure the edit latencies on the benchmark program only")
    parser.add_argument("--only-edits", action="store_true", help="measure the edit latencies only")
    parser.add_argument("--only-starts", action="store_true", help="measure the start latencies only")
    args = parser.parse_args()
    levels = args.busy if args.busy is not None else [0, cpu_count()]
    pyright = basedpyright()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        # Every server of the run keeps its published diagnostics here, never in the user's cache (each start
        # measurement has a store of its own).
        os.environ["PYASC_LSP_CACHE"] = str(root / "store")
        if not args.only_starts:
            for level in levels:
                rows += await program_rows(args, root, level)
        if not (args.only_starts or args.only_program):
            for level in levels:
                rows += await edit_rows(args, root, level)
        if not (args.only_edits or args.only_program):
            for level in levels:
                rows += await start_rows(args, root, level)
        if not (args.only_edits or args.only_starts or args.only_program):
            hov = await hover_during_cpp(SERVER, root, args.hover_rounds, bare=False)
            bare_hov = await hover_during_cpp(BARE, root, 2, bare=True)
            rows.append((f"hover p50 / p95 during the C++ tier ({len(hov)} hovers), ms", p50_95(hov),
                         p50_95(bare_hov), ""))
            before, after = await rss_after_edits(SERVER, root, args.rss_edits)
            bare_before, bare_after = await rss_after_edits(BARE, root, args.rss_edits)
            rows.append((f"RSS before -> after {args.rss_edits} edits, MB",
                         f"{before:.1f} -> {after:.1f} (+{after - before:.1f})",
                         f"{bare_before:.1f} -> {bare_after:.1f} (+{bare_after - bare_before:.1f})", ""))
    _print(rows, pyright)


def _analyze_alone_elsewhere(tree: Path, edits: int) -> list[float]:
    """analyze_alone on the hand-synchronized file with the pyasc of another checkout, in a child process."""
    import json
    import subprocess

    code = (f"import json, sys; sys.path.insert(0, {str(Path(__file__).resolve().parent)!r}); import lsp_latency; "
            f"print(json.dumps(lsp_latency.analyze_alone({SYNC_KERNELS}, {edits}, sync=True)))")
    env = {**os.environ, "PYTHONPATH": str(tree.resolve())}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True,
                         cwd=tempfile.gettempdir())
    return json.loads(out.stdout.strip().splitlines()[-1])


def _print(rows: list[tuple[str, str, str, str]], pyright: list[str] | None) -> None:
    print(f"load average at the end: {os.getloadavg()[0]:.2f}; basedpyright: "
          f"{pyright[0] if pyright else 'not found (make bench-deps installs it)'}")
    print("| measure | pyasc-lsp | bare pygls | basedpyright |")
    print("|---|---|---|---|")
    for name, ours, base, other in rows:
        print(f"| {name} | {ours} | {base} | {other} |")


if __name__ == "__main__":
    asyncio.run(main())
