"""insert_sync through helper calls: CANN inlines every helper before its sync pass, so a helper's statements are
synchronized where they run, call by call.  A frame is one call of a helper (the kernel is the root frame): it binds
the helper's parameters to the call's arguments, names the queues of the caller's tensors that the helper receives
(`<param>_que`, passed as extra parameters), and after planning holds what is inserted into the helper's body at that
call.  Calls that need the same insertions share one C++ function; calls that need none call the helper as written.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...ir import nodes as ir
from .plan import CallSync, Line, Plan, QueueType

GroupKey = object
"""A followed tensor: the id of its symbol in the kernel, or (id of a helper frame, id of the symbol) for one a
helper allocates."""


@dataclass(frozen=True)
class Group:
    """A tensor value insert_sync follows: an auto tensor with a queue, or an alloc_tensor and its deques."""

    key: GroupKey
    queue: str
    qtype: QueueType
    owner: int | None = None
    """id of the helper frame that allocates it (None: the kernel)."""


@dataclass(eq=False)
class Frame:
    fn: ir.KernelIR
    call: ir.HelperCall | None = None
    parent: Frame | None = None
    binds: dict[int, ir.Expr] = field(default_factory=dict)
    """id of a parameter of fn -> the argument of the call (an expression of the parent frame)."""
    queues: dict[GroupKey, tuple[str, ir.Symbol]] = field(default_factory=dict)
    """group key -> (the queue's name in this frame, the parameter that brings the tensor) for a helper frame."""
    plan: Plan | None = None
    children: list[Frame] = field(default_factory=list)

    @property
    def depth(self) -> int:
        return 0 if self.parent is None else self.parent.depth + 1


def helper_frame(parent: Frame, call: ir.HelperCall, fn: ir.KernelIR, groups: dict[GroupKey, Group]) -> Frame:
    """The frame of `call` made in `parent`; its queues are those of the followed tensors its parameters receive."""
    f = Frame(fn, call, parent)
    for p, a in zip(fn.params, call.args, strict=False):
        f.binds[id(p)] = a
        key = group_of(a, parent, groups)
        if key is not None and key not in f.queues:
            f.queues[key] = (f"{p.cpp_name}_que", p)
    parent.children.append(f)
    return f


def resolve(e: ir.Expr, frame: Frame, stop: Frame | None = None) -> tuple[ir.Expr, Frame]:
    """The expression a parameter stands for, followed up through the calls that bind it (up to frame `stop`)."""
    while frame is not stop and isinstance(e, ir.Name) and e.symbol is not None and id(e.symbol) in frame.binds \
            and frame.parent:
        e, frame = frame.binds[id(e.symbol)], frame.parent
    return e, frame


def member(frame: Frame, symbol: ir.Symbol) -> GroupKey:
    """How a symbol of frame's function is looked up among the followed tensors."""
    return id(symbol) if frame.parent is None else (id(frame), id(symbol))


def group_of(e: ir.Expr, frame: Frame, groups: dict[GroupKey, Group]) -> GroupKey | None:
    """The key of the followed tensor that `e` names in `frame` (through parameters), or None."""
    e, at = resolve(e, frame)
    if isinstance(e, ir.Name) and e.symbol is not None:
        g = groups.get(member(at, e.symbol))
        return g.key if g is not None else None
    return None


def queue_name(key: GroupKey, frame: Frame, groups_by_key: dict[GroupKey, Group]) -> str:
    g = groups_by_key[key]
    if g.owner == (None if frame.parent is None else id(frame)):
        return g.queue
    return frame.queues[key][0]


def lines_of(p: Plan) -> list[Line]:
    return [line for d in (p.before, p.after) for lines in d.values() for line in lines]


def needed_queues(f: Frame, groups_by_key: dict[GroupKey, Group]) -> list[tuple[GroupKey, str]]:
    """(group key, queue name in f) of the queues f's insertions name, its own and those its calls pass on."""
    assert f.plan is not None
    names = {what[0] for kind, what in lines_of(f.plan) if kind in ("enque", "deque")}  # type: ignore[index]
    for c in f.children:
        names |= {queue_name(k, f, groups_by_key) for k, _ in needed_queues(c, groups_by_key)}
    out = [(k, queue_name(k, f, groups_by_key)) for k in f.queues]
    return [(k, n) for k, n in out if n in names]


def name_variants(root: Frame, groups_by_key: dict[GroupKey, Group]) -> tuple[dict[str, list[tuple[str, Plan]]],
                                                                          set[str]]:
    """Gives every helper call its CallSync (children first); returns the helpers' variants (name -> [(C++ name,
    plan)]) and the helpers called as written somewhere."""
    shapes: dict[str, list[tuple[object, str, Plan]]] = {}
    plain: set[str] = set()

    def visit(f: Frame) -> None:
        for c in f.children:
            visit(c)
        if f.parent is None or f.plan is None or f.call is None:
            return
        p = f.plan
        queues = needed_queues(f, groups_by_key)
        p.queue_params = [(f.queues[k][0], groups_by_key[k].qtype) for k, _ in queues]
        if p.empty():
            plain.add(f.fn.name)
            return
        key = _shape(p)
        forms = shapes.setdefault(f.fn.name, [])
        found = next((n for k, n, _ in forms if k == key), None)
        if found is None:
            # a variant with the helper's own parameters only would clash with the helper as written: it is renamed
            found = f.fn.name if p.queue_params and not forms else f"{f.fn.name}_sync{len(forms) + 1 if forms else ''}"
            forms.append((key, found, p))
        assert f.parent.plan is not None
        f.parent.plan.calls[id(f.call)] = CallSync(found, p, [queue_name(k, f.parent, groups_by_key)
                                                               for k, _ in queues])

    visit(root)
    return {n: [(name, p) for _, name, p in forms] for n, forms in shapes.items()}, plain


def _line_key(line: Line) -> object:
    kind, what = line
    if isinstance(what, tuple):
        return kind, what[0], id(what[1])
    return kind, what


def _shape(p: Plan) -> object:
    """What makes two helper plans the same C++ function."""
    def lines(d: dict[int, list[Line]]) -> tuple[object, ...]:
        return tuple(sorted((k, tuple(_line_key(x) for x in v)) for k, v in d.items() if v))

    return (lines(p.before), lines(p.after), tuple(sorted(p.dropped)),
            tuple(sorted((k, id(v)) for k, v in p.aliases.items())),
            tuple((n, repr(t)) for n, t in p.queue_params),
            tuple(sorted((k, c.name, tuple(c.queue_args)) for k, c in p.calls.items())))
