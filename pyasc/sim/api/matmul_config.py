"""The MatmulConfig helpers (`adv.get_normal_config`, `get_mdl_config`, ...) on the simulator, and the batched and
static-tiling Matmul forms it does not model.

A helper's record is read from the spec's C++ template, the one place that says which fields it sets: each
`.cppField = {param}` or `.cppField = literal` of the designated initializer becomes that field of MatmulConfig's
defaults (the simulator reads iterate_order; the other fields only travel with the object).
"""

from __future__ import annotations

import enum
import re
from functools import cache
from typing import Any

import numpy as np

from ...language import registry
from ..objects import CLASSES
from ._vec import cur

_INIT = re.compile(r"\.(\w+) = (\{\w+\}|[\w:]+)")


def _key(name: str) -> str:
    return name.replace("_", "").lower()


@cache
def _fields(helper: str) -> tuple[tuple[str, str], ...]:
    """(MatmulConfig field, `{param}` or C++ literal) of a helper's designated initializer."""
    spec = registry.APIS[f"adv.{helper}"]
    cpp = spec.overloads[0].cpp or ""
    by_key = {_key(f): f for f in registry.CLASSES["adv.MatmulConfig"].fields}
    return tuple((by_key[_key(cf)], value) for cf, value in _INIT.findall(cpp) if _key(cf) in by_key)


def _literal(text: str) -> Any:
    if text in ("true", "false"):
        return text == "true"
    if text.lstrip("-").isdigit():
        return int(text)
    enum_name, _, member = text.rpartition("::")
    import pyasc

    return getattr(getattr(pyasc, enum_name.rpartition("::")[2]), member)


def _config(helper: str, args: dict[str, Any]) -> Any:
    cur().scalar_tick()
    cfg = CLASSES["adv.MatmulConfig"]()
    for field, value in _fields(helper):
        setattr(cfg, field, args[value[1:-1]] if value.startswith("{") else _literal(value))
    return cfg


def get_basic_config(basic_m: Any, basic_n: Any, basic_k: Any, intrinsics_limit: Any = False,
                     batch_loop: Any = False, bmm_mode: Any = None) -> Any:
    return _config("get_basic_config", locals())


def get_ib_share_norm_config(intrinsics_limit: Any = False, batch_loop: Any = False, is_vec_nd2_nz: Any = False,
                             bmm_mode: Any = None, is_double_cache: Any = False, en_unit_flag: Any = True) -> Any:
    return _config("get_ib_share_norm_config", locals())


def get_mdl_config(intrinsics_limit: Any = False, batch_loop: Any = False, do_mte2_preload: Any = 0,
                   is_vec_nd2_nz: Any = False, is_per_tensor: Any = False, has_anti_quant_offset: Any = False,
                   en_unit_flag: Any = False, is_msg_reuse: Any = True, enable_ub_reuse: Any = True,
                   enable_l1_cache_ub: Any = False, enable_mix_dual_master: Any = False,
                   enable_kdim_reorder_load: Any = False) -> Any:
    return _config("get_mdl_config", locals())


def get_normal_config(intrinsics_limit: Any = False, batch_loop: Any = False, is_vec_nd2_nz: Any = False,
                      bmm_mode: Any = None, is_msg_reuse: Any = True, iterate_order: Any = None,
                      schedule_type: Any = None, en_unit_flag: Any = True) -> Any:
    return _config("get_normal_config", locals())


def get_special_basic_config(basic_m: Any, basic_n: Any, basic_k: Any, single_core_m: Any, single_core_n: Any,
                             single_core_k: Any, step_m: Any, step_n: Any, intrinsics_limit: Any = False,
                             batch_loop: Any = False, bmm_mode: Any = None) -> Any:
    return _config("get_special_basic_config", locals())


def get_special_mdl_config(intrinsics_limit: Any = False, batch_loop: Any = False, do_mte2_pre_load: Any = 0,
                           is_vec_nd2_nz: Any = False, is_per_tensor: Any = False,
                           has_anti_quant_offset: Any = False) -> Any:
    return _config("get_special_mdl_config", locals())


_MODE_FIELD = {"CONFIG_NORM": "do_norm", "CONFIG_MDL": "do_multi_data_load", "CONFIG_SPECIALMDL": "do_special_mdl",
               "CONFIG_IBSHARE": "do_ib_share_norm"}


def get_mm_config(config_mode: Any = None, args: Any = ()) -> Any:
    """GetMMConfig: the template's flag, then each parameter record's fields that MatmulConfig has by name."""
    cur().scalar_tick()
    cfg = CLASSES["adv.MatmulConfig"]()
    mode = getattr(config_mode, "name", "CONFIG_NORM")
    cfg.do_norm = mode == "CONFIG_NORM"
    setattr(cfg, _MODE_FIELD.get(mode, "do_norm"), True)
    by_key = {_key(f): f for f in registry.CLASSES["adv.MatmulConfig"].fields}
    for record in args or ():
        for name in getattr(record, "spec_fields", ()):
            field = by_key.get(_key(name))
            if field is not None:
                setattr(cfg, field, getattr(record, name))
    return cfg


_STATIC_FROM_CONFIG = (("base_m", "basic_m"), ("base_n", "basic_n"), ("base_k", "basic_k"),
                       ("single_core_m", "single_core_m"), ("single_core_n", "single_core_n"),
                       ("single_core_k", "single_core_k"), ("iterate_order", "iterate_order"))


def get_matmul_api_tiling(mm_cfg: Any, a_type: Any, b_type: Any, c_type: Any, bias_type: Any,
                          l1_size: Any) -> Any:
    """GetMatmulApiTiling: the fields the configuration fixes (its basic block, single-core shape, iteration
    order); every other field stays -1, taken at run time from the tiling register_matmul or init gives."""
    cur().scalar_tick()
    static = CLASSES["adv.MatmulApiStaticTiling"]()
    for field, cfg_field in _STATIC_FROM_CONFIG:
        value = getattr(mm_cfg, cfg_field, None)
        if isinstance(value, enum.Enum):
            value = value.value
        if isinstance(value, (int, np.integer)) and not isinstance(value, bool) and int(value) > 0 or (
                field == "iterate_order" and isinstance(value, (int, np.integer)) and int(value) in (0, 1)):
            setattr(static, field, int(value))
    static.config = mm_cfg  # the Matmul's configuration otherwise (the template and its switches)
    return static
