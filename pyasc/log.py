"""Compile-time logging: `pyasc.set_log_level(pyasc.LOG_LEVEL.DEBUG)` shows the C++ emitted per statement."""

from __future__ import annotations

import enum
import logging

logger = logging.getLogger("pyasc")


class LOG_LEVEL(enum.IntEnum):  # noqa: N801 - the name users already write
    DEBUG = logging.DEBUG
    INFO = logging.INFO
    WARNING = logging.WARNING
    ERROR = logging.ERROR


def set_log_level(level: LOG_LEVEL | int | str) -> None:
    """Set pyasc's log level; DEBUG prints each Python statement with the C++ it became."""
    if isinstance(level, str):
        level = LOG_LEVEL[level.upper()]
    logger.setLevel(int(level))
    if not logger.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("[pyasc %(levelname)s] %(message)s"))
        logger.addHandler(handler)
