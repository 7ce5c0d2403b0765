"""Runs the dual-runtime tests (tests/test_*.py) on the MicroPython unix port.

Each module runs in its own `micropython` process with a capped heap, so one module's
code does not count against another's heap. Prints a summary line "micropython: N passed,
N failed" and exits non-zero if anything failed.
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEAP = os.environ.get("MP_HEAP", "64K")


def micropython():
    exe = os.path.join(os.path.dirname(sys.executable), "micropython")
    return exe if os.path.exists(exe) else "micropython"


def main():
    modules = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "tests"))
                     if f.startswith("test_") and f.endswith(".py"))
    passed = failed = 0
    for m in modules:
        proc = subprocess.run([micropython(), "-X", "heapsize=" + HEAP, "tests/mp_run.py", m],
                              cwd=ROOT, capture_output=True, text=True, timeout=600)
        out = proc.stdout + proc.stderr
        counts = re.findall(r"^(\d+) passed, (\d+) failed$", out, re.M)
        if counts:
            p, f = int(counts[-1][0]), int(counts[-1][1])
        else:  # crashed before reporting (import error, out of memory...)
            p, f = 0, 1
        if f or proc.returncode:
            sys.stdout.write(out)
        print("  %-28s %3d passed, %d failed" % (m, p, f))
        passed += p
        failed += f or (1 if proc.returncode and not f else 0)
    print("micropython: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
