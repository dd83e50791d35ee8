"""The start-up worker (pyasc_lsp.prefork): a forked process that analyzes the first documents while the server
imports its own compiler.  It must give exactly the results of an in-process analysis, hand over to the server's
own compiler, disappear afterwards, and never be needed: a dead worker only means in-process analysis."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil
import pytest
from fuzz.jsonrpc import LspProcess
from fuzz.servers import NO_CPP

from pyasc_lsp import prefork

from .samples import ADD, DTYPE_CONFLICT, UNKNOWN_API

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the start-up worker needs fork (POSIX)")

# Run in a fresh interpreter: forking the multi-threaded pytest process could copy a lock some thread holds.
WORKER_SCRIPT = r"""
import json, os, signal, sys
from pyasc.compiler.pipeline.analysis import analyze
from pyasc_lsp import prefork

texts = json.loads(sys.argv[1])


def finish(out, pid):
    try:
        os.kill(pid, 0)
        out["child_gone"] = False
    except ProcessLookupError:
        out["child_gone"] = True
    print(json.dumps(out))


ADD_TEXT = texts[0]
prefork.PREFETCH_SECONDS = 600.0  # inherited by the worker: its prefetch is never cut short by a busy machine
folder = None
if sys.argv[2] == "initial":
    import pathlib
    folder = pathlib.Path(sys.argv[3]) / "initial"  # the test's own temporary folder, removed by the test
    folder.mkdir()
    (folder / "k.py").write_text(texts[0].replace("TILE_LENGTH = 128", "TILE_LENGTH = 32"), encoding="utf-8")
elif sys.argv[2] == "held":
    # the child stops itself before its warm-up until the parent lets it go on: certainly not ready at first
    prefork._before_warm_up = lambda: os.kill(os.getpid(), signal.SIGSTOP)
worker = prefork.start(None if folder is None else str(folder))
assert worker is not None, "PYASC_LSP_PREFORK=1 must start the worker"
if sys.argv[2] == "initial":
    # the working folder is analyzed as soon as the compiler is warm, before any request names it
    assert worker.wait_prefetched(120), "the prefetch of the working folder must end"
    out = {"prefetched": worker.prefetched}
    text = (folder / "k.py").read_text(encoding="utf-8")
    remote = worker.analyze(text, str(folder / "k.py"), None)
    out["prefetch_same"] = remote.diagnostics == analyze(text, str(folder / "k.py"), None).diagnostics
    out["reanalyzed"] = [k.reanalyzed for k in remote.kernels]
    worker.prefetch(str(folder), {})  # the client names the same folder: nothing is analyzed twice
    assert worker.wait_prefetched(120)
    out["prefetched_again"] = worker.prefetched
    pid = worker.pid
    worker.close()
    finish(out, pid)
    sys.exit(0)
if sys.argv[2] == "held":
    import threading, time
    from pyasc_lsp.server import PyascServer
    server = PyascServer()
    server.worker = worker
    got = {}
    thread = threading.Thread(target=lambda: got.update(r=server._analyze_routed(texts[0], "/nonexistent/k.py",
                                                                                 None, None)))
    thread.start()
    time.sleep(0.3)  # not a threshold: whenever the child goes on, the analysis must wait for it
    held = not worker._ready
    os.kill(worker.pid, signal.SIGCONT)
    thread.join()
    print(json.dumps({"held": held, "served": worker.served, "closed": worker.closed,
                      "same": got["r"].diagnostics == analyze(texts[0], "/nonexistent/k.py", None).diagnostics}))
    worker.close()
    sys.exit(0)
assert worker is not None, "PYASC_LSP_PREFORK=1 must start the worker"
assert worker.wait_ready(60), "the worker must finish its warm-up"
out = {"same": [], "served": 0}
for text in texts:
    remote = worker.analyze(text, "/nonexistent/k.py", None)
    local = analyze(text, "/nonexistent/k.py", None)
    out["same"].append([remote.diagnostics == local.diagnostics, remote.cpp == local.cpp,
                        remote.kernels == local.kernels, remote.symbols == local.symbols,
                        remote.calls == local.calls, remote.hints == local.hints,
                        remote.sourcemap.segments == local.sourcemap.segments,
                        len(remote.diagnostics), len(remote.cpp)])
