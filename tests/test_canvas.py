# Change detection of ui.canvas, on both runtimes: a frame's drawing calls are kept and
# matched with the last frame's, and the spans sent are the bands of the calls that
# changed; a frame drawn as it goes, or the first one kept, is sent whole. No band is
# summed (a crc32 of 2**30 or more was a long int on a 32-bit port: test_no_alloc).
# mp-heap: 96K  (an M5Stack frame, 38 KB)
import gc
import random

from ui.canvas import Canvas

# The boards' frames: T-Display, M5Stack, an OLED; and one whose last band is shorter.
SIZES = ((240, 135, False), (320, 240, False), (128, 64, True), (50, 30, False))


def _sent(canvas):
    # The spans of every slice, joined where one ends where the next starts.
    found = []
    for part in range(canvas.slices):
        canvas.top = part * canvas.rows
        n = canvas.changes()
        for k in range(0, n, 2):
            if found and found[-1] == canvas.spans[k]:
                found[-1] = canvas.spans[k + 1]
            else:
                found += [canvas.spans[k], canvas.spans[k + 1]]
    return found


def test_a_frame_drawn_as_it_goes_or_kept_first_is_sent_whole():
    for w, h, mono in SIZES:
        for rows in (0, 8, 24):
            canvas = Canvas(w, h, mono, rows)
            canvas.fill_rect(1, 2, 10, 10, 1)  # drawn as it goes: whole
            assert _sent(canvas) == [0, h], (w, h, rows)
            canvas.keep()
            canvas.fill_rect(1, 2, 10, 10, 1)
            assert canvas.stop() == 1 and _sent(canvas) == [0, h]  # no frame to match
            canvas.keep()
            canvas.fill_rect(1, 2, 10, 10, 1)
            assert canvas.stop() == 2  # the same calls: nothing to send
            canvas.keep()
            canvas.fill_rect(1, 9, 10, 10, 1)
            assert canvas.stop() == 1
            band = canvas.band_rows
            assert _sent(canvas) == [0, (19 + band - 1) // band * band], (w, h, rows)
            canvas.fill_rect(1, 2, 10, 10, 1)  # drawn as it goes: whole, and the next
            assert _sent(canvas) == [0, h]  # frame kept is matched with none
            canvas.keep()
            canvas.fill_rect(1, 9, 10, 10, 1)
            assert canvas.stop() == 1 and _sent(canvas) == [0, h]
            canvas.forget()  # the panel's content unknown: the next frame whole
            canvas.keep()
            canvas.fill_rect(1, 9, 10, 10, 1)
            assert canvas.stop() == 1 and _sent(canvas) == [0, h]
            del canvas
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
    sliced.drop()  # a screen closed: the calls' texts go
    assert not [x for x in sliced._kept_calls if type(x) is str]
    gc.collect()


def test_drawing_a_kept_frame_allocates_nothing():
    # Every slice drawn from the kept calls, its changes found: not a byte of heap (a
    # frame's allocation is what the screen makes once, never per slice), a frame that
    # changed included: compared call by call with the last one, no band is summed (on a
    # 32-bit port a changed band's crc32 was a long int three times in four: 24 B a band,
    # most of what a menu's cursor move allocated). The same calls again: the same frame.
    from heaplock import locked
    from ui import text

    font = text.font("medium")
    sliced = Canvas(240, 135, False, 8)
    texts = ["Envit %d" % i for i in range(24)]  # made before the heap is locked

    def frame(x):
        sliced.keep()
        for i in range(24):
            if i % 2:
                sliced.text(font, texts[i], x, i * 6, 1)
            else:
                sliced.fill_rect(x, i * 6, 50, 4, 2)
        kept = sliced.stop()
        for part in range(sliced.slices if kept != 2 else 0):  # App.render's slices
            sliced.top = part * sliced.rows
            sliced.fill(0)
            sliced.replay()
            sliced.changes()
        return kept

    assert frame(0) == 1  # the first: sent whole
    assert locked(lambda: frame(3)) == 1  # moved: compared with the last, call by call
    assert locked(lambda: frame(3)) == 2
    sliced.forget()  # the panel's content unknown: drawn again
    assert frame(3) == 1
    gc.collect()


def _frame(canvas, font, specs):
    for kind, x, y, w, h, colour in specs:
        if kind == 0:
            canvas.fill_rect(x, y, w, h, colour)
        elif kind == 1:
            canvas.rect(x, y, w, h, colour)
        else:
            canvas.text(font, "Truc %d" % w, x, y, colour, h)


def _spec(rng, w=240, h=135):
    # (kind, x, y, w, h, colour): a rectangle filled or not (h its height), or a text
    # (w its number, h its room; 0: none)
    return (rng.randrange(3), rng.randrange(-9, w), rng.randrange(-9, h),
            rng.randrange(1, 60), rng.randrange(0, 30), rng.randrange(9))


def _copy(panel, canvas, y0, y1):
    # What the panel gets for rows y0..y1 of the slice in the buffer.
    if canvas.mono:  # pages of 8 rows, never sliced
        panel[y0 // 8 * canvas.width:(y1 + 7) // 8 * canvas.width] = \
            canvas.buffer[y0 // 8 * canvas.width:(y1 + 7) // 8 * canvas.width]
    else:
        stride = (canvas.width + 1) // 2
        panel[y0 * stride:y1 * stride] = \
            canvas.buffer[(y0 - canvas.top) * stride:(y1 - canvas.top) * stride]


def test_kept_frames_reach_the_panel_whole_through_what_changed():
    # Frames that differ from the last by calls changed, put in or taken away (the calls
    # after them then in other places), now and then one of too many calls to keep, one
    # drawn as it goes (a fault page), a screen's texts let go (drop) or a panel whose
    # content is unknown: after every frame the panel (what the spans sent) holds what
    # the calls draw on a whole canvas, on every board's frame. And one call changed in
    # place sends the rows it met and meets, no more.
    from ui import text

    font = text.font("medium")
    random.seed(11)  # (an empty rectangle is no call: framebuf's drew a row above it)
    for w, h, mono, rows in ((240, 135, False, 8), (128, 64, True, 0), (50, 30, False, 8)):
        sliced = Canvas(w, h, mono, rows)
        whole = Canvas(w, h, mono)
        panel = bytearray(len(whole.buffer))
        specs = [_spec(random, w, h) for _ in range(12)]
        for frame in range(100):
            specs = list(specs)
            for _ in range(random.randrange(5)):
                i = random.randrange(len(specs) + 1)
                how = random.randrange(4)
                if how == 0 and i < len(specs):
                    specs[i] = _spec(random, w, h)
                elif how == 1:  # calls put in: the rest move on
                    for _ in range(random.randrange(1, 6)):
                        specs.insert(i, _spec(random, w, h))
                elif how == 2 and len(specs) > 1:  # taken away: the rest move back
                    del specs[i:i + random.randrange(1, 7)]
                elif specs:  # a call drawn again elsewhere in the frame
                    specs.insert(i, specs[random.randrange(len(specs))])
            specs = specs[:26] or [_spec(random, w, h)]
            many = frame % 17 == 5  # too many calls to keep: drawn slice by slice
            drawn = frame % 23 == 7  # drawn as it goes, never kept (ui.fault)
            if frame % 29 == 13:
                sliced.forget()
            if frame % 19 == 3:
                sliced.drop()
            calls = specs + [_spec(random, w, h) for _ in range(30)] if many else specs
            kept = 0
            if not drawn:
                sliced.keep()
                _frame(sliced, font, calls)
                kept = sliced.stop()
                assert kept == 0 if many else kept in (1, 2)
            whole.fill(0)
            _frame(whole, font, calls)
            for part in range(sliced.slices if kept != 2 else 0):
                sliced.top = part * sliced.rows
                sliced.fill(0)
                if kept == 1:
                    sliced.replay()
                else:
                    _frame(sliced, font, calls)
                n = sliced.changes()
                for k in range(0, n, 2):
                    _copy(panel, sliced, sliced.spans[k], sliced.spans[k + 1])
            assert panel == whole.buffer, (w, h, frame)
        del sliced, whole, panel
        gc.collect()
    sliced = Canvas(240, 135, False, 8)
    # One call changed in place: the bands of its old rows and its new ones are sent.
    calls = [(0, 0, 0, 240, 20, 3), (0, 10, 40, 30, 12, 4), (2, 4, 100, 7, 0, 1)]
    for moved in ((0, 10, 48, 30, 12, 4), (2, 4, 100, 8, 0, 1)):
        sliced.keep()
        _frame(sliced, font, calls)
        sliced.stop()
        _sent(sliced)
        i = 1 if moved[0] == 0 else 2
        sliced.keep()
        _frame(sliced, font, calls[:i] + [moved] + calls[i + 1:])
        assert sliced.stop() == 1
        bottom = 100 + font.HEIGHT  # the text's rows, to the end of their last band
        assert _sent(sliced) == ([40, 60] if i == 1 else [100, (bottom + 3) // 4 * 4])
    gc.collect()
