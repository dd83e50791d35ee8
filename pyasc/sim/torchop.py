"""Expose a simulated kernel as a torch custom operator (torch.library), so a model calls it like any op on CPU."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def torch_op(kernel: Any, name: str | None = None, *, num_inputs: int | None = None, block_dim: int = 8,
             outputs: Callable[..., Sequence[tuple[Sequence[int], Any]]] | None = None,
             scalars: Callable[..., Sequence[Any]] | None = None, namespace: str = "pyasc") -> Any:
    """Register `namespace::name(Tensor in0, ..., ) -> Tensor` (or a tuple of tensors) backed by `kernel`.

    kernel:     an @asc.jit function whose GM parameters are the inputs followed by the outputs.
    outputs:    (inputs...) -> [(shape, torch dtype), ...]; default: one output shaped like the first input.
    scalars:    (inputs...) -> the kernel's remaining (non-GM) arguments, e.g. the per-core length.
    Returns the op (`torch.ops.<namespace>.<name>`).
    """
    import torch

    op_name = name or kernel.__name__
    gm = [p for p, k in kernel.param_kinds.items() if k == "gm"]
    if num_inputs is None:
        if outputs is not None:
            raise TypeError("torch_op needs num_inputs when outputs= is given")
        num_inputs = len(gm) - 1

    def out_specs(*inputs: Any) -> list[tuple[Sequence[int], Any]]:
        if outputs is None:
            return [(tuple(inputs[0].shape), inputs[0].dtype)]
        return list(outputs(*inputs))

    args = ", ".join(f"Tensor x{i}" for i in range(num_inputs))
    probe = out_specs
    # the schema needs the output count: one unless outputs= says otherwise (probed on dummy inputs)
    count = 1 if outputs is None else len(outputs(*[torch.zeros(1)] * num_inputs))
    ret = "Tensor" if count == 1 else "(" + ", ".join(["Tensor"] * count) + ")"
    lib = torch.library.Library(namespace, "FRAGMENT")
    lib.define(f"{op_name}({args}) -> {ret}")

    def impl(*inputs: Any) -> Any:
        ins = [t.contiguous() for t in inputs]
        outs = [torch.empty(tuple(shape), dtype=dt) for shape, dt in probe(*ins)]
        extra = list(scalars(*ins)) if scalars is not None else []
        kernel[block_dim](*ins, *outs, *extra)
        return outs[0] if count == 1 else tuple(outs)

    def fake(*inputs: Any) -> Any:
        outs = [inputs[0].new_empty(tuple(shape), dtype=dt) for shape, dt in probe(*inputs)]
        return outs[0] if count == 1 else tuple(outs)

    lib.impl(op_name, impl, "CPU")
    torch.library.register_fake(f"{namespace}::{op_name}", fake, lib=lib)
    _LIBS.append(lib)
    return getattr(getattr(torch.ops, namespace), op_name)


_LIBS: list[Any] = []
