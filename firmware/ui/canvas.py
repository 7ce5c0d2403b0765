# The frame the app draws into: a FrameBuffer of 4-bit palette indices (colour screens)
# or of bits (monochrome OLEDs), plus change detection by row bands, so that only the
# bands that differ from the last frame are sent to the panel: a frame's drawing calls
# are kept (keep()) and matched with the last frame's, and the rows of the calls that
# changed are sent.
import framebuf
from array import array

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
# The frame being sent, for changes(): drawn as it goes (not kept), or kept with no last
# one to compare it with (both sent whole); or kept and matched with the last frame's.
_DRAWN = const(0)
_WHOLE = const(1)
_DIFFED = const(2)
# Matching a kept frame's calls with the last frame's (_keep): the last frame's calls
# looked at for each new one, and those this frame's slots took before they were matched,
# kept aside (a call put in moves the rest on: up to _LAG of them at once).
_AHEAD = const(8)
_LAG = const(3)
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
            band_rows = 8
        else:
            band_rows = 4
            rows = height if rows <= 0 or rows >= height else (rows + 3) // 4 * 4
            self.buffer = bytearray((width + 1) // 2 * rows)
            self.fb = framebuf.FrameBuffer(self.buffer, width, rows, framebuf.GS4_HMSB)
        self.rows = rows
        self.slices = (height + rows - 1) // rows
        self.band_rows = band_rows
        count = (height + band_rows - 1) // band_rows  # the screen's bands
        self.spans = array("H", bytes(2 * count + 4))  # what changes() found (bands
        # changed and not, one after the other: a span for each two bands at most)
        self._kept = -1  # while a frame is kept (keep()): its calls' slots so far
        # The kept frame, _SLOTS a call (see _keep): made once, here, where the heap is in
        # one piece (it takes less than the rows of buffer a drawing once a frame spares:
        # main.CANVAS_ROWS).
        self._kept_calls = [0] * (_SLOTS * _CALLS)
        self._calls = -1  # the slots of the last frame kept whole, the panel's (-1: none)
        # The bands a kept frame's calls change, and whether any (keep(): the calls
        # matched with the last frame's); the frame being sent (_DRAWN...).
        self._dirty = bytearray(count)
        self._touched = False
        self._frame = _DRAWN
        self._next = 0  # the slot of the last frame's first call not matched yet
        self._lag = [0] * (_SLOTS * _LAG)  # those of its calls this frame's slots took

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
        if w > 0 and h > 0:  # (framebuf's draws a line above an empty one: outside its rows)
            self._call(_RECT, colour, x, y, w, h, 0)

    def hline(self, x, y, w, colour):
        self._call(_FILL_RECT, colour, x, y, w, 1, 0)

    def _call(self, kind, colour, a, y, b, c, d):
        # A drawing call: kept while a frame is (keep()), and drawn into the slice unless
        # a sliced canvas keeps it (its slices are drawn from the calls: replay()). (For
        # a rectangle c is its height: one wholly off the screen draws nothing.)
        if self._kept >= 0 and y < self.height and y + c > 0:
            self._keep(kind, colour, a, y, b, c, d, y + c)
        if self._kept < 0 or self.slices == 1:
            self._draw(kind, self.ink(colour), a, y, b, c, d)

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
    # A row's pixels are made by the calls that meet it, in their order. So the calls are
    # matched with the last frame's, in order (calls taken away, put in, or in others'
    # places: _keep), and a row that no unmatched call of either frame meets is the same:
    # the changed bands are found with no crc32, whose sums of changed bands were long
    # ints on a 32-bit port (24 B a band: most of what a menu's cursor move allocated).
    def keep(self):
        """From now the drawing calls are kept, for the whole frame."""
        self._kept = 0
        self.top = 0
        self._touched = False  # (the bands marked are cleared as changes() reads them)
        self._next = 0

    def stop(self):
        """Ends the keeping: NOT_KEPT (too many calls), KEPT, or SAME (the calls of the
        frame kept last, which the panel shows)."""
        kept = self._kept
        self._kept = -1
        last = self._calls
        if kept > _SLOTS * _CALLS:
            self._calls = -1
            return NOT_KEPT
        for i in range(self._next, last, _SLOTS):  # the last frame's calls unmatched
            self._touch_old(i, kept)
        self._calls = kept
        if last >= 0 and not self._touched:
            return SAME
        self._frame = _DIFFED if last >= 0 else _WHOLE
        return KEPT

    def _keep(self, kind, colour, a, y, b, c, d, bottom):
        n = self._kept
        self._kept = n + _SLOTS
        if n >= _SLOTS * _CALLS:  # one too many: the screen will draw each slice itself
            return
        calls = self._kept_calls
        k = bottom << 6 | self.ink(colour) << 2 | kind
        last = self._calls
        if last >= 0:
            # The first of the last frame's next calls (up to _AHEAD) that is this one:
            # those before it were taken away; none: this one was put in (or put in the
            # place of one, which then stays unmatched).
            lag = self._lag
            j = self._next
            i = j
            found = -1
            while found < 0 and i < last and i <= j + _AHEAD * _SLOTS:
                src = lag if i < n else calls
                o = i // _SLOTS % _LAG * _SLOTS if i < n else i
                if src[o] == k and src[o + 1] == a and src[o + 2] == y and src[o + 3] == b \
                        and src[o + 4] == c and src[o + 5] == d:
                    found = i
                i += _SLOTS
            if found >= 0:
                while j < found:
                    self._touch_old(j, n)
                    j += _SLOTS
                j = found + _SLOTS
            else:
                self._touch(y, bottom)
            if j <= n < last:  # the slot's call, not matched yet: aside, for the next ones
                if n - j >= _LAG * _SLOTS:  # no room: the oldest aside stays unmatched
                    self._touch_old(j, n)
                    j += _SLOTS
                o = n // _SLOTS % _LAG * _SLOTS
                for q in range(_SLOTS):
                    lag[o + q] = calls[n + q]
            self._next = j
        calls[n] = k
        calls[n + 1] = a
        calls[n + 2] = y
        calls[n + 3] = b
        calls[n + 4] = c
        calls[n + 5] = d

    def _touch_old(self, i, n):
        # The last frame's call of slot i goes unmatched: its rows change (it is aside,
        # in _lag, when this frame's calls took its slot: i < n).
        src = self._lag if i < n else self._kept_calls
        o = i // _SLOTS % _LAG * _SLOTS if i < n else i
        self._touch(src[o + 2], src[o] >> 6)

    def _touch(self, y, bottom):
        # Rows y .. bottom - 1 change: their bands are sent.
        rows = self.band_rows
        dirty = self._dirty
        for g in range(max(y, 0) // rows, min((bottom + rows - 1) // rows, len(dirty))):
            dirty[g] = 1
        self._touched = True

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
        """Lets the kept frame's texts go: a screen closed or opened (the next frame is
        sent whole)."""
        calls = self._kept_calls
        for i in range(len(calls)):
            calls[i] = 0
        lag = self._lag  # (the calls set aside hold texts too)
        for i in range(len(lag)):
            lag[i] = 0
        self._calls = -1

    # Text. With room > 0 a text is fitted into room pixels (shortened, ending in a full
    # stop, when longer): it never runs into the next one.
    def text(self, font, s, x, y, colour, room=0):
        """Draws s with its top-left at (x, y); returns the x after it."""
        if not self.shows(y, font.HEIGHT):  # not in this slice: only measured
            return x + text.width(font, s, room)
        if self._kept >= 0:
            self._keep(_TEXT, colour, x, y, font, s, room, y + font.HEIGHT)
            if self.slices > 1:
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
        """The row spans of the slice in the buffer to send: of a kept frame matched with
        the last one, the bands its changed calls meet, bands next to each other merged;
        else the whole slice (a frame not kept, or the first since forget()). Returns n,
        and spans[:n] holds [y0, y1, y0, y1, ...] in screen rows (y1 exclusive).
        Allocates nothing (a list at every frame would)."""
        spans = self.spans
        rows = self.band_rows
        dirty = self._dirty
        first = self.top // rows
        end = min(first + (self.rows + rows - 1) // rows, len(dirty))
        diffed = self._frame == _DIFFED
        if self._frame == _DRAWN:  # the panel gets what no kept call says
            self._calls = -1
        n = 0
        start = -1
        for g in range(first, end):
            changed = not diffed or dirty[g]
            dirty[g] = 0
            if changed:
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
        if end == len(dirty):  # the frame's last slice
            self._frame = _DRAWN
        return n

    def forget(self):
        """The panel's content is unknown (woken up, reset): send everything next time."""
        self._calls = -1
        self._frame = _DRAWN
