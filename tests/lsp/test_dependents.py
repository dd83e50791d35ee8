"""Fresh across files: an edit of a module (its open buffer, or its file on disk) re-analyzes the open documents
that import it, directly or through other modules, with the open buffers' text winning over the disk."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pytest_lsp import client_capabilities

from .helpers import CONFIG, Doc, RecordingClient, open_doc, span_of, start, until, utf16_range

pytestmark = pytest.mark.asyncio(loop_scope="module")

COMMON = """\
import pyasc as asc

TILE = 128


@asc.jit
def scale_tile(q: asc.TQue, g: asc.GlobalTensor, n: int):
    t = q.alloc_tensor(asc.float32)
    asc.data_copy(t, g, n)
    q.enque(t)
"""

BROKEN = COMMON.replace("n: int):", "n: int, factor: int):")
"""scale_tile with a required parameter more: the call in MAIN lacks it (PA301)."""

MAIN = """\
import pyasc as asc

from common import TILE, scale_tile


@asc.jit
def kernel(x: asc.GlobalAddress, n: int):
    g = asc.GlobalTensor()
    g.set_global_buffer(x, n)
    pipe = asc.TPipe()
    q = asc.TQue(asc.TPosition.VECIN, 1)
    pipe.init_buffer(q, 1, TILE * 4)
    scale_tile(q, g, n)
    t = q.deque(asc.float32)
    q.free_tensor(t)
"""


def codes(client: RecordingClient, doc: Doc) -> list[str] | None:
    """The codes of the latest diagnostics pushed for `doc` (None: nothing pushed yet)."""
    pushed = client.published.get(doc.uri)
    if not pushed:
        return None
    return sorted(str(d.code) for d in pushed[-1].diagnostics)


async def pushed(client: RecordingClient, doc: Doc, want: list[str]) -> None:
    try:
        await until(client, lambda: codes(client, doc) == want)
    except AssertionError:
        raise AssertionError(f"{doc.path.name}: {codes(client, doc)} pushed last, not {want}") from None


def folder(workdir: Path, name: str) -> Path:
    path = workdir / name
    path.mkdir()
    return path


async def test_an_unsaved_edit_of_an_imported_module_reaches_its_importer(vscode: RecordingClient, workdir: Path):
    here = folder(workdir, "direct")
    common = open_doc(vscode, here, "common.py", COMMON)
    main = open_doc(vscode, here, "main.py", MAIN)
    await pushed(vscode, main, [])
    # both first analyses accepted as a whole (their diagnostics may go out early, while the run goes on)
    await until(vscode, lambda: vscode.code_changed[main.uri] >= 1 and vscode.code_changed[common.uri] >= 1)
    common.replace_all(BROKEN)
    await pushed(vscode, main, ["PA301"])
    last = vscode.published[main.uri][-1]
    assert last.version == main.version == 1, "main.py itself was not touched"
    [d] = last.diagnostics
    assert d.range == utf16_range(MAIN, span_of(MAIN, "scale_tile(q, g, n)"))
    assert "factor" in d.message
    # the module's own diagnostics went out first, then its importer's
    own = next(i for i, (uri, p) in enumerate(vscode.sequence) if uri == common.uri and p.version == common.version)
    broken = next(i for i, (uri, p) in enumerate(vscode.sequence)
                  if uri == main.uri and any(d.code == "PA301" for d in p.diagnostics))
    assert own < broken
    common.replace_all(COMMON)
    await pushed(vscode, main, [])
    common.close()
    main.close()


async def test_through_a_module_that_imports_another(vscode: RecordingClient, workdir: Path):
    """a imports scale_tile and TILE from b, which has them from c: an edit of c's buffer reaches a."""
    here = folder(workdir, "transitive")
    (here / "b.py").write_text("from c import TILE, scale_tile\n", encoding="utf-8")
    c = open_doc(vscode, here, "c.py", COMMON)
    a = open_doc(vscode, here, "a.py", MAIN.replace("from common import", "from b import"))
    await pushed(vscode, a, [])
    c.replace_all(BROKEN)
    await pushed(vscode, a, ["PA301"])
    # a constant two modules away, read by the kernel: TILE * 4 bytes no longer fit the Unified Buffer
    c.replace_all(COMMON.replace("TILE = 128", "TILE = 1 << 20"))
    await until(vscode, lambda: "PA301" not in (codes(vscode, a) or ["PA301"]) and codes(vscode, a) != [])
    c.replace_all(COMMON)
    await pushed(vscode, a, [])
    c.close()
    a.close()


async def test_a_change_on_disk_of_a_module_not_open(vscode: RecordingClient, workdir: Path):
    here = folder(workdir, "disk")
    (here / "common.py").write_text(COMMON, encoding="utf-8")
    main = open_doc(vscode, here, "main.py", MAIN)
    await pushed(vscode, main, [])
    (here / "common.py").write_text(BROKEN, encoding="utf-8")
    vscode.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[types.FileEvent(
        uri=(here / "common.py").as_uri(), type=types.FileChangeType.Changed)]))
    await pushed(vscode, main, ["PA301"])
    # a client without a file watcher: saving any document looks at the files read from disk again
    (here / "common.py").write_text(COMMON, encoding="utf-8")
    vscode.text_document_did_save(types.DidSaveTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=main.uri)))
    await pushed(vscode, main, [])
    main.close()


