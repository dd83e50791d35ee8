"""`help(asc.<api>)` and `inspect.signature` show the API's parameters from the spec, not `(*args, **kwargs)`."""

from __future__ import annotations

import inspect
import pydoc

import pyasc as asc
from pyasc.language import registry
from pyasc.runtime import _HOST


def test_signature_and_help_of_an_api() -> None:
    assert str(inspect.signature(asc.leaky_relu)) == (
        "(dst: LocalTensor, src: LocalTensor, scalar: Number, count: int, is_set_mask: bool = True) -> None")
    page = pydoc.render_doc(asc.leaky_relu, renderer=pydoc.plaintext)
    assert "leaky_relu(dst: LocalTensor, src: LocalTensor, scalar: Number, count: int" in page
    assert registry.APIS["leaky_relu"].doc in page
    forms = [line.strip() for line in page.split("Overloads:", 1)[1].splitlines() if line.strip()]
    assert forms == [f"leaky_relu{o.signature}" for o in registry.APIS["leaky_relu"].overloads]


def test_every_function_of_the_spec_has_its_first_overload_as_signature() -> None:
    def functions() -> list[str]:
        # methods (TQue.alloc_tensor, ...) belong to their classes; jit, range, ... are host objects
        return [n for n in registry.APIS if ("." not in n or n.startswith("adv.")) and n not in _HOST]

    for name in functions():
        spec = registry.APIS[name]
        fn = getattr(asc.adv, name[4:]) if name.startswith("adv.") else getattr(asc, name)
        params = list(inspect.signature(fn).parameters)
        assert params == [p.name for p in spec.overloads[0].params], name
