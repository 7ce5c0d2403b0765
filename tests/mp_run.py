# Test runner for the MicroPython unix port (it has no unittest or pytest).
# Usage: micropython -X heapsize=64K tests/mp_run.py MODULE
# Runs every test_* function of tests/MODULE.py and prints "N passed, N failed".
import gc
import sys

sys.path.insert(0, "tests")
sys.path.insert(0, "firmware")


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


sys.exit(1 if run(sys.argv[1]) else 0)
