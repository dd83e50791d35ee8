"""The kernel's lowering kept across analyses: its slot, the key of what it reads of itself, and the reuse of the
last one kept where only its helpers changed (the store and its checks are lower/cutoff.py)."""

from __future__ import annotations

from ...config import Config
from ..diagnostics.model import DiagnosticSink
from ..lower import Lowerer, LowerResult, cutoff, resume
from ..syntax import constexpr
from ..syntax.launches import Instance
from ..syntax.module import JitFunction, ModuleInfo


def lower_kept(module: ModuleInfo, jit: JitFunction, config: Config, slot: tuple[str, str, str], lowerer: Lowerer,
               sink: DiagnosticSink) -> LowerResult:
    """The kernel's lowering: the one kept for its file and name where it still holds (its findings put into
    `sink`), else lowered now and kept when every helper call of it was noted.  The key holds the launches too: the
    checks after the lowering write what they find of them into its IR (`KernelIR.launches`)."""
    place = slot[:2]
    key: str | None = None
    if cutoff.holds(place):
        key = cutoff.own_key(module, jit, _own_parts(jit, config, module, slot[2]))
        got = cutoff.reuse(module, jit, place, key, lambda: _context(module, jit, lowerer))
        if got is not None:
            sink.items.extend(got[1])
            return got[0]
    lowerer.call_log = [] if cutoff.enabled() else None
    if lowerer.call_log is not None:
        # the lowering reads no launch (`launch` is None here; their ConstExpr values are among the parts): its
        # state before a statement holds whatever the launches below the kernel are, wherever they moved
        head = _own_parts(jit, config, module, "", cutoff.signature(jit) + _addresses(jit))
        lowerer.resume_plan = resume.plan(module, jit, place, cutoff.own_key(module, jit, head),
                                          lowerer.helper_module_keys)
    lowered = lowerer.run()
    if lowerer.call_log or key is not None:
        key = key or cutoff.own_key(module, jit, _own_parts(jit, config, module, slot[2]))
        cutoff.keep(module, place, key, lowered, sink.items, lowerer.call_log)
    return lowered


def launched_key(jit: JitFunction, instances: tuple[Instance, ...], known: tuple[tuple[str, int], ...]) -> str:
    """The file's launches of a kernel as its keys hold them: their dtypes (relative to it) and integers."""
    return repr(tuple(i.key(jit.node.lineno) for i in instances)) + repr(known)


def _context(module: ModuleInfo, jit: JitFunction, like: Lowerer) -> Lowerer:
    """A fresh Lowerer of the kernel set up as `like` (its deadline and settings), for cutoff.reuse to lower a
    missing specialization in."""
    out = Lowerer(module, jit, "kernel", DiagnosticSink(kernel=jit.node.name))
    out.deadline, out.const_args, out.launch = like.deadline, like.const_args, like.launch
    return out


def _addresses(jit: JitFunction) -> str:
    """The kernel's unannotated parameters its body uses as addresses (what lower_params reads of the body)."""
    node = jit.node
    bare = [a.arg for a in node.args.posonlyargs + node.args.args if a.annotation is None]
    return "\0" + ",".join(a for a in bare if Lowerer._used_as_address(a, node))


def _own_parts(jit: JitFunction, config: Config, module: ModuleInfo, launched: str, text: str | None = None
               ) -> bytes:
    """What a kernel's lowering and the checks after it read of itself, the file and the settings (its helpers
    aside): its text (or `text` in its place: its header, for resume.py) and place, its names, its launches and the
    ConstExpr values they give it, and the settings."""
    parts = [jit.source if text is None else text, f"{jit.node.lineno}:{jit.node.col_offset}", jit.qualname,
             jit.cpp_name, jit.closure_key, launched, repr(config.key())]
    if "ConstExpr" in jit.source:
        root = constexpr.launch_root(module.tree, jit.scope)
        parts.append(repr(constexpr.values(jit.node, root, module.constants, module.asc_aliases,
                                           dict(config.consts))))
    return "\0".join(parts).encode("utf-8", "surrogatepass")
