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
    Known("p10_auto_helper_two_writes", "calls",
          "insert_sync enqueues what a helper wrote after the call (both EnQue after both copies); "
          "CANN inlines the helper and enqueues after each copy inside it"),
)

# One case per point whose C++ is kept as a golden file (tests/differential/goldens) once it agrees with CANN.
GOLDEN_CASES: dict[int, str] = {
    1: "p01_module_kernel",
    2: "p02_dtype_binding",
    3: "p03_same_type_in_loop",
    4: "p04_int_div",
    5: "p05_helper_kwargs",
    6: "p06_constexpr_buffer_size",
    7: "p07_dtype_predicates",
    8: "p08_user_struct",
    9: "p09_tensor_element",
    10: "p10_local_tensor_auto",
    11: "p11_matmul_iterate",
    12: "p12_tque_as_bind",
    13: "p13_jit_options",
}
