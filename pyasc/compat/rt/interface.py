"""`asc.lib.runtime.interface`: CANN's device runtime, answered by the simulator.

- One device (0) whose SoC is the one `set_platform` / `set_soc_version` chose; `device_info` reads its core counts
  from pyasc's SoC table (pyasc/language/soc.py).
- Streams are the simulator's (launches finish before they return), so synchronizing waits for nothing.
- Device memory is host memory: `malloc` allocates a host buffer and returns its address, `memcpy` copies bytes.
- Device binaries do not exist (the simulator runs the kernel's Python): registering or launching one raises an
  error that says to launch with `kernel[core_num](...)`, as do the profiling and FFTS entry points.
"""

from __future__ import annotations

import ctypes
from collections.abc import Iterable
from typing import Any, NoReturn

import numpy as np

from ...sim.host import Stream
from .. import platforms
from . import state, support

_ALIGN = 512  # CANN's malloc hands out 512-byte aligned memory


def _no_device(name: str, instead: str = "launch kernels with kernel[core_num](...) or kernel[core_num, stream]"
               "(...)") -> NoReturn:
    raise RuntimeError(f"asc.lib.runtime.{name} works on an Ascend NPU's runtime, which pyasc's simulator does not "
                       f"have: {instead}")


def use_model(custom_lib_prefix: str | None = None) -> None:
    """Run on a model: the simulator (always available)."""
    state.model = True
    state.custom_lib_prefix = custom_lib_prefix


def use_npu(custom_lib_prefix: str | None = None) -> None:
    """An NPU is not available under the simulator: raises, saying how to run there."""
    raise RuntimeError("Backend.NPU needs an Ascend NPU and CANN's runtime; `pyasc run` runs programs on pyasc's "
                       "CPU simulator: use Backend.Model (e.g. `-r Model`), or run the program with CANN's pyasc "
                       "on a machine with an NPU")


def set_soc_version(soc_verison: platforms.Platform) -> None:
    """The SoC later launches simulate (its UB size and core counts)."""
    platform = platforms.Platform(soc_verison)
    state.soc_verison = platform
    from pyasc.sim import jit

    jit.set_default_soc(platforms.simulator_soc(platform))


def get_soc_version() -> platforms.Platform:
    return state.soc_verison


def is_initialized() -> bool:
    """The simulator's runtime needs no initialization: always True."""
    return True


def is_available() -> bool:
    """The simulator needs no library: always True."""
    return True


def is_model() -> bool:
    """Launches run on a model, the simulator: always True."""
    return state.model


def magic_elf_value(core_type: support.CoreType) -> int:
    """The device binary magic of a core type (CANN's values)."""
    if not isinstance(core_type, support.CoreType):
        raise RuntimeError("Core type is not supported!")
    return {support.CoreType.AiCore: support.MagicElf.RT_DEV_BINARY_MAGIC_ELF,
            support.CoreType.VectorCore: support.MagicElf.RT_DEV_BINARY_MAGIC_ELF_AIVEC,
            support.CoreType.CubeCore: support.MagicElf.RT_DEV_BINARY_MAGIC_ELF_AICUBE,
            }.get(core_type, support.MagicElf.RT_DEV_BINARY_MAGIC_ELF_AICPU).value


def msprof_task_type(core_type: support.CoreType) -> int:
    """The msprof task type of a core type (CANN's values)."""
    if not isinstance(core_type, support.CoreType):
        raise RuntimeError("Core type is not supported!")
    kinds = support.MsprofTaskType
    return {support.CoreType.AiCore: kinds.MSPROF_TASK_TYPE_AI_CORE, support.CoreType.VectorCore:
            kinds.MSPROF_TASK_TYPE_AIV, support.CoreType.CubeCore: kinds.MSPROF_TASK_TYPE_AI_CORE,
            }.get(core_type, kinds.MSPROF_TASK_TYPE_AI_CPU).value


def check_device_handle(device_id: int) -> None:
    if isinstance(device_id, int) and not isinstance(device_id, bool) and device_id >= 0:
        return
    raise RuntimeError(f"Device handle should be int >= 0, but '{device_id}' with {type(device_id)} type was given")


def _select(device_id: int | None) -> int:
    if device_id is None:
        return current_device()
    check_device_handle(device_id)
    if device_id >= device_count():
        raise RuntimeError(f"device {device_id} does not exist: pyasc's simulator has {device_count()} device (0)")
    return device_id


def default_device() -> int:
    return 0


