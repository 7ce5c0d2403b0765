# Solomon SSD1306 monochrome OLED controller on I2C (128x64 or 128x32 modules).
#
# The canvas of a monochrome board is a MONO_VLSB FrameBuffer: its bytes are already the
# controller's pages (8 rows, a byte a column, bit 0 at the top). show() sets horizontal
# addressing to the region's columns and the pages covering its rows, then sends each
# page: framebuf's blit() copies the page's columns into one preallocated page buffer
# (in C), and one I2C write with control byte 0x40 (a data stream) sends it.
# Nothing allocates per show() once the region width is known.
from micropython import const

import framebuf

_DATA = const(0x40)  # control byte: Co=0, D/C#=1, the rest are GDDRAM bytes
_COMMANDS = const(0x00)  # control byte: Co=0, D/C#=0, the rest are commands
_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)


class SSD1306:
    """flip: the module is mounted upside down (segment remap and COM scan reversed).
    external_vcc: the glass has its own VCC supply (no charge pump)."""

    def __init__(self, i2c, width=128, height=64, addr=0x3C, rst=None, flip=False,
                 external_vcc=False, contrast=0xCF, sleep_ms=None):
        if sleep_ms is None:
            import time

            sleep_ms = time.sleep_ms
        self._i2c = i2c
        self.width = width
        self.height = height
        self.addr = addr
        self._rst = rst
        self.flip = flip
        self.external_vcc = external_vcc
        self.contrast = contrast
        self._sleep_ms = sleep_ms
        self._window = bytearray(b"\x21\x00\x7f\x22\x00\x07")  # column and page range
        self._page = bytearray(width)
        self._w = 0
        self._page_fb = None
        self._out = None
        self.init()

    def _commands(self, buf):
        self._i2c.writeto_mem(self.addr, _COMMANDS, buf)

    def init(self):
        rst = self._rst
        if rst is not None:
            rst(1)
            self._sleep_ms(1)
            rst(0)
            self._sleep_ms(1)
            rst(1)
            self._sleep_ms(1)
        ext = self.external_vcc
        self._commands(bytes((
            _DISPLAY_OFF,
            0xD5, 0x80,  # clock divide ratio / oscillator frequency: the reset value
            0xA8, self.height - 1,  # multiplex ratio
            0xD3, 0x00,  # display offset
            0x40,  # display start line 0
            0x8D, 0x10 if ext else 0x14,  # charge pump: on, unless VCC is external
            0x20, 0x00,  # horizontal addressing
            0xA0 if self.flip else 0xA1,  # segment remap: column 0 at the left
            0xC0 if self.flip else 0xC8,  # COM scan from COM[N-1]: row 0 at the top
            0xDA, 0x12 if self.height == 64 else 0x02,  # COM pins: alternative for 64 rows
            0x81, self.contrast,
            0xD9, 0x22 if ext else 0xF1,  # pre-charge periods
            0xDB, 0x40,  # VCOMH deselect level
            0xA4,  # the display follows the RAM
            0xA6,  # not inverted
        )))
        self.clear()
        self._commands(b"\xaf")

    def sleep(self, asleep):
        """Display off (RAM kept, charge pump stopped), or on again."""
        self._commands(b"\xae" if asleep else b"\xaf")

    def set_contrast(self, value):
        self.contrast = value
        self._commands(bytes((0x81, value)))

    def clear(self):
        """Every pixel off."""
        if self._w != self.width:
            self._fit(self.width)
        page = self._page
        for i in range(self.width):
            page[i] = 0
        self._set_window(0, self.width, 0, self.height // 8)
        for _ in range(self.height // 8):
            self._i2c.writeto_mem(self.addr, _DATA, self._out)

    def _fit(self, w):
        if w > len(self._page):
            raise ValueError("region wider than the panel")
        self._page_fb = framebuf.FrameBuffer(self._page, w, 8, framebuf.MONO_VLSB)
        self._out = memoryview(self._page)[:w]
        self._w = w

    def _set_window(self, x, w, p0, p1):
        win = self._window
        win[1] = x
        win[2] = x + w - 1
        win[4] = p0
        win[5] = p1 - 1
        self._commands(win)

    def show(self, canvas, x, y, w, h):
        """Sends the pages covering rows y .. y+h-1, columns x .. x+w-1."""
        if w <= 0 or h <= 0:
            return
        if w != self._w:
            self._fit(w)
        p0 = y >> 3
        p1 = (y + h + 7) >> 3
        self._set_window(x, w, p0, p1)
        i2c = self._i2c
        addr = self.addr
        page = self._page_fb
        out = self._out
        src = canvas.fb
        x = -x
        for p in range(p0, p1):
            page.blit(src, x, -8 * p)
            i2c.writeto_mem(addr, _DATA, out)
