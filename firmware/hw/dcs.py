# MIPI DCS (the command set the ST7789, the ILI9342C and their kin share) on 4-wire SPI
# (CS, D/C, RST): reset, sleep out, pixel format, orientation, the address window, and
# the windowed write of the canvas's changed bands. A controller's driver (hw.st7789,
# hw.ili9342c) subclasses DCS with its geometry and, if it needs one, its own set-up.
#
# show(canvas, x, y, w, h) sends that region of the app's 4-bit canvas as big-endian
# RGB565. Expansion happens one canvas row at a time, into ONE preallocated line buffer
# of at most 320 pixels (640 bytes): framebuf's blit() copies the row of palette indices
# into a 1-row RGB565 FrameBuffer over the line buffer, looking each index up in a
# 16x1 RGB565 FrameBuffer made from the canvas palette, in C. Then the line goes out
# with one spi.write(). The palette FrameBuffer holds each colour as its two bytes high
# byte first: blit() reads and writes RGB565 pixels in the CPU's own byte order, so the
# bytes land in the line buffer exactly as they are in the palette, which is the order
# the panel wants (RGB565, high byte first), on any CPU.
#
# The boot does not wait for the panel: the driver resets it when made, and its set-up
# (sleep out, pixel format, the cleared panel, display on) comes with the first show(),
# once what is left of the reset's 120 ms has passed; the boot reads the match, the
# settings and the texts meanwhile (262 ms of fixed waits, one after the other, before).
#
# Steady state allocates nothing: the row FrameBuffer and the memoryview of the line
# that is sent are made again only when a region's width differs from the last one
# (the app always sends whole-width bands).
#
# Coordinates: the board file gives the panel's logical size in its rotation (width,
# height), the controller RAM address of its top-left pixel (col0, row0: the glass's
# offset within the controller's RAM, as seen through MADCTL), the MADCTL byte, and where the
# canvas's top-left goes on the panel (left, top; 0, 0 when the canvas fills it).
import time

import framebuf
from micropython import const

# MADCTL bits: row address order, column address order, row/column exchange, BGR filter.
MY = const(0x80)
MX = const(0x40)
MV = const(0x20)
BGR = const(0x08)

_SWRESET = const(0x01)
_SLPIN = const(0x10)
_SLPOUT = const(0x11)
_NORON = const(0x13)
_INVOFF = const(0x20)
_INVON = const(0x21)
_DISPOFF = const(0x28)
_DISPON = const(0x29)
_CASET = const(0x2A)
_RASET = const(0x2B)
_RAMWR = const(0x2C)
_MADCTL = const(0x36)
_COLMOD = const(0x3A)

_LINE_PIXELS = const(320)  # the widest panel a line buffer is made for (640 bytes)


