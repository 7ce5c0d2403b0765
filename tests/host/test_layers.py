"""The layers point one way: the engine imports nothing of the rest, the hardware nothing
of the app, the app core no screen, and no screen another (screens are opened by name
through app.app.App.open); no module reaches itself through its imports, and the
simulator imports nothing of the host tools, which stand on it. Read from the sources'
import statements, in-function ones too."""
import ast
import glob
import os
import re

from app.app import SCREENS as ROUTER_SCREENS
from tools.mpbuild import ROOT

FIRMWARE = os.path.join(ROOT, "firmware")


def _module(path, root=FIRMWARE):
    rel = os.path.relpath(path, root)[:-3].replace(os.sep, ".")
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
# The host's: the simulator (its stand-ins are the device's own modules, not its) and the
# tools, named from the repository's root.
HOST = {_module(p, ROOT): _imports(p) for folder in ("sim", "tools")
        for p in glob.glob(os.path.join(ROOT, folder, "**", "*.py"), recursive=True)
        if os.sep + "stand_ins" + os.sep not in p}


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


def _circles(modules):
    # Every circle of imports among modules (a module reaching itself), as the list of
    # the modules it passes through: a depth-first walk that keeps the path it is on.
    found = []
    done = set()

    def walk(m, path):
        if m in path:
            found.append(path[path.index(m):] + [m])
            return
        if m in done:
            return
        path.append(m)
        for i in sorted(modules[m]):
            if i in modules and i != m:
                walk(i, path)
        path.pop()
        done.add(m)

    for m in sorted(modules):
        walk(m, [])
    return found


def test_no_module_reaches_itself_through_its_imports():
    # A circle makes each module's import wait on the other's, and neither can be
    # understood, tested or dropped from the heap alone.
    assert not _circles(MODULES), _circles(MODULES)
    assert not _circles(HOST), _circles(HOST)


def test_a_circle_is_found():
    assert _circles({"a": {"b"}, "b": {"c", "d"}, "c": {"a"}, "d": set()}) == [
        ["a", "b", "c", "a"]]


def test_the_simulator_imports_nothing_of_the_tools():
    # The tools stand on the simulator (tools/__init__.py imports sim): what both need
    # lives in sim or below it.
    bad = {m: sorted(i for i in found if i == "tools" or i.startswith("tools."))
           for m, found in HOST.items() if m == "sim" or m.startswith("sim.")}
    assert not {m: i for m, i in bad.items() if i}, bad


def _layers_table():
    # docs/DEVELOPING.md, "The layers": {the row's firmware path: the names in backquotes}.
    with open(os.path.join(ROOT, "docs", "DEVELOPING.md"), encoding="utf-8") as f:
        text = f.read().split("\n## The layers\n", 1)[1].split("\n## ", 1)[0]
    return {m.group(1): re.findall(r"`([^`]+)`", m.group(2))
            for m in re.finditer(r"^\| `firmware/([^`]+)` \|(.*)\|$", text, re.M)}


def test_the_layers_table_names_every_firmware_module_and_no_other():
    # Each package's row names each of its modules (the languages' texts aside: one
    # more comes by the recipe), and a module named anywhere in the table as pkg.name
    # exists; each file at the top of firmware/ has a row of its own.
    table = _layers_table()
    packages = sorted(f for f in os.listdir(FIRMWARE)
                      if os.path.isfile(os.path.join(FIRMWARE, f, "__init__.py")))
    top = sorted(f for f in os.listdir(FIRMWARE) if f.endswith(".py"))
    assert sorted(table) == sorted([p + "/" for p in packages] + top)
    for package in packages:
        named = {n for n in table[package + "/"] if re.fullmatch(r"[a-z_][a-z0-9_]*", n)}
        modules = {m.split(".", 1)[1] for m in MODULES
                   if m.startswith(package + ".") and not m.startswith("app.lang_")}
        assert named == modules, (package, "not named:", sorted(modules - named),
                                  "no such module:", sorted(named - modules))
    dotted = {n for row in table.values() for n in row  # truc.cfg is a file's name
              if re.fullmatch(r"[a-z_]+\.[a-z_]+", n) and n.split(".")[0] in packages
              and n.split(".")[1] not in ("cfg", "log", "bin", "html")}
    assert dotted <= set(MODULES), sorted(dotted - set(MODULES))
