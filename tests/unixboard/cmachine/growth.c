// The heap growth of stock ESP32 MicroPython, for the 32-bit port tools/mp32.py builds
// with MICROPY_GC_SPLIT_HEAP_AUTO (mp32.grown()). Out of heap, and still out after a
// collection, py/gc.c adds an area as large as the heap so far, if the port says there
// is room for it. The ESP32 port sizes its 56 KB starting heap so that its internal RAM
// has room to double it once (and still start WiFi): here, room once, then none.
#include "py/mpstate.h"
#include "py/gc.h"

#if MICROPY_GC_SPLIT_HEAP_AUTO
size_t gc_get_max_new_split(void) {
    // Enough for an area as large as the heap so far (gc.c grows by that), while none
    // has been added.
    return MP_STATE_MEM(area).next == NULL ? (size_t)-1 / 2 : 0;
}
#endif
