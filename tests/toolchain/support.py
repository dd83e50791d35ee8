"""Build an Analysis from a Python kernel and hand-written C++ with its source map (until analyze() emits C++).

C++ lines end with a marker `// py:N` (N = 1-based Python line) that makes the line a statement segment mapped to
that Python line; names listed after it (`// py:N x block_length`) also get token segments mapped to the same
name on the Python line. Lines without a marker are boilerplate: findings there cannot be mapped.
"""

from __future__ import annotations

import re

from pyasc.compiler.codegen.sourcemap import MapFlag, Segment, SourceMap
from pyasc.compiler.diagnostics.model import Span
from pyasc.compiler.pipeline.results import Analysis, KernelInfo

_MARK = re.compile(r"\s*// py:(\d+)((?:\s+\w+)*)\s*$")
_FUNC = re.compile(r'(?:extern "C" __global__ __aicore__|__aicore__ inline) void (\w+)\(')


def _word(text: str, name: str) -> re.Match[str] | None:
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text)


def build(py_text: str, cpp_text: str, path: str = "/tmp/kernel.py") -> Analysis:
    py_lines = py_text.split("\n")
    segments: list[Segment] = []
    kernels: list[KernelInfo] = []
    offset = 0
    cpp_lines = cpp_text.split("\n")
    open_fn: tuple[str, int, str] | None = None
    for line in cpp_lines:
        m = _MARK.search(line)
        if m:
            py_no = int(m.group(1))
            py_line = py_lines[py_no - 1]
            code_end = m.start()
            indent = len(line) - len(line.lstrip())
            py_indent = len(py_line) - len(py_line.lstrip())
            py_span = Span(py_no, py_indent, py_no, len(py_line.rstrip()))
            segments.append(Segment(offset + indent, offset + code_end, py_span,
                                    MapFlag.ALL | MapFlag.STATEMENT))
            for name in m.group(2).split():
                cm, pm = _word(line[:code_end], name), _word(py_line, name)
                assert cm is not None and pm is not None, name
                segments.append(Segment(offset + cm.start(), offset + cm.end(),
                                        Span(py_no, pm.start(), py_no, pm.end()), MapFlag.ALL))
        f = _FUNC.search(line)
        if f and open_fn is None:
            kind = "helper" if "inline" in line else "kernel"
            open_fn = (f.group(1), offset, kind)
        if line.startswith("}") and open_fn is not None:
            name, start, kind = open_fn
            def_no = next(i for i, text in enumerate(py_lines, 1) if text.startswith(f"def {name}("))
            name_span = Span(def_no, 4, def_no, 4 + len(name))
            end_no = def_no
            while end_no < len(py_lines) and (py_lines[end_no].startswith(" ") or not py_lines[end_no].strip()):
                end_no += 1
            kernels.append(KernelInfo(name, kind, name_span, Span(def_no - 1, 0, end_no, 0), (),
                                      cpp_start=start, cpp_end=offset + len(line) + 1))
            open_fn = None
        offset += len(line) + 1
    return Analysis(path=path, text=py_text, kernels=kernels, cpp=cpp_text,
                    sourcemap=SourceMap(cpp_text, segments))


def line_of(py_text: str, needle: str) -> int:
    """1-based line of the first Python line containing `needle`."""
    return next(i for i, text in enumerate(py_text.split("\n"), 1) if needle in text)
