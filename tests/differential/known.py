"""The reviewed list of cases where we do not agree with CANN's tracer yet, and the golden case of each point.

test_differential asserts this list exactly: a case that starts to agree must leave it, a new disagreement must be
reviewed and entered here with its point and reason.  Kinds: ``false-error`` (CANN accepts, we report an error),
``missed-error`` (CANN rejects, we report none), ``calls`` (both accept, the Ascend C calls differ).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Known:
    name: str  # the case file's stem; its first three characters give the point of issue 12
    kind: str
    reason: str


KNOWN: tuple[Known, ...] = (
    Known("p01_nested_kernel", "false-error", "PA101: an @asc.jit kernel nested in a function is rejected"),
    Known("p02_module_math", "false-error", "PA201: a constant computed from constants (2**7 * BLOCKS) is unknown"),
    Known("p03_rebind_straight", "false-error", "PA108: straight-line re-binding to another type is rejected"),
    Known("p04_int_div", "false-error", "PA303: int / int is typed float, CANN divides integers"),
    Known("p05_default_param", "calls", "a Python default (negate=False) does not specialize the helper"),
    Known("p05_tuple_helper", "false-error", "PA101: unpacking a helper's tuple result is not supported"),
    Known("p06_constexpr_depth", "false-error", "PA303: a ConstExpr parameter is not a compile-time queue depth"),
    Known("p08_user_struct", "false-error", "PA203: a user Struct parameter is typed GlobalAddress"),
    Known("p09_ceildiv", "false-error", "PA203: .ceildiv() on a run-time int is unknown"),
    Known("p10_local_tensor_auto", "false-error", "PA303: LocalTensorAuto with an int shape is rejected"),
    Known("p11_matmul_iterate", "false-error", "PA204 register_matmul not generated; PA101 `with` rejected"),
    Known("r09_tensor_setitem", "missed-error", "`t[i] = v` on a LocalTensor is accepted; CANN has no __setitem__"),
)

# One case per point whose C++ is kept as a golden file (tests/differential/goldens) once it agrees with CANN.
GOLDEN_CASES: dict[int, str] = {
    1: "p01_module_kernel",
    2: "p02_dtype_binding",
    3: "p03_rebind_straight",
    4: "p04_int_div",
    5: "p05_tuple_helper",
    6: "p06_constexpr_depth",
    7: "p07_dtype_sizeof",
    8: "p08_user_struct",
    9: "p09_tensor_element",
    10: "p10_local_tensor_auto",
    11: "p11_matmul_iterate",
    12: "p12_tque_as_bind",
    13: "p13_jit_options",
}
