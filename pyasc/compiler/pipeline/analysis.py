"""THE entry point: `analyze(text, path, config, cache)` -> Analysis.  The CLI, pyasc-check and the language server all
call this and nothing else, so they can never disagree.

It never imports or executes the user's file and never raises for any input: an internal failure in one kernel
becomes a PA901 diagnostic on that kernel's `def` line while the others are still analyzed.  Results are cached per
kernel, keyed by the kernel's own text, the helpers and module constants it reads and the configuration, so an edit
re-analyzes only the kernels it touched; a cached kernel that merely moved is shifted, not recomputed.
"""

from __future__ import annotations

import ast
import hashlib
import logging
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Generator
from dataclasses import dataclass, replace
from pathlib import Path

from ...config import Config
from ...reads import recording
from ..checks import hostcheck
from ..checks.bounds import launch_values
from ..codegen.sourcemap import Code, SourceMap
from ..diagnostics.codes import CODES
from ..diagnostics.model import (
    Diagnostic,
    DiagnosticSink,
    Fix,
    Related,
    Severity,
    Span,
    TextEdit,
    is_suppressed,
    suppressions,
)
from ..ir.types import AddrT, TensorT, Type
from ..lower import Lowerer, LowerResult, TooComplex, cutoff, resume, ruleapi
from ..syntax import constexpr
from ..syntax.launches import Instance, LaunchIndex
from ..syntax.module import JitFunction, ModuleInfo, scan_module
from ..syntax.project import project_reader
from .checked import run_checks
from .gcpause import CollectorPaused
from .kept import launched_key, lower_kept
from .results import Analysis, KernelInfo, SymbolInfo
from .units import KernelUnit, dedupe

log = logging.getLogger("pyasc")

_SEVERITIES = {"error": Severity.ERROR, "warning": Severity.WARNING, "info": Severity.INFO, "hint": Severity.HINT}


class AnalysisCache:
    """Per-kernel results keyed by content; shared by every document of one consumer (bounded LRU)."""

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self._items: OrderedDict[str, KernelUnit] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: str) -> KernelUnit | None:
        with self._lock:
            unit = self._items.get(key)
            if unit is not None:
                self._items.move_to_end(key)
                self.hits += 1
            else:
                self.misses += 1
            return unit

    def put(self, key: str, unit: KernelUnit) -> None:
        with self._lock:
            self._items[key] = unit
            self._items.move_to_end(key)
            while len(self._items) > self.size:
                self._items.popitem(last=False)


def analyze(
    text: str, path: str = "<memory>", config: Config | None = None, cache: AnalysisCache | None = None,
    kernel: str | None = None, early: Callable[[list[Diagnostic]], None] | None = None,
) -> Analysis:
    """Analyze one document version: diagnostics, C++, source map and IDE data. Never raises.

    With `kernel` (a kernel's name, or `outer.name` for one nested in a function) only that kernel is analyzed
    and emitted, with the helpers it calls: findings elsewhere in the file are not its concern, as CANN compiles
    each kernel on its own.  No kernel matches: the result holds none (`select_kernel` says which exist).

    `early`, when given, gets the file's diagnostics as soon as they are known, before the C++ of the kernels that
    had to be analyzed is generated (about half of an edited kernel's analysis): an editor shows them sooner.  They
    are the result's diagnostics unless generating the C++ adds one (it failed: PA901; the kernel passed its time
    ceiling only then: PA902), so a caller compares them with `Analysis.diagnostics`.  Not called when every kernel
    came from the cache."""
    config = config or Config()
    try:
        with CollectorPaused(), recording() as seen:  # the collector's passes are pure cost: no cyclic garbage
            result = _analyze(text, path, config, cache, kernel, early)
        result.reads = tuple(sorted(seen.items()))
        return result
    except Exception as exc:  # noqa: BLE001 - the last line of defence: report, never crash the caller
        log.exception("pyasc analysis failed for %s", path)
        return Analysis.failed(path, text, exc)


