"""truc/loadcheck.py, Match.load's checks of a base state, is a module of its own so that
its bytecode leaves the heap after the boot: it restates the state's layout, which must
be truc/match.py's, byte for byte. (What the checks refuse: tests/test_journal.py.)"""
import ast
import os

from tools.mpbuild import ROOT


def _consts(name):
    # {NAME: value} of the module's NAME = const(value) lines.
    with open(os.path.join(ROOT, "firmware", "truc", name), encoding="utf-8") as f:
        tree = ast.parse(f.read())
    return {n.targets[0].id: n.value.args[0].value for n in tree.body
            if isinstance(n, ast.Assign) and isinstance(n.value, ast.Call)
            and getattr(n.value.func, "id", "") == "const"}


def test_the_checks_read_the_state_as_the_match_lays_it_out():
    checks, match = _consts("loadcheck.py"), _consts("match.py")
    assert len(checks) > 20
    assert {k: match.get(k) for k in checks} == checks

