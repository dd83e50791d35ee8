"""Completion after `asc.`, after a receiver's dot, in a call's keyword position, and of the names in scope."""

from __future__ import annotations

import re

from ...language import dtypes as _dtypes
from ...language import registry
from ...language.namespaces import ENUMS_MODULE, KERNEL_MODULES, is_adv
from ...language.spec import ApiSpec
from ..diagnostics.model import Span
from ..pipeline.results import Analysis
from .answers import CompletionItem, Completions
from .context import (
    ASC_ITEMS,
    DOTTED_BEFORE_DOT,
    IDENT_TAIL,
    KERNEL_BUILTINS,
    LANGUAGE_NAMES,
    CallContext,
    CallTarget,
    _line_text,
    api_signature,
    asc_aliases,
    call_context,
    kernel_scope,
    param_text,
    resolve_callee,
    signature_label,
    symbol_type,
    type_class,
    visible_params,
)


def complete(text: str, line: int, col: int, analysis: Analysis | None) -> Completions | None:
    """Completion items at the cursor, or None when the position is plain Python (the server then asks jedi).

    `analysis` should be the last analysis of the document that parsed: types of names come from it.
    """
    src = _line_text(text, line)
    col = max(0, min(col, len(src)))
    before = src[:col]
    word_m = IDENT_TAIL.search(before)
    word = word_m.group(0) if word_m else ""
    start_col = col - len(word)
    replace = Span(line, start_col, line, col)
    head = before[:start_col]
    if _in_string_or_comment(before):
        return None
    aliases = asc_aliases(text, analysis)
    scope = kernel_scope(text, line, analysis)
    dotted = DOTTED_BEFORE_DOT.search(head)
    if dotted is not None:
        receiver = re.sub(r"\s+", "", dotted.group(1))
        items = _member_items(receiver, aliases, analysis, scope)
        return None if items is None else Completions(items, replace)
    if head.rstrip().endswith("."):
        return None  # a member of something that is not a name (a call result, a literal)
    if scope is None:
        return None
    items = []
    ctx = call_context(text, line, start_col)
    if ctx is not None:
        target = resolve_callee(ctx.callee, aliases, analysis, scope)
        if target is not None:
            items += _keyword_items(target, ctx)
    items += _scope_items(analysis, scope, aliases)
    return Completions(items, replace)


def _in_string_or_comment(before: str) -> bool:
    """True when the cursor (at the end of `before`, one line) is inside a string literal or a comment."""
    quote: str | None = None
    for ch in before:
        if quote is None and ch == "#":
            return True
        if ch in "\"'":
            if quote is None:
                quote = ch
            elif quote == ch:
                quote = None
    return quote is not None


def _member_items(receiver: str, aliases: tuple[str, ...], analysis: Analysis | None,
                  scope: str | None) -> list[CompletionItem] | None:
    parts = receiver.split(".")
    module = "asc" if parts[0] in aliases else analysis.module_aliases.get(parts[0]) if analysis else None
    if module is not None:
        rest = parts[1:]
        while rest and f"{module}.{rest[0]}" in KERNEL_MODULES:  # `asc.language.core.enums.`, `enums.`
            module = f"{module}.{rest.pop(0)}"
        if not rest and module == ENUMS_MODULE:
            return [CompletionItem(e.name, "enum", f"enum {e.name}", e.doc) for e in registry.ENUMS.values()]
        if not rest and is_adv(module):
            return [_api_item(spec, spec.name.split(".", 1)[1], f"{receiver}.") for spec in registry.APIS.values()
                    if spec.name.startswith("adv.")]
        if not rest:
            return _asc_items()
        if len(rest) == 1 and rest[0] in registry.ENUMS:
            enum = registry.ENUMS[rest[0]]
            return [CompletionItem(m, "member", f"{enum.name}.{m} = {v}", enum.doc, sort_text=f"{v:04d}")
                    for m, v in enum.members.items()]
        return []
    if len(parts) == 1:
        type_text = symbol_type(analysis, parts[0], scope)
        if type_text is None:
            return None if scope is None else []
        cls_name = type_class(type_text)
        if cls_name is None:
            return []
        items = [_api_item(spec, name, f"{parts[0]}.") for name, spec in sorted(registry.methods(cls_name).items())]
        cls = registry.CLASSES[cls_name]
        items += [CompletionItem(f, "field", f"{cls_name}.{f}", cls.doc) for f in cls.fields]
        return items
    return None


def _api_item(spec: ApiSpec, label: str, prefix: str) -> CompletionItem:
    kind = "method" if "." in spec.name and not spec.name.startswith("adv.") else "function"
    return CompletionItem(label, kind, api_signature(spec, prefix + label), spec.doc)


def _asc_items() -> list[CompletionItem]:
    global ASC_ITEMS
    if ASC_ITEMS is None:
        ASC_ITEMS = _make_asc_items()
    return list(ASC_ITEMS)


def _make_asc_items() -> list[CompletionItem]:
    items = [_api_item(spec, spec.name, "asc.") for spec in registry.APIS.values() if "." not in spec.name]
    for cls in registry.CLASSES.values():
        detail = "\n".join(signature_label(f"asc.{cls.name}", ov)[0] for ov in cls.constructors) or f"class {cls.name}"
        items.append(CompletionItem(cls.name, "class", detail, cls.doc))
    for enum in registry.ENUMS.values():
        items.append(CompletionItem(enum.name, "enum", f"enum {enum.name}", enum.doc))
    for name in _dtypes.EXPORTED:
        dt = _dtypes.lookup(name)
        detail = f"dtype {dt.name} (C++ {dt.cpp})" if dt is not None else "dtype"
        items.append(CompletionItem(name, "dtype", detail, "", sort_text=f"~{name}"))
    for name, doc in LANGUAGE_NAMES.items():
        if not any(i.label == name for i in items):
            items.append(CompletionItem(name, "module" if name == "adv" else "function", f"asc.{name}", doc))
    return items


def _keyword_items(target: CallTarget, ctx: CallContext) -> list[CompletionItem]:
    seen: dict[str, CompletionItem] = {}
    for ov in target.overloads:
        params = visible_params(ov)
        for i, p in enumerate(params):
            if p.variadic or p.name in ctx.keywords or i < ctx.positional or p.name in seen:
                continue
            seen[p.name] = CompletionItem(f"{p.name}=", "keyword_argument", param_text(p),
                                          f"Parameter of {target.display}.", insert_text=f"{p.name}=",
                                          sort_text=f"0{i:02d}")
    return list(seen.values())


def _scope_items(analysis: Analysis | None, scope: str, aliases: tuple[str, ...]) -> list[CompletionItem]:
    items: dict[str, CompletionItem] = {}
    if analysis is not None:
        for s in analysis.symbols:
            if s.scope == scope or s.scope is None:
                kind = s.kind if s.kind in ("constant", "parameter", "kernel", "helper") else "variable"
                items.setdefault(s.name, CompletionItem(s.name, kind, f"{s.name}: {s.type}" if s.type else s.name,
                                                        sort_text=f"1{s.name}"))
        for name, kind in analysis.module_names.items():
            items.setdefault(name, CompletionItem(name, kind if kind in ("constant", "kernel", "helper") else
                                                  "variable", kind, sort_text=f"2{name}"))
    for alias in aliases:
        items.setdefault(alias, CompletionItem(alias, "module", "pyasc", sort_text=f"3{alias}"))
    for name in KERNEL_BUILTINS:
        items.setdefault(name, CompletionItem(name, "builtin", "", sort_text=f"4{name}"))
    return list(items.values())
