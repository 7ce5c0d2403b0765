# The milliseconds between two times of the board's clock (time.ticks_ms values), for
# everything that times itself: the keys, the power, the app's notices, sharing.
from micropython import const

_MASK = const(0x3FFFFFFF)  # ticks_ms period 2**30, minus one
_HALF = const(0x20000000)


def elapsed(now, then):
    """time.ticks_diff(now, then) for ticks_ms values, kept within small ints on 32-bit
    ports (2**30 is not one)."""
    d = (now - then) & _MASK
    if d >= _HALF:
        d = d - _MASK - 1
    return d
