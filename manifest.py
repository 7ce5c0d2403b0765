# MicroPython manifest: freezes the firmware's packages into a MicroPython build, so their
# bytecode runs from flash and the heap holds only the app's data (docs/FLASHING.md,
# "Frozen build"):
#     make -C ports/esp32 BOARD=ESP32_GENERIC FROZEN_MANIFEST=/path/to/repo/manifest.py
# Then `make flash BOARD=tdisplay FROZEN=1` puts only the small files on the filesystem:
# main.py, start.mpy (firmware/main.py: a manifest keeps each file's name, and frozen as
# main it would be the boot script, which only defines functions) and board.mpy (one
# per board). Paths are relative to this file.
include("$(PORT_DIR)/boards/manifest.py")  # what the port freezes anyway (asyncio, ...)

import os  # noqa: E402  (manifestfile runs this with the cwd at this file's folder)

# Every module of the firmware's packages but the translation sources (app/lang_XX.py):
# the board reads their compiled lang_XX.bin, as a deploy sends it.
for name in ("app", "truc", "ui", "hw"):
    package(name, base_path="firmware",
            files=sorted(f for f in os.listdir(os.path.join("firmware", name))
                         if f.endswith(".py") and not f.startswith("lang_")))
