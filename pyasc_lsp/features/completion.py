"""Completion: pyasc names inside kernels and after `asc.` (from the API tables and the last analysis that parsed);
plain Python elsewhere through jedi, in a worker thread."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
from typing import Any

from lsprotocol import types

from .. import convert
from ..guard import guarded
from ..server import PyascServer
from .common import cursor

logger = logging.getLogger(__name__)

MAX_JEDI_ITEMS = 200
LAZY_DOCS = 50
"""Lists longer than this go out without their items' detail and documentation, which completionItem/resolve adds
for the item the client shows: the 452 items after `asc.` with their documentation were 190 KB of JSON, 30-60 ms to
convert and write, and with their overload signatures still 160 KB."""

_JEDI_KINDS = {
    "module": types.CompletionItemKind.Module,
    "class": types.CompletionItemKind.Class,
    "instance": types.CompletionItemKind.Variable,
    "function": types.CompletionItemKind.Function,
    "param": types.CompletionItemKind.Variable,
    "path": types.CompletionItemKind.File,
    "keyword": types.CompletionItemKind.Keyword,
    "property": types.CompletionItemKind.Property,
    "statement": types.CompletionItemKind.Variable,
}


def jedi_items(text: str, path: str, line: int, col: int, pos: convert.Positions) -> list[types.CompletionItem]:
    """Plain-Python completion; jedi reads the text only (it never runs it)."""
    import jedi

    script = jedi.Script(code=text, path=path if path.endswith(".py") else None)
    items = []
    for c in script.complete(line, col)[:MAX_JEDI_ITEMS + 1]:
        typed = len(c.name) - len(c.complete or "")
        rng = types.Range(start=pos.position(line, max(0, col - typed)), end=pos.position(line, col))
        items.append(types.CompletionItem(
            label=c.name,
            kind=_JEDI_KINDS.get(c.type, types.CompletionItemKind.Text),
            text_edit=types.TextEdit(range=rng, new_text=c.name),
            sort_text=("z" if c.name.startswith("_") else "a") + c.name,
        ))
    return items


def setup(server: PyascServer) -> None:
    # jedi is not thread-safe (its helper process's pipe gets interleaved reads): one thread runs every jedi call.
    jedi_thread = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="pyasc-jedi")

    last: list[Any] = [None]
    """The last pyasc list sent without its documentation, for completionItem/resolve."""

    @server.feature(types.COMPLETION_ITEM_RESOLVE)
    @guarded("completion resolve")
    def resolve(item: types.CompletionItem) -> types.CompletionItem:
        markdown = server.markdown_ok("text_document.completion.completion_item.documentation_format")
        convert.completion_doc(item, last[0], markdown)
        return item

    @server.feature(types.TEXT_DOCUMENT_COMPLETION, types.CompletionOptions(trigger_characters=["."],
                                                                            resolve_provider=True))
    @guarded("completion")
    async def completion(params: types.CompletionParams) -> types.CompletionList | None:
        doc = server.docs.get(params.text_document.uri)
        if doc is None:
            return None
        text = convert.lsp_newlines(doc.text)
        line, col = cursor(server, text, params.position)
        pos = server.positions(text)
        from pyasc.compiler.ide.completion import (
            complete as complete_query,  # not before: the first diagnostics do not need it
        )
        result = complete_query(text, line, col, doc.good or doc.analysis)
        if result is not None:
            markdown = server.markdown_ok("text_document.completion.completion_item.documentation_format")
            lazy = len(result.items) > LAZY_DOCS
            if lazy:
                last[0] = result
            defaults = server.capability("text_document.completion.completion_list.item_defaults", []) or []
            return convert.completion_list(result, pos, markdown, lazy_docs=lazy,
                                           default_range="editRange" in defaults)
        loop = asyncio.get_running_loop()
        items = await loop.run_in_executor(jedi_thread, jedi_items, text, doc.path, line, col, pos)
        # More than the cap: the client asks again as the user types, and the list narrows.
        return types.CompletionList(is_incomplete=len(items) > MAX_JEDI_ITEMS, items=items[:MAX_JEDI_ITEMS])
