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


MENU = "S AA S"  # Actions, straight up to Menu (a double press up)
NAMES = MENU + " B B B S A A S"  # New match, Seat names: seat 1 on the cursor
FALTA = 3  # the envit's and the truc's top steps in valencia (truc.variants)
JOC_FORA = 4


def _baza(n, team):
    return lambda m, d: m.bazas() == n and m.baza(n - 1) == team


def _at_main_menu(m, d):
    return d.app.top_name() == "mainmenu"


# (what, its script, (played before it, what it must have done then), ...): every action
# in several states of the match where it is offered, each the same presses (issue 34:
# a count learnt in one state must not make another call in another).
ACTIONS = (
    ("parda, first baza", "S S", (
        ("", _baza(1, R.PARDA)), ("AA B", _baza(1, R.PARDA)), ("S A S", _baza(1, R.PARDA)),
        ("A B A", lambda m, d: m.round() == 2 and _baza(1, R.PARDA)(m, d)))),
    ("parda, a later baza", "S S", (  # the first baza's winner takes the round
        ("A B", lambda m, d: m.round() == 2 and m.points(R.A) == 1),
        ("AA B A B", lambda m, d: m.round() == 2 and m.points(R.A) == 2),
        ("B A", lambda m, d: m.round() == 2 and m.points(R.B) == 1))),
    ("flor A", "S A S", (
        ("", lambda m, d: m.flors(R.A) == 1 and not m.flors(R.B)),
        ("S B S", lambda m, d: m.flors(R.A) == 1 and m.flors(R.B) == 1),
        ("S A S", lambda m, d: m.flors(R.A) == 2))),
    ("flor B", "S B S", (
        ("", lambda m, d: m.flors(R.B) == 1 and not m.flors(R.A)),
        ("S A S", lambda m, d: m.flors(R.A) == 1 and m.flors(R.B) == 1))),
    ("A goes, after a baza", "G A", (
        ("B", lambda m, d: m.round() == 2 and m.points(R.B) == 1 and m.points(R.A) == 0),
        ("A B", lambda m, d: m.round() == 2 and m.points(R.B) == 1 and m.points(R.A) == 0))),
    ("B goes, after a baza", "G B", (
        ("A", lambda m, d: m.round() == 2 and m.points(R.A) == 1 and m.points(R.B) == 0),
        ("B A", lambda m, d: m.round() == 2 and m.points(R.A) == 1 and m.points(R.B) == 0))),
    ("A goes, first baza (B may still envit)", "G A", (
        ("", lambda m, d: m.round_winner() == R.B and m.envit_window() == R.B),)),
    ("B goes, first baza (A may still envit)", "G B", (
        ("", lambda m, d: m.round_winner() == R.A and m.envit_window() == R.A),)),
    ("A calls envit, B accepts", "S A A S B", (
        ("", lambda m, d: m.envit_state() == R.ENVIT_ACCEPTED and m.envit_call() == (1, R.A)),
        ("A B A", lambda m, d: m.envit_state() == R.ENVIT_ACCEPTED and m.round() == 2))),
    ("B calls envit, A accepts", "S B B S A", (
        ("", lambda m, d: m.envit_state() == R.ENVIT_ACCEPTED and m.envit_call() == (1, R.B)),
        ("A B A", lambda m, d: m.envit_call() == (1, R.B) and m.round() == 2),
        ("G A", lambda m, d: m.envit_state() == R.ENVIT_ACCEPTED  # A went: B may envit
         and m.envit_call() == (1, R.B)))),
    ("A calls falta", "S A A A S", (
        ("", lambda m, d: m.envit_state() == R.ENVIT_PENDING
         and m.envit_call() == (FALTA, R.A)),
        ("S A S S B S", lambda m, d: m.envit_call() == (FALTA, R.A)),  # of the flors
        ("A B A", lambda m, d: m.envit_call() == (FALTA, R.A) and m.round() == 2),
        ("G B", lambda m, d: m.envit_call() == (FALTA, R.A)))),  # B went: A may envit
    ("B calls joc fora", "S B B B B S", (
        ("", lambda m, d: m.truc_call() == (JOC_FORA, R.B)),
        ("A", lambda m, d: m.truc_call() == (JOC_FORA, R.B)),
        ("A B A", lambda m, d: m.round() == 2 and m.truc_call() == (JOC_FORA, R.B)))),
    ("show: the mà's 31 wins (4 players)", "S S S S", ((ENVIT_WAITS, _shown(0, 31)),)),
    ("show: the 3rd seat's 33 wins", "S S B B S B B S", ((ENVIT_WAITS, _shown(2, 33)),)),
    ("show: the 4th seat's 28 wins", "S S A S A A A S", ((ENVIT_WAITS, _shown(3, 28)),)),
    ("A calls truc, B accepts", "AA B", (
        ("", lambda m, d: m.truc_step() == 1), ("A B", lambda m, d: m.truc_step() == 1))),
    ("the main menu (3 buttons: also hold B)", MENU, tuple(
        (before, _at_main_menu) for before in
        ("", "A", "AA", "AA B", "S A S", "S A A S", "A B A", ENVIT_WAITS, "A U"))),
    ("a 4-letter seat name (TONI), from the names screen", "S B S S S S", ((
        NAMES, lambda m, d: d.app.settings.names[0] == "TONI"
        and d.app.top_name() == "names"),)),  # the wheel puts each next letter under it
    ("undo", "U", (
        ("A", lambda m, d: m.bazas() == 0 and m.can_redo()),
        ("AA B", lambda m, d: m.truc_call() == (1, R.A) and m.can_redo()))),
    ("redo", "S AA B B S", (  # Menu, Adjust points, Redo
        ("A U", lambda m, d: m.bazas() == 1 and m.baza(0) == R.A),
        ("A B U", lambda m, d: m.bazas() == 2 and m.baza(1) == R.B))),
    ("correcting points: A +2", "S AA B S S S X", tuple(  # Menu, Adjust points
        (before, lambda m, d, n=n: m.points(R.A) == 2 and m.bazas() == n
         and d.app.top_name() == "scoreboard")
        for before, n in (("", 0), ("B", 1), ("AA B", 0), ("S A S", 0)))),
)