out["served"] = worker.served
pid = worker.pid
if sys.argv[2] == "prefetch":
    import pathlib
    root = pathlib.Path(sys.argv[3]) / "prefetch"
    root.mkdir()
    # a text the loop above has not analyzed (another constant value, so other cache keys)
    texts = [texts[0].replace("TILE_LENGTH = 128", "TILE_LENGTH = 64")]
    assert texts[0] != ADD_TEXT
    (root / "pkg").mkdir()
    (root / ".hidden").mkdir()
    (root / "pkg" / "k.py").write_text(texts[0], encoding="utf-8")
    (root / ".hidden" / "skip.py").write_text(texts[0], encoding="utf-8")
    (root / "plain.py").write_text("x = 1\n", encoding="utf-8")
    worker.prefetch(str(root), {})
    assert worker.wait_prefetched(120), "the prefetch must end"  # before the request below could stop it
    remote = worker.analyze(texts[0], str(root / "pkg" / "k.py"), None)
    out["prefetch_same"] = remote.diagnostics == analyze(texts[0], str(root / "pkg" / "k.py"), None).diagnostics
    out["prefetched"] = worker.prefetched
    out["reanalyzed"] = [k.reanalyzed for k in remote.kernels]
    worker.close()
elif sys.argv[2] == "stopped":
    # a worker that cannot run (a busy machine) is not waited for: the analysis goes in-process
    os.kill(pid, signal.SIGSTOP)
    worker._ready = False
    from pyasc_lsp.server import PyascServer
    server = PyascServer()
    server.worker = worker
    routed = server._analyze_routed(texts[0], "/nonexistent/k.py", None, None)
    out["fallback_same"] = routed.diagnostics == analyze(texts[0], "/nonexistent/k.py", None).diagnostics
    out["closed_after_failure"] = worker.closed
elif sys.argv[2] == "kill":
    os.kill(pid, signal.SIGKILL)
    from pyasc_lsp.server import PyascServer
    server = PyascServer()
    server.worker = worker
    routed = server._analyze_routed(texts[0], "/nonexistent/k.py", None, None)
    out["fallback_same"] = routed.diagnostics == analyze(texts[0], "/nonexistent/k.py", None).diagnostics
    out["closed_after_failure"] = worker.closed
else:
    worker.close()
finish(out, pid)
"""


def _run_worker(texts: list[str], mode: str, wait: str | None = None) -> dict:
    env = {**os.environ, prefork.ENV_SWITCH: "1"}
    if wait is not None:
        env[prefork.ENV_WAIT] = wait
    with tempfile.TemporaryDirectory(prefix="pyasc-prefork-test-") as scratch:  # nothing left in the temp dir
        done = subprocess.run([sys.executable, "-c", WORKER_SCRIPT, json.dumps(texts), mode, scratch],
                              capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_worker_results_equal_in_process_analysis() -> None:
    texts = [ADD, UNKNOWN_API, DTYPE_CONFLICT, "x = (", ""]
    out = _run_worker(texts, "close")
    assert out["served"] == len(texts)
    for text, row in zip(texts, out["same"], strict=True):
        assert all(row[:7]), (text[:40], row)
    # the comparison is not vacuous: the seeded bugs have diagnostics and the kernels have C++
    assert out["same"][1][7] > 0 and out["same"][2][7] > 0 and out["same"][0][8] > 0
    assert out["child_gone"], "close() must stop and reap the worker"


def test_dead_worker_means_in_process_analysis() -> None:
    out = _run_worker([UNKNOWN_API], "kill")
    assert out["fallback_same"], "with its worker killed the server must analyze in-process, with the same result"
    assert out["closed_after_failure"]
    assert out["child_gone"]


def test_worker_analyzes_the_workspace_ahead() -> None:
    """Kernel files on disk are analyzed before they are opened (hidden folders and files without kernels are
    skipped), so the first analysis of an opened file is answered from the worker's kernel cache."""
    out = _run_worker([ADD], "prefetch")
    assert out["prefetched"] == 1, out
    assert out["prefetch_same"]
    assert out["reanalyzed"] == [False], "the opened file's kernel must come from the cache the prefetch filled"
    assert out["child_gone"]


