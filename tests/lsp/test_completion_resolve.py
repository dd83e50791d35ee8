"""A long completion list (after `asc.`) goes out without its items' documentation, which completionItem/resolve
adds for the item the editor shows: the same documentation a short list carries inline."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from pyasc.compiler.ide.completion import complete
from pyasc_lsp.features import completion

from . import samples
from .helpers import RecordingClient, open_doc, published

pytestmark = pytest.mark.asyncio(loop_scope="module")


async def test_resolve_adds_the_documentation_a_long_list_leaves_out(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "resolve.py", samples.ADD)
    await published(vscode, doc)
    lines = samples.ADD.split("\n")
    line = next(i for i, t in enumerate(lines) if "asc.add(" in t)
    col = lines[line].index("asc.add(") + len("asc.")
    result = await vscode.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=doc.uri), position=types.Position(line, col)))
    assert isinstance(result, types.CompletionList) and len(result.items) > completion.LAZY_DOCS
    add = next(i for i in result.items if i.label == "add")
    assert add.documentation is None and add.detail is None and add.data is not None
    resolved = await vscode.completion_item_resolve_async(add)
    expected = next(i for i in complete("asc.", 1, 4, None).items if i.label == "add")
    value = resolved.documentation.value if hasattr(resolved.documentation, "value") else resolved.documentation
    assert expected.doc and value == expected.doc
    assert expected.detail and resolved.detail == expected.detail
    # an item that is not from that list is returned as it came
    other = types.CompletionItem(label="not_an_api", data=10_000)
    assert (await vscode.completion_item_resolve_async(other)).documentation is None


async def test_a_client_taking_item_defaults_gets_the_edit_range_once(neovim: RecordingClient, workdir: Path):
    doc = open_doc(neovim, workdir, "defaults.py", samples.ADD)  # Neovim pulls diagnostics: none to wait for
    lines = samples.ADD.split("\n")
    line = next(i for i, t in enumerate(lines) if "asc.add(" in t)
    col = lines[line].index("asc.add(") + len("asc.")
    result = await neovim.text_document_completion_async(types.CompletionParams(
        text_document=types.TextDocumentIdentifier(uri=doc.uri), position=types.Position(line, col)))
    assert isinstance(result, types.CompletionList)
    assert result.item_defaults is not None
    assert result.item_defaults.edit_range == types.Range(types.Position(line, col), types.Position(line, col))
    assert all(i.text_edit is None for i in result.items)
    expected = {i.label: i for i in complete("asc.", 1, 4, None).items}
    for item in result.items:  # what each inserts: its label, or the text it carries when that differs
        want = expected[item.label].insert_text or item.label
        assert (item.text_edit_text or item.label) == want
        assert item.text_edit_text is None or item.text_edit_text != item.label
