"""Settings of the server: `[tool.pyasc]` of the nearest pyproject.toml, then initializationOptions, then the
client's `pyasc` section (workspace/configuration or didChangeConfiguration), each layer overriding the last.

Invalid values never stop the server: pyasc.config keeps the default and returns a message, which the server shows
once with window/showMessage.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyasc.config as pyasc_config

CLIENT_ONLY_KEYS = frozenset({"interpreter", "trace", "server"})
"""Keys of the editor's `pyasc` section that configure the client, not the analysis."""

SERVER_KEYS = frozenset({"debounceMs", "cppDelayMs", "warmCache"})
"""Keys read by the server itself (scheduling), not by pyasc.config."""


@dataclass(frozen=True)
class ServerOptions:
    debounce_ms: int = 0
    """Extra quiet time after an edit before the front end runs.  None by default: an edit is analyzed at once when
    nothing is running, and edits arriving during an analysis are coalesced into the next one anyway."""
    cpp_delay_ms: int = 300
    """Quiet time after a front-end result before the (slower) C++ tier starts."""
    warm_cache: bool = True
    """Publish a file's stored diagnostics at open when nothing they depend on changed (features.warm_start)."""


_CAMEL = re.compile(r"(?<=[a-z0-9])([A-Z])")


def _clean(data: Mapping[str, Any] | None) -> dict[str, Any]:
    """Editor settings with unset values (empty strings, nulls) dropped: an empty box means 'not set here'."""
    out: dict[str, Any] = {}
    for key, value in (data or {}).items():
        if value is None or value == "" or key in CLIENT_ONLY_KEYS:
            continue
        out[key] = value
    return out


def _pyasc_key(key: str) -> str:
    """The [tool.pyasc] name of an editor setting: editors spell settings in camelCase (maxKernelMs)."""
    return _CAMEL.sub(lambda m: "_" + m.group(1).lower(), key)


class Settings:
    """Layers of configuration and the Config each document gets; thread-safe (analysis runs in a worker)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._init: dict[str, Any] = {}
        self._client: dict[str, Any] = {}
        self._pyproject: dict[Path, tuple[Path | None, int | None, tuple[pyasc_config.Config, list[str]]]] = {}
        """folder -> (its pyproject.toml, that file's mtime, what it configures)."""
        self._shown: set[str] = set()
        self.options = ServerOptions()

    def set_initialization_options(self, data: Any) -> list[str]:
        section = data.get("pyasc", data) if isinstance(data, Mapping) else {}
        with self._lock:
            self._init = _clean(section if isinstance(section, Mapping) else {})
        return self._refresh()

    def set_client_settings(self, data: Any) -> list[str]:
        with self._lock:
            self._client = _clean(data if isinstance(data, Mapping) else {})
        return self._refresh()

    def forget_pyproject(self) -> None:
        """Drop cached pyproject reads (a pyproject.toml was saved or changed)."""
        with self._lock:
            self._pyproject.clear()

    def _editor_layer(self) -> dict[str, Any]:
        return {**self._init, **self._client}

    @staticmethod
    def _validated(layer: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
        """The layer without its invalid keys (so a bad value falls back to the layer below) and the messages."""
        good: dict[str, Any] = {}
        errors: list[str] = []
        for key, value in layer.items():
            if key == "warmCache":
                if isinstance(value, bool):
                    good[key] = value
                else:
                    errors.append(f"{key} must be true or false, got {value!r}")
                continue
            if key in SERVER_KEYS:
                if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 10_000:
                    good[key] = value
                else:
                    errors.append(f"{key} must be an integer number of milliseconds (0-10000), got {value!r}")
                continue
            name = _pyasc_key(key)
            _, messages = pyasc_config.from_mapping({name: value})
            if messages:
                spelled = re.compile(rf"\b{name}\b")
                errors += ["pyasc setting: " + spelled.sub(key, m) for m in messages]
            else:
                good[name] = value
        return good, errors

    def _refresh(self) -> list[str]:
        """Re-validate the editor layers; returns messages for bad settings, each shown once per content."""
        init, errors = self._validated(self._init)
        client, more = self._validated(self._client)
        with self._lock:
            self._init, self._client = init, client
        layer = {**init, **client}
        self.options = ServerOptions(debounce_ms=layer.get("debounceMs", ServerOptions.debounce_ms),
                                     cpp_delay_ms=layer.get("cppDelayMs", ServerOptions.cpp_delay_ms),
                                     warm_cache=layer.get("warmCache", ServerOptions.warm_cache))
        return self._once(errors + more)

    def _once(self, messages: list[str]) -> list[str]:
        with self._lock:
            fresh = [m for m in messages if m not in self._shown]
            self._shown.update(fresh)
        return fresh

    def reset_shown(self) -> None:
        """Show messages again after the user changed settings (so a still-bad value is reported again)."""
        with self._lock:
            self._shown.clear()

    def analysis_layer(self) -> dict[str, Any]:
        """The editor settings that reach pyasc's Config (the server's own timings left out)."""
        return {k: v for k, v in self._editor_layer().items() if k not in SERVER_KEYS}

    def config_with(self, path: str | None, layer: Mapping[str, Any]) -> pyasc_config.Config | None:
        """The Config `path` gets under the editor `layer`, from its folder's pyproject.toml as already read and still
        current; None when that read is missing or stale.  Shows no message (config_for does that)."""
        base = pyasc_config.Config()
        if path:
            with self._lock:
                cached = self._pyproject.get(Path(path).parent)
            if cached is None or _stamp(cached[0]) != cached[1]:
                return None
            base = cached[2][0]
        return pyasc_config.from_mapping(dict(layer), base)[0]

    def config_for(self, path: str | None) -> tuple[pyasc_config.Config, list[str]]:
        """The Config of a document and any new messages about its pyproject.toml.

        The pyproject.toml read for a folder is kept while its modification time stays the same, so an edit to
        [tool.pyasc] applies at the next analysis without any file watching by the client.
        """
        base = pyasc_config.Config()
        messages: list[str] = []
        if path:
            folder = Path(path).parent
            with self._lock:
                cached = self._pyproject.get(folder)
            if cached is None or _stamp(cached[0]) != cached[1]:
                found = pyasc_config.find_pyproject(folder)
                try:
                    result = pyasc_config.load(folder)
                except Exception as exc:  # an unreadable tree must not stop analysis
                    result = (pyasc_config.Config(), [f"{folder}: cannot read configuration: {exc}"])
                cached = (found, _stamp(found), result)
                with self._lock:
                    self._pyproject[folder] = cached
            base, messages = cached[2]
        layer = {k: v for k, v in self._editor_layer().items() if k not in SERVER_KEYS}
        cfg, _ = pyasc_config.from_mapping(layer, base)
        return cfg, self._once(messages)


def _stamp(path: Path | None) -> int | None:
    """Modification time of a pyproject.toml (None when there is none or it vanished)."""
    if path is None:
        return None
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return None
