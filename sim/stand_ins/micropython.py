"""CPython stand-in for MicroPython's `micropython` module: only what firmware uses."""


def const(value):
    return value
