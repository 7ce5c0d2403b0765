# hw.buttons, on CPython (pytest) and the MicroPython unix port (tests/mp_run.py): bouncing
# contacts simulated millisecond by millisecond on active-low pins (seeded bursts of
# 0-15 ms after every press and release, a second button bouncing at the same time),
# noise spikes, a thousand-press mash, edge timing, the wake gate, and no allocation.
from array import array

from ui import events as E
from ui.gestures import KEYMAP_2, KEYMAP_3, Recognizer
from hw.buttons import DEBOUNCE_MS, Buttons, open_pins
from heaplock import locked

# The keymaps without chords, and the middle key with a double: the debouncer's tests
# press keys at once and count every gesture of every key (the chords: test_gestures).
SOLO_2 = KEYMAP_2[:6]
SOLO_3 = bytes(KEYMAP_3[:4]) + bytes((E.UNDO,)) + bytes(KEYMAP_3[5:9])
MASK = (1 << 30) - 1  # MicroPython's ticks_ms period, minus one
BURST = 15  # the longest bounce burst simulated, ms
# The shortest level certain to count with the bursts and scans of 3..10 ms simulated: the
# bounce, then at most a scan to read the settled level, 25 ms, at most a scan to confirm.
SURE = BURST + DEBOUNCE_MS + 2 * 10


class Rng:
    """Park-Miller: the same numbers on both runtimes, small ints only, no allocation."""

    def __init__(self, seed):
        self.x = seed % 2147483646 + 1

    def next(self):
        self.x = self.x * 48271 % 2147483647
        return self.x

    def below(self, n):
        return self.next() % n

    def between(self, lo, hi):
        return lo + self.next() % (hi - lo + 1)


class Pin:
    """A pin-like input: what the contacts and the pull-up make of it."""

    def __init__(self, level=1):
        self.level = level
        self.armed = None

    def value(self):
        return self.level

    def irq(self, trigger=None, wake=None):
        self.armed = (trigger, wake)


class Line:
    """One button's contacts over time. Subclasses say when the intended level changes
    (next_change); after each change the contacts bounce for a random 0..burst ms, each
    millisecond of it reading either level. Pressed pulls the pin to 0 (active-low)."""

    def __init__(self, rng, burst=BURST, log=None):
        self.pin = Pin(1)
        self.rng = rng
        self.burst = burst
        self.pressed = 0
        self.changed = -1  # when the intended level last changed
        self.bounce = 0  # how long the contacts bounce after that change
        self.presses = 0
        self.log = log  # when given: (time, burst) of every change
        self.upcoming = self.next_change(0)

    def next_change(self, now):
        return -1

    def at(self, t):
        while 0 <= self.upcoming <= t:
            self.changed = self.upcoming
            self.pressed ^= 1
            self.presses += self.pressed
            self.bounce = self.rng.below(self.burst + 1) if self.burst else 0
            if self.log is not None:
                self.log.append((self.changed, self.bounce))
            self.upcoming = self.next_change(self.changed)
        level = self.pressed
        if self.changed >= 0 and t - self.changed < self.bounce:
            level = self.rng.next() & 1
        self.pin.level = 0 if level else 1


class Script(Line):
    """Changes at the given times (press, release, press, ...)."""

    def __init__(self, rng, times, burst=BURST, log=None):
        self.times = times
        self.i = 0
        Line.__init__(self, rng, burst, log)

    def next_change(self, now):
        if self.i == len(self.times):
            return -1
        self.i += 1
        return self.times[self.i - 1]


class Masher(Line):
    """count presses from start: held hold[0]..hold[1] ms, gap[0]..gap[1] ms apart."""

    def __init__(self, rng, count, start, hold, gap):
        self.count = count
        self.start = start
        self.hold = hold
        self.gap = gap
        Line.__init__(self, rng)

    def next_change(self, now):
        if self.changed < 0:
            return self.start
        if self.pressed:
            return now + self.rng.between(self.hold[0], self.hold[1])
        if self.presses == self.count:
            return -1
        return now + self.rng.between(self.gap[0], self.gap[1])


class Spikes(Line):
    """Noise: from start, pulses of 1..longest ms to the other level, clean edges (no
    bounce of their own), lo..hi ms apart, until end; held says the resting level."""

    def __init__(self, rng, start, end, longest, held=False, apart=(30, 90)):
        self.start = start
        self.end = end
        self.longest = longest
        self.apart = apart
        self.rest = 1 if held else 0
        Line.__init__(self, rng, burst=0)
        self.pressed = self.rest
        self.pin.level = 0 if held else 1

    def next_change(self, now):
        if self.changed < 0:
            return self.start
        if self.pressed != self.rest:  # in a spike: it ends
            return now + self.rng.between(1, self.longest)
        t = now + self.rng.between(self.apart[0], self.apart[1])
        return t if t < self.end else -1

    def at(self, t):
        # The intended level is the spike itself; count no presses.
        Line.at(self, t)
        self.presses = 0


