# hw.power and app.loop, on CPython (pytest) and the MicroPython unix port: the
# backlight's dim and off times for the settings' timeouts, a press that only wakes, the
# battery gauge from ADC readings (curve, divider, averaging, hysteresis, USB), the
# sleep durations, the main loop with real buttons, and no allocation.
from array import array

from ui import events as E
from ui.gestures import KEYMAP_2, Recognizer
from hw.buttons import Buttons
from app.loop import Loop
from hw.power import (DIM, DIM_DUTY, LIT, LOW_CLEAR_PCT, LOW_PCT, MIN_DIM_MS, OFF,
                      PLAYING_DIM_MS, PLAYING_OFF_MS, STEP_PCT, WAKE_GUARD_MS, Power,
                      dim_after_ms, percent)
from heaplock import locked

MASK = (1 << 30) - 1
TIMEOUTS = (30, 60, 120, 300)  # app.settings.TIMEOUTS, apart from 0 (never)


class Settings:
    def __init__(self, timeout):
        self.timeout = timeout


class PWM:
    def __init__(self):
        self.duty = -1
        self.writes = 0

    def duty_u16(self, value):
        self.duty = value
        self.writes += 1


class LightPin:
    def __init__(self):
        self.level = -1

    def value(self, v):
        self.level = v


class ADC:
    """read_uv() cycles through the given microvolt readings."""

    def __init__(self, *uv):
        self.set(*uv)

    def set(self, *uv):
        self.uv = array("i", uv)
        self.i = 0
        self.reads = 0

    def read_uv(self):
        v = self.uv[self.i]
        self.i = (self.i + 1) % len(self.uv)
        self.reads += 1
        return v


def cell(mv, divider=2):
    # What the ADC pin sees for a cell at mv millivolts.
    return mv * 1000 // divider


def power(timeout=60, **kw):
    light = PWM()
    return Power(light=light, settings=Settings(timeout), **kw), light


# The backlight