class DCS:
    """A MIPI DCS controller on SPI: commands, the address window, clear() and show()."""

    def __init__(self, spi, dc, cs, rst, width, height, col0, row0, madctl, invert,
                 palette, left, top, sleep_ms):
        if width > _LINE_PIXELS:
            raise ValueError("panel wider than the line buffer")
        self._spi = spi
        self._dc = dc
        self._cs = cs
        self._rst = rst
        self.width = width
        self.height = height
        self._col0 = col0
        self._row0 = row0
        self.madctl = madctl
        self.invert = invert
        self._left = left
        self._top = top
        self._sleep_ms = sleep_ms or time.sleep_ms
        self._cmd = bytearray(1)
        self._arg = bytearray(4)
        self._line = bytearray(width * 2)  # a row of the panel: no region is wider
        self._pal = bytearray(32)
        self._pal_fb = framebuf.FrameBuffer(self._pal, 16, 1, framebuf.RGB565)
        self._w = 0
        self._row_fb = None
        self._out = None
        self.bg = 0
        self._since = 0  # ticks_us of the last reset, SLPOUT or SLPIN (_mark)
        self._started = False  # set up after its reset (start())
        if palette is not None:
            self.set_palette(palette)
        if cs is not None:
            cs(1)
        dc(1)
        self.init()

    def set_palette(self, colours):
        """The 16 RGB565 colours of the canvas's pixel values (missing ones black)."""
        p = self._pal
        for i in range(16):
            c = colours[i] if i < len(colours) else 0
            p[2 * i] = c >> 8
            p[2 * i + 1] = c & 255
        self.bg = colours[0]

    # Bus.
    def _command(self, c, args=None):
        """Command byte c (D/C low), then its parameter bytes, if any (D/C high)."""
        cs = self._cs
        if cs is not None:
            cs(0)
        self._dc(0)
        b = self._cmd
        b[0] = c
        self._spi.write(b)
        self._dc(1)
        if args:
            self._spi.write(args)
        if cs is not None:
            cs(1)

    def _command1(self, c, value):
        a = self._arg
        a[0] = value
        self._command(c, memoryview(a)[:1])

    def _reset(self):
        rst = self._rst
        if rst is not None:  # a low pulse of at least 10 us resets the controller
            rst(1)
            self._sleep_ms(1)
            rst(0)
            self._sleep_ms(1)
            rst(1)
        else:
            self._command(_SWRESET)
        self._mark()  # 5 ms before any command, 120 ms before SLPOUT: start() waits

    # The datasheets' waits (the ST7789V's and ILI9342C's reset timing, SLPIN and SLPOUT):
    # after a reset, 5 ms before any command and 120 ms before SLPOUT; after SLPOUT, 5 ms
    # before any command and 120 ms before SLPIN; after SLPIN, 5 ms, and 120 ms before
    # SLPOUT. The 120 ms run from a mark while the device does something else.
    def _mark(self):
        self._since = time.ticks_us()

    def _wait(self, ms):
        """Sleeps what is left of ms since the last mark (a mark more than half the
        ticks' period ago reads as negative: long past)."""
        gone = time.ticks_diff(time.ticks_us(), self._since)
        if 0 <= gone < ms * 1000:
            self._sleep_ms((ms * 1000 - gone + 999) // 1000)

    def _window(self, x, y, w, h):
        """CASET/RASET to the w x h rectangle at panel (x, y), then RAMWR."""
        self._span(_CASET, x + self._col0, w)
        self._span(_RASET, y + self._row0, h)
        self._command(_RAMWR)

    def _span(self, command, start, length):
        # A CASET or RASET: first and last column (row), 16 bits each, high byte first.
        a = self._arg
        end = start + length - 1
        a[0] = start >> 8
        a[1] = start & 255
        a[2] = end >> 8
        a[3] = end & 255
        self._command(command, a)

    def _fit(self, w):
        """The row FrameBuffer and the line to send for regions w pixels wide."""
        if w > self.width:
            raise ValueError("region wider than the line buffer")
        self._row_fb = framebuf.FrameBuffer(self._line, w, 1, framebuf.RGB565)
        self._out = memoryview(self._line)[:2 * w]
        self._w = w

    # Set-up.
    def init(self):
        """Resets the controller. Its set-up waits for the first show() (start()): the
        boot reads the match and opens the fonts during the reset's 120 ms."""
        self._started = False
        self._reset()

    def start(self):
        """Sets the controller up after its reset, clears the panel, turns the display on."""
        self._started = True
        self._wait(120)  # no SLPOUT within 120 ms of the reset
        self._setup()
        self.clear(self.bg)
        self._command(_DISPON)

    def _setup(self):
        """After reset: sleep out, 16-bit pixels, orientation, inversion."""
        self._sleep_out()
        self._command1(_COLMOD, 0x55)  # 65K colours, 16 bits a pixel
        self._command1(_MADCTL, self.madctl)
        self._command(_INVON if self.invert else _INVOFF)
        self._command(_NORON)

    def _sleep_out(self):
        self._command(_SLPOUT)
        self._mark()
        self._sleep_ms(5)

    def sleep(self, asleep):
        """Display off and sleep in (RAM kept), or back out of it. Before start() the
        controller is asleep since its reset: the first show() wakes it."""
        if not self._started:
            return
        if asleep:
            self._command(_DISPOFF)
            self._wait(120)  # no SLPIN within 120 ms of SLPOUT
            self._command(_SLPIN)
            self._mark()
            self._sleep_ms(5)
        else:
            self._wait(120)  # no SLPOUT within 120 ms of SLPIN
            self._sleep_out()
            self._command(_DISPON)

    # Pixels.
    def clear(self, colour=0):
        """The whole panel in one RGB565 colour."""
        if self._w != self.width:
            self._fit(self.width)
        line = self._line
        hi = colour >> 8
        lo = colour & 255
        for i in range(0, 2 * self.width, 2):
            line[i] = hi
            line[i + 1] = lo
        self._window(0, 0, self.width, self.height)
        self._send_rows(None, 0, 0, self.height)

    def show(self, canvas, x, y, w, h):
        """Sends the canvas's w x h region at (x, y) (screen rows, in the slice its
        buffer holds): one window, one line per row."""
        if w <= 0 or h <= 0:
            return
        if not self._started:  # the first frame: the set-up the reset waited for
            self.start()
        if w != self._w:
            self._fit(w)
        self._window(self._left + x, self._top + y, w, h)
        self._send_rows(canvas.fb, x, y - canvas.top, h)

    def _send_rows(self, src, x, y, h):
        # The hot path: per row one blit (C) and one SPI write; nothing allocates.
        spi = self._spi
        row = self._row_fb
        pal = self._pal_fb
        out = self._out
        cs = self._cs
        if cs is not None:
            cs(0)
        x = -x
        if src is None:  # clear(): the line already holds the colour
            for _ in range(h):
                spi.write(out)
        else:
            for r in range(-y, -y - h, -1):
                row.blit(src, x, r, -1, pal)
                spi.write(out)
        if cs is not None:
            cs(1)
