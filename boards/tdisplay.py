# LILYGO TTGO T-Display: ESP32 with a 1.14" 135x240 ST7789V IPS glass, two buttons.
# Used landscape: the canvas is 240x135, 4 bits a pixel.
#
# Every board file names the same things, typings/board.pyi's Board (pyright checks each
# file against it; the simulator's entry for each board is in sim/boards.py).
#
# Pins, as LILYGO publishes them (github.com/Xinyuan-LilyGO/TTGO-T-Display):
#   README.MD "Pinout": TFT_MOSI 19, TFT_SCLK 18, TFT_CS 5, TFT_DC 16, TFT_BL 4,
#     I2C_SDA 21, I2C_SCL 22, ADC_IN 34, BUTTON1 35, BUTTON2 0, ADC Power 14.
#     (The table says TFT_RST N/A; LILYGO's TFT_eSPI setup in the same repository,
#     TTGO_T_Display.h, has "#define TFT_RST 23 // Connect reset to ensure display
#     initialises", as do LovyanGFX's T-Display autodetect and russhughes' st7789py
#     tft_configs/ttgo_tdisplay: RST is GPIO23.)
#   TFT_eSPI/examples/FactoryTest/FactoryTest.ino: "ADC_EN is the ADC detection enable
#     port ... If it is powered by battery, it needs to be set to high level" (GPIO14);
#     battery volts = raw / 4095 * 2 * 3.3 * vref: a divide-by-2 divider on GPIO34;
#     deep sleep wakes on GPIO35 going low, so its button idles high through a resistor
#     on the board (GPIO34-39 have no internal pull resistors, ESP-IDF GPIO docs).
# Glass: 135x240 inside the controller's 240x320 RAM at column 52, row 40 (portrait).
#   LILYGO's factory test draws landscape with TFT_eSPI setRotation(1), which for this
#   glass (TFT_eSPI ST7789_Rotation.h, CGRAM_OFFSET) is MADCTL MX|MV with the colour
#   order bit BGR (ST7789_Defines.h: CGRAM_OFFSET -> TFT_MAD_BGR), column start 40 and
#   row start 53; ST7789_Init.h sends INVON. LovyanGFX (invert, BGR, offsets 52/40) agrees.
import sys

from micropython import const

from ui.gestures import KEYMAP_2

NAME = "tdisplay"
WIDTH = const(240)
HEIGHT = const(135)
MONO = False

KEYS = 2
KEYMAP = KEYMAP_2  # what each key's short, double and long press mean (ui.gestures)
BUTTONS = (0, 35)  # README BUTTON2 0, BUTTON1 35; key 0 GPIO0, key 1 GPIO35 (ui.gestures)
BUTTON_PULL_UP = (True, False)  # GPIO0 has one (and the boot-strap resistor); 35 has none
BUTTON_ACTIVE_LOW = True
# Waking from light sleep (hw.parts arms every key; the loop sleeps between presses):
# esp32.wake_on_gpio(pins, esp32.WAKEUP_ALL_LOW). MicroPython (docs/library/esp32.rst,
# wake_on_gpio: "the pins set here can only be used to wake from light sleep"; ports/esp32/
# modmachine.c gives each pin gpio_wakeup_enable(pin, GPIO_INTR_LOW_LEVEL), so any one
# key low wakes the chip, not all of them) on ESP-IDF's GPIO wake-up ("Sleep Modes",
# "GPIO Wakeup (Light-sleep Only)": each pin triggers on its own level, any IO, RTC or
# digital). Not ext0 (one pin only) nor ext1 (on the ESP32 only "all low" or "any high":
# active-low keys would need every one held). GPIO35's pull is a resistor on the board;
# GPIO0's is its internal pull-up, which light sleep leaves as configured unless a
# sleep configuration is selected for the pin (not done here): to check with a meter.
# CPU clock: 160 MHz, MicroPython's default for the ESP32, set rather than assumed. With
# the chip asleep between presses the clock barely moves the battery (the power model,
# docs/POWER.md: 80 MHz 41.8 h, 160 MHz 41.2 h, 240 MHz 40.8 h of play), while a frame
# takes twice as long at 80 MHz; raising it for a frame saves nothing measurable (the
# frames are 0.4 % of the time) and machine.freq() waits a scheduler tick per change.
CPU_HZ = 160_000_000

BACKLIGHT = const(4)  # README TFT_BL 4; high: on, PWM dims it
BATTERY_ADC = const(34)  # README ADC_IN 34
BATTERY_SCALE = 2  # FactoryTest: raw / 4095 * 2 * 3.3
BATTERY_ADC_ENABLE = const(14)  # README ADC Power 14, FactoryTest ADC_EN: high to read

LCD_SCK = const(18)  # README TFT_SCLK 18
LCD_MOSI = const(19)  # README TFT_MOSI 19
LCD_CS = const(5)  # README TFT_CS 5
LCD_DC = const(16)  # README TFT_DC 16
LCD_RST = const(23)  # TTGO_T_Display.h TFT_RST 23
# ESP32 SPI master clocks are 80 MHz / n. GPIO18/19 are not VSPI's IO_MUX pair for
# SCLK/MOSI (18/23), so the signals go through the GPIO matrix; russhughes' T-Display
# configs note that MicroPython's ESP32 SPI then refuses more than 26.7 MHz (unless
# rebuilt with SPI_DEVICE_NO_DUMMY), and ask for 30 MHz, which rounds to 80/3 MHz.
# A 240x135 frame is 64,800 bytes: 19.4 ms on the wire.
LCD_HZ = 26_666_667
# The glass in landscape (see above).
LCD_COL0 = const(40)
LCD_ROW0 = const(53)


def make_display(sleep_ms=None):
    from hw.st7789 import landscape

    return landscape(sys.modules[__name__], sleep_ms)  # from this file's LCD_* names
