"""The seeded generator of whole programs in CANN's style: `import asc`, 1-3 kernels, a numpy or torch launch.

`generate(seed, count)` is deterministic: program i of a seed comes from `random.Random(f"{seed}:{i}")`, so one
program can be rebuilt alone (`program(seed, i)`) and a change to how one program is drawn leaves the others
as they were.  Each kernel draws its forms (module constants, TQue pipeline or TBuf or explicit LocalTensors,
helpers with tensor slices, default and ConstExpr parameters, tuple results unpacked at once or held in a name,
a Struct parameter, `asc.array`, a loop, manual synchronization with or without automatic synchronization, a
launch whose dtype differs from the kernel's, a launch with torch tensors, a kernel nested in the launching function
or in a function launch() calls) and 1-4 API calls from the spec (apicalls.py); with probability MUTATION_RATE one
call gets an invalid form planted.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pyasc.language import registry

from .apicalls import COUNT, MUTATIONS, Call, candidates, make_call
from .program import Func, Program, Stmt

MUTATION_RATE = 0.3
MAIN_DTYPES = ("float32", "float16", "float32", "int32", "int16")
NP = {"float32": "np.float32", "float16": "np.float16", "int32": "np.int32", "int16": "np.int16",
      "uint8": "np.uint8", "int8": "np.int8", "uint16": "np.uint16", "uint32": "np.uint32"}
TORCH = {"float32": "torch.float32", "float16": "torch.float16", "int32": "torch.int32", "int16": "torch.int16"}
TORCH_RATE = 0.2
"""A kernel's launch with torch tensors instead of numpy arrays."""
NESTED_RATE = 0.15
"""A program whose first kernel is defined inside the launching function (half of them) or inside a function
launch() calls; such a kernel sees module-level names only, as CANN's tests' nested kernels do."""
MAX_PLANT_TRIES = 30
"""Draws after a kernel's calls to find an API the planted form applies to (an enum of another type needs an API with
an enum parameter)."""
SLOT_BYTES = 8  # every slot holds n elements of the widest dtype


@dataclass
class _Kernel:
    """What one kernel's drawing has decided so far."""

    name: str
    rng: random.Random
    forms: set[str]
    main: str
    n: int
    n_expr: str
    body: list[Stmt] = field(default_factory=list)
    params: list[str] = field(default_factory=list)
    launch_args: list[str] = field(default_factory=list)
    helpers: list[Func] = field(default_factory=list)
    declared: dict[tuple[int, str, str], str] = field(default_factory=dict)
    buffers: dict[tuple[int, str], str] = field(default_factory=dict)
    apis: list[str] = field(default_factory=list)
    mutation: str = ""
    results: int = 0


def _tensor(k: _Kernel, slot: int, dtype: str, pos: str = "VECCALC") -> str:
    """The variable of `dtype` in buffer `slot` at `pos`, declared (from its TBuf or as an explicit LocalTensor) on
    first use."""
    key = (slot, dtype, pos)
    if key in k.declared:
        return k.declared[key]
    suffix = "" if pos == "VECCALC" else "_" + pos.lower()
    name = f"t{slot}{suffix}_{dtype}"
    if "explicit" in k.forms:
        k.body.append(Stmt(f"{name} = asc.LocalTensor(dtype=asc.{dtype}, pos=asc.TPosition.{pos}, "
                           f"addr={slot * k.n * SLOT_BYTES}, tile_size={k.n})", "explicit"))
    else:
        buf = k.buffers.get((slot, pos))
        if buf is None:
            buf = k.buffers[(slot, pos)] = f"b{slot}{suffix}"
            k.body.append(Stmt(f"{buf} = asc.TBuf(asc.TPosition.{pos})", "tbuf"))
            k.body.append(Stmt(f"pipe.init_buffer({buf}, {k.n_expr} * {SLOT_BYTES})", "tbuf"))
        k.body.append(Stmt(f"{name} = {buf}.get(asc.{dtype})", "tbuf"))
    k.declared[key] = name
    return name


