"""`pyasc run FILE [ARGS...]` and `pyasc run -m MODULE [ARGS...]`: run a program written for CANN's pyasc on the
simulator, as `python FILE` / `python -m MODULE` would run it, with `import asc` resolved to pyasc
(pyasc.compat).  `pyasc run -m pytest tests/` runs a test suite that way."""

from __future__ import annotations

import os
import runpy
import sys
import traceback
from collections.abc import Sequence

USAGE = ("usage: pyasc run [--trace OUT.json] [--explain-perf] FILE [ARGS...]\n"
         "       pyasc run [--trace OUT.json] [--explain-perf] -m MODULE [ARGS...]\n"
         "Runs a program written for CANN's pyasc (`import asc`) on pyasc's CPU simulator, like `python FILE` or\n"
         "`python -m MODULE` (e.g. `pyasc run -m pytest tests/`).\n"
         "  --trace OUT.json  profile the launches and write their pipeline timeline (Chrome Trace Event format)\n"
         "  --explain-perf    profile the launches and print, per kernel and loop, what bounds them and why\n")


def main(argv: Sequence[str]) -> int:
    args = list(argv)
    trace: str | None = None
    explain = False
    while args and (args[0] in ("--trace", "--explain-perf") or args[0].startswith("--trace=")):
        opt = args.pop(0)  # options of `pyasc run` come before FILE: what follows FILE is the program's
        if opt == "--explain-perf":
            explain = True
        elif opt.startswith("--trace="):
            trace = opt.partition("=")[2]
        else:
            trace = args.pop(0) if args else ""
        if trace == "":
            sys.stderr.write("pyasc run: error: --trace needs a file name\n" + USAGE)
            return 2
    if trace is not None and not os.path.isdir(os.path.dirname(os.path.abspath(trace))):
        sys.stderr.write(f"pyasc run: error: --trace {trace}: its folder does not exist\n")
        return 2
    if not args or args[0] in ("-h", "--help"):
        sys.stdout.write(USAGE)
        return 0 if args else 2
    module = None
    if args[0] == "-m":
        if len(args) < 2:
            sys.stderr.write("pyasc run: error: -m needs a module name\n" + USAGE)
            return 2
        module, rest = args[1], args[2:]
    elif args[0].startswith("-m") and len(args[0]) > 2:
        module, rest = args[0][2:], args[1:]
    elif args[0].startswith("-"):
        sys.stderr.write(f"pyasc run: error: unknown option {args[0]}\n" + USAGE)
        return 2
    else:
        path, rest = args[0], args[1:]
        if not os.path.exists(path):
            sys.stderr.write(f"pyasc run: error: no such file: {path}\n")
            return 2
    from ..compat import install

    install()
    saved_argv, saved_path = sys.argv[:], sys.path[:]
    from ..sim.profiling import perf_session

    session = perf_session(trace, explain)
    try:
        if module is not None:
            sys.argv = [module, *rest]  # runpy replaces argv[0] with the module's file, as python -m does
            sys.path.insert(0, os.getcwd())
            runpy.run_module(module, run_name="__main__", alter_sys=True)
        else:
            sys.argv = [path, *rest]
            sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
            runpy.run_path(path, run_name="__main__")
    except SystemExit as exc:
        return _exit_code(exc.code)
    except Exception as exc:  # printed as python prints it, less the frames of pyasc and runpy
        from ..sim.tracebacks import full_tracebacks, user_frames

        if full_tracebacks():
            raise
        traceback.print_exception(type(exc), exc, user_frames(exc.__traceback__))
        sys.stderr.write("(frames of pyasc are hidden; PYASC_TRACEBACK=full shows them)\n")
        return 1
    finally:
        sys.argv, sys.path[:] = saved_argv, saved_path
        session.close()
    return 0


def _exit_code(code: object) -> int:
    """SystemExit's code as `python` turns it into an exit status (a message is printed, status 1)."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    sys.stderr.write(f"{code}\n")
    return 1