def prepare_next() -> int:
    """Work ahead for the next edit, for a caller's idle time (a server between analyses): copies of the lowering
    states the kernels lowered last resume from at their next edit (lower/resume.py).  Never raises; returns how
    many it prepared."""
    try:
        with CollectorPaused():  # (the copy is as many objects as an analysis makes: see gcpause.py)
            return resume.prepare()
    except Exception:  # noqa: BLE001 - only ever a head start
        log.debug("prepare_next failed", exc_info=True)
        return 0


def _reader(path: str):  # noqa: ANN202
    if path.startswith("<"):
        return None
    return project_reader(Path(path).parent)


def select_kernel(module: ModuleInfo, name: str) -> JitFunction | None:
    """The jit function `name` designates: its key (`outer.name` when nested), or a name only one of them has."""
    jit = module.jit.get(name)
    if jit is not None and name not in module.project_imports:
        return jit
    same = [j for k, j in module.jit.items() if j.node.name == name and k not in module.project_imports]
    return same[0] if len(same) == 1 else None


def _analyze(original: str, path: str, config: Config, cache: AnalysisCache | None,
             only: str | None = None, early: Callable[[list[Diagnostic]], None] | None = None) -> Analysis:
    run = stages(original, path, config, cache, only, early is not None)
    try:
        diagnostics = next(run)  # (yielded only when `early` asks for it)
        try:
            early(diagnostics)  # type: ignore[misc]
        except Exception:  # noqa: BLE001 - the caller's hook; the analysis goes on
            log.exception("the early-diagnostics hook failed")
        next(run)
    except StopIteration as done:
        return done.value
    raise RuntimeError("an analysis has two stages")


def stages(original: str, path: str, config: Config, cache: AnalysisCache | None, only: str | None = None,
           staged: bool = True) -> Generator[list[Diagnostic], None, Analysis]:
    """One document's analysis in two stages: with `staged`, it yields the file's diagnostics once they are known
    (where a kernel had to be lowered), then returns the whole result (staged.py runs other work in between)."""
    # Python (and LSP) end a line at \r\n, \r or \n; spans count lines the same way, on the text as given.
    text = original.replace("\r\n", "\n").replace("\r", "\n") if "\r" in original else original
    module = scan_module(text, path, _reader(path))
    result = Analysis(path=path, text=original, asc_aliases=tuple(sorted(module.asc_aliases)),
                      module_aliases=dict(module.module_aliases))
    diags: list[Diagnostic] = list(module.diagnostics)
    helpers = _helper_names(module)
    local_jit = [(n, j) for n, j in module.jit.items() if n not in module.project_imports]
    if only is not None:
        chosen = select_kernel(module, only)
        local_jit = [(chosen.qualname, chosen)] if chosen is not None else []
        helpers = set()
        if chosen is not None:
            span = module.positions.span(chosen.node)
            first = min([chosen.node.lineno] + [d.lineno for d in chosen.node.decorator_list])
            diags = [d for d in diags if first <= d.span.line <= span.end_line]
        else:
            diags = []
    fingerprint = _module_fingerprint(module, config) if len(local_jit) > 1 else None
    index = LaunchIndex(module.tree, {id(j.node) for j in module.jit.values()}, module.positions.span)
    slots: list[KernelUnit | _Lowered] = []
    keys: list[str] = []
    from_cache: list[bool] = []
    for name, jit in local_jit:
        if name in helpers:
            continue  # analyzed inside each kernel that calls it, with that call's argument types
        kind = "kernel"
        instances = index.instances(jit.node, jit.scope)
        known = launch_values(index, module, jit)
        key = _unit_key(module, jit, kind, config, fingerprint, instances, known)
        first_line = min([jit.node.lineno] + [d.lineno for d in jit.node.decorator_list])
        unit = cache.get(key) if cache is not None else None
        if unit is not None:
            slots.append(unit.shifted(first_line - unit.base_line))
        else:
            # with a cache, the kernel's lowering is kept too, for an edit of only its helpers (lower/cutoff.py)
            slots.append(_front_unit(module, jit, kind, config, instances, known,
                                     (path, jit.qualname, launched_key(jit, instances, known))
                                     if cache is not None else None))
        keys.append(key)
        from_cache.append(unit is not None)
    host = hostcheck.check(module, text, _reader(path))
    lines = module.positions.lines
    if staged and any(isinstance(s, _Lowered) for s in slots):
        yield _finish(diags + [d for s in slots for d in s.diagnostics] + host, text, config, lines)
    cutoff.release()
    units: list[KernelUnit] = []
    for key, slot, hit in zip(keys, slots, from_cache, strict=True):
        unit = _back_unit(slot) if isinstance(slot, _Lowered) else slot
        if cache is not None and not hit and not unit.clocked:
            # what a later analysis takes from the cache was, by definition, not re-analyzed then (a kernel
            # generated at once, with an open dtype or failed, is cached as well)
            cache.put(key, replace(unit, info=replace(unit.info, reanalyzed=False)))
        units.append(unit)
    for unit in units:
        diags.extend(unit.diagnostics)
    diags.extend(host)
    # assemble the translation unit
    from . import backend  # the C++ half: imported here, once the first diagnostics are out

    cpp, parts, kinfos = backend.assemble(module, units, path)
    result.cpp = cpp
    result.sourcemap = SourceMap(cpp, parts=parts)
    result.kernels = kinfos
    for unit in units:
        result.symbols.extend(unit.symbols)
        result.calls.extend(unit.calls)
        result.hints.extend(unit.hints)
        result.expr_types.extend(unit.expr_types)
    result.symbols.extend(_module_symbols(module, units, text))
    result.module_names = {n: "constant" for n in module.constants} | {n: "jit" for n, j in module.jit.items()
                                                                         if not j.scope}
    result.diagnostics = _finish(diags, text, config, lines)
    return result


