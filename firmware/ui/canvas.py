# The frame the app draws into: a FrameBuffer of 4-bit palette indices (colour screens)
# or of bits (monochrome OLEDs), plus change detection by row bands, so that only the
# bands that differ from the last frame are sent to the panel.
import framebuf
from array import array
from binascii import crc32

from ui import text

# Logical colours. On colour screens they are palette indices (PALETTE gives RGB565);
# on monochrome screens MONO maps them to off/on.
BG = 0
FG = 1
DIM = 2
PANEL = 3
TEAM_A = 4
TEAM_B = 5
MARK = 6  # highlight: the selected item, the dealer
GOOD = 7
WARN = 8

PALETTE = (0x0000, 0xFFFF, 0x8410, 0x2104, 0xFD20, 0x2D7F, 0xFFE0, 0x07E0, 0xF800,
           0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000)
MONO = b"\x00\x01\x01\x00\x01\x01\x01\x01\x01\x00\x00\x00\x00\x00\x00\x00"


class Canvas:
    def __init__(self, width, height, mono=False):
        self.width = width
        self.height = height
        self.mono = mono
        if mono:  # SSD1306 layout: pages of 8 rows, a byte a column
            self.buffer = bytearray(width * ((height + 7) // 8))
            self.fb = framebuf.FrameBuffer(self.buffer, width, height, framebuf.MONO_VLSB)
            rows, band_bytes = 8, width
        else:
            self.buffer = bytearray((width + 1) // 2 * height)
            self.fb = framebuf.FrameBuffer(self.buffer, width, height, framebuf.GS4_HMSB)
            rows, band_bytes = 4, (width + 1) // 2 * 4
        self.band_rows = rows
        view = memoryview(self.buffer)
        # One memoryview per band, made once: checksumming them then allocates nothing.
        self._bands = tuple(view[i:i + band_bytes] for i in range(0, len(self.buffer), band_bytes))
        self._sums = array("L", [0xFFFFFFFF] * len(self._bands))  # no frame sent yet

    def ink(self, colour):
        return MONO[colour] if self.mono else colour

    # Drawing, in logical colours.
    def fill(self, colour):
        self.fb.fill(self.ink(colour))

    def fill_rect(self, x, y, w, h, colour):
        self.fb.fill_rect(x, y, w, h, self.ink(colour))

    def rect(self, x, y, w, h, colour):
        self.fb.rect(x, y, w, h, self.ink(colour))

    def hline(self, x, y, w, colour):
        self.fb.hline(x, y, w, self.ink(colour))

    def vline(self, x, y, h, colour):
        self.fb.vline(x, y, h, self.ink(colour))

    def ellipse(self, x, y, rx, ry, colour, filled=False):
        self.fb.ellipse(x, y, rx, ry, self.ink(colour), filled)

    # Text. With room > 0 a text is fitted into room pixels (shortened, ending in a full
    # stop, when longer): it never runs into the next one.
    def text(self, font, s, x, y, colour, room=0):
        """Draws s with its top-left at (x, y); returns the x after it."""
        return text.draw(self.fb, font, s, x, y, self.ink(colour), room)

    def text_width(self, font, s, room=0):
        return text.width(font, s, room)

    def text_centre(self, font, s, cx, y, colour, room=0):
        return self.text(font, s, cx - text.width(font, s, room) // 2, y, colour, room)

    def text_right(self, font, s, right, y, colour, room=0):
        return self.text(font, s, right - text.width(font, s, room), y, colour, room)

    # Change detection.
    def changes(self):
        """Row spans that differ from the last call's frame, as a flat list
        [y0, y1, y0, y1, ...] (y1 exclusive), bands next to each other merged."""
        spans = []
        rows = self.band_rows
        start = -1
        for i in range(len(self._bands)):
            s = crc32(self._bands[i])
            if s != self._sums[i]:
                self._sums[i] = s
                if start < 0:
                    start = i
            elif start >= 0:
                spans.append(start * rows)
                spans.append(i * rows)
                start = -1
        if start >= 0:
            spans.append(start * rows)
            spans.append(self.height)
        return spans

    def forget(self):
        """The panel's content is unknown (woken up, reset): send everything next time."""
        for i in range(len(self._sums)):
            self._sums[i] = 0xFFFFFFFF
