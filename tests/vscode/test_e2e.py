"""The extension in real VS Code (code-server) driven through Debian chromium: diagnostics in the Problems panel, the
generated C++ panel, linked highlighting both ways, the jump back to Python and the Pipeline view of a traced run.
Its screenshots stay in the test's temporary folder; `make screenshots` (PYASC_SCREENSHOTS=docs/images) copies them
over the README's images.

Needs `make deps` (scripts/deps-vscode.sh); a missing piece fails the test rather than skipping it.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import psutil
import pytest

from .conftest import CHROMIUM, CODE_SERVER, ROOT, VSIX

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(420)]

SAMPLE = Path(__file__).parent / "samples" / "vadd.py"
PIPELINE_FILE = "softsign_run.py"
SCREENSHOTS_ENV = "PYASC_SCREENSHOTS"
"""A folder to copy panel.png, interpreter-error.png and pipeline.png into once the test passed (unset: they stay in
tmp_path)."""
# pyasc.linkedLineBackground's dark default (#ffd70033) as the browser computes it.
LINKED_LINE = "rgba(255, 215, 0, 0.2)"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _kill_tree(proc: subprocess.Popen[bytes] | subprocess.Popen[str]) -> None:
    """Ends the process, everything it started (extension host, language server) and its process group."""
    try:
        parent = psutil.Process(proc.pid)
        family = [parent, *parent.children(recursive=True)]
    except psutil.NoSuchProcess:
        family = []
    for p in family:
        try:
            p.terminate()
        except psutil.NoSuchProcess:
            pass
    _, alive = psutil.wait_procs(family, timeout=5)
    for p in alive:
        try:
            p.kill()
        except psutil.NoSuchProcess:
            pass
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    proc.wait(timeout=10)


def _line_of(text: str, needle: str) -> tuple[int, int]:
    """1-based line and column of the first occurrence of `needle`."""
    for i, line in enumerate(text.splitlines(), start=1):
        col = line.find(needle)
        if col >= 0:
            return i, col + 1
    raise AssertionError(f"{needle!r} not in sample")


def _ipc_sockets() -> set[str]:
    """VS Code's IPC sockets in the shared temp directory (a test must leave none behind)."""
    return {p.name for p in Path(tempfile.gettempdir()).glob("vscode-ipc-*.sock")}


