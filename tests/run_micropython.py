"""Runs the dual-runtime tests (tests/test_*.py) on the MicroPython unix port.

Like the device, MicroPython gets the firmware as .mpy files compiled by mpy-cross
(compiling from source would need far more heap than running). The tests are compiled
too. Each test module runs in its own `micropython` process with a capped heap, so one
module's code does not count against another's. Prints "micropython: N passed, N failed"
and exits non-zero if anything failed. Names on the command line (test_app ...) run
just those modules. $MICROPYTHON names another binary (the 32-bit port, for one).
"""
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BUILD = os.path.join(ROOT, "build", "mp-%d" % os.getpid())  # one per run: runs may overlap
HEAP = os.environ.get("MP_HEAP", "64K")
BINARY = os.environ.get("MICROPYTHON")
sys.path.insert(0, ROOT)
from tools.mpbuild import compile_file, compile_tree, tool  # noqa: E402

# The tools the tests share with the host tools, which run on both runtimes too: imported
# as tools.NAME (MicroPython takes a folder without __init__ for a package).
SHARED = ("tools/play.py", "tools/dictfs.py", "tools/scenes.py", "tools/randplay.py")


def heap(module):
    """The module's own heap cap, from a "# mp-heap: 160K" line, else HEAP."""
    with open(os.path.join(ROOT, "tests", module + ".py"), encoding="utf-8") as f:
        found = re.search(r"^# mp-heap: (\w+)", f.read(), re.M)
    return found.group(1) if found else HEAP


def main():
    shutil.rmtree(BUILD, ignore_errors=True)  # no stale module may answer an import
    try:
        return run_all()
    finally:
        shutil.rmtree(BUILD, ignore_errors=True)


def run_all():
    compile_tree("firmware", BUILD)
    compile_tree("tests", BUILD, recurse=False)
    for path in SHARED:
        proc = compile_file(path, os.path.join(BUILD, path[:-3] + ".mpy"))
        if proc.returncode:
            raise SystemExit("mpy-cross %s: %s" % (path, proc.stderr.strip()))
    modules = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "tests"))
                     if f.startswith("test_") and f.endswith(".py"))
    if sys.argv[1:]:  # run_micropython.py test_app test_journal: just those
        modules = [m for m in modules if m in sys.argv[1:]]
    paths = [os.path.join(BUILD, "tests"), os.path.join(BUILD, "firmware"), BUILD]
    passed = failed = 0
    for m in modules:
        proc = subprocess.run([BINARY or tool("micropython"), "-X", "heapsize=" + heap(m),
                               "tests/mp_run.py", m] + paths,
                              cwd=ROOT, capture_output=True, text=True, timeout=900)
        out = proc.stdout + proc.stderr
        counts = re.findall(r"^(\d+) passed, (\d+) failed$", out, re.M)
        p, f = (int(counts[-1][0]), int(counts[-1][1])) if counts else (0, 0)
        if proc.returncode and not f:
            f = 1  # crashed before reporting (import error, out of memory...)
        if f:
            sys.stdout.write(out)
        print("  %-28s %3d passed, %d failed  (heap %s)" % (m, p, f, heap(m)))
        passed += p
        failed += f
    print("micropython: %d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
