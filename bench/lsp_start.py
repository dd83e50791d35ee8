"""Language-server start as a user's editor sees it: process spawn -> initialize -> initialized -> didOpen -> the
first publishDiagnostics, for pyasc-lsp on the first open of a file (an empty store of published diagnostics) and on
a reopen (the store filled by an earlier session), beside a bare pygls server that publishes an empty list on didOpen,
all started and measured the same way by the same client, taking turns.

pyasc's byte code is compiled first (as pip does when it installs a wheel).  Every start gets a fresh workspace
folder holding the file, which is where editors start a language server; `--baseline DIR` runs an earlier checkout's
server in the same rounds.  Each figure is the median of `--starts` starts; `--repeat` repetitions give a range, and
each ratio to bare pygls is taken within its repetition.  `--busy N` adds N spinning processes (no core free with N =
CPUs).

    .venv/bin/python bench/lsp_start.py [--file F.py] [--starts 5] [--repeat 3] [--busy 0] [--baseline DIR]
"""

from __future__ import annotations

import argparse
import asyncio
import compileall
import os
import statistics
import sys
import tempfile
from pathlib import Path

from lsprotocol import types

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lsp_latency import BARE, KERNELS, SERVER, BusyCores, Session, make_file, process_cpu_ms, spread  # noqa: E402

HERE = Path(__file__).resolve().parents[1]


def default_file() -> Path | None:
    """The 1,000-line benchmark program when this checkout has it."""
    found = sorted((HERE / "bench" / "programs").glob("*.py"))
    return found[0] if found else None


async def start_once(command: list[str], root: Path, text: str, name: str, env: dict[str, str],
                     reopen: bool) -> tuple[float, float, list[object]]:
    """Spawn -> first publishDiagnostics of `name` (written in a fresh folder), the server's CPU ms by then, and the
    diagnostics of that first publish.  With `reopen`, another server process of the same command opened and
    analyzed the file first (not timed), so the two share its store."""
    folder = Path(tempfile.mkdtemp(prefix="start-", dir=root))
    path = folder / name
    path.write_text(text, encoding="utf-8")
    uri = path.as_uri()
    env = {**env, "PYASC_LSP_CACHE": str(folder / "store")}
    if reopen:
        primer = Session(command, env)
        await primer.start(folder)
        await primer.wait(uri, 1, primer.open(uri, text), timeout=120)
        # The entry is written once the whole analysis is done; a hover waits for it.
        await primer.client.text_document_hover_async(types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(0, 0)))
        await primer.stop()
    s = Session(command, env)
    first: list[object] = []
    features = s.client.protocol.fm.features
    record = features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS]

    def on_publish(params: types.PublishDiagnosticsParams) -> None:
        if not first:
            first.append(list(params.diagnostics))
        record(params)

    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = on_publish
    t0 = await s.start(folder)
    t1 = await s.wait(uri, 1, s.open(uri, text), timeout=120)
    cpu = process_cpu_ms(s.pid)
    await s.stop()
    return (t1 - t0) * 1000, cpu, first[0] if first else []


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", type=Path, default=None, help="the file opened (default: the benchmark program)")
    parser.add_argument("--starts", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--busy", type=int, default=0)
    parser.add_argument("--baseline", type=Path, default=None, help="an earlier checkout run in the same rounds")
    args = parser.parse_args()
    source = args.file or default_file()
    text = source.read_text(encoding="utf-8") if source else make_file(KERNELS)
    name = source.name if source else "kernels.py"
    trees = [("pyasc", HERE)] + ([("baseline", args.baseline.resolve())] if args.baseline else [])
    for _, tree in trees:
        for package in ("pyasc", "pyasc_lsp"):
            compileall.compile_dir(str(tree / package), quiet=1)
    starters: list[tuple[str, list[str], dict[str, str], bool]] = []
    for label, tree in trees:
        env = {**os.environ, "PYTHONPATH": str(tree)}
        starters += [(f"{label} first open", SERVER, env, False), (f"{label} reopen", SERVER, env, True)]
    starters.append(("bare pygls", BARE, dict(os.environ), False))
    wall: dict[str, list[float]] = {s[0]: [] for s in starters}
    cpu: dict[str, list[float]] = {s[0]: [] for s in starters}
    ratio: dict[str, list[float]] = {s[0]: [] for s in starters}
    counts: dict[str, set[int]] = {s[0]: set() for s in starters}
    with tempfile.TemporaryDirectory() as tmp, BusyCores(args.busy):
        root = Path(tmp)
        for _ in range(args.repeat):
            runs: dict[str, list[tuple[float, float]]] = {s[0]: [] for s in starters}
            for _ in range(args.starts):
                for label, command, env, reopen in starters:
                    w, c, first = await start_once(command, root, text, name, env, reopen)
                    runs[label].append((w, c))
                    counts[label].add(len(first))
            bare = statistics.median(w for w, _ in runs["bare pygls"])
            for label, values in runs.items():
                wall[label].append(statistics.median(w for w, _ in values))
                cpu[label].append(statistics.median(c for _, c in values))
                ratio[label].append(wall[label][-1] / bare)
    print(f"file: {source or 'generated ' + name} ({text.count(chr(10))} lines); {args.repeat} x median of "
          f"{args.starts} starts; {args.busy} spinning processes; load average {os.getloadavg()[0]:.1f}")
    print("| server | start -> first diagnostics, ms | x bare pygls | CPU ms by then | diagnostics in the first "
          "publish |")
    print("|---|---|---|---|---|")
    for label in wall:
        print(f"| {label} | {spread(wall[label], 0)} | {spread(ratio[label], 2, 'x')} | {spread(cpu[label], 0)} | "
              f"{sorted(counts[label])} |")


if __name__ == "__main__":
    asyncio.run(main())
