# Text drawing with the bitmap font files in ui/fonts/ (format: see tools/fontconv.py;
# checked whole when opened: ui.open_data).
#
# A font keeps its small tables (code point -> glyph, metrics) in RAM and its bitmaps on
# flash: a glyph is read into a scratch FrameBuffer when drawn, and kept in a cache (a
# strip FrameBuffer, a slot a glyph box wide) for the next time, with room for the
# distinct glyphs of a frame: redrawing a screen reads nothing. Drawing allocates
# nothing, cache misses included. Each glyph is then blitted onto the canvas
# through a 2-entry palette (0 -> key, 1 -> colour) with that key transparent, which
# works for any canvas format (GS4_HMSB, MONO_VLSB, RGB565...) and clips at its edges.
import framebuf
from micropython import const

from ui import DataError, open_data

_FORMAT = const(2)        # the font file format this code reads
_HEADER = const(16)
_NO_GLYPH = const(255)    # MAP entry of a code point the font lacks
_BIAS = const(128)        # left bearings are stored + 128 to fit an unsigned byte
_TEXT_SLOTS = const(32)   # glyphs cached for a text font: a frame shows up to about 30
_DIGIT_SLOTS = const(4)   # for a digits font (16 glyphs, a score shows 2 or 3 of them)
_NO_LIMIT = const(0x3FFF)  # wider than any screen (a small int on every port)
MARK = "."  # ends a text shortened to fit its room (every text font has it)
_MARK_CODE = const(46)  # ord(MARK)

# Palette entry 0 is the transparent key, entry 1 the colour. RGB565 holds any colour
# value a canvas can take. blit compares the key with the palette-mapped colour.
_palette = framebuf.FrameBuffer(bytearray(4), 2, 1, framebuf.RGB565)
_fonts = {}  # name -> Font: each font file is opened once


def font(name):
    """The font of ui/fonts/NAME.bin."""
    f = _fonts.get(name)
    if f is None:
        f = _fonts[name] = Font(name)
    return f


class Font:
    def __init__(self, name):
        path = "ui/fonts/%s.bin" % name
        f = open_data(path)  # checked whole
        head = f.read(_HEADER)
        if head[:2] != b"TF" or head[2] != _FORMAT:
            f.close()
            raise DataError("damaged", path)  # not a font this code reads
        self.HEIGHT = height = head[3]
        self.BASELINE = head[4]
        self.MAX_WIDTH = max_width = head[5]
        glyphs = head[6]
        self._first = head[7]
        # Code points the font lacks map straight to the placeholder (see glyph()).
        self._map = bytearray(f.read(head[8]))
        self._wide = f.read(2 * head[9])
        self._wide_first = head[10]
        self._placeholder = head[11]
        map_ = self._map
        for i in range(len(map_)):
            if map_[i] == _NO_GLYPH:
                map_[i] = head[11]
        self._metrics = f.read(3 * glyphs)  # ink width, left bearing + 128, advance
        self._size = size = head[12] | head[13] << 8
        self._bitmaps = _HEADER + len(self._map) + len(self._wide) + len(self._metrics)
        self._file = f
        self._buf = bytearray(size)
        self._scratch = framebuf.FrameBuffer(self._buf, max_width, height, framebuf.MONO_HLSB)
        # A frame's distinct glyphs fit the cache: only a new screen reads the file.
        slots = min(glyphs, _DIGIT_SLOTS if glyphs <= 16 else _TEXT_SLOTS)
        self._cache = framebuf.FrameBuffer(
            bytearray(((slots * max_width + 7) >> 3) * height), slots * max_width, height,
            framebuf.MONO_HLSB)
        self._slot_of = bytearray(glyphs)  # glyph -> its slot + 1, 0 when not cached
        self._owner = bytearray(slots)     # slot -> its glyph + 1, 0 when empty
        self._hand = 0                     # the next slot to reuse
        self._mark = self.glyph(_MARK_CODE)
        self._mark_width = self._metrics[self._mark * 3 + 2]

    def glyph(self, code):
        i = code - self._first
        map_ = self._map
        if 0 <= i < len(map_):
            return map_[i]
        wide = self._wide
        k = 0
        n = len(wide)
        while k < n:  # a handful of entries: a scan beats a search
            if (wide[k] << 8 | wide[k + 1]) == code:
                return self._wide_first + (k >> 1)
            k += 2
        return self._placeholder

    def load(self, g):
        """Puts glyph g's bitmap in the scratch buffer, from the cache or the file."""
        w = self.MAX_WIDTH
        s = self._slot_of[g]
        if s:
            self._scratch.blit(self._cache, -(s - 1) * w, 0)
            return
        f = self._file
        f.seek(self._bitmaps + g * self._size)
        f.readinto(self._buf)
        s = self._hand
        self._hand = s + 1 if s + 1 < len(self._owner) else 0
        old = self._owner[s]
        if old:
            self._slot_of[old - 1] = 0
        self._owner[s] = g + 1
        self._slot_of[g] = s + 1
        self._cache.blit(self._scratch, s * w, 0)


def width(font, s, room=0):
    """Width in pixels of s drawn in font (the sum of the advances); with room > 0, of s
    as draw() fits it into room pixels."""
    metrics = font._metrics
    map_ = font._map
    first = font._first
    n = len(map_)
    total = 0
    for ch in s:
        i = ord(ch) - first
        total += metrics[(map_[i] if 0 <= i < n else font.glyph(i + first)) * 3 + 2]
    if room <= 0 or total <= room:
        return total
    limit = room - font._mark_width
    x = end = 0
    for ch in s:
        i = ord(ch) - first
        x += metrics[(map_[i] if 0 <= i < n else font.glyph(i + first)) * 3 + 2]
        if x > limit:
            break
        if ch != " ":
            end = x
    return end + font._mark_width


def draw(canvas, font, s, x, y, colour, room=0):
    """Draws s with its box's top-left at (x, y) in colour; the background shows through.

    With room > 0 the text takes at most room pixels: a longer one is cut after the
    characters that fit and ends in MARK. Characters the font lacks are drawn as a
    hollow box. Returns x after the text.
    """
    metrics = font._metrics
    map_ = font._map
    first = font._first
    n = len(map_)
    slot_of = font._slot_of
    scratch = font._scratch
    cache = font._cache
    w = font.MAX_WIDTH
    key = colour ^ 1  # any value but colour
    _palette.pixel(0, 0, key)
    _palette.pixel(1, 0, colour)
    # One pass: the characters are drawn while they leave room for the mark after them.
    # At the first that does not, the rest is measured: the whole text is drawn when it
    # fits after all (rare: a few pixels short of the room), else the mark ends it.
    start = x
    limit = x + room - font._mark_width if room > 0 else _NO_LIMIT
    end = x
    over = False
    for ch in s:
        i = ord(ch) - first
        g = map_[i] if 0 <= i < n else font.glyph(i + first)
        k = g * 3
        if over or x + metrics[k + 2] > limit:
            over = True
            x += metrics[k + 2]
            continue
        if metrics[k]:  # a space has no ink
            slot = slot_of[g]
            if slot:
                scratch.blit(cache, (1 - slot) * w, 0)
            else:
                font.load(g)
            canvas.blit(scratch, x + metrics[k + 1] - _BIAS, y, key, _palette)
        x += metrics[k + 2]
        if ch != " ":
            end = x
    if not over:
        return x
    if x - start <= room:
        return draw(canvas, font, s, start, y, colour)
    g = font._mark
    k = g * 3
    font.load(g)
    canvas.blit(scratch, end + metrics[k + 1] - _BIAS, y, key, _palette)
    return end + metrics[k + 2]
