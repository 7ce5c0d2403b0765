"""Presses a table needs for each action, counted on the simulated device: every action
is a key script played from the scoreboard of a Valencian match (4 players, flor on)
through the board's pins, checked by what it did to the match, and its count is the
figure the README's table gives (a double press is two presses, a long one one)."""
import os
import re

import pytest

import sim  # noqa: F401  (firmware on the import path)
from truc import rules as R
from sim import keyscript
from sim.headless import prepare

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOARDS = ("tdisplay", "devkit_oled")  # 2 buttons; 3 buttons (as the M5Stack)
# The scripts below name the gestures by what they are on the scoreboard: A and B the team
# keys' short presses, AA and BB their double presses, S the Actions key (and in menus
# choose), X back, G both team keys at once (who goes?), U both held (undo). Per board,
# the key script tokens:
GESTURES = {2: {"A": "1s", "B": "2s", "AA": "1d", "BB": "2d", "S": "2l", "X": "1l",
                "G": "12s", "U": "12l"},
            3: {"A": "1s", "B": "3s", "AA": "1d", "BB": "3d", "S": "2s", "X": "1l",
                "G": "13s", "U": "13l"}}
VALENCIA = "S A S"  # New match: the variant row once (mallorca -> valencia), up to Start


def _script(gestures, keys):
    return " ".join(GESTURES[keys][g] for g in gestures.split())


def _device(board, before=""):
    device, fingers, _ = prepare(board, "en")
    keyscript.play(fingers, keyscript.parse(_script(VALENCIA, device.keys), device.keys))
    m = device.app.match
    assert m.variant() == 2 and m.players() == 4 and device.app.top_name() == "scoreboard"
    keyscript.play(fingers, keyscript.parse(_script(before, device.keys), device.keys))
    return device, fingers


ENVIT_WAITS = "S A A S B A A"  # A calls envit, B accepts, A wins two bazas: the show waits


def _shown(seat, value):
    # The show was entered as it was said, and the round closed with the envit paid.
    return lambda m, d: (m.entry(m.entries() - 1) == (R.SHOW, seat, value) and m.round() == 2
                         and m.last_round()[2:4] == (seat & 1, 2))


MENU = "S A A A S"  # Actions, up past flor A and envit A to Menu
NAMES = MENU + " B B B S A A S"  # New match, Seat names: seat 1 on the cursor


# (what, played before it, its script, what it must have done)
ACTIONS = (
    ("parda, first baza", "", "S S",
     lambda m, d: m.bazas() == 1 and m.baza(0) == R.PARDA),
    ("parda, a later baza", "A B", "S S",  # the first baza's winner takes the round
     lambda m, d: m.round() == 2 and m.points(R.A) == 1),
    ("flor A", "", "S A S", lambda m, d: m.flors(R.A) == 1 and not m.flors(R.B)),
    ("flor B", "", "S B S", lambda m, d: m.flors(R.B) == 1 and not m.flors(R.A)),
    ("A goes, after a baza", "B", "G A",
     lambda m, d: m.round() == 2 and m.points(R.B) == 1 and m.points(R.A) == 0),
    ("B goes, after a baza", "A", "G B",
     lambda m, d: m.round() == 2 and m.points(R.A) == 1 and m.points(R.B) == 0),
    ("A goes, first baza (B may still envit)", "", "G A",
     lambda m, d: m.round_winner() == R.B and m.envit_window() == R.B),
    ("B goes, first baza (A may still envit)", "", "G B",
     lambda m, d: m.round_winner() == R.A and m.envit_window() == R.A),
    ("A calls envit, B accepts", "", "S A A S B",
     lambda m, d: m.envit_state() == R.ENVIT_ACCEPTED and m.envit_call() == (1, R.A)),
    ("show: the mà's 31 wins (4 players)", ENVIT_WAITS, "S S S S", _shown(0, 31)),
    ("show: the 3rd seat's 33 wins", ENVIT_WAITS, "S S B B S B B S", _shown(2, 33)),
    ("show: the 4th seat's 28 wins", ENVIT_WAITS, "S S A S A A A S", _shown(3, 28)),
    ("A calls truc, B accepts", "", "AA B", lambda m, d: m.truc_step() == 1),
    ("the main menu, first baza (3 buttons: also hold B)", "", MENU,
     lambda m, d: d.app.top_name() == "mainmenu"),
    ("the main menu, after a baza", "A", "S A S", lambda m, d: d.app.top_name() == "mainmenu"),
    ("a 4-letter seat name (TONI), from the names screen", NAMES,
     "S B S S S S",  # the wheel puts each next letter of a table name under the cursor
     lambda m, d: d.app.settings.names[0] == "TONI" and d.app.top_name() == "names"),
    ("undo", "A", "U", lambda m, d: m.bazas() == 0 and m.can_redo()),
    ("redo", "A U", "S B B B S",  # past flor B and envit B
     lambda m, d: m.bazas() == 1 and m.baza(0) == R.A),
    ("correcting points: A +2, first baza", "", "S B B B S S S X",  # past flor and envit B
     lambda m, d: m.points(R.A) == 2 and m.bazas() == 0 and d.app.top_name() == "scoreboard"),
    ("correcting points: A +2, after a baza", "B", "S B S S S X",
     lambda m, d: m.points(R.A) == 2 and m.bazas() == 1 and d.app.top_name() == "scoreboard"),
)


def measure(board, before, script):
    device, fingers = _device(board, before)
    presses = device.presses
    keyscript.play(fingers, keyscript.parse(_script(script, device.keys), device.keys))
    return device, device.presses - presses


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("what,before,script,done", ACTIONS, ids=[a[0] for a in ACTIONS])
def test_each_action_takes_its_presses_and_does_what_it_says(board, what, before, script,
                                                            done):
    device, presses = measure(board, before, script)
    assert done(device.app.match, device), (what, board, device.app.message)
    assert presses == COUNTS[what][BOARDS.index(board)]


def _table():
    rows = ["| action, from the scoreboard | T-Display (2 buttons) | 3 buttons |",
            "|---|---|---|"]
    for what, _, _, _ in ACTIONS:
        rows.append("| %s | %d | %d |" % ((what,) + COUNTS[what]))
    return "\n".join(rows)


# The figures, as the README says them (the test above measures each one).
COUNTS = {
    "parda, first baza": (2, 2),
    "parda, a later baza": (2, 2),
    "flor A": (3, 3),
    "flor B": (3, 3),
    "A goes, after a baza": (3, 3),
    "B goes, after a baza": (3, 3),
    "A goes, first baza (B may still envit)": (3, 3),
    "B goes, first baza (A may still envit)": (3, 3),
    "A calls envit, B accepts": (5, 5),
    "show: the mà's 31 wins (4 players)": (4, 4),
    "show: the 3rd seat's 33 wins": (8, 8),
    "show: the 4th seat's 28 wins": (8, 8),
    "A calls truc, B accepts": (3, 3),
    "the main menu, first baza (3 buttons: also hold B)": (5, 5),
    "the main menu, after a baza": (3, 3),
    "a 4-letter seat name (TONI), from the names screen": (6, 6),
    "undo": (2, 2),
    "redo": (5, 5),
    "correcting points: A +2, first baza": (8, 8),
    "correcting points: A +2, after a baza": (6, 6),
}


def test_the_readme_table_is_the_measured_counts():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    found = re.search(r"<!-- presses -->\n(.*?)\n<!-- /presses -->", readme, re.S)
    assert found, "README.md has no <!-- presses --> table"
    assert found.group(1) == _table(), "README's table should read:\n" + _table()
