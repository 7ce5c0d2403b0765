"""test_no_alloc and test_canvas on the 32-bit MicroPython unix port too (an ESP32's
object sizes): there an int of 2**30 or more is a long int on the heap, which the 64-bit
port in .venv never shows. Skips, saying why, without that port (tools/mp32.py)."""
import os
import subprocess
import sys

import pytest

from tools import mp32

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_nothing_allocates_on_the_32_bit_port():
    binary, why = mp32.plain(build=False)
    if not binary:
        pytest.skip("no 32-bit MicroPython port: " + why)
    proc = subprocess.run([sys.executable, "tests/run_micropython.py", "test_no_alloc",
                           "test_canvas"], cwd=ROOT, capture_output=True, text=True,
                          env=dict(os.environ, MICROPYTHON=binary), timeout=900)
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    assert "micropython: 12 passed, 0 failed" in out, out
