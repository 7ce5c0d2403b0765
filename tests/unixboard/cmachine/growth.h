// Included first in every file of the port mp32.grown() builds (CFLAGS -include): the
// unix port's heap then grows as stock ESP32 MicroPython's does (growth.c). Only for the
// port itself (-DUNIX): mpy-cross, built by the same tool with the same flags, has no
// growth.c to link.
#ifdef UNIX
#define MICROPY_GC_SPLIT_HEAP (1)
#define MICROPY_GC_SPLIT_HEAP_AUTO (1)
#include <stdlib.h>  // py/gc.c's growth calls malloc without it
#endif
