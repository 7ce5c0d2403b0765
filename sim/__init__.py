"""The desktop simulator. Importing the package makes the firmware importable as on the
device, with the CPython stand-ins for MicroPython-only modules (machine, framebuf...)
ahead of it: the one place the host's sys.path is set up (tools and tests import sim)."""
import os
import sys

_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Each goes first: the stand-ins end up ahead.
for _sub in ("firmware", "sim/stand_ins"):
    _path = os.path.join(_ROOT, _sub)
    if _path not in sys.path:
        sys.path.insert(0, _path)
