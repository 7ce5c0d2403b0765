"""The autopilot plays table logs through the UI of the whole device stack (pins, the
firmware's debouncer, the board's driver and controller model, the journal), as key
gestures, to the engine's state."""
import glob
import io
import json
import os

import pytest

import sim  # noqa: F401  (firmware on the import path)
from truc import rules as R
from truc.match import Match
from ui.gestures import KEYMAP_2, KEYMAP_3, DOUBLE, LONG, SHORT
from ui import events as E
from sim.autopilot import Autopilot, PlayError, gesture_map
from sim.device import Device
from sim.fingers import Fingers
from sim import headless
from tools.replay import describe, replay

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LOGS = sorted(glob.glob(os.path.join(ROOT, "tools", "logs", "*.log")))
# Every log on a board of each kind (colour with 2 keys, mono with 3); the other two
# boards play the six-player log. A render through a colour driver and its model costs
# about 30 ms on CPython: the 3-canton log on the T-Display alone takes some 25 s.
PLAYS = [(path, board) for board in ("tdisplay", "devkit_oled") for path in LOGS] + [
    (path, board) for board in ("m5stickc_plus2", "m5stack_core") for path in LOGS
    if os.path.basename(path) == "palacios.log"]

# What the sample logs leave out: set-up options and dealer on the new match screen,
# raises by key and jumps from the menu, a show of three seats, parda and flor from the
# menu, END by key, envitwin before the round is decided, and undo/redo of an adjust the
# device enters one point at a time, then one that stops at the target.
TRICKY = """\
variant valencia
set players=6 canton=18 cantons=3 flor=on jocfora=match
dealer 2
envit A
envit B 4
vull A
truc B
truc A fora
novull B
show 3:31 0:33 1:29
flor A
baza parda
baza B
fold B
end
adjust A +5
adjust B +2
undo
undo
redo
adjust B +30
envit A
vull B
envitwin A
baza A
baza A
"""


def lines_of(path):
    with open(path, encoding="utf-8") as f:
        return f.read().splitlines()


def play(lines, board="tdisplay"):
    device = Device(board, "en")
    Autopilot(device, Fingers(device)).play(lines)
    assert device.model.errors == []
    return device


def engine(lines):
    return replay(lines, out=io.StringIO(), err=io.StringIO())


@pytest.mark.parametrize("path, board", PLAYS,
                         ids=["%s-%s" % (os.path.basename(p)[:-4], b) for p, b in PLAYS])
def test_every_sample_log_plays_through_the_ui_to_the_engines_state(path, board):
    lines = lines_of(path)
    device = play(lines, board)
    match, status = engine(lines)
    assert status == 0
    assert describe(device.app.match) == describe(match)
    commands = len([t for t in lines if t.strip() and not t.startswith("#")])
    # Every press went through the debouncer (no press lost, none doubled).
    assert device.loop.buttons.presses == device.presses > commands


@pytest.mark.parametrize("board", ["tdisplay", "devkit_oled"])
def test_setup_options_menu_jumps_shows_and_adjust_undo_play_through_the_ui(board):
    lines = TRICKY.splitlines()
    device = play(lines, board)
    assert describe(device.app.match) == describe(engine(lines)[0])
    # adjust A +5 is five presses of "A +1", and undoing it five undos.
    ui = device.app.match
    adjusts = [ui.entry(i) for i in range(ui.entries()) if ui.entry(i)[0] == R.ADJUST]
    assert adjusts == [(R.ADJUST, 0, 1)] * 5 + [(R.ADJUST, 1, 1)] * 17


def test_the_ui_reaches_the_same_bytes_as_the_engine_once_the_dealer_is_named():
    # A log may leave the first dealer implicit; the device always names it.
    device = play(["variant palacios", "baza A"])
    ref = Match()
    for op, a, b in ((R.VARIANT, 3, 0), (R.DEALER, 5, 0), (R.BAZA, 0, 0)):
        ref.apply(op, a, b)
    assert bytes(device.app.match.state) == bytes(ref.state)


def test_a_ui_that_goes_wrong_is_caught_at_its_line():
    device = Device("tdisplay", "en")
    ui = device.app.match
    honest = ui.apply

    def swapped(op, a=0, b=0):  # a scoreboard that gives every baza to the wrong team
        return honest(op, 1 - a if op == R.BAZA and a < 2 else a, b)

    ui.apply = swapped
    with pytest.raises(PlayError) as caught:
        Autopilot(device, Fingers(device)).play(["variant mallorca", "", "envit A", "vull B",
                                                  "baza B"])
    assert caught.value.line == 5 and "through the UI" in str(caught.value)


def test_an_illegal_line_stops_the_play_with_the_engines_reason():
    with pytest.raises(PlayError) as caught:
        play(["variant mallorca", "truc A", "vull A"])
    assert str(caught.value) == "line 3: a team cannot answer its own call"
    with pytest.raises(PlayError) as caught:
        play(["variant mallorca", "baza C"])
    assert caught.value.line == 2


def test_undoing_the_setup_is_refused_as_unplayable_on_the_device():
    with pytest.raises(PlayError) as caught:
        play(["variant mallorca", "set players=2", "undo"])
    assert caught.value.line == 3 and "set-up" in str(caught.value)


def test_headless_log_prints_the_state_and_presses_and_fails_with_status_2():
    out, err = io.StringIO(), io.StringIO()
    status = headless.run("oled", "ca", lines_of(os.path.join(ROOT, "tools", "logs",
                                                                      "palacios.log")),
                          out=out, err=err)
    state_line, presses_line = out.getvalue().splitlines()
    assert status == 0 and err.getvalue() == ""
    assert json.loads(state_line) == describe(engine(lines_of(os.path.join(
        ROOT, "tools", "logs", "palacios.log")))[0])
    assert presses_line.startswith("key presses: ")
    out, err = io.StringIO(), io.StringIO()
    status = headless.run("tdisplay", "en", ["variant mallorca", "baza A", "dealer 0"],
                          out=out, err=err)
    assert status == 2 and err.getvalue().startswith("line 3: ")
    assert json.loads(out.getvalue().splitlines()[0])["bazas"] == ["A"]


def test_each_event_goes_by_its_cheapest_gesture():
    two = gesture_map(KEYMAP_2)
    assert two[E.PREV] == (0, SHORT) and two[E.NEXT2] == (1, DOUBLE) and two[E.SELECT] == (1, LONG)
    assert two[E.GO] == ((0, 1), SHORT) and two[E.UNDO] == ((0, 1), LONG)  # both keys
    three = gesture_map(KEYMAP_3)
    assert three[E.SELECT] == (1, SHORT) and three[E.UNDO] == ((0, 2), LONG)
    assert three[E.MENU] == (1, LONG) and three[E.BACK] == (0, LONG)
