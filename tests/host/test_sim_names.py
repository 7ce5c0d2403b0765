"""Names typed on the simulated boards with their own buttons (issue 8): a team's name is
kept across a power cut and the scoreboard draws it; a seat's name of four letters takes
at most 15 presses on two and on three buttons."""
import pytest

import sim  # noqa: F401  (firmware on the import path)
from app.app import TEAM_NAMES
from ui import events as E
from ui.gestures import DOUBLE
from sim.device import Device
from sim.fingers import Fingers

BOARDS = ("tdisplay", "m5stack_core", "devkit_oled")  # two buttons, three; the OLED
_JUMP = 5  # what NEXT2 / PREV2 move the wheel by


def _gestures(device):
    # Each event's cheapest gesture on this board: (key, kind, presses).
    out = {}
    for i in range(len(device.keymap)):
        key, kind = divmod(i, 3)
        cost = 2 if kind == DOUBLE else 1
        e = device.keymap[i]
        if e not in out or out[e][2] > cost:
            out[e] = (key, kind, cost)
    return out


class Person:
    """Presses what the screen offers, the shortest way, as someone reading it would."""

    def __init__(self, name):
        self.device = Device(name, "ca")
        self.fingers = Fingers(self.device)
        self.moves = _gestures(self.device)

    @property
    def app(self):
        return self.device.app

    def press(self, e):
        key, kind, _ = self.moves[e]
        self.fingers.gesture(key, kind)

    def choose(self, value):
        # NEXT or PREV (the shorter way round) to the item of value, then SELECT.
        screen = self.app.top()
        screen.refresh(self.app)
        values = [v for _, v in screen.items]
        ahead = (values.index(value) - screen.cursor) % len(values)
        for _ in range(min(ahead, len(values) - ahead)):
            self.press(E.NEXT if ahead <= len(values) - ahead else E.PREV)
        assert screen.items[screen.cursor][1] == value
        self.press(E.SELECT)

    def _path(self, start, goal, size):
        # The fewest presses from wheel position start to goal (Dijkstra over the ring).
        steps = ((E.NEXT, 1), (E.PREV, -1), (E.NEXT2, _JUMP), (E.PREV2, -_JUMP))
        best = {start: (0, [])}
        todo = [start]
        while todo:
            todo.sort(key=lambda p: best[p][0])
            here = todo.pop(0)
            cost, path = best[here]
            for e, move in steps:
                there = (here + move) % size
                c = cost + self.moves[e][2]
                if there not in best or best[there][0] > c:
                    best[there] = (c, path + [e])
                    todo.append(there)
        return best[goal][1]

    def type(self, name):
        """Types name on the open name screen, finishing with Done if it is short."""
        screen = self.app.top()
        for ch in name + "\n":  # "\n": where the wheel holds Done
            if ch == "\n" and screen.seat < 0:  # the last letter finished it
                break
            wheel = screen.wheel  # as drawn: its letters round the cursor
            for e in self._path(screen.letter, wheel.index(ch), len(wheel)):
                self.press(e)
            assert screen.label(screen.letter) == ("Fet" if ch == "\n" else ch)
            self.press(E.SELECT)
        assert screen.seat < 0

    def open_names(self):
        # A fresh flash boots into New match: its Names item.
        assert self.app.top_name() == "newmatch"
        self.choose("names")
        assert self.app.top_name() == "names"


def _drawn(app):
    # The texts the top screen draws, each as drawn (cut to its room).
    from ui import text

    seen = []
    canvas = app.canvas
    original = canvas.text

    def text_(font, s, x, y, colour, room=0):
        whole = text.width(font, s) <= (room or 10000)
        seen.append(s if whole else s + "(cut)")
        return original(font, s, x, y, colour, room)

    canvas.text = text_
    try:
        app.canvas.forget()
        app.render()
    finally:
        del canvas.text
    return seen


@pytest.mark.parametrize("name", BOARDS)
def test_a_team_name_typed_survives_a_power_cut_and_the_scoreboard_draws_it(name):
    person = Person(name)
    person.open_names()
    person.choose(TEAM_NAMES)  # team A, after the seats
    person.type("NOSALTRES")
    person.choose(TEAM_NAMES + 1)
    person.type("ELLS")
    assert person.app.settings.names[TEAM_NAMES:] == ["NOSALTRES", "ELLS"]
    person.choose(-1)  # Done: back to New match
    person.choose("begin")
    assert person.app.top_name() == "scoreboard" and person.app.match.variant()
    person.device.pull_battery()
    app = person.device.app
    assert app.settings.names[TEAM_NAMES:] == ["NOSALTRES", "ELLS"]
    assert app.top_name() == "scoreboard"
    if app.large:  # under each score, and in the key hints
        drawn = _drawn(app)
        assert "NOSALTRES" in drawn and "ELLS" in drawn and "Basa ELLS" in drawn, drawn
    person.press(E.PREV2)  # team A calls truc: the call names the team
    assert app.match.truc_call()[0] == 1
    drawn = _drawn(app)
    assert any(s.startswith("NOSALTRES: truc") for s in drawn), drawn  # "truc 3?"


def presses_for(board, name):
    """The presses from the seat list (cursor on seat 1) to the name saved: SELECT on the
    seat, the letters, and Done if the name is shorter than four."""
    person = Person(board)
    person.open_names()
    before = person.device.presses
    person.choose(0)
    person.type(name)
    assert person.app.settings.names[0] == name
    return person.device.presses - before


@pytest.mark.parametrize("board", BOARDS[:2])
@pytest.mark.parametrize("name", ("TONI", "MARC", "JOAN", "XISC"))
def test_a_four_letter_name_takes_at_most_15_presses(board, name):
    assert presses_for(board, name) <= 15


def test_the_press_counts_in_the_readme():
    # README "Buttons": TONI, JOAN, XISC, MARC take 6 to 8 presses on two or three
    # buttons (an A-Z wheel took 32, 24, 28 and 21, the shortest way).
    counts = {name: presses_for("tdisplay", name) for name in ("TONI", "JOAN", "XISC", "MARC")}
    assert counts == {"TONI": 6, "JOAN": 6, "XISC": 7, "MARC": 8}
    assert presses_for("m5stack_core", "MARC") == 8
