# Button gestures to the semantic events of ui.events: a short, double or long press of
# each key, looked up in a board's keymap. Pure logic: the caller passes debounced edges
# and the time in milliseconds; after construction nothing allocates.
#
#     g = Recognizer(KEYMAP_2)
#     e = g.feed(key, pressed, time.ticks_ms())    # on every debounced edge
#     e = g.poll(time.ticks_ms())                  # every 10-20 ms
#
# Both return the oldest pending event, or 0 when there is none. One call can complete
# several events (another key's waiting short, then this key's own; or the long presses
# of several held keys), kept in a queue in the order the user made them: to get them at
# once, drain after each call, `while e: handle(e); e = g.poll(now)`. A caller that takes
# one event per call gets them all too, only later: every event needs a press, and each
# press's call returns one, so the queue never holds more than one event per key (plus,
# within a call, the one it returns). The 8 places are enough for 6 keys; were they ever
# full, the newer event would be dropped and counted in `lost`.
#
# Timing, per key:
# - long: fires while the key is still held, when it has been down long_ms; the release
#   then adds nothing.
# - double: a press that comes less than double_ms after the key's release fires the
#   double at once, on that second press; its release, however late, adds nothing.
# - short: a release before long_ms. A key with a double event reports it once double_ms
#   has passed without a second press (from poll, or from the next feed); a key without
#   one reports it on the release.
# - a limit is reached when the elapsed time equals it: down exactly long_ms is long, a
#   press exactly double_ms after the release starts a new gesture.
# - any press or release that changes another key's state, and any long press of another
#   key, first reports a short still waiting for its double window, so events come in the
#   order the user made them (at most one key is ever waiting).
# - both keys (a keymap with chord events): a key pressed while another is down and has
#   not fired yet makes the two a chord instead of their own gestures: long when both
#   are still down long_ms after the second press, else short when the first of them is
#   released; the other's release adds nothing. Two keys at once is a gesture of its
#   own, which a quick press of one key after another never makes.
# - stray edges are ignored: a press of a key already down, a release of a key that is
#   up, keys the keymap does not have.
#
# Times are compared like time.ticks_diff: modulo 2**30, the period of MicroPython's
# ticks_ms, so time.ticks_ms() values work across its wrap, and so does any counter that
# never wraps. Calls must come less than 2**29 ms (6 days) apart while a key is timing.
# A time a little before the previous one (a clock read before an interrupt's stamp)
# counts as no time passed.
from array import array

from micropython import const

from ui import elapsed
from ui.events import BACK, GO, MENU, NEXT, NEXT2, PREV, PREV2, SELECT, UNDO

# A keymap is bytes: the event of key k's gesture g at k * 3 + g (0: that gesture does
# nothing, and a key without a double or long event never waits for one); then, if
# keys are to chord, two more: the short and the long press of two keys at once.
SHORT = const(0)
DOUBLE = const(1)
LONG = const(2)

# LILYGO T-Display: key 0 is GPIO0 (left/top), key 1 is GPIO35 (right/bottom).
KEYMAP_2 = bytes((PREV, PREV2, BACK,
                  NEXT, NEXT2, SELECT,
                  GO, UNDO))
# M5Stack: keys 0, 1, 2 are buttons A, B, C, left to right. B has no double: two quick
# choices are two choices (and each is reported at its release, without a wait).
KEYMAP_3 = bytes((PREV, PREV2, BACK,
                  SELECT, 0, MENU,
                  NEXT, NEXT2, SELECT,
                  GO, UNDO))

_MASK = const(0x3FFFFFFF)  # ticks period 2**30, minus one
_HALF = const(0x20000000)

# Key phases.
_UP = const(0)
_DOWN = const(1)  # pressed, timing towards long
_WAIT = const(2)  # released after a short, timing the double window
_HELD = const(3)  # its event has fired (long, or double on the second press): until release
_BOTH = const(4)  # down in a chord with another key, timing towards the chord's long

_QSIZE = const(8)
_MAX_KEYS = const(6)  # the queue holds at most keys + 1 events (see the top)


