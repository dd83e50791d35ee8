"""Binding call arguments to the overloads of the API specification.

The simulator never re-declares an API's signature: parameter names, order and defaults come from the spec's
overloads, and the first overload whose parameter kinds accept the arguments wins (like CANN's dispatcher).  The
bound arguments are passed by name to the simulator function at the spec's `sim_ref`; a variadic parameter arrives
as a tuple under its name.
"""

from __future__ import annotations

import importlib
import inspect
import numbers
import sys
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..language import registry
from ..language.dtypes import DType
from ..language.spec import CALL, REQUIRED, ApiSpec, Overload, Param, bind_by_type
from . import state
from .lanevalues import Lanes


class _Unregistered:
    """Stands for a class pyasc.sim.objects has not registered yet: no value is an instance of it."""


class Kinds:
    """The simulator's classes the binding tests values against, registered by pyasc.sim.objects as it defines
    them (`register_kinds`): those classes call the API through this module, so it never imports theirs."""

    local_tensor: type = _Unregistered
    global_tensor: type = _Unregistered
    global_address: type = _Unregistered
    unbuilt: type = _Unregistered
    enums: dict[str, Any] = {}


KINDS = Kinds()


def register_kinds(local_tensor: type, global_tensor: type, global_address: type, unbuilt: type,
                   enums: dict[str, Any]) -> None:
    """Called once by pyasc.sim.objects with its classes and enum classes (by spec name)."""
    KINDS.local_tensor, KINDS.global_tensor, KINDS.global_address = local_tensor, global_tensor, global_address
    KINDS.unbuilt, KINDS.enums = unbuilt, enums


_SIM_CACHE: dict[str, Callable[..., Any] | None] = {}
_SIM_BY_SPEC: dict[int, Callable[..., Any] | None] = {}
_BIND_CACHE: dict[tuple[Any, ...], tuple[Overload, tuple[tuple[str, int | None, Any], ...]] | None] = {}


def sim_function(spec: ApiSpec) -> Callable[..., Any] | None:
    """The simulator function at `spec.sim_ref` (`<family>:<name>` or `module:function`), or None when there is none."""
    ref = spec.sim_ref
    if ref in _SIM_CACHE:
        return _SIM_CACHE[ref]
    module, _, name = ref.partition(":")
    fn: Callable[..., Any] | None
    if "." in module:
        try:
            fn = getattr(importlib.import_module(module), name, None)
        except ImportError:
            fn = None
    else:
        fn = family_functions(module).get(name)
    if fn is not None and not callable(fn):
        fn = None
    _SIM_CACHE[ref] = fn
    return fn


_FAMILY_INDEX: dict[str, dict[str, Callable[..., Any]]] = {}


def family_functions(family: str) -> dict[str, Callable[..., Any]]:
    """name -> function of every public function the modules of a family (`pyasc.sim.api.FAMILIES`) define.

    A name a module imports is not its own (its `__module__` is another's), so a helper of `_vec` is never an API;
    one name defined by two modules of a family is a mistake of the layout, raised at once."""
    index = _FAMILY_INDEX.get(family)
    if index is not None:
        return index
    from .api import FAMILIES

    index = {}
    for short in FAMILIES.get(family, ()):
        mod = importlib.import_module(f"{__package__}.api.{short}")
        for name, value in vars(mod).items():
            private = name.startswith("_") and not name.endswith("__")  # `__getitem__` is the spec's method name
            if private or not callable(value) or getattr(value, "__module__", None) != mod.__name__:
                continue
            if name in index and index[name] is not value:
                raise RuntimeError(f"{family}:{name} is defined by {index[name].__module__} and {mod.__name__}")
            index[name] = value
    _FAMILY_INDEX[family] = index
    return index


def _split_kinds(kind: str) -> list[str]:
    kind = kind.strip()
    if kind.startswith("Union[") and kind.endswith("]"):
        return [k.strip() for k in kind[6:-1].split(",")]
    return [k.strip() for k in kind.split("|")]


def _is_int(v: Any) -> bool:
    return isinstance(v, (int, np.integer)) and not isinstance(v, float)


