# One way to show that code allocates nothing, for the tests of both runtimes.
import gc
import sys

MICROPYTHON = sys.implementation.name == "micropython"


def locked(call):
    """call() with MicroPython's heap locked: an allocation in it raises MemoryError, and
    the heap in use must be the same after. Returns what call returned. CPython cannot
    lock its heap: there call() just runs (the tests check their preallocated state)."""
    if not MICROPYTHON:
        return call()
    import micropython

    gc.collect()
    before = gc.mem_alloc()
    micropython.heap_lock()
    try:
        result = call()
    finally:
        micropython.heap_unlock()
    assert gc.mem_alloc() == before
    return result