async def test_a_module_created_where_an_import_looked_for_it(vscode: RecordingClient, workdir: Path):
    here = folder(workdir, "created")
    main = open_doc(vscode, here, "main.py", MAIN)
    await until(vscode, lambda: bool(codes(vscode, main)))  # scale_tile is unknown: no module to read it from
    missing = codes(vscode, main)
    (here / "common.py").write_text(BROKEN, encoding="utf-8")
    vscode.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(changes=[types.FileEvent(
        uri=(here / "common.py").as_uri(), type=types.FileChangeType.Created)]))
    await pushed(vscode, main, ["PA301"])
    assert missing != ["PA301"]
    main.close()


async def test_the_buffer_wins_over_the_disk_and_closing_it_falls_back_to_the_disk(vscode: RecordingClient,
                                                                                      workdir: Path):
    here = folder(workdir, "overlay")
    common = open_doc(vscode, here, "common.py", COMMON)
    (here / "common.py").write_text(BROKEN, encoding="utf-8")  # the disk changes, the buffer does not
    main = open_doc(vscode, here, "main.py", MAIN)
    await pushed(vscode, main, [])
    await until(vscode, lambda: codes(vscode, common) is not None)
    common.close()  # now the disk's text is the module's
    await pushed(vscode, main, ["PA301"])
    # open again with the fixed text, unsaved: the buffer wins again
    common = Doc(vscode, here / "common.py", COMMON)
    vscode.text_document_did_open(types.DidOpenTextDocumentParams(text_document=types.TextDocumentItem(
        uri=common.uri, language_id="python", version=1, text=COMMON)))
    await pushed(vscode, main, [])
    # saved: the disk now agrees with the buffer, and nothing changes for main.py
    (here / "common.py").write_text(COMMON, encoding="utf-8")
    before = len(vscode.published[main.uri])
    vscode.text_document_did_save(types.DidSaveTextDocumentParams(
        text_document=types.TextDocumentIdentifier(uri=common.uri)))
    common.replace_all(BROKEN)
    await pushed(vscode, main, ["PA301"])
    assert len(vscode.published[main.uri]) == before + 1, "one re-analysis of main.py, after the edit"
    common.close()
    main.close()


async def test_python_files_are_watched_when_the_client_can_register_it(vscode: RecordingClient):
    await until(vscode, lambda: bool(vscode.registrations))
    [reg] = [r for r in vscode.registrations if r.method == types.WORKSPACE_DID_CHANGE_WATCHED_FILES]
    options = reg.register_options
    watchers = options["watchers"] if isinstance(options, dict) else options.watchers
    globs = [w["globPattern"] if isinstance(w, dict) else w.glob_pattern for w in watchers]
    assert globs == ["**/*.py"]


@pytest_lsp.fixture(config=CONFIG, scope="module")
async def pulling(lsp_client: RecordingClient, workdir: Path):
    """Neovim's capabilities plus workspace/diagnostic/refresh support: a client that pulls."""
    caps = client_capabilities("neovim")
    caps.workspace.diagnostics = types.DiagnosticWorkspaceClientCapabilities(refresh_support=True)
    await start(lsp_client, caps, workdir)
    yield
    await lsp_client.shutdown_session()


async def test_a_pulling_client_is_told_to_pull_again(pulling: RecordingClient, workdir: Path):
    here = folder(workdir, "pull")
    common = open_doc(pulling, here, "common.py", COMMON)
    main = open_doc(pulling, here, "main.py", MAIN)

    async def pull(previous: str | None = None) -> types.DocumentDiagnosticReport:
        return await pulling.text_document_diagnostic_async(types.DocumentDiagnosticParams(
            text_document=types.TextDocumentIdentifier(uri=main.uri), previous_result_id=previous))

    first = await pull()
    assert first.kind == "full" and not first.items
    refreshes = pulling.diagnostic_refresh_count
    common.replace_all(BROKEN)
    await until(pulling, lambda: pulling.diagnostic_refresh_count > refreshes)
    report = await pull(first.result_id)
    assert report.kind == "full" and report.result_id != first.result_id
    assert [d.code for d in report.items] == ["PA301"]
    common.close()
    main.close()


async def test_go_to_definition_lands_in_the_open_buffer_of_the_module(vscode: RecordingClient, workdir: Path):
    here = folder(workdir, "definition")
    moved = COMMON.replace("TILE = 128\n", "TILE = 128\n\n# two lines more above scale_tile, not saved\n\n")
    common = open_doc(vscode, here, "common.py", COMMON)
    main = open_doc(vscode, here, "main.py", MAIN)
    await pushed(vscode, main, [])
    common.replace_all(moved)
    await until(vscode, lambda: any(p.version == common.version for p in vscode.published[common.uri]))
    call = span_of(MAIN, "scale_tile(q, g, n)")
    got = await vscode.text_document_definition_async(types.DefinitionParams(
        text_document=types.TextDocumentIdentifier(uri=main.uri),
        position=types.Position(call.line - 1, call.col + 2)))
    [loc] = got if isinstance(got, list) else [got]
    assert loc.uri == common.uri
    assert loc.range == utf16_range(moved, span_of(moved, "scale_tile", within="def scale_tile"))
    common.close()
    main.close()
