"""Language-server memory over many distinct edits of the benchmark program: RSS at the first open, after warming
up, and after `--edits` distinct edits (default 10,000), batched like bench/lsp_latency.py's RSS part (batches of
`--batch` edits sent at once, each batch analyzed before the next), and the growth; beside a bare pygls server edited
the same way, and optionally an earlier checkout (`--baseline DIR`) in the same run.

"The first open" is the server once that open is over: its whole analysis done, the start-up worker handed over to
the server's own compiler, the C++ tier's run ended (the RSS at the first publish is shown too).  Every edit writes a
new value into one statement inside the kernel (a line `edit_probe = N` added at the start of
its body), so that no cache can answer it; `--where kernel-end` adds it before the kernel's last statement
instead (the lowering resumed before it), `--where helper` inside the first helper.  The C++ tier
runs (as in an editor) once per batch, on whatever version is current then.  Target (issue 31): growth over 10,000
edits within 20 MiB of the first open.

    .venv/bin/python bench/lsp_memory.py [--file F.py] [--edits 10000] [--batch 50] [--where kernel|kernel-end|helper]
                                         [--baseline DIR]
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path

import psutil
from lsprotocol import types

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lsp_latency import BARE, SERVER, Editor, Session  # noqa: E402

HERE = Path(__file__).resolve().parents[1]


def default_file() -> Path | None:
    """The 1,000-line benchmark program when this checkout has it."""
    found = sorted((HERE / "bench" / "programs").glob("*.py"))
    return found[0] if found else None


def jit_functions(text: str) -> tuple[str | None, list[ast.FunctionDef]]:
    """The launched kernel's name (a `name[...](...)` call at module level or in `launch`) and every jit function."""
    tree = ast.parse(text)
    jit = [n for n in tree.body if isinstance(n, ast.FunctionDef)
           and any("jit" in ast.unparse(d) for d in n.decorator_list)]
    names = {f.name for f in jit}
    launched = [n.func.value.id for n in ast.walk(tree) if isinstance(n, ast.Call)
                and isinstance(n.func, ast.Subscript) and isinstance(n.func.value, ast.Name)
                and n.func.value.id in names]
    return (launched[0] if launched else None), jit


def target_function(text: str, where: str) -> ast.FunctionDef:
    kernel, jit = jit_functions(text)
    if not jit:
        raise SystemExit("the file has no jit function")
    by_name = {f.name: f for f in jit}
    if where in ("kernel", "kernel-end"):
        return by_name[kernel] if kernel in by_name else jit[-1]
    helpers = [f for f in jit if f.name != kernel]
    return helpers[0] if helpers else jit[0]


class ProbeEditor(Editor):
    """Adds `edit_probe = 1000` as the first statement of a function's body (`kernel-end`: before the kernel's last
    one, so that the statements before it are resumed, lower/resume.py), then rewrites its value."""

    def __init__(self, text: str, where: str) -> None:
        fn = target_function(text, where)
        first = fn.body[-1] if where == "kernel-end" else fn.body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and len(fn.body) > 1:
            first = fn.body[1]  # after a docstring
        lines = text.split("\n")
        self.line = first.lineno - 1
        indent = lines[self.line][:len(lines[self.line]) - len(lines[self.line].lstrip())]
        lines.insert(self.line, f"{indent}edit_probe = 1000")
        self.text = "\n".join(lines)
        self.col = len(indent) + len("edit_probe = ")
        self.value = "1000"
        self.counter = 1000


def rss(proc: psutil.Process) -> float:
    """The server's resident memory in MiB (its start-up worker, if still alive, left out)."""
    return proc.memory_info().rss / 2**20


async def settle(s: Session, proc: psutil.Process, uri: str, timeout: float = 60.0) -> None:
    """Until the first open is over: its whole analysis (a hover waits for it), the start-up worker handed over
    and gone (the server's own compiler then imported), the C++ tier's run ended; then 2 s more."""
    await s.client.text_document_hover_async(types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(0, 0)))
    deadline = time.perf_counter() + timeout
    while time.perf_counter() < deadline:
        kinds = [k for k, _ in s.progress]
        try:
            children = proc.children()
        except psutil.Error:
            children = []
        if not children and kinds.count("end") >= kinds.count("begin"):
            break
        await asyncio.sleep(0.1)
    await asyncio.sleep(2)