def test_worker_analyzes_its_working_folder_before_any_request() -> None:
    out = _run_worker([ADD], "initial")
    assert out["prefetched"] == 1, out
    assert out["prefetch_same"]
    assert out["reanalyzed"] == [False], "the kernel must come from the cache the working folder's prefetch filled"
    assert out["prefetched_again"] == 1, "the same folder and settings asked for again are not analyzed again"
    assert out["child_gone"]


def test_first_analysis_waits_for_a_worker_still_warming_up() -> None:
    """Without a free core the child is slow to get ready, but it is further along than an in-process start: the
    first analysis waits for it (up to READY_WAIT) instead of starting over in the server."""
    out = _run_worker([UNKNOWN_API], "held", wait="600")
    assert out["held"], "the child must not have been ready while it was held back"
    assert out["served"] == 1 and not out["closed"], out
    assert out["same"]


def test_worker_not_ready_means_in_process_analysis() -> None:
    # a child that stays silent for the whole wait (stopped here) is given up: the analysis goes in-process
    out = _run_worker([UNKNOWN_API], "stopped", wait="0.2")
    assert out["fallback_same"] and out["closed_after_failure"] and out["child_gone"]


def test_switch_and_cpus(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(prefork.ENV_SWITCH, "0")
    assert not prefork.enabled()
    monkeypatch.setenv(prefork.ENV_SWITCH, "1")
    assert prefork.enabled()
    monkeypatch.setenv(prefork.ENV_SWITCH, "auto")
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(prefork, "busy_cpus", lambda: 1)
    assert prefork.enabled(), "two CPUs, one idle: the child runs beside the server"
    monkeypatch.setattr(prefork, "busy_cpus", lambda: None)
    assert prefork.enabled(), "the load cannot be read: as with an idle core"
    monkeypatch.setattr(prefork, "busy_cpus", lambda: 2)
    assert not prefork.enabled(), "no core idle: the child's work would come out of the server's own share"
    monkeypatch.setattr(prefork, "busy_cpus", lambda: 0)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0}, raising=False)
    assert not prefork.enabled(), "one CPU: the child's work would be the server's own"
    monkeypatch.setenv(prefork.ENV_SWITCH, "1")
    monkeypatch.setattr(prefork, "busy_cpus", lambda: 8)
    assert prefork.enabled(), "forced on, however busy"


def test_busy_cpus_leaves_this_process_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_open = builtins.open
    loadavg = tmp_path / "loadavg"

    def fake_open(path: object, *args: object, **kwargs: object) -> object:
        return real_open(loadavg if path == "/proc/loadavg" else path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "open", fake_open)
    loadavg.write_text("0.50 0.40 0.30 3/210 4242\n", encoding="ascii")
    assert prefork.busy_cpus() == 2
    loadavg.write_text("0.00 0.00 0.00 1/90 17\n", encoding="ascii")
    assert prefork.busy_cpus() == 0


def test_initial_folder(tmp_path: Path) -> None:
    assert prefork.initial_folder(str(tmp_path)) == os.path.realpath(tmp_path)
    assert prefork.initial_folder("/") is None, "the file system's root names no project"
    assert prefork.initial_folder(os.path.expanduser("~")) is None, "nor does the home folder"
    assert prefork.initial_folder(None) is None
    assert prefork.initial_folder("") is None


