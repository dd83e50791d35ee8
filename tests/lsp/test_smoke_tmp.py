import pytest
from lsprotocol import types

from tests.lsp.conftest import open_doc, published

pytestmark = pytest.mark.asyncio(loop_scope="module")

async def test_smoke(vscode, workdir):
    doc = open_doc(vscode, workdir, "a.py", "import pyasc as asc\n\n@asc.jit\ndef k(x: asc.GlobalAddress):\n    asc.\n")
    d = await published(vscode, doc)
    print(d)
    r = await vscode.text_document_completion_async(types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=doc.uri), position=types.Position(4, 8)))
    print([i.label for i in r.items][:10])
    g = await vscode.protocol.send_request_async("pyasc/generatedCode", {"textDocument": {"uri": doc.uri}})
    print(g)
    print(vscode.code_changed)
    r = await vscode.text_document_completion_async(types.CompletionParams(text_document=types.TextDocumentIdentifier(uri=doc.uri), position=types.Position(0, 3)))
    print(r and [i.label for i in r.items][:10])
    print(vscode.log_messages)
