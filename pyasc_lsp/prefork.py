"""A warm compiler in a second process for the server's first analyses (POSIX only).

Why: until its first diagnostics the server is bound to one thread: importing pygls and lsprotocol (about 300 ms),
then the compiler and a cold first analysis, all under one GIL.  Forked at the very start, before those imports, a
child process imports the compiler, warms it up and analyzes the kernel files of its working folder (where editors
start a language server) while the parent imports the protocol; the parent then sends it the first documents to
analyze and gets the results back pickled.  The parent imports its own compiler only after its first diagnostics
are out, and stops the child once it can analyze in-process (`PyascServer` decides; see docs/architecture.md).

The child is forked only when a core is idle (`busy_cpus`): on a machine whose cores are all busy its work would
come out of the server's own share of them.  It runs at the server's own priority, and the first analysis waits for
it rather than starting over in-process; only a child that died or stays silent for READY_WAIT seconds means
in-process analysis.

The child runs the same `analyze()` entry point with the same text, path and Config, so a result is the one the
parent would have computed.  Any failure of the child (it died, a pipe broke, it sent something odd) makes the
parent analyze in-process instead: the worker only ever makes the first results faster.

`PYASC_LSP_PREFORK=0` turns it off, `=1` on also with one CPU or none idle; by default it is used with two CPUs or
more when one is idle.
`PYASC_LSP_PREFORK_WAIT` (seconds) is how long the first analysis waits for a worker still warming up (READY_WAIT).
"""

from __future__ import annotations

import logging
import os
import pickle
import select
import signal
import struct
import threading
import time
from collections.abc import Callable
from typing import Any

logger = logging.getLogger(__name__)

ENV_SWITCH = "PYASC_LSP_PREFORK"
ENV_WAIT = "PYASC_LSP_PREFORK_WAIT"
READY_WAIT = 10.0
"""Seconds the first analysis waits for a worker still warming up before going in-process: a bound for a child that
hangs, not a guess at its speed (a child that is alive is further along than an in-process start would be)."""
_HEADER = struct.Struct("<Q")

WARM_UP_KERNEL = '''
import pyasc as asc

TILE = 128


@asc.jit
def warm_up(x: asc.GlobalAddress, y: asc.GlobalAddress, z: asc.GlobalAddress, n: int):
    offset = asc.get_block_idx() * n
    x_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x + offset, n)
    y_gm = asc.GlobalTensor()
    y_gm.set_global_buffer(y + offset, n)
    z_gm = asc.GlobalTensor()
    z_gm.set_global_buffer(z + offset, n)
    pipe = asc.TPipe()
    qx = asc.TQue(asc.TPosition.VECIN, 2)
    qz = asc.TQue(asc.TPosition.VECOUT, 2)
    pipe.init_buffer(qx, 2, TILE * 4)
    pipe.init_buffer(qz, 2, TILE * 4)
    for i in range(n // TILE):
        xl = qx.alloc_tensor(asc.float32)
        asc.data_copy(xl, x_gm[i * TILE:], TILE)
        qx.enque(xl)
        xl = qx.deque(asc.float32)
        zl = qz.alloc_tensor(asc.float32)
        asc.add(zl, xl, xl, TILE)
        asc.muls(zl, zl, 2.0, TILE)
        qz.enque(zl)
        qx.free_tensor(xl)
        zl = qz.deque(asc.float32)
        asc.data_copy(z_gm[i * TILE:], zl, TILE)
        qz.free_tensor(zl)
'''
"""Analyzed once by the child before any request when it has no folder to analyze ahead: the first real analysis
then finds the compiler's first-use work (API signatures, overload tables, compiled patterns) done."""


class WorkerError(Exception):
    """The worker could not answer; the caller analyzes in-process."""


def enabled() -> bool:
    """On where the platform can fork, with two CPUs or more and one of them idle, unless the environment says
    otherwise."""
    if not hasattr(os, "fork"):
        return False
    setting = os.environ.get(ENV_SWITCH, "auto").strip().lower()
    if setting in ("0", "false", "no", "off"):
        return False
    if setting in ("1", "true", "yes", "on"):
        return True
    n = cpus()
    if n < 2:
        return False
    others = busy_cpus()
    return others is None or others < n