def test_extension_in_code_server(tmp_path: Path) -> None:
    missing = [str(p) for p in (CODE_SERVER, CHROMIUM, ROOT / "node_modules" / "playwright-core") if not p.exists()]
    npm, node = shutil.which("npm"), shutil.which("node")
    if missing or npm is None or node is None:
        pytest.fail(f"missing {missing or 'npm/node'}: run `make deps` (scripts/deps-vscode.sh)")

    t0 = time.monotonic()
    build = subprocess.run([npm, "run", "package"], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    assert VSIX.is_file()

    home = tmp_path / "home"
    user_data, extensions, work = tmp_path / "user-data", tmp_path / "extensions", tmp_path / "work"
    for d in (home / "config", home / "data", home / "cache", user_data / "User", extensions, work):
        d.mkdir(parents=True)
    sockets_before = _ipc_sockets()
    (home / "r").mkdir()
    env = {
        **os.environ,
        "XDG_CONFIG_HOME": str(home / "config"),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CACHE_HOME": str(home / "cache"),
        "XDG_RUNTIME_DIR": str(home / "r"),  # VS Code's IPC sockets go here, not into the shared temp directory
    }
    env.pop("VSCODE_IPC_HOOK_CLI", None)
    settings = {
        "pyasc.interpreter": sys.executable,
        "pyasc.socVersion": "Ascend910B1",
        "workbench.startupEditor": "none",
        "workbench.colorTheme": "Default Dark Modern",
        "workbench.tips.enabled": False,
        "workbench.enableExperiments": False,
        "security.workspace.trust.enabled": False,
        "telemetry.telemetryLevel": "off",
        "extensions.ignoreRecommendations": True,
        "extensions.autoCheckUpdates": False,
        "update.mode": "none",
        "git.enabled": False,
        "editor.minimap.enabled": False,
        # The driver clicks near an editor's top line; a sticky scope header there would take the click.
        "editor.stickyScroll.enabled": False,
        "chat.commandCenter.enabled": False,
        "window.commandCenter": False,
    }
    (user_data / "User" / "settings.json").write_text(json.dumps(settings, indent=2))
    # A Python that cannot import pyasc, switched to at the end to see the actionable error.
    bare = tmp_path / "bare-venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(bare)], check=True, timeout=60)
    bare_python = bare / "bin" / "python"
    kernel = work / SAMPLE.name
    source = SAMPLE.read_text()
    kernel.write_text(source)
    # A kernel file that runs (for the Pipeline view): the single-buffered example with a launch of its own.
    runnable = work / PIPELINE_FILE
    runnable_text = (ROOT / "examples" / "softsign_depth1.py").read_text() + (
        "\n\nif __name__ == \"__main__\":\n    import numpy as np\n\n"
        "    x = np.linspace(-4, 4, 2 * 4096, dtype=np.float32)\n    y = np.zeros_like(x)\n"
        "    softsign_depth1[2](x, y, 4096)\n    print(\"softsign:\", bool(np.allclose(y, x / (1 + abs(x)))))\n")
    runnable.write_text(runnable_text)

    common = ["--user-data-dir", str(user_data), "--extensions-dir", str(extensions)]
    inst = subprocess.run(
        [str(CODE_SERVER), *common, "--install-extension", str(VSIX)],
        capture_output=True, text=True, env=env, timeout=180,
    )
    assert inst.returncode == 0, inst.stdout + inst.stderr
    assert any(p.name.startswith("pyasc.pyasc-vscode-") for p in extensions.iterdir()), list(extensions.iterdir())

    port = _free_port()
    server_log = (tmp_path / "code-server.log").open("w")
    server = subprocess.Popen(
        [str(CODE_SERVER), *common, "--bind-addr", f"127.0.0.1:{port}", "--auth", "none", "--disable-telemetry",
         "--disable-update-check", "--disable-workspace-trust", "--disable-getting-started-override", str(work)],
        stdout=server_log, stderr=subprocess.STDOUT, env=env, start_new_session=True,
    )
    driver: subprocess.Popen[str] | None = None
    try:
        url = f"http://127.0.0.1:{port}/?folder={work}"
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                    if r.status == 200:
                        break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise AssertionError((tmp_path / "code-server.log").read_text()[-3000:]) from None
                time.sleep(0.3)

        cursor_line, cursor_col = _line_of(source, "asc.data_copy(x_local")
        fix_line, fix_col = _line_of(source, "asc.ad(")
        cfg = {
            "url": url,
            "chromium": str(CHROMIUM),
            "file": SAMPLE.name,
            "cppTitle": SAMPLE.stem + ".generated.cpp",
            "expectCode": "PA202",
            "cursorLine": cursor_line,
            "cursorColumn": cursor_col + 4,
            "cppFindText": "AscendC::Add(",
            "expectLinkedCpp": "AscendC::DataCopy(x_local",
            "expectLinkedPython": "asc.add(",
            "linkedLineColour": LINKED_LINE,
            "screenshot": str(tmp_path / "panel.png"),
            "failureScreenshot": str(tmp_path / "failure.png"),
            "errorScreenshot": str(tmp_path / "interpreter-error.png"),
            "stepTimeoutMs": 90_000,
            "badInterpreter": str(bare_python),
            "fixLine": fix_line,
            "fixColumn": fix_col + len("asc.ad"),
            "fixText": "d",
            "fixedCpp": "AscendC::Add(z_local, x_local, y_local, TILE_LENGTH);",
            "pipelineFile": PIPELINE_FILE,
            "pipelineLine": _line_of(runnable_text, "asc.data_copy(x_local")[0],
            "pipelineScreenshot": str(tmp_path / "pipeline.png"),
        }
        cfg_path = tmp_path / "e2e.json"
        cfg_path.write_text(json.dumps(cfg))
        driver = subprocess.Popen(
            [node, str(Path(__file__).parent / "e2e.mjs"), str(cfg_path)],
            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
        )
        out, err = driver.communicate(timeout=300)
        steps = {}
        for line in out.splitlines():
            if line.startswith("{"):
                rec = json.loads(line)
                steps[rec["step"]] = rec
        log_tail = (tmp_path / "code-server.log").read_text()[-2000:]
        # The failing step first: a long report is cut in a CI log, and the cause must survive the cut.
        failure = steps.get("error", {}).get("message", "no error step")
        assert driver.returncode == 0 and "done" in steps, (
            f"{failure}\n--- steps ---\n{out}\n{err}\n--- code-server log ---\n{log_tail}"
        )

        # The seeded error, with its code, on its line.
        err_line, _ = _line_of(source, "asc.ad(")
        problems = steps["problems"]["text"]
        assert "PA202" in problems and f"[Ln {err_line}, Col " in problems, problems
        assert any(t.startswith("PyAsc") and "Ascend910B1" in t for t in steps["status"]["items"]), steps["status"]
        # The generated C++ in the panel.
        assert any("AscendC::" in line for line in steps["cpp"]["lines"])
        # Cursor on the data_copy line -> its C++ line highlighted; statement colours painted in both editors.
        assert any("AscendC::DataCopy" in line for line in steps["linked-from-python"]["lines"]), steps
        assert steps["linked-from-python"]["bands"] > 1
        assert steps["python-bands"]["lines"], steps["python-bands"]
        # Cursor in the C++ Add call -> the Python add line highlighted, and F12 lands on it.
        assert any("asc.add(" in line for line in steps["linked-from-cpp"]["lines"]), steps["linked-from-cpp"]
        add_line, _ = _line_of(source, "asc.add(")
        assert steps["jump"]["position"].startswith(f"Ln {add_line},"), steps["jump"]
        # Typing the fix: the panel shows the second Add in place of the unsupported call, Problems is empty.
        edited = steps["edited"]
        assert sum("AscendC::Add(" in line for line in edited["lines"]) == 2, edited["lines"]
        assert not any("unsupported" in line for line in edited["lines"]), edited["lines"]
        assert "PA202" not in edited["problems"]
        # The Pipeline view of the run the command made: lanes per core and pipe, flows for the waits, the
        # explanation beside them; the trace is at the file's default place; a click reveals the Python line.
        pipeline = steps["pipeline"]
        assert {"AIV0 MTE2", "AIV0 V", "AIV0 MTE3", "AIV1 MTE2"} <= set(pipeline["labels"]), pipeline["labels"]
        assert pipeline["events"] > 50 and pipeline["flows"] > 10, pipeline
        assert any("in_queue_x has depth 1" in note for note in pipeline["notes"]), pipeline["notes"]
        assert (work / ".pyasc" / f"{PIPELINE_FILE}.trace.json").is_file()
        copy_line = _line_of(runnable_text, "asc.data_copy(x_local")[0]
        assert steps["pipeline-reveal"]["position"].startswith(f"Ln {copy_line},"), steps["pipeline-reveal"]
        # Switching to a Python without pyasc: an error that names it and gives the install command; no server.
        bad = steps["bad-interpreter"]
        assert f"{bare_python} -m pip install pyasc-tools" in bad["toast"], bad
        assert "cannot import pyasc" in bad["toast"], bad
        assert "not running" in bad["status"]
        assert "LanguageClient" not in bad["toasts"], bad["toasts"]  # no stray client error beside ours
        target = os.environ.get(SCREENSHOTS_ENV)
        for shot in ("panel.png", "interpreter-error.png", "pipeline.png"):
            assert (tmp_path / shot).stat().st_size > 0, shot
            if target:
                Path(target).mkdir(parents=True, exist_ok=True)
                shutil.copyfile(tmp_path / shot, Path(target) / shot)
        timings = ", ".join(f"{name} {rec['ms'] / 1000:.1f}" for name, rec in steps.items())
        print(f"e2e: {time.monotonic() - t0:.1f} s in all; browser steps at (s): {timings}")
    finally:
        if driver is not None and driver.poll() is None:
            _kill_tree(driver)
        _kill_tree(server)
        server_log.close()
    assert not psutil.pid_exists(server.pid) or psutil.Process(server.pid).status() == psutil.STATUS_ZOMBIE
    assert _ipc_sockets() <= sockets_before, "code-server left IPC sockets in the temp directory"

