"""The generator and the shrinker on their own (no CANN needed): determinism, well-formed programs, coverage of the
spec's APIs and of the forms, and a shrink down to what a judge needs."""

from __future__ import annotations

import ast

import pytest

from .apicalls import candidates
from .generator import generate, program
from .program import Program, statements
from .shrink import shrink


def test_a_seed_gives_the_same_programs_and_one_program_rebuilds_alone() -> None:
    first = [p.render() for p in generate(7, 30)]
    assert first == [p.render() for p in generate(7, 30)]
    assert program(7, 12).render() == first[12]
    assert first != [p.render() for p in generate(8, 30)]


def test_programs_are_python_with_a_launch() -> None:
    for p in generate(3, 200):
        tree = ast.parse(p.render())
        assert any(isinstance(n, ast.FunctionDef) and n.name == "launch" for n in tree.body), p.name
        kernels = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef) and n.name.startswith("kernel_")]
        assert 1 <= len(kernels) <= 3, p.name


@pytest.fixture(scope="module")
def many() -> list[Program]:
    return generate(5, 1000)


def test_the_spec_drives_which_apis_are_drawn(many: list[Program]) -> None:
    names = {a.name for a in candidates()}
    assert {"add", "adds", "cast", "duplicate", "data_copy", "adv.exp", "reduce_max"} <= names
    drawn = {a for p in many for a in p.apis}
    assert drawn == names  # 1000 programs draw every one


def test_every_form_family_is_drawn(many: list[Program]) -> None:
    forms = set().union(*(p.forms for p in many))
    assert {"queue", "explicit", "helper_slice", "helper_default", "helper_constexpr", "helper_keyword", "tuple",
            "tuple_name", "struct", "array", "loop", "manual_sync", "no_auto_sync", "multi_kernel", "const",
            "constexpr_param", "scalar_param", "launch_dtype", "torch", "nested_launch", "nested_func"} <= forms
    planted = {p.mutation.partition(":")[0] for p in many} - {""}
    assert planted == {"bad_dtype", "bad_mixed", "bad_count_type", "bad_missing", "bad_extra", "bad_keyword",
                       "bad_enum", "bad_position"}


def test_shrink_keeps_what_the_judge_needs_and_nothing_else() -> None:
    big = next(p for p in generate(11, 100) if len(p.funcs) >= 2 and "asc.data_copy(z_gm" in p.render())

    def judge(candidates: list[Program]) -> list[bool]:
        return [c.render().count("asc.data_copy(z_gm") >= 1 for c in candidates]

    small = shrink(big, judge)
    assert "asc.data_copy(z_gm" in small.render()
    assert len(statements(small)) == 1 and len(small.funcs) == 1
