# M5Stack Core Basic (and Gray): ESP32 with a 2" 320x240 ILI9342C glass, three buttons
# A, B, C under the screen, an IP5306 power chip. What the names mean: boards/tdisplay.py.
#
# Canvas: the whole 320x240 glass, laid out for it (the app's fonts for 320 pixels across:
# scores twice the T-Display's digit height, to be read across a six-player table). At 4
# bits it is drawn a slice of main.CANVAS_ROWS rows at a time (ui.canvas), so the wider
# glass costs only a wider slice; the README's "On a board" gives the heap it needs.
#
# Pins, as M5Stack publishes them:
#   M5Unified README "ESP32 GPIO list", column "M5Stack BASIC GRAY": GPIO4 TF_CS,
#     14 LCD_CS, 18 SPI_SCLK, 19 SPI_MISO, 21/22 I2C0 SDA/SCL (PORT.A), 23 SPI_MOSI,
#     25 SPK_DAC, 27 LCD_D/C, 32 LCD_BL, 33 LCD_RST, 37 BTN_C, 38 BTN_B, 39 BTN_A.
#   M5GFX src/board_detect/m5/generated/esp32_d0wdq6_wiring.hpp, namespace stack:
#     display_sclk 18, mosi 23, miso 19, dc 27, cs 14, rst 33; shared_sd_sd_cs 4;
#     hold = {4, 14} (both chip selects held high while the other talks).
#   M5GFX/LovyanGFX Panel_M5Stack: the panel type is read from the RST line before reset
#     (driven high, then read as an input with the pull-down on: high means the IPS glass,
#     which needs inversion); offset_rotation 3 with the default rotation 1 gives
#     LovyanGFX's rotation 0, MADCTL 0 plus BGR (rgb_order false), offsets 0; init list
#     of Panel_ILI9342 (see hw/ili9342c.py). Bus at 40 MHz.
#   M5Unified IP5306_Class: DEFAULT_ADDRESS 0x75 on the internal I2C (21/22): battery
#     level in 25% steps, no battery ADC pin.
# Buttons 37-39 are input-only pins (no internal pull-ups); the board pulls them up,
# a press reads 0. Keys left to right: A, B, C (ui.gestures KEYMAP_3).
from micropython import const

from ui.gestures import KEYMAP_3

NAME = "m5stack_core"
WIDTH = const(320)
HEIGHT = const(240)
MONO = False

KEYS = 3
KEYMAP = KEYMAP_3  # what each key's short, double and long press mean (ui.gestures)
BUTTONS = (39, 38, 37)  # BTN_A 39, BTN_B 38, BTN_C 37 (M5Unified table)
BUTTON_PULL_UP = (False, False, False)
BUTTON_ACTIVE_LOW = True
# Every key wakes the chip from light sleep (esp32.wake_on_gpio, low level: the GPIO
# wake-up, light sleep only; sources in boards/tdisplay.py). CPU_HZ: tdisplay.py says why.
CPU_HZ = 160_000_000

BACKLIGHT = const(32)  # LCD_BL 32 (M5Unified); PWM brightness, high: on
BATTERY_ADC = None
BATTERY_SCALE = None
BATTERY_ADC_ENABLE = None
I2C_SDA = const(21)  # I2C0_SDA 21 (M5Unified)
I2C_SCL = const(22)  # I2C0_SCL 22
POWER_I2C_ADDR = const(0x75)  # IP5306_Class DEFAULT_ADDRESS
SPEAKER = const(25)  # SPK_DAC 25 (DAC1)
TF_CS = const(4)  # TF_CS 4; wiring.hpp shared_sd_sd_cs 4, same SPI bus

LCD_SCK = const(18)  # SPI_SCLK 18; wiring.hpp display_sclk 18
LCD_MOSI = const(23)  # SPI_MOSI 23; display_mosi 23
LCD_MISO = const(19)  # SPI_MISO 19; display_miso 19 (unused: write only)
LCD_CS = const(14)  # LCD_CS 14; display_cs 14
LCD_DC = const(27)  # LCD_D/C 27; display_dc 27
LCD_RST = const(33)  # LCD_RST 33; display_rst 33
LCD_HZ = 40_000_000  # 18/23 are VSPI's IO_MUX pins: 80/2 MHz is allowed


def panel_is_ips(Pin):  # noqa: N803 (machine.Pin, the class)
    """Reads the panel type the way M5GFX does: the IPS version pulls RST up."""
    rst = Pin(LCD_RST, Pin.OUT, value=1)
    rst.init(Pin.IN, Pin.PULL_DOWN)
    ips = rst.value() == 1
    rst.init(Pin.OUT, value=1)
    return ips


def make_display(sleep_ms=None):
    from machine import Pin, SPI

    from hw.ili9342c import ILI9342C
    from hw.dcs import BGR
    from ui.canvas import PALETTE

    Pin(TF_CS, Pin.OUT, value=1)  # the SD card must not answer the panel's traffic
    ips = panel_is_ips(Pin)
    spi = SPI(2, baudrate=LCD_HZ, polarity=0, phase=0, sck=Pin(LCD_SCK), mosi=Pin(LCD_MOSI),
              miso=None)
    display = ILI9342C(spi, dc=Pin(LCD_DC, Pin.OUT, value=1), cs=Pin(LCD_CS, Pin.OUT, value=1),
                       rst=Pin(LCD_RST, Pin.OUT, value=1), width=WIDTH,
                       height=HEIGHT, madctl=BGR, invert=ips, palette=PALETTE, sleep_ms=sleep_ms)
    Pin(BACKLIGHT, Pin.OUT, value=1)
    return display
