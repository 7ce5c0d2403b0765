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
TEAM = (TEAM_A, TEAM_B)  # each team's colour, by team (truc.rules A, B)
MARK = 6  # highlight: the selected item, the dealer
GOOD = 7
WARN = 8

PALETTE = (0x0000, 0xFFFF, 0x8410, 0x2104, 0xFD20, 0x2D7F, 0xFFE0, 0x07E0, 0xF800,
           0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000, 0x0000)
MONO = b"\x00\x01\x01\x00\x01\x01\x01\x01\x01\x00\x00\x00\x00\x00\x00\x00"


class Canvas:
    """width x height pixels. A colour canvas may hold fewer rows than it shows (rows, a
    whole number of bands): a frame is then drawn once per slice of that many rows, each
    sent before the next is drawn (App.render), and the drawing calls take screen
    coordinates whatever slice is in the buffer (top is its first row)."""

    def __init__(self, width, height, mono=False, rows=0):
        self.width = width
        self.height = height
        self.mono = mono
        self.top = 0
        if mono:  # SSD1306 layout: pages of 8 rows, a byte a column; 1 KB, never sliced
            rows = height
            self.buffer = bytearray(width * ((height + 7) // 8))
            self.fb = framebuf.FrameBuffer(self.buffer, width, height, framebuf.MONO_VLSB)
            band_rows, band_bytes = 8, width
        else:
            band_rows, band_bytes = 4, (width + 1) // 2 * 4
            rows = height if rows <= 0 or rows >= height else (rows + 3) // 4 * 4
            self.buffer = bytearray((width + 1) // 2 * rows)
            self.fb = framebuf.FrameBuffer(self.buffer, width, rows, framebuf.GS4_HMSB)
        self.rows = rows
        self.slices = (height + rows - 1) // rows
        self.band_rows = band_rows
        view = memoryview(self.buffer)
        # One memoryview per band of the buffer, made once: checksumming them then
        # allocates nothing. The screen's last band may be shorter: in the last slice
        # it has a view of its own.
        self._bands = tuple(view[i:i + band_bytes] for i in range(0, len(self.buffer), band_bytes))
        count = (height + band_rows - 1) // band_rows  # the screen's bands
        at = (count - 1 - (self.slices - 1) * rows // band_rows) * band_bytes
        tail = (height - (count - 1) * band_rows) * band_bytes // band_rows if not mono \
            else band_bytes
        self._last = view[at:at + tail]
        # A band's sum is crc32(band, start) with a start of its own, kept such that the
        # sum fits a small int (below 2**30): on a 32-bit port three plain crc32 values in
        # four are long ints, made anew at every frame. Then an unchanged band allocates
        # nothing; only a band that changed may make one long int. None: unknown. One of
        # each for every band of the screen, whichever slice holds it.
        self._sums = [None] * count
        self._starts = [0] * count
        # By the top two bits of a long sum, the change of start that clears them: one
        # table for the bands' length, one for the last band, which may be shorter.
        self._fixes = _fixes(self._bands[0])
        self._fixes_last = _fixes(self._last)
        self.spans = array("H", bytes(4 * count))  # what changes() found

    def shows(self, y, h):
        """True when rows y..y+h-1 meet the slice in the buffer. A screen skips making
        the texts of rows outside it: there they would only be measured."""
        return y < self.top + self.rows and y + h > self.top

    def ink(self, colour):
        return MONO[colour] if self.mono else colour

    # Drawing, in logical colours.
    def fill(self, colour):
        self.fb.fill(self.ink(colour))

    def fill_rect(self, x, y, w, h, colour):
        self.fb.fill_rect(x, y - self.top, w, h, self.ink(colour))

    def rect(self, x, y, w, h, colour):
        self.fb.rect(x, y - self.top, w, h, self.ink(colour))

    def hline(self, x, y, w, colour):
        self.fb.hline(x, y - self.top, w, self.ink(colour))

    def vline(self, x, y, h, colour):
        self.fb.vline(x, y - self.top, h, self.ink(colour))

    def ellipse(self, x, y, rx, ry, colour, filled=False):
        self.fb.ellipse(x, y - self.top, rx, ry, self.ink(colour), filled)

    # Text. With room > 0 a text is fitted into room pixels (shortened, ending in a full
    # stop, when longer): it never runs into the next one.
    def text(self, font, s, x, y, colour, room=0):
        """Draws s with its top-left at (x, y); returns the x after it."""
        if not self.shows(y, font.HEIGHT):  # not in this slice: only measured
            return x + text.width(font, s, room)
        return text.draw(self.fb, font, s, x, y - self.top, self.ink(colour), room)

    def text_width(self, font, s, room=0):
        return text.width(font, s, room)

    def text_centre(self, font, s, cx, y, colour, room=0):
        return self.text(font, s, cx - text.width(font, s, room) // 2, y, colour, room)

    def text_right(self, font, s, right, y, colour, room=0):
        return self.text(font, s, right - text.width(font, s, room), y, colour, room)

    def wrap(self, font, s, first, rest):
        """s cut at spaces into lines no wider than first, then rest (pixels); a word
        longer than that stays whole: a text that does not fit takes more lines, it is
        never shortened."""
        out = []
        line = ""
        room = first
        for word in s.split(" "):
            longer = line + " " + word if line else word
            if line and text.width(font, longer) > room:
                out.append(line)
                line = word
                room = rest
            else:
                line = longer
        out.append(line)
        return out

    # Change detection.
    def changes(self):
        """Finds the row spans of the slice in the buffer that differ from the last
        frame's, bands next to each other merged: returns n, and spans[:n] holds [y0, y1,
        y0, y1, ...] in screen rows (y1 exclusive). Allocates nothing of its own (a new
        list at every frame would)."""
        spans = self.spans
        n = 0
        sums = self._sums
        bands = self._bands
        rows = self.band_rows
        start = -1
        starts = self._starts
        first = self.top // rows
        last = len(sums) - 1
        end = min(first + len(bands), last + 1)
        for g in range(first, end):
            band = bands[g - first] if g < last else self._last
            s = crc32(band, starts[g])
            if s != sums[g]:
                if s > 0x3FFFFFFF:  # a long: move the start so that the sum is small
                    # (comparisons with constants, since s >> 30 would make a long)
                    bits = 1 if s < 0x80000000 else 2 if s < 0xC0000000 else 3
                    starts[g] ^= (self._fixes if g < last else self._fixes_last)[bits]
                    s = crc32(band, starts[g])
                sums[g] = s
                if start < 0:
                    start = g
            elif start >= 0:
                spans[n] = start * rows
                spans[n + 1] = g * rows
                n += 2
                start = -1
        if start >= 0:
            spans[n] = start * rows
            spans[n + 1] = min(end * rows, self.height)
            n += 2
        return n

    def forget(self):
        """The panel's content is unknown (woken up, reset): send everything next time."""
        for i in range(len(self._sums)):
            self._sums[i] = None


def _fixes(band):
    """For a band's length, the starts whose crc32 differs from a start of 0 by 1, 2 and 3
    in its top two bits: crc32(d, a ^ b) == crc32(d, a) ^ crc32(d, b) ^ crc32(d, 0), for any
    data d, so a start changed by fixes[t] flips the top bits of any sum by t."""
    zero = crc32(band, 0)
    first = second = first_top = second_top = 0
    for bit in range(30):
        start = 1 << bit
        top = (crc32(band, start) ^ zero) >> 30
        if top and not first:
            first, first_top = start, top
        elif top and top != first_top:
            second, second_top = start, top
            break
    fixes = [0, 0, 0, 0]
    fixes[first_top] = first
    fixes[second_top] = second
    fixes[first_top ^ second_top] = first ^ second
    return tuple(fixes)