def current_device() -> int:
    """The device set by `set_device`, else the default one (0), as CANN selects it on first use."""
    if state.device_id is None:
        state.device_id = default_device()
    return state.device_id


def current_stream(device_id: int | None = None) -> Stream:
    """The device's default stream (one per device, as in CANN)."""
    key = _select(device_id)
    stream = state.streams.get(key)
    if stream is None:
        stream = state.streams[key] = create_stream()
    return stream


def current_platform() -> str:
    """The SoC's name (on an NPU the chip's; here the one `set_platform` chose)."""
    return state.soc_verison.value


def device_count() -> int:
    return 1


def device_info(module_type: support.DeviceModuleType, info_type: support.DeviceInfoType,
                device_id: int | None = None) -> int:
    """What rtGetDeviceInfo answers, for the SoC being simulated: INFO_TYPE_CORE_NUM of RT_MODULE_TYPE_AICORE is
    the AI core count (one cube core each on Ascend910B), of RT_MODULE_TYPE_VECTOR_CORE the vector cores;
    INFO_TYPE_CUBE_NUM the cube cores; INFO_TYPE_ID the device.  Other queries have no value on a simulator."""
    from ...language import soc as socs

    module_type = support.DeviceModuleType(module_type)
    info_type = support.DeviceInfoType(info_type)
    device = _select(device_id)
    soc = socs.find(platforms.simulator_soc(state.soc_verison)) or socs.find(socs.DEFAULT_SOC)
    assert soc is not None
    kinds, modules = support.DeviceInfoType, support.DeviceModuleType
    if info_type == kinds.INFO_TYPE_ID:
        return device
    if info_type == kinds.INFO_TYPE_CUBE_NUM:
        return soc.cube_cores
    if info_type == kinds.INFO_TYPE_CORE_NUM and module_type == modules.RT_MODULE_TYPE_AICORE:
        return soc.cube_cores
    if info_type == kinds.INFO_TYPE_CORE_NUM and module_type == modules.RT_MODULE_TYPE_VECTOR_CORE:
        return soc.vector_cores
    raise RuntimeError(f"device_info({module_type.name}, {info_type.name}) has no value on pyasc's simulator, which "
                       "models the AI cores only: ask INFO_TYPE_CORE_NUM of RT_MODULE_TYPE_AICORE or "
                       "RT_MODULE_TYPE_VECTOR_CORE, INFO_TYPE_CUBE_NUM or INFO_TYPE_ID")


def free_mem() -> None:
    """Release every allocation `malloc` made (no device binary is ever registered)."""
    state.kernels.clear()
    state.allocs.clear()


def reset_device(device_id: int | None = None) -> None:
    """Drop the device's streams; the device is unselected if it was the current one."""
    device = _select(device_id)
    for key in list(state.streams):
        state.streams[key] = None
    if device == state.device_id:
        state.device_id = None


def set_device(device_id: int) -> None:
    check_device_handle(device_id)
    _select(device_id)
    if state.device_id is not None:
        reset_device(state.device_id)
    state.device_id = device_id
    state.streams[device_id] = None


def create_stream(priority: int = 0) -> Stream:
    """A simulator stream (launches on it run in order, synchronously)."""
    return Stream()


def destroy_stream(stream_handle: Stream) -> None:
    return None


def register_device_binary_kernel(kernel_binary: bytes, core_type_id: int) -> support.Kernel:
    _no_device("register_device_binary_kernel")


def unregister_device_binary_kernel(kernel_handle: support.Kernel) -> None:
    _no_device("unregister_device_binary_kernel")


def register_function(kernel_handle: support.Kernel, fn_name: str, mode: int) -> support.Function:
    _no_device("register_function")


def _address(handle: Any) -> int:
    value = handle.value if isinstance(handle, ctypes.c_void_p) else handle
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"expected a memory handle (ctypes.c_void_p or an address), got {type(handle).__name__}")
    return value


def _allocation(address: int, nbytes: int, what: str) -> None:
    """Device addresses are ours (malloc's): a copy touching bytes outside one allocation is refused."""
    for start, buffer in state.allocs.items():
        if start <= address and address + nbytes <= _host_start(buffer) + buffer.nbytes:
            return
    raise RuntimeError(f"memcpy: the {what} range [{address:#x}, +{nbytes}) is not inside memory that "
                       "asc.lib.runtime.malloc allocated")


def _host_start(buffer: np.ndarray) -> int:
    return int(buffer.__array_interface__["data"][0])


