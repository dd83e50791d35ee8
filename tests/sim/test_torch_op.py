"""A simulated kernel as a torch custom op (needs torch==2.13.0, installed by scripts/deps-sim.sh)."""

from __future__ import annotations

import os

import numpy as np
import pytest

if os.environ.get("CI"):
    import torch  # CI runs `make deps`, so a missing torch is a failure there, not a skip
else:
    torch = pytest.importorskip("torch", reason="run scripts/deps-sim.sh (make deps) to install torch==2.13.0")

import pyasc as asc  # noqa: E402
from pyasc import sim  # noqa: E402

from .kernels.add_custom import add_custom  # noqa: E402
from .kernels.softmax import softmax_kernel  # noqa: E402


def test_torch_tensors_launch_directly_and_outputs_land():
    x = torch.rand(2048)
    y = torch.rand(2048)
    z = torch.zeros(2048)
    add_custom[2](x, y, z, 1024)
    assert torch.equal(z, x + y)


def test_custom_op_in_a_model():
    vadd = sim.torch_op(add_custom, "vadd_test", block_dim=4, scalars=lambda a, b: (a.numel() // 4,))
    assert vadd is torch.ops.pyasc.vadd_test

    class Model(torch.nn.Module):
        def forward(self, a, b):
            return torch.ops.pyasc.vadd_test(a, b) * 2

    a = torch.rand(4096)
    b = torch.rand(4096)
    out = Model()(a, b)
    assert torch.allclose(out, (a + b) * 2)
    fake = torch.library.opcheck(vadd, (a, b), test_utils=("test_schema", "test_faketensor"))
    assert all(v == "SUCCESS" for v in fake.values())


def test_custom_op_with_declared_outputs_and_constexpr():
    rows, cols = 8, 128
    sm = sim.torch_op(softmax_kernel, "softmax_test", num_inputs=1, block_dim=2,
                      outputs=lambda x: [(x.shape, x.dtype)], scalars=lambda x: (x.shape[0] // 2, x.shape[1]))
    x = torch.randn(rows, cols)
    got = sm(x)
    np.testing.assert_allclose(got.numpy(), torch.softmax(x, dim=-1).numpy(), rtol=1e-5, atol=1e-7)
    _ = asc
