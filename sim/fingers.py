"""Pressing a device's buttons in simulated time, with a person's timings, through the
gesture recognizer: the same frames as the window, only not waiting for the wall clock."""
from app.gestures import DOUBLE, LONG, SHORT

FRAME_MS = 20  # the window's 50 frames a second
PRESS_MS = 80  # how long a quick press holds the button down
DOUBLE_GAP_MS = 80  # up time between the two presses of a double
LONG_EXTRA_MS = 200  # a long press holds the key this much past the board's long_ms
SETTLE_EXTRA_MS = 100  # quiet time after a gesture, past the board's double window


class Fingers:
    def __init__(self, device, now_ms=0):
        self.device = device
        self.now = now_ms
        board = device.board
        self.long_hold_ms = board.long_ms + LONG_EXTRA_MS
        # After every gesture: longer than the double window, so a short is reported
        # and the next press of the same key starts a new gesture.
        self.settle_ms = board.double_ms + SETTLE_EXTRA_MS
        device.frame(self.now)

    def wait(self, ms):
        end = self.now + ms
        while self.now < end:
            self.now = min(self.now + FRAME_MS, end)
            self.device.frame(self.now)

    def gesture(self, key, kind):
        """Makes a SHORT, DOUBLE or LONG press of key (0-based) and lets it settle."""
        if kind == LONG:
            self._press(key, self.long_hold_ms)
        else:
            self._press(key, PRESS_MS)
            if kind == DOUBLE:
                self.wait(DOUBLE_GAP_MS)
                self._press(key, PRESS_MS)
            elif kind != SHORT:
                raise ValueError("unknown gesture %r" % kind)
        self.wait(self.settle_ms)

    def _press(self, key, hold_ms):
        self._edge(key, True)
        self.wait(hold_ms)
        self._edge(key, False)

    def _edge(self, key, pressed):
        self.device.edge(key, pressed, self.now)
        self.device.frame(self.now)