def busy_cpus() -> float | None:
    """Other tasks running or waiting for a CPU right now (Linux: /proc/loadavg, this process left out), else the
    one-minute load average; None when neither can be read.

    Why it matters: with no core idle the child's CPU time comes mostly out of the server's own share, not out of
    the other tasks': Linux groups the tasks of a session (the editor and its language server) and shares the CPUs
    between the groups first, so on a machine busy with other sessions the child's import and analysis delay the
    parent's by about as much as they would in-process, and forking and pickling come on top (measured with the
    other sessions of a shared 2-core machine keeping it busy: 1.59x-1.78x of a bare pygls server's start with the
    child, 1.28x-1.32x without)."""
    try:
        with open("/proc/loadavg", encoding="ascii") as fh:
            running = int(fh.read().split()[3].split("/")[0])
        return max(0, running - 1)
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.getloadavg()[0]
    except (OSError, AttributeError):
        return None


def cpus() -> int:
    """CPUs this process may run on.  With one, the child's work would be the parent's own, moved elsewhere."""
    try:
        return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 1)
    except OSError:
        return 1


class Worker:
    """The parent's handle on the child: one request at a time (the analysis thread is the only caller)."""

    def __init__(self, pid: int, to_child: int, from_child: int, ready_wait: float = READY_WAIT) -> None:
        self.pid = pid
        self.ready_wait = ready_wait
        """Seconds the first analysis waits for the child's warm-up to end before going in-process."""
        self._to_child = to_child
        self._from_child = from_child
        self._lock = threading.Lock()
        self._ready = False
        self.closed = False
        self.served = 0
        """Analyses the child answered (for the log and the tests)."""
        self.prefetched = 0
        """Files the child analyzed ahead of any request (as of its last answer)."""

    def analyze(self, text: str, path: str, config: Any, early: Callable[[Any], None] | None = None) -> Any:
        """The child's `analyze(text, path, config, its cache)`; raises WorkerError when it cannot answer.

        The child sends the diagnostics ahead of the whole result, as soon as they are known (before the C++ is
        generated, see `analyze(early=...)`): `early` gets them at once, as an Analysis holding only the text and
        the diagnostics.
        """
        with self._lock:
            if self.closed:
                raise WorkerError("the worker is stopped")
            if not self._wait_ready(self.ready_wait):
                self._stop()
                raise WorkerError("the analysis worker was not ready (no idle core for it)")
            try:
                _send(self._to_child, pickle.dumps(("analyze", (text, path, config)),
                                                   protocol=pickle.HIGHEST_PROTOCOL))
                status, payload = self._next()
                if status == "diagnostics":
                    if early is not None:
                        from pyasc.compiler.pipeline.results import Analysis

                        early(Analysis(path=path, text=text, diagnostics=payload))
                    status, payload = self._next()
            except Exception as exc:  # noqa: BLE001 - a dead child, a broken pipe, a bad pickle: all mean "not here"
                self._stop()
                raise WorkerError(f"the analysis worker failed: {exc!r}") from exc
            if status != "ok":
                raise WorkerError(str(payload))
            self.served += 1
            return payload

    def _next(self) -> tuple[str, Any]:
        """The child's next answer; the count it sends when it ends a prefetch is recorded on the way."""
        while True:
            status, payload = pickle.loads(_receive(self._from_child))
            if status != "prefetched":
                return status, payload
            self.prefetched = payload

    def wait_prefetched(self, timeout: float) -> bool:
        """Wait up to `timeout` seconds for the end of a prefetch asked for earlier (True when it ended)."""
        with self._lock:
            if self.closed or not self._wait_ready(timeout):
                return False
            try:
                if not select.select([self._from_child], [], [], timeout)[0]:
                    return False
                status, payload = pickle.loads(_receive(self._from_child))
            except (OSError, EOFError, ValueError, pickle.UnpicklingError):
                return False
            if status == "prefetched":
                self.prefetched = payload
            return status == "prefetched"

    def prefetch(self, root: str, layer: dict[str, Any]) -> None:
        """Have the child analyze the kernel files under `root` (most recently modified first) into its kernel cache
        while the client finishes the handshake: an opened file that matches its disk text then costs little.

        `layer` is the editor settings (`Settings.analysis_layer()`), so that the child's Config for a file is the
        one the server will use.  Never blocks: when an analysis is in flight there is nothing to gain anyway."""
        if not self._lock.acquire(blocking=False):
            return
        try:
            if not self.closed:
                _send(self._to_child, pickle.dumps(("prefetch", (root, dict(layer)))))
        except OSError:
            self._stop()
        finally:
            self._lock.release()

    def wait_ready(self, timeout: float) -> bool:
        """Wait up to `timeout` seconds for the child's warm-up to end (True when it has)."""
        with self._lock:
            return not self.closed and self._wait_ready(timeout)

    def _wait_ready(self, timeout: float) -> bool:
        """Has the child finished its warm-up (waiting up to `timeout` seconds for it)?  It says so once."""
        if self._ready:
            return True
        try:
            readable, _, _ = select.select([self._from_child], [], [], timeout)
            if not readable:
                return False
            status, _ = pickle.loads(_receive(self._from_child))
        except (OSError, EOFError, ValueError, pickle.UnpicklingError):
            return False
        self._ready = status == "ready"
        return self._ready

    def close(self) -> None:
        """Stop the child (it exits when its request pipe closes) and reap it."""
        with self._lock:
            self._stop()

    def _stop(self) -> None:
        if self.closed:
            return
        self.closed = True
        for fd in (self._to_child, self._from_child):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            # It holds nothing worth a clean exit, and a worker still warming up on a busy machine could take a
            # while to notice the closed pipe: end it now, so that reaping it never waits.
            os.kill(self.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass
        logger.debug("analysis worker %d stopped after %d analyses (%d files analyzed ahead)", self.pid, self.served,
                     self.prefetched)


def start(folder: str | None = None) -> Worker | None:
    """Fork the worker; call before any thread starts and before the heavy imports.  None when off or failed.

    `folder` (the server's working folder, where editors start it) is analyzed ahead as soon as the compiler is
    warm, before the client even sends its workspace folders (`initial_folder` says which folders are not)."""
    if not enabled():
        return None
    try:
        req_r, req_w = os.pipe()
        res_r, res_w = os.pipe()
        pid = os.fork()
    except OSError as exc:
        logger.info("no analysis worker: %s", exc)
        return None
    if pid == 0:  # the child never returns from here
        code = 0
        try:
            os.close(req_w)
            os.close(res_r)
            _detach_stdio()
            _serve(req_r, res_w, initial_folder(folder))
        except BaseException:  # noqa: BLE001 - the child must end here whatever happens
            code = 1
        os._exit(code)
    os.close(req_r)
    os.close(res_w)
    return Worker(pid, req_w, res_r, ready_wait())


def ready_wait() -> float:
    """READY_WAIT, or the seconds $PYASC_LSP_PREFORK_WAIT gives."""
    try:
        return max(0.0, float(os.environ.get(ENV_WAIT, READY_WAIT)))
    except ValueError:
        return READY_WAIT


def _detach_stdio() -> None:
    """stdin and stdout carry the protocol: the child must neither read one nor write the other."""
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)
    os.dup2(2, 1)  # a stray print lands in the log, never in the protocol stream
    os.close(devnull)


