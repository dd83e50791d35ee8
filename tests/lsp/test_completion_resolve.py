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
    assert add.documentation is None and add.data is not None and add.detail
    resolved = await vscode.completion_item_resolve_async(add)
    expected = next(i for i in complete("asc.", 1, 4, None).items if i.label == "add")
    value = resolved.documentation.value if hasattr(resolved.documentation, "value") else resolved.documentation
    assert expected.doc and value == expected.doc
    # an item that is not from that list is returned as it came
    other = types.CompletionItem(label="not_an_api", data=10_000)
    assert (await vscode.completion_item_resolve_async(other)).documentation is None
