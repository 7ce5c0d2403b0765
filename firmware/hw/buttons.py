# The board's buttons: raw pin levels to clean edges, fed to an ui.gestures.Recognizer,
# out as semantic events. Polled, not interrupt driven: call scan(now_ms) every 5-10 ms
# from the main loop (app.loop) or a Timer.
#
#     pins = open_pins(Pin, board.BUTTONS, board.BUTTON_PULL_UP)  # T-Display: GPIO0, 35
#     b = Buttons(pins, Recognizer(KEYMAP_2))
#     e = b.scan(time.ticks_ms())
#     while e:
#         app.event(e)
#         e = b.scan(time.ticks_ms())
#
# scan returns the oldest pending event or 0, like the recognizer; scanning again at once
# drains the rest (a second read of the pins a moment later is harmless).
#
# Pins are anything with .value(): machine.Pin on the device, fakes in the tests; this
# module never imports machine. Buttons are active-low: pressed reads 0 (`active` is the
# level a pressed key reads: 0 if a board file's BUTTON_ACTIVE_LOW, else 1). Whether a pin
# needs the internal pull-up is the board file's word too: open_pins(Pin, BUTTONS,
# BUTTON_PULL_UP) builds the pins and refuses a pull-up on the classic ESP32's input-only
# GPIOs 34-39, which have none
# (the board has an external resistor, or the input floats and invents presses).
#
# Debouncing: a level becomes an edge once every scan for DEBOUNCE_MS (25 ms) has read
# it, the first and the last of those scans at least 25 ms apart. So a pulse or bounce
# shorter than 25 ms never makes an edge, whatever the scan rate (nor does a dropout in
# the middle of a hold: the level comes back to what it was), and a press whose contacts
# stay settled for 25 ms plus two scan periods (45 ms at 10 ms scans) always counts.
# 25 ms sits over the 5-15 ms that small tactile switches bounce, and under the 50 ms and
# more that a person holds a tap or leaves between the taps of a double.
#
# The edge goes to the recognizer stamped with the time its level was first read, not the
# time it was confirmed, and the recognizer is polled DEBOUNCE_MS behind the clock: it
# sees the presses as they happened (a hold is measured from contact to release, not
# from one confirmation to the other), in the order they happened, since the edges of
# one scan are fed oldest first. Events therefore arrive DEBOUNCE_MS (and up to a scan
# period) after the gesture completes; nobody notices 25 ms.
#
# The gate (power.Power.edge, given by app.boot) sees every edge first: a press it refuses
# (the one that lit a dark screen) goes nowhere, and neither does that key's release.
# A key already held when Buttons is made is treated the same way: no press was seen, so
# its release is not passed on either.
#
# After construction nothing allocates: scan keeps its state in preallocated arrays.
from array import array

from micropython import const

from ui import elapsed
from ui.gestures import Queue

DEBOUNCE_MS = const(25)

_MASK = const(0x3FFFFFFF)  # ticks_ms period 2**30, minus one (as in ui.elapsed)
_HALF = const(0x20000000)
_QSIZE = const(16)

# The classic ESP32's input-only GPIOs: no internal pull resistors.
ESP32_INPUT_ONLY = (34, 35, 36, 37, 38, 39)


def open_pins(Pin, gpios, pull_ups, input_only=ESP32_INPUT_ONLY):  # noqa: N803 (the class)
    """machine.Pin inputs for a board file's BUTTONS and BUTTON_PULL_UP. Pin is machine.Pin
    (or a fake); input_only lists the GPIOs without a pull-up (pass () on chips where
    every input has one)."""
    pins = []
    for i in range(len(gpios)):
        gpio = gpios[i]
        if pull_ups[i] and gpio in input_only:
            raise ValueError("GPIO%d has no internal pull-up" % gpio)
        # None, not the default: no pull at all, whatever a previous user of the pin set.
        pins.append(Pin(gpio, Pin.IN, Pin.PULL_UP if pull_ups[i] else None))
    return tuple(pins)


