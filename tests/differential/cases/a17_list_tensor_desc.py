"""ListTensorDesc and TensorDesc as their pages show them: the keyword constructor, get_data_ptr of an index with a
dtype, get_desc into a TensorDesc (default and float16), init of a default-constructed list, get_size, and the
TensorDesc getters: the data pointer of a typed TensorDesc sets up a GlobalTensor, get_data_obj gives one.  (CANN's
ListTensorDesc.init/get_desc/get_size and TensorDesc.set_shape_addr replace the object's handle, so each is
the last call on its object, and get_size's result is None.)"""

import asc
import numpy as np

N = 64


@asc.jit
def list_tensor_kernel(x: asc.GlobalAddress, z: asc.GlobalAddress) -> None:
    x_desc = asc.ListTensorDesc(data=x, length=0xffffffff, shape_size=0xffffffff)
    x_desc.get_data_ptr(index=0, dtype=asc.float16)
    x_desc.get_data_ptr(1, asc.float16)
    x_one = asc.TensorDesc(dtype=asc.float16)
    x_desc.get_desc(x_one, 0)
    in_gm = asc.GlobalTensor()
    in_gm.set_global_buffer(x_one.get_data_ptr(), N)
    z_desc = asc.ListTensorDesc(data=z, length=0xffffffff, shape_size=0xffffffff)
    y = asc.TensorDesc()
    z_desc.get_desc(y, index=0)
    dim = y.get_dim()
    index = y.get_index()
    extent = y.get_shape(0)
    out_gm = y.get_data_obj()
    y.set_shape_addr(0)
    other = asc.ListTensorDesc()
    other.init(data=z, length=0xffffffff, shape_size=0xffffffff)
    sized = asc.ListTensorDesc(data=x, length=0xffffffff, shape_size=0xffffffff)
    sized.get_size()
    pipe = asc.TPipe()
    buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(buf, N * 4)
    t = buf.get(asc.float32)
    h = buf.get(asc.float16)
    asc.data_copy(h, in_gm, N)
    asc.printf("%d %d %d\n", dim, index, extent)
    asc.cast(t, h, asc.RoundMode.CAST_NONE, N)
    asc.data_copy(out_gm, t, N)


def launch():
    list_tensor_kernel[1](np.ones(N, np.float16), np.zeros(N, np.float32))
