"""The README of an exported operator project: what is in it, how to build it with CANN and how to call it."""

from __future__ import annotations

from .host_launch import TilingPlan
from .model import OpModel
from .render import USER_MARK, compute_unit


def _aclnn_args(model: OpModel, plan: TilingPlan) -> str:
    args = [f"aclTensor* {t.name}" for t in model.inputs] + [f"{a.cpp_type} {a.name}" for a in plan.attrs]
    args += [f"aclTensor* {t.name}" for t in model.outputs]
    return ", ".join(args)


def readme(model: OpModel, plan: TilingPlan, soc_name: str, source_name: str, todo: list[str]) -> str:
    op, snake = model.op_name, model.snake
    ins = ", ".join(t.name for t in model.inputs)
    outs = ", ".join(t.name for t in model.outputs)
    dtypes = "; ".join(f"{t.name}: {'/'.join(t.dtypes)}" for t in model.tensors)
    attrs = ", ".join(f"{a.name} ({a.kind})" for a in plan.attrs) or "none"
    fields = ", ".join(f"{s.name} ({s.cpp_type})" for s in model.scalars) or "none"
    macros = "\n".join(f"- `{t.macro}`: the element type of `{t.name}`." for t in model.tensors)
    todo_text = ("Nothing: every value of the tiling was derived from " + plan.source + "." if not todo else
                 "The tiling function fails (`ge::GRAPH_FAILED`) until you fill in what pyasc could not derive; each "
                 f"place is marked `{USER_MARK}` in `op_host/{snake}/{snake}_host.cpp`:\n"
                 + "\n".join(f"- {t}" for t in todo))
    cpp_scalar = {"Int": "int64_t", "Float": "double", "Bool": "bool"}
    torch_cpp_args = ", ".join([f"const at::Tensor& {t.name}" for t in model.inputs]
                               + [f"{cpp_scalar[a.kind]} {a.name}" for a in plan.attrs])
    schema_type = {"Int": "int", "Float": "float", "Bool": "bool"}
    torch_schema = ", ".join([f"Tensor {t.name}" for t in model.inputs]
                             + [f"{schema_type[a.kind]} {a.name}" for a in plan.attrs])
    first_out = model.outputs[0].name
    first_in = model.inputs[0].name if model.inputs else first_out
    exec_args = ", ".join([t.name for t in model.inputs] + [a.name for a in plan.attrs] + [first_out])
    py_args = ", ".join([t.name for t in model.inputs] + [a.name for a in plan.attrs])
    return f"""# {op}: an operator project exported by pyasc

Exported from `{source_name}` (kernel `{model.kernel.name}`) for {compute_unit(soc_name)}.

| | |
|---|---|
| inputs | {ins or 'none'} |
| outputs | {outs} |
| dtypes (one column per supported combination) | {dtypes} |
| attributes | {attrs} |
| tiling fields | {fields} |

## Files

- `op_kernel/{snake}/{snake}_kernel.cpp`: the Ascend C pyasc generated, with the entry `{snake}` the op build calls.
- `op_kernel/{snake}/{snake}_tiling.h`: `{model.tiling_struct}`, the kernel's scalar parameters.
- `op_host/{snake}/{snake}_host.cpp`: the `OpDef` (inputs, outputs, dtypes, formats), `InferShape`,
  `InferDataType` and the tiling function.
- `CMakeLists.txt`, `op_host/CMakeLists.txt`, `op_kernel/CMakeLists.txt`: the op build.

## What is left to you

{todo_text}

`InferShape` gives every output the shape of the first input, as element-wise operators need; change it if yours
differ.

## Build and install (needs CANN)

```bash
source ${{ASCEND_HOME_PATH:-/usr/local/Ascend/ascend-toolkit/latest}}/../set_env.sh   # or your install's set_env.sh
mkdir -p build && cd build
cmake .. && make -j binary package
./custom_opp_*.run          # installs the operator package into CANN's vendors directory
```

The op build defines, for the kernel file:
- `GET_TILING_DATA(var, tiling)`: declares `var` as a `{model.tiling_struct}` read from the `tiling` argument.
- `REGISTER_TILING_DEFAULT(type)`: registers the tiling struct type of the kernel.
{macros}

`pyasc export` checks the kernel file with these macros defined as the op build defines them, once per dtype
combination.

## Call it

Through aclnn (the op build generates `aclnn{op}` in `aclnn_{snake}.h`):

```cpp
#include "aclnn_{snake}.h"
uint64_t workspaceSize = 0;
aclOpExecutor* executor = nullptr;
aclnn{op}GetWorkspaceSize({_aclnn_args(model, plan).replace('aclTensor* ', '')}, &workspaceSize, &executor);
// allocate workspaceSize bytes of device memory as `workspace` (when non-zero), then
aclnn{op}(workspace, workspaceSize, executor, stream);
```

From PyTorch on the NPU: register a torch op whose NPU implementation calls the aclnn operator. With torch_npu's
op-plugin headers (`op_plugin/utils/op_api_common.h`, which defines `EXEC_NPU_CMD`):

```cpp
#include <torch/extension.h>
#include "op_plugin/utils/op_api_common.h"

at::Tensor {snake}_npu({torch_cpp_args})
{{
    at::Tensor {first_out} = at::empty_like({first_in});
    EXEC_NPU_CMD(aclnn{op}, {exec_args});
    return {first_out};
}}

TORCH_LIBRARY(pyasc_ops, m) {{ m.def("{snake}({torch_schema}) -> Tensor"); }}
TORCH_LIBRARY_IMPL(pyasc_ops, PrivateUse1, m) {{ m.impl("{snake}", TORCH_FN({snake}_npu)); }}
```

then, in Python, `torch.ops.load_library("lib<your extension>.so")` and
`torch.ops.pyasc_ops.{snake}({py_args})` on NPU tensors. Without an NPU, run the same kernel on pyasc's simulator:
`pyasc run {source_name}`.
"""