def _helper_names(module: ModuleInfo) -> set[str]:
    """jit functions called by other jit functions: emitted as __aicore__ inline helpers.  Only module-level ones
    can be: a kernel sees module-level names only (nested functions are keyed `outer.name`, never an identifier)."""
    names = set(module.jit)
    called: set[str] = set()
    for name, jit in module.jit.items():
        mentioned = (jit.names & names) - {name}
        if mentioned:  # a mention in a string, comment or attribute is not a call: confirm on the tree
            called |= mentioned & jit.exact_names
    return called


_KEYS: OrderedDict[tuple[str, str, str, str], str] = OrderedDict()
"""Cache keys of kernels that call no helper, by (function text, kind, module-level fingerprint, launch dtypes)."""
_KEYS_LOCK = threading.Lock()
"""Guards _KEYS, shared by every thread that analyzes (the language server has two at start)."""


def _module_fingerprint(module: ModuleInfo, config: Config) -> str:
    """Everything module-level a helper-free kernel's key reads, whatever names it mentions: one hash per module and
    settings (an imported module's is asked for by each kernel calling its helpers) instead of one walk per kernel."""
    settings = repr(config.key())
    memo = module.__dict__.setdefault("_fingerprints", {})
    if settings not in memo:
        names = set(module.constants) | set(module.ct_exprs) | set(module.jit)
        memo[settings] = hashlib.sha256(module.aliases_key() + module.values_key(names) + settings.encode()).hexdigest()
    return memo[settings]


