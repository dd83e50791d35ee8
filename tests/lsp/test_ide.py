"""pyasc.compiler.ide on its own: what each query answers from the text around the cursor and an Analysis."""

from __future__ import annotations

import pytest

from pyasc.compiler.diagnostics.model import Span
from pyasc.compiler.ide.answers import Completions, Location
from pyasc.compiler.ide.completion import complete
from pyasc.compiler.ide.context import call_context, enclosing_function
from pyasc.compiler.ide.hover import hover
from pyasc.compiler.ide.navigation import definition, generated_code, rename
from pyasc.compiler.ide.signature import signature_help
from pyasc.compiler.pipeline.analysis import analyze

from . import samples
from .helpers import span_of

ADD = analyze(samples.ADD, "/k/add.py")
LAST = len(samples.ADD.split("\n"))  # the empty line after the kernel's last statement


def complete_at_end(snippet: str) -> Completions | None:
    """Completion with `snippet` typed on a new line of the kernel, with the cursor at its end."""
    text = samples.ADD + snippet
    return complete(text, LAST, len(snippet), ADD)


def labels(result: Completions | None) -> set[str]:
    assert result is not None
    return {i.label for i in result.items}


@pytest.mark.parametrize(("snippet", "expected", "absent"), [
    ("        asc.", {"add", "data_copy", "TQue", "float16", "jit", "adv"}, {"alloc_tensor"}),
    ("        asc.adv.", set(), {"add"}),
    ("        x = asc.TPosition.", {"VECIN", "VECOUT", "GM"}, {"add"}),
    ("        x = asc.HardEvent.MTE2_", {"MTE2_V", "MTE2_MTE3"}, {"VECIN"}),
    ("        pipe.", {"init_buffer"}, {"alloc_tensor"}),
    ("        z_gm.", {"set_global_buffer", "get_value"}, {"init_buffer"}),
    ("        out_queue_z.free_tensor(", {"x_local", "BUFFER_NUM", "asc", "tensor="}, {"dst="}),
])
def test_completion_contexts(snippet: str, expected: set[str], absent: set[str]):
    got = labels(complete_at_end(snippet))
    assert expected <= got
    assert not (absent & got)


def test_adv_completion_lists_only_adv_functions():
    got = labels(complete_at_end("        asc.adv."))
    assert got and all("." not in name for name in got)


@pytest.mark.parametrize("snippet", ['        asc.printf("asc.', "        # asc.", "        n = 1.", "        f(x)."])
def test_no_pyasc_completion_in_strings_comments_or_after_non_names(snippet: str):
    assert complete_at_end(snippet) is None


def test_outside_kernels_plain_names_are_left_to_python_completion():
    text = "import pyasc as asc\n\nval"
    assert complete(text, 3, 3, None) is None
    assert "add" in labels(complete("import pyasc as asc\nasc.", 2, 4, None)), "asc. completes anywhere"


def test_alias_from_import_line_without_analysis():
    assert "add" in labels(complete("import asc as A\nA.", 2, 2, None))


def test_replace_range_covers_the_typed_prefix():
    result = complete_at_end("        asc.da")
    assert result is not None
    assert (result.replace.col, result.replace.end_col) == (12, 14)


def test_call_context_skips_nested_calls_and_strings():
    text = 'asc.add(z, f(a, b), "x, (y", '
    ctx = call_context(text, 1, len(text))
    assert ctx is not None
    assert (ctx.callee, ctx.positional, ctx.keywords, ctx.active_keyword) == ("asc.add", 3, (), None)
    ctx = call_context("q.alloc_tensor(dtype=asc.", 1, 25)
    assert ctx is not None and ctx.active_keyword == "dtype"


def test_enclosing_function_reads_decorators():
    text = samples.HELPER
    line = span_of(text, "asc.data_copy(t, g, n)").line
    assert enclosing_function(text, line) == ("copy_in", True)
    assert enclosing_function(text, 3) is None


def test_signature_help_uses_receiver_type_for_methods():
    snippet = "        in_queue_x.alloc_tensor("
    help_ = signature_help(samples.ADD + snippet, LAST, len(snippet), ADD)
    assert help_ is not None
    labels = [sig.label for sig in help_.signatures]
    assert "in_queue_x.alloc_tensor(dtype: DataType) -> LocalTensor[dtype]" in labels
    assert help_.active_signature == 0 and help_.active_parameter == 0


def test_hover_cpp_comes_from_the_call():
    span = span_of(samples.ADD, "in_queue_x.enque(x_local)")
    info = hover(ADD, span.line, span.col + 12)
    assert info is not None
    assert "in_queue_x.enque(tensor: LocalTensor) -> None" in info.plain
    assert "in_queue_x.EnQue(x_local);" in info.markdown


