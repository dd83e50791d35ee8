"""The oracle harness itself: both request forms, CANN's rejections, broken test files, and the call comparison."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from .compare import calls, cann_dtypes, deliberate, helper_call_errors
from .oracle import RUNNER, cann_python, run_oracle

pytestmark = pytest.mark.differential

CASES = Path(__file__).resolve().parent / "cases"
F32 = {"tensor": "float32", "shape": [1024]}


def test_both_request_forms_and_the_verdicts() -> None:
    module, nested = str(CASES / "p01_module_kernel.py"), str(CASES / "p01_nested_kernel.py")
    results = run_oracle([
        {"id": "args", "file": module, "kernel": "scale_kernel", "args": [F32, F32, 256], "grid": 4},
        {"id": "nested", "file": nested, "kernel": "launch.kernel", "args": [F32, F32]},
        {"id": "entry", "file": nested, "entry": "launch"},
        {"id": "arity", "file": module, "kernel": "scale_kernel", "args": [F32]},
        {"id": "broken", "file": module, "entry": "no_such_function"},
        {"id": "mock", "file": module, "kernel": "scale_kernel", "args": [{"mock": "float32"}, {"mock": "float32"},
                                                                           {"mock_value": "int32"}]},
    ])
    assert [(t.kernel, t.accepted) for t in results["args"].traces] == [("scale_kernel", True)]
    assert "Muls/4" in calls(results["args"].traces[0].cpp)
    assert [(t.kernel, t.accepted) for t in results["nested"].traces] == [("launch.kernel", True)]
    assert results["entry"].accepted and results["entry"].traces[0].kernel == "launch.kernel"
    assert not results["arity"].accepted and results["arity"].harness_error is None
    assert results["arity"].traces[0].error.startswith("TypeError: missing a required argument")
    assert results["mock"].accepted and "__gm__ float*" in results["mock"].traces[0].cpp
    assert not results["broken"].accepted and "no_such_function" in (results["broken"].harness_error or "")


def test_the_runner_leaves_no_temporary_directory(tmp_path: Path) -> None:
    """Without a home from oracle.py, CANN's cache goes to a temporary directory removed at exit, also when the
    module is only imported (as the corpus plugin does); TMPDIR points the runner's temporary files into tmp_path."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    requests, results = tmp_path / "requests.json", tmp_path / "results.jsonl"
    requests.write_text(json.dumps([{"id": "one", "file": str(CASES / "p01_module_kernel.py"), "kernel": "scale_kernel",
                                     "args": [F32, F32, 256]}]), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "CANN_ORACLE_HOME"} | {"TMPDIR": str(tmp)}
    imported = f"import sys; sys.path.insert(0, {str(RUNNER.parent)!r}); import cann_oracle"
    for command in ([str(RUNNER), str(requests), str(results)], ["-c", imported]):
        proc = subprocess.run([str(cann_python()), "-I", *command], cwd=tmp_path, env=env, capture_output=True,
                              text=True, timeout=600)
        assert proc.returncode == 0, proc.stderr[-2000:]
        assert list(tmp.iterdir()) == [], command
    assert json.loads(results.read_text(encoding="utf-8"))["traces"][0]["status"] == "accepted"


CPP = """
#include "kernel_operator.h"
constexpr int32_t N = 64;  // AscendC::NotACall(
__aicore__ inline void load(AscendC::TQue<AscendC::TPosition::VECIN, 2>& q, AscendC::GlobalTensor<half>& g) {
    AscendC::LocalTensor<half> t = q.AllocTensor<half>();
    AscendC::DataCopy(t, g, N);
    q.EnQue(t);
}
extern "C" __global__ __aicore__ void kernel(GM_ADDR x) {
    AscendC::GlobalTensor<half> g;
    g.SetGlobalBuffer((__gm__ half*)x, N);
    AscendC::DataCopyParams p(1, 2, 0, 0);
    AscendC::Adds(t, t, 1.0f, mask, 1, AscendC::UnaryRepeatParams(1, 1, 8, 8));
    AscendC::TBuf<AscendC::TPosition::VECCALC> buf;
    AscendC::Foo(AscendC::TBuf<AscendC::TPosition::VECCALC>());
    for (int32_t i = 0; i < N; i++) {
        load(q, g);
        AscendC::SetFlag<AscendC::HardEvent::MTE2_V>(0);
        if (i < 2) { AscendC::PipeBarrier<PIPE_V>(); }
    }
    set_ffts_base_addr(0);
}
"""