class Queue:
    """Event codes (1..255) first in, first out, in a preallocated ring of `size` (a power
    of two: indexes wrap with a mask). What comes while it is full is dropped and counted
    in lost."""

    def __init__(self, size):
        self.buf = bytearray(size)
        self._mask = size - 1
        self._head = 0
        self.count = 0
        self.lost = 0

    def push(self, e):
        if self.count > self._mask:
            self.lost += 1
            return
        self.buf[(self._head + self.count) & self._mask] = e
        self.count += 1

    def pop(self):
        """The oldest event, or 0 when there is none."""
        if not self.count:
            return 0
        e = self.buf[self._head]
        self._head = (self._head + 1) & self._mask
        self.count -= 1
        return e


class Recognizer:
    def __init__(self, keymap, long_ms=600, double_ms=300):
        n = len(keymap) // 3
        if not 0 < n <= _MAX_KEYS or len(keymap) - n * 3 not in (0, 2):
            raise ValueError("keymap")
        if not (0 < long_ms < _HALF and 0 < double_ms < _HALF):
            raise ValueError("timing")
        self._map = bytes(keymap)
        self._n = n
        self._chord = n * 3 if len(keymap) > n * 3 else -1  # where its events are; -1: none
        self._long = long_ms
        self._double = double_ms
        self._phase = bytearray(n)
        self._t = array("i", [0] * n)  # press time (_DOWN) or release time (_WAIT)
        self._q = Queue(_QSIZE)

    def feed(self, key, pressed, now_ms):
        """A debounced edge of key (pressed true: went down). Returns the next event or 0."""
        if 0 <= key < self._n:
            self._advance(now_ms)  # what was due before this edge happened first
            self._edge(key, pressed, now_ms)
        return self._q.pop()

    def poll(self, now_ms):
        """Fires the gestures due by now_ms. Returns the next event or 0."""
        self._advance(now_ms)
        return self._q.pop()

    def _advance(self, now):
        # Fires every timer run out by now, the one that ran out first first.
        phase = self._phase
        while True:
            first = -1
            late = -1  # how long ago the earliest one ran out; -1: none due
            for k in range(self._n):
                p = phase[k]
                if p == _DOWN and self._map[k * 3 + LONG] or p == _BOTH:
                    over = elapsed(now, self._t[k]) - self._long
                elif p == _WAIT:
                    over = elapsed(now, self._t[k]) - self._double
                else:
                    continue
                if over > late:
                    late = over
                    first = k
            if first < 0:
                return
            if phase[first] == _WAIT:
                phase[first] = _UP
                self._push(self._map[first * 3 + SHORT])
            elif phase[first] == _BOTH:
                self._flush(first)
                self._chorded(LONG)
            else:
                self._flush(first)
                phase[first] = _HELD
                self._push(self._map[first * 3 + LONG])

    def _edge(self, k, pressed, now):
        phase = self._phase
        p = phase[k]
        if pressed:
            if p == _UP:
                self._flush(k)
                phase[k] = _DOWN
                self._t[k] = now & _MASK
                if self._chord >= 0:
                    for j in range(self._n):
                        if j != k and phase[j] == _DOWN:  # two keys at once: a chord
                            phase[j] = phase[k] = _BOTH
                            self._t[j] = self._t[k]
                            break
            elif p == _WAIT:  # within the window: _advance closed any that ran out
                phase[k] = _HELD
                self._push(self._map[k * 3 + DOUBLE])
        elif p == _DOWN:
            self._flush(k)
            if self._map[k * 3 + DOUBLE]:
                phase[k] = _WAIT
                self._t[k] = now & _MASK
            else:
                phase[k] = _UP
                self._push(self._map[k * 3 + SHORT])
        elif p == _BOTH:
            self._flush(k)
            self._chorded(SHORT)
            phase[k] = _UP
        elif p == _HELD:
            phase[k] = _UP

    def _chorded(self, gesture):
        # The chord's keys wait for their releases; its event fires.
        phase = self._phase
        for k in range(self._n):
            if phase[k] == _BOTH:
                phase[k] = _HELD
        self._push(self._map[self._chord + (1 if gesture == LONG else 0)])

    def _flush(self, key):
        # Reports the short of any other key waiting for its double window.
        phase = self._phase
        for k in range(self._n):
            if k != key and phase[k] == _WAIT:
                phase[k] = _UP
                self._push(self._map[k * 3 + SHORT])

    @property
    def lost(self):
        """Events dropped because the queue was full."""
        return self._q.lost

    def _push(self, event):
        if event:
            self._q.push(event)
