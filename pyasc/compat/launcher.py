"""`asc.runtime.launcher`: every launch is `Launcher(LaunchOptions(core_num, stream)).run(kernel, name, args)`, as
in CANN, and `run` simulates it; so a program or test that replaces `Launcher.run` (CANN's unit tests patch it to
count launches without a device) replaces the simulation too.  As in CANN, DRY_RUN in the environment skips it."""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..sim.host import Stream
from .memory_handle import MemoryHandle, resolve_memory_handle
from .rt import interface as rt
from .rt.support import CoreType, DeviceInfoType, DeviceModuleType, Function

__all__ = ["LaunchOptions", "Launcher", "MsprofLauncher"]


@dataclass(frozen=True)
class LaunchOptions:
    """`kernel[core_num, stream]`."""

    core_num: int = 0
    stream: Stream | None = None


class MsprofLauncher:
    """Reports launches to msprof on an NPU; on a model (the simulator) it reports nothing, as CANN's does there.
    `pyasc.profile()` profiles simulated launches."""

    def __init__(self, is_model_: bool) -> None:
        self.is_model = is_model_
        self.start_time = 0

    def start(self) -> None:
        return None

    def process(self, kernel_name: str, block_num: int, task_type: int) -> None:
        return None


class Launcher:
    def __init__(self, options: LaunchOptions) -> None:
        self.options = options
        self.msprof = MsprofLauncher(rt.is_model())

    @staticmethod
    def get_core_num(device_id: int | None = None) -> int:
        """The AI core count of the simulated SoC (asc.lib.runtime.device_info)."""
        return rt.device_info(DeviceModuleType.RT_MODULE_TYPE_AICORE, DeviceInfoType.INFO_TYPE_CORE_NUM, device_id)

    @staticmethod
    def expand_kernel_args(args: Any) -> list[np.generic | MemoryHandle]:
        """Arguments as the device receives them: int -> int32, float -> float32, bool -> int8, a struct its packed
        bytes, memory (arrays, tensors, bytes) a MemoryHandle."""
        from ..sim.structs import Struct

        out: list[np.generic | MemoryHandle] = []
        for arg in args:
            if isinstance(arg, bool):
                out.append(np.int8(int(arg)))
            elif isinstance(arg, int):
                out.append(np.int32(arg))
            elif isinstance(arg, float):
                out.append(np.float32(arg))
            elif isinstance(arg, np.generic):
                out.append(arg)
            elif isinstance(arg, Struct):
                out.append(resolve_memory_handle(arg.pack()))
            else:
                out.append(resolve_memory_handle(arg))
        return out

    def launch_kernel(self, function: Function, kernel_args: list[Any], enable_debug: bool, func_name: str,
                      core_type: CoreType) -> None:
        """Launching a registered device function needs an NPU (asc.lib.runtime.launch_kernel)."""
        rt.launch_kernel(function, self.options.core_num, kernel_args)

    def run(self, kernel: Any, function_name: str, user_args: tuple[Any, ...]) -> None:
        """Run the launch `kernel` stands for (a simulator launch, see asc.runtime.jit)."""
        if os.environ.get("DRY_RUN"):
            return
        run = getattr(kernel, "run", None)
        if run is None:
            raise RuntimeError(f"Launcher.run: {type(kernel).__name__} is not a launch of pyasc's simulator (a "
                               "compiled binary needs an NPU): launch the kernel with kernel[core_num](...)")
        run()