class Buttons:
    def __init__(self, pins, recognizer, debounce_ms=DEBOUNCE_MS, active=0, settle_ms=500,
                 gate=None):
        n = len(pins)
        if not n:
            raise ValueError("pins")
        if not 0 < debounce_ms < _HALF:
            raise ValueError("debounce")
        self._pins = tuple(pins)
        self._n = n
        self._g = recognizer
        self._db = debounce_ms
        self._active = active  # the level a pressed key reads
        self._settle = settle_ms  # see busy()
        self.gate = gate  # gate(pressed, when_ms) -> False to drop a press; see the top
        self._raw = bytearray(n)  # last reading, 1: pressed
        self._stable = bytearray(n)  # the debounced level, what the recognizer was told
        self._mute = bytearray(n)  # 1: this press was not passed on, so drop its release
        self._t = array("i", [0] * n)  # when the last reading first showed its level
        self._last = 0  # when the last edge happened
        self._settling = False  # an edge came less than settle_ms ago (busy() clears it)
        self._q = Queue(_QSIZE)  # its lost: never seen in practice
        self.presses = 0  # debounced presses, passed on or not
        for k in range(n):
            if pins[k].value() == active:  # held already: see the top
                self._raw[k] = self._stable[k] = self._mute[k] = 1

    def scan(self, now_ms):
        """Reads every pin once, feeds the edges confirmed by now to the recognizer and
        polls it. Returns the oldest pending event, or 0."""
        now = now_ms & _MASK
        pins = self._pins
        raw = self._raw
        stable = self._stable
        t = self._t
        db = self._db
        active = self._active
        due = 0
        for k in range(self._n):
            level = 1 if pins[k].value() == active else 0
            if level != raw[k]:
                raw[k] = level  # a change (or a bounce): the 25 ms start again
                t[k] = now
            elif level != stable[k] and elapsed(now, t[k]) >= db:
                due += 1
        while due:
            # Oldest first. Only keys confirmed above qualify: a level that changed in this
            # scan has t == now, under the debounce time.
            first = 0
            age = -1
            for k in range(self._n):
                if raw[k] != stable[k]:
                    a = elapsed(now, t[k])
                    if a > age:
                        age = a
                        first = k
            self._edge(first)
            due -= 1
        self._take(self._g.poll((now - db) & _MASK), (now - db) & _MASK)
        return self._q.pop()

    def busy(self, now_ms):
        """True while a key is down or bouncing, an event waits, or an edge came less than
        settle_ms ago (the recognizer may still be timing a double window; settle_ms
        must exceed its double_ms plus the debounce time). A long sleep is safe only when
        this is False."""
        for k in range(self._n):
            if self._raw[k] or self._stable[k]:
                return True
        if self._q.count:
            return True
        if self._settling:
            if elapsed(now_ms & _MASK, self._last) < self._settle:
                return True
            self._settling = False  # and stays so: no wrap can bring it back
        return False

    def held(self, key):
        """Whether key is down (debounced)."""
        return bool(self._stable[key])

    def arm_wake(self, wake_on, level):
        """Lets every key end a light sleep: wake_on(pins, level), the board's wake call
        (hw.parts: esp32.wake_on_gpio with WAKEUP_ALL_LOW for active-low keys, each pin
        waking at its own level). No handler: waking is all it does, scan() sees the press."""
        wake_on(self._pins, level)

    def _edge(self, k):
        pressed = self._raw[k]
        when = self._t[k]
        self._stable[k] = pressed
        self._last = when
        self._settling = True
        gate = self.gate
        if pressed:
            self.presses += 1
            if gate is not None and not gate(True, when):
                self._mute[k] = 1
                return
        else:
            if gate is not None:
                gate(False, when)
            if self._mute[k]:
                self._mute[k] = 0
                return
        self._take(self._g.feed(k, pressed, when), when)

    def _take(self, e, when):
        # e, then whatever else the recognizer completed by `when`, into the ring.
        g = self._g
        q = self._q
        while e:
            q.push(e)
            e = g.poll(when)

    @property
    def lost(self):
        """Events dropped because the queue was full."""
        return self._q.lost
