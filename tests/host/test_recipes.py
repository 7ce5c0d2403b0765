"""The recipes of docs/DEVELOPING.md, followed: each test adds a throw-away screen, board,
language or variant the way the recipe says (in a copy of the firmware, in a folder of
its own, or in the tables in memory) and runs it. A recipe that no longer works, or a
table it does not name, fails here."""
import json
import os
import shutil
import subprocess
import sys


import sim  # noqa: F401  (the firmware on sys.path)
from tools import deploy
from tools.mpbuild import ROOT
from tools.play import play
from repocopy import copy_tracked, edit

STAND_INS = os.path.join(ROOT, "sim", "stand_ins")

# Recipe "A screen", step 1: the module, app/NAME.py, with make(app, arg).
HELLO = '''# A throw-away screen: a question and two answers.
from app.menu import Menu


class Hello(Menu):
    def __init__(self):
        Menu.__init__(self, "Hello", [("Yes", 1), ("No", 0)])

    def choose(self, app, value):
        app.message = "said %d" % value
        app.pop()


def make(app, arg):
    return Hello()
'''
# What runs the new screen, on the copy of the firmware: an app, the screen opened by
# name, drawn, and its first answer chosen.
RUN_HELLO = '''
import json
from ui.canvas import Canvas
from ui import events as E
from truc.match import Match
from truc import tablelog
from app.app import App

match = Match()
tablelog.run(match, "variant valencia")
app = App(Canvas(240, 135), match=match)
app.render()
before = bytes(app.canvas.buffer)
out = {}
try:
    app.open("hello")
    app.render()
    out["top"] = app.top_name()
    out["drawn"] = bytes(app.canvas.buffer) != before
    app.event(E.SELECT)
    out["after"] = [app.top_name(), app.message]
    # Drawn once a frame, though the frame goes in strips of 24 rows (ui.canvas keeps it).
    app = App(Canvas(240, 135, rows=24), match=match)
    app.open("hello")
    strips = []
    draw = app.top().draw
    app.top().draw = lambda app, c: strips.append(c.top) or draw(app, c)
    app.render()
    out["strips"] = strips
except ValueError as e:
    out["refused"] = str(e)
print(json.dumps(out))
'''


