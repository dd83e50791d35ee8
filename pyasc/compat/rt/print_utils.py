"""`asc.lib.runtime.print_utils`: CANN reads a kernel's `printf`/`dump_tensor` output back from the device's dump
workspace through a native library.  On the simulator a kernel prints directly, so there is no workspace to read."""

from __future__ import annotations

from typing import Any

__all__ = ["PRINT_INTERFACE_NAME", "PrintInterface", "build_print_utils", "call_print_interface",
           "load_print_interface", "print_interface"]

PRINT_INTERFACE_NAME = "print_interface"
"""The name of CANN's native print library."""

_REASON = ("a kernel's printf and dump_tensor print directly on pyasc's simulator: there is no device dump "
           "workspace to read back")


class PrintInterface:
    """CANN's reader of the device's dump workspace (needs CANN's libascend_dump)."""

    def __init__(self) -> None:
        raise RuntimeError(f"asc.lib.runtime.print_utils.PrintInterface: {_REASON}")

    def call(self, *args: Any) -> None:
        raise RuntimeError(f"asc.lib.runtime.print_utils.PrintInterface.call: {_REASON}")


print_interface: PrintInterface | None = None


def build_print_utils(obj_name: str, src_file: str, src_dir: str) -> str:
    raise RuntimeError(f"asc.lib.runtime.print_utils.build_print_utils: {_REASON}")


def load_print_interface() -> None:
    raise RuntimeError(f"asc.lib.runtime.print_utils.load_print_interface: {_REASON}")


def call_print_interface(*args: Any) -> None:
    raise RuntimeError(f"asc.lib.runtime.call_print_interface: {_REASON}")
