"""The front end: one jit function's `ast` -> typed IR, with the syntax, name, call and dtype diagnostics.

Unsupported constructs are reported where they stand and lowered to nothing, so one mistake does not hide the
next.  Dtypes are inferred by unification (types.py); allowed-dtype checks wait until the whole function is seen.
The work is split by concern into the mixins below; base.py holds the state they share.
"""

from __future__ import annotations

from . import resume
from .arrays import ArrayLowering
from .base import CallRecord, LowerResult, TooComplex
from .callsite import CallLowering
from .comptime import CompileTimeLowering
from .construct import ConstructLowering
from .exprs import ExprLowering
from .function import FunctionLowering, check_naming
from .helper_calls import HelperBindingLowering
from .language_helpers import LanguageHelperLowering
from .operators import OperatorLowering
from .stmts import StmtLowering
from .structs import StructLowering

__all__ = ["CallRecord", "LowerResult", "Lowerer", "TooComplex", "check_naming"]


class Lowerer(FunctionLowering, StmtLowering, ExprLowering, OperatorLowering, CallLowering, HelperBindingLowering,
              ConstructLowering, StructLowering, CompileTimeLowering, LanguageHelperLowering, ArrayLowering):
    """Lowers one jit function (a kernel, or a helper specialized for one call's argument types)."""


resume.lowerer_classes(Lowerer)