def _session(root: Path, env: dict[str, str]) -> tuple[list[list[dict]], LspProcess]:
    """Open a file with seeded bugs, edit it twice; the diagnostics of each version."""
    path = root / "k.py"
    path.write_text(UNKNOWN_API, encoding="utf-8")  # on disk before the start: the worker may analyze it ahead
    server = LspProcess(root, log_level="DEBUG", env=env)
    server.initialize(root, init_options=NO_CPP)
    uri = path.as_uri()
    server.open(uri, UNKNOWN_API)
    seen = [server.wait_published(uri, 1)]
    # new settings re-analyze the same version: its diagnostics must go out again, changed
    count = len(server.published(uri))
    server.notify("workspace/didChangeConfiguration", {"settings": {"pyasc": {"severity": {"PA202": "warning"}}}})
    again = server.wait_for(lambda m: m["method"] == "textDocument/publishDiagnostics"
                            and m["params"]["uri"] == uri and len(server.published(uri)) > count,
                            30, "diagnostics after a configuration change")
    seen.append(again["params"]["diagnostics"])
    lines = UNKNOWN_API.split("\n")
    line = next(i for i, t in enumerate(lines) if "asc.ad(" in t)
    col = lines[line].index("asc.ad(") + len("asc.ad")
    server.change(uri, 2, [{"range": {"start": {"line": line, "character": col},
                                      "end": {"line": line, "character": col}}, "text": "d"}])
    seen.append(server.wait_published(uri, 2))
    server.change(uri, 3, [{"range": {"start": {"line": line, "character": col},
                                      "end": {"line": line, "character": col + 1}}, "text": ""}])
    seen.append(server.wait_published(uri, 3))
    return seen, server


def _children(pid: int) -> list[psutil.Process]:
    try:
        return psutil.Process(pid).children(recursive=True)
    except psutil.NoSuchProcess:
        return []


def test_server_with_worker_publishes_what_it_publishes_without(tmp_path: Path) -> None:
    with_dir, without_dir = tmp_path / "with", tmp_path / "without"
    with_dir.mkdir()
    without_dir.mkdir()
    # the first analysis waits for the worker however busy the machine: it certainly comes from the worker
    forked, server = _session(with_dir, {prefork.ENV_SWITCH: "1", prefork.ENV_WAIT: "600"})
    forked_server = server
    try:
        # the worker hands over to the server's own compiler and goes away
        deadline = time.monotonic() + 30
        while _children(server.proc.pid) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _children(server.proc.pid), "the start-up worker outlived the hand-over"
    finally:
        assert server.close() == 0
    log = server.stderr_path.read_text(encoding="utf-8", errors="replace")
    assert "analysis worker" in log and "stopped after" in log, log[-2000:]
    served = int(log.split("stopped after ", 1)[1].split()[0])
    assert served >= 1, "the first analysis must come from the worker"

    single, server = _session(without_dir, {prefork.ENV_SWITCH: "0"})
    assert server.close() == 0
    assert "analysis worker" not in server.stderr_path.read_text(encoding="utf-8", errors="replace")

    def comparable(diags: list[dict]) -> list[tuple]:
        return [(d.get("code"), json.dumps(d["range"], sort_keys=True), d["message"].replace(str(with_dir), "ROOT")
                 .replace(str(without_dir), "ROOT")) for d in diags]

    assert [comparable(v) for v in forked] == [comparable(v) for v in single]
    severities = {d["severity"] for d in forked[1] if d.get("code") == "PA202"}
    assert severities == {2}, f"the configured severity (warning) must apply: {forked[1]}"
    # the worker's diagnostics go out ahead of its whole result, once per analysis: version 1 twice (the
    # configuration change), the edits once each
    uri = (with_dir / "k.py").as_uri()
    versions = [p["version"] for p in forked_server.published(uri)]
    assert versions == [1, 1, 2, 3], versions
    assert any(d.get("code") == "PA202" for d in forked[0]), forked[0]
    assert not any(d.get("code") == "PA202" for d in forked[2]), "the fixed call must not be reported"
