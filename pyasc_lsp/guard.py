"""Isolation of feature failures: a handler that raises is logged (and reported to the client's log) and answers
with its fallback, so one broken feature never takes the server or the other features down."""

from __future__ import annotations

import functools
import inspect
import logging
from collections.abc import Callable
from typing import Any, TypeVar

from pygls.exceptions import JsonRpcException

logger = logging.getLogger("pyasc_lsp")

F = TypeVar("F", bound=Callable[..., Any])


def guarded(feature: str, fallback: Any = None) -> Callable[[F], F]:
    """Wrap a handler (sync or async): an exception is logged as "Error in '<feature>'" and `fallback` returned."""

    def wrap(fn: F) -> F:
        if inspect.iscoroutinefunction(fn):

            @functools.wraps(fn)
            async def run_async(*args: Any, **kwargs: Any) -> Any:
                try:
                    return await fn(*args, **kwargs)
                except JsonRpcException:
                    raise  # a deliberate error answer (e.g. an invalid rename)
                except Exception:
                    logger.exception("Error in '%s' handler", feature)
                    return fallback

            return run_async  # type: ignore[return-value]

        @functools.wraps(fn)
        def run(*args: Any, **kwargs: Any) -> Any:
            try:
                return fn(*args, **kwargs)
            except JsonRpcException:
                raise
            except Exception:
                logger.exception("Error in '%s' handler", feature)
                return fallback

        return run  # type: ignore[return-value]

    return wrap