_TO_DEVICE = {"RT_MEMCPY_HOST_TO_DEVICE", "RT_MEMCPY_DEVICE_TO_DEVICE", "RT_MEMCPY_ADDR_DEVICE_TO_DEVICE",
              "RT_MEMCPY_HOST_TO_DEVICE_EX"}
_FROM_DEVICE = {"RT_MEMCPY_DEVICE_TO_HOST", "RT_MEMCPY_DEVICE_TO_DEVICE", "RT_MEMCPY_ADDR_DEVICE_TO_DEVICE",
                "RT_MEMCPY_DEVICE_TO_HOST_EX"}


def malloc(size: int, memory_type: support.MemoryType = support.MemoryType.RT_MEMORY_DEFAULT,
           policy: support.MallocPolicy = support.MallocPolicy.RT_MEMORY_POLICY_NONE) -> support.Memory:
    """`size` bytes of host memory, 512-byte aligned, standing for device memory of any type."""
    if size <= 0:
        raise RuntimeError("Malloc size must be greater than 0!")
    buffer = np.zeros(int(size) + _ALIGN, dtype=np.uint8)
    start = _host_start(buffer)
    aligned = -(-start // _ALIGN) * _ALIGN
    state.allocs[aligned] = buffer
    return ctypes.c_void_p(aligned)


def memcpy(mem_dst_handle: support.Memory, dst_nbytes: int, mem_src_handle: support.Memory, src_nbytes: int,
           kind: support.MemcpyKind) -> None:
    """Copy `src_nbytes` bytes; the device side of `kind` must be memory `malloc` returned."""
    if dst_nbytes <= 0 or src_nbytes <= 0:
        raise RuntimeError("Memcopy src and dst size must be greater than 0!")
    if src_nbytes > dst_nbytes:
        raise RuntimeError(f"memcpy: {src_nbytes} bytes do not fit the destination's {dst_nbytes}")
    kind = support.MemcpyKind(kind)
    dst, src = _address(mem_dst_handle), _address(mem_src_handle)
    if kind.name in _TO_DEVICE:
        _allocation(dst, src_nbytes, "destination")
    if kind.name in _FROM_DEVICE:
        _allocation(src, src_nbytes, "source")
    ctypes.memmove(dst, src, src_nbytes)


def copy_data_to_device(src_mem_handle: support.Memory, nbytes: int) -> support.Memory:
    """A new allocation holding a copy of `nbytes` host bytes."""
    handle = malloc(nbytes)
    memcpy(handle, nbytes, src_mem_handle, nbytes, support.MemcpyKind.RT_MEMCPY_HOST_TO_DEVICE)
    return handle


def copy_data_from_device(mem_dst_handle: support.Memory, mem_src_handle: support.Memory, nbytes: int) -> None:
    memcpy(mem_dst_handle, nbytes, mem_src_handle, nbytes, support.MemcpyKind.RT_MEMCPY_DEVICE_TO_HOST)


def launch_kernel(fn_handle: support.Function, block_num: int, args: Iterable[Any], num_args: int | None = None,
                  sm_desc: int | ctypes.c_uint64 | None = None, stream_handle: Stream | None = None) -> None:
    _no_device("launch_kernel")


def synchronize(stream_handle: Stream | None = None, timeout: int = 0) -> None:
    """Launches on the simulator have finished when they return: nothing to wait for."""
    return None


def free(mem_handle: support.Memory) -> None:
    """Release memory `malloc` returned."""
    if state.allocs.pop(_address(mem_handle), None) is None:
        raise RuntimeError(f"free: {_address(mem_handle):#x} is not memory asc.lib.runtime.malloc allocated")


def synchronize_device() -> None:
    return None


def c2c_ctrl_addr() -> int:
    _no_device("c2c_ctrl_addr", "the simulator synchronizes cores itself and passes no FFTS address to kernels")


def set_pro_switch(command_type: support.ProfilingCommandHandle.Type, device_id: int | None = None,
                   conf: int = 0b11111) -> None:
    _no_device("set_pro_switch", "profile simulated launches with `with pyasc.profile():` or kernel[n](..., "
               "profile=True)")


def current_tick() -> int | None:
    """No tick counter (CANN's camodel has one): None, as on an NPU."""
    return None


def acl_init() -> None:
    """Nothing to initialize on the simulator."""
    return None


def acl_finalize() -> None:
    return None


def npu_utils() -> state.NPUUtils:
    """The NPU helpers; as on CANN's Model backend, none of their properties is available."""
    if state.npu_utils is None:
        state.load_lib()
    assert state.npu_utils is not None
    return state.npu_utils
