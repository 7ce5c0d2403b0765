# An ESP32 DevKit (ESP32-WROOM-32 DevKitC or a 30/38-pin clone) with a 0.96" SSD1306
# 128x64 I2C OLED module and three push buttons: a board you wire yourself. The canvas is
# 128x64, one bit a pixel. What the names mean: see boards/tdisplay.py.
#
# Wiring (this project's choice; the reasons are from Espressif's ESP-IDF "GPIO & RTC
# GPIO" page for the ESP32: strapping pins 0, 2, 5, 12, 15; 6-11 (and 16-17 on WROVER
# modules) belong to the flash/PSRAM; 34-39 are input-only without pull resistors;
# ADC2 cannot be read while Wi-Fi is on):
#   OLED  VCC 3V3, GND, SDA GPIO21, SCL GPIO22 (the DevKit's usual I2C pins, silkscreened
#         so on many clones), address 0x3C (0x3D if the module's address pad is moved).
#         The common 4-pin modules carry their own reset circuit and pull-ups: no RST line.
#   Buttons, each between its GPIO and GND (no resistors): left GPIO32, middle GPIO33,
#         right GPIO27. The internal pull-ups hold them high; a press reads 0. All three
#         are RTC GPIOs (can wake the chip from deep sleep), none is a strapping pin,
#         none is input-only.
#   Battery (optional): the cell through a 100k/100k divider to GPIO35 (ADC1, so it can
#         be read with Wi-Fi on; an input-only pin is fine for an ADC).
# Key order left to right, as ui.gestures KEYMAP_3 wants.
from micropython import const

from ui.gestures import KEYMAP_3

NAME = "devkit_oled"
WIDTH = const(128)
HEIGHT = const(64)
MONO = True

KEYS = 3
KEYMAP = KEYMAP_3  # what each key's short, double and long press mean (ui.gestures)
BUTTONS = (32, 33, 27)  # left, middle, right
BUTTON_PULL_UP = (True, True, True)
BUTTON_ACTIVE_LOW = True
# Every key wakes the chip from light sleep (esp32.wake_on_gpio, low level: the GPIO
# wake-up, light sleep only; sources in boards/tdisplay.py). CPU_HZ: tdisplay.py says why.
CPU_HZ = 160_000_000

BACKLIGHT = None  # an OLED lights itself; the driver's sleep() turns it off
BATTERY_ADC = const(35)
BATTERY_SCALE = 2
BATTERY_ADC_ENABLE = None
LED = const(2)  # the DevKit's own LED on most boards (also a strapping pin: output only)

I2C_SDA = const(21)
I2C_SCL = const(22)
I2C_HZ = 400_000  # the SSD1306's fast-mode limit; a full frame is about 25 ms
OLED_ADDR = const(0x3C)


def make_display(sleep_ms=None):
    from machine import I2C, Pin

    from hw.ssd1306 import SSD1306

    i2c = I2C(0, scl=Pin(I2C_SCL), sda=Pin(I2C_SDA), freq=I2C_HZ)
    display = SSD1306(i2c, width=WIDTH, height=HEIGHT, addr=OLED_ADDR, sleep_ms=sleep_ms)
    return display