def _unit_key(module: ModuleInfo, jit: JitFunction, kind: str, config: Config,
              fingerprint: str | None = None, instances: tuple[Instance, ...] = (),
              known: tuple[tuple[str, int], ...] = ()) -> str:
    """What a kernel's analysis depends on: its text, its helpers' texts, the constants it can read, the config and
    the dtypes the file's launches give its GlobalAddress parameters (where they are relative to it)."""
    memo: tuple[str, str, str, str] | None = None
    launched = launched_key(jit, instances, known)
    if fingerprint is not None and not jit.scope and jit.names.intersection(module.jit) <= {jit.node.name} and \
            "ConstExpr" not in jit.source:
        memo = (jit.source, kind, fingerprint, launched)
        with _KEYS_LOCK:
            key = _KEYS.get(memo)
        if key is not None:
            return key
    key = _compute_unit_key(module, jit, kind, config, launched)
    if memo is not None:
        with _KEYS_LOCK:
            _KEYS[memo] = key
            while len(_KEYS) > 1024:
                _KEYS.popitem(last=False)
    return key


def _compute_unit_key(module: ModuleInfo, jit: JitFunction, kind: str, config: Config, launched: str = "") -> str:
    h = hashlib.sha256()
    h.update(jit.source.encode())
    h.update(launched.encode())
    h.update(kind.encode())
    h.update(jit.qualname.encode() + jit.cpp_name.encode() + jit.closure_key.encode())
    h.update(module.aliases_key())
    names = set(jit.names)
    seen: set[str] = set()
    todo = list(names & module.jit.keys())
    while todo:
        helper = todo.pop()
        if helper in seen:
            continue
        seen.add(helper)
        h.update(module.jit[helper].source.encode())
        h.update(str(module.jit[helper].node.lineno - jit.node.lineno).encode())
        inner = module.jit[helper].names
        names |= inner
        todo.extend(inner & module.jit.keys())
    foreign = sorted((n, module.jit[n]) for n in seen if module.jit[n].module is not None)
    if foreign:
        h.update(_foreign_key([(j, j.module) for _, j in foreign if j.module is not None], config).encode())
    h.update(module.values_key(names))
    if "ConstExpr" in jit.source:  # its ConstExpr values may come from a launch elsewhere in the file
        root = constexpr.launch_root(module.tree, jit.scope)
        h.update(repr(constexpr.values(jit.node, root, module.constants, module.asc_aliases,
                                       dict(config.consts))).encode())
    h.update(repr(config.key()).encode())
    return h.hexdigest()


def _foreign_key(helpers: list[tuple[JitFunction, ModuleInfo]], config: Config) -> str:
    """What helpers defined in other modules read there, as those modules were read (an editor's buffer wins over
    the disk): each one's text and line, the module-level names of its module (`_module_fingerprint`), and the
    same of the helpers it calls in turn, in its module or imported into it from a third."""
    h = hashlib.sha256()
    seen: set[int] = set()
    prints: dict[int, str] = {}
    todo = list(helpers)
    while todo:
        jit, home = todo.pop()
        if id(jit) in seen:
            continue
        seen.add(id(jit))
        if id(home) not in prints:
            prints[id(home)] = _module_fingerprint(home, config)
        h.update(f"{jit.qualname}\0{jit.cpp_name}\0{jit.node.lineno}\0{prints[id(home)]}\0".encode())
        h.update(jit.source.encode("utf-8", "surrogatepass"))
        todo.extend((home.jit[n], home.jit[n].module or home) for n in sorted(jit.names & home.jit.keys())
                    if n != jit.node.name or home.jit[n] is not jit)
    return h.hexdigest()


@dataclass
class _Lowered:
    """A kernel lowered and checked, its C++ not generated yet (`_back_unit` does that)."""

    lowered: LowerResult
    sink: DiagnosticSink
    jit: JitFunction
    kind: str
    config: Config
    name_span: Span
    started: float
    known: tuple[tuple[str, int], ...] = ()
    """The integers the file's launches give it (bounds.launch_values)."""

    @property
    def diagnostics(self) -> list[Diagnostic]:
        """The kernel's diagnostics as the finished unit will hold them (unless generating its C++ fails)."""
        return dedupe(self.sink.items)


def _analyze_unit(module: ModuleInfo, jit: JitFunction, kind: str, config: Config) -> KernelUnit:
    front = _front_unit(module, jit, kind, config)
    return _back_unit(front) if isinstance(front, _Lowered) else front


