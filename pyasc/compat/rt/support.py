"""`asc.lib.runtime.support`: the runtime's types and enumerations.  The enumerations carry the values of CANN's
runtime (rtGetDeviceInfo's module and info types, the device binary magics, memory types and policies), so a program
that prints or compares them sees CANN's numbers; `Stream` is the simulator's stream and `Memory` a host address."""

from __future__ import annotations

import ctypes
import enum
from dataclasses import dataclass

from ...sim.host import Stream

__all__ = ["CoreType", "DevBinary", "DeviceInfoType", "DeviceModuleType", "Function", "Kernel", "MagicElf",
           "MallocPolicy", "MemcpyKind", "Memory", "MemorySizes", "MemoryType", "MsprofTaskType",
           "ProfilingCommandHandle", "ProfilingValues", "Stream"]

Memory = ctypes.c_void_p
"""A memory handle: on the simulator the address of host memory (`malloc` allocates it on the host)."""
Kernel = ctypes.c_void_p
"""A registered device binary: the simulator runs a kernel's Python instead, so none is ever registered."""
Function = ctypes.c_void_p
"""A registered kernel function of a device binary (see Kernel)."""


class CoreType(enum.Enum):
    """The cores a compiled kernel runs on."""

    AiCore = "AiCore"
    VectorCore = "VectorCore"
    CubeCore = "CubeCore"
    AiCpu = "AiCpu"


class DeviceModuleType(enum.Enum):
    """The part of the device `device_info` asks about (rtGetDeviceInfo's moduleType)."""

    RT_MODULE_TYPE_SYSTEM = 0
    RT_MODULE_TYPE_AICPU = 1
    RT_MODULE_TYPE_CCPU = 2
    RT_MODULE_TYPE_DCPU = 3
    RT_MODULE_TYPE_AICORE = 4
    RT_MODULE_TYPE_TSCPU = 5
    RT_MODULE_TYPE_PCIE = 6
    RT_MODULE_TYPE_VECTOR_CORE = 7
    RT_MODULE_TYPE_HOST_AICPU = 8


class DeviceInfoType(enum.Enum):
    """What `device_info` asks (rtGetDeviceInfo's infoType); INFO_TYPE_CUBE_NUM is the runtime's cube-core query."""

    INFO_TYPE_ENV = 0
    INFO_TYPE_VERSION = 1
    INFO_TYPE_MASTERID = 2
    INFO_TYPE_CORE_NUM = 3
    INFO_TYPE_OS_SCHED = 4
    INFO_TYPE_IN_USED = 5
    INFO_TYPE_ERROR_MAP = 6
    INFO_TYPE_OCCUPY = 7
    INFO_TYPE_ID = 8
    INFO_TYPE_IP = 9
    INFO_TYPE_ENDIAN = 10
    INFO_TYPE_CUBE_NUM = 0x775A5A5A


class DevBinary(ctypes.Structure):
    """rtDevBinary_t: a device binary as the runtime registers it (never registered on the simulator)."""

    _fields_ = [("magic", ctypes.c_uint32), ("version", ctypes.c_uint32), ("data", ctypes.c_char_p),
                ("length", ctypes.c_uint64)]


class MagicElf(enum.Enum):
    """The magic of a device binary per core type (`magic_elf_value`)."""

    RT_DEV_BINARY_MAGIC_ELF = 0x43554245
    RT_DEV_BINARY_MAGIC_ELF_AIVEC = 0x41415246
    RT_DEV_BINARY_MAGIC_ELF_AICUBE = 0x41494343
    RT_DEV_BINARY_MAGIC_ELF_AICPU = 0x41415243


class MemoryType(enum.Enum):
    """Where `malloc` allocates on a device; on the simulator every type is host memory."""

    RT_MEMORY_DEFAULT = 0x0
    RT_MEMORY_HBM = 0x2
    RT_MEMORY_DDR = 0x4
    RT_MEMORY_SPM = 0x8
    RT_MEMORY_P2P_HBM = 0x10
    RT_MEMORY_P2P_DDR = 0x11
    RT_MEMORY_DDR_NC = 0x20
    RT_MEMORY_TS_4G = 0x40
    RT_MEMORY_TS = 0x80
    RT_MEMORY_RESERVED = 0x100
    RT_MEMORY_L1 = 0x10000
    RT_MEMORY_L2 = 0x20000


