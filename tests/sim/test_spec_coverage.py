"""Every API the code generator supports has simulator semantics at its spec's sim_ref, accepting the spec's
parameter names for every overload."""

from __future__ import annotations

import inspect

import pytest

from pyasc.language import registry
from pyasc.sim import dispatch
from pyasc.sim.api import FAMILIES

GENERATED = [a for a in registry.all_apis() if a.generated and (not a.rule or dispatch.sim_function(a) is not None)]
"""An API known only by rule (language/api/rule/) has simulator semantics where one is written (SoftmaxFlashV2,
SwiGLU); the others report that they are not modelled (test_rule_apis)."""


def _accepts(fn, names: list[str], required_names: set[str]) -> str | None:
    sig = inspect.signature(fn)
    params = sig.parameters
    has_var_kw = any(p.kind is p.VAR_KEYWORD for p in params.values())
    for n in names:
        if n not in params and not has_var_kw:
            return f"no parameter '{n}'"
    for p in params.values():
        if p.kind in (p.VAR_KEYWORD, p.VAR_POSITIONAL):
            continue
        if p.default is p.empty and p.name not in required_names:
            return f"parameter '{p.name}' is required by the simulator but not by this overload"
    return None


@pytest.mark.parametrize("spec", GENERATED, ids=[a.name for a in GENERATED])
def test_generated_api_has_simulator_semantics(spec):
    fn = dispatch.sim_function(spec)
    assert fn is not None, f"{spec.name}: nothing at {spec.sim_ref}"
    for ov in spec.overloads:
        if ov.rule and not spec.rule:
            continue  # the rule's form of a hand-written method runs as the hand-written form (sim.dispatch)
        names = [p.name for p in ov.params]
        problem = _accepts(fn, names, set(names))
        assert problem is None, f"{spec.name}{ov.signature}: {spec.sim_ref} {problem}"


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_family_functions_are_the_names_the_family_modules_define(family):
    """`<family>:<name>` resolves among the names the family's modules define: one module each, never a helper a
    module imports (no module re-exports another's names), and every module of the family is used by the spec."""
    index = dispatch.family_functions(family)  # raises when two modules of the family define one name
    modules = {f"pyasc.sim.api.{m}" for m in FAMILIES[family]}
    assert all(fn.__module__ in modules for fn in index.values())
    assert "cur" not in index and "store" not in index  # helpers of pyasc.sim.api._vec, imported by every family
    used = {dispatch.sim_function(s).__module__ for s in registry.all_apis()
            if s.sim_ref.startswith(f"{family}:") and dispatch.sim_function(s) is not None}
    assert used == modules


def test_sim_ref_names_the_family_or_an_explicit_module():
    add = registry.APIS["add"]
    assert add.sim_ref == "basic:add" and dispatch.sim_function(add).__module__ == "pyasc.sim.api.vec_arith"
    alloc = registry.CLASSES["TQueBind"].methods["alloc_tensor"]
    assert alloc.sim_ref == "fwk:alloc_tensor"
    explicit = [s for s in registry.all_apis() if s.sim]
    assert explicit and all("." in s.sim_ref.partition(":")[0] for s in explicit)
