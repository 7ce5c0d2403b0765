"""Every screen name the firmware opens (app.open, app.replace) is in app.app.SCREENS, the
router's table: a name missing from it fails only when a player reaches that press.
Read from the sources' syntax trees: a name written out is checked; a name in a
variable is checked through what the function can hand it (the literals of an
`x in (...)` test guarding the call, or the values of the module's menu items that no
`x == "..."` branch of the function takes first)."""
import ast
import glob
import os

from app.app import SCREENS
from tools.mpbuild import ROOT

SOURCES = sorted(glob.glob(os.path.join(ROOT, "firmware", "**", "*.py"), recursive=True))


def _is_open(node):
    """A call of app.open / app.replace (self.open / self.replace in the App itself)."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("open", "replace") and isinstance(node.func.value, ast.Name)
            and node.func.value.id in ("app", "self") and node.args)


def _literals(node):
    return [n.value for n in ast.walk(node)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def _item_values(tree):
    """The values of the module's menu items: the second of each (t("..."), "value")."""
    return {n.elts[1].value for n in ast.walk(tree)
            if isinstance(n, ast.Tuple) and len(n.elts) == 2
            and isinstance(n.elts[0], ast.Call) and getattr(n.elts[0].func, "id", "") == "t"
            and isinstance(n.elts[1], ast.Constant) and isinstance(n.elts[1].value, str)}


def _guard(function, call):
    """The literals of an `if NAME in (...)` whose body holds the call, else None."""
    for node in ast.walk(function):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Compare) \
                and isinstance(node.test.ops[0], ast.In) \
                and any(call is n for stmt in node.body for n in ast.walk(stmt)):
            return _literals(node.test.comparators[0])
    return None


def _taken_first(function, name):
    """The literals the function's `name == "..."` tests take before a catch-all."""
    return {c.comparators[0].value for c in ast.walk(function)
            if isinstance(c, ast.Compare) and isinstance(c.ops[0], ast.Eq)
            and isinstance(c.left, ast.Name) and c.left.id == name
            and isinstance(c.comparators[0], ast.Constant)}


def opened(paths=SOURCES):
    """(where, screen name) of every name the firmware (paths) can open, and the calls
    whose name could not be followed."""
    found, unknown = [], []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        rel = os.path.relpath(path, ROOT)
        for function in [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]:
            for call in [n for n in ast.walk(function) if _is_open(n)]:
                arg = call.args[0]
                where = "%s:%d" % (rel, call.lineno)
                if isinstance(arg, ast.Constant):
                    found.append((where, arg.value))
                elif isinstance(arg, ast.Name) and function.name in ("open", "replace") \
                        and arg.id in [a.arg for a in function.args.args]:
                    continue  # the router's own: replace hands its name to open
                elif isinstance(arg, ast.Name):
                    names = _guard(function, call)
                    if names is None:
                        names = sorted(_item_values(tree) - _taken_first(function, arg.id))
                    found.extend((where, n) for n in names)
                    if not names:
                        unknown.append(where)
                else:
                    unknown.append(where)
    return found, unknown


def test_every_screen_the_firmware_opens_is_in_the_router_table():
    found, unknown = opened()
    assert not unknown, "a screen name these tests cannot follow: %s" % unknown
    assert not [(w, n) for w, n in found if n not in SCREENS]
    # The scan sees the opens by variable (the main menu's and the actions' items).
    names = {n for _, n in found}
    assert {"pastmatches", "settingsmenu", "showentry", "language", "summary"} <= names


def test_the_scan_catches_a_name_missing_from_the_table(tmp_path):
    source = tmp_path / "screen.py"
    source.write_text('from app.i18n import t\n\n'
                      'ITEMS = [(t("Back"), "back"), (t("Lost"), "lost")]\n\n\n'
                      'def choose(self, app, value):\n'
                      '    if value in ("adjust", "gone"):\n'
                      '        app.replace(value)\n'
                      '    elif value == "back":\n'
                      '        app.pop()\n'
                      '    else:\n'
                      '        app.open(value)\n'
                      '    app.open("nowhere", 1)\n'
                      '    app.open(self.name)\n', encoding="utf-8")
    found, unknown = opened([str(source)])
    missing = sorted(n for _, n in found if n not in SCREENS)
    assert missing == ["gone", "lost", "nowhere"] and len(unknown) == 1
