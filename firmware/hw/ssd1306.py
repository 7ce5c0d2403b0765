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
# Commands (SSD1306 datasheet, section 9), each followed by its argument bytes, if any.
_DISPLAY_OFF = const(0xAE)
_DISPLAY_ON = const(0xAF)
_CLOCK_DIV = const(0xD5)  # clock divide ratio / oscillator frequency
_MULTIPLEX = const(0xA8)  # rows driven - 1
_OFFSET = const(0xD3)  # vertical display offset
_START_LINE = const(0x40)  # | the RAM row shown at the top
_CHARGE_PUMP = const(0x8D)
_ADDRESSING = const(0x20)  # 0: horizontal
_SEG_REMAP = const(0xA0)  # | 1: column 127 is SEG0
_COM_SCAN_UP = const(0xC0)  # COM0 to COM[N-1]
_COM_SCAN_DOWN = const(0xC8)  # COM[N-1] to COM0
_COM_PINS = const(0xDA)
_CONTRAST = const(0x81)
_PRECHARGE = const(0xD9)
_VCOMH = const(0xDB)  # VCOMH deselect level
_FOLLOW_RAM = const(0xA4)  # (0xA5: every pixel on)
_NORMAL = const(0xA6)  # not inverted (0xA7: inverted)
_COLUMNS = const(0x21)  # first, last column of the window
_PAGES = const(0x22)  # first, last page of the window


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
        # column range (0x21: first, last), page range (0x22: first, last)
        self._window = bytearray((_COLUMNS, 0, 127, _PAGES, 0, 7))
        self._one = bytearray(1)
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
            _CLOCK_DIV, 0x80,  # the reset value
            _MULTIPLEX, self.height - 1,
            _OFFSET, 0x00,
            _START_LINE | 0,
            _CHARGE_PUMP, 0x10 if ext else 0x14,  # on, unless VCC is external
            _ADDRESSING, 0x00,
            _SEG_REMAP | (0 if self.flip else 1),  # unflipped: column 0 at the left
            _COM_SCAN_UP if self.flip else _COM_SCAN_DOWN,  # unflipped: row 0 at the top
            _COM_PINS, 0x12 if self.height == 64 else 0x02,  # alternative for 64 rows
            _CONTRAST, self.contrast,
            _PRECHARGE, 0x22 if ext else 0xF1,  # pre-charge periods
            _VCOMH, 0x40,
            _FOLLOW_RAM,
            _NORMAL,
        )))
        self.clear()
        self._command(_DISPLAY_ON)

    def _command(self, byte):
        self._one[0] = byte
        self._commands(self._one)

    def sleep(self, asleep):
        """Display off (RAM kept, charge pump stopped), or on again."""
        self._command(_DISPLAY_OFF if asleep else _DISPLAY_ON)

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
