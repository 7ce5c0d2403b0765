# M5Stack M5StickC Plus2: ESP32-PICO-V3-02 with a 1.14" 135x240 ST7789V2 glass, buttons
# A (front), B (side) and PWR (side). Used landscape: the canvas is 240x135, 4 bits.
# What the names mean: see boards/tdisplay.py.
#
# Pins, as M5Stack publishes them:
#   M5Unified README "ESP32 GPIO list", column "M5Stick CPlus2": GPIO2 Beep, 4 PW_Hold,
#     5 LCD_CS, 12 LCD_RST, 13 SPI_SCLK, 14 LCD_D/C, 15 SPI_MOSI, 19 LED + InfraRed,
#     21/22 I2C1 SDA/SCL, 27 LCD_BL, 35 BTN_PWR, 37 BTN_A, 38 BAT_V, 39 BTN_B.
#   M5Stack's factory test (github.com/m5stack/M5StickCPlus2-UserDemo, src/test/test.h):
#     LCD_MOSI_PIN 15, LCD_SCLK_PIN 13, LCD_DC_PIN 14, LCD_CS_PIN 5, LCD_RST_PIN 12,
#     LCD_BL_PIN 27 (PWM), POWER_HOLD_PIN 4, I2C 21/22, BUZZ_PIN 2; Button(37), Button(39),
#     Button(35); the ST7789 panel: invert = true, 135x240, offset_x 52, offset_y 40,
#     rgb_order left false (LovyanGFX then sets MADCTL's BGR bit), bus at 40 MHz.
#   Battery: ESPHome's device page for the Plus2: GPIO38 through a divider, "reading
#     needs to be multiplied by 2".
# PW_Hold: the Plus2 has no power chip; on battery it stays on only while GPIO4 is held
# high (set it first thing at boot; driving it low powers the stick off). That belongs
# to the power driver (hw.power), named here as POWER_HOLD.
# Buttons 35, 37 and 39 are input-only pins (no internal pull-ups): the board's own
# resistors keep them high; a press reads 0.
# Landscape as M5GFX's setRotation(1) draws it: MADCTL MX|MV, RAM offsets 40/53 (the
# portrait 52/40 seen through the exchange and the X mirror), same glass as the T-Display.
# Key order: held that way the front button A is right of the screen and B is on the top
# edge; key 0 (PREV) is B, key 1 (NEXT, SELECT on a long press) is A.
import sys

from micropython import const

from ui.gestures import KEYMAP_2

NAME = "m5stickc_plus2"
WIDTH = const(240)
HEIGHT = const(135)
MONO = False

KEYS = 2
KEYMAP = KEYMAP_2  # what each key's short, double and long press mean (ui.gestures)
BUTTONS = (39, 37)  # BTN_B 39, BTN_A 37 (M5Unified table, UserDemo Button(39/37))
BUTTON_PULL_UP = (False, False)
BUTTON_ACTIVE_LOW = True
# Every key wakes the chip from light sleep (esp32.wake_on_gpio, low level: the GPIO
# wake-up, light sleep only; sources in boards/tdisplay.py). CPU_HZ: tdisplay.py says why.
CPU_HZ = 160_000_000
POWER_BUTTON = const(35)  # BTN_PWR 35 (M5Unified), UserDemo btnPWR; active low
POWER_HOLD = const(4)  # PW_Hold 4, UserDemo POWER_HOLD_PIN 4: high keeps it on

BACKLIGHT = const(27)  # LCD_BL 27, UserDemo LCD_BL_PIN 27 (PWM); high: on
BATTERY_ADC = const(38)  # BAT_V 38 (M5Unified)
BATTERY_SCALE = 2  # ESPHome device page: "multiplied by 2"
BATTERY_ADC_ENABLE = None
BUZZER = const(2)  # Beep 2, UserDemo BUZZ_PIN 2
LED = const(19)  # LED + InfraRed 19 (M5Unified)
I2C_SDA = const(21)  # I2C1_SDA 21: MPU6886 IMU, BM8563 RTC
I2C_SCL = const(22)  # I2C1_SCL 22

LCD_SCK = const(13)  # SPI_SCLK 13, UserDemo LCD_SCLK_PIN 13
LCD_MOSI = const(15)  # SPI_MOSI 15, UserDemo LCD_MOSI_PIN 15
LCD_CS = const(5)  # LCD_CS 5, UserDemo LCD_CS_PIN 5
LCD_DC = const(14)  # LCD_D/C 14, UserDemo LCD_DC_PIN 14
LCD_RST = const(12)  # LCD_RST 12, UserDemo LCD_RST_PIN 12
# 13/15 are not HSPI's IO_MUX pair for SCLK/MOSI (14/13): through the GPIO matrix,
# 80/3 MHz, as on the T-Display (M5GFX drives 40 MHz with its own SPI set-up).
LCD_HZ = 26_666_667
LCD_COL0 = const(40)
LCD_ROW0 = const(53)


def make_display(sleep_ms=None):
    from hw.st7789 import landscape

    return landscape(sys.modules[__name__], sleep_ms)  # from this file's LCD_* names
