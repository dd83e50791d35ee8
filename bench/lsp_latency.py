"""Language-server latency and memory over stdio, beside a bare pygls server started the same way.

Measures, on generated files of add_custom-style kernels (40 lines each):
  - didChange -> publishDiagnostics (front-end tier) p50/p95 for an edit inside one kernel of a file of 1, 10
    (400 lines) and 50 kernels; the figure beyond the debounce is the latency minus the server's debounce;
  - hover p95 while the C++ tier runs (hovers sent between its $/progress begin and end);
  - server start to first diagnostics;
  - RSS of the server after 5,000 edits (batches of 50, each batch analyzed once), and its growth (both readings
    taken once the C++ tier has run, so libclang is loaded in both);
  - the same edit latency on a file of 12 hand-synchronized kernels (auto_sync=False, flags, ping-pong slots; about
    450 lines), which the static pipe-hazard check analyzes, beside the same file in a server run from an earlier
    checkout given with --sync-baseline (e.g. `git archive <commit> | tar -x -C /tmp/before`).
The baseline is a trivial pygls server (publishes empty diagnostics on open/change, answers hover) in the same run.

    .venv/bin/python bench/lsp_latency.py [--edits 40] [--starts 5] [--rss-edits 5000] [--sync-baseline DIR]
    .venv/bin/python bench/lsp_latency.py --only-sync [--sync-baseline DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import psutil
from lsprotocol import types
from pygls.lsp.client import LanguageClient

DEBOUNCE_MS = 75
"""The server's default debounce (pyasc_lsp.config.ServerOptions.debounce_ms)."""

OPS = ["add", "sub", "mul", "max", "min"]
DTYPES = ["float16", "float32"]

