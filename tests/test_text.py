# ui.text and the generated fonts, on CPython (pytest) and the MicroPython unix port
# (tests/mp_run.py). Every check reads real pixels back from framebuf canvases.
# mp-heap: 128K  (a check reads a font file whole: the 320x240 digits are 17 KB)
import gc

import framebuf
from ui import text

small, medium = text.font("small"), text.font("medium")
digits_small, digits_large = text.font("digits_small"), text.font("digits_large")

TEXT_FONTS = (small, medium)
DIGIT_FONTS = (digits_small, digits_large)
ASCII = "".join(chr(c) for c in range(0x21, 0x7F))
ACCENTED = "àáèéíïòóúüçñÀÁÈÉÍÏÒÓÚÜÇÑŀĿ"
PUNCTUATION = "·¡¿«»’"
DIGITS = "0123456789+-:/"
# Letters that must not look alike: each accent against its base and its neighbours.
LOOKALIKES = ("aàá", "eèé", "iíï", "oòó", "uúü", "cç", "nñ", "AÀÁ", "EÈÉ", "IÍÏ", "OÒÓ",
              "UÚÜ", "CÇ", "NÑ", "lŀ", "LĿ", "!¡", "?¿", "'’", "<«", ">»", "«»", ".·", "-·")


def gs4(w, h, bg=0, stride=None):
    stride = stride or w
    buf = bytearray(((stride + 1) // 2) * h)
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.GS4_HMSB, stride)
    fb.fill(bg)
    return buf, fb


def mono(w, h, bg=0):
    buf = bytearray(w * ((h + 7) // 8))
    fb = framebuf.FrameBuffer(buf, w, h, framebuf.MONO_VLSB)
    fb.fill(bg)
    return buf, fb


def ink(fb, w, h, bg=0):
    return [(x, y) for y in range(h) for x in range(w) if fb.pixel(x, y) != bg]


def ink_rows(fb, w, h):
    """(first, last) row holding a lit pixel, or None; no list, so big glyphs fit the heap."""
    first = last = None
    for y in range(h):
        for x in range(w):
            if fb.pixel(x, y):
                if first is None:
                    first = y
                last = y
                break
    return None if first is None else (first, last)


MARGIN = 4


def glyph_canvas(font):
    # Room for any glyph drawn at (MARGIN, MARGIN), with margins to catch strays. MONO_VLSB
    # keeps big-digit snapshots small; the GS4 path gets the same pixels (tested below).
    w, h = font.MAX_WIDTH + 2 * MARGIN, font.HEIGHT + 2 * MARGIN
    buf, fb = mono(w, h)
    return buf, fb, w, h


def snapshot(font, s):
    buf, fb, _, _ = glyph_canvas(font)
    text.draw(fb, font, s, MARGIN, MARGIN, 1)
    return bytes(buf)


def placeholder_snapshot(font):
    return snapshot(font, "\u20ac")  # no font here has the euro sign


def test_every_text_character_has_its_own_ink():
    for font in TEXT_FONTS:
        blank = bytes(len(placeholder_snapshot(font)))
        unknown = placeholder_snapshot(font)
        for ch in ASCII + ACCENTED + PUNCTUATION:
            shot = snapshot(font, ch)
            assert shot != blank, "%r draws nothing" % ch
            assert shot != unknown, "%r is missing from the font" % ch


def test_accents_and_lookalikes_differ():
    for font in TEXT_FONTS:
        for group in LOOKALIKES:
            shots = [snapshot(font, ch) for ch in group]
            for i in range(len(group)):
                for j in range(i + 1, len(group)):
                    assert shots[i] != shots[j], "%r looks like %r" % (group[i], group[j])
        everything = [snapshot(font, ch) for ch in ACCENTED + PUNCTUATION]
        assert len(set(everything)) == len(everything)


_READ = [None, None]  # the font file file_glyph read last: its name and bytes


def file_glyph(name, ch):
    """(ink width, left bearing, bitmap, stride) of ch read straight from the font file,
    or None when the file's MAP has no glyph for it."""
    if _READ[0] != name:  # one file held at a time: read again, each would fragment the heap
        from ui import open_data

        _READ[1] = None
        gc.collect()
        with open_data("ui/fonts/%s.bin" % name) as f:
            _READ[1] = f.read()
        _READ[0] = name
    data = _READ[1]
    first, map_len, wide, glyphs = data[7], data[8], data[9], data[6]
    size = data[12] | data[13] << 8
    i = ord(ch) - first
    if not 0 <= i < map_len or data[16 + i] == 255:
        return None
    g = data[16 + i]
    metrics = 16 + map_len + 2 * wide
    bitmaps = metrics + 3 * glyphs
    m = data[metrics + 3 * g:metrics + 3 * g + 3]
    return m[0], m[1] - 128, data[bitmaps + g * size:bitmaps + (g + 1) * size], \
        (data[5] + 7) // 8


def test_drawn_pixels_are_the_font_bitmaps():
    # Decodes the font file independently of ui.text: MAP -> METRICS -> BITMAPS bits,
    # placed at pen + bearing; nothing else may be lit.
    for name in ("small", "medium", "large", "digits_small", "digits_large", "digits_huge"):
        font = text.font(name)
        for ch in "gjÑ¿W’0" + DIGITS:
            found = file_glyph(name, ch)
            if found is None:
                continue  # not in this font (WIDE ones are checked elsewhere)
            gw, left, bitmap, stride = found
            _, fb, w, h = glyph_canvas(font)
            text.draw(fb, font, ch, MARGIN, MARGIN, 1)
            lit = 0
            for y in range(h):
                for x in range(w):
                    col, row = x - MARGIN - left, y - MARGIN
                    inside = 0 <= col < gw and 0 <= row < font.HEIGHT
                    expected = (bitmap[row * stride + (col >> 3)] >> (7 - (col & 7))) & 1 \
                        if inside else 0
                    assert fb.pixel(x, y) == expected, "%r at %d,%d" % (ch, x, y)
                    lit += expected
            assert lit, ch


def test_glyph_ink_stays_inside_the_box():
    for font in TEXT_FONTS + DIGIT_FONTS:
        for ch in ASCII + ACCENTED + PUNCTUATION + "\u20ac":
            _, fb, w, h = glyph_canvas(font)
            end = text.draw(fb, font, ch, MARGIN, MARGIN, 1)
            rows = ink_rows(fb, w, h)
            if rows:
                assert MARGIN <= rows[0] and rows[1] < MARGIN + font.HEIGHT, \
                    "%r: rows %r" % (ch, rows)
            for y in range(h):  # nothing left of the pen: text really starts at x
                for x in range(MARGIN):
                    assert not fb.pixel(x, y), "%r paints left of x" % ch
            assert end > MARGIN


def test_line_heights():
    assert 10 <= small.HEIGHT <= 12 and 7 <= small.BASELINE < small.HEIGHT
    assert 14 <= medium.HEIGHT <= 16 and 11 <= medium.BASELINE < medium.HEIGHT


def test_width_is_the_sum_of_advances():
    s = "Truc, envit i falta: ¿sí? «Col·lecció» l’as"
    for font in TEXT_FONTS + DIGIT_FONTS:
        assert text.width(font, "") == 0
        total = 0
        for ch in s:
            total += text.width(font, ch)
        assert text.width(font, s) == total
        assert text.width(font, "iW") == text.width(font, "i") + text.width(font, "W")
        _, fb = gs4(16, 16)
        assert text.draw(fb, font, s, 7, 3, 1) == 7 + total
        assert text.draw(fb, font, "", 7, 3, 1) == 7
    assert text.width(medium, "W") > text.width(medium, "i")  # proportional


def test_clipping_leaves_the_rest_of_the_buffer_untouched():
    # A 40x20 canvas whose rows are 48 pixels apart and whose buffer runs 2 rows long:
    # the extra columns and rows belong to no canvas pixel and must keep their value.
    w, h, stride = 40, 20, 48
    buf = bytearray(stride // 2 * (h + 2))
    whole = framebuf.FrameBuffer(buf, stride, h + 2, framebuf.GS4_HMSB)
    whole.fill(7)
    canvas = framebuf.FrameBuffer(buf, w, h, framebuf.GS4_HMSB, stride)
    canvas.fill(0)
    s = "Ñ¿Wg’j"
    for x, y in ((-9, 2), (30, 2), (3, -9), (3, 12), (-6, -7), (33, 14)):
        text.draw(canvas, medium, s, x, y, 15)
        text.draw(canvas, digits_large, "8/8", x, y, 15)
    for yy in range(h + 2):
        for xx in range(stride):
            if xx >= w or yy >= h:
                assert whole.pixel(xx, yy) == 7, "wrote outside the canvas at %d,%d" % (xx, yy)


def test_clipped_text_matches_the_unclipped_part():
    # Each small canvas is a window onto the reference at (dx, dy), narrower than the text,
    # with the text placed so that it runs off one or two of its edges.
    s = "Ça ñ!"
    ref_w, ref_h = text.width(medium, s) + 8, medium.HEIGHT + 8
    _, ref = gs4(ref_w, ref_h)
    text.draw(ref, medium, s, 4, 4, 1)
    w, h = ref_w - 10, medium.HEIGHT
    for dx, dy in ((9, 0), (12, 6), (-3, -9), (0, 10), (20, -5)):
        _, fb = gs4(w, h)
        text.draw(fb, medium, s, 4 - dx, 4 - dy, 1)
        for y in range(h):
            for x in range(w):
                rx, ry = x + dx, y + dy
                inside = 0 <= rx < ref_w and 0 <= ry < ref_h
                expected = ref.pixel(rx, ry) if inside else 0
                assert fb.pixel(x, y) == expected, "pixel %d,%d at shift %d,%d" % (x, y, dx, dy)


def test_far_off_canvas_draws_nothing():
    buf, fb = gs4(32, 16)
    for x, y in ((-1000, 0), (1000, 0), (0, -1000), (0, 1000), (-100, -100)):
        assert text.draw(fb, medium, "Hola", x, y, 3) == x + text.width(medium, "Hola")
    assert buf == bytearray(len(buf))


def test_background_shows_through():
    s = "Envit ç"
    w, h = text.width(medium, s) + 4, medium.HEIGHT + 4
    _, ref = gs4(w, h)
    text.draw(ref, medium, s, 2, 2, 1)
    inked = ink(ref, w, h)
    assert inked
    _, fb = gs4(w, h)
    for y in range(h):  # a two-colour checkerboard under the text
        for x in range(w):
            fb.pixel(x, y, 3 if (x + y) & 1 else 12)
    text.draw(fb, medium, s, 2, 2, 9)
    inked = set(inked)
    for y in range(h):
        for x in range(w):
            if (x, y) in inked:
                assert fb.pixel(x, y) == 9
            else:
                assert fb.pixel(x, y) == (3 if (x + y) & 1 else 12)


def test_colour_is_the_given_palette_index():
    s = "Sí"
    w, h = text.width(medium, s) + 2, medium.HEIGHT
    _, ref = gs4(w, h)
    text.draw(ref, medium, s, 1, 0, 1)
    expected = ink(ref, w, h)
    for colour, bg in ((1, 0), (5, 0), (15, 2), (0, 15), (14, 15), (1, 15)):
        _, fb = gs4(w, h, bg)
        text.draw(fb, medium, s, 1, 0, colour)
        assert ink(fb, w, h, bg) == expected, "colour %d on %d" % (colour, bg)
        for x, y in expected:
            assert fb.pixel(x, y) == colour


def test_mono_vlsb_canvas_gets_the_same_pixels():
    s = "Truc! l·l ¿Què?"
    _, grey = gs4(128, 16)
    text.draw(grey, small, s, -2, 3, 1)
    buf, fb = mono(128, 16)
    assert text.draw(fb, small, s, -2, 3, 1) == -2 + text.width(small, s)
    count = 0
    for y in range(16):
        for x in range(128):
            assert fb.pixel(x, y) == grey.pixel(x, y)
            count += fb.pixel(x, y)
    assert count > 50
    # Dark text on a lit OLED: colour 0 clears exactly the same pixels.
    buf, fb = mono(128, 16, 1)
    text.draw(fb, small, s, -2, 3, 0)
    for y in range(16):
        for x in range(128):
            assert fb.pixel(x, y) == 1 - grey.pixel(x, y)


def test_unknown_characters_draw_a_placeholder():
    for font in TEXT_FONTS + DIGIT_FONTS:
        unknown = placeholder_snapshot(font)
        assert unknown != bytes(len(unknown))
        for ch in ("字", "\n", "\x00", "\x7f", "\u0100", "\U0001F600", "\u2018"):
            assert snapshot(font, ch) == unknown, "%r" % ch
            assert text.width(font, ch) == text.width(font, "\u20ac") > 0
    assert snapshot(digits_large, "a") == placeholder_snapshot(digits_large)
    assert snapshot(small, "a") != placeholder_snapshot(small)


def digit_rows(font, ch):
    _, fb, w, h = glyph_canvas(font)
    text.draw(fb, font, ch, MARGIN, MARGIN, 1)
    first, last = ink_rows(fb, w, h)
    return last - first + 1


def test_large_digits_render_at_score_sizes():
    for font, low, high in ((digits_large, 40, 48), (digits_small, 24, 28)):
        blank = bytes(len(placeholder_snapshot(font)))
        shots = [snapshot(font, ch) for ch in DIGITS]
        assert blank not in shots and placeholder_snapshot(font) not in shots
        assert len(set(shots)) == len(DIGITS)
        for ch in "0123456789":
            assert low <= digit_rows(font, ch) <= high, "%r is %d rows" % (ch, digit_rows(font, ch))
        # Same advance for every digit, so a changing score does not shift sideways.
        assert len(set(text.width(font, ch) for ch in "0123456789")) == 1


def test_scores_fit_their_screens():
    assert text.width(digits_large, "30:30") <= 240
    assert text.width(digits_small, "30:30") <= 128
    assert digits_large.HEIGHT <= 135 // 2 and digits_small.HEIGHT <= 64 // 2


def test_draw_allocates_nothing():
    if not hasattr(gc, "mem_alloc"):  # CPython has no such counter
        return
    _, fb = gs4(240, 20)
    s = "Truc! Envit: 3 à ç ñ"
    assert len(s) == 20
    for font in TEXT_FONTS + DIGIT_FONTS:
        text.draw(fb, font, s, 0, 0, 5)  # first use builds the font's state
        gc.collect()
        before = gc.mem_alloc()
        for _ in range(5):
            text.draw(fb, font, s, 0, 0, 5)
            text.width(font, s)
        assert gc.mem_alloc() - before == 0


def test_a_text_wider_than_its_room_is_cut_and_ends_in_a_full_stop():
    for font in TEXT_FONTS:
        s = "10 de espadas"
        full = text.width(font, s)
        room = full - 5
        fitted = text.width(font, s, room)
        assert fitted <= room
        assert fitted == text.width(font, "10 de espad.")  # the mark after what fits
        _, fb = gs4(full + 8, font.HEIGHT)
        assert text.draw(fb, font, s, 0, 0, 1, room) == fitted
        assert all(x < room for x, _ in ink(fb, full + 8, font.HEIGHT))
        _, expected = gs4(full + 8, font.HEIGHT)
        text.draw(expected, font, "10 de espad.", 0, 0, 1)
        assert ink(fb, full + 8, font.HEIGHT) == ink(expected, full + 8, font.HEIGHT)
        # A text that fits is drawn whole; a cut before a space leaves the space out.
        assert text.width(font, s, full) == full
        room = text.width(font, "10 de.")
        assert text.width(font, s, room) == text.width(font, "10 de.")
        assert text.width(font, s, room + 1) == text.width(font, "10 de.")


def test_fitted_draw_allocates_nothing():
    if not hasattr(gc, "mem_alloc"):  # CPython has no such counter
        return
    _, fb = gs4(240, 20)
    s = "Gana el equipo A: asiento 1"
    for font in TEXT_FONTS:
        text.draw(fb, font, s, 0, 0, 5, 60)
        gc.collect()
        before = gc.mem_alloc()
        for _ in range(5):
            text.draw(fb, font, s, 0, 0, 5, 60)
            text.width(font, s, 60)
        assert gc.mem_alloc() - before == 0
