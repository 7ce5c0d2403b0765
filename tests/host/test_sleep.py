"""Sleeping between presses (issue 36), on the simulated chip: every key of every board
ends a light sleep, the loop sleeps during play with the screen lit or dim, and a press
that wakes the board is neither lost nor shortened: the debouncer stamps it within the
chip's wake-up time of the contact, and short, double and long presses come out as they
do on a board that never sleeps. Paced devices (sim.device) keep to the loop's rests."""
import pytest

import sim  # noqa: F401  (firmware on the import path)
from machine import SIM
from hw import power as P
from sim import boards
from sim.device import WAKE_US, Device
from sim.fingers import DOUBLE_MS, LONG_MS, Fingers
from ui.gestures import DOUBLE, LONG, SHORT


def _started(name, paced=True):
    device = Device(name, "en", draw=False, paced=paced)
    fingers = Fingers(device)
    fingers.gesture(0, SHORT)  # "Start" is the last item: PREV wraps to it
    fingers.gesture(1, LONG if device.keys == 2 else SHORT)  # SELECT
    assert device.app.match.variant() == 1 and device.app.match.in_progress()
    return device, fingers


def _feeds(device):
    # Every edge the recognizer is fed: (key, pressed, when_ms).
    g = device.loop.buttons._g
    feed = g.feed
    fed = []

    def recording(key, pressed, now_ms):
        fed.append((key, pressed, now_ms))
        return feed(key, pressed, now_ms)

    g.feed = recording
    return fed


@pytest.mark.parametrize("name", boards.NAMES)
def test_every_key_of_every_board_ends_a_light_sleep(name):
    device = Device(name, draw=False)
    board = device.board
    active = 0 if board.BUTTON_ACTIVE_LOW else 1
    assert SIM.gpio_wake == (tuple(board.BUTTONS), active)
    assert device.power._sleep is not None and device.power._sleep_lit
    if board.BACKLIGHT is not None:  # it keeps shining while the chip sleeps
        assert SIM.pwm(board.BACKLIGHT).lightsleep
    for key in range(device.keys):
        SIM.drive(board.BUTTONS[key], active)
        assert SIM.wake_pending()
        SIM.drive(board.BUTTONS[key], None)
        assert not SIM.wake_pending()


def test_the_board_sleeps_between_presses_through_a_round_with_the_screen_readable():
    device, fingers = _started("tdisplay")
    before = dict(device.spent)
    fingers.wait(60000)  # a minute of the table thinking
    asleep = device.spent["asleep"] - before["asleep"]
    awake = device.spent["awake"] - before["awake"]
    assert asleep > 0.98 * (asleep + awake)
    # Lit, then dim from PLAYING_DIM_MS on: never dark while the round is on.
    assert device.power.state == P.DIM and 0 < device.backlight() < 1
    assert device.spent["off"] == 0
    # No sleep outlasts max_ms (the battery is read, the backlight steps on time).
    naps = [ms for kind, ms in SIM.sleeps if kind == "lightsleep"]
    assert naps and max(naps) <= 5000


def test_a_key_down_or_a_gesture_timing_keeps_the_board_awake():
    device, fingers = _started("tdisplay")
    fingers.wait(7000)  # asleep
    device.press(1)
    awake = device.spent["awake"]
    fingers.wait(LONG_MS // 2)  # held: scanned every period, never asleep
    assert device.spent["awake"] - awake >= LONG_MS // 2 * 1000 - WAKE_US
    device.release(1)
    asleep = device.spent["asleep"]
    fingers.wait(DOUBLE_MS)  # the double window is open: awake
    assert device.spent["asleep"] == asleep


@pytest.mark.parametrize("name", boards.NAMES)
def test_a_press_that_wakes_the_board_is_stamped_within_the_wake_up_time(name):
    device, fingers = _started(name)
    fed = _feeds(device)
    for key in range(device.keys):
        fingers.wait(7321)  # in the middle of a light sleep
        assert SIM.sleeps[-1][0] == "lightsleep" and device._rest[0] == "sleep"
        wakes = device.wakes
        pressed_at = device.now()
        fingers.gesture(key, SHORT)
        assert device.wakes == wakes + 1
        down = [f for f in fed if f[0] == key and f[1]][-1]
        up = [f for f in fed if f[0] == key and not f[1]][-1]
        assert 0 <= down[2] - pressed_at <= WAKE_US // 1000  # stamped on waking
        assert up[2] - down[2] == 80  # Fingers' PRESS_MS: the hold measured whole
        assert device.loop.buttons.presses == device.presses


# Short, double and long presses made on a sleeping board come out as on a board that
# scans all the time: the same events, for every key (with their timings at the limits).
GESTURES = ((0, SHORT), (1, DOUBLE), (1, SHORT), (0, LONG), (1, LONG), (0, DOUBLE))


@pytest.mark.parametrize("name", ["tdisplay", "m5stack_core"])
def test_gestures_made_from_sleep_come_out_as_on_a_board_that_never_sleeps(name):
    seen = []
    for paced in (False, True):
        device, fingers = _started(name, paced)
        fingers.long_hold_ms = LONG_MS + 2  # just past the limit: a shortened hold is short
        events = len(device.events)
        for key, kind in GESTURES:
            fingers.wait(6500)  # asleep, when paced
            fingers.gesture(key, kind)
        seen.append(device.events[events:])
        if paced:
            assert device.wakes >= len(GESTURES)
    assert seen[0] == seen[1] and len(seen[1]) >= len(GESTURES)


def test_a_summary_leaves_on_time_while_the_board_sleeps():
    device, fingers = _started("tdisplay")
    fingers.gesture(0, SHORT)  # a baza to A
    fingers.gesture(0, SHORT)  # and the round: its summary comes
    assert device.app.top_name() == "summary"
    leaves = device.app.top().since + 5000
    fingers.wait(leaves - device.now() - 50)
    assert device.app.top_name() == "summary" and device._rest[0] == "sleep"
    fingers.wait(50 + device.power.scan_ms)  # it goes at 5 s, not when a 5 s sleep ends
    assert device.app.top_name() == "scoreboard"