def _front_unit(module: ModuleInfo, jit: JitFunction, kind: str, config: Config,
                instances: tuple[Instance, ...] = (), known: tuple[tuple[str, int], ...] = (),
                slot: tuple[str, str, str] | None = None) -> KernelUnit | _Lowered:
    """Lower and check one kernel: all of its diagnostics.  A kernel whose diagnostics need its C++ (a dtype left
    open: PA406 says so when the emitter makes it a template) is generated at once, as is one that failed.
    `instances`: the signatures the file's launches compile it for, each checked with its dtypes."""
    front = _lower(module, jit, kind, config, None, time.perf_counter(), known, slot)
    if isinstance(front, KernelUnit):
        return front
    if instances:
        _check_launches(module, front, instances)
    return _back_unit(front) if _open_dtype(front.lowered) else front


def _lower(module: ModuleInfo, jit: JitFunction, kind: str, config: Config, launch: Instance | None,
           started: float, known: tuple[tuple[str, int], ...] = (), slot: tuple[str, str, str] | None = None
           ) -> KernelUnit | _Lowered:
    """One lowering of the kernel and the checks over it; with `launch`, its GlobalAddress parameters take that
    launch's dtypes.  With `slot` (the file, the kernel's name and its launches) the lowering is kept, and the last
    one kept is reused where only helpers changed and each gives back what it gave (lower/cutoff.py)."""
    sink = DiagnosticSink(kernel=jit.node.name)
    lowerer = Lowerer(module, jit, kind, sink)
    lowerer.deadline = started + config.max_kernel_ms / 1000
    lowerer.const_args = dict(config.consts)
    lowerer.launch = launch
    name_span = lowerer.name_span()
    try:
        if slot is not None and launch is None and kind == "kernel":
            lowered = lower_kept(module, jit, config, slot, lowerer, sink)
        else:
            lowered = lowerer.run()
        run_checks(lowered, sink, kind, config, _alias(module), known)
    except Exception as exc:  # noqa: BLE001 - each failure becomes the kernel's one diagnostic
        return _failure(jit, kind, name_span, config, exc)
    return _Lowered(lowered, sink, jit, kind, config, name_span, started, known)


def _check_launches(module: ModuleInfo, front: _Lowered, instances: tuple[Instance, ...]) -> None:
    """Check the kernel as each launch of the file compiles it (CANN traces one kernel per signature), and make
    those checks its diagnostics: one finding of several instances is reported once, one of some of them says which
    launch.  The lowering `front` holds stays the kernel's C++ (a template where its own code leaves a dtype open),
    instantiated per signature (`KernelIR.launches`).  An instance whose dtypes are those the kernel's own code
    gives is not lowered again: binding them first changes nothing."""
    params = {p.name: p.type.dvar for p in front.lowered.kernel.params if isinstance(p.type, AddrT)}
    used: list[Instance] = []
    results: list[list[Diagnostic]] = []
    lowered_again = False
    generic = front.diagnostics
    for inst in instances:
        fixed = [(p, d) for p, d in inst.dtypes if p in params]
        if not fixed:
            continue
        used.append(inst)
        if all((v := params[p].value) is not None and v.name == d.dtype for p, d in fixed):
            results.append(generic)
            continue
        lowered_again = True
        results.append(_lower(module, front.jit, front.kind, front.config, inst, front.started,
                              front.known).diagnostics)
    if not used:
        return
    front.lowered.kernel.launches = tuple(tuple((p, d.dtype) for p, d in i.dtypes if p in params) for i in used)
    if lowered_again:
        front.sink.items[:] = _merge_instances(used, results)


