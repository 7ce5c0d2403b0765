# The frame the app draws into: a FrameBuffer of 4-bit palette indices (colour screens)
# or of bits (monochrome OLEDs), plus change detection by row bands, so that only the
# bands that differ from the last frame are sent to the panel.
import framebuf
from array import array
from binascii import crc32

from micropython import const

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

# A kept frame (Canvas.keep): a call takes _SLOTS slots of a list: its bottom row, ink and
# kind in one small int, then x, y and three more (w, h, 0; or the font, the text and its
# room); up to _CALLS calls.
_SLOTS = const(6)
_CALLS = const(28)
# What stop() says of a kept frame.
NOT_KEPT = const(0)
KEPT = const(1)
SAME = const(2)
_FILL_RECT = const(0)
_RECT = const(1)
_TEXT = const(2)


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
        self._kept = -1  # while a frame is kept (keep()): its calls' slots so far
        # The kept frame, _SLOTS a call (see _keep): made once, here, where the heap is in
        # one piece (it takes less than the rows of buffer a drawing once a frame spares:
        # main.CANVAS_ROWS). Empty on a canvas never sliced: nothing is kept there.
        self._kept_calls = [0] * (_SLOTS * _CALLS) if self.slices > 1 else []
        self._calls = -1  # the slots of the last frame kept whole (-1: none)
        self._same = False  # while keeping: the calls so far are the last frame's

    def shows(self, y, h):
        """True when rows y..y+h-1 meet the slice in the buffer (while a frame is kept:
        the screen). A screen skips making the texts of rows outside it: there they
        would only be measured."""
        if self._kept >= 0:
            return y < self.height and y + h > 0
        return y < self.top + self.rows and y + h > self.top

    def ink(self, colour):
        return MONO[colour] if self.mono else colour

    # Drawing, in logical colours.
    def fill(self, colour):
        self.fb.fill(self.ink(colour))

    def fill_rect(self, x, y, w, h, colour):
        self._call(_FILL_RECT, colour, x, y, w, h, 0)

    def rect(self, x, y, w, h, colour):
        self._call(_RECT, colour, x, y, w, h, 0)

    def hline(self, x, y, w, colour):
        self._call(_FILL_RECT, colour, x, y, w, 1, 0)

    def _call(self, kind, colour, a, y, b, c, d):
        # A drawing call: kept while a frame is (keep()), else drawn into the slice. (For
        # a rectangle c is its height: one wholly off the screen draws nothing.)
        if self._kept < 0:
            self._draw(kind, self.ink(colour), a, y, b, c, d)
        elif y < self.height and y + c > 0:
            self._keep(kind, colour, a, y, b, c, d, y + c)

    def _draw(self, kind, ink, a, y, b, c, d):
        y -= self.top
        if kind == _TEXT:  # b: the font, c: the text, d: its room
            text.draw(self.fb, b, c, a, y, ink, d)
        elif kind == _FILL_RECT:
            self.fb.fill_rect(a, y, b, c, ink)
        else:
            self.fb.rect(a, y, b, c, ink)

    # A frame kept: App.render has the screen draw once a frame, its calls kept with what
    # they were given (the texts it made), and each slice drawn from them (replay()). A
    # frame of more calls than are kept is drawn by the screen slice by slice instead; a
    # frame of the same calls as the last one is not drawn again (nothing would change).
    def keep(self):
        """From now the drawing calls are kept, for a sliced canvas's whole frame (on
        one never sliced none is: stop() says NOT_KEPT)."""
        self._kept = 0 if self._kept_calls else _SLOTS * _CALLS + _SLOTS
        self.top = 0
        self._same = self._calls >= 0

    def stop(self):
        """Ends the keeping: NOT_KEPT (too many calls), KEPT, or SAME (the calls of the
        frame kept last, which the panel shows)."""
        kept = self._kept
        self._kept = -1
        if kept > _SLOTS * _CALLS:
            self._calls = -1
            return NOT_KEPT
        same = self._same and kept == self._calls
        self._calls = kept
        return SAME if same else KEPT

    def _keep(self, kind, colour, a, y, b, c, d, bottom):
        n = self._kept
        self._kept = n + _SLOTS
        if n >= _SLOTS * _CALLS:  # one too many: the screen will draw each slice itself
            return
        calls = self._kept_calls
        k = bottom << 6 | self.ink(colour) << 2 | kind
        if self._same and calls[n] == k and calls[n + 1] == a and calls[n + 2] == y \
                and calls[n + 3] == b and calls[n + 4] == c and calls[n + 5] == d:
            return  # as in the last frame
        self._same = False
        calls[n] = k
        calls[n + 1] = a
        calls[n + 2] = y
        calls[n + 3] = b
        calls[n + 4] = c
        calls[n + 5] = d

    def replay(self):
        """Draws the kept frame's calls that meet the slice in the buffer."""
        calls = self._kept_calls
        top = self.top
        end = top + self.rows
        for i in range(0, self._calls, _SLOTS):
            k = calls[i]
            if k >> 6 > top and calls[i + 2] < end:  # its rows meet the slice's
                self._draw(k & 3, k >> 2 & 15, calls[i + 1], calls[i + 2], calls[i + 3],
                           calls[i + 4], calls[i + 5])

    def drop(self):
        """Lets the kept frame's texts go: a screen closed or opened."""
        calls = self._kept_calls
        for i in range(len(calls)):
            calls[i] = 0
        self._calls = -1

    # Text. With room > 0 a text is fitted into room pixels (shortened, ending in a full
    # stop, when longer): it never runs into the next one.
    def text(self, font, s, x, y, colour, room=0):
        """Draws s with its top-left at (x, y); returns the x after it."""
        if not self.shows(y, font.HEIGHT):  # not in this slice: only measured
            return x + text.width(font, s, room)
        if self._kept >= 0:
            self._keep(_TEXT, colour, x, y, font, s, room, y + font.HEIGHT)
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
        self._calls = -1  # the kept frame is drawn again


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
