"""Semantics of the `asc` APIs on the simulator, one module per family prefix of the specification.

`ApiSpec.sim_ref` of `add` is `pyasc.sim.api.basic:add`, of `TQueBind.alloc_tensor` `pyasc.sim.api.fwk:alloc_tensor`,
of `adv.exp` `pyasc.sim.api.adv:exp`.  Each function takes the spec's parameter names as keywords (methods get
`self`); `pyasc.sim.dispatch` binds the user's arguments to the first matching overload before calling it.
"""
