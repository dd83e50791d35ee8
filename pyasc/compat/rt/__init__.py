"""`asc.lib.runtime`: CANN's device runtime, answered by pyasc's simulator (see interface.py for what each call
means here).  The names are those of CANN's package: its interface functions, the types of support.py and
`call_print_interface`."""

from __future__ import annotations

from . import build_utils, interface, print_utils, state, support
from .interface import (
    acl_finalize,
    acl_init,
    c2c_ctrl_addr,
    check_device_handle,
    copy_data_from_device,
    copy_data_to_device,
    create_stream,
    current_device,
    current_platform,
    current_stream,
    current_tick,
    default_device,
    destroy_stream,
    device_count,
    device_info,
    free,
    free_mem,
    get_soc_version,
    is_available,
    is_initialized,
    is_model,
    launch_kernel,
    magic_elf_value,
    malloc,
    memcpy,
    msprof_task_type,
    npu_utils,
    register_device_binary_kernel,
    register_function,
    reset_device,
    set_device,
    set_pro_switch,
    set_soc_version,
    synchronize,
    synchronize_device,
    unregister_device_binary_kernel,
    use_model,
    use_npu,
)
from .print_utils import call_print_interface
from .support import (
    CoreType,
    DeviceInfoType,
    DeviceModuleType,
    Function,
    Kernel,
    Memory,
    MemorySizes,
    MsprofTaskType,
    ProfilingCommandHandle,
    Stream,
)

__all__ = [
    "CoreType", "DeviceInfoType", "DeviceModuleType", "Function", "Kernel", "Memory", "MemorySizes", "MsprofTaskType",
    "ProfilingCommandHandle", "Stream", "acl_finalize", "acl_init", "build_utils", "c2c_ctrl_addr",
    "call_print_interface", "check_device_handle", "copy_data_from_device", "copy_data_to_device", "create_stream",
    "current_device", "current_platform", "current_stream", "current_tick", "default_device", "destroy_stream",
    "device_count", "device_info", "free", "free_mem", "get_soc_version", "interface", "is_available",
    "is_initialized", "is_model", "launch_kernel", "magic_elf_value", "malloc", "memcpy", "msprof_task_type",
    "npu_utils", "print_utils", "register_device_binary_kernel", "register_function", "reset_device", "set_device",
    "set_pro_switch", "set_soc_version", "state", "support", "synchronize", "synchronize_device",
    "unregister_device_binary_kernel", "use_model", "use_npu",
]
