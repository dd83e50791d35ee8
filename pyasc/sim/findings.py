"""What the simulator's sanitizer reports: structured findings collected in a report.

Each finding kind has a stable code (PS1xx) so that tools and users can refer to it; errors stop the run with a
`SimulationError` unless the caller asked to only collect.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field

KINDS: dict[str, tuple[str, str]] = {
    # kind: (code, one-line description)
    "gm-out-of-bounds": ("PS101", "Global Memory access outside the buffer given to set_global_buffer or the launch"),
    "ub-out-of-bounds": ("PS102", "Unified Buffer access outside the tensor's buffer"),
    "ub-over-capacity": ("PS103", "on-chip buffers exceed the SoC's usable Unified Buffer"),
    "race": ("PS104", "two pipes access the same memory without synchronization between them"),
    "use-after-free": ("PS105", "a LocalTensor used after free_tensor returned its buffer"),
    "deadlock": ("PS106", "a wait that can never be satisfied (deque on an empty queue, wait_flag without set_flag)"),
    "queue-misuse": ("PS107", "alloc_tensor with no free buffer, or enque/free of a tensor the queue does not own"),
    "bad-argument": ("PS108", "an argument the hardware rejects (a DataCopy count that is not whole 32-byte blocks)"),
    "bad-call": ("PS109", "no overload of the API accepts these arguments"),
    "unsupported": ("PS110", "an API the simulator does not model"),
    "bad-launch": ("PS111", "launch arguments that do not fit the kernel's parameters"),
    "array-out-of-bounds": ("PS112", "an asc.array element read or written at an index outside the array"),
}


@dataclass(frozen=True)
class Finding:
    """One sanitizer report, located at the Python line of the offending call."""

    kind: str
    message: str
    file: str
    line: int
    core: int
    severity: str = "error"
    """'error'; 'warning' for what the hardware does without complaint but differently from what was written (a
    length rounded up, the partial block of a data_copy left out: PA602 and PA604 say the same); or 'note' (a race
    the compiler fixes when automatic synchronization is on)."""
    related: tuple[tuple[str, str, int], ...] = ()
    """(what, file, line) of the other side: the earlier write of a race, the free of a use-after-free."""
    col: int = 0
    end_line: int = 0
    end_col: int = 0
    """The call's range when known: 0-based UTF-8 byte columns, as Python reports them; end_line 0 means unknown."""
    unit: str = ""
    """In a mixed cube/vector launch, which core of the block: "AIC" (core is its block index) or "AIV" (core is
    the vector core's get_block_idx()); empty otherwise."""

    @property
    def code(self) -> str:
        return KINDS.get(self.kind, ("PS100", ""))[0]

    def __str__(self) -> str:
        who = f"{self.unit or 'core'} {self.core}"
        text = f"{self.file}:{self.line}: {self.severity} {self.code} [{self.kind}] ({who}) {self.message}"
        for what, f, ln in self.related:
            text += f"\n    {f}:{ln}: {what}"
        return text

    def to_dict(self) -> dict[str, object]:
        d = asdict(self)
        d["code"] = self.code
        d["related"] = [list(r) for r in self.related]
        return d


@dataclass
class Report:
    """Findings of one kernel launch (or of every launch inside a `collect()` block)."""

    findings: list[Finding] = field(default_factory=list)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "error"]

    @property
    def notes(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == "note"]

    def of_kind(self, kind: str) -> list[Finding]:
        return [f for f in self.findings if f.kind == kind]

    def __str__(self) -> str:
        return "\n".join(str(f) for f in self.findings) if self.findings else "no findings"

    def to_json(self) -> str:
        return json.dumps([f.to_dict() for f in self.findings], indent=2)


class SimulationError(RuntimeError):
    """An error finding stopped the simulated kernel."""

    def __init__(self, finding: Finding, report: Report | None = None) -> None:
        super().__init__(str(finding))
        self.finding = finding
        self.report = report
