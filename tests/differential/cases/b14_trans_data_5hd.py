"""trans_data_to_5hd in its three forms: lists of tensors, lists of physical addresses (get_phy_addr), and uint64
tensors holding the addresses (set_value), with TransDataTo5HDParams by keyword."""

import asc
import numpy as np


@asc.jit
def five_hd_kernel(x: asc.GlobalAddress, y: asc.GlobalAddress) -> None:
    x_gm = asc.GlobalTensor()
    y_gm = asc.GlobalTensor()
    x_gm.set_global_buffer(x, 256)
    y_gm.set_global_buffer(y, 256)
    pipe = asc.TPipe()
    in_buf = asc.TBuf(asc.TPosition.VECCALC)
    out_buf = asc.TBuf(asc.TPosition.VECCALC)
    addr_buf = asc.TBuf(asc.TPosition.VECCALC)
    pipe.init_buffer(in_buf, 512)
    pipe.init_buffer(out_buf, 512)
    pipe.init_buffer(addr_buf, 256)
    x_local = in_buf.get(asc.float16)
    z_local = out_buf.get(asc.float16)
    asc.data_copy(x_local, x_gm, 256)
    asc.set_flag(asc.HardEvent.MTE2_V, 0)
    asc.wait_flag(asc.HardEvent.MTE2_V, 0)
    five = asc.TransDataTo5HDParams(dst_high_half=False, src_high_half=False, repeat_times=1, dst_rep_stride=0,
                                    src_rep_stride=0)
    dst_list = [z_local, z_local[16:], z_local[32:], z_local[48:], z_local[64:], z_local[80:], z_local[96:],
                z_local[112:], z_local[128:], z_local[144:], z_local[160:], z_local[176:], z_local[192:],
                z_local[208:], z_local[224:], z_local[240:]]
    src_list = [x_local, x_local[16:], x_local[32:], x_local[48:], x_local[64:], x_local[80:], x_local[96:],
                x_local[112:], x_local[128:], x_local[144:], x_local[160:], x_local[176:], x_local[192:],
                x_local[208:], x_local[224:], x_local[240:]]
    asc.trans_data_to_5hd(dst_list, src_list, five)
    src_addr = x_local.get_phy_addr()
    dst_addr = z_local.get_phy_addr()
    asc.trans_data_to_5hd([dst_addr, dst_addr, dst_addr, dst_addr, dst_addr, dst_addr, dst_addr, dst_addr,
                           dst_addr, dst_addr, dst_addr, dst_addr, dst_addr, dst_addr, dst_addr, dst_addr],
                          [src_addr, src_addr, src_addr, src_addr, src_addr, src_addr, src_addr, src_addr,
                           src_addr, src_addr, src_addr, src_addr, src_addr, src_addr, src_addr, src_addr], five)
    src_addrs = addr_buf.get(asc.uint64)
    dst_addrs = src_addrs[16:]
    src_addrs.set_value(0, src_addr)
    dst_addrs.set_value(0, dst_addr)
    asc.trans_data_to_5hd(dst_addrs, src_addrs, five)
    asc.set_flag(asc.HardEvent.V_MTE3, 0)
    asc.wait_flag(asc.HardEvent.V_MTE3, 0)
    asc.data_copy(y_gm, z_local, 256)


def launch():
    x = np.ones(256, np.float16)
    five_hd_kernel[1](x, np.zeros_like(x))
