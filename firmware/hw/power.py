# Power: the backlight's idle timeout, waking on a press, sleeping between scans, and the
# battery gauge. Everything it touches is passed in by the board file (a PWM or Pin for
# the backlight, an ADC, the sleep functions); it never imports machine, and it is told
# the time (ticks_ms values) rather than reading a clock.
#
#     p = Power(light=PWM(Pin(4), freq=1000), settings=app.settings,
#               adc=ADC(Pin(34), atten=ADC.ATTN_11DB), divider=board.BATTERY_SCALE,
#               adc_enable=Pin(14, Pin.OUT), pause=time.sleep_ms, sleep=machine.lightsleep)
#     buttons = Buttons(pins, recognizer, gate=p.edge)   # every debounced edge: resets
#                               # the idle time, may swallow
#     p.tick(now)               # every loop: dims, switches off, reads the battery
#     p.rest(now, buttons.busy(now))
#
# Backlight, from the last button edge (press or release):
# - LIT: full brightness; DIM at half the settings timeout but not before MIN_DIM_MS
#   (60 s: dim at 30 s; 30 s: dim at 15 s; 20 s: at 15 s; 15 s or less: no dim step);
#   OFF at the timeout. settings.timeout 0 (or no settings) means always lit.
# - while playing() says a match is in progress, the screen dims sooner, PLAYING_DIM_MS
#   after the last edge (the score was seen when it changed; dim, it is still read from
#   across the table, and it draws an eighth: docs/POWER.md), stays DIM past the timeout
#   and goes OFF only after PLAYING_OFF_MS without a press (a device forgotten on the
#   table): a round is never interrupted by a dark screen.
# - a press while LIT or DIM acts (a dim screen is still readable: the player sees what
#   the press does) and brings full brightness back.
# - a press while OFF only lights the screen: edge() returns False and hw.buttons drops
#   that press and its release, so the gesture never reaches the app. A press that starts
#   less than WAKE_GUARD_MS after the release of a swallowed press (or after another
#   swallowed edge) is swallowed too: a player who taps twice at a dark screen (a double
#   press, or a tap to check) does not score.
# - the steps only go LIT -> DIM -> OFF with time; only an edge (or wake()) goes back, so
#   a wrapped clock after days off never relights the screen.
# - a board without a dimmable light (a Pin, value 1 = on) stays on through DIM.
#
# Sleep: rest() pauses one scan period (pause, e.g. time.sleep_ms) while anything may
# happen soon (a key down, a gesture still timing: hw.buttons busy(); the radio on).
# With a `sleep` that a button press ends (machine.lightsleep with every key armed as a
# wake source: hw.parts), it sleeps when nothing is going on: up to max_ms, the next
# backlight step, or the app's next change of its own (a notice leaving, the round's
# summary going). A press wakes it at once, and the scan that follows reads the key
# down, so the press is timed from then (docs/POWER.md). It sleeps with the screen lit
# or dim only when sleep_lit says the backlight keeps shining in light sleep (on the
# ESP32 a PWM made with lightsleep=True, which runs the LEDC on the RC_FAST clock: hw.parts;
# off is 0 duty, which is safe). This is what keeps a match on one charge for days.
#
# Battery: `samples` reads of adc.read_uv() (calibrated microvolts at the pin), averaged,
# times the board's divider (BATTERY_SCALE: 2 on the T-Display, two 100k resistors),
# then a Li-ion discharge curve to percent. An adc_enable pin (the T-Display's GPIO14
# connects the divider) is high only while reading. battery() is -1 when unknown: no
# ADC, not read yet, a reading above usb_mv (on USB without a cell the divider sees the
# charger's output) or below absent_mv (nothing connected). The percent moves only when
# a reading differs from it by STEP_PCT or more (ADC noise on the flat middle of the
# curve is worth a point or two); low() turns True once battery() is below LOW_PCT and
# False again from LOW_CLEAR_PCT (a cell recovers some voltage when the load drops:
# without the gap the warning would blink). Read at the first tick and every battery_ms
# after. Nothing here allocates once Power exists.
from micropython import const

from ui import elapsed