KERNEL = '''

@asc.jit
def {op}_custom_{idx}(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    # z = x {op} y, tile by tile, double-buffered through the Unified Buffer.
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
    # Each iteration copies one tile in, computes, and copies the result out.
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
        self.progress: list[tuple[str, float]] = []
        self.arrived = asyncio.Event()
        self.version = 0

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def on_publish(params: types.PublishDiagnosticsParams) -> None:
            self.published.setdefault((params.uri, params.version or 0), time.perf_counter())
            self.arrived.set()

        @self.client.feature(types.WINDOW_WORK_DONE_PROGRESS_CREATE)
        def on_create(params: types.WorkDoneProgressCreateParams) -> None:
            return None

        @self.client.feature(types.PROGRESS)
        def on_progress(params: types.ProgressParams) -> None:
            kind = params.value.get("kind") if isinstance(params.value, dict) else getattr(params.value, "kind", "")
            self.progress.append((kind, time.perf_counter()))
            self.arrived.set()

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
        if self.env is None:
            await self.client.start_io(*self.command)
        else:
            await self.client.start_io(*self.command, env=self.env)
        caps = types.ClientCapabilities(
            window=types.WindowClientCapabilities(work_done_progress=True),
            text_document=types.TextDocumentClientCapabilities(
                publish_diagnostics=types.PublishDiagnosticsClientCapabilities(version_support=True),
                hover=types.HoverClientCapabilities(content_format=[types.MarkupKind.Markdown]),
            ),
        )
        await self.client.initialize_async(types.InitializeParams(capabilities=caps, root_uri=root.as_uri(),
                                                                  initialization_options=init_options))
        self.client.initialized(types.InitializedParams())
        return t0

    @property
    def pid(self) -> int:
        return self.client._server.pid  # type: ignore[union-attr]

    def open(self, uri: str, text: str) -> None:
        self.version = 1
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="python", version=1, text=text)))

    def change(self, uri: str, rng: types.Range, text: str) -> int:
        self.version += 1
        self.client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=self.version),
            content_changes=[types.TextDocumentContentChangePartial(range=rng, text=text)]))
        return self.version

    async def wait(self, uri: str, version: int, timeout: float = 30.0) -> float:
        deadline = time.perf_counter() + timeout
        while (uri, version) not in self.published:
            self.arrived.clear()
            if time.perf_counter() > deadline:
                raise TimeoutError(f"no diagnostics for version {version}")
            try:
                await asyncio.wait_for(self.arrived.wait(), 0.5)
            except asyncio.TimeoutError:
                pass
        return self.published[(uri, version)]

    async def stop(self) -> None:
        try:
            await asyncio.wait_for(self.client.shutdown_async(None), 10)
            self.client.exit(None)
        except Exception:
            pass
        await self.client.stop()


class Editor:
    """Edits the `edit_me_<k> = <n>` value of one kernel, a new value each time (so no cache answers it)."""

    def __init__(self, text: str, kernel: int) -> None:
        needle = f"edit_me_{kernel} = "
        at = text.index(needle) + len(needle)
        self.line = text.count("\n", 0, at)
        self.col = at - (text.rfind("\n", 0, at) + 1)
        self.value = text[at:text.index("\n", at)]
        self.counter = int(self.value)

    def next(self) -> tuple[types.Range, str]:
        self.counter += 1
        new = str(self.counter)
        rng = types.Range(types.Position(self.line, self.col), types.Position(self.line, self.col + len(self.value)))
        self.value = new
        return rng, new


def analyze_alone(kernels: int, edits: int, sync: bool = False) -> list[float]:
    """The same edits analyzed in-process with a shared kernel cache: the compiler's share of each latency."""
    from pyasc.compiler.analysis import AnalysisCache, analyze

    text = make_sync_file(kernels) if sync else make_file(kernels)
    cache = AnalysisCache()
    analyze(text, "/bench/k.py", None, cache)
    value = 0 if sync else 1000
    needle = f"edit_me_{kernels // 2} = {value}"
    out = []
    for i in range(edits):
        edited = text.replace(needle, f"edit_me_{kernels // 2} = {2000 + i}")
        t0 = time.perf_counter()
        analyze(edited, "/bench/k.py", None, cache)
        out.append((time.perf_counter() - t0) * 1000)
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    k = min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))
    return ordered[k]


SERVER = [sys.executable, "-m", "pyasc_lsp"]
BARE = [sys.executable, "-c", BARE_SERVER]


async def paired_edit_latency(command: list[str], root: Path, kernel_counts: tuple[int, ...],
                              edits: int, sync: bool = False, envs: tuple[dict[str, str] | None, ...] = (),
                              ) -> dict[int, list[float]]:
    """Edit latencies of several files, one server each, with the edits taken in turn (1, 10, 50, 1, 10, ...), so
    that whatever else loads the machine falls on every file size alike and their ratio is not skewed by it.
    With `envs`, one server per environment edits the same file (`kernel_counts` then gives the key of each)."""
    sessions = []
    for n, kernels in enumerate(kernel_counts):
        text = make_sync_file() if sync else make_file(kernels)
        path = root / f"paired{kernels}{'_sync' if sync else ''}.py"
        path.write_text(text, encoding="utf-8")
        s = Session(command, envs[n] if envs else None)
        # The C++ tier is off here: with edits taken in turn, one server's clang run would land in another's edit.
        await s.start(root, {"pyasc": {"cppChecks": False}})
        s.open(path.as_uri(), text)
        await s.wait(path.as_uri(), 1)
        sessions.append((kernels, s, path.as_uri(), Editor(text, (SYNC_KERNELS if sync else kernels) // 2)))
    out: dict[int, list[float]] = {k: [] for k in kernel_counts}
    for _ in range(edits):
        for kernels, s, uri, ed in sessions:
            rng, new = ed.next()
            t0 = time.perf_counter()
            v = s.change(uri, rng, new)
            t1 = await s.wait(uri, v)
            out[kernels].append((t1 - t0) * 1000)
            await asyncio.sleep(0.05)
    for _, s, _, _ in sessions:
        await s.stop()
    return out


async def start_latency(command: list[str], root: Path, runs: int, env: dict[str, str] | None = None) -> list[float]:
    text = make_file(10)
    out = []
    for i in range(runs):
        path = root / f"start{i}.py"
        path.write_text(text, encoding="utf-8")
        s = Session(command, env)
        t0 = await s.start(root)
        s.open(path.as_uri(), text)
        t1 = await s.wait(path.as_uri(), 1)
        out.append((t1 - t0) * 1000)
        await s.stop()
    return out


async def hover_during_cpp(command: list[str], root: Path, rounds: int, bare: bool) -> list[float]:
    """Hover latencies for requests sent while the C++ tier is running (for the bare server: after each edit)."""
    text = make_file(10)
    path = root / ("hover_bare.py" if bare else "hover.py")
    path.write_text(text, encoding="utf-8")
    uri = path.as_uri()
    s = Session(command)
    await s.start(root)
    s.open(uri, text)
    await s.wait(uri, 1)
    ed = Editor(text, 5)
    call_line = text.split("\n").index("        asc.max(z_local, x_local, y_local, TILE_LENGTH)")
    hover = types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri),
                              position=types.Position(call_line, 13))
    out: list[float] = []
    for _ in range(rounds):
        rng, new = ed.next()
        v = s.change(uri, rng, new)
        await s.wait(uri, v)
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
    s.open(uri, text)
    await s.wait(uri, 1)
    proc = psutil.Process(s.pid)
    ed = Editor(text, 5)
    # Warm up (first analyses, imports, caches, and one C++ run, which loads libclang), then measure the growth over
    # the edits, again after the C++ tier has run on the last version.
    for _ in range(5):
        rng, new = ed.next()
        await s.wait(uri, s.change(uri, rng, new))
    await asyncio.sleep(3)
    before = proc.memory_info().rss / 2**20
    done = 0
    while done < edits:
        v = 0
        for _ in range(50):
            rng, new = ed.next()
            v = s.change(uri, rng, new)
            done += 1
        await s.wait(uri, v, timeout=60)
    await asyncio.sleep(3)
    after = proc.memory_info().rss / 2**20
    await s.stop()
    return before, after


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--edits", type=int, default=40)
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--hover-rounds", type=int, default=8)
    parser.add_argument("--rss-edits", type=int, default=5000)
    parser.add_argument("--sync-baseline", type=Path, default=None,
                        help="an earlier pyasc checkout to run beside this one on the hand-synchronized file")
    parser.add_argument("--only-sync", action="store_true", help="measure the hand-synchronized file only")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        rows: list[tuple[str, str, str]] = []
        await sync_rows(root, args, rows)
        if args.only_sync:
            _print(rows)
            return

        lat = await paired_edit_latency(SERVER, root, (1, 10, 50), args.edits)
        bare_lat = (await paired_edit_latency(BARE, root, (10,), args.edits))[10]
        for kernels in (1, 10, 50):
            v = lat[kernels]
            rows.append((f"didChange -> diagnostics p50 / p95, {kernels} kernel(s) ({kernels * 40} lines), ms",
                         f"{pct(v, .5):.1f} / {pct(v, .95):.1f} (beyond debounce {pct(v, .5) - DEBOUNCE_MS:.1f} / "
                         f"{pct(v, .95) - DEBOUNCE_MS:.1f})",
                         f"{pct(bare_lat, .5):.1f} / {pct(bare_lat, .95):.1f}" if kernels == 10 else ""))
        ratio = (pct(lat[50], .5) - DEBOUNCE_MS) / max(0.1, pct(lat[1], .5) - DEBOUNCE_MS)
        rows.append(("50 kernels vs 1 kernel (p50 beyond debounce)", f"{ratio:.2f}x", ""))
        for kernels in (1, 10, 50):
            alone = analyze_alone(kernels, args.edits)
            rows.append((f"of which analyze() alone, in-process, {kernels} kernel(s), p50 / p95, ms",
                         f"{pct(alone, .5):.1f} / {pct(alone, .95):.1f}", ""))

        hov = await hover_during_cpp(SERVER, root, args.hover_rounds, bare=False)
        bare_hov = await hover_during_cpp(BARE, root, 2, bare=True)
        rows.append((f"hover p50 / p95 during the C++ tier ({len(hov)} hovers), ms",
                     f"{pct(hov, .5):.1f} / {pct(hov, .95):.1f}",
                     f"{pct(bare_hov, .5):.1f} / {pct(bare_hov, .95):.1f}"))

        # Start-up: the three servers take turns, so that other load on the machine falls on all of them alike.
        # pyasc is byte-compiled first, as pip does when it installs a wheel (this checkout may run without
        # __pycache__, e.g. under PYTHONDONTWRITEBYTECODE).
        compileall.compile_dir(str(Path(__file__).resolve().parents[1] / "pyasc"), quiet=1)
        compileall.compile_dir(str(Path(__file__).resolve().parents[1] / "pyasc_lsp"), quiet=1)
        no_fork = {**os.environ, "PYASC_LSP_PREFORK": "0"}
        st: list[float] = []
        st_single: list[float] = []
        bare_st: list[float] = []
        for _ in range(args.starts):
            st += await start_latency(SERVER, root, 1)
            st_single += await start_latency(SERVER, root, 1, no_fork)
            bare_st += await start_latency(BARE, root, 1)
        ours, single, base = (statistics.median(v) for v in (st, st_single, bare_st))
        rows.append(("start -> first diagnostics (median), ms", f"{ours:.0f} (ratio {ours / base:.2f}x)",
                     f"{base:.0f}"))
        rows.append(("same, without the start-up worker (PYASC_LSP_PREFORK=0), ms",
                     f"{single:.0f} (ratio {single / base:.2f}x)", ""))

        before, after = await rss_after_edits(SERVER, root, args.rss_edits)
        bare_before, bare_after = await rss_after_edits(BARE, root, args.rss_edits)
        rows.append((f"RSS before -> after {args.rss_edits} edits, MB",
                     f"{before:.1f} -> {after:.1f} (+{after - before:.1f})",
                     f"{bare_before:.1f} -> {bare_after:.1f} (+{bare_after - bare_before:.1f})"))

    _print(rows)


async def sync_rows(root: Path, args: argparse.Namespace, rows: list[tuple[str, str, str]]) -> None:
    """The hand-synchronized file: this checkout, and the --sync-baseline one, edited in turn."""
    lines = make_sync_file().count("\n") + 1
    envs: tuple[dict[str, str] | None, ...] = (None,)
    if args.sync_baseline is not None:
        envs = (None, {**os.environ, "PYTHONPATH": str(args.sync_baseline.resolve())})
    lat = await paired_edit_latency(SERVER, root, tuple(range(len(envs))), args.edits, sync=True, envs=envs)
    for n, label in enumerate(("this checkout", f"baseline {args.sync_baseline}")[:len(envs)]):
        v = lat[n]
        rows.append((f"didChange -> diagnostics p50 / p95, {SYNC_KERNELS} hand-synchronized kernels ({lines} lines), "
                     f"{label}, ms", f"{pct(v, .5):.1f} / {pct(v, .95):.1f} (beyond debounce "
                     f"{pct(v, .5) - DEBOUNCE_MS:.1f} / {pct(v, .95) - DEBOUNCE_MS:.1f})", ""))
    # analyze() alone: this checkout in-process and the baseline in a child process, in alternating rounds
    alone: list[float] = []
    base_alone: list[float] = []
    per_round = max(1, args.edits // 4)
    for _ in range(4):
        alone += analyze_alone(SYNC_KERNELS, per_round, sync=True)
        if args.sync_baseline is not None:
            base_alone += _analyze_alone_elsewhere(args.sync_baseline, per_round)
    rows.append((f"of which analyze() alone, in-process, {SYNC_KERNELS} hand-synchronized kernels, this checkout, "
                 "p50 / p95, ms", f"{pct(alone, .5):.1f} / {pct(alone, .95):.1f}", ""))
    if base_alone:
        rows.append((f"same, baseline {args.sync_baseline}, p50 / p95, ms",
                     f"{pct(base_alone, .5):.1f} / {pct(base_alone, .95):.1f}", ""))


def _analyze_alone_elsewhere(tree: Path, edits: int) -> list[float]:
    """analyze_alone on the hand-synchronized file with the pyasc of another checkout, in a child process."""
    import json
    import subprocess

    code = (f"import json, sys; sys.path.insert(0, {str(Path(__file__).resolve().parent)!r}); import lsp_latency; "
            f"print(json.dumps(lsp_latency.analyze_alone({SYNC_KERNELS}, {edits}, sync=True)))")
    env = {**os.environ, "PYTHONPATH": str(tree.resolve())}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def _print(rows: list[tuple[str, str, str]]) -> None:
    print("| measure | pyasc-lsp | bare pygls |")
    print("|---|---|---|")
    for name, ours, base in rows:
        print(f"| {name} | {ours} | {base} |")


if __name__ == "__main__":
    asyncio.run(main())