def matches(value: Any, kind: str) -> bool:
    """Does a runtime value fit a spec parameter kind?"""
    if isinstance(value, Lanes) and value.elem is not None:
        value = value.v[0]  # lockstep Lanes of one element type: bind on that type (the cache key is per type)
    for k in _split_kinds(kind):
        if k in ("Any", ""):
            return True
        if k == "None":
            if value is None:
                return True
            continue
        if k == "LocalTensor":
            if isinstance(value, KINDS.local_tensor):
                return True
        elif k == "GlobalTensor":
            if isinstance(value, KINDS.global_tensor):
                return True
        elif k in ("Tensor", "BaseTensor"):
            if isinstance(value, (KINDS.local_tensor, KINDS.global_tensor)):
                return True
        elif k == "GlobalAddress":
            if isinstance(value, KINDS.global_address):
                return True
        elif k in ("int", "RuntimeInt"):
            if _is_int(value):
                return True
        elif k in ("float", "RuntimeFloat"):
            if isinstance(value, (numbers.Real, np.number)) and not isinstance(value, bool):
                return True
        elif k in ("Number", "RuntimeNumeric"):
            if isinstance(value, (numbers.Real, np.number)):
                return True
        elif k in ("bool", "RuntimeBool"):
            if isinstance(value, (bool, np.bool_)) or _is_int(value):
                return True
        elif k == "str":
            if isinstance(value, str):
                return True
        elif k in ("DataType", "Type"):
            if isinstance(value, DType):
                return True
        elif k in ("IntList", "list", "List[int]", "Sequence[int]") or k.startswith("List"):
            if isinstance(value, (list, tuple)) and all(_is_int(x) for x in value):
                return True
        elif k in registry.ENUMS:
            if _is_int(value) and (not hasattr(value, "enum_name") or value.enum_name == k):
                return True
        elif k in registry.CLASSES:
            spec_name = getattr(type(value), "spec_name", None)
            if spec_name is not None and (spec_name == k or k in getattr(type(value), "spec_bases", ())):
                return True
        else:
            return True  # a kind this simulator does not know: do not reject on it
    return False


def bind(overloads: Sequence[Overload], args: tuple[Any, ...], kwargs: dict[str, Any],
         key: str) -> tuple[Overload, dict[str, Any]] | None:
    """Choose the first overload accepting the arguments; returns it with every parameter bound (defaults filled).

    The choice depends only on the argument types (and the element types of lists), so it is cached per type
    signature: a repeated call costs a dictionary lookup."""
    if overloads and overloads[0].by_type:
        return _bind_by_type(overloads, args, kwargs)
    types = tuple(map(type, args))
    ck: tuple[Any, ...] = (key, types, *kwargs.keys(), *map(type, kwargs.values()))
    if list in types or tuple in types:
        ck += tuple(tuple(map(type, a)) for a in args if type(a) in (list, tuple))
    plan = _BIND_CACHE.get(ck)
    if plan is None:
        if ck in _BIND_CACHE:
            return None
        plan = _plan(overloads, args, kwargs)
        _BIND_CACHE[ck] = plan
        if plan is None:
            return None
    ov, steps = plan
    fast = _FAST.get(id(steps))
    if fast is not None and not kwargs:
        # the common case: positional arguments then defaults, built with C-level dict operations
        names, defaults = fast
        out = dict(zip(names, args, strict=True))
        out.update(defaults)
        return ov, out
    out = {}
    for name, pos, default in steps:
        if pos is None:
            out[name] = kwargs[name] if name in kwargs else default
        elif pos < 0:
            out[name] = tuple(args[-pos - 1:])
        else:
            out[name] = args[pos]
    if not kwargs and all(pos is None or pos >= 0 for _, pos, _ in steps):
        _FAST[id(steps)] = (tuple(n for n, pos, _ in steps if pos is not None),
                            {n: d for n, pos, d in steps if pos is None})
    return ov, out


_FAST: dict[int, tuple[tuple[str, ...], dict[str, Any]]] = {}


def _bind_by_type(overloads: Sequence[Overload], args: tuple[Any, ...],
                  kwargs: dict[str, Any]) -> tuple[Overload, dict[str, Any]] | None:
    """`bind` for an API whose arguments bind by their types, in any order (`spec.bind_by_type`, the checker's
    rule): the first overload that takes every argument, its other parameters at their defaults."""
    for ov in overloads:
        bound, rest = bind_by_type(ov.params, args, list(kwargs.items()), matches)
        variadic = next((p for p in ov.params if p.variadic), None)
        if (rest and variadic is None) or any(p.required and p.name not in bound for p in ov.params):
            continue
        out = {p.name: tuple(rest) if p.variadic else bound[p.name] if p.name in bound else _default(p)
               for p in ov.params}
        return ov, out
    return None