LIT = const(0)
DIM = const(1)
OFF = const(2)

MIN_DIM_MS = const(15000)
PLAYING_DIM_MS = const(10000)
PLAYING_OFF_MS = const(600000)  # 10 minutes
WAKE_GUARD_MS = const(400)
LOW_PCT = const(10)
LOW_CLEAR_PCT = const(15)
STEP_PCT = const(2)
DIM_DUTY = const(8192)  # of 65535: the dim backlight (docs/POWER.md)

_MASK = const(0x3FFFFFFF)

# Li-ion cell voltage (mV) -> charge (%), resting, from full to empty: linear in between.
_CURVE = (4200, 100, 4150, 95, 4110, 90, 4080, 85, 4020, 80, 3980, 75, 3950, 70,
          3910, 65, 3870, 60, 3850, 55, 3840, 50, 3820, 45, 3800, 40, 3790, 35,
          3770, 30, 3750, 25, 3730, 20, 3710, 15, 3690, 10, 3610, 5, 3270, 0)


def percent(mv):
    """Charge of a Li-ion cell at mv millivolts, 0..100."""
    c = _CURVE
    if mv >= c[0]:
        return 100
    for i in range(2, len(c), 2):
        if mv >= c[i]:
            top, low = c[i - 2], c[i]
            return c[i + 1] + (mv - low) * (c[i - 1] - c[i + 1]) // (top - low)
    return 0


def dim_after_ms(timeout_ms):
    """When the screen dims for a timeout, both in ms (timeout_ms or more: no dim step)."""
    d = timeout_ms // 2
    return d if d >= MIN_DIM_MS else MIN_DIM_MS


def _no_match():  # type: () -> bool
    return False  # without an app to ask: no match in progress


