"""Facts defined once: the team letters in truc.rules.TEAMS, the team colours in
ui.canvas.TEAM (palette indices, whose RGB565 is PALETTE's); everything else reads them."""
import ast
import glob
import os

from tools.mpbuild import ROOT

SOURCES = [p for folder in ("firmware", "tools", "sim")
           for p in glob.glob(os.path.join(ROOT, folder, "**", "*.py"), recursive=True)
           if not os.path.basename(p).startswith("lang_")]


def _spelt(node):
    """What in node spells the team letters or colours out again, or None."""
    if isinstance(node, ast.Constant) and node.value == "AB":
        return '"AB"'
    if isinstance(node, ast.Tuple) and len(node.elts) >= 2:
        first = node.elts[:2]
        if all(isinstance(e, ast.Constant) for e in first) and \
                [e.value for e in first] == ["A", "B"]:
            return '("A", "B", ...)'
        names = [getattr(e, "attr", getattr(e, "id", None)) for e in first]
        if names == ["TEAM_A", "TEAM_B"]:
            return "(TEAM_A, TEAM_B)"
    return None


def test_team_letters_and_colours_are_defined_once():
    found = []
    for path in SOURCES:
        rel = os.path.relpath(path, ROOT)
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for node in ast.walk(tree):
            what = _spelt(node)
            if what:
                found.append("%s:%d %s" % (rel, node.lineno, what))
    # Where each is defined, whatever line that is on.
    assert sorted(f.split(":")[0] + " " + f.split(" ", 1)[1] for f in found) == [
        "firmware/truc/rules.py \"AB\"", "firmware/ui/canvas.py (TEAM_A, TEAM_B)"], found


def test_the_report_draws_the_teams_in_the_devices_colours():
    from sim.picture import rgb565
    from tools.report import COLOURS
    from ui.canvas import PALETTE, TEAM_A, TEAM_B

    assert COLOURS == (rgb565(PALETTE[TEAM_A]), rgb565(PALETTE[TEAM_B]))