def _default(p: Param) -> Any:
    d = p.default
    if d is REQUIRED:
        return None
    if isinstance(d, str) and "." in d:
        enum_name, _, member = d.partition(".")
        enum = KINDS.enums.get(enum_name)
        if enum is not None and member in enum.__members__:
            return enum[member]
    return d


def _plan(overloads: Sequence[Overload], args: tuple[Any, ...],
          kwargs: dict[str, Any]) -> tuple[Overload, tuple[tuple[str, int | None, Any], ...]] | None:
    for ov in overloads:
        steps: list[tuple[str, int | None, Any]] = []
        positional = [p for p in ov.params if not p.keyword_only and not p.variadic]
        variadic = next((p for p in ov.params if p.variadic), None)
        if len(args) > len(positional) and variadic is None:
            continue
        ok = True
        names = {p.name for p in ov.params}
        if any(k not in names for k in kwargs):
            continue
        for i, p in enumerate(positional):
            if i < len(args):
                if p.name in kwargs or not matches(args[i], p.kind):
                    ok = False
                    break
                steps.append((p.name, i, None))
            elif p.name in kwargs:
                if not matches(kwargs[p.name], p.kind) and not (kwargs[p.name] is None and p.default is None):
                    ok = False
                    break
                steps.append((p.name, None, None))
            elif p.required:
                ok = False
                break
            else:
                steps.append((p.name, None, _default(p)))
        if not ok:
            continue
        if variadic is not None:
            extra = args[len(positional):]
            if not all(matches(a, variadic.kind) for a in extra):
                continue
            steps.append((variadic.name, -(len(positional) + 1), None))
        for p in ov.params:
            if p.keyword_only:
                if p.name in kwargs:
                    if not matches(kwargs[p.name], p.kind):
                        ok = False
                        break
                    steps.append((p.name, None, None))
                elif p.required:
                    ok = False
                    break
                else:
                    steps.append((p.name, None, _default(p)))
        if ok:
            return ov, tuple(steps)
    return None


def describe(value: Any) -> str:
    """A short type name of a runtime value for messages."""
    if isinstance(value, KINDS.local_tensor):
        return f"LocalTensor[{value.dtype.name}]"
    if isinstance(value, KINDS.global_tensor):
        return f"GlobalTensor[{value.dtype.name}]"
    if isinstance(value, KINDS.unbuilt):
        return f"{value.class_name} never built (its last positional argument bound CANN's IR handle)"
    name = getattr(type(value), "spec_name", None) or getattr(value, "enum_name", None)
    return name or type(value).__name__


HOST_APIS = frozenset({"ceildiv"})
"""APIs that also run outside a kernel, as in CANN (pure functions of their arguments)."""