def test_calls_inline_helpers_and_ignore_what_legitimately_differs() -> None:
    assert calls(CPP) == [".SetGlobalBuffer/2", "Adds/6", "Foo/1", ".AllocTensor/0", "DataCopy/3", ".EnQue/1",
                          "SetFlag/1", "PipeBarrier/0"]
    assert calls(CPP, "kernel") == calls(CPP)
    two = CPP + 'extern "C" __global__ __aicore__ void test_x_kernel(GM_ADDR x) { AscendC::Exp(t, t, 8); }'
    assert calls(two, "test_x.kernel") == ["Exp/3"] and calls(two, "kernel") == calls(CPP)
    assert calls(two, "other.x_kernel") == ["Exp/3"]  # no other_x_kernel nor x_kernel: the one ending in _x_kernel
    with pytest.raises(LookupError):
        calls(two, "other")
    with pytest.raises(LookupError):
        calls(CPP.replace('extern "C" __global__ ', ""))


MEMBERS = """
extern "C" __global__ __aicore__ void kernel(GM_ADDR x) {
    AscendC::GatherRepeatParams params = AscendC::GatherRepeatParams(1, 8);
    AscendC::Gather(z, x, offsets, static_cast<uint32_t>(0), 512);
    x_gm.template SetL2CacheHint<AscendC::CacheRwMode::RW>(AscendC::CacheMode::CACHE_MODE_NORMAL);
    q->template DeQue<half>();
}
"""


def test_a_type_named_with_an_api_s_prefix_and_member_templates() -> None:
    """GatherRepeatParams is a type, Gather still a call; `x.template M<...>(...)` is the member call M."""
    assert calls(MEMBERS) == ["Gather/5", ".SetL2CacheHint/1", ".DeQue/0"]


def test_deliberate_differences_are_named_and_nothing_else_is() -> None:
    assert deliberate([".SetTensorA/1", ".Iterate/0"], [".SetTensorA/2", ".Iterate/1"]) == "defaults"
    assert deliberate(["GetBlockIdx/0", "Add/3"], ["Add/3"]) == "unused reads"
    assert deliberate([".ReinterpretCast/0", ".GetPhyAddr/0"], [".GetPhyAddr/1"]) == "unused reads"
    assert deliberate(["Add/3"], ["Add/3"]) is None  # equal: nothing to explain
    assert deliberate(["Add/4"], ["Add/3"]) is None  # an argument CANN does not pass
    assert deliberate(["Add/3"], ["Sub/3"]) is None
    assert deliberate(["Add/3"], ["Add/3", "Sub/3"]) is None  # a call we lack
    assert deliberate(["Sub/3", "Add/3"], ["Add/3"]) is None  # an extra call that is not a read
    assert deliberate(["Add/3", "Sub/3"], ["Sub/3", "Add/3"]) is None  # another order
    assert deliberate(["PipeBarrier/0", "PipeBarrier/0", "Add/3"], ["PipeBarrier/0", "Add/3"]) == "merged barriers"
    assert deliberate(["PipeBarrier/0", "Add/3"], ["Add/3"]) is None  # a barrier CANN would not drop alone
    assert deliberate(["PipeBarrier/0", "Add/3", "PipeBarrier/0"], ["PipeBarrier/0", "Add/3"]) is None


GENERIC = """
template <typename T_x>
__aicore__ inline void kernel_impl(GM_ADDR x) {
    if (AscendC::SupportType<T_x, half, float>()) {
        AscendC::Exp(t, t, 128);
    } else {
        AscendC::Abs(t, t, 128);
    }
    if constexpr (!AscendC::IsSameType<T_x, half>::value && AscendC::SupportType<T_x, float>()) {
        AscendC::Ln(t, t, 128);
    }
    if (n > 2) { AscendC::Relu(t, t, 128); }
    x_gm.SetGlobalBuffer((__gm__ T_x*)x + AscendC::GetBlockIdx() * 64, 64);
}
extern "C" __global__ __aicore__ void kernel(GM_ADDR x) { kernel_impl<DTYPE>(x); }
"""


def test_generic_kernels_are_specialized_to_cann_s_dtypes() -> None:
    signature = 'void kernel(__gm__ half* v1_x, __gm__ float* v2_y, int32_t v3_n)'
    assert cann_dtypes(signature) == {"x": "half", "y": "float"}
    tail = ["Relu/3", "GetBlockIdx/0", ".SetGlobalBuffer/2"]
    assert calls(GENERIC, dtypes={"x": "half"}) == ["Exp/3", *tail]
    assert calls(GENERIC, dtypes={"x": "float"}) == ["Exp/3", "Ln/3", *tail]
    assert calls(GENERIC, dtypes={"x": "int32_t"}) == ["Abs/3", *tail]
    assert calls(GENERIC) == ["Exp/3", "Abs/3", "Ln/3", *tail]  # dtype unknown: every branch kept


def test_helper_calls_with_the_wrong_number_of_arguments() -> None:
    cpp = """
__aicore__ inline void helper(AscendC::LocalTensor<float>& t, int32_t n, float a, float b = 0.0f) { }
extern "C" __global__ __aicore__ void kernel(GM_ADDR x) {
    helper(t, 8, 1.0f);
    helper(t, 8, 1.0f, 2.0f);
    helper(t, 8);
}
"""
    assert helper_call_errors(cpp) == ["kernel calls helper with 2 arguments, it takes 3..4"]
