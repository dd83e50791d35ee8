"""The reviewed families of disagreement the generated differential finds at the make-test seed, with reasons.

test_generated asserts this list exactly: every disagreement of the fixed seed falls in one family here (by kind
and a pattern over its signature and detail), and every family here has at least one member, so a fix makes an
entry leave and a new kind of disagreement must be reviewed and entered.  At most 10 entries.  Issue 24's points 1
(asc.array), 2 (tuples held in names) and 5 (helper slices, scalar conversions) had families here; they left with
their fixes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .verdict import Outcome


@dataclass(frozen=True)
class Known:
    kind: str
    pattern: str
    """A regular expression searched in `<family> | <detail>` of the outcome."""
    reason: str
    stage: str = ""
    """"bisheng-rejects" for a false-error family whose programs CANN's tracer accepts and bisheng certainly rejects
    (CANN's own C++ compiled against the real Ascend C headers fails): counted apart from the false errors (the
    report's "bisheng rejects" column), as the certain failures the simulator stops are."""

    def matches(self, o: Outcome) -> bool:
        return o.kind == self.kind and re.search(self.pattern, f"{o.family} | {o.detail}") is not None


KNOWN: tuple[Known, ...] = (
    Known("false-error", r"^PA403 basic\.data_copy", "a launch whose arrays have another dtype than the kernel's "
          "local tensors (np.int32 arrays copied into an int16 tensor): the launch fixes the GlobalTensor's dtype "
          "(issue 24 point 4), and CANN's own C++ then holds DataCopy(LocalTensor<int16_t>, GlobalTensor<int32_t>), "
          "which the real Ascend C headers reject (CANN's own C++ of g25_0009, 0010, 0011, 0014 and 0033 compiled "
          "with tests/differential/bisheng.py: no matching DataCopy in each): bisheng would stop it, so ours is an "
          "error", stage="bisheng-rejects"),
    Known("false-error", r"^PA40[12] ", "dtype rules of ours that CANN 1.1.1's tracer does not enforce for that API "
          "(same dtype of dst and src for sqrt, shift_right, adv.xor, ...; int32 for block_reduce_min; uint32 for "
          "bitwise_not): CANN writes C++ the headers reject or that computes in the wrong type; not fixed here "
          "(the rule is per API and needs the cann_only treatment)"),
    Known("false-error", r"^PA502 ", "a vector API given a tensor at a cube position (A1, A2, CO1): CANN's tracer "
          "checks no positions; ours is an error, where the rule of issue 24 ('a program CANN accepts gets no error "
          "from us') asks for at most a warning"),
    Known("calls", r"SoftMax/6|Select/8", "CANN's tracer drops an argument our C++ passes: adv.softmax's temp_buffer "
          "(positional or by keyword: CANN's SoftMax call has no temp buffer), select's scalar-src1 form with mask "
          "and repeat arguments"),
    Known("missed-error", r"No viable candidates|bad_missing", "a call CANN's dispatcher binds to none of its forms "
          "that one of ours binds: select with an int src1 (`2`) where CANN's scalar forms take a float, reduce_max "
          "without src_rep_stride (our count form takes the rest)"),
)
