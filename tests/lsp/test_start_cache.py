"""Start-up: the byte code kept across starts (pyasc_lsp.codecache) gives the same classes and the same diagnostics,
and the first diagnostics of a start equal those of a later analysis of the same text."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from fuzz.jsonrpc import LspProcess
from fuzz.servers import NO_CPP

from pyasc_lsp import codecache, prefork

from .samples import UNKNOWN_API

PROBE = """
import json
from pyasc_lsp import codecache
cache = codecache.load()
codecache.install()
import lsprotocol.types as t
import pyasc.compiler.pipeline.results  # dataclasses
import pygls.lsp.server
codecache.install_cattrs()
from pygls.protocol import default_converter
c = default_converter()
p = c.structure({"line": 3, "character": 4}, t.Position)
out = {"hits": cache.hits, "missed": cache.missed, "eq": p == t.Position(line=3, character=4), "repr": repr(p),
       "wire": c.unstructure(t.Range(start=p, end=p))}
codecache.save()
print(json.dumps(out))
"""


def probe(env_file: str) -> dict:
    out = subprocess.run([sys.executable, "-c", PROBE], capture_output=True, text=True, check=True,
                         env={**_env(), codecache.ENV: env_file})
    return json.loads(out.stdout.strip().splitlines()[-1])


def _env() -> dict[str, str]:
    import os

    return dict(os.environ)


def test_a_second_start_takes_the_generated_methods_from_the_cache(tmp_path: Path) -> None:
    store = tmp_path / "code.marshal"
    first = probe(str(store))
    assert store.is_file() and first["hits"] == 0 and first["missed"] > 100
    second = probe(str(store))
    # what the first start compiled is found again; the few misses are attrs' per-process hash constants
    assert second["hits"] >= first["missed"] - codecache.RANDOM_MISSES, (first, second)
    assert second["missed"] <= codecache.RANDOM_MISSES
    for key in ("eq", "repr", "wire"):
        assert second[key] == first[key]
    assert second["eq"] is True


def test_a_corrupt_or_missing_cache_file_means_compiling_as_before(tmp_path: Path) -> None:
    store = tmp_path / "code.marshal"
    store.write_bytes(b"\x00not marshal")
    result = probe(str(store))
    assert result["eq"] is True and result["hits"] == 0
    off = probe("0")
    assert off["hits"] == 0 and off["missed"] == 0 and off["eq"] is True


def test_the_cache_keys_include_the_compiler_flags(tmp_path: Path) -> None:
    """The same source compiled under `from __future__ import annotations` and without it are two entries."""
    cache = codecache.CodeCache(tmp_path / "c.marshal")
    src = "def f(x: undefined_name) -> None:\n    pass\n"
    lazy = cache.compile(src, "<t>", "exec", codecache.__future__.annotations.compiler_flag)
    eager = cache.compile(src, "<t>", "exec", 0)
    assert lazy is not eager
    namespace: dict = {}
    exec(lazy, namespace)  # the annotation stays a string: no NameError
    assert namespace["f"].__annotations__["x"] == "undefined_name"


def _first_and_later(root: Path, env: dict[str, str]) -> tuple[list[dict], list[dict]]:
    """The diagnostics of the first publish after a start, and of a later analysis of the same text (an edit and
    its undo)."""
    path = root / "k.py"
    path.write_text(UNKNOWN_API, encoding="utf-8")
    server = LspProcess(root, env=env)
    try:
        server.initialize(root, init_options=NO_CPP)
        uri = path.as_uri()
        server.open(uri, UNKNOWN_API)
        first = server.wait_published(uri, 1)
        end = {"line": 0, "character": 0}
        server.change(uri, 2, [{"range": {"start": end, "end": end}, "text": "\n"}])
        server.wait_published(uri, 2)
        server.change(uri, 3, [{"range": {"start": end, "end": {"line": 1, "character": 0}}, "text": ""}])
        later = server.wait_published(uri, 3)
    finally:
        assert server.close() == 0
    return first, later


def _comparable(diags: list[dict]) -> list[str]:
    return sorted(json.dumps(d, sort_keys=True) for d in diags)


def test_first_diagnostics_of_a_start_equal_a_later_analysis(tmp_path: Path) -> None:
    """With the code cache on (a first start fills it, a second reads it) and with and without the start-up worker,
    the first publish is what a later analysis of the same text publishes."""
    store = str(tmp_path / "code.marshal")
    results = []
    for n, fork in enumerate(["1", "1", "0"]):
        root = tmp_path / f"w{n}"
        root.mkdir()
        env = {codecache.ENV: store, prefork.ENV_SWITCH: fork, prefork.ENV_WAIT: "600"}
        first, later = _first_and_later(root, env)
        assert any(d.get("code") == "PA202" for d in first), first
        assert _comparable(first) == _comparable(later)
        results.append(_comparable([{**d, "message": d["message"].replace(str(root), "ROOT")} for d in first]))
    assert Path(store).is_file()
    assert results[0] == results[1] == results[2]
