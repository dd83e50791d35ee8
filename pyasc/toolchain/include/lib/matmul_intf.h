// The Matmul API's include, as generated kernels that use Matmul write it. The bundled kernel_operator.h declares
// Matmul itself (pyasc's C++ checks model one header), so this file only forwards to it.
#include "kernel_operator.h"
