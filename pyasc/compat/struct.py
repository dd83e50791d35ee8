"""`asc.language.core.struct`: user-defined kernel parameter structs (pyasc.sim.structs)."""

from ..sim.structs import BaseField, Field, Struct, StructField

__all__ = ["BaseField", "Field", "Struct", "StructField"]
