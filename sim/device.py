"""A board of boards/ running the whole firmware on the simulated chip.

Booting resets machine.SIM (a new board: clock at 0, pins unconfigured), wires the model
of the board's display controller to its bus (sim.boards.wire) and calls the real
entry point, main.start(board, files=flash): the board file's driver talks to the model
over the fake bus, hw.buttons debounces the pin levels, hw.power drives the backlight,
hw.journal writes the match to the simulated flash. What the screen shows is the model's
glass (model.visible()), never the canvas.

The simulator plays the part of the loop's rest: it advances the SIM clock a scan period
at a time and runs loop.step(now) after each. Buttons are pins: a press drives the pin
to its active level, a release lets go (the board's pull-up brings it back).

A paced device (paced=True) rests as the board does instead: after each turn the rest
the loop asks for (app.loop Loop.run, hw.power) chooses a scan period or a light sleep, and the
simulator keeps to it; a light sleep ends early when a key armed as a wake source
(esp32.wake_on_gpio) reaches its pressed level, WAKE_US later (the chip's wake-up). It
counts where the time went (`spent`: awake, asleep, lit, dim, off, sharing and lit or
dim while sharing, in microseconds), which the power model (tools/power_model.py) turns into hours.

machine.SIM is one board: only the Device booted last is live.
"""
import importlib

import network
from machine import SIM
from ui import events as E
from ui.gestures import KEYMAP_2, KEYMAP_3
from hw.power import DIM, LIT
from sim import boards
from sim.flash import Flash

CELL_MV = 3900  # the battery the simulated boards run on, about 70 %
# From a wake source to the first instruction: Espressif gives under 1 ms for light sleep
# (ESP32-C3 book, "Light-sleep Mode": "The wakeup latency in Light-sleep mode is less
# than 1 ms"); the worse case is taken.
WAKE_US = 1000
SPENT = ("awake", "asleep", "lit", "dim", "off", "sharing", "sharing_lit", "sharing_dim")