class Recorder:
    """A recognizer that records the edges it is fed."""

    def __init__(self):
        self.edges = []

    def feed(self, key, pressed, now_ms):
        self.edges.append((key, 1 if pressed else 0, now_ms))
        return 0

    def poll(self, now_ms):
        return 0


def run(buttons, lines, start, end, rng=None, step=5, out=None, times=None):
    """Moves time from start to end ms, scanning every step ms (or a random 3..10 with
    rng); the pins follow their lines every millisecond. Events go to out, the time each
    came to times."""
    t = start
    while t <= end:
        gap = rng.between(3, 10) if rng is not None else step
        for _ in range(gap):
            for line in lines:
                line.at(t)
            t += 1
        now = (t - 1) & MASK
        e = buttons.scan(now)
        while e:
            if out is not None:
                out.append(e)
            if times is not None:
                times.append(t - 1)
            e = buttons.scan(now)
    return t


def keys_of(lines):
    return tuple(line.pin for line in lines)


# Construction and pins


def test_bad_construction_is_refused():
    for pins, debounce in (((), 25), ((Pin(),), 0), ((Pin(),), -5), ((Pin(),), 1 << 29)):
        try:
            Buttons(pins, Recorder(), debounce)
            raise AssertionError((pins, debounce))
        except ValueError:
            pass


class MachinePin:
    """machine.Pin's constructor and constants, recording what was asked."""
    IN = 1
    PULL_UP = 2

    def __init__(self, gpio, mode, pull):
        self.args = (gpio, mode, pull)


def test_open_pins_pulls_up_only_where_the_board_says_and_refuses_input_only_gpios():
    # The T-Display: GPIO0 with the internal pull-up, GPIO35 with the board's own.
    pins = open_pins(MachinePin, (0, 35), (True, False))  # boards/tdisplay.py's
    assert [p.args for p in pins] == [(0, 1, 2), (35, 1, None)]
    pins = open_pins(MachinePin, (39, 38, 37), (False, False, False))  # the M5Stack's
    assert [p.args for p in pins] == [(39, 1, None), (38, 1, None), (37, 1, None)]
    for gpio in (34, 35, 36, 37, 38, 39):
        try:
            open_pins(MachinePin, (0, gpio), (True, True))
            raise AssertionError(gpio)
        except ValueError as e:
            assert str(gpio) in str(e)
    # Chips without input-only pins say so.
    assert open_pins(MachinePin, (35,), (True,), input_only=())[0].args == (35, 1, 2)


def test_pressed_reads_zero_on_active_low_pins_and_one_when_active_high():
    for active, down, up in ((0, 0, 1), (1, 1, 0)):
        pin = Pin(up)
        rec = Recorder()
        b = Buttons((pin,), rec, active=active)
        for t in range(0, 60, 5):
            b.scan(t)
        assert rec.edges == []
        pin.level = down
        for t in range(60, 120, 5):
            b.scan(t)
        pin.level = up
        for t in range(120, 180, 5):
            b.scan(t)
        assert rec.edges == [(0, 1, 60), (0, 0, 120)], (active, rec.edges)


def test_a_key_held_at_start_gives_no_press_and_its_release_is_dropped():
    held, free = Pin(0), Pin(1)
    rec = Recorder()
    b = Buttons((held, free), rec)
    assert b.held(0) and not b.held(1)
    held.level = 1
    for t in range(0, 100, 5):
        b.scan(t)
    assert rec.edges == [] and not b.held(0) and b.presses == 0
    held.level = 0  # the next press is a press
    for t in range(100, 200, 5):
        b.scan(t)
    assert rec.edges == [(0, 1, 100)] and b.presses == 1


def test_arm_wake_hands_every_key_pin_to_the_wake_call():
    pins = (Pin(), Pin(), Pin())
    b = Buttons(pins, Recorder())
    armed = []
    b.arm_wake(lambda p, level: armed.append((p, level)), False)  # esp32.WAKEUP_ALL_LOW
    assert armed == [(pins, False)]


# Debouncing