def _merge_instances(instances: list[Instance], results: list[list[Diagnostic]]) -> list[Diagnostic]:
    """The findings of the kernel's instances, each once; one that not every instance has names its launches."""
    keyed = [{(d.code, d.span, d.message): d for d in r} for r in results]
    out: list[Diagnostic] = []
    for k in dict.fromkeys(k for r in keyed for k in r):
        where = [inst for inst, r in zip(instances, keyed, strict=True) if k in r]
        d = next(r[k] for r in keyed if k in r)
        if len(where) < len(instances):
            d = replace(d, message=f"{d.message}; in the kernel compiled for "
                                   + " and for ".join(w.describe() for w in where),
                        related=d.related + tuple(Related(w.span, f"{w.describe()} is here") for w in where))
        out.append(d)
    return out


def _open_dtype(lowered: LowerResult) -> bool:
    """Does a GM parameter of the kernel have a dtype nothing fixes?  Only its C++ says whether it is a template.
    A dtype a failed call left open (`DVar.lost`) gets no PA406 whatever the C++ is, so it needs no C++ first."""
    return any(isinstance(p.type, (AddrT, TensorT)) and p.type.dvar.value is None and not p.type.dvar.find().lost
               for p in lowered.kernel.params)


def _back_unit(front: _Lowered) -> KernelUnit:
    """Generate the C++ and IDE data of a lowered kernel, and apply its time ceiling to the whole analysis."""
    jit, config = front.jit, front.config
    try:
        from . import backend  # the code generator, imported once the first diagnostics are out

        unit = backend.generate(front.lowered, front.sink, front.kind, jit.qualname)
    except Exception as exc:  # noqa: BLE001 - each failure becomes the kernel's one diagnostic
        return _failure(jit, front.kind, front.name_span, config, exc)
    elapsed = (time.perf_counter() - front.started) * 1000
    if elapsed > config.max_kernel_ms:
        unit.diagnostics.append(Diagnostic("PA902", Severity.WARNING,
                                           f"analysis of '{jit.node.name}' took {elapsed:.0f} ms, over the "
                                           f"{config.max_kernel_ms} ms ceiling; consider splitting it into helpers",
                                           front.name_span, kernel=jit.node.name))
        unit.clocked = True
    log.debug("analyzed %s in %.1f ms", jit.node.name, elapsed)
    return unit


def _failure(jit: JitFunction, kind: str, name_span: Span, config: Config, exc: Exception) -> KernelUnit:
    if isinstance(exc, RecursionError):
        return _failed_unit(jit, kind, name_span, "PA902", "this kernel is nested too deeply to analyze; split it")
    if isinstance(exc, TooComplex):
        failed = _failed_unit(jit, kind, name_span, "PA902",
                              f"analysis of '{jit.node.name}' stopped at its {config.max_kernel_ms} ms ceiling "
                              "(max_kernel_ms); split the kernel into helpers or raise the ceiling")
        failed.clocked = True
        return failed
    log.error("internal error in kernel %s", jit.node.name, exc_info=exc)
    return _failed_unit(jit, kind, name_span, "PA901",
                        f"internal error while analyzing '{jit.node.name}': {type(exc).__name__}: {exc}")


def _alias(module: ModuleInfo) -> str:
    """How the file spells the asc module, for the code a fix inserts."""
    return "asc" if "asc" in module.asc_aliases or not module.asc_aliases else sorted(module.asc_aliases)[0]


def _failed_unit(jit: JitFunction, kind: str, name_span: Span, code: str, msg: str) -> KernelUnit:
    first = min([jit.node.lineno] + [d.lineno for d in jit.node.decorator_list])
    span = Span(first, 0, jit.node.end_lineno or jit.node.lineno, 0)
    info = KernelInfo(jit.qualname, kind, name_span, span, ())
    sev = Severity.ERROR if code == "PA901" else Severity.WARNING
    return KernelUnit(jit.qualname, kind, first, info, [Diagnostic(code, sev, msg, name_span, kernel=jit.node.name)],
                      [], Code(), [], [], [], [], set(), False)


