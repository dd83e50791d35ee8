"""`asc.lib.runtime.build_utils`: how CANN builds its runtime wrapper against the toolkit.  The simulator builds
nothing; `get_ascend_path` still reports the toolkit a program has set up."""

from __future__ import annotations

from .. import platforms
from ..libutils import get_ascend_path

__all__ = ["build_npu_ext", "get_ascend_path"]


def build_npu_ext(obj_name: str, is_model: bool, soc: platforms.Platform, src_path: str, src_dir: str) -> str:
    raise RuntimeError("asc.lib.runtime.build_utils.build_npu_ext compiles CANN's runtime wrapper against "
                       "libruntime; pyasc's simulator runs in this process and needs no native extension")