def test_dims_at_half_the_timeout_and_goes_off_at_it():
    for timeout in TIMEOUTS:
        p, light = power(timeout)
        ms = timeout * 1000
        assert p.state == LIT and light.duty == 65535
        for t, state, duty in ((ms // 2 - 1, LIT, 65535), (ms // 2, DIM, 8192),
                               (ms - 1, DIM, 8192), (ms, OFF, 0), (ms * 5, OFF, 0)):
            p.tick(t)
            assert p.state == state and light.duty == duty, (timeout, t, p.state)


def test_short_timeouts_dim_no_earlier_than_15_s_or_not_at_all():
    assert MIN_DIM_MS == 15000
    assert dim_after_ms(20000) == 15000 and dim_after_ms(60000) == 30000
    for timeout, dims in ((20, 15000), (16, 15000), (15, None), (10, None), (1, None)):
        p, light = power(timeout)
        seen = []
        for t in range(0, timeout * 1000 + 1, 250):
            p.tick(t)
            if not seen or seen[-1][1] != p.state:
                seen.append((t, p.state))
        expected = [(0, LIT)] + ([(dims, DIM)] if dims else []) + [(timeout * 1000, OFF)]
        assert seen == expected, (timeout, seen)


def test_timeout_zero_or_no_settings_never_dims_nor_switches_off():
    for p in (power(0)[0], Power(light=PWM())):
        for t in range(0, 3600 * 1000, 60 * 1000):
            p.tick(t)
            assert p.state == LIT


def test_any_edge_restarts_the_idle_time():
    p, light = power(60)
    p.tick(29000)
    assert p.edge(True, 29000)
    p.tick(58000)
    assert p.state == LIT
    assert p.edge(False, 50000)  # the release counts too
    p.tick(79999)
    assert p.state == LIT
    p.tick(80000)
    assert p.state == DIM
    p.tick(110000)
    assert p.state == OFF


def test_a_changed_timeout_applies_at_the_next_tick():
    p, light = power(300)
    p.tick(100000)
    assert p.state == LIT
    p.settings.timeout = 30
    p.tick(100001)
    assert p.state == OFF


def test_a_press_on_a_dim_screen_acts_and_brightens_it():
    p, light = power(60)
    p.tick(45000)
    assert p.state == DIM
    assert p.edge(True, 45100) is True
    assert p.state == LIT and light.duty == 65535
    assert p.edge(False, 45200) is True


class Playing:
    """app.App.playing: whether a match is in progress."""

    def __init__(self, on):
        self.on = on

    def __call__(self):
        return self.on


def test_through_a_match_in_progress_the_screen_dims_sooner():
    assert PLAYING_DIM_MS == 10000
    for timeout in TIMEOUTS:
        p, light = power(timeout)
        p.playing = Playing(True)
        p.tick(PLAYING_DIM_MS - 1)
        assert p.state == LIT and light.duty == 65535
        p.tick(PLAYING_DIM_MS)
        assert p.state == DIM and light.duty == DIM_DUTY
        p.playing = Playing(False)  # the match won: the settings' own step again
        p.edge(True, PLAYING_DIM_MS)
        p.tick(PLAYING_DIM_MS + dim_after_ms(timeout * 1000) - 1)
        assert p.state == LIT


def test_through_a_match_in_progress_the_screen_stays_dim_past_the_timeout():
    for timeout in TIMEOUTS:
        p, light = power(timeout)
        playing = p.playing = Playing(True)
        t = timeout * 1000
        p.tick(t + 1000)
        assert p.state == DIM and light.duty == 8192  # readable, not dark
        assert p.edge(True, t + 2000) is True  # so the press acts
        p.tick(t + 2000 + PLAYING_OFF_MS - 1)
        assert p.state == DIM
        p.tick(t + 2000 + PLAYING_OFF_MS)  # forgotten on the table: dark at last
        assert p.state == OFF
        # The match over (or none): dark at the timeout, as before.
        playing.on = False
        p.edge(True, 0)
        p.edge(False, 0)
        p.tick(t)
        assert p.state == OFF


def test_a_press_on_a_dark_screen_only_wakes_it():
    for timeout in TIMEOUTS:
        p, light = power(timeout)
        t = timeout * 1000
        p.tick(t)
        assert p.state == OFF and light.duty == 0
        assert p.edge(True, t + 5000) is False
        assert p.state == LIT and light.duty == 65535
        assert p.edge(False, t + 5100) is True  # buttons drops it anyway: its press was
        # A press well after that one acts.
        assert p.edge(True, t + 5100 + WAKE_GUARD_MS) is True
        # And the screen is lit for the whole timeout again, from the last edge.
        p.tick(t + 5100 + WAKE_GUARD_MS + dim_after_ms(t) - 1)
        assert p.state == LIT


def test_presses_soon_after_a_wake_press_are_swallowed_too():
    p, _ = power(30)
    p.tick(30000)
    # A double tap at the dark screen: both presses only wake it.
    assert not p.edge(True, 31000)
    p.edge(False, 31080)
    assert not p.edge(True, 31180)
    p.edge(False, 31260)
    # Mashing keeps it swallowing, as long as the taps come within the guard.
    assert not p.edge(True, 31260 + WAKE_GUARD_MS - 1)
    p.edge(False, 31700)
    assert p.edge(True, 31700 + WAKE_GUARD_MS)


def test_a_long_wake_press_guards_from_its_release():
    p, _ = power(30)
    p.tick(30000)
    assert not p.edge(True, 31000)
    p.edge(False, 33000)  # held two seconds
    assert not p.edge(True, 33100)
    p.edge(False, 33200)
    assert p.edge(True, 33200 + WAKE_GUARD_MS)


def test_an_on_off_backlight_pin_stays_on_while_dim():
    pin = LightPin()
    p = Power(light=pin, settings=Settings(60))
    assert pin.level == 1
    p.tick(30000)
    assert p.state == DIM and pin.level == 1
    p.tick(60000)
    assert p.state == OFF and pin.level == 0
    p.edge(True, 61000)
    assert pin.level == 1


def test_the_backlight_is_written_only_when_its_state_changes():
    p, light = power(60)
    for t in range(0, 120000, 10):
        p.tick(t)
    assert light.writes == 3  # lit at start, dim, off
    p.edge(True, 120000)
    p.edge(False, 120100)
    p.edge(True, 121000)
    assert light.writes == 4


def test_a_wrapped_clock_never_relights_a_dark_screen():
    start = MASK - 10000
    p = Power(light=PWM(), settings=Settings(30), now_ms=start)
    p.tick((start + 30000) & MASK)
    assert p.state == OFF
    for days in range(1, 14):  # ticks_ms wraps every 12.4 days; elapsed turns negative at 6.2
        p.tick((start + days * 86400000) & MASK)
        assert p.state == OFF, days


def test_wake_relights_without_an_edge():
    p, light = power(30)
    p.tick(30000)
    p.wake(31000)
    assert p.state == LIT and light.duty == 65535
    p.tick(31000 + 14999)
    assert p.state == LIT
    assert p.edge(True, 46000)  # a wake() is no swallowed press: no guard


# The battery


def test_percent_follows_the_li_ion_curve():
    assert percent(4300) == 100 and percent(4200) == 100
    assert percent(4150) == 95 and percent(3840) == 50 and percent(3690) == 10
    assert percent(3270) == 0 and percent(3000) == 0
    assert percent(3650) == 7  # between 3610 (5) and 3690 (10)
    assert percent(3440) == 2  # between 3270 (0) and 3610 (5)
    last = 101
    for mv in range(4250, 3200, -5):  # never rises as the voltage falls
        assert percent(mv) <= last
        last = percent(mv)


def test_battery_reads_the_cell_through_the_divider_averaging_the_samples():
    # A T-Display at 3.80 V (40 %): 1.90 V at the pin, readings scattered by 60 mV.
    adc = ADC(1870000, 1930000, 1900000, 1880000, 1920000, 1900000, 1910000, 1890000)
    p = Power(adc=adc, samples=8)
    assert p.battery() == -1  # not read yet
    assert p.tick(0) is True
    assert adc.reads == 8 and p.mv == 3800 and p.battery() == 40
    # A board with a 3:1 divider.
    p = Power(adc=ADC(cell(3840, 3)), divider=3)
    p.tick(0)
    assert p.battery() == 50 and 3838 <= p.mv <= 3840
    # A fractional divider (150k over 100k, or so).
    p = Power(adc=ADC(cell(3840) * 2 * 2 // 5), divider=2.5)
    p.tick(0)
    assert 3838 <= p.mv <= 3840 and p.battery() == 50


class EnablePin:
    def __init__(self, adc):
        self.adc = adc
        self.log = []

    def value(self, v):
        self.log.append((v, self.adc.reads))


def test_the_adc_enable_pin_is_high_only_while_reading():
    adc = ADC(cell(3840))
    enable = EnablePin(adc)
    p = Power(adc=adc, adc_enable=enable, samples=4)
    p.tick(0)
    assert enable.log == [(1, 0), (0, 4)] and p.battery() == 50


def test_battery_is_unknown_on_usb_without_a_cell_and_without_an_adc():
    for mv in (4700, 5000, 4351, 2000, 0):
        p = Power(adc=ADC(cell(mv)))
        p.tick(0)
        assert p.battery() == -1 and not p.low(), mv
    p = Power()
    assert p.tick(0) is False and p.battery() == -1 and p.measure() == -1 and not p.low()
    # A charging cell at 4.2-4.35 V reads full, not unknown.
    p = Power(adc=ADC(cell(4300)))
    p.tick(0)
    assert p.battery() == 100


def test_battery_is_read_at_the_first_tick_then_every_battery_ms():
    adc = ADC(cell(3840))
    p = Power(adc=adc, samples=4, battery_ms=30000)
    assert p.tick(5) is True and adc.reads == 4
    for t in range(10, 30005, 100):
        assert p.tick(t) is False
    assert adc.reads == 4
    adc.set(cell(3800))
    assert p.tick(30005) is True and adc.reads == 1 * 4 and p.battery() == 40
    adc.set(cell(3800))
    assert p.tick(60005) is False and adc.reads == 4  # read, and nothing changed


def test_battery_percent_moves_only_by_two_points_or_more():
    adc = ADC(cell(3840))
    p = Power(adc=adc)
    p.tick(0)
    assert p.battery() == 50
    # 3842 mV is 51 %, 3838 mV 49 %, 3844 mV 52 %: a point either way is noise.
    readings = ((3842, 50), (3838, 50), (3844, 52), (3842, 52), (3840, 50), (3820, 45),
                (3850, 55))
    for mv, shown in readings:
        adc.set(cell(mv))
        p.measure()
        assert p.battery() == shown, (mv, p.battery(), shown)
    assert STEP_PCT == 2


def test_low_battery_warning_turns_on_below_10_and_off_from_15():
    assert LOW_PCT == 10 and LOW_CLEAR_PCT == 15
    adc = ADC(cell(3750))
    p = Power(adc=adc)
    # (cell mV, battery(), low()): down to the threshold, a point of noise under it, under
    # it; recovering as the load drops (the warning stays until 15 %; 3710 mV is 15 %, a
    # point from the 14 shown); down again; USB; back on the cell.
    steps = ((3750, 25, False), (3710, 15, False), (3700, 12, False), (3690, 10, False),
             (3685, 10, False), (3670, 8, True), (3690, 10, True), (3700, 12, True),
             (3706, 14, True), (3710, 14, True), (3715, 16, False), (3700, 12, False),
             (3690, 10, False), (3670, 8, True), (5000, -1, False), (3650, 7, True))
    shown = (-1, False)
    for i, (mv, pct, low) in enumerate(steps):
        adc.set(cell(mv))
        changed = p.tick(i * 30000)
        assert (p.battery(), p.low()) == (pct, low), (mv, p.battery(), p.low())
        assert changed == ((pct, low) != shown), mv
        shown = (pct, low)


# Sleeping


class Sleeps:
    def __init__(self):
        self.calls = []

    def pause(self, ms):
        self.calls.append(("pause", ms))

    def sleep(self, ms):
        self.calls.append(("sleep", ms))


def test_rest_pauses_one_scan_period_while_lit_or_busy():
    s = Sleeps()
    p = Power(light=PWM(), settings=Settings(60), pause=s.pause, sleep=s.sleep, scan_ms=8)
    assert p.rest(0, busy=False) == 8  # lit: its PWM would stop in light sleep
    p.tick(60000)
    assert p.state == OFF
    assert p.rest(60000, busy=True) == 8  # dark, but a key is down or a gesture timing
    assert s.calls == [("pause", 8), ("pause", 8)]


def test_rest_sleeps_up_to_max_ms_while_dark():
    s = Sleeps()
    p = Power(light=PWM(), settings=Settings(30), pause=s.pause, sleep=s.sleep, max_ms=5000)
    p.tick(30000)
    assert p.rest(30000) == 5000
    p.settings.timeout = 0  # never: in the dark, nothing is coming either
    assert p.rest(35000) == 5000
    assert s.calls == [("sleep", 5000), ("sleep", 5000)]


def test_rest_sleeps_until_the_next_backlight_step_when_it_may_sleep_lit():
    s = Sleeps()
    p = Power(light=PWM(), settings=Settings(60), pause=s.pause, sleep=s.sleep,
              sleep_lit=True, max_ms=5000)
    p.tick(0)
    assert p.rest(0) == 5000
    assert p.rest(27000) == 3000  # dims at 30 s
    p.tick(30000)
    assert p.rest(30000) == 5000
    assert p.rest(58500) == 1500  # off at 60 s
    assert p.rest(59999) == 1
    assert p.rest(60000) == 1  # due now: the next tick switches it off
    p.tick(60000)
    assert p.rest(60000) == 5000
    assert p.rest(60000, busy=True) == 10
    assert s.calls[-1] == ("pause", 10)
    assert all(1 <= ms <= 5000 for _, ms in s.calls)


def test_rest_sleeps_until_the_screen_goes_dark_when_playing():
    sleeps = []
    p = Power(light=PWM(), settings=Settings(60), sleep=sleeps.append, sleep_lit=True,
              max_ms=10 ** 6)
    p.playing = Playing(True)
    p.tick(40000)
    assert p.state == DIM
    assert p.rest(40000) == PLAYING_OFF_MS - 40000


def test_rest_never_sleeps_long_without_a_sleep_that_a_press_ends():
    s = Sleeps()
    p = Power(light=PWM(), settings=Settings(30), pause=s.pause)
    p.tick(30000)
    assert p.state == OFF and p.rest(30000) == 10
    assert s.calls == [("pause", 10)]
    assert Power().rest(0) == 10  # no hooks at all: returns at once


# The main loop


class Pin:
    def __init__(self):
        self.level = 1

    def value(self):
        return self.level


class Screen:
    pass


class App:
    """What Loop uses of app.app.App, counting instead of drawing."""

    def __init__(self):
        self.stack = [Screen()]
        self.hist = array("i", [0] * 9)
        self.renders = 0
        self.ticks = 0
        self.pop_at = -1  # a tick at or after this pops the top screen (the summary)

    def top(self):
        return self.stack[-1]

    def event(self, e):
        self.hist[e] += 1

    def tick(self, now_ms):
        self.ticks += 1
        if 0 <= self.pop_at <= now_ms and len(self.stack) > 1:
            self.stack.pop()

    def render(self):
        self.renders += 1

    def due_ms(self, now_ms):
        return self.pop_at - now_ms if self.pop_at >= 0 and len(self.stack) > 1 else -1

    def events(self):
        return sum(self.hist)


def _device(timeout=30, **kw):
    pins = (Pin(), Pin())
    app = App()
    s = Sleeps()
    p = Power(light=PWM(), settings=Settings(timeout), pause=s.pause, sleep=s.sleep, **kw)
    buttons = Buttons(pins, Recognizer(KEYMAP_2), gate=p.edge)  # as app.boot wires them
    loop = Loop(app, buttons, p)
    return loop, pins, app, s


def _turns(loop, start, end, step=5):
    t = start
    while t < end:
        loop.step(t)
        t += step
    return t


def _tap(loop, pin, t, hold=80):
    pin.level = 0
    t = _turns(loop, t, t + hold)
    pin.level = 1
    return _turns(loop, t, t + 500)


def test_loop_wakes_a_dark_screen_without_the_press_reaching_the_app():
    loop, pins, app, _ = _device(30)
    t = _turns(loop, 0, 31000)
    assert loop.power.state == OFF
    t = _tap(loop, pins[1], t)
    assert loop.power.state == LIT and app.events() == 0
    t = _tap(loop, pins[1], t)  # now it acts
    assert app.hist[E.NEXT] == 1 and app.events() == 1
    # Dim: the press acts.
    t = _turns(loop, t, t + 16000)
    assert loop.power.state == DIM
    t = _tap(loop, pins[0], t)
    assert app.hist[E.PREV] == 1 and loop.power.state == LIT
    # A long press on the dark screen wakes it and nothing else, not even its long event.
    t = _turns(loop, t, t + 31000)
    assert loop.power.state == OFF
    t = _tap(loop, pins[1], t, hold=1500)
    assert app.events() == 2 and app.hist[E.SELECT] == 0


def test_loop_renders_at_start_after_events_and_when_a_tick_changes_the_screen():
    loop, pins, app, _ = _device(0)
    t = _turns(loop, 0, 1000)
    assert app.renders == 1 and app.ticks == 200
    t = _tap(loop, pins[0], t)
    assert app.renders == 2
    app.stack.append(Screen())
    app.pop_at = t + 100
    t = _turns(loop, t, t + 1000)
    assert app.renders == 3 and len(app.stack) == 1 and loop.renders == 3


def test_loop_survives_the_heap_running_out_and_brings_the_app_home():
    loop, pins, app, _ = _device(0)
    app.stack.append(Screen())
    recovered = []

    def event(e):
        raise MemoryError

    def recover():
        recovered.append(len(app.stack))
        del app.stack[1:]

    app.event = event
    app.recover = recover
    t = _tap(loop, pins[1], 0)
    assert recovered == [2] and len(app.stack) == 1 and loop.recoveries == 1
    del app.event  # the class's own again: the next press goes through
    _tap(loop, pins[1], t)
    assert app.hist[E.NEXT] == 1 and loop.recoveries == 1 and app.renders >= 2


def test_loop_renders_when_the_battery_figure_changes():
    adc = ADC(cell(3840))
    loop, pins, app, _ = _device(0, adc=adc, battery_ms=1000)
    t = _turns(loop, 0, 2000)
    assert app.renders == 1  # the first reading comes with the first frame
    adc.set(cell(3800))
    t = _turns(loop, t, t + 1100)
    assert app.renders == 2 and loop.power.battery() == 40


def test_loop_run_rests_between_turns_as_long_as_nothing_is_going_on():
    loop, pins, app, _ = _device(30)
    clock = array("i", [0])
    # Per kind of rest: how many, the last ms asked; and how often the kind changed.
    pauses = array("i", [0, 0])
    sleeps = array("i", [0, 0])
    kind = array("i", [0, 0])  # the last kind (1 pause, 2 sleep), changes

    def rested(counts, k, ms):
        counts[0] += 1
        counts[1] = ms
        if kind[0] != k:
            kind[0] = k
            kind[1] += 1
        clock[0] += ms  # time passes while the loop rests

    loop.power._pause = lambda ms: rested(pauses, 1, ms)
    loop.power._sleep = lambda ms: rested(sleeps, 2, ms)
    loop.run(lambda: clock[0], turns=3100)
    # Lit for 30 s, one scan period at a time; then dark, sleeping 5 s at a time.
    assert loop.power.state == OFF
    assert list(pauses) == [3000, 10] and list(sleeps) == [100, 5000] and kind[1] == 2
    pins[0].level = 0  # a press: the light sleep ends, the loop scans every 10 ms again
    loop.run(lambda: clock[0], turns=5)
    assert list(pauses) == [3005, 10] and sleeps[0] == 100 and kind[1] == 3


# No allocation


def _churn(loop, pins, start, rounds):
    # Taps and holds on both keys across dim and off, with battery readings.
    t = start
    for i in range(rounds):
        pin = pins[i & 1]
        pin.level = 0
        end = t + (90 if i % 3 else 900)
        while t < end:
            loop.step(t & MASK)
            t += 5
        pin.level = 1
        end = t + (450 if i % 4 else 31000)
        while t < end:
            loop.step(t & MASK)
            loop.power.rest(t & MASK, loop.buttons.busy(t & MASK))
            t += 5
    return t


def test_loop_step_power_tick_edge_and_rest_allocate_nothing():
    adc = ADC(cell(3700), cell(3720), cell(3690))
    loop, pins, app, _ = _device(30, adc=adc, battery_ms=2000)
    counts = array("i", [0, 0])  # pauses, sleeps: the recording hooks would allocate

    def pause(ms):
        counts[0] += 1

    def sleep(ms):
        counts[1] += 1

    loop.power._pause = pause
    loop.power._sleep = sleep
    t = _churn(loop, pins, MASK - 40000, 8)  # warm up, across the wrap
    before_events = app.events()
    rounds = 24
    p = loop.power
    state = (loop.buttons._q, loop.buttons._t, p._light, p._adc)
    locked(lambda: _churn(loop, pins, t, rounds))
    # (CPython, whose heap cannot be locked: the same preallocated objects.)
    assert all(x is y for x, y in zip((loop.buttons._q, loop.buttons._t, p._light, p._adc),
                                      state))
    # Every fourth round left the screen dark: its next press only woke it.
    assert app.events() - before_events == rounds - rounds // 4
    assert counts[0] > 1000 and counts[1] > 10
