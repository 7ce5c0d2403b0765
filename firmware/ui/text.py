# Text drawing with the bitmap fonts of ui.fonts (format: see tools/fontconv.py).
#
# Each glyph goes through two blits, so drawing allocates nothing:
#   1. the font's atlas (a FrameBuffer over its bytes, left in flash) is blitted into a
#      preallocated scratch FrameBuffer at minus the glyph's atlas x: the scratch's own
#      edges cut out that glyph; columns past the glyph's width are then cleared;
#   2. the scratch is blitted onto the canvas through a 2-entry palette (0 -> key,
#      1 -> colour) with that key transparent, which works for any canvas format
#      (GS4_HMSB, MONO_VLSB, RGB565...) and clips at the canvas edges.
import framebuf
from micropython import const

_FORMAT = const(1)        # the font module format this code reads
_NO_GLYPH = const(255)    # MAP entry of a code point the font lacks
_BIAS = const(128)        # left bearings are stored + 128 to fit an unsigned byte
_METRICS = const(5)       # METRICS bytes a glyph: x lo, x hi, width, bearing, advance
MARK = "."  # ends a text shortened to fit its room (every text font has it)

# Palette entry 0 is the transparent key, entry 1 the colour. RGB565 holds any colour
# value a canvas can take. blit compares the key with the palette-mapped colour.
_palette = framebuf.FrameBuffer(bytearray(4), 2, 1, framebuf.RGB565)
_fonts = {}  # font module -> its drawing state (a tuple), made on first use


def _flash_view(data):
    # FrameBuffer wants a writable buffer and bytes is read-only: a bytearray over the
    # same memory lets the atlas stay in flash. Nothing ever writes to it.
    try:
        import uctypes
    except ImportError:  # CPython: memory is plentiful, a copy will do
        return bytearray(data)
    return uctypes.bytearray_at(uctypes.addressof(data), len(data))


def _state(font):
    state = _fonts.get(font)
    if state is None:
        if font.FORMAT != _FORMAT:
            raise ValueError("font format %d, expected %d" % (font.FORMAT, _FORMAT))
        height = font.HEIGHT
        max_width = font.MAX_WIDTH
        atlas = framebuf.FrameBuffer(_flash_view(font.ATLAS), font.ATLAS_WIDTH, height,
                                     framebuf.MONO_HLSB)
        scratch = framebuf.FrameBuffer(bytearray(((max_width + 7) >> 3) * height),
                                       max_width, height, framebuf.MONO_HLSB)
        state = (atlas, scratch, font.METRICS, font.MAP, font.MAP_FIRST, len(font.MAP),
                 font.WIDE, font.WIDE_FIRST, font.PLACEHOLDER, max_width, height)
        _fonts[font] = state
    return state


def _glyph(code, map_, map_first, map_len, wide, wide_first, placeholder):
    i = code - map_first
    if 0 <= i < map_len:
        g = map_[i]
        return placeholder if g == _NO_GLYPH else g
    k = 0
    n = len(wide)
    while k < n:  # a handful of entries: a scan beats a search
        if (wide[k] << 8 | wide[k + 1]) == code:
            return wide_first + (k >> 1)
        k += 2
    return placeholder


def _mark(map_, map_first):
    # The glyph that marks a shortened text: a full stop, as in an abbreviation ("espad.").
    return map_[ord(MARK) - map_first]


def width(font, s, room=0):
    """Width in pixels of s drawn in font (the sum of the advances); with room > 0, of s
    as draw() fits it into room pixels."""
    (_, _, metrics, map_, map_first, map_len, wide, wide_first, placeholder,
     _, _) = _state(font)
    total = 0
    for ch in s:
        g = _glyph(ord(ch), map_, map_first, map_len, wide, wide_first, placeholder)
        total += metrics[g * _METRICS + 4]
    if room <= 0 or total <= room:
        return total
    mark = metrics[_mark(map_, map_first) * _METRICS + 4]
    x = end = 0
    for ch in s:
        g = _glyph(ord(ch), map_, map_first, map_len, wide, wide_first, placeholder)
        x += metrics[g * _METRICS + 4]
        if x + mark > room:
            break
        if ch != " ":
            end = x
    return end + mark


def _blit(canvas, atlas, scratch, metrics, g, x, y, key, max_width, height):
    k = g * _METRICS
    w = metrics[k + 2]
    if w:  # a space has no ink
        scratch.blit(atlas, -(metrics[k] | metrics[k + 1] << 8), 0)
        if w < max_width:  # the next glyphs of the atlas came along
            scratch.fill_rect(w, 0, max_width - w, height, 0)
        canvas.blit(scratch, x + metrics[k + 3] - _BIAS, y, key, _palette)
    return x + metrics[k + 4]


def draw(canvas, font, s, x, y, colour, room=0):
    """Draws s with its box's top-left at (x, y) in colour; the background shows through.

    With room > 0 the text takes at most room pixels: a longer one is cut after the
    characters that fit and ends in MARK. Characters the font lacks are drawn as a
    hollow box. Returns x after the text.
    """
    (atlas, scratch, metrics, map_, map_first, map_len, wide, wide_first, placeholder,
     max_width, height) = _state(font)
    key = colour ^ 1  # any value but colour
    _palette.pixel(0, 0, key)
    _palette.pixel(1, 0, colour)
    cut = room > 0 and width(font, s) > room
    limit = x + room - metrics[_mark(map_, map_first) * _METRICS + 4] if cut else 0
    end = x
    for ch in s:
        g = _glyph(ord(ch), map_, map_first, map_len, wide, wide_first, placeholder)
        if cut and x + metrics[g * _METRICS + 4] > limit:
            break
        x = _blit(canvas, atlas, scratch, metrics, g, x, y, key, max_width, height)
        if ch != " ":
            end = x
    if cut:  # after the last character drawn, its trailing spaces left out
        x = _blit(canvas, atlas, scratch, metrics, _mark(map_, map_first), end, y, key,
                  max_width, height)
    return x
