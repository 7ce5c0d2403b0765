# Sitronix ST7789 colour LCD controller on 4-wire SPI: plain MIPI DCS (hw.dcs), so this
# holds only the 1.14" glass's geometry and the landscape set-up the boards use.
from hw.dcs import DCS, MX, MV, BGR


class ST7789(DCS):
    """ST7789V. The defaults are the 1.14" 135x240 IPS glass (LILYGO T-Display, M5StickC
    Plus2) used landscape, 240x135: MADCTL MX|MV (the glass's portrait RAM offsets 52, 40
    become 40, 53), inversion on."""

    def __init__(self, spi, dc, cs=None, rst=None, width=240, height=135, col0=40, row0=53,
                 madctl=MX | MV | BGR, invert=True, palette=None, left=0, top=0,
                 sleep_ms=None):
        DCS.__init__(self, spi, dc, cs, rst, width, height, col0, row0, madctl, invert,
                     palette, left, top, sleep_ms)


def landscape(board, sleep_ms=None):
    """The board's ST7789 135x240 glass on SPI, turned landscape (MADCTL MX|MV, BGR,
    inverted), as the T-Display and the M5StickC Plus2 mount it: the pins, clock and RAM
    offsets are the board file's LCD_* names. Lights the backlight: the glass stays dark
    (display off) until the first frame sets the controller up (hw.dcs start())."""
    from machine import Pin, SPI

    from ui.canvas import PALETTE

    b = board
    spi = SPI(1, baudrate=b.LCD_HZ, polarity=0, phase=0, sck=Pin(b.LCD_SCK),
              mosi=Pin(b.LCD_MOSI), miso=None)
    display = ST7789(spi, dc=Pin(b.LCD_DC, Pin.OUT, value=1),
                     cs=Pin(b.LCD_CS, Pin.OUT, value=1), rst=Pin(b.LCD_RST, Pin.OUT, value=1),
                     width=b.WIDTH, height=b.HEIGHT, col0=b.LCD_COL0, row0=b.LCD_ROW0,
                     madctl=MX | MV | BGR, invert=True, palette=PALETTE, sleep_ms=sleep_ms)
    Pin(b.BACKLIGHT, Pin.OUT, value=1)
    return display
