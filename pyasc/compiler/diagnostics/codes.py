"""Every diagnostic code: its name, default severity, summary and a bad and a fixed example.

docs/diagnostics.md is generated from this table and the simulator's findings (`make docs`, which runs
`python -m pyasc.cli.docs`) and a test keeps the two equal, so the documentation can never list a code the compiler
does not have, or miss one.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from .model import Severity

E, W, INFO = Severity.ERROR, Severity.WARNING, Severity.INFO


@dataclass(frozen=True)
class Code:
    """One diagnostic code: its default severity, summary and the bad and fixed examples of the docs."""

    code: str
    name: str
    severity: Severity
    summary: str
    bad: str
    fixed: str
    enabled: bool = True
    """False for opt-in checks (naming conventions)."""

    @property
    def rule(self) -> str:
        """When it is an error and when a warning (the severity policy): RULES, one sentence or two per code."""
        return RULES.get(self.code, ("", False))[0]

    @property
    def either(self) -> bool:
        """True for a code that is an error when the failure is certain with the values known in the file, and a
        warning when it depends on values not known there (one code, the severity per finding: severity_for)."""
        return RULES.get(self.code, ("", False))[1]


_K = "@asc.jit\ndef kernel(x: asc.GlobalAddress):\n"

CODES: dict[str, Code] = {}


def _c(code: str, name: str, sev: Severity, summary: str, bad: str, fixed: str, enabled: bool = True) -> None:
    CODES[code] = Code(code, name, sev, summary, bad.strip("\n"), fixed.strip("\n"), enabled)


# -- syntax ---------------------------------------------------------------------------------------------------------
_c("PA100", "syntax-error", E, "The file is not valid Python.", _K + "    n = (1 + 2\n", _K + "    n = (1 + 2)\n")
_c(
    "PA101", "unsupported-syntax", E,
    "A Python construct that has no Ascend C equivalent inside a jit function (break, continue, try, raise, lambda, "
    "nested def, global, nonlocal, yield, import, async, with, del, class, star arguments, ...).",
    _K + "    for i in range(4):\n        if i == 2:\n            break\n",
    _K + "    for i in range(2):\n        pass\n",
)
_c("PA102", "kernel-returns-value", E, "A kernel (a jit function launched from the host) cannot return a value; "
   "write results to a GlobalTensor.", _K + "    return 1\n", _K + "    return\n")
_c("PA103", "print-in-kernel", E, "print() does not exist on the device; use asc.printf.",
   _K + "    print(\"hello\")\n", _K + "    asc.printf(\"hello\")\n")
_c("PA104", "unsupported-loop", E, "for loops must iterate over range, asc.range or asc.static_range, with no else.",
   _K + "    for v in [1, 2]:\n        pass\n", _K + "    for i in range(2):\n        pass\n")
_c("PA105", "return-in-nested-block", E,
   "return may not appear inside an if/for/while on run-time values (a compile-time if or asc.static_range is "
   "fine: what follows the return is never traced).",
   _K + "    if asc.get_block_idx() == 0:\n        return\n", _K + "    if asc.get_block_idx() != 0:\n        pass\n")
_c("PA106", "chained-bool-op", E, "and/or take exactly two operands; group longer chains with parentheses.",
   _K + "    ok = a and b and c\n", _K + "    ok = (a and b) and c\n")
_c("PA107", "branch-local-variable", E, "A variable first assigned inside a runtime if (or loop) is used after it; "
   "in C++ it would be out of scope.",
   _K + "    if n > 0:\n        m = 1\n    k = m\n", _K + "    m = 0\n    if n > 0:\n        m = 1\n    k = m\n")
_c("PA108", "rebound-type", E, "A name is re-assigned a value of another type inside an if/for/while body (in "
   "straight-line code it becomes a new variable); a compile-time number re-bound inside a loop, or in one branch "
   "only of an if on a run-time condition; a run-time value re-bound to a Python number inside such a body.",
   _K + "    v = 1\n    for i in range(4):\n        v = 2.5\n",
   _K + "    v = 1\n    for i in range(4):\n        w = 2.5\n")
_c("PA109", "unsupported-parameter", E, "Kernel parameters cannot have defaults, *args, **kwargs, be keyword-only "
   "or take the name of an @asc.jit option.",
   "@asc.jit\ndef kernel(x: asc.GlobalAddress, n: int = 4):\n    pass\n",
   "@asc.jit\ndef kernel(x: asc.GlobalAddress, n: int):\n    pass\n")
_c("PA110", "unknown-jit-option", E, "An @asc.jit option that does not exist, or a launch option (core_num, "
   "stream) given to @asc.jit, where CANN's pyasc refuses it at launch.",
   "@asc.jit(autosync=False)\ndef kernel():\n    pass\n", "@asc.jit(auto_sync=False)\ndef kernel():\n    pass\n")
_c("PA111", "unsupported-operator", E, "An operator with no device meaning (`**` or `is` on run-time values, `@`, "
   "chained comparisons); `**` of compile-time numbers is computed.", _K + "    y = n ** 2\n", _K + "    y = n * n\n")
_c("PA112", "static-assert", E, "asc.static_assert or assert whose condition is false, not a bool, or not known "
   "at compile time.",
   "N = 3\n\n\n" + _K + "    asc.static_assert(N % 2 == 0, 'N must be even')\n",
   "N = 4\n\n\n" + _K + "    asc.static_assert(N % 2 == 0, 'N must be even')\n")
_c("PA113", "untraceable-operator", E, "An operator CANN's tracer cannot apply: unary minus of a run-time float "
   "scalar, `~` of a run-time value, `not` of a compile-time value, `and`/`or` between two compile-time values "
   "(the tracer calls them as methods of its run-time values, which a Python bool lacks).",
   _K + "    if x.dtype.is_int() and x.dtype.is_signed():\n        pass\n",
   _K + "    if x.dtype.is_int() & x.dtype.is_signed():\n        pass\n")
_HELPER = "@asc.jit\ndef scale(t: asc.LocalTensor, n: asc.ConstExpr[int]):\n    asc.muls(t, t, 2.0, n)\n\n\n" + _K + \
    "    pipe = asc.TPipe()\n    buf = asc.TBuf(asc.TPosition.VECCALC)\n    pipe.init_buffer(buf, 1024)\n" \
    "    t = buf.get(asc.float32)\n"
_c("PA114", "helper-signature-changes", E, "A jit helper called again in the same kernel with run-time arguments "
   "of other types (a float where the first call passed an int, a tensor of another dtype): CANN's pyasc compiles "
   "a helper once per kernel, from its first call, and the second call does not fit it.",
   _HELPER + "    scale(t, 64)\n    h = buf.get(asc.float16)\n    scale(h, 64)\n",
   _HELPER + "    scale(t, 64)\n    scale(t[64:], 64)\n")
# -- names ----------------------------------------------------------------------------------------------------------
_c("PA201", "unknown-name", E, "A name that is neither a local, a parameter, a module constant nor a jit helper.",
   _K + "    n = lenght * 2\n", _K + "    length = 8\n    n = length * 2\n")
_c("PA202", "unknown-api", E, "asc has no function or class of this name.",
   _K + "    asc.ad(z, x, y, 8)\n", _K + "    asc.add(z, x, y, 8)\n")
_c("PA203", "unknown-attribute", E, "The object has no such method, field or enum member.",
   _K + "    q = asc.TQue(asc.TPosition.VECN, 2)\n", _K + "    q = asc.TQue(asc.TPosition.VECIN, 2)\n")
_c("PA204", "not-generated-yet", E, "The API is known but the code generator does not support it yet.",
   _K + "    asc.adv.softmax(...)\n", _K + "    # compute softmax with reduce_max, sub, exp, reduce_sum and div\n")
_c("PA205", "unknown-dtype", E, "Not an asc dtype.", _K + "    t = q.alloc_tensor(asc.float)\n",
   _K + "    t = q.alloc_tensor(asc.float32)\n")
_c("PA206", "rule-only-api", INFO,
   "An Ascend C API pyasc knows by rule from the Ascend C headers (the name or keyword newer pyasc binds it by) "
   "that CANN's pyasc 1.1.1 lacks: an info, the error of 1.1.1's tracer with `cann_version = \"1.1.1\"`. One per "
   "name per file, the other uses related.",
   _K + "    out = asc.adv.swiglu(z, x, y, 1.0, 256)  # with cann_version = \"1.1.1\"\n",
   _K + "    # CANN 1.1.1: SwiGLU from its parts (muls, exp, adds, div, mul), or set cann_version = \"latest\"\n")
# -- calls ----------------------------------------------------------------------------------------------------------
_c("PA301", "wrong-arity", E, "Too many or too few arguments for every form of the API.",
   _K + "    asc.add(z, x, y)\n", _K + "    asc.add(z, x, y, 256)\n")
_c("PA302", "unknown-keyword", E, "A keyword argument that no form of the API has.",
   _K + "    asc.add(z, x, y, cnt=256)\n", _K + "    asc.add(z, x, y, count=256)\n")
_c("PA303", "wrong-argument-kind", E, "An argument of the wrong kind: an int where a tensor is expected, a float "
   "where an int is, a dtype where an enum is.", _K + "    asc.add(z, x, 1.5, 256)\n",
   _K + "    asc.adds(z, x, 1.5, 256)\n")
_c("PA304", "no-matching-overload", E, "The arguments match no form of the API; the message lists the forms.",
   _K + "    asc.data_copy(x_local, y_local)\n", _K + "    asc.data_copy(x_local, y_local, 256)\n")
_c("PA305", "duplicate-argument", E, "The same parameter is given twice (by position and by keyword).",
   _K + "    asc.add(z, x, y, 256, count=256)\n", _K + "    asc.add(z, x, y, count=256)\n")
_HOST = "@asc.jit\ndef kernel(x: asc.GlobalAddress, y: asc.GlobalAddress, n: int):\n    pass\n\n\n" \
    "def run(a, b):\n    k = asc.Kernel(kernel)\n    k.set_input(0, a)\n    k.set_output(0, b)\n"
_c("PA306", "host-launch-mismatch", E,
   "Host code does not fit the kernel it launches: a `kernel[n](...)` launch with the wrong arguments (an array for "
   "a ConstExpr parameter, core_num or stream as keywords instead of in the brackets, brackets CANN cannot read as "
   "[core_num, stream]), or a seed "
   "host API Kernel whose inputs, outputs and workspaces do not match its GM parameters, whose set_attr names no "
   "parameter, or whose set_tiling gives the wrong number of values after the block dim.",
   _HOST + "    k.set_tiling([8])\n    asc.Stream().launch(k)\n",
   _HOST + "    k.set_tiling([8, 256])\n    asc.Stream().launch(k)\n")
_c("PA307", "struct-ir-handle-argument", W,
   "One positional argument more than a parameter struct has fields: CANN's pyasc binds it to the constructor's "
   "internal IR handle and builds nothing, so the call writes no C++ and its result cannot be used.",
   _K + "    asc.Nz2NdParamsFull(1, 16, 16, 0, 16, 16, 0, 1)\n",
   _K + "    p = asc.Nz2NdParamsFull(1, 16, 16, 0, 16, 16, 0)\n    asc.data_copy(x_gm, y_local, p)\n")
_c("PA308", "cann-enum-spelling", W,
   "An enum member CANN's pyasc writes as another Ascend C enumerator: its translation writes the enumerator of "
   "the member's value, and Ascend C numbers the members differently (CacheMode.CACHE_MODE_NORMAL is 0, which is "
   "CACHE_MODE_DISABLE in Ascend C).",
   _K + "    x_gm.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_NORMAL)\n",
   _K + "    x_gm.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)  # Ascend C's CACHE_MODE_NORMAL\n")
_c("PA309", "cann-untranslated-enum", E,
   "An enum member CANN's translation has no C++ for (CacheMode.CACHE_MODE_LAST and CACHE_MODE_PERSISTENT in "
   "set_l2_cache_hint): CANN's pyasc rejects the kernel.",
   _K + "    x_gm.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_LAST)\n",
   _K + "    x_gm.set_l2_cache_hint(asc.CacheMode.CACHE_MODE_DISABLE)\n")
_c("PA310", "compile-time-literal", E,
   "An argument CANN's pyasc takes only as a Python value known at compile time, from a fixed set: is_set_mask is "
   "True or False (CANN's dispatcher matches a Python bool only, so 1 matches no form of the API), and "
   "scalar_get_sff_value's count_value is 0 or 1 (a run-time value or any other number raises).",
   _K + "    asc.adds(z, x, 2.0, 128, 1, params, is_set_mask=1)\n",
   _K + "    asc.adds(z, x, 2.0, 128, 1, params, is_set_mask=True)\n")
# -- dtypes ---------------------------------------------------------------------------------------------------------
_c("PA311", "array-index-out-of-range", E,
   "An asc.array element read or written at an index known to be outside it (the index and the length are both "
   "known): CANN's pyasc loads or stores there anyway, and the device accesses memory that is not the array's.",
   _K + "    offs = asc.array(asc.int32, 4, fill_value=0)\n    offs[4] = 1\n",
   _K + "    offs = asc.array(asc.int32, 4, fill_value=0)\n    offs[3] = 1\n")
_c("PA401", "dtype-mismatch", E, "Operands that must share a dtype do not (Add's dst, src0, src1).",
   _K + "    a = qa.alloc_tensor(asc.float16)\n    b = qb.alloc_tensor(asc.float32)\n    asc.add(a, a, b, 256)\n",
   _K + "    a = qa.alloc_tensor(asc.float16)\n    b = qb.alloc_tensor(asc.float16)\n    asc.add(a, a, b, 256)\n")
_c("PA402", "dtype-not-supported", E, "The API does not accept this dtype (Add takes float16, float32, int16, int32).",
   _K + "    a = q.alloc_tensor(asc.int8)\n    asc.add(a, a, a, 256)\n",
   _K + "    a = q.alloc_tensor(asc.int16)\n    asc.add(a, a, a, 256)\n")
_c("PA403", "dtype-conflict", E, "Inference gives one value two dtypes; the message and related information name "
   "both sites.",
   _K + "    g.set_global_buffer(x)\n    a = qa.alloc_tensor(asc.float16)\n    b = qb.alloc_tensor(asc.float32)\n"
   "    asc.data_copy(a, g, 256)\n    asc.data_copy(b, g, 256)\n",
   _K + "    g.set_global_buffer(x)\n    a = qa.alloc_tensor(asc.float16)\n    b = qb.alloc_tensor(asc.float16)\n"
   "    asc.data_copy(a, g, 256)\n    asc.data_copy(b, g, 256)\n")
_c("PA404", "integer-true-division", W, "`/` between integers: between run-time values CANN's pyasc divides "
   "integers, between compile-time values it gives Python's float; say which you mean with `//` (or float()).",
   _K + "    tiles = n / 8\n", _K + "    tiles = n // 8\n")
_c("PA405", "scalar-dtype", W, "A scalar argument does not fit the tensor's dtype (a float on an integer tensor); "
   "it is converted.", _K + "    asc.adds(a_i32, a_i32, 0.5, 256)\n", _K + "    asc.adds(a_i32, a_i32, 1, 256)\n")
_c("PA406", "generic-dtype", Severity.INFO,
   "A GlobalAddress whose dtype nothing constrains, neither the kernel's code nor a launch in the file; the kernel "
   "is emitted as a template instantiated with DTYPE (float unless -DDTYPE=... is given).",
   _K + "    g = asc.GlobalTensor()\n    g.set_global_buffer(x)\n",
   _K + "    g = asc.GlobalTensor()\n    g.set_global_buffer(x)\n    t = q.alloc_tensor(asc.float32)\n"
   "    asc.data_copy(t, g, 64)\n")
_c("PA407", "constexpr-default", Severity.INFO,
   "A ConstExpr parameter with no value from `pyasc --const NAME=VALUE` or from a launch in the file with a "
   "literal value: the generated C++ uses the default (1, 1.0, False; DTYPE for a DataType), and the capacity "
   "checks do not know it.",
   "@asc.jit\ndef kernel(x: asc.GlobalAddress, n: asc.ConstExpr[int]):\n    asc.printf('%d', n)\n",
   "@asc.jit\ndef kernel(x: asc.GlobalAddress, n: asc.ConstExpr[int]):\n    asc.printf('%d', n)\n\n\n"
   "def launch(x):\n    kernel[1](x, 256)\n")
# -- memory and positions -------------------------------------------------------------------------------------------
_c("PA501", "wrong-memory", E, "A tensor is in the wrong memory: a vector op on a GlobalTensor, a LocalTensor "
   "where the API takes a GlobalTensor.", _K + "    asc.add(z_gm, x_gm, y_gm, 256)\n",
   _K + "    asc.add(z_local, x_local, y_local, 256)\n")
_c("PA502", "wrong-position", E, "A LocalTensor in a position the API cannot use (vector ops need VECIN, VECOUT or "
   "VECCALC).", _K + "    q = asc.TQue(asc.TPosition.A1, 1)\n    ...\n    asc.exp(t, t, 256)\n",
   _K + "    q = asc.TQue(asc.TPosition.VECIN, 1)\n    ...\n    asc.exp(t, t, 256)\n")
_c("PA503", "deque-without-enque", E, "deque from a queue no enque reaches (through the helpers it calls too): it "
   "waits forever on the device. "
   "With insert_sync (which replaces every enque and deque) a deque from a queue with no alloc_tensor is an error.",
   _K + "    t = q.deque(asc.float32)\n",
   _K + "    t = q.alloc_tensor(asc.float32)\n    q.enque(t)\n    t = q.deque(asc.float32)\n")
_c("PA504", "free-to-other-queue", E, "A tensor is freed to (or enqueued to) a queue other than the one it was "
   "allocated from.", _K + "    t = qa.alloc_tensor(asc.float32)\n    qb.free_tensor(t)\n",
   _K + "    t = qa.alloc_tensor(asc.float32)\n    qa.free_tensor(t)\n")
_c("PA505", "second-tpipe", E, "Only one TPipe may exist per kernel.",
   _K + "    pipe = asc.TPipe()\n    pipe2 = asc.TPipe()\n", _K + "    pipe = asc.TPipe()\n")
_c("PA506", "queue-not-initialized", E, "A queue's alloc_tensor or deque, or a TBuf's get or get_with_offset, before "
   "pipe.init_buffer gave it memory: its tensors overwrite whatever the Unified Buffer holds there.",
   _K + "    q = asc.TQue(asc.TPosition.VECIN, 1)\n    t = q.alloc_tensor(asc.float32)\n",
   _K + "    q = asc.TQue(asc.TPosition.VECIN, 1)\n    pipe.init_buffer(q, 1, 1024)\n"
   "    t = q.alloc_tensor(asc.float32)\n")
_c("PA507", "insert-sync-unplaceable", E, "insert_sync (implied by a LocalTensorAuto) enqueues a tensor inside a loop "
   "or branch and dequeues it before its next use; when that use is inside another loop or branch that does not hold "
   "the enqueue, CANN's compiler cannot place the pair and rejects the kernel.",
   _K + "    acc = asc.LocalTensorAuto(asc.float32, 256)\n    for i in range(4):\n"
   "        asc.data_copy(acc, x_gm, 256)\n    if asc.get_block_idx() > 0:\n"
   "        asc.muls(acc, acc, 0.5, 256)\n",
   _K + "    acc = asc.LocalTensorAuto(asc.float32, 256)\n    for i in range(4):\n"
   "        asc.data_copy(acc, x_gm, 256)\n    asc.muls(acc, acc, 1.0, 256)\n"
   "    if asc.get_block_idx() > 0:\n        asc.muls(acc, acc, 0.5, 256)\n")
_c("PA508", "cann-writes-nothing", W,
   "A form CANN's pyasc accepts but writes no C++ for, which Ascend C does not have either (load_data from a "
   "GlobalTensor with 3D parameters: CANN's 3D loads read L1 only): the call does nothing on the device.",
   _K + "    asc.load_data(a1_local, x_gm, asc.LoadData3DParamsV2Pro(16, False, False, False, False, False, 0, 1))\n",
   _K + "    asc.load_data(a1_local, x_gm, asc.LoadData2DParams(0, 4, 0, 0, 0, False, 0))\n")
_c("PA509", "no-ascendc-overload", E,
   "A form CANN's pyasc accepts and writes as it stands but no Ascend C header declares (data_copy from Global "
   "Memory to Global Memory): bisheng rejects the kernel.",
   _K + "    asc.data_copy(y_gm, x_gm, 256)\n",
   _K + "    t = que.alloc_tensor(asc.float16)\n    asc.data_copy(t, x_gm, 256)\n    asc.data_copy(y_gm, t, 256)\n")
_c("PA601", "ub-overflow", E, "The Unified Buffer memory of the kernel (init_buffer of queues and buffers at vector "
   "positions, init_buf_pool, fixed LocalTensors and LocalTensorAutos; through the helpers it calls too, with the "
   "call's sizes, each queue once) exceeds the SoC's: the kernel fails on the device (CANN's compiler does not check "
   "it).",
   _K + "    pipe.init_buffer(q, 2, 128 * 1024)\n", _K + "    pipe.init_buffer(q, 2, 64 * 1024)\n")
_c("PA602", "unaligned-size", W, "A buffer length that is not a multiple of 32 bytes: InitBuffer rounds it up, so "
   "the buffer is larger than written (the simulator says the same). A queue's init_buffer without a length is an "
   "error.",
   _K + "    pipe.init_buffer(q, 2, 100)\n", _K + "    pipe.init_buffer(q, 2, 128)\n")
_c("PA603", "unaligned-offset", E, "An on-chip address or offset that is not a multiple of 32 bytes (a TBuf's "
   "get_with_offset also takes no run-time buf_offset: CANN's pyasc tests its alignment while tracing).",
   _K + "    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 16, 64)\n",
   _K + "    t = asc.LocalTensor(asc.float32, asc.TPosition.VECIN, 32, 64)\n")
_c("PA604", "unaligned-copy", W, "data_copy moves whole 32-byte blocks; this element count is not a whole number of "
   "blocks, and the elements of the last, partial block are not copied (the simulator says the same).",
   _K + "    asc.data_copy(t, g, 10)\n", _K + "    asc.data_copy(t, g, 16)\n")
# -- static bounds (pyasc/compiler/bounds) --
_B = ("@asc.jit\ndef kernel(x: asc.GlobalAddress):\n    pipe = asc.TPipe()\n"
      "    q = asc.TQue(asc.TPosition.VECIN, 1)\n")
_c("PA611", "copy-out-of-bounds", E,
   "A copy (data_copy, data_copy_pad, in any direction) moves more elements than the LocalTensor it reads or "
   "writes holds: its queue buffer or TBuf (init_buffer's length, rounded up to 32 bytes, in the tensor's dtype), "
   "less the offset of a slice. An error when the count, the size and every loop bound involved are known (the "
   "access is out of bounds whenever it runs; the simulator stops there, PS102); a warning when it rests on "
   "constants inside a run-time if or while (it fails whenever that branch runs). Inside a helper imported from "
   "another module (as for PA612 to PA614) the finding goes on the call of it in this file, with the helper's name "
   "and its line, once per call that goes past the end.",
   _B + "    pipe.init_buffer(q, 1, 128)\n    t = q.alloc_tensor(asc.float16)\n    asc.data_copy(t, g, 128)\n",
   _B + "    pipe.init_buffer(q, 1, 256)\n    t = q.alloc_tensor(asc.float16)\n    asc.data_copy(t, g, 128)\n")
_c("PA612", "vector-out-of-bounds", E,
   "A vector instruction's count, or its repeat count, mask and strides (the last element = (repeat_times - 1) * "
   "rep_stride blocks + the highest masked lane at its block stride), runs past a tensor or slice it reads or "
   "writes. The operands and the count are the specification's (reads, writes, extent or count), one rule for "
   "every API; certain and conditional as for PA611 (the simulator stops there, PS102).",
   _B + "    pipe.init_buffer(q, 1, 512)\n    t = q.alloc_tensor(asc.float16)\n    asc.abs(t, t[128:], 256)\n",
   _B + "    pipe.init_buffer(q, 1, 512)\n    t = q.alloc_tensor(asc.float16)\n    asc.abs(t, t[128:], 128)\n")
_c("PA613", "global-out-of-bounds", E,
   "An access of a GlobalTensor outside the elements set_global_buffer gave it: a slice x_gm[offset:] whose offset "
   "plus the count passes the window, typically a loop's last tile (for i in range(n_tiles) with n_tiles * TILE "
   "greater than the window). The message names the iteration. Certain and conditional as for PA611 (the "
   "simulator stops there, PS101).",
   "@asc.jit\ndef kernel(x: asc.GlobalAddress):\n    x_gm.set_global_buffer(x, 1000)\n    for i in range(8):\n"
   "        asc.data_copy(t, x_gm[i * 128:], 128)\n",
   "@asc.jit\ndef kernel(x: asc.GlobalAddress):\n    x_gm.set_global_buffer(x, 1024)\n    for i in range(8):\n"
   "        asc.data_copy(t, x_gm[i * 128:], 128)\n")
_c("PA614", "tbuf-piece-out-of-bounds", E,
   "A TBuf piece that reaches past the TBuf's buffer: get(dtype, len) with len elements of the dtype, or "
   "get_with_offset(size, buf_offset, dtype) with buf_offset bytes plus size elements, more than init_buffer gave "
   "it (rounded up to 32 bytes). The piece is memory of other buffers before any access through it; certain and "
   "conditional as for PA611 (the simulator stops there, PS102).",
   "@asc.jit\ndef kernel(x: asc.GlobalAddress):\n    pipe = asc.TPipe()\n    tb = asc.TBuf(asc.TPosition.VECCALC)\n"
   "    pipe.init_buffer(tb, 1024)\n    w = tb.get_with_offset(128, 768, asc.float32)\n",
   "@asc.jit\ndef kernel(x: asc.GlobalAddress):\n    pipe = asc.TPipe()\n    tb = asc.TBuf(asc.TPosition.VECCALC)\n"
   "    pipe.init_buffer(tb, 1024)\n    w = tb.get_with_offset(64, 768, asc.float32)\n")
# -- synchronization (pyasc/compiler/sync) --------------------------------------------------------------
_M = "@asc.jit(auto_sync=False)\ndef kernel(x: asc.GlobalAddress, z: asc.GlobalAddress):\n    ...\n"
_c("PA551", "read-after-write-race", W,
   "A pipe reads on-chip memory another pipe writes, with no set_flag/wait_flag, barrier or queue between them: "
   "the reader may run before the writer finished (the classic missing MTE2 -> V or V -> MTE3 sync). Found "
   "statically in kernels that synchronize by hand; the fix inserts the missing pair.",
   _M + "    asc.data_copy(t, x_gm, 256)\n    asc.abs(t, t, 256)\n",
   _M + "    asc.data_copy(t, x_gm, 256)\n    asc.set_flag(asc.HardEvent.MTE2_V, 0)\n"
   "    asc.wait_flag(asc.HardEvent.MTE2_V, 0)\n    asc.abs(t, t, 256)\n")
_c("PA552", "write-after-read-race", W,
   "A pipe overwrites on-chip memory another pipe still reads, with nothing ordering the write after the read "
   "(often iteration i+1's copy-in against iteration i's copy-out).",
   _M + "    asc.data_copy(z_gm, t, 256)\n    asc.data_copy(t, x_gm[256:], 256)\n",
   _M + "    asc.data_copy(z_gm, t, 256)\n    asc.set_flag(asc.HardEvent.MTE3_MTE2, 0)\n"
   "    asc.wait_flag(asc.HardEvent.MTE3_MTE2, 0)\n    asc.data_copy(t, x_gm[256:], 256)\n")
_c("PA553", "write-after-write-race", W,
   "Two pipes write the same on-chip bytes with nothing ordering them: which value stays is a matter of timing.",
   _M + "    asc.duplicate(t, 0.0, 256)\n    asc.data_copy(t, x_gm, 256)\n",
   _M + "    asc.duplicate(t, 0.0, 256)\n    asc.set_flag(asc.HardEvent.V_MTE2, 0)\n"
   "    asc.wait_flag(asc.HardEvent.V_MTE2, 0)\n    asc.data_copy(t, x_gm, 256)\n")
_c("PA554", "flag-wrong-pipes", W,
   "A set_flag/wait_flag pair sits between two conflicting accesses but orders another pair of pipes "
   "(MTE3_V where the hazard is MTE2 -> V); the fix names the right HardEvent.",
   _M + "    asc.data_copy(t, x_gm, 256)\n    asc.set_flag(asc.HardEvent.MTE3_V, 0)\n"
   "    asc.wait_flag(asc.HardEvent.MTE3_V, 0)\n    asc.abs(t, t, 256)\n",
   _M + "    asc.data_copy(t, x_gm, 256)\n    asc.set_flag(asc.HardEvent.MTE2_V, 0)\n"
   "    asc.wait_flag(asc.HardEvent.MTE2_V, 0)\n    asc.abs(t, t, 256)\n")
_c("PA555", "flag-never-waited", W,
   "A set_flag no wait_flag of the same event and id ever consumes: the destination pipe is not ordered after it "
   "and the flag stays set.",
   _M + "    asc.data_copy(t, x_gm, 256)\n    asc.set_flag(asc.HardEvent.MTE2_V, 0)\n",
   _M + "    asc.data_copy(t, x_gm, 256)\n    asc.set_flag(asc.HardEvent.MTE2_V, 0)\n"
   "    asc.wait_flag(asc.HardEvent.MTE2_V, 0)\n")
_c("PA556", "wait-never-set", E,
   "A wait_flag with no earlier set_flag of the same event and id on any path: the pipe waits forever.",
   _M + "    asc.wait_flag(asc.HardEvent.MTE2_V, 1)\n",
   _M + "    asc.set_flag(asc.HardEvent.MTE2_V, 1)\n    asc.wait_flag(asc.HardEvent.MTE2_V, 1)\n")
_c("PA557", "event-id-reused", W,
   "set_flag of an event and id that is still set (not yet waited for): the hardware flag is set once, so one "
   "wait consumes both and the second producer is not waited for; wait first, or use another event id.",
   _M + "    asc.set_flag(asc.HardEvent.MTE2_V, 0)\n    asc.set_flag(asc.HardEvent.MTE2_V, 0)\n"
   "    asc.wait_flag(asc.HardEvent.MTE2_V, 0)\n",
   _M + "    asc.set_flag(asc.HardEvent.MTE2_V, 0)\n    asc.set_flag(asc.HardEvent.MTE2_V, 1)\n"
   "    asc.wait_flag(asc.HardEvent.MTE2_V, 0)\n    asc.wait_flag(asc.HardEvent.MTE2_V, 1)\n")
# -- lint -----------------------------------------------------------------------------------------------------------
_c("PA701", "unused-variable", W, "A local variable that is assigned but never read.",
   _K + "    n = 4\n    asc.printf(\"x\")\n", _K + "    asc.printf(\"x\")\n")
_c("PA702", "unused-parameter", W, "A kernel or helper parameter that is never used.",
   "@asc.jit\ndef kernel(x: asc.GlobalAddress, n: int):\n    asc.printf(\"%d\", 1)\n",
   "@asc.jit\ndef kernel(x: asc.GlobalAddress):\n    asc.printf(\"%d\", 1)\n")
_c("PA703", "unused-queue", W, "A queue or buffer that is created (and perhaps initialized) but never used.",
   _K + "    q = asc.TQue(asc.TPosition.VECIN, 1)\n    pipe.init_buffer(q, 1, 256)\n", _K + "    pass\n")
_c("PA704", "naming-convention", W, "Names should be snake_case (kernels, variables) and UPPER_CASE for module "
   "constants. Opt-in: enable with `naming = true` in [tool.pyasc].",
   "@asc.jit\ndef VecAdd(x: asc.GlobalAddress):\n    blockLen = 8\n",
   "@asc.jit\ndef vec_add(x: asc.GlobalAddress):\n    block_len = 8\n", enabled=False)
_c("PA705", "unused-result", W, "The result of a call that has no effect besides its result is discarded.",
   _K + "    q.alloc_tensor(asc.float32)\n", _K + "    t = q.alloc_tensor(asc.float32)\n")
_c("PA706", "helper-compiled-once", W, "A jit helper called again in the same kernel with other ConstExpr values: "
   "CANN's pyasc compiles a helper once per kernel, from its first call, and runs that version for every call "
   "(this analysis compiles one version per value, as the Python reads).",
   _HELPER + "    scale(t, 64)\n    scale(t, 128)\n", _HELPER + "    scale(t, 64)\n    scale(t[64:], 64)\n")
_c("PA707", "loop-counts-down", W, "range() with a negative step in a run-time loop: CANN's pyasc compiles it as "
   "`i < stop` with the step added, so it runs zero times (or without end), and a loop whose constant bounds give "
   "no iteration is removed.", _K + "    for i in range(8, 0, -1):\n        pass\n",
   _K + "    for i in range(8):\n        k = 7 - i\n")
# -- C++ tier and toolchain -----------------------------------------------------------------------------------------
_c("PA801", "cpp-unmapped", E, "A clang or clang-tidy finding in generated code that maps to no single Python "
   "statement; shown on the kernel's def line with the C++ location.", _K + "    ...\n", _K + "    ...\n")
_c("PA802", "toolchain-missing", W, "libclang or clang-tidy is missing or broken; the C++ checks did not run. "
   "The message says what to install.", "(environment without libclang)",
   "pip install 'libclang-ng==22.1.4.2' 'clang-tidy==22.1.8'  # the LLVM wheels pyasc-tools installs")
_c("PA803", "cpp-partial", INFO, "A call to an Ascend C API that the bundled kernel_operator.h models only in part "
   "(a class configured by template arguments it does not check, a SoC-dependent type table, a CPU-debug-only call): "
   "clang checked the call's name and argument types, not every rule of the real API. The message says what is not "
   "modelled. Configure a CANN install (`cann_path`) and its real headers check the call in full.",
   "# no CANN install configured: the bundled header models the Matmul object only in part\n"
   + _K + "    a_type = asc.adv.MatmulType(asc.TPosition.GM, asc.CubeFormat.ND, asc.float32)\n"
   "    mm = asc.adv.Matmul(a_type, a_type, a_type)\n    mm.end()\n",
   "# pyproject.toml\n[tool.pyasc]\ncann_path = \"/usr/local/Ascend/ascend-toolkit/latest\"\n")
_c("PA903", "unreadable-file", E, "The file cannot be read as Python source: unreadable, binary, not valid in its "
   "encoding (UTF-8 unless a coding line says otherwise), or a symbolic link that loops or leads nowhere.",
   "name = 'caf\\xe9'  # saved as Latin-1: byte 0xE9 is not UTF-8",
   "# -*- coding: latin-1 -*-\nname = 'café'  # or save the file as UTF-8")
# -- analysis limits ------------------------------------------------------------------------------------------------
_c("PA901", "internal-error", E, "The analyzer failed on this kernel; other kernels are still checked. Please "
   "report it with the kernel.", _K + "    ...\n", _K + "    ...\n")
_c("PA902", "too-complex", W, "Analysis of this kernel hit its time or size ceiling and stopped; split the kernel.",
   _K + "    # thousands of statements\n", _K + "    helper_a(x)\n    helper_b(x)\n")


# -- severity policy ------------------------------------------------------------------------------------------------
# An error is what certainly goes wrong in some stage of CANN's pipeline (its tracer; bisheng on the C++ it writes;
# the device: a hang, an access outside the memory given, an overflow) with the values known from the file and its
# configuration: constants, literals and compile-time expressions, the literal arguments of a launch in the file, and
# ConstExpr values from `[tool.pyasc] consts` (which `pyasc --const` adds to); a PA407 default is not known. A
# warning is what may go wrong depending on values not known there. Nothing is silenced.
_TRACER = "Error: CANN's tracer rejects the kernel."
_LINT = "Warning always: lint, which never fails a build by itself."
RULES: dict[str, tuple[str, bool]] = {
    "PA100": (_TRACER, False), "PA101": (_TRACER, False), "PA102": (_TRACER, False), "PA103": (_TRACER, False),
    "PA104": (_TRACER, False), "PA105": (_TRACER, False), "PA106": (_TRACER, False), "PA107": (_TRACER, False),
    "PA108": (_TRACER, False), "PA109": (_TRACER, False), "PA110": (_TRACER, False), "PA111": (_TRACER, False),
    "PA112": ("Error: CANN's tracer stops at the failed assertion (or at one it cannot evaluate).", False),
    "PA113": (_TRACER, False), "PA114": (_TRACER, False),
    "PA201": (_TRACER, False), "PA202": (_TRACER, False), "PA203": (_TRACER, False),
    "PA204": ("Error: pyasc cannot write the C++, so the kernel cannot be built.", False),
    "PA205": (_TRACER, False),
    "PA206": ("Info by default (newer pyasc has the API); an error with `cann_version = \"1.1.1\"`, whose tracer "
              "rejects it.", False),
    "PA301": (_TRACER, False), "PA302": (_TRACER, False), "PA303": (_TRACER, False), "PA304": (_TRACER, False),
    "PA305": (_TRACER, False), "PA306": ("Error: CANN's launch (or its host API) rejects the call.", False),
    "PA307": ("Warning: the call builds nothing and the kernel still builds; whether that matters depends on what "
              "the call was meant to do.", False),
    "PA308": ("Warning: the kernel builds and runs, with another cache mode than written.", False),
    "PA309": (_TRACER, False), "PA310": (_TRACER, False),
    "PA311": ("Error: reported only when the index and the length are both known, so the access outside the array "
              "is certain on the device.", False),
    "PA401": ("Error: CANN's tracer or the real Ascend C headers (bisheng on the C++ CANN writes) reject the "
              "dtypes.", False),
    "PA402": ("Error: CANN's tracer or the real Ascend C headers (bisheng on the C++ CANN writes) reject the "
              "dtype.", False),
    "PA403": ("Error: no one dtype fits, so CANN's tracer or bisheng on its C++ rejects one of the uses.", False),
    "PA404": ("Warning always: both divisions are valid; which one is meant is not known from the file.", False),
    "PA405": ("Warning always: the scalar is converted and the kernel runs; whether the conversion loses what "
              "was meant is not known.", False),
    "PA406": ("Info: the kernel builds as a template; nothing goes wrong.", False),
    "PA407": ("Info: the value is not known (so no check that needs it makes an error from it).", False),
    "PA501": ("Error: there is no Ascend C overload for a tensor in that memory (bisheng rejects the C++), or the "
              "unit cannot reach it.", False),
    "PA502": ("Error: the vector unit reaches the Unified Buffer only; a tensor at another position is memory the "
              "operation was not given.", False),
    "PA503": ("Error when no path enqueues to the queue before the deque (a certain hang on the device, the "
              "simulator's PS106), and with insert_sync a queue with no alloc_tensor (CANN rejects it); a warning "
              "when only some paths enqueue (an if on a run-time value, a loop whose count is not known), or in a "
              "function with no TPipe at all (a fragment of API use, which sets nothing up to run).", True),
    "PA504": ("Error: the queue's bookkeeping is corrupted on the device (the simulator's PS107).", False),
    "PA505": ("Error: Ascend C allows one TPipe per kernel.", False),
    "PA506": ("Error when no path gives the queue or TBuf memory before the use (its tensor is memory it was not "
              "given, the simulator's PS107); a warning when only some paths do (an if on a run-time value, a loop "
              "whose count is not known), or in a function with no TPipe at all (a fragment of API use).", True),
    "PA507": ("Error: CANN's compiler rejects the kernel.", False),
    "PA508": ("Warning: the kernel builds and runs; the call does nothing, which may or may not matter.", False),
    "PA509": ("Error: bisheng rejects the C++ CANN writes (no Ascend C header declares the form).", False),
    "PA601": ("Error when the known sizes alone exceed the Unified Buffer and every buffer of the sum is given "
              "memory on every path (certain on the device, the simulator's PS103); a warning when a buffer of the "
              "sum is set up only on some paths. Sizes not known are left out of the sum, never guessed.", True),
    "PA611": ("Error when the copy's count and the tensor's size are known (constants, the launch's literals and "
              "ConstExpr values, loop ranges at their last iteration): the copy certainly leaves the memory given "
              "(the simulator's PS102); a warning when the copy runs only under an if or while on a run-time value.",
              True),
    "PA612": ("Error when the op's count (or repeat, mask and strides) and the operand's size are known: it "
              "certainly reads or writes past the tensor or slice (PS102); a warning when it runs only under an if or "
              "while on a run-time value.", True),
    "PA613": ("Error when the offset, count and window are known (set_global_buffer's length, the launch's array, "
              "the last iteration and the last core): the access is certainly outside the Global Memory given "
              "(PS101); a warning when it runs only under an if or while on a run-time value.", True),
    "PA614": ("Error when the piece's offset and length and the TBuf's init_buffer size are known: the piece "
              "certainly reaches past the buffer (the simulator's PS102 at the call); a warning when it is taken only "
              "under an if or while on a run-time value.", True),
    "PA602": ("Warning for a length that is not a multiple of 32 (InitBuffer rounds it up; nothing goes wrong); an "
              "error for a queue's init_buffer without a length (its buffers have no memory).", False),
    "PA603": ("Error: the hardware addresses on-chip memory in 32-byte blocks, and CANN's tracer rejects a "
              "run-time buf_offset.", False),
    "PA604": ("Warning always: the copy runs as the hardware defines it (no access outside memory); whether the "
              "tail left out matters depends on what the kernel means.", False),
    "PA551": ("Warning: whether the race goes wrong depends on the pipes' timing, not known from the file.", False),
    "PA552": ("Warning: whether the race goes wrong depends on the pipes' timing, not known from the file.", False),
    "PA553": ("Warning: whether the race goes wrong depends on the pipes' timing, not known from the file.", False),
    "PA554": ("Warning: the hazard is unordered, so whether it goes wrong depends on timing.", False),
    "PA555": ("Warning: a flag left set does not stop this kernel; what it orders depends on timing.", False),
    "PA556": ("Error: the wait can never be satisfied, a certain hang on the device (the simulator's PS106).",
              False),
    "PA557": ("Warning: the second producer is unordered, so whether it goes wrong depends on timing.", False),
    "PA701": (_LINT, False), "PA702": (_LINT, False), "PA703": (_LINT, False), "PA704": (_LINT, False),
    "PA705": (_LINT, False), "PA706": (_LINT, False), "PA707": (_LINT, False),
    "PA801": ("Error when clang reports an error in the generated C++ (it does not build); a warning when clang or "
              "clang-tidy reports a warning.", True),
    "PA802": ("Warning: a check of ours did not run; nothing is known to go wrong.", False),
    "PA803": ("Info: a part of the call was not checked; nothing is known to go wrong.", False),
    "PA901": ("Error: the analysis failed, so the kernel is not known to be right and is not built.", False),
    "PA902": ("Warning: the analysis stopped; nothing is known to go wrong.", False),
    "PA903": ("Error: the file cannot be read, so nothing can build it.", False),
}


def severity_for(code: str, certain: bool) -> Severity:
    """The severity of one finding of an either-code: an error when it is certain with the values known in the file,
    a warning when it depends on values not known there (RULES)."""
    assert RULES[code][1], f"{code} has one severity: use CODES[{code!r}].severity"
    return E if certain else W


def docs_markdown() -> str:
    """docs/diagnostics.md, generated."""
    out = [
        "# Diagnostics",
        "",
        "Every finding has a stable code. Suppress one on a line with `# pyasc: ignore[CODE]` (or `# pyasc: ignore`",
        "for all), change a severity in `[tool.pyasc.severity]` (`PA701 = \"error\"`, or `\"off\"`).",
        "C++ findings keep clang's flag or clang-tidy's check name as their code (source `clang` or `clang-tidy`).",
        "",
        "This file is generated by `make docs` (`python -m pyasc.cli.docs`); a test keeps it in step with the code.",
        "",
        "Severity policy: an error is what certainly goes wrong in some stage of CANN's pipeline (its tracer; bisheng",
        "on the C++ it writes; the device: a hang, an access outside the memory given, an overflow) with the values",
        "known from the file and its configuration (constants, literals, compile-time expressions, the literal",
        "arguments of a launch in the file, ConstExpr values from `[tool.pyasc] consts` and `pyasc --const`; a PA407",
        "default is not known); a warning is what may go wrong depending on values not known there. A code marked",
        "\"error or warning\" is an error when its finding is certain and a warning when it is not; each code's rule",
        "says which.",
        "",
        "| code | name | default | summary |",
        "|---|---|---|---|",
    ]
    for c in CODES.values():
        label = "error or warning" if c.either else c.severity.label
        default = label if c.enabled else f"off ({label} when enabled)"
        out.append(f"| [{c.code}](#{c.code.lower()}) | {c.name} | {default} | {c.summary} |")
    for c in CODES.values():
        label = "error or warning" if c.either else c.severity.label
        out += ["", f"## {c.code}", "", f"**{c.name}** ({label}). {c.summary}", "", f"Severity: {c.rule}", "",
                "Bad:", "", "```python", c.bad, "```", "", "Fixed:", "", "```python", c.fixed, "```"]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    sys.stdout.write(docs_markdown())
