"""The map between Python spans and generated C++ ranges, kept as data.

Segments are recorded by the C++ emitter while it writes (never by hand), kept sorted by C++ offset, with a reverse
index sorted by Python position; both lookups are binary searches.  Flags say what a segment may be used for, in the
manner of Volar's CodeInformation: a boilerplate line the user did not write never receives a diagnostic.
"""

from __future__ import annotations

import enum
import json
import re
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any

from ..diagnostics.model import Span


class MapFlag(enum.IntFlag):
    NONE = 0
    DIAGNOSTICS = 1
    """C++ findings in this range may be reported on the Python span."""
    HOVER = 2
    """Hover on the Python span may show this C++."""
    NAVIGATION = 4
    """Cursor linking (the generated-code panel) may use it."""
    STATEMENT = 8
    """The segment is a whole statement (as opposed to one expression or token inside one)."""
    ALL = DIAGNOSTICS | HOVER | NAVIGATION
    ALL_STATEMENT = ALL | STATEMENT
    """A whole statement, usable for everything: precomputed, as enum arithmetic costs a Python call."""


@dataclass(frozen=True, init=False)  # its own __init__, below: none generated
class Segment:
    """C++ text [cpp_start, cpp_end) (character offsets) produced from the Python span `python`."""

    cpp_start: int
    cpp_end: int
    python: Span
    flags: MapFlag = MapFlag.ALL
    kernel: str | None = None

    def __init__(self, cpp_start: int, cpp_end: int, python: Span, flags: MapFlag = MapFlag.ALL,
                 kernel: str | None = None) -> None:
        # Frozen all the same; filled directly, as the code generator makes hundreds per kernel (see Span).
        d = self.__dict__
        d["cpp_start"] = cpp_start
        d["cpp_end"] = cpp_end
        d["python"] = python
        d["flags"] = flags
        d["kernel"] = kernel

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # Pickled with its flags as a plain int: unpickling an IntFlag member calls the enum machinery each time.
        return (_segment, (self.cpp_start, self.cpp_end, self.python, self.flags._value_, self.kernel))



@dataclass
class Code:
    """Generated text with its segments (character offsets local to `text`): one kernel's C++ as the generator
    wrote it, before the translation unit joins the kernels' pieces."""

    text: str = ""
    segments: list[Segment] = field(default_factory=list)
    boilerplate: list[tuple[int, int]] = field(default_factory=list)


_FLAGS: dict[int, MapFlag] = {}


def _segment(cpp_start: int, cpp_end: int, python: Span, flags: int, kernel: str | None) -> Segment:
    """Segment.__reduce__'s reconstructor: the flag member from a table filled as values are first seen."""
    member = _FLAGS.get(flags)
    if member is None:
        member = _FLAGS[flags] = MapFlag(flags)
    return Segment(cpp_start, cpp_end, python, member, kernel)


@dataclass(frozen=True)
class CppPos:
    """0-based line and column in the C++ text."""

    line: int
    col: int


