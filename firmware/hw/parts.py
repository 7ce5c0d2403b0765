# The board's buttons, backlight and battery, built from the names every board file
# gives (see boards/tdisplay.py). The one place outside the drivers that makes machine
# objects for them, so that app.boot and the app never touch machine.
import time

import machine
from machine import ADC, PWM, Pin

from ui.gestures import Recognizer
from hw.buttons import Buttons, open_pins
from hw.power import Power


def buttons(board, gate=None):
    """The board's keys, each edge through gate first (power's edge); the first key ends
    a light sleep (the ESP32's ext0 wake)."""
    pins = open_pins(Pin, board.BUTTONS, board.BUTTON_PULL_UP)
    keys = Buttons(pins, Recognizer(board.KEYMAP), active=0 if board.BUTTON_ACTIVE_LOW else 1,
                   gate=gate)
    keys.arm_wake(Pin.WAKE_LOW if board.BUTTON_ACTIVE_LOW else Pin.WAKE_HIGH, machine.SLEEP)
    return keys


def hold_power(board):
    """Keeps boards that stay on only while a pin is high on: call it first thing."""
    hold = getattr(board, "POWER_HOLD", None)
    if hold is not None:
        Pin(hold, Pin.OUT, value=1)


class PanelLight:
    """For panels without a backlight (OLEDs): off is the panel asleep, on is awake."""

    def __init__(self, display):
        self._display = display

    def value(self, on):
        self._display.sleep(not on)


def power(board, settings, display=None, playing=None, sleeps=True):
    """sleeps: rests in a light sleep, which a key ends (buttons() arms it)."""
    if board.BACKLIGHT is not None:
        light = PWM(Pin(board.BACKLIGHT), freq=5000, duty_u16=65535)
    else:
        light = PanelLight(display) if hasattr(display, "sleep") else None
    adc = None
    if board.BATTERY_ADC is not None:
        adc = ADC(Pin(board.BATTERY_ADC), atten=ADC.ATTN_11DB)
    enable = None
    if getattr(board, "BATTERY_ADC_ENABLE", None) is not None:
        enable = Pin(board.BATTERY_ADC_ENABLE, Pin.OUT, value=0)
    return Power(light=light, adc=adc, settings=settings, pause=time.sleep_ms,
                 sleep=machine.lightsleep if sleeps else None,
                 divider=board.BATTERY_SCALE or 2, adc_enable=enable, playing=playing,
                 now_ms=time.ticks_ms())  # pyright: ignore[reportArgumentType]