def test_a_change_becomes_an_edge_once_read_for_the_debounce_time():
    pin = Pin(1)
    rec = Recorder()
    b = Buttons((pin,), rec)
    assert DEBOUNCE_MS == 25
    pin.level = 0
    for t in range(1000, 1025):  # read at 1000..1024: 24 ms apart, not yet
        b.scan(t)
    assert rec.edges == []
    b.scan(1025)
    assert rec.edges == [(0, 1, 1000)]  # stamped with the first reading


def test_noise_spikes_shorter_than_the_debounce_time_never_make_an_edge():
    for seed in range(12):
        rng = Rng(seed)
        step = (1, 5, 10)[seed % 3]
        for held in (False, True):
            # Spikes up to 24 ms on one button; the other rests.
            line = Spikes(Rng(seed + 100), 10, 20000, DEBOUNCE_MS - 1, held)
            other = Line(rng)
            rec = Recorder()
            b = Buttons((line.pin, other.pin), rec)
            run(b, (line, other), 0, 21000, step=step)
            assert rec.edges == [], (seed, held, rec.edges[:4])
            assert b.presses == 0


def test_a_pulse_of_the_debounce_time_at_every_millisecond_is_no_edge_and_one_ms_more_is():
    for width, edges in ((DEBOUNCE_MS, 0), (DEBOUNCE_MS + 1, 2)):
        pin = Pin(1)
        rec = Recorder()
        b = Buttons((pin,), rec)
        for t in range(200):
            pin.level = 0 if 50 <= t < 50 + width else 1
            b.scan(t)
        assert len(rec.edges) == edges, (width, rec.edges)


def _script(rng, presses, start, apart):
    # Press/release times: holds of SURE..900 ms, gaps of apart..apart + 400 ms.
    times = []
    t = start
    for _ in range(presses):
        times.append(t)
        t += rng.between(SURE, 900)
        times.append(t)
        t += rng.between(apart, apart + 400)
    return times


def test_two_buttons_bouncing_at_once_give_each_press_and_release_once_at_its_time():
    for seed in range(20):
        rng = Rng(seed)
        logs = ([], [])
        first = _script(rng, 12, 100, SURE)
        # The second button changes on the first's changes (bursts overlap) half the time.
        second = [t + rng.between(0, 10) if rng.below(2) else t + rng.between(200, 600)
                  for t in first]
        for i in range(1, len(second)):  # in order, and each level held long enough
            if second[i] < second[i - 1] + SURE:
                second[i] = second[i - 1] + SURE
        lines = (Script(rng, first, log=logs[0]), Script(rng, second, log=logs[1]))
        rec = Recorder()
        b = Buttons(keys_of(lines), rec)
        step_rng = Rng(seed + 7) if seed % 2 else None
        run(b, lines, 0, second[-1] + 1000, rng=step_rng, step=5)
        slack = 10 if step_rng else 5  # a change is read at most one scan late
        for k in (0, 1):
            mine = [e for e in rec.edges if e[0] == k]
            assert len(mine) == len(logs[k]), (seed, k, len(mine), len(logs[k]))
            for i, (_, pressed, when) in enumerate(mine):
                change, bounce = logs[k][i]
                assert pressed == (i + 1) % 2, (seed, k, i)
                assert change <= when <= change + bounce + slack, (seed, k, i, when, change, bounce)
        stamps = [e[2] for e in rec.edges]
        assert stamps == sorted(stamps), seed  # the recognizer sees them in order
        assert b.presses == 24


def test_edges_keep_their_stamps_across_the_tick_wrap():
    rng = Rng(3)
    start = MASK - 2000
    times = _script(rng, 6, start + 100, 50)
    log = []
    line = Script(rng, times, log=log)
    rec = Recorder()
    b = Buttons((line.pin,), rec)
    run(b, (line,), start, times[-1] + 500, step=5)
    assert len(rec.edges) == len(times)
    for (_, _, when), (change, bounce) in zip(rec.edges, log):
        assert 0 <= (when - change) & MASK <= bounce + 5


# Gestures through the bounce


def _complete(kind, times):
    # When the recognizer can know the gesture: a short waits out the double window.
    if kind == 0:
        return times[1] + 300
    if kind == 1:
        return times[2]
    return times[0] + 600