class SourceMap:
    """Python <-> C++ lookups over one generated translation unit.

    Built lazily: the analysis hands over per-kernel pieces (offset, segments, boilerplate) and nothing is merged,
    sorted or indexed until a lookup needs it, so an edit that only needs diagnostics never pays for the map.
    """

    def __init__(
        self,
        cpp: str,
        segments: list[Segment] | None = None,
        boilerplate: list[tuple[int, int, str | None]] | None = None,
        *,
        parts: list[tuple[int, str | None, list[Segment], list[tuple[int, int]]]] | None = None,
    ) -> None:
        self.cpp = cpp
        self._segments = list(segments) if segments is not None else None
        self._boilerplate = list(boilerplate) if boilerplate is not None else None
        self._parts = parts or []
        self._indexed = False

    @property
    def segments(self) -> list[Segment]:
        self._ensure()
        assert self._segments is not None
        return self._segments

    @property
    def boilerplate(self) -> list[tuple[int, int, str | None]]:
        """C++ ranges the user did not write (includes, braces, prologues), with the kernel they belong to."""
        self._ensure()
        assert self._boilerplate is not None
        return self._boilerplate

    def _ensure(self) -> None:
        if self._indexed:
            return
        segments = self._segments or []
        boiler = self._boilerplate or []
        for offset, kernel, segs, boil in self._parts:
            if offset:
                segments.extend(Segment(s.cpp_start + offset, s.cpp_end + offset, s.python, s.flags, s.kernel)
                                for s in segs)
            else:
                segments.extend(segs)
            boiler.extend((a + offset, b + offset, kernel) for a, b in boil)
        segments.sort(key=lambda s: (s.cpp_start, -s.cpp_end))
        self._segments = segments
        self._boilerplate = boiler
        self._starts = [s.cpp_start for s in segments]
        self._by_python = sorted(segments, key=lambda s: (s.python.line, s.python.col, -s.python.end_line))
        self._py_keys = [(s.python.line, s.python.col) for s in self._by_python]
        self._line_starts = [0] + [m.end() for m in re.finditer("\n", self.cpp)]
        self._indexed = True

    # -- offsets and positions ------------------------------------------------------------------------------------
    def offset(self, line: int, col: int) -> int:
        """0-based C++ line/col -> character offset."""
        self._ensure()
        line = max(0, min(line, len(self._line_starts) - 1))
        return self._line_starts[line] + col

    def position(self, offset: int) -> CppPos:
        """Character offset -> 0-based C++ line/col."""
        self._ensure()
        line = bisect_right(self._line_starts, offset) - 1
        return CppPos(line, offset - self._line_starts[line])

    def cpp_range(self, seg: Segment) -> tuple[CppPos, CppPos]:
        return self.position(seg.cpp_start), self.position(seg.cpp_end)

    # -- C++ -> Python --------------------------------------------------------------------------------------------
    def to_python(self, cpp_offset: int, need: MapFlag = MapFlag.DIAGNOSTICS) -> Segment | None:
        """The smallest segment containing the C++ offset and allowed for `need`; None when unmappable."""
        self._ensure()
        best: Segment | None = None
        hi = bisect_right(self._starts, cpp_offset)
        for i in range(hi - 1, -1, -1):
            seg = self.segments[i]
            if seg.cpp_start <= cpp_offset < max(seg.cpp_end, seg.cpp_start + 1) and seg.flags & need == need:
                if best is None or (seg.cpp_end - seg.cpp_start) < (best.cpp_end - best.cpp_start):
                    best = seg
            if best is not None and seg.flags & MapFlag.STATEMENT and seg.cpp_end <= cpp_offset:
                break
        return best

    def to_python_at(self, line: int, col: int, need: MapFlag = MapFlag.DIAGNOSTICS) -> Segment | None:
        """As to_python, from a 0-based C++ line/col (what clang reports, minus one)."""
        return self.to_python(self.offset(line, col), need)

    # -- Python -> C++ --------------------------------------------------------------------------------------------
    def to_cpp(self, line: int, col: int, need: MapFlag = MapFlag.NAVIGATION) -> list[Segment]:
        """Segments whose Python span contains (line, col), innermost first."""
        self._ensure()
        hi = bisect_right(self._py_keys, (line, col))
        hits = [s for s in self._by_python[:hi] if s.python.contains(line, col) and s.flags & need == need]
        hits.sort(key=lambda s: s.python.size)
        return hits

    def statements_for_line(self, line: int) -> list[Segment]:
        """Statement segments produced by a Python line (a statement can map to several C++ lines)."""
        self._ensure()
        hi = bisect_right(self._py_keys, (line, 10**9))
        return [s for s in self._by_python[:hi]
                if s.python.line <= line <= s.python.end_line and s.flags & MapFlag.STATEMENT]

    def statements(self) -> list[Segment]:
        return [s for s in self.segments if s.flags & MapFlag.STATEMENT]

    # -- export ---------------------------------------------------------------------------------------------------
    def to_v3(self, source_path: str, cpp_file: str, source_text: str | None = None) -> str:
        """A Source Map revision 3 document (generated C++ -> Python), for tools that read .map files."""
        by_line: dict[int, list[tuple[int, Span]]] = {}
        for seg in self.segments:
            pos = self.position(seg.cpp_start)
            by_line.setdefault(pos.line, []).append((pos.col, seg.python))
        lines: list[str] = []
        prev_src_line = prev_src_col = 0
        for line in range(len(self._line_starts)):
            entries = sorted(set(by_line.get(line, [])), key=lambda e: e[0])
            prev_col = 0
            parts = []
            for col, span in entries:
                src_line, src_col = span.line - 1, span.col
                parts.append(
                    _vlq(col - prev_col) + _vlq(0) + _vlq(src_line - prev_src_line) + _vlq(src_col - prev_src_col)
                )
                prev_col, prev_src_line, prev_src_col = col, src_line, src_col
            lines.append(",".join(parts))
        doc = {"version": 3, "file": cpp_file, "sources": [source_path], "names": [], "mappings": ";".join(lines)}
        if source_text is not None:
            doc["sourcesContent"] = [source_text]
        return json.dumps(doc)


_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _vlq(value: int) -> str:
    v = (-value << 1) | 1 if value < 0 else value << 1
    out = ""
    while True:
        digit = v & 31
        v >>= 5
        if v:
            digit |= 32
        out += _B64[digit]
        if not v:
            return out


def decode_v3(mappings: str) -> list[list[tuple[int, int, int, int]]]:
    """Decode a v3 `mappings` string into per-line (gen_col, source, src_line, src_col) tuples (for tests)."""
    values = {c: i for i, c in enumerate(_B64)}
    out: list[list[tuple[int, int, int, int]]] = []
    src = sl = sc = 0
    for line in mappings.split(";"):
        col = 0
        row = []
        for seg in filter(None, line.split(",")):
            nums: list[int] = []
            shift = acc = 0
            for ch in seg:
                d = values[ch]
                acc |= (d & 31) << shift
                if d & 32:
                    shift += 5
                else:
                    nums.append(-(acc >> 1) if acc & 1 else acc >> 1)
                    shift = acc = 0
            col += nums[0]
            src += nums[1]
            sl += nums[2]
            sc += nums[3]
            row.append((col, src, sl, sc))
        out.append(row)
    return out


__all__ = ["CppPos", "MapFlag", "Segment", "SourceMap", "decode_v3"]


def side_by_side(smap: SourceMap, python_text: str) -> str:
    """Each generated C++ line beside the Python line(s) its statements came from (for golden files and review)."""
    py_lines = python_text.split("\n")
    cpp_lines = smap.cpp.split("\n")
    width = len(str(len(cpp_lines)))
    by_line: dict[int, list[int]] = {}
    for seg in smap.statements():
        line = smap.position(seg.cpp_start).line
        rows = by_line.setdefault(line, [])
        if seg.python.line not in rows:
            rows.append(seg.python.line)
    out: list[str] = []
    for i, text in enumerate(cpp_lines):
        if not text.strip() and i == len(cpp_lines) - 1:
            continue
        out.append(f"{i + 1:>{width}} | {text}")
        for py in by_line.get(i, []):
            src = py_lines[py - 1].strip() if 0 < py <= len(py_lines) else ""
            out.append(f"{'':>{width}} |     <- py {py}: {src}")
    return "\n".join(out) + "\n"
