"""Structs: the tiling structs of the spec and the module's own `Struct` subclasses, as the front end sees them.

A user struct is a module-level `class Name(Struct)` whose class attributes are `Field(dtype, default, name=...)`
or `StructField(OtherStruct, ...)`: read statically, never imported.  A kernel parameter annotated with a struct
arrives as a Global Memory pointer and is copied into a local struct at entry (as CANN's pyasc does); its fields
are read, assigned and passed like scalars.  User structs get a C++ definition in the generated file; the tiling
structs are the Ascend C headers' own types.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ...language import dtypes as dt
from ...language.registry import CLASSES
from ..diagnostics.model import Diagnostic, Severity, Span

if TYPE_CHECKING:
    from .positions import Positions


@dataclass(frozen=True)
class FieldDef:
    """One field: a scalar of `dtype`, or a nested struct named `struct`."""

    name: str
    cpp: str
    dtype: str | None = None
    struct: str | None = None
    default: object = None


@dataclass(frozen=True)
class StructDef:
    """A struct the kernel can use: a `Struct` subclass of the module, or a tiling struct of the headers."""

    name: str
    """The name the kernel writes (`Params`, or `adv.TCubeTiling` for a tiling struct)."""
    cpp: str
    fields: dict[str, FieldDef] = field(default_factory=dict)
    user: bool = True
    """Defined in the module (the generated C++ defines it); false for the headers' tiling structs."""
    span: Span | None = None
    pack: int = 8

    def display(self) -> str:
        return self.name

    def key(self) -> str:
        """What analysis reads of it (not where it stands): part of the cache keys of the kernels."""
        return repr((self.name, self.cpp, self.pack, tuple(self.fields.values())))


_TILING: dict[str, StructDef] = {}


def tiling_struct(name: str) -> StructDef | None:
    """The tiling struct `adv.<name>` of the spec (TCubeTiling, SoftmaxTiling, ...), or None."""
    qual = name if name.startswith("adv.") else f"adv.{name}"
    if qual in _TILING:
        return _TILING[qual]
    spec = CLASSES.get(qual)
    if spec is None or spec.family != "adv.tiling" or not spec.constructors:
        return None
    fields = {}
    for p in spec.constructors[0].params:
        kind = {"int": "int32", "float": "float32", "bool": "int1"}.get(p.kind, "int32")
        fields[p.name] = FieldDef(p.name, spec.cpp_field(p.name), kind, None, p.default)
    sd = StructDef(qual, spec.cpp, fields, user=False)
    _TILING[qual] = sd
    return sd


def _leaf(node: ast.expr) -> str:
    return node.attr if isinstance(node, ast.Attribute) else node.id if isinstance(node, ast.Name) else ""


def scan_structs(tree: ast.Module, positions: Positions, diagnostics: list[Diagnostic]) -> dict[str, StructDef]:
    """The module's `class X(Struct)` definitions, in order (a StructField names an earlier struct)."""
    out: dict[str, StructDef] = {}
    for stmt in tree.body:
        if not isinstance(stmt, ast.ClassDef) or not any(_leaf(b) == "Struct" for b in stmt.bases):
            continue
        pack = 8
        for kw in stmt.keywords:
            if kw.arg == "pack" and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, int):
                pack = kw.value.value
        fields: dict[str, FieldDef] = {}
        for item in stmt.body:
            fd = _field(item, out, positions, diagnostics)
            if fd is not None:
                fields[fd.name] = fd
        out[stmt.name] = StructDef(stmt.name, stmt.name, fields, True, positions.span(stmt), pack)
    return out


def _field(item: ast.stmt, known: dict[str, StructDef], positions: Positions,
           diagnostics: list[Diagnostic]) -> FieldDef | None:
    if not isinstance(item, ast.Assign) or len(item.targets) != 1 or not isinstance(item.targets[0], ast.Name):
        return None
    call = item.value
    if not isinstance(call, ast.Call) or _leaf(call.func) not in ("Field", "StructField"):
        return None
    name = item.targets[0].id
    kwargs = {k.arg: k.value for k in call.keywords if k.arg}
    first = call.args[0] if call.args else kwargs.get("dtype" if _leaf(call.func) == "Field" else "struct_cls")
    default_node = call.args[1] if len(call.args) > 1 else kwargs.get("default")
    default = default_node.value if isinstance(default_node, ast.Constant) else None
    cpp_node = call.args[2] if len(call.args) > 2 else kwargs.get("name")
    cpp = cpp_node.value if isinstance(cpp_node, ast.Constant) and isinstance(cpp_node.value, str) else name
    if _leaf(call.func) == "StructField":
        inner = _leaf(first) if first is not None else ""
        if inner not in known and tiling_struct(inner) is None:
            diagnostics.append(Diagnostic("PA201", Severity.ERROR, f"StructField needs a struct defined above it, "
                                          f"got '{inner or ast.unparse(call)}'", positions.span(call)))
            return None
        return FieldDef(name, cpp, None, inner if inner in known else f"adv.{inner}")
    d = dt.lookup(_leaf(first)) if first is not None else None
    if d is None:
        diagnostics.append(Diagnostic("PA205", Severity.ERROR, "a struct Field needs a dtype such as asc.int32, "
                                      f"got '{ast.unparse(first) if first is not None else ''}'",
                                      positions.span(first if first is not None else call)))
        return None
    return FieldDef(name, cpp, d.name, None, default)


def lookup(structs: dict[str, StructDef], name: str) -> StructDef | None:
    """A struct by the name an annotation or a StructField uses: the module's own first, then the tiling structs."""
    if name in structs:
        return structs[name]
    return tiling_struct(name.split(".")[-1])


def annotation_struct(structs: dict[str, StructDef], ann: ast.expr) -> StructDef | None:
    """The struct an annotation names: `Params`, `asc.adv.TCubeTiling`, `adv.SoftmaxTiling`."""
    if isinstance(ann, ast.Name):  # (read without unparsing: every parameter of every kernel is asked)
        leaf, dotted = ann.id, False
    elif isinstance(ann, ast.Attribute):
        leaf, dotted = ann.attr, True
    else:
        text = ast.unparse(ann)
        leaf, dotted = text.split(".")[-1], "." in text
    if leaf in structs and not dotted:
        return structs[leaf]
    return tiling_struct(leaf)


def struct_definition(sd: StructDef) -> str:
    """The C++ definition of a user struct: fields in declaration order, packed as the language packs them."""
    lines = [f"#pragma pack(push, {sd.pack})", f"struct {sd.cpp} {{"]
    for f in sd.fields.values():
        if f.struct is not None:
            nested = tiling_struct(f.struct) if f.struct.startswith("adv.") else None
            lines.append(f"    {nested.cpp if nested is not None else f.struct} {f.cpp};")
        else:
            lines.append(f"    {dt.DTYPES[f.dtype or 'int32'].cpp} {f.cpp};")
    lines += ["};", "#pragma pack(pop)"]
    return "\n".join(lines) + "\n"
