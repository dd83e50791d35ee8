"""The differential suite's oracle: traces kernels with CANN's own pyasc 1.1.1 and reports what its tracer says.

Run only with the Python of CANN's venv (scripts/deps-cann.sh), as a subprocess of tests/differential/oracle.py;
neither the product nor our pyasc ever imports it.  Usage: ``cann_oracle.py REQUESTS.json RESULTS.jsonl``.

Each request is one Python file of ours and how to launch its kernel, in one of two forms:
  {"id": ..., "file": ..., "entry": "launch"}   call the file's function ``launch`` (it launches kernels itself,
                                                 as CANN's own tests do, nested kernels included);
  {"id": ..., "file": ..., "kernel": "k" | "outer.k", "args": [...], "kwargs": {...}, "grid": 8}
                                                 launch kernel ``k`` (``outer.k``: the kernel ``k`` that calling
                                                 ``outer()`` defines) with these launch arguments.
Arguments: JSON numbers and booleans as they are; {"tensor": "float16", "shape": [1024]} a numpy array (CANN's tests
launch with numpy arrays, torch tensors or its MockTensor; only the dtype matters to the tracer);
{"torch": "float16", "shape": [1024]} a CPU torch tensor (scripts/deps-cann.sh installs torch in CANN's venv: CANN's
``JITFunction.get_arg_type`` reads a ``torch.Tensor``'s dtype as ``str(t.dtype)`` without ``torch.``; a file's own
``launch`` passes its torch tensors through unchanged, the launcher that would copy them is patched out);
{"scalar": "float16", "value": 1} a numpy scalar; {"mock": "float16"} a MockTensor, {"mock_value": "int32"} a
MockValue (CANN's stand-ins for a device pointer and a scalar of that dtype).

Every kernel the request traces gives one line of RESULTS: accepted with CANN's C++ (the tracer stops after
``run_passes`` + ``run_translation``: bisheng is never run) or rejected with CANN's error.  An exception raised
outside any kernel (a broken test file) is reported as a harness error, never as a rejection.
"""

from __future__ import annotations

import atexit
import importlib.util
import json
import os
import shutil
import sys
import tempfile
import traceback
from typing import Any

sys.dont_write_bytecode = True  # importing a case file leaves nothing in the repository
# Compiler.__init__ looks the compiler and linker up; the patched run never calls them.  CANN's cache goes to a
# home of its own: the one oracle.py makes inside its temporary directory (removed even when this process crashes),
# else a temporary directory removed at exit (the corpus plugin imports this module and never calls main).
os.environ["PYASC_COMPILER"] = "true"
os.environ["PYASC_LINKER"] = "true"
if os.environ.get("CANN_ORACLE_HOME"):
    os.environ["PYASC_HOME"] = os.environ["CANN_ORACLE_HOME"]
else:
    os.environ["PYASC_HOME"] = tempfile.mkdtemp(prefix="cann_oracle_")
    atexit.register(shutil.rmtree, os.environ["PYASC_HOME"], True)
os.environ.pop("PYASC_DUMP_PATH", None)

import numpy as np  # noqa: E402
from asc.language.core.dtype import DataType  # noqa: E402
from asc.runtime import compiler as cann_compiler  # noqa: E402
from asc.runtime import config  # noqa: E402
from asc.runtime import jit as cann_jit  # noqa: E402
from asc.runtime import launcher as cann_launcher  # noqa: E402

_traces: list[dict[str, Any]] = []
_sources: list[str] = []
_created: dict[str, Any] = {}


def _name(fn: Any) -> str:
    """outer.<locals>.kernel -> outer.kernel: how the suite names nested kernels."""
    return fn.__qualname__.replace(".<locals>", "")


