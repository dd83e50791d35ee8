"""`asc.lib.runtime`: CANN's device runtime, answered by the simulator.  Streams are pyasc host Streams (launches
finish before they return), there is one device, and the SoC is the one `asc.runtime.config.set_platform` chose.
CANN's entry points for device binaries and raw device memory have no meaning without an NPU: calling one raises
an error that says so."""

from __future__ import annotations

from typing import Any

from ..sim.host import Stream
from . import config

__all__ = ["Stream", "acl_finalize", "acl_init", "create_stream", "current_device", "current_platform",
           "current_stream", "default_device", "destroy_stream", "device_count", "get_soc_version", "is_available",
           "is_initialized", "is_model", "reset_device", "set_device", "set_soc_version", "synchronize",
           "synchronize_device", "use_model", "use_npu"]

_STREAMS: dict[int, Stream] = {}

_DEVICE_ONLY = frozenset({
    "magic_elf_value", "msprof_task_type", "device_info", "register_device_binary_kernel",
    "unregister_device_binary_kernel", "register_function", "malloc", "memcpy", "copy_data_to_device",
    "copy_data_from_device", "launch_kernel", "free", "c2c_ctrl_addr", "set_pro_switch", "npu_utils", "free_mem",
    "call_print_interface", "Memory", "Kernel", "Function", "CoreType", "DeviceModuleType", "DeviceInfoType",
    "MemorySizes", "ProfilingCommandHandle", "MsprofTaskType",
})


def use_model(custom_lib_prefix: str | None = None) -> None:
    """Run on the simulator (always available)."""
    config.STATE.backend = config.Backend.Model


def use_npu(custom_lib_prefix: str | None = None) -> None:
    config.set_platform(config.Backend.NPU)


def is_initialized() -> bool:
    return config.STATE.backend is not None


def is_available() -> bool:
    """The simulator needs no library: always True."""
    return True


def is_model() -> bool:
    return True


def default_device() -> int:
    return 0


def current_device() -> int:
    return config.STATE.device_id


def device_count() -> int:
    return 1


def check_device_handle(device_id: int) -> None:
    if not isinstance(device_id, int) or isinstance(device_id, bool) or device_id < 0:
        raise RuntimeError(f"Device handle should be int >= 0, but '{device_id}' with {type(device_id)} type was "
                           "given")


def set_device(device_id: int) -> None:
    check_device_handle(device_id)
    config.STATE.device_id = device_id


def reset_device(device_id: int | None = None) -> None:
    _STREAMS.pop(current_device() if device_id is None else device_id, None)


def current_stream(device_id: int | None = None) -> Stream:
    """The device's default stream (one per device, as in CANN)."""
    key = current_device() if device_id is None else device_id
    check_device_handle(key)
    stream = _STREAMS.get(key)
    if stream is None:
        stream = _STREAMS[key] = Stream()
    return stream


def create_stream(priority: int = 0) -> Stream:
    return Stream()


def destroy_stream(stream_handle: Stream) -> None:
    return None


def synchronize(stream_handle: Stream | None = None, timeout: int = 0) -> None:
    """Launches on the simulator have finished when they return: nothing to wait for."""
    return None


def synchronize_device() -> None:
    return None


def current_platform() -> str:
    return config.STATE.platform.value


def set_soc_version(soc_version: config.Platform) -> None:
    config.STATE.platform = config.Platform(soc_version)


def get_soc_version() -> config.Platform:
    return config.STATE.platform


def current_tick() -> int | None:
    return None


def acl_init() -> None:
    return None


def acl_finalize() -> None:
    return None


def __getattr__(name: str) -> Any:
    if name in _DEVICE_ONLY:
        raise RuntimeError(f"asc.lib.runtime.{name} works on an Ascend NPU's runtime; pyasc's simulator launches "
                           "kernels directly: call kernel[core_num](...) instead")
    raise AttributeError(f"module 'asc.lib.runtime' has no attribute '{name}'")
