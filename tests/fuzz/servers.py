"""Starting and stopping the server processes the fuzz and robustness tests drive."""

from __future__ import annotations

from pathlib import Path

from .jsonrpc import LspProcess

NO_CPP = {"pyasc": {"cppChecks": False}}
"""The fuzz targets the front end and the protocol; the C++ tier (clang-tidy) has its own tests."""


def start_server(root: Path, encoding: str, **kwargs: object) -> LspProcess:
    server = LspProcess(root, **kwargs)  # type: ignore[arg-type]
    server.initialize(root, encodings=[encoding], init_options=NO_CPP)
    assert server.encoding == encoding, f"asked for {encoding}, the server chose {server.encoding}"
    return server


def stop_server(server: LspProcess) -> None:
    code = server.close()
    assert not server.protocol_errors, server.protocol_errors
    assert code == 0, f"server exit code {code}; {server.stderr_tail()}"