def call(spec: ApiSpec, args: tuple[Any, ...], kwargs: dict[str, Any], display: str) -> Any:
    """Run one API call on the current core: bind, locate the call site, run the semantics."""
    core = state._CURRENT
    if core is None:
        if spec.name in HOST_APIS:  # plain arithmetic CANN's host code calls too (asc.ceildiv(m, 64))
            fn = sim_function(spec)
            if fn is not None:
                return fn(*args, **kwargs)
        core = state.current()
    f = sys._getframe(2)
    launch = core.launch
    # a call site is (code, instruction offset): its line number is only computed the first time it is seen
    # (hashing a code object walks its bytecode, so key on its id and keep the object alive in the launch)
    code = f.f_code
    key = (id(code), f.f_lasti)
    sid = launch.code_sites.get(key)
    if sid is None:
        launch.codes.append(code)
        sid = launch.code_sites[key] = launch.site_id(code.co_filename, f.f_lineno)
        _remember_span(launch, sid, code, f.f_lasti)
    core.site = sid
    core.api = spec
    bound = bind(spec.overloads, args, kwargs, spec.name)
    if bound is None:
        given = ", ".join([describe(a) for a in args] + [f"{k}={describe(v)}" for k, v in kwargs.items()])
        forms = "; ".join(f"{display}{o.signature.split('->')[0].strip()}" for o in spec.overloads)
        core.report("bad-call", f"no overload of {display} accepts ({given}); expected one of: {forms}")
        return None
    if bound[0].cann_only:  # a form only CANN's pyasc has (PA508, PA509): it does nothing, or never builds
        if bound[0].cann_only == CALL:
            core.report("bad-call", f"Ascend C has no {display}{bound[0].signature.split('->')[0].strip()}: "
                        "bisheng rejects the kernel CANN's pyasc writes for it")
        return None
    if bound[0].rule and not spec.rule:  # the rule's keywords for a hand-written method: its own form's names
        bound = (bound[0], _hand_names(spec, bound[0], bound[1]))
    fn = _SIM_BY_SPEC.get(id(spec))
    if fn is None:
        fn = _SIM_BY_SPEC[id(spec)] = sim_function(spec)
    if fn is None:
        core.report("unsupported", f"{display} is known by rule, from Ascend C's {spec.rule}, and is not modelled on "
                    "the simulator"
                    if spec.rule else f"{display} is not modelled by the simulator ({spec.sim_ref} does not exist)")
        return None
    if core.ls is not None:
        fn = core.ls(fn, tuple(map(type, args)) + tuple(map(type, kwargs.values())))
    return fn(**bound[1])


def _hand_names(spec: ApiSpec, form: Any, args: dict[str, Any]) -> dict[str, Any]:
    """Arguments bound to a rule-derived form (`init_buffer(buf=, len=)`), renamed to the hand-written form of the
    same kinds, whose simulator function runs them."""
    kinds = [p.kind for p in form.params]
    hand = next((o for o in spec.overloads if not o.rule and [p.kind for p in o.params] == kinds), None)
    if hand is None:
        return args
    names = {a.name: b.name for a, b in zip(form.params, hand.params, strict=True)}
    return {names.get(k, k): v for k, v in args.items()}


