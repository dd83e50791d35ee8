"""Helpers returning several values (a tuple, a list, constants): their results are out-parameters, so a call made
for its effects alone passes variables for them, and a returned list gives its items as a tuple does."""

import asc


@asc.jit
def split_range(total: int, parts: int):
    step = total // parts
    return step, total - step * (parts - 1)


@asc.jit
def bounds(lo: int, hi: int):
    edges = [lo, hi, hi - lo]
    return edges


@asc.jit
def defaults():
    depth = 2
    enabled = True
    return depth, enabled


@asc.jit
def tiles(total: int):
    split_range(total, 4)
    bounds(0, total)
    defaults()
    step, last = split_range(total, 8)
    lo, hi, width = bounds(step, last)
    depth, enabled = defaults()
    if enabled:
        asc.printf("%d %d %d %d\n", lo, hi, width, depth)
