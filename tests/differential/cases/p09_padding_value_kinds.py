"""Point 9: set_load_data_padding_value takes an integer or a float (Ascend C's SetLoadDataPaddingValue<T>)."""

import asc

PAD = 3


@asc.jit
def set_pads(scale: float) -> None:
    asc.set_load_data_padding_value(PAD)
    asc.set_load_data_padding_value(0.25)
    asc.set_load_data_padding_value(scale)


def launch():
    set_pads[1](0.5)