def _remember_span(launch: state.Launch, sid: int, code: Any, lasti: int) -> None:
    """The column range of the call instruction at `lasti`, for findings with an exact range."""
    try:
        positions = list(code.co_positions())
        line, end_line, col, end_col = positions[lasti // 2]
    except (AttributeError, IndexError, ValueError):
        return
    if line is not None and end_line is not None and col is not None and end_col is not None:
        launch.spans[sid] = (col, end_line, end_col)


def _positional_ok(fn: Callable[..., Any], names: tuple[str, ...]) -> bool:
    """Can the bound arguments go to `fn` by position: are its first parameters exactly `names`, in order?"""
    try:
        params = list(inspect.signature(fn).parameters.values())
    except (TypeError, ValueError):
        return False
    if len(params) < len(names):
        return False
    return all(p.name == n and p.kind is inspect.Parameter.POSITIONAL_OR_KEYWORD for p, n in
               zip(params[:len(names)], names, strict=True))


class _Annotation(str):
    """A parameter's type as the spec spells it, shown without quotes in a signature."""

    def __repr__(self) -> str:
        return str(self)


def overload_signature(overload: Overload) -> inspect.Signature:
    """One overload of the spec as an inspect.Signature (types as the spec spells them)."""
    params = []
    for p in overload.params:
        if p.variadic:
            kind = inspect.Parameter.VAR_POSITIONAL
        elif p.keyword_only:
            kind = inspect.Parameter.KEYWORD_ONLY
        else:
            kind = inspect.Parameter.POSITIONAL_OR_KEYWORD
        default = inspect.Parameter.empty if p.default is REQUIRED or p.variadic else p.default
        params.append(inspect.Parameter(p.name, kind, default=default, annotation=_Annotation(p.kind)))
    return inspect.Signature(params, return_annotation=_Annotation(overload.returns), __validate_parameters__=False)


class ApiFunction:
    """`asc.add` and friends at run time: dispatches through the spec to the simulator semantics."""

    def __init__(self, spec: ApiSpec, display: str) -> None:
        self.spec = spec
        self.display = display
        self._fn: Callable[..., Any] | None = None
        self.plans: dict[tuple[type, ...], tuple[Callable[..., Any], bool, tuple[str, ...], dict[str, Any]]] = {}
        """Argument types -> (simulator function, pass positionally?, parameter names, defaults to add)."""
        self.lsplans: dict[tuple[type, ...], tuple[Callable[..., Any], bool, tuple[str, ...], dict[str, Any]]] = {}
        """The same with the lockstep implementation (pyasc.sim.lockstep) as the function."""
        self.__name__ = spec.name.rsplit(".", 1)[-1]
        self.__qualname__ = self.__name__
        self.__module__ = "pyasc"
        forms = "\n".join(f"    {self.__name__}{o.signature}" for o in spec.overloads)
        self.__doc__ = f"{spec.doc}\n\nOverloads:\n{forms}" if len(spec.overloads) > 1 else spec.doc
        self._signature: inspect.Signature | None = None

    @property
    def __signature__(self) -> inspect.Signature:
        """What help() and inspect.signature() show: the spec's first overload (the doc lists them all)."""
        if self._signature is None:
            self._signature = overload_signature(self.spec.overloads[0])
        return self._signature

    def __get__(self, obj: object, objtype: type | None = None) -> ApiFunction:
        """A method-like descriptor, so that help() documents it as a routine (with its signature), not as an
        instance of this class."""
        return self

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        # the hot path of every API call: site, cached binding, semantics (call() handles the rare cases)
        core = state._CURRENT
        if core is None or kwargs:
            return call(self.spec, args, kwargs, self.display)
        types = tuple(map(type, args))
        if core.ls is not None:
            # lockstep: any finding aborts the run and the per-core rerun locates it, so the call site is not needed
            plan = self.lsplans.get(types)
            if plan is not None:
                fn, positional, names, defaults = plan
                if positional:
                    return fn(*args, **defaults)
                return fn(**dict(zip(names, args, strict=True)), **defaults)
        f = sys._getframe(1)
        sid = core.launch.code_sites.get((id(f.f_code), f.f_lasti))
        if sid is None:
            return call(self.spec, args, kwargs, self.display)
        plan = self.plans.get(types)
        if plan is not None:  # argument types seen before: the overload and defaults are known
            core.site = sid
            core.api = self.spec
            fn, positional, names, defaults = plan
            if core.ls is not None:  # lockstep: the same binding, the all-cores implementation
                fn = core.ls(fn, types)
                self.lsplans[types] = (fn, positional, names, defaults)
            if positional:
                return fn(*args, **defaults)
            return fn(**dict(zip(names, args, strict=True)), **defaults)
        fn = self._fn
        if fn is None:
            fn = self._fn = self.fn
        if fn is None:
            return call(self.spec, args, kwargs, self.display)
        core.site = sid
        core.api = self.spec
        bound = bind(self.spec.overloads, args, kwargs, self.spec.name)
        if bound is None or bound[0].cann_only or bound[0].rule:  # call() reports these, and names a rule form
            return call(self.spec, args, kwargs, self.display)
        self.learn(args, fn)
        if core.ls is not None:
            fn = core.ls(fn, types)
        return fn(**bound[1])

    def learn(self, args: tuple[Any, ...], fn: Callable[..., Any]) -> None:
        """Remember the binding of these argument types after a successful bind, so the next call with the same
        types skips the overload choice and the dictionary of bound arguments."""
        types = tuple(map(type, args))
        if list in types or tuple in types:  # the choice also depends on the element types: not cached here
            return
        got = _BIND_CACHE.get((self.spec.name, types))
        if got is None:
            return
        steps = got[1]
        names = tuple(n for n, pos, _ in steps if pos is not None)
        if [pos for _, pos, _ in steps if pos is not None] != list(range(len(names))) or len(names) != len(args):
            return
        defaults = {n: d for n, pos, d in steps if pos is None}
        positional = _positional_ok(fn, names)
        if positional:  # a default the simulator function has itself (the very same object) need not be passed
            own = inspect.signature(fn).parameters
            defaults = {n: d for n, d in defaults.items() if n not in own or own[n].default is not d}
        self.plans[types] = (fn, positional, names, defaults)

    @property
    def fn(self) -> Callable[..., Any] | None:
        fn = _SIM_BY_SPEC.get(id(self.spec))
        if fn is None:
            fn = _SIM_BY_SPEC[id(self.spec)] = sim_function(self.spec)
        return fn

    def __repr__(self) -> str:
        return f"<asc API {self.display}>"