def test_short_long_and_double_presses_through_bounce_give_their_events_in_order():
    for keymap in (SOLO_2, SOLO_3):
        n = len(keymap) // 3
        for seed in range(8):
            rng = Rng(seed * 31 + n)
            scripts = [[] for _ in range(n)]
            expected = []
            due = []  # when each expected event can come at the earliest
            t = 200
            for _ in range(15):
                k = rng.below(n)
                kind = rng.below(3)  # 0 short, 1 double, 2 long
                hold = rng.between(60, 250) if kind != 2 else rng.between(800, 1500)
                times = [t, t + hold]
                if kind == 1:
                    times += [t + hold + rng.between(60, 180)]
                    times += [times[2] + rng.between(60, 250)]
                scripts[k] += times
                expected.append(keymap[k * 3 + kind])
                due.append(_complete(kind, times))
                t = times[-1] + rng.between(450, 900)
            lines = [Script(rng, s) for s in scripts]
            # The keys with nothing to do still chatter: spikes under 25 ms throughout.
            noise = [Spikes(Rng(seed + k), 0, t, DEBOUNCE_MS - 1) for k in range(n)]
            pins = []
            for k in range(n):
                pins.append(lines[k].pin if scripts[k] else noise[k].pin)
            active = [lines[k] if scripts[k] else noise[k] for k in range(n)]
            b = Buttons(pins, Recognizer(keymap))
            got, when = [], []
            run(b, active, 0, t + 500, rng=Rng(seed), out=got, times=when)
            assert got == expected, (keymap, seed, got, expected)
            for i in range(len(got)):
                late = when[i] - due[i]
                # Stamped at most a scan (10 ms) after the bounce, confirmed at most a scan late.
                assert DEBOUNCE_MS <= late <= DEBOUNCE_MS + BURST + 20, (seed, i, late)


def _grid_script(rng, presses, offset):
    # Changes on a 100 ms grid, shifted by offset: key 0's at 0 mod 100, key 1's at
    # 50 mod 100, so the two keys' changes are always 50 ms or more apart and bursts plus
    # scanning (25 ms at most) cannot reorder them. Holds and gaps stay 175 ms or more clear
    # of the 600 ms long and 75 ms or more clear of the 300 ms double limits.
    times = []
    t = 100 * rng.between(1, 5) + offset
    for _ in range(presses):
        times.append(t)
        t += 100 * (rng.between(1, 4) if rng.below(3) else rng.between(8, 12))
        times.append(t)
        t += 100 * (rng.between(1, 2) if rng.below(2) else rng.between(5, 8))
    return times


def test_overlapping_presses_of_both_buttons_give_the_events_of_clean_edges():
    for seed in range(25):
        rng = Rng(seed + 500)
        scripts = (_grid_script(rng, 20, 0), _grid_script(rng, 20, 50))
        edges = []
        for k in (0, 1):
            for i in range(len(scripts[k])):
                edges.append((scripts[k][i], k, (i + 1) % 2))
        edges.sort()
        end = edges[-1][0] + 2000
        ref = Recognizer(KEYMAP_2)  # fed the clean edges, exactly when they happen
        expected = []
        for when, k, pressed in edges:
            e = ref.feed(k, pressed, when)
            while e:
                expected.append(e)
                e = ref.poll(when)
        e = ref.poll(end)
        while e:
            expected.append(e)
            e = ref.poll(end)
        lines = (Script(rng, scripts[0]), Script(rng, scripts[1]))
        b = Buttons(keys_of(lines), Recognizer(KEYMAP_2))
        got = []
        run(b, lines, 0, end, rng=Rng(seed), out=got)
        assert got == expected, (seed, [E.NAMES[e] for e in got], [E.NAMES[e] for e in expected])
        assert b.presses == 40 and len(set(expected)) >= 4


def _per_key(events, keymap, key):
    # short + 2 * double + long of one key's events: the presses they took.
    return (events.count(keymap[key * 3]) + 2 * events.count(keymap[key * 3 + 1])
            + events.count(keymap[key * 3 + 2]))


def test_a_button_mashed_a_thousand_times_counts_every_press_once():
    rng = Rng(11)
    masher = Masher(rng, 1000, 100, hold=(SURE, 150), gap=(SURE, 500))
    noise = Spikes(Rng(12), 0, 400000, DEBOUNCE_MS - 1)
    b = Buttons((noise.pin, masher.pin), Recognizer(KEYMAP_2))
    got = []
    run(b, (noise, masher), 0, 1000 * 650 + 1000, rng=Rng(13), out=got)
    assert masher.presses == 1000 and b.presses == 1000
    assert _per_key(got, KEYMAP_2, 1) == 1000
    assert got.count(E.SELECT) == 0  # every hold was under the long press
    assert not [e for e in got if e in KEYMAP_2[0:3]]  # the noisy key said nothing


