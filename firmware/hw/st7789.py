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


def landscape(sck, mosi, cs, dc, rst, hz, width, height, col0, row0, backlight,
              sleep_ms=None):
    """An ST7789 135x240 glass on SPI, turned landscape (MADCTL MX|MV, BGR, inverted),
    as the T-Display and the M5StickC Plus2 mount it; lights the backlight once the
    panel holds a cleared frame."""
    from machine import Pin, SPI

    from ui.canvas import PALETTE

    spi = SPI(1, baudrate=hz, polarity=0, phase=0, sck=Pin(sck), mosi=Pin(mosi), miso=None)
    display = ST7789(spi, dc=Pin(dc, Pin.OUT, value=1), cs=Pin(cs, Pin.OUT, value=1),
                     rst=Pin(rst, Pin.OUT, value=1), width=width, height=height,
                     col0=col0, row0=row0, madctl=MX | MV | BGR, invert=True,
                     palette=PALETTE, sleep_ms=sleep_ms)
    Pin(backlight, Pin.OUT, value=1)
    return display
