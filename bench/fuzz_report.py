"""Resource figures of the robustness suite, measured on a real server over stdio with the suite's own client.

  - RSS of the server at start (after initialize), after a 1,000-edit warm-up and after 20,000 more edits, each edit
    rewriting one literal of a kernel (every version is a new kernel text: a cache miss), in bursts of 100 (one
    analysis per burst, as an editor's typing produces); with --every-edit the debounce is 0 and every version is
    analyzed;
  - a burst of 500 didChange notifications sent in one write: the analyses it caused (pyasc/generatedCodeChanged
    notifications, and "analyzed <kernel>" lines of the server's debug log) and the versions published.
The baseline row is the same server opening the kernel and doing nothing else.

    .venv/bin/python bench/fuzz_report.py [--edits 20000] [--every-edit]
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from pathlib import Path

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from fuzz.jsonrpc import LspProcess  # noqa: E402
from fuzz.servers import NO_CPP  # noqa: E402
from robustness.test_resources import KERNEL, _frame, drive_edits, numbered_edits  # noqa: E402


def rss(server: LspProcess) -> float:
    return psutil.Process(server.proc.pid).memory_info().rss / 2**20


def memory(root: Path, edits: int, every_edit: bool) -> list[tuple[str, str]]:
    server = LspProcess(root)
    options = {**NO_CPP["pyasc"], **({"debounceMs": 0} if every_edit else {})}
    server.initialize(root, ["utf-16"], init_options={"pyasc": options})
    uri = (root / "long_session.py").as_uri()
    server.open(uri, KERNEL)
    server.wait_published(uri, 1)
    start = rss(server)
    text, version = drive_edits(server, uri, KERNEL, 1, 1000, 100)
    warm = rss(server)
    t0 = time.perf_counter()
    text, version = drive_edits(server, uri, text, version, edits, 100)
    elapsed = time.perf_counter() - t0
    end = rss(server)
    server.close()
    mode = "every edit analyzed" if every_edit else "bursts of 100"
    return [("baseline: server after open", f"{start:.1f} MB"),
            ("after 1,000-edit warm-up", f"{warm:.1f} MB"),
            (f"after {edits:,} more edits ({mode})", f"{end:.1f} MB ({end - warm:+.1f} MB, {elapsed:.1f} s)")]


def burst(root: Path) -> list[tuple[str, str]]:
    server = LspProcess(root, log_level="DEBUG")
    server.initialize(root, ["utf-16"], init_options=NO_CPP)
    uri = (root / "burst.py").as_uri()
    server.open(uri, KERNEL)
    server.wait_published(uri, 1)
    _, edits = numbered_edits(KERNEL, 500)
    server.send_bytes(b"".join(_frame(server, uri, v + 2, e.change_event(before, "utf-16"))
                               for v, (e, before) in enumerate(edits)))
    server.wait_published(uri, 501)
    time.sleep(0.5)
    server.close()
    changed = sum(1 for m in server.notifications if m["method"] == "pyasc/generatedCodeChanged") - 1
    logged = len(re.findall(r"analyzed add_custom in", server.stderr_path.read_text(errors="replace"))) - 1
    versions = [p["version"] for p in server.published(uri)][1:]
    return [("burst of 500 didChange: accepted analyses", str(changed)),
            ("burst of 500 didChange: analyses in the debug log", str(logged)),
            ("burst of 500 didChange: versions published", ", ".join(map(str, versions)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--edits", type=int, default=20_000)
    ap.add_argument("--every-edit", action="store_true", help="debounce 0: analyze every version")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="pyasc-fuzz-report-") as tmp:
        rows = memory(Path(tmp), args.edits, args.every_edit) + burst(Path(tmp))
    width = max(len(r[0]) for r in rows)
    print(f"| {'measure'.ljust(width)} | value |\n|{'-' * (width + 2)}|-------|")
    for name, value in rows:
        print(f"| {name.ljust(width)} | {value} |")


if __name__ == "__main__":
    main()
