"""`asc.lib.runtime.state`: the runtime's module state, which the functions of `asc.lib.runtime` read and set.

On the simulator no runtime library is loaded (`lib` stays None), every launch runs on a model (`model` is True),
no device binary is registered (`kernels` stays empty) and `allocs` holds the host buffers `malloc` made."""

from __future__ import annotations

from typing import Any

from ...sim.host import Stream
from ..platforms import Platform


class RuntimeInterface:
    """CANN's ctypes wrapper of its runtime library (libruntime / libruntime_camodel), built with a C++ compiler
    against CANN.  The simulator runs in this process and needs no such library."""

    def __init__(self, is_model: bool, soc: Platform) -> None:
        raise RuntimeError("asc.lib.runtime.state.RuntimeInterface wraps CANN's runtime library, which pyasc's "
                           "simulator does not use: the functions of asc.lib.runtime answer directly")

    @staticmethod
    def check_error(error: int, fn_name: str) -> None:
        """A runtime call's status: nonzero is an error."""
        if error != 0:
            raise RuntimeError(f"Function {fn_name} returned {error}")

    @classmethod
    def call_from(cls, rt_lib: Any, fn_name: str, *args: Any) -> None:
        raise RuntimeError(f"RuntimeInterface.call_from({fn_name!r}) calls CANN's runtime library, which pyasc's "
                           "simulator does not use")

    def call(self, fn_name: str, *args: Any) -> None:
        self.call_from(None, fn_name, *args)


class NPUUtils:
    """CANN's ACL and msprof helpers of an NPU.  As on CANN's Model backend, the object exists and none of its
    properties is available."""

    def __init__(self, is_model: bool, soc: Platform) -> None:
        self.is_model = is_model
        self.soc = soc

    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(f"NPUUtils.{name} needs an NPU (ACL and msprof); it is not available on pyasc's "
                           "simulator")


model: bool = True
soc_verison: Platform = Platform.Ascend910B1  # CANN's spelling
custom_lib_prefix: str | None = None
device_id: int | None = None
streams: dict[int, Stream | None] = {}
kernels: dict[int, bytes] = {}
allocs: dict[int, Any] = {}
lib: RuntimeInterface | None = None
npu_utils: NPUUtils | None = None


def load_lib() -> None:
    """Nothing to load on the simulator; sets up `npu_utils` as CANN's Model backend does."""
    global npu_utils
    npu_utils = NPUUtils(is_model=model, soc=soc_verison)