class MallocPolicy(enum.Enum):
    """The page policy of a device allocation (no effect on host memory)."""

    RT_MEMORY_POLICY_NONE = 0x0
    RT_MEMORY_POLICY_HUGE_PAGE_FIRST = 0x400
    RT_MEMORY_POLICY_HUGE_PAGE_ONLY = 0x800
    RT_MEMORY_POLICY_DEFAULT_PAGE_ONLY = 0x1000
    RT_MEMORY_POLICY_HUGE_PAGE_FIRST_P2P = 0x2000
    RT_MEMORY_POLICY_HUGE_PAGE_ONLY_P2P = 0x4000
    RT_MEMORY_POLICY_DEFAULT_PAGE_ONLY_P2P = 0x8000


class MemcpyKind(enum.Enum):
    """The direction of a `memcpy`; on the simulator every kind copies host bytes."""

    RT_MEMCPY_HOST_TO_HOST = 0
    RT_MEMCPY_HOST_TO_DEVICE = 1
    RT_MEMCPY_DEVICE_TO_HOST = 2
    RT_MEMCPY_DEVICE_TO_DEVICE = 3
    RT_MEMCPY_MANAGED = 4
    RT_MEMCPY_ADDR_DEVICE_TO_DEVICE = 5
    RT_MEMCPY_HOST_TO_DEVICE_EX = 6
    RT_MEMCPY_DEVICE_TO_HOST_EX = 7
    RT_MEMCPY_RESERVED = 8


@dataclass(frozen=True)
class MemorySizes:
    """A core's memory sizes in bytes, as CANN's runtime reports them."""

    l0a_size: int
    l0b_size: int
    l0c_size: int
    l1_size: int
    ub_size: int
    l2_size: int
    l2_page_num: int
    block_size: int
    bank_size: int
    bank_num: int
    burst_in_one_block: int
    bank_group_num: int

    class Handle(ctypes.Structure):
        """The C layout of the sizes."""

        _fields_ = [(name, ctypes.c_uint32) for name in ("l0a_size", "l0b_size", "l0c_size", "l1_size", "ub_size",
                                                           "l2_size", "l2_page_num", "block_size")] + [
            (name, ctypes.c_uint64) for name in ("bank_size", "bank_num", "burst_in_one_block", "bank_group_num")]


class MsprofTaskType(enum.Enum):
    """The task type msprof records for a launch (`msprof_task_type`)."""

    MSPROF_TASK_TYPE_AI_CORE = 0
    MSPROF_TASK_TYPE_AI_CPU = 1
    MSPROF_TASK_TYPE_AIV = 2
    MSPROF_TASK_TYPE_MIX_AIC = 4
    MSPROF_TASK_TYPE_MIX_AIV = 5
    MSPROF_TASK_TYPE_INVALID = 11


class ProfilingValues:
    """The runtime's profiling limits."""

    RT_PROF_MAX_DEV_NUM = 64
    RT_PROF_PATH_LEN_MAX = 1023
    RT_PROF_PARAM_LEN_MAX = 4095


class ProfilingCommandHandle(ctypes.Structure):
    """rtProfCommandHandle_t, which `set_pro_switch` passes to msprof (no profiler device on the simulator: use
    `pyasc.profile()`)."""

    class Type(enum.Enum):
        INIT = 0
        START = 1
        STOP = 2
        FINALIZE = 3
        MODEL_SUBSCRIBE = 4
        MODEL_UNSUBSCRIBE = 5

    class Params(ctypes.Structure):
        _fields_ = [("pathLen", ctypes.c_uint32), ("storageLimit", ctypes.c_uint32), ("profDataLen", ctypes.c_uint32),
                    ("path", ctypes.c_char * (ProfilingValues.RT_PROF_PATH_LEN_MAX + 1)),
                    ("profData", ctypes.c_char * (ProfilingValues.RT_PROF_PARAM_LEN_MAX + 1))]

    _fields_ = [("profSwitch", ctypes.c_uint64), ("profSwitchHi", ctypes.c_uint64), ("devNums", ctypes.c_uint32),
                ("devIdList", ctypes.c_uint32 * ProfilingValues.RT_PROF_MAX_DEV_NUM), ("modelId", ctypes.c_uint32),
                ("type", ctypes.c_uint32), ("cacheFlag", ctypes.c_uint32), ("commandHandleParams", Params)]
