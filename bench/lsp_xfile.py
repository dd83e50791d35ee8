"""Across files: how long after an edit of a module its importer's diagnostics arrive, end to end over stdio.

Two files open in one server: `common.py` (helpers, `scale_tile` among them) and `main.py` (`--kernels` kernels of
about 30 lines, each calling `scale_tile`).  Each round edits common.py's buffer only (never saved): it adds a
required parameter to `scale_tile`, or takes it away again, so main.py's diagnostics alternate between clean and
one PA301 per kernel; every text is new (a round number in it), so no cache answers it, and the C++ tier is off.
Measured per round, from the didChange of common.py:
  - common.py's own publishDiagnostics;
  - main.py's publishDiagnostics with the new verdict (a server that never re-analyzes main.py for it times out:
    "never" in the table);
  - also an edit of common.py that changes nothing main.py reads from it (a comment in another helper): main.py is
    analyzed again, and its publish (the same diagnostics) is timed the same way;
  - and an edit of a statement in `scale_tile`'s body (another value each round) that leaves what the kernels see
    of it as it was: the helper is lowered again, the kernels' lowerings are kept (lower/cutoff.py).
Rounds go: parameter added, parameter taken away, comment elsewhere, body statement, and again.

    .venv/bin/python bench/lsp_xfile.py [--kernels 1 12] [--edits 30] [--baseline DIR] [--timeout 3] [--busy 0 2]
                                        [--repeat 3]

`--busy N [N ...]` measures the server rounds once per figure with N spinning processes beside them (as
lsp_latency.py does; default 0: quiet only; `--busy 0 2` on 2 cores adds a run with no core free).

`--baseline DIR` runs the same rounds against a server from another checkout (e.g. `git worktree add /tmp/before
main`), beside this one, in turns; `--repeat N` runs each server's rounds N times, the servers taking turns, and gives
the median of the repetitions' p50 and p95 with their range.  Timings are wall-clock: run it on a quiet machine, or
say how busy it was.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types
from pygls.lsp.client import LanguageClient

sys.path.insert(0, str(Path(__file__).resolve().parent))
from lsp_latency import BusyCores, busy_label  # noqa: E402  (the same spinning load as the latency bench)

COMMON = '''\
import pyasc as asc

TILE = 128


@asc.jit
def scale_tile(q: asc.TQue, g: asc.GlobalTensor, n: int):
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, g, n)
    q.enque(t)


@asc.jit
def store_tile(q: asc.TQue, g: asc.GlobalTensor, n: int):
    # spare
    t = q.deque(asc.float32)
    asc.data_copy(g, t, n)
    q.free_tensor(t)
'''

KERNEL = '''

@asc.jit
def kernel_{idx}(x: asc.GlobalAddress, z: asc.GlobalAddress, block_length: int):
    offset = asc.get_block_idx() * block_length
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, block_length)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + offset, block_length)
    pipe = asc.TPipe()
    in_queue = asc.TQue(asc.TPosition.VECIN, 1)
    out_queue = asc.TQue(asc.TPosition.VECOUT, 1)
    pipe.init_buffer(in_queue, 1, TILE * 4)
    pipe.init_buffer(out_queue, 1, TILE * 4)
    for i in range(block_length // TILE):
        scale_tile(in_queue, x_gm[i * TILE:], TILE)
        x_local = in_queue.deque(asc.float32)
        z_local = out_queue.alloc_tensor(asc.float32)
        asc.muls(z_local, x_local, 2.0, TILE)
        out_queue.enque(z_local)
        in_queue.free_tensor(x_local)
        z_out = out_queue.deque(asc.float32)
        asc.data_copy(z_gm[i * TILE:], z_out, TILE)
        out_queue.free_tensor(z_out)
'''

SIGNATURE = "def scale_tile(q: asc.TQue, g: asc.GlobalTensor, n: int):"
BROKEN = "def scale_tile(q: asc.TQue, g: asc.GlobalTensor, n: int, factor: int):"
TIMEOUT = 3.0
"""Longest wait for a publish (a server that does not re-analyze the importer never sends one): `--timeout`."""


def make_main(kernels: int) -> str:
    return "import pyasc as asc\n\nfrom common import TILE, scale_tile\n" + "".join(
        KERNEL.format(idx=i) for i in range(kernels))


class Client(LanguageClient):
    def __init__(self) -> None:
        super().__init__("pyasc-xfile-bench", "1")
        self.latest: dict[str, tuple[float, list[types.Diagnostic]]] = {}
        self.complete: dict[str, float] = {}
        """URI -> when its latest whole analysis was announced (pyasc/generatedCodeChanged)."""
        self.event = asyncio.Event()

        @self.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def publish(params: types.PublishDiagnosticsParams) -> None:
            self.latest[params.uri] = (time.perf_counter(), params.diagnostics)
            self.event.set()

        @self.feature("pyasc/generatedCodeChanged")
        def code_changed(params: object) -> None:
            uri = params["uri"] if isinstance(params, dict) else getattr(params, "uri", None)
            if isinstance(uri, str):
                self.complete[uri] = time.perf_counter()
                self.event.set()

        @self.feature(types.CLIENT_REGISTER_CAPABILITY)
        def register(params: types.RegistrationParams) -> None:
            return None


async def wait_for(client: Client, uri: str, after: float, want: object = None, timeout: float = TIMEOUT
                   ) -> float | None:
    """Seconds from `after` to the first publish of `uri` after it (with `want` PA301 items, when given)."""
    deadline = time.perf_counter() + timeout
    while True:
        got = client.latest.get(uri)
        if got is not None and got[0] > after and (
                want is None or sum(1 for d in got[1] if d.code == "PA301") == want):
            return got[0] - after
        remaining = deadline - time.perf_counter()
        if remaining <= 0:
            return None
        client.event.clear()
        try:
            await asyncio.wait_for(client.event.wait(), min(remaining, 0.05))
        except asyncio.TimeoutError:
            pass


async def rounds(python: str, pythonpath: str | None, kernels: int, edits: int,
                 timeout: float = TIMEOUT) -> dict[str, list[float | None]]:
    root = Path(tempfile.mkdtemp(prefix="pyasc-xfile-"))
    main_text = make_main(kernels)
    (root / "common.py").write_text(COMMON, encoding="utf-8")
    (root / "main.py").write_text(main_text, encoding="utf-8")
    env = {**os.environ, "PYASC_LSP_CACHE": str(root / ".store")}
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    client = Client()
    await client.start_io(python, "-m", "pyasc_lsp", env=env, cwd=str(root))
    await client.initialize_async(types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=root.as_uri(),
        initialization_options={"pyasc": {"cppChecks": False}},  # the front end's latency, as lsp_latency.py
        workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="xfile")]))
    client.initialized(types.InitializedParams())
    uris = {name: (root / name).as_uri() for name in ("common.py", "main.py")}
    for name, text in (("common.py", COMMON), ("main.py", main_text)):
        client.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
            uri=uris[name], language_id="python", version=1, text=text)))
    await wait_for(client, uris["main.py"], 0.0, 0, 60.0)
    await asyncio.sleep(1.5)  # start-up over (the in-process compiler warm)
    out: dict[str, list[float | None]] = {"own": [], "importer": [], "unrelated": [], "body": []}
    version = 1
    text = COMMON
    for i in range(edits):
        # every text is new (a round number in it), so that no cache answers an edit
        if i % 4 == 2:  # a comment in the other helper: nothing main.py reads changes
            text = re.sub(r"# spare.*", f"# spare {i}", text)
            want = None
            key = "unrelated"
        elif i % 4 == 3:  # a statement of scale_tile's body, another value each time: what main.py sees holds
            text = re.sub(r"    asc\.data_copy\(t, g, n\)\n(    asc\.adds.*\n)?",
                          f"    asc.data_copy(t, g, n)\n    asc.adds(t, t, {i}.0, n)\n", text)
            want = kernels if "factor" in text else 0
            key = "body"
        else:
            broken = "factor" in text
            head = SIGNATURE if broken else BROKEN.replace("factor", f"factor_{i}")
            text = re.sub(r"def scale_tile\(.*\n(    # round .*\n)?", f"{head}\n    # round {i}\n", text)
            want = 0 if broken else kernels
            key = "importer"
        version += 1
        start = time.perf_counter()
        client.text_document_did_change(types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uris["common.py"], version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)]))
        own = wait_for(client, uris["common.py"], start, None, timeout)
        importer = wait_for(client, uris["main.py"], start, want, timeout)
        own_s, importer_s = await asyncio.gather(own, importer)
        out["own"].append(own_s)
        out[key].append(importer_s)
        # main.py's whole analysis (its C++ after the diagnostics) done before the next edit, as after a pause in
        # typing (a server that does not re-analyze it sends nothing: a short wait then)
        deadline = time.perf_counter() + (timeout if importer_s is not None else 0.2)
        while client.complete.get(uris["main.py"], 0.0) <= start and time.perf_counter() < deadline:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1)
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return out


def cpu_alone(kernels: int, edits: int) -> tuple[list[float], list[float]]:
    """CPU seconds of the compiler's share, in-process with its kernel cache and the buffers as an overlay: each
    round's analysis of common.py, then the re-analysis of main.py (what the server's analysis thread runs)."""
    from pyasc import reads
    from pyasc.compiler.pipeline.analysis import AnalysisCache, analyze

    root = Path(tempfile.mkdtemp(prefix="pyasc-xfile-cpu-"))
    (root / "common.py").write_text(COMMON, encoding="utf-8")
    main_text = make_main(kernels)
    overlay = reads.Overlay()
    overlay.set(root / "common.py", COMMON)
    cache = AnalysisCache()
    own: list[float] = []
    importer: list[float] = []
    text = COMMON
    with reads.using(overlay):
        analyze(main_text, str(root / "main.py"), None, cache)
        for i in range(edits):
            broken = "factor" in text
            head = SIGNATURE if broken else BROKEN.replace("factor", f"factor_{i}")
            text = re.sub(r"def scale_tile\(.*\n(    # round .*\n)?", f"{head}\n    # round {i}\n", text)
            overlay.set(root / "common.py", text)
            started = time.process_time()
            analyze(text, str(root / "common.py"), None, cache)
            own.append(time.process_time() - started)
            started = time.process_time()
            analyze(main_text, str(root / "main.py"), None, cache)
            importer.append(time.process_time() - started)
    return own, importer


def _p50_p95(values: list[float | None]) -> tuple[float, float] | None:
    got = sorted(v * 1e3 for v in values if v is not None)
    if not got:
        return None
    return statistics.median(got), got[min(len(got) - 1, round(0.95 * (len(got) - 1)))]


def summary(values: list[float | None]) -> str:
    got = _p50_p95(values)
    missing = sum(v is None for v in values)
    if got is None:
        return "never" if values else "-"
    text = f"p50 {got[0]:.1f} ms, p95 {got[1]:.1f} ms"
    return text + (f" ({missing} of {len(values)} never)" if missing else "")


def summaries(runs: list[list[float | None]]) -> str:
    """The repetitions' figures: with one, `summary`; with several, the median p50 and p95 and their range."""
    if len(runs) == 1:
        return summary(runs[0])
    got = [g for g in map(_p50_p95, runs) if g is not None]
    missing = sum(v is None for r in runs for v in r)
    if not got:
        return "never"
    p50, p95 = [statistics.median(g[i] for g in got) for i in (0, 1)]
    text = (f"p50 {p50:.1f} [{min(g[0] for g in got):.1f}-{max(g[0] for g in got):.1f}] ms, "
            f"p95 {p95:.1f} [{min(g[1] for g in got):.1f}-{max(g[1] for g in got):.1f}] ms")
    return text + (f" ({missing} of {sum(map(len, runs))} never)" if missing else "")


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--kernels", type=int, nargs="+", default=[1, 12])
    parser.add_argument("--edits", type=int, default=30)
    parser.add_argument("--baseline", type=Path, default=None, help="a checkout to measure beside this one")
    parser.add_argument("--timeout", type=float, default=TIMEOUT, help="seconds before a publish counts as never")
    parser.add_argument("--repeat", type=int, default=1,
                        help="repetitions of each server's rounds, the servers in turn (median and range shown)")
    parser.add_argument("--busy", type=int, nargs="+", default=[0], metavar="N",
                        help="spinning processes during the server rounds, one measurement per figure")
    args = parser.parse_args()
    here = str(Path(__file__).resolve().parents[1])
    servers = [("this checkout", here)] + ([("baseline", str(args.baseline.resolve()))] if args.baseline else [])
    load = os.getloadavg()
    print(f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} on {os.cpu_count()} CPUs")
    sys.path.insert(0, here)  # the compiler of this checkout, for the in-process figures
    for kernels in args.kernels:
        lines = make_main(kernels).count("\n")
        own, importer = cpu_alone(kernels, args.edits)
        print(f"main.py {kernels} kernels ({lines} lines), analyze() alone, CPU: common.py {summary(own)}; "
              f"main.py again {summary(importer)}")
        for level in args.busy:
            runs: dict[str, list[dict[str, list[float | None]]]] = {label: [] for label, _ in servers}
            with BusyCores(level):
                for _ in range(args.repeat):  # the servers in turn, so that a drift of the machine falls on all
                    for label, tree in servers:
                        runs[label].append(await rounds(sys.executable, tree, kernels, args.edits, args.timeout))
            for label, _ in servers:
                got = runs[label]
                times = f", {args.repeat} repetitions in turn" if args.repeat > 1 else ""
                print(f"main.py {kernels} kernels ({lines} lines), {label}, {busy_label(level)}{times}:")
                for key, what in (("own", "edit of common.py -> its own diagnostics:               "),
                                  ("importer", "edit of scale_tile's parameters -> main.py's diagnostics: "),
                                  ("unrelated", "edit elsewhere in common.py -> main.py's diagnostics:    "),
                                  ("body", "edit of scale_tile's body -> main.py's diagnostics:      ")):
                    print(f"  {what}{summaries([g[key] for g in got])}")


if __name__ == "__main__":
    asyncio.run(main())
