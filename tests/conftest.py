# pytest on CPython: firmware modules and the CPython stand-ins for MicroPython-only
# modules are importable exactly as they are on the device.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for sub in ("sim/stand_ins", "firmware", "tests", ""):
    path = os.path.join(ROOT, sub)
    if path not in sys.path:
        sys.path.insert(0, path)

# MicroPython-only tests (they measure the MicroPython heap).
collect_ignore = ["test_no_alloc.py", "test_out_of_memory.py"]
