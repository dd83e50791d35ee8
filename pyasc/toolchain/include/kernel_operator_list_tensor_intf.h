// The list-tensor API's include (ListTensorDesc, TensorDesc), as generated kernels that use it write it. The
// bundled kernel_operator.h declares those classes itself, so this file only forwards to it.
#include "kernel_operator.h"