def test_both_buttons_mashed_at_once_count_every_press_of_each_once():
    for seed in (1, 2):
        a = Masher(Rng(seed), 400, 100, hold=(SURE, 300), gap=(SURE, 400))
        c = Masher(Rng(seed + 50), 400, 130, hold=(SURE, 300), gap=(SURE, 400))
        b = Buttons((a.pin, c.pin), Recognizer(SOLO_2))
        got = []
        run(b, (a, c), 0, 400 * 700 + 2000, step=5, out=got)
        assert b.presses == 800
        assert _per_key(got, SOLO_2, 0) == 400 and _per_key(got, SOLO_2, 1) == 400


# The gate (what hw.power uses to swallow the press that woke the screen)


def test_a_press_the_gate_refuses_goes_nowhere_and_neither_does_its_release():
    pin = Pin(1)
    rec = Recorder()
    b = Buttons((pin,), rec)
    calls = []

    def gate(pressed, when):
        calls.append((pressed, when))
        return len(calls) > 2  # refuses the first press

    b.gate = gate
    for t in range(0, 600, 5):
        pin.level = 0 if 100 <= t < 200 or 300 <= t < 400 else 1
        b.scan(t)
    assert calls == [(True, 100), (False, 200), (True, 300), (False, 400)]
    assert rec.edges == [(0, 1, 300), (0, 0, 400)]
    assert b.presses == 2


def test_a_swallowed_double_press_start_leaves_the_second_press_a_short():
    pin = Pin(1)
    b = Buttons((Pin(1), pin), Recognizer(KEYMAP_2))
    b.gate = lambda pressed, when: when != 100
    got = []
    for t in range(0, 1200, 5):
        pin.level = 0 if 100 <= t < 180 or 260 <= t < 340 else 1
        e = b.scan(t)
        while e:
            got.append(e)
            e = b.scan(t)
    assert got == [E.NEXT]


# Sleeping


def test_busy_while_held_or_bouncing_and_for_settle_ms_after_the_last_edge():
    pin = Pin(1)
    b = Buttons((pin,), Recognizer(KEYMAP_2), settle_ms=400)
    b.scan(0)
    assert not b.busy(0)
    pin.level = 0
    b.scan(10)
    assert b.busy(10)  # bouncing (not yet an edge)
    b.scan(40)
    assert b.busy(40)  # held
    pin.level = 1
    b.scan(100)
    assert b.busy(100)  # releasing
    b.scan(130)  # the release, stamped 100
    assert b.busy(130) and b.busy(499)
    assert not b.busy(500)
    assert not b.busy(500 + (1 << 29) + 10)  # and a wrapped clock does not revive it


# No allocation


def _mash_all(b, lines, start, end, hist):
    # Like run, but only ints and preallocated arrays: it can run under heap_lock.
    t = start
    while t <= end:
        for _ in range(5):
            for line in lines:
                line.at(t)
            t += 1
        e = b.scan((t - 1) & MASK)
        while e:
            hist[e] += 1
            e = b.scan((t - 1) & MASK)
    return t


def test_scan_allocates_nothing():
    n = 150
    a = Masher(Rng(5), n * 2, MASK - 3000, hold=(SURE, 900), gap=(SURE, 500))
    c = Masher(Rng(6), n * 2, MASK - 2900, hold=(SURE, 900), gap=(SURE, 500))
    b = Buttons((a.pin, c.pin), Recognizer(SOLO_2))
    b.gate = lambda pressed, when: True
    lines = (a, c)
    hist = array("i", [0] * 9)
    t = _mash_all(b, lines, MASK - 3100, MASK + 20000, hist)  # warm up, across the wrap
    end = MASK + 2 * n * 1500
    # (CPython, whose heap cannot be locked: the state stays the same preallocated objects.)
    state = (b._raw, b._stable, b._mute, b._t, b._q)
    locked(lambda: _mash_all(b, lines, t, end, hist))
    assert all(x is y for x, y in zip((b._raw, b._stable, b._mute, b._t, b._q), state))
    assert type(b._t) is array and type(b._q.buf) is bytearray
    assert a.presses == c.presses == 2 * n
    assert b.presses == 4 * n and b.lost == 0
    for k in (0, 1):
        took = hist[SOLO_2[k * 3]] + 2 * hist[SOLO_2[k * 3 + 1]] + hist[SOLO_2[k * 3 + 2]]
        assert took == 2 * n, (k, list(hist))
    assert hist[E.BACK] and hist[E.SELECT] and hist[E.PREV2] and hist[E.NEXT2]
