"""How the seed's host API binds a Kernel's settings to the kernel's parameters: one rule, read by the simulator's
`Kernel.arguments` (run time) and by pyasc-check's host check (PA306, before the run).

  1. GM parameters (annotated GlobalAddress or a tensor type; without any annotation, the first ones) take the
     inputs by index, then the outputs, then the workspaces of non-zero size.
  2. set_attr(name, value) binds the parameter of that name.
  3. The remaining parameters without a default take tiling[1:], in order; tiling[0] is the block dim.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Param:
    """A parameter of a kernel as host code binds to it: whether it is Global Memory and has a default."""

    name: str
    gm: bool
    has_default: bool


def is_gm_annotation(text: str) -> bool:
    """Does an annotation's text mark a GM parameter?"""
    return "ConstExpr" not in text and ("GlobalAddress" in text or "Tensor" in text)


def gm_params(params: list[Param], n_values: int) -> list[str]:
    gm = [p.name for p in params if p.gm]
    return gm or [p.name for p in params[:n_values]]


def gm_error(kernel: str, params: list[Param], n_values: int) -> str | None:
    gm = gm_params(params, n_values)
    if len(gm) == n_values:
        return None
    return (f"kernel '{kernel}' has {len(gm)} GM parameters ({', '.join(gm)}) but {n_values} inputs, outputs and "
            "workspaces were set")


def attr_error(kernel: str, params: list[Param], attrs: list[str]) -> str | None:
    names = [p.name for p in params]
    unknown = [a for a in attrs if a not in names]
    if not unknown:
        return None
    return f"set_attr names no parameter of '{kernel}': {', '.join(unknown)} (parameters: {', '.join(names)})"


def tiling_params(params: list[Param], n_values: int, attrs: list[str]) -> list[str]:
    """The parameters tiling[1:] binds, in order."""
    bound = set(gm_params(params, n_values)) | set(attrs)
    return [p.name for p in params if p.name not in bound and not p.has_default]


def tiling_error(kernel: str, params: list[Param], n_values: int, attrs: list[str], n_tiling: int) -> str | None:
    """n_tiling counts the values after the block dim."""
    rest = tiling_params(params, n_values, attrs)
    if len(rest) == n_tiling:
        return None
    return (f"kernel '{kernel}' takes {len(rest)} tiling values after the block dim ({', '.join(rest) or 'none'}) "
            f"but set_tiling gives {n_tiling}")
