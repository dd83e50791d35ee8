"""User configuration: `[tool.pyasc]` in pyproject.toml, overridden by editor settings or CLI flags.

Invalid values never abort: each produces a message and the default is kept, so a typo in a setting cannot switch
the checker off.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from .language import soc

SEVERITY_NAMES = ("error", "warning", "info", "hint", "off")

CANN_VERSIONS = ("1.1.1", "latest")
"""The CANN pyasc releases whose bindings are known: 1.1.1 (the hand-written tables) and `latest`, the newest
bindings we know (1.1.1's, and Ascend C's other APIs by rule: language/api/rule/)."""


@dataclass(frozen=True)
class Config:
    soc_version: str = soc.DEFAULT_SOC
    cann_version: str = "latest"
    """The CANN pyasc the program targets: with `1.1.1` an API known only by rule (which 1.1.1 does not bind) is the
    error that release's tracer gives; with `latest` it is an info."""
    tidy_checks: str | None = None
    """clang-tidy `--checks` syntax; None means pyasc's default set."""
    cann_path: str | None = None
    """Root of a CANN install (else ASCEND_HOME_PATH / ASCEND_TOOLKIT_HOME)."""
    severity: Mapping[str, str] = field(default_factory=dict)
    """Per-code severity override: code -> error|warning|info|hint|off."""
    naming: bool = False
    """Enable the naming-convention check (PA704)."""
    exclude: tuple[str, ...] = ()
    """Glob patterns pyasc-check skips."""
    cpp_checks: bool = True
    """Run the C++ tier (libclang, clang-tidy)."""
    max_kernel_ms: int = 5000
    """Analysis time ceiling per kernel before PA902."""
    consts: Mapping[str, str] = field(default_factory=dict)
    """Values of ConstExpr kernel parameters (`pyasc --const NAME=VALUE`), as written."""

    def key(self) -> tuple[Any, ...]:
        """What a cached analysis depends on."""
        return (self.soc_version, self.cann_version, tuple(sorted(self.severity.items())), self.naming,
                tuple(sorted(self.consts.items())), self.max_kernel_ms)


def from_mapping(data: Mapping[str, Any], base: Config | None = None) -> tuple[Config, list[str]]:
    """Apply settings (pyproject keys with `-` or `_`, or editor camelCase) to `base`; messages for bad ones."""
    cfg = base or Config()
    errors: list[str] = []
    known = {f.name for f in fields(Config)}
    aliases = {"socVersion": "soc_version", "tidyChecks": "tidy_checks", "cannPath": "cann_path",
               "cppChecks": "cpp_checks", "cannVersion": "cann_version"}
    changes: dict[str, Any] = {}
    for raw_key, value in data.items():
        key = aliases.get(raw_key, raw_key.replace("-", "_"))
        if key not in known:
            errors.append(f"unknown setting '{raw_key}' (known: {', '.join(sorted(known))})")
            continue
        if value is None:
            continue
        if key == "soc_version":
            if not isinstance(value, str) or soc.find(value) is None:
                hint = soc.suggest(str(value))
                errors.append(f"unknown soc_version '{value}'" + (f"; did you mean {', '.join(hint)}?" if hint else "")
                              + f" (known: {', '.join(soc.names())})")
                continue
        elif key == "cann_version":
            if value not in CANN_VERSIONS:
                errors.append(f"unknown cann_version {value!r} (known: {', '.join(CANN_VERSIONS)})")
                continue
        elif key in ("tidy_checks", "cann_path"):
            if not isinstance(value, str):
                errors.append(f"{raw_key} must be a string, got {type(value).__name__}")
                continue
        elif key in ("naming", "cpp_checks"):
            if not isinstance(value, bool):
                errors.append(f"{raw_key} must be true or false, got {value!r}")
                continue
        elif key == "max_kernel_ms":
            if not isinstance(value, int) or isinstance(value, bool) or value <= 0:
                errors.append(f"{raw_key} must be a positive integer, got {value!r}")
                continue
        elif key == "exclude":
            if isinstance(value, str):
                value = [value]
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                errors.append(f"{raw_key} must be a list of glob strings")
                continue
            value = tuple(value)
        elif key == "severity":
            if not isinstance(value, Mapping):
                errors.append(f"{raw_key} must be a table of CODE = severity")
                continue
            good = {}
            for code, sev in value.items():
                if sev not in SEVERITY_NAMES:
                    errors.append(f"severity of {code} must be one of {', '.join(SEVERITY_NAMES)}, got {sev!r}")
                else:
                    good[str(code)] = sev
            value = {**cfg.severity, **good}
        changes[key] = value
    return replace(cfg, **changes), errors


def find_pyproject(start: Path) -> Path | None:
    """The nearest pyproject.toml at or above `start` that has a [tool.pyasc] table."""
    here = start if start.is_dir() else start.parent
    for folder in (here, *here.parents):
        candidate = folder / "pyproject.toml"
        if candidate.is_file():
            import tomllib  # imported here: a folder without pyproject.toml (and start-up) needs no TOML parser

            try:
                data = tomllib.loads(candidate.read_text(encoding="utf-8"))
            except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
                continue
            if "pyasc" in data.get("tool", {}):
                return candidate
    return None


def load(start: Path, base: Config | None = None) -> tuple[Config, list[str]]:
    """Configuration for a file or folder: [tool.pyasc] of the nearest pyproject.toml that has one."""
    path = find_pyproject(start)
    if path is None:
        return base or Config(), []
    import tomllib

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        return base or Config(), [f"{path}: cannot read [tool.pyasc]: {exc}"]
    cfg, errors = from_mapping(data.get("tool", {}).get("pyasc", {}), base)
    return cfg, [f"{path}: {e}" for e in errors]