def initial_folder(folder: str | None) -> str | None:
    """The folder to analyze ahead before the client names its workspace: not the file system's root or the home
    folder (a server started from there names no project)."""
    if not folder:
        return None
    try:
        resolved = os.path.realpath(folder)
        if resolved == os.path.realpath(os.path.expanduser("~")) or os.path.dirname(resolved) == resolved:
            return None
    except (OSError, ValueError):
        return None
    return resolved


class _EarlySender:
    """In the child: sends an analysis's diagnostics to the parent as soon as they are known."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        self.sent = False

    def __call__(self, diagnostics: list[Any]) -> None:
        _send(self.fd, pickle.dumps(("diagnostics", diagnostics), protocol=pickle.HIGHEST_PROTOCOL))
        self.sent = True


def _before_warm_up() -> None:
    """Called in the child before anything else (the tests replace it to hold the child back)."""


def _serve(requests: int, responses: int, folder: str | None = None) -> None:
    """The child: import and warm the compiler, analyze `folder` ahead, then answer requests until the parent closes
    the pipe.  It keeps the server's priority (see the module's doc)."""
    _before_warm_up()
    from .codecache import install_dataclasses

    install_dataclasses()  # the parent's table, read before the fork: its compiler import is the same
    from pyasc.compiler.pipeline.analysis import AnalysisCache, analyze, prepare_next

    cache = AnalysisCache()
    if folder is None:  # else the folder's own kernels warm the compiler up, and count for something
        analyze(WARM_UP_KERNEL, "<warm-up>", None, AnalysisCache())
    _send(responses, pickle.dumps(("ready", None)))
    prefetched = 0
    done: set[tuple[str, str]] = set()
    """(folder, settings) prefetched to the end: asked for again (the client's workspace folder is usually the
    working folder), nothing is left to do."""

    def prefetch(root: str, layer: dict[str, Any]) -> None:
        nonlocal prefetched
        key = (os.path.realpath(root), repr(sorted(layer.items())))
        if key in done:
            return
        try:
            count, complete = _prefetch(root, layer, cache=cache, requests=requests)
        except Exception:  # noqa: BLE001 - only ever a head start; the analyses still come
            logger.debug("prefetch failed", exc_info=True)
            return
        prefetched += count
        if complete:
            done.add(key)

    if folder is not None:
        prefetch(folder, {})  # the settings of a client that sends none; other settings are other cache keys
        _send(responses, pickle.dumps(("prefetched", prefetched)))
    while True:
        try:
            kind, payload = pickle.loads(_receive(requests))
        except EOFError:
            return
        if kind == "prefetch":
            prefetch(*payload)
            _send(responses, pickle.dumps(("prefetched", prefetched)))
            continue
        try:
            text, path, config = payload
            sent = _EarlySender(responses)
            result = analyze(text, path, config, cache, early=sent)
            if not sent.sent:  # every kernel came from the cache: the diagnostics are the result's
                sent(result.diagnostics)
            reply = pickle.dumps(("ok", result), protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # noqa: BLE001 - reported to the parent, which then analyzes in-process
            reply = pickle.dumps(("error", f"{type(exc).__name__}: {exc}"))
        _send(responses, reply)
        if not select.select([requests], [], [], 0)[0]:
            prepare_next()  # idle: the next edit's head start


PREFETCH_SECONDS = 0.5
"""At most this long analyzing files ahead; a request arriving meanwhile stops it at once."""
PREFETCH_FILES = 40
PREFETCH_MAX_BYTES = 256_000


def _prefetch(root: str, layer: dict[str, Any], *, cache: Any, requests: int) -> tuple[int, bool]:
    """In the child: analyze the likeliest kernel files under `root` into `cache`; returns how many, and whether it
    went through them all (not stopped by its deadline or by a request)."""
    from pyasc.compiler.pipeline.analysis import analyze

    from .config import Settings
    from .newlines import lsp_newlines

    deadline = time.monotonic() + PREFETCH_SECONDS
    settings = Settings()
    done = 0
    for path in _kernel_files(root, deadline):
        if time.monotonic() > deadline or select.select([requests], [], [], 0)[0]:
            return done, False  # out of time, or the parent wants an analysis now
        try:
            with open(path, encoding="utf-8") as fh:
                text = fh.read(PREFETCH_MAX_BYTES + 1)
        except (OSError, UnicodeDecodeError):
            continue
        if len(text) > PREFETCH_MAX_BYTES or "jit" not in text:
            continue
        settings.config_for(path)  # reads the folder's pyproject.toml, as the server will
        config = settings.config_with(path, layer)
        if config is None:
            continue
        analyze(lsp_newlines(text), path, config, cache)
        done += 1
    return done, time.monotonic() <= deadline


def _kernel_files(root: str, deadline: float) -> list[str]:
    """Python files under `root`, newest first, found as pyasc-check finds them (hidden, virtual-environment and
    build folders are not entered, link cycles are walked once); the walk stops at the deadline or after a few
    thousand files."""
    from pathlib import Path

    from pyasc.sources import walk

    found: list[tuple[float, str]] = []
    for candidate in walk(Path(root), Path(root), lambda path: False, set(), set()):
        if len(found) >= 5000 or time.monotonic() > deadline:
            break
        if candidate.problem is not None:
            continue
        try:
            info = candidate.path.stat()
        except OSError:
            continue
        if info.st_size <= PREFETCH_MAX_BYTES:
            found.append((info.st_mtime, str(candidate.path)))
    found.sort(reverse=True)
    return [path for _, path in found[:PREFETCH_FILES]]


def _send(fd: int, data: bytes) -> None:
    view = memoryview(_HEADER.pack(len(data)) + data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def _receive(fd: int) -> bytes:
    (size,) = _HEADER.unpack(_read_exactly(fd, _HEADER.size))
    return _read_exactly(fd, size)


def _read_exactly(fd: int, size: int) -> bytes:
    chunks: list[bytes] = []
    left = size
    while left:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            raise EOFError("the pipe closed")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


__all__ = ["ENV_SWITCH", "ENV_WAIT", "Worker", "WorkerError", "enabled", "start"]
