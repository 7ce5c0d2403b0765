# MicroPython manifest: freezes the firmware's packages into a MicroPython build, so their
# bytecode runs from flash and the heap holds only the app's data (docs/FLASHING.md,
# "Frozen build"):
#     make -C ports/esp32 BOARD=ESP32_GENERIC FROZEN_MANIFEST=/path/to/repo/manifest.py
# Then `make flash BOARD=tdisplay FROZEN=1` puts only the small files on the filesystem:
# main.py, start.mpy (firmware/main.py: a manifest keeps each file's name, and frozen as
# main it would be the boot script, which only defines functions) and board.mpy (one
# per board). Paths are relative to this file.
include("$(PORT_DIR)/boards/manifest.py")  # what the port freezes anyway (asyncio, ...)

package("app", base_path="firmware")
package("truc", base_path="firmware")
package("ui", base_path="firmware")
package("hw", base_path="firmware")
