"""Every class of the simulator's `asc` namespace by spec name: those pyasc.sim.objects makes from the spec, and the
ones built on them in modules of their own (LocalTensorAuto, the packed tensor lists' ListTensorDesc and
TensorDesc)."""

from __future__ import annotations

from . import objects
from .api.listtensor import ListTensorDesc, TensorDesc
from .autotensor import LocalTensorAuto

CLASSES: dict[str, type] = {**objects.CLASSES, "LocalTensorAuto": LocalTensorAuto, "ListTensorDesc": ListTensorDesc,
                            "TensorDesc": TensorDesc}
