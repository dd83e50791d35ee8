"""Semantics of the `asc` APIs on the simulator, one module per API family.

An API's `ApiSpec.sim_ref` is `<family>:<name>` (`basic:add`, `fwk:alloc_tensor` for `TQueBind.alloc_tensor`,
`adv:exp` for `adv.exp`), or `module:function` where the spec names its module itself (`pyasc.sim.api.rule:...`).
`FAMILIES` says which modules implement a family; `pyasc.sim.dispatch.sim_function` finds the function among the
names those modules define (never a name one imports from another), so no module re-exports another's names.  Each
function takes the spec's parameter names as keywords (methods get `self`); `pyasc.sim.dispatch` binds the user's
arguments to the first matching overload before calling it.

Family modules depend on the core (`..state`, `..objects`, `..scalars`) and on the helper modules (`_vec`,
`elementwise`, `cast`, `fractal`), never on each other; `lanes` holds the lockstep forms of the per-core functions.
"""

FAMILIES: dict[str, tuple[str, ...]] = {
    "basic": ("vec_arith", "vec_cmpsel", "vec_reduce", "vec_gather", "gathermask", "sort", "trans5hd", "interp",
              "data_copy", "atomic", "sync", "system", "cube", "sparse", "aipp"),
    "adv": ("adv", "matmul", "matmul_batch", "matmul_config"),
    "core": ("core",),
    "fwk": ("fwk",),
}
"""The spec's family prefix (`ApiSpec.family` up to its first dot) -> the modules of pyasc.sim.api implementing it."""