def _module_symbols(module: ModuleInfo, units: list[KernelUnit], text: str) -> list[SymbolInfo]:
    """Module constants and jit functions, with their references inside kernels."""
    out: list[SymbolInfo] = []
    pos = module.positions
    refs: dict[str, list[Span]] = {}
    if any(unit.helpers_code for unit in units):
        # a helper's references arrive once per kernel that calls it: keep one of each
        found: dict[str, dict[Span, None]] = {}
        for unit in units:
            for n, spans in unit.module_refs.items():
                found.setdefault(n, {}).update(dict.fromkeys(spans))
        refs = {n: list(spans) for n, spans in found.items()}
    else:
        # each kernel's references lie inside its own lines: nothing to deduplicate across kernels
        for unit in units:
            for n, spans in unit.module_refs.items():
                refs.setdefault(n, []).extend(spans)
    jit_nodes = {id(j.node) for j in module.jit.values()}
    todo: list[ast.AST] = [stmt for stmt in module.tree.body if id(stmt) not in jit_nodes]
    while todo:  # the module outside its jit functions (nested ones included)
        node = todo.pop()
        if isinstance(node, ast.Name):
            if isinstance(node.ctx, ast.Load) and (node.id in module.constants or node.id in module.jit):
                refs.setdefault(node.id, []).append(pos.span(node))
            continue
        todo.extend(c for c in ast.iter_child_nodes(node) if id(c) not in jit_nodes)
    for name, value in module.constants.items():
        if name in module.project_imports:
            continue
        node = module.constant_nodes[name]
        target = node.targets[0] if isinstance(node, ast.Assign) else getattr(node, "target", node)
        out.append(SymbolInfo(name, "constant", type(value).__name__, pos.span(target),
                              tuple(refs.get(name, [])), None, repr(value)))
    kinds = {u.name: u.kind for u in units}
    for name, jit in module.jit.items():
        if name in module.project_imports:
            continue
        kind = kinds.get(name, "helper")
        sp = pos.span(jit.node)
        text_line = pos.line_text(jit.node.lineno)
        plain = jit.node.name
        idx = text_line.find(plain, sp.col)
        name_span = Span(jit.node.lineno, idx, jit.node.lineno, idx + len(plain)) if idx >= 0 else sp
        out.append(SymbolInfo(plain, kind, "jit function", name_span, tuple(refs.get(name, [])), None))
    return out


def _finish(diags: list[Diagnostic], text: str, config: Config, lines: list[str]) -> list[Diagnostic]:
    """Apply suppressions and configured severities, drop duplicates, clamp spans to `lines` (the text's, split at
    its line ends: `_analyze` has written every line end as \n), sort."""
    table = suppressions(text)
    out: list[Diagnostic] = []
    for d in dedupe(ruleapi.merge(diags, config)):
        code = CODES.get(d.code)
        sev_name = config.severity.get(d.code)
        if sev_name == "off":
            continue
        if code is not None and not code.enabled and d.code != "PA704":
            continue
        if is_suppressed(d, table):
            continue
        if sev_name in _SEVERITIES:
            d = d.with_severity(_SEVERITIES[sev_name])
        out.append(_clamp(d, lines))
    out.sort(key=Diagnostic.sort_key)
    return out


def _clamp(d: Diagnostic, lines: list[str]) -> Diagnostic:
    """Keep every published range inside the document it was computed for."""
    n = len(lines)

    def fix(s: Span) -> Span:
        line = max(1, min(s.line, n))
        end_line = max(line, min(s.end_line, n))
        col = max(0, min(s.col, len(lines[line - 1])))
        end_col = max(0, min(s.end_col, len(lines[end_line - 1])))
        if end_line == line and end_col < col:
            end_col = col
        return Span(line, col, end_line, end_col)

    span = fix(d.span)
    if span == d.span and all(fix(r.span) == r.span for r in d.related if r.path is None):
        return d
    return replace(d, span=span, related=tuple(replace(r, span=fix(r.span)) if r.path is None else r
                                                 for r in d.related))


__all__ = ["AnalysisCache", "analyze", "Fix", "Related", "TextEdit", "Type"]