class Device:
    def __init__(self, name, language=None, flash=None, store=None, draw=True, share_port=0,
                 paced=False):
        """name: a board file's (or an alias); language: set as if chosen in the settings
        (None: what the flash holds); flash: a sim.flash.Flash (None: empty); store:
        something with sync(flash), told after every change that landed; draw: False for
        a panel model that takes the pixels without drawing them (a soak: faster);
        share_port: where sharing (hw.share, Menu -> Share) serves the page on 127.0.0.1
        (0: a free port), with no DNS (port 53 is the system's); paced: rests and sleeps
        as the board does (see the top)."""
        self.paced = paced
        self.spent = dict.fromkeys(SPENT, 0)
        self.wakes = 0  # light sleeps a key ended early
        self._rest = None  # paced: ("pause" or "sleep", until_us) chosen by the loop
        self.draw = draw
        self.name = boards.resolve(name)
        self.look = boards.LOOKS[self.name]
        self.board = importlib.import_module("boards." + self.name)
        self.keys = self.board.KEYS
        self.keymap = KEYMAP_2 if self.keys == 2 else KEYMAP_3  # as hw.parts picks it
        self.flash = flash if flash is not None else Flash()
        self.store = store
        self.events = []  # every semantic event the app was given, across boots
        self.presses = 0  # physical presses made, a double being two
        self.boots = 0
        self.renders = 0  # frames the loop drew, across boots
        self._held = set()
        self._synced = None
        self.share_port = share_port
        self.loop = None
        self._boot(language)

    # Power.
    def _boot(self, language=None):
        sharing = getattr(self.app, "sharing", None) if self.loop is not None else None
        if sharing is not None and sharing.server is not None:  # (ui.fault's page: none)
            sharing.server.close()  # the power went: so did the radio
        SIM.reset()
        network.reset()
        self.model = boards.wire(self.name)
        self.model.draw = self.draw
        board = self.board
        if board.BATTERY_ADC is not None:
            SIM.set_adc(board.BATTERY_ADC, CELL_MV * 1000 // board.BATTERY_SCALE)
        for key in self._held:  # a finger still on a key through the power cut
            SIM.drive(board.BUTTONS[key], self._active())
        self.loop = importlib.import_module("main").start(
            board, files=self.flash, share_ports=(self.share_port, None))
        self.app = self.loop.app
        self.power = self.loop.power
        deliver = self.app.event

        def event(e):  # the app's own method, with a note of what it was given
            self.events.append(e)
            deliver(e)

        self.app.event = event
        if self.paced:  # the loop's rest, kept to by run() rather than waited here
            self.power._pause = self._pause  # pyright: ignore[reportAttributeAccessIssue]
            self.power._sleep = self._sleep  # pyright: ignore[reportAttributeAccessIssue]
            self._rest = None
        if language and self.app.top_name() == "language":  # a fresh device: the flag
            self.app.settings.helped = True  # answered its first question (and its help)
            self.app.pop()
        if language and language != self.app.settings.language:
            self.app.set_language(language)
            self.app.after_event()  # saved the way the settings screen saves it
        self.boots += 1
        self.step()  # the first turn draws the first screen

    def pull_battery(self):
        """A power cut: boots again from what had landed on the flash."""
        self.flash = self.flash.reboot()
        self._boot()

    # Time.
    def now(self):
        return SIM.ticks_ms()

    def step(self):
        """One turn of the device's loop at the SIM clock's time. True if it rendered."""
        rendered = self.loop.step(SIM.ticks_ms())
        self.renders += rendered
        self._sync()
        return rendered

    def run(self, ms):
        """ms of simulated time, a turn every scan period (10 ms, hw.power's scan_ms), or
        paced: as the loop rests."""
        end = SIM.now_us + int(ms * 1000)
        if self.paced:
            self._run_paced(end)
            return
        period = self.power.scan_ms * 1000
        while SIM.now_us < end:
            SIM.advance_us(min(period, end - SIM.now_us))
            self.step()

    def _loop_rest(self, now):
        # As app.loop's Loop.run rests after a turn.
        app = self.app
        sharing = getattr(app, "sharing", None)
        self.power.rest(now, self.loop.buttons.busy(now) or sharing is not None
                        and sharing.active(), app.due_ms(now))

    def _pause(self, ms):
        self._rest = ("pause", SIM.now_us + ms * 1000)

    def _sleep(self, ms):
        SIM.sleeps.append(("lightsleep", ms))
        self._rest = ("sleep", SIM.now_us + ms * 1000)

    def _run_paced(self, end):
        while SIM.now_us < end:
            if self._rest is None:
                self.step()
                self._loop_rest(SIM.ticks_ms())
            kind, until = self._rest  # pyright: ignore[reportGeneralTypeIssues]
            asleep = kind == "sleep"
            if asleep and SIM.wake_pending() and SIM.now_us + WAKE_US < until:
                until = SIM.now_us + WAKE_US  # a key pressed: awake again shortly
                self._rest = (kind, until)
                self.wakes += 1
            step = min(until, end) - SIM.now_us
            self._spend(step, asleep)
            SIM.advance_us(step)
            if SIM.now_us >= until:
                self._rest = None

    def _spend(self, us, asleep):
        spent = self.spent
        spent["asleep" if asleep else "awake"] += us
        if self.power.state == LIT:
            spent["lit"] += us
        elif self.power.state == DIM:
            spent["dim"] += us
        else:
            spent["off"] += us
        sharing = getattr(self.app, "sharing", None)
        if sharing is not None and sharing.active():
            spent["sharing"] += us
            if self.power.state == LIT:
                spent["sharing_lit"] += us
            elif self.power.state == DIM:
                spent["sharing_dim"] += us

    def _sync(self):
        flash = self.flash
        mark = (id(flash), flash.steps)
        if self.store is not None and mark != self._synced:
            self.store.sync(flash)
        self._synced = mark

    # Buttons.
    def _active(self):
        return 0 if self.board.BUTTON_ACTIVE_LOW else 1

    def press(self, key):
        if key not in self._held:
            self._held.add(key)
            self.presses += 1
            SIM.drive(self.board.BUTTONS[key], self._active())

    def release(self, key):
        if key in self._held:
            self._held.discard(key)
            SIM.drive(self.board.BUTTONS[key], None)

    def held(self, key):
        return key in self._held

    def last_event(self):
        return E.NAMES[self.events[-1]] if self.events else ""

    # What a person sees.
    def backlight(self):
        """The backlight's brightness, 0 to 1: the PWM's duty, or the pin's level; 1 on
        a board without one (an OLED's own pixels go dark with the display off)."""
        pin = self.board.BACKLIGHT
        if pin is None:
            return 1.0
        pwm = SIM.pwm(pin)
        return pwm.brightness if pwm is not None else float(SIM.level(pin))

    def glass_version(self):
        """Changes whenever the glass may show something else: anything on the bus, a
        reset, a boot. model.visible() is costly; compare this first."""
        return self.boots, self.model.bytes_in, getattr(self.model, "resets", 0)

    def image(self, scale=1):
        """The model's glass as a Pillow image (backlight not applied)."""
        return self.model.image(scale)
