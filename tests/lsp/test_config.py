"""Configuration: [tool.pyasc] of pyproject.toml, initializationOptions and the client's `pyasc` section, in that
order of precedence; invalid settings are shown to the user and the defaults kept."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import client_capabilities

from . import samples
from .helpers import CONFIG, RecordingClient, open_doc, published, start, until

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("project")
    (root / "pyproject.toml").write_text('[tool.pyasc]\nseverity = { PA701 = "error" }\n', encoding="utf-8")
    return root


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def client(lsp_client: RecordingClient, project: Path):
    lsp_client.set_configuration({"socVersion": "Ascend999", "interpreter": "/usr/bin/python3"}, section="pyasc")
    await start(lsp_client, client_capabilities("visual-studio-code"), project,
                init_options={"pyasc": {"cppChecks": False, "severity": {"PA702": "off"}}})
    yield
    await lsp_client.shutdown_session()


def severity_of(diags: object, code: str) -> types.DiagnosticSeverity:
    [d] = [d for d in diags if d.code == code]  # type: ignore[attr-defined]
    return d.severity


async def test_invalid_client_setting_is_shown_and_defaults_kept(client: RecordingClient, project: Path):
    await until(client, lambda: any("Ascend999" in m.message for m in client.messages))
    [msg] = [m for m in client.messages if "Ascend999" in m.message]
    assert msg.type == types.MessageType.Warning
    assert "unknown socVersion 'Ascend999'" in msg.message, "the message names the setting as the user spelled it"
    assert not any("interpreter" in m.message for m in client.messages), "client-side keys are not pyasc settings"
    doc = open_doc(client, project, "k.py", samples.UNUSED)
    diags = await published(client, doc)
    assert diags, "the server still analyzes with the defaults"


async def test_pyproject_severity_applies_then_editor_setting_overrides(client: RecordingClient, project: Path):
    doc = open_doc(client, project, "sev.py", samples.UNUSED)
    diags = await published(client, doc)
    assert severity_of(diags, "PA701") == types.DiagnosticSeverity.Error
    client.set_configuration({"severity": {"PA701": "hint"}}, section="pyasc")
    count = len(client.published[doc.uri])
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    await until(client, lambda: len(client.published[doc.uri]) > count)
    assert severity_of(client.published[doc.uri][-1].diagnostics, "PA701") == types.DiagnosticSeverity.Hint


async def test_pushed_settings_are_validated(client: RecordingClient, project: Path):
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(
        settings={"pyasc": {"cppChecks": "yes", "debounceMs": -4}}))
    await until(client, lambda: any("cppChecks must be true or false" in m.message for m in client.messages))
    assert any("debounceMs must be an integer" in m.message for m in client.messages)


async def test_cpp_tier_off_by_initialization_option(client: RecordingClient, project: Path):
    doc = open_doc(client, project, "nocpp.py", samples.UNUSED)
    await published(client, doc)
    await asyncio.sleep(1.5)  # longer than the C++ tier's delay plus a clang run on this file
    assert not any(d.source in ("clang", "clang-tidy") for d in client.diagnostics[doc.uri])
    assert not any(str(tok).startswith("pyasc-cpp-") for tok in client.progress_reports)


async def test_edited_pyproject_applies_at_the_next_analysis(client: RecordingClient, project: Path):
    sub = project / "sub"
    sub.mkdir()
    pyproject = sub / "pyproject.toml"
    pyproject.write_text('[tool.pyasc]\nseverity = { PA701 = "info" }\n', encoding="utf-8")
    doc = open_doc(client, sub, "k.py", samples.UNUSED)
    assert severity_of(await published(client, doc), "PA701") == types.DiagnosticSeverity.Information
    pyproject.write_text('[tool.pyasc]\nseverity = { PA701 = "error" }\n', encoding="utf-8")
    stamp = pyproject.stat().st_mtime_ns + 1_000_000
    os.utime(pyproject, ns=(stamp, stamp))  # a new modification time even on a coarse-grained filesystem clock
    doc.replace_all(samples.UNUSED)
    assert severity_of(await published(client, doc), "PA701") == types.DiagnosticSeverity.Error


async def test_camel_case_editor_settings_reach_pyasc_config():
    from pyasc_lsp.config import Settings

    settings = Settings()
    assert settings.set_client_settings({"maxKernelMs": 50, "tidyChecks": "-*,bugprone-*", "cannPath": ""}) == []
    cfg, _ = settings.config_for(None)
    assert (cfg.max_kernel_ms, cfg.tidy_checks, cfg.cann_path) == (50, "-*,bugprone-*", None)
    assert settings.set_client_settings({"maxKernelMs": -1}) == [
        "pyasc setting: maxKernelMs must be a positive integer, got -1"]
