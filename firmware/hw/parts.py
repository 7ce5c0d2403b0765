# The board's buttons, backlight and battery, built from the names every board file
# gives (see boards/tdisplay.py). The one place outside the drivers that makes machine
# objects for them, so that app.boot and the app never touch machine.
import time

import machine
from machine import ADC, PWM, Pin

from ui.gestures import Recognizer
from hw.buttons import Buttons, open_pins
from hw.power import Power


def _wake_call():
    """The esp32 module (its GPIO wake), or None on a port without it (the unix board)."""
    try:
        import esp32
    except ImportError:
        return None
    return esp32


def buttons(board, gate=None):
    """The board's keys, each edge through gate first (power's edge); every key ends a
    light sleep at its pressed level (the GPIO wake source: light sleep only, any pin,
    each at its own level; the board file cites it)."""
    pins = open_pins(Pin, board.BUTTONS, board.BUTTON_PULL_UP)
    keys = Buttons(pins, Recognizer(board.KEYMAP), active=0 if board.BUTTON_ACTIVE_LOW else 1,
                   gate=gate)
    esp32 = _wake_call()
    if esp32 is not None:
        keys.arm_wake(esp32.wake_on_gpio, esp32.WAKEUP_ALL_LOW
                      if board.BUTTON_ACTIVE_LOW else esp32.WAKEUP_ANY_HIGH)
    return keys


def hold_power(board):
    """Keeps boards that stay on only while a pin is high on, and sets the CPU clock the
    board file chose (CPU_HZ, why there): call it first thing."""
    hold = getattr(board, "POWER_HOLD", None)
    if hold is not None:
        Pin(hold, Pin.OUT, value=1)
    hz = getattr(board, "CPU_HZ", None)
    if hz and hasattr(machine, "freq"):  # (the unix board has no clock to set)
        machine.freq(hz)


class PanelLight:
    """For panels without a backlight (OLEDs): off is the panel asleep, on is awake."""

    def __init__(self, display):
        self._display = display

    def value(self, on):
        self._display.sleep(not on)


def power(board, settings, display=None, playing=None, sleeps=True):
    """sleeps: rests in a light sleep, which a key ends (buttons() arms it)."""
    if board.BACKLIGHT is not None:
        # lightsleep=True: the PWM runs on the RC_FAST clock, which light sleep keeps,
        # so the screen stays lit (or dim) while the chip sleeps between presses
        # (MicroPython docs/esp32/quickref.rst, "PWM": "Allow PWM during light sleep").
        # (The pinned stubs predate the keyword: MicroPython v1.29 has it.)
        # Dark until the boot's first frame: the panel is set up at that frame
        # (hw.dcs), and a lit TN glass would show white until then.
        light = PWM(Pin(board.BACKLIGHT), freq=5000, duty_u16=0,
                    lightsleep=True)  # pyright: ignore[reportCallIssue]
    else:  # an OLED lights itself, asleep or not
        light = PanelLight(display) if hasattr(display, "sleep") else None
    adc = None
    if board.BATTERY_ADC is not None:
        adc = ADC(Pin(board.BATTERY_ADC), atten=ADC.ATTN_11DB)
    enable = None
    if getattr(board, "BATTERY_ADC_ENABLE", None) is not None:
        enable = Pin(board.BATTERY_ADC_ENABLE, Pin.OUT, value=0)
    sleep = None
    if sleeps and _wake_call() is not None:  # no wake source (the unix board): no sleep
        sleep = machine.lightsleep
    return Power(light=light, adc=adc, settings=settings, pause=time.sleep_ms, sleep=sleep,
                 sleep_lit=True, divider=board.BATTERY_SCALE or 2, adc_enable=enable,
                 playing=playing, shown=False,
                 now_ms=time.ticks_ms())  # pyright: ignore[reportArgumentType]