def _message(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__


def _compile_to_cpp(self: Any, mod: Any, func_name: str) -> None:
    self.run_passes(mod)
    _sources.append(self.run_translation(mod))


_orig_init = cann_jit.JITFunction.__init__
_orig_run = cann_jit.JITFunction._run


def _init(self: Any, fn: Any, **options: Any) -> None:
    try:
        _orig_init(self, fn, **options)
    except Exception as exc:
        _traces.append({"kernel": _name(fn), "status": "rejected", "error": _message(exc)})
        exc._oracle_seen = True  # type: ignore[attr-defined]
        raise
    _created[_name(fn)] = self


def _run(self: Any, *args: Any, **kwargs: Any) -> None:
    kwargs.setdefault("always_compile", True)  # trace every launch, never a kernel cached in memory
    del _sources[:]
    try:
        _orig_run(self, *args, **kwargs)
    except Exception as exc:
        if not getattr(exc, "_oracle_seen", False):
            _traces.append({"kernel": _name(self.fn), "status": "rejected", "error": _message(exc)})
            exc._oracle_seen = True  # type: ignore[attr-defined]
        raise
    cpp = _sources[-1] if _sources else ""
    _traces.append({"kernel": _name(self.fn), "status": "accepted", "cpp": cpp})


cann_compiler.Compiler.run = _compile_to_cpp
cann_launcher.Launcher.run = lambda *args, **kwargs: None
cann_jit.JITFunction.__init__ = _init
cann_jit.JITFunction._run = _run


def _arg(spec: Any) -> Any:
    if isinstance(spec, dict) and "mock" in spec:
        return cann_jit.MockTensor(DataType(spec["mock"]))
    if isinstance(spec, dict) and "mock_value" in spec:
        return cann_jit.MockValue(DataType(spec["mock_value"]))
    if isinstance(spec, dict) and "torch" in spec:
        import torch  # only for a request that asks for a torch tensor: importing it takes a second
        return torch.zeros(spec.get("shape", [16]), dtype=getattr(torch, spec["torch"]))
    if isinstance(spec, dict) and "tensor" in spec:
        return np.zeros(spec.get("shape", [16]), dtype=spec["tensor"])
    if isinstance(spec, dict) and "scalar" in spec:
        return np.dtype(spec["scalar"]).type(spec.get("value", 0))
    return spec


def _load(path: str, index: int) -> Any:
    name = f"_oracle_case_{index}"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None, path
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def _resolve(module: Any, dotted: str) -> Any:
    head, _, rest = dotted.partition(".")
    obj = getattr(module, head)
    if not rest:
        return obj
    _created.clear()
    obj()  # the enclosing function defines the nested kernel (and may launch it itself)
    kernel = _created.get(dotted)
    if kernel is None:
        raise LookupError(f"calling {head}() defined no @asc.jit function {dotted}")
    return kernel


def _serve(request: dict[str, Any], index: int) -> dict[str, Any]:
    del _traces[:]
    harness = None
    try:
        module = _load(request["file"], index)
        if "entry" in request:
            getattr(module, request["entry"])()
        else:
            kernel = _resolve(module, request["kernel"])
            del _traces[:]
            grid = request.get("grid", 1)
            launch = kernel[tuple(grid) if isinstance(grid, list) else grid]
            launch(*[_arg(a) for a in request.get("args", [])],
                   **{k: _arg(v) for k, v in request.get("kwargs", {}).items()})
    except Exception as exc:
        if not getattr(exc, "_oracle_seen", False):
            harness = "".join(traceback.format_exception_only(type(exc), exc)).strip()
    if harness is None and not _traces:
        harness = "the request traced no kernel"
    return {"id": request["id"], "traces": list(_traces), "harness_error": harness}


def main(argv: list[str]) -> int:
    config.set_platform(config.Backend.Model, check=False)
    with open(argv[1], encoding="utf-8") as f:
        requests = json.load(f)
    real_stdout = sys.stdout
    sys.stdout = sys.stderr  # whatever a kernel file prints never mixes with the results
    with open(argv[2], "a", encoding="utf-8") as out:
        for index, request in enumerate(requests):
            out.write(json.dumps(_serve(request, index)) + "\n")
            out.flush()
    sys.stdout = real_stdout
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
