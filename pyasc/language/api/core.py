"""Core classes: global and local tensors and the parameter structs."""

from __future__ import annotations

from ..spec import ClassSpec, api, parse_signature

CLASSES: list[ClassSpec] = [
    ClassSpec(
        name="GlobalTensor",
        family="core",
        doc="A view of Global Memory; its dtype comes from the GlobalAddress given to set_global_buffer.",
        cpp="AscendC::GlobalTensor<{T}>",
        constructors=(parse_signature("()", "AscendC::GlobalTensor"),),
        methods={
            "set_global_buffer": api(
                "GlobalTensor.set_global_buffer",
                "core",
                "Point the tensor at a Global Memory address, optionally with its size in elements.",
                [("(self, buffer: GlobalAddress, buffer_size: Optional[int] = None) -> None",
                  "{self}.SetGlobalBuffer({buffer}{,buffer_size})")],
                pipe="S",
            ),
            "get_value": api(
                "GlobalTensor.get_value",
                "core",
                "Read one element (a scalar access to Global Memory).",
                [("(self, offset: int) -> Scalar[self]", "{self}.GetValue({offset})")],
                pipe="S",
            ),
        },
        declared=True,
    ),
    ClassSpec(
        name="LocalTensor",
        family="core",
        doc="A tensor in on-chip memory (Unified Buffer for VECIN/VECOUT/VECCALC).",
        cpp="AscendC::LocalTensor<{T}>",
        constructors=(
            parse_signature(
                "(dtype: DataType, pos: TPosition = TPosition.VECIN, addr: int = 0, tile_size: int = 0)",
                "AscendC::LocalTensor<{dtype:type}>({pos}, {addr}, {tile_size})",
            ),
        ),
        methods={
            "get_value": api(
                "LocalTensor.get_value",
                "core",
                "Read one element with the scalar unit.",
                [("(self, index: int) -> Scalar[self]", "{self}.GetValue({index})")],
                pipe="S",
            ),
            "set_value": api(
                "LocalTensor.set_value",
                "core",
                "Write one element with the scalar unit.",
                [("(self, index: int, value: Number) -> None", "{self}.SetValue({index}, {value:T})")],
                pipe="S",
            ),
        },
    ),
    ClassSpec(
        name="BinaryRepeatParams",
        family="core",
        doc="Strides of a binary vector instruction's repeat form, in 32-byte blocks.",
        cpp="AscendC::BinaryRepeatParams",
        constructors=(
            parse_signature(
                "(dst_blk_stride: int = 1, src0_blk_stride: int = 1, src1_blk_stride: int = 1,"
                " dst_rep_stride: int = 8, src0_rep_stride: int = 8, src1_rep_stride: int = 8)",
                "AscendC::BinaryRepeatParams({dst_blk_stride}, {src0_blk_stride}, {src1_blk_stride},"
                " {dst_rep_stride}, {src0_rep_stride}, {src1_rep_stride})",
            ),
        ),
        fields=("dst_blk_stride", "src0_blk_stride", "src1_blk_stride", "dst_rep_stride", "src0_rep_stride",
                "src1_rep_stride"),
    ),
]