def measure(board, before, script):
    device, fingers = _device(board, before)
    presses = device.presses
    keyscript.play(fingers, keyscript.parse(_script(script, device.keys), device.keys))
    return device, device.presses - presses


_CASES = [(what, script, before, done) for what, script, states in ACTIONS
          for before, done in states]


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("what,script,before,done", _CASES,
                         ids=["%s after %r" % (c[0], c[2]) for c in _CASES])
def test_each_action_takes_its_presses_and_does_what_it_says_in_every_state(
        board, what, script, before, done):
    device, presses = measure(board, before, script)
    assert done(device.app.match, device), (what, before, board, device.app.message)
    assert presses == COUNTS[what][BOARDS.index(board)]


def _table():
    rows = ["| action, from the scoreboard | T-Display (2 buttons) | 3 buttons |",
            "|---|---|---|"]
    for what, _, _ in ACTIONS:
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
    "B calls envit, A accepts": (5, 5),
    "A calls falta": (5, 5),
    "B calls joc fora": (6, 6),
    "show: the mà's 31 wins (4 players)": (4, 4),
    "show: the 3rd seat's 33 wins": (8, 8),
    "show: the 4th seat's 28 wins": (8, 8),
    "A calls truc, B accepts": (3, 3),
    "the main menu (3 buttons: also hold B)": (4, 4),
    "a 4-letter seat name (TONI), from the names screen": (6, 6),
    "undo": (2, 2),
    "redo": (6, 6),
    "correcting points: A +2": (8, 8),
}


def test_the_readme_table_is_the_measured_counts():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    found = re.search(r"<!-- presses -->\n(.*?)\n<!-- /presses -->", readme, re.S)
    assert found, "README.md has no <!-- presses --> table"
    assert found.group(1) == _table(), "README's table should read:\n" + _table()


@pytest.mark.parametrize("board", BOARDS)
def test_the_old_way_to_the_main_menu_never_makes_a_call(board):
    # Issue 34: "Actions, up three times, choose" (the main menu at the first baza) done
    # after a baza wrapped round to "B: quatre val?". The menu no longer wraps: up presses
    # stop at its top (Menu); rows the rules do not allow now change nothing.
    for before, ups in (("A", 3), ("A", 20), ("AA B", 12), ("A B A A", 30)):
        device, _ = measure(board, before, "S" + " A" * ups + " S")
        m = device.app.match
        assert m.truc_call()[0] == 0 and m.envit_state() != R.ENVIT_PENDING, (before, ups)
    device, _ = measure(board, "A", "S" + " A" * 20 + " S")
    assert device.app.top_name() == "mainmenu"


@pytest.mark.parametrize("board", BOARDS)
def test_parda_learnt_in_a_baza_changes_nothing_once_a_team_went(board):
    # Trial of issue 34: after A went in the first baza (B may still envit) the menu had
    # no row to open on, so every row below moved up one: B's envit (two down) became its
    # falta. Parda's row stays there, dim: "Actions, choose" says why and changes nothing.
    gone, _ = _device(board, "G A")
    device, _ = measure(board, "G A", "S S")
    m = device.app.match
    assert m.entries() == gone.app.match.entries() and m.envit_window() == R.B
    assert device.app.message and device.app.top_name() == "scoreboard"
