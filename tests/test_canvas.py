# Change detection of ui.canvas, on both runtimes: the spans it finds, and the band sums
# it keeps, which must stay small ints (on a 32-bit port a sum of 2**30 or more is a long
# int, made anew at every frame: test_no_alloc counts the bytes).
# mp-heap: 96K  (an M5Stack frame, 38 KB)
import gc
import random
from binascii import crc32

from ui.canvas import Canvas

# The boards' frames: T-Display, M5Stack, an OLED; and one whose last band is shorter.
SIZES = ((240, 135, False), (320, 240, False), (128, 64, True), (50, 30, False))


def _scribble(canvas, w, h):
    for _ in range(3):
        canvas.fill_rect(random.randrange(w), random.randrange(h), random.randrange(1, 60),
                         random.randrange(1, 30), random.randrange(9))


def test_band_sums_stay_small_ints_and_match_their_bands():
    random.seed(7)
    for w, h, mono in SIZES:
        canvas = Canvas(w, h, mono)
        for frame in range(60):
            _scribble(canvas, w, h)
            canvas.changes()
            for band, start, s in zip(canvas._bands, canvas._starts, canvas._sums):
                assert 0 <= s < 1 << 30, (w, h, frame, s)
                assert s == crc32(band, start), (w, h, frame)
            assert canvas.changes() == 0, (w, h, frame)  # a sum moved: a change seen twice
        del canvas
        gc.collect()


def test_changes_finds_the_bands_that_differ_and_only_those():
    random.seed(8)
    for w, h, mono in SIZES[:1] + SIZES[2:]:  # an M5Stack frame and a copy: over the cap
        canvas = Canvas(w, h, mono)
        rows = canvas.band_rows
        shadow = bytearray(canvas.buffer)  # what the panel has
        assert canvas.changes() == 2 and list(canvas.spans[:2]) == [0, h]  # all unknown
        for _ in range(40):
            _scribble(canvas, w, h)
            n = canvas.changes()
            per_band = len(canvas.buffer) * rows // h if not mono else w
            differ = [canvas.buffer[i:i + per_band] != shadow[i:i + per_band]
                      for i in range(0, len(shadow), per_band)]
            found = [False] * len(differ)
            for k in range(0, n, 2):
                for b in range(canvas.spans[k] // rows, (canvas.spans[k + 1] + rows - 1) // rows):
                    found[b] = True
            assert found == differ, (w, h)
            shadow[:] = canvas.buffer
        canvas.forget()
        assert canvas.changes() == 2 and list(canvas.spans[:2]) == [0, h]
        del canvas, shadow
        gc.collect()


def test_shows_says_which_rows_meet_the_slice_in_the_buffer():
    canvas = Canvas(240, 135, False, 48)
    canvas.top = 48  # the second slice: rows 48..95
    assert canvas.shows(48, 1) and canvas.shows(95, 1) and canvas.shows(40, 9)
    assert canvas.shows(90, 16) and canvas.shows(0, 135)
    assert not canvas.shows(32, 16) and not canvas.shows(96, 16) and not canvas.shows(47, 1)
    whole = Canvas(128, 64, True, 16)  # a monochrome canvas is never sliced
    assert whole.shows(0, 1) and whole.shows(63, 1)
    gc.collect()


def _calls(canvas, font, n):
    # n drawing calls of every kind, texts included, over the whole frame
    random.seed(n)
    for i in range(n):
        x, y, colour = random.randrange(-9, 240), random.randrange(-9, 135), random.randrange(9)
        kind = i % 4
        if kind == 0:
            canvas.fill_rect(x, y, random.randrange(1, 60), random.randrange(1, 30), colour)
        elif kind == 1:
            canvas.rect(x, y, random.randrange(1, 60), random.randrange(1, 30), colour)
        elif kind == 2:
            canvas.hline(x, y, random.randrange(1, 90), colour)
        else:
            end = canvas.text(font, "Envit %d" % i, x, y, colour, random.randrange(0, 50))
            assert end == x + canvas.text_width(font, "Envit %d" % i, 0) or end > x


def test_a_kept_frame_draws_every_slice_as_the_calls_would_have():
    # App.render: the screen draws once, each slice is drawn from the calls kept; a frame
    # of more calls than are kept is not kept (the screen then draws slice by slice).
    from ui import text

    font = text.font("medium")
    whole = Canvas(240, 135)
    sliced = Canvas(240, 135, False, 24)
    for n, kept in ((20, True), (28, True), (60, False)):
        whole.fill(0)
        _calls(whole, font, n)
        sliced.keep()
        _calls(sliced, font, n)
        assert (sliced.stop() != 0) == kept, n
        if not kept:
            continue
        stride = 120
        for part in range(sliced.slices):
            sliced.top = part * sliced.rows
            sliced.fill(0)
            sliced.replay()
            rows = min(sliced.rows, 135 - sliced.top)
            assert sliced.buffer[:rows * stride] == \
                whole.buffer[sliced.top * stride:(sliced.top + rows) * stride], (n, part)
    sliced.drop()  # a screen closed: the calls and their texts go
    assert sliced.stop() == 1 and not any(sliced._kept_calls)
    whole.keep()  # a canvas never sliced keeps nothing: its screen draws as it goes
    _calls(whole, font, 3)
    assert whole.stop() == 0 and whole._kept_calls == []
    gc.collect()


def test_drawing_a_kept_frame_allocates_nothing():
    # Every slice drawn from the kept calls, its changes found: not a byte of heap (a
    # frame's allocation is what the screen makes once, never per slice); the same calls
    # kept again are seen to be the same frame.
    from heaplock import locked
    from ui import text

    font = text.font("medium")
    sliced = Canvas(240, 135, False, 8)
    sliced.keep()
    _calls(sliced, font, 24)
    assert sliced.stop() == 1

    def slices():
        for part in range(sliced.slices):
            sliced.top = part * sliced.rows
            sliced.fill(0)
            sliced.replay()
            sliced.changes()
        return True

    slices()  # the first sums: a band that changed may make a long int on a 32-bit port
    assert locked(slices)
    sliced.keep()
    _calls(sliced, font, 24)  # the same calls, the same texts
    assert sliced.stop() == 2
    sliced.forget()  # the panel's content unknown: drawn again
    sliced.keep()
    _calls(sliced, font, 24)
    assert sliced.stop() == 1