def test_rename_covers_parameter_annotation_spans_by_name_only():
    span = span_of(samples.ADD, "block_length", 1)
    result = rename(ADD, span.line, span.col, "n")
    assert result.error is None
    texts = {samples.ADD.split("\n")[e.span.line - 1][e.span.col:e.span.end_col] for e in result.edits}
    assert texts == {"block_length"}
    assert len(result.edits) == samples.ADD.count("block_length")


def test_rename_rejects_keywords():
    span = span_of(samples.ADD, "loop_count")
    assert "not a valid" in (rename(ADD, span.line, span.col, "for").error or "")


def test_generated_code_mappings_point_into_both_texts():
    code = generated_code(ADD)
    cpp_lines = code.text.split("\n")
    statements = [m for m in code.mappings if m.statement]
    assert statements
    for m in statements:
        assert 0 <= m.cpp_start[0] <= m.cpp_end[0] < len(cpp_lines)
    [(name, span, start, end)] = code.kernels
    assert name == "add_custom" and cpp_lines[start[0]].startswith('extern "C"')


def test_hover_on_the_module_alias_of_a_call_is_the_call():
    span = span_of(samples.ADD, "asc.get_block_idx()")
    info = hover(ADD, span.line, span.col + 1)
    assert info is not None and info.span == span
    assert info.plain.startswith("asc.get_block_idx() -> Scalar[int]")
    assert "AscendC::GetBlockIdx()" in info.markdown


def test_ide_queries_import_no_protocol_or_editor_library():
    import subprocess
    import sys

    code = ("import sys, pyasc.compiler.pipeline.analysis, pyasc.compiler.ide.completion, pyasc.compiler.ide.hover, "
            "pyasc.compiler.ide.navigation, pyasc.compiler.ide.signature; "
            "print(sorted(m for m in ('pygls', 'lsprotocol', 'jedi') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_definition_follows_imports_of_helpers_and_constants(tmp_path):
    (tmp_path / "lib.py").write_text(
        "import pyasc as asc\n\nSCALE = 4\n\n\n@asc.jit\ndef fill(t: asc.LocalTensor, n: int):\n"
        "    asc.duplicate(t, 1.0, n)\n", encoding="utf-8")
    text = ("import pyasc as asc\n\nfrom lib import SCALE, fill\n\n\n@asc.jit\ndef kernel(x: asc.GlobalAddress):\n"
            "    pipe = asc.TPipe()\n    q = asc.TBuf(asc.TPosition.VECCALC)\n    pipe.init_buffer(q, 256 * SCALE)\n"
            "    t = q.get(asc.float32)\n    fill(t, 64)\n")
    path = tmp_path / "main.py"
    path.write_text(text, encoding="utf-8")
    analysis = analyze(text, str(path))
    lib = str(tmp_path / "lib.py")
    at = span_of(text, "SCALE", within="256 * SCALE")
    assert definition(analysis, at.line, at.col + 1) == [Location(lib, Span(3, 0, 3, 5))]
    at = span_of(text, "fill(t, 64)")
    assert definition(analysis, at.line, at.col + 1) == [Location(lib, Span(7, 4, 7, 8))]


_ALIASED = """import asc
import asc.language.core.enums as enums
import asc.language.fwk.tpipe as tp
from asc.language import adv


@asc.jit
def k(x: asc.GlobalAddress) -> None:
    pipe = tp.TPipe()
"""


@pytest.mark.parametrize(("snippet", "expected", "absent"), [
    ("    p = enums.", {"TPosition", "MatmulPolicy", "HardEvent"}, {"add", "float16"}),
    ("    p = enums.TPosition.", {"VECIN", "VECCALC"}, {"add"}),
    ("    p = asc.language.core.enums.MatmulPolicy.", {"TrianLowerMatmulPolicy"}, {"VECIN"}),
    ("    p = tp.", {"TPipe", "add", "float16"}, {"TrianLowerMatmulPolicy"}),
    ("    p = adv.", {"exp", "register_matmul"}, {"add"}),
])
def test_completion_through_an_aliased_kernel_module(snippet: str, expected: set[str], absent: set[str]):
    """A name bound to one of CANN's kernel modules completes what the module holds, as its attribute chain does."""
    analysis = analyze(_ALIASED, "/k/aliased.py")
    assert analysis.module_aliases == {"enums": "asc.language.core.enums", "tp": "asc.language.fwk.tpipe",
                                       "adv": "asc.language.adv"}
    text = _ALIASED + snippet
    got = labels(complete(text, len(text.split("\n")), len(snippet), analysis))
    assert expected <= got
    assert not (absent & got)
