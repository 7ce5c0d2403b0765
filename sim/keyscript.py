"""Key scripts: button gestures as text, for headless runs and tests.

SYNTAX is what `python -m sim --help` prints.
"""
import re

from ui.gestures import DOUBLE, LONG, SHORT

from sim.fingers import DOUBLE_GAP_MS, DOUBLE_MS, LONG_EXTRA_MS, LONG_MS, PRESS_MS, \
    SETTLE_EXTRA_MS

SYNTAX = """\
key script: tokens separated by spaces or commas
  1s 2d 3l   short, double or long press of key 1, 2 or 3 (1 = leftmost or topmost)
  12s 13l    keys 1 and 2 (or 1 and 3) pressed together, short or held
  2s*4       the same token 4 times (at most %d)
  w500       wait 500 ms (a summary goes back by itself after 5000)
A script holds at most %d gestures and waits of %d ms in all (one simulated hour).
A short press holds the key %d ms; a double is two of those %d ms apart; a long holds it
%d ms. Each gesture is followed by %d ms without presses (longer than the %d ms double
window), so consecutive tokens never merge into one gesture. The pins are read through
the firmware's 25 ms debounce; a press on a dark screen only lights it."""

MOST_TIMES = 1000  # a token's repeat count
MOST_GESTURES = 2000  # in a script: about a minute of simulation
MOST_WAIT_MS = 3600000  # waits in all, simulated
SYNTAX = SYNTAX % (MOST_TIMES, MOST_GESTURES, MOST_WAIT_MS, PRESS_MS, DOUBLE_GAP_MS,
                   LONG_MS + LONG_EXTRA_MS, DOUBLE_MS + SETTLE_EXTRA_MS, DOUBLE_MS)

_GESTURES = {"s": SHORT, "d": DOUBLE, "l": LONG}
_TOKEN = re.compile(r"(?:([1-9]{1,2})([sdl])|w(\d+))(?:\*(\d+))?$")


def parse(script, keys):
    """The steps of a script: ("press", key, gesture) with key 0-based (a pair of keys
    for a chord), or ("wait", ms). Raises ValueError naming the bad token, before anything
    is built for it: a script runs in bounded time."""
    steps = []
    gestures = waited = 0
    for token in script.replace(",", " ").split():
        found = _TOKEN.match(token.lower())
        if not found:
            raise ValueError("bad key script token '%s'" % token[:40])
        key, kind, wait, times = found.groups()
        if key and (max(key) > str(keys) or "0" in key):
            raise ValueError("'%s': this board has keys 1 to %d" % (token, keys))
        if key and len(key) == 2:
            if key[0] == key[1] or kind == "d":
                raise ValueError("'%s': a chord is two keys, short or long" % token)
            key = (int(key[0]) - 1, int(key[1]) - 1)
        elif key:
            key = int(key) - 1
        if len(times or "") > 9 or int(times or 1) > MOST_TIMES:
            raise ValueError("'%s': repeat at most %d times" % (token[:40], MOST_TIMES))
        times = int(times or 1)
        if wait and (len(wait) > 9 or int(wait) > MOST_WAIT_MS):
            raise ValueError("'%s': wait at most %d ms" % (token[:40], MOST_WAIT_MS))
        if wait:
            waited += int(wait) * times
        else:
            gestures += times
        if waited > MOST_WAIT_MS or gestures > MOST_GESTURES:
            raise ValueError("'%s': a script waits at most %d ms in all and makes at most %d "
                             "gestures" % (token, MOST_WAIT_MS, MOST_GESTURES))
        step = ("wait", int(wait)) if wait else ("press", key, _GESTURES[kind])
        steps.extend([step] * times)
    return steps


def play(fingers, steps):
    for step in steps:
        if step[0] == "wait":
            fingers.wait(step[1])
        else:
            fingers.gesture(step[1], step[2])
