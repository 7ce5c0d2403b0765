# pytest on CPython: the tests' helpers, the project's packages (sim, tools), and through
# sim the firmware and the CPython stand-ins for MicroPython-only modules, importable
# exactly as they are on the device.
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for path in (os.path.join(ROOT, "tests"), ROOT):
    if path not in sys.path:
        sys.path.insert(0, path)
import sim  # noqa: E402,F401

# MicroPython-only tests (they measure the MicroPython heap).
collect_ignore = ["test_no_alloc.py", "test_out_of_memory.py"]
