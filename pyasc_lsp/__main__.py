"""`python -m pyasc_lsp` / `pyasc-lsp`: serve the language server over stdio (default) or TCP."""

from __future__ import annotations

import gc
import logging
import sys
from types import SimpleNamespace

DEFAULTS = {"stdio": False, "tcp": False, "host": "127.0.0.1", "port": 2087, "log_level": "WARNING",
            "version": False}


def parse_args(argv: list[str] | None = None) -> SimpleNamespace:
    """The command line.  The way editors start the server (no argument, or `--stdio`) is read without argparse,
    whose import (with gettext) costs milliseconds of CPU on every start that a bare pygls server does not pay."""
    given = sys.argv[1:] if argv is None else argv
    if given in ([], ["--stdio"]):
        return SimpleNamespace(**{**DEFAULTS, "stdio": bool(given)})
    import argparse

    parser = argparse.ArgumentParser(prog="pyasc-lsp", description="Language server for pyasc kernels.")
    parser.add_argument("--stdio", action="store_true", help="serve over stdin/stdout (the default)")
    parser.add_argument("--tcp", action="store_true", help="serve over TCP instead of stdio")
    parser.add_argument("--host", default=DEFAULTS["host"], help=f"TCP host (default {DEFAULTS['host']})")
    parser.add_argument("--port", type=int, default=DEFAULTS["port"], help=f"TCP port (default {DEFAULTS['port']})")
    parser.add_argument("--log-level", default=DEFAULTS["log_level"],
                        help="stderr log level (DEBUG, INFO, WARNING, ERROR)")
    parser.add_argument("--version", action="store_true", help="print the version and exit")
    return SimpleNamespace(**vars(parser.parse_args(given)))


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)

    from . import __version__

    if args.version:
        print(f"pyasc-lsp {__version__}")
        return 0
    # Start-up allocates mostly objects that live as long as the process (protocol types, the API tables, the
    # compiler): the cyclic collector's passes over them cost tens of milliseconds before the first diagnostics and
    # find next to nothing.  So it is off until then; the server collects once and freezes what is left
    # (PyascServer.end_start_up), which also frees the short-lived cycles of start-up (e.g. the classes attrs
    # replaces by slotted ones).  The forked worker inherits the pause for its short life.
    collecting = gc.isenabled()  # off already (the caller's choice): left so
    gc.disable()
    # Then, while this process has no thread and has imported next to nothing: a second process warms the
    # compiler and analyzes the working folder's kernel files during the imports below, and answers the first
    # analyses (pyasc_lsp.prefork).
    import os

    from . import codecache, prefork

    # The byte code of the classes' generated methods, kept from earlier starts (pyasc_lsp.codecache): read before
    # the fork, so that the worker's compiler import uses it too.
    codecache.load()
    worker = prefork.start(os.getcwd())
    codecache.install()
    # stdout carries the protocol: every log line goes to stderr.
    level = getattr(logging, str(args.log_level).upper(), logging.WARNING)
    handler = logging.StreamHandler(sys.stderr)
    handler.setLevel(level)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=level, handlers=[handler])

    try:
        from .features import create_server
    except ImportError as exc:  # an install without its dependencies: say what is missing, not a traceback
        print(f"pyasc-lsp: cannot start: {exc}. Install the language server with: "
              f"{sys.executable} -m pip install pyasc-tools", file=sys.stderr)
        return 1
    codecache.install_cattrs()

    # Analysis runs in worker threads; a short GIL switch interval lets the event loop answer hover and completion
    # within a millisecond or two of their arrival instead of waiting out the default 5 ms slices.
    sys.setswitchinterval(0.001)
    server = create_server()
    server.worker = worker
    server.collect_after_start = collecting
    server.warm_up()
    if args.tcp:
        server.start_tcp(args.host, args.port)
    else:
        from .transport import serve_stdio

        serve_stdio(server)
    return 0


if __name__ == "__main__":
    sys.exit(main())
