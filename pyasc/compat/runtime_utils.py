"""`asc.runtime.utils`: the size of a kernel's dump workspace and CANN's helpers for the files it dumps
(PYASC_DUMP_PATH).  Plain file operations, the same on the simulator."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

__all__ = ["FileUtils", "ONE_CORE_DUMP_SIZE", "TOTAL_DUMP_SIZE"]

ONE_CORE_DUMP_SIZE = 1024 * 1024
"""Bytes of one core's printf / dump_tensor workspace."""
TOTAL_DUMP_SIZE = ONE_CORE_DUMP_SIZE * 75
"""Bytes of a launch's workspace (75 cores' worth)."""


class FileUtils:
    """Create a folder or file with restricted modes, and write a dump into a folder."""

    FILE_FLAG = os.O_WRONLY | os.O_CREAT
    FILE_MODE_640 = 0o640
    FILE_MODE_750 = 0o750

    @staticmethod
    def dump_file(dump_dir: Path | None, name: str, data: str | bytes | Callable[[], str | bytes]) -> None:
        """Write `data` (or what calling it returns) to dump_dir/name; nothing without a dump folder."""
        if dump_dir is None:
            return
        path = Path(dump_dir) / name
        FileUtils.create_file(str(path))
        content = data() if callable(data) else data
        if isinstance(content, str):
            path.write_text(content)
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            raise ValueError(f"Unable to dump file: {path}!")

    @staticmethod
    def create_dir(dump_dir: Path | None, mode: int = FILE_MODE_750) -> None:
        if dump_dir is None or os.path.exists(dump_dir):
            return
        try:
            os.makedirs(dump_dir, mode, exist_ok=True)
        except OSError as e:
            raise RuntimeError(f"Create dir {dump_dir} failed!") from e

    @staticmethod
    def create_file(file_path: str, flag: int = FILE_FLAG, mode: int = FILE_MODE_640) -> None:
        if os.path.exists(file_path):
            return
        try:
            os.close(os.open(file_path, flag, mode))
        except OSError as e:
            raise RuntimeError(f"Create file {file_path} failed!") from e