class Power:
    def __init__(self, light=None, adc=None, settings=None, pause=None, sleep=None,
                 sleep_lit=False, divider=2, adc_enable=None, bright=65535, dim=DIM_DUTY,
                 now_ms=0, scan_ms=10, max_ms=5000, battery_ms=30000, samples=16,
                 usb_mv=4350, absent_mv=2500, playing=None, shown=True):
        self._light = light
        self._pwm = light is not None and hasattr(light, "duty_u16")
        self.settings = settings  # read at every tick: a changed timeout applies at once
        self._pause = pause
        self._sleep = sleep
        self._sleep_lit = sleep_lit
        self._bright = bright
        self._dim = dim
        self.scan_ms = scan_ms
        self._max = max_ms
        self._adc = adc
        self._adc_enable = adc_enable
        self._mul = int(divider * 1000)  # integer maths from here: floats allocate
        self._every = battery_ms
        self._samples = samples
        self._usb = usb_mv
        self._absent = absent_mv
        # True while a match is in progress (app.boot gives Match.in_progress).
        self.playing = playing or _no_match
        self.state = LIT
        self._last = now_ms & _MASK  # the last edge (or wake)
        self._guard = False  # a press was swallowed; _guard_t: its latest edge
        self._guard_t = 0
        self._read_t = 0
        self._read = False  # no battery reading yet
        self._pct = -1
        self._low = False
        self.mv = -1  # the last battery reading, millivolts at the cell (-1: none)
        if shown:  # else dark until show(): the boot's first frame
            self.show()

    # The backlight.
    def edge(self, pressed, now_ms):
        """A debounced button edge. Returns False when it is a press that only woke the
        screen (the caller drops it and its release); True otherwise."""
        now = now_ms & _MASK
        was = self.state
        self.wake(now)
        if pressed:
            if was == OFF or (self._guard and 0 <= elapsed(now, self._guard_t) < WAKE_GUARD_MS):
                self._guard = True
                self._guard_t = now
                return False
            self._guard = False
            return True
        if was == OFF or self._guard:  # the guard runs from the release, however long the hold
            self._guard = True
            self._guard_t = now
        return True

    def wake(self, now_ms):
        """Full brightness, and the idle time starts again (a press, or the app wanting
        to be seen)."""
        self._last = now_ms & _MASK
        if self.state != LIT:
            self.state = LIT
            self.show()

    def tick(self, now_ms):
        """Dims or switches off when due; reads the battery when due. Returns True when
        battery() or low() changed (the screen may show them)."""
        now = now_ms & _MASK
        s = self._due(elapsed(now, self._last))
        if s > self.state:
            self.state = s
            self.show()
        if self._adc is None:
            return False
        if self._read and elapsed(now, self._read_t) < self._every:
            return False
        self._read = True
        self._read_t = now
        pct, low = self._pct, self._low
        self.measure()
        return pct != self._pct or low != self._low

    def _timeout_ms(self):
        s = self.settings
        return s.timeout * 1000 if s is not None and s.timeout > 0 else 0

    def _off_ms(self, t):
        # When the screen goes dark for timeout t: later while a match is in progress.
        if t < PLAYING_OFF_MS and self.playing():
            return PLAYING_OFF_MS
        return t

    def _dim_ms(self, t):
        # When it dims: sooner while a match is in progress.
        d = dim_after_ms(t)
        return PLAYING_DIM_MS if d > PLAYING_DIM_MS and self.playing() else d

    def _due(self, idle):
        # The state idle ms after the last edge calls for.
        t = self._timeout_ms()
        if not t or idle < 0:
            return LIT
        if idle >= self._off_ms(t):
            return OFF
        if idle >= self._dim_ms(t):
            return DIM
        return LIT

    def _next_ms(self, now):
        # How long until the next backlight step; -1: none comes.
        t = self._timeout_ms()
        if not t or self.state == OFF:
            return -1
        idle = elapsed(now, self._last)
        d = self._dim_ms(t)
        if self.state == LIT and d < t and idle < d:
            return d - idle
        t = self._off_ms(t)
        return t - idle if idle < t else 0

    def show(self):
        """Lights the screen as the state says (the boot's first, once a frame is drawn)."""
        light = self._light
        if light is None:
            return
        s = self.state
        if self._pwm:
            light.duty_u16(self._bright if s == LIT else self._dim if s == DIM else 0)
        else:
            light.value(1 if s != OFF else 0)

    # Sleeping.
    def rest(self, now_ms, busy=False, due_ms=-1):
        """Waits until the next loop turn: one scan period, or with a `sleep` and nothing
        going on (busy False, backlight off or sleep_lit), up to max_ms, the next
        backlight step or due_ms (when the app changes the screen by itself; -1: never).
        Returns the ms asked for."""
        ms = self.scan_ms
        if self._sleep is not None and not busy and (self.state == OFF or self._sleep_lit):
            ms = self._max
            n = self._next_ms(now_ms & _MASK)
            if 0 <= n < ms:
                ms = n if n > 0 else 1
            if 0 <= due_ms < ms:
                ms = due_ms if due_ms > 0 else 1
            self._sleep(ms)
            return ms
        if self._pause is not None:
            self._pause(ms)
        return ms

    # The battery.
    def measure(self):
        """Reads the battery now. Returns battery()."""
        adc = self._adc
        if adc is None:
            return -1
        n = self._samples
        total = 0
        enable = self._adc_enable
        if enable is not None:
            enable.value(1)
        for _ in range(n):
            total += adc.read_uv()
        if enable is not None:
            enable.value(0)  # the divider draws current while connected
        # uV at the pin / 100, times the divider (x1000) / 10000: mV at the cell, in small
        # ints (3.3 V at the pin is 33000 * 2000, far from 2**30).
        mv = (total // n // 100) * self._mul // 10000
        self.mv = mv
        p = -1 if mv > self._usb or mv < self._absent else percent(mv)
        old = self._pct
        if p < 0 or old < 0 or p - old >= STEP_PCT or old - p >= STEP_PCT:
            self._pct = p
        p = self._pct
        if p < 0:
            self._low = False
        elif p < LOW_PCT:
            self._low = True
        elif p >= LOW_CLEAR_PCT:
            self._low = False
        return p

    def battery(self):
        """Charge in percent, or -1 when unknown (on USB, no cell, no ADC, not read yet)."""
        return self._pct

    def low(self):
        """True while the battery is low enough to warn about (see the top)."""
        return self._low
