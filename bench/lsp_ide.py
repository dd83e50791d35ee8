"""Hover and completion latency on the benchmark program, end to end over stdio (request sent -> answer received),
for pyasc-lsp beside a bare pygls server (which answers hover with a constant; it has no completion) and
optionally an earlier checkout (`--baseline DIR`), in the same run.

Requests, each `--rounds` times (p50 / p95):
  - hover on an API call inside the kernel, and inside a helper;
  - completion right after `asc.` (at an existing `asc.<name>(` call of the kernel);
  - completion after a tensor name: `<tensor>.` typed on a new line of the kernel (the text no longer parses, so
    the answer comes from the last analysis that did), requested right after the keystroke's didChange.
Between rounds one distinct edit of the kernel is made and its diagnostics waited for; the first hover of a round,
sent then, waits for the rest of that edit's analysis (its C++ and IDE data come after the diagnostics), and the
others read the analysis it waited for.  Target (issue 31): p50 <= 30 ms.

    .venv/bin/python bench/lsp_ide.py [--file F.py] [--rounds 30] [--baseline DIR]
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

from lsprotocol import types

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lsp_latency import BARE, SERVER, Session, p50_95  # noqa: E402
from lsp_memory import ProbeEditor, default_file, jit_functions  # noqa: E402

HERE = Path(__file__).resolve().parents[1]


def api_call_in(text: str, fn: ast.FunctionDef) -> tuple[int, int]:
    """(line, column) 0-based of the name in the first `asc.<name>(...)` statement of `fn`."""
    for node in ast.walk(fn):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and \
                isinstance(node.func.value, ast.Name) and node.func.value.id == "asc":
            return node.func.lineno - 1, node.func.value.col_offset + 4
    raise SystemExit(f"no asc.<name>() call in {fn.name}")


def tensor_in(fn: ast.FunctionDef) -> tuple[str, int]:
    """A LocalTensor of `fn` (a parameter so annotated, or a name assigned from alloc_tensor/deque/get) and the
    0-based line after which it is defined."""
    for arg in fn.args.args:
        if arg.annotation is not None and "LocalTensor" in ast.unparse(arg.annotation):
            return arg.arg, fn.body[0].lineno - 2
    for node in ast.walk(fn):
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name) and \
                isinstance(node.value, ast.Call) and isinstance(node.value.func, ast.Attribute) and \
                node.value.func.attr in ("alloc_tensor", "deque", "get"):
            return node.targets[0].id, (node.end_lineno or node.lineno) - 1
    raise SystemExit(f"no tensor in {fn.name}")


async def measure(command: list[str], env: dict[str, str], root: Path, text: str, name: str, rounds: int,
                  bare: bool) -> dict[str, list[float]]:
    folder = Path(tempfile.mkdtemp(prefix="ide-", dir=root))
    editor = ProbeEditor(text, "kernel")
    text = editor.text
    path = folder / name
    path.write_text(text, encoding="utf-8")
    uri = path.as_uri()
    kernel_name, jit = jit_functions(text)
    kernel = next(f for f in jit if f.name == kernel_name)
    helper = next(f for f in jit if f.name != kernel_name and any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and isinstance(n.func.value, ast.Name)
        and n.func.value.id == "asc" for n in ast.walk(f)))
    points = {"hover, kernel": api_call_in(text, kernel), "hover, helper": api_call_in(text, helper)}
    s = Session(command, {**env, "PYASC_LSP_CACHE": str(folder / "store")})
    await s.start(folder, {"pyasc": {"cppChecks": False}})
    await s.wait(uri, 1, s.open(uri, text), timeout=120)
    doc = types.TextDocumentIdentifier(uri=uri)
    right_after = "hover, kernel, sent right after the edit's diagnostics (waits for the rest of its analysis)"
    out: dict[str, list[float]] = {k: [] for k in [right_after, *points, "completion after asc.",
                                                   "completion after a tensor"]}
    tensor, after_line = tensor_in(kernel)
    lines = text.split("\n")
    indent = len(lines[after_line + 1]) - len(lines[after_line + 1].lstrip())
    for _ in range(rounds):
        await s.wait(uri, *s.change(uri, *editor.next()), timeout=60)
        for label, (line, col) in [(right_after, points["hover, kernel"]), *points.items()]:
            t0 = time.perf_counter()
            await s.client.text_document_hover_async(types.HoverParams(text_document=doc,
                                                                       position=types.Position(line, col)))
            out[label].append((time.perf_counter() - t0) * 1000)
        if bare:
            continue
        line, col = points["hover, kernel"]
        t0 = time.perf_counter()
        await s.client.text_document_completion_async(types.CompletionParams(text_document=doc,
                                                                             position=types.Position(line, col)))
        out["completion after asc."].append((time.perf_counter() - t0) * 1000)
        # type `<tensor>.` on a new line, ask at once, then take the line out again
        at = types.Position(after_line + 1, 0)
        typed = " " * indent + tensor + "."
        s.change(uri, types.Range(at, at), typed + "\n")
        t0 = time.perf_counter()
        await s.client.text_document_completion_async(types.CompletionParams(
            text_document=doc, position=types.Position(after_line + 1, len(typed))))
        out["completion after a tensor"].append((time.perf_counter() - t0) * 1000)
        await s.wait(uri, *s.change(uri, types.Range(at, types.Position(after_line + 2, 0)), ""), timeout=60)
    await s.stop()
    return out


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", type=Path, default=None, help="the file (default: the benchmark program)")
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--baseline", type=Path, default=None, help="an earlier checkout run in the same run")
    args = parser.parse_args()
    source = args.file or default_file()
    if source is None:
        raise SystemExit("no benchmark program in bench/programs: give --file")
    text = source.read_text(encoding="utf-8")
    runs: list[tuple[str, list[str], dict[str, str], bool]] = [
        ("pyasc-lsp", SERVER, {**os.environ, "PYTHONPATH": str(HERE)}, False)]
    if args.baseline is not None:
        runs.append((f"baseline {args.baseline}", SERVER,
                     {**os.environ, "PYTHONPATH": str(args.baseline.resolve())}, False))
    runs.append(("bare pygls", BARE, dict(os.environ), True))
    results: dict[str, dict[str, list[float]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for label, command, env, bare in runs:
            results[label] = await measure(command, env, Path(tmp), text, source.name, args.rounds, bare)
    print(f"file: {source} ({text.count(chr(10))} lines); {args.rounds} rounds; load average "
          f"{os.getloadavg()[0]:.1f}")
    print("| request, p50 / p95 ms | " + " | ".join(results) + " |")
    print("|---|" + "---|" * len(results))
    for what in results["pyasc-lsp"]:
        cells = [p50_95(r[what]) if r.get(what) else "" for r in results.values()]
        print(f"| {what} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    asyncio.run(main())
