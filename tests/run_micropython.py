"""Runs the dual-runtime tests (tests/test_*.py) on the MicroPython unix port.

Like the device, MicroPython gets the firmware as .mpy files compiled by mpy-cross
(compiling from source would need far more heap than running). The tests are compiled
too. Each test module runs in its own `micropython` process with a capped heap, so one
module's code does not count against another's. Prints "micropython: N passed, N failed"
and exits non-zero if anything failed. Names on the command line (test_app ...) run
just those modules. $MICROPYTHON names another binary (the 32-bit port, for one).

Heap caps: 64 KB, or a module's "# mp-heap:" line. Each cap is at least an eighth and at
least 8 KB above the smallest heap its module passes in, rounded up to 8 KB, so that code
growing by a little does not fail a test far from it. `--smallest test_x ...` measures
that heap (a bisection to 1 KB); measure again when a module's cap is near. Nothing
depends on where the repository lies: the modules are compiled and found under names
relative to it (see BUILT).
"""
import os
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# One build folder per run (runs may overlap), named relative to ROOT, where the tests run,
# and of one length whatever the pid: MicroPython keeps each imported module's path as a
# qstr in the heap for good, so an absolute path would make a clone in a longer folder run
# short of heap, and a longer pid too.
BUILT = os.path.join("build", "mp-%07d" % os.getpid())
BUILD = os.path.join(ROOT, BUILT)
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
        build()
        if sys.argv[1:2] == ["--smallest"]:
            return smallest(sys.argv[2:])
        return run_all()
    finally:
        shutil.rmtree(BUILD, ignore_errors=True)


def run(module, heap_size):
    """Runs the module's tests in a micropython of heap_size ("64K"); the process."""
    paths = [os.path.join(BUILT, "tests"), os.path.join(BUILT, "firmware"), BUILT]
    return subprocess.run([BINARY or tool("micropython"), "-X", "heapsize=" + heap_size,
                           "tests/mp_run.py", module] + paths,
                          cwd=ROOT, capture_output=True, text=True, timeout=900)


def smallest(modules):
    """Prints the smallest heap, to 1 KB, in which each module passes, beside its cap."""
    for m in modules:
        low, high = 8, int(heap(m)[:-1])
        if run(m, heap(m)).returncode:
            print("  %-28s fails in its cap, %s" % (m, heap(m)))
            continue
        while high - low > 1:
            mid = (low + high) // 2
            if run(m, "%dK" % mid).returncode:
                low = mid
            else:
                high = mid
        print("  %-28s passes in %dK (cap %s)" % (m, high, heap(m)))
    return 0


def build():
    compile_tree("firmware", BUILD)
    compile_tree("tests", BUILD, recurse=False)
    for path in SHARED:
        proc = compile_file(path, os.path.join(BUILD, path[:-3] + ".mpy"))
        if proc.returncode:
            raise SystemExit("mpy-cross %s: %s" % (path, proc.stderr.strip()))


def run_all():
    modules = sorted(f[:-3] for f in os.listdir(os.path.join(ROOT, "tests"))
                     if f.startswith("test_") and f.endswith(".py"))
    if sys.argv[1:]:  # run_micropython.py test_app test_journal: just those
        modules = [m for m in modules if m in sys.argv[1:]]
    passed = failed = 0
    for m in modules:
        proc = run(m, heap(m))
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
