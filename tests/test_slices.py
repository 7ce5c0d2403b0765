# A canvas that holds a slice of the frame (ui.canvas rows): the app draws each slice and
# sends what changed in it, and the panel ends up with exactly the frame a whole canvas
# holds, for every main screen, first frames and changes after presses alike.
# mp-heap: 512K
from binascii import crc32

from goldens import GOLDENS
from tools.scenes import SCENES, build
from app.i18n import LANGUAGES
from ui import events as E
from ui.canvas import Canvas

W, H = 240, 135
STRIDE = (W + 1) // 2
_WHOLE = Canvas(W, H)
_SLICED = {}  # rows -> Canvas, made once (a fresh canvas per check fragments the heap)


class Panel:
    """The panel's memory: the rows each show() sent, copied from the slice in the
    canvas's buffer."""

    def __init__(self):
        self.memory = bytearray(STRIDE * H)
        self.rows_sent = 0

    def show(self, canvas, x, y, w, h):
        assert x == 0 and w == W and canvas.top <= y and y + h <= canvas.top + canvas.rows
        at = (y - canvas.top) * STRIDE
        self.memory[y * STRIDE:(y + h) * STRIDE] = memoryview(canvas.buffer)[at:at + h * STRIDE]
        self.rows_sent += h


def _sliced(rows):
    c = _SLICED.get(rows)
    if c is None:
        c = _SLICED[rows] = Canvas(W, H, rows=rows)
    return c


def _whole_frame(app):
    # The frame a whole canvas draws for the app as it is now.
    sliced, panel = app.canvas, app.display
    app.canvas, app.display = _WHOLE, None
    _WHOLE.forget()
    app.render()
    app.canvas, app.display = sliced, panel
    return bytes(_WHOLE.buffer)


def test_a_slice_is_a_whole_number_of_bands_and_the_slices_cover_the_frame():
    for rows, held, slices in ((0, 135, 1), (4, 4, 34), (45, 48, 3), (68, 68, 2), (200, 135, 1)):
        c = _sliced(rows) if rows else _WHOLE
        assert (c.rows, c.slices, len(c.buffer)) == (held, slices, STRIDE * held), rows
    oled = Canvas(128, 64, True, rows=16)
    assert (oled.rows, oled.slices) == (64, 1)  # 1 KB: never sliced


def test_every_main_screen_reaches_the_panel_whole_through_slices():
    for rows in (8, 24, 68, 4):  # 8: the device's (main.CANVAS_ROWS)
        canvas = _sliced(rows)
        for language in LANGUAGES:
            for name, _ in SCENES:
                panel = Panel()
                build(canvas, name, language,
                      before_render=lambda app: setattr(app, "display", panel))
                assert crc32(panel.memory) == GOLDENS["%s-tdisplay-%s" % (name, language)], \
                    (rows, name, language)
                assert panel.rows_sent == H  # the first frame: every row, once


def test_after_presses_the_panel_holds_the_frame_and_only_changed_rows_were_sent():
    presses = (E.NEXT, E.PREV, E.SELECT, E.NEXT, E.NEXT, E.BACK, E.PREV2, E.NEXT, E.SELECT,
               E.BACK, E.BACK, E.NEXT2)
    for rows in (8, 48, 28):
        canvas = _sliced(rows)
        for name in ("scoreboard", "actions", "menu", "assistant", "new-match"):
            panel = Panel()
            app = build(canvas, name, "en",
                        before_render=lambda app: setattr(app, "display", panel))
            for e in presses:
                before = bytes(panel.memory)
                panel.rows_sent = 0
                app.event(e)
                app.render()
                frame = _whole_frame(app)
                assert panel.memory == frame, (rows, name, e)
                differ = sum(1 for y in range(H)
                             if frame[y * STRIDE:(y + 1) * STRIDE]
                             != before[y * STRIDE:(y + 1) * STRIDE])
                # whole bands of 4 rows go: at least the rows that differ, none unchanged
                # beyond the bands they sit in
                assert differ <= panel.rows_sent <= 4 * differ, (rows, name, e)
                sent = panel.rows_sent
                app.render()  # nothing changed since: nothing sent
                assert panel.rows_sent == sent


def test_a_screen_draws_once_a_frame_whatever_the_slices():
    # Its texts are made once a frame (App.render keeps its drawing for every slice); a
    # screen that draws more than a frame keeps is drawn slice by slice, whole all the same.
    from app.app import Screen

    class Many(Screen):
        draws = 0

        def draw(self, app, c):
            self.draws += 1
            for i in range(50):  # more calls than a kept frame holds
                c.fill_rect(i * 4, i * 2, 3, 3, 1)

    canvas = _sliced(8)  # the device's
    panel = Panel()
    app = build(canvas, "scoreboard", "en",
                before_render=lambda app: setattr(app, "display", panel))
    screen = app.top()
    counted = screen.draw  # the scoreboard's frames, counted
    drawn = []

    def draw(app, c):
        drawn.append(1)
        counted(app, c)

    screen.draw = draw
    app.event(E.NEXT)
    app.render()
    assert len(drawn) == 1 and canvas.slices == 17
    assert panel.memory == _whole_frame(app)
    del screen.draw
    many = Many()
    app.stack.append(many)
    app.render()
    assert many.draws == 1 + canvas.slices  # kept once, too many: then each slice draws
    assert panel.memory == _whole_frame(app)
    app.stack.pop()


def test_a_frame_whose_drawing_ran_out_of_heap_is_sent_whole_next():
    # Its calls were kept, and the panel never got them: the next frame is not matched
    # with them (the loop's recovery leaves the scoreboard as it is; here the same frame
    # drawn again would have been taken for the one the panel shows, and nothing sent).
    canvas = _sliced(8)
    panel = Panel()
    app = build(canvas, "actions", "en",
                before_render=lambda app: setattr(app, "display", panel))
    app.render()
    screen = app.top()
    draw = type(screen).draw

    def out_of_heap(self, app, c):
        draw(self, app, c)  # every call kept, then the heap runs out
        raise MemoryError("memory allocation failed")

    app.event(E.NEXT)  # the cursor moves: the frame changes
    type(screen).draw = out_of_heap
    raised = False
    try:
        app.render()
    except MemoryError:
        raised = True
    finally:
        type(screen).draw = draw
    assert raised
    app.render()
    assert panel.memory == _whole_frame(app)
