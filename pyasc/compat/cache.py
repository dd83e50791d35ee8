"""`asc.runtime.cache`: CANN's file cache of compiled kernels (PYASC_CACHE_DIR, else ~/.pyasc/cache).  The
simulator compiles nothing and so caches nothing, but the cache works as a cache for a program that uses it."""

from __future__ import annotations

import base64
import functools
import hashlib
import os
import uuid
from abc import ABC, abstractmethod
from dataclasses import dataclass

__all__ = ["CacheManager", "CacheOptions", "FileCacheManager", "cache_options", "get_cache_manager",
           "get_file_cache_key", "get_mem_cache_key", "pyasc_key"]


@dataclass(frozen=True)
class CacheOptions:
    home_dir: str = os.getenv("PYASC_HOME", os.path.expanduser("~/"))
    dir: str = os.getenv("PYASC_CACHE_DIR", os.path.join(os.getenv("PYASC_HOME", os.path.expanduser("~/")),
                                                         ".pyasc", "cache"))


cache_options = CacheOptions()


class CacheManager(ABC):
    @abstractmethod
    def get_file(self, filename: str) -> str | None:
        """The path of a cached file, None when it is not cached."""

    @abstractmethod
    def put(self, data: bytes, filename: str, binary: bool = True) -> str:
        """Store a file; returns its path."""


class FileCacheManager(CacheManager):
    """One key's folder of the cache; files are written atomically (a temporary file, then a rename)."""

    def __init__(self, key: str) -> None:
        self.key = key
        if not cache_options.dir:
            raise RuntimeError("Could not create or locate cache dir")
        self.cache_dir = os.path.join(cache_options.dir, key)
        self.lock_path = os.path.join(self.cache_dir, "lock")
        os.makedirs(self.cache_dir, exist_ok=True)

    def _make_path(self, filename: str) -> str:
        return os.path.join(self.cache_dir, filename)

    def has_file(self, filename: str) -> bool:
        return os.path.exists(self._make_path(filename))

    def get_file(self, filename: str) -> str | None:
        return self._make_path(filename) if self.has_file(filename) else None

    def put(self, data: bytes | str, filename: str, binary: bool = True) -> str:
        path = self._make_path(filename)
        tmp = f"{path}.tmp.{os.getpid()}.{uuid.uuid4().hex}"
        if isinstance(data, bytes):
            with open(tmp, "wb") as f:
                f.write(data)
        else:
            with open(tmp, "w", encoding="utf-8") as f:
                f.write(str(data))
        os.replace(tmp, path)
        return path


def get_cache_manager(key: str) -> CacheManager:
    """The cache folder of a hex key (named by its base32, as CANN's)."""
    return FileCacheManager(base64.b32encode(bytes.fromhex(key)).decode("utf-8").rstrip("="))


@functools.lru_cache
def pyasc_key() -> str:
    """What invalidates the cache: here pyasc's version (CANN hashes its own sources and library)."""
    from importlib import metadata

    try:
        version = metadata.version("pyasc")
    except metadata.PackageNotFoundError:
        version = "0"
    return f"pyasc-sim_{version}"


@functools.lru_cache
def get_file_cache_key(fn_cache_key: str, cache_factors: str) -> str:
    return hashlib.sha256(f"{pyasc_key()}__{fn_cache_key}__{cache_factors}".encode()).hexdigest()


@functools.lru_cache
def get_mem_cache_key(cache_factors: str) -> str:
    return hashlib.sha256(cache_factors.encode()).hexdigest()
