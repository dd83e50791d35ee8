"""What insert_sync adds to a kernel (Plan), the statements it inserts (Line) and how a helper call is written
(CallSync): the data the planner (insert.py, frames.py) produces and the code generator (codegen/auto.py) reads."""

from __future__ import annotations

from dataclasses import dataclass, field

from ...ir import nodes as ir

QueueType = object
"""The C++ type of a queue parameter: a string (an auto tensor's `TQue<pos, 1>`) or the queue symbol's type."""

Line = tuple[str, object]
"""An inserted statement: ("enque"|"deque"|"free", (queue's C++ name, tensor symbol)), ("barrier", pipe) or
("fence", hard event)."""


@dataclass
class Plan:
    """What insert_sync adds to a kernel's C++, by statement: the lines before and after it, and what it drops."""

    before: dict[int, list[Line]] = field(default_factory=dict)
    after: dict[int, list[Line]] = field(default_factory=dict)
    block_end: dict[int, list[Line]] = field(default_factory=dict)
    """id of a statement list -> what ends it (the FreeTensor of the auto tensors it created)."""
    dropped: set[int] = field(default_factory=set)
    """ids of the kernel's own statements that are not emitted (rules 1 and 2)."""
    aliases: dict[int, ir.Symbol] = field(default_factory=dict)
    """id of a `t = q.deque(...)` -> the tensor of q's alloc_tensor that it names instead (rule 2)."""
    tail: list[Line] = field(default_factory=list)
    unplaceable: list[tuple[ir.Stmt, ir.Stmt, ir.Symbol]] = field(default_factory=list)
    """(the statement whose write is enqueued, the next use that no dequeue can precede, the tensor): PA507."""
    calls: dict[int, CallSync] = field(default_factory=dict)
    """id of a helper call -> the C++ function it calls and the queues it passes (frames.py)."""
    queue_params: list[tuple[str, QueueType]] = field(default_factory=list)
    """A helper variant's queue parameters, after its own: (name, C++ type)."""
    variants: dict[str, list[tuple[str, Plan]]] = field(default_factory=dict)
    """The kernel's: helper name -> the variants its calls need, (C++ name, plan)."""
    plain: set[str] = field(default_factory=set)
    """The kernel's: the helpers some call runs as written."""

    def uses_pipe(self) -> bool:
        return any(kind == "fence" for lines in self.before.values() for kind, _ in lines) or \
            any(c.plan.uses_pipe() for c in self.calls.values())

    def empty(self) -> bool:
        return not (any(self.before.values()) or any(self.after.values()) or self.dropped or self.aliases
                    or self.calls)


@dataclass
class CallSync:
    """How one helper call is written: the C++ function it calls and the queues it passes after its arguments."""

    name: str
    plan: Plan
    queue_args: list[str]
