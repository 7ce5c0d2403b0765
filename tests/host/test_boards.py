"""One board registry: every board file of boards/ has its simulator entry (sim/boards.py:
the controller model, the resistors, the picture), and through it its driver test
(tests/host/test_drivers.py runs over that list) and the goldens of its canvas size
(tests/test_goldens.py). pyright checks each file against the board contract
(typings/board.pyi, tests/host/test_typecheck.py)."""
import importlib
import importlib.util
import os

import pytest

import sim  # noqa: F401  (firmware on the import path)
from machine import SIM
from sim import boards
from tools.mpbuild import ROOT
from goldens import GOLDENS
from tools.scenes import BOARDS, SCENES
from app.i18n import LANGUAGES

FILES = sorted(n[:-3] for n in os.listdir(os.path.join(ROOT, "boards")) if n.endswith(".py"))


def _module(path):
    spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_board_file_has_its_simulator_entry_and_nothing_else_has_one():
    assert sorted(boards.NAMES) == FILES
    assert boards.NAMES[0] == "tdisplay"  # the default


def test_the_driver_test_runs_on_every_board():
    drivers = _module(os.path.join(ROOT, "tests", "host", "test_drivers.py"))
    assert sorted(drivers.BOARDS) == FILES


@pytest.mark.parametrize("name", FILES)
def test_every_board_has_a_model_its_resistors_and_goldens(name):
    board = importlib.import_module("boards." + name)
    look = boards.LOOKS[name]
    SIM.reset()
    model = boards.wire(name)
    assert model.glass.size == look.size and model.errors == []
    for pin, pull_up in zip(board.BUTTONS, board.BUTTON_PULL_UP):
        if not pull_up:  # no internal pull-up: the board's resistor holds it released
            assert SIM.level(pin) == (1 if board.BUTTON_ACTIVE_LOW else 0)
    assert len(look.buttons) == board.KEYS == len(board.BUTTONS)
    said = [b[1:] for b in BOARDS if b[0] == name]
    assert said == [(board.WIDTH, board.HEIGHT, board.MONO, board.KEYS)], \
        "tools/scenes.py BOARDS must say what boards/%s.py says" % name
    for screen, _ in SCENES:
        for language in LANGUAGES:
            assert "%s-%s-%s" % (screen, name, language) in GOLDENS
