# Test runner for the MicroPython unix port (it has no unittest or pytest).
# Usage: micropython -X heapsize=64K tests/mp_run.py MODULE DIR...
# Puts the DIRs on sys.path, runs every test_* function of MODULE and prints
# "N passed, N failed".
import gc
import sys


def run(name):
    module = __import__(name)
    names = sorted(n for n in dir(module) if n.startswith("test_"))
    passed = failed = 0
    for n in names:
        gc.collect()
        try:
            getattr(module, n)()
            passed += 1
        except Exception as e:  # report and go on: one failure must not hide the rest
            failed += 1
            print("FAIL %s.%s: %s %s" % (name, n, type(e).__name__, e))
            sys.print_exception(e)
    print("%d passed, %d failed" % (passed, failed))
    return failed


for _dir in reversed(sys.argv[2:]):
    sys.path.insert(0, _dir)
sys.exit(1 if run(sys.argv[1]) else 0)
