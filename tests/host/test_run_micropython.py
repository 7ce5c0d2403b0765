"""The MicroPython suite passes wherever the repository lies: a copy of it in a folder
whose path is 150 characters long runs it there (MicroPython keeps each imported
module's path in its heap, so absolute paths once made the same commit fail in a
longer folder: tests/run_micropython.py says how it avoids that)."""
import os
import subprocess
import sys

from repocopy import copy_tracked

SWEEPS = ("test_slices", "test_layout")  # what make check leaves out: minutes, no path


def test_the_micropython_suite_passes_in_a_folder_150_characters_long(tmp_path):
    base = str(tmp_path) + os.sep
    clone = base + "x" * (150 - len(base))
    assert len(clone) == 150
    copy_tracked(clone)
    modules = sorted(f[:-3] for f in os.listdir(os.path.join(clone, "tests"))
                     if f.startswith("test_") and f.endswith(".py") and f[:-3] not in SWEEPS)
    proc = subprocess.run([sys.executable, "tests/run_micropython.py"] + modules, cwd=clone,
                          capture_output=True, text=True, timeout=1800)
    assert proc.returncode == 0, proc.stdout[-4000:] + proc.stderr[-2000:]
    assert "micropython: " in proc.stdout and " 0 failed" in proc.stdout.splitlines()[-1]
