"""The layers point one way: the engine imports nothing of the rest, the hardware nothing
of the app, the app core no screen, and no screen another (screens are opened by name
through app.app.App.open). Read from the sources' import statements, in-function ones too."""
import ast
import glob
import os

from app.app import SCREENS as ROUTER_SCREENS
from tools.mpbuild import ROOT

FIRMWARE = os.path.join(ROOT, "firmware")


def _module(path):
    rel = os.path.relpath(path, FIRMWARE)[:-3].replace(os.sep, ".")
    return rel[:-9] if rel.endswith(".__init__") else rel


def _imports(path):
    with open(path, encoding="utf-8") as f:
        tree = ast.parse(f.read(), path)
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
            found.update(node.module + "." + a.name for a in node.names)
    return found


MODULES = {_module(p): _imports(p) for p in glob.glob(os.path.join(FIRMWARE, "**", "*.py"),
                                                        recursive=True)}


def _is_screen(name):
    # A screen module is one the router can open: it has make(app, arg).
    path = os.path.join(FIRMWARE, *name.split(".")) + ".py"
    with open(path, encoding="utf-8") as f:
        return "\ndef make(app, " in f.read()


SCREENS = {"app." + name for name in ROUTER_SCREENS}


def _reaching(prefix):
    return {m: sorted(i for i in MODULES[m] if i == prefix or i.startswith(prefix + "."))
            for m in MODULES}


def test_every_screen_module_is_in_the_routers_table():
    # open() and tools/deploy.py know a screen only through app.app.SCREENS.
    assert {m for m in MODULES if m.startswith("app.") and _is_screen(m)} == SCREENS


def test_the_engine_imports_only_itself():
    for m, found in MODULES.items():
        if m.startswith("truc"):
            assert all(i.startswith(("truc", "micropython")) for i in found), (m, found)


def test_the_hardware_imports_nothing_of_the_app():
    bad = {m: i for m, i in _reaching("app").items() if m.startswith("hw") and i}
    assert not bad, bad


def test_the_app_core_imports_no_screen():
    assert not set(MODULES["app.app"]) & SCREENS


def test_no_screen_imports_another():
    bad = {m: sorted(set(MODULES[m]) & SCREENS) for m in MODULES if set(MODULES[m]) & SCREENS}
    assert not bad, bad
