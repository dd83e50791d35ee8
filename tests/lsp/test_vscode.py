"""The server as VS Code drives it (push diagnostics, UTF-16 positions): both diagnostic tiers, versions, hover,
completion, signature help, navigation, rename, code actions, symbols, inlay hints and the generated-code request."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from lsprotocol import types

from . import samples
from .helpers import RecordingClient, open_doc, published, span_of, until, utf16_range

pytestmark = pytest.mark.asyncio(loop_scope="module")


def tdi(doc: object) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=doc.uri)  # type: ignore[attr-defined]


def at(text: str, needle: str, offset: int = 0, occurrence: int = 0) -> types.Position:
    """The UTF-16 position `offset` characters into the `occurrence`-th `needle`."""
    span = span_of(text, needle, occurrence)
    rng = utf16_range(text, span)
    line = text.split("\n")[span.line - 1]
    return types.Position(rng.start.line, len(line[: span.col + offset].encode("utf-16-le")) // 2)


# -- diagnostics ------------------------------------------------------------------------------------------------------


async def test_unknown_api_at_exact_range_with_code_link(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "unknown_api.py", samples.UNKNOWN_API)
    diags = await published(vscode, doc)
    [d] = [d for d in diags if d.code == "PA202"]
    call = span_of(doc.text, "asc.ad(z_local")
    assert d.range == types.Range(types.Position(call.line - 1, call.col + 4), types.Position(call.line - 1,
                                                                                             call.col + 6))
    assert d.severity == types.DiagnosticSeverity.Error
    assert d.source == "pyasc"
    assert "did you mean 'add'" in d.message
    assert d.code_description is not None
    assert d.code_description.href.startswith("file://")
    assert d.code_description.href.endswith("diagnostics.md#pa202")
    docs_file = Path(d.code_description.href[len("file://"):].split("#")[0])
    assert "## PA202" in docs_file.read_text(encoding="utf-8")


async def test_dtype_conflict_carries_related_information(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "dtype.py", samples.DTYPE_CONFLICT)
    diags = await published(vscode, doc)
    [d] = [d for d in diags if d.code == "PA403"]
    second = span_of(doc.text, "x_gm[i * TILE_LENGTH:]", within="asc.data_copy(y_local, x_gm")
    assert d.range == utf16_range(doc.text, second)
    assert [r.location.uri for r in d.related_information] == [doc.uri, doc.uri]
    wide = span_of(doc.text, "asc.float32", within="y_local = in_queue_y.alloc")
    narrow = span_of(doc.text, "asc.float16", within="x_local = in_queue_x.alloc")
    assert [r.location.range for r in d.related_information] == [utf16_range(doc.text, wide),
                                                                 utf16_range(doc.text, narrow)]
    assert [r.message for r in d.related_information] == ["dtype float32 comes from here",
                                                          "dtype float16 comes from here"]


async def test_unused_variable_is_tagged(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "unused.py", samples.UNUSED)
    front = await published(vscode, doc)
    [pa701] = [d for d in front if d.code == "PA701"]
    assert pa701.range == utf16_range(doc.text, span_of(doc.text, "unused_v"))
    assert list(pa701.tags) == [types.DiagnosticTag.Unnecessary]
    assert pa701.severity == types.DiagnosticSeverity.Warning


async def test_cpp_tier_publishes_later_with_progress(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "redundant.py", samples.REDUNDANT)
    front = await published(vscode, doc)
    assert not [d for d in front if d.source != "pyasc"], "the front end publishes first, on its own"
    await until(vscode, lambda: any(d.source == "clang-tidy" for d in vscode.diagnostics.get(doc.uri, ())),
                timeout=60)
    [cpp] = [d for d in vscode.diagnostics[doc.uri] if d.source == "clang-tidy"]
    assert cpp.code == "misc-redundant-expression"
    assert cpp.range == utf16_range(doc.text, span_of(doc.text, "block_length - block_length"))
    assert cpp.code_description.href.endswith("/checks/misc/redundant-expression.html")
    assert vscode.published[doc.uri][-1].version == doc.version
    reports = [r for tok, r in vscode.progress_reports.items() if str(tok).startswith("pyasc-cpp-")]
    assert reports, "the C++ tier reports $/progress"
    kinds = [type(v).__name__ for v in reports[-1]]
    assert kinds[0] == "WorkDoneProgressBegin" and kinds[-1] == "WorkDoneProgressEnd"


async def test_cpp_findings_of_an_old_version_are_withdrawn(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "redundant2.py", samples.REDUNDANT)
    await until(vscode, lambda: any(d.source == "clang-tidy" for d in vscode.diagnostics.get(doc.uri, ())),
                timeout=60)
    doc.replace_all(samples.ADD)
    await published(vscode, doc)
    assert not any(d.source == "clang-tidy" for d in vscode.diagnostics[doc.uri])


async def test_cpp_tier_can_be_cancelled_from_its_progress(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "cancel.py", samples.many_kernels(24, seed=7))
    assert not [d for d in await published(vscode, doc) if d.severity == types.DiagnosticSeverity.Error]

    def begun() -> list[str]:
        return [tok for tok, reports in vscode.progress_reports.items() if reports
                and isinstance(reports[0], types.WorkDoneProgressBegin) and reports[0].message == "cancel.py"]

    await until(vscode, lambda: bool(begun()), timeout=30)
    [token] = begun()
    assert vscode.progress_reports[token][0].cancellable
    vscode.window_work_done_progress_cancel(types.WorkDoneProgressCancelParams(token=token))
    await until(vscode, lambda: isinstance(vscode.progress_reports[token][-1], types.WorkDoneProgressEnd), timeout=30)
    assert vscode.progress_reports[token][-1].message == "cancelled"
    await asyncio.sleep(1.0)
    assert not any(d.source == "clang-tidy" for d in vscode.diagnostics[doc.uri]), "a cancelled run publishes nothing"


async def test_burst_of_edits_ends_at_the_last_version(vscode: RecordingClient, workdir: Path):
    """500 edits sent at once: analyses run one at a time, each on the newest text when it starts (the scheduler's
    coalescing is pinned in test_workspace.py; how many run depends on how the edits arrive), each version's
    diagnostics are pushed once, as soon as they are known, the generated code follows for each result accepted (a
    version superseded while its C++ was being generated has none), and the last push is the last version."""
    doc = open_doc(vscode, workdir, "burst.py", samples.ADD)
    await published(vscode, doc)
    await until(vscode, lambda: vscode.code_changed[doc.uri] == 1)
    before = vscode.code_changed[doc.uri]
    line = doc.text.split("\n").index("BUFFER_NUM = 2")
    for _ in range(500):
        doc.change((line, 0), (line, 0), "#")
    await published(vscode, doc)
    versions = [p.version for p in vscode.published[doc.uri] if p.version != 1]
    await until(vscode, lambda: vscode.code_changed[doc.uri] > before)
    assert versions == sorted(set(versions)) and versions[-1] == doc.version, versions
    assert vscode.code_changed[doc.uri] - before <= len(versions)


async def test_stale_versions_are_never_published(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "stale.py", samples.ADD)
    await published(vscode, doc)
    texts = [samples.ADD, samples.UNKNOWN_API, samples.UNUSED, samples.UNKNOWN_API]
    for i in range(12):
        doc.replace_all(texts[i % len(texts)])
        await asyncio.sleep(0.03 * (i % 4))  # some edits land while an analysis runs, some between analyses
    final = await published(vscode, doc)
    assert any(d.code == "PA202" for d in final)
    seen = [p.version for p in vscode.published[doc.uri]]
    assert seen == sorted(seen), "a publish never goes back to an older version"
    assert seen[-1] == doc.version


# -- hover, completion, signature help ----------------------------------------------------------------------------


async def test_hover_on_api_call_shows_signature_types_and_cpp(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "hover.py", samples.ADD)
    await published(vscode, doc)
    hover = await vscode.text_document_hover_async(types.HoverParams(
        text_document=tdi(doc), position=at(doc.text, "asc.add(z_local", 5)))
    assert hover is not None
    assert hover.contents.kind == types.MarkupKind.Markdown
    text = hover.contents.value
    assert "asc.add(dst: LocalTensor, src0: LocalTensor, src1: LocalTensor, count: int" in text
    assert "`src0 = x_local: LocalTensor[float16] @ VECIN`" in text
    assert "`dst = z_local: LocalTensor[float16] @ VECOUT`" in text
    assert "```cpp\nAscendC::Add(z_local, x_local, y_local, TILE_LENGTH);\n```" in text
    call = span_of(doc.text, "asc.add(z_local, x_local, y_local, TILE_LENGTH)")
    assert hover.range == utf16_range(doc.text, call)


async def test_hover_on_variable_shows_inferred_type(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "hover_var.py", samples.ADD)
    await published(vscode, doc)
    hover = await vscode.text_document_hover_async(types.HoverParams(
        text_document=tdi(doc), position=at(doc.text, "x_local = in_queue_x.alloc", 2)))
    assert hover is not None
    assert "x_local: LocalTensor[float16] @ VECIN" in hover.contents.value
    const = await vscode.text_document_hover_async(types.HoverParams(
        text_document=tdi(doc), position=at(doc.text, "TILE_LENGTH = 128", 1)))
    assert "TILE_LENGTH: int = 128" in const.contents.value


async def test_inlay_hints_give_inferred_types(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "hints.py", samples.ADD)
    await published(vscode, doc)
    hints = await vscode.text_document_inlay_hint_async(types.InlayHintParams(
        text_document=tdi(doc), range=types.Range(types.Position(0, 0), types.Position(60, 0))))
    by_pos = {(h.position.line, h.position.character): h.label for h in hints}
    x_local = span_of(doc.text, "x_local", within="x_local = in_queue_x.alloc")
    assert by_pos[(x_local.line - 1, x_local.end_col)] == ": LocalTensor[float16] @ VECIN"


async def test_completion_after_asc_dot_in_broken_text(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "complete.py", samples.ADD)
    await published(vscode, doc)
    line = len(doc.text.split("\n")) - 1
    doc.change((line, 0), (line, 0), "        asc.")
    result = await vscode.text_document_completion_async(types.CompletionParams(
        text_document=tdi(doc), position=types.Position(line, 12),
        context=types.CompletionContext(trigger_kind=types.CompletionTriggerKind.TriggerCharacter,
                                        trigger_character=".")))
    items = {i.label: i for i in result.items}
    assert {"add", "data_copy", "TQue", "TPipe", "TPosition", "float16", "adv"} <= set(items)
    assert items["add"].kind == types.CompletionItemKind.Function
    assert items["add"].detail is None  # a long list: completionItem/resolve adds the signatures
    resolved = await vscode.completion_item_resolve_async(items["add"])
    assert resolved.detail.startswith("asc.add(dst: LocalTensor, src0: LocalTensor")
    assert items["TPosition"].kind == types.CompletionItemKind.Enum
    assert items["add"].text_edit.range == types.Range(types.Position(line, 12), types.Position(line, 12))


async def test_completion_of_enum_members_methods_and_keywords(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "complete2.py", samples.ADD)
    await published(vscode, doc)
    line = len(doc.text.split("\n")) - 1

    async def complete_with(snippet: str) -> dict[str, types.CompletionItem]:
        doc.change((line, 0), (line, 200), snippet)
        result = await vscode.text_document_completion_async(types.CompletionParams(
            text_document=tdi(doc), position=types.Position(line, len(snippet))))
        return {i.label: i for i in result.items}

    members = await complete_with("        q = asc.TQue(asc.TPosition.VE")
    assert {"VECIN", "VECOUT", "VECCALC"} <= set(members)
    assert members["VECIN"].kind == types.CompletionItemKind.EnumMember
    assert members["VECIN"].text_edit.range.start.character == len("        q = asc.TQue(asc.TPosition.")
    methods = await complete_with("        in_queue_x.")
    assert {"alloc_tensor", "enque", "deque", "free_tensor"} <= set(methods)
    assert methods["alloc_tensor"].kind == types.CompletionItemKind.Method
    assert "in_queue_x.alloc_tensor(dtype: DataType) -> LocalTensor[dtype]" in methods["alloc_tensor"].detail
    keywords = await complete_with("        asc.add(z_local, x_local, ")
    assert {"src1=", "count="} <= set(keywords)
    assert "dst=" not in keywords and "src0=" not in keywords
    assert "y_local" in keywords, "kernel locals are offered beside the keywords"


async def test_plain_python_completion_outside_kernels_uses_jedi(vscode: RecordingClient, workdir: Path):
    text = "import os\n\nos.pa"
    doc = open_doc(vscode, workdir, "plain.py", text)
    await published(vscode, doc)
    result = await vscode.text_document_completion_async(types.CompletionParams(
        text_document=tdi(doc), position=types.Position(2, 5)))
    labels = {i.label for i in result.items}
    assert {"path", "pardir"} <= labels


async def test_signature_help_active_overload_and_parameter(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "sig.py", samples.ADD)
    await published(vscode, doc)
    line = len(doc.text.split("\n")) - 1
    snippet = "        asc.add(z_local, x_local, y_local, 64, 1, "
    doc.change((line, 0), (line, 0), snippet)
    help_ = await vscode.text_document_signature_help_async(types.SignatureHelpParams(
        text_document=tdi(doc), position=types.Position(line, len(snippet))))
    assert len(help_.signatures) >= 2
    active = help_.signatures[help_.active_signature]
    assert "repeat_params: BinaryRepeatParams" in active.label, "five arguments only fit the repeat form"
    param = active.parameters[help_.active_parameter]
    start, end = param.label
    assert active.label[start:end].startswith("repeat_params")
    doc.change((line, 0), (line, len(snippet)), "        asc.add(z_local, x_local, count=")
    help_ = await vscode.text_document_signature_help_async(types.SignatureHelpParams(
        text_document=tdi(doc), position=types.Position(line, len("        asc.add(z_local, x_local, count="))))
    active = help_.signatures[help_.active_signature]
    start, end = active.parameters[help_.active_parameter].label
    assert active.label[start:end] == "count: int"


# -- navigation and rename --------------------------------------------------------------------------------------------


async def test_definition_of_helper_and_module_constant(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "helper.py", samples.HELPER)
    await published(vscode, doc)
    [loc] = await vscode.text_document_definition_async(types.DefinitionParams(
        text_document=tdi(doc), position=at(doc.text, "copy_in(q, g, n)", 2)))
    assert loc.uri == doc.uri
    assert loc.range == utf16_range(doc.text, span_of(doc.text, "copy_in"))
    [loc] = await vscode.text_document_definition_async(types.DefinitionParams(
        text_document=tdi(doc), position=at(doc.text, "n * SCALE", 5)))
    assert loc.range == utf16_range(doc.text, span_of(doc.text, "SCALE"))


async def test_definition_of_a_constant_imported_from_another_module(vscode: RecordingClient, workdir: Path):
    project = workdir / "proj"
    project.mkdir()
    consts = "# tiles 😀\nBUFFER_NUM = 2\nTILE = 64\n"
    (project / "consts.py").write_text(consts, encoding="utf-8")
    text = samples.ADD.replace("BUFFER_NUM = 2\n", "from consts import BUFFER_NUM\n")
    doc = open_doc(vscode, project, "uses_consts.py", text)
    assert not [d for d in await published(vscode, doc) if d.severity == types.DiagnosticSeverity.Error]
    [loc] = await vscode.text_document_definition_async(types.DefinitionParams(
        text_document=tdi(doc), position=at(doc.text, "BUFFER_NUM)", 3)))
    assert loc.uri == (project / "consts.py").as_uri()
    assert loc.range == utf16_range(consts, span_of(consts, "BUFFER_NUM"))


async def test_references_and_rename_of_a_queue(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "rename.py", samples.ADD)
    await published(vscode, doc)
    pos = at(doc.text, "in_queue_y.enque", 3)
    refs = await vscode.text_document_references_async(types.ReferenceParams(
        text_document=tdi(doc), position=pos, context=types.ReferenceContext(include_declaration=True)))
    expected = [utf16_range(doc.text, span_of(doc.text, "in_queue_y", i)) for i in range(doc.text.count("in_queue_y"))]
    assert sorted((r.range.start.line, r.range.start.character) for r in refs) == sorted(
        (r.start.line, r.start.character) for r in expected)
    prep = await vscode.text_document_prepare_rename_async(types.PrepareRenameParams(text_document=tdi(doc),
                                                                                     position=pos))
    assert prep.placeholder == "in_queue_y"
    edit = await vscode.text_document_rename_async(types.RenameParams(text_document=tdi(doc), position=pos,
                                                                       new_name="queue_y"))
    [change] = edit.document_changes
    assert change.text_document.version == doc.version
    assert sorted((e.range.start.line, e.range.start.character) for e in change.edits) == sorted(
        (r.start.line, r.start.character) for r in expected)
    assert {e.new_text for e in change.edits} == {"queue_y"}


async def test_rename_to_an_existing_name_is_refused(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "rename_bad.py", samples.ADD)
    await published(vscode, doc)
    with pytest.raises(Exception, match="already names"):
        await vscode.text_document_rename_async(types.RenameParams(
            text_document=tdi(doc), position=at(doc.text, "in_queue_y.enque", 3), new_name="in_queue_x"))


async def test_rename_module_constant(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "rename_const.py", samples.ADD)
    await published(vscode, doc)
    edit = await vscode.text_document_rename_async(types.RenameParams(
        text_document=tdi(doc), position=at(doc.text, "TILE_LENGTH = 128", 0), new_name="TILE"))
    [change] = edit.document_changes
    assert len(change.edits) == doc.text.count("TILE_LENGTH")


async def test_document_symbols_list_kernels_and_queues(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "symbols.py", samples.HELPER)
    await published(vscode, doc)
    symbols = await vscode.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=tdi(doc)))
    names = [s.name for s in symbols]
    assert names == ["SCALE", "copy_in", "kernel"]
    kernel = symbols[2]
    assert kernel.kind == types.SymbolKind.Function
    assert kernel.selection_range == utf16_range(doc.text, span_of(doc.text, "kernel", within="def kernel"))
    assert {c.name for c in kernel.children} == {"pipe", "q"}


async def test_code_action_applies_the_did_you_mean_fix(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "fix.py", samples.UNKNOWN_API)
    diags = await published(vscode, doc)
    [d] = [d for d in diags if d.code == "PA202"]
    actions = await vscode.text_document_code_action_async(types.CodeActionParams(
        text_document=tdi(doc), range=d.range, context=types.CodeActionContext(diagnostics=[d])))
    [action] = [a for a in actions if "'add'" in a.title]
    assert action.kind == types.CodeActionKind.QuickFix
    assert action.is_preferred
    [change] = action.edit.document_changes
    [edit] = change.edits
    assert edit.range == d.range and edit.new_text == "add"


async def test_code_action_gives_a_python_number_carried_by_a_loop_a_run_time_start(vscode: RecordingClient,
                                                                                    workdir: Path):
    text = ("import asc\n\n\n@asc.jit\ndef count(x: asc.GlobalAddress, n: int) -> None:\n    total = 0\n"
            "    for i in range(n):\n        total = total + i\n    asc.printf('%d', total)\n")
    doc = open_doc(vscode, workdir, "start.py", text)
    diags = await published(vscode, doc)
    [d] = [d for d in diags if d.code == "PA108"]
    assert d.range == utf16_range(text, span_of(text, "total", occurrence=1))
    actions = await vscode.text_document_code_action_async(types.CodeActionParams(
        text_document=tdi(doc), range=d.range, context=types.CodeActionContext(diagnostics=[d])))
    [action] = [a for a in actions if a.title.startswith("Start 'total' as a run-time value")]
    assert action.kind == types.CodeActionKind.QuickFix
    [change] = action.edit.document_changes
    [edit] = change.edits
    assert edit.range == utf16_range(text, span_of(text, "0", within="total = 0"))
    assert edit.new_text == "asc.number(0, asc.int32)"


async def test_pipe_hazard_has_both_sites_and_a_fix_inserting_the_flags(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "sync.py", samples.MISSING_SYNC)
    diags = await published(vscode, doc)
    [d] = [d for d in diags if d.code == "PA551"]
    assert d.range == utf16_range(doc.text, span_of(doc.text, "asc.muls(t, t, 2.0, N)"))
    assert d.severity == types.DiagnosticSeverity.Warning
    [rel] = d.related_information
    assert rel.location.range == utf16_range(doc.text, span_of(doc.text, "asc.data_copy(t, x_gm, N)"))
    actions = await vscode.text_document_code_action_async(types.CodeActionParams(
        text_document=tdi(doc), range=d.range, context=types.CodeActionContext(diagnostics=[d])))
    [action] = [a for a in actions if "MTE2_V" in a.title]
    [change] = action.edit.document_changes
    [edit] = change.edits
    assert edit.range.start == edit.range.end == d.range.start
    assert edit.new_text == ("asc.set_flag(asc.HardEvent.MTE2_V, 0)\n    asc.wait_flag(asc.HardEvent.MTE2_V, 0)\n"
                             "    ")


# -- generated code ---------------------------------------------------------------------------------------------------


async def test_generated_code_request_and_mappings(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "gen.py", samples.ADD)
    await published(vscode, doc)
    result = await vscode.protocol.send_request_async("pyasc/generatedCode", {"textDocument": {"uri": doc.uri}})
    text = result.text
    assert 'extern "C" __global__ __aicore__ void add_custom(' in text
    cpp_lines = text.split("\n")
    py_lines = doc.text.split("\n")
    add = span_of(doc.text, "asc.add(z_local, x_local, y_local, TILE_LENGTH)")
    hits = [m for m in result.mappings if m.python.start.line == add.line - 1
            and m.python.start.character == add.col and m.python.end.character == add.end_col]
    assert hits, "the add statement maps to C++"
    cpp = hits[0].cpp
    assert cpp_lines[cpp.start.line][cpp.start.character:].startswith("AscendC::Add(z_local, x_local, y_local")
    for m in result.mappings:  # every range lies inside its text
        assert 0 <= m.python.start.line < len(py_lines) and 0 <= m.cpp.end.line < len(cpp_lines)
    [kernel] = result.kernels
    assert kernel.name == "add_custom"
    assert kernel.range.start.line == span_of(doc.text, "@asc.jit").line - 1
    assert cpp_lines[kernel.cppRange.start.line].startswith('extern "C"')


async def test_generated_code_changed_follows_each_analysis(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "gen2.py", samples.ADD)
    await published(vscode, doc)
    count = vscode.code_changed[doc.uri]
    doc.replace_all(samples.ADD.replace("TILE_LENGTH = 128", "TILE_LENGTH = 256"))
    await until(vscode, lambda: vscode.code_changed[doc.uri] == count + 1)
    result = await vscode.protocol.send_request_async("pyasc/generatedCode", {"textDocument": {"uri": doc.uri}})
    assert "constexpr int32_t TILE_LENGTH = 256;" in result.text


# -- non-ASCII text ---------------------------------------------------------------------------------------------------


async def test_utf16_columns_after_non_ascii_text(vscode: RecordingClient, workdir: Path):
    doc = open_doc(vscode, workdir, "unicode.py", samples.NON_ASCII)
    diags = await published(vscode, doc)
    [d] = [d for d in diags if d.code == "PA202"]
    line = doc.text.split("\n")[d.range.start.line]
    assert line.startswith('    s = "é😀"; café = asc.ad(1)')
    prefix = line[: line.index("asc.ad") + 4]
    assert d.range.start.character == len(prefix.encode("utf-16-le")) // 2 == len(prefix) + 1
    assert d.range.end.character == d.range.start.character + 2
    [cafe] = [d for d in diags if d.code == "PA701" and "café" in d.message]
    assert cafe.range.start.character == len('    s = "é😀"; '.encode("utf-16-le")) // 2
    hover = await vscode.text_document_hover_async(types.HoverParams(
        text_document=tdi(doc), position=types.Position(cafe.range.start.line, cafe.range.start.character + 1)))
    assert hover is not None and "café" in hover.contents.value
    assert hover.range == cafe.range