async def measure(command: list[str], env: dict[str, str], root: Path, text: str, name: str, edits: int,
                  batch: int, where: str, cpp: bool = True) -> dict[str, float]:
    folder = Path(tempfile.mkdtemp(prefix="mem-", dir=root))
    editor = ProbeEditor(text, where)
    path = folder / name
    path.write_text(editor.text, encoding="utf-8")
    uri = path.as_uri()
    s = Session(command, {**env, "PYASC_LSP_CACHE": str(folder / "store")})
    await s.start(folder, None if cpp else {"pyasc": {"cppChecks": False}})
    await s.wait(uri, 1, s.open(uri, editor.text), timeout=120)
    proc = psutil.Process(s.pid)
    at_publish = rss(proc)
    await settle(s, proc, uri)
    first = rss(proc)
    for _ in range(5):
        await s.wait(uri, *s.change(uri, *editor.next()), timeout=60)
    await asyncio.sleep(3)
    warm = rss(proc)
    done = 0
    started = time.perf_counter()
    marks: list[tuple[int, float]] = []
    while done < edits:
        for _ in range(min(batch, edits - done)):
            version, sent = s.change(uri, *editor.next())
            done += 1
        await s.wait(uri, version, sent, timeout=120)
        if done % (edits // 4 or 1) < batch:
            marks.append((done, rss(proc)))
    await asyncio.sleep(3)
    after = rss(proc)
    took = time.perf_counter() - started
    await s.stop()
    return {"publish": at_publish, "first": first, "warm": warm, "after": after, "seconds": took,
            **{f"at {n}": v for n, v in marks}}


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", type=Path, default=None, help="the file edited (default: the benchmark program)")
    parser.add_argument("--edits", type=int, default=10_000)
    parser.add_argument("--batch", type=int, default=50)
    parser.add_argument("--where", choices=["kernel", "kernel-end", "helper"], default="kernel")
    parser.add_argument("--baseline", type=Path, default=None, help="an earlier checkout run in the same run")
    parser.add_argument("--no-cpp", action="store_true", help="the C++ tier off")
    parser.add_argument("--no-bare", action="store_true", help="leave the bare pygls server out")
    args = parser.parse_args()
    source = args.file or default_file()
    if source is None:
        raise SystemExit("no benchmark program in bench/: give --file")
    text = source.read_text(encoding="utf-8")
    runs: list[tuple[str, list[str], dict[str, str]]] = [
        ("pyasc-lsp", SERVER, {**os.environ, "PYTHONPATH": str(HERE)})]
    if args.baseline is not None:
        runs.append((f"baseline {args.baseline}", SERVER, {**os.environ, "PYTHONPATH": str(args.baseline.resolve())}))
    if not args.no_bare:
        runs.append(("bare pygls", BARE, dict(os.environ)))
    print(f"file: {source} ({text.count(chr(10))} lines); {args.edits} distinct edits inside the {args.where}, "
          f"batches of {args.batch}")
    print("| server | RSS at the first publish, MiB | once the first open is over | after 5 edits | after the edits "
          "| growth from the first open | along the way | seconds |")
    print("|---|---|---|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for label, command, env in runs:
            r = await measure(command, env, Path(tmp), text, source.name, args.edits, args.batch, args.where,
                              not args.no_cpp)
            along = ", ".join(f"{k[3:]}: {v:.1f}" for k, v in r.items() if k.startswith("at "))
            print(f"| {label} | {r['publish']:.1f} | {r['first']:.1f} | {r['warm']:.1f} | {r['after']:.1f} | "
                  f"{r['after'] - r['first']:+.1f} | {along} | {r['seconds']:.0f} |", flush=True)
    print(f"load average {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    asyncio.run(main())
