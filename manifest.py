# MicroPython manifest: freezes the firmware's packages into a MicroPython build, so their
# bytecode runs from flash and the heap holds only the app's data (docs/FLASHING.md,
# "Frozen build"):
#     make -C ports/esp32 BOARD=ESP32_GENERIC FROZEN_MANIFEST=/path/to/repo/manifest.py
# Then `make flash BOARD=tdisplay FROZEN=1` puts only the small files on the filesystem:
# main.py, start.mpy (firmware/main.py: a manifest keeps each file's name, and frozen as
# main it would be the boot script, which only defines functions) and board.mpy (one
# per board). Paths are relative to this file.
include("$(PORT_DIR)/boards/manifest.py")  # what the port freezes anyway (asyncio, ...)

# The translation sources (app/lang_XX.py) are frozen too, though the board reads their
# compiled lang_XX.bin: their texts become the build's interned strings, and MicroPython
# makes a string read from the file that equals one of them without a copy of its text
# on the heap (the frozen device fits from 1 KB less: 41,728 B against 42,752 B).
package("app", base_path="firmware")
package("truc", base_path="firmware")
package("ui", base_path="firmware")
package("hw", base_path="firmware")