def _run(firmware, code):
    """code run by CPython with firmware (a copy) and the stand-ins as the device has them."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([STAND_INS, firmware]))
    proc = subprocess.run([sys.executable, "-c", code], env=env, cwd=firmware,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout.splitlines()[-1])


def test_a_screen(tmp_path, monkeypatch):
    firmware = str(tmp_path / "firmware")
    shutil.copytree(deploy.FIRMWARE, firmware, ignore=shutil.ignore_patterns("__pycache__"))
    with open(os.path.join(firmware, "app", "hello.py"), "w", encoding="utf-8") as f:
        f.write(HELLO)
    # Not in the table yet: the router refuses it.
    assert _run(firmware, RUN_HELLO) == {"refused": "no screen hello"}
    # Step 2: its name in app.app.SCREENS.
    router = os.path.join(firmware, "app", "app.py")
    with open(router, encoding="utf-8") as f:
        source = f.read()
    assert "\nSCREENS = (" in source
    with open(router, "w", encoding="utf-8") as f:
        f.write(source.replace("\nSCREENS = (", '\nSCREENS = ("hello", ', 1))
    assert _run(firmware, RUN_HELLO) == {"top": "hello", "drawn": True,
                                         "after": ["scoreboard", "said 1"],
                                         "strips": [0]}
    # And deploy sends it, as it sends every screen of the table.
    monkeypatch.setattr(deploy, "FIRMWARE", firmware)
    monkeypatch.setattr(deploy, "ENTRY", os.path.join(firmware, "main.py"))
    monkeypatch.setattr(deploy, "ROUTER", router)
    sent = deploy.device_names(deploy.device_files(deploy.board_file("tdisplay")))
    assert "app/hello.mpy" in sent
    # Step 6: package.json, regenerated, lists it for mip (the one committed does not).
    with open(deploy.PACKAGE_JSON, encoding="utf-8") as f:
        assert "app/hello.py" not in f.read()
    assert "app/hello.py" in [dev for dev, _ in deploy.package_json()["urls"]]


def test_a_board(tmp_path, monkeypatch):
    from machine import SIM
    from sim import boards
    from sim.device import Device

    # Step 1: boards/NAME.py, from the board file nearest it (here the T-Display's, its
    # keys swapped), NAME its file's name.
    folder = tmp_path / "boards"
    folder.mkdir()
    with open(os.path.join(ROOT, "boards", "tdisplay.py"), encoding="utf-8") as f:
        source = f.read()
    assert 'NAME = "tdisplay"' in source and "BUTTONS = (0, 35)" in source
    source = source.replace('NAME = "tdisplay"', 'NAME = "mine"')
    source = source.replace("BUTTONS = (0, 35)", "BUTTONS = (35, 0)")
    source = source.replace("BUTTON_PULL_UP = (True, False)", "BUTTON_PULL_UP = (False, True)")
    (folder / "mine.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))  # boards is a folder of modules, no package
    # Step 2: its simulator entry in sim/boards.py: the controller model, the buttons
    # on the picture, the resistors on its lines.
    look = boards.LOOKS["tdisplay"]
    monkeypatch.setitem(boards.LOOKS, "mine", type(look)(**dict(vars(look), name="mine")))
    device = Device("mine", language="en", draw=True)
    assert device.app.top_name() == "newmatch"  # a fresh flash: the first screen
    first = device.image().tobytes()
    SIM.drive(35, 0)  # key 0 is now GPIO35: NEXT on a short press
    device.run(80)
    SIM.drive(35, None)
    device.run(600)
    assert device.events and device.image().tobytes() != first
    # Step 3: deploy sends its driver and no other.
    sent = deploy.device_names(deploy.device_files(str(folder / "mine.py")))
    assert sent == deploy.device_names(deploy.device_files(deploy.board_file("tdisplay")))
    # Step 4: the scenes read it from its folder, so the pictures and goldens cover it.
    from tools.scenes import BOARDS, read_boards

    assert ("mine", 240, 135, False, 2) in read_boards(str(folder))
    assert [b[0] for b in BOARDS] == sorted(f[:-3] for f in os.listdir(os.path.join(
        ROOT, "boards")) if f.endswith(".py"))


# What shows the first-run question on the copy: the new language chosen from its list.
RUN_FIRST_RUN = '''
import json
from ui.canvas import Canvas
from ui import events as E
from truc.match import Match
from app.app import App, Settings
from app import i18n

settings = Settings()
settings.helped = False
app = App(Canvas(240, 135), match=Match(), settings=settings)
app.welcome()
app.render()
out = {"top": app.top_name(), "rows": [label for label, _ in app.top().items]}
while app.settings.language != "xx":
    app.event(E.NEXT)
    app.render()
out["title"] = app.top().title
app.event(E.SELECT)
out["after"] = [app.top_name(), app.top().title, app.settings.language, i18n.t("Actions")]
print(json.dumps(out))
'''


def _in(copy, *args, timeout=600):
    """A command of the project, run in the copy as its recipe says."""
    proc = subprocess.run([sys.executable] + list(args), cwd=copy, capture_output=True,
                          text=True, timeout=timeout)
    assert proc.returncode == 0, (args, proc.stdout[-3000:], proc.stderr[-3000:])
    return proc.stdout


def test_a_language(tmp_path):
    copy = copy_tracked(str(tmp_path / "repo"))
    app = os.path.join(copy, "firmware", "app")
    # Step 1: app/lang_XX.py from lang_es.py, every value translated (here: Spanish but
    # for one word).
    shutil.copyfile(os.path.join(app, "lang_es.py"), os.path.join(app, "lang_xx.py"))
    edit(os.path.join(app, "lang_xx.py"), '"Actions": "Acciones"', '"Actions": "Akzioak"')
    # Step 2: make texts.
    _in(copy, "-m", "tools.textc")
    assert os.path.isfile(os.path.join(app, "lang_xx.bin"))
    # Step 3: its code in LANGUAGES and its name, in itself, in NAMES (app/i18n.py).
    edit(os.path.join(app, "i18n.py"), '"en")\n', '"en", "xx")\n')
    edit(os.path.join(app, "i18n.py"), '"English")\n', '"English", "Xixó")\n')
    # Step 4: the table's words in it, for the glossary check.
    edit(os.path.join(copy, "tests", "host", "test_translations.py"), "\nGLOSSARY = {\n",
         '\nGLOSSARY = {\n    "xx": (),  # a throw-away language: no table words\n')
    # Step 5: package.json, which lists its file for mip.
    _in(copy, "tools/deploy.py", "--package-json")
    # Step 6: the pictures and their checksums.
    _in(copy, "-m", "tools.screens", "--goldens")
    assert os.path.isfile(os.path.join(copy, "docs", "screens", "language-tdisplay-xx.png"))
    # The first-run question lists it, in its own words, and asks in it when on it.
    shown = _run(os.path.join(copy, "firmware"), RUN_FIRST_RUN)
    assert shown["top"] == "language" and shown["rows"][-1] == "Xixó"
    assert shown["title"] == "Idioma: larga derecha elige"
    assert shown["after"] == ["textpage", "Teclas (y en el Menú)", "xx", "Akzioak"]
    # And the tests that hold the languages pass with it (texts, fonts, package.json), on
    # both runtimes (the goldens were written by the same code they check: left out).
    _in(copy, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider",
        "tests/host/test_translations.py", "tests/host/test_textc.py",
        "tests/host/test_packaging.py", "tests/test_i18n.py", "tests/test_app.py")
    _in(copy, "tests/run_micropython.py", "test_i18n")


# Recipe "A variant": one more entry in each table indexed by variant id, here as in
# truc/variants.py and app/varianttexts.py (a table missing from these lists fails).
VARIANT_TABLES = {
    "truc.variants": ("NAMES", "PRESET_PLAYERS", "PRESET_OPTIONS", "PECES", "TRUC_LADDERS",
                      "ENVIT_LADDERS", "TRUC_TOP", "ENVIT_TOP", "STRENGTHS", "PARDA_ALL_PLAY",
                      "SHOW_ENVIT2", "SHOW_ENVIT4", "SHOW_FLOR"),
    "app.varianttexts": ("TITLES", "SHORT_TITLES", "TRUC_NAMES", "ENVIT_NAMES", "FOLD_WORDS",
                         "SIGNALS"),
}


def _tables(module, count):
    return sorted(n for n, v in vars(module).items()
                  if not n.startswith("_") and isinstance(v, (tuple, bytes))
                  and len(v) == count + 1)


def test_a_variant(monkeypatch):
    import importlib

    from truc import rules as R
    from truc import variants as V

    for name, tables in VARIANT_TABLES.items():
        assert _tables(importlib.import_module(name), V.COUNT) == sorted(tables), name
    # The fourth variant: valencia's rules under another name and title.
    new = V.COUNT + 1
    for name, tables in VARIANT_TABLES.items():
        module = importlib.import_module(name)
        for table in tables:
            old = getattr(module, table)
            entry = old[V.VALENCIA:V.VALENCIA + 1]
            if table == "NAMES":
                entry = ("prova",)
            elif table in ("TITLES", "SHORT_TITLES"):
                entry = ("Prova",)
            monkeypatch.setattr(module, table, old + entry)
    monkeypatch.setattr(V, "COUNT", new)
    from app.app import App, Settings
    from ui.canvas import Canvas

    # Chosen on the new-match screen, as a player would, and played.
    settings = Settings()
    settings.language = "en"
    app = App(Canvas(240, 135), settings=settings)
    screen = app.top()
    assert screen.name == "newmatch"
    for _ in range(new):
        if "Variant: Prova" in [label for label, _ in screen.items]:
            break
        screen.choose(app, "variant")
        screen.refresh(app)
    app.render()
    screen.choose(app, "begin")
    m = app.match
    assert m.variant() == new and app.top_name() == "scoreboard"
    play("envit A\nvull B\nenvitwin A\nbaza A\nbaza A", m)
    assert [m.points(0), m.points(1)] == [3, 0]  # the envit's 2 and the round's 1
    assert m.winner() == R.NOBODY
    app.render()