def _count_expr(k: _Kernel) -> tuple[str, list[Stmt], str]:
    """The count expression calls use, the statements that compute it and the form it exercises."""
    rng, n = k.rng, k.n_expr
    choice = rng.choice(["plain", "plain", "param", "tuple", "tuple_name", "struct", "array", "constexpr"])
    if choice == "param":
        k.params.append("n: int")
        k.launch_args.append(str(k.n))
        return "n", [], "scalar_param"
    if choice in ("tuple", "tuple_name"):
        h = f"split_{k.name}"
        k.helpers.append(Func("@asc.jit", f"def {h}(total: int, parts: int):", (
            Stmt("per = total // parts", "tuple"), Stmt("return per, total - per * (parts - 1)", "tuple")), "tuple"))
        if choice == "tuple":
            return "head", [Stmt(f"head, tail = {h}({n}, 2)", "tuple")], "tuple"
        return "head", [Stmt(f"parts = {h}({n}, 2)", "tuple_name"), Stmt("head, tail = parts", "tuple_name")], \
            "tuple_name"
    if choice == "struct":
        k.params.append("plan: Plan")
        k.launch_args.append(f"Plan(count={k.n // 2}, total={k.n})")
        return "plan.count", [], "struct"
    if choice == "array":
        return "offs[1]", [Stmt("offs = asc.array(asc.int32, 4, fill_value=0)", "array"),
                           Stmt(f"offs[1] = {n} // 2", "array")], "array"
    if choice == "constexpr":
        k.params.append("tile: asc.ConstExpr[int]")
        k.launch_args.append(str(k.n // 2))
        return "tile", [], "constexpr_param"
    return n, [], "base"


def _api_stmt(k: _Kernel, call: Call, count: str) -> Stmt:
    """The call with its tensors and count in place (the tensors declared first), or a call of a helper that
    makes it."""
    tensors = {p: _tensor(k, slot, d, pos) for p, (slot, d, pos) in call.tensors.items()}
    helper = "helper" in k.forms and call.tensors and k.rng.random() < 0.6
    text = call.text
    variants = call.variants
    result = ""
    if text.startswith("@result = "):
        result, text = f"v{k.results}", text[len("@result = "):]
        k.results += 1
    if not helper:
        def fill(t: str) -> str:
            for p in sorted(tensors, key=len, reverse=True):
                t = t.replace(f"@{p}", tensors[p])
            t = t.replace(COUNT, count)
            return (f"{result} = " + t[len("@result = "):]) if t.startswith("@result = ") else \
                (f"{result} = {t}" if result else t)
        return Stmt(fill(text), call.family, tuple(fill(v) for v in variants), api=call.api)
    # helper form: the tensors (and the count) become the helper's parameters
    h = f"h{len(k.helpers)}_{k.name}"
    sliced = k.rng.random() < 0.4
    style = k.rng.choice(["plain", "default", "constexpr", "keyword"])
    count_param = {"plain": "count: int", "default": f"count: int = {k.n}", "constexpr": "count: asc.ConstExpr[int]",
                   "keyword": "count: int"}[style]
    body_text = text.replace(COUNT, "count")
    if result:
        body_text = f"{result} = {body_text}"
    for p in tensors:
        body_text = body_text.replace(f"@{p}", f"p_{p}")
    params = ", ".join(f"p_{p}: asc.LocalTensor" for p in tensors)
    k.helpers.append(Func("@asc.jit", f"def {h}({params}, {count_param}) -> None:",
                          (Stmt(body_text, call.family, api=call.api),), "helper"))
    args = [f"{v}[0:]" if sliced and i == len(tensors) - 1 else v for i, v in enumerate(tensors.values())]
    tag = "helper_slice" if sliced else f"helper_{style}"
    k.forms.add(tag)
    if style == "default" and count == k.n_expr:
        return Stmt(f"{h}({', '.join(args)})", tag, api=call.api)
    if style == "keyword":
        return Stmt(f"{h}({', '.join(args)}, count={count})", tag, api=call.api)
    return Stmt(f"{h}({', '.join(args)}, {count})", tag, api=call.api)


def _kernel(name: str, rng: random.Random, host: random.Random, consts: bool, n: int, apis: list,
            mutate: bool) -> _Kernel:
    forms = {f for f in ("queue", "explicit", "helper", "loop", "manual_sync", "no_auto_sync") if rng.random() < 0.25}
    if "explicit" in forms:
        forms.discard("queue")
    if "no_auto_sync" in forms:
        forms.add("manual_sync")
    main = rng.choice(MAIN_DTYPES)
    k = _Kernel(name, rng, forms, main, n, "N" if consts else str(n))
    k.params = ["x: asc.GlobalAddress", "z: asc.GlobalAddress"]
    launch_dtype = main
    if rng.random() < 0.08:
        launch_dtype = rng.choice([d for d in MAIN_DTYPES if d != main])
        k.forms.add("launch_dtype")
    k.launch_args = [f"np.zeros({k.n_expr}, {NP[launch_dtype]})", f"np.zeros({k.n_expr}, {NP[launch_dtype]})"]
    if host.random() < TORCH_RATE:
        k.forms.add("torch")
        t = TORCH[launch_dtype]
        x_arg = host.choice([f"torch.zeros({k.n_expr}, dtype={t})", f"torch.rand({k.n_expr}).to({t})"]
                           + ([f"torch.rand({k.n_expr}, dtype={t})"] if launch_dtype.startswith("float") else []))
        k.launch_args = [x_arg, f"torch.zeros({k.n_expr}, dtype={t})"]
    head = [Stmt("x_gm = asc.GlobalTensor()"), Stmt(f"x_gm.set_global_buffer(x, {k.n_expr})"),
            Stmt("z_gm = asc.GlobalTensor()"), Stmt(f"z_gm.set_global_buffer(z, {k.n_expr})"),
            Stmt("pipe = asc.TPipe()")]
    k.body.extend(head)
    count, count_stmts, count_form = _count_expr(k)
    k.forms.add(count_form)
    k.body.extend(count_stmts)
    src = _tensor(k, 0, main) if "queue" not in forms else "x_local"
    if "queue" in forms:
        k.body += [Stmt("q_in = asc.TQue(asc.TPosition.VECIN, 1)", "queue"),
                   Stmt(f"pipe.init_buffer(q_in, 1, {k.n_expr} * {SLOT_BYTES})", "queue"),
                   Stmt("q_out = asc.TQue(asc.TPosition.VECOUT, 1)", "queue"),
                   Stmt(f"pipe.init_buffer(q_out, 1, {k.n_expr} * {SLOT_BYTES})", "queue"),
                   Stmt(f"x_local = q_in.alloc_tensor(asc.{main})", "queue")]
    k.body.append(Stmt(f"asc.data_copy({src}, x_gm, {k.n_expr})", "basic.data_copy", api="data_copy"))
    if "queue" in forms:
        k.body += [Stmt("q_in.enque(x_local)", "queue"), Stmt(f"x_local = q_in.deque(asc.{main})", "queue")]
        k.declared[(0, main)] = "x_local"
    if "manual_sync" in forms:
        k.body += [Stmt("asc.set_flag(asc.HardEvent.MTE2_V, 0)", "manual_sync"),
                   Stmt("asc.wait_flag(asc.HardEvent.MTE2_V, 0)", "manual_sync")]
    scalar = rng.choice(["2", "1.5", "SCALE" if consts else "3", "s"])
    if scalar == "s":
        k.params.append("s: float")
        k.launch_args.append("2.0")
        k.forms.add("scalar_param")
    calls: list[Stmt] = []
    planted = rng.choice(MUTATIONS) if mutate else ""
    draws = rng.randint(1, 4)
    for attempt in range(draws + (MAX_PLANT_TRIES if planted else 0)):
        if attempt >= draws and k.mutation:
            break
        call = make_call(rng.choice(apis), rng, main, k.n, scalar, "" if k.mutation else planted)
        if call is None or (attempt >= draws and not call.mutation):
            continue  # past the drawn calls, only a call that takes the planted form is added
        k.mutation = k.mutation or call.mutation
        k.apis.append(call.api)
        calls.append(_api_stmt(k, call, count))
    if "loop" in forms and calls:
        calls = [Stmt("for i in range(2):", "loop", body=tuple(calls))]
    k.body.extend(calls)
    if "manual_sync" in forms:
        k.body += [Stmt("asc.set_flag(asc.HardEvent.V_MTE3, 0)", "manual_sync"),
                   Stmt("asc.wait_flag(asc.HardEvent.V_MTE3, 0)", "manual_sync")]
    out = src
    if "queue" in forms:
        k.body += [Stmt(f"y_local = q_out.alloc_tensor(asc.{main})", "queue"),
                   Stmt(f"asc.data_copy(y_local, x_local, {k.n_expr})", "basic.data_copy", api="data_copy"),
                   Stmt("q_out.enque(y_local)", "queue"), Stmt(f"y_local = q_out.deque(asc.{main})", "queue")]
        out = "y_local"
    k.body.append(Stmt(f"asc.data_copy(z_gm, {out}, {k.n_expr})", "basic.data_copy", api="data_copy"))
    if "queue" in forms:
        k.body += [Stmt("q_out.free_tensor(y_local)", "queue"), Stmt("q_in.free_tensor(x_local)", "queue")]
    return k


def program(seed: int, index: int) -> Program:
    """Program `index` of `seed`."""
    rng = random.Random(f"{seed}:{index}")
    apis = candidates()
    consts = rng.random() < 0.6
    mutate = rng.random() < MUTATION_RATE
    n = rng.choice([128, 256])
    host = random.Random(f"{seed}:{index}:host")  # the torch and nesting draws, apart: other draws stay as they were
    kernels = [_kernel(f"kernel_{i}", rng, host, consts, n, apis, mutate and i == 0)
               for i in range(rng.choice([1, 1, 1, 2, 3]))]
    forms = set().union(*(k.forms for k in kernels)) | ({"const"} if consts else set())
    if len(kernels) > 1:
        forms.add("multi_kernel")
    module = [Stmt("import asc"), Stmt("import numpy as np")]
    if "torch" in forms:
        module.append(Stmt("import torch", "torch"))
    nested = host.random() < NESTED_RATE
    outer = host.choice(["launch", "run"]) if nested else ""
    if nested:
        forms.add("nested_launch" if outer == "launch" else "nested_func")
    if "struct" in forms:
        module.append(Stmt("from asc.language.core.struct import Field, Struct"))
    if consts:
        module += [Stmt("", "const"), Stmt(f"N = {n}", "const"), Stmt("SCALE = 2", "const")]
    if "struct" in forms:
        module += [Stmt("", "struct"), Stmt("", "struct"), Stmt("class Plan(Struct):", "struct", body=(
            Stmt("count = Field(dtype=asc.int32, default=0)", "struct"),
            Stmt("total = Field(dtype=asc.int32, default=0)", "struct")))]
    funcs: list[Func] = []
    launch: list[Stmt] = []
    for i, k in enumerate(kernels):
        funcs.extend(k.helpers)
        deco = "@asc.jit(insert_sync=False)" if "no_auto_sync" in k.forms else "@asc.jit"
        head = f"def {k.name}({', '.join(k.params)}) -> None:"
        grid = k.rng.choice([1, 1, 2, 8])
        call = Stmt(f"{k.name}[{grid}]({', '.join(k.launch_args)})", "launch")
        if not (nested and i == 0):
            funcs.append(Func(deco, head, tuple(k.body)))
            launch.append(call)
            continue
        # the kernel's definition is a statement of the function that launches it (its helpers stay at module level)
        tag = "nested_launch" if outer == "launch" else "nested_func"
        inner = (Stmt(f"{deco}\n{head}", tag, body=tuple(k.body)), call)
        if outer == "launch":
            launch.extend(inner)
        else:
            funcs.append(Func("", f"def run_{k.name}():", inner, tag))
            launch.append(Stmt(f"run_{k.name}()", tag))
    return Program(seed, index, tuple(module), tuple(funcs), tuple(launch), frozenset(forms),
                   tuple(a for k in kernels for a in k.apis), kernels[0].mutation)


def generate(seed: int, count: int) -> list[Program]:
    return [program(seed, i) for i in range(count)]


def api_family(name: str) -> str:
    spec = registry.APIS.get(name)
    return spec.family if spec is not None else "?"
