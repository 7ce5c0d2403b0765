"""Pressing a device's buttons in simulated time, with a person's timings: pin levels that
the firmware's own debouncer (hw.buttons, 25 ms) and gesture recognizer turn into events.
"""
from ui.gestures import DOUBLE, LONG, SHORT, Recognizer
from hw.buttons import DEBOUNCE_MS

# The recognizer's timings, as hw.parts builds it (Recognizer's defaults).
LONG_MS, DOUBLE_MS = Recognizer.__init__.__defaults__
PRESS_MS = 80  # how long a quick press holds the button down
DOUBLE_GAP_MS = 80  # up time between the two presses of a double
LONG_EXTRA_MS = 200  # a long press holds the key this much past LONG_MS
SETTLE_EXTRA_MS = 100  # quiet time after a gesture, past the double window
CHORD_GAP_MS = 50  # between the two keys of a chord going down (and coming up)
SCAN_MS = 10  # hw.power's scan period: the loop's turn, so a level is read that late

# Every level must outlast the debounce and the scans around it to count (hw.buttons),
# and an event arrives DEBOUNCE_MS after its gesture completes.
assert min(PRESS_MS, DOUBLE_GAP_MS, CHORD_GAP_MS) >= DEBOUNCE_MS + 2 * SCAN_MS
assert SETTLE_EXTRA_MS > DEBOUNCE_MS + SCAN_MS and LONG_EXTRA_MS > DEBOUNCE_MS + SCAN_MS


class Fingers:
    def __init__(self, device):
        self.device = device
        self.long_hold_ms = LONG_MS + LONG_EXTRA_MS
        # After every gesture: longer than the double window (and the debounce), so a
        # short is reported and the next press of the same key starts a new gesture.
        self.settle_ms = DOUBLE_MS + SETTLE_EXTRA_MS

    def wait(self, ms):
        self.device.run(ms)

    def gesture(self, key, kind):
        """Makes a SHORT, DOUBLE or LONG press of key (0-based; a pair of keys: both
        at once, SHORT or LONG) and lets it settle."""
        if isinstance(key, tuple):
            self._chord(key, kind)
        elif kind == LONG:
            self._press(key, self.long_hold_ms)
        else:
            self._press(key, PRESS_MS)
            if kind == DOUBLE:
                self.wait(DOUBLE_GAP_MS)
                self._press(key, PRESS_MS)
            elif kind != SHORT:
                raise ValueError("unknown gesture %r" % kind)
        self.wait(self.settle_ms)

    def _chord(self, keys, kind):
        # The second key goes down a moment after the first, as fingers do; both are
        # held together, then let go one after the other.
        if kind not in (SHORT, LONG):
            raise ValueError("two keys at once are short or long, not %r" % kind)
        first, second = keys
        self.device.press(first)
        self.wait(CHORD_GAP_MS)
        self.device.press(second)
        self.wait(self.long_hold_ms if kind == LONG else PRESS_MS)
        self.device.release(second)
        self.wait(CHORD_GAP_MS)
        self.device.release(first)
        self.wait(self.settle_ms)

    def _press(self, key, hold_ms):
        self.device.press(key)
        self.wait(hold_ms)
        self.device.release(key)
